"""What the knowledge-free policies learn from train sessions alone (no environment needed).

Every function here reads :class:`~physassist_env.scenarios.model.Session` objects of the
train split (requests, entities, gold calls and observations, gold answers, rubric items)
and returns plain JSON-able tables; nothing is written by hand about medicine:

* :func:`learn_entities`: entity codes (the string a gold call used), aliases (strings that
  name an entity: rubric subject lists that contain its name or code, and request words that
  co-occur almost only with it), display names per language (the alias gold answers use
  most) and the chart row names that belong to each entity;
* :func:`learn_topics`: a naive Bayes request classifier per language (request words and
  the turn index -> the train topic);
* :func:`template_value` / :func:`learn_calls`: per topic, the most common gold call
  sequence, each argument generalised to a template (entity slots, dates relative to the
  admission or the session date, numbers dropped) and, where train requests disagree, a
  naive Bayes choice between templates;
* :func:`learn_decisions`: per topic and language, candidate decision texts (the
  number-free clauses of gold answers with entity names as slots), ranked by frequency
  overall and per chart-marker state;
* :func:`learn_trend_threshold`: the relative first-to-last change that train trend items
  call stable (the threshold that agrees with most of them).
"""

from __future__ import annotations

import ast
import datetime as _dt
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from physassist_env.agents.knowledge_free import bayes
from physassist_env.agents.knowledge_free.chart import (
    marker_state,
    parse_result,
    trend,
)
from physassist_env.agents.knowledge_free.text import (
    AliasMatcher,
    clauses,
    features,
    has_digit,
    is_cjk,
    join_sentences,
    ngrams,
    numbers,
)
from physassist_env.scenarios.model import Session, Turn

LANGUAGES = ("en", "zh")
#: Shortest Latin alias turned into a slot in a decision text ("K", "mg" stay words).
MIN_SLOT_ALIAS = 3
#: Shortest Chinese alias turned into a slot ("钾" stays a character: "补钾" is a word).
MIN_SLOT_ALIAS_ZH = 2
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SLOT = re.compile(r"\{(\w+)#(\d+|\*)\}")


def typed(entities: Iterable[str]) -> list[str]:
    """The entities of the form ``type:name`` (the only ones a template can name)."""
    return [e for e in entities if ":" in e]


def etype(entity: str) -> str:
    """``lab`` of ``lab:potassium``."""
    return entity.split(":", 1)[0]


def ename(entity: str) -> str:
    """``potassium`` of ``lab:potassium``."""
    return entity.split(":", 1)[1]


def _subject_lists(turn: Turn) -> list[list[str]]:
    """Lists of strings the rubric treats as one subject (``about`` lists, mention terms)."""
    out = []
    for item in turn.rubric:
        check = item.check
        about = getattr(check, "about", None)
        if about:
            out.append(list(about))
        if check.kind == "mention" and not getattr(check, "contradicts", None):
            out.append(list(check.terms))
    return out


def _word_in(alias: str, text: str) -> bool:
    if is_cjk(alias):
        return alias in text
    return (
        re.search(rf"(?<![a-z0-9]){re.escape(alias.lower())}(?![a-z0-9])", text.lower())
        is not None
    )


# ---------------------------------------------------------------- entities
def learn_entities(
    sessions: Sequence[Session],
    *,
    min_count: int = 3,
    purity: float = 0.9,
    min_topics: int = 3,
) -> dict[str, Any]:
    """Entity codes, aliases, display names and chart row names learned from train.

    Returns:
        ``{"codes": {entity: code}, "aliases": {alias: entity}, "names": {entity: {lang:
        name}}, "rows": {row name (lower): {"entity": e, "zh": name}}}``.
    """
    turns = [t for s in sessions for t in s.turns]
    code_votes: dict[str, Counter[str]] = defaultdict(Counter)
    for t in turns:
        ents = typed(t.entities)
        for call in t.gold_actions:
            for v in call.arguments.values():
                if not isinstance(v, str):
                    continue
                for e in ents:
                    if v.lower() == ename(e).lower():
                        code_votes[e][v] += 1
    all_entities = sorted({e for t in turns for e in typed(t.entities)})
    codes = {
        e: (code_votes[e].most_common(1)[0][0] if code_votes[e] else ename(e))
        for e in all_entities
    }
    # aliases from rubric subject lists naming the entity
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for t in turns:
        for e in typed(t.entities):
            keys = {ename(e).lower(), codes[e].lower()}
            for group in _subject_lists(t):
                if any(g.lower() in keys for g in group):
                    for g in group:
                        if g.strip() and not has_digit(g):
                            votes[g.lower()][e] += 1
    for e in all_entities:
        votes[ename(e).lower()][e] += 1000
        votes[codes[e].lower()][e] += 1000
    # aliases from request words: per entity, a greedy cover of the train requests that
    # name it with no known alias, by word n-grams that co-occur (almost) only with it
    # and do not just name a topic whose turns always have it
    requests = [
        (t.request.get(lang), lang, t.topic, set(typed(t.entities)))
        for t in turns
        for lang in LANGUAGES
    ]
    grams_of = [
        ngrams(r, longest=4 if lang == "zh" else 2) for r, lang, _, _ in requests
    ]
    gram_total: Counter[str] = Counter(g for gs in grams_of for g in gs)
    gram_entity: Counter[tuple[str, str]] = Counter(
        (g, e)
        for gs, (_, _, _, es) in zip(grams_of, requests, strict=True)
        for g in gs
        for e in es
    )
    gram_topics: dict[tuple[str, str], set[str]] = defaultdict(set)
    for gs, (_, _, topic, es) in zip(grams_of, requests, strict=True):
        for g in gs:
            for e in es:
                gram_topics[(g, e)].add(topic)
    topic_turns = Counter(t.topic for t in turns)
    topic_with = Counter((t.topic, e) for t in turns for e in set(typed(t.entities)))
    topic_share = {k: n / topic_turns[k[0]] for k, n in topic_with.items()}
    own: dict[str, set[str]] = defaultdict(set)
    for alias, per in votes.items():
        own[per.most_common(1)[0][0]].add(alias)
    known = set(votes)

    owner = {a: per.most_common(1)[0][0] for a, per in votes.items()}
    checked: dict[tuple[str, str], bool] = {}

    def usable(g: str, e: str) -> bool:
        n = gram_entity[(g, e)]
        if n < min_count or n / gram_total[g] < purity:
            return False
        if g.isdigit() or (is_cjk(g) and len(g) < 2):
            return False
        topics_of = gram_topics[(g, e)]
        if len(topics_of) < min_topics and all(
            topic_share[(tp, e)] >= 0.8 for tp in topics_of
        ):
            return False  # names a topic whose turns always have this entity
        if (g, e) not in checked:  # holds another entity's name (see learn_companions)
            checked[(g, e)] = not any(_word_in(a, g) for a in known if owner[a] != e)
        return checked[(g, e)]

    having: dict[str, list[int]] = defaultdict(list)
    for i, (_, _, _, es) in enumerate(requests):
        for e in es:
            having[e].append(i)
    for e in all_entities:
        mine = AliasMatcher({a: e for a in own[e]})
        gaps = [grams_of[i] for i in having[e] if not mine.find(requests[i][0])]
        while gaps:
            count = Counter(g for gs in gaps for g in gs)
            best = [
                (n, len(g), g)
                for g, n in count.items()
                if n >= min_count and usable(g, e)
            ]
            if not best:
                break
            _, _, g = max(best)
            votes[g][e] += count[g]
            own[e].add(g)
            gaps = [gs for gs in gaps if g not in gs]
    aliases = {}
    for alias, per in votes.items():
        (e, n), *rest = per.most_common(2) + [("", 0)]
        if rest and rest[0][1] >= n * 0.5 and rest[0][1] > 0:
            continue  # ambiguous
        aliases[alias] = e
    matcher_of: dict[str, list[str]] = defaultdict(list)
    for a, e in aliases.items():
        matcher_of[e].append(a)
    # display names: the alias gold answers of the entity's turns use most, per language
    said: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for t in turns:
        for e in typed(t.entities):
            for lang in LANGUAGES:
                answer = t.gold_answer.get(lang)
                for a in matcher_of[e]:
                    if (lang == "zh") == is_cjk(a) and _word_in(a, answer):
                        said[(e, lang)][a] += 1
    names: dict[str, dict[str, str]] = {}
    for e in all_entities:
        names[e] = {}
        for lang in LANGUAGES:
            best = sorted(
                said[(e, lang)].items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0])
            )
            if best:
                # keep the gold answer's spelling (case) of the alias
                names[e][lang] = _spelling(best[0][0], turns, e, lang)
            else:
                names[e][lang] = codes[e] if lang == "en" else ""
    rows = _row_names(turns, aliases)
    return {"codes": codes, "aliases": aliases, "names": names, "rows": rows}


def _spelling(alias: str, turns: Sequence[Turn], entity: str, lang: str) -> str:
    for t in turns:
        if entity in t.entities:
            text = t.gold_answer.get(lang)
            i = text.lower().find(alias.lower())
            if i >= 0:
                return text[i : i + len(alias)]
    return alias


def _row_names(turns: Sequence[Turn], aliases: dict[str, str]) -> dict[str, Any]:
    """Chart row name (lower case) -> the entity it reports and its Chinese name."""
    zh_votes: dict[str, Counter[str]] = defaultdict(Counter)
    ent_votes: dict[str, Counter[str]] = defaultdict(Counter)
    for t in turns:
        row_names = {
            name.lower()
            for obs in t.gold_observations
            for name in parse_result("Observation.search", obs).groups()
        }
        if not row_names:
            continue
        for item in t.rubric:
            about = [a for a in (getattr(item.check, "about", None) or [])]
            low = {a.lower() for a in about}
            for rn in row_names & low:
                for a in about:
                    if is_cjk(a):
                        zh_votes[rn][a] += 1
                        break
                for a in about:
                    if a.lower() in aliases:
                        ent_votes[rn][aliases[a.lower()]] += 1
    out: dict[str, Any] = {}
    for rn in sorted(set(zh_votes) | set(ent_votes)):
        out[rn] = {
            "entity": ent_votes[rn].most_common(1)[0][0] if ent_votes[rn] else "",
            "zh": zh_votes[rn].most_common(1)[0][0] if zh_votes[rn] else "",
        }
    return out


def learn_companions(
    sessions: Sequence[Session], *, strong: float = 0.8
) -> dict[str, dict[str, str]]:
    """Per topic, the entity of a type that train turns of the topic had, given another
    entity they had (``"lab|drug:metformin"``) or nothing else (``"lab|"``; ``"lab|*"``
    too when at least ``strong`` of the topic's turns had it): the most common one. It
    stands in for an entity a request implies without naming it."""
    votes: dict[str, dict[str, Counter[str]]] = defaultdict(
        lambda: defaultdict(Counter)
    )
    turns: Counter[str] = Counter()
    for s in sessions:
        for t in s.turns:
            turns[t.topic] += 1
            ents = typed(t.entities)
            for e in ents:
                votes[t.topic][f"{etype(e)}|"][e] += 1
                for other in ents:
                    if etype(other) != etype(e):
                        votes[t.topic][f"{etype(e)}|{other}"][e] += 1
    out: dict[str, dict[str, str]] = {}
    for topic, per in sorted(votes.items()):
        out[topic] = {}
        for key, c in sorted(per.items()):
            entity, n = sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            out[topic][key] = entity
            if key.endswith("|") and n >= strong * turns[topic]:
                out[topic][key + "*"] = (
                    entity  # (nearly) every turn of the topic has it
                )
    return out


# ---------------------------------------------------------------- topics
def topic_features(
    request: str, index: int, names: AliasMatcher | None = None
) -> list[str]:
    """The classifier's features of a request: its words and word pairs, the turn index,
    and the entities its learned aliases name (each, and how many of each type)."""
    out = features(request) + [f"__turn={index}"]
    if names is not None:
        found = names.find(request)
        per_type = Counter(etype(e) for e in found)
        out += [f"__{typ}={min(n, 2)}" for typ, n in sorted(per_type.items())]
        out += [f"__entity={e}" for e in found] or ["__no_entity"]
    return out


def learn_topics(
    sessions: Sequence[Session], aliases: dict[str, str]
) -> dict[str, Any]:
    """A naive Bayes request -> topic classifier per language."""
    names = AliasMatcher(aliases)
    return {
        lang: bayes.train(
            (topic_features(t.request.get(lang), t.index, names), t.topic)
            for s in sessions
            for t in s.turns
        )
        for lang in LANGUAGES
    }


# ---------------------------------------------------------------- call templates
def template_value(
    value: Any,
    entities: Sequence[str],
    codes: dict[str, str],
    *,
    admission: str | None,
    today: str,
) -> Any:
    """A gold argument value generalised: entity names -> ``{type#k}`` slots (``{type#*}``
    for a comma list of all entities of a type), a date -> ``{date:admission}`` or
    ``{date:+N}`` days from the session date, other numbers in free text -> ``{n}``."""
    if not isinstance(value, str):
        return value
    ents = typed(entities)
    by_type: dict[str, list[str]] = defaultdict(list)
    for e in ents:
        by_type[etype(e)].append(e)

    def slot(e: str) -> str:
        return f"{{{etype(e)}#{by_type[etype(e)].index(e)}}}"

    low = value.lower().strip()
    for e in ents:
        if low in (ename(e).lower(), codes.get(e, "").lower()):
            return slot(e)
    parts = [p.strip().lower() for p in value.split(",")]
    if len(parts) > 1:
        for typ, es in by_type.items():
            keys = {k for e in es for k in (ename(e).lower(), codes.get(e, "").lower())}
            if all(p in keys for p in parts) and len(parts) == len(es):
                return f"{{{typ}#*}}"
    if _DATE.match(value):
        if admission and value == admission:
            return "{date:admission}"
        try:
            days = (_dt.date.fromisoformat(value) - _dt.date.fromisoformat(today)).days
        except ValueError:
            return value
        return f"{{date:{days:+d}}}"
    out = value
    for e in sorted(ents, key=lambda e: -len(ename(e))):
        for key in {ename(e), codes.get(e, "")} - {""}:
            out = re.sub(
                rf"(?<![A-Za-z0-9]){re.escape(key)}(?![A-Za-z0-9])",
                slot(e),
                out,
                flags=re.IGNORECASE,
            )
    if len(out.split()) <= 3:
        return out  # a short value (a dose "40 mEq"): its number is part of the choice
    return re.sub(r"(?<![#\w])\d+(?:\.\d+)?(?![\w}])", "{n}", out)


def _occurrences(names: Sequence[str]) -> list[tuple[str, int]]:
    """``(tool, n)``: the n-th call of that tool in a sequence."""
    seen: Counter[str] = Counter()
    out = []
    for name in names:
        out.append((name, seen[name]))
        seen[name] += 1
    return out


def learn_calls(
    turns: Sequence[tuple[Turn, str | None, str]],
    codes: dict[str, str],
    *,
    share: float = 0.8,
    common: float = 0.2,
) -> dict[str, list[dict[str, Any]]]:
    """Per topic, the gold calls with generalised arguments: the union of the call
    sequences at least ``common`` of the topic's turns used (a topic whose requests come
    with and without an order lookup gets both calls), in order of first use.

    Args:
        turns: ``(turn, admission start date or None, session date)``.
        codes: Entity codes (:func:`learn_entities`).
        share: An argument template used by at least this share of the calls is used
            always; below it a naive Bayes classifier over the request picks one.
        common: The share of a topic's turns a call sequence needs to be included.

    Returns:
        ``{topic: [{"name": tool, "args": {arg: spec}}]}``; a spec is ``{"value": v}`` or
        ``{"bayes": {lang: model}}``.
    """
    by_topic: dict[str, list[tuple[Turn, str | None, str]]] = defaultdict(list)
    for item in turns:
        by_topic[item[0].topic].append(item)
    out: dict[str, list[dict[str, Any]]] = {}
    for topic, items in sorted(by_topic.items()):
        sigs = Counter(tuple(c.name for c in t.gold_actions) for t, _, _ in items)
        ranked = sorted(sigs.items(), key=lambda kv: (-kv[1], kv[0]))
        keep = [sig for sig, n in ranked if n >= common * len(items)] or [ranked[0][0]]
        slots: list[tuple[str, int]] = []
        for sig in keep:
            for occ in _occurrences(sig):
                if occ not in slots:
                    slots.append(occ)
        calls = []
        for name, nth in slots:
            uses = []  # (turn, admission, today, the call)
            for t, adm, today in items:
                occs = _occurrences([c.name for c in t.gold_actions])
                if (name, nth) in occs:
                    uses.append(
                        (t, adm, today, t.gold_actions[occs.index((name, nth))])
                    )
            arg_names: Counter[str] = Counter(a for *_, c in uses for a in c.arguments)
            args: dict[str, Any] = {}
            for arg, n in sorted(arg_names.items()):
                if n < len(uses) / 2:
                    continue
                samples = [
                    (
                        t,
                        template_value(
                            c.arguments.get(arg),
                            t.entities,
                            codes,
                            admission=adm,
                            today=today,
                        ),
                    )
                    for t, adm, today, c in uses
                    if arg in c.arguments
                ]
                counts = Counter(_key(v) for _, v in samples)
                top, top_n = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]
                if top_n >= share * len(samples):
                    args[arg] = {"value": _unkey(top)}
                else:
                    args[arg] = {
                        "bayes": {
                            lang: bayes.train(
                                (features(t.request.get(lang)), _key(v))
                                for t, v in samples
                            )
                            for lang in LANGUAGES
                        }
                    }
            calls.append({"name": name, "args": args})
        out[topic] = calls
    return out


def _key(v: Any) -> str:
    return ("s:" + v) if isinstance(v, str) else ("j:" + repr(v))


def _unkey(k: str) -> Any:
    if k.startswith("s:"):
        return k[2:]
    return ast.literal_eval(k[2:])


def unkey(k: str) -> Any:
    """A Bayes label back to the argument template it stands for."""
    return _unkey(k)


# ---------------------------------------------------------------- decisions
def slot_entities(text: str, entities: Sequence[str], aliases: dict[str, str]) -> str:
    """``text`` with every alias of the given entities replaced by its ``{type#k}`` slot."""
    ents = typed(entities)
    by_type: dict[str, list[str]] = defaultdict(list)
    for e in ents:
        by_type[etype(e)].append(e)
    mine = sorted(
        (
            (a, e)
            for a, e in aliases.items()
            if e in ents
            and len(a) >= (MIN_SLOT_ALIAS_ZH if is_cjk(a) else MIN_SLOT_ALIAS)
        ),
        key=lambda ae: (-len(ae[0]), ae[0]),
    )
    out = text
    for alias, e in mine:
        slot = f"{{{etype(e)}#{by_type[etype(e)].index(e)}}}"
        if is_cjk(alias):
            out = out.replace(alias, slot)
        else:
            out = re.sub(
                rf"(?<![A-Za-z0-9]){re.escape(alias)}(?![A-Za-z0-9])",
                slot,
                out,
                flags=re.IGNORECASE,
            )
    return out


def decision_text(
    answer: str,
    entities: Sequence[str],
    aliases: dict[str, str],
    constants: set[str],
    language: str,
) -> str:
    """The decision part of a gold answer: its clauses that state no number of the case
    (numbers every answer of the topic repeats are kept), entity names as slots."""
    keep = []
    for clause in clauses(answer):
        if (
            has_digit(_SLOT.sub("", clause))
            and not set(numbers(_SLOT.sub("", clause))) <= constants
        ):
            continue
        keep.append(slot_entities(clause, entities, aliases))
    return join_sentences(keep, language)


def main_names(entities: Sequence[str], rows: dict[str, Any]) -> list[str]:
    """Chart row names (lower case) of the lab entities among ``entities``, in order."""
    labs = [e for e in typed(entities) if etype(e) == "lab"]
    out = []
    for e in labs:
        out += sorted(rn for rn, info in rows.items() if info.get("entity") == e)
    return out


def turn_state(turn: Turn, rows: dict[str, Any]) -> str:
    """The chart-marker state of a train turn, read from its gold observations."""
    results = [
        parse_result(c.name, o)
        for c, o in zip(turn.gold_actions, turn.gold_observations, strict=False)
    ]
    return marker_state(results, main_names(turn.entities, rows))


def learn_decisions(
    sessions: Sequence[Session],
    aliases: dict[str, str],
    rows: dict[str, Any],
    *,
    top: int = 8,
    per_state: int = 4,
    constant_share: float = 0.3,
) -> dict[str, dict[str, list[str]]]:
    """Candidate decision texts per language and topic, most frequent first.

    Candidates are the ``top`` most frequent decision texts of the topic plus the
    ``per_state`` most frequent within each chart-marker state; the empty text (say no
    decision) is always a candidate.
    """
    turns = [t for s in sessions for t in s.turns]
    by_topic: dict[str, list[Turn]] = defaultdict(list)
    for t in turns:
        by_topic[t.topic].append(t)
    out: dict[str, dict[str, list[str]]] = {lang: {} for lang in LANGUAGES}
    for topic, ts in sorted(by_topic.items()):
        states = [turn_state(t, rows) for t in ts]
        for lang in LANGUAGES:
            # numbers most answers of the topic (or of its marker state) repeat are part
            # of the wording ("40 mEq" in every replacement), not values of the case
            num_count: dict[str, Counter[str]] = defaultdict(Counter)
            size: Counter[str] = Counter()
            for t, st in zip(ts, states, strict=True):
                found = set(numbers(t.gold_answer.get(lang)))
                for group in ("", st):
                    num_count[group].update(found)
                    size[group] += 1
            constants = {
                group: {
                    n
                    for n, c in counts.items()
                    if c >= max(2, constant_share * size[group])
                }
                for group, counts in num_count.items()
            }
            texts = [
                decision_text(
                    t.gold_answer.get(lang),
                    t.entities,
                    aliases,
                    constants[""] | constants[st],
                    lang,
                )
                for t, st in zip(ts, states, strict=True)
            ]
            overall = Counter(texts)
            chosen: list[str] = [""]
            for text, _ in sorted(overall.items(), key=lambda kv: (-kv[1], kv[0]))[
                :top
            ]:
                if text not in chosen:
                    chosen.append(text)
            for state in sorted(set(states)):
                sub = Counter(
                    x for x, st in zip(texts, states, strict=True) if st == state
                )
                for text, _ in sorted(sub.items(), key=lambda kv: (-kv[1], kv[0]))[
                    :per_state
                ]:
                    if text not in chosen:
                        chosen.append(text)
            out[lang][topic] = chosen
    return out


# ---------------------------------------------------------------- trends
def learn_trend_threshold(sessions: Sequence[Session]) -> float:
    """The relative first-to-last change up to which train trend items say "stable": the
    threshold (0 to 0.5 in steps of 0.01) that agrees with most train trend items, ties
    going to the one nearest 0.1."""
    cases: list[tuple[list[Any], str]] = []
    for s in sessions:
        for t in s.turns:
            groups: dict[str, list[Any]] = {}
            for c, o in zip(t.gold_actions, t.gold_observations, strict=False):
                for name, rs in parse_result(c.name, o).groups().items():
                    groups.setdefault(name.lower(), rs)
            for item in t.rubric:
                if item.check.kind != "trend":
                    continue
                about = {a.lower() for a in item.check.about}
                for name, rs in groups.items():
                    if name in about:
                        cases.append((rs, item.check.direction))
                        break
    if not cases:
        return 0.1
    grid = [i / 100 for i in range(0, 51)]
    return max(
        grid,
        key=lambda th: (sum(trend(rs, th) == d for rs, d in cases), -abs(th - 0.1)),
    )


__all__ = [
    "LANGUAGES",
    "decision_text",
    "learn_calls",
    "learn_companions",
    "learn_decisions",
    "learn_entities",
    "learn_topics",
    "learn_trend_threshold",
    "main_names",
    "slot_entities",
    "template_value",
    "topic_features",
    "turn_state",
    "typed",
    "unkey",
]
