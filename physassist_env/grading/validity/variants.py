"""Variant classes and their generators: wrong and correct answers made from a gold turn.

Each generator takes a :class:`Case` (one turn in one language), the split's
:class:`Pools` and a seeded generator and returns a :class:`Variant`, or ``None`` when
its class does not apply to the turn (no decision to negate, no trend to flip...).
Generators work from the gold answer text, the rubric's checks and criteria and the gold
tool calls, with the wording of :mod:`.wording`; they never call the grader's text or
claim reading.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from physassist_env.grading.validity.wording import (
    ABBREVIATIONS,
    ALLERGY_ROW,
    APPROX,
    CASUAL,
    EXTRA_FACT,
    FLAG_FLIP,
    FLAG_HEDGE,
    FLAG_WORD,
    FREQ_WRONG,
    HEDGE_DECISION,
    KITCHEN_SINK,
    NEGATE,
    NUMBER,
    OVERCLAIM,
    ROW,
    ROW_FLAG,
    SI,
    SYNONYMS,
    TREND_FLIP,
    TREND_HEDGE,
    ZH_LAB_EN,
    decimals_of,
    fmt,
    sentences,
    spell,
    sub_map,
    sub_rules,
    word_pattern,
    wrong_unit,
)
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    PatientFactCheck,
    RecommendCheck,
    Session,
    ToolCall,
    ToolSource,
    TrendCheck,
    Turn,
    ValueCheck,
    WriteCheck,
)

WRONG: dict[str, str] = {
    "swapped_analyte": "values stated for the wrong analyte (names swapped, numbers kept)",
    "extra_harmful_write": "the right write plus an unrequested harmful order",
    "split_write": "the right arguments split over two wrong orders",
    "seven_consults": "seven consults ordered at once (the right one among them)",
    "pasted_output": "the raw tool output pasted as the answer",
    "negated_decision": "the recommendation negated (hold for continue, not responding...)",
    "hedge": "every flag, trend and decision hedged both ways",
    "dump": "all observed numbers, no conclusion",
    "trend_flipped": "trend direction flipped",
    "wrong_units": "values stated in units of the wrong magnitude or dimension",
    "flags_flipped": "abnormal flags flipped (high for low, high for normal)",
    "numbers_scaled": "every number changed by 30-50%",
    "other_patient": "another patient's answer to the same kind of turn",
    "wrong_drug": "the fact or decision said about another of the patient's drugs",
    "wrong_frequency": "the regimen's dosing frequency changed (once a day -> twice...)",
    "stale_value": "an earlier draw's value (with its own flag and date) for the one asked",
    "overclaim": "the gold plus a confident claim the record contradicts (no allergies...)",
    "kitchen_sink": "every decision offered at once (hold, continue or increase)",
}
#: Correct classes: name -> what the rewording does (a grader should pass them all).
CORRECT: dict[str, str] = {
    "gold": "the gold answer itself",
    "reordered": "sentences in another order",
    "synonyms": "clinical synonyms and abbreviations",
    "si_units": "values converted to SI units",
    "rounded": "values rounded where the change is clinically nil (<1%)",
    "casual": "casual clinician wording (hold off on, creeping up, 有点高...)",
    "write_reworded": "write arguments in other words (oral for PO, KCl, renal consult)",
    "abbreviations": "clinicians' abbreviations (K, Cr, Hb, plt, BID, q.d.; ZH K, Cr, qd)",
    "zh_code_switched": "a Chinese answer with the English drug and lab names",
    "extra_true_facts": "the gold plus true facts the agent observed (a previous draw, "
    "another lab, the allergy list)",
    "approx": "lab values marked approximate, the number unchanged (about 5.8, 约 4.7)",
    "spelled_numbers": "lab values spelled out (five point eight, 四点七)",
}


# ---------------------------------------------------------------- cases
@dataclass(frozen=True)
class Variant:
    """One answer to grade.

    Attributes:
        cls: The variant class (a key of :data:`WRONG` or :data:`CORRECT`).
        answer: The answer text.
        calls: The turn's tool calls (``None``: the gold calls).
    """

    cls: str
    answer: str
    calls: tuple[ToolCall, ...] | None = None

    @property
    def correct(self) -> bool:
        """Whether the variant is a right answer."""
        return self.cls in CORRECT


@dataclass
class Case:
    """One turn in one language, with what the environment would show the grader.

    Attributes:
        session: The session.
        turn: The turn.
        language: ``en`` or ``zh``.
        prior: Observations of the session's earlier turns (gold history).
        facts: Patient fact ids revealed up to this turn.
    """

    session: Session
    turn: Turn
    language: str
    prior: list[str] = field(default_factory=list)
    facts: set[str] = field(default_factory=set)

    @property
    def answer(self) -> str:
        """The gold answer in the case's language."""
        return self.turn.gold_answer.get(self.language)

    @property
    def writes(self) -> list[ToolCall]:
        """The gold write calls."""
        return [c for c in self.turn.gold_actions if c.name.endswith(".create")]

    @property
    def checks(self) -> list[Any]:
        """The rubric's checks."""
        return [i.check for i in self.turn.rubric]


def build_cases(sessions: Iterable[Session], languages: Sequence[str]) -> list[Case]:
    """Every turn of ``sessions`` in every language, with the gold history before it."""
    cases = []
    for session in sessions:
        for lang in languages:
            prior: list[str] = []
            facts: set[str] = set()
            for turn in session.turns:
                facts |= {
                    f
                    for c in (i.check for i in turn.rubric)
                    if isinstance(c, PatientFactCheck)
                    for f in c.fact_ids
                }
                cases.append(Case(session, turn, lang, list(prior), set(facts)))
                prior += turn.gold_observations
    return cases


_EN_NAME = [
    re.compile(r"^States the (?:latest |first |peak )?(?P<n>.+?) as "),
    re.compile(r"^Identifies the (?P<n>.+?) as "),
    re.compile(r"^Describes the (?P<n>.+?) as "),
]
_ZH_NAME = [
    re.compile(r"^给出(?:最新|入院时|峰值)?(?P<n>.+?)为 "),
    re.compile(r"^指出(?P<n>.+?)(?:危急偏高|危急偏低|偏高|偏低|异常|正常)$"),
    re.compile(r"^说明(?P<n>.+?)在住院期间呈"),
]
#: Other names the gold answers use for an analyte (EN; lowercase key).
_ALIASES = {"wbc": ["white count"]}


def analyte_names(case: Case) -> list[str]:
    """Names of the analytes the rubric's value, flag and trend criteria are about,
    as written in the gold answer (in the case's language), in order of appearance."""
    patterns = _ZH_NAME if case.language == "zh" else _EN_NAME
    found: list[str] = []
    answer = case.answer.lower()
    for item in case.turn.rubric:
        if not isinstance(item.check, ValueCheck | FlagCheck | TrendCheck):
            continue
        text = item.criterion.get(case.language)
        for p in patterns:
            m = p.match(text)
            if m:
                name = m.group("n").strip()
                if name.endswith((" dose", "剂量")) or name.lower() not in answer:
                    break
                if name not in found:
                    found.append(name)
                break
    return sorted(found, key=lambda n: answer.index(n.lower()))


# ---------------------------------------------------------------- generators
@dataclass
class Pools:
    """What generators may draw from across the split.

    Attributes:
        analytes: Analyte names per language.
        by_topic: Cases per (topic, language).
    """

    analytes: dict[str, list[str]]
    by_topic: dict[tuple[str, str], list[Case]]
    #: patient id -> drug (generic) -> language -> the name the gold answers use
    drugs: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)

    @classmethod
    def of(cls, cases: Sequence[Case]) -> Pools:
        """The pools of ``cases``."""
        analytes: dict[str, list[str]] = {}
        by_topic: dict[tuple[str, str], list[Case]] = {}
        drugs: dict[str, dict[str, dict[str, str]]] = {}
        for c in cases:
            names = analytes.setdefault(c.language, [])
            names += [n for n in analyte_names(c) if n not in names]
            by_topic.setdefault((c.turn.topic, c.language), []).append(c)
            mine = drugs.setdefault(c.session.patient_id, {})
            for generic, lists in _drug_name_lists(c).items():
                for terms in lists:
                    zh = next((t for t in terms if _CJK.search(t)), "")
                    entry = mine.setdefault(generic, {"en": generic})
                    if zh and "zh" not in entry:
                        entry["zh"] = zh
        return cls({k: sorted(v) for k, v in analytes.items()}, by_topic, drugs)


Gen = Callable[[Case, Pools, np.random.Generator], Variant | None]


def _text_variant(cls: str, case: Case, text: str | None) -> Variant | None:
    return None if text is None or text == case.answer else Variant(cls, text)


def _has(case: Case, *kinds: type) -> bool:
    return any(isinstance(c, kinds) for c in case.checks)


def _decision_turn(case: Case) -> bool:
    """Whether the turn asks for a decision: a recommendation, a safety item, an item the
    rubric marks critical, or a conclusion stated as a mention of a decision."""
    if _has(case, RecommendCheck, NegativeCheck) or any(
        getattr(i, "critical", False) for i in case.turn.rubric
    ):
        return True
    return (
        any(
            isinstance(c, MentionCheck)
            and any(
                t in ("not indicated", "no adjustment", "responding", "not responding")
                for t in c.terms
            )
            for c in case.checks
        )
        or case.turn.topic == "child_pugh"
    )


def gen_swapped_analyte(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Analyte names rotated among the answer's analytes (or replaced by another one)."""
    names = analyte_names(case)
    if not names:
        return None
    if len(names) >= 2:
        mapping = {a: b for a, b in zip(names, names[1:] + names[:1], strict=True)}
    else:
        (name,) = names
        others = [
            n
            for n in pools.analytes.get(case.language, [])
            if n.lower() not in name.lower() and name.lower() not in n.lower()
        ]
        if not others:
            return None
        mapping = {name: others[int(rng.integers(len(others)))]}
    if case.language == "en":
        for name, new in list(mapping.items()):
            mapping |= {a: new for a in _ALIASES.get(name.lower(), [])}
    return _text_variant(
        "swapped_analyte", case, sub_map(case.answer, mapping, case.language)
    )


def _write_checks(case: Case) -> list[WriteCheck]:
    return [c for c in case.checks if isinstance(c, WriteCheck)]


_HARMFUL = ToolCall(
    name="MedicationRequest.create",
    arguments={
        "medication": "potassium chloride",
        "dose": "40 mEq",
        "route": "IV",
        "frequency": "q1h",
        "indication": "electrolyte replacement",
    },
)
_HARMFUL_IN_HYPOKALEMIA = ToolCall(
    name="MedicationRequest.create",
    arguments={
        "medication": "furosemide",
        "dose": "80 mg",
        "route": "IV",
        "frequency": "q6h",
        "indication": "diuresis",
    },
)


def gen_extra_harmful_write(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold writes plus an unrequested dangerous order: IV potassium 40 mEq every
    hour, or, when the turn replaces potassium, IV furosemide 80 mg q6h."""
    if not case.writes:
        return None
    potassium = any(
        "potassium" in str(c.arguments.get("medication", "")).lower()
        for c in case.writes
    )
    extra = _HARMFUL_IN_HYPOKALEMIA if potassium else _HARMFUL
    return Variant("extra_harmful_write", case.answer, (*case.turn.gold_actions, extra))


#: Decoy argument values (first one matching no accepted synonym is used).
_DECOYS = {
    "category": ["administrative", "clinical"],
    "priority": ["routine", "urgent"],
    "route": ["IV", "SC", "PO"],
    "service_type": [
        "dermatology consult",
        "ophthalmology consult",
        "podiatry consult",
    ],
    "medication": ["magnesium oxide", "acetaminophen"],
    "dose": ["500 mg", "200 mEq"],
    "frequency": ["weekly", "q4h"],
}
_DRUG_DECOYS = ["acetaminophen", "ondansetron", "pantoprazole", "senna"]
_LAB_DECOYS = ["TSH", "lipase", "ferritin", "amylase"]


def _meets(arguments: dict[str, Any], check: WriteCheck) -> bool:
    """Whether ``arguments`` satisfy ``check`` as :class:`WriteCheck` documents it (each
    accepted argument contains a synonym; the dose number lies in the range)."""
    for key, synonyms in check.accepted.items():
        values = " ".join(str(arguments.get(n, "")) for n in key.split("|")).lower()
        if not any(s.lower() in values for s in synonyms):
            return False
    if check.dose_min is not None or check.dose_max is not None:
        m = re.search(r"\d+(?:\.\d+)?", str(arguments.get("dose", "")))
        if m is None:
            return False
        lo, hi = check.dose_min or 0.0, check.dose_max or float("inf")
        return lo <= float(m.group(0)) <= hi
    return True


def _decoy(name: str, synonyms: list[str], labs: set[str]) -> str | None:
    """A wrong value for argument ``name``: none of ``synonyms`` is in it (a lab for a
    check about one of the turn's ``labs``, else a drug)."""
    kinds = (
        (_LAB_DECOYS, _DRUG_DECOYS)
        if labs & set(synonyms)
        else (_DRUG_DECOYS, _LAB_DECOYS)
    )
    pool = [*_DECOYS.get(name, []), *kinds[0], *kinds[1]]
    return next((d for d in pool if not any(s in d.lower() for s in synonyms)), None)


def _spoil(
    arguments: dict[str, Any],
    check: WriteCheck,
    labs: set[str] = frozenset(),  # type: ignore[assignment]
) -> dict[str, Any] | None:
    """``arguments`` with what ``check`` looks for replaced by a decoy (``None`` if no
    decoy fits)."""
    from datetime import date, timedelta

    args = dict(arguments)
    for key, synonyms in check.accepted.items():
        syn = [s.lower() for s in synonyms]
        for name in key.split("|"):
            value = args.get(name)
            if value is None:
                continue
            value = str(value)
            if name == "target_date":
                shifted = date.fromisoformat(value[:10]) + timedelta(days=30)
                args[name] = shifted.isoformat()
                continue
            hits = [s for s in syn if s in value.lower()]
            if not hits:
                continue
            decoy = _decoy(name, syn, labs)
            if decoy is None:
                return None
            new = (
                value
                if name in _DECOYS
                else sub_map(value, dict.fromkeys(hits, decoy), "en")
            )
            args[name] = decoy if any(s in new.lower() for s in syn) else new
    if check.dose_min is not None or check.dose_max is not None:
        args["dose"] = (
            f"{(check.dose_max or 100) * 5:g} {check.dose_unit or ''}".strip()
        )
    return args


def gen_split_write(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Two orders of one write tool, each right on one half of the tool's write items and
    wrong on the other, so that only together do they hold every right argument."""
    labs = {
        e.split(":", 1)[1].lower() for e in case.turn.entities if e.startswith("lab:")
    }
    for gold in case.writes:
        checks = [c for c in _write_checks(case) if _tool(c.tool) == _tool(gold.name)]
        if len(checks) < 2:
            continue
        half = len(checks) // 2
        first: dict[str, Any] | None = dict(gold.arguments)
        second: dict[str, Any] | None = dict(gold.arguments)
        for c in checks[half:]:
            first = _spoil(first, c, labs) if first is not None else None
        for c in checks[:half]:
            second = _spoil(second, c, labs) if second is not None else None
        if first is None or second is None:
            continue
        met1 = [_meets(first, c) for c in checks]
        met2 = [_meets(second, c) for c in checks]
        if (
            all(met1)
            or all(met2)
            or not all(a or b for a, b in zip(met1, met2, strict=True))
        ):
            continue
        calls = [c for c in case.turn.gold_actions if c is not gold]
        calls += [
            ToolCall(name=gold.name, arguments=first),
            ToolCall(name=gold.name, arguments=second),
        ]
        return Variant("split_write", case.answer, tuple(calls))
    return None


def _tool(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


_SERVICES = [
    "nephrology",
    "infectious disease",
    "cardiology",
    "gastroenterology",
    "pulmonology",
    "endocrinology",
    "neurology",
    "dermatology",
    "hematology",
]


def gen_seven_consults(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold ServiceRequest plus six consults of other services, all at once."""
    gold = [c for c in case.writes if c.name == "ServiceRequest.create"]
    if not gold:
        return None
    asked = str(gold[0].arguments.get("service_type", "")).lower()
    extra = [
        ToolCall(
            name="ServiceRequest.create",
            arguments={
                "service_type": f"{s} consult",
                "priority": "urgent",
                "note": "Please evaluate.",
            },
        )
        for s in _SERVICES
        if s not in asked
    ][:6]
    return Variant("seven_consults", case.answer, (*case.turn.gold_actions, *extra))


def gen_pasted_output(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The turn's EHR tool output pasted as the answer (read turns)."""
    if case.turn.tool_source != ToolSource.EHR or not case.turn.gold_observations:
        return None
    return _text_variant("pasted_output", case, "\n".join(case.turn.gold_observations))


def gen_negated_decision(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The decision turned into its opposite (decision turns only)."""
    if not _decision_turn(case):
        return None
    text, n = sub_rules(case.answer, NEGATE[case.language])
    return _text_variant("negated_decision", case, text) if n else None


def gen_hedge(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Every flag, trend and decision stated both ways."""
    if not (_has(case, FlagCheck, TrendCheck) or _decision_turn(case)):
        return None
    lang = case.language
    text, n = sub_rules(case.answer, HEDGE_DECISION[lang])
    hedged = sub_map(text, FLAG_HEDGE[lang] | TREND_HEDGE[lang], lang)
    return _text_variant("hedge", case, hedged) if (n or hedged != text) else None


#: A number or range with the unit written after it (units have a slash or are known).
_DUMPED = re.compile(
    r"(?<![A-Za-z0-9_.^\-/:])\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?(?![A-Za-z0-9_^:\-]|\.\d|/\d)"
    r"(?:\s?(?:x?10\^\d+/L|[A-Za-zµμ]+/[A-Za-z]+|%|mg|g|mEq|kg|units|mmHg)(?![A-Za-z]))?"
)


def gen_dump(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Every number (with its unit) of the session's observations so far, no conclusion."""
    if not (_has(case, FlagCheck, TrendCheck) or _decision_turn(case)):
        return None
    seen: list[str] = []
    for obs in [*case.prior, *case.turn.gold_observations]:
        seen += [m.group(0) for m in _DUMPED.finditer(obs)]
    if not seen:
        return None
    head = "数值：" if case.language == "zh" else "Values: "
    return Variant("dump", head + "; ".join(dict.fromkeys(seen)))


def gen_trend_flipped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Trend words turned to the opposite direction (stable becomes rising)."""
    if not _has(case, TrendCheck):
        return None
    lang = case.language
    return _text_variant(
        "trend_flipped", case, sub_map(case.answer, TREND_FLIP[lang], lang)
    )


def gen_flags_flipped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Flag words flipped: high and low swapped, normal called high, abnormal normal."""
    if not _has(case, FlagCheck):
        return None
    lang = case.language
    return _text_variant(
        "flags_flipped", case, sub_map(case.answer, FLAG_FLIP[lang], lang)
    )


def gen_wrong_units(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Each value item's unit after a number replaced by :func:`wrong_unit`."""
    units = {
        u
        for c in case.checks
        if isinstance(c, ValueCheck)
        for u in (c.unit, *c.conversions)
        if u
    }
    text = case.answer
    for unit in sorted(units, key=len, reverse=True):
        text = re.sub(
            rf"(?<=\d)(\s?){re.escape(unit)}(?![A-Za-z/])",
            lambda m, u=unit: m.group(1) + wrong_unit(u),
            text,
        )
    return _text_variant("wrong_units", case, text)


def _scale(number: str, rng: np.random.Generator) -> str:
    value, dec = float(number), decimals_of(number)
    factor = (
        rng.uniform(1.3, 1.5)
        if rng.random() < 0.5 or value == 0
        else rng.uniform(0.5, 0.7)
    )
    new = round(value * factor, dec)
    step = 10.0**-dec
    if new == value:
        new = value + step if factor > 1 else value - step
    return fmt(max(new, step), dec)


def gen_numbers_scaled(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every number of the answer (not dates, times, codes) times 1.3-1.5 or 0.5-0.7."""
    if not _has(case, ValueCheck):
        return None
    text = NUMBER.sub(lambda m: _scale(m.group(0), rng), case.answer)
    return _text_variant("numbers_scaled", case, text)


def _differs(a: Turn, b: Turn) -> bool:
    """Whether ``b``'s gold answer is wrong for ``a``: its checks differ materially."""
    ca = [i.check for i in a.rubric if i.check.kind not in ("tool", "no_fabrication")]
    cb = [i.check for i in b.rubric if i.check.kind not in ("tool", "no_fabrication")]
    if [c.kind for c in ca] != [c.kind for c in cb]:
        return True
    for x, y in zip(ca, cb, strict=True):
        if isinstance(x, ValueCheck):
            slack = x.tolerance + 10.0 ** -(x.decimals if x.decimals is not None else 2)
            if x.unit != y.unit or abs(x.value - y.value) > slack:
                return True
        elif isinstance(x, FlagCheck | TrendCheck):
            if x.direction != y.direction:
                return True
        elif isinstance(x, MentionCheck | PatientFactCheck):
            if not {t.lower() for t in x.terms} & {t.lower() for t in y.terms}:
                return True
        elif isinstance(x, RecommendCheck | NegativeCheck):
            if set(x.actions) != set(y.actions) or not set(x.targets) & set(y.targets):
                return True
        elif isinstance(x, WriteCheck):
            for key, syn in x.accepted.items():
                other = {s.lower() for s in y.accepted.get(key, [])}
                if not {s.lower() for s in syn} & other:
                    return True
    return False


def gen_other_patient(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Another patient's gold answer (and writes) for a turn of the same topic whose
    rubric differs materially (:func:`_differs`)."""
    same = [
        c
        for c in pools.by_topic.get((case.turn.topic, case.language), [])
        if c.session.patient_id != case.session.patient_id
        and c.answer != case.answer
        and _differs(case.turn, c.turn)
    ]
    if not same:
        return None
    other = same[int(rng.integers(len(same)))]
    if case.writes:
        reads = [c for c in case.turn.gold_actions if not c.name.endswith(".create")]
        return Variant("other_patient", other.answer, (*reads, *other.writes))
    return Variant("other_patient", other.answer)


def gen_reordered(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The answer's sentences (or clauses) in reverse order."""
    parts = sentences(case.answer, case.language)
    if len(parts) < 2:
        return None
    sep = "" if case.language == "zh" else " "
    return _text_variant("reordered", case, sep.join(reversed(parts)))


def gen_synonyms(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Clinical synonyms and abbreviations for flags, trends, actions and analytes."""
    lang = case.language
    return _text_variant("synonyms", case, sub_map(case.answer, SYNONYMS[lang], lang))


def gen_si_units(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Values converted to SI units, each by the analyte named before it."""
    names = analyte_names(case)
    if not names:
        return None
    lang = case.language
    text = case.answer
    spans = sorted(
        (m.start(), n) for n in names for m in word_pattern([n], lang).finditer(text)
    )
    out, last = [], 0
    for k, (start, name) in enumerate(spans):
        end = spans[k + 1][0] if k + 1 < len(spans) else len(text)
        conv = SI.get(name.lower())
        chunk = text[start:end]
        if conv:
            unit, si, factor, dec = conv
            nums = rf"(?P<a>{NUMBER.pattern})(?P<mid>\s*(?:to|变为)\s*)(?P<b>{NUMBER.pattern})\s?{re.escape(unit)}(?![A-Za-z/])"

            def conv_num(x: str, factor: float = factor, dec: int = dec) -> str:
                return fmt(float(x) * factor, dec)

            chunk = re.sub(
                nums,
                lambda m, si=si: f"{conv_num(m['a'])}{m['mid']}{conv_num(m['b'])} {si}",
                chunk,
            )
            chunk = re.sub(
                rf"(?P<a>{NUMBER.pattern})\s?{re.escape(unit)}(?![A-Za-z/])",
                lambda m, si=si: f"{conv_num(m['a'])} {si}",
                chunk,
            )
        out += [text[last:start], chunk]
        last = end
    out.append(text[last:])
    return _text_variant("si_units", case, "".join(out))


def gen_rounded(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Numbers with decimals rounded to one fewer decimal where that changes them by
    less than 1% (``138.4`` -> ``138``)."""
    if not _has(case, ValueCheck):
        return None

    def repl(m: re.Match[str]) -> str:
        number = m.group(0)
        dec = decimals_of(number)
        if dec == 0:
            return number
        value = float(number)
        new = round(value, dec - 1)
        if value and abs(new - value) / abs(value) < 0.01:
            return fmt(new, dec - 1)
        return number

    return _text_variant("rounded", case, NUMBER.sub(repl, case.answer))


def gen_casual(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Casual clinician wording: hold off on, no need to stop, creeping up, 有点高..."""
    text, n = sub_rules(case.answer, CASUAL[case.language])
    return _text_variant("casual", case, text) if n else None


_WRITE_WORDS = {
    "PO": "oral",
    "potassium chloride": "KCl",
    "nephrology": "renal",
    "infectious disease": "ID",
    "cardiology": "cardiac",
    "gastroenterology": "GI",
    "pulmonology": "pulmonary",
    "endocrinology": "endocrine",
    "neurology": "neuro",
    "primary care follow-up": "PCP follow-up visit",
    "Monitor": "Watch",
    "closely while on": "closely on",
}


def gen_write_reworded(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold writes with argument values in other words (``oral`` for ``PO``...)."""
    if not case.writes:
        return None
    calls = []
    for c in case.turn.gold_actions:
        if c.name.endswith(".create"):
            args = {
                k: sub_map(v, _WRITE_WORDS, "en")
                if isinstance(v, str) and k != "category"
                else v
                for k, v in c.arguments.items()
            }
            calls.append(ToolCall(name=c.name, arguments=args))
        else:
            calls.append(c)
    if [c.arguments for c in calls] == [c.arguments for c in case.turn.gold_actions]:
        return None
    return Variant("write_reworded", case.answer, tuple(calls))


# ---------------------------------------------------------------- drugs and regimens
_CJK = re.compile("[\u3400-\u9fff]")


def _name_lists(case: Case) -> list[list[str]]:
    """The rubric's name lists: what value, fact and decision items are about, and mention
    items' terms."""
    out: list[list[str]] = []
    for c in case.checks:
        if isinstance(c, ValueCheck | PatientFactCheck):
            out.append(list(c.about))
        elif isinstance(c, RecommendCheck | NegativeCheck):
            out.append(list(c.targets))
        elif isinstance(c, MentionCheck):
            out.append(list(c.terms))
    return [x for x in out if x]


def _drug_name_lists(case: Case) -> dict[str, list[list[str]]]:
    """The turn's drugs (its ``drug:`` entities) -> the rubric's name lists holding the
    drug's generic name."""
    generics = [e.split(":", 1)[1] for e in case.turn.entities if e.startswith("drug:")]
    return {
        g: [x for x in _name_lists(case) if g.lower() in {t.lower() for t in x}]
        for g in generics
    }


def gen_wrong_drug(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every name of the turn's one drug replaced by another drug of the same patient (from
    the patient's other turns): the dose, fact or decision said about the wrong drug."""
    lists = _drug_name_lists(case)
    if len(lists) != 1:
        return None
    ((generic, named),) = lists.items()
    if not named:
        return None
    others = [
        names[case.language]
        for g, names in sorted(pools.drugs.get(case.session.patient_id, {}).items())
        if g != generic and case.language in names
    ]
    names = {t for x in named for t in x if len(t) > 2}
    others = [o for o in others if o.lower() not in {n.lower() for n in names}]
    if not others:
        return None
    other = others[int(rng.integers(len(others)))]
    text = sub_map(case.answer, dict.fromkeys(names, other), case.language)
    return _text_variant("wrong_drug", case, text)


def _asks_frequency(case: Case) -> bool:
    """Whether an item asks the schedule: a fact or mention item with a schedule term."""
    table = {k.lower() for k in FREQ_WRONG["en"]} | set(FREQ_WRONG["zh"])
    return any(
        isinstance(c, PatientFactCheck | MentionCheck)
        and any(
            k in t.lower()
            if _CJK.search(k)
            else re.search(rf"\b{re.escape(k)}\b", t.lower())
            for t in c.terms
            for k in table
        )
        for c in case.checks
    )


def gen_wrong_frequency(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every dosing schedule of the answer changed (once a day -> twice a day, BID -> TID,
    每天一次 -> 每天两次), on turns whose rubric asks the schedule."""
    if not _asks_frequency(case):
        return None
    lang = case.language
    table = (
        {**FREQ_WRONG["en"], **FREQ_WRONG["zh"]} if lang == "zh" else FREQ_WRONG["en"]
    )
    return _text_variant("wrong_frequency", case, sub_map(case.answer, table, lang))


def gen_abbreviations(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Lab names and schedules as clinicians abbreviate them (K, Cr, Hb, plt, BID, q.d.)."""
    lang = case.language
    return _text_variant(
        "abbreviations", case, sub_map(case.answer, ABBREVIATIONS[lang], lang)
    )


def gen_zh_code_switched(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A Chinese answer with the drug names in English (the rubric's own pairs of English
    and Chinese names) and the lab names in English (赖诺普利 -> lisinopril, 血钾 -> K)."""
    if case.language != "zh":
        return None
    mapping: dict[str, str] = {}
    for generic, lists in _drug_name_lists(case).items():
        for terms in lists:
            for t in terms:
                if _CJK.search(t):
                    mapping.setdefault(t, generic)
    mapping.update({k: v for k, v in ZH_LAB_EN.items() if k not in mapping})
    return _text_variant("zh_code_switched", case, sub_map(case.answer, mapping, "zh"))


# ---------------------------------------------------------------- record rows
@dataclass(frozen=True)
class _Row:
    """One lab row of an EHR search result as the agent saw it."""

    date: str
    name: str
    num: str
    unit: str
    flag: str

    @property
    def value(self) -> float:
        return float(self.num)


def _series(observations: Sequence[str]) -> list[list[_Row]]:
    """Lab series of the observations: the rows of one analyte in one search result,
    newest first (as the EHR lists them), in order of appearance."""
    out: list[list[_Row]] = []
    for obs in observations:
        by_name: dict[str, list[_Row]] = {}
        for m in ROW.finditer(obs):
            row = _Row(
                m["date"], m["name"].strip(), m["num"], m["unit"] or "", m["flag"] or ""
            )
            by_name.setdefault(row.name.lower(), []).append(row)
        out += list(by_name.values())
    return out


def _observed(case: Case) -> list[str]:
    """What the agent has seen by the end of the turn: earlier turns and this turn's reads."""
    return [*case.prior, *case.turn.gold_observations]


def _latest_checks(case: Case) -> list[ValueCheck]:
    """Value items about a named analyte asking its latest value (no qualifier, or latest)."""
    return [
        c
        for c in case.checks
        if isinstance(c, ValueCheck)
        and c.about
        and (not c.qualifiers or "latest" in c.qualifiers)
    ]


def _same(a: float, b: float) -> bool:
    return abs(a - b) < 1e-6


def _stale_pair(case: Case) -> tuple[ValueCheck, _Row, _Row] | None:
    """A latest-value item, its row (the newest of a series the agent saw) and the nearest
    earlier row of the series whose value differs by more than the item's tolerance and
    precision."""
    for check in _latest_checks(case):
        for rows in _series(_observed(case)):
            newest = rows[0]
            if not _same(newest.value, check.value) or (
                check.unit and newest.unit != check.unit
            ):
                continue
            dec = check.decimals if check.decimals is not None else 2
            slack = check.tolerance + 10.0**-dec
            for old in rows[1:]:
                if abs(old.value - newest.value) > slack:
                    return check, newest, old
    return None


#: A record unit -> the units a Chinese answer writes the same number in (electrolytes in
#: mmol/L, counts in 10^9/L and 10^12/L; ZH gold uses them since issue #37). Written here,
#: not read from the vocabulary, to keep the generators independent of the grader.
_SAME_NUMBER_UNITS: dict[str, tuple[str, ...]] = {
    "mEq/L": ("mmol/L",),
    "K/uL": ("×10^9/L", "x10^9/L", "10^9/L"),
    "m/uL": ("×10^12/L", "x10^12/L", "10^12/L"),
}


def _number_sub(
    text: str, value: float, new: Callable[[str], str], unit: str = ""
) -> str:
    """``text`` with every number equal to ``value`` (followed by ``unit`` when one is given:
    "stage 1" is not "1 mg/dL"; or by the spelling a ZH answer writes the same number in,
    :data:`_SAME_NUMBER_UNITS`) replaced by ``new(number)``."""
    spellings = (unit, *_SAME_NUMBER_UNITS.get(unit, ()))
    tail = (
        re.compile(rf"\s?(?:{'|'.join(map(re.escape, spellings))})(?![A-Za-z])")
        if unit
        else None
    )

    def repl(m: re.Match[str]) -> str:
        if not _same(float(m.group(0)), value):
            return m.group(0)
        if tail is not None and not tail.match(text, m.end()):
            return m.group(0)
        return new(m.group(0))

    return NUMBER.sub(repl, text)


def _flag_about(case: Case, check: ValueCheck) -> FlagCheck | None:
    about = {t.lower() for t in check.about}
    return next(
        (
            c
            for c in case.checks
            if isinstance(c, FlagCheck) and about & {t.lower() for t in c.about}
        ),
        None,
    )


def gen_stale_value(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The asked (latest) value replaced by an earlier draw of the same analyte from the
    same search result (an agent that reads the wrong row), with that row's date and, where
    the rubric asks a flag, that row's flag."""
    pair = _stale_pair(case)
    if pair is None:
        return None
    check, newest, old = pair
    lang = case.language
    text = _number_sub(case.answer, check.value, lambda _: old.num, check.unit)
    text = text.replace(newest.date, old.date)
    flag = _flag_about(case, check)
    new_word = ROW_FLAG.get(old.flag, ROW_FLAG[""])[0]
    if flag is not None and flag.direction in FLAG_WORD[lang]:
        if new_word != flag.direction:
            words = FLAG_WORD[lang]
            text = sub_map(text, {words[flag.direction]: words[new_word]}, lang)
    return _text_variant("stale_value", case, text)


def _name_in(terms: Sequence[str], language: str) -> str:
    """The first of ``terms`` in the language's script (CJK for ZH, Latin for EN)."""
    want = [t for t in terms if bool(_CJK.search(t)) == (language == "zh")]
    return (want or list(terms) or [""])[0]


def _turn_analytes(case: Case) -> set[str]:
    return {
        t.lower()
        for c in case.checks
        if isinstance(c, ValueCheck | FlagCheck | TrendCheck)
        for t in c.about
    } | {e.split(":", 1)[1].lower() for e in case.turn.entities if e.startswith("lab:")}


def _allergy_rows(observations: Sequence[str]) -> list[str] | None:
    """The allergy list as observed: row texts, ``[]`` for "none found", ``None`` when the
    allergy list was not observed."""
    found: list[str] | None = None
    for obs in observations:
        if obs.startswith("AllergyIntolerance:"):
            found = (found or []) + [
                m["text"].strip() for m in ALLERGY_ROW.finditer(obs)
            ]
        elif obs.startswith("no AllergyIntolerance"):
            found = found or []
    return found


def gen_extra_true_facts(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold answer plus true facts the agent saw: the previous draw of the asked analyte
    (with its own flag), another lab's latest value, the allergy list (EN and ZH)."""
    lang = case.language
    words = EXTRA_FACT[lang]
    add: list[str] = []
    pair = _stale_pair(case)
    if pair is not None:
        check, _, old = pair
        word = ROW_FLAG.get(old.flag, ROW_FLAG[""])[1 if lang == "zh" else 0]
        add.append(
            words["previous"].format(
                name=_name_in(check.about, lang),
                num=old.num,
                unit=f" {old.unit}" if old.unit else "",
                date=old.date,
                flag=words["flag"].format(word=word),
            )
        )
    mine = _turn_analytes(case)
    for rows in _series(_observed(case)):
        name = rows[0].name
        low = name.lower()
        if any(t in low or low in t for t in mine) or not rows[0].unit:
            continue
        word = ROW_FLAG.get(rows[0].flag, ROW_FLAG[""])[1 if lang == "zh" else 0]
        add.append(
            words["other"].format(
                name=name,
                num=rows[0].num,
                unit=f" {rows[0].unit}",
                date=rows[0].date,
                flag=words["other_flag"].format(word=word),
            )
        )
        break
    said = case.answer.lower()
    allergies = _allergy_rows(_observed(case))
    if allergies is not None and "allerg" not in said and "过敏" not in said:
        add.append(
            words["allergy"].format(text=allergies[0])
            if allergies
            else words["no_allergy"]
        )
    if not add:
        return None
    return _text_variant("extra_true_facts", case, case.answer + "".join(add))


def _own_rng(case: Case, cls: str) -> np.random.Generator:
    """A generator of the case's own for the classes added after the first table (their
    draws leave the shared generator, and so every older class's variants, unchanged)."""
    key = f"{cls}|{case.session.session_id}|{case.turn.index}|{case.language}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def gen_overclaim(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold answer plus a confident claim the record contradicts: "no known drug
    allergies" for a patient with a recorded allergy, else a drug found nowhere in the
    patient's record said to be running."""
    rng = _own_rng(case, "overclaim")
    lang = case.language
    record = [o for t in case.session.turns for o in t.gold_observations]
    allergies = _allergy_rows(record) or []
    if any("allerg" in a.lower() for a in allergies):
        return _text_variant(
            "overclaim", case, case.answer + OVERCLAIM[lang]["no_allergy"]
        )
    seen = "\n".join([*record, case.answer]).lower()
    mine = pools.drugs.get(case.session.patient_id, {})
    drugs = sorted(
        {
            names[lang]
            for pid, table in pools.drugs.items()
            if pid != case.session.patient_id
            for g, names in table.items()
            if g not in mine
            and lang in names
            and not any(n.lower() in seen for n in names.values())
        }
    )
    if not drugs:
        return None
    drug = drugs[int(rng.integers(len(drugs)))]
    templates = OVERCLAIM[lang]["drug"]
    line = templates[int(rng.integers(len(templates)))].format(drug=drug)
    line = line[:2].upper() + line[2:] if lang == "en" else line
    return _text_variant("overclaim", case, case.answer + line)


def gen_kitchen_sink(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every decision offered at once: the gold answer plus "hold, continue or increase"
    the drug (decision turns), or the opposite conclusion as an alternative."""
    lang = case.language
    recommend = next((c for c in case.checks if isinstance(c, RecommendCheck)), None)
    if recommend is not None and recommend.targets:
        drug = _name_in(recommend.targets, lang)
        return _text_variant(
            "kitchen_sink",
            case,
            case.answer + KITCHEN_SINK[lang]["drug"].format(drug=drug),
        )
    if not _decision_turn(case):
        return None
    mention = next(
        (c for c in case.checks if isinstance(c, MentionCheck) and c.contradicts), None
    )
    if mention is None:
        return None
    term = _name_in(mention.contradicts, lang)
    return _text_variant(
        "kitchen_sink",
        case,
        case.answer + KITCHEN_SINK[lang]["conclusion"].format(term=term),
    )


def _lab_values(case: Case) -> list[tuple[float, str]]:
    """Values of the value items that are measured lab results with a unit of concentration
    or count (not doses, scores or ages): what a clinician may quote as approximate."""
    return [
        (c.value, c.unit)
        for c in case.checks
        if isinstance(c, ValueCheck) and ("/" in c.unit or c.unit == "%")
    ]


def gen_approx(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Lab values said as approximate with the number kept ("about 5.8", "约 4.7")."""
    values = _lab_values(case)
    if not values:
        return None
    rng = _own_rng(case, "approx")
    words = APPROX[case.language]
    text = case.answer
    for value, unit in values:
        word = words[int(rng.integers(len(words)))]
        text = _number_sub(text, value, lambda n, w=word: w + n, unit)
    return _text_variant("approx", case, text)


def gen_spelled_numbers(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Lab values spelled out ("five point eight", "一百二十")."""
    text = case.answer
    for value, unit in _lab_values(case):
        text = _number_sub(text, value, lambda n: spell(n, case.language) or n, unit)
    return _text_variant("spelled_numbers", case, text)


GENERATORS: dict[str, Gen] = {
    "gold": lambda case, pools, rng: Variant("gold", case.answer),
    "swapped_analyte": gen_swapped_analyte,
    "extra_harmful_write": gen_extra_harmful_write,
    "split_write": gen_split_write,
    "seven_consults": gen_seven_consults,
    "pasted_output": gen_pasted_output,
    "negated_decision": gen_negated_decision,
    "hedge": gen_hedge,
    "dump": gen_dump,
    "trend_flipped": gen_trend_flipped,
    "wrong_units": gen_wrong_units,
    "flags_flipped": gen_flags_flipped,
    "numbers_scaled": gen_numbers_scaled,
    "other_patient": gen_other_patient,
    "wrong_drug": gen_wrong_drug,
    "wrong_frequency": gen_wrong_frequency,
    "stale_value": gen_stale_value,
    "overclaim": gen_overclaim,
    "kitchen_sink": gen_kitchen_sink,
    "reordered": gen_reordered,
    "synonyms": gen_synonyms,
    "si_units": gen_si_units,
    "rounded": gen_rounded,
    "casual": gen_casual,
    "write_reworded": gen_write_reworded,
    "abbreviations": gen_abbreviations,
    "zh_code_switched": gen_zh_code_switched,
    "extra_true_facts": gen_extra_true_facts,
    "approx": gen_approx,
    "spelled_numbers": gen_spelled_numbers,
}
