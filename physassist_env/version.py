"""The package version, in a base module every layer may import (``physassist_env`` re-exports it)."""

from __future__ import annotations

__version__ = "0.1.0"
