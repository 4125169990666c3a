"""Gold a physician signs on real records, round 7b (issue #37): the classes the fresh
independent reading of round 6 found wrong, fixed by their principle and tested on
synthetic facts (never on MIMIC values). Each test fails on the behaviour before the fix.
"""

from __future__ import annotations

from test_physician_round5 import _facts, _request, _View
from test_physician_round6b import END, _changes, _now
from test_physician_signs import _cr_facts

from physassist_env.clinical.scores import haemodiluted, recovery_baseline
from physassist_env.scenarios.derived import (
    aki_facts,
    anticoagulation_indication,
    bleeding_treatment,
    daily_dose,
    dialysis_running,
    drug_of,
    last_discharge_list,
)
from physassist_env.scenarios.features import (
    Baseline,
    Dialysis,
    LabPoint,
    LabSeries,
    MedOrder,
    Surgery,
)
from physassist_env.scenarios.vocab import LABS


def _cr(values: list[tuple[str, float, str]], **kw):
    """Facts whose creatinine series is ``values`` ((time, mg/dL, flag)), day 20."""
    f = _cr_facts([(t, v) for t, v, _ in values], kw.pop("known", None))
    f.labs["creatinine"] = LabSeries(
        LABS["creatinine"], [LabPoint(t, v, "mg/dL", fl) for t, v, fl in values]
    )
    for k, v in kw.items():
        setattr(f, k, v)
    return f


# ------------------------------------------- 1. the KDIGO baseline, read as a physician
def test_a_post_bypass_haemodiluted_value_is_no_baseline():
    """Pre-op 0.7, 0.4 on the day of bypass, 0.7 two days later: the old reading took
    the diluted 0.4 as the baseline ("stage 1"); the pre-op value is the peak: no AKI."""
    values = [
        ("2150-01-15T17:00:00", 0.7, ""),
        ("2150-01-16T12:00:00", 0.4, ""),  # after cardiopulmonary bypass
        ("2150-01-17T02:00:00", 0.6, ""),
        ("2150-01-18T04:00:00", 0.7, ""),
        ("2150-01-20T04:00:00", 0.5, ""),
    ]
    series = [(t, v) for t, v, _ in values]
    assert haemodiluted(series, "2150-01-16") == {values[1][0], values[2][0]}
    assert haemodiluted(series, "") == set()
    op = Surgery("cardiac", "2150-01-16", "Extracorporeal circulation")
    aki = aki_facts(_cr(values, surgery=op))
    assert aki is not None and aki.stage == 0
    # without the operation the same numbers are a rise of 0.3 within 48 h
    aki = aki_facts(_cr(values))
    assert aki is not None and aki.stage == 1


def test_an_aki_present_on_admission_is_staged_against_its_recovery_value():
    """1.4 and 1.5 (high) on admission falling to 1.0: the old reading took the
    admission value as the baseline ("no AKI"); it is stage 1 on admission, resolving.
    6.2 on admission falling to 1.9: stage 3, not stage 1 against a mid-course value."""
    aki = aki_facts(
        _cr(
            [
                ("2150-01-16T05:00:00", 1.4, "H"),
                ("2150-01-16T13:00:00", 1.5, "H"),
                ("2150-01-17T04:00:00", 1.3, "H"),
                ("2150-01-18T06:00:00", 1.1, ""),
                ("2150-01-20T05:00:00", 1.0, ""),
            ]
        )
    )
    assert aki is not None and aki.stage == 1 and aki.basis == "recovery value"
    assert aki.baseline == 1.0 and aki.recovered
    en, zh = aki.baseline_text()
    assert "present on admission" in en and "入院时即存在" in zh
    aki = aki_facts(
        _cr(
            [
                ("2150-01-05T10:00:00", 6.2, "H"),
                ("2150-01-07T10:00:00", 2.6, "H"),
                ("2150-01-09T10:00:00", 3.7, "H"),
                ("2150-01-15T10:00:00", 2.3, "H"),
                ("2150-01-20T05:00:00", 1.9, "H"),
            ]
        )
    )
    assert aki is not None and aki.stage == 3 and aki.peak == 6.2
    assert aki.basis == "recovery value" and aki.baseline == 1.9


def test_the_recovery_value_needs_a_raised_admission_value_and_no_known_baseline():
    falling = [("2150-01-01T06:00:00", 0.9), ("2150-01-10T06:00:00", 0.4)]
    assert recovery_baseline(falling, first_high=False) is None  # cachexia, no AKI
    assert recovery_baseline(falling, first_high=True) == (0.4, "2150-01-10T06:00:00")
    # the highest value days after admission is an AKI of the stay, staged as before
    late = [
        ("2150-01-01T06:00:00", 1.3),
        ("2150-01-05T06:00:00", 2.0),
        ("2150-01-08T06:00:00", 1.0),
    ]
    assert recovery_baseline(late, first_high=True) is None
    # a fall smaller than a KDIGO criterion changes nothing
    assert recovery_baseline(late[:1] + [("2150-01-02T06:00:00", 1.1)], True) is None
    # a known pre-admission baseline stays the baseline
    known = Baseline(1.2, "2149-10-01T08:00:00", "outpatient")
    values = [("2150-01-16T05:00:00", 1.5, "H"), ("2150-01-20T05:00:00", 1.0, "")]
    aki = aki_facts(_cr(values, known=known))
    assert aki is not None and aki.basis != "recovery value"


def test_the_kidneys_decide_on_the_aki_now_not_its_peak(synthetic_records):
    """A stage-1 bump back at the CKD baseline today: the ACE inhibitor is not held for
    it (before: "KDIGO stage 1 AKI, in which an ACE inhibitor or ARB is withheld")."""
    from test_gold_rules import PAIR, _dated, _first, _gold_ok, _order, _series

    from physassist_env.scenarios.topics import reasoning as RS

    ctx = _first(
        synthetic_records,
        lambda c: "potassium" in c.facts.labs and "creatinine" in c.facts.labs,
    )
    ctx.facts.orders.append(
        _order("Lisinopril", "lisinopril", 10.0, "mg", "PO", "DAILY")
    )
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [4.4, 4.6], "mEq/L"), 0
    )
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.6, 2.1, 1.7], "mg/dL", "H"), 0
    )
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.stage == 1 and aki.recovered
    d = RS.drug_lab_safety(ctx, PAIR["acei_k"], "lisinopril")
    assert d is not None and d.decision != "hold"
    assert "has resolved" in d.gold_answer.en and "已恢复" in d.gold_answer.zh
    assert "is withheld" not in d.gold_answer.en
    _gold_ok(d, ctx)
    # the kidney question about the same drug agrees (before: "Hold the lisinopril")
    from physassist_env.scenarios.topics import renal as RN

    d = RN.nephrotoxin_review(ctx, "lisinopril")
    assert d is not None and d.decision == "continue"
    assert "has resolved" in d.gold_answer.en and "已恢复" in d.gold_answer.zh
    _gold_ok(d, ctx)
    # an NSAID stays held after the AKI (KDIGO 2012 3.1: avoid nephrotoxins)
    ctx.facts.orders.append(_order("Ibuprofen", "ibuprofen", 400, "mg", "PO", "Q8H"))
    d = RN.nephrotoxin_review(ctx, "ibuprofen")
    assert d is not None and d.decision == "hold"


def test_the_creatinine_trend_is_read_again_once_dialysis_has_ended():
    days = ["03", "05", "07", "09", "14", "17", "20"]
    vals = [2.7, 5.0, 3.1, 4.4, 1.9, 1.4, 1.3]
    f = _cr(
        [(f"2150-01-{d}T06:00:00", v, "H") for d, v in zip(days, vals, strict=True)]
    )
    f.dialysis = Dialysis("haemodialysis", "Procedure", "2150-01-09", "Hemodialysis",
                          "2150-01-04", "2150-01-09")  # fmt: skip
    # the last session 11 days before, the creatinine falling since: off dialysis
    assert not dialysis_running(f)
    # a session two days before the session day: still running
    f.dialysis = Dialysis("haemodialysis", "Procedure", "2150-01-18", "Hemodialysis",
                          "2150-01-04", "2150-01-18")  # fmt: skip
    assert dialysis_running(f)
    # maintenance dialysis (ESKD coded) always runs
    f.dialysis = None
    f.history.append(("N186", "End stage renal disease", f.hadm_id))
    assert dialysis_running(f)


def test_the_outpatient_baseline_is_named_as_the_window_it_comes_from():
    f = _cr(
        [("2150-01-16T05:00:00", 1.2, "H"), ("2150-01-20T05:00:00", 0.8, "")],
        known=Baseline(1.0, "2150-01-01T09:00:00", "outpatient"),
    )
    aki = aki_facts(f)
    assert aki is not None
    en, zh = aki.baseline_text()
    assert "7 days or more before the admission" in en and "7 天以上" in zh
    assert "most recent pre-admission value" not in en


# ------------------------------------------- 2. anticoagulation: contraindications first
class _Record:
    """A record answering ``search`` with the resources of each type given."""

    def __init__(self, **kinds: list[dict]) -> None:
        self.kinds = kinds

    def search(self, kind: str, params: dict | None = None):
        rows = self.kinds.get(kind, [])
        return rows, len(rows)


def _admin(rid: str, name: str, start: str) -> dict:
    return {"resourceType": "MedicationAdministration", "id": rid, "status": "completed",
            "medicationCodeableConcept": {"text": name},
            "effectivePeriod": {"start": start, "end": start}}  # fmt: skip


def _bleeding_facts():
    f = _facts(start="2150-03-01T08:00:00", current_date="2150-03-05")
    return f


def test_a_bleed_treated_now_is_named_and_an_old_transfusion_is_not():
    f = _bleeding_facts()
    red = [_admin(f"r{i}", "Packed Red Blood Cells", f"2150-03-05T0{i}:00:00") for i in (1, 4)]  # fmt: skip
    found = bleeding_treatment(_Record(MedicationAdministration=red), f)
    assert found is not None and "red-cell transfusions" in found[0]
    assert "输注红细胞" in found[1]
    # one unit is no ISTH major bleed
    assert bleeding_treatment(_Record(MedicationAdministration=red[:1]), f) is None
    # an antifibrinolytic given today is
    amicar = [_admin("a", "Aminocaproic acid (Amicar)", "2150-03-05T20:00:00")]
    found = bleeding_treatment(_Record(MedicationAdministration=amicar), f)
    assert found is not None and "antifibrinolytic" in found[0]
    # transfusions a week ago, or on the day of an operation, are not a bleed now
    old = [_admin(f"o{i}", "Packed Red Blood Cells", f"2150-02-2{i}T08:00:00") for i in (1, 2)]  # fmt: skip
    assert bleeding_treatment(_Record(MedicationAdministration=old), f) is None
    f.surgery = Surgery("cardiac", "2150-03-04", "Replacement of aortic valve")
    periop = [_admin(f"p{i}", "Packed Red Blood Cells", f"2150-03-04T1{i}:00:00") for i in (1, 2)]  # fmt: skip
    assert bleeding_treatment(_Record(MedicationAdministration=periop), f) is None


def _procedure(code: str, day: str) -> dict:
    return {"resourceType": "Procedure", "performedDateTime": day,
            "code": {"coding": [{"system": "http://hl7.org/fhir/sid/icd-9-cm", "code": code}]}}  # fmt: skip


def test_a_mechanical_valve_or_a_heparin_bridge_is_an_indication_whatever_the_score():
    f = _bleeding_facts()
    assert anticoagulation_indication(_Record(), f) is None
    # ICD-9 35.22 (other replacement of the aortic valve) beside a warfarin order:
    # mechanical (round 8: alone it is not, test_physician_round8)
    f.orders = [_now("w0", "Warfarin", 5, "DAILY")]
    found = anticoagulation_indication(
        _Record(Procedure=[_procedure("3522", "2150-03-02")]), f
    )
    f.orders = []
    assert found is not None and "mechanical heart valve" in found[0]
    assert "机械瓣膜" in found[1] and found[2] == "Procedure"
    # 35.21 is a tissue valve: no indication by itself
    tissue = _Record(Procedure=[_procedure("3521", "2150-03-02")])
    assert anticoagulation_indication(tissue, f) is None
    # ICD-10-PCS replacement with a synthetic substitute
    pcs = _Record(Procedure=[_procedure("02RF0JZ", "2150-03-02")])
    assert anticoagulation_indication(pcs, f) is not None
    # Z95.2 coded
    f.history.append(("Z952", "Presence of prosthetic heart valve", "earlier"))
    assert anticoagulation_indication(_Record(), f)[2] == "Condition"  # type: ignore[index]
    f.history.pop()
    # IV heparin beside a warfarin order: a bridge
    f.orders = [
        _now("h", "Heparin Sodium", 25000, "ASDIR", route="IV", dose_unit="UNIT"),
        _now("w", "Warfarin", 5, "DAILY"),
    ]
    found = anticoagulation_indication(_Record(), f)
    assert found is not None and "bridging" in found[0]
    # subcutaneous prophylactic heparin is no bridge
    f.orders[0] = _now("h", "Heparin", 5000, "Q8H", route="SC", dose_unit="UNIT")
    assert anticoagulation_indication(_Record(), f) is None


def test_cha2ds2vasc_defers_during_a_treated_bleed_and_follows_a_valve(
    synthetic_records, monkeypatch
):
    from test_gold_rules import _first, _order

    from physassist_env.scenarios.derived import ANTICOAGULANTS, P2Y12
    from physassist_env.scenarios.topics import reasoning as RS

    ctx = _first(
        synthetic_records,
        lambda c: (
            c.facts.age is not None
            and not c.facts.anticoagulation_cautions()
            and not RS.bleeding_reasons(c.facts)
        ),
    )
    f = ctx.facts
    f.age = 78
    f.history += [
        ("I4891", "Unspecified atrial fibrillation", f.hadm_id),
        ("I10", "Essential (primary) hypertension", f.hadm_id),
    ]
    skip = {*ANTICOAGULANTS, *P2Y12, "aspirin"}
    f.orders = [o for o in f.orders if drug_of(o) not in skip]
    monkeypatch.setattr(RS, "anticoagulation_indication", lambda view, facts: None)
    monkeypatch.setattr(
        RS,
        "bleeding_treatment",
        lambda view, facts: ("active bleeding, treated now with red-cell transfusions",
                             "活动性出血，目前正在输注红细胞治疗"),
    )  # fmt: skip
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "do not start it now" in d.gold_answer.en
    assert "anticoagulation is recommended" not in d.gold_answer.en
    assert "暂缓抗凝" in d.gold_answer.zh and "建议启动" not in d.gold_answer.zh
    assert "MedicationAdministration.search" in [c.name for c in d.gold_actions]
    # a low score with a mechanical valve and warfarin running: continue it
    monkeypatch.setattr(RS, "bleeding_treatment", lambda view, facts: None)
    monkeypatch.setattr(
        RS,
        "anticoagulation_indication",
        lambda view, facts: ("a mechanical heart valve (valve replacement on 2150-01-02) needs warfarin whatever the score",
                             "机械瓣膜无论评分均需华法林抗凝", "Procedure"),
    )  # fmt: skip
    f.age = 50
    f.history = [h for h in f.history if h[0] != "I10"]
    f.orders.append(_order("Warfarin", "warfarin", 5, "mg", "PO", "DAILY"))
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "not routinely indicated" not in d.gold_answer.en
    assert "mechanical heart valve" in d.gold_answer.en
    assert "continue the warfarin" in d.gold_answer.en
    assert "机械瓣膜" in d.gold_answer.zh and "一般无需" not in d.gold_answer.zh


# ------------------------------------------- 3. one order, two product rows
def test_the_product_rows_of_one_order_are_one_dose():
    capsule = _now("1", "FLUoxetine", 20, "DAILY")
    liquid = _now("2", "FLUoxetine", 20, "DAILY")  # the same order, another product
    assert daily_dose([capsule, liquid]).amount == 20.0  # type: ignore[union-attr]
    # two rows of one start, route and frequency at different doses are one order's
    # alternative products: no dose a day is claimed (round 8, was summed to 25)
    five = _now("3", "FLUoxetine", 5, "DAILY")
    assert daily_dose([capsule, five]) is None
    # a discharge list with the tablet and the cup rows of one multivitamin order
    then = [
        _request("a", "h1", "Multivitamins", "PO", "DAILY", END, dose=1),
        _request("b", "h1", "Multivitamins", "PO", "DAILY", END, dose=1),
    ]
    assert (
        _changes(then, [_now("n", "Multivitamins", 1, "DAILY")], "multivitamin") == {}
    )


def test_a_brand_and_its_generic_are_one_drug():
    avapro = MedOrder("1", "Avapro", None, 300, "mg", "PO", "DAILY", "completed",
                      "2150-02-03T09:00:00", END, hadm_id="h1")  # fmt: skip
    assert drug_of(avapro) == "irbesartan"
    then = [_request("a", "h1", "Avapro", "PO", "DAILY", END, dose=300)]
    last = last_discharge_list(_View(then), _facts())
    assert last is not None and last.generics == ["irbesartan"]
    now = [_now("n", "irbesartan", 150, "DAILY")]
    assert _changes(then, now, "irbesartan") == {
        "irbesartan": ("a lower dose a day now", "现每日剂量较低")
    }


# ------------------------------------------- 4. the reason a decision states
def test_an_nsaid_flag_after_cabg_states_the_operation_not_the_creatinine(
    synthetic_records,
):
    from test_gold_rules import PAIR, _dated, _first, _gold_ok, _order, _series

    from physassist_env.scenarios.topics import writes as WR

    ctx = _first(synthetic_records, lambda c: "creatinine" in c.facts.labs)
    ctx.facts.orders.append(_order("Ibuprofen", "ibuprofen", 400, "mg", "PO", "Q8H"))
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [0.8, 0.8], "mg/dL"), 0
    )
    ctx.facts.surgery = Surgery("cardiac", ctx.facts.start[:10], "CABG", cabg=True)
    d = WR.flag_safety(ctx, PAIR["nsaid_cr"], "ibuprofen")
    assert d is not None and d.decision == "hold"
    args = d.gold_actions[-1].arguments
    assert "CABG" in args["code"] and "FDA boxed warning" in args["detail"]
    assert "(normal): hold it" not in args["detail"]  # before: the creatinine as reason
    assert "冠状动脉旁路移植术" in d.gold_answer.zh
    _gold_ok(d, ctx)


def test_no_creatinine_recheck_before_a_discharge_to_hospice(synthetic_records):
    from test_gold_rules import _dated, _first, _series

    from physassist_env.scenarios.derived import rising_aki
    from physassist_env.scenarios.topics import writes as WR

    ctx = _first(synthetic_records, lambda c: "creatinine" in c.facts.labs)
    ctx.facts.baseline_creatinine = None
    ctx.facts.creatinine_before = []
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [1.0, 1.6, 1.9, 2.2], "mg/dL", "H"), 0
    )
    assert rising_aki(ctx.facts) is not None
    d = WR.followup(ctx)
    assert d is not None and "still rising" in d.gold_answer.en
    ctx.facts.discharge_disposition = "HOSPICE"
    d = WR.followup(ctx)
    assert d is not None and "hospice" in d.gold_answer.en
    assert "not ready" not in d.gold_answer.en and "暂不宜" not in d.gold_answer.zh


def test_no_response_credited_to_a_course_whose_last_order_completed(
    synthetic_records,
):
    from dataclasses import replace

    from test_gold_rules import _first, _series, _two_days_in

    from physassist_env.scenarios.topics import reasoning as RS

    def fits(c) -> bool:
        g = _two_days_in(c)
        if g is None:
            return False
        c.facts.conditions = [("A419", "Sepsis, unspecified organism")]
        c.facts.labs["wbc"] = _series("wbc", [17.1, 12.0, 9.3], "K/uL", ["H", "H", ""])
        c.facts.cultures = []
        return (
            any(drug_of(o) == g and o.status == "active" for o in c.facts.orders)
            and RS.treatment_response(c, g) is not None
        )

    ctx = _first(synthetic_records, fits)
    drug = _two_days_in(ctx)
    assert drug is not None
    today = ctx.facts.current_date
    mine = [o for o in ctx.facts.orders if drug_of(o) == drug]
    last = max(mine, key=lambda o: o.start)
    # an early order re-written by a change order, then the course ran out today
    first = replace(last, id="early", status="stopped", changed=True,
                    start=f"{ctx.facts.start[:10]}T06:00:00")  # fmt: skip
    done = replace(last, status="completed", end=f"{today}T01:00:00")
    others = [o for o in ctx.facts.orders if drug_of(o) != drug]
    ctx.facts.orders = [*others, first, done]
    assert RS.treatment_response(ctx, drug) is None
