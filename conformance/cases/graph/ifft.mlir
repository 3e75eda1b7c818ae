// tessera.ifft: direct DFT in f64 on (re, im) pairs.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: n16_f32
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.ifft dtype=f32 level=graph
// INPUT: 0 tensor<16x2xf32> hex:3e9dc067,4025bbda,3d4cf1f4,3eea2f1b,bf8b23f5,bfc1deff,bf641e76,bf2a88fa,4006e959,3ea10056,beb1482d,3e8af3f6,3f9eb956,3eb3c367,bc0c8168,be8770fe,3f3ac8df,3f148f7f,be3ee79c,bf29bd75,bf836c04,bed98271,3fcd4fc5,bfb9153a,3e2e0ce5,3eab452d,3f2e8120,4005cc28,becd1391,3d4a9169,bf863f30,3f297ff4
// EXPECT: 0 tensor<16x2xf32> hex:3df2aec9,3e2e317e,bdbb7e53,3e8669cb,3e46b183,3ce3c63d,3de50f85,3e454797,3d381812,3ebcd6f5,bdb0bd45,3efeb23e,3dcc3560,3ecdddee,ba3b4cbf,bef5d452,3e0bf5ec,3deb4a41,bd2100b4,3e7d84be,bd67b120,bda79e3f,3d58ea01,3da19e68,3f075f97,3e9a0e90,3def2f72,bca9d5df,bf0c17dd,3e907b51,be8c8906,3e67cf98
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<16x2xf32>) -> tensor<16x2xf32> {
    %0 = "tessera.ifft"(%x) : (tensor<16x2xf32>) -> tensor<16x2xf32>
    return %0 : tensor<16x2xf32>
  }
}

// -----

// CASE: n16_f64
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.ifft dtype=f64 level=graph
// INPUT: 0 tensor<16x2xf64> hex:bfc2e1b17f500831,bff4854c697257b9,3fc36b5893a491ec,3fe13e3b485cb0ae,bfe4c961615939b6,bf9ccc08a5e68953,3fef740ba7e3afca,bfd569a75c81f15c,3ff66b30c3a1f10d,3fe2699cecdc6b47,bfd55a525ab49434,c0006c746a22a838,3fe48ba9fbf6adc7,3fd282b51f6a1d92,bfc89ac5129d318c,3fd73b0ab7d7660b,3fc79d9e42dbc5db,3ff27a253724f975,3fae2b5686983ea8,3fcf8a38b42b40ba,bfd2a046deb96560,3fbe648691b6d2fe,bff7072e7afabda6,3ff872ceddbd6465,3fa5bfa18ef1b55e,3fae3389f8543c5c,bfc02c51a487e740,bff1e3f0c741fb79,bfa5343979dba432,3ff3d3cf41853acf,bff125ed8512f860,bfebb4539b479584
// EXPECT: 0 tensor<16x2xf64> hex:bfaa8757414fb032,3f9b8d85a789e75c,3fb78d9a6fb4783c,3fad5a5a607ce460,bfd040340a54b224,3f95c40ad2799470,bfcc1375f8ec5bce,bfccad55c92817a8,3fd396ab599efd4a,3f96f312376a6a54,bfa43f2d56386e42,bfc2988874dd93b1,bfdafa7a1e6e7ffe,3f8cf76387a1db14,3f9946f7914c34c0,3f871c9f90deb7b0,3fc8e1f202b06608,3fce9127aed5d196,bfc8bb2721d91c7a,bfb7ab47913c27e8,3fd0800e0feea638,bfd3c98476aa6c27,3fdb9cbe17ec4f35,bfd2bc33d1735488,bfb4183829090f6a,bfc4aab382ed6946,bfb24425fcaa3e2e,bfb6d9cc5afada16,3fb0e3bf84b213a2,3fb54fdad31e38f2,bfc86854cc499537,bfdc62ab9e4149f2
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<16x2xf64>) -> tensor<16x2xf64> {
    %0 = "tessera.ifft"(%x) : (tensor<16x2xf64>) -> tensor<16x2xf64>
    return %0 : tensor<16x2xf64>
  }
}

// -----

// CASE: n3x10_f32
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.ifft dtype=f32 level=graph
// INPUT: 0 tensor<3x10x2xf32> hex:be37412c,beed0fc1,3de2d868,bfeeada1,3ee716bb,3f1c0efa,3e7b72ce,3fb40634,bf81ba8c,3e4596d5,3fa22353,3ea8028c,bf9747b2,3f26722b,3f32c682,3f7ee601,bfbbf3ff,bf2aa598,3d97651e,3f4cdfeb,bf2e7512,c0019b08,3f41bfa1,3efd3442,3f3908da,be65ccd9,bf933c34,bea768f5,3dc5f179,40030409,bebd8b1c,3f2dfd38,3e601f92,bf3f6be3,3f45bb4d,bc101eb6,3f1c8d6e,3fae539d,3e400756,becabc7b,402190a8,bf6052c8,3e53d554,3f148761,bf286769,3e98def9,3e7cf479,3faa301b,3f3b9f15,bfafa539,bf3c7b99,3fca2ef9,be92223c,3f1426b8,bfd50e1d,be8a812c,3f78e9dd,3fffcd63,3ed951a9,3fff98d4
// EXPECT: 0 tensor<3x10x2xf32> hex:bdcbffe3,3e4bad7e,3c2b88ad,be21a3dc,3e58bc91,bdaa33a8,3eac59af,3de5848f,3ef667b0,be203eb2,bf14237f,be097f96,3d69e76b,3e9ed962,bee93fc4,3e7b607b,bdda324a,beac8a78,bd12311d,beec08cf,3dee84df,3daef36f,3d183c0b,beefa97e,3de576bf,3cee7a07,bf26ca4a,be507362,be3eaea3,bec0560f,3d9e2063,bb48ccf1,be2ceaa8,bd8f8354,3e8bf666,bf006585,becc6ce2,beaedc80,3ddd7c41,be34530a,3e34a29a,3f15943c,3f1a15e4,3e0e85d7,3ee39b3a,bef18deb,3efd4786,bec7d22e,be9359a2,3e967ee2,3ef63651,beeaed5f,3ece3021,be7010fc,be095c7d,bf026efe,3e220803,3e37f46f,3e3f85b0,bc0ac39d
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10x2xf32>) -> tensor<3x10x2xf32> {
    %0 = "tessera.ifft"(%x) : (tensor<3x10x2xf32>) -> tensor<3x10x2xf32>
    return %0 : tensor<3x10x2xf32>
  }
}

// -----

// CASE: n3x10_f64
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.ifft dtype=f64 level=graph
// INPUT: 0 tensor<3x10x2xf64> hex:bfe99b197603a9f4,bff0615aa87509b9,3fdc3cddc0c8d1bb,3ff4fba171349991,3fface5016beef1b,3feb80293b2130ca,3feac89e2d4b3644,bfd3ed2d374eb744,bfe596397377ab10,3ff1efb8bf1ffc86,c0000c3ad5f4fddb,bfe8253dd80ae80b,3fe81287116224c4,3fd61d577250fd19,bfe6ebd9d02b4bbf,bffcf669beb2c9b5,bfd0badb391c36b4,3ff988a757586a3f,bfda3f91d103d0ce,3fdbf9808172639f,bfff699365447348,3ff4794464db0766,bfca69f5e9e77802,bfe1009987601fd8,3fe86143178d8df3,3fe9d51e7b7fd83b,3fd0ee7ccf754712,bfc97e893344d563,3ffb02140d40e729,bff57b451c6334a3,bff2e577e544b954,bfd053ec8008da42,bfd86ace14f9d30f,3fe9a9922820692d,bff80da7ad15a8c9,bfcf76abd33c355e,3ff31219b8d1b2e6,bfdc70b3dacedfff,3ff5cce0589503b6,bfedd964ae64ffae,3fed280b5d0ad7b8,bff2c2f487b0074c,bfe074ed6dd5a8c1,3fe98b810cec6f37,bfb6c248eeb93350,3fee7129b89a9035,bffad2ddd43524f9,3ff6718908868f54,bf726da3e7793580,bfe4aa2e89c53b59,3fd5ea896b99d26f,bfd47fc7f4460214,3fe093be2395a276,3fda90653d12aa7c,3fe0f26d865dd0ec,bff43327012f11eb,3ff73f917a0f5a39,3ff52c15751759de,bffa2683fd2d6ebc,3fcde9937e25bbd5
// EXPECT: 0 tensor<3x10x2xf64> hex:bfbdc41507fbfb14,3fc6a9b1342462ea,bf8a03dfafa1b9b4,3fdbdddb8276bd74,bfd1e21d906775a5,3fc11e1467f848cb,bfb83eac618601fd,bfe54e0d4e7380ef,bfdd76fec6291665,bfd521d0d964795f,3fd04ac7f254d302,3fd9c380ec745f1d,bf9828ccb43cf24d,bfe0cd4e7d64a2c6,3fc0931559682d24,bfc2b11b7000f6ef,bfe0bfab350223b7,bfd60f6822d5926d,3fd4e14958a5f231,bfc4945725c59545,3f6b5520d6b2abb4,bfbb3256c03446ba,bf8a1c4b3534a5ca,3fd0aa40cc7ed4ab,bfe37e1bd6c26444,bfdb65bc32fcd317,bfb6fb95fd209300,3fb5ebd0e940bf67,bfe0da06b64639cd,3fd07734eb3c8e4f,3fd0635c7764950d,3fd4e71e32ea0e0d,bfdd379e233b6fb4,3fd115464dc9cad5,bfe25dd07527d153,3fc2e6f60d743cf3,3f91322668ced427,3fe0b73499da96a7,3f9dfd54bdd639f7,bfab1a79b5c5a907,bf90d3e2777ccd93,3fc60e7bdd460fae,bfd14529d4ec8eea,bfce8594cce04a5a,3fb4c8b09953803f,bfbfe78970315cc7,3fbe3419e1ad9b20,bf944266e63f598d,bfbeba95e8e85357,bfbb2987de7a22ff,3fe25fc716c0eac8,3f5fbb87d57e4267,3fe4c289360bc5e7,bfc620ed3682ded1,bfcf7cdf1cf6217a,bfe25ead90fad29d,3fa10fa910e9b60a,bfe07c28049ce40f,3fbba72d92e1473a,3fd9de8b59b73430
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10x2xf64>) -> tensor<3x10x2xf64> {
    %0 = "tessera.ifft"(%x) : (tensor<3x10x2xf64>) -> tensor<3x10x2xf64>
    return %0 : tensor<3x10x2xf64>
  }
}
