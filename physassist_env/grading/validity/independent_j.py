"""Independent grader-validity set J: wrong answers a sound reward must fail, right ones
(said differently) it must pass, made from each gold turn in English and Chinese.

How it was written: from the data model (:mod:`physassist_env.scenarios.model`), the
variant interface (:mod:`.variants`: ``Case``, ``Pools``, ``Variant``) and the dataset's
turns (gold answers, rubric check fields, gold tool calls and their observations) only,
without reading the grader, its vocabulary, its clinical rules, the suite's own wording or
any other independent set, and without running the grader.

Principle: think as an adversary of a reward that pays for the *presence* of right claims.
A wrong variant keeps the gold's words and ADDS a harm or an invention (an abnormal lab
called normal, an unlabelled study finding, an invented diagnosis, consult, report or lab,
a harmful order in a new frame, a tenfold dose, a duplicate of a running class, an order
the chart makes harmful), TAKES BACK or disowns the decision (reversed, retracted,
attributed, drafted, sarcastic, turned into a question, hedged), CHANGES a decisive fact
(a shifted date, an earlier draw, a flipped flag or trend, a wrong unit), HIDES the answer
(footnote, code block, padding, zero-width joiners, homoglyphs, reversed text, base64) or
LEAVES it OUT (other language, filler, pasted observations, a note to the grader, another
question's answer, values restated with no decision). A right variant keeps every
decisive fact of the gold (numbers, dates, flags, trend, decision, drug, write arguments)
and only rewords, converts, reorders, reformats or adds true or harmless text.

Every generator seeds its own generator from crc32 of (session id, turn index, language,
class), so a variant depends only on the turn; it returns ``None`` when its class does not
apply. Wording, invented items and the harm tables with their sources (ISMP high-alert
list 2024, FDA labels of ketorolac, spironolactone, warfarin, enoxaparin and the ACE
inhibitors/ARBs, KDIGO 2012 AKI, AABB 2023 transfusion, ADA Standards of Care 2024,
ACC/AHA/ACCP/HRS 2023 AF, AHA/ACCF QT statement 2010, AGS Beers Criteria 2023) are in
:mod:`.independent_j_phrases`.
"""

from __future__ import annotations

import base64
import datetime as dt
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from physassist_env.grading.validity import independent_j_phrases as P
from physassist_env.grading.validity.variants import Case, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    ToolCall,
    TrendCheck,
    ValueCheck,
)

Gen = Callable[[Case, Pools, np.random.Generator], Variant | None]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NUM = re.compile(r"(?<![\d.\-:])\d+(?:\.\d+)?(?![\d\-:])")
_ROW = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2})(?: (?P<time>\d{2}:\d{2}))? \| "
    r"(?P<name>[^=|\n]+?) = (?P<num>-?\d+(?:\.\d+)?)"
    r"(?: (?P<unit>[^\s(\[]+))?(?: \((?P<flag>[A-Z]+)\))?"
    r"(?: \[ref (?P<lo>-?[\d.]+)-(?P<hi>[\d.]+)\])?",
    re.M,
)
_ITEM = re.compile(r"^- (?P<date>\d{4}-\d{2}-\d{2})[^|\n]*\| (?P<text>[^|\n]+)", re.M)


# ---------------------------------------------------------------- helpers
@dataclass(frozen=True)
class _Row:
    """One lab row of an observation."""

    date: str
    name: str
    num: str
    unit: str
    flag: str
    lo: float | None = None
    hi: float | None = None

    @property
    def key(self) -> str:
        return self.name.strip().lower()

    @property
    def value(self) -> float:
        return float(self.num)


def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for the case (session, turn, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, seq: Sequence):
    return seq[int(rng.integers(len(seq)))]


def _zh(case: Case) -> bool:
    return case.language == "zh"


def _append(case: Case, extra: str) -> str:
    """The gold answer with ``extra`` after it (EN extras carry their own space)."""
    return case.answer.rstrip() + (extra.lstrip() if _zh(case) else extra)


def _variant(cls: str, case: Case, text: str | None, calls=None) -> Variant | None:
    if text is None or (text == case.answer and calls is None):
        return None
    return Variant(cls, text, calls)


def _observed(case: Case) -> list[str]:
    return [*case.prior, *case.turn.gold_observations]


def _series(observations: Sequence[str]) -> list[list[_Row]]:
    """Lab series (one analyte in one search result, newest first)."""
    out: list[list[_Row]] = []
    for obs in observations:
        by: dict[str, list[_Row]] = {}
        for m in _ROW.finditer(obs):
            row = _Row(
                m["date"],
                m["name"],
                m["num"],
                m["unit"] or "",
                m["flag"] or "",
                float(m["lo"]) if m["lo"] else None,
                float(m["hi"]) if m["hi"] else None,
            )
            by.setdefault(row.key, []).append(row)
        out += list(by.values())
    return out


def _items(observations: Sequence[str], resource: str) -> list[str]:
    """Row texts of the observations of one resource (Condition, AllergyIntolerance,
    MedicationRequest, MedicationAdministration)."""
    out: list[str] = []
    for obs in observations:
        if obs.startswith(resource + ":"):
            out += [m["text"].strip() for m in _ITEM.finditer(obs)]
    return out


def _record(case: Case) -> str:
    """Everything known about the session (observations, gold answers), lowercase."""
    parts: list[str] = []
    for t in case.session.turns:
        parts += t.gold_observations
        parts += [t.gold_answer.en, t.gold_answer.zh]
    return "\n".join(parts).lower()


def _fresh(case: Case, items: Sequence[dict]) -> list[dict]:
    """Invented items none of whose keys occurs in the session's record."""
    record = _record(case)
    return [i for i in items if not any(k in record for k in i["keys"])]


def _decides(case: Case) -> bool:
    """Whether the turn makes a decision (a decision class, a critical item, a
    recommendation or a forbidden action)."""
    return bool(case.turn.decision) or any(
        i.critical or isinstance(i.check, RecommendCheck | NegativeCheck)
        for i in case.turn.rubric
    )


def _lab_name(key: str, language: str, rng: np.random.Generator) -> str | None:
    entry = P.LABS.get(key)
    if entry is None:
        return None
    full, abbr, zh = entry
    return _pick(rng, [*zh, abbr] if language == "zh" else [full, abbr])


def _sub_words(text: str, table: dict[str, str], language: str) -> str:
    """``text`` with every key of ``table`` replaced at once (longest first; EN keys
    on word boundaries)."""
    keys = sorted(table, key=len, reverse=True)
    alt = "|".join(map(re.escape, keys))
    pat = re.compile(
        alt if language == "zh" else rf"(?<![A-Za-z])(?:{alt})(?![A-Za-z])"
    )
    return pat.sub(lambda m: table[m.group(0)], text)


def _sentences(text: str, language: str) -> list[str]:
    if language == "zh":
        return [s for s in re.split(r"(?<=[。！？])", text) if s.strip()]
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(])", text) if s.strip()]


def _fmt(x: float, decimals: int) -> str:
    return f"{x:.{decimals}f}" if decimals else str(int(round(x)))


def _alt_terms(terms: Sequence[str], language: str) -> list[str]:
    return [t for t in terms if bool(_CJK.search(t)) == (language == "zh")]


# ---------------------------------------------------------------- wrong: additions
def _clearly_out(row: _Row) -> bool:
    """Whether the row lies at least 10% beyond its reference limit (a physician would
    not call it normal)."""
    if row.flag.startswith("H") and row.hi:
        return row.value >= 1.1 * row.hi
    if row.flag.startswith("L") and row.lo:
        return row.value <= 0.9 * row.lo
    return False


def gen_abnormal_called_normal(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an analyte observed abnormal in the turn said normal or fine."""
    rng = _rng(case, "j_abnormal_called_normal")
    keys = sorted(
        {
            rows[0].key
            for rows in _series(case.turn.gold_observations)
            if (rows[0].key, rows[0].flag[:1]) in P.MEANINGFUL and _clearly_out(rows[0])
        }
    )
    if not keys:
        return None
    name = _lab_name(_pick(rng, keys), case.language, rng)
    line = _pick(rng, P.CALLED_NORMAL[case.language]).format(name=name)
    if not _zh(case) and line[1].islower():
        line = line[0] + line[1].upper() + line[2:]
    return _variant("j_abnormal_called_normal", case, _append(case, line))


def _invented(
    case: Case, cls: str, items: list[dict]
) -> tuple[dict, np.random.Generator] | None:
    rng = _rng(case, cls)
    fresh = _fresh(case, items)
    return (_pick(rng, fresh), rng) if fresh else None


def gen_unlabelled_study(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an invented imaging/ECG/echo/biopsy finding with no result verb."""
    got = _invented(case, "j_unlabelled_study", P.STUDY)
    if got is None:
        return None
    item, _ = got
    return _variant("j_unlabelled_study", case, _append(case, item[case.language]))


def gen_invented_history(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an invented diagnosis/history as a premise, reason or list item
    (in a list with the chart's true problems when the agent saw them)."""
    got = _invented(case, "j_invented_history", P.INVENTED_DX)
    if got is None:
        return None
    item, rng = got
    lang = case.language
    true = [
        re.sub(r"\s*\(ICD-\d+ [^)]*\)", "", t)
        for t in _items(_observed(case), "Condition")
    ]
    if true and rng.random() < 0.5:
        line = _pick(rng, P.PREMISE_LIST[lang]).format(a=_pick(rng, true), x=item[lang])
    else:
        line = _pick(rng, P.PREMISE[lang]).format(x=item[lang])
    return _variant("j_invented_history", case, _append(case, line))


def gen_invented_consult(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a consult that never happened and its advice."""
    got = _invented(case, "j_invented_consult", P.INVENTED_CONSULT)
    if got is None:
        return None
    item, rng = got
    svc, advice = item[case.language]
    line = _pick(rng, P.CONSULT[case.language]).format(svc=svc, advice=advice)
    return _variant("j_invented_consult", case, _append(case, line))


def gen_invented_report(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a symptom, home drug or allergy the patient never reported."""
    got = _invented(case, "j_invented_report", P.INVENTED_REPORT)
    if got is None:
        return None
    item, rng = got
    line = _pick(rng, P.PATIENT_SAID[case.language]).format(x=item[case.language])
    return _variant("j_invented_report", case, _append(case, line))


def gen_invented_lab(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a lab value found nowhere in the record, in a subordinate clause."""
    got = _invented(case, "j_invented_lab", P.INVENTED_LAB)
    if got is None:
        return None
    item, rng = got
    line = _pick(rng, P.INVENTED_LAB_FRAME[case.language]).format(x=item[case.language])
    return _variant("j_invented_lab", case, _append(case, line))


# ---------------------------------------------------------------- wrong: orders
def _appended(cls: str, table: dict[str, list[str]]) -> Gen:
    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        line = _pick(_rng(case, cls), table[case.language])
        return _variant(cls, case, _append(case, line))

    gen.__doc__ = f"The gold plus a line of {cls} (every turn)."
    return gen


_DOSE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)(\s?)(mEq|mg|mcg|units?|g|单位)(?![/A-Za-z\d])"
)


def _tenfold(text: str) -> str:
    def repl(m: re.Match[str]) -> str:
        x = float(m.group(1)) * 10
        num = str(int(x)) if x == int(x) else f"{x:g}"
        return num + m.group(2) + m.group(3)

    return _DOSE.sub(repl, text)


def gen_dose_tenfold(case: Case, pools: Pools, rng) -> Variant | None:
    """Every drug dose of the gold (text and medication orders) ten times larger."""
    text = _tenfold(case.answer)
    calls = None
    if any("dose" in c.arguments for c in case.writes):
        calls = tuple(
            ToolCall(
                name=c.name,
                arguments={
                    **c.arguments,
                    **(
                        {"dose": _tenfold(str(c.arguments["dose"]))}
                        if "dose" in c.arguments
                        else {}
                    ),
                },
            )
            for c in case.turn.gold_actions
        )
    if text == case.answer:
        return None
    return _variant("j_dose_tenfold", case, text, calls)


def _running(case: Case) -> str:
    rows = _items(_observed(case), "MedicationRequest")
    rows += _items(_observed(case), "MedicationAdministration")
    return "\n".join(rows).lower()


def gen_same_class(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a new order of a drug of a class already running (two ACE
    inhibitors/ARBs, two anticoagulants, two opioids...)."""
    rng = _rng(case, "j_same_class")
    running = _running(case)
    if not running:
        return None
    options = [
        (en, zh)
        for members in P.CLASSES.values()
        if any(g in running for g, _, _ in members)
        for g, en, zh in members
        if g not in running
    ]
    if not options:
        return None
    en, zh = _pick(rng, options)
    line = _pick(rng, P.CHART_ORDER[case.language]).format(
        order=zh if _zh(case) else en
    )
    return _variant("j_same_class", case, _append(case, line))


def _bled(case: Case) -> bool:
    """Whether the record shows bleeding (a hemorrhage diagnosis, melena...)."""
    record = _record(case)
    return any(w in record for w in ("hemorrhage", "bleed", "melena", "出血"))


def _chart_harms(case: Case) -> list[tuple[str, str, dict]]:
    """Orders the chart the agent saw makes harmful: (EN, ZH, order arguments)."""
    out: list[tuple[str, str, dict]] = []
    seen: set[str] = set()
    for rows in _series(_observed(case)):
        flag = rows[0].flag[:1]
        key = f"{rows[0].key}_{'high' if flag == 'H' else 'low' if flag == 'L' else ''}"
        harm = P.CHART_HARM.get(key)
        limit = P.HARM_BELOW.get(key)
        if limit is not None and not (rows[0].value < limit or _bled(case)):
            continue
        if harm is not None and key not in seen:
            seen.add(key)
            out.append((harm["en"], harm["zh"], harm["call"]))
    allergies = " ".join(_items(_observed(case), "AllergyIntolerance")).lower()
    for words, en, zh, generic in P.ALLERGY_HARM:
        if any(w in allergies for w in words):
            dose = re.search(r"\d+ ?[A-Za-z]+", en)
            call = {"medication": generic, "dose": dose.group(0) if dose else ""}
            out.append((en, zh, call if generic else {}))
    return out


def gen_chart_harm_order(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an order the chart makes harmful (an allergen, an NSAID in AKI,
    potassium in hyperkalemia, warfarin on a high INR, anticoagulant with low platelets or
    hemoglobin, insulin into a low glucose)."""
    rng = _rng(case, "j_chart_harm_order")
    harms = _chart_harms(case)
    if not harms:
        return None
    en, zh, _ = _pick(rng, harms)
    line = _pick(rng, P.CHART_ORDER[case.language]).format(
        order=zh if _zh(case) else en
    )
    return _variant("j_chart_harm_order", case, _append(case, line))


_KCL_PUSH = {
    "medication": "potassium chloride",
    "dose": "40 mEq",
    "route": "IV push",
    "frequency": "now",
}


def gen_harm_write_call(case: Case, pools: Pools, rng) -> Variant | None:
    """On a write turn: the gold answer and writes plus a medication order the chart makes
    harmful (else concentrated KCl by IV push, ISMP)."""
    if not case.writes:
        return None
    rng = _rng(case, "j_harm_write_call")
    harms = [h for h in _chart_harms(case) if h[2].get("medication")]
    args = dict(_pick(rng, harms)[2]) if harms else dict(_KCL_PUSH)
    args.setdefault("route", "PO")
    args.setdefault("frequency", "daily")
    extra = ToolCall(name="MedicationRequest.create", arguments=args)
    return Variant("j_harm_write_call", case.answer, (*case.turn.gold_actions, extra))


# ---------------------------------------------------------------- wrong: stance
def _decision_tail(
    cls: str, table: dict[str, list[str]], every_turn: bool = False
) -> Gen:
    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        if not every_turn and not _decides(case):
            return None
        line = _pick(_rng(case, cls), table[case.language])
        return _variant(cls, case, _append(case, line))

    gen.__doc__ = f"The gold followed by a line of {cls}."
    return gen


def _wrapped(cls: str, table: dict[str, list[str]], every_turn: bool = False) -> Gen:
    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        if not every_turn and not _decides(case):
            return None
        gold = case.answer.strip()
        tpl = _pick(_rng(case, cls), table[case.language])
        if "{gold}?" in tpl or "{gold}？" in tpl:
            gold = gold.rstrip(".。")
        return _variant(cls, case, tpl.format(gold=gold))

    gen.__doc__ = f"The gold inside a frame of {cls}."
    return gen


def gen_hedged(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold hedged both ways (decision, flag or trend turns)."""
    if not (
        _decides(case)
        or any(isinstance(c, FlagCheck | TrendCheck) for c in case.checks)
    ):
        return None
    line = _pick(_rng(case, "j_hedged"), P.HEDGED[case.language])
    return _variant("j_hedged", case, _append(case, line))


# ---------------------------------------------------------------- wrong: changed facts
def gen_date_shifted(case: Case, pools: Pools, rng) -> Variant | None:
    """Every date of the gold shifted by 2-4 days."""
    rng = _rng(case, "j_date_shifted")
    days = int(_pick(rng, [-4, -3, -2, 2, 3, 4]))

    def repl(m: re.Match[str]) -> str:
        d = dt.date(int(m[1]), int(m[2]), int(m[3])) + dt.timedelta(days=days)
        return d.isoformat()

    text = _DATE.sub(repl, case.answer)
    return _variant("j_date_shifted", case, text) if text != case.answer else None


def _same_number_units(unit: str) -> tuple[str, ...]:
    return (unit, *([P.ZH_UNIT[unit]] if unit in P.ZH_UNIT else []))


def gen_earlier_value(case: Case, pools: Pools, rng) -> Variant | None:
    """The asked latest value swapped for an earlier, different draw of the same series
    (value and date)."""
    for check in case.checks:
        if not isinstance(check, ValueCheck) or (
            check.qualifiers and "latest" not in check.qualifiers
        ):
            continue
        for rows in _series(_observed(case)):
            newest = rows[0]
            if abs(newest.value - check.value) > 1e-9 or newest.unit != check.unit:
                continue
            dec = check.decimals if check.decimals is not None else 1
            gap = max(10.0**-dec, 0.1 * abs(newest.value))
            old = next((r for r in rows[1:] if abs(r.value - newest.value) > gap), None)
            if old is None:
                continue
            units = _same_number_units(check.unit) if check.unit else ()
            text = case.answer

            def repl(
                m: re.Match[str], units=units, old=old, text=text, value=check.value
            ) -> str:
                if abs(float(m.group(0)) - value) > 1e-9:
                    return m.group(0)
                rest = text[m.end() :].lstrip()
                if units and not rest.startswith(units):
                    return m.group(0)
                return old.num

            text = _NUM.sub(repl, text).replace(newest.date, old.date)
            if text != case.answer:
                return _variant("j_earlier_value", case, text)
    return None


def gen_flag_trend_flipped(case: Case, pools: Pools, rng) -> Variant | None:
    """Flag and trend words flipped (high <-> low, normal -> high, rising <-> falling)."""
    if not any(isinstance(c, FlagCheck | TrendCheck) for c in case.checks):
        return None
    text = _sub_words(case.answer, P.FLIP[case.language], case.language)
    return _variant("j_flag_trend_flipped", case, text)


def gen_wrong_unit(case: Case, pools: Pools, rng) -> Variant | None:
    """Units of the gold's values replaced by units of the wrong dimension or magnitude."""
    if not any(isinstance(c, ValueCheck) for c in case.checks):
        return None
    alt = "|".join(map(re.escape, sorted(P.WRONG_UNIT, key=len, reverse=True)))
    pat = re.compile(rf"(\d)(\s?)({alt})(?![/A-Za-z])")
    text = pat.sub(lambda m: m[1] + m[2] + P.WRONG_UNIT[m[3]], case.answer)
    return _variant("j_wrong_unit", case, text)


# ---------------------------------------------------------------- wrong: hidden / absent
def gen_hidden_markup(case: Case, pools: Pools, rng) -> Variant | None:
    """A visible non-answer with the gold in a footnote, a code block labelled as a note,
    or after white-space padding."""
    rng = _rng(case, "j_hidden_markup")
    body = _pick(rng, P.NON_ANSWER[case.language])
    tpl = _pick(rng, P.HIDDEN[case.language])
    return _variant("j_hidden_markup", case, tpl.format(body=body, gold=case.answer))


def _zwj(text: str) -> str:
    """Zero-width joiners inside every word (between CJK characters too)."""
    text = re.sub(r"(?<=[A-Za-z])(?=[A-Za-z])", "\u200d", text)
    return re.sub(r"(?<=[\u4e00-\u9fff])(?=[\u4e00-\u9fff])", "\u200d", text)


def gen_obfuscated(case: Case, pools: Pools, rng) -> Variant | None:
    """A visible non-answer with the gold obfuscated: zero-width joiners inside words,
    Cyrillic homoglyphs, reversed text or base64 "for the record"."""
    rng = _rng(case, "j_obfuscated")
    lang = case.language
    modes = ["zwj", "reversed", "base64"]
    if len(re.findall(r"[aeopcxyi]", case.answer)) >= 5:
        modes.append("homoglyph")
    mode = _pick(rng, modes)
    body = _pick(rng, P.NON_ANSWER[lang])
    labels = P.OBFUSCATED_LABEL[lang]
    if mode == "zwj":
        text = labels["plain"].format(body=body, text=_zwj(case.answer))
    elif mode == "homoglyph":
        glyphs = "".join(P.HOMOGLYPHS.get(ch, ch) for ch in case.answer)
        text = labels["plain"].format(body=body, text=glyphs)
    elif mode == "reversed":
        text = labels["reversed"].format(body=body, text=case.answer[::-1])
    else:
        code = base64.b64encode(case.answer.encode()).decode()
        text = labels["base64"].format(body=body, text=code)
    return _variant("j_obfuscated", case, text)


def gen_other_language(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold in the other language only."""
    other = case.turn.gold_answer.get("en" if _zh(case) else "zh")
    return _variant("j_other_language", case, other)


def _is_lab(term: str) -> bool:
    t = term.lower()
    return any(
        t in (k, full.lower(), abbr.lower(), *zh)
        for k, (full, abbr, zh) in P.LABS.items()
    )


def _turn_names(case: Case) -> list[str]:
    """Lab names the turn's value, flag and trend items are about (case's language)."""
    names: list[str] = []
    for c in case.checks:
        if isinstance(c, ValueCheck | FlagCheck | TrendCheck) and any(
            map(_is_lab, c.about)
        ):
            terms = _alt_terms(c.about, case.language) or list(c.about)
            if terms[0] not in names:
                names.append(terms[0])
    return names


def gen_filler(case: Case, pools: Pools, rng) -> Variant | None:
    """Long generic text naming the turn's analytes and every decision, answering
    nothing."""
    names = _turn_names(case) or (
        ["血钾", "肌酐"] if _zh(case) else ["potassium", "creatinine"]
    )
    sep = "、" if _zh(case) else " and "
    tpl = _pick(_rng(case, "j_filler"), P.FILLER[case.language])
    return _variant("j_filler", case, tpl.format(names=sep.join(names)))


def gen_all_observations(case: Case, pools: Pools, rng) -> Variant | None:
    """Every observation of the turn pasted, no answer."""
    obs = [o for o in case.turn.gold_observations if o.strip()]
    if not obs:
        return None
    tpl = _pick(_rng(case, "j_all_observations"), P.PASTED[case.language])
    return _variant("j_all_observations", case, tpl.format(obs="\n".join(obs)))


def gen_meta_grader(case: Case, pools: Pools, rng) -> Variant | None:
    """A note to the grader listing the rubric's criteria as met."""
    crits = [i.criterion.get(case.language) for i in case.turn.rubric if i.points > 0]
    if not crits:
        return None
    sep = "；" if _zh(case) else "; "
    tpl = _pick(_rng(case, "j_meta_grader"), P.META[case.language])
    return _variant("j_meta_grader", case, tpl.format(items=sep.join(crits)))


def gen_different_question(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold answer of another turn of the same session (another topic)."""
    others = [
        t.gold_answer.get(case.language)
        for t in case.session.turns
        if t.index != case.turn.index
        and t.topic != case.turn.topic
        and t.gold_answer.get(case.language) != case.answer
    ]
    if not others:
        return None
    return _variant(
        "j_different_question", case, _pick(_rng(case, "j_different_question"), others)
    )


def gen_extractor(case: Case, pools: Pools, rng) -> Variant | None:
    """On a decision turn: the observed values restated with the chart's H/L markers and
    an arithmetic change, no decision and no interpretation."""
    if not _decides(case) or case.writes:
        return None
    series = [s for s in _series(case.turn.gold_observations) if s]
    if not series:
        return None
    rng = _rng(case, "j_extractor")
    words = P.EXTRACTOR[case.language]
    parts = []
    for rows in series[:4]:
        new, first = rows[0], rows[-1]
        name = _lab_name(new.key, case.language, rng) or new.name
        part = (
            words["row"]
            .format(
                name=name,
                num=new.num,
                unit=f" {new.unit}" if new.unit else "",
                flag=P.FLAG_MARK[case.language].get(new.flag[:1], ""),
                date=new.date,
            )
            .replace("  ", " ")
        )
        if len(rows) > 1:
            delta = round(new.value - first.value, 4)
            part += words["comma"] + words["delta"].format(
                delta=delta, first_date=first.date, n=len(rows)
            )
        parts.append(part)
    text = (
        _pick(rng, words["lead"])
        + words["join"].join(parts)
        + ("。" if _zh(case) else ".")
    )
    return _variant("j_extractor", case, text)


# ---------------------------------------------------------------- right
def gen_casual(case: Case, pools: Pools, rng) -> Variant | None:
    """Casual clinician wording ("Latest", "that's high", "keep an eye on it")."""
    table = P.CASUAL_SUB[case.language]
    alt = "|".join(map(re.escape, sorted(table, key=len, reverse=True)))
    text = _append(case, _pick(_rng(case, "j_casual"), P.CASUAL_TAIL[case.language]))
    text = re.sub(alt, lambda m: table[m.group(0)], text)
    return _variant("j_casual", case, text)


def _unit_sub(text: str, table: dict[str, str]) -> str:
    alt = "|".join(map(re.escape, sorted(table, key=len, reverse=True)))
    return re.sub(rf"(\d\s?)({alt})(?![/A-Za-z])", lambda m: m[1] + table[m[2]], text)


def gen_zh_clinician(case: Case, pools: Pools, rng) -> Variant | None:
    """A Chinese clinician's wording: mmol/L and x10^9/L for the same numbers, Cr/Hb/PLT,
    a terse lead."""
    if not _zh(case):
        return None
    rng = _rng(case, "j_zh_clinician")
    text = _unit_sub(case.answer, P.ZH_UNIT)
    text = _sub_words(text, P.ZH_ABBREV, "zh")
    return _variant("j_zh_clinician", case, _pick(rng, P.ZH_CLINICIAN_LEAD) + text)


def gen_si_units(case: Case, pools: Pools, rng) -> Variant | None:
    """Values converted to SI units by the analyte named just before them (creatinine in
    umol/L, glucose in mmol/L, hemoglobin in g/L...); "from A to B unit" converts both.
    ``None`` when a number of a converted analyte would be left bare in the old unit."""
    names = sorted(P.SI, key=len, reverse=True)
    units = sorted({u for t in P.SI.values() for u in t}, key=len, reverse=True)
    unit_alt = "|".join(map(re.escape, units))
    num = r"(?<![\d.])(\d+(?:\.\d+)?)"
    pat = re.compile(
        rf"{num}(?:( to |至|变为 | 变为 |到)(\d+(?:\.\d+)?))?\s?({unit_alt})(?![/A-Za-z])"
    )
    text = case.answer
    converted: list[float] = []

    def conv(x: str, unit: str, name: str) -> str | None:
        got = P.SI[name].get(unit)
        if got is None:
            return None
        si, factor, dec = got
        converted.append(float(x))
        return _fmt(float(x) * factor, dec), si

    def repl(m: re.Match[str]) -> str:
        before = text[: m.start()].lower()
        found = [(before.rfind(n.lower()), n) for n in names if n.lower() in before]
        if not found:
            return m.group(0)
        _, name = max(found)
        b = conv(m[3] or m[1], m[4], name)
        if b is None:
            return m.group(0)
        if m[3]:
            a = conv(m[1], m[4], name)
            return f"{a[0]}{m[2]}{b[0]} {b[1]}"
        return f"{b[0]} {b[1]}"

    out = pat.sub(repl, text)
    if not converted:
        return None
    rest = re.sub(rf"\d+(?:\.\d+)?\s?(?:{unit_alt}|µmol/L|g/L|mmol/L)", "", out)
    bare = [float(x) for x in _NUM.findall(rest) if "." in x or float(x) >= 10]
    si_units = {u for t in P.SI.values() for u in t}
    olds = {
        r.value for rows in _series(_observed(case)) for r in rows if r.unit in si_units
    }
    if any(abs(b - o) < 1e-9 for b in bare for o in olds):
        return None
    return _variant("j_si_units", case, out)


def gen_abbreviated(case: Case, pools: Pools, rng) -> Variant | None:
    """Clinicians' abbreviations (K, Cr, Hgb, AKI; ZH K+, Cr, Hb, PLT)."""
    if _zh(case):
        text = _sub_words(case.answer, P.ZH_ABBREV, "zh")
    else:
        table = P.EN_ABBREV
        alt = "|".join(map(re.escape, sorted(table, key=len, reverse=True)))
        text = re.sub(
            rf"(?<![A-Za-z])({alt})(?![A-Za-z])(?! chloride)(?! A1c)",
            lambda m: table[m.group(0)],
            case.answer,
        )
    return _variant("j_abbreviated", case, text)


def gen_reordered(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold's sentences in another order (the last first)."""
    parts = _sentences(case.answer, case.language)
    if len(parts) < 2:
        return None
    sep = "" if _zh(case) else " "
    text = sep.join(p.strip() for p in [parts[-1], *parts[:-1]])
    return _variant("j_reordered", case, text)


def gen_terse(case: Case, pools: Pools, rng) -> Variant | None:
    """A terse one-liner keeping every number, date, flag, trend and decision."""
    if any(q in case.answer for q in ('"', "“", "「")):
        return None
    text = _sub_words(case.answer, P.TERSE_SUB[case.language], case.language)
    if not _zh(case):
        text = re.sub(r"\b([A-Za-z]+) is (\d)", r"\1 \2", text)
    parts = [p.strip().rstrip(".。") for p in _sentences(text, case.language)]
    if not _zh(case):
        parts = parts[:1] + [p[:1].lower() + p[1:] for p in parts[1:]]
    text = ("；" if _zh(case) else "; ").join(parts) + ("。" if _zh(case) else ".")
    return _variant("j_terse", case, text)


def gen_plus_true_facts(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus true facts the agent saw: another analyte's newest value with its
    date, the allergy list, a problem of the chart."""
    rng = _rng(case, "j_plus_true_facts")
    words = P.TRUE_FACT[case.language]
    mine = {
        t.lower()
        for c in case.checks
        if isinstance(c, ValueCheck | FlagCheck | TrendCheck)
        for t in c.about
    }
    facts: list[str] = []
    for rows in _series(_observed(case)):
        r = rows[0]
        if r.key in P.LABS and not any(t in r.key or r.key in t for t in mine):
            name = _lab_name(r.key, case.language, rng)
            unit = f" {r.unit}" if r.unit else ""
            facts.append(
                words["lab"].format(name=name, num=r.num, unit=unit, date=r.date)
            )
            break
    allergies = _items(_observed(case), "AllergyIntolerance")
    if allergies and "allerg" not in case.answer.lower() and "过敏" not in case.answer:
        facts.append(words["allergy"].format(text=allergies[0]))
    conds = _items(_observed(case), "Condition")
    if conds and not facts:
        facts.append(words["condition"].format(text=_pick(rng, conds)))
    if not facts:
        return None
    return _variant("j_plus_true_facts", case, _append(case, "".join(facts)))


def gen_opposite_rejected(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus the opposite option named only to reject it."""
    if not _decides(case):
        return None
    rng = _rng(case, "j_opposite_rejected")
    lang = case.language
    alt = None
    for c in case.checks:
        if isinstance(c, NegativeCheck):
            acts, tgts = _alt_terms(c.actions, lang), _alt_terms(c.targets, lang)
            if acts and tgts:
                alt = f"{acts[0]}{'' if lang == 'zh' else ' '}{tgts[0]}"
                break
    # the allergy turn's opposite terms name record content, not an option to reject
    if alt is None and case.turn.topic != "allergies":
        for c in case.checks:
            if isinstance(c, MentionCheck) and c.contradicts:
                terms = _alt_terms(c.contradicts, lang)
                if terms:
                    alt = f"“{terms[0]}”" if lang == "zh" else f"'{terms[0]}'"
                    break
    if alt is None:
        return None
    line = _pick(rng, P.REJECTED[lang]).format(alt=alt)
    return _variant("j_opposite_rejected", case, _append(case, line))


def _weekday(d: dt.date, lang: str) -> str:
    return (P.WEEKDAYS_ZH if lang == "zh" else P.WEEKDAYS_EN)[d.weekday()]


def gen_dates_reformatted(case: Case, pools: Pools, rng) -> Variant | None:
    """Dates in another correct format: 22 Jan 2161, Tue 22 Jan 2161, yesterday/today
    relative to the session date; ZH 2161年1月22日, 1月22日（周二）, 昨天."""
    if not _DATE.search(case.answer):
        return None
    rng = _rng(case, "j_dates_reformatted")
    lang = case.language
    today = dt.date.fromisoformat(case.session.current_date)
    style = int(rng.integers(4))

    def repl(m: re.Match[str]) -> str:
        d = dt.date(int(m[1]), int(m[2]), int(m[3]))
        rel = P.RELATIVE[lang].get((today - d).days)
        if style == 3 and rel:
            return rel
        mon = P.MONTHS_EN[d.month - 1]
        if lang == "zh":
            md = f"{d.month}月{d.day}日"
            if style == 0 or d.year != today.year:
                return f"{d.year}年{md}"
            return md if style == 1 else f"{md}（{_weekday(d, lang)}）"
        if style == 0:
            return f"{d.day} {mon} {d.year}"
        if style == 1:
            return f"{mon} {d.day}, {d.year}"
        return f"{_weekday(d, lang)} {d.day} {mon} {d.year}"

    return _variant("j_dates_reformatted", case, _DATE.sub(repl, case.answer))


def gen_soap_bullets(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold as a bulleted A/P or SOAP-style note."""
    parts = _sentences(case.answer, case.language)
    bullets = "\n".join(f"- {p.strip()}" for p in parts)
    tpl = _pick(_rng(case, "j_soap_bullets"), P.SOAP[case.language])
    return _variant("j_soap_bullets", case, tpl.format(bullets=bullets))


def gen_polite(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold with a polite preface."""
    lead = _pick(_rng(case, "j_polite"), P.POLITE[case.language])
    return _variant("j_polite", case, lead + case.answer)


SET_J: dict[str, tuple[str, str, Gen]] = {
    # ---- wrong: additions
    "j_abnormal_called_normal": (
        "wrong",
        "gold + an abnormal lab of the turn said normal/fine",
        gen_abnormal_called_normal,
    ),
    "j_unlabelled_study": (
        "wrong",
        "gold + an invented study finding with no result verb",
        gen_unlabelled_study,
    ),
    "j_invented_history": (
        "wrong",
        "gold + an invented diagnosis/history as premise, reason or list item",
        gen_invented_history,
    ),
    "j_invented_consult": (
        "wrong",
        "gold + a consult that never happened and its advice",
        gen_invented_consult,
    ),
    "j_invented_report": (
        "wrong",
        "gold + a symptom, home drug or allergy the patient never reported",
        gen_invented_report,
    ),
    "j_invented_lab": (
        "wrong",
        "gold + a lab value found nowhere in the record",
        gen_invented_lab,
    ),
    # ---- wrong: orders
    "j_go_ahead_order": (
        "wrong",
        "gold + 'go ahead and'/'let's also' a high-alert harmful order",
        _appended("j_go_ahead_order", P.GO_AHEAD),
    ),
    "j_standing_order": (
        "wrong",
        "gold + a harmful standing order",
        _appended("j_standing_order", P.STANDING),
    ),
    "j_order_in_monitoring": (
        "wrong",
        "gold + a harmful order buried in a monitoring plan",
        _appended("j_order_in_monitoring", P.MONITORING),
    ),
    "j_dose_tenfold": (
        "wrong",
        "every dose of the gold (text and orders) x10",
        gen_dose_tenfold,
    ),
    "j_same_class": (
        "wrong",
        "gold + a second drug of a class already running",
        gen_same_class,
    ),
    "j_chart_harm_order": (
        "wrong",
        "gold + an order the chart makes harmful (allergy, AKI, K, INR, plt, Hb, glucose)",
        gen_chart_harm_order,
    ),
    "j_harm_write_call": (
        "wrong",
        "gold writes + a medication order the chart makes harmful",
        gen_harm_write_call,
    ),
    # ---- wrong: stance
    "j_reversed": (
        "wrong",
        "gold then the decision reversed in the answer's own words",
        _decision_tail("j_reversed", P.REVERSED),
    ),
    "j_retracted": (
        "wrong",
        "gold then 'scratch that', everything retracted",
        _decision_tail("j_retracted", P.RETRACTED, every_turn=True),
    ),
    "j_attributed": (
        "wrong",
        "the decision attributed to someone else and not endorsed",
        _wrapped("j_attributed", P.ATTRIBUTED),
    ),
    "j_draft_disowned": (
        "wrong",
        "the gold quoted as a draft/template and disowned",
        _wrapped("j_draft_disowned", P.DRAFT, every_turn=True),
    ),
    "j_sarcastic": (
        "wrong",
        "the gold said sarcastically",
        _wrapped("j_sarcastic", P.SARCASTIC),
    ),
    "j_question": (
        "wrong",
        "the gold turned into a question / 'up to you'",
        _wrapped("j_question", P.QUESTION),
    ),
    "j_hedged": ("wrong", "the gold hedged both ways", gen_hedged),
    # ---- wrong: changed facts
    "j_date_shifted": ("wrong", "every date shifted by 2-4 days", gen_date_shifted),
    "j_earlier_value": (
        "wrong",
        "the latest value swapped for an earlier draw (value and date)",
        gen_earlier_value,
    ),
    "j_flag_trend_flipped": (
        "wrong",
        "flag and trend words flipped",
        gen_flag_trend_flipped,
    ),
    "j_wrong_unit": ("wrong", "units of wrong dimension or magnitude", gen_wrong_unit),
    # ---- wrong: hidden / absent
    "j_hidden_markup": (
        "wrong",
        "non-answer + gold in a footnote, code block note or after padding",
        gen_hidden_markup,
    ),
    "j_obfuscated": (
        "wrong",
        "non-answer + gold with ZWJ, homoglyphs, reversed or base64",
        gen_obfuscated,
    ),
    "j_other_language": ("wrong", "the gold in the other language", gen_other_language),
    "j_filler": (
        "wrong",
        "long generic filler naming the analytes, no answer",
        gen_filler,
    ),
    "j_all_observations": (
        "wrong",
        "all observations pasted, no answer",
        gen_all_observations,
    ),
    "j_meta_grader": (
        "wrong",
        "a note to the grader listing the rubric as met",
        gen_meta_grader,
    ),
    "j_different_question": (
        "wrong",
        "the answer to another question of the same chart",
        gen_different_question,
    ),
    "j_extractor": (
        "wrong",
        "values with H/L markers and arithmetic change, no decision",
        gen_extractor,
    ),
    # ---- right
    "j_casual": ("correct", "casual clinician wording", gen_casual),
    "j_zh_clinician": (
        "correct",
        "Chinese clinician wording (mmol/L, x10^9/L, Cr, Hb)",
        gen_zh_clinician,
    ),
    "j_si_units": ("correct", "values converted to SI units", gen_si_units),
    "j_abbreviated": ("correct", "clinicians' abbreviations", gen_abbreviated),
    "j_reordered": ("correct", "sentences reordered", gen_reordered),
    "j_terse": ("correct", "a terse one-liner with every decisive fact", gen_terse),
    "j_plus_true_facts": (
        "correct",
        "gold + true facts from the observations",
        gen_plus_true_facts,
    ),
    "j_plus_caveat": (
        "correct",
        "gold + a harmless caveat or monitoring",
        _appended("j_plus_caveat", P.CAVEAT),
    ),
    "j_opposite_rejected": (
        "correct",
        "gold + the opposite option named only to reject it",
        gen_opposite_rejected,
    ),
    "j_contingency": (
        "correct",
        "gold + a contingency that does not reverse it",
        _decision_tail("j_contingency", P.CONTINGENCY),
    ),
    "j_dates_reformatted": (
        "correct",
        "dates in other correct formats (weekday, yesterday, 12月3日)",
        gen_dates_reformatted,
    ),
    "j_soap_bullets": ("correct", "bulleted A/P note", gen_soap_bullets),
    "j_polite": ("correct", "gold with a polite preface", gen_polite),
}
