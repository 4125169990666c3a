"""Measuring the realiser: distinct surface forms per intent, and family overlap per split.

An *intent* is a topic's request of one implicitness (``lab_latest/explicit``,
``med_current/PE``). :func:`recorded_intents` captures the realiser's inputs while sessions
are planned; :func:`surface_forms` re-realises one intent (fixed patient and entities) with
many seeds, so its count is of phrasings, never of patients or drug names.
:func:`family_overlap` reads the families recorded on split sessions (``Turn.phrasing``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from physassist_env.scenarios.model import Implicitness, Session, Text
from physassist_env.scenarios.requests.families import Partition
from physassist_env.scenarios.requests.realise import Pending, realise


@dataclass(frozen=True)
class Intent:
    """What the realiser was given for one request: cores, antecedent kind, entities, time."""

    cores: tuple[Text, ...]
    kind: Implicitness
    entities: tuple[str, ...]
    time: str | None


@contextmanager
def recording() -> Iterator[dict[int, Intent]]:
    """While active, every request the planner realises is recorded, keyed by the ``id`` of
    the :class:`~physassist_env.scenarios.requests.Realised` it became (turns hold that object until the split)."""
    from physassist_env.scenarios import planner

    calls: dict[int, Intent] = {}
    original = planner.finalise

    def spy(text: Text, kind: Implicitness = Implicitness.EXPLICIT) -> Text:
        out = original(text, kind)
        if isinstance(text, Pending):
            calls[id(out)] = Intent(text.cores, text.kind, text.entities, text.time)
        return out

    planner.finalise = spy
    try:
        yield calls
    finally:
        planner.finalise = original


def recorded_intents(
    sessions: Iterable[Session], calls: dict[int, Intent]
) -> dict[str, Intent]:
    """The first recorded input per intent (``<topic>/<implicitness>``) of unsplit sessions."""
    out: dict[str, Intent] = {}
    for s in sessions:
        for t in s.turns:
            for text, kind in (
                (t.request_explicit, Implicitness.EXPLICIT),
                (t.request, t.implicitness),
            ):
                intent = calls.get(id(text))
                if intent is not None:
                    out.setdefault(f"{t.topic}/{kind.value}", intent)
    return out


def surface_forms(
    intent: Intent, partition: Partition, n: int = 400
) -> tuple[set[str], set[str]]:
    """Distinct (EN, ZH) texts of ``intent`` over ``n`` seeds in one partition's families."""
    en: set[str] = set()
    zh: set[str] = set()
    for seed in range(n):
        text, _ = realise(
            list(intent.cores),
            seed,
            partition,
            kind=intent.kind,
            entities=intent.entities,
            time=intent.time,
        )
        en.add(text.en)
        zh.add(text.zh)
    return en, zh


def family_overlap(sessions: Iterable[Session]) -> dict[str, Any]:
    """Families used by train/validation and by test turns, and those shared (should be none)."""
    seen: dict[str, set[str]] = {"train": set(), "test": set()}
    for s in sessions:
        side = "test" if s.split == "test" else "train"
        seen[side] |= {t.phrasing for t in s.turns if t.phrasing}
    return {
        "train_validation": sorted(seen["train"]),
        "test": sorted(seen["test"]),
        "shared": sorted(seen["train"] & seen["test"]),
    }
