"""Runs slash commands: each handler calls the agent, memory or sessions layer and shows a line."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from hermes.tui import commands, memory_bridge, quick_add, skills_bridge
from hermes.tui.approvals.memory_notices import OPEN_KEY_LABEL

if TYPE_CHECKING:
    from hermes.agent.session import AgentSession
    from hermes.tui.command_host import CommandHost

log = logging.getLogger("hermes.tui")

KEYS_HELP = (
    "Keys: Enter send (queued while a reply runs) · Ctrl+J newline · Up/Down earlier prompts · "
    "Tab complete · Esc take back a queued message, else cancel the reply · Ctrl+C cancel the "
    "reply (twice when idle: quit) · PgUp/PgDn scroll · Ctrl+Home/Ctrl+End top/bottom (Home/End "
    f"when the input is empty) · {OPEN_KEY_LABEL} approvals (tool requests, then memory writes) · Ctrl+G "
    "expand a collapsed paste · Ctrl+P command palette · "
    "Ctrl+Q quit"
)
FOCUS_HELP = (
    "Tool rows: Tab/Shift+Tab from an empty input moves to the transcript's tool rows, Enter "
    "shows or hides a row's diff or output; Esc (or just typing) brings you back to the input."
)
INPUT_HELP = (
    "In the input: @path attaches a project file (Tab completes the path) · !command runs a "
    "shell command for you and offers its output to the model with your next message · "
    + quick_add.HELP + "."
)


UNDO_NOTE = ("The user ran /undo since your last reply. {line} An earlier tool result that "
             "reported this change as done no longer holds; read the file again before relying on it.")


class CommandRunner:
    def __init__(self, app: CommandHost) -> None:
        self.app = app

    async def say(self, text: str, kind: str = "info") -> None:
        await self.app.chat.add_line(kind, text)

    async def run_line(self, line: str) -> None:
        """Parse and run one slash line; bad input becomes a one-line hint."""
        try:
            invocation = commands.parse(line)
        except commands.CommandError as exc:
            await self.say(str(exc), "error")
            return
        handler = getattr(self, f"cmd_{invocation.name.replace('-', '_')}")
        try:
            await handler(invocation.args)
        except memory_bridge.MemoryActionError as exc:
            await self.say(str(exc), "error")
        except Exception as exc:  # the edge: one line for the person, the trace in the log
            log.exception("/%s failed", invocation.name)
            why = " ".join(str(exc).split()) or "an unexpected error"
            await self.say(f"/{invocation.name} failed: {why}. Details are in $HERMES_HOME/logs/hermes.log.",
                           "error")

    # ------------------------------------------------------------ general

    async def cmd_help(self, args: str) -> None:
        await self.say("\n".join(["Commands:", *commands.help_lines(), "", KEYS_HELP, "",
                                   FOCUS_HELP, INPUT_HELP]))

    async def cmd_quit(self, args: str) -> None:
        await self.app.action_quit()

    async def cmd_clear(self, args: str) -> None:
        await self.app.chat.transcript.clear()

    async def cmd_theme(self, args: str) -> None:
        if not args:
            names = ", ".join(self.app.theme_names())
            await self.say(f"Theme: {self.app.theme}. Available: {names}. Switch with /theme NAME")
            return
        line = self.app.set_theme(args)
        await self.say(line, "error" if line.startswith(("Unknown", "Theme file")) else "info")

    async def cmd_usage(self, args: str) -> None:
        agent = self.app.agent
        info = self.app.chat.status_info
        if agent is None:
            await self.say("No session is open.", "error")
            return
        totals = agent.view.totals
        ctx = (f"{info.context_tokens:,}/{info.context_window:,} tokens of context"
               if info.context_window else "context size not known yet")
        await self.say(
            f"This session: {totals.input_tokens:,} input, {totals.output_tokens:,} output, "
            f"{totals.cache_tokens:,} cached tokens · ${totals.cost:.4f} · {totals.turns} "
            f"turn{'' if totals.turns == 1 else 's'} · {ctx}"
        )

    # ------------------------------------------------------------ agent

    def _agent_or_none(self) -> AgentSession | None:
        return self.app.agent

    async def cmd_model(self, args: str) -> None:
        agent = self._agent_or_none()
        if not args:
            current = agent.view.model if agent else self.app.cfg.model.name or "none"
            await self.say(f"Model: {current}. Switch with /model NAME (a litellm model name)")
            return
        if agent is None:
            await self.say("No session is open to switch the model of.", "error")
            return
        import asyncio
        import contextlib

        from hermes.tui.model_check import model_problem

        # litellm's background import, awaited (the UI stays live); unchecked if it never ends
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.app.loader.wait(), 60)
        if problem := model_problem(args):
            current = agent.view.model or "none"
            await self.say(f"{problem} Still on {current}.", "error")
            return
        agent.set_model(args)
        self.app.chat.update_status(model=args)
        await self.say(f"Model: {args} (for this session; set model.name in config.yaml to keep it)")

    async def cmd_setup(self, args: str) -> None:
        """Reopen the setup pane; a saved choice reopens the session on the new model."""
        from hermes import config as config_mod
        from hermes.tui.screens.setup import SetupScreen

        saved = await self.app.push_screen_wait(SetupScreen(self.app.cfg, reason=""))
        if not saved:
            await self.say("Setup closed; nothing changed.")
            return
        self.app.cfg = config_mod.load_config()
        session_id = self.app.session_id()
        if session_id:  # the same conversation, now on the new model and endpoint
            await self.app.open_agent(resume=session_id)
        else:
            await self.app.open_agent()
        await self.say(f"Model: {self.app.cfg.model.name} (saved in config.yaml)")

    async def cmd_retry(self, args: str) -> None:
        if self.app.agent is None:
            await self.say("Nothing to retry: no session is open.", "error")
            return
        self.app.send_message("", retry=True)

    async def cmd_undo(self, args: str) -> None:
        """Revert the agent's last file edit or write (the agent says what it did, or why not)."""
        agent = self._agent_or_none()
        if agent is None:
            await self.say("Nothing to undo: no session is open.", "error")
            return
        if self.app.turn_running():
            await self.say("The agent is still working; /undo once the reply has ended (Esc stops it).",
                           "error")
            return
        line = agent.undo_last_edit()
        await self.say(f"↶ {line}")
        if line.startswith("Undone:"):  # the model's earlier tool result no longer holds
            from hermes.tui.input_sources import Source

            self.app.chat.add_source(Source("note", "/undo", UNDO_NOTE.format(line=line)))

    async def cmd_diff(self, args: str) -> None:
        """The session's file changes as one unified diff, in a pane."""
        agent = self._agent_or_none()
        diff = agent.coding.changes_diff() if agent is not None else ""
        if not diff:
            await self.say("No changes to show: the agent has not changed a file in this session "
                           "(or every change is undone).")
            return
        from hermes.tui.screens.diff_pane import DiffScreen, diff_summary

        await self.say(f"Changes this session: {diff_summary(diff)}")
        await self.app.push_screen_wait(DiffScreen(diff))

    async def cmd_accept_edits(self, args: str) -> None:
        """/accept-edits on|off (no argument: toggle): edits and writes run without asking."""
        approvals = self.app.tool_approvals
        on = (not approvals.accept_edits) if not args else args.lower() == "on"
        approvals.accept_edits = on
        self.app.chat.update_status(accept_edits=on)
        if on:
            await self.say("✎ Accept edits: on. The agent's edits and writes run without asking "
                           "for the rest of this run (commands still ask); /undo and /diff cover "
                           "them. /accept-edits off to ask again.")
        else:
            await self.say("Accept edits: off. Each edit and write asks again.")

    async def cmd_compress(self, args: str) -> None:
        agent = self._agent_or_none()
        if agent is None or not agent.view.session_id:
            await self.say("Nothing to compress yet.", "error")
            return
        chat = self.app.chat
        shown = len(chat.transcript.items)
        chat.busy = "compressing…"
        try:
            child = await agent.compress()
        finally:
            chat.busy = ""
        # The agent's own notice says how it went ("Conversation compressed: …" or "Compression
        # failed: …"); a second line would repeat it. Let its events render first, then speak
        # only when it said nothing.
        await self._events_shown()
        if child is None and not any(i.kind in ("notice", "info") and "ompress" in i.text
                                     for i in chat.transcript.items[shown:]):
            await self.say("Nothing to compress yet: there is no earlier turn to summarise.")

    async def _events_shown(self) -> None:
        """Wait until the chat screen has handled every agent event posted so far (its queue
        keeps their order, so a callback queued now runs after them)."""
        import asyncio

        done = asyncio.Event()
        self.app.chat.call_later(done.set)
        await done.wait()

    async def cmd_new(self, args: str) -> None:
        agent = self._agent_or_none()
        if agent is None:
            await self.say("No session is open.", "error")
            return
        try:
            await agent.new_session(title=args or None)
        except Exception as exc:  # noqa: BLE001 - a name held by another session: its own one-line message
            await self.say(f"Cannot start the new session: {exc}", "error")
            return
        await self.app.chat.transcript.clear()
        self.app.chat.update_status(title=args, input_tokens=0, output_tokens=0, context_tokens=0,
                                    cost=0.0)
        await self.say(f"New session{f' {args!r}' if args else ''}.")

    # ------------------------------------------------------------ sessions

    async def cmd_title(self, args: str) -> None:
        agent = self._agent_or_none()
        if not args:
            title = agent.view.title if agent else None
            await self.say(f"Title: {title}" if title else "This session has no title yet. /title NAME")
            return
        if agent is None or not agent.view.session_id:
            self.app.pending_title = args
            await self.say(f"The session will be named {args!r} when it starts (with your first message).")
            return
        await self.apply_title(args)

    async def apply_title(self, name: str) -> None:
        from hermes.agent.opening import OpenError
        from hermes.sessions import SessionError

        agent = self.app.agent
        if agent is None or not agent.view.session_id:
            return
        try:
            # through the agent, so its title and "no model title any more" stay in step
            title = agent.rename(name)
        except (SessionError, OpenError) as exc:
            await self.say(f"Cannot name the session: {exc}", "error")
            return
        self.app.chat.update_status(title=title)
        await self.say(f"Session named {title!r}. Resume it later with: hermes --resume \"{title}\"")

    async def cmd_resume(self, args: str) -> None:
        if not args:
            await self.cmd_sessions("")
            return
        await self.resume(args)

    async def resume(self, target: str) -> None:
        resumed = await self.app.open_agent(resume=target)
        if resumed and self.app.agent is not None and self.app.agent.view.session_id:
            name = self.app.agent.view.title or self.app.agent.view.session_id
            await self.say(f"Resumed {name}.")

    async def cmd_sessions(self, args: str) -> None:
        from hermes.tui import sessions_bridge
        from hermes.tui.screens.session_picker import SessionPickerScreen

        try:
            rows = sessions_bridge.recent_sessions(exclude=self.app.session_id())
        except sessions_bridge.SessionsUnavailable as exc:
            await self.say(str(exc), "error")
            return
        if not rows:
            await self.say("No earlier sessions yet.")
            return
        chosen = await self.app.push_screen_wait(SessionPickerScreen(rows))
        if chosen:
            await self.resume(chosen)

    async def cmd_search(self, args: str) -> None:
        from hermes.tui import sessions_bridge

        try:
            hits = sessions_bridge.search(args)  # this session too, as `hermes sessions search` does
        except sessions_bridge.SessionsUnavailable as exc:
            await self.say(str(exc), "error")
            return
        if not hits:
            await self.say(f"No sessions match {args!r}.")
            return
        from hermes.tui.widgets.messages import TranscriptItem

        lines = [f"Sessions matching {_unmarked(args)!r} (open one with /resume NAME|ID):"]
        lines += [f"  {_unmarked(h.title or '—')} · {h.when} · {h.session_id}\n    {h.snippet}"
                  for h in hits]
        # the snippets mark matches as **word**: shown bold, as `hermes sessions search` does
        await self.app.chat.transcript.add(TranscriptItem("info", "\n".join(lines), {"marks": "bold"}))

    # ------------------------------------------------------------ memory

    async def _refresh_memory(self) -> None:
        """/memory refresh: continue in a continuation session frozen on the current memory."""
        from hermes.agent.opening import OpenError

        agent = self._agent_or_none()
        if agent is None or not agent.view.session_id:
            await self.say("No session has started yet: your first message uses the current memory.")
            return
        if not agent.memory_outdated():
            await self.say("Memory has not changed since this session started; nothing to refresh.")
            return
        try:
            child = await agent.refresh_memory()
        except OpenError as exc:
            await self.say(f"Cannot refresh the memory: {exc}", "error")
            return
        if child is None:
            await self.say("No session has started yet: your first message uses the current memory.")
            return
        await self.say(f"💾 Continuing in {agent.view.title or child} with the current memory; the earlier "
                       f"session keeps the memory it started with.")

    async def cmd_memory(self, args: str) -> None:
        words = args.split()
        if not words:
            from hermes.tui.session_loading import frozen_snapshot
            from hermes.tui.screens.memory_viewer import MemoryViewerScreen

            agent = self.app.agent
            snapshot = frozen_snapshot(agent.view if agent is not None else None)
            provider = agent.provider if agent is not None else None  # one client, not a second
            await self.app.push_screen_wait(MemoryViewerScreen(self.app.cfg, snapshot, provider))
            self.app.refresh_memory_status()
            return
        sub = words[0].lower()
        if sub == "pending":
            if not memory_bridge.pending_views(self.app.cfg):
                await self.say("No memory writes or skills are waiting for approval.")
                return
            self.app.open_approvals()
            return
        if sub == "approve" and words[1].lower() == "all" and memory_bridge.flagged_pending(
                self.app.cfg):
            # ask again: the pane's "approve all" asks a second time for the flagged writes
            self.app.open_approvals()
            await self.say("Some pending writes were flagged by the security scan: nothing was "
                           "approved. Review them in the pane (A approves all after asking "
                           "twice), or approve them one by one.")
            return
        if sub in ("approve", "reject"):
            decisions = memory_bridge.decide(self.app.cfg, sub, words[1])
            self.app.chat.approval_notices.apply(decisions)
            await self.say("\n".join(d.message for d in decisions))
        elif sub == "approval":
            await self.say(memory_bridge.set_write_approval(self.app.cfg, words[1].lower() == "on"))
        elif sub == "refresh":
            await self._refresh_memory()
        elif sub == "history":
            await self.say(memory_bridge.history_text(self.app.cfg))
        elif sub == "undo":
            ok, line = memory_bridge.undo(self.app.cfg, self.app.session_id())
            await self.say(line, "info" if ok else "error")
        elif sub == "forget":
            agent = self.app.agent
            ok, line = await memory_bridge.forget_conclusion(
                self.app.cfg, words[1], provider=agent.provider if agent is not None else None)
            await self.say(line, "info" if ok else "error")
        self.app.refresh_memory_status()

    # ------------------------------------------------------------ project context

    async def cmd_project(self, args: str) -> None:
        """/project [show ID|all | allow ID|all | revoke ID]: the context files' held-back and
        left-out paragraphs, read whole, admitted or taken back (they count from the next session)."""
        from hermes.tui import project_bridge

        outcome = project_bridge.run(self.app.cfg, self._project_root(), args)
        await self.say(outcome.text, "info" if outcome.ok else "error")

    # ------------------------------------------------------------ skills

    def _project_root(self) -> Path:
        agent = self.app.agent
        if agent is not None:
            return agent.view.project_root
        from hermes.paths import find_project_root, working_dir

        return find_project_root(working_dir())

    async def cmd_skills(self, args: str) -> None:
        words = args.split(maxsplit=1)
        cfg, root = self.app.cfg, self._project_root()
        if not words:
            await self.say(skills_bridge.list_text(cfg, root, OPEN_KEY_LABEL))
            return
        sub = words[0].lower()
        if sub not in commands.SKILLS_SUBCOMMANDS or len(words) < 2:
            await self.say("Usage: /skills [view NAME | edit NAME | rm NAME]", "error")
            return
        name = words[1].strip()
        if sub == "view":
            found, text = skills_bridge.view_text(cfg, root, name)
            await self.say(text, "info" if found else "error")
        elif sub == "rm":
            ok, line = skills_bridge.remove(cfg, root, name)
            await self.say(line, "info" if ok else "error")
        else:
            await self._edit_skill(name)

    async def _edit_skill(self, name: str) -> None:
        import os
        import shlex
        import subprocess

        path, why = skills_bridge.editable_path(self.app.cfg, self._project_root(), name)
        if path is None:
            await self.say(why, "error")
            return
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        try:
            with self.app.suspend():
                subprocess.run([*shlex.split(editor), str(path)], check=False)
        except Exception as exc:  # noqa: BLE001 - no editor, or no terminal to hand over
            await self.say(f"Cannot open {editor}: {exc}; set $EDITOR to an editor you have.",
                           "error")
            return
        await self.say(skills_bridge.check_edited(path))

    async def cmd_skill(self, args: str) -> None:
        name = skills_bridge.exists(self.app.cfg, self._project_root(), args.strip())
        if name is None:
            await self.say(f"No skill named {args.strip()!r}; /skills lists them.", "error")
            return
        self.app.send_message(f"Use the skill {name}: load it with skill_view and follow its "
                              "steps.")


def _unmarked(text: str) -> str:
    """Text shown in a line that renders **marks** as bold, with literal marks left out."""
    return text.replace("**", "")
