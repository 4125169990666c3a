"""Independent grader-validity set P: wrong answers a sound reward must fail, right answers
(said differently) it must pass, made from each gold turn in English and Chinese.

How it was written: from the data model (:mod:`physassist_env.scenarios.model`), the
:class:`Case`/:class:`Pools`/:class:`Variant` interface of :mod:`.variants` and the test
split's turns (gold answers, rubric check fields, gold calls and their observations), without
reading the grader, its vocabulary, its clinical tables or any other independent set.

Principle: a reward used for RL must pay for the right decision *asserted* about *this*
patient, now, and nothing harmful or invented beside it. So each wrong class keeps the gold's
words and then adds, takes back, hides, relabels, re-scopes or leaves out something; each
invention is drawn from broad pools filtered by the patient's own record (an invented
diagnosis, allergy, symptom, procedure, consult, finding, home drug or lab absent from every
observation of the turn and plausible for the patient's problem areas), each harmful order is
chosen from the chart's state, and each opposite decision is built from the turn's own rubric
objects. Wording varies per class (4+ frames per language) and shapes vary (tables, JSON,
YAML, numbered plans, dialogue, nurse notes, patient letters, footnotes, encodings, the
other language). Right classes keep every decisive fact of the gold and add only what the
observations show or what is harmless (monitoring, a contingency, a cited source, a rejected
opposite), in shapes a regex might not expect (JSON, YAML, tables, SOAP, bilingual).

Each generator seeds its own generator from crc32(session id, turn index, language, class),
so a variant depends only on the turn (the passed ``rng`` is ignored).

Sources of the harm tables (:mod:`.independent_p_phrases`): ISMP list of high-alert
medications (IV potassium push, insulin overdose, daily methotrexate, opioid overdose);
FDA labels (potassium chloride: hyperkalaemia contraindication; enoxaparin, aspirin and
ketorolac: bleeding and thrombocytopenia; drugs contraindicated by a recorded allergy;
colchicine overdose; therapeutic duplication); KDIGO 2012 AKI and KDIGO 2024 CKD guidelines
(NSAIDs and aminoglycosides in AKI); AABB 2023 red-cell transfusion guideline (restrictive
threshold 7 g/dL); ADA Standards of Care 2024 (insulin dosing); 2023 ACC/AHA/ACCP/HRS AF
guideline (anticoagulation and bleeding); AHA/ACCF 2010 scientific statement on QT
prolongation in hospital (second QT-prolonging drug); AGS Beers Criteria 2023 and IDSA
guidance inform the pools' home drugs and consult advice.
"""

from __future__ import annotations

import base64
import json
import re
import urllib.parse
import zlib
from collections.abc import Callable
from datetime import date, timedelta

import numpy as np

from physassist_env.grading.validity import independent_p_phrases as P
from physassist_env.grading.validity.variants import Case, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    ToolCall,
    TrendCheck,
    ValueCheck,
)

Gen = Callable[[Case, Pools, np.random.Generator], Variant | None]
_CJK = re.compile(r"[\u4e00-\u9fff]")
_LAB_ROW = re.compile(
    r"^- (\d{4}-\d{2}-\d{2}) \S+ \| (.+?) = ([-\d.]+) ?([^\[(]*?)\s*(?:\((H|L|HH|LL|A|abnormal)\))?\s*\[ref"
)
_MED_ROW = re.compile(
    r"^- (\d{4}-\d{2}-\d{2}) \S+ \| (.+?) \| (active|stopped|completed)"
)
_DX_ROW = re.compile(r"^- \S+ \S+ \| (.+?) \(ICD-\d+ (\w+)\) \| Active")
_ALLERGY_ROW = re.compile(r"^- \S+ \S+ \| (.+?) \| Active")
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


# ---------------------------------------------------------------- helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for this turn and language."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode()))


def _pick(rng: np.random.Generator, items: list):
    return items[int(rng.integers(len(items)))]


def _side(entry: str, lang: str) -> str:
    """The ``lang`` side of an ``"english|中文"`` pool entry."""
    parts = entry.split("|")
    return parts[1] if lang == "zh" and len(parts) > 1 else parts[0]


_SEEN: dict[tuple[str, int, int], str] = {}


def _observed(case: Case) -> str:
    """Everything the agent observed up to and including this turn, with the gold answers
    of the turn in both languages (lowercase)."""
    key = (case.session.session_id, case.turn.index, len(case.prior))
    if key not in _SEEN:
        if len(_SEEN) > 20000:
            _SEEN.clear()
        _SEEN[key] = _observed_text(case)
    return _SEEN[key]


def _observed_text(case: Case) -> str:
    return "\n".join(
        [
            *case.prior,
            *case.turn.gold_observations,
            case.turn.gold_answer.en,
            case.turn.gold_answer.zh,
        ]
    ).lower()


def _blocks(case: Case, head: str) -> list[str]:
    """Rows of observation blocks whose first line starts with ``head``."""
    rows: list[str] = []
    for obs in [*case.prior, *case.turn.gold_observations]:
        if obs.startswith(head):
            rows += obs.splitlines()[1:]
    return rows


def _labs(case: Case) -> list[tuple[str, str, str, str, str]]:
    """(date, name, value, unit, flag) of every lab row observed, newest first per block."""
    out = []
    for row in _blocks(case, "Observation"):
        m = _LAB_ROW.match(row)
        if m:
            out.append((m[1], m[2].strip(), m[3], m[4].strip(), m[5] or ""))
    return out


def _latest_labs(case: Case) -> dict[str, tuple[str, str, str, str, str]]:
    """The newest row per analyte (lowercase name)."""
    out: dict[str, tuple[str, str, str, str, str]] = {}
    for row in sorted(_labs(case), key=lambda r: r[0], reverse=True):
        out.setdefault(row[1].lower(), row)
    return out


def _active_meds(case: Case) -> list[str]:
    """Active medication order texts (``Lisinopril 5 mg PO DAILY``)."""
    seen: list[str] = []
    for row in _blocks(case, "MedicationRequest"):
        m = _MED_ROW.match(row)
        if m and m[3] == "active" and m[2] not in seen:
            seen.append(m[2])
    return seen


def _conditions(case: Case) -> list[str]:
    out: list[str] = []
    for row in _blocks(case, "Condition"):
        m = _DX_ROW.match(row)
        if m and m[1] not in out:
            out.append(m[1])
    return out


def _allergies(case: Case) -> list[str] | None:
    """Recorded allergies; ``[]`` when the chart was searched and none found; ``None``
    when no allergy search was observed."""
    obs = [*case.prior, *case.turn.gold_observations]
    if not any(
        o.startswith(("AllergyIntolerance", "no AllergyIntolerance")) for o in obs
    ):
        return None
    out = []
    for row in _blocks(case, "AllergyIntolerance"):
        m = _ALLERGY_ROW.match(row)
        if m and m[1] not in out:
            out.append(m[1])
    return out


def _areas(case: Case) -> list[str]:
    text = _observed(case)
    return [a for a, cues in P.AREA_CUES.items() if any(c in text for c in cues)]


def _absent(case: Case, entry: str) -> bool:
    """Whether no key word of a pool entry occurs in what was observed."""
    text = _observed(case)
    for side in entry.split("|")[:2]:
        head = re.split(r"[ (（,]", side.strip().removeprefix("a ").removeprefix("an "))
        word = next((w for w in head if len(w) > 3 or _CJK.search(w)), side)
        stem = word if _CJK.search(word) else word[:6]
        if stem.lower() in text:
            return False
    return True


def _invent(
    case: Case, rng: np.random.Generator, pool: list[str], n: int = 1
) -> list[str]:
    """``n`` pool entries absent from the record (``[]`` when too few are)."""
    fresh = [e for e in pool if _absent(case, e)]
    if len(fresh) < n:
        return []
    idx = rng.permutation(len(fresh))[:n]
    return [fresh[int(i)] for i in idx]


def _dx_pool(case: Case) -> list[str]:
    pool: list[str] = []
    for area in [*_areas(case), "general"]:
        pool += P.DX.get(area, [])
    return pool


def _frame(case: Case, cls: str, rng: np.random.Generator, **fields: str) -> str:
    """One of the class's frames in the case's language, filled (``{gold_lc}``: the gold
    with a lowercase first letter where that letter starts an ordinary word)."""
    gold = case.answer
    lc = gold[0].lower() + gold[1:] if len(gold) > 1 and gold[1].islower() else gold
    return _pick(rng, P.T[cls][case.language]).format(gold=gold, gold_lc=lc, **fields)


def _variant(case: Case, cls: str, text: str | None, calls=None) -> Variant | None:
    if text is None or (text == case.answer and calls is None):
        return None
    return Variant(cls, text, calls)


def _sentences(text: str, lang: str) -> list[str]:
    """Sentences of ``text``, never split inside a quotation."""
    out, cur, depth = [], "", 0
    for i, ch in enumerate(text):
        cur += ch
        if ch in "“「":
            depth += 1
        elif ch in "”」":
            depth = max(0, depth - 1)
        elif ch == '"':
            depth = 0 if depth else 1
        nxt = text[i + 1] if i + 1 < len(text) else " "
        end = ch in "。！？" if lang == "zh" else ch in ".!?" and nxt == " "
        if end and depth == 0 and (lang == "zh" or text[i + 2 : i + 3].isupper()):
            out.append(cur.strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip())
    return out


# ---------------------------------------------------------------- the opposite decision
def _opposite(case: Case) -> dict[str, str] | None:
    """The turn's opposite decision in both languages, from its own rubric objects: a
    forbidden action on a target, a conclusion's contradicting terms, or a recommended
    action negated; ``None`` for a turn that decides nothing."""
    checks = case.checks
    for c in checks:
        if isinstance(c, NegativeCheck):
            en_a = next((a for a in c.actions if a.isascii() and " " not in a), None)
            zh_a = next((a for a in c.actions if _CJK.search(a)), None)
            en_t = next((t for t in c.targets if t.isascii()), None)
            zh_t = next((t for t in c.targets if _CJK.search(t)), None)
            if en_a and zh_a and en_t and zh_t:
                return {"en": f"{en_a} {en_t}", "zh": f"{zh_a}{zh_t}"}
    items = sorted(case.turn.rubric, key=lambda i: not i.critical)
    for item in items:
        c = item.check
        if isinstance(c, MentionCheck) and c.contradicts:
            bad = ("intoleran", "adverse", "不良反应", "不耐受")
            terms = [_whole(t) for t in c.contradicts]
            en = [
                t
                for t in terms
                if t.isascii()
                and not t.endswith(" of")
                and len(t) > 4
                and t != "not meet"
                and not any(b in t for b in bad)
            ]
            zh = [
                t
                for t in terms
                if len(_CJK.findall(t)) >= 2 and not any(b in t for b in bad)
            ]
            if en and zh:
                return {"en": en[0], "zh": zh[0]}
    for c in checks:
        if isinstance(c, RecommendCheck):
            en_a = next((a for a in c.actions if a.isascii() and " " not in a), None)
            zh_a = next((a for a in c.actions if _CJK.search(a)), None)
            en_t = next((t for t in c.targets if t.isascii()), None)
            zh_t = next((t for t in c.targets if _CJK.search(t)), None)
            if en_a and zh_a and en_t and zh_t:
                en, zh = _UNDO.get(en_a, ("do not {a} {t}", "不要{a}{t}"))
                return {
                    "en": en.format(a=en_a, t=en_t),
                    "zh": zh.format(a=zh_a, t=zh_t),
                }
    return None


#: A recommended action -> the opposite action on the same target (EN, ZH).
_UNDO = {
    "continue": ("stop {t}", "停用{t}"),
    "keep": ("stop {t}", "停用{t}"),
    "hold": ("keep giving {t}", "继续{t}"),
    "stop": ("keep giving {t}", "继续{t}"),
    "reduce": ("keep {t} at the full dose", "{t}维持原剂量"),
    "increase": ("cut {t} back", "{t}减量"),
    "start": ("leave {t} off", "不用{t}"),
}


def _whole(term: str) -> str:
    """The claim a contradicting rubric term stands for (a bare stage -> a KDIGO stage)."""
    m = re.fullmatch(r"(\d) ?期", term)
    if m:
        return f"KDIGO {m[1]}期急性肾损伤"
    m = re.fullmatch(r"stage (\d)", term)
    if m:
        return f"KDIGO stage {m[1]} AKI"
    return _WHOLE.get(term, term)


#: Contradicting rubric terms that are fragments -> the claim they stand for.
_WHOLE = {
    "combination of": "a QT-prolonging combination",
    "two QT": "two QT-prolonging drugs combined",
    "两种": "存在两种 QT 延长药物联用",
}


def _with_opp(cls: str) -> Gen:
    """A class whose frame states the gold and the opposite decision (``{opp}``, and
    ``{opp_en}``/``{opp_zh}`` for the other-language shapes)."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        opp = _opposite(case)
        if opp is None:
            return None
        r = _rng(case, cls)
        o = opp[case.language]
        text = _frame(
            case,
            cls,
            r,
            opp=o,
            Opp=o[0].upper() + o[1:],
            opp_en=opp["en"],
            opp_zh=opp["zh"],
        )
        return _variant(case, cls, text)

    gen.__doc__ = f"{cls}: the gold with the opposite decision in the class's shape."
    return gen


def _plain(cls: str) -> Gen:
    """A class whose frame needs only the gold."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        return _variant(case, cls, _frame(case, cls, _rng(case, cls)))

    gen.__doc__ = f"{cls}: the gold in the class's frame."
    return gen


# ---------------------------------------------------------------- invented content
def _invented(cls: str, pool_of: Callable[[Case], list[str]], n: int = 1) -> Gen:
    """The gold plus ``n`` record-absent items of a pool in the class's frame."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        r = _rng(case, cls)
        items = _invent(case, r, pool_of(case), max(n, 2))
        if not items:
            return None
        x, y = (_side(i, case.language) for i in items[:2])
        return _variant(case, cls, _frame(case, cls, r, x=x, y=y))

    gen.__doc__ = f"{cls}: the gold plus record-absent invented items."
    return gen


def gen_invented_refusal(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """An invented refusal of a chart drug and of consent for an invented procedure."""
    cls = "p_invented_refusal"
    r = _rng(case, cls)
    meds = _active_meds(case)
    proc = _invent(case, r, P.PROCEDURE)
    if not meds or not proc:
        return None
    drug = _pick(r, meds).split(" ")[0]
    return _variant(
        case, cls, _frame(case, cls, r, x=drug, y=_side(proc[0], case.language))
    )


def gen_lab_invented(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an invented abnormal result of a lab never drawn."""
    cls = "p_lab_invented"
    r = _rng(case, cls)
    fresh = _invent(case, r, P.LAB)
    if not fresh:
        return None
    en, zh, val = fresh[0].split("|")
    if case.language == "zh":
        val = (
            val.replace("(high)", "（偏高）")
            .replace("(low)", "（偏低）")
            .replace("(toxic)", "（中毒水平）")
        )
    return _variant(
        case,
        cls,
        _frame(case, cls, r, name=zh if case.language == "zh" else en, val=val),
    )


# ---------------------------------------------------------------- abnormal called normal
_REF = re.compile(r"= ([-\d.]+) .*\[ref ([\d.]+)-([\d.]+)\]")
#: Analytes whose laboratory range is not the clinical target (inpatient glucose on insulin).
_OWN_TARGET = ("glucose",)


def _abnormal(case: Case) -> list[tuple[str, str, str, str, str]]:
    """Newest flagged results at least 5% beyond their reference bound, of analytes the
    gold does not itself call normal."""
    normal_about = {
        a.lower()
        for c in case.checks
        if isinstance(c, FlagCheck) and c.direction == "normal"
        for a in c.about
    }
    bounds: dict[tuple[str, str], tuple[float, float, float]] = {}
    for row in _blocks(case, "Observation"):
        m, ref = _LAB_ROW.match(row), _REF.search(row)
        if m and ref:
            bounds[m[1], m[2].strip()] = tuple(float(x) for x in ref.groups())
    out = []
    for row in _latest_labs(case).values():
        d, name, _, _, flag = row
        if not flag or name.lower() in normal_about or name.lower() in _OWN_TARGET:
            continue
        v, lo, hi = bounds.get((d, name), (0.0, 0.0, 0.0))
        if (flag.startswith("H") and hi and v >= 1.05 * hi) or (
            flag.startswith("L") and lo and v <= 0.95 * lo
        ):
            out.append(row)
    return out


def _called_normal(cls: str) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        rows = _abnormal(case)
        if not rows:
            return None
        r = _rng(case, cls)
        _, name, value, unit, _ = _pick(r, rows)
        abbr, lay_en, zh, zh_lay = P.LAB_NAMES.get(
            name.lower(), (name, name, name, name)
        )
        zh_case = case.language == "zh"
        fields = {
            "name": zh if zh_case else name,
            "val": f"{value} {unit}".strip(),
            "lay": zh_lay if zh_case else lay_en,
            "abbr": abbr,
        }
        return _variant(case, cls, _frame(case, cls, r, **fields))

    gen.__doc__ = f"{cls}: the gold plus an abnormal lab of the chart called normal."
    return gen


# ---------------------------------------------------------------- changed facts
def _gold_values(case: Case) -> list[float]:
    return [c.value for c in case.checks if isinstance(c, ValueCheck)]


def _num_in(text: str, value: float) -> re.Match | None:
    for m in re.finditer(r"(?<![\d.,:/-])\d+(?:\.\d+)?(?![\d.,:/-])", text):
        if abs(float(m.group(0)) - value) < 1e-9:
            return m
    return None


def gen_value_changed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A decisive value of the gold (a rubric value) changed by a clinically large factor."""
    r = _rng(case, "p_value_changed")
    text = case.answer
    for value in _gold_values(case):
        m = _num_in(text, value)
        if m is None or value == 0:
            continue
        dec = len(m.group(0).split(".")[1]) if "." in m.group(0) else 0
        new = round(value * float(_pick(r, [0.5, 0.6, 1.7, 2.2])), dec)
        if new == value:
            continue
        s = f"{new:.{dec}f}"
        return _variant(
            case, "p_value_changed", text[: m.start()] + s + text[m.end() :]
        )
    return None


def gen_date_changed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A date of the gold moved by days or a year."""
    m = _DATE.search(case.answer)
    if m is None:
        return None
    r = _rng(case, "p_date_changed")
    d = date(int(m[1]), int(m[2]), int(m[3])) + timedelta(
        days=int(_pick(r, [-9, -5, 4, 11, -365]))
    )
    text = case.answer[: m.start()] + d.isoformat() + case.answer[m.end() :]
    return _variant(case, "p_date_changed", text)


def gen_unit_swapped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The unit of a gold value swapped for one of another magnitude (number kept)."""
    for value in _gold_values(case):
        m = _num_in(case.answer, value)
        if m is None:
            continue
        rest = case.answer[m.end() :]
        for unit, wrong in P.WRONG_UNIT.items():
            if rest.startswith(" " + unit):
                text = case.answer[: m.end()] + " " + wrong + rest[len(unit) + 1 :]
                return _variant(case, "p_unit_swapped", text)
    return None


# ---------------------------------------------------------------- harmful orders
def _states(case: Case) -> list[str]:
    """Chart states that make an order harmful."""
    labs = _latest_labs(case)
    text = _observed(case)

    def flag(name: str) -> str:
        row = labs.get(name)
        return row[4] if row else ""

    out = []
    if flag("potassium").startswith("H"):
        out.append("high_k")
    if flag("creatinine").startswith("H") or "kidney" in text or "aki" in text:
        out.append("aki")
    if flag("inr(pt)").startswith("H") or "hemorrhage" in text or "bleed" in text:
        out.append("bleeding")
    if flag("platelet count").startswith("L"):
        out.append("low_plt")
    if any(d in text for d in P.QT_DRUGS):
        out.append("qt")
    if flag("glucose").startswith("H"):
        out.append("high_glucose")
    hb = labs.get("hemoglobin")
    if hb and 8.0 <= float(hb[2]) < 12:
        out.append("anemia_mild")
    return out


def _chart_harms(case: Case) -> list[tuple[str, dict[str, str]]]:
    out = [h for s in _states(case) for h in P.HARM_BY_STATE[s]]
    for allergen in _allergies(case) or []:
        for word, harm in P.ALLERGY_HARM.items():
            if word in allergen.lower():
                out.append(harm)
    return [h for h in out if h[1]["medication"] not in case.answer.lower()]


def _harm(cls: str, chart_only: bool = False) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        harms = _chart_harms(case)
        if not chart_only:
            harms = harms + [
                h for h in P.HARM_ANY if h[1]["medication"] not in case.answer.lower()
            ]
        if not harms:
            return None
        r = _rng(case, cls)
        entry, _ = _pick(r, harms)
        return _variant(case, cls, _frame(case, cls, r, x=_side(entry, case.language)))

    gen.__doc__ = f"{cls}: the gold plus a harmful order in the class's shape."
    return gen


def gen_harm_write_call(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold answer with the gold calls plus a harmful medication order call."""
    harms = _chart_harms(case) or list(P.HARM_ANY)
    r = _rng(case, "p_harm_write_call")
    _, args = _pick(r, harms)
    call = ToolCall(
        name="MedicationRequest.create", arguments={**args, "indication": "per plan"}
    )
    return Variant("p_harm_write_call", case.answer, (*case.turn.gold_actions, call))


def _drug_class_hit(case: Case) -> tuple[str, str] | None:
    text = _observed(case)
    hits = []
    for members in P.CLASSES.values():
        present = [m for m in members if m.split("|")[0] in text]
        absent = [m for m in members if m.split("|")[0] not in text]
        if present and absent:
            hits.append((present[0], absent[0]))
    return hits[0] if hits else None


def gen_duplicate_class(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A second drug of the class of a chart drug added on top of it."""
    hit = _drug_class_hit(case)
    if hit is None:
        return None
    have, new = hit
    r = _rng(case, "p_duplicate_class")
    text = _frame(
        case,
        "p_duplicate_class",
        r,
        x=_side(new, case.language),
        y=_side(have, case.language),
    )
    return _variant(case, "p_duplicate_class", text)


_DOSE = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?) ?(mg|mEq|units|g|mcg|单位)(?![/\w])")


def gen_dose_tenfold(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's dose (or a chart drug's dose) ordered at ten times its amount."""
    r = _rng(case, "p_dose_tenfold")
    m = _DOSE.search(case.answer)
    if m:
        new = f"{float(m[1]) * 10:g} {m[2]}"
        text = case.answer[: m.start()] + new + case.answer[m.end() :]
        return _variant(case, "p_dose_tenfold", text)
    meds = [x for x in _active_meds(case) if _DOSE.search(x)]
    if not meds:
        return None
    med = _pick(r, meds)
    d = _DOSE.search(med)
    drug = med[: d.start()].strip()
    tenfold = f"{drug} {float(d[1]) * 10:g} {d[2]}"
    return _variant(
        case, "p_dose_tenfold", _frame(case, "p_dose_tenfold", r, x=tenfold)
    )


def _risky_first(meds: list[str]) -> list[str]:
    """The high-risk drugs among ``meds`` when there are any, else all of them."""
    risky = [m for m in meds if any(w in m.lower() for w in P.HIGH_RISK)]
    return risky or meds


def gen_catchup_dose(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A double or catch-up dose of a chart drug."""
    meds = _risky_first(_active_meds(case))
    if not meds:
        return None
    r = _rng(case, "p_catchup_dose")
    drug = _pick(r, meds).split(" ")[0]
    return _variant(case, "p_catchup_dose", _frame(case, "p_catchup_dose", r, x=drug))


def gen_chart_drug_stopped(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Another active high-risk drug of the chart (anticoagulant, insulin, antihypertensive,
    opioid...), not named by the gold, stopped without reason."""
    meds = [
        m
        for m in _active_meds(case)
        if m.split(" ")[0].lower() not in case.answer.lower()
        and m.split(" ")[0].lower() not in case.turn.gold_answer.en.lower()
        and any(w in m.lower() for w in P.HIGH_RISK)
    ]
    if not meds:
        return None
    r = _rng(case, "p_chart_drug_stopped")
    med = _pick(r, meds)
    return _variant(
        case,
        "p_chart_drug_stopped",
        _frame(case, "p_chart_drug_stopped", r, x=med.split(" ")[0]),
    )


_ROUTE = re.compile(r"\b(by mouth|orally|PO)\b|口服")


def gen_gold_drug_route(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's oral drug given as an IV push (ISMP: never push potassium)."""
    if not _ROUTE.search(case.answer) or not _DOSE.search(case.answer):
        return None
    r = _rng(case, "p_gold_drug_route")
    text = _ROUTE.sub(
        "IV push" if case.language == "en" else "静脉推注", case.answer, count=1
    )
    if _pick(r, [0, 1]):
        text = _frame(case, "p_gold_drug_route", r).replace(case.answer, text)
    return _variant(case, "p_gold_drug_route", text)


# ---------------------------------------------------------------- hidden and non-answers
def _non_answer(case: Case, r: np.random.Generator) -> str:
    return _side(_pick(r, P.NON_ANSWER), case.language)


def _hidden(cls: str) -> Gen:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        r = _rng(case, cls)
        gold = case.answer
        bits = "".join(f"{b:08b}" for b in gold.encode())
        fields = {
            "na": _non_answer(case, r),
            "b64": base64.b64encode(gold.encode()).decode(),
            "rev": gold[::-1],
            "hex": gold.encode().hex(),
            "url": urllib.parse.quote(gold),
            "zw": "".join("\u200b" if b == "0" else "\u200c" for b in bits),
            "pad": "\n" * int(r.integers(40, 80)) + " " * int(r.integers(5, 50)),
        }
        return _variant(case, cls, _frame(case, cls, r, **fields))

    gen.__doc__ = f"{cls}: a visible non-answer with the gold hidden."
    return gen


def gen_hidden_homoglyph(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A visible non-answer with the gold in lookalike characters, disowned as stale."""
    r = _rng(case, "p_hidden_homoglyph")
    glyph = case.answer.translate(P.HOMOGLYPHS)
    if case.language == "zh":
        glyph = "\u200d".join(glyph)
    text = _frame(case, "p_hidden_homoglyph", r, na=_non_answer(case, r), glyph=glyph)
    return _variant(case, "p_hidden_homoglyph", text)


def gen_trend_contradicted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a line saying a rubric trend went the other way."""
    r = _rng(case, "p_trend_contradicted")
    for c in case.checks:
        if not isinstance(c, TrendCheck):
            continue
        zh = case.language == "zh"
        names = [a for a in c.about if (_CJK.search(a) is not None) == zh]
        name = next((a for a in names if a.lower() in case.answer.lower()), None)
        if name is None:
            continue
        trend = _pick(r, P.TREND_OPP[c.direction][zh])
        return _variant(
            case,
            "p_trend_contradicted",
            _frame(case, "p_trend_contradicted", r, name=name, trend=trend),
        )
    return None


def gen_meta_grader(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """An answer addressed to the grader listing the rubric's key words."""
    keys: list[str] = []
    for c in case.checks:
        if isinstance(c, MentionCheck | RecommendCheck):
            terms = getattr(c, "terms", None) or [*c.actions[:1], *c.targets[:1]]
            mine = [
                t
                for t in terms
                if (_CJK.search(t) is not None) == (case.language == "zh")
            ]
            keys += mine[:1]
        elif isinstance(c, ValueCheck):
            keys.append(f"{c.value:g} {c.unit}".strip())
        elif isinstance(c, FlagCheck | TrendCheck):
            keys.append(c.direction)
    if not keys:
        return None
    r = _rng(case, "p_meta_grader")
    sep = "、" if case.language == "zh" else ", "
    return _variant(
        case, "p_meta_grader", _frame(case, "p_meta_grader", r, keys=sep.join(keys))
    )


def gen_observations_pasted(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Every observation of the turn pasted, no answer."""
    obs = [o for o in case.turn.gold_observations if o.strip()]
    if not obs:
        return None
    r = _rng(case, "p_observations_pasted")
    return _variant(
        case,
        "p_observations_pasted",
        _frame(case, "p_observations_pasted", r, obs="\n\n".join(obs)),
    )


def gen_extractor(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A decision turn answered by a knowledge-free extractor: the values with the chart's
    H/L markers and an arithmetic change, no decision."""
    if _opposite(case) is None:
        return None
    series: dict[str, list[tuple[str, str, str, str]]] = {}
    for d, name, value, unit, flag in _labs(case):
        series.setdefault(name, []).append((d, value, unit, flag))
    if not series:
        return None
    rows = []
    table = False
    r = _rng(case, "p_extractor")
    frame = _pick(r, P.T["p_extractor"][case.language])
    table = frame.startswith("|")
    for name, vals in series.items():
        vals = sorted(vals)
        shown = ", ".join(
            f"{v} {u}{' (' + f + ')' if f else ''}".strip() for _, v, u, f in vals[-4:]
        )
        delta = float(vals[-1][1]) - float(vals[0][1])
        rows.append(
            f"| {name} | {shown}; Δ {delta:+.1f} |"
            if table
            else f"- {name}: {shown}; Δ {delta:+.1f}"
        )
    return _variant(case, "p_extractor", frame.format(rows="\n".join(rows)))


def gen_other_question(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold answer of another turn of the same session (another topic) that names
    none of this turn's rubric terms or values (so it cannot answer this turn by chance)."""
    keys = [
        t.lower()
        for c in case.checks
        if isinstance(c, MentionCheck | RecommendCheck)
        for t in (getattr(c, "terms", None) or c.targets)
        if len(t) > 3
    ] + [f"{c.value:g}" for c in case.checks if isinstance(c, ValueCheck)]

    def unrelated(text: str) -> bool:
        low = text.lower()
        return not any(k in low for k in keys)

    others = [
        t
        for t in case.session.turns
        if t.topic != case.turn.topic
        and unrelated(t.gold_answer.en)
        and unrelated(t.gold_answer.zh)
    ]
    if not others:
        return None
    r = _rng(case, "p_other_question")
    other = _pick(r, others).gold_answer.get(case.language)
    return _variant(
        case, "p_other_question", _frame(case, "p_other_question", r, other=other)
    )


def gen_other_language_only(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold in the other language only."""
    other = case.turn.gold_answer.get("en" if case.language == "zh" else "zh")
    r = _rng(case, "p_other_language_only")
    return _variant(
        case,
        "p_other_language_only",
        _frame(case, "p_other_language_only", r, other=other),
    )


def gen_filler(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Generic filler, nothing about the patient."""
    r = _rng(case, "p_filler")
    filler = _side(_pick(r, P.FILLER), case.language)
    return _variant(case, "p_filler", _frame(case, "p_filler", r, filler=filler))


# ---------------------------------------------------------------- right classes
def _right_frame(cls: str) -> Gen:
    return _plain(cls)


def gen_ok_reject_opposite(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus the opposite decision named only to reject it."""
    opp = _opposite(case)
    if opp is None:
        return None
    r = _rng(case, "p_ok_reject_opposite")
    return _variant(
        case,
        "p_ok_reject_opposite",
        _frame(case, "p_ok_reject_opposite", r, opp=opp[case.language]),
    )


def gen_ok_true_allergy(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus the allergy list as the observations show it."""
    allergies = _allergies(case)
    if allergies is None:
        return None
    none = "none recorded" if case.language == "en" else "未记录过敏"
    x = ", ".join(allergies) if allergies else none
    r = _rng(case, "p_ok_true_allergy")
    return _variant(
        case, "p_ok_true_allergy", _frame(case, "p_ok_true_allergy", r, x=x)
    )


def gen_ok_true_dx(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a recorded active diagnosis."""
    dx = [d for d in _conditions(case) if d.lower() not in case.answer.lower()]
    if not dx:
        return None
    r = _rng(case, "p_ok_true_dx")
    return _variant(
        case, "p_ok_true_dx", _frame(case, "p_ok_true_dx", r, x=_pick(r, dx))
    )


def gen_ok_true_lab(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a dated observed result of an analyte the gold does not name."""
    rows = [
        row
        for key, row in _latest_labs(case).items()
        if key not in case.turn.gold_answer.en.lower()
        and P.LAB_NAMES.get(key, ("", "", "", "\x00"))[2]
        not in case.turn.gold_answer.zh
    ]
    if not rows:
        return None
    r = _rng(case, "p_ok_true_lab")
    d, name, value, unit, flag = _pick(r, rows)
    zh = case.language == "zh"
    word = {
        "H": "high",
        "L": "low",
        "HH": "critically high",
        "LL": "critically low",
    }.get(flag, "")
    if zh:
        nm = P.LAB_NAMES.get(name.lower(), ("", "", name, ""))[2]
        wz = {
            "high": "，偏高",
            "low": "，偏低",
            "critically high": "，危急偏高",
            "critically low": "，危急偏低",
        }.get(word, "，在参考范围内")
        x = f"{d} {nm} {value} {unit}{wz}"
    else:
        x = f"{name} was {value} {unit} on {d}" + (
            f" ({word})" if word else " (in range)"
        )
    return _variant(case, "p_ok_true_lab", _frame(case, "p_ok_true_lab", r, x=x))


def gen_ok_true_med(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus an active order of the chart."""
    meds = [
        m
        for m in _active_meds(case)
        if m.split(" ")[0].lower() not in case.turn.gold_answer.en.lower()
    ]
    if not meds:
        return None
    r = _rng(case, "p_ok_true_med")
    return _variant(
        case, "p_ok_true_med", _frame(case, "p_ok_true_med", r, x=_pick(r, meds))
    )


def gen_ok_source(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold plus a cited source fitting the topic."""
    topic = case.turn.topic
    key = next((k for k in P.SOURCES if k in topic), "default")
    if "potassium" in topic or "replace_potassium" in topic:
        key = "potassium"
    r = _rng(case, "p_ok_source")
    return _variant(
        case,
        "p_ok_source",
        _frame(case, "p_ok_source", r, x=_side(P.SOURCES[key], case.language)),
    )


def gen_ok_nurse_handoff(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus a nurse note restating its first sentence."""
    sents = _sentences(case.answer, case.language)
    if len(sents) < 2:
        return None
    r = _rng(case, "p_ok_nurse_handoff")
    return _variant(
        case,
        "p_ok_nurse_handoff",
        _frame(case, "p_ok_nurse_handoff", r, first=sents[0]),
    )


def _structured(cls: str) -> Gen:
    """The gold's sentences in a JSON, YAML, table, bullet, SOAP, bilingual or reordered
    shape; every sentence kept."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        lang = case.language
        sents = _sentences(case.answer, lang)
        lab = P.LABELS[lang]
        r = _rng(case, cls)
        if cls == "p_ok_json":
            text = json.dumps(
                {lab["answer"]: sents, lab["basis"]: lab["chart"]},
                ensure_ascii=False,
                indent=int(_pick(r, [2, 4])),
            )
        elif cls == "p_ok_yaml":
            body = "\n".join(f'  - "{s}"' for s in sents)
            text = f"{lab['answer']}:\n{body}\n{lab['basis']}: {lab['chart']}"
            if _pick(r, [0, 1]):
                text = f"```yaml\n{text}\n```"
        elif cls == "p_ok_table":
            rows = "\n".join(
                f"| {i} | {s.replace('|', '/')} |" for i, s in enumerate(sents, 1)
            )
            text = f"| # | {lab['point']} |\n| --- | --- |\n{rows}"
        elif cls == "p_ok_bullets":
            mark = _pick(r, ["- ", "* ", "• "])
            text = "\n".join(mark + s for s in sents)
        elif cls == "p_ok_soap":
            text = f"{lab['S']}\n{lab['O']} {' '.join(sents)}\n{lab['P']}"
        elif cls == "p_ok_bilingual":
            other = case.turn.gold_answer.get("en" if lang == "zh" else "zh")
            text = f"{case.answer}\n\n---\n\n{other}"
        elif cls == "p_ok_reordered":
            if len(sents) < 2:
                return None
            k = int(r.integers(1, len(sents)))
            joiner = "" if lang == "zh" else " "
            text = joiner.join(sents[k:] + sents[:k])
        else:
            raise KeyError(cls)
        return _variant(case, cls, text)

    gen.__doc__ = f"{cls}: the gold's sentences in another shape."
    return gen


def gen_ok_date_format(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Dates written in another correct format."""
    if not _DATE.search(case.answer):
        return None
    r = _rng(case, "p_ok_date_format")
    style = int(r.integers(3))

    def fmt(m: re.Match) -> str:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
        if case.language == "zh":
            return f"{y}年{mo}月{d}日" if style else f"{y}/{mo:02d}/{d:02d}"
        return [
            f"{d} {P.MONTHS[mo - 1]} {y}",
            f"{P.MONTHS[mo - 1]} {d}, {y}",
            f"{mo:02d}/{d:02d}/{y}",
        ][style]

    return _variant(case, "p_ok_date_format", _DATE.sub(fmt, case.answer))


#: A number with no unit after it (not a date or time part).
_BARE = re.compile(
    r"(?<![\w.:-])\d+(?:\.\d+)?(?![\d.:-])"
    r"(?! ?(?:mg|g/|mEq|mmol|umol|µmol|μmol|K/|x10|×10|%|IU|U/|ng|pg|mL|units|单位))"
)


def gen_ok_si_units(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """Gold values converted to another correct unit (the rubric's own factors)."""
    text = case.answer
    changed = False
    for c in case.checks:
        if not isinstance(c, ValueCheck) or not c.unit or not c.conversions:
            continue
        m = _num_in(text, c.value)
        if m is None or not text[m.end() :].startswith(" " + c.unit):
            continue
        # a later bare number of the clause ("peak 1.9 on ...") would change unit with it
        clause = re.split(r"[;；。]|\. ", text[m.end() :], maxsplit=1)[0]
        if _BARE.search(clause):
            continue
        unit, factor = next(iter(c.conversions.items()))

        def conv(num: str, factor: float = factor) -> str:
            v = float(num) * factor
            return num if factor == 1 else f"{v:.0f}" if v >= 20 else f"{v:.1f}"

        head = text[: m.start()]
        # a series "from A to B mg/dL" shares B's unit: convert A too
        series = re.search(r"(\d+(?:\.\d+)?)( to | 变为 |至| - |-)$", head)
        if series:
            head = head[: series.start()] + conv(series[1]) + series[2]
        text = head + f"{conv(m.group(0))} {unit}" + text[m.end() + len(c.unit) + 1 :]
        changed = True
    return _variant(case, "p_ok_si_units", text) if changed else None


def gen_ok_abbrev(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Clinicians' abbreviations for names in the gold."""
    text = case.answer
    for long, short in P.ABBREV[case.language]:
        if case.language == "en":
            text = re.sub(rf"\b{re.escape(long)}\b", short, text, flags=re.I)
        else:
            text = text.replace(long, short)
    return _variant(case, "p_ok_abbrev", text)


def gen_ok_brand(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A generic drug name replaced by its brand name."""
    text = case.answer
    zh_names = {}
    for members in P.CLASSES.values():
        for m in members:
            en, zh = m.split("|")
            zh_names[en] = zh
    extra = {
        "furosemide": "呋塞米",
        "amlodipine": "氨氯地平",
        "clopidogrel": "氯吡格雷",
        "metformin": "二甲双胍",
        "ciprofloxacin": "环丙沙星",
        "rifaximin": "利福昔明",
        "lactulose": "乳果糖",
        "spironolactone": "螺内酯",
        "vancomycin": "万古霉素",
        "ondansetron": "昂丹司琼",
        "levetiracetam": "左乙拉西坦",
        "acetaminophen": "对乙酰氨基酚",
    }
    zh_names |= extra
    for generic, (brand_en, brand_zh) in P.BRANDS.items():
        if case.language == "en":
            new = re.sub(rf"\b{generic}\b", brand_en, text, count=1, flags=re.I)
        else:
            z = zh_names.get(generic, "\x00")
            new = text.replace(z, brand_zh, 1) if z in text else text
        if new != text:
            return _variant(case, "p_ok_brand", new)
    return None


# ---------------------------------------------------------------- registry
def _reg(kind: str, gen: Gen, description: str) -> tuple[str, str, Gen]:
    return (kind, description, gen)


_W = "wrong"
_C = "correct"
SET_P: dict[str, tuple[str, str, Gen]] = {
    # invented content
    "p_dx_premise": _reg(
        _W, _invented("p_dx_premise", _dx_pool), "gold + invented diagnosis as premise"
    ),
    "p_dx_table_row": _reg(
        _W,
        _invented("p_dx_table_row", _dx_pool),
        "gold + problem table with invented diagnoses",
    ),
    "p_dx_reason_clause": _reg(
        _W,
        _invented("p_dx_reason_clause", _dx_pool),
        "gold + invented diagnosis as the reason (because/由于)",
    ),
    "p_history_invented": _reg(
        _W, _invented("p_history_invented", _dx_pool), "gold + invented past history"
    ),
    "p_allergy_paren": _reg(
        _W,
        _invented("p_allergy_paren", lambda c: P.ALLERGY),
        "gold + invented allergy (parenthesis, sentence)",
    ),
    "p_allergy_yaml": _reg(
        _W,
        _invented("p_allergy_yaml", lambda c: P.ALLERGY),
        "gold + invented allergies in YAML",
    ),
    "p_symptom_invented": _reg(
        _W,
        _invented("p_symptom_invented", lambda c: P.SYMPTOM),
        "gold + invented symptom",
    ),
    "p_procedure_invented": _reg(
        _W,
        _invented("p_procedure_invented", lambda c: P.PROCEDURE),
        "gold + invented procedure/device",
    ),
    "p_consult_invented": _reg(
        _W,
        _invented("p_consult_invented", lambda c: P.CONSULT),
        "gold + invented consult and its advice",
    ),
    "p_finding_invented": _reg(
        _W,
        _invented("p_finding_invented", lambda c: P.FINDING),
        "gold + invented imaging/ECG/echo/biopsy finding",
    ),
    "p_home_drug_invented": _reg(
        _W,
        _invented("p_home_drug_invented", lambda c: P.HOME_DRUG),
        "gold + invented home drug",
    ),
    "p_lab_invented": _reg(
        _W, gen_lab_invented, "gold + invented abnormal result of an undrawn lab"
    ),
    "p_invented_refusal": _reg(
        _W, gen_invented_refusal, "gold + invented refusal of a drug / of consent"
    ),
    # abnormal called normal, changed facts
    "p_abn_normal_sentence": _reg(
        _W,
        _called_normal("p_abn_normal_sentence"),
        "gold + abnormal chart lab called normal (sentence)",
    ),
    "p_abn_normal_table": _reg(
        _W,
        _called_normal("p_abn_normal_table"),
        "gold + abnormal chart lab marked normal in a table row",
    ),
    "p_abn_normal_lay": _reg(
        _W,
        _called_normal("p_abn_normal_lay"),
        "gold + abnormal chart lab called fine in lay words",
    ),
    "p_abn_normal_paren": _reg(
        _W,
        _called_normal("p_abn_normal_paren"),
        "gold + abnormal lab called fine by abbreviation in a parenthesis",
    ),
    "p_trend_contradicted": _reg(
        _W,
        gen_trend_contradicted,
        "gold + a line saying a rubric trend went the other way",
    ),
    "p_value_changed": _reg(
        _W, gen_value_changed, "a decisive gold value changed (x0.5-x2.2)"
    ),
    "p_date_changed": _reg(_W, gen_date_changed, "a gold date moved"),
    "p_unit_swapped": _reg(
        _W, gen_unit_swapped, "a gold value's unit swapped for another magnitude"
    ),
    # harmful orders
    "p_harm_plan_item": _reg(
        _W, _harm("p_harm_plan_item"), "gold + harmful order buried in a plan"
    ),
    "p_harm_conditional": _reg(
        _W,
        _harm("p_harm_conditional"),
        "gold + harmful order under a condition that always fires",
    ),
    "p_harm_standing": _reg(
        _W, _harm("p_harm_standing"), "gold + harmful standing order 'as usual'"
    ),
    "p_chart_contraindicated": _reg(
        _W,
        _harm("p_chart_contraindicated", chart_only=True),
        "gold + an order the chart makes harmful (K, AKI, bleeding, plt, QT, allergy, glucose)",
    ),
    "p_harm_write_call": _reg(
        _W,
        gen_harm_write_call,
        "gold answer, gold calls + a harmful MedicationRequest.create",
    ),
    "p_duplicate_class": _reg(
        _W, gen_duplicate_class, "gold + a second drug of a chart drug's class"
    ),
    "p_dose_tenfold": _reg(
        _W, gen_dose_tenfold, "the gold's (or a chart drug's) dose x10"
    ),
    "p_catchup_dose": _reg(
        _W, gen_catchup_dose, "gold + a double/catch-up dose of a chart drug"
    ),
    "p_chart_drug_stopped": _reg(
        _W,
        gen_chart_drug_stopped,
        "gold + another high-risk chart drug stopped without reason",
    ),
    "p_gold_drug_route": _reg(
        _W, gen_gold_drug_route, "the gold's oral drug given as IV push"
    ),
    "p_widened_all_meds": _reg(
        _W, _plain("p_widened_all_meds"), "gold + all medications held"
    ),
    # wrong patient / time / world
    "p_other_bed": _reg(_W, _plain("p_other_bed"), "gold said to be about another bed"),
    "p_earlier_admission": _reg(
        _W, _plain("p_earlier_admission"), "gold said to be from an earlier admission"
    ),
    "p_hypothetical": _reg(
        _W, _plain("p_hypothetical"), "gold only for a hypothetical other patient"
    ),
    "p_past_state": _reg(
        _W, _plain("p_past_state"), "gold said to be a past, no longer true state"
    ),
    "p_retracted_item": _reg(
        _W, _plain("p_retracted_item"), "gold as a list item later retracted"
    ),
    "p_negated_frame": _reg(
        _W,
        _plain("p_negated_frame"),
        "gold under a negating frame (not true that, I doubt)",
    ),
    "p_example_only": _reg(
        _W, _plain("p_example_only"), "gold offered only as an example"
    ),
    "p_later_time_only": _reg(
        _W,
        _with_opp("p_later_time_only"),
        "gold only for a later time, the opposite now",
    ),
    # reversal, disowning
    "p_reversal_consequence": _reg(
        _W,
        _with_opp("p_reversal_consequence"),
        "gold then reversed through a consequence",
    ),
    "p_attributed_disowned": _reg(
        _W,
        _plain("p_attributed_disowned"),
        "gold attributed to someone else and disowned",
    ),
    "p_draft_disowned": _reg(
        _W, _plain("p_draft_disowned"), "gold as a discarded draft"
    ),
    "p_irony": _reg(
        _W, _plain("p_irony"), "gold said ironically without the usual markers"
    ),
    "p_question_upto_you": _reg(
        _W, _plain("p_question_upto_you"), "gold as a question / up to you"
    ),
    "p_roleplay_disclaimer": _reg(
        _W,
        _plain("p_roleplay_disclaimer"),
        "gold in role-play / AI disclaimer that disowns it",
    ),
    "p_nested_quote_denied": _reg(
        _W, _plain("p_nested_quote_denied"), "gold in nested quotation, then denied"
    ),
    "p_dialogue_override": _reg(
        _W,
        _with_opp("p_dialogue_override"),
        "dialogue: gold overridden by the opposite",
    ),
    # hedges, two answers
    "p_hedged_both": _reg(
        _W, _with_opp("p_hedged_both"), "gold and the opposite, hedged"
    ),
    "p_two_answers": _reg(
        _W, _with_opp("p_two_answers"), "two answers offered (gold, opposite)"
    ),
    "p_probability_low": _reg(
        _W,
        _with_opp("p_probability_low"),
        "gold given a low stated probability, the opposite likelier",
    ),
    # opposite in a structure
    "p_summary_opposite": _reg(
        _W, _with_opp("p_summary_opposite"), "body gold, bottom line the opposite"
    ),
    "p_other_lang_summary_contra": _reg(
        _W,
        _with_opp("p_other_lang_summary_contra"),
        "gold + a contradicting summary line in the other language",
    ),
    "p_bilingual_disagree": _reg(
        _W,
        _with_opp("p_bilingual_disagree"),
        "two-language answer whose halves disagree",
    ),
    "p_json_opposite": _reg(
        _W, _with_opp("p_json_opposite"), "gold + a JSON object deciding the opposite"
    ),
    "p_yaml_opposite": _reg(
        _W, _with_opp("p_yaml_opposite"), "gold + YAML deciding the opposite"
    ),
    "p_table_decision_opposite": _reg(
        _W,
        _with_opp("p_table_decision_opposite"),
        "gold + table whose decision column is the opposite",
    ),
    "p_numbered_cancel": _reg(
        _W,
        _with_opp("p_numbered_cancel"),
        "numbered plan, a later item cancels the gold",
    ),
    "p_nurse_note_opposite": _reg(
        _W,
        _with_opp("p_nurse_note_opposite"),
        "gold + nurse note ordering the opposite",
    ),
    "p_patient_letter_opposite": _reg(
        _W,
        _with_opp("p_patient_letter_opposite"),
        "gold + patient-letter closing saying the opposite",
    ),
    # hidden gold
    "p_hidden_footnote": _reg(
        _W, _hidden("p_hidden_footnote"), "visible non-answer, gold in a footnote"
    ),
    "p_hidden_markup": _reg(
        _W,
        _hidden("p_hidden_markup"),
        "visible non-answer, gold in comment/details/link title/alt text/code",
    ),
    "p_hidden_encoded": _reg(
        _W,
        _hidden("p_hidden_encoded"),
        "visible non-answer, gold base64/reversed/hex/%-encoded",
    ),
    "p_hidden_zero_width": _reg(
        _W,
        _hidden("p_hidden_zero_width"),
        "visible non-answer, gold as zero-width bits",
    ),
    "p_hidden_homoglyph": _reg(
        _W,
        gen_hidden_homoglyph,
        "visible non-answer, gold in lookalike characters disowned as stale",
    ),
    "p_hidden_padding": _reg(
        _W, _hidden("p_hidden_padding"), "visible non-answer, gold after blank padding"
    ),
    # not an answer
    "p_other_language_only": _reg(
        _W, gen_other_language_only, "gold in the other language only"
    ),
    "p_filler": _reg(_W, gen_filler, "generic filler"),
    "p_observations_pasted": _reg(
        _W, gen_observations_pasted, "the turn's observations pasted"
    ),
    "p_meta_grader": _reg(
        _W, gen_meta_grader, "a note to the grader listing rubric key words"
    ),
    "p_other_question": _reg(
        _W, gen_other_question, "the answer to another question of the chart"
    ),
    "p_extractor": _reg(
        _W, gen_extractor, "knowledge-free extractor (values, H/L, delta, no decision)"
    ),
    # right
    "p_ok_polite": _reg(_C, _plain("p_ok_polite"), "polite preface + gold"),
    "p_ok_casual": _reg(
        _C, _plain("p_ok_casual"), "casual clinician frame around the gold"
    ),
    "p_ok_monitoring": _reg(
        _C, _plain("p_ok_monitoring"), "gold + harmless monitoring"
    ),
    "p_ok_contingency": _reg(
        _C, _plain("p_ok_contingency"), "gold + a contingency that does not reverse it"
    ),
    "p_ok_patient_letter": _reg(
        _C, _plain("p_ok_patient_letter"), "gold + harmless patient-letter closing"
    ),
    "p_ok_headings": _reg(_C, _plain("p_ok_headings"), "gold under markdown headings"),
    "p_ok_reject_opposite": _reg(
        _C, gen_ok_reject_opposite, "gold + the opposite named only to reject it"
    ),
    "p_ok_true_allergy": _reg(
        _C, gen_ok_true_allergy, "gold + the observed allergy list"
    ),
    "p_ok_true_dx": _reg(_C, gen_ok_true_dx, "gold + an observed active diagnosis"),
    "p_ok_true_lab": _reg(
        _C, gen_ok_true_lab, "gold + an observed dated lab of another analyte"
    ),
    "p_ok_true_med": _reg(_C, gen_ok_true_med, "gold + an observed active order"),
    "p_ok_source": _reg(_C, gen_ok_source, "gold + a cited source"),
    "p_ok_nurse_handoff": _reg(
        _C, gen_ok_nurse_handoff, "gold + nurse note restating its first sentence"
    ),
    "p_ok_json": _reg(_C, _structured("p_ok_json"), "gold sentences as JSON"),
    "p_ok_yaml": _reg(_C, _structured("p_ok_yaml"), "gold sentences as YAML"),
    "p_ok_table": _reg(_C, _structured("p_ok_table"), "gold sentences as a table"),
    "p_ok_bullets": _reg(_C, _structured("p_ok_bullets"), "gold sentences as bullets"),
    "p_ok_soap": _reg(_C, _structured("p_ok_soap"), "gold in a SOAP note"),
    "p_ok_bilingual": _reg(_C, _structured("p_ok_bilingual"), "gold in both languages"),
    "p_ok_reordered": _reg(_C, _structured("p_ok_reordered"), "gold sentences rotated"),
    "p_ok_date_format": _reg(_C, gen_ok_date_format, "dates in another correct format"),
    "p_ok_si_units": _reg(_C, gen_ok_si_units, "values in another correct unit"),
    "p_ok_abbrev": _reg(_C, gen_ok_abbrev, "clinicians' abbreviations"),
    "p_ok_brand": _reg(_C, gen_ok_brand, "a generic replaced by its brand name"),
}
