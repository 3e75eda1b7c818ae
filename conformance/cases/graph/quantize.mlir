// Generated file: edit the generator named in each case, then rerun it.

// CASE: tensor_amax_e4m3
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,4025611f,3fc38719,40adc994,40102975,3ff5aaec,c00c69f7,c054ae82,408e80c0,3e164247,401bcfd6,c08422f8,bfa790fd,c077e3bc,c014ee29,402d635b,c08e22c4,bfcd1776,3efb944a,c00058a7,bf41c22f,bf2a63c1,3fa090b2,bfa59a0c,3f5118a1,3e2e8c6f,3fa308db,3f2cc1ab,409f233e,bffeda03,40663e73,bf9a9a69,c037ebfd,40688ca1,bfa8c530,bf94da28,c085504a,c0c96d49,3ff39252,c05fbb2c,40156dad,40b16c8f,beb05464,c0584f63,3f975f5b,4012407a,bf490e15,3d569a8a,40802f9d,4072f77f,400850da,c0265956,be24e430,3fe7852f,bf22b686,bfea3f34,c012f463,bff2b0ff,c000f2b8,bfad3a0e,405bf854,c019b928,402a4903,3fa05a3e,3ed6a7d0,c01edc75,bfaf5ede,40bd7619,3e982b17,3fceabf9,3ffe9aa9,404aaee5,bf36699e,bfea50dd,be372256,bf484f2d,4017cf58,3f119eec,3f37c27c,3edebc09,406bd8ba,bfd05e6c,bfb7b052,4029f1f3,bea37228,3f8a93c2,c00bf73c,3d8f58a9,3fa5d2fe,c07ede2a,c0056d66,3fa274be,40d7e2b5,3fb18490,be35003f,c02247d2,3f966265,c0f02293,be18276e,bf7d8d15,bfc7745e,40dec101,c0ed75af,bd88db43,3e53e75b,3fb37464,c099c365,bfb32edf,c08f9024,bec405bb,3f167754,3efca6f7,bf18124f,3f0ecdde,3f0836b9,3f9b8bd8,3d9afbd5,c0ab27d4,c01c6c77,3f84b340,c02ec884,c0194c2e,3eae1d89,be0bddac,402b9c67,3fc48d49,bfa71765,3eaf7e7e,c1093994,c0191a0f,bee274be,c0e52ce3,bf77a2de,3f414271,4046b5df,3f9ab946,40b4e391,4092af1d,c09ce611,bf2d9b64,beefe449,3e8cd525,bfdbed88,3fea6450,400f0bad,c092540e,40358302,bff8a880,404acf3e,3fd8d3a7,bec88201,40bee244,402aeaf0,3dc694ce,3f3f3392
// EXPECT: 0 tensor<4x40xf8E4M3FN> hex:00,80,00,80,5d,ed,70,6a,79,6f,6d,ee,f3,77,4f,70,f5,e9,f5,ef,71,f7,ea,5d,ed,e2,e1,68,e8,63,51,68,61,78,ed,74,e8,f1,74,e9,e7,f6,fa,6c,f3,6f,79,d9,f3,67,6f,e2,43,75,74,6e,f0,d0,6c,e0,ec,ef,ec,ed,e9,73,f0,71,68,5b,f0,e9,7a,58,6b,6d,72,e1,ec,d1,e2,6f,5f,61,5b,74,eb,e9,71,d8,66,ee,47,68,f5,ee,68,7b,69,d1,f0,67,fc,d0,e5,ea,7b,fc,c6,53,69,f8,e9,f7,da,5f,5d,e0,5f,5e,68,48,f9,f0,66,f1,f0,59,ce,71,6a,e9,59,fe,f0,dc,fc,e5,62,72,68,79,77,f8,e1,dc,56,eb,6c,6f,f7,71,ed,72,6b,da,7a,71,4a,62
// EXPECT: 1 tensor<f32> hex:3c9cd417
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xf8E4M3FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_amax_e5m2
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,c09279ca,402a0c82,3f9f4582,c081a875,bff6a737,bf3e6fc8,3f7a25cf,40a5f883,3d59ca40,c0ba5bee,3ff98643,bf0119be,c0a74e3b,c0db0b47,c04c5a43,3f914390,c0119a90,3fe649c3,bf57e304,3f0d13a3,4006f58f,3fde4de5,c04a13a9,40b918a9,c0bdd246,bf105e3a,c044253a,4064833b,c07b9ed9,c0468d98,c05ab0b0,c0845045,bfdbf73b,3f0a64ea,c03a2aba,c0a2a019,bf57e6e8,be0c739b,4005c40f,c01e5397,bf1b713b,402b4ff1,c041759c,beaa45bf,bf8fd12e,c08bbc0f,bec7dad2,4054f7dc,40d62a20,c08be110,40309067,4053bc38,40679d7c,bfaae849,3f6b2055,bfedef91,3fd40aad,40648764,bf44b6b5,3f23a9e8,40236f5b,400832b6,c0009510,4082c8bc,3fb7110c,3ee12cc3,3dc99717,4004c441,4044530b,c0749d92,c027b003,c0a6060d,3fa8e45b,3f92cf2e,bf871273,c052f703,407b0f38,40997208,40976c75,3e15c6c9,3ed62856,3ed2b061,bed0eec3,c06bd915,bfe8f85c,401c882c,bc14764b,bfb715e5,bf4184ba,40a7f3a2,408ebf0b,40539ad1,3f078c38,c068576f,3f150a1e,bf77c146,3fedec59,40447fc3,c00308bd,407d19b4,3e31bf4f,3e8a344d,bfd65f3f,bf0ee361,3e8f98a2,bf19610d,bf73409c,bf9768c1,40c39c5b,bf1dd867,40111cac,3e6dcf71,c10c337d,4115d625,3b8c6722,bfd3d27d,407c8400,408e8897,bfdafc92,c01fc048,c02a34c2,3f8655d6,3efac497,401689fc,beaee788,bfc4cb79,3eb72097,bfdb6afb,3ffd7091,3fa01292,3fd58f3b,3fadb024,bfa10167,c0a56a37,40734e86,40504d3a,c00eca3d,402ca646,3eee41cc,be61469b,bca1f55e,c01f82d9,bec90483,3e200ef2,3f1bedcb,bff07bfb,3f9304a9,bfdfb89f,bfc1cc7f,3e7389e7,bfb1e4f8,c0468cfd,bfcb9784,c0070029
// EXPECT: 0 tensor<4x40xf8E5M2> hex:00,80,00,80,6a,f2,f7,74,6f,f6,f2,ec,6e,78,5d,f8,72,ea,f8,f9,f5,6f,f3,71,ed,6b,72,71,f5,78,f8,eb,f5,75,f6,f5,f5,f6,f1,6a,f4,f8,ed,e3,72,f3,eb,74,f5,e8,ef,f7,e9,75,79,f7,74,75,75,f0,6d,f2,71,75,ed,6c,74,72,f2,76,70,69,61,72,75,f6,f4,f8,70,6f,ee,f5,76,77,77,63,69,69,e9,f6,f1,73,d3,f0,ed,78,77,75,6a,f5,6b,ee,72,75,f2,76,64,66,f1,eb,67,eb,ee,ef,79,eb,73,66,fb,7b,4f,f1,76,77,f1,f3,f4,6e,6a,73,e8,f1,68,f1,72,6f,71,70,f0,f8,76,75,f3,74,6a,e5,d8,f3,e9,63,6b,f2,6f,f1,f1,66,f0,f5,f1,f2
// EXPECT: 1 tensor<f32> hex:392b3de1
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xf8E5M2>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf8E5M2>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xf8E5M2>, tensor<f32>
  }
}

// -----

// CASE: tensor_amax_e2m1
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,c09c2f6d,4022e1a5,4068cf18,4002fbe1,c0d25ee9,3f4574ea,c0b2db15,402f9e34,c0d1fcff,c0896118,3f84e6da,c08a8111,c1052e09,c053cc6f,3fa38197,c066c5a5,c0565679,3ef0a520,bd770ced,406b9123,4021261a,bf888feb,c00c404b,404b9140,c0063f39,c056757e,3fac192a,bfefc730,c09701ba,3fe64cb4,402a75fb,c06a472e,bf935c37,bfbcc608,bf082c1b,bfb07f35,c09228b3,3d928987,bf83fb49,3ec191cf,3ffc7ebe,401baa1c,3fa1f737,c0fda53f,c048561d,3e812724,401d7b98,c04730c3,c017c44c,40a5efc3,c0f614ac,bf82be7a,c0035832,bfa09d93,bf8d2849,3ff5bbfc,40370767,41144ecd,40acab0f,be2fd540,3f45bb88,404bce12,410100e7,bf07d6ee,3f9e6694,bf045c9f,40677f6b,c08217d2,3ef19ff3,c07d94d2,3f5cdf57,401cd24e,bf958c97,bf29d29f,405d97bc,be90d177,3fde50b9,bf2f6e9e,c0313639,bf9ba3ca,40cb9c76,bf4fa119,3e5d4f6e,406a8962,3f963590,3fd70170,40df1068,4035d132,c01776e3,4007ab10,bfdcbf5b,bf7be21e,40526059,3e86d66a,bf52b1c7,bfd29410,3efaa944,bf438461,403e7a9b,3f29a3e0,bed40ca3,41152af7,3f81bd79,c0081043,c06bc5a0,c056e4a2,c0828f73,be75c9d2,bd63cc0b,3fe8c817,c0413c6f,bfb2b289,bfdcb2ee,409ed7ae,3edfe460,3faacba9,40572a0d,3f33aba2,be2a99fc,bfa48270,bf5e75f4,bdd1aa6d,bf32f5aa,bf2f1ad0,40b78ab6,c07f3e9c,c0c5837f,3f930889,4084b5e3,bf4ac515,4021a317,409f9703,bf2bc0a6,3f29523f,c01c266f,bff15885,bf973da3,400eb12d,408fe2bc,400664a7,c023ccef,c013a77c,bf87f50c,3d9eb5f9,3fe77cf1,c08ddef4,c045cb02,40ada987,3fbd500a,3faa9d6c,c0835a41,404b2b3d,3fddb5a2,c08918af
// EXPECT: 0 tensor<4x40xf4E2M1FN> hex:00,08,00,08,01,0b,0d,03,04,03,0e,01,0e,04,0e,0d,01,0d,0f,0c,02,0c,0c,01,08,04,03,09,0b,04,0b,0c,02,0a,0d,02,03,0c,09,0a,09,0a,0d,00,09,00,03,03,02,0f,0c,00,03,0c,0b,05,0e,09,0b,0a,09,02,04,07,05,08,01,04,07,09,02,09,04,0d,01,0d,01,03,0a,09,04,08,02,09,0c,0a,06,09,00,04,02,02,06,04,0b,03,0a,09,04,00,09,0a,01,09,04,01,09,07,01,0b,0c,0c,0d,08,08,02,0c,0a,0a,05,01,02,04,01,08,0a,09,08,09,09,06,0d,0e,01,05,09,03,05,09,01,0b,0a,0a,03,05,03,0b,0b,09,00,02,0d,0c,05,02,02,0d,04,02,0d
// EXPECT: 1 tensor<f32> hex:3fc6e3f4
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xf4E2M1FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf4E2M1FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xf4E2M1FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_amax_e3m2
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,40376429,40b63fed,c0a5b21e,c0891ce0,be4eebfc,40a62129,3fd310d4,c07e2c49,4035e962,be004bf5,407e744b,c0589539,4038dc70,4088a0c9,c037e445,3f091899,3fb9d5b6,3f398256,c01f42c1,404aa061,c02837a1,3ec6e8bc,3fcdf0e6,3f9bf229,3ff60dd5,c0ab00a7,c0d73f53,3f48e658,3f8f3874,4089c33e,bf18a460,becf5c90,c08d2f74,3fa29c1e,408c5240,bf8f9de5,3fbcb1fb,4069afe5,4068d908,403961aa,404ac8bb,c120c5bf,c0b0dfab,3f994b9d,c09f33af,4040a148,bfd256dd,c0942895,402dd1c6,bfee4eff,c03762f1,401474e2,bf166e2a,c062fa3f,c04ccefb,c09bbcdb,409e1d81,40801b98,3e3059aa,c0018673,3fbde74f,bf123962,40191750,3ff5b43d,3e500f6d,bf4d1ef8,3feba69f,3d123157,c09e34e5,3f617cde,40ade1c3,bf8aed98,3f5375df,bf782a5a,3f6029e6,bf5d962f,40e48c52,3fb89b7f,3e1131d4,3f80e5d6,3eb844d8,408f5dcb,c002d345,c017fa83,3fdccf79,bf10e315,bfeb4c1e,c0b190fc,3bbf6efc,bfd9aa64,405325e3,c04dad2b,3fa67b21,bdb37bd9,bffbae31,407b0d3a,408efa30,bf504efa,bf06e45b,c0c5fb18,403965fb,bea35810,4068b828,bf913add,3fea6e61,3fc68c3f,3fdb93ea,bf8fc395,bfe27f49,c04c3bcc,3f463788,c015e88d,3fd9ddb2,c0b1faae,408745ad,3fdf4bb3,3ec31a9a,c00c80fb,c0138815,bf9f78e8,40073b88,3f4568dd,3fb091c2,403a1c4a,40042bc8,4029f254,3b9479f1,c03c9065,408b6473,4082e60f,c09f3cc1,bf0549e3,40e431da,40807b92,4054da58,c0d72b81,bf7097a2,c008a7d3,be1e3c24,bdecacd0,405120cc,bfb68752,befbe0bb,c029da92,c08a6bf8,3f9bbca7,4058c7bb,ba8fcb7b,408a9e7f,bf977971,3fd5ffc9,c0c0bacf,3f934531,40aa66ce
// EXPECT: 0 tensor<4x40xf6E3M2FN> hex:00,20,00,20,0e,36,18,1c,3b,3a,29,1b,15,3a,18,26,1a,39,18,1a,38,0e,14,10,37,18,37,0c,14,13,15,3b,3d,10,12,1a,2f,2d,3a,13,1a,32,14,19,19,18,18,3f,3c,13,3b,18,35,3a,18,35,38,16,2f,39,38,3b,1b,1a,08,36,14,2e,17,15,09,30,15,02,3b,11,1c,32,11,31,11,31,1d,14,06,12,0c,1a,36,37,15,2e,35,3c,00,35,19,38,13,24,35,19,1a,31,2e,3c,18,2b,19,32,15,14,15,32,35,38,10,37,15,3c,1a,15,0c,36,36,33,16,10,14,18,16,17,00,38,1a,1a,3b,2e,1d,1a,19,3d,31,36,27,25,19,34,2d,37,3a,13,19,20,1a,33,15,3c,12,1b
// EXPECT: 1 tensor<f32> hex:3eb7bd6d
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xf6E3M2FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf6E3M2FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xf6E3M2FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_amax_e2m3
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,c0083c2d,bd1de6f8,bf5ebeea,3e9ab0d2,c0d6c869,bf99c8e5,4050f362,400255d1,406affa5,be25f76a,404916c1,409e712b,bfae6f0d,be86ff42,410f9c43,bfabee31,c0b3d4d5,40987f98,3f0cf686,c08cf1ae,c06fe61c,3f9804d0,c084fbe9,c016e96d,c08a8fc3,3ea6765a,bdd404bb,c0ac8e43,4093b964,c03e5be8,bfa1490f,40ca7360,bf1674b7,bfcea093,bfdd5e34,401e7b5b,bfe02c88,c0c13fce,c07e43fc,bffc8da2,bf05a5de,c09c3343,3ec0463a,bfc48954,c0504997,bf651295,40b53914,bf91e937,bf06bc43,40214454,bf2d6d59,3fabed09,3f9c15b4,c07f3e5b,3fc9313d,c0019de6,bf9f1e90,be638804,c0676847,400a34dc,401a91c8,40d73c37,bfcf9225,bf8f29e4,40a48937,c0a76bae,bff2b6d9,408e5b58,c022febc,40e49fc9,bfbdd630,c05483f2,3d8a17ed,bbce4d8a,bfcf3477,bfbdaa06,3ea566f9,bfb6abb6,c04172c0,bd27284c,bed2c434,c09d312a,3f5d63ff,bed6b0c3,408142b2,bfc3be2e,c052683d,c02108d3,4065f20e,3fc9eb8a,be8f801e,c05d134a,bfd994c8,3d147508,3fda26df,bfac463f,407a06d0,bf50723e,406792f6,c08b3289,3fef165c,bf8ab3f6,c0c51488,40041184,bfeaf8e5,404bfd76,c0644f7a,be8655c0,3f81992a,c09babe7,bf791f58,3fd8434f,c01ff6fe,c002444b,4021dded,4106a6c3,bff5f46c,3fb699d2,bff57a08,409409d8,bfda7733,3f34fa46,40698eb0,c04b66e4,3fde0dd2,bf492c26,c0a49005,bfe6b528,3c083631,bfd318f6,40281938,bf8a59ae,3f1c7e9a,3fb5787c,40caecd3,4001915e,c010aede,4097859d,3eeee674,3f50d6b2,c0671ff1,bf678354,3f3d10a7,c0957c84,bf88120f,3d4e0742,c00ebf72,40874a33,409f5ba8,c082b8cd,c0ba483f,c0868de7,40819f21,c069ac47
// EXPECT: 0 tensor<4x40xf6E2M3FN> hex:00,20,00,20,03,2d,2e,20,26,02,3b,28,13,0e,14,21,13,18,29,22,1f,29,39,18,04,37,35,08,36,30,36,02,21,39,17,32,28,1b,24,2b,2c,10,2c,3a,35,2d,23,38,03,2a,33,26,19,28,24,10,25,09,08,35,0b,2e,28,21,34,0e,10,1b,2b,27,19,39,2d,17,31,1c,2a,33,00,20,2b,2a,02,2a,32,20,23,38,06,23,16,2a,33,30,14,0b,22,34,2b,00,0b,29,15,25,14,37,0c,27,3a,0e,2c,13,34,22,07,38,27,0b,30,2e,10,1e,2d,0a,2d,17,2b,05,14,33,0c,25,39,2c,00,2b,11,27,04,09,1b,0e,2f,18,03,05,34,26,05,38,27,00,2f,16,18,36,3a,36,16,34
// EXPECT: 1 tensor<f32> hex:3f992f36
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xf6E2M3FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf6E2M3FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xf6E2M3FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_amax_bf16
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,bfa78994,c068bb34,3ebbb6b3,4109277e,409a111d,bf45dee4,c09b0b44,3e569de5,3fc9b3fc,3ff10e1f,be9b7038,c044792f,bfcc3d69,3f9fca2e,4087a32b,404909e8,bf389408,bf2225a6,40663f15,40522e75,3fc306a4,c0d939b5,c086549d,400e1d6d,405d70f0,3fb740ea,3eb3817a,bc5efb0e,3f913c64,c08b55c1,c006176d,3fe02a86,bf61471b,bef78a67,bdc9cbf9,3f8aafc4,bfd1a38e,c04ea2cd,3f6c7c06,c0a588ef,bf02cedb,c08940bf,404ed242,40e4c1ba,c0602e70,4030941d,bfbd64d2,bfebd9cd,bfb127d9,3f8d2c36,3ff17ca8,c006bce6,bff25eb6,405576bb,40856fd2,c04b2ec8,bf79e104,40437205,40c9d644,3f3d7460,3fbf43c0,c029d3cb,4047932a,3fc0dedd,bf86391b,3d6a08c5,40d836c2,409461f6,4094d8e3,c02a6d67,c068c48c,c0969336,3ffb6598,c05ec461,c046eb31,40657239,c0b05244,3fcfbb6d,c0674c26,3ecd64b3,40e55fec,3f8d7c22,bf3a19fc,bf1a2249,bf2039c2,bfc8d450,c09fe76f,c0241dfa,40859cfe,4074492c,3ffbc6a7,bd5e85c2,3ffbc44c,3f590e87,3ff39f59,409715e9,40760182,bf6efe6e,c02284d3,c0c4948d,c007f6d2,be405992,bea2e8dd,bd0648c9,3fac5dbd,40473de1,c08fd591,c037dc0d,c03769e3,400948b2,40b1af0d,3f39445a,3fb8fdc6,bfb3a079,c03377ee,bff1cf72,409cd728,bc2b2869,bf0285b1,4000f77a,3ed0307c,4057595f,3e0112eb,3f7ef452,3fd57794,bfd3d730,bf896981,40019f31,3f0673de,bfc7b966,3dd97f6e,40f6a15c,becc2a7d,c00d5816,3fafd5da,40a338f3,bee11b4a,bf1899ab,bf95e2c3,c07267e1,be4b8ce1,40570af3,3fad1b80,3ed606a5,c09fcec8,bf79d161,c0515e15,c0ff1b47,bfdd45a2,3ff03e33,c03412f0,c02075b6,40aa6702,4005ca7b
// EXPECT: 0 tensor<4x40xbf16> hex:0000,8000,4c17,b826,7d6e,fe6e,fe1c,fed8,7d2f,7f7f,7f0f,fdb8,ff10,7cc8,7e3c,7e60,fd10,feb7,fe3e,7e15,7efc,7ebb,fdac,fd97,7ed6,7ec3,7e35,ff4a,fefa,7e84,7ece,7e2a,7d27,facf,7e07,ff02,fe79,7e50,fdd1,fd66,fc3c,7e01,fe43,fec0,7ddc,ff1a,fd73,feff,7ec0,7f55,fed0,7ea4,fe30,fe5b,fe25,7e03,7e60,fe7b,fe61,7ec6,7ef8,febd,fde8,7eb6,7f3c,7db0,7e32,fe9e,7eba,7e33,fdfa,7bda,7f49,7f0a,7f0a,fe9e,fed8,ff0c,7e6a,fecf,feb9,7ed5,ff24,7e41,fed7,7d3f,7f55,7e04,fdad,fd8f,fd95,fe3b,ff15,fe99,7ef8,7ee3,7e6a,fbcf,7e6a,7dca,7e62,7f0c,7ee5,fdde,fe97,ff37,fe7d,fcb3,fd17,fb7a,7e20,7eb9,ff06,feab,feab,7e7f,7f25,7dac,7e2c,fe27,fea7,fe61,7f12,fa9f,fd73,7e70,7d42,7ec8,7c70,7ded,7e46,fe45,fdff,7e71,7d7a,fe3a,7c4a,7f65,fd3e,fe83,7e23,7f18,fd51,fd8e,fe0b,fee1,fcbd,7ec8,7e21,7d47,ff15,fde8,fec3,ff6d,fe4e,7e5f,fea7,fe95,7f1e,7e79
// EXPECT: 1 tensor<f32> hex:0109b12f
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xbf16>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xbf16>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xbf16>, tensor<f32>
  }
}

// -----

// CASE: tensor_amax_f16
// NOTE: scale = amax / max_finite (f32); q = sat(x / scale), RNE
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x40xf32> hex:00000000,80000000,0da24260,800002ca,3f000000,c0000000,3f533406,3efdcbc4,3f2a5c9d,40334ddf,bfbe3793,40a30aff,403ae0da,bff63013,40ac4725,c0a26621,c0de689b,3feb611b,c01244f4,bfee0c9d,3fccbde5,40536e55,40d8a4b7,3fbd8bfc,c008acac,3fe40f00,bf767d48,bfd3f0a7,40523124,40781b68,c0b49892,40467450,3ee58a19,3fc6f471,c0412ca1,c050987c,bfc340ff,3fc547f6,bf1c7cf4,bf9b40ad,402928e7,c0220c46,c0bd2b7a,3fa037d2,c06e2b14,3ec2eb66,404852e2,c0308ecf,bff54a48,c08ad7b3,bedc7313,c02361c9,c0b86dce,bf828989,402c6288,c08362e6,3ecdaef5,c017345e,c0bbd8c7,4077e158,3f89dd50,3dbd9590,c0263cd4,c0bbe817,4018c600,c01c1017,40a5b211,c01ef5c5,bfb05e66,bf410310,bf88daac,3f7782e3,bf0615aa,3df78b8b,c0033e11,4087d0ac,bcea3d9a,bfa0569e,3c9907c3,c049841e,bfc1ef5a,3eef268c,3f0e1b05,40a28955,bec235c5,3f5be24a,c047d35b,40613748,bf784115,40b80996,c0aedbb2,4081e938,bf531b0b,bf5835db,c06599ef,3fd5447e,405ba5e1,c0840117,3f068a73,c014eeb5,3f314a05,3f2c84fe,c079d21b,c0b73a97,bf3da04a,4008c7be,c072e17f,bea6dcbf,3fd395f5,c0090460,c073319e,bfb065fa,40086c6d,be8a328b,406907a9,c07e54a0,40dd9658,3f3f6c02,c016705b,407ed04e,bfca41a1,c012e593,bfd4cbb5,c0fd915f,3ff94ca5,bf441560,bfcd023b,c05df54e,408724b9,beddcb92,bfbdfd69,40097549,bff6a274,bff21690,40193ae6,3ff24304,3fc886f8,3fca54aa,be6baee9,c04293ec,bee866a2,40a2321d,bf89bff9,4038ed39,c00fa689,3f3e8c2d,c01219bd,3f018999,bfd98433,c0ab2c41,bf900841,402a6184,c00663d8,bfdf91c3,bfbc7dde,bfc2b852,40132321,3ea69217,bf64f6d1,c063d0da
// EXPECT: 0 tensor<4x40xf16> hex:0000,8000,0000,8000,6c09,f409,6ea9,6c00,6d5f,75a7,f200,7924,75e5,f3c3,796f,f91f,fb03,736c,f49d,f382,7275,76ab,7ad5,71fa,f44f,7331,efc6,f2af,76a1,77d3,f9b2,7642,6b3d,7246,f617,f694,f228,7239,ecef,f0e5,7556,f51c,f9f7,710d,f783,6a26,7651,f591,f3bc,f861,eaf4,f527,f9d1,f01e,7570,f825,6a7c,f4c5,f9ec,77d1,7059,61fa,f53e,f9ed,74d1,f4ec,793a,f503,f190,ee16,f051,6fce,ec3a,63ce,f423,7848,db63,f10e,58d3,f65b,f21e,6b8b,6c7b,7920,ea20,6eef,f64d,771a,efd4,79ce,f984,7819,eea8,eed1,f73e,72ba,76ed,f82a,6c3e,f4b2,6d97,6d71,f7e1,f9c7,edfb,7450,f7a9,e943,72ac,f452,f7ab,f190,744d,e85c,7759,f803,7afd,6e09,f4be,7805,f261,f4a2,f2b6,fbff,73dd,ee2f,f277,f700,7843,eaff,f1fe,7456,f3c7,f3a2,74d5,73a4,7253,7261,e76f,f623,eb54,791d,f058,75d5,f488,6e02,f49b,6c16,f2dc,f966,f08b,755f,f43d,f30d,f1f2,f224,74a4,6941,ef38,f72f
// EXPECT: 1 tensor<f32> hex:38fdb115
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x40xf32>) -> (tensor<4x40xf16>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf16>, tensor<f32>)
    return %0#0, %0#1 : tensor<4x40xf16>, tensor<f32>
  }
}

// -----

// CASE: tensor_given_scale_saturates_e4m3
// NOTE: finite overflow saturates; Inf -> e4m3 NaN / e5m2 Inf; NaN rules of ocp
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<3x17xf32> hex:7f800000,ff800000,7fc00000,c3010ecd,4257ef6b,4191d18e,c062b542,c3233f02,c3205ce2,c20df1ce,435d0b49,c168bd7f,4295b85d,433ce439,430c958d,418cd259,c3358076,41cf8a80,428a6434,4229fc65,c23d6995,c302ef99,426c7ae5,42e3eeb8,3ebd2a4f,c1a0294d,420b19d9,c30adcd0,c2848594,c10af988,c30c02ec,428be882,4066fc6c,42847502,c31550b6,41e61b06,c2baf5e9,41f6c6ed,c2c8ff23,41d6f593,43718c52,c29f029d,42081423,42296aa2,42de264e,42952cd0,42a3f2c1,c303c477,c235dc6e,c30666e6,c2d1bd0b
// INPUT: 1 tensor<f32> hex:3e000000
// EXPECT: 0 tensor<3x17xf8E4M3FN> hex:7f,ff,7f,fe,7d,71,de,fe,fe,f9,7e,ef,7e,7e,7e,71,fe,75,7e,7b,fc,fe,7e,7e,44,f2,79,fe,fe,e9,fe,7e,5e,7e,fe,76,fe,77,fe,75,7e,fe,79,7b,7e,7e,7e,fe,fb,fe,fe
// EXPECT: 1 tensor<f32> hex:3e000000
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x17xf32>, %a1: tensor<f32>) -> (tensor<3x17xf8E4M3FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0, %a1) {scheme = "tensor"} : (tensor<3x17xf32>, tensor<f32>) -> (tensor<3x17xf8E4M3FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<3x17xf8E4M3FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_given_scale_saturates_e5m2
// NOTE: finite overflow saturates; Inf -> e4m3 NaN / e5m2 Inf; NaN rules of ocp
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<3x17xf32> hex:7f800000,ff800000,7fc00000,c3010ecd,4257ef6b,4191d18e,c062b542,c3233f02,c3205ce2,c20df1ce,435d0b49,c168bd7f,4295b85d,433ce439,430c958d,418cd259,c3358076,41cf8a80,428a6434,4229fc65,c23d6995,c302ef99,426c7ae5,42e3eeb8,3ebd2a4f,c1a0294d,420b19d9,c30adcd0,c2848594,c10af988,c30c02ec,428be882,4066fc6c,42847502,c31550b6,41e61b06,c2baf5e9,41f6c6ed,c2c8ff23,41d6f593,43718c52,c29f029d,42081423,42296aa2,42de264e,42952cd0,42a3f2c1,c303c477,c235dc6e,c30666e6,c2d1bd0b
// INPUT: 1 tensor<f32> hex:3e000000
// EXPECT: 0 tensor<3x17xf8E5M2> hex:7c,fc,7e,e4,5f,59,cf,e5,e5,dc,67,d7,61,66,64,58,e6,5a,60,5d,de,e4,5f,63,42,d9,5c,e4,e0,d4,e4,60,4f,60,e5,5b,e2,5c,e2,5b,68,e1,5c,5d,63,61,61,e4,de,e4,e3
// EXPECT: 1 tensor<f32> hex:3e000000
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x17xf32>, %a1: tensor<f32>) -> (tensor<3x17xf8E5M2>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0, %a1) {scheme = "tensor"} : (tensor<3x17xf32>, tensor<f32>) -> (tensor<3x17xf8E5M2>, tensor<f32>)
    return %0#0, %0#1 : tensor<3x17xf8E5M2>, tensor<f32>
  }
}

// -----

// CASE: tensor_given_scale_saturates_e2m1
// NOTE: finite overflow saturates; Inf -> e4m3 NaN / e5m2 Inf; NaN rules of ocp
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<3x17xf32> hex:7f800000,ff800000,7fc00000,c3010ecd,4257ef6b,4191d18e,c062b542,c3233f02,c3205ce2,c20df1ce,435d0b49,c168bd7f,4295b85d,433ce439,430c958d,418cd259,c3358076,41cf8a80,428a6434,4229fc65,c23d6995,c302ef99,426c7ae5,42e3eeb8,3ebd2a4f,c1a0294d,420b19d9,c30adcd0,c2848594,c10af988,c30c02ec,428be882,4066fc6c,42847502,c31550b6,41e61b06,c2baf5e9,41f6c6ed,c2c8ff23,41d6f593,43718c52,c29f029d,42081423,42296aa2,42de264e,42952cd0,42a3f2c1,c303c477,c235dc6e,c30666e6,c2d1bd0b
// INPUT: 1 tensor<f32> hex:3e000000
// EXPECT: 0 tensor<3x17xf4E2M1FN> hex:07,0f,08,0f,07,07,0f,0f,0f,0f,07,0f,07,07,07,07,0f,07,07,07,0f,0f,07,07,05,0f,07,0f,0f,0f,0f,07,07,07,0f,07,0f,07,0f,07,07,0f,07,07,07,07,07,0f,0f,0f,0f
// EXPECT: 1 tensor<f32> hex:3e000000
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x17xf32>, %a1: tensor<f32>) -> (tensor<3x17xf4E2M1FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0, %a1) {scheme = "tensor"} : (tensor<3x17xf32>, tensor<f32>) -> (tensor<3x17xf4E2M1FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<3x17xf4E2M1FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_all_zero_scale_one
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<2x8xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0 tensor<2x8xf8E4M3FN> hex:00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00
// EXPECT: 1 tensor<f32> hex:3f800000
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>) -> (tensor<2x8xf8E4M3FN>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<2x8xf32>) -> (tensor<2x8xf8E4M3FN>, tensor<f32>)
    return %0#0, %0#1 : tensor<2x8xf8E4M3FN>, tensor<f32>
  }
}

// -----

// CASE: tensor_rank0
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<f32> hex:c0600000
// EXPECT: 0 tensor<f8E5M2> hex:fb
// EXPECT: 1 tensor<f32> hex:38800000
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<f32>) -> (tensor<f8E5M2>, tensor<f32>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "tensor"} : (tensor<f32>) -> (tensor<f8E5M2>, tensor<f32>)
    return %0#0, %0#1 : tensor<f8E5M2>, tensor<f32>
  }
}

// -----

// CASE: mx_e4m3_ocp_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E4M3FN
// INPUT: 0 tensor<3x64xf32> hex:45806aac,c418a8c6,c5560e91,c459cc1c,453fe4e0,c51dc145,c471bd97,c5288fac,c530c3e1,44adc792,457b3bdb,c4f7240a,459aefd1,c51eeeb7,45b5a189,443c281e,45b94a29,c541df9c,45247760,4537762d,c5318d41,c54cdd7c,c3e6f503,c50a9362,454970ac,c4c0b462,c3fc4478,4379ff2b,45ab4be9,45514dc4,451a26ce,4380ff48,3f92337f,c0b96405,bf0d7a9d,c0479d1f,3e5ea6db,be55fce3,bfe634c0,3ea13474,3f0b5707,c054a2b6,400b4789,3f943d91,bedda9de,3f9d190f,4076cef8,405fcbae,4039a7f7,3f55a636,40db532a,40a9f909,c0bb6b79,40261871,c0d1a456,40475786,404b3d8b,3eb1a7d1,3d8dc067,3fc83a41,40179d0d,3f46f4fb,c08812bd,bfd2c767,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3f191473,bed783a6,bffa6e1f,40813e9c,c0a45c96,404e2bda,410345ed,bf7fc4ac,3fc4f167,c05e34bb,c005e696,40de5ca3,3ff2bb16,40686e42,4038f302,c0b0592f,c0a36d85,bfec8579,400cae4b,c0a4a244,3ffda568,3d19b3c6,4090ff19,bf8063c2,c0070666,bfc60a5a,bfb350c1,c0152fcf,c063b8bb,3f531224,40e9f47e,3fb98152,000083a0,8000591d,000052ec,00001900,00005135,0000233c,80003c44,800047ce,00002156,80002927,00004433,80003dd3,80000400,000028b1,0000154c,0000180c,00001436,800098e8,8000c5cb,00006347,000075c7,00004304,000050bf,80001b93,8000d8af,80001e5a,00006e17,80001fce,80002250,00003a29,80002662,80001ccf,fd840f39,fca863ef,7d1cd4cc,7e0bec53,7e06986f,fd2651d4,fc840e2a,7d6b3c41,fd1c0364,fe4832dd,7e25c247,fdb170c8,7c5b5d5d,fc12dc4a,7c55713f,fd176e36,7c6a6521,fe1dc538,7c692265,fd75559b,fcc8ba8a,7d85365a,fa1a7afd,7da13d59,fce7bc64,7e426260,fd46fa28,fd553efd,fd074ca0,7d27e444,fd67b52d,7d8eab80
// EXPECT: 0 tensor<3x64xf8E4M3FN> hex:78,e2,f5,e6,74,f2,e7,f3,f3,6b,78,ef,7a,f2,7b,64,7c,f4,72,73,f3,f5,de,f1,75,ec,e0,58,7b,75,72,58,69,fc,e1,f4,56,d5,ee,5a,61,f5,71,69,de,6a,77,76,74,65,7e,7b,fc,72,fd,74,75,5b,49,6d,71,64,f9,ed,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,5a,d5,e8,70,f2,6d,78,e0,64,ee,e8,76,67,6f,6c,f3,f2,e7,69,f2,68,3a,71,e0,e8,e4,e3,e9,ee,5d,77,64,04,83,03,01,03,01,82,82,01,81,02,82,80,01,01,01,01,85,86,03,04,02,03,81,87,81,03,81,81,02,81,81,f0,e3,6a,79,78,ea,e0,6f,ea,fd,7a,f3,5e,d9,5d,e9,5f,fa,5f,ef,e5,70,ba,72,e6,7c,ec,ed,e8,6a,ee,71
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:83,79,00,7a,00,f4
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf8E4M3FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<3x64xf32>) -> (tensor<3x64xf8E4M3FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf8E4M3FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e4m3_ocp_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E4M3FN
// INPUT: 0 tensor<2x50xf32> hex:c45efcc9,442f2267,c4d54137,458c245c,c555eb58,c54a27dd,4544acf3,c2f550ae,450146c1,458474c5,4514d8ec,c50d6464,434c4296,c5a4178a,c4b65426,c4eaa7c7,c51ccd95,c51566e6,c390d447,444de041,c6039d6e,456175ef,c47267e6,c4141fee,44a9dd5d,45de06c9,45d818f7,c4e25fac,453fe166,44736fbb,c201d59c,c51fd044,bf8b95d2,3fc5fc98,3f32db8c,40e9ff0d,c01a8afe,3e0feba0,3e8ebf8a,40630c33,3f388b46,3fe29c32,c01314c7,3faf78df,bf60eba1,3fcae40d,40c2d860,40252bc6,bff13dca,bfc60d97,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,c0be65b6,402a3fbc,bdbc0c2b,c0041338,c0a6e216,bfab076d,bf9cbc94,3f8154d2,408edffb,c02b7efa,401c6eb6,402c972c,bfe2c54c,c0006509,3ffc177e,c0d91d18,3f5c76a9,c08d80ea
// EXPECT: 0 tensor<2x50xf8E4M3FN> hex:de,5b,e5,71,ed,ed,6c,c7,68,70,69,e9,4d,f2,e3,e7,ea,e9,d1,5d,f8,6e,df,d9,63,76,76,e6,6c,5f,b8,ea,e9,6c,63,7e,f2,51,59,76,64,6e,f1,6b,e6,6d,7c,72,ef,ec,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,fc,73,cc,f0,fa,eb,ea,68,79,f3,72,73,ee,f0,70,fe,66,f9
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:84,79,00,79
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf8E4M3FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<2x50xf32>) -> (tensor<2x50xf8E4M3FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf8E4M3FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e4m3_ceil_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E4M3FN
// INPUT: 0 tensor<3x64xf32> hex:c4cb8381,c1befd2c,c500568c,c4c71377,c477224b,456d8675,c5d6acf8,45999777,4520d896,c5b3ab35,44bef6ff,c4ba5da0,c541c2df,43126489,44bbe62a,4492780a,c59cd453,c51a8700,c509c35e,44957a68,450e66d0,c4563803,451f51b3,43ad21e5,44a24786,c516991d,4599dda2,453e73b7,44b7c754,c596f79d,44bff6b1,45114200,3fdf6326,c048cd35,c002d226,40cd969c,c06450cc,c04ca538,3f70bd45,408bf828,bea4f3ab,3f803e3e,3ffb3d9f,c0beea2f,c014b4ff,bfe39079,bf8bb93d,c029c760,bf2c0bf1,40b9f90d,3f265b63,40785419,3e6189ef,3f072af5,bd783214,40521b3a,bfb2bb39,bef0b24e,c09fc9c3,400260b4,c0334b17,3ff27b83,3fd56620,3ee8635c,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,c02d101c,bf3e018a,4021ecc2,c0348d9d,c0bcdea4,3f90a31d,c0619b1f,3e946d74,408296a5,3fe35481,3fc99db0,c0ea5180,bf431836,3fcbefc0,3cb98058,3eb50356,c0204593,406dd3f3,c034ccc5,bf906d7c,c05f8b93,3f9ac9e8,3fc50fa2,bf5e3995,bfd60847,bf001f8b,40f58526,c0e19012,bf7dfdf3,400da525,3f0ccd40,bf89727a,00000a1a,800029ed,800053e8,80002b24,00006cf5,000045d2,80002868,000000e1,00000a68,00003f8f,80005436,00006202,800036ef,000030f6,00001fe3,80006118,00002df9,00006258,0000b7c7,00003119,80001bc9,80000dfd,00006a24,00009f47,0000273c,00000971,00003953,00003192,800004da,800038d8,80003700,800059f1,7d97a3a0,7c926b02,7d8bee0a,fe1226fb,fc8aa31e,f97012a5,7cddd507,fd85c2c2,7dd4307a,fd8c588b,fe32b3c3,fdd3cf01,fd13fb7c,7d489e65,fe4c0b05,fc29520a,7db367cd,7db0d570,fc8a247d,7dd73b29,fc205ff1,7d01f516,fcaaa034,fafb5fc7,7e3c7dcb,7d6a7597,7da06108,fca59f3d,fdb1f6d9,fd03e15c,7cda343f,fd8081fd
// EXPECT: 0 tensor<3x64xf8E4M3FN> hex:ed,bc,f0,ec,e7,77,fd,7a,72,fb,6c,ec,f4,51,6c,69,fa,f2,f1,69,71,e5,72,5b,6a,f1,7a,74,6b,f9,6c,71,6e,f5,f0,7d,f6,f5,67,79,da,68,70,fc,f1,ee,e9,f3,e3,7c,62,78,56,60,c8,75,eb,df,fa,70,f3,6f,6d,5f,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,eb,dc,6a,eb,f4,61,ee,51,70,66,65,f7,dc,65,34,53,ea,6f,eb,e1,ee,62,64,de,e5,d8,77,f6,e0,69,59,e1,00,81,83,81,03,02,81,00,00,02,83,03,82,02,01,83,01,03,06,02,81,80,03,05,01,00,02,02,80,82,82,83,71,61,71,f9,e1,af,66,f0,75,f1,fb,f5,e9,6d,fd,db,73,73,e1,75,da,68,e3,c8,7c,6f,72,e2,f3,e8,66,f0
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:83,79,00,7a,00,f4
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf8E4M3FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<3x64xf32>) -> (tensor<3x64xf8E4M3FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf8E4M3FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e4m3_ceil_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E4M3FN
// INPUT: 0 tensor<2x50xf32> hex:452e99a3,c5b75e94,45b7135d,c3ce278c,45c096fd,45b84465,45a9bded,c282b33a,44e0ba7b,c54c44aa,4417978f,c2c98d2a,c5b4c4f1,c522f12b,4578a578,c565654f,453344e9,418155a8,c407f78d,c58b8191,449ca7d9,44f6d24a,45ee3228,c42f3546,c4e30423,44e623c6,43ad68b8,c4d14cdb,451e2dec,441edcbe,443f2346,4568a150,c019fe1d,40399aca,c005f95a,3fa5ff37,be41b851,beee529f,c134945f,bf36a7ad,c050af52,beec9a6e,bf41a7e2,3fbc98aa,c0b0205e,bf3dda58,401b977a,c03b7acf,3efec7b1,40aa19c5,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,4045fc80,bfa971da,be5443fb,c03de810,3f80e795,4073ba0a,bfd1c00e,3f47cf52,c028bfc9,3f50f298,3f95b4a9,401f3a3d,bf974b12,c0b14c38,3e9579ca,beebd946,c029680c,4018e3d3
// EXPECT: 0 tensor<2x50xf8E4M3FN> hex:6b,f3,73,d5,74,74,73,c0,66,ed,59,c5,f3,ea,70,ee,6b,30,d8,f1,62,67,77,db,e6,66,53,e5,6a,5a,5c,6f,ea,6c,e8,62,cc,d7,fb,db,ed,d7,dc,64,f3,dc,6a,ec,58,73,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,74,eb,d5,f4,68,77,ed,64,f3,65,69,72,e9,fb,59,df,f3,72
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:84,7a,00,79
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf8E4M3FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<2x50xf32>) -> (tensor<2x50xf8E4M3FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf8E4M3FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e5m2_ocp_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E5M2
// INPUT: 0 tensor<3x64xf32> hex:c485bd9e,44027fce,41f6df69,44b2eb1a,44f502ec,c4f54712,447fbff8,452b8426,45149ae7,450ecd11,c5bc0caa,c4f357ce,c3d08b62,c445ea7c,c500743e,4219058b,45eb1a20,c4b0f892,c475ab49,451f339e,c594e6e7,c52f7639,c55c2081,42a1165d,c535bf32,c4927bfb,c5788815,43dc1a00,45886f25,c40bba15,c4c7a9a1,c3873dd2,bf2f3599,40265d69,409440a3,c0534143,3f4eb2d8,40c7d72d,3ff2e006,c0756da4,4075314d,c00cb4d7,c00a1bc3,bf8e08b3,c0316579,3e6da166,3f2c7e4a,3fda06f1,3f682a44,3f29676f,3f44b415,401c5fd7,3f6cdf23,c07be91a,c079c948,c011e858,bf37c4cc,3ee0f8e6,c0e8a30c,bed0b1e7,3fa1ef6b,4012db00,bf87c0b3,bfa89f62,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3f184818,3fc23ea5,bf39c34a,bfa4fb2d,3cfd24aa,c0ea1d68,4048fecb,bfb0bb5b,bff1d80d,40b0aefa,3fa36473,3fedb39a,4024413b,40860473,c0692b7b,40e6273f,3fb441eb,c070a143,3eec4353,408feab4,c0139b57,3e7e1136,bffb34e5,c0f0e0cb,c00a3f59,c033596f,c0217b65,40583de9,bf1c666c,402d0082,400475a9,c003e9df,800031cc,80004b02,00005faf,8000864d,800072c5,00001a02,8000266e,0000857e,80005412,800007f8,0000021a,800065f4,80000caf,00000be9,80001290,80002d68,00009955,80001141,80003f4f,00000f8e,0000433a,80005467,8000620b,00003d6a,80000d4d,00007c7d,00008a3b,80002477,800028d5,80000785,000008ed,00003bb2,fac9a251,7d704fd4,7cd85100,fe2902f4,fddac29c,7e095036,7d01f74b,fdafb127,7e44746a,7df2bcd2,fe0079d5,fc3965c2,7ce056b6,fced7cea,fda623bb,7d819fad,fca63d0d,fca38d0a,7e1c607b,fb450c5f,fdc02feb,fbfe5676,7d6554c6,7dec8328,7d165868,fe0ef08e,fdbf2fc4,fd470afa,fd88fb56,7d4a1814,fd9d6723,7db7e579
// EXPECT: 0 tensor<3x64xf8E5M2> hex:f0,6c,5c,72,74,f4,70,75,75,74,fa,f4,eb,ee,f4,5d,7b,f2,f0,75,f9,f5,f7,61,f6,f1,f8,6b,78,ec,f2,e8,ed,75,79,f7,6e,7a,74,f8,78,f4,f4,f0,f6,67,6d,73,6f,6d,6e,75,6f,f8,f8,f5,ee,6b,fb,eb,71,75,f0,f1,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,6d,72,ee,f1,5c,fb,76,f2,f4,7a,71,73,75,78,f7,7b,72,f8,6b,78,f5,68,f4,fb,f4,f6,f5,77,ed,75,74,f4,9a,9d,1e,a0,9f,17,99,20,9d,90,08,9e,92,12,95,9a,21,94,9c,14,1c,9d,9e,1c,93,20,20,99,99,90,10,1b,de,74,6f,f9,f7,78,70,f5,7a,78,f8,ea,6f,ef,f5,74,ed,ed,79,e2,f6,e8,73,77,71,f8,f6,f2,f4,72,f5,76
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:7c,72,00,72,00,ed
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf8E5M2>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<3x64xf32>) -> (tensor<3x64xf8E5M2>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf8E5M2>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e5m2_ocp_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E5M2
// INPUT: 0 tensor<2x50xf32> hex:45667f9a,c2742215,c58b6ed5,450acfe8,449f2514,c4639505,c49c7bac,c462d535,c5051c2d,c4a465d1,450aed86,c4c80471,4575151d,c568037e,45823fc2,4502fef7,4422f2ef,c4c7d910,c55b257a,4558a04d,c43fa315,c54d7327,44893fcf,c562c35e,447b5970,441c333c,45b35c96,c5fbdfe7,44dee2f8,c48999a6,43a3f4e3,43f608a2,3eb38783,bea09da0,3f217f43,bff7c178,c060af76,c0734b72,3f9b2d24,400af234,3f6d70b3,c03ebd17,40822dc5,c007757b,c024626a,bfd66a1f,3f90d6c3,c0c549f3,c06a1db1,40a50519,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,40618c80,c08a9e37,bf04c9c8,be186a29,404ae2c0,c0181683,c0a98cc0,3ea3a4e6,bf915d4c,c08b2e15,c004c5f0,3e9ef32c,3ff0274d,402fad26,40573ec6,400eff33,c015e840,bcde59fa
// EXPECT: 0 tensor<2x50xf8E5M2> hex:77,e0,f8,74,71,ef,f1,ef,f4,f1,74,f2,78,f7,78,74,6d,f2,f7,77,ee,f6,70,f7,70,6d,7a,fb,73,f0,69,6c,6a,e9,6d,f4,f7,f8,71,74,6f,f6,78,f4,f5,f3,71,fa,f7,79,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,77,f8,ec,e5,76,f5,f9,69,f1,f8,f4,69,74,75,77,74,f5,db
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:7c,72,00,72
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf8E5M2>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<2x50xf32>) -> (tensor<2x50xf8E5M2>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf8E5M2>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e5m2_ceil_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E5M2
// INPUT: 0 tensor<3x64xf32> hex:c4620ed6,c52c17b8,c5b23008,c482085e,44f597a6,c51dca26,44f9d437,c4b08aa3,4418efe8,c3a2dc38,454efa2c,c49a72dd,460307ea,448ccfc5,c561c253,c43d19fc,c5770e48,c416a52a,c4e6c3fe,45920288,455df12b,44c94540,c49414ba,4432b11a,c40c5145,45d171d5,44ca3690,44868f9c,c5139b49,c513d8bb,c53dcde3,43089c53,4072d61a,c092740f,c040bdf9,c011e73d,40897de3,404d95dc,3fbc7bc8,bf45d94c,c03cb600,4086a298,c02a424a,3f13ed81,3fb69189,bf49a61b,4094a57d,3fcd6936,c0b6b0ac,4006c3ad,c08fd835,c088611c,3ebbdd4a,4074f1ab,3f9826d9,bece7304,be84ed55,be6121ae,bf1423e6,c0bfce8e,40490d56,c0dfc9b9,bf8d5e87,4084bbdd,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bf7ff5c1,c0189563,3f09b885,3fa718da,c08f147d,3f8cda58,c0327825,c08f87b0,3f5781cc,3f242aa6,bef9a520,3fbe2ddb,400eff2b,4000c333,3f8c4fe5,c0359b38,c09474ed,c0b55eed,40030c4c,bf2098f2,4038986a,3f17408f,bfed4a00,bfc47859,3f9a0c20,bf1b231b,3e1a7a59,406f1eb5,c05ad8e2,3f16cdd6,3f72f8b2,be010239,000021f7,8000bdd9,00002f63,8000015f,000013c0,0000839f,800010b2,8000001f,8000206e,80008db6,80007104,80005158,800009e9,800009c4,00001257,00002e60,0000407e,80001a0b,00004416,80002cd0,800014a9,8000628d,00007ed7,00002b02,00005a2f,80002b8f,000021b8,80003c80,80004729,00001672,80002e70,000049a7,fd91dc1f,fe2e269e,7d0c5512,7d156687,fda736ba,7e0a60b4,7d654a14,7e10127e,7cd14f7a,fde89f51,7d0fb4d6,fc3aa29a,7c048479,7d1005a1,facefacb,fcd0b0dd,fd9bf52a,7ddc7cb7,7de00439,7c10dfc9,7a9bb1b7,fc1d13a5,fc05c393,fe40de7e,fd1cdf06,7ddce57d,7ccf71f0,7dcb8308,fd0d6e81,fe23c3fb,7d48f01d,7ddfad16
// EXPECT: 0 tensor<3x64xf8E5M2> hex:eb,f1,f6,ec,70,f1,70,ee,69,e5,72,ed,78,6c,f3,ea,f4,e9,ef,75,73,6e,ed,6a,e8,77,6e,6c,f1,f1,f2,60,78,f9,f6,f5,78,76,72,ee,f6,78,f5,6d,72,ee,79,72,fa,74,f8,f8,6a,78,71,ea,e8,e7,ed,fa,76,fb,f0,78,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,f0,f5,6c,71,f8,70,f6,f8,6f,6d,ec,72,74,74,70,f6,f9,fa,74,ed,76,6d,f3,f2,71,ed,65,77,f7,6d,70,e4,18,a2,1a,85,15,20,94,80,98,a0,9f,9d,91,91,15,1a,1c,97,1c,9a,95,9e,20,19,1e,99,18,9c,9c,16,9a,1d,f5,f9,70,71,f5,78,73,79,6f,f7,70,ea,68,71,de,ef,f5,77,77,69,5d,e9,e8,fa,f1,77,6e,76,f0,f9,72,77
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:7d,72,00,72,00,ed
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf8E5M2>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<3x64xf32>) -> (tensor<3x64xf8E5M2>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf8E5M2>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e5m2_ceil_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f8E5M2
// INPUT: 0 tensor<2x50xf32> hex:44d489c6,c5d48591,c4681235,44ffafbc,c57ba0c9,c496fe94,c51dce72,45834bcf,c56c6d45,44935062,c5cbb50c,c48a7228,457d3f08,c58c47b3,45525f9c,4528c6d4,44aed262,456834ab,43673d8b,449bada5,c55667b7,c4f9fe29,44aae6e3,c59415dd,4499a9f7,457d35a4,c50170ce,c5150463,449845f2,44fcec3d,c5705b59,c45dabb3,3f9ee320,bc17680f,3fafb087,3f20f544,3f7e65f5,bf22e4c9,408160aa,bf3b3859,3f79dc4c,bf8f2c3a,3d37ef20,c04a29df,3e02be06,404fa29f,bf639796,bfd446ac,c04377f0,c070ebae,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bfc82120,4048f48b,be9b88d4,c0b3bc72,407c5188,bfd12116,3fcac5f9,40287d99,3fde162a,bf4c0d48,c008de0b,40712b65,c085a058,3ff191d3,3fc62974,3e6d98db,c0117ae6,404a044c
// EXPECT: 0 tensor<2x50xf8E5M2> hex:73,fb,ef,74,f8,f1,f5,78,f7,71,fa,f0,78,f8,77,75,71,77,67,71,f7,f4,71,f9,71,78,f4,f5,71,74,f8,ef,71,d5,71,6d,70,ed,78,ee,70,f0,5e,f6,64,76,ef,f3,f6,f8,00,00,00,00,00,80,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,f2,76,e9,fa,78,f3,72,75,73,ee,f4,78,f8,74,72,67,f5,76
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:7c,72,00,72
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf8E5M2>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<2x50xf32>) -> (tensor<2x50xf8E5M2>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf8E5M2>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e3m2_ocp_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E3M2FN
// INPUT: 0 tensor<3x64xf32> hex:449e19a8,c4485bae,445f51fe,c54b3b57,c585cbd2,4298a629,c3dd5bc4,44f85ad8,44c512a5,c536f756,44b20122,4317be99,c4e8b54c,44c02559,44285840,c26ac60a,c51d2128,c489ea8f,45971ee8,c4793263,c5238f18,c48ab1ac,c3afc618,459192d0,c55d7458,c4de1041,45722fb9,44c2b425,c4c5c467,c587cb15,c514b9b4,4579871d,408af270,bf83fb14,401104cd,3ea72316,401a6906,bfb0a0c7,3fc3ce1b,bf4b772e,3f041471,bf28e4f1,403dbf2e,40adecc7,c0643341,3fdfb7ac,3f21513b,c00e748e,407b2e23,c084aa93,c08defb7,3ffb42a3,c01d08db,bf9726ce,401a1e55,bf0177fb,c08b04ce,bff4462a,be679bae,c0b717fd,c04fe05a,404a55fe,be212e09,40805b92,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3fff0cb8,be047c4e,404bd9a4,3d5e48c6,3fc395f0,40d2b4b9,c040fe5f,bf8ebdaf,bff79b0e,be98022d,bfa06b24,408c69d9,c0391125,4014f5d5,4009a255,3fe2f5c7,c024fbba,401d2bef,beccff02,406a36ae,3ff3f58d,40147bbc,bf88e6e4,3f1c82c8,4057832b,3d450719,c04803ff,411b23b3,c032ce7f,be0857b7,c057df6c,c0b305e8,800044dc,000034e8,00007e5b,0000a27e,0000303e,00009084,800074b4,80004111,00009b0b,00004ab4,80001c52,80002678,00002e55,00003d81,00008032,00000446,000029aa,0000032e,00004e8a,0000490e,80002954,0000509a,80009fc7,00000ef6,80002751,80007f0f,80004f9a,8000564d,80001d2b,00001277,800033dc,00001fb7,7dd2988f,fd8823ff,fdca7ec4,7e410f07,7c40e33f,fd22f96d,fd47dd77,7cf125ff,7e103785,7db5bef7,7d20f88c,fc08e851,fd88c09f,fdac222e,7d5180eb,fcac3669,7d1ea1e7,7db61fee,7df37e4e,fd02d1e5,fdf4a3ce,7e0c4f55,fdc3c126,7b967af8,fc6db7c5,7db6205a,7da85893,7d9cfadb,fcb02f08,fa82e9a9,7d82cf4f,fd3407cc
// EXPECT: 0 tensor<3x64xf6E3M2FN> hex:15,32,13,3a,3c,05,2f,18,16,3a,16,09,37,16,11,24,39,34,1d,34,39,34,2d,1d,3b,37,1c,16,36,3c,39,1c,1c,34,19,0d,19,36,16,32,10,31,1a,1d,3b,17,11,38,1c,3c,3c,18,39,35,19,30,3c,38,2b,3e,3a,1a,29,1c,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,14,24,16,02,12,1b,36,30,34,29,31,18,36,15,14,13,35,15,2a,17,14,15,30,0d,17,02,36,1d,36,24,37,3a,20,00,00,00,00,00,20,20,00,00,20,20,00,00,00,00,00,00,00,00,20,00,20,00,20,20,20,20,20,00,20,00,1b,38,3a,1e,0e,35,36,14,1d,1a,15,2c,38,39,17,31,15,1a,1c,34,3c,1c,3a,09,2f,1a,19,19,32,22,18,36
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:87,7d,00,7e,00,f8
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf6E3M2FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<3x64xf32>) -> (tensor<3x64xf6E3M2FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf6E3M2FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e3m2_ocp_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E3M2FN
// INPUT: 0 tensor<2x50xf32> hex:449a52cc,441a4cbc,4504d921,c51c78b4,c5128036,44b16009,c5466361,c442d3cc,c508c949,c4fb39a5,c5157ce3,44901dc0,c1824385,4521af80,43a1cb87,441411df,45ab0725,45835aff,c43af7a4,434b8a20,454888ac,c5a37eef,c4095fb1,c4837035,c55dee0e,c3a6a631,c59e5d3f,45e12e2b,c368a4cd,41c2ebc0,c5865b25,4403682e,40b98b14,bf344561,402c53d3,40494cbb,c1014e85,bf9ef7b1,bf5f9c9f,c008d2fb,c0870267,c010ed3b,c0a20e11,3f623fd9,3fc129a1,40218545,bf6c3652,c021d95c,406a79ac,bf0b5530,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,402bc9ef,c01fb6ee,406f6cf0,bef068c6,bfbcef67,bf1e0b46,403a3cf3,bf6f47c3,c046ce64,c078a596,bee0ab6c,bf686921,3e37c2ef,bf8dbd82,bc23d2c3,bf90d85b,4058cd5c,bf5e58ed
// EXPECT: 0 tensor<2x50xf6E3M2FN> hex:15,11,18,39,39,16,3a,32,38,38,39,15,21,19,0d,11,1d,1c,32,0a,1a,3d,30,34,3b,2d,3d,1f,2b,02,3c,10,1a,2e,15,16,3c,31,2f,34,38,35,39,0f,12,15,2f,35,17,2c,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,1d,3d,1f,34,3a,35,1e,37,3e,3f,33,37,0e,38,21,39,1f,37
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:87,7e,00,7c
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf6E3M2FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<2x50xf32>) -> (tensor<2x50xf6E3M2FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf6E3M2FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e3m2_ceil_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E3M2FN
// INPUT: 0 tensor<3x64xf32> hex:44c04610,4410697e,c510dd30,c582dee0,44e246ca,c2e6f73a,4583a21d,c4937497,44f411a1,c5302ab7,c4877d5b,c502c15f,c431b8a0,42ab5d97,c4c9cfe9,c1e190ee,44e9c7db,c55faafe,c31a08ed,c4ea6e51,c4e98ade,44df838e,433ff2a9,45161d7c,c42fa068,42870f4d,c4e52257,445ed439,c3413f8b,c481da7c,45201391,c58c0907,c03e68bf,c05b5b79,3ce35063,beacf924,3f12d5e4,beac8898,3d988e9b,4075704e,bee011d0,beb65cf4,bffb554c,40b5bf37,c03ae23f,3e11d277,bff1a46e,c08f2aed,bfde34b9,c059dbcf,c019161f,3ee62f0b,4008257d,3f1f0314,403c9c28,3fb1c708,c0836f8d,3fd0edef,3dc281b2,401dd8a3,3f4f162d,bfa52d4b,c01d801d,be9c69fe,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bff2907f,beafe4de,3dae63fe,4025122f,4099b883,40f7ad26,c08ebffb,3f999bb9,407e53a1,bf2b952c,4008935f,c05c3270,3fa99173,bf0883e3,40a42e9e,c02a91ad,40960e95,3fa8fec0,c013f321,c0213629,3f72d817,40b60433,40a839fb,c0953ad7,3ecb4bd1,40422b8e,3ebd5eec,bf35c7f2,bfdfbca4,4086b79c,bd37180b,40850013,0000192f,00003f93,800008aa,00000911,000036d2,00008667,00000e63,00002c53,00000ed1,00001e99,00009370,00000278,80001594,80003167,80003ed0,000002ed,80008223,00002c84,00009c66,00001f41,00003b7d,80000b38,00007590,00004c19,80002885,0000a9d1,80001e7d,00000f5f,00001de9,00007cce,800036c1,00002fdd,fdbf75ed,fdb24ee1,fdf08f4d,7e003263,fc4dc286,fd6168f6,fdd86f62,7e171cd6,fde1b034,fb1006a4,7cc47b52,7d6c46e7,7c9479be,7e14ce95,7d9466af,7e12ca4b,7cb58661,7de34069,fd7c4044,fdda5f58,fc15ed79,fb938391,fd074b53,fdb685a3,7df6fccc,7dd2d629,fd57b371,fd7753d2,7db2f7eb,fc07d6a4,fd82e3e1,fd4ed291
// EXPECT: 0 tensor<3x64xf6E3M2FN> hex:16,11,39,3c,17,27,1c,35,18,3a,34,38,32,05,36,22,17,3b,29,37,37,17,0a,19,31,04,37,13,2a,34,19,3c,3a,3b,02,2d,11,2d,05,1c,2f,2e,38,1e,3a,09,38,3c,37,3b,39,0f,18,11,1a,16,3c,17,06,19,12,35,39,2d,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,34,29,03,15,19,1c,38,11,18,2d,14,37,11,2c,19,35,19,11,35,35,10,1a,19,39,0a,16,0a,2e,33,18,21,18,00,00,20,00,00,00,00,00,00,00,00,00,20,20,20,00,20,00,00,00,00,20,00,00,20,00,20,00,00,00,20,00,3a,3a,3c,1c,2e,37,3b,1d,3b,25,12,17,11,1d,19,1d,12,1b,38,3b,2d,29,34,3a,1c,1b,37,38,1a,2c,38,36
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:87,7d,00,7e,00,f8
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf6E3M2FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<3x64xf32>) -> (tensor<3x64xf6E3M2FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf6E3M2FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e3m2_ceil_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E3M2FN
// INPUT: 0 tensor<2x50xf32> hex:43fa2cd8,44bc59fb,45a7e8fc,c543295f,451cf480,4529d82d,44356338,c3dc6ccb,44a30426,c47aad61,c182721d,c484e389,4405673b,c5b5de6d,4430cb2d,c52bbc4b,c4625d65,c5650744,c510b0e2,45aba74a,452b552a,c59592fe,c3d007f3,45a3b336,44dc9979,c40b16f7,452a8a0d,c3530d2a,450d2e2b,c4fb2780,c32e1961,c571761d,bf815bae,40156954,3f47be7a,bd9b54c5,c0384aa1,bfe13640,c00889e9,bfc5145c,c09d269d,40770601,402fe929,3d4e3466,3f6f3f92,3eaac7b0,c011bf61,c0a14ac0,bf8a5923,bfe62134,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,40fe8546,c0418e7c,4018f338,3ebba18a,3e64b114,bfcb4436,be570cab,3f37a2d2,c04566dc,bfb052ce,3f844391,4054a65e,403b348d,bffedc45,4005dbba,403cfc76,3f095113,bf6f68a4
// EXPECT: 0 tensor<2x50xf6E3M2FN> hex:10,16,1d,3a,19,19,12,2f,15,34,21,34,10,3e,12,39,33,3b,39,1d,19,3d,2f,1d,17,30,19,2b,18,38,29,3c,34,19,12,25,3a,37,38,36,3d,1c,19,03,13,0d,39,3d,34,37,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,1c,36,15,0a,07,32,27,0e,36,32,10,17,16,34,14,16,0c,2f
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:87,7d,00,7e
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf6E3M2FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<2x50xf32>) -> (tensor<2x50xf6E3M2FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf6E3M2FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m3_ocp_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E2M3FN
// INPUT: 0 tensor<3x64xf32> hex:45ae1eea,c5808928,c42f47b9,44e2c183,44eaa973,c49f48b8,449fc6b7,c4fab9a9,c4b173b1,4418fd2c,c5291fb5,41d36af0,c5130c93,454a83b3,c4ad6872,c5073614,43a3eec0,c4a47f82,c5970398,43f01ab4,c52a11f1,c434c6a7,45a88569,43287e8e,c61a875d,c3c06532,c55a672d,c5d02d94,44528008,c4167d97,449c7a1c,4490e775,beb4359b,4096f691,3f288f3a,c0bd2218,c0dfd905,3d5720c4,c025ff22,3d6d0a2d,c02545f6,c05ecf26,c02b4a43,4036b018,3f3056eb,c0036f2c,3f859814,3e9cadb1,c0a0c081,bf31f069,3fe3d923,3f364fab,3f5a1120,3f7de98a,3f866abd,c083bcee,bf2f09ff,c0020edc,bf97d70e,bf688c4a,c006aba7,bdc22eba,3e5d3ac4,c04edfce,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bfdb60de,be30d9f7,3f9d88c0,408cb754,bd9fd8ee,3fb79e23,3f98e923,c051998a,3f1e4f20,3f1f50e5,3fc622af,3dd9cedd,3fde5911,3f1a7112,4071d864,4095cd4c,400ba171,bf842bba,bfb3c8f7,40a447ac,bf67200f,c026a657,3dff20b6,becc427e,bed6ca5a,3f1aed5d,3fcb0a16,bebe8209,40af40a2,3f897ad2,3fb69aa8,40583838,00009477,00005d52,80003273,800026f3,800008ff,800083fa,00000c1a,80000f9a,8000b7dd,0000667f,00000f06,80000c86,8000414b,80008d0c,80002829,00009016,80001a14,80003b85,00000366,8000264c,800023ad,00008eb9,80006519,800091f4,00006996,0000874f,00003b2c,80008b21,000027c8,00001be3,80007de0,80002af8,fe212b51,7dae415d,7d8268ab,7e03f0c2,7d1deed7,7cca591d,7ca0bc0f,7d341ca6,fdf1af2b,fdf0659e,fe4ca7fc,fd1031a8,7c3ba528,fb39fe7c,7dded2ec,7d578554,7c999daf,fc9fa391,7dc81fe0,fd1c8ef2,fd00f1f1,7daf904f,7e196035,7e2a940a,fb5d2316,fc506bb4,7e82bf27,fc0845b6,7d8a611c,7db30267,7dfdb268,7c238580
// EXPECT: 0 tensor<3x64xf6E2M3FN> hex:13,30,23,07,07,25,05,28,26,02,2b,00,29,0d,25,28,01,25,31,02,2b,23,13,01,3a,22,2e,35,03,22,05,05,23,19,05,3c,3e,00,32,00,32,36,33,13,06,30,08,02,3a,26,0e,06,07,08,08,38,25,30,29,27,30,21,02,35,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,2e,21,0a,19,21,0b,0a,35,05,05,0c,01,0e,05,17,19,11,28,2b,1a,27,32,01,23,23,05,0d,23,1b,09,0b,16,00,00,20,20,20,20,00,20,20,00,00,20,20,20,20,00,20,20,00,20,20,00,20,20,00,00,00,20,00,00,20,20,32,0b,08,10,05,03,03,06,2f,2f,35,25,01,20,0e,07,02,22,0d,25,24,0b,12,13,20,22,18,21,09,0b,10,01
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:8a,7f,00,7f,00,fb
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf6E2M3FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<3x64xf32>) -> (tensor<3x64xf6E2M3FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf6E2M3FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m3_ocp_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E2M3FN
// INPUT: 0 tensor<2x50xf32> hex:4492730a,45bc1e98,4522ef93,c584a92f,c50cbe86,451a338f,44cf4346,c4dd4c1f,c3fc1206,c491f237,454e0294,c3e77231,c494c84e,c4a84239,c6316cbf,4480eb50,4543e469,44ebc6e5,44a080d4,c238af12,c51b49f3,44b3c761,c5701b84,455f5c07,44a4e663,43b9c5f2,c4982c32,446723e8,c5ca7901,456c9fe5,c5a01e69,4505c45f,3fc57034,406a70e9,bfab5942,3ff1f32d,c09387b5,c04a7d31,403e2275,be1d68b3,c08d9d72,40252250,c07e6fb9,40b01af6,c0302a7a,4035904f,bf368df6,c0a77d26,bd1adeee,bfa0ee9b,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3fb754ed,40c4fe5f,3f733caf,3fc95a90,c13e77e2,409193aa,40db73ab,408cf322,bf58b314,40d6de31,bf240b59,3e55db2d,bfcf7b7d,3e88025e,400be7ae,40541dda,402c6360,410089fd
// EXPECT: 0 tensor<2x50xf6E2M3FN> hex:05,14,0a,30,29,0a,06,27,22,25,0d,22,25,25,3b,04,0c,07,05,20,2a,06,2f,0e,05,01,25,04,35,0f,32,08,0c,17,2b,0f,39,35,14,21,39,12,38,1b,33,13,26,3a,20,2a,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,06,14,04,06,3c,11,16,11,23,15,23,01,26,01,09,0d,0b,18
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:8a,7f,00,80
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf6E2M3FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<2x50xf32>) -> (tensor<2x50xf6E2M3FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf6E2M3FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m3_ceil_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E2M3FN
// INPUT: 0 tensor<3x64xf32> hex:c54c060c,c55dab5f,435019ea,c50f2088,c50efc4d,c59cc221,c5243766,c328907b,448458cb,c2ae66c2,45664170,451db38d,449f2697,c4499d5a,450ce926,458c18e0,44a93cdf,45097ecd,44cf6f96,4440bfd1,456eeeb4,448cf247,c4950a20,c5b0c197,42a2d5bb,4599df33,c5ac9143,c53fb5b9,451a726e,c4cd119f,c56ed699,45aa3966,bc5577e4,4023b63a,c08a36dd,c05e77a1,4096ee94,3f3f5072,3cb65038,c0f2194e,40926173,4088e63e,4000adf9,c040e11b,3fb64497,3cf2c2ee,c05e0f33,3edc6b6f,c099bb1b,40866e5d,40277973,3fdd5b71,c06186c9,3ebd9c6c,c00aed43,3facbab5,3d409a32,bf93b3aa,4023a1da,bf7722a2,405bf2a5,bf8b4c57,bfd7a41e,407214c2,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3fd239c8,3e14c3ef,bf933722,406b35e4,bc84b02f,407306af,3f22f0b4,bf0dc77f,c0229e73,40ab5e69,3fa8f5f1,c08650ec,4060077d,3cac108d,bf836afd,3f8497b7,bf87b0ac,c03a812f,3ed6d74c,4021bdfc,c0094963,bf89e448,3f00c01c,406735b4,3f934876,405765b1,bf317fd0,3ee59aa6,be39319d,c0049634,3edd7012,bf78a428,0000207a,00001dc0,00008b63,80004b31,800004f3,80009730,80002f14,80001b09,80003d82,00003180,00003fee,00003e55,000065fd,800037e5,80003651,00001e38,000061f2,800047f1,0000d770,800078dd,00001bfa,000044c1,80001ade,00005ecb,00003f9c,000056be,000012b3,8000065d,00001391,00001ac3,80001b50,8000408c,7d7e6cfd,7e0ff165,fd23e01e,7deabb3c,7aff196d,7db3d872,fe041d5f,7d7ebda1,7d02ec53,7dbf8102,fe2c4e67,fdb7232f,7c92eed3,7ddf78c4,fd865595,fd9e4511,79e6e0a5,fdc773ec,fe10126d,fc57e1e0,7cec493c,7d97bfe7,7d523bc7,7e0930ad,f9c66cde,fdc4daa9,fdf06b08,fe3b42a8,7d92f824,fc413127,fe367a8d,7d1b0bb8
// EXPECT: 0 tensor<3x64xf6E2M3FN> hex:35,36,02,31,31,3a,32,21,08,21,16,12,0a,26,11,19,0b,11,0d,06,17,09,29,3b,01,1a,3b,34,12,2d,37,1b,20,0a,31,2e,11,03,00,37,11,11,08,2c,06,00,2e,02,32,10,0a,07,2e,01,29,05,00,25,0a,24,0e,24,27,0f,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,0d,01,29,17,20,17,05,24,32,1b,0b,38,16,00,28,08,28,34,03,12,31,29,04,16,09,15,26,04,21,30,03,28,00,00,00,20,20,20,20,20,20,00,00,00,00,20,20,00,00,20,00,20,00,00,20,00,00,00,00,20,00,00,20,20,10,19,2a,17,00,13,38,10,08,14,3b,33,05,16,30,32,00,34,39,23,07,11,0d,19,20,34,37,3c,11,23,3b,0a
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:89,80,00,7f,00,fa
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf6E2M3FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<3x64xf32>) -> (tensor<3x64xf6E2M3FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf6E2M3FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m3_ceil_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f6E2M3FN
// INPUT: 0 tensor<2x50xf32> hex:449d8d25,c524bddf,45876e61,c4b37fef,452a2535,c3a36959,450cd3e3,44a8b7ce,c4d01081,c50ac1cc,4596bdd0,c554b44f,c4851a59,c5019591,c48bbe24,c45ea3d0,424e4549,4597c075,4532e15d,c5595f79,45764aaa,45ac3f7f,c4ee0993,4519066a,44b83529,c509c2c7,44a6736d,c3ee3fbc,c3c199d0,453a2501,c5afd3f2,45247ad6,c058a1ad,3ff16b9e,c0bea70a,3f438d42,3efc2b0d,bfe75e5d,bfe3a64f,3f724d71,bf8cffd6,409f4cf8,c00679bf,bf969ede,bfd58720,bf47cbbe,402797da,4084c654,3e592d33,3e9056fe,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,400258a7,40985fab,3fd1dbbd,c050176a,bfd45306,404d472d,408087a5,3f1ede21,409defd2,bf764679,3f6393ae,bfbd3abc,bfb55fc5,3f60e028,3ff0bc9f,3f2d583c,405c2894,be8cfc36
// EXPECT: 0 tensor<2x50xf6E2M3FN> hex:0a,32,18,2b,13,23,11,0b,2d,31,19,35,28,30,29,27,00,19,13,36,17,1b,2f,12,0c,31,0a,24,23,14,3b,12,36,0f,3c,06,04,2e,2e,08,29,1a,30,29,2d,26,12,18,02,02,00,00,00,00,00,20,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,10,1a,0d,35,2d,15,18,05,1a,28,07,2c,2b,07,0f,05,16,22
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:89,7f,00,7f
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf6E2M3FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<2x50xf32>) -> (tensor<2x50xf6E2M3FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf6E2M3FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m1_ocp_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f4E2M1FN
// INPUT: 0 tensor<3x64xf32> hex:c49ed670,c3c5080a,c59cee93,45160247,c314db0a,445b3e59,453cf4be,c4b574ce,45c08a5b,44fb5d5a,45399249,c4fd2677,43ac87a1,c5d047a9,c4ed1785,c5cff5df,456c5642,c4b17208,4406150e,43bf700a,448832d4,c51b8a85,451e7858,45090730,458f2555,c51488d7,453dc9b1,458b8ea2,c491bd00,459255c0,c5bfdee2,445b1dfd,bff5efdf,c09306ed,bef798f1,409eec48,3feacfa4,3f8134a8,c033fa38,bfbacbae,bfc8a976,bfcf4212,be839503,bff7768c,3ed967d7,c0c1eb8f,3ea9353c,c0aaf52c,404920d7,400198f1,c0b1ff31,4021221d,40463b0a,bf0dcadb,bf98c715,407f19a1,3ffb5912,c0c04509,40927ec2,c04914e3,40d44767,bf2249a2,40384852,3f419946,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bfc07aa3,c04459fd,bf196a64,3fbb893b,c02b92ae,bf824630,bea47f48,c0a05642,408e0efd,bfd46b39,bce65832,c02bc90f,c058bc57,3ec3270f,3f851af0,bf899f4e,c0596fc9,4030f24b,3e51d6ca,40c1530a,c08dba0e,3fcd4b6f,bf687cff,3fd13591,be5ff910,c05c0e55,3a18444a,3e85be93,408d2ac1,bf95deba,bfd48818,be22d412,80007599,800020c8,80001128,00000698,80004ae8,80007f33,00001685,80004525,8000a825,80000bff,800037cc,80003173,0000515d,80003a16,00003d7c,000025b7,8000122a,8000459b,000075d6,80001209,00002485,80008e5e,80001856,00000fc4,80006568,800003ce,80005d41,00009101,80000996,8000498f,80004ef6,80007cdc,fdd418eb,fdb749e1,fcb326fc,7e1752ed,7b2d9833,7d8ae3d0,fd381785,fdd19313,fd1151b8,7de59948,7d0e8fca,fd67eeb2,7cbe5bce,7ccd22db,7da9006f,fdbcbc9b,7de2f606,fdc7b88b,7d295e1c,7de8c263,fb7c6ba3,7e248e87,7ddbfad6,fda23539,fe20ed2e,fdc46dbf,fde5912e,7d2a3e21,7b6deb1c,7d5b8882,fd5e8382,7db11f11
// EXPECT: 0 tensor<3x64xf4E2M1FN> hex:0a,09,0e,04,08,02,05,0b,07,04,05,0c,01,0f,0c,0f,06,0b,01,01,02,0c,04,04,06,0c,05,06,0a,06,0f,02,0c,0e,09,06,04,02,0d,0b,0b,0b,09,0c,01,0f,01,0f,05,04,0f,05,05,09,0a,06,04,0f,06,0d,07,09,05,02,00,00,00,00,00,08,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,0b,0d,09,03,0d,0a,09,0f,06,0b,08,0d,0d,01,02,0a,0d,05,00,07,0e,03,0a,03,08,0d,00,01,06,0a,0b,08,08,08,08,00,08,08,00,08,08,08,08,08,00,08,00,00,08,08,00,08,00,08,08,00,08,08,08,00,08,08,08,08,0d,0d,09,06,00,04,0b,0d,0a,06,02,0c,01,02,05,0d,06,0d,03,06,08,07,05,0d,0f,0d,0e,03,00,03,0b,05
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:89,7f,00,7f,00,fa
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<3x64xf32>) -> (tensor<3x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m1_ocp_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f4E2M1FN
// INPUT: 0 tensor<2x50xf32> hex:45c2dfc2,44918d17,c59732d7,448ea4cb,452fb8b6,457d2af4,c4aefa12,c51e3b94,c2346a1e,432c1ed5,4570add4,c4ab8315,44644276,c2ded52f,456ca692,41e09d4d,44b6bfd7,c4421aab,441f8ef4,450c87e1,c5ba78a7,c40d397b,c50a1ab1,c51f0dcd,43e9911e,43d9fe20,451acde9,45970cbf,c52f06a7,c475614c,44c3fea7,43a47674,409b59fa,c01d60ff,3fbf69c7,c034f367,403b76b5,40682af5,3edc1245,3f08ea38,c0c49708,c00a8de2,bfc816fc,c1186ebc,bfd4702c,beddc90f,401ffce6,c07e95dc,40210540,3d4f4370,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,40425f29,c0ad94e9,3f2791f9,3f6009eb,400aaa38,bebe72ba,3f9841e0,40911cf8,bf805689,4004e473,c08e4d0f,bfae62da,bfca84fd,409a744d,40aeafd1,c058aa6c,3efc2284,bf7d5218
// EXPECT: 0 tensor<2x50xf4E2M1FN> hex:07,02,0e,02,05,06,0b,0c,08,00,06,0b,02,08,06,00,03,0a,01,04,0f,09,0c,0c,01,01,04,06,0d,0a,03,01,04,0a,01,0b,03,04,00,01,0d,0a,0a,0e,0a,08,02,0c,03,00,00,00,00,00,00,08,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,05,0f,01,02,04,09,02,06,0a,04,0e,0b,0b,06,07,0d,01,0a
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:89,80,00,7f
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf4E2M1FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ocp"} : (tensor<2x50xf32>) -> (tensor<2x50xf4E2M1FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf4E2M1FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m1_ceil_3x64
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f4E2M1FN
// INPUT: 0 tensor<3x64xf32> hex:449ea7c7,c4fb815e,4426a29c,428fc15a,45227321,c5a89455,45698f39,c49a5899,c575ec55,44d0be26,c49ec40a,459cce85,c546a52a,c3c20bc1,45340f9f,c4bb9564,c4e261e8,45a784ea,43003fe9,c3a43343,c4dadf02,c4d65d42,c4944e80,c429c0e6,c4884963,c4fb5bdb,4539da14,c583663f,c5d31cae,4468f719,401dc58b,c54ced40,c080d835,400e17e5,40009810,bff6d977,bec811b2,3f906f0e,c06d783a,3f13c83f,405a67cf,3f540cd3,400d4f5c,404371d5,3f3626a8,bfb4a6f9,3f81403b,3f9f50d3,bfa04ffa,be1cf07d,bffded96,40547b4f,c04717d5,c001b99f,bfd3adbd,400fecc4,4084f16e,c00dc860,3dbac253,4052cf55,bfe9201d,c0809b5a,bdad4ea1,bfd8d173,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3f36eb5d,3efcb6bd,be7350d8,bfa897b0,c06e2e5b,410980b1,3fd93aa6,408d6314,c0b65db0,40f77067,c08615bf,3fdbffe4,bcff80b7,401691ea,3f227355,406a6071,c051e66f,be5129ec,3ef4c4bc,c09c4813,c0a6aa1c,c018369a,401d9e10,3f0eafa4,40bc461a,40c75758,bfef64ed,3f2c23f0,c005c3a4,3f77f848,bf3add8c,c084532c,80003da5,000036c7,80002277,800058cb,000092cd,0000a855,80001034,00006025,00005bef,000022d7,8000918c,8000059f,0000426d,80000adf,00009133,8000007a,00000615,80003e48,80000480,0000109f,00000403,00004415,00008ad2,000070c4,00007c71,000004ad,80009eb8,80005d65,80003da1,00000b2c,800075c0,00003253,fc92c521,7d840014,7e0ee309,fdbe7e6e,7d2b5a07,fe01adba,fcd94ec2,7ce72fc3,fb8e1fd2,fde2b345,7cc9bd2e,7bd60343,fd5efab8,7c70bbab,7d8215db,7e256db8,fc34c6c8,7ce334df,fe36a32d,fb0fcd32,7b4546a7,7dc8c9a2,f9d0fc9e,7da47b8b,fdd38dd4,7db0bfbd,7e2632dd,7a96bcbf,fd31c642,7dece2f7,7be2224f,7e0d9b4c
// EXPECT: 0 tensor<3x64xf4E2M1FN> hex:01,0a,01,00,03,0d,04,09,0c,02,09,04,0b,08,03,09,0a,05,00,08,0a,0a,09,09,09,0a,03,0c,0d,01,00,0b,0e,04,04,0c,09,02,0e,01,05,02,04,05,01,0b,02,02,0b,08,0c,05,0d,0c,0b,04,06,0c,00,05,0c,0e,08,0b,00,00,00,00,00,08,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,01,00,08,09,0c,06,02,04,0d,06,0c,02,08,02,01,04,0b,08,00,0c,0d,0a,02,01,05,05,0a,01,0a,01,09,0c,08,00,08,08,00,00,08,00,00,00,08,08,00,08,00,08,00,08,08,00,00,00,00,00,00,00,08,08,08,00,08,00,09,04,06,0d,03,0e,0a,02,08,0e,02,00,0b,01,04,07,09,02,0f,08,00,05,08,05,0d,05,07,00,0b,06,00,06
// EXPECT: 1 tensor<3x2xf8E8M0FNU> hex:8a,7f,00,80,00,fa
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x64xf32>) -> (tensor<3x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<3x64xf32>) -> (tensor<3x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<3x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_e2m1_ceil_2x50
// NOTE: blocks of 32 along the last axis; scale exponent clamped
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph dtype=f4E2M1FN
// INPUT: 0 tensor<2x50xf32> hex:4581a980,c425537b,4516c7a5,c4fdf82d,c5ec1020,c50b04a7,c5115117,c5679d35,c5c4a9b2,4388fdbc,4520aa10,456e5690,c2f7f609,c5561852,452ada55,c38539b9,c4cdbda7,4411abb4,449b2f8e,c507fd5e,42e75ebd,c53a7d8a,c4a2646e,c570ee43,44d0939e,453a5410,4481755d,4544a4dc,c5798878,4562366f,c49d33f5,4505ff2b,3e899512,3f8dc383,3fe36e24,400fe436,407b7dde,c07eb4a3,bec781f2,c081f881,bf986c09,3f331909,3fb9ff11,40ac3063,3f4291ea,3ee7ad70,bf416311,c02b84b6,c026722a,40259d12,00000000,00000000,00000000,00000000,00000000,80000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,400aa1fc,3b04fe59,409e9588,c094f5a6,c08777eb,c09c0c89,c0a37c09,3f3d3d97,bf470708,bfe2cc69,c09cc66f,3f894d30,bf0bfa33,bf38c5e3,bf9c90b5,bfa21480,40947b8f,4037a696
// EXPECT: 0 tensor<2x50xf4E2M1FN> hex:04,09,02,0a,0e,0a,0a,0c,0d,00,03,04,08,0b,03,08,0a,01,01,0a,00,0b,09,0c,02,03,01,03,0c,04,09,02,01,02,04,04,06,0e,09,0e,0a,01,03,07,02,01,0a,0d,0d,05,00,00,00,00,00,08,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,04,00,06,0e,0e,0e,0f,01,0a,0c,0e,02,09,09,0a,0b,06,05
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:8a,7f,00,7f
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x50xf32>) -> (tensor<2x50xf4E2M1FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx", scale_rule = "ceil"} : (tensor<2x50xf32>) -> (tensor<2x50xf4E2M1FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x50xf4E2M1FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: mx_nan_inf_blocks
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<2x64xf32> hex:40af29af,4048e4d1,bfdae21d,7fc00000,408c2232,402252b4,400e76cd,40518bbe,4071a2aa,bfbcb96b,408d62a6,4021c136,3f46cc4b,be44850e,c0871447,3ff9a09c,bfc46bc8,3ed7aca7,c07adc88,3f292bba,bfacf6ec,c1001f07,bf469041,bec559bb,401b7657,3fb1e4c2,3ff286af,bf729212,c0287fa7,bed1ca69,4076a0ad,3fa35fa8,be9b878f,bf9fe039,4067b7e5,40a47d22,40485687,bfdff165,c00b7a7a,c004f488,401a3340,4011f715,bda7ac62,c03bc16f,c0412ebd,bfe40e8a,401687c1,bf0e36d0,3ec3b47d,409764bf,bfd1f006,40afe194,407da51b,3f3c0ea2,40cccc02,c0acdafe,3f1bd65c,3f84153a,3fba8140,3e92b277,c0114d46,408a36d6,3fe4f58e,409fd3c3,40067d6f,bf76a455,c0e20982,3df9a0af,3f72a03c,c03bc3c1,3f55112d,c00b3e51,3f9af3ec,c0076691,40930259,3e5a1d87,402218f3,bfdb5587,bf613750,401463ef,bfd0d306,be766584,bfea10d4,c0902b38,3f8cdc00,4013ff6f,bf8e4c83,40c8f77e,3f85fa6b,3daa1b56,c08d829b,c04412f9,3fc05fed,400b70e9,3f8c8413,c054944e,c0c605ce,bf44a0ad,4098bf55,3fee3721,3f83b639,40160f07,3e76223e,c0b41939,ff800000,bec15f40,c0d92f7c,401969fd,c0e35602,3f9d91be,bf93f2fe,bfcacef5,bfdf547d,3f6348cc,3fdbf38e,40b34482,40419317,4078c132,c0579b96,bf6b36b6,bd007207,bf9eb503,bf311b31,408e04e4,40236f0b,407af3c8,3f9265d1,bfbccf77
// EXPECT: 0 tensor<2x64xf8E4M3FN> hex:7f,7f,ff,7f,7f,7f,7f,7f,7f,ff,7f,7f,7f,ff,ff,7f,ff,7f,ff,7f,ff,ff,ff,ff,7f,7f,7f,ff,ff,ff,7f,7f,da,ea,76,7a,75,ee,f1,f0,72,71,ca,f4,f4,ee,71,e1,5c,79,ed,7b,78,64,7d,fb,62,68,6c,59,f1,79,6e,7a,70,e7,fe,50,67,f4,65,f1,6a,f0,79,56,72,ee,e6,71,ed,d7,ef,f9,69,71,e9,7d,68,4b,f9,f4,6c,71,69,f5,ff,ff,7f,7f,7f,7f,7f,ff,ff,ff,ff,7f,ff,7f,ff,ff,ff,7f,7f,7f,7f,7f,ff,ff,ff,ff,ff,7f,7f,7f,7f,ff
// EXPECT: 1 tensor<2x2xf8E8M0FNU> hex:ff,79,79,ff
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x64xf32>) -> (tensor<2x64xf8E4M3FN>, tensor<2x2xf8E8M0FNU>) {
    %0:2 = "tessera.quantize"(%a0) {scheme = "mx"} : (tensor<2x64xf32>) -> (tensor<2x64xf8E4M3FN>, tensor<2x2xf8E8M0FNU>)
    return %0#0, %0#1 : tensor<2x64xf8E4M3FN>, tensor<2x2xf8E8M0FNU>
  }
}

// -----

// CASE: nvfp4_4x48
// NOTE: g = amax/2688; block scale e4m3(amax_b/6/g); elements e2m1(x/f)
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<4x48xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,bf0dc388,be21335d,c004e0b5,c033add1,4001c6f9,3d571f4b,bec9f79b,bf989ce3,3fe81434,3febcacc,c0778a09,3ec396c0,c0b5d1ee,3fac32e3,3fa5696a,3f45eb47,c0a04507,c0e4698b,c02aa859,bf13633c,c06d49bb,c07b4ea8,3fa3ef6a,c0b8b482,40ba12f4,403883ad,40200062,40039f9f,bf87010f,3ec66239,3dc43ee3,40cac89a,41be62df,41882eaa,c28305cd,427a6221,42de7e99,c314603a,43349a73,c2b363a8,c2407b6c,c25a6803,4249dc66,43371b9e,c13982e7,418df4b6,42c270fd,439a70eb,438b20a7,428e588f,c32776f4,c320de28,41b063f4,c38f8f9e,42650a9e,c2aeeb9d,42861c5e,41f0ada7,4299d394,c2e9cde6,4309fd3a,c3281ab4,c2f1767a,c22a0da0,43766b85,c2cf7d32,c2cb4aac,43f37a15,c38d86a6,c3664033,41a601db,c1dc0650,43347e77,c214473a,429c4559,42aa6ed2,c1dc0dad,c2b30cb8,4312ae98,4227facf,bfaaa635,3fbf0396,408bb332,bfe4165f,40df0894,40c26409,3fa87014,400ca55b,bfca0b3d,3f33bd32,3f6403be,409b6d0a,3f157f0c,bff46811,3fa2c25e,bf86a328,bfafb535,408ce5cd,408b899d,4035b526,bf7452c6,c0834a3f,c0aac741,bfc396e1,bf83f5c0,c01a2588,c070fb9d,3d9c0880,406b6037,c09c4697,bf189789,3fcf4408,40b353de,405732c3,3ee86b34,c01d9fad,3f1db330,40a4ef1a,c0f6a434,bf42ebd7,4070adbe,3f3be162,3fb6944d,3fb4b052,c02686b0,4023cb82,be64a084,3f7bc376,c02801b3,4014d11c,c024842f,3cf6eada,3fe61bce,beae866b,40523b55,bf1210e8,bdce280a,c0a7d58d,c083920c,bea80006,bfa601cc,3fabbb05,3f9b0e61,4085e47d,3fc71f7f,4016a190,3fc754fd,3f6f1f6d,c0141447,bf7c2bea,bfcee76d,c0b4d6b0,c043e2e1,40043aa6,3fb4cdda,bf57f311,befea18d,c02f2353,3fa9d7bd,3efd484b,3f4e1871,3f1704a9,3fcfdaee,c04adcc4,c01d29b9,3f7b2f71,4081e0c3,c088ed78,3f522f53,3ecb4e10,3f44c41b,4009efc1,bf112a50,bff24d16,bd7498f6,40439d2a
// EXPECT: 0 tensor<4x48xf4E2M1FN> hex:00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,09,08,0c,0d,04,00,09,0b,04,04,0e,01,0f,03,03,02,0e,0f,0c,09,0d,0d,02,0e,06,04,04,03,0a,01,00,07,01,01,0b,02,04,0d,05,0b,0a,0a,02,06,08,01,04,07,07,03,0e,0d,01,0f,02,0c,03,01,03,0d,05,0e,0d,0a,05,0b,0b,07,0d,0d,01,09,04,09,02,02,09,0a,04,01,0a,03,06,0b,07,07,02,04,0b,01,02,06,01,0b,02,0a,0b,06,06,05,0a,0e,0f,0b,0a,0d,0e,00,06,0f,09,04,06,05,01,0c,01,06,0f,09,05,01,02,02,0c,04,08,02,0d,05,0d,00,04,09,06,09,08,0f,0e,09,0b,03,03,06,03,05,03,02,0d,0a,0c,0f,0d,04,03,0a,09,0d,03,01,02,02,04,0e,0d,03,07,0f,02,01,02,05,0a,0d,08,06
// EXPECT: 1 tensor<4x3xf8E4M3FN> hex:00,4a,4d,79,78,7e,4d,4a,4e,4a,4a,48
// EXPECT: 2 tensor<f32> hex:3e398196
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x48xf32>) -> (tensor<4x48xf4E2M1FN>, tensor<4x3xf8E4M3FN>, tensor<f32>) {
    %0:3 = "tessera.quantize"(%a0) {scheme = "nvfp4"} : (tensor<4x48xf32>) -> (tensor<4x48xf4E2M1FN>, tensor<4x3xf8E4M3FN>, tensor<f32>)
    return %0#0, %0#1, %0#2 : tensor<4x48xf4E2M1FN>, tensor<4x3xf8E4M3FN>, tensor<f32>
  }
}

// -----

// CASE: nvfp4_3x20
// NOTE: g = amax/2688; block scale e4m3(amax_b/6/g); elements e2m1(x/f)
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<3x20xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,3e1894a7,40451e21,40a33e20,bfdcfca6,430f2da4,c23f9993,4233ee54,c275bd62,c2fd2adb,4223360e,420c8ad5,c3145b31,4205734e,4351ea38,4342fbb3,c327f9c8,c343034a,4337f8f2,c275b8f6,c252dd46,c3463192,4366f60a,41d68070,c33b772c,405e9167,bf33b921,c0644099,bd93f3a2,c0ad55e6,3e9637f8,402b568c,40040a7b,3ff3c09a,3f868836,3f904d05,bf9d1852,3e2b28c4,3f8bed82,bfc6d3da,c08084b3,3fce45e3,3eba4441,3ecc52d1,c00080df
// EXPECT: 0 tensor<3x20xf4E2M1FN> hex:00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,06,07,0c,06,0b,03,0b,0e,02,02,0e,02,07,07,0e,0f,07,0b,0b,0f,07,01,0e,06,09,0e,08,0f,01,05,04,04,02,02,0b,00,02,0b,0e,06,02,02,0f
// EXPECT: 1 tensor<3x2xf8E4M3FN> hex:00,52,7d,7e,53,48
// EXPECT: 2 tensor<f32> hex:3daff869
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x20xf32>) -> (tensor<3x20xf4E2M1FN>, tensor<3x2xf8E4M3FN>, tensor<f32>) {
    %0:3 = "tessera.quantize"(%a0) {scheme = "nvfp4"} : (tensor<3x20xf32>) -> (tensor<3x20xf4E2M1FN>, tensor<3x2xf8E4M3FN>, tensor<f32>)
    return %0#0, %0#1, %0#2 : tensor<3x20xf4E2M1FN>, tensor<3x2xf8E4M3FN>, tensor<f32>
  }
}

// -----

// CASE: nvfp4_1x16
// NOTE: g = amax/2688; block scale e4m3(amax_b/6/g); elements e2m1(x/f)
// RULE: bitexact
// REQUIRES: op=tessera.quantize level=graph
// INPUT: 0 tensor<1x16xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0 tensor<1x16xf4E2M1FN> hex:00,00,00,00,00,00,00,00,00,00,00,00,00,00,00,00
// EXPECT: 1 tensor<1x1xf8E4M3FN> hex:00
// EXPECT: 2 tensor<f32> hex:3f800000
// GENERATOR: conformance/gen/graph_quant.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<1x16xf32>) -> (tensor<1x16xf4E2M1FN>, tensor<1x1xf8E4M3FN>, tensor<f32>) {
    %0:3 = "tessera.quantize"(%a0) {scheme = "nvfp4"} : (tensor<1x16xf32>) -> (tensor<1x16xf4E2M1FN>, tensor<1x1xf8E4M3FN>, tensor<f32>)
    return %0#0, %0#1, %0#2 : tensor<1x16xf4E2M1FN>, tensor<1x1xf8E4M3FN>, tensor<f32>
  }
}
