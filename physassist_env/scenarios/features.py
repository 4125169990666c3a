"""What an admission offers a session: lab series, orders, antibiotics, cultures, scores.

:func:`admission_facts` reads one admission through a date-gated :class:`EhrView`, so
everything the planner reasons about is exactly what the agent can see at the
session's current date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from physassist_env.clinical import glycaemia, renal
from physassist_env.clinical.antithrombotic import line_heparin
from physassist_env.clinical.bleeding import (
    ANTICOAGULANT_ADVERSE_CODES,
    HB_FALL,
    HB_FALL_HOURS,
    coded_bleed,
    haemoglobin_fall,
)
from physassist_env.clinical.course import direction as course_direction
from physassist_env.clinical.course import large_change, side, turning_point
from physassist_env.clinical.discharge import (
    discharge_list,
    drug_key,
    extended_prophylaxis,
    prn_reconciled,
    repletion_only,
)
from physassist_env.clinical.doses import count_doses
from physassist_env.clinical.infection import is_culture
from physassist_env.clinical.specimen import (
    contaminated_glucose,
    contradicted_creatinine,
    contradicted_potassium,
    decision_index,
    implausible,
    spurious,
    whole_blood,
)
from physassist_env.clinical.surgery import SURGERY_KINDS, is_cabg, surgery_kind
from physassist_env.ehr.index import Entry
from physassist_env.ehr.store import EhrView, StoreView
from physassist_env.fhir import codes
from physassist_env.scenarios.vocab import (
    LABS,
    SAFETY_PAIRS,
    Lab,
    SafetyPair,
    antibiotic_of,
    drug_class_of,
)
from physassist_env.vocab.diagnoses import allergy_zh
from physassist_env.vocab.frequencies import doses_per_day
from physassist_env.vocab.microbiology import (
    finding_zh,
    no_significant_growth,
    organism_zh,
)

#: Resource kinds a topic may need (``topics.base.requires``) and a record is counted by
#: (:func:`record_kinds`): kind -> (resource type, Observation category or None).
RESOURCE_KINDS: dict[str, tuple[str, str | None]] = {
    "lab": ("Observation", "laboratory"),
    "vital": ("Observation", "vital-signs"),
    "survey": ("Observation", "survey"),
    "microbiology": ("Observation", "microbiology"),
    "condition": ("Condition", None),
    "order": ("MedicationRequest", None),
    "administration": ("MedicationAdministration", None),
    "allergy": ("AllergyIntolerance", None),
    "procedure": ("Procedure", None),
    "report": ("DiagnosticReport", None),
    "note": ("DocumentReference", None),
    "encounter": ("Encounter", None),
    "immunization": ("Immunization", None),
}

SNOMED = "http://snomed.info/sct"
#: ICD-10-CM equivalents of SNOMED CT disorders common in encounter-based exports
#: (Synthea), for the ICD-based checks of scores and cautions. Source: the NLM SNOMED CT
#: to ICD-10-CM map (SNOMED CT US Edition, https://www.nlm.nih.gov/research/umls/mapping_projects/snomedct_to_icd10cm.html).
SNOMED_TO_ICD10: dict[str, str] = {
    "44054006": "E11.9",  # diabetes mellitus type 2
    "46635009": "E10.9",  # diabetes mellitus type 1
    "38341003": "I10",  # hypertensive disorder
    "59621000": "I10",  # essential hypertension
    "49436004": "I48.91",  # atrial fibrillation
    "88805009": "I50.9",  # chronic congestive heart failure
    "84114007": "I50.9",  # heart failure
    "22298006": "I21.9",  # myocardial infarction
    "399211009": "I25.2",  # history of myocardial infarction
    "53741008": "I25.10",  # coronary arteriosclerosis
    "230690007": "I63.9",  # cerebrovascular accident
    "266257000": "G45.9",  # transient ischaemic attack
    "399957001": "I73.9",  # peripheral arterial occlusive disease
    "13645005": "J44.9",  # chronic obstructive lung disease
    "195967001": "J45.909",  # asthma
    "233604007": "J18.9",  # pneumonia
    "195662009": "J02.9",  # acute viral pharyngitis
    "10509002": "J20.9",  # acute bronchitis
    "40055000": "J32.9",  # chronic sinusitis
    "444814009": "J01.90",  # viral sinusitis
    "431855005": "N18.1",  # chronic kidney disease stage 1
    "431856006": "N18.2",  # chronic kidney disease stage 2
    "433144002": "N18.3",  # chronic kidney disease stage 3
    "91302008": "A41.9",  # sepsis
}


@dataclass(frozen=True)
class LabPoint:
    """One lab value."""

    time: str
    value: float
    unit: str
    flag: str  # H, L, A, N or ""
    note: str = ""  # the laboratory's comment ("Hemolysis falsely elevates this test.")
    #: Measured on whole blood (a blood gas analyser), not serum or plasma
    #: (:func:`physassist_env.clinical.specimen.whole_blood`).
    whole_blood: bool = False
    #: The upper bound of the observation's own reference range (FHIR
    #: ``referenceRange[0].high``), None when the record gives none: an answer naming
    #: the upper limit names this laboratory's, not a textbook one (round 15b).
    ref_high: float | None = None


@dataclass
class LabSeries:
    """A lab's values during the admission, oldest first."""

    lab: Lab
    points: list[LabPoint]

    @property
    def latest(self) -> LabPoint:
        """The newest value."""
        return self.points[-1]

    #: Times of results from a contaminated draw
    #: (:func:`physassist_env.clinical.specimen.contaminated_glucose`), set when the
    #: admission's series are read together.
    contaminated: frozenset[str] = frozenset()
    #: Lowercased names of the drugs ordered or given this admission (None until the
    #: admission's orders are read): a comment naming an interfering drug the patient
    #: never had is no reason to leave a value out (clinical.specimen.drug_not_taken).
    exposures: frozenset[str] | None = None

    @property
    def reliable(self) -> list[LabPoint]:
        """The points a trend or an extreme reads: without results the laboratory marked
        haemolysed for an analyte haemolysis raises (a haemolysed potassium of 4.2 is no
        start of a course from 2.7: :func:`physassist_env.clinical.specimen.spurious`)
        and without results of a contaminated draw (:attr:`contaminated`); all points
        when every one is so marked."""
        kept = [
            p
            for p in self.points
            if not spurious(self.lab.key, p.note, self.exposures)
            and not implausible(self.lab.key, p.value, p.unit)
            and p.time not in self.contaminated
        ]
        return kept or self.points

    @property
    def spurious_points(self) -> list[LabPoint]:
        """Points left out of :attr:`reliable` (haemolysed), oldest first."""
        kept = self.reliable
        return [p for p in self.points if p not in kept]

    @property
    def decision_point(self) -> LabPoint | None:
        """The value a repletion or treatment order reads
        (:func:`physassist_env.clinical.specimen.decision_index`): the latest, or, when
        the latest is a whole-blood (blood gas) value, the newest serum or plasma value
        of the 12 h before it; None when a serum repeat is needed first."""
        i = decision_index([(p.time, p.whole_blood) for p in self.points])
        return None if i is None else self.points[i]

    @property
    def first(self) -> LabPoint:
        """The oldest reliable value in the admission (:attr:`reliable`)."""
        return self.reliable[0]

    @property
    def lowest(self) -> LabPoint:
        """The lowest value of the admission so far (a nadir between first and latest);
        at the same value a laboratory (serum or plasma) result is cited before a
        whole-blood one (round 8b: CLSI C46-A2, the laboratory value confirms)."""
        return min(self.reliable, key=lambda p: (p.value, p.whole_blood))

    @property
    def highest(self) -> LabPoint:
        """The highest reliable value of the admission so far, a laboratory result before
        a whole-blood one of the same value (:attr:`lowest`)."""
        return max(self.reliable, key=lambda p: (p.value, not p.whole_blood))

    def excursions(self) -> list[tuple[str, LabPoint]]:
        """Extremes a trend from first to latest would hide: ``("lowest", nadir)`` and/or
        ``("highest", peak)`` when that value lies between the two ends in time, beyond
        both by more than the trend's step (10% or one reporting step), and is flagged
        abnormal in that direction by the laboratory (a dip within the reference range is
        not clinically relevant).

        A clinically large change of the analyte (:data:`~physassist_env.clinical.course.LARGE_CHANGE`)
        counts as beyond the step too.

        "WBC 4.3 -> 3.6" is not the course of a patient whose count fell to 2.0 in between:
        the nadir (neutropenia, bleeding) or the peak (an AKI that resolved) must be said.
        """
        if len(self.points) < 3:
            return []
        a, b = self.first.value, self.latest.value
        step = max(max(abs(a), abs(b)) * 0.1, 10**-self.lab.decimals)
        inner = [
            p for p in self.reliable if p is not self.first and p is not self.latest
        ]
        if not inner:
            return []
        out: list[tuple[str, LabPoint]] = []
        low = min(inner, key=lambda p: (p.value, p.whole_blood))
        # beyond both ends by a step, or by a clinically large change of the analyte
        # (a sodium nadir 10 mmol/L below both ends: clinical.course.LARGE_CHANGE)
        key = self.lab.key
        if (
            min(a, b) - low.value > step or large_change(key, low.value, min(a, b)) > 0
        ) and low.flag in ("L", "LL", "A"):
            out.append(("lowest", low))
        high = max(inner, key=lambda p: (p.value, not p.whole_blood))
        if (
            high.value - max(a, b) > step
            or large_change(key, max(a, b), high.value) > 0
        ) and high.flag in ("H", "HH", "A"):
            out.append(("highest", high))
        return out

    @property
    def turn(self) -> LabPoint | None:
        """The last turning point of the reliable values (a peak or nadir the series left,
        or has stayed level at since; :func:`physassist_env.clinical.course.turning_point`),
        None when the series has kept one direction from its first value."""
        pts = self.course_points
        i = turning_point(
            [p.value for p in pts], self.lab.decimals, self.lab.key, _hours(pts)
        )
        return pts[i] if i is not None else None

    @property
    def turn_kind(self) -> str:
        """``"highest"`` when :attr:`turn` is the series' peak, ``"lowest"`` when it is
        its nadir, ``""`` for a turning point between them (a local one: "peak" or
        "nadir" would name a value it is not) or none."""
        turn = self.turn
        if turn is None:
            return ""
        values = [p.value for p in self.course_points]
        if turn.value >= max(values):
            return "highest"
        if turn.value <= min(values):
            return "lowest"
        return ""

    @property
    def course_points(self) -> list[LabPoint]:
        """The points a course is read from: :attr:`reliable`, and the latest value
        (what the trend ends at) even when it is itself haemolysed."""
        pts = self.reliable
        return pts if self.latest in pts else [*pts, self.latest]

    def trend(self) -> str:
        """``rising``, ``falling`` or ``stable``: the recent course, from the last turning
        point (:attr:`turn`) or the first value to the latest, by more than 10% or one
        reporting step (:func:`physassist_env.clinical.course.direction`): a haemoglobin
        that fell to a nadir and recovered is rising, not "stable" by its two ends. A
        leg that crossed into or out of the reference range (the laboratory's flags) is
        not "stable" either (:func:`physassist_env.clinical.course.crossed`; round 11)."""
        pts = self.course_points
        return course_direction(
            [p.value for p in pts],
            self.lab.decimals,
            self.lab.key,
            _hours(pts),
            [side(p.flag) for p in pts],
        )


def _hours(points: list[LabPoint]) -> list[float] | None:
    """Each point's time in hours from the first, or None when one is undated."""
    if not all(p.time for p in points):
        return None
    t0 = datetime.fromisoformat(points[0].time[:19])
    return [
        (datetime.fromisoformat(p.time[:19]) - t0).total_seconds() / 3600
        for p in points
    ]


@dataclass(frozen=True)
class Baseline:
    """A pre-admission creatinine used as the KDIGO baseline.

    Attributes:
        value: mg/dL.
        time: When it was drawn.
        basis: ``"outpatient"`` (drawn outside any hospital stay), ``"earlier stay"``
            (the last value of an earlier admission, its value at discharge) or
            ``"before an earlier AKI"`` (the lowest value drawn before the peak of an
            earlier admission that ended on an unresolved AKI: :func:`creatinine_baseline`).
        tail: With ``"before an earlier AKI"``: the value the earlier admission ended on.
        tail_time: When that value was drawn.
    """

    value: float
    time: str
    basis: str
    tail: float = 0.0
    tail_time: str = ""


#: Window before the episode in which a creatinine is a baseline, days: KDIGO 2012 (2.1)
#: defines AKI against a baseline "known or presumed to have occurred within the prior 7
#: days", so a baseline predates the episode by more than 7 days and at most a year
#: (Siew ED et al., Clin J Am Soc Nephrol 2012;7:712-9: outpatient values 7-365 days
#: before admission, the most recent one).
BASELINE_DAYS = (7, 365)

#: KDIGO 2012 (2.1) ratio to the baseline that defines AKI (stage 1: 1.5-1.9x).
AKI_RATIO = 1.5


# Orders that are not a regimen a patient takes: line flushes and dwells, one-off and
# as-needed doses, and placeholder / sliding-scale orders (no fixed dose; ISMP list of
# error-prone abbreviations and Joint Commission "do not use" list for "as directed").
FLUSH = re.compile(r"\bflush\b|\bdwell\b|\block\b|\bbag\b|sodium chloride 0\.9%", re.I)
_PRN = re.compile(r"\bPRN\b", re.I)
_NOT_SCHEDULED = re.compile(
    r"\bPRN\b|\bONCE\b|\bX1\b|\bNOW\b|\bSTAT\b|ASDIR|TITRATE", re.I
)


#: Ear and eye preparations (ciprofloxacin otic drops, an ophthalmic ointment): their
#: administrations are not systemic doses of the drug (a course of oral ciprofloxacin is
#: not counted with ear drops).
EAR_EYE = re.compile(r"\b(otic|ophth\w*|opth\w*|eye drops?|ear drops?)\b", re.I)


@dataclass
class MedOrder:
    """A medication order visible at the current date.

    Attributes:
        placeholder: Why the order's dose is not a dose fact (``"sliding scale"``,
            ``"dose per prescriber"``, ``"no dose"``; see
            ``sources.mimic.convert.placeholder_dose``), ``""`` for a real dose. A
            placeholder order has ``dose=None``.
        hadm_id: The admission the order belongs to (``""`` if unknown).
    """

    id: str
    name: str
    generic: str | None
    dose: float | None
    dose_unit: str
    route: str
    frequency: str
    status: str
    start: str
    end: str
    placeholder: str = ""
    hadm_id: str = ""
    #: The order ended because a modified order replaced it (MIMIC-IV "Inactive (Due to
    #: a change order)"): the drug itself goes on.
    changed: bool = False
    #: A dose written as a range ("5-10 mg", FHIR ``doseRange``): (low, high) in
    #: ``dose_unit``; ``dose`` stays None (no single dose is a fact). Round 8.
    dose_range: tuple[float, float] | None = None

    @property
    def flush(self) -> bool:
        """A line flush, dwell or carrier bag, not a medicine; a heparin flush, lock or
        circuit dose by its name or route
        (:func:`~physassist_env.clinical.antithrombotic.line_heparin`)."""
        return bool(FLUSH.search(self.name)) or line_heparin(self.name, self.route)

    @property
    def scheduled(self) -> bool:
        """A regular regimen: a real dose on a fixed schedule (not PRN, once, as directed)."""
        return (
            self.dose is not None
            and not self.placeholder
            and not self.flush
            and bool(self.frequency)
            and not _NOT_SCHEDULED.search(self.frequency)
        )


@dataclass
class AdmissionFacts:
    """Everything the planner needs about one admission at one date."""

    patient_id: str
    hadm_id: str
    #: Start of the episode of care: the earliest of the admission, the encounters that
    #: are part of it (the emergency-department stay it came through) and the laboratory
    #: results it references (:func:`episode_start`). "Since admission" windows start on
    #: its day, so the ED results of the evening before ``admittime`` are this
    #: admission's first values.
    start: str
    end: str
    current_date: str
    age: int | None
    female: bool
    weight_kg: float | None
    labs: dict[str, LabSeries] = field(default_factory=dict)
    #: The latest recorded height (cm), None when none (round 15: Cockcroft-Gault's
    #: adjusted body weight in obesity, clinical.scores.dosing_weight).
    height_cm: float | None = None
    orders: list[MedOrder] = field(default_factory=list)
    given: dict[str, int] = field(
        default_factory=dict
    )  # generic drug -> doses administered
    antibiotics: list[str] = field(
        default_factory=list
    )  # generic names given or ordered
    cultures: list[dict[str, Any]] = field(default_factory=list)
    conditions: list[tuple[str, str]] = field(default_factory=list)  # (code, title)
    n_lab_rows: int = 0
    allergies: list[str] = field(default_factory=list)
    #: Recorded adverse drug reactions (AllergyIntolerance of type ``intolerance``: an
    #: ICD "adverse effect of <drug>" code), never called allergies (see ``allergies``).
    intolerances: list[str] = field(default_factory=list)
    has_notes: bool = False
    #: Whether the source keeps an allergy list for this patient (:func:`keeps_allergy_list`):
    #: where it does not, "no allergy recorded" is no answer (an absence the source could
    #: not have filled), so the bare allergy question is not asked (issue #36). Set by the
    #: planner from the whole record; True for facts built without it.
    allergy_list: bool = True
    pairs: list[tuple[SafetyPair, MedOrder, LabSeries]] = field(default_factory=list)
    #: Every Condition known at the current date, this and earlier admissions:
    #: (code, title, hadm_id). Scores use it (a risk factor coded last year counts).
    history: list[tuple[str, str, str]] = field(default_factory=list)
    #: Generic drug -> why it is taken at home (see :func:`home_drugs`).
    home: dict[str, str] = field(default_factory=dict)
    #: The admission ended with the patient discharged alive (generator-side: the
    #: planner sets it from the full record, it is never shown to the agent).
    discharged_alive: bool = True
    #: Where the patient goes at discharge (``planner.discharge_disposition``: the plan
    #: the team knows, generator-side, never shown to the agent), ``""`` if unknown.
    discharge_disposition: str = ""
    #: Conditions (code, title) recorded on or after the episode's start for another
    #: encounter: the diagnoses of the stay this admission continues (an observation
    #: stay that became this admission), principal first. This admission's own codes
    #: are written at its discharge, so before then these say what it is for.
    continued: list[tuple[str, str]] = field(default_factory=list)
    #: Code -> recordedDate of this episode's conditions (:attr:`conditions`,
    #: :attr:`continued`): when each was known, what
    #: :func:`physassist_env.clinical.bleeding.coded_bleed` reads (round 14).
    recorded: dict[str, str] = field(default_factory=dict)
    #: Culture / result rows reported as cancelled or credited (never results).
    cancelled_tests: int = 0
    #: Resources of each :data:`RESOURCE_KINDS` kind in the patient's record as visible
    #: at the current date (what ``topics.base.requires`` checks).
    kinds: dict[str, int] = field(default_factory=dict)
    #: No laboratory Observation (other than microbiology) during this encounter up to
    #: the current date, or none in the record at all: orders are the patient's active
    #: medication list, read with the frequencies exports write (coded,
    #: ``Timing.repeat``), and conditions include the active problem list
    #: (encounter-based records such as Synthea or outpatient exports).
    encounter_based: bool = False
    #: ICD-10-CM equivalents of non-ICD condition codes (:data:`SNOMED_TO_ICD10`).
    icd: dict[str, str] = field(default_factory=dict)
    #: The Encounter's class code (``IMP``, ``EMER``, ``AMB``, ...; :func:`encounter_class`).
    encounter_class: str = ""
    #: Vital-sign series visible at the current date, read for encounter-based records
    #: only (``scenarios.vitals.vital_series``; the lab-free topics use them).
    vitals: dict[str, Any] = field(default_factory=dict)
    #: Invasive ventilation the patient is on at the current date, as the record names
    #: it (:func:`ventilated_in_record`), ``""`` if none: nothing is given by mouth.
    ventilated: str = ""
    #: The admission's own start (``Encounter.period.start``, MIMIC ``admittime``);
    #: ``start`` is the episode's, which may be earlier.
    admitted: str = ""
    #: The pre-admission creatinine baseline (:func:`creatinine_baseline`), or None.
    baseline_creatinine: Baseline | None = None
    #: Creatinine values (mg/dL) of the 7 days before the episode, oldest first (an
    #: earlier admission, an ED visit or clinic draw): the start of the KDIGO window of
    #: the episode's first readings (:func:`creatinine_before`).
    creatinine_before: list[LabPoint] = field(default_factory=list)
    #: Renal replacement therapy the record shows by the current date
    #: (:func:`dialysis_in_record`), or None.
    dialysis: Dialysis | None = None
    #: The episode's operation known by the current date
    #: (:func:`surgery_in_episode`), or None.
    surgery: Surgery | None = None
    #: The record holds ward medication administrations (eMAR) for this admission, not
    #: only ICU ones: without them a "last dose" is the last *recorded* one.
    ward_administrations: bool = True
    #: Generic drugs with a dose charted not given this admission (eMAR "Not Given",
    #: "Hold Dose": FHIR status ``not-done``) and none given.
    not_given: set[str] = field(default_factory=set)
    #: Generic drug -> the time of its latest administration this admission (ISO text):
    #: what :meth:`receiving` reads as running at the session time.
    last_given: dict[str, str] = field(default_factory=dict)
    #: ICU stays of this admission visible at the current date (``(start, end)``, ISO
    #: text to the second; ``end`` empty while the stay runs): Encounters ``partOf`` the
    #: admission that are not its emergency-department stay (MIMIC-IV ``icustays``).
    icu_periods: list[tuple[str, str]] = field(default_factory=list)

    def ward_time_after(self, when: str) -> bool:
        """Whether the patient spent time outside the ICU between ``when`` and the end of
        the current day (or the admission's end, if earlier): only then can a dose given
        on the ward after ``when`` be missing from a record that holds ICU doses only."""
        t = when.replace(" ", "T")[:19]
        stop = f"{self.current_date}T23:59:59"
        if self.end and self.end[:19] < stop:
            stop = self.end[:19]
        for start, end in sorted(self.icu_periods):
            if start[:19] > t:
                return True  # a gap on the ward before this stay began
            t = max(t, end[:19] if end else stop)
            if t >= stop:
                return False
        return t < stop

    def active_orders(self) -> list[MedOrder]:
        """Orders still active at the current date."""
        return [o for o in self.orders if o.status == "active"]

    def has_condition(self, *prefixes: str) -> bool:
        """Whether any ICD code of the admission starts with one of ``prefixes``."""
        heads = tuple(prefixes)
        return any(
            self.icd.get(code, code).upper().startswith(heads)
            for code, _ in self.conditions
        )

    def bleeding_coded(self, anticoagulant_adverse: bool = True) -> bool:
        """Whether this admission codes active or recent bleeding
        (:func:`physassist_env.clinical.bleeding.is_bleeding_code`: microscopic haematuria
        is not bleeding), or, with ``anticoagulant_adverse``, an adverse effect of an
        anticoagulant (:data:`~physassist_env.clinical.bleeding.ANTICOAGULANT_ADVERSE_CODES`)."""
        if self.coded_bleed() is not None:
            return True
        return anticoagulant_adverse and self.has_condition(
            *ANTICOAGULANT_ADVERSE_CODES
        )

    def coded_bleed(self) -> str | None:
        """The first bleeding code of this episode known at the current date, by the one
        rule the grader's harm check reads too
        (:func:`physassist_env.clinical.bleeding.coded_bleed`; microscopic haematuria is
        not bleeding), or None. Round 14."""
        # the codes are this episode's by their encounter and known at the session by
        # the date-gated view: no window narrows them (the grader's window is its proxy
        # for "this admission"; a topic that read fewer would resume what it calls harm)
        return coded_bleed(self.episode_codes(), "", "")

    def episode_codes(self) -> list[tuple[str, str]]:
        """(ICD code, recordedDate or ``""``) of this episode's conditions known at the
        current date: this admission's and those of a stay it continues."""
        return [
            (self.icd.get(c, c), self.recorded.get(c, ""))
            for c, _ in [*self.conditions, *self.continued]
        ]

    def ever_had(self, *prefixes: str) -> bool:
        """Whether any Condition known at the current date (any admission) matches."""
        heads = tuple(p.replace(".", "") for p in prefixes)
        return any(
            self.icd.get(code, code).upper().replace(".", "").startswith(heads)
            for code, _, _ in self.history
        )

    def allergy_text(self) -> tuple[str, str]:
        """(EN, ZH) allergy statement: the recorded allergies, or that none is recorded,
        followed by any recorded adverse drug reaction named as such.

        An empty allergy list means nothing was recorded, not that the patient has no
        allergies ("no known allergies" is a clinical statement someone must make). An
        ICD "adverse effect of <drug>" code says the drug caused a reaction, not its type:
        neither an allergy status (Z88) nor a non-immune intolerance (ICD-10-CM Official
        Guidelines I.C.19.e.5.a).
        """
        found = [a for a in self.allergies if a]
        if found:
            zh = dict.fromkeys(allergy_zh(a) or a for a in found)
            en_text, zh_text = ", ".join(found), "、".join(zh)
        elif not self.allergy_list:
            # a source without an allergy list (:func:`keeps_allergy_list`): the history is
            # the patient's to give, not an absence to report (NPSG.03.06.01)
            en_text = "this record keeps no allergy list; take the allergy history from the patient"
            zh_text = "本病历无过敏记录表，需向患者询问过敏史"
        else:
            en_text, zh_text = "no allergy recorded", "未记录过敏史"
        adverse = [a for a in self.intolerances if a]
        if adverse:
            zh_adverse = dict.fromkeys(allergy_zh(a) or "药物不良反应" for a in adverse)
            en_text += (
                "; coded adverse effect of a drug (reaction type not coded): "
                + ", ".join(adverse)
            )
            zh_text += "；另有编码记录的药物不良反应（未注明反应类型）：" + "、".join(
                zh_adverse
            )
        return en_text, zh_text

    def going_home_orders(self) -> list[MedOrder]:
        """Active orders a discharge medication list may name: scheduled regimens and
        as-needed opioids and benzodiazepines (:func:`~physassist_env.clinical.discharge
        .prn_reconciled`: decided explicitly at discharge), no flushes, one-off or other
        as-needed doses, placeholder or sliding-scale orders, no
        inpatient-only orders (heparin, prophylactic LMWH outside arthroplasty and
        hip-fracture surgery, diluents, infusions), one per drug
        (:func:`physassist_env.clinical.discharge.discharge_list`)."""
        return self._discharge_list(repletion=False)

    def repletion_orders(self) -> list[MedOrder]:
        """The running potassium and phosphate repletions a discharge list leaves off
        (:func:`~physassist_env.clinical.discharge.repletion_only`; round 10)."""
        rows = self._discharge_list(repletion=True)
        return [o for o in rows if repletion_only(o, rows)]

    def _discharge_list(self, repletion: bool) -> list[MedOrder]:
        principal = self.conditions[0][0] if self.conditions else ""
        return discharge_list(
            (
                o
                for o in self.active_orders() + self.changed_orders()
                if o.scheduled
                or (
                    _PRN.search(o.frequency)
                    and not o.placeholder
                    and not o.flush
                    and prn_reconciled(o)
                )
            ),
            extended_prophylaxis(self.icd.get(principal, principal)),
            self.surgery is not None and self.surgery.cabg,
            repletion=repletion,
        )

    def changed_orders(self) -> list[MedOrder]:
        """Orders replaced by a modified order since the day before the current date
        whose drug has no active order visible yet (warfarin re-dosed daily: the new
        order starts tomorrow): the drug is still being given (Joint Commission
        NPSG.03.06.01: reconcile what the patient is actually on)."""
        active = {drug_key(o) for o in self.active_orders()}
        # a change order to another drug of the same class is a switch, not a second
        # drug (captopril changed to lisinopril: one ACE inhibitor goes home)
        active_classes = {
            cls[0].key
            for o in self.active_orders()
            if (cls := drug_class_of(o.name)) is not None
        }
        since = (date.fromisoformat(self.current_date) - timedelta(days=1)).isoformat()
        out: dict[str, MedOrder] = {}
        for o in self.orders:
            cls = drug_class_of(o.name)
            if cls is not None and cls[0].key in active_classes:
                continue
            if (
                o.changed
                and o.end[:10] >= since
                and drug_key(o) not in active
                and not _replacement_stopped(o, self.orders)
            ):
                if o.end >= out.get(drug_key(o), o).end:
                    out[drug_key(o)] = o
        return list(out.values())

    def cha2ds2vasc_inputs(self) -> dict[str, bool]:
        """CHA2DS2-VASc risk factors from every Condition known at the current date.

        Lip GY et al., Chest 2010;137:263-72 (the score); 2023 ACC/AHA/ACCP/HRS AF
        guideline (risk factors from the whole history, not one admission). ICD-9/10
        codes: CHF I50/I11.0/428; hypertension I10-I13/401-404; diabetes E10/E11/250;
        stroke/TIA/thromboembolism I63/I64/G45/Z86.73/433-435/V12.54; vascular disease
        (MI, PAD, aortic plaque) I21/I22/I25/I70/I73/410/412/414/440/443.
        """
        return {
            "chf": self.ever_had("I50", "I110", "428"),
            "htn": self.ever_had(
                "I10", "I11", "I12", "I13", "401", "402", "403", "404"
            ),
            "diabetes": self.ever_had("E10", "E11", "250"),
            "stroke": self.ever_had(
                "I63", "I64", "G45", "Z8673", "433", "434", "435", "V1254"
            ),
            "vascular": self.ever_had(
                "I21", "I22", "I25", "I70", "I73", "410", "412", "414", "440", "443"
            ),
        }

    def on_drug(self, generic: str) -> bool:
        """Whether the patient is on ``generic`` now: an active order or a dose given.
        An order is read by its drug (:func:`~physassist_env.scenarios.derived.drug_of`):
        a real record's order names the drug without a generic field (round 12,
        10014354-23132022 t1: rivaroxaban ordered that day was not seen, and the AF
        answer said "do not start" where the question is continue or hold)."""
        from physassist_env.scenarios.derived import drug_of

        return generic in self.given or any(
            drug_of(o) == generic for o in self.active_orders()
        )

    def receiving(self, generic: str) -> bool:
        """Whether ``generic`` is running at the session time: an active order unless
        its doses are charted not given (:attr:`not_given`; a record without ward
        administrations cannot show the doses, so the order counts), or a completed dose
        (eMAR "Administered", an ICU input) on the session day or within its dosing
        interval before it (:func:`dosing_interval_hours` of the drug's newest order,
        else 24 h). An order whose every charted dose
        was "Not Given" is not "on" the drug (ISMP/Joint Commission: the
        MAR, not the order, records what the patient received; round 15b,
        10014354-22508257 t0: "hypoglycaemia on insulin" with each sliding-scale dose
        charted not given)."""
        from physassist_env.scenarios.derived import drug_of

        live = [o for o in self.orders if drug_of(o) == generic]
        if generic not in self.not_given and any(o.status == "active" for o in live):
            return True
        # round 16: a dose given days ago under an order since stopped is no drug
        # running now; the last dose must fall within its dosing interval of the
        # session day (the newest order's schedule, else a day)
        last = self.last_given.get(generic, "")
        if not last:
            return False
        hours = 24.0
        if live:
            newest = max(live, key=lambda o: o.start)
            hours = dosing_interval_hours(newest.frequency) or hours
        since = datetime.fromisoformat(self.current_date[:10]) - timedelta(hours=hours)
        return last[:19].replace(" ", "T") >= since.isoformat()[:19]

    def culture_results(self) -> list[dict[str, Any]]:
        """The microbiology results that are cultures or report a finding
        (:func:`physassist_env.clinical.infection.is_culture`), oldest first: what
        "the cultures" of an answer rest on."""
        return [c for c in self.cultures if is_culture(c["test"], c["organism"])]

    def haemoglobin_fall(
        self, fall: float = HB_FALL, hours: int = HB_FALL_HOURS
    ) -> tuple[str, float] | None:
        """The haemoglobin (g/dL) an acute fall to the latest value started from, as
        ``(time, value)``: at least ``fall`` g/dL (2) within ``hours`` (48), ending below
        the WHO anaemia threshold
        (:func:`physassist_env.clinical.bleeding.haemoglobin_fall`), else None."""
        hb = self.labs.get("hemoglobin")
        if hb is None or "g/dl" not in hb.latest.unit.lower():
            return None
        return haemoglobin_fall(
            ((p.time, p.value) for p in hb.points), self.female, fall, hours
        )

    def anticoagulation_cautions(self) -> list[str]:
        """Reasons known at the current date to hold or question anticoagulation.

        Checked before any anticoagulation advice (2023 ACC/AHA/ACCP/HRS AF guideline:
        assess bleeding risk and active bleeding first; 2019 ESC/EACTS and CHEST 2018 AF
        guidance): active or recent bleeding coded in this admission (the codes of
        :mod:`physassist_env.clinical.bleeding`, with their sources), a coded adverse
        effect of an anticoagulant (E934.2, T45.515/T45.525, D68.32), a
        haemoglobin fall of at least 2 g/dL within 48 h to below the WHO anaemia
        threshold (ISTH major bleeding, Schulman S, Kearon C. J Thromb Haemost
        2005;3:692-4; WHO 2011), a supratherapeutic INR above 3 on warfarin (CHEST
        2012 target 2-3), and platelets below 50 K/uL.
        """
        out: list[str] = []
        code = self.coded_bleed()
        if code is not None:
            titles = {
                self.icd.get(c, c): t for c, t in [*self.conditions, *self.continued]
            }
            out.append(f"bleeding: {titles.get(code, code)}")
        if self.has_condition(*ANTICOAGULANT_ADVERSE_CODES):
            out.append("adverse effect of an anticoagulant")
        fall = self.haemoglobin_fall()
        if fall is not None:
            out.append(
                f"haemoglobin fell {fall[1]:g} -> {self.labs['hemoglobin'].latest.value:g} g/dL"
            )
        inr = self.labs.get("inr")
        if inr is not None and self.on_drug("warfarin") and inr.latest.value > 3.0:
            out.append(f"INR {inr.latest.value:g} above the 2-3 target on warfarin")
        plt = self.labs.get("platelets")
        if plt is not None and plt.latest.value < 50:
            out.append(f"platelets {plt.latest.value:g} K/uL")
        return out

    def uncovered_organisms(self, generic: str) -> list[str]:
        """Organisms grown by the current date that ``generic`` may not cover: resistant
        (R) or intermediate (I), or not on the organism's susceptibility panel.

        Antibiotic advice must fit every organism and susceptibility known at the time
        (IDSA guidance on culture-directed therapy, e.g. Kalil AC et al., Clin Infect
        Dis 2016;63:e61-e111). Generic-name match on the panel's antibiotic names.
        """
        out = []
        for c in self.cultures:
            if not c["organism"]:
                continue
            hits = [v for ab, v in c["susceptibility"].items() if generic in ab]
            if not hits or any(v in ("R", "I") for v in hits):
                out.append(c["organism"])
        return list(dict.fromkeys(out))

    def interpretation_range(self, lab_key: str) -> tuple[float, float, str] | None:
        """The range a lab value is read against given the drugs, when it is not the
        laboratory's reference range; ``(low, high, basis)`` or None.

        INR on warfarin: target 2.0-3.0 for atrial fibrillation and venous
        thromboembolism (CHEST guideline, Holbrook A et al., Chest 2012;141(2
        Suppl):e152S-e184S; 2023 ACC/AHA/ACCP/HRS AF guideline). A mechanical mitral
        valve targets 2.5-3.5 (2020 ACC/AHA valvular guideline); that indication is not
        coded reliably, so the 2-3 range is used and a topic should say so.

        Glucose (mg/dL) of an inpatient on insulin: 70-180, hypoglycaemia below and
        the target of 140-180 (ADA Standards of Care 2024, section 16;
        :mod:`physassist_env.clinical.glycaemia`), not the laboratory's fasting range.
        Glucose (mg/dL) of an inpatient not on insulin: a random value, 70-140
        (hyperglycaemia above 140 mg/dL in hospital, ADA 2024 section 16;
        :data:`~physassist_env.clinical.glycaemia.NON_FASTING`).
        """
        if lab_key == "inr" and self.on_drug("warfarin"):
            return 2.0, 3.0, "warfarin therapeutic range"
        glucose = self.labs.get("glucose") if lab_key == "glucose" else None
        if (
            glucose is not None
            and not self.encounter_based
            and "mg" in glucose.latest.unit.lower()
        ):
            if self.receiving("insulin"):
                return (
                    glycaemia.HYPOGLYCAEMIA,
                    glycaemia.INPATIENT_TARGET[1],
                    glycaemia.BASIS,
                )
            return (*glycaemia.NON_FASTING, glycaemia.NON_FASTING_BASIS)
        return None


_EVERY_HOURS = re.compile(r"\bq\s*(\d+)\s*h", re.I)


def dosing_interval_hours(frequency: str) -> float | None:
    """Hours between doses of a schedule (``Q8H`` 8, ``BID`` 12, ``Q48H`` 48), or None
    when the schedule states none (PRN-only, as directed, a titrated drip)."""
    m = _EVERY_HOURS.search(frequency or "")
    if m and int(m.group(1)) > 0:
        return float(m.group(1))
    per_day = doses_per_day(frequency or "")
    return 24.0 / per_day if per_day else None


def _ref_high(res: dict[str, Any]) -> float | None:
    """The upper bound of an Observation's first reference range, else None."""
    for rr in res.get("referenceRange") or []:
        high = (rr or {}).get("high") or {}
        if isinstance(high.get("value"), int | float):
            return float(high["value"])
    return None


def _loinc_codes(res: dict[str, Any]) -> set[str]:
    return {
        c.get("code", "")
        for c in (res.get("code") or {}).get("coding") or []
        if c.get("system") == codes.LOINC
    }


def _dose(
    res: dict[str, Any], encounter_based: bool = False
) -> tuple[float | None, str, str, str]:
    di = (res.get("dosageInstruction") or [{}])[0]
    dose, unit = None, ""
    for dr in di.get("doseAndRate") or []:
        q = dr.get("doseQuantity") or {}
        if q.get("value") is not None:
            dose, unit = float(q["value"]), str(q.get("unit") or "")
    route = (di.get("route") or {}).get("text") or ""
    if not route:
        for c in (di.get("route") or {}).get("coding") or []:
            route = c.get("code") or ""
    freq = ((di.get("timing") or {}).get("code") or {}).get("text") or ""
    if encounter_based:  # exports as they come (Synthea, MIMIC-IV on FHIR)
        timing = di.get("timing") or {}
        if not freq:  # a coded frequency without text (MIMIC-IV on FHIR: Q8H, ONCE)
            freq = next(
                (
                    str(c["code"])
                    for c in (timing.get("code") or {}).get("coding") or []
                    if c.get("code")
                ),
                "",
            )
        if not freq:
            freq = _repeat_text(timing.get("repeat") or {})
        if di.get("asNeededBoolean") or di.get("asNeededCodeableConcept"):
            freq = f"{freq} PRN".strip()
        if not route and re.search(r"\bOral\b", med_name(res)):
            route = "PO"  # RxNorm dose form in the name ("... Oral Tablet"), as Synthea has it
    return dose, unit, route, freq


#: Standard frequency abbreviations for n doses a day (ISMP list of recommended
#: abbreviations: daily, BID, TID, QID).
_PER_DAY = {1: "daily", 2: "BID", 3: "TID", 4: "QID"}


def _repeat_text(repeat: dict[str, Any]) -> str:
    """A FHIR ``Timing.repeat`` as a frequency (``daily``, ``BID``, ``Q8H``), ``""`` if none."""
    n, period, unit = (
        repeat.get("frequency"),
        repeat.get("period"),
        repeat.get("periodUnit"),
    )
    if not n or not period or not unit:
        return ""
    n, period = int(n), float(period)
    if unit == "d" and period == 1 and n in _PER_DAY:
        return _PER_DAY[n]
    if unit == "h" and n == 1:
        return f"Q{period:g}H"
    if unit == "wk" and n == 1 and period == 1:
        return "weekly"
    return f"{n} times every {period:g} {unit}"


def _placeholder(res: dict[str, Any]) -> str:
    di = (res.get("dosageInstruction") or [{}])[0]
    return next(
        (
            str(a.get("text"))
            for a in di.get("additionalInstruction") or []
            if a.get("text")
        ),
        "",
    )


def condition_code(res: dict[str, Any]) -> tuple[str, str, str] | None:
    """(code, title, ICD-10 equivalent) of a Condition's first coding, ``None`` if none.

    A SNOMED CT code is written ``"SNOMED <code>"`` (so no ICD prefix check can match its
    digits) with its :data:`SNOMED_TO_ICD10` equivalent; other codes are their own.
    """
    for c in (res.get("code") or {}).get("coding") or []:
        code = str(c.get("code", ""))
        title = (res.get("code") or {}).get("text") or c.get("display", "")
        if c.get("system") == SNOMED:
            return f"SNOMED {code}", title, SNOMED_TO_ICD10.get(code, "")
        return code, title, code
    return None


#: Code systems of an allergy coded as a diagnosis (ICD-9-CM V14.x, ICD-10-CM Z88.x, adverse
#: effects T36-T50: ``sources.mimic.convert.coded_allergy``): a status code where the
#: patient has one, never a list that could say "none".
_ICD_SYSTEMS = ("icd-9", "icd9", "icd-10", "icd10")


#: The identifier system of a patient a Synthea export holds.
_SYNTHEA = "synthetichealth/synthea"


def keeps_allergy_list(view: EhrView) -> bool:
    """Whether the record behind ``view`` (undated: the whole record) keeps an allergy list.

    A list is kept where the source has one to fill: an AllergyIntolerance that is not a
    diagnosis code (an allergy table, an export's AllergyIntolerance), or a clinical note
    (the discharge summary's ``Allergies:`` section, "NKDA" included: ``sources.mimic.notes``).
    MIMIC-IV's hosp and icu modules have no allergy table (only ICD allergy-status codes,
    coded at discharge, for some patients), and the MIMIC-IV-on-FHIR demo exports no
    AllergyIntolerance and no note: there an empty allergy search says nothing about the
    patient (Joint Commission NPSG.03.06.01: the allergy history is taken from the patient
    when no list exists).
    """
    if view.search("DocumentReference", {"_count": "1"})[1] > 0:
        return True
    # A Synthea export keeps the list: its allergy module writes every allergy of the
    # simulated patient as an AllergyIntolerance, so an absence there is "none recorded"
    # (the Synthea wiki, "Allergies" module; k36g: the lab-free Synthea sessions of
    # ``tests/sources/test_synthea_real.py`` were lost to the gating).
    for res in view.search("Patient")[0]:
        if any(
            _SYNTHEA in str(i.get("system") or "") for i in res.get("identifier") or []
        ):
            return True
    for res in view.search("AllergyIntolerance")[0]:
        systems = [
            str(c.get("system") or "").lower()
            for c in (res.get("code") or {}).get("coding") or []
        ]
        if not any(k in s for s in systems for k in _ICD_SYSTEMS):
            return True
    return False


def record_kinds(view: EhrView) -> dict[str, int]:
    """Resources per :data:`RESOURCE_KINDS` kind visible in ``view`` (0 included)."""
    if isinstance(view, StoreView):
        return _store_kinds(view)
    out = {}
    for kind, (rtype, category) in RESOURCE_KINDS.items():
        params = {"_count": "1"} | ({"category": category} if category else {})
        out[kind] = view.search(rtype, params)[1]
    # MIMIC microbiology tests are also categorised "laboratory"; they are not lab results
    both = {"_count": "1", "category": ["laboratory", "microbiology"]}
    out["lab"] -= view.search("Observation", both)[1]
    return out


def _store_kinds(view: StoreView) -> dict[str, int]:
    """:func:`record_kinds` of an in-process view: each type's visible entries are
    gated once and counted by category (the same counts as the searches)."""
    visible: dict[str, list[Entry]] = {}
    out = {}
    for kind, (rtype, category) in RESOURCE_KINDS.items():
        if rtype not in visible:
            visible[rtype] = view.visible_entries(rtype)
        entries = visible[rtype]
        out[kind] = (
            sum(1 for e in entries if category in e.categories)
            if category
            else len(entries)
        )
    out["lab"] -= sum(
        1
        for e in visible["Observation"]
        if "laboratory" in e.categories and "microbiology" in e.categories
    )
    return out


def encounter_class(encounter: dict[str, Any]) -> str:
    """The Encounter's class code, upper case (R4 ``class`` is one Coding; R5 a list)."""
    cls = encounter.get("class") or {}
    if isinstance(cls, list):
        cls = next(iter((cls[0] or {}).get("coding") or [{}]), {}) if cls else {}
    return str(cls.get("code") or "").upper()


def _ref_id(ref: Any) -> str:
    return str((ref or {}).get("reference") or "").split("/")[-1]


def dose_key(res: dict[str, Any]) -> str:
    """What makes one administration one dose: an ICU infusion's rows (rate changes,
    bag changes) share their ``linkorderid`` identifier; every other row is a dose."""
    for ident in res.get("identifier") or []:
        if str(ident.get("system", "")).endswith("icu-linkorderid") and ident.get(
            "value"
        ):
            return f"icu:{ident['value']}"
    return f"id:{res.get('id')}"


def med_name(res: dict[str, Any]) -> str:
    cc = res.get("medicationCodeableConcept") or {}
    if cc.get("text"):
        return str(cc["text"])
    for c in cc.get("coding") or []:
        if c.get("display") or c.get("code"):
            return str(c.get("display") or c.get("code"))
    return ""


_NEGATIVE_RESULT = re.compile(
    r"\bno\b|\bnegative\b|not detected|not isolated|none seen|no growth", re.I
)


def positive_result_text(text: str) -> str:
    """A free-text culture result that reports a finding (``""`` for negative results)."""
    text = " ".join(text.split()).rstrip(".")
    return "" if not text or _NEGATIVE_RESULT.search(text) else text[:120]


def organism_terms(organism: str) -> list[str]:
    """Terms an answer may use for a culture finding (full text, the organism, its genus).

    ``"Positive for toxigenic C. difficile by PCR"`` gives the full text,
    ``"toxigenic C. difficile"`` and ``"C. difficile"``; ``"ESCHERICHIA COLI"`` gives
    itself, ``"ESCHERICHIA"`` and its Chinese name (大肠埃希菌, ``vocab.microbiology``).
    """
    terms = [organism, organism_zh(organism), finding_zh(organism)]
    if re.search(r"\bnon-?reactive\b", organism, re.I):  # a serology result
        terms += ["nonreactive", "non-reactive", "negative"]
    if no_significant_growth(organism):  # "<10,000 organisms/ml" (clinical.infection)
        terms += [
            "no significant growth",
            "not significant",
            "无有意义生长",
            "无意义生长",
        ]
    m = re.search(r"positive for (.+?)(?: by |$)", organism, re.I)
    core = m.group(1).strip() if m else organism
    terms.append(core)
    words = core.split()
    if len(words) >= 2:
        terms.append(" ".join(words[-2:]) if m else words[0])
    return list(dict.fromkeys(t for t in terms if t))


def day_before(day: str) -> str:
    """The ISO date one day before ``day``."""
    return (date.fromisoformat(day[:10]) - timedelta(days=1)).isoformat()


def _order(res: dict[str, Any], encounter_based: bool = False) -> MedOrder:
    name = med_name(res)
    cls = drug_class_of(name)
    dose, unit, route, freq = _dose(res, encounter_based)
    rng = _dose_range(res)
    if rng is not None and dose is None:
        unit = unit or rng[2]
    vp = (res.get("dispenseRequest") or {}).get("validityPeriod") or {}
    return MedOrder(
        res["id"],
        name,
        cls[1] if cls else antibiotic_of(name),
        dose,
        unit,
        route,
        freq,
        res.get("status", ""),
        (vp.get("start") or res.get("authoredOn") or "")[:19],
        (vp.get("end") or "")[:19],
        placeholder=_placeholder(res),
        hadm_id=_ref_id(res.get("encounter")),
        changed="change order"
        in str((res.get("statusReason") or {}).get("text") or "").lower(),
        dose_range=rng[:2] if rng is not None and dose is None else None,
    )


def _dose_range(res: dict[str, Any]) -> tuple[float, float, str] | None:
    """(low, high, unit) of a dose written as a range (FHIR ``doseRange``), or None."""
    di = (res.get("dosageInstruction") or [{}])[0]
    for dr in di.get("doseAndRate") or []:
        r = dr.get("doseRange") or {}
        low, high = r.get("low") or {}, r.get("high") or {}
        if low.get("value") is not None and high.get("value") is not None:
            return (
                float(low["value"]),
                float(high["value"]),
                str(low.get("unit") or high.get("unit") or ""),
            )
    return None


#: Drug classes taken as long-term oral / subcutaneous regimens at home (candidates for
#: "do you take it at home" questions); NSAIDs and antibiotics are not (inpatient
#: ketorolac, a course of antibiotics).
HOME_CLASSES = (
    "acei",
    "arb",
    "k_sparing",
    "metformin",
    "warfarin",
    "digoxin",
    "insulin",
)
_HOME_ROUTES = re.compile(r"^(PO|NG|PO/NG|OG|SC|SUBCUT|SL)\b", re.I)


def home_drugs(
    orders: list[MedOrder],
    encounters: list[dict[str, Any]],
    hadm_id: str,
    admit: str,
    history: list[tuple[str, str, str]],
) -> dict[str, str]:
    """Generic drugs the record shows the patient takes at home, with the evidence.

    Without a medication-reconciliation table, two kinds of evidence count (admission
    medication reconciliation continues home drugs as orders: Joint Commission
    NPSG.03.06.01):

    * ``"discharged on it"``: a scheduled order of an earlier admission still running
      in its last 24 hours (the patient went home on it);
    * ``"continued on admission"``: a scheduled oral/subcutaneous order started within
      24 hours of this admission.

    Only :data:`HOME_CLASSES`; insulin also needs a diabetes diagnosis known at the
    current date (sliding-scale insulin in hospital is not a home regimen). Flushes,
    one-off, as-needed and placeholder orders never count (:attr:`MedOrder.scheduled`).
    """
    ends = {
        str(e.get("id")): str((e.get("period") or {}).get("end") or "")[:19]
        for e in encounters
    }
    diabetic = any(
        code.upper().startswith(p)
        for code, _, _ in history
        for p in ("E10", "E11", "250")
    )
    cutoff = plus_hours(admit, 24) if admit else ""
    out: dict[str, str] = {}
    for o in orders:
        cls = drug_class_of(o.name)
        if cls is None or cls[0].key not in HOME_CLASSES or not o.scheduled:
            continue
        if cls[0].key == "insulin" and not diabetic:
            continue
        if not _HOME_ROUTES.match(o.route or ""):
            continue
        generic = cls[1]
        if o.hadm_id and o.hadm_id != hadm_id:
            end = ends.get(o.hadm_id, "")
            if end and o.end and o.end >= plus_hours(end, -24):
                out.setdefault(generic, "discharged on it")
        elif o.hadm_id == hadm_id and cutoff and o.start and o.start <= cutoff:
            out.setdefault(generic, "continued on admission")
    return out


def plus_hours(ts: str, hours: int) -> str:
    from datetime import datetime

    base = datetime.fromisoformat(ts[:19] if "T" in ts else ts[:10] + "T00:00:00")
    return (base + timedelta(hours=hours)).isoformat()[:19]


def episode_start(view: EhrView, encounter: dict[str, Any]) -> str:
    """When the episode of care of an admission began: the earliest of its own start,
    the starts of the encounters that are part of it (the emergency-department stay it
    came through, an ICU stay) and the laboratory results that reference it (pre-operative
    labs of an elective admission).

    MIMIC-IV ``admittime`` is the time of the admission order, often after midnight
    following hours in the ED whose results are the admission's first values (1,798 lab
    rows of the demo reference an admission and precede its ``admittime``, and 6,714 more
    without a ``hadm_id`` fall in an ED stay before it).
    """
    own = str((encounter.get("period") or {}).get("start") or "")[:19]
    hadm = str(encounter.get("id"))
    starts = [own] if own else []
    for e in view.search("Encounter")[0]:
        if _ref_id(e.get("partOf")) == hadm:
            begun = str((e.get("period") or {}).get("start") or "")[:19]
            if begun:
                starts.append(begun)
    first = view.search(
        "Observation",
        {"category": "laboratory", "encounter": hadm, "_sort": "date", "_count": "1"},
    )[0]
    if first and first[0].get("effectiveDateTime"):
        starts.append(str(first[0]["effectiveDateTime"])[:19])
    return min(starts) if starts else own


def creatinine_baseline(view: EhrView, start: str, hadm_id: str) -> Baseline | None:
    """The pre-admission creatinine (mg/dL) KDIGO staging is read against, or None.

    KDIGO 2012 AKI guideline (Kidney Int Suppl 2012;2:1-138, 2.1 and Appendix: "the
    baseline is the most recent value before the episode when available"); Siew ED et
    al., Clin J Am Soc Nephrol 2012;7:712-9 (outpatient values 7-365 days before
    admission). In order: the most recent value drawn :data:`BASELINE_DAYS` before the
    episode outside any hospital stay (no encounter reference, not inside an encounter's
    period, so not an ED value); else the last value of the most recent earlier
    admission in that window (its value at discharge). None when the record holds
    neither: the topic then uses the lowest value of this admission and says so.

    A discharge value that is itself the tail of an unresolved AKI is no steady-state
    baseline (KDIGO 2012 2.1 and Appendix: the baseline reflects stable kidney function;
    Siew ED, Matheny ME, Clin J Am Soc Nephrol 2015;10:1049-57): when the earlier
    admission's last value is at least 1.5x its lowest (the KDIGO ratio: it ended inside
    an AKI), the baseline is the lowest value of the window drawn before that
    admission's peak (the pre-illness value, basis ``"before an earlier AKI"``), and None
    (uncertain) when the window holds no value before the peak.
    """
    if not start:
        return None
    day = date.fromisoformat(start[:10])
    lo = (day - timedelta(days=BASELINE_DAYS[1])).isoformat()
    hi = (day - timedelta(days=BASELINE_DAYS[0])).isoformat()
    rows = view.search(
        "Observation",
        {
            "code": "creatinine",
            "category": "laboratory",
            # up to the episode: an earlier stay of the window that ended within the 7
            # days before is read to its last value (round 17b)
            "date": [f"ge{lo}", f"lt{start[:10]}"],
        },
    )[0]
    periods = []
    for e in view.search("Encounter")[0]:
        period = e.get("period") or {}
        if period.get("start"):
            periods.append(
                (str(period["start"])[:19], str(period.get("end") or "9999")[:19])
            )
    outpatient: list[tuple[str, float]] = []
    stays: dict[str, list[tuple[str, float]]] = {}
    cr = LABS["creatinine"]
    for res in rows:  # newest first
        q = res.get("valueQuantity") or {}
        when = str(res.get("effectiveDateTime") or "")[:19]
        if q.get("value") is None or not when or "mg" not in str(q.get("unit", "")):
            continue
        if not set(cr.loinc) & _loinc_codes(res):
            continue
        # an implausible value is no baseline (clinical.specimen.implausible; round 17b)
        if implausible("creatinine", float(q["value"]), str(q.get("unit", ""))):
            continue
        enc = _ref_id(res.get("encounter"))
        if enc and enc != hadm_id:
            stays.setdefault(enc, []).append((when, float(q["value"])))
        elif not enc and when < hi and not any(a <= when <= b for a, b in periods):
            outpatient.append((when, float(q["value"])))
    # a stay is the baseline's only when it holds a value of the window; its value at
    # discharge is its last, also when drawn in the 7 days before the episode (KDIGO
    # 2012 Appendix: the most recent value before the episode): a stay read only to the
    # window's edge hid the AKI it ended in (10016742-28506150 t1; round 17b)
    stays = {k: v for k, v in stays.items() if any(t < hi for t, _ in v)}
    if outpatient:
        when, value = max(outpatient)
        return Baseline(value, when, "outpatient")
    if stays:
        last = max(stays.values(), key=max)
        when, value = max(last)
        if value < AKI_RATIO * min(v for _, v in last):
            return Baseline(value, when, "earlier stay")
        peak_at = max(last, key=lambda x: (x[1], x[0]))[0]
        pre = [x for v in stays.values() for x in v if x[0] < peak_at]
        if not pre:
            return None
        t, v = min(pre, key=lambda x: (x[1], x[0]))
        return Baseline(v, t, "before an earlier AKI", tail=value, tail_time=when)
    return None


def creatinine_before(view: EhrView, start: str) -> list[LabPoint]:
    """Creatinine values (mg/dL) of the :data:`BASELINE_DAYS` ``[0]`` days before the
    episode began, from any encounter or none, oldest first: KDIGO 2012 (2.1) stages a
    reading against a value "known or presumed to have occurred within the prior 7
    days", and a value of an ED visit or admission of the days before is known."""
    if not start:
        return []
    lo = (
        datetime.fromisoformat(start[:19]) - timedelta(days=BASELINE_DAYS[0])
    ).isoformat()[:19]
    rows = view.search(
        "Observation",
        {"code": "creatinine", "category": "laboratory", "date": [f"ge{lo[:10]}"]},
    )[0]
    cr = LABS["creatinine"]
    out = []
    for res in rows:
        q = res.get("valueQuantity") or {}
        when = str(res.get("effectiveDateTime") or "")[:19]
        if q.get("value") is None or "mg" not in str(q.get("unit", "")):
            continue
        if not (lo <= when < start[:19]) or not set(cr.loinc) & _loinc_codes(res):
            continue
        if implausible("creatinine", float(q["value"]), str(q.get("unit", ""))):
            continue  # no baseline (clinical.specimen.implausible; round 17b)
        out.append(LabPoint(when, float(q["value"]), str(q.get("unit") or ""), ""))
    return sorted(out, key=lambda p: p.time)


#: Renal replacement therapy named by a procedure or a medication order: continuous
#: therapy (CRRT, CVVH/CVVHD/CVVHDF) and intermittent haemodialysis (a procedure named
#: haemodialysis, orders written to a haemodialysis protocol, heparin for the dialysis
#: circuit). Dialysate bags alone ("DIALYS ASDIR") run a CRRT circuit. Only what the
#: record names as dialysis, and the ICD-10-PCS codes of renal replacement (5A1D,
#: "Performance of Urinary Filtration", which MIMIC-IV writes by their title):
#: intermittent is haemodialysis, continuous (more than 18 hours a day) is CRRT, and the
#: older "Single" / "Multiple" codes (either kind) count as haemodialysis only when the
#: record names no therapy.
_CRRT = re.compile(
    r"\bCRRT\b|\bCVVH(DF|D)?\b|continuous renal replacement|DIALYS ASDIR"
    r"|Urinary Filtration, Continuous",
    re.I,
)
_HD = re.compile(
    r"ha?emodialy|\bHD PROTOCOL\b|\bhemodialysis\b|\bdialysis\b"
    r"|Urinary Filtration, Intermittent",
    re.I,
)
_RRT_UNNAMED = re.compile(r"Performance of Urinary Filtration", re.I)


@dataclass(frozen=True)
class Dialysis:
    """Renal replacement therapy seen in the record.

    Attributes:
        kind: ``"haemodialysis"`` or ``"CRRT"``.
        resource: The resource type that shows it (``Procedure``, ``MedicationRequest``).
        day: Its date (YYYY-MM-DD).
        text: What the record calls it.
        first_day: The earliest sign of renal replacement therapy (either kind) in the
            window read (YYYY-MM-DD): before the episode, the patient came on it.
        last_day: The latest such sign (YYYY-MM-DD).
        ended: With ``"CRRT"``: when the newest continuous therapy period ended, where
            the date-gated record shows its end (MIMIC-IV ``procedureevents`` end time,
            status stopped or completed), ``""`` otherwise. Continuous therapy runs
            until its period ends; once it has, the creatinine is off dialysis (round
            11: "dialysis still runs" after CRRT had stopped).
        runs: With ``"CRRT"``: the newest continuous therapy period has a start and no
            end by the session (the date gate cuts an end after it), or was paused
            (status on-hold): it still runs.
    """

    kind: str
    resource: str
    day: str
    text: str
    first_day: str = ""
    last_day: str = ""
    ended: str = ""
    runs: bool = False


def dialysis_in_record(view: EhrView, since: str) -> Dialysis | None:
    """Renal replacement therapy the date-gated record shows from ``since`` (an ISO
    date: the episode and the month before it) on, the newest haemodialysis sign first,
    else continuous therapy (CRRT); None when there is none.

    Drug dosing in a patient on dialysis follows the dialysis, not a creatinine
    clearance: Cockcroft-Gault assumes a steady-state creatinine that dialysis removes
    (KDIGO 2012 AKI guideline 5.x; ASHP/IDSA/PIDS/SIDP 2020 vancomycin guideline:
    dosing by pre-dialysis levels in haemodialysis). Catheter care rows
    ("Dialysis Catheter Dressing Change") are not therapy and are not read."""
    seen: list[tuple[str, str, str]] = []  # (resource, day, text), newest first
    periods: list[tuple[str, str]] = []  # CRRT periods (start, end or "")
    for res in view.search("Procedure", {"date": f"ge{since}"})[0]:
        code = res.get("code") or {}
        name = str(code.get("text") or "") or " ".join(
            str(c.get("display") or "") for c in code.get("coding") or []
        )
        period = res.get("performedPeriod") or {}
        when = str(res.get("performedDateTime") or period.get("start") or "")[:10]
        if "catheter" in name.lower() or "shunt" in name.lower():
            continue
        seen.append(("Procedure", when, name))
        if period.get("start") and _CRRT.search(name):
            # a paused run (status on-hold) is no end of the therapy
            paused = str(res.get("status") or "") == "on-hold"
            end = "" if paused else str(period.get("end") or "")
            periods.append((str(period["start"]), end))
    for res in view.search("MedicationRequest", {"date": f"ge{since}"})[0]:
        dose = " ".join(
            str(d.get("text") or "") for d in res.get("dosageInstruction") or []
        )
        when = str(res.get("authoredOn") or "")[:10]
        seen.append(("MedicationRequest", when, f"{med_name(res)} ({dose})"))
    rrt = [x for x in seen if _CRRT.search(x[2]) or _HD.search(x[2])]
    unnamed = [x for x in seen if _RRT_UNNAMED.search(x[2]) and x not in rrt]
    first = min((when for _, when, _ in rrt + unnamed if when), default="")
    last = max((when for _, when, _ in rrt + unnamed if when), default="")
    crrt = None
    # the newest continuous therapy period: ended (its end shown) or running (none)
    start, end = max(periods, default=("", ""))
    for resource, when, text in rrt:
        if _CRRT.search(text):
            crrt = crrt or Dialysis(
                "CRRT", resource, when, text, first, last, end, bool(start and not end)
            )
        else:
            return Dialysis("haemodialysis", resource, when, text, first, last)
    if crrt is None and unnamed:
        return Dialysis("haemodialysis", *unnamed[0], first, last)
    return crrt


#: Procedures that mean the patient takes nothing by mouth: invasive mechanical ventilation
#: through an endotracheal tube or tracheostomy (MIMIC-IV ``procedureevents`` "Invasive
#: Ventilation", "Intubation"; non-invasive ventilation is not read).
_INVASIVE_VENTILATION = re.compile(
    r"\binvasive ventilation|\bmechanical ventilation|\bintubation\b", re.I
)
_NON_INVASIVE = re.compile(r"\bnon-?invasive\b", re.I)


def ventilated_in_record(view: EhrView, since: str, current_date: str) -> str:
    """What the date-gated record calls the invasive ventilation the patient is on at
    ``current_date`` (a ventilation period begun on or after ``since`` and not ended
    before that day, or an intubation on that day), ``""`` when none: such a patient
    takes no drug by mouth (ASHP/KDIGO potassium replacement practice: IV or per
    feeding tube when the oral route is not available; Kraft MD et al., Am J Health
    Syst Pharm 2005;62:1663-82)."""
    for res in view.search("Procedure", {"date": f"ge{since}"})[0]:
        code = res.get("code") or {}
        name = str(code.get("text") or "") or " ".join(
            str(c.get("display") or "") for c in code.get("coding") or []
        )
        if not _INVASIVE_VENTILATION.search(name) or _NON_INVASIVE.search(name):
            continue
        period = res.get("performedPeriod") or {}
        if period:
            end = str(period.get("end") or "")[:10]
            if not end or end >= current_date[:10]:
                return name
        elif str(res.get("performedDateTime") or "")[:10] == current_date[:10]:
            return name
    return ""


@dataclass(frozen=True)
class Surgery:
    """An operation of the episode (:func:`surgery_in_episode`).

    Attributes:
        kind: The operating specialty, one of
            :data:`physassist_env.clinical.surgery.SURGERY_KINDS`
            (:func:`physassist_env.clinical.surgery.surgery_kind`).
        day: Its date (YYYY-MM-DD).
        text: What the record calls it.
        cabg: Any operation of the episode was a coronary artery bypass graft.
    """

    kind: str
    day: str
    text: str
    cabg: bool = False


def surgery_in_episode(view: EhrView, since: str) -> Surgery | None:
    """The first cardiac operation of the date-gated record from ``since`` (the episode's
    first day) on, else the first operation of the next kind of
    :data:`~physassist_env.clinical.surgery.SURGERY_KINDS`, else None: the operation that sets
    the follow-up service and, after cardiac surgery, the potassium target and the
    NSAID contraindication (:mod:`physassist_env.clinical.surgery`)."""
    found: list[tuple[str, str]] = []
    for res in view.search("Procedure", {"date": f"ge{since}"})[0]:
        code = res.get("code") or {}
        name = str(code.get("text") or "") or " ".join(
            str(c.get("display") or "") for c in code.get("coding") or []
        )
        when = str(
            res.get("performedDateTime")
            or (res.get("performedPeriod") or {}).get("start")
            or ""
        )[:10]
        found.append((when, name))
    found.sort()
    cabg = any(is_cabg(n) for _, n in found)
    for kind in SURGERY_KINDS:
        for when, name in found:
            if surgery_kind(name) == kind:
                return Surgery(kind, when, name, cabg)
    return None


def icu_periods(view: EhrView, hadm_id: str) -> list[tuple[str, str]]:
    """The ICU stays of admission ``hadm_id`` visible in ``view``: Encounters ``partOf``
    it other than its emergency-department stay (class ``EMER``), as ``(start, end)``."""
    out = []
    for e in view.search("Encounter")[0]:
        part = str((e.get("partOf") or {}).get("reference") or "").split("/")[-1]
        if part != hadm_id or encounter_class(e) == "EMER":
            continue
        period = e.get("period") or {}
        if period.get("start"):
            out.append((str(period["start"])[:19], str(period.get("end") or "")[:19]))
    return sorted(out)


def admission_facts(view: EhrView, encounter: dict[str, Any]) -> AdmissionFacts:
    """Collect the planner's view of one admission through a date-gated EHR view."""
    period = encounter.get("period") or {}
    admitted = (period.get("start") or "")[:19]
    start = episode_start(view, encounter)
    current = view.as_of or (period.get("end") or start)[:10]
    patient = view.patient()
    birth = patient.get("birthDate")
    age = int(current[:4]) - int(birth[:4]) if birth else None
    facts = AdmissionFacts(
        patient_id=view.patient_id,
        hadm_id=str(encounter["id"]),
        start=start,
        admitted=admitted,
        end=(period.get("end") or "")[:19],
        current_date=current[:10],
        age=age,
        female=patient.get("gender") == "female",
        weight_kg=None,
        encounter_class=encounter_class(encounter),
    )
    since = [f"ge{start[:10]}"]
    labs, n_rows = view.search("Observation", {"category": "laboratory", "date": since})
    facts.n_lab_rows = n_rows
    by_loinc: dict[str, Lab] = {
        code: lab for lab in LABS.values() for code in lab.loinc
    }
    series: dict[str, list[LabPoint]] = {}
    for res in reversed(labs):  # oldest first
        q = res.get("valueQuantity") or {}
        if q.get("value") is None:
            continue
        for code in _loinc_codes(res):
            lab = by_loinc.get(code)
            if lab is None:
                continue
            flag = ""
            for interp in res.get("interpretation") or []:
                for c in interp.get("coding") or []:
                    flag = c.get("code") or flag
            series.setdefault(lab.key, []).append(
                LabPoint(
                    res.get("effectiveDateTime", "")[:19],
                    float(q["value"]),
                    str(q.get("unit") or ""),
                    flag,
                    " ".join(
                        str(n.get("text") or "") for n in res.get("note") or []
                    ).strip(),
                    whole_blood(_loinc_codes(res)),
                    _ref_high(res),
                )
            )
    facts.labs = {k: LabSeries(LABS[k], pts) for k, pts in series.items()}
    glu, k = facts.labs.get("glucose"), facts.labs.get("potassium")
    if glu is not None and k is not None:
        # a glucose a prompt repeat contradicts, drawn with a high potassium: a sample
        # taken above an infusion (CLSI GP41), no highest value nor trend point
        glu.contaminated = frozenset(
            contaminated_glucose(
                [(p.time, p.value) for p in glu.points],
                [(p.time, p.value, p.flag) for p in k.points],
            )
        )
    if k is not None:
        # a potassium a prompt repeat contradicts (pseudohyperkalaemia, a discordant
        # blood-gas value): no extreme nor trend point (clinical.specimen; round 11)
        k.contaminated = frozenset(
            contradicted_potassium([(p.time, p.value, p.flag) for p in k.points])
        )
    cr = facts.labs.get("creatinine")
    if cr is not None:
        # a lone creatinine both neighbours contradict: no baseline, peak nor trend
        # point (clinical.specimen.contradicted_creatinine; round 12)
        cr.contaminated = frozenset(
            contradicted_creatinine([(p.time, p.value) for p in cr.points])
        )
    for res in view.search(
        "Observation",
        {"category": "vital-signs", "code": "http://loinc.org|29463-7", "_count": "1"},
    )[0]:
        q = res.get("valueQuantity") or {}
        if q.get("value") is not None:
            value = float(q["value"])
            unit = str(q.get("unit") or q.get("code") or "")
            facts.weight_kg = (
                round(value * 0.4536, 1) if "lb" in unit.lower() else value
            )
    for res in view.search(
        "Observation",
        {"category": "vital-signs", "code": "http://loinc.org|8302-2", "_count": "1"},
    )[0]:
        q = res.get("valueQuantity") or {}
        if q.get("value") is not None:
            unit = str(q.get("unit") or q.get("code") or "").lower()
            inches = "in" in unit and "cm" not in unit
            facts.height_cm = round(float(q["value"]) * (2.54 if inches else 1.0), 1)
    facts.kinds = record_kinds(view)
    # No lab result during this encounter: the lab-based focus has nothing to stand on
    # (an ambulatory record's yearly panel is no admission's draws), so the encounter is
    # read as a record without labs (Synthea: labs at some wellness visits only).
    facts.encounter_based = not facts.kinds["lab"] or not n_rows
    all_orders = [
        _order(res, facts.encounter_based)
        for res in view.search("MedicationRequest")[0]
    ]
    facts.orders = [
        o
        for o in all_orders
        if o.start[:10] >= start[:10]
        # encounter-based record: the active medication list, whenever ordered
        or (facts.encounter_based and o.status == "active")
    ]
    # Doses given: ward (eMAR) and ICU (inputevents) administrations; the rows of one
    # ICU infusion count once.
    # One administration charted in both the ICU record and the eMAR is one dose
    # (clinical.doses.count_doses; round 12).
    doses: dict[str, dict[str, str]] = {}
    ward = False
    for res in view.search(
        "MedicationAdministration", {"date": since, "status": "completed"}
    )[0]:
        ward = ward or not dose_key(res).startswith("icu:")
        name = med_name(res).lower()
        if EAR_EYE.search(name):
            continue  # ear / eye drops are no systemic dose of the drug

        generic = antibiotic_of(name) or (drug_class_of(name) or (None, None))[1]
        if generic:
            when = str(
                res.get("effectiveDateTime")
                or (res.get("effectivePeriod") or {}).get("start")
                or ""
            )
            keys = doses.setdefault(generic, {})
            key = dose_key(res)
            keys[key] = min(keys.get(key, when), when)
    facts.last_given = {g: max(keys.values()) for g, keys in doses.items() if keys}
    facts.given = {
        g: count_doses(
            [t for k, t in keys.items() if k.startswith("icu:")],
            [t for k, t in keys.items() if not k.startswith("icu:")],
        )
        for g, keys in doses.items()
    }
    # the drugs of this admission, for the interference comments that name one
    # (clinical.specimen.drug_not_taken; round 16b)
    exposures = frozenset(
        {o.name.lower() for o in facts.orders}
        | {(o.generic or "").lower() for o in facts.orders if o.generic}
        | {g.lower() for g in doses}
    )
    for series_ in facts.labs.values():
        series_.exposures = exposures
    for res in view.search(
        "MedicationAdministration", {"date": since, "status": "not-done"}
    )[0]:
        name = med_name(res).lower()
        generic = antibiotic_of(name) or (drug_class_of(name) or (None, None))[1]
        if generic and generic not in facts.given:
            facts.not_given.add(generic)
    # ward doses (eMAR) recorded for this admission; a record with orders but only ICU
    # doses (or none) cannot show what was given on the ward (MIMIC-IV: eMAR rows exist
    # only for some admissions)
    facts.ward_administrations = ward or not facts.orders
    facts.icu_periods = icu_periods(view, facts.hadm_id)
    if not facts.encounter_based:
        facts.baseline_creatinine = creatinine_baseline(view, start, facts.hadm_id)
        facts.creatinine_before = creatinine_before(view, start)
    facts.surgery = surgery_in_episode(view, start[:10])
    facts.ventilated = ventilated_in_record(view, start[:10], facts.current_date)
    facts.dialysis = dialysis_in_record(
        view, (datetime.fromisoformat(start[:10]) - timedelta(days=30)).isoformat()[:10]
    )
    abx = [o.generic for o in facts.orders if o.generic and antibiotic_of(o.generic)]
    abx += [g for g in facts.given if antibiotic_of(g)]
    facts.antibiotics = sorted(set(abx))
    for res in view.search("Observation", {"category": "microbiology", "date": since})[
        0
    ]:
        if res.get("status") in ("cancelled", "entered-in-error"):
            facts.cancelled_tests += 1  # a cancelled test is not a result
            continue
        organism = ""
        if "valueCodeableConcept" in res:
            organism = res["valueCodeableConcept"].get("text") or next(
                (
                    c.get("display", "")
                    for c in res["valueCodeableConcept"].get("coding") or []
                ),
                "",
            )
        elif isinstance(res.get("valueString"), str):
            organism = positive_result_text(res["valueString"])
        susc = {}
        mic: dict[str, str] = {}  # the dilution text (MIC) of each tested antibiotic
        for comp in res.get("component") or []:
            ab = (comp.get("code") or {}).get("text") or next(
                (
                    c.get("display", "")
                    for c in (comp.get("code") or {}).get("coding") or []
                ),
                "",
            )
            interp = next(
                (
                    c.get("code", "")
                    for i in comp.get("interpretation") or []
                    for c in i.get("coding") or []
                ),
                "",
            )
            if ab:
                susc[ab.lower()] = interp
                if isinstance(comp.get("valueString"), str):
                    mic[ab.lower()] = comp["valueString"]
        test = (res.get("code") or {}).get("text") or ""
        facts.cultures.append(
            {
                "id": res["id"],
                "test": test,
                "organism": organism,
                "susceptibility": susc,
                "mic": mic,
                "specimen": str((res.get("method") or {}).get("text") or ""),
                # the laboratory's comment on the isolate (not the specimen or quantity)
                "comment": " ".join(
                    str(n.get("text") or "")
                    for n in res.get("note") or []
                    if not re.match(r"(?:Specimen|Quantity):", str(n.get("text") or ""))
                ),
                "time": res.get("effectiveDateTime", "")[:19],
            }
        )
    for res in view.search("Condition", {"encounter": facts.hadm_id})[0]:
        if (coded := condition_code(res)) is not None:
            code, title, icd = coded
            facts.conditions.append((code, title))
            facts.icd[code] = icd
            facts.recorded[code] = str(res.get("recordedDate") or "")
    for res in view.search("Condition")[0]:
        if (coded := condition_code(res)) is not None:
            code, title, icd = coded
            facts.history.append((code, title, _ref_id(res.get("encounter"))))
            facts.icd[code] = icd
            recorded = str(res.get("recordedDate") or "")[:19]
            if (
                recorded
                and recorded >= start[:19]
                and _ref_id(res.get("encounter")) != facts.hadm_id
            ):
                facts.continued.append((code, title))
                facts.recorded.setdefault(code, recorded)
    if facts.encounter_based:
        # An encounter-based record's diagnoses of a visit are the problems it addressed
        # plus the active problem list (FHIR Condition.clinicalStatus "active").
        # A Condition recorded at the end of another encounter is that stay's discharge
        # diagnosis (MIMIC-IV codes an admission's diagnoses at discharge), not a problem
        # of this visit (round 8b: a same-day surgical admission was given the
        # subarachnoid haemorrhage coded at a stay a year before as "this admission's
        # diagnoses"); a problem recorded when it began stays on the list (Synthea).
        ends = {
            str(e.get("id")): str((e.get("period") or {}).get("end") or "")[:16]
            for e in view.search("Encounter")[0]
            if str(e.get("id")) != facts.hadm_id
        }
        seen = {code for code, _ in facts.conditions}
        for res in view.search("Condition", {"clinical-status": "active"})[0]:
            end = ends.get(_ref_id(res.get("encounter")), "")
            if end and str(res.get("recordedDate") or "")[:16] == end:
                continue
            coded = condition_code(res)
            if coded is not None and coded[0] not in seen:
                seen.add(coded[0])
                facts.conditions.append(coded[:2])
                facts.recorded[coded[0]] = str(res.get("recordedDate") or "")
    # Allergies: coded allergy/adverse-effect diagnoses and allergy lists of notes
    # stored by the current date (sources/mimic); distinct names, oldest first.
    # An "adverse effect of <drug>" code is typed ``intolerance`` by the source and kept
    # apart: it is not an allergy (ICD-10-CM Official Guidelines I.C.19.e.5.a).
    recorded = list(reversed(view.search("AllergyIntolerance")[0]))
    facts.allergies = list(
        dict.fromkeys(_code_text(r) for r in recorded if r.get("type") != "intolerance")
    )
    facts.intolerances = list(
        dict.fromkeys(_code_text(r) for r in recorded if r.get("type") == "intolerance")
    )
    facts.home = home_drugs(
        all_orders, view.search("Encounter")[0], facts.hadm_id, start, facts.history
    )
    facts.has_notes = view.search("DocumentReference", {"_count": "1"})[1] > 0
    if facts.encounter_based and facts.kinds["vital"]:
        from physassist_env.scenarios.vitals import vital_series

        facts.vitals = vital_series(view)
    facts.pairs = safety_pairs(facts.orders, facts.labs)
    return facts


def safety_pairs(
    orders: list[MedOrder], labs: dict[str, LabSeries]
) -> list[tuple[SafetyPair, MedOrder, LabSeries]]:
    """Each drug-lab safety pair the admission has: an active order of the pair's drug
    class that reaches the circulation, and a series of its monitoring lab (the first
    such order per pair)."""
    out: list[tuple[SafetyPair, MedOrder, LabSeries]] = []
    for pair in SAFETY_PAIRS:
        lab = labs.get(pair.lab)
        if lab is None:
            continue
        for order in orders:
            cls = drug_class_of(order.name)
            if (
                cls
                and cls[0].key == pair.drug_class
                and order.status == "active"
                # oral/rectal vancomycin is not absorbed: no creatinine to watch it by
                and renal.systemic(cls[1], order.route, order.name)
            ):
                out.append((pair, order, lab))
                break
    return out


def _code_text(resource: dict[str, Any]) -> str:
    """A coded resource's name: ``code.text``, else its first coding's display (a Synthea
    AllergyIntolerance carries only the SNOMED display "Allergy to penicillin": read as no
    allergy, the gold said "No allergy is recorded" over a listed penicillin allergy)."""
    code = resource.get("code") or {}
    if code.get("text"):
        return str(code["text"])
    return next(
        (str(c["display"]) for c in code.get("coding", []) if c.get("display")), ""
    )


def _replacement_stopped(order: MedOrder, orders: list[MedOrder]) -> bool:
    """Whether the order that replaced ``order`` (a later order of the same drug, itself
    not replaced) has ended: the drug was stopped, not re-dosed, and goes neither on the
    discharge list nor "on" (clonidine TID -> BID, the BID order discontinued the next
    evening; Joint Commission NPSG.03.06.01)."""
    return any(
        p is not order
        and drug_key(p) == drug_key(order)
        and p.start > order.start
        and p.scheduled  # a one-off or as-needed dose replaces no regimen
        and not p.changed
        and p.status != "active"
        for p in orders
    )
