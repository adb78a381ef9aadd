"""Textual's private Markdown internals, as markdown_adapter.py reaches them, on the installed Textual.

When one of these fails after a Textual upgrade, the streamed lists (widgets/stream_lists.py)
may draw wrongly or crash mid-reply. What to check is in each failure's message.
"""

from __future__ import annotations

import inspect
from importlib.metadata import version

from textual.app import App, ComposeResult
from textual.widgets import Markdown

from hermes.tui.widgets import markdown_adapter as adapter
from hermes.tui.widgets.markdown_adapter import (
    CHECKED_TEXTUAL,
    MarkdownBlock,
    MarkdownBulletList,
    MarkdownFence,
    MarkdownListItem,
    MarkdownParagraph,
    StreamedUpdate,
    block_text,
    inner_blocks,
    update_from_block,
)

WHAT_TO_CHECK = (
    "Read textual/widgets/_markdown.py of the installed release for: MarkdownBlock._content "
    "(a Content), MarkdownBlock._blocks (inner blocks until composed), "
    "MarkdownBlock._update_from_block(block) (what Markdown.append calls on the last mounted "
    "block), MarkdownBlock._copy_context(block), MarkdownListItem.bullet, MarkdownFence.code and "
    "Markdown.BLOCKS; fix hermes/tui/widgets/markdown_adapter.py, run tests/tui/test_stream_lists.py, "
    "then set CHECKED_TEXTUAL to the new major.minor."
)


def test_the_installed_textual_is_the_release_the_adapter_was_checked_against() -> None:
    installed = version("textual")
    assert installed.split(".")[:2] == CHECKED_TEXTUAL.split("."), (
        f"Textual {installed} is installed; markdown_adapter.py was checked against "
        f"{CHECKED_TEXTUAL}. {WHAT_TO_CHECK}")


def test_the_private_hooks_exist_with_the_arguments_the_adapter_passes() -> None:
    for cls in (MarkdownBlock, MarkdownParagraph, MarkdownFence):
        hook = getattr(cls, "_update_from_block", None)
        assert hook is not None and inspect.iscoroutinefunction(hook), f"{cls.__name__}. {WHAT_TO_CHECK}"
        assert list(inspect.signature(hook).parameters) == ["self", "block"], WHAT_TO_CHECK
    copy = getattr(MarkdownBlock, "_copy_context", None)
    assert copy is not None and list(inspect.signature(copy).parameters) == ["self", "block"], WHAT_TO_CHECK
    assert Markdown.BLOCKS.get("bullet_list_open") is MarkdownBulletList, WHAT_TO_CHECK
    assert Markdown.BLOCKS.get("paragraph_open") is MarkdownParagraph, WHAT_TO_CHECK


def test_only_the_adapter_imports_textual_s_private_markdown_module() -> None:
    from pathlib import Path

    root = Path(adapter.__file__).resolve().parents[2]
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if "textual.widgets._markdown" in p.read_text(encoding="utf-8"))
    assert users == ["tui/widgets/markdown_adapter.py"]


class RecordingList(StreamedUpdate, MarkdownBulletList):
    """Records what each fresh parse the stream hands over holds (read at once: composing the
    block empties its inner blocks), then lets Textual update as usual."""

    seen: list[list[tuple[object, str, list[MarkdownBlock]]]] = []

    async def update_from(self, block: MarkdownBlock) -> bool:
        RecordingList.seen.append([(type(item), getattr(item, "bullet", None), list(inner_blocks(item)))
                                   for item in inner_blocks(block)])
        return False


class RecordingParagraph(StreamedUpdate, MarkdownParagraph):
    seen: list[MarkdownBlock] = []

    async def update_from(self, block: MarkdownBlock) -> bool:
        RecordingParagraph.seen.append(block)
        return False


class Document(Markdown):
    BLOCKS = {**Markdown.BLOCKS, "bullet_list_open": RecordingList, "paragraph_open": RecordingParagraph}


class DocumentApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Document("")


async def test_a_stream_hands_the_last_block_a_fresh_parse_with_its_text_and_items() -> None:
    RecordingList.seen.clear()
    RecordingParagraph.seen.clear()
    app = DocumentApp()
    async with app.run_test() as pilot:
        doc = app.query_one(Document)
        await doc.append("Hello")
        await pilot.pause()
        mounted = doc.query_one(RecordingParagraph)
        await doc.append(" **world**")
        await pilot.pause()
        assert RecordingParagraph.seen, f"the stream no longer calls _update_from_block. {WHAT_TO_CHECK}"
        fresh = RecordingParagraph.seen[-1]
        assert isinstance(fresh, MarkdownParagraph) and block_text(fresh).plain == "Hello world", WHAT_TO_CHECK
        # Textual's paragraph update (what the adapter's update_from_block does for paragraphs)
        # keeps the mounted widget and sets its text: stream_lists relies on that
        assert doc.query_one(RecordingParagraph) is mounted, WHAT_TO_CHECK
        assert block_text(mounted).plain == "Hello world", WHAT_TO_CHECK

        await doc.append("\n\n- one\n")
        await pilot.pause()
        await doc.append("- two `x`\n")
        await pilot.pause()
        assert RecordingList.seen, f"a streamed list is not handed its fresh parse. {WHAT_TO_CHECK}"
        items = RecordingList.seen[-1]
        assert len(items) == 2, WHAT_TO_CHECK
        for kind, bullet, _inner in items:
            assert isinstance(kind, type) and issubclass(kind, MarkdownListItem), WHAT_TO_CHECK
            assert isinstance(bullet, str) and bullet, WHAT_TO_CHECK
        paragraph = items[1][2][0]
        assert isinstance(paragraph, MarkdownParagraph) and block_text(paragraph).plain == "two x", WHAT_TO_CHECK


async def test_a_fence_updates_its_code_in_place() -> None:
    class FenceApp(App[None]):
        def compose(self) -> ComposeResult:
            yield Markdown("```python\nprint(1)\n```")
            yield Markdown("```python\nprint(2)\n```", id="fresh")

    app = FenceApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        mounted = app.query(MarkdownFence).first()
        fresh = app.query_one("#fresh").query_one(MarkdownFence)
        assert mounted.code == "print(1)" and fresh.code == "print(2)", WHAT_TO_CHECK
        await update_from_block(mounted, fresh)
        await pilot.pause()
        assert app.query(MarkdownFence).first() is mounted, WHAT_TO_CHECK
        assert "print(2)" in block_text(mounted).plain, WHAT_TO_CHECK
