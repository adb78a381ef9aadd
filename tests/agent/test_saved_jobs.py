"""Background work saved at quit (hermes/agent/jobs.py): `hermes chat -q` killed while the
review waits, the next run finishing it, and the job files' own rules."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

from hermes.agent import jobs
from hermes.agent.session import AgentSession
from hermes.memory import read_entries
from tests.agent.conftest import REVIEW
from tests.agent.test_chat_cli import _cli_env, _hermes
from tests.support.fake_llm import Reply

SAVE = '[{"action": "add", "target": "user", "content": "Works in Lisbon"}]'


def test_chat_q_killed_while_the_review_waits_saves_it_and_the_next_run_finishes_it(
        agent_env, hermes_home):
    server, make_cfg = agent_env
    cfg = make_cfg()
    server.queue(Reply(text=SAVE, delay=30), model=REVIEW)
    proc = subprocess.Popen([sys.executable, "-m", "hermes", "chat", "-q", "I work in Lisbon"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_cli_env(hermes_home), stdin=subprocess.DEVNULL)
    try:
        # the reply, then the review request (a title request may come between them: wait for
        # the review's own, not for any second request)
        deadline = time.monotonic() + 60
        while not server.requests_for(REVIEW) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(server.requests_for(REVIEW)) == 1
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert out == "OK.\n"
    assert "memory review had not finished" in err and "Traceback" not in err
    saved = [json.loads(p.read_text()) for p in jobs.pending_job_files()]
    (review,) = [job for job in saved if job["kind"] == "review"]  # a title may be saved too
    assert review["user_text"] == "I work in Lisbon"
    assert read_entries(cfg.memory, "user") == []

    # the saved review now runs after this run's own turn (and its review of "hello"), so
    # its reply is matched by the saved turn's words rather than by order
    server.add(Reply(text=SAVE), model=REVIEW, contains="I work in Lisbon")
    server._rules.insert(0, server._rules.pop())  # before the default "[]" rule
    again = _hermes(hermes_home, "chat", "-q", "hello")
    assert again.returncode == 0, again.stderr
    assert read_entries(cfg.memory, "user") == ["Works in Lisbon"]
    assert jobs.pending_job_files() == []


async def test_a_saved_job_that_keeps_failing_is_set_aside_after_three_tries(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg()
    path = jobs.save_job(jobs.Job("review", "20250101_000000_abcdef", "I like tea"))
    server.add(Reply(status=401), model=REVIEW)  # before the default "[]" rule
    server._rules.insert(0, server._rules.pop())  # this rule first
    for attempt in range(1, jobs.MAX_ATTEMPTS + 1):
        agent = AgentSession.open(cfg)
        assert agent.after_turn.replay_saved() == 1
        await agent.wait_background(30)
        await agent.close()
        if attempt < jobs.MAX_ATTEMPTS:
            assert json.loads(path.read_text())["attempts"] == attempt
    assert not path.exists() and path.with_suffix(".failed").exists()
    assert jobs.pending_job_files() == []


def test_a_claimed_job_is_not_claimed_twice_and_a_broken_file_is_set_aside(hermes_home):
    path = jobs.save_job(jobs.Job("title", "20250101_000000_abcdef", "a question"))
    first = jobs.claim(path)
    assert first is not None and first.job.user_text == "a question"
    assert jobs.claim(path) is None  # held by the first claim (another Hermes, say)
    first.release()
    second = jobs.claim(path)
    assert second is not None
    second.done()
    assert not path.exists()

    broken = jobs.jobs_dir() / "broken.json"
    broken.write_text("{not json")
    assert jobs.claim(broken) is None
    assert broken.with_suffix(".bad").exists() and jobs.pending_job_files() == []
