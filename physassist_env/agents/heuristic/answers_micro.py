"""Answers from culture susceptibility panels: what grew and what it is susceptible to, and
culture-directed de-escalation (:data:`MICRO_ANSWERS`, merged into :data:`.answers.ANSWERS`).

A panel line reads ``- <time> | URINE CULTURE = KLEBSIELLA PNEUMONIAE | AMPICILLIN >=32 (R),
CEFTRIAXONE <=1 (S) | note: ...``; the categories are the laboratory's (CLSI M100 S/I/R).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic.request import Intent
from physassist_env.agents.heuristic.terms import drug_zh, generic_of
from physassist_env.agents.heuristic.view import TurnView
from physassist_env.vocab.microbiology import PANEL_ANTIBIOTIC_ZH, organism_text_zh

Handler = Callable[[Intent, TurnView], str]

_LINE = re.compile(
    r"^- (\S+(?: \d\d:\d\d)?) \| (.+?) = (.+?) \| (.+?)(?: \| note:.*)?$"
)
_ITEM = re.compile(r"^(.+?)\s+(?:[<>=]*\s*[\d.]+\s*)?\((S|I|R)\)$")


@dataclass
class Panel:
    """One culture with an organism and its susceptibility panel."""

    time: str
    test: str
    organism: str
    susceptible: list[str]
    resistant: list[str]


def panels(text: str) -> list[Panel]:
    """Cultures with a panel, newest first as returned."""
    out = []
    for ln in text.splitlines():
        m = _LINE.match(ln.strip())
        if not m:
            continue
        time, test, organism, rest = m.groups()
        s: list[str] = []
        r: list[str] = []
        for item in rest.split(","):
            i = _ITEM.match(item.strip())
            if i:
                (s if i.group(2) == "S" else r).append(i.group(1).strip().lower())
        if s or r:
            out.append(Panel(time, test.strip(), organism.strip(), s, r))
    return out


def _zh(names: list[str]) -> str:
    return "、".join(PANEL_ANTIBIOTIC_ZH.get(n, n) for n in names)


def _none(v: TurnView) -> str:
    return v.say(
        "No culture with an organism and a susceptibility panel was found this admission.",
        "本次住院未找到有细菌和药敏结果的培养。",
    )


def _susceptibilities(i: Intent, v: TurnView) -> str:
    found = panels(v.text("micro") or "")
    if not found:
        return _none(v)
    p = max(found, key=lambda x: x.time)
    res_en = (
        f"; resistant to {', '.join(p.resistant)}"
        if p.resistant
        else "; no resistance reported on the panel"
    )
    res_zh = f"；对{_zh(p.resistant)}耐药" if p.resistant else "；药敏未报告耐药"
    return v.say(
        f"The {p.test.lower()} from {p.time[:10]} grew {p.organism}, susceptible to {', '.join(p.susceptible)}{res_en}.",
        f"{p.time[:10]} 的{p.test}培养出{organism_text_zh(p.organism)}，对{_zh(p.susceptible)}敏感{res_zh}。",
    )


def _deescalation(i: Intent, v: TurnView) -> str:
    found = panels(v.text("micro") or "")
    if not found:
        return _none(v)
    p = max(found, key=lambda x: x.time)
    target = KC.directed_agent(p.organism, p.susceptible)
    current: list[str] = []
    for o in v.orders():
        g = generic_of(o.name)
        oral_vanc = g == "vancomycin" and o.route.upper() == "PO"
        if o.status == "active" and g in K.ANTIBIOTICS and not oral_vanc:
            current += [g] if g not in current else []
    org_zh = organism_text_zh(p.organism)
    if target is None:
        return v.say(
            f"The {p.test.lower()} grew {p.organism}; I have no directed-therapy rule for it, so review the panel with infectious disease before narrowing.",
            f"{p.test}培养出{org_zh}；我没有针对该菌的降阶梯规则，请结合药敏与感染科讨论后再调整。",
        )
    tz = drug_zh(target)
    stop = [g for g in current if g != target]
    if not stop and target in current:
        return v.say(
            f"It is already as narrow as it gets: the {p.test.lower()} grew {p.organism}, susceptible to {target}, which is what is running. Continue {target}.",
            f"已经是最窄谱的选择：{p.test}培养出{org_zh}，对{tz}敏感，目前正在使用{tz}。继续{tz}。",
        )
    how_en = "continue" if target in current else "switch to"
    how_zh = "继续" if target in current else "换用"
    stop_en = " and ".join(stop) or "the empiric agents"
    stop_zh = "、".join(drug_zh(g) for g in stop) or "经验性用药"
    return v.say(
        f"Yes: the {p.test.lower()} grew {p.organism}, susceptible to {target}. De-escalate: {how_en} {target} and stop the {stop_en}, unless another infection needs the broader cover.",
        f"可以：{p.test}培养出{org_zh}，对{tz}敏感。建议降阶梯：{how_zh}{tz}，停用{stop_zh}，除非有其他感染需要广谱覆盖。",
    )


#: Intent kind -> answer handler (keys of :data:`.plans_clinical.CLINICAL_PLANS`).
MICRO_ANSWERS: dict[str, Handler] = {
    "susceptibilities": _susceptibilities,
    "deescalation": _deescalation,
}
