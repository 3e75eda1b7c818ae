// tessera.squeeze, unsqueeze, expand, flatten (docs/ops/graph/misc_views.md) and tessera_rng.bernoulli (docs/ops/graph/misc_random.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: views_chain
// NOTE: Upstream's structural views: copies in C order.
// RULE: bitexact
// REQUIRES: op=tessera.squeeze op=tessera.unsqueeze op=tessera.expand op=tessera.flatten dtype=f32 level=graph
// INPUT: 0 tensor<1x3x1x4xf32> hex:3f1edbad,3f5d936d,bc7f19dc,bf64bcbb,3eb9e3f4,3f210da4,bf30cd0f,bc3a32ea,3eb60c51,be40a32e,bf74ff58,3e6253a9
// EXPECT: 0 tensor<5x12xf32> hex:3f1edbad,3f5d936d,bc7f19dc,bf64bcbb,3eb9e3f4,3f210da4,bf30cd0f,bc3a32ea,3eb60c51,be40a32e,bf74ff58,3e6253a9,3f1edbad,3f5d936d,bc7f19dc,bf64bcbb,3eb9e3f4,3f210da4,bf30cd0f,bc3a32ea,3eb60c51,be40a32e,bf74ff58,3e6253a9,3f1edbad,3f5d936d,bc7f19dc,bf64bcbb,3eb9e3f4,3f210da4,bf30cd0f,bc3a32ea,3eb60c51,be40a32e,bf74ff58,3e6253a9,3f1edbad,3f5d936d,bc7f19dc,bf64bcbb,3eb9e3f4,3f210da4,bf30cd0f,bc3a32ea,3eb60c51,be40a32e,bf74ff58,3e6253a9,3f1edbad,3f5d936d,bc7f19dc,bf64bcbb,3eb9e3f4,3f210da4,bf30cd0f,bc3a32ea,3eb60c51,be40a32e,bf74ff58,3e6253a9
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x3x1x4xf32>) -> tensor<5x12xf32> {
    %a = "tessera.squeeze"(%x) {axes = [0, 2]} : (tensor<1x3x1x4xf32>) -> tensor<3x4xf32>
    %b = "tessera.unsqueeze"(%a) {axes = [0]} : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
    %c = "tessera.expand"(%b) : (tensor<1x3x4xf32>) -> tensor<5x3x4xf32>
    %d = "tessera.flatten"(%c) {start = 1 : i64, end = 2 : i64} : (tensor<5x3x4xf32>) -> tensor<5x12xf32>
    return %d : tensor<5x12xf32>
  }
}

// -----

// CASE: rng_bernoulli_key
// NOTE: True where u24(word i) < p on the Philox stream (seed 21, stream 3).
// RULE: bitexact
// REQUIRES: op=tessera_rng.bernoulli level=graph
// INPUT: 0 tensor<6x5xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0 tensor<6x5xi1> hex:00,00,00,00,00,01,01,00,00,00,00,00,00,00,01,00,00,01,00,01,01,01,01,00,01,00,00,00,00,00
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<6x5xf32>) -> tensor<6x5xi1> {
    %r0 = "tessera_rng.bernoulli"(%a0) {p = 0.3 : f64, seed = 21 : i64, stream = 3 : i64} : (tensor<6x5xf32>) -> tensor<6x5xi1>
    return %r0 : tensor<6x5xi1>
  }
}
