"""``RecordedPatient``: replays the release's recorded patient replies, chosen by what was asked.

The release recorded, for each patient-tool call of its gold answers, the patient's reply
at the three literacy levels. An imported session keeps them (patient-only) in
``session.persona["recorded_responses"]`` as ``{tool, arguments, query, responses:
{high, medium, low}}``. :class:`RecordedPatient` answers a call from the recorded reply
whose tool and question match best (not in order), at the persona's literacy, and hands
anything unrecorded to a fallback patient (our scripted patient over the record).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from physassist_env.official.importer import patient_query
from physassist_env.patient.interview import PatientSimulator
from physassist_env.patient.models import PatientReply, PatientState

_LITERACIES = ("high", "medium", "low")
_TOKEN = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]")
_STOP = frozenset(
    "a an the and or of to in on for with do does did you your are is was were have has had "
    "how what when why any about me tell please can could would this that it".split()
)
#: Smallest similarity for a recorded reply of ANOTHER tool, or of the same tool when a
#: question was asked, to be used.
MIN_SIMILARITY = 0.25


def _tokens(text: str) -> set[str]:
    return {t for t in _TOKEN.findall(text.lower()) if t not in _STOP}


def similarity(a: str, b: str) -> float:
    """Token overlap of two questions (Dice coefficient on content tokens; 0..1)."""
    ta, tb = _tokens(a), _tokens(b)
    if not ta or not tb:
        return 0.0
    return 2 * len(ta & tb) / (len(ta) + len(tb))


class RecordedPatient:
    """A :class:`PatientSimulator` over recorded replies, with a fallback patient.

    Args:
        recorded_responses: ``[{tool, arguments, query, responses: {high, medium, low}}]``
            (``tool`` is our interview tool name).
        fallback: The patient for unrecorded questions, or a zero-argument factory
            building it on first use (so a thin record only matters when it is needed).
        literacy: The persona's health literacy (``high``, ``medium`` or ``low``;
            default ``medium``); picks the recorded variant.
    """

    def __init__(
        self,
        recorded_responses: Sequence[Mapping[str, Any]],
        fallback: PatientSimulator | Callable[[], PatientSimulator] | None = None,
        literacy: str | None = None,
    ):
        self.recorded = [dict(r) for r in recorded_responses]
        self._fallback = fallback
        lit = str(literacy or "medium").lower()
        self.literacy = lit if lit in _LITERACIES else "medium"

    @property
    def fallback(self) -> PatientSimulator | None:
        """The fallback patient (built on first use when a factory was given)."""
        fb = self._fallback
        if fb is not None and (isinstance(fb, type) or not hasattr(fb, "answer")):
            self._fallback = fb = fb()  # type: ignore[operator]
        return fb  # type: ignore[return-value]

    def initial_state(self) -> PatientState:
        """A fresh session state."""
        return PatientState()

    def match(self, tool: str, arguments: Mapping[str, Any]) -> int | None:
        """Index of the recorded reply for this call, or ``None`` (then the fallback answers).

        Same tool: the best question similarity wins (a medication named in both counts
        as a full match); a call without a question takes the tool's first recording.
        Another tool: only when the similarity reaches :data:`MIN_SIMILARITY`. Ties keep
        the earlier recording.
        """
        tool = tool.rsplit(".", 1)[-1]
        query = patient_query(dict(arguments))
        best: tuple[float, int] | None = None
        for i, rec in enumerate(self.recorded):
            same = rec.get("tool") == tool
            rq = str(rec.get("query") or "")
            if not query:
                if not same:
                    continue
                score = 1.0 if not rq else 0.5
            else:
                score = similarity(query, rq)
                med = str((rec.get("arguments") or {}).get("medication") or "").lower()
                if med and med in query.lower():
                    score = max(score, 1.0)
                if score < MIN_SIMILARITY:
                    continue
                score += 0.5 if same else 0.0
            if best is None or score > best[0]:
                best = (score, i)
        return None if best is None else best[1]

    def answer(
        self, tool: str, arguments: dict[str, Any], state: PatientState
    ) -> tuple[PatientReply, PatientState]:
        """Answer one interview call from the recordings, else from the fallback.

        Raises:
            LookupError: Nothing recorded matches and there is no fallback.
        """
        i = self.match(tool, arguments)
        if i is None:
            fb = self.fallback
            if fb is None:
                raise LookupError(
                    f"no recorded reply for {tool} {arguments!r} and no fallback patient"
                )
            return fb.answer(tool, arguments, state)
        responses = self.recorded[i].get("responses") or {}
        text = str(
            responses.get(self.literacy)
            or responses.get("medium")
            or next((v for v in responses.values() if v), "")
        )
        fact = f"recorded:{i}"
        reply = PatientReply(
            text=text,
            fact_ids=[fact],
            language="zh" if re.search(r"[\u4e00-\u9fff]", text) else "en",
        )
        key = f"{tool.rsplit('.', 1)[-1]}|{sorted(arguments.items())!r}"
        new = state.model_copy(
            update={
                "said": state.said + ([fact] if fact not in state.said else []),
                "answers": {**state.answers, key: [fact]},
                "turns": state.turns + 1,
            }
        )
        return reply, new
