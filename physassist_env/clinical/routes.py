"""Concurrent routes of one drug are separate regimens (round 12 of the real-record
reading, issue #37).

Intravenous and oral vancomycin treat different infections: IV vancomycin is systemic
(a bacteraemia, MRSA), oral vancomycin is not absorbed and treats Clostridioides
difficile in the gut (IDSA/SHEA 2021 C. difficile guideline, Johnson S et al., Clin
Infect Dis 2021;73:e1029-44; ASHP/IDSA/PIDS/SIDP 2020 vancomycin guideline). A patient
with both is on two regimens, each with its own dose, schedule and indication; "the
vancomycin regimen" naming one hides the other (10002428-20321825 t0). The same holds
for any drug ordered by two route classes at once (IV and enteral): each is reported
with its route.
"""

from __future__ import annotations

import re

#: Enteral routes (by mouth or tube, rectal): MIMIC-IV ``PO``, ``PO/NG``, ``NG``, ``OG``,
#: ``PR``, ``G TUBE``, ``J TUBE``, ``SL``.
ENTERAL = re.compile(r"^\s*(?:PO|NG|OG|PR|SL|ORAL|G ?TUBE|J ?TUBE|PEG|NJ)\b", re.I)
#: Parenteral routes: intravenous, intramuscular, subcutaneous.
PARENTERAL = re.compile(r"^\s*(?:IV|IM|SC|SUBCUT|INTRAVEN|IVPB|IVS)\b", re.I)
#: Local routes: an ear, eye, skin, nose or vagina (MIMIC-IV ``RIGHT EAR``, ``BOTH
#: EYES``, ``OU``, ``TP``, ``NU``, ``VG``).
LOCAL_ROUTE = re.compile(
    r"^\s*(?:(?:RIGHT|LEFT|BOTH|EACH) (?:EAR|EYE)S?|EARS?|EYES?|OU|OD|OS|AU|AD|AS|TP|"
    r"TOPICAL|OPHTH\w*|OTIC|VG|VAGINAL|NU|NAS\w*|INTRANASAL|TD|TRANSDERMAL)\s*$",
    re.I,
)
#: Local preparations named by their form (eye or ear drops, ointments, creams, gels).
LOCAL_FORM = re.compile(
    r"\b(?:otic|ophth\w*|opth\w*|eye drops?|ear drops?|ointment|cream|lotion|"
    r"topical|vaginal|nasal)\b",
    re.I,
)
#: Drugs whose enteral form is not absorbed: an oral order treats the gut only (C.
#: difficile: vancomycin by mouth, fidaxomicin; IDSA/SHEA 2021).
GUT_ONLY = re.compile(r"\b(?:vancomycin|fidaxomicin)\b", re.I)


def route_class(route: str) -> str:
    """``"enteral"``, ``"parenteral"`` or ``""`` (topical, inhaled, unknown)."""
    if ENTERAL.search(route or ""):
        return "enteral"
    if PARENTERAL.search(route or ""):
        return "parenteral"
    return ""


def separate_regimens(route_a: str, route_b: str) -> bool:
    """Whether two orders of one drug by these routes are two regimens: one enteral and
    one parenteral (IV and oral vancomycin)."""
    a, b = route_class(route_a), route_class(route_b)
    return bool(a and b and a != b)


def route_indication(drug: str, route: str) -> tuple[str, str]:
    """(EN, ZH) of what an order of ``drug`` by ``route`` treats when the route decides
    it (:data:`GUT_ONLY`), else ``("", "")``."""
    if not GUT_ONLY.search(drug):
        return "", ""
    if route_class(route) == "enteral":
        return (
            "by mouth, not absorbed: the C. difficile regimen",
            "口服不吸收：用于艰难梭菌感染",
        )
    if route_class(route) == "parenteral":
        return "IV: the systemic regimen", "静脉：用于全身感染"
    return "", ""


def systemic(name: str, route: str) -> bool:
    """Whether an order of a drug is systemic therapy: not an ear, eye, skin, nasal or
    vaginal preparation (:data:`LOCAL_ROUTE`, :data:`LOCAL_FORM`). Otic ciprofloxacin
    treats the ear canal, not a urinary isolate: a local form never counts for
    susceptibility or coverage (IDSA/SHEA 2016 stewardship, Barlam TF et al., Clin
    Infect Dis 2016;62:e51-77: the regimen read is the one that reaches the infection;
    AAO-HNS 2014 otitis externa guideline, Rosenfeld RM et al.: topical drops give no
    systemic levels; round 16b, 10037928-24225421 t1)."""
    return not (LOCAL_ROUTE.search(route or "") or LOCAL_FORM.search(name or ""))
