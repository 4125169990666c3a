"""`SynthRng`: the synthetic hospital's per-patient random source (the ``numpy`` API, cheaper).

A patient makes ~830 draws, almost all of one scalar each; a scalar ``numpy.random.Generator``
call costs ~1-5 us of argument handling (``integers`` the most), several times the work it
does. :class:`SynthRng` offers the subset of the ``Generator`` API the generator uses, with
scalar draws from :class:`random.Random` (Mersenne Twister, seeded from the patient's key:
the same key gives the same draws on every platform and Python 3 version) and array draws
(``size`` given, but for ``integers``) from a ``numpy`` Generator seeded with the same key. Modules keep calling
``rng.normal(...)``, ``rng.integers(...)``, ... and still accept a plain ``Generator``.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import accumulate
from typing import Any

import numpy as np

_POISSON_DIRECT = 30.0
"""Below this mean a scalar Poisson draw multiplies uniforms (Knuth); above, ``numpy``."""


class SynthRng:
    """A seeded random source with ``numpy.random.Generator``'s signatures for ``random``,
    ``integers``, ``normal``, ``standard_normal``, ``uniform``, ``poisson`` and ``choice``.

    Scalar calls return Python numbers (``int`` for ``integers``, ``poisson`` and an integer
    ``choice``; ``float`` otherwise) drawn from one :class:`random.Random`, as are
    ``integers`` with an int ``size`` (a ``numpy`` array); other calls with ``size`` (and
    any other ``Generator`` method) go to a ``numpy`` Generator created on first use from
    the same key. Same key, same sequence of calls -> same values.

    Args:
        seed: The hospital's seed.
        index: The patient's index (patient ``i`` of seed ``s`` draws from key ``(s, i)``).
    """

    __slots__ = ("_key", "_np", "_py", "_random", "_gauss")

    def __init__(self, seed: int, index: int) -> None:
        self._key = [int(seed), int(index)]
        # a str seed is hashed with SHA-512 (``random.seed`` version 2): stable everywhere
        self._py = random.Random(f"physassist-synth:{int(seed)}:{int(index)}")
        self._random = self._py.random
        self._gauss = self._py.gauss
        self._np: np.random.Generator | None = None

    @property
    def numpy(self) -> np.random.Generator:
        """The ``numpy`` Generator of array draws (``default_rng([seed, index])``)."""
        if self._np is None:
            self._np = np.random.default_rng(self._key)
        return self._np

    def random(self, size: Any = None) -> Any:
        """Uniform on [0, 1)."""
        if size is None:
            return self._random()
        return self.numpy.random(size)

    def integers(
        self,
        low: int,
        high: int | None = None,
        size: Any = None,
        endpoint: bool = False,
    ) -> Any:
        """Integers in ``[low, high)`` (``[0, low)`` when ``high`` is None; ``high``
        included with ``endpoint``); an int ``size`` draws from the scalar stream too
        (``numpy``'s ``integers(..., size)`` costs ~10 us a call)."""
        if high is None:
            low, high = 0, low
        if low.__class__ is not int or high.__class__ is not int:
            low, high = int(low), int(high)
        span = high - low + 1 if endpoint else high - low
        if span <= 0:
            raise ValueError(f"integers: empty range low={low} high={high}")
        # floor(u * span) for u on [0, 1): uniform up to ~span / 2**53 (spans here < 1e6)
        if size is None:
            return low + int(self._random() * span)
        if size.__class__ is int:
            r = self._random
            return np.array(
                [low + int(r() * span) for _ in range(size)], dtype=np.int64
            )
        return self.numpy.integers(low, high, size, endpoint=endpoint)

    def normal(self, loc: float = 0.0, scale: float = 1.0, size: Any = None) -> Any:
        """Normal with mean ``loc`` and standard deviation ``scale``."""
        if (
            size is None
            and loc.__class__ is not np.ndarray
            and scale.__class__ is not np.ndarray
        ):
            if scale < 0:
                raise ValueError("normal: scale < 0")
            return self._gauss(loc, scale)
        return self.numpy.normal(loc, scale, size)

    def standard_normal(self, size: Any = None) -> Any:
        """Standard normal."""
        if size is None:
            return self._gauss(0.0, 1.0)
        return self.numpy.standard_normal(size)

    def uniform(self, low: float = 0.0, high: float = 1.0, size: Any = None) -> Any:
        """Uniform on ``[low, high)``."""
        if (
            size is None
            and low.__class__ is not np.ndarray
            and high.__class__ is not np.ndarray
        ):
            return low + (high - low) * self._random()
        return self.numpy.uniform(low, high, size)

    def poisson(self, lam: float = 1.0, size: Any = None) -> Any:
        """Poisson with mean ``lam`` (scalar draws with ``lam`` < 30 by Knuth's method)."""
        if (
            size is None
            and lam.__class__ is not np.ndarray
            and 0 <= lam < _POISSON_DIRECT
        ):
            # Knuth, TAOCP vol. 2, 3.4.1: count uniforms until their product < exp(-lam)
            limit, k, prod = math.exp(-lam), 0, self._random()
            while prod >= limit:
                k += 1
                prod *= self._random()
            return k
        return self.numpy.poisson(lam, size)

    def choice(
        self, a: Any, size: Any = None, replace: bool = True, p: Any = None
    ) -> Any:
        """An element of ``a`` (or of ``range(a)`` for an int), with probabilities ``p``."""
        if size is not None or not replace:
            return self.numpy.choice(a, size, replace, p)
        n = int(a) if isinstance(a, (int, np.integer)) else len(a)
        if n <= 0:
            raise ValueError("choice: empty population")
        if p is None:
            i = int(self._random() * n)
        else:
            cdf = list(accumulate(float(x) for x in p))
            if len(cdf) != n or min(p) < 0 or abs(cdf[-1] - 1.0) > 1e-8:
                raise ValueError("choice: p must be n probabilities summing to 1")
            i = min(bisect_right(cdf, self._random() * cdf[-1]), n - 1)
        return i if isinstance(a, (int, np.integer)) else a[i]

    def __getattr__(self, name: str) -> Any:
        """Any other ``Generator`` method: the ``numpy`` Generator's."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.numpy, name)
