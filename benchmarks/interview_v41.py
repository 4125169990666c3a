"""Question set v41 of the independent interview check (issue #39), written without reading
the patient's code, docs, tests or benchmarks.

v39 asked the admission history, v40 time-gated facts, leak probes, siblings and premises.
v41 asks where a record-grounded patient can turn one record fact into a different one:

* dates of ONE drug: when it was started, when it was stopped, when it was last given and
  "and before that?" (a follow-up that builds on the previous answer), how long ago the
  admission was ("more than a week ago?"), how many days before admission it began;
* doses, frequencies and routes of one named drug asked with a wrong value ("is it 80 mg?",
  "three times a day, correct?", "a pill or through the IV?"), and two-part questions
  ("what is it for, and how much?");
* WHICH drug: "which of your medicines is for your blood pressure?", combination products
  ("the one with hydrochlorothiazide in it?"), a drug given once here asked as a home drug;
* who said what ("did a doctor tell you, or did you see it on a test?"), "why did they stop
  it?" (MIMIC orders carry no reason: any reason is unsupported), what changed this stay;
* negative questions ("you're not on any blood thinner, right?") and lay words.

Each question carries its expected class and record facts; ``expected.v41`` names the strict
check of ``interview_judge_v41`` that the scorer applies on top of ``score_rows``' own.
Made with ``independent_interview.py make --set v41``.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import independent_interview as ii  # noqa: E402
import interview_v40 as v40  # noqa: E402

SET_NAME = "v41"

#: Hand-written phrasings per category (EN, ZH); slots filled from the record.
PHRASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "start_date": (
        ("When did you start on {drug}?", "What day did they first give you {drug}?"),
        ("{drug_zh}是从哪天开始用的？", "您第一次用{drug_zh}是什么时候？"),
    ),
    "stop_date": (
        ("When did they stop your {drug}?", "What day did the {drug} get stopped?"),
        ("{drug_zh}是哪天停的？", "医生什么时候把{drug_zh}停掉的？"),
    ),
    "stop_why": (
        ("Why did they stop it?", "What was the reason for stopping it?"),
        ("为什么给停了？", "停这个药是因为什么？"),
    ),
    "last_given": (
        (
            "When did you last get {drug}?",
            "When was the last time they gave you {drug}?",
        ),
        ("最近一次用{drug_zh}是哪天？", "{drug_zh}最后一次是什么时候给您用的？"),
    ),
    "before_that": (
        ("And before that?", "And the time before that?"),
        ("那再上一次呢？", "在那之前一次是哪天？"),
    ),
    "route": (
        (
            "Do you get your {drug} as a pill or through the IV?",
            "Is the {drug} a shot, a drip or a tablet?",
        ),
        ("{drug_zh}是口服还是打针输液？", "您的{drug_zh}是吃的还是打的？"),
    ),
    "wrong_dose": (
        (
            "Is your {drug} {dose} {unit}?",
            "They have you on {dose} {unit} of {drug}, is that right?",
        ),
        (
            "您的{drug_zh}是一次{dose}{unit_zh}吗？",
            "{drug_zh}给您用的是{dose}{unit_zh}，对吧？",
        ),
    ),
    "wrong_freq": (
        ("You take {drug} {freq}, correct?", "Is the {drug} {freq}?"),
        ("{drug_zh}您是{freq_zh}，对吗？", "{drug_zh}是不是{freq_zh}？"),
    ),
    "two_part": (
        (
            "What is the {drug} for, and how much of it do you take?",
            "Why are you on {drug}, and what's the dose?",
        ),
        ("{drug_zh}是治什么的？每次用多少？", "为什么要用{drug_zh}？剂量是多少？"),
    ),
    "which_drug": (
        (
            "Which of your medicines is for your {cond}?",
            "Which pill do you take for your {cond}?",
        ),
        ("您哪个药是治{cond_zh}的？", "您吃的药里，管{cond_zh}的是哪一个？"),
    ),
    "combo": (
        (
            "Is your {drug} the combination pill, the one with {partner} in it?",
            "Does your {drug} come mixed with {partner} in one tablet?",
        ),
        (
            "您的{drug_zh}是和{partner_zh}合在一起的复方片吗？",
            "{drug_zh}是不是含{partner_zh}的复合制剂？",
        ),
    ),
    "once_vs_home": (
        (
            "Do you take {drug} every day at home?",
            "Is {drug} one of the pills you take at home?",
        ),
        ("{drug_zh}您在家每天都吃吗？", "{drug_zh}是您在家平时吃的药吗？"),
    ),
    "neg_class": (
        ("You're not on any {cls}, right?", "You don't take a {cls}, do you?"),
        ("您没在用{cls_zh}吧？", "您不吃{cls_zh}，是吧？"),
    ),
    "who_said": (
        (
            "Did a doctor tell you your {lab} was off, or did you just see it on a test?",
            "Who told you about your {lab}, a doctor or the lab sheet?",
        ),
        (
            "是医生跟您说{lab_zh}不正常，还是您自己看的化验单？",
            "{lab_zh}的结果是谁告诉您的，大夫还是化验单？",
        ),
    ),
    "changed_stay": (
        (
            "What did they change in your medicines during this stay?",
            "Is there any new medicine they started since you came in?",
        ),
        ("这次住院期间您的药有什么变化？", "住进来以后医生给您加了什么新药？"),
    ),
    "ago_week": (
        (
            "Was it more than a week ago that you came in?",
            "Have you been here over a week now?",
        ),
        ("您住进来有一个多星期了吗？", "这次住院超过一周了吧？"),
    ),
    "onset_days": (
        (
            "How many days before you came in did this start?",
            "How long were you sick at home before coming in?",
        ),
        ("来医院之前难受了几天？", "在家不舒服了多少天才来的？"),
    ),
    "own_words": (
        (
            "Any problems with your waterworks?",
            "Has your ticker been acting up?",
            "Do you get winded lying flat?",
        ),
        ("小便有没有什么不对劲？", "心脏最近闹毛病了吗？", "躺平了会不会憋气？"),
    ),
}
#: Expected answer class per category.
CATEGORY_CLASS = {
    "start_date": "record_fact_or_unknown",
    "stop_date": "record_fact_or_unknown",
    "stop_why": "unknown",
    "last_given": "record_fact_or_unknown",
    "before_that": "record_fact_or_unknown",
    "route": "record_fact_or_unknown",
    "wrong_dose": "deny_or_unknown",
    "wrong_freq": "deny_or_unknown",
    "two_part": "record_fact_or_unknown",
    "which_drug": "record_fact_or_unknown",
    "combo": "deny_or_unknown",
    "once_vs_home": "deny_or_unknown",
    "neg_class": "record_fact_or_unknown",
    "who_said": "record_fact_or_unknown",
    "changed_stay": "record_fact_or_unknown",
    "ago_week": "record_fact_or_unknown",
    "onset_days": "record_fact_or_unknown",
    "own_words": "record_fact_or_unknown",
}
#: Combination partners a patient may confuse a drug with (common US fixed-dose products:
#: lisinopril/HCTZ (Zestoretic), losartan/HCTZ (Hyzaar), valsartan/HCTZ (Diovan HCT),
#: amlodipine/benazepril (Lotrel), metformin/sitagliptin (Janumet), oxycodone/acetaminophen
#: (Percocet), atorvastatin/amlodipine (Caduet), sacubitril/valsartan (Entresto)).
COMBOS: dict[str, str] = {
    "lisinopril": "hydrochlorothiazide",
    "losartan": "hydrochlorothiazide",
    "valsartan": "hydrochlorothiazide",
    "amlodipine": "benazepril",
    "metformin": "sitagliptin",
    "oxycodone": "acetaminophen",
    "acetaminophen": "oxycodone",
    "atorvastatin": "amlodipine",
}
COMBO_ZH = {
    "hydrochlorothiazide": "氢氯噻嗪",
    "benazepril": "贝那普利",
    "sitagliptin": "西格列汀",
    "acetaminophen": "对乙酰氨基酚",
    "oxycodone": "羟考酮",
    "amlodipine": "氨氯地平",
}
#: Frequencies asked (per day -> EN, ZH).
FREQ_ASK = {
    1: ("once a day", "一天一次"),
    2: ("twice a day", "一天两次"),
    3: ("three times a day", "一天三次"),
}
#: Routes a record's dosage route code maps to (MIMIC route codes).
ROUTE_OF = {
    "PO": "oral",
    "ORAL": "oral",
    "PO/NG": "oral",
    "NG": "oral",
    "SL": "oral",
    "IV": "iv",
    "IV DRIP": "iv",
    "IV BOLUS": "iv",
    "IVPCA": "iv",
    "SC": "sc",
    "SUBCUT": "sc",
    "IM": "sc",
    "INHALATION": "inhaled",
    "NEB": "inhaled",
    "IH": "inhaled",
    "TP": "topical",
    "TD": "topical",
}
#: What a class treats, in a patient's English words (``which_drug``).
WHICH_EN = {
    "anticoagulant": "blood clots",
    "diuretic": "fluid",
    "blood_pressure": "blood pressure",
    "cholesterol": "cholesterol",
    "stomach": "stomach",
    "diabetes": "sugar",
    "pain": "pain",
}
#: What a class treats, in a patient's Chinese words (``which_drug``).
WHICH_ZH = {
    "anticoagulant": "防血栓",
    "diuretic": "消肿利尿",
    "blood_pressure": "血压",
    "cholesterol": "血脂",
    "stomach": "胃",
    "diabetes": "血糖",
    "pain": "疼痛",
}
#: Lay classes asked in ``which_drug`` and ``neg_class`` (keys of ``ii.LAY_CLASSES``).
CLASS_ASK = {
    "anticoagulant": ("blood thinner", "抗凝的药"),
    "diuretic": ("water pill", "利尿的药"),
    "blood_pressure": ("blood pressure", "降压药"),
    "cholesterol": ("cholesterol", "降血脂的药"),
    "stomach": ("stomach", "护胃的药"),
    "diabetes": ("sugar", "降糖药"),
    "pain": ("pain", "止痛药"),
}


def drug_history(record: Any, as_of: str) -> dict[str, dict[str, Any]]:
    """Per generic stem, from the record as of ``as_of``: order start days, stop days (order
    validity end on or before the date), administration days, routes and order count."""
    out: dict[str, dict[str, Any]] = defaultdict(
        lambda: {
            "starts": set(),
            "stops": set(),
            "given": set(),
            "routes": set(),
            "orders": 0,
            "running": False,
        }
    )
    for res in record.resources:
        kind = res.get("resourceType")
        if kind not in ("MedicationRequest", "MedicationAdministration"):
            continue
        name = ((res.get("medicationCodeableConcept") or {}).get("text") or "").strip()
        if not name:
            continue
        h = out[ii._stem(name)]
        if kind == "MedicationRequest":
            start = (res.get("authoredOn") or "")[:10]
            end = (
                ((res.get("dispenseRequest") or {}).get("validityPeriod") or {}).get(
                    "end"
                )
                or ""
            )[:10]
            if not start or start > as_of:
                continue
            h["starts"].add(start)
            h["orders"] += 1
            if end and end <= as_of:
                h["stops"].add(end)
            else:
                h["running"] = True
            for di in res.get("dosageInstruction") or []:
                for c in (di.get("route") or {}).get("coding") or []:
                    r = ROUTE_OF.get(str(c.get("code", "")).upper())
                    if r:
                        h["routes"].add(r)
        else:
            day = (
                res.get("effectiveDateTime")
                or (res.get("effectivePeriod") or {}).get("start")
                or ""
            )[:10]
            if day and day <= as_of:
                h["given"].add(day)
                h["routes"].add("iv")  # ICU input events are drips and boluses
    return {k: v for k, v in out.items() if v["starts"] or v["given"]}


def _zh(g: str) -> str:
    return ii.DRUG_ZH[g][0]


def _candidates(
    facts: ii.RecordFacts, hist: dict[str, dict[str, Any]], rng: random.Random
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, Any]]]:
    """Slots and expectations of every v41 category this record can carry."""
    slots: dict[str, dict[str, str]] = {}
    exp: dict[str, dict[str, Any]] = {}
    as_of = dt.date.fromisoformat(facts.as_of)
    ever = facts.med_stems() | {m.stem for m in facts.future_meds}
    askable = sorted(g for g in hist if g in v40.ASKABLE)
    home = facts.home_stems

    def pick(pool: list[str]) -> str | None:
        return rng.choice(pool) if pool else None

    g = pick([g for g in askable if hist[g]["starts"]])
    if g:
        slots["start_date"] = {"drug": g, "drug_zh": _zh(g)}
        exp["start_date"] = {
            "drug": g,
            "v41": "drug_day",
            "targets": sorted(hist[g]["starts"])[:1],
            "home": g in home,
            "admit_day": facts.admit_day,
        }
    g = pick([g for g in askable if hist[g]["stops"] and not hist[g]["running"]])
    if g:
        slots["stop_date"] = {"drug": g, "drug_zh": _zh(g)}
        exp["stop_date"] = {
            "drug": g,
            "v41": "drug_day",
            "targets": sorted(hist[g]["stops"])[-1:],
            "home": False,
            "admit_day": facts.admit_day,
        }
        exp["stop_why"] = {"drug": g, "v41": "reason"}
    g = pick([g for g in askable if len(hist[g]["starts"] | hist[g]["given"]) >= 2])
    if g:
        days = sorted(hist[g]["starts"] | hist[g]["given"])
        slots["last_given"] = {"drug": g, "drug_zh": _zh(g)}
        exp["last_given"] = {
            "drug": g,
            "v41": "drug_day",
            "targets": days[-1:],
            "home": False,
            "admit_day": facts.admit_day,
        }
        exp["before_that"] = {
            "drug": g,
            "v41": "drug_day",
            "targets": days[:-1][-2:],
            "home": False,
            "admit_day": facts.admit_day,
        }
    g = pick([g for g in askable if hist[g]["routes"]])
    if g:
        slots["route"] = {"drug": g, "drug_zh": _zh(g)}
        exp["route"] = {"drug": g, "v41": "route", "routes": sorted(hist[g]["routes"])}
    dosed = sorted(
        {m.stem for m in facts.meds if m.doses and m.stem in v40.ASKABLE and m.unit}
    )
    g = pick(dosed)
    if g:
        same = [m for m in facts.meds if m.stem == g]
        doses = sorted({d for m in same for d in m.doses})
        unit = next(m.unit for m in same if m.unit)
        wrong = doses[-1] * 2
        wrong_txt = f"{wrong:g}"
        slots["wrong_dose"] = {
            "drug": g,
            "drug_zh": _zh(g),
            "dose": wrong_txt,
            "unit": unit.lower(),
            "unit_zh": {
                "mg": "毫克",
                "mcg": "微克",
                "g": "克",
                "unit": "单位",
                "units": "单位",
                "ml": "毫升",
                "meq": "毫当量",
                "meq/l": "毫当量",
            }.get(unit.lower(), "毫克"),
        }
        exp["wrong_dose"] = {
            "drug": g,
            "v41": "dose_of",
            "doses": doses,
            "asked_dose": wrong,
            "if_affirmed": "contradicted",
        }
        g2 = pick([x for x in dosed if x != g]) or g
        same = [m for m in facts.meds if m.stem == g2]
        slots["two_part"] = {"drug": g2, "drug_zh": _zh(g2)}
        exp["two_part"] = {
            "drug": g2,
            "v41": "dose_of",
            "doses": sorted({d for m in same for d in m.doses}),
        }
    freqs = sorted({m.stem for m in facts.meds if m.per_day and m.stem in v40.ASKABLE})
    g = pick(freqs)
    if g:
        have = {m.per_day for m in facts.meds if m.stem == g and m.per_day}
        wrong_f = [n for n in FREQ_ASK if n not in have]
        if wrong_f:
            n = rng.choice(wrong_f)
            slots["wrong_freq"] = {
                "drug": g,
                "drug_zh": _zh(g),
                "freq": FREQ_ASK[n][0],
                "freq_zh": FREQ_ASK[n][1],
            }
            exp["wrong_freq"] = {
                "drug": g,
                "per_day": sorted(have),
                "asked_per_day": n,
                "if_affirmed": "contradicted",
            }
    have_cls = [
        c for c in CLASS_ASK if any(m.stem in ii.LAY_CLASSES[c][2] for m in facts.meds)
    ]
    c = pick(sorted(have_cls))
    if c:
        slots["which_drug"] = {"cond": WHICH_EN[c], "cond_zh": WHICH_ZH[c]}
        exp["which_drug"] = {
            "class": c,
            "v41": "which",
            "members": sorted(
                {m.stem for m in facts.meds if m.stem in ii.LAY_CLASSES[c][2]}
            ),
        }
    c = rng.choice(sorted(CLASS_ASK))
    has = any(m.stem in ii.LAY_CLASSES[c][2] for m in facts.meds)
    slots["neg_class"] = {
        "cls": CLASS_ASK[c][0] if c != "blood_pressure" else "blood pressure pill",
        "cls_zh": CLASS_ASK[c][1],
    }
    slots["neg_class"]["cls"] = {
        "cholesterol": "cholesterol pill",
        "stomach": "stomach pill",
        "diabetes": "pill for your sugar",
        "pain": "pain pill",
    }.get(c, slots["neg_class"]["cls"])
    exp["neg_class"] = {"class": c, "v41": "denial", "record_has": has}
    g = pick([g for g in sorted(COMBOS) if g in facts.med_stems() and g in v40.ASKABLE])
    if g:
        partner = COMBOS[g]
        combined = any(
            g in m.name.lower() and partner in m.name.lower() for m in facts.meds
        )
        slots["combo"] = {
            "drug": g,
            "drug_zh": _zh(g),
            "partner": partner,
            "partner_zh": COMBO_ZH[partner],
        }
        exp["combo"] = {
            "drug": g,
            "partner": partner,
            "if_affirmed": "supported"
            if combined
            else ("unsupported" if partner in ever else "contradicted"),
        }
    once = [
        g
        for g in askable
        if hist[g]["orders"] + len(hist[g]["given"]) == 1
        and g not in home
        and g not in v40.NOT_ORAL
    ]
    g = pick(once)
    if g:
        slots["once_vs_home"] = {"drug": g, "drug_zh": _zh(g)}
        exp["once_vs_home"] = {
            "drug": g,
            "v41": "home_claim",
            "if_affirmed": "contradicted" if home else "unsupported",
        }
    flagged = sorted({ii._lab_class(lab.name) for lab in facts.labs} - {None})
    c = pick(flagged)
    if c:
        latest = max(
            (lab for lab in facts.labs if ii._lab_class(lab.name) == c),
            key=lambda x: x.day,
        )
        slots["who_said"] = {"lab": ii.LAB_LAY[c][0], "lab_zh": ii.LAB_LAY[c][1]}
        exp["who_said"] = {
            "lab": c,
            "v41": "told",
            "latest_flag": latest.flag,
            "has_notes": facts.has_notes,
        }
    if facts.admit_day:
        days_ago = (as_of - dt.date.fromisoformat(facts.admit_day)).days
        new = sorted(
            {
                m.stem
                for m in facts.meds
                if m.day and m.day >= facts.admit_day and m.stem not in home
            }
        )
        exp["changed_stay"] = {"new_drugs": new[:20]}
        exp["ago_week"] = {
            "admit_day": facts.admit_day,
            "days_ago": days_ago,
            "if_affirmed": "supported" if days_ago > 7 else "contradicted",
        }
    exp["onset_days"] = {"v41": "onset_days", "complaint": facts.complaint}
    exp["own_words"] = {"record_notes": facts.has_notes}
    return slots, exp


ALWAYS = ("neg_class", "onset_days", "own_words")
#: Follow-ups asked right after the question they build on (same episode, next turn).
FOLLOWS = {"stop_why": "stop_date", "before_that": "last_given"}


def write_questions(
    session: Any,
    facts: ii.RecordFacts,
    hist: dict[str, dict[str, Any]],
    rng: random.Random,
) -> list[dict[str, Any]]:
    """Questions (EN and ZH) of set v41 for one patient at one session, follow-ups placed
    right after their lead question."""
    slots, exp = _candidates(facts, hist, rng)
    cats = [c for c in CATEGORY_CLASS if c in ALWAYS or c in exp]
    items = []
    for lang in ("en", "zh"):
        for cat in cats:
            affirmed = exp.get(cat, {}).get("if_affirmed")
            klass = CATEGORY_CLASS[cat]
            if affirmed and affirmed != "supported":
                klass = "deny_or_unknown"
            elif affirmed == "supported":
                klass = "record_fact"
            en_opts, zh_opts = PHRASES[cat]
            opts = en_opts if lang == "en" else zh_opts
            i = random.Random(f"{session.session_id}-{cat}").randrange(len(opts))
            items.append(
                {
                    "id": f"{session.patient_id}-v41-{cat}-{lang}",
                    "session_id": session.session_id,
                    "patient_id": session.patient_id,
                    "current_date": session.current_date,
                    "scenario": str(session.scenario),
                    "tier": str(session.tier),
                    "language": lang,
                    "category": cat,
                    "follows": FOLLOWS.get(cat),
                    "question": opts[i].format(**slots.get(cat, {})),
                    "expected_class": klass,
                    "expected": exp.get(cat, {}),
                }
            )
    return items


def make_set(
    dataset: Path, source: str, patients: int, seed: int, exclude: list[str]
) -> dict[str, Any]:
    """Pick ``patients`` patients spread over scenarios (not in ``exclude``'s sets), keep of
    each the session whose record as of its date holds the most drug history, write set v41."""
    rng = random.Random(seed)
    skip = v40._excluded(exclude)
    by_patient: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for split, s in ii._sessions(dataset):
        by_patient[s.patient_id].append((split, s))
    pool = sorted(p for p in by_patient if p not in skip) or sorted(by_patient)
    rng.shuffle(pool)
    by_scenario: dict[str, list[str]] = defaultdict(list)
    for pid in pool:
        by_scenario[str(by_patient[pid][0][1].scenario)].append(pid)
    chosen = []
    while len(chosen) < patients and any(by_scenario.values()):
        for sc in sorted(by_scenario):
            if not by_scenario[sc] or len(chosen) >= patients:
                continue
            pid = by_scenario[sc].pop()
            split, _ = by_patient[pid][0]
            record = ii.split_data(dataset, split).record(pid)
            best = None
            for sp, s in by_patient[pid][:4]:
                facts = ii.record_facts(record, s.current_date, s.hadm_id)
                hist = drug_history(record, s.current_date)
                rich = sum(1 for g in hist if g in v40.ASKABLE)
                if best is None or rich > best[0]:
                    best = (rich, sp, s, facts, hist)
            if best and best[0] >= 2:
                chosen.append(best[1:])
    items: list[dict[str, Any]] = []
    for split, s, facts, hist in chosen:
        for it in write_questions(s, facts, hist, rng):
            it["split"] = split
            items.append(it)
    return {
        "name": f"interview_set_{SET_NAME}_{source}",
        "set": SET_NAME,
        "source": source,
        "dataset_built_from": source,
        "seed": seed,
        "patients": len(chosen),
        "questions": items,
        "note": "written by helper p39w without reading physassist_env/patient (issue #39)",
    }
