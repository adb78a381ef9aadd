"""`!cmd` in the input: the person runs a shell command themselves.

No approval (the person typed it), in the project's root with the tools' timeout. The output
is shown in the transcript and waits, as a source, to go to the model with the next message.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from hermes.tui.input_sources import Source, cut
from hermes.tui.widgets.tool_lines import tail_lines

if TYPE_CHECKING:
    from hermes.tui.screens.chat import ChatScreen

SHOWN_LINES = 15  # the output's last lines in the transcript; the model gets all of it (cut)


async def run_for_person(chat: ChatScreen, command: str, root: Path, timeout: float) -> Source | None:
    """Run `command`, show how it went, and hold its output for the next message."""
    from hermes.workspace.commands import run_command

    line = await chat.add_line("info", f"$ {command}  running…")
    try:
        run = await run_command(command, root, timeout)
    except asyncio.CancelledError:  # Esc: the command's process group is already killed
        line.update_item(f"$ {command}  stopped (Esc); nothing goes to the model", failed=True)
        raise
    except OSError as exc:
        line.update_item(f"$ {command}  could not start: {exc.strerror or exc}. Check the command "
                         "and try again.", failed=True)
        return None
    outcome = f"timed out after {timeout:g} s" if run.timed_out else f"exit {run.exit_code}"
    output = run.text()
    shown = tail_lines(output, SHOWN_LINES) if output.strip() else "(no output)"
    line.update_item(f"$ {command}  {outcome}\n{shown}", failed=run.exit_code != 0)
    body, detail = cut(output)
    source = Source("command", command, body, ", ".join(p for p in (outcome, detail) if p))
    chat.add_source(source)
    await chat.add_line("info", "📎 this output goes to the model with your next message")
    return source
