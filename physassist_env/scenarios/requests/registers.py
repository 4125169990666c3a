"""Register transforms: what a register does to a question beyond its lead-ins."""

from __future__ import annotations

import re

from physassist_env.scenarios.requests.families import Register

_EN_TELEGRAPHIC = [
    (re.compile(r"^(?:can|could) you (?:please )?", re.I), ""),
    # "flag please: K" -> "flag: K", "diagnoses, please." -> "diagnoses." (no stray
    # space or comma left before the punctuation), then a leading "please "
    (re.compile(r",? +please\b", re.I), ""),
    (re.compile(r"\bplease\b ?", re.I), ""),
    (re.compile(r"\bthe\b ", re.I), ""),
    (
        re.compile(r"(?<=\+) and "),
        "/",
    ),  # "K+ and creat" -> "K+/creat", not "K+ + creat"
    (re.compile(r"(?<!,) and "), " + "),
    (re.compile(r" +(?=[,.:;?!])"), ""),
    (re.compile(r",(?=[.?!])"), ""),
]
_ZH_TELEGRAPHIC = [
    (re.compile(w), r)
    for w, r in [
        ("帮我", ""),
        ("麻烦", ""),
        ("请", ""),
        ("(?<!饱)和", "、"),
    ]
]


def apply(register: Register, en: str, zh: str) -> tuple[str, str]:
    """The question as the register says it (telegraphic drops articles and asks bare)."""
    if register != Register.TELEGRAPHIC:
        return en, zh
    for pattern, repl in _EN_TELEGRAPHIC:
        en = pattern.sub(repl, en)
    for pattern, repl in _ZH_TELEGRAPHIC:
        zh = pattern.sub(repl, zh)
    return en.strip(), zh.strip()
