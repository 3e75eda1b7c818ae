"""numpy models of tessera.sgd / adam / adamw exactly as docs/ops/graph/optimizers.md writes them:
one numpy operation per step in the element type (numpy rounds each to nearest even, no fma),
constants computed in f64 (math.pow is the C library's pow) and rounded once."""
import math

import numpy as np


def sgd(p, g, lr, weight_decay=0.0):
    t = p.dtype.type
    d = g if weight_decay == 0 else g + t(weight_decay) * p
    return p - t(lr) * d


def adam(p, g, m, v, lr, step, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=None):
    t = p.dtype.type
    b1, b2, ob1, ob2 = t(beta1), t(beta2), t(1.0 - beta1), t(1.0 - beta2)
    c1, c2 = t(1.0 - math.pow(beta1, step)), t(1.0 - math.pow(beta2, step))
    m1 = b1 * m + ob1 * g
    v1 = b2 * v + ob2 * (g * g)
    u = (m1 / c1) / (np.sqrt(v1 / c2) + t(eps))
    if weight_decay is not None:
        u = u + t(weight_decay) * p
    return p - t(lr) * u, m1, v1
