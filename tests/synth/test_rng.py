"""`SynthRng`: numpy Generator's API for the draws the generator makes, deterministic per key."""

from __future__ import annotations

import numpy as np
import pytest

from physassist_env.synth.rng import SynthRng


def _draws(rng: SynthRng) -> list:
    return [
        rng.random(),
        rng.integers(10),
        rng.integers(35, 150),
        rng.integers(0, 3, endpoint=True),
        rng.normal(66, 16),
        rng.standard_normal(),
        rng.uniform(1.0, 3.5),
        rng.poisson(0.4),
        rng.choice(3, p=(0.3, 0.4, 0.3)),
        rng.choice(["a", "b"]),
        rng.integers(0, 45, 6).tolist(),
        rng.random(4).tolist(),
        rng.standard_normal((2, 3)).tolist(),
        rng.uniform(0.5, 1.8, 3).tolist(),
    ]


def test_same_key_same_draws_other_key_other_draws() -> None:
    assert _draws(SynthRng(0, 5)) == _draws(SynthRng(0, 5))
    assert _draws(SynthRng(0, 5)) != _draws(SynthRng(0, 6))
    assert _draws(SynthRng(0, 5)) != _draws(SynthRng(1, 5))


def test_scalar_draws_are_python_numbers_in_range() -> None:
    rng = SynthRng(3, 0)
    ints = [rng.integers(35, 150) for _ in range(20000)]
    assert all(type(v) is int for v in ints[:50])
    assert min(ints) == 35 and max(ints) == 149
    assert {rng.integers(2) for _ in range(200)} == {0, 1}
    assert {rng.integers(1, 3, endpoint=True) for _ in range(300)} == {1, 2, 3}
    u = [rng.uniform(2.0, 6.0) for _ in range(20000)]
    assert 2.0 <= min(u) and max(u) < 6.0 and abs(np.mean(u) - 4.0) < 0.05
    z = [rng.normal(10.0, 2.0) for _ in range(20000)]
    assert abs(np.mean(z) - 10.0) < 0.05 and abs(np.std(z) - 2.0) < 0.05
    k = [rng.poisson(0.4) for _ in range(20000)]
    assert all(type(v) is int for v in k[:50]) and abs(np.mean(k) - 0.4) < 0.02
    assert abs(np.var(k) - 0.4) < 0.03
    c = [rng.choice(3, p=(0.2, 0.5, 0.3)) for _ in range(20000)]
    assert np.allclose(np.bincount(c) / len(c), (0.2, 0.5, 0.3), atol=0.015)


def test_array_draws_have_numpy_shapes() -> None:
    rng = SynthRng(0, 1)
    assert rng.integers(1000, 1500, (4, 9)).shape == (4, 9)
    late = rng.integers(0, 45, 7)
    assert late.shape == (7,) and late.min() >= 0 and late.max() < 45
    assert rng.integers(0, 45, 0).tolist() == []
    assert rng.random(5).shape == (5,)
    assert rng.standard_normal(6).shape == (6,)
    assert (rng.random(8) ** (1 / np.arange(1, 9))).shape == (8,)


def test_invalid_arguments_raise_as_numpy_does() -> None:
    rng = SynthRng(0, 0)
    with pytest.raises(ValueError):
        rng.integers(5, 5)
    with pytest.raises(ValueError):
        rng.normal(0, -1)
    with pytest.raises(ValueError):
        rng.choice(3, p=(0.5, 0.6, 0.1))
