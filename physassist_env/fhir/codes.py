"""Code systems and the few terminology maps the project ships.

System URIs for MIMIC's own vocabularies follow the MIMIC-IV-on-FHIR implementation
guide, so records built from the MIMIC-IV tables and records imported from
MIMIC-IV-on-FHIR use the same systems.
"""

from __future__ import annotations

LOINC = "http://loinc.org"
SNOMED = "http://snomed.info/sct"
ICD9_CM = "http://hl7.org/fhir/sid/icd-9-cm"
ICD10_CM = "http://hl7.org/fhir/sid/icd-10-cm"
ICD10_PCS = "http://www.cms.gov/Medicare/Coding/ICD10"
NDC = "http://hl7.org/fhir/sid/ndc"
UCUM = "http://unitsofmeasure.org"

MIMIC = "http://mimic.mit.edu/fhir/mimic/CodeSystem/"
MIMIC_LABITEMS = MIMIC + "mimic-d-labitems"
MIMIC_ITEMS = MIMIC + "mimic-d-items"
MIMIC_ORGANISM = MIMIC + "mimic-microbiology-organism"
MIMIC_ANTIBIOTIC = MIMIC + "mimic-microbiology-antibiotic"
MIMIC_MICRO_TEST = MIMIC + "mimic-microbiology-test"
MIMIC_MEDICATION_NAME = MIMIC + "mimic-medication-name"
MIMIC_ROUTE = MIMIC + "mimic-medication-route"
MIMIC_FREQUENCY = MIMIC + "mimic-medication-frequency"
MIMIC_OMR = MIMIC + "mimic-omr-result-name"
MIMIC_NOTE_TYPE = MIMIC + "mimic-note-type"

OBSERVATION_CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
INTERPRETATION = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
CONDITION_CLINICAL = "http://terminology.hl7.org/CodeSystem/condition-clinical"
CONDITION_VERIFICATION = "http://terminology.hl7.org/CodeSystem/condition-ver-status"
CONDITION_CATEGORY = "http://terminology.hl7.org/CodeSystem/condition-category"
ACT_CODE = "http://terminology.hl7.org/CodeSystem/v3-ActCode"
FLAG_CATEGORY = "http://terminology.hl7.org/CodeSystem/flag-category"
DIAGNOSTIC_SERVICE = "http://terminology.hl7.org/CodeSystem/v2-0074"
ALLERGY_CLINICAL = "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical"
DOC_TYPE = LOINC

# MIMIC-IV hosp/d_labitems itemid -> (LOINC code, LOINC short name). Only well-known,
# unambiguous mappings of common inpatient tests; everything else keeps the MIMIC code.
LAB_LOINC: dict[int, tuple[str, str]] = {
    50802: ("11555-0", "Base excess in Blood"),
    50804: ("34728-6", "Bicarbonate [Moles/volume] in Blood"),
    50809: ("2339-0", "Glucose [Mass/volume] in Blood"),
    50811: ("718-7", "Hemoglobin [Mass/volume] in Blood"),
    50813: ("2524-7", "Lactate [Moles/volume] in Serum or Plasma"),
    50818: ("2019-8", "Carbon dioxide [Partial pressure] in Arterial blood"),
    50820: ("2744-1", "pH of Arterial blood"),
    50821: ("2703-7", "Oxygen [Partial pressure] in Arterial blood"),
    50822: ("6298-4", "Potassium [Moles/volume] in Blood"),
    50824: ("2947-0", "Sodium [Moles/volume] in Blood"),
    50852: ("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood"),
    50861: (
        "1742-6",
        "Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma",
    ),
    50862: ("1751-7", "Albumin [Mass/volume] in Serum or Plasma"),
    50863: (
        "6768-6",
        "Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma",
    ),
    50867: ("1798-8", "Amylase [Enzymatic activity/volume] in Serum or Plasma"),
    50868: ("33037-3", "Anion gap in Serum or Plasma"),
    50878: (
        "1920-8",
        "Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma",
    ),
    50882: ("1963-8", "Bicarbonate [Moles/volume] in Serum or Plasma"),
    50885: ("1975-2", "Bilirubin.total [Mass/volume] in Serum or Plasma"),
    50889: ("1988-5", "C reactive protein [Mass/volume] in Serum or Plasma"),
    50893: ("17861-6", "Calcium [Mass/volume] in Serum or Plasma"),
    50902: ("2075-0", "Chloride [Moles/volume] in Serum or Plasma"),
    50904: ("2085-9", "Cholesterol in HDL [Mass/volume] in Serum or Plasma"),
    50905: (
        "13457-7",
        "Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation",
    ),
    50907: ("2093-3", "Cholesterol [Mass/volume] in Serum or Plasma"),
    50910: ("2157-6", "Creatine kinase [Enzymatic activity/volume] in Serum or Plasma"),
    50912: ("2160-0", "Creatinine [Mass/volume] in Serum or Plasma"),
    50924: ("2276-4", "Ferritin [Mass/volume] in Serum or Plasma"),
    50952: ("2498-4", "Iron [Mass/volume] in Serum or Plasma"),
    50953: ("2500-7", "Iron binding capacity [Mass/volume] in Serum or Plasma"),
    50931: ("2345-7", "Glucose [Mass/volume] in Serum or Plasma"),
    50954: (
        "2532-0",
        "Lactate dehydrogenase [Enzymatic activity/volume] in Serum or Plasma",
    ),
    50956: ("3040-3", "Lipase [Enzymatic activity/volume] in Serum or Plasma"),
    50960: ("19123-9", "Magnesium [Mass/volume] in Serum or Plasma"),
    50963: (
        "33762-6",
        "Natriuretic peptide.B prohormone N-Terminal [Mass/volume] in Serum or Plasma",
    ),
    50970: ("2777-1", "Phosphate [Mass/volume] in Serum or Plasma"),
    50971: ("2823-3", "Potassium [Moles/volume] in Serum or Plasma"),
    50976: ("2885-2", "Protein [Mass/volume] in Serum or Plasma"),
    50983: ("2951-2", "Sodium [Moles/volume] in Serum or Plasma"),
    50993: ("3016-3", "Thyrotropin [Units/volume] in Serum or Plasma"),
    51000: ("2571-8", "Triglyceride [Mass/volume] in Serum or Plasma"),
    51003: ("6598-7", "Troponin T.cardiac [Mass/volume] in Serum or Plasma"),
    51006: ("3094-0", "Urea nitrogen [Mass/volume] in Serum or Plasma"),
    51009: ("20578-1", "Vancomycin [Mass/volume] in Serum or Plasma"),
    51214: ("3255-7", "Fibrinogen [Mass/volume] in Platelet poor plasma"),
    51221: ("4544-3", "Hematocrit [Volume Fraction] of Blood"),
    51222: ("718-7", "Hemoglobin [Mass/volume] in Blood"),
    51237: ("6301-6", "INR in Platelet poor plasma by Coagulation assay"),
    51244: ("736-9", "Lymphocytes/100 leukocytes in Blood"),
    51248: ("785-6", "MCH [Entitic mass]"),
    51249: ("786-4", "MCHC [Mass/volume]"),
    51250: ("787-2", "MCV [Entitic volume]"),
    51256: ("770-8", "Neutrophils/100 leukocytes in Blood"),
    51265: ("777-3", "Platelets [#/volume] in Blood"),
    51274: ("5902-2", "Prothrombin time (PT)"),
    51275: ("3173-2", "aPTT in Blood by Coagulation assay"),
    51277: ("788-0", "Erythrocyte distribution width [Ratio]"),
    51279: ("789-8", "Erythrocytes [#/volume] in Blood"),
    51301: ("6690-2", "Leukocytes [#/volume] in Blood"),
}

# MIMIC-IV icu/d_items chartevents itemid -> (LOINC code, name) for vital signs.
VITAL_LOINC: dict[int, tuple[str, str]] = {
    220045: ("8867-4", "Heart rate"),
    220210: ("9279-1", "Respiratory rate"),
    220277: ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
    223761: ("8310-5", "Body temperature"),
    223762: ("8310-5", "Body temperature"),
    220179: ("8480-6", "Systolic blood pressure"),
    220180: ("8462-4", "Diastolic blood pressure"),
    220181: ("8478-0", "Mean blood pressure"),
    220050: ("8480-6", "Systolic blood pressure"),
    220051: ("8462-4", "Diastolic blood pressure"),
    220052: ("8478-0", "Mean blood pressure"),
    220739: ("9267-6", "Glasgow coma score eye opening"),
    223900: ("9270-0", "Glasgow coma score verbal"),
    223901: ("9268-4", "Glasgow coma score motor"),
    226512: ("29463-7", "Body weight"),
    224639: ("29463-7", "Body weight"),
    226730: ("8302-2", "Body height"),
    223835: ("3150-0", "Inhaled oxygen concentration"),
}

# MIMIC-IV hosp/omr result_name -> (LOINC code, name, UCUM unit) for outpatient vitals.
OMR_LOINC: dict[str, tuple[str, str, str]] = {
    "Blood Pressure": ("85354-9", "Blood pressure panel", "mm[Hg]"),
    "Blood Pressure Sitting": ("85354-9", "Blood pressure panel", "mm[Hg]"),
    "Blood Pressure Standing": ("85354-9", "Blood pressure panel", "mm[Hg]"),
    "Blood Pressure Lying": ("85354-9", "Blood pressure panel", "mm[Hg]"),
    "Weight (Lbs)": ("29463-7", "Body weight", "[lb_av]"),
    "Weight": ("29463-7", "Body weight", "[lb_av]"),
    "Height (Inches)": ("8302-2", "Body height", "[in_i]"),
    "Height": ("8302-2", "Body height", "[in_i]"),
    "BMI (kg/m2)": ("39156-5", "Body mass index", "kg/m2"),
    "BMI": ("39156-5", "Body mass index", "kg/m2"),
    "eGFR": (
        "62238-1",
        "Glomerular filtration rate/1.73 sq M.predicted",
        "mL/min/{1.73_m2}",
    ),
}
SYSTOLIC_LOINC = "8480-6"
DIASTOLIC_LOINC = "8462-4"
