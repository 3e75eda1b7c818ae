// Verifier tests for arith.* and scf.* in Tile IR (docs/ops/tile/scalar.md).
// Each chunk is one failing program named after the constraint it breaks.

// arith_c1 (float op on integers)
func.func @k(%a: i32, %b: i32) {
  // expected-error@+1 {{needs float operands, got i32 (arith_c1)}}
  %c = arith.addf %a, %b : i32
  return
}

// -----
// arith_c1 (integer register tiles are i32 or i1)
func.func @k(%a: tensor<4xi64>, %b: tensor<4xi64>) {
  // expected-error@+1 {{integer register tiles hold i32 or i1 (arith_c1)}}
  %c = arith.addi %a, %b : tensor<4xi64>
  return
}

// -----
// arith_c2 (select: a tile condition has the branches' shape)
func.func @k(%c: tensor<4xi1>, %a: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error@+1 {{a tile condition must have the branches' shape (arith_c2)}}
  %r = arith.select %c, %a, %b : (tensor<4xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----
// arith_c3
func.func @k(%a: f32, %b: f32) {
  // expected-error@+1 {{result #0 has type f64 but the operands give f32 (arith_c3)}}
  %c = arith.addf %a, %b : (f32, f32) -> f64
  return
}

// -----
// arith_c3 (select)
func.func @k(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{result #0 has type tensor<8xf32> but the operands give tensor<4xf32> (arith_c3)}}
  %r = arith.select %c, %a, %b : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----
// arith_c6 (sitofp from a float)
func.func @k(%a: f32) {
  // expected-error@+1 {{cannot cast f32 to f32 (sitofp/fptosi need a fixed-width integer; index_cast an index first) (arith_c6)}}
  %r = arith.sitofp %a : (f32) -> f32
  return
}

// -----
// arith_c7 (extf from f64)
func.func @k(%a: f64) {
  // expected-error@+1 {{cannot convert f64 to f64 (arith.extf takes an f32 scalar to f64, or a narrow float scalar to f32 or f64) (arith_c7)}}
  %r = arith.extf %a : (f64) -> f64
  return
}

// -----
// arith_c7 (extf between two narrow floats)
func.func @k(%a: bf16) {
  // expected-error@+1 {{cannot convert bf16 to f16 (arith.extf takes an f32 scalar to f64, or a narrow float scalar to f32 or f64) (arith_c7)}}
  %r = arith.extf %a : (bf16) -> f16
  return
}

// -----
// arith_c6 (uitofp of a signless integer)
func.func @k(%a: i32) {
  // expected-error@+1 {{cannot convert i32 to f32 (arith.uitofp takes an unsigned integer scalar to a float) (arith_c6)}}
  %r = arith.uitofp %a : (i32) -> f32
  return
}

// -----
// arith_c6 (fptoui to a signed integer)
func.func @k(%a: f32) {
  // expected-error@+1 {{cannot convert f32 to i32 (arith.fptoui takes an f32 or f64 scalar to an unsigned integer) (arith_c6)}}
  %r = arith.fptoui %a : (f32) -> i32
  return
}

// -----
// arith_c6 (index_castui with no index side)
func.func @k(%a: ui8) {
  // expected-error@+1 {{cannot convert ui8 to i32 (arith.index_castui needs index on exactly one side and an integer on the other) (arith_c6)}}
  %r = arith.index_castui %a : (ui8) -> i32
  return
}

// -----
// arith_c8 (stochastic rounding on a conversion)
func.func @k(%a: f32) {
  // expected-error@+1 {{numeric_policy: stochastic rounding is not available on arith.truncf (arith_c8)}}
  %r = arith.truncf %a {numeric_policy = {rounding = "stochastic", seed = 1}} : (f32) -> bf16
  return
}

// -----
// arith_c8 (a policy on a conversion that does not round to a float)
func.func @k(%a: f32) {
  // expected-error@+1 {{arith.fptoui takes no numeric_policy here (it does not round to a float) (arith_c8)}}
  %r = arith.fptoui %a {numeric_policy = {rounding = "rtz"}} : (f32) -> ui8
  return
}

// -----
// arith_c8 (a policy field with no meaning for a conversion)
func.func @k(%a: f32) {
  // expected-error@+1 {{numeric_policy field 'accum' has no meaning for arith.truncf (allowed: rounding, saturate, profile, denorm) (arith_c8)}}
  %r = arith.truncf %a {numeric_policy = {accum = "f32"}} : (f32) -> bf16
  return
}

// -----
// arith_c1 (arithmetic on a storage-only scalar)
func.func @k(%a: bf16) {
  // expected-error@+1 {{(arith_c1)}}
  %r = arith.addf %a, %a : (bf16, bf16) -> bf16
  return
}

// -----
// arith_c7 (truncf of a register tile)
func.func @k(%a: tensor<4xf32>) {
  // expected-error@+1 {{cannot convert tensor<4xf32> to f32 (arith.truncf takes an f64 scalar to f32, or an f32 or f64 scalar to a narrow float) (arith_c7)}}
  %r = arith.truncf %a : (tensor<4xf32>) -> f32
  return
}

// -----
// scf_c3
func.func @k(%c: f32) {
  // expected-error@+1 {{condition must be an i1 scalar (scf_c3)}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, { "scf.yield"() : () -> () }) : (f32) -> ()
  return
}

// -----
// scf_c4
func.func @k(%x: index) {
  // expected-error@+1 {{scf.condition passes 2 values but the loop has 1 results (scf_c4)}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: index):
    %c = arith.constant {value = true} : i1
    "scf.condition"(%c, %a, %a) : (i1, index, index) -> ()
  }, {
  ^bb0(%b: index):
    "scf.yield"(%b) : (index) -> ()
  }) : (index) -> index
  return
}

// -----
// scf_c5 (a yield outside scf.for/if/while; the misplaced terminator also breaks generic_c4)
func.func @k() {
  // expected-error@+2 {{must be the last op of its block (generic_c4)}}
  // expected-error@+1 {{must end a region of scf.for, scf.if or scf.while (scf_c5)}}
  "scf.yield"() : () -> ()
  return
}
