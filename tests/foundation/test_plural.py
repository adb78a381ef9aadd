"""Counted nouns agree with their number in what people read ("1 message", never "1 messages")."""

from __future__ import annotations

from hermes.agent.events import Retry
from hermes.agent.tool_registry import describe_memory, describe_search_result
from hermes.plural import count, noun


def test_count_and_noun_agree_with_the_number():
    assert count(1, "message") == "1 message"
    assert count(0, "message") == "0 messages"
    assert count(2_500, "older message") == "2,500 older messages"
    assert count(1, "try", "tries") == "1 try" and count(3, "try", "tries") == "3 tries"
    assert noun(1, "file") == "file" and noun(2, "file") == "files"


def test_tool_lines_and_retry_lines_use_the_agreeing_form():
    one_op = describe_memory({"operations": [{"action": "add"}]})
    assert one_op == "memory 1 operation"
    assert describe_memory({"operations": [{}, {}]}) == "memory 2 operations"
    assert describe_search_result({"query": "jwt"}, {"results": [{}]}).endswith("→ 1 session")
    assert describe_search_result({"query": "jwt"}, {"messages": [{}, {}]}).endswith("→ 2 messages")
    assert Retry(attempt=1, max_retries=3, outcome="gave up").text == "gave up after 1 try"
    assert Retry(attempt=2, max_retries=3, outcome="answered").text == "answered after 2 tries"
