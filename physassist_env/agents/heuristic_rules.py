"""Rules of the ``heuristic`` agent: request understanding and tool-output parsing.

Only public clinical vocabulary (:mod:`physassist_env.scenarios.vocab`) is used; nothing
here reads a session's gold turns or rubric.

* :func:`interpret` turns one physician request (EN or ZH) plus the entities of earlier
  turns into an :class:`Intent` (what to look up, about which labs and drugs).
* ``parse_*`` read the compact one-line-per-resource text the EHR tools return.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from physassist_env.scenarios.vocab import (
    ANTIBIOTICS,
    DRUG_CLASSES,
    LABS,
    SAFETY_PAIRS,
    drug_class_of,
)

# ----------------------------------------------------------------------- vocabulary
_EXTRA_LAB_TERMS = {
    "wbc": [
        "white count",
        "white cell count",
        "white blood cells",
        "white cells",
        "白细胞",
    ],
    "hemoglobin": ["hgb", "血红蛋白"],
    "platelets": ["platelet", "血小板"],
    "lactate": ["lactic acid", "乳酸"],
    "potassium": ["血钾", "钾"],
    "sodium": ["血钠", "钠"],
    "glucose": ["sugar", "sugars", "血糖"],
    "troponin": ["trop", "肌钙蛋白"],
    "ntprobnp": ["nt-probnp", "ntprobnp", "bnp"],
    "vancomycin": [
        "vanc trough",
        "vancomycin trough",
        "vancomycin level",
        "万古霉素浓度",
        "万古霉素血药浓度",
    ],
}


def _lab_terms() -> list[tuple[str, str]]:
    pairs: set[tuple[str, str]] = set()
    for key, lab in LABS.items():
        terms = [lab.en, lab.zh, *lab.synonyms, *_EXTRA_LAB_TERMS.get(key, [])]
        for t in terms:
            if len(t) >= 2 or _is_cjk(t):
                pairs.add((t, key))
    return sorted(pairs, key=lambda p: (-len(p[0]), p[0]))


def _is_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def drug_zh_name(generic: str) -> str:
    """Chinese name of a generic (the generic itself when unknown)."""
    for cls in DRUG_CLASSES.values():
        if generic in cls.members:
            return cls.members[generic]
    if generic in ANTIBIOTICS:
        return ANTIBIOTICS[generic][2]
    return {
        "potassium chloride": "氯化钾",
        "enoxaparin": "依诺肝素",
        "gabapentin": "加巴喷丁",
    }.get(generic, generic)


def _drug_terms() -> list[tuple[str, str]]:
    generics = (
        {m for c in DRUG_CLASSES.values() for m in c.members}
        | set(ANTIBIOTICS)
        | {"enoxaparin", "gabapentin"}
    )
    pairs: set[tuple[str, str]] = set()
    for g in generics:
        pairs.add((g, g))
        zh = drug_zh_name(g)
        if zh != g:
            pairs.add((zh, g))
            if len(zh) > 4:  # 哌拉西林他唑巴坦 -> 哌拉西林
                pairs.add((zh[:4], g))
    pairs |= {
        ("vanc", "vancomycin"),
        ("pip-tazo", "piperacillin"),
        ("zosyn", "piperacillin"),
        ("bactrim", "sulfamethoxazole"),
        ("coumadin", "warfarin"),
    }
    return sorted(pairs, key=lambda p: (-len(p[0]), p[0]))


LAB_TERMS = _lab_terms()
DRUG_TERMS = _drug_terms()

#: Renally cleared drugs and the creatinine clearance (mL/min) below which they need adjusting.
RENAL_LIMITS = {
    "metformin": 30.0,
    "vancomycin": 50.0,
    "enoxaparin": 30.0,
    "gabapentin": 60.0,
    "nitrofurantoin": 30.0,
}

#: Consult services: (EN name, ZH names, EN request words).
SERVICES: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("nephrology", ("肾内科", "肾脏科"), ("nephrology", "renal", "kidney")),
    ("infectious disease", ("感染科",), ("infectious disease", "id consult")),
    ("cardiology", ("心内科", "心脏科"), ("cardiology", "cardiac", "cardiologist")),
    (
        "gastroenterology",
        ("消化科", "消化内科", "肝病科"),
        ("gastroenterology", "gi", "hepatology", "liver"),
    ),
    (
        "pulmonology",
        ("呼吸科", "呼吸内科"),
        ("pulmonology", "pulmonary", "respiratory"),
    ),
    ("endocrinology", ("内分泌科",), ("endocrinology", "endocrine")),
    ("neurology", ("神经内科", "神经科"), ("neurology", "neuro")),
    ("hematology", ("血液科",), ("hematology", "heme")),
    ("general surgery", ("外科",), ("surgery", "surgical")),
]

# ICD prefixes (no dots) used by the clinical scores.
CHF = ("I50", "428", "I110")
HTN = ("I10", "I11", "I12", "I13", "401", "402", "403", "404")
DM = ("E10", "E11", "250")
STROKE = ("I63", "I64", "G45", "Z8673", "433", "434", "435", "V1254")
VASC = ("I21", "I22", "I25", "I70", "I73", "410", "412", "414", "440", "443")
ASCITES = ("R18", "K7031", "7895")
ENCEPHALOPATHY = ("K729", "K7290", "5722", "K7682")


# ----------------------------------------------------------------------- entity finding
def _find(
    text: str, terms: list[tuple[str, str]], masked: list[tuple[int, int]] | None = None
) -> list[tuple[int, str, tuple[int, int]]]:
    """(position, key, span) of each term found, longest terms first, no overlaps."""
    taken = list(masked or [])
    found: list[tuple[int, str, tuple[int, int]]] = []
    for term, key in terms:
        if _is_cjk(term):
            pattern = re.escape(term)
            flags = 0
        else:
            pattern = rf"(?<![A-Za-z0-9]){re.escape(term)}(?![A-Za-z])"
            flags = 0 if (len(term) <= 3 and term.upper() == term) else re.I
        for m in re.finditer(pattern, text, flags):
            span = (m.start(), m.end())
            if any(span[0] < e and s < span[1] for s, e in taken):
                continue
            taken.append(span)
            found.append((m.start(), key, span))
    return sorted(found)


def find_labs(text: str) -> tuple[list[str], list[tuple[int, int]]]:
    """Lab keys mentioned, in order, and their spans."""
    hits = _find(text, LAB_TERMS)
    # a drug named before a lab word ("metformin with her creatinine") is not a lab; "vancomycin" alone is a drug
    keys: list[str] = []
    for _, k, _ in hits:
        if k not in keys:
            keys.append(k)
    return keys, [h[2] for h in hits]


def find_drugs(text: str, masked: list[tuple[int, int]]) -> list[str]:
    """Generic drug names mentioned, in order (outside the masked lab spans)."""
    keys: list[str] = []
    for _, k, _ in _find(text, DRUG_TERMS, masked):
        if k not in keys:
            keys.append(k)
    return keys


def _has(text: str, *words: str) -> bool:
    low = text.lower()
    for w in words:
        if _is_cjk(w):
            if w in text:
                return True
        elif re.search(
            rf"(?<![a-z]){re.escape(w)}" + (r"(?![a-z])" if len(w) <= 4 else ""), low
        ):
            return True
    return False


# ----------------------------------------------------------------------- intents
@dataclass
class Intent:
    """What one request asks for.

    Attributes:
        kind: lab_latest, labs_trend, lab_and_med, med_current, diagnoses, cultures,
            infection, antibiotics_given, discharge_meds, drug_lab_safety, crcl,
            treatment_response, cha2ds2vasc, child_pugh, flag, consult, followup,
            replace_potassium, patient_adherence, patient_symptoms, patient_other,
            overview.
        labs: Lab keys (``LABS``) the request is about (explicit or resolved).
        drugs: Generic drug names.
        service: Consult service (EN).
        priority: Write priority.
        patient_tool: Interview tool for patient turns.
        question: The request text (for ``ask_patient``).
        with_record: A patient turn that also asks for record data (dose or diagnosis).
    """

    kind: str
    labs: list[str] = field(default_factory=list)
    drugs: list[str] = field(default_factory=list)
    service: str = ""
    priority: str = "routine"
    patient_tool: str = ""
    question: str = ""
    with_record: bool = False


def _recent(
    memory: list[Intent], attr: str, prefer: callable | None = None
) -> str | None:  # type: ignore[valid-type]
    """The most recent lab/drug of earlier turns (preferring ones that satisfy ``prefer``)."""
    items = [x for it in reversed(memory) for x in getattr(it, attr)]
    if prefer is not None:
        for x in items:
            if prefer(x):
                return x
    return items[0] if items else None


def pair_lab(generic: str) -> str | None:
    """The monitoring lab of a drug (from the drug-lab safety pairs)."""
    cls = drug_class_of(generic)
    if cls is None:
        return None
    return next((p.lab for p in SAFETY_PAIRS if p.drug_class == cls[0].key), None)


def interpret(text: str, memory: list[Intent]) -> Intent:
    """The intent of one request, resolving references against earlier turns' intents."""
    labs, spans = find_labs(text)
    drugs = find_drugs(text, spans)
    low = text.lower()
    last = memory[-1] if memory else None
    ask_patient = bool(
        re.search(r"\bask (him|her|them|the patient)\b|\bask if\b|\bask whether\b", low)
    ) or _has(text, "问问", "问一下", "询问患者", "问患者")
    if ask_patient:
        if drugs or _has(text, "taking", "adheren", "按时", "吃得", "服用"):
            drug = drugs[0] if drugs else _recent(memory, "drugs")
            return Intent(
                "patient_adherence",
                drugs=[drug] if drug else [],
                patient_tool="medication_adherence",
                question=text,
                with_record=_has(text, "dose", "ordered", "剂量", "医嘱"),
            )
        if _has(
            text,
            "symptom",
            "brought",
            "came in",
            "come in",
            "症状",
            "为什么来",
            "什么原因来",
        ):
            return Intent(
                "patient_symptoms",
                patient_tool="symptom_history",
                question=text,
                with_record=_has(text, "diagnos", "诊断"),
            )
        if _has(text, "pain", "hurt", "疼", "痛"):
            return Intent(
                "patient_other", patient_tool="pain_assessment", question=text
            )
        if _has(
            text,
            "smok",
            "alcohol",
            "drink",
            "live",
            "work",
            "吸烟",
            "抽烟",
            "喝酒",
            "饮酒",
            "住",
            "工作",
        ):
            return Intent("patient_other", patient_tool="social_history", question=text)
        if _has(
            text, "walk", "stairs", "daily activit", "function", "走路", "活动", "日常"
        ):
            return Intent(
                "patient_other", patient_tool="functional_status", question=text
            )
        return Intent("patient_other", patient_tool="ask_patient", question=text)
    # ---- writes
    if _has(text, "flag", "警示", "警报", "安全标记"):
        drug = drugs[0] if drugs else _recent(memory, "drugs")
        lab = (
            labs[0]
            if labs
            else (pair_lab(drug) if drug else None) or _recent(memory, "labs")
        )
        return Intent("flag", labs=[lab] if lab else [], drugs=[drug] if drug else [])
    priority = (
        "stat"
        if _has(text, "stat")
        else "urgent"
        if _has(text, "urgent", "today", "加急", "紧急", "今天", "尽快", "asap")
        else "routine"
    )
    if _has(text, "consult", "会诊") or re.search(r"\bget \w[\w ]* to see\b", low):
        service = next(
            (
                en
                for en, zhs, ens in SERVICES
                if any(z in text for z in zhs) or _has(text, *ens)
            ),
            "",
        )
        return Intent("consult", service=service or "medicine", priority=priority)
    if _has(text, "follow-up", "follow up", "followup", "随访", "复诊"):
        return Intent("followup", priority="routine")
    if _has(text, "补钾") or (
        "potassium" in low and _has(text, "replace", "replet", "order", "give")
    ):
        return Intent(
            "replace_potassium", labs=["potassium"], drugs=["potassium chloride"]
        )
    # ---- scores and clinical reasoning
    if _has(text, "cha2ds2", "chads", "anticoag", "抗凝"):
        return Intent("cha2ds2vasc")
    if _has(text, "child-pugh", "child pugh", "childpugh"):
        return Intent("child_pugh", labs=["bilirubin", "albumin", "inr"])
    if _has(text, "clearance", "crcl", "kidney", "renal", "清除率", "肾功能"):
        drug = next((d for d in drugs if d in RENAL_LIMITS), None) or (
            drugs[0] if drugs else _recent(memory, "drugs", lambda d: d in RENAL_LIMITS)
        )
        return Intent("crcl", labs=["creatinine"], drugs=[drug] if drug else [])
    if _has(
        text,
        "working",
        "doing its job",
        "effective",
        "responding",
        "有效",
        "起效",
        "效果",
    ):
        drug = next((d for d in drugs if d in ANTIBIOTICS), None) or (
            drugs[0] if drugs else _recent(memory, "drugs", lambda d: d in ANTIBIOTICS)
        )
        return Intent("treatment_response", labs=["wbc"], drugs=[drug] if drug else [])
    cultures = _has(text, "culture", "grow", "grew", "培养", "长了")
    trend_words = _has(
        text,
        "trend",
        "heading",
        "rising",
        "falling",
        "going up",
        "coming down",
        "趋势",
        "走势",
        "变化",
        "上升",
        "下降",
    )
    if _has(text, "antibiotic", "抗生素", "抗菌"):
        return Intent("antibiotics_given", drugs=[d for d in drugs if d in ANTIBIOTICS])
    if _has(text, "infection", "感染") or (cultures and (trend_words or "wbc" in labs)):
        return Intent("infection", labs=["wbc"])
    if cultures:
        return Intent("cultures")
    if _has(text, "allerg", "going home", "discharge", "过敏", "出院"):
        return Intent("discharge_meds")
    if _has(text, "diagnos", "admitted with", "admitted for", "诊断"):
        return Intent("diagnoses")
    # ---- drug/lab questions
    refers = bool(re.search(r"\b(it|that|this|those|these)\b", low)) or _has(
        text, "它", "这个", "那个", "该"
    )
    if _has(
        text,
        "safe",
        "continue",
        "keep giving",
        "keep it going",
        "hold",
        "stop",
        "继续",
        "还能",
        "停",
        "暂停",
    ):
        drug = (
            drugs[0]
            if drugs
            else _recent(memory, "drugs", lambda d: labs and pair_lab(d) == labs[0])
            or _recent(memory, "drugs")
        )
        lab = (
            labs[0]
            if labs
            else (pair_lab(drug) if drug else None) or _recent(memory, "labs")
        )
        if drug:
            return Intent("drug_lab_safety", labs=[lab] if lab else [], drugs=[drug])
    if trend_words:
        out = list(labs)
        if (refers or not out) and last is not None:
            prev = _recent([last], "labs") or _recent(memory, "labs")
            if prev and prev not in out:
                out.insert(0, prev)
        return Intent("labs_trend", labs=out[:3])
    dose = _has(text, "dose", "dosing", "getting", "剂量", "怎么用", "用的什么", "用量")
    if dose and (labs or (refers and _has(text, "where", "它现在", "现在多少", "now"))):
        drug = drugs[0] if drugs else _recent(memory, "drugs")
        lab = labs[0] if labs else _recent(memory, "labs")
        return Intent(
            "lab_and_med", labs=[lab] if lab else [], drugs=[drug] if drug else []
        )
    if dose or (drugs and not labs):
        drug = drugs[0] if drugs else _recent(memory, "drugs")
        return Intent("med_current", drugs=[drug] if drug else [])
    if labs:
        return Intent("lab_latest", labs=labs[:3])
    if last is not None and last.labs and refers:
        return Intent("lab_latest", labs=last.labs[:1])
    return Intent("overview")


# ----------------------------------------------------------------------- parsing tool output
@dataclass
class LabValue:
    """One Observation line."""

    time: str
    name: str
    value: float | None
    text: str
    unit: str
    flag: str


_OBS_RE = re.compile(r"^- (\d{4}-\d\d-\d\d(?: \d\d:\d\d)?) \| (.+?) = (.*)$")
_VAL_RE = re.compile(
    r"^(-?\d+(?:\.\d+)?)(?:\s+(?!\(|\[ref)(\S+))?(?:\s+\((HH|LL|H|L|A)\))?"
)


def parse_observations(text: str) -> list[LabValue]:
    """Observation lines (newest first as returned)."""
    out = []
    for line in text.splitlines():
        m = _OBS_RE.match(line.strip())
        if not m:
            continue
        when, name, rest = m.groups()
        rest = rest.split(" | ")[0].strip()
        v = _VAL_RE.match(rest)
        if v:
            unit = (v.group(2) or "").strip()
            out.append(
                LabValue(
                    when, name.strip(), float(v.group(1)), rest, unit, v.group(3) or ""
                )
            )
        else:
            flag = re.search(r"\((HH|LL|H|L|A)\)", rest)
            out.append(
                LabValue(
                    when, name.strip(), None, rest, "", flag.group(1) if flag else ""
                )
            )
    return out


@dataclass
class Culture:
    """One microbiology line."""

    time: str
    test: str
    result: str

    @property
    def negative(self) -> bool:
        """No organism reported."""
        return bool(
            re.search(
                r"no growth|negative|no .*isolated|not detected|pending|no organism",
                self.result,
                re.I,
            )
        )


def parse_cultures(text: str) -> list[Culture]:
    """Microbiology lines."""
    out = []
    for line in text.splitlines():
        m = _OBS_RE.match(line.strip())
        if m:
            result = m.group(3).split(" | ")[0].strip().rstrip(".")
            out.append(Culture(m.group(1), m.group(2).strip(), result))
    return out


@dataclass
class Order:
    """One MedicationRequest (or MedicationAdministration) line."""

    time: str
    name: str
    dose: str
    unit: str
    route: str
    frequency: str
    status: str
    text: str


_ORDER_RE = re.compile(r"^- ([^|]*?) \| (.+?) \| (\S+)(.*)$")
_DOSE_RE = re.compile(
    r"^(.*?)\s+(\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?)\s+(\S+)(?:\s+(\S+))?(?:\s+(.+))?$"
)


def parse_orders(text: str) -> list[Order]:
    """MedicationRequest / MedicationAdministration lines."""
    out = []
    for line in text.splitlines():
        m = _ORDER_RE.match(line.strip())
        if not m:
            continue
        when, desc, status, _ = m.groups()
        d = _DOSE_RE.match(desc.strip())
        if d:
            name, dose, unit, route, freq = d.groups()
            out.append(
                Order(
                    when.strip(),
                    name.strip(),
                    dose,
                    unit,
                    route or "",
                    (freq or "").strip(),
                    status,
                    desc.strip(),
                )
            )
        else:
            out.append(
                Order(when.strip(), desc.strip(), "", "", "", "", status, desc.strip())
            )
    return out


@dataclass
class Condition:
    """One Condition line."""

    time: str
    title: str
    code: str


_COND_RE = re.compile(
    r"^- ([^|]*?) \| (.+?)(?: \((ICD-(?:9|10)) ([^)]+)\))?(?: \| (.*))?$"
)


def parse_conditions(text: str) -> list[Condition]:
    """Condition lines."""
    out = []
    for line in text.splitlines():
        m = _COND_RE.match(line.strip())
        if m:
            out.append(
                Condition(
                    m.group(1).strip(),
                    m.group(2).strip(),
                    (m.group(4) or "").replace(".", "").strip(),
                )
            )
    return out


def parse_patient(text: str) -> tuple[str, int | None]:
    """(sex, birth year) from a ``Patient.read`` line."""
    sex = (
        "female"
        if re.search(r"\|\s*female\b", text)
        else "male"
        if re.search(r"\|\s*male\b", text)
        else ""
    )
    born = re.search(r"born (\d{4})", text)
    return sex, int(born.group(1)) if born else None


def parse_admission(text: str, hadm_id: str) -> str | None:
    """Start date of the admission ``hadm_id`` (else of the newest encounter) from ``Encounter.search``."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("- ")]
    for ln in lines:
        if hadm_id and f"Encounter/{hadm_id}" in ln:
            return ln[2:12]
    return lines[0][2:12] if lines else None


def has_code(conditions: list[Condition], prefixes: tuple[str, ...]) -> bool:
    """Whether any condition's ICD code starts with one of ``prefixes``."""
    return any(c.code.upper().startswith(p) for c in conditions for p in prefixes)


def age_at(birth_year: int | None, current_date: str) -> int | None:
    """Age in years as the record counts it (difference of years)."""
    if birth_year is None:
        return None
    try:
        return date.fromisoformat(current_date[:10]).year - birth_year
    except ValueError:
        return None


def trend_of(first: float, last: float, decimals: int) -> str:
    """rising / falling / stable (a change over 10% or one reporting step)."""
    step = max(abs(first) * 0.1, 10**-decimals)
    if last - first > step:
        return "rising"
    if first - last > step:
        return "falling"
    return "stable"


def adherence_summary(reply: str) -> tuple[str, str] | None:
    """(EN, ZH) summary of what the patient said about taking a drug."""
    low = reply.lower()
    rules = [
        (
            ("ran out", "run out", "吃完", "用完"),
            ("ran out of it", "药已经吃完了（断药）"),
        ),
        (
            (
                "never got",
                "never filled",
                "never picked",
                "没去药房拿",
                "没取药",
                "一直没去",
            ),
            ("never filled the prescription", "从未取药"),
        ),
        (
            ("stopped", "quit", "停了", "不吃了", "停药"),
            ("stopped taking it on their own", "自行停药"),
        ),
        (
            ("skip", "miss", "forget", "漏吃", "漏服", "老忘", "经常忘"),
            ("often skips doses (poor adherence)", "经常漏服（依从性差）"),
        ),
        (
            ("every day as prescribed", "as prescribed", "every day", "按时"),
            ("takes it regularly as prescribed", "一直按时规律服用"),
        ),
    ]
    for words, summary in rules:
        if any(w in low or w in reply for w in words):
            return summary
    return None
