"""What a physician adds to a lab lookup's value and flag (round 16, class f of reading k
and l): the direction of the series and where the value sits against a decision
threshold, said only where it changes what is done.

* A critical value is called critical, not only high or low (Kost GJ, JAMA
  1990;263:704-7; :mod:`physassist_env.clinical.critical`); a potassium below 3.5 mmol/L
  is low whatever a laboratory's range says (Cohn JN et al., Arch Intern Med
  2000;160:2429-36; MIMIC-IV's range starts at 3.3).
* The change from the value before, when it is a move (10% or one reporting step, an
  analyte's own minimum, or a clinically large change: :mod:`physassist_env.clinical
  .course`) within :data:`~physassist_env.clinical.course.LARGE_WINDOW_H` hours: "6.9,
  rising from 6.3 this morning"; "12.8, falling from 14.8".
* Thresholds that decide: a potassium of 6.0 or more is moderate, 6.5 or more severe
  hyperkalaemia (UK Kidney Association 2020 hyperkalaemia guideline); a potassium under
  4.0 mmol/L in a patient whose target is 4.0 or more (heart failure, coronary disease,
  digoxin, cardiac surgery: Cohn 2000; :func:`~physassist_env.scenarios.topics
  .electrolytes.cardiac_target`, round 15's source); a haemoglobin under the restrictive
  transfusion threshold of 7 g/dL (AABB 2023, Carson JL et al., JAMA 2023;330:1892-1902).
  Thresholds are said in words: the grader's claim reader takes a number beside a lab
  name for a value of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from physassist_env.clinical.course import LARGE_WINDOW_H, large_change, step_of
from physassist_env.clinical.critical import HYPOKALAEMIA_BELOW, critical_side
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.features import LabPoint, LabSeries
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.scenarios.topics.electrolytes import (
    K_ASKED_BELOW,
    cardiac_target,
    cardiac_target_text,
    hyperkalaemia_treated,
    is_current,
    replaced_since_latest,
)

#: The units each thresholded analyte is read in (the record's conventional units).
_UNITS = {
    "potassium": ("mmol/l", "meq/l"),
    "sodium": ("mmol/l", "meq/l"),
    "glucose": ("mg/dl",),
    "hemoglobin": ("g/dl",),
}
#: Haemoglobin (g/dL) under which the restrictive transfusion threshold is reached
#: (AABB 2023).
RESTRICTIVE_HB = 7.0


@dataclass(frozen=True)
class LabReading:
    """What :func:`lab_reading` adds: a flag that replaces the laboratory's (``""`` to
    keep it), a clause for each language (starting with ", " / "，", or empty) and the
    rubric items that check it."""

    flag: str = ""
    en: str = ""
    zh: str = ""
    items: list[R.RubricItem] = field(default_factory=list)


def _in_unit(lab_key: str, p: LabPoint) -> bool:
    return p.unit.lower() in _UNITS.get(lab_key, ())


def previous_move(series: LabSeries) -> tuple[LabPoint, str] | None:
    """The value before the latest and the direction (``"rising"`` / ``"falling"``) when
    the latest moved from it within :data:`LARGE_WINDOW_H` hours (same unit, neither
    from a spurious sample), else None."""
    if len(series.points) < 2:
        return None
    prev, p = series.points[-2], series.latest
    if prev not in series.reliable or p not in series.reliable or prev.unit != p.unit:
        return None
    hours = (
        datetime.fromisoformat(p.time[:19]) - datetime.fromisoformat(prev.time[:19])
    ).total_seconds() / 3600
    if hours > LARGE_WINDOW_H:
        return None
    key, change = series.lab.key, round(p.value - prev.value, 6)
    moved = abs(change) > step_of(prev.value, series.lab.decimals, key) or large_change(
        key, prev.value, p.value
    )
    if not moved or change == 0:
        return None
    return prev, "rising" if change > 0 else "falling"


def lab_reading(ctx: TopicContext, lab_key: str) -> LabReading:
    """The flag, clause and items a lab lookup of ``lab_key`` adds (module docstring)."""
    series = ctx.facts.labs[lab_key]
    lab, p = series.lab, series.latest
    flag = ""
    if _in_unit(lab_key, p):
        side = critical_side(lab_key, p.value)
        if side:
            flag = "HH" if side == "high" else "LL"
        elif (
            lab_key == "potassium"
            and p.value < HYPOKALAEMIA_BELOW
            and p.flag not in ("L", "LL")
        ):
            flag = "L"
    en: list[str] = []
    zh: list[str] = []
    items: list[R.RubricItem] = []
    move = previous_move(series)
    if move is not None:
        prev, direction = move
        pv = R.fmt(prev.value, lab.decimals)
        when = prev.time[:16].replace("T", " ")
        word_en, word_zh = R.TREND_WORDS[direction]
        en.append(f"{word_en} from {pv} ({when})")
        zh.append(f"较 {when} 的 {pv} {word_zh}")
        items.append(
            R.trend_item(lab, direction, pv, R.fmt(p.value, lab.decimals), since=when)
        )
    if lab_key == "potassium" and _in_unit(lab_key, p) and p.value >= 6.0:
        severe = p.value >= 6.5
        # the action is said of a current value not yet treated (round 16 class 1: a
        # treatment given after the draw is the hyperkalaemia plan's to name)
        act = is_current(ctx, series) and not hyperkalaemia_treated(ctx, p.time)
        en.append(
            f"{'severe' if severe else 'moderate'} hyperkalaemia by the UK Kidney"
            " Association grading"
            + (": it needs an ECG and treatment now" if act else "")
        )
        zh.append(
            f"按英国肾脏协会分级为{'重度' if severe else '中度'}高钾血症"
            + ("，需立即查心电图并处理" if act else "")
        )
        if act:
            items.append(
                R.mention_item(
                    "Says the potassium needs action now (ECG, treatment)",
                    "指出血钾需立即处理（心电图、治疗）",
                    ["ECG", "EKG", "心电图"],
                )
            )
    elif (
        lab_key == "potassium"
        and _in_unit(lab_key, p)
        and p.value < K_ASKED_BELOW
        and cardiac_target(ctx)
        and is_current(ctx, series)
    ):
        why_en, why_zh = cardiac_target_text(ctx)
        # a replacement ordered or given after the draw is not asked for again
        # (electrolytes.replaced_since_latest; round 16 class 1)
        since = replaced_since_latest(ctx, "potassium")
        en.append(
            f"under the target of four or more {why_en}: "
            + (
                f"potassium was ordered or given after this draw ({since}), so recheck it"
                if since
                else "replete it and recheck"
            )
        )
        zh.append(
            f"未达{why_zh}的目标（血钾不低于四）："
            + (
                f"该结果后已开具或给予补钾（{since}），请复查"
                if since
                else "需补钾并复查"
            )
        )
        items.append(
            R.mention_item(
                "Says the potassium is under the cardiac target and replaces it",
                "指出血钾低于心脏病患者的目标并补钾",
                ["target", "replete", "replace", "目标", "补钾"],
            )
        )
    if lab_key == "hemoglobin" and _in_unit(lab_key, p) and p.value < RESTRICTIVE_HB:
        en.append("under the restrictive transfusion threshold of seven g/dL")
        zh.append("低于限制性输血阈值（七 g/dL）")
        items.append(
            R.mention_item(
                "Says the haemoglobin is under the restrictive transfusion threshold",
                "指出血红蛋白低于限制性输血阈值",
                ["transfusion", "threshold", "输血"],
            )
        )
    return LabReading(
        flag=flag,
        en="".join(f", {x}" for x in en),
        zh="".join(f"，{x}" for x in zh),
        items=items,
    )
