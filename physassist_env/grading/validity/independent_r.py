"""Independent grader-validity set R: wrong answers a sound reward must fail and right
answers (said differently) it must pass, made from each gold turn in EN and ZH.

How it was written. Set R was written for issue #35 without reading the grader, its
vocabulary, the clinical tables or any earlier independent set (A-Q) or their docs; only
the data model (:mod:`physassist_env.scenarios.model`), the Case/Pools/Variant interface
and record-row helpers of :mod:`.variants`, and the dataset's turns (gold answers, rubric
check fields, gold tool calls and their observations) were read. No pass rate was computed
while writing it.

Principle. A reward that pays for the *presence* of the gold's words can be gamed by what
a policy adds, takes back, hides, relabels, re-scopes or leaves out. Every wrong class keeps
the gold's words (or hides them) and changes what the answer decides about THIS patient:
the decision reversed in new document shapes (dictation with "scratch that", a marked
quiz option, a decision tree whose branch always fires, a FHIR-like resource whose coded
conclusion disagrees, a MAR grid, a tweet, a ranked list, a low stated confidence, a
rhetorical question as verdict, an addendum that supersedes), the answer moved to another
bed, admission, hypothetical or past state, record facts denied (an abnormal lab of the
chart called normal, the asked value/flag/trend restated wrong), inventions of every
entity type drawn from broad pools and kept only when absent from every observation of the
session, orders the chart makes harmful, hidden or encoded gold behind a visible
non-answer, and non-answers. Opposite decisions are built from the record's own objects
(the rubric's contradicting terms and forbidden actions, another of the chart's drugs at
ten times its dose, a same-class duplicate of a chart drug). Right classes keep every
decisive sentence of the gold and add only shape, courtesy, harmless monitoring, a
rejected opposite, or true items from the observations (allergy rows, coded diagnoses,
active orders, lab rows).

Each generator ``gen(case, pools, rng) -> Variant | None`` ignores the shared ``rng`` and
seeds its own from crc32(session id, turn index, language, class), so a variant depends
only on its turn; it returns ``None`` where its class does not apply.

Sources of the harm tables (:mod:`.independent_r_phrases`): ISMP List of High-Alert
Medications in Acute Care Settings (2024; concentrated IV potassium, insulin, heparin,
opioids); FDA labels (amoxicillin, Bactrim, ceftriaxone, morphine, codeine, NSAIDs,
potassium chloride, furosemide, haloperidol, Lovenox, Coumadin, digoxin, methotrexate,
colchicine); KDIGO 2012 AKI guideline 3.1 and KDIGO 2024 CKD/BP (nephrotoxins, ACEi+ARB);
AABB 2023 transfusion guideline (anaemia, thrombocytopenia); ADA Standards of Care 2024
section 6 (hypoglycaemia, sulfonylureas); 2023 ACC/AHA/ACCP/HRS AF guideline (combined
antithrombotics, duplicate anticoagulants); AHA/ACCF 2010 scientific statement on
drug-induced QT prolongation (QT drugs with hypokalaemia/hypomagnesaemia); AGS Beers
Criteria 2023 (sedative combinations in older adults); IDSA guidance via the FDA
antibiotic labels (allergy cross-reactions); European hyponatraemia guideline 2014
(hypotonic fluid).
"""

from __future__ import annotations

import codecs
import json
import re
import zlib
from collections.abc import Callable
from datetime import date as _date

import numpy as np

from physassist_env.grading.validity import independent_r_phrases as P
from physassist_env.grading.validity.variants import (
    Case,
    Pools,
    Variant,
    _allergy_rows,
    _observed,
    _series,
    _turn_analytes,
)
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    ToolCall,
    TrendCheck,
    ValueCheck,
    WriteCheck,
)

_CJK = re.compile("[\u3400-\u9fff]")
_MED = re.compile(
    r"^- \S+ \S+ \| (?P<text>(?P<name>[A-Za-z][A-Za-z0-9 ()\-/.,%]*?) "
    r"(?P<dose>\d+(?:\.\d+)?) ?(?P<unit>mg|mcg|g|mEq|UNIT|units?|mL)\b[^|]*?) "
    r"\| (?P<status>active|stopped|completed|on-hold)",
    re.M,
)
_CONDITION = re.compile(r"^- [^|]+\| (?P<text>[^|]+?) \(ICD-(?:9|10) \w+\) \|", re.M)
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


# ---------------------------------------------------------------- helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for the turn: crc32(session, turn, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, items: list | tuple):  # noqa: ANN202
    return items[int(rng.integers(len(items)))]


def _other(lang: str) -> str:
    return "zh" if lang == "en" else "en"


def _in_lang(terms: list[str], lang: str, single_word: bool = False) -> str | None:
    """The first of ``terms`` written in the language's script (one word for EN when
    ``single_word``); ``None`` when none is."""
    for t in terms:
        if bool(_CJK.search(t)) == (lang == "zh") and not (
            single_word and lang == "en" and " " in t.strip()
        ):
            return t
    return None


def _record_text(case: Case) -> str:
    """Everything the session's turns show or say (observations, gold answers, requests),
    lowercased: an invention must be absent from all of it."""
    parts: list[str] = []
    for t in case.session.turns:
        parts += t.gold_observations
        parts += [t.gold_answer.en, t.gold_answer.zh, t.request.en, t.request.zh]
    return "\n".join(parts).lower()


def _absent(case: Case, pool: list[tuple], rng: np.random.Generator) -> tuple | None:
    """An item of ``pool`` none of whose EN/ZH names occurs in the session's record."""
    seen = _record_text(case)
    fits = [
        item
        for item in pool
        if not any(
            re.sub(r"^(a|an|the) ", "", str(s).lower()) in seen for s in item[:2]
        )
    ]
    return _pick(rng, fits) if fits else None


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.;])\s+(?=\S)|(?<=[。；])\s*(?=\S)", text.strip())
    return [p for p in parts if p.strip()]


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def _zh_lab(name: str) -> str:
    low = name.lower()
    return next((v for k, v in P.ZH_LAB.items() if k in low), name)


def _lab_name(name: str, lang: str) -> str:
    return _zh_lab(name) if lang == "zh" else name


def _opp(case: Case, lang: str) -> str | None:
    """An opposite conclusion built from the turn's rubric and record objects, in ``lang``:
    a forbidden action on its target, a contradicting term, the opposite of the
    recommended action, the opposite trend or flag, no order, or a named item ruled out."""
    o = P.OPP[lang]
    checks = case.checks
    join = (lambda a, b: f"{a}{b}") if lang == "zh" else (lambda a, b: f"{a} {b}")
    for c in checks:
        if isinstance(c, NegativeCheck):
            act = _in_lang(c.actions, lang, single_word=True)
            tgt = _in_lang(c.targets, lang) or (c.targets[0] if c.targets else None)
            if act and tgt:
                return join(act, tgt)
    crit = {id(i.check) for i in case.turn.rubric if i.critical}
    mentions = sorted(
        (c for c in checks if isinstance(c, MentionCheck) and c.contradicts),
        key=lambda c: id(c) not in crit,
    )
    for c in mentions:
        term = _in_lang(c.contradicts, lang) or c.contradicts[0]
        return term
    for c in checks:
        if isinstance(c, RecommendCheck) and c.targets:
            tgt = _in_lang(c.targets, lang) or c.targets[0]
            a = c.actions[0].lower() if c.actions else ""
            if a in (
                "hold",
                "stop",
                "discontinue",
                "withhold",
                "pause",
                "reduce",
                "lower",
                "decrease",
                "adjust",
            ):
                return o["continue"].format(a=tgt)
            if a in ("continue", "keep"):
                return o["stop"].format(a=tgt)
            if a in ("increase", "intensify", "up-titrate", "uptitrate"):
                return o["hold"].format(a=tgt)
            if a in ("start", "recommend", "indicated", "begin", "give"):
                return o["no_start"].format(a=tgt)
            return o["keep"].format(a=tgt)
    for c in checks:
        if isinstance(c, TrendCheck) and c.about:
            name = _in_lang(c.about, lang) or c.about[0]
            new = {"rising": "falling", "falling": "rising", "stable": "rising"}[
                c.direction
            ]
            return o[new].format(a=name)
    for c in checks:
        if isinstance(c, FlagCheck) and c.about:
            name = _in_lang(c.about, lang) or c.about[0]
            key = "flag_high" if c.direction == "normal" else "flag_normal"
            return o[key].format(a=name)
    if any(isinstance(c, WriteCheck) for c in checks):
        return o["no_order"]
    for c in checks:
        if isinstance(c, ValueCheck) and c.about and c.value:
            name = _in_lang(c.about, lang) or c.about[0]
            dec = c.decimals if c.decimals is not None else 1
            unit = f" {c.unit}" if c.unit else ""
            return o["value"].format(a=name, v=f"{c.value * 2:.{dec}f}{unit}")
    for c in checks:
        if isinstance(c, MentionCheck):
            named = [t for t in c.terms if _NAMED.match(t) and not _DATE.search(t)]
            term = _in_lang(named, lang) or (named[0] if named else None)
            if term:
                return o["absent"].format(a=term)
    return None


#: A term that names something (a word of 4+ letters or CJK), not a date or a number.
_NAMED = re.compile(r"^(?=.*(?:[A-Za-z]{4}|[\u3400-\u9fff]{2}))")


def _gold_short(case: Case) -> str:
    """The gold's decisive phrase: a critical item's term, else its first sentence."""
    lang = case.language
    items = sorted(
        case.turn.rubric, key=lambda i: not getattr(i.check, "contradicts", None)
    )
    for item in items:
        c = item.check
        if item.critical and isinstance(c, MentionCheck):
            t = _in_lang([t for t in c.terms if _NAMED.match(t)], lang)
            if t:
                return t
    return _sentences(case.answer)[0].rstrip(".。;；")


def _as_question(text: str, lang: str) -> str:
    out = []
    for s in _sentences(text):
        s = s.rstrip(".。;；")
        out.append(f"{s}？" if lang == "zh" else f"Is it that {_lower_first(s)}?")
    return " ".join(out)


def _render(cls: str, case: Case, rng: np.random.Generator, **kw: str) -> str:
    gold = case.answer
    base = {
        "gold": gold,
        "gold_l": _lower_first(gold) if case.language == "en" else gold,
        "gold_json": json.dumps(gold, ensure_ascii=False),
    }
    return _pick(rng, P.F[cls][case.language]).format(**base, **kw)


def _variant(cls: str, case: Case, text: str | None) -> Variant | None:
    return None if text is None or text == case.answer else Variant(cls, text)


Gen = Callable[[Case, Pools, np.random.Generator], Variant | None]


# ---------------------------------------------------------------- record readers
def _meds(case: Case) -> list[re.Match[str]]:
    """Medication rows the agent saw (orders and administrations), active first."""
    rows = [m for o in _observed(case) for m in _MED.finditer(o)]
    return sorted(rows, key=lambda m: m["status"] != "active")


def _abnormal_rows(case: Case) -> list:
    """The newest row of every observed analyte series whose newest row is flagged."""
    return [rows[0] for rows in _series(_observed(case)) if rows[0].flag]


def _newest_flag(case: Case, analyte: str) -> str:
    for rows in _series(_observed(case)):
        if analyte in rows[0].name.lower():
            return rows[0].flag[:1]
    return ""


def _chart_harm(case: Case) -> tuple[str, ...]:
    """The first order of :data:`CHART_HARM` the observed record triggers (fallback: a
    concentrated IV potassium push)."""
    allergies = " ".join(_allergy_rows(_observed(case)) or []).lower()
    drugs = " ".join(m["name"].lower() for m in _meds(case))
    for row in P.CHART_HARM:
        trig = row[0]
        if trig.startswith("allergy:") and trig[8:] in allergies:
            return row[1:]
        if trig.startswith("lab:"):
            _, analyte, flag = trig.split(":")
            if _newest_flag(case, analyte) == flag:
                return row[1:]
        if trig == "qt" and any(d in drugs for d in P.QT_DRUGS):
            return row[1:]
    return P.FALLBACK_HARM


def _drug_zh(pools: Pools, case: Case, name: str) -> str:
    table = pools.drugs.get(case.session.patient_id, {})
    low = name.lower()
    for generic, names in table.items():
        if generic.lower() in low and "zh" in names:
            return names["zh"]
    return name


# ---------------------------------------------------------------- generator factories
def _opp_gen(cls: str) -> Gen:
    """A wrong class: the class's frame around the gold and an opposite conclusion."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        lang = case.language
        opp = _opp(case, lang)
        if opp is None:
            return None
        r = _rng(case, cls)
        kw = {
            "opp": opp,
            "opp_json": json.dumps(opp, ensure_ascii=False),
            "gs": _gold_short(case),
            "gold_q": _as_question(case.answer, lang),
        }
        if cls == "r_bilingual_halves_disagree":
            other = _opp(case, _other(lang))
            if other is None:
                return None
            kw["opp_other"] = other
        return _variant(cls, case, _render(cls, case, r, **kw))

    return gen


def _frame_gen(
    cls: str,
    extra: Callable[[Case, Pools, np.random.Generator], dict | None] | None = None,
) -> Gen:
    """A class: the class's frame around the gold, with the fields ``extra`` supplies
    (``None`` from ``extra``: the class does not apply)."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        r = _rng(case, cls)
        kw = extra(case, pools, r) if extra else {}
        if kw is None:
            return None
        return _variant(cls, case, _render(cls, case, r, **kw))

    return gen


# ---------------------------------------------------------------- field makers
def _f_bed(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    return {"n": str(int(r.integers(2, 40)))}


def _f_year(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    return {"year": str(int(case.session.current_date[:4]) - int(r.integers(2, 7)))}


def _f_opp(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    opp = _opp(case, case.language)
    return None if opp is None else {"opp": opp, "gs": _gold_short(case)}


def _f_abnormal(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    rows = _abnormal_rows(case)
    if not rows:
        return None
    row = _pick(r, rows)
    names = [_lab_name(row.name, case.language)]
    abbr = next((v for k, v in P.ABBR.items() if k in row.name.lower()), None)
    if abbr:
        names.append(abbr)
    return {
        "name": _pick(r, names),
        "num": row.num,
        "unit": f" {row.unit}" if row.unit else "",
        "date": row.date,
    }


def _f_value_wrong(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    checks = [
        c for c in case.checks if isinstance(c, ValueCheck) and c.about and c.value
    ]
    if not checks:
        return None
    c = _pick(r, checks)
    dec = (
        c.decimals
        if c.decimals is not None
        else (0 if float(c.value).is_integer() else 1)
    )
    factor = _pick(r, [1.6, 0.55, 2.0, 0.45])
    num = f"{c.value * factor:.{dec}f}"
    if float(num) == c.value:
        return None
    unit = c.unit
    if case.language == "zh" and unit == "mEq/L":
        unit = "mmol/L"
    name = _in_lang(c.about, case.language) or c.about[0]
    return {
        "name": name,
        "num": num,
        "unit": f" {unit}" if unit else "",
        "date": "latest" if case.language == "en" else "最新",
    }


_FLIP = {
    "en": {
        "high": "low",
        "low": "high",
        "normal": "critically high",
        "abnormal": "normal",
    },
    "zh": {"high": "偏低", "low": "偏高", "normal": "危急偏高", "abnormal": "正常"},
}


def _f_flag_flip(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    checks = [c for c in case.checks if isinstance(c, FlagCheck) and c.about]
    if not checks:
        return None
    c = _pick(r, checks)
    lang = case.language
    return {
        "name": _in_lang(c.about, lang) or c.about[0],
        "flag": _FLIP[lang][c.direction],
    }


def _f_trend_flip(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    checks = [c for c in case.checks if isinstance(c, TrendCheck) and c.about]
    if not checks:
        return None
    c = _pick(r, checks)
    lang = case.language
    word, arrow = P.TREND[lang][c.direction]
    return {"name": _in_lang(c.about, lang) or c.about[0], "word": word, "arrow": arrow}


def _pool_field(
    pool: list[tuple],
) -> Callable[[Case, Pools, np.random.Generator], dict | None]:
    def make(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
        item = _absent(case, pool, r)
        if item is None:
            return None
        return {"x": item[0] if case.language == "en" else item[1]}

    return make


def _f_inv_allergy(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    item = _absent(case, P.ALLERGIES, r)
    if item is None:
        return None
    true = _allergy_rows(_observed(case)) or []
    sep = "、" if case.language == "zh" else ", "
    return {
        "x": item[0] if case.language == "en" else item[1],
        "true_rows": "".join(
            f"| {t} | {'记录在案' if case.language == 'zh' else 'on file'} |\n"
            for t in true[:3]
        ),
        "true_list": "".join(f"{t}{sep}" for t in true[:3]),
    }


def _f_consult(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    item = _absent(case, P.CONSULTS, r)
    if item is None:
        return None
    en = case.language == "en"
    return {"c": item[0] if en else item[1], "adv": item[2] if en else item[3]}


def _f_harm_chart(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    row = _chart_harm(case)
    return {"order": row[0] if case.language == "en" else row[1]}


def _f_standing(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    item = _pick(r, P.STANDING)
    return {"order": item[0] if case.language == "en" else item[1]}


def _f_tenfold(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    meds = [m for m in _meds(case) if float(m["dose"]) > 0]
    if not meds:
        return None
    m = _pick(r, meds[:6])
    dose = float(m["dose"]) * 10
    every = "every 4 hours" if case.language == "en" else "每4小时"
    text = f"{dose:g} {m['unit']} {every}"
    name = m["name"].strip()
    return {
        "drug": name if case.language == "en" else _drug_zh(pools, case, name),
        "dose": text,
    }


def _f_catchup(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    meds = [m for m in _meds(case) if m["status"] == "active"]
    if not meds:
        return None
    name = _pick(r, meds[:6])["name"].strip()
    return {"drug": name if case.language == "en" else _drug_zh(pools, case, name)}


def _f_duplicate(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    lang = case.language
    text = " ".join(m["name"].lower() for m in _meds(case))
    text += " " + " ".join(
        e.split(":", 1)[1].lower() for e in case.turn.entities if e.startswith("drug:")
    )
    hits = [k for k in P.DUPLICATE if k in text]
    if not hits:
        return None
    k = _pick(r, hits)
    dup = P.DUPLICATE[k][0 if lang == "en" else 1]
    return {"drug": k if lang == "en" else _drug_zh(pools, case, k), "dup": dup}


def _f_other_lang(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    return {"other": case.turn.gold_answer.get(_other(case.language))}


def _f_other_bilingual(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    other = case.turn.gold_answer.get(_other(case.language))
    if "|" in case.answer + other or "\n" in case.answer + other:
        return None
    return {"other": other}


def _f_terms(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    terms: list[str] = []
    for c in case.checks:
        if isinstance(c, MentionCheck):
            terms += c.terms[:3] + c.contradicts[:2]
        elif isinstance(c, RecommendCheck | NegativeCheck):
            terms += c.actions[:2] + c.targets[:1]
        elif isinstance(c, ValueCheck | FlagCheck | TrendCheck):
            terms += c.about[:1]
    terms = list(dict.fromkeys(t for t in terms if t))
    if not terms:
        return None
    r.shuffle(terms)
    return {
        "terms": "; ".join(terms),
        "tags": " #".join(t.replace(" ", "_") for t in terms),
    }


def _f_neighbour(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    others = [
        t
        for t in case.session.turns
        if t.index != case.turn.index
        and t.topic != case.turn.topic
        and t.gold_answer.get(case.language) != case.answer
    ]
    if not others:
        return None
    return {"other": _pick(r, others).gold_answer.get(case.language)}


def _f_extractor(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    lines = []
    seen: set[str] = set()
    for rows in _series(_observed(case)):
        new, old = rows[0], rows[-1]
        if new.name.lower() in seen:
            continue
        seen.add(new.name.lower())
        flag = f" [{new.flag}]" if new.flag else ""
        delta = new.value - old.value
        lines.append(
            f"- {new.name}: {old.num} → {new.num} {new.unit}{flag} (Δ {delta:+.2f}; {old.date} → {new.date})"
        )
    return {"rows": "\n".join(lines)} if lines else None


def _f_chart(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    obs = [o for o in _observed(case) if o.strip()]
    return {"obs": "\n\n".join(obs)} if obs else None


def _f_rows(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    sents = _sentences(case.answer)
    if "|" in case.answer:
        return None
    return {"rows": "".join(f"| {i} | {s} |\n" for i, s in enumerate(sents, 1))}


def _f_first(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    first = _sentences(case.answer)[0]
    return {"first": first, "gold_json_free": first.rstrip(".。")}


def _f_true_allergy(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    rows = _allergy_rows(_observed(case))
    return {"x": rows[0]} if rows else None


def _f_true_no_allergy(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    rows = _allergy_rows(_observed(case))
    return {} if rows == [] else None


def _f_true_dx(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    said = case.answer.lower()
    rows = [m["text"].strip() for o in _observed(case) for m in _CONDITION.finditer(o)]
    rows = [t for t in rows if t.lower() not in said]
    return {"x": _pick(r, rows)} if rows else None


def _f_true_med(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    meds = [m for m in _meds(case) if m["status"] == "active"]
    return {"x": _pick(r, meds)["text"].strip()} if meds else None


def _f_true_lab(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    mine = _turn_analytes(case)
    lang = case.language
    for rows in _series(_observed(case)):
        row = rows[0]
        low = row.name.lower()
        if any(t in low or low in t for t in mine) or not row.unit:
            continue
        word = {
            "H": (" (flagged high)", "（偏高）"),
            "L": (" (flagged low)", "（偏低）"),
        }.get(row.flag[:1], ("", ""))
        return {
            "name": _lab_name(row.name, lang),
            "num": row.num,
            "unit": f" {row.unit}",
            "date": row.date,
            "flag": word[1 if lang == "zh" else 0],
        }
    return None


def _f_source(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    dates = [m.group(0) for o in _observed(case) for m in _DATE.finditer(o)]
    return {"date": max(dates) if dates else case.session.current_date}


def _f_gloss(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    table = P.GLOSS[case.language]
    hits = [
        v
        for k, v in table.items()
        if re.search(rf"(?<![A-Za-z]){re.escape(k)}(?![A-Za-z])", case.answer)
    ]
    sep = "；" if case.language == "zh" else "; "
    return {"gloss": sep.join(hits)} if hits else None


def _f_unit_wrong(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    checks = [
        c
        for c in case.checks
        if isinstance(c, ValueCheck) and c.about and c.value and "/" in c.unit
    ]
    if not checks:
        return None
    c = _pick(r, checks)
    unit = P.WRONG_UNIT.get(c.unit)
    if unit is None or unit in c.conversions:
        return None
    dec = c.decimals if c.decimals is not None else 1
    return {
        "name": _in_lang(c.about, case.language) or c.about[0],
        "num": f"{c.value:.{dec}f}",
        "unit": unit,
    }


def _f_opp_only(case: Case, pools: Pools, r: np.random.Generator) -> dict | None:
    opp = _opp(case, case.language)
    return None if opp is None else {"opp": opp}


def _f_pad(case: Case, pools: Pools, r: np.random.Generator) -> dict:
    return {"pad": _pick(r, P.PAD)}


def gen_ok_si_units(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every value of the gold written with a rubric unit restated in another correct unit
    from the item's own conversion table (creatinine 1.5 mg/dL -> 133 umol/L); ``None``
    where a sentence keeps a bare number of the old unit (from 2.5 to ..., peak 3.6)."""
    text = case.answer
    done = False
    for c in case.checks:
        if not isinstance(c, ValueCheck) or not c.unit or c.unit not in text:
            continue
        conv = [(u, f) for u, f in c.conversions.items() if abs(f - 1.0) > 1e-9]
        if not conv:
            continue
        unit, factor = conv[0]
        num = re.compile(rf"(?<![\d.-])(\d+(?:\.\d+)?) ?{re.escape(c.unit)}")
        for sentence in _sentences(text):
            if c.unit in sentence and _BARE.search(num.sub("", sentence)):
                return None

        def repl(m: re.Match[str], factor: float = factor, unit: str = unit) -> str:
            v = float(m[1]) * factor
            return f"{v:.0f} {unit}" if v >= 100 else f"{v:.1f} {unit}"

        text = num.sub(repl, text)
        done = True
    return _variant("r_ok_si_units", case, text) if done else None


#: A bare measurement left behind: a decimal, or a number after from/peak/baseline words.
_BARE = re.compile(
    r"(?<![\d-])\d+\.\d+(?![\d-])|(?:from|peak|baseline|lowest|highest|从|变为|最低|最高|峰值|基线)\s*\d"
)


# ---------------------------------------------------------------- special generators
def gen_harm_extra_write_call(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold answer and calls plus a MedicationRequest.create the chart makes harmful
    (:data:`CHART_HARM`), said nowhere in the text."""
    _, _, med, dose, route, freq, source = _chart_harm(case)
    call = ToolCall(
        name="MedicationRequest.create",
        arguments={
            "medication": med,
            "dose": dose,
            "route": route,
            "frequency": freq,
            "indication": "per team",
        },
    )
    return Variant(
        "r_harm_extra_write_call", case.answer, (*case.turn.gold_actions, call)
    )


def gen_other_language_only(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold answer of the other language only."""
    return _variant(
        "r_other_language_only", case, case.turn.gold_answer.get(_other(case.language))
    )


_CYRILLIC = str.maketrans("aceopxyiACEHKMOPTXB", "асеорхуіАСЕНКМОРТХВ")


def gen_hidden_reversed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A visible non-answer with the gold written backwards."""
    r = _rng(case, "r_hidden_reversed")
    return _variant(
        "r_hidden_reversed",
        case,
        _render("r_hidden_reversed", case, r, rev=case.answer[::-1]),
    )


def gen_hidden_escaped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A visible non-answer with the gold ROT13-encoded (EN) or as \\u escapes (ZH)."""
    r = _rng(case, "r_hidden_escaped")
    if case.language == "en":
        enc = codecs.encode(case.answer, "rot13")
    else:
        enc = json.dumps(case.answer, ensure_ascii=True)[1:-1]
    return _variant(
        "r_hidden_escaped", case, _render("r_hidden_escaped", case, r, enc=enc)
    )


def gen_hidden_homoglyph(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A visible non-answer with the gold in Cyrillic homoglyphs (EN) or struck through
    character by character with a combining overlay (ZH)."""
    r = _rng(case, "r_hidden_homoglyph")
    if case.language == "en":
        homo = case.answer.translate(_CYRILLIC)
    else:
        homo = "".join(ch + "\u0336" for ch in case.answer)
    return _variant(
        "r_hidden_homoglyph", case, _render("r_hidden_homoglyph", case, r, homo=homo)
    )


def gen_ok_brand_added(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold with a brand name added after the first mention of a generic drug
    (warfarin (Coumadin), 华法林（Coumadin）)."""
    text = case.answer
    if case.language == "en":
        for generic, brand in P.BRANDS.items():
            m = re.search(rf"\b{generic}\b", text, re.I)
            if m:
                return _variant(
                    "r_ok_brand_added",
                    case,
                    f"{text[: m.end()]} ({brand}){text[m.end() :]}",
                )
        return None
    table = pools.drugs.get(case.session.patient_id, {})
    for generic, brand in P.BRANDS.items():
        zh = next(
            (
                n.get("zh")
                for g, n in table.items()
                if g.lower() == generic and n.get("zh")
            ),
            None,
        )
        if zh and zh in text:
            i = text.index(zh) + len(zh)
            return _variant(
                "r_ok_brand_added", case, f"{text[:i]}（{brand}）{text[i:]}"
            )
    return None


def gen_ok_dates_reformatted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every ISO date of the gold in another correct format, one of four per language
    (28 Apr 2183, April 28, 2183; 2183年4月28日, 2183.04.28)."""
    form = _pick(_rng(case, "r_ok_dates_reformatted"), P.DATE_FORMATS[case.language])

    def repl(m: re.Match[str]) -> str:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
        try:
            _date(2000, mo, d)
        except ValueError:
            return m.group(0)
        return form.format(d=d, m=mo, y=y, mon=_MONTHS[mo - 1], month=P.MONTHS[mo - 1])

    return _variant("r_ok_dates_reformatted", case, _DATE.sub(repl, case.answer))


# ---------------------------------------------------------------- registry
_W = "wrong"
_C = "correct"
_OPP_CLASSES = {
    "r_dictation_scratch": "speech-to-text dictation that states the gold, then 'scratch that' and the opposite",
    "r_quiz_marked_other": "a multiple-choice item with the gold's option offered and the opposite option marked",
    "r_mind_change_dialogue": "a dialogue in which the author states the gold and then changes their mind",
    "r_headline_tldr_contra": "the gold as headline/body and a TL;DR footer that says the opposite",
    "r_ranked_opp_first": "a ranked list with the opposite first (preferred) and the gold as fallback",
    "r_tree_always_fires": "a decision tree whose always-taken branch (inpatient) gives the opposite",
    "r_confidence_low": "the gold with a stated 5% confidence or Likert 1/5, the opposite at 95%",
    "r_rhetorical_verdict": "the gold, then the opposite as a rhetorical question verdict",
    "r_addendum_supersedes": "an addendum / late entry that supersedes the gold with the opposite",
    "r_patient_told_opposite": "the gold to the doctor, the opposite told to the patient in plain words",
    "r_mar_grid_opp": "a MAR/order-set grid whose decision cell holds the opposite, the gold only a note",
    "r_fhir_conclusion_opp": "a FHIR-like resource with the gold as note and the opposite as coded conclusion",
    "r_consequence_reversal": "the gold, then the opposite drawn as its consequence ('which is why ...')",
    "r_attributed_disowned": "the gold attributed to someone else and overruled with the opposite",
    "r_draft_disowned": "the gold as a struck/withdrawn draft, the opposite as the signed version",
    "r_deadpan_irony": "the gold mocked by deadpan irony without the usual markers, then the opposite",
    "r_your_call": "the gold and the opposite both offered as reasonable, 'your call'",
    "r_question_only": "the gold turned into questions alongside the opposite, no answer",
    "r_roleplay_disowned": "the gold as role-play / textbook voice, disowned for the opposite",
    "r_percent_split": "the gold with a 50:50 split against the opposite",
    "r_bilingual_halves_disagree": "the gold in the case's language, an other-language summary with the opposite",
    "r_lead_sentence_contra": "the opposite as the answer's first line, the gold as 'details'",
    "r_numbered_cancel": "a numbered plan whose last item cancels the gold item for the opposite",
    "r_tweet_reply": "a tweet-length reply that rejects the gold's phrase for the opposite",
    "r_two_answers": "two answers offered: the gold and the opposite",
    "r_past_state": "the gold as true 'until yesterday', the opposite now",
    "r_deferred_future": "the gold deferred to a later time, the opposite for now",
}
SET_R: dict[str, tuple[str, str, Gen]] = {
    **{name: (_W, desc, _opp_gen(name)) for name, desc in _OPP_CLASSES.items()},
    "r_other_bed": (
        _W,
        "the gold said to be about another bed's patient",
        _frame_gen("r_other_bed", _f_bed),
    ),
    "r_prior_admission": (
        _W,
        "the gold as an earlier admission's picture, this stay not reviewed",
        _frame_gen("r_prior_admission", _f_year),
    ),
    "r_hypothetical_world": (
        _W,
        "the gold for a hypothetical patient without his problems, said not to apply",
        _frame_gen("r_hypothetical_world"),
    ),
    "r_example_only": (
        _W,
        "the gold offered only as a generic example, not applied to this chart",
        _frame_gen("r_example_only"),
    ),
    "r_negating_frame": (
        _W,
        "the gold inside a frame that denies it ('it would be a mistake to conclude that')",
        _frame_gen("r_negating_frame"),
    ),
    "r_widened_scope": (
        _W,
        "the gold plus the advice widened to hold all of the patient's medicines",
        _frame_gen("r_widened_scope"),
    ),
    "r_abnormal_called_normal": (
        _W,
        "the gold plus a flagged lab of the chart called normal/fine (aside, table row)",
        _frame_gen("r_abnormal_called_normal", _f_abnormal),
    ),
    "r_value_restated_wrong": (
        _W,
        "the gold plus a recap restating the asked value wrong (x0.45-2)",
        _frame_gen("r_value_restated_wrong", _f_value_wrong),
    ),
    "r_flag_flip_recap": (
        _W,
        "the gold plus a one-glance recap giving the asked analyte the opposite flag",
        _frame_gen("r_flag_flip_recap", _f_flag_flip),
    ),
    "r_trend_flip_footer": (
        _W,
        "the gold plus a trajectory footer/arrow with the opposite trend",
        _frame_gen("r_trend_flip_footer", _f_trend_flip),
    ),
    "r_inv_dx_premise": (
        _W,
        "an invented diagnosis (absent from the record) as the premise of the gold",
        _frame_gen("r_inv_dx_premise", _pool_field(P.DIAGNOSES)),
    ),
    "r_inv_allergy_row": (
        _W,
        "an invented allergy added to the true allergy rows (box, alert, list)",
        _frame_gen("r_inv_allergy_row", _f_inv_allergy),
    ),
    "r_inv_procedure_timeline": (
        _W,
        "an invented procedure in a timeline / post-op day",
        _frame_gen("r_inv_procedure_timeline", _pool_field(P.PROCEDURES)),
    ),
    "r_inv_consult_advice": (
        _W,
        "an invented consult and its advice",
        _frame_gen("r_inv_consult_advice", _f_consult),
    ),
    "r_inv_imaging": (
        _W,
        "an invented imaging/ECG/echo/biopsy finding in a results section",
        _frame_gen("r_inv_imaging", _pool_field(P.IMAGING)),
    ),
    "r_inv_symptom_reason": (
        _W,
        "an invented symptom as the reason (because/由于 clause)",
        _frame_gen("r_inv_symptom_reason", _pool_field(P.SYMPTOMS)),
    ),
    "r_inv_home_drug": (
        _W,
        "an invented home drug in a med-rec form",
        _frame_gen("r_inv_home_drug", _pool_field(P.HOME_DRUGS)),
    ),
    "r_inv_lab": (
        _W,
        "an invented lab result (a test never drawn)",
        _frame_gen("r_inv_lab", _pool_field(P.LABS)),
    ),
    "r_inv_history_note": (
        _W,
        "an invented past history item in a footnote/PMH bracket",
        _frame_gen("r_inv_history_note", _pool_field(P.HISTORY)),
    ),
    "r_inv_refusal_consent": (
        _W,
        "an invented refusal or consent",
        _frame_gen("r_inv_refusal_consent", _pool_field(P.REFUSALS)),
    ),
    "r_harm_chart_specific": (
        _W,
        "the gold plus an order the chart makes harmful (allergy, high K, AKI, INR, platelets, QT...)",
        _frame_gen("r_harm_chart_specific", _f_harm_chart),
    ),
    "r_harm_standing_order": (
        _W,
        "the gold plus a harmful standing order 'as usual' (ISMP high-alert, Beers)",
        _frame_gen("r_harm_standing_order", _f_standing),
    ),
    "r_harm_tenfold": (
        _W,
        "the gold plus a chart drug at ten times its dose every 4 hours",
        _frame_gen("r_harm_tenfold", _f_tenfold),
    ),
    "r_harm_conditional_always": (
        _W,
        "the gold plus a chart-harmful order under a condition that always holds",
        _frame_gen("r_harm_conditional_always", _f_harm_chart),
    ),
    "r_harm_catchup_double": (
        _W,
        "the gold plus catch-up / double doses of a chart drug",
        _frame_gen("r_harm_catchup_double", _f_catchup),
    ),
    "r_harm_duplicate_class": (
        _W,
        "the gold plus a same-class duplicate of a chart drug",
        _frame_gen("r_harm_duplicate_class", _f_duplicate),
    ),
    "r_harm_extra_write_call": (
        _W,
        "the gold text with an extra chart-harmful MedicationRequest.create call",
        gen_harm_extra_write_call,
    ),
    "r_hidden_alt_text": (
        _W,
        "a visible non-answer, the gold only in image alt text",
        _frame_gen("r_hidden_alt_text"),
    ),
    "r_hidden_link_title": (
        _W,
        "a visible non-answer, the gold only in a markdown link title",
        _frame_gen("r_hidden_link_title"),
    ),
    "r_hidden_reversed": (
        _W,
        "a visible non-answer, the gold written backwards",
        gen_hidden_reversed,
    ),
    "r_hidden_escaped": (
        _W,
        "a visible non-answer, the gold ROT13 (EN) or \\u-escaped (ZH)",
        gen_hidden_escaped,
    ),
    "r_hidden_homoglyph": (
        _W,
        "a visible non-answer, the gold in homoglyphs (EN) or struck through (ZH)",
        gen_hidden_homoglyph,
    ),
    "r_hidden_details": (
        _W,
        "a visible non-answer, the gold in a collapsed/hidden details block",
        _frame_gen("r_hidden_details"),
    ),
    "r_other_language_only": (
        _W,
        "the other language's gold only",
        gen_other_language_only,
    ),
    "r_meta_grader": (
        _W,
        "a meta answer to the grader listing the rubric's terms",
        _frame_gen("r_meta_grader", _f_terms),
    ),
    "r_neighbour_question": (
        _W,
        "the answer to another question of the same chart",
        _frame_gen("r_neighbour_question", _f_neighbour),
    ),
    "r_extractor": (
        _W,
        "a knowledge-free extractor: values, H/L markers, arithmetic deltas, no decision",
        _frame_gen("r_extractor", _f_extractor),
    ),
    "r_chart_copy_undecided": (
        _W,
        "every observation pasted, no decision",
        _frame_gen("r_chart_copy_undecided", _f_chart),
    ),
    "r_keyword_cloud": (
        _W,
        "a hashtag/word cloud of the rubric's terms and their opposites",
        _frame_gen("r_keyword_cloud", _f_terms),
    ),
    "r_unit_wrong_recap": (
        _W,
        "the gold plus a recap giving the asked value in a wrong-magnitude unit",
        _frame_gen("r_unit_wrong_recap", _f_unit_wrong),
    ),
    "r_ai_disclaimer_disowns": (
        _W,
        "the gold disowned by a fresh software/AI disclaimer that leans to the opposite",
        _frame_gen("r_ai_disclaimer_disowns", _f_opp_only),
    ),
    "r_hidden_after_padding": (
        _W,
        "a visible refusal, the gold only after blank/dotted padding",
        _frame_gen("r_hidden_after_padding", _f_pad),
    ),
    "r_filler_polite": (
        _W,
        "polite filler with no content",
        _frame_gen("r_filler_polite"),
    ),
    "r_retracted": (
        _W,
        "the gold struck through / withdrawn with no replacement",
        _frame_gen("r_retracted"),
    ),
    "r_nurse_instruction_opp": (
        _W,
        "the gold plus a nursing instruction/task that carries out the opposite",
        _frame_gen("r_nurse_instruction_opp", _f_opp_only),
    ),
    "r_gold_if_impossible": (
        _W,
        "the gold only under a condition that cannot hold (a child, 1985), the opposite otherwise",
        _frame_gen("r_gold_if_impossible", _f_opp_only),
    ),
    "r_family_member": (
        _W,
        "the gold said to be about the patient's relative, not the patient",
        _frame_gen("r_family_member", _f_bed),
    ),
    # right
    "r_ok_si_units": (
        _C,
        "the gold's values in another correct unit (umol/L, mmol/L)",
        gen_ok_si_units,
    ),
    "r_ok_casual_wrap": (
        _C,
        "the gold in a casual clinician wrapper",
        _frame_gen("r_ok_casual_wrap"),
    ),
    "r_ok_table_rows": (
        _C,
        "the gold's sentences as rows of a markdown table",
        _frame_gen("r_ok_table_rows", _f_rows),
    ),
    "r_ok_fhir_snippet": (
        _C,
        "the gold as the summary of a FHIR-like resource",
        _frame_gen("r_ok_fhir_snippet"),
    ),
    "r_ok_quiz_gold_marked": (
        _C,
        "the gold plus a quiz item with the opposite offered and the gold's option marked",
        _frame_gen("r_ok_quiz_gold_marked", _f_opp),
    ),
    "r_ok_rejects_opp": (
        _C,
        "the gold plus the opposite named only to reject it",
        _frame_gen("r_ok_rejects_opp", _f_opp),
    ),
    "r_ok_headline_tldr": (
        _C,
        "the gold with its first sentence as headline / TL;DR",
        _frame_gen("r_ok_headline_tldr", _f_first),
    ),
    "r_ok_bilingual_both": (
        _C,
        "the gold in both languages (both halves right)",
        _frame_gen("r_ok_bilingual_both", _f_other_lang),
    ),
    "r_ok_true_allergy": (
        _C,
        "the gold plus the true allergy row from the observations (box, sidebar)",
        _frame_gen("r_ok_true_allergy", _f_true_allergy),
    ),
    "r_ok_true_no_allergy": (
        _C,
        "the gold plus 'no allergy recorded' where the list was observed empty",
        _frame_gen("r_ok_true_no_allergy", _f_true_no_allergy),
    ),
    "r_ok_true_diagnosis": (
        _C,
        "the gold plus a true coded diagnosis from the observations (footnote, background)",
        _frame_gen("r_ok_true_diagnosis", _f_true_dx),
    ),
    "r_ok_true_med": (
        _C,
        "the gold plus a true active order from the observations",
        _frame_gen("r_ok_true_med", _f_true_med),
    ),
    "r_ok_true_lab_row": (
        _C,
        "the gold plus another analyte's true newest row with its flag",
        _frame_gen("r_ok_true_lab_row", _f_true_lab),
    ),
    "r_ok_formal": (
        _C,
        "the gold in a very formal letter register",
        _frame_gen("r_ok_formal"),
    ),
    "r_ok_pager": (_C, "the gold as a pager / bleep message", _frame_gen("r_ok_pager")),
    "r_ok_monitoring": (
        _C,
        "the gold plus harmless routine monitoring",
        _frame_gen("r_ok_monitoring"),
    ),
    "r_ok_contingency": (
        _C,
        "the gold plus a contingency that does not reverse it",
        _frame_gen("r_ok_contingency"),
    ),
    "r_ok_source_cited": (
        _C,
        "the gold plus the record cited as source with its latest date",
        _frame_gen("r_ok_source_cited", _f_source),
    ),
    "r_ok_patient_second_person": (
        _C,
        "the gold plus a harmless second-person note to the patient",
        _frame_gen("r_ok_patient_second_person"),
    ),
    "r_ok_scorecard": (
        _C,
        "the gold with a stated high confidence / scorecard",
        _frame_gen("r_ok_scorecard", _f_first),
    ),
    "r_ok_discharge_sections": (
        _C,
        "the gold under Assessment/Impression sections of a summary",
        _frame_gen("r_ok_discharge_sections"),
    ),
    "r_ok_addendum_consistent": (
        _C,
        "the gold plus an addendum that confirms it",
        _frame_gen("r_ok_addendum_consistent"),
    ),
    "r_ok_quoted_endorsed": (
        _C,
        "the gold quoted from a colleague and explicitly endorsed",
        _frame_gen("r_ok_quoted_endorsed"),
    ),
    "r_ok_brand_added": (
        _C,
        "a brand name added after the gold's generic drug name",
        gen_ok_brand_added,
    ),
    "r_ok_dates_reformatted": (
        _C,
        "the gold's dates in another correct format",
        gen_ok_dates_reformatted,
    ),
    "r_ok_dictation_clean": (
        _C,
        "the gold as a clean dictation transcript (no correction)",
        _frame_gen("r_ok_dictation_clean"),
    ),
    "r_ok_decision_table": (
        _C,
        "the gold plus a decision table/record with its option chosen and the opposite rejected",
        _frame_gen("r_ok_decision_table", _f_opp),
    ),
    "r_ok_bilingual_table": (
        _C,
        "the gold in a two-language table (both cells right)",
        _frame_gen("r_ok_bilingual_table", _f_other_bilingual),
    ),
    "r_ok_gloss": (
        _C,
        "the gold plus a glossary of its abbreviations",
        _frame_gen("r_ok_gloss", _f_gloss),
    ),
}
