"""How a medication order's route and status are said in Chinese.

ZH answers write an order the way a Chinese chart does (口服、静脉、皮下; 在用、已停用) rather
than the English order-entry codes (PO, IV, SC; active, stopped). Routes are the MIMIC-IV
``prescriptions.route`` codes; statuses the FHIR ``MedicationRequest.status`` values.
"""

from __future__ import annotations

#: Route code (uppercase) -> Chinese.
ROUTE_ZH: dict[str, str] = {
    "PO": "口服",
    "PO/NG": "口服/鼻饲",
    "NG": "鼻饲",
    "OG": "经口胃管",
    "IV": "静脉",
    "IV DRIP": "静脉滴注",
    "IV BOLUS": "静脉推注",
    "IVPB": "静脉滴注",
    "SC": "皮下",
    "SUBCUT": "皮下",
    "SQ": "皮下",
    "IM": "肌内注射",
    "SL": "舌下",
    "PR": "直肠给药",
    "TP": "外用",
    "TOP": "外用",
    "IH": "吸入",
    "INH": "吸入",
    "NEB": "雾化吸入",
    "TD": "经皮",
    "OU": "双眼",
    "BOTH EYES": "双眼",
    "RIGHT EYE": "右眼",
    "LEFT EYE": "左眼",
    "OD": "右眼",
    "OS": "左眼",
    "RIGHT EAR": "右耳",
    "LEFT EAR": "左耳",
    "BOTH EARS": "双耳",
    "AU": "双耳",
    "NU": "经鼻",
    "ORAL": "口服",
}

#: FHIR MedicationRequest.status -> Chinese.
STATUS_ZH: dict[str, str] = {
    "active": "在用",
    "on-hold": "暂停",
    "stopped": "已停用",
    "completed": "已完成",
    "cancelled": "已取消",
    "entered-in-error": "录入错误",
    "draft": "草稿",
    "unknown": "未知",
}


def route_zh(route: str) -> str:
    """The Chinese route (the code as written when it is not in :data:`ROUTE_ZH`)."""
    return ROUTE_ZH.get(route.strip().upper(), route)


def status_zh(status: str) -> str:
    """The Chinese order status (the status as written when it is not in :data:`STATUS_ZH`)."""
    return STATUS_ZH.get(status.strip().lower(), status)


#: Dose units Chinese orders write in Chinese (metric units stay as written: mg, mL, g).
UNIT_ZH: dict[str, str] = {
    "unit": "单位",
    "units": "单位",
    "tab": "片",
    "tabs": "片",
    "cap": "粒",
    "caps": "粒",
    "puff": "喷",
    "puffs": "喷",
    "drop": "滴",
    "appl": "次",
}


def unit_zh(unit: str) -> str:
    """The dose unit as a Chinese order writes it (``UNIT`` -> 单位; ``mg`` unchanged)."""
    return UNIT_ZH.get(unit.strip().lower(), unit)
