"""Answers of the clinical-work intents: one small handler per intent, in
:data:`CLINICAL_ANSWERS` (merged into :data:`.answers.ANSWERS`).

Each handler reads this request's tool results (a :class:`.view.TurnView`), applies the
agent's own cited rules (:mod:`.knowledge_clinical`, :mod:`physassist_env.clinical.scores`)
and answers in EN or ZH.
"""

from __future__ import annotations

from collections.abc import Callable

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.phrases import (
    _FLAG,
    _names,
    _num,
    cultures_text,
)
from physassist_env.agents.heuristic.request import Intent
from physassist_env.agents.heuristic.terms import drug_zh, generic_of
from physassist_env.agents.heuristic.view import TurnView
from physassist_env.clinical.allergy import ruling_allergy

Handler = Callable[[Intent, TurnView], str]


def _missing(analyte: str, v: TurnView) -> str:
    en, zh = _names(analyte)
    return v.say(f"No {en} result was found in the record.", f"病历中未找到{zh}结果。")


def _value(x: P.LabValue) -> str:
    return f"{_num(x.value)} {x.unit}".strip()


# ------------------------------------------------------------------------------ records
def _allergy_names(v: TurnView) -> list[str]:
    names: list[str] = []
    for ln in (v.text("allergy") or "").splitlines():
        if not ln.startswith("- "):
            continue
        parts = [p.strip() for p in ln[2:].split(" | ")]
        name = parts[1] if len(parts) > 1 else parts[0]
        if name and name not in names:
            names.append(name)
    return names


def _allergies(i: Intent, v: TurnView) -> str:
    names = _allergy_names(v)
    if i.drugs and names:
        return _allergy_check(i.drugs[0], names, v)
    if not names:
        return v.say(
            "No allergy is recorded in the chart (that is not the same as no known allergies; confirm with the patient).",
            "病历中未记录过敏（这不等于确认无过敏，需向患者核实）。",
        )
    return v.say(
        f"Recorded allergies: {'; '.join(names)}. Confirm the reaction with the patient before prescribing.",
        f"病历记录的过敏：{'；'.join(names)}。开药前向患者核实过敏反应。",
    )


def _allergy_check(drug: str, names: list[str], v: TurnView) -> str:
    """Whether a recorded allergy rules ``drug`` out (``clinical.allergy``: 2022
    AAAAI/ACAAI drug-allergy practice parameter; ACE-inhibitor angioedema a class effect)."""
    listed = "; ".join(names)
    found = ruling_allergy(drug, names)
    if found:
        return v.say(
            f"No: {drug} is contraindicated: the recorded allergy ({found}) rules it out. Recorded allergies: {listed}. Choose another agent and confirm the reaction with the patient.",
            f"不能用{drug_zh(drug)}，应禁用：已记录过敏（{found}）。病历记录的过敏：{listed}。应换用其他药物，并向患者核实过敏反应。",
        )
    return v.say(
        f"Yes, {drug} can be given: no recorded allergy rules it out. Recorded allergies: {listed}. Confirm the reaction with the patient first.",
        f"可以使用{drug_zh(drug)}：记录的过敏不涉及该药。病历记录的过敏：{listed}。用药前向患者核实过敏反应。",
    )


def _last_dose(i: Intent, v: TurnView) -> str:
    if i.drug_class and not i.drugs:
        return _class_member_last_dose(i.drug_class, v)
    drug = i.drugs[0] if i.drugs else None
    given = [o for o in v.orders("admin") if o.status == "completed"]
    if drug:
        given = [o for o in given if generic_of(o.name) == drug] or given
    name = drug or v.say("the medication", "该药")
    if not given:
        return v.say(
            f"No administration of {name} was found this admission.",
            f"本次住院未找到{drug_zh(name)}的给药记录。",
        )
    last = max(given, key=lambda o: o.time)
    shown = drug or last.name
    return v.say(
        f"The last {shown} dose was given on {last.time} ({last.text}).",
        f"最后一剂{drug_zh(drug) if drug else last.name}于 {last.time} 给药（{last.text}）。",
    )


def _class_member_last_dose(cls: str, v: TurnView) -> str:
    """The last dose of the drug a request named by its class (``Intent.drug_class``):
    the class member among the completed administrations, named first."""
    en, zh = K.class_name(cls)
    drug = v.member(K.NAMED_CLASSES[cls], "admin")
    given = [
        o
        for o in v.orders("admin")
        if o.status == "completed" and generic_of(o.name) == drug
    ]
    if drug is None or not given:
        return v.say(
            f"No {en} administration was found this admission.",
            f"本次住院未找到{zh}的给药记录。",
        )
    last = max(given, key=lambda o: o.time)
    return v.say(
        f"{en[:1].upper() + en[1:]}: {drug}. The last {drug} dose was given on {last.time} ({last.text}).",
        f"{zh}为{drug_zh(drug)}（{drug}）。最后一剂{drug_zh(drug)}于 {last.time} 给药（{last.text}）。",
    )


def _extreme(i: Intent, v: TurnView, peak: bool) -> str:
    if not i.labs:
        return v.say(
            "Which lab do you mean? I could not tell from the request.",
            "请问是哪项化验？我没能从请求中判断。",
        )
    analyte = i.labs[0]
    series = v.series(analyte)
    if not series:
        return _missing(analyte, v)
    pick = max if peak else min
    x = pick(series, key=lambda s: s.value or 0.0)
    en, zh = _names(analyte)
    word_en, word_zh = ("highest", "最高") if peak else ("lowest", "最低")
    return v.say(
        f"The {word_en} {en} this admission was {_value(x)}, on {x.time[:10]}.",
        f"本次住院{zh}{word_zh}为 {_value(x)}（{x.time[:10]}）。",
    )


# ------------------------------------------------------------------------------ kidneys
def _kdigo_aki(i: Intent, v: TurnView) -> str:
    aki = KC.aki_of(v)
    if aki is None:
        return v.say(
            "There are fewer than two creatinine values this admission, so AKI cannot be staged.",
            "本次住院肌酐结果不足两次，无法进行急性肾损伤分期。",
        )
    b, p, last = (_num(round(x, 2)) for x in (aki.baseline, aki.peak, aki.latest))
    basis_en = f"peak creatinine {p} mg/dL against a baseline of {b} mg/dL (the lowest value this admission), latest {last} mg/dL"
    basis_zh = (
        f"肌酐峰值 {p} mg/dL，基线 {b} mg/dL（本次住院最低值），最近一次 {last} mg/dL"
    )
    if aki.stage:
        return v.say(
            f"Yes: {basis_en}. That is KDIGO stage {aki.stage} AKI by creatinine (urine output not assessed).",
            f"是：{basis_zh}。按肌酐标准为 KDIGO {aki.stage}期急性肾损伤（未评估尿量）。",
        )
    return v.say(
        f"No AKI by KDIGO creatinine criteria: {basis_en}.",
        f"按 KDIGO 肌酐标准无急性肾损伤：{basis_zh}。",
    )


def _nephrotoxin_review(i: Intent, v: TurnView) -> str:
    drug = i.drugs[0] if i.drugs else None
    name, zh = drug or "the medication", drug_zh(drug) if drug else "该药"
    aki = KC.aki_of(v)
    if aki is None:
        return v.say(
            f"I could not stage the kidneys (fewer than two creatinine values); monitor the creatinine before deciding on {name}.",
            f"肌酐结果不足，无法判断肾损伤；在决定{zh}前请监测肌酐。",
        )
    b, p = _num(round(aki.baseline, 2)), _num(round(aki.peak, 2))
    if aki.stage and (drug is None or KC.nephrotoxic(drug)):
        return v.say(
            f"Hold the {name}: peak creatinine {p} mg/dL against a baseline of {b} mg/dL (KDIGO stage {aki.stage} AKI); withhold it while the kidneys recover and recheck the creatinine.",
            f"暂停{zh}：肌酐峰值 {p} mg/dL，基线 {b} mg/dL（KDIGO {aki.stage}期急性肾损伤），肾功能恢复前停用，并复查肌酐。",
        )
    return v.say(
        f"It can be continued: creatinine peaked at {p} mg/dL against a baseline of {b} mg/dL, which does not meet KDIGO AKI criteria; monitor the creatinine.",
        f"可以继续{zh}：肌酐峰值 {p} mg/dL，基线 {b} mg/dL，不符合 KDIGO 急性肾损伤标准；继续监测肌酐。",
    )


def _written(v: TurnView, what_en: str, what_zh: str) -> str | None:
    if v.written():
        return None
    return v.say(f"The {what_en} could not be placed.", f"{what_zh}未能提交。")


def _aki_consult(i: Intent, v: TurnView) -> str:
    failed = _written(v, "consult request", "会诊申请")
    if failed:
        return failed
    aki = KC.aki_of(v)
    k = v.latest("potassium")
    urgent = KC.aki_consult_urgent(aki.stage if aki else 0, k.value if k else None)
    why_en = f" (KDIGO stage {aki.stage} AKI)" if aki and aki.stage else ""
    why_zh = f"（KDIGO {aki.stage}期急性肾损伤）" if aki and aki.stage else ""
    return v.say(
        f"Done: a {'urgent' if urgent else 'routine'} nephrology consult was requested{why_en}.",
        f"已申请肾内科会诊，优先级{'加急' if urgent else '常规'}{why_zh}。",
    )


# ------------------------------------------------------------------------------ blood
def _transfused_since(v: TurnView, day: str) -> str | None:
    """The latest day a red-cell transfusion procedure is recorded on ``day`` or after."""
    days = [
        ln[2:12]
        for ln in (v.text("proc") or "").splitlines()
        if ln.startswith("- ")
        and ln[2:12] >= day
        and any(w in ln.lower() for w in KC.RED_CELL_WORDS)
    ]
    return max(days) if days else None


def _transfusion_threshold(i: Intent, v: TurnView) -> str:
    hb = v.latest("hemoglobin")
    if hb is None or hb.value is None:
        return _missing("hemoglobin", v)
    cardiac = KC.coronary(P.parse_conditions(v.text("cond") or ""))
    limit = KC.transfusion_threshold(cardiac)
    basis_en = "with coronary disease" if cardiac else "for a hospitalised adult"
    basis_zh = "冠心病患者" if cardiac else "住院成人"
    head_en = f"hemoglobin is {_value(hb)} ({hb.time[:10]})"
    head_zh = f"血红蛋白 {_value(hb)}（{hb.time[:10]}）"
    given = _transfused_since(v, hb.time[:10]) if hb.value < limit else None
    if given:
        return v.say(
            f"Not another unit yet: {head_en}, below the restrictive threshold of {limit:g} g/dL {basis_en}, but a red-cell transfusion is recorded on {given}. Recheck the hemoglobin after that unit before another.",
            f"暂不追加：{head_zh}，低于{basis_zh}的限制性输血阈值 {limit:g} g/dL，但 {given} 已记录输注红细胞。先复查血红蛋白，再决定是否追加。",
        )
    if hb.value < limit:
        return v.say(
            f"Yes: {head_en}, below the restrictive threshold of {limit:g} g/dL {basis_en}. Transfuse one unit of packed red cells, then recheck the hemoglobin.",
            f"需要：{head_zh}，低于{basis_zh}的限制性输血阈值 {limit:g} g/dL。建议输注 1 单位悬浮红细胞，之后复查血红蛋白。",
        )
    return v.say(
        f"No transfusion is indicated: {head_en}, above the restrictive threshold of {limit:g} g/dL {basis_en}. Monitor the hemoglobin.",
        f"无需输血：{head_zh}，高于{basis_zh}的限制性输血阈值 {limit:g} g/dL。继续监测血红蛋白。",
    )


def _transfuse_order(i: Intent, v: TurnView) -> str:
    failed = _written(v, "transfusion request", "输血申请")
    if failed:
        return failed
    hb = v.latest("hemoglobin")
    shown = _value(hb) if hb else ""
    return v.say(
        "Done: a transfusion of 1 unit of packed red blood cells was requested"
        + (f" (hemoglobin {shown})" if shown else "")
        + "; recheck the hemoglobin after.",
        "已申请输注悬浮红细胞 1 单位"
        + (f"（血红蛋白 {shown}）" if shown else "")
        + "；输后复查血红蛋白。",
    )


def _warfarin_inr(i: Intent, v: TurnView) -> str:
    inr = v.latest("inr")
    if inr is None or inr.value is None:
        return _missing("inr", v)
    shown, band = _num(inr.value), KC.warfarin_band(inr.value)
    if band == "sub":
        return v.say(
            f"INR is {shown}, subtherapeutic for warfarin (target 2-3). Increase the weekly warfarin dose modestly and recheck the INR in a few days.",
            f"INR {shown}，低于目标范围（华法林 2-3），未达标。适当增加华法林周剂量，几天后复查 INR。",
        )
    if band == "ther":
        return v.say(
            f"INR is {shown}, therapeutic (within the warfarin target of 2-3). Continue the current warfarin dose and monitor the INR.",
            f"INR {shown}，在目标范围内（华法林 2-3），已达标。继续目前的华法林剂量，监测 INR。",
        )
    vit_k = inr.value > 10.0  # CHEST 2012 (Holbrook): oral vitamin K above 10
    return v.say(
        f"INR is {shown}, supratherapeutic for warfarin (target 2-3). Hold warfarin"
        + (", give oral vitamin K" if vit_k else "")
        + ", recheck the INR daily and lower the dose once it is back to 2-3.",
        f"INR {shown}，超出目标范围（华法林 2-3）。暂停华法林"
        + ("，口服维生素K" if vit_k else "")
        + "，每日复查 INR，回到 2-3 后减量。",
    )


# ------------------------------------------------------------------------------ electrolytes
def _potassium_dose(i: Intent, v: TurnView) -> str:
    k = v.latest("potassium")
    if k is None or k.value is None:
        return _missing("potassium", v)
    fen, fzh = _FLAG.get(k.flag, _FLAG[""])
    mg = v.latest("magnesium")
    mg_en = f" Magnesium is {_value(mg)}." if mg else " Check the magnesium too."
    mg_zh = f"血镁 {_value(mg)}。" if mg else "同时查血镁。"
    cardiac = P.has_code(P.parse_conditions(v.text("cond") or ""), KC.HEART) or any(
        o.status == "active" and "digoxin" in o.name.lower() for o in v.orders()
    )
    dose = KC.potassium_replacement_meq(k.value, cardiac)
    given = [o for o in v.orders("med:potassium chloride") if o.time >= k.time]
    if dose and given:
        o = given[0]
        return v.say(
            f"It is being replaced already: potassium is {_value(k)} ({k.time}), {fen}, and potassium chloride was already ordered at {o.time}, after that draw. Give no more now; recheck the potassium after that dose.{mg_en}",
            f"已开补钾医嘱：血钾 {_value(k)}（{k.time}），{fzh}，该结果之后于 {o.time} 已开氯化钾。暂不追加，补钾后复查血钾。{mg_zh}",
        )
    if dose and k.value >= 3.5:
        return v.say(
            f"Yes, replace it: potassium is {_value(k)} ({k.time[:10]}), within the laboratory's range but below the target of 4.0 mmol/L with heart disease. Give potassium chloride {dose} mEq by mouth, then recheck the potassium.{mg_en}",
            f"需要补钾：血钾 {_value(k)}（{k.time[:10]}），虽在参考范围内，但低于心脏病患者 4.0 mmol/L 的目标。口服氯化钾 {dose} mEq，之后复查血钾。{mg_zh}",
        )
    if not dose:
        return v.say(
            f"No replacement is needed: potassium is {_value(k)} ({k.time[:10]}), {fen}. Monitor it.{mg_en}",
            f"无需补钾：血钾 {_value(k)}（{k.time[:10]}），{fzh}。继续监测。{mg_zh}",
        )
    severe = dose >= 80
    return v.say(
        f"Yes, replace it: potassium is {_value(k)} ({k.time[:10]}), {fen}. Give potassium chloride "
        + (
            "80 mEq by mouth in two divided doses and get an ECG"
            if severe
            else "40 mEq by mouth"
        )
        + f", then recheck the potassium.{mg_en}",
        f"需要补钾：血钾 {_value(k)}（{k.time[:10]}），{fzh}。口服氯化钾 "
        + ("80 mEq，分两次给予，并查心电图" if severe else "40 mEq")
        + f"，之后复查血钾。{mg_zh}",
    )


def _hyperkalemia_plan(i: Intent, v: TurnView) -> str:
    k = v.latest("potassium")
    if k is None or k.value is None:
        return _missing("potassium", v)
    fen, fzh = _FLAG.get(k.flag, _FLAG[""])
    if k.value < 5.5:
        return v.say(
            f"Potassium is {_value(k)} ({k.time[:10]}), {fen}: not hyperkalemia, no treatment needed; recheck the potassium.",
            f"血钾 {_value(k)}（{k.time[:10]}），{fzh}：未达高钾血症，无需处理；复查血钾。",
        )
    grade = KC.hyperkalemia_grade(k.value)
    drugs: list[str] = []
    for o in v.orders():
        g = generic_of(o.name)
        if o.status == "active" and KC.raises_potassium(g, o.name):
            name = g or o.name
            if name not in drugs:
                drugs.append(name)
    steps_en, steps_zh = [], []
    if grade in ("moderate", "severe"):
        steps_en.append("get an ECG now")
        steps_zh.append("立即查心电图")
    if grade == "severe":
        steps_en.append("give IV calcium gluconate to protect the heart")
        steps_zh.append("静推葡萄糖酸钙保护心肌")
    if grade in ("moderate", "severe"):
        steps_en.append("give insulin with dextrose to shift potassium into cells")
        steps_zh.append("胰岛素加葡萄糖促进钾向细胞内转移")
    if drugs:
        steps_en.append(f"hold the {' and '.join(drugs)}")
        steps_zh.append(f"暂停{'、'.join(drug_zh(d) for d in drugs)}")
    steps_en.append("recheck the potassium")
    steps_zh.append("复查血钾")
    g_zh = {"mild": "轻度", "moderate": "中度", "severe": "重度"}[grade]
    return v.say(
        f"Potassium is {_value(k)} ({k.time[:10]}), {fen}, {grade} hyperkalemia: {'; '.join(steps_en)}.",
        f"血钾 {_value(k)}（{k.time[:10]}），{fzh}，{g_zh}高钾血症：{'；'.join(steps_zh)}。",
    )


def _replace_magnesium(i: Intent, v: TurnView) -> str:
    failed = _written(v, "magnesium order", "补镁医嘱")
    if failed:
        return failed
    mg = v.latest("magnesium")
    dose = KC.magnesium_dose(mg.value if mg and mg.value is not None else 1.5)
    shown = f" (magnesium {_value(mg)})" if mg else ""
    shown_zh = f"（血镁 {_value(mg)}）" if mg else ""
    return v.say(
        f"Ordered magnesium sulfate {dose} IV once for hypomagnesemia{shown}; recheck the magnesium after.",
        f"已开硫酸镁 {dose} 静脉一次，用于低镁血症{shown_zh}；补后复查血镁。",
    )


def _potassium_recheck(i: Intent, v: TurnView) -> str:
    failed = _written(v, "potassium recheck", "血钾复查")
    if failed:
        return failed
    k = v.latest("potassium")
    urgent = k is not None and KC.potassium_recheck_urgent(k.value or 0.0)
    when_en = (
        "urgently, within hours"
        if urgent
        else f"routinely with tomorrow's labs ({v.date_in(1) or ''})"
    )
    when_zh = (
        "加急，数小时内" if urgent else f"常规，随明早化验（{v.date_in(1) or ''}）"
    )
    shown_en = f" (potassium {_value(k)})" if k else ""
    shown_zh = f"（血钾 {_value(k)}）" if k else ""
    return v.say(
        f"Done: a potassium recheck was ordered {when_en}{shown_en}.",
        f"已开血钾复查，{when_zh}{shown_zh}。",
    )


def _glucose_pattern(i: Intent, v: TurnView) -> str:
    series = v.series("glucose")
    if not series:
        return _missing("glucose", v)
    vals = [x.value or 0.0 for x in series]
    lo = min(series, key=lambda x: x.value or 0.0)
    hi = max(series, key=lambda x: x.value or 0.0)
    lows = sum(x < KC.GLUCOSE_LOW for x in vals)
    highs = sum(x > KC.GLUCOSE_HIGH for x in vals)
    insulin = list(
        dict.fromkeys(
            o.text
            for o in v.orders("med:insulin")
            if o.status == "active" and "insulin" in o.name.lower()
        )
    )
    ins_en = "; ".join(insulin) or "no active insulin order found"
    ins_zh = "；".join(insulin) or "未找到在用胰岛素医嘱"
    hypo_en = f"{lows} readings below 70 (hypoglycemia)" if lows else "no hypoglycemia"
    hypo_zh = f"{lows} 次低于 70（低血糖）" if lows else "无低血糖"
    return v.say(
        f"Since admission the lowest glucose was {_value(lo)} and the highest {_value(hi)}, over {len(vals)} readings, {highs} of them above 180, with {hypo_en}. Insulin ordered: {ins_en}.",
        f"入院以来血糖最低 {_value(lo)}，最高 {_value(hi)}，共测 {len(vals)} 次，其中 {highs} 次高于 180，{hypo_zh}。胰岛素医嘱：{ins_zh}。",
    )


# ------------------------------------------------------------------------------ sepsis
def _lactate_clearance(i: Intent, v: TurnView) -> str:
    series = v.series("lactate")
    if not series:
        return _missing("lactate", v)
    peak = max(series, key=lambda x: x.value or 0.0)
    last = series[0]
    pv, lv = peak.value or 0.0, last.value or 0.0
    if len(series) < 2 or peak is last:
        return v.say(
            f"Only one lactate to judge by ({_value(last)}, {last.time[:10]}): repeat the lactate to see whether it is clearing.",
            f"乳酸仅一次（{_value(last)}，{last.time[:10]}），需复查乳酸才能判断是否下降。",
        )
    pct = round((pv - lv) / pv * 100) if pv else 0
    if KC.lactate_clearing(pv, lv):
        normal = not KC.lactate_elevated(lv)
        return v.say(
            f"Yes, it is clearing: lactate peaked at {_value(peak)} and is now {_value(last)} ({pct}% down)"
            + (
                ", back to normal."
                if normal
                else ", though still elevated; repeat it until it normalises."
            ),
            f"是，乳酸在下降：峰值 {_value(peak)}，现为 {_value(last)}（下降 {pct}%）"
            + ("，已恢复正常。" if normal else "，但仍偏高，需复查直至正常。"),
        )
    return v.say(
        f"No, it is not clearing: lactate peaked at {_value(peak)} and is {_value(last)} now. Reassess perfusion and the source, and repeat the lactate.",
        f"没有，乳酸未下降：峰值 {_value(peak)}，现为 {_value(last)}。需重新评估灌注和感染源，并复查乳酸。",
    )


def _conditional_cultures(i: Intent, v: TurnView) -> str:
    lac = v.latest("lactate")
    if lac is None or lac.value is None:
        return _missing("lactate", v)
    if not KC.lactate_elevated(lac.value):
        return v.say(
            f"Lactate is {_value(lac)} ({lac.time[:10]}), not elevated (normal), so the cultures did not need checking on that basis.",
            f"乳酸 {_value(lac)}（{lac.time[:10]}），正常，因此无需据此查看培养结果。",
        )
    return v.say(
        f"Lactate is {_value(lac)} ({lac.time[:10]}), elevated, so I checked the cultures: {cultures_text(v)}.",
        f"乳酸 {_value(lac)}（{lac.time[:10]}），偏高，因此查看了培养结果：{cultures_text(v)}。",
    )


# ------------------------------------------------------------------------------ QT
def _qt_combination(i: Intent, v: TurnView) -> str:
    drugs, lows = KC.qt_facts(v)
    if not drugs:
        return v.say(
            "No drug with a known QT risk is on the active orders, so there is no QT-prolonging combination.",
            "目前医嘱中没有已知 QT 延长风险的药物，不存在 QT 延长的联用。",
        )
    d_en, d_zh = " and ".join(drugs), "、".join(drug_zh(d) for d in drugs)
    if len(drugs) >= 2 or lows:
        why_en = d_en + (" with " + " and ".join(en for en, _ in lows) if lows else "")
        why_zh = d_zh + ("，且" + "、".join(zh for _, zh in lows) if lows else "")
        return v.say(
            f"Yes, there is a QT risk combination: {why_en}. Get an ECG to check the QTc"
            + (", correct the electrolytes" if lows else "")
            + ", and consider an alternative if the QTc is prolonged.",
            f"有 QT 延长风险的联用：{why_zh}。建议查心电图看 QTc"
            + ("，纠正电解质" if lows else "")
            + "，若 QTc 延长考虑换药。",
        )
    return v.say(
        f"No QT-prolonging combination: {d_en} is the only drug with known QT risk, and there is no hypokalemia or hypomagnesemia.",
        f"没有联用：{d_zh}是唯一有 QT 延长风险的药物，也没有低钾或低镁。",
    )


def _qt_flag(i: Intent, v: TurnView) -> str:
    failed = _written(v, "safety flag", "安全警示")
    if failed:
        return failed
    drugs, lows = KC.qt_facts(v)
    d_en = " + ".join(drugs) or "QT-prolonging medication"
    d_zh = "、".join(drug_zh(d) for d in drugs) or "延长 QT 的药物"
    return v.say(
        f"Done: a safety flag 'QT prolongation risk' was added ({d_en}"
        + (f" with {', '.join(en for en, _ in lows)}" if lows else "")
        + "): check the QTc on an ECG before further doses.",
        f"已添加安全警示“QT 延长风险”（{d_zh}"
        + ("，" + "、".join(zh for _, zh in lows) if lows else "")
        + "）：继续用药前查心电图 QTc。",
    )


#: Intent kind -> answer handler for the clinical-work intents (keys of
#: :data:`.plans_clinical.CLINICAL_PLANS`; the score and reconciliation handlers are in
#: :mod:`.answers_records`).
CLINICAL_ANSWERS: dict[str, Handler] = {
    "allergies": _allergies,
    "last_dose": _last_dose,
    "lab_peak": lambda i, v: _extreme(i, v, peak=True),
    "lab_nadir": lambda i, v: _extreme(i, v, peak=False),
    "kdigo_aki": _kdigo_aki,
    "nephrotoxin_review": _nephrotoxin_review,
    "aki_consult": _aki_consult,
    "transfusion_threshold": _transfusion_threshold,
    "transfuse_order": _transfuse_order,
    "warfarin_inr": _warfarin_inr,
    "potassium_dose": _potassium_dose,
    "hyperkalemia_plan": _hyperkalemia_plan,
    "replace_magnesium": _replace_magnesium,
    "potassium_recheck": _potassium_recheck,
    "glucose_pattern": _glucose_pattern,
    "lactate_clearance": _lactate_clearance,
    "conditional_cultures": _conditional_cultures,
    "qt_combination": _qt_combination,
    "qt_flag": _qt_flag,
}
