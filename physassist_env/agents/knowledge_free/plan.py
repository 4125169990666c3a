"""Apply a fitted table to one session: guess the topic, find the entities, fill the call
templates, restate the chart and add the decision text the table chose.

A :class:`Planner` holds one session's memory (the entities named so far, by type), so that
a follow-up that names nothing ("and the trend?") reuses the last lab or drug named.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Any

from physassist_env.agents.knowledge_free import bayes
from physassist_env.agents.knowledge_free.chart import (
    Result,
    main_rows,
    marker_state,
    render_facts,
    trend,
)
from physassist_env.agents.knowledge_free.learn import (
    etype,
    main_names,
    topic_features,
    unkey,
)
from physassist_env.agents.knowledge_free.text import (
    AliasMatcher,
    clauses,
    features,
    join_sentences,
)

_SLOT = re.compile(r"\{(\w+)#(\d+|\*)\}")
_DATE_SLOT = re.compile(r"\{date:(admission|[+-]\d+)\}")
#: Tools that change the chart; the extractor never calls them.
WRITE_SUFFIX = ".create"
#: How the facts list medication orders: every row as the chart shows it, or only the
#: active ones (a listed "stopped" order reads as a stop decision to a grader). The reward
#: search picks one per decision key together with the decision text; the extractor uses 0.
PROFILES = ("all-rows", "active-orders")


@dataclass
class TurnPlan:
    """What the planner decided for one request."""

    topic: str
    entities: list[str]
    calls: list[dict[str, Any]] = field(default_factory=list)


class Planner:
    """One session's use of a fitted table (see the module docstring)."""

    def __init__(self, table: dict[str, Any]):
        self.table = table
        ents = table["entities"]
        self.codes: dict[str, str] = ents["codes"]
        self.names: dict[str, dict[str, str]] = ents["names"]
        self.rows: dict[str, Any] = ents["rows"]
        self.matcher = AliasMatcher(ents["aliases"])
        self.memory: dict[str, list[str]] = {}

    # ------------------------------------------------------------ request
    def topic(self, request: str, index: int, language: str) -> str:
        """The guessed topic of a request."""
        model = self.table["topics"].get(language) or self.table["topics"]["en"]
        return bayes.predict(model, topic_features(request, index, self.matcher)) or ""

    def entities(self, request: str, topic: str = "") -> list[str]:
        """The entities of a request: those it names; for a type it does not name, the one
        train turns of the topic had with the named ones (learned companions), else the
        one (nearly) every train turn of the topic had, else the last one named earlier in
        the session, else the topic's most common one."""
        found = self.matcher.find(request)
        by_type: dict[str, list[str]] = {}
        for e in found:
            by_type.setdefault(etype(e), []).append(e)
        self.memory.update(by_type)
        out = list(found)
        companions = self.table.get("companions", {}).get(topic, {})
        types = {k.split("|", 1)[0] for k in companions} | set(self.memory)
        for typ in sorted(types - set(by_type)):
            implied = next(
                (companions[f"{typ}|{e}"] for e in found if f"{typ}|{e}" in companions),
                None,
            )
            if implied:
                out.append(implied)
            elif f"{typ}|*" in companions:
                out.append(companions[f"{typ}|*"])
            elif typ in self.memory:
                out += self.memory[typ]
            elif f"{typ}|" in companions:
                out.append(companions[f"{typ}|"])
        return out

    def needs_admission(self, topic: str) -> bool:
        """Whether the topic's calls need the admission's start date."""
        return "{date:admission}" in repr(self.table["calls"].get(topic, []))

    def calls(
        self,
        topic: str,
        request: str,
        language: str,
        entities: list[str],
        *,
        admission: str | None,
        today: str,
        reads_only: bool = False,
    ) -> list[dict[str, Any]]:
        """The topic's call templates filled for this request (arguments that cannot be
        filled are left out; write calls are skipped with ``reads_only``)."""
        out = []
        for call in self.table["calls"].get(topic, []):
            if reads_only and call["name"].endswith(WRITE_SUFFIX):
                continue
            args: dict[str, Any] = {}
            for arg, spec in call["args"].items():
                if "value" in spec:
                    templates = [spec["value"]]
                else:
                    model = spec["bayes"].get(language) or spec["bayes"]["en"]
                    templates = [
                        unkey(k) for k in bayes.ranked(model, features(request))
                    ]
                for template in templates:  # the most probable one that can be filled
                    value = self._fill(template, entities, admission, today)
                    if value is not None and value != "":
                        args[arg] = value
                        break
            out.append({"name": call["name"], "arguments": args})
        return out

    def _fill(
        self, template: Any, entities: list[str], admission: str | None, today: str
    ) -> Any:
        if not isinstance(template, str):
            return template
        m = _DATE_SLOT.fullmatch(template)
        if m:
            if m[1] == "admission":
                return admission
            try:
                day = _dt.date.fromisoformat(today) + _dt.timedelta(days=int(m[1]))
            except ValueError:
                return None
            return day.isoformat()
        whole = _SLOT.fullmatch(template)
        if whole:
            es = self._of_type(entities, whole[1])
            if whole[2] == "*":
                return ",".join(self.codes.get(e, e) for e in es) or None
            k = int(whole[2])
            return self.codes.get(es[k], es[k]) if k < len(es) else None
        if "{n}" in template:
            pieces = [p for p in re.split(r"(?<=[.;])\s+", template) if "{n}" not in p]
            template = " ".join(pieces)
        return self._slots(template, entities, lambda e: self.codes.get(e, e))

    def _of_type(self, entities: list[str], typ: str) -> list[str]:
        return [e for e in entities if ":" in e and etype(e) == typ]

    def _slots(self, text: str, entities: list[str], name: Any) -> str | None:
        missing = False

        def sub(m: re.Match[str]) -> str:
            nonlocal missing
            es = self._of_type(entities, m[1])
            if m[2] == "*":
                if not es:
                    missing = True
                return ", ".join(name(e) for e in es)
            k = int(m[2])
            if k >= len(es) or not name(es[k]):
                missing = True
                return ""
            return str(name(es[k]))

        out = _SLOT.sub(sub, text)
        return None if missing else out

    # ------------------------------------------------------------ answer
    def facts(
        self, results: list[Result], language: str, today: str, profile: int = 0
    ) -> str:
        """The chart restated (values, markers, trends, lists); no decision. ``profile``
        is one of :data:`PROFILES`."""
        names = (
            {rn: info["zh"] for rn, info in self.rows.items() if info.get("zh")}
            if language == "zh"
            else {}
        )
        return render_facts(
            results,
            language,
            names=names,
            threshold=float(self.table.get("trend_threshold", 0.1)),
            today=today,
            active_only=PROFILES[profile] == "active-orders",
        )

    def keys(self, topic: str, results: list[Result], entities: list[str]) -> list[str]:
        """The decision keys of a turn, most specific first: the chart marker of the main
        lab (:func:`marker_state`), its first-to-last trend, and the topic's entities;
        ``marker|trend|entities``, ``marker|entities``, ``marker|trend``, ``marker``, ``""``."""
        names = main_names(entities, self.rows)
        marker = marker_state(results, names)
        rows = main_rows(results, names)
        direction = (
            trend(rows, float(self.table.get("trend_threshold", 0.1))) if rows else None
        ) or "-"
        types = {
            k.split("|", 1)[0] for k in self.table.get("companions", {}).get(topic, {})
        }
        named = "+".join(
            sorted({e for e in entities if ":" in e and etype(e) in types})
        )
        return [
            f"{marker}|{direction}|{named}",
            f"{marker}|{named}",
            f"{marker}|{direction}",
            marker,
            "",
        ]

    def decision(self, topic: str, keys: list[str], language: str) -> tuple[int, str]:
        """The facts profile and decision text the reward search chose for the most
        specific known key (``(0, "")`` when it chose nothing for the topic)."""
        choice = self.table.get("choice", {}).get(language, {}).get(topic)
        if not choice:
            return 0, ""
        cands = self.table["candidates"][language][topic]
        for key in keys:
            if key in choice:
                profile, k = divmod(choice[key], len(cands))
                return profile, cands[k]
        return 0, ""

    def say(self, decision: str, entities: list[str], language: str) -> str:
        """A decision text with its entity slots filled; clauses naming an entity the
        session does not have are left out."""
        out = []
        for clause in clauses(decision) if decision else []:
            filled = self._slots(
                clause,
                entities,
                lambda e: self.names.get(e, {}).get(language) or self.codes.get(e, ""),
            )
            if filled:
                out.append(filled)
        return join_sentences(out, language)

    def compose(
        self, facts: str, decision: str, entities: list[str], language: str
    ) -> str:
        """The answer: the decision (filled) then the facts."""
        said = self.say(decision, entities, language)
        return join_sentences([said, facts], language) or (
            "病历中未找到相关结果。"
            if language == "zh"
            else "Nothing relevant was found in the chart."
        )
