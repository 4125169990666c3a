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
        "stopped it because of dizziness",
        "stopped it because of a dry cough",
        "stopped it because he/she felt fine",
        "worried about side effects read online",
    ),
}
"""Home-medication adherence categories with the patient's own reasons."""
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
LITERACY = ("high", "medium", "low")

__all__ = [
    "ACUTE",
    "CHRONIC",
    "ADHERENCE",
    "ADHERENCE_P",
    "ALCOHOL",
    "ALLERGIES",
    "CHART_ITEMS",
    "CONDITIONS",
    "DRUGS",
    "FAMILY",
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
