"""Grade the variants as the environment grades an answer, and tabulate per class."""

from __future__ import annotations

import gc
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.grading.checks import GradingContext
from physassist_env.grading.grader import make_grader
from physassist_env.grading.validity.variants import (
    CORRECT,
    GENERATORS,
    WRONG,
    Case,
    Gen,
    Pools,
    Variant,
    build_cases,
)
from physassist_env.scenarios.model import Session, ToolCall

#: An extra generator registry: class name -> (``"wrong"`` | ``"correct"``, description,
#: generator), e.g. :data:`physassist_env.grading.validity.independent_a.SET_A`.
Registry = Mapping[str, tuple[str, str, Gen]]


def registry(generators: Registry | None = None) -> dict[str, tuple[str, str, Gen]]:
    """Every known class: the suite's own (:data:`GENERATORS`) and then ``generators``.

    Raises:
        ValueError: When ``generators`` redefines a suite class or gives a kind other
            than ``"wrong"``/``"correct"``.
    """
    out: dict[str, tuple[str, str, Gen]] = {
        name: (
            "correct" if name in CORRECT else "wrong",
            CORRECT.get(name) or WRONG[name],
            gen,
        )
        for name, gen in GENERATORS.items()
    }
    for name, (kind, description, gen) in (generators or {}).items():
        if name in out:
            raise ValueError(f"extra variant class {name!r} shadows a suite class")
        if kind not in ("wrong", "correct"):
            raise ValueError(
                f"variant class {name!r}: kind {kind!r} is not wrong|correct"
            )
        out[name] = (kind, description, gen)
    return out


# ---------------------------------------------------------------- grading
class _Writes:
    """Executes write calls on a fresh view of the case's patient (as an episode does)."""

    def __init__(self) -> None:
        self._gold: dict[int, tuple[list[dict[str, Any]], list[str]]] = {}

    def run(
        self, case: Case, calls: Sequence[ToolCall]
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """The resources the write calls create and the texts the agent would see."""

        pid = case.session.patient_id
        view = FhirStore([{"resourceType": "Patient", "id": pid}]).view(
            pid, case.session.current_date
        )
        kit = EhrToolkit(view, language=case.language)
        texts = []
        for call in calls:
            if call.name.endswith(".create"):
                result = kit.call(call.name, dict(call.arguments))
                if result.ok:
                    texts.append(result.text)
        return list(view.created), texts

    def gold(self, case: Case) -> tuple[list[dict[str, Any]], list[str]]:
        """:meth:`run` of the gold writes, cached per case."""
        key = id(case)
        if key not in self._gold:
            self._gold[key] = self.run(case, case.writes)
        return self._gold[key]


def grading_context(
    case: Case, variant: Variant, writes: _Writes | None = None
) -> GradingContext:
    """The :class:`GradingContext` the environment would build for ``variant``.

    Tool calls are the variant's (else the gold ones); observations are every earlier
    turn's gold observations plus this turn's read results and write confirmations; the
    created resources come from executing the writes; the revealed facts are the patient
    facts of the turns so far; the request is the turn's request as said.
    """
    writes = writes or _Writes()
    turn = case.turn
    calls = (
        list(variant.calls) if variant.calls is not None else list(turn.gold_actions)
    )
    reads = [
        o
        for c, o in zip(turn.gold_actions, turn.gold_observations, strict=False)
        if not c.name.endswith(".create")
    ]
    if not any(c.name.endswith(".create") for c in calls):
        created, texts = [], []
    elif variant.calls is None:
        created, texts = writes.gold(case)
    else:
        created, texts = writes.run(case, calls)
    return GradingContext(
        answer=variant.answer,
        language=case.language,
        tool_calls=calls,
        observations=[*case.prior, *reads, *texts],
        created=created,
        patient_facts_revealed=set(case.facts),
        request=turn.request.get(case.language),
        today=case.session.current_date,
    )


def make_variants(
    cases: Sequence[Case],
    *,
    pools: Pools | None = None,
    seed: int = 0,
    classes: Sequence[str] | None = None,
    generators: Registry | None = None,
) -> list[tuple[Case, Variant]]:
    """Every applicable variant of every case (deterministic for a seed).

    Args:
        cases: The cases.
        pools: Cross-split pools (default: those of ``cases``).
        seed: Seed of the random choices (replacement analytes, scale factors...).
        classes: Variant classes to make (default: all of :data:`GENERATORS`, or all of
            ``generators`` when it is given).
        generators: An extra registry (see :func:`registry`) whose classes may be named
            in ``classes``.

    Returns:
        (case, variant) pairs, in case order.

    Raises:
        KeyError: For an unknown class.
    """
    pools = pools or Pools.of(cases)
    known = registry(generators)
    names = list(classes or generators or GENERATORS)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise KeyError(f"unknown variant classes {unknown}; known: {', '.join(known)}")
    rng = np.random.default_rng(seed)
    out = []
    for case in cases:
        for name in names:
            variant = known[name][2](case, pools, rng)
            if variant is not None:
                out.append((case, variant))
    return out


def run_validity(
    sessions: Sequence[Session],
    languages: Sequence[str] = ("en", "zh"),
    grader: Any = None,
    *,
    limit: int | None = None,
    seed: int = 0,
    threshold: float = 0.75,
    classes: Sequence[str] | None = None,
    examples: int = 3,
    generators: Registry | None = None,
) -> dict[str, Any]:
    """Grade wrong and correct variants of every turn's gold answer.

    Args:
        sessions: The sessions (e.g. a split's).
        languages: Languages to grade (``en``, ``zh``).
        grader: A grader (default ``make_grader("rules")``).
        limit: Grade at most this many (turn, language) cases, drawn with ``seed``
            (pools such as other patients' answers still come from every session).
        seed: Seed of the draw and of the variant generators.
        threshold: The pass threshold (the benchmark's tau = 0.75).
        classes: Variant classes (default all of the suite's, or all of ``generators``
            when it is given).
        examples: Keep this many examples per class of wrong variants that passed and
            correct variants that failed.
        generators: An extra registry of classes (see :func:`registry`), e.g. the
            independent set A; its kinds decide which variants count as correct.

    Returns:
        ``{"threshold", "languages", "sessions", "cases", "grader", "classes":
        {name: {"kind": "wrong"|"correct", "description", "applicable", "pass_rate",
        "mean_score", "cpu_ms", "by_language": {lang: {"applicable", "pass_rate",
        "mean_score"}}}},
        "throughput": {"graded", "seconds", "cpu_seconds", "turns_per_s",
        "turns_per_wall_s"}, "examples": {name: [...]}}``. ``turns_per_s`` is graded
        variants per second of this process's CPU time spent grading (one core; robust
        on a shared machine; the suite's own objects frozen out of the cyclic collector
        meanwhile, :func:`gc.freeze`), ``turns_per_wall_s`` the same per wall-clock second.
        ``pass_rate`` is the share of applicable cases whose score reaches ``threshold``
        (a ``None`` score never passes and counts 0 in the mean); ``None`` when the class
        applied nowhere.
    """

    grader = grader or make_grader("rules")
    all_cases = build_cases(sessions, languages)
    pools = Pools.of(all_cases)
    cases = all_cases
    if limit is not None and limit < len(all_cases):
        pick = np.random.default_rng(seed).choice(
            len(all_cases), size=limit, replace=False
        )
        cases = [all_cases[i] for i in sorted(pick)]
    pairs = make_variants(
        cases, pools=pools, seed=seed, classes=classes, generators=generators
    )
    writes = _Writes()
    contexts = [grading_context(c, v, writes) for c, v in pairs]
    grades, cpu_each = [], []
    # the suite's own objects (sessions, variants, contexts: hundreds of thousands) are
    # set aside from the collector while grading, so the grading CPU time is the
    # grader's, not the cyclic collector tracing the suite's heap (about 7% of it)
    gc.collect()
    gc.freeze()
    t0 = time.perf_counter()
    try:
        for (case, _), ctx in zip(pairs, contexts, strict=True):
            c0 = time.process_time()
            grades.append(grader.grade(case.turn, ctx))
            cpu_each.append(time.process_time() - c0)
    finally:
        gc.unfreeze()
    seconds, cpu = time.perf_counter() - t0, sum(cpu_each)
    known = registry(generators)
    names = list(classes or generators or GENERATORS)
    table: dict[str, Any] = {}
    shown: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        rows = [
            (c, g) for (c, v), g in zip(pairs, grades, strict=True) if v.cls == name
        ]
        kind, description, _ = known[name]
        entry = {
            "kind": kind,
            "description": description,
            **_stats(rows, threshold),
            "cpu_ms": _mean_ms(
                [t for (_, v), t in zip(pairs, cpu_each, strict=True) if v.cls == name]
            ),
            "by_language": {
                lang: _stats([r for r in rows if r[0].language == lang], threshold)
                for lang in languages
            },
        }
        table[name] = entry
        bad = [
            (c, v, g)
            for (c, v), g in zip(pairs, grades, strict=True)
            if v.cls == name and g.passed(threshold) != (kind == "correct")
        ]
        shown[name] = [
            {
                "session_id": c.session.session_id,
                "turn": c.turn.index,
                "topic": c.turn.topic,
                "language": c.language,
                "answer": v.answer,
                "calls": None if v.calls is None else [x.model_dump() for x in v.calls],
                "score": g.score,
            }
            for c, v, g in bad[:examples]
        ]
    return {
        "threshold": threshold,
        "languages": list(languages),
        "sessions": len(sessions),
        "cases": len(cases),
        "seed": seed,
        "grader": grader.spec.model_dump() if hasattr(grader, "spec") else str(grader),
        "classes": table,
        "throughput": {
            "graded": len(grades),
            "seconds": round(seconds, 3),
            "cpu_seconds": round(cpu, 3),
            "turns_per_s": round(len(grades) / cpu, 1) if cpu else None,
            "turns_per_wall_s": round(len(grades) / seconds, 1) if seconds else None,
        },
        "examples": shown,
    }


def _mean_ms(times: Sequence[float]) -> float | None:
    return round(1000 * sum(times) / len(times), 3) if times else None


def _stats(rows: Sequence[tuple[Case, Any]], threshold: float) -> dict[str, Any]:
    if not rows:
        return {"applicable": 0, "pass_rate": None, "mean_score": None}
    scores = [g.score or 0.0 for _, g in rows]
    return {
        "applicable": len(rows),
        "pass_rate": round(sum(g.passed(threshold) for _, g in rows) / len(rows), 4),
        "mean_score": round(sum(scores) / len(scores), 4),
    }


def format_table(result: dict[str, Any]) -> str:
    """The result of :func:`run_validity` as a Markdown table (one row per class)."""
    tau = result["threshold"]
    langs = result["languages"]
    head = f"| variant | kind | turns | pass >= {tau:g} | mean score |" + "".join(
        f" pass {lang.upper()} |" for lang in langs
    )
    lines = [head, "|" + " --- |" * (5 + len(langs))]

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.0f}%"

    for name, row in result["classes"].items():
        mean = "n/a" if row["mean_score"] is None else f"{row['mean_score']:.2f}"
        lines.append(
            f"| {name} | {row['kind']} | {row['applicable']} | {pct(row['pass_rate'])} | {mean} |"
            + "".join(
                f" {pct(row['by_language'][lang]['pass_rate'])} |" for lang in langs
            )
        )
    return "\n".join(lines)
