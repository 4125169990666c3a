"""Gold a physician signs on real records, round 7 (issue #37): what the physician
readings left, fixed by principle and tested on fixtures built here (never on MIMIC
values). Each test fails on the behaviour before the fix.
"""

from __future__ import annotations

from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.fhir import PatientRecord
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import coded_at_discharge, current_date_for

PID = "p7"
SUBJ = {"reference": f"Patient/{PID}"}


# ------------------------------------------------ 1. the session's day on a two-day stay
def _short_stay(recorded: str | None) -> tuple[FhirStore, dict]:
    enc = {
        "resourceType": "Encounter",
        "id": "h7",
        "status": "finished",
        "class": {"code": "IMP"},
        "subject": SUBJ,
        "period": {"start": "2150-05-01T18:00:00", "end": "2150-05-02T15:00:00"},
    }
    dx = {
        "resourceType": "Condition",
        "id": "dx-h7-1",
        "code": {"text": "Syncope and collapse"},
        "subject": SUBJ,
        "encounter": {"reference": "Encounter/h7"},
    }
    if recorded:
        dx["recordedDate"] = recorded
    patient = {"resourceType": "Patient", "id": PID, "gender": "female"}
    record = PatientRecord(patient_id=PID, resources=[patient, enc, dx], source="test")
    return FhirStore.from_records([record]), enc


def test_codes_recorded_at_discharge_are_not_read_on_a_session_of_that_day():
    store, enc = _short_stay("2150-05-02T15:00:00")  # coded at discharge, as MIMIC-IV
    assert coded_at_discharge(store, PID, enc)
    day = current_date_for(
        enc, Scenario.MED_SAFETY, coded_at_discharge=coded_at_discharge(store, PID, enc)
    )
    # held on the day before discharge (the admission day), not the discharge day
    assert day == "2150-05-01"

    # the view the agent reads and the gold's facts (both ``store.view(pid, day)``)
    # agree: the discharge codes are not there yet
    def shown(on: str) -> str:
        result = EhrToolkit(store.view(PID, on)).call("Condition.search", {})
        assert result.ok
        return str(result.resource)

    assert "Syncope" in shown("2150-05-02") and "Syncope" not in shown(day)
    # a record whose codes were known during the stay keeps the discharge day
    store2, enc2 = _short_stay(None)
    assert not coded_at_discharge(store2, PID, enc2)
    assert current_date_for(enc2, Scenario.MED_SAFETY) == "2150-05-02"


# ------------------------------------------------------- 2. whole blood and serum apart
def test_a_trend_mixing_blood_gas_and_serum_values_says_which_is_whole_blood():
    from physassist_env.clinical.specimen import whole_blood
    from physassist_env.scenarios.features import LabPoint, LabSeries
    from physassist_env.scenarios.topics.base import trend_text
    from physassist_env.scenarios.vocab import LABS

    # MIMIC-IV itemid 50822 (blood gas, LOINC 6298-4) beside 50971 (serum, 2823-3)
    assert whole_blood({"6298-4"}) and not whole_blood({"2823-3"})
    k = LabSeries(
        LABS["potassium"],
        [
            LabPoint("2150-05-01T06:00:00", 3.2, "mmol/L", "L"),
            LabPoint("2150-05-02T06:00:00", 3.8, "mmol/L", ""),
            LabPoint("2150-05-03T04:00:00", 4.4, "mmol/L", "", whole_blood=True),
        ],
    )
    en, zh, _, latest = trend_text(k)
    assert latest == "4.4"
    assert "4.4 on 2150-05-03 is a whole-blood (blood gas) value" in en
    assert "全血（血气）" in zh and "4.4（2150-05-03）" in zh
    # one specimen type throughout: nothing to tell apart
    serum = LabSeries(LABS["potassium"], k.points[:2])
    assert "whole-blood" not in trend_text(serum)[0]
