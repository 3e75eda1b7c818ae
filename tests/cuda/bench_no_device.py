#!/usr/bin/env python3
"""A CUDA benchmark on a machine without a device: one line "<bench>: no CUDA device: ..." and
exit 0. With a device present the benchmark would run for a minute: skipped (exit 77)."""
import subprocess
import sys


def main() -> int:
    bench = sys.argv[1]
    name = bench.rsplit("/", 1)[-1]
    probe = subprocess.run([bench], capture_output=True, text=True, timeout=120)
    out = probe.stdout + probe.stderr
    lines = out.strip().splitlines()
    if not out.startswith(name + ": no CUDA device: "):
        if "no CUDA device" not in out and probe.returncode in (0, 1) and lines:
            print("a device is present; this test is for machines without one: skipped")
            return 77
        print(f"unexpected output (exit {probe.returncode}):\n{out}")
        return 1
    if probe.returncode != 0 or len(lines) != 1:
        print(f"expected one line and exit 0, got exit {probe.returncode}:\n{out}")
        return 1
    if "cudaGetDeviceCount returned" not in lines[0]:
        print(f"the line does not name cudaGetDeviceCount: {lines[0]}")
        return 1
    print(lines[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
