"""Times ml_dtypes astype (and a numpy MX recipe) on a raw f32 file; prints 'name seconds' lines."""
import sys
import time

import ml_dtypes
import numpy as np


def best(fn, reps=3):
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        t.append(time.perf_counter() - t0)
    return min(t)


def mx_e4m3(x):
    b = x.reshape(-1, 32)
    amax = np.abs(b).max(axis=1, keepdims=True)
    e = np.floor(np.log2(np.where(amax > 0, amax, 1.0))) - 8
    q = np.clip(b * np.exp2(-e), -448, 448).astype(ml_dtypes.float8_e4m3fn)
    return q, (e + 127).astype(np.uint8)


def main():
    x = np.fromfile(sys.argv[1], dtype=np.float32)
    np.seterr(all="ignore")
    targets = {"bf16": ml_dtypes.bfloat16, "e4m3": ml_dtypes.float8_e4m3fn,
               "e5m2": ml_dtypes.float8_e5m2, "e2m1": ml_dtypes.float4_e2m1fn}
    for name, dt in targets.items():
        print(name, best(lambda: x.astype(dt)))
    print("mx_e4m3", best(lambda: mx_e4m3(x)))
    print("copy", best(lambda: x.copy()))


if __name__ == "__main__":
    main()
