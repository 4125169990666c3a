"""What the chart showed: the tool results the agent saw (and the request), read into facts.

The closed-world accounting (:mod:`physassist_env.grading.additions`) checks every claim an
answer adds against what the chart held at the session time. The grader knows that chart
only through what the agent observed: the EHR tool results (compact text, one ``- date |
...`` line per resource under a ``Type: N result(s)`` header, see
:mod:`physassist_env.ehr.render`), the patient's replies and the physician's request.
:func:`read_chart` reads them into a :class:`SeenChart`: the allergy rows, the drug orders
with their route and status, the latest haemoglobin, INR and potassium, the highest
glucose, acute kidney injury (KDIGO 2012 creatinine criteria), active bleeding (a bleeding
code of the admission, an acute haemoglobin fall or the request), diabetes and
cardiovascular disease, as :class:`~physassist_env.clinical.harm.Chart` facts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from physassist_env.clinical import bleeding, harm, scores
from physassist_env.clinical.antithrombotic import line_heparin
from physassist_env.grading import claims as cl
from physassist_env.vocab.instructions import ROUTE_WORDS

#: A result header: ``MedicationRequest: 3 result(s)``, ``Observation：共 2 条结果``,
#: ``no AllergyIntolerance found``, ``未找到 AllergyIntolerance``, ``Created: ...``.
_HEADER_RE = re.compile(
    r"^(?:(?P<type>[A-Za-z]+)\s*[:：]|no (?P<none>[A-Za-z]+) found|未找到 (?P<zh>[A-Za-z]+))"
)
_ROW_RE = re.compile(
    r"^-\s+(?P<date>\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?)(?: to [^|]*)?\s*\|\s*(?P<rest>.*)$"
)
_LAB_RE = re.compile(
    r"^(?P<name>[^=|]+?)\s*=\s*(?P<value>-?\d+(?:\.\d+)?)\s*(?P<unit>[^\s(\[|]*)"
)
#: A result's flag and reference range after its value: ``2.8 mEq/L (L) [ref 3.5-5.1]``
#: (:func:`physassist_env.ehr.render._flag` and ``_range``).
_FLAG_RE = re.compile(r"\((?P<flag>[A-Z]{1,3})\)")
_RANGE_RE = re.compile(r"\[ref (?P<lo>-?\d+(?:\.\d+)?)?-(?P<hi>-?\d+(?:\.\d+)?)?\]")
_STATUS_RE = re.compile(
    r"\|\s*(?P<status>active|stopped|completed|on-hold|cancelled|draft|entered-in-error|"
    r"unknown|in-progress|not-done)\b"
)
_ICD_RE = re.compile(r"\(ICD-(?:10|9)(?:-CM)? (?P<code>[A-Z0-9.]+)\)")
#: Lab rows of another specimen than blood (urine creatinine, urine glucose).
_NOT_BLOOD_RE = re.compile(r"\burine\b|\bur\b|24 ?hr|\bcsf\b|\bfluid\b", re.I)

#: Request wording of active bleeding ("rectal bleed", "GI bleeding", 消化道出血); a
#: bleeding *risk* is not a bleed.
_BLEED_SAID_RE = re.compile(
    r"\b(?:active(?:ly)?|ongoing|acute|gi|rectal|upper|lower|variceal|intracranial)\s+"
    r"(?:gi\s+)?(?:bleed|bleeding|hemorrhage|haemorrhage)\b|\bis bleeding\b"
    r"|\bbleeding (?:now|again|heavily)\b|\bmelena\b|\bmelaena\b|\bhematochezia\b"
    r"|\bhaematochezia\b|\bhematemesis\b|\bhaematemesis\b"
    r"|正在出血|活动性出血|消化道出血|便血|黑便|呕血|颅内出血",
    re.I,
)
_AKI_SAID_RE = re.compile(
    r"\bAKI\b|\bacute kidney injury\b|\bacute renal failure\b|急性肾损伤|急性肾衰", re.I
)
#: ICD prefixes (no dots): acute kidney injury (N17, 584), diabetes (E08-E13, 250),
#: cardiovascular disease for the AABB 8 g/dL threshold (coronary disease I20-I25 and
#: 410-414, heart failure I50 and 428).
_AKI_CODES = ("N17", "584")
#: An enteric infection oral vancomycin treats (C. difficile, enterocolitis; the label).
_ENTERIC_RE = re.compile(
    r"difficile|c\.\s?diff|\bcdiff|\bcdi\b|colitis|艰难梭菌|结肠炎"
)
_DIABETES_CODES = ("E08", "E09", "E10", "E11", "E13", "250")
_CARDIO_CODES = ("I20", "I21", "I22", "I23", "I24", "I25", "410", "411", "412", "413")
_CARDIO_CODES += ("414", "I50", "428")
#: Standing indications for anticoagulation (ICD-10 / ICD-9): atrial fibrillation or
#: flutter (I48, 427.3), venous thromboembolism (I26, I80, I82, 415.1, 451, 453), a
#: mechanical valve (Z95.2, V43.3) (2023 ACC/AHA/ACCP/HRS AF guideline; CHEST 2021 VTE).
_ANTICOAGULATION_CODES = ("I48", "4273", "I26", "I80", "I82", "4151", "451", "453")
_ANTICOAGULATION_CODES += ("Z952", "V433")
#: An infection a running antibiotic treats: ICD-10 A00-B99, J09-J18 (influenza and
#: pneumonia), N10/N30/N39.0 (pyelonephritis, cystitis, UTI), L02/L03 (abscess,
#: cellulitis), M86 (osteomyelitis), I33 (endocarditis), K65 (peritonitis); ICD-9 001-139,
#: 038, 480-487, 590, 595, 599.0, 681-682, 730, 421, 567.
_INFECTION_CODES = ("A", "B", "J09", "J1", "N10", "N30", "N390", "L02", "L03", "M86")
_INFECTION_CODES += ("I33", "K65", "038", "48", "590", "595", "5990", "681", "682")
_INFECTION_CODES += ("730", "421", "567")


@dataclass(frozen=True)
class SeenChart:
    """The chart as the agent saw it.

    Attributes:
        facts: The clinical facts the harm list reads.
        allergy_rows: The allergy list's rows (``None`` when never looked at).
        conditions: (ICD code without dots, title) of the condition rows.
        drug_terms: The drug names of the order and administration rows (record names,
            so an answer naming a drug the vocabulary does not know still binds to it).
        text: Everything seen and the request, lowercased (for "the chart mentions it").
        newest: The newest date seen (``""`` when none).
    """

    facts: harm.Chart
    allergy_rows: tuple[str, ...] | None
    conditions: tuple[tuple[str, str], ...]
    drug_terms: tuple[str, ...]
    text: str
    newest: str


@dataclass(frozen=True)
class LabPoint:
    """One blood result the agent saw, with the chart's own reading of it.

    Attributes:
        date: ``YYYY-MM-DD[ HH:MM]`` of the row.
        value: The value as recorded (in the record's unit).
        side: ``high`` / ``low`` when the chart flags it (``(H)``, ``(L)``, ``(HH)``...)
            or, unflagged, when it lies outside the row's reference range; ``normal``
            when it lies inside a stated range unflagged; ``""`` when nothing says.
    """

    date: str
    value: float
    side: str


def lab_points(observations: Sequence[str]) -> dict[str, tuple[LabPoint, ...]]:
    """The blood results seen, per analyte key, oldest first, each (date, value) once."""
    out: dict[str, dict[tuple[str, float], LabPoint]] = {}
    for text in observations:
        for key, point in _points(text):
            out.setdefault(key, {})[(point.date, point.value)] = point
    return {k: tuple(sorted(v.values(), key=lambda p: p.date)) for k, v in out.items()}


@functools.lru_cache(maxsize=8192)
def _points(text: str) -> tuple[tuple[str, LabPoint], ...]:
    """(analyte, point) of the result rows of one tool result (memoised per text)."""
    out = []
    for line in text.split("\n"):
        row = _ROW_RE.match(line.strip())
        if row is None or _ICD_RE.search(row.group("rest")):
            continue
        rest = row.group("rest")
        m = _LAB_RE.match(rest)
        if m is None or _NOT_BLOOD_RE.search(m.group("name")):
            continue
        key = _analyte_of(m.group("name"))
        if not key:
            continue
        value = float(m.group("value"))
        tail = rest[m.end() :].split("|")[0]
        out.append((key, LabPoint(row.group("date"), value, _side(value, tail))))
    return tuple(out)


def _side(value: float, tail: str) -> str:
    """The chart's reading of a value from the words after it (see :class:`LabPoint`)."""
    flag = _FLAG_RE.search(tail)
    if flag is not None:
        code = flag.group("flag")
        if code.startswith("H"):
            return "high"
        if code.startswith("L"):
            return "low"
        if code in ("A", "AA"):
            return "abnormal"
    rng = _RANGE_RE.search(tail)
    if rng is None:
        return ""
    lo, hi = rng.group("lo"), rng.group("hi")
    if hi is not None and value > float(hi):
        return "high"
    if lo is not None and value < float(lo):
        return "low"
    return "normal" if flag is None else ""


def read_chart(observations: Sequence[str], request: str = "") -> SeenChart:
    """The chart the agent saw (memoised per observations and request)."""
    return _read(tuple(observations), request)


@dataclass(frozen=True)
class _Rows:
    """What one tool result shows (parsed once: a session's results repeat every turn)."""

    allergy_rows: tuple[str, ...] | None
    orders: tuple[harm.Order, ...]
    conditions: tuple[tuple[str, str, str], ...]
    labs: tuple[tuple[str, str, float], ...]
    drug_terms: tuple[str, ...]
    dates: tuple[str, ...]


@functools.lru_cache(maxsize=8192)
def _rows(text: str) -> _Rows:
    lines = text.split("\n")
    head = _HEADER_RE.match(lines[0].strip()) if lines else None
    rtype = (
        (head.group("type") or head.group("none") or head.group("zh") or "")
        if head
        else ""
    )
    if rtype == "AllergyIntolerance":
        rows = tuple(ln.strip() for ln in lines[1:] if ln.strip().startswith("-"))
        terms = tuple(t for t in map(_allergen_term, rows) if t)
        return _Rows(rows, (), (), (), terms, ())
    orders: list[harm.Order] = []
    conditions: list[tuple[str, str, str]] = []
    labs: list[tuple[str, str, float]] = []
    drug_terms: list[str] = []
    dates: list[str] = []
    for line in lines:
        row = _ROW_RE.match(line.strip())
        if row is None:
            continue
        date, rest = row.group("date"), row.group("rest")
        dates.append(date)
        icd = _ICD_RE.search(rest)
        if icd is not None:
            conditions.append((icd.group("code").replace(".", "").upper(), rest, date))
            continue
        lab = _LAB_RE.match(rest)
        if lab is not None and rtype in ("Observation", "Resources", ""):
            found = _lab(lab)
            if found is not None:
                labs.append((found[0], date, found[1]))
            continue
        if rtype in ("MedicationRequest", "MedicationAdministration", "Resources"):
            orders.append(
                _order(rest, administered=rtype == "MedicationAdministration")
            )
            drug_terms.append(_name_of(rest.split("|")[0].strip()))
    return _Rows(
        None,
        tuple(orders),
        tuple(conditions),
        tuple(labs),
        tuple(drug_terms),
        tuple(dates),
    )


@functools.lru_cache(maxsize=1024)
def _read(observations: tuple[str, ...], request: str) -> SeenChart:
    allergy_rows: list[str] | None = None
    orders: list[harm.Order] = []
    conditions: list[tuple[str, str, str]] = []
    labs: dict[str, list[tuple[str, float]]] = {}
    drug_terms: list[str] = []
    dates: list[str] = []
    for text in observations:
        rows = _rows(text)
        if rows.allergy_rows is not None:
            allergy_rows = (allergy_rows or []) + list(rows.allergy_rows)
        orders += rows.orders
        conditions += rows.conditions
        for key, date, value in rows.labs:
            labs.setdefault(key, []).append((date, value))
        drug_terms += rows.drug_terms
        dates += rows.dates
    newest = max(dates, default="")
    seen_text = "\n".join([*observations, request]).lower()
    codes = [c for c, _, _ in conditions]
    facts = harm.Chart(
        allergies=None if allergy_rows is None else tuple(allergy_rows),
        orders=tuple(orders),
        hb=_latest(labs.get("hemoglobin")),
        inr=_latest(labs.get("inr")),
        potassium=_latest(labs.get("potassium")),
        glucose_max=max((v for _, v in labs.get("glucose", [])), default=None),
        aki=_aki(labs.get("creatinine", []))
        or any(c.startswith(_AKI_CODES) for c in codes)
        or bool(_AKI_SAID_RE.search(request)),
        bleeding=_bleeding(conditions, labs.get("hemoglobin", []), newest)
        or bool(_BLEED_SAID_RE.search(request)),
        diabetes=any(c.startswith(_DIABETES_CODES) for c in codes),
        cardiovascular=any(c.startswith(_CARDIO_CODES) for c in codes),
        anticoagulation_indicated=any(
            c.startswith(_ANTICOAGULATION_CODES) for c in codes
        ),
        infection=any(c.startswith(_INFECTION_CODES) for c in codes),
        enteric_infection=bool(_ENTERIC_RE.search(seen_text)),
        platelets=_latest(labs.get("platelets")),
        egfr=_egfr(labs.get("egfr"), labs.get("creatinine")),
        heart_rate=_latest(labs.get("hr")),
        qtc=_qtc(observations, request),
    )
    return SeenChart(
        facts=facts,
        allergy_rows=None if allergy_rows is None else tuple(allergy_rows),
        conditions=tuple((c, t) for c, t, _ in conditions),
        drug_terms=tuple(dict.fromkeys(t for t in drug_terms if t)),
        text=seen_text,
        newest=newest,
    )


_DOSE_START_RE = re.compile(r"\s\d|\s\(")


#: An allergy row's allergen as one drug word ("- 2132-05-15 23:00 | Codeine | Active",
#: "Lisinopril (angioedema)"); a class or a phrase ("Sulfa (Sulfonamide Antibiotics)",
#: "Anticoagulants causing adverse effects...") is read by the allergy tables instead.
_ALLERGEN_ROW_RE = re.compile(
    r"^-\s+[\d: -]+\|\s*(?:allergy\s+status\s+to\s+|personal\s+history\s+of\s+allergy\s+to\s+)?"
    r"(?P<name>[A-Za-z][A-Za-z-]{3,30})\s*(?:\([^)|]*\))?\s*\|",
    re.I,
)


def _allergen_term(row: str) -> str:
    """The drug an allergy row records, as a name an answer may bind an order to (issue
    #35, eleventh pass: "add codeine" against a codeine allergy, whether or not the
    vocabulary knows codeine); ``""`` for a class or a phrase."""
    m = _ALLERGEN_ROW_RE.match(row)
    return m.group("name") if m else ""


def _name_of(name: str) -> str:
    """A record's drug name without its strength ("Phytonadione 2.5 mg PO ONCE" ->
    "Phytonadione")."""
    m = _DOSE_START_RE.search(name)
    return (name[: m.start()] if m else name).strip()


@functools.lru_cache(maxsize=8192)
def drug_of(name: str) -> str:
    """The generic (or ``class:<x>``) a drug text names, by the vocabulary; ``""``."""
    for s in cl.find_subjects(name):
        if s.kind == "drug":
            return s.key.removeprefix("drug:")
    return ""


@functools.lru_cache(maxsize=8192)
def route_of(text: str) -> str:
    """The route a drug text names (``iv``, ``sc``, ``po``, ``im``, ``push``), ``""``."""
    words = re.findall(r"[A-Za-z.]+|[\u4e00-\u9fff]{2,4}", text)
    for w in words:
        route = ROUTE_WORDS.get(w.lower().strip("."))
        if route:
            return route
    low = text.lower()
    for word, route in ROUTE_WORDS.items():
        if not word.isascii() and word in low:
            return route
    return ""


def _order(rest: str, *, administered: bool) -> harm.Order:
    """One order or administration row; a heparin flush, lock or circuit dose is no
    anticoagulant, so it is read as no drug
    (:func:`physassist_env.clinical.antithrombotic.line_heparin`: ISMP heparin safety;
    CHEST 2012 dose classes; round 15, 10014354-22508257)."""
    name = rest.split("|")[0]
    drug = "" if line_heparin(name, route_of(name)) else drug_of(name)
    status = _STATUS_RE.search(rest)
    active = bool(status) and status.group("status") in ("active", "in-progress")
    if administered:
        active = False
    return harm.Order(drug=drug, text=rest.strip(), route=route_of(name), active=active)


def _lab(m: re.Match[str]) -> tuple[str, float] | None:
    """(analyte, value in the unit the rules read) of a result row, ``None`` when it is
    not a blood result the vocabulary knows."""
    name = m.group("name")
    if _NOT_BLOOD_RE.search(name):
        return None
    key = _analyte_of(name)
    if not key:
        return None
    value = float(m.group("value"))
    unit = m.group("unit").lower()
    if key == "hemoglobin" and unit == "g/l":
        value /= 10.0
    elif key == "glucose" and unit in ("mmol/l", "mm"):
        value *= 18.0
    elif key == "creatinine" and unit in ("umol/l", "µmol/l", "μmol/l"):
        value /= 88.4
    return key, value


@functools.lru_cache(maxsize=8192)
def _analyte_of(name: str) -> str:
    """The analyte a result's name is (``Hemoglobin`` -> ``hemoglobin``), ``""``."""
    return next((s.key for s in cl.find_subjects(name) if s.kind == "analyte"), "")


def _latest(points: list[tuple[str, float]] | None) -> float | None:
    if not points:
        return None
    return max(points, key=lambda p: p[0])[1]


#: The youngest adult age CKD-EPI 2021 applies to: the highest eGFR a creatinine allows.
_ADULT_AGE = 18
#: A corrected QT said in a result or the request ("QTc = 512 ms", "QTc 520", QTc间期 510).
_QTC_RE = re.compile(r"\bQTc[^0-9\n]{0,20}?(\d{3})(?:\.\d+)?\s*(?:ms|msec|毫秒)?", re.I)


def _egfr(
    egfr: list[tuple[str, float]] | None, creatinine: list[tuple[str, float]] | None
) -> float | None:
    """The latest eGFR seen, else the highest eGFR (race-free CKD-EPI 2021) any adult can
    have at the latest creatinine (age 18, either sex): a bound that never calls a kidney
    worse than the patient's own age and sex would (the chart's demographics are not read)."""
    seen = _latest(egfr)
    if seen is not None:
        return seen
    cr = _latest(creatinine)
    if cr is None or cr <= 0:
        return None
    return max(
        scores.egfr_ckd_epi_2021(creatinine=cr, age=_ADULT_AGE, female=female)
        for female in (False, True)
    )


def _qtc(observations: Sequence[str], request: str) -> float | None:
    """The corrected QT (ms) of the newest result row that states one, or of the request."""
    best: tuple[str, float] | None = None
    for text in (*observations, request):
        for date, value in _qtc_rows(text):
            if best is None or date >= best[0]:
                best = (date, value)
    return None if best is None else best[1]


@functools.lru_cache(maxsize=8192)
def _qtc_rows(text: str) -> tuple[tuple[str, float], ...]:
    """(row date or "", QTc ms) of the lines of ``text`` that state a plausible QTc, in
    order (memoised per text: a session's results repeat every turn)."""
    out = []
    for line in text.split("\n"):
        m = _QTC_RE.search(line)
        if m is None or not 300 <= float(m.group(1)) <= 800:
            continue
        row = _ROW_RE.match(line.strip())
        out.append((row.group("date") if row else "", float(m.group(1))))
    return tuple(out)


def _when(date: str) -> datetime | None:
    try:
        return datetime.fromisoformat(date)
    except ValueError:
        return None


def _aki(points: list[tuple[str, float]]) -> bool:
    """KDIGO 2012 (2.1.1) creatinine criteria on the draws seen: a rise of >= 0.3 mg/dL
    within 48 h, or to >= 1.5x the lowest value of the 7 days before
    (:func:`physassist_env.clinical.scores.kdigo_aki_stage` >= 1)."""
    pts = sorted((w, v) for d, v in points if (w := _when(d)) is not None)
    for i, (t, v) in enumerate(pts):
        week = [p for p in pts[:i] if t - p[0] <= timedelta(days=7)]
        if not week:
            continue
        two_days = [p[1] for p in week if t - p[0] <= timedelta(hours=48)]
        rise = v - min(two_days) if two_days else 0.0
        base = min(p[1] for p in week)
        if scores.kdigo_aki_stage(baseline=base, peak=v, rise_48h=rise) >= 1:
            return True
    return False


def _bleeding(
    conditions: list[tuple[str, str, str]],
    hb: list[tuple[str, float]],
    newest: str,
) -> bool:
    """Active bleeding read from the rows seen by the one rule the topics use
    (:func:`physassist_env.clinical.bleeding.active_bleeding`, round 14): the
    admission's own codes are those recorded with the newest condition rows (a real
    record dates an admission's codes at its discharge, so mid-stay the newest codes may
    be an earlier admission's), the session is the newest row seen, and the haemoglobin
    is read with the men's anaemia threshold when the sex is not known."""
    dated = [w for _, _, d in conditions if (w := _when(d)) is not None]
    since = (max(dated) - timedelta(days=1)).isoformat() if dated else ""
    pts = [(d.replace(" ", "T"), v) for d, v in hb]
    return bleeding.active_bleeding(
        [(code, date) for code, _, date in conditions], since, newest, pts
    )
