// The attnstate ops: latent KV projections, linear attention, depth attention, selective scan.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: latent_compress
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.latent_kv_compress dtype=f32 level=graph
// INPUT: 0 tensor<6x8xf32> hex:3f1d14fa,bf68643e,3f18a0bf,bea05f4c,bf0e04b2,3cca0647,3ef449db,bf213742,3f100341,bef509db,3e8a5df1,bf474b83,3ea9f115,3e41be8d,bf689cd2,3ef1ffe0,bf419d73,be7e6887,be81c6cd,3f6e4010,3f07533e,bddb3bb5,3eaa64ac,3d9b499e,3f28f088,bf49c031,3e732a4d,3f5f2d8e,bf5fcac3,3e81f1c0,beabe099,bf4ac6ef,3f7c39dd,3e5a95f2,3f0aaf2b,3ef14784,bf21097d,3ef8efb1,3cad2a0f,3f4743bf,3f683ee8,3e953802,bdfa3cb5,3f22acee,3f766479,3ee19bb1,bf43792f,be89b0b2
// INPUT: 1 tensor<8x4xf32> hex:bf05a690,be7e066c,beda43ff,3f3841f7,bf7a37bc,bd3ab946,bf39ad00,3c72a62b,3f1278fc,3d8a8461,3dc900c1,bf03981f,3c0b6706,bf761ea9,3e7d67d8,bf160766,3e060e27,bd9550e4,bf79c7bf,bec41e4a,3f7b31ac,bec83fbc,bf0b1e99,beb5d5a5,3f60443a,3f71e077,3f77179a,3ed00f94,3e83287a,bf130d59,bf1c7662,bf1ff877
// EXPECT: 0 tensor<6x4xf32> hex:3f8e8b26,3f897806,3fe024e8,3f8c583d,bdfd6900,bf144801,bfd36110,be1340fc,3f4694f0,bee0a1bf,3f067b80,bf851719,3e539a08,bf58fa46,3fb3c4ca,3ede00ee,3e5079a2,bf9efa20,bf02c5db,be80f4c8,bf804fa9,bfd56076,c00d0f1e,bea3b17c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x8xf32>, %w: tensor<8x4xf32>) -> tensor<6x4xf32> {
    %r = "tessera.latent_kv_compress"(%x, %w) : (tensor<6x8xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>
    return %r : tensor<6x4xf32>
  }
}

// -----

// CASE: latent_expand_k_unit_dim
// NOTE: The result declared with a leading unit dim.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.latent_kv_expand_k dtype=f32 level=graph
// INPUT: 0 tensor<6x4xf32> hex:3ef6da0d,3f3c9ba0,bf29772b,bf6ea94b,bf611a11,3d1dbd89,3ed66b4c,3f722bdc,3f3807c6,3dda27c4,3d994f4f,3f6278d2,3f1f81be,bec5ed79,bec8d8ed,3c065237,bf3991db,bf66e48d,bea3477a,3ef48a11,3f5895f1,bf2afde9,bf280cb9,bf685e79
// INPUT: 1 tensor<4x8xf32> hex:3f667c93,3f2b09bb,bf09ef6e,3d93bd48,3dab387d,bef47ded,3f6af064,bd47f8db,ba69d2d4,bf529874,3c5c0fd7,bea6b326,bcd5652a,3df65ff4,3f4449fe,bf11709a,3f5e891a,bd424035,3eeac513,bf452486,bf2b2fff,3e740078,3f1b1079,3d0ddd80,be9f9915,bf13fccf,3e0e26c1,bec847af,3f29a66a,bf23b20a,bf1efc2b,3f1fa468
// EXPECT: 0 tensor<1x6x8xf32> hex:3e18271d,3e929db8,bf2ece76,3f2b5b55,be1dba98,3e97f508,3f97ba5e,bf85f05b,bf38f84c,bf97ca8f,3f4c326a,bf44bd65,3e8b6fe1,bda508e2,bf8e3da2,3f201edf,3edf7560,bdfa7288,be6a42a0,bec5e675,3f17f144,bf60d897,3e730a3f,3eead490,3e5efdda,3f3f87af,bf05078a,3ef07bda,3ea8ea48,bee2b091,3d05f0e9,3e391174,bf89f9aa,bb59b8bd,3e98d947,3e99a8eb,3efc3d96,be1332a7,bfec5cde,3f55a7d8,3ef301de,3fd5d53b,bf644f27,3f91cd91,bd986d29,bd774165,3edc5a97,be804fb3
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%c: tensor<6x4xf32>, %w: tensor<4x8xf32>) -> tensor<1x6x8xf32> {
    %r = "tessera.latent_kv_expand_k"(%c, %w) : (tensor<6x4xf32>, tensor<4x8xf32>) -> tensor<1x6x8xf32>
    return %r : tensor<1x6x8xf32>
  }
}

// -----

// CASE: latent_expand_v_batched
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.latent_kv_expand_v dtype=f32 level=graph
// INPUT: 0 tensor<2x3x4xf32> hex:3f6a2679,bf6b9698,be73f2d2,be060e77,3f4bab8f,3f3995d7,3e4e7fcb,bf0c5650,bf07440a,be8e1cef,3f41ab4a,3ee084e2,3f0ea523,bf6450d5,3f7a87aa,be03ccdb,3ecd1d7b,3ecfb322,bf1759df,3ebff4bf,3e894b47,bf767d0b,3eee9967,befb47ea
// INPUT: 1 tensor<4x8xf32> hex:3f667c93,3f2b09bb,bf09ef6e,3d93bd48,3dab387d,bef47ded,3f6af064,bd47f8db,ba69d2d4,bf529874,3c5c0fd7,bea6b326,bcd5652a,3df65ff4,3f4449fe,bf11709a,3f5e891a,bd424035,3eeac513,bf452486,bf2b2fff,3e740078,3f1b1079,3d0ddd80,be9f9915,bf13fccf,3e0e26c1,bec847af,3f29a66a,bf23b20a,bf1efc2b,3f1fa468
// EXPECT: 0 tensor<2x3x8xf32> hex:3f2874e4,3fba4144,bf21f1a2,3f19abae,3e312419,bf05416f,3d90f7b6,3ec6ccde,3f87e9fe,3e78552b,bece1cf4,bdf4baba,bee6a881,3dd8da48,3fdfd18d,bf491b05,3d3a3560,bed3ff62,3f3050e3,bf33ad92,be812428,3df34739,bf03073d,3ef75f28,3fb2578e,3f91254c,3df304f2,bebed448,bf2b7e0d,bd6d0f8f,3f000fd7,3eddc109,be8a7b02,be826e3d,bedbe167,3e526271,3f2aae8c,bf05eaa6,3db3b92c,bd16585d,3f4ce4e4,3f9dcdbb,bc4259ef,3e29ec74,bf16e08e,3e3954dc,3dc257a4,3e79de22
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%c: tensor<2x3x4xf32>, %w: tensor<4x8xf32>) -> tensor<2x3x8xf32> {
    %r = "tessera.latent_kv_expand_v"(%c, %w) : (tensor<2x3x4xf32>, tensor<4x8xf32>) -> tensor<2x3x8xf32>
    return %r : tensor<2x3x8xf32>
  }
}

// -----

// CASE: linear_attn_identity
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.linear_attn dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:bde48bab,bda7e3f9,3df4084a,3ab6c09e,bd8e90a8,be17a3a2,3c62b562,3d0ca487,bda21649,be18fa08,3e4956ad,3f1f5a50,3e511674,bed54a4a,3f182821,3f32b6aa,3f1182ce,3e33455e,be9a8257,3fb4739a,bb8bcc92,bde14783,bc26e922,3e082a43,be00ce1c,be25b96d,3f7bf378,3f5a2f58,bfaf7c64,3edc2dee,bea36797,be91cf50,bf00fadd,bf1ebea7,3ee10cf1,3ebed599,be189255,3f11f959,3e842656,3dc667c9,3eea9889,be947b96,3e4a6934,3d4c04fe,3eaef2e6,3e06b837,bdec17ab,be08946e,bea57b34,3f28952d,bfaebcb5,3edc360c,bf0d1423,bdbc5646,bd7b1708,bf577847,3e15b3ca,bec4ec0e,bf30cb7d,3ef2249c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.linear_attn"(%q, %k, %v) {causal = true, feature_map = "identity"} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: linear_attn_elu
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.linear_attn dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:3fc69779,3f91e2e3,bfd40c7b,bc9ecce2,3f77c296,40244691,3fae9fcb,c00db9c8,3e9fe3c0,3febfa09,3fbd5a4a,3fe3d9b3,bf43fc51,bf247e94,3fe2d377,4010f870,3fdb5a0c,bf28ab1b,bf0f2747,4051fe5d,403c47e5,bfa9d7f6,3f4bb33b,3f2e65a7,40b7af41,3fd92b52,bf5146cd,bfae5ff5,4035da24,40296d98,c005e2a3,bfeef021,c0535be3,c0821134,4038650e,c00ec632,3f8bd0bb,c059f03a,bface56e,bf557c44,c06806b5,3f9dca39,bfdd059a,bfbb26b8,bfab18a9,c0aaca16,40284d08,c06fb1b0,c063df64,3f485f29,c11fc7be,40bac5ae,c0d057e7,c0cf60bf,c0432c18,c130ad6c,40c73055,c010157f,c062fd74,3fa28cf3
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.linear_attn"(%q, %k, %v) {causal = true, feature_map = "elu"} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: linear_attn_relu
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.linear_attn dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3a5e974d,3934294d,b9ec26bc,3996f349,3a41f0a8,3d0cf7cb,3be431ac,bc958e44,3c3f31f3,3cf5a574,3d6b6e6a,bcc867d4,bc70e53c,3d0ec36d,3d811b45,3a29a3b6,bba936c6,bc0eda42,3c83b7ff,bad31a3b,be9b23ab,be8a6f39,bef4e969,bf16b712,3ed5aac4,bdae3cc1,3d911e3d,be03da69,bcbe79b7,bd8ce946,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bfc96e9d,3f4dcfc9,bf80a16e,bf75de42,be876fd3,bf539b40,3eb3831a,bea7886a,bf03fbcb,3e9439a9
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.linear_attn"(%q, %k, %v) {causal = true, feature_map = "relu"} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: linear_attn_noncausal
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.linear_attn dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:4028fe71,bf874eba,bff52af8,40725821,407f6fe0,4016a713,bf9fece7,c00f485f,4088001a,405c6317,3ff257a7,bf48ced7,bfb44e26,4032ad74,40375c02,4010c578,bf5352ee,bfc0f0e6,4040f7ce,405c540a,404f11e6,bfa20b86,c014ceac,4091adce,409bb0f0,3fd92b52,bf5146cd,bfae5ff5,4035da24,40296d98,c14d7f56,40e75a1b,c028bcb2,c0853056,3fbff69d,c104f320,40a53d69,bfc774ca,c015bf48,3f84a1f1,c0bd55f8,405a84df,bf8fa5d5,bfdcaba8,3f180ce1,c0e4b12f,4083e876,bfb6bad7,c00e6c45,3f55302f,c184fe0c,411c3222,c039b89a,c08a6575,3faf1e77,c130ad6c,40c73055,c010157f,c062fd74,3fa28cf3
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.linear_attn"(%q, %k, %v) {causal = false} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: lightning_attention
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.lightning_attention dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:bde48bab,bda7e3f9,3df4084a,3ab6c09e,bd8e90a8,be17a3a2,3c62b562,3d0ca487,bda21649,be18fa08,3e4956ad,3f1f5a50,3e511674,bed54a4a,3f182821,3f32b6aa,3f1182ce,3e33455e,be9a8257,3fb4739a,bb8bcc92,bde14783,bc26e922,3e082a43,be00ce1c,be25b96d,3f7bf378,3f5a2f58,bfaf7c64,3edc2dee,bea36797,be91cf50,bf00fadd,bf1ebea7,3ee10cf1,3ebed599,be189255,3f11f959,3e842656,3dc667c9,3eea9889,be947b96,3e4a6934,3d4c04fe,3eaef2e6,3e06b837,bdec17ab,be08946e,bea57b34,3f28952d,bfaebcb5,3edc360c,bf0d1423,bdbc5646,bd7b1708,bf577847,3e15b3ca,bec4ec0e,bf30cb7d,3ef2249c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.lightning_attention"(%q, %k, %v) : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: gated_deltanet
// NOTE: Without gate, beta and decay: the identity linear recurrence.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.gated_deltanet dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:bde48bab,bda7e3f9,3df4084a,3ab6c09e,bd8e90a8,be17a3a2,3c62b562,3d0ca487,bda21649,be18fa08,3e4956ad,3f1f5a50,3e511674,bed54a4a,3f182821,3f32b6aa,3f1182ce,3e33455e,be9a8257,3fb4739a,bb8bcc92,bde14783,bc26e922,3e082a43,be00ce1c,be25b96d,3f7bf378,3f5a2f58,bfaf7c64,3edc2dee,bea36797,be91cf50,bf00fadd,bf1ebea7,3ee10cf1,3ebed599,be189255,3f11f959,3e842656,3dc667c9,3eea9889,be947b96,3e4a6934,3d4c04fe,3eaef2e6,3e06b837,bdec17ab,be08946e,bea57b34,3f28952d,bfaebcb5,3edc360c,bf0d1423,bdbc5646,bd7b1708,bf577847,3e15b3ca,bec4ec0e,bf30cb7d,3ef2249c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.gated_deltanet"(%q, %k, %v) : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: kimi_delta_attention
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.kimi_delta_attention dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:bde48bab,bda7e3f9,3df4084a,3ab6c09e,bd8e90a8,be17a3a2,3c62b562,3d0ca487,bda21649,be18fa08,3e4956ad,3f1f5a50,3e511674,bed54a4a,3f182821,3f32b6aa,3f1182ce,3e33455e,be9a8257,3fb4739a,bb8bcc92,bde14783,bc26e922,3e082a43,be00ce1c,be25b96d,3f7bf378,3f5a2f58,bfaf7c64,3edc2dee,bea36797,be91cf50,bf00fadd,bf1ebea7,3ee10cf1,3ebed599,be189255,3f11f959,3e842656,3dc667c9,3eea9889,be947b96,3e4a6934,3d4c04fe,3eaef2e6,3e06b837,bdec17ab,be08946e,bea57b34,3f28952d,bfaebcb5,3edc360c,bf0d1423,bdbc5646,bd7b1708,bf577847,3e15b3ca,bec4ec0e,bf30cb7d,3ef2249c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.kimi_delta_attention"(%q, %k, %v) : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: hybrid_kimi_softmax
// NOTE: An odd layer: softmax attention.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.hybrid_attention dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f29ea99,3eb5c478,bf132bd3,3da25953,3ef38bcb,3e632e72,3ece62e6,bd177e3c,be56f047,3ebcf4f6,3e8afdcc,3e68d1c9,bb8cd061,bddc4ac7,3ef76406,3e64f4fe,3cc3887a,3d39bb83,bc4b0d30,3edd61e2,3e2f80d1,3def6e94,bb4915a1,3c8c3821,3ebdcaee,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be9f88fc,3e1b80df,bef3896d,be41e538,bdecb578,beef0e0b,3e0dec33,be6d0ee9,be579dd8,be149f2a,bedff28f,3e6f68f1,beb872c8,beb9a625,3e43e99a,bebbc339,3e5969bb,be59ae43,be377abb,be123c05,bebfb6f1,3e503803,bdcf11f3,be2da4ef,3d41eba5
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.hybrid_attention"(%q, %k, %v) {pattern = "kimi_kda_mla", layer_index = 3 : i64} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: hybrid_ling_linear
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.hybrid_attention dtype=f32 level=graph
// INPUT: 0 tensor<1x2x6x3xf32> hex:3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60
// INPUT: 1 tensor<1x2x6x3xf32> hex:bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5
// INPUT: 2 tensor<1x2x6x5xf32> hex:3f394aad,3f081db5,bf45d8f7,bc142a4c,3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a
// EXPECT: 0 tensor<1x2x6x5xf32> hex:bde48bab,bda7e3f9,3df4084a,3ab6c09e,bd8e90a8,be17a3a2,3c62b562,3d0ca487,bda21649,be18fa08,3e4956ad,3f1f5a50,3e511674,bed54a4a,3f182821,3f32b6aa,3f1182ce,3e33455e,be9a8257,3fb4739a,bb8bcc92,bde14783,bc26e922,3e082a43,be00ce1c,be25b96d,3f7bf378,3f5a2f58,bfaf7c64,3edc2dee,bea36797,be91cf50,bf00fadd,bf1ebea7,3ee10cf1,3ebed599,be189255,3f11f959,3e842656,3dc667c9,3eea9889,be947b96,3e4a6934,3d4c04fe,3eaef2e6,3e06b837,bdec17ab,be08946e,bea57b34,3f28952d,bfaebcb5,3edc360c,bf0d1423,bdbc5646,bd7b1708,bf577847,3e15b3ca,bec4ec0e,bf30cb7d,3ef2249c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.hybrid_attention"(%q, %k, %v) {pattern = "ling_1_7_mla_lightning", layer_index = 2 : i64} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
}

// -----

// CASE: depth_attn
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.depth_attn dtype=f32 level=graph
// INPUT: 0 tensor<8xf32> hex:3e313f7e,3df9143c,3ee41e35,3f4ff561,beb4d1e5,3eb599e3,3f49ce74,3f6c6d1e
// INPUT: 1 tensor<7x3x8xf32> hex:be3a9efb,bd82853a,3eb9b986,3f063b12,be25fc93,3e09d280,bf3fd323,3e764853,bd7391b1,be3a1af6,bf137b54,3ec9e2bb,bf5fad8f,3ecddaf1,be81d1d2,3d9c6fc5,3f3fcc7f,3e00c61a,3df1d062,bef1304f,3e431165,3f10764b,bf024477,3ea04810,bf144c4a,bec42938,3f0c68ac,be55f819,3e86c1c2,bf413ae1,bd975b7a,bea6687d,bf69c8f2,bef4c9ae,3f714438,3f20621e,3ee7b90d,3f46adab,bf6583dc,3f44a0f7,bf4591be,bd5d681e,be859994,be2b2ae3,bcf3c227,be488604,3f5e46e6,3ee4b9e3,bcb97c98,3f66a428,3f03d6ad,3e73a831,bf2f51e1,bf02e930,bf4ec07e,3f0b897d,bf1126dd,bf04aa58,bd5dce42,bf065bf6,bec4c2ac,3eeb96e7,bdef6921,3f361a81,3f478a92,be985cf3,be26956d,bf721952,3db9f703,3f4d3965,3ea0896a,3f14dc10,3e8e4347,3f71da77,3f33a9e4,be89ad48,3e949c8b,bf19b281,3f139b41,bec90407,beaba3e6,3f7e29fc,bf427c90,bf5d47e9,3f79f1aa,3e8aca75,3e172c1d,3f7eed1a,bf79ef52,3f49835e,3e7c818e,be9445e3,bf1d94ea,bda5b735,3f1a2c3b,3f111010,bf743211,be2c41b8,bf136cae,3f3022bf,bf29aa91,3f523cd5,bd8966e2,bed06222,3f22fb68,3e45c2fb,3f53c546,bf622334,bf68195e,bcf38484,3f576414,bf237212,3f6966c4,3d7b3280,3e0ce005,bf27a79f,bd58af3c,3d8ca4df,3f7c2bdc,3f32265b,3f4d3428,bf5f9dbf,beca7e83,3e58e793,3ea422ae,bd351bf5,3e36177d,bdea6600,3f7376db,3f503544,bf04134f,be266d06,bf36881a,bd7c3938,bf32bb33,be2feae6,bf10507f,beace19b,3f172146,bf66296e,bedac97e,bf3cc535,bf086646,3d8a838e,becd827e,bf0c3f58,3f2f47b5,3f05d6d2,bec6e361,3eff86ee,3b8179b4,be807f75,bf1aeecc,bf2650d8,bf4c3080,3ef0fbc6,be3ba56f,bf0f5b87,3e397daa,beca51ca,3ef99e2b,3f074c0a,bedf4ebd,3e405fea,3e5042d8,3e4c74b4,bf3bbc6d,3df44b20
// EXPECT: 0 tensor<3x8xf32> hex:be5f8672,bd62c671,3ec0630f,3ec84ebb,bea10289,3e12c4cb,be5f968a,bd3d73e3,bea5cbc9,be2d258f,3e1480c0,3ca08311,be518599,3ecfc196,be81f737,3eb487e7,3be6aaed,3e5b34fc,3d496027,bee92955,be36a75f,3d47c814,3f32b2c8,3f11736c
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<8xf32>, %s: tensor<7x3x8xf32>) -> tensor<3x8xf32> {
    %r = "tessera.depth_attn"(%q, %s) {eps = 1.0e-6 : f64} : (tensor<8xf32>, tensor<7x3x8xf32>) -> tensor<3x8xf32>
    return %r : tensor<3x8xf32>
  }
}

// -----

// CASE: selective_ssm
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.selective_ssm dtype=f32 level=graph
// INPUT: 0 tensor<2x5x3xf32> hex:befac13d,bf20695c,3e3c8241,bf127e7a,bf3ec747,3f1dda36,3ee206e3,3f193853,bf11ce0d,3ed1c2ee,bf6ff4e6,bf781c56,bf606496,bf020946,3efb5567,bf02161c,be2b317d,bebd7a44,3e9dba92,be2e4023,3f0fc4d8,be74e84e,be7ebc12,3f2d23c4,3ebfc283,3f5802a2,3f0dbc94,bf55e7d6,3f5d661a,3e5f9c00
// INPUT: 1 tensor<3x4xf32> hex:bef4b8a9,be93f8cf,be241bf4,bd56b778,bf24ff9f,bebfb1dc,bf0e8f1f,bed38f76,bf1ce37b,bf526e97,bf516437,beef1e09
// INPUT: 2 tensor<2x5x4xf32> hex:3b79d49c,3ea5d771,3f0d0e3e,bf4db2ab,bf63d60f,3f5f6cf7,bd18e054,bed824fd,3f3993e3,bf6bc32e,be36ce9b,3f0816a0,bef2dc3b,bf2425e3,bf668a97,3f218e98,be853f66,bf3d2719,3f371a1a,bc9b561a,3f77c925,3d6ba5f3,3f3e0762,3e246ebc,3f13b534,3f447de3,3f249f99,bf60a12d,bf41823f,bf039e2f,bf2447d0,3e7299d5,bf6ff8f7,3e9d1fdd,bf21fbbc,be8503ce,3e2d3f79,befc5d74,3c8ecdae,3e22e751
// INPUT: 3 tensor<2x5x4xf32> hex:3e5d8596,bf6a9422,3f1774cb,bf5f624f,3f3996ef,bf6c4bb5,bf77941d,3d994f31,be1bfc65,bf023137,3b172662,3f1346e9,bf70fc87,bef6f2d3,bf4901fa,bf4d799c,beb7fc66,bcb4324a,bed050dd,3ebb4bb4,3f0cbea8,3efd85e4,3f2a9c03,bf7499bb,3f264d5d,be1f56c4,3f147b9d,3deca6bd,3ed73df5,be091687,be3941eb,3f6eef26,3cc55344,3f4f2e51,3f61397a,3f0c98fd,bf710534,bd18490b,bed23295,3ea184db
// INPUT: 4 tensor<2x5x3xf32> hex:3ec5f0ef,3f50304d,3f696f26,3f64238b,3f0568dd,3f25fe29,3f5c8158,3f73ba10,3e45e944,3ef866d8,3f5e9d77,3f5669f2,3e99de6c,3f0e8706,3ecf849d,3f60001e,3f1d0a5d,3ea0ee3a,3f77fdd7,3ef8bf2a,3f73eabd,3f652423,3e9418c9,3eb3f166,3f027de9,3f039e6b,3e6d73dd,3e33fa64,3eef6124,3f53a2ee
// EXPECT: 0 tensor<2x5x3xf32> hex:be0dc1e8,bebec21b,3dfb5abd,3f611a18,3f69f419,bf2ae011,3f198e66,3f35ce29,bea990f2,be87e8a2,bf87042a,bf035425,3e9c5366,bea7b804,bf077b6b,becd51d7,bdbd6e08,bdd6dafe,be3fee62,be0032cd,3e5e862e,beb1af15,3cd49590,beb7ecbf,bd3d8a12,be7495a3,bd669ed9,bbef9fc9,3eadc19e,bd0831fe
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x5x3xf32>, %a: tensor<3x4xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x5x4xf32>, %d: tensor<2x5x3xf32>) -> tensor<2x5x3xf32> {
    %r = "tessera.selective_ssm"(%x, %a, %b, %c, %d) {chunk_size = 64 : i64} : (tensor<2x5x3xf32>, tensor<3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
    return %r : tensor<2x5x3xf32>
  }
}

// -----

// CASE: selective_ssm_gate_init
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.selective_ssm dtype=f32 level=graph
// INPUT: 0 tensor<2x5x3xf32> hex:befac13d,bf20695c,3e3c8241,bf127e7a,bf3ec747,3f1dda36,3ee206e3,3f193853,bf11ce0d,3ed1c2ee,bf6ff4e6,bf781c56,bf606496,bf020946,3efb5567,bf02161c,be2b317d,bebd7a44,3e9dba92,be2e4023,3f0fc4d8,be74e84e,be7ebc12,3f2d23c4,3ebfc283,3f5802a2,3f0dbc94,bf55e7d6,3f5d661a,3e5f9c00
// INPUT: 1 tensor<3x4xf32> hex:bef4b8a9,be93f8cf,be241bf4,bd56b778,bf24ff9f,bebfb1dc,bf0e8f1f,bed38f76,bf1ce37b,bf526e97,bf516437,beef1e09
// INPUT: 2 tensor<2x5x4xf32> hex:3b79d49c,3ea5d771,3f0d0e3e,bf4db2ab,bf63d60f,3f5f6cf7,bd18e054,bed824fd,3f3993e3,bf6bc32e,be36ce9b,3f0816a0,bef2dc3b,bf2425e3,bf668a97,3f218e98,be853f66,bf3d2719,3f371a1a,bc9b561a,3f77c925,3d6ba5f3,3f3e0762,3e246ebc,3f13b534,3f447de3,3f249f99,bf60a12d,bf41823f,bf039e2f,bf2447d0,3e7299d5,bf6ff8f7,3e9d1fdd,bf21fbbc,be8503ce,3e2d3f79,befc5d74,3c8ecdae,3e22e751
// INPUT: 3 tensor<2x5x4xf32> hex:3e5d8596,bf6a9422,3f1774cb,bf5f624f,3f3996ef,bf6c4bb5,bf77941d,3d994f31,be1bfc65,bf023137,3b172662,3f1346e9,bf70fc87,bef6f2d3,bf4901fa,bf4d799c,beb7fc66,bcb4324a,bed050dd,3ebb4bb4,3f0cbea8,3efd85e4,3f2a9c03,bf7499bb,3f264d5d,be1f56c4,3f147b9d,3deca6bd,3ed73df5,be091687,be3941eb,3f6eef26,3cc55344,3f4f2e51,3f61397a,3f0c98fd,bf710534,bd18490b,bed23295,3ea184db
// INPUT: 4 tensor<2x5x3xf32> hex:3ec5f0ef,3f50304d,3f696f26,3f64238b,3f0568dd,3f25fe29,3f5c8158,3f73ba10,3e45e944,3ef866d8,3f5e9d77,3f5669f2,3e99de6c,3f0e8706,3ecf849d,3f60001e,3f1d0a5d,3ea0ee3a,3f77fdd7,3ef8bf2a,3f73eabd,3f652423,3e9418c9,3eb3f166,3f027de9,3f039e6b,3e6d73dd,3e33fa64,3eef6124,3f53a2ee
// INPUT: 5 tensor<2x5x3xf32> hex:3f2e9cb3,bf438d14,be30f00a,3eaf89e0,be93f184,bf6ca76c,3ddc1830,3f28f6bc,bf42d001,3eceeffa,3e2e13e6,bf2968bf,bf3a5fcb,bf2c1cf2,be95125c,bf557a07,3eeba051,be69d146,3f299559,bf570251,be7abaa3,bea3a12d,bf7069b6,bd8fd0da,bf6a4fad,bebce0d8,bf24bc52,beb945c7,3df23d90,3ee01e7d
// INPUT: 6 tensor<2x3x4xf32> hex:3ec7a825,bece1950,3e05761d,3f32a52b,bdab062f,be424779,bea545c3,3ec581d9,bf21e2b9,3f4a1629,3ee41532,3ec4d3d3,3f362a8e,3d96d294,3e681d82,3f583b98,becc79f7,3d23a962,bf65a3dd,be95ad3f,bc95e997,bf046694,becf196a,bf6c88e6
// EXPECT: 0 tensor<2x5x3xf32> hex:be377816,3ef15122,3d8a8608,3ed8ed0c,beab9007,3f88537e,3de6a19d,3f0df499,3e6649b0,beacb2bf,be37f65f,3ec15697,beab93f5,3e3e879f,3e0dbda4,3f211f78,be4be6bf,bd631f3a,3df957b8,3ef110c2,bcc47433,bdfc7cfd,3defc47c,3d51c1e9,bee5d102,3e584496,3e90fc87,bc3316fe,3d6a8bdf,bd262a63
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x5x3xf32>, %a: tensor<3x4xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x5x4xf32>, %d: tensor<2x5x3xf32>, %g: tensor<2x5x3xf32>, %h: tensor<2x3x4xf32>) -> tensor<2x5x3xf32> {
    %r = "tessera.selective_ssm"(%x, %a, %b, %c, %d, %g, %h) {operand_clauses = {gate = [5, 1], init = [6, 1]}} : (tensor<2x5x3xf32>, tensor<3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x5x3xf32>, tensor<2x5x3xf32>, tensor<2x3x4xf32>) -> tensor<2x5x3xf32>
    return %r : tensor<2x5x3xf32>
  }
}

// -----

// CASE: linear_attn_elu_bf16
// NOTE: bf16 operands, computed in f32.
// RULE: tol:rtol=1e-2,atol=1e-2
// REQUIRES: op=tessera.linear_attn dtype=bf16 level=graph
// INPUT: 0 tensor<2x7x4xbf16> hex:3f77,be63,bf56,3e07,bf2b,3f53,3f18,befe,3f7d,bf42,be9e,be8f,beb5,3f65,3f34,3f3b,3d49,bf26,3f72,bf36,bd58,be90,bf70,3f0d,3e90,3f3d,3f51,bf48,bf27,3f0a,3f3b,3df7,bd90,3f0e,3e7b,3e56,3f3e,bf02,bf79,3e45,be8a,3e01,bf37,3f0c,bf31,bebb,be69,3ea0,3f31,3f2e,be0b,3ce1,be07,3f48,bf77,bbf6
// INPUT: 1 tensor<2x7x4xbf16> hex:3d96,3f0b,bf71,3ecd,be53,3f13,bf0e,bf2b,3dc3,3da5,3e94,be92,3f75,beb8,3f0e,3e0c,bf32,3ee0,bf6d,be42,3f57,3ee6,bf07,3bb4,3f1a,3f6f,3f42,beb1,3dbb,becc,3f69,bf5e,3e90,be38,3f26,bf43,3d0e,3ed5,bf50,3f1f,3f3f,3f68,3f56,3f56,bf2f,3f0d,3f78,3f35,bef3,3cde,bf36,bda3,3ee8,bebb,3f44,be52
// INPUT: 2 tensor<2x7x3xbf16> hex:be46,bf77,beb6,be12,3ef6,bf10,3f1f,3f5e,bc7f,bf65,3eba,3f21,bf31,bc3a,3eb6,be41,bf75,3e62,bf2c,bf79,bd6c,bc76,3f59,3f25,3f06,be89,bd2d,be83,3f69,3f23,bf7b,bf46,3f1b,3f0e,beed,3eb8,be7d,3f27,bd32,3f1c,bd85,3f3b
// EXPECT: 0 tensor<2x7x3xbf16> hex:bf7c,c09d,bfe8,bfca,c020,c088,3fac,3f8e,c056,c096,4087,bf74,c0aa,408b,3fd4,c0ca,c026,3fdf,c168,c11f,3fff,bda5,4092,405e,4026,4035,403e,3f48,40c9,40a4,c0d4,3f56,4118,c021,bfd6,411f,c0ae,3f00,4172,c003,3e36,4169
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<2x7x4xbf16>, %k: tensor<2x7x4xbf16>, %v: tensor<2x7x3xbf16>) -> tensor<2x7x3xbf16> {
    %r = "tessera.linear_attn"(%q, %k, %v) {feature_map = "elu"} : (tensor<2x7x4xbf16>, tensor<2x7x4xbf16>, tensor<2x7x3xbf16>) -> tensor<2x7x3xbf16>
    return %r : tensor<2x7x3xbf16>
  }
}

// -----

// CASE: selective_ssm_f16
// NOTE: f16 operands, computed in f32.
// RULE: tol:rtol=2e-3,atol=2e-3
// REQUIRES: op=tessera.selective_ssm dtype=f16 level=graph
// INPUT: 0 tensor<1x6x2xf16> hex:37a8,3808,babe,2e44,bba1,31c9,b1ca,ba40,b18a,b887,b300,ad64
// INPUT: 1 tensor<2x3xf16> hex:ac5d,b416,b7d0,b46e,b4eb,b8e5
// INPUT: 2 tensor<1x6x3xf16> hex:2593,b5a6,3999,39e7,34ab,b828,b95a,ba33,b90d,3b26,ba89,aee9,b8cf,3979,2f67,3b35,3a58,3006
// INPUT: 3 tensor<1x6x3xf16> hex:bba5,b639,36f1,ba33,3ad8,39a0,b8a1,bbae,b9a9,3a16,b458,3ad8,b951,b121,364c,37e1,b868,b9c0
// INPUT: 4 tensor<1x6x2xf16> hex:3ba7,387f,3ade,3878,2233,38b5,3bee,3bfa,390b,392d,3543,3034
// EXPECT: 0 tensor<1x6x2xf16> hex:3227,2f9d,3837,a38a,325b,30a0,b033,b8ed,37fa,3367,b569,b4ab
// GENERATOR: conformance/gen/graph_attnstate.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x6x2xf16>, %a: tensor<2x3xf16>, %b: tensor<1x6x3xf16>, %c: tensor<1x6x3xf16>, %d: tensor<1x6x2xf16>) -> tensor<1x6x2xf16> {
    %r = "tessera.selective_ssm"(%x, %a, %b, %c, %d) : (tensor<1x6x2xf16>, tensor<2x3xf16>, tensor<1x6x3xf16>, tensor<1x6x3xf16>, tensor<1x6x2xf16>) -> tensor<1x6x2xf16>
    return %r : tensor<1x6x2xf16>
  }
}
