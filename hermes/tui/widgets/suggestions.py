"""The completion list shown above the input while a slash command or an @path is typed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from hermes.tui import commands


class Suggestions(OptionList, can_focus=False):
    """Completions for the current input line; the input forwards Tab/Up/Down/Enter here."""

    def show_for(self, text: str, extra_choices: dict[str, tuple[str, ...]]) -> bool:
        """Fill the list for `text`; returns True when there is something to show."""
        found = commands.completions(text, extra_choices)
        self.clear_options()
        if not found:
            self.display = False
            return False
        for line in found[:12]:
            name = line[1:].split(" ", 1)[0]
            command = commands.BY_NAME.get(name)
            label = Text(line, style="bold")
            if command and " " not in line:
                args = command.usage.removeprefix("/" + name).strip()
                if len(args) > 30 and command.choices:
                    args = "[" + "|".join(command.choices) + "]"
                label.append(f"  {args}", style="dim")
                label.append(f"  — {command.help}", style="italic")
            self.add_option(Option(label, id=line))
        self.highlighted = 0
        self.display = True
        return True

    def show_paths(self, lines: list[str], partial: str) -> bool:
        """Fill the list with @path completions (full input lines; each shows its path)."""
        self.clear_options()
        if not lines:
            self.display = False
            return False
        for line in lines[:12]:
            path = line.rsplit("@", 1)[-1]
            label = Text("@", style="dim")
            label.append(path, style="bold" if path.lower().startswith(partial.lower()) else "")
            self.add_option(Option(label, id=line))
        self.highlighted = 0
        self.display = True
        return True

    def move(self, step: int) -> None:
        if self.option_count:
            self.highlighted = ((self.highlighted or 0) + step) % self.option_count

    @property
    def chosen(self) -> str | None:
        if self.highlighted is None or not self.option_count:
            return None
        return self.get_option_at_index(self.highlighted).id
