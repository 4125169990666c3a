"""Gold a physician signs on real records, round 6 (issue #37): what round 5 left,
fixed by principle and tested on synthetic facts (never on MIMIC values). Each test
fails on the behaviour before the fix."""

from __future__ import annotations

from datetime import date, timedelta

from test_gold_rules import (
    PAIR,
    _dated,
    _first,
    _gold_ok,
    _grade,
    _order,
    _series,
    facts_seen,
)

from physassist_env.clinical.discharge import iv_anti_infective, iv_ppi, weeks_of_iv
from physassist_env.clinical.oncology import antineoplastic, cancer_code
from physassist_env.grading import grade_gold
from physassist_env.scenarios.derived import (
    aki_facts,
    cancer_under_treatment,
    held_warfarin,
    last_discharge_list,
)
from physassist_env.scenarios.features import LabPoint, LabSeries, MedOrder
from physassist_env.scenarios.model import Implicitness
from physassist_env.scenarios.planner import _turn
from physassist_env.scenarios.provenance import ProvenanceBinder
from physassist_env.scenarios.topics import TopicContext
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import writes as WR
from physassist_env.scenarios.topics.base import Draft, ketorolac_course
from physassist_env.scenarios.vocab import LABS


# ------------------------------- 1. every value the gold cites is in its calls' results
def _aki_against_an_earlier_stay(records: list) -> TopicContext:
    """An AKI staged against the last value of an earlier stay, the creatinine's trend
    already shown by an earlier turn that searched this admission's series only."""

    def fits(c: TopicContext) -> bool:
        aki = aki_facts(c.facts)
        k = c.facts.labs.get("potassium")
        return (
            aki is not None
            and aki.stage >= 1
            and aki.basis == "earlier stay"
            and (k is None or k.latest.value < 5.5)
        )

    ctx = _first(records, fits)
    ctx.facts.orders.append(_order("Lisinopril", "lisinopril", 10, "mg", "PO", "DAILY"))
    return ctx


def _seen_before(ctx: TopicContext) -> list[str]:
    """The earlier turn's observations: this admission's creatinine series (a trend
    topic's search, no baseline look-up), and the injected order as the EHR shows it."""
    calls: list = []
    obs: list[str] = []
    RN.creatinine_search(ctx, calls, obs)
    ctx.known = {"lab:creatinine:trend", "lab:creatinine:latest"}
    return obs + [o for o in facts_seen(ctx) if o.startswith("MedicationRequest")]


def _graded_on_what_was_seen(d: Draft, ctx: TopicContext, seen: list[str]) -> None:
    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
    turn = _turn(0, d, Implicitness.EXPLICIT, binder)
    for lang in ("en", "zh"):
        g = grade_gold(turn, lang, seen)
        assert g.score == 1.0, (
            lang,
            getattr(d.gold_answer, lang),
            [i.reason for i in g.items if not i.met],
        )


def test_a_nephrotoxin_review_shows_the_baseline_it_cites(synthetic_records):
    ctx = _aki_against_an_earlier_stay(synthetic_records)
    seen = _seen_before(ctx)
    d = RN.nephrotoxin_review(ctx, "lisinopril")
    aki = aki_facts(ctx.facts)
    assert aki is not None
    # an AKI of this stay that has resolved no longer holds it (round 7b): the decision
    # follows the state; either way the answer cites the baseline it was staged against
    want = "It can be continued" if aki.recovered else "Hold"
    assert d is not None and d.gold_answer.en.startswith(want)
    assert "earlier admission" in d.gold_answer.en  # the baseline it cites
    _graded_on_what_was_seen(d, ctx, seen)
    # the baseline's look-up is a call of this turn (the series is not searched again)
    searches = [c.arguments for c in d.gold_actions if c.name == "Observation.search"]
    assert searches and all("date_to" in a for a in searches)
    assert RN.CREATININE_BASELINE in d.known
    # a later turn that cites it again needs no look-up: it was seen
    ctx.known |= d.known
    again = RN.nephrotoxin_review(ctx, "lisinopril")
    assert again is not None
    assert not any(c.name == "Observation.search" for c in again.gold_actions)
    _graded_on_what_was_seen(again, ctx, seen + d.gold_observations)


def test_an_ace_inhibitor_decision_in_aki_shows_the_baseline_it_cites(
    synthetic_records,
):
    ctx = _aki_against_an_earlier_stay(synthetic_records)
    seen = _seen_before(ctx)
    d = RS.drug_lab_safety(ctx, PAIR["acei_k"], "lisinopril")
    assert d is not None and "earlier admission" in d.gold_answer.en
    _graded_on_what_was_seen(d, ctx, seen)
    assert RN.CREATININE_BASELINE in d.known


# ----------------------------------------------- 2. IV anti-infectives and PPIs at discharge
def _discharge_with_iv(records: list) -> TopicContext:
    ctx = _first(records, lambda c: True)
    ctx.facts.orders = [
        _order("Furosemide", "furosemide", 40, "mg", "PO", "DAILY"),
        _order("Metoprolol Tartrate", "metoprolol", 25, "mg", "PO", "BID"),
        _order("CeftriaXONE", "ceftriaxone", 1, "g", "IV", "Q24H"),
        _order("Pantoprazole", "pantoprazole", 40, "mg", "IV", "Q24H"),
    ]
    ctx.facts.conditions = []
    ctx.facts.continued = []
    ctx.facts.history = []
    return ctx


def test_iv_drugs_running_at_discharge_are_not_dropped_in_silence(synthetic_records):
    assert iv_anti_infective(_order("Vancomycin", None, 1, "g", "IV", "Q12H"))
    assert not iv_anti_infective(_order("Ciprofloxacin", None, 500, "mg", "PO", "Q12H"))
    assert iv_ppi(_order("Pantoprazole", None, 40, "mg", "IV", "Q24H"))
    assert not iv_ppi(_order("Pantoprazole", None, 40, "mg", "PO", "Q24H"))
    ctx = _discharge_with_iv(synthetic_records)
    d = GA.discharge_meds(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    # the IV antibiotic: an oral step-down or OPAT, never a home drug as written
    assert "Not for home as written: IV Ceftriaxone" in en
    assert "change it to an oral antibiotic or arrange OPAT" in en and "OPAT" in zh
    # the IV PPI goes home by mouth, not dropped
    # (round 10: with its dose, by mouth, and frequency)
    assert "Pantoprazole 40 mg PO Q24H (IV now: by mouth at discharge, same dose)" in en
    assert "泮托拉唑 40 mg 口服 每24小时一次（静脉改口服，剂量相同）" in zh
    _gold_ok(d, ctx)
    listed = "Active medications: Furosemide; Metoprolol Tartrate; Pantoprazole."
    # dropping the IV antibiotic in silence loses the item; listing it as going home
    # is the inpatient-only safety item
    assert _grade(d, ctx, f"{listed} Allergies: none recorded.") < 1.0
    assert (
        _grade(
            d,
            ctx,
            f"{listed[:-1]}; Ceftriaxone 1 g IV daily. Allergies: none recorded.",
        )
        <= 0.5
    )


def test_an_iv_antibiotic_for_weeks_of_therapy_goes_home_as_opat(synthetic_records):
    assert weeks_of_iv("G06.0") == ("brain abscess", "脑脓肿", "6-8")
    assert weeks_of_iv("3240") is not None and weeks_of_iv("I33.0") is not None
    assert weeks_of_iv("M86.1") is not None and weeks_of_iv("J18.9") is None
    ctx = _discharge_with_iv(synthetic_records)
    ctx.facts.conditions = [("G06.0", "Intracranial abscess")]
    ctx.facts.icd["G06.0"] = "G06.0"
    ctx.facts.orders.append(
        _order("*NF* Ertapenem Sodium", None, 1, "g", "IV", "Q24H", oid="e1")
    )
    d = GA.discharge_meds(ctx)
    assert "IV Ertapenem (OPAT)" in d.gold_answer.en  # type: ignore[union-attr]
    assert d is not None
    assert "Going home through OPAT" in d.gold_answer.en
    assert "brain abscess (6-8 weeks of IV therapy): IV Ceftriaxone (OPAT)" in (
        d.gold_answer.en
    )
    # the indication it cites is looked up
    assert any(c.name == "Condition.search" for c in d.gold_actions)
    _gold_ok(d, ctx)
    # listing it as going home is right here, not an inpatient-only drug
    answer = (
        "Active medications: Furosemide; Metoprolol Tartrate; Pantoprazole by mouth; "
        "IV ceftriaxone continues at home as OPAT for the brain abscess. "
        "Allergies: none recorded."
    )
    assert _grade(d, ctx, answer) == 1.0


# ------------------------------------------- 3. a warfarin dose held for a high INR
def _warfarin_held(records: list, latest_inr: float = 2.8) -> TopicContext:
    """Warfarin in AF given daily, its last order ended the day after an INR of 3.4 and
    none ordered since; the latest INR ``latest_inr``."""
    ctx = _discharge_with_iv(records)
    f = ctx.facts
    f.orders = f.orders[:2] + [
        MedOrder(
            f"w{i}",
            "Warfarin",
            "warfarin",
            dose,
            "mg",
            "PO",
            "DAILY",
            "stopped",
            f"2150-01-0{i}T16:00:00",
            f"2150-01-0{i + 1}T15:00:00",
            hadm_id=f.hadm_id,
        )
        for i, dose in ((2, 5.0), (3, 5.0), (4, 2.5))
    ]
    f.labs["inr"] = LabSeries(
        LABS["inr"],
        [
            LabPoint(f"2150-01-0{i + 2}T07:00:00", v, "", "H" if v > 1.2 else "")
            for i, v in enumerate([1.2, 1.5, 2.6, 3.4, latest_inr])
        ],
    )
    f.labs.pop("hemoglobin", None)
    f.history = [("I48.91", "Unspecified atrial fibrillation", "old")]
    return ctx


def test_a_warfarin_dose_held_for_a_high_inr_is_resumed_not_dropped(synthetic_records):
    ctx = _warfarin_held(synthetic_records)
    held = held_warfarin(ctx.facts)
    assert held is not None and held.held_for.value == 3.4
    d = GA.discharge_meds(ctx)
    assert d is not None
    en = d.gold_answer.en
    assert "Warfarin is held, not stopped: the dose was held for an INR of 3.4" in en
    assert "resume warfarin at an adjusted (lower) dose" in en
    assert "华法林为暂停而非停用" in d.gold_answer.zh
    assert any(c.arguments.get("code") == "inr" for c in d.gold_actions)
    # listing warfarin to resume is not the stopped-drug safety item's
    assert not any("Warfarin" in i.criterion.en for i in d.rubric if i.points < 0)
    _gold_ok(d, ctx)
    # leaving it off the list (or calling it stopped) loses the item
    assert (
        _grade(
            d,
            ctx,
            "Active medications: Furosemide; Metoprolol Tartrate; Pantoprazole by "
            "mouth. Ceftriaxone: change to an oral antibiotic or arrange OPAT. "
            "Allergies: none recorded.",
        )
        < 1.0
    )
    # still above the target: resume once it is back in range
    ctx = _warfarin_held(synthetic_records, latest_inr=3.6)
    d = GA.discharge_meds(ctx)
    assert d is not None and "once it is back in the 2-3 range" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_a_held_warfarin_is_not_resumed_during_a_bleed_or_after_a_switch(
    synthetic_records,
):
    ctx = _warfarin_held(synthetic_records)
    ctx.facts.conditions = [("K92.2", "Gastrointestinal hemorrhage, unspecified")]
    ctx.facts.icd["K92.2"] = "K92.2"
    assert held_warfarin(ctx.facts) is None
    ctx = _warfarin_held(synthetic_records)
    ctx.facts.orders.append(_order("Apixaban", "apixaban", 5, "mg", "PO", "BID"))
    assert held_warfarin(ctx.facts) is None
    # an INR in range when the order ended is no held dose
    ctx = _warfarin_held(synthetic_records)
    ctx.facts.labs["inr"].points[3] = LabPoint("2150-01-05T07:00:00", 2.7, "", "H")
    assert held_warfarin(ctx.facts) is None


# ------------------------------------------------- 4. ketorolac's 5 days, across turns
def _on_ketorolac(records: list, day: int) -> TopicContext:
    """Ketorolac ordered so that the session day is day ``day`` of its course, with a
    normal creatinine (no AKI: the kidneys would let it go on)."""

    def long_enough(c: TopicContext) -> bool:
        first = date.fromisoformat(c.facts.start[:10])
        return (date.fromisoformat(c.facts.current_date) - first).days >= day

    ctx = _first(records, long_enough)
    first = date.fromisoformat(ctx.facts.current_date) - timedelta(days=day - 1)
    ctx.facts.orders = [
        o for o in ctx.facts.orders if o.generic not in ("ketorolac", "aspirin")
    ] + [_order("Ketorolac", "ketorolac", 15, "mg", "IV", "Q6H", f"{first}T08:00:00")]
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [0.8, 0.7], "mg/dL"), 0
    )
    ctx.facts.labs.pop("potassium", None)
    ctx.facts.surgery = None
    ctx.facts.baseline_creatinine = None
    ctx.facts.creatinine_before = []
    return ctx


def test_every_turn_stops_ketorolac_at_its_five_day_limit(synthetic_records):
    ctx = _on_ketorolac(synthetic_records, 5)
    assert ketorolac_course(ctx) is not None
    assert ketorolac_course(ctx)[0] == 5  # type: ignore[index]
    safety = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ketorolac")
    assert safety is not None and safety.decision == "hold"
    renal = RN.nephrotoxin_review(ctx, "ketorolac")
    assert renal is not None
    # the kidneys would let it go on; the limit stops it in this turn too
    assert renal.decision == "hold"
    assert renal.gold_answer.en.startswith("Stop the ketorolac after today's doses")
    assert "today is the fifth day" in renal.gold_answer.en
    assert "today is the fifth day" in safety.gold_answer.en
    assert "第 5 天" in renal.gold_answer.zh
    _gold_ok(renal, ctx)
    assert _grade(renal, ctx, "Creatinine is normal: ketorolac can be continued.") < 0.5
    # the safety flag gives the limit as its reason, not a normal creatinine
    flag = WR.flag_safety(ctx, PAIR["nsaid_cr"], "ketorolac")
    assert flag is not None
    detail = flag.gold_actions[-1].arguments["detail"]
    assert "limited to five days: stop it" in detail
    assert "normal" not in detail
    _gold_ok(flag, ctx)


def test_before_the_limit_the_day_is_said_and_agrees(synthetic_records):
    ctx = _on_ketorolac(synthetic_records, 3)
    renal = RN.nephrotoxin_review(ctx, "ketorolac")
    safety = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ketorolac")
    assert renal is not None and safety is not None
    assert renal.decision == "continue" and safety.decision == "continue"
    assert "can be continued for now (today is the third day" in renal.gold_answer.en
    assert "today is the third day" in safety.gold_answer.en
    _gold_ok(renal, ctx)


# ------------------------------------------- 6. an active cancer under treatment
def test_an_active_cancer_under_treatment_is_followed_by_oncology(synthetic_records):
    assert cancer_code("C92.00") and cancer_code("2050") and cancer_code("Z51.11")
    assert not cancer_code("D12.6") and not cancer_code("E11.9")
    assert antineoplastic("Cytarabine") and not antineoplastic("Cefazolin")
    ctx = _first(
        synthetic_records,
        lambda c: WR.followup_plan(c)[0] == "primary care" and c.facts.surgery is None,
    )
    ctx.facts.history = [("C92.00", "Acute myeloblastic leukemia", "old")]
    ctx.facts.icd["C92.00"] = "C92.00"
    # a cancer with no treatment this admission is not "under treatment"
    assert not cancer_under_treatment(ctx.facts)
    ctx.facts.orders.append(
        _order("Cytarabine", None, 100, "mg", "IV", "Q12H", oid="chemo")
    )
    assert cancer_under_treatment(ctx.facts)
    service, _, reason, accepted, days, decision = WR.followup_plan(ctx)
    assert service == "oncology" and "hematology" in accepted and days == 7
    assert reason == "active cancer under treatment"
    d = WR.followup(ctx)
    assert d is not None and "oncology follow-up" in d.gold_answer.en
    names = [c.name for c in d.gold_actions]
    assert "MedicationRequest.search" in names and "Condition.search" in names


# ------------------- 7. the fresh reading of round 5: a dose change is read per day
def test_a_new_frequency_at_the_same_daily_dose_is_no_dose_change():
    from types import SimpleNamespace

    from test_physician_round5 import _facts, _request, _View

    from physassist_env.scenarios.topics import reconciliation as RC

    end = "2150-02-04T12:00:00"
    last = last_discharge_list(
        _View(
            [
                _request("m", "h1", "Metoprolol Tartrate", "PO", "BID", end, dose=50),
                _request("c", "h1", "Carvedilol", "PO", "TID", end, dose=25),
                _request("t", "h1", "Torsemide", "PO", "DAILY", end, dose=20),
            ]
        ),
        _facts(),
    )
    assert last is not None
    assert (last.doses["metoprolol"].amount, last.doses["metoprolol"].unit) == (
        100.0,
        "mg",
    )
    f = _facts()
    start = "2150-03-01T09:00:00"
    f.orders += [
        MedOrder("n1", "Metoprolol Succinate XL", None, 100, "mg", "PO", "DAILY",
                 "active", start, "", hadm_id="h2"),
        MedOrder("n2", "Carvedilol", None, 37.5, "mg", "PO", "BID", "active", start,
                 "", hadm_id="h2"),
        MedOrder("n3", "Torsemide", None, 20, "mg", "PO", "BID", "active", start, "",
                 hadm_id="h2"),
    ]  # fmt: skip
    ctx = SimpleNamespace(facts=f)
    # 50 mg twice daily -> 100 mg daily, 25 mg three times -> 37.5 mg twice: the same
    # dose a day (metoprolol in a new formulation, said as such); torsemide 20 mg daily
    # -> twice daily doubles it
    assert RC.dose_changes(ctx, last, ["metoprolol", "carvedilol", "torsemide"]) == {
        "metoprolol": (
            "the same dose a day, new formulation",
            "每日剂量相同，剂型已换",
        ),
        "torsemide": ("a higher dose a day now", "现每日剂量较高"),
    }
    # an IV order running in hospital is no home dose to compare (the default build's
    # IV pantoprazole twice daily against the home tablet once daily); since round 9b
    # the change of route is said instead (NPSG.03.06.01: compare the route)
    f.orders[-1] = MedOrder("n3", "Torsemide", None, 20, "mg", "IV", "BID", "active",
                            start, "", hadm_id="h2")  # fmt: skip
    assert RC.dose_changes(ctx, last, ["torsemide"]) == {
        "torsemide": (
            "now intravenous, by mouth at the last discharge",
            "现为静脉给药，上次出院时为口服",
        )
    }
