"""What a list of culture results means, said where the gold lists them (round 10).

A culture list is interpreted, not only recited (issue #37, the physician readings:
"culture lists without interpretation"):

* A skin commensal (coagulase-negative staphylococci, Corynebacterium, Cutibacterium /
  Propionibacterium, Micrococcus, Bacillus other than B. anthracis) grown in one blood
  culture set of two or more drawn within a day is likely a contaminant: a true
  bacteraemia grows in most sets (IDSA/ASM guide to the microbiology laboratory, Miller
  JM et al., Clin Infect Dis 2018;67:e1-e94; Hall KK, Lyman JA, Clin Microbiol Rev
  2006;19:788-802); repeat the cultures before treating it.
* Yeast (Candida) or Enterococcus in the urine is usually colonisation: without
  symptoms or pyuria it is not treated (IDSA 2016 candidiasis guideline, Pappas PG et
  al., Clin Infect Dis 2016;62:e1-e50: candiduria treated only with symptoms,
  neutropenia or a urological procedure; IDSA 2019 asymptomatic bacteriuria guideline,
  Nicolle LE et al., Clin Infect Dis 2019;68:e83-e110). The record's urinalysis is not
  read here, so the answer names the check. Yeast in respiratory secretions is
  colonisation and rarely needs treatment (IDSA 2016, the same guideline).
* A screening swab (MRSA screen, surveillance culture) shows carriage, not infection:
  its panel is not matched to the antibiotics (CDC/SHEA MRSA screening guidance).
* A narrowing covers every isolate: the pathogens grown in any culture of the stay known
  at the session (blood, tissue, wound, anaerobic) are read together, not the one with a
  ladder of agents (IDSA: Barlam TF et al., Clin Infect Dis 2016;62:e51-77; round 13,
  10015860-24698912 t3: cefazolin for an MSSA with Pseudomonas and B. fragilis grown).
* The pathogen grown heads a culture answer, not a serology: an antibody, antigen, PCR
  or toxin assay detects, it grows nothing, and an IgG with a negative IgM is past
  infection. Blood comes first, then normally sterile sites (CSF, pleural, peritoneal
  and joint fluid, tissue, bone, bile, abscess), then the others; a morphology reported
  before its identification ("GRAM NEGATIVE ROD(S)") is a result too, named as pending
  (IDSA/ASM guide to utilization of the microbiology laboratory, Miller JM et al., Clin
  Infect Dis 2018;67:e1-e94; round 14b, 10007818-22987108 t0: an EBV VCA-IgG headlined
  over an E. coli bacteraemia, a urine GNR left out).
* A positive detection (a C. difficile PCR, an influenza antigen) is a positive result
  and heads the answer where no pathogen grew; contaminated or mixed flora, commensals
  and colonisation are never "the positive" (IDSA/ASM 2018, Miller JM et al.; round 16b,
  10037928-23721604 t0: a urine reported as contaminated headlined over a positive C.
  difficile PCR and influenza A antigen). The isolates of one specimen are reported
  together (round 16b, 10037861-24540843 t0: E. coli named without the Stenotrophomonas
  of the same sputum).
* A susceptibility panel is matched to the antibiotics running: each organism tested
  against a running drug is said susceptible or not (IDSA guidance on culture-directed
  therapy, e.g. Kalil AC et al., Clin Infect Dis 2016;63:e61-e111).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from physassist_env.clinical.infection import not_an_infection

#: Skin commensals whose growth in a single blood culture set is likely contamination.
SKIN_COMMENSAL = re.compile(
    r"coagulase[- ]negative|staph(?:ylococcus)? epidermidis|\bcorynebacterium|"
    r"diphtheroid|propionibacterium|cutibacterium|micrococcus|"
    r"\bbacillus\b(?!.*anthracis)",
    re.I,
)
#: Urinary findings that are usually colonisation (yeast / Candida, Enterococcus).
URINE_COLONISER = re.compile(r"\byeast\b|\bcandida\b|\benterococcus\b", re.I)
#: Respiratory findings that are colonisation (yeast / Candida).
RESPIRATORY_COLONISER = re.compile(r"\byeast\b|\bcandida\b", re.I)
_BLOOD = re.compile(r"\bblood\b", re.I)
_URINE = re.compile(r"\burine\b", re.I)
_RESPIRATORY = re.compile(r"respiratory|sputum|bronch|\bbal\b|tracheal", re.I)
#: Screening specimens: carriage, not infection.
SCREEN = re.compile(r"screen|surveillance", re.I)
#: Surveillance (infection-control) specimens named without the word "screen": a rectal
#: VRE swab ("R/O VANCOMYCIN RESISTANT ENTEROCOCCUS"), a nares MRSA test, an infection
#: control swab ("Swab - R/O Yeast - IC"), a CRE swab.
SURVEILLANCE = re.compile(
    r"\bmrsa\b|vancomycin resistant enterococc|\bvre\b|infection control|- ic\b|"
    r"carbapenem[- ]resistant|\bcre\b",
    re.I,
)
#: A screen that is a diagnostic test of a sick patient, not surveillance.
_DIAGNOSTIC_SCREEN = re.compile(r"viral|influenza|\brsv\b|antigen", re.I)


def is_screen(c: Mapping[str, Any]) -> bool:
    """Whether a microbiology result is a surveillance / screening specimen (nares MRSA
    screen, "Staph aureus Screen", rectal VRE swab, infection-control swabs): it shows
    colonisation, not a clinical isolate. It never grounds a narrowing and never heads a
    culture answer (IDSA/ATS 2016 HAP/VAP, Kalil AC et al., Clin Infect Dis
    2016;63:e61-e111, and ATS/IDSA 2019 CAP, Metlay JP et al., Am J Respir Crit Care
    Med 2019;200:e45-e67: a negative nares MRSA screen supports stopping MRSA cover, a
    positive one does not confirm infection; CDC/SHEA MRSA screening guidance). A
    respiratory viral antigen "screen" is a diagnostic test, not surveillance."""
    test = str(c.get("test") or "")
    if _DIAGNOSTIC_SCREEN.search(test):
        return False
    return bool(SCREEN.search(test) or SURVEILLANCE.search(test))


#: A laboratory comment that qualifies a named isolate: the workup stopped for
#: contamination, its clinical significance uncertain (MIMIC-IV: "Further incubation
#: showed contamination with mixed skin/genital flora. Clinical significance of
#: isolate(s) uncertain"). Such an isolate is reported with the caveat, never as a plain
#: positive (IDSA/ASM 2018 guide to the microbiology laboratory, Miller JM et al., Clin
#: Infect Dis 2018;67:e1-e94: a urine with mixed flora is probably contaminated and is
#: recollected; round 17, reading m, 10037928-24225421 t0).
SIGNIFICANCE_UNCERTAIN = re.compile(
    r"significance[^.]*uncertain|contamination with (?:mixed )?(?:skin|genital|fecal|"
    r"upper respiratory)",
    re.I,
)


def significance_uncertain(c: Mapping[str, Any]) -> bool:
    """Whether the laboratory's comment on a result qualifies its named isolate
    (:data:`SIGNIFICANCE_UNCERTAIN`)."""
    return bool(c.get("organism")) and bool(
        SIGNIFICANCE_UNCERTAIN.search(str(c.get("comment") or ""))
    )


#: Hours within which blood culture sets are one set of draws.
SETS_HOURS = 24


def _t(text: str) -> datetime:
    return datetime.fromisoformat(str(text)[:19])


def _specimen(c: Mapping[str, Any]) -> str:
    """The specimen (one blood culture set) a result belongs to: the specimen part of a
    MIMIC-IV result id (``micro-<specimen>-<test>-<organism>-<isolate>``), else its
    draw time."""
    parts = str(c.get("id") or "").split("-")
    return parts[1] if len(parts) > 2 and parts[0] == "micro" else str(c["time"])


def _panel(c: Mapping[str, Any]) -> dict[str, str]:
    sus = c.get("susceptibility") or {}
    return dict(sus) if isinstance(sus, Mapping) else {}


def likely_contaminants(cultures: Iterable[Mapping[str, Any]]) -> list[tuple[str, int]]:
    """(organism, sets drawn) of each skin commensal grown in exactly one blood culture
    set of two or more drawn within :data:`SETS_HOURS` h of it."""
    blood = [c for c in cultures if _BLOOD.search(str(c.get("test") or ""))]
    out: dict[str, int] = {}
    for c in blood:
        org = str(c.get("organism") or "")
        if not SKIN_COMMENSAL.search(org):
            continue
        near = [
            b
            for b in blood
            if abs((_t(b["time"]) - _t(c["time"])).total_seconds()) <= SETS_HOURS * 3600
        ]
        sets = {_specimen(b) for b in near}
        grew = {_specimen(b) for b in near if str(b.get("organism") or "") == org}
        if len(sets) >= 2 and len(grew) == 1:
            out.setdefault(org, len(sets))
    return list(out.items())


def colonisers(cultures: Iterable[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(organism, ``"urine"`` / ``"respiratory"``) of each finding that is usually
    colonisation there: yeast or Enterococcus in a urine culture, yeast in a respiratory
    culture; each pair once."""
    out: list[tuple[str, str]] = []
    for c in cultures:
        test, org = str(c.get("test") or ""), str(c.get("organism") or "")
        if _URINE.search(test) and URINE_COLONISER.search(org):
            pair = (org, "urine")
        elif _RESPIRATORY.search(test) and RESPIRATORY_COLONISER.search(org):
            pair = (org, "respiratory")
        else:
            continue
        if pair not in out:
            out.append(pair)
    return out


def susceptibility_matches(
    cultures: Iterable[Mapping[str, Any]], running: Iterable[str]
) -> list[tuple[str, str, str]]:
    """(organism, running generic, "S" / "I" / "R") for each organism of a clinical
    specimen (not a screen: :data:`SCREEN`) whose panel tests a running antibiotic
    (generic-name match on the panel's names), each pair once."""
    drugs = [g.lower() for g in running]
    out: dict[tuple[str, str], str] = {}
    for c in cultures:
        if is_screen(c):
            continue
        org = str(c.get("organism") or "")
        for ab, result in _panel(c).items():
            for g in drugs:
                if g and g in ab.lower() and (org, g) not in out:
                    out[(org, g)] = str(result)
    return [(o, g, r) for (o, g), r in out.items()]


#: Results that are no isolate to cover: stains, smears, PCR, antigen and antibody
#: (serology) tests, screens.
_NOT_ISOLATE_TEST = re.compile(
    r"stain|smear|\bpcr\b|antigen|screen|surveillance|serolog|antibod|\bab\b|"
    r"\big[gmae]\b|\beia\b|toxin",
    re.I,
)
#: A finding that reports no growth ("NO GROWTH", "No MRSA isolated", "Negative for
#: ..."); a Gram-negative morphology is growth.
_NO_GROWTH = re.compile(r"no growth|not isolated|(?<!gram )\bnegative\b", re.I)
#: A morphology reported before the organism's identification.
PENDING_ID = re.compile(r"^\s*gram (?:positive|negative|variable)\b", re.I)
#: Specimens by the weight of a growth there: blood, then normally sterile sites.
_STERILE = re.compile(
    r"\bcsf\b|cerebrospinal|pleural|peritoneal|ascit|joint|synovial|fluid culture|"
    r"tissue|bone|\bbile\b|abscess|pericardial",
    re.I,
)


def _organism_key(org: str) -> str:
    """The first two words of an organism name, lowercased: one organism however the
    laboratory qualifies it ("STREPTOCOCCUS ANGINOSUS (MILLERI) GROUP")."""
    return " ".join(re.sub(r"[^a-z ]", " ", org.lower()).split()[:2])


def other_isolates(
    cultures: Iterable[Mapping[str, Any]], organism: str
) -> list[Mapping[str, Any]]:
    """The results of the pathogens other than ``organism`` grown in ``cultures`` (each
    organism once, its first result, oldest first): a named organism of a culture, without commensal, mixed or contaminating
    flora and low counts (:func:`~physassist_env.clinical.infection.not_an_infection`),
    skin commensals (:data:`SKIN_COMMENSAL`), colonisers (:func:`colonisers`) and results
    of stains, PCR, antigen tests and screens. A narrowing to one isolate's agent must
    cover these too (IDSA, Barlam TF et al., Clin Infect Dis 2016;62:e51-77)."""
    own = _organism_key(organism)
    out: list[Mapping[str, Any]] = []
    seen = {own}
    for c in _isolates(cultures):
        key = _organism_key(str(c["organism"]))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _isolates(cultures: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The results of ``cultures`` that are a pathogen grown, oldest first: a named
    organism (or a morphology awaiting identification) of a culture, not commensal,
    mixed or contaminating flora or a low count, a skin commensal, a coloniser, or a
    stain, PCR, antigen, antibody or screening result."""
    rows = list(cultures)
    skip = {org for org, _ in colonisers(rows)}
    out: list[Mapping[str, Any]] = []
    for c in sorted(rows, key=lambda r: str(r.get("time") or "")):
        org = str(c.get("organism") or "").strip()
        test = str(c.get("test") or "")
        if (
            not org
            or _NOT_ISOLATE_TEST.search(test)
            or is_screen(c)
            or not_an_infection(org)
            or SKIN_COMMENSAL.search(org)
            or org in skip
            or _NO_GROWTH.search(org)
            or org.lower().startswith(("positive", "negative"))
        ):
            continue
        out.append(c)
    return out


def _site_rank(test: str) -> int:
    """0 for blood, 1 for a normally sterile site, 2 for the others."""
    if _BLOOD.search(test):
        return 0
    return 1 if _STERILE.search(test) else 2


def headline_isolate(
    cultures: Iterable[Mapping[str, Any]],
) -> Mapping[str, Any] | None:
    """The result a culture answer leads with: the pathogen grown (:func:`_isolates`) of
    the most significant site, blood first, then a normally sterile site, then the
    others, the latest of that site; None when no pathogen grew (IDSA/ASM 2018, Miller
    JM et al.: a serology or antigen result is no growth)."""
    grown = _isolates(cultures)
    if not grown:
        return None
    # an isolate the laboratory calls of uncertain significance leads only when no
    # other grew (round 17: significance_uncertain)
    grown = [c for c in grown if not significance_uncertain(c)] or grown
    best = min(_site_rank(str(c.get("test") or "")) for c in grown)
    return [c for c in grown if _site_rank(str(c.get("test") or "")) == best][-1]


#: Tests that read a specimen under a microscope or measure an antibody: no detection of
#: the organism itself.
_STAIN_OR_SEROLOGY = re.compile(
    r"stain|smear|serolog|antibod|\bab\b|\big[gmae]\b", re.I
)


def positive_detections(
    cultures: Iterable[Mapping[str, Any]],
) -> list[Mapping[str, Any]]:
    """The positive results of a detection assay (PCR, antigen, toxin, a virus
    identification: "CLOSTRIDIUM DIFFICILE", "POSITIVE FOR INFLUENZA A VIRAL ANTIGEN"),
    oldest first: not an isolate grown, not a stain or serology, not a screen, not a
    negative, a no-growth, contaminating or mixed flora. A positive detection is a
    positive result where no pathogen grew (IDSA/ASM 2018, Miller JM et al., Clin Infect
    Dis 2018;67:e1-e94)."""
    rows = list(cultures)
    grown = {id(c) for c in _isolates(rows)}
    out: list[Mapping[str, Any]] = []
    for c in sorted(rows, key=lambda r: str(r.get("time") or "")):
        org = str(c.get("organism") or "").strip()
        test = str(c.get("test") or "")
        if (
            not org
            or id(c) in grown
            or _STAIN_OR_SEROLOGY.search(test)
            or is_screen(c)
            or not_an_infection(org)
            or _NO_GROWTH.search(org)
            or org.lower().startswith("negative")
            or PENDING_ID.search(org)
        ):
            continue
        out.append(c)
    return out


def same_specimen(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two results are isolates of one specimen (:func:`_specimen`) and test."""
    return a.get("test") == b.get("test") and _specimen(a) == _specimen(b)


def pending_identification(organism: str) -> bool:
    """Whether a finding is a Gram morphology reported before the organism's
    identification ("GRAM NEGATIVE ROD(S)"): a result, its identification to follow."""
    return bool(PENDING_ID.search(organism))
