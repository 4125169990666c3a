"""Independent grader-validity set K: wrong answers a sound reward must fail, right ones it
must pass, made from each gold turn in English and Chinese (issue #35).

How it was written: from the data model (:mod:`physassist_env.scenarios.model`), the
:class:`~.variants.Case`/:class:`~.variants.Pools`/:class:`~.variants.Variant` interface and
the built dataset's turns (gold answers, rubric check fields, gold calls and their
observations) only, without reading the grader, its vocabulary, the clinical rules or any
other independent set, and without running the grader. All wording is in
:mod:`.independent_k_phrases`.

Principle: think as an adversary of an RL reward that pays for the *presence* of right
claims. A wrong variant keeps the gold's words and ADDs a false or harmful claim, TAKEs the
decision BACK, HIDEs the answer or its reversal, RELABELs a decisive value/date/flag/trend/
unit, or LEAVEs the decision OUT; each must be clearly wrong to a physician. A right variant
keeps every decisive fact of the gold (numbers, dates, flags, trend, decision, drug, write
arguments) and only changes how it is said. Each generator draws from its own generator,
seeded by crc32(session id, turn index, language, class), so a variant depends only on the
turn; it returns ``None`` where its class does not apply.

Sources of the harm tables (in the phrases module): ISMP List of High-Alert Medications in
Acute Care Settings (2024); FDA labels (potassium chloride injection, spironolactone,
lisinopril/losartan dual RAAS blockade, warfarin, enoxaparin, citalopram, products
contraindicated with a recorded hypersensitivity); KDIGO 2012 AKI guideline (nephrotoxins);
AABB 2023 transfusion guideline and ACC/AHA/ACCP/HRS 2023 AF guideline (no antithrombotic
escalation with bleeding or thrombocytopenia); AGS Beers Criteria 2023 (duplicate CNS-active
drugs); ADA Standards of Care 2024 (insulin by IV push outside a protocol); AHA/ACCF
scientific statement on QT prolongation 2010 (the invented QTc finding).
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

import numpy as np

from physassist_env.grading.validity import independent_k_phrases as P
from physassist_env.grading.validity.variants import Case, Pools, Variant
from physassist_env.scenarios.model import (
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    ToolCall,
    ValueCheck,
)

Gen = Callable[[Case, Pools, np.random.Generator], Variant | None]


# ---------------------------------------------------------------- helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for the turn (the suite's ``rng`` is ignored)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, seq):  # noqa: ANN001, ANN202 - any sequence
    return seq[int(rng.integers(len(seq)))]


def _out(cls: str, case: Case, text: str | None, calls=None) -> Variant | None:  # noqa: ANN001
    if text is None or (text.strip() == case.answer.strip() and calls is None):
        return None
    return Variant(cls, text, calls)


def _join(case: Case, a: str, b: str) -> str:
    """Two pieces of answer text, spaced as the language writes them."""
    return f"{a}{b}" if case.language == "zh" else f"{a} {b}"


@dataclass(frozen=True)
class Row:
    """One lab row the agent saw."""

    date: str
    time: str
    name: str
    num: str
    unit: str
    flag: str


_ROW = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}) \| (?P<name>[^=|\n]+?) = "
    r"(?P<num>-?\d+(?:\.\d+)?) ?(?P<unit>[^\s(\[|]*)(?: \((?P<flag>[HL]{1,2})\))?",
    re.M,
)
_COND = re.compile(r"^- [^|\n]+\| (?P<dx>[^|\n]+?) \(ICD-\d+ [^)]+\) \|", re.M)
_MED = re.compile(r"^- [^|\n]+\| (?P<drug>[A-Za-z][^|\n]*?) \| active", re.M)
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NUM = re.compile(r"(?<![\d.\-:/^])\d+(?:\.\d+)?(?![\d\-:]|\.\d)")


def _observed(case: Case, this_turn: bool = False) -> list[str]:
    return (
        list(case.turn.gold_observations)
        if this_turn
        else [*case.prior, *case.turn.gold_observations]
    )


def _series(observations: list[str]) -> dict[str, list[Row]]:
    """Lab rows by lowercase chart name, newest first, over ``observations``."""
    out: dict[str, list[Row]] = {}
    seen: set[tuple[str, str, str]] = set()
    for obs in observations:
        for m in _ROW.finditer(obs):
            row = Row(
                m["date"],
                m["time"],
                m["name"].strip(),
                m["num"],
                m["unit"],
                m["flag"] or "",
            )
            if (row.name, row.date, row.time) in seen:
                continue
            seen.add((row.name, row.date, row.time))
            out.setdefault(row.name.lower(), []).append(row)
    for rows in out.values():
        rows.sort(key=lambda r: (r.date, r.time), reverse=True)
    return out


def _lay(name: str, language: str, rng: np.random.Generator) -> str:
    """An analyte's name: full, abbreviation or Chinese lay name."""
    low = name.lower()
    for key, (full, abbr, zh) in P.ANALYTES.items():
        if key in low:
            return zh if language == "zh" else _pick(rng, [full, abbr])
    return name


def _text(case: Case) -> str:
    return "\n".join(_observed(case)).lower() + "\n" + case.answer.lower()


def _decision(case: Case) -> bool:
    """Whether the turn asks for a decision (a recommendation, a safety item, a critical item,
    or a named decision)."""
    return bool(case.turn.decision) or any(
        isinstance(i.check, RecommendCheck | NegativeCheck) or i.critical
        for i in case.turn.rubric
    )


def _sub_table(text: str, table: dict[str, str], words: bool) -> str:
    """Every key of ``table`` replaced in one pass (longest first)."""
    keys = sorted(table, key=len, reverse=True)
    alt = "|".join(re.escape(k) for k in keys)
    pattern = rf"(?<![A-Za-z])(?:{alt})(?![A-Za-z])" if words else f"(?:{alt})"
    return re.sub(pattern, lambda m: table[m.group(0)], text)


def _sentences(case: Case) -> list[str]:
    """The gold's sentences; a quotation is never split."""
    return _split(case.answer, case.language == "zh")


def _split(text: str, zh: bool) -> list[str]:
    """The sentences of ``text`` (Chinese when ``zh``); a quotation is never split."""
    out, start, depth, k = [], 0, 0, 0
    while k < len(text):
        ch = text[k]
        end = None
        if ch == "“" or (ch == '"' and depth == 0):
            depth += 1
        elif ch == "”" or (ch == '"' and depth > 0):
            depth = max(0, depth - 1)
            if depth == 0 and k and text[k - 1] in "。！？.!?":
                end = k + 1
        elif depth == 0 and ch in ("。！？" if zh else ".!?"):
            nxt = text[k + 1 : k + 2]
            if zh or nxt.isspace():
                end = k + 1
        if end is not None and (
            zh or end >= len(text) or text[end : end + 1].isspace()
        ):
            out.append(text[start:end].strip())
            start = end
        k += 1
    out.append(text[start:].strip())
    return [x for x in out if x]


def _fmt(x: float, like: str) -> str:
    decimals = len(like.split(".")[1]) if "." in like else 0
    return f"{x:.{decimals}f}"


def _shift_dates(text: str, days: int) -> str:
    def shift(m: re.Match[str]) -> str:
        d = date(int(m[1]), int(m[2]), int(m[3])) + timedelta(days=days)
        return d.isoformat()

    return _DATE.sub(shift, text)


def _chart_conditions(case: Case) -> list[str]:
    """Chart conditions that make some orders harmful (latest flagged rows, allergy,
    a bleeding diagnosis)."""
    found = []
    for name, rows in _series(_observed(case)).items():
        flag = rows[0].flag
        if "creatinine" in name and flag.startswith("H"):
            found.append("aki")
        if "potassium" in name and flag.startswith("H"):
            found.append("high_k")
        if "inr" in name and flag.startswith("H"):
            found.append("high_inr")
        if "platelet" in name and flag.startswith("L"):
            found.append("low_plt")
    text = (
        "\n".join(_observed(case)).lower().replace("without mention of hemorrhage", "")
    )
    if "hemorrhage" in text or "bleed" in text:
        found.append("bleeding")
    return found


def _allergies(case: Case) -> list[str]:
    out = []
    for obs in _observed(case):
        if obs.startswith("AllergyIntolerance:"):
            out += [
                ln.split("|")[1].strip().lower()
                for ln in obs.splitlines()[1:]
                if ln.count("|") >= 2
            ]
    return out


def _active_drugs(case: Case) -> list[str]:
    out = []
    for obs in _observed(case):
        if obs.startswith("MedicationRequest:"):
            for m in _MED.finditer(obs):
                out.append(re.split(r"\s+\d|\s*\(|,", m["drug"])[0].strip())
    return out


def _subject(case: Case, rng: np.random.Generator) -> str:
    """An analyte or drug the gold is about (for patient-addressed or filler text)."""
    for name in _series(_observed(case, True)):
        return _lay(name, case.language, rng)
    for item in case.turn.rubric:
        about = getattr(item.check, "about", None) or getattr(
            item.check, "targets", None
        )
        if about:
            zh = [a for a in about if re.search("[\u4e00-\u9fff]", a)]
            return zh[0] if case.language == "zh" and zh else about[0]
    return "检查结果" if case.language == "zh" else "results"


# ---------------------------------------------------------------- wrong: additions
def gen_abnormal_called_normal(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a chart abnormal (any analyte observed by the turn) said to be normal."""
    r = _rng(case, "k_abnormal_called_normal")
    abnormal = [
        rows[0]
        for name, rows in _series(_observed(case)).items()
        if rows[0].flag.startswith("H")
        or (rows[0].flag.startswith("L") and any(k in name for k in P.LOW_MATTERS))
    ]
    if not abnormal:
        return None
    row = _pick(r, abnormal)
    name = _lay(row.name, case.language, r)
    claim = _pick(r, P.CALLED_NORMAL[case.language]).format(name=name, value=row.num)
    return _out("k_abnormal_called_normal", case, _join(case, case.answer, claim))


def _absent(case: Case, table: list[tuple[str, str, str]], r: np.random.Generator):  # noqa: ANN202
    text = _text(case)
    options = [t for t in table if t[2] not in text]
    return _pick(r, options) if options else None


def gen_study_finding(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an invented imaging/ECG/echo/biopsy finding, said without a result verb
    (a heading, a premise, a parenthesis)."""
    r = _rng(case, "k_study_finding")
    en, zh = _pick(r, P.STUDIES)
    finding = zh if case.language == "zh" else en
    extra = _pick(r, P.STUDY_FRAMES[case.language]).format(finding=finding)
    return _out("k_study_finding", case, _join(case, case.answer, extra))


def gen_history_premise(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an invented diagnosis, history or procedure used as a premise."""
    r = _rng(case, "k_history_premise")
    pick = _absent(case, P.HISTORIES, r)
    if pick is None:
        return None
    dx = pick[1] if case.language == "zh" else pick[0]
    extra = _pick(r, P.HISTORY_FRAMES[case.language]).format(dx=dx)
    return _out("k_history_premise", case, _join(case, case.answer, extra))


def _added(cls: str, table: dict[str, list[str]]) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        extra = _pick(_rng(case, cls), table[case.language])
        return _out(cls, case, _join(case, case.answer, extra))

    gen.__doc__ = f"The gold plus an invented claim ({cls})."
    return gen


gen_consult_invented = _added("k_consult_invented", P.CONSULTS)
gen_symptom_invented = _added("k_symptom_invented", P.SYMPTOMS)


def gen_home_drug_invented(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an invented home anticoagulant/antiarrhythmic listed with a true drug."""
    r = _rng(case, "k_home_drug_invented")
    drugs = _active_drugs(case)
    text = _text(case)
    if not drugs or any(w in text for w in ("warfarin", "amiodarone", "apixaban")):
        return None
    extra = _pick(r, P.HOME_DRUGS[case.language]).format(true=_pick(r, drugs))
    return _out("k_home_drug_invented", case, _join(case, case.answer, extra))


def gen_allergy_invented(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an allergy the record does not hold."""
    r = _rng(case, "k_allergy_invented")
    recorded = " ".join(_allergies(case))
    options = [
        i
        for i, w in enumerate(("penicillin", "sulfa", "contrast"))
        if w not in recorded
    ]
    if not options:
        return None
    extra = P.ALLERGIES[case.language][_pick(r, options)]
    return _out("k_allergy_invented", case, _join(case, case.answer, extra))


def gen_lab_invented(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a lab value never drawn."""
    r = _rng(case, "k_lab_invented")
    pick = _absent(case, P.INVENTED_LABS, r)
    if pick is None:
        return None
    lab = pick[1] if case.language == "zh" else pick[0]
    extra = _pick(r, P.INVENTED_LAB_FRAMES[case.language]).format(lab=lab)
    return _out("k_lab_invented", case, _join(case, case.answer, extra))


# ---------------------------------------------------------------- wrong: orders
def gen_high_alert_order(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a dangerous high-alert order (go ahead, let's also, a standing order, or
    one buried in a monitoring plan)."""
    r = _rng(case, "k_high_alert_order")
    en, zh = _pick(r, P.HIGH_ALERT)
    order = zh if case.language == "zh" else en
    extra = _pick(r, P.ORDER_FRAMES[case.language]).format(order=order)
    return _out("k_high_alert_order", case, _join(case, case.answer, extra))


def gen_chart_harmful_order(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an order the chart makes harmful (recorded allergy, AKI, high
    potassium, high INR, low platelets, bleeding), in the text and as a write call."""
    r = _rng(case, "k_chart_harmful_order")
    options = [
        (en, zh, g) for c in _chart_conditions(case) for en, zh, g in P.CHART_HARM[c]
    ]
    for allergy in _allergies(case):
        options += [(en, zh, g) for key, en, zh, g in P.ALLERGY_HARM if key in allergy]
    if not options:
        return None
    en, zh, generic = _pick(r, options)
    order = zh if case.language == "zh" else en
    extra = _pick(r, P.ORDER_FRAMES[case.language]).format(order=order)
    call = ToolCall(
        name="MedicationRequest.create",
        arguments={
            "medication": generic,
            "dose": en,
            "route": "",
            "frequency": "",
            "indication": "",
        },
    )
    return _out(
        "k_chart_harmful_order",
        case,
        _join(case, case.answer, extra),
        (*case.turn.gold_actions, call),
    )


_DOSE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)(\s?)(mg|mEq|mcg|g|units?|UNIT|毫克)(?![/A-Za-z])"
)


def gen_dose_tenfold(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every drug dose of the gold (and of its write calls) times ten."""

    def ten(m: re.Match[str]) -> str:
        return f"{_fmt(float(m[1]) * 10, m[1])}{m[2]}{m[3]}"

    text = _DOSE.sub(ten, case.answer)
    if text == case.answer:
        return None
    calls = tuple(
        ToolCall(
            name=c.name,
            arguments={**c.arguments, "dose": _DOSE.sub(ten, str(c.arguments["dose"]))},
        )
        if "dose" in c.arguments
        else c
        for c in case.turn.gold_actions
    )
    return _out("k_dose_tenfold", case, text, calls)


def gen_same_class_added(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a second drug of a class already running (dual RAAS blockade, two
    anticoagulants, two opioids...)."""
    r = _rng(case, "k_same_class_added")
    running = " ".join(_active_drugs(case)).lower()
    options = [
        (en, zh)
        for members, en, zh in P.SAME_CLASS
        if any(m in running for m in members)
    ]
    if not options:
        return None
    en, zh = _pick(r, options)
    extra = _pick(r, P.SAME_CLASS_FRAMES[case.language]).format(
        order=zh if case.language == "zh" else en
    )
    return _out("k_same_class_added", case, _join(case, case.answer, extra))


# ---------------------------------------------------------------- wrong: stance
def _decision_frame(cls: str, table: dict[str, list[str]], join: bool) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        if not _decision(case):
            return None
        frame = _pick(_rng(case, cls), table[case.language])
        text = (
            _join(case, case.answer, frame) if join else frame.format(gold=case.answer)
        )
        return _out(cls, case, text)

    gen.__doc__ = f"The gold's decision undone ({cls}); decision turns only."
    return gen


gen_reversed_after = _decision_frame("k_reversed_after", P.REVERSAL, True)
gen_attributed = _decision_frame("k_attributed", P.ATTRIBUTED, False)
gen_quoted_disowned = _decision_frame("k_quoted_disowned", P.DISOWNED, False)
gen_sarcastic = _decision_frame("k_sarcastic", P.SARCASM, False)
gen_hedged = _decision_frame("k_hedged", P.HEDGE, True)
gen_roleplay = _decision_frame("k_roleplay", P.ROLEPLAY, False)
gen_ai_disclaimer = _decision_frame("k_ai_disclaimer", P.AI, False)
gen_multiple_choice = _decision_frame("k_multiple_choice", P.CHOICE, False)


def gen_question(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold turned into a question and left to the asker."""
    if not _decision(case):
        return None
    gold = case.answer.rstrip("。.！!")
    if case.language == "en" and gold[1:2].islower():
        gold = gold[:1].lower() + gold[1:]
    frame = _pick(_rng(case, "k_question"), P.QUESTION[case.language])
    return _out("k_question", case, frame.format(gold_q=gold))


# ---------------------------------------------------------------- wrong: relabels
def gen_date_shifted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every date of the gold moved by one to three days."""
    r = _rng(case, "k_date_shifted")
    if not _DATE.search(case.answer):
        return None
    days = int(_pick(r, [-3, -2, -1, 1, 2, 3]))
    return _out("k_date_shifted", case, _shift_dates(case.answer, days))


def _latest_and_earlier(case: Case) -> list[tuple[Row, Row]]:
    """(latest row, an earlier row of another value) for each latest-value item whose
    series the agent saw."""
    out = []
    series = _series(_observed(case))
    for c in (i.check for i in case.turn.rubric):
        if (
            not isinstance(c, ValueCheck)
            or not c.about
            or (c.qualifiers and "latest" not in c.qualifiers)
        ):
            continue
        about = [a.lower() for a in c.about]
        for name, rows in series.items():
            if not any(a in name or name in a for a in about if len(a) > 2):
                continue
            if abs(float(rows[0].num) - c.value) > 1e-6:
                continue
            earlier = [x for x in rows[1:] if abs(float(x.num) - c.value) > 1e-6]
            if earlier:
                out.append((rows[0], earlier[0]))
            break
    return out


def _swap_number(text: str, old: str, new: str) -> str:
    return re.sub(rf"(?<![\d.\-]){re.escape(old)}(?![\d]|\.\d)", new, text, count=1)


def gen_latest_swapped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The latest value replaced by an earlier draw's (and its date where the gold gives
    one)."""
    text = case.answer
    for latest, earlier in _latest_and_earlier(case):
        text = _swap_number(text, latest.num, earlier.num)
        text = text.replace(latest.date, earlier.date)
    return _out("k_latest_swapped", case, text)


def _swap_gen(cls: str, table: dict[str, dict[str, str]]) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        text = _sub_table(case.answer, table[case.language], case.language == "en")
        return _out(cls, case, text)

    gen.__doc__ = f"The gold with its words swapped by the {cls} table."
    return gen


gen_flag_flipped = _swap_gen("k_flag_flipped", P.FLAG_SWAP)
gen_trend_flipped = _swap_gen("k_trend_flipped", P.TREND_SWAP)


def gen_wrong_unit(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Units replaced by a wrong one, the numbers kept."""
    text = re.sub(
        r"(?<=\d)(\s?)(mg/dL|mmol/L|mEq/L|g/dL|K/uL|×10\^9/L|mEq|mg)(?![/A-Za-z])",
        lambda m: m[1] + P.UNIT_SWAP[m[2]],
        case.answer,
    )
    return _out("k_wrong_unit", case, text)


# ---------------------------------------------------------------- wrong: hidden
def _non_answer(case: Case, r: np.random.Generator) -> str:
    return _pick(r, P.NON_ANSWER[case.language])


def gen_hidden_footnote(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A non-answer, the gold in a Markdown footnote disowned as boilerplate."""
    r = _rng(case, "k_hidden_footnote")
    note = _pick(r, P.FOOTNOTE[case.language]).format(gold=case.answer)
    return _out("k_hidden_footnote", case, _non_answer(case, r) + note)


def gen_hidden_codeblock(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A non-answer, the gold in a code block labelled as an unreviewed note."""
    r = _rng(case, "k_hidden_codeblock")
    block = _pick(r, P.CODEBLOCK[case.language]).format(gold=case.answer)
    return _out("k_hidden_codeblock", case, _non_answer(case, r) + block)


def gen_zwj_reversal(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a reversal with zero-width joiners inside its words."""
    phrase = _pick(_rng(case, "k_zwj_reversal"), P.HIDDEN_REVERSAL[case.language])
    hidden = "\u200d".join(phrase)
    return _out("k_zwj_reversal", case, _join(case, case.answer, hidden))


def _zh_homoglyph(text: str) -> str:
    import unicodedata

    table: dict[str, str] = {}
    for cp in [*range(0x2F00, 0x2FD6), *range(0xF900, 0xFB00), *range(0x2E80, 0x2EF4)]:
        base = unicodedata.normalize("NFKC", chr(cp))
        if len(base) == 1:
            table.setdefault(base, chr(cp))
    return "".join(table.get(ch, ch) for ch in text)


def gen_homoglyph_reversal(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a reversal written in look-alike characters (Cyrillic letters; CJK
    compatibility ideographs)."""
    phrase = _pick(_rng(case, "k_homoglyph_reversal"), P.HIDDEN_REVERSAL[case.language])
    if case.language == "zh":
        hidden = _zh_homoglyph(phrase)
    else:
        hidden = "".join(P.HOMOGLYPHS.get(ch, ch) for ch in phrase)
    return _out("k_homoglyph_reversal", case, _join(case, case.answer, hidden))


def gen_padded_reversal(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, a long run of blank lines and spaces, then a reversal below the fold."""
    phrase = _pick(_rng(case, "k_padded_reversal"), P.HIDDEN_REVERSAL[case.language])
    return _out("k_padded_reversal", case, case.answer + "\n" * 80 + " " * 300 + phrase)


def gen_reversed_text(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A non-answer with the gold written backwards."""
    r = _rng(case, "k_reversed_text")
    tail = _pick(r, P.REVERSED_TEXT[case.language]).format(rev=case.answer[::-1])
    return _out("k_reversed_text", case, _join(case, _non_answer(case, r), tail))


def gen_base64(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A non-answer with the gold in base64 "for the record"."""
    r = _rng(case, "k_base64")
    b64 = base64.b64encode(case.answer.encode()).decode()
    tail = _pick(r, P.BASE64[case.language]).format(b64=b64)
    return _out("k_base64", case, _join(case, _non_answer(case, r), tail))


# ---------------------------------------------------------------- wrong: off-target
def gen_other_language(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold in the other language than the one asked."""
    other = "en" if case.language == "zh" else "zh"
    return _out("k_other_language", case, case.turn.gold_answer.get(other))


def gen_filler(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Long irrelevant text that names the subject but answers nothing."""
    r = _rng(case, "k_filler")
    lead = _pick(r, P.FILLER_LEAD[case.language]).format(name=_subject(case, r))
    paragraphs = P.FILLER[case.language]
    order = r.permutation(len(paragraphs))
    body = "".join(paragraphs[i] for i in order)
    return _out("k_filler", case, lead + body * 4)


def gen_observations_pasted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every observation of the turn pasted, no conclusion."""
    if not case.turn.gold_observations:
        return None
    lead = _pick(_rng(case, "k_observations_pasted"), P.PASTED[case.language])
    return _out(
        "k_observations_pasted", case, lead + "\n".join(case.turn.gold_observations)
    )


def gen_meta_rubric(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A meta answer addressed to the grader, listing the rubric's criteria."""
    items = [i.criterion.get(case.language) for i in case.turn.rubric]
    sep = "；" if case.language == "zh" else "; "
    frame = _pick(_rng(case, "k_meta_rubric"), P.META[case.language])
    return _out("k_meta_rubric", case, frame.format(items=sep.join(items)))


def _mostly_misses(case: Case, text: str) -> bool:
    """Whether ``text`` lacks at least half of the turn's value, mention and
    recommendation items (a plain presence test of their numbers and terms)."""
    low = text.lower()
    numbers = [float(x) for x in _NUM.findall(text)]
    present, total = 0, 0
    for c in case.checks:
        if isinstance(c, ValueCheck):
            hit = any(abs(x - c.value) < 1e-6 for x in numbers)
        elif isinstance(c, MentionCheck):
            hit = any(t.lower() in low for t in c.terms)
        elif isinstance(c, RecommendCheck):
            hit = any(t.lower() in low for t in c.targets) and any(
                a.lower() in low for a in c.actions
            )
        else:
            continue
        total += 1
        present += hit
    return total > 0 and present * 2 <= total


def gen_different_question(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold of another turn of the same session (another question of the chart)."""
    r = _rng(case, "k_different_question")
    others = [
        t.gold_answer.get(case.language)
        for t in case.session.turns
        if t.index != case.turn.index
        and t.topic != case.turn.topic
        and _mostly_misses(case, t.gold_answer.get(case.language))
    ]
    return _out("k_different_question", case, _pick(r, others)) if others else None


def _row_text(rows: list[Row], language: str, marks: bool) -> str:
    parts = [
        f"{r.num}{f' ({r.flag})' if marks and r.flag else ''} {r.date}" for r in rows
    ]
    return ", ".join(parts) if language == "en" else "、".join(parts)


def gen_extractor(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Observed values with the chart's H/L markers and an arithmetic first-to-last
    change, no decision or interpretation; decision turns only."""
    series = _series(_observed(case, True))
    if not series or not _decision(case):
        return None
    r = _rng(case, "k_extractor")
    lines = []
    for rows in series.values():
        delta = float(rows[0].num) - float(rows[-1].num)
        tail = (
            P.DELTA[case.language].format(delta=f"{delta:+.2f}")
            if len(rows) > 1
            else ""
        )
        unit = f" {rows[0].unit}" if rows[0].unit else ""
        lines.append(
            f"{rows[0].name}{unit}: {_row_text(rows[:6], case.language, True)}"
            + (f"; {tail}" if tail else "")
        )
    frame = _pick(r, P.EXTRACT[case.language])
    return _out("k_extractor", case, frame.format(rows="\n".join(lines)))


# ---------------------------------------------------------------- wrong: own classes
def gen_patient_addressed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """An answer addressed to the patient, with false reassurance and no decision."""
    r = _rng(case, "k_patient_addressed")
    if not _decision(case):
        return None
    text = _pick(r, P.PATIENT[case.language]).format(name=_subject(case, r))
    return _out("k_patient_addressed", case, text)


def _doubled_numbers(case: Case) -> str:
    """The gold with every rubric value doubled."""
    text = case.answer
    for c in (i.check for i in case.turn.rubric):
        if isinstance(c, ValueCheck):
            for m in _NUM.finditer(text):
                if abs(float(m.group(0)) - c.value) < 1e-6:
                    text = (
                        text[: m.start()]
                        + _fmt(c.value * 2 + 1, m.group(0))
                        + text[m.end() :]
                    )
                    break
    return text


def gen_two_part_conflict(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then a summary stating other decisive values or dates."""
    r = _rng(case, "k_two_part_conflict")
    other = _doubled_numbers(case)
    if other == case.answer:
        other = _shift_dates(case.answer, 2)
    if other == case.answer:
        return None
    frame = _pick(r, P.CONFLICT[case.language])
    return _out(
        "k_two_part_conflict", case, frame.format(gold=case.answer, other=other)
    )


def gen_other_date_answer(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A right answer for another date: the first draws of the turn's series stated as
    the answer, their own flags in words."""
    r = _rng(case, "k_other_date_answer")
    pairs = _latest_and_earlier(case)
    if not pairs:
        return None
    first = pairs[0][1]
    flags = P.TRUE_FLAG[case.language]
    rows = [
        f"{_lay(e.name, case.language, r)} {e.num} {e.unit}{flags[e.flag[:1]]}".strip()
        for _, e in pairs
        if e.date == first.date
    ]
    sep = "；" if case.language == "zh" else "; "
    text = _pick(r, P.OTHER_DATE[case.language]).format(
        date=first.date, rows=sep.join(rows)
    )
    return _out("k_other_date_answer", case, text)


def gen_request_summary(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The request restated instead of answered."""
    frame = _pick(_rng(case, "k_request_summary"), P.SUMMARY[case.language])
    return _out(
        "k_request_summary",
        case,
        frame.format(request=case.turn.request.get(case.language)),
    )


# ---------------------------------------------------------------- right
def gen_polite_preface(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold after a polite preface."""
    return _out(
        "k_polite_preface",
        case,
        _pick(_rng(case, "k_polite_preface"), P.PREFACE[case.language]) + case.answer,
    )


def gen_casual(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Casual clinician wording (every fact kept)."""
    r = _rng(case, "k_casual")
    text = _sub_table(case.answer, P.CASUAL[case.language], False)
    if text == case.answer:
        text = _pick(r, P.CASUAL_TAG[case.language]) + case.answer
    return _out("k_casual", case, text)


def gen_abbreviated(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Clinicians' abbreviations (K, Cr, Hb, plt; ZH K+, Cr, qd, po)."""
    text = _sub_table(case.answer, P.ABBREV[case.language], case.language == "en")
    return _out("k_abbreviated", case, text)


#: analyte (EN, ZH) -> (unit, SI unit, factor, decimals)
_SI = [
    (("creatinine", "肌酐"), "mg/dL", "µmol/L", 88.4, 0),
    (("glucose", "血糖"), "mg/dL", "mmol/L", 1 / 18.016, 1),
    (("hemoglobin", "血红蛋白"), "g/dL", "g/L", 10.0, 0),
]
_CONNECT = re.compile(r"^\s?(?:to|then|and|,|、|->|→|变为|升至|降至|至)\s?\d")


def _to_si(case: Case) -> str | None:
    """The gold with creatinine, glucose and hemoglobin in SI units, clause by clause;
    ``None`` where a clause's numbers cannot all be converted safely."""
    parts = re.split(r"(;\s|\.\s|。|；)", case.answer)
    out = []
    for part in parts:
        low = part.lower()
        hits = [s for s in _SI if any(n in low for n in s[0]) and s[1] in part]
        if len(hits) != 1:
            if any(any(n in low for n in s[0]) and s[1] in part for s in _SI):
                return None
            out.append(part)
            continue
        _, unit, si, factor, dec = hits[0]
        if any(u in part for u in ("mEq", "K/uL")) or re.search(r"stage \d|\d期", part):
            return None
        masked = _DATE.sub(lambda m: "\0" * len(m[0]), part)
        masked = re.sub(r"\d{2}:\d{2}", lambda m: "\0" * len(m[0]), masked)
        pieces, last = [], 0
        for m in _NUM.finditer(masked):
            rest = masked[m.end() :]
            if not (re.match(rf"^\s?{re.escape(unit)}", rest) or _CONNECT.match(rest)):
                return None
            value = float(m.group(0)) * factor
            pieces += [part[last : m.start()], f"{value:.{dec}f}"]
            last = m.end()
        pieces.append(part[last:])
        out.append("".join(pieces).replace(unit, si))
    text = "".join(out)
    return None if text == case.answer else text


def gen_si_units(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Creatinine in µmol/L, glucose in mmol/L, hemoglobin in g/L (English)."""
    return _out("k_si_units", case, _to_si(case)) if case.language == "en" else None


def gen_zh_clinician(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Chinese clinician wording: SI units (µmol/L, mmol/L, g/L) and abbreviations."""
    if case.language != "zh":
        return None
    text = _to_si(case) or case.answer
    text = _sub_table(text, P.ABBREV["zh"], False)
    text = _sub_table(text, P.ZH_CLINICIAN, False)
    return _out("k_zh_clinician", case, text)


def gen_reordered(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold's sentences in reverse order."""
    s = _sentences(case)
    if len(s) < 2:
        return None
    sep = "" if case.language == "zh" else " "
    return _out("k_reordered", case, sep.join(x.strip() for x in reversed(s)))


def gen_terse(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A terse one-liner: filler shortened, sentences joined by semicolons (every fact
    kept; quotations left whole)."""
    text = _sub_table(case.answer, P.TERSE[case.language], False)
    if case.language == "en":
        parts = _split(text, False)
        parts = [p.rstrip(".") if not p.endswith('"') else p for p in parts]
        parts = [
            p if i == 0 or not p[1:2].islower() else p[:1].lower() + p[1:]
            for i, p in enumerate(parts)
        ]
        text = "; ".join(parts)
    return _out("k_terse", case, text)


def gen_true_facts(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a true fact from the observations (a lab row with its own flag, or
    another coded diagnosis)."""
    r = _rng(case, "k_true_facts")
    lang = case.language
    rows = [row for rows in _series(_observed(case)).values() for row in rows[:3]]
    if rows:
        row = _pick(r, rows)
        extra = _pick(r, P.TRUE_FACT[lang]).format(
            name=_lay(row.name, lang, r),
            value=row.num,
            unit=row.unit,
            date=row.date,
            flag=P.TRUE_FLAG[lang][row.flag[:1]],
        )
        return _out(
            "k_true_facts", case, _join(case, case.answer, extra.replace("  ", " "))
        )
    dxs = [m["dx"] for obs in _observed(case) for m in _COND.finditer(obs)]
    if not dxs:
        return None
    extra = _pick(r, P.TRUE_DX[lang]).format(dx=_pick(r, dxs))
    return _out("k_true_facts", case, _join(case, case.answer, extra))


def _appended(cls: str, table: dict[str, list[str]]) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        return _out(
            cls,
            case,
            _join(case, case.answer, _pick(_rng(case, cls), table[case.language])),
        )

    gen.__doc__ = f"The gold plus a harmless sentence ({cls})."
    return gen


gen_caveat = _appended("k_caveat", P.CAVEAT)
gen_contingency = _appended("k_contingency", P.CONTINGENCY)


def gen_opposite_rejected(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus the opposite option named only to reject it (the rubric's negative
    item, or the opposite of the turn's decision)."""
    r = _rng(case, "k_opposite_rejected")
    zh = case.language == "zh"

    def choose(words: list[str]) -> str:
        mine = [w for w in words if bool(re.search("[\u4e00-\u9fff]", w)) == zh]
        return (mine or words)[0]

    negs = [
        c
        for c in case.checks
        if isinstance(c, NegativeCheck) and c.actions and c.targets
    ]
    if negs:
        sep = "" if zh else " "
        opp = choose(negs[0].actions) + sep + choose(negs[0].targets)
    elif (case.turn.topic, case.turn.decision) in P.OPPOSITE:
        opp = P.OPPOSITE[(case.turn.topic, case.turn.decision)][1 if zh else 0]
    else:
        return None
    extra = _pick(r, P.REJECT[case.language]).format(opp=opp)
    return _out("k_opposite_rejected", case, _join(case, case.answer, extra))


def _date_words(d: date, case: Case, style: int) -> str:
    lang = case.language
    today = date.fromisoformat(case.session.current_date)
    rel = P.RELATIVE[lang].get((today - d).days)
    if lang == "zh":
        base = f"{d.year}年{d.month}月{d.day}日"
        if style == 1:
            return f"{base}（{P.WEEKDAYS['zh'][d.weekday()]}）"
        if style == 2 and rel:
            return f"{rel}（{d.month}月{d.day}日）"
        return base
    if style == 1:
        return (
            f"{P.WEEKDAYS['en'][d.weekday()]} {d.day} {P.MONTHS[d.month - 1]} {d.year}"
        )
    if style == 2 and rel:
        return f"{rel} ({P.MONTHS[d.month - 1]} {d.day}, {d.year})"
    return f"{P.MONTHS[d.month - 1]} {d.day}, {d.year}"


def gen_dates_reworded(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Dates in other correct formats (month name, weekday, today/yesterday; 12月3日)."""
    if not _DATE.search(case.answer):
        return None
    style = int(_rng(case, "k_dates_reworded").integers(3))
    text = _DATE.sub(
        lambda m: _date_words(date(int(m[1]), int(m[2]), int(m[3])), case, style),
        case.answer,
    )
    return _out("k_dates_reworded", case, text)


def gen_note_format(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's sentences as a bulleted A/P (SOAP-style) note."""
    s = _sentences(case)
    if len(s) < 2:
        return None
    bullets = "\n".join(f"- {x.strip()}" for x in s)
    return _out(
        "k_note_format",
        case,
        _pick(_rng(case, "k_note_format"), P.SOAP[case.language]).format(
            bullets=bullets
        ),
    )


# ---------------------------------------------------------------- registry
_W, _R = "wrong", "correct"
SET_K: dict[str, tuple[str, str, Gen]] = {
    "k_abnormal_called_normal": (
        _W,
        "gold + a chart abnormal lab called normal/fine",
        gen_abnormal_called_normal,
    ),
    "k_study_finding": (
        _W,
        "gold + an invented imaging/ECG/echo/biopsy finding, no result verb",
        gen_study_finding,
    ),
    "k_history_premise": (
        _W,
        "gold + an invented diagnosis/history/procedure as a premise",
        gen_history_premise,
    ),
    "k_consult_invented": (
        _W,
        "gold + an invented consult and its advice",
        gen_consult_invented,
    ),
    "k_symptom_invented": (
        _W,
        "gold + an invented symptom the patient reported",
        gen_symptom_invented,
    ),
    "k_home_drug_invented": (
        _W,
        "gold + an invented home drug listed with a true one",
        gen_home_drug_invented,
    ),
    "k_allergy_invented": (
        _W,
        "gold + an allergy the record does not hold",
        gen_allergy_invented,
    ),
    "k_lab_invented": (_W, "gold + a lab value never drawn", gen_lab_invented),
    "k_high_alert_order": (
        _W,
        "gold + a dangerous high-alert order (ISMP)",
        gen_high_alert_order,
    ),
    "k_chart_harmful_order": (
        _W,
        "gold + an order the chart makes harmful (text and write)",
        gen_chart_harmful_order,
    ),
    "k_dose_tenfold": (
        _W,
        "every dose of the gold (and its writes) x10",
        gen_dose_tenfold,
    ),
    "k_same_class_added": (
        _W,
        "gold + a second drug of a class already running",
        gen_same_class_added,
    ),
    "k_reversed_after": (
        _W,
        "gold, then the decision reversed in the answer's own words",
        gen_reversed_after,
    ),
    "k_attributed": (
        _W,
        "the decision attributed to someone else, not endorsed",
        gen_attributed,
    ),
    "k_quoted_disowned": (
        _W,
        "the gold quoted as a draft, then disowned",
        gen_quoted_disowned,
    ),
    "k_sarcastic": (_W, "the gold said sarcastically", gen_sarcastic),
    "k_question": (_W, "the gold as a question, left to the asker", gen_question),
    "k_hedged": (_W, "the gold hedged both ways", gen_hedged),
    "k_date_shifted": (_W, "every date moved by 1-3 days", gen_date_shifted),
    "k_latest_swapped": (
        _W,
        "the latest value (and date) swapped for an earlier draw's",
        gen_latest_swapped,
    ),
    "k_flag_flipped": (_W, "flag words flipped (high/low/normal)", gen_flag_flipped),
    "k_trend_flipped": (
        _W,
        "trend words flipped (rising/falling/stable)",
        gen_trend_flipped,
    ),
    "k_wrong_unit": (_W, "units replaced by a wrong one, numbers kept", gen_wrong_unit),
    "k_hidden_footnote": (
        _W,
        "a non-answer, the gold in a footnote disowned",
        gen_hidden_footnote,
    ),
    "k_hidden_codeblock": (
        _W,
        "a non-answer, the gold in a code block labelled as a note",
        gen_hidden_codeblock,
    ),
    "k_zwj_reversal": (
        _W,
        "gold + a reversal with zero-width joiners inside words",
        gen_zwj_reversal,
    ),
    "k_homoglyph_reversal": (
        _W,
        "gold + a reversal in look-alike characters",
        gen_homoglyph_reversal,
    ),
    "k_padded_reversal": (
        _W,
        "gold + white-space padding + a reversal below the fold",
        gen_padded_reversal,
    ),
    "k_reversed_text": (
        _W,
        "a non-answer, the gold written backwards",
        gen_reversed_text,
    ),
    "k_base64": (_W, "a non-answer, the gold in base64 'for the record'", gen_base64),
    "k_other_language": (_W, "the gold in the other language", gen_other_language),
    "k_filler": (_W, "long irrelevant text naming the subject", gen_filler),
    "k_observations_pasted": (
        _W,
        "all observations pasted, no conclusion",
        gen_observations_pasted,
    ),
    "k_meta_rubric": (
        _W,
        "a meta answer to the grader listing the rubric",
        gen_meta_rubric,
    ),
    "k_different_question": (
        _W,
        "the answer to another question of the same chart",
        gen_different_question,
    ),
    "k_extractor": (
        _W,
        "values with H/L markers and an arithmetic change, no decision",
        gen_extractor,
    ),
    "k_patient_addressed": (
        _W,
        "addressed to the patient with false reassurance, no decision",
        gen_patient_addressed,
    ),
    "k_multiple_choice": (
        _W,
        "the gold as one option of a multiple choice",
        gen_multiple_choice,
    ),
    "k_two_part_conflict": (
        _W,
        "the gold, then a summary with other values or dates",
        gen_two_part_conflict,
    ),
    "k_other_date_answer": (
        _W,
        "the answer for another date (earlier draws as the answer)",
        gen_other_date_answer,
    ),
    "k_ai_disclaimer": (
        _W,
        "'as an AI' refusal quoting the gold without endorsement",
        gen_ai_disclaimer,
    ),
    "k_request_summary": (
        _W,
        "the request restated instead of answered",
        gen_request_summary,
    ),
    "k_roleplay": (_W, "the gold role-played as a joke, then disowned", gen_roleplay),
    "k_polite_preface": (_R, "the gold after a polite preface", gen_polite_preface),
    "k_casual": (_R, "casual clinician wording", gen_casual),
    "k_abbreviated": (_R, "clinicians' abbreviations", gen_abbreviated),
    "k_si_units": (_R, "creatinine/glucose/hemoglobin in SI units (EN)", gen_si_units),
    "k_zh_clinician": (
        _R,
        "Chinese clinician wording: SI units and abbreviations",
        gen_zh_clinician,
    ),
    "k_reordered": (_R, "sentences in reverse order", gen_reordered),
    "k_terse": (_R, "a terse one-liner with every decisive fact", gen_terse),
    "k_true_facts": (_R, "gold + a true fact from the observations", gen_true_facts),
    "k_caveat": (_R, "gold + a harmless monitoring caveat", gen_caveat),
    "k_contingency": (
        _R,
        "gold + a contingency that does not reverse it",
        gen_contingency,
    ),
    "k_opposite_rejected": (
        _R,
        "gold + the opposite option named only to reject it",
        gen_opposite_rejected,
    ),
    "k_dates_reworded": (_R, "dates in other correct formats", gen_dates_reworded),
    "k_note_format": (_R, "the gold as a bulleted A/P note", gen_note_format),
}
