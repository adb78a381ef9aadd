"""Credentials recognised by their kind: file formats (.netrc, .pgpass, htpasswd, XML settings),
command-line flags, vendor formats and prose in many languages. Each fake credential of
tests/data/redact_secrets_more.tsv is removed; each line of tests/data/redact_code_more.txt,
which only names a secret, comes back byte-identical."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from hermes import paths
from hermes.log import setup_logging
from hermes.security.redact import find_secrets, might_contain_secret, redact, redact_json
from hermes.security.scan import BLOCK, scan_text
from hermes.security.secret_context import _WORDS_CJK, _WORDS_LATIN
from hermes.sessions import SessionStore
from hermes.workspace.undo import UndoJournal, journal_path
from tests.sessions.conftest import run_hermes
from tests.support.secret_corpus import DATA, SecretCase, more_secret_cases

CASES = more_secret_cases()
CODE = [line for line in (DATA / "redact_code_more.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("# ")]


def test_the_new_sets_are_big_and_varied() -> None:
    assert len(CASES) >= 60
    assert len({c.name for c in CASES}) >= 30
    languages = {c.name.removeprefix("prose-").split("-")[0] for c in CASES if c.name.startswith("prose-")}
    assert len(languages) >= 12
    assert len(CODE) >= 40


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_credential_of_the_new_set_is_redacted(case: SecretCase) -> None:
    assert might_contain_secret(case.text)  # the cheap gate never skips one
    out = redact(case.text)
    assert case.secret not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("line", CODE)
def test_code_that_names_a_secret_is_kept_byte_identical(line: str) -> None:
    assert redact(line) == line


def test_the_code_corpora_are_kept_whole() -> None:
    for name in ("redact_code_corpus.txt", "redact_code_more.txt"):
        text = (DATA / name).read_text(encoding="utf-8")
        assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("machine api.example.com login ci password Qz8mK2pLx9vR", "machine api.example.com login ci password "),
        ("db.internal:5432:app:app_rw:Qz8mK2pLx9vR", "db.internal:5432:app:app_rw:"),
        ("mysql -u root -pQz8mK2pLx9vR shop", "mysql -u root -p"),
        ("curl -u admin:Qz8mK2pLx9vR https://ci.example.com", "curl -u admin:"),
        ("app --token=Qz8mK2pLx9vR --verbose", "app --token="),
        ("<password>Qz8mK2pLx9vR</password>", "<password>"),
        ("openssl rsa -passin pass:Qz8mK2pLx9vR -in k.pem", "openssl rsa -passin pass:"),
        ("echo 'deploy:Qz8mK2pLx9vR' | chpasswd", "echo 'deploy:"),
    ],
)
def test_only_the_value_of_a_form_is_hidden(text: str, kept: str) -> None:
    out = redact(text)
    assert "Qz8mK2pLx9vR" not in out
    assert out.startswith(kept)


@pytest.mark.parametrize(
    "text",
    [
        "machine api.example.com login ci password $NETRC_TOKEN",
        "db.internal:5432:app:app_rw:*",
        'mysql -u root -p"${MYSQL_PASSWORD}" shop',
        "curl -u admin:<password> https://ci.example.com",
        "app --token=$(cat ~/.token) --verbose",
        "<password>${env.PASSWORD}</password>",
        "openssl rsa -passin env:KEY_PASSWORD -in k.pem",
        'echo "deploy:$DEPLOY_PASSWORD" | chpasswd',
        "htpasswd -b .htpasswd admin changeme",
        "password: !secret db_password",
    ],
)
def test_the_same_forms_with_a_variable_or_placeholder_stay(text: str) -> None:
    assert find_secrets(text) == []


def test_every_password_word_passes_the_cheap_gate() -> None:
    """The gate in redact.py lists hints by hand; a word missing there would never be scanned."""
    missing = [w for w in _WORDS_LATIN + _WORDS_CJK if not might_contain_secret(f"x {w} y")]
    assert missing == []


def test_docker_config_auth_is_judged_by_what_it_decodes_to() -> None:
    import base64

    auth = base64.b64encode(b"robot:pw").decode()  # short and low in entropy, but a login
    doc = json.dumps({"auths": {"registry.example.com": {"auth": auth}}})
    assert auth not in redact_json(doc)
    assert redact(f"Authorization: Basic {auth}") == "Authorization: Basic [REDACTED:bearer-token]"
    assert redact('"auth": "oauth2"') == '"auth": "oauth2"'  # a word, not a login


# ---------------------------------------------------------------- sinks


def test_the_memory_scan_blocks_every_credential_of_the_new_set() -> None:
    let_through = [c.name for c in CASES
                   if not any(f.severity == BLOCK and f.category == "secrets" for f in scan_text(c.text))]
    assert let_through == []


def test_hermes_log_keeps_none_of_them(hermes_home: Path) -> None:
    setup_logging()
    log = logging.getLogger("hermes.test")
    for case in CASES:
        log.warning("provider said: %s", json.dumps({"error": {"echo": case.text}}))
        log.warning("tool output: %s", case.text)
    for handler in logging.getLogger("hermes").handlers:
        handler.flush()
    text = (hermes_home / "logs" / "hermes.log").read_text(encoding="utf-8")
    assert [c.name for c in CASES if c.secret in text] == []
    assert text.count("[REDACTED:") >= 2 * len(CASES)


def test_undo_journals_hold_none_of_them(hermes_home: Path, tmp_path: Path) -> None:
    body = "\n".join(c.text for c in CASES) + "\n"
    notes = tmp_path / "notes.txt"
    journal = UndoJournal("s-redact")
    journal.record(notes, "notes.txt", body, body + "# edited\n")
    notes.write_text(body + "# edited\n", encoding="utf-8")
    raw = journal_path("s-redact").read_bytes()
    assert [c.name for c in CASES if c.secret.encode() in raw] == []
    assert journal.undo_last().startswith("Undone:")  # sealed, not lost: /undo restores the text
    assert notes.read_text(encoding="utf-8") == body


def test_state_db_show_and_export_hold_none_of_them(hermes_home: Path) -> None:
    with SessionStore() as store:
        sid = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
        for case in CASES:
            store.append_message(sid, "user", case.text)
            store.append_message(sid, "tool", json.dumps({"output": case.text}), tool_call_id="c",
                                 tool_name="run_command")
        store.set_title(sid, "redaction forms", "derived")
    raw = b"".join(p.read_bytes() for p in paths.hermes_home().glob("state.db*"))
    shown = run_hermes(hermes_home, "sessions", "show", "redaction forms")
    exported = run_hermes(hermes_home, "sessions", "export", "--all", "--format", "jsonl")
    markdown = run_hermes(hermes_home, "sessions", "export", "redaction forms", "--format", "md")
    assert shown.returncode == exported.returncode == markdown.returncode == 0
    assert "[REDACTED:" in shown.stdout and "[REDACTED:" in exported.stdout and "[REDACTED:" in markdown.stdout
    leaks = [c.name for c in CASES if c.secret.encode() in raw or c.secret in shown.stdout
             or c.secret in exported.stdout or c.secret in markdown.stdout]
    assert leaks == []
