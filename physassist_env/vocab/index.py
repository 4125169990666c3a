"""Fast whole-term lookup of a vocabulary in a text (EN words and ZH characters).

A :class:`TermIndex` finds every term of a table in one pass: Latin terms are matched as
whole words (case-insensitive, words separated by spaces or hyphens), Chinese and mixed
terms as substrings; at each position the longest term wins and matches do not overlap.
It replaces one regular expression per term, which made grading slow.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

V = TypeVar("V")

_CJK_RE = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")
#: A Latin word: letters, digits and the marks that belong inside clinical words (K+, CHA₂DS₂).
_WORD_RE = re.compile(r"[A-Za-z0-9µμ₂'’+]+")
_GAP_RE = re.compile(r"[\s\-]+")


@dataclass(frozen=True)
class TermHit(Generic[V]):
    """One term found: where, as written, and the value the table gives it."""

    start: int
    end: int
    text: str
    value: V


def _words(term: str) -> tuple[str, ...] | None:
    """The lowercase words of a Latin term, or ``None`` when the term has other characters
    (such terms cannot be matched word by word)."""
    stripped = term.strip()
    rebuilt = _GAP_RE.sub(" ", stripped)
    words = _WORD_RE.findall(rebuilt)
    if not words or " ".join(words) != rebuilt:
        return None
    return tuple(w.lower().replace("’", "'") for w in words)


class TermIndex(Generic[V]):
    """A vocabulary table ready for one-pass lookup.

    Args:
        terms: Term -> value. Latin terms made only of words (letters, digits, ``+``, ``'``)
            separated by spaces or hyphens are matched word by word; any other term
            (Chinese, mixed, or with ``/`` or ``.``) as a case-insensitive substring that
            does not start or end inside a Latin word.
        case_sensitive: Match Latin terms with their case (abbreviations such as ``K``).
    """

    def __init__(self, terms: Mapping[str, V], *, case_sensitive: bool = False):
        self.case_sensitive = case_sensitive
        self.words: dict[tuple[str, ...], V] = {}
        self.other: dict[str, V] = {}
        for term, value in terms.items():
            words = _words(term)
            if words is not None and not _CJK_RE.search(term):
                key = (
                    tuple(_WORD_RE.findall(_GAP_RE.sub(" ", term.strip())))
                    if case_sensitive
                    else words
                )
                self.words.setdefault(key, value)
            elif term.strip():
                t = term.strip()
                self.other.setdefault(t if case_sensitive else t.lower(), value)
        #: first word -> the word counts of the terms it starts, longest first
        self.word_lengths = _lengths_by_first(self.words)
        #: first character -> the lengths of the terms it starts, longest first
        self.other_lengths = _lengths_by_first(self.other)
        #: the characters that start a term, to jump between candidate positions
        self.first_re = re.compile(
            "[" + "".join(re.escape(c) for c in sorted(self.other_lengths)) + "]"
            if self.other_lengths
            else "(?!)"
        )

    def find(self, text: str) -> list[TermHit[V]]:
        """Every term in ``text``: longest first at each position, no overlaps, in order."""
        hits: list[TermHit[V]] = []
        if self.words:
            hits += self._find_words(text)
        if self.other:
            hits += self._find_other(text)
        if not self.other or len(hits) < 2:
            return hits  # word hits come in order and never overlap
        taken = SpanSet()
        out = [
            h
            for h in sorted(hits, key=lambda h: (-(h.end - h.start), h.start))
            if taken.add(h.start, h.end)
        ]
        return sorted(out, key=lambda h: h.start)

    def _find_words(self, text: str) -> list[TermHit[V]]:
        toks, lowered = _tokens(text)
        keys = tuple(t[2] for t in toks) if self.case_sensitive else lowered
        lengths = self.word_lengths
        out: list[TermHit[V]] = []
        n_tok = len(toks)
        nxt = 0  # the first word after the last term found (terms do not overlap)
        # only the words that start a term are tried (most words of a text start none)
        for i in [i for i, k in enumerate(keys) if k in lengths]:
            if i < nxt:
                continue
            for n in lengths[keys[i]]:
                if n > n_tok - i:
                    continue
                key = tuple(keys[i : i + n])
                if key not in self.words:
                    continue
                if n > 1 and not all(
                    _GAP_RE.fullmatch(text[toks[j][1] : toks[j + 1][0]])
                    for j in range(i, i + n - 1)
                ):
                    continue
                start, end = toks[i][0], toks[i + n - 1][1]
                out.append(TermHit(start, end, text[start:end], self.words[key]))
                nxt = i + n
                break
        return out

    def _find_other(self, text: str) -> list[TermHit[V]]:
        low = text if self.case_sensitive else _lower(text)
        out: list[TermHit[V]] = []
        n = len(low)
        lengths = self.other_lengths
        for m in self.first_re.finditer(low):
            i = m.start()
            for length in lengths[m.group(0)]:
                if length > n - i:
                    continue
                piece = low[i : i + length]
                if piece not in self.other:
                    continue
                # a Latin edge must not cut a word ("ace抑制剂" not inside "surface抑制剂")
                if piece[0].isascii() and piece[0].isalnum() and i > 0:
                    if low[i - 1].isascii() and low[i - 1].isalnum():
                        continue
                end = i + length
                if piece[-1].isascii() and piece[-1].isalnum() and end < n:
                    if low[end].isascii() and low[end].isalnum():
                        continue
                out.append(TermHit(i, end, text[i:end], self.other[piece]))
                break
        return out


class SpanSet:
    """Spans of a text that do not overlap, kept in order: :meth:`add` takes a span only
    when it overlaps none already taken (log time, so choosing among many candidate
    matches stays near-linear)."""

    __slots__ = ("starts", "ends")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def overlaps(self, start: int, end: int) -> bool:
        """Whether [start, end) overlaps a span taken."""
        i = bisect.bisect_right(self.starts, start)
        if i and self.ends[i - 1] > start:
            return True
        return i < len(self.starts) and self.starts[i] < end

    def add(self, start: int, end: int) -> bool:
        """Take [start, end) when it overlaps no span taken; whether it was taken."""
        starts = self.starts
        i = bisect.bisect_right(starts, start)
        if (i and self.ends[i - 1] > start) or (i < len(starts) and starts[i] < end):
            return False
        starts.insert(i, start)
        self.ends.insert(i, end)
        return True


def _lengths_by_first(keys: Iterable[Sequence[str]]) -> dict[str, tuple[int, ...]]:
    """First element of each key -> the lengths of the keys it starts, longest first."""
    lengths: dict[str, set[int]] = {}
    for k in keys:
        lengths.setdefault(k[0], set()).add(len(k))
    return {first: tuple(sorted(n, reverse=True)) for first, n in lengths.items()}


@functools.lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[tuple[tuple[int, int, str], ...], tuple[str, ...]]:
    """The Latin words of ``text`` (start, end, word) and their lowercase lookup keys,
    computed once per text for all the indexes that search it."""
    toks = tuple((m.start(), m.end(), m.group(0)) for m in _WORD_RE.finditer(text))
    return toks, tuple(t[2].lower().replace("’", "'") for t in toks)


@functools.lru_cache(maxsize=4096)
def _lower(text: str) -> str:
    return text.lower()


def inflected(terms: Iterable[str], forms: Callable[[str], set[str]]) -> dict[str, str]:
    """Each term with the inflections of its first word (``forms(word) -> set``), mapped to
    the term as listed: ``hold`` -> {hold, holds, holding, held}."""
    out: dict[str, str] = {}
    for term in terms:
        words = term.split()
        if term.isascii() and words and words[0].isalpha():
            for f in forms(words[0].lower()):
                out.setdefault(" ".join([f, *words[1:]]), term)
        out.setdefault(term, term)
    return out
