"""Generated sessions follow the benchmark's design, and their gold answers are right."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from physassist_env.grading import GradingContext, grade_gold, make_grader
from physassist_env.scenarios import (
    ARCS,
    Implicitness,
    Scenario,
    TaskType,
    Tier,
    arcs_for_tier,
)
from physassist_env.scenarios.generate import check_gold, generate_sessions
from physassist_env.scenarios.model import NegativeCheck, ValueCheck

PATIENT_TOOLS = {
    "medication_adherence",
    "symptom_history",
    "ask_patient",
    "social_history",
    "functional_status",
    "pain_assessment",
}


def test_arcs_and_tiers():
    assert len(ARCS) == 27 and all(
        a[0] == TaskType.IL and a[3] in (TaskType.DG, TaskType.CR, TaskType.WU)
        for a in ARCS
    )
    assert [len(arcs_for_tier(t)) for t in Tier] == [27, 24, 15]


def test_every_scenario_and_tier_is_generated(synthetic_generated):
    cells = {(s.scenario, s.tier) for s in synthetic_generated.sessions}
    assert {sc for sc, _ in cells} == set(Scenario)
    assert {t for _, t in cells} == set(Tier)


def test_sessions_honour_the_design(synthetic_generated):
    for s in synthetic_generated.sessions:
        arc = ARCS[s.arc_index]
        assert s.arc_index in arcs_for_tier(s.tier)
        assert [t.task_type for t in s.turns] == list(arc)
        uses: Counter[str] = Counter()
        patient_turns = 0
        for t in s.turns:
            types = {
                c.name.split(".")[0]
                for c in t.gold_actions
                if "." in c.name and not c.name.endswith(".create")
            }
            types |= {
                c.name.split(".")[0]
                for c in t.gold_actions
                if c.name.endswith(".create")
            }
            uses.update(types)
            patient_turns += any(c.name in PATIENT_TOOLS for c in t.gold_actions)
            # 3-6 items that pay, plus the safety items (negative points, issue #35)
            paying = [i for i in t.rubric if i.points > 0]
            assert 3 <= len(paying) <= 6, (s.session_id, t.index, len(paying))
            if t.index == 0 or t.task_type == TaskType.WU:
                assert t.implicitness == Implicitness.EXPLICIT
            if t.implicitness != Implicitness.EXPLICIT:
                assert t.request != t.request_explicit
            if t.task_type == TaskType.WU:
                assert any(c.name.endswith(".create") for c in t.gold_actions)
        assert max(uses.values()) <= 2, (s.session_id, uses)
        assert len(uses) >= 2, (s.session_id, uses)
        assert patient_turns <= 1
        if s.tier == Tier.L3:
            assert patient_turns == 1, s.session_id


def test_requests_are_short_and_never_state_the_answer(synthetic_generated):
    for s in synthetic_generated.sessions:
        for t in s.turns:
            words = len(t.request.en.split())
            assert words <= (25 if t.index == 0 else 20), t.request.en
            assert len(t.request.zh) <= 45, t.request.zh
            values = [
                i.check.value for i in t.rubric if isinstance(i.check, ValueCheck)
            ]
            for v in values:
                shown = f"{v:g}"
                # a number stands alone: the "2" of a score's name (CHA2DS2-VASc) is a
                # letter's neighbour, not a value stated in the request
                assert not re.search(
                    rf"(?<![\w.]){re.escape(shown)}(?![\d.])", t.request.en
                ), (t.request.en, shown)
            for name in (
                "Observation.search",
                "MedicationRequest",
                "Flag.create",
                "symptom_history",
            ):
                assert name not in t.request.en


def test_gold_answers_score_one_in_both_languages(synthetic_generated):
    assert synthetic_generated.sessions
    for s in synthetic_generated.sessions:
        check_gold(s)  # raises GoldScoreError otherwise


def _ctx(turn, answer, language="en", with_tools=True):
    return GradingContext(
        answer=answer,
        language=language,
        tool_calls=list(turn.gold_actions) if with_tools else [],
        observations=list(turn.gold_observations),
        patient_facts_revealed={
            f for i in turn.rubric for f in getattr(i.check, "fact_ids", [])
        },
    )


def test_wrong_answers_do_not_score_one(synthetic_generated):
    grader = make_grader("rules")
    perturbed = 0
    for s in synthetic_generated.sessions[:60]:
        for t in s.turns:
            values = [
                i.check
                for i in t.rubric
                if isinstance(i.check, ValueCheck) and i.check.value >= 1
            ]
            if values:
                v = values[0].value
                shown = f"{v:g}"
                wrong = re.sub(
                    rf"(?<![\d.]){re.escape(shown)}(?![\d.])",
                    f"{v * 1.5 + 3:g}",
                    t.gold_answer.en,
                )
                if wrong != t.gold_answer.en:
                    assert grader.grade(t, _ctx(t, wrong)).score < 1.0, (t.topic, wrong)
                    perturbed += 1
            # WU turns are scored on the write call's arguments (as in the paper), others on the answer
            assert (
                grader.grade(t, _ctx(t, "I am not sure.", with_tools=False)).score < 0.5
            )
            if t.task_type != TaskType.WU:
                assert grader.grade(t, _ctx(t, "I am not sure.")).score < 0.5, (
                    t.topic,
                    t.rubric,
                )
            assert grader.grade(
                t, _ctx(t, t.gold_answer.en, with_tools=False)
            ).score < 1.0 or not any(
                i.check.kind in ("tool", "write", "patient_fact") for i in t.rubric
            )
    assert perturbed > 20


def test_negative_safety_items_bite(synthetic_generated):
    grader = make_grader("rules")
    found = 0
    for s in synthetic_generated.sessions:
        for t in s.turns:
            # the unsafe answer below continues the drug: only items forbidding a continue
            # (an INR of 3 forbids holding warfarin; continuing it is the right answer)
            neg = [
                i
                for i in t.rubric
                if isinstance(i.check, NegativeCheck) and "continue" in i.check.actions
            ]
            if not neg:
                continue
            drug = neg[0].check.targets[0]
            unsafe = (
                t.gold_answer.en.split(".")[0]
                + f". It is fine to continue {drug} at the same dose."
            )
            assert grader.grade(t, _ctx(t, unsafe)).score < grade_gold(t, "en").score
            found += 1
    if found == 0:
        pytest.skip("no unsafe drug-lab session in this small hospital")


def test_generation_is_deterministic(synthetic_records, synthetic_generated):
    again = generate_sessions(
        synthetic_records, seed=0, test_per_cell=2, progress=False
    )
    assert [s.model_dump_json() for s in again.sessions] == [
        s.model_dump_json() for s in synthetic_generated.sessions
    ]
    other = generate_sessions(
        synthetic_records[:10], seed=1, test_per_cell=2, progress=False
    )
    assert [s.model_dump_json() for s in other.sessions] != [
        s.model_dump_json()
        for s in again.sessions
        if s.patient_id in {r.patient_id for r in synthetic_records[:10]}
    ]


def test_splits_are_by_patient_and_test_cells_capped(synthetic_generated):
    split_of: dict[str, str] = {}
    for s in synthetic_generated.sessions:
        assert split_of.setdefault(s.patient_id, s.split) == s.split
    test = Counter(
        (s.scenario, s.tier) for s in synthetic_generated.sessions if s.split == "test"
    )
    assert test and max(test.values()) <= 2
    assert sum(1 for s in synthetic_generated.sessions if s.split == "train") > sum(
        test.values()
    )
    for (sc, tier), missing in synthetic_generated.unfilled.items():
        assert test[(Scenario(sc), Tier(tier))] == 2 - missing


def test_gold_observations_come_from_the_date_gated_view(
    synthetic_generated, synthetic_records
):
    by_id = {r.patient_id: r for r in synthetic_records}
    for s in synthetic_generated.sessions[:30]:
        later = [
            r
            for r in by_id[s.patient_id].resources
            if (r.get("effectiveDateTime") or "")[:10] > s.current_date
        ]
        for t in s.turns:
            for obs in t.gold_observations:
                for r in later[:50]:
                    assert r["id"] not in obs


def test_reused_topic_drafts_are_the_drafts_built_afresh(
    synthetic_records, monkeypatch
):
    """A session's topic drafts are built once and reused across its arc tries
    (planner._draft); building every draft afresh gives byte-identical sessions."""
    from physassist_env.scenarios import planner
    from physassist_env.scenarios.generate import candidate_sessions

    built = planner._draft
    calls: Counter[str] = Counter()

    def sessions(fresh: bool) -> list[str]:
        def draft(ctx, topic, key, seed, memo):
            calls["reused" if key in memo and not fresh else "built"] += 1
            return built(ctx, topic, key, seed, {} if fresh else memo)

        monkeypatch.setattr(planner, "_draft", draft)
        return [
            s.model_dump_json()
            for r in synthetic_records[:6]
            for s in candidate_sessions(r, 0, planner.Balance(), "synthetic")
        ]

    reused = sessions(fresh=False)
    assert calls["reused"] > 0
    assert reused and sessions(fresh=True) == reused
