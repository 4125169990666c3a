"""Independent grader-validity set Q: wrong answers a sound reward must fail, right answers
(said differently) it must pass, made from each gold turn in English and Chinese.

How it was written: from the data model (:mod:`physassist_env.scenarios.model`), the
variant interface (:mod:`.variants`: Case, Pools, Variant) and the dataset's gold turns
(answers, rubric check fields, gold tool calls and observations) only. The grader, its
vocabulary and clinical modules, and every other independent set (A-P) were not read, and
the grader was not run; pass rates are the lead's to measure.

Principle: an RL policy learns whatever the reward lets through. So every wrong class
keeps the gold's words and then ADDS (an invention, a harmful order), TAKES BACK (a
reversal, a retraction, a disowning frame), HIDES (comment, details, link title,
encoding), RELABELS (another bed, an earlier admission, a hypothetical, a past state),
RE-SCOPES (all medicines, catch-up doses, later only) or LEAVES OUT (no decision) - in
shapes a sentence regex would not expect: SBAR, checklists, CSV, JSON/YAML, tables,
chat transcripts, numbered plans whose later item cancels an earlier one, a headline
the body contradicts, footnotes, letters, two languages that disagree. Inventions are
drawn from broad pools (dozens per pool, EN and ZH) filtered to the patient's problems and
to what no observation of the turn mentions; harmful orders come from harm tables keyed by
the chart's own state (its allergies, potassium, creatinine, INR, platelets, haemoglobin,
QT drugs, glucose, age). Every right class keeps every decisive fact of the gold and adds
only what the observations show or what is harmless, in the same unusual shapes.

Sources of the harm tables (rows in :mod:`.independent_q_phrases`):

* ISMP List of High-Alert Medications in Acute Care Settings (2018/2024): concentrated
  potassium chloride (never IV push), insulin, anticoagulants, tenfold dosing errors.
* FDA labels: potassium chloride (contraindicated in hyperkalaemia), spironolactone
  (K > 5.0 mEq/L), penicillins/cephalosporins/sulfonamides/opioids/NSAIDs
  (contraindicated after hypersensitivity), ketorolac (bleeding, renal risk), one drug
  per class (statins, RAAS blockers, anticoagulants, beta-blockers, PPIs, SSRIs).
* KDIGO 2012 AKI guideline (avoid nephrotoxins: NSAIDs, aminoglycosides, contrast) and
  KDIGO 2024 CKD guideline (no dual RAAS blockade; potassium management).
* AABB 2023 RBC transfusion guideline (restrictive threshold 7 g/dL).
* ADA Standards of Care 2024, section 16 (inpatient glycaemia; no large fixed insulin
  doses, no sliding scale alone).
* 2023 ACC/AHA/ACCP/HRS atrial fibrillation guideline (no second anticoagulant, no
  antiplatelet on top without indication).
* AHA/ACCF scientific statement on prevention of torsade de pointes in hospital settings
  2010 (Drew et al.); CredibleMeds known-risk QT list.
* AGS Beers Criteria 2023 (first-generation antihistamines, benzodiazepines, Z-drugs in
  adults >= 65).
* ASH 2018 VTE guideline (anticoagulant/antiplatelet with thrombocytopenia).
* IDSA/SHEA 2016 antimicrobial stewardship guideline (no empirical broad-spectrum
  escalation without indication).
"""

from __future__ import annotations

import base64
import json
import re
import string
import zlib
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import numpy as np

from physassist_env.grading.validity import independent_q_phrases as P
from physassist_env.grading.validity.variants import Case, Gen, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    TrendCheck,
    ValueCheck,
)

_CJK = re.compile("[\u3400-\u9fff]")
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_LAB_ROW = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})? \| (?P<name>[^=|\n]+?) = "
    r"(?P<num>-?\d+(?:\.\d+)?) ?(?P<unit>[^\s(\[\n]*)[ \t]*(?:\((?P<flag>[A-Z]+)\))?"
    r"[ \t]*(?:\[ref (?P<lo>-?\d+(?:\.\d+)?)-(?P<hi>\d+(?:\.\d+)?)\])?",
    re.M,
)
_ROW = re.compile(r"^- \d{4}-\d{2}-\d{2}[^\n]*", re.M)
_MED_ROW = re.compile(
    r"^- [\d\- :]+\| (?P<text>[^|\n]+?) \| (?P<status>[a-z\-]+)", re.M
)
_ALLERGY_ROW = re.compile(r"^- [\d\- :]+\| (?P<text>[^|\n]+?) \| ", re.M)
_COND_ROW = re.compile(r"^- [\d\- :]+\| (?P<name>[^|\n]+?) \(ICD", re.M)
_BORN = re.compile(r"born (\d{4})-(\d{2})-(\d{2})")
_DOSE = re.compile(r"(?P<num>\d+(?:\.\d+)?) ?(?P<unit>mg|mcg|g|mEq|UNIT|units?|mL)\b")


# ---------------------------------------------------------------- record reading
def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for the turn (session id, turn index, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, items: list[Any]) -> Any:
    return items[int(rng.integers(len(items)))] if items else None


def _observed(case: Case) -> list[str]:
    """Every observation the agent has seen by the end of the turn."""
    return [*case.prior, *case.turn.gold_observations]


def _record_text(case: Case) -> str:
    """The turn's observations and both gold answers, lowercased (for absence checks)."""
    return "\n".join(
        [*_observed(case), case.turn.gold_answer.en, case.turn.gold_answer.zh]
    ).lower()


def _lab_series(case: Case) -> dict[str, list[dict[str, str]]]:
    """Analyte (lowercase) -> rows newest first, from every lab search observed."""
    out: dict[str, list[dict[str, str]]] = {}
    for obs in _observed(case):
        if not obs.startswith("Observation"):
            continue
        for m in _LAB_ROW.finditer(obs):
            row = {k: (v or "") for k, v in m.groupdict().items()}
            rows = out.setdefault(row["name"].strip().lower(), [])
            if row not in rows:
                rows.append(row)
    return out


def _lab_name(name: str, lang: str) -> str:
    low = name.strip().lower()
    if lang == "zh":
        return P.LAB_ZH.get(low, name.strip())
    return name.strip()


#: Analytes whose low values carry no clinical weight (calling them "fine" is not wrong).
_LOW_DONT_MATTER = {
    "creatinine",
    "urea nitrogen",
    "alanine aminotransferase (alt)",
    "asparate aminotransferase (ast)",
    "bilirubin, total",
    "lactate",
    "troponin t",
    "inr(pt)",
    "ptt",
}


def _abnormal_rows(case: Case) -> list[tuple[str, dict[str, str]]]:
    """(analyte, latest row) for each analyte whose latest row carries an H/L flag."""
    return [
        (name, rows[0])
        for name, rows in sorted(_lab_series(case).items())
        if rows and rows[0]["flag"]
    ]


def _gold_analytes(case: Case) -> set[str]:
    """Record analyte names (lowercase) the turn is about or the gold answers name."""
    about = {
        t.lower()
        for c in case.checks
        if isinstance(c, ValueCheck | FlagCheck | TrendCheck)
        for t in c.about
    } | {e.split(":", 1)[1].lower() for e in case.turn.entities if e.startswith("lab:")}
    gold = (case.turn.gold_answer.en + case.turn.gold_answer.zh).lower()
    out = set()
    for name in _lab_series(case):
        zh = P.LAB_ZH.get(name, name).lower()
        abbr = P.LAB_ABBR.get(name, name).lower()
        if (
            name in gold
            or zh in gold
            or any(a in name or name in a for a in about if len(a) > 2)
            or abbr in about
        ):
            out.add(name)
    return out


def _clearly_abnormal(row: dict[str, str]) -> bool:
    """Outside its reference range by 10% of the bound or more (a margin no physician
    would call normal); rows without a range count when flagged."""
    if not row["flag"]:
        return False
    if not row.get("lo") or not row.get("hi"):
        return True
    value, lo, hi = float(row["num"]), float(row["lo"]), float(row["hi"])
    if row["flag"].startswith("H"):
        return value >= hi * 1.1
    return value <= lo * 0.9


def _med_rows(case: Case) -> list[str]:
    """Active medication order texts observed (``Warfarin 2 mg PO DAILY16``)."""
    out: list[str] = []
    for obs in _observed(case):
        if obs.startswith("MedicationRequest"):
            for m in _MED_ROW.finditer(obs):
                if m["status"] == "active" and m["text"] not in out:
                    out.append(m["text"].strip())
    return out


def _allergies(case: Case) -> list[str] | None:
    """Observed allergy rows; ``[]`` when none found; ``None`` when never searched."""
    found: list[str] | None = None
    for obs in _observed(case):
        if obs.startswith("AllergyIntolerance"):
            found = (found or []) + [
                m["text"].strip() for m in _ALLERGY_ROW.finditer(obs)
            ]
        elif obs.startswith("no AllergyIntolerance"):
            found = found or []
    return found


def _conditions(case: Case) -> list[str]:
    out: list[str] = []
    for obs in _observed(case):
        if obs.startswith("Condition"):
            out += [m["name"].strip() for m in _COND_ROW.finditer(obs)]
    return list(dict.fromkeys(out))


def _age(case: Case) -> int | None:
    for obs in _observed(case):
        m = _BORN.search(obs)
        if m and obs.startswith("Patient"):
            return int(case.session.current_date[:4]) - int(m.group(1))
    return None


def _tags(case: Case) -> set[str]:
    text = _record_text(case) + " " + case.turn.topic
    return {t for t, keys in P.TAG_KEYS.items() if any(k in text for k in keys)}


def _turn_drugs(case: Case) -> list[str]:
    return [e.split(":", 1)[1] for e in case.turn.entities if e.startswith("drug:")]


def _drug_name(case: Case, pools: Pools, generic: str) -> str:
    """The drug's name in the case's language (the gold answers' ZH name when known)."""
    if case.language == "zh":
        names = pools.drugs.get(case.session.patient_id, {}).get(generic, {})
        return names.get("zh", generic)
    return generic


def _name_in(terms: list[str], lang: str) -> str | None:
    want = [t for t in terms if bool(_CJK.search(t)) == (lang == "zh")]
    return (want or terms or [None])[0]


# ---------------------------------------------------------------- opposites
def _opposite(case: Case, lang: str, strict: bool = False) -> str | None:
    """The gold's decision or conclusion said the other way, built from the rubric and the
    gold writes: its opposite term, the inverse of its recommendation, the write taken
    back, the flipped flag or trend, or (not ``strict``) a main finding denied."""
    checks = case.checks
    for c in checks:
        if isinstance(c, MentionCheck) and c.contradicts:
            term = _name_in(
                [t for t in c.contradicts if " or " not in t and "或" not in t], lang
            )
            if term:
                return term
    for c in checks:
        if isinstance(c, RecommendCheck) and c.targets:
            table = P.OPPOSITE_ACTION[lang]
            action = next(
                (table[a.lower()] for a in c.actions if a.lower() in table), None
            )
            target = _name_in(list(c.targets), lang)
            if action and target:
                return f"{action} {target}" if lang == "en" else f"{action}{target}"
    for call in case.writes:
        what = next(
            (
                str(call.arguments[k])
                for k in ("service_type", "medication", "code", "title")
                if call.arguments.get(k)
            ),
            None,
        )
        if what:
            return P.UNDO[lang].format(x=what)
    for c in checks:
        if isinstance(c, FlagCheck) and c.about:
            return P.FLAG_OPP[lang][c.direction].format(a=_name_in(list(c.about), lang))
    for c in checks:
        if isinstance(c, TrendCheck) and c.about:
            return P.TREND_OPP[lang][c.direction].format(
                a=_name_in(list(c.about), lang)
            )
    for c in checks if not strict else ():
        if isinstance(c, MentionCheck) and c.terms:
            term = _name_in(
                [t for t in c.terms if not re.fullmatch(r"[\d\-: ]+", t)], lang
            )
            if term and (_CJK.search(term) and len(term) > 2 or term[:1].isupper()):
                return P.NOT_SO[lang].format(x=term)
    return None


def _decision(case: Case) -> bool:
    """Whether the turn decides something (a recommendation, a conclusion with an
    opposite, a forbidden action, or a critical item)."""
    return any(
        isinstance(c, RecommendCheck | NegativeCheck)
        or (isinstance(c, MentionCheck) and c.contradicts)
        for c in case.checks
    ) or any(i.critical for i in case.turn.rubric)


# ---------------------------------------------------------------- inventions
def _absent(item_en: str, item_zh: str, record: str) -> bool:
    """Whether neither the item's key word (EN) nor its core (ZH) occurs in the record."""
    words = [w for w in re.findall(r"[a-z][a-z\-']+", item_en.lower()) if len(w) >= 4]
    skip = {"prior", "severe", "with", "from", "left", "right", "this", "week", "daily"}
    keys = [w for w in words if w not in skip][:2]
    core = re.split(r"[（(\s]", item_zh)[0]
    return not any(k in record for k in keys) and (not core or core not in record)


def _invent(
    case: Case, rng: np.random.Generator, pool: list[tuple[str, ...]], zh_index: int = 2
) -> tuple[str, ...] | None:
    """An item of ``pool`` plausible for the patient (tags) and absent from the record."""
    tags = _tags(case) | {"any"}
    record = _record_text(case)
    fit = [p for p in pool if p[0] in tags and _absent(p[1], p[zh_index], record)]
    if not fit:
        fit = [p for p in pool if _absent(p[1], p[zh_index], record)]
    return _pick(rng, fit)


def _inv_text(case: Case, rng: np.random.Generator, cls: str) -> str | None:
    lang = case.language
    zh = lang == "zh"
    if cls in ("q_inv_finding_premise", "q_inv_ecg_endnote"):
        item = _invent(case, rng, P.FINDINGS)
        return None if item is None else item[2 if zh else 1]
    if cls in ("q_inv_dx_clause", "q_inv_history_yaml"):
        item = _invent(case, rng, P.DIAGNOSES)
        return None if item is None else item[2 if zh else 1]
    if cls == "q_inv_procedure_timeline":
        item = _invent(case, rng, P.PROCEDURES)
        return None if item is None else item[2 if zh else 1]
    if cls == "q_inv_symptom_nurse_note":
        item = _invent(case, rng, P.SYMPTOMS)
        return None if item is None else item[2 if zh else 1]
    if cls == "q_inv_home_drug_csv":
        item = _invent(case, rng, P.HOME_DRUGS)
        return None if item is None else item[2 if zh else 1]
    if cls == "q_inv_allergy_checklist":
        item = _invent(case, rng, P.ALLERGIES)
        return None if item is None else item[2 if zh else 1]
    if cls == "q_inv_lab_value":
        item = _invent(case, rng, P.INVENTED_LABS, zh_index=5)
        if item is None:
            return None
        _, name, num, unit, flag, zname, zflag = item
        return (
            f"{zname} {num} {unit}（{zflag}）"
            if zh
            else f"{name} {num} {unit} ({flag})"
        )
    return None


# ---------------------------------------------------------------- harms
_QT_DRUGS = (
    "ciprofloxacin",
    "levofloxacin",
    "moxifloxacin",
    "azithromycin",
    "ondansetron",
    "haloperidol",
    "amiodarone",
    "citalopram",
    "methadone",
    "quetiapine",
    "sotalol",
)
_ANTICOAG = (
    "warfarin",
    "apixaban",
    "rivaroxaban",
    "heparin",
    "enoxaparin",
    "dabigatran",
)


def _harm_states(case: Case) -> list[str]:
    """The harm-table states this chart is in (see the module docstring for sources)."""
    states: list[str] = []
    allergy = " ".join(_allergies(case) or []).lower()
    for key, words in (
        ("penicillin", ("penicillin", "amoxicillin", "ampicillin")),
        ("sulfa", ("sulfa", "sulfonamide", "bactrim")),
        ("cephalosporin", ("cephalosporin", "ceph")),
        ("opioid", ("codeine", "morphine", "opioid", "opiate")),
        ("nsaid", ("aspirin", "nsaid", "ibuprofen", "naproxen")),
    ):
        if any(w in allergy for w in words):
            states.append(key)
    labs = _lab_series(case)
    flag = {n: rows[0]["flag"] for n, rows in labs.items() if rows}
    if flag.get("potassium", "").startswith("H"):
        states.append("high_k")
    elif flag.get("potassium", "").startswith("L"):
        states.append("low_k")
    if flag.get("creatinine", "").startswith("H") or case.turn.decision.startswith(
        "stage"
    ):
        states.append("aki")
    meds = " ".join(_med_rows(case)).lower()
    if flag.get("inr(pt)", "").startswith("H") or any(d in meds for d in _ANTICOAG):
        states.append("anticoag")
    if flag.get("platelet count", "").startswith("L"):
        states.append("low_plt")
    hb = labs.get("hemoglobin")
    if hb and hb[0]["flag"].startswith("L") and float(hb[0]["num"]) >= 8.0:
        states.append("anaemia_ok")
    if any(d in meds for d in _QT_DRUGS) or case.turn.topic.startswith("qt"):
        states.append("qt")
    if flag.get("glucose", "").startswith("H") or "insulin" in meds:
        states.append("insulin")
    age = _age(case)
    if age is not None and age >= 65:
        states.append("elderly")
    return states


def _harm(case: Case, rng: np.random.Generator, overtreat: bool = False) -> str | None:
    states = _harm_states(case)
    if overtreat:
        text = _record_text(case)
        if any(k in text for k in P.TAG_KEYS["infect"]):
            states = [*states, "infection"]
        states = [
            s for s in states if s in ("anaemia_ok", "infection", "low_k", "insulin")
        ]
    state = _pick(rng, sorted(set(states)))
    if state is None:
        return None
    en, zh = _pick(rng, P.HARM[state])
    return zh if case.language == "zh" else en


def _turn_med(case: Case, pools: Pools) -> tuple[str, str] | None:
    """(name in the case's language, charted order text) of the turn's drug."""
    for generic in _turn_drugs(case):
        for row in _med_rows(case):
            if generic.lower() in row.lower():
                return _drug_name(case, pools, generic), row
    return None


# ---------------------------------------------------------------- slots
def _gold_l(gold: str, lang: str) -> str:
    if lang == "zh" or not gold:
        return gold
    first = gold.split(" ", 1)[0]
    keep = first.isupper() or any(ch.isdigit() for ch in first)
    return gold if keep else gold[0].lower() + gold[1:]


def _slots(
    case: Case, pools: Pools, rng: np.random.Generator, cls: str
) -> dict[str, Any]:
    """Every slot a frame may use; a slot is ``None`` when the turn does not give it."""
    lang = case.language
    gold = case.answer
    other = "en" if lang == "zh" else "zh"
    s: dict[str, Any] = {
        "gold": gold,
        "gold_l": _gold_l(gold, lang),
        "gold_json": json.dumps(gold, ensure_ascii=False),
        "gold_other": case.turn.gold_answer.get(other),
        "request": case.turn.request.get(lang),
        "today": case.session.current_date,
        "bed": str(int(rng.integers(2, 40))),
        "year": str(int(case.session.current_date[:4]) - int(rng.integers(1, 7))),
        "opp": _opposite(case, lang),
        "opp_en": _opposite(case, "en"),
        "opp_zh": _opposite(case, "zh"),
        "opp_strict": _opposite(case, lang, strict=True),
    }
    mine = _gold_analytes(case)
    abn = [
        (n, r)
        for n, r in _abnormal_rows(case)
        if (r["flag"].startswith("H") or n not in _LOW_DONT_MATTER)
        and n not in mine
        and _clearly_abnormal(r)
    ]
    if abn:
        name, row = _pick(rng, abn)
        short = P.LAB_ABBR.get(name) if lang == "en" and rng.random() < 0.4 else None
        s |= {
            "lab": short or _lab_name(row["name"], lang),
            "num": row["num"],
            "unit": row["unit"],
            "date": row["date"],
        }
    s["inv"] = _inv_text(case, rng, cls)
    consult = _invent(case, rng, P.CONSULTS, zh_index=3)
    if consult is not None:
        s["svc"], s["advice"] = (
            (consult[3], consult[4]) if lang == "zh" else (consult[1], consult[2])
        )
    s["harm"] = _harm(case, rng, overtreat=cls == "q_overtreat_to_be_safe")
    terms = []
    for c in case.checks:
        if isinstance(c, MentionCheck | RecommendCheck):
            t = _name_in(list(getattr(c, "terms", None) or c.targets), lang)
            if t:
                terms.append(t)
        elif isinstance(c, ValueCheck) and c.about:
            terms.append(f"{_name_in(list(c.about), lang)} {c.value:g}")
    s["terms"] = ", ".join(dict.fromkeys(terms)) or None
    return s


_FMT = string.Formatter()


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in _FMT.parse(template) if f}


def _fill(
    cls: str, case: Case, slots: dict[str, Any], rng: np.random.Generator
) -> Variant | None:
    """A variant of ``cls`` from one of its frames whose slots the turn gives."""
    frames = [
        t for t in P.FRAMES[cls][case.language] if all(slots.get(f) for f in _fields(t))
    ]
    if not frames:
        return None
    text = _pick(rng, frames).format(**slots)
    return None if text == case.answer else Variant(cls, text)


def _framed(cls: str, when: Callable[[Case], bool] | None = None) -> Gen:
    """A generator filling ``cls``'s frames (on turns where ``when`` holds)."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        if when is not None and not when(case):
            return None
        own = _rng(case, cls)
        return _fill(cls, case, _slots(case, pools, own, cls), own)

    gen.__name__ = f"gen_{cls}"
    gen.__doc__ = f"Fills the frames of {cls} (see FRAMES)."
    return gen


# ---------------------------------------------------------------- special generators
def _with(
    cls: str,
    extra: Callable[[Case, Pools, np.random.Generator], dict | None],
    when: Callable[[Case], bool] | None = None,
) -> Gen:
    """A framed generator whose slots get ``extra`` (``None``: the class does not apply)."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        if when is not None and not when(case):
            return None
        own = _rng(case, cls)
        slots = _slots(case, pools, own, cls)
        more = extra(case, pools, own)
        if more is None:
            return None
        return _fill(cls, case, slots | more, own)

    gen.__name__ = f"gen_{cls}"
    return gen


def _trend_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    """A trend turn's series: first and latest value and a sign-flipped net change."""
    for c in case.checks:
        if not isinstance(c, TrendCheck):
            continue
        about = {a.lower() for a in c.about}
        for name, rows in _lab_series(case).items():
            if name in about or any(a in name for a in about if len(a) > 3):
                if len(rows) < 2:
                    continue
                first, last = float(rows[-1]["num"]), float(rows[0]["num"])
                delta = first - last  # sign flipped on purpose
                opp = P.TREND_OPP[case.language][c.direction].format(
                    a=_lab_name(rows[0]["name"], case.language)
                )
                return {
                    "lab": _lab_name(rows[0]["name"], case.language),
                    "first": rows[-1]["num"],
                    "num": rows[0]["num"],
                    "delta": f"{delta:+.2g} {rows[0]['unit']}".strip(),
                    "opp": opp,
                }
    return None


def _dose10_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    med = _turn_med(case, pools)
    if med is None:
        return None
    name, row = med
    m = _DOSE.search(row)
    if m is None:
        return None
    return {"drug": name, "dose10": f"{float(m['num']) * 10:g} {m['unit']}"}


def _dup_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    meds = " ".join(_med_rows(case)).lower()
    record = _record_text(case)
    lang = case.language
    options = []
    for members in P.CLASSES.values():
        on = [m for m in members if m[0] in meds]
        if not on:
            continue
        add = [m for m in members if m[0] not in record]
        for have in on:
            for new in add:
                options.append((have, new))
    choice = _pick(rng, options)
    if choice is None:
        return None
    (have_en, have_zh), (new_en, new_zh) = choice
    zh = lang == "zh"
    return {"drug": have_zh if zh else have_en, "dup": new_zh if zh else new_en}


def _drug_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    drugs = _turn_drugs(case)
    if not drugs:
        return None
    return {"drug": _drug_name(case, pools, drugs[0])}


def _allergy_true_extra(
    case: Case, pools: Pools, rng: np.random.Generator
) -> dict | None:
    rows = _allergies(case)
    return {"allergy": _pick(rng, rows)} if rows else None


def _no_allergy_extra(
    case: Case, pools: Pools, rng: np.random.Generator
) -> dict | None:
    said = case.answer.lower()
    if _allergies(case) != [] or "allerg" in said or "过敏" in said:
        return None
    return {}


def _recorded_allergy(
    case: Case, pools: Pools, rng: np.random.Generator
) -> dict | None:
    return {} if _allergies(case) else None


def _dx_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    conds = _conditions(case)
    return {"dx": _pick(rng, conds)} if conds else None


def _not_discharge(case: Case) -> bool:
    """Discharge turns list what goes home: an added chart row could read as going home."""
    return "discharge" not in case.turn.topic


def _med_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    if not _not_discharge(case):
        return None
    meds = [m for m in _med_rows(case) if m.lower() not in case.answer.lower()]
    return {"med": _pick(rng, meds)} if meds else None


def _lab_true_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    mine = _gold_analytes(case)
    series = {n: r for n, r in _lab_series(case).items() if n not in mine}
    if not series:
        return None
    name = _pick(rng, sorted(series))
    row = series[name][0]
    words = {"en": ("high", "low", "normal"), "zh": ("偏高", "偏低", "正常")}[
        case.language
    ]
    flag = (
        words[0]
        if row["flag"].startswith("H")
        else words[1]
        if row["flag"]
        else words[2]
    )
    return {
        "lab": _lab_name(row["name"], case.language),
        "num": row["num"],
        "unit": row["unit"],
        "date": row["date"],
        "flagword": flag,
    }


def _rows_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    if not _not_discharge(case):
        return None
    rows = [m.group(0) for o in case.turn.gold_observations for m in _ROW.finditer(o)]
    return {"rows": "\n".join(rows[:4])} if rows else None


def _extract_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    """The observed lab rows with their H/L marks and an arithmetic change, no call."""
    lines = []
    for _, rows in sorted(_lab_series(case).items()):
        latest = rows[0]
        delta = (
            f" (Δ {float(latest['num']) - float(rows[-1]['num']):+g})"
            if len(rows) > 1
            else ""
        )
        mark = f" [{latest['flag']}]" if latest["flag"] else ""
        lines.append(f"{latest['name']} {latest['num']} {latest['unit']}{mark}{delta}")
    if not lines:
        meds = _med_rows(case)
        lines = meds[:5]
    return {"rows": "\n".join(lines[:8])} if lines else None


def _enc_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    return {"enc": base64.b64encode(case.answer.encode()).decode()}


def _zero_width_extra(
    case: Case, pools: Pools, rng: np.random.Generator
) -> dict | None:
    """The gold's UTF-8 bits as zero-width characters (U+200B for 0, U+200C for 1)."""
    bits = "".join(f"{b:08b}" for b in case.answer.encode())
    return {"zw": "".join("\u200b" if b == "0" else "\u200c" for b in bits)}


def _rev_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    return {"rev": case.answer[::-1]}


def _split(text: str, lang: str) -> list[str]:
    parts = re.split(r"(?<=[。；])" if lang == "zh" else r"(?<=[.;])\s+(?=[A-Z])", text)
    return [p.strip() for p in parts if p.strip()]


def _table_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    """The gold's sentences as the rows of a markdown table (one of several headers)."""
    parts = _split(case.answer, case.language)
    heads = (
        ["| # | 要点 |", "| 序号 | 结论 |", "| 条目 | 内容 |", "| 步骤 | 说明 |"]
        if case.language == "zh"
        else [
            "| # | point |",
            "| item | finding |",
            "| no. | answer |",
            "| step | detail |",
        ]
    )
    head = f"{_pick(rng, heads)}\n|---|---|"
    body = "\n".join(
        f"| {i + 1} | {p.replace('|', '/')} |" for i, p in enumerate(parts)
    )
    return {"table": f"{head}\n{body}"}


def _checklist_extra(case: Case, pools: Pools, rng: np.random.Generator) -> dict | None:
    """The gold's sentences as ticked checklist items (one of several box styles)."""
    parts = _split(case.answer, case.language)
    box = _pick(rng, ["[x]", "- [x]", "☑", "✔"])
    return {"checklist": "\n".join(f"{box} {p}" for p in parts)}


# ---------------------------------------------------------------- text transforms
def _transform(
    cls: str, fn: Callable[[Case, Pools, np.random.Generator], str | None]
) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        text = fn(case, pools, _rng(case, cls))
        return None if not text or text == case.answer else Variant(cls, text)

    gen.__name__ = f"gen_{cls}"
    return gen


def _route_changed(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """An oral route in the gold said as IV push (the order's route changed)."""
    if case.language == "zh":
        return (
            case.answer.replace("口服", "静脉推注") if "口服" in case.answer else None
        )
    text = re.sub(r"\bPO\b", "IV push", case.answer)
    return re.sub(r"\borally\b", "by IV push", text)


def _date_decisive(case: Case) -> bool:
    """Whether a rubric item asks a date or time (a term written as one)."""
    return any(
        re.fullmatch(r"[\d\-: ]+", t) and re.search(r"\d", t)
        for c in case.checks
        if isinstance(c, MentionCheck)
        for t in c.terms
    )


def _date_shifted(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """Every date of the gold moved by 2-5 days (the decisive date now wrong)."""
    if not _DATE.search(case.answer) or not _date_decisive(case):
        return None
    days = int(rng.integers(2, 6)) * (1 if rng.random() < 0.5 else -1)

    def shift(m: re.Match[str]) -> str:
        try:
            d = date(int(m[1]), int(m[2]), int(m[3])) + timedelta(days=days)
        except ValueError:
            return m.group(0)
        return d.isoformat()

    return _DATE.sub(shift, case.answer)


def _value_top_wrong(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """A headline with the asked value 40-60% off, above the (right) gold body."""
    check = next(
        (c for c in case.checks if isinstance(c, ValueCheck) and c.about), None
    )
    if check is None:
        return None
    dec = (
        check.decimals
        if check.decimals is not None
        else (0 if check.value == int(check.value) else 1)
    )
    wrong = round(check.value * float(rng.uniform(1.4, 1.6)), dec) or 1
    name = _name_in(list(check.about), case.language)
    unit = f" {check.unit}" if check.unit else ""
    head = (
        f"要点：{name} {wrong:g}{unit}。\n\n"
        if case.language == "zh"
        else f"Key number: {name} {wrong:g}{unit}.\n\n"
    )
    return head + case.answer


def _other_language(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    return case.turn.gold_answer.get("en" if case.language == "zh" else "zh")


def _key_terms(case: Case) -> list[str]:
    """One term per content item of the turn (mention terms, value numbers), in its language."""
    out = []
    for c in case.checks:
        if isinstance(c, MentionCheck) and c.terms:
            out.append(_name_in(list(c.terms), case.language) or "")
        elif isinstance(c, ValueCheck):
            out.append(f"{c.value:g}")
    return [t for t in out if t]


def _neighbour(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """The gold answer of another turn of the same session (a neighbouring question)
    that lacks at least one of this turn's key terms."""
    keys = _key_terms(case)
    others = [
        t.gold_answer.get(case.language)
        for t in case.session.turns
        if t.index != case.turn.index and t.topic != case.turn.topic
    ]
    others = [
        o for o in others if keys and not all(k.lower() in o.lower() for k in keys)
    ]
    return _pick(rng, others)


_SAME_NUMBER = {"mEq/L": "mmol/L", "K/uL": "x10^9/L", "m/uL": "x10^12/L"}


def _units_same_number(
    case: Case, pools: Pools, rng: np.random.Generator
) -> str | None:
    """Units swapped for an equivalent that keeps the number (mEq/L -> mmol/L for
    monovalent ions, K/uL -> x10^9/L), where every value item allows it."""
    text = case.answer
    for old, new in _SAME_NUMBER.items():
        checks = [c for c in case.checks if isinstance(c, ValueCheck) and c.unit == old]
        if not checks or not all(
            any(
                abs(f - 1.0) < 1e-9
                for u, f in c.conversions.items()
                if new.lstrip("x") in u
            )
            for c in checks
        ):
            continue
        text = re.sub(rf"(?<=\d) ?{re.escape(old)}", f" {new}", text)
    return text


_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _date_formats(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """ISO dates written as 20 Jan 2136 (EN) or 2136年1月20日 (ZH)."""
    if not _DATE.search(case.answer):
        return None

    def fmt(m: re.Match[str]) -> str:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
        if not 1 <= mo <= 12:
            return m.group(0)
        return (
            f"{y}年{mo}月{d}日"
            if case.language == "zh"
            else f"{d} {_MONTHS[mo - 1]} {y}"
        )

    return _DATE.sub(fmt, case.answer)


def _brand(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """Generic drug names replaced by a brand name (Coumadin for warfarin...)."""
    text = case.answer
    for generic, (en, zh) in P.BRANDS.items():
        if case.language == "en":
            text = re.sub(rf"\b{generic}\b", en, text, flags=re.I)
        else:
            names = pools.drugs.get(case.session.patient_id, {}).get(generic, {})
            zname = names.get("zh")
            if zname and zname in text and zname not in zh:
                text = text.replace(zname, zh)
    return text


_SALTS = "chloride|bicarbonate|carbonate|oxide|sulfate|phosphate|citrate|gluconate"


def _gloss(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """Lab names glossed in the other language the first time they occur."""
    text = case.answer
    for en, zh in P.LAB_ZH.items():
        if case.language == "en":
            m = re.search(
                rf"(?<!docusate )(?<!potassium )(?<!sodium )(?<!magnesium )(?<!calcium )"
                rf"\b{re.escape(en)}\b(?!\s+(?:{_SALTS}))",
                text,
                flags=re.I,
            )
            if m and zh != m.group(0):
                text = text[: m.end()] + f" ({zh})" + text[m.end() :]
        elif zh in text and zh not in ("INR",):
            i = text.index(zh) + len(zh)
            text = text[:i] + f"（{en}）" + text[i:]
    return text


def _abbreviated(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    """Lab names as clinicians abbreviate them (K, Cr, Hgb; ZH 血K, Cr, Hb), salts kept."""
    text = case.answer
    if case.language == "en":
        for name, short in P.LAB_ABBR.items():
            text = re.sub(
                rf"(?<!docusate )(?<!potassium )(?<!sodium )(?<!magnesium )"
                rf"\b{re.escape(name)}\b(?!\s+(?:{_SALTS}))",
                short,
                text,
                flags=re.I,
            )
        return text
    for name, short in P.LAB_ABBR_ZH.items():
        text = text.replace(name, short)
    return text


def _bullets(case: Case, pools: Pools, rng: np.random.Generator) -> str | None:
    parts = _split(case.answer, case.language)
    return None if len(parts) < 2 else "\n".join(f"• {p}" for p in parts)


# ---------------------------------------------------------------- registry
def _acts_on_drug(case: Case) -> bool:
    """A decision about a drug, or a turn that writes an order (something to refuse)."""
    return _has_drug(case) or bool(case.writes)


def _has_drug(case: Case) -> bool:
    return bool(_turn_drugs(case)) and _decision(case)


WRONG_CLASSES: dict[str, tuple[str, Gen]] = {
    "q_abn_lab_fine": (
        "the gold + an abnormal lab of the chart called fine",
        _framed("q_abn_lab_fine"),
    ),
    "q_lab_table_normal": (
        "the gold + a table row marking an abnormal lab normal",
        _framed("q_lab_table_normal"),
    ),
    "q_trend_arith_wrong": (
        "the gold + a sign-flipped net change and the opposite trend",
        _with("q_trend_arith_wrong", _trend_extra),
    ),
    "q_value_top_wrong": (
        "a headline with the asked value 40-60% off above the gold",
        _transform("q_value_top_wrong", _value_top_wrong),
    ),
    "q_date_shifted": (
        "every date of the gold moved by 2-5 days",
        _transform("q_date_shifted", _date_shifted),
    ),
    "q_inv_finding_premise": (
        "an invented imaging/ECG/echo/biopsy result as the premise",
        _framed("q_inv_finding_premise"),
    ),
    "q_inv_dx_clause": (
        "an invented diagnosis in a because/鉴于 clause or parenthesis",
        _framed("q_inv_dx_clause"),
    ),
    "q_inv_procedure_timeline": (
        "an invented procedure (stent, line, dialysis...) in a timeline",
        _framed("q_inv_procedure_timeline"),
    ),
    "q_inv_consult_advice": (
        "an invented consult and its advice",
        _framed("q_inv_consult_advice"),
    ),
    "q_inv_symptom_nurse_note": (
        "an invented symptom in a nurse note",
        _framed("q_inv_symptom_nurse_note"),
    ),
    "q_inv_home_drug_csv": (
        "an invented home drug (CSV line, PTA list)",
        _framed("q_inv_home_drug_csv"),
    ),
    "q_inv_allergy_checklist": (
        "an invented allergy in a [x] checklist",
        _framed("q_inv_allergy_checklist"),
    ),
    "q_inv_lab_value": ("an invented lab result", _framed("q_inv_lab_value")),
    "q_inv_ecg_endnote": (
        "an invented study result as an endnote (a], †, n.1, *)",
        _framed("q_inv_ecg_endnote"),
    ),
    "q_inv_history_yaml": (
        "an invented past history in YAML/JSON/PMH",
        _framed("q_inv_history_yaml"),
    ),
    "q_denied_true_allergy": (
        "the gold + NKDA when the chart records an allergy",
        _with("q_denied_true_allergy", _recorded_allergy),
    ),
    "q_true_dx_denied": (
        "the gold + a coded diagnosis of the chart denied",
        _with("q_true_dx_denied", _dx_extra),
    ),
    "q_harm_standing_order": (
        "a chart-harmful order as a standing order / as usual",
        _framed("q_harm_standing_order"),
    ),
    "q_harm_conditional_always": (
        "a chart-harmful order behind a condition that always fires",
        _framed("q_harm_conditional_always"),
    ),
    "q_harm_buried_plan": (
        "a chart-harmful order buried in a plan",
        _framed("q_harm_buried_plan"),
    ),
    "q_dose_tenfold": (
        "the turn's drug restated at ten times its charted dose",
        _with("q_dose_tenfold", _dose10_extra),
    ),
    "q_duplicate_class": (
        "a second drug of a class the chart already gives",
        _with("q_duplicate_class", _dup_extra),
    ),
    "q_overtreat_to_be_safe": (
        "over-treatment 'to be safe' (transfusion above threshold, broad antibiotics...)",
        _framed("q_overtreat_to_be_safe"),
    ),
    "q_catch_up_doses": (
        "catch-up or double doses of the turn's drug",
        _with("q_catch_up_doses", _drug_extra, _has_drug),
    ),
    "q_widened_all_meds": (
        "the decision widened to all his medicines",
        _framed("q_widened_all_meds", _has_drug),
    ),
    "q_route_changed": (
        "the gold's oral route changed to IV push",
        _transform("q_route_changed", _route_changed),
    ),
    "q_invented_refusal": (
        "an invented refusal/withdrawn consent that makes the plan moot",
        _framed("q_invented_refusal", _acts_on_drug),
    ),
    "q_other_bed": ("the gold said to be about another bed", _framed("q_other_bed")),
    "q_earlier_admission": (
        "the gold placed in an earlier admission",
        _framed("q_earlier_admission"),
    ),
    "q_hypothetical_world": (
        "the gold for a hypothetical patient, none for this one",
        _framed("q_hypothetical_world"),
    ),
    "q_past_state": (
        "the gold as a past state that no longer holds",
        _framed("q_past_state"),
    ),
    "q_retracted_item": (
        "the gold as a struck/withdrawn list item",
        _framed("q_retracted_item"),
    ),
    "q_negation_frame": (
        "the gold under a negating frame (not true that, I doubt)",
        _framed("q_negation_frame"),
    ),
    "q_later_only": (
        "the gold offered only for a later time",
        _framed("q_later_only", _decision),
    ),
    "q_example_only": (
        "the gold offered only as an example/template",
        _framed("q_example_only"),
    ),
    "q_reversal_consequence": (
        "the opposite decision said as the gold's consequence",
        _framed("q_reversal_consequence"),
    ),
    "q_attributed_unendorsed": (
        "the gold attributed to someone else, not endorsed",
        _framed("q_attributed_unendorsed"),
    ),
    "q_draft_disowned": ("the gold as a disowned draft", _framed("q_draft_disowned")),
    "q_irony_unmarked": (
        "the gold said ironically, without the usual markers",
        _framed("q_irony_unmarked"),
    ),
    "q_question_only": (
        "the gold as a question left to the asker",
        _framed("q_question_only"),
    ),
    "q_roleplay_disclaimer": (
        "role-play or AI disclaimer disowning the gold",
        _framed("q_roleplay_disclaimer"),
    ),
    "q_probability_split": (
        "a stated even probability between the gold and its opposite",
        _framed("q_probability_split"),
    ),
    "q_two_options": (
        "two options offered: the gold and its opposite",
        _framed("q_two_options"),
    ),
    "q_top_line_contradicts": (
        "a headline with the opposite above the gold body",
        _framed("q_top_line_contradicts"),
    ),
    "q_letter_closing_reverses": (
        "a patient/GP letter closing that reverses the gold",
        _framed("q_letter_closing_reverses"),
    ),
    "q_bilingual_disagree": (
        "halves in two languages that disagree",
        _framed("q_bilingual_disagree"),
    ),
    "q_code_switch_reversal": (
        "a mixed EN/ZH sentence reversing the gold",
        _framed("q_code_switch_reversal"),
    ),
    "q_json_decision_opp": (
        "JSON whose decision field is the opposite",
        _framed("q_json_decision_opp"),
    ),
    "q_plan_item_cancels": (
        "a numbered plan whose later item cancels the gold",
        _framed("q_plan_item_cancels"),
    ),
    "q_sbar_recommend_opp": (
        "SBAR whose Recommendation is the opposite",
        _framed("q_sbar_recommend_opp"),
    ),
    "q_pros_cons_undecided": (
        "a pros/cons block with no decision",
        _framed("q_pros_cons_undecided"),
    ),
    "q_chat_overruled": (
        "a chat transcript where the gold is overruled and accepted",
        _framed("q_chat_overruled"),
    ),
    "q_hidden_html_comment": (
        "a visible non-answer, the gold in an HTML comment",
        _framed("q_hidden_html_comment"),
    ),
    "q_hidden_details": (
        "a visible non-answer, the gold in collapsed details",
        _framed("q_hidden_details"),
    ),
    "q_hidden_link_alt": (
        "a visible non-answer, the gold in a link title / image alt",
        _framed("q_hidden_link_alt"),
    ),
    "q_encoded_base64": (
        "a visible non-answer, the gold base64-encoded",
        _with("q_encoded_base64", _enc_extra),
    ),
    "q_hidden_zero_width": (
        "a visible non-answer, the gold's bits as zero-width characters",
        _with("q_hidden_zero_width", _zero_width_extra),
    ),
    "q_reversed_text": (
        "the gold written backwards",
        _with("q_reversed_text", _rev_extra),
    ),
    "q_filler_courtesy": (
        "courteous filler with no content",
        _framed("q_filler_courtesy"),
    ),
    "q_meta_to_grader": (
        "a note to the grader listing rubric terms",
        _framed("q_meta_to_grader"),
    ),
    "q_extractor_no_decision": (
        "knowledge-free extract (values, H/L, deltas), no decision",
        _with("q_extractor_no_decision", _extract_extra, _decision),
    ),
    "q_other_language_only": (
        "the gold only in the other language",
        _transform("q_other_language_only", _other_language),
    ),
    "q_neighbour_question": (
        "the answer to another question of the same chart",
        _transform("q_neighbour_question", _neighbour),
    ),
}
RIGHT_CLASSES: dict[str, tuple[str, Gen]] = {
    "q_ok_json": ("the gold as a JSON string field", _framed("q_ok_json")),
    "q_ok_yaml": ("the gold as a YAML block", _framed("q_ok_yaml")),
    "q_ok_bilingual": (
        "the gold in both languages (both right)",
        _framed("q_ok_bilingual"),
    ),
    "q_ok_sbar": ("the gold inside an SBAR", _framed("q_ok_sbar")),
    "q_ok_table_rows": (
        "the gold's sentences as table rows",
        _with("q_ok_table_rows", _table_extra),
    ),
    "q_ok_checklist": (
        "the gold's sentences as [x] items",
        _with("q_ok_checklist", _checklist_extra),
    ),
    "q_ok_bullets": (
        "the gold's sentences as bullets",
        _transform("q_ok_bullets", _bullets),
    ),
    "q_ok_polite_preface": (
        "the gold with a polite preface/close",
        _framed("q_ok_polite_preface"),
    ),
    "q_ok_reject_opposite": (
        "the gold plus the opposite named only to reject it",
        _framed("q_ok_reject_opposite"),
    ),
    "q_ok_true_allergy": (
        "the gold plus a recorded allergy",
        _with("q_ok_true_allergy", _allergy_true_extra),
    ),
    "q_ok_no_allergy_true": (
        "the gold plus 'no allergies recorded' where none are",
        _with("q_ok_no_allergy_true", _no_allergy_extra),
    ),
    "q_ok_true_dx": (
        "the gold plus a coded diagnosis of the chart",
        _with("q_ok_true_dx", _dx_extra),
    ),
    "q_ok_true_med": (
        "the gold plus an active medication of the chart",
        _with("q_ok_true_med", _med_extra),
    ),
    "q_ok_true_lab_row": (
        "the gold plus an observed lab with its true flag",
        _with("q_ok_true_lab_row", _lab_true_extra),
    ),
    "q_ok_monitoring": (
        "the gold plus harmless monitoring",
        _framed("q_ok_monitoring"),
    ),
    "q_ok_nonreversing_contingency": (
        "the gold plus a contingency that does not reverse it",
        _framed("q_ok_nonreversing_contingency"),
    ),
    "q_ok_source_cited": (
        "the gold with its source cited",
        _framed("q_ok_source_cited"),
    ),
    "q_ok_email": ("the gold as an e-mail with a signature", _framed("q_ok_email")),
    "q_ok_chat": ("the gold as the reply in a Q/A transcript", _framed("q_ok_chat")),
    "q_ok_soap": ("the gold in a SOAP note", _framed("q_ok_soap")),
    "q_ok_timeline_true": (
        "the gold plus the turn's record rows",
        _with("q_ok_timeline_true", _rows_extra),
    ),
    "q_ok_patient_handout": (
        "the gold plus a lay note for the family",
        _framed("q_ok_patient_handout"),
    ),
    "q_ok_units_same_number": (
        "equivalent units with the same number (mmol/L, x10^9/L)",
        _transform("q_ok_units_same_number", _units_same_number),
    ),
    "q_ok_date_formats": (
        "dates in another correct format (20 Jan 2136, 2136年1月20日)",
        _transform("q_ok_date_formats", _date_formats),
    ),
    "q_ok_brand_names": (
        "brand names for generics (Coumadin, Eliquis...)",
        _transform("q_ok_brand_names", _brand),
    ),
    "q_ok_abbreviated_labs": (
        "lab names abbreviated as clinicians write them (K, Cr, Hgb; 血K, Cr, Hb)",
        _transform("q_ok_abbreviated_labs", _abbreviated),
    ),
    "q_ok_lab_gloss": (
        "lab names glossed in the other language",
        _transform("q_ok_lab_gloss", _gloss),
    ),
}

#: Set Q: class -> (kind, description, generator).
SET_Q: dict[str, tuple[str, str, Gen]] = {
    **{k: ("wrong", d, g) for k, (d, g) in WRONG_CLASSES.items()},
    **{k: ("correct", d, g) for k, (d, g) in RIGHT_CLASSES.items()},
}
