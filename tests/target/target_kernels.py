"""Target IR test kernels as text, generated per variant (shape, mode, ...)."""

MMA = {  # shape -> (input MLIR type, A elements per lane, B elements per lane, K)
    "m16n8k16": (None, 8, 4, 16),
    "m16n8k8": ("f32", 4, 2, 8),
    "m16n8k32": (None, 16, 8, 32),
}


def mma_module(shape, dt, policy=""):
    _, na, nb, _ = MMA[shape]
    attrs = f'{{shape = "{shape}"}}' if not policy else \
        f'{{shape = "{shape}", numeric_policy = {{accum_model = "{policy}"}}}}'
    return f"""module {{
  func.func @k(%a: memref<{32 * na}x{dt}>, %b: memref<{32 * nb}x{dt}>, %c: memref<128xf32>,
               %d: memref<128xf32>) {{
    %l = tessera_nvidia.laneid : i32
    %na = arith.constant {{value = {na} : i32}} : i32
    %nb = arith.constant {{value = {nb} : i32}} : i32
    %c4 = arith.constant {{value = 4 : i32}} : i32
    %ia = arith.muli %l, %na : i32
    %ib = arith.muli %l, %nb : i32
    %ic = arith.muli %l, %c4 : i32
    %fa = tessera_nvidia.ld %a, %ia : (memref<{32 * na}x{dt}>, i32) -> vector<{na}x{dt}>
    %fb = tessera_nvidia.ld %b, %ib : (memref<{32 * nb}x{dt}>, i32) -> vector<{nb}x{dt}>
    %fc = tessera_nvidia.ld %c, %ic : (memref<128xf32>, i32) -> vector<4xf32>
    %fd = tessera_nvidia.mma_sync %fa, %fb, %fc {attrs}
        : (vector<{na}x{dt}>, vector<{nb}x{dt}>, vector<4xf32>) -> vector<4xf32>
    tessera_nvidia.st %fd, %d, %ic : (vector<4xf32>, memref<128xf32>, i32) -> ()
    return
  }}
  func.func @main(%a: tensor<{32 * na}x{dt}>, %b: tensor<{32 * nb}x{dt}>, %c: tensor<128xf32>)
      -> tensor<128xf32> {{
    %d = tessera_nvidia.launch %a, %b, %c {{callee = @k, grid = [1], block = [32]}}
        : (tensor<{32 * na}x{dt}>, tensor<{32 * nb}x{dt}>, tensor<128xf32>) -> tensor<128xf32>
    return %d : tensor<128xf32>
  }}
}}
"""


def ldmatrix_module(num, trans, dt):
    t = "true" if trans else "false"
    n = 2 * num
    return f"""module {{
  func.func @k(%m: memref<256x{dt}>, %rows: memref<32xi32>, %cols: memref<32xi32>,
               %out: memref<{32 * n}x{dt}>) {{
    %l = tessera_nvidia.laneid : i32
    %s = tessera_nvidia.alloc_shared : memref<16x16x{dt}, 3>
    %c8 = arith.constant {{value = 8 : i32}} : i32
    %cn = arith.constant {{value = {n} : i32}} : i32
    %i = arith.muli %l, %c8 : i32
    %v = tessera_nvidia.ld %m, %i : (memref<256x{dt}>, i32) -> vector<8x{dt}>
    tessera_nvidia.st %v, %s, %i : (vector<8x{dt}>, memref<16x16x{dt}, 3>, i32) -> ()
    tessera_nvidia.bar_sync : () -> ()
    %r = tessera_nvidia.ld %rows, %l : (memref<32xi32>, i32) -> i32
    %c = tessera_nvidia.ld %cols, %l : (memref<32xi32>, i32) -> i32
    %f = tessera_nvidia.ldmatrix %s, %r, %c {{num = {num}, trans = {t}}}
        : (memref<16x16x{dt}, 3>, i32, i32) -> vector<{n}x{dt}>
    %o = arith.muli %l, %cn : i32
    tessera_nvidia.st %f, %out, %o : (vector<{n}x{dt}>, memref<{32 * n}x{dt}>, i32) -> ()
    return
  }}
  func.func @main(%m: tensor<256x{dt}>, %rows: tensor<32xi32>, %cols: tensor<32xi32>)
      -> tensor<{32 * n}x{dt}> {{
    %out = tessera_nvidia.launch %m, %rows, %cols {{callee = @k, grid = [1], block = [32]}}
        : (tensor<256x{dt}>, tensor<32xi32>, tensor<32xi32>) -> tensor<{32 * n}x{dt}>
    return %out : tensor<{32 * n}x{dt}>
  }}
}}
"""


def shfl_module(mode, dt="i32"):
    return f"""module {{
  func.func @k(%x: memref<32x{dt}>, %src: memref<32xi32>, %out: memref<32x{dt}>) {{
    %l = tessera_nvidia.laneid : i32
    %full = arith.constant {{value = -1 : i32}} : i32
    %v = tessera_nvidia.ld %x, %l : (memref<32x{dt}>, i32) -> {dt}
    %s = tessera_nvidia.ld %src, %l : (memref<32xi32>, i32) -> i32
    %r = tessera_nvidia.shfl_sync %v, %s, %full {{mode = "{mode}"}} : ({dt}, i32, i32) -> {dt}
    tessera_nvidia.st %r, %out, %l : ({dt}, memref<32x{dt}>, i32) -> ()
    return
  }}
  func.func @main(%x: tensor<32x{dt}>, %src: tensor<32xi32>) -> tensor<32x{dt}> {{
    %out = tessera_nvidia.launch %x, %src {{callee = @k, grid = [1], block = [32]}}
        : (tensor<32x{dt}>, tensor<32xi32>) -> tensor<32x{dt}>
    return %out : tensor<32x{dt}>
  }}
}}
"""


def vote_module(mode, active_below):
    """Lanes below `active_below` vote with the member mask read from %mask; others skip."""
    rt = "i32" if mode == "ballot" else "i1"
    conv = (f"%w = arith.select %r, %one, %zero : (i1, i32, i32) -> i32" if rt == "i1"
            else "%w = arith.addi %r, %zero : i32")
    return f"""module {{
  func.func @k(%p: memref<32xi32>, %mask: memref<1xi32>, %out: memref<32xi32>) {{
    %l = tessera_nvidia.laneid : i32
    %zero = arith.constant {{value = 0 : i32}} : i32
    %one = arith.constant {{value = 1 : i32}} : i32
    %lim = arith.constant {{value = {active_below} : i32}} : i32
    %in = arith.cmpi %l, %lim {{predicate = "slt"}} : (i32, i32) -> i1
    "scf.if"(%in) ({{
      %pv = tessera_nvidia.ld %p, %l : (memref<32xi32>, i32) -> i32
      %pb = arith.cmpi %pv, %zero {{predicate = "ne"}} : (i32, i32) -> i1
      %m = tessera_nvidia.ld %mask, %zero : (memref<1xi32>, i32) -> i32
      %r = tessera_nvidia.vote_sync %pb, %m {{mode = "{mode}"}} : (i1, i32) -> {rt}
      {conv}
      tessera_nvidia.st %w, %out, %l : (i32, memref<32xi32>, i32) -> ()
      "scf.yield"() : () -> ()
    }}, {{ "scf.yield"() : () -> () }}) : (i1) -> ()
    return
  }}
  func.func @main(%p: tensor<32xi32>, %mask: tensor<1xi32>) -> tensor<32xi32> {{
    %out = tessera_nvidia.launch %p, %mask {{callee = @k, grid = [1], block = [32]}}
        : (tensor<32xi32>, tensor<1xi32>) -> tensor<32xi32>
    return %out : tensor<32xi32>
  }}
}}
"""
