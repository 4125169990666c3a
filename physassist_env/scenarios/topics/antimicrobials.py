"""Antimicrobial topics: culture susceptibilities (IL), conditional gathering "if the
lactate is up, check the cultures" (DG), lactate clearance (CR), culture-guided
de-escalation (CR)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from physassist_env.clinical.allergy import ruling_allergy
from physassist_env.clinical.breakpoints import pip_tazo_caveat
from physassist_env.clinical.culture_reading import (
    is_screen,
    other_isolates,
    same_specimen,
)
from physassist_env.clinical.infection import (
    lactate_context,
    mrsa_screen,
    mrsa_screen_positive,
    nares_supports_stopping_mrsa_cover,
    pneumonia_suspected,
    vancomycin_target_grown,
)
from physassist_env.clinical.routes import systemic
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.derived import active_generics
from physassist_env.scenarios.features import organism_terms
from physassist_env.scenarios.model import (
    Implicitness,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.topics.base import (
    Draft,
    TopicContext,
    culture_summary,
    day,
    days_old,
    drawn_text,
    grew_zh,
    requires,
)
from physassist_env.scenarios.topics.reasoning import INTRINSIC_RESISTANCE
from physassist_env.scenarios.vocab import ANTIBIOTICS, drug_zh
from physassist_env.vocab.decisions import (
    CONTINUE,
    DECISION_WORDS,
    HOLD,
    MONITOR,
    Decision,
)
from physassist_env.vocab.diagnoses import allergy_zh
from physassist_env.vocab.microbiology import (
    culture_zh,
    organism_text_zh,
    panel_antibiotic_zh,
)


def test_zh(test: str) -> str:
    """A culture test's name as written in a Chinese chart (the name itself when unknown):
    the one culture vocabulary's (:func:`~physassist_env.vocab.microbiology.culture_zh`)."""
    return culture_zh(test) or test


def _tested(ctx: TopicContext) -> list[dict[str, Any]]:
    """Clinical cultures known at the session date with an organism and a susceptibility
    panel. A screening swab's panel (a nares MRSA screen) is colonisation, not a clinical
    isolate: it is never "the culture" and never grounds a narrowing
    (:func:`~physassist_env.clinical.culture_reading.is_screen`; IDSA/ATS 2016 HAP/VAP;
    round 15b, 10005817-28661809 t2: "stop meropenem" on an MRSA nares screen)."""
    return [
        c
        for c in ctx.facts.cultures
        if c["organism"] and c["susceptibility"] and not is_screen(c)
    ]


#: Partner drugs never meant to cover an aerobic Gram-negative or a Gram-negative's
#: partner (metronidazole for anaerobes, vancomycin for Gram-positives): their intrinsic
#: inactivity is no news beside an isolate.
_PARTNER_ONLY = frozenset({"metronidazole", "vancomycin"})


def _intrinsic(organism: str, running: list[str]) -> list[str]:
    """The running antibiotics (not :data:`_PARTNER_ONLY`) the organism is intrinsically
    resistant to (:data:`INTRINSIC_RESISTANCE`)."""
    low = organism.lower()
    return [
        g
        for g in running
        if g not in _PARTNER_ONLY
        and any(f in low and g in drugs for f, drugs in INTRINSIC_RESISTANCE.items())
    ]


def _panel_text(c: dict[str, Any], running: list[str]) -> tuple[str, str]:
    """One isolate and its panel (CLSI M100 S/I/R as reported), as (EN, ZH), with the
    running antibiotics the organism is intrinsically resistant to (CLSI M100 Appendix
    B; :data:`INTRINSIC_RESISTANCE`): those do not cover it, whatever the panel."""
    org = c["organism"]
    panel = c["susceptibility"]
    susc = [ab for ab, v in panel.items() if v.upper() == "S"]
    # an intermediate result is not resistance (CLSI M100: "I" is a buffer zone, the
    # drug may work where it concentrates or at a higher dose): said as such (round 6b)
    res = [ab for ab, v in panel.items() if v.upper() == "R"]
    mid = [ab for ab, v in panel.items() if v.upper() == "I"]
    en = f"{org}, susceptible to {', '.join(susc)}" if susc else org
    zh = organism_text_zh(org) + (
        f"，对{'、'.join(panel_antibiotic_zh(a) for a in susc)}敏感" if susc else ""
    )
    if res:
        en += f"; resistant to {', '.join(res)}"
        zh += f"；对{'、'.join(panel_antibiotic_zh(a) for a in res)}耐药"
    else:
        en += "; no resistance reported on the panel"
        zh += "；药敏板未报告耐药"
    if mid:
        en += f"; intermediate to {', '.join(mid)}"
        zh += f"；对{'、'.join(panel_antibiotic_zh(a) for a in mid)}中介"
    caveat = pip_tazo_caveat(c)
    if caveat is not None:
        # the letter against its MIC and the current breakpoint (round 17, reading m,
        # 10019003-26226543 t3: clinical.breakpoints; CLSI M100 2022, IDSA 2023, MERINO)
        en += f" (piperacillin-tazobactam reported susceptible, but {caveat[0]})"
        zh += f"（哌拉西林他唑巴坦报告为敏感，但{caveat[1]}）"
    intrinsic = _intrinsic(org, running)
    if intrinsic:
        en += (
            f" (intrinsically resistant to the running {' and '.join(intrinsic)}:"
            " not covered by it)"
        )
        zh += f"（对正在使用的{'、'.join(drug_zh(g) for g in intrinsic)}天然耐药，未覆盖）"
    return en, zh


@requires("microbiology")
def susceptibilities(ctx: TopicContext) -> Draft | None:
    """IL: what the latest tested culture grew and what the isolate is susceptible and
    resistant to (as reported; CLSI M100 S/I/R categories)."""
    tested = _tested(ctx)
    if not tested:
        return None
    c = max(tested, key=lambda x: x["time"])
    # every isolate of that specimen (round 16b, reading m: E. coli named alone where
    # the same sputum grew Stenotrophomonas, 10037861-24540843 t0): a specimen that
    # grew two organisms is reported with both panels (IDSA/ASM 2018 guide to the
    # microbiology laboratory, Miller JM et al., Clin Infect Dis 2018;67:e1-e94)
    isolates = [x for x in tested if x is c or same_specimen(x, c)]
    susc = [ab for ab, v in c["susceptibility"].items() if v.upper() == "S"]
    res = [ab for ab, v in c["susceptibility"].items() if v.upper() == "R"]
    if not susc:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    # the culture's own day: on a long stay with many micro results the 20 newest may not
    # reach it (the demo's 98 results: the growth of day 1 missed, so the gold's organism
    # was "said grown" without a culture seen)
    culture_day = c["time"][:10]
    ctx.run(
        "Observation.search",
        {
            "category": "microbiology",
            "date_from": culture_day,
            "date_to": culture_day,
            "_count": 50,
        },
        calls,
        obs,
    )
    org = c["organism"]
    explicit = ctx.request(
        [
            Text(
                en="What did the culture grow, and what's it sensitive to?",
                zh="培养出来什么菌？对哪些药敏感？",
            ),
            Text(
                en="Can you pull the sensitivities on the culture?",
                zh="帮我看一下培养的药敏结果。",
            ),
            Text(
                en="Which organism came back, and what does the panel show?",
                zh="培养出了什么？药敏结果怎么样？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if any(e.startswith("culture") for e in ctx.last_entities()):
        implicit[Implicitness.NA] = Text(
            en="What's it sensitive to?", zh="它对什么药敏感？"
        )
    running = [
        g
        for g, o in active_generics(ctx.facts).items()
        if g in ANTIBIOTICS and systemic(o.name, o.route)
    ]
    if any(_intrinsic(x["organism"], running) for x in isolates):
        # the running drug said not to cover an isolate is looked up, so it is seen
        ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    parts = [_panel_text(x, running) for x in isolates]
    answer = Text(
        en=f"The {c['test'].lower()} from {day(c['time'])} grew "
        + "; and ".join(p[0] for p in parts)
        + ".",
        zh=f"{day(c['time'])} 的{grew_zh(test_zh(c['test']))}"
        + "；另有".join(p[1] for p in parts)
        + "。",
    )
    items = [
        R.mention_item(
            f"Names the organism ({x['organism']})",
            f"指出培养出的细菌（{x['organism']}）",
            organism_terms(x["organism"]),
        )
        for x in isolates
    ] + [
        R.mention_item(
            "Names antibiotics it is susceptible to",
            "指出敏感的抗生素",
            [t for a in susc for t in (a, panel_antibiotic_zh(a))],
        ),
    ]
    if res:
        items.append(
            R.mention_item(
                "Names the resistance",
                "指出耐药的抗生素",
                [t for a in res for t in (a, panel_antibiotic_zh(a))],
            )
        )
    if any(pip_tazo_caveat(x) for x in isolates):
        items.append(
            R.mention_item(
                "Says piperacillin-tazobactam is not reliable for the isolate (MIC above"
                " the current breakpoint or a probable ESBL producer)",
                "指出哌拉西林他唑巴坦对该菌不可靠（MIC 高于现行折点或可能产 ESBL）",
                [
                    "ESBL",
                    "MIC",
                    "dose-dependent",
                    "not recommended",
                    "剂量依赖",
                    "不推荐",
                ],
            )
        )
    items.append(R.tool_item(["Observation.search"], "the culture results", "培养结果"))
    return Draft(
        task_type=TaskType.IL,
        tool_source=ToolSource.EHR,
        topic="susceptibilities",
        entities=[f"culture:{c['id']}"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Observation"},
        record_facts=[f"{c['test']} {day(c['time'])}: {org}"],
        known={"cultures"},
    )


#: Days a lactate stays a reading of the perfusion now: the session day and the day
#: before. Surviving Sepsis Campaign 2021 (Evans L et al., Crit Care Med
#: 2021;49:e1063-e1143) measures lactate when sepsis is suspected and remeasures it
#: within 2-4 h while raised; a value from an earlier day is the past (round 16).
LACTATE_CURRENT_DAYS = 1


@requires("lab")
def conditional_cultures(ctx: TopicContext) -> Draft | None:
    """DG, conditional: check the lactate, and only if it is up, the cultures.

    A lactate above 2 mmol/L is the Sepsis-3 septic-shock lactate criterion (Singer M et
    al., JAMA 2016;315:801-10); with it, blood cultures should be in before antibiotics
    (Surviving Sepsis Campaign 2021, Evans L et al., Crit Care Med 2021;49:e1063-e1143).
    """
    lac = ctx.facts.labs.get("lactate")
    if lac is None or "lab:lactate:latest" in ctx.known:
        return None
    p = lac.latest
    if p.flag == "L":  # below the range: "not up" but not "normal" either; not asked
        return None
    up = p.value > 2.0
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run("Observation.search", {"code": "lactate", "_count": 5}, calls, obs)
    v = R.fmt(p.value, 1)
    shown = " ".join(obs)
    if "Lactate Dehydrogenase" in shown and not any(
        f"Lactate = {x} " in shown for x in (v, p.value)
    ):
        # the answer says only what the search shows: "lactate" also finds lactate
        # dehydrogenase rows, and five newer LDH rows push the latest lactate out of
        # the five shown (a MIMIC-IV demo admission: the closed world graded a gold
        # citing that unseen lactate 0.5)
        return None
    # a lactate not from the session day is dated (topics.base.drawn_text)
    drawn_en, drawn_zh = drawn_text(p, ctx.facts.current_date)
    when_en = f" ({drawn_en})" if drawn_en else ""
    when_zh = f"（{drawn_zh}）" if drawn_zh else ""
    # round 16: a lactate older than the day before is no reading of the perfusion now
    # (Surviving Sepsis Campaign 2021: measure on suspicion, remeasure within 2-4 h):
    # its value is said as then, and it is repeated, not relied on
    stale = days_old(p, ctx.facts.current_date) > LACTATE_CURRENT_DAYS
    repeat_en = (
        f" That lactate is {days_old(p, ctx.facts.current_date)} days old: repeat it now."
        if stale
        else ""
    )
    repeat_zh = (
        f"该乳酸已是 {days_old(p, ctx.facts.current_date)} 天前的结果，请立即复查。"
        if stale
        else ""
    )
    explicit = ctx.request(
        [
            Text(
                en="Check the lactate, and if it's up, look at the cultures.",
                zh="看一下乳酸，如果高的话再查一下培养结果。",
            ),
            Text(
                en="What's the lactate? If it's elevated, what have the cultures shown?",
                zh="乳酸多少？要是偏高，培养有什么结果？",
            ),
            Text(
                en="Lactate first; if that's high, pull the micro too.",
                zh="先看乳酸；高的话把微生物结果也调出来。",
            ),
        ]
    )
    if up:
        ctx.run(
            "Observation.search",
            {"category": "microbiology", "date_from": ctx.facts.start[:10]},
            calls,
            obs,
        )
        # a negative gram stain, MRSA screen or serology is no culture
        # (clinical.infection.is_culture): it neither "grew nothing" nor was "sent"
        cultures = ctx.facts.culture_results()
        # every organism of the window (topics.base.culture_summary)
        found_en, found_zh, grown_items = culture_summary(cultures)
        sent = len(cultures)
        if found_en:
            answer = Text(
                en=f"Lactate is {v} mmol/L{when_en}, elevated, so I checked the cultures: {found_en}.{repeat_en}",
                zh=f"乳酸 {v} mmol/L{when_zh}，偏高，因此查看了培养结果：{found_zh}。{repeat_zh}",
            )
            micro = grown_items
        elif sent:
            answer = Text(
                en=f"Lactate is {v} mmol/L{when_en}, elevated, so I checked the cultures: none has grown an organism so far.{repeat_en}",
                zh=f"乳酸 {v} mmol/L{when_zh}，偏高，因此查看了培养结果：目前均未培养出细菌。{repeat_zh}",
            )
            micro = [
                R.mention_item(
                    "Says no culture has grown an organism",
                    "指出培养均未见细菌生长",
                    [
                        "no growth",
                        "none has grown",
                        "nothing has grown",
                        "no organism",
                        "未培养出",
                        "未见细菌",
                        "无细菌生长",
                    ],
                )
            ]
        else:
            answer = Text(
                en=f"Lactate is {v} mmol/L{when_en}, elevated, but no culture result is in the record this admission: make sure blood cultures are sent before any new antibiotic.{repeat_en}",
                zh=f"乳酸 {v} mmol/L{when_zh}，偏高，但本次住院记录中尚无培养结果：在调整抗生素前确保已送血培养。{repeat_zh}",
            )
            micro = [
                R.mention_item(
                    "Says no culture has resulted and asks for blood cultures",
                    "指出尚无培养结果并建议送血培养",
                    [
                        "send blood cultures",
                        "blood cultures",
                        "no cultures",
                        "no culture result",
                        "送血培养",
                        "血培养",
                        "未送检",
                    ],
                )
            ]
        items = [
            R.value_item(lac.lab, p.value, p.unit),
            R.flag_item(lac.lab, "H"),
            *micro,
            R.tool_item(["Observation.search"], "the cultures", "培养结果"),
        ]
        if stale:
            items.append(
                R.mention_item("Repeats the old lactate", "复查陈旧的乳酸", MONITOR)
            )
    elif stale:
        answer = Text(
            en=f"There is no current lactate: the latest, {v} mmol/L ({drawn_en}), was not elevated then but says nothing about the perfusion now, so it is no reason to leave the cultures unchecked. Repeat the lactate if sepsis is suspected.",
            zh=f"目前没有近期乳酸：最近一次 {v} mmol/L（{drawn_zh}）当时不高，但不能反映现在的灌注，不能据此不看培养。如怀疑脓毒症，请复查乳酸。",
        )
        items = [
            R.value_item(lac.lab, p.value, p.unit),
            R.conclusion_item(
                "Says there is no current lactate (the latest is days old) and repeats it",
                "指出没有近期乳酸（最近一次为数天前）并复查",
                ["no current", "not current", "days ago", "没有近期", "天前"],
                ["the cultures did not need", "无需据此查看培养"],
            ),
            R.mention_item("Repeats the lactate", "复查乳酸", MONITOR),
            R.tool_item(["Observation.search"], "the lactate", "乳酸"),
        ]
    else:
        answer = Text(
            en=f"Lactate is {v} mmol/L{when_en}, not elevated, so the cultures did not need checking on that basis.",
            zh=f"乳酸 {v} mmol/L{when_zh}，正常，因此无需据此查看培养结果。",
        )
        items = [
            R.value_item(lac.lab, p.value, p.unit),
            R.flag_item(lac.lab, "N"),
            R.mention_item(
                "Says the cultures need not be checked on that basis",
                "指出无需据此查看培养",
                ["did not need", "no need", "not needed", "无需", "不需要", "不用"],
            ),
            R.tool_item(["Observation.search"], "the lactate", "乳酸"),
        ]
    return Draft(
        task_type=TaskType.DG,
        tool_source=ToolSource.EHR,
        topic="conditional_cultures",
        entities=["lab:lactate", "cultures"],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Observation"},
        record_facts=[f"lactate {v} mmol/L" + (" (cultures checked)" if up else "")],
        known={"lab:lactate:latest"} | ({"cultures"} if up else set()),
    )


CLEARING = [
    "clearing",
    "cleared",
    "improving",
    "coming down",
    "normalised",
    "normalized",
    "下降",
    "降下来",
    "在降",
    "好转",
    "已清除",
    "恢复正常",
]
NOT_CLEARING = [
    "not clearing",
    "not cleared",
    "not improving",
    "still rising",
    "未下降",
    "未清除",
    "没有下降",
    "没降",
    "还在升",
]


@requires("lab")
def lactate_clearance(ctx: TopicContext) -> Draft | None:
    """CR: is the lactate clearing from its peak?

    Lactate clearance of at least 10% from the peak (Nguyen HB et al., Crit Care Med
    2004;32:1637-42; Jones AE et al., JAMA 2010;303:739-46) and normalisation below
    2 mmol/L guide resuscitation (Surviving Sepsis Campaign 2021). When the latest value
    is the highest so far nothing has cleared: the answer says it is at its peak, not
    "peaked at X and is X now". Sepsis is named only where the admission codes it
    (:func:`~physassist_env.clinical.infection.lactate_context`).
    """
    lac = ctx.facts.labs.get("lactate")
    if lac is None or len(lac.points) < 2:
        return None
    peak_i = max(range(len(lac.points)), key=lambda i: lac.points[i].value)
    peak = lac.points[peak_i]
    if peak.value <= 2.0:
        return None
    latest = lac.latest
    at_peak = latest.value >= peak.value  # the latest is the highest of the admission
    clearance = (peak.value - latest.value) / peak.value
    clearing = clearance >= 0.10
    why = lactate_context([ctx.facts.icd.get(c, c) for c, _ in ctx.facts.conditions])
    calls: list[ToolCall] = []
    obs: list[str] = []
    ctx.run(
        "Observation.search",
        {"code": "lactate", "date_from": ctx.facts.start[:10]},
        calls,
        obs,
    )
    pv, lv = R.fmt(peak.value, 1), R.fmt(latest.value, 1)
    explicit = ctx.request(
        [
            Text(en="Is the lactate clearing?", zh="乳酸在下降吗？"),
            Text(
                en="How's the lactate trending from its peak: is it clearing?",
                zh="乳酸从峰值以来怎么变化？有没有清除？",
            ),
            Text(
                en="Has the lactate come down with resuscitation?",
                zh="复苏以后乳酸降下来了吗？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if ctx.antecedent("lab:lactate"):
        implicit[Implicitness.NA] = Text(en="Is that clearing?", zh="这个在下降吗？")
    pct = round(clearance * 100)
    normal = latest.value <= 2.0
    # round 16: a latest value older than the day before is said as then, not "now"
    # (LACTATE_CURRENT_DAYS), and is repeated
    drawn_en, drawn_zh = drawn_text(latest, ctx.facts.current_date)
    stale = days_old(latest, ctx.facts.current_date) > LACTATE_CURRENT_DAYS
    now_en = f"was {lv} mmol/L at its latest draw" if stale else f"is now {lv} mmol/L"
    now_zh = f"最近一次为 {lv} mmol/L" if stale else f"现为 {lv} mmol/L"
    down_en = f"{pct}% down; {drawn_en}" if stale else f"{pct}% down"
    down_zh = f"下降 {pct}%；{drawn_zh}" if stale else f"下降 {pct}%"
    # below the laboratory's lower limit (flag L): no longer raised, but not "normal"
    below = latest.flag in ("L", "LL")
    if clearing:
        answer = Text(
            en=f"Yes, it {'cleared' if stale else 'is clearing'}: lactate peaked at {pv} mmol/L and {now_en} ({down_en})"
            + (
                ", no longer raised."
                if normal and below
                else ", back in the normal range."
                if normal
                else ", though still elevated; repeat it to confirm it normalises."
            )
            + (
                " Repeat it if the question is the perfusion now."
                if stale and normal
                else ""
            ),
            zh=f"是，乳酸{'已下降' if stale else '在下降'}：峰值 {pv} mmol/L，{now_zh}（{down_zh}）"
            + (
                "，已不再升高。"
                if normal and below
                else "，已恢复正常。"
                if normal
                else "，但仍偏高，需复查直至正常。"
            )
            + ("如需了解现在的灌注请复查。" if stale and normal else ""),
        )
        concl = R.conclusion_item(
            "Concludes the lactate is clearing",
            "判断乳酸在下降",
            CLEARING,
            NOT_CLEARING,
        )
    else:
        cause_en, cause_zh = {
            "sepsis": ("the source of sepsis", "脓毒症的感染源"),
            "infection": ("the source of infection", "感染源"),
        }.get(why, ("the cause of the raised lactate", "乳酸升高的原因"))
        if at_peak:
            first = R.fmt(lac.first.value, 1)
            at_en = f" ({drawn_en})" if stale else ""
            course_en = f"the latest lactate, {lv} mmol/L{at_en}, is the highest of the admission (first {first} mmol/L)"
            # the date in both languages (round 17, reading m, 10005817-20626031 t2: the
            # Chinese answer left a 4-day-old value undated)
            at_zh = f"（{drawn_zh}）" if stale else ""
            course_zh = (
                f"最新乳酸 {lv} mmol/L{at_zh}为本次住院最高值（首次 {first} mmol/L）"
            )
        else:
            course_en = f"lactate peaked at {pv} mmol/L and " + (
                f"{now_en} ({drawn_en})" if stale else f"is {lv} mmol/L now"
            )
            course_zh = f"峰值 {pv} mmol/L，{now_zh}" + (
                f"（{drawn_zh}）" if stale else ""
            )
        answer = Text(
            en=f"No, it is not clearing: {course_en}. Reassess perfusion and {cause_en}, and repeat the lactate.",
            zh=f"没有，乳酸未下降：{course_zh}。需重新评估灌注和{cause_zh}，并复查乳酸。",
        )
        concl = R.conclusion_item(
            "Concludes the lactate is not clearing",
            "判断乳酸未下降",
            NOT_CLEARING,
            CLEARING,
        )
    dec = lac.lab.decimals
    items = [
        R.value_item(
            lac.lab,
            latest.value,
            latest.unit,
            qualifiers=R.qualifiers_of(latest.value, dec, ["latest"], peak=peak.value),
        ),
        concl,
        R.tool_item(["Observation.search"], "the lactate series", "乳酸序列"),
    ]
    if not at_peak:  # a peak before the latest value is part of the answer
        items.insert(
            0,
            R.value_item(
                lac.lab,
                peak.value,
                peak.unit,
                "peak",
                R.qualifiers_of(peak.value, dec, ["peak"], first=lac.first.value),
            ),
        )
    if not clearing or not normal or stale:
        items.append(R.mention_item("Plans a repeat lactate", "计划复查乳酸", MONITOR))
    elif not below:
        items.append(R.flag_item(lac.lab, "N"))
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="lactate_clearance",
        entities=["lab:lactate"],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={"Observation"},
        record_facts=[
            f"lactate {lv} mmol/L, the highest of the admission"
            if at_peak
            else f"lactate peak {pv}, latest {lv} mmol/L ({pct}% clearance)"
        ],
        known={"lab:lactate:latest", "lab:lactate:trend"},
        decision="clearing" if clearing else "not clearing",
    )


#: Narrowest adequate agent by organism group, narrowest first (IDSA guidance on
#: de-escalation: Barlam TF et al., Clin Infect Dis 2016;62:e51-e77; S. aureus: an
#: anti-staphylococcal beta-lactam for MSSA, vancomycin for MRSA, Liu C et al., Clin
#: Infect Dis 2011;52:e18-e55; Enterobacterales: ampicillin, then ceftriaxone, then
#: piperacillin-tazobactam, then a carbapenem). Intrinsic resistance is respected.
_LADDERS: tuple[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], ...] = (
    (
        ("staph aureus", "staphylococcus aureus"),
        (("oxacillin", "cefazolin"), ("vancomycin", "vancomycin")),
    ),
    (
        ("escherichia", "e. coli", "klebsiella", "proteus", "enterobacter"),
        (
            ("ampicillin", "ampicillin"),
            ("ceftriaxone", "ceftriaxone"),
            ("piperacillin/tazo", "piperacillin"),
            ("meropenem", "meropenem"),
        ),
    ),
)
#: Spectrum rank of the agents the ladders end on (broader is higher).
_BREADTH = {
    "ampicillin": 1,
    "cefazolin": 1,
    "ceftriaxone": 2,
    "vancomycin": 2,
    "piperacillin": 3,
    "cefepime": 3,
    "meropenem": 4,
}


def _lower_rungs(organism: str, target: str) -> dict[str, str]:
    """Agents on ``organism``'s ladder below ``target`` -> their panel name."""
    for frags, ladder in _LADDERS:
        if any(f in organism for f in frags):
            out: dict[str, str] = {}
            for panel_name, agent in ladder:
                if agent == target:
                    return out
                out[agent] = panel_name
    return {}


def narrowest_agent(
    culture: dict[str, Any], allergies: Sequence[str] = ()
) -> str | None:
    """The narrowest agent the isolate is susceptible to on its organism's ladder that no
    recorded allergy rules out (``clinical.allergy``: a penicillin allergy skips ampicillin
    and piperacillin-tazobactam for the next rung, a cephalosporin or carbapenem, 2022
    AAAAI/ACAAI drug allergy practice parameter)."""
    low = culture["organism"].lower()
    for frags, ladder in _LADDERS:
        if not any(f in low for f in frags):
            continue
        for panel_name, agent in ladder:
            if ruling_allergy(agent, allergies):
                continue
            intrinsic = any(
                frag in low and agent in drugs
                for frag, drugs in INTRINSIC_RESISTANCE.items()
            )
            if (
                culture["susceptibility"].get(panel_name, "").upper() == "S"
                and not intrinsic
            ):
                return agent
    return None


def _switch_items(
    org: str, stop: list[str], target: str, label_en: str, label_zh: str
) -> list[Any]:
    """The rubric of a switch to ``target``: the organism named, the ``stop`` agents
    stopped (``label_en``/``label_zh`` says why: too broad, or not covering), ``target``
    named, and continuing the ``stop`` agents unchanged as the negative item."""
    stop_en = " and ".join(stop)
    stop_zh = "、".join(drug_zh(g) for g in stop)
    tz = drug_zh(target)
    stopped = [t for g in stop for t in (g, drug_zh(g))]
    return [
        R.mention_item(
            f"Names the organism ({org})",
            f"指出培养出的细菌（{org}）",
            organism_terms(org),
        ),
        R.recommend_item(
            f"Recommends stopping the {label_en} ({stop_en})",
            f"建议停用{label_zh}（{stop_zh}）",
            HOLD,
            stopped,
        ),
        R.mention_item(
            f"Names {target} as the directed agent", f"指出目标治疗用{tz}", [target, tz]
        ),
        R.negative_item(
            f"Recommends continuing {stop_en} unchanged",
            f"建议继续使用{stop_zh}",
            CONTINUE,
            stopped,
        ),
        R.tool_item(
            ["MedicationRequest.search"], "the current antibiotics", "目前的抗生素"
        ),
    ]


def _mrsa_cover_by_screen(ctx: TopicContext) -> Draft | None:
    """CR: the de-escalation question with no clinical isolate, IV vancomycin running
    and pneumonia worked up (a respiratory specimen sent), answered by the MRSA nares
    screen (round 16). Negative, with no clinical culture growing an organism vancomycin
    may be for: stop the vancomycin, keep the rest (ATS/IDSA 2019 CAP; IDSA/ATS 2016
    HAP/VAP; :func:`~physassist_env.clinical.infection
    .nares_supports_stopping_mrsa_cover`). Positive: carriage, which supports keeping
    the MRSA cover while pneumonia is suspected but confirms no infection and is no
    reason to stop any other antibiotic (reading l, 10005817-28661809 t2). None
    otherwise."""
    cultures = ctx.facts.cultures
    screen = mrsa_screen(cultures)
    active = active_generics(ctx.facts)
    vanco = active.get("vancomycin")
    if (
        screen is None
        or vanco is None
        or "oral" in vanco.route.lower()
        or not pneumonia_suspected(cultures)
        or vancomycin_target_grown([c for c in cultures if not is_screen(c)])
    ):
        return None
    positive = mrsa_screen_positive(screen)
    if not positive and nares_supports_stopping_mrsa_cover(cultures) is None:
        return None
    others = [
        g for g in active if g in ANTIBIOTICS and g not in ("vancomycin", "oseltamivir")
    ]
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "cultures" not in ctx.known:
        ctx.run(
            "Observation.search", {"category": "microbiology", "_count": 20}, calls, obs
        )
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    explicit = ctx.request(
        [
            Text(
                en="Can we narrow the antibiotics on the micro so far?",
                zh="按目前的微生物结果，抗生素能降阶梯吗？",
            ),
            Text(
                en="Can we de-escalate based on the cultures?",
                zh="根据培养结果，可以降阶梯吗？",
            ),
            Text(
                en="Does the vancomycin still need to run?",
                zh="万古霉素还需要继续用吗？",
            ),
        ]
    )
    when = screen["time"][:10]
    others_en = " and ".join(others)
    others_zh = "、".join(drug_zh(g) for g in others)
    vz = drug_zh("vancomycin")
    if positive:
        rest_en = f", and it is no reason to stop the {others_en}" if others else ""
        rest_zh = f"，也不是停用{others_zh}的理由" if others else ""
        answer = Text(
            en=f"No narrowing on this screen: no clinical culture has grown a pathogen, and the MRSA nasal screen of {when} that grew MRSA shows carriage, not infection. With pneumonia suspected it supports keeping the vancomycin, but it does not confirm MRSA pneumonia{rest_en}. Reassess when the clinical cultures result and by the clinical course.",
            zh=f"不能据筛查降阶梯：临床培养尚未培养出病原体，{when} 的 MRSA 鼻拭子筛查阳性只说明定植，不代表感染。怀疑肺炎时支持继续使用{vz}，但不能确诊 MRSA 肺炎{rest_zh}。待临床培养结果回报并结合临床病程再评估。",
        )
        items = [
            R.recommend_item(
                "Recommends keeping the vancomycin while pneumonia is suspected",
                f"建议怀疑肺炎时继续{vz}",
                CONTINUE,
                ["vancomycin", vz],
            ),
            R.mention_item(
                "Says the positive MRSA screen is carriage, not infection",
                "指出 MRSA 筛查阳性为定植而非感染",
                ["carriage", "coloni", "定植"],
            ),
        ]
        if others:
            items.append(
                R.negative_item(
                    f"Recommends stopping the {others_en} on the screen",
                    f"据筛查建议停用{others_zh}",
                    HOLD,
                    [t for g in others for t in (g, drug_zh(g))],
                )
            )
        decision = "keep MRSA cover (carriage)"
    else:
        rest_en = (
            f"; keep the {others_en} until the cultures and the course decide"
            if others
            else ""
        )
        rest_zh = f"；{others_zh}待培养结果和临床病程决定" if others else ""
        answer = Text(
            en=f"Yes, for the MRSA cover: the MRSA nasal screen of {when} was negative and no culture has grown MRSA. In pneumonia a negative nasal screen makes MRSA very unlikely (negative predictive value above 95%), so stop the vancomycin{rest_en}. The screen speaks for the lungs only: keep the cover if a bloodstream, line or skin infection is suspected or a blood culture is still pending.",
            zh=f"可以停用抗 MRSA 覆盖：{when} 的 MRSA 鼻拭子筛查阴性，培养也未见 MRSA。肺炎时鼻拭子筛查阴性基本可排除 MRSA（阴性预测值超过 95%），建议停用{vz}{rest_zh}。该筛查仅适用于肺部感染：如怀疑血流、导管或皮肤感染，或仍有血培养未回报，则继续覆盖。",
        )
        items = [
            R.recommend_item(
                "Recommends stopping the vancomycin (negative MRSA nasal screen)",
                f"建议停用{vz}（MRSA 鼻拭子筛查阴性）",
                HOLD,
                ["vancomycin", vz],
            ),
            R.mention_item(
                "Names the negative MRSA nasal screen",
                "指出 MRSA 鼻拭子筛查阴性",
                ["negative", "阴性"],
            ),
        ]
        decision = "stop MRSA cover (negative screen)"
    items.append(
        R.tool_item(
            ["MedicationRequest.search"], "the current antibiotics", "目前的抗生素"
        )
    )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="deescalation",
        entities=[f"culture:{screen['id']}", "drug:vancomycin"]
        + [f"drug:{g}" for g in others],
        explicit=explicit,
        implicit={},
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c_.name.split(".")[0] for c_ in calls},
        record_facts=[
            f"MRSA screen {when} {'positive' if positive else 'negative'}; on vancomycin"
        ],
        known={"cultures"},
        decision=decision,
    )


@requires("microbiology")
def deescalation(ctx: TopicContext) -> Draft | None:
    """CR: with susceptibilities back, can the empiric antibiotics be narrowed?"""
    allergies = ctx.facts.allergies
    if not _tested(ctx):  # no clinical isolate: the MRSA screen may still speak
        return _mrsa_cover_by_screen(ctx)
    tested = [c for c in _tested(ctx) if narrowest_agent(c, allergies)]
    if (
        len(tested) != 1
    ):  # one isolate to direct therapy; several need a physician's synthesis
        return None
    c = tested[0]
    # every isolate of the stay known now is covered by a narrowing: with another
    # pathogen grown (a Pseudomonas, an anaerobe beside an MSSA) one isolate's agent is
    # no narrowing (clinical.culture_reading.other_isolates; IDSA, Barlam 2016; round 13)
    if other_isolates(ctx.facts.cultures, c["organism"]):
        return None
    target = narrowest_agent(c, allergies)
    assert target is not None
    # the rung the allergy skipped: said in the answer, and recommending it loses points
    barred = narrowest_agent(c)
    barred = barred if barred != target else None
    # a local form (otic, eye drops) is no systemic cover (clinical.routes.systemic)
    current = [
        g
        for g, o in active_generics(ctx.facts).items()
        if g in ANTIBIOTICS and g != "oseltamivir" and systemic(o.name, o.route)
    ]
    current = [
        g
        for g in current
        if not (
            g == "vancomycin" and "oral" in active_generics(ctx.facts)[g].route.lower()
        )
    ]
    broad = [
        g
        for g in current
        if _BREADTH.get(g, 0) > _BREADTH[target] or (g != target and g in _BREADTH)
    ]
    if not current or not broad and target not in current:
        return None
    calls: list[ToolCall] = []
    obs: list[str] = []
    if "cultures" not in ctx.known:
        ctx.run(
            "Observation.search", {"category": "microbiology", "_count": 20}, calls, obs
        )
    ctx.run("MedicationRequest.search", {"status": "active"}, calls, obs)
    org = c["organism"]
    tz = drug_zh(target)
    explicit = ctx.request(
        [
            Text(
                en="Now that the sensitivities are back, can we narrow the antibiotics?",
                zh="药敏出来了，抗生素能降阶梯吗？",
            ),
            Text(
                en="Can we de-escalate based on the culture?",
                zh="根据培养结果，可以降阶梯吗？",
            ),
            Text(
                en="With the culture results, what should the antibiotic be?",
                zh="按培养结果，抗生素应该用什么？",
            ),
        ]
    )
    implicit: dict[Implicitness, Text] = {}
    if any(e.startswith("culture") for e in ctx.last_entities()):
        implicit[Implicitness.AE] = Text(
            en="Given that, can we narrow the antibiotics?",
            zh="既然这样，抗生素能降阶梯吗？",
        )
    stop = [g for g in current if g != target]
    cur_en = " and ".join(current)
    cur_zh = "、".join(drug_zh(g) for g in current)
    # Running only agents below the target on the isolate's ladder (cefazolin for an
    # S. aureus susceptible to vancomycin but not oxacillin) is inadequate therapy, not
    # broad cover: the change to the target is a correction, not a de-escalation (IDSA:
    # Barlam 2016; MRSA, Liu 2011).
    lower = _lower_rungs(c["organism"].lower(), target)
    inadequate = bool(stop) and target not in current and all(g in lower for g in stop)
    if inadequate:
        stop_en = " and ".join(stop)
        stop_zh = "、".join(drug_zh(g) for g in stop)
        panels = [lower[g] for g in stop]
        sus = c["susceptibility"]
        said = [
            f"{p} {sus[p].upper()}" if p in sus else f"{p} not tested" for p in panels
        ]
        said_zh = [
            panel_antibiotic_zh(p)
            + {"R": "耐药", "I": "中介", "S": "敏感"}.get(
                sus.get(p, "").upper(), "未检测"
            )
            for p in panels
        ]
        answer = Text(
            en=f"No, this is not a narrowing: the {c['test'].lower()} grew {org} ({', '.join(said)} on the panel), so the {stop_en} does not cover it; the narrowest agent it is susceptible to is {target}. Stop the {stop_en} and start {target}.",
            zh=f"不是降阶梯：{grew_zh(test_zh(c['test']))}{organism_text_zh(org)}（药敏：{'，'.join(said_zh)}），{stop_zh}不能覆盖；其敏感的最窄谱药物为{tz}。应停用{stop_zh}，改用{tz}。",
        )
        items = _switch_items(org, stop, target, "inadequate agent", "不能覆盖的抗生素")
    elif stop:
        stop_en = " and ".join(stop)
        stop_zh = "、".join(drug_zh(g) for g in stop)
        how_en = (
            f"continue {target} and stop the {stop_en}"
            if target in current
            else f"switch to {target} and stop the {stop_en}"
        )
        how_zh = (
            f"继续{tz}，停用{stop_zh}"
            if target in current
            else f"换用{tz}，停用{stop_zh}"
        )
        answer = Text(
            en=f"Yes: the {c['test'].lower()} grew {org}, susceptible to {target}. De-escalate: {how_en} (currently on {cur_en}), assuming no other infection needs the broader cover.",
            zh=f"可以：{grew_zh(test_zh(c['test']))}{organism_text_zh(org)}，对{tz}敏感。建议降阶梯：{how_zh}（目前使用{cur_zh}），前提是没有其他需要广谱覆盖的感染。",
        )
        items = _switch_items(org, stop, target, "broader agent", "广谱抗生素")
    else:
        answer = Text(
            en=f"It is already as narrow as it gets: the {c['test'].lower()} grew {org}, susceptible to {target}, which is what is running. Continue {target}.",
            zh=f"已经是最窄谱的选择：{grew_zh(test_zh(c['test']))}{organism_text_zh(org)}，对{tz}敏感，目前正在使用{tz}。继续{tz}。",
        )
        items = [
            R.mention_item(
                f"Names the organism ({org})",
                f"指出培养出的细菌（{org}）",
                organism_terms(org),
            ),
            R.recommend_item(
                f"Recommends continuing {target}",
                f"建议继续{tz}",
                CONTINUE,
                [target, tz],
            ),
            R.tool_item(
                ["MedicationRequest.search"], "the current antibiotics", "目前的抗生素"
            ),
        ]
    if barred is not None:
        allergy = ruling_allergy(barred, allergies) or ""
        answer = Text(
            en=f"{answer.en} Not {barred}: the recorded allergy ({allergy}) rules it out.",
            zh=f"{answer.zh}不用{drug_zh(barred)}：已记录过敏（{allergy_zh(allergy)}）。",
        )
        items.append(
            R.negative_item(
                f"Recommends {barred} despite the recorded allergy ({allergy})",
                f"不顾已记录的过敏（{allergy_zh(allergy)}）建议使用{drug_zh(barred)}",
                [*DECISION_WORDS[Decision.START], *DECISION_WORDS[Decision.CHANGE]],
                [barred, drug_zh(barred)],
            )
        )
    return Draft(
        task_type=TaskType.CR,
        tool_source=ToolSource.EHR,
        topic="deescalation",
        entities=[f"culture:{c['id']}"] + [f"drug:{g}" for g in current],
        explicit=explicit,
        implicit=implicit,
        gold_actions=calls,
        gold_observations=obs,
        gold_answer=answer,
        rubric=items,
        resource_types={c_.name.split(".")[0] for c_ in calls},
        record_facts=[f"{org}: narrowest agent {target}; on {cur_en}"],
        known={"cultures"},
        decision="switch (inadequate cover)"
        if inadequate
        else "de-escalate"
        if stop
        else "already narrowest",
    )
