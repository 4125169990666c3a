"""Procedures and codes of an episode that send the follow-up after discharge to a
specialty, each with its source (round 8b of the real-record reading: "follow-up by
indication, not always primary care at 7 days").

A procedure title (ICD-10-PCS or ICD-9-CM, as MIMIC-IV writes them) is read into the
indication it gives (:func:`procedure_indication`):

* ``"aneurysm"``: endovascular treatment of an intracranial aneurysm (a flow diverter or
  stent, "Restriction of Intracranial Artery ... Percutaneous", coiling). Follow-up is
  with the treating neurosurgery / neurointerventional team, who plan the follow-up
  angiography (2015 AHA/ASA unruptured intracranial aneurysm guideline, Thompson BG et
  al., Stroke 2015;46:2368-400: follow-up imaging after endovascular treatment).
* ``"pci"``: percutaneous coronary intervention (a coronary stent, balloon dilation or
  thrombectomy). Follow-up is an early cardiology visit with a referral to cardiac
  rehabilitation (2014 AHA/ACC NSTE-ACS guideline, Amsterdam EA et al., Circulation
  2014;130:e344-426; 2021 ACC/AHA/SCAI coronary revascularization guideline, Lawton JS
  et al., Circulation 2022;145:e18-114: cardiac rehabilitation, class 1).
* ``"ablation"``: catheter ablation or cardiac mapping. Follow-up is with cardiology
  (electrophysiology) for rhythm and anticoagulation review (2023 ACC/AHA/ACCP/HRS
  atrial fibrillation guideline, Joglar JA et al., Circulation 2024;149:e1-156).
* ``"ugi_bleed"``: endoscopic or angiographic control of an upper gastrointestinal bleed.
  Follow-up is with gastroenterology: the Helicobacter pylori result and its eradication,
  the PPI course, a repeat endoscopy where due (ACG 2021 upper GI and ulcer bleeding
  guideline, Laine L et al., Am J Gastroenterol 2021;116:899-917).
* ``"breast"`` / ``"general"``: a breast operation (mastectomy, lumpectomy, axillary node
  excision) or an abdominal operation (cholecystectomy, appendectomy, colectomy, hernia
  repair). Follow-up is the post-operative visit with the operating surgical service
  (wound, drains, pathology) at about two weeks (American College of Surgeons,
  Statements on Principles: the surgeon's post-operative care).

The cardiac, orthopaedic, thoracic and neurosurgical operations that change other
decisions too are read by :mod:`physassist_env.clinical.surgery`.
"""

from __future__ import annotations

import re

_ANEURYSM = re.compile(
    r"Restriction of Intracranial Artery|Occlusion of Intracranial Artery.*Percutaneous"
    r"|endovascular.*(?:head|intracranial|cerebral)|coil(?:ing)?.*aneurysm"
    r"|aneurysm.*coil|embolization of (?:cerebral|intracranial)",
    re.I,
)
_PCI = re.compile(
    r"(?:Dilation|Extirpation of Matter from|Insertion of .*) (?:of |into )?Coronary Arter"
    r"|percutaneous transluminal coronary|coronary (?:artery )?stent|\bPTCA\b"
    r"|drug-eluting coronary|coronary atherectomy",
    re.I,
)
_ABLATION = re.compile(
    r"\bablation\b|Destruction of Conduction Mechanism|Cardiac mapping"
    r"|destruction of other lesion or tissue of heart, endovascular",
    re.I,
)
_UGI_BLEED = re.compile(
    r"gastric or duodenal bleeding|Control Bleeding in (?:Stomach|Duodenum|Esophag)"
    r"|(?:endoscopic )?control of (?:gastric or duodenal )?(?:hemorrhage|bleeding)"
    r".*(?:stomach|duoden|ulcer)|injection of .*(?:gastric|duodenal) (?:varices|ulcer)",
    re.I,
)
_BREAST = re.compile(
    r"mastectomy|lumpectomy|(?:Resection|Excision) of (?:Right|Left|Bilateral) Breast"
    r"|Excision of axillary lymph node|Excision of (?:Right|Left) Axillary Lymph",
    re.I,
)
_GENERAL = re.compile(
    r"cholecystectomy|appendectomy|colectomy|hemicolectomy|gastrectomy"
    r"|Resection of (?:Gallbladder|Appendix|Sigmoid Colon|(?:Ascending|Descending|"
    r"Transverse) Colon)|repair of (?:inguinal|umbilical|ventral|incisional) hernia",
    re.I,
)
_NOT_THERAPEUTIC = re.compile(r"Diagnostic|Removal of", re.I)

#: Indications in the order an episode's procedures are ranked (the first found sets the
#: follow-up).
INDICATIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("aneurysm", _ANEURYSM),
    ("pci", _PCI),
    ("ablation", _ABLATION),
    ("ugi_bleed", _UGI_BLEED),
    ("breast", _BREAST),
    ("general", _GENERAL),
)

#: Ulcer or upper GI bleeding coded (ICD-10-CM K25-K28 with haemorrhage: .0, .2, .4, .6;
#: ICD-9-CM 531-534 with haemorrhage: x0, x1, x2, x4, x5, x6): gastroenterology
#: follow-up (ACG 2021, above).
ULCER_BLEED_CODES: tuple[str, ...] = tuple(
    f"K2{d}{x}" for d in "5678" for x in "0246"
) + tuple(f"53{d}{x}" for d in "1234" for x in "012456")

#: Acute coronary syndrome coded (ICD-10-CM I21, I22, I24, I20.0; ICD-9-CM 410, 411):
#: an early cardiology visit and cardiac rehabilitation (2014 AHA/ACC NSTE-ACS).
ACS_CODES: tuple[str, ...] = ("I21", "I22", "I24", "I200", "410", "411")

#: Chronic kidney disease G4-G5 coded (ICD-10-CM N18.4, N18.5; ICD-9-CM 585.4, 585.5):
#: referral to specialist kidney care (KDIGO 2012 CKD guideline 5.1.1: GFR below 30).
CKD_SEVERE_CODES: tuple[str, ...] = ("N184", "N185", "5854", "5855")


def procedure_indication(title: str) -> str:
    """The follow-up indication a procedure title gives (module docstring), ``""`` for
    none (a diagnostic procedure gives none)."""
    if _NOT_THERAPEUTIC.search(title):
        return ""
    for kind, pattern in INDICATIONS:
        if pattern.search(title):
            return kind
    return ""
