"""Sheets: spreadsheets in the drive (files of kind "sheet") whose cells hold numbers, text or
Excel formulas, evaluated for real with the `formulas` package (a Python Excel interpreter).

A cell's raw input lives in `File.cells` ("B4" -> "=SUM(B1:B3)"); its value is computed on
read by evaluating formulas recursively over the other cells: a single reference becomes the
cell's value, a range (`A1:B3`) a 2-D array, an empty cell Excel's empty value (0 in
arithmetic, skipped by SUM/AVERAGE/COUNT). A reference back to a cell being evaluated is a
circular reference (400 on write). Excel errors (#DIV/0!, #VALUE!, ...) are values: a
written formula that evaluates to one is rejected with a 400, nothing of the call written.
Not supported: references to other sheets, whole columns or rows (`A:A`), named ranges.

Cost (2-core machine, measured in this session): importing formulas and schedula about
0.1-0.2 s beyond numpy; the first formula loads formulas' whole function library (scipy.stats
among it) once per process, 1.3-1.7 s idle, up to 2.9 s under load; compiling a new formula
3-5 ms, cached per formula text; evaluating a compiled one 0.25-0.8 ms. A compiled formula keeps
per-call state and the cache shares it across threads (rollouts run environments in threads),
so calls are serialised by a lock: without it about 5% of concurrent evaluations returned
another thread's result.
"""

from __future__ import annotations

import functools
import re
import threading
from typing import Any

import formulas
import numpy as np
import schedula
from formulas.tokens.operand import XlError

from veriloop.envs.workspace.apps.drive import file_line, new_file, open_file
from veriloop.envs.workspace.world import Runtime, WorkspaceError
from veriloop.tools import Tool, tool

_CELL = re.compile(r"^\$?([A-Z]{1,3})\$?([0-9]{1,7})$")
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$|^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$")
_MAX_COL, _MAX_ROW = 16384, 1048576  # Excel's XFD1048576
_MAX_RANGE_CELLS = 10_000
_MAX_DEPTH = 200  # formulas referring to formulas, this many deep
_MAX_WRITE = 100
_LOCK = threading.Lock()
# schedula and formulas load their parts lazily on first attribute access; two rollout threads
# doing that at once fail with a circular import. Resolve what we use now, while this module's
# import holds the import lock, and evaluate one formula to load formulas' function library.
EMPTY = schedula.EMPTY
DispatcherError = schedula.DispatcherError
formulas.Parser().ast("=SUM(1,2)")[1].compile()()


def _col_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _col_letters(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def parse_cell(name: str) -> tuple[int, int]:
    """"B12" -> (row 12, column 2); 400 for anything that is not a cell name."""
    m = _CELL.match(str(name).strip().upper())
    col, row = (_col_number(m.group(1)), int(m.group(2))) if m else (0, 0)
    if not (1 <= col <= _MAX_COL and 1 <= row <= _MAX_ROW):
        raise WorkspaceError(400, f"'{name}' is not a cell name; cells are named by column "
                                  "letters and row number, like A1, B12 or AA3")
    return row, col


def cell_name(row: int, col: int) -> str:
    return f"{_col_letters(col)}{row}"


def parse_range(text: str) -> tuple[int, int, int, int]:
    """"A1:B3" (or one cell "B2") -> (top, left, bottom, right), corners in any order."""
    ends = str(text).strip().split(":")
    if len(ends) > 2 or not all(ends):
        raise WorkspaceError(400, f"'{text}' is not a cell range; write it like A1:C10 or B2")
    (r1, c1), (r2, c2) = parse_cell(ends[0]), parse_cell(ends[-1])
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


@functools.lru_cache(maxsize=4096)
def _compile(text: str) -> tuple[Any, tuple[str, ...]]:
    """A formula's compiled function and the references it takes, in order."""
    try:
        with _LOCK:
            fn = formulas.Parser().ast(text)[1].compile()
    except Exception as e:  # noqa: BLE001 (formulas raises several unrelated types)
        raise WorkspaceError(400, f"'{text}' is not a valid formula ({_reason(e)}); write it "
                                  "like =SUM(B1:B3) or =A1*2") from None
    return fn, tuple(fn.inputs)


def _reason(e: Exception) -> str:
    if isinstance(e, DispatcherError) and len(e.args) > 1:
        return f"#NAME? unknown function {e.args[1]}"
    return " ".join(str(e.args[0] if e.args else e).replace("%s", "").split())[:120]


class Evaluator:
    """Computes cell values of one sheet, each formula once; raises WorkspaceError(400) for a
    circular reference or a formula that cannot be evaluated."""

    def __init__(self, cells: dict[str, Any]) -> None:
        self.cells, self.memo, self.stack = cells, dict[str, Any](), list[str]()

    def value(self, ref: str) -> Any:
        """The value of cell `ref` ("B4"): a number, text, bool, XlError or schedula.EMPTY."""
        raw = self.cells.get(ref, EMPTY)
        if not (isinstance(raw, str) and raw.startswith("=")):
            return raw
        if ref in self.memo:
            return self.memo[ref]
        if ref in self.stack:
            path = " -> ".join([*self.stack[self.stack.index(ref):], ref])
            raise WorkspaceError(400, f"circular reference: {path}; a formula must not depend "
                                      "on its own cell")
        if len(self.stack) >= _MAX_DEPTH:
            raise WorkspaceError(400, f"formulas refer to formulas more than {_MAX_DEPTH} deep")
        self.stack.append(ref)
        try:
            fn, inputs = _compile(raw)
            args = [self._input(name, raw) for name in inputs]
            with _LOCK:
                try:
                    out = fn(*args)
                except Exception as e:  # noqa: BLE001 (any failure inside formulas)
                    raise WorkspaceError(400, f"{ref}: '{raw}' cannot be evaluated "
                                              f"({_reason(e)})") from None
        finally:
            self.stack.pop()
        self.memo[ref] = _scalar(out, ref, raw)
        return self.memo[ref]

    def _input(self, name: str, formula: str) -> Any:
        if "!" in name or ":" in name and not re.search(r"\d", name):
            raise WorkspaceError(400, f"'{formula}' refers to {name}: only cells (B2) and "
                                      "ranges with rows (A1:A20) of the same sheet are supported")
        if ":" not in name:
            parse_cell(name)
            return self.value(name)
        top, left, bottom, right = parse_range(name)
        if (bottom - top + 1) * (right - left + 1) > _MAX_RANGE_CELLS:
            raise WorkspaceError(400, f"range {name} has more than {_MAX_RANGE_CELLS} cells")
        return np.array([[self.value(cell_name(r, c)) for c in range(left, right + 1)]
                         for r in range(top, bottom + 1)], dtype=object)


def _scalar(out: Any, ref: str, formula: str) -> Any:
    if isinstance(out, np.ndarray):
        if out.size != 1:
            raise WorkspaceError(400, f"{ref}: '{formula}' gives {out.size} values, a cell holds "
                                      "one; wrap the range in SUM(...), AVERAGE(...) or similar")
        out = out.reshape(-1)[0]
    if out is EMPTY:
        return 0  # Excel shows a reference to an empty cell as 0
    return out.item() if isinstance(out, np.generic) else out


def show(value: Any) -> str:
    """A value as the sheet displays it: 1200, 3.1666666667, TRUE, #DIV/0!, text."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.10g}"
    if value is EMPTY:
        return ""
    return " ".join(str(value).split())


def _raw_input(cell: str, value: Any) -> Any:
    """What a written value is stored as: numbers typed as text become numbers, as in Sheets."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if not isinstance(value, str):
        raise WorkspaceError(400, f"{cell}: a cell holds a number, text or a formula like "
                                  f"=SUM(B1:B3), got {type(value).__name__}")
    text = value.strip()
    if _NUMBER.match(text):
        number = float(text.replace(",", ""))
        return int(number) if number.is_integer() and "." not in text else number
    return text if text.startswith("=") else value


def make_tools(rt: Runtime) -> list[Tool]:
    world = rt.world

    def line(ev: Evaluator, ref: str) -> str:
        raw = ev.cells[ref]
        if not (isinstance(raw, str) and raw.startswith("=")):
            return f"{ref}={show(raw)}"
        try:
            value = show(ev.value(ref))
        except WorkspaceError as e:
            value = "#ERROR " + e.message.split(";")[0]
        return f"{ref}={value} ({raw})"

    @tool
    def create_sheet(name: str, folder: str = "/") -> str:
        """Create an empty spreadsheet you own.

        Args:
            name: the sheet's name.
            folder: an existing folder path, e.g. "/Reports".
        """
        return f"created {file_line(world, new_file(rt, name, folder, 'sheet'))}"

    @tool
    def read_sheet(sheet_id: str, cell_range: str | None = None) -> str:
        """Read a spreadsheet's computed values, one row per line (A1=Q4 revenue, B1=1200);
        a formula cell shows its value and then the formula in brackets.

        Args:
            sheet_id: the sheet's file id, e.g. "f0004".
            cell_range: only these cells, e.g. "A1:C10"; all cells when omitted.
        """
        f = open_file(rt, sheet_id, "sheet")
        box = parse_range(cell_range) if cell_range else (1, 1, _MAX_ROW, _MAX_COL)
        rt.guard.sensitive(f.id, f.labels)
        rows: dict[int, list[tuple[int, str]]] = {}
        for ref in f.cells:
            r, c = parse_cell(ref)
            if box[0] <= r <= box[2] and box[1] <= c <= box[3]:
                rows.setdefault(r, []).append((c, ref))
        ev = Evaluator(f.cells)
        body = [", ".join(line(ev, ref) for _, ref in sorted(rows[r])) for r in sorted(rows)]
        empty = f"(no values in {cell_range})" if cell_range else "(empty sheet)"
        return "\n".join([file_line(world, f), *(body or [empty])])

    @tool
    def write_cells(sheet_id: str, cells: dict) -> str:
        """Write cells of a spreadsheet: numbers, text, or formulas starting with "=". Returns
        the computed value of each written cell. null or "" clears a cell.

        Args:
            sheet_id: the sheet's file id.
            cells: cell name -> value, e.g. {"A4": "Total", "B4": "=SUM(B1:B3)", "B1": 1200}.
        """
        f = open_file(rt, sheet_id, "sheet", write=True)
        if not cells:
            raise WorkspaceError(400, 'cells must name at least one cell, e.g. {"A1": 5}')
        if len(cells) > _MAX_WRITE:
            raise WorkspaceError(400, f"at most {_MAX_WRITE} cells per call; split the write")
        new = dict(f.cells)
        written = []
        for name, value in cells.items():
            ref = cell_name(*parse_cell(name))
            raw = _raw_input(ref, value)
            if raw is None or isinstance(raw, str) and not raw.strip():
                new.pop(ref, None)
            else:
                new[ref] = raw
            written.append(ref)
        ev = Evaluator(new)
        for ref in written:
            value = ev.value(ref)
            if isinstance(value, XlError):
                raise WorkspaceError(400, f"{ref}: '{new[ref]}' gives the Excel error {value}; "
                                          "nothing was written, fix the formula or its inputs")
        f.cells, f.modified = new, world.now
        out = [line(ev, ref) if ref in new else f"{ref}=(cleared)" for ref in written]
        return "\n".join([f"updated {f.id} '{f.name}': {len(written)} cells", *out])

    return [create_sheet, read_sheet, write_cells]
