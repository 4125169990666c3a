"""Keyword rules for the clinical-work intents (scores, kidneys, blood, electrolytes, sepsis,
records, reconciliation, QT), tried before the lookup rules of :mod:`.intents`.

**The cue words were written from the train split's phrasing only** (synthetic builds,
``physassist build --source synthetic --patients 120|400``, never the test split), like
those of :data:`.request.CUES`. A rule returns ``None`` when its cue words are absent.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic.request import Intent, Request, contains, one

#: Cue words per meaning (EN stems match word starts; ZH as substrings), from train phrasing.
CLINICAL_CUES: dict[str, tuple[str, ...]] = {
    "allergy": ("allerg", "过敏"),
    "going_home": ("going home", "go home", "discharge", "出院"),
    "med_list": ("meds", "medications", "用哪些药", "带哪些药", "什么药"),
    "last_dose": ("last dose", "最后一次", "上一剂", "最后一剂", "最近一次"),
    "peak": ("highest", "how high", "peak", "最高", "峰值"),
    "nadir": ("lowest", "how low", "nadir", "最低"),
    "aki": ("kdigo", "aki", "kidney injury", "肾损伤", "急性肾损伤"),
    "kidney": ("kidney", "renal", "stay on", "staging", "肾", "分期"),
    "consult": ("consult", "nephrology", "renal", "involved", "会诊", "肾内科"),
    "transfusion": ("transfus", "need blood", "for blood", "输血", "红细胞"),
    "order": ("order", "put in", "go ahead", "开", "申请"),
    "inr_range": (
        "in range",
        "therapeutic",
        "where we want",
        "need changing",
        "达标",
        "目标范围",
        "剂量要不要改",
        "剂量怎么",
    ),
    "replace": ("replac", "补"),
    "how_much": ("how much", "what dose", "多少", "要不要", "吗"),
    "high_potassium": (
        "is up",
        "high potassium",
        "manage",
        "plan",
        "高了",
        "高钾",
        "怎么处理",
        "打算",
    ),
    "recheck": ("recheck", "repeat", "复查"),
    "timing": ("urgency", "timed", "priority", "缓急", "定时间", "优先级"),
    "glucose_pattern": (
        "sugars",
        "glucose picture",
        "lows or highs",
        "血糖控制",
        "血糖情况",
        "血糖走势",
    ),
    "running": ("been running", "一直怎么样"),
    "continuing": ("continuing", "ok for", "继续"),
    "clearing": ("clearing", "come down", "cleared", "下降", "清除", "降下来"),
    "conditional": ("if", "要是", "如果", "的话"),
    "cultures": ("culture", "micro", "培养", "微生物"),
    "last_list": ("last discharge", "last list", "last time", "上次"),
    "changes": ("new", "stopped", "changes", "新", "停了", "变化"),
    "magnesium": ("magnesium", "mag", "镁"),
    "bleeding_risk": ("has-bled", "bleeding risk", "出血风险"),
    "flag": ("flag", "alert", "警示", "标注"),
    "narrow": ("de-escalat", "narrow", "降阶梯"),
    "sensitive": ("sensitive to", "敏感"),
}


def _has(r: Request, cue: str) -> bool:
    return any(contains(r.text, r.low, w) for w in CLINICAL_CUES[cue])


def _lab(r: Request, analyte: str) -> bool:
    """The request names the analyte, or refers back to it (an earlier request's lab)."""
    return analyte in r.labs or (not r.labs and r.recent("labs") == analyte)


# ------------------------------------------------------------------------------ rules
def _qt(r: Request) -> Intent | None:
    if not re.search(r"(?<![A-Za-z])QTc?(?![A-Za-z])", r.text):
        return None
    return Intent("qt_flag" if _has(r, "flag") else "qt_combination")


def _reconciliation(r: Request) -> Intent | None:
    if not _has(r, "last_list") or not _has(r, "going_home"):
        return None
    changes = _has(r, "changes")
    return Intent("discharge_changes" if changes else "admission_reconciliation")


def _allergies(r: Request) -> Intent | None:
    if _has(r, "allergy") and not (_has(r, "going_home") or _has(r, "med_list")):
        # "can she have <drug>?" against the allergy list (topic allergy_check)
        return Intent("allergies", drugs=list(r.drugs[:1]))
    return None


def _scores(r: Request) -> Intent | None:
    if "meld" in r.scores or "meld" in r.low:
        return Intent("meld_na", labs=["bilirubin", "inr", "creatinine", "sodium"])
    if "has_bled" in r.scores or _has(r, "bleeding_risk"):
        return Intent("has_bled")
    return None


def _kidneys(r: Request) -> Intent | None:
    named = next((d for d in r.drugs if KC.nephrotoxic(d)), None)
    if named and _has(r, "kidney"):
        return Intent("nephrotoxin_review", labs=["creatinine"], drugs=[named])
    earlier = r.recent("drugs", KC.nephrotoxic)
    refers = re.search(r"stay on|what do we do with|这个药|怎么处理", r.low)
    if not r.drugs and earlier and KC.nephrotoxic(earlier) and refers:
        if _lab(r, "creatinine") or _has(r, "kidney"):
            return Intent("nephrotoxin_review", labs=["creatinine"], drugs=[earlier])
    if not _has(r, "aki"):
        return None
    if _has(r, "consult"):
        return Intent("aki_consult", service="nephrology")
    return Intent("kdigo_aki", labs=["creatinine"])


def _blood(r: Request) -> Intent | None:
    if not _has(r, "transfusion"):
        return None
    if _has(r, "order") and not r.text.rstrip().endswith(("?", "？")):
        return Intent("transfuse_order", labs=["hemoglobin"])
    return Intent("transfusion_threshold", labs=["hemoglobin"])


def _warfarin(r: Request) -> Intent | None:
    if not _has(r, "inr_range"):
        return None
    if "inr" in r.labs or "warfarin" in r.drugs or _lab(r, "inr"):
        return Intent("warfarin_inr", labs=["inr"], drugs=["warfarin"])
    if "warfarin" in [d for it in r.memory for d in it.drugs]:
        return Intent("warfarin_inr", labs=["inr"], drugs=["warfarin"])
    return None


def _electrolytes(r: Request) -> Intent | None:
    potassium = _lab(r, "potassium") or "补钾" in r.text
    if potassium and _has(r, "recheck") and (_has(r, "order") or _has(r, "timing")):
        return Intent("potassium_recheck", labs=["potassium"])
    if potassium and _has(r, "replace") and _has(r, "how_much") and not r.drugs:
        return Intent("potassium_dose", labs=["potassium"])
    if potassium and _has(r, "high_potassium"):
        return Intent("hyperkalemia_plan", labs=["potassium"])
    if (_lab(r, "magnesium") or _has(r, "magnesium")) and _has(r, "order"):
        return Intent("replace_magnesium", labs=["magnesium"])
    return None


def _glucose(r: Request) -> Intent | None:
    if r.has("safety") or _has(r, "flag") or _has(r, "continuing"):
        return None
    if _has(r, "glucose_pattern") and ("insulin" in r.drugs or "胰岛素" in r.text):
        return Intent("glucose_pattern", labs=["glucose"], drugs=["insulin"])
    earlier = r.recent("labs") == "glucose" or r.recent("drugs") == "insulin"
    if _has(r, "running") and not r.labs and not r.drugs and earlier:
        return Intent("glucose_pattern", labs=["glucose"], drugs=["insulin"])
    return None


def _micro(r: Request) -> Intent | None:
    if _has(r, "narrow"):
        return Intent("deescalation")
    if _has(r, "sensitive"):
        return Intent("susceptibilities")
    return None


def _lactate(r: Request) -> Intent | None:
    if not _lab(r, "lactate") or r.scores:
        return None
    if _has(r, "clearing"):
        return Intent("lactate_clearance", labs=["lactate"])
    if _has(r, "conditional") and _has(r, "cultures"):
        return Intent("conditional_cultures", labs=["lactate"])
    return None


def _extremes(r: Request) -> Intent | None:
    peak, nadir = _has(r, "peak"), _has(r, "nadir")
    if not (peak or nadir) or (peak and nadir):
        return None
    labs = r.labs[:1] or one(r.recent("labs"))
    return Intent("lab_peak" if peak else "lab_nadir", labs=labs)


def asks_last_dose(r: Request) -> bool:
    """Whether the request asks when a drug was last given ("last dose", "上一剂")."""
    return _has(r, "last_dose") or bool(
        re.search(
            r"\blast (get|got|given|go in|went in)\b|\blast (?:[\w-]+ ){1,3}(go|went) in\b|\blast\b.*\bgiven\b",
            r.low,
        )
    )


def _last_dose(r: Request) -> Intent | None:
    if not asks_last_dose(r) or r.labs:
        return None
    return Intent("last_dose", drugs=one(r.drug()))


#: The clinical rules in the order they are tried (before the lookup rules of
#: :data:`.intents.INTENT_RULES`).
CLINICAL_RULES: tuple[Callable[[Request], Intent | None], ...] = (
    _qt,
    _reconciliation,
    _allergies,
    _scores,
    _kidneys,
    _blood,
    _warfarin,
    _electrolytes,
    _glucose,
    _micro,
    _lactate,
    _extremes,
    _last_dose,
)
