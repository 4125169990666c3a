"""The tenth throughput pass (issue #35) memoises and re-anchors without changing what is
read: a memo keyed on the text and its word list answers per word list, and a pattern
anchored at the first blank of a run still reads the item before any run of blanks (a
pasted dump blanked to spaces made the unanchored pattern quadratic)."""

from __future__ import annotations

from physassist_env.grading import frames
from physassist_env.grading.additions import _diagnosed_items


def test_word_memo_answers_per_word_list() -> None:
    text = "Scratch that, hold the warfarin."
    assert frames._holds_any(text, ("scratch that",))
    assert not frames._holds_any(text, ("per the cardiologist",))
    assert frames._holds_any(text.upper(), ("scratch that",))


def test_diagnosed_item_read_after_any_blank_run() -> None:
    one = _diagnosed_items("Atrial fibrillation was diagnosed this admission.")
    for gap in ("  ", " \t ", " " * 40):
        many = _diagnosed_items(
            f"Atrial fibrillation{gap}was diagnosed this admission."
        )
        assert [m.group("d2") for m in many] == [m.group("d2") for m in one]
    pasted = " " * 300 + "\n" + " " * 300 + "\nAKI was diagnosed today."
    assert [m.group("d2") for m in _diagnosed_items(pasted)] == ["AKI"]
    # a run after a line break starts there too (read as before the pass)
    line = _diagnosed_items("AKI\n   was diagnosed today.")
    assert [m.group("d2") for m in line] == ["AKI"]
