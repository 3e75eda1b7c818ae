"""Shared by the reference modules of scripts/upstream_refs and the corpus runner."""


class NoOracle(Exception):
    """An op (or an attribute choice of it) that the numpy references do not cover."""


def attr_dict_text(attrs):
    """`{k = v, ...}` in MLIR syntax for bools, ints (i64), floats (f64, printed so that they read
    back to the same double) and integer lists; "" for no attributes."""
    def one(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return f"{v} : i64"
        if isinstance(v, float):
            return f"{v:.17e} : f64"  # always a '.', reads back to the same double
        return "[" + ", ".join(map(str, v)) + "]"
    return "{" + ", ".join(f"{k} = {one(v)}" for k, v in attrs.items()) + "}" if attrs else ""
