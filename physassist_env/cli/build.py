"""``physassist build``: turn a source into the benchmark dataset.

Examples::

    physassist build                                  # embedded synthetic -> ./physassistbench
    physassist build --source mimic-iv --path ~/mimic-iv-3.1 --out physassistbench-mimic
    physassist build --source fhir --path export/ --out physassistbench-fhir
    physassist build --source mimic-iv --path ~/mimic-iv-3.1 --workers 8 --prefilter --out physassistbench-mimic
    physassist build --source official --path release/ --mimic ~/mimic-iv-3.1 --out physassistbench-official
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from physassist_env.cli._sources import fraction, whole_number
from physassist_env.dataset.build import (
    BUILD_SOURCES,
    DEFAULT_PATIENTS,
    DEFAULT_SEED,
    DEFAULT_TEST_PER_CELL,
    DEFAULT_VALIDATION_FRACTION,
    build_dataset,
    default_dataset,
)
from physassist_env.dataset.checkpoint import partial_folder
from physassist_env.dataset.loader import read_manifest
from physassist_env.dataset.writer import dataset_output, is_dataset_file
from physassist_env.paths import output_path
from physassist_env.sources import SourceError


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``build`` sub-command."""
    p = sub.add_parser(
        "build",
        help="build the benchmark dataset from a source",
        description="Build sessions, rubrics and the Hugging Face dataset from a source.",
    )
    p.add_argument(
        "--source",
        default="synthetic",
        choices=BUILD_SOURCES,
        help="record source (default: the embedded synthetic hospital)",
    )
    p.add_argument(
        "--path",
        help="the MIMIC-IV folder, FHIR export or official JSONL folder (not needed for synthetic)",
    )
    p.add_argument(
        "--mimic", help="official only: your MIMIC-IV folder (the release's patients)"
    )
    p.add_argument(
        "--out",
        default="physassistbench",
        help="output folder (default: ./physassistbench, which load_dataset('physassistbench') finds)",
    )
    p.add_argument(
        "--patients",
        type=whole_number(1),
        default=DEFAULT_PATIENTS,
        help=f"synthetic patients (default {DEFAULT_PATIENTS})",
    )
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed (default 0)")
    p.add_argument(
        "--limit",
        type=whole_number(1),
        help="use only the first N patients of the source",
    )
    p.add_argument(
        "--test-per-cell",
        type=whole_number(0),
        default=DEFAULT_TEST_PER_CELL,
        help=f"test sessions per scenario x tier cell ({DEFAULT_TEST_PER_CELL} gives the paper's 324)",
    )
    p.add_argument(
        "--validation-fraction",
        type=fraction,
        default=DEFAULT_VALIDATION_FRACTION,
        help=f"share of non-test patients in validation (default {DEFAULT_VALIDATION_FRACTION})",
    )
    p.add_argument(
        "--overwrite", action="store_true", help="replace an earlier build in --out"
    )
    p.add_argument(
        "--workers",
        type=whole_number(0),
        default=0,
        help="processes building sessions over patient shards (output is identical for any "
        "N; default 0: automatic, up to 2 and at most one per CPU and per 256-patient shard)",
    )
    p.add_argument(
        "--backend",
        default="process",
        choices=("process", "ray"),
        help="process (local workers, default) or ray (--address, else RAY_ADDRESS, else a "
        "local Ray)",
    )
    p.add_argument(
        "--address",
        help="--backend ray: the Ray cluster to build on (host:port of its head, or auto: "
        "the cluster `ray start` runs on this machine); sets RAY_ADDRESS",
    )
    p.add_argument(
        "--prefilter",
        action="store_true",
        help="rank patients by the data a scenario needs before converting them; with "
        "--limit, keep the richest",
    )
    p.add_argument(
        "--paraphrase",
        choices=("openai",),
        help="rewrite each request with a language model at an OpenAI-compatible endpoint "
        "(kept only when entities, implicitness and the gold score survive)",
    )
    p.add_argument("--model", help="--paraphrase: the model name")
    p.add_argument(
        "--base-url", help="--paraphrase: the API root, e.g. http://localhost:8000/v1"
    )
    p.add_argument(
        "--api-key-env",
        default="OPENAI_API_KEY",
        help="--paraphrase: environment variable holding the API key (default OPENAI_API_KEY)",
    )
    p.add_argument(
        "--reviews",
        nargs="+",
        metavar="PATH",
        help="clinician review files to apply (a .jsonl, a folder of them, or a reviewed "
        "dataset folder; physassist review, docs/review.md): corrected items replace "
        "generated ones, wrong or unsafe ones are dropped, and the card reports coverage, "
        "error rates and kappa",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="with the default arguments, build afresh instead of copying the cached "
        "default (the same bytes; for timing a build)",
    )
    p.add_argument(
        "--no-resume",
        action="store_true",
        help="start afresh instead of reusing the patient shards an interrupted run of the "
        "same build finished (kept in .<out>.partial next to --out until the build ends)",
    )
    p.add_argument("--no-progress", action="store_true", help="hide progress bars")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 2 on bad input (unknown source, missing path, occupied output)."""
    t0 = time.perf_counter()
    paraphrase = None
    if args.paraphrase:
        if not args.model or not args.base_url:
            print(
                "physassist build: --paraphrase openai needs --model and --base-url",
                file=sys.stderr,
            )
            return 2
        from physassist_env.patient.llm import OpenAICompatBackend

        paraphrase = OpenAICompatBackend(
            args.base_url, args.model, api_key_env=args.api_key_env, temperature=0.7
        )
    if _is_default(args) and not args.no_cache:
        try:
            path = _copy_default(args)
        except (FileExistsError, ValueError) as exc:
            print(f"physassist build: {exc}", file=sys.stderr)
            return 2
        _print_load_hint(path)
        return 0
    if args.address:
        if args.backend != "ray":
            print("physassist build: --address needs --backend ray", file=sys.stderr)
            return 2
        os.environ["RAY_ADDRESS"] = args.address  # ray.init() connects to it
    try:
        manifest, generated = build_dataset(
            args.source,
            args.out,
            path=args.path,
            patients=args.patients,
            seed=args.seed,
            limit=args.limit,
            test_per_cell=args.test_per_cell,
            validation_fraction=args.validation_fraction,
            overwrite=args.overwrite,
            progress=not args.no_progress,
            mimic=args.mimic,
            workers=args.workers,
            backend=args.backend,
            prefilter=args.prefilter,
            paraphrase=paraphrase,
            reviews=args.reviews,
            resume=not args.no_resume,
        )
    except (SourceError, FileExistsError, ValueError, ImportError) as exc:
        print(f"physassist build: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = partial_folder(output_path(args.out))
        n = len(list(kept.glob("shard-*.pkl"))) if kept.is_dir() else 0
        print(
            f"physassist build: interrupted; {n} finished shard(s) of patients kept in {kept}"
            + (
                ": run the same command again to go on from them (--no-resume starts afresh)"
                if n
                else ""
            ),
            file=sys.stderr,
        )
        return 130
    for line in getattr(generated, "source_summary", []):  # FHIR exports
        print(f"source: {line}", file=sys.stderr)
    for line in getattr(generated, "patient_summary", []):
        print(line, file=sys.stderr)
    for problem in getattr(generated, "problems", []):  # official imports
        print(f"problem: {problem}", file=sys.stderr)
    counts = manifest.counts
    print(f"wrote {manifest.path} in {time.perf_counter() - t0:.0f}s: {counts}")
    _print_provenance(getattr(generated, "sessions", []))
    if generated.unfilled:
        missing = ", ".join(
            f"{sc}/{tier}: {n}" for (sc, tier), n in sorted(generated.unfilled.items())
        )
        print(
            f"note: the test split could not fill every scenario x tier cell to {args.test_per_cell} (missing {missing}); "
            "the source has too few qualifying admissions",
            file=sys.stderr,
        )
    _print_load_hint(Path(str(manifest.path)))
    return 0


def _is_default(args: argparse.Namespace) -> bool:
    """Whether the arguments ask for the embedded default (worker count and backend
    aside: they do not change a byte), which is built once into the cache."""
    return (
        args.source == "synthetic"
        and args.patients == DEFAULT_PATIENTS
        and args.seed == DEFAULT_SEED
        and args.limit is None
        and args.test_per_cell == DEFAULT_TEST_PER_CELL
        and args.validation_fraction == DEFAULT_VALIDATION_FRACTION
        and not args.prefilter
        and not args.paraphrase
        and not args.reviews
    )


def _copy_default(args: argparse.Namespace) -> Path:
    """Copy the cached default (built first when absent) into ``--out``, through the
    same staged, locked output as a build; return the folder written."""
    t0 = time.perf_counter()
    cached = default_dataset(progress=not args.no_progress)
    with dataset_output(output_path(args.out), overwrite=args.overwrite) as staged:
        for file in sorted(cached.rglob("*")):
            relative = file.relative_to(cached).as_posix()
            if file.is_file() and is_dataset_file(relative):
                (staged / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, staged / relative)
    path = output_path(args.out)
    manifest = read_manifest(path)
    print(
        f"wrote {path} in {time.perf_counter() - t0:.0f}s: {manifest.counts} "
        f"(a copy of the cached default {cached}, the same bytes a build gives)"
    )
    return path


def _print_load_hint(path: Path) -> None:
    here = path.parent == Path.cwd().resolve()
    print(
        f"load it with: datasets.load_dataset({path.name if here else str(path)!r})"
        + (" in this folder" if here else "")
        + f", or from anywhere physassist_env.load_dataset(path={str(path)!r})"
    )


def _print_provenance(sessions: list[Any]) -> None:
    """One summary line: how the gold's items and answer values are bound to record rows
    (``physassist audit`` re-checks them); unbound value / flag / trend items are named."""
    from physassist_env.scenarios.provenance import (
        COUNT_ROWS,
        provenance_counts,
        provenance_row,
    )

    counts = provenance_counts(t for s in sessions for t in s.turns)
    print("provenance: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    unbound = [
        f"{s.session_id} {it.id}: {it.criterion.en}"
        for s in sessions
        for t in s.turns
        for it in t.rubric
        if provenance_row(it) == COUNT_ROWS[3]
    ]
    for line in unbound[:10]:
        print(f"unbound fact: {line}", file=sys.stderr)
