"""Markdown lists that stay cheap while a reply streams.

Textual's Markdown re-parses only the last block of a streamed document and hands the
result to that block's `_update_from_block`. Paragraphs and code fences update their text in
place, but a list is removed and mounted again, and Textual builds four widgets per item
(a row, the bullet, a column, the paragraph). While a reply wrote a list, every screen update
rebuilt the whole list; measured, lists made streaming twice as costly per update as plain
text, and mounting was most of it.

So a list whose items hold only paragraphs (and such lists nested in them) is drawn by ONE
widget: the same bullets, numbers, colours and hanging indents, with its text updated in place
like a paragraph. A list with other blocks in its items (a code block, a quote) keeps Textual's
rows, but grows in place too: items that did not change stay, the last item is updated, new
items are mounted after it. Whatever cannot be merged (an earlier item changed, numbers
gained a digit) falls back to rebuilding the list, which is always correct.

The list classes and the block internals used here are Textual's, reached only through
markdown_adapter.py (which a test pins to the installed Textual version).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content
from textual.css.styles import RulesMap
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

from hermes.tui.widgets.markdown_adapter import (
    MarkdownBlock,
    MarkdownBulletList,
    MarkdownFence,
    MarkdownListItem,
    MarkdownOrderedList,
    MarkdownParagraph,
    StreamedUpdate,
    block_text,
    copy_context,
    inner_blocks,
    update_from_block,
)

# What a block shows: its kind, text, bullet, code, and the same for the blocks inside it
Signature = tuple[str, str, str | None, str | None, tuple["Signature", ...]]
Row = tuple[int, str, Content]  # indent, bullet ("" for a further paragraph), text
Numbering = tuple[str | int | None, ...]  # what the earlier bullets of a list depend on


def signature(block: MarkdownBlock) -> Signature:
    """What a block shows: its kind, text and bullet, and the same for the blocks inside it."""
    return (
        type(block).__name__,
        block_text(block).plain,
        block.bullet if isinstance(block, MarkdownListItem) else None,
        block.code if isinstance(block, MarkdownFence) else None,
        tuple(signature(inner) for inner in inner_blocks(block)),
    )


def _items(blocks: Iterable[MarkdownBlock]) -> list[MarkdownListItem]:
    return [block for block in blocks if isinstance(block, MarkdownListItem)]


# ------------------------------------------------------------------ one widget per list


class ListVisual(Visual):
    """List rows with hanging indents: each text wraps beside its bullet, not under it."""

    def __init__(self, rows: list[Row], bullet_style: Style) -> None:
        self.rows = rows
        self.bullet_style = bullet_style

    @staticmethod
    def _text_width(width: int, indent: int, bullet: str) -> int:
        return max(1, width - indent - cell_len(bullet))

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        options = replace(options, selection=None, selection_style=None)
        strips: list[Strip] = []
        for indent, bullet, text in self.rows:
            lead = indent + cell_len(bullet)
            lines = text.render_strips(self._text_width(width, indent, bullet), None, style, options)
            # The bullet column is coloured like the bullet all the way down, as Textual's is.
            first = under = None
            if lead:
                first = self._lead(" " * indent + bullet, lead, style, options)
                under = self._lead(" " * lead, lead, style, options)
            for index, line in enumerate(lines or [Strip.blank(0)]):
                strips.append(Strip.join([first if index == 0 else under, line]))
        return strips if height is None else strips[:height]

    def _lead(self, text: str, width: int, style: Style, options: RenderOptions) -> Strip:
        return Content.styled(text, self.bullet_style).render_strips(width, None, style, options)[0]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max((indent + cell_len(bullet) + text.get_optimal_width(rules, container_width)
                    for indent, bullet, text in self.rows), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return sum(max(1, text.get_height(rules, self._text_width(width, indent, bullet)))
                   for indent, bullet, text in self.rows)


def flat_rows(block: MarkdownBlock, indent: int = 0) -> list[Row] | None:
    """The rows of a list drawn as one widget, or None if an item holds anything but
    paragraphs and such lists."""
    items = _items(inner_blocks(block))
    symbols = block.symbols(items) if isinstance(block, _GrowingList) else None
    if symbols is None:
        return None
    rows: list[Row] = []
    for item, symbol in zip(items, symbols, strict=True):
        inner = list(inner_blocks(item))
        if not inner:  # Textual gives an empty item no height (a streamed "- " shows nothing)
            continue
        text_indent = indent + cell_len(symbol)
        for position, part in enumerate(inner):
            if type(part) is MarkdownParagraph:
                rows.append((indent, symbol, block_text(part)) if position == 0
                            else (text_indent, "", block_text(part)))
            elif position > 0 and (nested := flat_rows(part, text_indent)) is not None:
                rows.extend(nested)
            else:
                return None
    return rows


# ------------------------------------------------------------------ Textual's rows, merged


async def _update_in_place(widget: Widget, block: MarkdownBlock) -> bool:
    """Make a mounted block show a freshly parsed one of the same kind; False if it cannot."""
    if type(widget) is not type(block):
        return False
    if isinstance(widget, (MarkdownParagraph, MarkdownFence)):
        await update_from_block(widget, block)  # both set their text without remounting
        return True
    if isinstance(widget, _GrowingList):
        return await widget.update_from(block)
    return False


async def merge_blocks(container: Widget, old: list[Signature], blocks: list[MarkdownBlock]) -> bool:
    """Bring `container`'s children (showing `old`) up to date with `blocks`, keeping what is
    unchanged. Returns False, having changed nothing, when only a rebuild would be right."""
    new = [signature(block) for block in blocks]
    children = list(container.children)
    keep = max(0, len(old) - 1)  # everything before the last old block must be unchanged
    if len(children) != len(old) or len(new) < len(old) or new[:keep] != old[:keep]:
        return False
    if old and new[keep] != old[keep]:
        last = children[keep]
        if not await _update_in_place(last, blocks[keep]):
            await container.mount(blocks[keep], after=last)
            await last.remove()
    if len(blocks) > len(old):
        await container.mount_all(blocks[len(old):])
    return True


class _GrowingList(StreamedUpdate):
    """Mixin for Textual's list blocks: one widget when the items are simple, else Textual's
    rows (bullet, column of blocks) merged in place.

    A plain class, listed first: Textual takes a widget's CSS from the first widget class
    among its bases, so the list keeps Textual's list styles.
    """

    children: Sequence[Widget]
    _rows: list[Row] | None = None  # set while drawn as one widget
    _item_signatures: list[Signature] | None = None  # set while drawn as Textual's rows
    _numbering: Numbering | None = None

    def symbols(self, items: list[MarkdownListItem]) -> list[str]:
        """Each item's bullet as Textual draws it."""
        return [item.bullet for item in items]

    def numbering(self, items: list[MarkdownListItem]) -> Numbering:
        """What the earlier rows' bullets depend on (a change means rebuilding the list)."""
        return tuple(item.bullet for item in items[:1])

    def compose(self) -> ComposeResult:
        self._rows = flat_rows(self)  # type: ignore[arg-type]
        if self._rows is not None:
            inner_blocks(self).clear()  # type: ignore[arg-type]
            return
        items = _items(inner_blocks(self))  # type: ignore[arg-type]
        self._item_signatures = [signature(item) for item in items]
        self._numbering = self.numbering(items)
        yield from super().compose()  # type: ignore[misc]

    def render(self):  # type: ignore[no-untyped-def]
        if self._rows is None:
            return super().render()  # type: ignore[misc]
        return ListVisual(self._rows, self.get_visual_style("growing-list--bullet"))  # type: ignore[attr-defined]

    async def update_from(self, block: MarkdownBlock) -> bool:
        """Grow this mounted list into the freshly parsed `block`; False if only a rebuild works."""
        old = self._item_signatures
        if (old is None and self._rows is None) or type(block) is not type(self):  # type: ignore[comparison-overlap]
            return False  # not composed yet
        flat = flat_rows(block)
        if (flat is None) != (self._rows is None):
            # Between one widget and rows (an item gained a code block, or a half-typed nested
            # item parsed as a heading for one update and then became a list): rebuild, so a
            # list never stays on the costly rows once it is simple again.
            return False
        if flat is not None:
            self._rows = flat
            copy_context(self, block)
            self.refresh(layout=True)
            return True
        assert old is not None  # drawn as rows (not one widget), so compose() recorded them
        items = _items(inner_blocks(block))
        new = [signature(item) for item in items]
        mounted = list(self.children)
        keep = max(0, len(old) - 1)
        if (len(mounted) != len(old) or len(new) < len(old) or new[:keep] != old[:keep]
                or self.numbering(items) != self._numbering):
            return False
        inner = [list(inner_blocks(item)) for item in items]  # the rows below take these over
        rows = list(block.compose())  # Textual's own rows, with bullets numbered and aligned
        if old and new[keep] != old[keep]:
            last_row = mounted[keep]
            column = last_row.children[-1]
            if not await merge_blocks(column, list(old[keep][-1]), inner[keep]):
                await self.mount(rows[keep], after=last_row)
                await last_row.remove()
        if len(rows) > len(old):
            await self.mount_all(rows[len(old):])
        self._item_signatures = new
        copy_context(self, block)
        return True

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The list's text for copying (Textual only extracts text from plain text widgets)."""
        if self._rows is None:
            selected: tuple[str, str] | None = super().get_selection(selection)  # type: ignore[misc]
            return selected
        text = "\n".join(" " * indent + (bullet.strip() + " " if bullet else "") + body.plain
                         for indent, bullet, body in self._rows)
        return selection.extract(text), "\n"


def _bullet_css(name: str) -> str:
    """The bullet colours of Textual's MarkdownBullet, for lists drawn as one widget."""
    return f"""
    {name} > .growing-list--bullet {{ color: $text-primary; }}
    {name}:light > .growing-list--bullet {{ color: $text-secondary; }}
    """


class GrowingBulletList(_GrowingList, MarkdownBulletList):
    """A bullet list that grows in place while streaming."""

    COMPONENT_CLASSES = {"growing-list--bullet"}
    DEFAULT_CSS = _bullet_css("GrowingBulletList")


class GrowingOrderedList(_GrowingList, MarkdownOrderedList):
    """A numbered list that grows in place while streaming."""

    COMPONENT_CLASSES = {"growing-list--bullet"}
    DEFAULT_CSS = _bullet_css("GrowingOrderedList")

    def symbols(self, items: list[MarkdownListItem]) -> list[str]:
        # As Textual numbers them: from the first item's number, right-aligned to the widest.
        start = int(items[0].bullet) if items and items[0].bullet.isdigit() else 1
        labels = [f"{number}. " for number in range(start, start + len(items))]
        width = max((len(label) for label in labels), default=0) + 1
        return [label.rjust(width) for label in labels]

    def numbering(self, items: list[MarkdownListItem]) -> Numbering:
        symbols = self.symbols(items)
        return symbols[0] if symbols else None, len(symbols[-1]) if symbols else 0


STREAMING_BLOCKS = {
    "bullet_list_open": GrowingBulletList,
    "ordered_list_open": GrowingOrderedList,
}
