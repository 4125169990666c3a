"""Condition codes that mean active or recent bleeding: the one list every topic checks.

Anticoagulation advice, transfusion thresholds and warfarin reversal all ask first whether
the patient is bleeding (2023 ACC/AHA/ACCP/HRS AF guideline: assess active bleeding and
bleeding risk before anticoagulating; AABB 2023: active haemorrhage is managed by
haemorrhage protocols, not transfusion thresholds). Codes are ICD-9-CM and ICD-10-CM
prefixes without dots, matched against the admission's coded conditions.
"""

from __future__ import annotations

#: Haemorrhage codes. ICD-9: 430-432 non-traumatic intracranial, 852-853 traumatic
#: intracranial (subarachnoid, subdural, extradural, other), 459.0 haemorrhage NOS, 530.82
#: oesophageal, 569.3 rectal/anal, 578.x GI, 599.7 haematuria, 719.1 haemarthrosis, 784.7
#: epistaxis, 786.3 haemoptysis, 285.1 acute posthaemorrhagic anaemia. ICD-10: I60-I62
#: non-traumatic intracranial, S06.4-S06.6 traumatic epidural/subdural/subarachnoid, K22.11,
#: K25-K28 with haemorrhage (.0/.2/.4/.6), K62.5, K92.0-K92.2, R04, R31, R58, D62.
BLEEDING_CODES: tuple[str, ...] = (
    "430", "431", "432", "852", "853", "4590", "53082", "5693", "578", "5997", "7191",
    "7847", "7863", "2851", "I60", "I61", "I62", "S064", "S065", "S066", "K2211",
    "K250", "K252", "K254", "K256", "K260", "K262", "K264", "K266", "K270", "K272",
    "K274", "K276", "K280", "K282", "K284", "K286", "K625", "K920", "K921", "K922",
    "R04", "R31", "R58", "D62",
)  # fmt: skip

#: Coded adverse effect of an anticoagulant or haemorrhagic disorder from one: ICD-9 E934.2,
#: ICD-10 T45.515 / T45.525, D68.32.
ANTICOAGULANT_ADVERSE_CODES: tuple[str, ...] = ("E9342", "T45515", "T45525", "D6832")


def is_bleeding_code(code: str) -> bool:
    """Whether an ICD code (dotted or not) is one of :data:`BLEEDING_CODES`."""
    return code.upper().replace(".", "").startswith(BLEEDING_CODES)
