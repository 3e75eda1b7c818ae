// tessera.log_softmax: the safe form, sequential per row.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rows_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:bf2118c1,40ce9e8e,40988916,3e214ca1,40ea301d,befdfa4b,3f63f6f8,405e2801,c10d0b71,c04d49d0,c027c885,c08d257f,405426dd,40a8dc0f,c1231062,40520bf0,c089f57d,3e29c442,40b22bce,3fb44dcb,40473a31,bfe6a143,c11bb9f3,40b79979,3f0379a8,bfd88e43,40d6caf1,bf9304fc,40024960,40c6c21f,c094d78c,c075cade,bfc4eae5,c0492d29,bee805c6,407ff2b2,3f9d75b1,3f9c9f6b,c090b2e5,c05f6d1a,3f47a845,c08dfa2f,c094f4e6,3fb4a0aa,bf8dcf9d,c0fbb217,c02c64a1,c0914f2a,bfbc118e,404cdfa9,bfbfa1c3,3e588778,c0ed911a,40a5a4e8,40429b36,c080238a,3fb7c2b4,403fb796,c04dadfb,401d993e
// EXPECT: 0 tensor<5x12xf32> hex:c105ea38,bfa44b25,c03e5083,c0f2a6f2,bed813a5,c103c87e,c0db3278,c0889d57,c184720f,c12f2b1f,c125cacd,c1426b6b,c05b8ae8,bfbbf34f,c1877e69,c05da5d6,c130e730,c0d28ac1,bf96b453,c0aac570,c0687794,c108c09a,c183d332,bf80fda7,c0d70f6e,c10ed11a,bf059d91,c1061ff1,c0a659f3,bf82f210,c13e2b17,c1313209,c10c5cae,c1260a9c,c0f5feff,c04f0a94,bfb06448,bfb13a8e,c0e42964,c0c32d0c,bfea05d6,c0e170ae,c0e86b64,bf99394f,c06dd4cc,c127944b,c0a9a8cf,c0e4c5a8,c0e0fbe7,c0170f5c,c0e1dff4,c0ab3347,c14fc44e,bec529aa,c02153cf,c1190d86,c08406d6,c024376f,c10c6740,c04655c7
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: rows_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:bf2118c1,40ce9e8e,40988916,3e214ca1,40ea301d,befdfa4b,3f63f6f8,405e2801,c10d0b71,c04d49d0,c027c885,c08d257f,405426dd,40a8dc0f,c1231062,40520bf0,c089f57d,3e29c442,40b22bce,3fb44dcb,40473a31,bfe6a143,c11bb9f3,40b79979,3f0379a8,bfd88e43,40d6caf1,bf9304fc,40024960,40c6c21f,c094d78c,c075cade,bfc4eae5,c0492d29,bee805c6,407ff2b2,3f9d75b1,3f9c9f6b,c090b2e5,c05f6d1a,3f47a845,c08dfa2f,c094f4e6,3fb4a0aa,bf8dcf9d,c0fbb217,c02c64a1,c0914f2a,bfbc118e,404cdfa9,bfbfa1c3,3e588778,c0ed911a,40a5a4e8,40429b36,c080238a,3fb7c2b4,403fb796,c04dadfb,401d993e
// EXPECT: 0 tensor<5x12xf32> hex:c105ea38,bfa44b25,c03e5083,c0f2a6f2,bed813a4,c103c87e,c0db3278,c0889d57,c184720e,c12f2b20,c125cacd,c1426b6b,c05b8ae8,bfbbf34f,c1877e6a,c05da5d5,c130e730,c0d28ac1,bf96b453,c0aac570,c0687794,c108c09a,c183d332,bf80fda7,c0d70f6e,c10ed11a,bf059d93,c1061ff1,c0a659f3,bf82f211,c13e2b18,c1313209,c10c5cae,c1260a9c,c0f5ff00,c04f0a95,bfb06449,bfb13a8f,c0e42963,c0c32d0b,bfea05d7,c0e170ad,c0e86b64,bf993950,c06dd4cb,c127944b,c0a9a8cf,c0e4c5a8,c0e0fbe6,c0170f5d,c0e1dff4,c0ab3347,c14fc44e,bec529ac,c02153d0,c1190d86,c08406d6,c0243770,c10c6740,c04655c8
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: axis0_f32
// NOTE: axis = 0: strided rows.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:bf2118c1,40ce9e8e,40988916,3e214ca1,40ea301d,befdfa4b,3f63f6f8,405e2801,c10d0b71,c04d49d0,c027c885,c08d257f,405426dd,40a8dc0f,c1231062,40520bf0,c089f57d,3e29c442,40b22bce,3fb44dcb,40473a31,bfe6a143,c11bb9f3,40b79979,3f0379a8,bfd88e43,40d6caf1,bf9304fc,40024960,40c6c21f,c094d78c,c075cade,bfc4eae5,c0492d29,bee805c6,407ff2b2,3f9d75b1,3f9c9f6b,c090b2e5,c05f6d1a,3f47a845,c08dfa2f,c094f4e6,3fb4a0aa,bf8dcf9d,c0fbb217,c02c64a1,c0914f2a,bfbc118e,404cdfa9,bfbfa1c3,3e588778,c0ed911a,40a5a4e8,40429b36,c080238a,3fb7c2b4,403fb796,c04dadfb,401d993e
// EXPECT: 0 tensor<5x12xf32> hex:c084630a,be9a34fe,c0051457,c04e436a,bbd571a7,c0e07217,c0986960,be693f85,c141ea8f,c0c6e611,c01ac8e8,c12578ce,be459064,bfbd973c,c1884d01,bdc9888a,c13a2d7b,c0cb4450,bdaf1c37,c0129514,be44248b,c099e97a,c1187a0c,be465475,c03fa179,c10732b7,be090a0e,c090ed59,c0a940c9,be9d0529,c124dfe5,c0f1436c,c09af8f6,c0c4d7be,be8008df,bff74b0f,c011c50a,c0b11a03,c135e313,c0dbe2a7,c0d17070,c12f4650,c124ee92,c0126ba4,c08d3224,c12df9a0,c01f6504,c1278da4,c09f4455,c063a413,c1057dd9,c04acfbc,c16bfb4a,bfabb626,c0273548,c0f68186,bfef363f,bc4abb93,c040ae5e,c05dfefb
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.log_softmax"(%x) {axis = 0} : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: axis0_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:bf2118c1,40ce9e8e,40988916,3e214ca1,40ea301d,befdfa4b,3f63f6f8,405e2801,c10d0b71,c04d49d0,c027c885,c08d257f,405426dd,40a8dc0f,c1231062,40520bf0,c089f57d,3e29c442,40b22bce,3fb44dcb,40473a31,bfe6a143,c11bb9f3,40b79979,3f0379a8,bfd88e43,40d6caf1,bf9304fc,40024960,40c6c21f,c094d78c,c075cade,bfc4eae5,c0492d29,bee805c6,407ff2b2,3f9d75b1,3f9c9f6b,c090b2e5,c05f6d1a,3f47a845,c08dfa2f,c094f4e6,3fb4a0aa,bf8dcf9d,c0fbb217,c02c64a1,c0914f2a,bfbc118e,404cdfa9,bfbfa1c3,3e588778,c0ed911a,40a5a4e8,40429b36,c080238a,3fb7c2b4,403fb796,c04dadfb,401d993e
// EXPECT: 0 tensor<5x12xf32> hex:c084630a,be9a34ff,c0051457,c04e436a,bbd57119,c0e07216,c0986960,be693f81,c141ea90,c0c6e611,c01ac8e8,c12578ce,be45905d,bfbd973c,c1884d01,bdc98882,c13a2d7b,c0cb4450,bdaf1c2e,c0129514,be442491,c099e979,c1187a0c,be465479,c03fa179,c10732b7,be090a0f,c090ed59,c0a940c9,be9d052b,c124dfe5,c0f1436c,c09af8f6,c0c4d7bd,be8008dc,bff74b0f,c011c50a,c0b11a03,c135e313,c0dbe2a7,c0d17071,c12f4650,c124ee92,c0126ba4,c08d3224,c12df9a0,c01f6504,c1278da3,c09f4455,c063a413,c1057dd9,c04acfbd,c16bfb4a,bfabb627,c0273547,c0f68187,bfef3640,bc4abb5e,c040ae5e,c05dfefc
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.log_softmax"(%x) {axis = 0} : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: axis1_3d_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x7x3xf32> hex:c1092b1a,c0a3d50b,c02c4faa,c0d8e494,3ea55e9c,4107d993,411fc7ef,bfcf534c,40f5f7c9,c0ef7134,413c1fbc,40d74c1f,c1ae0e6a,c0b91d12,3f0947b3,40e3b520,c087e47c,be87366d,c0c9377f,412b0255,c0c0dba4,409470ba,bf628edb,c04434a7,c11b4fba,4176e392,c0c8086d,402a2483,410e176d,bcfed900,41af3bb3,41299d1b,c0fa639c,c0446775,41155a3b,41a7d33a,413fe22c,40fe126c,c1563b29,c0445ceb,3f83a12b,c0dc6536
// EXPECT: 0 tensor<2x7x3xf32> hex:c194ea6a,c189614c,c13aa484,c1868e02,c13bad1d,bef6e0b1,bd61cb95,c15ac27c,bfa4a5a0,c18c312a,be970abc,c00faa24,c1fe6348,c18eb34d,c106fc1e,c03b3caa,c1826528,c113ca4c,c182a2bd,bfaeade7,c16ffe6b,c18a1f9e,c1829f25,c1c059cf,c1fce3aa,bc4728dc,c1d9d555,c199f73d,c0d1fbde,c1a812f0,b84ffeae,c09af082,c1e66c21,c1c7c8bc,c0c37642,00000000,c11e956e,c0f0184c,c2097867,c1c7c76a,c166a137,c1deec88
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x7x3xf32>) -> tensor<2x7x3xf32> {
    %0 = "tessera.log_softmax"(%x) {axis = 1} : (tensor<2x7x3xf32>) -> tensor<2x7x3xf32>
    return %0 : tensor<2x7x3xf32>
  }
}

// -----

// CASE: axis1_3d_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x7x3xf32> hex:c1092b1a,c0a3d50b,c02c4faa,c0d8e494,3ea55e9c,4107d993,411fc7ef,bfcf534c,40f5f7c9,c0ef7134,413c1fbc,40d74c1f,c1ae0e6a,c0b91d12,3f0947b3,40e3b520,c087e47c,be87366d,c0c9377f,412b0255,c0c0dba4,409470ba,bf628edb,c04434a7,c11b4fba,4176e392,c0c8086d,402a2483,410e176d,bcfed900,41af3bb3,41299d1b,c0fa639c,c0446775,41155a3b,41a7d33a,413fe22c,40fe126c,c1563b29,c0445ceb,3f83a12b,c0dc6536
// EXPECT: 0 tensor<2x7x3xf32> hex:c194ea6a,c189614c,c13aa483,c1868e02,c13bad1d,bef6e0b3,bd61cb89,c15ac27b,bfa4a5a1,c18c312a,be970abc,c00faa24,c1fe6347,c18eb34d,c106fc1d,c03b3caa,c1826528,c113ca4c,c182a2bd,bfaeade7,c16ffe6b,c18a1f9f,c1829f25,c1c059cf,c1fce3aa,bc472896,c1d9d555,c199f73d,c0d1fbde,c1a812f0,b85033c2,c09af082,c1e66c21,c1c7c8bc,c0c37642,b05927a4,c11e956e,c0f0184c,c2097867,c1c7c76a,c166a137,c1deec88
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x7x3xf32>) -> tensor<2x7x3xf32> {
    %0 = "tessera.log_softmax"(%x) {axis = 1} : (tensor<2x7x3xf32>) -> tensor<2x7x3xf32>
    return %0 : tensor<2x7x3xf32>
  }
}

// -----

// CASE: large_f32
// NOTE: Large logits (no overflow thanks to the max), equal rows, subnormals.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:447a0000,4479c000,44798000,c47a0000,f149f2ca,f149f2ca,f149f2ca,f149f2ca,42b00000,42b20000,42b40000,42b60000,00000000,80000000,000116c2,800116c2
// EXPECT: 0 tensor<4x4xf32> hex:bed0b1ba,bfb42c6e,c01a1637,c4fa0d0b,bfb17218,bfb17218,bfb17218,bfb17218,c05c2c11,c01c2c11,bfb85823,bee1608b,bfb17218,bfb17218,bfb17218,bfb17218
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// CASE: large_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:447a0000,4479c000,44798000,c47a0000,f149f2ca,f149f2ca,f149f2ca,f149f2ca,42b00000,42b20000,42b40000,42b60000,00000000,80000000,000116c2,800116c2
// EXPECT: 0 tensor<4x4xf32> hex:bed0b1bb,bfb42c6f,c01a1637,c4fa0d0b,bfb17218,bfb17218,bfb17218,bfb17218,c05c2c11,c01c2c11,bfb85823,bee1608b,bfb17218,bfb17218,bfb17218,bfb17218
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// CASE: specials_f32
// NOTE: NaN row -> all NaN; +Inf row -> NaN where x - max is NaN (Inf - Inf) and
// NOTE: 0 or -Inf elsewhere; -Inf elements -> 0 (log: -Inf); an all -Inf row is NaN.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<4x3xf32> hex:3f800000,7fc00000,40000000,7f800000,3f800000,40000000,ff800000,3f800000,40000000,ff800000,ff800000,ff800000
// EXPECT: 0 tensor<4x3xf32> hex:7fc00000,7fc00000,7fc00000,ffc00000,ffc00000,ffc00000,ff800000,bfa818f5,bea063d5,ffc00000,ffc00000,ffc00000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

// CASE: single_f32
// NOTE: Rows of length 1.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x1xf32> hex:40400000,c0f00000
// EXPECT: 0 tensor<2x1xf32> hex:00000000,00000000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1xf32>) -> tensor<2x1xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<2x1xf32>) -> tensor<2x1xf32>
    return %0 : tensor<2x1xf32>
  }
}

// -----

// CASE: f64
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-14,atol=1e-14
// REQUIRES: op=tessera.log_softmax dtype=f64 level=graph
// INPUT: 0 tensor<4x9xf64> hex:400531d6ba6f8b10,40256095aef30f9e,c00c12d7010d39ce,4025e49acf253950,3fffe57046ad7bce,400285ebc534946f,3ffadfefb644595e,c017bdc501aafc9c,c001a5784639f741,c006e8077e3a6ff0,c0126c10d2f01674,3fb5c9d04544a831,c02275f89485e69f,c018122454d6697d,401ee37b3c6d25e1,c012eee6f1dc3496,3fe3b9b99fa239fd,3fe9566740d698eb,c00f26da04deb310,c01d7950321018ea,c02134641d7f757a,40053db4aef026e3,c0251d970c494333,c0193b07835e9694,3fbbeb6c3d9f95ab,3ff864ebe0454bcf,3fea2d268227c685,401320f6649a3f67,bfedcf24b611d165,3ffcdee31d06f20b,40150bf8c6ef88de,c015c33e7c006125,bffd723f0503a1f2,c01b7695d266f1dc,400669c0db13fdb2,3ff4e1441c70b022
// EXPECT: 0 tensor<4x9xf64> hex:c021bd756de8f76c,bfea9556d91ca922,c02e0ea0dcc828a4,bfe25504d5fa0e02,c0230d3d13af2ab6,c02268702b37b514,c023aded25bc4f04,c0317466cead2c3f,c02b73492e135800,c0252cee937f2f69,c028a8f51d689ea7,c01e8eb226cc143a,c030f472a43b3d07,c02b7bfede5bc82c,bf62f15ba007d06a,c028ea602cdeadb9,c01c6ea233ecdf9b,c01bbb0c7fc653be,c01bfb0d8193eb81,c024f078589a5572,c02768345d11be77,bfdc8c627ac7e875,c02b51674bdb8c30,c022d15401419447,c007efe59c5c2745,bff939961c4cfc14,c00243f75dbf3251,bff0b30ac88434e4,c01b079dad7d86cd,c01016004f79901d,bfe20e027e5e1e0f,c026887bc95dd6e3,c01eaa48d7fc351c,c029622774911f3e,c00831b152629b8e,c01215680f9f2097
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf64>) -> tensor<4x9xf64> {
    %0 = "tessera.log_softmax"(%x) : (tensor<4x9xf64>) -> tensor<4x9xf64>
    return %0 : tensor<4x9xf64>
  }
}

// -----

// CASE: f64_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-12,atol=1e-15
// REQUIRES: op=tessera.log_softmax dtype=f64 level=graph
// INPUT: 0 tensor<4x9xf64> hex:400531d6ba6f8b10,40256095aef30f9e,c00c12d7010d39ce,4025e49acf253950,3fffe57046ad7bce,400285ebc534946f,3ffadfefb644595e,c017bdc501aafc9c,c001a5784639f741,c006e8077e3a6ff0,c0126c10d2f01674,3fb5c9d04544a831,c02275f89485e69f,c018122454d6697d,401ee37b3c6d25e1,c012eee6f1dc3496,3fe3b9b99fa239fd,3fe9566740d698eb,c00f26da04deb310,c01d7950321018ea,c02134641d7f757a,40053db4aef026e3,c0251d970c494333,c0193b07835e9694,3fbbeb6c3d9f95ab,3ff864ebe0454bcf,3fea2d268227c685,401320f6649a3f67,bfedcf24b611d165,3ffcdee31d06f20b,40150bf8c6ef88de,c015c33e7c006125,bffd723f0503a1f2,c01b7695d266f1dc,400669c0db13fdb2,3ff4e1441c70b022
// EXPECT: 0 tensor<4x9xf64> hex:c021bd756de8f76c,bfea9556d91ca922,c02e0ea0dcc828a4,bfe25504d5fa0e02,c0230d3d13af2ab6,c02268702b37b514,c023aded25bc4f04,c0317466cead2c3f,c02b73492e135800,c0252cee937f2f69,c028a8f51d689ea7,c01e8eb226cc143a,c030f472a43b3d06,c02b7bfede5bc82c,bf62f15ba007ce6b,c028ea602cdeadb9,c01c6ea233ecdf9b,c01bbb0c7fc653be,c01bfb0d8193eb82,c024f078589a5572,c02768345d11be77,bfdc8c627ac7e878,c02b51674bdb8c30,c022d15401419447,c007efe59c5c2745,bff939961c4cfc15,c00243f75dbf3251,bff0b30ac88434e4,c01b079dad7d86cd,c01016004f79901d,bfe20e027e5e1e10,c026887bc95dd6e3,c01eaa48d7fc351c,c029622774911f3e,c00831b152629b8e,c01215680f9f2098
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf64>) -> tensor<4x9xf64> {
    %0 = "tessera.log_softmax"(%x) : (tensor<4x9xf64>) -> tensor<4x9xf64>
    return %0 : tensor<4x9xf64>
  }
}

// -----

// CASE: rows_128x64_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<128x64xf32> npy:log_softmax.rows_128x64_f32.input0.npy
// EXPECT: 0 tensor<128x64xf32> npy:log_softmax.rows_128x64_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<128x64xf32>) -> tensor<128x64xf32>
    return %0 : tensor<128x64xf32>
  }
}

// -----

// CASE: rows_128x64_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<128x64xf32> npy:log_softmax.rows_128x64_f32_f64ref.input0.npy
// EXPECT: 0 tensor<128x64xf32> npy:log_softmax.rows_128x64_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<128x64xf32>) -> tensor<128x64xf32>
    return %0 : tensor<128x64xf32>
  }
}

// -----

// CASE: rows_2x1100_f32
// NOTE: Rows of 1100: more than one register tile holds (a scalar kernel at Tile IR).
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x1100xf32> npy:log_softmax.rows_2x1100_f32.input0.npy
// EXPECT: 0 tensor<2x1100xf32> npy:log_softmax.rows_2x1100_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1100xf32>) -> tensor<2x1100xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<2x1100xf32>) -> tensor<2x1100xf32>
    return %0 : tensor<2x1100xf32>
  }
}

// -----

// CASE: rows_2x1100_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.log_softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x1100xf32> npy:log_softmax.rows_2x1100_f32_f64ref.input0.npy
// EXPECT: 0 tensor<2x1100xf32> npy:log_softmax.rows_2x1100_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1100xf32>) -> tensor<2x1100xf32> {
    %0 = "tessera.log_softmax"(%x) : (tensor<2x1100xf32>) -> tensor<2x1100xf32>
    return %0 : tensor<2x1100xf32>
  }
}

// -----

// CASE: axis1_3d_bf16
// NOTE: bf16: computed in f32 (the executor widens x), rounded once at storage.
// RULE: tol:rtol=1e-2,atol=4e-3
// REQUIRES: op=tessera.log_softmax dtype=bf16 level=graph
// INPUT: 0 tensor<3x5x4xbf16> hex:4079,bf84,40ed,c034,c04a,4060,3f37,bfd3,3ff5,bbbb,c0d3,405e,4026,3f45,408b,4020,bfe2,bfd7,4018,403d,bfae,c088,4080,405d,bf8e,3f5d,4009,3f4e,3ff2,4071,3f32,403f,3e04,c014,c093,4009,bfb4,bf9e,c01a,3f9d,c061,3f6f,3f13,3fb8,c028,3f3c,400e,c05d,c0e8,c061,3e3b,3fc4,c01d,c09d,3ea9,402b,3fe6,40e2,3f80,bfa0
// EXPECT: 0 tensor<3x5x4xbf16> hex:beb2,c094,bd5a,c0df,c0ed,bdd9,c0d8,c0ba,c015,c067,c161,bf2f,bfd3,c036,c047,bfd4,c0c0,c0a9,c0a3,bf9a,c061,c101,be36,bf3b,c051,c03e,c002,c058,be85,bd7f,c05f,bf99,c001,c0c4,c10c,c003,c064,c0a2,c0d3,c03d,c0ab,c0c4,c00e,bfdd,c08e,c0cb,bf12,c0d4,c111,c129,c027,bfd1,c089,c140,c01d,befb,bcfd,bb83,bfe5,c08d
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x5x4xbf16>) -> tensor<3x5x4xbf16> {
    %0 = "tessera.log_softmax"(%x) {axis = 1} : (tensor<3x5x4xbf16>) -> tensor<3x5x4xbf16>
    return %0 : tensor<3x5x4xbf16>
  }
}
