"""Vital signs of a record without labs: their series, flags, and the drug rules they serve.

Encounter-based records (Synthea, outpatient exports, MIMIC-IV on FHIR without its lab files)
hold vital-sign Observations where lab-rich records hold labs. :func:`vital_series` reads them
through the session's date-gated view, so the planner reasons only about what the agent can
see; the lab-free topics (``topics/vitals.py``) ask about them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from physassist_env.ehr.store import EhrView
from physassist_env.scenarios.rubric import fmt
from physassist_env.scenarios.vocab import Lab

LOINC = "http://loinc.org"
BP_PANEL, SYSTOLIC, DIASTOLIC = "85354-9", "8480-6", "8462-4"
#: LOINC 55284-4 "Blood pressure systolic and diastolic": the panel code of exports written
#: before the FHIR R4 vital-signs profile fixed 85354-9 (Synthea up to 2019, among them).
BP_PANEL_55284 = "55284-4"


@dataclass(frozen=True)
class VitalSign:
    """A vital sign a lab-free topic may ask about.

    Attributes:
        lab: Name, terms, LOINC codes and decimals, as a :class:`Lab` (so the rubric's
            value, flag and trend items read it like a lab).
        unit: The unit answers quote.
        low, high: Values below / at or above which the reading is flagged L / H
            (``None``: never flagged that way). Sources at :data:`VITALS`.
        search: The ``code`` argument of the gold ``Observation.search``.
    """

    lab: Lab
    unit: str
    low: float | None
    high: float | None
    search: str

    @property
    def key(self) -> str:
        return self.lab.key


def _vital(key: str, en: str, zh: str, loinc: tuple[str, ...], decimals: int,
           synonyms: tuple[str, ...] = ()) -> Lab:  # fmt: skip
    return Lab(key, en, zh, loinc, (), decimals, {}, synonyms)


#: The vital signs read. Flags: heart rate < 60 bradycardia, > 100 tachycardia (AHA/ACC/HRS
#: 2018 bradycardia guideline, Kusumoto FM et al., Circulation 2019;140:e382; sinus
#: tachycardia > 100/min); blood pressure flagged high at >= 130 systolic (stage 1
#: hypertension, 2017 ACC/AHA BP guideline, Whelton PK et al., Hypertension
#: 2018;71:e13-e115) and low below 90 systolic (hypotension); SpO2 below 94% (BTS 2017
#: oxygen guideline target 94-98%, O'Driscoll BR et al., Thorax 2017;72:i1-i90);
#: temperature >= 38.0 C fever and < 35.0 C hypothermia (IDSA/SCCM fever definition,
#: O'Grady NP et al., Crit Care Med 2008;36:1330-49); respiratory rate > 20 (qSOFA uses
#: >= 22; 20 is the upper reference of adults) and < 12; weight is not flagged.
VITALS: dict[str, VitalSign] = {
    v.key: v
    for v in (
        VitalSign(_vital("bp", "blood pressure", "血压", (BP_PANEL, BP_PANEL_55284, SYSTOLIC), 0,
                         ("BP",)),
                  "mmHg", 90, 130, "blood pressure"),
        VitalSign(_vital("hr", "heart rate", "心率", ("8867-4",), 0, ("HR", "pulse")),
                  "/min", 60, 100, "heart rate"),
        VitalSign(_vital("spo2", "oxygen saturation", "血氧饱和度", ("59408-5", "2708-6"), 0,
                         ("SpO2",)), "%", 94, None, "oxygen saturation"),
        VitalSign(_vital("temp", "temperature", "体温", ("8310-5",), 1), "°C", 35.0, 38.0,
                  "temperature"),
        VitalSign(_vital("rr", "respiratory rate", "呼吸频率", ("9279-1",), 0, ("RR",)),
                  "/min", 12, 20, "respiratory rate"),
        VitalSign(_vital("weight", "weight", "体重", ("29463-7",), 1), "kg", None, None,
                  "body weight"),
    )
}  # fmt: skip


@dataclass(frozen=True)
class VitalPoint:
    """One reading: ``value`` (systolic for blood pressure), ``second`` (diastolic)."""

    time: str
    value: float
    second: float | None = None

    def text(self, vital: VitalSign) -> str:
        """The reading as quoted, without unit (``142/88``, ``48``, ``37.9``)."""
        v = fmt(self.value, vital.lab.decimals)
        return f"{v}/{fmt(self.second, 0)}" if self.second is not None else v


@dataclass
class VitalSeries:
    """A vital sign's readings visible at the session date, oldest first."""

    vital: VitalSign
    points: list[VitalPoint]

    @property
    def latest(self) -> VitalPoint:
        return self.points[-1]

    def flag(self, p: VitalPoint | None = None) -> str:
        """``H``, ``L`` or ``N`` of a reading (the latest by default); blood pressure is
        high when the systolic or the diastolic is (>= 130 or >= 80, ACC/AHA 2017)."""
        p = p or self.latest
        v = self.vital
        if v.key == "bp" and p.second is not None and p.second >= 80:
            return "H" if p.value >= 90 else "N"
        if v.high is not None and p.value >= v.high and v.key != "hr":
            return "H"
        if v.key == "hr" and v.high is not None and p.value > v.high:
            return "H"
        if v.low is not None and p.value < v.low:
            return "L"
        return "N"

    def recent(self, as_of: str, days: int) -> list[VitalPoint]:
        """Readings at most ``days`` before ``as_of``."""
        return [p for p in self.points if days_between(p.time, as_of) <= days]

    def trend(self, points: list[VitalPoint]) -> str:
        """``rising``/``falling``/``stable`` from first to latest of ``points`` (10%)."""
        a, b = points[0].value, points[-1].value
        step = max(abs(a) * 0.1, 10**-self.vital.lab.decimals)
        return "rising" if b - a > step else "falling" if a - b > step else "stable"


def days_between(earlier: str, later: str) -> int:
    """Whole calendar days from ``earlier`` to ``later`` (ISO dates or date-times)."""
    return (date.fromisoformat(later[:10]) - date.fromisoformat(earlier[:10])).days


def _codes(cc: dict[str, Any]) -> set[str]:
    return {
        str(c.get("code")) for c in cc.get("coding") or [] if c.get("system") == LOINC
    }


def _celsius(q: dict[str, Any]) -> float:
    unit = str(q.get("unit") or q.get("code") or "")
    value = float(q["value"])
    return (
        round((value - 32) / 1.8, 1)
        if unit.strip("[]°").lower() in ("degf", "f")
        else value
    )


def vital_series(view: EhrView) -> dict[str, VitalSeries]:
    """Every :data:`VITALS` series with a reading visible in ``view``, oldest first.

    Blood pressure comes from a panel (85354-9, systolic 8480-6 and diastolic 8462-4
    components) or a systolic Observation; readings of the same time are one. Weight in
    pounds and temperature in Fahrenheit are converted.
    """
    by_code = {c: v for v in VITALS.values() for c in v.lab.loinc}
    found: dict[str, dict[str, VitalPoint]] = {}
    for res in view.search("Observation", {"category": "vital-signs"})[0]:
        when = str(res.get("effectiveDateTime") or "")[:19]
        if not when or res.get("status") in ("cancelled", "entered-in-error"):
            continue
        codes = _codes(res.get("code") or {})
        vital = next((by_code[c] for c in codes if c in by_code), None)
        if vital is None:
            continue
        point = None
        if vital.key == "bp":
            parts: dict[str, float] = {}
            for comp in res.get("component") or []:
                q = comp.get("valueQuantity") or {}
                for c in _codes(comp.get("code") or {}) & {SYSTOLIC, DIASTOLIC}:
                    if q.get("value") is not None:
                        parts[c] = float(q["value"])
            q = res.get("valueQuantity") or {}
            if (
                SYSTOLIC not in parts
                and SYSTOLIC in codes
                and q.get("value") is not None
            ):
                parts[SYSTOLIC] = float(q["value"])
            if SYSTOLIC in parts:
                point = VitalPoint(when, parts[SYSTOLIC], parts.get(DIASTOLIC))
        else:
            q = res.get("valueQuantity") or {}
            if q.get("value") is None:
                continue
            value = float(q["value"])
            unit = str(q.get("unit") or q.get("code") or "").lower()
            if vital.key == "weight" and "lb" in unit:
                value = round(value * 0.4536, 1)
            if vital.key == "temp":
                value = _celsius(q)
            point = VitalPoint(when, value)
        if point is not None:
            found.setdefault(vital.key, {})[when] = point
    return {
        k: VitalSeries(VITALS[k], [pts[t] for t in sorted(pts)])
        for k, pts in found.items()
    }


@dataclass(frozen=True)
class VitalRule:
    """A drug class that a vital sign can make unsafe to continue unchanged.

    Attributes:
        key: Stable id.
        en, zh: The class's name.
        members: Generic names (keys of ``GENERIC_ZH`` or plain generics).
        vital: The vital sign checked.
        below: Unsafe when the reading (systolic for BP) is below this.
    """

    key: str
    en: str
    zh: str
    members: tuple[str, ...]
    vital: str
    below: float


#: Rules: rate-slowing drugs (beta-blockers, ivabradine, non-dihydropyridine calcium-channel
#: blockers, digoxin) are held or reduced at a heart rate below 55/min (2021 ESC heart
#: failure guideline, McDonagh TA et al., Eur Heart J 2021;42:3599-726: reduce a beta-blocker
#: or ivabradine for symptomatic bradycardia or HR < 50-55; AHA/ACC/HRS 2018 bradycardia
#: guideline: drug-induced bradycardia, withdraw the agent); antihypertensives are held
#: below a systolic of 100 mmHg (2017 ACC/AHA BP guideline on hypotension with
#: antihypertensive therapy; the common hospital hold parameter "hold for SBP < 100").
VITAL_RULES: tuple[VitalRule, ...] = (
    VitalRule("rate_slowing", "rate-slowing drug", "减慢心率的药物",
              ("metoprolol", "carvedilol", "atenolol", "bisoprolol", "propranolol",
               "ivabradine", "diltiazem", "verapamil", "digoxin"), "hr", 55),
    VitalRule("antihypertensive", "antihypertensive", "降压药",
              ("lisinopril", "enalapril", "captopril", "ramipril", "losartan", "valsartan",
               "irbesartan", "amlodipine", "nifedipine", "hydrochlorothiazide",
               "chlorthalidone", "metoprolol", "carvedilol", "atenolol", "hydralazine",
               "clonidine", "diltiazem", "verapamil"), "bp", 100),
)  # fmt: skip

#: Antihypertensives whose effect a later blood pressure shows (treatment response).
ANTIHYPERTENSIVES: tuple[str, ...] = VITAL_RULES[1].members


def generic_in(name: str, members: tuple[str, ...]) -> str | None:
    """The first of ``members`` named as a word in a medication text."""
    low = name.lower()
    return next((g for g in members if re.search(rf"\b{g}\b", low)), None)
