// tessera.ppermute: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: 8_f32
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:404a32bf,40aa8b0d,c0f51db3,bed3ea12,4042a256,4081ce3d
// INPUT: 0@1 tensor<2x3xf32> hex:3ffb0e03,408fb92b,3f5eaffb,3fd3afc4,3f094542,c04e2e4e
// INPUT: 0@2 tensor<2x3xf32> hex:c0228d82,3f91c2a6,bfdecb82,4074234b,40782363,40acaef9
// INPUT: 0@3 tensor<2x3xf32> hex:bda0329a,4084d60d,c02dec01,c01cbb80,3e79c353,3f58238e
// INPUT: 0@4 tensor<2x3xf32> hex:c09980bd,c0a62647,3f8859a1,c0258a45,4068012a,3f978178
// INPUT: 0@5 tensor<2x3xf32> hex:3f6beaf4,3f20157d,402bee64,beeb1431,405070ef,bfc9f37b
// INPUT: 0@6 tensor<2x3xf32> hex:bf2ccc5a,c002a831,3fe5808e,3ddc790a,c0258e26,40c02e34
// INPUT: 0@7 tensor<2x3xf32> hex:bf8baa8b,beb2a2ef,3f975bf9,40a7c645,bee3ead2,400702dd
// EXPECT: 0@0 tensor<2x3xf32> hex:bf8baa8b,beb2a2ef,3f975bf9,40a7c645,bee3ead2,400702dd
// EXPECT: 0@1 tensor<2x3xf32> hex:404a32bf,40aa8b0d,c0f51db3,bed3ea12,4042a256,4081ce3d
// EXPECT: 0@2 tensor<2x3xf32> hex:3ffb0e03,408fb92b,3f5eaffb,3fd3afc4,3f094542,c04e2e4e
// EXPECT: 0@3 tensor<2x3xf32> hex:c0228d82,3f91c2a6,bfdecb82,4074234b,40782363,40acaef9
// EXPECT: 0@4 tensor<2x3xf32> hex:bda0329a,4084d60d,c02dec01,c01cbb80,3e79c353,3f58238e
// EXPECT: 0@5 tensor<2x3xf32> hex:c09980bd,c0a62647,3f8859a1,c0258a45,4068012a,3f978178
// EXPECT: 0@6 tensor<2x3xf32> hex:3f6beaf4,3f20157d,402bee64,beeb1431,405070ef,bfc9f37b
// EXPECT: 0@7 tensor<2x3xf32> hex:bf2ccc5a,c002a831,3fe5808e,3ddc790a,c0258e26,40c02e34
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.ppermute"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: 2x4_f32
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:3e97bfe8,c08c8631,40180f44,4043f676,bf384f39,bd3dae85
// INPUT: 0@1 tensor<2x3xf32> hex:c0902058,c0923411,bf9657fa,3ff05bc1,bfb45110,3f604609
// INPUT: 0@2 tensor<2x3xf32> hex:4039cfb3,3e93174e,3fdc988a,408afef0,c06f3cc6,400edcc7
// INPUT: 0@3 tensor<2x3xf32> hex:c0b4ee02,3fa5c031,3f1be65f,bfd0a3fb,c04ed817,be3df1ec
// INPUT: 0@4 tensor<2x3xf32> hex:bf9d881a,3e95f260,c02e4c45,3fd17b85,c046e21c,bf69a717
// INPUT: 0@5 tensor<2x3xf32> hex:bf9685fe,40736f35,c08f962c,bf9efc33,4063084e,bffccd94
// INPUT: 0@6 tensor<2x3xf32> hex:c06dfa7c,3f5938e6,bf5ebe4c,402045e0,c030b704,3f12a03f
// INPUT: 0@7 tensor<2x3xf32> hex:3fffcafb,4046dbcd,c0546140,4088af08,c02cef0b,c0913471
// EXPECT: 0@0 tensor<2x3xf32> hex:4039cfb3,3e93174e,3fdc988a,408afef0,c06f3cc6,400edcc7
// EXPECT: 0@1 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<2x3xf32> hex:3e97bfe8,c08c8631,40180f44,4043f676,bf384f39,bd3dae85
// EXPECT: 0@3 tensor<2x3xf32> hex:c0902058,c0923411,bf9657fa,3ff05bc1,bfb45110,3f604609
// EXPECT: 0@4 tensor<2x3xf32> hex:c06dfa7c,3f5938e6,bf5ebe4c,402045e0,c030b704,3f12a03f
// EXPECT: 0@5 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xf32> hex:bf9d881a,3e95f260,c02e4c45,3fd17b85,c046e21c,bf69a717
// EXPECT: 0@7 tensor<2x3xf32> hex:bf9685fe,40736f35,c08f962c,bf9efc33,4063084e,bffccd94
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.ppermute"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: 8_bf16
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c037,3eee,bf77,3fa9,3fbe,3f74
// INPUT: 0@1 tensor<2x3xbf16> hex:bf43,40ae,c0d5,c0a6,bfc3,c071
// INPUT: 0@2 tensor<2x3xbf16> hex:c0f5,c019,c010,c0eb,4025,4079
// INPUT: 0@3 tensor<2x3xbf16> hex:406d,bfc3,3ee3,c057,3f1f,c001
// INPUT: 0@4 tensor<2x3xbf16> hex:3f9d,bf84,4046,401f,406e,c09a
// INPUT: 0@5 tensor<2x3xbf16> hex:c0af,3f9b,bfde,3f99,3f66,3f0a
// INPUT: 0@6 tensor<2x3xbf16> hex:4030,3fd6,3fb5,c02c,40a6,3ec2
// INPUT: 0@7 tensor<2x3xbf16> hex:4055,3f7b,4074,3eec,3f27,3ed4
// EXPECT: 0@0 tensor<2x3xbf16> hex:4055,3f7b,4074,3eec,3f27,3ed4
// EXPECT: 0@1 tensor<2x3xbf16> hex:c037,3eee,bf77,3fa9,3fbe,3f74
// EXPECT: 0@2 tensor<2x3xbf16> hex:bf43,40ae,c0d5,c0a6,bfc3,c071
// EXPECT: 0@3 tensor<2x3xbf16> hex:c0f5,c019,c010,c0eb,4025,4079
// EXPECT: 0@4 tensor<2x3xbf16> hex:406d,bfc3,3ee3,c057,3f1f,c001
// EXPECT: 0@5 tensor<2x3xbf16> hex:3f9d,bf84,4046,401f,406e,c09a
// EXPECT: 0@6 tensor<2x3xbf16> hex:c0af,3f9b,bfde,3f99,3f66,3f0a
// EXPECT: 0@7 tensor<2x3xbf16> hex:4030,3fd6,3fb5,c02c,40a6,3ec2
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.ppermute"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: 2x4_bf16
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c008,bfdc,bee2,beb4,c03d,40e2
// INPUT: 0@1 tensor<2x3xbf16> hex:c03c,bf6b,40eb,bffd,4013,3ffe
// INPUT: 0@2 tensor<2x3xbf16> hex:bf20,c089,c095,bcc3,3fa2,c0cf
// INPUT: 0@3 tensor<2x3xbf16> hex:3eeb,bffb,402c,3f07,c01a,bfa3
// INPUT: 0@4 tensor<2x3xbf16> hex:3e15,4082,4112,3f8d,3ec8,4009
// INPUT: 0@5 tensor<2x3xbf16> hex:3e0d,4008,3fb4,3e86,c008,3f40
// INPUT: 0@6 tensor<2x3xbf16> hex:403f,3f01,409a,4047,bdd5,40b0
// INPUT: 0@7 tensor<2x3xbf16> hex:c045,4074,40bc,bee8,3bb1,4048
// EXPECT: 0@0 tensor<2x3xbf16> hex:bf20,c089,c095,bcc3,3fa2,c0cf
// EXPECT: 0@1 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@2 tensor<2x3xbf16> hex:c008,bfdc,bee2,beb4,c03d,40e2
// EXPECT: 0@3 tensor<2x3xbf16> hex:c03c,bf6b,40eb,bffd,4013,3ffe
// EXPECT: 0@4 tensor<2x3xbf16> hex:403f,3f01,409a,4047,bdd5,40b0
// EXPECT: 0@5 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@6 tensor<2x3xbf16> hex:3e15,4082,4112,3f8d,3ec8,4009
// EXPECT: 0@7 tensor<2x3xbf16> hex:3e0d,4008,3fb4,3e86,c008,3f40
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.ppermute"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]]} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: 8_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:49,3d,39,44,39,c5
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:a5,2a,c8,3c,bf,42
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c8,c2,c8,48,48,4a
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:4a,44,44,c9,3b,b9
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:b2,c5,49,35,c8,3f
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:1c,c3,b2,c0,cd,c9
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:3d,39,36,c6,be,25
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:40,c2,c5,46,25,b9
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:40,c2,c5,46,25,b9
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:49,3d,39,44,39,c5
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:a5,2a,c8,3c,bf,42
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:c8,c2,c8,48,48,4a
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:4a,44,44,c9,3b,b9
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:b2,c5,49,35,c8,3f
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:1c,c3,b2,c0,cd,c9
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:3d,39,36,c6,be,25
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.ppermute"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: 2x4_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:c1,c0,4a,44,ba,c7
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:4a,49,46,42,cb,c7
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:3e,b6,34,bd,c0,3d
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:ba,84,34,33,46,48
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:c8,b5,c0,41,c5,41
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:40,3e,c4,b2,c5,39
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:43,c9,c2,b0,bd,49
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:ae,34,c5,49,30,41
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:3e,b6,34,bd,c0,3d
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:c1,c0,4a,44,ba,c7
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:4a,49,46,42,cb,c7
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:43,c9,c2,b0,bd,49
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:c8,b5,c0,41,c5,41
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:40,3e,c4,b2,c5,39
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.ppermute"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]]} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: 8_i32
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:d5968643,826842cf,aef23be3,9bd16bee,1621bfdd,95c7177b
// INPUT: 0@1 tensor<2x3xi32> hex:975f1d79,9bc1171c,bd167a3f,0dc74954,f989cf7f,eab8e4d6
// INPUT: 0@2 tensor<2x3xi32> hex:75838694,28266cec,51360888,05bb3f13,ce564a2d,486111b8
// INPUT: 0@3 tensor<2x3xi32> hex:511e1277,33e6d66d,2f445e11,88eef67a,dda48ddd,965cee54
// INPUT: 0@4 tensor<2x3xi32> hex:f0eec1cb,2a352061,fd77c2bf,5a54f7ef,1f5ebba3,53421985
// INPUT: 0@5 tensor<2x3xi32> hex:6cc498ad,97682614,aca696c2,19dcd608,67832ff8,a664b57b
// INPUT: 0@6 tensor<2x3xi32> hex:30ae0622,cd0b92f5,4d32619d,59cdb5cf,c558821d,1f263f1c
// INPUT: 0@7 tensor<2x3xi32> hex:bbd3ed42,5667a8a8,ab2e7584,1ad64854,9a39ad9c,674336c4
// EXPECT: 0@0 tensor<2x3xi32> hex:bbd3ed42,5667a8a8,ab2e7584,1ad64854,9a39ad9c,674336c4
// EXPECT: 0@1 tensor<2x3xi32> hex:d5968643,826842cf,aef23be3,9bd16bee,1621bfdd,95c7177b
// EXPECT: 0@2 tensor<2x3xi32> hex:975f1d79,9bc1171c,bd167a3f,0dc74954,f989cf7f,eab8e4d6
// EXPECT: 0@3 tensor<2x3xi32> hex:75838694,28266cec,51360888,05bb3f13,ce564a2d,486111b8
// EXPECT: 0@4 tensor<2x3xi32> hex:511e1277,33e6d66d,2f445e11,88eef67a,dda48ddd,965cee54
// EXPECT: 0@5 tensor<2x3xi32> hex:f0eec1cb,2a352061,fd77c2bf,5a54f7ef,1f5ebba3,53421985
// EXPECT: 0@6 tensor<2x3xi32> hex:6cc498ad,97682614,aca696c2,19dcd608,67832ff8,a664b57b
// EXPECT: 0@7 tensor<2x3xi32> hex:30ae0622,cd0b92f5,4d32619d,59cdb5cf,c558821d,1f263f1c
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.ppermute"(%a0) {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: 2x4_i32
// RULE: bitexact
// REQUIRES: op=tessera.ppermute dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:23f951df,c625cae1,e3b87915,fabb79ca,a2804a05,6f60e5a9
// INPUT: 0@1 tensor<2x3xi32> hex:da85257b,4399ef48,2bc25f8f,8cf4fc0b,0b1b2a6a,b5e0f025
// INPUT: 0@2 tensor<2x3xi32> hex:64dc12e6,df133c69,7204040f,235fbb66,34024dd0,ca4c3d44
// INPUT: 0@3 tensor<2x3xi32> hex:62f9696b,56c87088,4a954458,4ee867f7,fc4cc919,eaf5c8d6
// INPUT: 0@4 tensor<2x3xi32> hex:09aade1b,c09fd893,892bdfd4,bc8e3a31,2152136b,b9fabf42
// INPUT: 0@5 tensor<2x3xi32> hex:c8368f4c,ff6fd3e6,3ba7ecf0,0b28e15a,191603b2,648be0be
// INPUT: 0@6 tensor<2x3xi32> hex:4c49ede8,ff6fc60f,69ed882f,10075d57,ea953267,ba7f7c88
// INPUT: 0@7 tensor<2x3xi32> hex:6440b87e,7b6c76f2,9e5b4bfe,f9fe524d,8ba9b017,a6bcca75
// EXPECT: 0@0 tensor<2x3xi32> hex:64dc12e6,df133c69,7204040f,235fbb66,34024dd0,ca4c3d44
// EXPECT: 0@1 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<2x3xi32> hex:23f951df,c625cae1,e3b87915,fabb79ca,a2804a05,6f60e5a9
// EXPECT: 0@3 tensor<2x3xi32> hex:da85257b,4399ef48,2bc25f8f,8cf4fc0b,0b1b2a6a,b5e0f025
// EXPECT: 0@4 tensor<2x3xi32> hex:4c49ede8,ff6fc60f,69ed882f,10075d57,ea953267,ba7f7c88
// EXPECT: 0@5 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xi32> hex:09aade1b,c09fd893,892bdfd4,bc8e3a31,2152136b,b9fabf42
// EXPECT: 0@7 tensor<2x3xi32> hex:c8368f4c,ff6fd3e6,3ba7ecf0,0b28e15a,191603b2,648be0be
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.ppermute"(%a0) {axes = ["tp"], pairs = [[0, 2], [2, 0], [1, 3]]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}
