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
* ``"thoracic"``: oesophagectomy, lung resection (lobectomy, pneumonectomy, segmentectomy).
  Follow-up is with the operating thoracic surgeon (wound, feeding jejunostomy, swallowing,
  pathology) (NCCN Esophageal and Esophagogastric Junction Cancers, post-treatment
  surveillance; NCCN Non-Small Cell Lung Cancer, surveillance after resection).
* ``"neurosurgical"``: a craniotomy or craniectomy, excision, incision or drainage of a
  brain lesion (a brain abscess drained: ICD-9-CM 01.39), clipping
  of an aneurysm, a ventricular shunt. Follow-up is in the neurosurgery clinic (wound,
  imaging) (AANS/CNS; 2023 AHA/ASA aneurysmal subarachnoid haemorrhage guideline: follow-up
  imaging of a treated aneurysm).

The principle (round 5 of the real-record reading): the follow-up service after an
operation is the service that operated, read from what the operation was, not primary care
by default.
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
_THORACIC = re.compile(
    r"esophagectomy|oesophagectomy|Resection of Esophagus|Excision of Esophagus"
    r"|lobectomy|pneumonectomy|segmentectomy|Resection of (Right|Left) (Upper|Middle|Lower)"
    r" Lung Lobe|Resection of (Right|Left) Lung",
    re.I,
)
_NEUROSURGICAL = re.compile(
    r"craniotomy|craniectomy|lesion or tissue of brain|(Excision|Resection) of Brain"
    r"|incision of brain|Drainage of Brain"
    r"|(clipping|occlusion) of (an )?(intracranial |cerebral )?aneurysm"
    r"|Occlusion of Intracranial Artery.*Open Approach|ventricular shunt"
    r"|Bypass Cerebral Ventricle",
    re.I,
)
#: The service that follows a patient up after each kind of operation (module docstring).
_KINDS = (
    ("cardiac", _CARDIAC),
    ("orthopaedic", _ORTHOPAEDIC),
    ("thoracic", _THORACIC),
    ("neurosurgical", _NEUROSURGICAL),
)
#: Kinds in the order an episode's operations are ranked (the first found sets the
#: follow-up: a CABG outranks a later fixation).
SURGERY_KINDS = tuple(kind for kind, _ in _KINDS)
_NOT_SURGERY = re.compile(r"Percutaneous Approach, Diagnostic|Removal of", re.I)


def surgery_kind(title: str) -> str:
    """The operating specialty of a procedure title: ``"cardiac"``, ``"orthopaedic"``,
    ``"thoracic"``, ``"neurosurgical"``, or ``""`` when it is not one of these operations
    (module docstring)."""
    if _NOT_SURGERY.search(title):
        return ""
    for kind, pattern in _KINDS:
        if pattern.search(title):
            return kind
    return ""


def is_cabg(title: str) -> bool:
    """Whether a procedure title is a coronary artery bypass graft."""
    return bool(_CABG.search(title))
