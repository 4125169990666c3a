"""What a physician request asks for: keyword rules over the request text.

The rules find analyte, drug and score names with the public vocabulary
(:mod:`.terms`) and decide the intent from cue words. **The cue words were written from the
train split's phrasing only** (a small synthetic build, never the test split): they are a
template-matching floor, so unseen phrasing in the test split is expected to defeat them.

Rules are tried in the order of :data:`INTENT_RULES`; the first that returns an intent wins.
Implicit follow-ups ("And the sodium?", "Is it safe to keep it going with that
potassium?") borrow the labs and drugs of earlier requests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic.terms import find_entities, is_cjk


@dataclass
class Intent:
    """What one request asks for.

    Attributes:
        kind: A key of the plan and answer tables (``lab_latest``, ``drug_lab_safety``...).
        labs: Analyte keys the request is about (named or resolved from earlier turns).
        drugs: Generic drug names.
        service: Consult service (EN).
        priority: Write priority (``routine``, ``urgent``, ``stat``).
        patient_tool: Interview tool for patient turns.
        question: The request text (for ``ask_patient``).
        with_record: A patient turn that also asks for record data (a dose or a diagnosis).
    """

    kind: str
    labs: list[str] = field(default_factory=list)
    drugs: list[str] = field(default_factory=list)
    service: str = ""
    priority: str = "routine"
    patient_tool: str = ""
    question: str = ""
    with_record: bool = False


#: Cue words per meaning (EN stems match word starts; ZH as substrings), from train phrasing.
CUES: dict[str, tuple[str, ...]] = {
    # a bare "问一下，" opens many train requests as a courtesy ("may I ask"): not a cue alone
    "ask_patient": (
        "问问",
        "询问",
        "问患者",
        "问下",
        "问他",
        "问她",
        "问一下他",
        "问一下她",
        "问一下患者",
        "跟他确认",
        "跟她确认",
    ),
    "ask_patient_en": ("find out from", "check with", "ask about", "history from"),
    "adherence": ("taking", "takes", "at home", "adherence", "吃得", "按时吃", "在家"),
    "symptoms": ("brought", "symptom", "history", "为什么来", "症状", "病史", "不舒服"),
    "record_dose": ("dose", "ordered", "剂量", "医嘱"),
    "diagnosis": ("diagnos", "admitted with", "诊断"),
    "flag": ("flag", "警示", "标记"),
    "consult": ("consult", "会诊", "来看一下"),
    "urgent": ("urgent", "today", "加急", "今天"),
    "followup": ("follow-up", "follow up", "appointment", "随访", "复诊", "门诊"),
    "replace": ("replacement", "replace", "repletion", "补钾"),
    "anticoagulate": ("anticoagul", "抗凝"),
    "kidneys": ("kidneys", "肾功能"),
    "working": ("working", "doing its job", "responding", "有效", "起效", "有反应"),
    "antibiotics": ("antibiotic", "抗生素"),
    "infection": ("infection", "感染"),
    "cultures": ("culture", "grow", "培养"),
    "discharge": ("discharge", "going home", "allerg", "出院", "过敏"),
    "safety": ("safe", "continue", "hold", "carry on", "还能", "继续", "要不要停"),
    "trend": (
        "trend",
        "heading",
        "which way",
        "moved",
        "since admission",
        "since arrival",
        "over this admission",
        "better or worse",
        "walk me through",
        "趋势",
        "走势",
        "以来",
        "入院起",
        "变化",
        "怎么变",
        "是升是降",
        "好转还是变差",
    ),
    "dose": (
        "dose",
        "dosed",
        "getting",
        "how much",
        "剂量",
        "怎么用",
        "用的什么",
        "用多少",
    ),
    "now": ("where", "now", "现在多少"),
    "refers": ("it", "that", "这个", "它"),
}

#: Consult services: EN name -> names in requests (EN, ZH). Specialty names as hospitals use them.
SERVICES: dict[str, tuple[str, ...]] = {
    "nephrology": ("nephrology", "renal", "肾内科", "肾脏科"),
    "infectious disease": ("infectious disease", "感染科"),
    "cardiology": ("cardiology", "cardiac", "心内科", "心脏科"),
    "gastroenterology": (
        "gastroenterology",
        "hepatology",
        "消化科",
        "消化内科",
        "肝病科",
    ),
    "pulmonology": ("pulmonology", "pulmonary", "呼吸科", "呼吸内科"),
    "endocrinology": ("endocrinology", "endocrine", "内分泌科"),
    "neurology": ("neurology", "神经内科", "神经科"),
    "hematology": ("hematology", "血液科"),
    "general surgery": ("surgery", "外科"),
}


@dataclass
class Request:
    """One request with the names it mentions and the intents of earlier requests."""

    text: str
    memory: list[Intent]

    def __post_init__(self) -> None:
        found = find_entities(self.text)
        self.labs, self.drugs, self.scores = found.labs, found.drugs, found.scores
        self.low = self.text.lower()

    def has(self, cue: str) -> bool:
        """Whether the request contains a cue word of ``cue`` (a key of :data:`CUES`)."""
        return any(_contains(self.text, self.low, w) for w in CUES[cue])

    def recent(
        self, attr: str, prefer: Callable[[str], bool] | None = None
    ) -> str | None:
        """The latest lab or drug of earlier requests, preferring those ``prefer`` accepts."""
        items = [x for it in reversed(self.memory) for x in getattr(it, attr)]
        chosen = [x for x in items if prefer(x)] if prefer else []
        return (chosen or items or [None])[0]

    def drug(self, prefer: Callable[[str], bool] | None = None) -> str | None:
        """The drug this request is about: named here (preferred kind first) or earlier."""
        named = [d for d in self.drugs if prefer is None or prefer(d)]
        return (named or self.drugs or [None])[0] or self.recent("drugs", prefer)


def _contains(text: str, low: str, word: str) -> bool:
    """ZH words as substrings; EN words at a word start, whole words when 4 letters or
    fewer ("it" not in "with"), stems when longer ("anticoagul" in "anticoagulate")."""
    if is_cjk(word):
        return word in text
    end = "" if len(word) > 4 else "(?![a-z])"
    return re.search(rf"(?<![a-z]){re.escape(word)}{end}", low) is not None


def _one(item: str | None) -> list[str]:
    return [item] if item else []


# ------------------------------------------------------------------------------ rules
def _patient(r: Request) -> Intent | None:
    asks = re.search(r"\bask (him|her|them|the patient)\b|\bask (if|whether)\b", r.low)
    if not (asks or r.has("ask_patient") or r.has("ask_patient_en")):
        return None
    if r.drugs or r.has("adherence"):
        return Intent(
            "patient_adherence",
            drugs=_one(r.drug()),
            patient_tool="medication_adherence",
            question=r.text,
            with_record=r.has("record_dose"),
        )
    if r.has("symptoms"):
        return Intent(
            "patient_symptoms",
            patient_tool="symptom_history",
            question=r.text,
            with_record=r.has("diagnosis"),
        )
    return Intent("patient_other", patient_tool="ask_patient", question=r.text)


def _flag(r: Request) -> Intent | None:
    if not r.has("flag"):
        return None
    drug = r.drug()
    lab = (r.labs or [None])[0] or (K.monitoring_lab(drug) if drug else None)
    return Intent("flag", labs=_one(lab or r.recent("labs")), drugs=_one(drug))


def _consult(r: Request) -> Intent | None:
    if not (r.has("consult") or re.search(r"\b(get|need) [\w ]+ to see\b", r.low)):
        return None
    service = next(
        (
            en
            for en, names in SERVICES.items()
            if any(_contains(r.text, r.low, n) for n in names)
        ),
        "medicine",
    )
    return Intent(
        "consult", service=service, priority="urgent" if r.has("urgent") else "routine"
    )


def _followup(r: Request) -> Intent | None:
    return Intent("followup") if r.has("followup") else None


def _replacement(r: Request) -> Intent | None:
    if r.has("replace") and ("potassium" in r.labs or "补钾" in r.text):
        return Intent(
            "replace_potassium", labs=["potassium"], drugs=["potassium chloride"]
        )
    return None


def _score(r: Request) -> Intent | None:
    if "cha2ds2vasc" in r.scores or r.has("anticoagulate"):
        return Intent("cha2ds2vasc")
    if "child_pugh" in r.scores:
        return Intent("child_pugh", labs=["bilirubin", "albumin", "inr"])
    if "crcl" in r.scores or r.has("kidneys"):
        drug = r.drug(lambda d: d in K.RENAL_LIMITS)
        return Intent("crcl", labs=["creatinine"], drugs=_one(drug))
    return None


def _response(r: Request) -> Intent | None:
    if not r.has("working"):
        return None
    drug = r.drug(lambda d: d in K.ANTIBIOTICS)
    return Intent("treatment_response", labs=["wbc"], drugs=_one(drug))


def _infection(r: Request) -> Intent | None:
    if r.has("antibiotics"):
        return Intent(
            "antibiotics_given", drugs=[d for d in r.drugs if d in K.ANTIBIOTICS]
        )
    if r.has("infection") or (
        r.has("cultures") and (r.has("trend") or "wbc" in r.labs)
    ):
        return Intent("infection", labs=["wbc"])
    if r.has("cultures"):
        return Intent("cultures")
    return None


def _chart(r: Request) -> Intent | None:
    if r.has("discharge"):
        return Intent("discharge_meds")
    if r.has("diagnosis"):
        return Intent("diagnoses")
    return None


def _safety(r: Request) -> Intent | None:
    if not r.has("safety"):
        return None
    lab = (r.labs or [None])[0]
    drug = (
        r.drug()
        if r.drugs
        else r.recent(
            "drugs",
            lambda d: lab is not None and any(x.analyte == lab for x in K.rules_for(d)),
        )
    )
    if drug is None:
        return None
    lab = lab or K.monitoring_lab(drug) or r.recent("labs")
    return Intent("drug_lab_safety", labs=_one(lab), drugs=[drug])


def _trend(r: Request) -> Intent | None:
    if not r.has("trend"):
        return None
    labs = list(r.labs)
    if (r.has("refers") or not labs) and r.memory:
        previous = r.recent("labs")
        if previous and previous not in labs:
            labs.insert(0, previous)
    return Intent("labs_trend", labs=labs[:3])


def _medication(r: Request) -> Intent | None:
    dose = r.has("dose")
    if dose and (r.labs or (r.has("refers") and r.has("now"))):
        lab = (r.labs or [None])[0] or r.recent("labs")
        return Intent("lab_and_med", labs=_one(lab), drugs=_one(r.drug()))
    if dose or (r.drugs and not r.labs):
        return Intent("med_current", drugs=_one(r.drug()))
    return None


def _lab(r: Request) -> Intent | None:
    if r.labs:
        return Intent("lab_latest", labs=r.labs[:3])
    last = r.memory[-1] if r.memory else None
    if last is not None and last.labs and r.has("refers"):
        return Intent("lab_latest", labs=last.labs[:1])
    return None


#: The rules in the order they are tried (writes and patient turns before lookups).
INTENT_RULES: tuple[Callable[[Request], Intent | None], ...] = (
    _patient,
    _flag,
    _consult,
    _followup,
    _replacement,
    _score,
    _response,
    _infection,
    _chart,
    _safety,
    _trend,
    _medication,
    _lab,
)


def interpret(text: str, memory: list[Intent]) -> Intent:
    """The intent of one request; ``overview`` when no rule applies."""
    request = Request(text, memory)
    for rule in INTENT_RULES:
        intent = rule(request)
        if intent is not None:
            return intent
    return Intent("overview")
