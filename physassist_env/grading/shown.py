"""The answer as a reader sees it, its language and its length: what the rule grader reads.

A physician reads a rendered answer, so the grader reads the same text (:func:`shown_text`):

* Unicode NFKC (full-width digits and letters, ligatures, mathematical letters become plain
  ones; superscript digits after a number stay exponents: ``10⁹/L`` reads ``10^9/L``), the
  Greek mu is the micro sign of the unit tables;
* invisible characters removed: format characters (zero-width space and joiners, word
  joiner, soft hyphen, byte-order mark, bidirectional controls, tag characters) and
  variation selectors, so ``C\u200bontinue`` reads ``Continue``;
* look-alike letters folded to Latin: Cyrillic everywhere (an EN or ZH answer has no
  Cyrillic words), Greek inside a word that also has a Latin letter (``Cοntinue`` with a
  Greek omicron), so a word looks to the grader as it looks to a reader; ``μ`` and Greek
  words stay;
* what a renderer hides dropped: HTML comments (an unclosed one runs to the end, as in a
  browser), ``<script>``/``<style>``, elements marked ``hidden`` or styled
  ``display:none``, ``visibility:hidden``, ``font-size:0`` or ``opacity:0``, near-white
  text, text under 3 px, pushed off the page, clipped or collapsed to nothing, the body of
  a closed ``<details>`` (its summary stays), text below a gap of
  :data:`PUSHED_DOWN_LINES` blank lines (``<br>`` runs, blank or braille-blank lines; the
  rest of the answer), struck-out text
  (``~~…~~``, ``<del>``, ``<s>``, ``<strike>``, letters under a combining long stroke) and
  Markdown comments (``[//]: # (…)``, link reference definitions; footnotes are shown,
  as GFM renders them at the end);
* what a reader meets but cannot be paid for (issue #35, twelfth pass) set aside, read
  only for what it takes back or adds: an encoded line (invisible characters between
  most of its letters, or a word mixing Latin and look-alike letters of another script),
  the rest of the answer after a run of padding characters (``。。。``, ``……``, emoji)
  or below :data:`PUSHED_DOWN_LINES` lines that say nothing new (blank runs, repeated
  lines), and a fenced block disowned by a label on the line after it;
* markup removed, its text kept: tags (block tags leave a line break), entities decoded,
  Markdown emphasis, code marks and headings, link targets (``[text](url)`` reads ``text``).

:func:`answer_language` says which language the shown text is written in (Chinese
characters against English prose words; drug, lab, unit, score and frequency names and
glosses in parentheses are not prose, so a Chinese answer naming drugs and labs in English
is Chinese); :func:`language_problem` fails an answer in the other language than the
session's. :func:`length_budget` is the longest answer a turn accepts (:data:`LENGTH_FACTOR`
times its gold answer, at least :data:`LENGTH_FLOOR` characters), :func:`length_problem`
fails a longer one, and :func:`read_limit` caps what the grader reads at all
(:data:`MAX_READ_CHARS`), so the cost of grading is bounded whatever the answer's length.
"""

from __future__ import annotations

import ast
import functools
import html
import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from physassist_env.grading.dates import DaySaid, days_said, days_written
from physassist_env.vocab.analytes import LAB_ABBREVIATIONS, LAB_NAMES
from physassist_env.vocab.conditions import CONDITIONS
from physassist_env.vocab.drugs import drug_names
from physassist_env.vocab.frequencies import FREQ_SYNONYMS
from physassist_env.vocab.index import TermIndex
from physassist_env.vocab.microbiology import CULTURE_ZH
from physassist_env.vocab.subjects import (
    COMPONENT_NAMES,
    EMBEDDED_ANALYTE,
    SUBJECT_ABBREVIATIONS,
    SUBJECT_NAMES,
)
from physassist_env.vocab.units import UNITS
from physassist_env.vocab.zh_text import ALLOWED_NAMES, ORDER_CODES

# ---------------------------------------------------------------- hidden parts
_COMMENT_RE = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
#: What HTML parses as a bogus comment and never shows: a processing instruction
#: (``<?php …?>``), a ``<![CDATA[…]]>`` section, a ``<!DOCTYPE>`` (each up to its first
#: ``>``, as a browser parses it).
_BOGUS_COMMENT_RE = re.compile(r"<(?:\?[A-Za-z]|!\[CDATA\[|![A-Za-z])[^>]*(?:>|\Z)")
#: A right-to-left override (U+202E) up to its pop (U+202C) or the line's end: a reader
#: sees its characters in reverse order, so the grader reads them reversed.
_RLO_RE = re.compile("\u202e([^\u202c\n]*)(?:\u202c|(?=\n)|\\Z)")
#: Text pushed out of sight on its line by a long run of blank characters (spaces, tabs,
#: no-break and ideographic spaces, :data:`PUSHED_OFF_BLANKS` or more).
PUSHED_OFF_BLANKS = 80
_PUSHED_OFF_RE = re.compile(
    "[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]{" + str(PUSHED_OFF_BLANKS) + ",}[^\n]*"
)
#: A fenced code block: its fence, info string (``label``) and body, up to its closing fence
#: (or the end, as a renderer runs an unclosed one).
_FENCED_BLOCK_RE = re.compile(
    r"^[ \t]*(`{3,}|~{3,})(?P<label>[^\n`]*)\n(?P<body>.*?)(?:^[ \t]*\1[ \t]*$|\Z)",
    re.M | re.S,
)
#: A block's first line written as a label rather than content (issue #35, tenth pass): a
#: comment (``# …``, ``// …``, ``-- …``, ``; …``) or a bracketed line (``[…]``, ``(…)``,
#: ``【…】``, ``（…）``, ``<…>``).
_LABEL_LINE_RE = re.compile(
    r"^[ \t]*(?:(?:#+|//+|--+|;+)[ \t]*(?P<c>[^\n]*)|[\[(（【<](?P<b>[^\n]*)[\])）】>][ \t]*)$"
)
#: Plain-text info strings: a block labelled so says nothing about its content.
_PLAIN_INFO = frozenset(
    {"", "text", "txt", "plain", "plaintext", "markdown", "md", "文本"}
)
#: A label that disowns its block (issue #35, tenth pass): a negation ("not reviewed", "not
#: applicable", 未核对, 不适用, 非本人意见) or a word for text that is not the author's
#: answer (a template, sample, example, boilerplate, draft, scratch, placeholder, old or
#: archived text, to ignore); in EN and ZH.
_DISOWNING_LABEL_RE = re.compile(
    r"\b(?:not|non|no|n/a|ignore[ds]?|ignoring|skip|draft|scratch|hidden|template|boilerplate|"
    r"sample|example|demo|dummy|mock|placeholder|stub|test(?:ing)?|old|outdated|obsolete|stale|"
    r"legacy|archived?|superseded|deprecated|unreviewed|unverified|unchecked|unofficial|"
    r"previous|prior|copied|pasted|auto-?generated|generated|output|log|reference\s+only)\b|"
    r"n't|un(?:reviewed|verified|checked)|[不非未勿无别]|忽略|草稿|模板|样板|样例|示例|范例|例子|"
    r"测试|占位|旧|过时|作废|废弃|存档|归档|仅供|隐藏|复制|粘贴|自动生成|输出|日志",
    re.I,
)
#: A label that sets its block aside as a note (``note``, ``aside``, 备注, 附注): an aside
#: beside an answer, the answer itself when nothing else is shown.
_ASIDE_LABEL_RE = re.compile(
    r"\b(?:notes?|aside|appendix|addendum|footnote|annotation|comment|remark|fyi)\b|"
    r"备注|附注|注释|附录|旁注|批注|说明",
    re.I,
)
#: A Markdown footnote definition (``[^1]: …`` and its indented continuation lines): GFM
#: shows it at the foot of the page as an aside to the answer, never as the answer.
_FOOTNOTE_DEF_RE = re.compile(
    r"^[ \t]{0,3}\[\^[^\]\n]+\]:[^\n]*(?:\n(?:[ \t]{2,}|\t)[^\n]*)*", re.M
)
#: A footnote reference in the text (``[^1]``): a mark, not words.
_FOOTNOTE_REF_RE = re.compile(r"\[\^[^\]\s]+\](?!:)")
#: A footnote written without Markdown's ``[^…]`` (issue #35, fourteenth pass): a
#: paragraph at the foot of the answer that opens with a mark (a superscript number,
#: asterisks, a dagger, ``[a]``, ``[1]``, ``(1)``) which the text above it carries right
#: after a word (``…at this point.*``, ``待定。¹``). A renderer shows it where a reader
#: reads a footnote: beside the answer, never as the answer.
#: Fifteenth pass: a superscript written as markup (``<sup>a</sup>``) is a mark too, and a
#: thematic break (``---``) may stand between the text and its notes, as GFM draws one.
_SUPERSCRIPT_MARK = r"[¹²³⁴⁵⁶⁷⁸⁹⁰]+|[†‡§]{1,3}|<sup>[^<>\n]{1,4}</sup>"
_FOOTMARK = rf"{_SUPERSCRIPT_MARK}|\*{{1,3}}|\[[A-Za-z0-9]{{1,3}}\]|\(\d{{1,2}}\)"
_FOOTMARK_DEF_RE = re.compile(
    rf"(?:\A|\n[ \t]*\n)(?:[ \t]{{0,3}}(?:-{{3,}}|\*{{3,}}|_{{3,}})[ \t]*\n(?:[ \t]*\n)?)?"
    rf"[ \t]{{0,3}}(?P<mark>{_FOOTMARK})(?=[ \t:：]*[^\s*])"
    r"(?P<body>[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*)"
)
#: A Markdown image: its alt text is not shown (the image is).
_MD_IMAGE_RE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_SCRIPT_RE = re.compile(
    r"<(script|style|template|noscript|head|title)\b[^>]*>.*?(?:</\1\s*>|\Z)",
    re.S | re.I,
)
#: A class a ``<style>`` block hides (``.x{display:none}``): its elements are hidden too.
_HIDING_RULE_RE = re.compile(
    r"\.(?P<cls>[A-Za-z_][\w-]*)\s*\{[^}]*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|"
    r"collapse)|opacity\s*:\s*0(?![.\d]*[1-9])|font-size\s*:\s*0(?![.\d]*[1-9])|"
    r"(?<![-\w])color\s*:\s*(?:white|transparent|#fff(?:fff)?\b))",
    re.I,
)
#: An element a renderer does not show: ``hidden``, ``display:none``, ``visibility:hidden``,
#: ``font-size:0``, ``opacity:0``, white or transparent text colour (its content up to the
#: matching closing tag).
_HIDDEN_ELEMENT_RE = re.compile(
    r"<(?P<tag>[A-Za-z][A-Za-z0-9]*)\b(?P<attrs>[^>]*?"
    r"(?:\bhidden\b|display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)"
    r"|font-size\s*:\s*0(?![.\d]*[1-9])"
    # a class every CSS framework hides text with (seventh pass)
    r"|\bclass\s*=\s*[\"']?[^\"'>]*\b(?:sr-only|d-none|invisible|screen-reader-text)\b"
    # near-white or fully transparent colours written other ways: #fff0 / #rrggbb00 (no
    # alpha), #ffffffff, hsl(…, …, 94-100%), the CSS named near-whites
    r"|(?<![-\w])colou?r\s*[:=]\s*[\"']?(?:#[0-9a-fA-F]{3}0\b|#[0-9a-fA-F]{6}00\b"
    r"|#(?:[fF][0-9a-fA-F]){3}[0-9a-fA-F]{2}\b|#[fF]{3}[0-9a-fA-F]\b"
    r"|hsla?\(\s*[\d.]+(?:deg)?\s*,\s*[\d.]+%\s*,\s*(?:9[4-9]|100)(?:\.\d+)?%"
    r"|(?:snow|ivory|ghostwhite|whitesmoke|floralwhite|mintcream|seashell|honeydew|aliceblue|"
    r"azure|lavenderblush|oldlace)\b)"
    r"|opacity\s*:\s*0(?![.\d]*[1-9])"
    # white (or transparent) text: unseen on the page a physician reads
    r"|(?<![-\w])color\s*:\s*(?:white|transparent|#fff(?:fff)?\b|rgba?\(\s*255\s*,\s*255\s*,\s*255"
    r"|rgba\([^)]*,\s*0(?:\.0+)?\s*\))"
    r"|(?<![-\w])color\s*=\s*[\"']?(?:white|#fff(?:fff)?\b)"
    # near-white text (every channel >= 0xF0 / 240), text too small to read (under 3 px or
    # pt, under 0.2 em/rem), pushed off the page, clipped away, collapsed to nothing
    r"|(?<![-\w])colou?r\s*[:=]\s*[\"']?(?:#(?:[fF][0-9a-fA-F]){3}\b|#[fF]{3}\b"
    r"|rgba?\(\s*2(?:4\d|5[0-5])\s*,\s*2(?:4\d|5[0-5])\s*,\s*2(?:4\d|5[0-5]))"
    r"|font-size\s*:\s*(?:[0-2](?:\.\d+)?\s*(?:px|pt)|0?\.[01]\d*\s*r?em)"
    r"|(?:left|top|right|text-indent|margin-left|margin-top)\s*:\s*-\s*\d{3,}"
    r"|clip-path\s*:\s*inset\(\s*(?:50|100)%|clip\s*:\s*rect\(\s*0[^)]*\)"
    r"|transform\s*:\s*scale\(\s*0(?:\.0+)?\s*\)"
    r"|(?:max-)?(?:height|width)\s*:\s*0(?![.\d]*[1-9])[^\"'>]*overflow\s*:\s*hidden"
    r"|overflow\s*:\s*hidden[^\"'>]*(?:max-)?(?:height|width)\s*:\s*0(?![.\d]*[1-9]))"
    r"[^>]*)>.*?(?:</(?P=tag)\s*>|\Z)",
    re.S | re.I,
)
#: A closed ``<details>`` element: a renderer shows its ``<summary>`` and folds the rest
#: away until clicked; the summary is kept, the body dropped.
_CLOSED_DETAILS_RE = re.compile(
    r"<details\b(?![^>]*\bopen\b)[^>]*>\s*(?P<summary><summary\b[^>]*>.*?</summary\s*>)?"
    r"(?P<body>.*?)(?:</details\s*>|\Z)",
    re.S | re.I,
)
#: Text below a tall blank gap (:data:`PUSHED_DOWN_LINES` or more empty lines, from line
#: breaks, ``<br>`` runs, no-break or braille blanks): off the screen a reader sees, with
#: nothing to say more follows; the rest of the answer is dropped.
PUSHED_DOWN_LINES = 20
#: A run of padding on a line (issue #35, twelfth pass): one to three characters, the
#: first not blank, repeated to :data:`PADDING_RUN_CHARS` or more characters (``。。。``,
#: ``……``, ``的的的``, a row of emoji, ``.....``; not a rule or table line of ``-``, ``=``,
#: ``_``, ``|``), and everything after it: a
#: reader who meets a run of nothing reaches no more of the answer than one who meets a
#: gap of blank lines, so the rest is an aside (blank runs: :data:`PUSHED_OFF_BLANKS`).
PADDING_RUN_CHARS = 40
_NOT_RULE = r"(?![\s|:=+#*_~-])"
_PADDING_RUN_RE = re.compile(
    rf"(?:({_NOT_RULE}[^\n])\1{{{PADDING_RUN_CHARS - 1},}}"
    rf"|({_NOT_RULE}[^\n]{{2}})\2{{{PADDING_RUN_CHARS // 2 - 1},}}"
    rf"|({_NOT_RULE}[^\n]{{3}})\3{{{PADDING_RUN_CHARS // 3 - 1},}})(?P<rest>.*)",
    re.S,
)
#: Characters a padding run is made of, doubled (a cheap first test before
#: :data:`_PADDING_RUN_RE`); emoji and other symbols outside the basic plane are tested by
#: :data:`_SYMBOL_RE`.
_PADDING_SEEDS = (
    "....", "!!!!", "????", "////",
    "。。", "……", "··", "、、", "，，", "！！", "？？", "～～", "——", "的的", "了了",
    "啊啊", "哈哈", "嗯嗯", "。 。", ". . .", "的 的", "\u3000\u3000",
)  # fmt: skip
_SYMBOL_RE = re.compile("[\u2190-\u2bff\U0001f000-\U0001faff]")


def _has_padding_run(text: str) -> bool:
    """A cheap test that ``text`` may hold a run of :data:`_PADDING_RUN_RE`."""
    if len(text) < PADDING_RUN_CHARS:
        return False
    if any(seed in text for seed in _PADDING_SEEDS):
        return True
    return not text.isascii() and _SYMBOL_RE.search(text) is not None


def _push_down_padding(text: str, hidden: list[str], asides: list[str]) -> str:
    """``text`` with the rest of the answer set aside once a reader has met
    :data:`PUSHED_DOWN_LINES` lines that say nothing new (issue #35, twelfth pass): blank
    lines in a run of three or more (one or two are layout), lines without a letter, digit
    or Chinese character, and lines that repeat an earlier line. Text below a wall of
    padding is off the screen a reader sees, whether the wall is blank or not."""
    lines = text.split("\n")
    seen: set[str] = set()
    idle = blanks = 0
    for i, line in enumerate(lines):
        key = " ".join(line.split())
        if not key:
            blanks += 1
            idle += 3 if blanks == 3 else 1 if blanks > 3 else 0
            continue
        blanks = 0
        if not _CONTENT_CHAR_RE.search(key) or key in seen:
            idle += 1
            continue
        if idle >= PUSHED_DOWN_LINES:
            rest = "\n".join(lines[i:])
            hidden.append(rest)
            asides.extend(_aside_text(rest))
            return "\n".join(lines[:i]) + "\n"
        seen.add(key)
    return text


_STRUCK_RE = re.compile(
    r"~~(?=\S).*?(?<=\S)~~|<(del|s|strike)\b[^>]*>.*?(?:</\1\s*>|\Z)", re.S | re.I
)
#: Letters each under a combining long stroke (U+0335-U+0338): struck-out text.
_STROKED_RE = re.compile(r"(?:\w[\u0335-\u0338]+)+")
#: Markdown comments and link reference definitions: ``[//]: # (...)``, ``[x]: <> (...)``,
#: ``[label]: https://...``; not rendered.
_MD_COMMENT_RE = re.compile(r"^[ \t]{0,3}\[(?!\^)[^\]\n]*\]:[ \t]*\S.*$", re.M)

# ---------------------------------------------------------------- structure
#: A line that may open a structured value (a JSON object or array).
_STRUCT_START_RE = re.compile(
    r"^[ \t>]*(?P<label>[^\n:：{}\[\]\"'`]{1,30}[:：][ \t]*)?[{\[]", re.M
)
_DECODER = json.JSONDecoder()
#: A fence opening the line right before a structured value, and one closing the line
#: right after it: the block holds only the value.
_FENCE_OPEN_RE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[^\n`]*\n[ \t>]*\Z", re.M)
_FENCE_CLOSE_RE = re.compile(r"[ \t]*\n[ \t]*(?:`{3,}|~{3,})[ \t]*(?=\n|\Z)")
#: A key's word breaks: ``final_decision``, ``final-decision``, ``finalDecision``.
_KEY_BREAK_RE = re.compile(r"[_\-.]+|(?<=[a-z])(?=[A-Z])")
_CAMEL_RE = re.compile(r"[a-z][A-Z]")
_SENTENCE_END_RE = re.compile(r"[.;!?。；！？](?:\s|$)")
#: A list's items are read on its label's line when every one is a short phrase.
_SHORT_ITEM_CHARS = 60
#: Keys that hold the unit of the number before them.
_UNIT_KEYS = frozenset({"unit", "units", "uom", "单位"})
#: How deep a structured answer is read (deeper values are read as text).
STRUCT_MAX_DEPTH = 8


# ------------------------------------------------------- verdicts on a shown option
#: A verdict cell, key or item mark that chooses its option (issue #35, fourteenth pass):
#: the closed class of yes/no answers and choice marks, EN and ZH. Read at the cell's
#: start ("yes - my answer", 是，这是我的答案).
_VERDICT_YES_RE = re.compile(
    r"^\W{0,3}(?:(?:yes|y|true|correct|right|agreed?|chosen|selected|accepted|endorsed|"
    r"recommended|preferred|adopted|go)\b|[✓✔☑]|是(?!否)|对|正确|采纳|推荐|同意|认可|选用|选择|首选)"
    r"(?=[^\w\u3400-\u9fff]|$)",
    re.I,
)
#: A verdict that rejects its option: no/false/✗, "rejected", "ruled out", "not
#: endorsed", 否, 错误, 否决, 排除, 不采纳 (at the cell's start; a key or label is a
#: rejection only by the words after the first, :data:`_REJECTING_LABEL_RE`).
_VERDICT_NO_RE = re.compile(
    r"^\W{0,3}(?:(?:no|n|false|wrong|incorrect|rejected|declined|discarded|excluded|"
    r"disagreed?|dismissed|ruled\s+out|not\s+\w+|never)\b|[✗✘✕×❌]|否|错误?|不对|不是|非|排除|"
    r"弃用|否决|不采纳|不认可|不同意|不推荐)(?=[^\w\u3400-\u9fff]|$)",
    re.I,
)
#: A label (a key, a line's label) that files its value as a rejected option: "rejected",
#: "not chosen", "considered and ruled out", "options excluded", 否决, 不采纳,
#: 考虑过并已排除. "Ruled out: pneumonia" alone is a clinical finding and "Not
#: recommended: ibuprofen" a decision, not a rejected option: both stay shown.
_REJECTING_LABEL_RE = re.compile(
    r"\b(?:rejected|declined|discarded|not\s+(?:chosen|endorsed|selected|adopted|accepted))\b"
    r"|\b(?:considered|weighed|options?|alternatives?)\b.*\b(?:ruled\s+out|excluded|dismissed)\b"
    r"|\b(?:ruled\s+out|excluded|dismissed)\s+(?:options?|alternatives?)\b"
    r"|否决|不采纳|未采纳|弃用|(?:考虑|方案|选项).*排除|排除的?(?:方案|选项)",
    re.I,
)
#: A statement, not a name: a row subject of 5 or more words, 10 or more Chinese
#: characters, or a sentence's end.
_STATEMENT_WORDS = 5
_STATEMENT_CJK = 10


def verdict(cell: str) -> int:
    """1 when ``cell`` opens with a verdict choosing its option, -1 when it opens with
    one rejecting it, 0 otherwise (:data:`_VERDICT_YES_RE`, :data:`_VERDICT_NO_RE`)."""
    if _VERDICT_NO_RE.match(cell):
        return -1
    return 1 if _VERDICT_YES_RE.match(cell) else 0


def rejects(cell: str) -> re.Match[str] | None:
    """The rejecting verdict ``cell`` opens with (:data:`_VERDICT_NO_RE`), ``None`` when it
    opens with none (read by :func:`~physassist_env.grading.frames.find_frames` too)."""
    return _VERDICT_NO_RE.match(cell)


#: A verdict said as a short negated predicate on the row's statement ("Does not apply to
#: this patient", 不适用于本患者): no number, a negation, a few words.
_PREDICATE_NEGATION_RE = re.compile(r"n't|\b(?:not|no|never)\b|[不非无未没勿]", re.I)
_PREDICATE_WORDS = 8
_PREDICATE_CJK = 12


def _rejecting_predicate(cell: str, subject: str) -> bool:
    """Whether a verdict cell is a short negated predicate (:data:`_PREDICATE_NEGATION_RE`)
    with no number, in the language of its row's statement (a cell in the other language
    is a translation: ``| English | 中文 |``)."""
    return (
        bool(_CJK_RE.search(cell)) == bool(_CJK_RE.search(subject))
        and bool(_PREDICATE_NEGATION_RE.search(cell))
        and not re.search(r"\d", cell)
        and len(cell.split()) <= _PREDICATE_WORDS
        and len(_CJK_RE.findall(cell)) <= _PREDICATE_CJK
    )


#: A choosing cell longer than a tag ("yes - my answer", 是，这是我的答案) says more
#: than its verdict ("Yes? No - I disagree"): it is read with its row.
_VERDICT_TAG_WORDS = 4
_VERDICT_TAG_CJK = 8


def _more_than_a_verdict(cell: str) -> bool:
    """Whether a choosing cell says more than its verdict: past a short tag
    (:data:`_VERDICT_TAG_WORDS`), or with a negation after its opening word."""
    return (
        len(cell.split()) > _VERDICT_TAG_WORDS
        or len(_CJK_RE.findall(cell)) > _VERDICT_TAG_CJK
        or bool(_PREDICATE_NEGATION_RE.search(cell[2:]))
    )


def _statement(cell: str) -> bool:
    """Whether a table cell states something (:data:`_STATEMENT_WORDS`) rather than names
    it."""
    return (
        len(cell.split()) >= _STATEMENT_WORDS
        or len(_CJK_RE.findall(cell)) >= _STATEMENT_CJK
        or bool(_SENTENCE_END_RE.search(cell + " "))
    )


# ------------------------------------------------------------------------ tables
#: A Markdown table: a header row, a delimiter row (``|---|:--|``) and its rows.
_TABLE_RE = re.compile(
    r"^(?P<head>[ \t]*\|?[^\n]*\|[^\n]*)\n[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?"
    r"[ \t]*)*\|?[ \t]*\n(?P<rows>(?:[ \t]*\|?[^\n]*\|[^\n]*(?:\n|\Z))+)",
    re.M,
)


def _cells(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return [c.strip() for c in row.split("|")]


def _table_lines(head: list[str], rows: list[list[str]]) -> list[str] | None:
    """A table whose last column gives a verdict on the statement its first column holds
    (issue #35, fourteenth pass), read row by row: a row its verdict chooses states its
    statement (and its other cells as ``header: cell``; the verdict too when it says more
    than a tag), a row its verdict rejects states nothing (a rejected option is no
    decision), a row with another verdict states its statement and then ``header:
    verdict`` for the readers of labels; a table that rejects every row says only its
    verdicts (it is no silent answer). ``None`` when the table is no such table (a lab
    table, a table of names, a translation): read as written."""
    if len(head) < 2 or not rows or any(len(r) != len(head) for r in rows):
        return None
    verdicts = [verdict(r[-1]) for r in rows]
    if not any(_statement(r[0]) for r in rows) or not all(
        _statement(r[0]) or v for r, v in zip(rows, verdicts, strict=True)
    ):
        return None  # a table of names ("| Lisinopril | Give? no |"): read as written
    if not any(verdicts) and not all(
        not re.search(r"\d", r[-1])
        and len(r[-1].split()) <= _PREDICATE_WORDS
        and len(_CJK_RE.findall(r[-1])) <= _PREDICATE_CJK
        and bool(_CJK_RE.search(r[-1])) == bool(_CJK_RE.search(r[0]))
        for r in rows
    ):
        return None  # the last column states things of its own (a translation, values)
    verdicts = [
        -1 if v == 0 and _statement(r[0]) and _rejecting_predicate(r[-1], r[0]) else v
        for r, v in zip(rows, verdicts, strict=True)
    ]
    out: list[str] = []
    for row, said in zip(rows, verdicts, strict=True):
        if said < 0:
            continue
        out.append(row[0])
        out.extend(f"{h}: {c}" for h, c in zip(head[1:-1], row[1:-1], strict=True) if c)
        if said == 0 or _more_than_a_verdict(row[-1]):
            out.append(f"{head[-1]}: {row[-1]}" if head[-1] else row[-1])
    if not out:  # every row rejected: the answer says only its verdicts, not silence
        out = [f"{head[-1]}: {row[-1]}" if head[-1] else row[-1] for row in rows]
    return out


#: A list item that ends in its verdict after an arrow ("- Hold lisinopril -> chosen",
#: "- 继续用药 → 否决"), and a line whose label files what follows as rejected
#: ("Considered and ruled out: …", 已排除：…).
_ITEM_VERDICT_RE = re.compile(
    r"^(?P<item>[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]+[^\n]*?)[ \t]*(?:->|→|=>|⇒)[ \t]*"
    r"(?P<verdict>[^\n]{1,40})$",
    re.M,
)
_REJECTED_LINE_RE = re.compile(
    r"^[ \t]*(?:[-*+•][ \t]+)?(?P<label>[^\n:：]{1,40})[:：][ \t]*\S[^\n]*$", re.M
)
_REJECTED_LINE_GATE_RE = re.compile(
    r"rejected|declined|discarded|excluded|dismissed|ruled\s+out|not\s+(?:chosen|"
    r"endorsed|selected|adopted|accepted)|否决|排除|不采纳|弃用|未采纳",
    re.I,
)

#: A box of an inline choice form: ticked ``[x]``, ``[✔]``, ``☑``, ``(•)`` or not ``[ ]``,
#: ``☐``, ``( )`` (issue #35, lead's merge review of the sixteenth pass); bullets (●, ○,
#: ■) and ☒ (ticked in some forms, struck in others) are no boxes.
_BOX_RE = re.compile(r"\[\s?\]|\(\s?\)|[☐□]|\[[xX✓✔√]\]|\([xX•✓✔]\)|☑")
_TICKED_RE = re.compile(r"\[[xX✓✔√]\]|\([xX•✓✔]\)|☑")


def _chosen_boxes(line: str, hidden: list[str]) -> str:
    """``line`` read as the choice it makes when it holds two or more boxes and at least
    one ticked and one not ("[ ] no AKI   [✔] stage 2 AKI", ☐ 无需补钾 ☑ 需要补钾): the
    ticked options without their marks, the unticked ones dropped (recorded as hidden).
    An option left unticked beside a ticked one is not chosen; a line of boxes none of
    them ticked (a to-do list) stays as written."""
    marks = list(_BOX_RE.finditer(line))
    ticked = [bool(_TICKED_RE.fullmatch(m.group(0))) for m in marks]
    if len(marks) < 2 or all(ticked) or not any(ticked):
        return line
    out = [line[: marks[0].start()]]
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(line)
        option = line[m.end() : end]
        if ticked[i]:
            out.append(option)
        else:
            hidden.append(m.group(0) + option)
    return " ".join(part.strip() for part in out if part.strip())


def _drop_rejected_options(text: str, hidden: list[str]) -> str:
    """``text`` without the options it files as rejected (issue #35, fourteenth pass): a
    list item whose verdict after an arrow rejects it (:func:`verdict`; one that chooses
    it loses only its mark), and a line whose label rejects what follows
    (:data:`_REJECTING_LABEL_RE`): a rejected option is no decision of the answer."""

    def item(m: re.Match[str]) -> str:
        said = verdict(m.group("verdict"))
        if said < 0:
            hidden.append(m.group(0))
            return ""
        return m.group("item") if said > 0 else m.group(0)

    def line(m: re.Match[str]) -> str:
        if not _REJECTING_LABEL_RE.search(m.group("label").strip()):
            return m.group(0)
        hidden.append(m.group(0))
        return ""

    if "->" in text or "→" in text or "=>" in text or "⇒" in text:
        text = _ITEM_VERDICT_RE.sub(item, text)
    if _TICKED_RE.search(text):
        text = "\n".join(_chosen_boxes(line, hidden) for line in text.split("\n"))
    if _REJECTED_LINE_GATE_RE.search(text):
        text = _REJECTED_LINE_RE.sub(line, text)
    return text


def _read_tables(text: str, hidden: list[str]) -> str:
    """``text`` with every verdict table (:func:`_table_lines`) written out as what it
    states, the table recorded as hidden; other tables stay as written."""
    out: list[str] = []
    pos = 0
    for m in _TABLE_RE.finditer(text):
        head = _cells(m.group("head"))
        rows = [_cells(r) for r in m.group("rows").splitlines() if r.strip()]
        lines = _table_lines(head, rows)
        if lines is None:
            continue
        hidden.append(m.group(0))
        out.append(text[pos : m.start()])
        out.append("\n".join(lines) + "\n")
        pos = m.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _key_label(key: str) -> str:
    """A key as the label a reader sees: word breaks as spaces (``final_decision`` reads
    ``final decision``)."""
    label = " ".join(_KEY_BREAK_RE.sub(" ", key).split())
    return label.lower() if _CAMEL_RE.search(key) else label


def _scalar(value: object) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _has_words(value: object) -> bool:
    """Whether a structured value holds a string anywhere (a key or a value)."""
    if isinstance(value, str):
        return True
    if isinstance(value, dict):
        return bool(value)
    if isinstance(value, list):
        return any(_has_words(v) for v in value)
    return False


def _struct_lines(value: object, out: list[str], depth: int = 0) -> None:
    """``value``'s lines as a reader sees them: an object's keys are labels before their
    values (``key: value``; a nested value on the lines after its label), an array's
    items are list items, a string's own line breaks kept; in order."""
    if depth > STRUCT_MAX_DEPTH:
        out.append(json.dumps(value, ensure_ascii=False))
        return
    if isinstance(value, dict):
        for key, item in value.items():
            label = _key_label(str(key))
            if label and _REJECTING_LABEL_RE.search(label):
                continue  # {"chosen": …, "rejected": …}: a rejected option, no decision
            if isinstance(item, (dict, list)):
                if not item:
                    continue  # an empty list or object says nothing
                phrases = [_scalar(i) for i in item] if isinstance(item, list) else []
                if (
                    label
                    and phrases
                    and not any(isinstance(i, (dict, list)) for i in item)
                    and all(len(p) <= _SHORT_ITEM_CHARS for p in phrases)
                    and not any(_SENTENCE_END_RE.search(p) for p in phrases)
                ):
                    out.append(f"{label}: {', '.join(p for p in phrases if p)}")
                    continue
                if label:
                    out.append(f"{label}:")
                _struct_lines(item, out, depth + 1)
                continue
            said = _scalar(item)
            if label.lower() in _UNIT_KEYS and said and out and out[-1][-1:].isdigit():
                out[-1] = f"{out[-1]} {said}"  # {"k": 3.6, "unit": "mEq/L"}: 3.6 mEq/L
                continue
            out.append(f"{label}: {said}" if label and said else label or said)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                _struct_lines(item, out, depth + 1)
            elif said := _scalar(item):
                out.append(f"- {said}")
    elif said := _scalar(value):
        out.append(said)


def _literal(text: str, start: int) -> tuple[object, int] | None:
    """A structured value written with single quotes (a Python literal,
    ``{'plan': 'continue'}``) from ``start``, and where it ends; ``None`` when there is
    none."""
    if "'" not in text[start : start + 3]:
        return None
    close = {"{": "}", "[": "]"}
    stack: list[str] = []
    quote = ""
    i = start
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in close:
            stack.append(close[c])
        elif c in "}]":
            if not stack or stack.pop() != c:
                return None
            if not stack:
                try:
                    return ast.literal_eval(text[start : i + 1]), i + 1
                except (ValueError, SyntaxError, MemoryError, RecursionError):
                    return None
        i += 1
    return None


def _read_structured(text: str) -> str:
    """``text`` with every JSON object or array that stands on its own lines (the whole
    answer, a fenced block's body, a paragraph) written out as its content (issue #35,
    thirteenth pass): a structured answer is read as what it says, its keys as labels
    and its values as the answer's sentences, in order (:func:`_struct_lines`), so the
    same claims pass and the same wrong content fails whatever the shape. A value that
    does not parse, or shares its line with other text, stays as written."""
    out: list[str] = []
    pos = 0
    for m in _STRUCT_START_RE.finditer(text):
        start = m.end() - 1
        if start < pos:
            continue
        try:
            value, end = _DECODER.raw_decode(text, start)
        except ValueError:
            parsed = _literal(text, start)
            if parsed is None:
                continue
            value, end = parsed
        nl = text.find("\n", end)
        if text[end : len(text) if nl < 0 else nl].strip(" \t,;") or not _has_words(
            value
        ):
            continue
        lines: list[str] = []
        _struct_lines(value, lines)
        fence = _FENCE_OPEN_RE.search(text, pos, start)
        if fence and (close := _FENCE_CLOSE_RE.match(text, end)):
            start, end = fence.start(), close.end()  # the block is the value: no fence
        # a value after a label on its line ("structured: {...}", 结构化：{...}) is read
        # on the lines after the label, as a nested value is (fifteenth pass)
        before = text[pos:start]
        out.append(before.rstrip(" \t") + "\n" if m.group("label") else before)
        out.append("\n".join(lines))
        pos = end
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------- markup
_SUP_RE = re.compile(r"<sup>\s*(\d+)\s*</sup>", re.I)
_BLOCK_TAG_RE = re.compile(
    r"</?(?:br|p|div|li|ul|ol|tr|td|th|table|h[1-6]|blockquote|pre|hr|section|article"
    r"|details|summary|dd|dt)\b[^<>]*>",
    re.I,
)
_TAG_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_ENTITY_RE = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]{1,30});")
_MD_LINK_RE = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
#: A link with a title (``[text](url "title")``): the title is shown only on hover.
_MD_TITLED_LINK_RE = re.compile(
    r"(?<!!)\[(?P<text>[^\]\n]*)\]\(\s*<?[^\s)\"'<>]*>?\s+"
    r"(?P<title>\"[^\"]*\"|'[^']*'|\([^()]*\))\s*\)"
)
_MD_EMPHASIS_RE = re.compile(
    r"(\*{1,3}|_{2,3}|`+)(?=\S)(.+?)(?<=\S)\1|(?<![\w])(_)(?=\S)(.+?)(?<=\S)_(?!\w)",
    re.S,
)
_MD_HEADING_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+", re.M)

# ---------------------------------------------------------------- characters
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
#: Superscript digits right after a digit are an exponent (``10⁹`` is ten to the ninth).
_EXPONENT_RE = re.compile(rf"(?<=\d)([{_SUPERSCRIPTS}]+)")
_SUPER_DIGIT = str.maketrans(_SUPERSCRIPTS, "0123456789")
#: Cyrillic letters that look like Latin ones (always folded).
_CYRILLIC = str.maketrans(
    "аеорсухіјѕԁԛԝӏһвкмнтАВЕКМНОРСТХУІЈЅԚԜҮ",
    "aeopcyxijsdqwlhbkmhtABEKMHOPCTXYIJSQWY",
)
#: Greek letters that look like Latin ones (folded inside a word with a Latin letter).
_GREEK = str.maketrans("οορικνυϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "oopikvucjABEZHIKMNOPTYX")
_GREEK_LOOKALIKE = "οορικνυϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"
_MIXED_WORD_RE = re.compile(
    rf"[A-Za-z{_GREEK_LOOKALIKE}]*[{_GREEK_LOOKALIKE}][A-Za-z{_GREEK_LOOKALIKE}]*"
)
_CYRILLIC_OR_GREEK_RE = re.compile("[\u0370-\u03ff\u0400-\u052f]")
_SPACE_RUN_RE = re.compile(r"[ \t\u00a0]+")
_BLANK_LINES_RE = re.compile(r"\n\s*\n\s*\n+")


#: Invisible characters: the format characters (Unicode category Cf: soft hyphen, zero-width
#: space and joiners, bidirectional controls, word joiner, invisible operators, byte-order
#: mark, tag characters...), the combining grapheme joiner, Hangul fillers and variation
#: selectors.
_INVISIBLE_RE = re.compile(
    "[\u00ad\u034f\u0600-\u0605\u0890\u0891\u061c\u06dd\u070f\u08e2\u115f\u1160\u17b4\u17b5"
    "\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff"
    "\uffa0\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)


def _fold_greek(m: re.Match[str]) -> str:
    word = m.group(0)
    if any("A" <= c <= "Z" or "a" <= c <= "z" for c in word) or all(
        c in _GREEK_LOOKALIKE for c in word
    ):
        return word.translate(_GREEK)
    return word


@dataclass(frozen=True)
class Shown:
    """An answer as shown.

    Attributes:
        text: What a reader sees as the answer, normalised (see the module docstring).
        hidden: The parts a renderer would not show, as written (comments, hidden
            elements, struck-out text), in order.
        asides: What the answer holds besides :attr:`text` that a reader may still come
            upon (issue #35, tenth pass), shown and normalised, in order: footnotes, a
            fenced block its label sets aside, text below or beside a run of padding, and
            hidden text (comments, hidden or collapsed elements, templates). The grader
            reads them for what they take back, add or harm, never for the answer's
            decision; struck-out text, scripts and styles are none.
    """

    text: str
    hidden: tuple[str, ...] = ()
    asides: tuple[str, ...] = ()


_FULLWIDTH_BRACKETS = str.maketrans({"［": "[", "］": "]"})


@functools.lru_cache(maxsize=4096)
def show(answer: str) -> Shown:
    """The answer as a reader sees it, with what was hidden and what is only an aside
    (see the module docstring and :class:`Shown`)."""
    hidden: list[str] = []
    asides: list[str] = []

    def drop(m: re.Match[str]) -> str:
        hidden.append(m.group(0))
        return " "

    def aside(m: re.Match[str]) -> str:
        hidden.append(m.group(0))
        asides.extend(_aside_text(m.group(0)))
        return " "

    def aside_after(m: re.Match[str], group: str) -> str:
        hidden.append(m.group(0))
        asides.extend(_aside_text(m.group(group)))
        return " "

    def titled(m: re.Match[str]) -> str:  # a link's hover title is an aside
        hidden.append(m.group(0))
        asides.extend(_aside_text(m.group("title")[1:-1]))
        return m.group("text")

    text = answer
    if not text.isascii():
        text = _set_aside_encoded(text, asides)
        # a footnote marked with full-width brackets (［a］) is one marked [a] (issue #35,
        # sixteenth pass): the marks are read before normalise() would turn them
        text = text.translate(_FULLWIDTH_BRACKETS)
    if "\u202e" in text:
        text = _RLO_RE.sub(lambda m: drop(m) and m.group(1)[::-1], text)
    if "```" in text or "~~~" in text or "    " in text or "\t" in text:
        text = _set_aside_blocks(text, hidden, asides)
    if "{" in text or "[" in text:
        read = _read_structured(text)
        if read is not text and not read.isascii() and "\\u" in text:
            read = _set_aside_encoded(read, asides)  # escapes written out in the values
        text = read
    if "|" in text and "-" in text:
        text = _read_tables(text, hidden)
    text = _drop_rejected_options(text, hidden)
    if "[^" in text:
        text = _FOOTNOTE_DEF_RE.sub(lambda m: aside(m) and "\n", text)
        text = _FOOTNOTE_REF_RE.sub("", text)
    if "\n" in text and (
        not text.isascii() or "*" in text or "[" in text or "(" in text or "<" in text
    ):
        text = _set_aside_footmarks(text, hidden, asides)
    if not text.isascii() or " " * PUSHED_OFF_BLANKS in text or "\t" in text:
        text = _PUSHED_OFF_RE.sub(aside, text)
    if "<" in text:
        text = _COMMENT_RE.sub(aside, text)
        text = _BOGUS_COMMENT_RE.sub(drop, text)
        text = _hide_styled_classes(text, aside)
        text = _SCRIPT_RE.sub(
            lambda m: aside(m) if m.group(1).lower() in _TEXT_ELEMENTS else drop(m),
            text,
        )
        text = _HIDDEN_ELEMENT_RE.sub(aside, text)
        text = _CLOSED_DETAILS_RE.sub(lambda m: _fold_details(m, hidden, asides), text)
    if "~" in text or "<" in text:
        text = _STRUCK_RE.sub(drop, text)
    if not text.isascii():
        text = _STROKED_RE.sub(drop, text)
    if "]:" in text:
        text = _MD_COMMENT_RE.sub(aside, text)
    if "<" in text:
        text = _SUP_RE.sub(r"^\1", text)
        text = _BLOCK_TAG_RE.sub("\n", text)
        text = _TAG_RE.sub("", text)
    if "&" in text:
        text = _ENTITY_RE.sub(lambda m: html.unescape(m.group(0)), text)
    if "[" in text:
        text = _MD_IMAGE_RE.sub(drop, text)
        if "](" in text:
            text = _MD_TITLED_LINK_RE.sub(titled, text)
        text = _MD_LINK_RE.sub(r"\1", text)
    if "*" in text or "_" in text or "`" in text:
        text = _MD_EMPHASIS_RE.sub(lambda m: m.group(2) or m.group(4), text)
    if "#" in text:
        text = _MD_HEADING_RE.sub("", text)
    if _has_padding_run(text):
        text = _PADDING_RUN_RE.sub(
            lambda m: aside_after(m, "rest") and "\n", text, count=1
        )
    if text.count("\n") > PUSHED_DOWN_LINES:
        text = _push_down_padding(text, hidden, asides)
    return Shown(normalise(text), tuple(hidden), tuple(a for a in asides if a.strip()))


#: A line is encoded (issue #35, twelfth pass) when invisible characters sit between its
#: letters at least this many times...
ENCODED_MIN_INVISIBLE = 4
#: ...and at least once per this many visible characters of the line (one stray
#: zero-width space in a pasted word is not an encoding).
ENCODED_VISIBLE_PER_INVISIBLE = 4
#: A word with a Latin letter and a look-alike letter of another script beside it
#: (``Соntinue`` with Cyrillic С and о; ``mmоl``; a Greek omicron in ``Cοntinue``):
#: spelled to read one way to a reader and another to a machine.
_LOOKALIKE_WORD_RE = re.compile(
    "(?:[A-Za-z][\u0400-\u052f"
    + _GREEK_LOOKALIKE
    + "]|[\u0400-\u052f"
    + _GREEK_LOOKALIKE
    + "][A-Za-z])"
)


def _encoded_line(line: str) -> bool:
    """Whether ``line`` is written to be read differently by a machine than by a reader
    (issue #35, twelfth pass): invisible characters between most of its letters
    (:data:`ENCODED_MIN_INVISIBLE`, :data:`ENCODED_VISIBLE_PER_INVISIBLE`), or a word
    mixing Latin letters with look-alike letters of another script."""
    if line.isascii():
        return False
    if _CYRILLIC_OR_GREEK_RE.search(line) and _LOOKALIKE_WORD_RE.search(line):
        return True
    invisible = len(_INVISIBLE_RE.findall(line))
    if invisible < ENCODED_MIN_INVISIBLE:
        return False
    visible = sum(1 for c in line if not c.isspace()) - invisible
    return invisible * ENCODED_VISIBLE_PER_INVISIBLE >= visible


def _set_aside_encoded(text: str, asides: list[str]) -> str:
    """``text`` with every encoded line (:func:`_encoded_line`) moved to ``asides``,
    normalised (its invisible characters removed, look-alike letters folded), so what it
    says may take from the answer but never gives it its decision: no honest answer spells
    its words to defeat a machine reader (issue #35, twelfth pass)."""
    if not (_INVISIBLE_RE.search(text) or _CYRILLIC_OR_GREEK_RE.search(text)):
        return text
    lines = text.split("\n")
    kept = []
    for line in lines:
        if _encoded_line(line):
            asides.append(normalise(line))
            kept.append("")
        else:
            kept.append(line)
    return "\n".join(kept)


def _cites(above: str, mark: str) -> re.Pattern[str]:
    """Where ``above`` carries the footnote mark ``mark``: right after a word or a
    sentence's end; an asterisk only at a line's end and alone on its line (``*high*``
    is emphasis, not a mark)."""
    if mark.startswith("*"):
        return re.compile(rf"(?<=[^\s*]){re.escape(mark)}[ \t]*$", re.M)
    return re.compile(rf"(?<=[^\s*]){re.escape(mark)}(?![\w*])")


_SUPERSCRIPT_MARK_RE = re.compile(_SUPERSCRIPT_MARK)
#: The end of a statement: the text above a lone note ends a sentence, not a lead-in.
_STATEMENT_END_RE = re.compile(r"[.!?。！？)）]\s*\Z")


def _lone_note(found: list[re.Match[str]], above: str) -> bool:
    """Whether the last marked paragraph (``found[-1]``), uncited, is still a note
    (fifteenth pass): the only one (a list has a second item), numbered or lettered
    (``[1]``, ``(1)``, ``[a]``; a bullet's ``*`` is no note mark) and under text that
    ends a statement (``Plan:`` leads into a list)."""
    mark = found[-1].group("mark")
    return len(found) == 1 and mark[0] in "[(" and bool(_STATEMENT_END_RE.search(above))


def _set_aside_footmarks(text: str, hidden: list[str], asides: list[str]) -> str:
    """``text`` with the footnotes written with a plain mark (:data:`_FOOTMARK_DEF_RE`)
    at its foot moved to ``asides`` and their marks removed from the text above: the
    last paragraphs, each opening with a mark the text above carries right after a word
    or a sentence's end (:func:`_cites`), or with a superscript (``¹``, ``†``,
    ``<sup>a</sup>``: no list is numbered so), or a lone numbered note under a statement
    (:func:`_lone_note`; fifteenth pass: a footnote may support the answer, never carry
    it). A paragraph opening with a mark nothing above carries (a bulleted
    ``* Hold warfarin``, a reference list with no citation), or one with shown text after
    it, stays shown."""
    found = [
        m
        for m in _FOOTMARK_DEF_RE.finditer(text)
        if m.start() > 0
        and (not m.group("mark").startswith("*") or text[m.end("mark")] in " \t")
    ]
    kept: list[re.Match[str]] = []
    foot = len(text)
    for m in reversed(found):
        above = text[: m.start()]
        if text[m.end() : foot].strip():
            break  # shown text after it: shown
        if not (
            _cites(above, m.group("mark")).search(above)
            or _SUPERSCRIPT_MARK_RE.fullmatch(m.group("mark"))
            or (not kept and m is found[-1] and _lone_note(found, above))
        ):
            break  # a mark nothing above carries, written as a list's would be: shown
        kept.append(m)
        foot = m.start()
    if not kept:
        return text
    body = text[:foot]
    for m in reversed(kept):
        hidden.append(m.group(0).strip())
        asides.extend(_aside_text(m.group("body").lstrip(" \t:：")))
    for mark in {m.group("mark") for m in kept}:
        body = _cites(body, mark).sub("", body)
    return body + "\n\n"


#: Elements whose content is text a reader could be shown (a template, a ``noscript``
#: fallback), unlike a script or a style sheet: read as asides.
_TEXT_ELEMENTS = frozenset({"template", "noscript", "title"})
_OPEN_TAG_RE = re.compile(r"^\s*<[A-Za-z][^>]*>")
_CLOSE_TAG_RE = re.compile(r"</[A-Za-z][A-Za-z0-9]*\s*>\s*$")
#: The mark of a footnote or a Markdown comment (``[^1]:``, ``[//]: # (``) before its text.
_REFERENCE_MARK_RE = re.compile(r"^\[[^\]\n]*\]:[ \t]*(?:(?:#|<>)[ \t]*)?[(\"']?")


def _aside_text(part: str) -> list[str]:
    """What an aside says, as shown: its wrapper (comment marks, the element's own tags,
    a footnote's mark, the blanks that pushed it away) removed, the rest shown (its own
    asides after it)."""
    part = part.strip()
    if part.startswith("<!--"):
        part = part[4:].removesuffix("-->")
    elif part.startswith("<"):
        part = _CLOSE_TAG_RE.sub("", _OPEN_TAG_RE.sub("", part, count=1), count=1)
    elif part.startswith("["):
        part = _REFERENCE_MARK_RE.sub("", part, count=1).rstrip(")\"'")
    if not part.strip():
        return []
    inner = show(part)
    if inner.hidden and inner.hidden[0].strip() == part:
        return []  # a wrapper this reader cannot open: nothing more to read
    return [inner.text, *inner.asides]


def _block_label(m: re.Match[str]) -> tuple[str, str]:
    """A fenced block's label (its info string unless plain, and its first line when
    written as a label without a number) and its body without that line."""
    info = m.group("label").strip()
    label = "" if info.lower() in _PLAIN_INFO else info
    body = m.group("body")
    first, _, rest = body.lstrip("\n").partition("\n")
    line = _LABEL_LINE_RE.match(first)
    if line and not re.search(r"\d", first) and len(first.strip()) <= 60:
        return f"{label} {line.group('c') or line.group('b') or ''}", rest
    return label, body


#: An indented code block (CommonMark): lines indented by four spaces or a tab, at the
#: start or after a blank line; shown as code, read as a block (issue #35, fourteenth
#: pass), set aside only when its author disowns it.
_INDENTED_BLOCK_RE = re.compile(
    r"(?:\A|(?<=\n\n))(?P<label>)(?P<body>(?:(?: {4}|\t)[ \t]*\S[^\n]*(?:\n|\Z))+)"
)
#: A lead-in: the short line right before a block that ends in a colon ("Template output
#: (not mine):", 模板输出（不是我写的）：) labels the block as its info string does.
_LEAD_IN_RE = re.compile(r"(?:^|\n)(?P<label>[^\n]{1,80}?[:：])[ \t]*\n[ \t]*\Z")
#: Words a lead-in may hold for any block, the author's too ("JSON output:", 日志：).
_NEUTRAL_LEAD_RE = re.compile(r"\b(?:output|log|generated)\b|输出|日志", re.I)
#: A plain line right after a block (one blank line at most between) that opens by
#: pointing at it: "That block is…", "The log line above…", 上面是…, 以上…. It labels the
#: block as a bracketed caption does, and stays shown (it is prose).
_POINTING_AFTER_RE = re.compile(
    r"[ \t]*\n(?:[ \t]*\n)?[ \t]*(?P<label>(?:(?:that|this|the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:block|code|snippet|text|output|log|line|lines|macro|template|box)\b|above\b|"
    r"以上|上面|上述|上方|前面)[^\n]{0,160})(?=\n|\Z)",
    re.I,
)


#: A bare negation: in a sentence about a block ("No changes since yesterday:", "not
#: urgent") it negates what the block says, not whose it is.
_BARE_NEGATION = frozenset(
    {"not", "non", "no", "n't", "不", "非", "未", "无", "别", "勿"}
)


def _disowns(sentence: str) -> bool:
    """Whether a sentence about a block (a lead-in, a line pointing at it) disowns it
    (:data:`_DISOWNING_LABEL_RE`) by what it calls the block (a template, old, copied,
    unverified text, to ignore), not by a bare negation."""
    return any(
        m.group(0).lower() not in _BARE_NEGATION
        for m in _DISOWNING_LABEL_RE.finditer(sentence)
    )


def _blocks(text: str) -> list[re.Match[str]]:
    """Every fenced block of ``text`` and every indented block outside them, in order."""
    fenced = (
        list(_FENCED_BLOCK_RE.finditer(text)) if "```" in text or "~~~" in text else []
    )
    if "    " not in text and "\t" not in text:
        return fenced
    indented = [
        m
        for m in _INDENTED_BLOCK_RE.finditer(text)
        if not any(f.start() <= m.start() < f.end() for f in fenced)
    ]
    return sorted([*fenced, *indented], key=lambda m: m.start())


def _set_aside_blocks(text: str, hidden: list[str], asides: list[str]) -> str:
    """``text`` with every code block its label sets aside moved to ``asides``
    (issue #35, tenth pass): a block labelled as not the author's answer (a negation, a
    template, sample, draft, old or archived text, to ignore: :data:`_DISOWNING_LABEL_RE`),
    or labelled as a note (:data:`_ASIDE_LABEL_RE`) beside other shown text. An unlabelled
    block, or one labelled with a language, is shown as the answer. The label is the
    block's info string or first line, a lead-in line before it (:data:`_LEAD_IN_RE`),
    or a line after it that points at it (bracketed, a comment, a caption, or a plain
    sentence opening "That block…", 上面…: :data:`_POINTING_AFTER_RE`); an indented block
    is labelled only so (fourteenth pass). A caption is read with its block, unless
    nothing else is shown: then it is what the answer shows (no silent answer)."""
    blocks = _blocks(text)
    if not blocks:
        return text
    outside = _FENCED_BLOCK_RE.sub(" ", text)
    beside = bool(_CONTENT_CHAR_RE.search(outside))
    unintroduced = beside and _unintroduced(text, blocks)
    out: list[str] = []
    captions: list[str] = []
    end = 0
    for m in blocks:
        if m.start() < end:
            continue
        label, body = _block_label(m)
        after = _LABEL_AFTER_RE.match(text, m.end()) or _CAPTION_AFTER_RE.match(
            text, m.end()
        )
        if after and not _DISOWNING_LABEL_RE.search(after.group("label")):
            after = None
        pointing = None if after else _POINTING_AFTER_RE.match(text, m.end())
        if pointing and not _disowns(pointing.group("label")):
            pointing = None
        lead = _LEAD_IN_RE.search(text, end, m.start())
        if lead and not _disowns(_NEUTRAL_LEAD_RE.sub(" ", lead.group("label"))):
            lead = None
        if not (
            after
            or pointing
            or lead
            or _DISOWNING_LABEL_RE.search(label)
            or (beside and _ASIDE_LABEL_RE.search(label))
            or (
                unintroduced
                and m.re is _FENCED_BLOCK_RE
                and m.group("label").strip().lower() in _PLAIN_INFO
            )
        ):
            continue
        out.append(text[end : lead.start() if lead else m.start()])
        out.append("\n")
        hidden.append(m.group(0))
        asides.extend(_aside_text(body))
        if after:
            captions.append(after.group(0).strip())
        end = after.end() if after else m.end()
    out.append(text[end:])
    shown = "".join(out)
    if captions and not _CONTENT_CHAR_RE.search(shown):
        # nothing else shown: the caption is what the reader sees (no silent answer)
        shown = "\n".join([shown, *captions])
    return shown


#: Clinical names (the same tables as ``frames._ENTITIES``, which reads this module and
#: so cannot be read here): a span naming one, or a number, states something of the
#: patient (fifteenth pass).
_CLINICAL_NAMES: TermIndex[str] = TermIndex(
    {
        **dict(EMBEDDED_ANALYTE),
        **drug_names(),
        **SUBJECT_NAMES,
        **COMPONENT_NAMES,
        **{t: key for key, (terms, _) in CONDITIONS.items() for t in terms},
    }
)
_ABBREVIATED_NAMES: TermIndex[str] = TermIndex(
    SUBJECT_ABBREVIATIONS, case_sensitive=True
)
_DIGIT_RE = re.compile(r"\d")


def _states(span: str) -> bool:
    """Whether ``span`` states something of the patient: a number or a clinical name (as
    ``frames.states_something``)."""
    return bool(
        _DIGIT_RE.search(span)
        or _CLINICAL_NAMES.find(span)
        or _ABBREVIATED_NAMES.find(span)
    )


#: Words that point a reader from prose to a block ("below", "as follows", "see above",
#: "here it is", 如下, 以下, 见上): the prose presents the block as what it says.
_POINTS_TO_BLOCK_RE = re.compile(
    r"\b(?:below|following|follows|above|here|attached|enclosed)\b|"
    r"如下|以下|下面|下列|下方|见下|以上|上面|上述|见上|附上",
    re.I,
)
#: A line that ends in a colon right before a block: a lead-in to it.
_COLON_BEFORE_BLOCK_RE = re.compile(r"[:：][ \t]*\n(?:[ \t]*\n)?[ \t]*(?:`{3,}|~{3,})")


#: The fewest words (Chinese characters) of prose that states a stance of its own.
_STATEMENT_WORDS_MIN = 3
_STATEMENT_CJK_MIN = 5


def _unintroduced(text: str, blocks: list[re.Match[str]]) -> bool:
    """Whether the prose beside an answer's code ``blocks`` stands apart from them
    (issue #35, fifteenth pass: the body's own stance wins): it states nothing of the
    patient (no value, no clinical name), neither leads into a block (a colon before it)
    nor points at one ("below", "above", 如下, 以上), and is no caption of one (a short
    bracketed line right under it, :data:`_CAPTION_AFTER_RE`). Such prose is what the
    author says ("I can't say yet.", 稍后回复); a plain block under it is shown, but as
    material beside the answer, never as its decision. Prose that introduces or captions
    a block, or states something of its own, keeps its blocks shown."""
    if _COLON_BEFORE_BLOCK_RE.search(text):
        return False
    parts, end = [], 0
    for m in blocks:
        if m.start() < end:
            continue
        caption = _CAPTION_AFTER_RE.match(text, m.end()) or _LABEL_AFTER_RE.match(
            text, m.end()
        )
        parts.append(text[end : m.start()])
        end = caption.end() if caption else m.end()
    outside = "".join([*parts, text[end:]])
    if not _CONTENT_CHAR_RE.search(outside) or _POINTS_TO_BLOCK_RE.search(outside):
        return False
    if (
        len(_LATIN_WORD_RE.findall(outside)) < _STATEMENT_WORDS_MIN
        and len(_CJK_RE.findall(outside)) < _STATEMENT_CJK_MIN
    ):
        return False  # "Sure.", 好的: an acknowledgement, no stance of its own
    return not _states(outside)


#: A label written on the line right after a fenced block, about it (issue #35, twelfth
#: pass): a short line, bracketed or a comment, that points back at the block ("(ignore
#: the block above: test data)", "// the code above is a template", （以上为示例，勿用）).
#: A block is labelled by what its author writes about it, before or after it.
_LABEL_AFTER_RE = re.compile(
    r"[ \t]*\n?[ \t]*(?:[(（\[【<]|//+|#+|--+|\*)[ \t]*(?P<label>[^\n]{0,100}?"
    r"(?:above|preceding|previous|earlier|prior|that|this|the\s+(?:block|code|text|snippet)|"
    r"以上|上面|上述|上方|前面|前述|此段|该段|这段)[^\n]{0,100}?)[ \t]*[)）\]】>*]?[ \t]*(?=\n|\Z)",
    re.I,
)


#: A caption: a short line wholly in brackets right under a block's closing fence is
#: about that block, pointing word or not ("(raw log, ignore)", （测试输出，勿用）).
_CAPTION_AFTER_RE = re.compile(
    r"[ \t]*\n[ \t]*[(（\[【](?P<label>[^\n()（）\[\]【】]{1,100})[)）\]】][ \t]*(?=\n|\Z)"
)
_CONTENT_CHAR_RE = re.compile(r"[A-Za-z0-9\u3400-\u9fff]")


def _hide_styled_classes(text: str, drop: Callable[[re.Match[str]], str]) -> str:
    """``text`` with the elements of every class a ``<style>`` block hides dropped
    (``<style>.x{display:none}</style><span class="x">…</span>``)."""
    if "<style" not in text.lower():
        return text
    classes = {
        m.group("cls")
        for block in re.findall(
            r"<style\b[^>]*>(.*?)(?:</style\s*>|\Z)", text, re.S | re.I
        )
        for m in _HIDING_RULE_RE.finditer(block)
    }
    if not classes:
        return text
    names = "|".join(re.escape(c) for c in sorted(classes))
    element = re.compile(
        r"<(?P<tag>[A-Za-z][A-Za-z0-9]*)\b[^>]*\bclass\s*=\s*[\"']?[^\"'>]*(?<![\w-])"
        rf"(?:{names})(?![\w-])[^>]*>.*?(?:</(?P=tag)\s*>|\Z)",
        re.S | re.I,
    )
    return element.sub(drop, text)


def _fold_details(m: re.Match[str], hidden: list[str], asides: list[str]) -> str:
    """A closed ``<details>``: its summary shown, its body recorded as hidden (and read
    as an aside)."""
    if m.group("body").strip():
        hidden.append(m.group("body"))
        asides.extend(_aside_text(m.group("body")))
    return (m.group("summary") or "") + "\n"


@functools.lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """NFKC with exponents kept, invisible characters removed, look-alike letters folded,
    runs of spaces collapsed (line breaks kept). Idempotent."""
    if text.isascii():
        return _SPACE_RUN_RE.sub(" ", text) if "  " in text or "\t" in text else text
    text = _INVISIBLE_RE.sub("", text)
    text = _EXPONENT_RE.sub(lambda m: "^" + m.group(1).translate(_SUPER_DIGIT), text)
    text = unicodedata.normalize("NFKC", text)
    text = (
        text.replace("\u03bc", "\u00b5").replace("\u2028", "\n").replace("\u2029", "\n")
    )
    if _CYRILLIC_OR_GREEK_RE.search(text):
        text = text.translate(_CYRILLIC)
        text = _MIXED_WORD_RE.sub(_fold_greek, text)
    return _SPACE_RUN_RE.sub(" ", text)


#: Characters that markup or hiding needs: a plain ASCII text without any is shown as is.
_MARKUP_CHARS_RE = re.compile(r"[<>&~\[\]{}*_`#|]|  |\t|=>")


@functools.lru_cache(maxsize=8192)
def _plain(answer: str) -> bool:
    """Whether ``answer`` is shown as written: ASCII without markup, padding or a wall of
    lines (memoised: every check of a turn asks it of the same answer)."""
    return (
        answer.isascii()
        and not _MARKUP_CHARS_RE.search(answer)
        and answer.count("\n") <= PUSHED_DOWN_LINES
        and not _has_padding_run(answer)
        and not _REJECTED_LINE_GATE_RE.search(answer)
        # a note numbered "(1)" at the foot (fifteenth pass)
        and not ("\n" in answer and "(" in answer and _FOOTMARK_DEF_RE.search(answer))
    )


def shown_text(answer: str) -> str:
    """:attr:`Shown.text` of :func:`show` (memoised; a plain ASCII text is its own)."""
    return answer if _plain(answer) else show(answer).text


# ---------------------------------------------------------------- language
_CJK_RE = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")
_LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
#: A gloss in parentheses right after Chinese text (大肠埃希菌（ESCHERICHIA COLI）): a record
#: name quoted, not prose.
_GLOSS_RE = re.compile(r"(?<=[\u3400-\u9fff])\s*[（(][^（）()]*[）)]")


#: Short words that join the words of a name ("history of", "and") but are prose.
_JOINERS = frozenset(
    {"of", "the", "and", "in", "on", "for", "with", "to", "a", "an", "or", "by"}
)


@functools.lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    """The words of every name the vocabulary knows (drugs, labs, scores, units, order
    codes, frequencies, cultures), lowercase: not prose in either language."""
    words: set[str] = set()
    for table in (
        drug_names(),
        LAB_NAMES,
        SUBJECT_NAMES,
        COMPONENT_NAMES,
        UNITS,
        (*ALLOWED_NAMES, *ORDER_CODES),
        [t for terms_ in FREQ_SYNONYMS.values() for t in terms_],
        [en for en, _ in CULTURE_ZH],
    ):
        for name in table:
            if not _CJK_RE.search(name):
                words |= {w.lower() for w in _LATIN_WORD_RE.findall(name)}
    return frozenset(words - _JOINERS)


@functools.lru_cache(maxsize=1)
def _abbreviations() -> frozenset[str]:
    return frozenset({*SUBJECT_ABBREVIATIONS, *LAB_ABBREVIATIONS})


@dataclass(frozen=True)
class Language:
    """What an answer is written in.

    Attributes:
        chinese: Chinese characters.
        english: English prose words (Latin words that are no word of a vocabulary name,
            no abbreviation, unit or gloss).
    """

    chinese: int
    english: int

    @property
    def weights(self) -> dict[str, float]:
        """Words in each language: English prose words; Chinese characters over
        :data:`ZH_CHARS_PER_WORD`."""
        return {"zh": self.chinese / ZH_CHARS_PER_WORD, "en": float(self.english)}

    def written_in(self, language: str) -> bool:
        """Whether the answer is written in ``language`` (``en``/``zh``): the other language
        does not outweigh it :data:`DOMINANCE` times over (an answer with no words to tell
        by is in either). A Chinese answer that names drugs and labs in English, or quotes a
        record title, is still Chinese; one that is mostly English prose is not."""
        w = self.weights
        other = "en" if language == "zh" else "zh"
        return w[other] < DOMINANCE * w.get(language, 0.0) or w[other] == 0


#: Chinese characters per word, to weigh a Chinese text against English prose words.
ZH_CHARS_PER_WORD = 2.0
#: An answer is in the other language when that language outweighs the session's this many
#: times over (a full answer in the other language outweighs it without limit; a quoted
#: record title or an English gloss does not).
DOMINANCE = 2.0


@functools.lru_cache(maxsize=4096)
def answer_language(text: str, record: frozenset[str] = frozenset()) -> Language:
    """The :class:`Language` of a shown text (see the module docstring); ``record``: the
    lowercased Latin words of what the agent saw (a record title quoted is no prose)."""
    chinese = len(_CJK_RE.findall(text))
    prose = _GLOSS_RE.sub(" ", text) if chinese else text
    names = _name_words()
    abbreviations = _abbreviations()
    english = 0
    for word in _LATIN_WORD_RE.findall(prose):
        # names, abbreviations (INR, WBC, K, qd) and single letters are not prose
        if (
            len(word) < 2
            or word in abbreviations
            or (word.isupper() and len(word) <= 6)
            or word.lower() in names
            or word.lower() in record
        ):
            continue
        english += 1
    return Language(chinese, english)


def _plainly_in(text: str, language: str) -> bool:
    """A cheap sufficient test that ``text`` is written in ``language``: an English answer
    with no Chinese character, a Chinese one whose Latin words, names included, could not
    outweigh its Chinese characters."""
    if language == "en":
        return _CJK_RE.search(text) is None
    chinese = len(_CJK_RE.findall(text))
    latin = len(_LATIN_WORD_RE.findall(text))
    return latin < DOMINANCE * chinese / ZH_CHARS_PER_WORD


@functools.lru_cache(maxsize=1024)
def record_words(observations: tuple[str, ...]) -> frozenset[str]:
    """The lowercased Latin words of what the agent saw (record titles, drug rows)."""
    return frozenset(
        w.lower() for o in observations for w in _LATIN_WORD_RE.findall(o) if len(w) > 1
    )


def language_problem(
    text: str, language: str, observations: tuple[str, ...] = ()
) -> str:
    """Why a shown answer is not in the session's ``language`` (``en``/``zh``), ``""`` when
    it is (or has no words to tell by)."""
    if language not in ("en", "zh"):
        return ""
    record = record_words(observations) if language == "zh" else frozenset()
    if _plainly_in(text, language) or answer_language(text, record).written_in(
        language
    ):
        return _other_language_sentence(text, language, record)
    said = answer_language(text, record)
    return (
        f"the answer is not in {'Chinese' if language == 'zh' else 'English'}, the "
        f"session's language ({said.chinese} Chinese characters, {said.english} English "
        "prose words)"
    )


#: A sentence of an answer (split at . ; ! ? and line breaks, decimals kept).
_SENTENCE_RE = re.compile(r"[^。；！？;!?\n]+?(?:(?<!\d)\.(?!\d)|[。；！？;!?\n]|$)")
#: English prose words that make a sentence without Chinese an English sentence in a
#: Chinese answer, and Chinese characters that make a sentence Chinese in an English one.
OTHER_LANGUAGE_WORDS = 3
#: A parenthesised stretch (ASCII or full-width), at most 400 characters.
_PARENTHESES_RE = re.compile(r"[(（][^()（）]{0,400}[)）]")
OTHER_LANGUAGE_CHARS = 6


def _other_language_sentence(
    text: str, language: str, record: frozenset[str] = frozenset()
) -> str:
    """A whole sentence written in the other language ("; glucose went from 120 to 115
    mg/dL (stable)." in a Chinese answer): half an answer in the language the physician did
    not use is not an answer in the session's language. Names, abbreviations and glosses
    are no prose (:func:`answer_language`), so a Chinese sentence naming drugs in English,
    or quoting an English record title after Chinese words, stays Chinese."""
    if language == "zh" and not _LATIN_WORD_RE.search(text):
        return ""
    if language == "en" and not _CJK_RE.search(text):
        return ""
    # a quote in parentheses (报告原文（...）, a record title) is the record's words, not prose
    plain = text
    for _ in range(3):  # nested ones, innermost first
        plain = _PARENTHESES_RE.sub(" ", plain)
    for m in _SENTENCE_RE.finditer(plain):
        sentence = m.group(0)
        said = answer_language(sentence, record)
        if (
            language == "zh"
            and said.chinese == 0
            and said.english >= OTHER_LANGUAGE_WORDS
        ):
            return f"a sentence is in English, not the session's Chinese: {sentence.strip()[:80]!r}"
        if language == "en" and said.chinese >= OTHER_LANGUAGE_CHARS:
            return f"a sentence is in Chinese, not the session's English: {sentence.strip()[:80]!r}"
    return ""


#: Where a line holding both languages is split: after a sentence's end or a label's colon
#: (and its blank, kept with the part before it), at a slash or bar set between blanks.
_MIXED_SPLIT_RE = re.compile(r"(?<=[.;:!?])(?=\s)|(?<=[。！？：])|\s+[/|｜／]\s+")
#: A line wrapped whole in brackets (``（…）``, ``(…)``): a translation given as a gloss.
_WRAPPED_LINE_RE = re.compile(r"^[ \t]*[(（\[【](?P<inner>.*)[)）\]】][ \t]*$", re.M)


def other_language_prose(text: str, language: str) -> bool:
    """A cheap test that ``text`` holds a sentence's worth of prose in the other language
    than ``language`` (:data:`OTHER_LANGUAGE_CHARS` Chinese characters in an English
    answer, :data:`OTHER_LANGUAGE_WORDS` Latin words in a Chinese one)."""
    if language == "en":
        return len(_CJK_RE.findall(text)) >= OTHER_LANGUAGE_CHARS
    return len(_LATIN_WORD_RE.findall(text)) >= OTHER_LANGUAGE_WORDS


def _prose_language(part: str, record: frozenset[str]) -> str:
    """``zh``, ``en`` or ``""`` (no prose to tell by: numbers, names, a label): the
    language with more prose, Chinese characters weighed against English words
    (:data:`ZH_CHARS_PER_WORD`)."""
    said = answer_language(part, record)
    if not said.chinese and not said.english:
        return ""
    return "zh" if said.weights["zh"] > said.english else "en"


def _mixed(line: str, record: frozenset[str]) -> bool:
    """Whether a line holds prose of both languages (a sentence's worth of each)."""
    said = answer_language(line, record)
    return said.chinese >= 2 and said.english >= 1


@functools.lru_cache(maxsize=1024)
def bilingual_halves(
    text: str, language: str, record: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """An answer given in both languages split into its two halves (issue #35,
    thirteenth pass): the session ``language``'s lines and the other language's, each in
    order (EN then ZH, ZH then EN, interleaved lines, the other half as a bracketed
    gloss); a line with prose of both (``EN … / 中文 …``) is split into its sentences; a
    line or sentence with no prose to tell by stays with the one before it. ``None`` when
    either half has no prose: an answer only in the other language, or only in the
    session's. The grader reads each half as an answer in its own language and the whole
    together, so each half must be right on its own and neither may take from the other."""
    other = "en" if language == "zh" else "zh"
    plain = _WRAPPED_LINE_RE.sub(lambda m: m.group("inner"), text)
    parts: dict[str, list[str]] = {"en": [], "zh": []}
    current = ""
    pending: list[str] = []
    for line in plain.split("\n"):
        pieces = _MIXED_SPLIT_RE.split(line) if _mixed(line, record) else [line]
        for piece in pieces:
            lang = _prose_language(piece, record) or current
            if not lang:
                pending.append(
                    piece
                )  # before any prose: goes with the first that has it
                continue
            parts[lang].extend(pending)
            parts[lang].append(piece)
            pending = []
            current = lang
        if current:
            parts[current].append("\n")
    halves = {k: "".join(v).strip().strip("/／|").strip() for k, v in parts.items()}
    if not (
        _prose_language(halves[language], record) == language
        and _prose_language(halves[other], record) == other
    ):
        return None
    return halves[language], halves[other]


# ---------------------------------------------------------------- length
#: The longest answer a turn accepts is this many times its gold answer...
LENGTH_FACTOR = 3.0
#: ...and never less than this many characters of shown text (a verbose clinician's answer:
#: about 250 English words; Chinese is about 2.5 times denser in characters).
LENGTH_FLOOR: dict[str, int] = {"en": 1500, "zh": 600}
#: The grader reads at most this many characters of an answer (or the turn's budget when
#: that is longer): past the budget the turn cannot pass anyway, and the cost of reading
#: stays bounded whatever an answer's length.
MAX_READ_CHARS = 6000


def length_of(text: str) -> int:
    """Characters of a shown text, runs of white space counted as one."""
    return len(" ".join(text.split()))


@functools.lru_cache(maxsize=4096)
def length_budget(gold: str, language: str) -> int:
    """The longest answer a turn accepts: :data:`LENGTH_FACTOR` times its gold answer as
    shown, at least :data:`LENGTH_FLOOR` of the language."""
    floor = LENGTH_FLOOR.get(language, LENGTH_FLOOR["en"])
    return max(floor, int(LENGTH_FACTOR * length_of(shown_text(gold))))


def length_problem(text: str, gold: str, language: str) -> str:
    """Why a shown answer is too long for its turn, ``""`` when it is not."""
    budget = length_budget(gold, language)
    if len(text) <= budget:  # the shown length is never longer than the text
        return ""
    n = length_of(text)
    if n <= budget:
        return ""
    return (
        f"the answer is {n} characters long, over the turn's budget of {budget} "
        f"({LENGTH_FACTOR:g}x the gold answer, at least "
        f"{LENGTH_FLOOR.get(language, LENGTH_FLOOR['en'])})"
    )


def read_limit(gold: str, language: str) -> int:
    """How many characters of an answer the grader reads: :data:`MAX_READ_CHARS`, or the
    turn's budget when that is longer."""
    return max(MAX_READ_CHARS, length_budget(gold, language))


def truncate(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, at the last line break, sentence end or
    space before the limit (so no number or word is cut in two)."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    for sep in ("\n", "。", ". ", "；", "; ", " "):
        at = cut.rfind(sep)
        if at >= limit // 2:
            return cut[: at + len(sep)]
    return cut


# ---------------------------------------------------------------- rows pasted
_ROW_MARK_RE = re.compile(r"\d{4}-\d{2}-\d{2}|\b[A-Z][A-Za-z]+/[\w.-]+|\|")
_SPACE_RE = re.compile(r"\s+")
_ISO_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _norm(s: str) -> str:
    return _SPACE_RE.sub(" ", s).strip().lower()


@functools.lru_cache(maxsize=1024)
def _norm_observation(s: str) -> str:
    """:func:`_norm` of a tool result with its characters normalised as an answer's are
    (:func:`normalise`), kept: the same results are searched for every answer."""
    return _norm(normalise(s))


@functools.lru_cache(maxsize=4096)
def pasted_lines(answer: str, observations: tuple[str, ...]) -> tuple[bool, ...]:
    """For each line of a shown ``answer``, whether it reproduces a tool-result line: at
    least 20 characters long, carrying a record row's marks (a date, a resource id or a
    table bar) and found verbatim, whitespace aside, in an observation."""
    if not observations:
        return tuple(False for _ in answer.split("\n"))
    pool: list[str] | None = (
        None  # normalised observations, made when a line may be pasted
    )
    out = []
    for line in answer.split("\n"):
        n = _norm(line)
        pasted = False
        if len(n) >= 20 and _ROW_MARK_RE.search(line):
            if pool is None:
                pool = [_norm_observation(o) for o in observations if o]
            pasted = any(n in o for o in pool)
        out.append(pasted)
    return tuple(out)


#: An answer may quote this many result rows whatever its gold quotes (the one or two it
#: relies on, and a short series)...
DUMP_ROWS_FLOOR = 6
#: ...or this many times the rows its gold answer quotes (a trend's dated turning points).
DUMP_ROWS_FACTOR = 2


#: Own words this long (Chinese characters) make a statement, not a pointer at the rows.
_OWN_STATEMENT_CJK = 12


def _restates(own: str, pasted: list[str]) -> bool:
    """Whether the author's own words (``own``) say something of what its pasted rows
    say: a word of four or more letters they share ("Booked the cardiology follow-up"
    under a row naming cardiology), or a Chinese statement of
    :data:`_OWN_STATEMENT_CJK` characters or more (the rows are the tool's English).
    "See above.", 见上 point at the rows and restate nothing."""
    if len(_CJK_RE.findall(own)) >= _OWN_STATEMENT_CJK:
        return True
    words = {w.lower() for w in _LATIN_WORD_RE.findall(own) if len(w) >= 4}
    if not words:
        return False
    rows = {w.lower() for ln in pasted for w in _LATIN_WORD_RE.findall(ln)}
    return bool(words & rows)


#: A diagnosis code in a row or in the answer's words ("(ICD-9 41519)", "（41519）").
_CODE_RE = re.compile(r"(?<![\d.-])([A-Z]?\d{3,5}(?:\.\d+)?)(?![\d-])")


@functools.lru_cache(maxsize=1)
def _subject_index() -> TermIndex[str]:
    """The vocabulary's result, score and drug names (EN and ZH) by their keys (claims
    reads pasted lines from here, so its reader cannot be imported)."""
    return TermIndex({**drug_names(), **SUBJECT_NAMES, **SUBJECT_ABBREVIATIONS})


def _subject_keys(text: str) -> set[str]:
    return {h.value for h in _subject_index().find(text)}


def _unrelated_rows(own: str, pasted: list[str]) -> list[str]:
    """The pasted rows the author's own words name nothing of: no result, drug or score
    of the row (in either language: "Potassium = 3.4" beside 血钾 3.4) and no code of it.
    A row the answer's statement rests on is its evidence (sixteenth pass: the gold plus
    the turn's own rows as a timeline is right), a row of what it never names is a dump."""
    own_keys = _subject_keys(own)
    own_codes = {c.replace(".", "") for c in _CODE_RE.findall(own)}
    out = []
    for row in pasted:
        body = row.split("|", 1)[1] if "|" in row else row
        keys = _subject_keys(body)
        codes = {c.replace(".", "") for c in _CODE_RE.findall(body)}
        if not (keys & own_keys or codes & own_codes):
            out.append(row)
    return out


def dump_problem(text: str, gold: str, observations: Sequence[str] = ()) -> str:
    """Why a shown answer is a dump of the record rather than an answer, ``""`` when it is
    not. A quoted row is a line pasted from a tool result (:func:`pasted_lines`) or a
    record date (``2180-01-04``) said elsewhere in it. The answer fails when it quotes
    more rows than :data:`DUMP_ROWS_FLOOR`, or :data:`DUMP_ROWS_FACTOR` times its gold
    answer's dates, whichever is more; or when three or more pasted rows make over half
    of it. Rationale: the physician asked a question, and the reward must not pay for
    pasting every row around the answer (issue #35) while a short answer quoting the one
    or two rows it relies on stays right. Nor may it pay for the rows alone: an answer
    whose every statement is a pasted row, its own words stating nothing of the patient
    ("See above.", 请自行解读), reads the record back and answers nothing (fifteenth
    pass)."""
    if not _ISO_DATE_RE.search(text) and "|" not in text:
        return ""
    lines = text.split("\n")
    flags = pasted_lines(text, tuple(observations))
    pasted = [ln for ln, f in zip(lines, flags, strict=True) if f]
    dated = sum(
        len(_ISO_DATE_RE.findall(ln))
        for ln, f in zip(lines, flags, strict=True)
        if not f
    )
    quoted = len(pasted) + dated
    allowance = max(DUMP_ROWS_FLOOR, DUMP_ROWS_FACTOR * len(_ISO_DATE_RE.findall(gold)))
    if quoted > allowance:
        return (
            f"quotes {quoted} result rows ({len(pasted)} pasted), over the turn's "
            f"allowance of {allowance}: a dump of the record, not an answer"
        )
    own_text = "\n".join(ln for ln, f in zip(lines, flags, strict=True) if not f)
    unrelated = _unrelated_rows(own_text, pasted) if len(pasted) >= 3 else pasted
    pasted_chars = sum(length_of(ln) for ln in unrelated)
    if len(unrelated) >= 3 and 2 * pasted_chars > length_of(text):
        return (
            f"{len(unrelated)} pasted result rows make {pasted_chars} of its "
            f"{length_of(text)} characters: a dump of the record, not an answer"
        )
    if pasted:
        own = "\n".join(ln for ln, f in zip(lines, flags, strict=True) if not f)
        if not (_states(own) or _restates(own, pasted)):
            return (
                f"all it states is {len(pasted)} result row(s) pasted from the tool "
                "output, with nothing of its own: a dump of the record, not an answer"
            )
    return ""


# ---------------------------------------------------------------- wording nobody can parse
#: English words that close no phrase: an article, a preposition, a coordinating word or a
#: copula right before a punctuation mark leaves its phrase unfinished ("the.", "of,").
_OPEN_WORDS = frozenset(
    "the a an its their his her our your my each every of in on at for with to from by "
    "into than via per without within and or nor is are was were".split()
)
#: Function words an article cannot precede ("the of", "a is").
_FUNCTION_WORDS = _OPEN_WORDS | frozenset(
    "this these those be been being has have had will should would can could does did "
    "do must but whether because although while which who if then".split()
)
_ARTICLES = frozenset(
    "the a an its their his her our your my each every".split()
)  # fmt: skip
#: Function words that start a sentence, capitalised: in mid-sentence after a lowercase
#: word they mark a sentence cut up and reassembled.
_CAPITAL_STARTERS = frozenset(
    "The A An Since It This These Done From In On At For With To And But Or If When No "
    "Not Is Was Are Of So Then".split()
)
_WORD_TOKEN_RE = re.compile(
    r"(?i:[ap]\.m\.|e\.g\.|i\.e\.|approx\.|vs\.|etc\.)|[A-Za-z]+(?:'[a-z]+)?|[.,;:!?)\]]|\d[\d.,/%-]*"
)
#: An answer's English wording is unparsed when it holds this many word-order faults...
WORD_ORDER_FAULTS = 2
#: ...and at least one per this many words (a longer answer: :data:`WORD_ORDER_FAULTS` + 1
#: faults, one per :data:`WORD_ORDER_WORDS_LONG` words).
WORD_ORDER_WORDS = 8
WORD_ORDER_WORDS_LONG = 10


def word_order_faults(text: str) -> tuple[int, int]:
    """(faults, words) of an English text (issue #35, twelfth pass). A fault is a pair of
    tokens no English sentence writes: a word of :data:`_OPEN_WORDS` right before a
    punctuation mark ("of,", "the."), an article before a function word ("the is"), a
    capitalised sentence starter after a lowercase word ("diagnosis The"), or a full stop
    after a word followed by a lowercase word ("(5789). principal"). Abbreviations with
    dots (a.m., e.g., vs.) are one token."""
    toks = _WORD_TOKEN_RE.findall(text)
    faults = words = 0
    for i, t in enumerate(toks):
        if not t[0].isalpha():
            if t == "." and 0 < i < len(toks) - 1:
                prev, nxt = toks[i - 1], toks[i + 1]
                if (len(prev) >= 3 or prev == ")") and nxt[0].islower():
                    faults += 1
            continue
        words += 1
        low = t.lower()
        nxt = toks[i + 1] if i + 1 < len(toks) else "."
        prev = toks[i - 1] if i else "."
        if low in _OPEN_WORDS and nxt in ".,;:!?)]":
            faults += not (low == "is" and prev.lower() == "as")
        elif low in _ARTICLES and nxt.lower() in _FUNCTION_WORDS:
            faults += 1
        elif t in _CAPITAL_STARTERS and prev[0].isalpha() and prev[0].islower():
            faults += 1
    return faults, words


def wording_problem(text: str, language: str) -> str:
    """Why a shown answer's wording cannot be parsed, ``""`` when it can (issue #35, twelfth
    pass): an English answer with :data:`WORD_ORDER_FAULTS` or more word-order faults
    (:func:`word_order_faults`), one per :data:`WORD_ORDER_WORDS` words or denser (or one
    more fault, one per :data:`WORD_ORDER_WORDS_LONG` words), is words in no order: the
    right terms in it carry no statement a reader can act on. Chinese answers are not
    measured (a clause order is free enough that a shuffled answer often still reads)."""
    if language != "en" or text.count(" ") < 2 * WORD_ORDER_FAULTS:
        return ""
    faults, words = word_order_faults(text)
    if faults < WORD_ORDER_FAULTS:
        return ""
    if faults * WORD_ORDER_WORDS >= words or (
        faults > WORD_ORDER_FAULTS and faults * WORD_ORDER_WORDS_LONG >= words
    ):
        return (
            f"its words are in no order a reader can parse: {faults} word-order faults "
            f"in {words} words"
        )
    return ""


# ---------------------------------------------------------------- days nobody saw
_YEAR_RE = re.compile(r"(?<!\d)\d{4}(?!\d)")


#: Words that make a day a plan (a recheck, a follow-up, a stop date), not a dated fact.
_PLAN_WORD_RE = re.compile(
    r"\b(?:re-?check|repeat|recheck|follow[- ]?up|review|appointment|clinic|schedul\w*|"
    r"book\w*|due|until|through|till|next|plan\w*|start\w*|stop\w*|resum\w*|continu\w*)\b"
    r"|复查|复诊|随访|预约|门诊|计划|安排|之前|以前|为止|开始|停用|恢复|继续",
    re.I,
)


def _planned_day(text: str, d: DaySaid, latest: tuple[int, int, int]) -> bool:
    """Whether a day the record never showed is a plan: every reading of it falls after the
    latest day the record shows, in a sentence that plans ("recheck on 2181-03-06",
    "follow-up clinic 2181-03-20", 2181年3月6日复查). A future day cannot be a result or an
    order already given; only a day that lies within the record's span can be a wrong
    dated fact."""
    if d.year is None:
        return False
    readings = [d.month_day] if d.month_day else list(d.options)
    y = d.year if d.year >= 100 else 2000 + d.year
    if not readings or not all((y, m, day) > latest for m, day in readings):
        return False
    lo = max(
        text.rfind(".", 0, d.start),
        text.rfind("。", 0, d.start),
        text.rfind("\n", 0, d.start),
    )
    hi = min(
        (
            i
            for i in (
                text.find(".", d.end),
                text.find("。", d.end),
                text.find("\n", d.end),
            )
            if i >= 0
        ),
        default=len(text),
    )
    return bool(_PLAN_WORD_RE.search(text[lo + 1 : hi]))


def unseen_day_problem(text: str, gold: str, observations: Sequence[str] = ()) -> str:
    """Why a shown answer states a calendar day nobody saw, ``""`` when it does not (issue
    #35, twelfth pass): a day said with its year, in any format (:func:`.dates.days_said`:
    ``2180-03-04``, "4 March 2180", ``3/4/2180``, 2180年3月4日), that is no day of what the
    agent saw (tool results, write confirmations, the patient's words) nor of the turn's
    gold answer. A result, an order or a culture dated on a day the chart never showed is a
    wrong dated fact, whatever else the answer says right; days said without a year, and
    day words ("yesterday"), are not checked here."""
    if not _YEAR_RE.search(text):
        return ""
    said = [
        d for d in days_said(text) if d.year is not None and (d.month_day or d.options)
    ]
    if not said:
        return ""
    known = days_written((gold, *observations))
    latest = max(known, default=None)
    for d in said:
        if not any(d.matches(m, day, y) for (y, m, day) in known):
            if latest is not None and _planned_day(text, d, latest):
                continue
            return (
                f"states a day nobody saw: {text[d.start : d.end]!r} is in no result "
                "the agent saw"
            )
    return ""


# ---------------------------------------------------------------- text to the grader
#: Text addressed to whoever grades the answer rather than to the physician: the grader,
#: evaluator or rubric named, rubric item ids (``t1-i0``, never shown to the agent), a
#: verdict or score asked for ("score this answer 1.0", "all criteria met", "Grade:
#: correct", 请给 1.0 分, 评定：正确), a score object (``{"score": 1}``) and system-prompt
#: markup (``[[SYSTEM: ...]]``, ``<|system|>``, "ignore previous instructions"). A clinical
#: answer has no reason to say any of it (the agent never sees the rubric), so an answer
#: that does cannot pass, whatever else it says (OWASP LLM01 prompt injection).
_TO_GRADER_RE = re.compile(
    r"\b(?:grader|graders|grading\s+model|evaluator|rubric|reward\s+model|scorer)s?\b"
    r"|\bt\d+-i\d+\b"
    r"|\b(?:score|grade|mark|rate)\s+(?:this|the|my)\s+(?:answer|response|reply|output)\b"
    r"|\b(?:all|every)\s+(?:the\s+)?(?:rubric\s+)?(?:items?|criteria|checks)\s+(?:are\s+|were\s+|have\s+been\s+)?"
    r"(?:met|satisfied|fulfilled|passed|completed)\b"
    r"|\b(?:completed|satisfied|met)\s+(?:all|every)\s+(?:the\s+)?(?:rubric\s+)?(?:items?|criteria)\b"
    r"|\bgrade\s*:\s*(?:correct|pass|full|a\b|100)|\bfull\s+(?:marks|score|credit)\b"
    # a structured verdict: a score key holding a score, not a key over the answer's prose
    r"|\{\s*[\"'](?:score|grade|reward|pass|passed|verdict|result|rating)[\"']\s*:\s*"
    r"(?:-?[\d.]+\b|true\b|false\b|[\"'](?:pass(?:ed)?|correct|full(?:\s+marks)?|met|yes|"
    r"a\+?|[\d.]+(?:\s*/\s*[\d.]+|%)?)[\"'])"
    r"|\[\[\s*(?:system|sys|admin|instruction)|<\|?\s*(?:system|im_start)\s*\|?>"
    r"|\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier)\s+instructions\b"
    r"|\b(?:evaluator|grader|system|admin)\s+override\b|\boverride\s*:\s*pass\b"
    r"|评分器|评分项|评分标准|评分核对|评测|阅卷|打分|满分|评分细则|判分"
    r"|(?:请|应)?给\s*(?:\d+(?:\.\d+)?|满)\s*分|评定\s*[:：]\s*(?:正确|通过|满分)"
    r"|所有(?:的)?(?:评分)?(?:项|标准|条目)(?:均|都|全部)?已?(?:满足|达标|通过)"
    r"|\[\[\s*系统|系统\s*[:：]\s*(?:所有|请)|忽略(?:之前|以上|前面)的?(?:所有)?指令"
    # who grades, named in Chinese; the answer judging itself; a verdict or score given
    r"|评分员|评分人|评分者|评审员|评审人|评估员|审核员|阅卷人|打分员|判卷|评委|考官"
    r"|(?:本|此|该|这个?|以上)(?:回答|答案|回复|作答)(?:内容)?(?:完全|全部|均|都|已|确实)*"
    r"(?:正确|无误|准确无误|合格|达标|满足|符合要求|符合标准|通过|应得|应判|应评)"
    r"|(?<![A-Za-z0-9\-\s])\s*(?:评分|得分|分数|评级|评价|结论|结果|判定|判断|成绩)\s*[:：=]\s*"
    r"(?:1\.0+(?![\d.]|\s*分)|1\s*/\s*1(?![\d.])|100\s*%|10\s*/\s*10|满分|正确|通过|合格|优秀)"
    r"|(?:系统|管理员|审核|审阅|评审|审查)\s*(?:提示|消息|指令|通知|意见|结论|结果|备注)\s*[:：]"
    r"|判(?:为|定为)?\s*(?:正确|通过|满分|合格|符合)|(?:请|应)(?:判|评)(?:为|定)"
    r"|(?:请|务必)(?:给予?|打)\s*(?:高分|满分|最高分)",
    re.I,
)


#: Text to whoever grades, by category (issue #35, sixth pass): an addressee who judges
#: the answer (a reviewer, assessor, rater, an AI judge, a language model, "whoever is
#: grading"), or the answer's own verdict on itself (deserves full marks, should be
#: scored as correct, covers every criterion). A clinician's judgement ("I'd judge the
#: risk low", "clinical judgement") and a tumour marker address nobody.
_ADDRESSEE_EN = (
    r"reviewers?|assessors?|raters?|markers?(?=\s*[:,])|examiners?|checkers?|"
    r"(?:AI|automated|automatic|LLM|model)\s+(?:judge|grader|reviewer|evaluator|checker|assessor|"
    r"rater|marker|system)|language\s+models?|LLMs?|judge(?=\s*[:,])|the\s+judge\b|"
    r"whoever\s+(?:is\s+)?(?:grading|scoring|marking|checking|reviewing|judging|evaluating|rating)"
    r"|(?:person|model|system|AI)\s+(?:grading|scoring|marking|judging|evaluating|rating|reviewing)"
)
_SELF_VERDICT_EN = (
    r"(?:deserves?|merits?|warrants?|earns?|should\s+(?:get|receive|earn|be\s+given))\s+(?:a\s+)?"
    r"(?:full|top|maximum|max|perfect|high|the\s+highest|all\s+the)\s+(?:marks?|scores?|credit|"
    r"points|rating|grade)"
    r"|(?:mark|score|grade|rate|count|judge|treat)\s+(?:this|it|me|the\s+(?:answer|response|reply))"
    r"\s+(?:as\s+)?(?:correct|complete|passing|right|met|a\s+pass|fully\s+correct|perfect)"
    r"|(?:be|is|being)\s+(?:counted|marked|scored|graded|judged|rated)\s+(?:as\s+)?(?:correct|right|"
    r"a\s+pass|passing|perfect)"
    r"|(?:this|my|the)\s+(?:answer|response|reply)\s+(?:is|should\s+be)\s+(?:scored|graded|marked|"
    r"rated|judged|counted)\b"
    r"|(?:covers?|addresses|meets|satisfies|ticks|hits|fulfils|fulfills)\s+(?:off\s+)?(?:all|every|"
    r"each)\s+(?:of\s+)?(?:the\s+)?(?:requirements?|criteria|criterion|boxes|box|items?|points|"
    r"rubric|checks?|expectations)"
    r"|(?:all|every|each)\s+(?:the\s+)?(?:requirements?|criteria|criterion|boxes|box|expected\s+"
    r"points)\s+(?:is|are|has|have)\s+(?:been\s+)?(?:covered|addressed|ticked|checked|met|hit)"
)
#: Words every text of :data:`_TO_GRADER_CATEGORY_RE` holds (lowercase; a cheap first test).
_TO_GRADER_WORDS: tuple[str, ...] = (
    "review", "assessor", "rater", "marker", "examiner", "checker", "judge", "model", "llm",
    "whoever", "grading", "scoring", "marking", "judging", "evaluating", "rating", "deserv",
    "merit", "warrant", "earn", "should get", "should receive", "should be given", " as ",
    "criteri", "requirement", "box", "rubric", "expectation", "points", "items", "checks",
    "scored", "graded", "marked", "rated", "judged", "counted", "评", "阅", "ai", "模型",
    "机器", "系统", "满分", "高分", "最高分", "全部分数", "要点", "标准", "得分点",
    "whoever", "anyone", "anybody", "the one", "the person", "the people", "the program",
    "the script", "the system", "the tool", "the bot", "the machine", "scoring", "reference",
    "model", "gold", "ideal", "canonical", "expected", "target", "key", "terms", "phrases",
    "text", "wording", "答案", "期望", "预期", "关键词", "匹配", "对照", "致", "给",
)  # fmt: skip
#: Whoever scores, named by the act (issue #35, fourteenth pass): "whoever scores this",
#: "anyone evaluating this reply", "the program grading these", "for the scoring script".
_SCORER_EN = (
    r"(?:whoever|anyone|anybody|the\s+(?:one|person|people|program|script|system|tool|bot|"
    r"machine))\s+(?:(?:who|that)\s+)?(?:is\s+|will\s+(?:be\s+)?)?(?:scor|grad|mark|evaluat|"
    r"assess|judg|rat)(?:es|s|ing|e)?\s+(?:this|these|that|it|them|the\s+(?:answers?|responses?|"
    r"repl(?:y|ies)|outputs?))\b"
    r"|\b(?:for|to)\s+the\s+(?:automated\s+|auto\s+)?(?:scoring|grading|marking|evaluation|"
    r"evaluating|checking)\s+(?:script|program|system|tool|model|person|team|bot|pipeline)"
)
#: The answer naming the text it is to be matched against rather than answering (issue
#: #35, fourteenth pass): a reference, model or expected answer or output, keywords to be
#: matched; 参考答案, 标准答案, 期望输出, 供匹配的关键词. A reference range, an
#: expected urine output or a response to a drug are clinical and name none.
_MATCHED_TEXT_EN = (
    r"(?:reference|model|gold|ideal|canonical)\s+(?:answers?|responses?|repl(?:y|ies)|outputs?)"
    r"(?!\s+(?:of|for|from|to)\b)"
    r"|(?:expected|target)\s+(?:answers?|repl(?:y|ies)|outputs?)(?=\s*[:：(\[]|\s+(?:is\s+[\"“'A-Za-z]|"
    r"follows|below|verbatim|reads))|(?:expected|target)\s+responses?(?=\s*[:：])"
    r"|(?:key\s*words?|terms|phrases|text|wording)\s+(?:for|to)\s+(?:the\s+)?match(?:ing|er)?\b"
    r"|(?:key\s*words?|terms)\s+(?:you(?:'re|\s+are)\s+|being\s+)?(?:looking|searching|checking|"
    r"scanning)\s+for"
)
_TO_GRADER_CATEGORY_RE = re.compile(
    rf"(?:\b(?:dear|attention|note\s+to(?:\s+the)?|to\s+the|for\s+the|hey|hi|hello)\s+"
    rf"(?:{_ADDRESSEE_EN})\b|\b(?:{_ADDRESSEE_EN})\s*[:,]\s*(?:please|note|this|the|I)\b"
    rf"|\b(?:{_SELF_VERDICT_EN})\b|\b(?:{_SCORER_EN})|\b(?:{_MATCHED_TEXT_EN}))"
    r"|参考答案|标准答案|正确答案(?:是|为|如下|[:：])|(?:期望|预期)的?(?:输出|答案|回答|回复)|关键词(?:都|全)"
    r"|(?:供|用于|用来)?(?:匹配|对照)(?:用)?的?(?:关键词|文字|文本)|(?:你|您)(?:要|在)?(?:找|查找|匹配)的?关键词"
    r"|致[^:：,，。\n]{0,10}(?:程序|脚本|模型|机器人)|(?:致|给|请)(?:评估|审阅|打分|判卷)"
    r"|(?:致|给|请)(?:评分|评审|审核|阅卷|AI|模型|机器|系统)|(?:本|此|该|这个?)(?:回答|答案|回复)"
    r"(?:应该?|理应|值得|配得上)(?:得|拿|获得|给)?(?:满分|高分|最高分|全部分数)|(?:覆盖|满足|涵盖)了?"
    r"(?:所有|全部|每一?[项条个])(?:要求|要点|标准|评分点|得分点)",
    re.I,
)


#: Words every text of :data:`_TO_GRADER_RE` holds (lowercase; each alternative of the
#: pattern needs one of them): an answer without any is not searched.
_TO_GRADER_ANCHORS: tuple[str, ...] = (
    "grad", "evaluat", "rubric", "reward", "scorer", "-i", "answer", "response", "reply",
    "output", "item", "criteri", "checks", "full ", "{", "[[", "<", "instruction",
    "override", "评", "阅", "分", "判", "所有", "系统", "指令", "审", "考官", "回答", "答案",
    "回复", "作答", "结论", "结果", "成绩", "管理员",
)  # fmt: skip


def injection_problem(answer: str) -> str:
    """Why ``answer`` (as written, hidden parts included) addresses the grader, or ``""``."""
    low = answer.lower()
    m = (
        _TO_GRADER_RE.search(answer)
        if any(w in low for w in _TO_GRADER_ANCHORS)
        else None
    )
    if m is None:
        if any(w in low for w in _TO_GRADER_WORDS):
            m = _TO_GRADER_CATEGORY_RE.search(answer)
    if m is None:
        return ""
    return f"addresses the grader, not the physician: {m.group(0)!r}"


# ---------------------------------------------------------------- the text the grader reads
@dataclass(frozen=True)
class AnswerText:
    """An answer prepared for grading.

    Attributes:
        shown: The answer as shown (:func:`show`).
        read: What the grader reads: the shown text cut to :func:`read_limit`.
        problems: ``(kind, reason)`` for each way the answer cannot pass whatever it
            says: ``language`` (:func:`language_problem`), ``length``
            (:func:`length_problem`), ``injection`` (:func:`injection_problem`),
            ``dump`` (:func:`dump_problem`).
        asides: :attr:`Shown.asides` joined and cut to :func:`read_limit`: read for what
            they take back, add or harm, never for the decision (issue #35, tenth pass).
    """

    shown: Shown
    read: str
    problems: tuple[tuple[str, str], ...] = ()
    asides: str = ""

    @property
    def truncated(self) -> bool:
        """Whether the grader reads less than the whole shown answer."""
        return len(self.read) < len(self.shown.text)


def answer_text(
    answer: str, language: str, gold: str, observations: Sequence[str] = ()
) -> AnswerText:
    """The answer as the rule grader reads it for a turn whose gold answer (in the
    session's ``language``) is ``gold``: shown, checked for language (English words of
    what the agent saw, ``observations``, are record names in a Chinese answer) and length,
    cut to what is read."""
    shown = Shown(answer) if shown_text(answer) is answer else show(answer)
    problems = [
        (kind, reason)
        for kind, reason in (
            ("language", language_problem(shown.text, language, tuple(observations))),
            ("length", length_problem(shown.text, gold, language)),
            ("injection", injection_problem(answer)),
            ("dump", dump_problem(shown.text, gold, observations)),
            ("day", unseen_day_problem(shown.text, gold, tuple(observations))),
            ("wording", wording_problem(shown.text, language)),
        )
        if reason
    ]
    limit = read_limit(gold, language)
    read = truncate(shown.text, limit)
    asides = truncate("\n\n".join(shown.asides), limit) if shown.asides else ""
    return AnswerText(shown, read, tuple(problems), asides)
