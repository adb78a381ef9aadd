"""What people bring from other coding agents: @path, !cmd, accept-edits and /diff, and /undo
told to the model — each used in the app as a person would, against the fake model server."""

from __future__ import annotations

from pathlib import Path

from hermes.sessions import SessionStore
from hermes.tui.input_sources import SOURCES_HEADING, compose, mention_completions, Source
from hermes.tui.screens.diff_pane import DiffScreen
from tests.support.fake_llm import Reply, call, last_user_text, tool_results
from tests.tui.conftest import MAIN, SIZE, make_app, ready, submit, transcript_texts, wait_for
from tests.tui.project_repo import SOURCE

FIXED = SOURCE.replace("helo", "hello")
EDIT = call("edit_file", {"path": "greet.py", "old_text": "'helo'", "new_text": "'hello'"})


async def test_at_path_completes_and_sends_the_file_as_a_source(chat_env, project: Path):
    server, _ = chat_env
    (project / ".gitignore").write_text("secret.txt\n")
    (project / "secret.txt").write_text("ignored\n")
    server.queue(Reply(text="It returns a typo."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press(*"what does ", "@", *"gre")
        await wait_for(pilot, lambda: app.chat.query_one("#suggestions").display)
        await pilot.press("tab")
        await wait_for(pilot, lambda: app.chat.prompt.text == "what does @greet.py ")
        assert "secret.txt" not in app.chat.project_files()  # .gitignore is honoured
        await pilot.press(*"do?", "enter")
        await wait_for(pilot, lambda: "It returns a typo." in transcript_texts(app))
        sent = last_user_text(server.requests_for(MAIN)[0])
        typed, _, rest = sent.partition("\n\n")
        assert typed == "what does @greet.py do?"  # the person's words stay apart
        assert rest.startswith(SOURCES_HEADING)
        assert f"[file greet.py]\n```\n{SOURCE}```" in rest
        assert "what does @greet.py do?" in transcript_texts(app)  # shown as typed
        assert any(t.startswith("📎 sent with it: file greet.py (2 lines)") for t in transcript_texts(app))


async def test_bang_command_runs_shows_output_and_goes_with_the_next_message(chat_env, project: Path):
    server, _ = chat_env
    server.queue(Reply(text="Two files and a folder."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "!ls")
        await wait_for(pilot, lambda: any(t.startswith("$ ls  exit 0") for t in transcript_texts(app)))
        [shown] = [t for t in transcript_texts(app) if t.startswith("$ ls")]
        assert "greet.py" in shown and "pytest.ini" in shown
        assert server.requests_for(MAIN) == []  # nothing went to the model yet, and nobody was asked
        await submit(pilot, "what is here?")
        await wait_for(pilot, lambda: "Two files and a folder." in transcript_texts(app))
        sent = last_user_text(server.requests_for(MAIN)[0])
        assert sent.startswith("what is here?\n\n" + SOURCES_HEADING)
        assert "[output of `ls`] (exit 0)\n```\n" in sent and "greet.py\n" in sent
        server.queue(Reply(text="Same."))
        await submit(pilot, "and now?")  # the output went once; it is not sent again
        await wait_for(pilot, lambda: "Same." in transcript_texts(app))
        assert last_user_text(server.requests_for(MAIN)[-1]) == "and now?"


async def test_accept_edits_runs_edits_unasked_and_diff_shows_them(chat_env, project: Path):
    server, _ = chat_env
    server.queue(Reply(tool_calls=[EDIT]), Reply(text="Fixed."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/accept-edits on")
        await wait_for(pilot, lambda: app.chat.status_info.accept_edits)
        assert "accept edits" in str(app.chat.status.render())
        await submit(pilot, "fix the typo")
        await wait_for(pilot, lambda: "Fixed." in transcript_texts(app))
        assert (project / "greet.py").read_text() == FIXED  # no pane, no question
        assert app.chat.status_info.tool_requests == 0
        await submit(pilot, "/diff")
        await wait_for(pilot, lambda: isinstance(app.screen, DiffScreen))
        assert app.screen.diff == ("--- a/greet.py\n+++ b/greet.py\n@@ -1,2 +1,2 @@\n"
                                   " def greet():\n-    return 'helo'\n+    return 'hello'\n")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)
        await submit(pilot, "/accept-edits off")
        await wait_for(pilot, lambda: not app.chat.status_info.accept_edits)


async def test_undo_is_told_to_the_model_and_kept_in_the_history(chat_env, project: Path):
    server, _ = chat_env
    server.queue(Reply(tool_calls=[EDIT]), Reply(text="Fixed."), Reply(text="Understood."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/accept-edits on")
        await submit(pilot, "fix the typo")
        await wait_for(pilot, lambda: "Fixed." in transcript_texts(app))
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: any(t.startswith("↶ Undone: greet.py") for t in transcript_texts(app)))
        await submit(pilot, "/diff")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("No changes to show"))
        await submit(pilot, "ok, leave it")
        await wait_for(pilot, lambda: "Understood." in transcript_texts(app))
        request = server.requests_for(MAIN)[-1]
        sent = last_user_text(request)
        assert sent.startswith("ok, leave it\n\n--- Notes from Hermes")
        assert "The user ran /undo since your last reply. Undone: greet.py is back" in sent
        assert any('"success": true' in r for r in tool_results(request))  # what the note corrects
        sid = app.agent.view.session_id
    stored = [m.content for m in SessionStore().get_messages(sid) if m.role == "user"]
    assert any("The user ran /undo" in (c or "") for c in stored)


def test_sources_are_fenced_past_backticks_and_completion_matches_names():
    tricky = Source("file", "README.md", "```py\nx\n```\n")
    sent = compose("see", [tricky])
    assert "[file README.md]\n````\n```py\nx\n```\n````" in sent
    files = ["src/app.py", "src/cli.py", "docs/app-notes.md"]
    assert mention_completions("look at @src/c", files) == ["look at @src/cli.py"]
    assert mention_completions("look at @app", files) == ["look at @src/app.py", "look at @docs/app-notes.md"]
    assert mention_completions("mail me@host", files) == []
