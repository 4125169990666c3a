"""The tenth throughput pass (issue #35) memoises and re-anchors without changing what is
read: a memo keyed on the text and its word list answers per word list, and a pattern
anchored at the first blank of a run still reads the item before any run of blanks (a
pasted dump blanked to spaces made the unanchored pattern quadratic)."""

from __future__ import annotations

from physassist_env.grading import frames
from physassist_env.grading.additions import _diagnosed_items
from physassist_env.grading.text import extract_quantities


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


def test_quantity_memo_per_lab_reading_and_fresh_list() -> None:
    """The eleventh pass memoises :func:`extract_quantities` per (text, labs): a text read
    without lab names never hands its reading to the same text read with them, and each
    call gets its own list (a caller that appends never changes the next reading)."""
    text = "Potassium 5.8 mmol/L this morning."
    bare = extract_quantities(text, labs=False)
    with_lab = extract_quantities(text)
    assert [q.lab for q in bare] == [""]
    assert [q.lab for q in with_lab] == ["potassium"]
    with_lab.append(bare[0])
    assert len(extract_quantities(text)) == 1
    assert extract_quantities(text) is not extract_quantities(text)
