"""ts entry points of upstream op family `gaebm`: Clifford (geometric algebra) and energy-based-model
ops (docs/ops/graph/clifford.md, docs/ops/graph/ebm.md). A multivector's last axis holds the
2^n blade coefficients in ascending bitmask order; `algebra=(p, q[, r])` selects upstream's
phase-7 `tessera_clifford.*` spelling, `p`/`q` the `tessera.clifford.*` one."""

from __future__ import annotations

from typing import Any, Sequence

from ._ops import _as_value, _emit1
from ._trace import Value, _Raw, tensor_type

__all__: list[str] = [
    "geometric_product", "outer_product", "inner_product", "clifford_reverse", "grade_project",
    "clifford_norm", "rotor_sandwich", "clifford_inner", "clifford_exp", "rotor_from_axis",
    "ebm_energy_quadratic", "ebm_inner_step", "ebm_langevin_step", "ebm_refinement",
    "ebm_langevin_step_philox", "ebm_bivector_langevin_step", "ebm_sphere_langevin_step",
    "ebm_decode_init", "ebm_self_verify", "ebm_partition_exact",
]


def _vals(*xs: Any) -> list[Value]:
    return [_as_value(x, None) for x in xs]


def _alg(p: int | None, q: int, signature: Sequence[int] | None,
         algebra: Sequence[int] | None) -> dict[str, Any]:
    if algebra is not None:
        return {"algebra": [int(v) for v in algebra]}
    if p is None:
        raise TypeError("give the algebra as p=.., q=.. or algebra=(p, q[, r])")
    return {"p": int(p), "q": int(q),
            "signature": [int(s) for s in signature] if signature is not None else None}


def geometric_product(a: Any, b: Any, *, p: int | None = None, q: int = 0,
                      signature: Sequence[int] | None = None,
                      algebra: Sequence[int] | None = None) -> Value:
    """tessera.clifford.geometric_product (tessera_clifford.geo_product with `algebra`): a b."""
    op = "tessera_clifford.geo_product" if algebra is not None else "tessera.clifford.geometric_product"
    return _emit1(op, _vals(a, b), _alg(p, q, signature, algebra))


def outer_product(a: Any, b: Any, *, p: int, q: int = 0,
                  signature: Sequence[int] | None = None) -> Value:
    """tessera.clifford.outer_product: the wedge a ^ b."""
    return _emit1("tessera.clifford.outer_product", _vals(a, b), _alg(p, q, signature, None))


def inner_product(a: Any, b: Any, *, p: int, q: int = 0,
                  signature: Sequence[int] | None = None) -> Value:
    """tessera.clifford.inner_product: the left contraction a _| b."""
    return _emit1("tessera.clifford.inner_product", _vals(a, b), _alg(p, q, signature, None))


def clifford_reverse(a: Any, *, p: int, q: int = 0) -> Value:
    """tessera.clifford.reverse: blade of grade g times (-1)^(g(g-1)/2)."""
    return _emit1("tessera.clifford.reverse", _vals(a), _alg(p, q, None, None))


def grade_project(a: Any, grades: Sequence[int], *, p: int | None = None, q: int = 0,
                  algebra: Sequence[int] | None = None) -> Value:
    """tessera.clifford.grade_project (tessera_clifford.grade with `algebra`): keep `grades`."""
    if algebra is not None:
        return _emit1("tessera_clifford.grade", _vals(a),
                      {**_alg(None, 0, None, algebra), "grades": [int(g) for g in grades]})
    return _emit1("tessera.clifford.grade_project", _vals(a),
                  {**_alg(p, q, None, None), "grade_mask": [int(g) for g in grades]})


def clifford_norm(a: Any, *, p: int, q: int = 0, keep_blades: bool = False) -> Value:
    """tessera.clifford.norm: sqrt(max(<a ~a>_0, 0)) per multivector; `keep_blades` keeps the
    coefficient axis (the norm in the scalar blade)."""
    x = _as_value(a, None)
    shape = x.shape if keep_blades else x.shape[:-1]
    return _emit1("tessera.clifford.norm", [x], _alg(p, q, None, None),
                  declared=[tensor_type(shape, x.dtype)])


def rotor_sandwich(r: Any, x: Any, *, p: int | None = None, q: int = 0,
                   grades: Sequence[int] | None = None,
                   algebra: Sequence[int] | None = None) -> Value:
    """tessera.clifford.rotor_sandwich (tessera_clifford.rotor_sandwich with `algebra`):
    (r x) ~r, projected to `grades` when given."""
    op = "tessera_clifford.rotor_sandwich" if algebra is not None else "tessera.clifford.rotor_sandwich"
    attrs = _alg(p, q, None, algebra)
    attrs["grade_mask"] = [int(g) for g in grades] if grades is not None else None
    return _emit1(op, _vals(r, x), attrs)


def clifford_inner(a: Any, b: Any, *, algebra: Sequence[int]) -> Value:
    """tessera_clifford.inner: the scalar product <a ~b>_0 per multivector."""
    return _emit1("tessera_clifford.inner", _vals(a, b), _alg(None, 0, None, algebra))


def clifford_exp(a: Any, *, algebra: Sequence[int], terms: int = 24) -> Value:
    """tessera_clifford.exp: sum_{j <= terms} a^j / j!."""
    return _emit1("tessera_clifford.exp", _vals(a), {**_alg(None, 0, None, algebra), "terms": int(terms)})


def rotor_from_axis(axis: Any, angle: float, *, algebra: Sequence[int] = (3, 0, 0)) -> Value:
    """tessera_clifford.rotor_from_axis: cos(angle/2) - sin(angle/2) B/|B|, B the axis' bivector."""
    return _emit1("tessera_clifford.rotor_from_axis", _vals(axis),
                  {**_alg(None, 0, None, algebra), "angle": float(angle)})


def _step_attrs(eta: float, temperature: float | None, noise_scale: float | None) -> dict[str, Any]:
    return {"eta": float(eta),
            "temperature": None if temperature is None else float(temperature),
            "noise_scale": None if noise_scale is None else float(noise_scale)}


def _step(op: str, y: Any, g: Any, noise: Any, attrs: dict[str, Any]) -> Value:
    xs = [y, g] if noise is None else [y, g, noise]
    return _emit1(op, _vals(*xs), attrs)


def ebm_energy_quadratic(x: Any, y: Any) -> Value:
    """tessera.ebm.energy_quadratic: 0.5 * sum_j (x - y)^2 per row of [B, D]."""
    return _emit1("tessera.ebm.energy_quadratic", _vals(x, y))


def ebm_inner_step(y: Any, grad: Any, noise: Any = None, *, eta: float,
                   noise_scale: float | None = None, temperature: float | None = None) -> Value:
    """tessera.ebm.inner_step: y - eta grad + a noise."""
    return _step("tessera.ebm.inner_step", y, grad, noise, _step_attrs(eta, temperature, noise_scale))


def ebm_langevin_step(y: Any, grad: Any, noise: Any = None, *, eta: float,
                      temperature: float | None = None, noise_scale: float | None = None) -> Value:
    """tessera.ebm.langevin_step: y - eta grad + a noise, a = noise_scale or sqrt(2 eta T)."""
    return _step("tessera.ebm.langevin_step", y, grad, noise, _step_attrs(eta, temperature, noise_scale))


def ebm_refinement(y: Any, grad: Any, noise: Any = None, *, eta: float, steps: int,
                   temperature: float | None = None, noise_scale: float | None = None) -> Value:
    """tessera.ebm.refinement: `steps` inner steps with grad and noise held fixed."""
    return _step("tessera.ebm.refinement", y, grad, noise,
                 {**_step_attrs(eta, temperature, noise_scale), "steps": int(steps)})


def ebm_langevin_step_philox(y: Any, grad: Any, seed: Any, counter: Any, *, eta: float,
                             temperature: float, noise_scale: float | None = None) -> Value:
    """tessera.ebm.langevin_step_philox: noise from Philox4x32-10 keyed by seed, counter + i."""
    return _emit1("tessera.ebm.langevin_step_philox", _vals(y, grad, seed, counter),
                  _step_attrs(eta, temperature, noise_scale))


def ebm_bivector_langevin_step(state: Any, grad: Any, noise: Any = None, *, eta: float,
                               temperature: float | None = None,
                               noise_scale: float | None = None) -> Value:
    """tessera.ebm.bivector_langevin_step: the inner step on the grade-2 blades."""
    return _step("tessera.ebm.bivector_langevin_step", state, grad, noise,
                 _step_attrs(eta, temperature, noise_scale))


def ebm_sphere_langevin_step(state: Any, grad: Any, noise: Any = None, *, eta: float,
                             projection: str = "tangent", temperature: float | None = None,
                             noise_scale: float | None = None) -> Value:
    """tessera.ebm.sphere_langevin_step: a step on the unit sphere of each row (last axis)."""
    return _step("tessera.ebm.sphere_langevin_step", state, grad, noise,
                 {**_step_attrs(eta, temperature, noise_scale), "projection": projection})


def ebm_decode_init(x: Any, *, steps: int, strategy: str, base: Any = None, noise: Any = None,
                    seed: int | None = None, std: float | None = None) -> Value:
    """tessera.ebm.decode_init: `steps` candidates per batch row ("noise", "copy", "base_model")."""
    xs = [x] + ([base] if base is not None else []) + ([noise] if noise is not None else [])
    seg = _Raw(f"array<i32: 1, {int(base is not None)}, {int(noise is not None)}>")
    return _emit1("tessera.ebm.decode_init", _vals(*xs),
                  {"operandSegmentSizes": seg, "steps": int(steps), "strategy": strategy,
                   "seed": None if seed is None else int(seed),
                   "std": None if std is None else float(std)})


def ebm_self_verify(energies: Any, candidates: Any, *, reduction: str = "hard_argmin",
                    temperature: float | None = None) -> Value:
    """tessera.ebm.self_verify: the least-energy candidate, or the softmin-weighted mean."""
    return _emit1("tessera.ebm.self_verify", _vals(energies, candidates),
                  {"reduction": reduction,
                   "temperature": None if temperature is None else float(temperature)})


def ebm_partition_exact(energies: Any, *, temperature: float = 1.0, reduction: str = "logsumexp",
                        per_row: bool = False) -> Value:
    """tessera.ebm.partition_exact: log sum exp(-e / T) over every energy (or each row)."""
    e = _as_value(energies, None)
    shape = e.shape[:-1] if per_row else ()
    return _emit1("tessera.ebm.partition_exact", [e],
                  {"temperature": float(temperature), "reduction": reduction},
                  declared=[tensor_type(shape, e.dtype)])


#: ts name -> Graph IR op (merged into _ops.OP_NAMES; the status page's python column). A name
#: with `(algebra=)` selects upstream's phase-7 tessera_clifford spelling.
OP_NAMES: dict[str, str] = {
    "geometric_product": "tessera.clifford.geometric_product",
    "geometric_product(algebra=)": "tessera_clifford.geo_product",
    "outer_product": "tessera.clifford.outer_product",
    "inner_product": "tessera.clifford.inner_product",
    "clifford_reverse": "tessera.clifford.reverse",
    "grade_project": "tessera.clifford.grade_project",
    "grade_project(algebra=)": "tessera_clifford.grade",
    "clifford_norm": "tessera.clifford.norm",
    "rotor_sandwich": "tessera.clifford.rotor_sandwich",
    "rotor_sandwich(algebra=)": "tessera_clifford.rotor_sandwich",
    "clifford_inner": "tessera_clifford.inner",
    "clifford_exp": "tessera_clifford.exp",
    "rotor_from_axis": "tessera_clifford.rotor_from_axis",
    **{n: "tessera.ebm." + n[4:] for n in __all__ if n.startswith("ebm_")},
}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
