"""Clinical knowledge base of the synthetic hospital (conditions, labs, drugs, social facts)."""

from __future__ import annotations

from physassist_env.synth.knowledge.acute import ACUTE
from physassist_env.synth.knowledge.chronic import CHRONIC
from physassist_env.synth.knowledge.drugs import (
    DRUGS,
    MONITORING_PAIRS,
    UNSAFE_RATE,
    Drug,
    MonitoringPair,
)
from physassist_env.synth.knowledge.labs import (
    CHART_ITEMS,
    LABS,
    PANELS,
    ChartItem,
    LabItem,
)
from physassist_env.synth.knowledge.model import Condition, Imaging, LabEffect, Symptoms
from physassist_env.synth.knowledge.ward import WARD_DRUGS

DRUGS.update({d.key: d for d in WARD_DRUGS if d.key not in DRUGS})

CONDITIONS: dict[str, Condition] = {c.key: c for c in (*ACUTE, *CHRONIC)}
"""Every condition by key (acute principal diagnoses and chronic comorbidities)."""

ADHERENCE: dict[str, tuple[str, ...]] = {
    "good": (
        "takes it every day with a pill organiser",
        "never misses a dose; spouse helps",
    ),
    "poor": (
        "often forgets the evening dose",
        "skips it on busy days",
        "takes it only when feeling unwell",
    ),
    "never_filled": (
        "could not afford the co-pay",
        "pharmacy did not have it and never went back",
    ),
    "ran_out": (
        "ran out a week ago and could not get a refill appointment",
        "ran out while travelling",
    ),
    "self_discontinued": (
        "stopped it because he/she felt fine",
        "worried about side effects read online",
    ),
}
"""Home-medication adherence categories with the patient's own reasons that fit any drug
(cost, forgetting, feeling fine). A side effect as the reason is drug-specific
(``SIDE_EFFECTS``); a reason that needs a property of the drug is in ``NEEDS``."""
NEEDS: dict[str, str] = {
    "takes it every day with a pill organiser": "pill",
    "often forgets the evening dose": "evening",
}
"""Reasons that fit only some drugs: ``pill`` (an oral tablet or capsule: no pill organiser
for an inhaler, an injection or eye drops), ``evening`` (a drug with an evening dose: BID or
more often, or at bedtime; a once-daily morning drug has no evening dose to forget)."""
SIDE_EFFECTS: dict[str, tuple[str, ...]] = {
    # the common adverse reactions of each class's FDA labels (Adverse Reactions sections;
    # lisinopril, losartan, atorvastatin, metformin, furosemide, spironolactone, amlodipine,
    # metoprolol/carvedilol, sertraline/citalopram, duloxetine, bupropion, oxycodone,
    # tamsulosin/prazosin, warfarin/apixaban/clopidogrel/enoxaparin, ferrous sulfate,
    # allopurinol, colchicine, tiotropium, oxybutynin, fluticasone-salmeterol,
    # levetiracetam/lamotrigine, clonazepam, zolpidem, cyclobenzaprine, meclizine, loratadine,
    # ropinirole, carbidopa-levodopa, prednisone, pantoprazole/omeprazole, famotidine,
    # anastrozole, insulin glargine, cephalexin, amoxicillin-clavulanate, lactulose, buspirone,
    # latanoprost, fluticasone nasal, calcium carbonate labels, 2019-2024 revisions)
    "ACE inhibitor": ("a dry cough", "dizziness"),
    "ARB": ("dizziness",),
    "statin": ("muscle aches",),
    "biguanide": ("an upset stomach and diarrhoea",),
    "loop diuretic": ("having to urinate all the time", "dizziness"),
    "potassium-sparing diuretic": ("breast tenderness",),
    "calcium channel blocker": ("ankle swelling",),
    "beta blocker": ("tiredness", "dizziness"),
    "SSRI": ("nausea",),
    "SNRI": ("nausea",),
    "antidepressant": ("trouble sleeping",),
    "opioid": ("constipation",),
    "alpha blocker": ("dizziness",),
    "vitamin K antagonist": ("bruising easily",),
    "DOAC": ("bruising easily",),
    "antiplatelet": ("bruising easily",),
    "anticoagulant": ("bruising easily",),
    "iron": ("constipation",),
    "xanthine oxidase inhibitor": ("a skin rash",),
    "anti-gout": ("diarrhoea",),
    "anticholinergic": ("a dry mouth",),
    "antimuscarinic": ("a dry mouth",),
    "inhaled steroid/LABA": ("a hoarse voice",),
    "antiepileptic": ("drowsiness", "dizziness"),
    "benzodiazepine": ("drowsiness",),
    "hypnotic": ("drowsiness",),
    "muscle relaxant": ("drowsiness",),
    "antihistamine": ("drowsiness",),
    "dopamine agonist": ("nausea",),
    "antiparkinson": ("nausea",),
    "corticosteroid": ("trouble sleeping",),
    "proton pump inhibitor": ("headaches",),
    "H2 blocker": ("headaches",),
    "aromatase inhibitor": ("joint pain",),
    "insulin": ("low blood sugar spells",),
    "cephalosporin": ("diarrhoea",),
    "penicillin/beta-lactamase inhibitor": ("diarrhoea",),
    "osmotic laxative": ("diarrhoea",),
    "anxiolytic": ("dizziness",),
    "prostaglandin analogue": ("red eyes",),
    "nasal steroid": ("nosebleeds",),
    "calcium supplement": ("constipation",),
}
"""Side effects a patient gives for stopping a drug, by ``Drug.drug_class``: only effects its
label lists as common (a dry cough is an ACE inhibitor's, not a muscle relaxant's: before,
any drug was stopped "because of a dry cough" or "dizziness"). A class without an entry
(thyroid hormone, vitamins, topical agents) is stopped only for a generic reason."""
SIDE_EFFECT_SHARE = 0.6
"""Share of self-discontinued home drugs with a labelled side effect whose reason is that
side effect: adverse effects are the most common reason patients give for stopping an
antihypertensive or a statin (USAGE statin survey, Cohen JD et al., J Clin Lipidol
2012;6:208: 62 % of former statin users stopped for side effects)."""
ADHERENCE_P = {
    "good": 0.55,
    "poor": 0.17,
    "never_filled": 0.06,
    "ran_out": 0.1,
    "self_discontinued": 0.12,
}

SMOKING = (
    "never smoker",
    "former smoker, quit 10 years ago (30 pack-years)",
    "current smoker, 1 pack per day",
    "current smoker, half a pack per day",
)
ALCOHOL = (
    "denies alcohol use",
    "drinks 1-2 glasses of wine per week",
    "drinks socially",
    "drinks 4-6 beers daily",
)
LIVING = (
    "lives alone in an apartment",
    "lives with spouse in a house",
    "lives with daughter's family",
    "lives in an assisted living facility",
)
OCCUPATION = (
    "retired teacher",
    "retired machinist",
    "bus driver",
    "nurse",
    "accountant",
    "construction worker",
    "restaurant cook",
    "unemployed",
    "software engineer",
    "retired postal worker",
)
FAMILY = (
    "Mother with hypertension; father died of myocardial infarction at 68.",
    "Father with type 2 diabetes; no family history of cancer.",
    "Non-contributory.",
    "Sister with breast cancer; mother with stroke.",
)
ALLERGIES = (
    "Penicillins",
    "Sulfa (Sulfonamide Antibiotics)",
    "Codeine",
    "Iodinated contrast",
    "Lisinopril (angioedema)",
)
INTOLERANCE_SWITCH: tuple[tuple[str, str, str], ...] = (
    # (drug class, side effect the patient stopped it for, what is ordered instead ("" none))
    # ACE-inhibitor cough recurs on rechallenge: switch to an ARB (2017 ACC/AHA hypertension
    # guideline; Dicpinigaitis PV, Chest 2006;129:169S)
    ("ACE inhibitor", "a dry cough", "losartan"),
    # allopurinol: discontinue at the first appearance of a rash (label; ACR 2020 gout
    # guideline); no second urate-lowering drug in the hospital's formulary
    ("xanthine oxidase inhibitor", "a skin rash", ""),
)
"""Home drugs the patient stopped for a side effect that forbids restarting them: not
ordered, listed on admission and replaced by the alternative (the note's course says so)."""
LITERACY = ("high", "medium", "low")

__all__ = [
    "ACUTE",
    "CHRONIC",
    "ADHERENCE",
    "ADHERENCE_P",
    "NEEDS",
    "SIDE_EFFECTS",
    "SIDE_EFFECT_SHARE",
    "ALCOHOL",
    "ALLERGIES",
    "CHART_ITEMS",
    "CONDITIONS",
    "DRUGS",
    "FAMILY",
    "INTOLERANCE_SWITCH",
    "LABS",
    "LITERACY",
    "LIVING",
    "MONITORING_PAIRS",
    "OCCUPATION",
    "PANELS",
    "SMOKING",
    "UNSAFE_RATE",
    "ChartItem",
    "Condition",
    "Drug",
    "Imaging",
    "LabEffect",
    "LabItem",
    "MonitoringPair",
    "Symptoms",
]
