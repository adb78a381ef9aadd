"""Every use of Textual's private Markdown internals, in one module.

Textual's Markdown re-parses only the last block of a streamed document and hands the fresh
block to the mounted one's `_update_from_block`; each block keeps its parsed text in
`_content` and its inner blocks (a list's items, an item's paragraphs) in `_blocks` until it is
composed. None of this is public API. stream_lists.py builds on it through the names below
and nothing else in Hermes touches it, so a Textual upgrade is checked here:
tests/tui/test_markdown_adapter.py fails, saying what changed, when the installed Textual is
not the version below or an internal is gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets._markdown import (
    MarkdownBlock,
    MarkdownBulletList,
    MarkdownFence,
    MarkdownListItem,
    MarkdownOrderedList,
    MarkdownParagraph,
)

if TYPE_CHECKING:
    from textual.content import Content

__all__ = [
    "CHECKED_TEXTUAL",
    "MarkdownBlock",
    "MarkdownBulletList",
    "MarkdownFence",
    "MarkdownListItem",
    "MarkdownOrderedList",
    "MarkdownParagraph",
    "StreamedUpdate",
    "block_text",
    "copy_context",
    "inner_blocks",
    "update_from_block",
]

# The Textual release (major.minor) whose internals these were read from and tested against.
CHECKED_TEXTUAL = "8.2"


def block_text(block: MarkdownBlock) -> Content:
    """The parsed inline text of a block (a paragraph's words; empty for a container)."""
    return block._content


def inner_blocks(block: MarkdownBlock) -> list[MarkdownBlock]:
    """The blocks inside `block` (a list's items, an item's paragraphs) while it is not yet
    composed; composing moves them into the widget tree and empties this list."""
    return block._blocks


async def update_from_block(widget: MarkdownBlock, block: MarkdownBlock) -> None:
    """Textual's own update of a mounted block to a freshly parsed one (a paragraph or fence
    sets its text in place; other blocks are removed and the new one mounted)."""
    await widget._update_from_block(block)


def copy_context(widget: MarkdownBlock, block: MarkdownBlock) -> None:
    """Take over the parse context (the source token) of a freshly parsed block."""
    widget._copy_context(block)


class StreamedUpdate:
    """Mixin for a block class that updates itself when a stream re-parses it.

    Textual calls `_update_from_block` on the document's last mounted block with the new
    parse; this routes it to `update_from` and falls back to Textual's own update when that
    returns False. List it before the Textual block class among the bases.
    """

    async def update_from(self, block: MarkdownBlock) -> bool:
        """Bring this mounted block up to date with `block` in place; False to let Textual do it."""
        return False

    async def _update_from_block(self, block: MarkdownBlock) -> None:
        if not await self.update_from(block):
            await super()._update_from_block(block)  # type: ignore[misc]  # the Textual block class after this mixin
