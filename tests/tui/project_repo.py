"""A temp git repository the app runs in, for Pilot tests of the real coding tools.

The app's working directory is the repository (the session finds its root there), the real
edit_file / run_command / read_file work in it, and `pytest` on PATH is this venv's, so a
command the model runs really runs the repository's one test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hermes.tui.approvals.tool_pane import ToolApprovalScreen
from hermes.tui.widgets.messages import LineMessage

SOURCE = "def greet():\n    return 'helo'\n"
TEST = "from greet import greet\n\n\ndef test_greet():\n    assert greet() == 'hello'\n"


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A committed repository with greet.py (a typo) and its failing test; the app's cwd."""
    root = tmp_path / "project"
    (root / "tests").mkdir(parents=True)
    (root / "greet.py").write_text(SOURCE, encoding="utf-8")
    (root / "tests" / "test_greet.py").write_text(TEST, encoding="utf-8")
    # greet.py importable from the tests; no cache folder written into the repository
    (root / "pytest.ini").write_text("[pytest]\npythonpath = .\naddopts = -p no:cacheprovider\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "init")
    monkeypatch.chdir(root)
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    return root.resolve()


def notice_lines(app: Any) -> list[str]:
    """The tool request notice lines, as the mounted rows show them."""
    rows = [str(w.render()) for w in app.chat.transcript.rows if isinstance(w, LineMessage)]
    return [t for t in rows if t.startswith(("⏸", "✔", "✗ edit", "✗ $", "✗ write"))]


async def read_the_pane(pilot: Any) -> None:
    """Pause as a person does before deciding (keys in a burst count as typing)."""
    await pilot.pause(ToolApprovalScreen.typing_gap + 0.05)


async def type_keys(pilot: Any, text: str) -> None:
    await pilot.press(*("space" if ch == " " else ch for ch in text))


def pane_text(app: Any) -> str:
    """The request as the pane draws it (a diff is a table: rendered, trailing spaces dropped)."""
    from rich.console import Console

    from rich.text import Text

    shown = app.screen.query_one("#tool-request-text")
    if isinstance(shown.content, Text):  # a command: its text as it is, unwrapped
        return shown.content.plain
    console = Console(width=shown.size.width or 100, color_system=None)
    with console.capture() as captured:
        console.print(shown.content)
    return "\n".join(line.rstrip() for line in captured.get().splitlines())
