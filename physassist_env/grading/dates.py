"""Dates and clock times as an answer says them, read into calendar days and times.

The one reader of a said date (issue #35, seventh pass): the number masker of
:mod:`.text` (a date's digits are never a lab value), the record-order test of
:mod:`.instructions` ("ordered Jan 16" quotes the chart), the mention of a date or time
(a rubric term ``2180-03-04`` or ``09:13`` is met by "Mar 4", "4 March", "3/4/2180",
"9:13 am", 3月4日, 上午9点13分) and the wrong-day check of :mod:`.additions` all read
dates here. Formats read: ISO (``2180-03-04``, ``2180/03/04``, ``2180.03.04``), numeric
with a year in either order (``3/4/2180``, ``4.3.2180``: both readings kept), numeric
without a year after a dating word ("on 3/4", "drawn 03-04"), month names ("Mar 4",
"March 4th", "4 March", "the 4th of March"), the day of the month alone ("on the 4th",
4日, 4号), Chinese (``2180年3月4日``, ``3月4号``), and day words said of the session
(today, this morning, tonight, yesterday, last night, the day before yesterday, 今天, 今晨,
昨天, 昨晚, 前天). Clock times: ``09:13``, ``9:13 am``, ``9:13 pm``, ``0913h``, ``9 am``,
上午9点, 下午3点20分, 9时13分, 21点.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_MONTH_NAMES = (
    "jan january",
    "feb february",
    "mar march",
    "apr april",
    "may",
    "jun june",
    "jul july",
    "aug august",
    "sep sept september",
    "oct october",
    "nov november",
    "dec december",
)
#: A month's name (lowercase, with its abbreviations) -> its number.
MONTHS: dict[str, int] = {
    m: i + 1 for i, names in enumerate(_MONTH_NAMES) for m in names.split()
}
#: Any month name; "May" only capitalised (the verb "may" is no month), the rest in any case.
MONTH = (
    "(?:"
    + "|".join(f"(?i:{m})" for m in sorted(MONTHS, key=len, reverse=True) if m != "may")
    + "|(?-i:May|MAY))"
)
_ORD = r"(?:st|nd|rd|th)"
#: Words that date a number after them ("on 3/4", "drawn 03-04"): a bare "3/4" elsewhere
#: is a fraction or a ratio.
_DATING = r"(?:on|drawn|dated|from|since|until|till|by|of|taken|checked|collected)"
#: A unit right after a number: it is a dose or a result, not a day ("May 5 mg").
_NOT_A_DAY_AFTER = r"(?!\s*(?:mg|mcg|g\b|mmol|meq|units?\b|ml\b|%|/|\.\d))"

#: A calendar date with its month said, in any format: the source of every date reader.
_FULL_DATE_PATTERN = (
    r"(?P<iso>(?<!\d)(?P<iy>\d{4})[-/.](?P<im>\d{1,2})[-/.](?P<id>\d{1,2})(?!\d))"
    r"|(?<![\d/.])(?P<na>\d{1,2})(?P<sep>[/.])(?P<nb>\d{1,2})(?P=sep)(?P<ny>\d{4}|(?<=/)\d{2})"
    r"(?![\d/])"
    rf"|\b{_DATING}\s+(?P<pa>\d{{1,2}})[/-](?P<pb>\d{{1,2}})(?![\d/.-])"
    rf"|\b(?P<ed>\d{{1,2}}){_ORD}?\s+(?:of\s+)?(?P<em>{MONTH})\b\.?(?:,?\s+(?P<ey>\d{{4}})\b)?"
    rf"|\b(?P<em2>{MONTH})\b\.?\s+(?:the\s+)?(?P<ed2>\d{{1,2}})(?:{_ORD})?\b(?:,?\s+(?P<ey2>\d{{4}})\b)?"
    + _NOT_A_DAY_AFTER
    + r"|(?:(?P<zy>\d{4})\s*年\s*)?(?P<zm>\d{1,2})\s*月\s*(?P<zd>\d{1,2})\s*[日号]"
    # in Chinese numerals: 三月四日, 十二月二十一号
    r"|(?P<cm>十[一二]?|[一二三四五六七八九])月(?P<cd>三十[一]?|二?十[一二三四五六七八九]?|"
    r"[一二三四五六七八九])[日号]"
)
#: The day of the month said alone: a date only where a date is read (3日 is also "3 days").
_DAY_ONLY_PATTERN = (
    # the day of the month alone ("on the 4th", "(the 4th)", "the 4th", 4日, 4号)
    rf"|(?:\b{_DATING}\s+|[(（]\s*)the\s+(?P<od>\d{{1,2}}){_ORD}\b"
    rf"(?!\s+(?:of\s+)?{MONTH}\b|\s+(?:day|dose|draw|time|week|hospital|attempt)s?\b)"
    r"|(?<![月\d第近续去共每前后约内.])(?P<zod>\d{1,2})[日号](?![后内前以来间之\d])"
)
#: A day word said of the session (today, yesterday, the day before yesterday).
_DAY_WORDS = (
    r"|\b(?P<before>(?:the\s+)?day\s+before\s+yesterday)\b"
    r"|\b(?P<today>today|this\s+(?:morning|afternoon|evening)|tonight|earlier\s+today)\b"
    r"|\b(?P<yesterday>yesterday|last\s+night|last\s+evening|overnight)\b"
    r"|(?P<zbefore>前天|前日)"
    r"|(?P<ztoday>今天|今日|今晨|今早|今晚|今天早上|今天上午|今天下午|今天凌晨)"
    r"|(?P<zyesterday>昨天|昨日|昨晚|昨夜)"
)
#: A calendar date said in any format (no day words).
DATE_PATTERN = _FULL_DATE_PATTERN + _DAY_ONLY_PATTERN
_DAY_RE = re.compile(DATE_PATTERN + _DAY_WORDS, re.I)
#: A date with its month said, without group names, to embed in another pattern (a
#: reported order: "ordered Jan 16", 1月16日开具).
DATE_ANY = re.sub(r"\(\?P<\w+>", "(?:", _FULL_DATE_PATTERN).replace("(?P=sep)", "[/.]")
#: How many days before the newest date seen a day word may reach: "today" is the session
#: day (the newest row may be from the night before), "yesterday" the day before it.
DAY_WORD_REACH: dict[str, tuple[int, int]] = {
    "today": (0, 1),
    "yesterday": (0, 2),
    "before": (1, 3),
}


#: Where a said day can start (a digit, a dating or month word, a parenthesis, a day
#: word): the full pattern is tried only there (it is slow to try at every position).
_DAY_ANCHOR_RE = re.compile(
    r"\d|[(（前今昨一二三四五六七八九十]|\b(?:on|drawn|dated|from|since|until|till|by|of|taken|checked|collected|"
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|the|day|today|this|tonight|earlier|"
    r"yesterday|last|overnight)",
    re.I,
)
#: Where a said clock time can start.
_TIME_ANCHOR_RE = re.compile(r"\d|[上早凌清中下傍晚夜]")


def _matches(
    pattern: re.Pattern[str], anchors: re.Pattern[str], text: str
) -> list[re.Match[str]]:
    """The non-overlapping matches of ``pattern`` that start at an anchor, left to right
    (the same as ``finditer`` when every match starts at an anchor)."""
    out: list[re.Match[str]] = []
    end = 0
    for a in anchors.finditer(text):
        if a.start() < end:
            continue
        m = pattern.match(text, a.start())
        if m is not None and m.end() > m.start():
            out.append(m)
            end = m.end()
    return out


@dataclass(frozen=True)
class DaySaid:
    """One day an answer says, where it says it.

    Attributes:
        start: Where it starts in the text.
        end: Where it ends.
        month_day: (month, day) when said unambiguously.
        year: The year when said.
        word: ``today``, ``yesterday`` or ``before`` (the day before yesterday) for a day
            word, else ``""``.
        options: (month, day) readings of a numeric date in an ambiguous order
            ("01/04/2180").
        day_only: The day of the month said alone ("on the 4th", 4日).
    """

    start: int
    end: int
    month_day: tuple[int, int] | None
    year: int | None
    word: str = ""
    options: tuple[tuple[int, int], ...] = ()
    day_only: int | None = None

    def matches(self, month: int, day: int, year: int | None = None) -> bool:
        """Whether a calendar date (a day word matches nothing: see :func:`on_day`)."""
        if self.year is not None and year is not None and self.year % 100 != year % 100:
            return False
        if self.month_day is not None:
            return self.month_day == (month, day)
        if self.options:
            return (month, day) in self.options
        return self.day_only is not None and self.day_only == day


def _ymd(g: dict[str, str | None]) -> tuple[tuple[int, int] | None, int | None]:
    def y(key: str) -> int | None:
        return int(g[key]) if g.get(key) else None  # type: ignore[arg-type]

    if g["iso"]:
        return (int(g["im"]), int(g["id"])), y("iy")  # type: ignore[arg-type]
    if g["ed"]:
        return (MONTHS[g["em"].lower()], int(g["ed"])), y("ey")  # type: ignore[union-attr,arg-type]
    if g["ed2"]:
        return (MONTHS[g["em2"].lower()], int(g["ed2"])), y("ey2")  # type: ignore[union-attr,arg-type]
    if g["zm"]:
        return (int(g["zm"]), int(g["zd"])), y("zy")  # type: ignore[arg-type]
    if g["cm"]:
        return (_zh_number(g["cm"]), _zh_number(g["cd"])), None  # type: ignore[arg-type]
    return None, None


_ZH_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")}


def _zh_number(word: str) -> int:
    """A Chinese numeral up to 39 (四 4, 十二 12, 二十一 21, 三十 30)."""
    if "十" not in word:
        return _ZH_DIGITS[word]
    tens, _, ones = word.partition("十")
    return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)


#: What every said day holds (a cheap first test: most answers say none), in four parts
#: tested cheapest first (issue #35, twelfth pass: one alternation of them all tried every
#: letter of every answer): a day led by its digits ("3/4/2180", "4日", "4th of March")...
_MONTH3 = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_DAY_HINT_DIGIT_RE = re.compile(
    rf"\d(?:[-/.]\d{{1,2}}[-/.]\d|\s*[日号月]|(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH3}))",
    re.I,
)
#: ...a day word (searched only when one of :data:`_DAY_WORD_CUES` is in the text)...
_DAY_HINT_WORD_RE = re.compile(
    r"today|tonight|yesterday|this\s+(?:morning|afternoon|evening)|overnight|"
    r"last\s+(?:night|evening)|前[天日]|今[天日晨早晚]|昨[天日晚夜]|月[一二三四五六七八九十]",
    re.I,
)
_DAY_WORD_CUES = (
    "today", "tonight", "yesterday", "morning", "afternoon", "evening", "night", "前",
    "今", "昨", "月",
)  # fmt: skip
#: ...and a day led by a word, its digits after a blank ("on 3/4", "Mar 4", "the 4th"),
#: searched only when a digit follows a blank.
_DAY_HINT_LETTER_RE = re.compile(
    r"(?:\b(?:on|drawn|dated|from|since|until|till|by|of|taken|checked|collected)\s+"
    rf"\d{{1,2}}[/-]|(?:{_MONTH3})[a-z]*\.?\s+(?:the\s+)?|\bthe\s+)\d",
    re.I,
)
_BLANK_DIGIT_RE = re.compile(r"\s\d")


def _day_hint(text: str) -> bool:
    """Whether ``text`` may say a day (a cheap first test of :func:`days_said`)."""
    if _DAY_HINT_DIGIT_RE.search(text):
        return True
    low = text.lower()
    if any(w in low for w in _DAY_WORD_CUES) and _DAY_HINT_WORD_RE.search(text):
        return True
    return bool(_BLANK_DIGIT_RE.search(text) and _DAY_HINT_LETTER_RE.search(text))


_ISO_DAY_RE = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")


@functools.lru_cache(maxsize=4096)
def days_written(texts: tuple[str, ...]) -> frozenset[tuple[int, int, int]]:
    """Every ISO day (year, month, day) written in ``texts`` (tool results, a write's
    arguments): the days a record shows, to hold the days an answer says against."""
    return frozenset(
        (int(y), int(m), int(d)) for t in texts for y, m, d in _ISO_DAY_RE.findall(t)
    )


@functools.lru_cache(maxsize=4096)
def days_said(text: str) -> tuple[DaySaid, ...]:
    """Every day ``text`` says (dates in any format and day words), in text order."""
    if not _day_hint(text):
        return ()
    out = []
    for m in _matches(_DAY_RE, _DAY_ANCHOR_RE, text):
        g = m.groupdict()
        md, year = _ymd(g)
        options: tuple[tuple[int, int], ...] = ()
        day_only, word = None, ""
        if g["na"] or g["pa"]:
            a, b = (
                (int(g["na"]), int(g["nb"]))
                if g["na"]
                else (int(g["pa"]), int(g["pb"]))
            )
            year = int(g["ny"]) if g["ny"] else None
            options = tuple(
                (x, y) for x, y in ((a, b), (b, a)) if 1 <= x <= 12 and 1 <= y <= 31
            )
            if not options:
                continue
        elif g["od"] or g["zod"]:
            day_only = int(g["od"] or g["zod"])
            if not 1 <= day_only <= 31:
                continue
        elif md is None:
            word = (
                "today"
                if (g["today"] or g["ztoday"])
                else "before"
                if (g["before"] or g["zbefore"])
                else "yesterday"
            )
        if md is not None and not (1 <= md[0] <= 12 and 1 <= md[1] <= 31):
            continue
        out.append(DaySaid(m.start(), m.end(), md, year, word, options, day_only))
    return tuple(out)


#: A clock time: "09:13", "9:13 am", "0913h", "9 am", 上午9点13分, 9时13分, 21点.
_TIME_RE = re.compile(
    r"(?<![\d:.])(?P<h>\d{1,2})[:：](?P<m>\d{2})(?::\d{2})?(?![\d:])\s*(?P<ap>[ap]\.?m\.?\b)?"
    r"|(?<![\d:.])(?P<h2>[01]\d|2[0-3])(?P<m2>[0-5]\d)\s*(?:h|hrs|hours)\b"
    r"|(?<![\d:.])(?P<h3>\d{1,2})\s*(?P<ap3>[ap]\.?m\.?)(?![a-z])"
    r"|(?P<zap>上午|早上|早晨|凌晨|清晨|中午|下午|傍晚|晚上|夜间|夜里)?\s*"
    r"(?P<zh>\d{1,2})\s*[点时](?:\s*(?P<zm>\d{1,2})\s*分|(?P<half>半))?",
    re.I,
)
_PM_ZH = ("下午", "傍晚", "晚上", "夜间", "夜里")


@dataclass(frozen=True)
class TimeSaid:
    """A clock time an answer says, where it says it.

    Attributes:
        start: Where it starts in the text.
        end: Where it ends.
        minutes: Minutes after midnight as written (``9:13`` is 553).
        options: Every reading: a 12-hour time said without am or pm ("9:13") is also
            the evening's (1273); "09:13", "21:13", "9:13 am" and 上午9点 have one.
    """

    start: int
    end: int
    minutes: int
    options: tuple[int, ...] = ()

    def near(self, minutes: int, slack: int = 30) -> bool:
        """Whether a clock time (minutes after midnight) is within ``slack`` of a reading."""
        return any(
            min(abs(o - minutes), 1440 - abs(o - minutes)) <= slack
            for o in self.options or (self.minutes,)
        )


def _minutes(g: dict[str, str | None]) -> int | None:
    if g["h"] is not None:
        h, m, ap = int(g["h"]), int(g["m"]), (g["ap"] or "").lower()[:1]  # type: ignore[arg-type]
    elif g["h2"] is not None:
        h, m, ap = int(g["h2"]), int(g["m2"]), ""  # type: ignore[arg-type]
    elif g["h3"] is not None:
        h, m, ap = int(g["h3"]), 0, (g["ap3"] or "").lower()[:1]  # type: ignore[arg-type]
    else:
        h = int(g["zh"])  # type: ignore[arg-type]
        m = 30 if g["half"] else int(g["zm"] or 0)
        ap = "p" if g["zap"] in _PM_ZH and h < 12 else ""
        if g["zap"] in ("中午",) and h < 6:
            ap = "p"
    if ap == "p" and h < 12:
        h += 12
    elif ap == "a" and h == 12:
        h = 0
    if not (0 <= h <= 24 and 0 <= m < 60):
        return None
    return (h % 24) * 60 + m


#: What every said clock time holds (a cheap first test).
_TIME_HINT_RE = re.compile(
    r"\d[:：]\d|\d\s*(?:[ap]\.?m|h\b|hrs\b|hours\b|[点时])", re.I
)


@functools.lru_cache(maxsize=4096)
def times_said(text: str) -> tuple[TimeSaid, ...]:
    """Every clock time ``text`` says, in text order."""
    if not _TIME_HINT_RE.search(text):
        return ()
    out = []
    for m in _matches(_TIME_RE, _TIME_ANCHOR_RE, text):
        g = m.groupdict()
        minutes = _minutes(g)
        if minutes is None:
            continue
        hour = g["h"] or g["h3"] or g["zh"] or g["h2"] or ""
        said_half = not (g["ap"] or g["ap3"] or g["zap"]) and not hour.startswith("0")
        options = (minutes,)
        if said_half and 1 <= minutes // 60 <= 11:
            options = (minutes, minutes + 720)
        out.append(TimeSaid(m.start(), m.end(), minutes, options))
    return tuple(out)


_ISO_TERM_RE = re.compile(r"^(?:(?P<y>\d{4})-)?(?P<m>\d{1,2})-(?P<d>\d{1,2})$")
_TIME_TERM_RE = re.compile(r"^(?P<h>\d{1,2}):(?P<m>\d{2})$")


def term_spans(text: str, term: str) -> list[tuple[int, int]]:
    """Where ``text`` says the date or time a rubric ``term`` names, in any format: a term
    ``2180-03-04`` or ``03-04`` is said by "Mar 4", "4 March 2180", "3/4/2180", 3月4日;
    ``09:13`` by "9:13 am", 上午9点13分; the day of the month said alone ("on the 4th",
    4号) says any month's. ``[]`` for a term that is neither, or a date or time said
    nowhere (a day word, "yesterday", needs the session date: it says no term)."""
    d = _ISO_TERM_RE.match(term.strip())
    if d:
        year = int(d["y"]) if d["y"] else None
        month, day = int(d["m"]), int(d["d"])
        return [
            (s.start, s.end)
            for s in days_said(text)
            if not s.word and s.matches(month, day, year)
        ]
    t = _TIME_TERM_RE.match(term.strip())
    if t:
        want = int(t["h"]) * 60 + int(t["m"])
        return [(s.start, s.end) for s in times_said(text) if s.near(want, 0)]
    return []


def date_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` says a calendar date (any format; not a day word)."""
    return [(s.start, s.end) for s in days_said(text) if not s.word]


def is_date_or_time_term(term: str) -> bool:
    """Whether a rubric term names a date (``2180-03-04``, ``03-04``) or a clock time."""
    t = term.strip()
    return bool(_ISO_TERM_RE.match(t) or _TIME_TERM_RE.match(t))
