#!/usr/bin/env python3
"""A plugin that lies in one way at a time must get a clear error from the host, never a crash.

Runs tessera-conform with tests/plugins/liar_plugin.c (lie chosen by TESSERA_FAKE_LIE) on the
echo case and checks: exit code 1 (never a signal or another code), an error text naming the
broken rule, and for lies the plugin tells before any case runs, a `tessera-conform: error:`
line. With no lie the same plugin passes the case, so every refusal comes from the lie alone.
Each host check of docs/plugin-abi.md section 11 is one label (abi_c1 ... abi_c7).

Usage: test_lying_plugins.py --runner TESSERA_CONFORM --plugin LIAR.so --cases DIR --label abi_cN
"""
import argparse
import os
import subprocess
import sys

# label -> [(lie, text the output must contain)]
LIES = {
    "abi_c1": [  # (abi_c1) the function table
        ("table_null", "returned no function table"),
        ("table_bad_pointer", "function table that is not readable memory"),
        ("table_major_zero", "plugin ABI major 0 is not supported"),
        ("table_minor_size", "function table of minor 1 has"),
        ("table_past_page", "function table is not readable"),
        ("table_garbage_slot", "slot 'compile' does not point into any loaded library"),
    ],
    "abi_c2": [  # (abi_c2) error objects
        ("init_error_null_message", "plugin error whose message is NULL"),
        ("error_null_message", "compile failed: INVALID_ARGUMENT: (plugin error whose message is NULL)"),
        ("error_empty_message", "(plugin error without a message)"),
        ("error_unknown_code", "plugin error with unknown code 77"),
        ("error_code_zero", "plugin error with unknown code 0"),
        ("error_unterminated_message", "runs into unreadable memory without a NUL after 5 bytes"),
        ("error_message_bad_pointer", "message is not readable memory"),
        ("execute_fails_with_null_message", "execute failed: INVALID_ARGUMENT: (plugin error whose message is NULL)"),
    ],
    "abi_c3": [  # (abi_c3) capability values
        ("dtype_mask_unknown_bit", "dtype_mask has bits for unknown dtypes (40"),
        ("ir_level_unknown_bit", "ir_level_mask has unknown bits (4)"),
        ("deterministic_two", "deterministic is 2"),
        ("max_mesh_zero", "max_mesh_size is 0"),
        ("max_mesh_negative", "max_mesh_size is -4"),
        ("device_count_negative", "device_count is -1"),
        ("no_device_no_reason", "device_count is 0 but unavailable_reason is NULL"),
        ("caps_struct_size", "struct_size was changed from"),
        ("caps_write_past", "wrote past the struct_size"),
    ],
    "abi_c4": [  # (abi_c4) op_names
        ("ops_count_past_array", "op_names does not point to 2 readable entries"),
        ("ops_count_huge", "num_op_names 18446744073709551615 exceeds the limit of 65536"),
        ("ops_null_entry", "op_names[2] is NULL"),
        ("ops_null_array", "op_names is NULL but num_op_names is 2"),
        ("ops_bad_name", "op_names[0] 'tessera add' is not an op name"),
        ("ops_no_dialect", "op_names[0] 'nodialect' is not an op name"),
        ("ops_duplicate", "op_names[2] 'tessera.add' is listed twice"),
        ("ops_bad_pointer", "op_names does not point to 2 readable entries"),
        ("ops_unterminated", "op_names[0] runs into unreadable memory without a NUL after 11 bytes"),
        ("ops_too_long", "op_names[0] has no NUL within 256 bytes"),
    ],
    "abi_c5": [  # (abi_c5) strings
        ("reason_empty", "unavailable_reason is empty"),
        ("reason_unterminated", "unavailable_reason runs into unreadable memory"),
        ("platform_null", "client_platform_info: platform_name is NULL"),
        ("platform_unterminated", "client_platform_info: platform_version runs into unreadable"),
    ],
    "abi_c6": [  # (abi_c6) handles
        ("client_null", "client_create returned no client"),
        ("compile_null_executable", "compile returned no executable"),
        ("upload_null_buffer", "buffer_from_host returned no buffer"),
        ("execute_returns_argument", "execute returned output 0 of rank 0 is an argument buffer"),
        ("execute_duplicate", "execute returned output 1 of rank 0 repeats another output's buffer"),
    ],
    "abi_c7": [  # (abi_c7) counts and buffer descriptions
        ("num_outputs_huge", "executable_num_outputs returned 9223372036854775807 (the limit is 65536)"),
        ("info_unknown_dtype", "buffer_info returned unknown dtype 99"),
        ("info_rank_huge", "buffer_info returned num_dims 1099511627776 (the limit is 64)"),
        ("info_dims_null", "buffer_info: dims is NULL"),
        ("info_dims_past_page", "buffer_info: dims is not readable for num_dims 2"),
        ("info_negative_dim", "buffer_info returned a negative extent -3"),
        ("info_byte_size", "buffer_info: byte_size 16 does not match dtype and shape"),
    ],
}


def run(a, lie):
    env = dict(os.environ)
    env.pop("TESSERA_FAKE_LIE", None)
    if lie:
        env["TESSERA_FAKE_LIE"] = lie
    p = subprocess.run([a.runner, "--backend", a.plugin, "--cases", a.cases, "--filter",
                        "*right*"], capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--label", required=True, choices=sorted(LIES))
    a = ap.parse_args()
    code, out = run(a, None)
    if code != 0 or "1 passed, 0 failed" not in out:
        sys.exit(f"the liar plugin without a lie must pass the echo case (exit {code}):\n{out}")
    failures = []
    for lie, want in LIES[a.label]:
        code, out = run(a, lie)
        if code != 1 or want not in out:
            failures.append(f"{lie}: exit {code} (want 1), want text {want!r} in:\n{out}")
        else:
            print(f"ok {a.label} {lie}: {want}")
    if failures:
        sys.exit("FAILED\n" + "\n".join(failures))


if __name__ == "__main__":
    main()
