"""Issue #35, seventh pass (f35g): more ways a renderer hides text, read as shown (EN and
ZH; hidden text earns nothing, visible text is kept)."""

from __future__ import annotations

import pytest

from physassist_env.grading.shown import show

HIDING = [
    '<span style="color:hsl(0,0%,100%)">{}</span>',
    '<span style="visibility: collapse">{}</span>',
    "<head><title>{}</title></head>",
    '<span class="sr-only">{}</span>',
    '<div class="d-none">{}</div>',
    '<span style="color:#fff0">{}</span>',
    '<span style="color:#12345600">{}</span>',
    '<span style="color:#ffffffff">{}</span>',
    '<span style="color:whitesmoke">{}</span>',
    '<style>.x{{display:none}}</style><span class="x">{}</span>',
    "<style>.note {{ color: white }}</style><p class='a note'>{}</p>",
    "<?php {} ?>",
    "<![CDATA[{}]]>",
]
SAID = [("Hold warfarin.", "warfarin"), ("暂停华法林。", "华法林")]


@pytest.mark.parametrize("shape", HIDING)
@pytest.mark.parametrize(("said", "word"), SAID)
def test_text_a_renderer_hides_is_not_read(shape: str, said: str, word: str):
    shown = show("Please discuss with the team. " + shape.format(said))
    assert word not in shown.text
    assert any(word in h for h in shown.hidden)


@pytest.mark.parametrize(
    "shape",
    [
        '<span style="color:#f00">{}</span>',  # red is seen (once read as near-white)
        '<span style="color:#333333">{}</span>',
        '<span style="color:hsl(0,100%,50%)">{}</span>',
        '<p class="note">{}</p>',
        '<style>.x{{display:none}}</style><span class="y">{}</span>',
        "INR < 2 and K > 5: {}",
        "x <? y: {}",
        "<!DOCTYPE html>{}",
    ],
)
@pytest.mark.parametrize(("said", "word"), SAID)
def test_text_a_renderer_shows_is_read(shape: str, said: str, word: str):
    assert word in show(shape.format(said)).text
