"""``note/radiology`` reports of an admission's imaging studies."""

from __future__ import annotations

from datetime import datetime, timedelta

from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import Chart, ts
from physassist_env.synth.notes import radiology_note


def radiology(
    chart: Chart, hadm: int, admit: datetime, cond: kb.Condition, tier: str
) -> list[str]:
    """Write the admission's radiology reports; returns ``exam: impression`` lines."""
    rng = chart.rng
    studies = list(cond.imaging)
    if tier == "sparse":
        studies = studies[:1]
    impressions = []
    for i, study in enumerate(studies, start=1):
        when = admit + timedelta(hours=int(rng.integers(1, 30)))
        nid = chart.ids.next("note")
        chart.add(
            "note/radiology",
            {
                "note_id": f"{chart.sid}-RR-{nid}",
                "subject_id": chart.sid,
                "hadm_id": hadm,
                "note_type": "RR",
                "note_seq": i,
                "charttime": ts(when),
                "storetime": ts(when + timedelta(hours=2)),
                "text": radiology_note(study, cond),
            },
        )
        impressions.append(f"{study.exam}: {study.impression}")
    return impressions
