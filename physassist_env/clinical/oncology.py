"""Whether an admission treats an active cancer: the follow-up it calls for.

A patient with a cancer under active treatment (chemotherapy or another antineoplastic
given or ordered this admission) is followed after discharge by the treating oncology
team, which manages the next cycle, the blood counts and the toxicity of the treatment
given (ASCO/ONS 2016 chemotherapy administration safety standards, Neuss MN et al., J
Oncol Pract 2016;12:1262-71: follow-up and toxicity monitoring after each treatment;
NCCN survivorship and continuity of oncology care), not by primary care alone.

The cancer is read from the codes known at the session (ICD-10 C00-C96, ICD-9 140-208,
and the encounter for antineoplastic chemotherapy, Z51.1 / V58.11); the treatment from
the admission's orders (ATC L01 antineoplastic agents, :data:`ANTINEOPLASTIC`). Methotrexate
and hydroxyurea count only beside a cancer code (they also treat arthritis and sickle
cell disease), as every agent here does.
"""

from __future__ import annotations

import re

#: Antineoplastic agents (WHO ATC L01 and the immunotherapies and targeted agents given
#: in hospital), by generic name or common brand.
ANTINEOPLASTIC = re.compile(
    r"\b(cytarabine|daunorubicin|idarubicin|doxorubicin|epirubicin|mitoxantrone|"
    r"cyclophosphamide|ifosfamide|bendamustine|melphalan|busulfan|carmustine|"
    r"cisplatin|carboplatin|oxaliplatin|paclitaxel|docetaxel|gemcitabine|fluorouracil|"
    r"capecitabine|etoposide|vincristine|vinblastine|vinorelbine|methotrexate|"
    r"pemetrexed|irinotecan|topotecan|temozolomide|dacarbazine|bleomycin|fludarabine|"
    r"cladribine|azacitidine|decitabine|venetoclax|hydroxyurea|rituximab|bortezomib|"
    r"carfilzomib|lenalidomide|pomalidomide|imatinib|dasatinib|nilotinib|ibrutinib|"
    r"pembrolizumab|nivolumab|ipilimumab|atezolizumab|durvalumab|trastuzumab|"
    r"bevacizumab|cetuximab|blinatumomab|asparaginase|pegaspargase|midostaurin|"
    r"gilteritinib|arsenic trioxide|tretinoin)\b",
    re.I,
)
#: Codes of a malignancy or of a chemotherapy encounter (ICD-10 / ICD-9, dots ignored).
_ICD9_CANCER = tuple(str(n) for n in range(140, 209))
CANCER_CODES = ("C", "Z511", "V5811", *_ICD9_CANCER)


def cancer_code(code: str) -> bool:
    """Whether an ICD code (dotted or not) is a malignancy (:data:`CANCER_CODES`): ICD-10
    C00-C96 (not the D in-situ and uncertain-behaviour codes), ICD-9 140-208, or a
    chemotherapy encounter."""
    key = code.upper().replace(".", "")
    if key.startswith("C"):
        return key[1:3].isdigit()
    return key.startswith(CANCER_CODES)


def antineoplastic(name: str) -> bool:
    """Whether a medication name is an antineoplastic agent (:data:`ANTINEOPLASTIC`)."""
    return bool(ANTINEOPLASTIC.search(name))
