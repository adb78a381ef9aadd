"""Who decides whether an edit, a write or a command may run.

Read-only tools never ask. A command runs without asking when it starts with a prefix from
`tools.auto_approve` or one the person allowed for this session, and holds no shell operator
(`pytest -q; rm -rf ~` starts with `pytest` but runs more than pytest). Everything else asks
the session's ToolApprover; without one (e.g. `hermes chat -q` without --yes) it is denied.
"""

from __future__ import annotations

import shlex

from hermes.config import SHELL_CONTROL
from hermes.workspace.approval import Choice, ToolApprovalAnswer, ToolApprovalRequest, ToolApprover

# Commands whose second word names what they do (`git status` vs `git push`): the prefix a
# person allows for the session keeps both words.
SUBCOMMAND_TOOLS = frozenset({"git", "npm", "pnpm", "yarn", "cargo", "go", "uv", "poetry",
                              "make", "docker", "kubectl", "pip", "pip3", "dotnet", "gradle",
                              "mvn", "bundle", "rake", "hatch", "nox", "tox", "just"})

# Programs that run code given to them: a prefix of the bare program would let any code run
# for the rest of the session, so theirs keeps the script (`python3 tools/gen.py`), and code
# given inline (`python3 -c "…"`, `bash -c`, `node -e`) is never offered as a prefix.
INTERPRETERS = frozenset({"python", "node", "nodejs", "deno", "bun", "ruby", "perl", "php", "lua",
                          "bash", "sh", "zsh", "dash", "ksh", "fish", "pwsh", "powershell",
                          "osascript", "rscript", "tclsh"})
# Programs that run the command that follows them: their prefix would allow every command.
WRAPPERS = frozenset({"env", "xargs", "sudo", "doas", "nohup", "time", "nice", "timeout", "exec",
                      "eval", "command", "busybox", "watch", "strace"})

NO_APPROVER = ("Not done: nobody is here to approve changes and commands. In `hermes chat -q` "
               "pass --yes to allow them, or list the command's prefix in tools.auto_approve.")


def has_shell_operator(command: str) -> bool:
    return any(mark in command for mark in SHELL_CONTROL)


def command_prefix(command: str) -> str:
    """What "allow this prefix" remembers: the program, plus its subcommand for tools such as
    git or npm, plus the module for `python -m x`, plus the script for an interpreter. ""
    (nothing to offer) for an interpreter given inline code or no script."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    if not words:
        return ""
    keep = 1
    program = words[0].rsplit("/", 1)[-1]
    if program.startswith("python") and len(words) >= 3 and words[1] == "-m":
        keep = 3
    elif program in WRAPPERS:
        return ""
    elif program.lower().rstrip("0123456789.") in INTERPRETERS or program.startswith("python"):
        # the script names what runs; a flag first (-c, -e, -lc, --eval…) may carry any code
        if len(words) < 2 or words[1].startswith("-"):
            return ""
        keep = 2
    elif program in SUBCOMMAND_TOOLS and len(words) >= 2 and not words[1].startswith("-"):
        keep = 2
    return " ".join(words[:keep])


def matches_prefix(command: str, prefix: str) -> bool:
    """`command` is `prefix` or starts with it followed by a space (word boundary)."""
    normal = " ".join(command.split())
    return normal == prefix or normal.startswith(prefix + " ")


async def approve_everything(request: ToolApprovalRequest) -> ToolApprovalAnswer:
    """The approver for `hermes chat -q --yes`: the person allowed everything up front."""
    return ToolApprovalAnswer(Choice.ALLOW_ONCE)


class ApprovalPolicy:
    """The session's approval decisions (its allowed prefixes live as long as it does)."""

    def __init__(self, auto_approve: list[str]) -> None:
        self.auto_approve = [" ".join(p.split()) for p in auto_approve if p.strip()]
        self.session_prefixes: set[str] = set()

    def preapproved(self, command: str) -> bool:
        """True when the command may run without asking."""
        if has_shell_operator(command):
            return False
        return any(matches_prefix(command, p) for p in [*self.auto_approve, *self.session_prefixes])

    async def decide(self, request: ToolApprovalRequest, approver: ToolApprover | None
                     ) -> ToolApprovalAnswer:
        """Whether the change in `request` may happen, asking `approver` when needed."""
        if request.command is not None and self.preapproved(request.command):
            return ToolApprovalAnswer(Choice.ALLOW_ONCE)
        if approver is None:
            return ToolApprovalAnswer(Choice.DENY, NO_APPROVER)
        answer = await approver(request)
        if answer.choice is Choice.ALLOW_PREFIX and request.prefix:
            self.session_prefixes.add(request.prefix)
        return answer

    def reset(self) -> None:
        """A new session: prefixes allowed for the old one no longer count."""
        self.session_prefixes.clear()
