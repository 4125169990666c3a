"""What the tool results of the open request say, read through the parsers of :mod:`.parse`.

A :class:`TurnView` holds the results of this request's calls by call key (``lab:potassium``,
``med:warfarin``, ``pt``...) plus the session facts the agent was given (language, date),
and answers small questions: the latest potassium, the warfarin order, the patient's age.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.knowledge import Demographics
from physassist_env.agents.heuristic.terms import analyte_of, generic_of


@dataclass
class TurnView:
    """This request's tool results and the session facts needed to answer it."""

    results: dict[str, str]
    language: str = "en"
    current_date: str = ""
    admission: str | None = None
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.errors = [k for k, v in self.results.items() if v.startswith("ERROR")]

    def say(self, en: str, zh: str) -> str:
        """The text in the session's language."""
        return zh if self.language == "zh" else en

    def text(self, key: str) -> str | None:
        """A call's result, ``None`` when it was not made or failed."""
        text = self.results.get(key)
        return None if text is None or text.startswith("ERROR") else text

    def series(self, analyte: str) -> list[P.LabValue]:
        """Numeric results of an analyte, newest first, lines of other analytes left out
        (a hemoglobin search also returns "% Hemoglobin A1c")."""
        values = [
            v
            for v in P.parse_observations(self.text(f"lab:{analyte}") or "")
            if v.value is not None
        ]
        own = [v for v in values if analyte_of(v.name) in (analyte, None)]
        return own or values

    def latest(self, analyte: str) -> P.LabValue | None:
        """The newest numeric result of an analyte."""
        series = self.series(analyte)
        return series[0] if series else None

    def orders(self, key: str = "med:") -> list[P.Order]:
        """Medication lines of a call (``med:<drug>`` by default the unfiltered one)."""
        return P.parse_orders(self.text(key) or "")

    def order(self, drug: str | None) -> P.Order | None:
        """The drug's order (the active one first) from the ``med:<drug>`` call, else from
        the unfiltered ``med:`` one (a drug picked out of all orders: :meth:`member`)."""
        own = f"med:{drug or ''}" in self.results
        orders = self.orders(f"med:{drug or ''}" if own else "med:")
        if drug:
            mine = [o for o in orders if generic_of(o.name) == drug]
            orders = mine or (orders if own else [])
        return next(
            (o for o in orders if o.status == "active"), orders[0] if orders else None
        )

    def member(self, members: frozenset[str], key: str = "med:") -> str | None:
        """The generic of ``members`` (a class's drugs) that the lines of call ``key``
        name: the newest active order's or completed administration's, else the newest
        line's; None when no line names one."""
        lines = [(o, generic_of(o.name)) for o in self.orders(key)]
        lines = [(o, g) for o, g in lines if g in members]
        live = [x for x in lines if x[0].status in ("active", "completed")] or lines
        return max(live, key=lambda x: x[0].time)[1] if live else None

    def demographics(self) -> Demographics:
        """Sex and age from ``Patient.read`` (age unknown when not read)."""
        sex, born = P.parse_patient(self.text("pt") or "")
        return Demographics(
            female=sex == "female", age=P.age_at(born, self.current_date)
        )

    def conditions(self) -> list[P.Condition]:
        """Distinct conditions coded on the admission's date (else on the newest date)."""
        conds = P.parse_conditions(self.text("cond") or "")
        if not conds:
            return []
        same = [
            c for c in conds if self.admission and c.time[:10] == self.admission[:10]
        ]
        if not same:
            same = [c for c in conds if c.time[:10] == conds[0].time[:10]]
        out: list[P.Condition] = []
        for c in same:
            if all(c.title != o.title for o in out):
                out.append(c)
        return out

    def doses_given(
        self, drug: str | None, among: frozenset[str] | None = None
    ) -> dict[str, int]:
        """Completed administrations per generic (only ``drug``, or only generics in ``among``)."""
        counts: dict[str, int] = {}
        for o in self.orders("admin"):
            generic = generic_of(o.name)
            if generic is None or o.status != "completed":
                continue
            if (drug is None or generic == drug) and (
                among is None or generic in among
            ):
                counts[generic] = counts.get(generic, 0) + 1
        return counts

    def date_in(self, days: int) -> str | None:
        """The date ``days`` after the session's current date."""
        try:
            return (
                date.fromisoformat(self.current_date[:10]) + timedelta(days=days)
            ).isoformat()
        except ValueError:
            return None

    def written(self) -> bool:
        """Whether this request's write call succeeded."""
        return self.text("write") is not None
