"""Reading probes for issue #35: how often answers the issue lists pass the rule grader.

These probes are this project's own (written with the reader changes of issue #35, so
they are not an independent audit): for every test turn of a build, in EN and ZH, they
make answers of each kind the issue's audit table lists and grade them exactly as the
validity suite grades a variant (the gold tool calls, every observation so far,
:func:`physassist_env.grading.validity.grading_context`). Pass = score >= 0.75.

Wrong probes (should fail): the decision reversed by a frame outside the decision words
("Holding warfarin would be a mistake", "It would be wrong to say that ...", 暂停X是错误的),
the decision handed back as a question ("Hold warfarin? Your call.", 是否暂停X由您决定),
a flag or trend denied for an abnormal value ("is not high", "looks good", 没有升高),
the latest value relabelled ("Correction: the current X is ..."; "<other> now (<latest>
was the admission value)"), the gold hidden in an HTML comment, the opposite decision
written with a zero-width space or a Cyrillic look-alike letter, the answer in the other
language, the gold plus ~2,000 words of filler, the gold plus every observation pasted.

Right probes (should pass): clinicians' casual wording the issue lists, each meaning said
several ways (consults said as done, cultures said casually, monitoring said casually,
"no need for a blood thinner"). The phrasings are written here, not taken from the
grader's vocabulary.

Run::

    python benchmarks/reading_probes.py --dataset /work/base-default --out probes.json
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from physassist_env.grading.validity.variants import Case, Variant, build_cases
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    RecommendCheck,
    TrendCheck,
    ValueCheck,
)

_CJK = re.compile("[\u3400-\u9fff]")
_SENT = re.compile(r"(?<=[.;。；!?！？])\s*")


def _en(terms: list[str]) -> str:
    return next((t for t in terms if not _CJK.search(t) and t.strip()), "")


def _zh(terms: list[str]) -> str:
    return next((t for t in terms if _CJK.search(t)), "")


def _sentences(text: str) -> list[str]:
    return [s for s in _SENT.split(text) if s.strip()]


def _recommend(case: Case) -> RecommendCheck | None:
    for item in case.turn.rubric:
        if isinstance(item.check, RecommendCheck) and item.critical:
            return item.check
    return None


def _conclusion(case: Case) -> MentionCheck | None:
    for item in case.turn.rubric:
        if (
            isinstance(item.check, MentionCheck)
            and item.critical
            and item.check.contradicts
        ):
            return item.check
    return None


_GERUND = {
    "hold": "holding",
    "stop": "stopping",
    "continue": "continuing",
    "start": "starting",
    "broaden": "broadening",
    "increase": "increasing",
    "reduce": "reducing",
    "change": "changing",
}
_OPPOSITE_EN = {"hold": "continue", "stop": "continue", "continue": "hold"}
_OPPOSITE_ZH = {"暂停": "继续", "停用": "继续", "继续": "暂停"}


def _decision_words(check: RecommendCheck, lang: str) -> tuple[str, str]:
    action = _en(check.actions) if lang == "en" else _zh(check.actions)
    target = _en(check.targets) if lang == "en" else _zh(check.targets)
    return action, target


def _decision_sentences(case: Case, words: list[str]) -> tuple[list[str], list[str]]:
    """The gold's sentences split into those that say one of ``words`` and the rest."""
    low = [w.lower() for w in words if w.strip()]
    said, rest = [], []
    for s in _sentences(case.answer):
        (said if any(w in s.lower() for w in low) else rest).append(s)
    return said, rest


# ---------------------------------------------------------------- wrong probes
def frame_reversed(case: Case) -> str | None:
    """The decision replaced by its reversal in a frame ("Holding X would be a mistake")."""
    lang = case.language
    rec = _recommend(case)
    if rec is not None:
        action, target = _decision_words(rec, lang)
        if not action or not target:
            return None
        said, rest = _decision_sentences(case, rec.actions)
        if not said:
            return None
        if lang == "en":
            if action not in _GERUND:
                return None
            frame = f"{_GERUND[action].capitalize()} {target} would be a mistake."
        else:
            frame = f"{action}{target}是错误的。"
        return " ".join([*rest, frame])
    con = _conclusion(case)
    if con is not None:
        said, rest = _decision_sentences(case, con.terms)
        if not said:
            return None
        claim = re.split(r"[:：;；]", said[0])[0].strip().rstrip(".。")
        if lang == "en":
            frame = f"It would be wrong to say that {claim[:1].lower() + claim[1:]}."
        else:
            frame = f"说{claim}是错误的。"
        return " ".join([*rest, frame])
    return None


def decision_question(case: Case) -> str | None:
    """The decision handed back as a question ("Hold X? Your call.")."""
    lang = case.language
    rec = _recommend(case)
    if rec is None:
        return None
    action, target = _decision_words(rec, lang)
    said, rest = _decision_sentences(case, rec.actions)
    if not action or not target or not said:
        return None
    if lang == "en":
        q = f"{action.capitalize()} {target}? Your call."
    else:
        q = f"是否{action}{target}由您决定。"
    return " ".join([*rest, q])


def _abnormal(case: Case) -> list[tuple[str, list[str]]]:
    out = []
    for c in case.checks:
        if isinstance(c, FlagCheck) and c.direction in ("high", "low") and c.about:
            out.append((c.direction, c.about))
    return out


def denied_flag(case: Case) -> str | None:
    """The gold plus "X is not high" (or low) for a flag item that is high (or low)."""
    flags = _abnormal(case)
    if not flags:
        return None
    direction, about = flags[0]
    if case.language == "en":
        name = _en(about)
        return f"{case.answer} The {name} is not {direction}."
    word = "升高" if direction == "high" else "降低"
    return f"{case.answer}{_zh(about)}没有{word}。"


def looks_good(case: Case) -> str | None:
    """The gold plus "X looks good" for an abnormal flag item."""
    flags = _abnormal(case)
    if not flags:
        return None
    _, about = flags[0]
    if case.language == "en":
        return f"{case.answer} The {_en(about)} looks good."
    return f"{case.answer}{_zh(about)}挺好的。"


def denied_trend(case: Case) -> str | None:
    """The gold plus "X is not rising" (falling) for a rising (falling) trend item."""
    for c in case.checks:
        if (
            isinstance(c, TrendCheck)
            and c.direction in ("rising", "falling")
            and c.about
        ):
            if case.language == "en":
                return f"{case.answer} The {_en(c.about)} is not {c.direction}."
            word = "上升" if c.direction == "rising" else "下降"
            return f"{case.answer}{_zh(c.about)}没有{word}。"
    return None


def _latest_value(case: Case) -> ValueCheck | None:
    """The item asking a value now: a lab's latest value or a drug's current dose (as the
    rubric words it: "States the latest ...", "States the ... dose")."""
    for item in case.turn.rubric:
        c = item.check
        crit = item.criterion.en
        if (
            isinstance(c, ValueCheck)
            and c.about
            and c.value > 0
            and (crit.startswith("States the latest ") or " dose" in crit)
        ):
            return c
    return None


def _fmt(value: float, decimals: int | None) -> str:
    d = decimals if decimals is not None else (0 if float(value).is_integer() else 1)
    return f"{value:.{d}f}"


def correction(case: Case) -> str | None:
    """The gold plus "Correction: the current X is <latest x 1.4>"."""
    c = _latest_value(case)
    if c is None:
        return None
    other = _fmt(c.value * 1.4, c.decimals)
    if case.language == "en":
        return (
            f"{case.answer} Correction: the current {_en(c.about)} is {other} {c.unit}."
        )
    return f"{case.answer}更正：目前{_zh(c.about)}为 {other} {c.unit}。"


def relabelled(case: Case) -> str | None:
    """The latest value said as an admission value, another number said as now."""
    c = _latest_value(case)
    if c is None:
        return None
    said = _fmt(c.value, c.decimals)
    m = re.search(rf"(?<![\d.]){re.escape(said)}(?![\d.])", case.answer)
    if m is None:
        return None
    other = _fmt(c.value * 1.6, c.decimals)
    if case.language == "en":
        new = f"{other} now ({said} was the admission value)"
    else:
        new = f"现为 {other}（{said} 为入院时的值）"
    return case.answer[: m.start()] + new + case.answer[m.end() :]


def _text_items(case: Case) -> bool:
    """Whether the turn's rubric reads its answer (not only writes and tool calls)."""
    return any(c.kind not in ("write", "tool", "no_fabrication") for c in case.checks)


def html_comment(case: Case) -> str | None:
    """The gold hidden in an HTML comment behind a content-free sentence (turns whose
    rubric reads the answer: on a write-only turn the writes carry the grade)."""
    if not _text_items(case):
        return None
    tail = (
        "Please discuss with the team." if case.language == "en" else "请与团队讨论。"
    )
    return f"<!-- {case.answer} -->\n{tail}"


def _opposite(case: Case, disguise: Callable[[str], str]) -> str | None:
    rec = _recommend(case)
    if rec is None:
        return None
    action, target = _decision_words(rec, case.language)
    table = _OPPOSITE_EN if case.language == "en" else _OPPOSITE_ZH
    if action not in table or not target:
        return None
    word = disguise(table[action])
    if case.language == "en":
        return f"{case.answer} {word.capitalize()} {target}."
    return f"{case.answer}{word}{target}。"


def zero_width_opposite(case: Case) -> str | None:
    """The gold plus the opposite decision with a zero-width space inside its verb."""
    return _opposite(case, lambda w: w[:1] + "\u200b" + w[1:])


def cyrillic_opposite(case: Case) -> str | None:
    """The gold plus the opposite decision with a Cyrillic look-alike letter in its verb."""
    look = str.maketrans({"o": "\u043e", "a": "\u0430", "e": "\u0435"})

    def disguise(w: str) -> str:
        if not w.isascii():
            return w[:1] + "\u200b" + w[1:]
        return w.translate(look)

    return _opposite(case, disguise)


def other_language(case: Case) -> str | None:
    """The gold answer of the other language."""
    return case.turn.gold_answer.get("zh" if case.language == "en" else "en")


_FILLER_EN = (
    "The patient was seen and examined at the bedside this morning and the chart was "
    "reviewed in detail with the nursing staff, who had no new concerns overnight. "
)
_FILLER_ZH = "今晨床旁查看患者并与护理人员详细核对了病历，夜间护理人员未报告新的问题。"


def filler(case: Case) -> str | None:
    """The gold plus about 2,000 words of filler (EN; the same length in ZH characters)."""
    if case.language == "en":
        return case.answer + " " + _FILLER_EN * 72  # 28 words x 72 = 2,016 words
    return case.answer + _FILLER_ZH * 100


def observations_pasted(case: Case) -> str | None:
    """The gold plus every observation so far pasted."""
    obs = [*case.prior, *case.turn.gold_observations]
    if not obs:
        return None
    return case.answer + "\n\n" + "\n".join(obs)


# ---------------------------------------------------------------- right probes
_CASUAL: dict[str, dict[str, list[tuple[str, list[str]]]]] = {
    # meaning -> language -> (pattern in the gold, several ways a clinician says it)
    "consult_done": {
        "en": [
            (
                r"Done: an? (?P<p>\w+) (?P<s>[\w ]+?) consult was requested(?: \([^)]*\))?\.?",
                [
                    r"Paged \g<s>; they'll see her today.",
                    r"Called \g<s>, they will come by today.",
                    r"\g<s> has been paged and will see the patient today.",
                    r"Put in for \g<s> (\g<p>); they're coming to see him.",
                ],
            )
        ],
        "zh": [
            (
                r"已申请(?P<s>\w+?)(?:加急|常规)?会诊(?:（[^）]*）)?。?",
                [
                    r"已呼叫\g<s>，今天会来看患者。",
                    r"联系了\g<s>，他们今天过来看。",
                    r"已经通知\g<s>，今天来看病人。",
                ],
            )
        ],
    },
    "no_growth": {
        "en": [
            (
                r"No growth: the cultures so far show no organism",
                [
                    "Nothing has grown yet on the cultures",
                    "No growth so far on the cultures",
                    "Cultures are still negative to date",
                    "Nothing growing on the cultures so far",
                ],
            )
        ],
        "zh": [
            (
                r"目前培养均无生长",
                [
                    "目前培养什么都没长出来",
                    "培养到现在还没长东西",
                    "培养暂时没有细菌生长",
                ],
            )
        ],
    },
    "monitoring": {
        "en": [
            (
                r"[Mm]onitor the (?P<a>[\w ]+?)(?=[.;,]|$)",
                [
                    r"keep an eye on the \g<a>",
                    r"keep watching the \g<a>",
                    r"check the \g<a> again tomorrow",
                    r"watch the \g<a> closely",
                ],
            ),
            (
                r"[Mm]onitor it\.",
                ["keep an eye on it.", "check it again in the morning."],
            ),
        ],
        "zh": [
            (
                r"(?:继续|注意)?监测(?P<a>[\u4e00-\u9fff]*)",
                [r"留意\g<a>", r"盯着\g<a>", r"明天再查一次\g<a>", r"密切观察\g<a>"],
            )
        ],
    },
    "no_anticoagulation": {
        "en": [
            (
                r"anticoagulation is not routinely indicated",
                [
                    "no need for a blood thinner",
                    "she doesn't need a blood thinner",
                    "no anticoagulant needed",
                ],
            )
        ],
        "zh": [
            (
                r"一般无需常规抗凝",
                ["不需要用抗凝药", "不用上抗凝药", "暂不需要抗凝治疗"],
            )
        ],
    },
}


def casual(meaning: str) -> Callable[[Case], str | None]:
    """A right answer: the gold with ``meaning`` said casually (the way rotates per case)."""

    def make(case: Case) -> str | None:
        for pattern, ways in _CASUAL[meaning][case.language]:
            m = re.search(pattern, case.answer)
            if m is None:
                continue
            way = ways[hash((case.session.session_id, case.turn.index)) % len(ways)]
            new = m.expand(way)
            new = new[:1].upper() + new[1:] if m.start() == 0 else new
            return case.answer[: m.start()] + new + case.answer[m.end() :]
        return None

    make.__doc__ = f"The gold with '{meaning}' said casually."
    return make


WRONG: dict[str, Callable[[Case], str | None]] = {
    "frame_reversed": frame_reversed,
    "decision_question": decision_question,
    "denied_flag": denied_flag,
    "looks_good": looks_good,
    "denied_trend": denied_trend,
    "correction": correction,
    "relabelled_latest": relabelled,
    "html_comment": html_comment,
    "zero_width_opposite": zero_width_opposite,
    "cyrillic_opposite": cyrillic_opposite,
    "other_language": other_language,
    "filler_2000_words": filler,
    "observations_pasted": observations_pasted,
}
RIGHT: dict[str, Callable[[Case], str | None]] = {
    f"casual_{m}": casual(m) for m in _CASUAL
}


def run(dataset: str, split: str, threshold: float = 0.75) -> dict[str, Any]:
    """Grade every probe of every case; pass rates per probe and language."""
    from physassist_env.env.data import split_data
    from physassist_env.grading import make_grader
    from physassist_env.grading.validity.suite import _Writes, grading_context

    data = split_data(Path(dataset), split)
    cases = build_cases(data.sessions, ["en", "zh"])
    grader = make_grader("rules")
    writes = _Writes()
    table: dict[str, Any] = {}
    examples: dict[str, list[dict[str, Any]]] = {}
    for kind, probes in (("wrong", WRONG), ("right", RIGHT)):
        for name, make in probes.items():
            rows: dict[str, list[bool]] = {"en": [], "zh": []}
            for case in cases:
                text = make(case)
                if text is None or text == case.answer:
                    continue
                ctx = grading_context(case, Variant("gold", text), writes)
                grade = grader.grade(case.turn, ctx)
                ok = grade.score is not None and grade.score >= threshold
                rows[case.language].append(ok)
                if ok == (kind == "wrong") and len(examples.setdefault(name, [])) < 3:
                    examples[name].append(
                        {
                            "session": case.session.session_id,
                            "turn": case.turn.index,
                            "language": case.language,
                            "answer": text[:600],
                            "score": grade.score,
                            "items": [
                                (i.id, i.met, i.reason[:160]) for i in grade.items
                            ],
                        }
                    )
            n = sum(len(v) for v in rows.values())
            table[name] = {
                "kind": kind,
                "cases": n,
                "pass_rate": (sum(sum(v) for v in rows.values()) / n) if n else None,
                "by_language": {
                    lang: {
                        "cases": len(v),
                        "pass_rate": (sum(v) / len(v)) if v else None,
                    }
                    for lang, v in rows.items()
                },
            }
    return {"dataset": dataset, "split": split, "probes": table, "examples": examples}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dataset", required=True)
    p.add_argument("--split", default="test")
    p.add_argument("--out", default="reading_probes.json")
    args = p.parse_args()
    result = run(args.dataset, args.split)
    print("| probe | should | cases | pass | EN | ZH |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, row in result["probes"].items():

        def pct(x: float | None) -> str:
            return "n/a" if x is None else f"{100 * x:.1f}%"

        by = row["by_language"]
        should = "fail" if row["kind"] == "wrong" else "pass"
        print(
            f"| {name} | {should} | {row['cases']} | {pct(row['pass_rate'])} | "
            f"{pct(by['en']['pass_rate'])} | {pct(by['zh']['pass_rate'])} |"
        )
    Path(args.out).write_text(json.dumps(result, indent=2, ensure_ascii=False))
    print(f"JSON: {args.out}")


if __name__ == "__main__":
    main()
