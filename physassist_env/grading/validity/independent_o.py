"""Independent grader-validity set O: wrong answers a sound reward must fail and right
answers, said differently, that it must pass (issue #35).

How it was written: from the data model (:mod:`physassist_env.scenarios.model`), the
Case/Pools/Variant interface (:mod:`.variants`), the runner
(``benchmarks/independent_validity.py``) and the test split's turns (gold answers, rubric
check fields, gold tool calls and their observations) only. The grader, its vocabulary,
the clinical rules and every other independent set (A-N), their wording and their docs
were not read, and the grader was not run.

Principle: an RL policy learns whatever the reward lets through, so each wrong class keeps
the gold's words (every term a presence-based grader looks for) and ADDS, TAKES BACK,
HIDES, RELABELS, RE-SCOPES or LEAVES OUT something that makes the answer wrong to a
physician; each right class keeps every decisive fact of the gold in a new shape (JSON,
YAML, a table, two languages, SI units, brands...) or adds only what the observations
show or what is harmless. Vocabulary and shapes vary widely (4+ wordings per class per
language; tables, JSON/YAML, numbered plans, transcripts, footnotes, notes to the nurse or
the patient) so that a grader that learned the words of earlier sets is caught.

Each generator seeds its own generator from crc32(session id, turn index, language,
class), so a variant depends only on its turn; it returns ``None`` where the class does
not apply.

Sources of the harm tables (:mod:`.independent_o_phrases`):
* ``HARM``: FDA potassium chloride label (contraindicated in hyperkalaemia; never IV
  push) and ISMP high-alert medication list (concentrated KCl, anticoagulants, insulin);
  KDIGO 2012 AKI guideline and KDIGO 2024 CKD guideline (avoid nephrotoxins such as
  NSAIDs); AGS Beers Criteria 2023 (NSAIDs with CrCl < 30); FDA warfarin label (INR
  above range); FDA enoxaparin label (thrombocytopenia); AABB 2023 transfusion guideline
  and ACC/AHA/ACCP/HRS AF guideline 2023 (bleeding, antiplatelet plus anticoagulant);
  ADA Standards of Care 2024 (hypoglycaemia); AHA/ACCF scientific statement on QT
  prolongation 2010 and FDA ondansetron label (QT); FDA amoxicillin and Bactrim labels
  (penicillin and sulfonamide hypersensitivity); IDSA guidance on beta-lactam allergy.
* ``DUPLICATES``: therapeutic duplication (ISMP; Beers 2023; FDA labels of each pair).
* Catch-up double doses: ISMP (do not double a missed dose).
* ``BRANDS``: FDA Orange Book and NMPA brand names. ``SOURCES``: the guideline each
  right answer cites (KDIGO 2012, ACC/AHA AF 2023, AHA QT 2010, ADA 2024, OPTN MELD-Na).
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Callable
from datetime import date, timedelta
from string import Formatter

import numpy as np

from physassist_env.grading.validity import independent_o_phrases as P
from physassist_env.grading.validity.variants import (
    Case,
    Gen,
    Pools,
    Variant,
    _allergy_rows,
    _observed,
    _series,
)
from physassist_env.scenarios.model import (
    MentionCheck,
    RecommendCheck,
    ValueCheck,
)

_CJK = re.compile("[\u3400-\u9fff]")
_NUM = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.]*\d)")
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for the turn (crc32 of session, turn, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, items: list):  # noqa: ANN202
    return items[int(rng.integers(len(items)))]


def _other(lang: str) -> str:
    return "en" if lang == "zh" else "zh"


# ---------------------------------------------------------------- what the chart shows
def _record_text(case: Case) -> str:
    """Everything the session's record and gold say (lowercase): an invention that any of
    it mentions is not used."""
    s = case.session
    parts = [o for t in s.turns for o in t.gold_observations]
    parts += [t.gold_answer.en + " " + t.gold_answer.zh for t in s.turns]
    return "\n".join(parts).lower()


def _lab_names(name: str) -> tuple[str, str]:
    """(abbreviation, Chinese lay name) of a record analyte name."""
    low = name.lower()
    for prefix, abbr, zh in P.LAB_NAMES:
        if prefix in low:
            return abbr, zh
    return name, name


def _is_lab_unit(unit: str) -> bool:
    """Whether ``unit`` is a concentration, count or percentage (not kg, lbs, mm[Hg])."""
    return "/" in unit or unit == "%"


def _lab_rows(case: Case, want: Callable[[str], bool]) -> list[dict[str, str]]:
    """Newest observed row of each lab series whose flag ``want`` accepts, as slots."""
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for rows in _series(_observed(case)):
        row = rows[0]
        if row.name.lower() in seen or not _is_lab_unit(row.unit) or not want(row.flag):
            continue
        seen.add(row.name.lower())
        abbr, zh = _lab_names(row.name)
        out.append(
            {
                "name": row.name,
                "abbr": abbr,
                "zh": zh,
                "num": row.num,
                "unit": f" {row.unit}",
                "date": row.date,
                "flag": row.flag,
            }
        )
    return out


def _latest_flags(case: Case) -> dict[str, str]:
    """Lowercase analyte name -> flag of its newest observed row."""
    out: dict[str, str] = {}
    for rows in _series(_observed(case)):
        out.setdefault(rows[0].name.lower(), rows[0].flag)
    return out


_LINE = re.compile(r"^- [^|]+\| (?P<a>[^|]+?) \| (?P<b>[^|\n]+)", re.M)


def _rows_of(case: Case, head: str) -> list[tuple[str, str]]:
    """(second, third) fields of every row of the observed results starting ``head``."""
    return [
        (m["a"].strip(), m["b"].strip())
        for o in _observed(case)
        if o.startswith(head)
        for m in _LINE.finditer(o)
    ]


def _active_meds(case: Case) -> list[str]:
    return [a for a, b in _rows_of(case, "MedicationRequest") if b.startswith("active")]


def _diagnoses(case: Case) -> list[str]:
    out = []
    for a, _ in _rows_of(case, "Condition"):
        m = re.match(r"(.+?) \(ICD", a)
        name = m.group(1) if m else a
        if name not in out:
            out.append(name)
    return out


_DATED = re.compile(r"^- (?P<d>[^|]+?) \| (?P<a>[^|]+?) \| (?P<b>[^|\n]+)", re.M)


def _history(case: Case) -> list[str]:
    """Finished encounters and completed procedures as observed ("name (dates)")."""
    out = []
    for o in _observed(case):
        if not o.startswith(("Encounter", "Procedure")):
            continue
        for m in _DATED.finditer(o):
            if m["b"].strip() in ("finished", "completed"):
                out.append(f"{m['a'].strip()} ({m['d'].strip()})")
    return out


def _opposites(case: Case, lang: str) -> list[str]:
    """Clauses stating the opposite of the gold's decision in ``lang`` ([] if none)."""
    rec = next(
        (c for c in case.checks if isinstance(c, RecommendCheck) and c.targets), None
    )
    if rec is not None:
        drug = _name(rec.targets, lang)
        acts = " ".join(rec.actions).lower()
        if any(w in acts for w in P.HOLD_WORDS):
            kind = "hold"
        else:
            kind = next(
                (k for k, words in P.KIND_WORDS if any(w in acts for w in words)),
                "start" if any(w in acts for w in P.START_WORDS) else "keep",
            )
        return [t.format(drug=drug) for t in P.OPP[lang][kind]]
    items = [
        i.check
        for i in sorted(case.turn.rubric, key=lambda i: not i.critical)
        if isinstance(i.check, MentionCheck) and i.check.contradicts
    ]
    for check in items:
        terms = [
            t
            for t in check.contradicts
            if (len(t) >= 4 or _CJK.search(t)) and not t.endswith(" of")
        ]
        if terms:
            term = _name(terms, lang)
            return [t.format(term=term) for t in P.OPP[lang]["term"]]
    return []


def _name(terms: list[str], lang: str) -> str:
    want = [t for t in terms if bool(_CJK.search(t)) == (lang == "zh")]
    return (want or terms)[0]


def _decision_drug(case: Case, lang: str) -> str | None:
    rec = next(
        (c for c in case.checks if isinstance(c, RecommendCheck) and c.targets), None
    )
    if rec is not None:
        return _name(rec.targets, lang)
    for med in _active_meds(case):
        if any(k in med.lower() for k in P.HIGH_ALERT):
            return med.split(" ")[0]
    return None


def _harms(case: Case) -> list[dict[str, str]]:
    """Orders the chart makes harmful (:data:`HARM`), else the always-harmful default."""
    flags = _latest_flags(case)

    def flag(prefix: str, want: str) -> bool:
        return any(
            n.startswith(prefix) and f.startswith(want) for n, f in flags.items()
        )

    keys = []
    if flag("potassium", "H"):
        keys.append("high_k")
    if flag("creatinine", "H"):
        keys.append("high_cr")
    if flag("inr", "H"):
        keys.append("high_inr")
    if flag("platelet", "L"):
        keys.append("low_plt")
    if flag("hemoglobin", "L"):
        keys.append("low_hgb")
    if flag("glucose", "L"):
        keys.append("low_glucose")
    if case.turn.topic.startswith("qt"):
        keys.append("qt")
    allergies = " ".join(_allergy_rows(_observed(case)) or []).lower()
    if "penicillin" in allergies:
        keys.append("penicillin")
    if "sulfa" in allergies or "sulfonamide" in allergies:
        keys.append("sulfa")
    gold = case.answer.lower()
    out = [
        {"harm_en": P.HARM[k][0], "harm_zh": P.HARM[k][1]}
        for k in keys or ["default"]
        if P.HARM[k][0].lower() not in gold
    ]
    return out or [{"harm_en": P.HARM["default"][0], "harm_zh": P.HARM["default"][1]}]


def _invented(table: list[tuple], record: str, names: tuple[str, ...]) -> list[dict]:
    return [
        dict(zip(names, row[:-1], strict=True))
        for row in table
        if not any(k in record for k in row[-1])
    ]


_GROUPS: dict[str, tuple[str, ...]] = {
    "base": (
        "gold",
        "gold_j",
        "gold_t",
        "gold_q",
        "gold_lc",
        "request",
        "tools",
        "pad",
        "zw",
    ),
    "opp": ("opp", "opp_x", "opp_cap"),
    "abn": ("lab", "lab_abbr", "lab_zh", "num", "unit"),
    "truelab": ("tlab", "tlab_abbr", "tlab_zh", "tnum", "tunit", "date", "word"),
    "finding": ("finding_en", "finding_zh"),
    "procedure": ("procedure_en", "procedure_zh"),
    "history": ("history_en", "history_zh"),
    "newdx": ("dx_en", "dx_zh"),
    "consult": ("service_en", "service_zh", "advice_en", "advice_zh"),
    "home": ("home_en", "home_zh"),
    "allergen": ("allergen_en", "allergen_zh"),
    "symptom": ("symptom_en", "symptom_zh"),
    "invlab": ("inv_lab_en", "inv_lab_zh"),
    "harm": ("harm_en", "harm_zh"),
    "dup": ("dup_en", "dup_zh", "drug_en", "drug_zh"),
    "drug": ("drug",),
    "allergy": ("allergy",),
    "dx": ("dx",),
    "med": ("med",),
    "source": ("source",),
    "hist": ("hist",),
}
_GROUP_OF = {slot: g for g, slots in _GROUPS.items() for slot in slots}
_CACHE: dict[tuple[str, int, str, int], dict[str, list[dict[str, str]]]] = {}


def _strip_end(text: str) -> str:
    return text.rstrip().rstrip(".。!！")


def _options(case: Case) -> dict[str, list[dict[str, str]]]:
    """Every slot group's options for the turn (cached per turn and language)."""
    seen = "\n".join([case.answer, *_observed(case)])
    key = (
        case.session.session_id,
        case.turn.index,
        case.language,
        zlib.crc32(seen.encode()),
    )
    if key in _CACHE:
        return _CACHE[key]
    if len(_CACHE) > 4096:
        _CACHE.clear()
    lang = case.language
    zh = lang == "zh"
    gold = case.answer
    record = _record_text(case)
    first = gold[:1].lower() if gold[1:2].islower() else gold[:1]
    base = {
        "gold": gold,
        "gold_j": json.dumps(gold, ensure_ascii=False)[1:-1],
        "gold_t": gold.replace("|", "/").replace("\n", " "),
        "gold_q": _strip_end(gold if zh else first + gold[1:]),
        "gold_lc": gold if zh else first + gold[1:],
        "request": case.turn.request.get(lang).replace("\n", " "),
        "tools": ", ".join(
            c.name for c in case.turn.gold_actions if not c.name.endswith(".create")
        )
        or P.TOOLS_WORD[lang],
        "pad": P.PAD,
        "zw": "\u200b".join(gold),
    }
    opps = _opposites(case, lang)
    opp_x = _opposites(case, _other(lang))
    out: dict[str, list[dict[str, str]]] = {
        "base": [base],
        "opp": [
            {"opp": o, "opp_x": x, "opp_cap": o[:1].upper() + o[1:]}
            for o, x in zip(opps, opp_x, strict=False)
        ],
        "abn": [
            {
                "lab": r["name"],
                "lab_abbr": r["abbr"],
                "lab_zh": r["zh"],
                "num": r["num"],
                "unit": r["unit"],
            }
            for r in _lab_rows(case, lambda f: f[:1] in ("H", "L"))
            if r["flag"].startswith("H")
            or any(k in r["name"].lower() for k in P.LOW_MATTERS)
        ],
        "truelab": [
            {
                "tlab": r["name"],
                "tlab_abbr": r["abbr"],
                "tlab_zh": r["zh"],
                "tnum": r["num"],
                "tunit": r["unit"],
                "date": r["date"],
                "word": P.FLAG_WORDS[r["flag"]][1 if zh else 0],
            }
            for r in _lab_rows(case, lambda f: f in P.FLAG_WORDS)
        ],
        "finding": _invented(P.FINDINGS, record, ("finding_en", "finding_zh")),
        "procedure": _invented(P.PROCEDURES, record, ("procedure_en", "procedure_zh")),
        "history": _invented(P.HISTORY, record, ("history_en", "history_zh")),
        "newdx": _invented(P.NEW_DX, record, ("dx_en", "dx_zh")),
        "consult": _invented(
            P.CONSULTS, record, ("service_en", "service_zh", "advice_en", "advice_zh")
        ),
        "home": _invented(P.HOME_DRUGS, record, ("home_en", "home_zh")),
        "allergen": _invented(P.ALLERGENS, record, ("allergen_en", "allergen_zh")),
        "symptom": _invented(P.SYMPTOMS, record, ("symptom_en", "symptom_zh")),
        "invlab": _invented(P.INVENTED_LABS, record, ("inv_lab_en", "inv_lab_zh")),
        "harm": _harms(case),
    }
    meds = " ".join(_active_meds(case)).lower()
    out["dup"] = [
        {"dup_en": d_en, "dup_zh": d_zh, "drug_en": generic, "drug_zh": g_zh}
        for generic, (g_zh, d_en, d_zh) in P.DUPLICATES.items()
        if generic in meds and d_en.split(" ")[0].lower() not in record
    ]
    drug = _decision_drug(case, lang)
    out["drug"] = [{"drug": drug}] if drug else []
    allergies = _allergy_rows(_observed(case))
    if allergies is None:
        out["allergy"] = []
    elif allergies:
        out["allergy"] = [{"allergy": "; ".join(dict.fromkeys(allergies))}]
    else:
        out["allergy"] = [{"allergy": "未记录过敏" if zh else "none recorded"}]
    out["dx"] = [{"dx": d} for d in _diagnoses(case) if d.lower() not in gold.lower()]
    targets = " ".join(
        t for c in case.checks for t in getattr(c, "targets", [])
    ).lower()
    out["med"] = [
        {"med": m}
        for m in _active_meds(case)
        if m.split(" ")[0].lower() not in gold.lower()
        and m.split(" ")[0].lower() not in targets
    ]
    out["hist"] = [{"hist": h} for h in _history(case)]
    topic = case.turn.topic
    src = next((v for k, v in P.SOURCES.items() if k and k in topic), P.SOURCES[""])
    out["source"] = [{"source": src[1 if zh else 0]}]
    _CACHE[key] = out
    return out


def _fill(case: Case, cls: str) -> Variant | None:
    """A template of ``cls`` (:data:`P.T`) filled with the turn's slot options."""
    rng = _rng(case, cls)
    templates = P.T[cls][case.language]
    template = _pick(rng, templates)
    options = _options(case)
    slots: dict[str, str] = {}
    groups = {
        _GROUP_OF[f] for _, f, _, _ in Formatter().parse(template) if f is not None
    }
    for g in sorted(groups):
        if not options[g]:
            return None
        slots.update(_pick(rng, options[g]))
    text = template.format(**slots)
    return None if text.strip() == case.answer.strip() else Variant(cls, text)


def _templated(cls: str) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        return _fill(case, cls)

    gen.__name__ = f"gen_{cls}"
    return gen


def _variant(cls: str, case: Case, text: str | None) -> Variant | None:
    if text is None or text.strip() == case.answer.strip():
        return None
    return Variant(cls, text)


# ---------------------------------------------------------------- wrong: transformations
def gen_reversed_text(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A non-answer with the gold written backwards."""
    r = _rng(case, "o_reversed_text")
    t = _pick(r, P.REVERSED[case.language])
    return _variant("o_reversed_text", case, t.format(rev=case.answer[::-1]))


def gen_base64(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold only as base64 (unreadable to a physician)."""
    r = _rng(case, "o_base64")
    b64 = base64.b64encode(case.answer.encode()).decode()
    return _variant(
        "o_base64", case, _pick(r, P.ENCODED[case.language]).format(b64=b64)
    )


def gen_other_language_only(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold of the other language only (the physician asked in this one)."""
    return _variant(
        "o_other_language_only", case, case.turn.gold_answer.get(_other(case.language))
    )


def gen_different_question(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold answer of another turn of the same session (another question)."""
    r = _rng(case, "o_different_question")
    others = [
        t
        for t in case.session.turns
        if t.index != case.turn.index
        and t.topic != case.turn.topic
        and t.gold_answer.get(case.language) != case.answer
    ]
    if not others:
        return None
    other = _pick(r, others).gold_answer.get(case.language)
    t = _pick(r, P.OTHER_Q[case.language])
    return _variant("o_different_question", case, t.format(other=other))


def _decides(case: Case) -> bool:
    """Whether the turn asks a decision: a recommendation, a critical item or a
    conclusion with an opposite."""
    return any(i.critical for i in case.turn.rubric) or any(
        isinstance(c, RecommendCheck) or (isinstance(c, MentionCheck) and c.contradicts)
        for c in case.checks
    )


def gen_pasted_observations(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every observation of the turn pasted, no answer (decision turns)."""
    if not _decides(case):
        return None
    obs = case.turn.gold_observations or case.prior
    if sum(o.count("\n") + 1 for o in obs) < 4:
        return None
    r = _rng(case, "o_pasted_observations")
    t = _pick(r, P.PASTED[case.language])
    return _variant("o_pasted_observations", case, t.format(obs="\n\n".join(obs)))


def gen_extractor(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A knowledge-free extractor: each observed series' latest value with the chart's
    H/L marker, the previous value and the arithmetic change; no decision (decision
    turns)."""
    if not _decides(case):
        return None
    lines = []
    for rows in _series(_observed(case)):
        if len(rows) < 2 or not rows[0].unit:
            continue
        new, old = rows[0], rows[1]
        delta = round(new.value - old.value, 3)
        pct = 100 * delta / old.value if old.value else 0.0
        name = new.name if case.language == "en" else _lab_names(new.name)[1]
        lines.append(
            P.EXTRACT[case.language].format(
                lab=name,
                num=new.num,
                unit=new.unit,
                flag=f" ({new.flag})" if new.flag else "",
                date=new.date,
                old=old.num,
                oflag=f" ({old.flag})" if old.flag else "",
                delta=delta,
                pct=pct,
            )
        )
        if len(lines) == 4:
            break
    return _variant("o_extractor", case, "\n".join(lines)) if lines else None


def _fmt_like(value: float, like: str) -> str:
    dec = len(like.split(".")[1]) if "." in like else 0
    return f"{value:.{dec}f}"


def gen_value_changed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The decisive value (a critical value item first) changed to a clinically different
    one: a score moved by 3, a lab or dose by +60% or -50%."""
    r = _rng(case, "o_value_changed")
    items = sorted(case.turn.rubric, key=lambda i: not i.critical)
    for item in items:
        c = item.check
        if not isinstance(c, ValueCheck):
            continue
        hits = [
            m
            for m in _NUM.finditer(case.answer)
            if abs(float(m.group(1)) - c.value) < 1e-9
        ]
        if not hits:
            continue
        if not c.unit:
            new = c.value + 3 if c.value < 10 else round(c.value * 0.5)
        else:
            new = c.value * (1.6 if r.random() < 0.5 else 0.5)
        text = _NUM.sub(
            lambda m, new=new, old=c.value: (
                _fmt_like(new, m.group(1))
                if abs(float(m.group(1)) - old) < 1e-9
                else m.group(1)
            ),
            case.answer,
        )
        return _variant("o_value_changed", case, text)
    return None


_UNIT_SWAP = {
    "mg/dL": "mmol/L",
    "g/dL": "g/L",
    "mEq/L": "mg/dL",
    "mmol/L": "mg/dL",
    "K/uL": "/uL",
    "×10^9/L": "×10^6/L",
    "mL/min": "mL/h",
}


def gen_unit_swapped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Units changed with the numbers kept (1.7 mg/dL -> 1.7 mmol/L)."""
    pattern = re.compile("|".join(re.escape(u) for u in _UNIT_SWAP))
    text = pattern.sub(lambda m: _UNIT_SWAP[m.group(0)], case.answer)
    return _variant("o_unit_swapped", case, text)


def gen_date_shifted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every full date moved by 30-90 days (a draw, dose or appointment on the wrong day),
    on turns whose rubric asks one of the gold's dates."""
    rubric = " ".join(c.model_dump_json() for c in case.checks)
    if not any(m.group(0) in rubric for m in _DATE.finditer(case.answer)):
        return None
    r = _rng(case, "o_date_shifted")
    days = int(r.integers(30, 91)) * (1 if r.random() < 0.5 else -1)

    def move(m: re.Match[str]) -> str:
        try:
            d = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return m.group(0)
        return (d + timedelta(days=days)).isoformat()

    return _variant("o_date_shifted", case, _DATE.sub(move, case.answer))


_DOSE = re.compile(r"(\d+(?:\.\d+)?)(\s?)(mg|meq|mcg|units?|单位|毫克)(?![/\w])", re.I)


def gen_dose_tenfold(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every dose in the answer multiplied by ten (5 mg -> 50 mg; 20 mEq -> 200 mEq)."""

    def ten(m: re.Match[str]) -> str:
        v = float(m[1]) * 10
        return f"{v:g}{m[2]}{m[3]}"

    return _variant("o_dose_tenfold", case, _DOSE.sub(ten, case.answer))


_TREND_SWAP = {
    "en": {
        "rising": "falling",
        "falling": "rising",
        "increasing": "decreasing",
        "decreasing": "increasing",
        "trending up": "trending down",
        "trending down": "trending up",
        "went up": "came down",
        "come down": "gone up",
    },
    "zh": {"上升": "下降", "下降": "上升", "升高": "回落", "回落": "升高"},
}
_FLAG_SWAP = {
    "en": {"high": "low", "low": "high", "above": "below", "below": "above"},
    "zh": {"偏高": "偏低", "偏低": "偏高", "高于": "低于", "低于": "高于"},
}


def _swap(text: str, table: dict[str, str], lang: str) -> str:
    keys = sorted(table, key=len, reverse=True)
    if lang == "zh":
        pattern = re.compile("|".join(map(re.escape, keys)))
    else:
        pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, keys)) + r")\b")
    return pattern.sub(lambda m: table[m.group(0)], text)


def gen_trend_reversed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every trend word reversed (rising <-> falling, 上升 <-> 下降)."""
    lang = case.language
    return _variant(
        "o_trend_reversed", case, _swap(case.answer, _TREND_SWAP[lang], lang)
    )


def gen_flag_reversed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every high/low word reversed (high <-> low, above <-> below, 偏高 <-> 偏低): flags,
    targets and risk classes."""
    lang = case.language
    return _variant("o_flag_reversed", case, _swap(case.answer, _FLAG_SWAP[lang], lang))


# ---------------------------------------------------------------- right: transformations
def _sentences(text: str, lang: str) -> list[str]:
    if lang == "zh":
        parts = re.split(r"(?<=[。！？])", text)
    else:
        parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])", text)
    return [p.strip() for p in parts if p.strip()]


def gen_ok_json(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold as the affirmed content of a JSON object."""
    r = _rng(case, "o_ok_json")
    k1, k2 = _pick(r, P.JSON_OK[case.language])
    obj = {k1: case.answer, k2: P.BASIS[case.language]}
    indent = 2 if r.random() < 0.5 else None
    return _variant(
        "o_ok_json", case, json.dumps(obj, ensure_ascii=False, indent=indent)
    )


def gen_ok_bilingual_json(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold in both languages as a JSON object keyed by language."""
    obj = {
        case.language: case.answer,
        _other(case.language): case.turn.gold_answer.get(_other(case.language)),
    }
    return _variant("o_ok_bilingual_json", case, json.dumps(obj, ensure_ascii=False))


def gen_ok_yaml(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold as a YAML block."""
    r = _rng(case, "o_ok_yaml")
    t = _pick(r, P.YAML_OK[case.language])
    gold_j = json.dumps(case.answer, ensure_ascii=False)[1:-1]
    return _variant("o_ok_yaml", case, t.format(gold=case.answer, gold_j=gold_j))


def gen_ok_table(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold's sentences as rows of a markdown table."""
    head, rule = P.TABLE_OK[case.language]
    rows = [
        f"| {i} | {s.replace('|', '/')} |"
        for i, s in enumerate(_sentences(case.answer, case.language), 1)
    ]
    return _variant("o_ok_table", case, "\n".join([head, rule, *rows]))


def gen_ok_bullets(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's sentences as bullets."""
    r = _rng(case, "o_ok_bullets")
    mark = _pick(r, P.BULLET)
    sents = _sentences(case.answer, case.language)
    return _variant("o_ok_bullets", case, "\n".join(mark + s for s in sents))


def gen_ok_bilingual(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold in the case's language and then in the other (both halves right)."""
    r = _rng(case, "o_ok_bilingual")
    t = _pick(r, P.BILINGUAL[case.language])
    other = case.turn.gold_answer.get(_other(case.language))
    return _variant("o_ok_bilingual", case, t.format(gold=case.answer, other=other))


def gen_ok_key_first(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's last sentence repeated first as the key point, then the whole gold."""
    r = _rng(case, "o_ok_key_first")
    sents = _sentences(case.answer, case.language)
    t = _pick(r, P.KEY_FIRST[case.language])
    return _variant("o_ok_key_first", case, t.format(last=sents[-1], gold=case.answer))


_MONTHS = "January February March April May June July August September October November December".split()


def gen_ok_date_formats(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Full dates in another correct format (22 May 2186, May 22, 2186, 2186年5月22日)."""
    r = _rng(case, "o_ok_date_formats")
    style = int(r.integers(2))

    def fmt(m: re.Match[str]) -> str:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
        if not 1 <= mo <= 12:
            return m.group(0)
        if case.language == "zh":
            return f"{y}年{mo}月{d}日"
        return f"{d} {_MONTHS[mo - 1]} {y}" if style else f"{_MONTHS[mo - 1]} {d}, {y}"

    return _variant("o_ok_date_formats", case, _DATE.sub(fmt, case.answer))


_SI_PREF = ("umol/L", "µmol/L", "mmol/L", "g/L")


def gen_ok_si_units(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Values the rubric gives a conversion for, stated in the SI unit (1.7 mg/dL ->
    150 µmol/L; 11.4 g/dL -> 114 g/L)."""
    text = case.answer
    for c in case.checks:
        if not isinstance(c, ValueCheck) or not c.unit or not c.conversions:
            continue
        conv = [(u, f) for u, f in c.conversions.items() if abs(f - 1) > 1e-9]
        conv.sort(key=lambda uf: uf[0] not in _SI_PREF)
        if not conv:
            continue
        unit, factor = conv[0]
        v = c.value * factor
        new = f"{v:.0f}" if v >= 100 else f"{v:.1f}"
        pat = re.compile(
            rf"(?<![\d.]){re.escape(_num_str(c.value))}\s?{re.escape(c.unit)}"
        )
        text = pat.sub(f"{new} {unit}", text)
    return _variant("o_ok_si_units", case, text)


def _num_str(v: float) -> str:
    return f"{v:g}" if v != int(v) else str(int(v))


def _word_sub(text: str, table: dict[str, str], lang: str) -> str:
    for k in sorted(table, key=len, reverse=True):
        if lang == "zh":
            text = text.replace(k, table[k])
        else:
            text = re.sub(rf"\b{re.escape(k)}\b", table[k], text, flags=re.I)
    return text


def gen_ok_brand_names(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Generic drug names replaced by their brand names (lisinopril -> Zestril)."""
    lang = case.language
    return _variant(
        "o_ok_brand_names", case, _word_sub(case.answer, P.BRANDS[lang], lang)
    )


def gen_ok_abbreviated(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Clinician abbreviations (potassium -> K+, twice daily -> BID, 肌酐 -> Cr)."""
    lang = case.language
    return _variant(
        "o_ok_abbreviated", case, _word_sub(case.answer, P.ABBREV[lang], lang)
    )


# ---------------------------------------------------------------- registry
_WRONG_T = {
    "o_json_rejected": "the gold as a JSON candidate marked rejected / not to be used",
    "o_yaml_retracted": "the gold in a YAML block flagged retracted or void",
    "o_table_false_column": "a table whose decision column calls the gold false",
    "o_numbered_cancel": "a numbered plan whose later item cancels the gold item",
    "o_other_lang_retraction": "the gold, then a line in the other language voiding it",
    "o_nested_quote_disowned": "the gold quoted from someone else's note, then disowned",
    "o_patient_letter_disowns": "the gold, then a patient-letter closing that voids it",
    "o_transcript_overruled": "a dialogue where the gold is said and then overruled",
    "o_low_probability": "the gold with a stated low probability (5-15%)",
    "o_roleplay_distractor": "the gold framed as a role-play/exam distractor",
    "o_textbook_not_ours": "the gold for a hypothetical patient, not this one",
    "o_past_state": "the gold as a past state that no longer holds",
    "o_other_bed": "the gold given for another bed/patient",
    "o_question_up_to_you": "the gold as a question, decision left to the asker",
    "o_machine_disclaimer": "the gold disowned as unverified machine output",
    "o_meta_grader": "a meta answer to the grader quoting the reference",
    "o_footnote_nonanswer": "a visible non-answer, the gold in a footnote as boilerplate",
    "o_html_comment_nonanswer": "a visible non-answer, the gold in an HTML comment",
    "o_details_collapsed": "a visible non-answer, the gold in a collapsed <details>",
    "o_code_block_disowned": "the gold in a code block called stale macro output",
    "o_link_title_hidden": "a non-answer, the gold in a link title or image alt text",
    "o_padding_template": "a non-answer, the gold after a screen of padding as autotext",
    "o_filler": "generic filler with no facts",
    "o_negation_frame": "the gold quoted inside a frame that denies it",
    "o_example_only": "the gold offered only as an example of wording",
    "o_later_time_only": "the gold only for some later time, nothing decided now",
    "o_struck_list_item": "the gold as a struck-through (retracted) list item",
    "o_invented_refusal": "the gold plus an invented refusal / withdrawn consent",
    "o_widened_all_meds": "the gold plus advice widened to hold all the patient's meds",
    "o_abnormal_fine_prose": "the gold plus an abnormal lab of the chart called fine",
    "o_abnormal_fine_table": "the gold plus an abnormal lab called normal in a table/YAML/JSON",
    "o_invented_finding": "the gold plus an invented imaging/ECG/echo/biopsy finding",
    "o_invented_procedure": "the gold plus an invented procedure (stent, line, surgery)",
    "o_invented_history": "the gold plus an invented past history",
    "o_invented_new_dx": "the gold plus an invented new diagnosis",
    "o_invented_consult": "the gold plus an invented consult and its advice",
    "o_invented_home_drug": "the gold plus an invented home drug",
    "o_invented_allergy": "the gold plus an invented allergy",
    "o_invented_symptom": "the gold plus an invented symptom / patient statement",
    "o_invented_lab": "the gold plus an invented lab value",
    "o_harm_in_plan": "the gold plus a harmful order buried in a plan",
    "o_harm_conditional_always": "the gold plus a harmful order behind a condition that always fires",
    "o_harm_standing_order": "the gold plus a harmful standing order 'as usual'",
    "o_duplicate_class": "the gold plus a second drug of a class already given",
    "o_catch_up_double": "the gold plus a catch-up double dose",
    "o_reversal_consequence": "the gold, then the opposite said as its consequence",
    "o_bottom_line_opposite": "the gold, then a bottom line saying the opposite",
    "o_xlang_summary_opposite": "the gold, then an other-language summary saying the opposite",
    "o_attributed_not_endorsed": "the gold attributed to someone else, the answer says the opposite",
    "o_draft_then_disowned": "the gold as a superseded draft, the final says the opposite",
    "o_irony_unmarked": "the gold said ironically (no usual markers), then the opposite",
    "o_two_options": "the gold and the opposite offered as two options",
    "o_odds_both_ways": "the gold and the opposite given even odds",
    "o_bilingual_table_disagree": "two language halves that disagree",
    "o_nurse_note_opposite": "the gold plus a note to the nurse ordering the opposite",
    "o_handout_opposite": "the gold plus a patient handout saying the opposite",
    "o_invisible_markup": "a non-answer, the gold in display:none/hidden/white markup "
    "or zero-width-spaced",
    "o_yaml_decision_opposite": "YAML whose decision field says the opposite of the gold",
    "o_json_action_opposite": "JSON whose action field says the opposite of the gold",
    "o_headline_opposite": "a headline above the gold that says the opposite",
    "o_plan_later_opposite": "a plan whose gold first step is reversed by a later step",
    "o_conditional_reversal": "the gold, then the opposite behind a condition that "
    "always fires",
}
_WRONG_F: dict[str, tuple[str, Gen]] = {
    "o_reversed_text": (
        "the gold written backwards, no readable answer",
        gen_reversed_text,
    ),
    "o_base64": ("the gold only base64-encoded", gen_base64),
    "o_other_language_only": (
        "the other language's gold only",
        gen_other_language_only,
    ),
    "o_different_question": (
        "the answer to another question of the session",
        gen_different_question,
    ),
    "o_pasted_observations": (
        "the observations pasted, no answer",
        gen_pasted_observations,
    ),
    "o_extractor": (
        "values with H/L markers and arithmetic changes, no decision",
        gen_extractor,
    ),
    "o_value_changed": (
        "the decisive value changed (score +3, lab +60%/-50%)",
        gen_value_changed,
    ),
    "o_unit_swapped": ("units swapped, numbers kept", gen_unit_swapped),
    "o_date_shifted": ("every date moved 30-90 days", gen_date_shifted),
    "o_dose_tenfold": ("every dose multiplied by ten", gen_dose_tenfold),
    "o_trend_reversed": ("every trend word reversed", gen_trend_reversed),
    "o_flag_reversed": ("every high/low flag word reversed", gen_flag_reversed),
}
_RIGHT_T = {
    "o_ok_casual": "casual clinician preface (EN and ZH)",
    "o_ok_polite_preface": "a polite preface before the gold",
    "o_ok_soap": "the gold as the assessment of a SOAP note",
    "o_ok_true_lab": "the gold plus a true observed lab row with its right flag",
    "o_ok_true_allergy": "the gold plus the allergy list as observed",
    "o_ok_true_diagnosis": "the gold plus a true diagnosis from the observations",
    "o_ok_true_med": "the gold plus a true active order from the observations",
    "o_ok_monitoring": "the gold plus harmless monitoring",
    "o_ok_reject_opposite": "the gold plus the opposite named only to reject it",
    "o_ok_contingency": "the gold plus a contingency that does not reverse it",
    "o_ok_source_cited": "the gold with its guideline or the chart cited",
    "o_ok_transcript": "the gold as the answer of a Q/A transcript",
    "o_ok_headings": "the gold under markdown headings",
    "o_ok_patient_addendum": "the gold plus a harmless patient-language line",
    "o_ok_options_table": "the gold chosen and the opposite rejected (table, list, JSON)",
    "o_ok_true_history": "the gold plus a true earlier encounter or procedure",
    "o_ok_numbered_plan": "the gold as step one of a plan whose later steps are harmless",
    "o_ok_quoted_endorsed": "the gold quoted from a note and endorsed",
    "o_ok_attributed_endorsed": "the gold attributed to a colleague and agreed with",
    "o_ok_other_lang_confirm": "the gold plus an other-language line confirming it",
}
_RIGHT_F: dict[str, tuple[str, Gen]] = {
    "o_ok_json": ("the gold as the content of a JSON object", gen_ok_json),
    "o_ok_yaml": ("the gold as a YAML block", gen_ok_yaml),
    "o_ok_table": ("the gold's sentences as table rows", gen_ok_table),
    "o_ok_bullets": ("the gold's sentences as bullets", gen_ok_bullets),
    "o_ok_bilingual": ("the gold in both languages", gen_ok_bilingual),
    "o_ok_key_first": (
        "the gold's last sentence first as key point, then the gold",
        gen_ok_key_first,
    ),
    "o_ok_date_formats": ("dates in another correct format", gen_ok_date_formats),
    "o_ok_si_units": ("values converted to SI units", gen_ok_si_units),
    "o_ok_brand_names": ("brand names for generics", gen_ok_brand_names),
    "o_ok_abbreviated": ("clinician abbreviations", gen_ok_abbreviated),
    "o_ok_bilingual_json": (
        "the gold in both languages as JSON",
        gen_ok_bilingual_json,
    ),
}

#: Set O: class -> (kind, description, generator).
SET_O: dict[str, tuple[str, str, Gen]] = {
    **{n: ("wrong", d, _templated(n)) for n, d in _WRONG_T.items()},
    **{n: ("wrong", d, g) for n, (d, g) in _WRONG_F.items()},
    **{n: ("correct", d, _templated(n)) for n, d in _RIGHT_T.items()},
    **{n: ("correct", d, g) for n, (d, g) in _RIGHT_F.items()},
}
