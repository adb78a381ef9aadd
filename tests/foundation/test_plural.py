"""Counted nouns agree with their number in what people read ("1 message", never "1 messages")."""

from __future__ import annotations

from hermes.agent.events import Retry
from hermes.memory.memory_tool import memory_line
from hermes.sessions.search_tool import session_search_line
from hermes.toolspec import ToolCall
from hermes.plural import count, noun


def test_count_and_noun_agree_with_the_number():
    assert count(1, "message") == "1 message"
    assert count(0, "message") == "0 messages"
    assert count(2_500, "older message") == "2,500 older messages"
    assert count(1, "try", "tries") == "1 try" and count(3, "try", "tries") == "3 tries"
    assert noun(1, "file") == "file" and noun(2, "file") == "files"


def test_tool_lines_and_retry_lines_use_the_agreeing_form():
    one_op = memory_line(ToolCall("memory", {"operations": [{"action": "add"}]}))
    assert one_op == "memory 1 operation"
    assert memory_line(ToolCall("memory", {"operations": [{}, {}]})) == "memory 2 operations"
    found = ToolCall("session_search", {"query": "jwt"}, '{"success": true, "results": [{}]}')
    assert session_search_line(found).endswith("→ 1 session")
    scrolled = ToolCall("session_search", {"query": "jwt"}, '{"success": true, "messages": [{}, {}]}')
    assert session_search_line(scrolled).endswith("→ 2 messages")
    assert Retry(attempt=1, max_retries=3, outcome="gave up").text == "gave up after 1 try"
    assert Retry(attempt=2, max_retries=3, outcome="answered").text == "answered after 2 tries"
