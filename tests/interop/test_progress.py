"""Progress for long imports: plain lines by tenths when stderr is not a terminal."""

from __future__ import annotations

import io

from hermes.interop.progress import MIN_ITEMS, ImportProgress


def test_a_pipe_gets_one_line_per_tenth() -> None:
    stream = io.StringIO()
    with ImportProgress(5_000, "Importing messages", stream) as bar:
        for _ in range(50):
            bar.advance(100)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[0] == "Importing messages: 500/5,000 (10%)"
    assert lines[-1] == "Importing messages: 5,000/5,000 (100%)"


def test_a_big_step_reports_every_tenth_it_passes() -> None:
    stream = io.StringIO()
    with ImportProgress(10_000, "x", stream) as bar:
        bar.advance(3_500)
    assert [line.rsplit(" ", 1)[1] for line in stream.getvalue().splitlines()] == ["(10%)", "(20%)", "(30%)"]


def test_a_small_import_prints_nothing() -> None:
    stream = io.StringIO()
    with ImportProgress(MIN_ITEMS - 1, "x", stream) as bar:
        bar.advance(MIN_ITEMS - 1)
    assert stream.getvalue() == ""
