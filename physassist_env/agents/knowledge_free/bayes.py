"""A multinomial naive Bayes classifier over bag-of-words features, stored as plain JSON.

Laplace smoothing (``alpha = 1``); features never seen in training are ignored (with a
per-class denominator they would otherwise favour the classes with the fewest words).
Deterministic: ties are broken by the class name, so the same training data always gives
the same predictions.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any


def train(samples: Iterable[tuple[list[str], str]]) -> dict[str, Any]:
    """Fit on ``(features, label)`` pairs; returns a JSON-able model."""
    prior: Counter[str] = Counter()
    counts: dict[str, Counter[str]] = {}
    vocab: set[str] = set()
    for feats, label in samples:
        prior[label] += 1
        counts.setdefault(label, Counter()).update(feats)
        vocab.update(feats)
    return {
        "prior": dict(sorted(prior.items())),
        "counts": {k: dict(sorted(v.items())) for k, v in sorted(counts.items())},
        "totals": {k: sum(v.values()) for k, v in sorted(counts.items())},
        "vocab": len(vocab),
    }


def ranked(model: dict[str, Any], feats: list[str], alpha: float = 1.0) -> list[str]:
    """Every label, most probable first (ties by name)."""
    prior = model.get("prior") or {}
    feats = [f for f in feats if any(f in c for c in model["counts"].values())]
    n = sum(prior.values())
    v = max(1, int(model.get("vocab", 1)))
    scored = []
    for label in sorted(prior):
        counts = model["counts"].get(label, {})
        total = model["totals"].get(label, 0)
        score = math.log(prior[label] / n)
        denom = math.log(total + alpha * v)
        for f in feats:
            score += math.log(counts.get(f, 0) + alpha) - denom
        scored.append((-score, label))
    return [label for _, label in sorted(scored)]


def predict(model: dict[str, Any], feats: list[str], alpha: float = 1.0) -> str | None:
    """The most probable label (``None`` for an empty model)."""
    labels = ranked(model, feats, alpha)
    return labels[0] if labels else None
