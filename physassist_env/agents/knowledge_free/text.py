"""Language-neutral text handling of the knowledge-free policies: tokens, clauses, aliases.

Nothing here knows medicine: tokens are words (Latin script) and characters (CJK), clauses are
what sentence punctuation separates, aliases are strings matched on word boundaries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_CJK = "\u3400-\u9fff"
_CJK_CHAR = re.compile(f"[{_CJK}]")
_WORD = re.compile(rf"[a-z0-9]+(?:[+'\-][a-z0-9]+)*\+?|[{_CJK}]")
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\d+(?:[.:\-/]\d+)*")


def is_cjk(text: str) -> bool:
    """Whether ``text`` contains a CJK character."""
    return _CJK_CHAR.search(text) is not None


def tokens(text: str) -> list[str]:
    """Lower-cased words (Latin script) and single characters (CJK), in order."""
    return _WORD.findall(text.lower())


_SUFFIXES = (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ed", ""))


def stem(token: str) -> str:
    """A crude English suffix strip ("allergies" -> "allergy", "readings" -> "reading");
    CJK characters and short words are kept."""
    if len(token) <= 4 or is_cjk(token):
        return token
    for suffix, repl in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)] + repl
    return token


def features(text: str) -> list[str]:
    """Bag-of-words features of a request: stemmed tokens and adjacent token pairs."""
    toks = [stem(t) for t in tokens(text)]
    return toks + [f"{a}_{b}" for a, b in zip(toks, toks[1:], strict=False)]


def ngrams(text: str, longest: int = 4) -> set[str]:
    """Candidate alias strings of a request: word n-grams (Latin) and character n-grams (CJK)
    up to ``longest`` units."""
    out: set[str] = set()
    toks = tokens(text)
    cjk = [is_cjk(t) for t in toks]
    for i in range(len(toks)):
        for j in range(i + 1, min(len(toks), i + longest) + 1):
            if cjk[j - 1] != cjk[i]:
                break
            out.add(("" if cjk[i] else " ").join(toks[i:j]))
    return out


def _alias_pattern(alias: str) -> re.Pattern[str]:
    if is_cjk(alias):
        return re.compile(re.escape(alias))
    return re.compile(rf"(?<![a-z0-9]){re.escape(alias.lower())}(?![a-z0-9])")


class AliasMatcher:
    """Finds known alias strings in a text; longer aliases win over the ones they contain."""

    def __init__(self, aliases: dict[str, str]):
        self.aliases = {a.lower(): e for a, e in aliases.items() if a.strip()}
        self._patterns = [
            (a, _alias_pattern(a))
            for a in sorted(self.aliases, key=lambda a: (-len(a), a))
        ]

    def find(self, text: str) -> list[str]:
        """The entities whose aliases occur in ``text``, in order of first occurrence (an
        alias inside a longer alias of the same entity is not counted twice)."""
        low = text.lower()
        taken: list[tuple[int, int, str]] = []
        hits: list[tuple[int, str]] = []
        for alias, pattern in self._patterns:
            entity = self.aliases[alias]
            for m in pattern.finditer(low):
                if any(
                    m.start() < e and s < m.end() and ent == entity
                    for s, e, ent in taken
                ):
                    continue
                taken.append((m.start(), m.end(), entity))
                hits.append((m.start(), entity))
        out: list[str] = []
        for _, entity in sorted(hits):
            if entity not in out:
                out.append(entity)
        return out


_OPEN, _CLOSE = "(（“‘「『[", ")）”’」』]"


def _split(text: str) -> list[str]:
    """Pieces ending at sentence punctuation outside brackets and quotes."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0 and (
            ch in "。；：！？"
            or (ch in ".;:!?" and (i + 1 == len(text) or text[i + 1].isspace()))
        ):
            out.append(text[start : i + 1])
            start = i + 1
    out.append(text[start:])
    return out


def clauses(text: str) -> list[str]:
    """The clauses of an answer (split at sentence punctuation outside brackets and
    quotes), each ending with its punctuation (``:``/``;`` become ``.``)."""
    out = []
    for piece in _split(text.strip()):
        piece = piece.strip()
        if not piece:
            continue
        zh = is_cjk(piece)
        if piece[-1] in ":;":
            piece = piece[:-1].rstrip() + "."
        elif piece[-1] in "：；":
            piece = piece[:-1] + "。"
        elif piece.rstrip(_CLOSE)[-1:] not in ("。！？" if zh else ".!?"):
            piece += "。" if zh else "."
        out.append(piece)
    return out


def numbers(text: str) -> list[str]:
    """The numbers written in ``text`` (dates and times count as numbers)."""
    return _NUMBER.findall(text)


def has_digit(text: str) -> bool:
    """Whether ``text`` contains a digit."""
    return bool(_DIGIT.search(text))


def join_sentences(parts: Iterable[str], language: str) -> str:
    """Sentences joined as the language writes them."""
    parts = [p for p in parts if p]
    return ("" if language == "zh" else " ").join(parts)
