// Verifier tests for modules and functions (docs/ir-overview.md).

// func_c2
// expected-error@+1 {{argument #0 type differs from the signature (func_c2)}}
"func.func"() ({
^bb0(%a: tensor<4xf64>):
  "func.return"(%a) : (tensor<4xf64>) -> ()
}) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"} : () -> ()

// -----
// func_c3
// expected-error@+1 {{body must end with 'return' (func_c3)}}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessera.neg %a : (tensor<4xf32>) -> tensor<4xf32>
}

// -----
// func_c4
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{is part of a dependency cycle (func_c4)}}
  %x = tessera.add %y, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = tessera.add %x, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----
// func_c5
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{uses '%y' before its definition (func_c5)}}
  %x = tessera.neg %y : (tensor<4xf32>) -> tensor<4xf32>
  %y = tessera.exp %a : (tensor<4xf32>) -> tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----
// func_c6
func.func @f(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{has type tensor<4xf32> but the function returns tensor<5xf32> (func_c6)}}
  return %a : tensor<4xf32>
}

// -----
// generic_c1
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expects 2 operands, got 1 (generic_c1)}}
  %0 = "tessera.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// generic_c2
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expects 1 results, got 0 (generic_c2)}}
  "tessera.neg"(%a) : (tensor<4xf32>) -> ()
  return %a : tensor<4xf32>
}

// -----
// generic_c4
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{must be the last op of its block (generic_c4)}}
  return %a : tensor<4xf32>
  %0 = tessera.neg %a : (tensor<4xf32>) -> tensor<4xf32>
}

// -----
// policy_c1
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{must be a dictionary (policy_c1)}}
  %0 = tessera.neg %a {numeric_policy = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// policy_c2
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unknown type "fp7" in field 'storage' (policy_c2)}}
  %0 = tessera.neg %a {numeric_policy = {storage = "fp7"}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// policy_c3
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unknown field 'colour' (policy_c3)}}
  %0 = tessera.neg %a {numeric_policy = {colour = "red"}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// call_c1
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{needs a 'callee' symbol attribute (call_c1)}}
  %0 = "func.call"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// call_c1 (unknown callee)
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{calls @nowhere, which is not a function of this module (call_c1)}}
  %0 = func.call %a {callee = @nowhere} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// call_c2
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @f(%a: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{operand #0 has type tensor<4xf64> but @g takes tensor<4xf32> (call_c2)}}
  %0 = func.call %a {callee = @g} : (tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// generic_c3
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{result #0 has type tensor<8xf32> but the operands give tensor<4xf32> (generic_c3)}}
  %0 = func.call %a {callee = @g} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
