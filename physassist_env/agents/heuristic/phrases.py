"""Sentences the heuristic agent's answers share: a latest value with its flag word, a trend,
a medication order, the coded diagnoses, the culture results (EN or ZH).

Used by the answer tables of :mod:`.answers` and :mod:`.answers_clinical`.
"""

from __future__ import annotations

from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.request import SERVICES
from physassist_env.agents.heuristic.terms import drug_zh, lab_name
from physassist_env.agents.heuristic.view import TurnView

#: The record's abnormal flags (HL7 v2 table 0078) in words.
_FLAG = {
    "H": ("high", "偏高"),
    "HH": ("critically high", "危急偏高"),
    "L": ("low", "偏低"),
    "LL": ("critically low", "危急偏低"),
    "A": ("abnormal", "异常"),
    "": ("normal", "正常"),
}
_TREND = {
    "rising": ("rising", "上升"),
    "falling": ("falling", "下降"),
    "stable": ("stable", "平稳"),
}
_SERVICE_ZH = {
    en: next(n for n in names if not n.isascii()) for en, names in SERVICES.items()
}
_SERVICE_ZH["medicine"] = "内科"
_PRIORITY_ZH = {"urgent": "加急", "stat": "紧急", "routine": "常规"}


def _num(value: float | None) -> str:
    if value is None:
        return "?"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(analyte: str) -> tuple[str, str]:
    return lab_name(analyte), lab_name(analyte, "zh")


# ------------------------------------------------------------------------------ sentences
def lab_sentence(analyte: str, v: TurnView) -> str:
    """The latest value of an analyte with unit, date and flag word (no final stop)."""
    en, zh = _names(analyte)
    x = v.latest(analyte)
    if x is None:
        return v.say(f"No {en} result was found in the record", f"病历中未找到{zh}结果")
    fen, fzh = _FLAG.get(x.flag, _FLAG[""])
    return v.say(
        f"The most recent {en} is {_num(x.value)} {x.unit} ({x.time[:10]}), which is {fen}",
        f"最近一次{zh}为 {_num(x.value)} {x.unit}（{x.time[:10]}），{fzh}",
    )


def trend_sentence(analyte: str, v: TurnView) -> str:
    """First and latest value since admission and the direction."""
    en, zh = _names(analyte)
    series = v.series(analyte)
    if not series:
        return v.say(
            f"no {en} results were found since admission", f"入院以来未找到{zh}结果"
        )
    first, last = series[-1], series[0]
    t = P.trend_of(
        first.value or 0.0,
        last.value or 0.0,
        max(P.decimals_of(x.text) for x in series),
    )
    fen, fzh = _FLAG.get(last.flag, _FLAG[""])
    return v.say(
        f"{en} went from {_num(first.value)} to {_num(last.value)} {last.unit} ({_TREND[t][0]}; latest {last.time[:10]}, {fen})",
        f"{zh}从 {_num(first.value)} 变为 {_num(last.value)} {last.unit}（{_TREND[t][1]}；最近 {last.time[:10]}，{fzh}）",
    )


def med_sentence(drug: str | None, v: TurnView) -> str:
    """The drug's order: dose, unit, route, frequency, date and status."""
    o = v.order(drug)
    name = drug or v.say("the medication", "该药")
    if o is None:
        return v.say(f"no order for {name} was found", f"未找到{drug_zh(name)}的医嘱")
    if not o.dose:
        return v.say(
            f"{o.text} ({o.status}, ordered {o.time[:10]})",
            f"{o.text}（{o.status}，{o.time[:10]} 开具）",
        )
    zh = drug_zh(drug) if drug else o.name
    return v.say(
        f"{o.name} is ordered at {o.dose} {o.unit} {o.route} {o.frequency} (ordered {o.time[:10]}, status {o.status})",
        f"{zh}（{o.name}）医嘱为 {o.dose} {o.unit}，{o.route}，{o.frequency}（{o.time[:10]} 开具，状态 {o.status}）",
    )


def conditions_text(v: TurnView) -> str:
    """The admission's principal and other coded diagnoses."""
    conds = v.conditions()
    if not conds:
        return v.say(
            "no coded diagnoses were found for this admission", "本次住院未找到编码诊断"
        )
    shown = [f"{c.title} ({c.code})" if c.code else c.title for c in conds[:6]]
    return v.say(
        f"the principal diagnosis is {shown[0]}"
        + (f"; also coded: {', '.join(shown[1:])}" if shown[1:] else ""),
        f"主要诊断为 {shown[0]}"
        + (f"；其他诊断：{'、'.join(shown[1:])}" if shown[1:] else ""),
    )


def cultures_text(v: TurnView) -> str:
    """Each distinct culture result since admission (no growth said as such)."""
    cultures = P.parse_cultures(v.text("micro") or "")
    if not cultures:
        return v.say(
            "no cultures have resulted since admission", "入院以来暂无培养结果"
        )
    seen: list[str] = []
    for c in cultures:
        item = v.say(
            f"{c.test} ({c.time[:10]}): {'no growth' if c.negative else c.result}",
            f"{c.test}（{c.time[:10]}）：{'无生长' if c.negative else c.result}",
        )
        if item not in seen:
            seen.append(item)
    prefix = (
        v.say("no growth so far; ", "目前无生长；")
        if all(c.negative for c in cultures)
        else ""
    )
    return prefix + "; ".join(seen[:5])
