// tessera.send: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: 8_f32
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:3b71dba5,3f656fc3,bf5289b2,c02afe5f,bfae97f5,c03e6569
// INPUT: 0@1 tensor<2x3xf32> hex:3e38c2db,4080a921,bfbd01df,bfee432a,3fbc196f,3f890b6c
// INPUT: 0@2 tensor<2x3xf32> hex:3ea1ea92,c032a65e,bdb3b923,40057f8b,c0810b6b,bfafb976
// INPUT: 0@3 tensor<2x3xf32> hex:c0b68473,c077975c,c0b0ce7b,bf348ccc,c0735988,3f5054be
// INPUT: 0@4 tensor<2x3xf32> hex:3ef0c509,bf0f901f,c0f19be3,bfcedbab,be14feb2,3eae0ae8
// INPUT: 0@5 tensor<2x3xf32> hex:c092e49e,bfb7750f,c03be02b,c01b4bf8,404bb14a,c01b0bf2
// INPUT: 0@6 tensor<2x3xf32> hex:bdc7d038,4029cd88,bfe01a42,beab92fe,3ea9ac45,3e43f007
// INPUT: 0@7 tensor<2x3xf32> hex:c06b35f2,3e69e71d,40827272,c09486a1,40250061,3eb753ea
// INPUT: 1@0 tensor<2x3xf32> hex:bff6531b,40c00a3d,40125a97,c0664373,3e64e9f2,3fdd72e5
// INPUT: 1@1 tensor<2x3xf32> hex:bf10fc13,40031e68,be4c5759,40001c8d,408a1922,c001ba27
// INPUT: 1@2 tensor<2x3xf32> hex:3f1c02ad,bfb1e8fd,3ec37bfa,c063f0fc,bfde73aa,bf16adb3
// INPUT: 1@3 tensor<2x3xf32> hex:402c900b,405be1f4,c07e1e0a,c0189243,3ff86932,c0bf45b5
// INPUT: 1@4 tensor<2x3xf32> hex:bfb1db73,be956ec7,407158cd,40045d95,bf7b4cc7,bf8d887c
// INPUT: 1@5 tensor<2x3xf32> hex:bf40266b,40924242,bfa45c90,bf6939fe,3f8764ea,beb980df
// INPUT: 1@6 tensor<2x3xf32> hex:bf1783a8,c055e6a1,bd0d9368,bfaa55cf,405fe583,3ffac936
// INPUT: 1@7 tensor<2x3xf32> hex:bd94569f,40005444,bf828289,404a021d,bc84b319,3fe004d2
// EXPECT: 0@0 tensor<2x3xf32> hex:c06b35f2,3e69e71d,40827272,c09486a1,40250061,3eb753ea
// EXPECT: 0@1 tensor<2x3xf32> hex:3b71dba5,3f656fc3,bf5289b2,c02afe5f,bfae97f5,c03e6569
// EXPECT: 0@2 tensor<2x3xf32> hex:3e38c2db,4080a921,bfbd01df,bfee432a,3fbc196f,3f890b6c
// EXPECT: 0@3 tensor<2x3xf32> hex:3ea1ea92,c032a65e,bdb3b923,40057f8b,c0810b6b,bfafb976
// EXPECT: 0@4 tensor<2x3xf32> hex:c0b68473,c077975c,c0b0ce7b,bf348ccc,c0735988,3f5054be
// EXPECT: 0@5 tensor<2x3xf32> hex:3ef0c509,bf0f901f,c0f19be3,bfcedbab,be14feb2,3eae0ae8
// EXPECT: 0@6 tensor<2x3xf32> hex:c092e49e,bfb7750f,c03be02b,c01b4bf8,404bb14a,c01b0bf2
// EXPECT: 0@7 tensor<2x3xf32> hex:bdc7d038,4029cd88,bfe01a42,beab92fe,3ea9ac45,3e43f007
// EXPECT: 1@0 tensor<2x3xf32> hex:bd94569f,40005444,bf828289,404a021d,bc84b319,3fe004d2
// EXPECT: 1@1 tensor<2x3xf32> hex:bff6531b,40c00a3d,40125a97,c0664373,3e64e9f2,3fdd72e5
// EXPECT: 1@2 tensor<2x3xf32> hex:bf10fc13,40031e68,be4c5759,40001c8d,408a1922,c001ba27
// EXPECT: 1@3 tensor<2x3xf32> hex:3f1c02ad,bfb1e8fd,3ec37bfa,c063f0fc,bfde73aa,bf16adb3
// EXPECT: 1@4 tensor<2x3xf32> hex:402c900b,405be1f4,c07e1e0a,c0189243,3ff86932,c0bf45b5
// EXPECT: 1@5 tensor<2x3xf32> hex:bfb1db73,be956ec7,407158cd,40045d95,bf7b4cc7,bf8d887c
// EXPECT: 1@6 tensor<2x3xf32> hex:bf40266b,40924242,bfa45c90,bf6939fe,3f8764ea,beb980df
// EXPECT: 1@7 tensor<2x3xf32> hex:bf1783a8,c055e6a1,bd0d9368,bfaa55cf,405fe583,3ffac936
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    "tessera.send"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xf32>) -> ()
    "tessera.send"(%a1) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xf32>) -> ()
    %r0 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xf32>
    %r1 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xf32>
    return %r0, %r1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}

// -----

// CASE: 2x4_f32
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:c077d9fc,3f852009,c0a2114e,c0c3643f,bf69d697,c02cc93e
// INPUT: 0@1 tensor<2x3xf32> hex:3efbfc2f,40d77f24,c01fb0dc,bfef9826,3f1dc00f,3fbd512e
// INPUT: 0@2 tensor<2x3xf32> hex:bf077ad8,bf1e278d,4006df76,3fc7a500,c046773c,be733eb9
// INPUT: 0@3 tensor<2x3xf32> hex:3dd8cd6a,c04a7607,3f478e72,c024ba47,403aa306,3f140763
// INPUT: 0@4 tensor<2x3xf32> hex:3e892cbd,bfe2f474,beb62f48,c0bfc89d,c0593af1,3f8b549b
// INPUT: 0@5 tensor<2x3xf32> hex:c0cc57aa,40228c81,c0a7a011,40114b36,c02255df,401590f8
// INPUT: 0@6 tensor<2x3xf32> hex:3ec9241c,c0938941,406fd629,408a6765,be4a2715,bf525e21
// INPUT: 0@7 tensor<2x3xf32> hex:bef58e40,c03b3ab0,4052edbd,bfd07873,be1d41c7,c018501b
// INPUT: 1@0 tensor<2x3xf32> hex:bff0697d,c07552bf,40715b79,beecadb3,403974fb,3d23bb8f
// INPUT: 1@1 tensor<2x3xf32> hex:c0055352,bf7ae4f0,bfd720f4,3cc39a53,bf901a3b,bf665702
// INPUT: 1@2 tensor<2x3xf32> hex:c08457da,c01aea17,409eca1e,c000e074,c04a62d1,3f818887
// INPUT: 1@3 tensor<2x3xf32> hex:4087191f,c08b961a,bf202510,bff2b54b,c0a90ed1,400d1b1e
// INPUT: 1@4 tensor<2x3xf32> hex:bd900a18,3e5b7827,c010719d,3faea31a,bfcf1716,bedb7fd4
// INPUT: 1@5 tensor<2x3xf32> hex:c054c93c,c0697de2,40803608,bfc2ba6c,3f6002b1,bdcf9bc2
// INPUT: 1@6 tensor<2x3xf32> hex:bfa96657,bfc30e98,3ff1f3a4,bf67d596,bee89e11,3d88877d
// INPUT: 1@7 tensor<2x3xf32> hex:4061e3bd,4002a87a,3f92eb23,bfd86952,c084ab43,40364f4c
// EXPECT: 0@0 tensor<2x3xf32> hex:bf077ad8,bf1e278d,4006df76,3fc7a500,c046773c,be733eb9
// EXPECT: 0@1 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<2x3xf32> hex:c077d9fc,3f852009,c0a2114e,c0c3643f,bf69d697,c02cc93e
// EXPECT: 0@3 tensor<2x3xf32> hex:3efbfc2f,40d77f24,c01fb0dc,bfef9826,3f1dc00f,3fbd512e
// EXPECT: 0@4 tensor<2x3xf32> hex:3ec9241c,c0938941,406fd629,408a6765,be4a2715,bf525e21
// EXPECT: 0@5 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xf32> hex:3e892cbd,bfe2f474,beb62f48,c0bfc89d,c0593af1,3f8b549b
// EXPECT: 0@7 tensor<2x3xf32> hex:c0cc57aa,40228c81,c0a7a011,40114b36,c02255df,401590f8
// EXPECT: 1@0 tensor<2x3xf32> hex:c08457da,c01aea17,409eca1e,c000e074,c04a62d1,3f818887
// EXPECT: 1@1 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 1@2 tensor<2x3xf32> hex:bff0697d,c07552bf,40715b79,beecadb3,403974fb,3d23bb8f
// EXPECT: 1@3 tensor<2x3xf32> hex:c0055352,bf7ae4f0,bfd720f4,3cc39a53,bf901a3b,bf665702
// EXPECT: 1@4 tensor<2x3xf32> hex:bfa96657,bfc30e98,3ff1f3a4,bf67d596,bee89e11,3d88877d
// EXPECT: 1@5 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 1@6 tensor<2x3xf32> hex:bd900a18,3e5b7827,c010719d,3faea31a,bfcf1716,bedb7fd4
// EXPECT: 1@7 tensor<2x3xf32> hex:c054c93c,c0697de2,40803608,bfc2ba6c,3f6002b1,bdcf9bc2
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    "tessera.send"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xf32>) -> ()
    "tessera.send"(%a1) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xf32>) -> ()
    %r0 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xf32>
    %r1 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xf32>
    return %r0, %r1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}

// -----

// CASE: 8_bf16
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:403a,bed8,3fd0,4016,4020,4031
// INPUT: 0@1 tensor<2x3xbf16> hex:bfaf,4091,c06f,4025,3fbe,4028
// INPUT: 0@2 tensor<2x3xbf16> hex:40b4,408f,c05c,c0a2,401d,c043
// INPUT: 0@3 tensor<2x3xbf16> hex:bd18,4021,c09e,c0cb,3f47,3e08
// INPUT: 0@4 tensor<2x3xbf16> hex:bf3d,3ded,c025,c091,bf00,c03b
// INPUT: 0@5 tensor<2x3xbf16> hex:c09e,3fc2,be3d,3f9c,c03e,bffd
// INPUT: 0@6 tensor<2x3xbf16> hex:c040,c02a,3f16,c016,3f89,3f82
// INPUT: 0@7 tensor<2x3xbf16> hex:40c2,c086,402a,be89,bd2c,c08b
// INPUT: 1@0 tensor<2x3xbf16> hex:bfb1,400f,be7d,3e79,bf5f,405e
// INPUT: 1@1 tensor<2x3xbf16> hex:bd84,c0d3,c005,c0bd,c11c,bfcc
// INPUT: 1@2 tensor<2x3xbf16> hex:4080,3e11,c061,c035,4059,3ef2
// INPUT: 1@3 tensor<2x3xbf16> hex:3e13,be24,3dec,401b,3fd4,3f26
// INPUT: 1@4 tensor<2x3xbf16> hex:c048,3fc4,c003,4052,c074,bed3
// INPUT: 1@5 tensor<2x3xbf16> hex:bcb5,c07e,40a5,408c,bfb2,4014
// INPUT: 1@6 tensor<2x3xbf16> hex:3f91,c0fb,3f40,be3c,3e80,c04f
// INPUT: 1@7 tensor<2x3xbf16> hex:bf4f,bf09,4064,3f80,bc89,4093
// EXPECT: 0@0 tensor<2x3xbf16> hex:40c2,c086,402a,be89,bd2c,c08b
// EXPECT: 0@1 tensor<2x3xbf16> hex:403a,bed8,3fd0,4016,4020,4031
// EXPECT: 0@2 tensor<2x3xbf16> hex:bfaf,4091,c06f,4025,3fbe,4028
// EXPECT: 0@3 tensor<2x3xbf16> hex:40b4,408f,c05c,c0a2,401d,c043
// EXPECT: 0@4 tensor<2x3xbf16> hex:bd18,4021,c09e,c0cb,3f47,3e08
// EXPECT: 0@5 tensor<2x3xbf16> hex:bf3d,3ded,c025,c091,bf00,c03b
// EXPECT: 0@6 tensor<2x3xbf16> hex:c09e,3fc2,be3d,3f9c,c03e,bffd
// EXPECT: 0@7 tensor<2x3xbf16> hex:c040,c02a,3f16,c016,3f89,3f82
// EXPECT: 1@0 tensor<2x3xbf16> hex:bf4f,bf09,4064,3f80,bc89,4093
// EXPECT: 1@1 tensor<2x3xbf16> hex:bfb1,400f,be7d,3e79,bf5f,405e
// EXPECT: 1@2 tensor<2x3xbf16> hex:bd84,c0d3,c005,c0bd,c11c,bfcc
// EXPECT: 1@3 tensor<2x3xbf16> hex:4080,3e11,c061,c035,4059,3ef2
// EXPECT: 1@4 tensor<2x3xbf16> hex:3e13,be24,3dec,401b,3fd4,3f26
// EXPECT: 1@5 tensor<2x3xbf16> hex:c048,3fc4,c003,4052,c074,bed3
// EXPECT: 1@6 tensor<2x3xbf16> hex:bcb5,c07e,40a5,408c,bfb2,4014
// EXPECT: 1@7 tensor<2x3xbf16> hex:3f91,c0fb,3f40,be3c,3e80,c04f
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xbf16>, %a1: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>) {
    "tessera.send"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xbf16>) -> ()
    "tessera.send"(%a1) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xbf16>) -> ()
    %r0 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xbf16>
    %r1 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xbf16>
    return %r0, %r1 : tensor<2x3xbf16>, tensor<2x3xbf16>
  }
}

// -----

// CASE: 2x4_bf16
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:bfd5,bf96,c0ae,4097,4039,4030
// INPUT: 0@1 tensor<2x3xbf16> hex:4000,3ea9,3f25,bf42,bf1c,3e27
// INPUT: 0@2 tensor<2x3xbf16> hex:4091,3fd5,be34,bfde,bff4,409a
// INPUT: 0@3 tensor<2x3xbf16> hex:3fc3,3e50,bf85,c055,be4d,4028
// INPUT: 0@4 tensor<2x3xbf16> hex:bf97,bf2f,bf2a,3ea8,c099,bf35
// INPUT: 0@5 tensor<2x3xbf16> hex:c024,402a,c014,3fde,4092,bf71
// INPUT: 0@6 tensor<2x3xbf16> hex:bfe7,3f13,bbc7,c03f,3fb1,40c1
// INPUT: 0@7 tensor<2x3xbf16> hex:bf46,bf1c,c049,3f75,c06f,c055
// INPUT: 1@0 tensor<2x3xbf16> hex:4076,c02e,4050,4092,3f47,3fd5
// INPUT: 1@1 tensor<2x3xbf16> hex:40bb,bf17,bfe4,c082,3e00,408e
// INPUT: 1@2 tensor<2x3xbf16> hex:4038,c035,c024,bfc2,3f60,bf1e
// INPUT: 1@3 tensor<2x3xbf16> hex:3f25,3f64,bf65,bdf7,3f1f,be81
// INPUT: 1@4 tensor<2x3xbf16> hex:3fc1,40b4,3fe3,3e2b,c0a2,3f95
// INPUT: 1@5 tensor<2x3xbf16> hex:c0bb,c087,4024,4008,bee6,c0a4
// INPUT: 1@6 tensor<2x3xbf16> hex:bf8f,c002,3ff5,40d9,3f27,c016
// INPUT: 1@7 tensor<2x3xbf16> hex:c061,be2c,bf08,c05d,3eb3,c05d
// EXPECT: 0@0 tensor<2x3xbf16> hex:4091,3fd5,be34,bfde,bff4,409a
// EXPECT: 0@1 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@2 tensor<2x3xbf16> hex:bfd5,bf96,c0ae,4097,4039,4030
// EXPECT: 0@3 tensor<2x3xbf16> hex:4000,3ea9,3f25,bf42,bf1c,3e27
// EXPECT: 0@4 tensor<2x3xbf16> hex:bfe7,3f13,bbc7,c03f,3fb1,40c1
// EXPECT: 0@5 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@6 tensor<2x3xbf16> hex:bf97,bf2f,bf2a,3ea8,c099,bf35
// EXPECT: 0@7 tensor<2x3xbf16> hex:c024,402a,c014,3fde,4092,bf71
// EXPECT: 1@0 tensor<2x3xbf16> hex:4038,c035,c024,bfc2,3f60,bf1e
// EXPECT: 1@1 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 1@2 tensor<2x3xbf16> hex:4076,c02e,4050,4092,3f47,3fd5
// EXPECT: 1@3 tensor<2x3xbf16> hex:40bb,bf17,bfe4,c082,3e00,408e
// EXPECT: 1@4 tensor<2x3xbf16> hex:bf8f,c002,3ff5,40d9,3f27,c016
// EXPECT: 1@5 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 1@6 tensor<2x3xbf16> hex:3fc1,40b4,3fe3,3e2b,c0a2,3f95
// EXPECT: 1@7 tensor<2x3xbf16> hex:c0bb,c087,4024,4008,bee6,c0a4
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>, %a1: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>) {
    "tessera.send"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xbf16>) -> ()
    "tessera.send"(%a1) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xbf16>) -> ()
    %r0 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xbf16>
    %r1 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xbf16>
    return %r0, %r1 : tensor<2x3xbf16>, tensor<2x3xbf16>
  }
}

// -----

// CASE: 8_e4m3
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:45,45,45,bb,3c,ad
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:b9,b8,c8,c9,42,b1
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:32,44,ca,c1,30,39
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:b9,44,32,c7,c3,42
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:3b,cb,48,3e,48,b9
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:b6,c6,4f,b0,4a,c0
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:30,ca,b9,44,c7,45
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:38,c5,bc,bb,a2,bd
// INPUT: 1@0 tensor<2x3xf8E4M3FN> hex:c2,b7,c4,c7,a1,43
// INPUT: 1@1 tensor<2x3xf8E4M3FN> hex:c9,05,c0,c4,42,bc
// INPUT: 1@2 tensor<2x3xf8E4M3FN> hex:49,c1,39,b3,c1,3e
// INPUT: 1@3 tensor<2x3xf8E4M3FN> hex:af,3e,a1,c5,aa,22
// INPUT: 1@4 tensor<2x3xf8E4M3FN> hex:44,c3,9f,ca,40,c5
// INPUT: 1@5 tensor<2x3xf8E4M3FN> hex:cb,a3,45,c9,c5,c1
// INPUT: 1@6 tensor<2x3xf8E4M3FN> hex:c6,39,c2,c1,3e,c1
// INPUT: 1@7 tensor<2x3xf8E4M3FN> hex:3a,c4,c7,cb,4b,b7
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:38,c5,bc,bb,a2,bd
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:45,45,45,bb,3c,ad
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:b9,b8,c8,c9,42,b1
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:32,44,ca,c1,30,39
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:b9,44,32,c7,c3,42
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:3b,cb,48,3e,48,b9
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:b6,c6,4f,b0,4a,c0
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:30,ca,b9,44,c7,45
// EXPECT: 1@0 tensor<2x3xf8E4M3FN> hex:3a,c4,c7,cb,4b,b7
// EXPECT: 1@1 tensor<2x3xf8E4M3FN> hex:c2,b7,c4,c7,a1,43
// EXPECT: 1@2 tensor<2x3xf8E4M3FN> hex:c9,05,c0,c4,42,bc
// EXPECT: 1@3 tensor<2x3xf8E4M3FN> hex:49,c1,39,b3,c1,3e
// EXPECT: 1@4 tensor<2x3xf8E4M3FN> hex:af,3e,a1,c5,aa,22
// EXPECT: 1@5 tensor<2x3xf8E4M3FN> hex:44,c3,9f,ca,40,c5
// EXPECT: 1@6 tensor<2x3xf8E4M3FN> hex:cb,a3,45,c9,c5,c1
// EXPECT: 1@7 tensor<2x3xf8E4M3FN> hex:c6,39,c2,c1,3e,c1
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>, %a1: tensor<2x3xf8E4M3FN>) -> (tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>) {
    "tessera.send"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xf8E4M3FN>) -> ()
    "tessera.send"(%a1) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xf8E4M3FN>) -> ()
    %r0 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xf8E4M3FN>
    %r1 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xf8E4M3FN>
    return %r0, %r1 : tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: 2x4_e4m3
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:34,9c,2f,22,4b,c4
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:c9,c4,c8,41,42,c4
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c8,b9,48,d0,3d,c5
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:44,c5,b6,c9,c4,48
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:42,ba,c2,cb,b9,9c
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:a8,a9,c5,a5,9f,47
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:4b,ad,c1,a4,bf,c1
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:a3,c5,3f,aa,34,b1
// INPUT: 1@0 tensor<2x3xf8E4M3FN> hex:c1,c3,b3,bd,33,87
// INPUT: 1@1 tensor<2x3xf8E4M3FN> hex:c8,25,c8,bf,b6,cc
// INPUT: 1@2 tensor<2x3xf8E4M3FN> hex:29,2e,af,ba,b9,c4
// INPUT: 1@3 tensor<2x3xf8E4M3FN> hex:b5,bd,29,c6,33,2e
// INPUT: 1@4 tensor<2x3xf8E4M3FN> hex:ae,bb,3d,ca,3b,34
// INPUT: 1@5 tensor<2x3xf8E4M3FN> hex:36,39,c0,b4,3f,3a
// INPUT: 1@6 tensor<2x3xf8E4M3FN> hex:32,c9,3d,46,44,33
// INPUT: 1@7 tensor<2x3xf8E4M3FN> hex:c9,43,ae,cf,39,c9
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:c8,b9,48,d0,3d,c5
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:34,9c,2f,22,4b,c4
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:c9,c4,c8,41,42,c4
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:4b,ad,c1,a4,bf,c1
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:42,ba,c2,cb,b9,9c
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:a8,a9,c5,a5,9f,47
// EXPECT: 1@0 tensor<2x3xf8E4M3FN> hex:29,2e,af,ba,b9,c4
// EXPECT: 1@1 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 1@2 tensor<2x3xf8E4M3FN> hex:c1,c3,b3,bd,33,87
// EXPECT: 1@3 tensor<2x3xf8E4M3FN> hex:c8,25,c8,bf,b6,cc
// EXPECT: 1@4 tensor<2x3xf8E4M3FN> hex:32,c9,3d,46,44,33
// EXPECT: 1@5 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 1@6 tensor<2x3xf8E4M3FN> hex:ae,bb,3d,ca,3b,34
// EXPECT: 1@7 tensor<2x3xf8E4M3FN> hex:36,39,c0,b4,3f,3a
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>, %a1: tensor<2x3xf8E4M3FN>) -> (tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>) {
    "tessera.send"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xf8E4M3FN>) -> ()
    "tessera.send"(%a1) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xf8E4M3FN>) -> ()
    %r0 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xf8E4M3FN>
    %r1 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xf8E4M3FN>
    return %r0, %r1 : tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: 8_i32
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:e022dd73,1ca71e32,435cc1b6,2a7e07e8,4a8e70f8,2dabfc2b
// INPUT: 0@1 tensor<2x3xi32> hex:e31b4112,11f53f71,b2f8ac06,73d1fce8,652d84c0,1b9ccb21
// INPUT: 0@2 tensor<2x3xi32> hex:446fd2db,d5f22446,e1ae7d34,034bec3c,c39d3d8c,84c71715
// INPUT: 0@3 tensor<2x3xi32> hex:e540b988,3960576d,c2b9b157,31a4cfc8,19575448,ebca01f1
// INPUT: 0@4 tensor<2x3xi32> hex:39be0808,59faaa2c,739be2e6,416a2880,97699a71,d630f63b
// INPUT: 0@5 tensor<2x3xi32> hex:0734a955,93d6e82d,eb107330,a1d95e3f,0dd36a81,af2c76fe
// INPUT: 0@6 tensor<2x3xi32> hex:c563e665,cdcd926b,792578ab,f29063f7,0e4ae02c,6d912f0a
// INPUT: 0@7 tensor<2x3xi32> hex:838d2366,c7466536,ecb252b4,6609b5c3,38facdd6,2e32c4f9
// INPUT: 1@0 tensor<2x3xi32> hex:e0da53bb,5a7e82fd,afa098ea,e73b9d4e,db4619c8,80d6be9b
// INPUT: 1@1 tensor<2x3xi32> hex:97693a39,4976b16b,71ad3fa0,bed78160,93cb2bec,a4799530
// INPUT: 1@2 tensor<2x3xi32> hex:8efb2b7d,4cab7b3c,8c69a7a0,2fb33c02,4b2875fc,b660d7b4
// INPUT: 1@3 tensor<2x3xi32> hex:baa06ddf,c4803de7,4259e29e,7070b5fb,415e9eea,c4bee79c
// INPUT: 1@4 tensor<2x3xi32> hex:376e6330,33d0df22,ec51ed05,a12a66cd,d087e074,50a630d3
// INPUT: 1@5 tensor<2x3xi32> hex:041bf3f7,9e1a6104,6a135930,041b4572,d95790b5,890405ba
// INPUT: 1@6 tensor<2x3xi32> hex:1263dc98,0cd1f293,a6ac78d1,58bc31b0,0108b695,959b2410
// INPUT: 1@7 tensor<2x3xi32> hex:b1f8b68b,c635addf,3ff538ea,43c2ecb2,5246a829,1bac54da
// EXPECT: 0@0 tensor<2x3xi32> hex:838d2366,c7466536,ecb252b4,6609b5c3,38facdd6,2e32c4f9
// EXPECT: 0@1 tensor<2x3xi32> hex:e022dd73,1ca71e32,435cc1b6,2a7e07e8,4a8e70f8,2dabfc2b
// EXPECT: 0@2 tensor<2x3xi32> hex:e31b4112,11f53f71,b2f8ac06,73d1fce8,652d84c0,1b9ccb21
// EXPECT: 0@3 tensor<2x3xi32> hex:446fd2db,d5f22446,e1ae7d34,034bec3c,c39d3d8c,84c71715
// EXPECT: 0@4 tensor<2x3xi32> hex:e540b988,3960576d,c2b9b157,31a4cfc8,19575448,ebca01f1
// EXPECT: 0@5 tensor<2x3xi32> hex:39be0808,59faaa2c,739be2e6,416a2880,97699a71,d630f63b
// EXPECT: 0@6 tensor<2x3xi32> hex:0734a955,93d6e82d,eb107330,a1d95e3f,0dd36a81,af2c76fe
// EXPECT: 0@7 tensor<2x3xi32> hex:c563e665,cdcd926b,792578ab,f29063f7,0e4ae02c,6d912f0a
// EXPECT: 1@0 tensor<2x3xi32> hex:b1f8b68b,c635addf,3ff538ea,43c2ecb2,5246a829,1bac54da
// EXPECT: 1@1 tensor<2x3xi32> hex:e0da53bb,5a7e82fd,afa098ea,e73b9d4e,db4619c8,80d6be9b
// EXPECT: 1@2 tensor<2x3xi32> hex:97693a39,4976b16b,71ad3fa0,bed78160,93cb2bec,a4799530
// EXPECT: 1@3 tensor<2x3xi32> hex:8efb2b7d,4cab7b3c,8c69a7a0,2fb33c02,4b2875fc,b660d7b4
// EXPECT: 1@4 tensor<2x3xi32> hex:baa06ddf,c4803de7,4259e29e,7070b5fb,415e9eea,c4bee79c
// EXPECT: 1@5 tensor<2x3xi32> hex:376e6330,33d0df22,ec51ed05,a12a66cd,d087e074,50a630d3
// EXPECT: 1@6 tensor<2x3xi32> hex:041bf3f7,9e1a6104,6a135930,041b4572,d95790b5,890405ba
// EXPECT: 1@7 tensor<2x3xi32> hex:1263dc98,0cd1f293,a6ac78d1,58bc31b0,0108b695,959b2410
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xi32>, %a1: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
    "tessera.send"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xi32>) -> ()
    "tessera.send"(%a1) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : (tensor<2x3xi32>) -> ()
    %r0 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xi32>
    %r1 = "tessera.recv"() {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], channel = 0} : () -> tensor<2x3xi32>
    return %r0, %r1 : tensor<2x3xi32>, tensor<2x3xi32>
  }
}

// -----

// CASE: 2x4_i32
// NOTE: Two messages per pair on one channel arrive in send order (FIFO).
// RULE: bitexact
// REQUIRES: op=tessera.send op=tessera.recv dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:68dd3d3d,d0137543,153c4f5b,20ffd83a,de1c006f,f467e543
// INPUT: 0@1 tensor<2x3xi32> hex:34a13ccf,5cc36156,6bfb6d07,cafe1c04,37b3011c,41faa1ff
// INPUT: 0@2 tensor<2x3xi32> hex:6ff3eadb,22bb8a9a,b3838e74,3d8cbb93,abade749,e0d5c0cc
// INPUT: 0@3 tensor<2x3xi32> hex:fd3770aa,39946c84,aafa8f90,32cc0d7c,a4ef57ad,e33278d7
// INPUT: 0@4 tensor<2x3xi32> hex:9f21252c,86c592c8,d3662e43,76817cbb,0fa2da77,36ae83fb
// INPUT: 0@5 tensor<2x3xi32> hex:ba9bbbde,b469c087,67daaf3e,3b162e79,fd205676,c757cafc
// INPUT: 0@6 tensor<2x3xi32> hex:5cb06f25,f8231666,8d82819c,5c21a168,eaeb16a2,f2b4da74
// INPUT: 0@7 tensor<2x3xi32> hex:e1c3fe8d,c9bacc7b,19d2e042,ce34aa5d,02568f1b,93b76751
// INPUT: 1@0 tensor<2x3xi32> hex:555e4266,b8318485,1aea456f,c56737c4,af617cf5,ac47b42a
// INPUT: 1@1 tensor<2x3xi32> hex:34da17a6,9025131d,4be7d74b,f73df565,f4407c02,b6e2aa33
// INPUT: 1@2 tensor<2x3xi32> hex:db68971b,3d201070,63fe56a2,6c2ac78a,1f070e6e,c5e25345
// INPUT: 1@3 tensor<2x3xi32> hex:93be1189,127edd2e,0d57ca65,01b8c5ee,06a2370d,933a502d
// INPUT: 1@4 tensor<2x3xi32> hex:e4b8f68d,9ff7c47c,5aedeef1,6280e813,52d81248,f9620727
// INPUT: 1@5 tensor<2x3xi32> hex:4d4b3b73,4dfaea42,d92b0720,910b6f89,57e83a89,1845ac78
// INPUT: 1@6 tensor<2x3xi32> hex:f2d57ce2,5d851590,736be2cb,5df80b30,83316069,8177066f
// INPUT: 1@7 tensor<2x3xi32> hex:fd222257,058f72e2,bbdbd28b,de771862,10de9b82,42921d4a
// EXPECT: 0@0 tensor<2x3xi32> hex:6ff3eadb,22bb8a9a,b3838e74,3d8cbb93,abade749,e0d5c0cc
// EXPECT: 0@1 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<2x3xi32> hex:68dd3d3d,d0137543,153c4f5b,20ffd83a,de1c006f,f467e543
// EXPECT: 0@3 tensor<2x3xi32> hex:34a13ccf,5cc36156,6bfb6d07,cafe1c04,37b3011c,41faa1ff
// EXPECT: 0@4 tensor<2x3xi32> hex:5cb06f25,f8231666,8d82819c,5c21a168,eaeb16a2,f2b4da74
// EXPECT: 0@5 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xi32> hex:9f21252c,86c592c8,d3662e43,76817cbb,0fa2da77,36ae83fb
// EXPECT: 0@7 tensor<2x3xi32> hex:ba9bbbde,b469c087,67daaf3e,3b162e79,fd205676,c757cafc
// EXPECT: 1@0 tensor<2x3xi32> hex:db68971b,3d201070,63fe56a2,6c2ac78a,1f070e6e,c5e25345
// EXPECT: 1@1 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 1@2 tensor<2x3xi32> hex:555e4266,b8318485,1aea456f,c56737c4,af617cf5,ac47b42a
// EXPECT: 1@3 tensor<2x3xi32> hex:34da17a6,9025131d,4be7d74b,f73df565,f4407c02,b6e2aa33
// EXPECT: 1@4 tensor<2x3xi32> hex:f2d57ce2,5d851590,736be2cb,5df80b30,83316069,8177066f
// EXPECT: 1@5 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 1@6 tensor<2x3xi32> hex:e4b8f68d,9ff7c47c,5aedeef1,6280e813,52d81248,f9620727
// EXPECT: 1@7 tensor<2x3xi32> hex:4d4b3b73,4dfaea42,d92b0720,910b6f89,57e83a89,1845ac78
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>, %a1: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
    "tessera.send"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xi32>) -> ()
    "tessera.send"(%a1) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : (tensor<2x3xi32>) -> ()
    %r0 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xi32>
    %r1 = "tessera.recv"() {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]], channel = 0} : () -> tensor<2x3xi32>
    return %r0, %r1 : tensor<2x3xi32>, tensor<2x3xi32>
  }
}
