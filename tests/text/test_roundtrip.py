"""Every program in the repository (examples, conformance cases, verifier and sanitizer tests):

1. prints in the custom form, and re-parsing that output prints it identically;
2. prints in the generic form, re-parses identically, and the generic form is accepted by
   `mlir-opt-15 --allow-unregistered-dialect` (Debian's mlir-15-tools) where MLIR 15 knows every
   type used (it predates the f8/f6/f4 builtin types and bf16 memrefs are fine).

Chunks that are meant not to parse (verifier tests expecting a parse error) are skipped.
"""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(os.environ.get("TESSERA_ROOT", pathlib.Path(__file__).resolve().parents[2]))
TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
MLIR_OPT = shutil.which("mlir-opt-15")
# Builtin types newer than MLIR 15 (they also appear glued to shapes: `tensor<4xf8E4M3FN>`).
NEW_TYPES = re.compile(r"f8E4M3FN|f8E5M2|f6E2M3FN|f6E3M2FN|f4E2M1FN|f8E8M0FNU|(?<![A-Za-z])tf32")
# Dense arrays (`array<i32: 1, 2>`) came after MLIR 15 (it spelled them `[:i32 1, 2]`).
NEW_SYNTAX = re.compile(r"(?<![A-Za-z_.])array<")
# MLIR's message for a func.call whose operand type differs from the callee's dynamic one.
CALL_DYNAMIC = re.compile(r"'func\.call' op operand type mismatch: expected operand type '[^']*\?[^']*'")
# Under the sanitizer job every chunk costs six instrumented tool runs: TESSERA_TEXT_STRIDE=n keeps
# every n-th chunk there (the main job runs all of them; the fuzz job covers the parser too).
STRIDE = max(1, int(os.environ.get("TESSERA_TEXT_STRIDE", "1")))


def chunks():
    out = []
    for sub in ["examples", "conformance/cases", "tests"]:
        for path in sorted((ROOT / sub).rglob("*.mlir")):
            text = path.read_text(errors="replace")
            for k, chunk in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
                if "func.func" not in chunk and "builtin.module" not in chunk:
                    continue
                out.append(pytest.param(chunk, id=f"{path.relative_to(ROOT)}#{k}"))
    return out[::STRIDE]


def tool(args, stdin_path):
    return subprocess.run([TOOL, *args, str(stdin_path)], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("chunk", chunks())
def test_roundtrip(tmp_path, chunk):
    src = tmp_path / "in.mlir"
    src.write_text(chunk)
    first = tool(["print", "--no-verify"], src)
    if first.returncode != 0:
        if "expected-error" in chunk:
            pytest.skip("chunk is a parse-error test")
        pytest.fail(f"does not parse:\n{first.stderr}")
    assert first.returncode == 0
    again = tmp_path / "again.mlir"
    again.write_text(first.stdout)
    second = tool(["print", "--no-verify"], again)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout

    gen = tool(["print", "--no-verify", "--generic"], src)
    assert gen.returncode == 0, gen.stderr
    gpath = tmp_path / "generic.mlir"
    gpath.write_text(gen.stdout)
    gen2 = tool(["print", "--no-verify", "--generic"], gpath)
    assert gen2.returncode == 0, gen2.stderr
    assert gen2.stdout == gen.stdout
    # The custom and generic forms describe the same module.
    back = tool(["print", "--no-verify"], gpath)
    assert back.stdout == first.stdout

    if MLIR_OPT is None:
        pytest.skip("mlir-opt-15 not installed")
    if NEW_TYPES.search(gen.stdout):
        pytest.skip("uses a builtin type newer than MLIR 15")
    if NEW_SYNTAX.search(gen.stdout):
        pytest.skip("uses dense array syntax newer than MLIR 15")
    opt = subprocess.run([MLIR_OPT, "--allow-unregistered-dialect", str(gpath)], capture_output=True,
                         text=True, timeout=60)
    if opt.returncode != 0 and "expected-error" in chunk:
        pytest.skip("an invalid program on purpose; MLIR's own verifier may also refuse it")
    if opt.returncode != 0 and CALL_DYNAMIC.search(opt.stderr):
        # call_c2 (docs/ir-overview.md): a dynamic dimension of a callee's parameter takes any
        # size; MLIR's func.call wants identical types.
        pytest.skip("func.call of a static argument for a dynamic parameter (call_c2)")
    assert opt.returncode == 0, f"mlir-opt-15 refused our generic form:\n{opt.stderr}\n{gen.stdout}"


def test_found_programs():
    assert len(chunks()) >= 10
