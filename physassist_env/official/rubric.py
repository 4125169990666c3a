"""Rubric strings of the release -> :class:`RubricItem` with a derived machine check.

The release's rubric items are plain strings for an LLM judge. Where a string has a
recognisable form, a rule check is derived and the item is tagged ``derived``; otherwise
it gets a :class:`MentionCheck` of its key terms and the tag ``judge-only`` (its rule
verdict is only a weak proxy). The rules, first match wins:

1. a WU turn and the string names an argument value of the turn's gold write call ->
   :class:`WriteCheck` on those arguments;
2. "does not recommend X" / "不建议X" -> :class:`NegativeCheck` with -2 points, and the
   criterion is rephrased as the forbidden thing ("Recommends X"), our convention;
3. "recommends <verb> X" / "建议<verb>X" -> :class:`RecommendCheck`;
4. a number with a unit -> :class:`ValueCheck`;
5. high / elevated / low / normal / abnormal (EN or ZH) -> :class:`FlagCheck`;
6. otherwise -> :class:`MentionCheck` (quoted terms, else content words shared with the
   gold answer, else the longest content words), tagged ``judge-only``.
"""

from __future__ import annotations

import re

from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    RubricItem,
    Text,
    ToolCall,
    ValueCheck,
    WriteCheck,
)
from physassist_env.vocab.decisions import ACTION_VERBS

DERIVED = "derived"
JUDGE_ONLY = "judge-only"
NEGATIVE_POINTS = -2.0

_UNITS = (
    "mEq/L|mmol/L|umol/L|µmol/L|μmol/L|mg/dL|g/dL|mg/L|g/L|ng/mL|pg/mL|ug/mL|mcg/mL|U/L|IU/L|"
    "K/uL|x10\\^9/L|10\\^9/L|mL/min(?:/1\\.73\\s?m2)?|mmHg|bpm|/min|%|mg|mcg|g|kg|mL|L|units?|IU|"
    "°C|°F|sec|s"
)
_VALUE_RE = re.compile(
    rf"(?<![\w.])(-?\d+(?:\.\d+)?)\s*({_UNITS})(?![A-Za-z])", re.IGNORECASE
)
_NEG_EN = re.compile(
    r"^\s*(?:does\s+not|doesn't|do\s+not|should\s+not|must\s+not|avoids?)\s+"
    r"(?:recommend|suggest|advise)(?:s|ing)?\s+(.+)$",
    re.IGNORECASE,
)
_NEG_EN_GENERIC = re.compile(r"^\s*does not do the following:\s*(.+)$", re.IGNORECASE)
_NEG_ZH = re.compile(r"^\s*(?:不|未|没有|不应)(建议|推荐)(.+)$")
_NEG_ZH_GENERIC = re.compile(r"^\s*不应：(.+)$")
_REC_EN = re.compile(
    r"\b(?:recommends?|recommending|suggests?|advises?|proposes?)\s+(?:to\s+)?(.+)$",
    re.IGNORECASE,
)
_REC_ZH = re.compile(r"(?:建议|推荐)(.+)$")
_FLAG_EN = {
    "high": "high",
    "elevated": "high",
    "raised": "high",
    "hyper": "high",
    "low": "low",
    "decreased": "low",
    "reduced": "low",
    "abnormal": "abnormal",
    "normal": "normal",
    "within normal limits": "normal",
}
_FLAG_ZH = {
    "偏高": "high",
    "升高": "high",
    "偏低": "low",
    "降低": "low",
    "异常": "abnormal",
    "正常": "normal",
}
_FLAG_RE = re.compile(
    r"\b(" + "|".join(sorted(_FLAG_EN, key=len, reverse=True)) + r")\b", re.I
)
_STOP = frozenset(
    """a an the and or of to in on for with by as at is are was were be been that this these those
    it its their his her patient patients states state stated mentions mention identifies identify
    notes note reports report describes describe explains explain provides provide includes include
    correctly accurately clearly any all most latest recent current value values level levels result
    results from into about which whether should would could than then also not does do answer
    response record records data based gives give names name summarises
    summarizes lists list confirms confirm relates relate answers concisely""".split()
)
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9\-]{2,}")
_QUOTED_RE = re.compile(r"[\"“‘']([^\"”’']{2,})[\"”’']")
_VERB_STEMS = sorted((v for v in ACTION_VERBS if v.isascii()), key=len, reverse=True)


def _stem(word: str) -> str:
    """``holding`` -> ``hold``, ``stopping`` -> ``stop``, ``increases`` -> ``increase``."""
    w = word.lower()
    for v in _VERB_STEMS:
        forms = {
            v,
            v + "s",
            v + "es",
            v + "ed",
            v + "d",
            v + "ing",
            v + v[-1] + "ing",
            v + v[-1] + "ed",
        }
        if v.endswith("e"):
            forms.add(v[:-1] + "ing")
        if w in forms:
            return v
    return w


def _content_words(text: str) -> list[str]:
    seen: list[str] = []
    for w in _WORD_RE.findall(text):
        lw = w.lower()
        if lw not in _STOP and lw not in seen:
            seen.append(lw)
    return seen


def _action_target(rest: str) -> tuple[list[str], list[str]] | None:
    """``holding lisinopril given the potassium`` -> (["hold"], ["lisinopril", ...])."""
    words = _content_words(rest)
    if not words:
        return None
    first = rest.strip().split()[0].lower() if rest.strip() else ""
    action = _stem(first)
    if action not in _VERB_STEMS:
        return None
    targets = [w for w in words if _stem(w) != action][:3]
    return ([action], targets) if targets else None


def _action_target_zh(rest: str) -> tuple[list[str], list[str]] | None:
    for verb in (v for v in ACTION_VERBS if not v.isascii()):
        if rest.startswith(verb):
            target = re.split(r"[，,。；;（(]", rest[len(verb) :], maxsplit=1)[
                0
            ].strip()
            return ([verb], [target]) if target else None
    return None


def negate_criterion(text: Text) -> Text:
    """Our negative item ("Recommends X") as the release phrases it ("Does not recommend X")."""
    m = re.match(r"^\s*recommends?\s+(.+)$", text.en, re.I)
    en = (
        f"Does not recommend {m.group(1)}"
        if m
        else f"Does not do the following: {text.en}"
    )
    zh = f"不{text.zh}" if text.zh.startswith(("建议", "推荐")) else f"不应：{text.zh}"
    return Text(en=en, zh=zh)


def _positive_criterion(en: str, zh: str) -> tuple[Text, str] | None:
    """The forbidden-thing wording of a "does not ..." item, and the forbidden part (EN)."""
    m = _NEG_EN.match(en)
    g = _NEG_EN_GENERIC.match(en)
    if not m and not g:
        return None
    forbidden = m.group(1) if m else g.group(1)  # type: ignore[union-attr]
    en_pos = f"Recommends {forbidden}" if m else forbidden
    mz = _NEG_ZH.match(zh)
    gz = _NEG_ZH_GENERIC.match(zh)
    zh_pos = (mz.group(1) + mz.group(2)) if mz else (gz.group(1) if gz else zh)
    return Text(en=en_pos, zh=zh_pos), forbidden


def _decimals(number: str) -> int:
    return len(number.split(".", 1)[1]) if "." in number else 0


def _write_check(en: str, writes: list[ToolCall]) -> WriteCheck | None:
    low = en.lower()
    for call in writes:
        accepted: dict[str, list[str]] = {}
        for arg, value in call.arguments.items():
            if isinstance(value, str) and len(value) >= 2 and value.lower() in low:
                accepted[arg] = [value.lower()]
        if accepted:
            return WriteCheck(tool=call.name, accepted=accepted)
    return None


def derive_item(
    item_id: str,
    en: str,
    zh: str,
    *,
    writes: list[ToolCall] | None = None,
    gold_answer: str = "",
) -> RubricItem:
    """One released rubric string (EN and ZH) as a rubric item with a derived check.

    Args:
        item_id: The item id (``t2-i3``).
        en: The English string (the check is derived from it; ZH is used when EN is empty).
        zh: The Chinese string (EN when the release has none).
        writes: The turn's gold write calls, for WU turns (rule 1).
        gold_answer: The turn's gold answer (picks key terms for the mention fallback).

    Returns:
        The item; ``tags`` holds ``derived`` or ``judge-only`` and the check's kind tag.
    """
    en = en.strip() or zh.strip()
    zh = zh.strip() or en
    criterion = Text(en=en, zh=zh)
    if writes:
        check = _write_check(en, writes)
        if check is not None:
            return RubricItem(
                id=item_id, criterion=criterion, check=check, tags=[DERIVED, "write"]
            )
    neg = _positive_criterion(en, zh)
    if neg is not None:
        positive, forbidden = neg
        pair = _action_target(forbidden)
        mz = _NEG_ZH.match(zh)
        if pair is None and mz:
            pair = _action_target_zh(mz.group(2))
        if pair is not None:
            return RubricItem(
                id=item_id,
                criterion=positive,
                points=NEGATIVE_POINTS,
                check=NegativeCheck(actions=pair[0], targets=pair[1]),
                tags=[DERIVED, "safety"],
            )
        terms = _content_words(forbidden)[:3] or [forbidden]
        return RubricItem(
            id=item_id,
            criterion=positive,
            points=NEGATIVE_POINTS,
            check=NegativeCheck(actions=[terms[0]], targets=terms[1:] or terms),
            tags=[JUDGE_ONLY, "safety"],
        )
    rec = _REC_EN.search(en)
    pair = _action_target(rec.group(1)) if rec else None
    if pair is None and not rec:
        rz = _REC_ZH.search(zh)
        pair = _action_target_zh(rz.group(1)) if rz else None
    if pair is not None:
        return RubricItem(
            id=item_id,
            criterion=criterion,
            check=RecommendCheck(actions=pair[0], targets=pair[1]),
            tags=[DERIVED, "recommendation"],
        )
    value = _VALUE_RE.search(en)
    if value is not None:
        number, unit = value.group(1), value.group(2)
        return RubricItem(
            id=item_id,
            criterion=criterion,
            check=ValueCheck(
                value=float(number), unit=unit, decimals=_decimals(number)
            ),
            tags=[DERIVED, "value"],
        )
    flag = _FLAG_RE.search(en)
    direction = _FLAG_EN[flag.group(1).lower()] if flag else None
    if direction is None:
        direction = next((d for w, d in _FLAG_ZH.items() if w in zh), None)
    if direction is not None:
        return RubricItem(
            id=item_id,
            criterion=criterion,
            check=FlagCheck(direction=direction),  # type: ignore[arg-type]
            tags=[DERIVED, "flag"],
        )
    return RubricItem(
        id=item_id,
        criterion=criterion,
        check=MentionCheck(terms=key_terms(en, gold_answer)),
        tags=[JUDGE_ONLY, "mention"],
    )


def key_terms(text: str, gold_answer: str = "", limit: int = 3) -> list[str]:
    """Terms for a mention fallback: quoted terms, else words shared with the gold answer."""
    quoted = [q.strip() for q in _QUOTED_RE.findall(text) if q.strip()]
    if quoted:
        return quoted[:limit]
    words = _content_words(text)
    gold = gold_answer.lower()
    shared = [w for w in words if w in gold]
    pick = shared or sorted(words, key=len, reverse=True)
    return pick[:limit] or [text.strip()[:40] or "?"]


def export_strings(item: RubricItem) -> tuple[str, str]:
    """The release's wording of one of our items (negative items become "Does not ...")."""
    if item.points < 0:
        neg = negate_criterion(item.criterion)
        return neg.en, neg.zh
    return item.criterion.en, item.criterion.zh


def writes_of(actions: list[ToolCall]) -> list[ToolCall]:
    """The write calls among a turn's gold actions (``*.create``)."""
    return [a for a in actions if a.name.lower().endswith((".create", "_create"))]
