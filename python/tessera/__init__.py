"""Tessera: `import tessera as ts` (kernel part; the package core lives on h-pycore).

Temporary until h-pycore's package lands: minimal Tensor annotations and dtype names.
"""
from . import tile
from .kernel import kernel


class Tensor:
    def __class_getitem__(cls, item):
        return (cls, item)


f32, f16, bf16, f64, int32, int64 = "f32", "f16", "bf16", "f64", "i32", "i64"

__all__ = ["kernel", "tile", "Tensor"]
