// tessera.conv2d_nhwc: FMA chain over (kh, kw, ci), then + bias.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: conv_valid_bias_f32
// RULE: bitexact
// REQUIRES: op=tessera.conv2d_nhwc level=graph dtype=f32
// INPUT: 0 tensor<1x5x5x2xf32> hex:3cdb04aa,c2922269,4429e2af,c24de4cd,3c296633,be12de40,c13581dd,43087e72,bd68b1ab,bf7c13bd,b9e9cccb,3ddee210,3b365e35,3c654bd3,bfee80cf,c21e93de,40783315,bc20d063,c00103c4,40bb1a3d,c38d1f02,c299bfcb,c1c02fa1,bdc5f2ee,bf35e9a2,bf2dbb1a,c02a455b,bb099d71,3ea8333b,3baa43dd,434a114e,c04a04f8,be53e788,3ee3ac12,4302b3cb,427f0dc3,bfe8825f,42a51b7d,3b5f48f3,c1e4740d,42023b74,c0151808,bcbe55b4,c149dd74,bbaefdb2,bf7a742c,c13fe4a0,be1a292b,c31900d0,43349523
// INPUT: 1 tensor<3x3x2x3xf32> hex:bbc5672c,410ee078,b9f1a266,4276c5b1,413093b4,bd630e1d,bb18c967,3da8f4f8,c110cf50,40d74aca,c2c525a7,3b089c99,3ba5a554,43653fba,c28bd336,bd59cf68,c150baf2,c11aefe5,41b388c5,c1885022,42a509ac,c09315dc,3c04d747,c1213993,ba524676,3b5d83d8,39931730,3c15a145,4120ae49,c084a5fe,bbf96452,c0958727,c0c08c7e,bc0b9c3c,be4ca593,c329b68c,be261216,42cdb41a,3f86bf50,c2256324,bc6235a7,3c4d47f3,3fcecceb,c1d5878f,3f8edfdd,3d96e0ae,bcca5089,be8fc42c,3e9cb514,41a2c821,be8b3573,bf0f8c7a,c2180747,c080a8f6
// INPUT: 2 tensor<3xf32> hex:be9d82fb,c215733a,bd4fadca
// EXPECT: 0 tensor<1x3x3x3xf32> hex:c4d0ce79,c6bc0803,438743f8,c546ebf0,c4e453cc,c3cc5421,4486328d,c6522a90,c41b74eb,c5b772d2,46ca4008,c6ab92ae,c4238931,c4bcebda,c51742c8,c59f4e0c,4653cf66,4360b5d2,c2cee3d9,c5842041,45a94101,43fa31ae,c3c80721,c65c23e9,451a7e81,c62c437b,4659f959
// GENERATOR: conformance/gen/graph_conv.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x3x3xf32> {
    %0 = "tessera.conv2d_nhwc"(%x, %w, %b) : (tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
    return %0 : tensor<1x3x3x3xf32>
  }
}

// -----

// CASE: conv_same_stride2_f32
// NOTE: SAME padding here is [1, 1, 0, 0].
// RULE: bitexact
// REQUIRES: op=tessera.conv2d_nhwc level=graph dtype=f32
// INPUT: 0 tensor<2x7x6x3xf32> hex:3bba59ab,bfa5828c,bbb1f7e3,c19cfdbc,410da65f,409eecef,bcdf7557,42a01da5,be38d5e0,bc75727a,3fb74d7c,3ebbcd82,c0f2aa08,bbbfaeac,bf94e15a,c184416d,bd8423a9,41b0beb6,bc1b95a0,bcbe3d5e,41010ba3,3b5ad768,be1aafc6,3f78a325,4193c55c,4092baec,bec97dda,3a5d6600,c05dcbb9,bf9126e2,c273b451,404a0bd9,3bb44161,c0cf79b1,bdc212c4,c11446e1,3b433ba6,424cdeeb,3cd5c3b9,baea5e26,bd8efa87,3aa47a0d,3ba80d31,c0b0f0be,bfd9b2e8,bfbfedc3,bd8da779,41f19a5a,bef824bd,bcd79d26,bd54e014,c29df56d,bd1c9b93,c438385e,3a558db0,bb1d8dac,41f9cc51,b8899343,bd1f2fe4,bddce8ea,3c6766c2,415bf9f9,bf284aa8,40b93f49,43c01fc5,3e1ff800,bcf84dbb,c1738f74,42ac3974,bdadc09d,bc81bb02,438130c0,418a7b93,3d3a4452,41b1d356,bf0ce2ef,3cea7414,3a8b524d,3dab977c,b99e1254,418334b4,c03716e5,3c8f9dd5,c06336f5,c1ed6d82,3d1618ad,c0175ddc,bc16ef0a,bb4b2d9a,402b0fee,c251c864,41d69170,390bf61b,403c4642,3d08f36a,3d007ae7,bf885837,c32f0bdd,c12e5bf2,40a038cf,3f9479cf,bbcac610,3d5f247e,c324e772,4234fbdf,3c1c2459,bd94cac5,41c0321c,bc84d7a9,3c949659,3eee55d4,bcbad06e,3ce97d6a,bfef7ef2,3f256740,408289df,c119cc6f,3ffdca7b,3a9eb1c9,c11a9fce,bece091f,42365c9f,400f2d1f,421c2446,c1d2e75e,bad08f5b,42117489,3ab3b0aa,becac721,c3072881,4011a3e5,40a52e5c,c1d47d25,b9319bdb,c34eb8e7,3bf17398,3baeea05,42094964,bd6f1915,c141a351,c214750e,bc7223d4,3aed7a27,405e6840,be5166e9,be84c542,c3a19e6f,43188a83,bd169a2d,3fae8eac,3b0fbbf7,3e44d904,4081d717,c1442744,3ff4f2a0,c0c6b405,bcae4f74,401b8786,3b641888,bd2186d1,c23b53c7,bc281d16,3be087c9,bbff8e08,3e8af066,422632f9,3d10d4e8,bc1a9d03,3b562d59,c103ebca,3d4e4895,bcf0b3e6,3ad45950,42bcd010,c180f409,c194c9b0,c32c6a4f,bd4ae2b4,3d6cf411,bb53ea61,c1b96481,c105ab4d,3f20156e,c12bd78d,3f230149,bf895864,ba8c0fe7,3b9ffcdf,3f9ad614,429dff7b,3cde0ed4,420d351d,c0eac2cb,bf5accbe,43754679,3d82574d,bca00197,3b7bf740,3eb2ed98,3c4ab17a,42bfd917,c20e62e0,438afd36,ba999f80,3d283976,c18bce51,c30eb47a,bf57521d,40173565,bbcb5991,bd59a00b,bd8f9967,c06fa629,c1073b68,3e1d2b30,bcd3d9a6,bd7b86f7,3ff908c6,3bd5a78e,3eef1f17,3eea5c3b,3ea651b2,bc1c43ac,43d8b5bd,3c500176,3c0a899c,bcf9662d,c2424639,3e7157a1,c09761ae,3d4ff970,3f22bda0,422be4cd,c3bc1818,c0b1a237,42293609,3d99060f,4235140e,3e167339,3df5bb0d,3d03141b,c16de730,42f2782f,bf356cce,c1022d5a,c1e286bf,c2674106,c34f6b6e,3bcccefe,4327f1af,3c8b8d8f,bd0e702f
// INPUT: 1 tensor<3x2x3x4xf32> hex:42531240,3aff4f12,3f17c700,3c028670,3d80d166,bb653a92,3de1484e,3cfa5dfa,3ddb7f60,bca87719,bf98bed8,4030706d,c0023363,bc4fcbf3,415f484f,400162cb,3f977c44,c13dadea,bf64cbcc,c11c1ef6,40c58ccf,3ba62b7a,40e272f0,c04b9f92,3d552ef3,bdaeed4a,411febea,413093d0,bdf47043,bc23552f,c0152d8d,40cff9e2,c02274f6,c098c7fc,410c4392,3b59be60,3c1b09e0,be2cd92e,be60852d,c293d350,3c9d42c8,bc84f0a9,be673fae,bbde401d,c00d62b6,3f57d1fa,3f6e453f,bcebc964,3ba41424,41ed3fec,403ad8c3,3b691694,be57f760,43187cbb,424887b5,bb9fcd7e,3c770587,bbfccb58,3a8b2844,bcdf391a,3ee739ab,4217d2a4,3f002de4,bc93085a,3cdcc794,3c6ead74,3d956db8,4004306c,4357570a,bfe0eab8,3b093f9e,3ce9b04f
// EXPECT: 0 tensor<2x4x3x4xf32> hex:434673a1,3ff6a74a,410c225d,44b42d09,c37f0ce6,449c2a66,42be353f,44007dce,c4ffbdba,c4bef417,c2a94edf,448e1f4f,c1b6267a,3f19a253,c2f38c45,43b05dd5,446c720a,4515cf15,443c6ddc,44620cc7,4752fc93,c553a9dc,c4cb851e,45b79a1c,c24ac57f,451ea6e3,44be5bbe,439f4b64,43e0aff0,c6f383e2,c60af552,c55c387f,45d4caef,c6c4a4fc,c5d6579c,c463efa8,c52d08f7,c08d97d2,4173c20c,40f34d2f,c1ff61cf,41c2ae8b,c20b5a3d,c3153cf3,4306491a,c18512f3,409a575e,c51f52d2,43adff1c,45b451a8,43e42c5f,46227468,c45fc4cf,4414493d,c4ff443f,c391bbcb,42a7f20a,440901fd,c3302b2e,c32f2c16,c4117a94,c51421aa,44fd30af,c564856b,45e7daa7,453b1ec8,c2943afd,c285fc7c,43c1aedd,448111a1,c4ce7791,431a92c2,c4ac0119,c317f176,443265a6,452331e0,c61e41d6,47829467,46aad9b9,c0918e00,c79ee6ba,c16236f2,c40c5a37,44ac4374,c0dc37a3,c1548e1c,c31ab3c4,c5440ce7,c4012cee,c416ecda,44426188,42fafc17,c50bd448,c4053004,c530743d,c654d1d5
// GENERATOR: conformance/gen/graph_conv.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x7x6x3xf32>, %w: tensor<3x2x3x4xf32>) -> tensor<2x4x3x4xf32> {
    %0 = "tessera.conv2d_nhwc"(%x, %w) {strides = [2, 2], padding = "SAME"} : (tensor<2x7x6x3xf32>, tensor<3x2x3x4xf32>) -> tensor<2x4x3x4xf32>
    return %0 : tensor<2x4x3x4xf32>
  }
}

// -----

// CASE: conv_dilated_explicit_pad_f32
// RULE: bitexact
// REQUIRES: op=tessera.conv2d_nhwc level=graph dtype=f32
// INPUT: 0 tensor<1x6x7x2xf32> hex:4309283a,3ce431e2,c03435ef,3c9b4b16,bfcaefcb,3c5453c0,c3033cb6,3b98c304,c3a94917,40e8760e,3f29c14f,3c553704,3f247964,3fa6433b,4179e245,429b0ed1,c22ac521,3c682369,3ab24d25,c0155bfe,3bd97a51,3e252d7e,3eb44d7e,bb005876,3c623751,3b6e4213,3d38a686,42d9fb65,bd6aa50e,3c7f7123,4110ab4b,3cc6613e,be405f37,be377682,bdbda160,412fd8ac,414d4d89,c012e253,40dc1de0,bdb93982,bbc8b738,b991d844,c16e91f7,40656e46,3f6ff4af,be367aa9,3f3cc478,bf5b8810,3db79197,4189deb4,41cb2829,3c487212,c11737aa,be4be086,3bbdef65,40cb4740,3ddce7b0,3dbe1860,c2bc2eef,c1065537,3f50788e,bfc4456e,3cba4882,be091313,413c6aea,3c976ac3,c1cd81f4,bc15c336,be8ffc59,bc808b4b,c1cd379d,bd2a3fd5,bdf5275f,416df5d8,bbcf0dfd,bc874583,bc1c9b30,3a32e1b9,3d3fc66a,bba43f3f,3af70d3b,c22d8d99,414234de,bc85e0b3
// INPUT: 1 tensor<2x3x2x5xf32> hex:be19737d,bda8da69,c1ebd2b2,3e2ce513,3c35ed4b,4430f6fa,bf44e870,3eba65e4,badc6f90,c0254e62,3e1f3deb,4237b007,bc319d17,bd0b1cf0,c0a17b56,4427cd7e,bec05a4e,c3361076,4010563c,3e84585b,bc2109ac,3f74f39b,bda7887b,3b68b71a,41d766a8,3f247d6f,3e320406,3f3d315a,3eabd2f3,c2a9a0f9,3b7fe815,bba676dd,3f29df98,be9d77b8,beaf5ba9,3a8d5585,41aba717,be0540b1,bcaa498c,c0a28f40,40e0f1e7,3c55e603,3f81fede,bb330f90,3ea1e403,c1d9f28a,4291837d,3cf2d932,bc3e1229,3d464b7f,407f765a,bda644aa,421ad849,bb30e7de,be1a30b8,c22c30b0,3e06513f,c171c188,4270b998,3d61e1c3
// INPUT: 2 tensor<5xf32> hex:3d564135,c0973254,40f504a6,c28567b2,42c12d02
// EXPECT: 0 tensor<1x5x4x5xf32> hex:c54cb09e,4085a69a,c40bcd12,458fb858,42c50601,c347d483,44cf5bd2,bde40ec0,c35572c4,c39e1e00,c033b855,c22c5dd0,41ad141c,c2858cdf,42d8cc96,c5929c83,411c9e1c,c4cca5a7,45cae33a,42ccf896,c00b5fcb,42fd0c7b,c0bfdcc2,c2828911,456cb353,42a2c735,c310ad2f,c57c2235,c258c9ab,428e91cb,c315dfb6,c5adbc2f,441ae41e,c3477cae,c60c37e5,45a42be4,c0dd2442,461c5302,c2febc72,c14b6028,c3241f52,41cb0510,c40decc2,432f2709,c5bd403d,475691e3,c4f556a3,c3c61ff9,c2dd316c,439479b6,c4eef59c,4499e1ef,44705c56,c28426b9,42e2d48a,c383a176,3f9d2b00,c135b4f5,43ac3a8c,c60f16b1,c0602492,c098c129,41272323,c2747275,42bb6c8c,c3a764b2,c3481758,c2114fc8,c31efd05,41f18460,45e41449,c232afc0,c4bfc749,c227390f,44218f3e,c4e95a2a,439b9fc7,c3bffa7a,c28aee40,425e4afd,c2c43401,c182555c,c47537d2,c287f81d,c417447a,44fbccd1,448bd742,43e7c592,c27ce1f5,4338a6ea,462b41ef,418c0e76,c54503bd,c1df587a,444466af,448a2300,c560d8b2,c367014a,c273c0c6,c3c707f4
// GENERATOR: conformance/gen/graph_conv.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x6x7x2xf32>, %w: tensor<2x3x2x5xf32>, %b: tensor<5xf32>) -> tensor<1x5x4x5xf32> {
    %0 = "tessera.conv2d_nhwc"(%x, %w, %b) {strides = [1, 2], dilations = [2, 1], padding = [1, 0, 2, 1]} : (tensor<1x6x7x2xf32>, tensor<2x3x2x5xf32>, tensor<5xf32>) -> tensor<1x5x4x5xf32>
    return %0 : tensor<1x5x4x5xf32>
  }
}

// -----

// CASE: conv_padding_skips_terms_f32
// NOTE: out[0,0,0] never multiplies the Inf tap (it lands on padding): finite.
// RULE: bitexact
// REQUIRES: op=tessera.conv2d_nhwc level=graph dtype=f32
// INPUT: 0 tensor<1x3x3x1xf32> hex:bca048dc,bc9733c6,bb59ffec,3b2d6196,bc2a8e17,3d992d70,bcac0e18,c22e9322,c1f36f9d
// INPUT: 1 tensor<3x3x1x1xf32> hex:7f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000
// EXPECT: 0 tensor<1x2x2x1xf32> hex:bd3b8bbe,3cd25e46,c22ed787,ff800000
// GENERATOR: conformance/gen/graph_conv.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x3x3x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
    %0 = "tessera.conv2d_nhwc"(%x, %w) {padding = [1, 0, 1, 0]} : (tensor<1x3x3x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
    return %0 : tensor<1x2x2x1xf32>
  }
}

// -----

// CASE: conv_bf16
// NOTE: Computed in f32 on exactly decoded bf16, rounded once to bf16.
// RULE: bitexact
// REQUIRES: op=tessera.conv2d_nhwc level=graph dtype=bf16
// INPUT: 0 tensor<1x6x6x4xbf16> hex:3f99,3eeb,bf83,be8a,3f42,be3c,3fa5,3e8f,3e7c,3fa2,bfcb,3f93,3faa,be9f,be08,3e64,3f17,beee,3e88,3eed,bf94,bf36,3f3d,bf88,3f0f,bf5f,bec0,bf84,bf45,be32,bd90,bf30,3f84,3e6e,3dba,bf52,beb9,3f9e,bedb,3f09,bf65,3f07,3ffd,3fd6,bf92,3f41,bfce,be3c,3fb0,3e73,bf9d,3fb7,bead,3e82,be0a,3ee0,bf89,3f77,3f06,bfae,3ee7,bf7d,bf33,3f1e,3cba,bf47,bfe6,3f12,3f6c,be08,bf96,3fbd,3f35,400a,bf5e,bf9e,bf8f,3f8f,bef6,bfa5,3f3f,3fbc,3fd5,3f24,3f41,3f19,bf9c,bf2b,bfa1,bc23,3f60,bf5a,bf12,3f6d,3fc3,3f60,be9b,3f21,bf9f,4016,3f85,c01c,3dbd,3f5a,bfed,bd96,bfc5,3e56,bf2f,3e4d,bf4c,be8d,3f61,bf24,3f55,3f90,bf82,bf7f,c034,3f1d,3f13,bf9e,bf13,3e0c,bfa9,3fb1,3f79,bf15,3f83,3d9e,3dea,3fe6,3fb1,3f98,bdd1,3ec6,bf3a,3f7c,3f1d,bda2,3e9c,be67,be46,3f08
// INPUT: 1 tensor<3x3x4x8xbf16> npy:conv2d_nhwc.conv_bf16.input1.npy
// INPUT: 2 tensor<8xbf16> hex:3ef5,bfb5,3eda,be67,bd95,bea7,c026,3e0e
// EXPECT: 0 tensor<1x6x6x8xbf16> npy:conv2d_nhwc.conv_bf16.expect0.npy
// GENERATOR: conformance/gen/graph_conv.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x6x6x4xbf16>, %w: tensor<3x3x4x8xbf16>, %b: tensor<8xbf16>) -> tensor<1x6x6x8xbf16> {
    %0 = "tessera.conv2d_nhwc"(%x, %w, %b) {padding = [1, 1, 1, 1]} : (tensor<1x6x6x4xbf16>, tensor<3x3x4x8xbf16>, tensor<8xbf16>) -> tensor<1x6x6x8xbf16>
    return %0 : tensor<1x6x6x8xbf16>
  }
}

// -----

// CASE: conv_exact_f64
// NOTE: Dyadic values: every partial sum is exact.
// RULE: bitexact
// REQUIRES: op=tessera.conv2d_nhwc level=graph dtype=f64
// INPUT: 0 tensor<1x4x4x2xf64> hex:c000000000000000,3ff4000000000000,bfe8000000000000,3ff8000000000000,bff4000000000000,bff4000000000000,4000000000000000,bfe8000000000000,3ffc000000000000,3ff0000000000000,bffc000000000000,3ffc000000000000,3ff0000000000000,bfe0000000000000,bff4000000000000,bfd0000000000000,bff8000000000000,bfe8000000000000,3ffc000000000000,3fe8000000000000,3fd0000000000000,bfe8000000000000,bff8000000000000,c000000000000000,bfd0000000000000,3ff4000000000000,0000000000000000,3fe0000000000000,3fe8000000000000,3fd0000000000000,3ff0000000000000,3ff8000000000000
// INPUT: 1 tensor<2x2x2x3xf64> hex:3fe0000000000000,3fc0000000000000,3fe8000000000000,3fc0000000000000,bfd0000000000000,bfd8000000000000,bfc0000000000000,3fc0000000000000,3fe4000000000000,bfec000000000000,3fe8000000000000,3fd0000000000000,3fec000000000000,bfe8000000000000,3fd0000000000000,0000000000000000,bfe8000000000000,bfe4000000000000,bfc0000000000000,3fe8000000000000,3fe4000000000000,bfd0000000000000,bfd8000000000000,3fd0000000000000
// EXPECT: 0 tensor<1x3x3x3xf64> hex:bfe8000000000000,c00c800000000000,c007400000000000,bfde000000000000,bfe4000000000000,c00a000000000000,3fe7000000000000,bff6000000000000,3fd4000000000000,c000400000000000,400e400000000000,3ffa800000000000,3ff5800000000000,c002800000000000,bff8800000000000,3ffb800000000000,bfb8000000000000,bfea000000000000,c000800000000000,bfc4000000000000,bfd2000000000000,3ff7000000000000,bfda000000000000,3ff3800000000000,4001000000000000,c000400000000000,3fb0000000000000
// GENERATOR: conformance/gen/graph_conv.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x4x4x2xf64>, %w: tensor<2x2x2x3xf64>) -> tensor<1x3x3x3xf64> {
    %0 = "tessera.conv2d_nhwc"(%x, %w) : (tensor<1x4x4x2xf64>, tensor<2x2x2x3xf64>) -> tensor<1x3x3x3xf64>
    return %0 : tensor<1x3x3x3xf64>
  }
}
