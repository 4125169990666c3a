"""A check for Chinese answer text: English drug and diagnosis names left untranslated.

What a ZH answer may keep in Latin letters (decided for PhysAssistBench, documented here
and in ``docs/grading.md``): abbreviations Chinese clinicians write as such (INR, CRP, WBC, MRSA, DNR,
ICD codes), units (mg, mEq/L, K/uL, mL/min), the names of scores and formulas
(Cockcroft-Gault, Child-Pugh, CHA2DS2-VASc, HAS-BLED, MELD-Na, KDIGO, CURB-65, SOFA), the
lab name NT-proBNP, and a record name glossed in
parentheses right after its Chinese name (大肠埃希菌（ESCHERICHIA COLI）) or after a
Chinese descriptor where no Chinese name is known (编码诊断（...）, 药物（...）,
报告原文（...）, 抗菌药物（...）, 频次（...）: the vocabulary's fallbacks). Everything else is
Chinese: drug names (阿司匹林, not Aspirin), diagnosis titles, routes (口服, not PO),
frequencies (每日一次, not DAILY) and order statuses (在用, not active).
"""

from __future__ import annotations

import re

from physassist_env.vocab.drugs import DRUG_BRANDS, GENERIC_ZH

#: Names of scores and formulas kept in Latin letters.
ALLOWED_NAMES = (
    "Cockcroft-Gault",
    "Child-Pugh",
    "CHA2DS2-VASc",
    "HAS-BLED",
    "MELD-Na",
    "MELD",
    "KDIGO",
    "CURB-65",
    "SOFA",
    "NT-proBNP",
    "proBNP",
)

#: Order-entry codes a Chinese chart writes in Chinese (口服, 每日一次, 在用, 单位).
ORDER_CODES = (
    "PO", "IV", "SC", "SUBCUT", "IM", "SL", "NG", "DAILY", "DAYS", "BID", "TID", "QID",
    "QHS", "QD", "PRN", "ASDIR", "UNIT", "active", "stopped", "completed",
)  # fmt: skip

_GLOSS = re.compile(r"(?<=[\u4e00-\u9fff])（[^（）]*）")
_PHRASE = re.compile(r"[A-Za-z]{3,}(?:[ ,\-]+[A-Za-z]{2,})+")
_DRUGS = re.compile(
    r"\b(?:"
    + "|".join(
        re.escape(n)
        for n in sorted({*GENERIC_ZH, *DRUG_BRANDS}, key=len, reverse=True)
        if n.isascii()  # an English name; a Chinese trade name (速尿) is Chinese
    )
    + r")\b",
    re.I,
)
_WORD = re.compile(r"(?<![A-Za-z])(?=[A-Za-z]*[a-z])[A-Za-z]{5,}(?![A-Za-z])")
_CODES = re.compile(r"\b(?:" + "|".join(ORDER_CODES) + r")\b")


def untranslated_english(zh: str) -> list[str]:
    """English names and codes in a ZH answer that should be Chinese (empty when none).

    Finds known drug names (generic or brand), order codes (PO, DAILY, active...), any
    run of two or more English words (an untranslated diagnosis title or sentence) and any
    single English word of five letters or more with a lowercase letter, outside
    the allowed abbreviations, units, score names and parenthesised glosses.
    """
    text = _GLOSS.sub("", zh)
    for name in ALLOWED_NAMES:
        text = text.replace(name, " ")
    found = [m.group(0) for m in _DRUGS.finditer(text)]
    found += [m.group(0) for m in _CODES.finditer(text)]
    found += [m.group(0) for m in _PHRASE.finditer(text)]
    # a single English word outside the tables (a record drug name "Amitriptyline",
    # "RiTONAvir", a culture's "organisms/ml"): five letters or more, some lowercase, so
    # abbreviations (MRSA, ESBL) and units (mL/min, mEq/L) stay allowed
    found += [m.group(0) for m in _WORD.finditer(_PHRASE.sub(" ", text))]
    return list(dict.fromkeys(found))


#: Units a MIMIC-IV (US) record writes -> the unit Chinese clinicians write for the same
#: number (GB/T 15835 / 全国临床检验操作规程: electrolytes in mmol/L, counts in 10^9/L and
#: 10^12/L). Only equal-number pairs: every MIMIC-IV analyte reported in mEq/L (potassium,
#: sodium, chloride, bicarbonate / total CO2, anion gap) is monovalent, so mEq/L = mmol/L;
#: K/uL = 10^9/L; m/uL = 10^12/L. The graders accept both spellings (``vocab.units``).
LOCAL_UNITS_ZH: tuple[tuple[str, str], ...] = (
    ("mEq/L", "mmol/L"),
    ("K/uL", "×10^9/L"),
    ("m/uL", "×10^12/L"),
)
_LOCAL_UNIT = re.compile(
    r"(?<=\d)(\s*)(" + "|".join(re.escape(a) for a, _ in LOCAL_UNITS_ZH) + r")(?![\w/])"
)


def local_units(zh: str) -> str:
    """A ZH answer with each record unit after a number written as Chinese clinicians
    write it (:data:`LOCAL_UNITS_ZH`): ``血钾 3.2 mEq/L`` -> ``血钾 3.2 mmol/L``,
    ``血小板 71 K/uL`` -> ``血小板 71 ×10^9/L``. The numbers are unchanged."""
    table = dict(LOCAL_UNITS_ZH)
    return _LOCAL_UNIT.sub(lambda m: m.group(1) + table[m.group(2)], zh)
