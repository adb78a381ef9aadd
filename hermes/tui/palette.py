"""Slash commands and Hermes's themes in the command palette (Ctrl+P)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

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


class ThemeHost(Protocol):
    """The app as the theme list sees it: Hermes's themes, and switching with saving."""

    theme: str

    def theme_names(self) -> list[str]: ...

    def set_theme(self, name: str) -> str: ...


class ThemeChoiceProvider(Provider):
    """The palette's Theme entry: the same themes as /theme, and the choice is saved as /theme
    saves it (Textual's own list would offer its built-in themes and forget the choice)."""

    def _host(self) -> ThemeHost:
        host: ThemeHost = self.app  # type: ignore[assignment]  # HermesApp satisfies ThemeHost
        return host

    def _choices(self) -> list[tuple[str, Callable[[], None]]]:
        host = self._host()
        return [(name, partial(self._choose, name)) for name in host.theme_names()]

    def _choose(self, name: str) -> None:
        line = self._host().set_theme(name)
        self.app.notify(line, title="Theme", timeout=4)

    async def discover(self) -> Hits:
        for name, choose in self._choices():
            yield DiscoveryHit(name, choose)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, choose in self._choices():
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), choose)
