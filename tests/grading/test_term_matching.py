"""Lexicon-term matching (issue #42): the cheaper compiled form of a term finds exactly
what :func:`~physassist_env.grading.text.compiled_term` finds in every text it is used on.

``find_terms`` compiles a session's extra terms on first play; a case-insensitive
``[A-Za-z0-9]`` word bound costs most of that compile, so texts without the four non-ASCII
characters that bound also matches are searched with case-sensitive bounds.
"""

from __future__ import annotations

import re

import pytest

from physassist_env.grading import text as tx

TERMS = ["hold", "Atrial fibrillation", "K+", "3 期", "KDIGO stage 1", "INR"]
TEXTS = [
    "holding K+ atrial-fibrillation xhold holds 3 期 KDIGO stage 1s KDIGO stage 1.",
    "Hold the warfarin; INR 3.1, ATRIAL FIBRILLATION rate-controlled.",
    "暂停华法林，INR 3.1，心房颤动 3 期",
    # the characters a case-insensitive [A-Za-z0-9] also matches
    "ſhold hold\u212a atrial fibrillationı İINR INR\u0131 K+",
]


def test_the_folded_word_characters_are_all_there_are() -> None:
    """Every non-ASCII character ``[A-Za-z0-9]`` matches under ``re.I`` (this Python)."""
    word = re.compile("[A-Za-z0-9]", re.I)
    folded = "".join(chr(c) for c in range(128, 0x110000) if word.match(chr(c)))
    assert folded == tx._FOLDED_WORD_CHARS


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("inflect", [False, True])
def test_the_matcher_finds_what_the_full_pattern_finds(
    text: str, inflect: bool
) -> None:
    for term in TERMS:
        full = [m.span() for m in tx.compiled_term(term, inflect).finditer(text)]
        used = [m.span() for m in tx._term_matcher(text)(term, inflect).finditer(text)]
        assert used == full, term


def test_the_folded_characters_bound_a_word() -> None:
    """``ſhold`` is one word for the case-insensitive bound: no ``hold`` in it."""
    text = TEXTS[-1]
    assert tx._term_matcher(text) is tx.compiled_term
    assert [m.term for m in tx.find_terms(text, ["hold"])] == []
    assert [m.term for m in tx.find_terms(text, ["INR"])] == []
    assert [m.term for m in tx.find_terms(TEXTS[1], ["hold", "INR"])] == ["Hold", "INR"]
