"""Independent grader-validity sets: how a grader scores adversarial and right answers.

Runs every class of an independent test set (set A: :mod:`physassist_env.grading.
validity.independent_a`; set B: :mod:`physassist_env.grading.validity.independent_b`;
set C: :mod:`physassist_env.grading.validity.independent_c`; set D:
:mod:`physassist_env.grading.validity.independent_d`; set E:
:mod:`physassist_env.grading.validity.independent_e`; set F:
:mod:`physassist_env.grading.validity.independent_f`; set G:
:mod:`physassist_env.grading.validity.independent_g`; set H:
:mod:`physassist_env.grading.validity.independent_h`; set I:
:mod:`physassist_env.grading.validity.independent_i`; set J:
:mod:`physassist_env.grading.validity.independent_j`; set K:
:mod:`physassist_env.grading.validity.independent_k`; set L:
:mod:`physassist_env.grading.validity.independent_l`; set M:
:mod:`physassist_env.grading.validity.independent_m`; set N:
:mod:`physassist_env.grading.validity.independent_n`; set O:
:mod:`physassist_env.grading.validity.independent_o`; set P:
:mod:`physassist_env.grading.validity.independent_p`; set Q:
:mod:`physassist_env.grading.validity.independent_q`; set R:
:mod:`physassist_env.grading.validity.independent_r`; each written without reading the
grader, B without reading A, C without reading A or B, D without reading A, B or C, E
without reading A-D, F without reading A-E or the grader, G without reading A-F or the grader, H without reading A-G or the grader, I without reading A-H or the grader, J without reading A-I or the grader, K without reading any other set or the grader, L without reading any other set or the grader, M without reading any other set or the grader, N without reading any other set or the grader, O without reading any other set or the grader, P without reading any other set or the grader, Q without reading any other set or the grader, R without reading any other set or the grader) over a split's turns in
both languages, grading each variant exactly as the environment grades an answer
(:func:`physassist_env.grading.validity.run_validity` with ``generators=``), and prints
per class: the (turn, language) cases it applied to, the share passing at tau (score >=
0.75) overall, in English and in Chinese, and the mean score. The gold answer runs as a
control. Writes the full result, with examples of misgraded variants per class, as JSON.

Run::

    python benchmarks/independent_validity.py --set a --dataset /path/to/build \\
        --split test --languages en zh --out set_a.json
    python benchmarks/independent_validity.py --set a --limit 200 --out /tmp/a.json
    python benchmarks/independent_validity.py --set b --dataset /path/to/build \\
        --split test --languages en zh --out set_b.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

SETS = tuple("abcdefghijklmnopqr")  # one letter per independent set


def make_parser() -> argparse.ArgumentParser:
    """Command-line parser."""
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--set", default="a", choices=SETS, help="which independent set")
    p.add_argument(
        "--dataset", default=None, help="a built dataset (default: the embedded one)"
    )
    p.add_argument("--split", default="test", help="train | validation | test")
    p.add_argument("--languages", nargs="+", default=["en", "zh"], help="en zh")
    p.add_argument(
        "--limit", type=int, default=None, help="grade at most N (turn, language) cases"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threshold", type=float, default=0.75)
    p.add_argument("--classes", default=None, help="comma-separated classes of the set")
    p.add_argument(
        "--examples", type=int, default=5, help="misgraded examples per class"
    )
    p.add_argument("--out", default="independent_validity.json", help="JSON output")
    return p


def registry(name: str) -> dict[str, Any]:
    """The generator registry of set ``name``."""
    if name == "a":
        from physassist_env.grading.validity.independent_a import SET_A

        return dict(SET_A)
    if name == "b":
        from physassist_env.grading.validity.independent_b import SET_B

        return dict(SET_B)
    if name == "c":
        from physassist_env.grading.validity.independent_c import SET_C

        return dict(SET_C)
    if name == "d":
        from physassist_env.grading.validity.independent_d import SET_D

        return dict(SET_D)
    if name == "e":
        from physassist_env.grading.validity.independent_e import SET_E

        return dict(SET_E)
    if name == "f":
        from physassist_env.grading.validity.independent_f import SET_F

        return dict(SET_F)
    if name == "g":
        from physassist_env.grading.validity.independent_g import SET_G

        return dict(SET_G)
    if name == "h":
        from physassist_env.grading.validity.independent_h import SET_H

        return dict(SET_H)
    if name == "i":
        from physassist_env.grading.validity.independent_i import SET_I

        return dict(SET_I)
    if name == "j":
        from physassist_env.grading.validity.independent_j import SET_J

        return dict(SET_J)
    if name == "k":
        from physassist_env.grading.validity.independent_k import SET_K

        return dict(SET_K)
    if name == "l":
        from physassist_env.grading.validity.independent_l import SET_L

        return dict(SET_L)
    if name == "m":
        from physassist_env.grading.validity.independent_m import SET_M

        return dict(SET_M)
    if name == "n":
        from physassist_env.grading.validity.independent_n import SET_N

        return dict(SET_N)
    if name == "o":
        from physassist_env.grading.validity.independent_o import SET_O

        return dict(SET_O)
    if name == "p":
        from physassist_env.grading.validity.independent_p import SET_P

        return dict(SET_P)
    if name == "q":
        from physassist_env.grading.validity.independent_q import SET_Q

        return dict(SET_Q)
    if name == "r":
        from physassist_env.grading.validity.independent_r import SET_R

        return dict(SET_R)
    raise ValueError(f"unknown set {name!r}; known: {', '.join(SETS)}")


def main(args: argparse.Namespace) -> dict[str, Any]:
    """Run the set and return the result of :func:`run_validity` plus run metadata."""
    from physassist_env.env.data import resolve, split_data
    from physassist_env.grading import make_grader
    from physassist_env.grading.validity.suite import run_validity

    generators = registry(args.set)
    classes = args.classes.split(",") if args.classes else list(generators)
    path = resolve(args.dataset, progress=False)
    data = split_data(Path(path), args.split)
    t0 = time.perf_counter()
    result = run_validity(
        data.sessions,
        list(args.languages),
        make_grader("rules"),
        limit=args.limit,
        seed=args.seed,
        threshold=args.threshold,
        classes=["gold", *classes],
        examples=args.examples,
        generators=generators,
    )
    result["set"] = args.set
    result["dataset"] = str(path)
    result["split"] = args.split
    result["wall_s"] = round(time.perf_counter() - t0, 1)
    return result


def format_table(result: dict[str, Any]) -> str:
    """One row per class: kind, cases, pass share overall / per language, mean score."""
    tau = result["threshold"]
    langs = result["languages"]
    head = f"| class | kind | cases | pass >= {tau:g} |" + "".join(
        f" {lang.upper()} |" for lang in langs
    )
    lines = [head + " mean score |", "|" + " --- |" * (5 + len(langs))]

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.0f}%"

    for name, row in result["classes"].items():
        mean = "n/a" if row["mean_score"] is None else f"{row['mean_score']:.2f}"
        lines.append(
            f"| {name} | {row['kind']} | {row['applicable']} | {pct(row['pass_rate'])} |"
            + "".join(
                f" {pct(row['by_language'][lang]['pass_rate'])} |" for lang in langs
            )
            + f" {mean} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    a = make_parser().parse_args()
    out = main(a)
    Path(a.out).write_text(json.dumps(out, indent=2, ensure_ascii=False))
    print(format_table(out))
    print(
        f"\nset {out['set']}: {out['cases']} (turn, language) cases of {out['sessions']} "
        f"{out['split']} sessions of {out['dataset']}; {out['throughput']['graded']} "
        f"variants graded; wall {out['wall_s']} s; JSON: {a.out}"
    )
