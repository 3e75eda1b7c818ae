"""MLIR syntax that upstream gstoner/tessera programs use (issue 18): aliases, dialect and
builtin opaque attributes, dense arrays, `call`, unnamed results, declarations without bodies,
opaque types compared structurally, custom forms of unregistered ops (with operand clauses). Round trips of the programs in programs/ are checked by
test_roundtrip.py (with mlir-opt-15 where it reads the construct); this file checks what they
mean and the diagnostics of malformed uses."""
import os
import pathlib
import subprocess

import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent
TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")


def tool(*args):
    return subprocess.run([TOOL, *map(str, args)], capture_output=True, text=True, timeout=60)


def write(tmp_path, text, name="t.mlir"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_aliases_expand_and_opaque_types_compare_structurally():
    out = tool("print", HERE / "programs/aliases_and_dialect_attrs.mlir")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    # Aliases are replaced by their values; white space inside opaque spellings is canonical.
    assert "!act" not in text and "#layout" not in text
    assert "tessera.layout = #tile.layout<row_major, swizzle=128>" in text
    assert "affine_map<(d0, d1)->(d0, d1)>" in text
    assert text.count('!tessera.token<1, "q">') == 3  # @sink, %t and the call's operand type
    assert 'note = #tile.hint<"keep  this", 2>' in text  # string contents keep their spaces
    assert "func.func private @ext(tensor<4xf32>) -> tensor<4xf32>\n" in text
    assert "= \"test.fresh\"()" in text  # an unnamed result gets a printed name
    assert tool("verify", HERE / "programs/aliases_and_dialect_attrs.mlir").returncode == 0


def test_dense_array_attribute_drives_an_op(tmp_path):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.save(tmp_path / "x.npy", x)
    out = tool("run", HERE / "programs/dense_arrays.mlir", "-i", f"x={tmp_path / 'x.npy'}",
               "-o", tmp_path)
    assert out.returncode == 0, out.stderr
    got = np.load(tmp_path / "0.npy")
    np.testing.assert_array_equal(got, x.T)


def test_mismatched_opaque_types_are_refused(tmp_path):
    p = write(tmp_path, 'func.func @f(%t: !d.tok<1, 2>) {\n'
                        '  "test.use"(%t) : (!d.tok<1,3>) -> ()\n  return\n}\n')
    out = tool("print", p)
    assert out.returncode == 1
    assert "t.mlir:2:" in out.stderr and "expects type !d.tok<1, 3>" in out.stderr


@pytest.mark.parametrize("text,message", [
    ('#x = 3\n#x = 4\nfunc.func @f() {\n  return\n}\n', "redefinition of alias '#x'"),
    ('func.func @f() {\n  "t.x"() {a = #nope} : () -> ()\n  return\n}\n',
     "undefined attribute alias '#nope'"),
    ('func.func @f() {\n  "t.x"() {a = array<i8: 300>} : () -> ()\n  return\n}\n',
     "array element 300 does not fit i8"),
    ('func.func @f() {\n  "t.x"() {a = array<i32: 1.5>} : () -> ()\n  return\n}\n',
     "float element in an integer array"),
    ('func.func @f() {\n  "t.x"() {a = array<bf16: 1.0>} : () -> ()\n  return\n}\n',
     "array<...> holds"),
    ('func.func @f() {\n  "t.x"() {a = array<i32: 1, 2} : () -> ()\n  return\n}\n',
     "expected"),
    ('func.func @f(f32) {\n  return\n}\n', "a function with a body names its parameters"),
    ('func.func @f() {\n  "t.x"() {a = #tile.x<1, 2} : () -> ()\n  return\n}\n',
     "expected '}' or ','"),
    ('!t = tensor<4xf32>\n!t = f32\nfunc.func @f() {\n  return\n}\n', "redefinition of alias '!t'"),
])
def test_malformed_syntax_is_a_diagnostic(tmp_path, text, message):
    out = tool("print", write(tmp_path, text))
    assert out.returncode == 1, out.stdout
    assert "t.mlir:" in out.stderr and message in out.stderr, out.stderr


def test_calling_a_declaration_is_a_clean_error(tmp_path):
    p = write(tmp_path, "func.func private @ext(tensor<2xf32>) -> tensor<2xf32>\n"
                        "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                        "  %0 = call @ext(%x) : (tensor<2xf32>) -> tensor<2xf32>\n"
                        "  return %0 : tensor<2xf32>\n}\n")
    assert tool("verify", p).returncode == 0
    np.save(tmp_path / "x.npy", np.ones(2, np.float32))
    out = tool("run", p, "-i", f"x={tmp_path / 'x.npy'}")
    assert out.returncode == 1 and "has no body" in out.stderr, out.stderr


def test_complex_element_types_round_trip_through_npy(tmp_path):
    z = (np.arange(6).reshape(2, 3) + 1j * np.arange(6, 12).reshape(2, 3)).astype(np.complex64)
    w = np.array(1.5 - 2.25j, np.complex128)
    np.save(tmp_path / "z.npy", z)
    np.save(tmp_path / "w.npy", w)
    out = tool("run", HERE / "programs/complex_types.mlir", "-i", f"z={tmp_path / 'z.npy'}",
               "-i", f"w={tmp_path / 'w.npy'}", "-o", tmp_path / "out")
    assert out.returncode == 0, out.stderr
    gz, gw = np.load(tmp_path / "out/z.npy"), np.load(tmp_path / "out/w.npy")
    assert gz.dtype == np.complex64 and gw.dtype == np.complex128 and gw.shape == ()
    np.testing.assert_array_equal(gz, z)
    assert gw == w
    printed = tool("print", HERE / "programs/complex_types.mlir").stdout
    assert "tensor<2x3xcomplex<f32>>" in printed and "%w: complex<f64>" in printed


@pytest.mark.parametrize("spelling,ok", [("complex< f32 >", True), ("complex<i32>", False),
                                         ("complex<bf16>", False)])
def test_complex_spellings(tmp_path, spelling, ok):
    out = tool("print", write(tmp_path, f"func.func private @f(tensor<2x{spelling}>)\n"))
    assert (out.returncode == 0) == ok, out.stderr
    if ok:
        assert "tensor<2xcomplex<f32>>" in out.stdout
    else:
        assert "t.mlir:1:" in out.stderr


def test_unregistered_custom_forms_read_by_structure(tmp_path):
    prog = HERE / "programs/unregistered_custom_forms.mlir"
    chunks = prog.read_text().split("// -----")
    plain, clauses = write(tmp_path, chunks[0], "a.mlir"), write(tmp_path, chunks[1], "b.mlir")
    for p in (plain, clauses):
        out = tool("verify", p)
        assert out.returncode == 0, out.stderr
        assert "is not a registered op" in out.stderr  # a warning, as for the generic form
    gen = tool("print", "--generic", clauses)
    assert gen.returncode == 0, gen.stderr
    assert ('"vendor.scaled_mm"(%x, %w, %sx, %sw, %g) {mode = "block", operand_clauses = '
            '{gate = [4, 1], scales = [2, 2]}}') in gen.stdout, gen.stdout
    # `: T, U -> R` and `name {attrs}` read as the parenthesized and the generic forms would.
    bare = write(tmp_path, chunks[2], "c.mlir")
    assert tool("verify", bare).returncode == 0
    gen = tool("print", "--generic", bare)
    assert gen.returncode == 0, gen.stderr
    for line in ('"vendor.factor"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>',
                 '"vendor.solve"(%f, %w) {mode = "lower"} : (tensor<4x8xf32>, tensor<8x2xf32>) '
                 '-> tensor<4x2xf32>',
                 '"vendor.note"() {arch = "cpu", hash = "0123"} : () -> ()'):
        assert line in gen.stdout, gen.stdout
    again = write(tmp_path, gen.stdout, "d.mlir")  # the generic print reads back to itself
    assert tool("print", "--generic", again).stdout == gen.stdout
    for name in ("x", "w", "sx", "sw", "g"):
        np.save(tmp_path / f"{name}.npy", np.zeros((1,), np.float32))
    out = tool("run", plain, "--entry", "plain", "-i", f"x={tmp_path / 'x.npy'}",
               "-i", f"w={tmp_path / 'w.npy'}")
    assert out.returncode == 1 and "not a registered op" in out.stderr, out.stderr


@pytest.mark.parametrize("text,message", [
    # Without a parenthesized function type the structure is unknown.
    ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %y = vendor.op %x : tensor<2xf32>\n  return %y : tensor<2xf32>\n}\n",
     "custom form of unknown op 'vendor.op'; only"),
    # Operands without a type, or a type list without `->`, are refused too.
    ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  vendor.op %x {a = 1}\n  return %x : tensor<2xf32>\n}\n",
     "custom form of unknown op 'vendor.op'; only"),
    ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %y = vendor.op %x, %x : tensor<2xf32>, tensor<2xf32>\n  return %y : tensor<2xf32>\n}\n",
     "custom form of unknown op 'vendor.op'; only"),
    ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %y = vendor.op %x s(%x) s(%x) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> "
     "tensor<2xf32>\n  return %y : tensor<2xf32>\n}\n", "operand clause 's' appears twice"),
    ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %y = vendor.op %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
     "  return %y : tensor<2xf32>\n}\n", "op has 1 operands but its type lists 2"),
    # A registered op has no operand clauses here.
    ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
     "  %y = tessera.relu %x scale(%x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
     "  return %y : tensor<2xf32>\n}\n", "'tessera.relu' has no operand clause 'scale(...)'"),
])
def test_unregistered_custom_form_errors(tmp_path, text, message):
    out = tool("print", write(tmp_path, text))
    assert out.returncode == 1, out.stdout
    assert "t.mlir:2:" in out.stderr and message in out.stderr, out.stderr
