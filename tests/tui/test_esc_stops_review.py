"""Esc after a reply, while the background review still waits on a slow model, stops it and
says so; the review is saved as a job, so nothing is lost."""

from __future__ import annotations

from hermes.agent.jobs import jobs_dir
from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for


async def test_esc_stops_a_slow_review_and_keeps_it_for_later(chat_env) -> None:
    server, _ = chat_env
    chat_env.review_replies.append(Reply(text="[]", delay=30))
    server.queue(Reply(text="Noted."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I prefer tabs")
        await wait_for(pilot, lambda: "Noted." in transcript_texts(app))
        await wait_for(pilot, lambda: app.agent is not None and app.agent.view.has_background_work)
        await pilot.press("escape")
        await wait_for(pilot, lambda: any("Background memory review stopped" in t
                                          for t in transcript_texts(app)))
        assert not app.agent.view.has_background_work
        assert any(p.name.endswith(".json") for p in jobs_dir().iterdir())
        assert app.chat.prompt.has_focus
