"""The UI's narrow door into the memory layer (read usage, pending writes, approvals, history).

The UI never touches memory files itself; everything goes through `hermes.memory`. Each call
turns the layer's errors into a one-line message for a person.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from hermes import paths
from hermes.config import Config, MemoryConfig
from hermes.tui import skills_bridge
from hermes.tui.widgets.status_bar import Gauges

if TYPE_CHECKING:
    from hermes.memory.pending import PendingWrite
    from hermes.memory.pending_summary import PendingSummary
    from hermes.providers.base import ConclusionView
    from hermes.providers.guard import GuardedProvider

log = logging.getLogger("hermes.tui")
P = ParamSpec("P")
R = TypeVar("R")


class MemoryActionError(Exception):
    """A memory action failed; the message is one line for a person."""


def gauges(cfg: Config) -> dict[str, int | None]:
    """Live usage percentage per store (memory, user, project); None for a disabled or
    unreadable store."""
    from hermes.memory.memory_files import TARGETS, memory_usage, usage_percent

    try:
        usage = memory_usage(cfg.memory)
    except Exception:  # a gauge must never break the screen
        log.exception("memory usage failed")
        return dict.fromkeys(TARGETS)

    def pct(target: str) -> int | None:
        if target not in usage or usage[target][0] < 0:
            return None
        used, limit = usage[target]
        return usage_percent(used, limit)

    return {target: pct(target) for target in TARGETS}


def gauge(cfg: Config) -> tuple[int | None, int | None]:
    """Live usage percentages (MEM, USER); None for a disabled or unreadable store."""
    found = gauges(cfg)
    return found["memory"], found["user"]


def status_gauges(cfg: Config) -> Gauges:
    """The status bar's gauge fields (memory_pct, user_pct, project_pct) as update_status takes them."""
    found = gauges(cfg)
    return {"memory_pct": found["memory"], "user_pct": found["user"], "project_pct": found["project"]}


def pending_count(cfg: Config | None = None) -> int:
    """How many memory writes wait for approval (0 when the queue cannot be read)."""
    try:
        from hermes.memory import pending_count as count

        return count(cfg.memory if cfg else None) + len(skills_bridge.pending_skill_ids())
    except Exception:
        log.exception("pending count failed")
        return 0


def list_pending(cfg: Config | None = None) -> list[PendingWrite]:
    from hermes.memory import list_pending as pending

    return list(_run("Listing pending writes", pending, cfg.memory if cfg else None))


def _run(action: str, func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`func(*args, **kwargs)`; any failure becomes a MemoryActionError naming `action`."""
    try:
        return func(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - any failure of a memory action becomes one line for the person
        log.info("%s failed: %s", action, exc)
        raise MemoryActionError(f"{action} failed: {exc}") from None


# ---------------------------------------------------------------- viewer


@dataclass(frozen=True)
class StoreView:
    target: str
    label: str
    file_name: str
    entries: list[str]
    used: int
    limit: int
    pct: int
    enabled: bool
    error: str | None


def stores(cfg: Config) -> list[StoreView]:
    """The three stores (MEMORY.md, USER.md, this project's PROJECT.md) as they are on disk now."""
    from hermes.memory import memory_files as store

    views = []
    for target in store.TARGETS:
        state = store.read_store(cfg.memory, target)
        views.append(StoreView(
            target=target, label=store.target_label(target), file_name=state.path.name,
            entries=state.entries, used=state.used, limit=state.limit,
            pct=store.usage_percent(state.used, state.limit), enabled=state.enabled,
            error=state.error,
        ))
    return views


def store_file(target: str) -> Path:
    """The file a person edits by hand (its folder is created, owner-only)."""
    from hermes.memory import memory_files as store

    path = store.store_path(target)
    paths.ensure_dir(path.parent)
    return path


def snapshot_text(cfg: Config) -> str:
    """The memory blocks a session starting now would get."""
    from hermes.memory import render_snapshot

    try:
        return render_snapshot(cfg.memory)
    except Exception as exc:  # noqa: BLE001 - the viewer shows why the snapshot cannot be drawn instead of failing
        log.info("snapshot failed: %s", exc)
        return f"(cannot render the snapshot: {exc})"


# ---------------------------------------------------------------- approvals and history


@dataclass(frozen=True)
class PendingView:
    id: str
    action: str
    target: str
    target_label: str
    before: str  # the entry as it is now ("" for an add)
    after: str  # the entry after the write ("" for a remove)
    origin: str
    preview: str
    reason: str = ""  # why it was staged ("" in records from before reasons were kept)
    origin_label: str = ""  # who stands behind it: you, a source, the model alone
    flagged: bool = False  # the scan or the judge found it suspicious: "all" asks again
    diff: str = ""  # a skill proposal: its SKILL.md as a unified diff


TARGET_LABELS = {"memory": "Memory", "user": "User profile", "memory+user": "Memory + profile"}


def pending_view(record: PendingWrite) -> PendingView:
    """What the pane shows for one PendingWrite."""
    action, target = str(record.action), str(record.target)
    before, after = str(record.before or ""), str(record.after or "")
    text = " ".join((after or before or record.summary).split())
    return PendingView(
        id=str(record.id), action=action, target=target,
        target_label=TARGET_LABELS.get(target, target), before=before, after=after,
        origin=str(record.origin or "?"), preview=text[:70] + ("…" if len(text) > 70 else ""),
        reason=" ".join(str(record.reason or "").split()),
        origin_label=record.origin_label if record.came_from else "", flagged=bool(record.flagged),
    )


def pending_views(cfg: Config | None = None) -> list[PendingView]:
    """Staged memory writes, then staged skill changes."""
    return [pending_view(r) for r in list_pending(cfg)] + skill_views()


def skill_views() -> list[PendingView]:
    from hermes.skills.skill_proposals import list_proposals

    return [PendingView(id=p.id, action=p.action, target="skill", target_label=f"Skill {p.name}",
                        before="", after="", origin=p.origin, preview=p.name,
                        reason=" ".join(p.reason.split()), diff=p.diff())
            for p in list_proposals()]


def find_pending(cfg: Config, pending_id: str) -> PendingView | None:
    """The pending write with this id, or None when it is no longer waiting (or unreadable)."""
    try:
        return next((v for v in pending_views(cfg) if v.id == pending_id), None)
    except MemoryActionError:
        return None


def flagged_pending(cfg: Config) -> list[PendingView]:
    """The waiting writes the scan or the judge flagged (`approve all` asks again for them)."""
    try:
        return [v for v in pending_views(cfg) if v.flagged]
    except MemoryActionError:
        return []


def pending_ids(cfg: Config) -> set[str] | None:
    """Ids of the writes waiting now; None when the queue cannot be read (then nothing is
    taken as decided)."""
    try:
        return {str(r.id) for r in list_pending(cfg)} | skills_bridge.pending_skill_ids()
    except MemoryActionError:
        return None


@dataclass(frozen=True)
class Decision:
    """What happened to one pending write: approved, rejected, kept (approval refused, it
    still waits) or gone (no longer pending: decided elsewhere, or never was)."""

    id: str
    state: str  # "approved" | "rejected" | "kept" | "gone"
    message: str


def decide(cfg: Config, verdict: str, target: str) -> list[Decision]:
    """Approve or reject one pending id (or unique prefix) or "all"; one Decision each."""
    from hermes.memory import approve, reject

    if skills_bridge.is_skill_id(target):
        done = "approved" if verdict == "approve" else "rejected"
        return [Decision(i, done if ok else "kept", line)
                for i, ok, line in skills_bridge.decide(verdict, target)]
    func = approve if verdict == "approve" else reject
    outcomes = _run(f"{verdict.capitalize()} {target}", func, cfg.memory, target)
    done = "approved" if verdict == "approve" else "rejected"
    decisions = []
    for o in outcomes:
        if not o.found and o.id == target and target.strip().lower() != "all":
            message = (f"{target!r} is not a single pending memory write (it may have been decided "
                       "already); /memory pending lists the ones waiting.")
        else:
            message = str(o.message)
        state = (done if o.success else "kept") if o.found else "gone"
        decisions.append(Decision(str(o.id), state, message))
    return decisions or [Decision(target, "gone", f"Nothing to {verdict}.")]


def decide_each(cfg: Config, verdict: str, ids: tuple[str, ...]) -> list[Decision]:
    """Decide exactly these writes, one by one (a failure on one does not stop the others)."""
    decisions: list[Decision] = []
    for pending_id in ids:
        try:
            decisions += decide(cfg, verdict, pending_id)
        except MemoryActionError as exc:
            decisions.append(Decision(pending_id, "kept", str(exc)))
    return decisions


def set_write_approval(cfg: Config, on: bool) -> str:
    from hermes.memory import set_write_approval as setter

    return str(_run("Setting write approval", setter, cfg.memory, on))


def history_text(cfg: Config, limit: int = 15) -> str:
    from hermes.memory import history

    entries = _run("Memory history", history, cfg.memory, limit)
    if not entries:
        return "No memory changes recorded yet."
    lines = ["Recent memory changes (newest first; /memory undo reverts the last):"]
    for entry in entries:
        when = str(entry.time)[:16].replace("T", " ")
        undone = " (undone)" if entry.undone else ""
        lines.append(f"  {when}  {entry.origin}: {entry.summary}{undone}")
    return "\n".join(lines)


def undo(cfg: Config, session_id: str | None = None) -> tuple[bool, str]:
    from hermes.memory import undo as undo_last

    result = _run("Undo", undo_last, cfg.memory, session_id)
    return bool(result.success), str(result.message)


# ---------------------------------------------------------------- user model (layer 3)

SETUP_HINT = "User model: off. Turn it on with: hermes memory setup local (or honcho)"


@dataclass(frozen=True)
class UserModelView:
    """What the viewer's "User model" section shows; `error` is one line, or None."""

    provider: str
    peer_card: tuple[str, ...] = ()
    conclusions: tuple[ConclusionView, ...] = ()
    error: str | None = None


def user_model_provider(cfg: Config) -> str:
    return cfg.user_model.provider or "off"


async def _guarded(cfg: Config, action: str, make: Callable[[], Awaitable[R]]) -> tuple[R | None, str | None]:
    """Run one provider call bounded by `user_model.timeout`; (result, one-line error)."""
    started = time.time()
    timeout = float(cfg.user_model.timeout or 20)
    try:
        result = await asyncio.wait_for(make(), timeout)
    except TimeoutError:
        return None, f"{action}: the user model did not answer within {timeout:g}s"
    except Exception as exc:  # noqa: BLE001 - a provider may raise anything; the pane shows one line
        log.info("%s failed: %s", action, exc)
        return None, f"{action} failed: {' '.join(str(exc).split()) or type(exc).__name__}"
    # The guarded provider turns failures into an empty answer and records the error; look.
    error = await asyncio.to_thread(_new_error_for, cfg, started)
    return result, error


def _new_error_for(cfg: Config, started: float) -> str | None:
    """The user-model error recorded since `started`, if any (one line)."""
    from hermes.providers.viewer import read_status

    try:
        status = read_status(cfg)
    except Exception:
        log.exception("reading the user-model status failed")
        return None
    if not status.last_error:
        return None
    # no time stamp: state.db itself could not be read just now
    if status.last_error_at is None or status.last_error_at >= started:
        return " ".join(status.last_error.split())
    return None


async def user_model_view(cfg: Config, limit: int = 20,
                          provider: GuardedProvider | None = None) -> UserModelView:
    """The active provider's peer card and recent conclusions (never raises).

    `provider`: the running session's own provider, so the viewer asks the same client (one
    Honcho client, not a second one); without one (no session, or its provider could not
    start) a provider is opened for this one question and closed again."""
    name = user_model_provider(cfg)
    if name == "off":
        return UserModelView(provider="off")
    from hermes.providers.viewer import load_overview

    overview, error = await _guarded(
        cfg, "Reading the user model",
        lambda: provider.overview(limit) if provider is not None else load_overview(cfg, limit=limit))
    if overview is None:
        return UserModelView(provider=name, error=error)
    return UserModelView(provider=name, peer_card=tuple(overview.peer_card),
                         conclusions=tuple(overview.conclusions), error=error)


async def forget_conclusion(cfg: Config, conclusion_id: str,
                            provider: GuardedProvider | None = None) -> tuple[bool, str]:
    """Delete one conclusion from the active user model; (deleted, a line for a person).
    `provider` as for `user_model_view`."""
    name = user_model_provider(cfg)
    if name == "off":
        return False, ("No user model is active (user_model.provider is off), so there is "
                       "nothing to forget. Turn one on with `hermes memory setup local`.")
    cid = conclusion_id.strip().lstrip("#")
    if name == "local" and not cid.isdigit():
        return False, ("Conclusion ids of the local user model are numbers, "
                       "e.g. /memory forget 42 (/memory lists them).")
    from hermes.providers.viewer import forget_conclusion as forget

    deleted, error = await _guarded(
        cfg, f"Forgetting conclusion {cid}",
        lambda: provider.forget(cid) if provider is not None else forget(cfg, cid))
    if deleted:
        return True, f"Forgot conclusion {cid} ({name} user model)."
    if error:
        return False, f"Could not forget conclusion {cid}: {error}"
    return False, f"No conclusion {cid} in the {name} user model; /memory lists the ids."


# ---------------------------------------------------------------- the person's own writes


@dataclass(frozen=True)
class WriteOutcome:
    """What a write the person made in the app did: written, staged (waits for approval),
    unchanged (already so) or refused (the reason says what to do)."""

    state: str  # "written" | "staged" | "unchanged" | "refused"
    message: str
    pending_id: str = ""


def _person_write(memory: MemoryConfig, origin: str, session_id: str | None,
                  arguments: dict[str, str]) -> WriteOutcome:
    """One memory tool call by the person (their own words: the gate's origin "user")."""
    from hermes.memory import MemoryTool

    try:
        result = MemoryTool(memory, origin=origin, session_id=session_id).call(arguments)
    except Exception as exc:  # noqa: BLE001 - a write that fails becomes one line for the person
        log.exception("memory write failed")
        return WriteOutcome("refused", f"Not saved: the memory store could not be written ({exc}).")
    if not result.get("success"):
        return WriteOutcome("refused", f"Not saved: {result.get('error') or 'the memory layer refused it.'}")
    usage = f" ({result['usage']})" if isinstance(result.get("usage"), str) else ""
    if result.get("staged"):
        return WriteOutcome("staged", f"Staged for approval as {result['pending_id']} "
                            f"({result.get('reason') or 'waits for you'}); Ctrl+O reviews it.",
                            str(result["pending_id"]))
    if not result.get("changed"):
        return WriteOutcome("unchanged", f"{result.get('message')}{usage}")
    return WriteOutcome("written", f"{result.get('message')}{usage}")


def quick_add(cfg: Config, target: str, text: str, session_id: str | None = None) -> WriteOutcome:
    """`# text`: add `text` to a store as the person's own write, through the gate."""
    return _person_write(cfg.memory, "user", session_id,
                         {"action": "add", "target": target, "content": text})


def edit_pending(cfg: Config, pending_id: str, text: str) -> WriteOutcome:
    """The person edited a staged write in the pane: the edited text goes through the gate as
    theirs (it is their words now), and the staged record goes once the edit is written or
    staged in its place. Editing is deciding, so write_approval does not stage it again."""
    from dataclasses import replace as with_fields

    from hermes.memory import list_pending, reject

    record = next((r for r in list_pending(cfg.memory) if r.id == pending_id), None)
    if record is None:
        return WriteOutcome("refused", f"{pending_id} is no longer waiting (decided elsewhere); "
                            "nothing was changed.")
    if len(record.changes) != 1 or record.changes[0].action == "remove":
        return WriteOutcome("refused", "Only a single add or replace can be edited; approve or "
                            "reject this one as it is.")
    change = record.changes[0]
    text = text.strip()
    if not text:
        return WriteOutcome("refused", "Not saved: the edited entry is empty. Reject the write (r) "
                            "to drop it.")
    arguments = {"action": change.action, "target": change.target, "content": text}
    if change.action == "replace":
        arguments["old_text"] = change.before or change.old_text
    memory = with_fields(cfg.memory, write_approval=False)
    outcome = _person_write(memory, "editor", record.session_id, arguments)
    if outcome.state != "refused":
        reject(cfg.memory, pending_id)  # the edit replaces the staged write
    return outcome


def editable_text(cfg: Config, pending_id: str) -> str | None:
    """The text the inline editor starts from (None: this write cannot be edited)."""
    try:
        record = next((r for r in list_pending(cfg) if r.id == pending_id), None)
    except MemoryActionError:
        return None
    if record is None or len(record.changes) != 1 or record.changes[0].action == "remove":
        return None
    return record.changes[0].after or record.changes[0].content


# ---------------------------------------------------------------- what waits, and since when

PENDING_QUEUES = ("memory", "skills")  # folders under $HERMES_HOME/pending/, as the memory layer keeps them


def waiting_count() -> int:
    """Writes waiting (memory writes and skill changes), by counting their files: cheap
    enough for the first frame (no import of the memory layer, no record read)."""
    base = paths.hermes_home() / "pending"
    total = 0
    for queue in PENDING_QUEUES:
        try:
            total += sum(1 for _ in (base / queue).glob("*.json"))
        except OSError:
            continue
    return total


def pending_summary() -> PendingSummary:
    """How many writes wait for approval, and how long the oldest has waited (never raises)."""
    from hermes.memory.pending_summary import pending_summary as summary

    return summary()


OLD_PENDING = timedelta(days=1)


def old_pending_notice(summary: PendingSummary, now: datetime | None = None) -> str:
    """`3 writes are waiting for approval since Nov 28 — press Ctrl+O …` when the oldest has
    waited more than a day; "" otherwise."""
    waiting, age = summary
    if not waiting or age is None or age <= OLD_PENDING:
        return ""
    now = now or datetime.now(UTC)
    local = (now - age).astimezone()
    day = f"{local:%b} {local.day}" + (f", {local.year}" if local.year != now.year else "")
    writes = "write" + ("s" if waiting != 1 else "")
    verb = "is" if waiting == 1 else "are"
    return (f"{waiting} {writes} {verb} waiting for approval since {day} — press Ctrl+O "
            "(or /memory pending) to review")


# ---------------------------------------------------------------- ages of entries


def entry_ages(cfg: Config, stores: dict[str, list[str]]) -> dict[str, dict[str, str]]:
    """target → entry → its written / last-confirmed line (`written 2026-11-28 · confirmed
    3 d ago`), from the journal; empty when the journal cannot be read (no date is guessed)."""
    from hermes.memory.ages import age_line, read_ages

    try:
        ages = read_ages(cfg.memory, stores)
    except Exception:  # noqa: BLE001 - the viewer shows the entries without dates rather than fail
        log.exception("reading the entries' ages failed")
        return {}
    return {target: {a.entry: age_line(a) for a in found} for target, found in ages.items()}
