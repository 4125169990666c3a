"""Gold answers a physician would sign: INR on warfarin against its therapeutic range,
trends that name a nadir, placeholder orders described as such (issue #16)."""

from __future__ import annotations

import numpy as np
import pytest
from test_facts import PID, _facts, _store

from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.grading.checks import GradingContext, evaluate
from physassist_env.scenarios.model import NegativeCheck
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.scenarios.topics.gathering import labs_trend
from physassist_env.scenarios.topics.lookup import lab_latest, med_current
from physassist_env.scenarios.topics.reasoning import drug_lab_safety
from physassist_env.scenarios.vocab import SAFETY_PAIRS


def _ctx(store=None, day: str = "2150-03-05") -> TopicContext:
    store = store or _store()
    facts = _facts(store)
    return TopicContext(
        facts, EhrToolkit(store.view(PID, day)), np.random.default_rng(0), {}
    )


def _gold_meets_rubric(draft) -> None:
    """Every positive item is met by the gold answer itself (EN and ZH)."""
    for lang in ("en", "zh"):
        answer = getattr(draft.gold_answer, lang)
        ctx = GradingContext(
            answer=answer,
            language=lang,
            tool_calls=draft.gold_actions,
            observations=draft.gold_observations,
        )
        for it in draft.rubric:
            verdict = evaluate(it.check, ctx)
            negative = isinstance(it.check, NegativeCheck)
            assert verdict.met != negative, (
                lang,
                it.criterion.en,
                verdict.reason,
                answer,
            )


def _with_inr(value: float):
    """The fixture's store with the latest INR replaced by ``value``."""
    store = _store()
    ctx = _ctx(store)
    inr = ctx.facts.labs["inr"]
    inr.points[-1] = type(inr.latest)(inr.latest.time, value, "", "H")
    return ctx


@pytest.mark.parametrize(
    ("value", "direction", "word"),
    [(1.4, "low", "subtherapeutic"), (2.4, "normal", "within the therapeutic range"),
     (5.2, "high", "supratherapeutic")],
)  # fmt: skip
def test_inr_on_warfarin_is_read_against_the_therapeutic_range(
    value: float, direction: str, word: str
) -> None:
    ctx = _with_inr(value)
    assert ctx.facts.on_drug("warfarin")
    draft = lab_latest(ctx, "inr")
    assert draft is not None
    flag = next(i for i in draft.rubric if "flag" in i.tags)
    assert flag.check.direction == direction  # the lab's own flag says "H"
    assert word in draft.gold_answer.en and "2.0-3.0" in draft.gold_answer.en
    assert "华法林目标范围" in draft.gold_answer.zh
    assert "which is high" not in draft.gold_answer.en
    _gold_meets_rubric(draft)


def test_drug_lab_safety_reads_inr_against_the_target() -> None:
    ctx = _with_inr(1.4)
    inr = ctx.facts.labs["inr"]
    pair = next(p for p in SAFETY_PAIRS if p.key == "warfarin_inr")
    # drawn on the session day (drug_lab_safety judges only a current value)
    inr.points[-1] = type(inr.latest)(
        ctx.facts.current_date + "T08:00:00", 1.4, "", "H"
    )
    # an INR judges the dose only after 5-7 days on it (Holbrook 2012): a home user here;
    # and without the fixture's rectal haemorrhage (5693), where warfarin is a reversal
    # question, not a dosing one (clinical.bleeding)
    ctx.facts.home["warfarin"] = "Warfarin"
    ctx.facts.conditions = [c for c in ctx.facts.conditions if c[0] != "5693"]
    draft = drug_lab_safety(ctx, pair, "warfarin")
    assert draft is not None
    flag = next(i for i in draft.rubric if "flag" in i.tags)
    assert flag.check.direction == "low"
    assert "subtherapeutic" in draft.gold_answer.en
    _gold_meets_rubric(draft)


def test_inr_off_warfarin_keeps_the_laboratory_flag() -> None:
    ctx = _with_inr(1.4)
    ctx.facts.given.pop("warfarin", None)
    ctx.facts.orders = [o for o in ctx.facts.orders if o.generic != "warfarin"]
    draft = lab_latest(ctx, "inr")
    assert draft is not None
    flag = next(i for i in draft.rubric if "flag" in i.tags)
    assert flag.check.direction == "high"
    assert "therapeutic" not in draft.gold_answer.en


def test_trend_names_a_nadir_far_from_both_ends() -> None:
    store = _store()
    ctx = _ctx(store)
    wbc = ctx.facts.labs["hemoglobin"]
    # Hb 14 -> 9.1 with a nadir of 6.2 in between: the trend alone hides the nadir
    point = type(wbc.latest)
    wbc.points.insert(1, point("2150-03-02T06:00:00", 6.2, "g/dL", "L"))
    assert [w for w, _ in wbc.excursions()] == ["lowest"]
    inr = ctx.facts.labs["inr"]
    draft = labs_trend(ctx, "hemoglobin", "inr")
    assert draft is not None
    # the nadir is the turning point the recent course is read from (clinical.course)
    assert "nadir 6.2 on 2150-03-02, rising since then" in draft.gold_answer.en
    assert "2150-03-02最低 6.2，此后上升" in draft.gold_answer.zh
    values = [i.check.value for i in draft.rubric if "value" in i.tags]
    assert 6.2 in values
    _gold_meets_rubric(draft)
    # two points, or an extreme at an end, need no extra words
    assert inr.excursions() == []


def test_placeholder_orders_are_described_not_dosed() -> None:
    ctx = _ctx()
    insulin = next(o for o in ctx.facts.orders if o.generic == "insulin")
    assert insulin.placeholder == "sliding scale"
    draft = med_current(ctx, "insulin")
    assert draft is not None
    assert "sliding scale" in draft.gold_answer.en
    assert "0 UNIT" not in draft.gold_answer.en and " 0 " not in draft.gold_answer.zh
    assert "滑动剂量" in draft.gold_answer.zh
    assert not [i for i in draft.rubric if "value" in i.tags]
    _gold_meets_rubric(draft)
    warfarin = med_current(ctx, "warfarin")
    assert warfarin is not None and "check with MD" in warfarin.gold_answer.en
    _gold_meets_rubric(warfarin)
