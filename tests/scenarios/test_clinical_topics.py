"""The clinical-work topics (scores, renal, haematology, electrolytes, antimicrobials,
records, reconciliation, orders): gold grades 1.0 in EN and ZH, premises gate them, and
wrong answers fail."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterator

import numpy as np
import pytest
from test_gold6_rules import without_potassium_given
from test_gold_rules import facts_seen

from physassist_env.clinical import scores
from physassist_env.ehr.store import FhirStore
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.grading import GradingContext, grade_gold, make_grader
from physassist_env.scenarios.derived import active_generics, aki_facts
from physassist_env.scenarios.features import (
    LabPoint,
    LabSeries,
    MedOrder,
    admission_facts,
)
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.model import (
    Implicitness,
    MentionCheck,
    Scenario,
    TaskType,
    ValueCheck,
)
from physassist_env.scenarios.planner import (
    _turn,
    current_date_for,
    discharged_alive,
    focus_for,
)
from physassist_env.scenarios.provenance import ProvenanceBinder
from physassist_env.scenarios.topics import TopicContext
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import hematology as HE
from physassist_env.scenarios.topics import orders as OR
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import records as RE
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import scores as SC
from physassist_env.scenarios.topics.base import Draft

GRADER = make_grader("rules")

#: Family -> topics taking only the context.
SIMPLE: dict[str, list[Callable]] = {
    "scores": [SC.meld_na, SC.has_bled],
    "renal": [RN.kdigo_aki, RN.aki_consult],
    "hematology": [HE.transfusion_threshold, HE.transfuse_order, HE.warfarin_inr],
    "electrolytes": [
        EL.potassium_dose,
        EL.hyperkalemia_plan,
        EL.replace_magnesium,
        EL.glucose_pattern,
    ],
    "antimicrobials": [
        AM.susceptibilities,
        AM.conditional_cultures,
        AM.lactate_clearance,
        AM.deescalation,
    ],
    "records": [RE.allergies],
    "reconciliation": [RC.admission_reconciliation, RC.discharge_changes],
    "orders": [OR.qt_combination, OR.qt_flag, OR.potassium_recheck],
}


def _contexts(records: list) -> Iterator[tuple[Scenario, Callable[[], TopicContext]]]:
    """(scenario, fresh-context factory) for every admission and scenario with a focus."""
    for rec in records:
        store = FhirStore.from_records([rec])
        for enc in admissions(rec):
            for sc in Scenario:
                cur = current_date_for(enc, sc)

                def make(
                    store=store, rec=rec, enc=enc, cur=cur, sc=sc
                ) -> TopicContext | None:
                    facts = admission_facts(store.view(rec.patient_id, cur), enc)
                    facts.discharged_alive = discharged_alive(
                        store, rec.patient_id, enc
                    )
                    rng = np.random.default_rng(0)
                    focus = focus_for(sc, facts, rng)
                    if focus is None:
                        return None
                    return TopicContext(
                        facts, EhrToolkit(store.view(rec.patient_id, cur)), rng, focus
                    )

                yield sc, make


@pytest.fixture(scope="module")
def drafts(synthetic_records: list) -> dict[str, list[Draft]]:
    """Every draft the new topics produce on the small hospital, by topic."""
    out: dict[str, list[Draft]] = {}
    for _, make in _contexts(synthetic_records):
        ctx = make()
        if ctx is None:
            continue
        fns: list[Callable] = [fn for fam in SIMPLE.values() for fn in fam]
        fns += [
            lambda c, g=g: RN.nephrotoxin_review(c, g)
            for g in active_generics(ctx.facts)
        ]
        fns += [lambda c, g=g: RE.last_dose(c, g) for g in ctx.facts.given]
        fns += [lambda c, k=k: RE.lab_peak(c, k) for k in ctx.facts.labs]
        fns += [lambda c, k=k: RE.lab_nadir(c, k) for k in ctx.facts.labs]
        for fn in fns:
            d = fn(ctx)
            if d is not None:
                _CONTEXT[id(d)] = ctx
                out.setdefault(d.topic, []).append(d)
    return out


#: The context each fixture draft was made in (drafts are plain dataclasses, unhashable).
_CONTEXT: dict[int, TopicContext] = {}


def _turn0(draft: Draft, ctx: TopicContext | None = None):
    """The draft as turn 0, bound to its context's record rows as the planner binds it."""
    if ctx is not None:
        _CONTEXT[id(draft)] = ctx  # later _grade calls on this draft reuse it
    ctx = _CONTEXT[id(draft)]
    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
    return _turn(0, draft, Implicitness.EXPLICIT, binder)


def _grade(
    draft: Draft,
    answer: str,
    language: str = "en",
    tools: bool = True,
    ctx: TopicContext | None = None,
) -> float:
    turn = _turn0(draft, ctx)
    return GRADER.grade(
        turn,
        GradingContext(
            answer=answer,
            language=language,
            tool_calls=list(turn.gold_actions) if tools else [],
            observations=[*facts_seen(_CONTEXT[id(draft)]), *turn.gold_observations],
            patient_facts_revealed=set(),
        ),
    ).score


def test_the_small_hospital_exercises_most_new_topics(drafts):
    # Topics whose premise the 40-patient synthetic hospital never meets (no atrial
    # fibrillation, no warfarin, no low magnesium) are covered by the injected tests below.
    assert len(drafts) >= 20, sorted(drafts)


def test_gold_grades_one_in_both_languages(drafts):
    for topic, ds in drafts.items():
        for d in ds[:25]:
            turn = _turn0(d)
            for lang in ("en", "zh"):
                g = grade_gold(turn, lang, [])
                assert g.score == 1.0, (
                    topic,
                    lang,
                    getattr(d.gold_answer, lang),
                    [i.reason for i in g.items if (i.points > 0) != i.met],
                )


def test_requests_come_from_at_least_three_cores_and_state_no_answer(drafts):
    for topic, ds in drafts.items():
        for d in ds[:10]:
            # 3-6 items that pay, plus the safety items (negative points, issue #35)
            paying = [i for i in d.rubric if i.points > 0]
            assert 3 <= len(paying) <= 6, (topic, len(paying))
            values = [
                i.check.value for i in d.rubric if isinstance(i.check, ValueCheck)
            ]
            for v in values:
                assert not re.search(
                    rf"(?<![\d.]){re.escape(f'{v:g}')}(?![\d.])", d.explicit.en
                ), (topic, d.explicit.en)
            assert not re.search(
                r"[A-Za-z]{4,}",
                re.sub(
                    r"\b(MELD-Na|HAS-BLED|KDIGO|INR|QT|QTc|AKI|ECG|CRP)\b",
                    "",
                    d.explicit.zh,
                ),
            ), d.explicit.zh


def test_unsure_and_perturbed_answers_fail(drafts):
    perturbed = 0
    for topic, ds in drafts.items():
        for d in ds[:15]:
            assert _grade(d, "I am not sure.", tools=False) < 0.5, topic
            if d.task_type != TaskType.WU:
                assert _grade(d, "I am not sure.") < 0.5, topic
            for it in d.rubric:
                if isinstance(it.check, ValueCheck) and it.check.value >= 1:
                    shown = f"{it.check.value:g}"
                    # a whole value may be written with its decimal ("3.0" for 3)
                    tail = r"(?:\.0+)?" if "." not in shown else ""
                    wrong = re.sub(
                        rf"(?<![\d.]){re.escape(shown)}{tail}(?![\d.])",
                        f"{it.check.value * 1.5 + 3:g}",
                        d.gold_answer.en,
                    )
                    if wrong != d.gold_answer.en:
                        assert _grade(d, wrong) < 1.0, (topic, wrong)
                        perturbed += 1
                    break
    assert perturbed >= 20


def test_opposite_conclusions_fail(drafts):
    """An answer that states the opposite conclusion (or hedges) never scores 1.0."""
    checked = Counter()
    for topic, ds in drafts.items():
        for d in ds[:15]:
            for it in d.rubric:
                if (
                    it.critical
                    and isinstance(it.check, MentionCheck)
                    and it.check.contradicts
                ):
                    opposite = it.check.contradicts[0]
                    text = re.sub(
                        "|".join(
                            re.escape(t)
                            for t in sorted(it.check.terms, key=len, reverse=True)
                        ),
                        opposite,
                        d.gold_answer.en,
                        flags=re.I,
                    )
                    assert _grade(d, text) < 1.0, (topic, text)
                    checked[topic] += 1
    assert len(checked) >= 5, checked


# ---------------------------------------------------------------- formulas
def test_score_formulas():
    # MELD(i) = 10 x (0.957 ln 1.4 + 0.378 ln 3.2 + 1.120 ln 1.8 + 0.643) = 20.6; with Na 130:
    # 20.6 + 1.32 x 7 - 0.033 x 20.6 x 7 = 25.1 -> 25 (OPTN 2016)
    assert scores.meld_na(bilirubin=3.2, inr=1.8, creatinine=1.4, sodium=130) == (
        25,
        21,
    )
    # MELD(i) <= 11: no sodium term; values below 1 count as 1
    assert scores.meld_na(bilirubin=0.5, inr=1.0, creatinine=0.6, sodium=120) == (6, 6)
    assert scores.kdigo_aki_stage(baseline=1.0, peak=1.2, rise_48h=0.1) == 0
    assert scores.kdigo_aki_stage(baseline=1.0, peak=1.3, rise_48h=0.3) == 1
    assert scores.kdigo_aki_stage(baseline=1.0, peak=2.4, rise_48h=0.5) == 2
    assert scores.kdigo_aki_stage(baseline=1.5, peak=4.1, rise_48h=0.5) == 3
    assert scores.has_bled(
        uncontrolled_htn=False, abnormal_renal=True, abnormal_liver=False, stroke=True,
        bleeding=False, labile_inr=False, elderly=True, drugs=True, alcohol=False,
    ) == 4  # fmt: skip


def test_deescalation_ladder_respects_resistance():
    mssa = {
        "organism": "STAPH AUREUS COAG +",
        "susceptibility": {"oxacillin": "S", "vancomycin": "S"},
    }
    mrsa = {
        "organism": "STAPH AUREUS COAG +",
        "susceptibility": {"oxacillin": "R", "vancomycin": "S"},
    }
    kleb = {
        "organism": "KLEBSIELLA PNEUMONIAE",
        "susceptibility": {"ampicillin": "S", "ceftriaxone": "S"},
    }
    ecoli = {
        "organism": "ESCHERICHIA COLI",
        "susceptibility": {
            "ampicillin": "R",
            "ceftriaxone": "R",
            "piperacillin/tazo": "S",
        },
    }
    assert AM.narrowest_agent(mssa) == "cefazolin"
    assert AM.narrowest_agent(mrsa) == "vancomycin"
    assert (
        AM.narrowest_agent(kleb) == "ceftriaxone"
    )  # intrinsically ampicillin-resistant
    assert AM.narrowest_agent(ecoli) == "piperacillin"


# ---------------------------------------------------------------- premises (injected facts)
def _first(synthetic_records, pred) -> TopicContext:
    for _, make in _contexts(synthetic_records):
        ctx = make()
        if ctx is not None and pred(ctx):
            return ctx
    pytest.skip("no admission of the small hospital fits this premise")


def _series(key: str, values: list[float], unit: str, flag: str = "") -> LabSeries:
    from physassist_env.scenarios.vocab import LABS

    pts = [
        LabPoint(f"2150-01-0{i + 1}T08:00:00", v, unit, flag)
        for i, v in enumerate(values)
    ]
    return LabSeries(LABS[key], pts)


def _today(ctx: TopicContext, series: LabSeries, days_before: int = 0) -> LabSeries:
    """``series`` moved so that its latest value is ``days_before`` the session day."""
    from datetime import date, timedelta

    last = date.fromisoformat(series.latest.time[:10])
    target = date.fromisoformat(ctx.facts.current_date) - timedelta(days=days_before)
    shift = target - last
    pts = [
        LabPoint(
            (date.fromisoformat(p.time[:10]) + shift).isoformat() + p.time[10:],
            p.value,
            p.unit,
            p.flag,
        )
        for p in series.points
    ]
    return LabSeries(series.lab, pts)


def test_has_bled_needs_atrial_fibrillation_and_grades(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: c.facts.age is not None and not c.facts.ever_had("I48", "42731"),
    )
    assert SC.has_bled(ctx) is None
    ctx.facts.history.append(
        ("I4891", "Unspecified atrial fibrillation", ctx.facts.hadm_id)
    )
    d = SC.has_bled(ctx)
    assert d is not None and d.topic == "has_bled"
    for lang in ("en", "zh"):
        assert grade_gold(_turn0(d, ctx), lang, facts_seen(ctx)).score == 1.0
    verdict = next(
        v
        for v in (
            "a high bleeding risk",
            "a moderate bleeding risk",
            "a low bleeding risk",
        )
        if v in d.gold_answer.en
    )
    flipped = d.gold_answer.en.replace(
        verdict,
        "a low bleeding risk" if "high" in verdict else "a high bleeding risk",
    )
    assert _grade(d, ctx=ctx, answer=flipped) < 1.0


@pytest.mark.parametrize(
    "inr,band,decision",
    [
        (1.5, "subtherapeutic", "increase"),
        (2.4, "within", "Continue"),
        (4.2, "supratherapeutic", "Hold"),
    ],
)
def test_warfarin_inr_bands(synthetic_records, inr, band, decision):
    ctx = _first(
        synthetic_records,
        lambda c: "inr" in c.facts.labs and not c.facts.bleeding_coded(),
    )
    assert HE.warfarin_inr(ctx) is None  # not on warfarin
    today = ctx.facts.current_date + "T08:00:00"
    ctx.facts.orders.append(
        MedOrder(
            "w1", "Warfarin", "warfarin", 5.0, "mg", "PO", "DAILY", "active", today, ""
        )
    )
    ctx.facts.labs["inr"] = _today(ctx, _series("inr", [1.2, inr], ""))
    assert (
        HE.warfarin_inr(ctx) is None
    )  # started today: the INR cannot judge the dose yet
    ctx.facts.home["warfarin"] = "discharged on it"
    d = HE.warfarin_inr(ctx)
    assert (
        d is not None
        and band in d.gold_answer.en
        and decision.lower() in d.gold_answer.en.lower()
    )
    for lang in ("en", "zh"):
        assert grade_gold(_turn0(d, ctx), lang, facts_seen(ctx)).score == 1.0
    if inr > 3:
        assert (
            _grade(
                d,
                ctx=ctx,
                answer=f"INR is {inr}, fine on warfarin: continue the warfarin.",
            )
            < 0.6
        )


def test_transfusion_threshold_premises(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: (
            "hemoglobin" in c.facts.labs
            and HE._threshold(c) is not None
            and not c.facts.ever_had(*HE._CARDIAC)
        ),
    )
    ctx.facts.labs["hemoglobin"] = _today(
        ctx, _series("hemoglobin", [9.0, 6.6], "g/dL", "L")
    )
    d = HE.transfusion_threshold(ctx)
    assert d is not None and "Transfuse one unit" in d.gold_answer.en
    assert (
        _grade(d, ctx=ctx, answer="Hemoglobin 6.6 g/dL: no transfusion is indicated.")
        < 0.6
    )
    ctx.facts.labs["hemoglobin"] = _today(
        ctx, _series("hemoglobin", [9.0, 7.6], "g/dL", "L")
    )
    assert "No transfusion" in HE.transfusion_threshold(ctx).gold_answer.en  # type: ignore[union-attr]
    assert HE.transfuse_order(ctx) is None
    ctx.facts.history.append(("I2510", "Coronary atherosclerosis", ctx.facts.hadm_id))
    assert "Transfuse one unit" in HE.transfusion_threshold(ctx).gold_answer.en  # type: ignore[union-attr]
    ctx.facts.conditions.append(("K922", "Gastrointestinal hemorrhage"))
    assert HE.transfusion_threshold(ctx) is None and HE.transfuse_order(ctx) is None


def test_electrolyte_premises_and_doses(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: (
            "potassium" in c.facts.labs and EL.renal_ok(c) and not EL.cardiac_target(c)
        ),
    )
    # no potassium already ordered or given after the injected draw (that is
    # rechecked, not dosed)
    without_potassium_given(ctx)
    ctx.facts.labs["potassium"] = _today(
        ctx, _series("potassium", [3.9, 3.2], "mEq/L", "L")
    )
    assert "40 mEq" in EL.potassium_dose(ctx).gold_answer.en  # type: ignore[union-attr]
    ctx.facts.labs["potassium"] = _today(
        ctx, _series("potassium", [3.9, 2.7], "mEq/L", "L")
    )
    d = EL.potassium_dose(ctx)
    assert d is not None and "80 mEq" in d.gold_answer.en
    assert (
        _grade(
            d,
            "Potassium 2.7 is low: replace it with potassium chloride 20 mEq PO, check magnesium, recheck.",
            ctx=ctx,
        )
        < 1.0
    )
    assert EL.hyperkalemia_plan(ctx) is None
    ctx.facts.labs["potassium"] = _today(
        ctx, _series("potassium", [4.9, 6.8], "mEq/L", "H")
    )
    assert EL.potassium_dose(ctx) is None
    d = EL.hyperkalemia_plan(ctx)
    assert d is not None and "calcium" in d.gold_answer.en and "ECG" in d.gold_answer.en
    # a potassium several days old is not dosed on (a new level is needed first)
    stale = ctx.facts.labs["potassium"]
    ctx.facts.labs["potassium"] = _today(
        ctx, _series("potassium", [4.9, 6.8], "mEq/L", "H"), 3
    )
    assert EL.hyperkalemia_plan(ctx) is None
    ctx.facts.labs["potassium"] = _today(
        ctx, _series("potassium", [3.9, 2.7], "mEq/L", "L"), 3
    )
    assert EL.potassium_dose(ctx) is None
    ctx.facts.labs["potassium"] = stale
    ctx.facts.labs["creatinine"] = _series("creatinine", [1.0, 2.5], "mg/dL", "H")
    ctx.facts.labs["potassium"] = _series("potassium", [3.9, 3.2], "mEq/L", "L")
    assert (
        EL.potassium_dose(ctx) is None
    )  # renal impairment: standard doses do not apply
    ctx.facts.labs["magnesium"] = _series("magnesium", [1.8, 1.2], "mg/dL", "L")
    assert EL.replace_magnesium(ctx) is None


def test_kdigo_staging_and_nephrotoxins(synthetic_records):
    ctx = _first(synthetic_records, lambda c: "creatinine" in c.facts.labs)
    ctx.facts.labs["creatinine"] = _series(
        "creatinine", [1.0, 1.1, 2.3, 1.8], "mg/dL", "H"
    )
    ctx.facts.labs.pop("potassium", None)
    assert aki_facts(ctx.facts).stage == 2  # type: ignore[union-attr]
    d = RN.kdigo_aki(ctx)
    assert d is not None and "stage 2" in d.gold_answer.en
    assert (
        _grade(
            d,
            ctx=ctx,
            answer="Creatinine peaked at 2.3 mg/dL from a baseline of 1.0: no AKI.",
        )
        < 0.6
    )
    ctx.facts.orders.append(
        MedOrder(
            "l1",
            "Lisinopril",
            "lisinopril",
            10.0,
            "mg",
            "PO",
            "DAILY",
            "active",
            ctx.facts.start,
            "",
        )
    )
    d = RN.nephrotoxin_review(ctx, "lisinopril")
    assert d is not None and d.gold_answer.en.startswith("Hold")
    assert _grade(d, ctx=ctx, answer="Creatinine 2.3: continue the lisinopril.") < 0.6
    ctx.facts.labs["creatinine"] = _series("creatinine", [3.0, 1.1, 0.9], "mg/dL", "N")
    # a high first value with nothing before it is not staged against a later nadir
    # (KDIGO 2012 2.1: the baseline lies in the 7 days before the reading), and the
    # question is not asked
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.stage == 0 and aki.peak_unstaged
    assert RN.kdigo_aki(ctx) is None


def test_allergies_never_claim_no_known_allergies(drafts):
    for d in drafts.get("allergies", []):
        assert "no known allergies" not in d.gold_answer.en.lower().replace(
            "not the same as no known allergies", ""
        )
        assert _grade(d, "No known allergies.") < 1.0


def test_reconciliation_only_when_something_differs(drafts):
    for d in drafts.get("admission_reconciliation", []):
        # an omission is named (a substitution or a finished course alone is none)
        assert (
            "not ordered on this admission" in d.gold_answer.en
            or "stopped this admission after being ordered" in d.gold_answer.en
        )
    for d in drafts.get("discharge_changes", []):
        assert (
            "new this time" in d.gold_answer.en
            and "stopped since then" in d.gold_answer.en
        )


def test_qt_combination_needs_two_drugs_or_low_electrolytes(synthetic_records):
    ctx = _first(synthetic_records, lambda c: "potassium" in c.facts.labs)
    ctx.facts.orders = [
        o for o in ctx.facts.orders if o.generic not in ("levofloxacin", "ondansetron")
    ]
    ctx.facts.labs["potassium"] = _series("potassium", [4.0, 4.2], "mEq/L", "N")
    ctx.facts.labs.pop("magnesium", None)
    for g in (
        "levofloxacin",
        "ondansetron",
        "citalopram",
        "haloperidol",
        "amiodarone",
        "azithromycin",
        "ciprofloxacin",
    ):
        ctx.facts.orders = [o for o in ctx.facts.orders if g not in o.name.lower()]
    assert OR.qt_combination(ctx) is None
    ctx.facts.orders.append(
        MedOrder(
            "q1",
            "Ondansetron",
            None,
            4.0,
            "mg",
            "IV",
            "Q8H",
            "active",
            ctx.facts.start,
            "",
        )
    )
    d = OR.qt_combination(ctx)
    assert (
        d is not None
        and d.gold_answer.en.startswith("No QT-prolonging combination")
        and OR.qt_flag(ctx) is None
    )
    ctx.facts.orders.append(
        MedOrder(
            "q2",
            "Levofloxacin",
            "levofloxacin",
            750.0,
            "mg",
            "PO",
            "DAILY",
            "active",
            ctx.facts.start,
            "",
        )
    )
    d = OR.qt_combination(ctx)
    assert (
        d is not None
        and d.gold_answer.en.startswith("Yes")
        and OR.qt_flag(ctx) is not None
    )
    assert (
        _grade(d, ctx=ctx, answer="No QT-prolonging combination; nothing to do.") < 0.6
    )


def test_new_topics_are_offered_by_the_menu(synthetic_generated):
    topics = Counter(t.topic for s in synthetic_generated.sessions for t in s.turns)
    new = {
        "meld_na", "kdigo_aki", "nephrotoxin_review", "transfusion_threshold", "potassium_dose",
        "hyperkalemia_plan", "glucose_pattern", "allergies", "lab_peak", "lab_nadir", "last_dose",
        "conditional_cultures", "lactate_clearance", "qt_combination", "potassium_recheck",
        "admission_reconciliation",
    }  # fmt: skip
    assert len(new & set(topics)) >= 12, sorted(new - set(topics))


def test_facts_are_not_mutated_by_topics(synthetic_records):
    ctx = _first(synthetic_records, lambda c: len(c.facts.labs) >= 3)
    before = dataclasses.asdict(ctx.facts)
    for fam in SIMPLE.values():
        for fn in fam:
            fn(ctx)
    assert dataclasses.asdict(ctx.facts) == before
