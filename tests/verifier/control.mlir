// Verifier tests of the control ops (docs/ops/graph/control-flow.md), one label per chunk.
func.func private @body(tensor<4xf32>) -> tensor<4xf32>
func.func @for_step(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{step must be positive (control_for_c1)}}
  %r = "tessera.control_for"(%x) {body = @body, start = 0 : i64, stop = 4 : i64, step = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @body(tensor<4xf32>) -> tensor<4xf32>
func.func @for_carry(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{carry_arg_index out of range: 5 with 1 operands (control_for_c2)}}
  %r = "tessera.control_for"(%x) {body = @body, start = 0 : i64, stop = 4 : i64, step = 1 : i64, carry_arg_index = 5 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @body(tensor<4xf32>) -> tensor<4xf32>
func.func @for_results(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{result #0 has type tensor<8xf32> but the operands give tensor<4xf32> (control_for_c3)}}
  %r = "tessera.control_for"(%x) {body = @body, start = 0 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----
func.func private @body(tensor<4xf32>) -> tensor<2xf32>
func.func @for_body(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{body @body has type (tensor<4xf32>) -> (tensor<2xf32>), expected (tensor<4xf32>) -> (tensor<4xf32>) (control_for_c4)}}
  %r = "tessera.control_for"(%x) {body = @body, start = 0 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @wb()
func.func private @wc()
func.func @while_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{max_iters must be positive (control_while_c1)}}
  %r = "tessera.control_while"(%x) {body = @wb, cond = @wc, max_iters = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @wb()
func.func private @wc()
func.func @while_carry(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{carry_arg_index out of range: 2 with 1 operands (control_while_c2)}}
  %r = "tessera.control_while"(%x) {body = @wb, cond = @wc, carry_arg_index = 2 : i64, max_iters = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @wb()
func.func private @wc()
func.func @while_results(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{result #0 has type tensor<2x4xf32> but the operands give tensor<4xf32> (control_while_c3)}}
  %r = "tessera.control_while"(%x) {body = @wb, cond = @wc, max_iters = 4 : i64} : (tensor<4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
func.func private @wb(tensor<4xf32>) -> tensor<4xf32>
func.func private @wc(tensor<4xf32>) -> tensor<0xf32>
func.func @while_cond(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cond @wc must return one flag (i1, or a non-empty f32/f64/i1 tensor) (control_while_c4)}}
  %r = "tessera.control_while"(%x) {body = @wb, cond = @wc, max_iters = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @tb(tensor<4xf32>) -> tensor<4xf32>
func.func private @eb(tensor<4xf32>) -> tensor<4xf32>
func.func @if_flag(%f: tensor<1xi32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{the flag must be i1 or a non-empty f32/f64/i1 tensor, got tensor<1xi32> (control_if_c1)}}
  %r = "tessera.control_if"(%f, %x) {then_branch = @tb, else_branch = @eb, flag_arg_index = 0 : i64} : (tensor<1xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @tb(tensor<4xf32>) -> tensor<4xf32>
func.func private @eb(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @if_branch(%f: tensor<1xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{else_branch @eb has type (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>), expected (tensor<4xf32>) -> (tensor<4xf32>) (control_if_c2)}}
  %r = "tessera.control_if"(%f, %x) {then_branch = @tb, else_branch = @eb} : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @tb()
func.func private @eb()
func.func @if_symbol(%f: tensor<1xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'else_branch' names @nowhere, which is not a function (control_if_c2)}}
  %r = "tessera.control_if"(%f, %x) {then_branch = @tb, else_branch = @nowhere} : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @sb()
func.func @scan_trip(%i: tensor<4xf32>, %xs: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
  // expected-error@+1 {{trip must be positive (control_scan_c1)}}
  %c, %ys = "tessera.control_scan"(%i, %xs) {body = @sb, trip = 0 : i64} : (tensor<4xf32>, tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>)
  return %c, %ys : tensor<4xf32>, tensor<3x4xf32>
}

// -----
func.func private @sb()
func.func @scan_xs(%i: tensor<4xf32>, %xs: tensor<2x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
  // expected-error@+1 {{xs leading dim must equal trip (3), got tensor<2x4xf32> (control_scan_c2)}}
  %c, %ys = "tessera.control_scan"(%i, %xs) {body = @sb, trip = 3 : i64} : (tensor<4xf32>, tensor<2x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>)
  return %c, %ys : tensor<4xf32>, tensor<3x4xf32>
}

// -----
func.func private @sb()
func.func @scan_ys(%i: tensor<4xf32>, %xs: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<5x4xf32>) {
  // expected-error@+1 {{ys leading dim must equal trip (3), got tensor<5x4xf32> (control_scan_c3)}}
  %c, %ys = "tessera.control_scan"(%i, %xs) {body = @sb, trip = 3 : i64} : (tensor<4xf32>, tensor<3x4xf32>) -> (tensor<4xf32>, tensor<5x4xf32>)
  return %c, %ys : tensor<4xf32>, tensor<5x4xf32>
}

// -----
func.func private @sb(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @scan_body(%i: tensor<4xf32>, %xs: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
  // expected-error@+1 {{body @sb has type (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>), expected (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) (control_scan_c4)}}
  %c, %ys = "tessera.control_scan"(%i, %xs) {body = @sb, trip = 3 : i64} : (tensor<4xf32>, tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>)
  return %c, %ys : tensor<4xf32>, tensor<3x4xf32>
}

// -----
func.func private @tb()
func.func private @eb()
func.func @if_payload(%f: tensor<1xf32>) -> tensor<1x8xf32> {
  // expected-error@+1 {{then/else payloads must both be present or both absent (control_if_c3)}}
  %r = "tessera.control_if"(%f) {then_branch = @tb, else_branch = @eb, then_opcodes = array<i32: 1>} : (tensor<1xf32>) -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}

// -----
func.func private @pb(tensor<4xf32>) -> tensor<4xf32>
func.func @payload_lengths(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'body_in1' must be an array<i32: ...> with one entry per opcode (2) (control_payload_c1)}}
  %r = "tessera.control_for"(%x) {body = @pb, start = 0 : i64, stop = 2 : i64, step = 1 : i64, carry_arg_index = 0 : i64, body_opcodes = array<i32: 20, 21>, body_in0 = array<i32: 1, 2>, body_in1 = array<i32: -1>, body_out_id = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @pb(tensor<4xf32>) -> tensor<4xf32>
func.func @payload_fattr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'body_fattr' must be an array<f32: ...> with one entry per opcode (1) (control_payload_c1)}}
  %r = "tessera.control_for"(%x) {body = @pb, start = 0 : i64, stop = 2 : i64, step = 1 : i64, body_opcodes = array<i32: 11>, body_in0 = array<i32: 1>, body_fattr = [1.0], body_out_id = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @pb(tensor<4xf32>) -> tensor<4xf32>
func.func @payload_no_out(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'body_opcodes' needs an integer 'body_out_id' (control_payload_c1)}}
  %r = "tessera.control_for"(%x) {body = @pb, start = 0 : i64, stop = 2 : i64, step = 1 : i64, body_opcodes = array<i32: 11>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @pb(tensor<4xf32>) -> tensor<4xf32>
func.func @payload_orphan(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'body_in0' needs 'body_opcodes' (control_payload_c1)}}
  %r = "tessera.control_for"(%x) {body = @pb, start = 0 : i64, stop = 2 : i64, step = 1 : i64, body_in0 = array<i32: 1>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @pb()
func.func @payload_two_carries(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{the payload form carries or returns one value, not 2 (control_payload_c1)}}
  %r:2 = "tessera.control_while"(%x, %y) {body = @pb, cond = @pb, max_iters = 2 : i64, body_opcodes = array<i32: 20>, body_in0 = array<i32: 2>, body_out_id = 3 : i64, cond_opcodes = array<i32: 20>, cond_in0 = array<i32: 2>, cond_out_id = 3 : i64} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----
func.func private @pb()
func.func @payload_if_ok(%f: tensor<1xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "tessera.control_if"(%f, %x) {then_branch = @pb, else_branch = @pb, then_opcodes = array<i32: 20>, then_in0 = array<i32: 1>, then_out_id = 2 : i64, else_opcodes = array<i32: 999>, else_in0 = array<i32: 1>, else_iattr = array<i32: 0>, else_out_id = 2 : i64} : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func private @tb4(tensor<1x8xf32>) -> tensor<1x8xf32>
func.func private @eb4(tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @if_out_shape(%f: tensor<1xf32>, %x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error@+1 {{out_shape must be the shape of the one result (control_if_c4)}}
  %r = "tessera.control_if"(%f, %x) {then_branch = @tb4, else_branch = @eb4, out_shape = array<i64: 8, 1>} : (tensor<1xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}

// -----
func.func private @wb5(tensor<4xf32>) -> tensor<8xf32>
func.func private @wc5(tensor<4xf32>) -> i1
func.func @while_carried_body(%c: tensor<4xf32>, %w: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{(control_while_c4)}}
  %r = "tessera.control_while"(%c, %w) {body = @wb5, cond = @wc5, carry_arg_index = 0 : i64, max_iters = 2 : i64} : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
