"""The system prompt an assistant is given (EN and ZH); the tool schemas are re-exported
from :mod:`physassist_env.tool_schemas`, where they live."""

from __future__ import annotations

from physassist_env.tool_schemas import ANSWER_TOOL, PHYSICIAN_TOOL, all_tool_schemas

__all__ = ["ANSWER_TOOL", "PHYSICIAN_TOOL", "all_tool_schemas", "system_prompt"]

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


def system_prompt(
    language: str, *, patient_id: str, hadm_id: str | None, current_date: str
) -> str:
    """The assistant's instructions and the session's agent-visible facts."""
    return _SYSTEM[language].format(
        patient_id=patient_id, hadm_id=hadm_id or "-", current_date=current_date
    )
