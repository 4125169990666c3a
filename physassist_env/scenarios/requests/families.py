"""Phrasing families and their partition between the splits.

A *phrasing family* is a register (how the clinician talks) together with one of two
disjoint sets of wording (lead-ins, politeness, framings, time expressions, ellipsis and
event-reference frames, and a share of each topic's core questions). Families of the
``train`` partition realise train and validation requests; families of the ``test``
partition realise test requests only, so a model trained on the train split is measured on
phrasing it has never seen. The partition is fixed (this table); which family a request
uses is drawn from the session's seeded generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Partition = Literal["train", "test"]
PARTITIONS: tuple[Partition, ...] = ("train", "test")


class Register(StrEnum):
    """How the request is said: terse at the bedside, formal, at handover, telegraphic."""

    BEDSIDE = "bedside"
    FORMAL = "formal"
    HANDOVER = "handover"
    TELEGRAPHIC = "telegraphic"


@dataclass(frozen=True)
class Family:
    """One phrasing family: a register and the wording partition it draws from.

    Attributes:
        name: Stable id recorded on each turn (``Turn.phrasing``).
        register: The register.
        partition: ``train`` (train and validation splits) or ``test`` (test split only).
        abbreviate: Probability that an entity is named by an abbreviation or brand name.
    """

    name: str
    register: Register
    partition: Partition
    abbreviate: float


_ABBREVIATE = {
    Register.BEDSIDE: 0.5,
    Register.FORMAL: 0.0,  # formal requests spell names out
    Register.HANDOVER: 0.5,
    Register.TELEGRAPHIC: 0.9,
}

#: Every family: one per register and partition (``<register>.1`` train, ``<register>.2`` test).
FAMILIES: tuple[Family, ...] = tuple(
    Family(f"{reg.value}.{1 if part == 'train' else 2}", reg, part, _ABBREVIATE[reg])
    for part in PARTITIONS
    for reg in Register
)


def families(partition: Partition) -> list[Family]:
    """The families of one partition."""
    return [f for f in FAMILIES if f.partition == partition]


def partition_of_split(split: str) -> Partition:
    """The partition whose families realise a split's requests (``test`` -> ``test``)."""
    if split not in ("train", "validation", "test"):
        raise ValueError(f"unknown split {split!r}: expected train, validation or test")
    return "test" if split == "test" else "train"


def core_partition(index: int, n: int) -> Partition | None:
    """Which partition a topic's ``index``-th core question belongs to.

    With three or more cores every third one (index 2, 5, ...) is test-only and the others
    train-only; with fewer, cores are shared (``None``) so both partitions can realise them.
    """
    if n < 3:
        return None
    return "test" if index % 3 == 2 else "train"
