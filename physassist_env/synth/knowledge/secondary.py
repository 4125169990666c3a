"""Secondary diagnoses of an admission beyond its modelled conditions (ICD-10-CM / ICD-9-CM).

Real charts carry a dozen or more codes per admission (MIMIC-IV demo median: 14). Three kinds
are added, each consistent with the tables: codes for abnormalities the admission's labs show
(``LAB_CODED``), codes for what the patient is on or allergic to (``DRUG_CODED``), and common
background comorbidities that move no modelled lab or score (``BACKGROUND``; no cardiovascular,
diabetes, renal or stroke code, which clinical scores read). Titles are the public ICD titles.
"""

from __future__ import annotations

Code = tuple[tuple[str, str], tuple[str, str]]
"""(ICD-10-CM (code, title), ICD-9-CM (code, title))."""

LAB_CODED: tuple[tuple[int, str, float, Code], ...] = (
    (50971, "<", 3.5, (("E876", "Hypokalemia"), ("2768", "Hypopotassemia"))),
    (50971, ">", 5.3, (("E875", "Hyperkalemia"), ("2767", "Hyperpotassemia"))),
    (
        50983,
        "<",
        133,
        (
            ("E871", "Hypo-osmolality and hyponatremia"),
            ("2761", "Hyposmolality and/or hyponatremia"),
        ),
    ),
    (
        51222,
        "<",
        10.0,
        (("D649", "Anemia, unspecified"), ("2859", "Anemia, unspecified")),
    ),
    (
        51265,
        "<",
        140,
        (
            ("D696", "Thrombocytopenia, unspecified"),
            ("2875", "Thrombocytopenia, unspecified"),
        ),
    ),
    (50882, "<", 20, (("E872", "Acidosis"), ("2762", "Acidosis"))),
    (
        50960,
        "<",
        1.6,
        (("E8342", "Hypomagnesemia"), ("2752", "Disorders of magnesium metabolism")),
    ),
)
"""(lab itemid, direction, limit, code): coded when any reported value is beyond the limit."""

DRUG_CODED: tuple[tuple[tuple[str, ...], Code], ...] = (
    (
        ("warfarin", "apixaban"),
        (
            ("Z7901", "Long term (current) use of anticoagulants"),
            ("V5861", "Long-term (current) use of anticoagulants"),
        ),
    ),
    (
        ("glargine", "insulin_ss"),
        (
            ("Z794", "Long term (current) use of insulin"),
            ("V5867", "Long-term (current) use of insulin"),
        ),
    ),
    (
        ("aspirin", "clopidogrel"),
        (
            ("Z7902", "Long term (current) use of antithrombotics/antiplatelets"),
            ("V5863", "Long-term (current) use of antiplatelet/antithrombotic"),
        ),
    ),
    (
        ("prednisone", "methylpred"),
        (
            ("Z7952", "Long term (current) use of systemic steroids"),
            ("V5865", "Long-term (current) use of steroids"),
        ),
    ),
    (
        ("metformin", "glipizide"),
        (
            ("Z7984", "Long term (current) use of oral hypoglycemic drugs"),
            ("V5869", "Long-term (current) use of other medications"),
        ),
    ),
)
"""(drug keys, code): coded when any of the drugs is ordered in the admission."""
HOME_MEDS: Code = (
    ("Z79899", "Other long term (current) drug therapy"),
    ("V5869", "Long-term (current) use of other medications"),
)
"""Coded when the patient takes any home medication (one of MIMIC's most frequent codes)."""
CONFUSION: Code = (
    ("R4182", "Altered mental status, unspecified"),
    ("78097", "Altered mental status"),
)
"""Coded when the admission records confusion."""

PENICILLIN_ALLERGY: Code = (
    ("Z880", "Allergy status to penicillin"),
    ("V140", "Personal history of allergy to penicillin"),
)
DNR: Code = (("Z66", "Do not resuscitate"), ("V4986", "Do not resuscitate status"))

BACKGROUND: tuple[tuple[float, Code], ...] = (
    (
        0.35,
        (
            ("E785", "Hyperlipidemia, unspecified"),
            ("2724", "Other and unspecified hyperlipidemia"),
        ),
    ),
    (
        0.25,
        (
            ("K219", "Gastro-esophageal reflux disease without esophagitis"),
            ("53081", "Esophageal reflux"),
        ),
    ),
    (
        0.18,
        (
            ("F329", "Major depressive disorder, single episode, unspecified"),
            ("311", "Depressive disorder, not elsewhere classified"),
        ),
    ),
    (
        0.15,
        (
            ("F419", "Anxiety disorder, unspecified"),
            ("30000", "Anxiety state, unspecified"),
        ),
    ),
    (
        0.1,
        (
            ("G4733", "Obstructive sleep apnea (adult) (pediatric)"),
            ("32723", "Obstructive sleep apnea (adult)(pediatric)"),
        ),
    ),
    (
        0.12,
        (
            ("E039", "Hypothyroidism, unspecified"),
            ("2449", "Unspecified acquired hypothyroidism"),
        ),
    ),
    (
        0.12,
        (
            ("M1990", "Unspecified osteoarthritis, unspecified site"),
            (
                "71590",
                "Osteoarthrosis, unspecified whether generalized or localized, site unspecified",
            ),
        ),
    ),
    (
        0.25,
        (
            ("Z87891", "Personal history of nicotine dependence"),
            ("V1582", "Personal history of tobacco use"),
        ),
    ),
    (
        0.12,
        (
            ("K5900", "Constipation, unspecified"),
            ("56400", "Constipation, unspecified"),
        ),
    ),
    (0.1, (("G8929", "Other chronic pain"), ("33829", "Other chronic pain"))),
    (0.08, (("Z9181", "History of falling"), ("V1588", "History of fall"))),
    (
        0.1,
        (
            ("E559", "Vitamin D deficiency, unspecified"),
            ("2689", "Unspecified vitamin D deficiency"),
        ),
    ),
    (0.1, (("G4700", "Insomnia, unspecified"), ("78052", "Insomnia, unspecified"))),
    (0.1, (("M545", "Low back pain"), ("7242", "Lumbago"))),
    (
        0.08,
        (
            ("M810", "Age-related osteoporosis without current pathological fracture"),
            ("73300", "Osteoporosis, unspecified"),
        ),
    ),
    (0.05, (("H409", "Unspecified glaucoma"), ("3659", "Unspecified glaucoma"))),
    (
        0.06,
        (
            ("K449", "Diaphragmatic hernia without obstruction or gangrene"),
            (
                "5533",
                "Diaphragmatic hernia without mention of obstruction or gangrene",
            ),
        ),
    ),
    (
        0.05,
        (
            ("Z96651", "Presence of right artificial knee joint"),
            ("V4365", "Knee joint replacement"),
        ),
    ),
    (
        0.08,
        (
            ("Z86010", "Personal history of colonic polyps"),
            ("V1272", "Personal history of colonic polyps"),
        ),
    ),
    (
        0.08,
        (
            ("J309", "Allergic rhinitis, unspecified"),
            ("4779", "Allergic rhinitis, cause unspecified"),
        ),
    ),
)
"""(probability per admission, code) of background comorbidities."""
