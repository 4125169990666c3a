"""The authors' released sessions: import them, run them, grade them, and export ours.

* :func:`load_official` / :class:`OfficialSession`: validate the release's JSONL lines
  (problems name the file, line and field; the rest loads).
* :func:`import_official`: release lines -> our sessions (+ MIMIC-IV records).
* :class:`RecordedPatient`: replays the release's recorded patient replies by tool and
  question, with our scripted patient as fallback (wired into the environment).
* :func:`export_official`: our sessions -> the release's four JSONL files.
* :class:`DualGrader` / :func:`compare_grades`: judge and rule grader side by side, in
  process (a stored run's rule-vs-judge agreement is in its report, see
  :mod:`physassist_env.evaluation.report`).

See ``docs/official-format.md``.
"""

from __future__ import annotations

from physassist_env.official.compare import DualGrader, compare_grades
from physassist_env.official.exporter import export_official, session_to_line
from physassist_env.official.importer import (
    import_official,
    map_tool_name,
    read_records,
    session_from_line,
)
from physassist_env.official.patient import RecordedPatient, similarity
from physassist_env.official.rubric import DERIVED, JUDGE_ONLY, derive_item
from physassist_env.official.schema import (
    OFFICIAL_FILES,
    SEPARATOR,
    OfficialSession,
    Problem,
    load_official,
    parse_line,
)

__all__ = [
    "DERIVED",
    "JUDGE_ONLY",
    "OFFICIAL_FILES",
    "SEPARATOR",
    "DualGrader",
    "OfficialSession",
    "Problem",
    "RecordedPatient",
    "compare_grades",
    "derive_item",
    "export_official",
    "import_official",
    "load_official",
    "map_tool_name",
    "parse_line",
    "read_records",
    "session_from_line",
    "session_to_line",
    "similarity",
]
