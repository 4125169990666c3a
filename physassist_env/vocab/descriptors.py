"""Flag, trend and negation words of the one clinical vocabulary (EN and ZH).

The rule grader's claim reader, the scenario generator and the heuristic agent read these
tables; extend them here, never in a copy. Casual clinician wording ("creeping up",
"about the same", "有点高", "往上走") belongs here too, so a correct answer said the way
clinicians talk is understood.
"""

from __future__ import annotations

from enum import StrEnum


class FlagDirection(StrEnum):
    """Directions a flag word can state."""

    HIGH = "high"
    LOW = "low"
    NORMAL = "normal"
    ABNORMAL = "abnormal"


class TrendDirection(StrEnum):
    """Directions a trend word can state."""

    RISING = "rising"
    FALLING = "falling"
    STABLE = "stable"


FLAG_LEXICON: dict[FlagDirection, tuple[str, ...]] = {
    FlagDirection.HIGH: (
        "a bit high",
        "on the high side",
        "high side",
        "bumped",
        "up a bit",
        "有点高",
        "高了",
        "偏高了",
        "高一点",
        "high",
        "higher than normal",
        "elevated",
        "elevation",
        "raised",
        "increased",
        "above normal",
        "above the normal range",
        "above the reference range",
        "above range",
        "above the upper limit",
        "above reference",
        "hyperkalemia",
        "hyperkalaemia",
        "hypernatremia",
        "hyperglycemia",
        "hypercalcemia",
        "hypermagnesemia",
        "hyperphosphatemia",
        "hyperchloremia",
        "hyperbilirubinemia",
        "hyperlactatemia",
        "azotemia",
        "leukocytosis",
        "thrombocytosis",
        "tachycardia",
        "tachycardic",
        "hypertension",
        "hypertensive",
        "fever",
        "febrile",
        "升高",
        "偏高",
        "增高",
        "过高",
        "较高",
        "高于正常",
        "高于正常范围",
        "高于参考范围",
        # above the range said after it (在正常范围以上): longer than 在正常范围
        "正常范围以上",
        "参考范围以上",
        "超出正常范围",
        "超过正常",
        "超过正常范围",
        "高钾",
        "高钾血症",
        "高钠",
        "高血糖",
        "高钙",
        "白细胞增多",
        "心动过速",
        "发热",
        "发烧",
        # read against a therapeutic range (INR on warfarin; CHEST 2012 target 2-3)
        "supratherapeutic",
        "supra-therapeutic",
        "above the therapeutic range",
        "above therapeutic range",
        "above the target range",
        "above goal",
        "above target",
        "高于目标范围",
        "高于治疗目标范围",
        "高于治疗范围",
        "超出治疗范围",
        "超出目标范围",
        "抗凝过度",
        "抗凝过强",
    ),
    FlagDirection.LOW: (
        "a bit low",
        "on the low side",
        "low side",
        "有点低",
        "低了",
        "偏低了",
        "低一点",
        "low",
        "lower than normal",
        "decreased",
        "reduced",
        "below normal",
        "below the normal range",
        "below the reference range",
        "below range",
        "below the lower limit",
        "below reference",
        "hypokalemia",
        "hypokalaemia",
        "hyponatremia",
        "hypoglycemia",
        "hypocalcemia",
        "hypomagnesemia",
        "hypophosphatemia",
        "hypoalbuminemia",
        "anemia",
        "anaemia",
        "anemic",
        "leukopenia",
        "neutropenia",
        "thrombocytopenia",
        "bradycardia",
        "bradycardic",
        "hypotension",
        "hypotensive",
        "hypoxia",
        "hypoxemia",
        "hypoxic",
        "偏低",
        "降低",
        "减低",
        "过低",
        "较低",
        "低于正常",
        "低于正常范围",
        "低于参考范围",
        "正常范围以下",
        "参考范围以下",
        "低钾",
        "低钾血症",
        "低钠",
        "低血糖",
        "低钙",
        "贫血",
        "血小板减少",
        "白细胞减少",
        "心动过缓",
        "低血压",
        "低氧",
        "subtherapeutic",
        "sub-therapeutic",
        "below the therapeutic range",
        "below therapeutic range",
        "below the target range",
        "below goal",
        "below target",
        "低于目标范围",
        "低于治疗目标范围",
        "低于治疗范围",
        "未达标",
        "抗凝不足",
        "抗凝强度不足",
    ),
    FlagDirection.NORMAL: (
        "within normal limits",
        "WNL",
        "unremarkable",
        "in range",
        "within range",
        "in the normal range",
        "正常范围内",
        "没问题",
        "正常的",
        "normal",
        "within the normal range",
        "within normal range",
        "within the reference range",
        "normalized",
        "normalised",
        "returned to normal",
        "back to normal",
        "正常",
        "在正常范围",
        "在正常范围内",
        "未见异常",
        "无异常",
        "恢复正常",
        "within the therapeutic range",
        "within therapeutic range",
        "in the therapeutic range",
        "in therapeutic range",
        "within the target range",
        "in the target range",
        "at goal",
        "在治疗目标范围内",
        "在目标范围内",
        "目标范围内",
        "抗凝达标",
        "达标",
        # the reference range by its other names, EN and ZH alike (issue #35, fifteenth
        # pass: 在参考范围内 is 正常范围内)
        "in the reference range",
        "inside the reference range",
        "inside the normal range",
        "within the reference interval",
        "within reference limits",
        "参考范围内",
        "在参考范围",
        "参考值范围内",
        "参考区间内",
        "正常值范围内",
        "正常水平",
    ),
    FlagDirection.ABNORMAL: (
        "abnormal",
        "abnormally",
        "out of range",
        "outside the normal range",
        "outside normal range",
        "outside the reference range",
        "deranged",
        "异常",
        "不正常",
        "超出范围",
    ),
}


def _products(*parts: tuple[str, ...]) -> tuple[str, ...]:
    """Every phrase made of one word of each part, in order (joined by a space for Latin
    words, by nothing for Chinese)."""
    out: list[str] = [""]
    for part in parts:
        out = [
            (f"{a} {b}" if a and a[-1].isascii() and b[:1].isascii() else a + b).strip()
            for a in out
            for b in part
        ]
    return tuple(out)


#: The ordinary said of a value by category, not by sentence (issue #35, sixth pass): a
#: *negated concern* (a denial with a noun of concern: "no cause for worry", "not a real
#: issue"; or with a verb of worrying: "nothing to fret over", "I wouldn't read much
#: into", "no need to lose sleep over"), *normality* ("within the normal range", "where
#: it should be", "of no consequence", "harmless") and their Chinese families (无大碍,
#: 不要紧, 没事, 属正常, 不必在意, 没什么好担心的). Verbs of *acting* ("nothing to treat") are
#: left out: a right answer says them of an abnormal value it decides not to treat; so is
#: *expectedness* ("as expected", 意料之中), which a right answer says of an abnormal value
#: it explains ("low, as expected after the bleed"). Phrases holding the flag word itself
#: ("within the normal range", 属正常) are left to the flag lexicon, which reads them about
#: the subject named before them as well.
_CONCERN_DENIALS_EN = (
    "no", "not a", "not any", "no real", "not a real", "no particular", "no great", "little",
    "not much", "not much of a", "no cause for", "no reason for", "not a cause for",
    "not a source of", "no source of", "not a great deal of", "not really a", "not an",
    "not really an", "no real cause for", "no obvious cause for",
    "not a big", "no big", "not a major", "no major",
)  # fmt: skip
_CONCERN_NOUNS_EN = (
    "concern", "worry", "alarm", "issue", "problem", "trouble", "red flag", "significance",
    "clinical significance", "consequence", "importance", "danger", "threat", "big deal",
    "cause for concern", "cause for worry", "cause for alarm", "worries", "concerns",
    "issues", "problems", "alarm bells", "headache",
)  # fmt: skip
_WORRY_DENIALS_EN = (
    "nothing to", "no need to", "no reason to", "not something to", "nothing we need to",
    "nothing I'd", "nothing I would", "not something I'd", "not something I would",
    "no call to", "nothing for us to", "nothing for you to", "I wouldn't", "I would not",
    "I'd not", "wouldn't", "would not", "don't", "do not", "needn't", "need not",
    "you needn't", "nothing you need to", "not one to", "not anything to",
)  # fmt: skip
_WORRY_VERBS_EN = (
    "worry about", "worry over", "fret about", "fret over", "be concerned about",
    "be concerned by", "be worried about", "be worried by", "be alarmed about",
    "be alarmed by", "panic about", "panic over", "lose sleep over", "get worked up about",
    "get worked up over", "get excited about", "fuss about", "fuss over", "stress about",
    "stress over", "dwell on", "read much into", "read anything into", "read into",
    "make much of", "make anything of", "make a fuss about", "sweat", "sweat over",
    "be bothered by", "be troubled by", "get hung up on",
)  # fmt: skip
_NOT_WORTH_EN = _products(
    ("not worth", "isn't worth", "is not worth", "hardly worth"),
    ("worrying about", "fretting over", "fretting about", "losing sleep over",
     "getting worked up about", "a second thought", "a second look", "dwelling on",
     "making a fuss about", "fussing over"),
)  # fmt: skip
_NORMALITY_EN = (
    "within the reference range",
    "within reference range", "within the usual range", "within the acceptable range",
    "within acceptable range", "where it should be", "where we want it",
    "where we'd want it", "where we would want it", "about right", "just right",
    "of no consequence", "inconsequential", "harmless", "innocuous", "immaterial",
    "not important", "unimportant", "doesn't matter", "does not matter", "non-issue",
    "a non-issue", "nothing untoward", "nothing unusual", "nothing abnormal",
    "nothing of note", "not noteworthy", "perfectly fine", "totally fine", "all fine",
    "all good", "completely fine", "absolutely fine", "quite fine", "fine as it is",
    "expected for her", "expected for him", "physiological", "unremarkable",
    "nothing to note", "of little consequence", "of little significance",
    "of no importance", "of little importance",
    # seventh pass
    "within limits", "in a good place", "tolerable", "all right", "alright",
    "unconcerning", "not serious", "nothing serious", "not of concern",
    "clinically irrelevant", "nothing worrying", "nothing concerning", "nothing alarming",
    # fifteenth pass: the same in the plural and other registers
    "where they should be", "where it needs to be", "where they need to be",
    "where it ought to be", "as it should be", "as they should be", "spot on",
    "on the money", "right on target", "where we'd like it", "where we would like it",
    "where we'd like them", "where we want them", "nothing to flag", "behaving itself",
    "behaving themselves", "preserved", "理想",
)  # fmt: skip
_CONCERN_DENIALS_ZH = ("无", "没", "没有", "没什么", "没啥", "并无", "毫无", "不存在")
_CONCERN_NOUNS_ZH = (
    "大碍", "什么大碍", "大问题", "什么问题", "啥问题", "大事", "什么大事", "关系", "妨碍",
    "危险", "隐患", "担心的必要", "处理的必要", "好担心的", "好担忧的", "好紧张的",
    "可担心的", "值得担心的", "值得担忧的", "什么好担心的", "什么好紧张的", "什么可担心的",
    "啥好担心的", "什么值得担心的",
)  # fmt: skip
_WORRY_DENIALS_ZH = (
    "不用", "不必", "无需", "无须", "不需要", "用不着", "犯不着", "没必要", "别", "不值得",
    "不要", "不需", "大可不必", "完全不必", "完全不用",
)  # fmt: skip
_WORRY_VERBS_ZH = (
    "担心", "担忧", "紧张", "在意", "在乎", "顾虑", "焦虑", "着急", "害怕", "大惊小怪",
    "过度解读", "太在意", "当回事", "放在心上", "过虑", "多虑", "操心", "惊慌", "恐慌",
    "关注", "特别关注", "特殊关注",
)  # fmt: skip
_NORMALITY_ZH = (
    "不足为奇", "无关大局", "无关痛痒", "无足轻重", "微不足道", "可以忽略不计", "忽略不计",
    "小事", "小问题", "小事一桩", "无异常", "没有异常", "不打紧", "无妨", "无所谓", "没关系",
    "没大碍", "没有大碍", "没什么事", "没啥事", "不算什么", "不重要", "不严重", "并不严重",
)  # fmt: skip
#: A degree word between a denial and a verb of worrying: 不用太担心, 不必过于紧张.
_DEGREE_ZH = ("太", "过于", "过分", "特别", "那么", "太过", "很")
#: The ordinary said by the outcome (issue #35, seventh pass): *nothing to be done* ("no
#: action needed", "needs no intervention", 不必处理, 无需干预) and *expectedness* ("as
#: expected", "to be expected", "unsurprising", 意料之中, 符合预期). A right answer says
#: expectedness of an abnormal value it calls abnormal in the same sentence ("low, as
#: expected after the bleed"): the claim reader reads it as a normal claim only in a
#: sentence that calls the value nothing else (:data:`ORDINARY_EXPECTED`). Nothing to be
#: done is ordinary wherever it is bound ("偏高，无需处理" calls a high value nothing to act
#: on), unless it names the action it leaves ("no action needed beyond a recheck").
_NO_ACTION_EN = (
    *_products(
        ("no", "no further", "no specific", "no particular", "no immediate"),
        ("action", "treatment", "intervention", "management"),
        ("needed", "required", "necessary", "is needed", "is required", "is necessary",
         "warranted", "is warranted", "called for"),
    ),
    *_products(
        ("needs no", "requires no", "warrants no", "calls for no", "need no", "require no"),
        ("action", "treatment", "intervention", "further action"),
    ),
    "nothing to be done", "nothing needs to be done", "nothing needs doing",
    "no need to act", "no need to do anything", "no need for action",
    "no need for any action", "doesn't need treating", "does not need treating",
    "doesn't need treatment", "does not need treatment", "doesn't need any action",
    "does not need any action", "can be left alone", "can be left as is",
)  # fmt: skip
_EXPECTED_EN = (
    "expected", "as expected", "to be expected", "what we'd expect", "what we would expect",
    "what you'd expect", "what you would expect", "unsurprising", "not surprising",
    "no surprise", "nothing unexpected", "in keeping with expectations",
)  # fmt: skip
_NO_ACTION_ZH = (
    *_products(
        ("不必", "无需", "无须", "不需", "不需要", "不用", "暂不需", "没必要", "不必特别"),
        ("处理", "干预", "处置", "治疗", "理会", "采取措施", "做什么"),
    ),
    "可不处理", "可以不处理", "观察即可", "不做处理", "不予处理",
)  # fmt: skip
_EXPECTED_ZH = (
    "意料之中", "预料之中", "在意料之中", "在预料之中", "在预期之内", "符合预期", "在预期范围内",
    "可以预期", "预期之中", "不出所料", "不意外", "并不意外", "不足为怪",
)  # fmt: skip
#: Expectedness alone (see :data:`_NO_ACTION_EN`): read as ordinary only in a sentence that
#: calls no value high, low or abnormal.
ORDINARY_EXPECTED: tuple[str, ...] = (*_EXPECTED_EN, *_EXPECTED_ZH)
#: The outcome families (see :data:`_NO_ACTION_EN`).
ORDINARY_BY_OUTCOME: tuple[str, ...] = (
    *_NO_ACTION_EN,
    *_EXPECTED_EN,
    *_NO_ACTION_ZH,
    *_EXPECTED_ZH,
)

#: The composed families (about 4,000 phrases; the term index finds them by their words).
ORDINARY_BY_CATEGORY: tuple[str, ...] = (
    *_products(_CONCERN_DENIALS_EN, _CONCERN_NOUNS_EN),
    *_products(_WORRY_DENIALS_EN, _WORRY_VERBS_EN),
    *_NOT_WORTH_EN,
    *_NORMALITY_EN,
    *_products(_CONCERN_DENIALS_ZH, _CONCERN_NOUNS_ZH),
    *_products(_WORRY_DENIALS_ZH, _WORRY_VERBS_ZH),
    *_products(_WORRY_DENIALS_ZH, _DEGREE_ZH, _WORRY_VERBS_ZH),
    *_NORMALITY_ZH,
    *ORDINARY_BY_OUTCOME,
)

#: Evaluative words a clinician says of a value ("the potassium is fine", "looks good",
#: "K 挺好的") that also describe a patient or a plan or ask for agreement ("she looks good
#: clinically", 效果不错, "Hold it, okay?"): they are read as a flag only about a subject
#: named in their own clause, never about one named earlier.
SOFT_FLAGS: dict[FlagDirection, tuple[str, ...]] = {
    FlagDirection.NORMAL: (
        "fine",
        "okay",
        "ok",
        "looks good",
        "look good",
        "looking good",
        "looks fine",
        "look fine",
        "looks ok",
        "looks okay",
        "reassuring",
        "acceptable",
        "satisfactory",
        "nothing to worry about",
        "nothing to be worried about",
        "no need to worry",
        "nothing concerning",
        "not a concern",
        "not concerning",
        "no concern",
        "of no concern",
        "no cause for concern",
        "not worrying",
        "not worrisome",
        "not an issue",
        "not a problem",
        "within what we'd accept",
        "within what we would accept",
        "within acceptable limits",
        "within an acceptable range",
        "in an acceptable range",
        "benign",
        "clinically insignificant",
        "not clinically significant",
        "not clinically relevant",
        # the ordinary in other words (issue #35, fifth pass): understatement, lay and
        # clinical register
        "ordinary",
        "perfectly ordinary",
        "nothing out of the way",
        "nothing out of the ordinary",
        "par for the course",
        "run-of-the-mill",
        "run of the mill",
        "nothing special",
        "nothing remarkable",
        "nothing to write home about",
        "wouldn't lose sleep over it",
        "would not lose sleep over it",
        "not lose sleep over",
        "no need to lose sleep",
        "nothing to act on",
        "nothing actionable",
        "not actionable",
        "no big deal",
        "not a big deal",
        "nothing major",
        "nothing serious",
        "negligible",
        "trivial",
        "insignificant",
        "not significant",
        "of no significance",
        "safe to ignore",
        "can be ignored",
        "not worth worrying about",
        "not worth acting on",
        "没什么意义",
        "没有什么意义",
        "意义不大",
        "临床意义不大",
        "不必特殊处理",
        "无需特殊处理",
        "无须特殊处理",
        "不需要特殊处理",
        "不用特殊处理",
        "生理性波动",
        "不用管",
        "不必管",
        "不用理会",
        "不必理会",
        "可以忽略",
        "可忽略",
        "没什么大不了",
        "没啥大不了",
        "无关紧要",
        "不要紧",
        "不碍事",
        "没啥问题",
        "nothing to get excited about",
        "typical for her",
        "typical for him",
        "usual for her",
        "usual for him",
        "no red flags",
        "no red flag",
        "no cause for alarm",
        "nothing alarming",
        "not alarming",
        "nothing to see here",
        "不足为虑",
        "没啥事",
        "可以不管",
        "不值一提",
        "无需处理",
        "不用处理",
        "不需要处理",
        "不必处理",
        "可接受范围",
        "可以接受的范围",
        "挺好",
        "还好",
        "还行",
        "尚可",
        "不错",
        "没事",
        "可以接受",
        "可接受",
        "问题不大",
        "没什么问题",
        "没有问题",
        "无大碍",
        "无碍",
        "平稳无碍",
        "无需担心",
        "不用担心",
        "不必担心",
        "无须担心",
        "不需要担心",
        "无临床意义",
        "没有临床意义",
        "无明显临床意义",
        "基本正常",
        "大致正常",
        "不算高",
        "不算低",
        "并不高",
        "并不低",
        *ORDINARY_BY_CATEGORY,
    ),
    FlagDirection.ABNORMAL: (
        "concerning",
        "worrying",
        "worrisome",
        "alarming",
        "令人担心",
        "令人担忧",
    ),
}
#: The ordinary in ward shorthand (issue #35, eighth pass), soft like the rest: read only
#: about a subject named in their own clause ("Hb looks great", "nothing to chase with the
#: K", 血钾满意, "Cr 良好").
SOFT_FLAGS[FlagDirection.NORMAL] += (
    "looks great",
    "look great",
    "looking great",
    "checks out",
    "on target",
    "at target",
    "doesn't need attention",
    "does not need attention",
    "needs no attention",
    "nothing to chase",
    "no need to chase",
    "nothing to follow up",
    "no problem",
    "无殊",
    "还可以",
    "满意",
    "良好",
    "在目标范围",
    "可以放心",
    # reassurance said of a value (issue #35, eleventh pass): 情况令人放心
    "令人放心",
    "让人放心",
    "可放心",
)
NOT_FLAG: tuple[str, ...] = (
    # a bound, not a judgement of a value: "目标血红蛋白不低于 7"
    "不低于",
    "不高于",
    "不算高危",
    "normal saline",
    "high-dose",
    "high dose",
    "low-dose",
    "low dose",
    "low molecular weight",
    "high-risk",
    "high risk",
    "low risk",
    "low-risk",
    "high-flow",
    "high flow",
    "low-fat",
    "low salt",
    "low-salt",
    "low sodium diet",
    "高危",
    "低危",
    "低剂量",
    "高剂量",
    "低盐",
    "低脂",
)

TREND_LEXICON: dict[TrendDirection, tuple[str, ...]] = {
    TrendDirection.RISING: (
        "creeping up",
        "crept up",
        "trending up",
        "ticking up",
        "ticked up",
        "heading up",
        "on the rise",
        "往上走",
        "在涨",
        "涨了",
        "上来了",
        "升上去了",
        "一直在升",
        "rising",
        "rise",
        "rises",
        "rose",
        "risen",
        "increasing",
        "increased",
        "increase",
        "up-trending",
        "uptrending",
        "trended up",
        "trending upward",
        "upward trend",
        "climbing",
        "climbed",
        "worsening",
        "worsened",
        "worse",
        "going up",
        "went up",
        "gone up",
        "higher than before",
        "higher than previous",
        "higher than prior",
        "up from",
        "上升",
        "升高趋势",
        "呈上升",
        "逐渐升高",
        "持续升高",
        "进行性升高",
        "不断升高",
        "升至",
        "上升至",
        "增至",
        "增加",
        "较前升高",
        "较前增高",
        "上涨",
        "走高",
        "恶化",
        "加重",
        "上升趋势",
    ),
    TrendDirection.FALLING: (
        "coming down",
        "came down",
        "come down",
        "heading down",
        "trending down",
        "ticking down",
        "on the way down",
        "降下来了",
        "往下走",
        "在降",
        "下来了",
        "一直在降",
        "falling",
        "fall",
        "falls",
        "fell",
        "fallen",
        "decreasing",
        "decreased",
        "decrease",
        "declining",
        "decline",
        "declined",
        "down-trending",
        "downtrending",
        "trended down",
        "trending downward",
        "downward trend",
        "improving",
        "improved",
        "improvement",
        "dropping",
        "dropped",
        "drop",
        "going down",
        "went down",
        "gone down",
        "lower than before",
        "lower than previous",
        "lower than prior",
        "down from",
        "下降",
        "降低",
        "减少",
        "回落",
        "好转",
        "改善",
        "降至",
        "下降至",
        "逐渐下降",
        "较前下降",
        "较前降低",
        "下降趋势",
    ),
    TrendDirection.STABLE: (
        "about the same",
        "roughly the same",
        "pretty much the same",
        "holding steady",
        "not much change",
        "差不多",
        "没怎么变",
        "基本持平",
        "没什么变化",
        "stable",
        "stabilized",
        "stabilised",
        "unchanged",
        "steady",
        "flat",
        "plateau",
        "plateaued",
        "no significant change",
        "no change",
        "not changed",
        "remained the same",
        "essentially the same",
        "平稳",
        "稳定",
        "无明显变化",
        "变化不大",
        "持平",
        "基本不变",
        "没有变化",
        "无变化",
    ),
}


def _motion_phrases() -> dict[TrendDirection, tuple[str, ...]]:
    """A course said by a verb of motion and its direction, in any of their forms (issue
    #35, fifteenth pass: a trend is the direction of a movement, whatever verb moves):
    EN a motion verb with up/down ("drifting down", "edged higher", "inched up"), a verb
    whose meaning is the direction ("plummeting", "soared"); ZH a direction verb with an
    aspect word before it or 了 after it (持续走低, 一直在往上爬, 又开始升了, 跌了)."""
    verbs = {
        "go": ("go", "goes", "going", "went", "gone"),
        "head": ("head", "heads", "heading", "headed"),
        "trend": ("trend", "trends", "trending", "trended"),
        "creep": ("creep", "creeps", "creeping", "crept"),
        "drift": ("drift", "drifts", "drifting", "drifted"),
        "edge": ("edge", "edges", "edging", "edged"),
        "inch": ("inch", "inches", "inching", "inched"),
        "tick": ("tick", "ticks", "ticking", "ticked"),
        "move": ("move", "moves", "moving", "moved"),
        "crawl": ("crawl", "crawls", "crawling", "crawled"),
        "nudge": ("nudge", "nudges", "nudging", "nudged"),
        "ratchet": ("ratchet", "ratchets", "ratcheting", "ratcheted"),
    }
    up_only = {
        "climb": ("climb", "climbs", "climbing", "climbed"),
        "shoot": ("shoot", "shoots", "shooting", "shot"),
        "jump": ("jump", "jumps", "jumping", "jumped"),
        "spike": ("spike", "spikes", "spiking", "spiked"),
        "float": ("float", "floats", "floating", "floated"),
    }
    down_only = {
        "come": ("comes", "coming", "came"),
        "slide": ("slide", "slides", "sliding", "slid"),
        "slip": ("slip", "slips", "slipping", "slipped"),
        "sink": ("sink", "sinks", "sinking", "sank", "sunk"),
        "settle": ("settling", "settled"),
    }
    ups = ("up", "upward", "upwards", "higher")
    downs = ("down", "downward", "downwards", "lower")
    rising = [
        f"{v} {p}" for forms in (*verbs.values(), *up_only.values()) for v in forms
        for p in ups
    ]  # fmt: skip
    falling = [
        f"{v} {p}" for forms in (*verbs.values(), *down_only.values()) for v in forms
        for p in downs
    ]  # fmt: skip
    rising += [
        "soaring", "soared", "soars", "surging", "surged",
        "mounting", "skyrocketing", "skyrocketed", "rebounding", "rebounded",
        "on the way up", "on the up", "on the upswing", "upswing", "uptick",
        "uptrend", "on an upward trajectory", "upward trajectory",
    ]  # fmt: skip
    falling += [
        "plummeting", "plummeted", "plunging", "plunged", "tumbling", "tumbled",
        "sinking", "sank", "dipping", "dipped", "on the decline", "on the wane",
        "downswing", "downtick", "downtrend", "downward trajectory",
        "on a downward trajectory",
    ]  # fmt: skip
    aspects = ("在", "又", "又在", "开始", "又开始", "持续", "一直", "一直在", "不断",
               "逐渐", "逐步", "渐渐", "继续", "还在", "仍在", "慢慢", "稳步", "一路")  # fmt: skip
    zh_up = ("升", "涨", "走高", "往上走", "往上爬", "往上升", "爬升", "攀升")
    zh_down = ("降", "跌", "走低", "往下走", "往下掉", "往下降", "下滑", "下跌", "掉")
    rising += [a + v for a in aspects for v in zh_up]
    falling += [a + v for a in aspects for v in zh_down]
    rising += ["走高", "往上爬", "往上升", "爬升", "攀升", "飙升", "回升", "反弹",
               "骤升", "猛涨", "升了", "涨上去"]  # fmt: skip
    falling += ["走低", "往下掉", "往下降", "下滑", "下跌", "跌落", "骤降", "跌了",
                "降了", "掉了", "掉下来"]  # fmt: skip
    return {
        TrendDirection.RISING: tuple(rising),
        TrendDirection.FALLING: tuple(falling),
    }


for _direction, _phrases in _motion_phrases().items():
    _known = set(TREND_LEXICON[_direction])
    TREND_LEXICON[_direction] += tuple(p for p in _phrases if p not in _known)

#: A course said to go both ways, the opposite of stable (issue #35, fifteenth pass: a
#: stable series called unsteady is a trend contradicted): read as a "stable" trend word
#: with its sense reversed, so "not fluctuating" is stable and "fluctuating" is not.
TREND_UNSTEADY: tuple[str, ...] = (
    "fluctuating",
    "fluctuates",
    "fluctuated",
    "fluctuate",
    "swinging",
    "swings",
    "swung",
    "seesawing",
    "see-sawing",
    "yo-yoing",
    "bouncing around",
    "bounces around",
    "bounced around",
    "all over the place",
    "up and down",
    "erratic",
    "erratically",
    "unstable",
    # not 波动 alone: "在肌酐的波动范围内" says a change is within its variation
    "大幅波动",
    "明显波动",
    "波动很大",
    "波动较大",
    "波动大",
    "忽高忽低",
    "时高时低",
    "大起大落",
    "起伏不定",
    "起起伏伏",
    "反复波动",
    "不稳",
)
TREND_LEXICON[TrendDirection.STABLE] += TREND_UNSTEADY
