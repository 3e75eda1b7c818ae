// Verifier tests for the tessera.clifford and tessera.ebm ops (docs/ops/graph/clifford.md,
// docs/ops/graph/ebm.md). Each chunk is one failing program named after the constraint it breaks.

// clifford_c1
func.func @clifford_c1(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{requires integer attributes 'p' and 'q' (or upstream's 'algebra = [p, q, r]') (clifford_c1)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {q = 0 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c1
func.func @clifford_c1(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{Clifford signature p/q must be non-negative (clifford_c1)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = -1 : i64, q = 0 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c1
func.func @clifford_c1(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{Clifford algebra rank p+q is too large (at most 8 generators here) (clifford_c1)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 9 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c1
func.func @clifford_c1(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{give the algebra either as 'algebra' or as 'p'/'q', not both (clifford_c1)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64, algebra = [3, 0, 0]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c1
func.func @clifford_c1(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{Clifford algebra rank p+q+r = 9 is too large (at most 8 generators here) (clifford_c1)}}
  %r = "tessera_clifford.geo_product"(%a, %b) {algebra = [5, 4]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c2
func.func @clifford_c2(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{signature length must equal p+q (clifford_c2)}}
  %r = "tessera.clifford.outer_product"(%a, %b) {p = 3 : i64, q = 0 : i64, signature = [1 : i64, -1 : i64]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c2
func.func @clifford_c2(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{signature entries must be +1 or -1 (clifford_c2)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64, signature = [1, 2, 1]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c2
func.func @clifford_c2(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{signature must hold p entries +1 and q entries -1 (clifford_c2)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64, signature = [1, -1, 1]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c3
func.func @clifford_c3(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{coefficient_layout must be "blade_last" or "coeff_last" (blades on the last axis) (clifford_c3)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64, coefficient_layout = "blade_major"} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c3
func.func @clifford_c3(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{dtype must be a string naming the operands' element type (clifford_c3)}}
  %r = "tessera_clifford.geo_product"(%a, %b) {algebra = [3, 0, 0], dtype = "f64"} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c4
func.func @clifford_c4(%a: tensor<2x7xf32>, %b: tensor<2x7xf32>) -> tensor<2x7xf32> {
  // expected-error@+1 {{lhs coefficient axis must equal 2^(p+q) = 8 blades, got tensor<2x7xf32> (clifford_c4)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64, q = 0 : i64} : (tensor<2x7xf32>, tensor<2x7xf32>) -> tensor<2x7xf32>
  return %r : tensor<2x7xf32>
}

// -----
// clifford_c4
func.func @clifford_c4(%a: tensor<2x8xi32>, %b: tensor<2x8xi32>) -> tensor<2x8xi32> {
  // expected-error@+1 {{lhs must be an f32, f64, f16 or bf16 tensor with a coefficient axis, got tensor<2x8xi32> (clifford_c4)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64} : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi32>
  return %r : tensor<2x8xi32>
}

// -----
// clifford_c5
func.func @clifford_c5(%a: tensor<2x8xf32>, %b: tensor<3x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{operands must have one type, got tensor<2x8xf32> and tensor<3x8xf32> (clifford_c5)}}
  %r = "tessera.clifford.inner_product"(%a, %b) {p = 3 : i64} : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c5
func.func @clifford_c5(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf64> {
  // expected-error@+1 {{result #0 has type tensor<2x8xf64> but the operands give tensor<2x8xf32> (clifford_c5)}}
  %r = "tessera.clifford.geometric_product"(%a, %b) {p = 3 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf64>
  return %r : tensor<2x8xf64>
}

// -----
// clifford_c6
func.func @clifford_c6(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{grade_mask entries must be in [0, p+q] (here [0, 3]) (clifford_c6)}}
  %r = "tessera.clifford.grade_project"(%a) {p = 3 : i64, q = 0 : i64, grade_mask = [4 : i64]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c6
func.func @clifford_c6(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{grade_mask must be a non-empty integer array (clifford_c6)}}
  %r = "tessera_clifford.grade"(%a) {algebra = [3, 0, 0], grades = []} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c7
func.func @clifford_c7(%a: tensor<2x8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{result #0 has type tensor<8xf32> but the operands give tensor<2xf32> (clifford_c7)}}
  %r = "tessera.clifford.norm"(%a) {p = 3 : i64} : (tensor<2x8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----
// clifford_c8
func.func @clifford_c8(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{result #0 has type tensor<2x8xf32> but the operands give tensor<2xf32> (clifford_c8)}}
  %r = "tessera_clifford.inner"(%a, %b) {algebra = [3, 0, 0]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c9
func.func @clifford_c9(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{terms must be an integer in [0, 64] (clifford_c9)}}
  %r = "tessera_clifford.exp"(%a) {algebra = [3, 0, 0], terms = 65 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// clifford_c10
func.func @clifford_c10(%a: tensor<2x16xf32>) -> tensor<2x16xf32> {
  // expected-error@+1 {{rotor_from_axis requires a Euclidean algebra Cl(p, 0) with p <= 3 (clifford_c10)}}
  %r = "tessera_clifford.rotor_from_axis"(%a) {algebra = [1, 3, 0], angle = 1.0 : f64} : (tensor<2x16xf32>) -> tensor<2x16xf32>
  return %r : tensor<2x16xf32>
}

// -----
// clifford_c10
func.func @clifford_c10(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{angle must be a finite number (clifford_c10)}}
  %r = "tessera_clifford.rotor_from_axis"(%a) {algebra = [3, 0, 0], angle = "x"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// ebm_c1
func.func @ebm_c1(%y: tensor<2x4xf32>, %g: tensor<2x5xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{grad must have the state's type tensor<2x4xf32>, got tensor<2x5xf32> (ebm_c1)}}
  %r = "tessera.ebm.langevin_step"(%y, %g) {eta = 0.1 : f64} : (tensor<2x4xf32>, tensor<2x5xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c1
func.func @ebm_c1(%y: tensor<2x4xi32>, %g: tensor<2x4xi32>) -> tensor<2x4xi32> {
  // expected-error@+1 {{state must be an f32, f64, f16 or bf16 tensor, got tensor<2x4xi32> (ebm_c1)}}
  %r = "tessera.ebm.inner_step"(%y, %g) {eta = 0.1 : f64} : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

// -----
// ebm_c2
func.func @ebm_c2(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{eta must be positive (a finite number) (ebm_c2)}}
  %r = "tessera.ebm.inner_step"(%y, %g) {eta = 0.0 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c2: upstream's underflow chunk
func.func @ebm_c2(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>, %s: tensor<1xi64>, %c: tensor<4xi64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{eta = 1.0e-99 underflows in f32 (ebm_c2)}}
  %r = "tessera.ebm.langevin_step_philox"(%y, %g, %s, %c) {eta = 1.0e-99 : f64, temperature = 0.5 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<1xi64>, tensor<4xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c3
func.func @ebm_c3(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{temperature > 0 requires a noise operand or RNG state (ebm_c3)}}
  %r = "tessera.ebm.langevin_step"(%y, %g) {eta = 0.05 : f64, temperature = 1.0 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c3
func.func @ebm_c3(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{noise_scale > 0 requires a noise operand (ebm_c3)}}
  %r = "tessera.ebm.inner_step"(%y, %g) {eta = 0.05 : f64, noise_scale = 0.1 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c3
func.func @ebm_c3(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>, %n: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{noise_scale must be non-negative (ebm_c3)}}
  %r = "tessera.ebm.inner_step"(%y, %g, %n) {eta = 0.05 : f64, noise_scale = -0.1 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c4
func.func @ebm_c4(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{steps must be positive (an integer below 2^31) (ebm_c4)}}
  %r = "tessera.ebm.refinement"(%y, %g) {eta = 0.05 : f64, steps = 0 : i64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c5
func.func @ebm_c5(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>, %s: tensor<1xi64>, %c: tensor<3xi64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{Philox counter tensor must have length 4, got tensor<3xi64> (ebm_c5)}}
  %r = "tessera.ebm.langevin_step_philox"(%y, %g, %s, %c) {eta = 0.05 : f64, temperature = 1.0 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<1xi64>, tensor<3xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c5
func.func @ebm_c5(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>, %s: tensor<1xi64>, %c: tensor<4xi64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{temperature must be positive (ebm_c5)}}
  %r = "tessera.ebm.langevin_step_philox"(%y, %g, %s, %c) {eta = 0.05 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<1xi64>, tensor<4xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c5
func.func @ebm_c5(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>, %s: tensor<2xi32>, %c: tensor<4xi64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{Philox seed/counter tensors must be rank-1 i64, got tensor<2xi32> (ebm_c5)}}
  %r = "tessera.ebm.langevin_step_philox"(%y, %g, %s, %c) {eta = 0.05 : f64, temperature = 1.0 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xi32>, tensor<4xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c6
func.func @ebm_c6(%x: tensor<2x3x4xf32>, %y: tensor<2x3x4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{expects rank-2 x and y tensors, got tensor<2x3x4xf32> (ebm_c6)}}
  %r = "tessera.ebm.energy_quadratic"(%x, %y) {} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----
// ebm_c6
func.func @ebm_c6(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{result #0 has type tensor<4xf32> but the operands give tensor<2xf32> (ebm_c6)}}
  %r = "tessera.ebm.energy_quadratic"(%x, %y) {} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
// ebm_c7
func.func @ebm_c7(%s: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{bivector Langevin requires grade = 2 (ebm_c7)}}
  %r = "tessera.ebm.bivector_langevin_step"(%s, %g) {eta = 0.01 : f64, grade = 1 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// ebm_c7
func.func @ebm_c7(%s: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{metric must be one of "euclidean", got "killing" (ebm_c7)}}
  %r = "tessera.ebm.bivector_langevin_step"(%s, %g) {eta = 0.01 : f64, metric = "killing"} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// ebm_c7
func.func @ebm_c7(%s: tensor<2x6xf32>, %g: tensor<2x6xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{the state's last axis must hold 2^n blades with 2 <= n <= 8, got tensor<2x6xf32> (ebm_c7)}}
  %r = "tessera.ebm.bivector_langevin_step"(%s, %g) {eta = 0.01 : f64} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// -----
// ebm_c8
func.func @ebm_c8(%s: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{sphere Langevin requires normalized_state = true (ebm_c8)}}
  %r = "tessera.ebm.sphere_langevin_step"(%s, %g) {eta = 0.01 : f64, normalized_state = false} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----
// ebm_c8
func.func @ebm_c8(%s: tensor<f32>, %g: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{the state must have rank >= 1 (rows on the last axis) (ebm_c8)}}
  %r = "tessera.ebm.sphere_langevin_step"(%s, %g) {eta = 0.01 : f64} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----
// ebm_c9
func.func @ebm_c9(%x: tensor<2x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{strategy="noise" requires noise operand or seed attr (ebm_c9)}}
  %r = "tessera.ebm.decode_init"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, steps = 3 : i64, strategy = "noise"} : (tensor<2x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----
// ebm_c9
func.func @ebm_c9(%x: tensor<2x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{operandSegmentSizes must be array<i32: 1, b, n> (x, base, noise; b and n 0 or 1) matching the operands (ebm_c9)}}
  %r = "tessera.ebm.decode_init"(%x) {operandSegmentSizes = array<i32: 1, 0, 1>, steps = 3 : i64, strategy = "copy"} : (tensor<2x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----
// ebm_c9
func.func @ebm_c9(%x: tensor<2x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{strategy="base_model" requires base operand (ebm_c9)}}
  %r = "tessera.ebm.decode_init"(%x) {steps = 3 : i64, strategy = "base_model"} : (tensor<2x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----
// ebm_c9
func.func @ebm_c9(%x: tensor<2x4xf32>) -> tensor<2x4x4xf32> {
  // expected-error@+1 {{result #0 has type tensor<2x4x4xf32> but the operands give tensor<2x3x4xf32> (ebm_c9)}}
  %r = "tessera.ebm.decode_init"(%x) {steps = 3 : i64, strategy = "copy"} : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----
// ebm_c10
func.func @ebm_c10(%e: tensor<2x3xf32>, %c: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{reduction="softmin" requires temperature > 0 (ebm_c10)}}
  %r = "tessera.ebm.self_verify"(%e, %c) {reduction = "softmin"} : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c10
func.func @ebm_c10(%e: tensor<2x3xf32>, %c: tensor<2x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{energies and candidates B/K axes must match, got tensor<2x3xf32> and tensor<2x2x4xf32> (ebm_c10)}}
  %r = "tessera.ebm.self_verify"(%e, %c) {} : (tensor<2x3xf32>, tensor<2x2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// ebm_c11
func.func @ebm_c11(%e: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{temperature must be positive (ebm_c11)}}
  %r = "tessera.ebm.partition_exact"(%e) {temperature = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----
// ebm_c11
func.func @ebm_c11(%e: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{reduction must be one of "logsumexp", "sum", "mean", got "max" (ebm_c11)}}
  %r = "tessera.ebm.partition_exact"(%e) {reduction = "max"} : (tensor<2x3xf32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----
// ebm_c11
func.func @ebm_c11(%e: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{result #0 has type tensor<3xf32> but the operands give tensor<2xf32> (ebm_c11)}}
  %r = "tessera.ebm.partition_exact"(%e) {} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----
// clifford_c4: reverse
func.func @clifford_c4(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{input coefficient axis must equal 2^(p+q) = 8 blades, got tensor<2x4xf32> (clifford_c4)}}
  %r = "tessera.clifford.reverse"(%a) {p = 3 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// clifford_c6: upstream's spelling of rotor_sandwich
func.func @clifford_c6(%r: tensor<2x8xf32>, %x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{grade_mask entries must be in [0, p+q] (here [0, 3]) (clifford_c6)}}
  %y = "tessera_clifford.rotor_sandwich"(%r, %x) {algebra = [3, 0, 0], grade_mask = [-1]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----
// clifford_c5: rotor_sandwich
func.func @clifford_c5(%r: tensor<2x8xf32>, %x: tensor<2x8xf64>) -> tensor<2x8xf32> {
  // expected-error@+1 {{operands must have one type, got tensor<2x8xf32> and tensor<2x8xf64> (clifford_c5)}}
  %y = "tessera.clifford.rotor_sandwich"(%r, %x) {p = 3 : i64} : (tensor<2x8xf32>, tensor<2x8xf64>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
