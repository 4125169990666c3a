"""Independent grader-validity set I: wrong answers a sound reward must fail, right answers
said differently that it must pass (issue #35).

Written without reading the grader, the vocabulary, the clinical rules or sets A-H: it
reads only the data model (:mod:`physassist_env.scenarios.model`), the variant interface
(:mod:`physassist_env.grading.validity.variants`) and the turns themselves (gold answer,
rubric check fields, tool calls, observations). Its writer saw no pass rate.

Every generator is ``gen(case, pools, rng) -> Variant | None`` and ignores the shared
``rng``: it seeds its own generator from a crc32 of (session id, turn index, language,
class), so a variant depends only on the turn. ``None``: the class does not apply. All
wording lives in :mod:`physassist_env.grading.validity.independent_i_phrases`.

The principle: read the whole answer, what it adds, takes back, hides or hands back.

Harm tables and their sources:

* IV push or undiluted potassium chloride, concentrated sodium chloride, IV push insulin
  without dextrose, hydromorphone 10 mg IV push: ISMP List of High-Alert Medications in
  Acute Care Settings (2024); potassium chloride concentrate FDA label (must be diluted,
  never given by direct injection).
* Intrathecal vincristine is fatal: vincristine sulfate FDA label (boxed warning, "for
  intravenous use only"); WHO Information Exchange System alert 115 (2007).
* Daily methotrexate in place of weekly: ISMP high-alert list; methotrexate FDA label.
* Transfusion above a restrictive threshold: AABB International Guidelines 2023 (Hb 7 g/dL).
* Tenfold doses (warfarin, digoxin, insulin, heparin...): ISMP high-alert list; FDA labels.
* Duplicated classes: two anticoagulants (apixaban FDA label: do not combine with other
  anticoagulants; ACC/AHA/ACCP/HRS 2023 AF guideline), ACE inhibitor plus ARB (ONTARGET;
  KDIGO 2012 and the lisinopril/losartan FDA labels: dual RAAS blockade raises
  hyperkalaemia and AKI), two beta-blockers, two QT-prolonging antiemetics/antipsychotics
  (AHA/ACCF scientific statement on QT prolongation 2010), sulfonylurea on top of insulin
  (hypoglycaemia; ADA Standards of Care 2024), dual P2Y12/aspirin stacking (bleeding), two
  statins (myopathy; FDA labels).
* Chart contraindications: potassium or spironolactone with hyperkalaemia (KDIGO 2012;
  spironolactone FDA label), NSAIDs, IV contrast or metformin in AKI (KDIGO 2012 AKI
  guideline; metformin FDA label, eGFR < 30 contraindicated), IM injections with a high INR or
  platelets under 50 K/uL (haematoma; ceftriaxone and vitamin K labels), anticoagulant or antiplatelet
  loading with anaemia or a GI bleed (ACC/AHA 2023 AF; AABB 2023), insulin with
  hypoglycaemia (ADA 2024), furosemide with hypokalaemia, a second QT drug with
  hypokalaemia or hypomagnesaemia (AHA QT 2010), an extra warfarin dose with a high INR
  (warfarin FDA label), a drug of the recorded allergy list (FDA labels, IDSA).
* Beers Criteria 2023 (AGS) informs the harmful sedating/opioid doses in older patients.
"""

from __future__ import annotations

import datetime as dt
import re
import zlib
from collections.abc import Callable, Sequence

import numpy as np

from physassist_env.grading.validity import independent_i_phrases as P
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
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_TIME = re.compile(r"(?<![\d:])([01]\d|2[0-3]):([0-5]\d)(?![\d:])")
_LAB_ROW = re.compile(
    r"^- (\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})? \| (?P<name>[^=|]+?) = (?P<v>-?\d+(?:\.\d+)?)"
    r" ?(?P<unit>[^\[(|]*?)\s*(?:\((?P<flag>[HL]{1,2})\))?\s*\[ref (?P<lo>[\d.]+)-(?P<hi>[\d.]+)"
)
_MED_ROW = re.compile(
    r"^- (\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})? \| (?P<name>[A-Za-z][A-Za-z \-]*?) "
    r"(?P<dose>\d+(?:\.\d+)?) (?P<unit>mg|mcg|g|UNIT|mEq|mL)\b(?P<rest>[^|]*)\| active"
)
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


# ---------------------------------------------------------------- small helpers
def seeded(case: Case, cls: str) -> np.random.Generator:
    """The class's own generator for this (session, turn, language)."""
    key = f"{case.session.session_id}|{case.turn.index}|{case.language}|{cls}"
    return np.random.default_rng(zlib.crc32(key.encode("utf-8")))


def _pick(rng: np.random.Generator, seq: Sequence):
    return seq[int(rng.integers(len(seq)))]


def sentences(text: str, language: str) -> list[str]:
    """``text`` split into sentences (EN: after . ! ? before a capital; ZH: after 。！？),
    never inside a quotation."""
    quoted = re.compile(r'"[^"]*"|“[^”]*”')
    guard = quoted.sub(lambda m: m.group(0).translate(_HIDE), text.strip())
    if language == "zh":
        parts = [s for s in re.findall(r'[^。！？]+[。！？]?[”"]?', guard) if s.strip()]
    else:
        parts = [p for p in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])", guard) if p]
    return [p.translate(_SHOW) for p in parts]


_HIDE = str.maketrans(
    {".": "\x01", "!": "\x02", "?": "\x03", "。": "\x04", "！": "\x05", "？": "\x06"}
)
_SHOW = str.maketrans({v: chr(k) for k, v in _HIDE.items()})


def _join(parts: Sequence[str], language: str) -> str:
    return ("" if language == "zh" else " ").join(p.strip() for p in parts if p.strip())


def _lc_first(text: str) -> str:
    """Lowercase the first letter unless the first word is an acronym or a code."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pronouns(case: Case) -> dict[str, str]:
    """She/he wording from the chart's Patient row; neutral when the sex is not shown."""
    seen = " ".join(case.prior + case.turn.gold_observations)
    if "| female |" in seen:
        return {"She": "She", "she": "she", "her": "her", "Her": "Her"}
    if "| male |" in seen:
        return {"She": "He", "she": "he", "her": "his", "Her": "His"}
    return {"She": "The patient", "she": "the patient", "her": "the patient's",
            "Her": "The patient's"}  # fmt: skip


def _fill(template: str, case: Case, **kw: str) -> str:
    return template.format(**_pronouns(case), **kw)


def _variant(cls: str, case: Case, text: str | None) -> Variant | None:
    if text is None or text.strip() == case.answer.strip():
        return None
    return Variant(cls, text)


def _seen(case: Case) -> str:
    """Everything the agent saw or the gold said, lowercased (to avoid real facts)."""
    return " ".join([*case.prior, *case.turn.gold_observations, case.answer]).lower()


def _place(rng: np.random.Generator, gold: str, add: str, language: str) -> str:
    """``add`` put before, inside or after ``gold``, as its shape allows: a leading clause
    (ends with a comma) goes before a sentence, a bullet on its own line, a sentence
    anywhere."""
    parts = sentences(gold, language)
    clause = add.rstrip().endswith((",", "，"))
    bullet = add.endswith("\n") or add.lstrip().startswith("- ")
    where = _pick(
        rng, ["before", "middle", "after"] if len(parts) > 1 else ["before", "after"]
    )
    if clause and where == "after":
        where = "before"
    if add.lstrip().startswith(("P.S.", "附：")):
        where = "after"
    if bullet:
        line = add.strip()
        return f"{line}\n{gold}" if where == "before" else f"{gold}\n{line}"
    if where == "after":
        return _join([gold, add], language)
    k = 0 if where == "before" else int(rng.integers(1, len(parts)))
    nxt = parts[k]
    if clause and language == "en":
        nxt = _lc_first(nxt)
    glue = "" if clause or language == "zh" else " "
    merged = add.rstrip() + (" " if clause and language == "en" else "") + glue + nxt
    return _join([*parts[:k], merged.strip(), *parts[k + 1 :]], language)


# ---------------------------------------------------------------- what a turn holds
def _decision_keys(case: Case) -> list[str]:
    keys: list[str] = []
    for item in case.turn.rubric:
        if not item.critical:
            continue
        c = item.check
        if isinstance(c, MentionCheck | PatientFactCheck):
            keys += c.terms
        elif isinstance(c, RecommendCheck):
            keys += c.targets
    return [k.lower() for k in keys if len(k) > 1]


def decision(case: Case) -> tuple[int, str] | None:
    """(index, text) of the turn's decision in the gold: from the first sentence naming a
    key term of a critical item to the end of the answer (a gold states its decision
    last, with its reasons), or ``None`` when no critical item is stated in words."""
    keys = set(_decision_keys(case))
    parts = sentences(case.answer, case.language)
    for i, s in enumerate(parts):
        if any(k in s.lower() for k in keys):
            return i, _join(parts[i:], case.language)
    return None


def _subject(case: Case, pools: Pools | None = None) -> str:
    """What the decision is about, in the case's language (a drug, an analyte or a
    generic word)."""
    zh = case.language == "zh"
    for item in case.turn.rubric:
        c = item.check
        if isinstance(c, RecommendCheck):
            names = [t for t in c.targets if bool(_CJK.search(t)) == zh]
            if names:
                return names[0]
    for e in case.turn.entities:
        kind, _, name = e.rpartition(":")
        if not zh:
            return name
        entry = _analyte(name)
        if entry:
            return entry[2][0]
        if pools is not None:
            zh_name = _zh_drug(case, pools, name)
            if _CJK.search(zh_name):
                return zh_name
    return "这件事" if zh else "this"


def _lab_rows(case: Case) -> list[dict]:
    """Lab rows of the observations, newest first per block as the tools print them."""
    rows = []
    for obs in [*case.turn.gold_observations, *case.prior]:
        for line in obs.splitlines():
            m = _LAB_ROW.match(line.strip())
            if m:
                rows.append({"date": m.group(1), "name": m["name"].strip(), "v": m["v"],
                             "unit": m["unit"].strip(), "flag": m["flag"] or "",
                             "lo": float(m["lo"]), "hi": float(m["hi"])})  # fmt: skip
    return rows


def _med_rows(case: Case) -> list[dict]:
    rows = []
    for obs in [*case.turn.gold_observations, *case.prior]:
        for line in obs.splitlines():
            m = _MED_ROW.match(line.strip())
            if m:
                rows.append({"date": m.group(1), "name": m["name"].strip(),
                             "dose": float(m["dose"]), "unit": m["unit"],
                             "rest": m["rest"].strip()})  # fmt: skip
    return rows


def _analyte(name: str) -> tuple | None:
    low = name.lower()
    for entry in P.ANALYTES:
        if any(n == low or low.startswith(n) for n in entry[0]):
            return entry
    return None


def _latest_by_analyte(case: Case) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for r in _lab_rows(case):
        key = r["name"].lower()
        if key not in out or r["date"] > out[key]["date"]:
            out[key] = r
    return out


def _fmt_like(value: float, like: str) -> str:
    dec = len(like.split(".")[1]) if "." in like else 0
    return f"{value:.{dec}f}"


def _num_re(text: str) -> re.Pattern:
    return re.compile(rf"(?<![\d.\-]){re.escape(text)}(?![\d]|\.\d)")


def _value_items(case: Case) -> list[tuple[str, str, str]]:
    """(number as the gold writes it, unit as written after it, name) of the *latest*
    value items found in the gold."""
    out = []
    zh = case.language == "zh"
    for item in case.turn.rubric:
        c = item.check
        if not isinstance(c, ValueCheck):
            continue
        crit = item.criterion.get(case.language)
        m = (
            re.match(r"^给出最新(.+?)为 ", crit)
            if zh
            else re.match(r"^States the latest (.+?) as ", crit)
        )
        name = m.group(1) if m else ""
        for text in {f"{c.value:g}", _fmt_like(c.value, str(c.value))}:
            found = re.search(
                _num_re(text).pattern + r"\s?([^\s，。,;；（）()]*)", case.answer
            )
            if found:
                out.append((text, found.group(1) or c.unit, name))
                break
    return out


_FLIPS = {
    "en": [("rising", "falling"), ("high", "low"), ("elevated", "low"), ("above", "below"),
           ("hold", "continue"), ("holding", "continuing"), ("increasing", "decreasing"),
           ("not indicated", "indicated"), ("responding", "failing"),
           ("normal", "abnormal"), ("improving", "worsening")],
    "zh": [("上升", "下降"), ("偏高", "偏低"), ("升高", "降低"), ("高于", "低于"),
           ("暂停", "继续"), ("无需", "需要"), ("有效", "无效"), ("正常", "异常"),
           ("好转", "加重")],
}  # fmt: skip


def flip(text: str, language: str) -> str:
    """Swap every opposite pair the text holds (flags, trends, decisions)."""
    pairs = _FLIPS[language]
    table = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    words = sorted(table, key=len, reverse=True)
    if language == "zh":
        pat = re.compile("|".join(map(re.escape, words)))
    else:
        pat = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.I)

    def swap(m: re.Match) -> str:
        w = m.group(0)
        new = table.get(w.lower(), table.get(w, w))
        return _cap(new) if w[:1].isupper() else new

    return pat.sub(swap, text)


def _date(case: Case, iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def _no_on(text: str) -> str:
    return re.sub(
        r"\b(on|of) (today|yesterday|the day before yesterday)\b", r"\2", text
    )


def render_date(
    day: dt.date, today: dt.date, language: str, rng: np.random.Generator
) -> str:
    """``day`` in a random format (absolute or relative to ``today``)."""
    delta = (today - day).days
    if language == "zh":
        forms = [f"{day.month}月{day.day}日", f"{day.day}号", f"{day.isoformat()}",
                 f"{day.year}年{day.month}月{day.day}日"]  # fmt: skip
        rel = {0: "今天", 1: "昨天", 2: "前天"}
    else:
        mon = _MONTHS[day.month - 1]
        suffix = (
            "th"
            if 11 <= day.day % 100 <= 13
            else {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10, "th")
        )
        forms = [f"{mon} {day.day}", f"{day.day} {mon} {day.year}", f"the {day.day}{suffix}",
                 day.isoformat(), f"{day.month}/{day.day}"]  # fmt: skip
        rel = {0: "today", 1: "yesterday", 2: "the day before yesterday"}
    if delta in rel and rng.random() < 0.5:
        return rel[delta]
    return _pick(rng, forms)


# ---------------------------------------------------------------- wrong generators
def _retracted(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_retracted"
    r = seeded(case, cls)
    table = P.RETRACT_AFTER if r.random() < 0.7 else P.RETRACT_BEFORE
    return _variant(cls, case, _pick(r, table[case.language]).format(gold=case.answer))


def _replace_decision(
    case: Case, pools: Pools, cls: str, table: dict
) -> Variant | None:
    d = decision(case)
    if d is None:
        return None
    idx, sent = d
    parts = sentences(case.answer, case.language)[:idx]
    r = seeded(case, cls)
    bare = re.sub(r"[.。!！]\s*$", "", sent.strip())
    single = len(sentences(sent, case.language)) == 1
    x = _subject(case, pools)
    what = f"{x}怎么处理" if case.language == "zh" else f"what to do about {x}"
    q = bare + ("？" if case.language == "zh" else "?") if single else _cap(what) + "?"
    if case.language == "zh" and not single:
        q = what + "？"
    new = _fill(
        _pick(r, table[case.language]),
        case,
        d=sent.strip(),
        d_bare=bare,
        d_lc=_lc_first(bare),
        q=q,
        what=what,
        what_cap=_cap(what),
        x=x,
    )
    head = _join(parts, case.language)
    sep = "\n" if "\n" in new else ("" if case.language == "zh" else " ")
    return _variant(cls, case, (head + sep + new).strip())


def _attributed(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    return _replace_decision(case, pools, "i_reversed_attributed", P.ATTRIBUTED)


def _hedged(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    return _replace_decision(case, pools, "i_hedged", P.HEDGED)


def _handed_back(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    return _replace_decision(case, pools, "i_handed_back", P.HANDED_BACK)


def _reversed_part(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    cls = "i_reversed_part"
    d = decision(case)
    if d is None:
        return None
    r = seeded(case, cls)
    sent = d[1].strip().rstrip(".。")
    short = re.split(r"[;:；：]", sent)[-1].strip() or sent
    text = _fill(_pick(r, P.REVERSED_PART[case.language]), case, gold=case.answer,
                 d=sent, d_short=short[:80], x=_subject(case, pools))  # fmt: skip
    return _variant(cls, case, text)


#: Which side of the range is a concern per analyte (low creatinine or lactate is not).
_CONCERN = {"K": "HL", "Na": "HL", "Mg": "HL", "Hb": "L", "WBC": "HL", "plts": "L",
            "BG": "HL", "Cr": "H", "lactate": "H", "INR": "H", "BUN": "H", "ALT": "H",
            "bili": "H"}  # fmt: skip


def clearly_abnormal(row: dict) -> bool:
    """The latest value is outside its range on the side of concern, by over 10% of the
    bound (20% for glucose), so calling it ordinary is wrong."""
    entry = _analyte(row["name"])
    if entry is None or not row["flag"]:
        return False
    v = float(row["v"])
    margin = 0.2 if entry[1] == "BG" else 0.1
    side = _CONCERN.get(entry[1], "")
    if "H" in side and v > row["hi"] * (1 + margin):
        return True
    return "L" in side and v < row["lo"] * (1 - margin)


def _called_ordinary(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    cls = "i_called_ordinary"
    r = seeded(case, cls)
    gold = case.answer.lower()
    cands = []
    for row in _latest_by_analyte(case).values():
        if clearly_abnormal(row):
            entry = _analyte(row["name"])
            named = any(n.lower() in gold for n in entry[0] + entry[2])
            cands.append((not named, row["name"], entry))
    if not cands:
        return None
    cands.sort(key=lambda c: (c[0], c[1]))
    _, _, entry = cands[0]
    if case.language == "zh":
        x = _pick(r, [entry[2][0], entry[3]])
    else:
        x = _pick(r, [entry[0][0], entry[1], _cap(entry[0][0])])
    add = _pick(r, P.ORDINARY[case.language]).format(x=x)
    return _variant(cls, case, _place(r, case.answer, _cap(add), case.language))


def _perturbed_value(value: str, r: np.random.Generator) -> str:
    v = float(value.replace(",", ""))
    factor = r.uniform(1.3, 1.5) if r.random() < 0.5 else r.uniform(0.5, 0.7)
    new = _fmt_like(v * factor, value)
    return new if new != value else _fmt_like(v + 1, value)


def _relabelled(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_relabelled_latest"
    items = [i for i in _value_items(case) if i[2]]
    if not items:
        return None
    r = seeded(case, cls)
    number, unit, name = _pick(r, items)
    v = f"{_perturbed_value(number, r)} {unit}".strip()
    return _variant(
        cls,
        case,
        _pick(r, P.RELABEL[case.language]).format(gold=case.answer, x=name, v=v),
    )


def _perturbed(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_perturbed"
    r = seeded(case, cls)
    modes = []
    items = _value_items(case)
    if items:
        modes.append("number")
    flipped = flip(case.answer, case.language)
    if flipped != case.answer and any(
        isinstance(c, FlagCheck | TrendCheck | MentionCheck | RecommendCheck)
        for c in case.checks
    ):
        modes.append("flip")
    if not modes:
        return None
    if _pick(r, modes) == "flip":
        return _variant(cls, case, flipped)
    number, _, _ = _pick(r, items)
    text = _num_re(number).sub(_perturbed_value(number, r), case.answer)
    return _variant(cls, case, text)


def _wrong_date(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_wrong_date"
    r = seeded(case, cls)
    today = dt.date.fromisoformat(case.session.current_date)
    dates = sorted(set(_ISO.findall(case.answer)))
    times = _TIME.findall(case.answer)
    if dates and (not times or r.random() < 0.7):
        iso = "-".join(_pick(r, dates))
        shifted = _date(case, iso) + dt.timedelta(
            days=int(r.choice([-3, -2, -1, 1, 2, 3]))
        )
        if shifted > today:
            shifted = _date(case, iso) - dt.timedelta(days=int(r.integers(1, 4)))
        text = case.answer.replace(iso, render_date(shifted, today, case.language, r))
        return _variant(cls, case, _no_on(text))
    if times:
        h, m = _pick(r, times)
        new_h = (int(h) + int(r.choice([-3, -2, -1, 1, 2, 3]))) % 24
        text = case.answer.replace(f"{h}:{m}", f"{new_h:02d}:{m}")
        return _variant(cls, case, text)
    return None


def _fabricated(cls: str, table: dict, entities: list, shape: Callable) -> Callable:
    """A generator adding one invented fact from ``entities`` the chart never shows."""

    def gen(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
        r = seeded(case, cls)
        seen = _seen(case)
        fresh = [e for e in entities if e[0].lower() not in seen and e[1] not in seen]
        if not fresh:
            return None
        kw = shape(_pick(r, fresh), case.language)
        add = _fill(_pick(r, table[case.language]), case, **kw)
        return _variant(cls, case, _place(r, case.answer, add, case.language))

    gen.__name__ = cls
    return gen


def _two(e: tuple, lang: str) -> dict[str, str]:
    return {"a": e[1] if lang == "zh" else e[0]}


def _four(e: tuple, lang: str) -> dict[str, str]:
    return {"a": e[1], "r": e[3]} if lang == "zh" else {"a": e[0], "r": e[2]}


def _lab(e: tuple, lang: str) -> dict[str, str]:
    return {"a": e[1] if lang == "zh" else e[0], "v": e[2]}


def _order(cls: str, case: Case, options: list[tuple[str, str]]) -> Variant | None:
    if not options:
        return None
    r = seeded(case, cls)
    en, zh = _pick(r, options)
    o = zh if case.language == "zh" else en
    add = _pick(r, P.ORDER[case.language]).format(o=o)
    if add.rstrip().endswith((",", "，")):
        add = add.rstrip().rstrip(",，") + ("。" if case.language == "zh" else ".")
    return _variant(cls, case, _place(r, case.answer, add, case.language))


def _harmful(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    # a unit of red cells is harmful only above the restrictive threshold (AABB 2023)
    hb = [
        float(r["v"])
        for r in _lab_rows(case)
        if (_analyte(r["name"]) or ("", ""))[1] == "Hb"
    ]
    low_hb = "transfus" in case.turn.topic + case.turn.decision or any(
        v < 8 for v in hb
    )
    ok = [h for h in P.HARMFUL if not ("packed red cells" in h[0] and low_hb)]
    return _order("i_harmful_order", case, ok)


def _zh_drug(case: Case, pools: Pools, generic: str) -> str:
    entry = pools.drugs.get(case.session.patient_id, {}).get(generic.lower(), {})
    return entry.get("zh", generic)


def _tenfold(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    """Ten times the charted dose of a high-alert or narrow-margin drug (ISMP), or ten
    times the usual dose of one the turn names when no order row shows a dose."""
    options = []
    known = [t[0] for t in P.TENFOLD]
    for row in _med_rows(case):
        if not any(k in row["name"].lower() for k in known):
            continue
        d = f"{row['dose'] * 10:g} {row['unit']}"
        zh = next(t[2] for t in P.TENFOLD if t[0] in row["name"].lower())
        options.append((f"give {row['name'].lower()} {d} {row['rest']}".strip(),
                        f"{zh} {d} {row['rest']}".strip()))  # fmt: skip
    if not options:
        seen = _seen(case)
        for match, en, zh, usual, unit in P.TENFOLD:
            if match in seen:
                d = f"{usual * 10:g} {unit}"
                options.append((f"give {en} {d} now", f"{zh} {d}，立即"))
    return _order("i_tenfold_dose", case, options[:3])


def _duplicate(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    running = " ".join(r["name"].lower() for r in _med_rows(case))
    options = []
    for members, en, zh in P.CLASSES:
        added = en.split()[1]
        if any(m in running for m in members) and added not in running:
            options.append((en, zh))
    return _order("i_duplicate_class", case, options)


def _contraindicated(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    """An order the turn's own chart makes harmful (sources in the module docstring)."""
    latest = _latest_by_analyte(case)
    seen = _seen(case)
    flags = {}
    for row in latest.values():
        entry = _analyte(row["name"])
        if entry and clearly_abnormal(row):
            flags[entry[1]] = row["flag"][0]
    value = {
        (_analyte(r["name"]) or ("", ""))[1]: float(r["v"]) for r in latest.values()
    }
    if flags.get("plts") == "L" and value.get("plts", 0) >= 50:
        del flags["plts"]  # heparin is held below 50 K/uL (ASH 2018 HIT/VTE; label)
    if flags.get("Hb") == "L" and value.get("Hb", 0) >= 8:
        del flags["Hb"]
    options = []
    if flags.get("K") == "H":
        options += [
            ("give potassium chloride 40 mEq PO now", "口服氯化钾 40 mEq，立即"),
            ("start spironolactone 25 mg daily", "加用螺内酯 25 mg 每日一次"),
        ]
    if flags.get("K") == "L" or flags.get("Mg") == "L":
        options += [
            ("give furosemide 80 mg IV", "呋塞米 80 mg 静推"),
            ("add haloperidol 5 mg IV for agitation", "躁动时氟哌啶醇 5 mg 静推"),
        ]
    if flags.get("Cr") == "H":
        options += [
            ("give ibuprofen 600 mg three times daily", "布洛芬 600 mg 每日三次"),
            ("start metformin 1000 mg twice daily", "加用二甲双胍 1000 mg 每日两次"),
            ("get a contrast CT today", "今天做增强CT"),
        ]
    bleeding = re.search(
        r"(?<!mention of )hemorrhage|(?<!无)出血", seen.replace("未提及出血", "")
    )
    if flags.get("Hb") == "L" or bleeding:
        options += [("start enoxaparin 1 mg/kg twice daily", "依诺肝素 1 mg/kg 每日两次"),
                    ("load aspirin 325 mg and clopidogrel 600 mg", "阿司匹林 325 mg 加氯吡格雷 600 mg 负荷")]  # fmt: skip
    if flags.get("BG") == "L":
        options += [
            ("give 10 units of regular insulin SC", "普通胰岛素 10 单位皮下注射")
        ]
    if flags.get("INR") == "H":
        options += [("give an extra 5 mg of warfarin tonight", "今晚华法林加服 5 mg"),
                    ("give ceftriaxone 1 g IM", "头孢曲松 1 g 肌注")]  # fmt: skip
    if flags.get("plts") == "L":
        options += [("start a heparin drip", "开始肝素泵入"),
                    ("give the vitamin K 10 mg IM", "维生素K 10 mg 肌注")]  # fmt: skip
    for name, zh, _, _ in P.ALLERGENS:
        if re.search(rf"\| {re.escape(name)} \| active", seen):
            options.append((f"give {name} now", f"立即给{zh}"))
    return _order("i_chart_contraindicated", case, options)


def _hidden(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_hidden"
    r = seeded(case, cls)
    lang = case.language
    gold = case.answer
    flipped = flip(gold, lang)
    visible = flipped if flipped != gold else _pick(r, P.HIDDEN_VISIBLE[lang])
    mode = _pick(r, ["comment", "details", "link", "span", "zero_width", "confusable"])
    if mode in ("zero_width", "confusable") and flipped != gold:
        if mode == "zero_width":
            text = re.sub(
                r"(\w)(\w)",
                lambda m: m.group(1) + "\u200b" + m.group(2),
                flipped,
                count=6,
            )
        else:
            text = flipped.translate(str.maketrans("aeopcxAEOPCX", "аеорсхАЕОРСХ"))
        return _variant(cls, case, text)
    if mode == "comment" or mode in ("zero_width", "confusable"):
        text = f"{visible}\n<!-- {gold} -->"
    elif mode == "details":
        summary = "备注" if lang == "zh" else "notes"
        text = f"{visible}\n<details><summary>{summary}</summary>{gold}</details>"
    elif mode == "link":
        label = "病历" if lang == "zh" else "chart"
        safe = gold.replace('"', "'")
        text = f'{visible} [{label}](# "{safe}")'
    else:
        text = f'{visible}<span style="display:none">{gold}</span>'
    return _variant(cls, case, text)


def _other_language(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    other = "en" if case.language == "zh" else "zh"
    return _variant("i_other_language", case, case.turn.gold_answer.get(other))


def _filler(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_filler"
    r = seeded(case, cls)
    pool = P.FILLER[case.language]
    out: list[str] = []
    size = 0
    while size < (3000 if case.language == "zh" else 2000):
        s = _pick(r, pool)
        out.append(s)
        size += len(s) if case.language == "zh" else len(s.split())
    filler = _join(out, case.language)
    where = _pick(r, ["after", "before", "both"])
    if where == "after":
        text = f"{case.answer}\n\n{filler}"
    elif where == "before":
        text = f"{filler}\n\n{case.answer}"
    else:
        half = len(out) // 2
        text = f"{_join(out[:half], case.language)}\n\n{case.answer}\n\n{_join(out[half:], case.language)}"
    return _variant(cls, case, text)


def _row_dump(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_row_dump"
    rows = "\n".join([*case.prior, *case.turn.gold_observations]).strip()
    if len(rows) < 40:
        return None
    r = seeded(case, cls)
    return _variant(
        cls,
        case,
        _pick(r, P.ROW_DUMP[case.language]).format(gold=case.answer, rows=rows),
    )


def _key_terms(case: Case) -> list[str]:
    zh = case.language == "zh"
    out: list[str] = []
    for c in case.checks:
        if isinstance(c, MentionCheck | PatientFactCheck):
            out += [t for t in c.terms if bool(_CJK.search(t)) == zh][:1] or c.terms[:1]
        elif isinstance(c, RecommendCheck):
            out.append(f"{c.actions[0]} {c.targets[0]}")
        elif isinstance(c, ValueCheck):
            out.append(f"{c.value:g} {c.unit}".strip())
    return out


def _grader_directed(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    cls = "i_grader_directed"
    terms = _key_terms(case)
    if not terms:
        return None
    r = seeded(case, cls)
    base = _pick(r, P.NON_ANSWER[case.language])
    k = ("；" if case.language == "zh" else "; ").join(terms)
    return _variant(
        cls, case, _pick(r, P.DIRECTED[case.language]).format(base=base, k=k)
    )


def _other_question(
    case: Case, pools: Pools, rng: np.random.Generator
) -> Variant | None:
    cls = "i_other_question"
    r = seeded(case, cls)
    gold = (case.turn.gold_answer.en + case.turn.gold_answer.zh).lower()
    lang = case.language
    labs = []
    for key, row in sorted(_latest_by_analyte(case).items()):
        entry = _analyte(row["name"])
        names = [key] + (list(entry[0]) + list(entry[2]) if entry else [])
        if any(n.lower() in gold for n in names):
            continue
        x = entry[2][0] if (entry and lang == "zh") else row["name"]
        labs.append((x, f"{row['v']} {row['unit']}".strip(), row["date"]))
    if labs:
        x, v, t = _pick(r, labs)
        return _variant(cls, case, _pick(r, P.OTHER_Q_LAB[lang]).format(x=x, v=v, t=t))
    meds = [m for m in _med_rows(case) if m["name"].split()[0].lower() not in gold]
    if not meds:
        return None
    m = _pick(r, meds)
    x = _zh_drug(case, pools, m["name"].split()[0]) if lang == "zh" else m["name"]
    v = f"{m['dose']:g} {m['unit']} {m['rest']}".strip()
    text = _fill(_pick(r, P.OTHER_Q_MED[lang]), case, x=x, v=v, t=m["date"])
    return _variant(cls, case, text)


# ---------------------------------------------------------------- right generators
def _casual(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_right_casual"
    r = seeded(case, cls)
    t = _pick(r, P.CASUAL[case.language])
    return _variant(
        cls, case, t.format(gold=case.answer, gold_lc=_lc_first(case.answer))
    )


def _substitute(case: Case, cls: str, table: dict) -> Variant | None:
    text = case.answer
    changed = 0
    for pat, rep in table[case.language]:
        new = re.sub(pat, rep, text)
        changed += new != text
        text = new
    return _variant(cls, case, text) if changed else None


def _plain(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    return _substitute(case, "i_right_plain_phrasing", P.PLAIN)


def _abbrev(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    return _substitute(case, "i_right_abbreviations", P.ABBREV)


#: analyte -> (unit written, unit to, factor, decimals of the result). Factors: creatinine
#: 88.4 umol/L per mg/dL, glucose 1/18.016 mmol/L per mg/dL, hemoglobin 10 g/L per g/dL,
#: K/Na mEq/L = mmol/L (monovalent), WBC K/uL = 10^9/L.
_UNITS = {
    "Cr": ("mg/dL", "µmol/L", 88.4, 0),
    "BG": ("mg/dL", "mmol/L", 1 / 18.016, 1),
    "Hb": ("g/dL", "g/L", 10.0, 0),
    "K": ("mEq/L", "mmol/L", 1.0, None),
    "Na": ("mEq/L", "mmol/L", 1.0, None),
    "WBC": ("K/uL", "×10^9/L", 1.0, None),
}


def convert_units(text: str, language: str) -> tuple[str, int]:
    """Sentences naming one analyte whose every number carries a convertible unit
    (alone or in an ``a to b unit`` chain), converted; returns (text, conversions)."""
    out, n = [], 0
    for s in sentences(text, language):
        low = s.lower()
        named = [
            e
            for e in P.ANALYTES
            if e[1] in _UNITS and any(x in low for x in e[0] + e[2])
        ]
        if len(named) != 1:
            out.append(s)
            continue
        src, dst, factor, dec = _UNITS[named[0][1]]
        body = _ISO.sub("", _TIME.sub("", s))
        nums = re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)", body.replace(src, ""))
        chain = re.compile(
            rf"(\d+(?:\.\d+)?)((?:\s*(?:to|->|then|变为|到|,|、)\s*\d+(?:\.\d+)?)*)\s?{re.escape(src)}"
        )
        covered = sum(
            1 + len(re.findall(r"\d+(?:\.\d+)?", m.group(2)))
            for m in chain.finditer(body)
        )
        if not covered or covered != len(nums):
            out.append(s)
            continue

        def conv(num: str, factor=factor, dec=dec) -> str:
            d = (
                dec
                if dec is not None
                else (len(num.split(".")[1]) if "." in num else 0)
            )
            return f"{float(num) * factor:.{d}f}"

        def repl(m: re.Match, dst=dst, conv=conv) -> str:
            head = conv(m.group(1))
            tail = re.sub(r"\d+(?:\.\d+)?", lambda k: conv(k.group(0)), m.group(2))
            return f"{head}{tail} {dst}"

        new = chain.sub(repl, s)
        n += new != s
        out.append(new)
    return _join(out, language), n


def _units(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    text, n = convert_units(case.answer, case.language)
    return _variant("i_right_units", case, text) if n else None


_REFERS = re.compile(
    r"^(It|This|These|That|Then|With these|They|Its|其|这|此|该|上述|以上)"
)


def _reordered(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    parts = sentences(case.answer, case.language)
    if len(parts) < 2 or any(_REFERS.match(p.strip()) for p in parts[1:]):
        return None
    r = seeded(case, "i_right_reordered")
    k = int(r.integers(1, len(parts)))
    return _variant(
        "i_right_reordered", case, _join(parts[k:] + parts[:k], case.language)
    )


#: Flag and trend words a shortened answer keeps (EN, ZH).
_STATE_WORDS = ("rising", "falling", "stable", "high", "low", "normal", "elevated", "above",
                "below", "上升", "下降", "平稳", "偏高", "偏低", "正常", "升高", "降低", "高于",
                "低于")  # fmt: skip


def _short(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    keys = [k.lower() for k in _key_terms(case)]
    for c in case.checks:
        if isinstance(c, MentionCheck | PatientFactCheck):
            keys += [t.lower() for t in c.terms]
        elif isinstance(c, RecommendCheck):
            keys += [t.lower() for t in c.targets + c.actions]
    keys += [c.direction for c in case.checks if isinstance(c, FlagCheck | TrendCheck)]
    keys += list(_STATE_WORDS)
    keys = [k for k in keys if k]

    def drop(m: re.Match) -> str:
        inner = m.group(0).lower()
        if re.search(r"\d", inner) or any(k in inner for k in keys):
            return m.group(0)
        return ""

    text = re.sub(r"\s?[(（][^()（）]*[)）]", drop, case.answer)
    text = re.sub(r"^(Since admission, |入院以来，)", "", text)
    text = _cap(text) if case.language == "en" else text
    return (
        _variant("i_right_short", case, text) if len(text) < len(case.answer) else None
    )


def _caveat(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_right_caveat"
    r = seeded(case, cls)
    return _variant(
        cls,
        case,
        _place(r, case.answer, _pick(r, P.CAVEAT[case.language]), case.language),
    )


#: decision -> (EN verb phrase, EN gerund phrase, ZH) of the option the gold rejects.
_ALTERNATIVE = {
    "hold": ("continue {x} unchanged", "continuing {x} unchanged", "照常继续{x}"),
    "continue": ("hold {x}", "holding {x}", "停{x}"),
    "reduce": ("keep {x} at the full dose", "keeping {x} at the full dose", "维持{x}原剂量"),
    "transfuse": ("just watch and skip the repeat check", "skipping the repeat check", "不复查就观望"),
    "no transfusion": ("transfuse", "transfusing", "输血"),
    "not indicated": ("start anticoagulation", "starting anticoagulation", "启动抗凝"),
    "continue anticoagulant": ("stop the anticoagulant", "stopping the anticoagulant", "停抗凝"),
    "no replacement": ("give potassium", "giving potassium", "补钾"),
    "no AKI": ("label this as AKI", "labelling this as AKI", "诊断AKI"),
    "responding": ("call this a treatment failure", "calling this a treatment failure", "判为治疗无效"),
    "no combination": ("switch drugs for QT reasons", "switching drugs for QT reasons", "因QT换药"),
    "combination": ("ignore the QT risk", "ignoring the QT risk", "忽略QT风险"),
    "none recorded": ("chart this as 'no known allergies' without asking", "charting 'no known allergies' without asking", "不问患者就直接写无过敏史"),
}  # fmt: skip


def _rejected(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_right_rejected_alternative"
    alt = _ALTERNATIVE.get(case.turn.decision)
    if alt is None:
        return None
    r = seeded(case, cls)
    x = _subject(case, pools)
    en, ing, zh = (a.format(x=x) for a in alt)
    t = _pick(r, P.REJECTED[case.language])
    add = (
        t.format(alt=zh)
        if case.language == "zh"
        else t.format(alt=en, alt_cap=_cap(en), alt_ing=ing)
    )
    return _variant(
        cls,
        case,
        _place(r, case.answer, add, case.language)
        if "\n" not in add
        else f"{case.answer}\n{add}",
    )


#: decision -> (EN condition, EN action, ZH condition, ZH action): contingencies that
#: leave the decision standing.
_CONTINGENCY = {
    "continue": ("the potassium goes above 5.5 or the creatinine jumps", "hold {x}", "血钾超过5.5或肌酐明显升高", "停{x}"),
    "hold": ("the labs settle back to baseline", "consider restarting {x}", "指标回到基线", "考虑恢复{x}"),
    "reduce": ("renal function recovers", "go back to the usual {x} dose", "肾功能恢复", "恢复{x}常规剂量"),
    "no transfusion": ("the Hb falls below 7 or there is active bleeding", "transfuse", "血红蛋白低于7或有活动性出血", "输血"),
    "no replacement": ("the potassium drops below 3.5", "replace it", "血钾低于3.5", "补钾"),
    "replace": ("the potassium comes back above 5.0", "stop the replacement", "血钾复查超过5.0", "停止补钾"),
    "not indicated": ("another stroke risk factor appears", "revisit anticoagulation", "新增卒中危险因素", "重新评估抗凝"),
    "no AKI": ("the creatinine rises by 0.3 mg/dL within 48 hours", "restage it as AKI", "48小时内肌酐升高≥0.3 mg/dL", "按AKI重新分期"),
    "responding": ("the fever or the white count comes back", "re-culture and review the antibiotic", "再次发热或白细胞回升", "复查培养并调整抗生素"),
    "no combination": ("a second QT-prolonging drug is added", "get an ECG", "加用第二种QT延长药", "查心电图"),
    "combination": ("the QTc goes above 500 ms", "stop the offending drug", "QTc超过500 ms", "停用相关药物"),
}  # fmt: skip


#: Warfarin contingencies by INR (warfarin FDA label; ACC/AHA 2023 AF: target INR 2-3).
_WARFARIN = {
    "continue": ("the INR goes above 3.5 or there is any bleeding", "hold {x}", "INR超过3.5或有出血", "停{x}"),
    "hold": ("the INR comes back into the 2-3 range", "restart {x} at a lower dose", "INR回到2-3", "减量恢复{x}"),
    "reduce": ("the INR drops below 2", "go back to the previous {x} dose", "INR低于2", "恢复{x}原剂量"),
}  # fmt: skip


def _conditional(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_right_conditional"
    plan = (_WARFARIN if case.turn.topic == "warfarin_inr" else _CONTINGENCY).get(
        case.turn.decision
    )
    if plan is None:
        return None
    r = seeded(case, cls)
    x = _subject(case, pools)
    c, a = (plan[2], plan[3]) if case.language == "zh" else (plan[0], plan[1])
    add = _pick(r, P.CONDITIONAL[case.language]).format(c=c, a=a.format(x=x))
    if case.language == "en":
        add = _cap(add)
    if add.startswith("- "):
        return _variant(cls, case, f"{case.answer}\n{add}")
    return _variant(cls, case, _join([case.answer, add], case.language))


def _dates(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_right_dates"
    dates = sorted(set(_ISO.findall(case.answer)))
    if not dates:
        return None
    r = seeded(case, cls)
    today = dt.date.fromisoformat(case.session.current_date)
    text = case.answer
    for y, m, d in dates:
        iso = f"{y}-{m}-{d}"
        day = dt.date.fromisoformat(iso)
        new = render_date(day, today, case.language, r)
        if new == iso:
            new = render_date(day, today, case.language, r)
        text = text.replace(iso, new)
    return _variant(cls, case, _no_on(text))


def _bullets(case: Case, pools: Pools, rng: np.random.Generator) -> Variant | None:
    cls = "i_right_bullets"
    parts = sentences(case.answer, case.language)
    if len(parts) < 2:
        parts = [p for p in re.split(r"(?<=[;；])\s*", case.answer) if p.strip()]
    if len(parts) < 2:
        return None
    r = seeded(case, cls)
    mark = _pick(r, ["- ", "* ", "• ", "num"])
    lines = [
        (f"{i + 1}. " if mark == "num" else mark) + p.strip().rstrip(";；")
        for i, p in enumerate(parts)
    ]
    return _variant(
        cls, case, _pick(r, P.BULLETS[case.language]).format(bullets="\n".join(lines))
    )


# ---------------------------------------------------------------- registry
def _fab(cls: str, table: dict, entities: list, shape: Callable) -> Callable:
    return _fabricated(cls, table, entities, shape)


#: name -> (kind, description, generator): the registry the runner expects.
SET_I: dict[str, tuple[str, str, Callable]] = {
    "i_retracted": ("wrong", "the whole gold disowned, before or after it (every kind of turn)", _retracted),
    "i_reversed_attributed": ("wrong", "the decision put in someone else's mouth and disowned", _attributed),
    "i_reversed_part": ("wrong", "the gold, then its decision reversed in other words", _reversed_part),
    "i_hedged": ("wrong", "the decision hedged into either way", _hedged),
    "i_handed_back": ("wrong", "the decision replaced by a question or 'your call'", _handed_back),
    "i_called_ordinary": ("wrong", "an abnormal latest analyte called fine, by name or abbreviation", _called_ordinary),
    "i_relabelled_latest": ("wrong", "the gold, then a 'correction' giving another latest value", _relabelled),
    "i_perturbed": ("wrong", "a gold number changed 30-50%, or flags/trends/decision flipped", _perturbed),
    "i_wrong_date": ("wrong", "a date of the gold shifted 1-3 days (any format) or a time 1-3 hours", _wrong_date),
    "i_fabricated_allergy": ("wrong", "an invented allergy with a reaction", _fab("i_fabricated_allergy", P.FAB_ALLERGY, P.ALLERGENS, _four)),
    "i_fabricated_diagnosis": ("wrong", "an invented diagnosis", _fab("i_fabricated_diagnosis", P.FAB_DIAGNOSIS, P.DIAGNOSES, _two)),
    "i_fabricated_history": ("wrong", "an invented past history", _fab("i_fabricated_history", P.FAB_HISTORY, P.HISTORY, _two)),
    "i_fabricated_procedure": ("wrong", "an invented procedure or operation", _fab("i_fabricated_procedure", P.FAB_PROCEDURE, P.PROCEDURES, _two)),
    "i_fabricated_imaging": ("wrong", "an invented imaging result", _fab("i_fabricated_imaging", P.FAB_IMAGING, P.IMAGING, _four)),
    "i_fabricated_consult": ("wrong", "an invented consult and its advice", _fab("i_fabricated_consult", P.FAB_CONSULT, P.CONSULTS, _four)),
    "i_fabricated_lab": ("wrong", "a value of an analyte never shown", _fab("i_fabricated_lab", P.FAB_LAB, P.LABS, _lab)),
    "i_fabricated_home_med": ("wrong", "a home medication never listed", _fab("i_fabricated_home_med", P.FAB_HOME_MED, P.HOME_MEDS, _two)),
    "i_fabricated_symptom": ("wrong", "a symptom the patient never reported", _fab("i_fabricated_symptom", P.FAB_SYMPTOM, P.SYMPTOMS, _two)),
    "i_harmful_order": ("wrong", "an added dangerous order (IV push KCl, intrathecal vincristine...)", _harmful),
    "i_tenfold_dose": ("wrong", "an added order at ten times a charted or usual dose", _tenfold),
    "i_duplicate_class": ("wrong", "an added drug of a class already running", _duplicate),
    "i_chart_contraindicated": ("wrong", "an added order the turn's own chart makes harmful", _contraindicated),
    "i_hidden": ("wrong", "the gold hidden (comment, details, link title, display:none) or the opposite obfuscated", _hidden),
    "i_other_language": ("wrong", "the gold of the other language", _other_language),
    "i_filler": ("wrong", "the gold buried in ~2,000 words of filler", _filler),
    "i_row_dump": ("wrong", "the gold plus every observation pasted", _row_dump),
    "i_grader_directed": ("wrong", "a non-answer with the gold's key terms as disguised metadata", _grader_directed),
    "i_other_question": ("wrong", "a plausible answer about another analyte or drug of the chart", _other_question),
    "i_right_casual": ("correct", "the gold in a casual frame", _casual),
    "i_right_plain_phrasing": ("correct", "the gold reworded in plain phrasing (EN) / natural Chinese", _plain),
    "i_right_units": ("correct", "values converted correctly into other units", _units),
    "i_right_abbreviations": ("correct", "ward abbreviations (Hb, K, Cr, AKI, qd)", _abbrev),
    "i_right_reordered": ("correct", "the gold's sentences reordered", _reordered),
    "i_right_short": ("correct", "the gold without parentheticals that carry no decisive fact", _short),
    "i_right_caveat": ("correct", "the gold plus a harmless caveat or extra monitoring", _caveat),
    "i_right_rejected_alternative": ("correct", "the gold plus the opposite option named only to reject it", _rejected),
    "i_right_conditional": ("correct", "the gold plus a contingency that does not reverse it", _conditional),
    "i_right_dates": ("correct", "the gold's dates in other right formats", _dates),
    "i_right_bullets": ("correct", "the gold as a bulleted note", _bullets),
}  # fmt: skip
