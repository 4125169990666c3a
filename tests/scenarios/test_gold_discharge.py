"""A discharge medication list leaves VTE prophylaxis in hospital (ACCP 2012, Kahn SR et al.,
2.7; ASH 2018): enoxaparin 40 mg daily was listed as a drug to go home for a medical
patient. After hip or knee arthroplasty it goes home (ACCP 2012, Falck-Ytter Y et al.)."""

from __future__ import annotations

from test_gold_rules import GA, _first, _order

from physassist_env.clinical.discharge import (
    discharge_list,
    extended_prophylaxis,
    inpatient_only,
)


def test_prophylactic_lmwh_stays_in_hospital_unless_after_arthroplasty() -> None:
    ppx = _order("Enoxaparin Sodium", "enoxaparin", 40, "mg", "SC", "DAILY")
    assert inpatient_only(ppx) == "VTE prophylaxis"
    assert inpatient_only(ppx, extended_prophylaxis=True) is None
    ortho_bid = _order("Enoxaparin Sodium", "enoxaparin", 30, "mg", "SC", "Q12H")
    assert inpatient_only(ortho_bid) == "VTE prophylaxis"
    dalte = _order("Dalteparin", "dalteparin", 5000, "UNIT", "SC", "DAILY")
    assert inpatient_only(dalte) == "VTE prophylaxis"
    treat = _order("Enoxaparin Sodium", "enoxaparin", 80, "mg", "SC", "Q12H")
    assert inpatient_only(treat) is None and discharge_list([treat]) == [treat]
    assert extended_prophylaxis("M1711") and extended_prophylaxis("715.16")
    assert extended_prophylaxis("S72001A") and extended_prophylaxis("82009")
    assert not extended_prophylaxis("J189") and not extended_prophylaxis("I10")
    assert not extended_prophylaxis("")


def test_discharge_meds_gold_leaves_out_enoxaparin_prophylaxis(synthetic_records):
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.known = set()
    ctx.facts.orders = [
        _order("Metoprolol Tartrate", "metoprolol", 25, "mg", "PO", "BID"),
        _order("Lisinopril", "lisinopril", 10, "mg", "PO", "DAILY"),
        _order("Enoxaparin Sodium", "enoxaparin", 40, "mg", "SC", "DAILY"),
    ]
    ctx.facts.conditions = [("J189", "Pneumonia, unspecified organism")]
    assert [o.generic for o in ctx.facts.going_home_orders()] == [
        "metoprolol",
        "lisinopril",
    ]
    d = GA.discharge_meds(ctx)
    assert d is not None and "Enoxaparin" not in d.gold_answer.en
    assert "依诺肝素" not in d.gold_answer.zh
    # after a knee replacement the prophylaxis goes home
    ctx.facts.conditions = [("M1711", "Unilateral primary osteoarthritis, right knee")]
    assert "enoxaparin" in [o.generic for o in ctx.facts.going_home_orders()]


def test_crcl_with_a_rising_creatinine_says_it_is_not_at_steady_state(
    synthetic_records,
):
    """Cockcroft-Gault assumes a stable creatinine (KDIGO 2012 AKI): 2.8 -> 3.4 mg/dL within
    a day overstates any clearance estimate; the gold says so and asks for levels."""
    from test_gold_rules import RS, _dated, _gold_ok, _grade, _series

    from physassist_env.clinical.renal import creatinine_not_steady

    assert creatinine_not_steady(
        [("2179-05-07T14:24:00", 2.9), ("2179-05-08T04:04:00", 2.8),
         ("2179-05-08T16:30:00", 3.4)]
    ) == (2.8, 3.4)  # fmt: skip
    assert creatinine_not_steady([("2151-07-11T21:51:00", 2.1), ("2151-07-12T04:43:00", 2.1)]) is None  # fmt: skip
    # a rise spread over more than two days is not this criterion
    assert creatinine_not_steady([("2150-01-01T08:00:00", 1.0), ("2150-01-04T08:00:00", 1.4)]) is None  # fmt: skip
    ctx = _first(
        synthetic_records,
        lambda c: not c.facts.encounter_based and c.facts.age and c.facts.weight_kg,
    )
    ctx.known = set()
    ctx.facts.orders = [
        _order("Vancomycin", "vancomycin", 1000, "mg", "IV", "Q12H", oid="v")
    ]
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 1.1, 1.6], "mg/dL", ["N", "N", "H"]), 0
    )
    d = RS.crcl_dosing(ctx, "vancomycin")
    assert d is not None
    assert "not at steady state" in d.gold_answer.en
    assert "dose vancomycin by levels" in d.gold_answer.en
    assert "未达稳态" in d.gold_answer.zh
    _gold_ok(d, ctx)
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.6, 1.6, 1.6], "mg/dL", "H"), 0
    )
    d = RS.crcl_dosing(ctx, "vancomycin")
    assert d is not None and "steady state" not in d.gold_answer.en
    assert _grade(d, ctx, d.gold_answer.en) == 1.0


def test_treatment_response_session_needs_an_infection(synthetic_records):
    """Perioperative cefazolin for a fracture is prophylaxis (ASHP/IDSA/SIS/SHEA 2013): no
    "response to cefazolin" session without a coded bacterial infection or culture."""
    import numpy as np
    from test_gold_rules import _series

    from physassist_env.scenarios.model import Scenario
    from physassist_env.scenarios.planner import focus_for

    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    f = ctx.facts
    f.given = {"cefazolin": 3}
    f.labs["wbc"] = _series("wbc", [12.5, 10.1], "K/uL", ["H", "N"])
    f.cultures = []
    f.conditions = [("S72001A", "Fracture of unspecified part of neck of right femur")]
    rng = np.random.default_rng(0)
    assert focus_for(Scenario.TREATMENT_RESPONSE, f, rng) is None
    f.conditions = [("L03115", "Cellulitis of right lower limb")]
    focus = focus_for(Scenario.TREATMENT_RESPONSE, f, rng)
    assert focus is not None and focus["antibiotic"] == "cefazolin"


def test_iv_antibiotics_and_d5w_stay_in_hospital() -> None:
    """An IV antibiotic goes home only within an OPAT plan (IDSA 2018); "Dextrose 5%" is a
    diluent (the pattern had ended in a word boundary after the per cent sign)."""
    ctx_iv = _order("Ceftriaxone", "ceftriaxone", 1, "g", "IV", "Q24H")
    assert inpatient_only(ctx_iv) == "intravenous"
    oral = _order("Cephalexin", "cephalexin", 500, "mg", "PO", "Q6H")
    assert inpatient_only(oral) is None
    oral_vanc = _order("Vancomycin Oral Liquid", "vancomycin", 125, "mg", "PO", "Q6H")
    assert inpatient_only(oral_vanc) is None
    d5 = _order("Dextrose 5%", "dextrose", 250, "mL", "IV", "Q6H")
    assert inpatient_only(d5) == "diluent"


def test_discharge_meds_gold_carries_the_safety_item_and_never_triggers_it(
    synthetic_records,
):
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.known = set()
    ctx.facts.orders = [
        _order("Lisinopril", "lisinopril", 10, "mg", "PO", "DAILY"),
        _order("Amlodipine", "amlodipine", 5, "mg", "PO", "DAILY"),
        _order("Heparin", "heparin", 5000, "UNIT", "SC", "Q8H"),
        _order("Vancomycin", "vancomycin", 1000, "mg", "IV", "Q12H"),
    ]
    d = GA.discharge_meds(ctx)
    assert d is not None
    safety = [i for i in d.rubric if i.points < 0]
    assert len(safety) == 1 and "Heparin" in safety[0].criterion.en
    assert "Heparin" not in d.gold_answer.en
    # the IV antibiotic is not dropped in silence: the answer plans its oral step-down
    # or OPAT (IDSA 2018), and listing it as going home outside an OPAT plan is the harm
    # reader's (clinical.harm.inpatient_only_at_discharge), not this item's
    assert "Vancomycin" not in safety[0].criterion.en
    assert "Not for home as written: IV Vancomycin" in d.gold_answer.en
