"""`tessera-interp verify --verify-diagnostics`: every expected-* directive is read or refused.

Regression tests of issue #11: item 7 (an @-N / @+N offset out of range escaped as
std::out_of_range, exit 70; offsets were truncated to 32 bits) and item 14 (a directive written
`expected-error @+1` with a space, as MLIR accepts it, was ignored, so the check could not fail).
"""
import os
import subprocess

import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")

BAD_ADD = ('  %0 = "tessera.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n'
           "  return %0 : tensor<4xf32>\n")


def chunk(directive_line, body=BAD_ADD):
    """A function whose line 3 is the annotation and line 4 the op with a generic_c1 error."""
    return ("// a verifier test\n"
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
            f"  {directive_line}\n{body}}}\n")


def verify(tmp_path, text):
    path = tmp_path / "t.mlir"
    path.write_text(text)
    p = subprocess.run([TOOL, "verify", "--verify-diagnostics", str(path)], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode >= 0, f"killed by signal {-p.returncode}: {p.stderr[-2000:]}"
    return p


MATCHING = [
    "// expected-error@+1 {{expects 2 operands}}",
    "// expected-error @+1 {{expects 2 operands}}",
    "// expected-error  @+1  {{expects 2 operands}}",
    "// expected-error@below {{expects 2 operands}}",
    "// expected-error @4 {{expects 2 operands}}",
]


@pytest.mark.parametrize("line", MATCHING)
def test_directive_forms_match(tmp_path, line):
    p = verify(tmp_path, chunk(line))
    assert p.returncode == 0, p.stderr
    assert "all expected diagnostics produced" in p.stdout


@pytest.mark.parametrize("line", [
    "// expected-error @+1 {{no such message}}",
    "// expected-error @+2 {{expects 2 operands}}",
    "// expected-error @above {{expects 2 operands}}",
])
def test_directive_with_a_space_can_fail(tmp_path, line):
    p = verify(tmp_path, chunk(line))
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    assert "t.mlir:" in p.stderr and "error:" in p.stderr


def test_expected_error_that_is_not_produced_fails(tmp_path):
    good = '  %0 = tessera.neg %a : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n'
    for line in ("// expected-error @+1 {{anything}}", "// expected-error {{anything}}"):
        p = verify(tmp_path, chunk(line, good))
        assert p.returncode == 1 and "was not produced" in p.stderr, p.stderr


OFFSETS = ["@-99999999999", "@+99999999999", "@-4294967297", "@+4294967297", "@+4294967300",
           "@-5", "@+1000", "@0", "@99999999999999999999999", "@+", "@-x", "@", "@sideways"]


@pytest.mark.parametrize("offset", OFFSETS)
def test_offsets_out_of_range_or_malformed_are_diagnosed(tmp_path, offset):
    p = verify(tmp_path, chunk(f"// expected-error{offset} {{{{expects 2 operands}}}}"))
    assert p.returncode == 1, (p.returncode, p.stderr)
    assert "t.mlir:3:" in p.stderr and "error: cannot use directive 'expected-error'" in p.stderr


@pytest.mark.parametrize("line", [
    "// expected-error@+1 expects 2 operands",
    "// expected-error@+1 {{expects 2 operands",
    "// expected-note@+1 {{expects 2 operands}}",
    "// expected-remark@+1 {{expects 2 operands}}",
    "// expected-error-re@+1 {{expects [0-9] operands}}",
    "// expected-warning @+1 {expects}",
])
def test_unreadable_directives_are_errors(tmp_path, line):
    p = verify(tmp_path, chunk(line))
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    assert "t.mlir:3:" in p.stderr and "cannot use directive" in p.stderr
