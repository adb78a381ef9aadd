"""The TUI shows automatic retries as one line that changes, then the reply."""

from __future__ import annotations

from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for


async def test_two_failures_then_a_reply_show_one_retry_line(chat_env):
    server, configure = chat_env
    configure(agent={"max_retries": 3})
    server.queue(Reply(status=500), Reply(status=500), Reply(text="Here you go."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: any(i.kind == "assistant" and i.text == "Here you go."
                                          for i in app.chat.transcript.items))
        await wait_for(pilot, lambda: not app.agent.view.busy)
        texts = transcript_texts(app)
        retry_lines = [t for t in texts if t.startswith("↻")]
        assert retry_lines == ["↻ answered after 3 tries"]
        assert not any("/retry" in t or "etrying" in t for t in texts)
        # the line sits between the prompt and the reply
        assert texts.index("↻ answered after 3 tries") < texts.index("Here you go.")
