"""Streamed Markdown lists: drawn like Textual's, but grown in place instead of rebuilt.

The reference is Textual's own Markdown widget fed the same text in the same pieces; the two
are compared cell by cell (character, colours, bold/italic) on one screen. Pieces are fed with
`Markdown.append` awaited one at a time (what a MarkdownStream does for each batch), so every
intermediate state is drawn however loaded the machine is; the tests then wait for what the
screen shows, never for a fixed time.
"""

from __future__ import annotations

import gc

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Markdown

from hermes.tui.widgets.reply import AssistantMessage
from hermes.tui.widgets.stream_lists import GrowingBulletList, GrowingOrderedList
from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for

LISTS = """Intro with `inline code` and **bold** words, long enough to wrap in a narrow column.

- first item, long enough to wrap around the column at least once, maybe twice here
- second item with `code`
  - nested item that also wraps around because it is long enough to do so
  - nested two
- third item

  with a second paragraph inside the third item that wraps at this width as well

1. one
2. two is a longer item that wraps when the column is narrow enough to force it
3. three
4. four
5. five
6. six
7. seven
8. eight
9. nine
10. ten

-
- an item after an empty one
-

Between the lists.

- an item holding a code block

  ```python
  print(1)
  ```
- the item after it
- and one more

Closing paragraph.
"""


class StreamingMarkdown(Markdown):
    """The blocks the reply widget uses, without the transcript around it."""

    BLOCKS = AssistantMessage.BLOCKS


class SideBySide(App):
    CSS = "Horizontal > VerticalScroll { width: 1fr; height: 1fr; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield VerticalScroll(id="ours")
            yield VerticalScroll(id="textual")


async def _streaming_into(app: SideBySide) -> StreamingMarkdown:
    """Our reply blocks mounted on the left, empty."""
    ours = StreamingMarkdown()
    await app.query_one("#ours").mount(ours)
    return ours


def _screen_text(app: App) -> str:
    """The characters on screen, line by line."""
    return "\n".join(line.text for line in app.screen._compositor.render_strips())


def _items(ours: StreamingMarkdown) -> list[str]:
    """The item texts of the first list drawn as one widget ([] while there is none)."""
    lists = ours.query(GrowingBulletList)
    return [text.plain for _, _, text in lists.first()._rows] if lists else []


def _cells(strip) -> list[tuple]:
    cells = []
    for segment in strip:
        style = segment.style
        for char in segment.text:
            cells.append((char, style and style.color, style and style.bgcolor,
                          bool(style and style.bold), bool(style and style.italic)))
    return cells


async def _stream_both(text: str, theme: str, piece: int = 13, size=(100, 60)):
    app = SideBySide()
    async with app.run_test(size=size) as pilot:
        app.theme = theme
        ours, reference = StreamingMarkdown(), Markdown()
        await app.query_one("#ours").mount(ours)
        await app.query_one("#textual").mount(reference)
        for start in range(0, len(text), piece):
            for widget in (ours, reference):
                await widget.append(text[start:start + piece])
        last = text.strip().splitlines()[-1].strip("-• ")
        # both sides drawn to the end (the last line shows twice on one screen)
        await wait_for(pilot, lambda: _screen_text(app).count(last) == 2)
        await pilot.pause()
        half = size[0] // 2
        lines = app.screen._compositor.render_strips()
        left = [_cells(line.crop(0, half)) for line in lines]
        right = [_cells(line.crop(half, size[0])) for line in lines]
        shapes = [(type(w).__name__, bool(w.children)) for w in ours.query("GrowingBulletList, GrowingOrderedList")]
        return left, right, shapes


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_a_streamed_list_looks_exactly_like_textuals(theme):
    left, right, shapes = await _stream_both(LISTS, theme)
    text = ["".join(cell[0] for cell in line) for line in left]
    assert any("• first item" in line for line in text)
    assert any("10. ten" in line for line in text)
    assert any(line.strip() == "print(1)" for line in text)
    differing = [y for y, (a, b) in enumerate(zip(left, right, strict=True)) if a != b]
    assert differing == [], f"lines differ from Textual's Markdown: {[text[y] for y in differing]}"
    # The simple lists are single widgets (the nested one inside its parent); the one with a
    # code block keeps Textual's rows of widgets.
    assert shapes == [("GrowingBulletList", False), ("GrowingOrderedList", False),
                      ("GrowingBulletList", False), ("GrowingBulletList", True)]


async def test_wrapped_items_hang_beside_their_bullet():
    left, _, _ = await _stream_both("- " + "word " * 30 + "\n- short\n", "textual-dark", size=(60, 20))
    text = ["".join(cell[0] for cell in line).rstrip() for line in left]
    item = [line for line in text if line.strip()]
    assert item[0].lstrip().startswith("• word")
    assert item[1].index("word") == item[0].index("word")  # under the text, not the bullet
    assert item[-1].strip() == "• short"


async def test_a_growing_list_keeps_its_widgets_instead_of_remounting():
    app = SideBySide()
    async with app.run_test(size=(80, 60)) as pilot:
        ours = await _streaming_into(app)
        await ours.append("Steps:\n\n- one")
        await wait_for(pilot, lambda: _items(ours) == ["one"])
        simple = ours.query_one(GrowingBulletList)
        for word, shown in [("\n- two", ["one", "two"]), (" and more", ["one", "two and more"]),
                            ("\n- three", ["one", "two and more", "three"])]:
            await ours.append(word)
            await wait_for(pilot, lambda: _items(ours) == shown)  # noqa: B023 - waited for here
            assert ours.query_one(GrowingBulletList) is simple  # updated, not rebuilt
        assert not simple.children
        assert [row[1] for row in simple._rows] == ["• ", "• ", "• "]

        # A code block inside an item: Textual's rows from then on, still grown in place.
        await ours.append("\n\n  ```\n  x = 1\n  ```\n- four")
        await wait_for(pilot, lambda: len(ours.query_one(GrowingBulletList).children) == 4)
        rows_list = ours.query_one(GrowingBulletList)
        first_row = rows_list.children[0]
        await ours.append("\n- five")
        await wait_for(pilot, lambda: len(ours.query_one(GrowingBulletList).children) == 5)
        assert ours.query_one(GrowingBulletList) is rows_list
        assert rows_list.children[0] is first_row


async def test_a_reply_with_a_list_streams_into_the_chat(chat_env):
    server, _ = chat_env
    reply = "Do this:\n\n1. install it\n2. run `hermes`\n3. chat\n\nDone."
    server.queue(Reply(text=reply, chunk_size=3, chunk_delay=0.002))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "how do I start?")
        await wait_for(pilot, lambda: reply in transcript_texts(app) and not app.agent.view.busy)
        numbered = app.chat.transcript.query_one(GrowingOrderedList)
        assert [row[1] for row in numbered._rows] == [" 1. ", " 2. ", " 3. "]  # as Textual aligns them
        assert [row[2].plain for row in numbered._rows] == ["install it", "run hermes", "chat"]


async def test_the_cycle_collector_skips_start_up_objects_once_the_client_loaded(chat_env):
    from hermes.tui.startup import GC_YOUNG_THRESHOLD

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: app.loader.done.is_set() and gc.get_freeze_count() > 0)
        assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD  # (conftest restores both after)


async def test_a_list_goes_back_to_one_widget_after_a_half_typed_nested_item():
    """"- two\n  -" parses as a heading inside the item for one update (Textual's rows are
    needed then); once the nested item has text the list is simple again and one widget."""
    app = SideBySide()
    async with app.run_test(size=(80, 40)) as pilot:
        ours = await _streaming_into(app)
        for piece in ["- one\n- two\n  -", " nested", "\n- three"]:
            await ours.append(piece)  # each piece is one update, as when streamed slowly
        await wait_for(pilot, lambda: _items(ours)[-1:] == ["three"])
        outer = ours.query_one(GrowingBulletList)
        assert not outer.children
        assert [(indent, bullet.strip(), text.plain) for indent, bullet, text in outer._rows] == [
            (0, "•", "one"), (0, "•", "two"), (2, "▪", "nested"), (0, "•", "three")]


async def test_selecting_all_copies_the_text_of_a_list_drawn_as_one_widget():
    app = SideBySide()
    async with app.run_test(size=(80, 40)) as pilot:
        ours = await _streaming_into(app)
        await ours.append("Steps:\n\n- see the docs\n  - nested `code`\n\n1. one\n2. two\n")
        await wait_for(pilot, lambda: "2. two" in _screen_text(app))
        ours.text_select_all()
        await wait_for(pilot, lambda: "2. two" in (app.screen.get_selected_text() or ""))
        copied = app.screen.get_selected_text() or ""
        for line in ["Steps:", "• see the docs", "  ▪ nested code", "1. one", "2. two"]:
            assert line in copied, copied


async def test_a_mouse_drag_across_a_list_copies_its_text():
    app = SideBySide()
    async with app.run_test(size=(80, 30)) as pilot:
        ours = await _streaming_into(app)
        await ours.append("First paragraph here.\n\n- see the docs\n- two\n\nLast paragraph.\n")
        await wait_for(pilot, lambda: "Last paragraph." in _screen_text(app))
        await pilot.mouse_down(offset=(3, 1))
        await pilot.hover(offset=(10, 7))
        await pilot.mouse_up(offset=(10, 7))
        await wait_for(pilot, lambda: "Last par" in (app.screen.get_selected_text() or ""))
        copied = app.screen.get_selected_text() or ""
        assert "• see the docs\n• two\n" in copied and "Last par" in copied, copied
