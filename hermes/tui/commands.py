"""The slash-command registry: names, usage, argument checks and completion.

Pure functions and data only (no Textual), so the input box, the command palette and the
tests share one definition. Running a command is `tui/command_runner.py`'s job.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class SlashCommand:
    name: str  # without the slash
    usage: str  # e.g. "/title [NAME]"
    help: str  # one line
    args: str = "none"  # "none" | "optional" | "required"
    choices: tuple[str, ...] = ()  # first-word completions (subcommands, theme names…)


@dataclass(frozen=True)
class Invocation:
    name: str
    args: str  # the rest of the line, stripped


class CommandError(ValueError):
    """Bad slash input; the message is the one-line hint shown to the person."""


MEMORY_SUBCOMMANDS = ("pending", "approve", "reject", "approval", "history", "undo", "forget",
                      "refresh")

SKILLS_SUBCOMMANDS = ("view", "edit", "rm")

PROJECT_SUBCOMMANDS = ("show", "allow", "revoke")

COMMANDS: tuple[SlashCommand, ...] = (
    SlashCommand("help", "/help", "list the commands and keys"),
    SlashCommand("new", "/new [NAME]", "start a new session, optionally named", "optional"),
    SlashCommand("title", "/title [NAME]", "name this session (no name: show it)", "optional"),
    SlashCommand("resume", "/resume [NAME]", "resume a session by name or id (no name: picker)",
                 "optional"),
    SlashCommand("sessions", "/sessions", "browse past sessions"),
    SlashCommand("search", "/search QUERY", "search past sessions", "required"),
    SlashCommand("memory",
                 "/memory [pending|approve ID|all|reject ID|all|approval on|off|history|undo"
                 "|forget ID|refresh]",
                 "memory viewer, approvals, history; forget a user-model conclusion; refresh: "
                 "continue with the current memory", "optional",
                 MEMORY_SUBCOMMANDS),
    SlashCommand("skills", "/skills [view|edit|rm NAME]",
                 "list skills; view one, edit it in $EDITOR or remove it", "optional",
                 SKILLS_SUBCOMMANDS),
    SlashCommand("project", "/project [show ID|all|allow ID|all [--yes]|revoke ID]",
                 "AGENTS.md/CLAUDE.md paragraphs held back or left out, with ids; read them whole, "
                 "admit one or all held-back ones, or take one back (from the next session)", "optional",
                 PROJECT_SUBCOMMANDS),
    SlashCommand("skill", "/skill NAME", "ask the agent to use a skill by its name", "required"),
    SlashCommand("model", "/model [NAME]", "show or switch the model (litellm name)", "optional"),
    SlashCommand("setup", "/setup", "choose the provider, model and key again (saved in config)"),
    SlashCommand("theme", "/theme [NAME]", "show or switch the theme (saved in config)", "optional"),
    SlashCommand("compress", "/compress", "summarise older turns into a continuation session"),
    SlashCommand("retry", "/retry", "ask again for the last message (replaces the last answer)"),
    SlashCommand("undo", "/undo", "revert the agent's last file edit or write (the model is told)"),
    SlashCommand("diff", "/diff", "the files the agent changed this session, as one diff"),
    SlashCommand("accept-edits", "/accept-edits [on|off]",
                 "edits and writes run without asking (commands still ask); no argument: toggle",
                 "optional", ("on", "off")),
    SlashCommand("usage", "/usage", "tokens, cost and context use of this session"),
    SlashCommand("clear", "/clear", "clear the screen (the session is kept)"),
    SlashCommand("quit", "/quit", "leave Hermes"),
)

BY_NAME = {c.name: c for c in COMMANDS}


def is_command(text: str) -> bool:
    """True for input meant as a slash command ("/x", not "//x" or a path like "/usr/bin")."""
    stripped = text.strip()
    if not stripped.startswith("/") or stripped.startswith("//"):
        return False
    head = stripped[1:].split(maxsplit=1)[0] if len(stripped) > 1 else ""
    return "/" not in head


def parse(text: str) -> Invocation:
    """Split and check a slash line; raise CommandError with a one-line hint when it is wrong."""
    stripped = text.strip()
    head, _, rest = stripped[1:].partition(" ")
    name = head.lower()
    args = " ".join(rest.split()) if "\n" not in rest else rest.strip()
    command = BY_NAME.get(name)
    if command is None:
        close = difflib.get_close_matches(name, list(BY_NAME), n=1, cutoff=0.75) if name else []
        hint = f" Did you mean /{close[0]}?" if close else ""
        raise CommandError(f"Unknown command /{head}.{hint} Type /help for the list.")
    if command.args == "none" and args:
        raise CommandError(f"/{name} takes no arguments. Usage: {command.usage}")
    if command.args == "required" and not args:
        raise CommandError(f"/{name} needs an argument. Usage: {command.usage}")
    if name == "memory" and args:
        _check_memory_args(args)
    if name == "project" and args:
        _check_project_args(args)
    # the first word picks a subcommand or a theme; what follows it (a skill's name) is free
    if command.choices and name != "memory" and args and args.split()[0].lower() not in command.choices:
        raise CommandError(f"Usage: {command.usage}")
    return Invocation(name, args)


def _check_memory_args(args: str) -> None:
    words = args.split()
    sub = words[0].lower()
    usage = BY_NAME["memory"].usage
    if sub not in MEMORY_SUBCOMMANDS:
        raise CommandError(f"Unknown /memory action '{words[0]}'. Usage: {usage}")
    if sub in ("approve", "reject") and len(words) != 2:
        raise CommandError(f"/memory {sub} needs one pending id or 'all', e.g. /memory {sub} all")
    if sub == "approval" and (len(words) != 2 or words[1].lower() not in ("on", "off")):
        raise CommandError("Usage: /memory approval on|off")
    if sub == "forget" and len(words) != 2:
        raise CommandError("/memory forget needs one conclusion id (the #N that /memory shows), "
                           "e.g. /memory forget 42")
    if sub in ("pending", "history", "undo", "refresh") and len(words) > 1:
        raise CommandError(f"/memory {sub} takes no arguments.")


def _check_project_args(args: str) -> None:
    words = args.split()
    sub = words[0].lower()
    if sub not in PROJECT_SUBCOMMANDS:
        raise CommandError(f"Unknown /project action '{words[0]}'. Usage: {BY_NAME['project'].usage}")
    if sub == "allow" and len(words) == 3 and words[1].lower() == "all" and words[2].lower() == "--yes":
        return  # admit even the paragraphs held back for what they ask
    if len(words) != 2:
        what = "an id" if sub == "revoke" else "an id or 'all'"
        raise CommandError(f"/project {sub} needs {what} (/project lists the ids), e.g. /project {sub} "
                           f"{'ID' if sub == 'revoke' else 'all'}")
    if sub == "revoke" and words[1].lower() == "all":
        raise CommandError("/project revoke takes one id at a time (/project lists the ids).")


def completions(text: str, extra_choices: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """Full-line completions for what is typed so far (empty when it is not a command prefix).

    `extra_choices` supplies run-time argument choices, e.g. {"theme": ("hermes-dark", …)}.
    """
    if not text.startswith("/") or "\n" in text:
        return []
    body = text[1:]
    if " " not in body:
        prefix = body.lower()
        return [f"/{c.name}" for c in COMMANDS if c.name.startswith(prefix)]
    name, _, rest = body.partition(" ")
    command = BY_NAME.get(name.lower())
    if command is None:
        return []
    choices = command.choices or (extra_choices or {}).get(command.name, ())
    if command.name == "resume":  # session names may hold spaces: match the whole rest
        typed = " ".join(rest.split()).lower()
        return [f"/resume {c}" for c in choices if c.lower().startswith(typed) and c.lower() != typed]
    if " " in rest.strip() or not choices:
        return _second_word(command.name, rest) if command.name in _SECOND_WORDS else []
    word = rest.strip().lower()
    return [f"/{command.name} {c}" for c in choices if c.lower().startswith(word) and c.lower() != word]


_SECOND_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "memory": {"approve": ("all",), "reject": ("all",), "approval": ("on", "off")},
    "project": {"show": ("all",), "allow": ("all",)},
}


def _second_word(name: str, rest: str) -> list[str]:
    sub, _, word = rest.strip().partition(" ")
    options = _SECOND_WORDS[name].get(sub, ())
    return [f"/{name} {sub} {o}" for o in options if o.startswith(word.strip()) and o != word.strip()]


def help_lines() -> list[str]:
    """`usage — help` for every command, aligned."""
    width = max(len(c.usage) for c in COMMANDS if len(c.usage) < 30)
    return [
        f"{c.usage:<{width}}  {c.help}" if len(c.usage) < 30 else f"{c.usage}\n{'':<{width}}  {c.help}"
        for c in COMMANDS
    ]
