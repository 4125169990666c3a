"""Wording tables and text edits of the grader-validity variants (independent of the grader).

Nothing here is imported from the grader's text or claim reading: the number pattern,
the term matching and every table (negations, hedges, flips, casual wording, synonyms,
SI conversions, wrong units) are this suite's own, so that the variants do not test the
grader by its own reading of an answer.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

# ---------------------------------------------------------------- text helpers
NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.^\-/:每])\d+(?:\.\d+)?(?![A-Za-z0-9_^:]|\.\d|-\d|/\d|小时)"
)


def word_pattern(terms: Iterable[str], language: str) -> re.Pattern[str]:
    alts = "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))
    if language == "zh":
        return re.compile(f"(?:{alts})")
    return re.compile(rf"(?<![A-Za-z])(?:{alts})(?![A-Za-z])", re.IGNORECASE)


def sub_map(text: str, mapping: dict[str, str], language: str) -> str:
    """Replace every key of ``mapping`` by its value in one pass (longest keys first).

    EN keys match case-insensitively at word bounds; a capitalised match (``Potassium``,
    not an acronym such as ``WBC``) gets a capitalised replacement.
    """
    if not mapping:
        return text
    lower = {k.lower(): v for k, v in mapping.items()}

    def repl(m: re.Match[str]) -> str:
        old, new = m.group(0), lower[m.group(0).lower()]
        capitalised = old[:1].isupper() and not old[1:2].isupper()
        return new[:1].upper() + new[1:] if capitalised else new

    return word_pattern(mapping, language).sub(repl, text)


@functools.lru_cache(maxsize=64)
def _rules(
    rules: tuple[tuple[str, str], ...], flags: int
) -> tuple[list[re.Pattern[str]], re.Pattern[str]]:
    compiled = [re.compile(p, flags) for p, _ in rules]
    joined = "|".join(
        f"(?P<r{i}>{re.sub(r'[(][?]P<[^>]+>', '(?:', p)})"
        for i, (p, _) in enumerate(rules)
    )
    return compiled, re.compile(joined, flags)


def sub_rules(
    text: str, rules: Sequence[tuple[str, str]], flags: int = 0
) -> tuple[str, int]:
    """Apply regex rules in one pass over ``text`` (a match is never rewritten twice).

    Returns:
        The new text and how many rule matches were rewritten.
    """
    compiled, joined = _rules(tuple(rules), flags)
    count = 0

    def repl(m: re.Match[str]) -> str:
        nonlocal count
        for i, c in enumerate(compiled):
            if m.group(f"r{i}") is not None:
                count += 1
                return c.sub(rules[i][1], m.group(0))
        return m.group(0)

    return joined.sub(repl, text), count


def decimals_of(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


def fmt(value: float, decimals: int) -> str:
    return f"{value:.{max(decimals, 0)}f}"


def sentences(text: str, language: str) -> list[str]:
    """Whole sentences of ``text`` (a quotation is never split), each with its stop."""
    stop = "。" if language == "zh" else "."
    parts, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch in '"“”':
            quoted = (not quoted) if ch == '"' else ch == "“"
        elif ch == stop and not quoted:
            after = text[i + 1 : i + 3]
            word = text[start:i].split()[-1:] or [""]
            ends = not after or (after[0] == " " and after[1:].isupper())
            if language == "zh" or (ends and len(word[0]) > 2):
                parts.append(text[start : i + 1].strip())
                start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return [p for p in parts if p]


# ---------------------------------------------------------------- decision tables
#: (pattern, replacement) pairs that turn a decision into its opposite.
NEGATE = {
    "en": [
        (r"hold (?P<d>[^.;]+?) for now", r"continue \g<d> unchanged"),
        (r"It is safe to continue (?P<d>[^.;]+)", r"Hold \g<d> now"),
        (
            r"should be (?:stopped|dose-reduced) for renal function \(below",
            r"needs no dose adjustment (above",
        ),
        (
            r"no dose adjustment of (?P<d>[^.;(]+?) is needed \(above",
            r"\g<d> should be stopped or dose-reduced for renal function (below",
        ),
        (r"not responding, with", r"responding, with"),
        (r"(?<!not )responding, with", r"not responding, with"),
        (r"Continue (?P<d>[^.;]+)\.", r"Reassess and broaden the antibiotic coverage."),
        (
            r"Reassess and consider broadening the antibiotic coverage beyond (?P<d>[^.;]+)\.",
            r"Continue \g<d>.",
        ),
        (r"anticoagulation is recommended", r"anticoagulation is not indicated"),
        (
            r"anticoagulation is not routinely indicated",
            r"anticoagulation is recommended",
        ),
        (r"class A\b", r"class C"),
        (r"class B\b", r"class A"),
        (r"class C\b", r"class A"),
    ],
    "zh": [
        (r"应暂停", r"可以继续使用"),
        (r"可以继续使用", r"应暂停"),
        (r"应停用(?P<d>[^；;，,（]+?)（低于", r"\g<d>无需调整剂量（高于"),
        (r"(?P<d>[^；;，,（]+?)应按肾功能减量（低于", r"\g<d>无需调整剂量（高于"),
        (r"(?P<d>[^；;，,（]+?)无需调整剂量（高于", r"应停用\g<d>或按肾功能减量（低于"),
        (r"疗效不佳：", r"有效："),
        (r"有效：", r"疗效不佳："),
        (r"建议继续(?P<d>[^。；]+)。", r"建议重新评估并升级抗生素。"),
        (r"建议重新评估并考虑升级抗生素。", r"建议继续当前抗生素。"),
        (r"建议启动抗凝治疗", r"无需抗凝"),
        (r"一般无需常规抗凝", r"建议启动抗凝治疗"),
        (r"A 级", r"C 级"),
        (r"B 级", r"A 级"),
        (r"C 级", r"A 级"),
    ],
}
#: Decisions hedged both ways.
HEDGE_DECISION = {
    "en": [
        (r"hold (?P<d>[^.;]+?) for now", r"consider holding or continuing \g<d>"),
        (
            r"It is safe to continue (?P<d>[^.;]+)",
            r"Consider holding or continuing \g<d>",
        ),
        (
            r"should be (?:stopped|dose-reduced) for renal function \((?:below|above)",
            r"may or may not need a dose adjustment (near",
        ),
        (
            r"no dose adjustment of (?P<d>[^.;(]+?) is needed \((?:below|above)",
            r"\g<d> may or may not need a dose adjustment (near",
        ),
        (r"(?:not )?responding, with", r"possibly responding or not, with"),
        (r"Continue (?P<d>[^.;]+)\.", r"Consider continuing or broadening \g<d>."),
        (
            r"Reassess and consider broadening the antibiotic coverage beyond (?P<d>[^.;]+)\.",
            r"Consider continuing or broadening \g<d>.",
        ),
        (
            r"anticoagulation is (?:recommended|not routinely indicated)",
            r"anticoagulation may or may not be needed",
        ),
        (r"class [ABC]\b", r"class A or C"),
    ],
    "zh": [
        (r"应暂停|可以继续使用", r"可考虑暂停或继续使用"),
        (
            r"应停用(?P<d>[^；;，,（]+?)（[低高]于",
            r"\g<d>可能需要也可能不需要调整剂量（接近",
        ),
        (
            r"(?P<d>[^；;，,（]+?)应按肾功能减量（[低高]于",
            r"\g<d>可能需要也可能不需要调整剂量（接近",
        ),
        (
            r"(?P<d>[^；;，,（]+?)无需调整剂量（[低高]于",
            r"\g<d>可能需要也可能不需要调整剂量（接近",
        ),
        (r"疗效不佳：|有效：", r"可能有效也可能无效："),
        (r"建议继续(?P<d>[^。；]+)。", r"可考虑继续或升级抗生素。"),
        (r"建议重新评估并考虑升级抗生素。", r"可考虑继续或升级抗生素。"),
        (r"建议启动抗凝治疗|一般无需常规抗凝", r"可能需要也可能不需要抗凝"),
        (r"[ABC] 级", r"A 级或 C 级"),
    ],
}
FLAG_FLIP = {
    "en": {
        "critically high": "critically low",
        "critically low": "critically high",
        # a negated flag flips to the flag itself: "not high" -> "not low" stays true of a
        # glucose between the hypoglycaemia limit and the target range
        "not high": "high",
        "not low": "low",
        "high": "low",
        "low": "high",
        "abnormal": "normal",
        "normal": "high",
    },
    "zh": {
        "危急偏高": "危急偏低",
        "危急偏低": "危急偏高",
        "偏高": "偏低",
        "偏低": "偏高",
        "异常": "正常",
        "正常": "偏高",
    },
}
FLAG_HEDGE = {
    "en": {
        w: "high or low" for w in ("critically high", "critically low", "high", "low")
    }
    | {"normal": "normal or abnormal", "abnormal": "abnormal or normal"}
    # "not high" -> "not high or low" would say neither (normal): hedge the flag itself
    | {"not high": "high or low", "not low": "high or low"},
    "zh": {w: "可能偏高也可能偏低" for w in ("危急偏高", "危急偏低", "偏高", "偏低")}
    | {"正常": "可能正常也可能异常", "异常": "可能异常也可能正常"},
}
TREND_FLIP = {
    "en": {"rising": "falling", "falling": "rising", "stable": "rising"},
    "zh": {"上升": "下降", "下降": "上升", "平稳": "上升"},
}
TREND_HEDGE = {
    "en": {w: "rising or falling" for w in ("rising", "falling", "stable")},
    "zh": {w: "可能上升也可能下降" for w in ("上升", "下降", "平稳")},
}
#: Casual clinician wording (applied as one-pass regex rules).
CASUAL = {
    "en": [
        (r"hold (?P<d>[^.;]+?) for now", r"hold off on \g<d> for now"),
        (r"It is safe to continue (?P<d>[^.;]+)", r"No need to stop \g<d>"),
        (
            r"should be stopped for renal function",
            r"- stop it for the kidneys",
        ),
        (
            r"should be dose-reduced for renal function",
            r"- cut the dose for the kidneys",
        ),
        (
            r"no dose adjustment of (?P<d>[^.;(]+?) is needed",
            r"no need to change the \g<d> dose",
        ),
        (r"which is high", r"which is on the high side"),
        (r"which is low", r"which is on the low side"),
        (r"which is normal", r"which is fine"),
        (r"\(high, ", r"(on the high side, "),
        (r"\(low, ", r"(on the low side, "),
        (r"\(normal, ", r"(fine, "),
        (r"\(rising\)", r"(creeping up)"),
        (r"\(falling\)", r"(coming down)"),
        (r"\brising\b", r"creeping up"),
        (r"\bfalling\b", r"coming down"),
        (r"\(stable\)", r"(about the same)"),
        (r"stable in the normal range", r"about the same and in the normal range"),
        (r"recheck the", r"repeat the"),
        (r"monitor the", r"keep an eye on the"),
        (r"anticoagulation is recommended", r"I'd anticoagulate"),
        (r"anticoagulation is not routinely indicated", r"no need to anticoagulate"),
        (r"The most recent", r"Latest"),
        (r"\b(?i:q)(?P<h>\d+)(?i:h)\b", r"every \g<h> hours"),
        (r"\b(?i:bid)\b", r"twice a day"),
        (r"\b(?i:tid)\b", r"three times a day"),
        (r"\b(?i:qhs)\b", r"at bedtime"),
        (r"\b(?i:daily)\b", r"once a day"),
    ],
    "zh": [
        (r"应暂停(?P<d>[^，。；]+)", r"先停\g<d>"),
        (r"可以继续使用(?P<d>[^，。；]+)", r"\g<d>不用停"),
        (r"应停用(?P<d>[^；;，,（]+?)（", r"\g<d>得停（"),
        (r"(?P<d>[^；;，,（]+?)应按肾功能减量", r"\g<d>按肾功能把量减下来"),
        (r"(?P<d>[^；;，,（]+?)无需调整剂量", r"\g<d>剂量不用动"),
        (r"危急偏高", r"高得危险"),
        (r"危急偏低", r"低得危险"),
        (r"偏高", r"有点高"),
        (r"偏低", r"有点低"),
        (r"正常(?!范围)", r"没问题"),
        (r"上升", r"往上走"),
        (r"下降", r"降下来了"),
        (r"平稳", r"差不多"),
        (r"复查", r"再查一次"),
        (r"注意监测", r"盯着点"),
        (r"建议启动抗凝治疗", r"该抗凝了"),
        (r"一般无需常规抗凝", r"不用抗凝"),
        (r"\b(?i:q)(?P<h>\d+)(?i:h)\b", r"每\g<h>小时"),
        (r"\b(?i:daily)\b", r"每天一次"),
        (r"\b(?i:bid)\b", r"每天两次"),
        (r"\b(?i:tid)\b", r"每天三次"),
        (r"\b(?i:qhs)\b", r"睡前"),
    ],
}
SYNONYMS = {
    "en": {
        "most recent": "latest",
        "high": "elevated",
        "low": "decreased",
        "normal": "within normal limits",
        "rising": "increasing",
        "falling": "decreasing",
        "stable": "unchanged",
        "hold": "withhold",
        "recheck": "repeat",
        "potassium": "K+",
        "sodium": "Na",
        "creatinine": "Cr",
        "hemoglobin": "Hgb",
        "platelets": "platelet count",
        "WBC": "white blood cell count",
        "glucose": "blood sugar",
        "bicarbonate": "HCO3",
        "magnesium": "Mg",
        "bilirubin": "total bilirubin",
        "BUN": "blood urea nitrogen",
        "lactate": "lactic acid",
        "anticoagulation is recommended": "anticoagulation is indicated",
        "not routinely indicated": "not needed",
    },
    "zh": {
        "偏高": "升高",
        "偏低": "降低",
        "平稳": "稳定",
        "暂停": "停用",
        "复查": "复测",
        "血钾": "钾",
        "血钠": "钠",
        "白细胞": "白细胞计数",
        "血糖": "葡萄糖",
        "血红蛋白": "Hb",
        "血小板": "血小板计数",
        "总胆红素": "胆红素",
    },
}
#: SI conversions: analyte name -> (unit as written, SI unit, factor, decimals).
SI = {
    "creatinine": ("mg/dL", "µmol/L", 88.4, 0),
    "肌酐": ("mg/dL", "µmol/L", 88.4, 0),
    "glucose": ("mg/dL", "mmol/L", 1 / 18.0, 1),
    "血糖": ("mg/dL", "mmol/L", 1 / 18.0, 1),
    "bun": ("mg/dL", "mmol/L", 0.357, 1),
    "尿素氮": ("mg/dL", "mmol/L", 0.357, 1),
    "bilirubin": ("mg/dL", "µmol/L", 17.1, 0),
    "总胆红素": ("mg/dL", "µmol/L", 17.1, 0),
    "albumin": ("g/dL", "g/L", 10.0, 0),
    "白蛋白": ("g/dL", "g/L", 10.0, 0),
    "hemoglobin": ("g/dL", "g/L", 10.0, 0),
    "血红蛋白": ("g/dL", "g/L", 10.0, 0),
    "potassium": ("mEq/L", "mmol/L", 1.0, 1),
    "血钾": ("mEq/L", "mmol/L", 1.0, 1),
    "sodium": ("mEq/L", "mmol/L", 1.0, 0),
    "血钠": ("mEq/L", "mmol/L", 1.0, 0),
    "bicarbonate": ("mEq/L", "mmol/L", 1.0, 0),
    "碳酸氢盐": ("mEq/L", "mmol/L", 1.0, 0),
    "wbc": ("K/uL", "x10^9/L", 1.0, 1),
    "白细胞": ("K/uL", "x10^9/L", 1.0, 1),
    "platelets": ("K/uL", "x10^9/L", 1.0, 0),
    "血小板": ("K/uL", "x10^9/L", 1.0, 0),
}


def wrong_unit(unit: str) -> str:
    """A unit that changes the stated quantity: the wrong volume or another dimension."""
    if "/" in unit:
        num, den = unit.rsplit("/", 1)
        return f"{num}/" + {
            "L": "dL",
            "dL": "mL",
            "uL": "mL",
            "mL": "L",
            "min": "kg",
        }.get(den, "kg")
    return {"%": "mmol/mol", "mg": "g", "mEq": "mEq/kg"}.get(unit, f"{unit}/kg")


# ---------------------------------------------------------------- regimens and names
#: Dosing schedules -> a different schedule (``wrong_frequency``): once a day becomes twice,
#: twice three times, three or four times twice, bedtime three times a day.
FREQ_WRONG = {
    "en": {
        "once a day": "twice a day",
        "once daily": "twice daily",
        "twice a day": "three times a day",
        "twice daily": "three times daily",
        "three times a day": "twice a day",
        "three times daily": "twice daily",
        "four times a day": "twice a day",
        "at bedtime": "three times a day",
        "every morning": "twice a day",
        "daily": "BID",
        "qd": "BID",
        "bid": "TID",
        "tid": "BID",
        "qid": "BID",
        "qhs": "TID",
        "q24h": "Q12H",
        "q12h": "Q8H",
        "q8h": "Q12H",
        "q6h": "Q12H",
        "q4h": "Q12H",
    },
    "zh": {
        "每天一次": "每天两次",
        "每日一次": "每日两次",
        "一天一次": "一天两次",
        "每天两次": "每天三次",
        "每日两次": "每日三次",
        "每天三次": "每天两次",
        "每日三次": "每日两次",
        "每天四次": "每天两次",
        "每日四次": "每日两次",
        "睡前一次": "每天三次",
        "每晚睡前": "每日三次",
        "每天早上": "每天两次",
        "每日早晨一次": "每日两次",
        "每24小时": "每12小时",
        "每12小时": "每8小时",
        "每8小时": "每12小时",
        "每6小时": "每12小时",
        "每4小时": "每12小时",
    },
}
#: Abbreviations clinicians write (``abbreviations``): lab names and dosing schedules.
ABBREVIATIONS = {
    "en": {
        "potassium": "K",
        "creatinine": "Cr",
        "hemoglobin": "Hb",
        "platelets": "plt",
        "platelet count": "plt",
        "sodium": "Na",
        "white count": "WBC",
        "white blood cell count": "WBC",
        "once a day": "q.d.",
        "once daily": "q.d.",
        "daily": "q.d.",
        "daily16": "DAILY16",  # an order code (daily at 16:00), kept whole
        "twice a day": "BID",
        "twice daily": "BID",
        "three times a day": "TID",
        "at bedtime": "qhs",
    },
    "zh": {
        "血钾": "K",
        "血钠": "Na",
        "肌酐": "Cr",
        "血红蛋白": "Hb",
        "血小板": "PLT",
        "白细胞": "WBC",
        "每日一次": "qd",
        "每天一次": "qd",
        "每日两次": "bid",
        "每天两次": "bid",
        "每日三次": "tid",
    },
}
#: Chinese lab names -> the English a Chinese clinician writes instead (``zh_code_switched``).
ZH_LAB_EN = {
    # conditions named after a lab stay Chinese (无低血糖 is not 无低glucose)
    **{w: w for w in ("低血糖", "高血糖", "低血钾", "高血钾", "低血钠", "高血钠")},
    "血钾": "K",
    "血钠": "Na",
    "肌酐": "creatinine",
    "血红蛋白": "Hb",
    "白细胞": "WBC",
    "血小板": "PLT",
    "血糖": "glucose",
    "乳酸": "lactate",
    "总胆红素": "total bilirubin",
    "白蛋白": "albumin",
    "尿素氮": "BUN",
    "碳酸氢盐": "bicarbonate",
    "血镁": "magnesium",
    "降钙素原": "procalcitonin",
}


# ---------------------------------------------------------------- record rows and new classes
#: A lab row of an EHR search result: ``- 2180-01-04 08:00 | Potassium = 5.8 mEq/L (H) [...]``.
ROW = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})? \| (?P<name>[^=|\n]+?) = "
    r"(?P<num>\d+(?:\.\d+)?)(?: (?P<unit>[^\s(\[]+))?(?: \((?P<flag>[HL]{1,2})\))?",
    re.MULTILINE,
)
#: An allergy row of an ``AllergyIntolerance`` search result (its text and status).
ALLERGY_ROW = re.compile(
    r"^- \d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})? \| (?P<text>[^|\n]+?) \| ", re.MULTILINE
)
#: A row's flag marker -> the flag word (EN, ZH) the answers use.
ROW_FLAG = {
    "H": ("high", "偏高"),
    "HH": ("high", "偏高"),
    "L": ("low", "偏低"),
    "LL": ("low", "偏低"),
    "": ("normal", "正常"),
}
#: The flag words of the gold answers, per direction (for ``stale_value``).
FLAG_WORD = {
    "en": {"high": "high", "low": "low", "normal": "normal"},
    "zh": {"high": "偏高", "low": "偏低", "normal": "正常"},
}
#: Extra true facts (``extra_true_facts``): the previous draw of the asked analyte, another
#: lab's latest value, the allergy list as observed.
EXTRA_FACT = {
    "en": {
        "previous": " The previous {name} was {num}{unit} on {date}{flag}.",
        "flag": ", which was {word}",
        "other": " For context, the latest {name} is {num}{unit} ({date}){flag}.",
        "other_flag": ", {word}",
        "allergy": " Allergy list: {text}.",
        "no_allergy": " No allergy is recorded in the chart.",
    },
    "zh": {
        "previous": "上一次{name}为 {num}{unit}（{date}{flag}）。",
        "flag": "，{word}",
        "other": "另外，最近一次 {name} 为 {num}{unit}（{date}{flag}）。",
        "other_flag": "，{word}",
        "allergy": "过敏记录：{text}。",
        "no_allergy": "病历中未记录过敏。",
    },
}
#: Confident extra claims the record contradicts (``overclaim``).
OVERCLAIM = {
    "en": {
        "no_allergy": " The patient has no known drug allergies.",
        "drug": [
            " {drug} is also running.",
            " The patient is also currently on {drug}.",
            " {drug} remains active as well.",
        ],
    },
    "zh": {
        "no_allergy": "患者无已知药物过敏。",
        "drug": [
            "目前还在使用{drug}。",
            "{drug}医嘱仍在用。",
            "患者目前正在使用{drug}。",
        ],
    },
}
#: Every decision offered at once (``kitchen_sink``).
KITCHEN_SINK = {
    "en": {
        "drug": " Depending on the picture, hold, continue or increase {drug}.",
        "conclusion": " Alternatively, {term}.",
    },
    "zh": {
        "drug": "视情况暂停、继续或加量{drug}。",
        "conclusion": "或者，{term}。",
    },
}
#: Words that mark a number as approximate (``approx``); the number itself is unchanged.
APPROX = {
    "en": ["about ", "roughly ", "approximately ", "around "],
    "zh": ["约", "大约", "约为"],
}

_EN_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_ZH_DIGITS = "零一二三四五六七八九"


def _en_int(n: int) -> str:
    if n < 20:
        return _EN_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else "")
    hundreds, rest = divmod(n, 100)
    return f"{_EN_ONES[hundreds]} hundred" + (f" {_en_int(rest)}" if rest else "")


def _zh_int(n: int) -> str:
    if n < 10:
        return _ZH_DIGITS[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        head = "" if tens == 1 else _ZH_DIGITS[tens]
        return head + "十" + (_ZH_DIGITS[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    if not rest:
        return _ZH_DIGITS[hundreds] + "百"
    if rest < 10:
        return _ZH_DIGITS[hundreds] + "百零" + _ZH_DIGITS[rest]
    tens, ones = divmod(rest, 10)
    return (
        _ZH_DIGITS[hundreds]
        + "百"
        + _ZH_DIGITS[tens]
        + "十"
        + (_ZH_DIGITS[ones] if ones else "")
    )


def spell(number: str, language: str) -> str | None:
    """A number as words (``5.8`` -> ``five point eight``, ``120`` -> ``一百二十``), or
    ``None`` for one a clinician would not spell (1000 or more, two or more decimals)."""
    whole, _, frac = number.partition(".")
    if len(frac) > 1 or int(whole) >= 1000:
        return None
    if language == "zh":
        return _zh_int(int(whole)) + (f"点{_ZH_DIGITS[int(frac)]}" if frac else "")
    return _en_int(int(whole)) + (f" point {_EN_ONES[int(frac)]}" if frac else "")
