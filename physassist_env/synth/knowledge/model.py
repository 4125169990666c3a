"""Data classes of the condition knowledge base."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LabEffect:
    """How a condition moves one lab over the admission.

    Attributes:
        low: Lowest admission (or chronic) value.
        high: Highest admission (or chronic) value.
        shape: ``resolve`` (starts at the admission value, returns to baseline with time
            constant ``tau`` days), ``peak`` (worsens for ``tau`` days, then recovers),
            ``persist`` (a chronic shift of the baseline), or ``onset`` (a drug effect:
            absent until day ``tau``, full a day later).
        tau: Time constant in days.
    """

    low: float
    high: float
    shape: str = "resolve"
    tau: float = 2.0


@dataclass(frozen=True)
class Symptoms:
    """The patient's own words for a condition, by language and health literacy.

    Attributes:
        en: English (high, medium, low literacy).
        zh: Chinese (high, medium, low literacy).
    """

    en: tuple[str, str, str]
    zh: tuple[str, str, str]


@dataclass(frozen=True)
class Imaging:
    """A radiology study typical for a condition.

    Attributes:
        exam: Exam name (first line of the report).
        findings: FINDINGS text.
        impression: IMPRESSION text.
    """

    exam: str
    findings: str
    impression: str


@dataclass(frozen=True)
class Condition:
    """One condition of the knowledge base.

    Attributes:
        key: Knowledge-base key.
        name: Clinical name (used in notes).
        system: Organ system.
        icd10: (code without dot, long title) ICD-10-CM.
        icd9: (code without dot, long title) ICD-9-CM for older admissions.
        acute: Whether it can be the principal diagnosis of an admission.
        labs: ``{itemid: LabEffect}``.
        panels: Extra lab panels (names of ``labs.PANELS``) ordered for it.
        vitals: Admission vitals ``{hr|sbp|dbp|rr|spo2|temp: (low, high)}``.
        drugs: Inpatient drug keys.
        antibiotics: Alternative antibiotic regimens (one is chosen), drug keys.
        home: Drugs continued at discharge (home medications for chronic conditions).
        culture: (specimen key, organism keys, probability positive), or None.
        comorbid: Chronic condition keys that commonly accompany it.
        imaging: Typical studies.
        los: Length of stay range (days).
        icu: Probability of an ICU stay.
        confusion: Probability of new confusion at admission (GCS < 15).
        procedures: ICD-10-PCS (code, title) typically done.
        symptoms: Lay descriptions (EN/ZH x literacy).
        chief_complaint: Chief complaint (clinician wording).
        course: One-paragraph hospital course template.
        scores: Clinical scores meant to be computable (CURB-65, CHA2DS2-VASc, SOFA,
            Child-Pugh, CrCl).
        service: MIMIC ``services.curr_service`` (MED, CMED, NMED, SURG, ...).
    """

    key: str
    name: str
    system: str
    icd10: tuple[str, str]
    icd9: tuple[str, str]
    acute: bool
    symptoms: Symptoms
    chief_complaint: str = ""
    labs: dict[int, LabEffect] = field(default_factory=dict)
    panels: tuple[str, ...] = ()
    vitals: dict[str, tuple[float, float]] = field(default_factory=dict)
    drugs: tuple[str, ...] = ()
    antibiotics: tuple[tuple[str, ...], ...] = ()
    home: tuple[str, ...] = ()
    culture: tuple[str, tuple[str, ...], float] | None = None
    comorbid: tuple[str, ...] = ()
    imaging: tuple[Imaging, ...] = ()
    los: tuple[int, int] = (2, 5)
    icu: float = 0.0
    confusion: float = 0.0
    procedures: tuple[tuple[str, str], ...] = ()
    course: str = ""
    scores: tuple[str, ...] = ()
    service: str = "MED"
