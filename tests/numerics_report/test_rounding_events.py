"""Rounding columns of the report (saturated, underflow to zero / to subnormal, rounded, subnormal,
range use) on casts whose outcome ml_dtypes and numpy decide."""
import json

import ml_dtypes
import numpy as np

PROG = """module {
  func.func @main(%x: tensor<12xf32>) -> (tensor<12xf8E4M3FN>, tensor<12xf16>) {
    %q = "tessera.cast"(%x) {numeric_policy = {profile = "cuda", saturate = true}} : (tensor<12xf32>) -> tensor<12xf8E4M3FN>
    %h = "tessera.cast"(%x) : (tensor<12xf32>) -> tensor<12xf16>
    return %q, %h : tensor<12xf8E4M3FN>, tensor<12xf16>
  }
}
"""
X = np.array([1, 500, -1000, 448, 3.3, 1e-9, -2e-9, 1e-6, 3e-5, 6.2e-5, 0, 70000], np.float32)


def test_rounding_counters(interp, tmp_path):
    prog = tmp_path / "casts.mlir"
    prog.write_text(PROG)
    np.save(tmp_path / "x.npy", X)
    interp("run", prog, "-i", f"x={tmp_path}/x.npy", "--numerics-report", tmp_path / "r.json",
           check=0)
    ops = {o["value"]: o for o in json.loads((tmp_path / "r.json").read_text())["ops"]}
    # e4m3 with satfinite: |x| > 448 clamps to +-448 (ml_dtypes saturates the same way here,
    # and without saturation gives NaN)
    q, xq = ops["%q"], X.astype(ml_dtypes.float8_e4m3fn).astype(np.float64)
    big = np.abs(X) > 448
    assert q["saturated"] == int(big.sum()) == 3
    assert np.isnan(xq[big]).all()  # the ocp default would make them NaN instead
    e4 = np.where(big, np.sign(X) * 448.0, xq)
    tiny = 2.0 ** -6  # smallest normal of e4m3
    assert q["underflow_zero"] == int(((X != 0) & (e4 == 0)).sum())
    assert q["subnormal"] == int(((e4 != 0) & (np.abs(e4) < tiny)).sum())
    assert q["rounded"] == int((e4 != X).sum())
    assert q["absmax"] == 448 and q["range_use"] == 1.0
    # f16 without saturation: 70000 overflows to Inf; 1e-9 and -2e-9 underflow to zero; 1e-6,
    # 3e-5 become subnormals (below 2^-14)
    h, xh = ops["%h"], X.astype(np.float16).astype(np.float64)
    assert h["overflow"] == h["pos_inf"] == int(np.isinf(xh).sum()) == 1
    assert h["underflow_zero"] == int(((X != 0) & (xh == 0)).sum()) == 2
    sub = (xh != 0) & (np.abs(xh) < 2.0 ** -14)
    assert h["subnormal"] == int(sub.sum())
    assert h["underflow_subnormal"] == int((sub & (xh != X)).sum())
    assert h["rounded"] == int((np.isfinite(xh) & (xh != X)).sum()) + 1  # +1: 70000 -> Inf
    assert h["saturated"] == 0
    fin = xh[np.isfinite(xh)]
    assert h["absmax"] == np.abs(fin).max() and h["range_use"] == np.abs(fin).max() / 65504.0
