// tessera.qr (Householder, R's diagonal >= 0) and tessera.lu (partial pivoting).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: qr_f64
// NOTE: numpy.linalg.qr with the sign convention applied.
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.qr dtype=f64 level=graph
// INPUT: 0 tensor<6x4xf64> hex:3fe2abe792f71e1e,bffe32855ecab645,3fdf59ac332c34bc,bfc0c8b916a0bce4,bff4a4b74544eab5,bfe591cbf2417b99,bfe69ef5952af437,bfeef5a707520ab3,bff4357d8a8ac67c,bff4eddda63ed075,3ff57e0fc2ca6ef6,c00276c952eb37fb,3fcc69df4c6f7107,3ff09270ad289a0f,bff3d06c036cfad4,bfb7f1ed7636b8ce,3fd78e566d7390ec,bfe21471c061ef49,bff15aec3e8cece6,3fe93b0fe90e24fd,3fdf7fb26b8c560f,bfd93247cbc8fb91,bfe418005b8bf2e9,bfe62e072411761a
// EXPECT: 0 tensor<6x4xf64> hex:3fd29b9dead4ed10,bfe938277778416d,3f9a05613106401f,3f8486e559b91530,bfe492b5406122ab,bfbab9edf0059689,bfe34c1d4b59533e,3fc4dab5f147c8f1,bfe423dc8c27fcd9,bfd659519f8bb480,3fd1f5a7867707e2,bfdaa283855c8323,3fbc511613df2dea,3fd7948f9a2e5b5f,bfd9f19144a620c3,bfded31f93d29087,3fc779c9fad7b9db,bfd08fd299f798a7,bfe1b398b5b26360,3fd4e0df312641d5,3fcf643836010f99,bfcaa53ebc8037a5,bfd2d61fe436ee08,bfe5beb7ee8a62f5
// EXPECT: 1 tensor<4x4xf64> hex:40000e01486cd467,3fe3e9affb13133a,bfe7a15b8a2a7e22,4000018f52c1f306,0000000000000000,4004fea9521311c1,bfea70217a44df2b,3fed509c08e97919,8000000000000000,8000000000000000,4000d1fab669b2ff,bfd0c16e1068db04,0000000000000000,0000000000000000,0000000000000000,3ff9328957b6f567
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4x4xf64>) {
    %r0, %r1 = tessera.qr %a0 : (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4x4xf64>)
    return %r0, %r1 : tensor<6x4xf64>, tensor<4x4xf64>
  }
}

// -----

// CASE: lu_f64
// NOTE: A float64 numpy replay of partial pivoting; the pivots compared exactly.
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.lu dtype=f64 level=graph
// INPUT: 0 tensor<5x5xf64> hex:3fc4b8be2ca0c5d2,3fe6e6fd4ab97ef1,3ffffd45368eaf2d,bfd1d5737d860bc0,3ff868753bb49b4f,3ff5dd3b45ccedc8,bfe3930fb4281f88,bfe7890382a6c9bd,bff004456889f419,40007adf6ff2b466,3fe52226bea4dc51,3fe6b3526a9ac965,3ff1b2adf5b3e52e,3fd33bb9fb75f660,bfe68a3c6415e7cb,3ff12e4fa6f1e55b,3ffaa9a645f0f815,3fceb480c10b2700,bfe3042cf506c2b9,3ff6157c9a9088e0,bfd2257f5e76436c,3fcc5646b2edde94,3fe21d709e06dd32,bff2e74363d74bd2,3fdddc2dfa3f90df
// EXPECT: 0 tensor<5x5xf64> hex:3ff5dd3b45ccedc8,bfe3930fb4281f88,bfe7890382a6c9bd,bff004456889f419,40007adf6ff2b466,3fe9254883e17a13,40012d3fcd963862,3fea2b96afaac9b4,3fc89f47d83e3aac,bfce873ace8a6860,3fbe53eb531b1507,3fd77e4e0374ba3f,3ffc94800352e1be,bfcd86ba76a949d6,3ff5e775f6da826a,bfca8f0f7ca7fded,3fa6867364b558a9,3fcb0d3c8aeeeb4f,bff59502fda8cce4,3fe3af610ae0175b,3fdeee316bba034d,3fddf511efad8c74,3fe3535791f37093,bfe3c67eb90b0fe9,c0004788ac32f178
// EXPECT: 1 tensor<5xi32> hex:00000001,00000003,00000003,00000004,00000004
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xi32>) {
    %r0, %r1 = tessera.lu %a0 : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xi32>)
    return %r0, %r1 : tensor<5x5xf64>, tensor<5xi32>
  }
}
