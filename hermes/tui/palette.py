"""Slash commands in the command palette (Ctrl+P)."""

from __future__ import annotations

from functools import partial
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from hermes.tui import commands
from hermes.tui.screens.chat import ChatScreen


class SlashCommandProvider(Provider):
    """Offers every slash command; ones that need an argument are typed into the input."""

    def _run(self, command: commands.SlashCommand) -> None:
        chat = next(s for s in self.app.screen_stack if isinstance(s, ChatScreen))
        if command.args == "required" or (command.args == "optional" and command.choices):
            chat.prompt.set_text(f"/{command.name} ")
            chat.prompt.focus()
            return
        chat.post_message(ChatScreen.CommandEntered(f"/{command.name}"))

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
