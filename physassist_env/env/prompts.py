"""The system prompt and the tool schemas an assistant is offered (EN and ZH)."""

from __future__ import annotations

from typing import Any, Literal

from physassist_env.ehr.toolkit import tool_schemas
from physassist_env.patient.interview import interview_tool_schemas

PHYSICIAN_TOOL = "ask_physician"
ANSWER_TOOL = "prepare_to_answer"

_SYSTEM = {
    "en": (
        "You are a physician's assistant in a hospital. The physician asks you short questions about one patient. "
        "Find the facts yourself: read the electronic health record with the FHIR tools, interview the patient with the "
        "patient tools when the answer is something only the patient knows, and place orders, referrals or chart flags "
        "with the write tools when asked. Do not guess values: state numbers with their units and dates exactly as the "
        "record gives them, say whether they are abnormal, and give a clear recommendation when one is asked for. "
        "Ask the physician (ask_physician) only if the request is truly unclear. When you have what you need, answer "
        "the physician in plain text without a tool call.\n"
        "Patient: {patient_id}. Admission: {hadm_id}. Today's date: {current_date}."
    ),
    "zh": (
        "你是医院里的医生助理。医生会就一位患者向你提出简短的问题。请自己查找事实：用 FHIR 工具查阅电子病历；"
        "只有患者本人知道的情况，用患者问诊工具询问患者；需要时用写入工具下医嘱、申请会诊或添加病历警示。"
        "不要猜测数值：按病历原样给出数值、单位和日期，说明是否异常，被问到时给出明确建议。"
        "只有在请求确实不清楚时才询问医生（ask_physician）。信息足够后，直接用文字回答医生，不要再调用工具。请用中文回答。\n"
        "患者：{patient_id}。住院号：{hadm_id}。今天日期：{current_date}。"
    ),
}

_PHYSICIAN_SCHEMA = {
    "en": (
        "Ask the physician to clarify the current request (use sparingly: find data yourself).",
        "Your question to the physician.",
    ),
    "zh": ("请医生澄清当前请求（尽量少用：数据请自己查找）。", "你想问医生的问题。"),
}
_ANSWER_SCHEMA = {
    "en": (
        "Give your final answer to the physician's current request.",
        "The answer to the physician.",
    ),
    "zh": ("提交对医生当前请求的最终回答。", "给医生的回答。"),
}


def system_prompt(
    language: str, *, patient_id: str, hadm_id: str | None, current_date: str
) -> str:
    """The assistant's instructions and the session's agent-visible facts."""
    return _SYSTEM[language].format(
        patient_id=patient_id, hadm_id=hadm_id or "-", current_date=current_date
    )


def _simple_tool(
    name: str, description: str, param: str, param_description: str
) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {
                    param: {"type": "string", "description": param_description}
                },
                "required": [param],
            },
        },
    }


def all_tool_schemas(
    language: str,
    *,
    name_style: Literal["dotted", "underscore"] = "dotted",
    answer_tool: bool = False,
) -> list[dict[str, Any]]:
    """EHR tools, patient-interview tools and ``ask_physician`` (plus ``prepare_to_answer`` if asked)."""
    schemas = tool_schemas(language, name_style=name_style) + interview_tool_schemas(
        language
    )
    schemas.append(
        _simple_tool(
            PHYSICIAN_TOOL,
            *_PHYSICIAN_SCHEMA[language][:1],
            "question",
            _PHYSICIAN_SCHEMA[language][1],
        )
    )
    if answer_tool:
        schemas.append(
            _simple_tool(
                ANSWER_TOOL,
                _ANSWER_SCHEMA[language][0],
                "answer",
                _ANSWER_SCHEMA[language][1],
            )
        )
    return schemas
