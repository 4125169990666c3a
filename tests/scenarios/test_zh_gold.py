"""ZH gold answers name drugs, diagnoses, routes, frequencies and statuses in Chinese
(abbreviations, units, score names and glossed record names excepted; see
``physassist_env.vocab.zh_text``)."""

from __future__ import annotations

from physassist_env.vocab.diagnoses import allergy_zh, diagnosis_zh
from physassist_env.vocab.frequencies import freq_zh
from physassist_env.vocab.microbiology import culture_zh, organism_text_zh
from physassist_env.vocab.orders import route_zh, status_zh
from physassist_env.vocab.zh_text import untranslated_english


def test_the_check_flags_english_and_allows_what_chinese_clinicians_write() -> None:
    bad = "赖诺普利 5 mg，PO，DAILY，状态 active。主要诊断为 Acute kidney failure, unspecified（N179）；Aspirin。"
    assert untranslated_english(bad) == [
        "Aspirin", "PO", "DAILY", "active", "Acute kidney failure, unspecified",
    ]  # fmt: skip
    good = (
        "最近一次INR为 1.4（2150-03-03），低于华法林目标范围 2.0-3.0。按 Cockcroft-Gault 公式，"
        "肌酐清除率约 54 mL/min；血钾 5.8 mEq/L；WBC 12 K/uL；CHA2DS2-VASc 评分 3 分；"
        "尿培养培养出大肠埃希菌（ESCHERICHIA COLI）；MRSA 筛查阴性。"
    )
    assert untranslated_english(good) == []


def test_chinese_tables() -> None:
    assert diagnosis_zh("42823") == "慢性收缩性心力衰竭急性加重"
    assert diagnosis_zh("4289") == "心力衰竭"  # the family's title
    assert diagnosis_zh("I50.9") == "心力衰竭"
    assert diagnosis_zh("Q999") == ""
    assert (route_zh("PO"), freq_zh("DAILY"), status_zh("active")) == (
        "口服", "每日一次", "在用",
    )  # fmt: skip
    assert freq_zh("Q6H:PRN") == "每6小时一次（必要时）"
    assert culture_zh("URINE CULTURE") == "尿培养"
    assert organism_text_zh("ESCHERICHIA COLI") == "大肠埃希菌"
    assert allergy_zh("Allergy status to penicillin") == "青霉素过敏"


def test_zh_gold_answers_have_no_untranslated_names(synthetic_generated) -> None:
    found = {
        (s.session_id, t.index, t.topic): untranslated_english(t.gold_answer.zh)
        for s in synthetic_generated.sessions
        for t in s.turns
    }
    bad = {k: v for k, v in found.items() if v}
    assert not bad, list(bad.items())[:10]
