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
