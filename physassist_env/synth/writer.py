"""Deterministic, streaming ``.csv.gz`` writers with the MIMIC-IV column layouts."""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Callable, Iterable, Mapping
from itertools import repeat
from pathlib import Path
from typing import Any

from physassist_env.paths import open_safe

COLUMNS: dict[str, tuple[str, ...]] = {
    "hosp/patients": (
        "subject_id",
        "gender",
        "anchor_age",
        "anchor_year",
        "anchor_year_group",
        "dod",
    ),
    "hosp/admissions": (
        "subject_id",
        "hadm_id",
        "admittime",
        "dischtime",
        "deathtime",
        "admission_type",
        "admit_provider_id",
        "admission_location",
        "discharge_location",
        "insurance",
        "language",
        "marital_status",
        "race",
        "edregtime",
        "edouttime",
        "hospital_expire_flag",
    ),
    "hosp/diagnoses_icd": (
        "subject_id",
        "hadm_id",
        "seq_num",
        "icd_code",
        "icd_version",
    ),
    "hosp/d_icd_diagnoses": ("icd_code", "icd_version", "long_title"),
    "hosp/procedures_icd": (
        "subject_id",
        "hadm_id",
        "seq_num",
        "chartdate",
        "icd_code",
        "icd_version",
    ),
    "hosp/d_icd_procedures": ("icd_code", "icd_version", "long_title"),
    "hosp/labevents": (
        "labevent_id",
        "subject_id",
        "hadm_id",
        "specimen_id",
        "itemid",
        "order_provider_id",
        "charttime",
        "storetime",
        "value",
        "valuenum",
        "valueuom",
        "ref_range_lower",
        "ref_range_upper",
        "flag",
        "priority",
        "comments",
    ),
    "hosp/d_labitems": ("itemid", "label", "fluid", "category"),
    "hosp/prescriptions": (
        "subject_id",
        "hadm_id",
        "pharmacy_id",
        "poe_id",
        "poe_seq",
        "order_provider_id",
        "starttime",
        "stoptime",
        "drug_type",
        "drug",
        "formulary_drug_cd",
        "gsn",
        "ndc",
        "prod_strength",
        "form_rx",
        "dose_val_rx",
        "dose_unit_rx",
        "form_val_disp",
        "form_unit_disp",
        "doses_per_24_hrs",
        "route",
    ),
    "hosp/pharmacy": (
        "subject_id",
        "hadm_id",
        "pharmacy_id",
        "poe_id",
        "starttime",
        "stoptime",
        "medication",
        "proc_type",
        "status",
        "entertime",
        "verifiedtime",
        "route",
        "frequency",
        "disp_sched",
        "infusion_type",
        "sliding_scale",
        "lockout_interval",
        "basal_rate",
        "one_hr_max",
        "doses_per_24_hrs",
        "duration",
        "duration_interval",
        "expiration_value",
        "expiration_unit",
        "expirationdate",
        "dispensation",
        "fill_quantity",
    ),
    "hosp/emar": (
        "subject_id",
        "hadm_id",
        "emar_id",
        "emar_seq",
        "poe_id",
        "pharmacy_id",
        "enter_provider_id",
        "charttime",
        "medication",
        "event_txt",
        "scheduletime",
        "storetime",
    ),
    "hosp/emar_detail": (
        "subject_id",
        "emar_id",
        "emar_seq",
        "parent_field_ordinal",
        "administration_type",
        "pharmacy_id",
        "barcode_type",
        "reason_for_no_barcode",
        "complete_dose_not_given",
        "dose_due",
        "dose_due_unit",
        "dose_given",
        "dose_given_unit",
        "will_remainder_of_dose_be_given",
        "product_amount_given",
        "product_unit",
        "product_code",
        "product_description",
        "product_description_other",
        "prior_infusion_rate",
        "infusion_rate",
        "infusion_rate_adjustment",
        "infusion_rate_adjustment_amount",
        "infusion_rate_unit",
        "route",
        "infusion_complete",
        "completion_interval",
        "new_iv_bag_hung",
        "continued_infusion_in_other_location",
        "restart_interval",
        "side",
        "site",
        "non_formulary_visual_verification",
    ),
    "hosp/microbiologyevents": (
        "microevent_id",
        "subject_id",
        "hadm_id",
        "micro_specimen_id",
        "order_provider_id",
        "chartdate",
        "charttime",
        "spec_itemid",
        "spec_type_desc",
        "test_seq",
        "storedate",
        "storetime",
        "test_itemid",
        "test_name",
        "org_itemid",
        "org_name",
        "isolate_num",
        "quantity",
        "ab_itemid",
        "ab_name",
        "dilution_text",
        "dilution_comparison",
        "dilution_value",
        "interpretation",
        "comments",
    ),
    "hosp/omr": ("subject_id", "chartdate", "seq_num", "result_name", "result_value"),
    "hosp/services": (
        "subject_id",
        "hadm_id",
        "transfertime",
        "prev_service",
        "curr_service",
    ),
    "hosp/transfers": (
        "subject_id",
        "hadm_id",
        "transfer_id",
        "eventtype",
        "careunit",
        "intime",
        "outtime",
    ),
    "hosp/poe": (
        "poe_id",
        "poe_seq",
        "subject_id",
        "hadm_id",
        "ordertime",
        "order_type",
        "order_subtype",
        "transaction_type",
        "discontinue_of_poe_id",
        "discontinued_by_poe_id",
        "order_provider_id",
        "order_status",
    ),
    "hosp/poe_detail": ("poe_id", "poe_seq", "subject_id", "field_name", "field_value"),
    "icu/icustays": (
        "subject_id",
        "hadm_id",
        "stay_id",
        "first_careunit",
        "last_careunit",
        "intime",
        "outtime",
        "los",
    ),
    "icu/chartevents": (
        "subject_id",
        "hadm_id",
        "stay_id",
        "caregiver_id",
        "charttime",
        "storetime",
        "itemid",
        "value",
        "valuenum",
        "valueuom",
        "warning",
    ),
    "icu/inputevents": (
        "subject_id",
        "hadm_id",
        "stay_id",
        "caregiver_id",
        "starttime",
        "endtime",
        "storetime",
        "itemid",
        "amount",
        "amountuom",
        "rate",
        "rateuom",
        "orderid",
        "linkorderid",
        "ordercategoryname",
        "secondaryordercategoryname",
        "ordercomponenttypedescription",
        "ordercategorydescription",
        "patientweight",
        "totalamount",
        "totalamountuom",
        "isopenbag",
        "continueinnextdept",
        "statusdescription",
        "originalamount",
        "originalrate",
    ),
    "icu/outputevents": (
        "subject_id",
        "hadm_id",
        "stay_id",
        "caregiver_id",
        "charttime",
        "storetime",
        "itemid",
        "value",
        "valueuom",
    ),
    "icu/procedureevents": (
        "subject_id",
        "hadm_id",
        "stay_id",
        "caregiver_id",
        "starttime",
        "endtime",
        "storetime",
        "itemid",
        "value",
        "valueuom",
        "location",
        "locationcategory",
        "orderid",
        "linkorderid",
        "ordercategoryname",
        "ordercategorydescription",
        "patientweight",
        "isopenbag",
        "continueinnextdept",
        "statusdescription",
        "ORIGINALAMOUNT",
        "ORIGINALRATE",
    ),
    "icu/d_items": (
        "itemid",
        "label",
        "abbreviation",
        "linksto",
        "category",
        "unitname",
        "param_type",
        "lownormalvalue",
        "highnormalvalue",
    ),
    "note/discharge": (
        "note_id",
        "subject_id",
        "hadm_id",
        "note_type",
        "note_seq",
        "charttime",
        "storetime",
        "text",
    ),
    "note/radiology": (
        "note_id",
        "subject_id",
        "hadm_id",
        "note_type",
        "note_seq",
        "charttime",
        "storetime",
        "text",
    ),
}
"""Every table written, keyed ``module/name``, with MIMIC-IV's column order."""


class TableWriter:
    """A gzip CSV writer with ``mtime=0`` (same rows -> byte-identical file).

    Rows are written exactly as ``csv.writer(f, lineterminator="\\n")`` (``QUOTE_MINIMAL``)
    writes them, but joined in Python, column by column (:func:`csv_text`): a batch whose
    fields hold no ``,``, ``"``, ``\\r`` or ``\\n`` is ``",".join`` of each row's fields
    (``None`` as ``""``, other values via ``str``, as ``csv`` writes them); a row that
    needs quoting is handed to the ``csv`` module itself. Each batch reaches gzip as one
    encoded string.

    Args:
        root: The output folder (nothing is written outside it or through a link).
        relative: The table's path inside it, e.g. ``hosp/labevents.csv.gz``.
        columns: Column names, written as the header.
        compresslevel: gzip level (lower is faster; the decompressed CSV does not depend
            on it).
    """

    def __init__(
        self,
        root: Path,
        relative: str,
        columns: tuple[str, ...],
        compresslevel: int = 1,
    ) -> None:
        self.columns = columns
        self.rows = 0
        self._raw = open_safe(root, relative, "wb")  # closed in close()
        self._gz = gzip.GzipFile(
            filename="",
            mode="wb",
            fileobj=self._raw,
            mtime=0,
            compresslevel=compresslevel,
        )
        self._gz.write(csv_text([list(columns)]).encode())
        self._pending: list[Any] = []
        self._lists = False

    def write(self, rows: Iterable[Mapping[str, Any]] | list[list[Any]]) -> None:
        """Append rows: dicts (missing columns are written empty), or lists already in
        column order (the high-volume eMAR and ICU chart tables skip the per-row dict;
        their builders write integral floats as ints themselves).

        Rows are held until ``BATCH_ROWS`` are pending (or the file closes), then joined
        as one batch: a patient's few rows of a table cost the per-column work once per
        batch, not once per patient. The rows must not change after ``write``."""
        rows = rows if isinstance(rows, list) else list(rows)
        if not rows:
            return
        lists = rows[0].__class__ is list
        if lists is not self._lists and self._pending:
            self._flush()
        self._lists = lists
        self._pending += rows
        self.rows += len(rows)
        if len(self._pending) >= BATCH_ROWS:
            self._flush()

    def _flush(self) -> None:
        """Write the pending rows as one batch."""
        rows, self._pending = self._pending, []
        if not rows:
            return
        if self._lists:
            text = csv_text(rows, len(self.columns))
        else:
            text = _dict_text(rows, self.columns)
        self._gz.write(text.encode())

    def close(self) -> None:
        """Flush and close the file."""
        self._flush()
        self._gz.close()
        self._raw.close()


BATCH_ROWS = 256
"""Rows a :class:`TableWriter` holds before joining them: a patient's ~230 lab rows, the
prescriptions of ~10 patients (1,000 patients: 256 or 1,024 rows take the same CPU time
within noise, peak RSS 103 vs 125 MB)."""


_EMPTY = repeat("")
"""The default of every column of a dict row (``map(row.get, columns, _EMPTY)``)."""
_NONE = type(None)
_STR = {str}
"""The type set of a column of text only (joined as it is)."""


def _dict_text(rows: list[Mapping[str, Any]], cols: tuple[str, ...]) -> str:
    """Dict rows as CSV text: a missing column and None are written as ``""``, integral
    floats as integers; the values are gathered column by column (``dict.get`` over all
    rows in C), converted only in the columns holding a float or a None."""
    if set(map(type, rows)) != {dict}:  # another Mapping: row by row
        return csv_text([_dict_values(row, cols) for row in rows], len(cols))
    columns, types = [], []
    for c in cols:
        col = list(map(dict.get, rows, repeat(c), _EMPTY))
        kinds = set(map(type, col))
        if float in kinds or _NONE in kinds:
            col = [
                ""
                if v is None
                else int(v)
                if v.__class__ is float and v.is_integer()
                else v
                for v in col
            ]
            kinds = set(map(type, col))
        columns.append(col)
        types.append(kinds)
    lines = _column_lines(columns, types)
    return _checked_text(
        lines, lambda: list(zip(*columns, strict=True)), None, len(cols), len(cols)
    )


def _dict_values(row: Mapping[str, Any], cols: tuple[str, ...]) -> list[Any]:
    """One mapping's values in column order, converted as :func:`_dict_text` does."""
    return [
        "" if v is None else int(v) if v.__class__ is float and v.is_integer() else v
        for v in map(row.get, cols, _EMPTY)
    ]


def _cell(v: Any) -> str:
    """A field as ``csv.writer`` writes it: ``None`` empty, anything else its ``str``."""
    return "" if v is None else str(v)


def csv_line(row: list[Any]) -> str:
    """One row as ``csv.writer(f, lineterminator="\\n").writerow(row)`` writes it."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(row)
    return buf.getvalue()


def csv_text(rows: list[list[Any]], columns: int | None = None) -> str:
    """``rows`` as ``csv.writer(f, lineterminator="\\n").writerows(rows)`` writes them.

    Rows are joined column by column (:func:`_column_lines`; rows of several lengths, e.g.
    eMAR detail rows with and without a :func:`joined` cell, in one group per length),
    then checked as a whole (:func:`_checked_text`). Rows of fewer than two fields
    (which ``csv`` may quote when empty) go to the ``csv`` module.

    ``columns``: the table's width, when a row may hold a :func:`joined` cell in place of
    several fields (the counts are then of columns, not list items; such a row never
    needs quoting, and one that would raises ``ValueError`` rather than write it wrong).
    """
    lens = list(map(len, rows))
    low = min(lens)
    if low < 2:
        return "".join(csv_line(r) for r in rows)
    if low == max(lens):
        lines = _column_lines(list(zip(*rows, strict=True)))
        return _checked_text(lines, lambda: rows, None, low, columns)
    lines = [""] * len(rows)
    for width in set(lens):
        at = [i for i, n in enumerate(lens) if n == width]
        group = _column_lines(list(zip(*[rows[i] for i in at], strict=True)))
        for i, line in zip(at, group, strict=True):
            lines[i] = line
    return _checked_text(lines, lambda: rows, lens, None, columns)


def _column_lines(cols: list[Any], types: list[set[type]] | None = None) -> list[str]:
    """Rows given as their columns (sequences of one length), each joined with ``","``.

    A column of text only is joined as it is; another goes through ``str`` (what ``csv``
    writes for every field but None, even a float subclass such as ``numpy.float64``), an
    int column of few distinct values (a subject or admission id) converting each value
    once, a column holding None through :func:`_cell`. ``types``: each column's value
    types (``set(map(type, col))``), when the caller has them.
    """
    if types is None:
        types = [set(map(type, col)) for col in cols]
    texts = list(map(_column_strs, cols, types))
    return list(map(",".join, zip(*texts, strict=True)))


def _column_strs(col: Any, types: set[type]) -> Any:
    """One column's values as text (see :func:`_column_lines`)."""
    if types == _STR:
        return col
    if types == _INT:
        distinct = dict.fromkeys(col)
        if 2 * len(distinct) <= len(col):
            memo = dict(zip(distinct, map(str, distinct), strict=True))
            return list(map(memo.__getitem__, col))
    if _NONE in types:
        return list(map(_cell, col))
    return list(map(str, col))


_INT = {int}


def _checked_text(
    lines: list[str],
    rows_of: Callable[[], list[Any]],
    lens: list[int] | None,
    width: int | None,
    columns: int | None,
) -> str:
    """Joined ``lines`` of ``rows`` as CSV text, checked as a whole: when its comma and
    newline counts are those of the rows' fields and it holds no ``"`` or ``\\r``, no
    field needs quoting; otherwise the lines are checked one by one and a row that needs
    quoting is written by the ``csv`` module (``rows_of``: returns the rows' values;
    ``lens``: each row's field count, or None when all have ``width``)."""
    n = len(lines)
    text = "\n".join(lines) + "\n"
    if columns is not None:
        commas = n * (columns - 1)
    elif lens is None:
        commas = n * (width - 1)
    else:
        commas = sum(lens) - n
    if (
        text.count(",") == commas
        and text.count("\n") == n
        and '"' not in text
        and "\r" not in text
    ):
        return text
    if lens is None:
        lens = [width] * n
    return "".join(
        line + "\n"
        if line.count(",") == (k if columns is None else columns) - 1
        and '"' not in line
        and "\n" not in line
        and "\r" not in line
        else csv_line(r)
        if columns is None or k == columns
        else _unquotable(r)
        for line, r, k in zip(lines, rows_of(), lens, strict=True)
    )


def joined(fields: list[Any]) -> list[Any]:
    """``fields`` as one cell, their CSV text joined with ``","`` (a row built once per
    order, e.g. an eMAR detail row's constant part, then costs the writer one field, not
    30), or ``fields`` unchanged when one of them needs quoting. A row holding such a cell
    is written by :class:`TableWriter` (which counts columns) as if it held the fields."""
    text = ",".join(["" if v is None else str(v) for v in fields])
    if (
        len(fields) < 2
        or text.count(",") != len(fields) - 1
        or '"' in text
        or "\r" in text
        or "\n" in text
    ):
        return list(fields)
    return [text]


def _unquotable(row: list[Any]) -> str:
    """A row holding a :func:`joined` cell whose other fields need quoting (never built)."""
    raise ValueError(f"a row with a joined cell needs quoting: {row!r}")


class TableSet:
    """One :class:`TableWriter` per table of :data:`COLUMNS` under ``root``."""

    def __init__(
        self, root: Path, tables: Iterable[str] | None = None, compresslevel: int = 1
    ) -> None:
        names = list(tables) if tables is not None else list(COLUMNS)
        self.writers = {
            t: TableWriter(root, f"{t}.csv.gz", COLUMNS[t], compresslevel)
            for t in names
        }

    def write(self, rows: Mapping[str, list[dict[str, Any]]]) -> None:
        """Write each table's rows (tables not open here are ignored)."""
        for table, table_rows in rows.items():
            writer = self.writers.get(table)
            if writer is not None and table_rows:
                writer.write(table_rows)

    def counts(self) -> dict[str, int]:
        """Rows written per table."""
        return {t: w.rows for t, w in self.writers.items()}

    def close(self) -> None:
        """Close every writer."""
        for w in self.writers.values():
            w.close()
