"""A susceptibility letter read against its MIC and the current breakpoint (round 17).

A laboratory's S/I/R letter can rest on an older breakpoint; the MIC it reports is read
against the current one where the two disagree (issue #37, reading m, 10019003-26226543
t3: a ceftriaxone- and cefepime-resistant Klebsiella with a piperacillin-tazobactam MIC of
16 called "susceptible to the running piperacillin"):

* Enterobacterales and piperacillin-tazobactam: susceptible at an MIC of 8 or less,
  susceptible-dose-dependent at 16, resistant at 32 or more (CLSI M100, 32nd ed., 2022;
  revised from S <= 16 / R >= 128). An MIC of 16 is no plain "susceptible".
* An Enterobacterales isolate resistant to ceftriaxone, cefotaxime, ceftazidime or
  cefepime is a probable ESBL producer (IDSA 2023 guidance on antimicrobial-resistant
  Gram-negative infections, Tamma PD et al., Clin Infect Dis 2023; ceftriaxone
  non-susceptibility as the ESBL proxy): piperacillin-tazobactam is not recommended for
  it outside uncomplicated cystitis, even when reported susceptible (MERINO trial,
  Harris PNA et al., JAMA 2018;320:984-94: higher 30-day mortality than meropenem); a
  carbapenem is preferred.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: Enterobacterales genera (the order's clinical isolates; CLSI M100 Table 2A).
ENTEROBACTERALES = re.compile(
    r"\b(?:escherichia|e\.? coli|klebsiella|enterobacter|citrobacter|proteus|"
    r"serratia|morganella|providencia|salmonella|shigella|raoultella|hafnia|"
    r"klebsiella aerogenes)\b",
    re.I,
)
#: A panel name of piperacillin-tazobactam ("PIPERACILLIN/TAZO").
PIP_TAZO = re.compile(r"piperacillin", re.I)
#: Panel names of the third- and fourth-generation cephalosporins whose resistance marks
#: a probable ESBL producer (IDSA 2023).
ESBL_MARKERS = re.compile(r"ceftriaxone|cefotaxime|ceftazidime|cefepime", re.I)
#: CLSI M100 (32nd ed., 2022) piperacillin-tazobactam breakpoints for Enterobacterales,
#: mg/L: susceptible at or below, resistant at or above (between: SDD).
PIP_TAZO_SUSCEPTIBLE = 8.0
PIP_TAZO_RESISTANT = 32.0
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)")


def mic_value(text: str) -> float | None:
    """The MIC of a dilution text ("16", "<=4", "=>128"), mg/L, or None. A "<=" value is
    read as its bound (at most that), a ">=" one as its bound (at least that)."""
    m = _NUMBER.search(str(text or ""))
    return float(m.group(1)) if m else None


def pip_tazo_category(mic: float) -> str:
    """The CLSI M100 2022 category of a piperacillin-tazobactam MIC for Enterobacterales:
    "S", "SDD" or "R"."""
    if mic <= PIP_TAZO_SUSCEPTIBLE:
        return "S"
    return "R" if mic >= PIP_TAZO_RESISTANT else "SDD"


def probable_esbl(c: Mapping[str, Any]) -> list[str]:
    """The third/fourth-generation cephalosporins (panel names) an Enterobacterales
    isolate is resistant to: a probable ESBL producer when any (IDSA 2023); [] else."""
    if not ENTEROBACTERALES.search(str(c.get("organism") or "")):
        return []
    panel = c.get("susceptibility") or {}
    return [
        ab
        for ab, v in panel.items()
        if ESBL_MARKERS.search(ab) and str(v).upper() == "R"
    ]


def pip_tazo_caveat(c: Mapping[str, Any]) -> tuple[str, str] | None:
    """(EN, ZH) after an Enterobacterales isolate reported susceptible to
    piperacillin-tazobactam whose MIC is above the current breakpoint or which is a
    probable ESBL producer: the drug is not reliable for it (CLSI M100 2022; IDSA 2023;
    MERINO 2018). None where the letter stands."""
    if not ENTEROBACTERALES.search(str(c.get("organism") or "")):
        return None
    panel = c.get("susceptibility") or {}
    name = next((ab for ab in panel if PIP_TAZO.search(ab)), None)
    if name is None or str(panel[name]).upper() != "S":
        return None
    mic = mic_value((c.get("mic") or {}).get(name, ""))
    category = pip_tazo_category(mic) if mic is not None else "S"
    esbl = probable_esbl(c)
    if category == "S" and not esbl:
        return None
    en: list[str] = []
    zh: list[str] = []
    if category != "S":
        label = (
            ("susceptible-dose-dependent", "剂量依赖性敏感")
            if category == "SDD"
            else ("resistant", "耐药")
        )
        en.append(
            f"its piperacillin-tazobactam MIC of {mic:g} is {label[0]} by the current"
            " CLSI breakpoint (susceptible at 8 or less), not plainly susceptible"
        )
        zh.append(
            f"其哌拉西林他唑巴坦 MIC 为 {mic:g}，按现行 CLSI 折点（≤8 为敏感）属{label[1]}，"
            "并非单纯敏感"
        )
    if esbl:
        en.append(
            f"it is resistant to {' and '.join(a.lower() for a in esbl)}, a probable"
            " ESBL producer, for which piperacillin-tazobactam is not recommended"
            " (a carbapenem is preferred)"
        )
        zh.append(
            "其对三代/四代头孢菌素耐药，可能产 ESBL，不推荐哌拉西林他唑巴坦（首选碳青霉烯类）"
        )
    return "; ".join(en), "；".join(zh)
