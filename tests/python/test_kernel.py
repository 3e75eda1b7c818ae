"""@ts.kernel: Python tile kernels against numpy oracles, source locations, sanitizer reports as
Python exceptions naming the kernel's line, and compile errors for constructs a kernel cannot use.

Expected values come from numpy (the kernels' reduction orders replayed in float32, or exact
integer arithmetic), never from the interpreter.
"""
import inspect
import re

import numpy as np
import pytest

import tessera as ts
from tessera.kernel import KernelRunError, KernelSanitizerError, KernelSyntaxError


def line_of(fn, text):
    """The file line number of the first line of fn's source containing text."""
    lines, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    for k, ln in enumerate(lines):
        if text in ln:
            return first + k
    raise AssertionError(text)


@ts.kernel
def saxpy(x: ts.Tensor["n", ts.f32], y: ts.Tensor["n", ts.f32], alpha: ts.f32):
    i = ts.tile.linear_id()
    if i < n:
        y[i] = alpha * x[i] + y[i]
    return y


def test_saxpy_matches_numpy_and_updates_y_in_place():
    rng = np.random.default_rng(1)
    x = rng.standard_normal(1000).astype(np.float32)
    y = rng.standard_normal(1000).astype(np.float32)
    want = np.float32(1.5) * x + y
    got = saxpy(x, y, 1.5, grid=(32,), tiles=32, lanes=32)
    assert got is y
    np.testing.assert_array_equal(y, want)


def test_every_op_carries_its_python_location():
    x = np.zeros(8, np.float32)
    text = saxpy.inspect_ir("tile", x, x.copy(), 2.0, grid=(1,), tiles=8)
    fname = re.escape(inspect.getsourcefile(saxpy.fn))
    body = [ln for ln in text.splitlines()[2:-2] if ln.strip() not in ("}, {", "})")
            and not ln.strip().startswith("^bb")]
    assert body
    for ln in body:
        assert re.search(r'loc\("' + fname + r'":\d+:\d+\)', ln), ln
    store_line = line_of(saxpy, "y[i] = alpha")
    assert re.search(rf"tile.store .*loc\(\"{fname}\":{store_line}:9\)", text)


@ts.kernel
def cooperative_reduction(data: ts.Tensor["N", ts.f32]) -> ts.f32:
    # The guide's kernel (programming model, "Tile Groups and Synchronization"), unchanged.
    shared_sum = ts.tile.alloc_shared((128,), ts.f32)
    tile_id = ts.tile.linear_id()
    local_sum = 0.0
    for i in ts.tile.range(tile_id, N, ts.tile.group_size()):
        local_sum += data[i]
    shared_sum[ts.tile.local_id()] = local_sum
    ts.tile.barrier()
    stride = ts.tile.group_size() // 2
    while stride > 0:
        if ts.tile.local_id() < stride:
            shared_sum[ts.tile.local_id()] += shared_sum[ts.tile.local_id() + stride]
        ts.tile.barrier()
        stride //= 2
    return shared_sum[0]


def reduction_oracle(x, tiles):
    part = np.zeros(tiles, np.float32)
    for k in range(0, len(x), tiles):  # tile t adds x[t], x[t + T], ... in order
        chunk = x[k:k + tiles]
        part[:len(chunk)] += chunk
    s = tiles // 2
    while s > 0:
        part[:s] += part[s:2 * s]
        s //= 2
    return part[0]


@pytest.mark.parametrize("seed", [0, 3, 17])
def test_cooperative_reduction_is_exact_for_every_schedule(seed):
    x = np.random.default_rng(2).standard_normal(3000).astype(np.float32)
    got = cooperative_reduction(x, grid=(1,), tiles=64, check="all", schedule_seed=seed,
                                threads=1 + seed % 2)
    assert got.shape == (1,)
    assert got[0] == reduction_oracle(x, 64)


@ts.kernel
def branches(x: ts.Tensor["n", ts.f32], out: ts.Tensor["n", ts.f32]):
    i = ts.tile.linear_id()
    v = x[i]
    if v > 0.0:
        w = v * 2.0
        k = 1
    else:
        w = -v
        k = 3
    total = 0
    j = 0
    while j < k:
        total += w
        j += 1
    out[i] = total


def test_if_else_yields_and_while_carries_a_retyped_variable():
    x = np.array([1.5, -2.0, 0.0, 4.0], np.float32)
    out = np.zeros(4, np.float32)
    branches(x, out, grid=(1,), tiles=4)
    want = np.where(x > 0, x * 2, -x * 3).astype(np.float32)
    np.testing.assert_array_equal(out, want)


@ts.kernel
def counters(cnt: ts.Tensor[1, ts.int32], lanes_sum: ts.Tensor["G", ts.int32],
             vec: ts.Tensor["G", 4, ts.f32], vout: ts.Tensor["G", 4, ts.f32]):
    ts.tile.atomic_add(cnt[0], 1)
    g = ts.tile.group_id()
    lanes = ts.tile.lane_id()
    swapped = ts.tile.shuffle_xor(lanes, 1)
    if ts.tile.local_id() == 0:
        lanes_sum[g] = ts.tile.warp_reduce(swapped * lanes, kind="sum")
        v = ts.tile.load_vector(vec[g], width=4)
        ts.tile.store_vector(vout[g], v * 2.0)


def test_atomics_shuffles_and_vectors():
    cnt = np.zeros(1, np.int32)
    sums = np.zeros(3, np.int32)
    vec = np.arange(12, dtype=np.float32).reshape(3, 4)
    vout = np.zeros_like(vec)
    counters(cnt, sums, vec, vout, grid=(3,), tiles=5, lanes=32, check="all")
    assert cnt[0] == 15  # every tile of every group adds 1
    lanes = np.arange(32)
    assert (sums == int((lanes * (lanes ^ 1)).sum())).all()
    np.testing.assert_array_equal(vout, vec * 2)


@ts.kernel
def racy(out: ts.Tensor["G", ts.f32]):
    s = ts.tile.alloc_shared((4,), ts.f32)
    s[0] = 1.0  # PLANTED RACE: every tile writes element 0 in one barrier epoch
    ts.tile.barrier()
    if ts.tile.local_id() == 0:
        out[ts.tile.group_id()] = s[0]


def test_planted_race_is_a_python_exception_naming_the_line():
    line = line_of(racy, "PLANTED RACE")
    for seed in (0, 9):
        with pytest.raises(KernelSanitizerError) as e:
            racy(np.zeros(2, np.float32), grid=(2,), tiles=4, check="all", schedule_seed=seed)
        assert e.value.kind == "races"
        assert e.value.lineno == line
        msg = str(e.value)
        assert f"{inspect.getsourcefile(racy.fn)}:{line}:5: error: [races]" in msg
        assert "PLANTED RACE" in msg  # the Python source line is quoted
    # without the check, the race goes unreported
    racy(np.zeros(2, np.float32), grid=(2,), tiles=4)


@ts.kernel
def off_by_one(x: ts.Tensor["n", ts.f32], y: ts.Tensor["n", ts.f32]):
    i = ts.tile.linear_id()
    y[i] = x[i + 1]  # PLANTED OOB: the last tile reads x[n]


def test_planted_out_of_bounds_names_the_line():
    line = line_of(off_by_one, "PLANTED OOB")
    x = np.zeros(64, np.float32)
    with pytest.raises(KernelSanitizerError) as e:
        off_by_one(x, x.copy(), grid=(2,), tiles=32, check="bounds")
    assert e.value.kind == "bounds" and e.value.lineno == line
    assert "%x at index [64]" in str(e.value)
    with pytest.raises(KernelRunError) as e:  # unchecked: the run stops at the access
        off_by_one(x, x.copy(), grid=(2,), tiles=32)
    assert not isinstance(e.value, KernelSanitizerError)
    assert e.value.lineno == line and "check='bounds'" in str(e.value)


def _compile_error(fn, *args, **launch):
    k = ts.kernel(fn)
    with pytest.raises(KernelSyntaxError) as e:
        k(*args, **launch)
    return e.value


def bad_with(x: ts.Tensor["n", ts.f32]):
    with open("f"):  # BAD
        pass


def bad_print(x: ts.Tensor["n", ts.f32]):
    print(x[0])  # BAD


def bad_break(x: ts.Tensor["n", ts.f32]):
    for i in range(n):
        break  # BAD


def bad_lambda(x: ts.Tensor["n", ts.f32]):
    f = lambda v: v  # BAD  # noqa: E731


def bad_unknown(x: ts.Tensor["n", ts.f32]):
    ts.tile.no_such_op()  # BAD


def bad_one_branch(x: ts.Tensor["n", ts.f32]):
    if ts.tile.linear_id() < 2:
        z = 1.0
    x[0] = z  # BAD


def bad_return_mid(x: ts.Tensor["n", ts.f32]):
    if ts.tile.linear_id() < 2:
        return x  # BAD
    x[0] = 1.0


def bad_slice(x: ts.Tensor["n", ts.f32]):
    s = ts.tile.alloc_shared((4, 4), ts.f32)
    i = ts.tile.linear_id()
    ts.tile.cp_async(s, x[i:i * 2])  # BAD


@pytest.mark.parametrize("fn,words", [
    (bad_with, "'with' blocks"), (bad_print, "print is not supported"),
    (bad_break, "break cannot be used"), (bad_lambda, "lambda cannot be used"),
    (bad_unknown, "no attribute 'no_such_op'"), (bad_one_branch, "only one branch"),
    (bad_return_mid, "last statement"), (bad_slice, "compile-time constant"),
])
def test_unsupported_constructs_name_the_python_line(fn, words):
    e = _compile_error(fn, np.zeros(4, np.float32), grid=(1,))
    assert words in str(e), str(e)
    assert e.lineno == line_of(fn, "# BAD")
    assert str(e).startswith(f"{inspect.getsourcefile(fn)}:{e.lineno}:")


def test_symbolic_dimensions_are_checked_at_launch():
    x = np.zeros(8, np.float32)
    with pytest.raises(KernelSyntaxError, match="dimension 'n' is 8 .* but 9 in 'y'"):
        saxpy(x, np.zeros(9, np.float32), 1.0, grid=(1,))
    with pytest.raises(KernelSyntaxError, match="annotated f32 but the array is f64"):
        saxpy(x.astype(np.float64), x.astype(np.float64), 1.0, grid=(1,))


def test_launch_needs_a_grid_and_the_api_needs_a_kernel():
    x = np.zeros(8, np.float32)
    with pytest.raises(TypeError, match="grid"):
        saxpy(x, x, 1.0)
    with pytest.raises(ValueError, match="grid"):
        saxpy(x, x, 1.0, grid=(0,))
    with pytest.raises(RuntimeError, match="inside a @ts.kernel"):
        ts.tile.linear_id()


def test_verifier_errors_name_the_python_line():
    @ts.kernel
    def bad_mma(a: ts.Tensor["m", "k", ts.f32], c: ts.Tensor["m", "m", ts.f32]):
        s = ts.tile.alloc_shared((8, 8), ts.f32, swizzle="diagonal")  # BAD swizzle
        ts.tile.barrier()
        c[0, 0] = s[0, 0]

    a = np.zeros((8, 8), np.float32)
    with pytest.raises(KernelRunError) as e:
        bad_mma(a, a.copy(), grid=(1,))
    assert e.value.lineno == line_of(bad_mma, "BAD swizzle")
    assert "alloc_c2" in str(e.value)


@ts.kernel
def guide_gemm_as_written(A: ts.Tensor["M", "K", ts.bf16], B: ts.Tensor["K", "N", ts.bf16],
                          C: ts.Tensor["M", "N", ts.f32]) -> ts.Tensor["M", "N", ts.f32]:
    # The guide's example 2 with only tile_m/tile_n/tile_k defined: no commit, no wait.
    tile_m = ts.tile.group_id(0) * 64
    tile_n = ts.tile.group_id(1) * 64
    tile_k = 0
    smem_a = ts.tile.alloc_shared((64, 32), ts.bf16, swizzle="xor")
    smem_b = ts.tile.alloc_shared((32, 64), ts.bf16, swizzle="xor")
    ts.tile.cp_async(smem_a, A[tile_m:tile_m+64, tile_k:tile_k+32])
    ts.tile.cp_async(smem_b, B[tile_k:tile_k+32, tile_n:tile_n+64])
    ts.tile.barrier()
    acc = ts.tile.mma(smem_a, smem_b, accumulator=ts.f32)  # READ BEFORE WAIT
    C[tile_m:tile_m+64, tile_n:tile_n+64] += acc
    return C


def test_the_guides_gemm_without_commit_and_wait_is_an_async_report():
    """Why examples/python/kernel_gemm_tensor_core.py adds cp_commit_group/cp_wait_group."""
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = np.ones((64, 32), ml_dtypes.bfloat16)
    b = np.ones((32, 64), ml_dtypes.bfloat16)
    with pytest.raises(KernelSanitizerError) as e:
        guide_gemm_as_written(a, b, np.zeros((64, 64), np.float32), grid=(1, 1), check="async")
    assert e.value.kind == "async"
    assert e.value.lineno == line_of(guide_gemm_as_written, "READ BEFORE WAIT")


def test_results_do_not_depend_on_threads_or_schedule():
    x = np.random.default_rng(5).standard_normal(2000).astype(np.float32)
    outs = {cooperative_reduction(x, grid=(1,), tiles=32, threads=t, schedule_seed=s)[0]
            for t in (1, 2) for s in (0, 1, 2)}
    assert len(outs) == 1


def test_inspect_ir_before_a_launch_and_other_levels():
    k = ts.kernel(saxpy.fn)
    with pytest.raises(ValueError, match="launch the kernel first"):
        k.inspect_ir("tile")
    with pytest.raises(ValueError, match="tile level"):
        k.inspect_ir("graph")
    x = np.zeros(8, np.float32)
    from tessera import _core

    # The level table's Tile -> Target pass (tile-to-target) gives tessera_nvidia ops that
    # re-parse to the same text.
    assert next(lv["pass"] for lv in _core.levels() if lv["name"] == "target") == "tile-to-target"
    target = k.inspect_ir("target", x, x.copy(), 1.0, grid=(1,))
    assert "tessera_nvidia.ld" in target and "tile.load" not in target, target
    assert "tessera_nvidia.launch" in target and "callee = @saxpy" in target
    assert _core.lower_to_level(target, "graph") == target
    with pytest.raises(ts.TesseraError, match="needs lanes = 32"):
        k.inspect_ir("target", x, x.copy(), 1.0, grid=(1,), lanes=16)


def test_launch_shapes_are_checked_before_compiling():
    x = np.zeros(8, np.float32)
    for kw, msg in ((dict(tiles=5000), "tiles must be"), (dict(lanes=0), "lanes must be"),
                    (dict(grid=(1, 1, 1, 1)), "grid must be"),
                    (dict(grid=(2**16, 2**16)), "at most 2")):
        args = dict(grid=(1,))
        args.update(kw)
        with pytest.raises(ValueError, match=msg):
            saxpy(x, x.copy(), 1.0, **args)


def test_float_constants_beyond_f32_round_to_inf():
    @ts.kernel
    def big(x: ts.Tensor["n", ts.f32]):
        x[0] = 1e300
        x[1] = -1e300

    x = np.zeros(2, np.float32)
    big(x, grid=(1,))
    assert x[0] == np.inf and x[1] == -np.inf


@ts.kernel
def divergent(out: ts.Tensor["G", ts.f32]):
    if ts.tile.local_id() < 2:
        ts.tile.barrier()  # PLANTED DIVERGENCE: tiles 2 and 3 never arrive
    out[ts.tile.group_id()] = 1.0


@ts.kernel
def uninit(out: ts.Tensor["G", ts.f32]):
    s = ts.tile.alloc_shared((4,), ts.f32)
    if ts.tile.local_id() == 0:
        out[ts.tile.group_id()] = s[1]  # PLANTED UNINIT: nothing wrote s[1]


def test_barrier_divergence_and_uninitialised_reads_name_the_line():
    barrier = line_of(divergent, "PLANTED DIVERGENCE")
    fname = inspect.getsourcefile(divergent.fn)
    with pytest.raises(KernelSanitizerError) as e:
        divergent(np.zeros(1, np.float32), grid=(1,), tiles=4, check="barriers")
    # tiles 2 and 3 exit (at the end of the kernel: its def line) while 0 and 1 wait; the note
    # names the barrier's line
    assert e.value.kind == "barriers"
    assert e.value.lineno == line_of(divergent, "def divergent")
    assert f"{fname}:{barrier}:9: note: the barrier of group 0" in str(e.value)
    with pytest.raises(KernelRunError) as e:  # unchecked: a deadlock on a GPU, an error here
        divergent(np.zeros(1, np.float32), grid=(1,), tiles=4)
    assert f"{fname}:{barrier}:9" in str(e.value)
    with pytest.raises(KernelSanitizerError) as e:
        uninit(np.zeros(2, np.float32), grid=(2,), tiles=2, check="init")
    assert e.value.kind == "init"
    assert e.value.lineno == line_of(uninit, "PLANTED UNINIT")


def test_empty_and_rank_zero_arrays():
    @ts.kernel
    def guarded(x: ts.Tensor["n", ts.f32], e: ts.Tensor["m", ts.f32]):
        if ts.tile.linear_id() < m:
            e[ts.tile.linear_id()] = x[0]

    e = np.zeros(0, np.float32)
    guarded(np.ones(3, np.float32), e, grid=(2,))  # an empty buffer is fine
    assert e.shape == (0,)
    with pytest.raises(KernelSyntaxError, match="rank-0 array"):
        guarded(np.zeros((), np.float32), e, grid=(1,))


def test_a_loop_variable_that_changes_type_is_an_error():
    def changes(x: ts.Tensor["n", ts.f32]):
        i = ts.tile.linear_id()
        for k in range(3):
            i = x[k]  # BAD: index in, f32 out
        x[0] = i

    e = _compile_error(changes, np.zeros(4, np.float32), grid=(1,))
    assert "enters the loop as index and leaves the body as f32" in str(e)
    assert e.lineno == line_of(changes, "for k in range")


def test_only_written_parameters_are_copied_back():
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, np.float32)
    ck, _ = saxpy.compile(x, y, 1.0, grid=(1,), tiles=8)
    assert ck.written == {"y"}
    x.flags.writeable = False  # a read-only input is fine: it is only read
    got = saxpy(x, y, 1.0, grid=(1,), tiles=8)
    np.testing.assert_array_equal(got, x)
    assert got is y
