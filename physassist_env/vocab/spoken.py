"""How clinicians say the vocabulary's names aloud: which names a request never uses, which
abbreviations are ambiguous or spoken in Chinese speech, and how brand names are spelled.

Read by the request realiser (:mod:`physassist_env.scenarios.requests.names`).
"""

from __future__ import annotations

#: Vocabulary names that are lowercase spellings of an abbreviation, a subtype or singular
#: forms that read badly in a request ("the platelet"); the abbreviation itself is used.
UNSPOKEN_NAMES = {
    "scr",
    "hgb",
    "hb",
    "plt",
    "plts",
    "wbc",
    "k+",
    "inr",
    "alt",
    "crp",
    "a1c",
    "hba1c",
    "hco3",
    "platelet",
    "white blood cell",
    "troponin t",
    "troponin i",
    "tbili",
    "t bili",
    "haemoglobin",
    "leukocytes",
    "leukocyte count",
    "sugar",
    "葡萄糖",  # the infusion; a clinician asks for 血糖
    "国际标准化比值",  # said as INR
}
#: Abbreviations too ambiguous for a request (troponin I vs T).
AMBIGUOUS_ABBREVIATIONS = {
    "TnI",
    "TnT",
    "Glu",
    "Lac",
}  # troponin I vs T; Glu, Lac are written, not said
#: Abbreviations Chinese clinicians write in Chinese speech (K, Cr, Hb, WBC, Na).
ZH_SPOKEN_ABBREVIATIONS = {"K", "Na", "Cr", "Hb", "WBC"}
#: How brand names are written (the vocabulary stores them lowercase).
BRAND_SPELLING = {
    "kcl": "KCl",
    "k-dur": "K-Dur",
    "tmp-smx": "TMP-SMX",
    "z-pak": "Z-Pak",
}
#: Everyday names written in lowercase (slang and INN names, not trade marks).
LOWERCASE_NAMES = {
    "vanc",
    "vanco",
    "pip-tazo",
    "piptazo",
    "paracetamol",
    "piperacillin-tazobactam",
}
