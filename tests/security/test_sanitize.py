"""The text guards: mended surrogates, neutralised terminal controls, C1 escapes in JSON."""

from __future__ import annotations

import json

from hermes.security.sanitize import (
    escape_c1_in_json,
    mend_surrogates,
    neutralize_controls,
    split_trailing_high_surrogate,
)


def test_lone_surrogates_become_replacement_characters_and_pairs_are_joined() -> None:
    assert mend_surrogates("a\ud800b") == "a\ufffdb"
    assert mend_surrogates("\udc00") == "\ufffd"
    assert mend_surrogates("x\ud83d\ude00y") == "x😀y"  # a pair written as two code units
    assert mend_surrogates("\ude00\ud83d") == "\ufffd\ufffd"  # wrong order is not a pair
    plain = "no surrogates here, 汉字 and 😀"
    assert mend_surrogates(plain) is plain
    mend_surrogates("a\ud800b").encode("utf-8")  # encodable now


def test_a_trailing_high_surrogate_is_held_back() -> None:
    assert split_trailing_high_surrogate("ab\ud83d") == ("ab", "\ud83d")
    assert split_trailing_high_surrogate("ab\ude00") == ("ab\ude00", "")
    assert split_trailing_high_surrogate("") == ("", "")


def test_control_sequences_are_made_visible() -> None:
    hostile = "hi \x1b]0;pwned\x07 and \x1b[31mred\x1b[0m\x9b2J\x7f\x00"
    shown = neutralize_controls(hostile)
    assert shown == "hi ␛]0;pwned␇ and ␛[31mred␛[0m\\x9b2J␡␀"
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown)


def test_newlines_and_tabs_stay_and_crlf_becomes_a_newline() -> None:
    assert neutralize_controls("a\tb\nc") == "a\tb\nc"
    assert neutralize_controls("line\r\nnext\rover") == "line\nnext␍over"
    text = "plain text"
    assert neutralize_controls(text) is text


def test_c1_controls_are_escaped_in_json_without_changing_the_data() -> None:
    value = {"t": "a\x9bb\x1bc\x85"}
    encoded = escape_c1_in_json(json.dumps(value, ensure_ascii=False))
    assert "\x9b" not in encoded and "\x85" not in encoded and "\x1b" not in encoded
    assert json.loads(encoded) == value
