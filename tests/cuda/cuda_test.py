"""CUDA backend tests without a GPU: libtessera_cuda.so loads, reports why it is unusable, and
tessera-conform skips every case with that reason (exit 0), or fails with --require-device.

On a machine with a usable device the scenarios check that nothing reports it unavailable (no reason is
reported), so the tests stay meaningful on both kinds of machine."""
import argparse
import os
import re
import subprocess
import sys

REASON = re.compile(r"no CUDA device: cudaGetDeviceCount returned (cudaError\w+ \(.+, code \d+\)"
                    r"|0 devices)")


def run(*args):
    p = subprocess.run(list(args), capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(cond, what, out="", err=""):
    if not cond:
        sys.stderr.write(f"FAIL: {what}\n--- stdout\n{out[-3000:]}\n--- stderr\n{err[-3000:]}\n")
        sys.exit(1)


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def has_device(a):
    """Whether the plugin itself reports a usable device (the first SKIP line says why not)."""
    code, out, err = run(a.runner, "--backend", a.plugin, "--cases", a.cases, "--filter",
                         "tile/saxpy/*")
    check(code == 0, f"probe run: exit 0 expected, got {code}", out, err)
    return "backend unavailable" not in out, out


def scenario_no_device(a):
    device, _ = has_device(a)
    if device:  # the device path is scripts/gpu_check.sh's (docs/cuda.md, "Running on a GPU")
        print("a CUDA device is present: the no-device scenario does not apply")
        return
    code, out, err = run(a.runner, "--backend", a.plugin, "--cases", a.cases)
    check(code == 0, f"exit 0 expected, got {code}", out, err)
    m = re.fullmatch(r"0 passed, 0 failed, (\d+) skipped", last_line(out))
    check(m is not None and int(m.group(1)) > 100, "every case skipped", out, err)
    skips = [l for l in out.splitlines() if l.startswith("SKIP ")]
    check(len(skips) == int(m.group(1)), "one SKIP line per case", out, err)
    check(all(REASON.search(l) for l in skips), "each SKIP names the cudaGetDeviceCount error",
          out, err)
    check("[" + a.plugin in out and "cuda 0.1.0 (NVRTC " in out, "platform info printed", out)


def scenario_require_device(a):
    device, _ = has_device(a)
    code, out, err = run(a.runner, "--backend", a.plugin, "--cases", a.cases,
                         "--require-device", *(["--filter", "tile/saxpy/*"] if device else []))
    if device:
        check(code == 0 and "--require-device" not in err, "device present: no error", out, err)
        return
    check(code == 1, f"exit 1 expected without a device, got {code}", out, err)
    check(err.startswith("tessera-conform: error: --require-device: backend ")
          and REASON.search(err), "error names the flag and the reason", out, err)
    check("SKIP" not in out and "PASS" not in out, "no case runs", out, err)


def scenario_by_name(a):
    # --backend cuda resolves to <bindir>/../lib/tessera/plugins/libtessera_cuda.so.
    code, out, err = run(a.runner, "--list-backends")
    check(code == 0 and re.search(r"^cuda\t", out, re.M), "cuda listed", out, err)
    code, out, err = run(a.runner, "--backend", "cuda", "--cases", a.cases, "--filter",
                         "tile/gemm/*")
    check(code == 0 and re.match(r"\d+ passed, 0 failed,", last_line(out)), "by name", out, err)
    check(os.path.basename(a.plugin) in out, "the plugin's path is printed", out, err)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("scenario")
    p.add_argument("--runner", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--cases", required=True)
    a = p.parse_args()
    globals()["scenario_" + a.scenario](a)
    print(f"ok: {a.scenario}")


if __name__ == "__main__":
    main()
