"""The wording pools of the realiser, as aligned (EN, ZH) pairs per partition.

Register lead-ins and politeness, framings, closers, time expressions, ellipsis frames
(predicate ellipsis) and event references (abstract anaphora). Chinese is written as
Chinese clinicians speak on the ward (问一下, 交班, 查房前), not translated word by word.
Every pool has a ``train`` and a ``test`` half that share no item (see
:mod:`~physassist_env.scenarios.requests.families`).
"""

from __future__ import annotations

from physassist_env.scenarios.requests.families import Partition, Register

Pair = tuple[str, str]
Pool = dict[Partition, list[Pair]]

#: Lead-ins (politeness and register markers) before the question; "" means none.
LEADS: dict[Register, Pool] = {
    Register.BEDSIDE: {
        "train": [
            ("", ""),
            ("Quick one:", "问一下，"),
            ("Hey,", "哎，"),
            ("Sorry to bug you,", "打扰一下，"),
        ],
        "test": [
            ("", ""),
            ("Real quick:", "快速问下，"),
            ("One thing:", "有个事，"),
            ("Got a sec?", "忙吗？问一下，"),
        ],
    },
    Register.FORMAL: {
        "train": [
            ("Excuse me,", "您好，"),
            ("If you could help with this:", "麻烦您一下："),
        ],
        "test": [
            ("I'd appreciate your help with this:", "劳驾："),
            ("When you have a moment:", "您有空的时候，"),
        ],
    },
    Register.HANDOVER: {
        "train": [
            ("For handover:", "交班用："),
            ("Handing this patient over:", "交接一下这个病人："),
        ],
        "test": [
            ("Picking this one up from nights:", "刚接夜班的病人，"),
            ("Sign-out question:", "交接时问一句："),
        ],
    },
    Register.TELEGRAPHIC: {
        "train": [("", ""), ("Re this pt:", "这个病人："), ("Pls:", "麻烦：")],
        "test": [("", ""), ("Q:", "问下："), ("Re pt:", "这床：")],
    },
}

#: Closers after the question; "" means none.
CLOSERS: dict[Register, Pool] = {
    Register.BEDSIDE: {
        "train": [("", ""), ("Thanks.", "谢谢。")],
        "test": [("", ""), ("Cheers.", "辛苦了。")],
    },
    Register.FORMAL: {
        "train": [("", ""), ("Thank you.", "谢谢。")],
        "test": [("", ""), ("Many thanks.", "麻烦了，谢谢。")],
    },
    Register.HANDOVER: {
        "train": [("", ""), ("Thanks.", "谢了。")],
        "test": [("", ""), ("Ta.", "辛苦。")],
    },
    Register.TELEGRAPHIC: {
        "train": [("", ""), ("thx", "")],
        "test": [("", ""), ("ty", "谢")],
    },
}

#: Why the question is asked, said before it (any register).
FRAMINGS: Pool = {
    "train": [
        ("Before I round,", "查房前，"),
        ("Family is asking.", "家属在问。"),
        ("For the team meeting,", "科室讨论要用，"),
        ("Ahead of the ward round,", "大查房之前，"),
    ],
    "test": [
        ("Family's on the phone.", "家属在电话里问。"),
        ("Before I sign out,", "下班前，"),
        ("Prepping for rounds,", "准备查房，"),
        ("Nurse just asked me.", "护士刚问我。"),
    ],
}

#: Predicate ellipsis: the previous turn's question, asked of another entity ({x}).
ELLIPSIS: Pool = {
    "train": [
        ("And the {x}?", "那{x}呢？"),
        ("What about the {x}?", "{x}呢？"),
        ("The {x}?", "还有{x}？"),
        ("Then the {x}?", "那{x}怎么样？"),
    ],
    "test": [
        ("How about the {x}?", "{x}也看看？"),
        ("Same for the {x}?", "那{x}情况呢？"),
        ("{x} too?", "再看看{x}？"),
        ("{x} as well?", "{x}那边呢？"),
    ],
}

#: Short lead-ins before an ellipsis (a longer preamble would break the follow-up).
ELLIPSIS_LEADS: Pool = {
    "train": [("", ""), ("OK,", "好，"), ("Right,", "行，")],
    "test": [("", ""), ("Also,", "另外，"), ("Next,", "接着，")],
}

#: Abstract anaphora: a reference to what the session has established so far.
EVENT_REFERENCES: Pool = {
    "train": [
        ("Given all that,", "结合以上情况，"),
        ("In light of all that,", "综合以上，"),
        ("With that in mind,", "考虑到这些，"),
    ],
    "test": [
        ("Putting that together,", "把前面这些放一起看，"),
        ("Taking all of the above,", "结合刚才这些，"),
        ("So with everything so far,", "综合来看，"),
    ],
}

#: Time expressions per scope: the canonical phrase a core is written with, and its
#: same-meaning alternatives per partition (never a different window: "since admission"
#: is never rendered "last 48 h", so the gold's date range still holds).
TIME_CANONICAL: dict[str, Pair] = {
    "admission": ("since admission", "入院以来"),
    "latest": ("latest", "最新"),
}
TIME_EXPRESSIONS: dict[str, Pool] = {
    "admission": {
        "train": [
            ("since admission", "入院以来"),
            ("over this admission", "这次住院以来"),
            ("since arrival", "自入院起"),
        ],
        "test": [
            ("since day one", "入院到现在"),
            ("over the stay so far", "住院这几天"),
            ("from admission to now", "从入院到现在"),
        ],
    },
    "latest": {
        "train": [("latest", "最新"), ("most recent", "最近一次")],
        "test": [("last", "最后一次"), ("current", "目前")],
    },
}
