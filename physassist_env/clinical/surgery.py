"""Operations of an episode that change what a physician decides after them.

A procedure title (ICD-10-PCS or ICD-9-CM, as MIMIC-IV writes them) is read into a kind:

* ``"cardiac"``: coronary artery bypass, valve replacement or repair, thoracic-aortic
  repair, or cardiopulmonary bypass ("Performance of Cardiac Output, Continuous").
  After it, follow-up is with cardiac surgery and cardiology (2020 ACC/AHA valvular heart
  disease guideline: a post-operative echocardiogram and cardiology review; 2021
  ACC/AHA/SCAI coronary revascularization guideline: cardiology follow-up and cardiac
  rehabilitation), potassium is kept at 4.0 mmol/L or more (2014 AATS guideline on
  peri-operative atrial fibrillation, Frendl G et al., J Thorac Cardiovasc Surg
  2014;148:e153-93: maintain potassium and magnesium after cardiac surgery) and NSAIDs
  are contraindicated after CABG (FDA boxed warning on NSAIDs, 2005).
* ``"orthopaedic"``: fracture fixation (internal or intramedullary fixation, open
  reduction) or a joint replacement. Follow-up is in the fracture / orthopaedic clinic
  for the wound and a radiograph at about two weeks (AAOS; BOAST fracture clinic
  standards, British Orthopaedic Association 2013).
"""

from __future__ import annotations

import re

_CARDIAC = re.compile(
    r"Bypass Coronary Arter|coronary arter(y|ies) bypass|coronary bypass"
    r"|(Replacement|Repair|Supplement|Restriction) of (Aortic|Mitral|Tricuspid|Pulmonary)"
    r" Valve|(open|closed) heart valvuloplasty|heart valve|valve (replacement|repair)"
    r"|(Replacement|Repair|Bypass) of Thoracic Aorta|Performance of Cardiac Output, Continuous"
    r"|extracorporeal circulation auxiliary to open heart",
    re.I,
)
_CABG = re.compile(
    r"Bypass Coronary Arter|coronary arter(y|ies) bypass|coronary bypass", re.I
)
_ORTHOPAEDIC = re.compile(
    r"Internal Fixation Device|Intramedullary|open reduction|internal fixation"
    r"|Replacement of (Right|Left) (Hip|Knee|Shoulder) Joint|arthroplasty"
    r"|(total|partial) (hip|knee|shoulder) replacement",
    re.I,
)
_NOT_SURGERY = re.compile(r"Percutaneous Approach, Diagnostic|Removal of", re.I)


def surgery_kind(title: str) -> str:
    """``"cardiac"``, ``"orthopaedic"`` or ``""`` for a procedure title (module docstring)."""
    if _NOT_SURGERY.search(title):
        return ""
    if _CARDIAC.search(title):
        return "cardiac"
    if _ORTHOPAEDIC.search(title):
        return "orthopaedic"
    return ""


def is_cabg(title: str) -> bool:
    """Whether a procedure title is a coronary artery bypass graft."""
    return bool(_CABG.search(title))
