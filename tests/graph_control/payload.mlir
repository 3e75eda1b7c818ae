// The executable-payload form of control_for / control_while / control_if
// (docs/ops/graph/control-flow.md, "Executable payload"): each body is an op list in attributes
// next to a stub declaration. Ids: the operands, then (loops) the live carry, then one per entry.
func.func private @for_stub(tensor<2x4xf32>) -> tensor<2x4xf32>
func.func private @while_body()
func.func private @while_cond()
func.func private @then_stub()
func.func private @else_stub()

func.func @main(%init: tensor<2x4xf32>, %w: tensor<4x4xf32>, %lim: tensor<4xf32>,
                %c: tensor<4xf32>, %flag: tensor<1xf32>, %x: tensor<2x4xf32>)
    -> (tensor<2x4xf32>, tensor<4xf32>, tensor<2x4xf32>) {
  // carry = sigmoid(rmsnorm(tanh(carry @ w^T)) - init). Ids: 0 init, 1 w, 2 carry, then
  //   3 = matmul(2, 1) with transposeB (iattr 2), 4 = tanh(3), 5 = rmsnorm(4) eps 0.25,
  //   6 = sub(5, 0) (the loop-entry value of init), 7 = sigmoid(6)
  %f = "tessera.control_for"(%init, %w) {
    body = @for_stub, start = 1 : i64, stop = 8 : i64, step = 3 : i64, carry_arg_index = 0 : i64,
    body_opcodes = array<i32: 0, 22, 11, 2, 21>, body_in0 = array<i32: 2, 3, 4, 5, 6>,
    body_in1 = array<i32: 1, -1, -1, 0, -1>, body_iattr = array<i32: 2, 0, 0, 0, 0>,
    body_fattr = array<f32: 0.0, 0.0, 0.25, 0.0, 0.0>, body_out_id = 7 : i64
  } : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  // while lim - carry has a positive first element: carry = carry + carry. Ids: 0 c, 1 lim, 2 carry.
  %wv = "tessera.control_while"(%c, %lim) {
    body = @while_body, cond = @while_cond, carry_arg_index = 0 : i64, max_iters = 20 : i64,
    body_opcodes = array<i32: 1>, body_in0 = array<i32: 2>, body_in1 = array<i32: 2>,
    body_out_id = 3 : i64,
    cond_opcodes = array<i32: 2>, cond_in0 = array<i32: 1>, cond_in1 = array<i32: 2>,
    cond_out_id = 3 : i64
  } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // then: softmax(gelu(x) / x); else: layer_norm(relu(x) * silu(x)) eps 0.5. Ids: 0 flag, 1 x.
  %i = "tessera.control_if"(%flag, %x) {
    then_branch = @then_stub, else_branch = @else_stub, flag_arg_index = 0 : i64,
    then_opcodes = array<i32: 24, 4, 10>, then_in0 = array<i32: 1, 2, 3>,
    then_in1 = array<i32: -1, 1, -1>, then_out_id = 4 : i64,
    else_opcodes = array<i32: 20, 23, 3, 12>, else_in0 = array<i32: 1, 1, 2, 4>,
    else_in1 = array<i32: -1, -1, 3, -1>, else_fattr = array<f32: 0.0, 0.0, 0.0, 0.5>,
    else_out_id = 5 : i64
  } : (tensor<1xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %f, %wv, %i : tensor<2x4xf32>, tensor<4xf32>, tensor<2x4xf32>
}
