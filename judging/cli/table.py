"""Plain-text tables and reports for the command line."""

from __future__ import annotations

from collections.abc import Sequence

from judging.report import Report


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns two spaces apart; the last column is not padded."""
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        padded = [c.ljust(w) for c, w in zip(cells[:-1], widths[:-1], strict=True)]
        return "  ".join([*padded, cells[-1]]).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def report_text(report: Report, title: str, table: str) -> str:
    """The human-readable report: the problem's line, verdict, limits, warnings, the per-test
    table and the compiler's output. Shared with function problems' `judge`."""
    lines = [
        f"Problem:  {title}",
        f"Language: {report.language or '-'}",
        f"Verdict:  {report.classification.value} ({report.icpc_code})",
    ]
    if report.reason:
        lines.append(f"Reason:   {report.reason}")
    if report.limits is not None:
        lim = report.limits
        lines.append(
            f"Limits:   CPU {lim.cpu_ms} ms, wall {lim.wall_ms} ms, memory {lim.memory_kib} KiB, "
            f"output {lim.output_bytes} bytes"
        )
    lines += [f"Warning:  {w}" for w in report.warnings]
    if table:
        lines += ["", table]
    if report.compile is not None and report.compile.output.strip():
        lines += ["", "Compiler output:", report.compile.output.rstrip()]
    return "\n".join(lines)
