"""Build a patient's memory (atomic, record-grounded facts + persona) from a :class:`PatientRecord`.

The build is deterministic for a given record and seed:

1. candidate facts from FHIR resources (Condition -> past history; MedicationRequest ->
   regimen and adherence; AllergyIntolerance;
   abnormal laboratory Observations -> lab trends as the patient was told them) and,
   when present, from discharge-note sections (``record.meta["note_sections"]``:
   symptoms with OPQRST parts, social history, mobility, allergies, adherence problems);
2. a persona drawn from the seed (literacy, anxiety, completeness, self-diagnosis,
   adherence per home drug; adherence stated in the notes wins over the draw);
3. withholding: which facts are said only when asked specifically (persona completeness);
4. verification: a fact whose source (resource type/id, or note key/section) is not in
   the record is dropped and logged; an empty memory raises :class:`EmptyMemoryError`.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import zlib
from collections.abc import Callable
from typing import Any

import numpy as np

from physassist_env.ehr.store import FhirStore, record_at
from physassist_env.fhir import PatientRecord
from physassist_env.patient import notes as N
from physassist_env.patient import phrasing as P
from physassist_env.patient.lexicon import DIAGNOSES, DRUGS, LABS, Entity
from physassist_env.patient.models import (
    Adherence,
    Completeness,
    Fact,
    PatientMemory,
    Persona,
    SourceRef,
    Topic,
)
from physassist_env.patient.persona import draw_persona, record_age
from physassist_env.vocab.diagnoses import adverse_agent, allergy_zh

logger = logging.getLogger(__name__)

MAX_OTHER_DRUGS = 4
MAX_LABS = 6
#: Adherence states in which the patient does not take the drug now: their regimen is what
#: they were told to take, not what they take.
NOT_TAKING = frozenset(
    {Adherence.NEVER_FILLED, Adherence.SELF_DISCONTINUED, Adherence.RAN_OUT}
)


def patient_seed(patient_id: str) -> int:
    """A stable 32-bit number for a patient id, mixed into the seed so every patient
    draws their own persona (one run seed must not give every patient the same one)."""
    return int.from_bytes(hashlib.sha256(str(patient_id).encode()).digest()[:4], "big")


class EmptyMemoryError(ValueError):
    """The record yields no verifiable fact: the patient would have nothing to say."""


@functools.lru_cache(maxsize=4096)
def _word_pattern(term: str) -> re.Pattern[str]:
    return re.compile(r"\b" + re.escape(term) + r"\b")


#: ``_match`` results per lexicon (by identity: the module's DIAGNOSES, DRUGS), per
#: lowercased text: record names repeat across patients and dates.
_MATCHES: dict[int, tuple[tuple[Entity, ...], dict[str, Entity | None]]] = {}
_MATCHES_MAX = 8192


def _match(entities: tuple[Entity, ...], text: str) -> Entity | None:
    """The first entity of ``entities`` one of whose terms is a word of ``text``."""
    low = (text or "").lower()
    slot = _MATCHES.get(id(entities))
    if slot is None or slot[0] is not entities:
        slot = _MATCHES[id(entities)] = (entities, {})
    memo = slot[1]
    if low not in memo:
        if len(memo) >= _MATCHES_MAX:
            memo.clear()
        memo[low] = next(
            (e for e in entities if any(_word_pattern(t).search(low) for t in e.match)),
            None,
        )
    return memo[low]


def _cc_text(cc: dict[str, Any] | None) -> str:
    if not cc:
        return ""
    if cc.get("text"):
        return str(cc["text"])
    for c in cc.get("coding") or []:
        if c.get("display"):
            return str(c["display"])
    return ""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40] or "x"


def _fact(
    fid: str,
    topic: Topic,
    aspect: str,
    entity: Entity | None,
    words: P.Wording,
    src: SourceRef,
    **kw: Any,
) -> Fact:
    kw.setdefault("entity_terms", list(entity.all_terms()) if entity else [])
    return Fact(
        id=fid,
        topic=topic,
        aspect=aspect,
        entity=entity.key if entity else None,
        en=words[0],
        zh=words[1],
        source=src,
        **kw,
    )


def _res_ref(res: dict[str, Any]) -> SourceRef:
    return SourceRef(resource_type=res["resourceType"], resource_id=str(res["id"]))


#: Qualified terms that are a different disease from the lexicon entry they contain.
_DX_NOT = re.compile(
    r"pulmonary hypertension|portal hypertension|intracranial hypertension|ocular hypertension"
    r"|diabetes insipidus|gestational|family history|screening for|history of",
    re.I,
)


def diagnosis_entity(title: str) -> Entity | None:
    """The lexicon diagnosis a coded title is (whole terms; 'pulmonary hypertension' is not hypertension)."""
    if _DX_NOT.search(title or ""):
        return None
    return _match(DIAGNOSES, title)


def _condition_facts(
    record: PatientRecord, note_dx: dict[str, SourceRef]
) -> list[Fact]:
    """Lexicon diagnoses only: a patient does not recite ICD titles, and an unnamed
    diagnosis has no lay or Chinese name to say it with."""
    out: list[Fact] = []
    seen: set[str] = set()
    for res in record.of_type("Condition"):
        title = _cc_text(res.get("code"))
        ent = diagnosis_entity(title) if title else None
        if ent is None or ent.key in seen:
            continue
        seen.add(ent.key)
        out += _diagnosis_facts(ent, title, _res_ref(res))
    for key, src in note_dx.items():
        if key not in seen:
            seen.add(key)
            ent = next(e for e in DIAGNOSES if e.key == key)
            out += _diagnosis_facts(ent, ent.en[0], src)
    return out


def _lifetime_diagnoses(record: PatientRecord) -> int:
    """Distinct lexicon diagnoses in the whole record (what sets a persona's anxiety)."""
    keys = set()
    for res in record.of_type("Condition"):
        title = _cc_text(res.get("code"))
        ent = diagnosis_entity(title) if title else None
        if ent is not None:
            keys.add(ent.key)
    return len(keys)


def _diagnosis_facts(ent: Entity, title: str, src: SourceRef) -> list[Fact]:
    """The diagnosis itself, nothing derived from it: a warning sign "they told me to
    watch for" or a daily-life impact ("I get out of breath walking up stairs") is not in
    the record, so the patient would be putting words in a clinician's mouth or stating
    a symptom the chart does not have (issue #39). Daily function comes from the note's
    "Discharge Condition" (:func:`~physassist_env.patient.notes.functional_facts`)."""
    return [
        _fact(
            f"dx:{ent.key}",
            Topic.HISTORY,
            "diagnosis",
            ent,
            P.diagnosis(ent, title),
            src,
        )
    ]


def _drug_name(res: dict[str, Any]) -> str:
    return _cc_text(res.get("medicationCodeableConcept")) or str(
        (res.get("medicationReference") or {}).get("display", "")
    )


def _dosage(res: dict[str, Any]) -> tuple[str | None, str | None, str | None]:
    di = (res.get("dosageInstruction") or [{}])[0]
    dose = None
    for dr in di.get("doseAndRate") or []:
        q = dr.get("doseQuantity") or {}
        if q.get("value") not in (None, 0, 0.0):
            v = q["value"]
            v = int(v) if isinstance(v, float) and v.is_integer() else v
            dose = f"{v} {q.get('unit', '')}".strip()
    timing = di.get("timing") or {}
    freq = _cc_text(timing.get("code")) or None
    if not freq and di.get("text"):
        m = re.search(r"\b(daily|bid|tid|qid|qhs|prn|q\d+h)\b", str(di["text"]).lower())
        freq = m.group(1) if m else None
    route = _cc_text(di.get("route")) or None
    return dose, freq, route


_DOSE_LINE = re.compile(
    r"(\d+(?:\.\d+)?)\s*(mg|mcg|g|units?|ml|meq|puffs?|tabs?|caps?)\b", re.I
)
_FREQ_LINE = re.compile(
    r"\b(daily|qday|qd|bid|tid|qid|qhs|hs|prn|qam|q12h|q8h|q6h)\b", re.I
)


def home_lists(
    record: PatientRecord, sections: dict[str, dict[str, str]]
) -> list[tuple[str, str, str]]:
    """Where the record says what the patient takes at home: ``[(note key, section, text)]``.

    The latest admission's "Medications on Admission" list (the most recent statement of
    home use; it supersedes older lists); when no admission has one, the "Discharge
    Medications" of the latest admission but the last (what an earlier stay sent the
    patient home with). The last admission's discharge list is the plan after this stay,
    not home use yet. Inpatient orders (``MedicationRequest``) are never a home list.
    """
    starts = {
        str(e.get("id")): str((e.get("period") or {}).get("start", ""))
        for e in record.of_type("Encounter")
    }
    keys = sorted(sections, key=lambda k: (starts.get(k, ""), k))

    def listed(key: str, name: str) -> str:
        text = sections[key].get(name, "")
        empty = re.fullmatch(r"\s*(none\.?|n/a)?\s*", text, re.I)
        return "" if empty else text

    for key in reversed(keys):
        if text := listed(key, "Medications on Admission"):
            return [(key, "Medications on Admission", text)]
    for key in reversed(keys[:-1]):
        if text := listed(key, "Discharge Medications"):
            return [(key, "Discharge Medications", text)]
    return []


def _home_medications(
    record: PatientRecord, sections: dict[str, dict[str, str]]
) -> list[tuple[Entity, SourceRef, tuple[str | None, str | None]]]:
    """Lexicon drugs on a home list, with the dose and frequency written on that line."""
    out: dict[str, tuple[Entity, SourceRef, tuple[str | None, str | None]]] = {}
    for key, section, text in home_lists(record, sections):
        for line in re.split(r"\n|,(?![^()]*\))|;", text):
            low = line.lower()
            for ent in DRUGS:
                if ent.key in out:
                    continue
                hit = next(
                    (m for t in ent.match if (m := _word_pattern(t).search(low))), None
                )
                if hit is None or not given_as(ent, line):
                    continue
                rest = low[hit.end() :]
                d = _DOSE_LINE.search(rest)
                f = _FREQ_LINE.search(rest)
                dose = f"{d.group(1)} {d.group(2)}" if d else None
                out[ent.key] = (
                    ent,
                    SourceRef(note_key=key, section=section),
                    (dose, f.group(1).lower() if f else None),
                )
    return list(out.values())


#: MedicationRequest statuses of an order that was never given (FHIR R4 medicationrequest-status).
_NOT_GIVEN = frozenset({"cancelled", "entered-in-error", "draft"})
#: Orders that carry a drug without treating the patient with it: a heparin line flush or
#: catheter dwell, circuit priming (CRRT, dialysis, balloon pump). "They gave me a blood
#: thinner / belly shots" is not what a line flush is.
_DEVICE_USE = re.compile(
    r"\bflush|\bdwell|\block\b|priming|hemodialysis|\bcrrt\b|\biabp\b|\bdialysate", re.I
)
#: Co-ingredients of combination products whose lexicon component the patient must not
#: name alone ("Hydrocodone-Acetaminophen" is an opioid, not Tylenol).
_CO_INGREDIENT = re.compile(
    r"codone|codeine|butalbital|caff|ipratropium|chlorothiazide|\bhctz\b|tramadol"
    r"|clavulan|tazobactam|sulbactam|sitagliptin|pioglitazone|valsartan|ezetimibe",
    re.I,
)


def given_as(ent: Entity, name: str) -> bool:
    """Whether an order named ``name`` is the lexicon drug ``ent`` as the patient would say
    it: not a device use (line flush, priming) and not a combination product with another
    active ingredient (one whose other part is a lexicon drug or a known co-ingredient)."""
    if _DEVICE_USE.search(name):
        return False
    parts = [p for p in re.split(r"-{1,2}|\bw/|/|\+", name) if p.strip()]
    if len(parts) < 2:
        return True
    for part in parts:
        if any(_word_pattern(t).search(part.lower()) for t in ent.match):
            continue
        if _CO_INGREDIENT.search(part) or _match(DRUGS, part) is not None:
            return False
    return True


def _inpatient_drugs(
    record: PatientRecord, home: set[str]
) -> list[tuple[Entity, SourceRef]]:
    """Lexicon drugs ordered in hospital and not on any home list (no dose: the patient was not told)."""
    out: dict[str, tuple[Entity, SourceRef]] = {}
    for res in record.of_type("MedicationRequest"):
        if res.get("status") in _NOT_GIVEN:
            continue
        name = _drug_name(res)
        ent = _match(DRUGS, name)
        if ent is None or ent.key in home or ent.key in out or not given_as(ent, name):
            continue
        if len(out) >= MAX_OTHER_DRUGS:
            break
        out[ent.key] = (ent, _res_ref(res))
    return list(out.values())


#: The exact tests each lab entity stands for: LOINC codes, or the whole record label.
#: Serum creatinine is not a urine albumin/creatinine ratio; haemoglobin is not HbA1c.
LAB_TESTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "potassium": (
        frozenset({"2823-3", "6298-4"}),
        frozenset({"potassium", "potassium, whole blood"}),
    ),
    "creatinine": (frozenset({"2160-0", "38483-4"}), frozenset({"creatinine"})),
    "sodium": (
        frozenset({"2951-2", "2947-0"}),
        frozenset({"sodium", "sodium, whole blood"}),
    ),
    "glucose": (
        frozenset({"2345-7", "2339-0"}),
        frozenset({"glucose, serum", "glucose, blood"}),
    ),
    "hemoglobin": (frozenset({"718-7"}), frozenset({"hemoglobin", "haemoglobin"})),
    "wbc": (
        frozenset({"6690-2", "26464-8"}),
        frozenset({"white blood cells", "wbc count", "wbc"}),
    ),
    "inr": (frozenset({"6301-6", "34714-6"}), frozenset({"inr(pt)", "inr"})),
    "lactate": (frozenset({"2524-7", "32693-4"}), frozenset({"lactate"})),
    "bnp": (
        frozenset({"33762-6", "30934-4"}),
        frozenset({"ntprobnp", "nt-probnp", "bnp"}),
    ),
}
_OTHER_FLUID = re.compile(
    r"urine|ascites|pleural|csf|fluid|stool|a1c|ratio|/|carboxy|methemo", re.I
)


def lab_entity(code: dict[str, Any] | None) -> Entity | None:
    """The lab entity an Observation code is exactly (LOINC, else the whole label); None otherwise."""
    codings = (code or {}).get("coding") or []
    loincs = {str(c.get("code")) for c in codings if "loinc" in str(c.get("system"))}
    labels = [_cc_text(code)] + [str(c.get("display", "")) for c in codings]
    for ent in LABS:
        codes, names = LAB_TESTS.get(ent.key, (frozenset(), frozenset()))
        if loincs & codes:
            return ent
        if not loincs and any(
            lab.strip().lower() in names and not _OTHER_FLUID.search(lab)
            for lab in labels
        ):
            return ent
    return None


def _blood_specimen(res: dict[str, Any]) -> bool:
    """True unless the Observation names a specimen other than blood (a urine "WBC" is
    not the white blood cell count; MIMIC-IV ``d_labitems.fluid`` is the ``bodySite``)."""
    site = _cc_text(res.get("bodySite")).strip().lower()
    return not site or "blood" in site


def _encounter_of(res: dict[str, Any]) -> str:
    return str((res.get("encounter") or {}).get("reference") or "")


def _lab_facts(record: PatientRecord) -> list[Fact]:
    """Lab results as the patient was told them, read from the series as of the record's date.

    The latest abnormal result of the exact test, in blood, says high or low. It is the
    patient's *last* result only when no later result of that test exists; then its value
    is said as "last time" (high literacy) with a trend only where the first result of
    its stay, the first on record and the one just before all give the same direction. An abnormal result followed by later
    ones is "at one point", with no trend: the patient is never told a stale value as the
    latest or a direction the series does not have.
    """
    series: dict[str, list[dict[str, Any]]] = {}
    for res in record.of_type("Observation"):
        cats = {
            c.get("code")
            for cat in res.get("category") or []
            for c in cat.get("coding") or []
        }
        if (
            "laboratory" not in cats
            or (res.get("valueQuantity") or {}).get("value") is None
            or res.get("status") in ("cancelled", "entered-in-error")
            or not _blood_specimen(res)
        ):
            continue
        ent = lab_entity(res.get("code"))
        if ent:
            series.setdefault(ent.key, []).append(res)
    out: list[Fact] = []
    for ent in LABS:
        rows = sorted(
            series.get(ent.key, []), key=lambda r: str(r.get("effectiveDateTime", ""))
        )
        flagged = [r for r in rows if _flag(r) in ("H", "L", "HH", "LL")]
        if not flagged or len(out) >= MAX_LABS:
            continue
        last = flagged[-1]
        when = str(last.get("effectiveDateTime", ""))
        latest = all(str(r.get("effectiveDateTime", "")) <= when for r in rows)
        trend = None
        if latest:
            enc = _encounter_of(last)
            stay = [r for r in rows if enc and _encounter_of(r) == enc] or [last]
            before = [r for r in rows if r is not last]
            # a direction is said only when every reading of it agrees: against the
            # first result of the stay, the first result on record and the one before
            bases = [stay[0], rows[0]] + before[-1:]
            found = {_direction(b, last) for b in bases if b is not last}
            trend = found.pop() if len(found) == 1 else "stable"
        v = last["valueQuantity"]["value"]
        shown = f"{v:g}" if isinstance(v, int | float) else str(v)
        out.append(
            _fact(
                f"lab:{ent.key}",
                Topic.LAB,
                "trend",
                ent,
                P.lab(ent, _flag(last)[0], trend, shown),
                _res_ref(last),
            )
        )
    return out


def _direction(first: dict[str, Any], last: dict[str, Any]) -> str:
    """``up``/``down`` when ``last`` differs from ``first`` by more than 10%, else ``stable``."""
    a = float(first["valueQuantity"]["value"])
    b = float(last["valueQuantity"]["value"])
    return "up" if b > a * 1.1 else "down" if b < a * 0.9 else "stable"


def _flag(res: dict[str, Any]) -> str:
    for interp in res.get("interpretation") or []:
        for c in interp.get("coding") or []:
            if c.get("code"):
                return str(c["code"]).upper()
    return ""


def _allergy_facts(
    record: PatientRecord, sections: dict[str, dict[str, str]]
) -> list[Fact]:
    out: list[Fact] = []
    seen: set[str] = set()
    for res in record.of_type("AllergyIntolerance"):
        name = _cc_text(res.get("code"))
        if name and _slug(name) not in seen:
            seen.add(_slug(name))
            # an "adverse effect of <drug>" code is an intolerance, never "I'm allergic to"
            # (ICD-10-CM Official Guidelines I.C.19.e.5.a)
            agent = adverse_agent(name) if res.get("type") == "intolerance" else ""
            out.append(
                _fact(
                    f"allergy:{_slug(name)}",
                    Topic.ALLERGY,
                    "allergy",
                    None,
                    N.intolerance_wording(
                        agent, allergy_zh(name).removesuffix("不良反应")
                    )
                    if agent
                    else N.allergy_wording(name),
                    _res_ref(res),
                    entity_terms=[name.lower()],
                )
            )
    for key, secs in sections.items():
        names = N.allergies_from_note(secs.get("Allergies", ""))
        src = SourceRef(note_key=key, section="Allergies")
        if names == [] and not out and "allergy:none" not in seen:
            seen.add("allergy:none")
            out.append(
                Fact(
                    id="allergy:none",
                    topic=Topic.ALLERGY,
                    aspect="allergy",
                    source=src,
                    en=[
                        "I have no known allergies",
                        "I'm not allergic to anything",
                        "no allergies that I know of",
                    ],
                    zh=["我没有已知的过敏", "我对什么都不过敏", "没听说我对啥过敏"],
                )
            )
        for name in names or []:
            if _slug(name) not in seen and _slug(name).rstrip("s") not in {
                s.rstrip("s") for s in seen
            }:
                seen.add(_slug(name))
                out.append(
                    _fact(
                        f"allergy:{_slug(name)}",
                        Topic.ALLERGY,
                        "allergy",
                        None,
                        N.allergy_wording(name),
                        src,
                        entity_terms=[name.lower()],
                    )
                )
    return out


def _current_admission(
    record: PatientRecord, sections: dict[str, dict[str, str]]
) -> str | None:
    """Key of the note sections of the latest admission begun in ``record`` (the current
    one at the session date, ``record`` being gated), or None when no section key is an
    Encounter of the record."""
    starts = {
        str(r.get("id")): str((r.get("period") or {}).get("start") or "")
        for r in record.of_type("Encounter")
    }
    keyed = [k for k in sections if k in starts]
    return max(keyed, key=lambda k: (starts[k], k)) if keyed else None


def _verify(record: PatientRecord, facts: list[Fact]) -> tuple[list[Fact], list[str]]:
    ids = {(r.get("resourceType"), str(r.get("id"))) for r in record.resources}
    sections = record.meta.get("note_sections") or {}
    kept: list[Fact] = []
    dropped: list[str] = []
    seen: set[str] = set()
    for f in facts:
        s = f.source
        ok = (
            (s.resource_type, s.resource_id) in ids
            if s.resource_type
            else bool(
                (sections.get(str(s.note_key)) or {}).get(str(s.section), "").strip()
            )
        )
        if not ok:
            logger.warning(
                "patient %s: fact %s dropped, source %s is not in the record",
                record.patient_id,
                f.id,
                s.label(),
            )
            dropped.append(f.id)
        elif f.id not in seen:
            seen.add(f.id)
            kept.append(f)
    return kept, dropped


def build_memory(
    record: PatientRecord,
    seed: int | np.random.Generator = 0,
    *,
    persona_overrides: dict[str, Any] | None = None,
    extra_facts: list[Fact] | None = None,
    as_of: str | None = None,
    store: FhirStore | None = None,
) -> PatientMemory:
    """Build the patient's verified memory and persona.

    Args:
        record: The patient's record (``record.meta["note_sections"]`` is used when present).
        seed: An int seed or a numpy Generator; the only source of randomness.
        as_of: The session's current date: the patient knows only what had happened and
            been recorded by then, by the same availability gate as the EHR tools
            (:func:`~physassist_env.ehr.store.record_at`); no later result, admission or
            diagnosis. ``None`` uses the whole record.
        store: A store already built from ``record`` alone, reused for the ``as_of``
            gate instead of indexing the record again (same result).
        persona_overrides: Persona fields to force (``{"literacy": "low", "completeness":
            "withholds_critical", "adherence": {"lisinopril": "poor"}}``).
        extra_facts: Facts from elsewhere (e.g. a scenario author); verified like the rest.

    Returns:
        The memory: facts in a stable order, the persona, and ids of dropped facts.

    Raises:
        EmptyMemoryError: When no fact survives verification (a wrong path or an empty
            record must never yield a silent, empty patient).
    """
    whole = record
    record = record_at(record, as_of, store=store)
    rng = (
        seed
        if isinstance(seed, np.random.Generator)
        else np.random.default_rng([int(seed), patient_seed(record.patient_id)])
    )
    streams: Callable[[str], np.random.Generator] | None = None
    if not isinstance(seed, np.random.Generator):
        # The persona is the person's, not the date's: each trait has its own stream
        # keyed by patient and trait, and the traits' inputs (age band, number of
        # diagnoses) come from the whole record, so sessions of one patient on
        # different dates meet the same person. A trait states no record fact.
        base = [int(seed), patient_seed(record.patient_id)]

        def stream(key: str) -> np.random.Generator:
            return np.random.default_rng([*base, zlib.crc32(key.encode())])

        streams = stream
    seed_int = None if isinstance(seed, np.random.Generator) else int(seed)
    sections: dict[str, dict[str, str]] = {
        str(k): v
        for k, v in (record.meta.get("note_sections") or {}).items()
        if isinstance(v, dict)
    }
    facts: list[Fact] = []
    note_dx: dict[str, SourceRef] = {}
    known_adh: dict[
        str, tuple[Adherence, str | None, tuple[str, str] | None, SourceRef]
    ] = {}
    # The symptoms the patient has now are those of the current admission (the latest one
    # begun by the session date): a cough noted at last year's pneumonia admission is
    # history, not why the patient came in this time (read from synthetic sessions: a
    # hypertension admission reported the earlier pneumonia's cough and fever).
    current = _current_admission(record, sections)
    for key, secs in sections.items():
        if current is None or key == current:
            facts += N.symptom_facts(key, secs)
        for dx in N.history_from_note(secs):
            note_dx.setdefault(
                dx, SourceRef(note_key=key, section="Past Medical History")
            )
        for drug, value in N.note_adherence(key, secs).items():
            known_adh.setdefault(drug, value)
    conditions = _condition_facts(record, note_dx)
    home_meds = _home_medications(record, sections)
    home = [ent.key for ent, _, _ in home_meds]
    documented = {k: v[0] for k, v in known_adh.items() if k in home}
    n_dx = sum(1 for f in conditions if f.aspect == "diagnosis")
    persona = draw_persona(
        record,
        rng,
        home,
        documented,
        n_dx if streams is None else _lifetime_diagnoses(whole),
        persona_overrides,
        seed_int,
        streams=streams,
        trait_age=None if streams is None else record_age(whole),
    )
    for ent, src, (dose, freq) in home_meds:
        key = ent.key
        status = persona.adherence.get(key, Adherence.UNKNOWN)
        taking = status not in NOT_TAKING
        facts.append(
            _fact(
                f"med:{key}:regimen",
                Topic.MEDICATION,
                "regimen",
                ent,
                P.regimen(ent, ent.en[0], dose, freq, True, taking),
                src,
            )
        )
        reason, ago, a_src, basis = None, None, src, "persona"
        if key in known_adh and known_adh[key][0] == status:
            _, reason, ago, a_src = known_adh[key]
            basis = "record"
        problem = status not in (Adherence.GOOD, Adherence.UNKNOWN)
        facts.append(
            _fact(
                f"med:{key}:adherence",
                Topic.MEDICATION,
                "adherence",
                ent,
                P.adherence(ent, ent.en[0], status, reason, ago),
                a_src,
                critical=problem,
                basis=basis,
            )
        )
    for ent, src in _inpatient_drugs(record, set(home)):
        facts.append(
            _fact(
                f"med:{ent.key}:regimen",
                Topic.MEDICATION,
                "regimen",
                ent,
                P.regimen(ent, ent.en[0], None, None, False),
                src,
            )
        )
    facts += conditions
    facts += _allergy_facts(record, sections)
    for key, secs in sections.items():
        facts += N.social_facts(key, secs)
        facts += N.functional_facts(key, secs)
    facts += _lab_facts(record)
    facts += extra_facts or []
    facts = _apply_withholding(facts, persona)
    kept, dropped = _verify(record, facts)
    if not kept:
        raise EmptyMemoryError(
            f"patient {record.patient_id!r}: no verifiable fact (resources: {record.counts() or 'none'}, "
            f"note sections: {len(sections)}, candidates dropped: {len(dropped)}); check the record source path"
        )
    return PatientMemory(
        patient_id=record.patient_id, facts=kept, persona=persona, dropped=dropped
    )


def _apply_withholding(facts: list[Fact], persona: Persona) -> list[Fact]:
    out = []
    for f in facts:
        sensitive = f.topic == Topic.SOCIAL and f.critical
        withheld = (persona.completeness != Completeness.FULL and sensitive) or (
            persona.completeness == Completeness.WITHHOLDS_CRITICAL and f.critical
        )
        out.append(
            f.model_copy(update={"withheld": withheld}) if withheld != f.withheld else f
        )
    return out
