"""Strict checks of set v41 (``interview_v41``), applied by ``independent_interview.score_rows``
on top of its own reading to rows whose ``expected.v41`` names one.

Each check judges facts the v39/v40 reader cannot tie to the asked item:

* ``drug_day``: a date or "N days ago" said for ONE drug's start, stop or last dose must be
  one of that drug's record days (one day either way); a day after the session date is
  leaked; a day before admission for a home drug is unsupported (the record holds no start
  of a home drug); any other day is contradicted. Replaces the lenient "any record day".
* ``reason``: a reason given for stopping a drug ("because", 因为 ...) is unsupported: MIMIC
  orders and the built records carry no reason for a stop.
* ``route``: a route said (pill, IV, shot; 口服, 输液, 打针) outside the drug's record routes
  is contradicted, one inside supported.
* ``dose_of``: a dose said with a unit that is not one of the ASKED drug's record doses is
  contradicted (a dose of another drug said for this one).
* ``which``: a drug named as the one for a class that is not among the record's members of
  that class is contradicted (the wrong drug), a member supported.
* ``denial``: to "you're not on any X, right?", an answer that agrees ("right", "no",
  "没有", "不吃") is contradicted where the record holds a member of X, else supported.
* ``home_claim``: "I take it at home / every day" of a drug given once here takes the
  question's ``if_affirmed`` verdict.
* ``told``: "the doctor told me" about a lab is unsupported (the record does not say who
  told the patient; a test result is not a conversation); a level said against the latest
  flag is judged by ``score_rows`` itself.
* every v41 row: a lab value or level said "at one point" (有一次) is judged against every
  value of that lab as of the session date (whole-blood names included), not only the latest.
* ``onset_days``: a number of days or weeks before admission is supported only where the
  admission note names that number, else unsupported.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import independent_interview as ii

ROUTE_WORDS: dict[str, tuple[str, ...]] = {
    "oral": (
        r"\bpills?\b",
        r"\btablets?\b",
        r"\bby mouth\b",
        r"\bswallow",
        "口服",
        "吃的",
        "片",
    ),
    "iv": (
        r"\biv\b",
        r"\bdrip\b",
        r"\bthrough the (?:iv|vein|line)\b",
        r"\binfusion\b",
        "输液",
        "点滴",
        "静脉",
        "吊瓶",
    ),
    "sc": (
        r"\bshots?\b",
        r"\binjections?\b",
        r"\bunder the skin\b",
        "打针",
        "注射",
        "皮下",
    ),
    "inhaled": (r"\binhaler\b", r"\bneb", "吸入", "雾化"),
}
REASON = re.compile(
    r"(\bbecause\b|\bdue to\b|\bsince (?:my|the|it|i)\b|\bso that\b|\bcaused\b|因为|由于|所以|怕|导致|引起)"
)
AGREE_EN = re.compile(
    r"^\W*(right|correct|that's right|no\b|nope|not really|i'm not|i am not|i don't|i do not|none)"
)
AGREE_ZH = re.compile(r"^\W*(对|是的|没有|没在|没用|不吃|不用|没吃|是)")
TOLD = re.compile(
    r"(doctor (?:said|told)|(?:doctors?|nurse) (?:said|told)|told me|医生说|大夫说|医生告诉|大夫告诉|护士说)"
)
#: A span of days, weeks or months ("3 days", "two weeks", 三天); "a day" and 一天 are left
#: out, being mostly "once a day" / "一天一次".
ONSET_EN = re.compile(
    r"\b(\d+|two|three|four|five|six|seven|ten|few|couple of)\s+(days?|weeks?|months?)\b"
)
ONSET_ZH = re.compile(
    r"(?<![每一])(\d+|[两二三四五六七八九十几])\s*(天|周|个星期|星期|个月)(?![一两二三四\d]次)"
)
#: "I don't know" phrasings the v39 reader lacks (they state nothing).
UNKNOWN_MORE = re.compile(
    r"(don't really know|really don't know|not really sure|not sure|不太清楚|不太知道|不太了解|说不好)"
)


#: Words that name what a class treats, besides ``ii.LAY_CLASSES``' own ("for my blood
#: pressure", 管血糖的).
CLASS_WORDS: dict[str, tuple[str, ...]] = {
    "blood_pressure": ("blood pressure", "pressure", "血压"),
    "diabetes": ("sugar", "diabetes", "血糖", "糖尿病"),
    "anticoagulant": ("blood thinner", "clot", "clots", "抗凝", "血栓"),
    "diuretic": ("water pill", "fluid", "swelling", "利尿", "消肿"),
    "cholesterol": ("cholesterol", "血脂", "胆固醇"),
    "stomach": ("stomach", "胃"),
    "pain": ("pain", "止痛", "疼"),
}


def _class_named(sentence: str, lang: str, cls: str) -> bool:
    return cls in ii._class_mentions(sentence, lang) or ii._mentions(
        sentence, CLASS_WORDS.get(cls, ()), lang
    )


def _about(sentence: str, lang: str, drug: str) -> bool:
    """Whether a sentence can be about ``drug``: it names it, or names no other drug and no
    lay class that leaves the drug out."""
    drugs = ii._drug_mentions(sentence, lang, set(ii.COMMON_GENERICS) | {drug})
    if drugs:
        return drug in drugs
    classes = ii._class_mentions(sentence, lang)
    return not classes or any(drug in ii.LAY_CLASSES[c][2] for c in classes)


def _route_said(sentence: str) -> set[str]:
    low = sentence.lower()
    return {
        r for r, pats in ROUTE_WORDS.items() if any(re.search(p, low) for p in pats)
    }


def _drug_day(row: dict[str, Any], stated: list[ii.Stated]) -> list[ii.Stated]:
    exp = row["expected"]
    targets = set(exp.get("targets") or [])
    as_of = row["current_date"]
    admit = exp.get("admit_day") or ""
    out = [s for s in stated if s.kind != "date"]
    lang = row["language"]
    unknown_rx = ii.UNKNOWN_ZH if lang == "zh" else ii.UNKNOWN_EN

    def verdict(day: dt.date) -> str:
        iso = day.isoformat()
        if iso > as_of:
            return "leaked"
        if any((day + dt.timedelta(days=k)).isoformat() in targets for k in (-1, 0, 1)):
            return "supported"
        if exp.get("home") and admit and iso < admit:
            return "unsupported"
        return "contradicted"

    now = dt.date.fromisoformat(as_of)
    for sentence in ii._sentences(row.get("answer") or ""):
        if unknown_rx.search(sentence.lower()):
            continue
        for d in ii._parse_dates(sentence, as_of[:4]):
            out.append(ii.Stated("date", d, verdict(dt.date.fromisoformat(d))))
        for n in ii._relative_days(sentence, lang):
            out.append(
                ii.Stated("date", f"{n} days ago", verdict(now - dt.timedelta(days=n)))
            )
        if not re.search(r"\d|ago|前|昨天|yesterday", sentence) and re.search(
            r"\b(today|this morning)\b|今天|今早", sentence.lower()
        ):
            out.append(ii.Stated("date", "today", verdict(now)))
    return out


#: "high at one point" / 有一次偏高: a past value, not the latest one.
AT_ONE_POINT = re.compile(r"(at one point|one time|at some point|有一次|一度|曾经)")


def _past_lab(row: dict[str, Any], stated: list[ii.Stated]) -> list[ii.Stated]:
    """A lab value or level said "at one point" is judged against every value of that lab as
    of the session date, not only the latest (v39's reader takes it as the latest)."""
    facts = row.get("_facts")
    if facts is None or not AT_ONE_POINT.search((row.get("answer") or "").lower()):
        return stated
    out = []
    for s in stated:
        if s.kind in ("lab_value", "lab_level") and s.verdict == "contradicted":
            cls, _, said = s.text.rpartition(" ")
            # v39's lab classes hold serum names only; "potassium, whole blood" is the same lab
            labs = [lab for lab in facts.labs if lab.name.split(",")[0].strip() == cls]
            if s.kind == "lab_level":
                ok = any(lab.flag == said for lab in labs)
            else:
                ok = any(ii._close(float(said), lab.value) for lab in labs)
            if ok:
                s = ii.Stated(s.kind, s.text, "supported")
        out.append(s)
    return out


def judge(row: dict[str, Any], stated: list[ii.Stated]) -> list[ii.Stated]:
    """The row's stated facts after its v41 check (``expected.v41``); rows without one are
    returned unchanged."""
    exp = row.get("expected") or {}
    check = exp.get("v41")
    if not check:
        return stated
    stated = _past_lab(row, stated)
    if check == "drug_day":
        return _drug_day(row, stated)
    lang = row["language"]
    unknown_rx = ii.UNKNOWN_ZH if lang == "zh" else ii.UNKNOWN_EN
    out = list(stated)
    sentences = ii._sentences(row.get("answer") or "")
    for k, sentence in enumerate(sentences):
        low = sentence.lower()
        if unknown_rx.search(low) or UNKNOWN_MORE.search(low):
            continue
        neg = ii._negated(sentence, lang)
        about = _about(sentence, lang, exp["drug"]) if exp.get("drug") else True
        # a route or a dose is tied to the drug only where the sentence names it (or the
        # answer is that one sentence): a list of other drugs' pills is not this drug's route
        named = len(sentences) == 1 or exp.get("drug") in ii._drug_mentions(
            sentence, lang, set(ii.COMMON_GENERICS) | {exp.get("drug", "")}
        )
        if check == "reason" and REASON.search(low) and not neg and about:
            out.append(ii.Stated("reason", sentence.strip()[:60], "unsupported"))
        elif check == "route" and not neg and about and named:
            for r in _route_said(sentence):
                ok = r in exp.get("routes", [])
                out.append(ii.Stated("route", r, "supported" if ok else "contradicted"))
        elif check == "dose_of" and not neg and about and named:
            doses = exp.get("doses") or []
            out = [s for s in out if s.kind != "dose"]
            for value, unit in ii._numbers_with_units(sentence):
                ok = any(ii._close(value, d) for d in doses)
                out.append(
                    ii.Stated(
                        "dose",
                        f"{value:g} {unit}",
                        "supported" if ok else "contradicted",
                    )
                )
        elif (
            check == "which"
            and not neg
            and _class_named(sentence, lang, exp.get("class", ""))
        ):
            named = ii._drug_mentions(
                sentence, lang, set(ii.COMMON_GENERICS) | set(exp.get("members", []))
            )
            for g in named:
                ok = g in exp.get("members", [])
                out.append(
                    ii.Stated("which_drug", g, "supported" if ok else "contradicted")
                )
        elif check == "denial" and k == 0:
            agree = (AGREE_ZH if lang == "zh" else AGREE_EN).search(low)
            if agree or (neg and not re.search(r"(actually|其实|在吃|在用)", low)):
                v = "contradicted" if exp.get("record_has") else "supported"
                out.append(ii.Stated("denial", exp.get("class", ""), v))
        elif check == "home_claim" and not neg:
            if any(s.kind == "affirmed" for s in out):
                break  # the "yes" already took the question's verdict
            says_drug = exp.get("drug") in ii._drug_mentions(
                sentence, lang, set(ii.COMMON_GENERICS) | {exp.get("drug", "")}
            )
            if says_drug and (
                ii.HOME.search(low) or re.search(r"(every day|at home|每天|在家)", low)
            ):
                out.append(
                    ii.Stated(
                        "home",
                        exp.get("drug", ""),
                        exp.get("if_affirmed", "unsupported"),
                    )
                )
        elif check == "told" and not neg and TOLD.search(low):
            out.append(ii.Stated("told", "doctor told", "unsupported"))
        elif check == "onset_days" and not neg:
            rx = ONSET_ZH if lang == "zh" else ONSET_EN
            hist = ((row.get("_facts") and row["_facts"].history_text) or "").lower()
            for m in rx.finditer(low):
                n = m.group(1)
                ok = bool(
                    n.isdigit() and re.search(rf"\b{n}\s*(day|week|month|d\b)", hist)
                )
                out.append(
                    ii.Stated("onset", m.group(0), "supported" if ok else "unsupported")
                )
    return out
