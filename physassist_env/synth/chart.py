"""The chart being written for one patient: its generator, ids and rows by table.

Every table-family module (``admissions``, ``meds``, ``labevents``, ``chartevents``, ``micro``,
``diagnoses``, ``radiology``) writes through a :class:`Chart`; all randomness comes from
``Chart.rng``, so the order of calls fixes the output bytes.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

Rows = dict[str, list[Any]]
"""Rows by table: dicts, or lists in column order for the high-volume tables (labevents,
eMAR, ICU chart; see ``writer.TableWriter.write``)."""


@dataclass
class Ids:
    """Running identifiers (deterministic: advanced in patient order)."""

    hadm: int = 80000001
    order: int = 20000001
    stay: int = 70000001
    labevent: int = 1
    specimen: int = 60000001
    pharmacy: int = 50000001
    micro_event: int = 1
    micro_specimen: int = 40000001
    transfer: int = 30000001
    note: int = 1

    def next(self, name: str) -> int:
        """Return the next id of ``name`` and advance it."""
        values = self.__dict__  # direct access: called once per row written
        value = values[name]
        values[name] = value + 1
        return int(value)


@dataclass
class Chart:
    """One patient's rows under construction.

    Attributes:
        rng: The patient's seeded generator (the only source of randomness).
        sid: The synthetic subject id (90000001+).
        ids: Running ids shared by all patients.
        lab_scale: Multiplier on lab draw frequency.
        extras: Probability factor of optional documentation (``SPARSE_EXTRAS`` for sparse charts).
        rows: Rows written so far, by table (``module/name``).
        poe_seq: The subject's last ``poe_seq`` (POE orders are numbered per subject).
    """

    rng: np.random.Generator
    sid: int
    ids: Ids
    lab_scale: float = 1.0
    extras: float = 1.0
    rows: Rows = field(default_factory=dict)
    poe_seq: int = 0

    def add(self, table: str, row: dict[str, Any] | list[Any]) -> None:
        """Append one row to ``table`` (a dict, or a list in the table's column order)."""
        self.rows.setdefault(table, []).append(row)

    def extend(self, rows: Rows) -> None:
        """Append rows of several tables."""
        for table, table_rows in rows.items():
            self.rows.setdefault(table, []).extend(table_rows)


def ts(t: datetime) -> str:
    """MIMIC timestamp text, ``t.isoformat(" ", "seconds")`` (memoised: a chart repeats its
    times across tables; a new time is assembled from cached day and clock texts, ~3x faster
    than ``isoformat``; an aware datetime goes to ``isoformat``, as equal instants in two
    zones print differently)."""
    text = _TS.get(t)
    if text is not None:  # only naive times are keys (an aware time never equals one)
        return text
    if t.tzinfo is not None:
        return t.isoformat(" ", "seconds")
    if len(_TS) >= _TS_MAX:  # bounded: the cache only serves the current patient
        _TS.clear()
    day = _DAYS.get(t.toordinal())
    if day is None:
        if len(_DAYS) >= _TS_MAX:
            _DAYS.clear()
        day = _DAYS[t.toordinal()] = t.date().isoformat() + " "
    text = _TS[t] = day + _CLOCK[t.hour][t.minute] + _SECONDS[t.second]
    return text


_TS: dict[datetime, str] = {}
_TS_MAX = 20000
TS_TEXT = _TS
"""The memo of :func:`ts` (naive datetimes only): ``TS_TEXT.get(t) or ts(t)`` is ``ts(t)``
without a function call when ``t`` was seen (hot loops: eMAR rows)."""
_DAYS: dict[int, str] = {}
"""``"YYYY-MM-DD "`` by proleptic ordinal (bounded like ``_TS``)."""
_CLOCK = [[f"{h:02d}:{m:02d}:" for m in range(60)] for h in range(24)]
_SECONDS = [f"{sec:02d}" for sec in range(60)]
CLOCK_TEXT = _CLOCK
"""``CLOCK_TEXT[h][m]`` is ``"HH:MM:"`` (the clock part of :func:`ts`; hot loops that know a
time's date text build its text from it: eMAR rows)."""


def round_to(value: float, decimals: int) -> float:
    """``value`` rounded as reported with ``decimals`` places (0: a whole number)."""
    return float(round(value, decimals)) if decimals else float(round(value))


def pick(rng: np.random.Generator, seq: Any) -> Any:
    """A uniformly drawn element of ``seq``."""
    return seq[int(rng.integers(len(seq)))]


def share(
    rng: np.random.Generator, shares: dict[str, float], exclude: set[str] | None = None
) -> str | None:
    """A category drawn with the demo shares (``OTHER`` pooled cells dropped; ``UNKNOWN``: None)."""
    keys, cdf = _shares(id(shares), shares, frozenset(exclude or ()))
    # ``rng.choice(len(keys), p=p)`` without its per-call checks: numpy draws one
    # ``rng.random()`` and takes ``cdf.searchsorted(u, side="right")`` on the same cdf
    key = keys[bisect_right(cdf, rng.random())]
    return None if key in ("UNKNOWN", "?") else key


_SHARES: dict[
    tuple[int, frozenset[str]], tuple[dict[str, float], list[str], list[float]]
] = {}


def _shares(
    ident: int, shares: dict[str, float], exclude: frozenset[str]
) -> tuple[list[str], list[float]]:
    """Keys and cumulative normalised probabilities of a share table, the cdf computed as
    ``Generator.choice`` does (cached: the tables are constant)."""
    hit = _SHARES.get((ident, exclude))
    if (
        hit is None or hit[0] is not shares
    ):  # the reference kept guards against id reuse
        keys = [k for k in shares if k != "OTHER" and k not in exclude]
        p = np.array([shares[k] for k in keys])
        cdf = (p / p.sum()).cumsum()
        cdf /= cdf[-1]
        hit = _SHARES[(ident, exclude)] = (shares, keys, cdf.tolist())
    return hit[1], hit[2]
