"""The gates that let the redactor skip its token rules on text without a run of 16 token
characters (secret_values.has_token_run) must never hide a token: every provider format either
holds such a run in each of its matches, or opens with a prefix the gate looks for instead."""

from __future__ import annotations

import re

from hermes.security import secret_formats, secret_values
from hermes.security.redact import find_secrets
from tests.security.regex_runs import needs_run, parse

_TOKEN_CHAR = re.compile(r"[A-Za-z0-9+/_\-]")


def _literal_opening(pattern: str) -> str:
    """The literal characters a pattern opens with, in lower case (`xox[ab…` → "xox")."""
    out = []
    for ch in pattern:
        if ch in "[(\\{.?*+|^$":
            break
        out.append(ch)
    return "".join(out).lower()


def test_every_prefixed_format_holds_a_run_or_opens_with_a_listed_prefix() -> None:
    unguarded = []
    for kind, body in secret_formats._PREFIXED:
        for alt in secret_formats._alternatives(body):
            if needs_run(parse(alt), _TOKEN_CHAR):
                continue
            if not _literal_opening(alt).startswith(secret_formats.SHORT_RUN_PREFIXES):
                unguarded.append((kind, alt))
    assert unguarded == []


def test_the_run_check_counts_neighbours_and_rejects_short_bodies() -> None:
    assert needs_run(parse(r"AKIA[0-9A-Z]{16}"), _TOKEN_CHAR)  # 4 + 16 side by side
    assert needs_run(parse(r"LTAI[A-Za-z0-9]{12,20}"), _TOKEN_CHAR)
    assert not needs_run(parse(r"xox[ab]-[A-Za-z0-9\-]{10,}"), _TOKEN_CHAR)  # 15 at least
    assert not needs_run(parse(r"ab\.[A-Za-z]{10}\.[A-Za-z]{10}"), _TOKEN_CHAR)  # dots break it
    assert not needs_run(parse(r"x[A-Za-z=]{40}"), _TOKEN_CHAR)  # `=` is no token character


def test_tokens_without_a_long_run_are_still_found() -> None:
    slack = "xoxb-12345abcde"  # 15 characters: no run of 16
    jwt = "eyJhbGciOiJIUz.eyJzdWIiOiIxMj.c2lnbmF0dXJl"  # no part of 16
    assert not secret_values.has_token_run(f"the bot uses {slack} today")
    assert [m.kind for m in find_secrets(f"the bot token is {slack} today")] == ["slack-token"]
    assert [m.kind for m in find_secrets(f"the session token is {jwt} here")] == ["jwt"]


def test_the_run_test_sees_runs_at_either_end_and_not_across_other_characters() -> None:
    assert secret_values.has_token_run("a" * 16)
    assert secret_values.has_token_run("x " + "b" * 16)
    assert not secret_values.has_token_run("abcdefgh.ijklmnop")
    assert not secret_values.has_token_run("a" * 15)
