"""The HTML numerics report renders in headless Chromium with its op table and plots."""
import os
import re
import shutil
import struct
import subprocess
import zlib

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(HERE, "planted.mlir")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("headless Chromium is not installed (scripts/setup.sh installs Debian's chromium)")


def headless(*args, tmp):
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           f"--user-data-dir={tmp}/profile", *args]
    # The ASan job preloads the sanitizer runtime into Python's process tree; Chromium must not
    # inherit it (it hangs under a preloaded ASan runtime).
    env = {k: v for k, v in os.environ.items()
           if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS")}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)


def png_colours(path):
    """Distinct colours of an 8-bit RGB(A) non-interlaced PNG (enough to tell a blank page)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w, h, ctype = 8, b"", 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    colours = set()
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 8 == 0:
            colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
        prev = line
    return colours


def test_html_report_renders(interp, tmp_path):
    x = np.array([1, 2, 3.3, 4, 12, 0.5, -1, 1.00390625], np.float32)
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "y.npy", np.array([1, 1, 1, 1, 1, 1, 0, 0], np.float32))
    page = tmp_path / "report.html"
    interp("run", PROG, "-i", f"x={tmp_path}/x.npy", "-i", f"y={tmp_path}/y.npy",
           "--numerics-report", page, "--shadow", "f64", check=0)
    html = page.read_text()
    assert not re.search(r"(src|href)=\"(https?:)?//", html), "the page must work offline"
    p = headless("--dump-dom", page.as_uri(), tmp=tmp_path)
    assert p.returncode == 0, p.stderr
    dom = p.stdout
    table = re.search(r'<table id="ops">.*?</table>', dom, re.S)
    assert table, "no op table in the rendered page"
    rows = re.findall(r"<tr><td>\d+</td><td class=\"l\">([^<]*)</td><td class=\"l\">([^<]*)<",
                      table.group(0))
    assert rows == [("tessera.add", "%s"), ("tessera.log", "%l"), ("tessera.exp", "%e"),
                    ("tessera.cast", "%h"), ("tessera.cast", "%b"), ("tessera.cast", "%w"),
                    ("tessera.sub", "%d")]
    assert re.search(r'<svg class="plot" id="error-bars"[^>]*>.*?<rect', dom, re.S)
    assert len(re.findall(r'<svg class="plot exp-hist"', dom)) == 7
    shot = tmp_path / "shot.png"
    p = headless(f"--screenshot={shot}", "--window-size=1200,900", page.as_uri(), tmp=tmp_path)
    assert p.returncode == 0 and shot.exists(), p.stderr
    assert len(png_colours(shot)) > 5, "the screenshot is blank"
