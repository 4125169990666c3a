"""Hand-built sessions and records (invented values) for the dataset tests."""

from __future__ import annotations

from physassist_env.dataset import SourceInfo, SourceKind
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.model import (
    ARCS,
    Implicitness,
    MentionCheck,
    NegativeCheck,
    RubricItem,
    Scenario,
    Session,
    TaskType,
    Text,
    Tier,
    ToolCall,
    ToolSource,
    Turn,
    ValueCheck,
    WriteCheck,
)

IMPLICIT = [Implicitness.NA, Implicitness.PE, Implicitness.AE]


def make_turn(index: int, task: TaskType, k: int) -> Turn:
    explicit = index == 0 or task == TaskType.WU
    implicitness = Implicitness.EXPLICIT if explicit else IMPLICIT[(index + k) % 3]
    source = {TaskType.WU: ToolSource.WRITE, TaskType.CR: ToolSource.MIXED}.get(
        task, ToolSource.EHR
    )
    rubric = [
        RubricItem(
            id=f"t{index}-i0",
            criterion=Text(
                en="States the latest potassium 5.9 mmol/L",
                zh="说明最近的血钾为 5.9 mmol/L",
            ),
            check=ValueCheck(
                value=5.9, unit="mmol/L", tolerance=0.05, conversions={"mEq/L": 1.0}
            ),
            tags=["value"],
        ),
        RubricItem(
            id=f"t{index}-i1",
            criterion=Text(en="Mentions lisinopril", zh="提到赖诺普利"),
            check=MentionCheck(terms=["lisinopril", "赖诺普利"]),
        ),
        RubricItem(
            id=f"t{index}-i2",
            criterion=Text(
                en="Does not recommend potassium supplements", zh="不建议补钾"
            ),
            points=-1.0,
            check=NegativeCheck(
                actions=["start", "give"], targets=["potassium chloride"]
            ),
            tags=["safety"],
        ),
    ]
    if task == TaskType.WU:
        rubric.append(
            RubricItem(
                id=f"t{index}-i3",
                criterion=Text(en="Orders a repeat BMP", zh="开具复查基础代谢检查"),
                check=WriteCheck(
                    tool="ServiceRequest.create", accepted={"service_type": ["bmp"]}
                ),
            )
        )
    return Turn(
        index=index,
        task_type=task,
        implicitness=implicitness,
        tool_source=source,
        request=Text(
            en=f"Request {index} of case {k}: and the potassium?",
            zh=f"病例{k}第{index}问：血钾呢？",
        ),
        request_explicit=Text(
            en=f"What is the latest potassium of case {k}?",
            zh=f"病例{k}最近的血钾是多少？",
        ),
        topic="lab_latest",
        entities=["potassium"],
        gold_actions=[
            ToolCall(
                name="Observation.search",
                arguments={"code": "2823-3", "_sort": "-date", "_count": 1},
            )
        ],
        gold_observations=["K 5.9 mmol/L (2180-03-02)"],
        gold_answer=Text(
            en="Potassium is 5.9 mmol/L, high.", zh="血钾 5.9 mmol/L，偏高。"
        ),
        rubric=rubric,
        record_facts=["K 5.9 mmol/L"],
    )


def make_session(k: int, split: str, patient_id: str) -> Session:
    scenario = list(Scenario)[k % 4]
    tier = list(Tier)[k % 3]
    arc_index = (k * 7) % len(ARCS)
    return Session(
        session_id=f"s{k:03d}",
        patient_id=patient_id,
        hadm_id=None if k % 4 == 3 else f"2{k:07d}",
        current_date=f"2180-03-{k + 1:02d}",
        scenario=scenario,
        tier=tier,
        arc_index=arc_index,
        situation=Text(
            en="Hyperkalaemia on an ACE inhibitor", zh="服用ACE抑制剂时高钾血症"
        ),
        turns=[make_turn(i, t, k) for i, t in enumerate(ARCS[arc_index])],
        persona={
            "health_literacy": "low",
            "anxiety": 0.3,
            "withholds": ["missed doses"],
        },
        split=split,
        source="synthetic",
    )


#: (split, patient) per session: 3 train, 2 validation, 3 test sessions; 4 patients.
LAYOUT = [
    ("train", "p1"),
    ("train", "p1"),
    ("train", "p2"),
    ("validation", "p3"),
    ("validation", "p3"),
    ("test", "p4"),
    ("test", "p4"),
    ("test", "p4"),
]


def make_sessions() -> list[Session]:
    return [make_session(k, split, pid) for k, (split, pid) in enumerate(LAYOUT)]


def make_record(pid: str) -> PatientRecord:
    return PatientRecord(
        patient_id=pid,
        resources=[
            {
                "resourceType": "Patient",
                "id": pid,
                "gender": "female",
                "birthDate": "2110-05-01",
                "name": [{"family": "Zhang", "given": ["Wei"]}],
            },
            {
                "resourceType": "Observation",
                "id": f"{pid}-k1",
                "status": "final",
                "code": {
                    "coding": [{"system": "http://loinc.org", "code": "2823-3"}],
                    "text": "钾 Potassium",
                },
                "subject": {"reference": f"Patient/{pid}"},
                "effectiveDateTime": "2180-03-02T08:00:00-05:00",
                "valueQuantity": {"value": 5.9, "unit": "mmol/L"},
            },
        ],
        source="mimic-iv",
        meta={"subject_id": 10000000 + int(pid[1:]), "note": "invented"},
    )


def make_records() -> list[PatientRecord]:
    return [make_record(p) for p in ("p1", "p2", "p3", "p4")]


SYNTHETIC = SourceInfo(
    kind=SourceKind.SYNTHETIC, name="synthetic hospital", version="0.1"
)
