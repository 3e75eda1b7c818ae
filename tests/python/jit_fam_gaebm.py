"""test_jit cases of upstream op family `gaebm`: op name -> (fn, args, oracle, tol), oracle numpy/JAX."""

CASES: dict = {}
