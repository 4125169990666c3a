"""Invented fixtures in the release's shape: JSONL lines and a tiny MIMIC-IV folder.

All values are made up (subject ids 9001/9002, dates in 2180); nothing here comes from
the credentialed release.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from mimic_tables import write_tables

SEP = "=" * 60

# --------------------------------------------------------------------------- MIMIC-IV
PRESCRIPTION_HEADER = (
    "subject_id,hadm_id,pharmacy_id,poe_id,poe_seq,order_provider_id,starttime,stoptime,drug_type,drug,"
    "formulary_drug_cd,gsn,ndc,prod_strength,form_rx,dose_val_rx,dose_unit_rx,form_val_disp,form_unit_disp,"
    "doses_per_24_hrs,route"
)
LAB_HEADER = (
    "labevent_id,subject_id,hadm_id,specimen_id,itemid,order_provider_id,charttime,storetime,value,"
    "valuenum,valueuom,ref_range_lower,ref_range_upper,flag,priority,comments"
)


def _lab(
    i: int,
    sid: int,
    hadm: int,
    item: int,
    when: str,
    value: float,
    unit: str,
    lo: float,
    hi: float,
    flag: str,
) -> list[object]:
    return [
        i,
        sid,
        hadm,
        100 + i,
        item,
        "",
        when,
        when,
        str(value),
        value,
        unit,
        lo,
        hi,
        flag,
        "",
        "",
    ]


def _rx(
    sid: int, hadm: int, pid: int, start: str, drug: str, dose: str, unit: str
) -> list[object]:
    return [
        sid,
        hadm,
        pid,
        "",
        "",
        "",
        start,
        "",
        "MAIN",
        drug,
        "",
        "",
        "",
        "",
        "",
        dose,
        unit,
        "",
        "",
        1,
        "PO",
    ]


TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [
            [9001, "F", 67, 2180, "2017 - 2019", ""],
            [9002, "M", 54, 2181, "2017 - 2019", ""],
        ],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location",
        [
            [
                9001,
                7001,
                "2180-01-01 10:00:00",
                "2180-01-08 12:00:00",
                "",
                "EW EMER.",
                "EMERGENCY ROOM",
                "HOME",
            ],
            [
                9002,
                7002,
                "2181-03-02 09:00:00",
                "2181-03-06 12:00:00",
                "",
                "URGENT",
                "EMERGENCY ROOM",
                "HOME",
            ],
        ],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I10", 10, "Essential (primary) hypertension"],
            ["N179", 10, "Acute kidney failure, unspecified"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [
            [9001, 7001, 1, "N179", 10],
            [9001, 7001, 2, "I10", 10],
            [9002, 7002, 1, "I10", 10],
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50971, "Potassium", "Blood", "Chemistry"],
            [50912, "Creatinine", "Blood", "Chemistry"],
        ],
    ),
    "hosp/labevents": (
        LAB_HEADER,
        [
            _lab(
                1, 9001, 7001, 50971, "2180-01-02 08:00:00", 4.9, "mEq/L", 3.3, 5.1, ""
            ),
            _lab(
                2,
                9001,
                7001,
                50971,
                "2180-01-04 08:00:00",
                5.8,
                "mEq/L",
                3.3,
                5.1,
                "abnormal",
            ),
            _lab(
                3,
                9001,
                7001,
                50912,
                "2180-01-04 08:00:00",
                2.1,
                "mg/dL",
                0.5,
                1.2,
                "abnormal",
            ),
            _lab(
                4, 9002, 7002, 50912, "2181-03-03 08:00:00", 1.0, "mg/dL", 0.5, 1.2, ""
            ),
        ],
    ),
    "hosp/prescriptions": (
        PRESCRIPTION_HEADER,
        [
            _rx(9001, 7001, 1, "2180-01-01 12:00:00", "Lisinopril", "10", "mg"),
            _rx(9001, 7001, 2, "2180-01-01 12:00:00", "Metformin", "500", "mg"),
            _rx(9002, 7002, 3, "2181-03-02 12:00:00", "Amlodipine", "5", "mg"),
        ],
    ),
}


def write_mimic(root: Path) -> Path:
    """Write :data:`TABLES` as plain CSV files under ``root``."""
    return write_tables(root, TABLES)


# --------------------------------------------------------------------------- release lines
#: The 18 tools a released session offers, named exactly as docs/official-format.md gives them.
RELEASE_TOOL_NAMES = (
    "Patient.read",
    "Encounter.search",
    "Condition.search",
    "Observation.search",
    "MedicationRequest.search",
    "MedicationAdministration.search",
    "DiagnosticReport.search",
    "DocumentReference.search",
    "CarePlan.search",
    "prepare_to_answer",
    "patient.get_symptom_history",
    "patient.get_medication_adherence",
    "patient.get_social_history",
    "patient.get_functional_status",
    "patient.get_pain_assessment",
    "MedicationRequest.create",
    "ServiceRequest.create",
    "Flag.create",
)
_TOOL_ARGS: dict[str, tuple[list[str], list[str]]] = {
    # name: (required, optional) beyond subject_id
    "Patient.read": ([], []),
    "prepare_to_answer": (["answer_type"], []),
    "patient.get_symptom_history": (["session_id"], ["query"]),
    "patient.get_medication_adherence": (["session_id"], ["drug"]),
    "patient.get_social_history": (["session_id"], []),
    "patient.get_functional_status": (["session_id"], []),
    "patient.get_pain_assessment": (["session_id"], []),
    "MedicationRequest.create": (
        ["medication", "dose", "route", "frequency"],
        ["indication", "duration_days"],
    ),
    "ServiceRequest.create": (["service_type", "priority"], ["note", "target_date"]),
    "Flag.create": (["category", "code", "detail"], []),
}


def release_tools() -> list[dict[str, Any]]:
    """The 18 OpenAI function schemas of a released session (dots in names)."""
    tools = []
    for name in RELEASE_TOOL_NAMES:
        required, optional = _TOOL_ARGS.get(
            name, ([], ["hadm_id", "code", "date_from"])
        )
        required = ([] if name == "prepare_to_answer" else ["subject_id"]) + required
        props: dict[str, Any] = {a: {"type": "string"} for a in required + optional}
        if "subject_id" in props:
            props["subject_id"] = {"type": "integer"}
        if name == "prepare_to_answer":
            props["answer_type"] = {"type": "string", "enum": ["tool", "chat"]}
        if name == "ServiceRequest.create":
            props["priority"] = {
                "type": "string",
                "enum": ["routine", "urgent", "asap"],
            }
        if name == "Flag.create":
            props["category"] = {
                "type": "string",
                "enum": ["safety", "allergy", "administrative", "clinical"],
            }
        tools.append(
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": f"{name} (invented description)",
                    "parameters": {
                        "type": "object",
                        "properties": props,
                        "required": required,
                    },
                },
            }
        )
    return tools


def _node(
    task_type: str,
    tool_source: str,
    subtype: str | None,
    entities: list[str],
    facts: list[str],
    tool_calls: list[str],
) -> dict[str, Any]:
    """A dep_graph node, keys exactly as the release writes them."""
    return {
        "task_type": task_type,
        "tool_source": tool_source,
        "subtype": subtype,
        "entities": entities,
        "facts": facts,
        "events": [],
        "tool_calls": tool_calls,
    }


def _annotation(
    turn: int, query_type: str, query: str, drug: str | None, response: str
) -> dict[str, Any]:
    """A patient_agent_annotations entry as the release writes it."""
    return {
        "turn": turn,
        "query_type": query_type,
        "query": query,
        "drug": drug,
        "patient_response": response,
        "annotation": {
            "medical_entities": [drug] if drug else [],
            "phm_nodes_used": [],
            "critical_flags_in_context": [],
            "newly_revealed": [],
            "critical_flags_triggered": [],
        },
    }


def _bundle(*resources: dict[str, Any]) -> dict[str, Any]:
    return {
        "resourceType": "Bundle",
        "type": "searchset",
        "total": len(resources),
        "entry": [{"resource": r} for r in resources],
    }


def _potassium(value: float, when: str) -> dict[str, Any]:
    return {
        "resourceType": "Observation",
        "id": f"lab-{when}",
        "status": "final",
        "code": {
            "coding": [
                {"system": "mimic-itemid", "code": "50971", "display": "Potassium"}
            ],
            "text": "Potassium",
        },
        "effectiveDateTime": when,
        "valueQuantity": {"value": value, "unit": "mEq/L"},
        "_mimic_flag": "abnormal",
    }


def _patient_obs(high: str, medium: str, low: str) -> dict[str, Any]:
    return {
        "patient_response": medium,
        "patient_responses_all_literacy": {"high": high, "medium": medium, "low": low},
    }


def _answer(text: str, deps: int) -> dict[str, Any]:
    return {
        "action": {"name": "prepare_to_answer", "arguments": {}},
        "observation": text,
        "dependency_list": list(range(deps)),
        "idx": deps,
    }


def _step(idx: int, name: str, args: dict[str, Any], obs: Any) -> dict[str, Any]:
    return {
        "action": {"name": name, "arguments": args},
        "observation": obs,
        "dependency_list": [],
        "idx": idx,
    }


MED_ADHERENCE_MET = _patient_obs(
    "I take metformin 500 mg twice daily without missing doses.",
    "I take my metformin every morning and night.",
    "I take the sugar pill like they said.",
)
MED_ADHERENCE_LIS = _patient_obs(
    "I stopped lisinopril about a week ago because of a persistent dry cough.",
    "I quit the lisinopril last week, the cough was bothering me.",
    "I stopped the blood pressure pill, it made me cough.",
)
SYMPTOMS = _patient_obs(
    "I have had generalised weakness and palpitations for two days.",
    "I've felt weak and my heart has been racing for two days.",
    "I feel tired and my heart goes fast.",
)

ANSWERS = [
    "Her latest potassium is 5.8 mEq/L (2180-01-04), which is high.",
    "Creatinine is 2.1 mg/dL and potassium 5.8 mEq/L; both are elevated.",
    "She reports stopping lisinopril a week ago because of a cough; she takes metformin as prescribed. "
    "Given the hyperkalaemia, hold lisinopril.",
    "A safety flag for hyperkalaemia has been created.",
]
ANSWERS_ZH = [
    "她最新的血钾为 5.8 mEq/L（2180-01-04），偏高。",
    "肌酐 2.1 mg/dL，血钾 5.8 mEq/L，均升高。",
    "患者自述一周前因咳嗽停用赖诺普利；二甲双胍按时服用。鉴于高钾血症，建议暂停赖诺普利。",
    "已创建高钾血症安全标记。",
]
REQUESTS = [
    "What's her latest potassium?",
    "And the kidney function?",
    "Is she actually taking her meds, and what should we do about it?",
    "Flag that.",
]
REQUESTS_ZH = [
    "她最新的血钾是多少？",
    "肾功能呢？",
    "她真的在吃药吗？该怎么处理？",
    "标记一下。",
]
EXPLICIT = [
    "What is the patient's latest serum potassium?",
    "What are her latest creatinine and potassium values?",
    "Ask the patient about adherence to lisinopril and metformin and recommend what to do.",
    "Create a safety flag for hyperkalaemia.",
]


def med_safety_line(subject_id: int = 9001, number: int = 0) -> dict[str, Any]:
    """A med-safety session (arc IL, DG, DG, WU; L3) with every kind of observation."""
    sid = f"physassistbench_med_safety_{number}"
    base = {"subject_id": subject_id, "hadm_id": 7001}
    answer_list = [
        [
            _step(
                0,
                "Observation.search",
                {
                    **base,
                    "test_name": "potassium",
                    "category": "laboratory",
                    "_sort": "-date",
                    "_count": 1,
                    "date_from": "",
                },
                _bundle(_potassium(5.8, "2180-01-04T08:00:00")),
            ),
            _answer(ANSWERS[0], 1),
        ],
        [
            _step(
                0,
                "Observation.search",
                {**base, "code": "creatinine", "hadm_id": 0},
                _bundle(),
            ),
            _step(
                1,
                "Condition.search",
                {**base, "code": "sepsis"},
                {
                    "resourceType": "OperationOutcome",
                    "issue": [
                        {
                            "severity": "error",
                            "code": "not-found",
                            "diagnostics": "No Condition matches 'sepsis'",
                        }
                    ],
                },
            ),
            _answer(ANSWERS[1], 2),
        ],
        [
            _step(
                0,
                "patient.get_medication_adherence",
                {"subject_id": subject_id, "session_id": sid, "drug": "metformin"},
                MED_ADHERENCE_MET,
            ),
            _step(
                1,
                "patient.get_medication_adherence",
                {"subject_id": subject_id, "session_id": sid, "drug": "lisinopril"},
                MED_ADHERENCE_LIS,
            ),
            _step(
                2,
                "MedicationRequest.search",
                {**base, "medication": "lisinopril", "status": ""},
                _bundle(),
            ),
            _answer(ANSWERS[2], 3),
        ],
        [
            _step(
                0,
                "Flag.create",
                {
                    **base,
                    "category": "safety",
                    "code": "hyperkalemia",
                    "detail": "K 5.8 on lisinopril",
                },
                {
                    "resourceType": "Flag",
                    "id": "flag-1",
                    "status": "active",
                    "code": {"text": "hyperkalemia"},
                },
            ),
            _answer(ANSWERS[3], 1),
        ],
    ]
    messages: list[Any] = []
    messages_zh: list[Any] = []
    for i in range(4):
        if i:
            messages.append(SEP)
        messages += [
            {"role": "user", "content": REQUESTS[i]},
            {"role": "assistant", "content": ANSWERS[i]},
        ]
        messages_zh += [
            {"role": "user", "content": REQUESTS_ZH[i]},
            {"role": "assistant", "content": ANSWERS_ZH[i]},
        ]
    return {
        "id": f"med_safety_{number}",
        "session_id": sid,
        "env_info": f"Session ID: {sid}\nCurrent date: 2180-01-05\nPatient is a 67-year-old F",
        "subject_id": subject_id,
        "hadm_id": 7001,
        "current_date": "2180-01-05",
        "clinical_scenario": "med_safety",
        "difficulty_level": 2,
        "sequence_idx": 14,
        "task_sequence": [
            "Information Lookup",
            "Data Gathering",
            "Data Gathering",
            "Write/Update",
        ],
        "task_types": [
            "Information Lookup",
            "Data Gathering",
            "Data Gathering",
            "Write/Update",
        ],
        "turn_subtypes": [None, "NA", "PE", "AE"],
        "tool_sources": ["ehr", "ehr", "mixed", "write"],
        "workup_modes": [None, "parallel", "adaptive", None],
        "tools": release_tools(),
        "tools_en": release_tools(),
        "tasks": REQUESTS,
        "tasks_en": REQUESTS,
        "tasks_zh": REQUESTS_ZH,
        "tasks_explicit": EXPLICIT,
        "tasks_en_explicit": EXPLICIT,
        "tasks_zh_explicit": REQUESTS_ZH,
        "messages": messages,
        "messages_en": messages,
        "messages_zh": messages_zh,
        "answer_list": answer_list,
        "rubrics": [
            [
                "States the latest potassium as 5.8 mEq/L",
                "Identifies the potassium as high",
                "Gives the date 2180-01-04",
            ],
            [
                "States the creatinine as 2.1 mg/dL",
                "Identifies the creatinine as elevated",
                "Mentions the potassium result",
                "Relates the findings to acute kidney injury",
            ],
            [
                "Reports that the patient stopped lisinopril because of a cough",
                "Recommends holding lisinopril",
                "Does not recommend increasing lisinopril",
                "Notes that metformin is taken as prescribed",
                "Mentions the hyperkalaemia",
            ],
            [
                "Creates a flag with category safety",
                "Flag code names hyperkalemia",
                "Confirms the flag to the physician",
            ],
        ],
        "rubrics_zh": [
            ["给出最新血钾为 5.8 mEq/L", "指出血钾偏高", "给出日期 2180-01-04"],
            [
                "给出肌酐为 2.1 mg/dL",
                "指出肌酐升高",
                "提到血钾结果",
                "将结果与急性肾损伤联系起来",
            ],
            [
                "报告患者因咳嗽停用赖诺普利",
                "建议暂停赖诺普利",
                "不建议增加赖诺普利剂量",
                "指出二甲双胍按时服用",
                "提到高钾血症",
            ],
            ["创建类别为 safety 的标记", "标记代码为高钾血症", "向医生确认已创建标记"],
        ],
        "dep_graph": {
            "nodes": {
                "0": _node(
                    "Information Lookup",
                    "ehr",
                    None,
                    ["potassium"],
                    ["K 5.8 mEq/L 2180-01-04"],
                    ["Observation.search"],
                ),
                "1": _node("Data Gathering", "ehr", "NA", ["creatinine"], [], []),
                "2": _node(
                    "Data Gathering", "mixed", "PE", ["lisinopril", "metformin"], [], []
                ),
                "3": _node("Write/Update", "write", "AE", [], [], ["Flag.create"]),
            },
            "edges": [],
        },
        "session_plan": {
            "clinical_situation": "Hyperkalaemia on an ACE inhibitor with AKI",
            "investigation_arc": "lookup -> gather -> gather -> write",
            "turn_intents": [
                "latest potassium",
                "renal function",
                "adherence to lisinopril and metformin",
                "flag the hyperkalaemia",
            ],
            "turns": [
                {
                    "turn": 0,
                    "task_type": "Information Lookup",
                    "topic": "lab_latest",
                    "tool_hint": "Observation.search",
                    "tool_source": "ehr",
                },
                {
                    "turn": 1,
                    "task_type": "Data Gathering",
                    "topic": "renal_panel",
                    "tool_hint": "Observation.search",
                    "tool_source": "ehr",
                    "workup_pattern": "parallel",
                },
                {
                    "turn": 2,
                    "task_type": "Data Gathering",
                    "topic": "adherence",
                    "tool_hint": "patient.get_medication_adherence",
                    "tool_source": "mixed",
                    "workup_pattern": "adaptive",
                },
                {
                    "turn": 3,
                    "task_type": "Write/Update",
                    "topic": "flag",
                    "tool_hint": "Flag.create",
                    "tool_source": "write",
                },
            ],
        },
        "persona_config": {
            "health_literacy": "low",
            "adherence": "poor",
            "anxiety_level": "high",
            "info_completeness": "critical_withheld",
        },
        "patient_agent_annotations": [
            _annotation(
                2,
                "medication_adherence",
                "metformin",
                "metformin",
                MED_ADHERENCE_MET["patient_response"],
            ),
            _annotation(
                2,
                "medication_adherence",
                "lisinopril",
                "lisinopril",
                MED_ADHERENCE_LIS["patient_response"],
            ),
        ],
        "clinical_task_domain": "MedRecon",
        "turn_types": [False, True, True, True],
        "generated_at": "2025-01-01T00:00:00",
    }


def diagnostic_line(subject_id: int = 9002, number: int = 0) -> dict[str, Any]:
    """A small diagnostic-workup session (arc 0: IL, IL, IL, DG) with a symptom interview."""
    sid = f"physassistbench_diagnostic_workup_{number}"
    base = {"subject_id": subject_id}
    reqs = [
        "Latest creatinine?",
        "When did he come in?",
        "What are his symptoms?",
        "Pull his meds and labs.",
    ]
    reqs_zh = [
        "最新的肌酐？",
        "他什么时候入院的？",
        "他有什么症状？",
        "调出他的用药和化验。",
    ]
    explicit = [
        "What is the patient's latest serum creatinine?",
        "What is the admission date of the current encounter?",
        "Ask the patient about his current symptoms.",
        "List the patient's active medications and latest laboratory results.",
    ]
    answers = [
        "Creatinine is 1.0 mg/dL, normal.",
        "He was admitted on 2181-03-02.",
        "He reports weakness and palpitations for two days.",
        "He is on amlodipine 5 mg; creatinine 1.0 mg/dL.",
    ]
    answers_zh = [
        "肌酐 1.0 mg/dL，正常。",
        "他于 2181-03-02 入院。",
        "他自述乏力、心悸两天。",
        "他在服用氨氯地平 5 mg；肌酐 1.0 mg/dL。",
    ]
    answer_list = [
        [
            _step(
                0, "Observation.search", {**base, "lab_name": "creatinine"}, _bundle()
            ),
            _answer(answers[0], 1),
        ],
        [
            _step(0, "Encounter.search", {**base, "hadm_id": ""}, _bundle()),
            _answer(answers[1], 1),
        ],
        [
            _step(
                0,
                "patient.get_symptom_history",
                {**base, "session_id": sid, "query": "weakness"},
                SYMPTOMS,
            ),
            _answer(answers[2], 1),
        ],
        [
            _step(
                0, "MedicationRequest.search", {**base, "drug": "amlodipine"}, _bundle()
            ),
            _step(
                1,
                "Observation.search",
                {**base, "code": "creatinine", "unknown_arg": None},
                _bundle(),
            ),
            _answer(answers[3], 2),
        ],
    ]
    msgs: list[Any] = []
    msgs_zh: list[Any] = []
    for i in range(4):
        if i:
            msgs.append(SEP)
        msgs += [
            {"role": "user", "content": reqs[i]},
            {"role": "assistant", "content": answers[i]},
        ]
        msgs_zh += [
            {"role": "user", "content": reqs_zh[i]},
            {"role": "assistant", "content": answers_zh[i]},
        ]
    task_types = [
        "Information Lookup",
        "Information Lookup",
        "Information Lookup",
        "Data Gathering",
    ]
    sources = ["ehr", "ehr", "patient", "ehr"]
    subtypes = [None, "NA", "PE", "AE"]
    hints = [
        "Observation.search",
        "Encounter.search",
        "patient.get_symptom_history",
        "MedicationRequest.search",
    ]
    return {
        "id": f"diagnostic_workup_{number}",
        "session_id": sid,
        "env_info": f"Session ID: {sid}\nCurrent date: 2181-03-05\nPatient is a 54-year-old M",
        "subject_id": subject_id,
        "hadm_id": None,
        "current_date": "2181-03-05",
        "clinical_scenario": "diagnostic_workup",
        "difficulty_level": 1,
        "sequence_idx": 0,
        "task_sequence": task_types,
        "task_types": task_types,
        "turn_subtypes": subtypes,
        "tool_sources": sources,
        "workup_modes": [None, None, None, "parallel"],
        "tools": release_tools(),
        "tools_en": release_tools(),
        "tasks": reqs,
        "tasks_en": reqs,
        "tasks_zh": reqs_zh,
        "tasks_explicit": explicit,
        "tasks_en_explicit": explicit,
        "tasks_zh_explicit": reqs_zh,
        "messages": msgs,
        "messages_en": msgs,
        "messages_zh": msgs_zh,
        "answer_list": answer_list,
        "rubrics": [
            [
                "States the creatinine as 1.0 mg/dL",
                "Identifies it as normal",
                "Gives the date",
            ],
            [
                "States the admission date 2181-03-02",
                "Does not invent dates",
                "Answers concisely",
            ],
            [
                "Reports weakness",
                "Reports palpitations",
                "Gives the duration of two days",
            ],
            [
                "Names amlodipine",
                "States the creatinine",
                "Summarises the medications",
                "Summarises the labs",
            ],
        ],
        "rubrics_zh": [
            ["给出肌酐为 1.0 mg/dL", "指出其正常", "给出日期"],
            ["给出入院日期 2181-03-02", "不编造日期", "回答简洁"],
            ["报告乏力", "报告心悸", "给出持续两天"],
            ["说出氨氯地平", "给出肌酐", "总结用药", "总结化验"],
        ],
        "dep_graph": {
            "nodes": {
                str(i): _node(
                    task_types[i], sources[i], subtypes[i], [], [], [hints[i]]
                )
                for i in range(4)
            },
            "edges": [],
        },
        "session_plan": {
            "clinical_situation": "Weakness and palpitations in a hypertensive man",
            "investigation_arc": "lookup -> lookup -> lookup -> gather",
            "turn_intents": [
                "creatinine",
                "admission date",
                "symptoms",
                "meds and labs",
            ],
            "turns": [
                {
                    "turn": i,
                    "task_type": task_types[i],
                    "topic": ["lab_latest", "encounter", "symptoms", "meds_labs"][i],
                    "tool_hint": hints[i],
                    "tool_source": sources[i],
                }
                for i in range(4)
            ],
        },
        "persona_config": {
            "health_literacy": "high",
            "adherence": "good",
            "anxiety_level": "low",
            "info_completeness": "full",
        },
        "patient_agent_annotations": [],
        "clinical_task_domain": "LabInterp",
        "turn_types": [False, True, True, True],
        "generated_at": "2025-01-01T00:00:00",
    }


def jsonl(lines: list[dict[str, Any] | str]) -> str:
    return "".join(
        (x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)) + "\n"
        for x in lines
    )


def write_release(root: Path, *, broken: bool = False) -> Path:
    """The release folder: med_safety (2 lines), diagnostic_workup (1), empty others.

    With ``broken``: med_safety also gets a truncated line (3), a line missing
    ``answer_list`` (4) and one whose ``sequence_idx`` is out of range (5).
    """
    root.mkdir(parents=True, exist_ok=True)
    second = med_safety_line(9001, 1)
    ms: list[dict[str, Any] | str] = [med_safety_line(9001, 0), second]
    if broken:
        good = json.dumps(med_safety_line(9001, 2))
        missing = copy.deepcopy(med_safety_line(9001, 3))
        del missing["answer_list"]
        bad_idx = med_safety_line(9001, 4)
        bad_idx["sequence_idx"] = 40
        ms += [good[: len(good) // 2], missing, bad_idx]
    (root / "med_safety.jsonl").write_text(jsonl(ms), encoding="utf-8")
    (root / "diagnostic_workup.jsonl").write_text(
        jsonl([diagnostic_line()]), encoding="utf-8"
    )
    (root / "treatment_response.jsonl").write_text("", encoding="utf-8")
    (root / "discharge_planning.jsonl").write_text("\n", encoding="utf-8")
    return root
