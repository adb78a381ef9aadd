"""A long diff line wraps beside its +/- gutter, in every place a diff is drawn."""

from __future__ import annotations

from rich.console import Console

from hermes.tui.screens.diff_pane import diff_summary
from hermes.tui.widgets.diff_view import diff_table

DIFF = ("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-short = 1\n"
        "+long_name = 'a value long enough to wrap at forty columns, twice over'\n")


def _drawn(width: int) -> list[str]:
    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        console.print(diff_table(DIFF))
    return [line.rstrip() for line in captured.get().splitlines()]


def test_wrapped_lines_keep_the_gutter_column():
    lines = _drawn(40)
    assert lines[:4] == ["--- a/x.py", "+++ b/x.py", "@@ -1 +1 @@", "-short = 1"]
    added = lines[4:]
    assert len(added) >= 2 and added[0].startswith("+long_name")
    assert all(line.startswith(" ") and line.strip() for line in added[1:])  # never at column 0
    words = " ".join([added[0][1:], *(line[1:] for line in added[1:])]).split()
    wanted = "long_name = 'a value long enough to wrap at forty columns, twice over'"
    assert words == wanted.split()


def test_the_pane_title_counts_files_and_lines():
    assert diff_summary(DIFF) == "1 file · +1 −1"
