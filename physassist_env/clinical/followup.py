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
* ``"carotid"``: carotid endarterectomy (with or without a patch) or carotid stenting.
  Follow-up is with vascular surgery (wound, cranial-nerve and neurological check, the
  duplex surveillance plan, antiplatelet and statin) at about two weeks (SVS 2021
  carotid guideline, AbuRahma AF et al., J Vasc Surg 2022;75:4S-22S; ESVS 2023 carotid
  guideline, Naylor R et al., Eur J Vasc Endovasc Surg 2023;65:7-111). Round 9b.
* ``"peripheral"``: lower-limb arterial angiography or revascularisation (peripheral
  artery disease). Follow-up is with vascular surgery for the revascularisation plan,
  the wound and the antiplatelet and statin therapy (2016 AHA/ACC lower extremity PAD
  guideline, Gerhard-Herman MD et al., Circulation 2017;135:e726-79; 2019 SVS/ESVS/WFVS
  global vascular guidelines on chronic limb-threatening ischaemia, Conte MS et al., J
  Vasc Surg 2019;69:3S-125S). It is no coronary indication: no cardiology visit or
  cardiac rehabilitation for it. Round 11.
* ``"pericardial"``: pericardial drainage (pericardiocentesis, a pericardial drain or
  window) for an effusion or tamponade. Follow-up is with cardiology with a repeat
  echocardiogram (2015 ESC pericardial diseases guideline, Adler Y et al., Eur Heart J
  2015;36:2921-64: echocardiographic follow-up of effusions). Round 9b.
* ``"tavr"``: transcatheter (percutaneous) aortic valve replacement, a structural
  cardiology procedure, not cardiac surgery. Follow-up is the structural heart /
  cardiology visit with an echocardiogram at about 30 days, with early renal and
  antithrombotic checks (2020 ACC/AHA valvular heart disease guideline, Otto CM et al.,
  Circulation 2021;143:e72-227). Round 9b.
* ``"biliary"``: endoscopic (ERCP) removal of bile-duct stones. Follow-up is with
  gastroenterology and surgery for the cholecystectomy that prevents recurrence (ASGE
  2019 choledocholithiasis guideline, Buxbaum JL et al., Gastrointest Endosc
  2019;89:1075-1105). Round 9b.
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
_CAROTID = re.compile(
    r"(?:Extirpation of Matter from|Supplement|Dilation of|Bypass) .*Carotid Artery"
    r"|carotid endarterectomy|endarterectomy.*(?:head|neck|carotid)"
    r"|carotid (?:artery )?stent|stent.*carotid",
    re.I,
)
#: Lower-limb arterial angiography or revascularisation (ICD-10-PCS "Fluoroscopy of Left
#: Lower Extremity Arteries", "Dilation of Right Femoral Artery ..."; ICD-9-CM 88.48
#: "Arteriography of femoral and other lower extremity arteries", 39.50 angioplasty of a
#: non-coronary vessel): peripheral artery disease, followed by vascular surgery (round
#: 11: a lower-limb angiography read as a reason for cardiology and DAPT).
_PERIPHERAL = re.compile(
    r"(?:Fluoroscopy|Dilation|Bypass|Extirpation of Matter from|Insertion of .*into)"
    r" (?:of )?(?:Right |Left |Bilateral )?(?:Lower Extremity Arteries|Femoral Arter"
    r"|Popliteal Arter|(?:Anterior |Posterior )?Tibial Arter|Peroneal Arter"
    r"|(?:Common |External )?Iliac Arter)"
    r"|arteriography of femoral|lower extremity arter(?:y|ies).*(?:angio|arteriogra)"
    r"|angioplasty of (?:other )?non-coronary|peripheral (?:angiogra|angioplasty)",
    re.I,
)
_PERICARDIAL = re.compile(
    r"Drainage of Pericardial Cavity|pericardiocentesis|pericardial window"
    r"|pericardiotomy|Excision of Pericardium",
    re.I,
)
_TAVR = re.compile(
    r"Replacement of Aortic Valve.*Percutaneous|transcatheter aortic valve|\bTAVR\b"
    r"|\bTAVI\b|endovascular replacement of aortic valve",
    re.I,
)
_BILIARY = re.compile(
    r"Extirpation of Matter from (?:Common Bile|Hepatic|Cystic) Duct.*Endoscopic"
    r"|Endoscopic removal of stone\(?s\)? from biliary tract"
    r"|endoscopic retrograde cholangio.*(?:stone|extraction)",
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
#: A diagnostic procedure, or the removal of a device ("Removal of Drainage Device"; not
#: the endoscopic removal of a stone), sets no follow-up.
_NOT_THERAPEUTIC = re.compile(r"Diagnostic|^Removal of", re.I)

#: Indications in the order an episode's procedures are ranked (the first found sets the
#: follow-up).
INDICATIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("aneurysm", _ANEURYSM),
    ("pci", _PCI),
    ("ablation", _ABLATION),
    ("ugi_bleed", _UGI_BLEED),
    ("tavr", _TAVR),
    ("pericardial", _PERICARDIAL),
    ("carotid", _CAROTID),
    ("peripheral", _PERIPHERAL),
    ("biliary", _BILIARY),
    ("breast", _BREAST),
    ("general", _GENERAL),
)

#: Ulcer or upper GI bleeding coded (ICD-10-CM K25-K28 with haemorrhage: .0, .2, .4, .6;
#: ICD-9-CM 531-534 with haemorrhage: x0, x1, x2, x4, x5, x6): gastroenterology
#: follow-up (ACG 2021, above).
ULCER_BLEED_CODES: tuple[str, ...] = tuple(
    f"K2{d}{x}" for d in "5678" for x in "0246"
) + tuple(f"53{d}{x}" for d in "1234" for x in "012456")

#: The main problem of an admission that sends its follow-up to a specialty when no
#: procedure does (round 9b), as its principal code (ICD-10-CM / ICD-9-CM, dots ignored):
#: an ischaemic stroke or TIA to neurology (stroke clinic) within 2-4 weeks (2021
#: AHA/ASA secondary stroke prevention guideline, Kleindorfer DO et al., Stroke
#: 2021;52:e364-467: cause found and prevention started early), I63 / G45 / 433.x1 /
#: 434.x1 / 435; a bile-duct stone to gastroenterology (ERCP, cholecystectomy planning;
#: ASGE 2019), K80.3-K80.7 / 574.3-574.9.
STROKE_CODES: tuple[str, ...] = (
    "I63", "G45", "43301", "43311", "43321", "43331", "43381", "43391",
    "43401", "43411", "43491", "435",
)  # fmt: skip
BILE_DUCT_STONE_CODES: tuple[str, ...] = (
    "K803", "K804", "K805", "K806", "K807", "5743", "5744", "5745", "5746", "5747",
    "5748", "5749",
)  # fmt: skip

#: The admitting service (MIMIC-IV ``services.curr_service``, MIMIC-IV-on-FHIR
#: ``Encounter.serviceType``) that stands for the admission's main problem while its
#: codes are not yet written (they are written at discharge): the principal problem's
#: specialty is seen first, before a clinic for a background condition (round 10c: an
#: acute stroke given tPA, on the neurology service, was booked with the diabetes clinic
#: only). Neurology (NMED): neurology / stroke clinic within 2-4 weeks (2021 AHA/ASA
#: secondary stroke prevention guideline, Kleindorfer DO et al., Stroke
#: 2021;52:e364-467); cardiology (CMED): cardiology within 2 weeks (2014 AHA/ACC
#: NSTE-ACS guideline; 2022 AHA/ACC/HFSA heart failure guideline, Heidenreich PA et al.,
#: Circulation 2022;145:e895-1032: early follow-up after a cardiac admission).
SERVICE_SPECIALTY: dict[str, str] = {"NMED": "neurology", "CMED": "cardiology"}


def service_code(encounter: dict) -> str:
    """The admitting service code of an Encounter (``serviceType``: a CodeableConcept
    in R4, a list of CodeableReferences in R5), upper case, ``""`` for none."""
    st = encounter.get("serviceType") or {}
    if isinstance(st, list):
        st = (st[0] or {}).get("concept") or {} if st else {}
    for c in st.get("coding") or []:
        if c.get("code"):
            return str(c["code"]).strip().upper()
    return ""


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
