"""Bad-input corpus for tessera-interp.

Each case is a malformed program, file or command line. The test asserts the exit code (1 for a
diagnosed input error, 2 for bad usage), that no signal killed the process, and that stderr holds
the expected diagnostic (for verifier errors: the constraint label and a file:line:col location).
"""
import os
import subprocess
import textwrap

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")

F4 = "tensor<4xf32>"
ADD = f"%0 = tessera.add %a, %a : ({F4}, {F4}) -> {F4}"


def func(body, args=f"%a: {F4}", results=F4):
    return f"func.func @main({args}) -> {results} {{\n{textwrap.indent(body, '  ')}\n}}\n"


# (name, program text or bytes, extra args, exit code, expected stderr fragments)
PROGRAMS = [
    ("unterminated_string", 'func.func @main() attributes {x = "abc} {\n return\n}\n', [], 1,
     ["1:35: error: unterminated string literal"]),
    ("unknown_type", func(f"return %a : {F4}", args="%a: tensor<4xf33>"), [], 1,
     ["malformed type 'tensor<4xf33>'"]),
    ("unknown_scalar_type", func(f"return %a : {F4}", args="%a: f31"), [], 1, ["unknown type 'f31'"]),
    ("undefined_value", func(f"return %zz : {F4}"), [], 1, ["2:10: error: use of undefined SSA value '%zz'"]),
    ("redefinition", func(f"{ADD}\n{ADD}\nreturn %0 : {F4}"), [], 1, ["redefinition of SSA value '%0'"]),
    ("missing_equal", func(f"%0 tessera.add %a, %a : ({F4}, {F4}) -> {F4}\nreturn %0 : {F4}"), [], 1,
     ["expected '=' after result names"]),
    ("unknown_custom_op", func(f"%0 = foo.bar %a : {F4}\nreturn %0 : {F4}"), [], 1,
     ["custom form of unknown op 'foo.bar'"]),
    ("eof_in_region", "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n", [], 1,
     ["expected '}' closing a region"]),
    ("bad_character", "func.func @main() {\n  & \n}\n", [], 1, ["2:3: error: unexpected character '&'"]),
    ("nul_bytes", b"func.func @main() {\x00\x00}\n", [], 1, ["unexpected character"]),
    ("truncated_program", func(ADD + f"\nreturn %0 : {F4}")[:70], [], 1, ["error:"]),
    ("integer_out_of_range", 'func.func @main() attributes {x = 99999999999999999999} {\n return\n}\n', [], 1,
     ["integer literal '99999999999999999999' is out of range"]),
    ("dense_hex_length", func('%c = tessera.constant {value = dense<"0x0000"> : tensor<2xf32>} : () -> tensor<2xf32>\n'
                              f"return %a : {F4}"), [], 1, ["dense hex data has 2 bytes but the type needs 8"]),
    ("dense_count", func("%c = tessera.constant {value = dense<[1.0, 2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>\n"
                         f"return %a : {F4}"), [], 1, ["dense has 3 elements but the type has 2"]),
    ("dense_too_large", func("%c = tessera.constant {value = dense<1.0> : tensor<4294967296x4294967296x4xf32>}"
                             " : () -> tensor<4294967296x4294967296x4xf32>\n" f"return %a : {F4}"), [], 1,
     ["dense attribute is too large"]),
    ("duplicate_attribute", 'func.func @main() attributes {x = 1, x = 2} {\n return\n}\n', [], 1,
     ["duplicate attribute 'x'"]),
    ("attribute_alias", 'func.func @main() attributes {x = #map} {\n return\n}\n', [], 1,
     ["undefined attribute alias '#map'"]),
    ("successors", func(f'"cf.br"()[^bb1] : () -> ()\nreturn %a : {F4}'), [], 1,
     ["block successors are not supported"]),
    ("nested_module", "module {\n  module {\n  }\n}\n", [], 1, ["nested modules are not supported"]),
    ("deep_region_nesting", "".join('"x.y"() ({\n' for _ in range(10000)), [], 1,
     ["nesting is deeper than 200 levels"]),
    ("deep_attribute_nesting", "func.func @main() attributes {x = " + "[" * 10000 + "]" * 10000 + "} {\n return\n}\n",
     [], 1, ["nesting is deeper than 200 levels"]),
    ("ten_megabyte_line", "func.func @main() attributes {x = \"" + "a" * (10 << 20) + "} {\n return\n}\n", [], 1,
     ["unterminated string literal"]),
    ("generic_c1_operand_count", func(f'%0 = "tessera.add"(%a) : ({F4}) -> {F4}\nreturn %0 : {F4}'), [], 1,
     ["mlir:2:8: error: 'tessera.add' op expects 2 operands, got 1 (generic_c1)"]),
    ("generic_c2_result_count", func(f'"tessera.neg"(%a) : ({F4}) -> ()\nreturn %a : {F4}'), [], 1,
     ["'tessera.neg' op expects 1 results, got 0 (generic_c2)"]),
    ("generic_c4_terminator", func(f"return %a : {F4}\n{ADD}"), [], 1, ["must be the last op of its block (generic_c4)"]),
    ("func_c1_no_type", '"func.func"() ({\n}) {sym_name = "main"} : () -> ()\n', [], 1,
     ["needs a 'function_type' attribute (func_c1)"]),
    ("func_c2_entry_args", '"func.func"() ({\n^bb0(%a: tensor<4xf64>):\n  "func.return"(%a) : (tensor<4xf64>) -> ()\n})'
     ' {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "main"} : () -> ()\n', [], 1,
     ["argument #0 type differs from the signature (func_c2)"]),
    ("func_c3_no_return", func(ADD), [], 1, ["body must end with 'return' (func_c3)"]),
    ("func_c4_cycle", func(f"%x = tessera.add %y, %a : ({F4}, {F4}) -> {F4}\n"
                           f"%y = tessera.add %x, %a : ({F4}, {F4}) -> {F4}\nreturn %y : {F4}"), [], 1,
     ["is part of a dependency cycle (func_c4)"]),
    ("func_c5_use_before_def", func(f"%x = tessera.neg %y : ({F4}) -> {F4}\n%y = tessera.exp %a : ({F4}) -> {F4}\n"
                                    f"return %x : {F4}"), [], 1, ["uses '%y' before its definition (func_c5)"]),
    ("func_c6_return_type", func("return %a : tensor<4xf32>", results="tensor<5xf32>"), [], 1,
     ["returned value #0 has type tensor<4xf32> but the function returns tensor<5xf32> (func_c6)"]),
    ("binary_c1_dtypes", func(f"%0 = tessera.add %a, %b : ({F4}, tensor<4xf64>) -> {F4}\nreturn %0 : {F4}",
                              args=f"%a: {F4}, %b: tensor<4xf64>"), [], 1, ["(binary_c1)"]),
    ("policy_c3_unknown_field", func(f'%0 = tessera.neg %a {{numeric_policy = {{colour = "red"}}}} : ({F4}) -> {F4}\n'
                                     f"return %0 : {F4}"), [], 1, ["unknown field 'colour' (policy_c3)"]),
    ("policy_c2_bad_rounding", func(f'%0 = tessera.neg %a {{numeric_policy = {{rounding = "up-ish"}}}} : ({F4}) -> {F4}\n'
                                    f"return %0 : {F4}"), [], 1, ["unknown rounding \"up-ish\" (policy_c2)"]),
    ("no_body_to_run", "func.func private @main(%a: tensor<4xf32>) -> tensor<4xf32>\n", ["--input", "a=GOOD"], 1,
     ["no function body named 'main'"]),
]


def run(args, **kw):
    return subprocess.run([TOOL, *args], capture_output=True, timeout=120, **kw)


def check(proc, code, fragments):
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: {err[-2000:]}"
    assert proc.returncode == code, f"exit {proc.returncode}, stderr: {err[-2000:]}"
    for f in fragments:
        assert f in err, f"missing {f!r} in stderr: {err[-2000:]}"


@pytest.fixture
def good_npy(tmp_path):
    p = tmp_path / "good.npy"
    np.save(p, np.arange(4, dtype=np.float32))
    return str(p)


@pytest.mark.parametrize("name,text,extra,code,fragments", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_bad_program(tmp_path, good_npy, name, text, extra, code, fragments):
    path = tmp_path / f"{name}.mlir"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    extra = [e.replace("GOOD", good_npy) for e in extra]
    cmd = ["run", str(path), *extra] if extra else ["verify", str(path)]
    check(run(cmd), code, fragments)


GOOD_PROGRAM = func(f"%0 = tessera.neg %a : ({F4}) -> {F4}\nreturn %0 : {F4}")
NAMED_DIMS = ('func.func @main(%a: tensor<?xf32> {tessera.dims = ["N"]}, %b: tensor<?xf32> {tessera.dims = ["N"]})'
              ' -> tensor<?xf32> {\n  %0 = tessera.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>\n'
              '  return %0 : tensor<?xf32>\n}\n')


def write(tmp_path, name, data):
    p = tmp_path / name
    if isinstance(data, np.ndarray):
        np.save(p, data)
    else:
        p.write_bytes(data)
    return str(p)


def npy_bytes(arr):
    import io
    b = io.BytesIO()
    np.save(b, arr)
    return b.getvalue()


# (name, files {name: ndarray|bytes}, argv with {tmp}/ names, exit code, fragments)
RUNS = [
    ("missing_npy", {}, ["run", "{prog}", "--input", "a={tmp}/nope.npy"], 1, ["nope.npy", "no such regular file"]),
    ("wrong_shape", {"x.npy": np.zeros(5, np.float32)}, ["run", "{prog}", "--input", "a={tmp}/x.npy"], 1,
     ["has type tensor<5xf32> but the function expects tensor<4xf32>"]),
    ("wrong_dtype", {"x.npy": np.zeros(4, np.float64)}, ["run", "{prog}", "--input", "a={tmp}/x.npy"], 1,
     ["parameter '%a' is tensor<4xf32>"]),
    ("pickle_npy", {"x.npy": npy_bytes(np.array([{"a": 1}], dtype=object))}, ["run", "{prog}", "--input", "a={tmp}/x.npy"],
     1, ["npy:"]),
    ("truncated_npy", {"x.npy": npy_bytes(np.zeros(4, np.float32))[:-3]}, ["run", "{prog}", "--input", "a={tmp}/x.npy"],
     1, ["npy:"]),
    ("not_npy", {"x.npy": b"\x00\x01garbage" * 10}, ["run", "{prog}", "--input", "a={tmp}/x.npy"], 1, ["npy:"]),
    ("named_dims_disagree", {"a.npy": np.zeros(3, np.float32), "b.npy": np.zeros(5, np.float32)},
     ["run", "{named}", "--input", "a={tmp}/a.npy", "--input", "b={tmp}/b.npy"], 1,
     ["dimension 'N' is 3 in input #0 but 5 in input #1"]),
    ("max_memory", {"x.npy": np.zeros(4, np.float32)},
     ["run", "{prog}", "--input", "a={tmp}/x.npy", "--max-memory", "24"], 1,
     ["needs 32 bytes of live buffers, above the limit of 24 (--max-memory)"]),
    ("max_memory_input", {"x.npy": np.zeros(4, np.float32)},
     ["run", "{prog}", "--input", "a={tmp}/x.npy", "--max-memory", "8"], 1, ["exceeds the limit of 8 bytes"]),
    ("unknown_entry", {"x.npy": np.zeros(4, np.float32)}, ["run", "{prog}", "--entry", "nope", "--input", "a={tmp}/x.npy"],
     1, ["no function body named 'nope'"]),
    ("unknown_input_name", {"x.npy": np.zeros(4, np.float32)}, ["run", "{prog}", "--input", "zz={tmp}/x.npy"], 2,
     ["--input names 'zz'"]),
    ("input_without_equals", {}, ["run", "{prog}", "--input", "a"], 2, ["--input expects NAME=FILE.npy"]),
    ("missing_input", {}, ["run", "{prog}"], 2, ["missing --input for parameter '%a'"]),
    ("bound_twice", {"x.npy": np.zeros(4, np.float32)},
     ["run", "{prog}", "--input", "a={tmp}/x.npy", "--input", "0={tmp}/x.npy"], 2, ["is bound twice"]),
    ("bad_threads", {}, ["run", "{prog}", "--threads", "-3"], 2, ["--threads must be between"]),
    ("threads_not_a_number", {}, ["run", "{prog}", "--threads", "many"], 2, ["threads"]),
    ("unknown_option", {}, ["run", "{prog}", "--frobnicate"], 2, ["frobnicate"]),
    ("unknown_command", {}, ["explode"], 2, ["unknown command 'explode'"]),
    ("no_command", {}, [], 2, ["Usage: tessera-interp"]),
    ("missing_file", {}, ["verify", "{tmp}/absent.mlir"], 1, ["absent.mlir: error: cannot open file"]),
    ("missing_file_argument", {}, ["verify"], 2, ["missing FILE"]),
    ("output_dir_is_file", {"x.npy": np.zeros(4, np.float32), "blocker": b"x"},
     ["run", "{prog}", "--input", "a={tmp}/x.npy", "--output-dir", "{tmp}/blocker/sub"], 1, ["cannot create output directory"]),
]


@pytest.mark.parametrize("name,files,argv,code,fragments", RUNS, ids=[r[0] for r in RUNS])
def test_bad_run(tmp_path, name, files, argv, code, fragments):
    for fname, data in files.items():
        write(tmp_path, fname, data)
    prog = write(tmp_path, "prog.mlir", GOOD_PROGRAM.encode())
    named = write(tmp_path, "named.mlir", NAMED_DIMS.encode())
    argv = [a.format(tmp=tmp_path, prog=prog, named=named) for a in argv]
    check(run(argv), code, fragments)


def test_corpus_is_large_enough():
    assert len(PROGRAMS) + len(RUNS) >= 40


def test_good_program_runs(tmp_path):
    """The control: the same program with a correct input succeeds and computes -x."""
    prog = write(tmp_path, "prog.mlir", GOOD_PROGRAM.encode())
    x = np.array([1.5, -2.0, 0.0, 3.25], np.float32)
    write(tmp_path, "x.npy", x)
    out = tmp_path / "out"
    proc = run(["run", prog, "--input", f"a={tmp_path}/x.npy", "--output-dir", str(out)])
    check(proc, 0, [])
    got = np.load(out / "0.npy")
    assert got.dtype == np.float32 and np.array_equal(got, -x)
    assert np.signbit(got[2])
