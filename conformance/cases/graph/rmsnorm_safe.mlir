// tessera.rmsnorm_safe: the guide's name of tessera.rmsnorm.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rows_f32
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm_safe dtype=f32 level=graph
// INPUT: 0 tensor<6x16xf32> hex:40b02b3e,c05a9670,3ee177b1,bfc58513,4061b889,3ecfebb8,c0be0ded,40c83da8,3f41b3e0,bf2126fe,c0915dcc,40a553df,bf37fc5b,4025180c,4087462a,40234e07,3e2c8917,40b69ef9,3f101bf9,c0261b16,4015521b,bfc81f87,c0680674,c03e4fc6,3e51be8a,bf0b41e4,3fb58080,3f441a9c,c06bbbb0,c0158b01,4106f109,bf9736f9,c007e00d,3e92e1a4,3f4aadef,3f7f802a,c03cf821,40315e21,3f1b0e23,c08b31e2,bf06b295,3e345cb1,40df5bbf,c09bd663,c039cbfd,be98245b,c03701a1,c02edf90,c0de4831,3f881cbc,40232bdf,c08fed0a,bf2d60a8,406d4caf,40a62d35,40c3eed3,be34436e,be8a55f1,bfc05c62,3fffe6b9,3e93325b,3ffc904a,c00a6473,40191acb,3fd63ab3,bf173855,c08b4daf,c06832af,c01a9f46,4063fc2a,be0f454e,c091ffe3,3f7b190e,3efca077,c0000694,bfcee9a0,3ec6c9b6,4034491e,4067c69d,40dc6581,bdd07045,4046688f,c0141a4b,3f524e11,be5c09f1,c08d2285,4008ddb8,3f888a56,40cbafe2,c07fd6ab,4000d60e,bf9bdc7c,401c169e,3f1ce6ce,3e46d6b0,3e3dc26a
// INPUT: 1 tensor<16xf32> hex:3f7276b6,3daa583d,bf7ed1ed,bf2e61f9,bfbf8e75,3f4de9e1,3f20f451,3daf02ca,404734c1,3e067a8d,bfc5dc58,bfc45bba,beeb5ca6,3e992ce2,be641a95,bd07c277
// EXPECT: 0 tensor<6x16xf32> hex:3fb79953,bda00c1a,bdf6f396,3e940cc8,bfb9d99a,3db8066b,bf837c0c,3e16a150,3f25db3c,bcba4cf2,3ff741a9,c00b896c,3dba2112,3e596468,be84a13d,bcbe9651,3d4c28a4,3e17d14c,be333665,3f0d5c88,bf8b977c,bec91b26,bf364169,bda28b7a,3e4be898,bcb6c965,bf2f42a6,bebbec1d,3f07627c,be5f93c7,bf1637ba,3c485f4a,bf2ec566,3c04bb95,be88fe02,be6c5cbb,3fc007dc,3f41c00d,3e046523,be013b75,bf0e588e,3c00abd5,c06a7268,402254f4,3ee7fbc7,bcf74216,3e5d73f4,3cfbe339,bffe42f1,3cdac4cd,bf442890,3f6ccfa1,3e9cae9b,3f668581,3f7c5de3,3e21c580,be296905,bc2f8745,3f338ef6,bf6d0e5f,bd23712a,3e3682d3,3e14ed63,bcc41e56,3f040ef9,bc82fb2a,3fb47ed3,3f4de383,3f969adf,3f6eb48d,bcea827e,be01ec63,3f7e5749,3cacbe8a,3f80cdad,3f4e96c0,bd6de6bf,3e8c6ad4,be8669bd,bd982413,bd1712e6,3dca0fb0,3f61a07f,be5b40ff,3dfbfe85,bfadbedb,3f03b3c3,3d0edcff,40f2953f,be4db0bb,bf986702,3f36f889,bedba27f,3d8faf49,bc8794a6,bb1a0454
// GENERATOR: conformance/gen/graph_guide_names.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x16xf32>, %g: tensor<16xf32>) -> tensor<6x16xf32> {
    %0 = "tessera.rmsnorm_safe"(%x, %g) : (tensor<6x16xf32>, tensor<16xf32>) -> tensor<6x16xf32>
    return %0 : tensor<6x16xf32>
  }
}

// -----

// CASE: rows_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm_safe dtype=f32 level=graph
// INPUT: 0 tensor<6x16xf32> hex:40b02b3e,c05a9670,3ee177b1,bfc58513,4061b889,3ecfebb8,c0be0ded,40c83da8,3f41b3e0,bf2126fe,c0915dcc,40a553df,bf37fc5b,4025180c,4087462a,40234e07,3e2c8917,40b69ef9,3f101bf9,c0261b16,4015521b,bfc81f87,c0680674,c03e4fc6,3e51be8a,bf0b41e4,3fb58080,3f441a9c,c06bbbb0,c0158b01,4106f109,bf9736f9,c007e00d,3e92e1a4,3f4aadef,3f7f802a,c03cf821,40315e21,3f1b0e23,c08b31e2,bf06b295,3e345cb1,40df5bbf,c09bd663,c039cbfd,be98245b,c03701a1,c02edf90,c0de4831,3f881cbc,40232bdf,c08fed0a,bf2d60a8,406d4caf,40a62d35,40c3eed3,be34436e,be8a55f1,bfc05c62,3fffe6b9,3e93325b,3ffc904a,c00a6473,40191acb,3fd63ab3,bf173855,c08b4daf,c06832af,c01a9f46,4063fc2a,be0f454e,c091ffe3,3f7b190e,3efca077,c0000694,bfcee9a0,3ec6c9b6,4034491e,4067c69d,40dc6581,bdd07045,4046688f,c0141a4b,3f524e11,be5c09f1,c08d2285,4008ddb8,3f888a56,40cbafe2,c07fd6ab,4000d60e,bf9bdc7c,401c169e,3f1ce6ce,3e46d6b0,3e3dc26a
// INPUT: 1 tensor<16xf32> hex:3f7276b6,3daa583d,bf7ed1ed,bf2e61f9,bfbf8e75,3f4de9e1,3f20f451,3daf02ca,404734c1,3e067a8d,bfc5dc58,bfc45bba,beeb5ca6,3e992ce2,be641a95,bd07c277
// EXPECT: 0 tensor<6x16xf32> hex:3fb79953,bda00c1a,bdf6f396,3e940cc8,bfb9d99a,3db8066b,bf837c0c,3e16a150,3f25db3c,bcba4cf2,3ff741a9,c00b896c,3dba2113,3e596469,be84a13e,bcbe9651,3d4c28a5,3e17d14d,be333665,3f0d5c88,bf8b977c,bec91b26,bf36416a,bda28b7a,3e4be899,bcb6c965,bf2f42a6,bebbec1e,3f07627d,be5f93c7,bf1637ba,3c485f4b,bf2ec566,3c04bb95,be88fe01,be6c5cba,3fc007db,3f41c00d,3e046523,be013b75,bf0e588e,3c00abd5,c06a7268,402254f4,3ee7fbc7,bcf74216,3e5d73f3,3cfbe339,bffe42f1,3cdac4ce,bf442892,3f6ccfa3,3e9cae9c,3f668582,3f7c5de4,3e21c581,be296906,bc2f8745,3f338ef7,bf6d0e61,bd23712a,3e3682d4,3e14ed64,bcc41e57,3f040ef8,bc82fb29,3fb47ed1,3f4de382,3f969add,3f6eb48b,bcea827d,be01ec62,3f7e5747,3cacbe88,3f80cdad,3f4e96be,bd6de6bd,3e8c6ad2,be8669bd,bd982412,bd1712e6,3dca0fb0,3f61a07f,be5b40ff,3dfbfe85,bfadbedb,3f03b3c3,3d0edcff,40f29540,be4db0bb,bf986702,3f36f889,bedba27f,3d8faf49,bc8794a6,bb1a0454
// GENERATOR: conformance/gen/graph_guide_names.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x16xf32>, %g: tensor<16xf32>) -> tensor<6x16xf32> {
    %0 = "tessera.rmsnorm_safe"(%x, %g) : (tensor<6x16xf32>, tensor<16xf32>) -> tensor<6x16xf32>
    return %0 : tensor<6x16xf32>
  }
}
