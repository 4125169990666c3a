"""Laboratory, chart (vital-sign) and microbiology dictionaries of the synthetic hospital.

Item ids, labels, fluids, categories and units follow the public MIMIC-IV dictionaries
(``hosp/d_labitems``, ``icu/d_items``); reference ranges are common adult laboratory
ranges (see ``docs/synthetic-hospital.md``). ``normal`` is the healthy-adult mean and SD
the generator draws a patient's baseline from; ``bounds`` are hard physiological limits
every generated value is clipped to.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LabItem:
    """One ``hosp/d_labitems`` row plus the generator's value model.

    Attributes:
        itemid: MIMIC-IV lab item id.
        label: ``d_labitems.label``.
        fluid: ``d_labitems.fluid``.
        category: ``d_labitems.category``.
        unit: ``labevents.valueuom`` ("" when MIMIC has none, e.g. INR).
        ref_low: ``ref_range_lower`` (None: not reported).
        ref_high: ``ref_range_upper`` (None: not reported).
        normal: Healthy-adult (mean, SD) for the patient baseline.
        bounds: Physiological (min, max) every value is clipped to.
        decimals: Rounding of the reported value.
    """

    itemid: int
    label: str
    fluid: str
    category: str
    unit: str
    ref_low: float | None
    ref_high: float | None
    normal: tuple[float, float]
    bounds: tuple[float, float]
    decimals: int


def _lab(*a: object) -> LabItem:
    return LabItem(*a)  # type: ignore[arg-type]


_B, _CH, _HE, _BG = "Blood", "Chemistry", "Hematology", "Blood Gas"
LABS: dict[int, LabItem] = {
    x.itemid: x
    for x in (
        _lab(50983, "Sodium", _B, _CH, "mEq/L", 133, 145, (139, 2), (100, 185), 0),
        _lab(50971, "Potassium", _B, _CH, "mEq/L", 3.5, 5.1, (4.2, 0.3), (1.5, 9.5), 1),
        _lab(50902, "Chloride", _B, _CH, "mEq/L", 96, 108, (102, 2.5), (70, 135), 0),
        _lab(50882, "Bicarbonate", _B, _CH, "mEq/L", 22, 32, (26, 2), (3, 50), 0),
        _lab(51006, "Urea Nitrogen", _B, _CH, "mg/dL", 6, 20, (14, 4), (2, 250), 0),
        _lab(
            50912, "Creatinine", _B, _CH, "mg/dL", 0.5, 1.2, (0.9, 0.15), (0.2, 20), 1
        ),
        _lab(50931, "Glucose", _B, _CH, "mg/dL", 70, 100, (98, 12), (15, 1500), 0),
        _lab(50868, "Anion Gap", _B, _CH, "mEq/L", 8, 20, (12, 2), (0, 50), 0),
        _lab(
            50893, "Calcium, Total", _B, _CH, "mg/dL", 8.4, 10.3, (9.3, 0.4), (4, 18), 1
        ),
        _lab(50960, "Magnesium", _B, _CH, "mg/dL", 1.6, 2.6, (2.0, 0.2), (0.5, 8), 1),
        _lab(50970, "Phosphate", _B, _CH, "mg/dL", 2.7, 4.5, (3.5, 0.5), (0.5, 15), 1),
        _lab(
            51301,
            "White Blood Cells",
            _B,
            _HE,
            "K/uL",
            4.0,
            11.0,
            (7.0, 1.5),
            (0.1, 150),
            1,
        ),
        _lab(51222, "Hemoglobin", _B, _HE, "g/dL", 12.0, 17.5, (13.8, 1.2), (3, 22), 1),
        _lab(51221, "Hematocrit", _B, _HE, "%", 36, 50, (41.5, 3.5), (9, 65), 1),
        _lab(
            51265, "Platelet Count", _B, _HE, "K/uL", 150, 400, (250, 50), (2, 1500), 0
        ),
        _lab(51250, "MCV", _B, _HE, "fL", 80, 100, (90, 4), (50, 130), 0),
        _lab(51248, "MCH", _B, _HE, "pg", 26, 32, (29.5, 1.5), (15, 45), 1),
        _lab(51249, "MCHC", _B, _HE, "g/dL", 31, 37, (33, 1), (25, 40), 1),
        _lab(
            51279, "Red Blood Cells", _B, _HE, "m/uL", 4.2, 5.9, (4.8, 0.4), (1, 8), 2
        ),
        _lab(51277, "RDW", _B, _HE, "%", 10.5, 15.5, (13.2, 0.8), (9, 30), 1),
        _lab(51256, "Neutrophils", _B, _HE, "%", 34, 71, (60, 7), (1, 99), 1),
        _lab(51244, "Lymphocytes", _B, _HE, "%", 18, 42, (28, 6), (1, 95), 1),
        _lab(51237, "INR(PT)", _B, _HE, "", 0.9, 1.1, (1.0, 0.05), (0.8, 12), 1),
        _lab(51274, "PT", _B, _HE, "sec", 9.4, 12.5, (11.0, 0.6), (8, 150), 1),
        _lab(51275, "PTT", _B, _HE, "sec", 25, 36.5, (30, 2.5), (18, 150), 1),
        _lab(
            51214,
            "Fibrinogen, Functional",
            _B,
            _HE,
            "mg/dL",
            200,
            400,
            (300, 50),
            (30, 1000),
            0,
        ),
        _lab(50813, "Lactate", _B, _BG, "mmol/L", 0.5, 2.0, (1.2, 0.3), (0.3, 25), 1),
        _lab(50820, "pH", _B, _BG, "units", 7.35, 7.45, (7.40, 0.02), (6.8, 7.7), 2),
        _lab(50818, "pCO2", _B, _BG, "mm Hg", 35, 45, (40, 3), (10, 130), 0),
        _lab(50821, "pO2", _B, _BG, "mm Hg", 85, 105, (95, 6), (30, 600), 0),
        _lab(50802, "Base Excess", _B, _BG, "mEq/L", -2, 2, (0, 1), (-30, 25), 0),
        _lab(
            51003,
            "Troponin T",
            _B,
            _CH,
            "ng/mL",
            0.0,
            0.01,
            (0.005, 0.003),
            (0.0, 25),
            2,
        ),
        _lab(50963, "NTproBNP", _B, _CH, "pg/mL", 0, 353, (90, 50), (5, 70000), 0),
        _lab(
            50885,
            "Bilirubin, Total",
            _B,
            _CH,
            "mg/dL",
            0.0,
            1.5,
            (0.6, 0.2),
            (0.1, 50),
            1,
        ),
        _lab(50862, "Albumin", _B, _CH, "g/dL", 3.5, 5.2, (4.2, 0.3), (1.0, 6), 1),
        _lab(
            50861,
            "Alanine Aminotransferase (ALT)",
            _B,
            _CH,
            "IU/L",
            0,
            40,
            (22, 7),
            (3, 8000),
            0,
        ),
        _lab(
            50878,
            "Asparate Aminotransferase (AST)",
            _B,
            _CH,
            "IU/L",
            0,
            40,
            (24, 6),
            (5, 9000),
            0,
        ),
        _lab(
            50863,
            "Alkaline Phosphatase",
            _B,
            _CH,
            "IU/L",
            35,
            105,
            (75, 18),
            (10, 3000),
            0,
        ),
        _lab(50956, "Lipase", _B, _CH, "IU/L", 0, 60, (30, 10), (3, 20000), 0),
        _lab(50889, "C-Reactive Protein", _B, _CH, "mg/L", 0, 5, (2, 1), (0.1, 500), 1),
        _lab(50866, "Ammonia", _B, _CH, "umol/L", 11, 32, (22, 5), (5, 500), 0),
        _lab(
            50910,
            "Creatine Kinase (CK)",
            _B,
            _CH,
            "IU/L",
            47,
            322,
            (120, 40),
            (10, 100000),
            0,
        ),
        _lab(
            50954,
            "Lactate Dehydrogenase (LD)",
            _B,
            _CH,
            "IU/L",
            94,
            250,
            (180, 30),
            (50, 10000),
            0,
        ),
        _lab(
            50852, "% Hemoglobin A1c", _B, _CH, "%", 4.0, 6.0, (5.3, 0.3), (3.5, 18), 1
        ),
        _lab(50924, "Ferritin", _B, _CH, "ng/mL", 30, 400, (120, 50), (2, 40000), 0),
        # iron studies with the ferritin (reference ranges as the MIMIC-IV demo reports them)
        _lab(50952, "Iron", _B, _CH, "ug/dL", 30, 160, (90, 25), (5, 500), 0),
        _lab(
            50953,
            "Iron Binding Capacity, Total",
            _B,
            _CH,
            "ug/dL",
            260,
            470,
            (330, 40),
            (80, 800),
            0,
        ),
        _lab(
            50993,
            "Thyroid Stimulating Hormone",
            _B,
            _CH,
            "uIU/mL",
            0.27,
            4.2,
            (1.8, 0.7),
            (0.01, 150),
            2,
        ),
        _lab(51009, "Vancomycin", _B, _CH, "ug/mL", None, None, (15, 3), (1, 80), 1),
    )
}

# Panels drawn together on one specimen (one specimen_id, one charttime).
PANELS: dict[str, tuple[int, ...]] = {
    "chem7": (50983, 50971, 50902, 50882, 51006, 50912, 50931, 50868),
    "lytes": (50893, 50960, 50970),
    "cbc": (51301, 51222, 51221, 51265, 51250, 51248, 51249, 51279, 51277),
    "diff": (51256, 51244),
    "coag": (51237, 51274, 51275),
    "lft": (50885, 50862, 50861, 50878, 50863),
    "abg": (50820, 50818, 50821, 50802, 50813),
    "lactate": (50813,),
    "cardiac": (51003,),
    "bnp": (50963,),
    "lipase": (50956,),
    "crp": (50889,),
    "ammonia": (50866,),
    "ck": (50910,),
    "a1c": (50852,),
    "iron": (50924, 50952, 50953),
    "tsh": (50993,),
    "vanco": (51009,),
    "fibrinogen": (51214, 50954),
}


@dataclass(frozen=True)
class ChartItem:
    """One ``icu/d_items`` row (vital signs charted in ``icu/chartevents``).

    Attributes:
        itemid: MIMIC-IV item id.
        label: ``d_items.label``.
        abbreviation: ``d_items.abbreviation``.
        category: ``d_items.category``.
        unit: ``d_items.unitname`` and ``chartevents.valueuom``.
        param_type: ``Numeric`` or ``Text``.
        low: ``lownormalvalue``.
        high: ``highnormalvalue``.
        bounds: Physiological (min, max) for clipping.
        decimals: Rounding of charted values.
    """

    itemid: int
    label: str
    abbreviation: str
    category: str
    unit: str
    param_type: str
    low: float | None
    high: float | None
    bounds: tuple[float, float]
    decimals: int


CHART_ITEMS: dict[int, ChartItem] = {
    x.itemid: x
    for x in (
        ChartItem(
            220045,
            "Heart Rate",
            "HR",
            "Routine Vital Signs",
            "bpm",
            "Numeric",
            60,
            100,
            (20, 220),
            0,
        ),
        ChartItem(
            220179,
            "Non Invasive Blood Pressure systolic",
            "NBPs",
            "Routine Vital Signs",
            "mmHg",
            "Numeric",
            90,
            140,
            (40, 260),
            0,
        ),
        ChartItem(
            220180,
            "Non Invasive Blood Pressure diastolic",
            "NBPd",
            "Routine Vital Signs",
            "mmHg",
            "Numeric",
            60,
            90,
            (20, 160),
            0,
        ),
        ChartItem(
            220181,
            "Non Invasive Blood Pressure mean",
            "NBPm",
            "Routine Vital Signs",
            "mmHg",
            "Numeric",
            65,
            105,
            (25, 190),
            0,
        ),
        ChartItem(
            220210,
            "Respiratory Rate",
            "RR",
            "Respiratory",
            "insp/min",
            "Numeric",
            12,
            20,
            (4, 60),
            0,
        ),
        ChartItem(
            220277,
            "O2 saturation pulseoxymetry",
            "SpO2",
            "Respiratory",
            "%",
            "Numeric",
            92,
            100,
            (50, 100),
            0,
        ),
        ChartItem(
            223761,
            "Temperature Fahrenheit",
            "Temperature F",
            "Routine Vital Signs",
            "°F",
            "Numeric",
            97,
            100.4,
            (88, 108),
            1,
        ),
        ChartItem(
            223835,
            "Inspired O2 Fraction",
            "FiO2",
            "Respiratory",
            "",
            "Numeric",
            None,
            None,
            (21, 100),
            0,
        ),
        ChartItem(
            220739,
            "GCS - Eye Opening",
            "Eye Opening",
            "Neurological",
            "",
            "Text",
            None,
            None,
            (1, 4),
            0,
        ),
        ChartItem(
            223900,
            "GCS - Verbal Response",
            "Verbal Response",
            "Neurological",
            "",
            "Text",
            None,
            None,
            (1, 5),
            0,
        ),
        ChartItem(
            223901,
            "GCS - Motor Response",
            "Motor Response",
            "Neurological",
            "",
            "Text",
            None,
            None,
            (1, 6),
            0,
        ),
        ChartItem(
            226512,
            "Admission Weight (Kg)",
            "Admission Weight (Kg)",
            "General",
            "kg",
            "Numeric",
            None,
            None,
            (30, 300),
            1,
        ),
        ChartItem(
            226730,
            "Height (cm)",
            "Height (cm)",
            "General",
            "cm",
            "Numeric",
            None,
            None,
            (130, 215),
            0,
        ),
    )
}

GCS_TEXT: dict[int, dict[int, str]] = {
    220739: {4: "Spontaneously", 3: "To Speech", 2: "To Pain", 1: "No Response"},
    223900: {
        5: "Oriented",
        4: "Confused",
        3: "Inappropriate Words",
        2: "Incomprehensible sounds",
        1: "No Response",
    },
    223901: {
        6: "Obeys Commands",
        5: "Localizes Pain",
        4: "Flex-withdraws",
        3: "Abnormal Flexion",
        2: "Abnormal extension",
        1: "No response",
    },
}

# Microbiology dictionaries (MIMIC-IV microbiologyevents item ids).
SPECIMENS: dict[str, tuple[int, str, int, str]] = {
    "blood": (70012, "BLOOD CULTURE", 90201, "Blood Culture, Routine"),
    "urine": (70079, "URINE", 90039, "URINE CULTURE"),
    "sputum": (70062, "SPUTUM", 90055, "RESPIRATORY CULTURE"),
    "wound": (70070, "SWAB", 90046, "WOUND CULTURE"),
    "stool": (70064, "STOOL", 90221, "C. difficile PCR"),
    "mrsa": (70091, "MRSA SCREEN", 90189, "MRSA SCREEN"),
}
ORGANISMS: dict[str, tuple[int, str]] = {
    "ecoli": (80002, "ESCHERICHIA COLI"),
    "kpneu": (80004, "KLEBSIELLA PNEUMONIAE"),
    "saureus": (80023, "STAPH AUREUS COAG +"),
    "pseudo": (80026, "PSEUDOMONAS AERUGINOSA"),
    "entero": (80053, "ENTEROCOCCUS SP."),
    "proteus": (80017, "PROTEUS MIRABILIS"),
    "spneu": (80076, "STREPTOCOCCUS PNEUMONIAE"),
}
AB_ITEMS: dict[str, int] = {
    "AMPICILLIN": 90004,
    "CEFAZOLIN": 90005,
    "ERYTHROMYCIN": 90006,
    "CLINDAMYCIN": 90007,
    "TRIMETHOPRIM/SULFA": 90008,
    "NITROFURANTOIN": 90010,
    "TETRACYCLINE": 90011,
    "GENTAMICIN": 90012,
    "VANCOMYCIN": 90015,
    "OXACILLIN": 90016,
    "CEFTAZIDIME": 90017,
    "CEFTRIAXONE": 90018,
    "CIPROFLOXACIN": 90019,
    "AMPICILLIN/SULBACTAM": 90022,
    "LEVOFLOXACIN": 90025,
    "PIPERACILLIN/TAZO": 90026,
    "CEFEPIME": 90028,
    "MEROPENEM": 90029,
    "PENICILLIN G": 90003,
}
# Antibiotics tested per organism (susceptibility panel) and the usual resistances.
SUSCEPTIBILITY_PANEL: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "ecoli": (
        (
            "AMPICILLIN",
            "CEFAZOLIN",
            "CEFTRIAXONE",
            "CIPROFLOXACIN",
            "GENTAMICIN",
            "NITROFURANTOIN",
            "TRIMETHOPRIM/SULFA",
            "PIPERACILLIN/TAZO",
            "MEROPENEM",
        ),
        ("AMPICILLIN", "TRIMETHOPRIM/SULFA", "CIPROFLOXACIN"),
    ),
    "kpneu": (
        (
            "AMPICILLIN",
            "CEFAZOLIN",
            "CEFTRIAXONE",
            "CIPROFLOXACIN",
            "GENTAMICIN",
            "TRIMETHOPRIM/SULFA",
            "PIPERACILLIN/TAZO",
            "MEROPENEM",
        ),
        ("AMPICILLIN",),
    ),
    "proteus": (
        (
            "AMPICILLIN",
            "CEFAZOLIN",
            "CEFTRIAXONE",
            "CIPROFLOXACIN",
            "TRIMETHOPRIM/SULFA",
            "NITROFURANTOIN",
        ),
        ("NITROFURANTOIN", "TETRACYCLINE"),
    ),
    "saureus": (
        (
            "OXACILLIN",
            "VANCOMYCIN",
            "CLINDAMYCIN",
            "ERYTHROMYCIN",
            "TRIMETHOPRIM/SULFA",
            "TETRACYCLINE",
            "GENTAMICIN",
        ),
        ("OXACILLIN", "ERYTHROMYCIN"),
    ),
    "pseudo": (
        (
            "CEFTAZIDIME",
            "CEFEPIME",
            "CIPROFLOXACIN",
            "GENTAMICIN",
            "PIPERACILLIN/TAZO",
            "MEROPENEM",
        ),
        ("CIPROFLOXACIN",),
    ),
    "entero": (
        ("AMPICILLIN", "VANCOMYCIN", "NITROFURANTOIN", "PENICILLIN G"),
        ("VANCOMYCIN",),
    ),
    "spneu": (
        ("PENICILLIN G", "CEFTRIAXONE", "ERYTHROMYCIN", "LEVOFLOXACIN", "VANCOMYCIN"),
        ("ERYTHROMYCIN",),
    ),
}
INTRINSIC_RESISTANCE: dict[str, tuple[str, ...]] = {
    "kpneu": ("AMPICILLIN",),
    "proteus": ("NITROFURANTOIN", "TETRACYCLINE"),
}
"""Panel agents an organism is always resistant to (EUCAST Expected Resistant Phenotypes v1.2,
2023: Klebsiella pneumoniae to ampicillin, Proteus mirabilis to nitrofurantoin and
tetracyclines); before, they were "usual" resistances drawn at 60 %, so a Klebsiella read
ampicillin-susceptible in 1 of 8 isolates."""
OXACILLIN_CLASS_RESISTANCE = (
    "CEFAZOLIN",
    "CEFTRIAXONE",
    "CEFEPIME",
    "PIPERACILLIN/TAZO",
    "MEROPENEM",
    "AMPICILLIN/SULBACTAM",
    "AMPICILLIN",
    "PENICILLIN G",
)
"""A staphylococcus resistant to oxacillin (MRSA) is resistant to every beta-lactam except the
anti-MRSA cephalosporins, whether tested or not (CLSI M100, 2023: oxacillin predicts
beta-lactam susceptibility of staphylococci)."""
TARGETED_AGENTS: dict[str, tuple[str, ...]] = {
    # narrowest active agent first (IDSA/SHEA antimicrobial stewardship guideline 2016,
    # Barlam TF et al., Clin Infect Dis 2016;62:e51: de-escalate to the narrowest agent the
    # susceptibilities allow); vancomycin only when nothing else is active (MRSA)
    "blood": (
        "cefazolin",
        "ceftriaxone",
        "cefepime",
        "piptazo",
        "meropenem",
        "vancomycin",
    ),
    "urine": (
        "cephalexin",
        "tmp_smx",
        "ceftriaxone",
        "ciprofloxacin",
        "cefepime",
        "piptazo",
        "meropenem",
        "vancomycin",
    ),
    "sputum": ("ceftriaxone", "levofloxacin", "cefepime", "piptazo", "vancomycin"),
    "wound": ("cefazolin", "tmp_smx", "vancomycin"),
}
"""Agents a team switches to, per culture source, when an isolate tests resistant to the
antibiotic running (drug keys of ``knowledge.drugs``; the first one the isolate tested
susceptible to and the patient is not allergic to). Nitrofurantoin is left out: it treats
cystitis only, not pyelonephritis or bacteraemia (IDSA 2010 uncomplicated UTI guideline)."""
NEVER_RESISTANT: frozenset[tuple[str, str]] = frozenset(
    {
        # vancomycin-resistant S. aureus: 16 US isolates 2002-2021 (CDC); none in the demo
        ("saureus", "VANCOMYCIN"),
        # no vancomycin-resistant pneumococcus has been described (CLSI M100: report
        # non-susceptible isolates to a reference laboratory)
        ("spneu", "VANCOMYCIN"),
    }
)
"""(organism, antibiotic) resistances too rare to draw as the resistance to an antibiotic given
(``micro.RESISTANT_GIVEN``); the MIMIC-IV demo's resistant-to-given isolates are VRE, ESBL
E. coli/Klebsiella, quinolone and clindamycin resistance."""
