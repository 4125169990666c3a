"""What every topic shares: the draft a topic returns, its context, wording helpers."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

import numpy as np

from physassist_env.clinical import analgesia
from physassist_env.clinical.breakpoints import PIP_TAZO, pip_tazo_caveat
from physassist_env.clinical.culture_reading import (
    colonisers,
    is_screen,
    likely_contaminants,
    susceptibility_matches,
)
from physassist_env.clinical.infection import not_an_infection
from physassist_env.clinical.specimen import falsely_raised, haemolysed, implausible
from physassist_env.ehr.store import MAX_COUNT
from physassist_env.ehr.toolkit import DEFAULT_COUNT, EhrToolkit, ToolResult
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.features import (
    RESOURCE_KINDS,
    AdmissionFacts,
    LabPoint,
    LabSeries,
    MedOrder,
    organism_terms,
)
from physassist_env.scenarios.model import (
    Implicitness,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
)
from physassist_env.scenarios.requests import pending
from physassist_env.scenarios.vocab import (
    ANTIBIOTICS,
    antibiotic_of,
    drug_class_of,
    drug_zh,
)
from physassist_env.vocab.microbiology import (
    culture_zh,
    organism_text_en,
    organism_text_zh,
)


@dataclass
class Draft:
    """A generated turn before ids and implicitness are fixed."""

    task_type: TaskType
    tool_source: ToolSource
    topic: str
    entities: list[str]
    explicit: Text
    implicit: dict[Implicitness, Text]
    gold_actions: list[ToolCall]
    gold_observations: list[str]
    gold_answer: Text
    rubric: list[RubricItem]
    resource_types: set[str]
    record_facts: list[str] = field(default_factory=list)
    known: set[str] = field(default_factory=set)
    patient_turn: bool = False
    #: The outcome class of a decision topic's gold (``Turn.decision``): what a prior
    #: could guess ("transfuse" / "no transfusion"); ``""`` for a turn that decides
    #: nothing. The planner keeps each topic's outcomes balanced (``planner.Balance``).
    decision: str = ""


@dataclass
class TopicContext:
    """What topics may use: the admission's facts, gold tools, randomness and earlier turns."""

    facts: AdmissionFacts
    toolkit: EhrToolkit
    rng: np.random.Generator
    focus: dict[str, Any]
    previous: list[Draft] = field(default_factory=list)
    known: set[str] = field(default_factory=set)
    patient: Any = None  # physassist_env.scenarios.patient_turns.PatientTurns, when interviews are possible
    #: Results of read calls, shared across planning attempts on the same view and date.
    read_cache: dict[str, ToolResult] = field(default_factory=dict)

    @property
    def he(self) -> tuple[str, str, str]:
        """(subject, object, possessive) pronouns for the patient."""
        return ("she", "her", "her") if self.facts.female else ("he", "him", "his")

    @property
    def ta(self) -> str:
        """The patient's Chinese pronoun (她 or 他)."""
        return "她" if self.facts.female else "他"

    def choose(self, options: list[Any]) -> Any:
        """A seeded choice."""
        return options[int(self.rng.integers(len(options)))]

    def run(
        self,
        name: str,
        arguments: dict[str, Any],
        calls: list[ToolCall],
        observations: list[str],
    ) -> ToolResult:
        """Execute a gold action on the session's view and record it (reads are memoised).

        A condition search reads every row when the record holds more than one page: an
        answer that counts conditions (a score, a history) states only what it saw, and
        a record's undated conditions come in no order the first page could be trusted for.
        """
        if name == "Condition.search" and "_count" not in arguments:
            rows = self.toolkit.view.search("Condition", {})[0]  # type: ignore[attr-defined]
            if len(rows) > DEFAULT_COUNT:
                arguments = {**arguments, "_count": min(len(rows), MAX_COUNT)}
        key = f"{name}|{json.dumps(arguments, sort_keys=True)}"
        result = self.read_cache.get(key)
        if result is None:
            result = self.toolkit.call(name, arguments)
            if not name.endswith(".create"):
                self.read_cache[key] = result
        if not result.ok:
            raise RuntimeError(f"gold action {name}({arguments}) failed: {result.text}")
        calls.append(ToolCall(name=name, arguments=arguments))
        observations.append(result.text)
        return result

    def request(
        self,
        cores: list[Text],
        *,
        entities: list[str] | tuple[str, ...] = (),
        time: str | None = None,
    ) -> Text:
        """The explicit request of a turn, realised from its core questions.

        ``cores`` are the topic's core questions (same meaning, EN and ZH; give three or more
        so that every third one can be held out for the test split). The request realiser
        (:mod:`physassist_env.scenarios.requests`) decides the surface form: phrasing family
        and register, question form, framing, politeness, and, when given, the names of
        ``entities`` (``lab:<key>``, ``drug:<generic>``: abbreviations and brand names) and
        the expression of the ``time`` scope (``admission``, ``latest``). The result carries
        a test-family twin that :func:`~physassist_env.scenarios.requests.phrase_for_split`
        selects for test sessions. One draw from the session's generator per call; the
        text is realised when the planner keeps the turn (until then it reads as the first
        core question).
        """
        return pending(
            cores, int(self.rng.integers(2**31)), entities=entities, time=time
        )

    def follow_up(
        self,
        kind: Implicitness,
        cores: list[Text],
        *,
        entities: list[str] | tuple[str, ...] = (),
        time: str | None = None,
    ) -> Text:
        """An implicit form of the turn's request, realised for its antecedent kind.

        ``kind`` is ``NA`` (cores ask with a pronoun for an antecedent the topic has checked,
        see :meth:`antecedent`), ``PE`` (cores are the noun phrase asked about; the realiser
        frames the ellipsis: "And the K?", "那血钾呢？") or ``AE`` (cores are explicit
        questions; the realiser puts an event reference before them: "Given all that, ...").
        Other arguments as for :meth:`request`.
        """
        if kind == Implicitness.EXPLICIT:
            raise ValueError(
                "follow_up realises implicit forms; use request() for explicit ones"
            )
        return pending(
            cores,
            int(self.rng.integers(2**31)),
            kind=kind,
            entities=entities,
            time=time,
        )

    def last_entities(self) -> list[str]:
        """Entities of the previous turn."""
        return self.previous[-1].entities if self.previous else []

    def antecedent(self, entity: str) -> bool:
        """Whether a pronoun can only mean ``entity``: the latest earlier turn about any
        entity of its kind (``drug:``, ``lab:``) was about this one alone."""
        kind = entity.split(":", 1)[0] + ":"
        for draft in reversed(self.previous):
            same_kind = [e for e in draft.entities if e.startswith(kind)]
            if same_kind:
                return same_kind == [entity]
        return False


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def day(ts: str) -> str:
    return ts[:10]


#: Organisms a culture summary checks item by item (blood isolates first).
CULTURE_ITEMS = 4


def culture_summary(
    cultures: list[dict[str, Any]],
) -> tuple[str, str, list[RubricItem]]:
    """(EN, ZH, rubric items) of every finding the cultures of the window grew: each
    organism once, with the specimens and days that grew it, blood isolates first, then
    pathogens, then flora and counts below significance; an item per organism (at most
    :data:`CULTURE_ITEMS`). A summary that names one entry hides the rest (an E. coli
    bacteraemia behind a urinary Enterococcus, a Pseudomonas behind "mixed flora" of the
    same tissue): every isolate of every specimen is reported (IDSA/ASM guide to the
    microbiology laboratory, Miller JM et al., Clin Infect Dis 2018;67:e1-e94; a
    Gram-negative bacteraemia is managed as such, IDSA 2009 catheter-related
    bloodstream infection guideline, Mermel LA et al., Clin Infect Dis 2009;49:1-45).
    """
    where: dict[str, list[tuple[str, str]]] = {}
    for c in cultures:
        if c["organism"]:
            pair = (str(c["test"]), day(c["time"]))
            if pair not in where.setdefault(c["organism"], []):
                where[c["organism"]].append(pair)
    if not where:
        return "", "", []

    # an organism found only on screening swabs (nares MRSA, rectal VRE) is carriage,
    # said last and as such, never a result to report as infection
    # (clinical.culture_reading.is_screen; round 15b, 10005817-28661809)
    def carried(org: str) -> bool:
        return all(is_screen({"test": t}) for t, _ in where[org])

    def rank(org: str) -> tuple[int, int, int]:
        blood = any("blood" in t.lower() for t, _ in where[org])
        return (
            1 if carried(org) else 0,
            0 if blood else 1,
            1 if not_an_infection(org) else 0,
        )

    orgs = sorted(where, key=rank)  # stable: oldest first within a rank

    def places(org: str, zh: bool) -> str:
        shown = sorted(where[org], key=lambda x: x[1])[:3]
        more = len(where[org]) - len(shown)
        if zh:
            text = "，".join(f"{culture_zh(t) or t} {d}" for t, d in shown)
            text += f"，另 {more} 次" if more else ""
            return text + ("；筛查拭子，提示定植而非感染" if carried(org) else "")
        text = ", ".join(f"{t.lower()} {d}" for t, d in shown)
        text += f", and {more} more" if more else ""
        return text + (
            "; a screening swab: carriage, not infection" if carried(org) else ""
        )

    en = "; ".join(f"{organism_text_en(o)} ({places(o, False)})" for o in orgs)
    zh = "；".join(f"{organism_text_zh(o)}（{places(o, True)}）" for o in orgs)
    if all(carried(o) for o in orgs):
        # only carriage found: the clinical cultures have grown nothing
        en = f"no growth on the clinical cultures so far; {en}"
        zh = f"临床培养目前无生长；{zh}"
    items = [
        R.mention_item(
            f"Reports the culture result ({organism_text_en(o)})",
            f"报告培养结果（{organism_text_zh(o)}）",
            organism_terms(o),
        )
        for o in [o for o in orgs if not carried(o)][:CULTURE_ITEMS]
    ]
    return en, zh, items


#: How a susceptibility result is said (EN, ZH).
_SUSCEPTIBILITY = {
    "S": ("susceptible to", "对{}敏感"),
    "I": ("only intermediate to", "对{}中介"),
    "R": ("resistant to", "对{}耐药"),
}


def _letter_caveat(
    cultures: list[dict[str, Any]], org: str, generic: str
) -> tuple[str, str] | None:
    """The caveat on a susceptible letter of ``org`` to a running ``generic`` that its
    newest isolate's MIC or resistance pattern overrides
    (:func:`~physassist_env.clinical.breakpoints.pip_tazo_caveat`), or None."""
    if generic != "piperacillin":
        return None
    same = [c for c in cultures if str(c.get("organism") or "") == org]
    for c in sorted(same, key=lambda c: str(c.get("time") or ""), reverse=True):
        if any(PIP_TAZO.search(ab) for ab in c.get("susceptibility") or {}):
            return pip_tazo_caveat(c)
    return None


def culture_reading(
    cultures: list[dict[str, Any]], running: list[str]
) -> tuple[str, str, bool]:
    """(EN, ZH) interpreting a culture list (round 10;
    :mod:`physassist_env.clinical.culture_reading`): a skin commensal in one blood
    culture set of several is likely a contaminant, yeast or Enterococcus in the urine
    usually colonisation, and each organism tested against a ``running`` antibiotic
    (generic names) is said susceptible, intermediate or resistant to it; the flag says
    whether a running antibiotic was named (its order is then looked up); ``("", "",
    False)`` when there is nothing to say."""
    en: list[str] = []
    zh: list[str] = []
    for org, n in likely_contaminants(cultures):
        en.append(
            f"{organism_text_en(org)} grew in 1 of {n} blood culture sets: likely a"
            " skin contaminant, so repeat the blood cultures before treating it"
        )
        zh.append(
            f"{organism_text_zh(org)}仅在 {n} 套血培养中的 1 套生长：多为皮肤污染菌，治疗前复查血培养"
        )
    for org, site in colonisers(cultures):
        if site == "urine":
            en.append(
                f"{organism_text_en(org)} in the urine is usually colonisation: treat it"
                " only with urinary symptoms or pyuria on the urinalysis"
            )
            zh.append(
                f"尿中{organism_text_zh(org)}多为定植：仅在有尿路症状或尿常规示脓尿时治疗"
            )
        else:
            en.append(
                f"{organism_text_en(org)} in respiratory secretions is colonisation, not"
                " an infection to treat"
            )
            zh.append(f"呼吸道标本中的{organism_text_zh(org)}为定植，无需抗真菌治疗")
    named = False
    for org, g, result in susceptibility_matches(cultures, running):
        said = _SUSCEPTIBILITY.get(result.upper())
        if said is None:
            continue
        named = True
        caveat = _letter_caveat(cultures, org, g) if result.upper() == "S" else None
        if caveat is not None:
            # the letter read against its MIC and the current breakpoint (round 17,
            # clinical.breakpoints: CLSI M100 2022, IDSA 2023, MERINO)
            en.append(
                f"{organism_text_en(org)} is reported susceptible to the running {g},"
                f" but {caveat[0]}: change the cover"
            )
            zh.append(
                f"{organism_text_zh(org)}报告对正在使用的{drug_zh(g)}敏感，但{caveat[1]}，需调整抗菌药"
            )
            continue
        tail = "" if result.upper() == "S" else ": change the cover"
        en.append(f"{organism_text_en(org)} is {said[0]} the running {g}{tail}")
        zh.append(
            f"{organism_text_zh(org)}{said[1].format('正在使用的' + drug_zh(g))}"
            + ("，需调整抗菌药" if tail else "")
        )
    if not en:
        return "", "", False
    return f" Reading: {'; '.join(en)}.", f"解读：{'；'.join(zh)}。", named


def order_of(ctx: TopicContext, generic: str) -> MedOrder | None:
    for o in ctx.facts.orders:
        if o.generic == generic and o.status == "active":
            return o
    for o in ctx.facts.orders:
        if o.generic == generic:
            return o
    return None


def regimen_of(ctx: TopicContext, generic: str) -> MedOrder | None:
    """The order a dose question is about: an active scheduled regimen of ``generic``
    (``MedOrder.scheduled``) before a one-off, PRN or placeholder order, else
    :func:`order_of`."""
    active = ctx.facts.active_orders()
    for o in active:
        if o.generic == generic and o.scheduled and not superseded(o, active):
            return o
    return order_of(ctx, generic)


def superseded(order: MedOrder, orders: list[MedOrder]) -> bool:
    """Whether a later order of the same drug, route and frequency (the same slot: an
    insulin "HS" dose re-written at a new dose) replaced ``order``: only the latest is
    the order in force, an older one left active is a duplicate to discontinue, never
    an additional dose (ISMP high-alert medications: insulin; Joint Commission
    NPSG.03.06.01)."""
    return any(
        o is not order
        and o.generic == order.generic
        and o.route == order.route
        and o.frequency == order.frequency
        and o.start > order.start
        for o in orders
    )


def same_slot_twins(order: MedOrder, orders: list[MedOrder]) -> list[MedOrder]:
    """Other orders of the same drug, route and frequency written at the same time as
    ``order`` with another dose: duplicates the answer names for the prescriber to
    resolve (ISMP high-alert medications: insulin)."""
    return [
        o
        for o in orders
        if o is not order
        and o.generic == order.generic
        and o.route == order.route
        and o.frequency == order.frequency
        and o.start == order.start
        and o.dose != order.dose
    ]


def days_old(point: LabPoint, current_date: str) -> int:
    """Whole days between a result's day and the session's day (0: drawn the session day).

    The session is held on ``current_date`` and sees everything of that day, so a result
    of an earlier day is more than 24 h old at the session's morning rounds.
    """
    return (
        date.fromisoformat(current_date[:10]) - date.fromisoformat(day(point.time))
    ).days


def drawn_text(point: LabPoint, current_date: str) -> tuple[str, str]:
    """(EN, ZH) clause stating when a result was drawn when it is not from the session day.

    A decision taken on a result older than 24 h must say so (AABB 2023 transfusion
    guideline and CHEST 2012 warfarin dosing decide on the current value): ``("", "")``
    for a result of the session day, else e.g. ``("drawn 2150-03-04 08:00, 2 days ago,
    no newer result", ...)``.
    """
    n = days_old(point, current_date)
    if n <= 0:
        return "", ""
    when = point.time[:16].replace("T", " ")
    ago_en = "yesterday" if n == 1 else f"{n} days ago"
    ago_zh = "昨天" if n == 1 else f"{n} 天前"
    return (
        f"drawn {when}, {ago_en}, no newer result",
        f"{when}（{ago_zh}）的结果，此后无新结果",
    )


#: Words a shortened title must not end on (a clause cut in the middle).
_DANGLING = re.compile(
    r"(?:[\s,;:.\-/]+|\s+(?:with|without|and|or|of|in|to|due|due to|not|by|for|"
    r"from|on|at|as|the|a|an|other|mention|than|but|nor))+$",
    re.I,
)


def short_title(title: str) -> str:
    """A diagnosis title short enough for a sentence: its first clause, whole words only.

    Parenthesised words of an ICD title are nonessential modifiers (ICD-10-CM Official
    Guidelines, section I.A.7), so they are dropped, not cut at: "Obstructive chronic
    bronchitis with (acute) exacerbation" -> "Obstructive chronic bronchitis with
    exacerbation". The title is then cut at its first comma, and a dangling connective
    ("with", "and", "of") or punctuation left at the end is removed.
    """
    text = re.sub(r"\s*\([^()]*\)", "", title)
    text = text.split("(")[0]  # an unbalanced (truncated) parenthesis
    text = " ".join(text.split(",")[0].split())
    prev = None
    while prev != text:
        prev, text = text, _DANGLING.sub("", text).strip()
    return text or " ".join(title.split())


def trend_text(series: LabSeries) -> tuple[str, str, str, str]:
    """(EN sentence, ZH sentence, first value, latest value) of a lab's trend.

    The direction is the recent course (:meth:`LabSeries.trend`): from the last turning
    point when there is one, which is then named ("went from 10.0 to 10.1 g/dL, nadir
    7.4 on 2150-03-04, rising since"), as a clinician reads a series. An extreme between
    the ends that neither the ends nor the turning point show is said too (see
    :meth:`LabSeries.excursions`).
    """
    lab = series.lab
    unit = f" {series.latest.unit}" if series.latest.unit else ""
    a, b = (
        R.fmt(series.first.value, lab.decimals),
        R.fmt(series.latest.value, lab.decimals),
    )
    t = series.trend()
    en, zh = R.TREND_WORDS[t]
    turn = series.turn
    # No trend words for the extremes ("降至", "rose to" would read as a second trend).
    if turn is not None:
        what = series.turn_kind
        x = R.fmt(turn.value, lab.decimals)
        at_en, at_zh = (
            (
                f"{_EXTREME[what][0]} {x} on {day(turn.time)}",
                f"{day(turn.time)}{_EXTREME[what][1]} {x}",
            )
            if what
            else (
                f"turning at {x} on {day(turn.time)}",
                f"{day(turn.time)}在 {x} 处转折",
            )
        )
        head_en = f"{lab.en} went from {a} to {b}{unit}, {at_en}, {en} since then"
        head_zh = f"{lab.zh}从 {a} 变为 {b}{unit}，{at_zh}，此后{zh}"
    else:
        head_en = f"{lab.en} went from {a} to {b}{unit} ({en})"
        head_zh = f"{lab.zh}从 {a} 变为 {b}{unit}（{zh}）"
    hidden = [(w, p) for w, p in series.excursions() if p is not turn]
    extra_en = "".join(
        f", {_EXTREME[w][0]} {R.fmt(p.value, lab.decimals)} on {day(p.time)}"
        for w, p in hidden
    )
    extra_zh = "".join(
        f"，期间{_EXTREME[w][1]} {R.fmt(p.value, lab.decimals)}（{day(p.time)}）"
        for w, p in hidden
    )
    left_en, left_zh = left_out(series)
    cited = [series.first, series.latest, turn] + [p for _, p in hidden]
    wb_en, wb_zh = specimen_text(series, [p for p in cited if p is not None])
    return (
        head_en + extra_en + left_en + wb_en,
        head_zh + extra_zh + left_zh + wb_zh,
        a,
        b,
    )


def specimen_text(series: LabSeries, cited: list[LabPoint]) -> tuple[str, str]:
    """The clause (EN, ZH) naming which of the ``cited`` values were measured on whole
    blood (a blood gas), when the series mixes them with serum or plasma results: the
    two are not read as one series without saying which is which (CLSI C46-A2; see
    :data:`physassist_env.clinical.specimen.WHOLE_BLOOD_LOINC`). ``("", "")`` when the
    series holds one specimen type or no cited value is whole blood."""
    if all(p.whole_blood for p in series.points) or not any(
        p.whole_blood for p in series.points
    ):
        return "", ""
    lab = series.lab
    pts = list(dict.fromkeys(p for p in cited if p.whole_blood))
    if not pts:
        return "", ""
    shown = ", ".join(f"{R.fmt(p.value, lab.decimals)} on {day(p.time)}" for p in pts)
    shown_zh = "，".join(
        f"{R.fmt(p.value, lab.decimals)}（{day(p.time)}）" for p in pts
    )
    one = len(pts) == 1
    return (
        f" ({shown} {'is a whole-blood (blood gas) value' if one else 'are whole-blood (blood gas) values'},"
        " the others serum or plasma)",
        f"（{shown_zh} 为全血（血气）结果，其余为血清或血浆结果）",
    )


def left_out(series: LabSeries) -> tuple[str, str]:
    """The clause (EN, ZH) naming the results a trend or an extreme leaves out, with why:
    a haemolysed result (falsely raised: clinical.specimen, CLSI C56-A), one the
    laboratory says its method may read falsely high (CLSI EP07), or one of a
    contaminated draw (a prompt repeat contradicts it: CLSI GP41); ``("", "")`` when
    none is left out (the latest value is always said as it is)."""
    lab = series.lab
    left = [p for p in series.spurious_points if p is not series.latest]
    # a value beyond physiological plausibility (clinical.specimen.implausible; round 17b)
    absurd = [p for p in left if implausible(lab.key, p.value, p.unit)]
    left = [p for p in left if p not in absurd]
    raised = [p for p in left if falsely_raised(p.note) and not haemolysed(p.note)]
    en = zh = ""
    for kind_en, kind_zh, pts in (
        (
            "a physiologically implausible result, likely a sampling or analytical error",
            "不符合生理的结果（疑为采样或检测错误）",
            absurd,
        ),
        (
            "a haemolysed result",
            "溶血标本结果",
            [p for p in left if p.time not in series.contaminated and p not in raised],
        ),
        (
            # the laboratory's own comment: the method may read it falsely high
            # (clinical.specimen.falsely_raised, CLSI EP07; round 8b)
            "a result the laboratory flags for assay interference",
            "检验科注明受检测干扰的结果",
            raised,
        ),
        (
            # a potassium a prompt repeat contradicts (clinical.specimen; round 11)
            (
                "a result contradicted by a repeat within 2 hours, likely spurious",
                "2 小时内复查不符、疑为假性的结果",
            )
            if lab.key == "potassium"
            else (
                # a creatinine both neighbours contradict (round 12)
                "a result both neighbouring values within a day contradict, likely spurious",
                "前后一天内两次结果均与之不符、疑为假性的结果",
            )
            if lab.key == "creatinine"
            else (
                "a result of a contaminated draw, contradicted by a repeat within hours",
                "疑为污染标本的结果（数小时内复查不符）",
            )
        )
        + ([p for p in left if p.time in series.contaminated],),
    ):
        if not pts:
            continue
        shown = ", ".join(
            f"{R.fmt(p.value, lab.decimals)} on {day(p.time)}" for p in pts
        )
        shown_zh = "，".join(
            f"{R.fmt(p.value, lab.decimals)}（{day(p.time)}）" for p in pts
        )
        if kind_en.startswith(("a haemolysed", "a result the laboratory")):
            en += f" ({kind_en}, {shown}, is left out: falsely raised)"
            zh += f"（{kind_zh} {shown_zh} 假性升高，未计入）"
        else:
            en += f" ({kind_en}, {shown}, is left out)"
            zh += f"（{kind_zh} {shown_zh} 未计入）"
    return en, zh


_EXTREME = {"lowest": ("nadir", "最低"), "highest": ("peak", "峰值")}


def excursion_items(series: LabSeries) -> list[RubricItem]:
    """Value items for the extremes a trend would hide (:meth:`LabSeries.excursions`) and
    for the turning point the recent course is read from (:attr:`LabSeries.turn`)."""
    # "highest" is said as the peak (vocab.qualifiers); an excursion lies strictly between
    # the first and latest values, so it is neither of them
    turn = series.turn
    out = []
    if turn is not None and turn.value not in (
        series.first.value,
        series.latest.value,
    ):
        what = series.turn_kind
        named = ["peak" if what == "highest" else what] if what else []
        out.append(
            R.value_item(
                series.lab, turn.value, turn.unit, what or "turning point", named
            )
        )
    return out + [
        R.value_item(
            series.lab, p.value, p.unit, what, ["peak" if what == "highest" else what]
        )
        for what, p in series.excursions()
        if p is not turn
    ]


_F = TypeVar("_F", bound=Callable[..., Any])
#: Topic name (the function's name) -> the resource kinds it needs (see :func:`requires`).
TOPIC_REQUIRES: dict[str, frozenset[str]] = {}


_NTH = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
)


def nth(n: int) -> str:
    """An ordinal in words (a digit in an answer reads as a clinical value to the grader)."""
    return _NTH[n - 1] if 1 <= n <= len(_NTH) else f"{n}th"


def _given_times(ctx: TopicContext, generic: str, since: str) -> list[str]:
    """The times (ISO, to the minute) of the completed administrations of ``generic``
    on or after the day ``since``."""
    times = []
    for res in ctx.toolkit.view.search(
        "MedicationAdministration",
        {"date": [f"ge{since[:10]}"], "status": "completed"},
    )[0]:
        cc = res.get("medicationCodeableConcept") or {}
        name = str(
            cc.get("text")
            or next((c.get("display") for c in cc.get("coding") or []), "")
            or ""
        ).lower()
        if (antibiotic_of(name) or (drug_class_of(name) or (None, None))[1]) != generic:
            continue
        when = res.get("effectiveDateTime") or (res.get("effectivePeriod") or {}).get(
            "start"
        )
        if when:
            times.append(str(when)[:16])
    return times


def dose_times(ctx: TopicContext, generic: str) -> tuple[str, str] | None:
    """The times (ISO, to the minute) of the first and the last completed administration
    of ``generic`` this admission (None when it was not given)."""
    times = _given_times(ctx, generic, ctx.facts.start)
    return (min(times), max(times)) if times else None


def dose_days(ctx: TopicContext, generic: str) -> tuple[str, str] | None:
    """The days of the first and the last completed administration of ``generic`` this
    admission (None when it was not given)."""
    span = dose_times(ctx, generic)
    return (span[0][:10], span[1][:10]) if span else None


#: Doses of the new antibiotic after the old one's last dose that show the old one
#: stopped, not merely between doses.
REPLACED_AFTER_DOSES = 2


def replacement(ctx: TopicContext, generic: str) -> tuple[str, str] | None:
    """(the antibiotic that replaced ``generic``, ``generic``'s last dose time), or None.

    The current antibiotic is the one running at the session time: ``generic`` with no
    active order whose last dose was followed by another antibiotic first given
    after it and given at least :data:`REPLACED_AFTER_DOSES` times since (a piperacillin-
    tazobactam course stopped and cefepime started in its place) has been replaced, and
    "continue" names the running drug, not the stopped one (IDSA/SHEA 2016 stewardship,
    Barlam TF et al., Clin Infect Dis 2016;62:e51-e77: the time-out reviews the regimen
    actually given; round 15b, 10016742-29281842 t3)."""
    from physassist_env.scenarios.derived import drug_of

    own = dose_times(ctx, generic)
    if own is None or any(drug_of(o) == generic for o in ctx.facts.active_orders()):
        return None
    for other in ctx.facts.given:
        if other == generic or other not in ANTIBIOTICS or other == "oseltamivir":
            continue
        span = dose_times(ctx, other)
        if span is None or span[0] <= own[1]:
            continue
        after = [t for t in _given_times(ctx, other, own[1]) if t > own[1]]
        if len(after) >= REPLACED_AFTER_DOSES:
            return other, own[1]
    return None


def course_start(ctx: TopicContext, generic: str) -> str | None:
    """The first day of ``generic`` this admission, as known at the session date: its
    first completed administration or its first order, whichever is earlier."""
    days = [
        o.start[:10]
        for o in ctx.facts.orders
        if o.generic == generic
        and o.start
        and ctx.facts.start[:10] <= o.start[:10] <= ctx.facts.current_date
    ]
    span = dose_days(ctx, generic)
    if span is not None:
        days.append(span[0])
    return min(days) if days else None


def ketorolac_course(ctx: TopicContext) -> tuple[int, str] | None:
    """(day of the course, its first day) of ketorolac this admission, or None when it
    has none: the one count every topic that decides on ketorolac reads, so the turns of
    a session agree (US label boxed warning: combined IV/IM/oral use not over 5 days,
    :data:`~physassist_env.clinical.analgesia.KETOROLAC_MAX_DAYS`)."""
    first = course_start(ctx, "ketorolac")
    if first is None:
        return None
    return analgesia.course_day(first, ctx.facts.current_date), first


def ketorolac_limit_item() -> RubricItem:
    """The item that pays for stating ketorolac's 5-day limit (US label)."""
    return R.mention_item(
        "States the 5-day limit of ketorolac",
        "指出酮咯酸使用不超过 5 天",
        ["5 days", "five days", "5-day", "5 天", "五天"],
    )


def requires(*kinds: str) -> Callable[[_F], _F]:
    """Declare the resource kinds a topic needs (:data:`~physassist_env.scenarios.features.RESOURCE_KINDS`).

    The one way a topic says what data it rests on: the decorated topic returns ``None``
    without running when the patient's record, as visible at the session's date
    (:attr:`AdmissionFacts.kinds`), holds no resource of one of ``kinds``, so a record
    without labs is never asked a lab question. ``@requires()`` declares a topic that
    any record supports. The kinds are stored on the function (``fn.requires``) and in
    :data:`TOPIC_REQUIRES` by the topic's name.

    Raises:
        ValueError: For a kind that is not in ``RESOURCE_KINDS``.
    """
    unknown = [k for k in kinds if k not in RESOURCE_KINDS]
    if unknown:
        raise ValueError(f"unknown resource kinds {unknown}; known: {RESOURCE_KINDS}")
    needed = frozenset(kinds)

    def decorate(fn: _F) -> _F:
        @functools.wraps(fn)
        def topic(ctx: TopicContext, *args: Any, **kwargs: Any) -> Any:
            if not supports(ctx.facts, needed):
                return None
            return fn(ctx, *args, **kwargs)

        topic.requires = needed  # type: ignore[attr-defined]
        TOPIC_REQUIRES[fn.__name__] = needed
        return topic  # type: ignore[return-value]

    return decorate


def supports(facts: AdmissionFacts, kinds: frozenset[str]) -> bool:
    """Whether the record behind ``facts`` holds at least one resource of every kind."""
    return all(facts.kinds.get(k, 0) > 0 for k in kinds)


def grew_zh(name: str) -> str:
    """ "<culture name in Chinese>培养出" in a Chinese chart, without doubling 培养 after a
    name that ends in it (血培养长出, not 血培养培养出)."""
    return f"{name}长出" if name.endswith("培养") else f"{name}培养出"
