"""Drugs of the synthetic hospital and the drug-lab monitoring pairs of ``med_safety``.

Doses, routes and frequencies are usual adult doses from product labelling and
standard references (see ``docs/synthetic-hospital.md``); ``doses`` lists the strengths
the generator may order and ``dose_range`` the plausible single-dose range a test
checks against.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Drug:
    """One orderable drug.

    Attributes:
        key: Knowledge-base key.
        name: ``prescriptions.drug`` / ``emar.medication`` text.
        drug_class: Pharmacological class (used by monitoring pairs and notes).
        route: MIMIC route (PO, IV, SC, IH, PO/NG).
        frequency: ``pharmacy.frequency`` (DAILY, BID, Q8H, ...).
        doses_per_24: ``prescriptions.doses_per_24_hrs``.
        unit: ``dose_unit_rx``.
        doses: Strengths the generator orders.
        dose_range: Plausible (min, max) single dose.
        form: ``form_rx`` (TAB, VIAL, ...).
        antibiotic: The antibiotic name used in susceptibility panels (None if not one).
    """

    key: str
    name: str
    drug_class: str
    route: str
    frequency: str
    doses_per_24: float
    unit: str
    doses: tuple[float, ...]
    dose_range: tuple[float, float]
    form: str = "TAB"
    antibiotic: str | None = None


def _d(key: str, name: str, cls: str, route: str, freq: str, n: float, unit: str,
       doses: tuple[float, ...], rng: tuple[float, float], form: str = "TAB",
       ab: str | None = None) -> Drug:
    return Drug(key, name, cls, route, freq, n, unit, doses, rng, form, ab)


DRUGS: dict[str, Drug] = {
    d.key: d
    for d in (
        # cardiovascular
        _d("lisinopril", "Lisinopril", "ACE inhibitor", "PO", "DAILY", 1, "mg", (5, 10, 20, 40), (2.5, 40)),
        _d("losartan", "Losartan Potassium", "ARB", "PO", "DAILY", 1, "mg", (25, 50, 100), (25, 100)),
        _d("spironolactone", "Spironolactone", "potassium-sparing diuretic", "PO", "DAILY", 1, "mg", (12.5, 25, 50), (12.5, 100)),
        _d("furosemide_po", "Furosemide", "loop diuretic", "PO", "DAILY", 1, "mg", (20, 40, 80), (20, 160)),
        _d("furosemide_iv", "Furosemide", "loop diuretic", "IV", "BID", 2, "mg", (40, 80), (20, 200), "VIAL"),
        _d("metoprolol", "Metoprolol Tartrate", "beta blocker", "PO", "BID", 2, "mg", (12.5, 25, 50), (12.5, 100)),
        _d("metoprolol_succ", "Metoprolol Succinate XL", "beta blocker", "PO", "DAILY", 1, "mg", (25, 50, 100), (12.5, 200)),
        _d("carvedilol", "Carvedilol", "beta blocker", "PO", "BID", 2, "mg", (3.125, 6.25, 12.5, 25), (3.125, 50)),
        _d("amlodipine", "Amlodipine", "calcium channel blocker", "PO", "DAILY", 1, "mg", (5, 10), (2.5, 10)),
        _d("hydralazine", "HydrALAZINE", "vasodilator", "PO", "Q8H", 3, "mg", (25, 50), (10, 100)),
        _d("labetalol_iv", "Labetalol", "beta blocker", "IV", "Q6H PRN", 4, "mg", (10, 20), (5, 80), "VIAL"),
        _d("atorvastatin", "Atorvastatin", "statin", "PO", "QHS", 1, "mg", (20, 40, 80), (10, 80)),
        _d("aspirin", "Aspirin", "antiplatelet", "PO", "DAILY", 1, "mg", (81,), (81, 325)),
        _d("clopidogrel", "Clopidogrel", "antiplatelet", "PO", "DAILY", 1, "mg", (75,), (75, 600)),
        _d("heparin_gtt", "Heparin", "anticoagulant", "IV", "CONTINUOUS", 24, "UNIT", (1000, 1200), (500, 2000), "BAG"),
        _d("heparin_sc", "Heparin", "anticoagulant", "SC", "Q8H", 3, "UNIT", (5000,), (5000, 7500), "VIAL"),
        _d("enoxaparin", "Enoxaparin Sodium", "anticoagulant", "SC", "Q12H", 2, "mg", (60, 80, 100), (30, 150), "SYR"),
        _d("warfarin", "Warfarin", "vitamin K antagonist", "PO", "DAILY16", 1, "mg", (2, 2.5, 5, 7.5), (1, 10)),
        _d("apixaban", "Apixaban", "DOAC", "PO", "BID", 2, "mg", (2.5, 5), (2.5, 10)),
        _d("diltiazem", "Diltiazem", "calcium channel blocker", "PO", "Q6H", 4, "mg", (30, 60), (30, 90)),
        _d("digoxin", "Digoxin", "cardiac glycoside", "PO", "DAILY", 1, "mg", (0.125, 0.25), (0.0625, 0.25)),
        _d("amiodarone", "Amiodarone", "antiarrhythmic", "PO", "DAILY", 1, "mg", (200, 400), (100, 400)),
        _d("nitroglycerin", "Nitroglycerin SL", "nitrate", "SL", "Q5MIN PRN", 3, "mg", (0.4,), (0.3, 0.6)),
        _d("norepinephrine", "Norepinephrine", "vasopressor", "IV", "CONTINUOUS", 24, "mcg/kg/min", (0.05, 0.1, 0.2), (0.01, 1.0), "BAG"),
        # endocrine
        _d("metformin", "MetFORMIN (Glucophage)", "biguanide", "PO", "BID", 2, "mg", (500, 850, 1000), (500, 1000)),
        _d("glipizide", "GlipiZIDE", "sulfonylurea", "PO", "DAILY", 1, "mg", (5, 10), (2.5, 20)),
        _d("glargine", "Insulin Glargine", "insulin", "SC", "QHS", 1, "UNIT", (10, 16, 20, 30), (4, 80), "VIAL"),
        _d("insulin_ss", "Insulin Regular (sliding scale)", "insulin", "SC", "QACHS", 4, "UNIT", (2, 4, 6), (1, 15), "VIAL"),
        _d("insulin_gtt", "Insulin Regular Human (infusion)", "insulin", "IV", "CONTINUOUS", 24, "UNIT", (5, 7, 10), (1, 20), "BAG"),
        _d("levothyroxine", "Levothyroxine Sodium", "thyroid hormone", "PO", "DAILY", 1, "mcg", (50, 75, 100, 125), (25, 200)),
        _d("dextrose50", "Dextrose 50%", "glucose", "IV", "ONCE", 1, "gm", (12.5, 25), (12.5, 25), "SYR"),
        _d("prednisone", "PredniSONE", "corticosteroid", "PO", "DAILY", 1, "mg", (40,), (5, 60)),
        _d("methylpred", "MethylPREDNISolone Sodium Succ", "corticosteroid", "IV", "Q12H", 2, "mg", (40, 60), (40, 125), "VIAL"),
        # respiratory
        _d("albuterol_neb", "Albuterol 0.083% Neb Soln", "beta agonist", "IH", "Q4H", 6, "mg", (2.5,), (2.5, 5), "NEB"),
        _d("ipratropium_neb", "Ipratropium Bromide Neb", "anticholinergic", "IH", "Q6H", 4, "mg", (0.5,), (0.5, 0.5), "NEB"),
        _d("tiotropium", "Tiotropium Bromide", "anticholinergic", "IH", "DAILY", 1, "mcg", (18,), (18, 18), "CAP"),
        _d("fluticasone_salm", "Fluticasone-Salmeterol Diskus (250/50)", "inhaled steroid/LABA", "IH", "BID", 2, "INH", (1,), (1, 1), "DISK"),
        # GI / liver
        _d("pantoprazole_iv", "Pantoprazole", "proton pump inhibitor", "IV", "Q12H", 2, "mg", (40,), (40, 80), "VIAL"),
        _d("pantoprazole", "Pantoprazole", "proton pump inhibitor", "PO", "DAILY", 1, "mg", (40,), (20, 40)),
        _d("octreotide", "Octreotide Acetate", "somatostatin analogue", "IV", "CONTINUOUS", 24, "mcg/hr", (50,), (25, 50), "BAG"),
        _d("lactulose", "Lactulose", "osmotic laxative", "PO", "TID", 3, "mL", (30,), (15, 45), "SOLN"),
        _d("rifaximin", "Rifaximin", "nonabsorbed antibiotic", "PO", "BID", 2, "mg", (550,), (550, 550)),
        _d("ondansetron", "Ondansetron", "antiemetic", "IV", "Q8H PRN", 3, "mg", (4,), (4, 8), "VIAL"),
        # neuro / psych / analgesia
        _d("lorazepam", "Lorazepam", "benzodiazepine", "IV", "Q4H PRN", 6, "mg", (1, 2), (0.5, 4), "VIAL"),
        _d("thiamine", "Thiamine", "vitamin", "PO", "DAILY", 1, "mg", (100,), (100, 500)),
        _d("folic_acid", "FoLIC Acid", "vitamin", "PO", "DAILY", 1, "mg", (1,), (1, 1)),
        _d("haloperidol", "Haloperidol", "antipsychotic", "IV", "Q6H PRN", 4, "mg", (0.5, 1, 2), (0.5, 5), "VIAL"),
        _d("citalopram", "Citalopram", "SSRI", "PO", "DAILY", 1, "mg", (10, 20), (10, 40)),
        _d("sertraline", "Sertraline", "SSRI", "PO", "DAILY", 1, "mg", (50, 100), (25, 200)),
        _d("levetiracetam", "LevETIRAcetam", "antiepileptic", "PO", "BID", 2, "mg", (500, 750, 1000), (250, 1500)),
        _d("ibuprofen", "Ibuprofen", "NSAID", "PO", "Q8H PRN", 3, "mg", (400, 600), (200, 800)),
        _d("acetaminophen", "Acetaminophen", "analgesic", "PO", "Q6H PRN", 4, "mg", (650, 1000), (325, 1000)),
        _d("oxycodone", "OxyCODONE (Immediate Release)", "opioid", "PO", "Q4H PRN", 6, "mg", (5, 10), (2.5, 15)),
        _d("allopurinol", "Allopurinol", "xanthine oxidase inhibitor", "PO", "DAILY", 1, "mg", (100, 300), (50, 600)),
        _d("colchicine", "Colchicine", "anti-gout", "PO", "DAILY", 1, "mg", (0.6,), (0.3, 1.2)),
        _d("tamsulosin", "Tamsulosin", "alpha blocker", "PO", "QHS", 1, "mg", (0.4,), (0.4, 0.8), "CAP"),
        _d("ferrous_sulfate", "Ferrous Sulfate", "iron", "PO", "DAILY", 1, "mg", (325,), (325, 325)),
        _d("vitamin_k", "Phytonadione", "vitamin K", "PO", "ONCE", 1, "mg", (2.5, 5), (1, 10)),
        # electrolytes / fluids
        _d("kcl", "Potassium Chloride", "electrolyte", "PO", "ONCE", 1, "mEq", (20, 40), (10, 60), "PACKET"),
        _d("calcium_gluc", "Calcium Gluconate", "electrolyte", "IV", "ONCE", 1, "gm", (1, 2), (1, 3), "VIAL"),
        _d("kayexalate", "Sodium Polystyrene Sulfonate", "potassium binder", "PO", "ONCE", 1, "gm", (15, 30), (15, 60), "SUSP"),
        _d("ns_bolus", "Sodium Chloride 0.9%", "IV fluid", "IV", "ONCE", 1, "mL", (500, 1000), (250, 2000), "BAG"),
        _d("magnesium_iv", "Magnesium Sulfate", "electrolyte", "IV", "ONCE", 1, "gm", (2,), (1, 4), "BAG"),
        # antibiotics
        _d("ceftriaxone", "CefTRIAXone", "cephalosporin", "IV", "Q24H", 1, "g", (1, 2), (1, 2), "VIAL", "CEFTRIAXONE"),
        _d("azithromycin", "Azithromycin", "macrolide", "PO", "Q24H", 1, "mg", (500,), (250, 500), "TAB", "ERYTHROMYCIN"),
        _d("vancomycin", "Vancomycin", "glycopeptide", "IV", "Q12H", 2, "mg", (1000, 1250, 1500), (500, 2000), "VIAL", "VANCOMYCIN"),
        _d("piptazo", "Piperacillin-Tazobactam", "penicillin/beta-lactamase inhibitor", "IV", "Q8H", 3, "g", (4.5,), (2.25, 4.5), "VIAL", "PIPERACILLIN/TAZO"),
        _d("cefepime", "Cefepime", "cephalosporin", "IV", "Q12H", 2, "g", (1, 2), (1, 2), "VIAL", "CEFEPIME"),
        _d("meropenem", "Meropenem", "carbapenem", "IV", "Q8H", 3, "g", (1,), (0.5, 2), "VIAL", "MEROPENEM"),
        _d("levofloxacin", "Levofloxacin", "fluoroquinolone", "PO", "Q24H", 1, "mg", (500, 750), (250, 750), "TAB", "LEVOFLOXACIN"),
        _d("ciprofloxacin", "Ciprofloxacin HCl", "fluoroquinolone", "PO", "Q12H", 2, "mg", (500,), (250, 750), "TAB", "CIPROFLOXACIN"),
        _d("nitrofurantoin", "Nitrofurantoin Monohyd (MacroBID)", "nitrofuran", "PO", "Q12H", 2, "mg", (100,), (100, 100), "CAP", "NITROFURANTOIN"),
        _d("tmp_smx", "Sulfameth/Trimethoprim DS", "sulfonamide", "PO", "BID", 2, "TAB", (1,), (1, 2), "TAB", "TRIMETHOPRIM/SULFA"),
        _d("cefazolin", "CeFAZolin", "cephalosporin", "IV", "Q8H", 3, "g", (2,), (1, 2), "VIAL", "CEFAZOLIN"),
        _d("cephalexin", "Cephalexin", "cephalosporin", "PO", "Q6H", 4, "mg", (500,), (250, 1000), "CAP", "CEFAZOLIN"),
        _d("metronidazole", "MetRONIDAZOLE (FLagyl)", "nitroimidazole", "IV", "Q8H", 3, "mg", (500,), (500, 500), "BAG"),
        _d("vancomycin_po", "Vancomycin Oral Liquid", "glycopeptide", "PO", "Q6H", 4, "mg", (125,), (125, 500), "SOLN"),
        _d("amox_clav", "Amoxicillin-Clavulanic Acid", "penicillin/beta-lactamase inhibitor", "PO", "Q12H", 2, "mg", (875,), (500, 875), "TAB", "AMPICILLIN/SULBACTAM"),
        _d("oseltamivir", "Oseltamivir", "neuraminidase inhibitor", "PO", "BID", 2, "mg", (75,), (30, 75), "CAP"),
    )
}
ANTIBIOTIC_CLASSES = {
    "cephalosporin", "macrolide", "glycopeptide", "penicillin/beta-lactamase inhibitor",
    "carbapenem", "fluoroquinolone", "nitrofuran", "sulfonamide", "nitroimidazole",
}


@dataclass(frozen=True)
class MonitoringPair:
    """A drug-lab monitoring pair of the ``med_safety`` scenario.

    Attributes:
        key: Pair name.
        drugs: Drug keys (any of them makes the pair apply).
        itemid: The monitored lab.
        unsafe_above: The lab is unsafe above this value (None: not checked).
        unsafe_below: The lab is unsafe below this value (None: not checked).
        unsafe_values: (min, max) of the deliberately unsafe value the generator plants.
        action: The expected safe action (gold answer text for graders).
        source: The guideline or label the threshold comes from.
    """

    key: str
    drugs: tuple[str, ...]
    itemid: int
    unsafe_above: float | None
    unsafe_below: float | None
    unsafe_values: tuple[float, float]
    action: str
    source: str


MONITORING_PAIRS: tuple[MonitoringPair, ...] = (
    MonitoringPair("potassium_raas", ("lisinopril", "losartan", "spironolactone"), 50971, 5.5, None, (5.6, 6.4),
                   "hold ACE inhibitor/ARB/spironolactone, repeat potassium, treat hyperkalaemia",
                   "KDIGO 2012 / ACC-AHA HF 2022: hold or reduce RAAS blockade when K > 5.5 mEq/L"),
    MonitoringPair("creatinine_metformin", ("metformin",), 50912, 1.9, None, (2.0, 3.2),
                   "hold metformin (eGFR < 30 contraindicated; AKI)",
                   "FDA metformin label 2016: contraindicated at eGFR < 30; hold in AKI"),
    MonitoringPair("creatinine_vancomycin", ("vancomycin",), 50912, 1.9, None, (2.0, 3.0),
                   "dose-adjust vancomycin by AUC/trough, review nephrotoxins",
                   "ASHP/IDSA 2020 vancomycin consensus"),
    MonitoringPair("creatinine_nsaid", ("ibuprofen",), 50912, 1.9, None, (2.0, 3.0),
                   "stop NSAID in AKI/CKD", "KDIGO 2012 AKI guideline"),
    MonitoringPair("inr_warfarin", ("warfarin",), 51237, 4.0, None, (4.2, 6.5),
                   "hold warfarin; consider oral vitamin K if INR > 9 or bleeding",
                   "ACCP 2012 / ACC 2020 expert consensus on bleeding on anticoagulants"),
    MonitoringPair("glucose_insulin", ("glargine", "insulin_ss", "glipizide"), 50931, None, 70, (38, 62),
                   "treat hypoglycaemia, reduce basal insulin/stop sulfonylurea",
                   "ADA Standards of Care 2024, section 6 (level 1 < 70, level 2 < 54 mg/dL)"),
    MonitoringPair("potassium_qt", ("citalopram", "haloperidol", "azithromycin", "levofloxacin", "amiodarone", "ondansetron"), 50971, None, 3.5, (2.6, 3.2),
                   "replete potassium (target >= 4.0) and magnesium, check ECG QTc before QT-prolonging drug",
                   "AHA/ACCF 2010 scientific statement on drug-induced QT prolongation"),
    MonitoringPair("vancomycin_trough", ("vancomycin",), 51009, 20.0, None, (22, 35),
                   "hold next vancomycin dose, re-dose by level",
                   "ASHP/IDSA 2020: troughs > 20 ug/mL associated with nephrotoxicity"),
)
UNSAFE_RATE = 0.3
"""Share of admissions with a monitoring pair in which the lab is planted in the unsafe range."""
