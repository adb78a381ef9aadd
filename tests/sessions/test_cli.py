"""`hermes sessions …` run as real subprocesses against a real state.db."""

from __future__ import annotations

import json
import re
import stat
import sys
from pathlib import Path

import pytest

from hermes.sessions import SessionStore
from tests.sessions.conftest import FakeClock, new_session, run_hermes

KEY = "sk-proj-" + "Q9w8E7r6" * 5


@pytest.fixture
def populated(hermes_home: Path) -> dict[str, str]:
    """Three sessions: a named one with Chinese text, an untitled one, and one holding a key."""
    ids = {}
    with SessionStore() as store:
        ids["named"] = new_session(store, title="auth refactor")
        store.append_message(ids["named"], "user", "帮我重构认证模块的代码")
        store.append_message(ids["named"], "assistant", "Refactored the auth module; tests pass.")
        store.add_usage(ids["named"], input_tokens=1200, output_tokens=300, cost=0.0123)
        ids["untitled"] = new_session(store)
        store.append_message(ids["untitled"], "user", "quick question about pandas dataframes")
    # a file written without write-time redaction (e.g. by an older version): --redact matters
    with SessionStore(redact_secrets=False) as raw:
        ids["secret"] = new_session(raw, title="deploy keys")
        raw.append_message(ids["secret"], "user", f"use OPENAI key {KEY} for the deploy")
    return ids


def test_list_table(hermes_home: Path, populated: dict[str, str]) -> None:
    proc = run_hermes(hermes_home, "sessions", "list")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert re.match(r"Title\s+│ Preview\s+│ Last active\s+│ ID", lines[0])
    rows = lines[2:]
    assert len(rows) == 3
    assert populated["secret"] in rows[0] and populated["named"] in rows[2]  # newest first
    untitled = next(r for r in rows if populated["untitled"] in r)
    assert untitled.startswith("—") and "quick question about pandas" in untitled
    assert all("just now" in r for r in rows)
    assert "auth refactor" in rows[2] and "帮我重构认证模块的代码" in rows[2]


def test_list_json_limit_and_empty(hermes_home: Path, populated: dict[str, str]) -> None:
    proc = run_hermes(hermes_home, "sessions", "list", "--json", "--limit", "2")
    data = json.loads(proc.stdout)
    assert [d["id"] for d in data] == [populated["secret"], populated["untitled"]]
    assert data[1]["title"] is None and data[1]["message_count"] == 1


def test_list_on_a_fresh_home(hermes_home: Path) -> None:
    proc = run_hermes(hermes_home, "sessions", "list")
    assert proc.returncode == 0 and "No sessions yet" in proc.stdout


def test_list_never_imports_litellm_or_textual(hermes_home: Path, populated: dict[str, str]) -> None:
    code = (
        "import sys; from hermes.cli import main; rc = main(['sessions', 'list']);"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('litellm', 'textual'));"
        "print('HEAVY', heavy)"
    )
    import os
    import subprocess

    from tests.sessions.conftest import REPO

    env = dict(os.environ, HERMES_HOME=str(hermes_home), PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "HEAVY []" in proc.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines() if "|" in line}
    assert not any(name.startswith(("litellm", "textual")) for name in imported)
    assert "hermes.sessions.session_store" in imported  # the check saw real imports


def test_show(hermes_home: Path, populated: dict[str, str]) -> None:
    proc = run_hermes(hermes_home, "sessions", "show", "auth refactor")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith(f"auth refactor  ({populated['named']})")
    assert "1200 in / 300 out" in out and "$0.0123" in out
    assert "── user" in out and "帮我重构认证模块的代码" in out and "Refactored the auth module" in out
    by_prefix = run_hermes(hermes_home, "sessions", "show", populated["untitled"][:-1])
    assert "pandas dataframes" in by_prefix.stdout
    missing = run_hermes(hermes_home, "sessions", "show", "nothing-like-this")
    assert missing.returncode == 1 and "nothing-like-this" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_show_folds_a_replaced_answer_and_says_a_cleared_message_was_not_sent(hermes_home: Path) -> None:
    with SessionStore() as store:
        sid = new_session(store, title="retried")
        store.append_message(sid, "user", "what is a monad?")
        old = store.append_message(sid, "assistant", "A burrito.\nSort of.", finish_reason="stop")
        store.update_message(old, finish_reason="replaced")
        store.append_message(sid, "assistant", "A monoid in the category of endofunctors.")
        store.append_message(sid, "user", "never mind", finish_reason="discarded")
    out = run_hermes(hermes_home, "sessions", "show", "retried").stdout
    assert f"── ▸ earlier answer (replaced) · assistant · #{old} ·" in out
    assert "  ┊ A burrito.\n  ┊ Sort of." in out  # folded under its heading, every line
    assert "\nA monoid in the category of endofunctors." in out  # the answer that counts: as is
    assert "── user (not sent: cleared after it failed)" in out


def test_search_english_and_chinese(hermes_home: Path, populated: dict[str, str]) -> None:
    en = run_hermes(hermes_home, "sessions", "search", "auth")
    assert en.returncode == 0 and populated["named"] in en.stdout and "auth" in en.stdout and "**" not in en.stdout
    zh = run_hermes(hermes_home, "sessions", "search", "认证")
    assert zh.returncode == 0 and populated["named"] in zh.stdout and "认证" in zh.stdout
    one = run_hermes(hermes_home, "sessions", "search", "码")
    assert populated["named"] in one.stdout
    odd = run_hermes(hermes_home, "sessions", "search", '"unbalanced', "rm -rf /")
    assert odd.returncode == 0 and "Traceback" not in odd.stderr
    none = run_hermes(hermes_home, "sessions", "search", "zzzyyyxxx")
    assert none.returncode == 0 and "No sessions match" in none.stdout


def test_rename_and_clash(hermes_home: Path, populated: dict[str, str]) -> None:
    ok = run_hermes(hermes_home, "sessions", "rename", populated["untitled"], "pandas", "help")
    assert ok.returncode == 0 and "pandas help" in ok.stdout
    clash = run_hermes(hermes_home, "sessions", "rename", populated["untitled"], "Auth Refactor")
    assert clash.returncode == 1
    assert populated["named"] in clash.stderr and "auth refactor" in clash.stderr
    with SessionStore() as store:
        assert store.get_session(populated["untitled"]).title == "pandas help"


def test_delete_asks_first(hermes_home: Path, populated: dict[str, str]) -> None:
    sid = populated["untitled"]
    no = run_hermes(hermes_home, "sessions", "delete", sid, stdin="n\n")
    assert no.returncode == 1 and "Delete session" in no.stdout and "Nothing deleted" in no.stdout
    eof = run_hermes(hermes_home, "sessions", "delete", sid, stdin="")
    assert eof.returncode == 1
    with SessionStore() as store:
        assert store.get_session(sid)
    yes = run_hermes(hermes_home, "sessions", "delete", sid, stdin="y\n")
    assert yes.returncode == 0 and "Deleted session" in yes.stdout
    forced = run_hermes(hermes_home, "sessions", "delete", populated["secret"], "--yes")
    assert forced.returncode == 0
    with SessionStore() as store:
        assert {s.id for s in store.list_sessions()} == {populated["named"]}


def test_export_jsonl_md_and_redact(hermes_home: Path, populated: dict[str, str], tmp_path: Path) -> None:
    plain = run_hermes(hermes_home, "sessions", "export", "--all", "--format", "jsonl")
    records = [json.loads(line) for line in plain.stdout.splitlines()]
    assert {r["id"] for r in records} == set(populated.values())
    named = next(r for r in records if r["id"] == populated["named"])
    assert [m["role"] for m in named["messages"]] == ["user", "assistant"]
    assert named["title"] == "auth refactor" and named["input_tokens"] == 1200
    assert KEY in plain.stdout  # the raw file held it and no --redact was asked for

    red = run_hermes(hermes_home, "sessions", "export", "--all", "--format", "jsonl", "--redact")
    assert KEY not in red.stdout and "[REDACTED:openai-key]" in red.stdout

    out = tmp_path / "export.md"
    md = run_hermes(hermes_home, "sessions", "export", populated["secret"], "auth refactor",
                    "--format", "md", "--redact", "--output", str(out))
    assert md.returncode == 0, md.stderr
    text = out.read_text(encoding="utf-8")
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert "# deploy keys" in text and "# auth refactor" in text and "## User" in text
    assert "## Assistant" in text and "帮我重构认证模块的代码" in text
    assert KEY not in text and "[REDACTED:openai-key]" in text

    neither = run_hermes(hermes_home, "sessions", "export", "--format", "md")
    assert neither.returncode == 2 and "--all" in neither.stderr


def test_prune_and_stats(hermes_home: Path) -> None:
    clock = FakeClock(start=1_500_000_000.0)  # 2017
    with SessionStore(clock=clock) as store:
        old = new_session(store, title="ancient")
        store.append_message(old, "user", "old stuff")
        root = new_session(store, title="lineage")
        store.append_message(root, "user", "old root")
    with SessionStore() as store:  # the real clock: the child is recent
        child = store.continue_session(root, system_prompt="", model="m", source="tui", cwd="/")
        store.append_message(child, "user", "recent child")
    dry = run_hermes(hermes_home, "sessions", "prune", "--older-than", "90d", "--dry-run")
    assert dry.returncode == 0 and "Would delete 1 session in 1 lineage" in dry.stdout and old in dry.stdout
    done = run_hermes(hermes_home, "sessions", "prune", "--older-than", "90d")
    assert done.returncode == 0 and "Deleted 1 session in" in done.stdout
    bad = run_hermes(hermes_home, "sessions", "prune", "--older-than", "soon")
    assert bad.returncode == 2 and "90d" in bad.stderr
    st = run_hermes(hermes_home, "sessions", "stats")
    assert st.returncode == 0
    assert re.search(r"sessions\s+2", st.stdout) and re.search(r"messages\s+2", st.stdout)
    assert "file size" in st.stdout and "search index" in st.stdout and "KB" in st.stdout
    with SessionStore() as store:
        assert {s.id for s in store.list_sessions()} == {root, child}


@pytest.mark.parametrize(("args", "allowed"), [
    (("list", "--limit", "99999999999999999999999"), "from 1 to 1,000,000"),
    (("list", "--limit", "0"), "from 1 to 1,000,000"),
    (("list", "-n", "many"), "from 1 to 1,000,000"),
    (("search", "auth", "--limit", "-3"), "from 1 to 10"),
    (("search", "auth", "--limit", "11"), "from 1 to 10"),
])
def test_bad_limit_is_a_one_line_error(hermes_home: Path, populated: dict[str, str], args: tuple[str, ...],
                                       allowed: str) -> None:
    proc = run_hermes(hermes_home, "sessions", *args)
    assert proc.returncode == 2 and proc.stdout == ""
    [line] = proc.stderr.strip().splitlines()
    assert "--limit" in line and allowed in line and repr(args[-1]) in line
    assert "Traceback" not in line and "Error" not in line
    assert run_hermes(hermes_home, "sessions", args[0], *args[1:-1], "2").returncode == 0


def test_export_to_a_folder_or_a_missing_folder_is_refused_with_one_line(
        hermes_home: Path, populated: dict[str, str], tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    into_dir = run_hermes(hermes_home, "sessions", "export", "--all", "-o", str(folder))
    assert into_dir.returncode == 2
    (line,) = into_dir.stderr.splitlines()
    assert "is a folder" in line and str(folder / "sessions.jsonl") in line
    assert "Error" not in line and list(folder.iterdir()) == []

    missing = tmp_path / "no" / "such" / "out.md"
    refused = run_hermes(hermes_home, "sessions", "export", "--all", "-f", "md", "-o", str(missing))
    assert refused.returncode == 2
    (line,) = refused.stderr.splitlines()
    assert f"the folder {missing.parent} does not exist" in line
    assert not (tmp_path / "no").exists()  # nothing created silently


def test_export_to_an_unwritable_place_is_one_line(hermes_home: Path,
                                                   populated: dict[str, str]) -> None:
    target = Path("/proc/self/hermes-export.jsonl")  # a folder nobody, root included, may write
    proc = run_hermes(hermes_home, "sessions", "export", "--all", "-o", str(target))
    assert proc.returncode == 1
    (line,) = proc.stderr.splitlines()
    assert line.startswith(f"hermes sessions: cannot export: {target} ")
    assert "Error" not in line and "Traceback" not in proc.stderr


def test_list_keeps_the_lineage_suffix_of_long_titles_visible(hermes_home: Path) -> None:
    base = "refactor the authentication middleware for the billing service"
    with SessionStore() as store:
        first = new_session(store, title=base)
        store.append_message(first, "user", "one")
        second = new_session(store, title=base + " #2")
        store.append_message(second, "user", "two")
        third = new_session(store, title=base + " (3)")
    proc = run_hermes(hermes_home, "sessions", "list")
    assert proc.returncode == 0, proc.stderr
    rows = {sid: next(r for r in proc.stdout.splitlines() if sid in r) for sid in (first, second, third)}
    titles = {sid: row.split(" │ ")[0] for sid, row in rows.items()}
    assert titles[second].rstrip().endswith("… #2")
    assert titles[third].rstrip().endswith("… (3)")
    assert titles[first].rstrip().endswith("…") and titles[first].startswith("refactor the auth")
    assert len({len(t) for t in titles.values()}) == 1  # the column keeps its width


def test_counts_say_1_message_not_1_messages(hermes_home: Path) -> None:
    with SessionStore() as store:
        sid = new_session(store, title="tiny")
        store.append_message(sid, "user", "only one")
    shown = run_hermes(hermes_home, "sessions", "show", sid)
    assert " · 1 message · " in shown.stdout
    deleted = run_hermes(hermes_home, "sessions", "delete", sid, "--yes")
    assert deleted.returncode == 0 and "(1 message)." in deleted.stdout


def _search_with(hermes_home: Path, *args: str) -> str:
    with SessionStore() as store:
        sid = new_session(store, title="long one")
        words = " ".join(f"filler{n}" for n in range(60))
        store.append_message(sid, "user", f"{words} the auth token expired {words}")
    proc = run_hermes(hermes_home, "sessions", "search", "auth", *args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_search_is_plain_when_piped_and_wraps_with_an_indent(hermes_home: Path) -> None:
    out = _search_with(hermes_home)  # stdout is a pipe here: --color auto means plain
    assert "**" not in out and "\x1b" not in out and "auth" in out
    snippet = out.splitlines()[1:]
    assert len(snippet) > 1  # wrapped at 160 columns
    assert all(line.startswith("    ") and len(line) <= 160 for line in snippet if line)


def test_search_color_always_makes_the_hit_bold(hermes_home: Path) -> None:
    out = _search_with(hermes_home, "--color", "always")
    assert "\x1b[1mauth\x1b[22m" in out and "**" not in out
    never = run_hermes(hermes_home, "sessions", "search", "auth", "--color", "never")
    assert "\x1b" not in never.stdout


def test_wrap_snippet_reopens_bold_across_a_line_break() -> None:
    from hermes.sessions.cli_format import BOLD, RESET, wrap_snippet

    lines = wrap_snippet("aaaa **bbbb cccc dddd eeee** ffff", 24, indent="  ", color=True)
    assert len(lines) == 2
    assert lines[0].endswith(RESET) and lines[1].startswith("  " + BOLD)
    assert [line.replace(BOLD, "").replace(RESET, "") for line in lines] == \
        ["  aaaa bbbb cccc dddd", "  eeee ffff"]
