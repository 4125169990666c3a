"""Re-check the clinical readings of gold answers against the raw MIMIC-IV tables.

:mod:`.verify` checks that each row a claim cites exists and says what the claim quotes.
A gold answer can cite only real rows and still read them wrongly: a trend that starts
after the emergency-department values of the same episode, a KDIGO baseline that ignores
the pre-admission creatinine, a replacement ordered again after the same dose was given,
an intravenous drug on a discharge list, an allergy list missing a recorded reaction, a
Chinese answer with English names left in it. Each check below reads the raw rows with
:mod:`.raw` (Python's ``csv``, nothing of the converter) and counts a *problem* per claim
that the rows contradict (issue #37):

* ``window``: a trend or peak read "since admission" must start at the episode's first
  value: the admission's ``edregtime`` (ED registration) or its earliest ``labevents`` row,
  whichever is first, not ``admittime``'s calendar day;
* ``baseline``: a KDIGO baseline must be the most recent outpatient creatinine 7-365 days
  before the episode where one exists, or a lower value of the 7 days before the
  reading it stages (KDIGO 2012 2.1; Siew 2012);
* ``duplicate order``: a potassium or magnesium replacement is not proposed when one was
  prescribed after the value it acts on, by the session date;
* ``inpatient-only on discharge list``: a drug a discharge list names is not given by an
  intravenous route (``prescriptions.route``);
* ``allergy list incomplete``: an allergy answer names every allergy or adverse-reaction
  ICD code recorded by the session date (ICD-9 V14/995.x/E930-E949, ICD-10 Z88/T78/T88 and
  adverse effects T36-T50);
* ``English in ZH gold``: :func:`~physassist_env.vocab.zh_text.untranslated_english`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from physassist_env.audit.raw import RawTableError, rows_by_key
from physassist_env.clinical.specimen import (
    contaminated_glucose,
    contradicted_creatinine,
    contradicted_potassium,
    spurious,
)
from physassist_env.scenarios.features import AKI_RATIO
from physassist_env.scenarios.model import Session
from physassist_env.scenarios.vocab import LABS
from physassist_env.sources.mimic.convert import allergy_kind
from physassist_env.sources.mimic.source import SYNTH_TRUTH
from physassist_env.vocab.zh_text import untranslated_english

#: MIMIC-IV ``d_labitems`` itemids of serum creatinine (blood, chemistry).
CREATININE_ITEMS = ("50912",)
#: Intravenous routes of ``prescriptions.route`` (a discharge list names none).
_IV_ROUTE = re.compile(r"^\s*(?:IV\b|IVPB|IVPCA|IVS\b|INTRAVEN)", re.I)
#: Replacement drugs a write or a dose recommendation may duplicate.
_REPLACEMENT = {
    "potassium": re.compile(r"potassium (?:chl|chloride)", re.I),
    "magnesium": re.compile(r"magnesium sulfate|magnesium oxide", re.I),
}
_REPLACEMENT_TOPICS = {
    "potassium_dose": "potassium",
    "replace_potassium": "potassium",
    "replace_magnesium": "magnesium",
}
_DISCHARGE_TOPICS = ("discharge_meds", "discharge_changes")
_ALLERGY_TOPICS = ("allergies", "discharge_meds")


@dataclass
class ClinicalReport:
    """Counts and examples of the clinical checks: claims checked and problems, per check."""

    checked: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Problems over all checks."""
        return sum(self.problems.values())

    def add(self, check: str, problem: str | None, where: str, n: int) -> None:
        """Count one checked claim of ``check``; with ``problem``, a problem too."""
        self.checked[check] += 1
        if problem:
            self.problems[check] += 1
            shown = self.examples.setdefault(check, [])
            if len(shown) < n:
                shown.append(f"{where}: {problem}")

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "checked": dict(sorted(self.checked.items())),
            "problems": dict(sorted(self.problems.items())),
            "examples": self.examples,
        }


def _t(text: str) -> datetime:
    return datetime.fromisoformat(text.strip()[:19].replace(" ", "T"))


def _num(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


class _Raw:
    """The raw rows the clinical checks need, read once per table."""

    def __init__(self, root: Path, sessions: list[Session]):
        self.root = root
        subjects = {(s.patient_id,) for s in sessions}
        self.admissions = self._read("hosp/admissions", ("subject_id",), subjects)
        self.labs = self._read("hosp/labevents", ("subject_id",), subjects)
        self.rx = self._read("hosp/prescriptions", ("subject_id",), subjects)
        self.dx = self._read("hosp/diagnoses_icd", ("subject_id",), subjects)
        codes = {
            (r["icd_code"].strip(), r["icd_version"].strip())
            for rows in self.dx.values()
            for r in rows
        }
        titles = self._read("hosp/d_icd_diagnoses", ("icd_code", "icd_version"), codes)
        self.titles = {k: rows[0].get("long_title", "") for k, rows in titles.items()}

    def _read(
        self, table: str, columns: tuple[str, ...], keys: set[tuple[str, ...]]
    ) -> dict[tuple[str, ...], list[dict[str, str]]]:
        try:
            return rows_by_key(self.root, table, columns, keys)
        except RawTableError:
            return {}

    def admission(self, subject: str, hadm: str) -> dict[str, str]:
        return next(
            (a for a in self.admissions.get((subject,), []) if a["hadm_id"] == hadm),
            {},
        )

    def episode_start(self, subject: str, hadm: str) -> str:
        """The earliest of ``admittime``, ``edregtime`` and the admission's lab rows."""
        adm = self.admission(subject, hadm)
        starts = [adm.get(c, "") for c in ("admittime", "edregtime")]
        starts += [
            r["charttime"]
            for r in self.labs.get((subject,), [])
            if r.get("hadm_id", "").split(".")[0] == hadm
        ]
        return min((s for s in starts if s), default="")

    def stays(self, subject: str) -> list[tuple[str, str]]:
        """(start, end) of every admission with its ED stay."""
        out = []
        for a in self.admissions.get((subject,), []):
            start = min(x for x in (a.get("edregtime"), a.get("admittime")) if x)
            out.append((start, a.get("dischtime") or "9999"))
        return out


def _lab_rows(
    raw: _Raw, subject: str, itemid: str, since: str, until_day: str
) -> list[dict[str, str]]:
    """Rows of one item charted from ``since`` up to the end of ``until_day`` and stored by
    then, with a value, oldest first."""
    rows = [
        r
        for r in raw.labs.get((subject,), [])
        if r.get("itemid") == itemid
        and r.get("valuenum", "").strip()
        and since[:10] <= r["charttime"][:10] <= until_day
        and (r.get("storetime") or r["charttime"])[:10] <= until_day
    ]
    return sorted(rows, key=lambda r: r["charttime"])


def _raw_flag(row: dict[str, str]) -> str:
    """ "H" / "L" for a ``labevents`` row the laboratory flagged abnormal above / below
    its reference range (as ``sources.mimic.convert`` flags it), else ""."""
    value, low, high = (
        _num(row.get(k) or "")
        for k in ("valuenum", "ref_range_lower", "ref_range_upper")
    )
    abnormal = (row.get("flag") or "").strip().lower() == "abnormal"
    if not abnormal or value is None:
        return ""
    if high is not None and value > high:
        return "H"
    return "L" if low is not None and value < low else ""


def _lab_key(itemid: str) -> str:
    """The benchmark's lab key of a ``labevents.itemid`` ("" if none)."""
    try:
        item = int(float(itemid))
    except ValueError:
        return ""
    return next((lab.key for lab in LABS.values() if item in lab.itemids), "")


def _check_window(
    s: Session, t: Any, item: Any, raw: _Raw, rep: ClinicalReport, n: int
) -> None:
    """A trend's first row (or a peak) against the episode's first values."""
    p = item.provenance
    ev = [e for e in (p.evidence if p else []) if e.table == "hosp/labevents"]
    if not ev:
        return
    first = next(
        (
            r
            for r in raw.labs.get((s.patient_id,), [])
            if r["labevent_id"] == ev[0].row.get("labevent_id")
        ),
        None,
    )
    if first is None:
        return
    start = raw.episode_start(s.patient_id, s.hadm_id)
    rows = _lab_rows(raw, s.patient_id, first["itemid"], start, s.current_date)
    rows = [r for r in rows if r.get("hadm_id", "").split(".")[0] in ("", s.hadm_id)]
    # a haemolysed potassium starts no trend and is no peak (clinical.specimen)
    key = _lab_key(first["itemid"])
    rows = [r for r in rows if not spurious(key, r.get("comments") or "")] or rows
    if key == "glucose":
        # nor a glucose of a contaminated draw (clinical.specimen, same rule as the gold)
        k_rows = [
            r
            for item in LABS["potassium"].itemids
            for r in _lab_rows(raw, s.patient_id, str(item), start, s.current_date)
        ]
        bad = contaminated_glucose(
            [(r["charttime"], _num(r["valuenum"]) or 0.0) for r in rows],
            [
                (r["charttime"], _num(r["valuenum"]) or 0.0, _raw_flag(r))
                for r in sorted(k_rows, key=lambda r: r["charttime"])
            ],
        )
        rows = [r for r in rows if r["charttime"] not in bad] or rows
    if key == "potassium":
        # nor a potassium a prompt repeat contradicts (clinical.specimen, round 11)
        bad = contradicted_potassium(
            [
                (r["charttime"], _num(r["valuenum"]) or 0.0, _raw_flag(r))
                for r in sorted(rows, key=lambda r: r["charttime"])
            ]
        )
        rows = [r for r in rows if r["charttime"] not in bad] or rows
    if key == "creatinine":
        # nor a creatinine both neighbours contradict (clinical.specimen, round 12)
        bad = contradicted_creatinine(
            [
                (r["charttime"], _num(r["valuenum"]) or 0.0)
                for r in sorted(rows, key=lambda r: r["charttime"])
            ]
        )
        rows = [r for r in rows if r["charttime"] not in bad] or rows
    where = f"{s.session_id} t{t.index} ({t.topic})"
    problem = None
    if (
        item.check.kind == "trend"
        and rows
        and rows[0]["charttime"] < first["charttime"]
    ):
        problem = (
            f"trend starts at {first['charttime'][:16]} but the episode's first value "
            f"is {rows[0]['valuenum']} at {rows[0]['charttime'][:16]} (ED/evening before)"
        )
    if item.check.kind == "value" and "peak" in item.check.qualifiers and rows:
        top = max(_num(r["valuenum"]) or 0.0 for r in rows)
        if abs(top - item.check.value) > 0.5 * 10**-item.check.decimals + 1e-9:
            problem = (
                f"peak stated {item.check.value:g}, the episode's highest is {top:g}"
            )
    rep.add("window", problem, where, n)


def _expected_baseline(raw: _Raw, s: Session) -> tuple[float | None, bool]:
    """The pre-admission baseline (mg/dL) and whether it is a pre-illness value from
    before an earlier stay's unresolved AKI (a reading at or below the level the
    creatinine began this episode at is staged against its own 7 days instead:
    ``scores.kdigo_readings`` ``known_above``; round 9)."""
    start = raw.episode_start(s.patient_id, s.hadm_id)
    if not start:
        return None, False
    lo = (_t(start) - timedelta(days=365)).isoformat(" ")
    hi = (_t(start) - timedelta(days=7)).isoformat(" ")
    rows = [
        r
        for r in raw.labs.get((s.patient_id,), [])
        if r.get("itemid") in CREATININE_ITEMS
        and r.get("valuenum", "").strip()
        and lo[:10] <= r["charttime"][:10] < hi[:10]
    ]
    stays = raw.stays(s.patient_id)
    outpatient = [
        r
        for r in rows
        if not r.get("hadm_id", "").strip()
        and not any(a <= r["charttime"] <= b for a, b in stays)
    ]
    if outpatient:
        return _num(max(outpatient, key=lambda r: r["charttime"])["valuenum"]), False
    stay_rows = [r for r in rows if r.get("hadm_id", "").strip()]
    if not stay_rows:
        return None, False
    last = max(stay_rows, key=lambda r: r["charttime"])
    same = [r for r in stay_rows if r["hadm_id"] == last["hadm_id"]]
    tail = _num(last["valuenum"])
    if tail is None or tail < AKI_RATIO * min(
        _num(r["valuenum"]) or tail for r in same
    ):
        return tail, False
    # the earlier stay ended inside an unresolved AKI: the pre-illness value, the lowest
    # drawn before that stay's peak (KDIGO 2012 2.1; features.creatinine_baseline)
    peak = max(same, key=lambda r: (_num(r["valuenum"]) or 0.0, r["charttime"]))
    pre = [
        v
        for r in stay_rows
        if r["charttime"] < peak["charttime"] and (v := _num(r["valuenum"])) is not None
    ]
    return (min(pre), True) if pre else (None, False)


def _drawn_in_week_before(raw: _Raw, s: Session, value: float) -> bool:
    """Whether a raw creatinine of ``value`` was drawn between 7 days before the episode
    and the session day (a value a reading's 7-day window can hold)."""
    start = raw.episode_start(s.patient_id, s.hadm_id)
    if not start:
        return False
    lo = (_t(start) - timedelta(days=7)).isoformat(" ")[:10]
    return any(
        r.get("itemid") in CREATININE_ITEMS
        and lo <= r["charttime"][:10] <= s.current_date
        and (v := _num(r.get("valuenum", ""))) is not None
        and abs(v - value) <= 0.05 + 1e-9
        for r in raw.labs.get((s.patient_id,), [])
    )


def _check_baseline(
    s: Session, t: Any, item: Any, raw: _Raw, rep: ClinicalReport, n: int
) -> None:
    expected, pre_illness = _expected_baseline(raw, s)
    problem = None
    stated = item.check.value
    if (
        expected is not None
        and (stated < expected or pre_illness)
        and _drawn_in_week_before(raw, s, stated)
    ):
        # a reading is staged against the lower of the pre-admission value and the
        # lowest value of the 7 days before it (KDIGO 2012 2.1; derived.aki_facts)
        expected = stated
    if expected is not None and abs(expected - stated) > 0.05 + 1e-9:
        problem = (
            f"baseline stated {item.check.value:g} mg/dL, the pre-admission value is "
            f"{expected:g} mg/dL"
        )
    rep.add("baseline", problem, f"{s.session_id} t{t.index} ({t.topic})", n)


def _check_duplicate(
    s: Session, t: Any, raw: _Raw, rep: ClinicalReport, n: int
) -> None:
    """A replacement proposed after one was already prescribed after the value."""
    drug = _REPLACEMENT_TOPICS[t.topic]
    # potassium_dose proposes a dose only when its outcome is "replace" ("already
    # replaced: recheck" is the answer this check asks for)
    proposes = t.topic != "potassium_dose" or (
        t.decision == "replace"
        if t.decision
        else re.search(r"\bgive\b|\breplace\b", t.gold_answer.en, re.I)
    )
    if not proposes:
        return
    times = [
        e.time
        for it in t.rubric
        for e in (it.provenance.evidence if it.provenance else [])
        if e.table == "hosp/labevents" and e.time
    ]
    if not times:
        return
    since = max(times).replace("T", " ")[:16]
    given = [
        r["starttime"][:16]
        for r in raw.rx.get((s.patient_id,), [])
        if _REPLACEMENT[drug].search(r.get("drug", ""))
        and since <= r.get("starttime", "")[:16]
        and r["starttime"][:10] <= s.current_date
    ]
    problem = (
        f"{drug} replacement proposed, but one was prescribed at {min(given)} after "
        f"the value of {since}"
        if given
        else None
    )
    rep.add("duplicate order", problem, f"{s.session_id} t{t.index} ({t.topic})", n)


def _check_discharge(
    s: Session, t: Any, item: Any, raw: _Raw, rep: ClinicalReport, n: int
) -> None:
    rows = raw.rx.get((s.patient_id,), [])
    for e in item.provenance.evidence if item.provenance else []:
        if e.table != "hosp/prescriptions":
            continue
        row = next(
            (r for r in rows if r.get("pharmacy_id") == e.row.get("pharmacy_id")), None
        )
        if row is None:
            continue
        route = row.get("route", "")
        problem = (
            f"{row.get('drug')} ({route}) on a discharge list"
            if _IV_ROUTE.search(route)
            else None
        )
        rep.add(
            "inpatient-only on discharge list",
            problem,
            f"{s.session_id} t{t.index} ({t.topic})",
            n,
        )
        return


def _check_allergies(
    s: Session, t: Any, raw: _Raw, rep: ClinicalReport, n: int
) -> None:
    """Every allergy / adverse-reaction code known by the session date is named: an
    admission's codes from its discharge (MIMIC-IV billing codes), from its admission in
    the synthetic hospital (which generates the admission from them:
    ``sources.mimic.source.SYNTH_TRUTH``), as the source dates them."""
    known = "admittime" if (raw.root / SYNTH_TRUTH).is_file() else "dischtime"
    admitted = {
        a["hadm_id"]: (a.get(known) or a["admittime"])[:10]
        for a in raw.admissions.get((s.patient_id,), [])
    }
    titles = []
    for r in raw.dx.get((s.patient_id,), []):
        hadm = r.get("hadm_id", "").split(".")[0]
        if admitted.get(hadm, "9999") > s.current_date:
            continue
        version = int(r.get("icd_version") or 0)
        if allergy_kind(r["icd_code"], version) is None:
            continue
        title = raw.titles.get((r["icd_code"].strip(), r["icd_version"].strip()), "")
        if title:
            titles.append(title)
    answer = t.gold_answer.en.lower()
    missing = [x for x in dict.fromkeys(titles) if x.lower() not in answer]
    problem = f"not named: {'; '.join(missing)[:120]}" if missing else None
    rep.add(
        "allergy list incomplete", problem, f"{s.session_id} t{t.index} ({t.topic})", n
    )


def clinical_audit(
    sessions: Iterable[Session], root: Path, examples: int = 5
) -> ClinicalReport:
    """Run the clinical checks of the module docstring over ``sessions``."""
    sessions = list(sessions)
    raw = _Raw(root, sessions)
    rep = ClinicalReport()
    for s in sessions:
        for t in s.turns:
            where = f"{s.session_id} t{t.index} ({t.topic})"
            left = untranslated_english(t.gold_answer.zh)
            rep.add(
                "English in ZH gold",
                f"{', '.join(left)[:80]}" if left else None,
                where,
                examples,
            )
            if t.topic in _REPLACEMENT_TOPICS:
                _check_duplicate(s, t, raw, rep, examples)
            if t.topic in _ALLERGY_TOPICS:
                _check_allergies(s, t, raw, rep, examples)
            for it in t.rubric:
                kind = it.check.kind
                if kind == "trend" or (
                    kind == "value" and "peak" in getattr(it.check, "qualifiers", [])
                ):
                    _check_window(s, t, it, raw, rep, examples)
                if kind == "value" and it.criterion.en.startswith(
                    "States the baseline creatinine"
                ):
                    _check_baseline(s, t, it, raw, rep, examples)
                if (
                    t.topic in _DISCHARGE_TOPICS
                    and kind == "mention"
                    and it.criterion.en.startswith(("Lists ", "Names the new"))
                ):
                    _check_discharge(s, t, it, raw, rep, examples)
    return rep


def render_clinical(rep: ClinicalReport) -> str:
    """The clinical report as text."""
    lines = [
        "clinical readings: "
        + ", ".join(
            f"{k} {rep.problems[k]}/{rep.checked[k]}" for k in sorted(rep.checked)
        )
        + " (problems / claims checked)"
    ]
    for check, shown in sorted(rep.examples.items()):
        lines.append(f"examples ({check}):")
        lines += [f"  - {x}" for x in shown]
    return "\n".join(lines)
