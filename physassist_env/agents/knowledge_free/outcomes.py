"""Baselines computed from the data alone: how predictable are the benchmark's decisions?

**Decision item.** A rubric item (:class:`~physassist_env.scenarios.model.RubricItem`) that
states the turn's decision rather than a value: an item marked ``critical``, a
:class:`~physassist_env.scenarios.model.RecommendCheck` (do this to that), a
:class:`~physassist_env.scenarios.model.NegativeCheck` (must not recommend this), a
:class:`~physassist_env.scenarios.model.MentionCheck` with ``contradicts`` (a conclusion
with an opposite: "no AKI" against "stage 2") and a
:class:`~physassist_env.scenarios.model.FlagCheck` (high/low/normal).

**Outcome.** What a decision item requires, as a label: ``flag:<direction>``;
``says:<first term>`` for a conclusion (a mention, with or without ``contradicts``, or a
critical patient fact); ``recommend:<first action>`` and ``forbid:<first action>``;
``value:<number>`` for a critical value (a score); ``<kind>`` for any other critical item.
The first term is taken in the language's script (Latin for ``en``, CJK for ``zh``) when
the list has one, so labels are per language; since rubric items are shared by the
languages the accuracies agree unless a list lacks a term in one script.

**Slot.** Items are compared across sessions by ``(topic, check kind, k)``: the k-th
decision item of that kind in a turn of that topic.

* :func:`majority_outcome`: for every slot, the outcome most frequent on train, applied to
  the test items; accuracy = test decision items whose outcome equals it.
* :func:`chart_marker`: the same per (slot, chart-marker state of the turn): the marker of
  the main lab's newest value in the turn's gold observations (``H``/``L``/``N``, ``E`` for
  empty results, ``R`` for rows without a lab; the main lab's row names are learned from
  train, :func:`~.learn.learn_entities`), falling back to the slot's majority.
* :func:`topic_table`: per topic and language on test, the decision items, the share of
  the test's own majority outcome per slot (how one-sided the topic is) and the accuracy of
  the two baselines.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from physassist_env.agents.knowledge_free.learn import turn_state
from physassist_env.agents.knowledge_free.text import is_cjk
from physassist_env.scenarios.model import RubricItem, Session, Turn


def is_decision(item: RubricItem) -> bool:
    """Whether a rubric item states the turn's decision (see the module docstring)."""
    check = item.check
    if item.critical or check.kind in ("recommend", "negative", "flag"):
        return True
    return check.kind == "mention" and bool(getattr(check, "contradicts", None))


def _first(terms: Sequence[str], language: str) -> str:
    for t in terms:
        if is_cjk(t) == (language == "zh"):
            return t.strip().lower()
    return terms[0].strip().lower() if terms else ""


def outcome(item: RubricItem, language: str) -> str:
    """The outcome label of a decision item in ``language``."""
    check = item.check
    kind = check.kind
    if kind == "flag":
        return f"flag:{check.direction}"
    if kind in ("mention", "patient_fact"):
        return f"says:{_first(check.terms, language)}"
    if kind == "recommend":
        return f"recommend:{_first(check.actions, language)}"
    if kind == "negative":
        return f"forbid:{_first(check.actions, language)}"
    if kind == "value":
        return f"value:{check.value:g}"
    return kind


def decision_items(turn: Turn) -> list[tuple[tuple[str, str, int], RubricItem]]:
    """The turn's decision items with their slots ``(topic, kind, k)``."""
    seen: Counter[str] = Counter()
    out = []
    for item in turn.rubric:
        if is_decision(item):
            kind = item.check.kind
            out.append(((turn.topic, kind, seen[kind]), item))
            seen[kind] += 1
    return out


def _fit(
    train: Sequence[Session], language: str, rows: dict[str, Any]
) -> tuple[dict[Any, str], dict[Any, str]]:
    by_slot: dict[Any, Counter[str]] = defaultdict(Counter)
    by_state: dict[Any, Counter[str]] = defaultdict(Counter)
    for s in train:
        for t in s.turns:
            items = decision_items(t)
            if not items:
                continue
            state = turn_state(t, rows)
            for slot, item in items:
                label = outcome(item, language)
                by_slot[slot][label] += 1
                by_state[(slot, state)][label] += 1

    def top(c: Counter[str]) -> str:
        return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]

    return {k: top(c) for k, c in by_slot.items()}, {
        k: top(c) for k, c in by_state.items()
    }


def evaluate(
    train: Sequence[Session],
    test: Sequence[Session],
    rows: dict[str, Any],
    languages: Sequence[str] = ("en", "zh"),
) -> dict[str, Any]:
    """Both baselines and the per-topic table, per language.

    Returns:
        ``{lang: {"items": n, "majority_outcome": acc, "chart_marker": acc,
        "topics": {topic: {"items", "majority_share", "majority_outcome", "chart_marker"}}}}``
    """
    out: dict[str, Any] = {}
    for lang in languages:
        majority, marker = _fit(train, lang, rows)
        hits = Counter[str]()
        per_topic: dict[str, Counter[str]] = defaultdict(Counter)
        test_labels: dict[Any, Counter[str]] = defaultdict(Counter)
        for s in test:
            for t in s.turns:
                items = decision_items(t)
                if not items:
                    continue
                state = turn_state(t, rows)
                for slot, item in items:
                    label = outcome(item, lang)
                    test_labels[slot][label] += 1
                    m = majority.get(slot)
                    c = marker.get((slot, state), m)
                    hits["items"] += 1
                    hits["majority"] += label == m
                    hits["marker"] += label == c
                    pt = per_topic[t.topic]
                    pt["items"] += 1
                    pt["majority"] += label == m
                    pt["marker"] += label == c
        topics = {}
        for topic, c in sorted(per_topic.items()):
            slots = {k: v for k, v in test_labels.items() if k[0] == topic}
            top_share = sum(max(v.values()) for v in slots.values())
            topics[topic] = {
                "items": c["items"],
                "majority_share": round(top_share / c["items"], 4),
                "majority_outcome": round(c["majority"] / c["items"], 4),
                "chart_marker": round(c["marker"] / c["items"], 4),
            }
        n = hits["items"]
        out[lang] = {
            "items": n,
            "majority_outcome": round(hits["majority"] / n, 4) if n else None,
            "chart_marker": round(hits["marker"] / n, 4) if n else None,
            "topics": topics,
        }
    return out


def majority_outcome(result: dict[str, Any], language: str) -> float | None:
    """The majority-outcome accuracy of :func:`evaluate`'s result in ``language``."""
    return result[language]["majority_outcome"]


def chart_marker(result: dict[str, Any], language: str) -> float | None:
    """The chart-marker accuracy of :func:`evaluate`'s result in ``language``."""
    return result[language]["chart_marker"]


def topic_table(result: dict[str, Any], language: str) -> dict[str, Any]:
    """The per-topic rows of :func:`evaluate`'s result in ``language``."""
    return result[language]["topics"]
