// tessera.constant: the dense attribute's bits.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: constant_f32
// RULE: bitexact
// REQUIRES: op=tessera.constant level=graph dtype=f32
// EXPECT: 0 tensor<2x2xf32> hex:3fc00000,80000000,40500000,c0e00000
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<2x2xf32> {
    %0 = "tessera.constant"() {value = dense<"0x0000C03F00000080000050400000E0C0"> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}

// -----

// CASE: constant_bf16_hex
// RULE: bitexact
// REQUIRES: op=tessera.constant level=graph dtype=bf16
// EXPECT: 0 tensor<2x5xbf16> hex:3eed,bfc2,bf5c,3fac,3e36,bda7,3f77,3f40,bd40,bf25
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<2x5xbf16> {
    %0 = "tessera.constant"() {value = dense<"0xED3EC2BF5CBFAC3F363EA7BD773F403F40BD25BF"> : tensor<2x5xbf16>} : () -> tensor<2x5xbf16>
    return %0 : tensor<2x5xbf16>
  }
}

// -----

// CASE: constant_i32
// RULE: bitexact
// REQUIRES: op=tessera.constant level=graph dtype=i32
// EXPECT: 0 tensor<2x3xi32> hex:00000314,00000336,0000000c,00000091,fffffe41,000001b4
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<2x3xi32> {
    %0 = "tessera.constant"() {value = dense<"0x14030000360300000C0000009100000041FEFFFFB4010000"> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
    return %0 : tensor<2x3xi32>
  }
}
