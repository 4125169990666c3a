"""Units of the one clinical vocabulary: every spelling of a unit (EN and ZH), what it
measures, and how a value in one unit is written in another.

``mEq/L`` == ``mmol/L``; creatinine ``mg/dL`` x 88.4 = ``umol/L``; glucose ``mg/dL`` / 18 =
``mmol/L``. Conversion factors are the standard SI conversion factors (e.g. AMA Manual of
Style, SI conversion table; Young DS, Ann Intern Med 1987;106:114-129).
"""

from __future__ import annotations

from enum import StrEnum


class UnitKind(StrEnum):
    """What a unit measures, for deciding which numbers are clinical values."""

    MEASURE = "measure"
    PERCENT = "percent"
    DOSE = "dose"
    TIME = "time"


#: spelling (lowercase, spaces removed) -> (canonical unit, kind)
UNITS: dict[str, tuple[str, UnitKind]] = {}


def _units(kind: UnitKind, canonical: str, *spellings: str) -> None:
    for s in (canonical, *spellings):
        UNITS[s.lower().replace(" ", "")] = (canonical, kind)


_M, _D, _T = UnitKind.MEASURE, UnitKind.DOSE, UnitKind.TIME
_units(_M, "mEq/L", "meq/l", "mequiv/l", "毫当量/升")
_units(_M, "mmol/L", "mmol/l", "mm/l", "毫摩尔/升", "毫摩尔每升")
_units(_M, "umol/L", "µmol/l", "μmol/l", "micromol/l", "微摩尔/升", "微摩尔每升")
_units(_M, "mg/dL", "mg/dl", "毫克/分升")
_units(_M, "g/dL", "g/dl", "克/分升")
_units(_M, "g/L", "g/l", "克/升")
_units(_M, "mg/L", "mg/l", "毫克/升")
_units(_M, "ng/mL", "ng/ml", "ug/l", "µg/l")
_units(_M, "ng/L", "ng/l", "pg/ml")
_units(_M, "ng/dL", "ng/dl")
_units(_M, "U/L", "u/l", "iu/l", "单位/升")
_units(_M, "mIU/L", "miu/l", "uiu/ml", "µiu/ml", "mu/l")
_units(_M, "mmHg", "mm hg", "毫米汞柱", "mm[hg]")
_units(_M, "/min", "bpm", "beats/min", "breaths/min", "次/分", "次/分钟", "次每分")
_units(
    _M,
    "10^9/L",
    "x10^9/l",
    "×10^9/l",
    "x10⁹/l",
    "×10⁹/l",
    "10⁹/l",
    "10*9/l",
    "x10*9/l",
    "k/ul",
    "k/µl",
    "10^3/ul",
    "x10^3/ul",
    "×10^3/ul",
    "thou/ul",
    "10^3/µl",
)
_units(_M, "10^12/L", "x10^12/l", "×10^12/l", "m/ul")
#: cells counted per microlitre (a WBC of 14,900/µL is 14.9 x10^9/L): "14.9 /uL" is not
#: a count of 14.9 K/uL (issue #35, twelfth pass)
_units(
    _M,
    "/uL",
    "/µl",
    "/μl",
    "cells/ul",
    "cells/µl",
    "/mm3",
    "/mm^3",
    "cells/mm3",
    "个/微升",
)
_units(_M, "mL/min", "ml/min/1.73m2", "ml/min/1.73m²", "ml/min", "ml/min/1.73")
_units(_M, "C", "°c", "℃", "摄氏度", "度", "cel", "[degc]")
_units(_M, "F", "°f", "℉", "[degf]")
_units(_M, "kg", "公斤", "千克", "kgs")
_units(_M, "lb", "lbs", "磅", "[lb_av]")
_units(_M, "sec", "secs", "seconds", "秒")
_units(UnitKind.PERCENT, "%", "％", "percent")
_units(_D, "mg", "毫克")
_units(_D, "mcg", "µg", "μg", "ug", "微克")
_units(_D, "g", "克")
_units(_D, "mL", "ml", "毫升", "cc")
_units(_D, "units", "unit", "iu", "单位")
_units(_D, "tab", "tabs", "tablet", "tablets", "片", "粒")
_units(_T, "day", "days", "天", "日", "d")
_units(_T, "hour", "hours", "hr", "hrs", "h", "小时")
_units(_T, "week", "weeks", "wk", "wks", "周")
_units(_T, "month", "months", "个月", "月")
_units(_T, "year", "years", "yr", "yrs", "岁", "年")
_units(_T, "minute", "minutes", "分钟")
_units(_T, "times", "time", "次")


def canonical_unit(unit: str | None) -> str:
    """The canonical spelling of a unit (``mmol/l`` -> ``mmol/L``); ``""`` for none, the input when unknown."""
    if not unit:
        return ""
    key = unit.strip().lower().replace(" ", "")
    return UNITS[key][0] if key in UNITS else unit.strip()


def unit_kind(unit: str | None) -> UnitKind | None:
    """What a unit measures; ``None`` for no unit or an unknown one."""
    if not unit:
        return None
    key = canonical_unit(unit).lower().replace(" ", "")
    return UNITS.get(key, (None, None))[1]


#: (from, to) -> [(factor, offset, analyte or "")]: value_to = value_from * factor + offset.
_CONVERSIONS: dict[tuple[str, str], list[tuple[float, float, str]]] = {
    ("mEq/L", "mmol/L"): [(1.0, 0.0, "")],
    ("mg/dL", "umol/L"): [(88.4, 0.0, "creatinine"), (17.1, 0.0, "bilirubin")],
    ("mg/dL", "mmol/L"): [
        (1 / 18.0, 0.0, "glucose"),
        (0.357, 0.0, "urea"),
        (0.25, 0.0, "calcium"),
        (0.0259, 0.0, "cholesterol"),
        (0.323, 0.0, "phosphate"),
        (0.411, 0.0, "magnesium"),
    ],
    ("g/dL", "g/L"): [(10.0, 0.0, "")],
    ("/uL", "10^9/L"): [(0.001, 0.0, "")],
    ("mg/dL", "mg/L"): [(10.0, 0.0, "")],
    ("kg", "lb"): [(2.20462, 0.0, "")],
    ("C", "F"): [(1.8, 32.0, "")],
    ("g", "mg"): [(1000.0, 0.0, "")],
    ("mg", "mcg"): [(1000.0, 0.0, "")],
}


def unit_factors(src: str, dst: str, analyte: str = "") -> list[tuple[float, float]]:
    """How a value in ``src`` is written in ``dst``: ``[(factor, offset)]`` (``dst = src * factor + offset``).

    Args:
        src: Unit of the known value (any spelling).
        dst: Unit of the stated value (any spelling).
        analyte: The lab the value belongs to, when known (``creatinine``); with an
            analyte, analyte-specific factors for other labs are left out.

    Returns:
        ``[(1.0, 0.0)]`` for the same or an equivalent unit, the known conversions
        otherwise, ``[]`` when the units are not convertible.
    """
    a, b = canonical_unit(src), canonical_unit(dst)
    if a.lower() == b.lower():
        return [(1.0, 0.0)]
    out: list[tuple[float, float]] = []
    for (x, y), rows in _CONVERSIONS.items():
        for factor, offset, lab in rows:
            if analyte and lab and lab != analyte:
                continue
            if (x, y) == (a, b):
                out.append((factor, offset))
            elif (y, x) == (a, b):
                out.append((1 / factor, -offset / factor))
    return out
