"""Sessions know their project: schema 6, `hermes sessions list --here`, search ranking."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from hermes.sessions import SessionStore
from hermes.sessions.migrations import LATEST_VERSION, current_version
from hermes.sessions.search_tool import SessionSearchTool
from tests.sessions.conftest import REPO, new_session
from tests.sessions.test_migrations import _old_file


def test_v5_file_gets_project_dir_and_old_sessions_are_found_by_their_cwd(hermes_home: Path,
                                                                       tmp_path: Path):
    path = _old_file(5)  # its one session ran in /old
    with SessionStore(path) as store:
        assert current_version(store.conn) == LATEST_VERSION >= 6
        old = store.get_session("20250101_120000_abcdef")
        assert old.project_dir == "" and old.cwd == "/old" and old.title == "old work"
        new = new_session(store, cwd="/elsewhere/sub", project_dir="/elsewhere")
        assert store.get_session(new).project_dir == "/elsewhere"
        assert [s.id for s in store.list_sessions(project_dir="/old")] == [old.id]
        assert [s.id for s in store.list_sessions(project_dir="/elsewhere")] == [new]
        # a cwd below the root counts for an older session; a folder that only shares a prefix not
        conn = sqlite3.connect(path)
        conn.execute("UPDATE sessions SET cwd = '/old/pkg' WHERE id = ?", (old.id,))
        conn.commit()
        conn.close()
        assert [s.id for s in store.list_sessions(project_dir="/old")] == [old.id]
        assert store.list_sessions(project_dir="/ol") == []
        assert store.check_integrity() == []


def test_a_continuation_inherits_the_project(hermes_home: Path):
    with SessionStore() as store:
        parent = new_session(store, title="cart work", project_dir="/work/shop")
        child = store.continue_session(parent, system_prompt="S", model="m", source="tui",
                                       cwd="/somewhere/else")
        info = store.get_session(child)
        assert info.project_dir == "/work/shop" and info.title == "cart work #2"


def _hermes_in(folder: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO), COLUMNS="160")
    return subprocess.run([sys.executable, "-m", "hermes", *args], capture_output=True, text=True,
                          env=env, cwd=folder, timeout=60)


def test_sessions_list_here_filters_to_the_project_of_the_working_directory(
        hermes_home: Path, tmp_path: Path):
    shop, blog = tmp_path / "shop", tmp_path / "blog"
    for root in (shop, blog):
        (root / ".git").mkdir(parents=True)
    (shop / "src").mkdir()
    with SessionStore() as store:
        ours = new_session(store, title="cart bug", cwd=str(shop / "src"), project_dir=str(shop))
        theirs = new_session(store, title="blog theme", cwd=str(blog), project_dir=str(blog))
    proc = _hermes_in(shop / "src", hermes_home, "sessions", "list", "--here", "--json")
    assert proc.returncode == 0, proc.stderr
    assert [r["id"] for r in json.loads(proc.stdout)] == [ours]
    every = _hermes_in(shop / "src", hermes_home, "sessions", "list", "--json")
    assert {r["id"] for r in json.loads(every.stdout)} == {ours, theirs}
    empty = tmp_path / "notes"
    empty.mkdir()
    proc = _hermes_in(empty, hermes_home, "sessions", "list", "--here")
    assert proc.returncode == 0 and proc.stdout.strip() == (
        f"No sessions in {empty} yet. Start one there with `hermes`, or drop --here.")


def test_session_search_puts_the_current_projects_sessions_first(hermes_home: Path):
    with SessionStore() as store:
        here = new_session(store, title="shop deploy", project_dir="/work/shop")
        store.append_message(here, "user", "the deploy script failed once")
        for n in range(3):  # elsewhere, and more relevant: the word is said again and again
            other = new_session(store, title=f"blog deploy {n}", project_dir="/work/blog")
            store.append_message(other, "user", "deploy deploy deploy: deploy the blog")
        plain = json.loads(SessionSearchTool(store, None).dispatch({"query": "deploy", "limit": 5}))
        assert [r["session_id"] for r in plain["results"]][-1] == here
        ranked = json.loads(SessionSearchTool(store, None, project_dir="/work/shop").dispatch(
            {"query": "deploy", "limit": 5}))
        ids = [r["session_id"] for r in ranked["results"]]
        assert ids[0] == here and sorted(ids[1:]) == sorted(r["session_id"] for r in plain["results"][:-1])
        assert ids[1:] == [r["session_id"] for r in plain["results"]][:-1]  # the rest keep their order
        # a date order asked for is kept as asked
        newest = json.loads(SessionSearchTool(store, None, project_dir="/work/shop").dispatch(
            {"query": "deploy", "limit": 5, "sort": "newest"}))
        assert [r["session_id"] for r in newest["results"]][-1] == here
