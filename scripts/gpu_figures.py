#!/usr/bin/env python3
"""Prints docs/cuda.md's "Figures" table (markdown) from a scripts/gpu_check.sh output folder.

Usage: scripts/gpu_figures.py OUTDIR

Reads what gpu_check.sh writes there: gpu_check.log (device line, deterministic diff summary,
loadavg), conform_cuda.xml and diff.xml (JUnit), libs.txt (test_cuda_libs) and bench.txt
(bench_cuda_gemm, bench_cuda_attention, bench_nccl; benchmarks/cuda/run_on_gpu.sh's
<program>.txt files are read when bench.txt is absent). A figure whose file or line is missing is
shown as "not measured" with the reason; nothing is estimated.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

MISSING = "not measured"


def read(outdir, name):
    try:
        with open(os.path.join(outdir, name), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def bench_text(outdir):
    text = read(outdir, "bench.txt")
    if text is not None:
        return text
    parts = [read(outdir, p + ".txt") for p in ("bench_cuda_gemm", "bench_cuda_attention", "bench_nccl")]
    return "\n".join(p for p in parts if p) or None


def device(log):
    if not log:
        return MISSING + " (no gpu_check.log)"
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("name, driver_version") and i + 1 < len(lines):
            return lines[i + 1].strip()
    return MISSING + " (no nvidia-smi line)"


def junit_counts(outdir, name):
    text = read(outdir, name)
    if text is None:
        return MISSING + " (no %s)" % name
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        return "unreadable %s (%s)" % (name, e)
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    t = f = e = s = 0
    for su in suites:
        t += int(su.get("tests", 0))
        f += int(su.get("failures", 0))
        e += int(su.get("errors", 0))
        s += int(su.get("skipped", 0))
    return "%d passed, %d failed, %d skipped (of %d)" % (t - f - e - s, f + e, s, t)


def rows_after(text, title_re):
    """The lines of the block whose title matches title_re (up to the next blank line)."""
    if not text:
        return []
    m = re.search(title_re, text)
    if not m:
        return []
    block = []
    for line in text[m.end():].splitlines()[1:]:
        if not line.strip():
            break
        block.append(line)
    return block


def path_ms(block, label):
    for line in block:
        if line.startswith(label):
            nums = re.findall(r"[-+]?\d+(?:\.\d+)?", line[len(label):])
            if len(nums) >= 2:
                return float(nums[-2]), float(nums[-1])
    return None


def library_figure(text, title_re, peer_label, ours_label, what):
    if text is None:
        return MISSING + " (no bench output)"
    block = rows_after(text, title_re)
    peer, ours = path_ms(block, peer_label), path_ms(block, ours_label)
    if not peer or not ours:
        return MISSING + " (no %s lines)" % what
    return "ours %.3f ms (%.1f TFLOP/s), %s %.3f ms (%.1f TFLOP/s), ratio %.3f" % (
        ours[0], ours[1], what, peer[0], peer[1], ours[1] / peer[1])


def deterministic_gemm(text, dtype):
    """The generated GEMM's ratios for one input type (bench_cuda_gemm's `SIZE TYPE ratio` lines)."""
    if text is None:
        return MISSING + " (no bench output)"
    out = []
    for size in ("2048^3", "8192^3"):
        m = re.search(re.escape(size) + r"\s+" + dtype + r" ratio ours / peer \(TFLOP/s\): ([\d.]+)",
                      text)
        if m:
            out.append("%s %s" % (size, m.group(1)))
    skip = re.search(dtype + r" 8192\^3 skipped: [^\n]*", text)
    if skip:
        out.append(skip.group(0)[len(dtype) + 1:])
    check = re.search(r"check generated " + dtype + r" x " + dtype + r" -> f32 256\^3 \([^)]*\) vs "
                      r"the spec's fma chain on the host: ([^\n]*)", text)
    if check:
        out.append("256^3 check: " + check.group(1))
    return "; ".join(out) if out else MISSING + " (no generated %s GEMM lines)" % dtype


def gemm_algorithms(text):
    """Whether the hook and the direct cuBLASLt call chose the same algorithm."""
    peer = re.search(r"cuBLASLt algorithm, peer: ([^\n]*)", text or "")
    ours = re.search(r"cuBLASLt algorithm, ours: ([^\n(]*?) \(", text or "")
    if not peer or not ours:
        return ""
    if peer.group(1).strip() == ours.group(1).strip():
        return "; same cuBLASLt algorithm (%s)" % peer.group(1).strip()
    return "; cuBLASLt algorithms differ (peer %s; ours %s)" % (peer.group(1).strip(),
                                                                ours.group(1).strip())


def deterministic_attention(text):
    if text is None:
        return MISSING + " (no bench output)"
    err = re.search(r"deterministic attention: error: ([^\n]*)", text)
    if err:
        return "error: " + err.group(1).strip()
    ratio = re.search(r"deterministic attention ratio ours / peer \(TFLOP/s\): ([\d.]+)", text)
    ours = re.search(r"generated f32, deterministic \(ours[^)]*\)\s+([\d.]+)\s+([\d.]+)", text)
    peer = re.search(r"cuDNN SDPA bf16 \(peer, tensor cores\)\s+([\d.]+)\s+([\d.]+)", text)
    if ratio and ours and peer:
        check = re.search(r"check generated causal \[1, 2, 128, 64\] f32 vs the reference plugin: "
                          r"([^\n]*)", text)
        return ("f32 B4 H16 S4096 D64 causal: ours %s ms (%s TFLOP/s), cuDNN bf16 %s ms (%s TFLOP/s), "
                "ratio %s%s" % (ours.group(1), ours.group(2), peer.group(1), peer.group(2),
                                ratio.group(1), "; check: " + check.group(1) if check else ""))
    m = re.search(r"deterministic mode \(generated kernel\): ([^\n]*)", text)
    return m.group(1).strip() if m else MISSING


def nccl(text):
    """The best bus bandwidth; with one rank (busbw 0 by definition) the algorithm bandwidth."""
    if text is None:
        return MISSING + " (no bench output)"
    head = re.search(r"bench_nccl on [^\n]*?(\d+) rank\(s\)", text)
    ranks = head.group(1) if head else "?"
    rows = []
    for line in text.splitlines():
        m = re.match(r"\s*(\d+) \|\s*([\d.]+)\s+([\d.]+)\s+([\d.]+) \|\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)", line)
        if m:
            rows.append((int(m.group(1)), float(m.group(3)), float(m.group(4)), float(m.group(6)),
                         float(m.group(7))))
    if not rows:
        return MISSING + " (no all_reduce table)"
    if ranks == "1":
        b = max(rows, key=lambda r: r[1])
        return ("1 rank: bus bandwidth is 0 by definition; algorithm bandwidth NCCL %.1f GB/s, "
                "deterministic gather + fold %.1f GB/s (at %d bytes)" % (b[1], b[3], b[0]))
    b = max(rows, key=lambda r: r[2])
    return "%s rank(s): NCCL busbw %.1f GB/s, deterministic %.1f GB/s (at %d bytes)" % (
        ranks, b[2], b[4], b[0])


def diff(log):
    if not log:
        return MISSING + " (no gpu_check.log)"
    m = re.search(r"diff: (\d+) of (\d+) elements differ bitwise, in (\d+) of (\d+)[^\n]*", log)
    if not m:
        return MISSING + " (no diff summary in gpu_check.log)"
    nan = re.search(r"diff: (\d+) elements are NaN on both sides with a different payload or sign, "
                    r"in (\d+) cases", log)
    return m.group(0) + ("; NaN-payload elements (not differences): %s in %s cases" %
                         (nan.group(1), nan.group(2)) if nan else "")


def libs(outdir):
    text = read(outdir, "libs.txt")
    if text is None:
        return MISSING + " (no libs.txt)"
    m = re.search(r"\[doctest\] test cases:([^\n]*)", text)
    return ("test cases:" + m.group(1)).strip() if m else MISSING + " (no doctest summary)"


def loadavg(log):
    m = re.search(r"benchmarks/cuda \(loadavg ([^)]*)\)", log or "")
    return m.group(1) if m else MISSING


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print("usage: scripts/gpu_figures.py OUTDIR", file=sys.stderr)
        return 2
    outdir = argv[1]
    if not os.path.isdir(outdir):
        print("error: %s is not a directory" % outdir, file=sys.stderr)
        return 1
    log = read(outdir, "gpu_check.log")
    bench = bench_text(outdir)
    rows = [
        ("Device", device(log)),
        ("GEMM bf16 8192^3, default mode vs cuBLASLt",
         library_figure(bench, r"GEMM bf16 x bf16 -> bf16, M = N = K = 8192",
                        "cuBLASLt, called directly (peer)",
                        "default mode: try_library_kernel -> cuBLASLt", "cuBLASLt") +
         gemm_algorithms(bench)),
        ("Causal attention bf16 B4 H16 S4096 D128, default mode vs cuDNN",
         library_figure(bench, r"Causal flash attention bf16 B 4, H 16, S 4096, D 128",
                        "cuDNN SDPA graph, run directly (peer)",
                        "default mode: try_library_kernel -> cuDNN", "cuDNN")),
        ("Deterministic GEMM f32 (generated / cuBLASLt f32, TFLOP/s)",
         deterministic_gemm(bench, "f32")),
        ("Deterministic GEMM bf16 -> f32 (generated / cuBLASLt bf16 -> f32, TFLOP/s)",
         deterministic_gemm(bench, "bf16")),
        ("Deterministic attention", deterministic_attention(bench)),
        ("NCCL all_reduce f32 sum, best bus bandwidth", nccl(bench)),
        ("Conformance, --backend cuda --require-device", junit_counts(outdir, "conform_cuda.xml")),
        ("Deterministic diff vs reference", diff(log)),
        ("Deterministic diff cases (diff.xml)", junit_counts(outdir, "diff.xml")),
        ("test_cuda_libs on the device", libs(outdir)),
        ("loadavg at the benchmarks", loadavg(log)),
    ]
    print("| Figure | Value |")
    print("|---|---|")
    for k, v in rows:
        print("| %s | %s |" % (k, v.replace("|", "\\|")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
