// tessera.axis_index: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: 8_x
// RULE: bitexact
// REQUIRES: op=tessera.axis_index dtype=i32 level=graph mesh=8
// EXPECT: 0@0 tensor<i32> hex:00000000
// EXPECT: 0@1 tensor<i32> hex:00000001
// EXPECT: 0@2 tensor<i32> hex:00000002
// EXPECT: 0@3 tensor<i32> hex:00000003
// EXPECT: 0@4 tensor<i32> hex:00000004
// EXPECT: 0@5 tensor<i32> hex:00000005
// EXPECT: 0@6 tensor<i32> hex:00000006
// EXPECT: 0@7 tensor<i32> hex:00000007
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main() -> tensor<i32> {
    %r = "tessera.axis_index"() {axes = ["x"]} : () -> tensor<i32>
    return %r : tensor<i32>
  }
}

// -----

// CASE: 2x4_tp
// RULE: bitexact
// REQUIRES: op=tessera.axis_index dtype=i32 level=graph mesh=8
// EXPECT: 0@0 tensor<i32> hex:00000000
// EXPECT: 0@1 tensor<i32> hex:00000001
// EXPECT: 0@2 tensor<i32> hex:00000002
// EXPECT: 0@3 tensor<i32> hex:00000003
// EXPECT: 0@4 tensor<i32> hex:00000000
// EXPECT: 0@5 tensor<i32> hex:00000001
// EXPECT: 0@6 tensor<i32> hex:00000002
// EXPECT: 0@7 tensor<i32> hex:00000003
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main() -> tensor<i32> {
    %r = "tessera.axis_index"() {axes = ["tp"]} : () -> tensor<i32>
    return %r : tensor<i32>
  }
}

// -----

// CASE: 2x4_dp_tp
// RULE: bitexact
// REQUIRES: op=tessera.axis_index dtype=i32 level=graph mesh=8
// EXPECT: 0@0 tensor<i32> hex:00000000
// EXPECT: 0@1 tensor<i32> hex:00000001
// EXPECT: 0@2 tensor<i32> hex:00000002
// EXPECT: 0@3 tensor<i32> hex:00000003
// EXPECT: 0@4 tensor<i32> hex:00000004
// EXPECT: 0@5 tensor<i32> hex:00000005
// EXPECT: 0@6 tensor<i32> hex:00000006
// EXPECT: 0@7 tensor<i32> hex:00000007
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main() -> tensor<i32> {
    %r = "tessera.axis_index"() {axes = ["dp", "tp"]} : () -> tensor<i32>
    return %r : tensor<i32>
  }
}

// -----

// CASE: nvl72_dp_pp
// RULE: bitexact
// REQUIRES: op=tessera.axis_index dtype=i32 level=graph mesh=72
// EXPECT: 0@0 tensor<i32> hex:00000000
// EXPECT: 0@1 tensor<i32> hex:00000001
// EXPECT: 0@2 tensor<i32> hex:00000000
// EXPECT: 0@3 tensor<i32> hex:00000001
// EXPECT: 0@4 tensor<i32> hex:00000000
// EXPECT: 0@5 tensor<i32> hex:00000001
// EXPECT: 0@6 tensor<i32> hex:00000000
// EXPECT: 0@7 tensor<i32> hex:00000001
// EXPECT: 0@8 tensor<i32> hex:00000000
// EXPECT: 0@9 tensor<i32> hex:00000001
// EXPECT: 0@10 tensor<i32> hex:00000000
// EXPECT: 0@11 tensor<i32> hex:00000001
// EXPECT: 0@12 tensor<i32> hex:00000000
// EXPECT: 0@13 tensor<i32> hex:00000001
// EXPECT: 0@14 tensor<i32> hex:00000000
// EXPECT: 0@15 tensor<i32> hex:00000001
// EXPECT: 0@16 tensor<i32> hex:00000000
// EXPECT: 0@17 tensor<i32> hex:00000001
// EXPECT: 0@18 tensor<i32> hex:00000002
// EXPECT: 0@19 tensor<i32> hex:00000003
// EXPECT: 0@20 tensor<i32> hex:00000002
// EXPECT: 0@21 tensor<i32> hex:00000003
// EXPECT: 0@22 tensor<i32> hex:00000002
// EXPECT: 0@23 tensor<i32> hex:00000003
// EXPECT: 0@24 tensor<i32> hex:00000002
// EXPECT: 0@25 tensor<i32> hex:00000003
// EXPECT: 0@26 tensor<i32> hex:00000002
// EXPECT: 0@27 tensor<i32> hex:00000003
// EXPECT: 0@28 tensor<i32> hex:00000002
// EXPECT: 0@29 tensor<i32> hex:00000003
// EXPECT: 0@30 tensor<i32> hex:00000002
// EXPECT: 0@31 tensor<i32> hex:00000003
// EXPECT: 0@32 tensor<i32> hex:00000002
// EXPECT: 0@33 tensor<i32> hex:00000003
// EXPECT: 0@34 tensor<i32> hex:00000002
// EXPECT: 0@35 tensor<i32> hex:00000003
// EXPECT: 0@36 tensor<i32> hex:00000004
// EXPECT: 0@37 tensor<i32> hex:00000005
// EXPECT: 0@38 tensor<i32> hex:00000004
// EXPECT: 0@39 tensor<i32> hex:00000005
// EXPECT: 0@40 tensor<i32> hex:00000004
// EXPECT: 0@41 tensor<i32> hex:00000005
// EXPECT: 0@42 tensor<i32> hex:00000004
// EXPECT: 0@43 tensor<i32> hex:00000005
// EXPECT: 0@44 tensor<i32> hex:00000004
// EXPECT: 0@45 tensor<i32> hex:00000005
// EXPECT: 0@46 tensor<i32> hex:00000004
// EXPECT: 0@47 tensor<i32> hex:00000005
// EXPECT: 0@48 tensor<i32> hex:00000004
// EXPECT: 0@49 tensor<i32> hex:00000005
// EXPECT: 0@50 tensor<i32> hex:00000004
// EXPECT: 0@51 tensor<i32> hex:00000005
// EXPECT: 0@52 tensor<i32> hex:00000004
// EXPECT: 0@53 tensor<i32> hex:00000005
// EXPECT: 0@54 tensor<i32> hex:00000006
// EXPECT: 0@55 tensor<i32> hex:00000007
// EXPECT: 0@56 tensor<i32> hex:00000006
// EXPECT: 0@57 tensor<i32> hex:00000007
// EXPECT: 0@58 tensor<i32> hex:00000006
// EXPECT: 0@59 tensor<i32> hex:00000007
// EXPECT: 0@60 tensor<i32> hex:00000006
// EXPECT: 0@61 tensor<i32> hex:00000007
// EXPECT: 0@62 tensor<i32> hex:00000006
// EXPECT: 0@63 tensor<i32> hex:00000007
// EXPECT: 0@64 tensor<i32> hex:00000006
// EXPECT: 0@65 tensor<i32> hex:00000007
// EXPECT: 0@66 tensor<i32> hex:00000006
// EXPECT: 0@67 tensor<i32> hex:00000007
// EXPECT: 0@68 tensor<i32> hex:00000006
// EXPECT: 0@69 tensor<i32> hex:00000007
// EXPECT: 0@70 tensor<i32> hex:00000006
// EXPECT: 0@71 tensor<i32> hex:00000007
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main() -> tensor<i32> {
    %r = "tessera.axis_index"() {axes = ["dp", "pp"]} : () -> tensor<i32>
    return %r : tensor<i32>
  }
}
