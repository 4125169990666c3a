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
LONG_TERM_ONLY_AT_HOME = frozenset({"prednisone", "methylpred"})
"""Drugs whose long-term-use code needs them on the home list: a 5-day steroid burst for a gout
flare or a COPD exacerbation is no long-term systemic steroid use (ICD-10-CM Z79.52 is for
current long-term use; before, every burst was coded so)."""
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

BACKGROUND: tuple[tuple[float, Code, tuple[str, ...], str], ...] = (
    (
        0.35,
        (
            ("E785", "Hyperlipidemia, unspecified"),
            ("2724", "Other and unspecified hyperlipidemia"),
        ),
        ("simvastatin", "pravastatin", "atorvastatin"),
        "",
    ),
    (
        0.25,
        (
            ("K219", "Gastro-esophageal reflux disease without esophagitis"),
            ("53081", "Esophageal reflux"),
        ),
        ("omeprazole", "famotidine"),
        "",
    ),
    (
        0.18,
        (
            ("F329", "Major depressive disorder, single episode, unspecified"),
            ("311", "Depressive disorder, not elsewhere classified"),
        ),
        ("sertraline", "bupropion"),
        "",
    ),
    (
        0.15,
        (
            ("F419", "Anxiety disorder, unspecified"),
            ("30000", "Anxiety state, unspecified"),
        ),
        ("buspirone", "clonazepam"),
        "",
    ),
    (
        0.1,
        (
            ("G4733", "Obstructive sleep apnea (adult) (pediatric)"),
            ("32723", "Obstructive sleep apnea (adult)(pediatric)"),
        ),
        (),
        "",
    ),
    (
        0.12,
        (
            ("E039", "Hypothyroidism, unspecified"),
            ("2449", "Unspecified acquired hypothyroidism"),
        ),
        ("levothyroxine",),
        "",
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
        (),
        "",
    ),
    (
        0.25,
        (
            ("Z87891", "Personal history of nicotine dependence"),
            ("V1582", "Personal history of tobacco use"),
        ),
        (),
        "",
    ),
    (
        0.12,
        (
            ("K5900", "Constipation, unspecified"),
            ("56400", "Constipation, unspecified"),
        ),
        (),
        "",
    ),
    (
        0.1,
        (("G8929", "Other chronic pain"), ("33829", "Other chronic pain")),
        ("lidocaine_patch",),
        "",
    ),
    (0.08, (("Z9181", "History of falling"), ("V1588", "History of fall")), (), ""),
    (
        0.1,
        (
            ("E559", "Vitamin D deficiency, unspecified"),
            ("2689", "Unspecified vitamin D deficiency"),
        ),
        ("cholecalciferol",),
        "",
    ),
    (
        0.1,
        (("G4700", "Insomnia, unspecified"), ("78052", "Insomnia, unspecified")),
        ("melatonin", "zolpidem"),
        "",
    ),
    (
        0.1,
        (("M545", "Low back pain"), ("7242", "Lumbago")),
        ("lidocaine_patch", "cyclobenzaprine"),
        "",
    ),
    (
        0.08,
        (
            ("M810", "Age-related osteoporosis without current pathological fracture"),
            ("73300", "Osteoporosis, unspecified"),
        ),
        ("calcium_carbonate", "cholecalciferol"),
        "",
    ),
    (
        0.05,
        (("H409", "Unspecified glaucoma"), ("3659", "Unspecified glaucoma")),
        ("latanoprost",),
        "",
    ),
    (
        0.06,
        (
            ("K449", "Diaphragmatic hernia without obstruction or gangrene"),
            ("5533", "Diaphragmatic hernia without mention of obstruction or gangrene"),
        ),
        (),
        "",
    ),
    (
        0.05,
        (
            ("Z96651", "Presence of right artificial knee joint"),
            ("V4365", "Knee joint replacement"),
        ),
        (),
        "",
    ),
    (
        0.08,
        (
            ("Z86010", "Personal history of colonic polyps"),
            ("V1272", "Personal history of colonic polyps"),
        ),
        (),
        "",
    ),
    (
        0.08,
        (
            ("J309", "Allergic rhinitis, unspecified"),
            ("4779", "Allergic rhinitis, cause unspecified"),
        ),
        ("fluticasone_nasal", "loratadine"),
        "",
    ),
    (
        0.08,
        (
            (
                "K5730",
                "Diverticulosis of large intestine without perforation or abscess without bleeding",
            ),
            ("56210", "Diverticulosis of colon (without mention of hemorrhage)"),
        ),
        (),
        "",
    ),
    (
        0.05,
        (
            (
                "G43909",
                "Migraine, unspecified, not intractable, without status migrainosus",
            ),
            (
                "34690",
                "Migraine, unspecified, without mention of intractable migraine without mention of status migrainosus",
            ),
        ),
        (),
        "",
    ),
    (
        0.07,
        (
            ("G629", "Polyneuropathy, unspecified"),
            ("3569", "Unspecified hereditary and idiopathic peripheral neuropathy"),
        ),
        ("duloxetine",),
        "",
    ),
    (
        0.03,
        (
            ("G2581", "Restless legs syndrome"),
            ("33394", "Restless legs syndrome (RLS)"),
        ),
        ("ropinirole",),
        "",
    ),
    (
        0.04,
        (
            ("F4310", "Post-traumatic stress disorder, unspecified"),
            ("30981", "Posttraumatic stress disorder"),
        ),
        ("prazosin",),
        "",
    ),
    (
        0.03,
        (
            ("F319", "Bipolar disorder, unspecified"),
            ("29680", "Bipolar disorder, unspecified"),
        ),
        ("lamotrigine",),
        "",
    ),
    (
        0.02,
        (
            ("F909", "Attention-deficit hyperactivity disorder, unspecified type"),
            ("31401", "Attention deficit disorder with hyperactivity"),
        ),
        (),
        "",
    ),
    (
        0.06,
        (
            ("H9190", "Unspecified hearing loss, unspecified ear"),
            ("3899", "Unspecified hearing loss"),
        ),
        (),
        "",
    ),
    (
        0.05,
        (("H269", "Unspecified cataract"), ("3669", "Unspecified cataract")),
        (),
        "",
    ),
    (
        0.03,
        (
            ("H3530", "Unspecified macular degeneration"),
            ("36250", "Macular degeneration (senile), unspecified"),
        ),
        (),
        "",
    ),
    (
        0.05,
        (
            ("Z961", "Presence of intraocular lens"),
            ("V431", "Lens replaced by other means"),
        ),
        (),
        "",
    ),
    (
        0.04,
        (
            ("Z96641", "Presence of right artificial hip joint"),
            ("V4364", "Hip joint replacement"),
        ),
        (),
        "",
    ),
    (
        0.03,
        (("L409", "Psoriasis, unspecified"), ("6961", "Other psoriasis")),
        ("triamcinolone_cream",),
        "",
    ),
    (
        0.03,
        (
            ("L309", "Dermatitis, unspecified"),
            ("6929", "Contact dermatitis and other eczema, unspecified cause"),
        ),
        ("triamcinolone_cream",),
        "",
    ),
    (
        0.03,
        (("M797", "Fibromyalgia"), ("7291", "Myalgia and myositis, unspecified")),
        ("duloxetine",),
        "",
    ),
    (
        0.05,
        (
            (
                "M47816",
                "Spondylosis without myelopathy or radiculopathy, lumbar region",
            ),
            ("7213", "Lumbosacral spondylosis without myelopathy"),
        ),
        ("lidocaine_patch", "cyclobenzaprine"),
        "",
    ),
    (
        0.04,
        (
            ("M170", "Bilateral primary osteoarthritis of knee"),
            (
                "71596",
                "Osteoarthrosis, unspecified whether generalized or localized, lower leg",
            ),
        ),
        (),
        "",
    ),
    (
        0.03,
        (
            ("M069", "Rheumatoid arthritis, unspecified"),
            ("7140", "Rheumatoid arthritis"),
        ),
        (),
        "",
    ),
    (
        0.03,
        (
            ("K589", "Irritable bowel syndrome without diarrhea"),
            ("5641", "Irritable bowel syndrome"),
        ),
        (),
        "",
    ),
    (
        0.04,
        (
            ("K2970", "Gastritis, unspecified, without bleeding"),
            (
                "53550",
                "Unspecified gastritis and gastroduodenitis, without mention of hemorrhage",
            ),
        ),
        ("famotidine", "omeprazole"),
        "",
    ),
    (
        0.03,
        (
            (
                "K8020",
                "Calculus of gallbladder without cholecystitis without obstruction",
            ),
            (
                "57420",
                "Calculus of gallbladder without mention of cholecystitis, without mention of obstruction",
            ),
        ),
        (),
        "",
    ),
    (
        0.03,
        (
            ("E041", "Nontoxic single thyroid nodule"),
            ("2410", "Nontoxic uninodular goiter"),
        ),
        (),
        "",
    ),
    (
        0.04,
        (
            ("E538", "Deficiency of other specified B group vitamins"),
            ("2662", "Other B-complex deficiencies"),
        ),
        ("cyanocobalamin",),
        "",
    ),
    (
        0.06,
        (
            ("Z87440", "Personal history of urinary (tract) infections"),
            ("V1302", "Personal history, urinary (tract) infection"),
        ),
        (),
        "",
    ),
    (
        0.04,
        (
            ("Z8701", "Personal history of pneumonia (recurrent)"),
            ("V1261", "Personal history of pneumonia (recurrent)"),
        ),
        (),
        "",
    ),
    (
        0.08,
        (
            (
                "Z8249",
                "Family history of ischemic heart disease and other diseases of the circulatory system",
            ),
            ("V173", "Family history of ischemic heart disease"),
        ),
        (),
        "",
    ),
    (
        0.05,
        (
            ("Z800", "Family history of malignant neoplasm of digestive organs"),
            ("V160", "Family history of malignant neoplasm of gastrointestinal tract"),
        ),
        (),
        "",
    ),
    (
        0.04,
        (
            ("Z803", "Family history of malignant neoplasm of breast"),
            ("V163", "Family history of malignant neoplasm of breast"),
        ),
        (),
        "",
    ),
    (
        0.06,
        (
            ("Z833", "Family history of diabetes mellitus"),
            ("V180", "Family history of diabetes mellitus"),
        ),
        (),
        "",
    ),
    (
        0.06,
        (
            ("Z8546", "Personal history of malignant neoplasm of prostate"),
            ("V1046", "Personal history of malignant neoplasm of prostate"),
        ),
        (),
        "M",
    ),
    (
        0.06,
        (
            ("Z853", "Personal history of malignant neoplasm of breast"),
            ("V103", "Personal history of malignant neoplasm of breast"),
        ),
        ("anastrozole",),
        "F",
    ),
    (
        0.06,
        (
            ("R32", "Unspecified urinary incontinence"),
            ("78830", "Urinary incontinence, unspecified"),
        ),
        ("oxybutynin",),
        "",
    ),
    (
        0.04,
        (("R42", "Dizziness and giddiness"), ("7804", "Dizziness and giddiness")),
        ("meclizine",),
        "",
    ),
    (
        0.02,
        (("G20", "Parkinson's disease"), ("3320", "Paralysis agitans")),
        ("carbidopa_levodopa",),
        "",
    ),
    (
        0.05,
        (
            ("R2689", "Other abnormalities of gait and mobility"),
            ("7812", "Abnormality of gait"),
        ),
        (),
        "",
    ),
    (0.03, (("B351", "Tinea unguium"), ("1101", "Dermatophytosis of nail")), (), ""),
)
"""Background comorbidities of a patient that move no modelled lab or score: (prevalence
weight, code, home drug alternatives, sex or ""). Drawn once per patient (a history does not vanish
between admissions), as many as the demo's diagnoses per admission call for
(``patient.background_history``), each coded in an admission at ``BACKGROUND_CODED``; one of its
home drugs is taken in ``BACKGROUND_TREATED`` of patients. Codes and titles are the public
ICD-10-CM / ICD-9-CM ones; drugs are first-line symptomatic or disease treatments (e.g. a statin
for hyperlipidaemia, ACC/AHA 2018; a PPI or H2 blocker for GERD, ACG 2022; a prostaglandin
analogue for open-angle glaucoma, AAO 2020)."""
BACKGROUND_CODED = 0.9
"""Share of a patient's background comorbidities coded in each admission (coding is incomplete)."""
THIN_CHART_CODED = 0.05
"""The same in a sparse (thin) chart: it codes the acute problem, not the history, so that
sparse infection admissions stay under the planner's richness criteria (issue #23)."""
THIN_CHART_LAB_CODED = 0.3
"""Share of lab abnormalities (``LAB_CODED``) coded in a sparse (thin) chart: discharge codes
for incidental electrolyte disorders are insensitive (ICD-9-CM hyponatraemia coded in ~30 % of
patients with Na < 130: Movig KL et al., J Clin Epidemiol 2003;56:530), and a thin chart codes the
acute problem; it keeps sparse infection admissions under the planner's "5 diagnoses" richness
criterion (issue #23: the treatment_response x L1 cell)."""
BACKGROUND_TREATED = 0.7
"""Share of treatable background comorbidities with a home drug."""
