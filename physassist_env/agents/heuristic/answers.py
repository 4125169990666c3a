"""The heuristic agent's answers: one small handler per intent, in the :data:`ANSWERS` table.

Each handler composes an EN or ZH answer from this request's tool results (a
:class:`.view.TurnView`): values with unit, date and the record's flag word, first vs
latest for trends, the agent's own cited safety rules (:mod:`.knowledge`) for decisions,
scores from :mod:`physassist_env.clinical.scores`, and the patient's own words.
"""

from __future__ import annotations

from collections.abc import Callable

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.answers_clinical import CLINICAL_ANSWERS
from physassist_env.agents.heuristic.answers_micro import MICRO_ANSWERS
from physassist_env.agents.heuristic.answers_records import RECORD_ANSWERS
from physassist_env.agents.heuristic.intents import Intent
from physassist_env.agents.heuristic.phrases import (
    _PRIORITY_ZH,
    _SERVICE_ZH,
    _TREND,
    _cap,
    _names,
    _num,
    conditions_text,
    cultures_text,
    lab_sentence,
    med_sentence,
    trend_sentence,
)
from physassist_env.agents.heuristic.plans import potassium_cardiac, principal_code
from physassist_env.agents.heuristic.safety import is_unsafe, safety_action
from physassist_env.agents.heuristic.terms import drug_zh, lab_name
from physassist_env.agents.heuristic.view import TurnView
from physassist_env.clinical import scores

Handler = Callable[[Intent, TurnView], str]


# ------------------------------------------------------------------------------ lookups
def _lab_latest(i: Intent, v: TurnView) -> str:
    return " ".join(lab_sentence(k, v) + v.say(".", "。") for k in i.labs)


def _labs_trend(i: Intent, v: TurnView) -> str:
    if not i.labs:
        return v.say(
            "Which lab do you mean? I could not tell from the request.",
            "请问是哪项化验？我没能从请求中判断。",
        )
    parts = [trend_sentence(k, v) for k in i.labs]
    return v.say(
        f"Since admission, {'; '.join(parts)}.", f"入院以来，{'；'.join(parts)}。"
    )


def _med_current(i: Intent, v: TurnView) -> str:
    if i.drug_class and not i.drugs:
        return _class_member_order(i.drug_class, v)
    if i.drugs:
        return _cap(med_sentence(i.drugs[0], v)) + v.say(".", "。")
    active = [o for o in v.orders() if o.status == "active"]
    if not active:
        return v.say(
            "Which medication do you mean? I found no active orders.",
            "请问是哪种药物？未找到在用医嘱。",
        )
    return (
        v.say("Active orders: ", "在用医嘱：")
        + "; ".join(o.text for o in active[:8])
        + "."
    )


def _class_member_order(cls: str, v: TurnView) -> str:
    """The order of the drug a request named by its class (``Intent.drug_class``): the
    class member among the orders (an active one first), named first, then its dose as
    for a named drug."""
    en, zh = K.class_name(cls)
    drug = v.member(K.NAMED_CLASSES[cls])
    if drug is None:
        return v.say(f"No {en} order was found.", f"未找到{zh}医嘱。")
    return v.say(f"{_cap(en)}: {drug}. ", f"{zh}为{drug_zh(drug)}（{drug}）。") + (
        _cap(med_sentence(drug, v)) + v.say(".", "。")
    )


def _lab_and_med(i: Intent, v: TurnView) -> str:
    parts = [lab_sentence(k, v) for k in i.labs] + [
        med_sentence(i.drugs[0] if i.drugs else None, v)
    ]
    return v.say("; ".join(parts) + ".", "；".join(parts) + "。")


def _diagnoses(i: Intent, v: TurnView) -> str:
    return _cap(conditions_text(v)) + v.say(".", "。")


def _diagnosis_check(i: Intent, v: TurnView) -> str:
    """Whether a coded diagnosis bars the NSAID asked about (the agent's own rule,
    ``knowledge_clinical.nsaid_barring``: heart failure, CKD 4-5, AKI, GI bleeding or ulcer),
    then the creatinine: a short course only with the latest within its range."""
    drug = i.drugs[0]
    dz = drug_zh(drug)
    conds = v.conditions()
    barring = KC.nsaid_barring([c.code for c in conds if c.code])
    if barring is not None:
        c = next(c for c in conds if c.code == barring[0])
        return v.say(
            f"No: avoid {drug}. The diagnosis list codes {c.title} ({c.code}), and {barring[1]}. Choose an analgesic other than an NSAID.",
            f"不能用{dz}，应避免使用：诊断中有{c.title}（{c.code}），而{barring[2]}。应换用其他类镇痛药。",
        )
    x = v.latest("creatinine")
    if x is None or x.flag not in ("", "N"):
        return v.say(
            f"Hold off on {drug}: {_cap(conditions_text(v))}, but the kidney function is not shown to be normal; {lab_sentence('creatinine', v)}.",
            f"暂缓使用{dz}：{conditions_text(v)}，但肾功能未见正常；{lab_sentence('creatinine', v)}。",
        )
    return v.say(
        f"Yes, {drug} can be given as a short course: no coded diagnosis is against it ({conditions_text(v)}), and {lab_sentence('creatinine', v)}. Use the lowest effective dose for the shortest time.",
        f"可以使用{dz}（短期）：编码诊断中无禁忌（{conditions_text(v)}），{lab_sentence('creatinine', v)}。应以最低有效剂量、最短疗程使用。",
    )


def _cultures(i: Intent, v: TurnView) -> str:
    return v.say("Cultures: ", "培养结果：") + cultures_text(v) + v.say(".", "。")


def _infection(i: Intent, v: TurnView) -> str:
    trend = trend_sentence("wbc", v)
    return v.say(
        f"The {trend}. Cultures: {cultures_text(v)}.",
        f"{trend}。培养结果：{cultures_text(v)}。",
    )


def _antibiotics_given(i: Intent, v: TurnView) -> str:
    given = v.doses_given(None, among=K.ANTIBIOTICS)
    if given:
        en = ", ".join(f"{g} ({n} doses)" for g, n in given.items())
        zh = "、".join(f"{drug_zh(g)}（{g}，{n} 剂）" for g, n in given.items())
    else:
        en, zh = "none recorded since admission", "入院以来无给药记录"
    cultures = cultures_text(v)
    return v.say(
        f"Administered antibiotics: {en}. Cultures: {cultures}.",
        f"已给予的抗生素：{zh}。培养结果：{cultures}。",
    )


def _discharge_meds(i: Intent, v: TurnView) -> str:
    names = list(
        dict.fromkeys(o.name for o in v.orders("meds") if o.status == "active")
    )
    allergies = [
        ln[2:].split(" | ")[1] if " | " in ln else ln[2:]
        for ln in (v.text("allergy") or "").splitlines()
        if ln.startswith("- ")
    ]
    return v.say(
        f"Active medications: {'; '.join(names) or 'none found'}. Allergies: {', '.join(allergies) or 'no allergies recorded'}.",
        f"目前在用药物：{'；'.join(names) or '未找到'}。过敏：{'、'.join(allergies) or '未记录过敏'}。",
    )


def _overview(i: Intent, v: TurnView) -> str:
    cond = conditions_text(v)
    meds = ", ".join(
        dict.fromkeys(o.name for o in v.orders() if o.status == "active")
    ) or v.say("none found", "未找到")
    return v.say(
        f"I was not sure what you are asking; in summary, {cond}. Active medications: {meds}.",
        f"我不太确定您的问题；概括来说，{cond}。在用药物：{meds}。",
    )


# ------------------------------------------------------------------------------ decisions
def _drug_lab_safety(i: Intent, v: TurnView) -> str:
    drug = i.drugs[0]
    zh = drug_zh(drug)
    analyte = i.labs[0] if i.labs else None
    if analyte is None or v.latest(analyte) is None:
        return v.say(
            f"I could not find the monitoring lab for {drug}, so I cannot judge its safety; please check levels before the next dose.",
            f"未找到{zh}相关的监测化验，无法判断安全性；请在下次给药前复查。",
        )
    en_lab, zh_lab = _names(analyte)
    head = lab_sentence(analyte, v)
    if K.DRUG_CLASS.get(drug) == "insulin" and analyte == "glucose":
        return _insulin_safety(drug, v)
    aki = KC.aki_of(v) if K.DRUG_CLASS.get(drug) in ("acei", "arb") else None
    if aki is not None and KC.raas_hold_for_aki(aki.stage):
        b, p, c = (_num(round(x, 2)) for x in (aki.baseline, aki.peak, aki.latest))
        return v.say(
            f"{head}. But creatinine is {c} mg/dL, peak {p} against a baseline of {b} mg/dL: KDIGO stage {aki.stage} AKI, so hold {drug} for now and recheck the {en_lab} and creatinine.",
            f"{head}。但肌酐 {c} mg/dL，峰值 {p}、基线 {b} mg/dL：KDIGO {aki.stage}期急性肾损伤，应暂停{zh}（{drug}），并复查{zh_lab}和肌酐。",
        )
    if aki is not None:  # the kidneys were read: say what they show
        b, p, c = (_num(round(x, 2)) for x in (aki.baseline, aki.peak, aki.latest))
        head += v.say(
            f". Creatinine is {c} mg/dL (baseline {b}, peak {p}): no AKI",
            f"。肌酐 {c} mg/dL（基线 {b}，峰值 {p}）：无急性肾损伤",
        )
    action = safety_action(drug, analyte, v, is_unsafe(drug, analyte, v))
    if action == "hold":
        return v.say(
            f"{head}. With this value, hold {drug} for now and recheck the {en_lab}.",
            f"{head}。在这个水平下应暂停{zh}（{drug}），并复查{zh_lab}。",
        )
    if action == "reduce":
        return v.say(
            f"{head}. Reduce the {drug} dose and recheck the {en_lab}.",
            f"{head}。{zh}（{drug}）应减量，并复查{zh_lab}。",
        )
    if action == "increase":
        return v.say(
            f"{head}. It is below its target: increase the {drug} dose and recheck the {en_lab}.",
            f"{head}。低于目标：增加{zh}（{drug}）剂量，并复查{zh_lab}。",
        )
    return v.say(
        f"{head}. It is safe to continue {drug}; monitor the {en_lab}.",
        f"{head}。可以继续使用{zh}（{drug}），注意监测{zh_lab}。",
    )


def _insulin_safety(drug: str, v: TurnView) -> str:
    """Insulin judged on the glucose against the inpatient target, not the laboratory's
    fasting range (ADA Standards of Care 2024, section 16: 140-180 mg/dL, below 70
    hypoglycaemia: treat and lower the regimen; a reading below 70 in the last day: review
    and lower; Endocrine Society 2012 (Umpierrez): reassess the regimen below 100; above
    180 intensify)."""
    series = v.series("glucose")
    g = series[0]
    value = g.value or 0.0
    shown = f"{_num(value)} {g.unit} ({g.time[:10]})"
    recent_low = [x for x in series[1:] if (x.value or 999) < KC.GLUCOSE_LOW]
    if value < KC.GLUCOSE_LOW:
        return v.say(
            f"Glucose is {shown}, low: hypoglycemia on insulin. Treat it now, hold the next insulin dose and lower the regimen, and recheck the glucose in fifteen minutes.",
            f"血糖 {shown}，偏低：胰岛素治疗中出现低血糖。立即处理低血糖，暂停下一次胰岛素并减量，十五分钟后复查血糖。",
        )
    if recent_low:
        low = recent_low[0]
        return v.say(
            f"Glucose is {shown}, not high for an inpatient on insulin, but the glucose was {_num(low.value)} {low.unit} on {low.time}: hypoglycemia on insulin. Review and lower the regimen (reduce the scheduled and correction doses), and recheck the glucose before meals and at bedtime.",
            f"血糖 {shown}，不高，但 {low.time} 血糖为 {_num(low.value)} {low.unit}：胰岛素治疗中出现过低血糖。应复核胰岛素方案并减量，餐前和睡前复查血糖。",
        )
    if value < 100:
        return v.say(
            f"Glucose is {shown}, not high for an inpatient on insulin, with no hypoglycemia, but under 100 mg/dL: reassess the insulin regimen before the next dose (reduce it if readings keep falling) and recheck the glucose.",
            f"血糖 {shown}，对使用胰岛素的住院患者不算高，也没有低血糖，但低于 100 mg/dL：下次给药前重新评估胰岛素方案（继续下降则减量），复查血糖。",
        )
    if value > KC.GLUCOSE_HIGH:
        return v.say(
            f"Glucose is {shown}, which is above the target range for an inpatient on insulin (target 140-180 mg/dL). Intensify the insulin: increase the scheduled doses, and recheck the glucose before meals and at bedtime.",
            f"血糖 {shown}，高于目标范围（住院患者胰岛素治疗目标 140-180 mg/dL）。胰岛素需要加量，并在餐前和睡前复查血糖。",
        )
    word_en, word_zh = (
        ("within the inpatient target on insulin (140-180 mg/dL)", "在住院患者胰岛素治疗目标范围内（140-180 mg/dL）")
        if value >= 140
        else ("not high for an inpatient on insulin (target 140-180 mg/dL)", "对使用胰岛素的住院患者不算高（目标 140-180 mg/dL）")
    )  # fmt: skip
    return v.say(
        f"Glucose is {shown}, {word_en}. It is safe to continue {drug}; monitor the glucose.",
        f"血糖 {shown}，{word_zh}。可以继续使用{drug_zh(drug)}（{drug}），注意监测血糖。",
    )


def _weight_kg(v: TurnView) -> float | None:
    w = next(
        (
            x
            for x in P.parse_observations(v.text("weight") or "")
            if x.value is not None
        ),
        None,
    )
    if w is None or w.value is None:
        return None
    return round(w.value * 0.4536, 1) if "lb" in (w.unit + w.name).lower() else w.value


def _crcl(i: Intent, v: TurnView) -> str:
    patient, cr, kg = v.demographics(), v.latest("creatinine"), _weight_kg(v)
    if cr is None or cr.value is None or kg is None or patient.age is None:
        return v.say(
            "I could not compute the creatinine clearance: age, weight or creatinine is missing from the record.",
            "无法计算肌酐清除率：病历中缺少年龄、体重或肌酐。",
        )
    mg_dl = (
        cr.value / 88.4 if "mol" in cr.unit.lower() else cr.value
    )  # 1 mg/dL = 88.4 umol/L
    value = scores.crcl(
        age=patient.age, weight_kg=kg, creatinine=mg_dl, female=patient.female
    )
    basis_en = f"age {patient.age}, weight {_num(kg)} kg, creatinine {_num(cr.value)} {cr.unit}{', female' if patient.female else ''}"
    basis_zh = f"年龄 {patient.age}，体重 {_num(kg)} kg，肌酐 {_num(cr.value)} {cr.unit}{'，女性' if patient.female else ''}"
    head_en = (
        f"Cockcroft-Gault creatinine clearance is about {value:.0f} mL/min ({basis_en})"
    )
    head_zh = f"按 Cockcroft-Gault 公式，肌酐清除率约 {value:.0f} mL/min（{basis_zh}）"
    drug = i.drugs[0] if i.drugs else None
    if drug is None or drug not in K.RENAL_LIMITS:
        return v.say(f"{head_en}.", f"{head_zh}。")
    limit, zh = K.RENAL_LIMITS[drug], drug_zh(drug)
    if value < limit:
        return v.say(
            f"{head_en}; reduce or stop {drug} for renal function (below {limit:.0f} mL/min).",
            f"{head_zh}；应停用或减量{zh}（低于 {limit:.0f} mL/min）。",
        )
    return v.say(
        f"{head_en}; no dose adjustment of {drug} is needed.",
        f"{head_zh}；{zh}无需调整剂量。",
    )


def _treatment_response(i: Intent, v: TurnView) -> str:
    drug = i.drugs[0] if i.drugs else None
    series = v.series("wbc")
    if not series:
        return v.say(
            "No white count results were found since admission, so I cannot judge the response.",
            "入院以来未找到白细胞结果，无法判断疗效。",
        )
    first, last = series[-1], series[0]
    t = P.trend_of(first.value or 0.0, last.value or 0.0, 1)
    n = sum(v.doses_given(drug).values()) if drug else 0
    # a falling white count, or a stable normal one, is read as response (the agent's rule)
    responding = t == "falling" or (t == "stable" and last.flag == "")
    name, zh = drug or "the antibiotic", drug_zh(drug) if drug else "抗生素"
    head_en = f"After {n} doses of {name}, WBC went from {_num(first.value)} to {_num(last.value)} {last.unit} ({_TREND[t][0]})"
    head_zh = f"已给予{zh} {n} 剂，白细胞从 {_num(first.value)} 变为 {_num(last.value)} {last.unit}（{_TREND[t][1]}）"
    if responding:
        return v.say(
            f"{head_en}: the infection is responding. Continue {name}.",
            f"{head_zh}：治疗有效。建议继续{zh}。",
        )
    return v.say(
        f"{head_en}: not responding. Reassess and consider broadening the antibiotic coverage beyond {name}.",
        f"{head_zh}：疗效不佳。建议重新评估并考虑升级抗生素。",
    )


_CHA2DS2_PARTS = (
    ("CHF", "心衰", K.CHF),
    ("hypertension", "高血压", K.HTN),
    ("diabetes", "糖尿病", K.DM),
    ("stroke/TIA", "卒中/TIA", K.STROKE),
    ("vascular disease", "血管疾病", K.VASC),
)


def _cha2ds2vasc(i: Intent, v: TurnView) -> str:
    patient, conds = v.demographics(), v.conditions()
    if patient.age is None:
        return v.say(
            "I could not find the patient's age, so I cannot compute CHA2DS2-VASc.",
            "未找到患者年龄，无法计算 CHA2DS2-VASc。",
        )
    has = {en: P.has_code(conds, codes) for en, _, codes in _CHA2DS2_PARTS}
    score = scores.cha2ds2_vasc(
        age=patient.age,
        female=patient.female,
        chf=has["CHF"],
        htn=has["hypertension"],
        diabetes=has["diabetes"],
        stroke=has["stroke/TIA"],
        vascular=has["vascular disease"],
    )
    parts = [(en, zh) for en, zh, _ in _CHA2DS2_PARTS if has[en]] + (
        [("female sex", "女性")] if patient.female else []
    )
    # 2020 ESC AF guideline: oral anticoagulation recommended at CHA2DS2-VASc >= 2 (men), >= 3 (women)
    needs = score >= (3 if patient.female else 2)
    en_parts = "".join(", " + en for en, _ in parts)
    zh_parts = ("，" + "、".join(zh for _, zh in parts)) if parts else ""
    return v.say(
        f"CHA2DS2-VASc is {score} (age {patient.age}{en_parts}); "
        + (
            "anticoagulation is recommended."
            if needs
            else "anticoagulation is not routinely indicated."
        ),
        f"CHA2DS2-VASc 评分为 {score} 分（年龄 {patient.age} 岁{zh_parts}）；"
        + ("建议启动抗凝治疗。" if needs else "一般无需常规抗凝。"),
    )


def _child_pugh(i: Intent, v: TurnView) -> str:
    keys = ("bilirubin", "albumin", "inr")
    vals = {k: v.latest(k) for k in keys}
    missing = [k for k, x in vals.items() if x is None or x.value is None]
    if missing:
        return v.say(
            f"I could not compute Child-Pugh: no {', '.join(lab_name(k) for k in missing)} result.",
            f"无法计算 Child-Pugh：缺少{'、'.join(lab_name(k, 'zh') for k in missing)}结果。",
        )
    conds = v.conditions()
    ascites = 2 if P.has_code(conds, K.ASCITES) else 0
    enceph = 2 if P.has_code(conds, K.ENCEPHALOPATHY) else 0
    b, a, n = (vals[k].value or 0.0 for k in keys)  # type: ignore[union-attr]
    points, cls = scores.child_pugh(
        bilirubin=b, albumin=a, inr=n, ascites=ascites, encephalopathy=enceph
    )
    bu, au = vals["bilirubin"].unit, vals["albumin"].unit  # type: ignore[union-attr]
    return v.say(
        f"Child-Pugh score {points}, class {cls} (bilirubin {_num(b)} {bu}, albumin {_num(a)} {au}, INR {_num(n)}, "
        f"ascites {'present' if ascites else 'absent'}, encephalopathy {'present' if enceph else 'absent'}).",
        f"Child-Pugh 评分 {points} 分，{cls} 级（胆红素 {_num(b)} {bu}，白蛋白 {_num(a)} {au}，INR {_num(n)}，"
        f"腹水{'有' if ascites else '无'}，肝性脑病{'有' if enceph else '无'}）。",
    )


# ------------------------------------------------------------------------------ writes
def _flag(i: Intent, v: TurnView) -> str:
    if not v.written():
        return v.say("The safety flag could not be created.", "未能创建安全警示。")
    drug = i.drugs[0] if i.drugs else "the medication"
    en, zh = _names(i.labs[0]) if i.labs else ("labs", "化验")
    return v.say(
        f"Done: a safety flag about the {en} and {drug} was added to the chart.",
        f"已在病历中添加关于{zh}和{drug_zh(drug)}的安全警示。",
    )


def _consult(i: Intent, v: TurnView) -> str:
    if not v.written():
        return v.say("The consult request could not be placed.", "会诊申请未能提交。")
    service = i.service or KC.consult_service(principal_code(v)) or "internal medicine"
    priority = "urgent" if KC.consult_urgent(service, v, v.current_date) else "routine"
    zh = _SERVICE_ZH.get(service, service)
    return v.say(
        f"Done: a {priority} {service} consult was requested.",
        f"已申请{zh}{_PRIORITY_ZH.get(priority, priority)}会诊。",
    )


def _followup(i: Intent, v: TurnView) -> str:
    if not v.written():
        return v.say("The follow-up request could not be placed.", "随访预约未能提交。")
    service, days = KC.followup_plan(v, principal_code(v))
    target = v.date_in(days) or ""
    return v.say(
        f"Done: a routine {service} follow-up was requested for {target}.",
        f"已预约 {target} 的{_SERVICE_ZH.get(service, service)}常规随访。",
    )


def _replace_potassium(i: Intent, v: TurnView) -> str:
    if not v.written():
        return v.say("The potassium order could not be placed.", "补钾医嘱未能提交。")
    k = v.latest("potassium")
    extra = (
        v.say(
            f" (latest potassium {_num(k.value)} {k.unit})",
            f"（最近血钾 {_num(k.value)} {k.unit}）",
        )
        if k
        else ""
    )
    dose = (
        KC.potassium_replacement_meq(k.value, potassium_cardiac(v))
        if k is not None and k.value is not None
        else 40
    )
    dose = min(dose or 40, 40)
    return v.say(
        f"Ordered potassium chloride {dose} mEq PO once{extra}; recheck potassium after.",
        f"已开氯化钾 {dose} mEq 口服一次{extra}；之后复查血钾。",
    )


# ------------------------------------------------------------------------------ interviews
def _no_reply(v: TurnView) -> str:
    return v.say("The patient could not answer the question.", "患者未能回答该问题。")


def _patient_adherence(i: Intent, v: TurnView) -> str:
    reply = v.text("interview")
    if reply is None:
        return _no_reply(v)
    drug = i.drugs[0] if i.drugs else ""
    summary = P.adherence_summary(reply)
    head_en = (
        f"About {drug or 'the medication'}, the patient "
        + (summary[0] if summary else "says")
        + f': "{reply}"'
    )
    head_zh = (
        f"关于{drug_zh(drug) if drug else '该药'}，患者"
        + (summary[1] if summary else "自述")
        + f"：“{reply}”"
    )
    if summary is not None:
        # what the account does to the order: taken as prescribed, the order stands; not
        # taken as prescribed, the home response was on less drug, so reconcile before
        # continuing or escalating (The Joint Commission NPSG.03.06.01; 2018 ESC/ESH
        # hypertension guideline 8.2: exclude non-adherence before escalating)
        if summary[0].startswith("takes it regularly"):
            head_en += " Taken as prescribed: continue as ordered."
            head_zh += "按时服用：按原医嘱继续。"
        else:
            head_en += (
                " Not taken as prescribed: reconcile the order with what the patient "
                "actually takes before continuing or escalating the dose."
            )
            head_zh += "未按医嘱服用：继续或加量前先做用药重整，核对实际用量。"
    if i.with_record:
        record = med_sentence(drug or None, v)
        return v.say(f"{_cap(record)}. {head_en}", f"{record}。{head_zh}")
    return v.say(head_en, head_zh)


def _patient_symptoms(i: Intent, v: TurnView) -> str:
    reply = v.text("interview")
    if reply is None:
        return _no_reply(v)
    text = v.say(f'The patient reports: "{reply}"', f"患者自述：“{reply}”")
    if i.with_record:
        cond = conditions_text(v)
        text += v.say(f" In the record, {cond}.", f" 病历中{cond}。")
    return text


def _patient_other(i: Intent, v: TurnView) -> str:
    reply = v.text("interview")
    return (
        _no_reply(v)
        if reply is None
        else v.say(f'The patient says: "{reply}"', f"患者说：“{reply}”")
    )


#: Intent kind -> answer handler (the same keys as :data:`.plans.PLANS`).
ANSWERS: dict[str, Handler] = {
    "lab_latest": _lab_latest,
    "labs_trend": _labs_trend,
    "lab_and_med": _lab_and_med,
    "med_current": _med_current,
    "diagnoses": _diagnoses,
    "diagnosis_check": _diagnosis_check,
    "cultures": _cultures,
    "infection": _infection,
    "antibiotics_given": _antibiotics_given,
    "discharge_meds": _discharge_meds,
    "drug_lab_safety": _drug_lab_safety,
    "crcl": _crcl,
    "treatment_response": _treatment_response,
    "cha2ds2vasc": _cha2ds2vasc,
    "child_pugh": _child_pugh,
    "flag": _flag,
    "consult": _consult,
    "followup": _followup,
    "replace_potassium": _replace_potassium,
    "patient_adherence": _patient_adherence,
    "patient_symptoms": _patient_symptoms,
    "patient_other": _patient_other,
    "overview": _overview,
}

ANSWERS |= CLINICAL_ANSWERS | RECORD_ANSWERS | MICRO_ANSWERS


def answer(intent: Intent, view: TurnView) -> str:
    """The answer to a request once its calls have run; never raises on odd tool output."""
    try:
        text = ANSWERS[intent.kind](intent, view)
    except (
        ValueError,
        KeyError,
        IndexError,
        TypeError,
        AttributeError,
        ArithmeticError,
    ):
        # a parsing surprise must not end the episode: say what happened instead
        text = view.say(
            "I looked this up but could not interpret the results reliably; please review the record.",
            "我已查询，但无法可靠地解读结果，请核对病历。",
        )
    if view.errors:
        text += view.say(" (Some record queries failed.)", "（部分病历查询失败。）")
    return text or view.say(
        "I found nothing relevant in the record for this request.",
        "病历中没有找到与此请求相关的信息。",
    )
