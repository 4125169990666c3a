"""Grade time against answer length: the rule grader on number-dense answers.

An answer is the gold answer of a drug-lab safety turn followed by number-dense filler
(lab names with values and units, the shape that made reading cost grow with the cube of
the length, issue #46), cut to each target length. Each length is graded ``--repeats``
times with the grader's caches cleared between runs (every answer is new to the grader,
as a model's answers are), and the median CPU time of one grade is reported, with the
median CPU time of the claim reader alone on the whole answer (``read_claims``, no cap on
what is read: the reader's own cost; the grader reads at most
``shown.MAX_READ_CHARS`` characters). Runs on older code too (the reader column is then
left out when the code has no cap).

Run::

    python benchmarks/grade_length.py --out grade_length.json
    python benchmarks/grade_length.py --lengths 2000,4000,8000 --repeats 3
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from pathlib import Path
from typing import Any

FILLER_EN = (
    "potassium 5.8 mEq/L, sodium 138 mEq/L, creatinine 1.2 mg/dL, hemoglobin 10.1 g/dL; "
    "glucose 142 mg/dL and WBC 12.4 K/uL, then INR 1.3 and platelets 212 K/uL. "
)
FILLER_ZH = "血钾 5.8 mmol/L，血钠 138 mmol/L，肌酐 1.2 mg/dL，血红蛋白 10.1 g/dL；血糖 142 mg/dL。"


def _turn() -> Any:
    """A drug-lab safety turn (value, flag, decision, monitoring and tool items)."""
    from physassist_env.scenarios.model import (
        FlagCheck,
        Implicitness,
        MentionCheck,
        RecommendCheck,
        RubricItem,
        TaskType,
        Text,
        ToolCall,
        ToolSource,
        ToolUseCheck,
        Turn,
        ValueCheck,
    )

    about = ["potassium", "血钾", "K", "K+", "钾"]

    def item(i: int, check: Any, critical: bool = False) -> RubricItem:
        return RubricItem(
            id=f"t2-i{i}",
            criterion=Text(en="criterion", zh="标准"),
            check=check,
            critical=critical,
        )

    return Turn(
        index=2,
        task_type=TaskType.CR,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=Text(en="Safe to continue lisinopril?", zh="赖诺普利能继续吗？"),
        request_explicit=Text(
            en="Safe to continue lisinopril?", zh="赖诺普利能继续吗？"
        ),
        topic="drug_lab_safety",
        gold_actions=[ToolCall(name="Observation.search", arguments={"code": "K"})],
        gold_observations=[
            "Observation: 1 result(s), showing 1, newest first\n"
            "- 2180-01-04 08:00 | Potassium = 4.6 mEq/L [ref 3.5-5.1]"
        ],
        gold_answer=Text(
            en="Potassium is 4.6 mEq/L, which is normal. It is safe to continue "
            "lisinopril; monitor the potassium.",
            zh="血钾为 4.6 mEq/L，正常。可以继续使用赖诺普利，注意监测血钾。",
        ),
        rubric=[
            item(0, ValueCheck(value=4.6, unit="mEq/L", decimals=1, about=about)),
            item(1, FlagCheck(direction="normal", about=about)),
            item(
                2,
                RecommendCheck(actions=["continue", "继续"], targets=["lisinopril"]),
                critical=True,
            ),
            item(3, MentionCheck(terms=["monitor", "recheck", "监测", "复查"])),
            item(4, ToolUseCheck(tools=["Observation.search"])),
        ],
    )


def _clear_caches() -> None:
    """Forget every memoised reading, so each grade reads its answer afresh."""
    import functools
    import sys

    for name, module in list(sys.modules.items()):
        if not name.startswith("physassist_env.") or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper):  # type: ignore[attr-defined]
                # keep the compiled-regex and vocabulary caches (built once per process)
                if value.__name__ not in {"compiled_term", "_lexicon_index"}:
                    value.cache_clear()


def measure(lengths: list[int], repeats: int, language: str) -> list[dict[str, Any]]:
    """Median CPU seconds of one grade for each answer length."""
    from physassist_env.grading import GradingContext, make_grader
    from physassist_env.grading.claims import read_claims

    turn = _turn()
    grader = make_grader("rules")
    gold = turn.gold_answer.get(language)
    filler = FILLER_ZH if language == "zh" else FILLER_EN
    rows = []
    for n in lengths:
        answer = (gold + " " + filler * (n // len(filler) + 1))[:n]
        times, reads = [], []
        score = None
        for r in range(repeats):
            _clear_caches()
            # a fresh string object each time (same text): nothing is reused
            text = "".join([answer[:1], answer[1:]]) if r else answer
            ctx = GradingContext(
                answer=text,
                language=language,
                tool_calls=list(turn.gold_actions),
                observations=list(turn.gold_observations),
            )
            gc.collect()
            t0 = time.process_time()
            grade = grader.grade(turn, ctx)
            times.append(time.process_time() - t0)
            score = grade.score
            _clear_caches()
            gc.collect()
            t0 = time.process_time()
            read_claims(text, turn.gold_observations)
            reads.append(time.process_time() - t0)
        rows.append(
            {
                "language": language,
                "chars": len(answer),
                "grade_cpu_s": round(statistics.median(times), 4),
                "read_claims_cpu_s": round(statistics.median(reads), 4),
                "score": score,
            }
        )
        print(
            f"{language} {len(answer):>7} chars  grade {statistics.median(times):9.4f} "
            f"CPU s  read_claims {statistics.median(reads):9.4f} CPU s  score {score}",
            flush=True,
        )
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lengths", default="500,1000,2000,4000,8000,12000,30000")
    p.add_argument("--languages", default="en,zh")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--out", default="grade_length.json")
    args = p.parse_args()
    lengths = [int(x) for x in args.lengths.split(",") if x.strip()]
    rows = []
    for language in [x.strip() for x in args.languages.split(",") if x.strip()]:
        rows += measure(lengths, args.repeats, language)
    Path(args.out).write_text(json.dumps(rows, indent=2))
    print(f"JSON: {args.out}")


if __name__ == "__main__":
    main()
