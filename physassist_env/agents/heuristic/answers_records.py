"""Answers that combine several records: MELD-Na and HAS-BLED, and medication
reconciliation against the previous admission's discharge list (:data:`RECORD_ANSWERS`,
merged into :data:`.answers.ANSWERS`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.phrases import _names, _num
from physassist_env.agents.heuristic.request import Intent
from physassist_env.agents.heuristic.terms import drug_zh, generic_of
from physassist_env.agents.heuristic.view import TurnView
from physassist_env.clinical import scores

Handler = Callable[[Intent, TurnView], str]


# ------------------------------------------------------------------------------ scores
def _meld_na(i: Intent, v: TurnView) -> str:
    keys = ("bilirubin", "inr", "creatinine", "sodium")
    vals = {k: v.latest(k) for k in keys}
    missing = [k for k, x in vals.items() if x is None or x.value is None]
    if missing:
        return v.say(
            f"I could not compute MELD-Na: no {', '.join(_names(k)[0] for k in missing)} result.",
            f"无法计算 MELD-Na：缺少{'、'.join(_names(k)[1] for k in missing)}结果。",
        )
    b, n, c, na = (vals[k].value or 0.0 for k in keys)  # type: ignore[union-attr]
    score, _ = scores.meld_na(bilirubin=b, inr=n, creatinine=c, sodium=na)
    units = {k: vals[k].unit for k in keys}  # type: ignore[union-attr]
    return v.say(
        f"MELD-Na is {score}, from bilirubin {_num(b)} {units['bilirubin']}, INR {_num(n)}, creatinine {_num(c)} {units['creatinine']} and sodium {_num(na)} {units['sodium']}.",
        f"MELD-Na 评分为 {score} 分，依据总胆红素 {_num(b)} {units['bilirubin']}、INR {_num(n)}、肌酐 {_num(c)} {units['creatinine']}、血钠 {_num(na)} {units['sodium']}。",
    )


# HAS-BLED components by ICD-10 / ICD-9 code (no dots; CMS tabular lists): dialysis or
# kidney transplant, cirrhosis, stroke, bleeding history, anaemia, alcohol use disorder.
_DIALYSIS = ("Z992", "Z940", "N186", "V4511", "V420", "5856")
_CIRRHOSIS = ("K703", "K74", "5712", "5715", "5716")
_STROKE = (
    "I60",
    "I61",
    "I62",
    "I63",
    "I64",
    "Z8673",
    "430",
    "431",
    "432",
    "433",
    "434",
    "436",
    "V1254",
)
_BLEEDING = (
    "K920",
    "K921",
    "K922",
    "K625",
    "R58",
    "D62",
    "578",
    "5693",
    "4590",
    "2851",
)
_ANAEMIA = tuple(f"D{n}" for n in range(50, 65)) + (
    "280",
    "281",
    "282",
    "283",
    "284",
    "285",
)
_ALCOHOL = ("F10", "303", "3050")
#: Antiplatelets and NSAIDs, the "D" (drugs) of HAS-BLED.
_BLEEDING_DRUGS = (
    "aspirin",
    "clopidogrel",
    "prasugrel",
    "ticagrelor",
    "ibuprofen",
    "naproxen",
    "ketorolac",
)


def _systolic(v: TurnView) -> float | None:
    m = re.search(r"= (\d{2,3})\s*/\s*\d{2,3}", v.text("bp") or "")
    return float(m.group(1)) if m else None


def _has_bled(i: Intent, v: TurnView) -> str:
    """HAS-BLED (Pisters R et al., Chest 2010;138:1093-100); a score of 3 or more is a
    high bleeding risk, a reason to correct modifiable factors and review more often, not to
    withhold anticoagulation (ESC 2020 AF guideline, Hindricks G et al.)."""
    age = v.demographics().age
    conds = P.parse_conditions(v.text("cond") or "")
    sbp = _systolic(v)
    cr, hb = v.latest("creatinine"), v.latest("hemoglobin")
    inr = [x.value or 0.0 for x in v.series("inr")]
    active = [o for o in v.orders() if o.status == "active"]
    drugs = sorted({d for o in active for d in _BLEEDING_DRUGS if d in o.name.lower()})
    on_warfarin = any(generic_of(o.name) == "warfarin" for o in active)
    in_range = sum(2.0 <= x <= 3.0 for x in inr) / len(inr) if inr else 1.0
    parts = [
        (f"elderly (age {age})", f"高龄（{age} 岁）", age is not None and age > 65),
        (
            f"uncontrolled hypertension (SBP {_num(sbp)})",
            "未控制的高血压",
            sbp is not None and sbp > 160,
        ),
        (
            "abnormal renal function",
            "肾功能异常",
            P.has_code(conds, _DIALYSIS)
            or (cr is not None and (cr.value or 0) >= 2.26),
        ),
        (
            "abnormal liver function (cirrhosis)",
            "肝功能异常（肝硬化）",
            P.has_code(conds, _CIRRHOSIS),
        ),
        ("prior stroke", "既往卒中", P.has_code(conds, _STROKE)),
        (
            "bleeding history or anaemia",
            "出血史或贫血",
            P.has_code(conds, _BLEEDING + _ANAEMIA)
            or (hb is not None and hb.flag in ("L", "LL")),
        ),
        ("labile INR", "INR 不稳定", on_warfarin and len(inr) >= 3 and in_range < 0.6),
        (
            f"antiplatelet/NSAID ({', '.join(drugs)})",
            f"抗血小板药/NSAID（{'、'.join(drug_zh(d) for d in drugs)}）",
            bool(drugs),
        ),
        ("alcohol excess", "酗酒", P.has_code(conds, _ALCOHOL)),
    ]
    score = sum(int(p[2]) for p in parts)
    on = [p for p in parts if p[2]]
    listed_en = ", ".join(p[0] for p in on) or "no risk factor recorded"
    listed_zh = "、".join(p[1] for p in on) or "未见记录的危险因素"
    if age is not None and age <= 65:
        listed_en, listed_zh = (
            f"age {age} does not count; {listed_en}",
            f"年龄 {age} 岁不计分；{listed_zh}",
        )
    if score >= 3:
        return v.say(
            f"HAS-BLED is {score} ({listed_en}): a high bleeding risk; correct the modifiable factors and review more often, but on its own it is not a reason to withhold anticoagulation.",
            f"HAS-BLED 评分为 {score} 分（{listed_zh}）：出血风险高，应纠正可改变的危险因素并加强随访；单凭该评分不是停用抗凝的理由。",
        )
    return v.say(
        f"HAS-BLED is {score} ({listed_en}): a low bleeding risk.",
        f"HAS-BLED 评分为 {score} 分（{listed_zh}）：出血风险低。",
    )


# ------------------------------------------------------------------------------ reconciliation
@dataclass
class _Order:
    start: str
    end: str
    name: str
    generic: str
    route: str
    frequency: str
    status: str


_ORDER_LINE = re.compile(r"^- ([^|]+?) \| (.+?) \| (\w+) \((\S+) to (\S+)\)")
_ENC_LINE = re.compile(
    r"^- (\S+ \S+) to (\S+(?: \S+)?) \| .*\| (\w[\w-]*) \| Encounter/(\w+)"
)
#: Routes a patient takes home (oral, sublingual, subcutaneous, inhaled, transdermal).
_HOME_ROUTES = ("PO", "SL", "SC", "SUBCUT", "INH", "TD", "NG", "PR")
#: Inpatient-only regimens, not on a home list: VTE prophylaxis, flushes, IV fluids.
_INPATIENT = ("heparin", "enoxaparin", "sodium chloride", "dextrose", "flush")


def _orders(v: TurnView) -> list[_Order]:
    out = []
    for ln in (v.text("meds") or "").splitlines():
        m = _ORDER_LINE.match(ln.strip())
        if not m:
            continue
        start, desc, status, begin, end = m.groups()
        parsed = P.parse_orders(f"- {start} | {desc} | {status}")
        o = parsed[0] if parsed else None
        generic = generic_of(desc) or desc.split()[0].lower()
        out.append(
            _Order(
                begin,
                end,
                desc,
                generic,
                (o.route if o else "").upper(),
                (o.frequency if o else "").upper(),
                status,
            )
        )
    return out


def _previous_end(v: TurnView) -> str | None:
    """End date of the latest finished encounter before this admission."""
    ends = []
    for ln in (v.text("enc") or "").splitlines():
        m = _ENC_LINE.match(ln.strip())
        if (
            m
            and m.group(2) != "ongoing"
            and (not v.admission or m.group(2)[:10] < v.admission[:10])
        ):
            ends.append(m.group(2)[:10])
    return max(ends) if ends else None


def _discharge_list(v: TurnView, end: str) -> list[str]:
    """Scheduled home-route regimens still running on the previous discharge day
    (Joint Commission NPSG.03.06.01: reconcile against the last known list)."""
    names: list[str] = []
    for o in _orders(v):
        if o.start[:10] > end or o.end[:10] < end or o.end == "ongoing":
            continue
        if o.route not in _HOME_ROUTES or "PRN" in o.frequency or "ONCE" in o.frequency:
            continue
        if o.generic in K.ANTIBIOTICS or any(w in o.name.lower() for w in _INPATIENT):
            continue
        if o.generic not in names:
            names.append(o.generic)
    return names


def _now(v: TurnView) -> tuple[set[str], list[str]]:
    """(every generic ordered this admission, the active scheduled home-route ones)."""
    since = (v.admission or "")[:10]
    this = [o for o in _orders(v) if o.start[:10] >= since]
    going = [
        o.generic
        for o in this
        if o.status == "active"
        and o.route in _HOME_ROUTES
        and "PRN" not in o.frequency
        and not any(w in o.name.lower() for w in _INPATIENT)
    ]
    return {o.generic for o in this}, list(dict.fromkeys(going))


def _zh(names: list[str]) -> str:
    return "、".join(drug_zh(g) for g in names)


def _no_list(v: TurnView) -> str:
    return v.say(
        "I found no previous discharge in the record, so there is no earlier list to reconcile against.",
        "病历中未找到既往出院记录，没有可对照的上次出院用药。",
    )


def _admission_reconciliation(i: Intent, v: TurnView) -> str:
    end = _previous_end(v)
    last = _discharge_list(v, end) if end else []
    if not end or not last:
        return _no_list(v)
    ordered, _ = _now(v)
    missing = [g for g in last if g not in ordered]
    kept = len(last) - len(missing)
    if not missing:
        return v.say(
            f"All {len(last)} regimens of the last discharge list ({end}) are ordered on this admission.",
            f"上次出院（{end}）的 {len(last)} 种药本次均已续开。",
        )
    return v.say(
        f"From the last discharge list ({end}), not ordered on this admission: {', '.join(missing)}."
        + (f" The other {kept} were continued." if kept else "")
        + " Decide for each whether to resume it, or document why it is held.",
        f"对照上次出院用药（{end}），本次未开：{_zh(missing)}。"
        + (f"其余 {kept} 种已续开。" if kept else "")
        + "逐一决定是否续用，或记录暂停原因。",
    )


def _discharge_changes(i: Intent, v: TurnView) -> str:
    end = _previous_end(v)
    last = _discharge_list(v, end) if end else []
    if not end or not last:
        return _no_list(v)
    _, going = _now(v)
    new = [g for g in going if g not in last]
    stopped = [g for g in last if g not in going]
    return v.say(
        f"Compared with the last discharge ({end}): new this time: {', '.join(new) or 'none'}; stopped since then: {', '.join(stopped) or 'none'}. Both go on the discharge summary and should be explained to the patient.",
        f"与上次出院（{end}）相比：本次新加{_zh(new) or '无'}；上次出院时的{_zh(stopped) or '无'}本次已停用。这些变化要写进出院小结并向患者交代。",
    )


#: Intent kind -> answer handler (keys of :data:`.plans_clinical.CLINICAL_PLANS`).
RECORD_ANSWERS: dict[str, Handler] = {
    "meld_na": _meld_na,
    "has_bled": _has_bled,
    "admission_reconciliation": _admission_reconciliation,
    "discharge_changes": _discharge_changes,
}
