"""How the app keeps up with a command that prints a lot: 10 MB of output streamed to a tool line.

Runs the real app headless (no model session), hands it ToolStarted → ToolOutput pieces →
ToolFinished the way the agent's callback does, and prints how long the screen took to show
the last line, per MB, plus the cost of expanding the output the line keeps (its last MAX_OUTPUT_CHARS).

    python bench/tool_output_bench.py [--mb 10] [--piece 4096]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from hermes.toolspec import ToolDisplay
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's hermes


async def run(total_mb: int, piece: int) -> None:
    from hermes.agent import events as ev
    from hermes.config import load_config
    from hermes.tui.app import HermesApp
    from hermes.tui.widgets.tool_lines import MAX_OUTPUT_CHARS, ToolLine

    app = HermesApp(cfg=load_config(), open_agent=False, preload=lambda: None)
    line = "".join(f"tests/test_{n:04d}.py::test_case PASSED\n" for n in range(200))
    chunk = (line * (piece // len(line) + 1))[:piece]
    pieces = total_mb * 1024 * 1024 // piece
    async with app.run_test(size=(100, 32)) as pilot:
        await asyncio.wait_for(app.ready.wait(), 30)
        start = time.perf_counter()
        app.on_agent_event(ev.ToolStarted("c1", "run_command", {"command": "pytest -v"}, "pytest -v"))
        for n in range(pieces):
            app.on_agent_event(ev.ToolOutput("c1", chunk))
            if n % 64 == 0:
                await asyncio.sleep(0)  # a real stream arrives over time; let the UI run
        marker = "the last line\n"
        app.on_agent_event(ev.ToolOutput("c1", marker))
        app.on_agent_event(ev.ToolFinished("c1", "run_command", True, "pytest -v", display=ToolDisplay(
            kind="command", command="pytest -v", exit_code=0)))

        def row() -> ToolLine | None:
            rows = [w for w in app.chat.transcript.rows if isinstance(w, ToolLine)]
            return rows[0] if rows else None

        while (r := row()) is None or "exit 0" not in str(r.render()):
            await pilot.pause(0.01)
        elapsed = time.perf_counter() - start
        r = row()
        assert r is not None and "the last line" in str(r.render())
        expand_start = time.perf_counter()
        r.action_toggle_body()
        await pilot.pause()
        expand = time.perf_counter() - expand_start
    print(f"{total_mb} MB in {pieces:,} pieces of {piece:,} B: shown in {elapsed:.2f} s "
          f"({elapsed / total_mb * 1000:.0f} ms per MB)")
    print(f"expand the kept output ({MAX_OUTPUT_CHARS:,} chars): {expand * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=10)
    parser.add_argument("--piece", type=int, default=4096)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["HERMES_HOME"] = home
        asyncio.run(run(args.mb, args.piece))
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
