"""An answer that /retry replaced: one collapsed line that opens on Enter or a click."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Collapsible, Static

from hermes.tui.widgets.messages import TranscriptItem

FOLDED_TITLE = "earlier answer (replaced)"


class FoldedAnswer(Collapsible):
    """The replaced answer's text (and tool lines) under a collapsed title; never sent again."""

    def __init__(self, item: TranscriptItem) -> None:
        # Text(), not markup: the answer is the model's words, shown verbatim
        super().__init__(Static(Text(item.text), classes="folded-text"), title=FOLDED_TITLE,
                         collapsed=True, collapsed_symbol="▸", expanded_symbol="▾",
                         classes="folded-answer")
        self.item = item
