"""/model checks a name with litellm's provider rules; /compress says one line."""

from __future__ import annotations

from tests.support.fake_llm import Reply
from tests.tui.conftest import MAIN, SIZE, make_app, ready, submit, transcript_texts, wait_for


async def test_model_with_an_unknown_provider_is_refused_in_one_line(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="Still the old model."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        before = app.agent.view.model
        await submit(pilot, "/model nosuchprovider/foo")
        await wait_for(pilot, lambda: any(i.kind == "error" for i in app.chat.transcript.items))
        errors = [i.text for i in app.chat.transcript.items if i.kind == "error"]
        assert len(errors) == 1 and "\n" not in errors[0]
        assert "'nosuchprovider' is not a provider" in errors[0] and f"Still on {before}" in errors[0]
        assert "litellm.BadRequestError" not in errors[0] and "Traceback" not in errors[0]
        assert app.agent.view.model == before and app.chat.status_info.model == before
        await submit(pilot, "hello")  # the next message still goes to the working model
        await wait_for(pilot, lambda: "Still the old model." in transcript_texts(app))
        await submit(pilot, f"/model openai/{MAIN}-two")  # a routable name is accepted
        await wait_for(pilot, lambda: app.agent.view.model == f"openai/{MAIN}-two")


def test_model_problem_wording():
    from hermes.agent import llm
    from hermes.tui.model_check import model_problem

    llm.litellm_module()  # loaded, as in the app once its background import ends
    assert model_problem("openai/gpt-4.1") is None
    assert model_problem("ollama_chat/qwen2.5") is None
    assert "PROVIDER/foo" in (model_problem("foo") or "")
    assert "no model" in (model_problem("openai/") or "")
    assert "no spaces" in (model_problem("gpt 4") or "")


async def test_compress_says_one_line(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="First answer."), Reply(text="Second answer."))
    server.add(Reply(text="Summary of the older turns."), model="summary")
    chat_env.configure(compression={"model": server.model("summary")})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/compress")  # nothing yet: one line
        await wait_for(pilot, lambda: any("Nothing to compress" in t for t in transcript_texts(app)))
        await submit(pilot, "one")
        await wait_for(pilot, lambda: "First answer." in transcript_texts(app) and not app.turn_running())
        await submit(pilot, "two")
        await wait_for(pilot, lambda: "Second answer." in transcript_texts(app) and not app.turn_running())
        shown = len(app.chat.transcript.items)
        await submit(pilot, "/compress")
        await wait_for(pilot, lambda: any("compressed" in t.lower() for t in transcript_texts(app)[shown:]))
        # the command has finished (a second line would have been written by then)
        await wait_for(pilot, lambda: not any(w.group == "command" and not w.is_finished
                                              for w in app.chat.workers))
        lines = [t for t in transcript_texts(app)[shown:] if "ompress" in t]
        assert len(lines) == 1, lines
