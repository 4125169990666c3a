"""Independent grader-validity set L: wrong answers a sound reward must fail and right
answers (said differently) it must pass, made from each gold turn in English and Chinese.

How it was written: without reading the grader (nothing under ``grading/`` but the
Case/Pools/Variant interface of :mod:`.variants` and the registry wiring of
:mod:`.suite`), its vocabulary, the clinical rules, any other independent set or the
wording of :mod:`.wording`, and without running the grader. The generators read only the
data model (:mod:`physassist_env.scenarios.model`): the gold answer, the rubric's check
fields, the gold tool calls and their observations.

Principle: an RL policy may learn to *contain* the gold's words while adding, taking back,
hiding, relabelling or leaving out what makes the answer right. Each wrong class keeps the
gold's words (or hides them) and does one of those things; each right class rewords the
gold and keeps every decisive fact (value, unit, date, flag, trend, drug, decision).

Sources of the harm tables (:mod:`.independent_l_phrases`): ISMP list of high-alert
medications (concentrated KCl, IV insulin, heparin, oral methotrexate daily dosing); FDA
labels (potassium chloride injection rate, heparin, enoxaparin, warfarin, hypersensitivity
contraindications, ACE inhibitor + ARB); KDIGO 2012 AKI guideline (avoid NSAIDs and iodinated
contrast in AKI); AABB 2023 platelet transfusion guideline (thrombocytopenia); ADA 2024
Standards of Care section 16 (inpatient insulin, hypoglycemia); ACC/AHA/ACCP/HRS 2023 AF
guideline (anticoagulation with a supratherapeutic INR); AHA/ACCF 2010 scientific statement
on QT prolongation (the invented QTc 610 ms with torsades); AGS Beers Criteria 2023 (two
CNS-active drugs, duplicate benzodiazepines/opioids).

Every generator ``gen(case, pools, rng) -> Variant | None`` seeds its own generator from
crc32(session id, turn index, language, class), so a variant depends only on its turn;
it returns ``None`` where the class does not apply.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Callable, Sequence
from datetime import date, timedelta

import numpy as np

from physassist_env.grading.validity import independent_l_phrases as P
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
_ROW = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})? \| (?P<name>[^=|\n]+?) = "
    r"(?P<num>-?\d+(?:\.\d+)?) ?(?P<unit>[^\s(\[\n]*)(?: \((?P<flag>[A-Z]{1,2})\))?",
    re.M,
)
_ALLERGY = re.compile(r"^- [\d: -]+\| (?P<text>[^|\n]+)", re.M)
_MED = re.compile(r"^- [\d: -]+\| (?P<drug>[A-Za-z][A-Za-z-]*)[^|\n]*\| active", re.M)
_NUM = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?!\d|\.\d)")
#: A number not part of a date, time or range (2185-05-10, 09:20, 140-180).
_PLAIN_NUM = re.compile(r"(?<![\d.:/-])\d+(?:\.\d+)?(?![\d:/^-]|\.\d)")
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DOSE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)(\s?)(mg|mEq|mcg|units?|g)(?![/\w])")
_STOP = ("hold", "stop", "discontinue", "withhold", "pause", "暂停", "停用", "停药")


# ------------------------------------------------------------------ helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for this turn (session, turn index, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, items: Sequence[str]) -> str:
    return items[int(rng.integers(len(items)))]


def _v(cls: str, case: Case, text: str | None, calls=None) -> Variant | None:
    """A variant, or ``None`` when nothing changed."""
    if text is None or (text == case.answer and calls is None):
        return None
    return Variant(cls, text, calls)


def _lang_term(terms: Sequence[str], lang: str) -> str:
    want = [t for t in terms if bool(_CJK.search(t)) == (lang == "zh")]
    return (want or list(terms) or [""])[0]


def _observed(case: Case) -> list[str]:
    return [*case.prior, *case.turn.gold_observations]


def _rows(case: Case, this_turn: bool = False) -> list[re.Match[str]]:
    obs = case.turn.gold_observations if this_turn else _observed(case)
    return [m for o in obs for m in _ROW.finditer(o)]


def _lab_name(name: str, lang: str, rng: np.random.Generator) -> str:
    """The analyte as a clinician says it: full name, abbreviation or (ZH) lay name."""
    abbr, zh = P.LAB_NAMES.get(name.lower(), (name, name))
    return _pick(rng, [zh, abbr, zh] if lang == "zh" else [name.lower(), abbr, name])


def _unit(u: str) -> str:
    return f" {u}" if u else ""


def _sentences(text: str) -> list[str]:
    """Sentences of ``text``; a quotation ("...", “...”) is never split."""
    out, start, depth = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "“" or (ch == '"' and depth == 0):
            depth += 1
        elif ch == "”" or ch == '"':
            depth = max(0, depth - 1)
        if depth:
            continue
        nxt = text[i + 1 : i + 2]
        ends = ch in '"”' and text[i - 1 : i] in ".!?。！？"
        if ch in "。！？" or (ch in ".!?" and (nxt == "" or nxt.isspace())) or ends:
            out.append(text[start : i + 1].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [x for x in out if x]


def _opposite(case: Case, rng: np.random.Generator) -> str | None:
    """The decision opposite to the gold's, in the case's language (``None``: the turn
    has no decision to oppose)."""
    lang = case.language
    for c in case.checks:
        if isinstance(c, RecommendCheck) and c.targets:
            target = _lang_term(c.targets, lang)
            stop = any(a.lower() in _STOP for a in c.actions)
            frames = P.OPP_KEEP if stop else P.OPP_DO
            return _pick(rng, frames[lang]).format(target=target)
    for c in case.checks:
        if isinstance(c, NegativeCheck) and c.targets:
            action = _lang_term(c.actions, lang)
            target = _lang_term(c.targets, lang)
            return f"{action}{target}" if lang == "zh" else f"{action} the {target}"
    for c in case.checks:
        if isinstance(c, MentionCheck) and c.contradicts:
            return _lang_term(c.contradicts, lang)
    return None


def _decision_target(case: Case) -> str | None:
    for c in case.checks:
        if isinstance(c, RecommendCheck | NegativeCheck) and c.targets:
            return _lang_term(c.targets, case.language)
    return None


def _stops(case: Case) -> bool:
    return any(
        isinstance(c, RecommendCheck) and any(a.lower() in _STOP for a in c.actions)
        for c in case.checks
    )


def _fmt(x: float, like: str) -> str:
    dec = len(like.split(".")[1]) if "." in like else 0
    return f"{x:.{dec}f}"


def _sub_value(text: str, value: float, new: Callable[[str], str]) -> str:
    """``text`` with every number equal to ``value`` (not in a date, time or range)
    replaced by ``new(number)``."""

    def repl(m: re.Match[str]) -> str:
        return new(m.group(0)) if abs(float(m.group(0)) - value) < 1e-9 else m.group(0)

    return _PLAIN_NUM.sub(repl, text)


def _sub_words(text: str, table: dict[str, str], lang: str) -> str:
    """Simultaneous substitution of ``table``'s keys (whole words in EN)."""
    if not table:
        return text
    keys = sorted(table, key=len, reverse=True)
    alt = "|".join(map(re.escape, keys))
    pat = re.compile(
        alt if lang == "zh" else rf"\b(?:{alt})\b", re.I if lang == "en" else 0
    )
    low = {k.lower(): v for k, v in table.items()}

    def repl(m: re.Match[str]) -> str:
        return low.get(m.group(0).lower(), m.group(0))

    return pat.sub(repl, text)


# ------------------------------------------------------------------ wrong: facts changed
def gen_called_normal(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an abnormal lab the agent saw called normal/stable/reassuring."""
    rng = _rng(case, "l_called_normal")
    abnormal = [m for m in _rows(case) if m["flag"]]
    if not abnormal:
        return None
    m = abnormal[int(rng.integers(len(abnormal)))]
    lang = case.language
    line = _pick(rng, P.CALLED_NORMAL[lang]).format(
        name=_lab_name(m["name"], lang, rng), num=m["num"], unit=_unit(m["unit"])
    )
    return _v("l_called_normal", case, case.answer + line)


def _values_in_gold(case: Case) -> list[ValueCheck]:
    return [
        c
        for c in case.checks
        if isinstance(c, ValueCheck)
        and any(abs(float(n) - c.value) < 1e-9 for n in _PLAIN_NUM.findall(case.answer))
    ]


def gen_value_changed(case: Case, pools: Pools, rng) -> Variant | None:
    """The decisive value(s) of the gold changed by 40-70% (same unit and wording)."""
    rng = _rng(case, "l_value_changed")
    checks = _values_in_gold(case)
    if not checks:
        return None
    text = case.answer
    for c in checks:
        factor = float(rng.choice([0.4, 0.5, 1.6, 1.7]))
        text = _sub_value(text, c.value, lambda n, f=factor: _fmt(float(n) * f + 1, n))
    return _v("l_value_changed", case, text)


def gen_unit_swapped(case: Case, pools: Pools, rng) -> Variant | None:
    """The decisive value kept but its unit changed to one of another magnitude."""
    swaps = {
        "mg/dL": "mmol/L",
        "mEq/L": "mg/dL",
        "K/uL": "/uL",
        "g/dL": "g/L",
        "mmol/L": "mg/dL",
    }
    text = case.answer
    for c in _values_in_gold(case):
        if c.unit not in swaps:
            continue
        pat = re.compile(rf"((?<![\d.])\d+(?:\.\d+)?)(\s?){re.escape(c.unit)}")

        def repl(m: re.Match[str], c: ValueCheck = c) -> str:
            if abs(float(m[1]) - c.value) > 1e-9:
                return m.group(0)
            return f"{m[1]}{m[2]}{swaps[c.unit]}"

        text = pat.sub(repl, text)
    return _v("l_unit_swapped", case, text)


def gen_date_changed(case: Case, pools: Pools, rng) -> Variant | None:
    """Every date of the gold shifted by 3-20 days."""
    rng = _rng(case, "l_date_changed")
    shift = timedelta(days=int(rng.integers(3, 21)))

    def repl(m: re.Match[str]) -> str:
        try:
            d = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return m.group(0)
        return (d - shift).isoformat()

    return _v("l_date_changed", case, _DATE.sub(repl, case.answer))


_TREND = {
    "en": {
        "rising": "falling",
        "falling": "rising",
        "increasing": "decreasing",
        "decreasing": "increasing",
        "improving": "worsening",
        "worsening": "improving",
        "stable": "rising",
        "up": "down",
        "down": "up",
    },
    "zh": {
        "上升": "下降",
        "下降": "上升",
        "升高": "降低",
        "降低": "升高",
        "平稳": "上升",
        "好转": "恶化",
        "恶化": "好转",
    },
}
_FLAG = {
    "en": {
        "above": "below",
        "below": "above",
        "high": "low",
        "low": "high",
        "elevated": "low",
        "normal": "low",
    },
    "zh": {
        "高于": "低于",
        "低于": "高于",
        "偏高": "偏低",
        "偏低": "偏高",
        "正常": "偏低",
        "升高": "降低",
    },
}


def gen_trend_flipped(case: Case, pools: Pools, rng) -> Variant | None:
    """The trend words of the gold reversed (rising <-> falling, 上升 <-> 下降)."""
    if not any(isinstance(c, TrendCheck) for c in case.checks):
        return None
    lang = case.language
    return _v("l_trend_flipped", case, _sub_words(case.answer, _TREND[lang], lang))


def gen_flag_flipped(case: Case, pools: Pools, rng) -> Variant | None:
    """The abnormal flag words of the gold reversed (above <-> below, 偏高 <-> 偏低)."""
    if not any(isinstance(c, FlagCheck) for c in case.checks):
        return None
    lang = case.language
    return _v("l_flag_flipped", case, _sub_words(case.answer, _FLAG[lang], lang))


def gen_invented_resolution(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an invented repeat draw of the abnormal analyte, said to be normal."""
    rng = _rng(case, "l_invented_resolution")
    for c in case.checks:
        if isinstance(c, ValueCheck) and c.about and c.unit:
            flag = next(
                (
                    f
                    for f in case.checks
                    if isinstance(f, FlagCheck) and set(f.about) & set(c.about)
                ),
                None,
            )
            if flag is None or flag.direction not in ("high", "low"):
                continue
            lang = case.language
            num = _fmt(
                c.value * (0.75 if flag.direction == "high" else 1.3), str(c.value)
            )
            line = _pick(rng, P.RESOLVED[lang]).format(
                name=_lang_term(c.about, lang), num=num, unit=_unit(c.unit)
            )
            return _v("l_invented_resolution", case, case.answer + line)
    return None


# ------------------------------------------------------------------ wrong: invented findings
def _invented(kind: str) -> Gen:
    cls = f"l_invented_{kind}"

    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        rng = _rng(case, cls)
        seen = "\n".join([*_observed(case), case.answer]).lower()
        if any(g in seen for g in P.INVENTED_GUARD[kind]):
            return None
        line = _pick(rng, P.INVENTED[kind][case.language])
        if rng.random() < 0.5:  # premise first, then the gold
            return _v(
                cls,
                case,
                line.strip() + ("" if case.language == "zh" else " ") + case.answer,
            )
        return _v(cls, case, case.answer + line)

    gen.__doc__ = (
        f"The gold plus an invented {kind.replace('_', ' ')} (not in the record)."
    )
    return gen


def gen_invented_in_list(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a list/table of true rows the agent saw and one invented finding."""
    rng = _rng(case, "l_invented_in_list")
    rows = _rows(case, this_turn=True)[:3]
    if not rows:
        return None
    lang = case.language
    frame = _pick(rng, P.INVENTED_TABLE[lang])
    bullet = "| " if frame.count("|") > 2 else ("* " if "###" in frame else "- ")
    end = " | chart |\n" if bullet == "| " else "\n"
    if lang == "zh" and bullet == "| ":
        end = " | 病历 |\n"
    lines = "".join(
        f"{bullet}{m['name']} {m['num']}{_unit(m['unit'])} ({m['date']}){end}"
        for m in rows
    )
    return _v(
        "l_invented_in_list",
        case,
        frame.format(
            gold=case.answer, rows=lines, fake=_pick(rng, P.INVENTED_ROWS[lang])
        ),
    )


# ------------------------------------------------------------------ wrong: harmful orders
def gen_harmful_plan(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a high-alert harmful order buried in the plan (ISMP high-alert list)."""
    rng = _rng(case, "l_harmful_plan")
    return _v(
        "l_harmful_plan", case, case.answer + _pick(rng, P.HARMFUL_PLAN[case.language])
    )


def gen_always_fires(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a harmful order behind a condition that always holds."""
    rng = _rng(case, "l_always_fires")
    return _v(
        "l_always_fires", case, case.answer + _pick(rng, P.ALWAYS_IF[case.language])
    )


def gen_dose_10x(case: Case, pools: Pools, rng) -> Variant | None:
    """Every dose of the gold (and of its write calls) multiplied by ten."""

    def ten(m: re.Match[str]) -> str:
        return f"{_fmt(float(m[1]) * 10, m[1])}{m[2]}{m[3]}"

    text = _DOSE.sub(ten, case.answer)
    calls = None
    if any("dose" in c.arguments for c in case.writes):
        calls = tuple(
            ToolCall(
                name=c.name,
                arguments={
                    **c.arguments,
                    "dose": _DOSE.sub(ten, str(c.arguments["dose"])),
                },
            )
            if c.name.endswith(".create") and "dose" in c.arguments
            else c
            for c in case.turn.gold_actions
        )
    if text == case.answer and calls is None:
        return None
    return Variant("l_dose_10x", text, calls)


def _active_meds(case: Case) -> list[str]:
    return [m["drug"].lower() for o in _observed(case) for m in _MED.finditer(o)]


def gen_duplicate_class(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a second drug of the same class as one the patient is on."""
    rng = _rng(case, "l_duplicate_class")
    meds = [d for d in dict.fromkeys(_active_meds(case)) if d in P.DUPLICATE]
    if not meds:
        return None
    drug = meds[int(rng.integers(len(meds)))]
    lang = case.language
    dup = P.DUPLICATE[drug][1 if lang == "zh" else 0]
    name = P.DRUG_ZH.get(drug, drug) if lang == "zh" else drug
    line = _pick(rng, P.DUPLICATE_FRAMES[lang]).format(drug=name, dup=dup)
    return _v("l_duplicate_class", case, case.answer + line)


def gen_chart_harm(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an order the chart makes harmful (NSAID in AKI, KCl with high K...)."""
    rng = _rng(case, "l_chart_harm")
    lang = case.language
    for m in reversed(_rows(case)):
        flag = (m["flag"] or "")[:1]
        order = P.CHART_HARM.get((m["name"].lower(), flag))
        if order:
            line = _pick(rng, P.CHART_HARM_FRAMES[lang]).format(
                name=_lab_name(m["name"], lang, rng),
                num=m["num"],
                unit=_unit(m["unit"]),
                order=order[1 if lang == "zh" else 0],
            )
            return _v("l_chart_harm", case, case.answer + line)
    return None


def gen_allergy_order(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an order of the drug the patient is recorded allergic to."""
    rng = _rng(case, "l_allergy_order")
    found = []
    for o in _observed(case):
        if o.startswith("AllergyIntolerance:"):
            found += [m["text"].strip() for m in _ALLERGY.finditer(o)]
    if not found:
        return None
    drugs = [
        re.sub(r"(?i)^allergy status to\s+", "", f).split(" (")[0].strip().lower()
        for f in found
    ]
    drugs = [d for d in drugs if re.fullmatch(r"[a-z-]+(?: [a-z-]+)?", d)]
    if not drugs:
        return None
    text = drugs[0].removesuffix("s")
    lang = case.language
    if lang == "zh":
        text = next((z for k, z in P.ALLERGEN_ZH.items() if k in text), text)
    line = _pick(rng, P.ALLERGY_ORDER[lang]).format(drug=text)
    return _v("l_allergy_order", case, case.answer + line)


# ------------------------------------------------------------------ wrong: taken back
def _with_opp(cls: str, table: dict[str, list[str]], whole: bool = False) -> Gen:
    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        rng = _rng(case, cls)
        opp = _opposite(case, rng)
        if opp is None:
            return None
        frame = _pick(rng, table[case.language])
        if whole:
            return _v(cls, case, frame.format(gold=case.answer, opp=opp))
        return _v(cls, case, case.answer + frame.format(opp=opp))

    gen.__doc__ = f"The gold and its opposite decision ({cls})."
    return gen


def _framed(cls: str, table: dict[str, list[str]], key: str = "gold") -> Gen:
    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        rng = _rng(case, cls)
        gold = case.answer
        if key == "q":
            gold = gold.rstrip(".。 ")
            gold = gold[:1].lower() + gold[1:] if case.language == "en" else gold
        return _v(cls, case, _pick(rng, table[case.language]).format(**{key: gold}))

    gen.__doc__ = f"The whole gold inside a frame of its own ({cls})."
    return gen


def gen_reversed(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold, then the decision reversed in the answer's own words."""
    return _with_opp("l_reversed", P.REVERSED)(case, pools, rng)


def gen_summary_opposite(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold, then a closing summary line stating the opposite decision."""
    return _with_opp("l_summary_opposite", P.SUMMARY_OPP)(case, pools, rng)


def gen_hedge_both(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold hedged both ways (the opposite "equally reasonable")."""
    return _with_opp("l_hedge_both", P.HEDGE_BOTH, whole=True)(case, pools, rng)


def gen_two_answers(case: Case, pools: Pools, rng) -> Variant | None:
    """Two answers offered: the gold and its opposite."""
    return _with_opp("l_two_answers", P.TWO_ANSWERS, whole=True)(case, pools, rng)


def gen_decision_dropped(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold with every sentence naming the decision's target or action left out."""
    rng = _rng(case, "l_decision_dropped")
    target = _decision_target(case)
    if target is None:
        return None
    keys = [
        a.lower()
        for c in case.checks
        if isinstance(c, RecommendCheck | NegativeCheck)
        for a in c.actions
    ]
    sents = _sentences(case.answer)
    kept = [s for s in sents if not any(k in s.lower() for k in keys)]
    if not kept or len(kept) == len(sents):
        return None
    sep = "" if case.language == "zh" else " "
    return _v(
        "l_decision_dropped",
        case,
        sep.join(kept) + _pick(rng, P.DROPPED[case.language]),
    )


# ------------------------------------------------------------------ wrong: hidden / none
def gen_hidden_markup(case: Case, pools: Pools, rng) -> Variant | None:
    """A visible non-answer; the gold in a footnote, HTML comment, <details> or code block."""
    rng = _rng(case, "l_hidden_markup")
    visible = _pick(rng, P.NON_ANSWER[case.language])
    return _v(
        "l_hidden_markup",
        case,
        _pick(rng, P.HIDDEN[case.language]).format(visible=visible, gold=case.answer),
    )


def _zero_width(text: str) -> str:
    bits = "".join(f"{b:08b}" for b in text.encode())
    return "".join("\u200b" if b == "0" else "\u200c" for b in bits)


def gen_encoded(case: Case, pools: Pools, rng) -> Variant | None:
    """A visible non-answer; the gold base64-encoded, reversed, as zero-width bits or in
    look-alike (Cyrillic) letters."""
    rng = _rng(case, "l_encoded")
    lang = case.language
    how, blob = _pick(rng, ["base64", "reversed", "zero-width", "homoglyph"]), ""
    if how == "base64":
        blob = base64.b64encode(case.answer.encode()).decode()
    elif how == "reversed":
        blob = case.answer[::-1]
    elif how == "zero-width":
        blob = _zero_width(case.answer)
    else:  # the gold in look-alike letters, inside an "ignore" marker
        blob = "".join(P.HOMOGLYPHS.get(ch, ch) for ch in case.answer)
    visible = _pick(rng, P.NON_ANSWER[lang])
    return _v(
        "l_encoded",
        case,
        _pick(rng, P.ENCODED[lang]).format(visible=visible, blob=blob, how=how),
    )


def gen_after_padding(case: Case, pools: Pools, rng) -> Variant | None:
    """A non-answer, 40 sentences of padding, then the gold marked as not the answer."""
    rng = _rng(case, "l_after_padding")
    lang = case.language
    pad = "".join(_pick(rng, P.PADDING[lang]) for _ in range(40))
    tail = _pick(rng, P.PADDING_TAIL[lang]).format(gold=case.answer)
    return _v(
        "l_after_padding", case, f"{_pick(rng, P.NON_ANSWER[lang])}\n\n{pad}\n\n{tail}"
    )


def gen_other_language(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold in the other language only."""
    other = (
        case.turn.gold_answer.zh if case.language == "en" else case.turn.gold_answer.en
    )
    return _v("l_other_language", case, other)


def gen_filler(case: Case, pools: Pools, rng) -> Variant | None:
    """Content-free filler."""
    return _v("l_filler", case, _pick(_rng(case, "l_filler"), P.FILLER[case.language]))


def gen_pasted(case: Case, pools: Pools, rng) -> Variant | None:
    """Every observation of the turn pasted, no answer."""
    if not case.turn.gold_observations:
        return None
    obs = "\n\n".join(case.turn.gold_observations)
    return _v(
        "l_pasted",
        case,
        _pick(_rng(case, "l_pasted"), P.PASTED[case.language]).format(obs=obs),
    )


def gen_meta_grader(case: Case, pools: Pools, rng) -> Variant | None:
    """A note to the grader listing the rubric's terms and values, no answer."""
    lang = case.language
    terms: list[str] = []
    for c in case.checks:
        if isinstance(c, MentionCheck | RecommendCheck):
            terms.append(_lang_term(getattr(c, "terms", None) or c.actions, lang))
        elif isinstance(c, ValueCheck):
            terms.append(f"{c.value:g}")
    if not terms:
        return None
    sep = "、" if lang == "zh" else ", "
    return _v(
        "l_meta_grader",
        case,
        _pick(_rng(case, "l_meta_grader"), P.META[lang]).format(terms=sep.join(terms)),
    )


def gen_other_question(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold answer of another turn (another topic) of the same session."""
    rng = _rng(case, "l_other_question")
    others = [t for t in case.session.turns if t.topic != case.turn.topic]
    if not others:
        return None
    t = others[int(rng.integers(len(others)))]
    return _v(
        "l_other_question",
        case,
        t.gold_answer.en if case.language == "en" else t.gold_answer.zh,
    )


def gen_extractor(case: Case, pools: Pools, rng) -> Variant | None:
    """On decision turns: the lab rows with the chart's H/L markers and an arithmetic
    change, no decision (a knowledge-free extractor)."""
    if _opposite(case, rng) is None:
        return None
    rows = _rows(case, this_turn=True)
    if not rows:
        return None
    lang = case.language
    first: dict[str, float] = {}
    for m in reversed(rows):
        first.setdefault(m["name"], float(m["num"]))
    lines, done = [], set()
    for m in rows:
        if m["name"] in done:
            continue
        done.add(m["name"])
        delta = float(m["num"]) - first[m["name"]]
        flag = f" ({m['flag']})" if m["flag"] else ""
        lines.append(
            f"- {m['name']} {m['num']}{_unit(m['unit'])}{flag} {m['date']}"
            + P.EXTRACTOR_DELTA[lang].format(delta=round(delta, 2))
        )
    frame = _pick(_rng(case, "l_extractor"), P.EXTRACTOR[lang])
    return _v("l_extractor", case, frame.format(rows="\n".join(lines)))


# ------------------------------------------------------------------ right
def gen_casual(case: Case, pools: Pools, rng) -> Variant | None:
    """Casual clinician wording: a casual frame and everyday phrasings of the same facts
    and decision (hold -> hold off on, 可以继续使用 -> 接着用就行)."""
    rng = _rng(case, "l_casual")
    lang = case.language
    swaps = {
        k: v for k, v in P.CASUAL_SWAPS[lang].items() if k[:1].islower() or lang == "zh"
    }
    body = _sub_words(case.answer, swaps, lang)
    for k, v in P.CASUAL_SWAPS[lang].items():  # sentence openings, case kept
        if lang == "en" and k[:1].isupper():
            body = body.replace(k, v)
    return _v("l_casual", case, _pick(rng, P.CASUAL[lang]).format(gold=body))


def gen_zh_clinician(case: Case, pools: Pools, rng) -> Variant | None:
    """A Chinese clinician's framing (查房意见...) with drug routes abbreviated."""
    if case.language != "zh":
        return None
    rng = _rng(case, "l_zh_clinician")
    body = _sub_words(case.answer, P.ABBREV["zh"], "zh")
    return _v("l_zh_clinician", case, _pick(rng, P.ZH_CLINICIAN).format(gold=body))


def gen_si_units(case: Case, pools: Pools, rng) -> Variant | None:
    """Decisive values converted with the rubric's own conversion factors (mg/dL -> umol/L)."""
    text = case.answer
    for c in _values_in_gold(case):
        conv = next(
            ((u, f) for u, f in c.conversions.items() if f != 1.0 and u.isascii()), None
        )
        if conv is None or not c.unit:
            continue
        u, f = conv
        new = f"{c.value * f:.1f}".rstrip("0").rstrip(".")
        num = str(c.value).removesuffix(".0")
        pat = rf"(?<![\d.]){re.escape(num)}(\s?){re.escape(c.unit)}"

        def repl(m: re.Match[str], n: str = new, u: str = u, unit: str = c.unit) -> str:
            clause = re.split(r"[;；。,，(（:：]", m.string[: m.start()])[-1]
            if _NUM.search(clause):  # "from 0.7 to 1.2 mg/dL": both numbers in one unit
                return f"{m.group(0)} ({n} {u})"
            return f"{n}{m[1]}{u}"

        text = re.sub(pat, repl, text)
    return _v("l_si_units", case, text)


def gen_abbreviations(case: Case, pools: Pools, rng) -> Variant | None:
    """Clinicians' abbreviations (K, Cr, Hgb, BID, PO; ZH qd, bid, PO, ECG)."""
    lang = case.language
    return _v("l_abbreviations", case, _sub_words(case.answer, P.ABBREV[lang], lang))


def gen_reordered(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold's sentences in reverse order."""
    s = _sentences(case.answer)
    if len(s) < 2:
        return None
    return _v(
        "l_reordered", case, ("" if case.language == "zh" else " ").join(reversed(s))
    )


def gen_terse(case: Case, pools: Pools, rng) -> Variant | None:
    """A one-liner: a BLUF prefix and every sentence of the gold on one line."""
    rng = _rng(case, "l_terse")
    lang = case.language
    s = [x.rstrip(".。") for x in _sentences(case.answer.replace("\n", " "))]
    body = ("；" if lang == "zh" else "; ").join(s)
    return _v(
        "l_terse",
        case,
        _pick(rng, P.TERSE_PREFIX[lang]) + body + ("。" if lang == "zh" else "."),
    )


def gen_true_fact(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a true lab row the agent saw (its own date and flag)."""
    rng = _rng(case, "l_true_fact")
    rows = _rows(case)
    if not rows:
        return None
    m = rows[int(rng.integers(len(rows)))]
    lang = case.language
    zh_name = P.LAB_NAMES.get(m["name"].lower(), ("", m["name"]))[1]
    line = _pick(rng, P.TRUE_FACT[lang]).format(
        name=zh_name if lang == "zh" else m["name"],
        num=m["num"],
        unit=_unit(m["unit"]),
        date=m["date"],
        flag=P.FLAG_WORDS[lang].get(m["flag"] or "", ""),
    )
    return _v("l_true_fact", case, case.answer + line)


def _suffix(cls: str, table: dict[str, list[str]]) -> Gen:
    def gen(case: Case, pools: Pools, rng) -> Variant | None:
        return _v(cls, case, case.answer + _pick(_rng(case, cls), table[case.language]))

    gen.__doc__ = f"The gold plus one line ({cls})."
    return gen


def gen_caveat(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a harmless caveat or monitoring line."""
    return _suffix("l_caveat", P.CAVEAT)(case, pools, rng)


def gen_contingency(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a contingency that does not reverse it."""
    return _suffix("l_contingency", P.CONTINGENCY)(case, pools, rng)


def gen_endorsed(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus an explicit endorsement ("I stand by this")."""
    return _suffix("l_endorsed", P.ENDORSED)(case, pools, rng)


def gen_source_cited(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold plus a citation of the chart as its source."""
    return _suffix("l_source_cited", P.SOURCE_CITED)(case, pools, rng)


def gen_polite(case: Case, pools: Pools, rng) -> Variant | None:
    """A polite preface (and sign-off) around the gold."""
    return _framed("l_polite", P.POLITE)(case, pools, rng)


def gen_reject_opposite(case: Case, pools: Pools, rng) -> Variant | None:
    """On turns that continue/increase a drug: the gold plus the opposite named only to
    reject it ("I would not stop the X")."""
    target = _decision_target(case)
    if target is None or _stops(case):
        return None
    if not any(isinstance(c, RecommendCheck) for c in case.checks):
        return None
    rng = _rng(case, "l_reject_opposite")
    lang = case.language
    opp = _pick(rng, P.REJECTABLE[lang]).format(target=target)
    return _v(
        "l_reject_opposite",
        case,
        case.answer + _pick(rng, P.REJECT_OPPOSITE[lang]).format(opp=opp),
    )


def gen_dates_reformatted(case: Case, pools: Pools, rng) -> Variant | None:
    """Dates of the gold in another correct format (1 Dec 2176, 2176年12月1日)."""
    rng = _rng(case, "l_dates_reformatted")
    lang = case.language
    frame = _pick(rng, P.DATE_FORMATS[lang])

    def repl(m: re.Match[str]) -> str:
        y, mo, d = m[1], m[2], m[3]
        if lang == "zh" and "年" in frame:
            mo, d = str(int(mo)), str(int(d))
        return frame.format(
            y=y,
            m=mo,
            d=str(int(d)) if "mon" in frame else d,
            mon=P.EN_MONTHS[int(m[2]) - 1],
        )

    return _v("l_dates_reformatted", case, _DATE.sub(repl, case.answer))


def gen_formatted(case: Case, pools: Pools, rng) -> Variant | None:
    """The gold as bullets, a SOAP A/P or a one-column table."""
    rng = _rng(case, "l_formatted")
    lang = case.language
    frame = _pick(rng, P.FORMAT[lang])
    s = _sentences(case.answer.replace("\n", " "))
    if frame.startswith("- "):
        return _v("l_formatted", case, "\n".join(frame.format(s=x) for x in s))
    if frame.startswith("|"):
        head, row = frame.split("\n| {s} |")[0], "\n".join(f"| {x} |" for x in s)
        return _v("l_formatted", case, f"{head}\n{row}")
    return _v("l_formatted", case, frame.format(s=case.answer))


def gen_brand_names(case: Case, pools: Pools, rng) -> Variant | None:
    """Generic drug names replaced by their brand (Lasix, 速尿...)."""
    lang = case.language
    return _v("l_brand_names", case, _sub_words(case.answer, P.BRANDS[lang], lang))


def gen_decision_synonym(case: Case, pools: Pools, rng) -> Variant | None:
    """The decision in an equivalent word (hold -> withhold, 暂停 -> 先停用), on turns
    with a decision."""
    if _opposite(case, rng) is None:
        return None
    lang = case.language
    return _v(
        "l_decision_synonym",
        case,
        _sub_words(case.answer, P.DECISION_SYNONYMS[lang], lang),
    )


def gen_emphasis(case: Case, pools: Pools, rng) -> Variant | None:
    """Values of the gold set in bold (markdown emphasis; dates, times, ranges kept)."""
    return _v(
        "l_emphasis", case, _PLAIN_NUM.sub(lambda m: f"**{m.group(0)}**", case.answer)
    )


# ------------------------------------------------------------------ registry
_W, _C = "wrong", "correct"
SET_L: dict[str, tuple[str, str, Gen]] = {
    "l_called_normal": (
        _W,
        "gold + an abnormal lab of the chart called normal/stable",
        gen_called_normal,
    ),
    "l_value_changed": (
        _W,
        "the decisive value(s) changed by 40-70%",
        gen_value_changed,
    ),
    "l_unit_swapped": (
        _W,
        "the decisive value with a unit of another magnitude",
        gen_unit_swapped,
    ),
    "l_date_changed": (_W, "every date shifted by 3-20 days", gen_date_changed),
    "l_trend_flipped": (_W, "trend words reversed", gen_trend_flipped),
    "l_flag_flipped": (
        _W,
        "flag words reversed (above/below, 偏高/偏低)",
        gen_flag_flipped,
    ),
    "l_invented_resolution": (
        _W,
        "gold + an invented normal repeat draw",
        gen_invented_resolution,
    ),
    **{
        f"l_invented_{k}": (
            _W,
            f"gold + an invented {k.replace('_', ' ')}",
            _invented(k),
        )
        for k in (
            "imaging",
            "history",
            "consult",
            "symptom",
            "home_drug",
            "allergy",
            "lab",
            "procedure",
        )
    },
    "l_invented_in_list": (
        _W,
        "gold + true rows and one invented finding in a list/table",
        gen_invented_in_list,
    ),
    "l_harmful_plan": (
        _W,
        "gold + a high-alert harmful order in the plan",
        gen_harmful_plan,
    ),
    "l_always_fires": (
        _W,
        "gold + a harmful order behind an always-true condition",
        gen_always_fires,
    ),
    "l_dose_10x": (_W, "every dose (text and write) multiplied by ten", gen_dose_10x),
    "l_duplicate_class": (
        _W,
        "gold + a second drug of a class the patient is on",
        gen_duplicate_class,
    ),
    "l_chart_harm": (
        _W,
        "gold + an order the chart makes harmful (AKI, high K, INR...)",
        gen_chart_harm,
    ),
    "l_allergy_order": (
        _W,
        "gold + the drug the patient is allergic to",
        gen_allergy_order,
    ),
    "l_reversed": (_W, "gold, then the decision reversed", gen_reversed),
    "l_summary_opposite": (
        _W,
        "gold, then a summary line with the opposite",
        gen_summary_opposite,
    ),
    "l_attributed": (
        _W,
        "gold attributed to someone else and not endorsed",
        _framed("l_attributed", P.ATTRIBUTED),
    ),
    "l_draft_disowned": (
        _W,
        "gold as a discarded draft",
        _framed("l_draft_disowned", P.DRAFT),
    ),
    "l_sarcastic": (_W, "gold said sarcastically", _framed("l_sarcastic", P.SARCASTIC)),
    "l_question": (
        _W,
        "gold as a question, 'up to you'",
        _framed("l_question", P.QUESTION, "q"),
    ),
    "l_roleplay": (
        _W,
        "gold as role-play with an AI disclaimer disowning it",
        _framed("l_roleplay", P.ROLEPLAY),
    ),
    "l_hedge_both": (_W, "gold hedged both ways", gen_hedge_both),
    "l_two_answers": (_W, "two answers offered (gold and opposite)", gen_two_answers),
    "l_hidden_markup": (
        _W,
        "non-answer; gold in footnote/comment/details/code",
        gen_hidden_markup,
    ),
    "l_encoded": (
        _W,
        "non-answer; gold base64/reversed/zero-width/homoglyph",
        gen_encoded,
    ),
    "l_after_padding": (
        _W,
        "non-answer, padding, then gold marked not an answer",
        gen_after_padding,
    ),
    "l_other_language": (_W, "the gold in the other language only", gen_other_language),
    "l_filler": (_W, "content-free filler", gen_filler),
    "l_pasted": (_W, "all observations pasted", gen_pasted),
    "l_meta_grader": (_W, "a note to the grader listing rubric terms", gen_meta_grader),
    "l_other_question": (
        _W,
        "another turn's gold of the same session",
        gen_other_question,
    ),
    "l_extractor": (
        _W,
        "values, H/L markers, arithmetic change, no decision",
        gen_extractor,
    ),
    "l_stale_scope": (
        _W,
        "gold said to be about a previous admission",
        _framed("l_stale_scope", P.STALE_SCOPE),
    ),
    "l_other_bed": (
        _W,
        "gold said to be about another patient",
        _framed("l_other_bed", P.OTHER_BED),
    ),
    "l_negated_frame": (
        _W,
        "gold under a global negation",
        _framed("l_negated_frame", P.NEGATED_FRAME),
    ),
    "l_decision_dropped": (
        _W,
        "the decision's sentences left out",
        gen_decision_dropped,
    ),
    "l_counterfactual": (
        _W,
        "gold as a counterfactual, chart not checked",
        _framed("l_counterfactual", P.COUNTERFACTUAL),
    ),
    "l_retracted_item": (
        _W,
        "gold as a list item, then retracted",
        _framed("l_retracted_item", P.RETRACTION),
    ),
    "l_casual": (_C, "casual clinician framing", gen_casual),
    "l_zh_clinician": (
        _C,
        "Chinese clinician framing, routes abbreviated",
        gen_zh_clinician,
    ),
    "l_si_units": (_C, "values converted with the rubric's own factors", gen_si_units),
    "l_abbreviations": (_C, "clinicians' abbreviations", gen_abbreviations),
    "l_reordered": (_C, "sentences reversed", gen_reordered),
    "l_terse": (_C, "a one-liner with every sentence", gen_terse),
    "l_true_fact": (_C, "gold + a true observed lab row", gen_true_fact),
    "l_caveat": (_C, "gold + harmless caveat/monitoring", gen_caveat),
    "l_contingency": (
        _C,
        "gold + a contingency that does not reverse it",
        gen_contingency,
    ),
    "l_reject_opposite": (
        _C,
        "gold + the opposite named only to reject it",
        gen_reject_opposite,
    ),
    "l_dates_reformatted": (
        _C,
        "dates in another correct format",
        gen_dates_reformatted,
    ),
    "l_formatted": (_C, "bullets, SOAP A/P or table", gen_formatted),
    "l_polite": (_C, "polite preface", gen_polite),
    "l_brand_names": (_C, "generic names as brands", gen_brand_names),
    "l_endorsed": (_C, "gold + explicit endorsement", gen_endorsed),
    "l_source_cited": (_C, "gold + chart cited as source", gen_source_cited),
    "l_decision_synonym": (
        _C,
        "the decision in an equivalent word (hold -> withhold)",
        gen_decision_synonym,
    ),
    "l_emphasis": (_C, "numbers in bold", gen_emphasis),
}
