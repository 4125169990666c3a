"""Admission facts that a physician would sign: real doses, ICU doses, history, premises."""

from __future__ import annotations

from typing import Any

from physassist_env.ehr.store import FhirStore
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import discharged_alive, premise_problems
from physassist_env.sources.mimic import convert as cv

PID = "7"
SUBJ = {"reference": f"Patient/{PID}"}


def _enc(hadm: str, start: str, end: str, disposition: str = "HOME") -> dict[str, Any]:
    return cv.admission_encounter(
        {
            "hadm_id": int(hadm),
            "admittime": start,
            "dischtime": end,
            "admission_type": "URGENT",
            "discharge_location": disposition,
        },
        PID,
    )


def _rx(rid: str, hadm: int, drug: str, start: str, stop: str, **kw: Any) -> dict:
    row = {
        "hadm_id": hadm,
        "drug": drug,
        "starttime": start,
        "stoptime": stop,
        "dose_val_rx": kw.get("dose", "5"),
        "dose_unit_rx": kw.get("unit", "mg"),
        "route": kw.get("route", "PO"),
        "prod_strength": kw.get("strength", ""),
        "pharmacy_id": int(rid),
    }
    return cv.medication_request(
        row, PID, f"rx-{rid}-0", {int(rid): kw.get("freq", "DAILY")}
    )


def _dx(hadm: int, seq: int, code: str, admit: str) -> dict:
    return cv.condition(
        {"hadm_id": hadm, "seq_num": seq, "icd_code": code, "icd_version": 9},
        PID,
        {},
        cv.fhir_datetime(admit),
    )


def _icu_dose(orderid: int, link: int, start: str, status: str) -> dict:
    return cv.icu_medication_administration(
        {
            "hadm_id": 2,
            "stay_id": 9,
            "itemid": 225893,
            "starttime": start,
            "endtime": start[:11] + "23:59:00",
            "storetime": start,
            "amount": 4.5,
            "amountuom": "g",
            "linkorderid": link,
            "ordercategorydescription": "Continuous Med",
            "statusdescription": status,
        },
        PID,
        {225893: {"label": "Piperacillin/Tazobactam (Zosyn)"}},
        f"icu-ma-9-{orderid}-0",
    )


def _store(dod: str | None = None) -> FhirStore:
    patient = cv.patient(
        {
            "subject_id": int(PID),
            "gender": "F",
            "anchor_age": 80,
            "anchor_year": 2150,
            "dod": dod,
        }
    )
    culture = cv.micro_observation(
        [
            {
                "micro_specimen_id": 1,
                "test_itemid": 90,
                "test_name": "URINE CULTURE",
                "hadm_id": 2,
                "chartdate": "2150-03-02",
                "storetime": "2150-03-02 10:00:00",
                "comments": "TEST CANCELLED, PATIENT CREDITED.",
            }
        ],
        PID,
    )
    resources = [
        patient,
        _enc("1", "2149-01-01 10:00:00", "2149-01-05 12:00:00"),
        _enc("2", "2150-03-01 08:00:00", "2150-03-06 12:00:00"),
        _dx(1, 1, "4280", "2149-01-01 10:00:00"),  # CHF, last year
        _dx(2, 1, "42731", "2150-03-01 08:00:00"),  # AF now
        _dx(2, 2, "5693", "2150-03-01 08:00:00"),  # rectal haemorrhage now
        # last year: discharged on lisinopril and warfarin
        _rx("11", 1, "Lisinopril", "2149-01-02 08:00:00", "2149-01-05 12:00:00"),
        _rx("12", 1, "Warfarin", "2149-01-02 08:00:00", "2149-01-05 12:00:00"),
        # now: warfarin placeholder order, sliding-scale insulin, flush, one-off
        _rx(
            "21",
            2,
            "Warfarin",
            "2150-03-01 16:00:00",
            "",
            dose="0",
            strength="Check with MD for Dose",
        ),
        _rx(
            "22",
            2,
            "Insulin",
            "2150-03-01 09:00:00",
            "",
            dose="0",
            unit="UNIT",
            route="SC",
            freq="ASDIR",
        ),  # fmt: skip
        _rx(
            "23",
            2,
            "Sodium Chloride 0.9%  Flush",
            "2150-03-01 09:00:00",
            "",
            dose="3",
            unit="mL",
            route="IV",
            freq="Q8H",
        ),  # fmt: skip
        _rx("24", 2, "Metoprolol Tartrate", "2150-03-01 09:00:00", "", freq="BID"),
        _rx("25", 2, "Ondansetron", "2150-03-01 09:00:00", "", freq="ONCE"),
        # ICU piperacillin: one infusion with a rate change (two rows), one more dose
        _icu_dose(1, 100, "2150-03-02 08:00:00", "ChangeDose/Rate"),
        _icu_dose(2, 100, "2150-03-02 12:00:00", "FinishedRunning"),
        _icu_dose(3, 101, "2150-03-03 08:00:00", "FinishedRunning"),
        culture,
    ]
    for i, (day, hb, inr) in enumerate(
        [("2150-03-01", 14.0, 2.1), ("2150-03-03", 9.1, 5.2)]
    ):
        for itemid, label, value, unit in (
            (51222, "Hemoglobin", hb, "g/dL"),
            (51237, "INR(PT)", inr, ""),
        ):
            resources.append(
                cv.lab_observation(
                    {
                        "labevent_id": i * 10 + itemid,
                        "itemid": itemid,
                        "hadm_id": 2,
                        "charttime": f"{day} 06:00:00",
                        "storetime": f"{day} 07:00:00",
                        "valuenum": value,
                        "valueuom": unit,
                    },
                    PID,
                    {itemid: {"label": label}},
                )
            )
    return FhirStore(resources)


def _facts(store: FhirStore):
    enc = store.entry("Encounter", "2").resource
    facts = admission_facts(store.view(PID, "2150-03-05"), enc)
    facts.discharged_alive = discharged_alive(store, PID, enc)
    return facts


def test_doses_orders_and_cultures_are_real_facts() -> None:
    f = _facts(_store())
    assert f.given == {"piperacillin": 2}  # ICU doses, one per infusion
    warfarin = next(o for o in f.orders if o.generic == "warfarin")
    assert warfarin.dose is None and warfarin.placeholder == "dose per prescriber"
    insulin = next(o for o in f.orders if o.generic == "insulin")
    assert insulin.dose is None and insulin.placeholder == "sliding scale"
    assert [o.name for o in f.going_home_orders()] == ["Metoprolol Tartrate"]
    assert f.cultures == [] and f.cancelled_tests == 1
    assert f.allergy_text() == ("no allergy recorded", "未记录过敏史")


def test_home_drugs_history_and_ranges() -> None:
    f = _facts(_store())
    # discharged on both last year; insulin is a sliding scale without diabetes
    assert f.home == {"lisinopril": "discharged on it", "warfarin": "discharged on it"}
    assert f.cha2ds2vasc_inputs()["chf"]  # coded in the earlier admission
    assert not f.has_condition("428")
    assert f.interpretation_range("inr") == (2.0, 3.0, "warfarin therapeutic range")
    assert f.interpretation_range("potassium") is None
    cautions = f.anticoagulation_cautions()
    assert any(c.startswith("bleeding") for c in cautions)
    assert any("haemoglobin fell 14 -> 9.1" in c for c in cautions)
    assert any("INR 5.2" in c for c in cautions)
    assert f.labs["hemoglobin"].lowest.value == 9.1


def test_premises() -> None:
    f = _facts(_store())
    assert f.discharged_alive

    class T:
        topic = "patient_adherence"
        entities = ["drug:insulin", "patient"]

    problems = premise_problems(Scenario.DISCHARGE_PLANNING, f, [T()])
    assert problems == [
        "discharge planning with fewer than two scheduled regimens",
        "adherence question on insulin: not a home drug",
    ]
    assert _facts(_store(dod="2150-03-07")).discharged_alive  # died after discharge
    assert _facts(_store(dod="2150-03-06")).discharged_alive is False
