#!/usr/bin/env python3
"""The sparse attention and softmax-statistics ops (docs/ops/graph/attnsparse.md,
softmax-stats.md) run by tessera-interp and checked against float64 numpy references
(scripts/upstream_refs/attnsparse.py, written from the spec, not from the interpreter) and, for
the sliding and 2-D windows, against jax.nn.dot_product_attention with the window as a boolean
mask. Covers upstream's forms (pretty and generic), GQA, ties in block ranking (integer scores),
rows with no kept key, f64 and bf16, and bit-identical results for 1 and 4 threads.
Usage: attnsparse_test.py TESSERA_INTERP."""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from upstream_refs.attnsparse import REFS  # noqa: E402
from upstream_refs.common import attr_dict_text as attr_text  # noqa: E402

BF16 = ml_dtypes.bfloat16
NP = {"f32": np.float32, "f64": np.float64, "bf16": BF16, "i64": np.int64}


def ty(shape, et="f32"):
    return "tensor<" + "x".join(map(str, shape)) + f"x{et}>" if shape else et


def program(op, ins, outs, attrs, et):
    """One function @f applying `op` generically; ins/outs are shapes (outs: (shape, et))."""
    params = ", ".join(f"%a{i}: {ty(s, et)}" for i, s in enumerate(ins))
    res = [f"%r{i}" for i in range(len(outs))]
    rtys = [ty(s, e or et) for s, e in outs]
    sig = "(" + ", ".join(ty(s, et) for s in ins) + ") -> (" + ", ".join(rtys) + ")"
    return (f"func.func @f({params}) -> ({', '.join(rtys)}) {{\n"
            f'  {", ".join(res)} = "{op}"({", ".join(f"%a{i}" for i in range(len(ins)))}) '
            f"{attr_text(attrs)} : {sig}\n"
            f"  return {', '.join(res)} : {', '.join(rtys)}\n}}\n")


def run(interp, d, name, src, inputs, n_out, threads=1):
    path = d / f"{name}.mlir"
    path.write_text(src)
    args = [interp, "run", str(path), "--entry", "f", "--output-dir", str(d / f"o_{name}_{threads}"),
            "--threads", str(threads)]
    for i, x in enumerate(inputs):
        np.save(d / f"{name}_a{i}.npy", x)
        args += ["--input", f"a{i}={d / f'{name}_a{i}.npy'}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit(f"FAIL {name}: {p.stderr}")
    return [np.load(d / f"o_{name}_{threads}" / f"r{i}.npy") for i in range(n_out)]


FAILS = []


def check(name, got, want, et):
    tol = {"f32": 1e-5, "f64": 1e-12, "bf16": 1e-2}[et]
    for g, w in zip(got, want):
        w = np.asarray(w, np.float64)
        if g.dtype == np.uint16:
            g = g.view(BF16)
        g = np.asarray(g, np.float64)
        ok = g.shape == w.shape and np.all((np.abs(g - w) <= tol * (1 + np.abs(w))) |
                                           (np.isnan(g) & np.isnan(w)))
        if not ok:
            FAILS.append(f"{name}: max err {np.nanmax(np.abs(g - w)) if g.shape == w.shape else g.shape}")


def case(interp, d, rng, name, op, ins, outs, attrs, et="f32", inputs=None, threads=(1,)):
    xs = inputs or [rng.standard_normal(s).astype(NP[et]) for s in ins]
    src = program(op, ins, outs, attrs, et)
    got = [run(interp, d, name, src, xs, len(outs), t) for t in threads]
    for g in got[1:]:  # any thread count gives the same bits
        if any(a.tobytes() != b.tobytes() for a, b in zip(got[0], g)):
            FAILS.append(f"{name}: results differ between thread counts")
    canonical = {"tessera_attn.lse_accumulate": "tessera.attn.lse_accumulate"}.get(op, op)
    check(name, got[0], REFS[canonical]([np.asarray(x, np.float64) for x in xs], attrs), et)
    return xs, got[0]


def jax_window_checks(interp, d, rng):
    """Sliding window and 2-D window against jax.nn.dot_product_attention with a mask."""
    import jax
    jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp
    q, k, v = (rng.standard_normal((1, 2, 10, 4)) for _ in range(3))
    for causal in (True, False):
        got = run(interp, d, f"jsw{causal}", program(
            "tessera.attn_sliding_window", [q.shape] * 3, [(q.shape, None)],
            {"window_size": 3, "causal": causal}, "f64"), [q, k, v], 1)[0]
        i, j = np.arange(10)[:, None], np.arange(10)[None, :]
        mask = (j <= i) & (j > i - 3) if causal else np.abs(j - i) <= 1
        want = jax.nn.dot_product_attention(*(jnp.swapaxes(x, 1, 2) for x in (q, k, v)),
                                            mask=jnp.asarray(mask)[None, None])
        # jax.nn.dot_product_attention takes its softmax in float32: an f32 tolerance.
        check(f"jax_sliding_{causal}", [got], [np.swapaxes(np.asarray(want), 1, 2)], "f32")
    q, k, v = (rng.standard_normal((1, 1, 3, 4, 2)) for _ in range(3))
    got = run(interp, d, "jlw", program("tessera.attn_local_window_2d", [q.shape] * 3,
                                        [(q.shape, None)], {"window": [1, 2]}, "f64"),
              [q, k, v], 1)[0]
    y, x = np.divmod(np.arange(12), 4)
    mask = (np.abs(y[:, None] - y[None, :]) <= 1) & (np.abs(x[:, None] - x[None, :]) <= 2)
    flat = lambda t: jnp.swapaxes(t.reshape(1, 1, 12, 2), 1, 2)
    want = jax.nn.dot_product_attention(flat(q), flat(k), flat(v), mask=jnp.asarray(mask)[None, None])
    check("jax_local_window_2d", [got], [np.swapaxes(np.asarray(want), 1, 2).reshape(q.shape)], "f32")


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(18)
    with tempfile.TemporaryDirectory() as t:
        d = pathlib.Path(t)
        q4 = (1, 2, 16, 4)
        case(interp, d, rng, "lw2d", "tessera.attn_local_window_2d", [(2, 2, 5, 7, 4)] * 2 + [(2, 2, 5, 7, 3)],
             [((2, 2, 5, 7, 3), None)], {"window": [2, 1]}, threads=(1, 4))
        case(interp, d, rng, "lw2d_bf16", "tessera.attn_local_window_2d", [(1, 1, 4, 4, 8)] * 3,
             [((1, 1, 4, 4, 8), None)], {"window": [1, 1]}, et="bf16")
        case(interp, d, rng, "lw2d_f64_scale", "tessera.attn_local_window_2d", [(1, 2, 3, 3, 2)] * 3,
             [((1, 2, 3, 3, 2), None)], {"window": [0, 5], "scale": 0.75}, et="f64")
        for causal in (True, False):
            case(interp, d, rng, f"sw{causal}", "tessera.attn_sliding_window", [q4] * 3, [(q4, None)],
                 {"window_size": 5, "causal": causal}, threads=(1, 4))
        # GQA: 4 query heads on 2 kv heads; Sq 8 > Sk 6 leaves causal rows past Sk... all keep keys
        case(interp, d, rng, "sw_gqa", "tessera.attn_sliding_window",
             [(1, 4, 8, 4), (1, 2, 6, 4), (1, 2, 6, 3)], [((1, 4, 8, 3), None)],
             {"window_size": 2, "causal": True})
        # Non-causal rows past Sk + w/2 keep no key: a zero row (the spec's decision).
        case(interp, d, rng, "sw_empty", "tessera.attn_sliding_window",
             [(1, 1, 8, 2), (1, 1, 3, 2), (1, 1, 3, 2)], [((1, 1, 8, 2), None)],
             {"window_size": 2, "causal": False})
        case(interp, d, rng, "cb", "tessera.attn_compressed_blocks",
             [q4, (1, 2, 4, 4), (1, 2, 4, 4)], [(q4, None)], {"scale": 0.3}, et="f64")
        # Integer scores make ties: the lower block index wins.
        ties = [rng.standard_normal(s).astype(np.float32) for s in (q4, q4, q4)]
        ties.append(rng.integers(0, 2, (1, 2, 16, 4)).astype(np.float32))
        for causal in (True, False):
            case(interp, d, rng, f"tk{causal}", "tessera.attn_top_k_blocks", [q4] * 3 + [(1, 2, 16, 4)],
                 [(q4, None)], {"top_k": 2, "block_size": 4, "causal": causal}, inputs=ties)
        case(interp, d, rng, "tk_all", "tessera.attn_top_k_blocks", [q4] * 3 + [(1, 2, 16, 4)],
             [(q4, None)], {"top_k": 9, "block_size": 4, "causal": True}, threads=(1, 4))
        kvq = [(1, 4, 32, 8), (1, 2, 32, 8), (1, 2, 32, 8)]
        case(interp, d, rng, "msa_idx", "tessera.msa_index_scores", kvq[:2], [((1, 2, 32, 4), None)],
             {"block_size": 8, "scale": 0.25})
        case(interp, d, rng, "msa_idx_pad", "tessera.msa_index_scores", [(1, 4, 5, 3), (1, 2, 10, 3)],
             [((1, 2, 5, 3), None)], {"block_size": 4})
        for force in (True, False):
            for causal in (True, False):
                tag = f"{int(force)}{int(causal)}"
                sc = rng.integers(-2, 3, (2, 2, 16, 5)).astype(np.float32)
                sc[0, 0, 3, 1] = -np.inf
                sc[0, 1, 5, 2] = np.nan
                case(interp, d, rng, f"msa_sel{tag}", "tessera.msa_select_blocks", [(2, 2, 16, 5)],
                     [((2, 2, 16, 3), "i64")], {"top_k": 3, "block_size": 4,
                                                "force_local_block": force, "causal": causal},
                     inputs=[sc])
                case(interp, d, rng, f"msa{tag}", "tessera.msa_sparse_attention", kvq, [((1, 4, 32, 8), None)],
                     {"block_size": 8, "top_k": 2, "force_local_block": force, "causal": causal},
                     threads=(1, 4))
        case(interp, d, rng, "msa_pad", "tessera.msa_sparse_attention",
             [(1, 2, 7, 4), (1, 1, 7, 4), (1, 1, 7, 4)], [((1, 2, 7, 4), None)],
             {"block_size": 3, "top_k": 2}, et="f64")
        lq = (2, 3, 16, 8)
        for thr, causal in ((0.5, True), (0.0, True), (1.0, False), (0.7, False)):
            case(interp, d, rng, f"lsa{thr}{causal}", "tessera.lookahead_sparse_attention", [lq] * 3,
                 [(lq, None)], {"window_size": 6, "block_size": 4, "tau": 64, "threshold": thr,
                                "causal": causal}, threads=(1, 4))
        g4 = (1, 2, 16, 4)
        case(interp, d, rng, "dsa", "tessera.deepseek_sparse_attention", [g4] * 3, [(g4, None)],
             {"window_size": 4, "block_size": 4, "top_k": 2, "causal": True})
        case(interp, d, rng, "dsa_gate", "tessera.deepseek_sparse_attention",
             [(1, 4, 16, 4), (1, 2, 16, 4), (1, 2, 16, 4), (1, 4, 16, 3)], [((1, 4, 16, 4), None)],
             {"window_size": 3, "block_size": 4, "top_k": 1, "causal": False}, et="f64")
        case(interp, d, rng, "nsa", "tessera.native_sparse_attn_fused", [(1, 2, 8, 4)] * 3 + [(1, 2, 8, 2)],
             [((1, 2, 8, 4), None)], {"window_size": 4, "block_size": 4, "top_k": 1, "causal": True})
        case(interp, d, rng, "stats", "tessera.attn_with_stats", [(4,), (3, 2, 5, 4)],
             [((2, 5, 4), None), ((2, 5), None), ((2, 5), None)], {"eps": 1e-6})
        st = [rng.standard_normal((3, 4)), rng.standard_normal(3), rng.random(3) + 0.5] * 2
        st[4] = np.array([-np.inf, 2.0, 0.5])
        st = [x.astype(np.float32) for x in st]
        case(interp, d, rng, "merge", "tessera.softmax_merge", [(3, 4), (3,), (3,)] * 2,
             [((3, 4), None), ((3,), None), ((3,), None)], {"reassociable": True}, inputs=st)
        case(interp, d, rng, "final", "tessera.softmax_finalize", [(2, 3, 4), (2, 3)], [((2, 3, 4), None)], {},
             et="f64", inputs=[rng.standard_normal((2, 3, 4)), rng.random((2, 3)) + 0.1])
        lse_in = [rng.standard_normal((4, 3)).astype(np.float32), rng.standard_normal(4).astype(np.float32),
                  (rng.random(4) + 0.5).astype(np.float32)]
        case(interp, d, rng, "lse", "tessera.attn.lse_accumulate", [(4, 3), (4,), (4,)],
             [((4, 3), None), ((4,), None)], {}, inputs=lse_in)
        case(interp, d, rng, "lse_scalar", "tessera.attn.lse_accumulate", [(4, 3), (), ()],
             [((4, 3), None), ((), None)], {},
             inputs=[lse_in[0], np.array(0.5, np.float32), np.array(2.5, np.float32)])
        # Upstream's newer spelling of the op name (an alias, docs/ir-overview.md).
        case(interp, d, rng, "lse_alias", "tessera_attn.lse_accumulate", [(4, 3), (), (4,)],
             [((4, 3), None), ((4,), None)], {},
             inputs=[lse_in[0], np.array(-1.5, np.float32), lse_in[2]])
        jax_window_checks(interp, d, rng)
    if FAILS:
        sys.exit("FAIL\n" + "\n".join(FAILS))
    print("ok")


if __name__ == "__main__":
    main()
