"""A state.db with damaged pages: the chat goes on without history, with one warning."""

from __future__ import annotations

from hermes.agent.events import ErrorEvent, Notice
from hermes.agent.session import AgentSession
from tests.agent.test_chat_cli import _hermes
from tests.sessions.test_faults import filled_then_damaged


def test_chat_q_runs_without_history_and_says_so_once(agent_env, hermes_home):
    _, make_cfg = agent_env
    make_cfg()
    path = filled_then_damaged(at=0)
    result = _hermes(hermes_home, "chat", "-q", "hello")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "OK.\n"
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    assert "history" in lines[0] and "hermes sessions repair" in lines[0]
    assert "Error" not in lines[0].split(":")[0] and "Traceback" not in result.stderr
    # never moved aside or replaced behind the person's back (repair is their call)
    assert path.exists() and sorted(p.name for p in path.parent.glob("state.db*"))[0] == "state.db"
    assert not list(path.parent.glob("state.db.*"))


async def test_the_app_session_goes_on_when_the_database_breaks_mid_run(agent_env, recorder):
    _, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    # at=0: every page the messages filled has a broken b-tree header, so the turn's first
    # read of one notices; damage in a page's free space (at=100) is noticed only if some
    # write happens to read a full page, which fewer index writes made a matter of luck
    path = filled_then_damaged(at=0)
    agent = AgentSession.open(cfg, on_event=recorder)
    first = await agent.send("hello")
    second = await agent.send("and again")
    await agent.close()
    assert first.text == "OK." and second.text == "OK." and not second.failed
    warnings = [n for n in recorder.of(Notice) if "history" in n.text.lower()]
    assert len(warnings) == 1 and str(path) in warnings[0].text
    assert recorder.of(ErrorEvent) == []
    assert [m["role"] for m in agent.view.messages] == ["user", "assistant", "user", "assistant"]
