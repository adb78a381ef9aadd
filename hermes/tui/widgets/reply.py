"""A streamed assistant reply rendered as Markdown, split into small widgets when long."""

from __future__ import annotations

from typing import cast

from markdown_it.token import Token
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.markdown import CodeBlock
from rich.markdown import Markdown as RichMarkdown
from rich.syntax import Syntax
from rich.theme import Theme
from textual.color import Color
from textual.widgets import Markdown, Static
from textual.widgets.markdown import MarkdownStream

from hermes.tui.widgets.messages import TranscriptItem
from hermes.tui.widgets.stream_lists import STREAMING_BLOCKS

SEGMENT_CHARS = 1500  # a long reply continues in a new widget after this much text


def _fences(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith(("```", "~~~")))


def split_point(text: str, fragment: str) -> int | None:
    """Where to cut `fragment` so a long reply continues in a fresh widget, or None.

    At the first blank line outside a code fence once the widget holds SEGMENT_CHARS, so each
    Markdown widget stays small and re-laying it out per frame stays cheap.
    """
    if len(text) + len(fragment) < SEGMENT_CHARS or "\n\n" not in fragment:
        return None
    open_fences = _fences(text)
    pos = fragment.find("\n\n")
    while pos != -1:
        cut = pos + 2
        if len(text) + cut >= SEGMENT_CHARS and (open_fences + _fences(fragment[:cut])) % 2 == 0:
            return cut
        pos = fragment.find("\n\n", pos + 1)
    return None


class AssistantMessage(Markdown):
    """A reply rendered as Markdown; while streaming it grows through a MarkdownStream."""

    BLOCKS = {**Markdown.BLOCKS, **STREAMING_BLOCKS}  # lists grow in place

    def __init__(self, item: TranscriptItem) -> None:
        classes = "message assistant-message"
        if item.meta.get("continued"):
            classes += " -continued"
        super().__init__(item.text, classes=classes)
        self.item = item
        self._stream: MarkdownStream | None = None
        self._split = False  # the stream moved on to a fresh widget after this one

    async def write(self, fragment: str) -> str | None:
        """Append streamed text (only the last block is re-parsed).

        Returns None, or after a split the rest of the fragment (maybe ""), which the caller
        continues in a new widget.
        """
        cut = split_point(self.item.text, fragment)
        rest = None
        if cut is not None:
            fragment, rest = fragment[:cut], fragment[cut:]
            self._split = True
        self.item.text += fragment
        if self._stream is None:
            self._stream = Markdown.get_stream(self)
        await self._stream.write(fragment)
        return rest

    async def finish(self, marker: str = "") -> None:
        """Flush the stream; `marker` (e.g. "interrupted") is shown under the text."""
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None
        if self._split and not marker:  # the transcript swaps it for a FinishedSegment
            return
        if marker:
            self.item.meta["marker"] = marker
            self.border_subtitle = marker
            self.add_class("-interrupted")

    def on_mount(self) -> None:
        if marker := self.item.meta.get("marker"):
            self.border_subtitle = marker
            self.add_class("-interrupted")


class _CodeBlock(CodeBlock):
    """A fenced code block on the fence background Textual's Markdown uses."""

    background = "default"

    @classmethod
    def create(cls, markdown: RichMarkdown, token: Token) -> _CodeBlock:
        # rich builds `cls(...)` but annotates the result as its own CodeBlock
        block = cast(_CodeBlock, super().create(markdown, token))
        block.background = getattr(markdown, "fence_background", "default")
        return block

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Syntax(str(self.text).rstrip(), self.lexer_name, theme=self.theme,
                     word_wrap=True, padding=1, background_color=self.background)


class _SegmentMarkdown(RichMarkdown):
    elements = {**RichMarkdown.elements, "fence": _CodeBlock, "code_block": _CodeBlock}

    def __init__(self, text: str, code_theme: str, fence_background: str) -> None:
        super().__init__(text, code_theme=code_theme)
        self.fence_background = fence_background


class _Themed:
    """Renders Markdown with inline code, bullets and code blocks in the app theme's colours."""

    def __init__(self, markdown: RichMarkdown, theme: Theme) -> None:
        self.markdown, self.theme = markdown, theme

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(self.theme):
            yield from console.render(self.markdown, options)


def _rich_theme(variables: dict[str, str], dark: bool) -> tuple[Theme, str]:
    """Styles matching Textual's Markdown widget for the current theme (and the fence colour)."""
    background = Color.parse(variables.get("background", "#000000"))

    def color(name: str, fallback: str) -> Color:
        try:
            return Color.parse(variables.get(name, fallback))
        except Exception:  # noqa: BLE001 - a variable that is not a plain colour
            return Color.parse(fallback)

    if dark:
        code_bg = background.blend(color("warning", "#ffa62b"), 0.10)
        code_fg = color("text-warning", "#ffa62b")
        fence = background.blend(Color(0, 0, 0), 0.10)
    else:
        code_bg = background.blend(color("error", "#ba3c5b"), 0.05)
        code_fg = color("text-error", "#ba3c5b")
        fence = background.blend(Color(255, 255, 255), 0.30)
    bullet = color("text-primary", "#0178d4")
    theme = Theme({
        "markdown.code": f"{code_fg.hex} on {code_bg.hex}",
        "markdown.item.bullet": bullet.hex,
        "markdown.item.number": bullet.hex,
    })
    return theme, fence.hex


class FinishedSegment(Static):
    """A finished segment of a long reply, drawn as ONE widget.

    A Textual Markdown widget is a tree of block widgets (a paragraph, a list, each list
    item...) and every mounted widget is re-arranged on each screen update while a reply
    streams, so once the stream has moved on to a fresh segment the finished one is swapped
    for this: the same Markdown rendered by Rich in the theme's colours, laid out once per
    width (Textual keeps the rendered lines until the width or the theme changes).
    """

    _stream = None  # never streaming (the transcript's pruning asks)

    def __init__(self, item: TranscriptItem) -> None:
        classes = "message assistant-message finished-segment"
        if item.meta.get("continued"):
            classes += " -continued"
        super().__init__(classes=classes)
        self.item = item

    def render(self) -> RenderableType:
        dark = self.app.current_theme.dark
        theme, fence = _rich_theme(self.app.theme_variables, dark)
        code_theme = "monokai" if dark else "default"
        return _Themed(_SegmentMarkdown(self.item.text, code_theme, fence), theme)
