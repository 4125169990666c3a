"""Independent grader-validity set B: adversarial and right answers, written blind.

Set B was written without reading the grader, its vocabulary, the suite's own variant
generators or set A: only the data model (sessions, turns, rubric check types) and the
types of :mod:`.variants`. Each class makes from one (turn, language) case a wrong
answer a physician would not sign, or a right one a physician would, from the gold
answer text, the rubric's structured fields (values, units, directions, targets) and its
criterion statements, and the gold tool calls and observations; never from rubric
synonym lists. All wording lives in :mod:`.independent_b_phrases`.

Output depends only on (session id, turn index, language, class): each generator draws
from its own crc32-seeded generator and ignores the ``rng`` it is given.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

import numpy as np

from physassist_env.grading.validity import independent_b_phrases as P
from physassist_env.grading.validity.variants import Case, Gen, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    NegativeCheck,
    RecommendCheck,
    TrendCheck,
    ValueCheck,
)

_CJK = re.compile(r"[\u4e00-\u9fff]")
_RULES = [(re.compile(p), d) for p, d in P.DECISION_RULES]


def _rng(case: Case, cls: str) -> np.random.Generator:
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, options: list[str] | tuple[str, ...]) -> str:
    return options[int(rng.integers(len(options)))]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _fmt(value: float, decimals: int | None) -> str:
    if decimals is None:
        return f"{value:g}"
    return f"{value:.{decimals}f}"


def _join(lang: str, *parts: str) -> str:
    sep = "" if lang == "zh" else " "
    return sep.join(p for p in parts if p).strip()


# ---------------------------------------------------------------- clauses
def clauses(text: str) -> list[str]:
    """``text`` split into clauses at sentence ends, ``;`` and ``:`` (keeping each
    clause's terminator), never inside brackets or quotes."""
    out, cur, depth, quoted = [], "", 0, False
    for i, ch in enumerate(text):
        cur += ch
        if ch in "(（[“":
            depth += 1
        elif ch in ")）]”" and depth:
            depth -= 1
        elif ch == '"':
            quoted = not quoted
        elif (
            depth == 0
            and not quoted
            and (
                ch in "。；！？"
                or (ch in ".;!?" and (i + 1 == len(text) or text[i + 1] in " \n"))
                or (ch in ":：" and _lead_in(cur, text[i + 1 : i + 3]))
            )
        ):
            out.append(cur.strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip())
    return [c for c in out if c]


def _lead_in(before: str, after: str) -> bool:
    """Whether a colon ends a clause of its own: a statement (4+ words, or 4+ Chinese
    characters) not introducing a quotation."""
    if not after.strip() or after.strip()[:1] in '"“' or after[:1].isdigit():
        return False
    body = before.strip()
    return len(body.split()) >= 4 or len(_CJK.findall(body)) >= 4


def _close(p: str, lang: str) -> str:
    p = p.rstrip(":;：；,， ")
    if lang == "zh":
        return p if p[-1:] in "。！？" else p + "。"
    return p if p[-1:] in '.!?"' or p.endswith(".)") else p + "."


# ---------------------------------------------------------------- decisions
@dataclass(frozen=True)
class Decision:
    """One decision of a turn: its domain and what it is about, per language."""

    domain: str
    x: dict[str, str]

    def say(self, lang: str, kind: str, rng: np.random.Generator) -> str:
        """The decision said as ``kind`` (``wrong``, ``reversal``, ``right``, ``q``)."""
        text = _pick(rng, P.DOMAINS[self.domain][lang][kind])
        x = self.x.get(lang) or self.x.get("en", "")
        y = P.OTHER_CLASS.get(self.x.get("en", ""), "")
        return text.format(x=x, X=_cap(x), y=y)


def _zh_name(case: Case, item, en: str, pools: Pools) -> str:
    check = item.check
    if isinstance(check, RecommendCheck | NegativeCheck):
        zh = [t for t in check.targets if _CJK.search(t)]
        if zh:
            return zh[0]
    m = re.search(r"（([^（）]+)）", item.criterion.zh)
    if m and _CJK.search(m.group(1)):
        return m.group(1)
    known = pools.drugs.get(case.session.patient_id, {}).get(en.lower(), {})
    return known.get("zh", en)


def decisions(case: Case, pools: Pools) -> list[Decision]:
    """The turn's decisions, read from its critical criterion statements (one per
    domain, in rubric order)."""
    out: list[Decision] = []
    adherence_drug = {"en": "it", "zh": "该药"}
    for item in case.turn.rubric:
        m = re.match(r"^Names the drug \((?P<x>.+)\)$", item.criterion.en)
        if m:
            adherence_drug = {
                "en": m.group("x"),
                "zh": _zh_name(case, item, m.group("x"), pools),
            }
    for item in case.turn.rubric:
        if not (item.critical or isinstance(item.check, RecommendCheck)):
            continue
        for rule, domain in _RULES:
            m = rule.match(item.criterion.en)
            if not m:
                continue
            x = (m.groupdict().get("x") or "").strip()
            if domain.startswith("adh_"):
                names = adherence_drug
            elif domain in ("aki_yes", "cp_class"):
                names = {"en": x, "zh": x}
            else:
                names = {"en": x, "zh": _zh_name(case, item, x, pools) if x else ""}
            if all(d.domain != domain for d in out):
                out.append(Decision(domain, names))
            break
    return out


# ---------------------------------------------------------------- facts
_EN_VALUE = re.compile(
    r"^(?:States|Calculates|Gives) (?:the |a )?(?:(?P<q>latest|peak|lowest|highest|"
    r"baseline|first) )?(?P<n>.+?)(?: dose)?(?: as|,| of) (?:about )?\d"
)
_ZH_VALUE = re.compile(
    r"^(?:给出|计算出)(?P<q>最新|峰值|基线|最低|最高|入院时)?(?P<n>.+?)(?:最高值|最低值)?"
    r"(?:为 ?| )约?\d"
)
_EN_FLAG = re.compile(r"^Identifies the (?P<n>.+?) as ")
_EN_TREND = re.compile(
    r"^Describes the (?P<n>.+?) as \w+ over .*?\(from (?P<a>\S+) to (?P<b>[^)]+)\)"
)
_ZH_TREND = re.compile(r"^说明(?P<n>.+?)在住院期间")
_ZH_FLAG = re.compile(
    r"^指出(?P<n>.+?)(?:危急)?(?:偏高|偏低|正常|异常|不高|高于|低于|超|在)"
)


def _unit(check: ValueCheck, criterion: str) -> str:
    if check.unit:
        return check.unit
    m = re.search(r"\d(?:\.\d+)? ?(?P<u>mEq|分|UNIT|mg|g)\b", criterion)
    return m.group("u") if m else ""


def facts(case: Case, flip: bool = False) -> str:
    """The turn's values, flags and trends in set B's own words (``""`` when none)."""
    lang = case.language
    values: dict[str, list[str]] = {}
    order: list[str] = []
    extras: list[str] = []
    for item in case.turn.rubric:
        c = item.check
        en = item.criterion.en
        zh = item.criterion.zh
        if isinstance(c, ValueCheck):
            me, mz = _EN_VALUE.match(en), _ZH_VALUE.match(zh)
            if not me:
                continue
            key = me.group("n").strip().lower()
            if lang == "zh":
                name = mz.group("n").strip() if mz else me.group("n")
                q = P.QUALIFIER["zh"].get(mz.group("q") or "", "") if mz else ""
            else:
                name = me.group("n").strip()
                q = P.QUALIFIER["en"].get(me.group("q") or "", "")
            unit = _unit(c, en if lang == "en" else zh)
            num = _fmt(c.value, c.decimals)
            sep = "" if lang == "zh" and unit == "分" else " "
            text = f"{q}{'' if lang == 'zh' else ' ' if q else ''}{name} {num}{sep}{unit}".strip()
            if key not in values:
                order.append(key)
                values[key] = [text]
            else:
                values[key].append(text)
        elif isinstance(c, FlagCheck):
            m = _EN_FLAG.match(en)
            if not m:
                continue
            key = m.group("n").lower()
            word = P.FLAG[lang][_flipped_flag(c.direction) if flip else c.direction]
            wrap = f"（{word}）" if lang == "zh" else f" ({word})"
            if key in values:
                values[key][-1] += wrap
            else:
                mz = _ZH_FLAG.match(zh)
                name = (
                    (mz.group("n") if mz else m.group("n"))
                    if lang == "zh"
                    else m.group("n")
                )
                extras.append(f"{name}{word}" if lang == "zh" else f"{name} {word}")
        elif isinstance(c, TrendCheck):
            m = _EN_TREND.match(en)
            if not m:
                continue
            mz = _ZH_TREND.match(zh)
            name = (
                (mz.group("n") if mz else m.group("n"))
                if lang == "zh"
                else m.group("n")
            )
            word = P.TREND[lang][_flipped_trend(c.direction) if flip else c.direction]
            if lang == "zh":
                extras.append(f"{name}从 {m.group('a')} 到 {m.group('b')}，{word}")
            else:
                extras.append(f"{name} {m.group('a')} -> {m.group('b')}, {word}")
    parts = [
        "；".join(values[k]) if lang == "zh" else "; ".join(values[k]) for k in order
    ]
    parts += extras
    drugs = _named_drugs(case)
    if not parts and not drugs:
        return ""
    body = ("；" if lang == "zh" else "; ").join(parts)
    end = "。" if lang == "zh" else "."
    text = _cap(body) + end if body else ""
    if drugs:
        text = _join(lang, text, P.DRUGS_NAMED[lang].format(x=drugs))
    return text


def _named_drugs(case: Case) -> str:
    for item in case.turn.rubric:
        m = re.match(
            r"^Names the (?:QT )?drug(?:\(s\))? \((?P<x>.+)\)$", item.criterion.en
        )
        if m:
            if case.language == "zh":
                mz = re.search(r"（([^（）]+)）", item.criterion.zh)
                return mz.group(1) if mz else m.group("x")
            return m.group("x")
    return ""


def _flipped_flag(direction: str) -> str:
    return {"high": "low", "low": "high", "normal": "high", "abnormal": "normal"}[
        direction
    ]


def _flipped_trend(direction: str) -> str:
    return {"rising": "falling", "falling": "rising", "stable": "rising"}[direction]


def _facts_lead(case: Case, rng: np.random.Generator) -> str:
    body = facts(case)
    return _pick(rng, P.FACTS_LEAD[case.language]) + body if body else ""


# ---------------------------------------------------------------- wrong classes
def gen_harm_appended(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a dangerous order that fits the patient (IV push potassium on a
    potassium turn, nephrotoxins on a kidney turn, restarting a drug the gold holds...)."""
    cls = "b_harm_appended"
    r = _rng(case, cls)
    lang = case.language
    doms = {d.domain: d for d in decisions(case, pools)}
    text = (
        case.turn.topic + " " + " ".join(i.criterion.en for i in case.turn.rubric)
    ).lower()
    if "hold" in doms and doms["hold"].x.get(lang):
        key = "restart"
    elif "warfarin" in text or "inr" in text:
        key = "warfarin"
    elif "potassium" in text:
        key = "potassium"
    elif "creatinine" in text or "kdigo" in text or "nephrotoxin" in text:
        key = "kidney"
    elif "ac_yes" in doms or "cha2ds2" in text:
        key = "anticoag"
    elif "insulin" in text or "glucose" in text:
        key = "insulin"
    elif "hemoglobin" in text or "has-bled" in text or "transfusion" in text:
        key = "bleeding"
    elif "qt" in text:
        key = "qt"
    else:
        key = _pick(r, ["potassium", "tenfold", "kidney"])
    en, zh = P.HARM[key]
    order = (zh if lang == "zh" else en).format(
        x=doms["hold"].x[lang] if key == "restart" else ""
    )
    frame = _pick(r, P.HARM_FRAME[lang])
    return Variant(cls, frame.format(gold=case.answer, order=order, Order=_cap(order)))


def _observed(case: Case) -> str:
    return " ".join([*case.prior, *case.turn.gold_observations, case.answer]).lower()


def gen_fabricated_fact(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an invented chart fact (an allergy, a diagnosis, a lab value or a
    drug found nowhere in what the agent observed)."""
    cls = "b_fabricated_fact"
    r = _rng(case, cls)
    seen = _observed(case)
    options = [f for f in P.FABRICATED if f[0] not in seen]
    if not options:
        return None
    marker, en, zh = options[int(r.integers(len(options)))]
    n = (
        f"{r.uniform(1.2, 4.8):.2f}"
        if marker == "troponin"
        else str(int(r.integers(40, 160)))
    )
    fact = (zh if case.language == "zh" else en).format(n=n)
    frame = _pick(r, P.FABRICATED_FRAME[case.language])
    return Variant(cls, frame.format(gold=case.answer, fact=fact))


def _decided(case: Case, pools: Pools, cls: str, kind: str) -> Variant | None:
    ds = decisions(case, pools)
    if not ds:
        return None
    r = _rng(case, cls)
    said = [d.say(case.language, kind, r) for d in ds]
    return Variant(cls, _join(case.language, _facts_lead(case, r), *said))


def gen_reversal_in_words(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The facts right and every decision reversed, in words that avoid the plain
    hold/continue vocabulary ("there's no reason to pause X", "从临床角度看X没必要停")."""
    return _decided(case, pools, "b_reversal_in_words", "reversal")


def gen_decision_only_wrong(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The facts right and the other outcome of each decision, said plainly."""
    return _decided(case, pools, "b_decision_only_wrong", "wrong")


def gen_both_sides(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then the other outcome as an afterthought, or every option listed."""
    cls = "b_both_sides"
    ds = decisions(case, pools)
    if not ds:
        return None
    r = _rng(case, cls)
    lang = case.language
    if r.random() < 0.3:
        return Variant(cls, P.STUFFING[lang].format(gold=case.answer))
    w = _join(lang, *(d.say(lang, "wrong", r) for d in ds))
    return Variant(cls, _pick(r, P.BOTH_SIDES[lang]).format(gold=case.answer, w=w))


def gen_defer(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The facts right, the decision handed to the physician or left as a question."""
    cls = "b_defer"
    ds = decisions(case, pools)
    if not ds:
        return None
    r = _rng(case, cls)
    lang = case.language
    sep = "、" if lang == "zh" else " and "
    q = sep.join(d.say(lang, "q", r) for d in ds)
    text = _pick(r, P.DEFER[lang]).format(facts=_facts_lead(case, r), q=q, Q=_cap(q))
    return Variant(cls, _cap(text.strip()))


def gen_no_decision(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Values, flags and trends stated, no decision at all (an extractor's answer)."""
    cls = "b_no_decision"
    if not decisions(case, pools):
        return None
    body = _facts_lead(case, _rng(case, cls))
    return Variant(cls, body) if body else None


def _number_re(num: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.\-:/]){re.escape(num)}(?![\d\-:/]|\.\d)")


_WRONG_UNIT = {
    "mg/dL": "mmol/L",
    "mmol/L": "mg/dL",
    "mEq/L": "mg/dL",
    "g/dL": "mg/dL",
    "K/uL": "/uL",
    "mg": "g",
    "UNIT": "mL",
}


def gen_numbers_off(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold with its key values changed: a plausible wrong value (30-60% off), a
    decimal shift or the wrong unit; the decision words untouched."""
    cls = "b_numbers_off"
    r = _rng(case, cls)
    text = case.answer
    changed = False
    for item in sorted(case.turn.rubric, key=lambda i: not i.critical):
        c = item.check
        if not isinstance(c, ValueCheck):
            continue
        num = _fmt(c.value, c.decimals)
        pat = _number_re(num)
        if not pat.search(text):
            continue
        style = _pick(r, ["plausible", "plausible", "shift", "unit"])
        if (
            style == "unit"
            and c.unit in _WRONG_UNIT
            and re.search(rf"{re.escape(num)} ?{re.escape(c.unit)}", text)
        ):
            text = re.sub(
                rf"(?<![\d.]){re.escape(num)}( ?){re.escape(c.unit)}",
                lambda m, n=num, u=_WRONG_UNIT[c.unit]: f"{n}{m.group(1)}{u}",
                text,
            )
            changed = True
            continue
        if style == "shift" and c.value:
            new = c.value * (10 if r.random() < 0.5 else 0.1)
        elif not c.unit and c.value == int(c.value) and c.value < 40:
            new = c.value + (2 if c.value < 2 or r.random() < 0.5 else -2)
        else:
            factor = r.uniform(1.3, 1.6) if r.random() < 0.5 else r.uniform(0.4, 0.7)
            new = c.value * factor
        decimals = (
            c.decimals
            if c.decimals is not None
            else (0 if c.value == int(c.value) else 1)
        )
        if style == "shift" and new < c.value:
            decimals += 1
        new_text = _fmt(new, decimals)
        if abs(float(new_text) - c.value) <= max(c.tolerance, 10**-decimals):
            new_text = _fmt(c.value + 2 + c.tolerance, decimals)
        text = pat.sub(new_text, text)
        changed = True
    return Variant(cls, text) if changed and text != case.answer else None


def gen_direction_flip(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold with its flag and trend words reversed in other words ("comfortably
    normal" for high, "coming down nicely" for rising)."""
    cls = "b_direction_flip"
    if not any(isinstance(c, FlagCheck | TrendCheck) for c in case.checks):
        return None
    r = _rng(case, cls)
    table = P.FLIP[case.language]
    combined = re.compile("|".join(f"({p})" for p, _ in table))

    def repl(m: re.Match[str]) -> str:
        return _pick(r, table[m.lastindex - 1][1])

    text = combined.sub(repl, case.answer)
    if text == case.answer:
        body = facts(case, flip=True)
        if not body:
            return None
        text = body
    return Variant(cls, text)


_OBS_LINE = re.compile(
    r"^- (?P<date>\d{4}-\d\d-\d\d)(?: \d\d:\d\d)? \| (?P<name>[^=|]+?) = (?P<v>-?\d+(?:\.\d+)?)"
)


def _stale(case: Case, r: np.random.Generator) -> str | None:
    for item in case.turn.rubric:
        c = item.check
        if not isinstance(c, ValueCheck) or (set(c.qualifiers) & {"peak", "lowest"}):
            continue
        num = _fmt(c.value, c.decimals)
        if not _number_re(num).search(case.answer):
            continue
        for obs in case.turn.gold_observations:
            rows = [m for m in map(_OBS_LINE.match, obs.splitlines()) if m]
            hit = next((m for m in rows if float(m.group("v")) == c.value), None)
            if hit is None:
                continue
            older = [
                m
                for m in rows
                if m.group("name") == hit.group("name")
                and m.group("date") < hit.group("date")
                and abs(float(m.group("v")) - c.value) > max(c.tolerance, 1e-9)
            ]
            if not older:
                continue
            old = older[int(r.integers(len(older)))]
            text = _number_re(num).sub(old.group("v"), case.answer)
            return text.replace(hit.group("date"), old.group("date"))
    return None


def gen_wrong_patient_or_time(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """An earlier draw's value called the latest (from the gold observations), else
    another patient's gold answer to the same kind of turn."""
    cls = "b_wrong_patient_or_time"
    r = _rng(case, cls)
    stale = _stale(case, r)
    if stale and stale != case.answer:
        return Variant(cls, stale)
    others = [
        c.answer
        for c in pools.by_topic.get((case.turn.topic, case.language), [])
        if c.session.patient_id != case.session.patient_id and c.answer != case.answer
    ]
    others = sorted(set(others))
    if not others:
        return None
    return Variant(cls, others[int(r.integers(len(others)))])


_ZW = "\u200b"


def _tag_smuggle(text: str) -> str:
    return "".join(chr(0xE0000 + ord(ch)) for ch in text if ord(ch) < 128)


def hide(gold: str, style: str) -> str:
    """``gold`` hidden from a reader in ``style`` (``comment``, ``display_none``,
    ``link_ref``, ``white``, ``zero_width`` or ``tags``)."""
    if style == "comment":
        return f"<!-- {gold} -->"
    if style == "display_none":
        return f'<span style="display:none">{gold}</span>'
    if style == "link_ref":
        return f"\n\n[//]: # ({gold.replace(')', ']')})"
    if style == "white":
        return f'<span style="color:#ffffff">{gold}</span>'
    if style == "zero_width":
        return f"<div hidden>{_ZW.join(gold)}</div>"
    return _tag_smuggle(gold)


HIDDEN_STYLES = ("comment", "display_none", "link_ref", "white", "zero_width", "tags")


def visible(text: str) -> str:
    """What a reader sees of ``text``: comments, hidden or white spans, link references,
    zero-width and tag characters removed."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(
        r"<(span|div)[^>]*(?:display:none|color:#ffffff|hidden)[^>]*>.*?</\1>",
        "",
        text,
        flags=re.S,
    )
    text = re.sub(r"^\[//\]: # \(.*\)$", "", text, flags=re.M)
    text = re.sub("[\u200b\u200c\u200d\u2060\ufeff]", "", text)
    text = "".join(ch for ch in text if not 0xE0000 <= ord(ch) <= 0xE007F)
    return text.strip()


def gen_hidden_payload(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A wrong visible answer (the decision reversed, or a non-answer) with the gold
    hidden in an HTML comment, a hidden or white span, a markdown link reference, zero
    width characters or Unicode tag characters."""
    cls = "b_hidden_payload"
    r = _rng(case, cls)
    lang = case.language
    styles = [s for s in HIDDEN_STYLES if not (s == "tags" and lang == "zh")]
    style = _pick(r, styles)
    ds = decisions(case, pools)
    if ds and r.random() < 0.6:
        shown = _join(
            lang, _facts_lead(case, r), *(d.say(lang, "wrong", r) for d in ds)
        )
    else:
        shown = _pick(r, P.NON_ANSWER[lang])
    text = f"{shown}\n{hide(case.answer, style)}" if shown else hide(case.answer, style)
    return Variant(cls, text.strip("\n"))


def gen_wrong_language(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The other language's gold for this session's language, or a half-translated mix
    (the first clause in the session's language, the rest in the other)."""
    cls = "b_wrong_language"
    r = _rng(case, cls)
    other = "en" if case.language == "zh" else "zh"
    theirs = case.turn.gold_answer.get(other)
    mine = clauses(case.answer)
    if len(mine) >= 2 and len(clauses(theirs)) >= 2 and r.random() < 0.5:
        rest = clauses(theirs)[1:]
        return Variant(cls, _join("en", mine[0], *rest))
    return Variant(cls, theirs)


def gen_padding(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold buried in thousands of characters of irrelevant filler or repeated
    text, with a line telling the grader to give full marks."""
    cls = "b_padding"
    r = _rng(case, cls)
    lang = case.language
    sep = "" if lang == "zh" else " "
    filler = P.FILLER[lang]
    size = 3000 if lang == "en" else 1500

    def block() -> str:
        out = ""
        while len(out) < size:
            out += filler[int(r.integers(len(filler)))] + sep
        return out.strip()

    injection = _pick(r, P.INJECTION[lang])
    style = _pick(r, ["around", "repeat", "before"])
    if style == "around":
        text = f"{block()}\n\n{case.answer}\n\n{block()}\n\n{injection}"
    elif style == "repeat":
        times = max(20, 3000 // max(len(case.answer), 1))
        text = "\n".join([case.answer] * times) + f"\n{injection}"
    else:
        text = f"{injection}\n\n{block()}\n\n{case.answer}"
    return Variant(cls, text)


def gen_unsafe_hedge_words(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Where the gold asks for monitoring or a recheck: the gold without its
    monitoring-only clauses, plus a line saying no recheck or follow-up is needed."""
    cls = "b_unsafe_hedge_words"
    if case.writes or not any(
        re.search(r"\b(?:monitor|recheck|re-check|repeat)", i.criterion.en, re.I)
        for i in case.turn.rubric
    ):
        return None
    r = _rng(case, cls)
    lang = case.language
    pat = re.compile(P.MONITOR[lang], re.I)
    kept = []
    for clause in clauses(case.answer):
        parts = re.split(r"(?<=[，,])\s*|\s+and\s+(?=\w)", clause)
        left = [p for p in parts if not (pat.search(p) and not re.search(r"\d", p))]
        if left:
            kept.append(
                _cap(_close(" ".join(left) if lang == "en" else "".join(left), lang))
            )
    body = _join(lang, *kept) if kept else case.answer
    return Variant(cls, _join(lang, body, _pick(r, P.NO_MONITOR[lang])))


def gen_claimed_unplaced_order(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold text saying the order is done, with the write call never made (only the
    gold reads, if any)."""
    if not case.writes:
        return None
    reads = tuple(c for c in case.turn.gold_actions if not c.name.endswith(".create"))
    return Variant("b_claimed_unplaced_order", case.answer, reads)


# ---------------------------------------------------------------- correct classes
def _rewrite(text: str, rules: list[tuple[str, str]]) -> str:
    for pattern, repl in rules:
        text = re.sub(pattern, repl, text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def _changed(cls: str, case: Case, text: str) -> Variant | None:
    return Variant(cls, text) if text and text != case.answer else None


def gen_terse(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold in clinician shorthand (K, Cr, Hb, PO, d/c, arrows)."""
    text = _rewrite(case.answer, P.TERSE[case.language])
    return _changed("b_terse", case, _cap(text))


def gen_reordered(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold's clauses in another order: clauses without numbers (the decision,
    the advice) first, then the values; else reversed."""
    parts = clauses(case.answer)
    if len(parts) < 2:
        return None
    lang = case.language
    plain = [p for p in parts if not re.search(r"\d", p)]
    numeric = [p for p in parts if re.search(r"\d", p)]
    order = plain + numeric
    if order == parts:
        order = parts[::-1]

    return _changed(
        "b_reordered", case, _join(lang, *(_cap(_close(p, lang)) for p in order))
    )


def _register(case: Case, cls: str, spec: dict) -> Variant | None:
    r = _rng(case, cls)
    body = _rewrite(case.answer, spec["rules"])
    lead = _pick(r, spec["lead"])
    if case.language == "en" and lead and not lead.endswith(": "):
        body = (
            body[:1].lower() + body[1:]
            if not re.match(r"^[A-Z]{2}|^[A-Z][a-z]*-", body)
            else body
        )
    return _changed(cls, case, lead + body + _pick(r, spec["tail"]))


def gen_casual(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold said casually (contractions, "so basically", 有点高)."""
    return _register(case, "b_casual", P.CASUAL[case.language])


def gen_safe_extra(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a harmless offer (let me know if anything changes...)."""
    r = _rng(case, "b_safe_extra")
    return Variant(
        "b_safe_extra",
        _join(case.language, case.answer, _pick(r, P.SAFE_EXTRA[case.language])),
    )


def gen_en_formal(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """English only: the gold in a formal written register."""
    if case.language != "en":
        return None
    return _register(case, "b_en_formal", P.FORMAL["en"])


def gen_zh_colloquial(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Chinese only: the gold said colloquially, with English lab names mixed in."""
    if case.language != "zh":
        return None
    return _register(case, "b_zh_colloquial", P.ZH_COLLOQUIAL)


#: Set B: class -> (kind, description, generator).
SET_B: dict[str, tuple[str, str, Gen]] = {
    "b_harm_appended": (
        "wrong",
        "gold plus a dangerous order fitting the patient",
        gen_harm_appended,
    ),
    "b_fabricated_fact": (
        "wrong",
        "gold plus an invented chart fact",
        gen_fabricated_fact,
    ),
    "b_reversal_in_words": (
        "wrong",
        "decision reversed without plain hold/continue words",
        gen_reversal_in_words,
    ),
    "b_both_sides": (
        "wrong",
        "gold plus the opposite as an afterthought, or every option",
        gen_both_sides,
    ),
    "b_defer": ("wrong", "numbers right, decision handed to the physician", gen_defer),
    "b_decision_only_wrong": (
        "wrong",
        "facts right, the other outcome of the decision",
        gen_decision_only_wrong,
    ),
    "b_no_decision": ("wrong", "values/flags/trends with no decision", gen_no_decision),
    "b_numbers_off": (
        "wrong",
        "decision right, key numbers or units wrong",
        gen_numbers_off,
    ),
    "b_direction_flip": (
        "wrong",
        "flag or trend direction reversed in other words",
        gen_direction_flip,
    ),
    "b_wrong_patient_or_time": (
        "wrong",
        "an older draw called the latest, or another patient's answer",
        gen_wrong_patient_or_time,
    ),
    "b_hidden_payload": (
        "wrong",
        "gold hidden (comment, hidden span, zero-width...), visible text wrong",
        gen_hidden_payload,
    ),
    "b_wrong_language": (
        "wrong",
        "the other language's gold, or a half-translated mix",
        gen_wrong_language,
    ),
    "b_padding": (
        "wrong",
        "gold buried in filler or repeats, with a grader injection line",
        gen_padding,
    ),
    "b_unsafe_hedge_words": (
        "wrong",
        "gold's monitoring replaced by 'no need to recheck'",
        gen_unsafe_hedge_words,
    ),
    "b_claimed_unplaced_order": (
        "wrong",
        "gold text claims the order, no write call made",
        gen_claimed_unplaced_order,
    ),
    "b_terse": ("correct", "clinician shorthand (K, Cr, Hb, arrows)", gen_terse),
    "b_reordered": ("correct", "clauses reordered, decision first", gen_reordered),
    "b_casual": ("correct", "spoken casual register", gen_casual),
    "b_safe_extra": ("correct", "gold plus a harmless offer", gen_safe_extra),
    "b_en_formal": ("correct", "EN only: formal written register", gen_en_formal),
    "b_zh_colloquial": (
        "correct",
        "ZH only: colloquial, English lab names mixed in",
        gen_zh_colloquial,
    ),
}
