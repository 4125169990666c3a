"""Chinese descriptions of the EHR tools (English ones are the tool docstrings).

``TOOLS_ZH[tool][""]`` is the tool description; other keys are parameter descriptions.
A test checks that every tool and parameter has a Chinese description.
"""

from __future__ import annotations

LANGUAGES = ("en", "zh")

TOOL_ORDER = (
    "Patient.read",
    "Encounter.search",
    "Condition.search",
    "Observation.search",
    "MedicationRequest.search",
    "MedicationAdministration.search",
    "Procedure.search",
    "DiagnosticReport.search",
    "DocumentReference.search",
    "AllergyIntolerance.search",
    "CarePlan.search",
    "Patient.everything",
    "MedicationRequest.create",
    "ServiceRequest.create",
    "Flag.create",
)

_DATE_FROM = "仅返回该日期（YYYY-MM-DD）当天或之后的记录。"
_DATE_TO = "仅返回该日期（YYYY-MM-DD）当天或之前的记录。"
_COUNT = "最多返回的结果数（1-1000，默认 100）。"

TOOLS_ZH: dict[str, dict[str, str]] = {
    "Patient.read": {"": "读取当前患者的基本信息（性别、出生日期、标识符）。"},
    "Encounter.search": {
        "": "列出患者的就诊记录（住院、ICU 停留、门急诊），按时间从新到旧。",
        "status": '就诊状态，例如 "finished"（已结束）或 "in-progress"（进行中）。',
        "encounter_class": '就诊类别代码，例如 "IMP"（住院）或 "EMER"（急诊）。',
        "date_from": _DATE_FROM,
        "date_to": _DATE_TO,
        "_count": _COUNT,
    },
    "Condition.search": {
        "": "检索患者的诊断和问题列表。",
        "code": '诊断名称或 ICD 编码（例如 "heart failure"、"I50.9" 或 "icd-10-cm|I509"）；多个备选项用逗号分隔。',
        "clinical_status": '临床状态，例如 "active"（活动）或 "resolved"（已缓解）。',
        "category": '类别代码，例如 "encounter-diagnosis" 或 "problem-list-item"。',
        "_count": _COUNT,
    },
    "Observation.search": {
        "": "检索患者的观察结果：化验结果、生命体征和微生物培养。",
        "code": '检验名称、常用缩写或编码（例如 "potassium"/"钾"、"WBC"、LOINC "2823-3" 或 "system|code"）；多个备选项用逗号分隔。',
        "category": '"laboratory"（化验）、"vital-signs"（生命体征）或 "microbiology"（微生物）之一。',
        "date_from": _DATE_FROM,
        "date_to": _DATE_TO,
        "_sort": '"-date" 表示从新到旧（默认），"date" 表示从旧到新。',
        "_count": _COUNT,
    },
    "MedicationRequest.search": {
        "": "检索患者的用药医嘱（处方），包括剂量、途径和频次。",
        "medication": '药物名称（例如 "lisinopril"/"赖诺普利" 或 "vancomycin"）；多个备选项用逗号分隔。',
        "status": '医嘱状态，例如 "active"（进行中）、"completed"（已完成）或 "stopped"（已停止）。',
        "date_from": "仅返回该日期（YYYY-MM-DD）当天或之后开具的医嘱。",
        "date_to": "仅返回该日期（YYYY-MM-DD）当天或之前开具的医嘱。",
        "_count": _COUNT,
    },
    "MedicationAdministration.search": {
        "": "检索实际给予患者的药物剂次（给药记录）。",
        "medication": '药物名称（例如 "ceftriaxone"/"头孢曲松"）；多个备选项用逗号分隔。',
        "status": '给药状态，例如 "completed"（已给药）或 "not-done"（未给药）。',
        "date_from": "仅返回该日期（YYYY-MM-DD）当天或之后的给药。",
        "date_to": "仅返回该日期（YYYY-MM-DD）当天或之前的给药。",
        "_count": _COUNT,
    },
    "Procedure.search": {
        "": "检索患者接受过的操作和手术，以及接种过的疫苗。",
        "code": "操作或疫苗名称、ICD 操作编码或 CVX 疫苗编码；多个备选项用逗号分隔。",
        "date_from": _DATE_FROM,
        "date_to": _DATE_TO,
        "_count": _COUNT,
    },
    "DiagnosticReport.search": {
        "": "检索诊断报告（如影像检查）及其结论。",
        "code": '报告名称（例如 "chest x-ray"、"CT abdomen"）；多个备选项用逗号分隔。',
        "category": '报告类别代码，例如放射科为 "RAD"。',
        "date_from": _DATE_FROM,
        "date_to": _DATE_TO,
        "_count": _COUNT,
    },
    "DocumentReference.search": {
        "": "检索临床文书（出院小结、影像报告）并读取其正文。",
        "type": '文书类型，例如 "discharge summary"（出院小结）或 "radiology"（影像）。',
        "date_from": _DATE_FROM,
        "date_to": _DATE_TO,
        "_count": "最多返回的文书数（1-1000，默认 5）。",
    },
    "AllergyIntolerance.search": {
        "": "列出患者记录在案的过敏和不耐受。",
        "clinical_status": '临床状态，例如 "active"。',
        "_count": _COUNT,
    },
    "CarePlan.search": {
        "": "检索患者的护理计划，例如出院和随访医嘱。",
        "status": '计划状态，例如 "active" 或 "completed"。',
        "date_from": _DATE_FROM,
        "date_to": _DATE_TO,
        "_count": _COUNT,
    },
    "Patient.everything": {
        "": "获取整份病历的概览：每种资源类型中最新的记录。",
        "types": '要包含的资源类型，用逗号分隔（例如 "Condition,MedicationRequest"）；默认全部。',
        "_count": "每种类型包含的最新记录数（1-1000，默认 10）。",
    },
    "MedicationRequest.create": {
        "": "为患者开具新的用药医嘱。",
        "medication": '药物名称，例如 "furosemide"（呋塞米）。',
        "dose": '带单位的剂量，例如 "40 mg"。',
        "route": '给药途径，例如 "PO"（口服）、"IV"（静脉）、"SC"（皮下）或 "IM"（肌注）。',
        "frequency": '给药频次，例如 "daily"（每日一次）、"BID" 或 "q12h"。',
        "indication": "用药指征。",
        "duration_days": "计划疗程（天）。",
    },
    "ServiceRequest.create": {
        "": "申请一项服务或转诊（会诊、影像检查、随访预约、治疗）。",
        "service_type": '申请的服务，例如 "cardiology consult"（心内科会诊）或 "renal ultrasound"（肾脏超声）。',
        "priority": '"routine"（常规）、"urgent"（紧急）、"asap"（尽快）或 "stat"（立即）之一。',
        "note": "给接收科室的文字说明。",
        "target_date": "期望完成日期（YYYY-MM-DD）。",
    },
    "Flag.create": {
        "": "在患者病历上添加警示标记（例如安全警示或过敏警示）。",
        "category": '"safety"（安全）、"allergy"（过敏）、"administrative"（行政）或 "clinical"（临床）之一。',
        "code": '标记的简短名称，例如 "hyperkalemia risk"（高钾血症风险）。',
        "detail": "标记警示的内容以及应采取的措施。",
    },
}
