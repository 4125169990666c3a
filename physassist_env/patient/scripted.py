"""The scripted patient (default): deterministic, record-grounded answers to interview tools.

``answer(tool, arguments, state) -> (PatientReply, state)``. The patient

1. analyses the question (:mod:`physassist_env.patient.matching`): topics, aspects and
   entities named, EN or ZH, typos tolerated;
2. selects facts: facts of the named entities (narrowed to the named aspects or topics),
   else facts with the named aspects, else a topic summary, else the tool's default;
3. drops withheld facts unless the question targets them: their aspect is asked *and*
   their entity (if any) is named (``medication_adherence(medication="lisinopril")``
   targets lisinopril's adherence);
4. says the facts in the persona's wording (literacy level, anxiety, self-diagnosis),
   or says it does not know when nothing relevant exists.

Answers are pure functions of (memory, tool, arguments, state): the same question gets
the same facts, and a repeat is prefixed with "as I said".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from physassist_env.patient.lexicon import BY_KEY
from physassist_env.patient.matching import (
    Analysis,
    QuestionIndex,
    intent,
    is_chinese,
)
from physassist_env.patient.memory import NOT_TAKING
from physassist_env.patient.models import (
    Anxiety,
    Fact,
    Literacy,
    PatientMemory,
    PatientReply,
    PatientState,
    Topic,
)

SYMPTOM_ASPECTS = frozenset(
    {"onset", "provocation", "quality", "region", "severity", "timing"}
)
BASE_ASPECTS = frozenset(
    {"presence", "absent", "diagnosis", "regimen", "trend", "allergy"}
)
# What a question naming only a topic gets.
_TOPIC_SUMMARY: dict[str, frozenset[str] | None] = {
    "symptom": frozenset({"presence"}),
    "medication": frozenset({"regimen"}),
    "history": frozenset({"diagnosis"}),
    "pain": None,
    "allergy": None,
    "social": None,
    "functional": None,
    "warning": None,
    "lab": None,
}
TOOL_TOPICS: dict[str, frozenset[str]] = {
    "symptom_history": frozenset({"symptom", "pain"}),
    "medication_adherence": frozenset({"medication"}),
    "social_history": frozenset({"social"}),
    "functional_status": frozenset({"functional"}),
    "pain_assessment": frozenset({"pain"}),
}
_DONT_KNOW = {
    "en": (
        "I'm not sure, nobody told me about that.",
        "I don't really know about that.",
        "I don't know.",
    ),
    "zh": ("这个我不太清楚，没人跟我说过。", "这个我不太知道。", "不知道。"),
}
_CANNOT_KNOW = {
    "en": (
        "I don't know that, the doctor didn't tell me.",
        "I don't know, the doctor didn't tell me.",
        "I don't know, nobody told me.",
    ),
    "zh": (
        "这个我不知道，医生没跟我说。",
        "我不知道，医生没跟我说。",
        "不知道，没人跟我说。",
    ),
}
_OFF_TOPIC = {
    "en": (
        "I'm not sure what that has to do with my health.",
        "I don't know about that, I'm here for my health.",
        "I don't know about that.",
    ),
    "zh": (
        "这个跟我的病没什么关系吧，我不清楚。",
        "这个我不清楚，我是来看病的。",
        "这个我不知道。",
    ),
}
# The fixed non-answers below each start with a plain "I don't know / I'm not sure" so no
# reader takes them for a chart fact.
_NOT_RECORDED = {
    "en": (
        "I don't know about that, I don't remember having anything like that.",
        "I don't know about that, I don't remember having that.",
        "I don't know, I don't remember having that.",
    ),
    "zh": (
        "这个我不知道，我不记得有过这样的事。",
        "这个我不知道，我不记得有过这个。",
        "不知道，我不记得有这回事。",
    ),
}
_NOT_TOLD = {
    "en": (
        "I don't know, the doctor didn't tell me that.",
        "I don't know, the doctor didn't tell me that.",
        "I don't know, nobody told me that.",
    ),
    "zh": (
        "我不知道，医生没跟我说过这个。",
        "我不知道，医生没跟我说。",
        "不知道，没人跟我说。",
    ),
}
_LAST_DOSE_UNSURE = {
    "en": (
        "I'm not sure, I don't remember exactly when I last took it.",
        "I'm not sure, I don't remember exactly when I last took it.",
        "I'm not sure, I don't remember exactly.",
    ),
    "zh": (
        "我不太清楚，最后一次是哪天记不清了。",
        "我不太清楚，最后一次是哪天记不清了。",
        "不太清楚，记不清了。",
    ),
}
_NO_NUMBER = {"en": " I don't know the exact number.", "zh": "具体数字我不知道。"}
_AS_SAID = {"en": "Like I said, ", "zh": "我刚才说过，"}
_WORRY = {"en": "Honestly, it scares me a bit. ", "zh": "说实话，我有点害怕。"}
_SELF_DX = {"en": "I think it's my {} acting up.", "zh": "我觉得是{}又犯了。"}


_PRIORITY = (
    "allergy",
    "warning",
    "lab",
    "social",
    "functional",
    "pain",
    "history",
    "medication",
    "symptom",
)


def _priority(topics: set[str]) -> set[str]:
    """Keep the most specific topic named ("allergic to any medications" is about allergy)."""
    for t in _PRIORITY:
        if t in topics:
            return {t}
    return set()


class ScriptedPatient:
    """Deterministic patient over one memory.

    Args:
        memory: The verified memory (facts + persona).
    """

    def __init__(self, memory: PatientMemory):
        self.memory = memory
        self.index = QuestionIndex(memory)
        self._lit = Literacy(memory.persona.literacy)
        self._lit_idx = (Literacy.HIGH, Literacy.MEDIUM, Literacy.LOW).index(self._lit)

    def initial_state(self) -> PatientState:
        """A fresh session state."""
        return PatientState()

    # ------------------------------------------------------------------ selection
    def select(self, tool: str, arguments: dict[str, Any]) -> tuple[list[Fact], str]:
        """The facts a tool call should surface, and the answer language.

        Args:
            tool: Interview tool name (``ask_patient``, ``symptom_history``...; dotted
                ``PatientInterview.x`` names are accepted too).
            arguments: The tool's arguments (``question``, ``focus``, ``medication``).

        Returns:
            (facts in memory order, ``"en"`` or ``"zh"``).
        """
        tool = tool.rsplit(".", 1)[-1]
        text = str(
            arguments.get("question")
            or arguments.get("focus")
            or arguments.get("medication")
            or ""
        )
        a = (
            replace(self.index.analyse(text)) if text else Analysis("en")
        )  # a copy: analyses are cached
        language = str(
            arguments.get("language") or ("zh" if is_chinese(text) else "en")
        )
        if text and tool in ("ask_patient", "symptom_history", "pain_assessment"):
            kind = intent(a, self._lit.value)
            if kind not in ("ask", "exact_lab"):
                return [], language
            if kind == "exact_lab":  # what the patient was told of the lab, no number
                chosen = [f for f in self._choose(a, None) if f.topic == Topic.LAB]
                return self._visible(chosen, a, targeted=a.entities), language
        facts = self.memory.facts
        if self._asks_last_dose(tool, a):
            return self._last_dose(a), language
        a.aspects = a.aspects - {"last_dose"}  # "your last potassium" is not a dose
        if "told" in a.aspects:
            return self._visible(self._told(a), a, targeted=a.entities), language
        if tool == "medication_adherence":
            a.aspects = a.aspects | {
                "adherence",
                "regimen",
            }  # new set: never mutate the cached analysis
            if not a.entities:
                if a.lexicon_entities or (
                    text
                    and text.strip().lower()
                    not in ("all", "everything", "all medications", "全部", "所有")
                ):
                    return [], language
                chosen = [f for f in facts if f.topic == Topic.MEDICATION]
                return self._visible(chosen, a, targeted=set()), language
        elif "adherence" in a.aspects:
            a.aspects = a.aspects - {"regimen"}
        default = TOOL_TOPICS.get(tool)
        chosen = self._choose(a, default)
        return self._visible(chosen, a, targeted=a.entities), language

    def _drug_entities(self, a: Analysis) -> set[str]:
        return {
            f.entity or f"_{f.id}"
            for f in self.memory.facts
            if f.topic == Topic.MEDICATION
            and (f.entity in a.entities or f"_{f.id}" in a.entities)
        }

    def _asks_last_dose(self, tool: str, a: Analysis) -> bool:
        """A question about the last dose of a drug: a last-dose word and a drug (or medicine) named."""
        if "last_dose" not in a.aspects:
            return False
        return bool(
            self._drug_entities(a)
            or "medication" in a.topics
            or tool == "medication_adherence"
            or any(BY_KEY[k].kind == "drug" for k in a.lexicon_entities if k in BY_KEY)
        )

    def _last_dose(self, a: Analysis) -> list[Fact]:
        """The last dose of the drug named, as the patient knows it (issue #39).

        Before admission the patient knows it only from a documented stop ("I ran out of
        my lisinopril about a week before I came in": the adherence fact, record-based and
        not-taking); a drug given in hospital is "in the hospital they gave me ..." (the
        order's fact); otherwise nothing is selected and the patient says it does not
        remember exactly. Never the regimen or adherence of a drug taken as usual, and
        never another drug: no drug named (or several) selects nothing.
        """
        drugs = self._drug_entities(a)
        if len(drugs) != 1:
            return []
        (key,) = drugs
        mine = [
            f
            for f in self.memory.facts
            if f.topic == Topic.MEDICATION and (f.entity or f"_{f.id}") == key
        ]
        adherence = [f for f in mine if f.aspect == "adherence"]
        if adherence:
            status = self.memory.persona.adherence.get(key)
            stopped = [
                f
                for f in adherence
                if f.basis == "record" and status is not None and status in NOT_TAKING
            ]
            return self._visible(stopped, a, targeted={key})
        return [f for f in mine if f.aspect == "regimen"]

    def _told(self, a: Analysis) -> list[Fact]:
        """What a doctor told the patient about the things named: their diagnoses and
        lab results only (no symptom, drug or habit is "what the doctor said"); a topic
        named (blood tests, diagnoses): that topic's results or diagnoses. Nothing named:
        the diagnoses for an open question ("What did the doctor say?"); a yes/no
        question about something the patient was not told selects nothing."""
        told = [f for f in self.memory.facts if f.topic in (Topic.HISTORY, Topic.LAB)]
        if a.entities:
            return [
                f for f in told if f.entity in a.entities or f"_{f.id}" in a.entities
            ]
        if a.lexicon_entities:
            return []
        named = a.topics & {"history", "lab"}
        if named:  # "Did the doctors tell you anything about your blood tests?"
            return [
                f
                for f in told
                if f.topic.value in named
                and (f.topic == Topic.LAB or f.aspect == "diagnosis")
            ]
        if a.topics - {"symptom"} or a.yes_no:
            return []
        return [f for f in told if f.aspect == "diagnosis"]

    def _choose(self, a: Analysis, default: frozenset[str] | None) -> list[Fact]:
        facts = self.memory.facts
        in_scope = [f for f in facts if default is None or f.topic.value in default]
        topics = _priority(a.topics)
        if a.entities:
            chosen = [
                f
                for f in in_scope
                if f.entity in a.entities or f"_{f.id}" in a.entities
            ]
            if a.aspects:
                narrowed = [f for f in chosen if f.aspect in a.aspects]
                return narrowed or chosen
            if topics - {"symptom", "pain"}:
                narrowed = [f for f in chosen if f.topic.value in topics]
                return narrowed or chosen
            return chosen
        if a.lexicon_entities:
            return []
        specific = a.aspects - SYMPTOM_ASPECTS
        if specific:
            return [f for f in in_scope if f.aspect in specific]
        if a.aspects and (not topics or topics & {"symptom", "pain"}):
            scope = (
                (topics & {"symptom", "pain"})
                or default
                or frozenset({"symptom", "pain"})
            )
            out = [
                f for f in in_scope if f.aspect in a.aspects and f.topic.value in scope
            ]
            if out or not topics:
                return out
        if topics:
            return self._summary(in_scope, topics, default)
        if default is not None and a.empty():
            return in_scope
        return []

    @staticmethod
    def _summary(
        in_scope: list[Fact], topics: set[str], default: frozenset[str] | None
    ) -> list[Fact]:
        out = []
        for f in in_scope:
            t = f.topic.value
            if "symptom" in topics and t == "pain" and f.aspect == "presence":
                out.append(f)
            elif t in topics:
                summary = _TOPIC_SUMMARY.get(t)
                if (
                    summary is None
                    or f.aspect in summary
                    or (default is not None and t in default)
                ):
                    out.append(f)
        return out

    @staticmethod
    def _visible(chosen: list[Fact], a: Analysis, targeted: set[str]) -> list[Fact]:
        out = []
        for f in chosen:
            if f.withheld and not (
                f.aspect in a.aspects and (f.entity is None or f.entity in targeted)
            ):
                continue
            out.append(f)
        return out

    # ------------------------------------------------------------------ answering
    def answer(
        self, tool: str, arguments: dict[str, Any], state: PatientState
    ) -> tuple[PatientReply, PatientState]:
        """Answer one interview tool call.

        Args:
            tool: Interview tool name.
            arguments: Its arguments (already validated by the interview toolkit).
            state: The session state so far (not modified).

        Returns:
            The reply (text for the agent; fact ids for graders) and the new state.
        """
        facts, language = self.select(tool, arguments)
        key = f"{tool.rsplit('.', 1)[-1]}|{sorted(arguments.items())!r}"
        if not facts:
            reply = PatientReply(
                text=self.no_answer(tool, arguments, language),
                fact_ids=[],
                language=language,
                knows=False,
            )
        elif self.question_intent(tool, arguments) == "exact_lab":
            lang = "zh" if language == "zh" else "en"
            reply = PatientReply(
                text=self.render(facts, language, state, numbers=False)
                + _NO_NUMBER[lang],
                fact_ids=[f.id for f in facts],
                language=language,
            )
        else:
            reply = PatientReply(
                text=self.render(facts, language, state),
                fact_ids=[f.id for f in facts],
                language=language,
            )
        said = state.said + [i for i in reply.fact_ids if i not in state.said]
        new = state.model_copy(
            update={
                "said": said,
                "answers": {**state.answers, key: reply.fact_ids},
                "turns": state.turns + 1,
            }
        )
        return reply, new

    def question_intent(self, tool: str, arguments: dict[str, Any]) -> str:
        """``off_topic``, ``cannot_know`` or ``ask`` for a tool call's free text (see :func:`intent`)."""
        text = str(arguments.get("question") or arguments.get("focus") or "")
        if not text:
            return "ask"
        return intent(self.index.analyse(text), self._lit.value)

    def no_answer(self, tool: str, arguments: dict[str, Any], language: str) -> str:
        """What the patient says when no fact answers: off-topic, cannot know, or does not know."""
        lang = "zh" if language == "zh" else "en"
        tool = tool.rsplit(".", 1)[-1]
        kind = self.question_intent(tool, arguments)
        text = str(arguments.get("question") or arguments.get("focus") or "")
        text = text or str(arguments.get("medication") or "")
        if kind == "ask" and text:
            a = self.index.analyse(text)
            if self._asks_last_dose(tool, a) and self._drug_entities(a):
                kind = "last_dose"
            elif "told" in a.aspects:
                kind = "not_told"
        table = {
            "off_topic": _OFF_TOPIC,
            "cannot_know": _CANNOT_KNOW,
            "exact_lab": _CANNOT_KNOW,
            "not_recorded": _NOT_RECORDED,
            "not_told": _NOT_TOLD,
            "last_dose": _LAST_DOSE_UNSURE,
        }.get(kind, _DONT_KNOW)
        return table[lang][self._lit_idx]

    def render(
        self,
        facts: list[Fact],
        language: str,
        state: PatientState,
        *,
        numbers: bool = True,
    ) -> str:
        """Say facts in the persona's voice (only these facts' words, plus fixed fillers).

        ``numbers`` False: a wording holding a digit is replaced by the fact's first
        wording without one (a lab's "last time 5.8" is said as "they said it was high")."""
        zh = language == "zh"
        # A sentence is said once: a fact whose wording repeats an earlier one ("It
        # started about three days ago" for a second symptom) is said in a wording that
        # names its subject ("the swelling started ..."), or not again when every wording
        # repeats (two drugs the patient calls the same name).
        parts: list[str] = []
        said: set[str] = set()
        for f in facts:
            wordings = [f.text(language, self._lit)] + [
                f.text(language, lit)
                for lit in (Literacy.MEDIUM, Literacy.HIGH, Literacy.LOW)
            ]
            if not numbers:
                wordings = [w for w in wordings if not any(c.isdigit() for c in w)]
            for text in wordings:
                norm = text.strip().rstrip("。.").lower()
                if norm not in said:
                    said.add(norm)
                    parts.append(text)
                    break
        if zh:
            body = "。".join(p.rstrip("。") for p in parts) + "。"
        else:
            body = ". ".join(p[0].upper() + p[1:] for p in parts) + "."
        persona = self.memory.persona
        prefix = ""
        if all(f.id in state.said for f in facts):
            prefix = _AS_SAID[language]
        elif persona.anxiety == Anxiety.HIGH and any(
            f.topic in (Topic.SYMPTOM, Topic.PAIN) and f.aspect == "presence"
            for f in facts
        ):
            prefix = _WORRY[language]
        suffix = ""
        if persona.self_diagnosis >= 0.6 and any(f.aspect == "presence" for f in facts):
            dx = next(
                (f for f in self.memory.facts if f.aspect == "diagnosis" and f.entity),
                None,
            )
            if dx is not None:
                ent = BY_KEY[dx.entity or ""]
                name = (ent.zh if zh else ent.en)[self._lit_idx]
                suffix = ("" if zh else " ") + _SELF_DX[language].format(name)
        return prefix + body + suffix
