"""Generate sessions for many patients and split them by patient.

:func:`generate_sessions` builds every candidate session (each admission x scenario),
checks that every gold answer scores 1.0 under the rule grader, then assigns patients to
``test`` / ``validation`` / ``train``: test patients are taken in a seeded order while
they fill (scenario, tier) cells still below ``test_per_cell`` (27 gives the paper's 324
sessions: 81 per scenario, 108 per tier); of the rest, ``validation_fraction`` go to
validation and the others to train.
"""

from __future__ import annotations

import hashlib
import logging
import math
import zlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from tqdm.auto import tqdm

from physassist_env.ehr.store import FhirStore
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.model import Scenario, Session, Tier
from physassist_env.scenarios.planner import Balance, build_session
from physassist_env.scenarios.requests import phrase_for_split

log = logging.getLogger(__name__)

SPLITS = ("train", "validation", "test")


class GoldScoreError(AssertionError):
    """A generated gold answer does not score 1.0: a generator bug, never silently kept."""


class RubricContradictionError(GoldScoreError):
    """A turn's rubric rewards a decision and its opposite
    (:func:`physassist_env.scenarios.rubric_consistency.contradictions`)."""


@dataclass
class Generated:
    """Sessions and the records they need, with what could not be filled.

    Attributes:
        sessions: Sessions with ``split`` set, in a deterministic order.
        records: The records of patients that have sessions (by patient id).
        candidates: Candidate counts per (scenario, tier) before splitting.
        unfilled: Test cells below target: (scenario, tier) -> missing sessions.
    """

    sessions: list[Session] = field(default_factory=list)
    records: dict[str, PatientRecord] = field(default_factory=dict)
    candidates: Counter[tuple[str, str]] = field(default_factory=Counter)
    unfilled: dict[tuple[str, str], int] = field(default_factory=dict)

    def counts(self) -> Counter[tuple[str, str, str]]:
        """Sessions per (split, scenario, tier)."""
        return Counter((s.split, s.scenario.value, s.tier.value) for s in self.sessions)


def admissions(record: PatientRecord) -> list[dict[str, Any]]:
    """The record's hospital admissions (Encounters that are not part of another), oldest first."""
    encs = [
        r
        for r in record.of_type("Encounter")
        if not r.get("partOf") and (r.get("period") or {}).get("start")
    ]
    return sorted(encs, key=lambda e: e["period"]["start"])


def session_id_for(
    seed: int, scenario: Scenario, patient_id: str, encounter_id: str
) -> str:
    """The agent-visible id of a session: unique, deterministic, and without the scenario.

    The scenario is grader-only information, so the id is ``<patient>-<encounter>-<tag>``
    where ``tag`` is 8 hex digits of SHA-256 over the seed, scenario, patient and
    encounter (distinct per scenario of one admission, stable across builds).
    """
    blob = f"{seed}/{scenario.value}/{patient_id}/{encounter_id}".encode()
    return f"{patient_id}-{encounter_id}-{hashlib.sha256(blob).hexdigest()[:8]}"


def _rng(seed: int, *parts: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32("/".join(parts).encode())])


def candidate_sessions(
    record: PatientRecord, seed: int, balance: Balance, source: str
) -> list[Session]:
    """Every session this patient's admissions support (one per admission and scenario)."""
    from physassist_env.scenarios.patient_turns import PatientTurns

    store = FhirStore.from_records([record])
    cache: dict[str, PatientTurns | None] = {}

    def patient(as_of: str) -> PatientTurns | None:
        """The patient as of a session's date (one memory per date, built once)."""
        if as_of not in cache:
            try:
                cache[as_of] = PatientTurns(record, seed, as_of, store)
            except ValueError as exc:  # EmptyMemoryError: no interview possible
                log.debug("no patient memory for %s: %s", record.patient_id, exc)
                cache[as_of] = None
        return cache[as_of]

    out = []
    memo: dict[
        Any, Any
    ] = {}  # facts and record rows per admission, shared by scenarios
    for enc in admissions(record):
        for scenario in Scenario:
            key = f"{scenario.value}-{record.patient_id}-{enc['id']}"
            sid = session_id_for(seed, scenario, record.patient_id, enc["id"])
            session = build_session(
                store,
                record.patient_id,
                enc,
                scenario,
                _rng(seed, key),
                session_id=sid,
                patient=patient,
                balance=balance,
                source=source,
                cache=memo,
            )
            if session is not None:
                check_gold(session)
                out.append(session)
    return out


def check_gold(session: Session) -> None:
    """Assert that every turn's gold answer and actions score 1.0 in both languages.

    Raises:
        GoldScoreError: Naming the session, turn, language and the failing items.
        RubricContradictionError: A turn's rubric contradicts itself (round 15b).
    """
    from physassist_env.grading import grade_gold, make_grader
    from physassist_env.scenarios.rubric_consistency import contradictions

    grader = make_grader("rules")  # grade_gold's default, made once for the session
    seen: list[str] = []
    for turn in session.turns:
        if bad := contradictions(turn.rubric):
            raise RubricContradictionError(
                f"{session.session_id} turn {turn.index} ({turn.topic}) rubric contradicts itself: {bad}"
            )
        for language in ("en", "zh"):
            grade = grade_gold(turn, language, seen, grader=grader)
            if grade.score != 1.0:
                failed = [
                    f"{i.id}: {i.reason}"
                    for i in grade.items
                    if (i.points > 0) != i.met
                ]
                raise GoldScoreError(
                    f"{session.session_id} turn {turn.index} ({turn.topic}, {language}) gold scores {grade.score}: {failed}; gold answer: {turn.gold_answer.get(language)!r}"
                )
        seen += turn.gold_observations


def generate_sessions(
    records: Iterable[PatientRecord],
    *,
    seed: int = 0,
    test_per_cell: int = 27,
    validation_fraction: float = 0.1,
    source: str = "synthetic",
    progress: bool = True,
    total: int | None = None,
) -> Generated:
    """Build, check and split sessions for ``records``.

    Args:
        records: Canonical patient records (streamed; only those with sessions are kept).
        seed: Seed of every choice.
        test_per_cell: Target test sessions per (scenario, tier) cell.
        validation_fraction: Share of the non-test patients that go to validation.
        source: Source name stored on each session.
        progress: Show a progress bar.
        total: Number of records, for the progress bar.

    Returns:
        A :class:`Generated` with split sessions, their records and unfilled test cells.

    Raises:
        GoldScoreError: If a gold answer does not score 1.0.
    """
    if not 0 <= validation_fraction < 1:
        raise ValueError(f"validation_fraction={validation_fraction} must be in [0, 1)")
    if test_per_cell < 0:
        raise ValueError(f"test_per_cell={test_per_cell} must be >= 0")
    balance = Balance()
    per_patient: dict[str, list[Session]] = {}
    out = Generated()
    for record in tqdm(
        records, total=total, desc="sessions", unit="patient", disable=not progress
    ):
        sessions = candidate_sessions(record, seed, balance, source)
        if sessions:
            per_patient[record.patient_id] = sessions
            out.records[record.patient_id] = record
            out.candidates.update((s.scenario.value, s.tier.value) for s in sessions)
    out.sessions, out.unfilled = split_sessions(
        per_patient,
        seed=seed,
        test_per_cell=test_per_cell,
        validation_fraction=validation_fraction,
    )
    used = {s.patient_id for s in out.sessions}
    out.records = {pid: r for pid, r in out.records.items() if pid in used}
    return out


def _decisions(key: SessionKey) -> Counter[tuple[str, str]]:
    """(topic, decision) of each decision turn of a session (by its key)."""
    return Counter(key.decisions)


#: The largest share one outcome may hold within a decision topic on the test split.
MAX_TEST_SHARE = 0.6


def _excess(outcomes: Counter[tuple[str, str]]) -> float:
    """How far decision topics exceed :data:`MAX_TEST_SHARE` (summed over topics): a
    topic's most common outcome's turns beyond ``0.6 n`` of its ``n`` turns (0 when within;
    a fraction, so that dropping one of two turns of a topic held 100 % is progress)."""
    by_topic: dict[str, list[int]] = {}
    for (topic, _), n in outcomes.items():
        if n:
            by_topic.setdefault(topic, []).append(n)
    return sum(
        max(0.0, max(c) - MAX_TEST_SHARE * sum(c) - 1e-9) for c in by_topic.values()
    )


def _over_held(outcomes: Counter[tuple[str, str]]) -> set[tuple[str, str]]:
    """(topic, outcome) of each topic's most common outcome when it holds more than
    :data:`MAX_TEST_SHARE` of the topic's turns."""
    by_topic: dict[str, Counter[str]] = {}
    for (topic, decision), n in outcomes.items():
        if n:
            by_topic.setdefault(topic, Counter())[decision] = n
    out = set()
    for topic, c in by_topic.items():
        top, n = max(c.items(), key=lambda x: (x[1], x[0]))
        if n > math.floor(MAX_TEST_SHARE * sum(c.values()) + 1e-9):
            out.add((topic, top))
    return out


def _repair_outcomes(
    chosen: list[SessionKey], per_patient: dict[str, list[SessionKey]], order: list[str]
) -> list[SessionKey]:
    """``chosen`` with test sessions swapped until no decision topic's outcome exceeds
    :data:`MAX_TEST_SHARE` (or no swap helps): a session carrying a topic's over-held
    outcome is replaced by one of the same scenario x tier cell, with at least one
    decision turn and at most one fewer, from a patient not in the test split (in the
    seeded ``order``) when
    the swap lowers :func:`_excess`. A topic with one test turn holds 100 % of it, so such
    a turn is swapped out too. The grid is kept (a swap never changes a cell's count), and
    decisions are not traded for lookups."""
    chosen = list(chosen)
    outcomes: Counter[tuple[str, str]] = Counter()
    for s in chosen:
        outcomes += _decisions(s)
    for _ in range(len(chosen)):
        excess = _excess(outcomes)
        if excess <= 0:
            break
        tested = {s.patient_id for s in chosen}
        over = _over_held(outcomes)
        swap = None
        for i, s in enumerate(chosen):
            if not set(_decisions(s)) & over:
                continue  # this session does not carry an over-held outcome
            without = outcomes - _decisions(s)
            # never a lookup-only session for one with decisions: at most one fewer
            floor = max(1, sum(_decisions(s).values()) - 1)
            cell = (s.scenario, s.tier)
            for pid in order:
                if pid in tested:
                    continue
                for s2 in per_patient[pid]:
                    if (
                        (s2.scenario, s2.tier) == cell
                        and sum(_decisions(s2).values()) >= floor
                        and _excess(without + _decisions(s2)) < excess - 1e-6
                    ):
                        swap = (i, s2)
                        break
                if swap:
                    break
            if swap:
                break
        if swap is None:
            break
        i, s2 = swap
        outcomes = outcomes - _decisions(chosen[i]) + _decisions(s2)
        chosen[i] = s2
    return chosen


@dataclass(frozen=True)
class SessionKey:
    """What :func:`assign_splits` reads of a candidate session (a build keeps these in
    memory and the sessions themselves serialised, :mod:`physassist_env.dataset.candidates`).

    Attributes:
        session_id: The session's id.
        patient_id: Its patient.
        scenario: Its scenario (the test grid's row).
        tier: Its data-richness tier (the test grid's column).
        decisions: ``(topic, decision)`` of each decision turn, in turn order.
    """

    session_id: str
    patient_id: str
    scenario: Scenario
    tier: Tier
    decisions: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, session: Session) -> SessionKey:
        """The key of ``session``."""
        return cls(
            session.session_id,
            session.patient_id,
            session.scenario,
            session.tier,
            tuple((t.topic, t.decision) for t in session.turns if t.decision),
        )


def for_split(session: Session, split: str) -> Session:
    """``session`` as kept in ``split``: the split set and every request in the
    phrasing of that split (:func:`~physassist_env.scenarios.requests.phrase_for_split`)."""
    return phrase_for_split(session.model_copy(update={"split": split}))


def split_sessions(
    per_patient: dict[str, list[Session]],
    *,
    seed: int = 0,
    test_per_cell: int = 27,
    validation_fraction: float = 0.1,
) -> tuple[list[Session], dict[tuple[str, str], int]]:
    """Assign each patient's candidate sessions to test, validation or train
    (:func:`assign_splits` of their keys) and phrase each kept session for its split
    (:func:`for_split`).

    Returns:
        ``(sessions, unfilled)``: the kept sessions with ``split`` set, sorted by split
        then session id, and the test cells below target ((scenario, tier) -> missing).
    """
    by_id = {s.session_id: s for sessions in per_patient.values() for s in sessions}
    kept, unfilled = assign_splits(
        {pid: [SessionKey.of(s) for s in ss] for pid, ss in per_patient.items()},
        seed=seed,
        test_per_cell=test_per_cell,
        validation_fraction=validation_fraction,
    )
    return [for_split(by_id[k.session_id], split) for k, split in kept], unfilled


def assign_splits(
    per_patient: dict[str, list[SessionKey]],
    *,
    seed: int = 0,
    test_per_cell: int = 27,
    validation_fraction: float = 0.1,
) -> tuple[list[tuple[SessionKey, str]], dict[tuple[str, str], int]]:
    """Choose the kept candidate sessions and their splits, from their keys alone.

    Test patients are taken in a seeded order while they fill (scenario, tier) cells
    still below ``test_per_cell``, then test sessions are swapped until no decision
    topic's outcome holds more than :data:`MAX_TEST_SHARE` of its test turns
    (:func:`_repair_outcomes`); of the rest, ``validation_fraction`` go to validation.
    The result depends only on ``per_patient``'s content, not its order. A kept
    session's requests take the phrasing of its split (:func:`for_split`: test
    sessions use test-only phrasing families).

    Returns:
        ``(kept, unfilled)``: ``(key, split)`` of each kept session, sorted by split then
        session id, and the test cells below target ((scenario, tier) -> missing).
    """
    order = sorted(per_patient)
    rng = np.random.default_rng(seed)
    order = [order[i] for i in rng.permutation(len(order))]
    need = Counter(
        {(sc.value, t.value): test_per_cell for sc in Scenario for t in Tier}
    )
    chosen: list[SessionKey] = []  # the test sessions, in the order they were taken
    # Test patients are taken in the seeded order while they fill cells (the planner's
    # balance already keeps each topic's outcomes close); the repair below then swaps the
    # sessions that leave an outcome above MAX_TEST_SHARE of its topic. (Passing over such
    # sessions while filling took sessions without decisions instead: lookups.)
    for pid in order:
        useful = [
            s for s in per_patient[pid] if need[(s.scenario.value, s.tier.value)] > 0
        ]
        taken: Counter[tuple[str, str]] = Counter()
        for s in useful:
            cell = (s.scenario.value, s.tier.value)
            if taken[cell] < need[cell]:
                taken[cell] += 1
                chosen.append(s)
        need -= taken
    chosen = _repair_outcomes(chosen, per_patient, order)
    tested = {s.patient_id for s in chosen}
    kept: list[tuple[SessionKey, str]] = [(s, "test") for s in chosen]
    rest = [pid for pid in order if pid not in tested]
    n_val = round(len(rest) * validation_fraction)
    for i, pid in enumerate(rest):
        split = "validation" if i < n_val else "train"
        kept += [(s, split) for s in per_patient[pid]]
    kept.sort(key=lambda ks: (SPLITS.index(ks[1]), ks[0].session_id))
    unfilled = {cell: n for cell, n in need.items() if n > 0}
    if unfilled:
        # informational: the build reports the same shortfall to the user in its summary
        log.info(
            "test split short of %d sessions per cell in %d cells (sessions missing): %s",
            test_per_cell,
            len(unfilled),
            ", ".join(
                f"{sc}/{t}: {n} missing" for (sc, t), n in sorted(unfilled.items())
            ),
        )
    return kept, unfilled
