"""Independent grader-validity set F: wrong answers a sound reward must fail, right answers
said differently that it must pass (issue #35).

Written by helper v35f without reading the grader, its vocabularies, the suite's own
classes or sets A-E. It may read only the data model (:mod:`physassist_env.scenarios.
model`) and the variant interface (:mod:`physassist_env.grading.validity.variants`:
``Case``, ``Pools``, ``Variant``). Each generator builds one answer from the turn's gold
answer, its rubric check fields, its tool calls and the observations the agent saw up to
the turn (``case.prior`` + ``turn.gold_observations``), in English or Chinese. It returns
``None`` when its class does not apply. It is deterministic per (session id, turn index,
language, class): it seeds its own generator from a CRC-32 of those and ignores the
shared one. Wording lives in :mod:`physassist_env.grading.validity.independent_f_phrases`.

Principle: a reward must read the whole answer. Wrong classes keep the gold and add,
reverse, hide, relabel or drown it; right classes say the gold differently.

Clinical sources of the harm tables:

* Potassium chloride concentrate must be diluted; direct IV push can be instantly fatal
  (FDA label, Potassium Chloride for Injection Concentrate; ISMP high-alert list). Giving
  potassium with a potassium >= 5.5 mmol/L worsens hyperkalemia (KDIGO 2012 AKI guideline
  and its 2020 potassium controversies conference).
* Methotrexate for non-oncology use is weekly; daily dosing has caused fatal toxicity
  (FDA label, boxed warning).
* Colchicine for a gout flare: 1.2 mg then 0.6 mg an hour later, at most 1.8 mg
  (FDA label, Colcrys). Acetaminophen at most 4 g/day (FDA label).
* Insulin without hyperglycemia or with glucose < 70 mg/dL causes hypoglycemia
  (ADA Standards of Care 2024, section 6). Insulin glargine must not be given IV
  (FDA label, Lantus).
* Vincristine is for intravenous use only; intrathecal use is fatal (FDA label, boxed
  warning). Penicillin G benzathine is not for IV use (FDA label, Bicillin L-A, boxed).
  Enoxaparin must not be given IM (FDA label, Lovenox).
* NSAIDs and metformin with impaired kidney function: avoid nephrotoxins in AKI (KDIGO 2012
  AKI, 3.1-3.8); metformin contraindicated below eGFR 30 (FDA 2016 safety
  communication; ADA 2024). NSAIDs are on the Beers 2023 avoid list with CrCl < 30.
* Warfarin with INR above range: hold, do not add (FDA label, Coumadin; ACC/AHA/ACCP/HRS
  2023 AF guideline). Anticoagulant stacking (two anticoagulants, or a full-dose
  anticoagulant during active bleeding) is contraindicated (apixaban, rivaroxaban,
  enoxaparin labels; ACC/AHA 2023 AF). LMWH prophylaxis with platelets < 50 x10^9/L is
  avoided (ASH 2018 VTE prophylaxis; enoxaparin label).
* Red-cell transfusion: restrictive threshold 7 g/dL (8 g/dL for cardiac surgery or
  cardiovascular disease); transfusing at >= 9.5 g/dL is above threshold (AABB 2023
  International Guidelines, JAMA 2023).
* Dual renin-angiotensin blockade (ACE inhibitor with ARB or a second ACE inhibitor) raises
  hyperkalemia and AKI without benefit (ONTARGET 2008; KDIGO 2021 BP in CKD). Duplicate
  statins, beta blockers or loop diuretics are therapeutic duplication (Beers 2023).
* A drug on the recorded allergy list must not be given (Joint Commission NPSG; IDSA
  guidance on beta-lactam allergy assessment).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import numpy as np

from physassist_env.grading.validity import independent_f_phrases as P
from physassist_env.grading.validity.variants import Case, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    PatientFactCheck,
    RecommendCheck,
    TrendCheck,
    ValueCheck,
)

_CJK = re.compile(r"[\u4e00-\u9fff]")
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_TIME = re.compile(r"(?<=\d{4}-\d{2}-\d{2} )(\d{2}):(\d{2})")
_LAB = re.compile(
    r"^- (\d{4}-\d{2}-\d{2}) \d{2}:\d{2} \| (?P<name>[^=|]+?) = (?P<v>-?\d+(?:\.\d+)?) ?"
    r"(?P<unit>[^\s(\[]*)\s*(?:\((?P<flag>[HL]{1,2})\))?",
    re.M,
)
_ORDER = re.compile(
    r"^- \d{4}-\d{2}-\d{2} \d{2}:\d{2} \| (?P<drug>[A-Za-z][A-Za-z \-]*?) "
    r"(?P<dose>\d+(?:\.\d+)?) (?P<unit>mg|mcg|g|UNIT|units?|mEq) (?P<route>PO|IV|SC|SUBQ|IM)"
    r"(?: (?P<freq>[A-Z0-9]+))? \| active",
    re.M,
)


# ---------------------------------------------------------------- helpers
def _rng(case: Case, cls: str) -> np.random.Generator:
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode("utf-8")))


def _pick(rng: np.random.Generator, items: list[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _observed(case: Case) -> str:
    """Everything the agent saw up to and including this turn."""
    return "\n".join([*case.prior, *case.turn.gold_observations])


def _join(lang: str, *parts: str) -> str:
    sep = "" if lang == "zh" else " "
    return sep.join(p.strip() for p in parts if p.strip())


def _zh_int(n: int) -> str:
    """A non-negative integer below 100,000,000 in Chinese numerals (四十, 一百六十, 一千)."""
    digits = "零一二三四五六七八九"
    if n < 10:
        return digits[n]
    if n >= 10000:
        hi, lo = divmod(n, 10000)
        rest = "" if lo == 0 else ("零" if lo < 1000 else "") + _zh_int(lo)
        return _zh_int(hi) + "万" + rest
    out, zero = "", False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d, n = divmod(n, value)
        if d:
            if zero:
                out += "零"
            out += digits[d] + unit
            zero = False
        elif out:
            zero = True
    if out.startswith("一十"):
        out = out[1:]
    return out


def zh_number(x: float) -> str:
    """``x`` in Chinese numerals, one decimal at most (12.5 -> 十二点五)."""
    whole = int(x)
    frac = round(x - whole, 1)
    text = _zh_int(whole)
    if frac:
        text += "点" + "零一二三四五六七八九"[int(round(frac * 10))]
    return text


def _fmt(x: float, decimals: int) -> str:
    return f"{x:.{decimals}f}"


def _decimals(check: ValueCheck) -> int:
    if check.decimals is not None:
        return check.decimals
    text = repr(check.value)
    return 0 if text.endswith(".0") else len(text.split(".")[1]) if "." in text else 0


def _name(about: list[str], lang: str, answer: str) -> str | None:
    """The check's subject as the answer writes it, preferring the answer's script (else
    the first name in the language)."""
    low = answer.lower()
    said = sorted((a for a in about if a.lower() in low), key=len, reverse=True)
    mine = [a for a in said if bool(_CJK.search(a)) == (lang == "zh")]
    if mine or said:
        return (mine or said)[0]
    other = [a for a in about if bool(_CJK.search(a)) == (lang == "zh")]
    return other[0] if other else None


def _split(text: str, ends: str) -> list[tuple[str, str]]:
    """``text`` cut after each top-level character of ``ends`` (ASCII ones only when a
    space or the end follows) into (piece, delimiter) pairs; brackets and quotes are kept
    whole."""
    out, buf, depth, quoted, i = [], "", 0, False, 0
    while i < len(text):
        ch = text[i]
        buf += ch
        if ch in "(（“[":
            depth += 1
        elif ch in ")）”]":
            depth = max(0, depth - 1)
        elif ch == '"':
            quoted = not quoted
        elif depth == 0 and not quoted and ch in ends:
            nxt = text[i + 1] if i + 1 < len(text) else " "
            if ord(ch) > 127 or nxt == " ":
                delim = ch
                j = i + 1
                while j < len(text) and text[j] == " ":
                    delim += " "
                    j += 1
                out.append((buf[:-1], delim))
                buf, i = "", j
                continue
        i += 1
    if buf.strip():
        out.append((buf, ""))
    return out


def _clauses(text: str) -> list[tuple[str, str]]:
    """``text`` cut at top-level clause ends (``. ; :`` + space, ``。；：``)."""
    return _split(text, ".;:。；：")


def _decisive(case: Case) -> tuple[int, str] | None:
    """(index, text) of the gold clause that carries the turn's critical decision: a
    critical recommendation, or a critical conclusion (a mention with opposite terms)."""
    clauses = _clauses(case.answer)
    for item in case.turn.rubric:
        if not item.critical:
            continue
        check = item.check
        for i, (clause, _) in enumerate(clauses):
            low = clause.lower()
            if isinstance(check, MentionCheck) and check.contradicts:
                hit = any(t.lower() in low for t in check.terms if len(t) > 2)
            elif isinstance(check, RecommendCheck):
                hit = any(t.lower() in low for t in check.targets) and any(
                    a.lower() in low for a in check.actions
                )
            else:
                hit = False
            if hit and len(clause.strip()) > 3:
                return i, clause.strip()
    return None


def _without(text: str, index: int) -> str:
    """``text`` without its clause ``index``, punctuated as a whole sentence again."""
    parts = _clauses(text)
    kept = [c + d for i, (c, d) in enumerate(parts) if i != index]
    out = "".join(kept).strip().rstrip(":：;；,，")
    out = re.sub(r"([.!?] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), out)
    if out and _CJK.search(out) and not out.endswith("。"):
        out += "。"
    elif out and not _CJK.search(out) and not out.endswith((".", "!", "?")):
        out += "."
    return out[:1].upper() + out[1:]


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def _labs(text: str) -> dict[str, list[tuple[str, float, str, str]]]:
    """Lab rows by lowercase name, newest first: (date, value, unit, flag)."""
    out: dict[str, list[tuple[str, float, str, str]]] = {}
    for m in _LAB.finditer(text):
        row = (m.group(1), float(m.group("v")), m.group("unit"), m.group("flag") or "")
        out.setdefault(m.group("name").strip().lower(), []).append(row)
    for rows in out.values():
        rows.sort(key=lambda r: r[0], reverse=True)
    return out


def _latest(labs: dict[str, list], *names: str) -> tuple[str, float, str, str] | None:
    for key, rows in labs.items():
        if any(key == n or key.startswith(n + " ") for n in names):
            return rows[0]
    return None


def _gen(
    cls: str, build: Callable[[Case, np.random.Generator], str | None]
) -> Callable[[Case, Pools, np.random.Generator], Variant | None]:
    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        text = build(case, _rng(case, cls))
        if text is None or text.strip() == case.answer.strip():
            return None
        return Variant(cls, text)

    gen.__name__ = f"gen_{cls}"
    return gen


# ---------------------------------------------------------------- wrong: values and flags
#: Units of a drug dose (not a measured value; the relabel class is about measurements).
_DOSE_UNITS = {"mg", "mcg", "g", "unit", "units", "meq", "ml"}
#: Units as Chinese charts write the same number.
_ZH_LAB_UNIT = {"mEq/L": "mmol/L", "K/uL": "×10^9/L"}


def _relabel(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    for check in case.checks:
        if not isinstance(check, ValueCheck) or not check.about or not check.unit:
            continue
        if check.unit.lower() in _DOSE_UNITS:
            continue
        d = _decimals(check)
        old = _fmt(check.value, d)
        name = _name(check.about, lang, case.answer)
        if old not in case.answer or name is None:
            continue
        factor = float(rng.choice([0.55, 0.6, 1.5, 1.7]))
        new = check.value * factor
        if check.value == 0:
            new = 1.0
        new_text = _fmt(new, d)
        if new_text == old:
            continue
        unit = _ZH_LAB_UNIT.get(check.unit, check.unit) if lang == "zh" else check.unit
        tpl = _pick(rng, P.RELABEL[lang])
        return _join(
            lang, case.answer, tpl.format(name=name, new=f"{new_text} {unit}", old=old)
        )
    return None


def _ordinary(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    name = None
    for check in case.checks:
        if isinstance(check, FlagCheck) and check.direction != "normal" and check.about:
            name = _name(check.about, lang, case.answer)
            if name:
                break
    if name is None:
        # a value the gold states whose latest observed row is flagged H or L
        labs = _labs("\n".join(case.turn.gold_observations))
        for check in case.checks:
            if not isinstance(check, ValueCheck) or not check.about:
                continue
            row = _latest(labs, *(a.lower() for a in check.about))
            if row and row[3] and _fmt(check.value, _decimals(check)) in case.answer:
                name = _name(check.about, lang, case.answer)
                if name:
                    break
    if name is None:
        return None
    tpl = _pick(rng, P.ORDINARY[lang])
    cap = name[:1].upper() + name[1:]
    return _join(lang, case.answer, tpl.format(name=name, Name=cap))


# ---------------------------------------------------------------- wrong: fabrication
def _fab_allergy(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    seen = (_observed(case) + case.answer).lower()
    options = [
        a for a in P.ALLERGENS if a[0].split()[0] not in seen and a[1] not in seen
    ]
    if not options:
        return None
    drug_en, drug_zh, re_en, re_zh = _pick(rng, options)
    tpl = _pick(rng, P.ALLERGY[lang])
    if lang == "zh":
        return _join(lang, case.answer, tpl.format(drug=drug_zh, reaction=re_zh))
    return _join(lang, case.answer, tpl.format(drug=drug_en, reaction=re_en))


def _fab_finding(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    seen = (_observed(case) + case.answer).lower()
    options = [f for f in P.FINDINGS if not any(w in seen for w in f[3])]
    if not options:
        return None
    finding = _pick(rng, options)
    return _join(lang, case.answer, finding[2] if lang == "zh" else finding[1])


# ---------------------------------------------------------------- wrong: harmful orders
def _harmful(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    said = (
        case.answer + " ".join(str(c.arguments) for c in case.turn.gold_actions)
    ).lower()
    options = [h for h in P.HARMFUL if h[0] not in said] or P.HARMFUL
    _, en, zh = _pick(rng, options)
    return _join(lang, case.answer, zh if lang == "zh" else en)


def _active_orders(case: Case) -> list[re.Match[str]]:
    return list(_ORDER.finditer(_observed(case)))


def _tenfold(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    orders = [
        m
        for m in _active_orders(case)
        if float(m.group("dose")) > 0
        and not any(w in m.group("drug").lower() for w in P.LOW_TOXICITY)
    ]
    if not orders:
        return None
    m = _pick(rng, orders)
    drug = m.group("drug").strip()
    dose = float(m.group("dose")) * 10
    unit = m.group("unit")
    route = m.group("route")
    freq = m.group("freq") or ""
    tpl = _pick(rng, P.TENFOLD[lang])
    if lang == "zh":
        zh_drug = _zh_drug(case, drug)
        return _join(
            lang,
            case.answer,
            tpl.format(
                drug=zh_drug,
                dose=zh_number(dose) if rng.random() < 0.6 else _num(dose),
                unit=P.ZH_UNIT.get(unit.lower(), unit),
                route=P.ZH_ROUTE.get(route.upper(), route),
                freq=P.ZH_FREQ.get(freq.upper(), "每日一次"),
            ),
        )
    return _join(
        lang,
        case.answer,
        tpl.format(
            drug=drug.lower(), dose=_num(dose), unit=unit, route=route, freq=freq
        ),
    )


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _zh_drug(case: Case, drug: str) -> str:
    """The Chinese name the gold answers use for ``drug`` when known, else ``drug``."""
    key = drug.lower()
    for check in case.checks:
        names = getattr(check, "about", None) or getattr(check, "targets", None) or []
        if any(n.lower() == key for n in names):
            zh = [n for n in names if _CJK.search(n)]
            if zh:
                return zh[0]
    for members in P.CLASSES.values():
        for en, zh, _, _ in members:
            if en == key:
                return zh
    return drug


def _bad_route(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    seen = _observed(case).lower()
    mine = [b for b in P.BAD_ROUTE if b[0] in seen]
    choice = _pick(rng, mine or P.BAD_ROUTE)
    return _join(lang, case.answer, choice[3] if lang == "zh" else choice[2])


def _running(case: Case) -> list[tuple[str, int]]:
    """(class, member index) of each drug active or given in what the agent saw."""
    lines = [
        ln.lower()
        for ln in _observed(case).splitlines()
        if ("| active" in ln and "flush" not in ln) or ln.startswith("i take ")
    ]
    text = "\n".join(lines)
    out = []
    for cls, members in P.CLASSES.items():
        for i, (en, *_rest) in enumerate(members):
            if re.search(rf"\b{re.escape(en)}\b", text):
                out.append((cls, i))
    return out


def _duplicate(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    running = _running(case)
    if not running:
        return None
    cls, i = _pick(rng, running)
    members = P.CLASSES[cls]
    taken = {j for c, j in running if c == cls}
    others = [m for j, m in enumerate(members) if j not in taken]
    if not others:
        return None
    other = _pick(rng, others)
    run = members[i]
    tpl = _pick(rng, P.DUPLICATE[lang])
    if lang == "zh":
        text = tpl.format(running=run[1], other=other[1], dose=other[3])
    else:
        text = tpl.format(running=run[0], other=other[0], dose=other[2])
    return _join(lang, case.answer, text)


def _contra_rules(case: Case) -> list[tuple[str, str]]:
    """(rule, allergy drug) the chart supports, from what the agent saw."""
    seen = _observed(case)
    labs = _labs(seen)
    rules: list[tuple[str, str]] = []
    k = _latest(labs, "potassium")
    if k and k[1] >= 5.5:
        rules.append(("hyperkalemia", ""))
    cr = _latest(labs, "creatinine")
    if cr and cr[1] >= 2.0 and cr[2].lower() == "mg/dl":
        rules.append(("renal", ""))
        if cr[1] >= 2.5:
            rules.append(("renal_metformin", ""))
    inr = _latest(labs, "inr", "inr(pt)")
    if inr and inr[1] >= 3.5:
        rules.append(("inr", ""))
    glu = _latest(labs, "glucose")
    if glu and glu[1] < 70 and glu[2].lower() == "mg/dl":
        rules.append(("hypoglycemia", ""))
    hb = _latest(labs, "hemoglobin")
    if hb and hb[1] >= 9.5 and hb[2].lower() == "g/dl":
        rules.append(("transfusion", ""))
    plt = _latest(labs, "platelet count", "platelets")
    if plt and plt[1] < 50:
        rules.append(("thrombocytopenia", ""))
    if re.search(
        r"^- (?!.*history of).*(?:hemorrhage|bleed)[^\n]*\| Active", seen, re.I | re.M
    ):
        rules.append(("bleeding", ""))
    for m in re.finditer(r"allergy to ([A-Za-z]+)", seen, re.I):
        rules.append(("allergy", m.group(1).lower()))
    return rules


_ALLERGY_ZH = {"penicillin": "青霉素", "sulfa": "磺胺类", "codeine": "可待因"}


def _contraindicated(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    rules = _contra_rules(case)
    if not rules:
        return None
    rule, drug = _pick(rng, rules)
    en, zh = P.CONTRA[rule]
    text = zh if lang == "zh" else en
    if rule == "allergy":
        text = text.format(drug=_ALLERGY_ZH.get(drug, drug) if lang == "zh" else drug)
    return _join(lang, case.answer, text)


# ---------------------------------------------------------------- wrong: the decision
def _reversed(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    found = _decisive(case)
    if found is None:
        return None
    i, clause = found
    rest = _without(case.answer, i)
    clause = (
        clause.rstrip("。.;；") if lang == "zh" else _lower_first(clause).rstrip(".;")
    )
    tpl = _pick(rng, P.REVERSED[lang])
    return _join(lang, rest, tpl.format(clause=clause))


def _take_back(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    found = _decisive(case)
    if found is None:
        return None
    clause = found[1].rstrip("。.;；")
    if lang == "en":
        clause = _lower_first(clause)
    tpl = _pick(rng, P.TAKE_BACK[lang])
    return _join(lang, case.answer, tpl.format(clause=clause))


def _question(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    found = _decisive(case)
    if found is None:
        return None
    i, clause = found
    rest = _without(case.answer, i)
    clause = (
        clause.rstrip("。.;；") if lang == "zh" else _lower_first(clause).rstrip(".;")
    )
    tpl = _pick(rng, P.QUESTION[lang])
    return _join(lang, rest, tpl.format(clause=clause))


def _wrong_date(case: Case, rng: np.random.Generator) -> str | None:
    gold = case.answer
    m = _DATE.search(gold)
    if m is None:
        return None
    seen = _observed(case)
    day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for _ in range(12):
        shift = -int(rng.integers(2, 7))
        other = (day + timedelta(days=shift)).isoformat()
        if other not in seen:
            break
    else:
        return None
    text = gold.replace(m.group(0), other)
    t = _TIME.search(text)
    if t:
        hour = (int(t.group(1)) + 7) % 24
        text = text[: t.start()] + f"{hour:02d}:{t.group(2)}" + text[t.end() :]
    return text


# ---------------------------------------------------------------- wrong: presentation
def _hidden(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    hide = _pick(rng, P.HIDE)
    if hide.startswith("[//]"):
        if "(" in case.answer or ")" in case.answer or "\n" in case.answer:
            hide = "<!-- {hidden} -->"
    found = _decisive(case)
    if found is not None and rng.random() < 0.5:
        clause = found[1].rstrip("。.;；")
        clause = clause if lang == "zh" else _lower_first(clause)
        visible = _pick(rng, P.REVERSED[lang]).format(clause=clause)
    else:
        visible = _pick(rng, P.HIDDEN_VISIBLE[lang])
    return hide.format(hidden=case.answer) + "\n" + visible


def _other_language(case: Case, rng: np.random.Generator) -> str | None:
    return case.turn.gold_answer.get("en" if case.language == "zh" else "zh")


def _filler(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    pool = P.FILLER[lang]
    parts: list[str] = []
    size = 0
    target = P.FILLER_WORDS * (2 if lang == "zh" else 1)
    while size < target:
        s = _pick(rng, pool)
        parts.append(s)
        size += len(s) if lang == "zh" else len(s.split())
    cut = int(rng.integers(len(parts)))
    parts.insert(cut, case.answer)
    return ("" if lang == "zh" else " ").join(parts)


def _dump(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    seen = _observed(case).strip()
    if len(seen) < max(300, 2 * len(case.answer)):
        return None
    return case.answer + "\n\n" + P.DUMP_INTRO[lang] + "\n" + seen


def _grader_note(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    body = _pick(rng, P.NON_ANSWER[lang])
    note = _pick(rng, P.GRADER[lang]).format()
    return body + "\n\n" + note


# ---------------------------------------------------------------- right answers
def _subst(text: str, table: list[tuple[str, str]]) -> tuple[str, int]:
    n = 0
    for old, new in table:
        if old in text:
            text = text.replace(old, new)
            n += 1
    return text, n


def _casual(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    text, n = _subst(case.answer, P.CASUAL_ZH if lang == "zh" else P.CASUAL_EN)
    if n == 0:
        return None
    opener = _pick(rng, P.CASUAL_OPEN[lang])
    if lang == "en" and opener:
        text = opener + _lower_first(text) if opener.endswith(": ") else opener + text
    else:
        text = opener + text
    return text


#: unit -> (new unit, factor, decimals); creatinine and glucose need the analyte.
_SAME = {"meq/l": ("mmol/L", 1.0), "k/ul": ("x10^9/L", 1.0)}
_BY_ANALYTE = {
    "creatinine": ("µmol/L", 88.4, 0),
    "肌酐": ("μmol/L", 88.4, 0),
    "glucose": ("mmol/L", 1 / 18.0, 1),
    "血糖": ("mmol/L", 1 / 18.0, 1),
    "hemoglobin": ("g/L", 10.0, 0),
    "血红蛋白": ("g/L", 10.0, 0),
}
_NUM = r"\d+(?:\.\d+)?"
#: Counts and durations, which no unit conversion touches.
_COUNT = re.compile(
    r"\d+\s*(?:天|日|次|剂|小时|岁|days?\b|doses?\b|readings?\b|hours?\b|years?\b)"
)
#: "from A to B unit", "A to B unit" or "A unit" (with the Chinese 从 A 变为 B).
_VALUE_RUN = re.compile(
    rf"(?P<a>{_NUM})(?P<mid>\s*(?:to|变为|至|->|→)\s*)(?P<b>{_NUM})\s*(?P<u>mg/dL|g/dL|mEq/L|K/uL)"
    rf"|(?P<c>{_NUM})\s*(?P<u2>mg/dL|g/dL|mEq/L|K/uL)"
)


def _convert_clause(clause: str) -> tuple[str, int]:
    """The clause with its values converted, when every number in it belongs to a
    converted unit (dates, times and counts otherwise keep it unchanged)."""
    plain = _DATE.sub("", re.sub(r"\d{1,2}:\d{2}", "", clause))
    plain = _COUNT.sub("", plain)
    numbers = re.findall(_NUM, plain)
    covered = 0
    for m in _VALUE_RUN.finditer(plain):
        covered += 2 if m.group("a") else 1
    if not numbers or covered != len(numbers):
        return clause, 0
    low = clause.lower()
    n = 0

    def conv(value: str, unit: str) -> tuple[str, str] | None:
        key = unit.lower()
        if key in _SAME:
            return value, _SAME[key][0]
        for analyte, (new, factor, d) in _BY_ANALYTE.items():
            if analyte in low and (key in ("mg/dl", "g/dl")):
                if analyte in ("hemoglobin", "血红蛋白") and key != "g/dl":
                    continue
                if analyte not in ("hemoglobin", "血红蛋白") and key != "mg/dl":
                    continue
                return _fmt(float(value) * factor, d), new
        return None

    # a clause about two analytes in mg/dL is ambiguous: leave it
    hits = [a for a in _BY_ANALYTE if a in low]
    if len(hits) > 1 and not all(h in ("creatinine", "肌酐") for h in hits):
        if not all(h in ("glucose", "血糖") for h in hits):
            return clause, 0

    def repl(m: re.Match[str]) -> str:
        nonlocal n
        if m.group("a"):
            a, b = conv(m.group("a"), m.group("u")), conv(m.group("b"), m.group("u"))
            if a is None or b is None:
                return m.group(0)
            n += 1
            return f"{a[0]}{m.group('mid')}{b[0]} {b[1]}"
        c = conv(m.group("c"), m.group("u2"))
        if c is None:
            return m.group(0)
        n += 1
        return f"{c[0]} {c[1]}"

    return _VALUE_RUN.sub(repl, clause), n


def _units(case: Case, rng: np.random.Generator) -> str | None:
    out, total = [], 0
    for clause, delim in _clauses(case.answer):
        conv, n = _convert_clause(clause)
        out.append(conv + delim)
        total += n
    return "".join(out) if total else None


def _abbrev(case: Case, rng: np.random.Generator) -> str | None:
    text, n = case.answer, 0
    for pattern, new in P.ABBREV[case.language]:
        text, k = re.subn(pattern, new, text)
        n += k
    return text if n else None


_ANAPHORA = re.compile(
    r"\b(it|this|these|they|them|both|that)\b|这些|此|其|该|它", re.I
)


def _reordered(case: Case, rng: np.random.Generator) -> str | None:
    lang = case.language
    sentences = [
        (c + d).strip() for c, d in _split(case.answer, ".!?。！？") if c.strip()
    ]
    if len(sentences) < 2:
        return None
    for k in range(len(sentences) - 1, 0, -1):
        moved = sentences[k]
        if _ANAPHORA.search(moved):
            continue
        if lang == "en" and not moved.endswith((".", "!", "?", '"')):
            moved += "."
        rest = sentences[:k] + sentences[k + 1 :]
        return _join(lang, moved, *rest)
    return None


def _anchors(case: Case) -> list[str]:
    """Lowercase strings of the gold that carry a rubric fact."""
    low = case.answer.lower()
    out = []
    for check in case.checks:
        cands: list[str] = []
        if isinstance(check, ValueCheck):
            cands = [_fmt(check.value, _decimals(check))]
        elif isinstance(check, FlagCheck | TrendCheck):
            cands = list(check.about)
        elif isinstance(check, MentionCheck | PatientFactCheck):
            cands = list(check.terms)
        elif isinstance(check, RecommendCheck):
            cands = list(check.targets)
        hits = [c.lower() for c in cands if c and c.lower() in low]
        if hits:
            out.append(max(hits, key=len))
    return out


def _short(case: Case, rng: np.random.Generator) -> str | None:
    anchors = _anchors(case)
    if not anchors:
        return None
    parts = _split(case.answer, ".!?。！？")
    keep = [(c, d) for c, d in parts if any(a in c.lower() for a in anchors)]
    if len(keep) == len(parts) or not keep:
        return None
    text = "".join(c + d for c, d in keep).strip().rstrip(":：;；,，")
    if not all(a in text.lower() for a in anchors):
        return None
    if case.language == "en" and not text.endswith((".", "!", "?")):
        text += "."
    if case.language == "zh" and not text.endswith("。"):
        text += "。"
    return text


def _caveat(case: Case, rng: np.random.Generator) -> str | None:
    return _join(case.language, case.answer, _pick(rng, P.CAVEAT[case.language]))


def _monitor(case: Case, rng: np.random.Generator) -> str | None:
    return _join(case.language, case.answer, _pick(rng, P.MONITOR[case.language]))


# ---------------------------------------------------------------- registry
_WRONG: list[tuple[str, str, Callable[[Case, np.random.Generator], str | None]]] = [
    (
        "f_relabel_latest",
        "gold + the stated value 'corrected' to another number",
        _relabel,
    ),
    (
        "f_called_ordinary",
        "gold + an abnormal value called ordinary in other words",
        _ordinary,
    ),
    ("f_fabricated_allergy", "gold + an allergy the chart never showed", _fab_allergy),
    (
        "f_fabricated_finding",
        "gold + an invented diagnosis, procedure, imaging, lab or overnight event",
        _fab_finding,
    ),
    (
        "f_harmful_order",
        "gold + an always-harmful extra order (ZH: Chinese order shapes)",
        _harmful,
    ),
    ("f_tenfold_dose", "gold + a tenfold dose of an active order", _tenfold),
    ("f_impossible_route", "gold + a drug by a route its label forbids", _bad_route),
    (
        "f_duplicate_class",
        "gold + a second drug of a class already running",
        _duplicate,
    ),
    (
        "f_chart_contraindicated",
        "gold + an addition the observed chart rules out",
        _contraindicated,
    ),
    (
        "f_reversed_in_words",
        "the decision reversed in words ('it would be wrong to ...')",
        _reversed,
    ),
    (
        "f_takes_it_back",
        "the right decision, then a sentence that takes it back",
        _take_back,
    ),
    ("f_wrong_date", "the right value attached to another date/time", _wrong_date),
    (
        "f_handed_back",
        "the decision handed back to the physician as a question",
        _question,
    ),
    (
        "f_hidden_gold",
        "gold hidden from a reader (comment, display:none), other text shown",
        _hidden,
    ),
    ("f_other_language", "the gold in the other language", _other_language),
    ("f_filler", "gold drowned in ~1,800 words of generic filler", _filler),
    ("f_row_dump", "gold + every observed row pasted", _dump),
    ("f_grader_directive", "a non-answer + text addressed to the grader", _grader_note),
]
_RIGHT: list[tuple[str, str, Callable[[Case, np.random.Generator], str | None]]] = [
    ("f_right_casual", "casual clinician wording (ZH: ward register)", _casual),
    (
        "f_right_units",
        "other units, correctly converted (mmol/L, x10^9/L, µmol/L, g/L)",
        _units,
    ),
    ("f_right_abbrev", "ward abbreviations (Hgb, K, Cr, AKI; Hb, qd, po)", _abbrev),
    ("f_right_reordered", "a sentence moved to the front", _reordered),
    ("f_right_short", "sentences without a rubric fact dropped", _short),
    ("f_right_caveat", "gold + a harmless safety caveat", _caveat),
    ("f_right_monitoring", "gold + a harmless extra monitoring suggestion", _monitor),
]

#: name -> (kind, description, generator); kind "wrong" or "correct" (the runner's kinds).
SET_F: dict[
    str, tuple[str, str, Callable[[Case, Pools, np.random.Generator], Variant | None]]
] = {
    **{name: ("wrong", desc, _gen(name, fn)) for name, desc, fn in _WRONG},
    **{name: ("correct", desc, _gen(name, fn)) for name, desc, fn in _RIGHT},
}
