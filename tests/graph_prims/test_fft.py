"""fft, ifft, fft2d on interleaved (re, im) pairs against numpy.fft (docs/ops/graph/fft.md)."""
import numpy as np
import pytest

RNG = np.random.default_rng(1900)


def pairs(z, dtype):
    return np.stack([z.real, z.imag], -1).astype(dtype)


def cplx(a):
    return a[..., 0].astype(np.float64) + 1j * a[..., 1]


@pytest.mark.parametrize("n", [1, 2, 7, 16, 100])
@pytest.mark.parametrize("dtype,tol", [(np.float32, 2e-6), (np.float64, 1e-13)])
def test_fft_and_ifft_match_numpy(run_op, n, dtype, tol):
    z = RNG.standard_normal((3, n)) + 1j * RNG.standard_normal((3, n))
    x = pairs(z, dtype)
    zx = cplx(x)
    got = cplx(run_op("tessera.fft", [x], [(x.shape, dtype)], threads=2)[0])
    scale = np.abs(zx).sum(-1, keepdims=True)  # bound on |X[k]|
    assert np.all(np.abs(got - np.fft.fft(zx)) <= tol * scale + 1e-300)
    inv = cplx(run_op("tessera.ifft", [x], [(x.shape, dtype)])[0])
    assert np.all(np.abs(inv - np.fft.ifft(zx)) <= tol * scale / n + 1e-300)


def test_ifft_inverts_fft(run_op):
    x = pairs(RNG.standard_normal(64) + 1j * RNG.standard_normal(64), np.float64)
    f = run_op("tessera.fft", [x], [(x.shape, np.float64)])[0]
    back = run_op("tessera.ifft", [f], [(x.shape, np.float64)])[0]
    assert np.allclose(back, x, rtol=0, atol=1e-13)


@pytest.mark.parametrize("shape", [(8, 8), (2, 5, 12)])
def test_fft2d_matches_numpy(run_op, shape):
    z = RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    x = pairs(z, np.float32)
    zx = cplx(x)
    got = cplx(run_op("tessera.fft2d", [x], [(x.shape, np.float32)], threads=2)[0])
    scale = np.abs(zx).sum(axis=(-1, -2), keepdims=True)
    assert np.all(np.abs(got - np.fft.fft2(zx)) <= 2e-6 * scale)


def test_fft_threads_bitexact(run_op):
    x = pairs(RNG.standard_normal((40, 33)) + 0j, np.float32)
    a = run_op("tessera.fft", [x], [(x.shape, np.float32)], threads=1)[0]
    b = run_op("tessera.fft", [x], [(x.shape, np.float32)], threads=2)[0]
    assert np.array_equal(a, b)
