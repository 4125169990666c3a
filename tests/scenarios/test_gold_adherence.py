"""An adherence interview whose answer changes the plan (issue #36): the gold states what
the patient's account does to the order (continue as ordered, or reconcile first), a
critical conclusion that the opposite plan fails; the turn's decision is balanced by the
planner like any decision topic."""

from __future__ import annotations

import numpy as np
import pytest

from physassist_env.ehr.store import FhirStore
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.grading import grade_gold
from physassist_env.patient.models import Adherence
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.model import Implicitness, Scenario, TaskType
from physassist_env.scenarios.patient_turns import (
    ADHERENCE_PLAN,
    BLEED_PLAN,
    PatientTurns,
    patient_adherence,
)
from physassist_env.scenarios.planner import _turn, current_date_for, focus_for
from physassist_env.scenarios.provenance import ProvenanceBinder
from physassist_env.scenarios.topics import TopicContext


def _drafts(records: list, limit: int = 12) -> list:
    """(draft, ctx, adherence) of adherence turns of the small hospital, IL and DG."""
    out = []
    for rec in records:
        store = FhirStore.from_records([rec])
        for enc in admissions(rec):
            cur = current_date_for(enc, Scenario.DISCHARGE_PLANNING)
            view = store.view(rec.patient_id, cur)
            facts = admission_facts(view, enc)
            rng = np.random.default_rng(0)
            focus = focus_for(Scenario.DISCHARGE_PLANNING, facts, rng) or {}
            ctx = TopicContext(facts, EhrToolkit(view), rng, focus)
            ctx.patient = PatientTurns(rec, 0, as_of=cur, store=store)
            for g in sorted(facts.home):
                for task in (TaskType.IL, TaskType.DG):
                    d = patient_adherence(ctx, g, task)
                    if d is not None:
                        adherence = ctx.patient.memory.persona.adherence[g]
                        out.append((d, ctx, adherence))
            if len(out) >= limit:
                return out
    return out


@pytest.fixture(scope="module")
def drafts(synthetic_records):
    found = _drafts(synthetic_records)
    if not found:
        pytest.skip("no adherence interview in the small hospital")
    return found


def _plain(drafts: list) -> list:
    """The drafts whose plan is the patient's account alone: not an antithrombotic in a
    bleeding chart (``BLEED_PLAN``) nor an order stopped before the session (both in
    test_gold_fixes_h39l)."""
    out = [
        x
        for x in drafts
        if x[0].decision not in BLEED_PLAN
        and "order is active now" not in x[0].gold_answer.en
    ]
    assert out
    return out


def test_the_plan_follows_the_patients_account(drafts):
    for d, _, adherence in _plain(drafts):
        good = adherence == Adherence.GOOD
        plan_en, plan_zh, terms = ADHERENCE_PLAN[good]
        assert d.decision == ("continue as ordered" if good else "reconcile first")
        assert plan_en in d.gold_answer.en and plan_zh in d.gold_answer.zh
        conclusion = [
            i for i in d.rubric if i.critical and getattr(i.check, "contradicts", None)
        ]
        assert len(conclusion) == 1 and conclusion[0].check.terms == terms
        assert conclusion[0].check.contradicts == ADHERENCE_PLAN[not good][2]


def test_gold_scores_one_and_the_opposite_plan_is_capped(drafts):
    plain = _plain(drafts)
    for d, ctx, adherence in drafts:
        binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
        turn = _turn(0, d, Implicitness.EXPLICIT, binder)
        good = adherence == Adherence.GOOD
        for k, lang in enumerate(("en", "zh")):
            assert grade_gold(turn, lang).score == 1.0, (lang, d.gold_answer)
            if (d, ctx, adherence) not in plain:
                continue
            # the same answer with the other plan: the decision is wrong
            answer = getattr(turn.gold_answer, lang).replace(
                ADHERENCE_PLAN[good][k], ADHERENCE_PLAN[not good][k]
            )
            wrong = turn.model_copy(
                update={
                    "gold_answer": turn.gold_answer.model_copy(update={lang: answer})
                }
            )
            assert grade_gold(wrong, lang).score <= 0.5, (lang, answer)


def test_anticoagulant_interview_during_active_bleeding_says_held(synthetic_records):
    """An anticoagulant in active bleeding is held (ACC ECDP 2020): the interview's gold
    never says "continue as ordered" (the grader's anticoagulant_in_bleeding); it says
    the drug is held for the bleed, whatever the patient's home use."""
    import dataclasses

    from physassist_env.clinical.harm import ANTICOAGULANTS

    for rec in synthetic_records:
        store = FhirStore.from_records([rec])
        for enc in admissions(rec):
            cur = current_date_for(enc, Scenario.DISCHARGE_PLANNING)
            view = store.view(rec.patient_id, cur)
            facts = admission_facts(view, enc)
            drugs = sorted(set(facts.home) & ANTICOAGULANTS)
            if not drugs:
                continue
            ctx = TopicContext(facts, EhrToolkit(view), np.random.default_rng(0), {})
            ctx.patient = PatientTurns(rec, 0, as_of=cur, store=store)
            if patient_adherence(ctx, drugs[0], TaskType.IL) is None:
                continue
            bleeding = dataclasses.replace(
                facts, conditions=[*facts.conditions, ("K92.2", "GI haemorrhage")]
            )
            assert bleeding.bleeding_coded()
            ctx.facts = bleeding
            d = patient_adherence(ctx, drugs[0], TaskType.IL)
            assert d is not None and d.decision == "hold for bleeding"
            assert "not continued as ordered" in d.gold_answer.en
            assert "held" in d.gold_answer.en
            return
    pytest.skip("no anticoagulant adherence interview in the small hospital")
