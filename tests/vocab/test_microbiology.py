def test_an_assay_result_is_shown_not_grown():
    """A C. difficile PCR "grew" nothing: answers say an assay showed its finding."""
    from physassist_env.vocab.microbiology import not_grown

    assert not_grown("C. difficile PCR", "Positive for toxigenic C. difficile by PCR")
    assert not_grown("Legionella Urinary Antigen", "LEGIONELLA PNEUMOPHILA")
    assert not not_grown("URINE CULTURE", "ESCHERICHIA COLI")
    assert not not_grown("BLOOD CULTURE", "STAPHYLOCOCCUS, COAGULASE NEGATIVE")


def test_every_demo_organism_and_panel_antibiotic_is_named_in_chinese():
    """Issue #37: ZH gold named LACTOBACILLUS SPECIES, VIRIDANS STREPTOCOCCI and the panel's
    ampicillin/sulbactam, tobramycin, ceftazidime, linezolid in English. Every organism
    and panel antibiotic of the MIMIC-IV demo now has a Chinese name; a name outside the
    tables is glossed after a Chinese descriptor, never left bare."""
    from physassist_env.vocab.microbiology import (
        culture_zh,
        organism_text_zh,
        organism_zh,
        panel_antibiotic_zh,
    )
    from physassist_env.vocab.zh_text import untranslated_english

    for organism, zh in (
        ("LACTOBACILLUS SPECIES", "乳杆菌"),
        ("VIRIDANS STREPTOCOCCI", "草绿色链球菌"),
        ("STREPTOCOCCUS ANGINOSUS (MILLERI) GROUP", "咽峡炎链球菌"),
        ("GEMELLA SPECIES", "孪生球菌"),
        ("GRAM POSITIVE COCCI IN CHAINS", "链状排列的革兰阳性球菌"),
        # not any S. aureus, and explicitly not P. aeruginosa
        ("POSITIVE FOR METHICILLIN RESISTANT STAPH AUREUS", "耐甲氧西林金黄色葡萄球菌"),
        ("NON-FERMENTER, NOT PSEUDOMONAS AERUGINOSA", "非铜绿假单胞菌的非发酵菌"),
    ):
        assert organism_zh(organism) == zh
        text = organism_text_zh(organism)
        # the Chinese clinical name, the report's qualifier in Chinese (属: a genus-level
        # identification), the record's English name not pasted (round 8)
        assert text in (zh, f"{zh}属") and not untranslated_english(text)
        assert not any(w.isupper() and len(w) > 2 for w in text.split())
    # free-text reports: translated where a phrase is known, else glossed
    rejected = (
        ">25 PMNs and >10 epithelial cells/100X field.  Gram stain indicates extensive "
        "contamination with upper respiratory secretions."
    )
    assert organism_text_zh(rejected).startswith("革兰染色提示标本被上呼吸道分泌物")
    assert organism_text_zh("POSITIVE BY EIA") == "酶免疫法检测阳性"
    odd = organism_text_zh("Unusual isolate referred to reference lab")
    assert odd == "报告原文（Unusual isolate referred to reference lab）"
    for text in (rejected, "POSITIVE BY EIA", "Unusual isolate referred"):
        assert not untranslated_english(f"培养结果：{organism_text_zh(text)}。")
    for name, zh in (
        ("AMPICILLIN/SULBACTAM", "氨苄西林舒巴坦"),
        ("TOBRAMYCIN", "妥布霉素"),
        ("CEFTAZIDIME", "头孢他啶"),
        ("LINEZOLID", "利奈唑胺"),
        ("TRIMETHOPRIM/SULFA", "复方磺胺甲噁唑"),
    ):
        assert panel_antibiotic_zh(name) == zh
    assert panel_antibiotic_zh("FOSFOMYCIN") == "抗菌药物（FOSFOMYCIN）"
    assert culture_zh("GRAM STAIN") == "革兰染色涂片"
    assert culture_zh("Lyme IgG") == "微生物检查（Lyme IgG）"
    assert not untranslated_english(f"{culture_zh('Lyme IgG')}阴性")
