"""Round 15 (issue #37, reading k, questionable class e): a systemic glucocorticoid of
the last discharge list not ordered now is named with the adrenal-insufficiency risk of
stopping it abruptly (Endocrine Society/ESE 2024; :mod:`physassist_env.clinical.
steroids`; docs/real-records.md, "Round 15"). The demo test skips without the MIMIC-IV
demo.
"""

from __future__ import annotations

from pathlib import Path

from _real_records import demo_contexts
from test_gold_rules import _gold_ok

from physassist_env.clinical.steroids import adrenal_risk
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.vocab.zh_text import untranslated_english


def test_the_suppressive_threshold() -> None:
    assert adrenal_risk("prednisone", 40.0)
    assert adrenal_risk("prednisone", 7.5)
    assert not adrenal_risk("prednisone", 5.0)
    assert adrenal_risk("hydrocortisone", 30.0)  # 7.5 mg prednisone
    assert not adrenal_risk("hydrocortisone", 20.0)
    assert adrenal_risk("dexamethasone", 2.0)
    assert not adrenal_risk("fluticasone", 500.0)  # inhaled: not systemic here
    assert not adrenal_risk("prednisone", None)


def test_the_reading_session_on_the_demo(tmp_path: Path) -> None:
    """10027445-29163082 t3: prednisone 40 mg a day on the last list, not ordered now
    (properties only; no row is quoted)."""
    ctx = demo_contexts(tmp_path, {"k": ("10027445", "29163082", "2142-08-31")})
    c = ctx("k")
    d = RC.admission_reconciliation(c)
    assert d is not None
    assert "prednisone is a systemic glucocorticoid" in d.gold_answer.en
    assert "adrenal insufficiency" in d.gold_answer.en
    assert "肾上腺皮质功能不全" in d.gold_answer.zh
    assert not untranslated_english(d.gold_answer.zh)
    _gold_ok(d, c)
