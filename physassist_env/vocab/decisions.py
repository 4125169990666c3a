"""Clinical action words of the one clinical vocabulary, and the decision each one states."""

from __future__ import annotations

from enum import StrEnum

#: Clinical action verbs; one lying between an action and its target breaks the pair
#: (``continue to hold lisinopril`` is a hold, not a continue).
ACTION_VERBS: tuple[str, ...] = (
    "hold",
    "stop",
    "discontinue",
    "continue",
    "start",
    "initiate",
    "resume",
    "restart",
    "increase",
    "decrease",
    "reduce",
    "titrate",
    "switch",
    "add",
    "monitor",
    "recheck",
    "taper",
    "withhold",
    "cease",
    "suspend",
    "暂停",
    "停用",
    "停止",
    "停药",
    "继续",
    "开始",
    "加用",
    "启用",
    "增加",
    "加量",
    "减少",
    "减量",
    "恢复",
    "换用",
    "改用",
    "监测",
    "复查",
)


class Decision(StrEnum):
    """What a recommendation decides about a drug or therapy.

    ``NO_START`` is a negated start ("no anticoagulation", "不需要抗凝").
    """

    CONTINUE = "continue"
    STOP = "stop"
    REDUCE = "reduce"
    START = "start"
    CHANGE = "change"
    NO_START = "no_start"
    MONITOR = "monitor"


#: Words (EN inflected, ZH as written) that state each decision. A multi-word phrase wins over
#: its parts ("hold off on" is a hold, "no need to stop" a continue, handled by negation).
DECISION_WORDS: dict[Decision, tuple[str, ...]] = {
    Decision.CONTINUE: (
        "continue",
        "keep",
        "keep going",
        "keep it going",
        "carry on",
        "stay on",
        "leave on",
        "leave it on",
        "maintain",
        "safe to continue",
        "fine to continue",
        "ok to continue",
        "okay to continue",
        "no change",
        "no changes",
        "unchanged",
        "as is",
        "继续",
        "可以继续",
        "维持",
        "保持",
        "照常",
        "接着用",
        "不用停",
        "无需停",
        "不需要停",
        "别停",
        "先别停",
        "不必停",
        "没必要停",
        # casual wording (the scenario generator reads only START, CHANGE and MONITOR)
        "keep her on",
        "keep him on",
        "keep the patient on",
        "leave her on",
        "leave him on",
        "stay the course",
        "go ahead with",
        "照旧",
        "接着吃",
        "接着用",
        "继续用",
    ),
    Decision.STOP: (
        "hold",
        "hold off",
        "hold off on",
        "stop",
        "discontinue",
        "d/c",
        "withhold",
        "pause",
        "cease",
        "suspend",
        "skip",
        "come off",
        "take off",
        "暂停",
        "停用",
        "停药",
        "停止",
        "先停",
        "停掉",
        "停了",
        "停一下",
        # casual wording
        "take her off",
        "take him off",
        "get her off",
        "get him off",
        "stop giving",
        "先别用",
        "先别吃",
        "别吃了",
        "先不要用",
        "暂时别用",
        "停一停",
    ),
    Decision.REDUCE: (
        "reduce",
        "decrease",
        "lower",
        "cut back",
        "cut down",
        "cut the dose",
        "cut its dose",
        "cut the dosage",
        "dose-reduce",
        "dose reduce",
        "renally dose",
        "renally adjust",
        "adjust",
        # noun forms ("needs a dose adjustment", "no dose reduction needed")
        "dose adjustment",
        "dose adjustments",
        "dose reduction",
        "renal adjustment",
        "renal dose adjustment",
        "减量",
        "减少剂量",
        "降低剂量",
        "调整剂量",
        "调整",
        "减少",
        "减下来",
    ),
    Decision.START: (
        "anticoagulate",
        "该抗凝",
        "要抗凝",
        "需要抗凝",
        "应抗凝",
        "应该抗凝",
        "start",
        "initiate",
        "begin",
        "commence",
        "add",
        "resume",
        "restart",
        "启动",
        "开始",
        "加用",
        "启用",
        "恢复",
    ),
    Decision.CHANGE: (
        "broaden",
        "escalate",
        "switch",
        "change",
        "reassess",
        "rethink",
        "widen",
        "expand",
        "升级",
        "更换",
        "换用",
        "改用",
        "换成",
        "改成",
        "重新评估",
        "换药",
        "扩大覆盖",
    ),
    Decision.MONITOR: (
        "recheck",
        "repeat",
        "monitor",
        "trend",
        "follow",
        "re-check",
        "复查",
        "监测",
        "复测",
        "随访",
        "再查",
        "再测",
        "重查",
    ),
}

#: Phrases that hold a decision word but decide nothing ("keep an eye on the potassium" is
#: monitoring, not "keep"): the longer phrase wins and is dropped.
NOT_DECISION: tuple[str, ...] = (
    "keep an eye on",
    "keep an eye",
    "keep track of",
    "keep watching",
    "keep checking",
    "keep in mind",
    "keep me posted",
    "keep me updated",
    "keep you posted",
    "keep you updated",
    # a dose named, not changed: "restart at a lower dose"
    "lower dose",
    "lower doses",
    "higher dose",
    "higher doses",
)

#: The decision a negated word states: "no need to stop" continues, "don't continue" stops.
NEGATED_DECISION: dict[Decision, Decision] = {
    Decision.CONTINUE: Decision.STOP,
    Decision.STOP: Decision.CONTINUE,
    Decision.REDUCE: Decision.CONTINUE,
    Decision.START: Decision.NO_START,
    Decision.CHANGE: Decision.CONTINUE,
    Decision.NO_START: Decision.START,
    Decision.MONITOR: Decision.MONITOR,
}

#: Decisions that contradict each other about the same target: an answer stating both is a
#: hedge, and a decision item fails on it.
OPPOSED: dict[Decision, frozenset[Decision]] = {
    Decision.CONTINUE: frozenset({Decision.STOP, Decision.REDUCE, Decision.CHANGE}),
    Decision.STOP: frozenset({Decision.CONTINUE, Decision.START}),
    Decision.REDUCE: frozenset({Decision.CONTINUE, Decision.START}),
    Decision.START: frozenset({Decision.NO_START, Decision.STOP}),
    Decision.CHANGE: frozenset({Decision.CONTINUE}),
    Decision.NO_START: frozenset({Decision.START}),
    Decision.MONITOR: frozenset(),
}


def decision_of(word: str) -> Decision | None:
    """The decision a single action word states (``holding`` -> STOP), or ``None``."""
    low = word.strip().lower()
    for decision, words in DECISION_WORDS.items():
        for w in words:
            if low == w or (w.isascii() and w.isalpha() and low.startswith(w)):
                return decision
    return None


#: Convenience lists used by the scenario generator's rubric builders.
HOLD: list[str] = [
    "hold",
    "stop",
    "discontinue",
    "withhold",
    "pause",
    "暂停",
    "停用",
    "停药",
]
CONTINUE: list[str] = ["continue", "keep", "safe to continue", "继续", "可以继续"]
MONITOR: list[str] = list(DECISION_WORDS[Decision.MONITOR])
