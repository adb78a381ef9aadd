"""The status bar: model │ context │ memory gauge │ pending │ tokens and cost │ project │ title.

`status_markup` is a pure function of the numbers and the width, so narrowing is testable:
segments are dropped or shortened by priority until the line fits. The bar holds no state of
its own: its `info` and `busy` are reactives bound (`data_bind`) to the chat screen's
`status_info` and `busy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from rich.cells import cell_len
from textual.markup import escape
from textual.reactive import reactive
from textual.widgets import Static

SEP = " │ "


@dataclass(frozen=True)
class StatusInfo:
    """What the bar shows. Frozen: a change is a new value (`dataclasses.replace`), so the
    reactive that holds it notices every change and nothing is updated in place unseen."""

    model: str = ""
    context_tokens: int = 0
    context_window: int = 0
    memory_pct: int | None = None  # None = store disabled or unknown
    user_pct: int | None = None
    project_pct: int | None = None  # this project's PROJECT.md
    pending: int = 0
    tool_requests: int = 0  # edits, writes, commands waiting for approval (the turn waits)
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float = 0.0
    title: str = ""
    project: str = ""  # the project (workspace) name; shown when set
    accept_edits: bool = False  # /accept-edits on: edits and writes run without asking


class Gauges(TypedDict):
    """The memory gauges' fields of a StatusInfo (memory_bridge.status_gauges)."""

    memory_pct: int | None
    user_pct: int | None
    project_pct: int | None


class StatusChanges(TypedDict, total=False):
    """Some fields of a StatusInfo, by name, for `ChatScreen.update_status`."""

    memory_pct: int | None
    user_pct: int | None
    project_pct: int | None
    model: str
    context_tokens: int
    context_window: int
    pending: int
    tool_requests: int
    input_tokens: int
    output_tokens: int
    cost: float
    title: str
    project: str
    accept_edits: bool


def gauge_level(pct: int) -> str:
    """The colour band of a usage percentage: ok, warn above 80 %, full at 95 %."""
    if pct >= 95:
        return "full"
    if pct > 80:
        return "warn"
    return "ok"


def compact_number(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}M"
    if n >= 10_000:
        return f"{n / 1000:.0f}k"
    if n >= 1000:
        return f"{n / 1000:.1f}k"
    return str(n)


def context_bar(used: int, window: int, cells: int = 8) -> str:
    if window <= 0:
        return "▱" * cells
    filled = min(cells, round(cells * used / window))
    if used > 0:
        filled = max(filled, 1)  # any use shows
    return "▰" * filled + "▱" * (cells - filled)


def _gauge(label: str, pct: int | None) -> tuple[str, str]:
    if pct is None:
        return "", ""
    text = f"{label} {pct}%"
    return f"[$hermes-gauge-{gauge_level(pct)}]{text}[/]", text


def _segments(info: StatusInfo, level: int, busy: str = "") -> list[tuple[str, str]]:
    """(markup, plain) pairs for a narrowing level: 0 = everything, higher = fewer/shorter."""
    out: list[tuple[str, str]] = []
    if busy:
        out.append((f"[$hermes-badge]{escape(busy)}[/]", busy))
    model = info.model or "no model"
    if level >= 3 and "/" in model:
        model = model.split("/", 1)[1]
    if level < 5:
        out.append((escape(model), model))
    if info.context_window > 0 and level < 4:
        ctx = f"{compact_number(info.context_tokens)}/{compact_number(info.context_window)}"
        if level < 2:
            ctx += " " + context_bar(info.context_tokens, info.context_window)
        out.append((escape(ctx), ctx))
    # an empty project store's gauge is the first thing a narrow bar leaves out
    project = info.project_pct if level < 1 or (info.project_pct or 0) > 0 else None
    gauges = [_gauge("MEM", info.memory_pct), _gauge("USER", info.user_pct),
              _gauge("PROJ", project)]
    if any(plain for _, plain in gauges):
        out.append((" · ".join(m for m, _ in gauges if m), " · ".join(p for _, p in gauges if p)))
    if info.accept_edits:
        edits = "✎ accept edits" if level < 3 else "✎"
        out.append((f"[bold $hermes-badge]{edits}[/]", edits))
    if info.tool_requests:
        waiting = f"⏸ {info.tool_requests} to approve · Ctrl+O" if level < 3 else f"⏸{info.tool_requests}"
        out.append((f"[bold $hermes-badge @click=app.open_approvals]{waiting}[/]", waiting))
    if info.pending:
        pending = f"⏳ {info.pending} pending" if level < 3 else f"⏳{info.pending}"
        # a click on the badge opens the approval pane
        out.append((f"[bold $hermes-badge @click=app.open_approvals]{pending}[/]", pending))
    if level < 2 and (info.input_tokens or info.output_tokens or info.cost):
        usage = f"↑{compact_number(info.input_tokens)} ↓{compact_number(info.output_tokens)}"
        if info.cost:
            usage += f" ${info.cost:.4f}" if info.cost < 0.01 else f" ${info.cost:.2f}"
        out.append((escape(usage), usage))
    if info.project and level < 4:
        out.append((escape(info.project), info.project))
    if info.title and level < 6:
        out.append((f"[b]{escape(info.title)}[/b]", info.title))
    return out


def status_markup(info: StatusInfo, width: int, busy: str = "") -> str:
    """The bar's content markup, narrowed to fit `width` cells; `busy` (what runs, e.g.
    "loading model client…") comes first when set."""
    for level in range(7):
        segments = _segments(info, level, busy)
        plain = SEP.join(p for _, p in segments)
        if cell_len(plain) + 2 <= width:
            return " " + SEP.join(m for m, _ in segments)
    # Last resort: shorten the title until it fits.
    segments = _segments(info, 5, busy)
    head = segments[:-1] if info.title else segments
    plain_head = SEP.join(p for _, p in head)
    room = width - cell_len(plain_head) - len(SEP) - 2
    if info.title and room >= 4:
        title = info.title[: room - 1] + "…"
        head = [*head, (f"[b]{escape(title)}[/b]", title)]
    return " " + SEP.join(m for m, _ in head)


class StatusBar(Static):
    """Shows a StatusInfo: bind `info` and `busy` to the owner's state; it redraws when they change."""

    info: reactive[StatusInfo] = reactive(StatusInfo, layout=False)
    busy: reactive[str] = reactive("", layout=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=True)

    def watch_info(self) -> None:
        self._draw()

    def watch_busy(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        self.update(status_markup(self.info, self.size.width or 120, self.busy))
