"""The app's door to the project-context admissions (`/project`): the same listing, whole-text
view, admitting and taking back as `hermes project` (hermes/workspace/project_cli.py), with
the advice naming the slash commands.

Everything is imported inside the functions, so the first frame loads nothing new.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes.config import Config
    from hermes.workspace.project_cli import Outcome, Spelling

# the prompt is frozen when the window opens its session: /new keeps the same project context
NEXT_SESSION = ("the next time Hermes starts in this project (the prompt is frozen per session; this "
                "window, /new included, keeps the context it opened with)")


def _spelling() -> Spelling:
    from hermes.workspace.project_cli import Spelling

    return Spelling("/project", "/project", NEXT_SESSION)


def run(cfg: Config, root: Path, args: str) -> Outcome:
    """`/project [show ID | allow ID|all [--yes] | revoke ID]` for the project at `root`."""
    from hermes.workspace import project_cli

    ctx = project_cli.load_context(cfg, root)
    sp = _spelling()
    words = args.split()
    if not words:
        return project_cli.Outcome(True, project_cli.context_text(ctx, sp))
    sub, target = words[0].lower(), words[1]
    if sub == "show":
        return project_cli.show(ctx, target, sp)
    if sub == "allow":
        confirmed = [word.lower() for word in words[2:]] == ["--yes"]
        return project_cli.allow(ctx, target, sp, confirmed)
    return project_cli.revoke_admission(ctx, target, sp)
