// Verifier tests for upstream's Schedule-dialect forms (docs/ops/schedule/upstream-forms.md).
// Each chunk is one failing program named after the constraint it breaks.

// sched_mesh_c1: repeated axis name
func.func @sched_mesh_c1() {
  // expected-error@+1 {{axis name "dp" appears twice (sched_mesh_c1)}}
  "schedule.mesh.define"() {axis_names = ["dp", "dp"], dims = [2, 2]} : () -> ()
  return
}

// -----
// sched_mesh_c1: dims do not match the names
func.func @sched_mesh_c1() {
  // expected-error@+1 {{needs 'dims', one integer per axis name (sched_mesh_c1)}}
  "schedule.mesh.define"() {axis_names = ["dp", "tp"], dims = [2]} : () -> ()
  return
}

// -----
// sched_mesh_c1: a zero dim
func.func @sched_mesh_c1() {
  // expected-error@+1 {{every dim must be >= 1 (sched_mesh_c1)}}
  "schedule.mesh.define"() {axis_names = ["dp"], dims = [0]} : () -> ()
  return
}

// -----
// sched_mesh_c1: the device count overflows
func.func @sched_mesh_c1() {
  // expected-error@+1 {{the mesh's device count overflows 64 bits (sched_mesh_c1)}}
  "schedule.mesh.define"() {axis_names = ["a", "b"], dims = [4294967296, 4294967296]} : () -> ()
  return
}

// -----
// sched_mesh_c2: an axis the mesh does not have
func.func @sched_mesh_c2(%x: tensor<4xf32>) {
  "schedule.mesh.define"() {axis_names = ["dp"], dims = [2]} : () -> ()
  // expected-error@+1 {{axis "tp" is not an axis of the schedule.mesh.define before it (sched_mesh_c2)}}
  "schedule.mesh.region"() ({
    %y = tessera.relu %x : (tensor<4xf32>) -> tensor<4xf32>
    "schedule.yield"() : () -> ()
  }) {mesh = @dp, axis = "tp"} : () -> ()
  return
}

// -----
// sched_mesh_c2: mesh is not a symbol
func.func @sched_mesh_c2(%x: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'mesh' must be a symbol (mesh = @name) (sched_mesh_c2)}}
  "schedule.mesh.region"() ({
    "schedule.yield"() : () -> ()
  }) {mesh = "dp"} : () -> ()
  return
}

// -----
// sched_mesh_c2: the results disagree with the yield
func.func @sched_mesh_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{(sched_mesh_c2)}}
  %r = "schedule.mesh.region"() ({
    %y = tessera.relu %x : (tensor<4xf32>) -> tensor<4xf32>
    "schedule.yield"(%y) : (tensor<4xf32>) -> ()
  }) : () -> tensor<8xf32>
  return %x : tensor<4xf32>
}

// -----
// -----
// sched_value_c1: the scheduled value changes type
func.func @sched_value_c1(%x: tensor<4x4xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{(sched_value_c1)}}
  %s = schedule.matmul %x {tile_m = 16 : i64} : tensor<4x4xf32> -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----
// sched_value_c2: a macro tile that is not a whole number of tiles (upstream's macro_invalid)
func.func @sched_value_c2(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error@+1 {{macro_tile_m (24) is not a multiple of tile_m (16) (sched_value_c2)}}
  %s = schedule.matmul %x {macro_tile_m = 24 : i64, macro_tile_n = 64 : i64, tile_m = 16 : i64, tile_n = 16 : i64} : tensor<32x32xf32> -> tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// -----
// sched_value_c2: a zero tile
func.func @sched_value_c2(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error@+1 {{attribute 'tile_k' must be an integer >= 1 (sched_value_c2)}}
  %s = schedule.matmul %x {tile_k = 0 : i64} : tensor<32x32xf32> -> tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// -----
// sched_value_c2: an unknown layout
func.func @sched_value_c2(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error@+1 {{attribute 'a_layout' must be "row_major" or "col_major" (sched_value_c2)}}
  %s = schedule.matmul %x {a_layout = "tiled"} : tensor<32x32xf32> -> tensor<32x32xf32>
  return %s : tensor<32x32xf32>
}

// -----
// sched_value_c3: axis out of range
func.func @sched_value_c3(%x: tensor<3x17xf32>) -> tensor<3x17xf32> {
  // expected-error@+1 {{axis must be an integer in [-rank, rank) (sched_value_c3)}}
  %s = schedule.softmax %x {axis = 2 : i64} : tensor<3x17xf32> -> tensor<3x17xf32>
  return %s : tensor<3x17xf32>
}

// -----
// sched_value_c4: a negative stage
func.func @sched_value_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'stage' must be an integer >= 0 (sched_value_c4)}}
  %s = "schedule.prefetch"(%x) {stage = -1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// sched_artifact_c1: a hash that is not a string
func.func @sched_artifact_c1() {
  // expected-error@+1 {{attribute 'hash' must be a string (sched_artifact_c1)}}
  "schedule.artifact"() {hash = 5 : i64} : () -> ()
  return
}
