"""When an antibiotic's effect can be judged from the record.

* A **culture finding that is not an infection to treat**: a colony count below the
  significance threshold (a urine culture below 10^5 CFU/mL, or a report of "<10,000
  organisms/ml"; IDSA guideline on asymptomatic bacteriuria, Nicolle LE et al., Clin
  Infect Dis 2019;68:e83-e110, and IDSA/ASM guide to microbiology, Miller JM et al., Clin
  Infect Dis 2018;67:e1-e94), commensal or mixed flora, or a contaminated specimen.
* A **bacterial infection to treat**: an antibiotic's effect is judged only where it has a
  bacterial indication, a coded bacterial infection (:data:`BACTERIAL_CODES`) or a
  significant culture finding. A viral-only diagnosis (influenza, RSV, COVID-19, a viral
  upper respiratory infection) is no antibiotic indication: antibiotics only for a
  suspected bacterial co-infection (IDSA influenza guideline, Uyeki TM et al., Clin Infect
  Dis 2019;68:e1-e47), and the white count cannot show an antibiotic "working" there.
* An **abnormal baseline**: a response to therapy is judged on a marker that was abnormal
  when treatment began; a white count that was normal from the start cannot show a
  response (SIRS criteria, WBC > 12 or < 4 x10^9/L, Bone RC et al., Chest
  1992;101:1644-55; leukocytosis above the usual adult upper reference limit of 11).
"""

from __future__ import annotations

import re

from physassist_env.vocab.microbiology import CULTURE_COUNT as _COUNT

#: Upper limit of the adult white count (x10^9/L, K/uL) above which it can show a response.
WBC_HIGH = 11.0

_NOT_PATHOGEN = re.compile(
    r"commensal|normal flora|mixed bacterial|mixed flora|contaminat|skin flora|"
    r"workup discontinued|"
    # a non-reactive serology (RPR, HIV antibody) grew nothing and detected nothing
    r"\bnon-?reactive\b",
    re.I,
)
#: Significant bacteriuria: 10^5 CFU/mL in a clean-catch urine (IDSA 2019).
SIGNIFICANT_CFU = 100_000


_NONREACTIVE = re.compile(r"\bnon-?reactive\b", re.I)


def is_culture(test: str, finding: str) -> bool:
    """Whether a microbiology result speaks for "the cultures": a test named a culture
    (URINE CULTURE, Blood Culture, FLUID CULTURE), or one that reports a finding other
    than a non-reactive serology. A gram stain with no organisms seen, a screening swab
    reported negative (MRSA SCREEN "No MRSA isolated"), a negative PCR or a serology is
    no culture: "no growth" cannot be said from it, nor "cultures sent" (IDSA/ASM guide
    to utilization of the microbiology laboratory, Miller JM et al., Clin Infect Dis
    2018;67:e1-e94: culture, stain, antigen and serology answer different questions)."""
    if "culture" in test.lower():
        return True
    return bool(finding) and not _NONREACTIVE.search(finding)


def not_an_infection(finding: str) -> bool:
    """Whether a culture finding is not an infection to treat: a colony count below
    :data:`SIGNIFICANT_CFU` ("<10,000 organisms/ml", "10,000-100,000 CFU/mL"), commensal,
    mixed or contaminating flora. A named organism without a count is a finding (False)."""
    if _NOT_PATHOGEN.search(finding):
        return True
    m = _COUNT.search(finding)
    if m is None:
        return False
    n = int(m.group("n").replace(",", ""))
    return bool(m.group("op")) or bool(m.group("low")) or n < SIGNIFICANT_CFU


#: Coded bacterial infections (ICD-9-CM and ICD-10-CM prefixes, no dots). ICD-9: 001-007
#: bacterial intestinal infections (008.0-008.5 bacterial enteritis; 008.6-008.8 viral
#: excluded), 010-018 tuberculosis, 020-041 other bacterial diseases (038 septicaemia, 041
#: bacterial infection), 320 bacterial meningitis, 421 endocarditis, 481-486 pneumonia
#: (bacterial or organism unspecified; 480 viral and 487-488 influenza excluded), 510
#: empyema, 5130 lung abscess, 540-541 appendicitis, 5620x-5621x diverticulitis (5621,
#: 56211, 56213), 567 peritonitis, 5750 acute cholecystitis, 5761 cholangitis, 590
#: pyelonephritis/kidney infection, 5950 acute cystitis, 5990 urinary tract infection,
#: 680-686 skin and soft-tissue infections (682 cellulitis), 7110 pyogenic arthritis, 730
#: osteomyelitis, 78552 septic shock, 99591-99592 sepsis, 9966 device infection, 9985
#: postoperative infection. ICD-10: A00-A07 (A08 viral enteritis excluded), A15-A49
#: (A40-A41 sepsis), G00 bacterial meningitis, I33 endocarditis, J13-J18 pneumonia (J12
#: viral excluded), J85-J86 lung abscess/empyema, K35-K37 appendicitis, K5712/K5720/
#: K5732/K5780/K5792 diverticulitis, K65 peritonitis, K810 acute cholecystitis, K830
#: cholangitis, L00-L08 skin infections (L03 cellulitis), M00 pyogenic arthritis, M86
#: osteomyelitis, N10 pyelonephritis, N300 acute cystitis, N390 urinary tract infection,
#: R652 severe sepsis, T814 postprocedural infection, T826/T827/T8351-T8359/T845-T847/T857
#: device infections.
BACTERIAL_CODES: tuple[str, ...] = (
    "001", "002", "003", "004", "005", "0080", "0081", "0082", "0083", "0084", "0085",
    "01", "02", "03", "040", "041", "320", "421", "481", "482", "483", "484", "485",
    "486", "510", "5130", "540", "541", "5621", "567", "5750", "5761", "590", "5950",
    "5990", "680", "681", "682", "683", "684", "685", "686", "7110", "730", "78552",
    "99591", "99592", "9966", "9985",
    "A00", "A01", "A02", "A03", "A04", "A05", "A06", "A07", "A15", "A16", "A17", "A18",
    "A19", "A2", "A3", "A40", "A41", "A42", "A43", "A44", "A46", "A48", "A49", "G00",
    "I33", "J13", "J14", "J15", "J16", "J17", "J18", "J85", "J86", "K35", "K36", "K37",
    "K5712", "K5720", "K5732", "K5780", "K5792", "K65", "K810", "K830", "L00", "L01",
    "L02", "L03", "L04", "L05", "L08", "M00", "M86", "N10", "N300", "N390", "R652",
    "T814", "T826", "T827", "T835", "T845", "T846", "T847", "T857",
)  # fmt: skip


#: A culture / antigen finding of a virus ("POSITIVE FOR INFLUENZA A VIRAL ANTIGEN",
#: "PARAINFLUENZA VIRUS TYPE 3"): no bacterial indication ("HAEMOPHILUS ... INFLUENZAE" is a
#: bacterium and does not match).
_VIRAL = re.compile(
    r"\bvir(?:us|al)\b|influenza\b|\brsv\b|syncytial|sars-cov|covid|herpes|"
    r"cytomegalovirus|\bcmv\b|adenovirus|rhinovirus|metapneumovirus",
    re.I,
)


def is_bacterial_code(code: str) -> bool:
    """Whether an ICD code (dotted or not) is a coded bacterial infection."""
    return code.upper().replace(".", "").startswith(BACTERIAL_CODES)


def bacterial_indication(codes: list[str], findings: list[str]) -> bool:
    """Whether an antibiotic has a bacterial infection to treat: a coded bacterial
    infection among ``codes`` or a culture finding that is an infection
    (:func:`not_an_infection` False) and not a virus. Viral-only diagnoses and viral
    findings give neither."""
    return any(is_bacterial_code(c) for c in codes) or any(
        not not_an_infection(f) and not _VIRAL.search(f) for f in findings
    )


#: Haematological malignancies and marrow disorders (ICD-10-CM C81-C96 lymphomas and
#: leukaemias, D45-D47 myeloproliferative / myelodysplastic; ICD-9-CM 200-208, 238.4-238.7
#: and 284.8x marrow failure): the white count follows the disease and its treatment, not
#: the infection, so it cannot judge an antibiotic's effect (IDSA febrile neutropenia
#: guideline, Freifeld AG et al., Clin Infect Dis 2011;52:e56-93: response is judged on
#: fever, haemodynamics and cultures).
WBC_UNINTERPRETABLE_CODES: tuple[str, ...] = (
    *(f"C{n}" for n in range(81, 97)),
    "D45", "D46", "D47",
    *(str(n) for n in range(200, 209)),
    "2384", "2385", "2386", "2387",
)  # fmt: skip


def wbc_judges_infection(codes: list[str]) -> bool:
    """Whether a white count can judge infection in a patient coded with ``codes``
    (ICD, no dots): not with a haematological malignancy (:data:`WBC_UNINTERPRETABLE_CODES`)."""
    return not any(
        c.upper().replace(".", "").startswith(WBC_UNINTERPRETABLE_CODES) for c in codes
    )


def judgeable_wbc_baseline(first_wbc: float) -> bool:
    """Whether a white count trend can show a response: it started above
    :data:`WBC_HIGH` (a leukopenic start, < 4, recovers upwards and is not read here)."""
    return first_wbc > WBC_HIGH


#: Coded sepsis (ICD-10-CM, ICD-9-CM; no dots): A40-A41 streptococcal / other sepsis, A02.1
#: Salmonella, A22.7 anthrax, A26.7 Erysipelothrix, A32.7 Listeria, A42.7 actinomycotic and
#: B37.7 candidal sepsis, R65.2 severe sepsis; ICD-9 038 septicaemia, 995.91-995.92 sepsis,
#: 785.52 septic shock (the CMS SEP-1 measure's sepsis code set; Sepsis-3, Singer M et al.,
#: JAMA 2016;315:801-10).
SEPSIS_CODES: tuple[str, ...] = (
    "A40", "A41", "A021", "A227", "A267", "A327", "A427", "B377", "R652",
    "038", "99591", "99592", "78552",
)  # fmt: skip


def lactate_context(codes: list[str]) -> str:
    """What the admission's coded diagnoses make of a raised lactate: ``"sepsis"`` (a
    sepsis code: lactate clearance guides sepsis resuscitation, Surviving Sepsis Campaign
    2021, Evans L et al., Crit Care Med 2021;49:e1063-e1143), ``"infection"`` (a coded
    bacterial infection, no sepsis code) or ``""`` (neither: the record does not say why
    the lactate rose, so the answer may not call it sepsis)."""
    flat = [c.upper().replace(".", "") for c in codes]
    if any(c.startswith(SEPSIS_CODES) for c in flat):
        return "sepsis"
    if any(is_bacterial_code(c) for c in flat):
        return "infection"
    return ""


def wbc_course(values: list[float]) -> tuple[str, str, float]:
    """The white count's course as known at the session time, oldest first:
    ``(direction, basis, pivot)``.

    A response is read from the course, not from the first and latest values alone (IDSA/
    SHEA stewardship, Barlam TF et al., Clin Infect Dis 2016;62:e51-e77: reassess therapy on
    the clinical course): a count that fell and has risen again above :data:`WBC_HIGH` over
    the last draws is ``("rising", "rebound", nadir)``; a count that has come down from a
    peak reached after the first draw is ``("falling", "peak", peak)``; else the trend from
    the first draw, ``(direction, "first", first)``. A change counts when it exceeds 10% of
    the value it is measured from (the trend rule of the record's lab series).
    """
    first, latest = values[0], values[-1]
    peak_i = max(range(len(values)), key=lambda i: values[i])
    nadir_i = min(range(peak_i, len(values)), key=lambda i: values[i])
    nadir = values[nadir_i]
    if (
        nadir_i < len(values) - 1
        and latest > values[-2]
        and latest - nadir > 0.1 * nadir
        and latest > WBC_HIGH
    ):
        return "rising", "rebound", nadir
    peak = values[peak_i]
    if peak_i > 0 and peak - latest > 0.1 * peak and peak - first > 0.1 * first:
        return "falling", "peak", peak
    if latest - first > 0.1 * first:
        return "rising", "first", first
    if first - latest > 0.1 * first:
        return "falling", "first", first
    return "stable", "first", first


#: Culture findings vancomycin may be for (S. aureus, MRSA, coagulase-negative staphylococci,
#: enterococci, streptococci, other gram-positive organisms), or a result masked in the
#: record (``___``): empirical MRSA coverage is not stopped over them.
_VANCOMYCIN_TARGET = re.compile(
    r"staph|aureus|mrsa|methicillin|enterococ|strep|gram[- ]?positive|coryneb|_{3}",
    re.I,
)
_BLOOD = re.compile(r"\bblood\b", re.I)
_MRSA_SCREEN = re.compile(r"mrsa|staph aureus screen", re.I)


def vancomycin_target_grown(cultures: list[dict]) -> bool:
    """Whether any of ``cultures`` grew an organism vancomycin may be for
    (:data:`_VANCOMYCIN_TARGET`)."""
    return any(_VANCOMYCIN_TARGET.search(c["organism"] or "") for c in cultures)


def mrsa_coverage_can_stop(
    cultures: list[dict], first_dose: str, today: str
) -> list[dict] | None:
    """The negative cultures that let empirical MRSA coverage (vancomycin) stop at the
    session time, or None when the record does not support stopping it.

    IDSA/ATS 2019 CAP guideline (Metlay JP et al., Am J Respir Crit Care Med
    2019;200:e45-e67, recommendations 6-7) and IDSA/ATS 2016 HAP/VAP guideline (Kalil AC et
    al., Clin Infect Dis 2016;63:e61-e111): empirical MRSA coverage is stopped when
    cultures (and the MRSA nasal screen) do not grow MRSA, at the 48-72 h reassessment.
    Supported only when: the first dose was at least two days before ``today``; a blood
    culture drawn from two days before to one day after the first dose has resulted, with
    no growth (a culture still pending is not in the record at the session time, so none
    is read as negative); no culture known today grew an organism vancomycin may be for
    (:data:`_VANCOMYCIN_TARGET`); and an MRSA screen, when resulted, is negative.
    ``cultures`` are :class:`~physassist_env.scenarios.features.AdmissionFacts` cultures
    (``test``, ``organism``, ``time``), known at the session time. With no negative
    blood culture of that window, a negative MRSA nares screen in pneumonia supports the
    stop on its own (round 16; its rule and sources are
    :func:`nares_supports_stopping_mrsa_cover`).
    """
    from datetime import date, timedelta

    start = date.fromisoformat(first_dose[:10])
    if (date.fromisoformat(today[:10]) - start).days < 2:
        return None
    if vancomycin_target_grown(cultures):
        return None
    window = (
        (start - timedelta(days=2)).isoformat(),
        (start + timedelta(days=1)).isoformat(),
    )
    blood = [
        c
        for c in cultures
        if _BLOOD.search(c["test"])
        and not c["organism"]
        and window[0] <= c["time"][:10] <= window[1]
    ]
    if not blood:
        # in pneumonia a negative nares MRSA screen supports the stop on its own
        # (nares_supports_stopping_mrsa_cover; round 16)
        nares = nares_supports_stopping_mrsa_cover(cultures)
        return [dict(nares)] if nares is not None else None
    screens = [c for c in cultures if _MRSA_SCREEN.search(c["test"])]
    if any(c["organism"] for c in screens):
        return None
    return blood[:1] + screens[:1]


#: A respiratory specimen (sputum, bronchoalveolar lavage, tracheal aspirate).
_RESPIRATORY_SPECIMEN = re.compile(r"respiratory|sputum|bronch|\bbal\b|tracheal", re.I)


def mrsa_screen(cultures: list[dict]) -> dict | None:
    """The latest MRSA nares screen result of ``cultures`` (the test names MRSA or "Staph
    aureus Screen": a nasal swab or PCR, not a VRE or CRE surveillance swab), or None."""
    screens = [c for c in cultures if _MRSA_SCREEN.search(str(c.get("test") or ""))]
    return max(screens, key=lambda c: str(c["time"])) if screens else None


def mrsa_screen_positive(c: dict) -> bool:
    """Whether an MRSA screen grew MRSA: an organism grown, not reported
    oxacillin-susceptible (an MSSA grown on a "Staph aureus Screen" is no MRSA)."""
    if not str(c.get("organism") or "").strip():
        return False
    panel = c.get("susceptibility") or {}
    return not (
        isinstance(panel, dict) and str(panel.get("oxacillin", "")).upper() == "S"
    )


def pneumonia_suspected(cultures: list[dict]) -> bool:
    """Whether pneumonia is worked up at the session time: a respiratory specimen was
    sent. The coded diagnoses are recorded at discharge and are not read for it."""
    return any(_RESPIRATORY_SPECIMEN.search(str(c.get("test") or "")) for c in cultures)


def nares_supports_stopping_mrsa_cover(cultures: list[dict]) -> dict | None:
    """The negative MRSA nares screen that supports stopping empirical MRSA cover, or
    None: pneumonia is worked up (:func:`pneumonia_suspected`), the latest MRSA screen
    is negative, and no other culture grew an organism vancomycin may be for
    (:func:`vancomycin_target_grown`; a VRE swab that grew enterococci counts, the safe
    side). ATS/IDSA 2019 CAP guideline (Metlay JP et al., Am J Respir Crit Care Med
    2019;200:e45-e67) and IDSA/ATS 2016 HAP/VAP guideline (Kalil AC et al., Clin Infect
    Dis 2016;63:e61-e111): a negative nasal MRSA PCR or culture, with its high negative
    predictive value for MRSA pneumonia (about 96-99%; Parente DM et al., Clin Infect Dis
    2018;67:1-7), supports withholding or stopping MRSA cover. A positive screen is
    carriage and does not confirm MRSA infection (round 16)."""
    screen = mrsa_screen(cultures)
    if screen is None or mrsa_screen_positive(screen):
        return None
    if not pneumonia_suspected(cultures):
        return None
    others = [c for c in cultures if not _MRSA_SCREEN.search(str(c.get("test") or ""))]
    return None if vancomycin_target_grown(others) else screen


#: Long-term antibacterial prophylaxis, by generic: the largest dose a day, in the
#: list's unit, that is a prophylactic regimen, not a treatment course. Co-trimoxazole
#: one single- or double-strength tablet a day (800 mg sulfamethoxazole or less):
#: SBP prophylaxis in cirrhosis with ascites (AASLD 2021 ascites guidance, Biggins SW et
#: al., Hepatology 2021;74:1014-48: TMP-SMX one DS daily, ciprofloxacin 500 mg daily,
#: norfloxacin 400 mg daily, taken long term) and Pneumocystis prophylaxis (NIH/CDC/IDSA
#: adult opportunistic infection guidelines: one SS or DS daily); a treatment dose is two
#: DS tablets or more a day. Such a drug on the last discharge list is a home drug to
#: reconcile, not a finished course (round 14, 10005866-23514107 t2).
LONG_TERM_PROPHYLAXIS: dict[str, tuple[tuple[str, float], ...]] = {
    "sulfamethoxazole": (("tab", 1.0), ("mg", 800.0)),
    "ciprofloxacin": (("mg", 500.0),),
    "norfloxacin": (("mg", 400.0),),
}


def long_term_prophylaxis(generic: str, amount: float, unit: str) -> bool:
    """Whether ``amount`` ``unit`` a day of ``generic`` is a long-term prophylactic
    regimen (:data:`LONG_TERM_PROPHYLAXIS`)."""
    return any(
        unit.lower() == u and 0 < amount <= most
        for u, most in LONG_TERM_PROPHYLAXIS.get(generic, ())
    )
