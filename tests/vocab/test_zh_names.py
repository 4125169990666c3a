"""Chinese names of record drugs and order frequencies (issue #37: ZH gold named
"sulfameth/trimethoprim ds", "Caphosol" and "TITRATE TO" in English)."""

from __future__ import annotations

from physassist_env.scenarios.derived import generic_in
from physassist_env.scenarios.vocab import drug_zh
from physassist_env.vocab.drugs import name_zh
from physassist_env.vocab.frequencies import freq_zh
from physassist_env.vocab.zh_text import untranslated_english


def test_combination_and_shortened_record_names():
    # co-trimoxazole is one product (复方磺胺甲噁唑), never "复方" twice or one half
    for name in (
        "Sulfameth/Trimethoprim DS",
        "Sulfamethoxazole-Trimethoprim",
        "Trimethoprim-Sulfamethoxazole",
    ):
        assert name_zh(name) == "复方磺胺甲噁唑", name
    assert generic_in("Sulfameth/Trimethoprim DS") == "sulfamethoxazole"
    assert drug_zh("sulfameth/trimethoprim ds") == "复方磺胺甲噁唑"
    # the longest generic a name holds: escitalopram is not citalopram
    assert generic_in("Escitalopram Oxalate") == "escitalopram"
    assert generic_in("Levalbuterol Neb") == "levalbuterol"
    assert name_zh("Neomycin-Polymyxin-Bacitracin") == "新霉素多黏菌素杆菌肽"


def test_a_formulary_underscore_hides_no_name():
    """MIMIC-IV's pharmacy marks formulary variants with an underscore ("SulfaSALAzine_"):
    the drug keeps its Chinese name (the demo's discharge list gold scored 0.5 in ZH)."""
    assert name_zh("SulfaSALAzine_") == "柳氮磺吡啶"


def test_an_unknown_record_drug_is_glossed_not_left_bare():
    assert drug_zh("caphosol") == "磷酸钙漱口液"
    assert name_zh("Albumin 25% (12.5g / 50mL)") == "人血白蛋白"
    glossed = drug_zh("Zyxotamide Gel")
    assert glossed == "药物（Zyxotamide Gel）"
    assert not untranslated_english(f"目前在用：{glossed}；阿司匹林。")
    assert untranslated_english("目前在用：Zyxotamide Gel；阿司匹林。")


def test_every_demo_frequency_is_written_in_chinese():
    for freq, zh in (
        ("TITRATE TO", "按目标滴定调整"),
        ("INFUSION", "持续输注"),
        ("ONCE MR1", "单次（必要时可重复1次）"),
        ("3X/WEEK", "每周3次"),
        ("Q2H PER MOVIPREP PROTOCOL", "每2小时一次（按方案）"),
        ("Q30MIN:PRN", "每30分钟一次（必要时）"),
        ("QMOWEFR", "每周一、三、五"),
    ):
        assert freq_zh(freq) == zh, freq
        assert not untranslated_english(f"胰岛素，静脉滴注，{zh}")
    assert freq_zh("QOTHER SCHEDULE") == "频次（QOTHER SCHEDULE）"
    assert not untranslated_english(f"口服，{freq_zh('QOTHER SCHEDULE')}")
