"""The tool schemas an assistant is offered (EN and ZH): EHR tools, patient tools, the physician.

It sits above :mod:`physassist_env.ehr` and :mod:`physassist_env.patient` (whose schemas it joins)
and below everything that offers or exports tools (the environment, the official exporter,
the agents), so each of them reads the one list from here.
"""

from __future__ import annotations

from typing import Any, Literal

from physassist_env.ehr.toolkit import tool_schemas
from physassist_env.patient.interview import interview_tool_schemas

PHYSICIAN_TOOL = "ask_physician"
ANSWER_TOOL = "prepare_to_answer"

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
