"""The LLM patient: the same memory and persona, worded by a language model, checked after every answer.

For each question the scripted selector picks the relevant facts (so withholding and
"I don't know" behave exactly as in the scripted patient); the model only rewords them
in the persona's voice. Every generation is then checked (:func:`grounding_violations`):
a drug, diagnosis, symptom or lab name, or a number, that is not in the patient's memory
fails the check. A failed generation is regenerated (at most ``max_retries`` more
times), then replaced by the scripted answer. The outcome is stored in
``PatientReply.grounding`` and counted in the state.

Backends: :class:`OpenAICompatBackend` (the shared
:class:`~physassist_env.llm.openai_compat.ChatClient`: retries with backoff, the API key
read from an environment variable and never logged) and :class:`TransformersBackend` (local model, imported lazily; needs
``pip install "physassistbench[train]"``).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol

from physassist_env.llm.local import load_causal_lm, torch_and_transformers
from physassist_env.llm.openai_compat import ChatClient
from physassist_env.patient.lexicon import ENTITIES
from physassist_env.patient.matching import is_chinese, norm_term
from physassist_env.patient.models import (
    Fact,
    GroundingCheck,
    PatientMemory,
    PatientReply,
    PatientState,
)
from physassist_env.patient.scripted import ScriptedPatient

logger = logging.getLogger(__name__)

Message = dict[str, str]
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SCALE = re.compile(r"(?:out of|/|满分)\s*10\b")
# Word shapes of drug names the lexicon may not list.
_DRUG_SHAPE = re.compile(
    r"\b[a-z]{3,}(?:pril|sartan|olol|statin|mycin|cillin|floxacin|azole|dipine|semide|thiazide|parin|xaban|gliptin|gliflozin|prazole|tidine|cycline|oxetine|azepam|codone)\b"
)


class ChatBackend(Protocol):
    """Anything that turns chat messages into one reply string."""

    def generate(self, messages: list[Message]) -> str:
        """Return the assistant reply to ``messages``."""
        ...


class OpenAICompatBackend:
    """An OpenAI-compatible ``/chat/completions`` endpoint (vLLM, TGI, Ollama, hosted APIs).

    Args:
        base_url: e.g. ``http://localhost:8000/v1``.
        model: Model name sent in the request.
        api_key_env: Name of the environment variable holding the key (may be unset for
            local servers). The key is never logged or stored elsewhere.
        temperature: Sampling temperature.
        timeout: Seconds per request.
        max_tokens: Upper bound on the reply length.
        max_retries: Retries after HTTP 429, 5xx or a connection error (a timeout or a
            malformed body is not retried; the patient then falls back to its script).
        backoff: First wait between retries, in seconds (doubles each time).
        purpose: Who asks (``patient``, ``judge``); errors start with it.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key_env: str = "OPENAI_API_KEY",
        temperature: float = 0.2,
        timeout: float = 60.0,
        max_tokens: int = 256,
        max_retries: int = 2,
        backoff: float = 1.0,
        purpose: str = "patient",
    ):
        self.client = ChatClient(
            base_url,
            model,
            purpose=purpose,
            api_key_env=api_key_env,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )
        self.url = self.client.url
        self.model = model
        self.api_key_env = api_key_env
        self.temperature = temperature
        self.timeout = timeout
        self.max_tokens = max_tokens

    def generate(self, messages: list[Message]) -> str:
        """POST the chat and return the first choice's content.

        Raises:
            EndpointError: A :class:`RuntimeError` naming the purpose, after retries
                where the failure was transient (no key in the message).
        """
        body = {
            "model": self.model,
            "messages": messages,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        return str(self.client.complete(body).get("content") or "")


class TransformersBackend:
    """A local ``transformers`` causal LM (lazy import; greedy decoding for reproducibility).

    Args:
        model_path: Folder, ``.gguf`` file, hub id, or ``"smollm2"`` (see
            :func:`~physassist_env.llm.local.resolve_model`).
        gguf_file: Optional GGUF file inside ``model_path``.
        max_new_tokens: Reply length bound.
    """

    def __init__(
        self, model_path: str, *, gguf_file: str | None = None, max_new_tokens: int = 96
    ):
        torch, _ = torch_and_transformers("the local LLM patient")
        self.tokenizer, self.model = load_causal_lm(
            model_path,
            gguf_file=gguf_file,
            dtype="float32",
            who="the local LLM patient",
        )
        self.max_new_tokens = max_new_tokens
        self._torch = torch

    def generate(self, messages: list[Message]) -> str:
        """Greedy-decode a reply with the tokenizer's chat template."""
        ids = self.tokenizer.apply_chat_template(
            messages, add_generation_prompt=True, return_tensors="pt", return_dict=True
        )
        with self._torch.no_grad():
            out = self.model.generate(
                **ids, max_new_tokens=self.max_new_tokens, do_sample=False
            )
        return str(
            self.tokenizer.decode(
                out[0, ids["input_ids"].shape[1] :], skip_special_tokens=True
            )
        ).strip()


def memory_vocabulary(memory: PatientMemory) -> tuple[set[str], set[str]]:
    """(entity keys, numbers) that the memory's wording contains, over all facts and levels."""
    text = " ".join(w for f in memory.facts for w in (*f.en, *f.zh))
    return mentioned_entities(text), set(_NUMBER.findall(text))


def mentioned_entities(text: str) -> set[str]:
    """Lexicon entity keys (drug, diagnosis, symptom, lab) named in a text, EN or ZH."""
    low = text.lower()
    padded = " " + norm_term(low) + " "
    out = set()
    for e in ENTITIES:
        for t in e.all_terms():
            if (is_chinese(t) and t in low) or (
                not is_chinese(t) and len(t) > 2 and f" {norm_term(t)} " in padded
            ):
                out.add(e.key)
                break
    return out


def grounding_violations(
    text: str, memory: PatientMemory, *, allowed_text: str = ""
) -> list[str]:
    """What a generated answer says that the memory does not contain.

    Args:
        text: The generated answer.
        memory: The patient's memory.
        allowed_text: Extra text whose entities/numbers are allowed (the question itself,
            so a patient may echo "lisinopril?" back).

    Returns:
        Violations such as ``"entity:warfarin"``, ``"number:120"`` or ``"flip:potassium"``
        (a lab said high when the patient was told low); empty when grounded.
    """
    ents, _ = memory_vocabulary(memory)
    ents |= mentioned_entities(allowed_text)
    known_words = " ".join(
        w for f in memory.facts for w in (*f.en, *f.entity_terms)
    ).lower()
    out = [f"entity:{e}" for e in sorted(mentioned_entities(text) - ents)]
    out += [f"number:{n}" for n in unbound_numbers(text, memory, allowed_text)]
    out += [f"flip:{k}" for k in flipped_labs(text, memory)]
    out += [
        f"drug:{d}"
        for d in dict.fromkeys(_DRUG_SHAPE.findall(text.lower()))
        if d not in known_words
    ]
    return out


_SENTENCE = re.compile(r"[.;!?。；！？]\s+|[。；！？]")
_CLAUSE = re.compile(r"[,，]\s*|\band\b|\bbut\b")


def unbound_numbers(
    text: str, memory: PatientMemory, allowed_text: str = ""
) -> list[str]:
    """Numbers of a text that no memory fact about the same thing states.

    A number is bound to the entities named in its clause, or else earlier in its
    sentence (drug, lab, symptom...). It is
    licensed only by a fact that contains the number *and* is about one of those
    entities (or, when the clause names none, by any fact containing it), or by the
    question itself. So "my white count was 2.5" is not licensed by "amlodipine 2.5 mg".
    """
    facts_by_num: dict[str, list[Fact]] = {}
    for f in memory.facts:
        for n in set(_NUMBER.findall(" ".join((*f.en, *f.zh)))):
            facts_by_num.setdefault(n, []).append(f)
    asked = set(_NUMBER.findall(allowed_text))
    out: list[str] = []
    clauses: list[tuple[str, set[str]]] = []
    for sentence in _SENTENCE.split(_SCALE.sub(" ", text)):
        named: set[str] = set()
        for clause in _CLAUSE.split(sentence):
            # a clause naming nothing is about what the sentence named before it
            named = mentioned_entities(clause) or named
            clauses.append((clause, named))
    for clause, named in clauses:
        for n in _NUMBER.findall(clause):
            if n in asked or n in out:
                continue
            ok = any(not named or f.entity in named for f in facts_by_num.get(n, []))
            if not ok:
                out.append(n)
    return out


_HIGH = re.compile(r"\b(high|higher|elevated|raised)\b|偏高|太高|高了|很高|升高")
_LOW = re.compile(r"\b(low|lower|decreased)\b|偏低|太低|低了|很低|降低")


def flipped_labs(text: str, memory: PatientMemory) -> list[str]:
    """Lab entities a text calls the opposite of what the memory says ("my potassium was
    low" when the patient was told it was high): the record fact turned into another."""
    told = {
        f.entity: "high" if " high" in f.en[0] else "low"
        for f in memory.facts
        if f.topic.value == "lab" and f.entity
    }
    out: list[str] = []
    for sentence in _SENTENCE.split(text):
        for clause in _CLAUSE.split(sentence):
            for key in mentioned_entities(clause) & set(told):
                wrong = _LOW if told[key] == "high" else _HIGH
                if wrong.search(clause.lower()) and key not in out:
                    out.append(key)
    return out


def render_prompt(memory: PatientMemory, facts: list[Fact], language: str) -> str:
    """System prompt: persona, the facts to convey, and the rules."""
    p = memory.persona
    lit = p.literacy.value
    lines = [f"- {f.text(language, p.literacy)}" for f in facts]
    if language == "zh":
        head = (
            f"你在扮演一位病人（健康素养：{lit}；焦虑程度：{p.anxiety.value}）。用第一人称、口语、简短地回答。"
            "只能使用下列事实，不要添加任何其他疾病、药物、症状或数字。"
        )
        none = "你对这个问题不知道答案：就说你不清楚。"
        return head + "\n" + ("\n".join(lines) if lines else none)
    head = (
        f"You are role-playing a patient (health literacy: {lit}; anxiety: {p.anxiety.value}). Answer in the first person, "
        "in plain everyday words, briefly. Use ONLY the facts below; do not add any other illness, drug, symptom or number."
    )
    none = "You do not know the answer to this question: say you are not sure."
    return head + "\n" + ("\n".join(lines) if lines else none)


class LlmPatient:
    """Patient whose words come from a language model, grounded and checked.

    Args:
        memory: The verified memory.
        backend: A :class:`ChatBackend`.
        max_retries: Regenerations after a failed check before falling back to the
            scripted answer.
    """

    def __init__(
        self, memory: PatientMemory, backend: ChatBackend, *, max_retries: int = 2
    ):
        if max_retries < 0:
            raise ValueError(f"max_retries must be >= 0, got {max_retries}")
        self.memory = memory
        self.backend = backend
        self.max_retries = max_retries
        self.scripted = ScriptedPatient(memory)

    def initial_state(self) -> PatientState:
        """A fresh session state."""
        return PatientState()

    def answer(
        self, tool: str, arguments: dict[str, Any], state: PatientState
    ) -> tuple[PatientReply, PatientState]:
        """Answer with the model; check; retry or fall back. Same contract as the scripted patient."""
        scripted, new_state = self.scripted.answer(tool, arguments, state)
        if (
            not scripted.fact_ids
            or self.scripted.question_intent(tool, arguments) == "exact_lab"
        ):
            # Off-topic, cannot know, or nothing in the record: the fixed "I don't know"
            # is said as is. A model asked to reword nothing can only add (issue #39).
            # An exact lab number: the scripted direction without a number, as is (the
            # facts' high-literacy wording holds the number the patient was not told).
            check = GroundingCheck(passed=True, attempts=0)
            return scripted.model_copy(update={"grounding": check}), new_state
        facts = [self.memory.fact(i) for i in scripted.fact_ids]
        # The answer is checked against the facts chosen for this question, not the
        # whole memory: a record fact the question did not ask for (a potassium said to
        # a question about smoking) is as wrong here as one the record does not hold.
        selected = self.memory.model_copy(update={"facts": facts})
        question = str(
            arguments.get("question")
            or arguments.get("focus")
            or arguments.get("medication")
            or tool
        )
        system = render_prompt(self.memory, facts, scripted.language)
        messages = [
            {"role": "system", "content": system},
            {"role": "user", "content": question},
        ]
        violations: list[str] = []
        failures = 0
        for attempt in range(1, self.max_retries + 2):
            try:
                text = self.backend.generate(messages).strip()
            except RuntimeError as exc:
                logger.warning("LLM patient backend failed: %s", exc)
                text = ""
            bad = (
                grounding_violations(text, selected, allowed_text=question)
                if text
                else ["empty"]
            )
            if not bad:
                check = GroundingCheck(
                    passed=True, attempts=attempt, violations=violations
                )
                reply = scripted.model_copy(update={"text": text, "grounding": check})
                return reply, new_state.model_copy(
                    update={"grounding_failures": state.grounding_failures + failures}
                )
            failures += 1
            violations += bad
            logger.info(
                "LLM patient answer rejected (attempt %d): %s", attempt, ", ".join(bad)
            )
        check = GroundingCheck(
            passed=True,
            attempts=self.max_retries + 1,
            violations=violations,
            fell_back=True,
        )
        reply = scripted.model_copy(update={"grounding": check})
        return reply, new_state.model_copy(
            update={
                "grounding_failures": state.grounding_failures + failures,
                "fallbacks": state.fallbacks + 1,
            }
        )
