"""Flag and trend claims about any analyte, checked against the results the agent saw.

The rubric checks the flags and trends its own items name; an answer may *add* one about
any other analyte ("creatinine is fine", "K ok", 血钾挺好的, "Hb stable"). The closed-world
accounting (:mod:`.additions`) reads every such claim (:func:`.claims.read_claims`, any
analyte by full name, abbreviation or Chinese name) and checks it here against the chart's
own reading of the results seen (:func:`.chart.lab_points`: the row's flag, else its
reference range):

* a **flag** said of the present ("is normal", "fine", "nothing to worry about", 正常,
  没问题) contradicts the latest result on the other side: "normal" over a flagged latest,
  "high" over a low one, "not high" over a high one. Said of the past (a past tense, a
  time word or a date in its clause: "was normal on admission", 入院时正常) it
  contradicts only when no result seen had that state.
* a **trend** ("stable", "rising", 稳定, 下降) contradicts the series when the course
  (:func:`physassist_env.clinical.course.direction`, the last leg, Fraser 2001 reference
  change values) and the two ends of the stay's series both move otherwise.

A claim the turn's gold answer makes too (same analyte, kind and wording's state) is the
turn's own reading and is never questioned here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from physassist_env.clinical import course
from physassist_env.grading import claims as cl
from physassist_env.grading import text as tx
from physassist_env.grading.chart import LabPoint, lab_points
from physassist_env.grading.dates import days_said
from physassist_env.vocab.analytes import PANELS

#: Days before the newest result seen that a trend claim is read over (the stay's series:
#: an earlier admission's values are no part of "stable").
TREND_DAYS = 30

#: Words that put a flag in the past or at another time than now ("was normal on
#: admission", 入院时正常, "baseline", "on 5/14").
_PAST_RE = re.compile(
    r"\b(?:was|were|had been|used to|initially|originally|earlier|previously|before|"
    r"prior|on admission|at admission|admission|admitted|baseline|peak|peaked|nadir|"
    r"yesterday|last (?:week|month|year|time|admission)|ago|then|at first|first)\b"
    # a date ("on 5/14", 2183-04-19, 14.05.2183), never a decimal value ("2.2 mg/dL")
    r"|\b\d{1,4}[-/]\d{1,2}(?:[-/]\d{1,4})?\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)[a-z]*\.?\s+\d"
    r"|入院时|入院|之前|以前|此前|先前|曾|既往|起初|最初|当初|基线|峰值|最高|最低|昨天|前天|"
    r"上周|月\s*\d+\s*日|\d+\s*月|\d+\s*日|当时|那时",
    re.I,
)
#: Words that put it now, whatever else the clause says ("was high, now normal").
_NOW_RE = re.compile(
    r"\b(?:now|currently|current|today|latest|most recent|this morning|at present|"
    r"presently|still|remains?|remained)\b|目前|现在|当前|最新|今天|今日|仍|依然|还是",
    re.I,
)
#: Where the next coordinated state of a clause starts ("... and is now", 但现在).
_NEXT_STATE_RE = re.compile(
    r"\b(?:and|but|while|whereas|though|although)\b|现在|目前|但|而|现已|现",
    re.I,
)
#: Words of a change between a value and a state ("5.9, since back to normal", 已恢复).
_CHANGE_RE = re.compile(
    r"\b(?:since|back|returned|recovered|normali[sz]ed|improved|resolved|corrected|"
    r"came\s+down|went\s+down|fell|rose)\b|恢复|回到|回落|降至|升至|已",
    re.I,
)
_OPPOSITE = {"high": "low", "low": "high"}
_TREND_OPPOSITE = {"rising": "falling", "falling": "rising"}
#: The two sides of a flag said both ways in one breath: "high or low", "normal or
#: abnormal" (正常或异常).
_EITHER_FLAG = {**_OPPOSITE, "normal": "abnormal", "abnormal": "normal"}


def lab_state_problems(
    claims: cl.Claims,
    observations: Sequence[str],
    gold: str,
) -> list[str]:
    """Every flag or trend claim of ``claims`` that the results seen contradict, in words.

    Args:
        claims: The answer read into claims (the rubric's reading when there is one).
        observations: The tool results the agent saw.
        gold: The turn's gold answer in the answer's language.

    Returns:
        One reason per contradicted claim (``[]`` when none).
    """
    compared = false_comparisons(claims.text, gold) + flag_column_problems(
        claims.text, observations
    )
    stated = [
        c
        for c in claims.claims
        if c.kind in ("flag", "trend")
        and c.subject
        and ":" not in c.subject
        and not c.frame
        and not c.condition
    ]
    wanted = [c for c in stated if not _a_target(claims.text, c)]
    if not wanted:
        return compared
    points = lab_points(observations)
    wanted = [c for c in wanted if points.get(c.subject) or c.subject in PANELS]
    if not wanted:
        return compared
    said_by_gold = _gold_states(gold, tuple(observations))
    # a goal said both ways ("replete to the upper normal or abnormal range") hedges the
    # order as a state said both ways hedges the reading (lead's merge review)
    hedged = [c for c in stated if c in wanted or _a_target(claims.text, c)]
    out: list[str] = compared + _both_ways(claims, hedged, said_by_gold)
    for c in wanted:
        if c.subject in PANELS:
            why = _panel_problem(claims, c, points, said_by_gold)
            if why:
                out.append(why)
            continue
        series = points[c.subject]
        of = _points_said_with(claims, c, series) if c.kind == "flag" else ()
        # the gold's own reading covers the same state of the result now, never of an
        # earlier draw the answer names by its value ("K 3.2 is normal" beside a gold's
        # "K 4.1, normal")
        if (c.kind, c.subject, c.label, c.negated) in said_by_gold and not of:
            continue
        if not _named_with(claims, c):
            continue
        if c.kind == "flag":
            why = (
                _flag_problem(c, of, "now")
                if of
                else _flag_problem(c, series, _when_said(claims.text, c.start))
            )
        else:
            why = _trend_problem(c, series)
        if why:
            out.append(why)
    return out


# ---------------------------------------------------------------- a table's flag column
#: A table header that names the column of a result's state: its flag, interpretation,
#: reading or assessment (EN and ZH).
_STATE_HEADER_RE = re.compile(
    r"flag|interpret|\bread(?:ing)?\b|\bstate\b|status|assess|impression|judg|"
    r"判读|标记|解读|结论|评价|意义|状态|提示|异常",
    re.I,
)
#: A state cell that says the result carries no flag: empty of content ("none", "nil",
#: "-", 无, 否), a tick or a word of range (normal, WNL, 正常, 参考范围内).
_NO_FLAG_CELL_RE = re.compile(
    r"^\W*(?:none|nil|no|not\s+flagged|n/?a|[-–—]+|无|否|没有|未见|[✓✔√]|ok|okay|fine|"
    r"normal|wnl|within\s+(?:the\s+)?(?:normal\s+|reference\s+)?(?:range|limits)|in\s+range|"
    r"unremarkable|正常|未见异常|参考范围内|在参考范围内|范围内)\W*(?:normal|正常)?\W*$",
    re.I,
)
_SEPARATOR_ROW_RE = re.compile(r"^[\s|:\-–—]+$")
_CELL_NUMBER_RE = re.compile(r"(?<![\d.\-])(\d+(?:\.\d+)?)(?![\d\-])")


def flag_column_problems(text: str, observations: Sequence[str]) -> list[str]:
    """A table whose state column (headed flag, interpretation, reading, 判读, 标记...)
    says a result carries no flag ("none", "-", 无, a tick, "normal") in the row of a
    result the chart flags high or low (issue #35, sixteenth pass): the table's header
    says what the cell is, whatever words the cell uses. The row's number picks the draw
    it states (an earlier normal draw's row stays right); a row without one states the
    latest."""
    if "|" not in text:
        return []
    points: dict[str, tuple[LabPoint, ...]] | None = None
    out: list[str] = []
    column = -1
    for line in text.split("\n"):
        if "|" not in line:
            column = -1
            continue
        if _SEPARATOR_ROW_RE.match(line):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        heads = [i for i, c in enumerate(cells) if _STATE_HEADER_RE.search(c)]
        if heads and not any(_CELL_NUMBER_RE.search(c) for c in cells):
            column = heads[0]
            continue
        if column < 0 or column >= len(cells):
            continue
        if not _NO_FLAG_CELL_RE.match(cells[column]):
            continue
        rest = " | ".join(c for i, c in enumerate(cells) if i != column)
        subject = next(
            (x.key for x in cl.find_subjects(rest) if x.kind == "analyte"), ""
        )
        if not subject:
            continue
        if points is None:
            points = lab_points(observations)
        series = points.get(subject)
        if not series:
            continue
        point = series[-1]
        for m in _CELL_NUMBER_RE.finditer(re.sub(r"\d{4}-\d{2}-\d{2}", "", rest)):
            said = float(m.group(1))
            same = [p for p in series if abs(p.value - said) < 1e-9]
            if same:
                point = same[-1]
                break
        if point.side in ("high", "low", "abnormal"):
            out.append(
                f"{subject} marked unflagged in a table ({cells[column]!r}); the "
                f"{subject} seen is {point.value:g} ({point.side})"
            )
    return out


# ---------------------------------------------------------------- a value against a bound
#: A comparison of a value with a bound the answer states itself: "7.7 g/dL, below the
#: restrictive threshold of 7 g/dL", "330 mg/dL, above the target (140-180 mg/dL)",
#: 6.2 g/dL，高于输血阈值 7 g/dL.
_COMPARE_RE = re.compile(
    r"\b(?P<en>above|below|under|over|exceed(?:s|ing)?|greater\s+than|more\s+than|"
    r"higher\s+than|less\s+than|lower\s+than)\b"
    r"|(?P<zh>高于|低于|超过|超出|大于|小于|不足|未达)"
    # a side said against a range the answer gives ("not low for an inpatient on insulin
    # (target 140-180 mg/dL)", 偏低（目标 140-180）)
    r"|(?P<flag>\bhigh\b|\blow\b|偏高|偏低)",
    re.I,
)
_COMPARE_GATE = ("above", "below", "under", "over", "exceed", "than", "high", "low",
                 "高于", "低于", "超过", "超出", "大于", "小于", "不足", "未达", "偏高", "偏低")  # fmt: skip
_LOW_WORDS = (
    "below",
    "under",
    "less",
    "lower",
    "low",
    "低于",
    "小于",
    "不足",
    "未达",
    "偏低",
)
#: A value with a unit a result is recorded in (a count, 17 次, "3 of them", is none).
_VALUE_RE = re.compile(
    r"(?<![\d.\-/:])(?P<n>\d+(?:\.\d+)?)\s*(?P<u>mg/dl|g/dl|mmol/l|meq/l|k/ul|u/l|ng/ml|"
    r"pg/ml|%|mg/l|µmol/l|umol/l|g/l|x10\^9/l|10\^9/l)(?![\w/])",
    re.I,
)
#: The bound after the comparison word: a number, or a range ("140-180").
_BOUND_RE = re.compile(
    r"(?<![\d.\-/:])(?P<a>\d+(?:\.\d+)?)(?:\s*(?:-|–|to|至|~)\s*(?P<b>\d+(?:\.\d+)?))?"
    r"(?![\d.\-/:])\s*(?P<u>mg/dl|g/dl|mmol/l|meq/l|k/ul|u/l|ng/ml|pg/ml|%|mg/l|µmol/l|"
    r"umol/l|g/l|x10\^9/l|10\^9/l)?",
    re.I,
)
#: How far after the comparison word its bound may stand.
_BOUND_CHARS = 60
#: What may follow a bound said without its unit: the end of its phrase.
_BARE_BOUND_END_RE = re.compile(r"\s*(?:[)）,，.;；。:：]|$|\s(?:and|or|for|in|on)\b)")
_BRACKETS_RE = re.compile(r"[(（][^()（）]*[)）]")
#: A comparison asked or supposed, not stated: if, whether, unless, 如果, 是否.
_SUPPOSED_RE = re.compile(
    r"\b(?:if|whether|unless|when|once|should|until|goal|aim|keep|target\s+is)\b|如果|若|"
    r"是否|一旦|除非|直到|维持|保持|目标是",
    re.I,
)
_NEGATED_BEFORE_RE = re.compile(
    r"(?:\bnot|n't|\bnever|\bno)\s+(?:\w+\s+)?$|[不未没非]$", re.I
)


def false_comparisons(text: str, gold: str = "") -> list[str]:
    """Each comparison of a result's value with a bound the answer states in the same
    breath that the numbers themselves contradict ("7.7 g/dL, below the threshold of 7
    g/dL", "glucose 330 mg/dL, now below the target (140-180 mg/dL)", 6.2 g/dL，高于阈值
    7 g/dL): a side of a value said opposite to what the answer's own numbers show
    (issue #35, fourteenth pass: a flag is checked wherever its bound comes from).

    The value is the nearest one with a unit a result is recorded in before the word,
    in its sentence, with no other number between them but bracketed asides (a date);
    the bound is the first number after the word in its clause (a range: above its top,
    below its bottom). Negated ("not below"), supposed ("if below 3.5", 如果低于) and
    unitless values (counts: "17 of them below 180") are not read; nor is a comparison
    the gold answer states too."""
    if not any(w in text.lower() for w in _COMPARE_GATE):
        return []
    out: list[str] = []
    for m in _COMPARE_RE.finditer(text):
        s_start, s_end = tx.sentence_bounds(text, m.start())
        negated = bool(
            _NEGATED_BEFORE_RE.search(text, max(s_start, m.start() - 12), m.start())
        )
        if negated and not m["flag"]:
            continue
        head = text[s_start : m.start()]
        values = list(_VALUE_RE.finditer(head))
        if not values:
            continue
        v = values[-1]
        gap = _BRACKETS_RE.sub("", _BRACKETS_RE.sub("", head[v.end() :]))
        if re.search(r"\d", gap) or _SUPPOSED_RE.search(head, v.start()):
            continue
        if _SUPPOSED_RE.search(
            text, s_start, s_start + v.start()
        ) and not _NOW_RE.search(head, v.start()):
            continue
        # a bracketed aside between the word and its bound is not the bound ("高于正在治疗的
        # 静脉曲张出血（目标 7-8 g/dL）的阈值 7 g/dL": the threshold is the 7)
        # (a bound only in brackets is still read: "high (reference 135-145 mmol/L)")
        window = text[m.end() : s_end]
        bare = _BRACKETS_RE.sub(lambda a: " " * len(a.group(0)), window)
        opened = max(bare.rfind("("), bare.rfind("（"))
        if (
            opened >= 0
        ):  # an aside the sentence's end cut open ("（目标 7-8 g/dL；...）")
            bare = bare[:opened] + " " * (len(bare) - opened)
        b = _BOUND_RE.search(bare)
        if (b is None or b.start() > _BOUND_CHARS) and opened < 0:
            b = _BOUND_RE.search(window)
        if (
            b is None
            or b.start() > _BOUND_CHARS
            or re.search(r"[,，;；。]", window[: b.start()])
        ):
            continue
        if m["flag"] and not b["b"]:
            continue  # a side is read against a range, never a threshold ("low, trigger 7")
        if not b["u"] and not _BARE_BOUND_END_RE.match(window, b.end()):
            continue  # "over 48 hours", "above 1.5x baseline": no bound of the value
        unit = (b["u"] or v["u"]).lower()
        if unit != v["u"].lower():
            continue
        value, lo = float(v["n"]), float(b["a"])
        hi = float(b["b"]) if b["b"] else lo
        low = m.group(0).lower().startswith(_LOW_WORDS)
        holds = (value < lo) if low else (value > hi)
        if holds != negated:
            continue
        said = text[s_start + v.start() : m.end() + b.end()].strip()
        if said in gold:
            continue
        out.append(
            f"{v.group(0)} said {'not ' if negated else ''}{'below' if low else 'above'} "
            f"{b.group(0).strip()} "
            f"({said[:80]!r})"
        )
    return out


#: What joins the two sides of a state said both ways ("high or low", "rising/falling",
#: 偏高或偏低, 上升还是下降).
_EITHER_RE = re.compile(
    r"^[\s,，]*(?:or|/|或者?|还是)[\s,，]*(?:maybe\s+|perhaps\s+|可能)?$", re.I
)


def _both_ways(
    claims: cl.Claims, wanted: Sequence[cl.Claim], said_by_gold: frozenset[tuple]
) -> list[str]:
    """A flag or trend of one analyte said both ways in one breath ("2.3 mg/dL, high or
    low", "rising or falling", 偏高或偏低) outside a question or condition: no reading of
    the result at all, so never a true one (issue #35: a hedge is no answer; a question
    or a condition, "whether it is high or low", makes no claim and is not read here)."""
    out: list[str] = []
    for a, b in zip(wanted, wanted[1:], strict=False):
        if a.kind != b.kind or a.subject != b.subject or a.negated or b.negated:
            continue
        opposite = _EITHER_FLAG if a.kind == "flag" else _TREND_OPPOSITE
        if opposite.get(a.label) != b.label:
            continue
        if all((x.kind, x.subject, x.label, x.negated) in said_by_gold for x in (a, b)):
            continue
        gap = claims.text[a.start + len(a.text) : b.start]
        if _EITHER_RE.match(gap):
            out.append(
                f"{a.subject} said both {a.label} and {b.label} ({a.text!r} / {b.text!r})"
            )
    return out


def _gold_states(gold: str, observations: tuple[str, ...]) -> frozenset[tuple]:
    if not gold:
        return frozenset()
    read = cl.read_claims(gold, observations)
    return frozenset(
        (c.kind, c.subject, c.label, c.negated)
        for c in read.claims
        if c.kind in ("flag", "trend") and not _a_target(read.text, c)
    )


#: An order's goal before a state word: "replete magnesium to the upper normal range",
#: 血钾、血镁补至正常高值, "keep the INR in range": the state aimed at, not the one seen.
_TARGET_EN_RE = re.compile(
    r"\b(?:replet|replac|titrat|keep|maintain|correct|aim|target|bring|restor)\w*\b"
    r"[^.;:\n]{0,40}?(?P<to>\b(?:to|into|within|in)\s+(?:the\s+)?(?:\w+\s+){0,2})?$",
    re.I,
)
#: A state word that is its own goal phrase: "in range", "within the target range".
_GOAL_WORD_RE = re.compile(r"(?:in|within|into|to|at)\b|在", re.I)
_TARGET_ZH_RE = re.compile(
    r"(?:补|纠正|维持|保持|控制|目标)[^。；：\n]{0,12}(?:至|到|在)\s*$"
)


def _a_target(text: str, c: cl.Claim) -> bool:
    """Whether the flag ``c`` is the goal of an order (:data:`_TARGET_EN_RE`), not a
    state said of a result (fifteenth pass: the gold's "补至正常高值" says nothing of
    the magnesium now, so it excuses no answer's "镁正常")."""
    if c.kind != "flag" or c.start < 0:
        return False
    before = text[max(0, c.start - 60) : c.start]
    en = _TARGET_EN_RE.search(before)
    if en is not None and (en["to"] or _GOAL_WORD_RE.match(c.text)):
        return True
    return bool(_TARGET_ZH_RE.search(before))


#: Words that open a sentence as a discourse marker ("OK so ...", "Fine, ...", 好的，...,
#: 没问题，结果如下): politeness carries no content (issue #35, ninth pass).
_INTERJECTIONS = frozenset(
    {
        "ok", "okay", "fine", "alright", "all right", "good", "great", "no problem",
        "sure", "好", "好的", "行", "没问题",
    }
)  # fmt: skip
#: What may stand before a discourse word that opens a sentence.
_OPENING_RE = re.compile(r"^[\s\-*•>(（\[]*(?:p\.?s\.?|附)?[\s:：,，]*$", re.I)


def _named_with(claims: cl.Claims, c: cl.Claim) -> bool:
    """Whether ``c``'s analyte is named in its own sentence and the wording is not a
    discourse word opening the sentence ("OK so, the creatinine...", 好的，肌酐...).

    A flag or trend bound to an analyte of an earlier sentence ("continue metformin
    unchanged" after a creatinine) is too loose a reading to fault an answer on."""
    if c.start < 0:
        return False
    text = claims.text
    lo, hi = tx.sentence_bounds(text, c.start)
    names = [s for s in claims.subjects if s.key == c.subject and lo <= s.start < hi]
    if not names:
        # a record's verdict field names its result on the field line before it
        # ("creatinine: 2.3 mg/dL" / "interpretation: reassuring"): one statement
        field = cl.verdict_field(text, c.start, c.start + len(c.text))
        if field is not None and any(
            s.key == c.subject and field <= s.start < lo for s in claims.subjects
        ):
            return True
        return _topic_asked_before(claims, c.subject, lo)
    nearest = min(
        (x for x in claims.subjects if lo <= x.start < hi),
        key=lambda x: abs(x.start - c.start),
    )
    if nearest.kind == "drug":
        return False  # "hold furosemide unchanged while the creatinine climbs"
    if (
        c.text.lower() in _INTERJECTIONS
        and _OPENING_RE.match(text[lo : c.start])
        and all(s.start > c.start for s in names)
    ):
        end = c.start + len(c.text)
        first = min(s.start for s in names)
        # "Fine on the creatinine front", "OK as far as the K goes": the word is said of
        # the analyte its preposition names, no discourse marker
        return not text[end:first].strip(" \t") or bool(
            _ABOUT_RE.match(text, end, first)
        )
    return True


#: A preposition that relates an opening evaluative word to what follows it ("Fine on
#: the creatinine front", "Good with the K", "OK as far as the sugar goes").
_ABOUT_RE = re.compile(
    r"\s*(?:on|for|with|about|regarding|re|as\s+for|as\s+regards|as\s+far\s+as|"
    r"in\s+terms\s+of|when\s+it\s+comes\s+to|from)\b",
    re.I,
)
#: The most a bare topic question may hold beside its analyte's name ("As for the
#: creatinine?", "And the K?", 血色素？, 至于肌酐呢？).
_TOPIC_CHARS = 24


def _topic_asked_before(claims: cl.Claims, subject: str, lo: int) -> bool:
    """Whether the sentence before ``lo`` is a bare topic question naming ``subject``
    ("As for the kidney number? All good.", 血色素？都好): the question names what its
    answer, the next sentence, is about."""
    text = claims.text
    end = len(text[:lo].rstrip())
    if end == 0 or text[end - 1] not in "?？":
        return False
    q_lo, _ = tx.sentence_bounds(text, end - 1)
    names = [s for s in claims.subjects if s.key == subject and q_lo <= s.start < end]
    if not names:
        return False
    rest = end - q_lo - (names[0].end - names[0].start)
    # a question that states a flag itself ("Is the K high?") is no bare topic
    return rest <= _TOPIC_CHARS and not tx.find_flags(text[q_lo:end])


def _points_said_with(
    claims: cl.Claims, c: cl.Claim, series: tuple[LabPoint, ...]
) -> tuple[LabPoint, ...]:
    """The results a flag is said of when it is said with a value (:func:`claims.
    value_said_with`: "potassium 4.9 mEq/L (2183-04-19), within range") that is not the
    latest, dated or said with no other time between it and the flag: the points of that
    value, the one judged as the value now; ``()`` when the flag goes with no value, with
    the latest one, with one no result shows, or with a time word between them."""
    v = cl.value_said_with(claims, c)
    q = v.quantity if v is not None else None
    if q is None or q.unit and q.unit.lower() not in _RECORD_UNITS:
        return ()
    same = tuple(p for p in series if abs(p.value - q.value) < 1e-9)
    if not same or abs(series[-1].value - q.value) < 1e-9:
        return ()
    # "0.3 on 2133-06-09, rising since then, now above the range": another time or state
    # between the value and the flag puts the flag elsewhere
    lo, hi = (q.end, c.start) if q.end <= c.start else (c.start + len(c.text), q.start)
    if any(
        r.search(claims.text, lo, hi) for r in (_NOW_RE, _NEXT_STATE_RE, _CHANGE_RE)
    ):
        return ()
    if _CHANGE_RE.search(c.text):
        return ()  # "back to normal", 恢复正常: a change from that value
    # a value said with its own day ("4.9 mEq/L (2183-04-19)", "4.9 on 19 April") is
    # said of that draw
    day = next(iter(days_said(claims.text[q.end : q.end + 40])), None)
    if day is not None and _DAY_GAP_RE.fullmatch(claims.text, q.end, q.end + day.start):
        return same[-1:]
    # so is an undated value a result seen had, when the flag judges that value with no
    # other time between them ("WBC 15.6 K/uL, which is okay", "肌酐 2.1 mg/dL 也还好");
    # "3.3 on admission, normal now" judges the present (issue #35, eleventh pass: a
    # result the chart flags is never normal, whichever draw it is)
    if _PAST_RE.search(claims.text, lo, hi):
        return ()
    return same[-1:]


#: Between a value and its own day: "(", "on", "drawn", 于, an aside ending in a comma
#: ("（入院后第二天，2180-01-03）").
_DAY_GAP_RE = re.compile(
    r"[\s,，(（]*(?:[^()（）\d.;。；]{1,16}[,，]\s*)?(?:(?:drawn|on|from|dated|of|于|在)\s*)*",
    re.I,
)
#: Units a result is recorded in by the chart's rows (a value in another unit, µmol/L for a
#: creatinine in mg/dL, is not compared by number).
_RECORD_UNITS = frozenset(
    {
        "mg/dl",
        "meq/l",
        "mmol/l",
        "g/dl",
        "k/ul",
        "x10^9/l",
        "10^9/l",
        "×10^9/l",
        "u/l",
        "ng/ml",
        "pg/ml",
        "%",
    }
)


def _when_said(text: str, start: int) -> str:
    """``now`` or ``past``: the time the clause around ``start`` puts its flag at."""
    if start < 0:
        return "now"
    lo, hi = tx.clause_bounds(text, start)
    # the clause up to the next coordinated state ("was normal two days ago and is now
    # high": the first state is of the past)
    tail = _NEXT_STATE_RE.search(text, start, hi)
    clause = text[lo : tail.start() if tail else hi]
    if _NOW_RE.search(clause):
        return "now"
    return "past" if _PAST_RE.search(clause) else "now"


def _said(c: cl.Claim) -> str:
    words = f"not {c.label}" if c.negated else c.label
    return f"{c.subject} called {words} ({c.text!r})"


def _flag_problem(c: cl.Claim, series: tuple[LabPoint, ...], when: str) -> str:
    latest = series[-1]
    sides = {p.side for p in series if p.side}
    if not latest.side:
        return ""
    if when == "past":
        # a state said of an earlier time: wrong only when no result seen had it
        if c.negated or c.label not in ("normal", "high", "low"):
            return ""
        if len(sides) == 1 and c.label not in sides and "" not in sides:
            only = next(iter(sides))
            if c.label == "normal" or only == _OPPOSITE.get(c.label):
                return f"{_said(c)}; every {c.subject} seen was {only}"
        return ""
    shown = f"the latest {c.subject} seen is {latest.value:g} ({latest.side})"
    if c.negated:
        if c.label in ("high", "low") and latest.side == c.label:
            return f"{_said(c)}; {shown}"
        return ""
    if c.label == "normal" and latest.side in ("high", "low", "abnormal"):
        return f"{_said(c)}; {shown}"
    if c.label in _OPPOSITE and latest.side == _OPPOSITE[c.label]:
        return f"{_said(c)}; {shown}"
    return ""


def _panel_problem(
    claims: cl.Claims,
    c: cl.Claim,
    points: dict[str, tuple[LabPoint, ...]],
    said_by_gold: frozenset[tuple],
) -> str:
    """A panel ("kidney function", 肝功能, "the electrolytes") called normal now while the
    latest result of a member seen is flagged; a panel's direction ("renal function
    declining") is its markers' opposite and is not read here."""
    if (
        c.kind != "flag"
        or c.label != "normal"
        or c.negated
        or (c.kind, c.subject, c.label, c.negated) in said_by_gold
        or not _named_with(claims, c)
        or _when_said(claims.text, c.start) != "now"
    ):
        return ""
    off = [
        (k, points[k][-1])
        for k in PANELS[c.subject]
        if points.get(k) and points[k][-1].side in ("high", "low", "abnormal")
    ]
    if not off:
        return ""
    k, latest = off[0]
    return (
        f"{c.subject.replace('_', ' ')} called normal ({c.text!r}); the latest {k} "
        f"seen is {latest.value:g} ({latest.side})"
    )


def _trend_problem(c: cl.Claim, series: tuple[LabPoint, ...]) -> str:
    stay = _the_stay(series)
    if len(stay) < 2:
        return ""
    values = [p.value for p in stay]
    decimals = max(_decimals(v) for v in values)
    led = course.direction(values, decimals, c.subject)
    ends = course.direction([values[0], values[-1]], decimals, c.subject)
    moved = {led, ends} - {"stable"}
    said = f"{c.subject} called {'not ' if c.negated else ''}{c.label} ({c.text!r})"
    shown = " -> ".join(f"{v:g}" for v in values[-4:])
    if c.negated:
        if c.label in ("rising", "falling") and led == ends == c.label:
            return f"{said}; the series seen is {c.label}: {shown}"
        # "fluctuating", 大起大落: unsteady over a series no leg of which moves
        if c.label == "stable" and all(
            course.direction([a, b], decimals, c.subject) == "stable"
            for a, b in zip(values, values[1:], strict=False)
        ):
            return f"{said}; every step of the series seen is stable: {shown}"
        return ""
    if c.label == "stable" and led != "stable" and ends != "stable" and led == ends:
        return f"{said}; the series seen is {led}: {shown}"
    opposite = _TREND_OPPOSITE.get(c.label)
    if opposite and moved == {opposite}:
        return f"{said}; the series seen is {opposite}: {shown}"
    # a move said of a series that makes none: stable by its course and its ends, and
    # neither its last leg nor its ends going the said way at all ("climbing" over 1.7
    # -> 1.7, 持续走低 over 0.9 -> 1.0)
    if opposite and not moved and not _moves_at_all(values, c.label):
        return f"{said}; the series seen is stable: {shown}"
    return ""


def _moves_at_all(values: Sequence[float], direction: str) -> bool:
    """Whether the last leg or the two ends of ``values`` go ``direction`` by any amount."""
    sign = 1 if direction == "rising" else -1
    return any(
        sign * (b - a) > 0
        for a, b in ((values[-2], values[-1]), (values[0], values[-1]))
    )


def _the_stay(series: tuple[LabPoint, ...]) -> tuple[LabPoint, ...]:
    """The points within :data:`TREND_DAYS` of the newest."""
    newest = _parse(series[-1].date)
    if newest is None:
        return series
    keep = []
    for p in series:
        when = _parse(p.date)
        if when is None or newest - when <= timedelta(days=TREND_DAYS):
            keep.append(p)
    return tuple(keep)


def _parse(date: str) -> datetime | None:
    try:
        return datetime.fromisoformat(date)
    except ValueError:
        return None


def _decimals(v: float) -> int:
    text = f"{v:g}"
    return len(text.split(".")[1]) if "." in text else 0
