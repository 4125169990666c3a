"""Frames around a statement: denied ("would be a mistake"), left open (a question,
"whether"), or handed back ("your call"), EN and ZH.

The claim reader asks :func:`frame_at` for each decision, flag, trend and conclusion it
reads: inside an odd number of *reversing* frames the statement is said the other way
round; inside an *open* frame it is not said. The words are the vocabulary's
(:mod:`physassist_env.vocab.modality`); the spans are found here:

* a reversing frame said after what it governs ("Holding warfarin would be a mistake",
  暂停华法林是错误的) governs its clause up to the frame, from the clause's start or the
  last word that starts a new statement ("because", "so", 因为, 所以);
* one said before ("It would be a mistake to hold", "I'd advise against", 不建议) governs
  the rest of its clause; a frame that denies a statement ("It would be wrong to say that
  ...", "I disagree that ...") the rest of its sentence up to a colon, a semicolon or
  "but";
* a frame whose own words are denied ("it would *not* be a mistake", 不是错误的) reverses
  nothing;
* a question is open: its whole sentence when the sentence opens as a question ("Should
  we hold warfarin, given the INR?", a Chinese sentence ending in 吗/呢), else the clause
  its question mark ends ("Continue lisinopril, recheck tomorrow?" asks only about the
  recheck); a tag asking for agreement ("Hold warfarin, okay?", 对吧？) asks nothing. The
  rest of a clause after "whether" / 是否 / 要不要 is open, and so is a sentence that hands
  the decision back ("your call", "up to you", 由您决定), with the sentence before it when
  it says nothing else ("Hold warfarin. Your call.").

* a sentence that takes the answer back as a whole ("Scratch all that", "the opposite call
  is probably right", 以上意见作废) leaves every decision and conclusion before it open;
* a decision put in someone else's mouth ("Some would transfuse", 有人认为暂停华法林) is
  open, said the other way round when the answer rejects it ("I disagree", 我不同意) and
  the answer's own when it endorses it ("and I agree"); a quotation or an attribution
  said after its statement, and a rejection of nothing named ("but I wouldn't do that"),
  reverse what they reject.

Frames are found once per text; each lookup scans the frames (few per answer).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from physassist_env.grading import shown as sh
from physassist_env.grading import text as tx
from physassist_env.vocab import modality as mo
from physassist_env.vocab import stance as st
from physassist_env.vocab.conditions import CONDITIONS
from physassist_env.vocab.drugs import drug_names
from physassist_env.vocab.index import TermIndex
from physassist_env.vocab.subjects import (
    COMPONENT_NAMES,
    EMBEDDED_ANALYTE,
    SUBJECT_ABBREVIATIONS,
    SUBJECT_NAMES,
)


@dataclass(frozen=True)
class Frame:
    """A frame and the span of text it governs.

    Attributes:
        kind: ``reverse`` (what it governs is said the other way round), ``open`` (not
            said) or ``affirm`` (a denied frame, "it would not be a mistake to": it reverses
            nothing, and a negation in its own words is not the claim's).
        decisions_only: The frame judges an action ("a mistake", "unsafe", 不建议, 不妥):
            it reverses decisions and conclusions, not findings ("such a high INR is
            dangerous" still calls the INR high).
        start: Start of the governed span.
        end: End of the governed span.
        cue: The frame's words as written.
        cue_start: Where the frame's words start (a negation cue inside them is the
            frame's, not a second negation).
        cue_end: Where the frame's words end.
        attributed: What the frame governs is not the author's own: put in someone else's
            mouth ("Some would transfuse", 有人认为暂停华法林) or the alternative the
            author sets aside ("rather than continuing it"); the instruction reader
            honours these too (:func:`attribution_at`).
        option: What the frame governs is an option the author names only to reject it
            ("rather than X", "I considered X and ruled it out", 不是X，而是): a decision
            there is read the other way round, a finding there is no finding (thirteenth
            pass).
    """

    kind: str
    start: int
    end: int
    cue: str
    cue_start: int
    cue_end: int
    decisions_only: bool = False
    attributed: bool = False
    option: bool = False

    def governs(self, start: int, end: int) -> bool:
        """Whether a claim written at [start, end) lies in the governed span (a denied
        frame's span is the rest of its clause, for its negation words only)."""
        return self.start <= start and end <= self.end


def _compile(parts: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), re.I)


_REVERSE_AFTER = _compile((*mo.REVERSE_AFTER_EN, *mo.REVERSE_AFTER_ZH))
_REVERSE_AFTER_DECISION = _compile(
    (*mo.REVERSE_AFTER_EN_DECISION, *mo.REVERSE_AFTER_ZH_DECISION)
)
_REVERSE_BEFORE = _compile((*mo.REVERSE_BEFORE_EN, *mo.REVERSE_BEFORE_ZH))
_REVERSE_AFTER_CHOICE = _compile(mo.REVERSE_AFTER_CHOICE)
_REVERSE_STATEMENT = _compile(mo.REVERSE_STATEMENT_EN)
_OPEN_BEFORE = _compile((*mo.OPEN_BEFORE_EN, *mo.OPEN_BEFORE_ZH))
_DEFER = _compile(
    (
        *mo.DEFER_EN,
        *mo.DEFER_ZH,
        *st.DEFER_SECOND_PERSON_EN,
        *st.DEFER_SECOND_PERSON_ZH,
        st.ASK_READER,
        st.DEFER_THIRD_PARTY_EN,
        st.DEFER_THIRD_PARTY_ZH,
    )
)
_DENIED_EN = re.compile(mo.FRAME_DENIAL_EN, re.I)
_JUDGEMENT_EN = re.compile(rf"\b(?:{mo.JUDGEMENT_EN})\b", re.I)
_NEGATION_EN = re.compile(r"n't|\b(?:not|never)\b", re.I)
_SAY_DENIED = re.compile(
    r"(?:I\s+)?(?:wouldn't|would\s+not|can't|cannot|couldn't|could\s+not)\s+say", re.I
)
_DENIED_ZH = re.compile(mo.FRAME_DENIAL_ZH)
_BACK_STOP = re.compile(f"{mo.FRAME_BACK_STOP_EN}|{mo.FRAME_BACK_STOP_ZH}", re.I)
_OPENER = re.compile(mo.STATEMENT_OPENER, re.I)
_STATEMENT_STOP = re.compile(r"[:;：；]|\b(?:but|however|although|though)\b|但", re.I)
_QUESTION_RE = re.compile(r"[?？]")
_TAG_QUESTION = re.compile(mo.TAG_QUESTION, re.I)
_QUESTION_OPENER = re.compile(mo.QUESTION_OPENER, re.I)
_QUESTION_END_ZH = re.compile(mo.QUESTION_END_ZH)
_QUESTION_CLAUSE_ZH = re.compile(mo.QUESTION_CLAUSE_ZH)
#: A yes/no question by its grammar (issue #35, sixteenth pass): an auxiliary before its
#: subject ("Would you agree", "Is it fair to say", "Could it be", "Do we think"; a
#: negative one, "Isn't it the case that", asserts what it asks); in
#: Chinese a clause ending in 吗/呢/么 or asking A-not-A (会不会, 是不是, 对不对, 能不能).
_ASKS_EN = (
    r"(?:should|shall|do|does|did|is|are|was|were|can|could|would|will|may|might|must)"
    r"\s+(?:you|we|I|it|this|that|there|he|she|they|one|anyone|everyone)\b"
)
_ASKS_PREFACE = re.compile(
    rf"^\W*{_ASKS_EN}|[吗呢么]\W*$|(会|是|对|能|可|该|要|行|好)不\1", re.I
)
#: A sentence that asks whether a statement holds, its statement after "that"/"if" ("Would
#: you agree that X.", "Could it be that X."), with no question mark: X is asked.
_ASKED_THAT = re.compile(
    rf"(?:^|(?<=[.!。！\n])[ \t]*)[*_>#\-\s]*{_ASKS_EN}[^.?!。？！\n:]{{0,60}}?\b(?:that|if)\b",
    re.I | re.M,
)
_CONTENT_RE = re.compile(r"[A-Za-z\u3400-\u9fff]")
_RETRACT = _compile((*mo.RETRACT_EN, *mo.RETRACT_ZH))
#: Another's statement by category (issue #35, sixth pass): a speaker other than the
#: author with a verb of saying, thinking, proposing or wanting, or a modal ("A colleague
#: suggested", "The night team feels we should", "Cardiology is pushing for", 有同事主张);
#: what a guideline, label or record says is adopted, not attributed.
_ATTRIBUTE_CATEGORY_EN = (
    rf"(?<![\w'’])(?:{st.SPEAKER_EN})(?<!\bI)(?<!\bwe)\s+(?:\w+ly\s+)?(?:{st.SAYING_EN})\b"
    r"(?:\s+(?:that|we|us|to|for|on|in\s+favou?r\s+of))*\s*"
)
_ATTRIBUTE_CATEGORY_ZH = (
    rf"(?:据|按照?|依照?)?(?:{st.SPEAKER_ZH})(?:的)?(?:{st.SAYING_ZH}|意见是|建议是|看法是|"
    r"想法是|方案是|说法是)(?:应该|应|要)?"
)
#: Another's statement named before it with a possessive ("The resident's plan is to hold
#: warfarin", "according to the night team, ...").
_ATTRIBUTE_OWNED_EN = (
    rf"\b(?:according\s+to|per)\s+(?:{st.SPEAKER_EN})\b\s*,?\s*"
    rf"|(?<![\w'’])(?:{st.SPEAKER_EN})(?:'s|’s|s')\s+(?:\w+\s+)?(?:suggestion|view|plan|proposal|"
    r"advice|recommendation|idea|take|note|position|opinion|preference|instinct|reading)\s+"
    r"(?:is|was|would\s+be)\s+(?:to\s+|that\s+)?"
)
#: Another's statement named after it, in a sentence of its own or a clause ("That's what
#: the resident suggested", "so says the night team", 以上是家属的意见): what it points at,
#: all that comes before when it names nothing else, is another's.
_ATTRIBUTE_POINTED = re.compile(
    r"\b(?:that's|that\s+is|this\s+is|which\s+is|it's|it\s+is|those\s+are|these\s+are|is|was|"
    rf"were)\s+(?:exactly\s+|just\s+)?(?:what|how)\s+(?:{st.SPEAKER_EN})\s+(?:\w+\s+)?"
    rf"(?:{st.SAYING_EN}|do|did|does|would\s+(?:do|say|suggest|recommend|have\s+(?:done|said)))\b"
    rf"|\b(?:so\s+says|as\s+(?:suggested|proposed|advised|recommended|argued)\s+by|"
    rf"(?:suggested|proposed|advised|recommended|written|said|argued)\s+by)\s+(?:{st.SPEAKER_EN})"
    rf"|(?:这|这是|这些是|这都是|以上是|上述是|上面是|以上为|以上|上述)?(?:{st.SPEAKER_ZH})的"
    r"(?:意见|建议|看法|观点|说法|想法|主张|方案|判断|思路)"
    rf"|(?:{st.SPEAKER_ZH})(?:是)?(?:这么|这样)(?:说|看|认为|建议|想|主张)的",
    re.I,
)
_ATTRIBUTE_BEFORE = _compile(
    (
        *mo.ATTRIBUTE_BEFORE_EN,
        *mo.ATTRIBUTE_BEFORE_ZH,
        _ATTRIBUTE_CATEGORY_EN,
        _ATTRIBUTE_CATEGORY_ZH,
        _ATTRIBUTE_OWNED_EN,
    )
)
#: Two breaks that may hold an apposition: "(The other reading, X, is ...)", "A - X - B",
#: 看法——X——不成立, 结论，即X，不符 (a cheap first test for :func:`_options_named`).
_APPOSITION = re.compile(r"[,，][^,，.。;；\n]{1,80}[,，]|\s[-\u2013\u2014]|——|，即")
_NOT_A_SPEAKER = re.compile(rf"\b(?:{st.NOT_A_SPEAKER_EN})\b", re.I)
_ATTRIBUTE_AFTER = _compile((*mo.ATTRIBUTE_AFTER_EN, *mo.ATTRIBUTE_AFTER_ZH))
#: The author's rejection by category (issue #35, sixth pass): a first-person subject with
#: a denied agreement verb or an opposing one, an unconvinced state, "not my view";
#: Chinese 我 + 不/无法 + 同意 ..., 反对, 持不同看法.
_REJECT_CATEGORY_EN = (
    rf"\b(?:{st.FIRST_PERSON_EN})(?:'d|'ll|\s+would|\s+will|\s+do|\s+can|\s+could|\s+really|"
    r"\s+just|\s+simply|\s+honestly|\s+personally)*(?:n't|n’t|\s+not|\s+never|\s+cannot|"
    r"\s+can't|\s+can’t|\s+won't|\s+won’t)\s+"
    rf"(?:really\s+|fully\s+|quite\s+|entirely\s+)?(?:{st.AGREE_VERBS_EN})\b"
    r"(?!\s+(?:with\s+(?:holding|stopping|continuing|giving|starting|the\s+\w+ing)|that\s+(?!one\b)))",
    rf"\b(?:{st.FIRST_PERSON_EN})(?:'d|'ll|\s+would|\s+will|\s+must|\s+have\s+to|\s+strongly|"
    rf"\s+respectfully|\s+personally)*\s+(?:{st.OPPOSE_VERBS_EN})\b",
    rf"\b(?:I'm|I\s+am|I\s+remain|we're|we\s+are|I\s+feel|I'm\s+still|I\s+am\s+still)\s+"
    rf"(?:{st.UNCONVINCED_EN})\b",
    rf"\b(?:{st.NOT_MY_VIEW_EN})\b",
)
_REJECT = _compile(
    (*mo.REJECT_EN, *mo.REJECT_ZH, *_REJECT_CATEGORY_EN, st.REJECT_ZH_CATEGORIES)
)
_ENDORSE = _compile((*mo.ENDORSE_EN, *mo.ENDORSE_ZH))
#: A quotation ('Hold warfarin', "No transfusion", “暂停华法林”); an apostrophe inside a word
#: opens none.
_QUOTED = re.compile(
    r"(?<![\w'’])['‘](?P<a>[^'’\n]{2,80})['’](?!\w)|\"(?P<b>[^\"\n]{2,600})\""
    r"|“(?P<c>[^”\n]{2,600})”|「(?P<d>[^」\n]{2,600})」"
)
_DENIED_BEFORE = re.compile(r"(?:\b(?:not|never)|n't|n’t|不|别|没)\s*$", re.I)
#: A stance said alone as the next sentence ("; I disagree.") holds at most this many
#: letters besides its own words.
_STANCE_ALONE = 12
#: A word every frame of :mod:`~physassist_env.vocab.modality` holds (lowercase): a text
#: with none of them has no frame. Substring tests are far cheaper than one search with a
#: long alternation, and most answers hold none.
_FRAME_WORDS: tuple[str, ...] = (
    "?", "？", "吗", "mistake", "error", "wrong", "incorrect", "inaccurate", "unwise",
    "advised", "appropriate", "unsafe", "dangerous", "harmful", "reckless",
    "unreasonable", "justified", "right", "correct", "true", "false", "misleading",
    "premature", "idea", "bad call", "the case", "against", "agree", "say", "whether",
    "if ", "your", "for you", "up to you", "defer", "leave", "discretion", "错", "不对",
    "不正确", "不建议", "不推荐", "不主张", "反对", "不应", "不宜", "不要", "不可", "不能",
    "切勿", "切莫", "千万", "别再", "不妥", "不合适", "不恰当", "不明智", "危险", "有害",
    "是否", "要不要", "不需要", "该不该", "应不应", "能不能", "可不可以", "用不用",
    "停不停", "继不继续", "您", "决定", "worth", "either", "both", "any of", "decide",
    "preference", "made by", "你", "都", "could be", "depending", "划算", "值得", "得不偿失", "弊大于利",
    # handed back in other words (fifth pass)
    "want to", "let you", "with you", "judgement", "judgment", "option", "or not", "拍板",
    "权衡", "斟酌", "把握", "拿捏", "酌情", "自行", "讨论", "商量", "商议", "觉得", "认为",
    # a good judgement denied (seventh pass)
    "best", "advisable", "wise", "sensible", "prudent", "way to go", "good", "safe",
    "you", "shall we",
    "the answer", "上策", "不可行", "不是", "并非", "算不上",
    # handed to a third party (eighth pass)
    "hand", "pass", "refer", "up to the", "定夺", "交由", "留待", "交给", "留给",
    # a statement doubted (twelfth pass)
    "doubt",
)  # fmt: skip


def _may_frame(text: str) -> bool:
    low = text.lower()
    return any(w in low for w in _FRAME_WORDS)


#: Words every retraction of :data:`~physassist_env.vocab.modality.RETRACT_EN` /
#: ``RETRACT_ZH`` holds (lowercase; a cheap first test, as :data:`_FRAME_WORDS`).
_RETRACT_WORDS: tuple[str, ...] = (
    "scratch", "strike", "forget", "disregard", "ignore", "cancel", "belay", "discount",
    "never", "take", "retract", "withdraw", "rescind", "stand", "void", "opposite",
    "reverse", "contrary", "wrong", "incorrect", "mistaken", "false", "backwards",
    "not right", "not correct", "mistake", "error", "flip", "undo", "changed my mind",
    "doesn't", "does not", "no longer", "other way", "back to front", "no.", "no!", "no;", ", no",
    "作废", "不算", "不作数", "无效", "不成立", "收回", "撤回", "推翻", "忽略", "无视", "理会",
    "别管", "别理", "没说", "反过来", "反着来", "相反", "错", "不对", "有误", "取消", "作罢",
    "反了", "改主意", "改变主意",
)  # fmt: skip
#: Words every attribution (:data:`~physassist_env.vocab.modality.ATTRIBUTE_BEFORE_EN` ...)
#: holds, and every rejection (``REJECT_EN`` / ``REJECT_ZH``).
_ATTRIBUTE_WORDS: tuple[str, ...] = (
    "some", "many", "other", "most", "one ", "someone", "somebody", "colleague",
    "suggest", "idea", "proposal", "temptation", "instinct", "urge", "impulse", "argument",
    "notion", "team", "resident", "intern", "pharmac", "nurs", "family", "argued",
    "proposed", "case for", "school of", "floated", "raised", "advocated", "usual",
    "standard", "textbook", "conventional", "reflexive", "knee-jerk", "default", "what ",
    "有人", "有些人", "有的人", "部分", "有医生", "有专家", "有同事", "有观点", "有意见",
    "一些", "团队", "住院医", "药师", "药剂科", "护士", "家属", "的建议", "的提议", "的想法",
    "的说法", "的观点", "的意见", "的主张", "这个",
    # another's statement by category (sixth pass)
    "colleague", "consultant", "attending", "registrar", "fellow", "cardiolog", "nephrolog",
    "surg", "people", "someone", "several", "a few", "certain", "according", "per ",
    "'s ", "’s ", "would", "might", "could", "said", "says", "feel", "think", "believ",
    "wants", "wrote", "noted", "keen", "pushing", "student", "physician", "doctor",
    "clinician", "reviewer", "intensivist", "hospitalist", "daughter", "son ", "wife",
    "husband", "spouse", "partner", "relative", "gi ", "gp", "pcp", "icu", "ed ", "er ",
    "logy", "同事", "同行", "上级", "夜班", "白班", "值班", "会诊", "管床", "别人", "他人", "科",
)  # fmt: skip
_REJECT_WORDS: tuple[str, ...] = (
    "disagree", "agree", "buy", "convinced", "push back", "argue", "reject", "resist",
    "wouldn't", "not me", "not for me", "not here", "not in this case", "on board",
    "reservations", "think", "not something", "not one", "not go along", "not support",
    "not endorse", "not follow", "同意", "赞同", "认同", "赞成", "支持", "这么", "这样",
    "苟同", "保留", "反对", "认可", "以为然",
    # the author's rejection by category (sixth pass)
    "n't", " not", "never", "n't agree", "not agree", "n't support", "n't buy", "n't go along", "n't get behind",
    "n't share", "n't endorse", "n't accept", "n't follow", "n't sign", "n't recommend",
    "n't advise", "n't do ", "not persuaded", "not convinced", "not sold", "not on board",
    "not my", "not our", "n't really", "not really", "n't fully", "n't quite", "cannot",
    "not comfortable", "n't stand behind", "object", "oppose", "dispute", "challenge", "steer",
    "differ", "demur", "decline", "take issue", "part ways", "otherwise", "other side",
    "unconvinced", "unpersuaded", "sceptical", "skeptical", "接受", "采纳", "照办", "不同",
    "另有", "看法", "买账", "无法", "难以", "没法",
)  # fmt: skip


@functools.lru_cache(maxsize=16384)
def _holds_any(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` (lowercased) contains one of ``words`` (memoised: the same answer
    is tested against the same word tuples by several readers)."""
    low = text.lower()
    return any(w in low for w in words)


def _denied(text: str, m: re.Match[str]) -> int:
    """Where the denial of a frame starts ("I would *not* advise against", 不是错误的,
    "would not be a mistake", "isn't wrong"), ``-1`` when the frame is not denied."""
    start = m.start()
    before = text[max(0, start - 12) : start]
    d = _DENIED_EN.search(before) or _DENIED_ZH.search(before)
    if d:
        return max(0, start - 12) + d.start()
    judgements = list(_JUDGEMENT_EN.finditer(m.group(0)))
    head = m.group(0)[: judgements[-1].start()] if judgements else m.group(0)
    return start if _NEGATION_EN.search(head) else -1


def _affirm(
    m: re.Match[str], denial: int, start: int, end: int, decisions_only: bool
) -> Frame:
    """A denied frame governing [start, end): it reverses nothing, but a negation in its
    words is its own."""
    return Frame("affirm", start, end, m.group(0), denial, m.end(), decisions_only)


def _back_to(text: str, pos: int) -> int:
    """Where a frame said after what it governs looks back to: the word that opens the
    statement it judges in its sentence ("Saying ... would be wrong", 说……是错误的), else
    its clause's start, or the end of the last word there that starts a new statement."""
    s_start, _ = tx.sentence_bounds(text, pos)
    opener = None
    for m in _OPENER.finditer(text, s_start, pos):
        opener = m
    if opener is not None:
        return opener.end()
    c_start, _ = tx.clause_bounds(text, pos)
    last = c_start
    for m in _BACK_STOP.finditer(text, c_start, pos):
        last = m.end()
    return last


@functools.lru_cache(maxsize=4096)
def find_frames(text: str) -> tuple[Frame, ...]:
    """Every frame of ``text`` with the span it governs (see the module docstring)."""
    out: list[Frame] = []
    if _holds_any(text, _RETRACT_WORDS):
        out += _retractions(text)
    if _holds_any(text, _ATTRIBUTE_WORDS) or _holds_any(text, _REJECT_WORDS):
        out += _attributions(text)
    out += _stance_units(text, [f for f in out if f.attributed])
    options = _options_named(text) if _APPOSITION.search(text) else []
    if _holds_any(text, _ALTERNATIVE_WORDS):
        options += _alternatives(text)
    verdicts = _verdict_fields(text) if _FIELD_SEP.search(text) else []
    options += verdicts
    nots: list[Frame] = []
    if "ot" in text or "不是" in text or "并非" in text:
        nots = _not_clauses(text, options)
        options += nots
    if options:
        # a take-back said inside an option set aside is the option's ("I considered
        # another course (the order isn't needed, cancel it) and ruled it out"): it
        # takes nothing of the answer back (thirteenth pass); one that opens where the
        # "option" opens is the option itself ("Correction: all of the above is
        # wrong"): the answer's own take-back (fourteenth pass)
        out = [
            f
            for f in out
            if not (
                f.kind == "open"
                and f.start == 0
                and any(
                    o.option
                    and (
                        o.start < f.cue_start
                        # a verdict row: from its line's start ("| 无效 | 否决 |")
                        or (
                            o in verdicts and text.rfind("\n", 0, o.start) < f.cue_start
                        )
                        # an elliptical "not X": from its own "not" (不是无效)
                        or (o in nots and o.cue_start <= f.cue_start)
                    )
                    and f.cue_start < o.end
                    for o in options
                )
            )
        ]
        out += options
    out += _scoped_frames(text)
    if not _may_frame(text):
        return _distinct(out)
    for rx, decisions_only, set_aside in (
        (_REVERSE_AFTER, False, False),
        (_REVERSE_AFTER_DECISION, True, False),
        # "Continuing it isn't the right move": an alternative the author sets aside
        (_REVERSE_AFTER_CHOICE, True, True),
    ):
        for m in rx.finditer(text):
            denial = _denied(text, m)
            back = _back_to(text, m.start())
            if denial >= 0:
                out.append(_affirm(m, denial, back, m.start(), decisions_only))
                continue
            out.append(
                Frame(
                    "reverse",
                    back,
                    m.start(),
                    m.group(0),
                    m.start(),
                    m.end(),
                    decisions_only,
                    set_aside,
                )
            )
    taken: list[tuple[int, int]] = []
    for m in _REVERSE_STATEMENT.finditer(text):
        _, s_end = tx.sentence_bounds(text, m.start())
        stop = _STATEMENT_STOP.search(text, m.end(), s_end)
        end = stop.start() if stop else s_end
        if (
            stop is not None
            and stop.group(0) in ":："
            and not text[m.end() : end].strip()
        ):
            # "It is not the case that: <statements>" denies what its colon opens, to the
            # end of the paragraph (eleventh pass)
            blank = _BLANK_LINE.search(text, stop.end())
            end = blank.start() if blank else len(text)
        taken.append((m.start(), m.end()))
        # "I wouldn't say that ..." denies by its own words; "it is not wrong to say" is denied
        denial = -1 if _SAY_DENIED.match(m.group(0)) else _denied(text, m)
        if denial >= 0:
            out.append(_affirm(m, denial, m.end(), end, False))
            continue
        out.append(Frame("reverse", m.end(), end, m.group(0), m.start(), m.end()))
    for m in _REVERSE_BEFORE.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        _, c_end = tx.clause_bounds(text, m.end())
        if (denial := _denied(text, m)) >= 0:
            out.append(_affirm(m, denial, m.end(), c_end, True))
            continue
        out.append(
            Frame("reverse", m.end(), c_end, m.group(0), m.start(), m.end(), True)
        )
    for m in _OPEN_BEFORE.finditer(text):
        _, c_end = tx.clause_bounds(text, m.end())
        out.append(Frame("open", m.end(), c_end, m.group(0), m.start(), m.end()))
    for m in _QUESTION_RE.finditer(text):
        s_start, _ = tx.sentence_bounds(text, max(0, m.start() - 1))
        c_start, _ = tx.clause_bounds(text, max(0, m.start() - 1))
        asked = text[s_start : m.start()]
        if _TAG_QUESTION.search(asked):  # "Hold warfarin, okay?" asks for agreement
            continue
        start = s_start if _QUESTION_OPENER.search(asked) else max(s_start, c_start)
        if asked.rstrip()[-1:] in (".", "。", "!", "！"):
            # sixteenth pass: a question mark after a statement's end ("X. Y.?") asks
            # the whole statement it closes, to the start of its line
            start = text.rfind("\n", 0, m.start()) + 1
        out.append(Frame("open", start, m.start(), "?", m.start(), m.end()))
    if " that " in text or " if " in text:
        for m in _ASKED_THAT.finditer(text):
            # sixteenth pass: "Would you agree that X." asks X without a question mark
            _, s_end = tx.sentence_bounds(text, m.end())
            if not _QUESTION_RE.search(text, m.end(), s_end):
                out.append(
                    Frame(
                        "open", m.end(), s_end, m.group(0).strip(), m.start(), m.end()
                    )
                )
    for m in _DEFER.finditer(text):
        s_start, s_end = tx.sentence_bounds(text, m.start())
        out.append(Frame("open", s_start, s_end, m.group(0), m.start(), m.end()))
        if _SECOND_PERSON.search(m.group(0)) and (
            u_start := _handed_back_whole(text, m, s_start, s_end)
        ):
            out.append(Frame("open", 0, u_start, m.group(0), m.start(), m.end(), True))
        rest = text[s_start : m.start()] + text[m.end() : s_end]
        if len(_CONTENT_RE.findall(rest)) < 3 and s_start > 0:
            p_start, p_end = tx.sentence_bounds(text, s_start - 1)
            out.append(Frame("open", p_start, p_end, m.group(0), m.start(), m.end()))
    if "吗" in text or "呢" in text or "么" in text:
        for m in _QUESTION_CLAUSE_ZH.finditer(text):
            c_start, _ = tx.clause_bounds(text, max(0, m.start() - 1))
            out.append(Frame("open", c_start, m.start(), "吗", m.start(), m.end()))
        for s_start, s_end in _sentences(text):
            if _QUESTION_END_ZH.search(text, s_start, s_end):
                out.append(Frame("open", s_start, s_end, "吗", s_end, s_end))
    return _distinct(out)


#: An alternative the author sets aside for the one it endorses (issue #35, seventh pass):
#: "rather than continuing lisinopril, hold it", "hold it instead of continuing it",
#: 与其继续赖诺普利，不如暂停, 暂停而不是继续. What the words govern (to the end of their
#: clause) is the rejected side: said the other way round.
def _distinct(frames: list[Frame]) -> tuple[Frame, ...]:
    """``frames`` with each (kind, span, cue) kept once, the last reader's: two readers
    that find the same frame ("would be wrong" read as a judgement and as a rejected
    option) reverse it once, not twice back to an assertion, and the judgement readers
    (found last) keep their own reading (tenth pass)."""
    seen: set[tuple[str, int, int, int, int]] = set()
    out: list[Frame] = []
    for f in reversed(frames):
        key = (f.kind, f.start, f.end, f.cue_start, f.cue_end)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return tuple(reversed(out))


_ALTERNATIVE = re.compile(mo.ALTERNATIVE_EN + "|" + mo.ALTERNATIVE_ZH, re.I)
_ALTERNATIVE_WORDS: tuple[str, ...] = (
    "rather than", "instead of", "in place of", "as opposed to", "in preference to",
    "in lieu of", "与其", "而不是", "而非", "而不要", "不如", "不妨", "考虑", "固然",
    "than", "比", "considered", "weighed", "thought about", "entertained", "contemplated",
    "looked at", "debated", "想过", "斟酌过", "权衡过", "评估过",
    "consider", "weigh", "what i", "what we", "已考虑", "已经考虑", "已斟酌", "已权衡", "已评估",
    # an option judged wrong after it is named (tenth pass)
    "would be", "will be", "might be", "could be", "is wrong", "are wrong", "ill-advised",
    "misguided", "a mistake", "an error", "not the right", "not a good", "not the correct",
    "n't the right", "n't a good", "n't the correct", "不对", "错", "不妥", "不合适", "不恰当",
    "不可取", "不应该", "不正确", "不明智", "不必要",
    # a contrast whose first side is negated (thirteenth pass)
    "而是", "but rather", "but instead",
)  # fmt: skip


def _alternatives(text: str) -> list[Frame]:
    """The rejected side of a choice the answer makes (:data:`_ALTERNATIVE`): reversed,
    as a rejected statement of another is, so the instruction reader honours it too
    (:func:`attribution_at`)."""
    out: list[Frame] = []
    for m in _ALTERNATIVE.finditer(text):
        _, c_end = tx.clause_bounds(text, m.end())
        if c_end > m.end():
            out.append(
                Frame(
                    "reverse",
                    m.end(),
                    c_end,
                    m.group(0),
                    m.start(),
                    m.end(),
                    True,
                    True,
                )
            )
    # 可以考虑继续，但更稳妥的是暂停: an option weighed, then another preferred after "but"
    for m in _CONSIDERED.finditer(text):
        _, c_end = tx.clause_bounds(text, m.end())
        _, s_end = tx.sentence_bounds(text, m.start())
        if c_end > m.end() and _PREFERRED.search(text, c_end, s_end):
            out.append(
                Frame(
                    "reverse",
                    m.end(),
                    c_end,
                    m.group(0),
                    m.start(),
                    m.end(),
                    True,
                    True,
                )
            )
    # "I considered continuing metformin and decided against it", 考虑过维持原剂量，但不采纳:
    # the option weighed, up to its rejection in the sentence (eighth pass)
    for m in _CONSIDERED_THEN.finditer(text):
        _, s_end = tx.sentence_bounds(text, m.start())
        rejected = _REJECTED_AFTER.search(text, m.end(), s_end)
        if rejected is not None and rejected.start() > m.end():
            out.append(
                Frame(
                    "reverse",
                    m.end(),
                    rejected.start(),
                    m.group(0),
                    m.start(),
                    m.end(),
                    True,
                    True,
                )
            )
    # "To be clear, continuing it is not what I'm recommending", （“需要补钾”已考虑并排除。）:
    # the option named in the clause before the predicate (ninth pass)
    for m in _REJECTED_PREDICATE.finditer(text):
        c_start, _ = tx.clause_bounds(text, m.start())
        opened = max(
            text.rfind("(", c_start, m.start()), text.rfind("（", c_start, m.start())
        )
        start = opened + 1 if opened >= 0 else c_start
        # "Hold it because continuing it would be unsafe": back to "because" only
        start = max(start, _back_to(text, m.start()))
        if m.start() > start:
            out.append(
                Frame(
                    "reverse",
                    start,
                    m.start(),
                    m.group(0),
                    m.start(),
                    m.end(),
                    True,
                    True,
                )
            )
    # "better to hold it than to continue it", 暂停比继续更稳妥: the action compared against
    for m in _COMPARED.finditer(text):
        _, c_end = tx.clause_bounds(text, m.end())
        stop = _COMPARED_END.search(text, m.end(), c_end)
        end = stop.start() if stop else c_end
        if end > m.end():
            out.append(
                Frame(
                    "reverse", m.end(), end, m.group(0), m.start(), m.end(), True, True
                )
            )
    # 不是白细胞在上升，而是下降 / "not X but Y": the first side of a contrast is set aside
    # (thirteenth pass); the negation is the frame's own words, counted once
    if "而是" in text or "but" in text.lower():
        for m in _NOT_BUT.finditer(text):
            neg, opt = ("neg", "opt") if m.group("neg") else ("neg_en", "opt_en")
            out.append(
                Frame(
                    "reverse",
                    m.end(neg),
                    m.end(opt),
                    m.group(neg),
                    m.start(neg),
                    m.end(neg),
                    True,
                    True,
                )
            )
    # 不如 / 不妨 ("better to", "might as well") endorse what follows: their 不 is no negation
    for m in _PREFER_ZH.finditer(text):
        _, c_end = tx.clause_bounds(text, m.end())
        out.append(Frame("affirm", m.end(), c_end, m.group(0), m.start(), m.end()))
    return [replace(f, option=True) if f.kind == "reverse" else f for f in out]


_PREFER_ZH = re.compile(mo.PREFER_ZH)
#: A contrast whose first side is negated: 不是X，而是Y; "not X, but Y" ("but rather").
_NOT_BUT = re.compile(
    r"(?P<neg>(?<![要还可])(?:并|倒|也)?不是)(?P<opt>[^。！？\n而]{1,60}?)[，,；;：:\s\u2014]*而是"
    r"|(?P<neg_en>\bnot)(?P<opt_en>\s+[^.;!?\n]{1,80}?)[,;\s\u2014-]+but\s+(?:rather|instead)\b",
    re.I,
)
_CONSIDERED_THEN = re.compile(f"{mo.CONSIDERED_EN}|{mo.CONSIDERED_PAST_ZH}", re.I)
_REJECTED_AFTER = re.compile(f"{mo.REJECTED_AFTER_EN}|{mo.REJECTED_AFTER_ZH}", re.I)
_COMPARED = re.compile(f"{mo.COMPARED_EN}|{mo.COMPARED_ZH}", re.I)
_REJECTED_PREDICATE = re.compile(
    f"{mo.REJECTED_PREDICATE_EN}|{mo.REJECTED_PREDICATE_ZH}", re.I
)
_COMPARED_END = re.compile(r"更|还要|要好|好")
_CONSIDERED = re.compile(mo.CONSIDERED_ZH)
_PREFERRED = re.compile(mo.PREFERRED_AFTER_ZH)


def _retractions(text: str) -> list[Frame]:
    """The answer taken back as a whole ("Scratch all that", "the opposite call is probably
    right", 以上意见作废): every decision and conclusion before the words is left open."""
    out: list[Frame] = []
    for m in _RETRACT.finditer(text):
        if m.start() == 0 or _DENIED_BEFORE.search(
            text, max(0, m.start() - 8), m.start()
        ):
            continue
        s_start, s_end = tx.sentence_bounds(text, m.start())
        rest = text[s_start : m.start()] + " " + text[m.end() : s_end]
        if _HEDGE_ZH.search(rest) or _HEDGE_EN.search(rest) or _REST_RE.search(rest):
            continue  # 以上不对的地方请指正: a request to be corrected, not a retraction
        out.append(Frame("open", 0, m.start(), m.group(0), m.start(), m.end(), True))
    return out


# ------------------------------------------------ content-free stance (sixth pass)
#: Clinical entities: a sentence naming one is about the patient, never a stance alone.
_ENTITIES: TermIndex[str] = TermIndex(
    {
        **dict(EMBEDDED_ANALYTE),
        **drug_names(),
        **SUBJECT_NAMES,
        **COMPONENT_NAMES,
        **{t: key for key, (terms, _) in CONDITIONS.items() for t in terms},
    }
)
_ABBREVIATED: TermIndex[str] = TermIndex(SUBJECT_ABBREVIATIONS, case_sensitive=True)
#: Generic clinical nouns: "Disregard the earlier draw" names a result, not the answer.
_CLINICAL_NOUN = re.compile(
    r"\b(?:values?|levels?|results?|readings?|draws?|samples?|specimens?|measurements?|"
    r"doses?|dosing|labs?|tests?|meds?|medications?|drugs?|orders?|infusions?|drips?|"
    r"units?|scans?|films?|x-?rays?|studies|study|cultures?|vitals?|trends?|numbers?|"
    r"allerg\w*|history|diagnos\w*|bleed\w*|transfus\w*|anticoag\w*)\b"
    r"|值|指标|剂量|化验|检查|检验|药|医嘱|结果|输血|抗凝|过敏|病史|出血|趋势|数值|单位"
    r"|\b(?:consult\w*|referral|follow-?up)\b|会诊|诊断|随访|复诊|转诊",
    re.I,
)
_DIGIT = re.compile(r"\d")


def _words_of(parts: str, *extra: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in (parts, *extra) if p), re.I)


_DEIXIS_EN = re.compile(
    r"(?<![\w'’])(?:" + "|".join(st.DEIXIS_EN) + r")(?![\w'’])", re.I
)
_ANSWER_NOUN_EN = re.compile(rf"\b(?:{st.ANSWER_NOUNS_EN})\b", re.I)
#: What a disregard verb must take to set the answer aside: the answer pointed at ("all
#: of that", "what I said", "everything above") or a determiner with an answer noun ("my
#: advice", "the recommendation above"); "ignore the noise", "reverse it" set nothing aside.
_DISREGARD_OBJECT = re.compile(
    r"(?:(?:all|any|none|each|every|either|both)(?:\s+(?:one|single))?(?:\s+of)?\s+)?"
    r"(?:(?:the|my|this|that|these|those|our)\s+)?(?:\w+\s+)?"
    rf"(?:{st.ANSWER_NOUNS_EN})\b"
    r"|(?:(?:all|any|none|each|every)\s+(?:of\s+)?)?(?:that|this|these|those|it\s+all|me|"
    r"everything(?:\s+(?:above|else|so\s+far|before(?:\s+this)?))?|anything|the\s+above|above|"
    r"the\s+foregoing|the\s+preceding|what\s+precedes|"
    r"what\s+I\b[^.;!?]*)(?:\s+I\s+(?:said|wrote|gave|suggested|recommended|put)(?:\s+here|"
    r"\s+above|\s+earlier|\s+before)?)?\s*(?:above|again|too|now|entirely|completely|please|here|then)?"
    r"\s*[.!;]?\s*$",
    re.I,
)
_REGARD_AS = re.compile(
    r"\b(?:treat|regard|consider)(?:s|ed|ing)?\b(?=[^.;!?]{0,40}\bas\b)|\bas\b", re.I
)
#: The rest, not the answer: "ignore the rest", 不用管别的, 其余的不用理会.
_REST_RE = re.compile(
    r"\b(?:the\s+rest|everything\s+else|anything\s+else|all\s+else)\b|其余|其他|其它|别的|剩下",
    re.I,
)
_OBJECT_INSIDE = re.compile(r"\b(?:that|this|it|everything|all)\b")
_NEG_EVAL_EN = re.compile(rf"\b(?:{st.NEGATIVE_EVALUATION_EN})\b", re.I)
#: A positive judgement denied ("none of that is right", "that isn't sound advice").
_POS_EVAL_EN = re.compile(
    r"\b(?:right|correct|true|accurate|sound|reliable|trustworthy|good\s+advice|valid|"
    r"confident(?:\s+(?:in|about|of))?)\b",
    re.I,
)
_VALIDITY_EN = re.compile(rf"\b(?:{st.VALIDITY_EN})\b", re.I)
_DISREGARD_EN = re.compile(rf"\b(?:{st.DISREGARD_EN})\b", re.I)
_REVERSAL_EN = re.compile(rf"\b(?:{st.REVERSAL_EN})\b", re.I)
_HEDGE_EN = re.compile(st.HEDGE_EN, re.I)
_ACTION_EN = re.compile(rf"(?:{st.ACTION_STEMS_EN})", re.I)
_NEGATED_BEFORE_EN = re.compile(
    r"(?:\b(?:not|never|no|none|nothing|neither|nor|hardly)\b|n't|n’t)"
    r"(?:\s+(?:\w+|of\s+\w+)){0,5}?\s*$",
    re.I,
)
_DEIXIS_ZH = re.compile(st.DEIXIS_ZH)
_ANSWER_NOUN_ZH = re.compile(st.ANSWER_NOUNS_ZH)
_NEG_EVAL_ZH = re.compile(st.NEGATIVE_EVALUATION_ZH)
_DISREGARD_ZH = re.compile(st.DISREGARD_ZH)
_REVERSAL_ZH = re.compile(st.REVERSAL_ZH)
_HEDGE_ZH = re.compile(st.HEDGE_ZH)
_ACTION_ZH = re.compile(st.ACTION_ZH)
_DENIED_BEFORE_ZH = re.compile(st.DENIED_BEFORE_ZH)
_WORD_EN = re.compile(r"[A-Za-z][A-Za-z'’]*")
_UNRELIABLE = re.compile(rf"\b(?:{st.UNRELIABLE_EN})|{st.UNRELIABLE_ZH}", re.I)
_COLLECTIVE_REPORT = re.compile(
    f"{st.COLLECTIVE_REPORT_EN}|{st.COLLECTIVE_REPORT_ZH}", re.I
)
_CJK = re.compile(r"[\u3400-\u9fff]")
#: One cheap search for any stance word; most answers hold none in a content-free unit.
_STANCE_CUE = re.compile(
    "|".join(
        f"(?:{p})"
        for p in (
            rf"\b(?:{st.NEGATIVE_EVALUATION_EN})\b",
            rf"\b(?:{st.DISREGARD_EN})\b",
            rf"\b(?:{st.REVERSAL_EN})\b",
            r"(?:n't|\bnot|\bnone|\bno\s+longer)\b[^.;!?\n]{0,30}\b(?:"
            + st.VALIDITY_EN
            + r"|right|correct|true|accurate|sound|reliable|valid|confident)\b",
            st.NEGATIVE_EVALUATION_ZH,
            st.DISREGARD_ZH,
            st.REVERSAL_ZH,
            st.BOTH_WAYS_EN,
            st.BOTH_WAYS_ZH,
            st.OTHER_SIDE_EN,
            st.OTHER_SIDE_ZH,
        )
    ),
    re.I,
)
_CLOSING_QUOTE = re.compile(r"[\"”」』]")
#: Where a stance unit ends inside a sentence: a colon, a dash, a comma ("Scratch that,
#: hold warfarin": the stance is the first unit, the decision after it is restated).
_UNIT_BREAK = re.compile(r"[:：,，、\u2014\u2013]|\s-\s|\bbut\b|但是?|不过", re.I)


#: Words every stance unit holds (lowercase; a cheap first test, as :data:`_FRAME_WORDS`).
_STANCE_WORDS: tuple[str, ...] = (
    "wrong", "incorrect", "mistak", "erro", "false", "untrue", "inaccura", "invalid",
    "bogus", "nonsense", "rubbish", "garbage", "flawed", "misguid", "mislead", "unreliab",
    "off base", "off the mark", "way off", "slip", "blunder", "oversight", "not right",
    "not correct", "not accurate", "not true", "not valid", "not so", "not the case", "joke",
    "joking", "kidding", "serious", "draft", "placeholder", "hypothetical", "example",
    "exercise", "test", "hold", "stand", "apply", "applies", "count", "valid", "stick",
    "right", "correct", "true", "accurate", "sound", "reliable", "disregard", "ignor",
    "scrap", "scratch", "strik", "forget", "forgot", "drop", "discard", "toss", "cancel",
    "withdr", "retract", "rescind", "void", "nullif", "undo", "undid", "delet", "eras",
    "overturn", "belay", "unsay", "revers", "take back", "taking back", "took back",
    "cross", "throw", "threw", "set aside", "setting aside", "write off", "writing off",
    "written off", "follow", "act on", "go with", "rely on", "trust", "listen to", "use",
    "on board", "implement", "opposite", "contrary", "backward", "back to front",
    "other way", "invert", "flipped", "vice versa", "upside down", "changed my mind",
    "change of", "other direction", "turned around",
    "错", "不对", "不正确", "有误", "不准确", "不成立", "站不住", "不靠谱", "胡说", "瞎说",
    "乱说", "不可信", "不可靠", "不作准", "失误", "口误", "笔误", "不是这", "开玩笑", "说着玩",
    "随便说说", "不是认真", "草稿", "作废", "不算", "不作数", "无效", "忽略", "无视", "别管",
    "不用管", "不要管", "别理", "不要理", "不用理", "不必理", "收回", "撤回", "撤销", "推翻",
    "取消", "删掉", "删除", "划掉", "当我没说", "别听", "不要听", "不用听", "当真", "不用看",
    "别看", "抛开", "丢掉", "扔掉", "采纳", "相反", "反向", "反过来", "反着", "反了", "颠倒",
    "倒过来", "主意", "另一个方向",
    # confessed unreliable (seventh pass)
    "made", "invent", "fabricat", "fictio", "guess", "not real", "thin air", "trust",
    "acted", "relied", "into account", "different", "another", "wrong", "参考", "采用",
    "执行", "照做", "当回事", "另一", "别的", "其他", "其它", "没说", "vouch", "hallucinat",
    "confabulat", "speculation", "conjecture", "walk", "ignore me", "幻觉", "臆", "凭空",
    "靠不住", "相信", "别信", "不要信", "别用", "不要用", "理会", "采纳",
    "confident", "mind", "go by", "count on", "depend on", "preceding", "precedes",
    "编", "捏造", "杜撰", "虚构", "猜的", "随便写", "不是真的",
    # both ways and the other side (eighth pass): specific words only, so the gate stays cheap
    "equally", "just as", "every bit", "as defensible", "as reasonable", "as valid",
    "as good as", "as likely", "as plausible", "as sound", "either way", "neither",
    "fence", "undecided", "no firm", "no clear", "no strong", "no settled", "no real",
    "commit", "can't tell", "cannot tell", "can't decide", "cannot decide", "can't say",
    "both sides", "both ways", "on both", "either side", "maybe not", "perhaps not",
    "or not", "or the other", "or the opposite", "or the reverse", "the other option",
    "the other choice", "the other side", "the other call", "the other approach",
    "the other answer", "that back", "this back", "it back", "part back", "bit back",
    "也可能", "也许", "或许", "未必", "两边", "两种", "两者", "两个", "两方面", "正反", "不了",
    "不准", "不好说", "说不好", "明确", "皆可", "说得通", "讲得通", "有道理", "利弊", "难下",
    "表态", "站队", "都行", "另一种", "相反的", "两可", "五五开", "见仁见智", "可不", "能不",
    "怎么",
)  # fmt: skip


def _names_entity(unit: str) -> bool:
    return bool(
        _DIGIT.search(unit)
        or _ENTITIES.find(unit)
        or _ABBREVIATED.find(unit)
        or _CLINICAL_NOUN.search(unit)
    )


def _unit_stance_en(unit: str) -> str:
    """``void`` when a unit of English names nothing and judges what it points at wrong,
    sets it aside or reverses it (see :mod:`physassist_env.vocab.stance`), else ``""``."""
    if _HEDGE_EN.search(unit):
        return ""
    masked = unit
    said = False
    for m in _NEG_EVAL_EN.finditer(unit):
        if not _NEGATED_BEFORE_EN.search(unit, 0, m.start()) or m.group(
            0
        ).lower().startswith("not"):
            said = True
        masked = masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
    for rx in (_POS_EVAL_EN, _VALIDITY_EN):
        for m in rx.finditer(unit):
            if _NEGATED_BEFORE_EN.search(unit, 0, m.start()):
                said = True
                masked = (
                    masked[: m.start()]
                    + " " * (m.end() - m.start())
                    + masked[m.end() :]
                )
    for m in _DISREGARD_EN.finditer(unit):
        word = m.group(0).lower()
        denied = _NEGATED_BEFORE_EN.search(unit, max(0, m.start() - 12), m.start())
        if word.startswith(("do not", "don't", "dont", "never")) or not denied:
            rest = unit[m.end() :].strip(" .!;:")
            if not rest or _DISREGARD_OBJECT.match(rest) or _OBJECT_INSIDE.search(word):
                said = True  # "walk that back completely": the object is inside
        masked = masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
    reversed_ = False
    for m in _REVERSAL_EN.finditer(unit):
        if not _NEGATED_BEFORE_EN.search(unit, max(0, m.start() - 12), m.start()):
            said = reversed_ = True
        masked = masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
    if not said:
        return ""
    if reversed_:  # "the reverse of the above holds": a verb of validity, not "hold it"
        masked = _HOLDS_TRUE.sub(lambda m: " " * len(m.group(0)), masked)
    # "treat everything I said as unreliable": a verb of regarding, not a treatment
    masked = _REGARD_AS.sub(lambda m: " " * len(m.group(0)), masked)
    for rx in (_DEIXIS_EN, _ANSWER_NOUN_EN):
        masked = rx.sub(lambda m: " " * len(m.group(0)), masked)
    left = [
        w
        for w in _WORD_EN.findall(masked)
        if w.lower().replace("’", "'") not in st.FUNCTION_WORDS_EN
    ]
    if any(_ACTION_EN.match(w) for w in left):
        return ""  # "continuing it would be a mistake" judges an action, named
    return "void" if len(left) <= st.CONTENT_FREE_WORDS_EN else ""


def _unit_stance_zh(unit: str) -> str:
    """The same for a unit of Chinese."""
    if _HEDGE_ZH.search(unit):
        return ""
    masked = unit
    said = False
    for rx in (_NEG_EVAL_ZH, _DISREGARD_ZH, _REVERSAL_ZH):
        for m in rx.finditer(unit):
            if not _DENIED_BEFORE_ZH.search(unit, 0, m.start()) or m.group(
                0
            ).startswith(("不", "无")):
                said = True
            masked = (
                masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
            )
    if not said:
        return ""
    for rx in (_DEIXIS_ZH, _ANSWER_NOUN_ZH):
        masked = rx.sub(lambda m: " " * len(m.group(0)), masked)
    left = [c for c in _CJK.findall(masked) if c not in st.FUNCTION_CHARS_ZH]
    if _ACTION_ZH.search(masked):
        return ""
    return "void" if len(left) <= st.CONTENT_FREE_CHARS_ZH else ""


def _content_free(rest: str) -> bool:
    """Whether ``rest`` says nothing but stance words, deixis and function words."""
    if tx.has_cjk(rest):
        for rx in (
            _DEIXIS_ZH,
            _ANSWER_NOUN_ZH,
            _NEG_EVAL_ZH,
            _DISREGARD_ZH,
            _REVERSAL_ZH,
        ):
            rest = rx.sub(" ", rest)
        left = [c for c in _CJK.findall(rest) if c not in st.FUNCTION_CHARS_ZH]
        return len(left) <= st.CONTENT_FREE_CHARS_ZH
    for rx in (_NEG_EVAL_EN, _DEIXIS_EN, _ANSWER_NOUN_EN, _DISREGARD_EN, _REVERSAL_EN):
        rest = rx.sub(" ", rest)
    left = [
        w
        for w in _WORD_EN.findall(rest)
        if w.lower().replace("’", "'") not in st.FUNCTION_WORDS_EN
    ]
    return len(left) <= st.CONTENT_FREE_WORDS_EN


def unit_stance(unit: str) -> str:
    """``void`` when ``unit`` (a sentence or a part of one) names no clinical entity and
    no value and judges what it points at wrong, sets it aside or reverses it ("All of
    that is backwards", "None of it holds", "Throw out what I wrote", 上述统统不对,
    前面那些别当真); ``""`` otherwise: a hedge ("I may be wrong"), a denied judgement
    ("That isn't wrong"), a question, or a unit about the patient ("Ignore the older
    INR")."""
    if not unit.strip() or "?" in unit or "？" in unit or _REST_RE.search(unit):
        return ""  # "不用管别的", "ignore the rest": what the answer did not say
    if _UNRELIABLE.search(unit):  # "I made these numbers up": the report as a whole
        unit = _COLLECTIVE_REPORT.sub(lambda m: " " * len(m.group(0)), unit)
    if _names_entity(unit):
        return ""
    if both_ways(unit) or both_ways(unit, _OTHER_SIDE):
        return (
            "void"  # "the opposite is equally reasonable", "the other option is right"
        )
    if tx.has_cjk(unit):
        return _unit_stance_zh(unit)
    return _unit_stance_en(unit)


def _stance_units(text: str, attributed: Sequence[Frame]) -> list[Frame]:
    """Content-free units that judge what came before them wrong, set it aside or reverse
    it (:func:`unit_stance`): every decision and conclusion before the unit is left
    open, unless the statement right before it is another's (an attribution or a
    quotation: then the unit is the author's rejection of it, read by
    :func:`_attributions`)."""
    out: list[Frame] = []
    seen: set[int] = set()
    if not _holds_any(text, _STANCE_WORDS):
        return out
    for cue in _STANCE_CUE.finditer(text):
        s_start, s_end = tx.sentence_bounds(text, cue.start())
        u_start = s_start
        for b in _UNIT_BREAK.finditer(text, s_start, cue.start()):
            u_start = b.end()
        for q in _CLOSING_QUOTE.finditer(text, u_start, cue.start()):
            u_start = (
                q.end()
            )  # '"Hold it" is as defensible as its opposite': the quote's
        nxt = _UNIT_BREAK.search(text, cue.end(), s_end)
        u_end = nxt.start() if nxt else s_end
        if u_start in seen:
            continue
        seen.add(u_start)
        if not _CONTENT_RE.search(text, 0, u_start):
            continue  # nothing before it to take back
        if s_end < len(text) and text[s_end] in "?？":
            continue
        if not unit_stance(text[u_start:u_end]):
            continue
        named = _option_named(text, s_start, s_end)
        if named is not None:
            out.append(named)  # "(The opposite call, X, doesn't fit)": X set aside
            continue
        if any(
            u_start <= f.cue_start < u_end and f.cue_end > f.cue_start
            for f in attributed
        ):
            continue  # "Some would argue for the opposite": another's view, not a stance
        p_start = (
            tx.sentence_bounds(text, max(0, s_start - 1))[0]
            if u_start == s_start
            else s_start
        )
        if not both_ways(text[u_start:u_end]) and (
            any(f.start < u_start and p_start < f.end for f in attributed)
            or _quoted_right_before(text, p_start, u_start)
        ):
            continue  # the author's rejection of another's statement
        # findings too: "all of that is backwards" takes back the values' readings as well
        out.append(Frame("open", 0, u_start, text[u_start:u_end], u_start, u_end))
    return out


#: A unit that is only a noun phrase naming the other option: "the opposite call",
#: "the alternative", 相反的判断, 另一种做法 (a determiner or 的 before the noun, no verb).
_OPTION_NP = re.compile(
    r"^\W*(?:the|an?|this|that)\s+(?:\w+\s+){0,2}?\w+\W*$"
    r"|^\W*[\u3400-\u9fff]{1,6}(?:的|种|个)[\u3400-\u9fff]{1,4}\W*$",
    re.I,
)
#: A rejecting predicate is short: "doesn't fit this chart", 与病历不符, 站不住脚.
_PREDICATE_WORDS_EN = 8
_PREDICATE_CHARS_ZH = 12
_NEGATION_WORD = re.compile(r"n't|\b(?:not|no|never)\b|不|无|没|非|未", re.I)


def _options_named(text: str) -> list[Frame]:
    """Every option named in apposition and rejected (:func:`_option_named`), in every
    sentence of ``text`` that holds two breaks."""
    out: list[Frame] = []
    pos = 0
    while pos < len(text):
        s_start, s_end = tx.sentence_bounds(text, pos)
        pos = max(s_end + 1, pos + 1)
        named = _option_named(text, s_start, s_end)
        if named is not None:
            out.append(named)
    return out


#: The predicate a sentence closes on that rejects its subject: a negation or a judgement
#: of wrongness (its own unit, after the named option).
_REJECTING_END = re.compile(
    rf"n't|\b(?:not|never|no)\b|\b(?:{st.NEGATIVE_EVALUATION_EN})\b|"
    rf"不|无|没|非|{st.NEGATIVE_EVALUATION_ZH}|排除|否决",
    re.I,
)


def _option_named(text: str, s_start: int, s_end: int) -> Frame | None:
    """A rejected option named in apposition (thirteenth pass): a sentence whose first
    unit is only a noun phrase ("(The opposite call, the WBC is rising, doesn't fit this
    chart.)", "The alternative - stopping it - is wrong", （相反的判断——白细胞在上升——与病历
    不符。）) and whose last unit rejects it: what stands between names the option set
    aside (a reversed, attributed frame, as "rather than" opens), and nothing before the
    sentence is taken back."""
    breaks = list(_UNIT_BREAK.finditer(text, s_start, s_end))
    head = text[s_start : breaks[0].start()] if breaks else ""
    if len(breaks) < 2 or not _OPTION_NP.match(head) or _names_entity(head):
        return None
    first, last = breaks[0], breaks[-1]
    closing = text[last.end() : s_end]
    if (
        not _REJECTING_END.search(closing)
        or _NEGATION_WORD.search(head)
        or first.group(0) in ":："
        or _DIGIT.search(closing)
        or len(_WORD_EN.findall(closing)) > _PREDICATE_WORDS_EN
        or len(_CJK.findall(closing)) > _PREDICATE_CHARS_ZH
    ):
        return None  # a label's colon, or a closing that states more than a verdict
    return Frame(
        "reverse",
        first.end(),
        last.start(),
        closing.strip(),
        last.end(),
        s_end,
        True,
        True,
        True,
    )


#: A field's separator before its value, or a table row's cell bar.
_FIELD_SEP = re.compile(r"[:：|]|\s[-\u2013\u2014]\s|\u2014\u2014?")
#: A verdict written as a record's value is a tag: the verdict's words and nothing after.
_TAG_REST = re.compile(r"[\s.。!！*_`~|]*")
#: "not" + a word of choice is a verdict ("not chosen"); "not indicated" decides an action.
_NOT_A_CHOICE = re.compile(
    r"\bnot\s+(?!(?:chosen|selected|adopted|accepted|endorsed)\b)", re.I
)
#: Bare answer words: as a label ("No: the INR is in range") they answer, not reject.
_ANSWER_WORD = re.compile(r"^\W*(?:no|n|never|false|否|不|不是|非|没有)\W*$", re.I)
#: A label is a verdict's words only: a few words or characters.
_LABEL_TAG_WORDS = 3
_LABEL_TAG_CJK = 6


def _rejecting_tag(cell: str) -> bool:
    """Whether ``cell`` is only a verdict that rejects (:func:`shown.verdict`): its words
    and punctuation, nothing that decides an action ("not indicated") or states more."""
    m = sh.rejects(cell)
    return (
        m is not None
        and _TAG_REST.fullmatch(cell, m.end()) is not None
        and not _NOT_A_CHOICE.search(cell)
        and not _ACTION_EN.search(cell)
        and not _ACTION_ZH.search(cell)
    )


def _verdict_fields(text: str) -> list[Frame]:
    """Options a record's own verdict rejects (issue #35, fifteenth pass): a field, a
    ``key: value`` line or a table row whose LAST cell is only a rejecting verdict
    ("low bleeding risk: no", "| stop it | rejected |", 停药：否决, "| 无急性肾损伤 | ✗ |")
    sets aside what its other cells name, back to the start of the row's line or
    sentence; a label that is only a rejecting verdict beyond a bare "no" ("Ruled out:
    AKI", "Rejected - stopping it", 否决：继续用药) sets aside what follows it to the end of
    its sentence. The record's object and its verdict are one statement, whatever the
    container: read as an option set aside (a decision there is reversed, a finding there
    is not the author's), as "rather than" opens. A bare answer word as a label ("No: the
    INR is in range, continue") answers a question and sets nothing aside."""
    out: list[Frame] = []
    pos = 0
    n = len(text)
    while pos < n:
        nl = text.find("\n", pos)
        l_end = n if nl < 0 else nl
        l_start, pos = pos, l_end + 1
        seps = list(_FIELD_SEP.finditer(text, l_start, l_end))
        if not seps:
            continue
        # the value after the last separator ("| x | rejected |": the last filled cell)
        last = seps[-1]
        if not text[last.end() : l_end].strip() and len(seps) > 1:
            last, seps = seps[-2], seps[:-1]
        value = text[last.end() : l_end]
        if value.strip() and _rejecting_tag(value.strip()):
            s_start, _ = tx.sentence_bounds(text, max(l_start, last.start() - 1))
            o_start = max(l_start, s_start)
            while o_start < last.start() and text[o_start] in " \t|>-*•":
                o_start += 1
            if _CONTENT_RE.search(text, o_start, last.start()):
                out.append(
                    Frame(
                        "reverse",
                        o_start,
                        last.start(),
                        value.strip(),
                        last.end(),
                        l_end,
                        True,
                        True,
                        True,
                    )
                )
                continue
        # a label that opens its sentence and rejects what follows it
        for sep in seps:
            if sep.group(0) == "|" or (
                sep.group(0) not in ":：" and sep.start() > l_start + 40
            ):
                continue
            s_start, s_end = tx.sentence_bounds(text, sep.end())
            l_from = max(l_start, s_start)
            label = text[l_from : sep.start()].strip(" \t-*•>#")
            if (
                label
                and not _ANSWER_WORD.match(label)
                and len(label.split()) <= _LABEL_TAG_WORDS
                and len(_CJK.findall(label)) <= _LABEL_TAG_CJK
                and _rejecting_tag(label)
                and _CONTENT_RE.search(text, sep.end(), min(s_end, l_end))
            ):
                out.append(
                    Frame(
                        "reverse",
                        sep.end(),
                        min(s_end, l_end),
                        label,
                        l_from,
                        sep.end(),
                        True,
                        True,
                        True,
                    )
                )
    return out


#: A clause that is a bare negation and what it negates ("Not X;", 不是X，): its option.
_NOT_CLAUSE = re.compile(
    r"(?:^|(?<=[.;!?。；！？\n]))[ \t*_>-]*(?:not\b|不是|并非)\s*", re.I
)
#: Not an option but the author's certainty: "Not sure", "not certain", 不确定.
_EPISTEMIC = re.compile(
    r"\b(?:sure|certain|convinced|confident|clear)\b|确定|肯定|清楚", re.I
)
_NOT_CLAUSE_WORDS = 8
_NOT_CLAUSE_CJK = 20


def _not_clauses(text: str, taken: Sequence[Frame]) -> list[Frame]:
    """Options named by an elliptical negation (issue #35, fifteenth pass): a sentence
    that opens with a bare "not" / 不是 / 并非 and whose first clause is only a short
    phrase ("Not a stop of lisinopril; that's off the table", "Not no change, then",
    不是急性肾损伤1期，这个排除) says "the answer is not X": X is an option set aside (a
    decision there reversed, a finding there not the author's), the negation the frame's
    own words. A clause some other option frame already reads ("不是X，而是Y") is left
    to it."""
    out: list[Frame] = []
    for m in _NOT_CLAUSE.finditer(text):
        _, c_end = tx.clause_bounds(text, m.end())
        phrase = text[m.end() : c_end]
        if (
            not _CONTENT_RE.search(phrase)
            or len(_WORD_EN.findall(phrase)) > _NOT_CLAUSE_WORDS
            or len(_CJK.findall(phrase)) > _NOT_CLAUSE_CJK
            or _DIGIT.search(phrase)
            # "Not my assessment", "Not sure, your call": a stance on the answer, no option
            or _AUTHOR_OR_TEXT.search(phrase)
            or _SECOND_PERSON.search(phrase)
            or _HEDGE_EN.search(phrase)
            or _HEDGE_ZH.search(phrase)
            or _EPISTEMIC.search(phrase)
            or any(f.option and f.start <= m.end() < f.end for f in taken)
        ):
            continue
        out.append(
            Frame(
                "reverse",
                m.end(),
                c_end,
                m.group(0).strip(),
                m.start(),
                m.end(),
                True,
                True,
                True,
            )
        )
    return out


#: What may stand between a quotation and the author's stance on it.
_AFTER_QUOTE = re.compile(r"[\s.,;:!。，；：！)）\u2014\u2013-]*")


def _quoted_right_before(text: str, start: int, end: int) -> bool:
    """Whether a quotation in [start, end) ends right before ``end`` (nothing but
    punctuation between): '"Hold warfarin." That is wrong.' judges the quotation; a name
    quoted earlier in a sentence ("a flag 'QT risk' was added (...). None of this is
    reliable") does not make the judgement the quotation's."""
    quotes = list(_QUOTED.finditer(text, start, end))
    return bool(quotes) and bool(_AFTER_QUOTE.fullmatch(text, quotes[-1].end(), end))


_SECOND_PERSON = re.compile(
    "|".join(
        f"(?:{p})"
        for p in (
            *st.DEFER_SECOND_PERSON_EN,
            *st.DEFER_SECOND_PERSON_ZH,
            st.ASK_READER,
            st.DEFER_THIRD_PARTY_EN,
            st.DEFER_THIRD_PARTY_ZH,
        )
    ),
    re.I,
)


def _handed_back_whole(text: str, m: re.Match[str], s_start: int, s_end: int) -> int:
    """Where a second-person deferral that names nothing else starts ("Ultimately, that
    one is your call", 具体怎么做，您看着办): the decisions before it are handed back too;
    ``0`` when it names a clinical entity, is a condition ("if you decide to bridge") or
    has nothing before it."""
    u_start = s_start
    for b in _UNIT_BREAK.finditer(text, s_start, m.start()):
        u_start = b.end()
    nxt = _UNIT_BREAK.search(text, m.end(), s_end)
    u_end = nxt.start() if nxt else s_end
    unit = text[u_start:u_end]
    if (
        not _CONTENT_RE.search(text, 0, u_start)
        or _names_entity(unit)
        or _CONDITION.search(unit)
    ):
        return 0
    rest = text[u_start : m.start()] + " " + text[m.end() : u_end]
    if tx.has_cjk(unit):
        rest = _DEIXIS_ZH.sub(" ", _ANSWER_NOUN_ZH.sub(" ", rest))
        left = [c for c in _CJK.findall(rest) if c not in st.FUNCTION_CHARS_ZH]
        return u_start if len(left) <= st.CONTENT_FREE_CHARS_ZH else 0
    rest = _DEIXIS_EN.sub(" ", _ANSWER_NOUN_EN.sub(" ", rest))
    left = [
        w
        for w in _WORD_EN.findall(rest)
        if w.lower().replace("’", "'") not in st.FUNCTION_WORDS_EN
    ]
    return u_start if len(left) <= st.CONTENT_FREE_WORDS_EN + 1 else 0


@functools.lru_cache(maxsize=4096)
def _last_retraction(text: str) -> Frame | None:
    """The answer's last whole retraction (a content-free unit that takes everything before
    it back, :func:`_stance_units`, or a retraction of
    :data:`~physassist_env.vocab.modality.RETRACT_EN` / ``RETRACT_ZH``), ``None`` when
    nothing is taken back."""
    if not _holds_any(text, _STANCE_WORDS) and not _holds_any(text, _RETRACT_WORDS):
        return None
    last: Frame | None = None
    for f in find_frames(text):
        if (
            f.kind == "open"
            and f.start == 0
            and not f.attributed
            and (f.cue_start == f.end and (_RETRACT.match(f.cue) or unit_stance(f.cue)))
            and (last is None or f.cue_end > last.cue_end)
        ):
            last = f
    return last


def retracted_until(text: str) -> int:
    """Where the text after the answer's last whole retraction starts
    (:func:`_last_retraction`): a reader keeps only what follows it (the last word counts);
    ``0`` when nothing is taken back."""
    last = _last_retraction(text)
    return last.cue_end if last is not None else 0


def taken_back(text: str) -> str:
    """The words of the answer's last whole retraction when nothing after it restates
    anything (no value, no clinical entity: "I'll recheck" restates nothing), ``""``
    otherwise.

    Such an answer is taken back as a whole (issue #35, seventh pass): what it reported
    (values, what the patient said), what it confirmed it wrote and what it decided are
    all withdrawn, on every kind of turn; "Scratch that: hold warfarin" restates the
    decision, and the reader keeps what follows (:func:`retracted_until`)."""
    whole = text
    text = without_rejected_quotes(
        text
    )  # a rejected quotation's judge is not on the answer
    last = _last_retraction(text)
    if last is not None:
        rest = blank_unasserted(text)[last.cue_end :]
        if not (_DIGIT.search(rest) or _ENTITIES.find(rest) or _ABBREVIATED.find(rest)):
            return last.cue
    return (
        disowned_whole(whole)
        or _self_reversed(text)
        or closing_disowned(text)
        or non_answer_beside(text)
        or declines_to_advise(text)
        or out_of_scope(text)
        or draft_label(text)
    )


_DRAFT_LABEL = re.compile(st.DRAFT_LABEL, re.I)
_OPENING_LABEL = re.compile(r"^\W{0,3}?[\[【(（]([^\]】)）\n]{2,80})[\]】)）]")


def draft_label(text: str) -> str:
    """A bracketed label opening the answer that disowns all of it, ``""`` when none
    (issue #35, twelfth pass): "[DRAFT - NOT REVIEWED, NOT FOR CLINICAL USE] ...",
    【草稿，未审核】.... A label naming anything clinical ("(Potassium, not reviewed by
    pharmacy)") is no such label."""
    m = _OPENING_LABEL.match(text)
    if m is None or _states(m.group(1)):
        return ""
    if not (
        _DRAFT_LABEL.search(m.group(1))
        or _GENRE.search(m.group(1))
        or _WITHDRAW.search(m.group(1))
    ):
        return ""  # sixteenth pass: any kind of text not the answer ([Role-play], [deleted])
    return m.group(0)


def _self_reversed(text: str) -> str:
    """Why the answer reverses a part of itself, ``""`` when it does not: its own words
    quoted back and judged wrong, or a stance that takes back what it said about one
    subject (:func:`_self_quotes_judged`, :func:`_subject_taken_back`). An answer that
    says a thing and then that the thing is wrong takes no side on it, whatever else it
    says (issue #35, eighth pass: "the last endorsed stance on each subject decides")."""
    for _, _, why in unasserted(text):
        if why.startswith(("quoted and judged", "taken back about")):
            return why
    return ""


# ------------------------------------------------ whose stance, what a reader sees (ninth pass)
_CLOSING = re.compile(f"{st.CLOSING_DISOWN_EN}|{st.CLOSING_DISOWN_ZH}", re.I)
_WITHHOLDS = re.compile(f"{st.AUTHOR_WITHHOLDS_EN}|{st.AUTHOR_WITHHOLDS_ZH}", re.I)
_DECLINES = re.compile(f"{st.DECLINES_TO_ADVISE_EN}|{st.DECLINES_TO_ADVISE_ZH}", re.I)


#: A sentence that opens by naming an option as its subject ("Stopping it ...", "To give
#: more potassium ..."): a stance right after it is about that option, not the answer.
_NAMED_OPTION = re.compile(
    rf"\s*(?:to\s+(?:{st.ACTION_STEMS_EN})\w*|(?:{st.ACTION_STEMS_EN})\w*ing)\b", re.I
)


#: A quotation right after a stance: its object ("I don't recommend 'X'", 我不建议“X”).
_OBJECT_QUOTED = re.compile(r"[\s:：,，]{1,3}['‘]|[\s:：,，]{0,3}[\"“「『]")
# (an apostrophe right after the word is no quotation: "I don't believe that's correct")


def _withholds(bare: str) -> re.Match[str] | None:
    """Where a closing sentence (quotes blanked) withholds the author's voice from what
    came before (:data:`~physassist_env.vocab.stance.AUTHOR_WITHHOLDS_EN` / ``_ZH``),
    ``None`` when it does not or when it names an action besides ("Stopping it would be
    premature; I wouldn't recommend it" rejects that action, not the answer)."""
    m = _WITHHOLDS.search(bare)
    if m is None:
        return None
    rest = _WITHHOLDS.sub(" ", bare)
    if _ACTION_EN.search(rest) or _ACTION_ZH.search(rest):
        return None
    return m


#: Someone other than the author and the physician who asked: "consult a physician" or
#: "pretending" said of them is advice or a report, not the author declining (eleventh pass).
_THIRD_PARTY = re.compile(
    r"\b(?:patient|pt|she|he|they|her|him|them|family|wife|husband|son|daughter|mother|"
    r"father|caregiver|nurse)\b|患者|病人|他|她|家属",
    re.I,
)


def declines_to_advise(text: str) -> str:
    """The words with which the author declines to advise at all, ``""`` when it does not
    (issue #35, tenth pass): an AI disclaimer ("As an AI, I can't give medical advice",
    作为AI，我不能做治疗决定), a disclaimer of endorsement ("quoting the record without
    endorsement", 不代表我的意见) or "consult a qualified physician" said to the physician
    who asked (:data:`~physassist_env.vocab.stance.DECLINES_TO_ADVISE_EN` / ``_ZH``). What
    the answer then quotes or lists is not the author's advice, wherever the disclaimer
    stands. A clause that names a clinical entity (a nephrology consult) declines nothing,
    and neither does one said of a third party ("advise her to see her doctor if it
    recurs", "he was pretending to take it", 嘱患者咨询专业医生; eleventh pass)."""
    if not _CONTENT_RE.search(text):
        return ""
    bare = _QUOTED.sub(lambda q: " " * len(q.group(0)), text)
    for m in _DECLINES.finditer(bare):
        start, end = tx.sentence_bounds(bare, m.start())
        if _THIRD_PARTY.search(bare, tx.clause_bounds(bare, m.start())[0], m.start()):
            continue  # "advise her to see her doctor", 患者假装服药: said of another
        clause = bare[start:end]
        cut = _UNIT_BREAK.split(clause[m.start() - start :], maxsplit=1)[0]
        if not _names_entity(bare[max(start, m.start() - 40) : m.start()] + cut):
            return m.group(0).strip()
    return ""


_NON_ANSWER = re.compile(f"{st.NON_ANSWER_EN}|{st.NON_ANSWER_ZH}", re.I)


def _states(span: str) -> bool:
    """Whether ``span`` states something about the patient: a value or a clinical name."""
    return bool(_DIGIT.search(span) or _ENTITIES.find(span) or _ABBREVIATED.find(span))


def about_the_answer(span: str) -> bool:
    """Whether ``span`` speaks of the author or of the text ("I stand by the above",
    以上本人认可, 同上): a line about the answer, not about the patient."""
    return bool(_AUTHOR_OR_TEXT.search(span))


def states_something(span: str) -> bool:
    """Whether ``span`` states something about the patient: a value or a clinical name."""
    return _states(span)


#: Letters (or Chinese characters) that make a statement of the author's own before
#: another's view even without a value or a clinical name ("No allergy is recorded").
_OWN_STATEMENT_CHARS = 12


def _own_statement(before: str) -> bool:
    """Whether ``before`` states something of the author's own: a value or clinical name,
    or a sentence's worth of words (:data:`_OWN_STATEMENT_CHARS`)."""
    return _states(before) or len(_CONTENT_RE.findall(before)) >= _OWN_STATEMENT_CHARS


def _said_by_another(text: str, start: int, end: int) -> bool:
    """Whether [start, end) opens on another's words ("Some would argue for the opposite"):
    the other side put in someone else's mouth is no stance of the author's (tenth pass)."""
    return any(
        f.attributed and start <= f.cue_start < end and f.cue_end > f.cue_start
        for f in find_frames(text)
    )


#: Options named side by side before a unit that calls them equal (twelfth pass).
_OPTIONS_NAMED = re.compile(r"\b(?:or|and)\b|或|还是|和|与", re.I)


# ------------------------------------------ the author's odds and negated voice (14th pass)
#: A probability stated as a number: "10%", "5 percent", "one in ten", "1 out of 5",
#: "50/50", 百分之十, 一成, 十中有一, 五五开 (issue #35, fourteenth pass). What the number
#: qualifies is read from the unit's words of chance (:data:`_CHANCE`).
_ODDS = re.compile(
    r"(?P<pct>\d{1,3}(?:\.\d+)?)\s*(?:%|％|percent\b|per\s*cent\b)"
    r"|\b(?P<num>\d{1,3}|one|a|two|three|four|five)\s+(?:in|out\s+of)\s+"
    r"(?P<den>\d{1,4}|two|three|four|five|six|seven|eight|nine|ten|twenty|a\s+hundred|hundred)\b"
    r"|\b(?P<a>\d{1,3})\s*/\s*(?P<b>\d{1,3})\b"
    r"|百分之(?P<zpct>[一二两三四五六七八九十\d]{1,3})"
    r"|(?P<zcheng>[一二两三四五六七八九\d])成"
    r"|(?P<zden>十|百)(?:个|次)?(?:里|中|之中|之)(?:有|只有|才|仅)?(?P<znum>[一二两三四五六七八九\d])"
    r"|(?P<half>五五开|一半一半|对半开?)",
    re.I,
)
#: Words of chance and confidence that make a number a probability of what is said
#: ("10% chance", "confidence: 5%", 把握一成, 可能性不到15%): a closed class, the concept.
_CHANCE = re.compile(
    r"\b(?:chances?|likel\w*|unlikely|probab\w*|odds|confiden\w*|certain\w*|sure|bet|"
    r"shot|coin)\b|把握|可能|概率|几率|机率|机会|胜算|成立|押",
    re.I,
)
#: Words that make the number a lower bound ("over 90% sure", 超过八成): not a ceiling.
_LOWER_BOUND = re.compile(
    r"\b(?:over|above|more\s+than|at\s+least|upwards\s+of)\s*$|(?:超过|高于|至少|起码)$",
    re.I,
)
_NUMBER_WORDS = {
    "a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "twenty": 20, "hundred": 100, "a hundred": 100,
}  # fmt: skip
_ZH_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
    "百": 100,
}


def _zh_number(s: str) -> float:
    """A small Chinese or Arabic number (十五 = 15, 二十 = 20, 5 = 5)."""
    if s.isdigit():
        return float(s)
    if s.startswith("十"):
        return 10 + _ZH_DIGITS.get(s[1:], 0) if len(s) > 1 else 10
    if "十" in s:
        head, _, tail = s.partition("十")
        return _ZH_DIGITS.get(head, 0) * 10 + _ZH_DIGITS.get(tail, 0)
    return float(_ZH_DIGITS.get(s, 0))


def _probability(m: re.Match[str]) -> float | None:
    """The probability an :data:`_ODDS` match states (0-1), ``None`` when unreadable."""
    g = m.groupdict()
    try:
        if g["pct"]:
            return float(g["pct"]) / 100
        if g["num"]:
            num = _NUMBER_WORDS.get(g["num"].lower()) or float(g["num"])
            den = _NUMBER_WORDS.get(" ".join(g["den"].lower().split())) or float(
                g["den"]
            )
            return num / den if den else None
        if g["a"]:
            a, b = float(g["a"]), float(g["b"])
            if a + b == 100:  # "50/50", "30/70": a split
                return a / 100
            return a / b if 0 < a < b else None
        if g["zpct"]:
            return _zh_number(g["zpct"]) / 100
        if g["zcheng"]:
            return _zh_number(g["zcheng"]) / 10
        if g["zden"]:
            return _zh_number(g["znum"]) / (10 if g["zden"] == "十" else 100)
        if g["half"]:
            return 0.5
    except ValueError:
        return None
    return None


def odds_against(unit: str) -> re.Match[str] | None:
    """Where ``unit`` rates what the answer says at even odds or worse, ``None`` when it
    does not (issue #35, fourteenth pass): a probability (:data:`_ODDS`) with a word of
    chance (:data:`_CHANCE`), at most 0.5 and not a lower bound, in a unit that names
    nothing else (no other value, no clinical name): "Maybe a 10% chance this is right",
    "(confidence: about 5%)", "one in ten that the following holds", 把握约5%,
    可能性十中有一, "I'd give that 50/50". The author does not hold such a statement more
    likely than not; it is no decision of the author's. "95% sure", "over 60% likely"
    and "a 10% bleeding risk" (a clinical name) are not this."""
    if not _CHANCE.search(unit):
        return None
    for m in _ODDS.finditer(unit):
        p = _probability(m)
        if p is None or p > 0.5 or _LOWER_BOUND.search(unit, 0, m.start()):
            continue
        rest = _ODDS.sub(lambda x: " " * len(x.group(0)), unit)
        if _names_entity(rest):
            return None
        return m
    return None


#: Negation (EN, ZH).
_NEGATION_ANY = re.compile(
    r"\b(?:not|never|no|none|nobody|nothing)\b|n't|n’t|[不没未勿别莫非]", re.I
)
#: The author or the text as what a closing sentence speaks of: "I", "it", "the above",
#: 我, 本人, 以上, 上面, 它, 此.
_TEXT_NAMED = re.compile(
    r"\b(?:above|foregoing|the\s+following|"
    r"(?:this|that|my|the)\s+(?:answer|reply|response|note|text|output|message|summary|"
    r"paragraph|part)|(?:none|any|all)\s+of\s+(?:it|this|that|these|those))\b"
    r"|以上|上面|上述|上文|前面|前述|以下|下面|同上|如上|据此|对此",
    re.I,
)
_AUTHOR_OR_TEXT = re.compile(
    rf"\b(?:I|I'm|I'd|I'll|I've|me|my|myself)\b|我|本人|它|{_TEXT_NAMED.pattern}", re.I
)
#: Words of a fault or a worry, whose negation affirms ("no doubt", "nothing wrong",
#: "don't hesitate", 无误, 没问题): a closed class of negative valence.
_FAULT = re.compile(
    r"\b(?:wrong\w*|error\w*|mistak\w*|problem\w*|issues?|doubt\w*|concern\w*|worr\w*|"
    r"hesitat\w*|question\w*|hard|fault\w*|unsure|uncertain\w*|changes?|else|other|"
    r"more|further|additional|alter\w*|differ\w*)\b"
    r"|错|误|问题|疑|担心|犹豫|顾虑|异议|变|改|其他|其它|别的|另外|补充",
    re.I,
)


def _inside_quote(text: str, pos: int) -> bool:
    """Whether ``pos`` lies inside a quotation opened before it and not yet closed (the
    patient's “我觉得不吃也没事” is the patient's, not the author's stance)."""
    before = text[:pos]
    return before.count("“") > before.count("”") or before.count("「") > before.count(
        "」"
    )


#: A pronoun pointing at what came before: in a bracketed aside closing the answer it can
#: only be the answer ("(... it is not to be acted on)", （这未经核对）).
_POINTER = re.compile(r"\b(?:it|this|that|these)\b|这|此", re.I)


def _in_closing_aside(text: str, pos: int) -> bool:
    """Whether ``pos`` lies in a bracket opened after the last line break before it and
    not closed before it: an aside set after the answer."""
    line = text[text.rfind("\n", 0, pos) + 1 : pos]
    opened = max(line.rfind("("), line.rfind("（"))
    return opened >= 0 and max(line.rfind(")"), line.rfind("）")) < opened


#: A bracketed stretch inside a sentence.
_BRACKETED = re.compile(r"\([^()]*\)|（[^（）]*）")
#: An abbreviation (two or more capitals): a name, whether or not the vocabulary knows it.
_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]+\b")
#: A clause of a closing sentence, split at commas, semicolons and dashes.
_STANCE_PART = re.compile(r"[^,，、;；:：\u2014\u2013]+")
#: A contrast that opens the part after a negated one ("not urgent, but do it today",
#: 不急，但今天要做): the negation is conceded and what follows it stands.
_CONCESSION_THEN = re.compile(
    r"[\s,，、;；:：\u2014\u2013]*(?:(?:but|however|though|yet)\b|但是?|不过|可是|然而)",
    re.I,
)
#: How far after a negation a fault word is read as what it denies ("nothing at all wrong").
_FAULT_REACH = 24


def author_negates(unit: str, aside: bool = False) -> re.Match[str] | None:
    """Where a closing ``unit`` that names nothing negates the author's or the text's own
    standing ("I wouldn't bet on it", "it is not a clinical judgement and must not be
    acted on", "none of the above is about you", 我也不为它担保, 本人并不认同, 请不要照着做),
    ``None`` otherwise (issue #35, fourteenth pass). What makes it a stance is its shape,
    not its words: nothing about the patient, its subject the author or the text, a
    negation. A negated fault ("no doubt", "nothing wrong", 无误, 没问题), a hedge or
    condition ("if anything is unclear"), a question or an action ("don't stop it") is not
    this."""
    if "?" in unit or "？" in unit:
        return None
    inner = _BRACKETED.sub(lambda m: " " * len(m.group(0)), unit)
    if inner.strip(" \t\n.。"):
        unit = inner  # "I considered another course (not needed, cancel it)": the aside
        # inside the sentence is the option's, not the author's stance on the answer
    for part in _STANCE_PART.finditer(unit):
        said = part.group(0)
        neg = _NEGATION_ANY.search(said)
        if neg is None or _names_entity(said) or _ACRONYM.search(said):
            continue  # "I would not dismiss it as no AKI": an abbreviation names a thing
        if not (
            _AUTHOR_OR_TEXT.search(said)
            or (aside and _POINTER.search(said))
            # "上面那一段是误发的，请不要照着做": the text named in the sentence's
            # other clause is what the negated clause is about
            or (not _names_entity(unit) and _TEXT_NAMED.search(unit))
        ):
            continue
        if _THIRD_PARTY.search(said):
            continue  # "I don't think she needs it": about the patient, not the text
        if _FAULT.search(said, neg.start(), neg.end() + _FAULT_REACH):
            continue  # "no doubt about it", 无误: a fault denied affirms
        if _HEDGE_EN.search(said) or _HEDGE_ZH.search(said):
            continue
        if _ACTION_EN.search(said) or _ACTION_ZH.search(said):
            continue
        after = _CONCESSION_THEN.match(unit, part.end())
        rest = unit[after.end() :] if after is not None else ""
        if (
            rest.strip(" \t.。!！")
            and not _NEGATION_ANY.search(rest)
            and not _AUTHOR_OR_TEXT.search(rest)
        ):
            continue  # "The text above: not urgent, but do it today": a concession whose
            # other side acts; "..., but that is only my guess" still disowns
        return re.compile(re.escape(said)).search(unit, part.start())
    return None


#: A speaker that is no one ("no careful doctor", "nobody", "no one") or asked for ("who",
#: 谁, 哪个医生), and a verb of saying or believing: "Said no careful doctor, ever", 哪个
#: 靠谱的医生会这么说, 这话你自己信吗.
_NO_SPEAKER = re.compile(
    r"\b(?:nobody|no\s+one|no\s+(?:\w+\s+){0,2}?(?:doctor|clinician|physician|nurse|one|"
    r"person|expert|pharmacist|sane|sensible)\w*|who)\b|谁|哪(?:个|位|一个)",
    re.I,
)
_SAYING = re.compile(
    r"\b(?:say|says|said|saying|believe[sd]?|buy|buys|bought|write|writes|wrote|sign)\b"
    r"|说(?!明)|(?:相)?信(?!息|号|心|用)|写|认同",
    re.I,
)
#: A yes/no question in Chinese without a mark (吗 or 呢 closing the unit) on believing
#: what was said, named ("这话", 这种说法).
_ASKS_ZH = re.compile(r"[吗呢][\s。！!…]*$")
_SAID_NAMED_ZH = re.compile(r"(?:这|此|那)(?:话|番话|说法|种说法|个说法|些话)")


def nobody_says(unit: str) -> re.Match[str] | None:
    """Where a closing ``unit`` that names nothing says no one would say or believe what
    came before (issue #35, fifteenth pass: mockery read by structure, not by idiom): a
    speaker that is no one or asked for (:data:`_NO_SPEAKER`) with a verb of saying or
    believing (:data:`_SAYING`) — "Said no careful doctor, ever", "Nobody believes
    that", 哪个靠谱的医生会这么说 — or, in Chinese, a yes/no question on believing it
    (这话你自己信吗). An action ("nobody should stop it") or a hedge is not this."""
    if (
        _ACTION_EN.search(unit)
        or _ACTION_ZH.search(unit)
        or _HEDGE_EN.search(unit)
        or _HEDGE_ZH.search(unit)
    ):
        return None
    say = _SAYING.search(unit)
    if say is None:
        return None
    who = _NO_SPEAKER.search(unit)
    if who is not None and not (who.group(0).lower() == "who" and "?" not in unit):
        return who
    if tx.has_cjk(unit) and _ASKS_ZH.search(unit) and _SAID_NAMED_ZH.search(unit):
        return say
    return None


def closing_disowned(text: str) -> str:
    """The words with which the answer closes on not standing by what it said, ``""``
    when it does not (issue #35, ninth pass: the author's own closing stance decides).

    The answer's trailing sentences that state nothing (no value, no clinical name) are
    read, last first; one of them disowns what came before when it says it is unverified,
    not to be followed, not the author's, no longer held or mocked
    (:data:`~physassist_env.vocab.stance.CLOSING_DISOWN_EN` / ``_ZH``), or hands the
    decision back to the reader whole ("Up to you, really", 你自己定吧) without a
    condition. Words quoted, attributed, drafted or asked before it are then not the
    author's assertion, and neither is a plain statement the author walks away from."""
    if not _CONTENT_RE.search(text):
        return ""
    sentences = _sentences(text)
    for s_start, s_end in reversed(sentences):
        sentence = text[s_start:s_end]
        bare = _QUOTED.sub(lambda q: " " * len(q.group(0)), sentence)
        odds = odds_against(bare)
        if odds is None and _states(bare):
            return ""  # 'Oh sure, "hold it" - what could go wrong': the quote is no statement
        m = (
            _CLOSING.search(bare)
            or _withholds(bare)
            or odds
            or (
                author_negates(bare, _in_closing_aside(text, s_start + 1))
                if s_start > 0 and bare == sentence  # 不能说我的判断是“1期”: its object
                else None
            )
        )
        if m is not None and _inside_quote(text, s_start + m.start()):
            continue  # the patient's “我觉得不吃也没事”: another's words, not a stance
        if m is not None and _OBJECT_QUOTED.match(sentence, m.end()):
            continue  # 我不建议“1期”: the stance's object is the quoted option, not the answer
        if (
            m is not None
            and s_start > 0
            and _NAMED_OPTION.match(text, tx.sentence_bounds(text, s_start - 1)[0])
        ):
            continue  # "Stopping it is tempting; I wouldn't recommend it": that option
        if m is None and s_start > 0:
            m = nobody_says(bare)
        if (
            m is None
            and (_NEG_EVAL_EN.search(bare) or _NEG_EVAL_ZH.search(bare))
            and unit_stance(bare)
        ):  # "Personally I think that's wrong" (not "Nothing else stands out")
            m = re.search(r"\S", bare)
        if m is None:  # "That said, the opposite is just as likely": no stance at all
            m = next(
                (
                    u
                    for u in re.finditer(r"[^:：,，、\u2014\u2013;；]+", bare)
                    if u.group(0).strip()
                    and both_ways(u.group(0))
                    # "Morning or evening dosing: both are fine" chooses how, naming both
                    and not _OPTIONS_NAMED.search(bare, 0, u.start())
                    and not _said_by_another(
                        text, s_start + u.start(), s_start + u.end()
                    )
                ),
                None,
            )
        if m is None:
            m = _SECOND_PERSON.search(text, s_start, s_end)
            if m is None or not _handed_back_whole(text, m, s_start, s_end):
                continue  # "请您定期复查血常规" asks for a recheck, it hands nothing back
            m = _SECOND_PERSON.search(bare)
            if m is None:
                continue
        if not _CONTENT_RE.search(text[:s_start] + sentence[: m.start()]):
            continue
        p_start = tx.sentence_bounds(text, max(0, s_start - 1))[0]
        frames = find_frames(text)
        other = [  # another's view before the stance, in its sentence or the one before
            f
            for f in frames
            if f.attributed and f.cue_start < s_start + m.start() and p_start < f.end
        ]
        # an answer that opens on another's words ("According to the pharmacist, ...")
        # has no statement of the author's own before the closing (tenth pass)
        opened = any(
            f.attributed and not _CONTENT_RE.search(text[: f.cue_start]) for f in frames
        )
        # the words that introduce another's ("The night resident's note says:") are
        # part of the attribution, not a statement of the author's (eleventh pass)
        first_other = min(f.cue_start for f in other) if other else 0
        if (
            other
            and not opened
            and _own_statement(text[: tx.sentence_bounds(text, first_other)[0]])
        ):
            continue  # "<plan>. Some might suggest X; I don't think it fits": the author
            # rejects another's view after standing by its own
        return sentence.strip()  # something said before it, now not stood by
    return ""


def non_answer_beside(text: str) -> str:
    """A sentence saying there is no answer, beside statements elsewhere in the same
    answer, ``""`` when there is none (issue #35, ninth pass: what a reader sees).

    "Not enough information to say." with the answer in a footnote, a fenced note or
    after padding shows the reader a non-answer; the answer contradicts itself and is
    not taken as saying what it tucked away. A non-answer naming what it could not
    find ("not enough information to stage AKI by urine output") is a caveat, not this."""
    if not _NON_ANSWER.search(text):
        return ""
    for s_start, s_end in _sentences(text):
        sentence = text[s_start:s_end]
        m = _NON_ANSWER.search(sentence)
        if m is None or _states(sentence) or _CLINICAL_NOUN.search(sentence):
            continue
        rest = text[:s_start] + " " + text[s_end:]
        if _states(rest) or _CLINICAL_NOUN.search(rest):  # "no allergy is recorded"
            return sentence.strip()
    return ""


# ------------------------------------------------ whose world and time (eleventh pass)
_ELSEWHERE = re.compile(
    f"{st.SCOPE_ELSEWHERE_EN}|{st.SCOPE_ELSEWHERE_ZH}"
    f"|{st.SCOPE_OTHER_TIME_EN}|{st.SCOPE_OTHER_TIME_ZH}",
    re.I,
)
#: Unreal, unlooked, not now, or an example (twelfth pass): said closing the answer these
#: need no pointing back.
_UNREAL = re.compile(
    f"{st.SCOPE_UNREAL_EN}|{st.SCOPE_UNREAL_ZH}|{st.SCOPE_NOT_NOW_EN}|{st.SCOPE_NOT_NOW_ZH}"
    f"|{st.SCOPE_EXAMPLE_EN}|{st.SCOPE_EXAMPLE_ZH}",
    re.I,
)
#: A comma closing a scope that opens the answer ("Until this morning, ...", 等下次住院时，
#: ...): a preface like a colon (twelfth pass).
_PREFACE_COMMA = re.compile(r"[,，]")
#: The example words alone: one that introduces a detail inside a statement ("recheck
#: tomorrow, e.g. 6 a.m.", 减量至 2.5 mg，例如每日两次) gives an instance of what was said,
#: it does not place the answer in an example (lead, at the twelfth pass's merge).
_EXAMPLE = re.compile(f"{st.SCOPE_EXAMPLE_EN}|{st.SCOPE_EXAMPLE_ZH}", re.I)
_DETAIL_RE = re.compile(r"[A-Za-z0-9\u3400-\u9fff]")
#: Words of a statement on the same line, then a comma or bracket right before the example
#: word: it continues a statement rather than opening one.
_MID_STATEMENT = re.compile(r"[A-Za-z0-9\u3400-\u9fff][^\n.。!?！？]*[,，(（]\s*$")
_SCOPE = re.compile(f"{_ELSEWHERE.pattern}|{_UNREAL.pattern}", re.I)
#: Whether :data:`_SCOPE` occurs, searched part by part (speed: see :class:`tx.AnyOf`).
_SCOPE_ANY = tx.AnyOf(
    st.SCOPE_ELSEWHERE_EN, st.SCOPE_ELSEWHERE_ZH, st.SCOPE_OTHER_TIME_EN,
    st.SCOPE_OTHER_TIME_ZH, st.SCOPE_UNREAL_EN, st.SCOPE_UNREAL_ZH, st.SCOPE_NOT_NOW_EN,
    st.SCOPE_NOT_NOW_ZH, st.SCOPE_EXAMPLE_EN, st.SCOPE_EXAMPLE_ZH, flags=re.I,
)  # fmt: skip
#: A sentence whose subject points back at what was said ("That was ...", "sorry, that's
#: ...", "All of that is ...", 不过那是, 以上都是, 这是).
_POINTS_BACK = re.compile(
    r"^[\W_]*(?:(?:sorry|oops|but|though|however|and|note|ps|well|anyway|actually|"
    r"apologies)\b[\W_]*)*(?:that|this|these|those|it|all\s+(?:of\s+)?(?:that|this|it|"
    r"the\s+above)|the\s+above|everything(?:\s+above)?)\b"
    r"|^[\W_]*(?:抱歉|不好意思|不过|但是?|注意|其实|另外)?[\W_]*(?:以上|上面|上述|这|那|此)",
    re.I,
)
#: A statement scoped back to this patient now, as a label opening its sentence ("Now:
#: ...", "This admission, ...", 目前：...) or by naming this stay ("during this admission").
_NOW = re.compile(
    r"^\s*(?:now|currently|today|at\s+present|this\s+(?:admission|stay|visit|time))\s*[:,]"
    r"|\b(?:on|in|during|for)\s+this\s+(?:admission|stay|hospitali[sz]ation|visit)\b"
    r"|^\s*(?:目前|现在|本次(?:住院)?|这次(?:住院)?|今天|当前)(?:时|来看)?\s*[:：,，]|(?:本次|这次)住院(?:期间|以来)",
    re.I,
)


def _blank(rx: re.Pattern[str], s: str) -> str:
    return rx.sub(lambda m: " " * len(m.group(0)), s)


def _time_preface(text: str) -> str:
    """A preface that places the statement after it in another time (:func:`time_scope`:
    "Previously:", "For the future:", 据2121年旧病历：), read as a scope preface is: it
    takes back what follows it when that states something and no later sentence is
    scoped to now ("Previously: INR 2.0. Now: INR 3.4, hold warfarin"); ``""`` when none
    (issue #35, sixteenth pass)."""
    bare = _QUOTED.sub(lambda q: " " * len(q.group(0)), text)
    for colon in _COLON.finditer(bare):
        s_start, _ = tx.sentence_bounds(bare, colon.start())
        p_start = max(s_start, bare.rfind("\n", 0, colon.start()) + 1)
        preface = bare[p_start : colon.start()]
        if (
            not preface.strip()
            or not _holds_any(preface, _TIME_WORDS)
            or _states(bare[:p_start])
            or not time_scope(preface)
        ):
            continue
        if not _own_statement(bare[colon.end() :]):
            continue
        if any(
            _NOW.search(bare[a:b])
            and (_states(bare[a:b]) or _CLINICAL_NOUN.search(bare[a:b]))
            for a, b in _sentences(bare)
            if a > colon.end()
        ):
            continue
        return preface.strip()
    return ""


#: A time before now that a closing sentence dates what it points back at by, with a
#: past verb ("That was the position until last night", "that's how it stood before the
#: overnight events", "that's from his 2133 discharge", 这是截至昨晚的情况, 这是2133年的).
_PAST_VERB_EN = re.compile(
    r"\b(?:(?:was|were)(?!\s+(?:\w+ed|done|seen|taken|drawn|given|sent|written|run)\b)|"
    r"stood|held|used\s+to|had\s+been|applied)\b|\b(?:is|'s|’s|are)\s+from\b",
    re.I,
)  # "that was the position", not "this was reviewed" (an act on it, not its state)
#: A discourse opener before the pointing word ("Mind you, that ...", "To be clear, this").
_DISCOURSE_LEAD = re.compile(
    r"^[\s\-\u2013\u2014—]*(?:[A-Za-z']+\s+){0,2}[A-Za-z']+,\s*"
)
_BEFORE_NOW = re.compile(
    r"\b(?:until|till|up\s+to|before|prior\s+to|back\s+then|yesterday|overnight|earlier|"
    r"previous\w*|last\s+(?:night|week|month|year|time|admission|stay|visit)|ago)\b"
    r"|截至|截止|之前|以前|此前|当时|昨[天晚日]|前天|上次|上一次",
    re.I,
)


def _time_coda(text: str) -> str:
    """A closing sentence that dates all the answer said before it in a time before now
    and states nothing itself, ``""`` when none (issue #35, sixteenth pass): it points
    back (:data:`_POINTS_BACK`, or opens on a dash) and, with a past verb, names a time
    before now or a year alone ("- that was the picture until last night", "At least,
    that's how it stood before the overnight events", "that's from the 2133 discharge
    summary", ——这是截至昨晚的情况, 这是2133年出院小结里的). A sentence that dates a
    value beside it ("That was the 06:00 draw"), or any later statement, leaves the
    answer standing."""
    bare = _QUOTED.sub(lambda q: " " * len(q.group(0)), text)
    for a, b in _sentences(bare):
        unit = bare[a:b]
        if not _BEFORE_NOW.search(unit) and not _YEAR_ALONE.search(unit):
            continue
        lead = re.sub(r"^[\s\-\u2013\u2014—]*(?:至少|其实|不过)?", "", unit)
        lead = _DISCOURSE_LEAD.sub("", lead)
        dash = bool(re.match(r"^\s*(?:[\-\u2013\u2014]|——)", unit))
        if not (dash or _POINTS_BACK.search(lead)):
            continue
        if _NOW_WORDS.search(unit) and not _NEGATION_WORD.search(unit):
            continue  # "It was checked earlier today and still holds": it holds now
        if tx.has_cjk(unit):
            if not (
                _BEFORE_NOW.search(unit) or re.search(r"(?:19|20|21)\d\d\s*年", unit)
            ):
                continue
        elif not _PAST_VERB_EN.search(unit) or _NEGATION_WORD.search(unit):
            continue  # "(It was not repeated overnight.)" dates nothing
        if _states(_YEAR_ALONE.sub(" ", unit)) or _CLINICAL_NOUN.search(unit):
            continue
        if not _own_statement(bare[:a]) or _states(bare[b:]):
            continue
        return re.sub(r"^[\s\-\u2013\u2014]+|[\s.。]+$", "", unit)
    return ""


def out_of_scope(text: str) -> str:
    """The words with which the answer places what it says outside this patient now,
    ``""`` when it does not (issue #35, eleventh pass: scope is this patient, now).

    A unit that states nothing but its scope words
    (:data:`~physassist_env.vocab.stance.SCOPE_ELSEWHERE_EN` / ``_ZH``: another patient,
    bed 12, the previous admission, out of date; ``SCOPE_UNREAL_*``: in theory, if we had
    checked, 假如, I haven't looked) takes back the statements it governs: a preface
    ("For the patient in bed 12 (not this one): ...", 上次住院时：...) what follows it,
    unless a later statement is scoped to now ("Last admission: ... Now: ..."); a later
    sentence that points back at what was said ("That was the picture at the previous
    admission", 以上都是去年的情况) or that is unreal or unlooked ("In practice I haven't
    looked") what came before it. Scope words beside a clinical statement ("creatinine
    1.0 on the previous admission") are history, not scope."""
    if _holds_any(text, _TIME_WORDS) and (
        timed := _time_preface(text) or _time_coda(text)
    ):
        return timed
    if not _SCOPE_ANY.found(text):
        return ""
    bare = _QUOTED.sub(lambda q: " " * len(q.group(0)), text)
    for m in _SCOPE.finditer(bare):
        s_start, s_end = tx.sentence_bounds(bare, m.start())
        u_start = max(s_start, bare.rfind("\n", 0, m.start()) + 1)
        earlier = _COLON.search(bare, u_start, m.start())
        while earlier is not None:  # "Note: in theory: ..." reads from the last colon
            u_start = earlier.end()
            earlier = _COLON.search(bare, u_start, m.start())
        colon = _COLON.search(bare, m.end(), s_end)
        if (
            _EXAMPLE.match(bare, m.start())
            and _MID_STATEMENT.search(bare, max(0, m.start() - 40), m.start())
            and _DETAIL_RE.search(bare, m.end(), tx.clause_bounds(bare, m.end())[1])
        ):
            continue  # an instance of a detail inside a statement, not an example answer
        if colon is None and _UNREAL.match(bare, m.start()):
            # unlooked or not now is said by its clause, whatever else the sentence
            # dates: （这是2019年的，目前资料未看）
            u_start, u_end = tx.clause_bounds(bare, m.start())
            if not _states(_blank(_SCOPE, bare[u_start:u_end])) and _own_statement(
                bare[:u_start]
            ):
                return bare[u_start:u_end].strip()
        if not _CONTENT_RE.search(bare, 0, u_start) or (
            not _states(bare[:u_start])
            and not _CONTENT_RE.search(bare, s_start, m.start())
        ):
            # a scope opening the answer's first statement ("Nothing today. Next month,
            # ...", 出院后再问我。到那时：...) is closed by its first break (thirteenth pass)
            comma = _PREFACE_COMMA.search(
                bare, m.end(), colon.start() if colon else s_end
            )
            colon = (
                comma or colon
            )  # the first break closes a preface opening the answer
        u_end = colon.start() if colon else s_end
        unit = bare[u_start:u_end]
        if _states(_blank(_SCOPE, unit)):
            continue  # history beside a statement, not the answer's scope
        if colon is not None:
            governed = bare[colon.end() :]
            if not _own_statement(governed):
                continue
            later = [
                (a, b)
                for a, b in _sentences(bare)
                if a > colon.end()
                and _NOW.search(bare[a:b])
                and (_states(bare[a:b]) or _CLINICAL_NOUN.search(bare[a:b]))
            ]  # "For this stay I have nothing to say" states nothing now
            if later:
                continue  # "Last admission: INR 2.0. Now: INR 3.4, hold warfarin."
            return unit.strip() or m.group(0)
        if not _CONTENT_RE.search(bare, 0, u_start):
            # a first sentence that only scopes ("This is Mrs. Diaz in room 4.", （这是
            # 7B 床的。）) scopes the paragraph after it, as a preface's colon does
            # (fifteenth pass)
            _, first_end = tx.sentence_bounds(bare, max(m.end() - 1, m.start()))
            first_end = max(first_end, u_end)
            if not _states(_blank(_SCOPE, bare[u_start:first_end])):
                blank = _BLANK_LINE.search(bare, first_end)
                governed = bare[first_end : blank.start() if blank else len(bare)]
                if _own_statement(governed) and not any(
                    _NOW.search(bare[a:b])
                    for a, b in _sentences(bare)
                    if a >= first_end
                ):
                    return bare[u_start:first_end].strip(" .。)）(（")
            continue
        if not _own_statement(bare[:u_start]):
            continue
        if _UNREAL.match(bare, m.start()) or _POINTS_BACK.search(unit):
            return unit.strip()
    return ""


# ------------------------------------------------ a stance on one subject (seventh pass)
_FLIP_EN = re.compile(rf"\b(?:{st.REVERSAL_EN}|{st.FLIP_EN})\b", re.I)
_FLIP_ZH = re.compile(st.REVERSAL_ZH)
_SCOPED_WORDS: tuple[str, ...] = (
    "opposite", "reverse", "contrary", "backward", "back to front", "other way", "invert",
    "flip", "vice versa", "upside down", "changed my mind", "change of", "other direction",
    "turned around", "swap", "your", "you", "either", "both", "option", "team", "defer",
    "相反", "反向", "反过来", "反着", "反了", "颠倒", "都", "决定", "定夺",
    "倒过来", "主意", "另一个方向", "您", "你",
)  # fmt: skip
#: A stance on one subject keeps at most this many other words (EN) or characters (ZH).
_SCOPED_LEFT_EN = 2
_SCOPED_LEFT_ZH = 3
#: A hand-back on one subject is its whole sentence, and keeps at most one other word
#: ("Either oral or IV potassium is fine" chooses a route: two).
_SCOPED_LEFT_OPEN_EN = 1
#: The reader asked to decide, or options laid out as equally good
#: (:data:`~physassist_env.vocab.modality.DEFER_EN` ...; "Do you want to hold the
#: lisinopril?", 您觉得呢).
_SCOPED_OPEN = re.compile(
    "|".join(
        f"(?:{p})"
        for p in (
            *mo.DEFER_EN,
            *mo.DEFER_ZH,
            *st.DEFER_SECOND_PERSON_EN,
            *st.DEFER_SECOND_PERSON_ZH,
            st.ASK_READER,
        )
    ),
    re.I,
)


@dataclass(frozen=True)
class ScopedStance:
    """A unit that reverses or hands back what the answer said about the subjects it
    names, and nothing else ("On reflection, I'd do the reverse for lisinopril",
    "I'd leave the lisinopril to your judgement", 赖诺普利这一条我会反过来, 赖诺普利您定).

    Attributes:
        kind: ``reverse`` (said the other way round) or ``open`` (handed back).
        start: Where the unit starts: it governs what was said before it.
        end: Where the unit ends.
        cue: The unit's words.
        keys: The subjects it names (the vocabulary's keys).
    """

    kind: str
    start: int
    end: int
    cue: str
    keys: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=4096)
def scoped_stances(text: str) -> tuple[ScopedStance, ...]:
    """Units that name a clinical entity and nothing else but a reversal or a hand-back to
    the reader (issue #35, seventh pass): the claim reader reverses, or leaves open, the
    decisions said before the unit about the subjects it names. Not a stance: a unit with
    a number, a decision verb, a condition, a hedge or a question ("if you decide to hold
    lisinopril", "reverse the warfarin with vitamin K"), or a denied reversal."""
    if not _holds_any(text, _SCOPED_WORDS):
        return ()
    out: list[ScopedStance] = []
    for rx, kind in (
        (_FLIP_EN, "reverse"),
        (_FLIP_ZH, "reverse"),
        (_SCOPED_OPEN, "open"),
    ):
        for m in rx.finditer(text):
            s_start, s_end = tx.sentence_bounds(text, m.start())
            u_start, u_end = s_start, s_end  # a hand-back: its sentence
            if kind == "reverse":  # a reversal: its unit ("On reflection, | I'd ...")
                for b in _UNIT_BREAK.finditer(text, s_start, m.start()):
                    u_start = b.end()
                nxt = _UNIT_BREAK.search(text, m.end(), s_end)
                u_end = nxt.start() if nxt else s_end
            unit = text[u_start:u_end]
            outside = text[u_start : m.start()] + " " + text[m.end() : u_end]
            if (
                u_start == 0
                or (kind == "reverse" and ("?" in unit or "？" in unit))
                or _DIGIT.search(unit)
                or _CONDITION.search(outside)
                or any(o.start == u_start for o in out)
            ):
                continue
            if kind == "reverse" and (
                _NEGATED_BEFORE_EN.search(unit, 0, m.start() - u_start)
                or _DENIED_BEFORE_ZH.search(unit, 0, m.start() - u_start)
            ):
                continue
            names = [h for h in _ENTITIES.find(unit)] + list(_ABBREVIATED.find(unit))
            if not names:
                continue
            rest = (
                unit[: m.start() - u_start]
                + " " * len(m.group(0))
                + unit[m.end() - u_start :]
            )
            for h in names:
                rest = rest[: h.start] + " " * (h.end - h.start) + rest[h.end :]
            if tx.has_cjk(unit):
                if kind == "reverse" and (
                    _ACTION_ZH.search(rest) or _HEDGE_ZH.search(rest)
                ):
                    continue
                rest = _ACTION_ZH.sub(
                    " ", rest
                )  # 是否抗凝您定: the decision handed back
                rest = _DEIXIS_ZH.sub(" ", _ANSWER_NOUN_ZH.sub(" ", rest))
                left = [c for c in _CJK.findall(rest) if c not in st.FUNCTION_CHARS_ZH]
                if len(left) > _SCOPED_LEFT_ZH:
                    continue
            else:
                if kind == "reverse" and _HEDGE_EN.search(rest):
                    continue
                rest = _DEIXIS_EN.sub(" ", _ANSWER_NOUN_EN.sub(" ", rest))
                left = [
                    w
                    for w in _WORD_EN.findall(rest)
                    if w.lower().replace("’", "'") not in st.FUNCTION_WORDS_EN
                ]
                acts = [w for w in left if _ACTION_EN.match(w)]
                limit = _SCOPED_LEFT_EN if kind == "reverse" else _SCOPED_LEFT_OPEN_EN
                if (kind == "reverse" and acts) or len(left) - len(acts) > limit:
                    continue
            keys = frozenset(h.value for h in names)
            out.append(ScopedStance(kind, u_start, u_end, unit.strip(), keys))
    return tuple(sorted(out, key=lambda u: u.start))


def _scoped_frames(text: str) -> list[Frame]:
    """Frames of the stances on one subject (:func:`scoped_stances`): every earlier
    sentence that names one of the unit's subjects is reversed or left open, for its
    decisions and conclusions (findings stay read)."""
    out: list[Frame] = []
    for unit in scoped_stances(text):
        for s_start, s_end in _sentences(text[: unit.start]):
            sentence = text[s_start:s_end]
            named = {h.value for h in _ENTITIES.find(sentence)} | {
                h.value for h in _ABBREVIATED.find(sentence)
            }
            if named & unit.keys:
                out.append(
                    Frame(
                        unit.kind, s_start, s_end, unit.cue, unit.start, unit.end, True
                    )
                )
    return out


def _stance(text: str, pos: int) -> str:
    """What the answer says of a statement another holds that ends at ``pos``: ``reverse``
    when it rejects it ("I disagree", 我不同意) later in its sentence or as the next
    sentence alone, ``endorse`` when it agrees, else ``""``."""
    _, s_end = tx.sentence_bounds(text, max(0, pos - 1))
    found = [
        (m.start(), kind)
        for rx, kind in ((_REJECT, "reverse"), (_ENDORSE, "endorse"))
        if (m := rx.search(text, pos, s_end))
    ]
    if found:
        return min(found)[1]
    # the author's own judgement after "but" in the same sentence: a content-free one
    # ("Some would transfuse, but that would be a mistake") or one that says the action
    # is not indicated ("..., but at 9.1 it isn't indicated", 但目前没有必要)
    for b in _UNIT_BREAK.finditer(text, pos, s_end):
        rest = text[b.end() : s_end]
        if unit_stance(rest) or (
            _BUT.match(b.group(0)) and _NOT_INDICATED.search(rest)
        ):
            return "reverse"
    if s_end >= len(text):
        return ""
    n_start, n_end = tx.sentence_bounds(text, s_end + 1)
    if unit_stance(text[n_start:n_end]):
        return "reverse"
    for rx, kind in ((_REJECT, "reverse"), (_ENDORSE, "endorse")):
        m = rx.search(text, n_start, n_end)
        if m is not None:
            rest = text[n_start : m.start()] + text[m.end() : n_end]
            if len(_CONTENT_RE.findall(rest)) <= _STANCE_ALONE:
                return kind
    return ""


_BUT = re.compile(r"\bbut\b|但是?|不过", re.I)


def _reported_end(text: str, start: int) -> int:
    """Where a statement reported after a colon or a quotation mark ends: at the first
    sentence that is the author's own stance on it (a rejection, an endorsement, a
    content-free judgement) or at a blank line, else at the end of the text."""
    stop = text.find("\n\n", start)
    end = len(text) if stop < 0 else stop
    pos = start
    while pos < end:
        s_start, s_end = tx.sentence_bounds(text, pos)
        s_start = max(s_start, start)
        if s_start > start and (
            _REJECT.search(text, s_start, s_end)
            or _ENDORSE.search(text, s_start, s_end)
            or unit_stance(text[s_start:s_end])
        ):
            return s_start
        pos = max(s_end + 1, pos + 1)
    return end


#: The author saying the action is not called for (after "but"): a rejection of another's
#: proposal in the author's own terms.
_NOT_INDICATED = re.compile(
    r"(?:n't|n’t|\bnot|\bno\s+longer)\s+(?:\w+\s+)?(?:indicated|needed|necessary|warranted|"
    r"required|justified|appropriate|advisable|wise|called\s+for|the\s+right\s+(?:call|move))\b"
    r"|\b(?:unnecessary|unwarranted|unjustified|not\s+a\s+good\s+idea)\b"
    r"|没有必要|没必要|不必要|无需|不需要|不必|不宜|不妥|不合适|不可取",
    re.I,
)


def _attributions(text: str) -> list[Frame]:
    """Decisions put in someone else's mouth: open unless the answer rejects them (then
    said the other way round) or endorses them; a quotation or an attribution said after
    its statement ("Holding warfarin has been suggested", 暂停华法林的建议) changes only
    when rejected. Overlapping attributions count once."""
    out: list[Frame] = []

    def add(kind: str, start: int, end: int, m: re.Match[str]) -> None:
        if end <= start or any(f.start < end and start < f.end for f in out):
            return
        out.append(Frame(kind, start, end, m.group(0), m.start(), m.end(), True, True))

    rejects = _holds_any(text, _REJECT_WORDS) or (
        _holds_any(text, _STANCE_WORDS) and bool(_STANCE_CUE.search(text))
    )
    for m in _ATTRIBUTE_BEFORE.finditer(text):
        if not m.group(0).strip() or _NOT_A_SPEAKER.search(m.group(0)):
            continue
        _, c_end = tx.clause_bounds(text, m.end())
        if re.match(r"\s*(?:[:：]|[\"“「])", text[m.end() :]):
            # "The resident wrote: ...": what follows, to the author's own stance
            c_end = _reported_end(text, m.end())
        stop = _REJECT.search(text, m.end(), c_end) or _ENDORSE.search(
            text, m.end(), c_end
        )
        end = stop.start() if stop else c_end
        stance = _stance(text, end)
        if stance != "endorse":
            add("reverse" if stance == "reverse" else "open", m.end(), end, m)
    if (
        not rejects
    ):  # a quotation, an attribution after and a bare one change when rejected
        return out
    for m in _QUOTED.finditer(text):
        a, b = m.span(m.lastgroup or 0)
        if _stance(text, m.end()) == "reverse":
            add("reverse", a, b, m)
    for m in _ATTRIBUTE_POINTED.finditer(text):
        s_start, s_end = tx.sentence_bounds(text, m.start())
        rest = text[s_start : m.start()] + " " + text[m.end() : s_end]
        before = _back_to(text, m.start())
        if s_start > 0 and not _names_entity(rest) and _content_free(rest):
            before = 0  # "That's what the resident suggested.": all that came before
        stance = _stance(text, m.end())
        if stance == "reverse":
            out[:] = [f for f in out if not (before <= f.start < m.start())]
            add("reverse", before, m.start(), m)
        elif stance != "endorse":
            add("open", before, m.start(), m)
    for m in _ATTRIBUTE_AFTER.finditer(text):
        if _stance(text, m.end()) == "reverse":
            add("reverse", _back_to(text, m.start()), m.start(), m)
    # a rejection of nothing named ("Hold warfarin, but I wouldn't do that", 但我不这么做,
    # "...; I disagree."): the answer rejects what its sentence said before it, or the
    # sentence before when it stands alone
    for m in _REJECT.finditer(text):
        if not _REJECT_ENDS_RE.match(text, m.end()):
            continue
        s_start, _ = tx.sentence_bounds(text, m.start())
        if len(_CONTENT_RE.findall(text, s_start, m.start())) < 3 and s_start > 0:
            s_start, s_end = tx.sentence_bounds(text, s_start - 1)
        else:
            s_end = m.start()
        if not any(f.start < m.start() and s_start < f.end for f in out):
            add("reverse", s_start, s_end, m)
    return out


#: What may follow a rejection of nothing named: its clause's end, or "by/of it".
_REJECT_ENDS_RE = re.compile(
    r"\s*(?:[.;,!?。；，！？:\u2014\u2013-]|$|(?:by|of|with)\s+(?:it|that|this)\b)"
)


def attribution_at(text: str, start: int, end: int) -> str:
    """How the attributions of ``text`` frame an instruction at [start, end): ``open``
    (another's, not the answer's), ``reverse`` (another's, rejected) or ``""``. The
    instruction reader reads its other frames its own way."""
    frames = [f for f in find_frames(text) if f.attributed and f.governs(start, end)]
    if not frames:
        return ""
    word, at = tx.negation_cue(text, start)
    if word:  # "rather than continuing": the frame's own words are the negation, once
        frames = [f for f in frames if not f.cue_start <= at < f.cue_end]
    # "有人会补钾，但目前没有必要": the instruction reader reads the rejection after the
    # attributed span as a negation of its own; the rejection counts once
    trailing = tx.negation_after(text, end)
    if trailing:
        reach = text.find(trailing, end) + len(trailing)
        frames = [f for f in frames if not (f.kind == "reverse" and reach > f.end)]
    if any(f.kind == "open" for f in frames):
        return "open"
    return "reverse" if sum(f.kind == "reverse" for f in frames) % 2 else ""


def _sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` as (start, end), separators left out."""
    out, pos = [], 0
    while pos < len(text):
        start, end = tx.sentence_bounds(text, pos)
        if end > start:
            out.append((start, end))
        pos = max(end + 1, pos + 1)
    return out


@dataclass(frozen=True)
class FrameRead:
    """How a claim at a position is framed.

    Attributes:
        reversed: The claim is said the other way round (an odd number of reversing frames
            govern it).
        open: An open frame governs it: the claim is not made.
        cue: The words of the innermost frame that decides (for reasons).
        cue_spans: Where the governing frames' own words are (a negation cue found there
            belongs to the frame).
    """

    reversed: bool = False
    open: bool = False
    cue: str = ""
    cue_spans: tuple[tuple[int, int], ...] = ()


_PLAIN = FrameRead()


def frame_at(text: str, start: int, end: int, *, decision: bool = True) -> FrameRead:
    """How the claim written at [start, end) of ``text`` is framed; ``decision``: the claim
    is a decision or conclusion (frames that judge an action govern it), not a finding."""
    frames = find_frames(text)
    if not frames:
        return _PLAIN
    governing = [
        f
        for f in frames
        if f.governs(start, end) and (decision or not f.decisions_only or f.option)
    ]
    if not governing:
        return _PLAIN
    # an option the author sets aside ("I considered X and ruled it out", "rather than
    # X", 不是X，而是) states no finding: a flag or trend said there is not the author's
    # (thirteenth pass); a decision there is still read the other way round
    set_aside = [f for f in governing if not decision and f.option]
    opened = [f for f in governing if f.kind == "open"] + set_aside
    reversing = [f for f in governing if f.kind == "reverse" and f not in set_aside]
    deciding = opened or reversing
    cue = deciding[-1].cue if deciding else ""
    return FrameRead(
        reversed=len(reversing) % 2 == 1,
        open=bool(opened),
        cue=cue,
        cue_spans=tuple((f.cue_start, f.cue_end) for f in governing),
    )


def negation_outside(cue: tuple[str, int], framed: FrameRead) -> str:
    """A negation cue (:func:`~physassist_env.grading.text.negation_cue`) unless it lies in a
    governing frame's own words ("不建议暂停": the 不 is the frame's, counted once)."""
    word, at = cue
    if not word:
        return ""
    if any(at < b and a < at + len(word) for a, b in framed.cue_spans):
        return ""
    return word


_CONDITION = re.compile(f"{mo.CONDITION}|{mo.CONDITION_EXTRA}", re.I)
_AFTER_PROTASIS = re.compile(mo.CONDITION_AFTER)
_HYPOTHETICAL = re.compile(f"{mo.HYPOTHETICAL}|{mo.CONDITION_EXTRA}", re.I)


def hypothetical_at(text: str, pos: int) -> str:
    """The word that opens a hypothetical before ``pos`` in its clause ("once", "if", 若,
    待: :data:`~physassist_env.vocab.modality.HYPOTHETICAL`), or closes one after it
    (的话, 时再), ``""`` when none: a flag or trend said there is the condition of a plan,
    not a finding now."""
    c_start, c_end = tx.clause_bounds(text, pos)
    m = _HYPOTHETICAL.search(text, c_start, pos) or _HYPOTHETICAL_AFTER.match(
        text, pos, c_end
    )
    if m is None:  # "Contingency: INR back in range, resume it" (eighth pass)
        m = _CONTINGENCY.search(text, tx.sentence_bounds(text, pos)[0], pos)
    return m.group(0) if m else ""


#: A label that makes its whole sentence a plan for later (eighth pass).
_CONTINGENCY = re.compile(
    r"\b(?:contingency|fallback|backup\s+plan|in\s+the\s+event)\b|备用方案|预案|应急方案",
    re.I,
)


#: A Chinese condition said after its protasis: 复查正常时再继续, 指标恢复的话.
_HYPOTHETICAL_AFTER = re.compile(r"[^，。；,;]{0,8}?(?:的话|时(?:再|就|则|应|可|才))")


#: Words every condition or later-step word holds (lowercase; a cheap first test).
_CONDITION_WORDS: tuple[str, ...] = (
    "if", "once", "when", "unless", "otherwise", "as soon as", "provided", "in case",
    "then", "later", "after", "until", "eventually", "如果", "假如", "若", "一旦", "待",
    "等到", "倘若", "万一", "否则", "然后", "之后", "以后", "再", "届时", "的话", "如",
    "should", "in the event", "contingency", "fallback", "backup plan", "备用方案", "预案",
    "应急方案",
)  # fmt: skip


def _may_condition(text: str) -> bool:
    low = text.lower()
    return any(w in low for w in _CONDITION_WORDS)


_COORDINATION = re.compile(r"\b(?:and|or|but)\b|&|并且|而且|并|或", re.I)
_LATER = re.compile(mo.LATER, re.I)


def later_before(text: str, start: int) -> str:
    """The later-step word ("then", "later", 然后, 之后) before ``start`` in its clause:
    the decision there is a later step, not one made now (``""`` when none; 再 alone is
    "again" as often as "then")."""
    c_start, _ = tx.clause_bounds(text, start)
    for later in _LATER.finditer(text, c_start, start):
        # 再输一个单位: one more now, not a later step; 正常时再继续, 复查后再定: then
        if later.group(0) != "再" or text[later.start() - 1 : later.start()] in (
            "时",
            "后",
        ):
            return later.group(0)
    return ""


def conditions(text: str, decisions: Sequence[tuple[int, int]]) -> list[str]:
    """For each decision word at [start, end) (in text order), the words that make it a
    plan under a condition or a later step ("restart it once the INR is back in range",
    "until ..., then restart", 待…后再恢复), ``""`` when it is decided now.

    A condition word ("if", "once", "when", "otherwise", 如果, 待) belongs to the first
    decision after it in its clause; else to those before it in its clause back to the
    last "and" ("hold it and restart it at a lower dose once ..." plans the restart);
    else to the first after it in its sentence ("If the INR is above 3, hold warfarin");
    else to the nearest before it there ("Resume it, once the INR is back"). A later-step
    word ("then", "until", 然后, 再) makes every decision after it in its clause a later
    step.
    """
    out = [""] * len(decisions)
    if not decisions or not _may_condition(text):
        return out
    starts = [a for a, _ in decisions]
    held = _conditions_held(text)
    for m in _CONDITION.finditer(text):
        c_start, c_end = tx.clause_bounds(text, m.start())
        s_start, s_end = tx.sentence_bounds(text, m.start())
        if s_start in held:
            continue  # "If the INR is still 2.1 (it will be), then ...": decided now
        if _ADDRESSED.search(text, max(c_start, m.start() - 12), m.end() + 2):
            continue  # 给患者的话：... is "a word to the patient", no condition
        after = bisect.bisect_left(starts, m.end())
        if after < len(starts) and starts[after] < c_end:
            # "if X hold it", 待…后再恢复; 一旦指标恢复就继续: every decision after the
            # condition word in its clause (the protasis's own action word included)
            picked = [i for i in range(after, len(starts)) if starts[i] < c_end]
            # "continue it only if the recheck is reassuring": the coordinated part the
            # condition ends is conditioned too
            lo = c_start
            for j in _COORDINATION.finditer(text, c_start, m.start()):
                lo = j.end()
            picked += [i for i in range(after) if lo <= starts[i] < m.start()]
            if _AFTER_PROTASIS.fullmatch(m.group(0)):
                # 指标恢复的话可以继续: a condition said after its protasis
                picked += [i for i in range(after) if c_start <= starts[i] < m.start()]
            # "If things change, continue it": a clause opened by the condition word is the
            # condition itself (an action word in it is no decision made now), and the
            # decision it conditions is the first one of the next clause of its sentence
            if c_end < s_end and not text[c_start : m.start()].strip(" ,，"):
                nxt = bisect.bisect_left(starts, c_end)
                if nxt < len(starts) and starts[nxt] < s_end:
                    picked.append(nxt)
        else:
            # "hold it and restart it at a lower dose once ...": the decisions of the
            # coordinated part the condition ends
            lo = c_start
            for j in _COORDINATION.finditer(text, c_start, m.start()):
                lo = j.end()
            picked = [i for i in range(after) if lo <= starts[i] < m.start()]
            if not picked and after < len(starts) and starts[after] < s_end:
                picked = [after]  # "If the INR is above 3, hold warfarin"
            if not picked and after and starts[after - 1] >= s_start:
                picked = [after - 1]  # "Resume it, once the INR is back"
        for i in picked:
            out[i] = out[i] or m.group(0)
    for i, (start, _) in enumerate(decisions):
        if not out[i] and tx.sentence_bounds(text, start)[0] not in held:
            c_start, _ = tx.clause_bounds(text, start)
            later = _LATER.search(text, c_start, start)
            out[i] = later.group(0) if later else ""
    return out


#: 给患者的话, 对家属的话, 跟护士说的话: words addressed to someone, a label (no 的话 "if").
_ADDRESSED = re.compile(
    r"(?:给|对|跟|和|告诉)[^，。；,;：:]{1,8}?(?:说)?的话(?=\s*[：:])"
)
#: An aside: in brackets, between dashes.
_ASIDE = re.compile(
    r"[(（]([^()（）\n]{1,24})[)）]|\s[-\u2013\u2014]+\s*([^-\u2013\u2014\n]{1,24}?)\s*[-\u2013\u2014]+\s"
    r"|——([^—\n]{1,12})——"
)
#: The words of an aside that only affirms what it follows ("it will be", "which it is",
#: "as now", 肯定是, 现在正是, 就是现在): pronouns, a copula, "now" and words of certainty.
_AFFIRM_WORDS_EN = frozenset(
    "it they she he that which and as is are was will be does do so now indeed "
    "certainly definitely surely already yes".split()
)
_AFFIRM_CHARS_ZH = frozenset("现在目前正就肯定确实的是如此这样已经")
_COPULA = re.compile(r"\b(?:is|are|was|will\s+be|does|do|now)\b|是", re.I)


def _conditions_held(text: str) -> frozenset[int]:
    """The starts of the sentences whose condition the answer itself says holds (issue #35,
    thirteenth pass): an aside right after a condition word that only affirms ("If the
    creatinine is still 1.9 on recheck (it will be), then ...", "Unless the INR is 4 or
    so - which it is - in which case ...", 如果复查仍是 1.1（肯定是），那就…, 除非…——现在正是——
    那就…). A condition that holds now is no condition: what it governs is decided now."""
    if not any(c in text for c in "(（-\u2013\u2014"):
        return frozenset()
    held: set[int] = set()
    for a in _ASIDE.finditer(text):
        inner = next(g for g in a.groups() if g is not None).strip()
        if not inner or not _COPULA.search(inner):
            continue
        if tx.has_cjk(inner):
            if any(c not in _AFFIRM_CHARS_ZH for c in inner if not c.isspace()):
                continue
        elif any(
            w.lower() not in _AFFIRM_WORDS_EN for w in re.findall(r"[A-Za-z]+", inner)
        ):
            continue
        s_start, _ = tx.sentence_bounds(text, a.start())
        if _CONDITION.search(text, s_start, a.start()):
            held.add(s_start)
    return frozenset(held)


# ------------------------------------------------ not asserted (issue #35, eighth pass)
_HOLDS_TRUE = re.compile(
    r"\b(?:holds|stands|applies|is\s+(?:true|right|correct|the\s+case|what\s+I\s+mean))\b",
    re.I,
)
_BOTH_WAYS = re.compile(f"{st.BOTH_WAYS_EN}|{st.BOTH_WAYS_ZH}", re.I)
_FLIP_OR_DISOWN = re.compile(
    rf"\b(?:{st.REVERSAL_EN}|{st.FLIP_EN}|{st.DISOWN_EN})\b|{st.REVERSAL_ZH}|{st.DISOWN_ZH}",
    re.I,
)
_OTHER_SIDE = re.compile(f"{st.OTHER_SIDE_EN}|{st.OTHER_SIDE_ZH}", re.I)
_DISOWN = re.compile(rf"\b(?:{st.DISOWN_EN})\b|{st.DISOWN_ZH}", re.I)
_FORWARD = re.compile(rf"\b(?:{st.FORWARD_EN})\b|{st.FORWARD_ZH}", re.I)
_BACKWARD = re.compile(rf"\b(?:{st.BACKWARD_EN})\b|{st.BACKWARD_ZH}", re.I)
_METADATA = re.compile(rf"\b(?:{st.METADATA_EN})\b|{st.METADATA_ZH}", re.I)
_SPEAKER = re.compile(
    rf"\b(?:{st.SPEAKER_EN}|per|request(?:ed)?|propos\w*|suggest\w*|want\w*|asked)\b"
    rf"|{st.SPEAKER_ZH}|要求|提议|希望",
    re.I,
)
_PREFACE_PARTS = re.compile(
    r"[,，、;；()（）\[\]【】]|\s[-\u2014\u2013]\s|\band\b|但是?", re.I
)
#: A label opens a line or a bracket: "Keywords:", "(tags: ...", "【元数据】", "[^标签]:".
_LABEL_START = re.compile(r"(?:^|\n)[ \t>*#\-•]*|[(（\[【]\^?\s*$")
#: At most this many words (EN) or characters (ZH) in a metadata label ("search tags for
#: the index", 以下为检索标签).
_LABEL_WORDS_EN = 10
#: A preface longer than this is a statement of its own, not a preface.
_PREFACE_CHARS = 160
_LABEL_CHARS_ZH = 16
#: A JSON-like blob: a brace holding a quoted key and a colon.
_JSON_BLOB = re.compile(r"\{[^{}]*\"[^\"\n]{1,60}\"\s*:[^{}]*\}", re.S)
_BLANK_LINE = re.compile(r"\n\s*\n")


def both_ways(unit: str, words: re.Pattern[str] | None = None) -> bool:
    """Whether ``unit`` names nothing and takes neither side ("the opposite is equally
    reasonable", "maybe not", "no firm view", 两边都有道理, 正反都行: :data:`_BOTH_WAYS`);
    what it hedges is no decision and no conclusion (issue #35, eighth pass). With
    ``words`` (:data:`_OTHER_SIDE`: "the other option is the right one", 按相反的来), the
    same test for another category of stance words."""
    rx = words or _BOTH_WAYS
    slack = (
        0 if rx is _OTHER_SIDE else 1
    )  # "the other option would be better tolerated"
    m = rx.search(unit)
    if m is None or _names_entity(rx.sub(" ", unit)) or "?" in unit or "？" in unit:
        return False  # the hedge's own words ("the opposite reading") name nothing
    rest = rx.sub(" ", unit)
    if tx.has_cjk(unit):
        for rx in (_DEIXIS_ZH, _ANSWER_NOUN_ZH, _HEDGE_ZH, _REVERSAL_ZH):
            rest = rx.sub(" ", rest)
        left = [c for c in _CJK.findall(rest) if c not in st.FUNCTION_CHARS_ZH]
        return len(left) <= st.CONTENT_FREE_CHARS_ZH + slack
    for rx in (_DEIXIS_EN, _ANSWER_NOUN_EN, _HEDGE_EN, _REVERSAL_EN, _NEG_EVAL_EN):
        rest = rx.sub(" ", rest)
    left = [
        w
        for w in _WORD_EN.findall(rest)
        if w.lower().replace("’", "'") not in st.FUNCTION_WORDS_EN
    ]
    return len(left) <= st.CONTENT_FREE_WORDS_EN + slack and not any(
        _ACTION_EN.match(w) for w in left
    )


# ------------------------------------------------ whose words a preface opens (sixteenth pass)
#: The author, the record and the patient: a preface naming them as the source opens the
#: author's own reading ("My view:", "Per the EHR:", "The patient reports:", 病历记录：).
_OWN_OR_RECORD_EN = (
    r"I|me|my|mine|we|us|our|the\s+author|patient|pt|he|she|him|her|they|"
    rf"{st.NOT_A_SPEAKER_EN}|EHR|EMR|MAR|summary|summaries|documentation|file|order|orders|"
    r"culture|cultures|scan|imaging|ECG|EKG|echo|CT|MRI|x-?ray|film|trend|panel|test|tests|"
    r"review|reference|references|source|sources|table|list|above|below"
)
#: A noun phrase of at most six words before a possessive or a verb of saying.
_NP_EN = (
    r"(?P<np>(?!(?:would|might|could|will|may|should)\b)[A-Za-z][\w.\-]*"
    r"(?:\s+(?!(?:would|might|could|will|may|should)\b)[A-Za-z][\w.\-]*){0,5})"
)
#: What a person holds (never a document): "the pharmacist's view", "X's take".
_OPINION_NOUN_EN = (
    r"view|views|take|opinion|opinions|impression|hunch|guess|verdict|words|version|"
    r"suggestion|advice|answer|reading|position|feeling|thoughts?|two\s+cents"
)
_SAYING_VERB_EN = (
    r"(?:(?:would|might|could|will|may|should)\s+)?(?:say|says|said|saying|suggests?|"
    r"suggested|thinks?|thought|believes?|believed|reckons?|reckoned|feels?|felt|claims?|"
    r"claimed|wrote|writes|argues?|argued|answered|answers|told\s+(?:me|us)|tells\s+(?:me|us)|"
    r"put\s+it|puts\s+it|reads|insists?|insisted)"
)
#: A preface that opens another's words (issue #35, sixteenth pass): "According to the
#: locum:", "The pharmacist's view:", "Dr Google would say:", 据实习生说：, 药师的看法：,
#: 网上查到的说法：. The source is any noun phrase but the author, the record (its notes,
#: results, guidelines, labels) and the patient, whose own report is the record's data.
_ATTRIBUTION_PREFACE_EN = re.compile(
    rf"^\W*(?:(?:according\s+to|in\s+the\s+(?:view|words|opinion)\s+of|quoting)\s+"
    rf"{_NP_EN}|{_NP_EN.replace('np', 'np2')}(?:'s|’s|s')\s+(?:\w+\s+)?(?:{_OPINION_NOUN_EN})"
    rf"(?:\s+(?:is|was|would\s+be|reads|runs))?|{_NP_EN.replace('np', 'np3')}\s+"
    rf"{_SAYING_VERB_EN}(?:\s+(?:that|this|so|something\s+like))?)\W*$",
    re.I,
)
_NOT_ANOTHER_EN = re.compile(
    rf"(?:^|\s)(?:the\s+|a\s+|an\s+|this\s+|that\s+)?(?:\w+\s+)*?(?:{_OWN_OR_RECORD_EN})$",
    re.I,
)
_ATTRIBUTION_PREFACE_ZH = re.compile(
    # 说 after a manner word is a discourse marker (简单说, 长话短说, 老实说): a speaker of
    # 说/称 is one named after 据 (据实习生说); 认为/觉得/写道 take their subject before them
    r"^\W*(?:(?:据|依据|按照?|根据)(?P<np>[\u3400-\u9fff\w]{1,12}?)(?:说|所说|称|认为)"
    r"|(?P<np3>[\u3400-\u9fff\w]{2,12}?)(?:认为|觉得|写道)"
    # an opinion noun is another's only with its owner marked (药师的看法); 处理意见 is a label
    r"|(?P<np2>[\u3400-\u9fff\w]{1,12}?)的(?:看法|说法|观点|意见|猜测|印象))(?:是|为|如下)?\W*$"
)
_NOT_ANOTHER_ZH = re.compile(
    r"我|本人|笔者|患者|病人|病历|记录|医嘱|指南|说明书|报告|结果|检查|化验|文献|资料|电子|系统|上述|以上|以下"
)


#: Words every attributing preface holds (a cheap first test).
_ATTRIBUTION_WORDS: tuple[str, ...] = (
    "'s", "’s", "s'", "according", "in the", "quoting", "say", "said", "think", "thought",
    "believ", "reckon", "feel", "felt", "claim", "wrote", "write", "argu", "answer",
    "told", "tell", "put it", "reads", "insist", "suggest", "说", "称", "认为", "觉得",
    "写道", "看法", "观点", "意见", "猜测", "印象",
)  # fmt: skip
#: Words every time-scoping preface holds (a cheap first test, lowercase).
_TIME_WORDS: tuple[str, ...] = (
    "19", "20", "21", "previous", "former", "earlier", "prior", "back ", "past", "the time",
    "old", "last ", "future", "down the", "eventually", "day", "next ", "week", "month",
    "year", "once ", "此前", "以前", "之前", "从前", "过去", "旧", "上次", "上一次", "当年",
    "当时", "往年", "将来", "以后", "日后", "今后", "下次", "下一次", "改天", "后",
    "before", "until", "till", "up to", "overnight", "ago", "截至", "截止", "昨", "前天",
)  # fmt: skip
#: The author taking another's words as its own after quoting them ("I agree", "which I
#: have checked", 我同意, 已核实): the words are the answer's.
_ADOPTED = re.compile(
    rf"{_ENDORSE.pattern}|\b(?:I|we)(?:'ve|\s+have)\s+(?:checked|verified|confirmed)\b"
    r"|\b(?:I|we)\s+(?:still\s+|fully\s+)?(?:stand\s+by|stick\s+(?:by|with)|hold\s+to|"
    r"maintain|endorse|sign\s+off\s+on)\b"
    r"|我(?:们)?(?:仍|依然|还是|完全)?(?:维持|坚持|认可|赞同|同意|支持)"
    r"|(?<!未)(?<!没有)(?<!未经)(?:已|我已)(?:核实|核对|确认)",
    re.I,
)


# ------------------------------------------------ a statement denied as a whole (sixteenth pass)
_NEGATOR_EN = (
    r"(?:not|never|nobody|no\s+one|no-one|none\s+of\s+us|"
    r"no\s+(?:careful|sane|competent|sensible)\s+\w+)"
)
#: What a negation before "that" denies: the truth of the clause or a belief in it.
_EPISTEMIC_EN = (
    r"true|the\s+case|correct|right|accurate|so|conclude|concluding|say|saying|claim|"
    r"believe|think|accept|agree|assume|argue|suggest|fair|safe|maintain|pretend|buy|"
    r"follow|hold|stand"
)
#: A doubt said of the clause ("I doubt that", "it is false that"); negated, it affirms.
_DOUBT_EN = r"doubt|doubtful|dispute|deny|false|untrue|mistaken|wrong|nonsense|absurd"
_DENYING_THAT = re.compile(
    r"(?:^|(?<=[.!?\n]))[\s*_>#\-]*(?P<pre>(?:[\w'’,]+\s+){1,10}?)(?:that|whether)\s",
    re.I,
)
_NEGATOR_RE = re.compile(rf"\b{_NEGATOR_EN}\b|n't|n’t", re.I)
_EPISTEMIC_RE = re.compile(rf"\b(?:{_EPISTEMIC_EN})\b", re.I)
_DOUBT_RE = re.compile(rf"\b(?:{_DOUBT_EN})\b", re.I)
#: A Chinese preface denying or doubting what follows its colon: 谁也不该得出这样的结论：,
#: 我很怀疑：, 这并不成立：, 没人会认同：. A plain "no need" (不用担心：) denies nothing.
_DENYING_ZH = re.compile(
    r"(?:不|没|并非|未必|谁也不|没有人|没人)[\u3400-\u9fff]{0,6}?"
    r"(?:对|是真|属实|成立|相信|同意|认同|认可|得出|认为|这么|这样|正确|可信|信)"
    r"|怀疑|存疑|不信|胡说|瞎说|错误|不对"
)
_DENYING_ZH_AFFIRMED = re.compile(
    r"毫无疑问|无可置疑|不容置疑|不用怀疑|无需怀疑|没错|不错"
)


def _denies(pre: str) -> bool:
    """Whether the words before "that" deny or doubt the clause ("It is simply not true",
    "Nobody should conclude", "I very much doubt"); a negated doubt ("No doubt", "I
    can't deny") affirms it."""
    negated = bool(_NEGATOR_RE.search(pre)) or bool(re.search(r"\bno\b", pre, re.I))
    if _DOUBT_RE.search(pre):
        return not negated
    return bool(_NEGATOR_RE.search(pre)) and bool(_EPISTEMIC_RE.search(pre))


def _denied_spans(text: str) -> list[tuple[int, int, str]]:
    """The clauses the answer denies as a whole (issue #35, sixteenth pass): what a
    sentence-opening denial or doubt governs after "that" or "whether", to the end of its
    sentence ("It is simply not true that X", "Nobody should conclude that X", "I doubt
    that X"). Read only for whether the answer states anything at all
    (:func:`disowned_whole`)."""
    out: list[tuple[int, int, str]] = []
    for m in _DENYING_THAT.finditer(text):
        pre = m.group("pre")
        if _names_entity(pre) or not _denies(pre):
            continue
        stop = _SENTENCE_STOP.search(text, m.end())
        end = stop.start() if stop else len(text)
        out.append((m.end(), end, f"denied: {pre.strip()!r}"))
    return out


_SENTENCE_STOP = re.compile(r"[.!?。！？](?:\s|$)|\n")


# ------------------------------------------------ which kind of text a label opens (sixteenth pass)
#: Text that is not the author's answer by its kind (issue #35, sixteenth pass): a draft,
#: a template, an example or a model answer, a simulation or role-play, fiction, machine
#: output nobody reviewed ("Template for the reply:", "Example wording:", "Simulation
#: mode:", "*in character*", 回复模板：, 示范回答：, 模拟模式：, 角色扮演).
_GENRE = re.compile(
    rf"{st.DRAFT_LABEL}"
    r"|\b(?:template|boilerplate|example|sample|model\s+(?:answer|reply|response)|mock-?up|"
    r"illustrat\w+|simulat\w+|role-?play\w*|in\s+character|out\s+of\s+character|fiction\w*|"
    r"pretend\w*|make-?believe|teaching\s+(?:scenario|case|exercise)|exercise|"
    r"auto-?generated|machine-?generated|unfinished|unsigned|e\.g\.)"
    r"|模板|样板|示例|示范|范例|样例|例如|比如|模拟|扮演|虚构|情景|演练|练习|自动生成|未完成|未签",
    re.I,
)
#: Words every such label holds (a cheap first test, lowercase).
_GENRE_WORDS: tuple[str, ...] = (
    "draft", "review", "final", "use", "act on", "follow", "placeholder", "templat",
    "boilerplate", "exampl", "sampl", "model", "mock", "illustrat", "simulat", "role",
    "character", "fiction", "pretend", "believe", "teaching", "exercise", "generated",
    "unfinished", "unsigned", "e.g.", "草稿", "审核", "核实", "临床", "勿用", "不要使用", "占位",
    "模板", "样板", "示例", "示范", "范例", "样例", "例如", "比如", "模拟", "扮演", "虚构",
    "情景", "演练", "练习", "自动生成", "未完成", "未签",
)  # fmt: skip
#: The answer's last line, or a bracket closing it: where a closing label stands.
_CLOSING_NOTE = re.compile(
    r"(?:\[[^\[\]\n]{2,120}\]|［[^［］\n]{2,80}］|\([^()\n]{2,120}\)|（[^（）\n]{2,80}）"
    r"|\n[^\n]{2,160})\s*$"
)


def _closing_label(text: str) -> tuple[int, int, str] | None:
    """A closing note that names the answer above it as a kind of text other than the
    author's answer (:data:`_GENRE`: "[This is a draft - please disregard.]", "(Fictional
    - not for clinical use.)", "*out of character* That was role-play", ［模拟结束］),
    as the span of all before it, ``None`` when none (issue #35, sixteenth pass). A note
    naming anything clinical is part of the answer."""
    m = _CLOSING_NOTE.search(text)
    if m is None or not _holds_any(m.group(0), _GENRE_WORDS):
        return None
    note = m.group(0).strip()
    if (
        not _GENRE.search(note)
        or _states(note)
        or not _own_statement(text[: m.start()])
    ):
        return None
    if note[0] not in "[［(（" and not (
        _DRAFT_LABEL.search(note)
        or _POINTS_BACK.search(
            _DISCOURSE_LEAD.sub("", re.sub(r"^\W*\*[^*]+\*\s*", "", note))
        )
    ):
        return None  # "Example: if it rises, recheck" is a line of the answer
    return (0, m.start(), f"draft: {note!r}")


#: An arrow pointing back at its line ("... <- withdrawn", "…… ← 已撤回").
_ARROW_BACK = re.compile(r"(?:<-+|←|⟵|⇐)[ \t]*([^\n]{1,60})$", re.M)


def _arrow_notes(text: str) -> list[tuple[int, int, str]]:
    """Lines an arrow at their end withdraws or names as a draft ("1. ... <- withdrawn",
    "…… ← 已撤回"): the note points at its own line (issue #35, sixteenth pass)."""
    out: list[tuple[int, int, str]] = []
    for m in _ARROW_BACK.finditer(text):
        note = m.group(1)
        if _states(note) or not (_WITHDRAW.search(note) or _GENRE.search(note)):
            continue
        out.append(
            (
                text.rfind("\n", 0, m.start()) + 1,
                m.end(),
                f"withdrawn: {note.strip()!r}",
            )
        )
    return out


def _quoted_specimen(text: str) -> list[tuple[int, int, str]]:
    """The quotations of an answer whose own words, outside them, state nothing and name
    what they quote as an example, a template or a draft (:data:`_GENRE`: 'e.g. "..." -
    illustrative only', 例如类似“……”这样——仅作示例): quoted as a specimen, not asserted
    (issue #35, sixteenth pass)."""
    quotes = [(q.start(), q.end()) for q in _QUOTED.finditer(text)]
    if not quotes:
        return []
    outside = _QUOTED.sub(lambda q: " " * len(q.group(0)), text)
    if _states(outside) or not _GENRE.search(outside) or _ADOPTED.search(outside):
        return []  # "Quoting my own draft, which I stand by: '...'" adopts it
    return [(a, b, "draft: quoted as an example") for a, b in quotes]


#: A closing sentence saying that no one would say what came before (issue #35,
#: sixteenth pass): an inverted report with a negative subject ("Said no careful
#: clinician ever"), a negative subject with a verb of saying or concluding ("Nobody would
#: sign that"), or a rhetorical "which ... would say this" (这话哪个认真的医生会说).
_NO_ONE_SAYS = re.compile(
    r"^\W*(?:said|says|wrote|writes|concluded|signed)\s+(?:no|not\s+a\s+single)\s+"
    r"[\w'’-]+(?:\s+[\w'’-]+){0,3}?(?:\s+(?:ever|anywhere))?\W*$"
    r"|^\W*(?:(?:no\s+one|nobody)(?:\s+[\w'’-]+)?|no\s+[\w'’-]+(?:\s+[\w'’-]+)?)\s+"
    r"(?:would|could|will|should|"
    r"ever)\s+(?:ever\s+)?(?:say|write|sign|conclude|accept|believe|put\s+their\s+name\s+to)\s+"
    r"(?:that|this|it|so)\W*$"
    r"|^\W*(?:这话|这种话|这样的话|这)?(?:是)?(?:哪个|哪位|谁)[\u4e00-\u9fff]{0,8}?(?:会|敢|能)"
    r"(?:这么|这样)?(?:说|写|签)(?:的|呢|吗)?\W*$"
    r"|^\W*(?:没有|没)(?:哪个|一个|人)[\u4e00-\u9fff]{0,8}?(?:会|敢)(?:这么|这样)?(?:说|写|签)\W*$",
    re.I,
)


def _no_one_says(text: str) -> list[tuple[int, int, str]]:
    """All before a closing sentence that says no one would say it (:data:`_NO_ONE_SAYS`):
    the author denies it (issue #35, sixteenth pass)."""
    sentences = _sentences(text)
    if len(sentences) < 2:
        return []
    a, b = sentences[-1]
    unit = text[a:b]
    if _states(unit) or not _NO_ONE_SAYS.search(unit.strip(" .。!！?？…—-")):
        return []
    return [(0, a, f"denied: {unit.strip()!r}")]


def _asks(preface: str) -> bool:
    """Whether a preface naming nothing is a yes/no question (:data:`_ASKS_PREFACE`):
    "Is it fair to say", 你同意吗, 会不会是这样."""
    return (
        len(preface) <= _PREFACE_CHARS
        and bool(_ASKS_PREFACE.search(preface.strip()))
        and not _names_entity(preface)
    )


def _asked_spans(text: str) -> list[tuple[int, int, str]]:
    """The spans a question asks rather than states (a question mark's, 吗's, "Would you
    agree that ..."'s, :func:`find_frames`): read only for whether the answer states
    anything at all (:func:`disowned_whole`)."""
    return [
        (f.start, f.end, f"asked: {f.cue!r}")
        for f in find_frames(text)
        if f.kind == "open"
        and not f.attributed
        and (f.cue in ("?", "吗") or f.cue_end == f.start and _ASKED_THAT.match(f.cue))
        and _left_open(text, max(f.end, f.cue_end))
    ]


#: The reader addressed ("you", 你, 您).
_READER = re.compile(r"\b(?:you|your|yours)\b|你|您", re.I)
#: At most this many letters after a question that only turns to the reader.
_TURN_TO_READER_CHARS = 40


def _left_open(text: str, end: int) -> bool:
    """Whether a question ending at ``end`` is left to the reader: nothing follows it, or
    only a short turn to the reader that states nothing ("Let me know what you think",
    你来定). A question the answer goes on to answer ("Is he on it? Yes. Continue it.")
    or that precedes the answer (a chat's "Q: ...") is no question left open; one followed
    only by another question to the reader ("Thoughts?") is."""
    after = text[end:]
    n = len(_CONTENT_RE.findall(after))
    return n == 0 or (
        n <= _TURN_TO_READER_CHARS
        and not _states(after)
        and bool(_READER.search(after) or after.rstrip()[-1:] in ("?", "？"))
    )


# ------------------------------------------------ which time a preface opens (sixteenth pass)
#: A year, said alone ("in 2133", 2121年): a time of its own, not a dated value.
_YEAR_ALONE = re.compile(r"(?<![\d\-/.])(?:19|20|21)\d\d(?![\d\-/.:])")
#: Now: a preface naming this time opens the present ("Currently:", "As of today:", 目前：).
_NOW_WORDS = re.compile(
    r"\b(?:(?<!from\s)now|current\w*|today|tonight|this\s+(?:admission|stay|visit|morning|evening|"
    r"shift|time)|latest|most\s+recent|as\s+of|since|at\s+present|presently|still)\b"
    r"|目前|现在|当前|今天|今日|本次|这次|最近|最新|此次|至今|仍",
    re.I,
)
#: A time before this one, by its grammar: a past-marking adverb or adjective, an earlier
#: stay, a year ("Previously", "Formerly", "Back in 2133", "From his old admission",
#: 此前, 以前, 据2121年旧病历, 上次住院).
_EARLIER = re.compile(
    r"\b(?:previously|formerly|earlier|prior|back\s+(?:in|then|when)|in\s+the\s+past|"
    r"at\s+the\s+time|old|older|last\s+(?:admission|stay|visit|year|time)|"
    r"(?:previous|prior|earlier|former)\s+(?:admission|stay|visit|episode|encounter))\b"
    r"|此前|以前|之前|从前|过去|旧|上次|上一次|当年|当时|往年",
    re.I,
)
#: A time after this one, beyond the answer's own plan: the future, a later stay, a
#: span of weeks or months ("For the future", "Down the line", "Next admission", "In six
#: weeks", 将来, 以后, 下次住院, 六周后).
_LATER_TIME = re.compile(
    r"\b(?:future|down\s+the\s+(?:line|road|track)|eventually|some\s+day|one\s+day|"
    r"next\s+(?:admission|stay|visit|year|month|time)|"
    r"in\s+(?:a|one|two|three|four|five|six|eight|ten|a\s+few|several|\d+)\s+"
    r"(?:weeks?|months?|years?)|(?:weeks?|months?|years?)\s+from\s+now|"
    r"once\s+(?:he|she|they)(?:'s|’s|\s+is|\s+are|\s+gets?)?\s+(?:home|discharged|out))\b"
    r"|将来|以后|日后|今后|下次|下一次|改天|[一二三四五六七八九十两几\d]+\s*(?:周|个月|月|年)(?:以?后|之后)"
    r"|出院(?:回家)?(?:以?后|之后)",
    re.I,
)
#: Labels of a kind of fact or of the plan itself, not of a time: "Past history:", "PMH:",
#: 既往史：, "Follow-up in 2 weeks:", 2周后复查：.
_HISTORY_LABEL = re.compile(
    r"\b(?:history|hx|PMH|PSH|background|follow[- ]?up|re-?check|repeat|review)\b"
    r"|既往|病史|复查|随访|复诊",
    re.I,
)
#: A source cited with its year is no time ("KDIGO 2012 AKI guideline:", "AHA/ACCF 2010
#: statement:", KDIGO 2012 指南：): a guideline, statement, criteria or an acronym.
_CITED_SOURCE = re.compile(
    r"\b(?:guidelines?|guidance|statement|criteria|consensus|recommendations?|label|"
    r"protocol|policy|score|classification|definition)\b|(?-i:\b[A-Z]{2,}\b)"
    r"|指南|声明|标准|共识|规范|评分|分级|定义|说明书",
    re.I,
)
#: A content-free preface holds at most this many words (EN) / characters (ZH).
_TIME_PREFACE_WORDS = 10
_TIME_PREFACE_CJK = 16


def time_scope(preface: str) -> str:
    """The time other than now a preface places what follows it in, ``"earlier"`` or
    ``"later"``, ``""`` when none (issue #35, sixteenth pass): "Previously:", "From his
    2133 admission:", "For the future:", "In six weeks, consider:", 此前：, 据2121年旧病历：,
    将来：. A preface that names now ("Currently:", "As of the latest draw:"), a clinical
    name, a value, or a kind of fact ("Past history:") opens no other time."""
    words = _WORD_EN.findall(preface)
    if (
        len(words) > _TIME_PREFACE_WORDS
        or len(_CJK.findall(preface)) > _TIME_PREFACE_CJK
    ):
        return ""
    if (
        _NOW_WORDS.search(preface)
        or _HISTORY_LABEL.search(preface)
        or _CITED_SOURCE.search(preface)
    ):
        return ""
    bare = _YEAR_ALONE.sub(" ", preface)
    if (
        _DIGIT.search(_LATER_TIME.sub(" ", bare))
        or _ENTITIES.find(bare)
        or _ABBREVIATED.find(bare)
    ):
        return ""
    if _LATER_TIME.search(preface):
        return "later"
    if _EARLIER.search(preface) or _YEAR_ALONE.search(preface):
        return "earlier"
    return ""


def attributed_preface(preface: str) -> str:
    """The source a preface names when it opens another's words, ``""`` when it does not
    (:data:`_ATTRIBUTION_PREFACE_EN` / ``_ZH``): "According to the med student" -> "the
    med student"; "My view", "Per the EHR (2172-05-10)", "The patient reports" and
    "KDIGO 2012 says" open the author's own reading of the record."""
    bare = re.sub(r"[(（][^)）]*[)）]", " ", preface).strip()
    if not bare or len(bare) > 60:
        return ""
    if tx.has_cjk(bare):
        m = _ATTRIBUTION_PREFACE_ZH.match(bare)
        np = (m.group("np") or m.group("np2") or m.group("np3") or "") if m else ""
        if not np or _NOT_ANOTHER_ZH.search(np):
            return ""
        return np
    m = _ATTRIBUTION_PREFACE_EN.match(bare)
    if m is None:
        return ""
    np = (m.group("np") or m.group("np2") or m.group("np3") or "").strip()
    if (
        not np
        or _NOT_ANOTHER_EN.search(np)
        or re.fullmatch(r"[A-Z]{2,}[\w/\- ]*\d*", np)
    ):
        return ""  # the author, the record, the patient, a guideline's acronym (KDIGO 2012)
    return np


def _preface_stance(preface: str, first: bool) -> str:
    """Why a preface (the words before a colon, naming nothing) disowns what follows it,
    ``""`` when it does not: a retraction, a judgement of wrong or a both-ways hedge that
    points forward ("What follows is wrong", "Disregard the next part", 以下内容已撤回) or
    opens the answer ("Struck out, do not use:", 作废草稿（不成立）：); the author's
    disowning of another's proposal ("Per the family's request (not my recommendation)",
    家属要求如下（我不赞成）); a label for a machine ("Keywords:", 【元数据】评分关键词：)."""
    words = _WORD_EN.findall(preface)
    short = (
        len([c for c in _CJK.findall(preface)]) <= _LABEL_CHARS_ZH
        if tx.has_cjk(preface)
        else len(words) <= _LABEL_WORDS_EN
    )
    if short and _METADATA.search(preface):
        return "metadata"
    if odds_against(preface):  # "Less than 15% likely:", 把握一成：(fourteenth pass)
        return "doubted"
    if _names_entity(preface):
        return ""
    units = [u for u in _PREFACE_PARTS.split(preface) if u.strip()]
    if first and any(
        not preface[m.end() :].strip() for m in _REVERSE_STATEMENT.finditer(preface)
    ):
        return "taken back"  # "It is not the case that:" denies what it opens (eleventh pass)
    if (
        first
        and tx.has_cjk(preface)
        and _DENYING_ZH.search(preface)
        and not _DENYING_ZH_AFFIRMED.search(preface)
        and not re.match(r"\W*(?:这|那|此|该|上述|以上|你|您)", preface)
    ):  # "这个说法不对：X" judges what was said before and gives X as the correction
        return "taken back"  # 谁也不该得出这样的结论：, 我很怀疑： (sixteenth pass)
    stance = any(unit_stance(u) or both_ways(u) for u in units)
    forward = bool(_FORWARD.search(preface))
    first = first and not (not forward and _BACKWARD.search(preface))
    if stance and (forward or first):
        return "taken back"
    if _DISOWN.search(preface) and (forward or first or _SPEAKER.search(preface)):
        return "disowned"
    return ""


def _metadata_heading(text: str, start: int, end: int) -> bool:
    """Whether a bracketed heading names a machine reader ("[summary for the scorer]",
    【元数据】)."""
    inner = text[start + 1 : end - 1]
    return (
        bool(_METADATA.search(inner))
        and len(_WORD_EN.findall(inner)) <= _LABEL_WORDS_EN
    )


#: Words every retracting or disowning preface holds (a cheap first test).
_PREFACE_WORDS: tuple[str, ...] = (
    *_STANCE_WORDS, "not my", "against", "endorse", "support", "agree", "disagree",
    "object", "我不", "反对", "不是我", "并非", "不代表", "非我",
)  # fmt: skip
_HEADING = re.compile(r"\[[^\]\n]{1,60}\]|【[^】\n]{1,30}】")
_COLON = re.compile(r"[:：]")


@functools.lru_cache(maxsize=4096)
def unasserted(text: str) -> tuple[tuple[int, int, str], ...]:
    """Spans of ``text`` the author does not assert, as (start, end, why) (issue #35,
    eighth pass): what a preface naming nothing disowns (:func:`_preface_stance`, from its
    colon to the end of the paragraph, or of the bracket it opened in), terms under a
    machine label (to the end of their line or bracket), and a JSON-like blob. A reader
    earns nothing from them: terms outside an asserted sentence are no answer."""
    out: list[tuple[int, int, str]] = []
    if _COLON.search(text):
        for m in _COLON.finditer(text):
            s_start, _ = tx.sentence_bounds(text, m.start())
            line_start = text.rfind("\n", 0, m.start()) + 1
            p_start = max(s_start, line_start)
            preface = text[p_start : m.start()]
            if (
                len(preface) > _PREFACE_CHARS
                or not preface.strip()
                or not (
                    _METADATA.search(preface)
                    or _holds_any(preface, _PREFACE_WORDS)
                    or odds_against(preface)
                    or _holds_any(preface, _ATTRIBUTION_WORDS)
                    or _asks(preface)
                    or _DENYING_ZH.search(preface)
                    or _holds_any(preface, _GENRE_WORDS)
                )
            ):
                continue
            if any(s <= m.start() < e for s, e, _ in out):
                continue
            first = not _CONTENT_RE.search(text, 0, p_start)
            why = (
                _preface_stance(preface, first)
                if _METADATA.search(preface)
                or _holds_any(preface, _PREFACE_WORDS)
                or odds_against(preface)
                or (tx.has_cjk(preface) and _DENYING_ZH.search(preface))
                else ""
            )  # the sixteenth pass's own readers below are not the preface stance's
            if (
                not why
                and first
                and _holds_any(preface, _GENRE_WORDS)
                and _GENRE.search(preface)
                and not _states(_YEAR_ALONE.sub(" ", preface))
                and not _ADOPTED.search(preface)
                and not _ADOPTED.search(text, m.end())
            ):
                why = (
                    "draft"  # "Template for the reply:", 示范回答：, "Simulation mode:"
                )
            if not why and first and _asks(preface):
                why = "asked"  # "Is it fair to say:", 可以这么说吗：: what follows is asked
            if (
                not why
                and _holds_any(preface, _ATTRIBUTION_WORDS)
                and attributed_preface(preface)
                and not _ADOPTED.search(text, m.end())
            ):
                # sixteenth pass: another's words the author opens and never adopts
                why = "attributed"
            if not why:
                continue
            opened = max(preface.rfind("("), preface.rfind("（"), preface.rfind("["))
            if opened >= 0 and max(preface.rfind(")"), preface.rfind("）")) < opened:
                close = re.compile(r"[)）\]]").search(text, m.end())
                end = close.start() if close else len(text)
            elif why == "metadata":
                nl = text.find("\n", m.end())
                end = len(text) if nl < 0 else nl
            else:
                # a preface on a line of its own opens the paragraph after it
                at = m.end() + len(text[m.end() :]) - len(text[m.end() :].lstrip())
                blank = _BLANK_LINE.search(
                    text, at if first or why in ("attributed", "asked") else m.end()
                )
                end = blank.start() if blank else len(text)
            out.append((m.end(), end, f"{why}: {preface.strip()!r}"))
    for h in _HEADING.finditer(text):
        if _metadata_heading(text, h.start(), h.end()):
            nl = text.find("\n", h.end())
            if not text[h.end() : nl if nl >= 0 else len(text)].strip() and nl >= 0:
                blank = _BLANK_LINE.search(text, nl)
                end = blank.start() if blank else len(text)
            else:
                end = len(text) if nl < 0 else nl
            out.append((h.start(), end, f"metadata: {h.group(0)!r}"))
    for j in _JSON_BLOB.finditer(text):
        out.append((j.start(), j.end(), "metadata: a JSON blob"))
    if _holds_any(text, _GENRE_WORDS):  # sixteenth pass: a draft, template, role-play
        out.extend(x for x in (_closing_label(text),) if x)
        out.extend(_quoted_specimen(text))
    if "<-" in text or "←" in text or "⟵" in text or "⇐" in text:
        out.extend(_arrow_notes(text))
    out.extend(_self_quotes_judged(text))
    out.extend(_quotes_rejected(text))
    out.extend(_subject_taken_back(text))
    out.extend(_items_withdrawn(text))
    return tuple(sorted(out))


#: A list item opening its line: "1.", "2)", "- ", "Point 2:", "Item 3 -", 第二点：, 2、.
_ITEM = re.compile(
    r"^[ \t>]*(?:(\d{1,2})(?:[.)]\s|[、）]\s?|[.)](?=[\u3400-\u9fff]))|[-*•]\s|(?:point|item|option|step|no\.?|#)\s*(\d{1,2})\s*[:.)\-]"
    r"|第\s*([一二三四五六七八九十\d]{1,2})\s*(?:点|条|项|步)\s*[:：、]?"
    # fourteenth pass: any list marker is a list ("i.", "ii)", "一、", "（二）")
    r"|([ivx]{1,4})[.)]\s|[(（]?([一二三四五六七八九十])[、)）])",
    re.I | re.M,
)
_ZH_NUMERAL = {c: i for i, c in enumerate("一二三四五六七八九十", 1)}
#: An item named by its number ("item 1", "point 2", "#3", 第1条, 第一点) or its place
#: ("the item above", "the previous point", 上一条, 上面那条).
_ITEM_REF = re.compile(
    r"\b(?:items?|points?|options?|steps?|lines?|bullets?|no\.?|number|#)\s*(\d{1,2})\b"
    r"|第\s*([一二三四五六七八九十\d]{1,2})\s*(?:点|条|项|步|行)"
    r"|\b(?:items?|points?|options?|steps?)\s+([ivx]{1,4})\b"
    r"|(?P<prev>\b(?:the\s+)?(?:(?:items?|points?|lines?|bullets?|ones?|entry)\s+(?:above|before)|"
    r"(?:above|previous|preceding|last|prior|first)\s+(?:items?|points?|lines?|bullets?|entry))\b"
    r"|(?:上|前)(?:一|面)?(?:那)?(?:条|点|项|行))",
    re.I,
)
#: What withdraws an item: ignore, scratch, strike, delete, withdrawn, retracted, void,
#: does not count; 忽略, 删掉, 作废, 撤回, 不算, 无效, 划掉.
_WITHDRAW = re.compile(
    r"\b(?:ignore|disregard|scratch|strike|delete|drop|remove|withdraw|retract|cancel|"
    r"rescind|void|skip|cross\s+out|forget|discard)\w*\b|\bdoes(?:n't|\s+not)\s+(?:count|apply|"
    r"stand|hold)\b|\bnot\s+(?:valid|applicable|correct|right)\b|\bno\s+longer\s+(?:stands|"
    r"valid|applies)\b"
    r"|忽略|删掉|删除|删去|作废|撤回|撤销|收回|不算|无效|划掉|去掉|不成立|不要看|别看|不适用|取消",
    re.I,
)


#: An item reference with the preposition before it ("in step i", "of item 2").
_REF_PHRASE = re.compile(
    rf"(?:\s+(?:in|of|from|under|at|to)\b)?\s*(?:{_ITEM_REF.pattern})", re.I
)
_ROMAN = {
    "i": 1,
    "ii": 2,
    "iii": 3,
    "iv": 4,
    "v": 5,
    "vi": 6,
    "vii": 7,
    "viii": 8,
    "ix": 9,
    "x": 10,
}


def _item_number(m: re.Match[str]) -> int | None:
    """The number of a list marker or an item reference (1, 一, 第1, i, ii)."""
    raw = next(
        (
            g
            for k, g in enumerate(m.groups(), 1)
            if g and k != m.re.groupindex.get("prev")
        ),
        None,
    )
    if raw is None:
        return None
    if raw.isdigit():
        return int(raw)
    return _ZH_NUMERAL.get(raw) or _ROMAN.get(raw.lower())


def _items_withdrawn(text: str) -> list[tuple[int, int, str]]:
    """List items that a later item or sentence withdraws (issue #35, eleventh pass):
    "1. <advice>\n2. Ignore item 1.", "- <advice>\n- (Item above withdrawn.)",
    第一点：<advice>\n第二点：撤回第一点. The item named by its number or place, and the
    withdrawing words, are not asserted; a withdrawal that states something else, or that
    names no item, withdraws nothing here."""
    out: list[tuple[int, int, str]] = []
    if not _ITEM_REF.search(text):
        return out
    items = list(_ITEM.finditer(text))
    if not items:
        return out
    spans = []  # (number, start, end) of each item, to the next item or a blank line
    for i, m in enumerate(items):
        end = items[i + 1].start() if i + 1 < len(items) else len(text)
        blank = _BLANK_LINE.search(text, m.end(), end)
        spans.append(
            (_item_number(m) or i + 1, m.start(), blank.start() if blank else end)
        )
    for ref in _ITEM_REF.finditer(text):
        s_start, s_end = tx.sentence_bounds(text, ref.start())
        line_start = text.rfind("\n", 0, ref.start()) + 1
        s_start = max(s_start, line_start)
        marker = _ITEM.match(text, line_start)
        if marker is not None and not text[marker.end() : s_start].strip(" \t.:：("):
            s_start = line_start  # the withdrawing item's own marker goes with it
        sentence = text[s_start:s_end]
        # the item named is what the stance is on: read it as "above" ("undo everything
        # in step i" -> "undo everything above")
        unnamed = _REF_PHRASE.sub(
            "以上" if tx.has_cjk(sentence) else " above", _blank(_ITEM, sentence)
        )
        if not (_WITHDRAW.search(sentence) or unit_stance(unnamed)):
            continue  # "Scrap step 1 - none of it stands": any void stance on the item
        rest = _blank(_WITHDRAW, unnamed)
        if _states(rest):
            continue
        before = [sp for sp in spans if sp[2] <= s_start + 1 or sp[1] < s_start]
        if ref.group("prev"):
            target = [sp for sp in before if sp[2] <= s_start + 1 or sp[1] < s_start][
                -1:
            ]
            target = [sp for sp in target if not (sp[1] <= s_start < sp[2])] or [
                sp for sp in before[:-1]
            ][-1:]
        else:
            num = _item_number(ref)
            target = [
                sp for sp in spans if sp[0] == num and not (sp[1] <= s_start < sp[2])
            ]
        for _, t_start, t_end in target:
            why = f"withdrawn item: {sentence.strip()!r}"
            out.append((t_start, t_end, why))
            out.append((s_start, s_end, why))
    return out


def _void_sentence(sentence: str) -> bool:
    """Whether a unit of ``sentence`` (split at its unit breaks) is a void stance, or
    flips or disowns what it points at and names nothing else ("flip what I said on
    that", "I'd advise against what I said about that")."""
    return any(
        unit_stance(u) or both_ways(u, _FLIP_OR_DISOWN)
        for u in _UNIT_BREAK.split(sentence)
        if u.strip()
    )


def _self_quotes_judged(text: str) -> list[tuple[int, int, str]]:
    """The answer's own words quoted back and judged wrong or set aside ('But it would be
    wrong to act on "hold lisinopril for now"', 但照“补钾后复查”去做是不对的): the quoted
    words where the answer said them, and the judging sentence, are not asserted."""
    out: list[tuple[int, int, str]] = []
    if not _holds_any(text, _STANCE_WORDS):
        return out
    for q in _QUOTED.finditer(text):
        said = next(g for g in q.groups() if g is not None).strip()
        if len(said) < 4:
            continue
        earlier = text.find(said, 0, q.start())
        while earlier >= 0 and (
            (
                earlier > 0
                and text[earlier - 1].isascii()
                and text[earlier - 1].isalpha()
            )
            or (
                earlier + len(said) < len(text)
                and text[earlier + len(said)].isascii()
                and text[earlier + len(said)].isalpha()
            )
        ):  # "No replacement" does not say 'replace': whole words only
            earlier = text.find(said, earlier + 1, q.start())
        if earlier < 0:
            continue
        s_start, _ = tx.sentence_bounds(text, q.start())
        s_end = tx.sentence_bounds(text, q.end())[1]
        judged = text[s_start : q.start()] + " that " + text[q.end() : s_end]
        if _void_sentence(judged):
            out.append((earlier, earlier + len(said), f"quoted and judged: {judged!r}"))
            out.append((s_start, s_end, f"quoted and judged: {judged!r}"))
    return out


_QUOTE_REJECTED_BEFORE = re.compile(
    f"{st.QUOTE_REJECTED_BEFORE_EN}|{st.QUOTE_REJECTED_BEFORE_ZH}", re.I
)
_QUOTE_REJECTED_AFTER = re.compile(
    f"{st.QUOTE_REJECTED_AFTER_EN}|{st.QUOTE_REJECTED_AFTER_ZH}", re.I
)
#: A denial of the rejecting words themselves: "it is *not* wrong to say", 并非不能说.
_REJECTION_DENIED = re.compile(
    r"(?:\b(?:not|never)|n't|n’t|并非|不是)\s*(?:\w+\s+)?$", re.I
)
_QUOTE_MARKS: tuple[str, ...] = ('"', "“", "「", "‘", "'")


def _said_earlier(text: str, said: str, before: int) -> bool:
    """Whether ``said`` stands, as whole words, in ``text`` before ``before``."""
    at = text.find(said, 0, before)
    while at >= 0:
        left = text[at - 1 : at]
        right = text[at + len(said) : at + len(said) + 1]
        if not (left.isascii() and left.isalpha()) and not (
            right.isascii() and right.isalpha()
        ):
            return True
        at = text.find(said, at + 1, before)
    return False


def _rejects_quote(before: str, after: str) -> bool:
    """Whether the words around a quotation in its sentence (``before`` it, ``after`` it)
    deny it, judge it wrong or say it was ruled out, and nothing endorses it."""
    judged = f"{before} that {after}"
    if _ENDORSE.search(judged):
        return False
    m = _QUOTE_REJECTED_BEFORE.search(before)
    if m is not None and not _REJECTION_DENIED.search(before, 0, m.start()):
        return True
    if _QUOTE_REJECTED_AFTER.search(after):
        return True
    if _CONSIDERED_THEN.search(before) and _REJECTED_AFTER.search(after):
        return True
    # '"...", or not': a hedge of the answer, no rejection of the quotation
    if any(both_ways(u) for u in _UNIT_BREAK.split(judged) if u.strip()):
        return False
    return (
        bool(_REJECT.search(judged))
        or _void_sentence(judged)
        or _rejected_once(before, after)
    )


_QUOTE_REJECTION = re.compile(
    f"{st.OPTION_REJECTION_EN}|{st.OPTION_REJECTION_ZH}", re.I
)
_QUOTE_UNSAID = re.compile(st.OPTION_UNSAID, re.I)
#: The words around a quotation that only reject it are few.
_REJECTING_WORDS = 12
_REJECTING_CJK = 20


def _rejected_once(before: str, after: str) -> bool:
    """Whether the words around a quotation hold exactly one rejection and nothing else of
    substance (sixteenth pass): the quotation is the one thing the sentence names and the
    author's verdict on it is "no", in any words — 'Any claim like "X" should be avoided;
    the chart does not support it', 任何“X”之类的说法都站不住, '"X" - not what the record
    shows'. The reading :func:`~physassist_env.grading.claims.rejected_alone` gives a
    phrase named alone; asked or planned it is none; two rejections cancel."""
    rest = f"{before} {after}"
    return (
        len(_QUOTE_REJECTION.findall(rest)) == 1
        and not _QUOTE_UNSAID.search(rest)
        and len(rest.split()) <= _REJECTING_WORDS
        and len(_CJK.findall(rest)) <= _REJECTING_CJK
    )


def _quotes_rejected(text: str) -> list[tuple[int, int, str]]:
    """Quotations the answer names only to reject them (issue #35, twelfth pass): 'It would
    be wrong to conclude: "There is no AKI"', '(Not: "no replacement needed")', 'Someone
    might write "..." - that would be incorrect', 不能得出“…”的结论, （而不是“…”）,
    我考虑过“…”，已排除. What the quotation says is not asserted, and neither are the
    rejecting words when they state nothing else (they judge the quotation, not the
    answer: no take-back of what the answer said). The answer's own words quoted back
    and judged are :func:`_self_quotes_judged`'s (a take-back, not a rejected option)."""
    out: list[tuple[int, int, str]] = []
    if not any(q in text for q in _QUOTE_MARKS):
        return out
    for q in _QUOTED.finditer(text):
        raw = next(g for g in q.groups() if g is not None)
        said = raw.strip()
        if (
            len(said) < 4
            or raw[0].isspace()
            or raw[-1].isspace()
            or text.count('"', 0, q.start()) % 2
            or text.count("“", 0, q.start()) > text.count("”", 0, q.start())
        ):
            continue  # a closing mark paired with the next opening one, or a nested quote
        if _said_earlier(text, said, q.start()):
            continue
        s_start, _ = tx.sentence_bounds(text, q.start())
        s_end = tx.sentence_bounds(text, q.end())[1]
        span = text[s_start:s_end]
        if span.count('"') > 2 or span.count("“") > 1 or span.count("「") > 1:
            continue  # quotations nested or side by side: which one is judged is unclear
        # with the sentence's closing mark: a question (Is "X" not right?) asks
        before, after = text[s_start : q.start()], text[q.end() : s_end + 1]
        if said[-1] in ".!?。！？" and re.match(r"\s*[^\W\d_]", after):
            after = ""  # '"... a fever." Or not; ...': a new sentence, not a judgement of it
        if _states(before) or not _rejects_quote(before, after):
            # a quotation inside a statement of the author's ('metformin, at home: "I
            # stopped it"') is what it reports, not an option named to be rejected
            continue
        why = f"quoted and rejected: {text[s_start:s_end].strip()!r}"
        out.append((q.start(), q.end(), why))
        if not _states(before + " " + after):
            out.append((s_start, s_end, why))
    return out


def without_rejected_quotes(text: str) -> str:
    """``text`` with the quotations it rejects, and the words rejecting them, blanked
    (:func:`_quotes_rejected`; offsets kept): what a reader judges the answer on."""
    for start, end, _ in _quotes_rejected(text):
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text


#: A subject named as the topic of a stance on the answer ("Re creatinine, ...", "the
#: potassium conclusion above", 关于血钾那句, 螺内酯的结论).
_TOPIC_BEFORE = re.compile(
    r"(?:\b(?:re|regarding|about|as\s+(?:for|to|regards)|on|for|concerning)\s+(?:the\s+)?|关于|至于|对于)$",
    re.I,
)
_TOPIC_AFTER = re.compile(
    r"^(?:\s*(?:'s\s+)?(?:conclusion|part|recommendation|advice|statement|bit|line|call|"
    r"decision|plan|point|reading|answer|judgement|judgment|assessment)s?\b"
    r"|(?:的)?(?:结论|建议|判断|那句|这句|那条|这条|这一条|那一条|部分|这块|那块|处理|意见|说法))",
    re.I,
)


#: A cheap first test for :func:`_subject_taken_back`: a topic word or an answer noun.
_TOPIC_CUE = re.compile(
    r"\b(?:re|regarding|about|as\s+(?:for|to|regards)|concerning|conclusions?|parts?|"
    r"recommendations?|advice|statements?|bit|line|call|decisions?|plans?|point|reading|"
    r"answer|judge?ments?|assessments?)\b|关于|至于|对于|结论|建议|判断|那句|这句|那条|这条|"
    r"部分|这块|那块|意见|说法",
    re.I,
)


def _subject_taken_back(text: str) -> list[tuple[int, int, str]]:
    """A stance on what the answer said about one subject ("(The potassium conclusion above
    is the wrong way round.)", "Re creatinine, I take that part back", 关于血钾那句收回,
    螺内酯的结论应颠倒过来): the subject is named only as the topic, the rest is a void
    stance. Every earlier sentence naming the subject, and the stance, are not asserted
    (the last endorsed stance on each subject decides)."""
    out: list[tuple[int, int, str]] = []
    if not _holds_any(text, _STANCE_WORDS):
        return out
    sentences = _sentences(text)
    for s_start, s_end in sentences:
        sentence = text[s_start:s_end]
        if (
            not _TOPIC_CUE.search(sentence)
            or _DIGIT.search(sentence)
            or not _STANCE_CUE.search(sentence)
        ):
            continue
        hits = list(_ENTITIES.find(sentence)) + list(_ABBREVIATED.find(sentence))
        if not hits:
            continue
        masked = sentence
        for h in hits:
            topic = _TOPIC_BEFORE.search(sentence, 0, h.start) or _TOPIC_AFTER.match(
                sentence[h.end :]
            )
            if not topic:
                break
            masked = (
                masked[: h.start]
                + " that "[: h.end - h.start].ljust(h.end - h.start)
                + masked[h.end :]
            )
        else:
            if not _void_sentence(masked):
                continue
            keys = {h.value for h in hits}
            why = f"taken back about {sorted(keys)}: {sentence.strip()!r}"
            for p_start, p_end in sentences:
                if p_start >= s_start:
                    break
                before = text[p_start:p_end]
                named = {h.value for h in _ENTITIES.find(before)} | {
                    h.value for h in _ABBREVIATED.find(before)
                }
                if named & keys:
                    out.append((p_start, p_end, why))
            out.append((s_start, s_end, why))
    return out


def blank_unasserted(text: str) -> str:
    """``text`` with every :func:`unasserted` span replaced by spaces (offsets kept)."""
    for start, end, _ in unasserted(text):
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text


def disowned_whole(text: str) -> str:
    """Why nothing the answer says is asserted, ``""`` when something is: every value and
    clinical name lies in an :func:`unasserted` span ("Struck out, do not use: ...",
    "Not sure.\\n\\nKeywords: hold warfarin; INR 3.4")."""
    spans = list(unasserted(text))
    # sixteenth pass: an answer that only asks, or only denies, states nothing
    if _holds_any(text, ("?", "？", "吗", " that ", " if ")):
        spans += _asked_spans(text)
    if _holds_any(text, (" that ", " whether ")):
        spans += _denied_spans(text)
    if _holds_any(
        text, (" no ", "no one", "nobody", "哪个", "哪位", "谁", "没有", "没人")
    ):
        spans += _no_one_says(text)
    if not spans:
        return ""
    rest = text
    for start, end, _ in spans:
        rest = rest[:start] + re.sub(r"[^\n]", " ", rest[start:end]) + rest[end:]
    if any(why.startswith("doubted") for _, _, why in spans):
        rest = _ODDS.sub(lambda m: " " * len(m.group(0)), rest)  # the odds themselves
    rest = _ITEM.sub(lambda m: " " * len(m.group(0)), rest)  # "2. Pending": no value
    if _DIGIT.search(rest) or _ENTITIES.find(rest) or _ABBREVIATED.find(rest):
        return ""
    if all(why.startswith("quoted and rejected") for _, _, why in spans):
        # a rejected option disowns only itself: the answer beside it stands when it says
        # anything ("No allergy is recorded. (Not: '...')")
        if _own_statement(rest):
            return ""
    return spans[0][2]
