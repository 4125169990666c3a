"""Test set A: an independent adversarial set for the answer grader (frozen before a fix).

Written by hands that had not read the grader, its vocabulary or the older validity
suite's wording; it measures whether a grader reads what an answer *adds* (a harmful or
invented extra, a reversed or handed-back decision, hidden text, filler) and not only
whether the right claims are present, and whether it accepts right answers said in
other words (casual, paraphrased, with sound extras).

Every generator has the suite's signature ``gen(case, pools, rng) -> Variant | None``
(``None``: the class does not apply to the turn) and is registered in :data:`SET_A` as
``name -> (kind, description, generator)`` for
:func:`physassist_env.grading.validity.suite.run_validity` (``generators=SET_A``).

Sources of truth: the gold answer text, the rubric checks' values, units, flag and trend
directions and the criteria's plain-language statements (what is asked: "States the latest
potassium as 4.6 mEq/L", "Says lisinopril can be continued"), the gold tool calls and the
observations. The rubric's synonym lists are never read. All wording lives in
:mod:`.independent_a_phrases`.

Determinism: each variant depends only on the case (session, turn, language) and the class
name; the ``rng`` argument is not drawn from, so a class's output does not shift when other
classes are added or the case sample changes.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from physassist_env.grading.validity import independent_a_phrases as P
from physassist_env.grading.validity.variants import Case, Gen, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    NoFabricationCheck,
    PatientFactCheck,
    RecommendCheck,
    ToolUseCheck,
    TrendCheck,
    ValueCheck,
    WriteCheck,
)

_CJK = re.compile("[\u3400-\u9fff]")
_DATE = r"\d{4}-\d\d-\d\d"


# ---------------------------------------------------------------- small helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    """A generator private to (case, class): stable whatever else is generated."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode("utf-8")))


def _pick(rng: np.random.Generator, options: list[Any] | tuple[Any, ...]) -> Any:
    return options[int(rng.integers(len(options)))]


def _glue(left: str, sep: str, right: str) -> str:
    """``left + sep + right`` without a doubled full stop."""
    if left.endswith((".", "。")) and sep.strip() in (".", "。"):
        sep = sep.replace(".", "").replace("。", "")
        if not sep and left.endswith("."):
            sep = " "
    return left + sep + right


def _end(text: str, stop: str) -> str:
    """Text closed by ``stop`` unless it already ends a sentence."""
    return (
        text if text.endswith((".", "。", '."', ".”", "。”", "!", "?")) else text + stop
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _en_join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _zh_join(items: list[str]) -> str:
    return "、".join(items)


def _num(value: float, decimals: int | None, gold: str) -> str:
    """The value as the gold answer prints it (``10`` or ``10.0``)."""
    options = [f"{value:g}"]
    if decimals is not None:
        options.insert(0, f"{value:.{decimals}f}")
    for o in options:
        if re.search(rf"(?<![\d.]){re.escape(o)}(?![\d])", gold):
            return o
    return options[-1]


def _unit(unit: str, zh: bool) -> str:
    if unit.upper() == "UNIT":
        return "单位" if zh else "units"
    return unit


def _with_unit(v: str, unit: str, zh: bool) -> str:
    u = _unit(unit, zh)
    return f"{v} {u}" if u else v


def _observations(case: Case) -> list[str]:
    """What the agent has seen up to and including this turn (gold history and reads)."""
    reads = [
        o
        for c, o in zip(
            case.turn.gold_actions, case.turn.gold_observations, strict=False
        )
        if not c.name.endswith(".create")
    ]
    return [*case.prior, *reads]


def _reads(case: Case) -> list[str]:
    return [
        o
        for c, o in zip(
            case.turn.gold_actions, case.turn.gold_observations, strict=False
        )
        if not c.name.endswith(".create")
    ]


def _is_write_turn(case: Case) -> bool:
    return any(c.name.endswith(".create") for c in case.turn.gold_actions)


# ---------------------------------------------------------------- observation rows
_ROW = re.compile(
    r"^- (?P<date>\d{4}-\d\d-\d\d(?: \d\d:\d\d)?) \| (?P<name>[^=|]+?) = "
    r"(?P<value>-?\d+(?:\.\d+)?) ?(?P<unit>[^\s(\[]*)\s*(?:\((?P<flag>[HL])\))?",
    re.M,
)


@dataclass(frozen=True)
class Row:
    """One lab row of a tool result."""

    date: str
    name: str
    value: str
    unit: str
    flag: str


def _rows(texts: list[str]) -> list[Row]:
    out = []
    for text in texts:
        for m in _ROW.finditer(text):
            out.append(
                Row(
                    m["date"],
                    m["name"].strip(),
                    m["value"],
                    m["unit"],
                    m["flag"] or "",
                )
            )
    return out


#: analyte key -> what its rows are called in a tool result (lower-case prefixes)
_ROW_NAMES = {
    "hemoglobin": ["hemoglobin"],
    "potassium": ["potassium"],
    "creatinine": ["creatinine"],
    "wbc": ["white blood cells", "wbc"],
    "glucose": ["glucose"],
    "lactate": ["lactate"],
    "inr": ["inr"],
    "bun": ["urea nitrogen", "bun"],
    "platelets": ["platelet"],
    "sodium": ["sodium"],
    "albumin": ["albumin"],
    "bilirubin": ["bilirubin"],
    "troponin": ["troponin"],
    "bicarbonate": ["bicarbonate"],
    "nt-probnp": ["ntprobnp", "nt-probnp"],
    "crp": ["c-reactive", "crp"],
    "magnesium": ["magnesium"],
    "alt": ["alanine", "alt"],
}


def _series(rows: list[Row], key: str) -> list[Row]:
    """Rows of analyte ``key``, newest first (as tool results list them), deduplicated."""
    prefixes = _ROW_NAMES.get(key, [key])
    seen, out = set(), []
    for r in rows:
        if any(r.name.lower().startswith(p) for p in prefixes):
            ident = (r.date, r.value)
            if ident not in seen:
                seen.add(ident)
                out.append(r)
    return out


# ---------------------------------------------------------------- facts of a turn
@dataclass
class Facts:
    """What a right answer to the turn must say, read from the rubric and the gold.

    ``items`` hold one dict per fact (``kind`` plus fields); ``decisions`` the turn's
    decision kinds with their target (``(kind, target_en, target_zh, extra)``).
    """

    items: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[tuple[str, str, str, str]] = field(default_factory=list)
    supported: bool = True

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [i for i in self.items if i["kind"] == kind]


_QUAL = {
    "latest": "latest",
    "peak": "peak",
    "highest": "peak",
    "lowest": "lowest",
    "baseline": "baseline",
    "recent low": "recent_low",
}
_FLAG_PHRASE = [
    (r"^(normal|high|low)$", None),
    (r"^above the inpatient target on insulin", "glu_above"),
    (r"^not high on insulin", "glu_not_high"),
    (r"^within the inpatient target on insulin", "glu_within"),
    (r"^hypoglycemic on insulin", "glu_hypo"),
    (r"^supratherapeutic", "inr_supra"),
    (r"^subtherapeutic", "inr_sub"),
    (r"^within the therapeutic range", "inr_in"),
]
#: Mention criteria with no fields -> (fact kind, detail). Decisions are kinds of :data:`P.DECISIONS`.
_FIXED_MENTIONS = {
    "Says no allergy is recorded": ("decision", "no_allergy_recorded"),
    "States there is no AKI by creatinine criteria": ("decision", "no_aki"),
    "Concludes no transfusion is indicated": ("decision", "no_transfusion"),
    "Concludes no replacement is needed": ("decision", "no_k_replacement"),
    "Concludes potassium should be replaced": ("decision", "replace_k"),
    "Concludes the infection is responding": ("decision", "responding"),
    "Concludes the infection is improving, the count still raised": (
        "decision",
        "improving_partial",
    ),
    "Concludes the infection is not responding": ("decision", "not_responding"),
    "States there is no QT-risk combination": ("decision", "no_qt_combo"),
    "Identifies a QT-risk combination": ("decision", "qt_combo"),
    "Concludes the lactate is clearing": ("decision", "clearing"),
    "Concludes the lactate is not clearing": ("decision", "not_clearing"),
    "States there was no hypoglycemia": ("decision", "no_hypo"),
    "Reports the hypoglycemia": ("decision", "hypo"),
    "Calls the bleeding risk moderate or low (not high)": (
        "decision",
        "bleed_moderate",
    ),
    "Calls the bleeding risk low (not high)": ("decision", "bleed_low"),
    "Calls the bleeding risk high": ("decision", "bleed_high"),
    "Calls the INR supratherapeutic": ("decision", "inr_supra"),
    "Calls the INR therapeutic": ("decision", "inr_therapeutic"),
    "Calls the INR subtherapeutic": ("decision", "inr_sub"),
    "States anticoagulation is not routinely indicated": ("decision", "no_anticoag"),
    "Does not start anticoagulation now because of the bleeding risk": (
        "decision",
        "defer_anticoag",
    ),
    "Advises reviewing and lowering the insulin after the recent hypoglycemia": (
        "decision",
        "reduce_insulin",
    ),
    "Advises reassessing the insulin regimen (glucose below 100 on insulin)": (
        "decision",
        "reassess_insulin",
    ),
    "Advises confirming with the patient": ("advice", "confirm"),
    "Asks for an ECG / QTc": ("advice", "ecg"),
    "Asks for an ECG": ("advice", "ecg_plain"),
    "Checks the electrolytes": ("advice", "electrolytes"),
    "Asks for a current magnesium (none from today or yesterday)": (
        "advice",
        "check_mg",
    ),
    "Asks for a current potassium and magnesium (none from today or yesterday)": (
        "advice",
        "check_k_mg",
    ),
    "Checks the magnesium too": ("advice", "check_mg_too"),
    "Says no culture has resulted and asks for blood cultures": (
        "advice",
        "blood_cultures",
    ),
    "Says the cultures need not be checked on that basis": (
        "advice",
        "no_culture_check",
    ),
    "Advises treating the hypoglycemia": ("advice", "treat_hypo"),
    "Gives insulin with dextrose": ("advice", "insulin_dextrose"),
    "Gives IV calcium": ("advice", "iv_calcium"),
    "Says the changes go on the discharge paperwork / to the patient": (
        "advice",
        "discharge_paperwork",
    ),
    "Says they are not ordered now": ("covered", ""),
    "Confirms the consult was requested": ("covered", ""),
    "Confirms the order": ("covered", ""),
    "Plans to keep monitoring it": ("advice", "monitor_it"),
    "Names the low electrolyte": ("low_electrolyte", ""),
    "Reports allergies (no allergy recorded)": ("no_allergy_listed", ""),
    "States that the cultures show no growth": ("no_growth", ""),
    "Mentions the correction (sliding-scale) insulin also ordered": (
        "sliding_scale",
        "",
    ),
    "Notes the cultures have not grown MRSA": ("no_mrsa", ""),
}


def _zh_paren(zh: str) -> str:
    m = re.search(r"（(.+)）$", zh)
    return m.group(1) if m else ""


def _en_paren(en: str) -> str:
    m = re.search(r"\((.+)\)$", en)
    return m.group(1) if m else ""


def _gold_quote(text: str) -> str:
    m = re.search(r"[\"“](.+?)[\"”]", text)
    return m.group(1) if m else ""


def facts_of(case: Case) -> Facts:
    """The facts a right answer must state (see :class:`Facts`); ``supported`` is False
    when some rubric item is of a form this set does not render."""
    f = Facts()
    gold_en, gold_zh = case.turn.gold_answer.en, case.turn.gold_answer.zh
    for item in case.turn.rubric:
        c = item.check
        en, zh = item.criterion.en.strip(), item.criterion.zh.strip()
        if isinstance(c, (ToolUseCheck, NoFabricationCheck, NegativeCheck)):
            continue
        if isinstance(c, WriteCheck):
            f.items.append({"kind": "write"})
            continue
        if isinstance(c, ValueCheck):
            got = _value_fact(c, en, zh, gold_en)
            if got is None:
                f.supported = False
            else:
                f.items.append(got)
            continue
        if isinstance(c, FlagCheck):
            m = re.match(r"^Identifies the (.+?) as (.+)$", en)
            if not m:
                f.supported = False
                continue
            an, phrase = m.group(1), m.group(2)
            direction = None
            for pat, name in _FLAG_PHRASE:
                mm = re.match(pat, phrase)
                if mm:
                    direction = name or mm.group(1)
                    break
            if direction is None or an.lower() not in P.ANALYTES:
                f.supported = False
                continue
            f.items.append({"kind": "flag", "an": an.lower(), "dir": direction})
            continue
        if isinstance(c, TrendCheck):
            m = re.match(
                r"^Describes the (.+?) as (rising|falling|stable) over the admission "
                r"\(from ([\d.]+) to ([\d.]+)\)$",
                en,
            )
            if not m or m.group(1).lower() not in P.ANALYTES:
                f.supported = False
                continue
            f.items.append(
                {
                    "kind": "trend",
                    "an": m.group(1).lower(),
                    "dir": m.group(2),
                    "frm": m.group(3),
                    "to": m.group(4),
                }
            )
            continue
        if isinstance(c, RecommendCheck):
            dec = _recommend(en, zh, gold_en, gold_zh)
            if dec is None:
                f.supported = False
            else:
                f.decisions.append(dec)
            continue
        if isinstance(c, PatientFactCheck):
            m = re.match(r"^Reports that the patient (.+)$", en)
            if m and m.group(1) in P.ADHERENCE:
                f.items.append({"kind": "adherence", "cat": m.group(1)})
                continue
            if en == "Reports how the patient says they take it":
                f.items.append({"kind": "quote_needed"})
                continue
            m = re.match(r"^Reports the patient's (\w+)$", en)
            if m and m.group(1) in P.SYMPTOMS:
                f.items.append({"kind": "symptom", "sym": m.group(1)})
                continue
            f.supported = False
            continue
        if isinstance(c, MentionCheck):
            if not _mention(f, en, zh, gold_en, gold_zh):
                f.supported = False
            continue
        f.supported = False
    return f


def _value_fact(c: ValueCheck, en: str, zh: str, gold: str) -> dict[str, Any] | None:
    v = _num(c.value, c.decimals, gold)
    m = re.match(
        r"^States the (latest|peak|baseline|highest|lowest|recent low) (.+?) as [\d.]+",
        en,
    ) or re.match(r"^States the (lowest|highest) (.+?), [\d.]+", en)
    if m:
        an = m.group(2).lower()
        if an not in P.ANALYTES:
            return None
        return {
            "kind": "value",
            "an": an,
            "qual": _QUAL[m.group(1)],
            "v": v,
            "unit": c.unit,
            "alt": [u for u, k in c.conversions.items() if k == 1.0],
        }
    m = re.match(r"^States the ordered (.+?) dose \(", en) or re.match(
        r"^States the (.+?) dose as [\d.]+", en
    )
    if m:
        mz = re.match(r"^给出(.+?)(?:医嘱)?剂量", zh)
        return {
            "kind": "dose",
            "drug": m.group(1),
            "drug_zh": mz.group(1) if mz else m.group(1),
            "v": v,
            "unit": c.unit,
        }
    m = re.match(r"^Calculates a (CHA2DS2-VASc|HAS-BLED|MELD-Na) of [\d.]+$", en)
    if m:
        return {"kind": "score", "score": m.group(1), "v": v}
    m = re.match(r"^Calculates a Child-Pugh score of (\d+) to (\d+)$", en)
    if m:
        return {
            "kind": "score",
            "score": "Child-Pugh",
            "v": f"{m.group(1)}-{m.group(2)}",
        }
    m = re.match(r"^Gives a dose of about ([\d.]+) mEq( in two divided doses)?$", en)
    if m:
        return {"kind": "k_dose", "v": m.group(1), "split": bool(m.group(2))}
    return None


def _recommend(
    en: str, zh: str, gold_en: str, gold_zh: str
) -> tuple[str, str, str, str] | None:
    m = re.match(r"^Says (.+?) can be continued$", en)
    if m:
        mz = re.match(r"^指出可以继续(?:使用)?(.+)$", zh)
        return ("continue", m.group(1), mz.group(1) if mz else m.group(1), "")
    m = re.match(r"^Recommends continuing the current (.+?) dose$", en)
    if m:
        mz = re.match(r"^建议继续目前的(.+?)剂量$", zh)
        return ("continue", m.group(1), mz.group(1) if mz else m.group(1), "dose")
    if re.match(r"^Recommends holding or reducing the insulin", en):
        return ("hold_or_reduce", "insulin", "胰岛素", "")
    m = re.match(r"^Recommends holding (.+)$", en)
    if m:
        mz = re.match(r"^建议暂停(.+)$", zh)
        return ("hold", m.group(1), mz.group(1) if mz else m.group(1), "")
    m = re.match(r"^Recommends continuing (.+)$", en)
    if m:
        mz = re.match(r"^建议继续(.+)$", zh)
        return ("continue", m.group(1), mz.group(1) if mz else m.group(1), "")
    if re.match(r"^Recommends intensifying the insulin", en):
        return ("intensify", "insulin", "胰岛素", "")
    if en == "Recommends reassessing or broadening therapy":
        me = re.search(r"beyond (\w[\w-]*)", gold_en)
        mz = re.search(r"已给予(\S+?) ?\d+ ?剂", gold_zh)
        if not me:
            return None
        return ("broaden", me.group(1), mz.group(1) if mz else me.group(1), "")
    if en == "Recommends anticoagulation":
        return ("anticoagulate", "", "", "")
    m = re.match(r"^Recommends stopping the (.+?) \(", en)
    if m:
        mz = re.match(r"^建议停用(.+?)（", zh)
        return ("stop", m.group(1), mz.group(1) if mz else m.group(1), "")
    return None


def _mention(f: Facts, en: str, zh: str, gold_en: str, gold_zh: str) -> bool:
    """Adds the fact of one mention criterion; False when its form is not rendered."""
    if en in _FIXED_MENTIONS:
        kind, detail = _FIXED_MENTIONS[en]
        if kind == "decision":
            f.decisions.append((detail, "", "", ""))
        elif kind == "advice":
            f.items.append({"kind": "advice", "adv": detail})
        elif kind != "covered":
            f.items.append({"kind": kind})
        return True
    m = re.match(r"^Stages it as KDIGO stage (\d) AKI$", en)
    if m:
        f.decisions.append(("aki_stage", "", "", m.group(1)))
        return True
    m = re.match(r"^Holds the (.+?) now because of the bleeding risk$", en)
    if m:
        mz = re.match(r"^因出血风险目前暂停(.+)$", zh)
        f.decisions.append(
            ("hold_for_bleeding", m.group(1), mz.group(1) if mz else m.group(1), "")
        )
        return True
    m = re.match(r"^Replaces the low magnesium \((.+)\)$", en)
    if m:
        f.decisions.append(("replace_mg", "", "", m.group(1)))
        return True
    simple = [
        (
            r"^Names the principal diagnosis \((.+)\)$",
            "dx_principal",
            r"^说出主要诊断（(.+)）$",
        ),
        (
            r"^Names a secondary diagnosis \((.+)\)$",
            "dx_secondary",
            r"^说出次要诊断（(.+)）$",
        ),
        (r"^Names the drug \((.+)\)$", "drug_named", r"^说出药物（(.+)）$"),
        (
            r"^Reports the culture result \((.+)\)$",
            "culture_result",
            r"^报告培养结果（(.+)）$",
        ),
        (r"^Names the culture \((.+)\)$", "culture_type", r"^说出培养类型（(.+)）$"),
        (r"^Names the organism \((.+)\)$", "organism", r"^说出培养出的病原体（(.+)）$"),
        (
            r"^Names the recorded allergy \((.+)\)$",
            "allergy",
            r"^指出记录的过敏（(.+)）$",
        ),
        (
            r"^Names the recorded adverse reaction as an intolerance \((.+)\)$",
            "adverse",
            r"^指出记录的药物不良反应（(.+)）$",
        ),
        (
            r"^Names the QT drug \((.+)\)$",
            "qt_drug",
            r"^指出有 ?QT ?风险的药物（(.+)）$",
        ),
        (r"^Names the drug\(s\) \((.+)\)$", "qt_drug", r"^指出相关药物（(.+)）$"),
        (r"^Gives the date of the last dose \((.+)\)$", "last_date", None),
        (r"^Gives the time \((.+)\)$", "last_time", None),
        (r"^Gives the date \((.+)\)$", "value_date", None),
        (r"^Dates the last discharge \((.+)\)$", "discharge_date", None),
        (r"^States the frequency \((.+)\)$", "freq", r"^说明给药频次（(.+)）$"),
        (r"^Accounts for age \((\d+)\)$", "age", None),
        (r"^Names (.+?) as given$", "given", r"^指出已给予(.+)$"),
        (r"^Lists (.+)$", "listed", r"^列出(.+)$"),
        (r"^Names (.+?) as not ordered now$", "not_ordered", r"^指出本次未开(.+)$"),
        (r"^Names the new drug\(s\) \((.+)\)$", "new_drugs", None),
        (r"^Names what is no longer ordered \((.+)\)$", "stopped_drugs", None),
        (r"^Says the white count is still raised \((.+)\)$", "still_raised", None),
        (r"^Flags the creatinine still rising \((.+)\)$", "creat_rising", None),
        (r"^Notes the fall from (.+?) and looks for bleeding$", "hb_fall", None),
        (r"^States class ([ABC])$", "pugh_class", None),
    ]
    for pat, kind, zpat in simple:
        m = re.match(pat, en)
        if m:
            zh_text = ""
            if zpat:
                mz = re.match(zpat, zh)
                zh_text = mz.group(1) if mz else ""
            f.items.append({"kind": kind, "en": m.group(1), "zh": zh_text})
            return True
    m = re.match(
        r"^(?:Advises|Plans) (?:to )?(monitoring|rechecking|recheck|a repeat|a) (?:the )?(.+?)(?: recheck)?$",
        en,
    )
    if m and m.group(2).lower() in P.ANALYTES:
        adv = "monitor" if m.group(1) == "monitoring" else "recheck"
        f.items.append({"kind": "advice", "adv": adv, "an": m.group(2).lower()})
        return True
    return False


# ---------------------------------------------------------------- rendering a right answer
_RECENT_LOW = (
    ["the {A} recently dipped to {V}", "a recent low {A} of {V}"],
    ["{A} dipped to {V} recently", "recent low {A} {V}"],
    ["{A}近期最低{V}", "近期{A}低至{V}"],
    ["{A}最近低到{V}"],
)
_DOSE = (
    [
        "{D} is ordered at {V}",
        "the {D} order is for {V}",
        "the current {D} order is {V}",
    ],
    ["{D} {V}", "on {D} {V}"],
    ["{D}医嘱剂量为{V}", "{D}目前开的是{V}"],
    ["{D} {V}", "{D}开的{V}"],
)
_FREQ_EN = {
    "DAILY": ["once daily", "daily", "every day"],
    "DAILY16": ["once daily at 16:00", "daily at 4 pm"],
    "BID": ["twice daily", "twice a day"],
    "TID": ["three times daily", "three times a day"],
    "QID": ["four times daily"],
    "QHS": ["at bedtime", "nightly at bedtime"],
    "HS": ["at bedtime"],
    "Q12H": ["every 12 hours", "twelve-hourly"],
    "Q8H": ["every 8 hours", "eight-hourly"],
    "Q6H": ["every 6 hours", "six-hourly"],
    "Q24H": ["every 24 hours", "once every 24 hours"],
    "ONCE": ["as a one-off dose", "once only"],
    "BREAKFAST": ["with breakfast"],
    "DINNER": ["with dinner", "at dinnertime"],
    "LUNCH": ["with lunch"],
}
_FREQ_ZH = {
    "DAILY": ["每日一次", "一天一次"],
    "DAILY16": ["每日一次（下午4点）", "每天下午四点一次"],
    "BID": ["每日两次", "一天两次"],
    "TID": ["每日三次", "一天三次"],
    "QID": ["每日四次"],
    "QHS": ["每晚睡前", "睡前一次"],
    "HS": ["睡前"],
    "Q12H": ["每12小时一次"],
    "Q8H": ["每8小时一次"],
    "Q6H": ["每6小时一次"],
    "Q24H": ["每24小时一次"],
    "ONCE": ["单次", "只给一次"],
    "BREAKFAST": ["早餐时"],
    "DINNER": ["晚餐时"],
    "LUNCH": ["午餐时"],
}
_SCORE = (
    ["the {S} score is {V}", "{S} comes to {V}", "{S} totals {V}"],
    ["{S} {V}", "{S} = {V}"],
    ["{S}评分为{V}分", "{S}计算得{V}分"],
    ["{S} {V}分", "{S}算下来{V}分"],
)


class _Writer:
    """Renders the facts of a case in one language and one register."""

    def __init__(
        self, case: Case, facts: Facts, casual: bool, rng: np.random.Generator
    ):
        self.case, self.f, self.casual, self.rng = case, facts, casual, rng
        self.zh = case.language == "zh"
        self.gold = case.answer
        self.gold_en = case.turn.gold_answer.en
        self.gold_zh = case.turn.gold_answer.zh

    # -- words
    def pick(
        self,
        table: tuple[list[str], ...]
        | tuple[list[str], list[str], list[str], list[str]],
    ) -> str:
        idx = (2 if self.zh else 0) + (1 if self.casual else 0)
        return _pick(self.rng, table[idx])

    def an(self, key: str) -> str:
        return self.pick(P.ANALYTES[key])

    def val(self, v: str, unit: str, alt: list[str] | None = None) -> str:
        if alt and unit and not self.casual and self.rng.random() < 0.3:
            unit = _pick(self.rng, alt)
            if "10^9" in unit:
                return f"{v} ×10^9/L"
        return _with_unit(v, unit, self.zh)

    def drug(self, en: str, zh: str) -> str:
        return (zh or en) if self.zh else en

    # -- pieces
    def labs(self) -> list[str]:
        out: list[str] = []
        order: list[str] = []
        for i in self.f.items:
            if i["kind"] in ("value", "flag", "trend") and i["an"] not in order:
                order.append(i["an"])
        date_of = {i["en"] for i in self.f.of("value_date")}
        for key in order:
            vals = {i["qual"]: i for i in self.f.of("value") if i["an"] == key}
            flag = next((i for i in self.f.of("flag") if i["an"] == key), None)
            trend = next((i for i in self.f.of("trend") if i["an"] == key), None)
            name = self.an(key)
            flag_word = self.pick(P.FLAGS[flag["dir"]]) if flag else ""
            latest = vals.get("latest")
            unit = (latest or next(iter(vals.values()), None) or {}).get("unit", "")
            if trend and (latest is None or trend["to"] == latest["v"]):
                t = self.pick(P.TRENDS[trend["dir"]]).format(
                    F=trend["frm"], T=_with_unit(trend["to"], unit, self.zh)
                )
                clause = f"{name}{'' if self.zh else ' '}{t}"
                if flag_word:
                    clause += (
                        f"，目前{flag_word}"
                        if self.zh
                        else (
                            f", {flag_word}"
                            if self.casual
                            else f", and is now {flag_word}"
                        )
                    )
                out.append(clause)
            elif latest:
                table = (
                    P.VALUE_ZH_CASUAL
                    if self.zh and self.casual
                    else P.VALUE_ZH
                    if self.zh
                    else P.VALUE_EN_CASUAL
                    if self.casual
                    else P.VALUE_EN
                )
                v = self.val(latest["v"], latest["unit"], latest.get("alt"))
                date = self._date_of(latest["v"])
                if date and self.rng.random() < (0.4 if self.casual else 0.7):
                    v += f"（{date}）" if self.zh else f" ({date})"
                clause = _pick(self.rng, table["latest"]).format(A=name, V=v)
                if flag_word:
                    if self.zh:
                        clause += _pick(
                            self.rng,
                            [
                                f"，{flag_word}",
                                f"，属{flag_word}"
                                if flag_word.startswith(("偏", "正常"))
                                else f"，{flag_word}",
                            ],
                        )
                    elif self.casual:
                        clause += _pick(self.rng, [f", {flag_word}", f" - {flag_word}"])
                    else:
                        clause += _pick(
                            self.rng,
                            [
                                f", which is {flag_word}",
                                f" ({flag_word})",
                                f"; that is {flag_word}",
                            ],
                        )
                out.append(clause)
                if trend:
                    t = self.pick(P.TRENDS[trend["dir"]]).format(
                        F=trend["frm"], T=_with_unit(trend["to"], unit, self.zh)
                    )
                    out.append(f"{name}{'' if self.zh else ' '}{t}")
            elif flag:
                out.append(
                    f"{name}{flag_word}"
                    if self.zh
                    else f"the {name} is {flag_word}"
                    if not self.casual
                    else f"{name} {flag_word}"
                )
            for qual in ("peak", "lowest", "baseline", "recent_low"):
                if qual not in vals:
                    continue
                i = vals[qual]
                if qual == "recent_low":
                    tmpl = self.pick(_RECENT_LOW)
                else:
                    table = (
                        P.VALUE_ZH_CASUAL
                        if self.zh and self.casual
                        else P.VALUE_ZH
                        if self.zh
                        else P.VALUE_EN_CASUAL
                        if self.casual
                        else P.VALUE_EN
                    )
                    tmpl = _pick(self.rng, table[qual])
                v = self.val(i["v"], i["unit"], i.get("alt"))
                clause = tmpl.format(A=self.an(key), V=v)
                if qual in ("peak", "lowest") and date_of:
                    d = next(iter(date_of))
                    clause += f"（{d}）" if self.zh else f" on {d}"
                out.append(clause)
        return out

    def _date_of(self, v: str) -> str:
        m = re.search(
            rf"(?<![\d.]){re.escape(v)}(?![\d])[^()（）]{{0,12}}[(（](?:drawn )?({_DATE})",
            self.gold,
        )
        return m.group(1) if m else ""

    def doses(self) -> list[str]:
        out = []
        freq = next(iter(self.f.of("freq")), None)
        for i in self.f.of("dose"):
            d = self.drug(i["drug"], i["drug_zh"])
            clause = self.pick(_DOSE).format(D=d, V=self.val(i["v"], i["unit"]))
            if freq:
                code = freq["en"].upper()
                if self.zh:
                    words = _FREQ_ZH.get(code) or [freq["zh"] or code]
                    clause += "，" + _pick(self.rng, words)
                else:
                    clause += " " + _pick(self.rng, _FREQ_EN.get(code, [code]))
            out.append(clause)
        if freq and not self.f.of("dose"):
            code = freq["en"].upper()
            words = (
                (_FREQ_ZH.get(code) or [freq["zh"] or code])
                if self.zh
                else _FREQ_EN.get(code, [code])
            )
            out.append(
                ("给药频次：" if self.zh else "frequency: ") + _pick(self.rng, words)
            )
        if self.f.of("sliding_scale"):
            out.append(
                _pick(
                    self.rng,
                    [
                        "另有按血糖调整的校正（滑动剂量）胰岛素医嘱",
                        "同时开有校正用的滑动剂量胰岛素",
                    ],
                )
                if self.zh
                else _pick(
                    self.rng,
                    [
                        "a correction (sliding-scale) insulin is also ordered",
                        "there is also a sliding-scale correction insulin order",
                    ],
                )
            )
        return out

    def scores(self) -> list[str]:
        out = []
        for i in self.f.of("score"):
            clause = self.pick(_SCORE).format(S=i["score"], V=i["v"])
            cls = next(iter(self.f.of("pugh_class")), None)
            if cls:
                clause += f"，{cls['en']}级" if self.zh else f", class {cls['en']}"
            out.append(clause)
        for a in self.f.of("age"):
            n = int(a["en"])
            score = next((i["score"] for i in self.f.of("score")), "")
            if score == "HAS-BLED":
                pts = 1 if n > 65 else 0
            else:
                pts = 0 if n < 65 else 1 if n < 75 else 2
            if self.zh:
                out.append(
                    f"年龄 {n} 岁，" + ("不计分" if pts == 0 else f"计 {pts} 分")
                )
            else:
                out.append(
                    f"age {n} "
                    + (
                        "scores nothing"
                        if pts == 0
                        else f"adds {pts} point" + ("s" if pts > 1 else "")
                    )
                )
        return out

    def k_dose(self) -> str:
        i = next(iter(self.f.of("k_dose")), None)
        if not i:
            return ""
        iv = bool(re.search(r"\bIV\b|intraven", self.gold_en))
        if self.zh:
            route = "静脉" if iv else "口服"
            split = "，分两次" if i["split"] else ""
            return _pick(
                self.rng,
                [
                    f"{route}氯化钾 {i['v']} mEq{split}",
                    f"给氯化钾 {i['v']} mEq {route}{split}",
                ],
            )
        route = "IV" if iv else "by mouth"
        split = (
            (" in two divided doses" if not self.casual else ", split in two")
            if i["split"]
            else ""
        )
        if self.casual:
            return f"KCl {i['v']} mEq {'IV' if iv else 'PO'}{split}"
        return _pick(
            self.rng,
            [
                f"give potassium chloride {i['v']} mEq {route}{split}",
                f"{i['v']} mEq of potassium chloride {route}{split}",
            ],
        )

    def decisions(self) -> list[str]:
        out = []
        drug_en, drug_zh = self._course_drug()
        for kind, x_en, x_zh, extra in self.f.decisions:
            if kind == "continue" and extra == "dose":
                x = self.drug(x_en, x_zh)
                out.append(
                    _pick(self.rng, [f"维持目前{x}剂量不变", f"继续目前的{x}剂量"])
                    if self.zh
                    else _pick(
                        self.rng,
                        [
                            f"keep the {x} dose as it is",
                            f"continue the current {x} dose unchanged",
                        ],
                    )
                )
                continue
            x = self.drug(x_en or drug_en, x_zh or drug_zh)
            if kind == "broaden" and "susceptib" in self.gold_en:
                kind = "broaden_by_susceptibility"
            text = self.pick(P.DECISIONS[kind]).format(X=x, N=extra)
            if kind == "replace_k":
                dose = self.k_dose()
                if dose:
                    text += ("：" if self.zh else ": ") + dose
            if kind == "replace_mg" and extra:
                text += f"（{extra}）" if self.zh else f" ({extra})"
            if kind == "no_qt_combo" and not self.casual:
                text += (
                    "，无需因QT调整用药"
                    if self.zh
                    else ", so no change is needed on QT grounds"
                )
            out.append(text)
        return out

    def _course_drug(self) -> tuple[str, str]:
        for _kind, x_en, x_zh, _ in self.f.decisions:
            if x_en:
                return x_en, x_zh
        m = re.search(r"After \d+ doses of (\S+?),", self.gold_en)
        mz = re.search(r"已给予(\S+?) ?\d+ ?剂", self.gold_zh)
        return (m.group(1) if m else "the antibiotic", mz.group(1) if mz else "抗生素")

    def course(self) -> list[str]:
        """Doses given and a resistance the gold names (context of a response call)."""
        out = []
        m = re.search(r"After (\d+) doses of (\S+?),", self.gold_en)
        mz = re.search(r"已给予(\S+?) ?(\d+) ?剂", self.gold_zh)
        if m:
            if self.zh and mz:
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"{mz.group(1)}已用 {mz.group(2)} 剂",
                            f"目前给了 {mz.group(2)} 剂{mz.group(1)}",
                        ],
                    )
                )
            elif not self.zh:
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"{m.group(1)} doses of {m.group(2)} in so far",
                            f"{m.group(2)} x{m.group(1)} doses so far",
                        ]
                        if self.casual
                        else [
                            f"{m.group(1)} doses of {m.group(2)} have been given",
                            f"the patient has had {m.group(1)} doses of {m.group(2)}",
                        ],
                    )
                )
        r = re.search(r"the (.+?) isolate is resistant to (\S+?),", self.gold_en)
        rz = re.search(r"培养出的(.+?)对(\S+?)耐药", self.gold_zh)
        if r:
            if self.zh and rz:
                out.append(f"培养出的{rz.group(1)}对{rz.group(2)}耐药")
            elif not self.zh:
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"the {r.group(1)} isolate is resistant to {r.group(2)}",
                            f"the cultured {r.group(1)} is {r.group(2)}-resistant",
                        ],
                    )
                )
        if self.f.of("no_mrsa"):
            out.append(
                "培养未见MRSA"
                if self.zh
                else _pick(
                    self.rng, ["no MRSA has grown", "cultures have not grown MRSA"]
                )
            )
        return out

    def advice(self) -> list[str]:
        out = []
        has_allergy = bool(self.f.of("allergy"))
        first_an = next(
            (i["an"] for i in self.f.items if i["kind"] in ("value", "flag", "trend")),
            "",
        )
        covered_lytes = any(
            i.get("adv") in ("check_mg", "check_k_mg") for i in self.f.of("advice")
        )
        for i in self.f.of("advice"):
            adv = i["adv"]
            if adv == "confirm":
                adv = "confirm_reaction" if has_allergy else "confirm_patient"
            elif adv == "electrolytes":
                if "no hypokalemia" in self.gold_en:
                    adv = "check_lytes"
                elif covered_lytes:
                    continue
                else:
                    adv = "lytes"
            elif adv == "monitor_it":
                if not first_an:
                    return []
                adv, i = "monitor", {**i, "an": first_an}
            name = self.an(i["an"]) if i.get("an") else ""
            out.append(self.pick(P.ADVICE[adv]).format(A=name))
        # what the gold also asks for alongside (ECG, electrolytes, alternative agent)
        kinds = {i["adv"] for i in self.f.of("advice")}
        if (
            "ECG" in self.gold_en
            and not kinds & {"ecg", "ecg_plain"}
            and any(d[0] == "replace_k" for d in self.f.decisions)
        ):
            out.append(self.pick(P.ADVICE["ecg_plain"]))
        if any(d[0] == "qt_combo" for d in self.f.decisions):
            if "correct the electrolytes" in self.gold_en:
                out.append(self.pick(P.ADVICE["lytes"]))
            if "alternative" in self.gold_en:
                out.append(self.pick(P.ADVICE["alternative"]))
        if "Decide for each" in self.gold_en:
            out.append(self.pick(P.ADVICE["resume_or_document"]))
        for i in self.f.of("hb_fall"):
            out.append(
                f"48 小时内由 {i['en']} 降至此值，需查找出血原因"
                if self.zh
                else (
                    f"dropped from {i['en']} in 48h - look for a bleed"
                    if self.casual
                    else f"it has fallen from {i['en']} within 48 hours, so look for a source of bleeding"
                )
            )
        for i in self.f.of("creat_rising"):
            zh_vals = re.search(
                r"（(.+)）", self._crit_zh("Flags the creatinine still rising")
            )
            vz = zh_vals.group(1) if zh_vals else i["en"]
            out.append(
                f"注意肌酐仍在上升（{vz}），暂不宜常规出院，应先复查待其回落"
                if self.zh
                else (
                    f"heads up - Cr still climbing ({i['en']}), not ready for a routine discharge; recheck first"
                    if self.casual
                    else f"note that the creatinine is still rising ({i['en']}), so a routine discharge is premature; recheck it and let it turn first"
                )
            )
        return out

    def _crit_zh(self, prefix: str) -> str:
        for item in self.case.turn.rubric:
            if item.criterion.en.startswith(prefix):
                return item.criterion.zh
        return ""

    def names(self) -> list[str]:
        out: list[str] = []
        j = _zh_join if self.zh else _en_join
        # diagnoses
        p = next(iter(self.f.of("dx_principal")), None)
        s = next(iter(self.f.of("dx_secondary")), None)
        if p:
            pn = p["zh"] if self.zh else p["en"]
            if s:
                sn = s["zh"] if self.zh else s["en"]
                opts = (
                    (
                        [f"这次是因为{pn}住的院，另外还有{sn}"]
                        if self.casual
                        else [
                            f"主要诊断为{pn}，另有{sn}",
                            f"本次以{pn}为主要诊断，次要诊断为{sn}",
                        ]
                    )
                    if self.zh
                    else (
                        [
                            f"in for {pn}, also coded {sn}",
                            f"main dx {pn}; also has {sn}",
                        ]
                        if self.casual
                        else [
                            f"the principal diagnosis is {pn}, with {sn} also coded",
                            f"coded diagnoses: {pn} (principal) and {sn}",
                            f"the admission is coded principally as {pn}; {sn} is a secondary diagnosis",
                        ]
                    )
                )
            else:
                opts = (
                    (
                        [f"这次是因为{pn}住的院"]
                        if self.casual
                        else [f"主要诊断为{pn}", f"本次主要诊断：{pn}"]
                    )
                    if self.zh
                    else (
                        [f"in with {pn}", f"main dx {pn}"]
                        if self.casual
                        else [
                            f"the principal diagnosis is {pn}",
                            f"the admission is coded principally as {pn}",
                        ]
                    )
                )
            out.append(_pick(self.rng, opts))
        # cultures
        ctype = next(iter(self.f.of("culture_type")), None)
        org = next(iter(self.f.of("organism")), None)
        if ctype:
            c = ctype["zh"] if self.zh and ctype["zh"] else ctype["en"]
            m = re.search(_DATE, self.gold)
            d = m.group(0) if m else ""
            if self.f.of("no_growth"):
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"目前培养均无生长（最近一次为{d}的{c}）",
                            f"培养到现在都没长菌，最近一次是{d}的{c}",
                        ],
                    )
                    if self.zh
                    else _pick(
                        self.rng,
                        [
                            f"no organism has grown so far; the latest is a {c} from {d}",
                            f"cultures show no growth to date (most recent: {c}, {d})",
                        ],
                    )
                )
            elif org:
                o = org["zh"] if self.zh and org["zh"] else org["en"]
                if self.zh:
                    out.append(
                        _pick(self.rng, [f"{d}的{c}结果为{o}", f"{c}（{d}）：{o}"])
                    )
                elif "PCR" in c:
                    out.append(
                        _pick(
                            self.rng,
                            [f"the {c} from {d} returned: {o}", f"{c} ({d}): {o}"],
                        )
                    )
                else:
                    out.append(
                        _pick(
                            self.rng,
                            [
                                f"the {c} collected {d} grew {o}",
                                f"{o} was isolated from the {c} ({d})",
                                f"{c} from {d}: {o}",
                            ],
                        )
                    )
        for i in self.f.of("culture_result"):
            no_growth = i["en"].lower() == "no growth"
            o = i["zh"] if self.zh and i["zh"] else i["en"]
            if self.zh:
                out.append(
                    "培养无生长"
                    if no_growth
                    else _pick(self.rng, [f"培养结果为{o}", f"培养出{o}"])
                )
            elif self.casual:
                out.append(
                    "cultures: no growth"
                    if no_growth
                    else _pick(self.rng, [f"micro: {o}", f"cultures grew {o}"])
                )
            else:
                out.append(
                    "the cultures show no growth"
                    if no_growth
                    else _pick(
                        self.rng,
                        [f"the cultures have grown {o}", f"the culture result is {o}"],
                    )
                )
        # antibiotics given
        if self.f.of("given"):
            if self.zh:
                seg = self.gold_zh.split("：", 1)[-1].split("。")[0]
                pairs = re.findall(r"([^、；（]+?)（(\d+) 剂）", seg)
                items = [f"{n}{d}剂" for n, d in pairs] or [
                    i["zh"] or i["en"] for i in self.f.of("given")
                ]
                out.append(
                    _pick(
                        self.rng, [f"已用抗生素：{j(items)}", f"目前已给予{j(items)}"]
                    )
                )
            else:
                pairs = re.findall(r"(\w[\w/-]*) \((\d+) doses?\)", self.gold_en)
                items = [
                    f"{n} ({d} doses)"
                    if self.rng.random() < 0.5
                    else f"{d} doses of {n}"
                    for n, d in pairs
                ] or [i["en"] for i in self.f.of("given")]
                out.append(
                    _pick(self.rng, [f"had {j(items)}", f"got {j(items)}"])
                    if self.casual
                    else _pick(
                        self.rng,
                        [
                            f"antibiotics given so far: {j(items)}",
                            f"the patient has received {j(items)}",
                        ],
                    )
                )
        # active medication list (discharge)
        if self.f.of("listed"):
            if self.zh:
                m = re.search(r"目前在用药物：(.+?)。", self.gold_zh)
                meds = (
                    m.group(1).split("；")
                    if m
                    else [i["zh"] or i["en"] for i in self.f.of("listed")]
                )
                out.append(
                    _pick(
                        self.rng,
                        ["在用的有" + j(meds)]
                        if self.casual
                        else ["目前在用药物包括" + j(meds), "在用药：" + j(meds)],
                    )
                )
            else:
                m = re.search(r"Active medications: (.+?)\. Allergies", self.gold_en)
                meds = (
                    m.group(1).split("; ")
                    if m
                    else [i["en"] for i in self.f.of("listed")]
                )
                out.append(
                    _pick(
                        self.rng,
                        [f"on {j(meds)}", f"meds: {j(meds)}"]
                        if self.casual
                        else [
                            f"the active medication list is {j(meds)}",
                            f"currently active: {j(meds)}",
                        ],
                    )
                )
        if self.f.of("no_allergy_listed"):
            out.append(
                self.pick(
                    (
                        [
                            "no allergies are recorded",
                            "the allergy list in the chart is empty",
                        ],
                        ["no allergies on file", "nothing under allergies"],
                        ["未记录过敏", "病历无过敏记录"],
                        ["没过敏记录"],
                    )
                )
            )
        # reconciliation against the last discharge
        dd = next((i["en"] for i in self.f.of("discharge_date")), "")
        if self.f.of("not_ordered"):
            m = re.search(
                r"not ordered on this admission: (.+?)\. The other (\d+)", self.gold_en
            ) or re.search(r"not ordered on this admission: (.+?)\.()", self.gold_en)
            mz = re.search(r"本次未开：(.+?)。(?:其余 (\d+) 种)?", self.gold_zh)
            if self.zh and mz:
                names = mz.group(1)
                rest = f"，其余 {mz.group(2)} 种已续开" if mz.group(2) else ""
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"对照 {dd} 的出院带药，本次未开{names}{rest}",
                            f"与 {dd} 出院时相比，{names}这次没有开{rest}",
                        ],
                    )
                )
            elif m and not self.zh:
                names = m.group(1)
                plural = "," in names
                rest = (
                    f"; the remaining {m.group(2)} were continued" if m.group(2) else ""
                )
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"vs the {dd} discharge list, not reordered here: {names}{rest}"
                        ],
                    )
                    if self.casual
                    else _pick(
                        self.rng,
                        [
                            f"compared with the discharge list of {dd}, {names} {'have' if plural else 'has'} not been ordered on this admission{rest}",
                            f"of the medicines on the {dd} discharge list, {names} {'are' if plural else 'is'} not ordered now{rest}",
                        ],
                    )
                )
        if self.f.of("new_drugs"):
            m = re.search(
                r"new this time: (.+?); stopped since then: (.+?)\.", self.gold_en
            )
            mz = re.search(r"本次新加(.+?)；上次出院时的(.+?)本次已停用", self.gold_zh)
            if self.zh and mz:
                out.append(
                    _pick(
                        self.rng,
                        [
                            f"与 {dd} 出院时相比，本次新加{mz.group(1)}，停用了{mz.group(2)}",
                            f"跟上次（{dd}）出院比，新加了{mz.group(1)}，停了{mz.group(2)}",
                        ],
                    )
                )
            elif m and not self.zh:
                out.append(
                    f"vs last discharge ({dd}): new {m.group(1)}; stopped {m.group(2)}"
                    if self.casual
                    else _pick(
                        self.rng,
                        [
                            f"compared with the {dd} discharge, new this time: {m.group(1)}; no longer ordered: {m.group(2)}",
                            f"since the last discharge ({dd}), {m.group(1)} has been started and {m.group(2)} stopped",
                        ],
                    )
                )
        # allergies on file
        if self.f.of("allergy"):
            if self.zh:
                m = re.search(r"病历记录的过敏：(.+?)。", self.gold_zh)
                a = (
                    m.group(1)
                    if m
                    else _zh_join([i["zh"] for i in self.f.of("allergy")])
                )
                out.append(
                    _pick(self.rng, [f"病历记录过敏：{a}", f"记录在案的过敏：{a}"])
                )
            else:
                m = re.search(r"Recorded allergies: (.+?)\. Confirm", self.gold_en)
                a = (
                    m.group(1)
                    if m
                    else "; ".join(i["en"] for i in self.f.of("allergy"))
                )
                out.append(
                    _pick(
                        self.rng,
                        [f"allergies on file: {a}", f"allergic to {a} per the chart"]
                        if self.casual
                        else [
                            f"documented allergies: {a}",
                            f"the chart records the following allergies: {a}",
                        ],
                    )
                )
        for i in self.f.of("adverse"):
            r = i["zh"] if self.zh and i["zh"] else i["en"]
            out.append(
                f"另记录有药物不良反应（{r}），属不耐受而非过敏，本身不构成该药禁忌"
                if self.zh
                else (
                    f"also an ADR on file ({r}) - an intolerance, not an allergy, doesn't rule the drug out"
                    if self.casual
                    else f"also on file is an adverse drug reaction ({r}), an intolerance rather than an allergy, which does not by itself rule the drug out"
                )
            )
        # last dose
        if self.f.of("last_date"):
            d = self.f.of("last_date")[0]["en"]
            t = next((i["en"] for i in self.f.of("last_time")), "")
            if self.zh:
                m = re.search(r"最后一剂(.+?)于", self.gold_zh)
                x = m.group(1) if m else ""
                out.append(
                    _pick(
                        self.rng,
                        [f"{x}最后一次是{d} {t}给的"]
                        if self.casual
                        else [
                            f"最后一剂{x}于{d} {t}给予",
                            f"{x}最近一次给药时间为{d} {t}",
                        ],
                    )
                )
            else:
                m = re.search(r"The last (.+?) dose", self.gold_en)
                x = m.group(1) if m else "drug"
                out.append(
                    _pick(
                        self.rng,
                        [f"last {x} went in {d} at {t}", f"{x} last given {d} {t}"]
                        if self.casual
                        else [
                            f"the most recent {x} dose was administered on {d} at {t}",
                            f"{x} was last given on {d} at {t}",
                        ],
                    )
                )
        # QT drugs and the low electrolyte
        qt = next(iter(self.f.of("qt_drug")), None)
        if qt:
            x = qt["zh"] if self.zh and qt["zh"] else qt["en"]
            if any(d[0] == "qt_combo" for d in self.f.decisions):
                low = ""
                m = re.search(
                    r"with (potassium|magnesium) (\d+(?:\.\d+)?)", self.gold_en
                )
                if m:
                    e, v = m.group(1), m.group(2)
                    low = (
                        f"，且血{'钾' if e == 'potassium' else '镁'}偏低（{v}）"
                        if self.zh
                        else f" with a low {e} of {v}"
                    )
                out.append(
                    f"{x}{low}"
                    if self.zh
                    else _pick(self.rng, [f"{x}{low}", f"the combination is {x}{low}"])
                )
            else:
                out.append(
                    _pick(
                        self.rng,
                        [f"{x}是唯一有QT延长风险的药物", f"只有{x}一个药有QT风险"],
                    )
                    if self.zh
                    else _pick(
                        self.rng,
                        [
                            f"{x} is the only drug on the list with a recognised QT risk",
                            f"{x} is the only QT-prolonging agent",
                        ],
                    )
                )
        return out

    def patient(self) -> list[str]:
        out = []
        quote = _gold_quote(self.gold)
        drug = next(iter(self.f.of("drug_named")), None)
        for i in self.f.of("adherence"):
            x = (
                (drug["zh"] or drug["en"])
                if (drug and self.zh)
                else (drug["en"] if drug else "")
            )
            adh = self.pick(P.ADHERENCE[i["cat"]])
            if self.zh:
                s = f"关于{x}，患者{adh}" if not self.casual else f"{x}：患者{adh}"
                if quote:
                    s += (
                        f"，原话：“{quote}”"
                        if not self.casual
                        else f"，自己说“{quote}”"
                    )
            else:
                s = (
                    f"{x} - pt {adh}"
                    if self.casual
                    else _pick(
                        self.rng,
                        [
                            f"regarding {x}, the patient {adh}",
                            f"as for {x}, the patient {adh}",
                        ],
                    )
                )
                if quote:
                    s += (
                        f'. Says: "{quote}"'
                        if self.casual
                        else f'; in their own words: "{quote}"'
                    )
            out.append(s)
        syms = [i["sym"] for i in self.f.of("symptom")]
        if syms:
            names = [self.pick(P.SYMPTOMS[s]) for s in syms]
            if self.zh:
                s = _pick(
                    self.rng,
                    [f"病人说有{_zh_join(names)}"]
                    if self.casual
                    else [
                        f"患者自诉{_zh_join(names)}",
                        f"问诊时患者诉{_zh_join(names)}",
                    ],
                )
                if quote and (not self.casual or self.rng.random() < 0.5):
                    s += f"（原话：“{quote}”）"
            else:
                s = _pick(
                    self.rng,
                    [f"pt c/o {_en_join(names)}", f"complaining of {_en_join(names)}"]
                    if self.casual
                    else [
                        f"the patient reports {_en_join(names)}",
                        f"on questioning, the patient describes {_en_join(names)}",
                    ],
                )
                if quote and (not self.casual or self.rng.random() < 0.5):
                    s += f' ("{quote}")'
            out.append(s)
        return out

    # -- write turns
    def write(self) -> str | None:
        calls = [c for c in self.case.turn.gold_actions if c.name.endswith(".create")]
        if len(calls) != 1:
            return None
        call = calls[0]
        a = call.arguments
        if call.name == "ServiceRequest.create":
            st = str(a.get("service_type", ""))
            pri = str(a.get("priority", "routine"))
            if pri not in P.PRIORITY:
                return None
            pr = self.pick(P.PRIORITY[pri])
            if st.endswith(" consult"):
                return self._consult(
                    st[: -len(" consult")], pr, pri, str(a.get("note", ""))
                )
            if st.endswith(" follow-up"):
                return self._followup(
                    st[: -len(" follow-up")], pr, str(a.get("target_date", ""))
                )
            if st.endswith(" level"):
                return self._lab_order(
                    st[: -len(" level")], pri, str(a.get("note", ""))
                )
            return None
        if call.name == "Flag.create":
            return self._flag(str(a.get("code", "")), str(a.get("detail", "")))
        return None

    def _consult(self, svc: str, pr: str, pri: str, note: str) -> str:
        reason = re.sub(r"^Please evaluate: ", "", note).rstrip(".")
        art = "an" if pr[:1] in "aeiou" else "a"
        if self.zh:
            crit = next(
                (
                    i.criterion.zh
                    for i in self.case.turn.rubric
                    if i.criterion.zh.startswith("申请") and "会诊" in i.criterion.zh
                ),
                "",
            )
            m = re.match(r"^申请(.+?)会诊", crit)
            s = m.group(1) if m else svc
            mz = re.search(r"[（(](?:会诊事由：)?(.+)[）)]", self.gold_zh)
            rz = mz.group(1).rstrip("。") if mz else reason
            if self.casual:
                return _pick(
                    self.rng,
                    [f"{s}会诊申请好了，{pr}，为{rz}", f"已经申请{s}{pr}会诊，看{rz}"],
                )
            return _pick(
                self.rng,
                [
                    f"已提交{s}{pr}会诊申请，会诊事由：{rz}",
                    f"已申请{s}会诊（{pr}），请其评估：{rz}",
                ],
            )
        if self.casual:
            sc = _pick(self.rng, P.SERVICE_CASUAL.get(svc, [svc]))
            return _pick(
                self.rng,
                [
                    f"{sc} consult in, {pr}, re {reason}",
                    f"put in {art} {pr} {sc} consult for {reason}",
                    f"{sc} consult ordered ({pr}) - {reason}",
                ],
            )
        return _pick(
            self.rng,
            [
                f"{art.capitalize()} {pr} {svc} consultation has been requested; reason given: {reason}",
                f"I have placed {art} {pr} {svc} consult, asking them to evaluate: {reason}",
                f"{_cap(svc)} has been asked to see the patient ({pr} consult) regarding: {reason}",
            ],
        )

    def _followup(self, svc: str, pr: str, date: str) -> str:
        if self.zh:
            crit = next(
                (
                    i.criterion.zh
                    for i in self.case.turn.rubric
                    if i.criterion.zh.startswith("申请") and "随访" in i.criterion.zh
                ),
                "",
            )
            m = re.match(r"^申请(.+?)随访", crit)
            s = m.group(1) if m else svc
            return _pick(
                self.rng,
                [f"{date}的{s}随访开好了，{pr}"]
                if self.casual
                else [f"已申请{date}{s}{pr}随访", f"{s}随访（{pr}）已申请，日期{date}"],
            )
        if self.casual:
            sc = _pick(self.rng, P.SERVICE_CASUAL.get(svc, [svc]))
            return _pick(
                self.rng,
                [
                    f"{sc} f/u requested for {date}, {pr}",
                    f"{pr} {sc} follow-up put in for {date}",
                ],
            )
        return _pick(
            self.rng,
            [
                f"A {pr} {svc} follow-up has been requested for {date}",
                f"I have requested {pr} {svc} follow-up on {date}",
            ],
        )

    def _lab_order(self, lab: str, pri: str, note: str) -> str:
        m = re.search(r"([\d.]+ ?\S*/L)", note)
        v = m.group(1) if m else ""
        dm = re.search(rf"\(({_DATE})\)", self.gold_en)
        d = dm.group(1) if dm else ""
        if self.zh:
            when = (
                "加急，数小时内抽血" if pri == "urgent" else f"常规，随明早化验（{d}）"
            )
            return _pick(
                self.rng,
                [
                    f"血钾复查已开，{when}" + (f"（当前血钾 {v}）" if v else ""),
                    f"已开具血钾复查：{when}",
                ],
            )
        when = (
            "urgently, to be drawn within hours"
            if pri == "urgent"
            else f"routinely, with tomorrow's labs ({d})"
        )
        if self.casual:
            return (
                f"repeat {lab} ordered {'stat-ish, within hours' if pri == 'urgent' else f'with the AM labs ({d})'}"
                + (f" (was {v})" if v else "")
            )
        return _pick(
            self.rng,
            [
                f"a repeat {lab} has been ordered {when}"
                + (f"; the last value was {v}" if v else ""),
                f"I have ordered a {lab} recheck {when}",
            ],
        )

    def _flag(self, code: str, detail: str) -> str:
        if self.zh:
            m = re.search(r"安全警示[：“](.+?)[”。]?$", self.gold_zh) or re.search(
                r"安全警示(.+)$", self.gold_zh
            )
            z = m.group(1).rstrip("。") if m else detail
            return _pick(
                self.rng,
                [f"病历上加了个安全提醒：{z}"]
                if self.casual
                else [f"病历中已加安全警示：{z}", f"已在病历上设置安全提醒（{z}）"],
            )
        if self.casual:
            return _pick(
                self.rng,
                [
                    f"safety flag on the chart: {code} - {detail}",
                    f"flagged the chart ({code}): {detail}",
                ],
            )
        return _pick(
            self.rng,
            [
                f"a safety alert, '{code}', has been placed on the chart: {detail}",
                f"the chart now carries a safety flag ({code}): {detail}",
            ],
        )

    # -- assembly
    def render(self) -> str | None:
        if _is_write_turn(self.case):
            if any(i["kind"] not in ("write",) for i in self.f.items):
                return None
            text = self.write()
            if text is None:
                return None
            return self._finish([text])
        groups = [
            ("names", self.names() + self.course()),
            ("labs", self.labs() + self.doses()),
            ("score", self.scores()),
            ("patient", self.patient()),
            ("decision", self.decisions()),
            ("advice", self.advice()),
        ]
        groups = [(g, s) for g, s in groups if s]
        if not groups:
            return None
        order = [g for g, _ in groups]
        if "decision" in order and self.rng.random() < 0.5:
            order.remove("decision")
            order.insert(0, "decision")
        elif not self.casual and len(order) > 2 and self.rng.random() < 0.3:
            head = order[:-1]
            self.rng.shuffle(head)
            order = head + order[-1:]
        by = dict(groups)
        segments = [s for g in order for s in by[g]]
        return self._finish(segments)

    def _finish(self, segments: list[str]) -> str:
        if self.zh:
            seps = ["，", "；", "。"] if self.casual else ["。", "；", "。"]
            out = segments[0]
            for s in segments[1:]:
                out = _glue(out, _pick(self.rng, seps), s)
            return out if self.casual and self.rng.random() < 0.5 else _end(out, "。")
        if self.casual:
            out = segments[0]
            for s in segments[1:]:
                sep = _pick(self.rng, [", ", "; ", ". ", " - "])
                out = _glue(out, sep, _cap(s) if sep == ". " else s)
            out = _cap(out) if self.rng.random() < 0.6 else out
            return out if self.rng.random() < 0.5 else _end(out, ".")
        sentences, cur = [], _cap(segments[0])
        for s in segments[1:]:
            if self.rng.random() < 0.3:
                cur += "; " + s
            else:
                sentences.append(cur)
                cur = _cap(s)
        sentences.append(cur)
        out = sentences[0]
        for x in sentences[1:]:
            out = _glue(out, ". ", x)
        return _end(out, ".")


def rewrite(case: Case, casual: bool, rng: np.random.Generator) -> str | None:
    """A right answer to the case in other words (``None`` when its facts are not all
    rendered by this set)."""
    facts = facts_of(case)
    if not facts.supported:
        return None
    return _Writer(case, facts, casual, rng).render()


# ---------------------------------------------------------------- decisions in the gold text
#: decision kind -> (EN, ZH) patterns of the gold's words that carry it (clause level)
_DECISION_WORDS: dict[str, tuple[str, str]] = {
    "continue": (r"\b[Cc]ontinu|safe to continue|can be continued", r"继续"),
    "hold": (r"\b[Hh]old\b|withhold|\bpaus", r"暂停|停用"),
    "hold_for_bleeding": (r"\b[Hh]old\b|withhold|\bpaus", r"暂停|停用"),
    "intensify": (r"intensif|increase the scheduled", r"加量|增加基础"),
    "hold_or_reduce": (
        r"hold the next insulin|lower the regimen|\breduc|[Rr]eview the scheduled",
        r"暂停下一剂|下调|减少|复核",
    ),
    "reduce_insulin": (
        r"hold the next insulin|lower the regimen|\breduc|lowering",
        r"暂停下一剂|下调|减少|复核",
    ),
    "reassess_insulin": (r"reassess|[Rr]eview the scheduled", r"重新评估|复核"),
    "broaden": (
        r"[Rr]eassess and change|broaden|change the antibiotic",
        r"重新评估|更换抗生素",
    ),
    "stop": (r"\b[Ss]top", r"停用"),
    "anticoagulate": (
        r"anticoagulation is recommended|[Ss]tart anticoag",
        r"建议启动抗凝|启动抗凝",
    ),
    "no_anticoag": (r"not routinely indicated", r"无需常规抗凝|一般无需"),
    "defer_anticoag": (r"do not start it now|reassess once", r"暂缓抗凝|再评估"),
    "no_transfusion": (r"No transfusion|transfusion is", r"无需输血"),
    "no_k_replacement": (r"No replacement", r"无需补钾"),
    "replace_k": (r"replace it|Give potassium chloride", r"需要补钾|氯化钾"),
    "replace_mg": (
        r"magnesium sulfate|[Rr]eplace the (?:low )?magnesium",
        r"补镁|硫酸镁",
    ),
    "no_aki": (r"No AKI", r"无急性肾损伤"),
    "aki_stage": (r"KDIGO stage \d AKI", r"KDIGO ?\d期急性肾损伤"),
    "responding": (r"\bresponding|partial response|improving", r"有效|好转"),
    "improving_partial": (r"\bresponding|partial response|improving", r"有效|好转"),
    "not_responding": (r"not responding|\bresponding", r"疗效不佳|有效"),
    "qt_combo": (
        r"QT risk combination|QT-prolonging combination",
        r"QT ?延长风险的联用",
    ),
    "no_qt_combo": (
        r"QT-prolonging combination|No change is needed for QT",
        r"没有联用|无需因 ?QT",
    ),
    "no_allergy_recorded": (r"No allergy is recorded", r"未记录过敏"),
    "clearing": (r"\bclearing", r"在下降"),
    "not_clearing": (r"not clearing", r"未下降|没有下降"),
    "no_hypo": (r"no hypoglycemia", r"无低血糖"),
    "hypo": (r"episodes? of hypoglycemia", r"次低血糖"),
    "bleed_moderate": (r"bleeding risk", r"出血风险"),
    "bleed_low": (r"bleeding risk", r"出血风险"),
    "bleed_high": (r"bleeding risk", r"出血风险"),
    "inr_supra": (
        r"supratherapeutic|above the target",
        r"超出目标范围|高于华法林目标|抗凝过度",
    ),
    "inr_therapeutic": (r"\btherapeutic|within the target", r"达标|目标范围内"),
    "inr_sub": (r"subtherapeutic|below the target", r"低于华法林目标|抗凝不足"),
}


def _clauses(text: str, zh: bool) -> list[str]:
    """``text`` cut after each clause mark outside brackets (marks stay on their clause)."""
    marks = "。；：，.;:," if zh else ".;:,"
    out, cur, depth = [], "", 0
    for i, ch in enumerate(text):
        cur += ch
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth = max(0, depth - 1)
        elif ch in marks and depth == 0:
            nxt = text[i + 1 : i + 2]
            if ch in ".,:;" and nxt and not nxt.isspace():
                continue  # 2.5, 1,000, 14:30, "SP.)" are not clause ends
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


def _strip_decisions(case: Case, kinds: list[str]) -> str | None:
    """The gold answer without the clauses that carry its decisions (``None`` when none
    is found); a dropped sentence end moves to the clause before it."""
    zh = case.language == "zh"
    pats = [_DECISION_WORDS[k][1 if zh else 0] for k in kinds if k in _DECISION_WORDS]
    if not pats:
        return None
    pat = re.compile("|".join(f"(?:{p})" for p in pats))
    clauses = _clauses(case.answer, zh)
    kept: list[str] = []
    dropped = False
    for c in clauses:
        if pat.search(c):
            dropped = True
            if kept and c.rstrip().endswith((".", "。")):
                kept[-1] = re.sub(r"[,;:，；：]\s*$", "。" if zh else ". ", kept[-1])
            continue
        kept.append(c)
    if not dropped:
        return None
    text = re.sub(r"  +", " ", "".join(kept)).strip()
    text = re.sub(r"[,;:，；：]\s*$", "", text)
    if not zh:
        text = re.sub(r"(^|[.:]\s+)(?:and|but|so)\s+", r"\1", text)
        text = re.sub(
            r"(^|\.\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text
        )
    return _end(text, "。" if zh else ".") if text else ""


def _decisions(case: Case) -> list[tuple[str, str, str, str]]:
    return [d for d in facts_of(case).decisions if d[0] in P.REVERSED]


def _target(case: Case, dec: tuple[str, str, str, str]) -> str:
    kind, x_en, x_zh, _ = dec
    zh = case.language == "zh"
    if x_en:
        return (x_zh or x_en) if zh else x_en
    m = re.search(r"After \d+ doses of (\S+?),", case.turn.gold_answer.en)
    mz = re.search(r"已给予(\S+?) ?\d+ ?剂", case.turn.gold_answer.zh)
    if zh:
        return mz.group(1) if mz else "抗生素"
    return m.group(1) if m else "the antibiotic"


# ---------------------------------------------------------------- generators: wrong
def gen_harmful_addition(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Gold plus one order that would harm this patient, chosen from what the record shows."""
    r = _rng(case, "a_harmful_addition")
    zh = case.language == "zh"
    obs = _observations(case)
    text = "\n".join(obs)
    low = text.lower()
    rows = _rows(obs)
    kinds = {d[0] for d in facts_of(case).decisions}
    options: list[tuple[str, str]] = []  # (harm kind, filled sentence)

    def add(kind: str, x_en: str = "", x_zh: str = "") -> None:
        en, zh_list = P.HARMS[kind]
        options.append(
            (kind, _pick(r, zh_list if zh else en).format(X=x_zh if zh else x_en))
        )

    active = re.findall(r"^- .*?\| (.+?) \| active", text, re.M)
    active_low = " ".join(active).lower()
    if "warfarin" in active_low:
        add("warfarin_double")
    running = [a for a in P.ANTICOAGULANTS if a in active_low]
    if running:
        a = running[0]
        add("second_anticoag", a, P.ANTICOAGULANTS[a])
    if "no_transfusion" in kinds:
        add("transfuse")
    creat = _series(rows, "creatinine")
    if (creat and creat[0].flag == "H") or "aki_stage" in kinds:
        add("nephrotoxin")
    glucose = _series(rows, "glucose")
    if "insulin" not in low and glucose and not any(g.flag == "H" for g in glucose):
        add("insulin_start")
    if (
        "hypo" in kinds
        or "reduce_insulin" in kinds
        or any(i.get("dir") == "glu_hypo" for i in facts_of(case).of("flag"))
    ):
        add("insulin_up_after_hypo")
    potassium = _series(rows, "potassium")
    if potassium and potassium[0].flag == "H":
        add("k_in_hyperkalemia")
    if (
        case.turn.topic in ("discharge_meds", "discharge_changes")
        or "discharge" in case.turn.request.en.lower()
    ):
        add("discharge_iv")
    for line in re.findall(
        r"^- .*?\| (.+?) \| \w+$",
        "\n".join(o for o in obs if o.startswith("AllergyIntolerance")),
        re.M,
    ):
        name = line.lower()
        if name.startswith("adverse effect") or "causing adverse" in name:
            continue
        for key, (en, zh_list) in P.ALLERGEN_DRUGS.items():
            if key in name or (key == "sulfa" and "sulfon" in name):
                options.append(("allergen", _pick(r, zh_list if zh else en)))
                break
    if not options or r.random() < 0.15:
        add("kcl_push")
    _, harm = _pick(r, options)
    return Variant("a_harmful_addition", _join_extra(case.answer, harm, zh))


def _join_extra(gold: str, extra: str, zh: bool) -> str:
    gold = gold.rstrip()
    if zh:
        return gold + extra
    return _end(gold, ".") + " " + extra


def gen_fabricated_addition(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Gold plus a fact the record does not hold (an allergy, a history, a lab, a drug)."""
    r = _rng(case, "a_fabricated_addition")
    zh = case.language == "zh"
    seen = (
        "\n".join([*_observations(case), *case.turn.gold_observations])
        + case.turn.gold_answer.en
    ).lower()

    def absent(keys: list[str]) -> bool:
        return not any(k in seen for k in keys)

    options: list[str] = []
    allergies = [a for a in P.FAB_ALLERGIES if absent(a[2])]
    if allergies:
        a_en, a_zh, _ = _pick(r, allergies)
        re_en, re_zh = _pick(r, P.FAB_REACTIONS)
        s = _pick(r, P.FAB_ALLERGY_ZH if zh else P.FAB_ALLERGY_EN).format(
            A=a_zh if zh else a_en, R=re_zh if zh else re_en
        )
        options += [s, s] if "no allergy" in case.turn.gold_answer.en.lower() else [s]
    history = [h for h in P.FAB_HISTORY if absent(h[2])]
    if history:
        h_en, h_zh, _ = _pick(r, history)
        options.append(
            _pick(r, P.FAB_HISTORY_ZH if zh else P.FAB_HISTORY_EN).format(
                D=h_zh if zh else h_en
            )
        )
    labs = [lab for lab in P.FAB_LABS if absent(lab[3])]
    if labs:
        l_en, l_zh, v, _ = _pick(r, labs)
        options.append(
            _pick(r, P.FAB_LAB_ZH if zh else P.FAB_LAB_EN).format(
                L=l_zh if zh else l_en, V=v
            )
        )
    drugs = [d for d in P.FAB_DRUGS if absent([d[0]])]
    if drugs:
        d_en, d_zh, s_en, s_zh = _pick(r, drugs)
        options.append(
            _pick(r, P.FAB_DRUG_ZH if zh else P.FAB_DRUG_EN).format(
                D=d_zh if zh else d_en, S=s_zh if zh else s_en
            )
        )
    if not options:
        return None
    sentence = _pick(r, options)
    if not zh:
        sentence = _cap(sentence)
    return Variant("a_fabricated_addition", _join_extra(case.answer, sentence, zh))


def gen_reversed_in_words(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Decision turns: the gold's other content with its decision reversed in indirect words."""
    decs = _decisions(case)
    if not decs:
        return None
    rest = _strip_decisions(case, [d[0] for d in decs])
    if rest is None:
        return None
    r = _rng(case, "a_reversed_in_words")
    zh = case.language == "zh"
    said = [
        _pick(r, P.REVERSED[d[0]][1 if zh else 0]).format(X=_target(case, d))
        for d in decs
    ]
    text = (
        rest + ("" if zh else " ") + ("" if zh else " ").join(said)
        if rest
        else ("" if zh else " ").join(said)
    )
    return Variant("a_reversed_in_words", text.strip())


def gen_handed_back(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Decision turns: the gold's other content, the decision turned back to the physician."""
    decs = _decisions(case)
    if not decs:
        return None
    rest = _strip_decisions(case, [d[0] for d in decs])
    if rest is None:
        return None
    r = _rng(case, "a_handed_back")
    zh = case.language == "zh"
    d = decs[0]
    q, t, tz = P.DEFERRAL_TOPIC[d[0]]
    x = _target(case, d)
    if zh:
        said = _pick(r, P.DEFERRAL_ZH).format(T=tz.format(X=x))
        return Variant("a_handed_back", rest + said)
    said = _pick(r, P.DEFERRAL_EN).format(Q=q.format(X=x), T=t.format(X=x))
    return Variant("a_handed_back", (rest + " " + said).strip())


def _obfuscate(text: str, r: np.random.Generator) -> str:
    """The text as a reader sees it, with zero-width characters inside words or Latin
    letters swapped for Cyrillic/Greek look-alikes."""
    out = []
    use_lookalike = r.random() < 0.5
    for ch_i, ch in enumerate(text):
        if _CJK.match(ch):
            out.append(ch + (_pick(r, P.ZERO_WIDTH) if r.random() < 0.7 else ""))
        elif ch.isalpha() and use_lookalike and ch in P.LOOKALIKE and r.random() < 0.6:
            out.append(P.LOOKALIKE[ch])
        elif (
            ch.isalpha()
            and not use_lookalike
            and ch_i + 1 < len(text)
            and text[ch_i + 1].isalpha()
            and r.random() < 0.4
        ):
            out.append(ch + _pick(r, P.ZERO_WIDTH))
        else:
            out.append(ch)
    return "".join(out)


def gen_hidden_gold(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold hidden from a reader behind a non-answer, or (decision turns) the opposite
    decision spelled with invisible characters or look-alike letters."""
    r = _rng(case, "a_hidden_gold")
    zh = case.language == "zh"
    decs = [d for d in _decisions(case) if d[0] in P.OPPOSITE]
    wrapped = _pick(r, P.HIDDEN_WRAPPERS).format(G=case.answer)
    if decs and r.random() < 0.5:
        rest = _strip_decisions(case, [d[0] for d in decs])
        if rest is not None:
            opposite = " ".join(
                P.OPPOSITE[d[0]][1 if zh else 0].format(X=_target(case, d))
                for d in decs
            )
            shown = _obfuscate(opposite, r)
            text = (rest + ("" if zh else " ") + shown).strip()
            if r.random() < 0.5:
                text = wrapped + "\n" + text
            return Variant("a_hidden_gold", text)
    non_answer = _pick(r, P.NON_ANSWERS[1 if zh else 0])
    text = (
        wrapped + "\n" + non_answer if r.random() < 0.6 else non_answer + "\n" + wrapped
    )
    return Variant("a_hidden_gold", text)


def gen_other_language(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """An EN session answered in Chinese (the ZH gold) and a ZH session in English."""
    other = (
        case.turn.gold_answer.en if case.language == "zh" else case.turn.gold_answer.zh
    )
    return Variant("a_other_language", other)


def _filler(r: np.random.Generator, zh: bool) -> str:
    sentences, size = [], 0
    target = 3500 if zh else 2000
    while size < target:
        if zh:
            s = (
                _pick(r, P.FILLER_ZH_OPEN)
                + _pick(r, P.FILLER_ZH_BODY)
                + _pick(r, P.FILLER_ZH_CLOSE)
            )
            size += len(s)
        else:
            s = (
                _pick(r, P.FILLER_EN_OPEN)
                + " "
                + _pick(r, P.FILLER_EN_BODY)
                + _pick(r, P.FILLER_EN_CLOSE)
            )
            size += len(s.split())
        sentences.append(s)
    paragraphs, step = [], 6
    for i in range(0, len(sentences), step):
        paragraphs.append(("" if zh else " ").join(sentences[i : i + step]))
    return "\n\n".join(paragraphs)


def gen_filler(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Gold drowned in ~2,000 words of non-committal prose, or with every observation so
    far pasted after it."""
    r = _rng(case, "a_filler")
    zh = case.language == "zh"
    obs = _observations(case)
    if obs and r.random() < 0.4:
        return Variant("a_filler", case.answer + "\n\n" + "\n\n".join(obs))
    pad = _filler(r, zh)
    text = (
        case.answer + "\n\n" + pad if r.random() < 0.5 else pad + "\n\n" + case.answer
    )
    return Variant("a_filler", text)


def gen_extractor(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Decision turns: the lab values as the chart shows them (its own H/L marks), first vs
    last arithmetic, and no decision or recommendation."""
    if not _decisions(case):
        return None
    zh = case.language == "zh"
    rows = _rows(_reads(case))
    if not rows:
        keys = {
            i["an"]
            for i in facts_of(case).items
            if i["kind"] in ("value", "flag", "trend")
        }
        prior = _rows(case.prior)
        rows = [x for k in keys for x in _series(prior, k)]
    if not rows:
        return None
    names: list[str] = []
    for x in rows:
        if x.name not in names:
            names.append(x.name)
    lines = []
    for name in names:
        series = []
        for x in rows:
            if x.name == name and (x.date, x.value) not in {
                (s.date, s.value) for s in series
            }:
                series.append(x)
        last, first = series[0], series[-1]
        mark = f" ({last.flag})" if last.flag else ""
        u = f" {last.unit}" if last.unit else ""
        if zh:
            line = f"{name}：{last.value}{u}{mark.replace(' (', '（').replace(')', '）')}（{last.date}）"
        else:
            line = f"{name}: {last.value}{u}{mark} ({last.date})"
        if len(series) > 1:
            diff = float(last.value) - float(first.value)
            dec = max(
                len(last.value.split(".")[1]) if "." in last.value else 0,
                len(first.value.split(".")[1]) if "." in first.value else 0,
            )
            d = f"{diff:+.{dec}f}"
            line += (
                f"；首次 {first.value}（{first.date}），变化 {d}，共 {len(series)} 次结果"
                if zh
                else f"; first {first.value} ({first.date}), change {d} over {len(series)} results"
            )
        lines.append(line + ("。" if zh else "."))
    return Variant("a_extractor", "\n".join(lines))


def gen_flag_denied(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Gold plus a denial that an abnormal (or moving) value is abnormal (or moving)."""
    r = _rng(case, "a_flag_denied")
    zh = case.language == "zh"
    f = facts_of(case)
    targets: list[tuple[str, str]] = []
    for i in f.of("flag"):
        d = {
            "high": "high",
            "glu_above": "high",
            "inr_supra": "high",
            "low": "low",
            "glu_hypo": "low",
            "inr_sub": "low",
        }.get(i["dir"])
        if d:
            targets.append((i["an"], d))
    for i in f.of("trend"):
        if i["dir"] in ("rising", "falling"):
            targets.append((i["an"], i["dir"]))
    if not targets:
        return None
    an, d = _pick(r, targets)
    name = _pick(r, P.ANALYTES[an][2 if zh else 0])
    said = _pick(r, P.DENY[d][1 if zh else 0]).format(A=name)
    if not zh and said.startswith("The ") and name[:1].isupper() and name.isupper():
        said = said.replace("The ", "", 1)
    return Variant("a_flag_denied", _join_extra(case.answer, _cap(said), zh))


def _fmt_like(value: float, like: str) -> str:
    dec = len(like.split(".")[1]) if "." in like else 0
    return f"{value:.{dec}f}"


def gen_relabelled_latest(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The latest value relabelled: another number called the current one."""
    r = _rng(case, "a_relabelled_latest")
    zh = case.language == "zh"
    latest = [i for i in facts_of(case).of("value") if i["qual"] == "latest"]
    if not latest:
        return None
    item = latest[0]
    v = item["v"]
    series = _series(_rows(_observations(case)), item["an"])
    earlier = [x.value for x in series[1:] if abs(float(x.value) - float(v)) > 1e-9]
    y = earlier[-1] if earlier else _fmt_like(float(v) * _pick(r, [1.4, 1.6, 0.6]), v)
    if abs(float(y) - float(v)) < 1e-9:
        return None
    unit = _unit(item["unit"], zh)
    gold = case.answer
    num = re.compile(rf"(?<![\d.\-]){re.escape(v)}(?![\d]|-\d)")
    m = num.search(gold)
    if m and r.random() < 0.5:
        end = m.end()
        after = gold[end:]
        if unit and after.lstrip().startswith(unit):
            end += len(after) - len(after.lstrip()) + len(unit)
        inline = _pick(r, P.RELABEL_INLINE[1 if zh else 0]).format(
            V=_with_unit(v, item["unit"], zh)
        )
        text = gold[: m.start()] + y + gold[m.end() : end] + inline + gold[end:]
    else:
        name = _pick(r, P.ANALYTES[item["an"]][2 if zh else 0])
        said = _pick(r, P.RELABEL_CORRECTION[1 if zh else 0]).format(
            A=name, Y=_with_unit(y, item["unit"], zh)
        )
        text = _join_extra(gold, said, zh)
    return Variant("a_relabelled_latest", text)


_PROTECT = re.compile(
    r"\d{4}-\d\d-\d\d(?: \d\d:\d\d)?|\b\d\d:\d\d\b|\((?:ICD-\d+ )?[A-Z]?\d{2,5}[A-Z0-9.]*\)|（[A-Z]?\d{2,5}[A-Z0-9.]*）"
)
_NUMBER = re.compile(r"(?<![\w./\-])(\d+(?:\.\d+)?)(?!\d|\.\d|-\d)")


def _change_numbers(text: str, r: np.random.Generator) -> str:
    protected = [m.span() for m in _PROTECT.finditer(text)]

    def inside(pos: int) -> bool:
        return any(a <= pos < b for a, b in protected)

    out, last = [], 0
    for m in _NUMBER.finditer(text):
        if inside(m.start()):
            continue
        s = m.group(1)
        v = float(s)
        if v == 0:
            continue
        dec = len(s.split(".")[1]) if "." in s else 0
        factor = 1 + (1 if r.random() < 0.5 else -1) * r.uniform(0.3, 0.5)
        new = round(v * factor, dec)
        if dec == 0:
            new = int(new)
            if new == int(v) or new <= 0:
                new = int(v) + max(1, round(v * 0.4))
        text_new = f"{new:.{dec}f}" if dec else str(new)
        if text_new == s:
            continue
        out.append(text[last : m.start()] + text_new)
        last = m.end()
    out.append(text[last:])
    return "".join(out)


def gen_numbers_changed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every clinical number of the gold changed by 30-50% (dates, times and codes kept)."""
    if not any(isinstance(c, ValueCheck) for c in case.checks):
        return None
    text = _change_numbers(case.answer, _rng(case, "a_numbers_changed"))
    return None if text == case.answer else Variant("a_numbers_changed", text)


_FLIP_EN = [
    (r"\bnot elevated\b", "elevated"),
    (r"\belevated\b", "not elevated"),
    (r"\babove the reference range\b", "below the reference range"),
    (r"\bbelow the reference range\b", "above the reference range"),
    (r"\babove the target range\b", "below the target range"),
    (r"\bwithin the target range\b", "above the target range"),
    (r"\bnot high for an inpatient\b", "high for an inpatient"),
    (r"\bsupratherapeutic\b", "subtherapeutic"),
    (r"\bsubtherapeutic\b", "supratherapeutic"),
    (r"\bback in the normal range\b", "still above the normal range"),
    (r"\bhigh\b", "low"),
    (r"\blow\b", "high"),
    (r"\bnormal\b", "{N}"),
]
_FLIP_ZH = [
    (r"偏低", "偏高"),
    (r"偏高", "偏低"),
    (r"高于参考范围", "低于参考范围"),
    (r"低于参考范围", "高于参考范围"),
    (r"在住院患者胰岛素治疗的目标范围内", "高于住院患者胰岛素治疗的目标范围"),
    (r"高于目标范围", "低于目标范围"),
    (r"不算高", "偏高"),
    (r"抗凝过度", "抗凝不足"),
    (r"抗凝不足", "抗凝过度"),
    (r"高于华法林目标范围", "低于华法林目标范围"),
    (r"低于华法林目标范围", "高于华法林目标范围"),
    (r"已恢复正常", "仍高于正常"),
    (r"正常", "{N}"),
]


def _flip(
    text: str,
    table: list[tuple[str, str]],
    r: np.random.Generator,
    normal_to: tuple[str, str],
) -> str:
    """Apply the first matching flip at each position (a single left-to-right pass)."""
    pat = re.compile("|".join(f"({p})" for p, _ in table))

    def sub(m: re.Match[str]) -> str:
        idx = m.lastindex - 1 if m.lastindex else 0
        rep = table[idx][1]
        return rep.replace("{N}", _pick(r, normal_to))

    return pat.sub(sub, text)


def gen_flag_flipped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold with its flag words flipped (high <-> low, normal -> high or low)."""
    if not any(isinstance(c, FlagCheck) for c in case.checks):
        return None
    r = _rng(case, "a_flag_flipped")
    if case.language == "zh":
        text = _flip(case.answer, _FLIP_ZH, r, ("偏高", "偏低"))
    else:
        text = _flip(case.answer, _FLIP_EN, r, ("high", "low"))
    return None if text == case.answer else Variant("a_flag_flipped", text)


def _against_numbers(
    text: str, zh: bool, r: np.random.Generator
) -> tuple[str, list[str]]:
    """Replace each "stable" that follows a from/to pair by the direction the numbers do
    *not* take (a placeholder each, so the later flip leaves it alone)."""
    if zh:
        pat = re.compile(
            r"(从 ?(\d+(?:\.\d+)?) ?变为 ?(\d+(?:\.\d+)?)[^（）]*?（)平稳(）)"
        )
        up, down = "上升", "下降"
    else:
        pat = re.compile(
            r"(from (\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)[^()]*?\()stable(\))"
        )
        up, down = "rising", "falling"
    words: list[str] = []

    def sub(m: re.Match[str]) -> str:
        a, b = float(m.group(2)), float(m.group(3))
        word = down if b > a else up if b < a else _pick(r, [up, down])
        words.append(word)
        return f"{m.group(1)}\x00{len(words) - 1}\x00{m.group(4)}"

    return pat.sub(sub, text), words


def gen_trend_flipped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold with its trend words flipped (rising <-> falling; stable -> the direction
    its own numbers do not take)."""
    if not any(isinstance(c, TrendCheck) for c in case.checks):
        return None
    r = _rng(case, "a_trend_flipped")
    zh = case.language == "zh"
    text, words = _against_numbers(case.answer, zh, r)
    if zh:
        table = [(r"上升", "下降"), (r"下降", "上升"), (r"平稳", "{N}")]
        text = _flip(text, table, r, ("上升", "下降"))
    else:
        table = [
            (r"\brising\b", "falling"),
            (r"\bfalling\b", "rising"),
            (r"\bstable\b", "{N}"),
        ]
        text = _flip(text, table, r, ("rising", "falling"))
    text = re.sub("\x00(\\d+)\x00", lambda m: words[int(m.group(1))], text)
    return None if text == case.answer else Variant("a_trend_flipped", text)


def _signature(case: Case) -> tuple[Any, ...]:
    out: list[Any] = []
    for item in case.turn.rubric:
        c = item.check
        if isinstance(c, ValueCheck):
            out.append(("v", round(c.value, 3), c.unit))
        elif isinstance(c, (FlagCheck, TrendCheck)):
            out.append((c.kind, c.direction))
        elif isinstance(c, (MentionCheck, RecommendCheck, PatientFactCheck)):
            out.append(("m", item.criterion.en))
    return tuple(sorted(map(str, out)))


def gen_other_patient(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Another patient's gold answer to the same topic, when its facts differ."""
    mine = _signature(case)
    candidates = [
        c
        for c in pools.by_topic.get((case.turn.topic, case.language), [])
        if c.session.patient_id != case.session.patient_id
        and c.answer.strip() != case.answer.strip()
        and _signature(c) != mine
    ]
    if not candidates:
        return None
    other = _pick(_rng(case, "a_other_patient"), candidates)
    return Variant("a_other_patient", other.answer)


def gen_wrong_analyte(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's values attributed to other analytes (names replaced, numbers kept)."""
    r = _rng(case, "a_wrong_analyte")
    zh = case.language == "zh"
    f = facts_of(case)
    units: dict[str, str] = {}
    for i in f.items:
        if i["kind"] == "value":
            units.setdefault(i["an"], i["unit"])
        elif i["kind"] in ("flag", "trend"):
            units.setdefault(i["an"], "")
    if not units:
        return None
    taken = {n.lower() for k in units for table in P.ANALYTES[k] for n in table} | set(
        units
    )
    text = case.answer
    changed = False
    used: set[str] = set()
    for an, unit in units.items():
        group = P.SAME_UNIT.get(unit)
        if group is None:
            continue
        names = P.ANALYTES[an][2] if zh else [an, *P.ANALYTES[an][0]]
        found = next(
            (
                n
                for n in names
                if (n in text if zh else re.search(rf"\b{re.escape(n)}\b", text, re.I))
            ),
            None,
        )
        if not found:
            continue
        choices = [
            g
            for g in group
            if g[0].lower() not in taken
            and g[1].lower() not in taken
            and g[0] not in used
        ]
        if not choices:
            continue
        g_en, g_zh = _pick(r, choices)
        used.add(g_en)
        if zh:
            text = text.replace(found, g_zh)
        else:

            def repl(m: re.Match[str], new: str = g_en) -> str:
                return (
                    _cap(new)
                    if m.group(0)[:1].isupper() and not new[:1].isupper()
                    else new
                )

            text = re.sub(rf"\b{re.escape(found)}\b", repl, text, flags=re.I)
        changed = True
    return Variant("a_wrong_analyte", text) if changed and text != case.answer else None


def gen_pasted_output(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The raw tool output the turn read, as the answer."""
    reads = _reads(case)
    return Variant("a_pasted_output", "\n\n".join(reads)) if reads else None


# ---------------------------------------------------------------- generators: correct
def gen_casual(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold's facts in a clinician's casual, terse register (EN and ZH)."""
    text = rewrite(case, True, _rng(case, "a_casual"))
    return Variant("a_casual", text) if text else None


def gen_paraphrase(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's facts in formal clinical register, own synonyms, order changed."""
    text = rewrite(case, False, _rng(case, "a_paraphrase"))
    return Variant("a_paraphrase", text) if text else None


def _additions(case: Case, r: np.random.Generator) -> list[str]:
    zh = case.language == "zh"
    li = 1 if zh else 0
    out: list[str] = []
    f = facts_of(case)
    reads = _reads(case)
    rows = _rows(reads)
    keys = [i["an"] for i in f.items if i["kind"] in ("value", "flag", "trend")]
    if _is_write_turn(case):
        out.append(_pick(r, P.PLAN_WRITE[li]))
        return out
    if keys:
        series = _series(rows, keys[0])
        name = _pick(r, P.ANALYTES[keys[0]][2 if zh else 0])
        quals = [i["qual"] for i in f.of("value") if i["an"] == keys[0]]
        about_latest = not quals or "latest" in quals
        if len(series) > 1 and about_latest:
            prev = series[1]
            v = _with_unit(prev.value, prev.unit, zh)
            out.append(_pick(r, P.PREVIOUS_VALUE[li]).format(A=name, V=v, D=prev.date))
        elif series and not about_latest:
            last = series[0]
            v = _with_unit(last.value, last.unit, zh)
            out.append(_pick(r, P.LATEST_VALUE[li]).format(A=name, V=v, D=last.date))
        out.append(_pick(r, P.PLAN_LAB[li]).format(A=name))
        return out
    topic = case.turn.topic
    if topic == "last_dose":
        admin = [
            re.match(r"^- .*? \| (.+?) \| completed", line)
            for o in reads
            for line in o.splitlines()
        ]
        admin = [m.group(1) for m in admin if m]
        if admin:
            out.append(_pick(r, P.LAST_DOSE_DETAIL[li]).format(R=admin[0]))
    if topic in ("diagnoses", "patient_symptoms"):
        m = next(
            (
                re.match(r"^Condition: (\d+) result", o)
                for o in reads
                if o.startswith("Condition:")
            ),
            None,
        )
        if m:
            out.append(_pick(r, P.CONDITION_COUNT[li]).format(N=m.group(1)))
    if any(d[0] == "no_allergy_recorded" for d in f.decisions) or f.of("allergy"):
        out.append(_pick(r, P.PLAN_ALLERGY[li]))
    elif topic in (
        "med_current",
        "patient_adherence",
        "discharge_meds",
        "admission_reconciliation",
        "discharge_changes",
        "last_dose",
    ):
        out.append(_pick(r, P.PLAN_MED[li]))
    if not out:
        out.append(_pick(r, P.PLAN_GENERIC[li]))
    return out


def gen_better_than_gold(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Gold plus true, relevant additions: an observed fact and a consistent plan."""
    r = _rng(case, "a_better_than_gold")
    zh = case.language == "zh"
    text = case.answer
    for extra in _additions(case, r):
        text = _join_extra(text, extra, zh)
    return Variant("a_better_than_gold", text)


# ---------------------------------------------------------------- the registry
SET_A: dict[str, tuple[str, str, Gen]] = {
    "a_harmful_addition": (
        "wrong",
        "gold + one order harmful for this patient",
        gen_harmful_addition,
    ),
    "a_fabricated_addition": (
        "wrong",
        "gold + an allergy, history, lab or drug the record lacks",
        gen_fabricated_addition,
    ),
    "a_reversed_in_words": (
        "wrong",
        "decision reversed in indirect words, the rest of the gold kept",
        gen_reversed_in_words,
    ),
    "a_flag_denied": (
        "wrong",
        "gold + 'X is not high / not rising / looks fine' for an abnormal X",
        gen_flag_denied,
    ),
    "a_relabelled_latest": (
        "wrong",
        "another number called the current value",
        gen_relabelled_latest,
    ),
    "a_handed_back": (
        "wrong",
        "decision turned into a question or deferral",
        gen_handed_back,
    ),
    "a_hidden_gold": (
        "wrong",
        "gold in invisible markup behind a non-answer, or the opposite decision in look-alike letters",
        gen_hidden_gold,
    ),
    "a_other_language": (
        "wrong",
        "answered in the other language (the other language's gold)",
        gen_other_language,
    ),
    "a_filler": (
        "wrong",
        "gold + ~2,000 words of filler, or + every observation pasted",
        gen_filler,
    ),
    "a_extractor": (
        "wrong",
        "decision turns: chart values, H/L marks and first-vs-last arithmetic, no decision",
        gen_extractor,
    ),
    "a_numbers_changed": (
        "wrong",
        "every clinical number changed by 30-50%",
        gen_numbers_changed,
    ),
    "a_flag_flipped": ("wrong", "flag words flipped", gen_flag_flipped),
    "a_trend_flipped": ("wrong", "trend words flipped", gen_trend_flipped),
    "a_other_patient": (
        "wrong",
        "another patient's gold for the same topic (facts differ)",
        gen_other_patient,
    ),
    "a_wrong_analyte": (
        "wrong",
        "values attributed to another analyte",
        gen_wrong_analyte,
    ),
    "a_pasted_output": (
        "wrong",
        "the raw tool output the turn read",
        gen_pasted_output,
    ),
    "a_casual": (
        "correct",
        "the same facts in a clinician's casual, terse register",
        gen_casual,
    ),
    "a_paraphrase": (
        "correct",
        "the same facts in formal register, own synonyms, order changed",
        gen_paraphrase,
    ),
    "a_better_than_gold": (
        "correct",
        "gold + a true observed fact and a consistent plan",
        gen_better_than_gold,
    ),
}
