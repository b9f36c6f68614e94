"""Small formatting helpers shared by the tables and reports."""

from __future__ import annotations

import html

import numpy as np


def fmt(value, digits: int = 6) -> str:
    """Format a number, array or tensor for a table: rounded, compact.

    >>> fmt(1024.0)
    '1024'
    >>> fmt(0.045176655)
    '0.0451767'
    >>> fmt([1.0, 2.5])
    '[1, 2.5]'
    >>> fmt(None)
    '—'
    """
    if value is None:
        return "—"
    arr = np.asarray(getattr(value, "numpy", lambda: value)())
    if arr.dtype == bool:
        return str(arr.tolist())
    if arr.ndim == 0:
        x = arr.item()
        if isinstance(x, (int, np.integer)):
            return str(x)
        if not np.isfinite(x):
            return str(x)
        return f"{x:.{digits}g}"
    flat = [fmt(v, digits) for v in arr.reshape(-1)[:8]]
    more = ", …" if arr.size > 8 else ""
    if arr.ndim == 1:
        return "[" + ", ".join(flat) + more + "]"
    return f"shape {arr.shape}: [" + ", ".join(flat) + more + "]"


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """Left-aligned plain-text table with a rule under the header."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    out = [line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    return "\n".join(out)


def html_table(headers: list[str], rows: list[list[str]], caption: str | None = None) -> str:
    """A plain HTML table (JupyterLab styles it)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
