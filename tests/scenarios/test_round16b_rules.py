"""Round 16b (issue #37, reading m): the rules behind the wrong classes, on plain values
(docs/real-records.md, "Round 16b"). Values are invented, never MIMIC's."""

from __future__ import annotations

from physassist_env.clinical.culture_reading import (
    headline_isolate,
    positive_detections,
    same_specimen,
)
from physassist_env.clinical.routes import systemic
from physassist_env.clinical.specimen import drug_not_taken, spurious
from physassist_env.scenarios.derived import QT_RISK, components, post_rrt_episode
from physassist_env.scenarios.features import LabPoint
from physassist_env.scenarios.topics.reasoning import resistant_isolates

NOTE = "POINT OF CARE. Hydroxyurea may cause falsely elevated values with this method."


def _micro(spec: str, test: str, org: str, t: str = "2150-03-02T08:00:00") -> dict:
    return {
        "id": f"micro-{spec}-1-2-1",
        "test": test,
        "organism": org,
        "susceptibility": {},
        "time": t,
    }


def test_icu_infusions_of_the_credible_meds_lists_are_qt_drugs():
    assert QT_RISK["propofol"] == "known" and QT_RISK["fluconazole"] == "known"
    assert QT_RISK["metronidazole"] == "conditional"


def test_local_preparations_are_not_systemic():
    assert not systemic("Ciprofloxacin 0.3% Ophth Soln", "RIGHT EAR")
    assert not systemic("Ciprofloxacin HCl", "BOTH EARS")
    assert not systemic("Mupirocin Ointment 2%", "NU")
    assert not systemic("Metronidazole Gel 0.75%-Vaginal", "VG")
    assert systemic("Ciprofloxacin HCl", "PO/NG") and systemic("CefePIME", "IV")


def test_a_drug_interference_comment_needs_the_drug():
    assert spurious("creatinine", NOTE)  # the drug's intake unknown: left out
    assert spurious("creatinine", NOTE, frozenset({"hydroxyurea"}))
    assert drug_not_taken(NOTE, frozenset({"aspirin", "heparin"}))
    assert not spurious("creatinine", NOTE, frozenset({"aspirin"}))
    # a comment naming no drug is unchanged; haemolysis is not a drug
    assert spurious("creatinine", "Falsely elevated: interference.", frozenset())
    assert spurious("potassium", "Hemolysis falsely elevates this test.", frozenset())


def test_a_positive_detection_outranks_contaminated_flora():
    rows = [
        _micro("1", "URINE CULTURE", "MIXED BACTERIAL FLORA, CONSISTENT WITH FECAL CONTAMINATION", "2150-03-01T08:00:00"),
        _micro("2", "C. difficile PCR", "CLOSTRIDIUM DIFFICILE", "2150-03-01T09:00:00"),
        _micro("3", "Respiratory Virus Identification", "POSITIVE FOR INFLUENZA A VIRAL ANTIGEN"),
        _micro("4", "GRAM STAIN", "GRAM POSITIVE COCCI"),
        _micro("5", "C. difficile PCR", "NEGATIVE"),
    ]  # fmt: skip
    assert headline_isolate(rows) is None
    found = [c["id"] for c in positive_detections(rows)]
    assert found == ["micro-2-1-2-1", "micro-3-1-2-1"]


def test_isolates_of_one_specimen():
    a = _micro("9", "RESPIRATORY CULTURE", "ESCHERICHIA COLI")
    b = _micro("9", "RESPIRATORY CULTURE", "STENOTROPHOMONAS MALTOPHILIA")
    c = _micro("8", "RESPIRATORY CULTURE", "STENOTROPHOMONAS MALTOPHILIA")
    assert same_specimen(a, b) and not same_specimen(a, c)


def test_stenotrophomonas_is_intrinsically_resistant_to_piperacillin():
    b = _micro("9", "RESPIRATORY CULTURE", "STENOTROPHOMONAS MALTOPHILIA")
    assert resistant_isolates([b], "piperacillin")
    assert not resistant_isolates([b], "sulfamethoxazole")


def _cr(day: str, v: float) -> LabPoint:
    return LabPoint(f"2150-03-{day}T06:00:00", v, "mg/dL", "")


def test_a_second_aki_after_recovery_off_crrt():
    ended = "2150-03-04T18:00:00"
    pts = [
        _cr("05", 1.0),
        _cr("07", 0.7),
        _cr("08", 0.5),
        _cr("10", 1.4),
        _cr("12", 2.2),
    ]
    stage, nadir = post_rrt_episode(pts, ended)
    assert nadir.value == 0.5 and stage == 3  # 2.2 / 0.5 >= 3
    # the nadir within three days of the filter stopping is the filter's, not recovery
    early = [_cr("05", 0.5), _cr("06", 1.2), _cr("07", 2.0)]
    assert post_rrt_episode(early, ended) is None
    # no rise after the nadir: no second episode
    flat = [_cr("05", 1.0), _cr("08", 0.6), _cr("09", 0.7)]
    assert post_rrt_episode(flat, ended) is None


def test_a_combination_product_is_read_by_its_parts():
    assert components("HYDROcodone-Acetaminophen (5mg-325mg)") == (
        "hydrocodone",
        "acetaminophen",
    )
