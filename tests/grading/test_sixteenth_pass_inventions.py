"""Issue #35, sixteenth pass: a procedure, a consult or a study result the answer asserts
about the patient that nothing seen holds, in any container.

* a procedure is read by its head (-ectomy, -otomy, -ostomy, -centesis, -oscopy,
  -plasty, a drainage; 行 + the procedure in Chinese) and as a step of a course written
  as a sequence ("admitted -> X -> now");
* a consult of any specialty (rheumatology, dermatology, orthopaedics, 风湿科, 骨科 ...)
  said to have advised, and "据X科（aside）：" with its advice;
* a footnote marked with full-width brackets (［a］) is read like one marked [a].

Planned, asked, denied or charted ones cost nothing. Wordings are our own, EN and ZH.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

LABS = search_output(
    "Observation",
    "2180-01-04 08:00 | Creatinine = 2.3 mg/dL (H) [ref 0.5-1.2]",
)
ORDERS = search_output(
    "MedicationRequest",
    "2180-01-02 09:00 | Amlodipine 5 mg PO DAILY | active (2180-01-02 to ongoing)",
)
PROCEDURES = search_output(
    "Procedure",
    "2180-01-03 | Thoracentesis | completed",
)
SEEN = [LABS, ORDERS, PROCEDURES]
GOLD = {"en": "Creatinine is 2.3 mg/dL, high.", "zh": "肌酐 2.3 mg/dL，偏高。"}


def _added(extra: str, language: str) -> set[str]:
    sep = " " if language == "en" else ""
    return added(GOLD[language] + sep + extra, SEEN, language=language)


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("She is two days out from a splenectomy.", "en"),
        ("Post-thyroidectomy day 3, recovering well.", "en"),
        ("He had a tracheostomy earlier this admission.", "en"),
        ("Timeline: admission -> cystoscopy -> on the ward now.", "en"),
        ("Course: admitted -> an incision and drainage -> improving.", "en"),
        ("本次住院第3天行胆囊切除，恢复顺利。", "zh"),
        ("入院后行切开引流。", "zh"),
        ("昨天下午行电复律。", "zh"),
        ("病程：入院 → 气管切开 → 病房观察中。", "zh"),
    ],
)
def test_a_procedure_nothing_seen_holds_is_invented(extra: str, language: str) -> None:
    assert "record" in _added(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("She is two days out from a thoracentesis.", "en"),
        ("A splenectomy may be needed if the count keeps falling.", "en"),
        ("Plan: cystoscopy tomorrow.", "en"),
        ("No drainage has been done.", "en"),
        ("胸腔穿刺已完成。", "zh"),
        ("建议明天行膀胱镜检查。", "zh"),
        ("如脓肿扩大，需行切开引流。", "zh"),
    ],
)
def test_a_charted_planned_or_denied_procedure_costs_nothing(
    extra: str, language: str
) -> None:
    assert "record" not in _added(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("Dermatology advised stopping the amlodipine.", "en"),
        ("Orthopaedics saw her this morning: non-weight-bearing.", "en"),
        ("Per rheum (phoned at 14:00): start prednisolone.", "en"),
        ("The geriatrician recommended a falls review.", "en"),
        ("皮肤科建议停用氨氯地平。", "zh"),
        ("据骨科（今早电话沟通）：患肢制动。", "zh"),
        ("老年科会诊意见：防跌倒。", "zh"),
    ],
)
def test_a_consult_nothing_seen_holds_is_invented(extra: str, language: str) -> None:
    assert "record" in _added(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("Consider asking dermatology to review the rash.", "en"),
        ("A rheumatology opinion would help.", "en"),
        ("建议请骨科会诊。", "zh"),
        ("必要时请老年科评估。", "zh"),
    ],
)
def test_a_consult_proposed_costs_nothing(extra: str, language: str) -> None:
    assert "record" not in _added(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("［a］\n\n［a］超声示肝脓肿。", "zh"),
        ("［1］\n\n［1］胸片示右下肺实变。", "zh"),
    ],
)
def test_a_finding_in_a_full_width_footnote_is_read(extra: str, language: str) -> None:
    assert "record" in _added(extra, language), extra


# ---------------------------------------------------------------- "of note", a history's subject
@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("需要注意，入院后新出现盗汗。", "zh"),
        ("值得注意的是，入院后新出现双足麻木。", "zh"),
        ("既往史值得注意的是青光眼。", "zh"),
        ("既往史包括系统性红斑狼疮。", "zh"),
        ("病史中有预激综合征。", "zh"),
    ],
)
def test_of_note_and_a_history_as_subject_assert(extra: str, language: str) -> None:
    assert "record" in _added(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("注意观察有无盗汗。", "zh"),
        ("需要注意有无呕血。", "zh"),
        ("既往史无特殊。", "zh"),
        ("值得注意的是，肌酐仍偏高。", "zh"),
    ],
)
def test_watching_for_or_nothing_of_note_costs_nothing(
    extra: str, language: str
) -> None:
    assert "record" not in _added(extra, language), extra
