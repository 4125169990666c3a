"""A permissive Unicode text space (Gymnasium's ``Text`` only allows ASCII letters and digits)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

#: Characters :meth:`UnicodeText.sample` draws from: printable ASCII, Chinese, whitespace.
_ALPHABET = (
    [chr(c) for c in range(32, 127)]
    + ["\n", "\t"]
    + [chr(c) for c in range(0x4E00, 0x4E00 + 200)]
    + list("，。？！：；（）")
)


class UnicodeText(spaces.Space[str]):
    """Any Python string up to ``max_length`` characters (English, Chinese, JSON, markup).

    Args:
        max_length: The longest string the space contains.
        seed: Seed of :meth:`sample`.
    """

    def __init__(
        self, max_length: int = 1_000_000, seed: int | np.random.Generator | None = None
    ):
        if max_length <= 0:
            raise ValueError(f"max_length must be positive, got {max_length}")
        self.max_length = max_length
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        """Strings cannot be flattened into an array."""
        return False

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        """A random string of 0-64 characters from a mixed English/Chinese alphabet."""
        n = int(self.np_random.integers(0, min(64, self.max_length) + 1))
        idx = self.np_random.integers(0, len(_ALPHABET), size=n)
        return "".join(_ALPHABET[int(i)] for i in idx)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a string of at most ``max_length`` characters."""
        return isinstance(x, str) and len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"UnicodeText(max_length={self.max_length})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnicodeText) and other.max_length == self.max_length

    def to_jsonable(self, sample_n: Any) -> list[str]:
        """Strings are already JSON."""
        return list(sample_n)

    def from_jsonable(self, sample_n: list[str]) -> list[str]:
        """Strings are already JSON."""
        return list(sample_n)
