"""The transcript and the context agree, driven as a person would: /retry folds the answer it
replaces, a cleared failed message says "not sent" and is not sent, a resumed session says when
memory changed and /memory refresh continues on it, /search shows matches in bold."""

from __future__ import annotations

from hermes.memory.memory_files import locked, write_entries_locked
from hermes.sessions import SessionStore
from hermes.tui.widgets.folded import FOLDED_TITLE, FoldedAnswer
from hermes.tui.widgets.messages import LineMessage, UserMessage
from tests.support.fake_llm import Reply, system_prompt
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for


def _idle(app) -> bool:
    return app.agent is not None and not app.turn_running() and not app.chat.status.busy


def _kinds(app) -> list[tuple[str, str]]:
    return [(i.kind, i.text) for i in app.chat.transcript.items]


async def test_retry_folds_the_replaced_answer_and_sends_the_question_once(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="First answer."), Reply(text="Second answer."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "What is a monad?")
        await wait_for(pilot, lambda: "First answer." in transcript_texts(app) and _idle(app))
        await submit(pilot, "/retry")
        await wait_for(pilot, lambda: "Second answer." in transcript_texts(app) and _idle(app))
        assert _kinds(app) == [("user", "What is a monad?"), ("replaced", "First answer."),
                               ("assistant", "Second answer.")]
        retry_request = server.requests_for("main")[-1]
        assert [(m["role"], m["content"]) for m in retry_request["messages"] if m["role"] != "system"] == [
            ("user", "What is a monad?")]

        [fold] = app.chat.transcript.query(FoldedAnswer)
        assert fold.collapsed and FOLDED_TITLE in str(fold.query_one("CollapsibleTitle").render())
        assert "▸" in str(fold.query_one("CollapsibleTitle").render())
        await pilot.click(fold.query_one("CollapsibleTitle"))
        await wait_for(pilot, lambda: not fold.collapsed)
        app.chat.prompt.focus()
        await pilot.press("shift+tab")  # from the input, the keyboard reaches the fold
        await wait_for(pilot, lambda: fold.query_one("CollapsibleTitle").has_focus)
        await pilot.press("enter")  # Enter folds it again
        await wait_for(pilot, lambda: fold.collapsed)
        sid = app.agent.session_id
        await app.action_quit()

    resumed = make_app(resume=sid)  # resume shows the same fold, and the model never sees it
    server.queue(Reply(text="Third answer."))
    async with resumed.run_test(size=SIZE) as pilot:
        await ready(resumed)
        await wait_for(pilot, lambda: ("replaced", "First answer.") in _kinds(resumed))
        assert [k for k, _ in _kinds(resumed)][:3] == ["user", "replaced", "assistant"]
        await submit(pilot, "And a functor?")
        await wait_for(pilot, lambda: "Third answer." in transcript_texts(resumed))
        sent = [m["content"] for m in server.requests_for("main")[-1]["messages"] if m["role"] != "system"]
        assert sent == ["What is a monad?", "Second answer.", "And a functor?"]


async def test_a_cleared_failed_message_is_marked_not_sent_and_leaves_the_context(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="One answer."), Reply(status=500), Reply(text="Two answer."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "one")
        await wait_for(pilot, lambda: "One answer." in transcript_texts(app) and _idle(app))
        await submit(pilot, "two")
        await wait_for(pilot, lambda: app.chat.prompt.text == "two" and _idle(app))  # back to edit
        await pilot.press("end", "backspace", "backspace", "backspace")  # the person clears it
        prompt_item = [i for i in app.chat.transcript.items if i.kind == "user"][-1]
        await wait_for(pilot, lambda: prompt_item.meta.get("not_sent") == "1")
        row = app.chat.transcript.row_for(prompt_item)
        assert isinstance(row, UserMessage) and row.has_class("-not-sent")
        assert "not sent" in str(row.render())
        assert [m["content"] for m in app.agent.messages] == ["one", "One answer."]

        await submit(pilot, "/retry")  # changed their mind: /retry sends it after all
        await wait_for(pilot, lambda: "Two answer." in transcript_texts(app) and _idle(app))
        assert "not_sent" not in prompt_item.meta and not row.has_class("-not-sent")
        sent = [m["content"] for m in server.requests_for("main")[-1]["messages"] if m["role"] != "system"]
        assert sent == ["one", "One answer.", "two"]


def _remember(*entries: str) -> None:
    with locked(["memory"]):
        write_entries_locked("memory", list(entries))


async def test_resume_says_memory_changed_and_memory_refresh_continues_on_it(chat_env):
    server, _ = chat_env
    _remember("The project uses spaces.")
    server.queue(Reply(text="Noted."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: "Noted." in transcript_texts(app) and _idle(app))
        await submit(pilot, "/title style talk")
        await wait_for(pilot, lambda: app.chat.status.info.title == "style talk")
        sid = app.agent.session_id
        await app.action_quit()

    _remember("The project uses tabs.")
    server.queue(Reply(text="Tabs."))
    resumed = make_app(resume=sid)
    async with resumed.run_test(size=SIZE) as pilot:
        await ready(resumed)
        await wait_for(pilot, lambda: any("Memory changed since this session started" in t
                                          for t in transcript_texts(resumed)))
        await submit(pilot, "/memory refresh")
        await wait_for(pilot, lambda: resumed.chat.status.info.title == "style talk #2")
        await submit(pilot, "/memory refresh")  # now current: nothing to do, no third session
        await wait_for(pilot, lambda: "nothing to refresh" in transcript_texts(resumed)[-1])
        assert resumed.chat.status.info.title == "style talk #2"
        await wait_for(pilot, lambda: any(t.startswith("💾 Continuing in style talk #2")
                                          for t in transcript_texts(resumed)))
        await submit(pilot, "which indentation?")
        await wait_for(pilot, lambda: "Tabs." in transcript_texts(resumed))
        body = server.requests_for("main")[-1]
        assert "The project uses tabs." in system_prompt(body)
        assert [m["content"] for m in body["messages"] if m["role"] != "system"] == [
            "hello", "Noted.", "which indentation?"]
        await resumed.action_quit()
    assert SessionStore().get_session(sid).end_reason == "memory_refresh"


async def test_resume_without_a_memory_change_says_nothing_about_it(chat_env):
    server, _ = chat_env
    _remember("Stable fact.")
    server.queue(Reply(text="Hi."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: "Hi." in transcript_texts(app) and _idle(app))
        sid = app.agent.session_id
        await app.action_quit()
    resumed = make_app(resume=sid)
    async with resumed.run_test(size=SIZE) as pilot:
        await ready(resumed)
        await wait_for(pilot, lambda: "Hi." in transcript_texts(resumed))
        assert not any("Memory changed" in t for t in transcript_texts(resumed))


async def test_search_in_the_app_shows_matches_in_bold_without_markers(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="About quokkas."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "Tell me about quokkas please")
        await wait_for(pilot, lambda: "About quokkas." in transcript_texts(app) and _idle(app))
        await submit(pilot, "/new")
        await wait_for(pilot, lambda: transcript_texts(app) == ["New session."])
        await submit(pilot, "/search quokkas")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Sessions matching"))
        row = app.chat.transcript.rows[-1]
        assert isinstance(row, LineMessage)
        shown = row.content
        assert "**" not in shown.plain and "quokkas" in shown.plain
        bold = [shown.plain[s.start:s.end] for s in shown.spans if "bold" in str(s.style)]
        assert "quokkas" in bold
