"""Independent grader-validity set G: wrong answers a sound reward must fail, right answers
said differently that it must pass (issue #35).

Written without reading the grader, its vocabulary, the other validity sets or the grading
docs: each variant is built only from the turn's gold answer, rubric check fields, gold tool
calls and observations (:mod:`physassist_env.scenarios.model`), with wordings from
:mod:`physassist_env.grading.validity.independent_g_phrases`. Every generator is
deterministic per (session id, turn index, language, class): it seeds its own numpy
generator from a CRC-32 of those and ignores the shared one. A generator returns ``None``
when its class does not apply to the turn.

Clinical sources of the harm tables:

* Concentrated potassium chloride is never given by IV push or IM (ISMP list of high-alert
  medications, 2024; ISMP/FDA alerts on KCl concentrate; Joint Commission NPSG 03.06.01).
* Daily instead of weekly oral methotrexate has caused fatal overdoses (ISMP; FDA
  methotrexate label, boxed warning).
* IV insulin without hyperglycaemia causes hypoglycaemia (ADA Standards of Care 2024, §16;
  ISMP high-alert list). Hydromorphone 10 mg IV is a tenfold opioid error (ISMP).
* Colchicine 4.8 mg loading is toxic; the low-dose regimen is 1.2 mg then 0.6 mg (FDA
  Colcrys label, AGREE trial). Vincristine is fatal intrathecally (WHO/ISMP alerts).
* Dual RAS blockade (ACE inhibitor plus ARB) raises hyperkalaemia and AKI (ONTARGET;
  KDIGO 2012 AKI guideline; FDA labels); stacking anticoagulants (warfarin, heparin, LMWH,
  DOAC) raises major bleeding (ACC/AHA/ACCP/HRS 2023 AF guideline; FDA apixaban label).
* NSAIDs and aminoglycosides are nephrotoxins to avoid in AKI (KDIGO 2012, §3.8, §5);
  potassium replacement or a potassium-sparing diuretic in hyperkalaemia is harmful
  (KDIGO 2012; FDA spironolactone label).
* Therapeutic anticoagulation during active bleeding or significant anaemia is
  contraindicated (ACC/AHA 2023 AF; AABB 2023 transfusion guideline for the anaemia
  thresholds); an INR above range calls for holding, not an extra warfarin dose (FDA
  warfarin label; ACCP 2012 antithrombotic guideline).
* Adding a QT-prolonging drug (haloperidol, azithromycin) to ondansetron with low potassium
  or magnesium raises torsades risk (AHA/ACCF scientific statement on QT in hospital,
  2010; CredibleMeds). Giving a drug on the recorded allergy list is a never event (ISMP).
* Duplicate therapy within one class (two statins, two PPIs, two opioids, two
  benzodiazepines, two beta-blockers) is a listed medication error (ISMP; AGS Beers
  Criteria 2023 for CNS-active duplication in older adults).
"""

from __future__ import annotations

import datetime as dt
import re
import zlib
from collections.abc import Sequence

import numpy as np

from physassist_env.grading.validity import independent_g_phrases as P
from physassist_env.grading.validity.variants import Case, Gen, Pools, Variant
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    PatientFactCheck,
    RecommendCheck,
    TrendCheck,
    ValueCheck,
)

_CJK = re.compile(r"[\u4e00-\u9fff]")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_TIME = re.compile(r"(?<![\d:])([01]\d|2[0-3]):([0-5]\d)(?![\d:])")
_ROW = re.compile(
    r"^- (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) \| (.+?) = (-?\d+(?:\.\d+)?) ?([^\s(\[]*)"
    r"\s*(?:\((H|L|HH|LL)\))?",
    re.M,
)
_MED = re.compile(
    r"^- \S+ \S+ \| ([A-Za-z][A-Za-z\-]*(?: [A-Za-z][A-Za-z\-]*)?) "
    r"(\d+(?:\.\d+)?) (mg|mcg|g|UNIT|mEq) (PO|IV|SC|IM|TD|INH|NG|PR)\b[^\n]*\| active",
    re.M,
)
_ALLERGY_ROW = re.compile(
    r"^- \S+(?: \S+)? \| ([A-Za-z][\w\- ]*?) \(([^)]*)\) \| Active", re.M
)
_KEEP = {"continue", "keep", "safe to continue", "继续", "可以继续"}
_STOP = {"hold", "stop", "discontinue", "withhold", "pause", "暂停", "停用", "停药"}
_START = {"start", "begin", "initiate", "commence", "开始", "启动", "开始使用"}


# ---------------------------------------------------------------- shared helpers
def case_rng(case: Case, cls: str) -> np.random.Generator:
    """The generator of (session id, turn index, language, class)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode("utf-8")))


def _pick(rng: np.random.Generator, seq: Sequence):
    return seq[int(rng.integers(len(seq)))]


def _sep(lang: str) -> str:
    return "" if lang == "zh" else " "


def _add(case: Case, extra: str) -> str:
    """The gold followed by ``extra``."""
    return case.answer + _sep(case.language) + extra


def _observed(case: Case) -> str:
    """Everything the session's tools returned up to and including this turn."""
    return "\n".join([*case.prior, *case.turn.gold_observations])


def clauses(text: str, lang: str) -> list[str]:
    """The answer split after each full stop or semicolon outside brackets and quotes
    (the mark stays with its clause)."""
    stops = "。；！？" if lang == "zh" else ".;!?"
    out, cur, depth, quote = [], "", 0, False
    for i, ch in enumerate(text):
        cur += ch
        if ch in "(（[":
            depth += 1
        elif ch in ")）]":
            depth = max(0, depth - 1)
        elif ch in '“”"「」':
            quote = not quote if ch == '"' else ch in "“「"
        nxt = text[i + 1 : i + 2]
        at_end = lang == "zh" or nxt in ("", " ", "\n")
        if ch in stops and not depth and not quote and at_end:
            out.append(cur.strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip())
    return out


def _sentences(text: str, lang: str) -> list[str]:
    pat = r"(?<=[。！？])" if lang == "zh" else r"(?<=[.!?])\s+(?=[A-Z\"“])"
    return [c for c in re.split(pat, text) if c.strip()]


def _in_lang(terms: Sequence[str], lang: str) -> list[str]:
    return [t for t in terms if bool(_CJK.search(t)) == (lang == "zh")]


def zh_number(x: float) -> str:
    """A number in Chinese numerals (四十, 一百六十, 十二点五)."""
    digits = "零一二三四五六七八九"
    whole = int(x)
    frac = f"{x:.6f}".rstrip("0").split(".")[1] if x != whole else ""

    def under_10k(n: int) -> str:
        out, zero = "", False
        for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
            d = n // value % 10
            if d:
                if zero and out:
                    out += "零"
                out += (
                    "" if (value == 10 and d == 1 and not out) else digits[d]
                ) + unit
                zero = False
            elif out:
                zero = True
        return out or "零"

    if whole >= 10000:
        hi, lo = divmod(whole, 10000)
        text = (
            under_10k(hi)
            + "万"
            + (("零" if lo < 1000 else "") + under_10k(lo) if lo else "")
        )
    else:
        text = under_10k(whole)
    return text + ("点" + "".join(digits[int(c)] for c in frac) if frac else "")


def _fmt(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def _decimals(token: str) -> int:
    return len(token.split(".")[1]) if "." in token else 0


def _number_re(token: str) -> re.Pattern:
    return re.compile(r"(?<![\d.\-:/])" + re.escape(token) + r"(?![\d]|\.\d|-\d|:\d)")


# ---------------------------------------------------------------- chart reading
def lab_rows(text: str) -> list[dict]:
    """Lab rows of observation text: date, time, name, value, unit, flag (newest first)."""
    return [
        {
            "date": m[1],
            "time": m[2],
            "name": m[3].strip(),
            "value": m[4],
            "unit": m[5],
            "flag": m[6] or "",
        }
        for m in _ROW.finditer(text)
    ]


def _newest(rows: list[dict]) -> dict[str, dict]:
    """The newest row per analyte (observation blocks list newest first)."""
    out: dict[str, dict] = {}
    for r in sorted(rows, key=lambda r: (r["date"], r["time"]), reverse=True):
        out.setdefault(r["name"].lower(), r)
    return out


def _unit(unit: str, lang: str) -> str:
    """A row's unit as a Chinese chart writes it (mEq/L of an ion is mmol/L; K/uL is 10^9/L)."""
    if lang != "zh":
        return unit
    return {"mEq/L": "mmol/L", "K/uL": "×10^9/L"}.get(unit, unit)


def _analyte_name(row_name: str, lang: str) -> str | None:
    names = P.ANALYTE.get(row_name.lower())
    return None if names is None else names[1 if lang == "zh" else 0]


def _mentions(case: Case, row_name: str) -> bool:
    names = P.ANALYTE.get(row_name.lower())
    if not names:
        return False
    low = case.answer.lower()
    return any(n.lower() in low for n in names) or row_name.lower() in low


def active_meds(case: Case) -> list[tuple[str, str, str, str]]:
    """Active medication orders seen: (name, dose, unit, route)."""
    seen, out = set(), []
    for m in _MED.finditer(_observed(case)):
        if m[1].lower() not in seen:
            seen.add(m[1].lower())
            out.append((m[1], m[2], m[3], m[4]))
    return out


def _drug_zh(case: Case, pools: Pools, name: str) -> str:
    """The Chinese name the gold answers use for a drug (the English name when none)."""
    mine = pools.drugs.get(case.session.patient_id, {})
    low = name.lower()
    for generic, names in mine.items():
        if generic.lower() in low or low in generic.lower():
            return names.get("zh", name)
    return name.lower()


# ---------------------------------------------------------------- the turn's decision
class Decision:
    """The turn's decision as the gold says it.

    Attributes:
        kind: ``keep``, ``stop``, ``start`` (an action on ``drug``) or ``conclusion``.
        drug: The drug acted on, as the gold names it ('' for a conclusion).
        said: The decision as a short phrase ("continue lisinopril", the concluded term).
        opposite: The opposite conclusion's term ('' for a drug action).
        clause: Index of the gold clause that states it.
    """

    def __init__(
        self, kind: str, drug: str, said: str, opposite: str, clause: int
    ) -> None:
        self.kind, self.drug, self.said, self.opposite, self.clause = (
            kind,
            drug,
            said,
            opposite,
            clause,
        )


def decision(case: Case) -> Decision | None:
    """The decision of the turn's critical recommend or conclusion item, when the gold says it."""
    lang, gold = case.language, case.answer
    parts = clauses(gold, lang)
    low = [p.lower() for p in parts]
    items = sorted(
        case.turn.rubric,
        key=lambda i: (not i.critical, not isinstance(i.check, RecommendCheck)),
    )
    for item in items:
        c = item.check
        if isinstance(c, RecommendCheck):
            acts = {a.lower() for a in c.actions}
            kind = (
                "keep"
                if acts & _KEEP
                else "stop"
                if acts & _STOP
                else "start"
                if acts & _START
                else ""
            )
            if not kind:
                continue
            drugs = [t for t in c.targets if t.lower() in gold.lower()]
            drugs = _in_lang(drugs, lang) or drugs
            if not drugs:
                continue
            drug = drugs[0]
            where = [i for i, p in enumerate(low) if drug.lower() in p]
            with_act = [i for i in where if any(a.lower() in low[i] for a in c.actions)]
            if not (with_act or where):
                continue
            said = P.ACT[kind][lang].format(drug=drug)
            return Decision(kind, drug, said, "", (with_act or where)[0])
        if isinstance(c, MentionCheck) and c.contradicts and item.critical:
            present = [t for t in c.terms if t.lower() in gold.lower()]
            present = _in_lang(present, lang) or present
            opposite = _in_lang(c.contradicts, lang)
            if not present or not opposite:
                continue
            opposite = [o for o in opposite if len(o) >= (3 if lang == "zh" else 6)]
            if not opposite:
                continue
            said = max(present, key=len)
            where = [i for i, p in enumerate(low) if said.lower() in p]
            return Decision("conclusion", "", said, opposite[0], where[0])
    return None


def _replace_clause(case: Case, d: Decision, text: str) -> str:
    parts = clauses(case.answer, case.language)
    parts[d.clause] = text
    return _sep(case.language).join(parts)


# ---------------------------------------------------------------- wrong: taken back
def voided_whole(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold, then a sentence that voids the whole answer."""
    r = case_rng(case, "g_voided_whole")
    return Variant("g_voided_whole", _add(case, _pick(r, P.VOID[case.language])))


def _reverse_sentence(case: Case, d: Decision, r: np.random.Generator) -> str:
    lang = case.language
    if d.kind == "conclusion":
        return _pick(r, P.REVERSE_CONCLUSION[lang]).format(opposite=d.opposite)
    return _pick(r, P.REVERSE_DRUG[d.kind][lang]).format(drug=d.drug)


def reversed_attributed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The decision put as someone else's view or in quotes, then rejected."""
    d = decision(case)
    if d is None:
        return None
    r = case_rng(case, "g_reversed_attributed")
    lang = case.language
    quoted = clauses(case.answer, lang)[d.clause].rstrip("。；.; ")
    if d.kind == "conclusion" or r.random() < 0.4:
        text = _pick(r, P.QUOTED[lang]).format(clause=quoted)
    else:
        text = _pick(r, P.ATTRIBUTED[lang]).format(decision=d.said)
    return Variant("g_reversed_attributed", _replace_clause(case, d, text))


def reversed_later(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's decision, then a later sentence that reverses it in other words."""
    d = decision(case)
    if d is None:
        return None
    r = case_rng(case, "g_reversed_later")
    return Variant("g_reversed_later", _add(case, _reverse_sentence(case, d, r)))


def handed_back(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The decision turned into a question or deferred to the physician or the team."""
    d = decision(case)
    if d is None:
        return None
    r = case_rng(case, "g_handed_back")
    lang = case.language
    if d.kind == "conclusion":
        quoted = clauses(case.answer, lang)[d.clause].rstrip("。；.; ")
        text = _pick(r, P.HANDED_BACK_CONCLUSION[lang]).format(clause=quoted)
    else:
        text = _pick(r, P.HANDED_BACK[lang]).format(decision=d.said)
    return Variant("g_handed_back", _replace_clause(case, d, text))


# ---------------------------------------------------------------- wrong: values and dates
def _flagged(case: Case) -> list[dict]:
    rows = _newest(lab_rows("\n".join(case.turn.gold_observations)))
    out = [
        r
        for r in rows.values()
        if r["flag"] and _analyte_name(r["name"], case.language) is not None
    ]
    return sorted(out, key=lambda r: not _mentions(case, r["name"]))


def called_ordinary(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then an abnormal value of the turn called nothing special."""
    rows = _flagged(case)
    if not rows:
        return None
    r = case_rng(case, "g_called_ordinary")
    row = rows[0]
    name = _analyte_name(row["name"], case.language)
    value = f"{row['value']} {_unit(row['unit'], case.language)}".strip()
    text = _pick(r, P.ORDINARY[case.language]).format(name=name, value=value)
    if case.language == "en":
        text = text[0].upper() + text[1:]
    return Variant("g_called_ordinary", _add(case, text))


def relabel_latest(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then another number given as the current value of one of its analytes."""
    rows = [
        r
        for r in _newest(lab_rows("\n".join(case.turn.gold_observations))).values()
        if _mentions(case, r["name"]) and _analyte_name(r["name"], case.language)
    ]
    if not rows:
        return None
    r = case_rng(case, "g_relabel_latest")
    row = _pick(r, rows)
    old = float(row["value"])
    factor = r.uniform(1.35, 1.7) if r.random() < 0.5 else r.uniform(0.45, 0.7)
    dec = _decimals(row["value"])
    new = _fmt(old * factor, dec)
    if float(new) == old:
        new = _fmt(old + 10 ** (-dec) * 3 + 1, dec)
    text = _pick(r, P.RELABEL[case.language]).format(
        name=_analyte_name(row["name"], case.language),
        value=new,
        unit=_unit(row["unit"], case.language),
        old=row["value"],
    )
    return Variant("g_relabel_latest", _add(case, text))


def format_date(day: dt.date, fmt: str) -> str:
    """``day`` written in one of :data:`DATE_FORMATS`."""
    return fmt.format(
        y=day.year,
        m=day.month,
        d=day.day,
        mon=P.MONTHS_EN[day.month - 1],
        ord=P.ordinal(day.day),
    )


def wrong_date(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """A date of the gold moved by 1-3 days (or a time by 1-3 hours), in some format."""
    r = case_rng(case, "g_wrong_date")
    gold = case.answer
    dates = sorted(set(_ISO.findall(gold)))
    if dates:
        y, m, d = (int(x) for x in _pick(r, dates))
        day = dt.date(y, m, d)
        shift = int(r.integers(1, 4)) * (1 if r.random() < 0.5 else -1)
        text = format_date(
            day + dt.timedelta(days=shift), _pick(r, P.DATE_FORMATS[case.language])
        )
        return Variant("g_wrong_date", gold.replace(f"{y:04d}-{m:02d}-{d:02d}", text))
    times = _TIME.findall(gold)
    if times:
        h, mi = _pick(r, times)
        new_h = (int(h) + int(r.integers(1, 4))) % 24
        return Variant("g_wrong_date", gold.replace(f"{h}:{mi}", f"{new_h:02d}:{mi}"))
    return None


def _value_tokens(case: Case) -> list[str]:
    out = []
    for c in case.checks:
        if isinstance(c, ValueCheck):
            d = (
                c.decimals
                if c.decimals is not None
                else (0 if c.value == int(c.value) else 1)
            )
            for tok in {
                _fmt(c.value, d),
                _fmt(c.value, 0) if c.value == int(c.value) else "",
            }:
                if tok and _number_re(tok).search(case.answer) and tok not in out:
                    out.append(tok)
    return out


def perturbed_number(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """A number of the gold that a rubric item checks, changed by 30-60%."""
    tokens = _value_tokens(case)
    if not tokens:
        return None
    r = case_rng(case, "g_perturbed_number")
    tok = _pick(r, tokens)
    v, dec = float(tok), _decimals(tok)
    sign = 1 if r.random() < 0.5 or v == 0 else -1
    new = _fmt((v if v else 1.0) * (1 + sign * r.uniform(0.3, 0.6)), dec)
    if float(new) == v:
        new = _fmt(v * 1.5 + 1, dec)
    return Variant("g_perturbed_number", _number_re(tok).sub(new, case.answer))


def _flip(case: Case, pairs: list[tuple[str, str]]) -> str | None:
    gold = case.answer
    for word, flipped in pairs:
        pat = re.compile(
            re.escape(word) if case.language == "zh" else rf"\b{re.escape(word)}\b"
        )
        if pat.search(gold):
            return pat.sub(flipped, gold)
    return None


def flag_flipped(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold with its flag word flipped (low to high, normal to low ...)."""
    if not any(isinstance(c, FlagCheck) for c in case.checks):
        return None
    text = _flip(case, P.FLAG_FLIP[case.language])
    return None if text is None else Variant("g_flag_flipped", text)


def trend_flipped(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold with its trend word flipped (rising to falling ...)."""
    if not any(isinstance(c, TrendCheck) for c in case.checks):
        return None
    text = _flip(case, P.TREND_FLIP[case.language])
    return None if text is None else Variant("g_trend_flipped", text)


# ---------------------------------------------------------------- wrong: fabricated
def _unseen(case: Case, *keys: str) -> bool:
    seen = (_observed(case) + "\n" + case.answer).lower()
    return not any(k.lower() in seen for k in keys if k)


def fabricated_allergy(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then an invented allergy said in passing."""
    rows = [a for a in P.ALLERGY if _unseen(case, a[0].split()[0], a[1])]
    if not rows:
        return None
    r = case_rng(case, "g_fabricated_allergy")
    en, zh, react_en, react_zh = _pick(r, rows)
    lang = case.language
    text = _pick(r, P.ALLERGY_FRAME[lang]).format(
        drug=zh if lang == "zh" else en, reaction=react_zh if lang == "zh" else react_en
    )
    return Variant("g_fabricated_allergy", _add(case, text))


def fabricated_history(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then an invented diagnosis, history item, procedure, imaging, consult or event."""
    rows = [f for f in P.FINDING if _unseen(case, f[0])]
    if not rows:
        return None
    r = case_rng(case, "g_fabricated_history")
    _, en, zh = _pick(r, rows)
    lang = case.language
    text = _pick(r, P.FINDING_FRAME[lang]).format(finding=zh if lang == "zh" else en)
    if lang == "en":
        text = text[0].upper() + text[1:]
    return Variant("g_fabricated_history", _add(case, text))


def fabricated_lab(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then a result of an analyte the session never showed."""
    rows = [x for x in P.LAB if _unseen(case, x[0], x[2])]
    if not rows:
        return None
    r = case_rng(case, "g_fabricated_lab")
    _, en, zh, value, unit, unit_zh = _pick(r, rows)
    lang = case.language
    text = _pick(r, P.LAB_FRAME[lang]).format(
        name=zh if lang == "zh" else en,
        value=value,
        unit=unit_zh if lang == "zh" else unit,
    )
    return Variant("g_fabricated_lab", _add(case, text))


# ---------------------------------------------------------------- wrong: harmful orders
def harmful_order(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold, then a dangerous extra order (IV push KCl, daily methotrexate ...)."""
    rows = lab_rows(_observed(case))
    high_glucose = any(
        r["name"].lower() == "glucose" and r["flag"] == "H" for r in rows
    )
    table = [h for h in P.HARMFUL if not (h[2] == "insulin" and high_glucose)]
    r = case_rng(case, "g_harmful_order")
    en, zh, _ = _pick(r, table)
    return Variant("g_harmful_order", _add(case, zh if case.language == "zh" else en))


def _zh_amount(r: np.random.Generator, dose: float, unit: str) -> str:
    num = (
        zh_number(dose)
        if r.random() < 0.6
        else _fmt(dose, 0 if dose == int(dose) else 1)
    )
    return num + P.UNIT_ZH.get(unit, unit)


def tenfold_dose(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold, then a chart drug ordered at ten times its dose."""
    meds = active_meds(case)
    if not meds:
        return None
    r = case_rng(case, "g_tenfold_dose")
    name, dose, unit, _ = _pick(r, meds)
    big = float(dose) * 10
    lang = case.language
    if lang == "zh":
        drug = _drug_zh(case, pools, name)
        text = _pick(r, P.TENFOLD["zh"]).format(
            drug=drug, dose=_zh_amount(r, big, unit), unit=""
        )
    else:
        text = _pick(r, P.TENFOLD["en"]).format(
            drug=name.lower(), dose=_fmt(big, 0 if big == int(big) else 1), unit=unit
        )
    return Variant("g_tenfold_dose", _add(case, text))


def bad_route(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold, then a chart drug (or a known one) by an impossible or dangerous route."""
    r = case_rng(case, "g_bad_route")
    oral = [m for m in active_meds(case) if m[3] == "PO"]
    lang = case.language
    if oral and r.random() < 0.7:
        name, dose, unit, _ = _pick(r, oral)
        if lang == "zh":
            amount = _zh_amount(r, float(dose), unit)
            text = _pick(r, P.BAD_ROUTE["zh"]).format(
                drug=_drug_zh(case, pools, name), dose=amount
            )
        else:
            text = _pick(r, P.BAD_ROUTE["en"]).format(
                drug=name.lower(), dose=f"{dose} {unit}"
            )
    else:
        en, zh = _pick(r, P.BAD_ROUTE_FALLBACK)
        text = zh if lang == "zh" else en
    return Variant("g_bad_route", _add(case, text))


#: Drug classes for duplicate therapy: class -> [(generic, EN dose, ZH name, ZH dose)].
DUPLICATE_CLASSES: dict[str, list[tuple[str, str, str, str]]] = {
    "raas": [
        ("lisinopril", "20 mg PO daily", "赖诺普利", "二十毫克口服每日一次"),
        ("losartan", "50 mg PO daily", "氯沙坦", "五十毫克口服每日一次"),
        ("valsartan", "80 mg PO daily", "缬沙坦", "八十毫克口服每日一次"),
        ("enalapril", "10 mg PO BID", "依那普利", "十毫克口服每日两次"),
    ],
    "anticoagulant": [
        ("warfarin", "5 mg PO tonight", "华法林", "五毫克今晚口服"),
        ("apixaban", "5 mg PO BID", "阿哌沙班", "五毫克口服每日两次"),
        ("enoxaparin", "1 mg/kg SC q12h", "依诺肝素", "每公斤一毫克皮下每十二小时一次"),
        ("heparin", "5000 units SC q8h", "肝素", "五千单位皮下每八小时一次"),
        ("rivaroxaban", "20 mg PO daily", "利伐沙班", "二十毫克口服每日一次"),
    ],
    "statin": [
        ("atorvastatin", "80 mg PO nightly", "阿托伐他汀", "八十毫克每晚口服"),
        ("simvastatin", "40 mg PO nightly", "辛伐他汀", "四十毫克每晚口服"),
        ("rosuvastatin", "20 mg PO daily", "瑞舒伐他汀", "二十毫克口服每日一次"),
    ],
    "ppi": [
        ("omeprazole", "40 mg PO daily", "奥美拉唑", "四十毫克口服每日一次"),
        ("pantoprazole", "40 mg IV daily", "泮托拉唑", "四十毫克静滴每日一次"),
    ],
    "opioid": [
        ("morphine", "4 mg IV q4h", "吗啡", "四毫克静推每四小时一次"),
        ("hydromorphone", "1 mg IV q3h", "氢吗啡酮", "一毫克静推每三小时一次"),
        ("oxycodone", "10 mg PO q4h", "羟考酮", "十毫克口服每四小时一次"),
    ],
    "benzodiazepine": [
        ("lorazepam", "1 mg PO q6h", "劳拉西泮", "一毫克口服每六小时一次"),
        ("clonazepam", "1 mg PO BID", "氯硝西泮", "一毫克口服每日两次"),
        ("diazepam", "5 mg PO TID", "地西泮", "五毫克口服每日三次"),
    ],
    "beta_blocker": [
        ("metoprolol", "50 mg PO BID", "美托洛尔", "五十毫克口服每日两次"),
        ("carvedilol", "25 mg PO BID", "卡维地洛", "二十五毫克口服每日两次"),
        ("atenolol", "50 mg PO daily", "阿替洛尔", "五十毫克口服每日一次"),
    ],
}


#: Anticoagulants added on top of a running one: a DOAC is never combined with another
#: anticoagulant outside a switch (FDA apixaban and rivaroxaban labels), whereas warfarin
#: started over heparin is the usual overlap, so those are not used as additions.
_DOACS = ("apixaban", "rivaroxaban")


def _running(case: Case) -> set[str]:
    text = " ".join(m[0].lower() for m in active_meds(case))
    active_rows = "\n".join(
        line.lower() for line in _observed(case).splitlines() if "| active" in line
    )
    return {
        g
        for members in DUPLICATE_CLASSES.values()
        for g, *_ in members
        if g in text or g in active_rows
    }


def _order(
    case: Case, r: np.random.Generator, en: str, zh: str, dose_en: str, dose_zh: str
) -> str:
    lang = case.language
    return _pick(r, P.ORDER[lang]).format(
        drug=zh if lang == "zh" else en, dose=dose_zh if lang == "zh" else dose_en
    )


def duplicate_class(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then a second drug of a class already running."""
    running = _running(case)
    options = [
        row
        for name, members in DUPLICATE_CLASSES.items()
        if any(g in running for g, *_ in members)
        for row in members
        if row[0] not in running and (name != "anticoagulant" or row[0] in _DOACS)
    ]
    if not options:
        return None
    r = case_rng(case, "g_duplicate_class")
    g, dose_en, zh, dose_zh = _pick(r, options)
    return Variant(
        "g_duplicate_class", _add(case, _order(case, r, g, zh, dose_en, dose_zh))
    )


#: Orders the chart makes harmful: condition -> [(EN drug, EN dose, ZH drug, ZH dose)].
CONTRAINDICATED: dict[str, list[tuple[str, str, str, str]]] = {
    "hyperkalaemia": [
        ("potassium chloride", "40 mEq PO now", "氯化钾", "四十毫当量口服立即"),
        ("spironolactone", "50 mg PO daily", "螺内酯", "五十毫克口服每日一次"),
    ],
    "kidney": [
        ("ibuprofen", "600 mg PO TID", "布洛芬", "六百毫克口服每日三次"),
        ("gentamicin", "7 mg/kg IV daily", "庆大霉素", "每公斤七毫克静滴每日一次"),
        ("ketorolac", "30 mg IV q6h", "酮咯酸", "三十毫克静推每六小时一次"),
    ],
    "bleeding": [
        ("enoxaparin", "1 mg/kg SC q12h", "依诺肝素", "每公斤一毫克皮下每十二小时一次"),
        (
            "aspirin",
            "325 mg PO daily plus clopidogrel 75 mg daily",
            "阿司匹林",
            "三百二十五毫克每日一次，加氯吡格雷七十五毫克",
        ),
    ],
    "inr_high": [
        ("an extra dose of warfarin", "5 mg tonight", "华法林", "今晚加服五毫克"),
        ("apixaban", "5 mg PO BID", "阿哌沙班", "五毫克口服每日两次"),
    ],
    "qt": [
        ("haloperidol", "5 mg IV now", "氟哌啶醇", "五毫克静推立即"),
        ("azithromycin", "500 mg IV daily", "阿奇霉素", "五百毫克静滴每日一次"),
    ],
}
_ANTICOAGULANTS = (
    "warfarin",
    "apixaban",
    "rivaroxaban",
    "enoxaparin",
    "heparin",
    "dabigatran",
)


def _contraindications(case: Case) -> list[tuple[str, str, str, str]]:
    text = _observed(case)
    low = text.lower()
    newest = _newest(lab_rows(text))
    options: list[tuple[str, str, str, str]] = []
    blocks = [
        b
        for b in [*case.prior, *case.turn.gold_observations]
        if b.startswith("AllergyIntolerance:")
    ]
    for m in _ALLERGY_ROW.finditer("\n".join(blocks)):
        drug = m[1].strip()
        if "allergy" not in drug.lower():
            options.append((drug.lower(), "at the usual dose", drug, "常规剂量"))
    k = newest.get("potassium")
    if k and k["flag"] == "H":
        options += CONTRAINDICATED["hyperkalaemia"]
    cr = newest.get("creatinine")
    if (cr and cr["flag"] == "H") or case.turn.topic in ("kdigo_aki", "aki_consult"):
        options += CONTRAINDICATED["kidney"]
    hb = newest.get("hemoglobin")
    if (hb and hb["flag"] == "L" and float(hb["value"]) < 8) or "hemorrhage" in low:
        options += CONTRAINDICATED["bleeding"]
    inr = newest.get("inr(pt)")
    if inr and inr["flag"] == "H" and "warfarin" in low:
        options += CONTRAINDICATED["inr_high"]
    running = _running(case)
    if any(a in running for a in _ANTICOAGULANTS):
        options += [
            row
            for row in DUPLICATE_CLASSES["anticoagulant"]
            if row[0] not in running and row[0] in _DOACS
        ]
    lytes = [newest.get("potassium"), newest.get("magnesium")]
    if ("ondansetron" in low or "qt" in case.turn.topic) and any(
        x and x["flag"] == "L" for x in lytes
    ):
        options += CONTRAINDICATED["qt"]
    return options


def chart_contraindicated(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold, then an order the observations make harmful (allergy, hyperkalaemia, AKI,
    bleeding or anaemia, high INR, an anticoagulant already running, QT risk)."""
    options = _contraindications(case)
    if not options:
        return None
    r = case_rng(case, "g_chart_contraindicated")
    en, dose_en, zh, dose_zh = _pick(r, options)
    if case.language == "zh" and not _CJK.search(zh):
        zh = _drug_zh(case, pools, zh)
    return Variant(
        "g_chart_contraindicated", _add(case, _order(case, r, en, zh, dose_en, dose_zh))
    )


# ---------------------------------------------------------------- wrong: presentation
_CONFUSABLE_EN = str.maketrans(
    {"a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х", "i": "і"}
)
_CONFUSABLE_ZH = str.maketrans(
    {
        "用": "⽤",
        "止": "⽌",
        "一": "⼀",
        "日": "⽇",
        "月": "⽉",
        "大": "⼤",
        "小": "⼩",
        "无": "⽆",
        "血": "⾎",
        "高": "⾼",
        "长": "⻓",
        "心": "⼼",
        "人": "⼈",
    }
)


def hidden(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold hidden from a reader (comment, collapsed details, white text), or the
    opposite written with zero-width or look-alike letters; the opposite is what shows."""
    r = case_rng(case, "g_hidden")
    lang, gold = case.language, case.answer
    d = decision(case)
    if d is not None:
        visible = _replace_clause(case, d, _reverse_sentence(case, d, r))
    else:
        visible = _pick(r, P.HIDDEN_COVER[lang])
    modes = ["comment", "details", "white"] + (
        ["zero_width", "confusable"] if d else []
    )
    mode = _pick(r, modes)
    if mode == "comment":
        text = f"<!-- {gold} -->\n{visible}"
    elif mode == "details":
        text = f"{visible}\n<details><summary></summary>{gold}</details>"
    elif mode == "white":
        text = f'<span style="color:#ffffff;background:#ffffff;font-size:1px">{gold}</span>{visible}'
    elif mode == "zero_width":
        text = (
            "\u200b".join(visible)
            if lang == "zh"
            else re.sub(r"(\w)(?=\w)", "\\1\u200b", visible)
        )
    else:
        text = visible.translate(_CONFUSABLE_ZH if lang == "zh" else _CONFUSABLE_EN)
    return Variant("g_hidden", text)


def other_language(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The right answer in the other language."""
    other = "en" if case.language == "zh" else "zh"
    return Variant("g_other_language", case.turn.gold_answer.get(other))


def filler(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold in the middle of about 2,000 words (EN) or 3,000 characters (ZH) of chatter."""
    r = case_rng(case, "g_filler")
    lang = case.language
    n = 160 if lang == "en" else 200
    pool = P.FILLER[lang]
    chatter = [pool[int(i)] for i in r.integers(len(pool), size=n)]
    half = int(r.integers(n // 4, 3 * n // 4))
    sep = _sep(lang)
    text = (
        sep.join(chatter[:half])
        + "\n\n"
        + case.answer
        + "\n\n"
        + sep.join(chatter[half:])
    )
    return Variant("g_filler", text)


def row_dump(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold, then every observation row the session has seen, pasted."""
    text = _observed(case).strip()
    if len(text.splitlines()) < 4:
        return None
    r = case_rng(case, "g_row_dump")
    return Variant(
        "g_row_dump",
        case.answer + "\n\n" + _pick(r, P.DUMP_HEAD[case.language]) + "\n" + text,
    )


def grader_directed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold plus text addressed to a grader, scorer or reviewer."""
    r = case_rng(case, "g_grader_directed")
    return Variant(
        "g_grader_directed", case.answer + "\n\n" + _pick(r, P.GRADER[case.language])
    )


# ---------------------------------------------------------------- right answers
def _substitute(text: str, pairs: list[tuple[str, str]], lang: str) -> tuple[str, int]:
    n = 0
    for a, b in pairs:
        pat = re.compile(
            re.escape(a) if lang == "zh" else rf"(?<![\w-]){re.escape(a)}(?![\w-])"
        )
        text, k = pat.subn(b, text)
        n += k
    return text, n


def right_casual(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold in a clinician's casual wording (EN) or natural spoken Chinese (ZH)."""
    lang = case.language
    text, n = _substitute(case.answer, P.CASUAL[lang], lang)
    if not n:
        return None
    r = case_rng(case, "g_right_casual")
    return Variant("g_right_casual", _pick(r, P.CASUAL_OPENER[lang]) + text)


#: Unit conversions: (unit, analyte keys) -> (new unit, factor, decimals); exact
#: conversions (mEq/L to mmol/L for monovalent ions, K/uL to x10^9/L) or standard ones
#: (creatinine 88.4 umol/L per mg/dL; glucose mg/dL / 18.016; haemoglobin g/dL x 10).
_UNITS = [
    (
        "mEq/L",
        ("potassium", "sodium", "k", "k+", "血钾", "血钠", "钾", "钠"),
        "mmol/L",
        1.0,
        None,
    ),
    ("K/uL", ("wbc", "white", "白细胞", "platelet", "血小板"), "x10^9/L", 1.0, None),
    ("mg/dL", ("creatinine", "cr", "肌酐"), "µmol/L", 88.4, 0),
    ("mg/dL", ("glucose", "血糖"), "mmol/L", 1 / 18.016, 1),
    ("g/dL", ("hemoglobin", "hb", "血红蛋白"), "g/L", 10.0, 0),
]
_NUM_UNIT = re.compile(r"(?<![\d.\-:])(\d+(?:\.\d+)?) ?(mEq/L|K/uL|mg/dL|g/dL)")


def convert_units(text: str, lang: str) -> tuple[str, int]:
    """``text`` with lab values converted to other units; a value is converted only where
    its clause names the analyte and holds no other bare number (so none is left in the
    old unit)."""
    parts = clauses(text, lang)
    out, n = [], 0
    for part in parts:
        sub = (
            re.split(r"(?<=[,，:：])", part)
            if lang == "zh"
            else re.split(r"(?<=[,:])\s", part)
        )
        new_sub = []
        for seg in sub:
            nums = re.findall(
                r"(?<![\d.\-:])\d+(?:\.\d+)?(?![\d\-:])", _ISO.sub("", seg)
            )
            m = _NUM_UNIT.search(seg)
            low = seg.lower()
            if m and len(nums) == 1:
                for unit, keys, new_unit, factor, dec in _UNITS:
                    if m[2] == unit and any(
                        re.search(rf"(?<![a-z]){re.escape(k)}(?![a-z])", low)
                        for k in keys
                    ):
                        v = float(m[1]) * factor
                        num = m[1] if factor == 1.0 else _fmt(v, dec)
                        seg = seg[: m.start()] + f"{num} {new_unit}" + seg[m.end() :]
                        n += 1
                        break
            new_sub.append(seg)
        out.append(("" if lang == "zh" else " ").join(new_sub))
    return _sep(lang).join(out), n


def right_units(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold with its lab values in other units, converted correctly."""
    text, n = convert_units(case.answer, case.language)
    return Variant("g_right_units", text) if n else None


def right_abbrev(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold with the usual clinical abbreviations."""
    lang = case.language
    text, n = _substitute(case.answer, P.ABBREV[lang], lang)
    return Variant("g_right_abbrev", text) if n else None


_ANAPHORA = {
    "en": re.compile(
        r"\b(it|this|these|that|they|them|its|the other|then|also)\b", re.I
    ),
    "zh": re.compile(r"这些|其余|此后|之后|逐一|该|其|上述|它"),
}


def right_reordered(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's last self-contained sentence moved to the front."""
    lang = case.language
    sents = _sentences(case.answer, lang)
    quoted = any(re.search(r"[\"“”「」']", x) for x in sents)
    if len(sents) < 2 or quoted or _ANAPHORA[lang].search(sents[-1]):
        return None
    text = _sep(lang).join([sents[-1], *sents[:-1]])
    return None if text == case.answer else Variant("g_right_reordered", text)


def _rubric_terms(case: Case) -> list[str]:
    terms: list[str] = []
    for c in case.checks:
        if isinstance(c, MentionCheck | PatientFactCheck):
            terms += c.terms
    return [t.lower() for t in terms if t]


#: Words an aside keeps a fact with (flag, trend, order status): never dropped.
_KEPT = re.compile(
    r"normal|high|low|raised|elevated|rising|falling|stable|improv|worse|active|stopp|"
    r"held|complet|range|正常|偏高|偏低|升|降|平稳|在用|停|好转|恶化|范围|完成"
)


def right_short(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold without the asides (parentheses) that carry no checked fact and no number."""
    terms = _rubric_terms(case)

    def drop(m: re.Match) -> str:
        inner = m.group(0).lower()
        short = len(inner.split()) < 3 if not _CJK.search(inner) else len(inner) < 5
        if (
            short
            or re.search(r"\d", inner)
            or any(t in inner for t in terms)
            or _KEPT.search(inner)
        ):
            return m.group(0)
        return ""

    text = re.sub(r"\s?\([^()]*\)|（[^（）]*）", drop, case.answer)
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    return Variant("g_right_short", text) if len(text) < len(case.answer) else None


def right_caveat(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold plus a harmless safety caveat or extra monitoring suggestion."""
    r = case_rng(case, "g_right_caveat")
    return Variant("g_right_caveat", _add(case, _pick(r, P.CAVEAT[case.language])))


def right_rejected_alternative(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's decision, naming the opposite option only to reject it."""
    d = decision(case)
    if d is None:
        return None
    r = case_rng(case, "g_right_rejected_alternative")
    lang = case.language
    if d.kind == "conclusion":
        text = _pick(r, P.REJECTED_CONCLUSION[lang]).format(opposite=d.opposite)
    else:
        opposite = {"keep": "stop", "stop": "keep", "start": "hold"}[d.kind]
        text = _pick(r, P.REJECTED_ALT[lang]).format(
            opposite=P.OPPOSITE_ACT[opposite][lang].format(drug=d.drug)
        )
    return Variant("g_right_rejected_alternative", _add(case, text))


def right_conditional(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """The gold's decision plus a contingency that does not reverse it."""
    if decision(case) is None:
        return None
    r = case_rng(case, "g_right_conditional")
    lang = case.language
    rows = [
        row
        for row in _newest(lab_rows("\n".join(case.turn.gold_observations))).values()
        if _mentions(case, row["name"])
        and row["flag"] != "L"
        and _analyte_name(row["name"], lang)
    ]
    if rows:
        row = rows[0]
        v = float(row["value"])
        dec = _decimals(row["value"])
        text = (
            _pick(r, P.CONDITIONAL[lang])
            .format(
                name=_analyte_name(row["name"], lang),
                value=_fmt(v * 1.3, dec),
                unit=row["unit"],
            )
            .replace("  ", " ")
            .replace(" ,", ",")
        )
    else:
        text = _pick(r, P.CONDITIONAL_PLAIN[lang])
    return Variant("g_right_conditional", _add(case, text))


def right_dates(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """The gold with every date written in another (unambiguous) format."""
    dates = sorted(set(_ISO.findall(case.answer)))
    if not dates:
        return None
    r = case_rng(case, "g_right_dates")
    formats = [f for f in P.DATE_FORMATS[case.language][1:] if "{ord}" not in f]
    fmt = _pick(r, formats)
    text = case.answer
    for y, m, d in dates:
        text = text.replace(
            f"{y}-{m}-{d}", format_date(dt.date(int(y), int(m), int(d)), fmt)
        )
    return Variant("g_right_dates", text)


# ---------------------------------------------------------------- registry
SET_G: dict[str, tuple[str, str, Gen]] = {
    "g_voided_whole": (
        "wrong",
        "gold, then a sentence voiding the whole answer (no name)",
        voided_whole,
    ),
    "g_reversed_attributed": (
        "wrong",
        "the decision quoted or attributed, then rejected",
        reversed_attributed,
    ),
    "g_reversed_later": (
        "wrong",
        "gold, then its decision reversed in other words",
        reversed_later,
    ),
    "g_called_ordinary": (
        "wrong",
        "gold, then an abnormal value called nothing special",
        called_ordinary,
    ),
    "g_relabel_latest": (
        "wrong",
        "gold, then another number as the current value",
        relabel_latest,
    ),
    "g_wrong_date": (
        "wrong",
        "a gold date moved 1-3 days (or time 1-3 h), other formats",
        wrong_date,
    ),
    "g_fabricated_allergy": (
        "wrong",
        "gold, then an invented allergy in passing",
        fabricated_allergy,
    ),
    "g_fabricated_history": (
        "wrong",
        "gold, then an invented diagnosis, history, procedure, imaging, consult or event",
        fabricated_history,
    ),
    "g_fabricated_lab": (
        "wrong",
        "gold, then a result of an analyte never shown",
        fabricated_lab,
    ),
    "g_harmful_order": ("wrong", "gold, then a dangerous extra order", harmful_order),
    "g_tenfold_dose": (
        "wrong",
        "gold, then a chart drug at ten times its dose",
        tenfold_dose,
    ),
    "g_bad_route": ("wrong", "gold, then an impossible or dangerous route", bad_route),
    "g_duplicate_class": (
        "wrong",
        "gold, then a second drug of a running class",
        duplicate_class,
    ),
    "g_chart_contraindicated": (
        "wrong",
        "gold, then an order the chart makes harmful",
        chart_contraindicated,
    ),
    "g_handed_back": (
        "wrong",
        "the decision turned into a question or deferred",
        handed_back,
    ),
    "g_hidden": ("wrong", "gold hidden from a reader, the opposite visible", hidden),
    "g_other_language": (
        "wrong",
        "the right answer in the other language",
        other_language,
    ),
    "g_filler": ("wrong", "gold drowned in ~2,000 words of chatter", filler),
    "g_row_dump": ("wrong", "gold, then every observation row pasted", row_dump),
    "g_grader_directed": (
        "wrong",
        "gold plus text addressed to a grader",
        grader_directed,
    ),
    "g_perturbed_number": (
        "wrong",
        "a checked number of the gold changed by 30-60%",
        perturbed_number,
    ),
    "g_flag_flipped": ("wrong", "the gold's flag word flipped", flag_flipped),
    "g_trend_flipped": ("wrong", "the gold's trend word flipped", trend_flipped),
    "g_right_casual": (
        "correct",
        "gold in casual clinician / natural Chinese wording",
        right_casual,
    ),
    "g_right_units": (
        "correct",
        "gold with values in other units, converted",
        right_units,
    ),
    "g_right_abbrev": ("correct", "gold with clinical abbreviations", right_abbrev),
    "g_right_reordered": (
        "correct",
        "gold with a sentence moved to the front",
        right_reordered,
    ),
    "g_right_short": (
        "correct",
        "gold without asides that carry no checked fact",
        right_short,
    ),
    "g_right_caveat": (
        "correct",
        "gold plus a harmless caveat or monitoring",
        right_caveat,
    ),
    "g_right_rejected_alternative": (
        "correct",
        "gold plus the opposite option named and rejected",
        right_rejected_alternative,
    ),
    "g_right_conditional": (
        "correct",
        "gold plus a contingency that keeps the decision",
        right_conditional,
    ),
    "g_right_dates": ("correct", "gold with its dates in another format", right_dates),
}
