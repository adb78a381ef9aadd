"""Slash commands in the command palette (Ctrl+P)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from hermes.tui import commands

if TYPE_CHECKING:
    from hermes.tui.app import HermesApp


class SlashCommandProvider(Provider):
    """Offers every slash command; ones that need an argument are typed into the input."""

    def _run(self, command: commands.SlashCommand) -> None:
        app: HermesApp = self.app  # type: ignore[assignment]
        if command.args == "required" or (command.args == "optional" and command.choices):
            app.chat.prompt.set_text(f"/{command.name} ")
            app.chat.prompt.focus()
            return
        app.chat.run_worker(app.runner.run_line(f"/{command.name}"))

    async def discover(self) -> Hits:
        for command in commands.COMMANDS:
            yield DiscoveryHit(Content(command.usage), partial(self._run, command), help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query.lstrip("/"))
        for command in commands.COMMANDS:
            score = matcher.match(f"{command.name} {command.help}")
            if score > 0:
                yield Hit(score, matcher.highlight(command.usage), partial(self._run, command),
                          help=command.help)
