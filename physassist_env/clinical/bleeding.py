"""Condition codes that mean active or recent bleeding: the one list every topic checks.

Anticoagulation advice, transfusion thresholds and warfarin reversal all ask first whether
the patient is bleeding (2023 ACC/AHA/ACCP/HRS AF guideline: assess active bleeding and
bleeding risk before anticoagulating; AABB 2023: active haemorrhage is managed by
haemorrhage protocols, not transfusion thresholds). Codes are ICD-9-CM and ICD-10-CM
prefixes without dots, matched against the admission's coded conditions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta

#: Haemorrhage codes. ICD-9: 430-432 non-traumatic intracranial, 852-853 traumatic
#: intracranial (subarachnoid, subdural, extradural, other), 459.0 haemorrhage NOS, 530.82
#: oesophageal, 569.3 rectal/anal, 578.x GI, 599.7 haematuria, 719.1 haemarthrosis, 784.7
#: epistaxis, 786.3 haemoptysis, 285.1 acute posthaemorrhagic anaemia (599.72 microscopic
#: haematuria excluded, :data:`NOT_BLEEDING_CODES`). ICD-10: I60-I62
#: non-traumatic intracranial, S06.4-S06.6 traumatic epidural/subdural/subarachnoid, K22.11,
#: K25-K28 with haemorrhage (.0/.2/.4/.6), K62.5, K92.0-K92.2, R04, R31, R58, D62;
#: diverticular haemorrhage (round 6b): ICD-9 562.02/562.03/562.12/562.13, ICD-10 K57 with
#: bleeding (.01/.11/.13/.21/.31/.33/.41/.51/.53/.81/.91/.93).
BLEEDING_CODES: tuple[str, ...] = (
    "430", "431", "432", "852", "853", "4590", "53082", "5693", "578", "5997", "7191",
    "7847", "7863", "2851", "I60", "I61", "I62", "S064", "S065", "S066", "K2211",
    "K250", "K252", "K254", "K256", "K260", "K262", "K264", "K266", "K270", "K272",
    "K274", "K276", "K280", "K282", "K284", "K286", "K625", "K920", "K921", "K922",
    "R04", "R31", "R58", "D62", "56202", "56203", "56212", "56213", "K5701", "K5711",
    "K5713", "K5721", "K5731", "K5733", "K5741", "K5751", "K5753", "K5781", "K5791",
    "K5793",
)  # fmt: skip

#: Coded adverse effect of an anticoagulant or haemorrhagic disorder from one: ICD-9 E934.2,
#: ICD-10 T45.515 / T45.525, D68.32.
ANTICOAGULANT_ADVERSE_CODES: tuple[str, ...] = ("E9342", "T45515", "T45525", "D6832")


#: Microscopic haematuria (ICD-9 599.72; ICD-10 R31.1 benign essential, R31.2x other
#: microscopic): red cells found on urinalysis, not active bleeding. It calls for a
#: urological evaluation, not for withholding anticoagulation, and is no reason to stop
#: or not start it (AUA/SUFU microhematuria guideline 2020, Barocas DA et al., J Urol
#: 2020;204:778: evaluate microhematuria in anticoagulated patients as in others;
#: anticoagulation does not explain it). Gross (599.71, R31.0) and unspecified haematuria
#: stay bleeding codes.
NOT_BLEEDING_CODES: tuple[str, ...] = ("59972", "R311", "R312")


def is_bleeding_code(code: str) -> bool:
    """Whether an ICD code (dotted or not) is one of :data:`BLEEDING_CODES` and not one of
    :data:`NOT_BLEEDING_CODES` (microscopic haematuria)."""
    key = code.upper().replace(".", "")
    return key.startswith(BLEEDING_CODES) and not key.startswith(NOT_BLEEDING_CODES)


#: A fall in haemoglobin of at least this many g/dL is a major-bleeding criterion (ISTH,
#: Schulman S, Kearon C. J Thromb Haemost 2005;3:692-4).
HB_FALL = 2.0
#: Hours before the latest haemoglobin in which the fall is looked for: a fall of 2 g/dL
#: within 48 h is an acute loss to explain (ISTH 2005; the window of KDIGO's creatinine
#: rise), not a slow drift over a long admission.
HB_FALL_HOURS = 48
#: A smaller fall, at least 1 g/dL within 24 h to below the WHO anaemia threshold, is not
#: a major bleed but is explained before an anticoagulant is started (2023
#: ACC/AHA/ACCP/HRS AF guideline, Joglar JA et al., Circulation 2024;149:e1-156: bleeding
#: risk and its modifiable causes assessed before starting; a 1 g/dL change exceeds the
#: haemoglobin's reference change value, about 0.8 g/dL, Ricos C et al., Scand J Clin Lab
#: Invest 1999;59:491-500). Round 9b.
HB_DROP = 1.0
HB_DROP_HOURS = 24
#: The same 1 g/dL / 24 h fall while an upper GI bleed is being treated is read as
#: possible rebleeding (round 10): after a GI bleed a falling haemoglobin, with the vital
#: signs and melaena or haematemesis, is how rebleeding shows; it is reassessed and the
#: haemoglobin repeated whatever the transfusion threshold says (ACG 2021 upper GI and
#: ulcer bleeding guideline, Laine L et al., Am J Gastroenterol 2021;116:899-917; AABB
#: 2023 thresholds are for patients who are not actively bleeding).
REBLEED_DROP = HB_DROP
REBLEED_HOURS = HB_DROP_HOURS
#: WHO anaemia thresholds in adults, g/dL (WHO 2011, Haemoglobin concentrations for the
#: diagnosis of anaemia, WHO/NMH/NHD/MNM/11.1): 12 in women, 13 in men. A fall that ends
#: above them (15.3 -> 13.3 g/dL after admission fluids) is commonly haemodilution and is
#: not by itself a reason to hold anticoagulation or look for bleeding.
ANAEMIA_BELOW = {True: 12.0, False: 13.0}


def haemoglobin_fall(
    points: Iterable[tuple[str, float]],
    female: bool,
    fall: float = HB_FALL,
    hours: int = HB_FALL_HOURS,
) -> tuple[str, float] | None:
    """The haemoglobin an acute fall started from, as ``(time, g/dL)``, or None.

    ``points``: (time text, g/dL), oldest first. A fall is the latest value at least
    ``fall`` (:data:`HB_FALL`) below the highest value of the ``hours``
    (:data:`HB_FALL_HOURS`) before it, ending below the WHO anaemia threshold for the
    sex (:data:`ANAEMIA_BELOW`); :data:`HB_DROP` / :data:`HB_DROP_HOURS` read the
    smaller, same-day fall that is assessed before an anticoagulant starts. Used by every
    topic that reads a haemoglobin for bleeding (anticoagulation cautions, CHA2DS2-VASc,
    transfusion thresholds).
    """
    pts = [(t, v) for t, v in points if t]
    if len(pts) < 2:
        return None
    t_last, v_last = pts[-1]
    if v_last >= ANAEMIA_BELOW[female]:
        return None
    since = datetime.fromisoformat(t_last[:19]) - timedelta(hours=hours)
    window = [(t, v) for t, v in pts[:-1] if datetime.fromisoformat(t[:19]) >= since]
    if not window:
        return None
    top = max(window, key=lambda p: p[1])
    return top if top[1] - v_last >= fall - 1e-9 else None


#: A bleeding code recorded more than this many days before the session is no active
#: bleeding: a real record dates an admission's codes at its discharge, so a bleed coded
#: at a discharge months ago is an earlier admission's, not a bleed now (a harm rule and
#: an anticoagulation answer read active bleeding only: 2020 ACC ECDP on bleeding on oral
#: anticoagulants, Tomaselli GF et al., J Am Coll Cardiol 2020;76:594-622).
ACTIVE_BLEED_DAYS = 30


def _when(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text[:19].replace(" ", "T"))
    except ValueError:
        return None


def coded_bleed(codes: Iterable[tuple[str, str]], since: str, now: str) -> str | None:
    """The first bleeding code of this admission known at the session, or None.

    ``codes``: (ICD code, time it was recorded; ``""`` when undated) of the conditions
    known at ``now``; ``since``: the earliest time a code of this admission may carry,
    ``""`` when the codes are this admission's already; ``now``: the session's time,
    ``""`` for no window. A code counts when :func:`is_bleeding_code` (microscopic
    haematuria is not bleeding), recorded at or after ``since`` and within
    :data:`ACTIVE_BLEED_DAYS` before ``now``; an undated code counts. Round 14.
    """
    start, today = _when(since), _when(now)
    for code, recorded in codes:
        if not is_bleeding_code(code):
            continue
        when = _when(recorded)
        if when is None:
            return code
        if start is not None and when < start:
            continue
        if today is not None and today - when > timedelta(days=ACTIVE_BLEED_DAYS):
            continue
        return code
    return None


def active_bleeding(
    codes: Iterable[tuple[str, str]],
    since: str,
    now: str,
    hb: Iterable[tuple[str, float]] = (),
    female: bool = False,
    reversal: bool = False,
) -> bool:
    """The one reading of "bleeding now" that the topics and the grader's harm check
    share (issue #37, round 14): a bleeding code of this admission known at the session
    (:func:`coded_bleed`), an acute haemoglobin fall (:func:`haemoglobin_fall`, ``hb``
    as (time, g/dL) oldest first, read with the sex's anaemia threshold), or an
    anticoagulant reversal given this episode (``reversal``: :data:`REVERSAL`, read by the
    caller from the administrations it sees). An anticoagulant is then held, never
    started or resumed (2020 ACC ECDP on bleeding on oral anticoagulants; ISTH 2005;
    AHA/ASA 2022 ICH guideline)."""
    if reversal or coded_bleed(codes, since, now) is not None:
        return True
    pts = sorted(((t, v) for t, v in hb if t), key=lambda p: p[0])
    return bool(pts) and haemoglobin_fall(pts, female) is not None


#: Treatments that show a bleed is being treated now: red-cell transfusion and
#: antifibrinolytics (tranexamic acid, aminocaproic acid). ISTH major bleeding (Schulman
#: S, Kearon C. J Thromb Haemost 2005;3:692-4) counts a transfusion of 2 or more red-cell
#: units; an antifibrinolytic is given for bleeding that has not stopped (ACG 2021 upper GI
#: bleeding; 2017 ACC ECDP on bleeding on oral anticoagulants). Round 7b.
RED_CELLS = re.compile(r"packed red|red blood cell|red cell|\bprbc", re.I)
ANTIFIBRINOLYTIC = re.compile(r"tranexamic|aminocaproic|amicar|cyklokapron", re.I)
#: Anticoagulant reversal: prothrombin complex concentrate (Kcentra, 4F-PCC), idarucizumab
#: (Praxbind), andexanet alfa (Andexxa). Given to a patient on an anticoagulant for a
#: major or intracranial bleed (or an emergency operation): the anticoagulant is held,
#: and resuming it is a specialist decision days to weeks later, not a start (AHA/ASA
#: 2022 spontaneous ICH guideline, Greenberg SM et al., Stroke 2022;53:e282-361: reverse
#: at once; restart after 7-8 weeks may be reasonable in AF; 2020 ACC ECDP on bleeding on
#: oral anticoagulants, Tomaselli GF et al., J Am Coll Cardiol 2020;76:594-622). Vitamin K
#: alone is left out: it also lowers an INR above target without bleeding. Round 13.
REVERSAL = re.compile(
    r"prothrombin complex|\bpcc\b|kcentra|beriplex|octaplex|idarucizumab|praxbind"
    r"|andexanet|andexxa",
    re.I,
)
#: Procedure codes of the same reversal: ICD-9-CM 00.96 (infusion of 4-factor prothrombin
#: complex concentrate); ICD-10-PCS 30283B1 / 30243B1 (4-factor PCC into a peripheral /
#: central vein). Round 13.
REVERSAL_PROCEDURES: tuple[str, ...] = ("0096", "30283B1", "30243B1")
#: Red-cell units within :data:`TREATMENT_HOURS` that make a major bleed (ISTH 2005).
MAJOR_BLEED_UNITS = 2
#: The window before the session in which a transfusion or antifibrinolytic shows a
#: bleed still being treated, hours.
TREATMENT_HOURS = 48


#: Cirrhosis or oesophageal / gastric varices (ICD-10 K70.3 alcoholic cirrhosis, K74.3-K74.6
#: biliary and other cirrhosis, K71.7 toxic cirrhosis, I85 oesophageal varices, I86.4
#: gastric varices; ICD-9 571.2 / 571.5 / 571.6 cirrhosis, 456.0-456.2 oesophageal
#: varices): the portal hypertension a vasoactive drug treats when a bleed is variceal.
CIRRHOSIS_OR_VARICES: tuple[str, ...] = (
    "K703", "K743", "K744", "K745", "K746", "K717", "I85", "I864", "5712", "5715",
    "5716", "4560", "4561", "4562",
)  # fmt: skip
#: Vasoactive drugs of acute variceal bleeding, started at suspicion and kept 2-5 days
#: (Baveno VII, de Franchis R et al., J Hepatol 2022;76:959-974: terlipressin, somatostatin
#: or octreotide; AASLD 2024 portal hypertension guidance). Octreotide by subcutaneous
#: injection is the hepatorenal-syndrome or carcinoid regimen, not this one, so the route
#: is read (:func:`variceal_vasoactive`). Vasopressin is left out: in an ICU it is a
#: vasopressor of septic shock.
VARICEAL_VASOACTIVE = re.compile(r"octreotide|terlipressin|somatostatin", re.I)
#: Restrictive red-cell threshold in acute variceal bleeding: transfuse below 7 g/dL to a
#: target of 7-8 g/dL; more volume raises the portal pressure and the rebleeding risk
#: (Baveno VII 2022; Villanueva C et al., N Engl J Med 2013;368:11-21; NICE CG141 and the
#: BSG 2015 UK guideline on variceal haemorrhage in cirrhosis). Round 12.
VARICEAL_THRESHOLD = 7.0
VARICEAL_TARGET = (7.0, 8.0)


def variceal_vasoactive(drug: str, route: str) -> bool:
    """Whether an order of ``drug`` by ``route`` is the intravenous vasoactive treatment of
    an acute variceal bleed (:data:`VARICEAL_VASOACTIVE`; IV bolus, drip or infusion).
    With cirrhosis or varices known (:data:`CIRRHOSIS_OR_VARICES`) such an order means a
    variceal bleed treated now: its own transfusion threshold
    (:data:`VARICEAL_THRESHOLD`), not active bleeding outside any threshold."""
    return bool(VARICEAL_VASOACTIVE.search(drug)) and bool(
        re.search(r"\bIV\b|intraven|infusion|drip", route, re.I)
    )
