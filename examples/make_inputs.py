#!/usr/bin/env python3
"""Writes seeded .npy inputs for the programs in examples/ into a directory and prints the
tessera-interp command line for each.

    python3 examples/make_inputs.py DIR
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def normal(rng, shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def inputs(rng):
    mlp = {"x": normal(rng, (32, 64)),
           "w0": normal(rng, (64, 128), 64 ** -0.5), "b0": normal(rng, (128,), 0.1),
           "w1": normal(rng, (128, 128), 128 ** -0.5), "b1": normal(rng, (128,), 0.1),
           "w2": normal(rng, (128, 10), 128 ** -0.5), "b2": normal(rng, (10,), 0.1)}
    attn = {"q": normal(rng, (16, 32)), "k": normal(rng, (16, 32)), "v": normal(rng, (16, 32)),
            "wo": normal(rng, (32, 32), 32 ** -0.5)}
    ln = {"x": normal(rng, (8, 64)), "g": 1 + normal(rng, (64,), 0.1), "b": normal(rng, (64,), 0.1),
          "w1": normal(rng, (64, 256), 64 ** -0.5), "w2": normal(rng, (256, 64), 256 ** -0.5)}
    # 8 ranks x 128 floats, given as one global array that the program's ShardSpec splits.
    ring = {"x": normal(rng, (1024,))}
    return {"mlp": mlp, "attention_block": attn, "layernorm_gelu": ln, "mesh/ring_all_reduce": ring}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_inputs.py DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(2024)
    for prog, arrays in inputs(rng).items():
        args = []
        for name, arr in arrays.items():
            path = os.path.join(out, f"{prog}.{name}.npy")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            np.save(path, arr)
            args.append(f"--input {name}={path}")
        print(f"tessera-interp run {os.path.join(HERE, prog + '.mlir')} {' '.join(args)} --print")


if __name__ == "__main__":
    main()
