"""The request realiser: one turn's intent, rendered by composing independent choices.

A topic gives its *core questions* (same meaning, EN and ZH, each naming entities by their
canonical names and time by a canonical phrase). :func:`realise` draws a phrasing family
(register and wording partition), a core question of that partition, a time expression of
the same scope, the name of each entity (full, abbreviation or brand), the antecedent frame
of an implicit form (ellipsis, event reference), a framing, a lead-in and a closer, and keeps
the result within the length a clinician would say. :func:`realise_turn` realises the same
intent twice, once per partition; :func:`phrase_for_split` keeps the variant of the session's
split. Gold answers, rubrics and implicitness never depend on these choices.
"""

from __future__ import annotations

import random
import re
import zlib
from functools import lru_cache

from physassist_env.scenarios.model import Implicitness, Session, Text
from physassist_env.scenarios.requests import names, registers
from physassist_env.scenarios.requests.families import (
    Family,
    Partition,
    core_partition,
    families,
    partition_of_split,
)
from physassist_env.scenarios.requests.wording import (
    CLOSERS,
    ELLIPSIS,
    ELLIPSIS_LEADS,
    EVENT_REFERENCES,
    FRAMINGS,
    LEADS,
    TIME_CANONICAL,
    TIME_EXPRESSIONS,
    Pair,
)

#: Longest request (EN words, ZH characters); optional parts are dropped to fit.
MAX_EN_WORDS = 20
MAX_ZH_CHARS = 45
#: Probability of a framing ("before I round") and of a closer.
P_FRAMING = 0.35
P_CLOSER = 0.4


class Realised(Text):
    """A request in a train/validation family, carrying its twin in a test-only family.

    Behaves as the train/validation :class:`Text`; :func:`phrase_for_split` replaces it with
    a plain ``Text`` of the split's variant once the session's split is known.
    """

    family: str
    test: Text
    test_family: str


def _lower_first(text: str, keep: set[str]) -> str:
    """``text`` with its first word lowercased, unless it is a name or an abbreviation."""
    word = text.split(" ", 1)[0].rstrip("?,.:")
    if (
        len(word) < 2
        or not word[:1].isupper()
        or any(c.isupper() for c in word[1:])
        or word in keep
    ):
        return text
    return text[:1].lower() + text[1:]


def _join_en(parts: list[str], keep: set[str]) -> str:
    out = ""
    for part in (p for p in parts if p):
        if not out:
            out = part[:1].upper() + part[1:]
        elif out[-1] in ",:—":
            out += " " + _lower_first(part, keep)
        else:
            out += " " + part[:1].upper() + part[1:]
    return out


def _sentence_case(text: str) -> str:
    """Every sentence of ``text`` starts with a capital ("...? white count" -> "...? White count")."""
    return re.sub(r"([.?!] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


@lru_cache(maxsize=4096)
def _word(name: str) -> re.Pattern[str]:
    """A compiled whole-word pattern for ``name`` (cached here, so the realiser never
    churns the ``re`` module's own cache that the grader's patterns live in)."""
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)


def _swap(text: str, old: str, new: str, *, words: bool) -> str:
    if old == new or not old:
        return text
    if words:
        return _word(old).sub(lambda _: new, text)
    return text.replace(old, new)


def _fits(en: str, zh: str) -> bool:
    return len(en.split()) <= MAX_EN_WORDS and len(zh) <= MAX_ZH_CHARS


def _one(
    cores: list[Text],
    kind: Implicitness,
    entities: list[str],
    time: str | None,
    rng: random.Random,
    partition: Partition,
) -> tuple[Text, Family]:
    family = rng.choice(families(partition))
    pool = [
        c
        for i, c in enumerate(cores)
        if core_partition(i, len(cores)) in (None, partition)
    ]
    core = rng.choice(pool)
    en, zh = core.en, core.zh
    if time is not None:
        canon_en, canon_zh = TIME_CANONICAL[time]
        new_en, new_zh = rng.choice(TIME_EXPRESSIONS[time][partition])
        en = _swap(en, canon_en, new_en, words=True)
        zh = _swap(zh, canon_zh, new_zh, words=False)
    keep: set[str] = set()
    for entity in entities:
        canon = names.canonical(entity)
        if canon is None:
            continue
        alt_en, alt_zh = names.alternatives(entity)
        name_en = (
            rng.choice(alt_en)
            if alt_en and rng.random() < family.abbreviate
            else canon[0]
        )
        name_zh = (
            rng.choice(alt_zh)
            if alt_zh and rng.random() < family.abbreviate
            else canon[1]
        )
        en = _swap(en, canon[0], name_en, words=True)
        zh = _swap(zh, canon[1], name_zh, words=False)
        keep |= {n for n in (name_en, canon[0]) if n[:1].isupper()}
    en, zh = registers.apply(
        family.register, en, zh
    )  # the question itself, not its frame
    if kind == Implicitness.PE:
        frame_en, frame_zh = rng.choice(ELLIPSIS[partition])
        en, zh = frame_en.format(x=en), frame_zh.format(x=zh)
    elif kind == Implicitness.AE:
        ref_en, ref_zh = rng.choice(EVENT_REFERENCES[partition])
        en, zh = f"{ref_en} {_lower_first(en, keep)}", ref_zh + zh
    framing: Pair = (
        rng.choice(FRAMINGS[partition]) if rng.random() < P_FRAMING else ("", "")
    )
    lead: Pair = rng.choice(LEADS[family.register][partition])
    if (
        kind == Implicitness.PE
    ):  # an ellipsis is a short follow-up: no preamble before it
        framing, lead = ("", ""), rng.choice(ELLIPSIS_LEADS[partition])
    closer: Pair = (
        rng.choice(CLOSERS[family.register][partition])
        if rng.random() < P_CLOSER
        else ("", "")
    )
    options = [
        (framing, lead, closer),
        (("", ""), lead, closer),
        (("", ""), lead, ("", "")),
    ]
    options.append((("", ""), ("", ""), ("", "")))
    for f, lead_, c in options:
        body = _sentence_case(_join_en([f[0], lead_[0], en], keep))
        out_en = " ".join(x for x in (body, c[0]) if x)
        out_zh = f[1] + lead_[1] + zh + c[1]
        if _fits(out_en, out_zh):
            break
    return Text(en=out_en, zh=out_zh), family


def realise(
    cores: list[Text],
    seed: int,
    partition: Partition,
    *,
    kind: Implicitness = Implicitness.EXPLICIT,
    entities: list[str] | tuple[str, ...] = (),
    time: str | None = None,
) -> tuple[Text, Family]:
    """One surface form of an intent in a family of ``partition``.

    Args:
        cores: The intent's core questions (EN/ZH, same meaning). For ``kind=PE`` they are
            the noun phrases asked about ("the {lab}"); for ``NA`` questions with a pronoun
            for the antecedent; for ``AE`` questions the event reference is put before.
        seed: The seed of every choice (the same seed and partition give the same text).
        partition: ``train`` or ``test`` families.
        kind: The implicitness the form must keep (its antecedent kind).
        entities: ``lab:<key>`` / ``drug:<generic>`` the cores name by canonical name; each
            may be renamed by an abbreviation or brand name from the vocabulary.
        time: The time scope the cores express with its canonical phrase (``admission``,
            ``latest``), rendered by a same-meaning expression.

    Raises:
        ValueError: If ``cores`` is empty or ``time`` is not a known scope.
    """
    if not cores:
        raise ValueError("a request needs at least one core question")
    if time is not None and time not in TIME_EXPRESSIONS:
        raise ValueError(
            f"unknown time scope {time!r}: expected one of {sorted(TIME_EXPRESSIONS)}"
        )
    rng = random.Random(f"{seed}/{partition}")
    return _one(list(cores), kind, list(entities), time, rng, partition)


def realise_turn(
    cores: list[Text],
    seed: int,
    *,
    kind: Implicitness = Implicitness.EXPLICIT,
    entities: list[str] | tuple[str, ...] = (),
    time: str | None = None,
) -> Realised:
    """The intent realised in a train/validation family and, as its twin, a test family."""
    train, fam = realise(cores, seed, "train", kind=kind, entities=entities, time=time)
    test, test_fam = realise(
        cores, seed, "test", kind=kind, entities=entities, time=time
    )
    return Realised(
        en=train.en, zh=train.zh, family=fam.name, test=test, test_family=test_fam.name
    )


class Pending(Text):
    """A request's intent before it is realised; reads as its first core question.

    Topics draft many turns that planning then discards, so realisation waits for the
    planner (:func:`finalise`) and costs nothing for a discarded draft.
    """

    cores: tuple[Text, ...]
    seed: int
    kind: Implicitness = Implicitness.EXPLICIT
    entities: tuple[str, ...] = ()
    time: str | None = None


def pending(
    cores: list[Text],
    seed: int,
    *,
    kind: Implicitness = Implicitness.EXPLICIT,
    entities: list[str] | tuple[str, ...] = (),
    time: str | None = None,
) -> Pending:
    """The intent, to be realised by :func:`finalise` (arguments as for :func:`realise`).

    Raises:
        ValueError: If ``cores`` is empty or ``time`` is not a known scope.
    """
    if not cores:
        raise ValueError("a request needs at least one core question")
    if time is not None and time not in TIME_EXPRESSIONS:
        raise ValueError(
            f"unknown time scope {time!r}: expected one of {sorted(TIME_EXPRESSIONS)}"
        )
    return Pending.model_construct(
        en=cores[0].en,
        zh=cores[0].zh,
        cores=tuple(cores),
        seed=seed,
        kind=kind,
        entities=tuple(entities),
        time=time,
    )


def finalise(text: Text, kind: Implicitness = Implicitness.EXPLICIT) -> Text:
    """``text`` realised as a :class:`Realised` (unchanged if it already is one).

    A :class:`Pending` intent is realised from its cores. A plain :class:`Text` (a topic
    that wrote a form itself) is taken as the only core, seeded by its content, and gets
    only a family's preamble and closer (an implicit one keeps its own antecedent: it is
    realised as a pronoun form, never re-framed), so every kept request has a family.
    """
    if isinstance(text, Realised):
        return text
    if isinstance(text, Pending):
        return realise_turn(
            list(text.cores),
            text.seed,
            kind=text.kind,
            entities=text.entities,
            time=text.time,
        )
    seed = zlib.crc32(f"{text.en}\n{text.zh}".encode())
    own = Implicitness.EXPLICIT if kind == Implicitness.EXPLICIT else Implicitness.NA
    return realise_turn([text], seed, kind=own)


def variant(text: Text, split: str) -> tuple[Text, str]:
    """The plain text of ``text`` for ``split`` and its family ("" when not realised)."""
    if not isinstance(text, Realised):
        return Text(en=text.en, zh=text.zh), ""
    if partition_of_split(split) == "test":
        return Text(en=text.test.en, zh=text.test.zh), text.test_family
    return Text(en=text.en, zh=text.zh), text.family


def phrase_for_split(session: Session) -> Session:
    """The session with every request in the phrasing of its split (test: test families)."""
    turns = []
    for turn in session.turns:
        request, family = variant(turn.request, session.split)
        explicit, _ = variant(turn.request_explicit, session.split)
        turns.append(
            turn.model_copy(
                update={
                    "request": request,
                    "request_explicit": explicit,
                    "phrasing": family,
                }
            )
        )
    return session.model_copy(update={"turns": turns})
