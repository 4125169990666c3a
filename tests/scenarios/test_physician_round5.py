"""Gold a physician signs on real records, round 5 (issue #37): the classes the fresh
independent reading of round 4 found wrong, fixed by their principle and tested on
synthetic facts (never on MIMIC values): the follow-up service chosen by what the
admission was (the operating service, psychiatry, hospice), NSAIDs after CABG and with
low-dose aspirin in the "safe to continue?" decision, medication reconciliation read on
order status, and no antibiotic response credited to a drug that does not cover the
isolate. Each test fails on the
behaviour before the fix."""

from __future__ import annotations

from test_gold_rules import (
    PAIR,
    _dated,
    _first,
    _gold_ok,
    _grade,
    _order,
    _series,
    _two_days_in,
)

from physassist_env.clinical.analgesia import blunts_aspirin, nsaid_after_cabg
from physassist_env.clinical.surgery import surgery_kind
from physassist_env.scenarios.derived import DailyDose, last_discharge_list
from physassist_env.scenarios.features import AdmissionFacts, MedOrder, Surgery
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import writes as WR


# ------------------------------------------------- 1. follow-up by what the admission was
def test_operation_titles_are_read_into_their_operating_service():
    assert surgery_kind("Total esophagectomy") == "thoracic"
    assert surgery_kind("Resection of Esophagus, Open Approach") == "thoracic"
    assert (
        surgery_kind("Resection of Right Upper Lung Lobe, Open Approach") == "thoracic"
    )
    assert (
        surgery_kind("Other excision or destruction of lesion or tissue of brain")
        == "neurosurgical"
    )
    assert surgery_kind("Clipping of aneurysm") == "neurosurgical"
    # the round-4 kinds are unchanged, and a diagnostic or removal procedure is none
    assert surgery_kind("Bypass Coronary Artery, One Artery from Aorta") == "cardiac"
    assert surgery_kind("Excision of Brain, Percutaneous Approach, Diagnostic") == ""


def _primary_care(records):
    return _first(records, lambda c: WR.followup_plan(c)[0] == "primary care")


def test_follow_up_after_thoracic_or_cranial_surgery_is_the_operating_service(
    synthetic_records,
):
    ctx = _primary_care(synthetic_records)
    day = ctx.facts.start[:10]
    ctx.facts.surgery = Surgery("thoracic", day, "Total esophagectomy")
    service, _, reason, accepted, days, decision = WR.followup_plan(ctx)
    assert service == "thoracic surgery" and "thoracic surgery" in accepted
    assert days == 14 and decision.startswith("thoracic surgery")
    assert reason == f"after thoracic surgery on {day}"
    ctx.facts.surgery = Surgery("neurosurgical", day, "Craniotomy")
    service, _, reason, accepted, _, _ = WR.followup_plan(ctx)
    assert service == "neurosurgery" and "neurosurgery" in accepted
    assert reason == f"after neurosurgery on {day}"
    d = WR.followup(ctx)
    assert d is not None and "neurosurgery" in d.gold_answer.en
    assert any(c.name == "Procedure.search" for c in d.gold_actions)


def test_a_psychiatric_stay_this_admission_continues_is_followed_by_psychiatry(
    synthetic_records,
):
    ctx = _primary_care(synthetic_records)
    # this admission's own codes are written at discharge: before then, none
    ctx.facts.conditions = []
    ctx.facts.continued = [("F32.9", "Major depressive disorder, single episode")]
    service, _, _, accepted, days, _ = WR.followup_plan(ctx)
    assert service.startswith("psychiatry") and days == 7
    assert "behavioral health" in accepted


def test_a_discharge_to_hospice_is_followed_by_palliative_care(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: (
            WR.followup_plan(c)[0] != "primary care" or c.facts.surgery is not None
        ),
    )
    ctx.facts.discharge_disposition = "HOSPICE"
    service, _, reason, accepted, days, decision = WR.followup_plan(ctx)
    assert service.startswith("palliative care") and "hospice" in accepted
    assert days == 3 and decision.startswith("palliative")
    d = WR.followup(ctx)
    assert d is not None
    # the physician says where the patient goes: the agent's record does not show it
    assert "hospice" in d.explicit.en.lower()
    assert "安宁" in d.explicit.zh


# ------------------------------------------------- 2. NSAIDs after CABG, with aspirin
def _on_ibuprofen(records):
    ctx = _first(
        records,
        lambda c: (
            c.facts.age is not None
            and not any(o.generic == "aspirin" for o in c.facts.active_orders())
        ),
    )
    ctx.facts.orders.append(_order("Ibuprofen", "ibuprofen", 400, "mg", "PO", "Q8H"))
    ctx.facts.labs["creatinine"] = _dated(
        ctx, _series("creatinine", [0.8, 0.7], "mg/dL"), 0
    )
    return ctx


def test_an_nsaid_is_not_continued_in_the_cabg_admission(synthetic_records):
    assert nsaid_after_cabg("ibuprofen", True) and not nsaid_after_cabg("aspirin", True)
    ctx = _on_ibuprofen(synthetic_records)
    d = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ibuprofen")
    assert d is not None and d.decision == "continue"  # no CABG: the creatinine decides
    ctx.facts.surgery = Surgery(
        "cardiac", ctx.facts.start[:10], "Bypass Coronary Artery", cabg=True
    )
    d = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ibuprofen")
    assert d is not None and d.decision == "hold"
    assert (
        "do not continue ibuprofen" in d.gold_answer.en and "CABG" in d.gold_answer.en
    )
    assert "禁用" in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert (
        _grade(
            d, ctx, "Creatinine is 0.7 mg/dL, normal. It is safe to continue ibuprofen."
        )
        < 0.5
    )


def test_ibuprofen_with_low_dose_aspirin_notes_the_interaction(synthetic_records):
    assert blunts_aspirin("ibuprofen", True) and not blunts_aspirin("ibuprofen", False)
    ctx = _on_ibuprofen(synthetic_records)
    # the record's aspirin order carries no class generic: read by its name
    ctx.facts.orders.append(_order("Aspirin EC", None, 81, "mg", "PO", "DAILY"))
    d = RS.drug_lab_safety(ctx, PAIR["nsaid_cr"], "ibuprofen")
    assert d is not None and "antiplatelet effect" in d.gold_answer.en
    assert "抗血小板" in d.gold_answer.zh
    assert any("aspirin" in i.criterion.en for i in d.rubric)


# ------------------------------------------------- 4. antibiotic response
def test_metronidazole_does_not_cover_aerobic_gram_negatives():
    e_coli = [{"id": "m1", "test": "BLOOD CULTURE", "organism": "ESCHERICHIA COLI",
               "susceptibility": {"ceftriaxone": "S"}, "time": "2150-01-01T08:00:00"}]  # fmt: skip
    assert RS.resistant_isolates(e_coli, "metronidazole") == ["ESCHERICHIA COLI"]
    assert RS.resistant_isolates(e_coli, "ceftriaxone") == []


def test_no_response_is_credited_to_a_drug_that_does_not_cover_the_isolate(
    synthetic_records,
):
    ctx = _first(synthetic_records, lambda c: _two_days_in(c) is not None)
    drug = _two_days_in(ctx)
    assert drug is not None
    other = "ceftriaxone" if drug != "ceftriaxone" else "cefepime"
    ctx.facts.conditions = [("A419", "Sepsis, unspecified organism")]
    ctx.facts.labs["wbc"] = _series("wbc", [24.0, 12.4], "K/uL", ["H", "H"])
    # every other antibiotic of the admission is tested resistant too, the other agent
    # not given yet
    ctx.facts.given.pop(other, None)
    panel = {g: "R" for g in {*ctx.facts.given, *ctx.facts.antibiotics}} | {other: "S"}
    ctx.facts.cultures = [
        {"id": "m1", "test": "BLOOD CULTURE", "organism": "ESCHERICHIA COLI",
         "susceptibility": panel, "time": "2150-01-01T08:00:00"}
    ]  # fmt: skip
    # alone, a drug the isolate resists is not adequate therapy, whatever the count does
    d = RS.treatment_response(ctx, drug)
    assert d is not None and "resistant" in d.gold_answer.en
    # another agent given this admission covers it: the falling count is that agent's,
    # so neither "continue" nor "not responding" is gold for this drug
    ctx.facts.given[other] = 4
    ctx.facts.antibiotics = sorted({*ctx.facts.antibiotics, other})
    assert RS.treatment_response(ctx, drug) is None


# ------------------------------------------------- 3. reconciliation on order status
def _facts(**kw) -> AdmissionFacts:
    base = dict(patient_id="p", hadm_id="h2", start="2150-03-01T08:00:00",
                end="2150-03-01T19:00:00", current_date="2150-03-01", age=70,
                female=False, weight_kg=None)  # fmt: skip
    return AdmissionFacts(**(base | kw))


def _med(oid, name, status, start, end, hadm="h2") -> MedOrder:
    return MedOrder(
        oid, name, None, 81, "mg", "PO", "DAILY", status, start, end, hadm_id=hadm
    )


def test_an_order_that_ended_with_the_stay_was_not_stopped():
    f = _facts()
    # closed at the stay's end (MIMIC writes open orders "completed" at discharge)
    at_end = _med("1", "Aspirin", "completed", "2150-03-01T12:00", "2150-03-01T19:00")
    assert RC.ended_with_stay(at_end, f)
    # stopped by the team in the morning: stopped this admission
    morning = _med("2", "Aspirin", "stopped", "2150-03-01T09:00", "2150-03-01T10:00")
    assert not RC.ended_with_stay(morning, f)
    running = _med("3", "Aspirin", "active", "2150-03-01T09:00", "")
    assert not RC.ended_with_stay(running, f)
    other_stay = _med("4", "Aspirin", "completed", "", "2150-03-01T19:00", "h1")
    assert not RC.ended_with_stay(other_stay, f)


class _View:
    """A record of two earlier stays: what ``last_discharge_list`` reads."""

    def __init__(self, requests: list[dict]) -> None:
        self.requests = requests

    def search(self, kind: str, params: dict | None = None):
        if kind == "Encounter":
            stays = [("h0", "2150-01-01", "2150-01-05"), ("h1", "2150-02-01", "2150-02-04")]  # fmt: skip
            return [
                {"id": h, "period": {"start": f"{a}T08:00:00", "end": f"{b}T12:00:00"}}
                for h, a, b in stays
            ], len(stays)
        return self.requests, len(self.requests)


def _request(oid, hadm, name, route, freq, end, prn=False, dose=None) -> dict:
    di = {"route": {"text": route}, "timing": {"code": {"text": freq}}}
    if dose is not None:
        di["doseAndRate"] = [{"doseQuantity": {"value": dose, "unit": "mg"}}]
    if prn:
        di["asNeededBoolean"] = True
    return {
        "resourceType": "MedicationRequest", "id": oid, "status": "completed",
        "medicationCodeableConcept": {"text": name}, "dosageInstruction": [di],
        "dispenseRequest": {"validityPeriod": {"start": f"{end[:10]}T00:00:00", "end": end}},
        "encounter": {"reference": f"Encounter/{hadm}"},
    }  # fmt: skip


def test_the_last_discharge_list_is_the_latest_stay_and_only_its_home_regimens():
    f = _facts()
    older = _request(
        "a", "h0", "Metoprolol Tartrate", "PO", "BID", "2150-01-05T12:00:00"
    )
    # the latest stay's only orders are IV: no list, not the older stay's instead
    iv = _request(
        "b", "h1", "Piperacillin-Tazobactam", "IV", "Q8H", "2150-02-04T12:00:00"
    )
    assert last_discharge_list(_View([older, iv]), f) is None
    # rescue glucose gel, a bowel preparation and a lozenge are no home regimen
    latest = [
        iv,
        _request("c", "h1", "Lisinopril", "PO", "DAILY", "2150-02-04T12:00:00"),
        _request("d", "h1", "Glucose Gel", "PO", "Q15MIN", "2150-02-04T12:00:00", True),
        _request("e", "h1", "MoviPrep", "PO", "Q12H", "2150-02-04T12:00:00"),
        _request("f", "h1", "Cepacol (Menthol) Lozenge", "PO", "Q2H", "2150-02-04T12:00:00", True),
    ]  # fmt: skip
    last = last_discharge_list(_View([older, *latest]), f)
    assert last is not None and last.hadm_id == "h1"
    assert last.generics == ["lisinopril"]


def test_a_continued_drug_at_another_dose_is_a_change_not_continued():
    from types import SimpleNamespace

    end = "2150-02-04T12:00:00"
    last = last_discharge_list(
        _View([_request("k", "h1", "LevETIRAcetam", "PO", "BID", end, dose=1500)]),
        _facts(),
    )
    assert last is not None and last.doses == {
        "levetiracetam": DailyDose(3000.0, "mg", frozenset())
    }
    f = _facts()
    keppra = MedOrder("n", "LevETIRAcetam", None, 500, "mg", "PO", "BID", "active",
                      "2150-03-01T09:00:00", "", hadm_id="h2")  # fmt: skip
    f.orders.append(keppra)
    ctx = SimpleNamespace(facts=f)
    assert RC.dose_changes(ctx, last, ["levetiracetam"]) == {
        "levetiracetam": ("a lower dose a day now", "现每日剂量较低")
    }
    keppra.dose = 1500
    assert RC.dose_changes(ctx, last, ["levetiracetam"]) == {}
