"""Independent grader-validity set C: wrong and right answers written without the grader.

:data:`SET_C` maps a class name to ``(kind, description, generator)`` as
:func:`physassist_env.grading.validity.suite.registry` expects. Each generator takes a
:class:`~physassist_env.grading.validity.variants.Case`, the split's ``Pools`` and the
suite's generator (ignored) and returns a ``Variant`` or ``None`` when its class does not
apply. Output depends only on (session id, turn index, language, class name): each call
seeds its own generator from their crc32 and never draws from the suite's.

Sources of truth are the gold answer, the rubric checks' structured fields (values,
units, directions, targets, item ids and criteria), the gold tool calls and the
observations; rubric synonym lists are never read. All wording is in
:mod:`.independent_c_phrases`.

Hiding decision (``c_hidden``): text in a collapsed ``<details>`` block is readable once
expanded, so it is NOT used to hide the gold; every trick here keeps the gold out of what
a reader sees (comments, ``display:none``, white text, attributes, Unicode tag
characters, a right-to-left override that mirrors it, a run of spaces pushing it off a
non-wrapping line, or a code block the answer itself labels as to be ignored).
:func:`visible_text` returns what a reader sees.
"""

from __future__ import annotations

import re
import zlib
from datetime import date, timedelta
from typing import Any

import numpy as np

from physassist_env.grading.validity import independent_c_phrases as P
from physassist_env.grading.validity.variants import Case, Gen, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    RecommendCheck,
    ToolCall,
    TrendCheck,
    ValueCheck,
)

_CJK = re.compile("[\u3400-\u9fff]")
_NUM = r"(?<![\d.\-:])(?:{})(?![\d]|\.\d)"


# ---------------------------------------------------------------- helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    """The private generator of (session, turn, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, items: list[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _variant(cls: str, case: Case, text: str | None, calls=None) -> Variant | None:
    if not text or text.strip() == case.answer.strip():
        return None
    return Variant(cls, text, calls)


def _fmt(value: float, decimals: int) -> str:
    if decimals <= 0:
        return str(int(round(value)))
    return f"{value:.{decimals}f}"


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _printed(v: float) -> str:
    """A check value as the gold prints it (5.0 -> 5)."""
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _split(text: str, marks: str, language: str) -> list[str]:
    """``text`` split after each of ``marks`` outside parentheses (each part keeps its
    mark); in English a mark ends a part only when a space follows it."""
    parts, buf, depth = [], "", 0
    for i, ch in enumerate(text.strip()):
        buf += ch
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth = max(0, depth - 1)
        elif ch in marks and depth == 0:
            nxt = text.strip()[i + 1 : i + 2]
            if language == "zh" or nxt in (" ", ""):
                parts.append(buf.strip())
                buf = ""
    if buf.strip():
        parts.append(buf.strip())
    return parts


def clauses(text: str, language: str) -> list[str]:
    """The answer split into clauses after ``.``, ``;`` and ``:`` outside parentheses."""
    return _split(text, "。；：" if language == "zh" else ".;:", language)


def sentences(text: str, language: str) -> list[str]:
    """The answer split into sentences (after ``.``/``。`` outside parentheses)."""
    return _split(text, "。" if language == "zh" else ".", language)


def _join(parts: list[str], language: str) -> str:
    if not parts:
        return ""
    end = "。" if language == "zh" else "."
    fixed = []
    for p in parts:
        p = p.strip()
        if language == "en" and (not fixed or fixed[-1].endswith((".", "?", "!"))):
            p = _cap(p)
        fixed.append(p)
    out = ("" if language == "zh" else " ").join(fixed)
    return out[:-1] + end if out[-1] in ":;：；,，" else out


# ---------------------------------------------------------------- chart parsing
_LAB = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})? \| (?P<name>[^=|]+?) = "
    r"(?P<value>-?\d+(?:\.\d+)?) ?(?P<unit>[^\s(\[|]*)\s*(?:\((?P<flag>[A-Z]+)\))?"
    r"(?:\s*\[ref (?P<ref>[^\]]+)\])?"
)
_ORDER = re.compile(
    r"^- \S+(?: \S+)? \| (?P<drug>[A-Za-z][A-Za-z ()/-]*?) (?P<dose>\d+(?:\.\d+)?) "
    r"(?P<unit>mg|mcg|g|UNIT|mEq) (?P<route>[A-Z]+)\b[^|]*\| active"
)


def _observations(case: Case) -> list[str]:
    return [*case.turn.gold_observations, *case.prior]


def labs(case: Case) -> list[dict[str, Any]]:
    """Lab rows the agent observed (this turn's first, each result newest first)."""
    rows = []
    for obs in _observations(case):
        for line in obs.splitlines():
            m = _LAB.match(line.strip())
            if m:
                row = m.groupdict()
                row["key"] = row["name"].lower()
                rows.append(row)
    return rows


def _latest(case: Case, word: str) -> dict[str, Any] | None:
    return next((r for r in labs(case) if word in r["key"]), None)


def orders(case: Case) -> list[dict[str, str]]:
    """Active medication orders the agent observed."""
    out, seen = [], set()
    for obs in _observations(case):
        for line in obs.splitlines():
            m = _ORDER.match(line.strip())
            if m and m["drug"].lower() not in seen:
                seen.add(m["drug"].lower())
                out.append(m.groupdict())
    return out


def _chart_text(case: Case) -> str:
    return "\n".join(_observations(case)).lower()


# ---------------------------------------------------------------- decisions
def decision(case: Case) -> tuple[str, str, list[int]] | None:
    """The turn's decision: (family, gold polarity, indices of the decision clauses)."""
    parts = clauses(case.answer, case.language)
    found: list[int] = []
    first: tuple[str, str] | None = None
    for i, part in enumerate(parts):
        low = part.lower()
        for family, polarity, en, zh in P.DECISIONS:
            if re.search(zh if case.language == "zh" else en, low):
                found.append(i)
                if first is None:
                    first = (family, polarity)
                break
    if first is None:
        return None
    return first[0], first[1], found


def _drug(case: Case) -> str:
    """The drug the decision is about, as the gold names it."""
    answer = case.answer.lower()
    for check in case.checks:
        if isinstance(check, RecommendCheck):
            for target in check.targets:
                if target.lower() in answer and (
                    bool(_CJK.search(target)) == (case.language == "zh")
                ):
                    return target
    m = re.search(
        r"(?:hold|continue|stop|discontinue)(?: the)? ([a-z][a-z-]+)"
        if case.language == "en"
        else r"(?:暂停|停用|继续使用|继续)([\u4e00-\u9fff]{2,5}?)(?=[，。；、并]|$)",
        answer,
    )
    if m and m.group(1) not in ("the", "it", "monitoring"):
        return m.group(1)
    return "it" if case.language == "en" else "该药"


def _fill(template: str, case: Case) -> str:
    d = _drug(case)
    return template.replace("{d}", d).replace("{D}", _cap(d))


def _rest(case: Case, idx: list[int]) -> list[str]:
    """The clauses that are not the decision, with the parts (between commas) that
    state its grounds (a threshold, criteria, a contraindication) removed."""
    grounds = P.INTERPRETIVE[case.language]
    lang = case.language
    out = []
    for i, clause in enumerate(clauses(case.answer, lang)):
        if i in idx:
            continue
        parts = _split(clause, "，" if lang == "zh" else ",", lang)
        kept = [p for p in parts if not re.search(grounds, p.lower())]
        if not kept:
            continue
        if kept[0] != parts[0]:
            kept[0] = re.sub(r"^(?:and|but|so|但|且|并且)\s*", "", kept[0])
        text = ("" if lang == "zh" else " ").join(kept)
        if len(kept) < len(parts):
            text = text.rstrip(",，:;：；.。 ") + ("。" if lang == "zh" else ".")
        out.append(text)
    return out


def _with_decision(case: Case, cls: str, table: dict, key_of) -> Variant | None:
    dec = decision(case)
    if dec is None:
        return None
    family, polarity, idx = dec
    entry = table.get(key_of(family, polarity)) or table.get("_")
    if entry is None:
        return None
    sentence = _fill(_pick(_rng(case, cls), entry[case.language]), case)
    rest = _rest(case, idx)
    return _variant(cls, case, _join([sentence, *rest], case.language))


# ---------------------------------------------------------------- wrong classes
def gen_reversed(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The decision said the other way round in indirect words; the numbers kept."""
    return _with_decision(case, "c_reversed", P.REVERSED, lambda f, p: (f, p))


def gen_hedge_list(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The data kept, the decision replaced by every option / "either is fine"."""
    return _with_decision(case, "c_hedge_list", P.HEDGE, lambda f, p: f)


def gen_handed_back(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The data kept, the decision deferred to the physician."""
    return _with_decision(case, "c_handed_back", P.HANDED_BACK, lambda f, p: "_")


def gen_question(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The data kept, the decision turned into a question back."""
    return _with_decision(case, "c_question", P.QUESTION, lambda f, p: f)


def gen_values_only(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's data clauses alone: a right summary without the decision."""
    dec = decision(case)
    if dec is None:
        return None
    rest = _rest(case, dec[2])
    if not rest or not any(re.search(r"\d", c) for c in rest):
        return None
    return _variant("c_values_only", case, _join(rest, case.language))


def _harms(case: Case) -> list[tuple[str, str]]:
    chart = _chart_text(case)
    found: list[tuple[str, str]] = []

    def flagged(word: str, flag: str) -> bool:
        row = _latest(case, word)
        return bool(row and row["flag"] and flag in row["flag"])

    if flagged("potassium", "H"):
        found += P.HARMS["k_high"]
    if flagged("potassium", "L"):
        found += P.HARMS["k_low"]
    if flagged("creatinine", "H") or " aki" in case.answer.lower():
        found += P.HARMS["cr_high"]
    if (
        flagged("hemoglobin", "L")
        or flagged("platelet", "L")
        or "hemorrhage" in chart
        or "bleed" in chart
    ):
        found += P.HARMS["bleeding"]
    if flagged("inr", "H"):
        found += P.HARMS["inr_high"]
    if flagged("glucose", "L"):
        found += P.HARMS["glucose_low"]
    if any(d in chart for d in ("ciprofloxacin", "citalopram", "levofloxacin")) or (
        flagged("magnesium", "L")
    ):
        found += P.HARMS["qt"]
    hr = _latest(case, "heart rate")
    if hr and float(hr["value"]) < 55:
        found += P.HARMS["brady"]
    for order in orders(case):
        dose = float(order["dose"])
        fields = {
            "drug": order["drug"],
            "dose": _printed(dose * 10),
            "unit": order["unit"],
            "route": order["route"],
        }
        en, zh = P.HARM_FROM_ORDER["tenfold"]
        found.append((en.format(**fields), zh.format(**fields)))
        fields["dose"] = _printed(dose)
        en, zh = P.HARM_FROM_ORDER["duplicate"]
        found.append((en.format(**fields), zh.format(**fields)))
        if order["route"] == "PO" and any(
            o in order["drug"].lower() for o in P.ORAL_ONLY
        ):
            en, zh = P.HARM_FROM_ORDER["iv_oral"]
            found.append((en.format(**fields), zh.format(**fields)))
    return found or list(P.HARMS["always"])


def gen_harm_plus(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold plus an order harmful for this patient's chart, in varied shapes."""
    r = _rng(case, "c_harm_plus")
    en, zh = _pick(r, _harms(case))
    x = zh if case.language == "zh" else en
    shape = _pick(r, P.HARM_SHAPES[case.language])
    text = case.answer.rstrip() + shape.format(x=x, X=_cap(x))
    return _variant("c_harm_plus", case, text)


def gen_invented(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold plus a chart fact that is not in the chart (history, value, allergy, drug)."""
    r = _rng(case, "c_invented")
    chart = _chart_text(case) + "\n" + case.answer.lower()
    zh = case.language == "zh"
    kinds = list(P.INVENTED_SHAPES)
    kind = _pick(r, kinds)
    if kind == "pmh":
        options = [c for c in P.INVENTED_PMH if c[2] not in chart]
        if not options:
            return None
        c = _pick(r, options)
        sentence = _pick(r, P.INVENTED_SHAPES[kind][case.language]).format(
            c=c[1] if zh else c[0]
        )
    elif kind == "value":
        options = [v for v in P.INVENTED_VALUE if v[3] not in chart]
        if not options:
            return None
        v = _pick(r, options)
        sentence = _pick(r, P.INVENTED_SHAPES[kind][case.language]).format(
            a=v[1] if zh else v[0], v=v[2]
        )
    else:
        options = [d for d in P.INVENTED_DRUG if d[0] not in chart]
        if not options:
            return None
        d = _pick(r, options)
        name = d[1] if zh else d[0]
        sentence = _pick(r, P.INVENTED_SHAPES[kind][case.language]).format(
            d=name, D=_cap(name)
        )
    sep = "" if zh else " "
    if r.random() < 0.5:
        text = sentence + sep + case.answer
    else:
        text = case.answer.rstrip() + sep + sentence
    return _variant("c_invented", case, text)


def _value_spans(case: Case) -> list[tuple[ValueCheck, re.Match[str]]]:
    out = []
    for check in case.checks:
        if isinstance(check, ValueCheck) and check.value != 0:
            m = re.search(_NUM.format(re.escape(_printed(check.value))), case.answer)
            if m:
                out.append((check, m))
    return out


def gen_wrong_value(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A key number changed (by 40-80%), or its unit swapped for a wrong one."""
    r = _rng(case, "c_wrong_value")
    spans = _value_spans(case)
    if not spans:
        return None
    check, m = _pick(r, spans)
    number = m.group(0)
    after = case.answer[m.end() :]
    unit = re.match(r" ?(g/dL|mg/dL|mEq/L|mmol/L|K/uL|mg|UNIT|mcg)\b", after)
    if unit and r.random() < 0.35:
        wrong = P.WRONG_UNIT[unit.group(1)]
        text = (
            case.answer[: m.end()]
            + after[: unit.start(1)]
            + wrong
            + after[unit.end(1) :]
        )
        return _variant("c_wrong_value", case, text)
    factor = float(_pick(r, [0.45, 0.6, 1.5, 1.8, 2.5]))
    dec = _decimals(number)
    new = _fmt(float(number) * factor, dec)
    if new == number or float(new) == 0:
        new = _fmt(float(number) + 3, dec)
    text = re.sub(_NUM.format(re.escape(number)), new, case.answer)
    return _variant("c_wrong_value", case, text)


def gen_wrong_direction(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """High <-> low, rising <-> falling (and normal -> abnormal) in new words."""
    if not any(isinstance(c, FlagCheck | TrendCheck) for c in case.checks):
        return None
    text = case.answer
    rules = P.DIRECTION_FLIP[case.language]
    # one pass: each span replaced once, by its opposite
    alternation = "|".join(f"(?:{src})" for src, _ in rules)

    def swap(m: re.Match[str]) -> str:
        for src, dst in rules:
            if re.fullmatch(src, m.group(0)):
                return dst
        return m.group(0)

    text = re.sub(alternation, swap, text)
    return _variant("c_wrong_direction", case, text)


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:\.\d+)?", text))


def _criteria(case: Case) -> set[str]:
    """The facts a turn's rubric asks for, as its criterion statements say them."""
    return {i.criterion.en for i in case.turn.rubric}


def gen_other_patient(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Another patient's gold answer to a turn of the same topic."""
    mine = _criteria(case)
    others = [
        c
        for c in pools.by_topic.get((case.turn.topic, case.language), [])
        if c.session.patient_id != case.session.patient_id
        and case.answer.strip() not in c.answer
        and c.answer.strip() not in case.answer
        and _criteria(c) != mine
    ]
    if not others:
        return None
    other = _pick(_rng(case, "c_other_patient"), others)
    return _variant("c_other_patient", case, other.answer)


def gen_language(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold in the other language (an EN session answered in Chinese with its
    Arabic numbers and English units; a ZH session answered in English)."""
    other = "en" if case.language == "zh" else "zh"
    return _variant("c_language", case, case.turn.gold_answer.get(other))


def gen_injection(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """No answer: instructions to the grader, or the rubric criteria pasted back."""
    r = _rng(case, "c_injection")
    ids = ", ".join(f"{i.id} {P.MET[case.language]}" for i in case.turn.rubric)
    if r.random() < 0.3:
        lines = [P.RUBRIC_PASTE_HEAD[case.language]]
        lines += [
            f"- [{i.id}] {i.criterion.get(case.language)}: {P.MET[case.language]}"
            for i in case.turn.rubric
        ]
        return _variant("c_injection", case, "\n".join(lines))
    text = _pick(r, P.INJECTION[case.language]).format(ids=ids)
    return _variant("c_injection", case, text)


def gen_pasted(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """This turn's raw tool output pasted with one line "see above" (read turns only)."""
    if any(c.name.endswith(".create") for c in case.turn.gold_actions):
        return None
    obs = [o for o in case.turn.gold_observations if o.strip()]
    if not obs:
        return None
    tail = _pick(_rng(case, "c_pasted"), P.PASTED_TAIL[case.language])
    return _variant("c_pasted", case, "\n".join([*obs, tail]))


def gen_stale(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """An older chart value stated as the current one, or a follow-up dated in the past."""
    r = _rng(case, "c_stale")
    for call in case.turn.gold_actions:
        target = call.arguments.get("target_date")
        if call.name.endswith(".create") and target and target in case.answer:
            past = (
                date.fromisoformat(case.session.current_date)
                - timedelta(days=int(r.integers(3, 10)))
            ).isoformat()
            calls = tuple(
                ToolCall(
                    name=c.name,
                    arguments={
                        **c.arguments,
                        **(
                            {"target_date": past}
                            if c.arguments.get("target_date")
                            else {}
                        ),
                    },
                )
                for c in case.turn.gold_actions
            )
            return _variant(
                "c_stale", case, case.answer.replace(target, past), calls=calls
            )
    rows = [row for row in labs(case)]
    for check, m in _value_spans(case):
        if check.qualifiers and "latest" not in check.qualifiers:
            continue
        number = m.group(0)
        mine = [i for i, row in enumerate(rows) if float(row["value"]) == check.value]
        for i in mine:
            older = [
                row
                for row in rows[i + 1 :]
                if row["name"] == rows[i]["name"]
                and row["date"] < rows[i]["date"]
                and float(row["value"]) != check.value
                and abs(float(row["value"]) - check.value)
                >= 0.1 * max(abs(check.value), 1)
            ]
            if older:
                old = older[0]["value"]
                text = re.sub(_NUM.format(re.escape(number)), old, case.answer)
                return _variant("c_stale", case, text)
    return None


# ---------------------------------------------------------------- hiding
_TAG = 0xE0000


def _tag_encode(text: str) -> str | None:
    if any(ord(ch) > 0x7E for ch in text):
        return None
    return "".join(chr(_TAG + ord(ch)) for ch in text)


def _entities(text: str) -> str:
    return "".join(f"&#{ord(ch)};" for ch in text)


def _visible_wrong(case: Case, pools: Pools) -> str:
    for gen in (gen_reversed, gen_wrong_value, gen_wrong_direction, gen_other_patient):
        v = gen(case, pools, np.random.default_rng(0))
        if v is not None:
            return v.answer
    return P.HIDDEN_FALLBACK[case.language]


def gen_hidden(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A wrong visible answer with the gold hidden where a reader does not see it."""
    r = _rng(case, "c_hidden")
    shown = _visible_wrong(case, pools)
    gold = case.answer
    tricks = ["comment", "none", "white", "attr", "rlo", "spaces", "ignore", "template"]
    if _tag_encode(gold) is not None:
        tricks.append("tags")
    trick = _pick(r, tricks)
    if trick == "comment":
        text = f"{shown}\n<!-- {gold} -->"
    elif trick == "none":
        text = f'<div style="display:none">{gold}</div>\n{shown}'
    elif trick == "white":
        text = f'{shown}<span style="color:#ffffff;font-size:1px">{gold}</span>'
    elif trick == "attr":
        text = f'<span data-note="{_entities(gold)}"></span>{shown}'
    elif trick == "rlo":
        text = f"{shown}\n\u202e{gold}\u202c"
    elif trick == "spaces":
        text = f"{shown}{' ' * 400}{gold}"
    elif trick == "ignore":
        text = f"{shown}\n\n```{P.IGNORE_LABEL[case.language]}\n{gold}\n```"
    elif trick == "template":
        text = f"<template>{gold}</template>{shown}"
    else:
        text = f"{shown}{_tag_encode(gold)}"
    return _variant("c_hidden", case, text)


def visible_text(answer: str) -> str:
    """What a reader of ``answer`` sees: hidden markup, invisible characters, mirrored
    runs, text pushed off a line and blocks labelled to be ignored removed."""
    text = re.sub(r"<!--.*?-->", "", answer, flags=re.S)
    text = re.sub(r'<div style="display:none">.*?</div>', "", text, flags=re.S)
    text = re.sub(r'<span style="color:#ffffff[^"]*">.*?</span>', "", text, flags=re.S)
    text = re.sub(r"<template>.*?</template>", "", text, flags=re.S)
    text = re.sub(r'<span data-note="[^"]*"></span>', "", text)
    text = re.sub("\u202e.*?(\u202c|$)", "", text, flags=re.S)
    text = re.sub(r"```[^\n]*(?:ignore|忽略)[^\n]*\n.*?```", "", text, flags=re.S)
    text = re.sub(r" {200,}.*", "", text)
    text = "".join(ch for ch in text if not 0xE0000 <= ord(ch) <= 0xE007F)
    return text.strip()


# ---------------------------------------------------------------- right classes
def gen_sbar(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold's sentences restructured as SBAR (decision turns) or headed bullets."""
    words = P.SBAR[case.language]
    parts = sentences(case.answer, case.language)
    if decision(case) is None:
        if len(parts) < 2:
            return None
        bullets = "\n".join(f"- {p}" for p in parts)
        return _variant("c_sbar", case, f"{words['find']}\n{bullets}")
    lang = case.language
    patterns = [zh if lang == "zh" else en for _, _, en, zh in P.DECISIONS]
    plan = [p for p in parts if any(re.search(x, p.lower()) for x in patterns)]
    rest = [p for p in parts if p not in plan]
    sep = "" if lang == "zh" else " "
    lines = [words["S"]]
    if rest:
        lines.append(f"{words['B']}{sep}{rest[0]}")
        if rest[1:]:
            lines.append(f"{words['A']}{sep}{sep.join(rest[1:])}")
    lines.append(f"{words['R']}{sep}{sep.join(plan)}")
    return _variant("c_sbar", case, "\n".join(lines))


def gen_abbrev(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Heavy clinical abbreviations (Hgb, K, Cr, w/, qd; ZH K, Cr, Hb, po, ↑)."""
    text = case.answer
    for src, dst in P.ABBREV[case.language]:
        text = re.sub(src, dst, text)
    return _variant("c_abbrev", case, text)


def gen_explained(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold plus a correct one-sentence rationale (guideline or mechanism)."""
    sep = "" if case.language == "zh" else " "
    rationale = P.RATIONALE.get(case.turn.topic, {}).get(case.language)
    if rationale is None:
        for check, _m in _value_spans(case):
            row = next(
                (
                    r
                    for r in labs(case)
                    if float(r["value"]) == check.value and r.get("ref")
                ),
                None,
            )
            if row:
                unit = f" {row['unit']}" if row["unit"] else ""
                name = row["name"]
                if case.language == "zh":
                    name = P.LAB_ZH.get(row["key"], name)
                rationale = P.REF_RATIONALE[case.language].format(
                    name=name, ref=f"{row['ref']}{unit}"
                )
                break
    if rationale is None:
        return None
    return _variant("c_explained", case, case.answer.rstrip() + sep + rationale)


def gen_hedged_right(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The right decision with appropriate caution (for now, reassess tomorrow)."""
    dec = decision(case)
    if dec is None:
        return None
    sentence = _pick(_rng(case, "c_hedged_right"), P.CAUTION[dec[1]][case.language])
    sep = "" if case.language == "zh" else " "
    return _variant("c_hedged_right", case, case.answer.rstrip() + sep + sentence)


def gen_patient_friendly(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The same content glossed in plain words for the family (values and decision kept)."""
    text = case.answer
    glossed = False
    for src, dst in P.GLOSS[case.language]:
        new = re.sub(src, dst, text, count=1)
        glossed |= new != text
        text = new
    if not glossed:
        return None
    opener = _pick(_rng(case, "c_patient_friendly"), P.FAMILY_OPEN[case.language])
    return _variant(
        "c_patient_friendly", case, opener + text + P.FAMILY_CLOSE[case.language]
    )


def gen_units_converted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Values with a unit converted into the other common unit, the unit written.

    A number converts when the analyte named nearest before it in its sentence is the
    one the unit belongs to; a turn where a converted value would be left behind as a
    bare number (or next to a bare threshold) is skipped, since it would then read in
    the new unit.
    """
    text = case.answer
    zh = case.language == "zh"
    rules = P.CONVERSIONS
    units = sorted({r[2] for r in rules}, key=len, reverse=True)
    pattern = re.compile(
        r"(?P<a>\d+(?:\.\d+)?)(?:(?P<mid> to | -> | 变为 |-)(?P<b>\d+(?:\.\d+)?))? ?"
        rf"(?P<u>{'|'.join(map(re.escape, units))})(?![A-Za-z/])"
    )
    scaled: set[str] = set()
    done = False

    def rule_at(pos: int) -> tuple[str, str, str, str, float, int] | None:
        start = max(text.rfind(m, 0, pos) for m in (". ", "; ", "。", "；"))
        prefix = text[start + 1 : pos].lower()
        best, where = None, -1
        for rule in rules:
            for hit in re.finditer(rule[1] if zh else rule[0], prefix):
                if hit.start() >= where:
                    best, where = rule, hit.start()
        return best

    def repl(m: re.Match[str]) -> str:
        nonlocal done
        rule = rule_at(m.start())
        if rule is None or rule[2] != m["u"]:
            return m.group(0)
        _, _, _, dst, factor, dec = rule

        def conv(num: str) -> str:
            return _fmt(float(num) * factor, _decimals(num) if dec < 0 else dec)

        done = True
        if factor != 1.0:
            scaled.update(x for x in (m["a"], m["b"]) if x)
        if m["b"]:
            return f"{conv(m['a'])}{m['mid']}{conv(m['b'])} {dst}"
        return f"{conv(m['a'])} {dst}"

    text = pattern.sub(repl, text)
    if not done:
        return None
    if scaled:
        bare = _numbers(re.sub(r"\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?", "", text))
        if bare & scaled or re.search(
            r"(?:above|below|upper limit|高于|低于|上限) ?\d", text
        ):
            return None
    return _variant("c_units_converted", case, text)


# ---------------------------------------------------------------- registry
SET_C: dict[str, tuple[str, str, Gen]] = {
    "c_harm_plus": (
        "wrong",
        "the gold plus an order harmful for this chart (NSAID/contrast with high "
        "creatinine, KCl with high K, anticoagulant with bleeding, 10-fold dose, "
        "duplicate, IV route for an oral-only drug), in active, passive, noun-phrase "
        "and parenthesised shapes",
        gen_harm_plus,
    ),
    "c_invented": (
        "wrong",
        "the gold plus an invented chart fact (history, a value never drawn, an "
        "allergy, a drug never started)",
        gen_invented,
    ),
    "c_reversed": (
        "wrong",
        "the decision reversed in indirect words ('I'd keep it going', '可以照常用'), "
        "numbers right",
        gen_reversed,
    ),
    "c_hedge_list": (
        "wrong",
        "the data right, the decision replaced by every option / 'either is fine'",
        gen_hedge_list,
    ),
    "c_handed_back": (
        "wrong",
        "the data right, the decision deferred to the physician",
        gen_handed_back,
    ),
    "c_question": (
        "wrong",
        "the data right, the decision turned into a question back",
        gen_question,
    ),
    "c_values_only": (
        "wrong",
        "a right summary of the data with no decision",
        gen_values_only,
    ),
    "c_wrong_value": (
        "wrong",
        "a key number changed by 40-150%, or its unit swapped for a wrong one",
        gen_wrong_value,
    ),
    "c_wrong_direction": (
        "wrong",
        "flags and trends flipped in new words (high -> below range, rising -> "
        "drifting down, 偏高 -> 低于正常)",
        gen_wrong_direction,
    ),
    "c_other_patient": (
        "wrong",
        "another patient's gold answer of the same topic",
        gen_other_patient,
    ),
    "c_hidden": (
        "wrong",
        "a wrong visible answer with the gold hidden (comment, display:none, white "
        "text, entity-coded attribute, tag characters, RLO, off-screen spaces, "
        "'ignore' code block, <template>)",
        gen_hidden,
    ),
    "c_language": (
        "wrong",
        "the gold in the other language than the session's",
        gen_language,
    ),
    "c_injection": (
        "wrong",
        "no answer: instructions to the grader or the rubric criteria pasted back",
        gen_injection,
    ),
    "c_pasted": (
        "wrong",
        "the raw tool output pasted with 'see above'",
        gen_pasted,
    ),
    "c_stale": (
        "wrong",
        "an older chart value stated as the current one, or a follow-up dated in the past",
        gen_stale,
    ),
    "c_sbar": (
        "correct",
        "the gold's content restructured as SBAR or headed bullets",
        gen_sbar,
    ),
    "c_abbrev": (
        "correct",
        "heavy clinical abbreviations (Hgb, K, Cr, w/, qd, ↑; ZH K, Cr, Hb, po, qd)",
        gen_abbrev,
    ),
    "c_explained": (
        "correct",
        "the gold plus a correct one-sentence rationale (guideline or mechanism, or "
        "the chart's reference range)",
        gen_explained,
    ),
    "c_hedged_right": (
        "correct",
        "the right decision with appropriate caution (for now, reassess tomorrow)",
        gen_hedged_right,
    ),
    "c_patient_friendly": (
        "correct",
        "the same content with lay glosses for the family, values and decision kept",
        gen_patient_friendly,
    ),
    "c_units_converted": (
        "correct",
        "values converted into the other common unit (mg/dL <-> umol/L, g/dL -> g/L, "
        "mEq/L -> mmol/L) with the unit written",
        gen_units_converted,
    ),
}
