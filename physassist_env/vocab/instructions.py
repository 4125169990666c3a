"""Instruction words of the one clinical vocabulary: what an answer tells someone to do.

An answer adds instructions beyond the question it was asked ("Also give potassium
chloride 40 mEq IV push now", "华法林剂量加倍"). The closed-world accounting
(:mod:`physassist_env.grading.instructions`) reads every instruction about a drug, a blood
product or an order with these words, EN and ZH, and the harm list
(:mod:`physassist_env.clinical.harm`) judges it. The words are listed as written (EN forms
spelled out: an imperative, its ``-s`` and ``-ing`` forms and the passive after a modal;
past forms such as "was given" state a fact, not an instruction, and are not listed, except
"ordered" and "prescribed", which an answer uses for the order the agent just placed).

A word of :data:`INSTRUCTION_WORDS` may carry its own object (:data:`IMPLIED_TARGETS`:
"transfuse" gives red cells, 补钾 gives potassium). :data:`NOT_INSTRUCTIONS` are phrases that
contain an instruction word but say something else ("in order to", 正在使用 "is running",
"viral load"); the longest phrase wins, so they block the word inside them.
"""

from __future__ import annotations

from enum import StrEnum


class Act(StrEnum):
    """What an instruction does to its target."""

    GIVE = "give"  # give, start, resume, add, order, transfuse, push ...
    INCREASE = "increase"  # increase, double, up-titrate, 加量, 加倍 ...
    DECREASE = "decrease"
    STOP = "stop"
    CONTINUE = "continue"
    CHANGE = "change"  # switch to / 改用: gives the target after it
    MONITOR = "monitor"


#: Instruction words by act (EN lowercase, ZH as written).
INSTRUCTION_WORDS: dict[Act, tuple[str, ...]] = {
    Act.GIVE: (
        "give", "gives", "giving", "be given",
        "administer", "administers", "administering", "be administered",
        "start", "starts", "starting", "be started", "start on",
        "begin", "initiate", "initiating", "be initiated", "commence",
        "add", "adding", "be added", "add on",
        "resume", "resuming", "be resumed", "restart", "restarting", "be restarted",
        "re-start", "reinstate", "reintroduce", "re-introduce",
        "load", "loading dose", "bolus", "push", "pushing", "be pushed",
        "infuse", "infusing", "be infused", "hang",
        "transfuse", "transfusing", "be transfused",
        "order", "orders", "ordering", "ordered", "be ordered",
        "prescribe", "prescribing", "prescribed", "be prescribed",
        "replete", "repleting", "replace", "replacing", "replacement", "supplement",
        "treat with", "treating with", "put him on", "put her on", "put them on",
        "put the patient on", "send home on", "send him home on", "send her home on",
        "discharge on", "discharge home on", "go home on", "going home on",
        "redose", "re-dose", "top up",
        "给予", "予以", "予", "给", "给药", "加用", "开始", "启动", "启用", "恢复",
        "重新开始", "重启", "开具", "开立", "加开", "再开", "开一条", "再开一条", "下医嘱", "开医嘱", "用上",
        "开始使用", "建议使用", "可以使用", "可使用", "应使用", "立即使用", "请使用",
        "静推", "静脉推注", "推注", "静注", "输注", "输入", "输液", "补充", "补",
        "带回家", "出院带", "泵入", "静滴", "静脉滴注", "做增强",
        # issue #35, eleventh pass: "add X to the plan" in Chinese (计划里加上X, 追加一剂X)
        "加上", "追加",
        # issue #35, fifteenth pass: one drug laid on another ("layer X onto Y", 叠加)
        "layer", "layering", "layer on", "叠加",
    ),
    Act.INCREASE: (
        "increase", "increases", "increasing", "be increased",
        "double", "doubles", "doubling", "be doubled", "triple", "tripling",
        "uptitrate", "up-titrate", "titrate up", "bump up", "bump", "raise", "raising",
        "up the dose", "go up on", "escalate the dose",
        "加量", "增加剂量", "增加", "加倍", "翻倍", "翻一番", "翻番", "双倍", "上调", "提高剂量", "加大剂量", "加大",
        "增加一倍", "加一倍", "提高一倍", "加至", "加到", "增至", "增加到", "增加至",
        "上调至", "上调到", "提高到", "提高至", "加量至", "加量到",
    ),
    Act.DECREASE: (
        "reduce", "reducing", "be reduced", "decrease", "decreasing", "be decreased",
        "lower", "lowering", "be lowered", "cut back", "cut down", "halve", "halving",
        "taper", "tapering", "dose-reduce",
        "减量", "减少剂量", "减少", "减半", "下调", "降低剂量", "减低",
    ),
    Act.STOP: (
        "hold", "holding", "be held", "stop", "stopping", "be stopped",
        "discontinue", "discontinuing", "be discontinued", "withhold", "withholding",
        "pause", "cease", "suspend", "come off", "take off", "leave off", "skip",
        "keep held", "keep it held", "keep them held", "keep holding", "remain held",
        "stay held", "stays held", "继续暂停", "继续停用",
        "defer", "deferring", "be deferred", "postpone", "be postponed",
        "暂停", "停用", "停止", "停药", "停掉", "先停", "停", "暂缓", "推迟",
    ),
    Act.CONTINUE: (
        "continue", "continuing", "be continued", "keep", "keeping", "maintain",
        "carry on", "stay on", "leave on",
        "继续", "继续使用", "维持", "照常", "照旧", "保持",
    ),
    Act.CHANGE: (
        "switch to", "switching to", "change to", "changing to", "convert to",
        "transition to", "改用", "换用", "换成", "改为", "转为",
        "调整为", "调整至", "调整到", "调至", "调到",
    ),
    Act.MONITOR: (
        "recheck", "rechecking", "re-check", "monitor", "monitoring", "repeat",
        "repeating", "check", "checking", "trend", "follow", "following",
        "复查", "监测", "复测", "随访", "再查", "重查",
    ),
}  # fmt: skip

#: Phrases that contain an instruction word but give no instruction (a noun, a fact of the
#: chart, a list heading): they block the words inside them.
NOT_INSTRUCTIONS: tuple[str, ...] = (
    "in order to", "in order", "the order", "an order", "this order", "that order",
    "the orders", "order set", "orders", "viral load", "load of", "start date",
    "the start", "a start", "start time", "the restart", "on hold", "keep in mind",
    "push back",
    "check with", "follow-up", "follow up with", "followed by", "as follows",
    "replacement therapy", "the replacement", "given that", "given the", "given this",
    "given his", "given her", "given their", "given its",
    "在用", "正在使用", "在使用", "仍在使用", "还在使用", "已使用", "曾使用", "使用期间",
    "用药", "给药途径", "开始时间", "开始于", "作用", "输液港", "补体",
    "继续监测", "维持在", "保持在", "开始的", "天前开始", "周前开始", "月前开始", "年前开始", "小时前开始",
    "之前开始", "开始时机", "开始时间点", "开始出现", "开始有", "开始发", "给出", "交给", "留给", "给您", "给我", "发给",
    "供给", "递给", "停留", "恢复正常", "恢复到", "keep an eye", "the ordered",
    "ordered at", "ordered dose", "prescribed dose", "is ordered", "are ordered",
    "was ordered", "were ordered", "add-on", "as prescribed", "as ordered", "泵入中",
    "正在泵入", "follow up", "pick up",
    "as scheduled", "as directed",
)  # fmt: skip

#: Instruction words that name their own object -> the subject key it is given.
IMPLIED_TARGETS: dict[str, str] = {
    "transfuse": "drug:class:transfusion",
    "transfusing": "drug:class:transfusion",
    "be transfused": "drug:class:transfusion",
    "输液": "drug:class:iv_fluid",
}

#: An analyte named as what is given ("replete the potassium", 补钾) -> the salt given.
ANALYTE_GIVEN: dict[str, str] = {
    "potassium": "drug:potassium chloride",
    "magnesium": "drug:magnesium sulfate",
}

#: Route words -> route: ``push`` (IV push or bolus), ``iv``, ``sc``, ``po``, ``im``.
ROUTE_WORDS: dict[str, str] = {
    "iv push": "push", "ivp": "push", "push": "push", "pushed": "push",
    "bolus": "push", "iv bolus": "push", "rapid iv": "push", "undiluted": "push",
    "slam": "push", "push back": "", "静推": "push", "静脉推注": "push", "推注": "push", "静注": "push",
    "快速静脉": "push",
    "iv": "iv", "intravenous": "iv", "intravenously": "iv",
    "drip": "iv", "infusion": "iv", "ivpb": "iv", "静脉": "iv", "静滴": "iv",
    "静脉滴注": "iv", "静脉输注": "iv", "泵入": "iv",
    "sc": "sc", "sq": "sc", "subcut": "sc", "subcutaneous": "sc",
    "subcutaneously": "sc", "皮下": "sc",
    "po": "po", "oral": "po", "orally": "po", "by mouth": "po",
    "口服": "po",
    "im": "im", "intramuscular": "im", "intramuscularly": "im", "肌注": "im",
    "肌内注射": "im",
    "intrathecal": "intrathecal", "intrathecally": "intrathecal", "鞘内": "intrathecal",
    "鞘内注射": "intrathecal", "鞘注": "intrathecal",
    # routes an infusion is not (a nasal saline spray goes home)
    "nu": "nasal", "nasal": "nasal", "intranasal": "nasal", "鼻腔": "nasal", "喷鼻": "nasal",
    "tp": "topical", "topical": "topical", "外用": "topical",
    "inh": "inhaled", "inhaled": "inhaled", "吸入": "inhaled",
}  # fmt: skip

#: Words that make a dose change a doubling (factor 2).
DOUBLE_WORDS: tuple[str, ...] = (
    "double", "doubles", "doubling", "be doubled", "twice the", "twice as much",
    "two times the", "2x the", "2 x the", "x2 the dose",
    "加倍", "翻倍", "双倍", "两倍", "2倍", "一倍", "翻一番", "翻番",
)  # fmt: skip

#: Words that make an instruction depend on a condition ("restart it once the bleeding has
#: settled", 待 INR 回到 2-3 后减量): it is not an instruction for now.
CONDITION_WORDS: tuple[str, ...] = (
    "if", "once", "when", "whenever", "after", "until", "unless", "provided",
    "in case", "as needed", "prn", "if needed", "otherwise", "would otherwise",
    "in principle", "in theory", "alone would",
    "单从", "仅从", "单看", "理论上", "本应", "原本",
    "如果", "如有", "若", "一旦", "待", "等到", "直到", "除非", "必要时", "倘若", "假如",
    "后再", "之后再", "后开始", "后启动", "后恢复", "后加用", "后重启", "则", "仍低于",
    "仍高于",
    # eighth pass (f35j): an inverted "should", a contingency, 万一
    "should the", "should it", "should she", "should he", "should her", "should his",
    "should labs", "should the labs", "in the event", "contingency", "fallback", "backup plan",
    "万一", "备用方案", "预案", "应急方案", "如遇",
)  # fmt: skip

#: Words that make an instruction a question left to the reader ("decide whether to
#: resume", 是否恢复): not an instruction.
QUESTION_WORDS: tuple[str, ...] = (
    "whether", "consider whether", "decide whether", "ask whether", "是否", "要不要",
    "需不需要", "需否",
    # when, not whether, left to the reader ("decide when to resume it", 决定何时恢复)
    "decide when", "when to", "何时", "什么时候",
)  # fmt: skip

#: Words that make a following participle a fact of the past ("was given", 已给予):
#: the chart's history, not an instruction.
PAST_WORDS: tuple[str, ...] = (
    "was", "were", "had been", "has been", "have been", "already", "previously",
    "last", "已", "已经", "曾", "之前", "上次",
)  # fmt: skip

#: On a discharge list, words that leave a drug off it ("stays in hospital", 院内使用).
OFF_LIST_WORDS: tuple[str, ...] = (
    "inpatient only", "inpatient-only", "in hospital only", "in-hospital only",
    "not for discharge", "not for home", "not going home", "not to go home",
    "stays in hospital", "stay in hospital", "left off", "leave off", "off the list",
    "not continued", "not on the discharge", "no longer", "stopped at discharge",
    "stop at discharge", "stop on discharge", "not be continued", "not be sent home",
    "stopped since", "stopped", "discontinued", "not ordered", "no longer ordered",
    "held", "on hold",
    "院内", "住院期间", "不带", "不带回", "出院停", "出院时停", "不继续", "不再", "停用",
    "已停", "未开", "暂停",
)  # fmt: skip
