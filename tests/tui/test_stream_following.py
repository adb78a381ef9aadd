"""A long streamed reply with many Markdown blocks: old rows are unmounted, the view keeps following."""

from __future__ import annotations

import pytest

from hermes.agent import events as ev
from hermes.tui.widgets import transcript as transcript_module
from tests.support.markdown_reply import markdown_tokens
from tests.tui.conftest import make_app, ready, wait_for


def _chunks() -> list[str]:
    """About 3,000 tokens of paragraphs, list items and code blocks, in 25-token fragments
    (what the app hands the reply per frame at 500 tokens/s)."""
    tokens = markdown_tokens(2999)
    return ["".join(tokens[i:i + 25]) for i in range(0, len(tokens), 25)]


async def test_unmounting_old_rows_never_stops_following(hermes_home, monkeypatch: pytest.MonkeyPatch) -> None:
    # A tiny widget budget (finished segments weigh 1 each), so pruning is as aggressive as
    # it can be: it must still keep enough rows to fill the view, or the view reaches the
    # top, loads the earlier page and stops following the stream.
    monkeypatch.setattr(transcript_module, "MAX_WEIGHT", 4)
    loads: list[int] = []
    original = transcript_module.Transcript.load_earlier

    async def load_earlier(self):  # noqa: ANN001, ANN202
        loads.append(self.first_mounted)
        return await original(self)

    monkeypatch.setattr(transcript_module.Transcript, "load_earlier", load_earlier)
    app = make_app(open_agent=False, preload=lambda: None)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(app)
        chat = app.chat
        transcript = chat.transcript
        await chat.render_event(ev.TurnStarted("s1", 1))
        for chunk in _chunks():
            await chat.render_event(ev.TextDelta(chunk))
            await pilot.pause()
        await chat.render_event(ev.TextDelta("\nTHE END OF THE REPLY."))
        await chat.render_event(ev.TurnDone("s1", ""))
        # the end of the reply is laid out at the bottom of the view
        await wait_for(pilot, lambda: "THE END OF THE REPLY." in transcript.rows[-1].item.text
                       and transcript.rows[-1].region.height > 0
                       and transcript.rows[-1].region.bottom <= transcript.region.bottom)
        rows = transcript.rows
        assert transcript.first_mounted > 0, "old rows should have been unmounted"
        assert transcript.following
        assert loads == [], "the view reached the top while following and loaded the earlier page"
        assert "THE END OF THE REPLY." in rows[-1].item.text
        # The last row is on screen, and the mounted rows still fill more than the view.
        assert rows[-1].region.bottom <= transcript.region.bottom
        assert rows[-1].region.height > 0
        assert sum(row.outer_size.height for row in rows) >= transcript.size.height


async def test_finished_segments_become_one_widget_each(hermes_home) -> None:
    """Once a long reply moves on to a fresh segment, the finished one is a single widget
    showing the same text (code included), so re-arranging the screen stays cheap."""
    from hermes.tui.widgets.reply import AssistantMessage, FinishedSegment

    app = make_app(open_agent=False, preload=lambda: None)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(app)
        chat = app.chat
        transcript = chat.transcript
        await chat.render_event(ev.TurnStarted("s1", 1))
        sent = "".join(_chunks()[:40])
        for chunk in _chunks()[:40]:
            await chat.render_event(ev.TextDelta(chunk))
        await pilot.pause()
        rows = transcript.rows
        assert len(rows) >= 3
        assert all(isinstance(row, FinishedSegment) for row in rows[:-1])
        assert all(not row.children for row in rows[:-1])
        assert isinstance(rows[-1], AssistantMessage)
        assert "".join(row.item.text for row in rows) == sent
        # A finished segment with a code block still shows the code.
        with_code = next(row for row in rows[:-1] if "print('code')" in row.item.text)
        with_code.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        lines = [strip.text for strip in with_code.render_lines(with_code.region.reset_offset)]
        assert any("print('code')" in line for line in lines)
