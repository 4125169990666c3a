"""Duration limits of analgesics.

Ketorolac tromethamine (US label, boxed warning; FDA-approved labeling for Toradol and
generics): the combined duration of intravenous, intramuscular and oral use must not
exceed 5 days (gastrointestinal bleeding, renal failure and cardiovascular risk rise
with longer use). Day 1 is the day of the first dose or order of the course.

NSAIDs against the coded diagnoses (heart failure, advanced or acute kidney disease,
gastrointestinal bleeding or ulcer): :func:`nsaid_barring`, sources on
:data:`NSAID_BARRING`.

NSAIDs in the setting of coronary artery bypass grafting (FDA boxed warning on NSAIDs,
2005: contraindicated for peri-operative pain in CABG, a higher rate of myocardial
infarction and stroke), whatever the creatinine: :func:`nsaid_after_cabg`.

Ibuprofen with low-dose aspirin (FDA Information for Healthcare Professionals, concomitant
use of ibuprofen and aspirin, 2006): ibuprofen can block low-dose aspirin's antiplatelet
effect, :func:`blunts_aspirin`.
"""

from __future__ import annotations

from datetime import date

from physassist_env.clinical.harm import NSAIDS

#: Most days of combined IV/IM/oral ketorolac (US label).
KETOROLAC_MAX_DAYS = 5


def course_day(first: str, today: str) -> int:
    """The day of a course (1 on the day it started) on ``today``; ISO dates or times."""
    return (date.fromisoformat(today[:10]) - date.fromisoformat(first[:10])).days + 1


#: NSAIDs shown to interfere with low-dose aspirin's antiplatelet effect (FDA 2006
#: advisory on ibuprofen and aspirin).
ASPIRIN_INTERFERING = frozenset({"ibuprofen"})


def nsaid_after_cabg(generic: str, after_cabg: bool) -> bool:
    """Whether ``generic`` is an NSAID and the episode held a CABG (module docstring):
    then it is not continued, whatever its monitoring lab says."""
    return after_cabg and generic.lower() in NSAIDS


def blunts_aspirin(generic: str, on_aspirin: bool) -> bool:
    """Whether ``generic`` given with low-dose aspirin blunts its antiplatelet effect."""
    return on_aspirin and generic.lower() in ASPIRIN_INTERFERING


#: Coded diagnoses that rule an NSAID out, with why (EN, ZH) and the source. ICD-10-CM and
#: ICD-9-CM prefixes, dots removed; the first match in the diagnosis list's order counts.
#:
#: * Heart failure (I50, 428): NSAIDs cause sodium and water retention and worsen heart
#:   failure; avoid or withdraw them (2022 AHA/ACC/HFSA heart failure guideline, Heidenreich
#:   PA et al., Circulation 2022;145:e895: NSAIDs among the drugs that cause or worsen
#:   heart failure, avoided; FDA NSAID class labeling, 2016: avoid in severe heart failure).
#: * Chronic kidney disease stage 4-5 or end-stage (N18.4-N18.6, 585.4-585.6): avoid NSAIDs
#:   at GFR < 30 mL/min/1.73 m2 (KDIGO 2012 CKD guideline, Kidney Int Suppl 2013;3:1-150,
#:   4.4 and its table of drug cautions).
#: * Acute kidney injury (N17, 584): avoid nephrotoxins (KDIGO 2012 AKI guideline 3.1 and
#:   4.4, Kidney Int Suppl 2012;2:1-138; NICE NG148 2019 1.3), as ``harm.nephrotoxin_in_aki``.
#: * Gastrointestinal bleeding or a peptic ulcer (K92.0-K92.2, K25-K28; 578, 531-534):
#:   NSAIDs are stopped (ACG upper GI and ulcer bleeding guideline, Laine L et al., Am J
#:   Gastroenterol 2021;116:899-917; FDA NSAID boxed warning: GI bleeding, ulceration).
NSAID_BARRING: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (
        ("I50", "428"),
        "NSAIDs retain sodium and water and worsen heart failure",
        "非甾体抗炎药可致水钠潴留、加重心力衰竭",
    ),
    (
        ("N184", "N185", "N186", "5854", "5855", "5856"),
        "NSAIDs are avoided at a GFR under 30 (KDIGO 2012)",
        "GFR 低于 30 时应避免使用非甾体抗炎药（KDIGO 2012）",
    ),
    (
        ("N17", "584"),
        "NSAIDs are nephrotoxic and are avoided in acute kidney injury (KDIGO 2012)",
        "非甾体抗炎药有肾毒性，急性肾损伤时应避免使用（KDIGO 2012）",
    ),
    (
        (
            "K920",
            "K921",
            "K922",
            "K25",
            "K26",
            "K27",
            "K28",
            "578",
            "531",
            "532",
            "533",
            "534",
        ),
        "NSAIDs cause and worsen gastrointestinal bleeding and ulcers",
        "非甾体抗炎药可引起并加重消化道出血和溃疡",
    ),
)


def nsaid_barring(codes: list[str]) -> tuple[str, str, str] | None:
    """(the first code of ``codes`` that rules an NSAID out, why EN, why ZH), or None
    (:data:`NSAID_BARRING`). Codes are ICD-10-CM or ICD-9-CM, with or without dots."""
    for code in codes:
        c = code.upper().replace(".", "")
        for prefixes, why_en, why_zh in NSAID_BARRING:
            if c.startswith(prefixes):
                return code, why_en, why_zh
    return None
