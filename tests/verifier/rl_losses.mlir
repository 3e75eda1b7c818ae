// Verifier tests for the RL policy losses (docs/ops/graph/rl_losses.md).
// Each chunk is one failing program named after the constraint it breaks.

// ppo_c1
func.func @ppo_c1(%n: tensor<2x3xf32>, %o: tensor<2x4xf32>, %a: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{operand #1 is tensor<2x4xf32>, operand #0 tensor<2x3xf32> (ppo_c1)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c1: integer advantages
func.func @ppo_c1(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %a: tensor<2x3xi32>) -> tensor<f32> {
  // expected-error@+1 {{(ppo_c1)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c2: four operands without segment sizes
func.func @ppo_c2(%n: tensor<3xf32>, %o: tensor<3xf32>, %a: tensor<3xf32>, %m: tensor<3xf32>) -> tensor<f32> {
  // expected-error@+1 {{takes 3 operands (logp_new, logp_old, advantages) unless operandSegmentSizes names the optional mask, ref_logp and entropy, got 4 (ppo_c2)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a, %m : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c2: segments that do not add up
func.func @ppo_c2(%n: tensor<3xf32>, %o: tensor<3xf32>, %a: tensor<3xf32>, %m: tensor<3xf32>) -> tensor<f32> {
  // expected-error@+1 {{adding up to the 4 operands, got array<i32: 1, 1, 1, 1, 1, 0> (ppo_c2)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a, %m {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c3
func.func @ppo_c3(%n: tensor<3xf32>, %o: tensor<3xf32>, %a: tensor<3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'clip_epsilon' must be a finite number in [0, 1), got 1.5 (ppo_c3)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a {clip_epsilon = 1.5 : f64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c3: negative kl_coef
func.func @ppo_c3(%n: tensor<3xf32>, %o: tensor<3xf32>, %a: tensor<3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'kl_coef' must be a finite number}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a {kl_coef = -1.0 : f64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c4
func.func @ppo_c4(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %a: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'reduction' must be "none", "mean" or "sum", got "median" (ppo_c4)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a {reduction = "median"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ppo_c5: "none" keeps the shape
func.func @ppo_c5(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %a: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{(ppo_c5)}}
  %0 = tessera.rl.ppo_policy_loss %n, %o, %a {reduction = "none"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// grpo_c1
func.func @grpo_c1(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf64>) -> tensor<f32> {
  // expected-error@+1 {{operand #2 is tensor<2x3xf64>, operand #0 tensor<2x3xf32> (grpo_c1)}}
  %0 = tessera.rl.grpo_policy_loss %n, %o, %r : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// grpo_c2
func.func @grpo_c2(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{group_axis 7 is not an axis of the rank-2 operands (grpo_c2)}}
  %0 = tessera.rl.grpo_policy_loss %n, %o, %r {group_axis = 7 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// grpo_c2: not an integer
func.func @grpo_c2(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'group_axis' must be an integer, got "rows" (grpo_c2)}}
  %0 = tessera.rl.grpo_policy_loss %n, %o, %r {group_axis = "rows"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// grpo_c3
func.func @grpo_c3(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'clip_epsilon' must be a finite number in [0, 1), got -0.5 (grpo_c3)}}
  %0 = tessera.rl.grpo_policy_loss %n, %o, %r {clip_epsilon = -0.5 : f64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// grpo_c4
func.func @grpo_c4(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{(grpo_c4)}}
  %0 = tessera.rl.grpo_policy_loss %n, %o, %r {reduction = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// grpo_c5
func.func @grpo_c5(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f64> {
  // expected-error@+1 {{(grpo_c5)}}
  %0 = tessera.rl.grpo_policy_loss %n, %o, %r : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----
// cispo_c1
func.func @cispo_c1(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<3x2xf32>) -> tensor<f32> {
  // expected-error@+1 {{(cispo_c1)}}
  %0 = tessera.rl.cispo_policy_loss %n, %o, %r : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cispo_c2
func.func @cispo_c2(%n: tensor<4xf32>, %o: tensor<4xf32>, %r: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{group_axis 1 is not an axis of the rank-1 operands (cispo_c2)}}
  %0 = tessera.rl.cispo_policy_loss %n, %o, %r : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cispo_c3
func.func @cispo_c3(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'epsilon_high' must be a finite number in (0, inf), got 0 (cispo_c3)}}
  %0 = tessera.rl.cispo_policy_loss %n, %o, %r {epsilon_high = 0.0 : f64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cispo_c4
func.func @cispo_c4(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{(cispo_c4)}}
  %0 = tessera.rl.cispo_policy_loss %n, %o, %r {reduction = "max"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cispo_c5
func.func @cispo_c5(%n: tensor<2x3xf32>, %o: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{(cispo_c5)}}
  %0 = tessera.rl.cispo_policy_loss %n, %o, %r : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
