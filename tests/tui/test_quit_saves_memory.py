"""Quitting right after a reply loses no memory write: a grace period shown as "saving
memory…", and work slower than that saved as a job that the next start runs."""

from __future__ import annotations

import json
import stat

import pytest

from hermes.agent import jobs, tasks
from hermes.memory import read_entries
from tests.agent.test_chat_cli import _hermes
from tests.support.fake_llm import Reply
from tests.tui.conftest import REVIEW, SIZE, make_app, ready, submit, transcript_texts, wait_for

SAVE = '[{"action": "add", "target": "memory", "content": "Repo uses tabs"}]'


async def _quit_after_reply(app, pilot, *, reply_seen: str) -> list[str]:
    """Send, wait until the reply text is on screen, press Ctrl+Q; the lines shown meanwhile."""
    await ready(app)
    await submit(pilot, "Our repo uses tabs.")
    await wait_for(pilot, lambda: reply_seen in "".join(transcript_texts(app)))
    shown: list[str] = []
    original = app.chat.add_line

    async def record(kind: str, text: str):
        shown.append(text)
        return await original(kind, text)

    app.chat.add_line = record  # type: ignore[method-assign]
    await pilot.press("ctrl+q")
    return shown


async def test_quit_while_the_reply_is_still_finishing_still_saves_the_memory(chat_env):
    """The reply's text is on screen but its stream has not ended yet (the bug: the turn was
    cancelled and no review was ever sent)."""
    server = chat_env.server
    chat_env.review_replies.append(Reply(text=SAVE, delay=0.5))
    server.queue(Reply(text="Sure.", chunk_delay=1.0))  # the stream ends a second after the text
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        shown = await _quit_after_reply(app, pilot, reply_seen="Sure.")
    assert len(server.requests_for(REVIEW)) == 1
    assert read_entries(app.cfg.memory, "memory") == ["Repo uses tabs"]
    assert any(line.startswith("saving memory…") for line in shown)
    assert jobs.pending_job_files() == []


async def test_quit_with_a_slow_review_waits_for_it_within_the_grace(chat_env):
    server = chat_env.server
    chat_env.review_replies.append(Reply(text=SAVE, delay=1.5))
    server.queue(Reply(text="Sure."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "Our repo uses tabs.")
        await wait_for(pilot, lambda: "Sure." in transcript_texts(app)
                       and app.agent.view.has_background_work)
        await pilot.press("ctrl+q")
    assert read_entries(app.cfg.memory, "memory") == ["Repo uses tabs"]
    assert jobs.pending_job_files() == []


@pytest.mark.skipif(not hasattr(stat, "S_IMODE"), reason="POSIX modes")
async def test_a_review_slower_than_the_grace_is_saved_and_the_next_chat_q_runs_it(
        chat_env, hermes_home, monkeypatch):
    server = chat_env.server
    monkeypatch.setattr(tasks, "QUIT_GRACE_S", 0.5)
    chat_env.review_replies.append(Reply(text=SAVE, delay=20))  # far slower than the grace
    server.queue(Reply(text="Sure."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "Our repo uses tabs. My key is sk-abcdefghijklmnopqrstuvwx123456")
        await wait_for(pilot, lambda: "Sure." in transcript_texts(app)
                       and app.agent.view.has_background_work)
        await pilot.press("ctrl+q")
    assert read_entries(app.cfg.memory, "memory") == []
    (job_file,) = jobs.pending_job_files()
    assert stat.S_IMODE(job_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(job_file.parent.stat().st_mode) == 0o700
    job = json.loads(job_file.read_text())
    assert job["kind"] == "review" and job["session_id"] == app.agent.view.session_id
    assert "Our repo uses tabs." in job["user_text"]
    assert "sk-abcdefghijklmnopqrstuvwx123456" not in job_file.read_text()  # redacted

    # the model answers quickly now; this run's own turn is reviewed first ("hello again":
    # nothing to save), then the saved review gets its answer
    chat_env.review_replies.extend([Reply(text="[]"), Reply(text=SAVE)])
    before = len(server.requests_for(REVIEW))
    result = _hermes(hermes_home, "chat", "-q", "hello again")
    assert result.returncode == 0, result.stderr
    assert read_entries(app.cfg.memory, "memory") == ["Repo uses tabs"]
    assert jobs.pending_job_files() == [] and not list(job_file.parent.iterdir())
    reviews = server.requests_for(REVIEW)[before:]
    assert any("Our repo uses tabs." in r["messages"][-1]["content"] for r in reviews)
