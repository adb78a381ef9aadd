"""Undo journals go with their sessions: `sessions delete` and `sessions prune` remove them, prune
also removes those whose session is no longer in state.db, and nothing but a regular file in
the undo folder is ever removed (real state.db, real journals written by the coding tools'
UndoJournal, real links and folders)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from hermes import paths
from hermes.sessions import SessionStore
from hermes.sessions.maintenance import delete_session, prune
from hermes.sessions.undo_journals import ORPHAN_GRACE_S
from hermes.workspace.undo import UndoJournal, journal_path
from tests.sessions.conftest import FakeClock, new_session, run_hermes

DAY = 86400.0
SECRET = "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"


def edit(session_id: str, tmp_path: Path) -> Path:
    """A journal as the coding tools write it: the whole text of a config file, before and after."""
    UndoJournal(session_id).record(tmp_path / "settings.env", "settings.env", SECRET, SECRET + "DEBUG=1\n")
    path = journal_path(session_id)
    assert path.is_file() and SECRET.strip() not in path.read_text()  # sealed (undo_seal.py)
    return path


def age(path: Path, seconds: float) -> None:
    """Make a journal look last written `seconds` ago (lstat: a link's own time)."""
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)


def test_delete_removes_that_sessions_journal_only(store: SessionStore, tmp_path: Path) -> None:
    doomed, kept = new_session(store), new_session(store)
    store.append_message(doomed, "user", "fix the config")
    doomed_journal, kept_journal = edit(doomed, tmp_path), edit(kept, tmp_path)
    result = delete_session(store, doomed)
    assert (result.messages, result.journals.removed, result.journals.left) == (1, 1, [])
    assert not doomed_journal.exists() and kept_journal.is_file()
    assert {s.id for s in store.list_sessions()} == {kept}


def test_delete_without_a_journal_is_fine(store: SessionStore) -> None:
    sid = new_session(store)
    result = delete_session(store, sid)
    assert (result.messages, result.journals.removed, result.journals.left) == (0, 0, [])
    assert store.list_sessions() == []


def test_delete_and_prune_on_the_command_line(hermes_home: Path, tmp_path: Path) -> None:
    with SessionStore(clock=FakeClock(start=1_500_000_000.0)) as store:  # 2017
        old_root = new_session(store, title="old work")
        store.append_message(old_root, "user", "old stuff")
        old_child = store.continue_session(old_root, system_prompt="", model="m", source="tui", cwd="/")
        without = new_session(store, title="old chat")
    with SessionStore() as store:  # the real clock: recent
        recent, gone = new_session(store, title="recent"), new_session(store, title="to delete")
        store.append_message(gone, "user", "edit it")
    root_journal, child_journal = edit(old_root, tmp_path), edit(old_child, tmp_path)
    recent_journal, gone_journal = edit(recent, tmp_path), edit(gone, tmp_path)

    deleted = run_hermes(hermes_home, "sessions", "delete", gone, "--yes")
    assert deleted.returncode == 0, deleted.stderr
    assert deleted.stdout.strip() == f"Deleted session {gone} (1 message) and its undo journal."
    assert not gone_journal.exists()
    again = run_hermes(hermes_home, "sessions", "delete", recent, "--yes", stdin="")
    assert again.stdout.strip() == f"Deleted session {recent} (0 messages) and its undo journal."
    assert not recent_journal.exists()

    dry = run_hermes(hermes_home, "sessions", "prune", "--older-than", "90d", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.splitlines()[0] == ("Would delete 3 sessions in 2 lineages, 1 message and "
                                          "2 undo journals, inactive for more than 90d.")
    assert root_journal.is_file() and child_journal.is_file()  # a dry run removes nothing
    done = run_hermes(hermes_home, "sessions", "prune", "--older-than", "90d")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[0] == ("Deleted 3 sessions in 2 lineages, 1 message and "
                                           "2 undo journals, inactive for more than 90d.")
    assert not root_journal.exists() and not child_journal.exists()
    assert [p.name for p in paths.undo_dir().iterdir()] == ["journal.key"]  # the home's sealing key
    with SessionStore() as store:
        assert store.list_sessions() == []
    assert without  # a pruned session without a journal is simply not counted


def test_delete_without_a_journal_prints_what_it_always_did(hermes_home: Path) -> None:
    with SessionStore() as store:
        sid = new_session(store)
    done = run_hermes(hermes_home, "sessions", "delete", sid, "--yes")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.strip() == f"Deleted session {sid} (0 messages)."


def test_prune_removes_the_journals_of_pruned_lineages_only(hermes_home: Path, clock: FakeClock,
                                                            tmp_path: Path) -> None:
    store = SessionStore(clock=clock)
    old, root = new_session(store), new_session(store)
    clock.advance(120 * DAY)
    child = store.continue_session(root, system_prompt="", model="m", source="tui", cwd="/")
    journals = {sid: edit(sid, tmp_path) for sid in (old, root, child)}
    result = prune(store, 90 * DAY)
    assert result.sessions == [old] and result.journals.removed == 1 and result.orphans.removed == 0
    assert not journals[old].exists()
    assert journals[root].is_file() and journals[child].is_file()  # the lineage is still active
    store.close()


def test_prune_removes_orphans_but_not_fresh_ones(hermes_home: Path, store: SessionStore,
                                                  tmp_path: Path) -> None:
    live = new_session(store)
    live_journal = edit(live, tmp_path)
    age(live_journal, 30 * DAY)  # an old journal of a stored session is not an orphan
    # sessions deleted by an older Hermes, or in a state.db that was replaced
    orphans = [edit(f"20240101_120000_{n:06x}", tmp_path) for n in range(3)]
    for path in orphans:
        age(path, ORPHAN_GRACE_S + 60)
    # a journal just written for a session not (yet) in state.db: perhaps a Hermes running
    # without history; it is left for now
    fresh = edit("20991231_235959_abcdef", tmp_path)
    dry = prune(store, 90 * DAY, dry_run=True)
    assert (dry.sessions, dry.orphans.removed, dry.orphans.left) == ([], 3, [])
    assert all(p.is_file() for p in orphans)
    done = prune(store, 90 * DAY)
    assert (done.sessions, done.orphans.removed, done.orphans.left) == ([], 3, [])
    assert not any(p.exists() for p in orphans)
    assert live_journal.is_file() and fresh.is_file()
    assert store.get_session(live)


def test_prune_reports_orphans_on_the_command_line(hermes_home: Path, tmp_path: Path) -> None:
    with SessionStore() as store:
        new_session(store)
    orphan = edit("20240101_120000_0a0b0c", tmp_path)
    age(orphan, 2 * ORPHAN_GRACE_S)
    dry = run_hermes(hermes_home, "sessions", "prune", "--older-than", "90d", "--dry-run")
    assert dry.stdout.splitlines()[:2] == [
        "Would delete 0 sessions in 0 lineages, 0 messages, inactive for more than 90d.",
        "Would delete 1 undo journal of sessions no longer in the history."]
    assert orphan.is_file()
    done = run_hermes(hermes_home, "sessions", "prune", "--older-than", "90d")
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "Deleted 0 sessions in 0 lineages, 0 messages, inactive for more than 90d.",
        "Deleted 1 undo journal of sessions no longer in the history."]
    assert not orphan.exists()


def test_a_store_over_another_file_removes_no_orphans(hermes_home: Path, tmp_path: Path) -> None:
    """Orphans are judged against this home's state.db only: another database (a copy, an
    import) knows nothing of the sessions whose journals are here."""
    orphan = edit("20240101_120000_0d0e0f", tmp_path)
    age(orphan, 2 * ORPHAN_GRACE_S)
    with SessionStore(tmp_path / "other.db") as other:
        new_session(other)
        result = prune(other, 90 * DAY)
    assert result.orphans.removed == 0 and orphan.is_file()


def test_a_link_or_folder_in_place_of_a_journal_is_left_alone(hermes_home: Path, store: SessionStore,
                                                              tmp_path: Path) -> None:
    linked, foldered = new_session(store), new_session(store)
    paths.ensure_dir(paths.undo_dir())
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n")
    link = journal_path(linked)
    link.symlink_to(precious)
    folder = journal_path(foldered)
    folder.mkdir()
    (folder / "inside.txt").write_text("keep me too\n")

    deleted = delete_session(store, linked)
    assert deleted.journals.removed == 0
    [line] = deleted.journals.left
    assert line == (f"{link} is a symbolic link, not a regular file, so Hermes left it alone; "
                    "look at it and remove it yourself if it is not needed")
    assert link.is_symlink() and precious.read_text() == "keep me\n"

    # the folder's session is still stored; once it is gone, prune meets the folder and the
    # link as orphans and leaves both (and what they hold) in place
    store.delete_session(foldered)
    age(link, 2 * ORPHAN_GRACE_S)
    age(folder, 2 * ORPHAN_GRACE_S)
    result = prune(store, 90 * DAY)
    assert result.orphans.removed == 0 and len(result.orphans.left) == 2
    assert any(f"{folder} is a folder" in line for line in result.orphans.left)
    assert (folder / "inside.txt").read_text() == "keep me too\n"
    assert link.is_symlink() and precious.read_text() == "keep me\n"


def test_link_lines_reach_the_command_line(hermes_home: Path, tmp_path: Path) -> None:
    with SessionStore() as store:
        sid = new_session(store)
    paths.ensure_dir(paths.undo_dir())
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n")
    journal_path(sid).symlink_to(precious)
    done = run_hermes(hermes_home, "sessions", "delete", sid, "--yes")
    assert done.returncode == 0
    assert done.stdout.strip() == f"Deleted session {sid} (0 messages)."
    assert done.stderr.strip() == (f"hermes sessions: {journal_path(sid)} is a symbolic link, not a "
                                   "regular file, so Hermes left it alone; look at it and remove it "
                                   "yourself if it is not needed")
    assert precious.read_text() == "keep me\n"


def test_an_undo_folder_that_is_a_link_is_not_looked_into(hermes_home: Path, store: SessionStore,
                                                          tmp_path: Path) -> None:
    """Hermes never writes journals through a linked undo folder, so what is behind one is not
    its to remove."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    sid = new_session(store)
    victim = elsewhere / journal_path(sid).name
    victim.write_text("not a journal of ours\n")
    stray = elsewhere / "20240101_120000_aaaaaa.jsonl"
    stray.write_text("nor this\n")
    age(stray, 2 * ORPHAN_GRACE_S)
    paths.undo_dir().parent.mkdir(parents=True, exist_ok=True)
    paths.undo_dir().symlink_to(elsewhere)
    assert delete_session(store, sid).journals.removed == 0
    assert prune(store, 90 * DAY).orphans.removed == 0
    assert victim.read_text() == "not a journal of ours\n" and stray.read_text() == "nor this\n"


def test_deleting_a_session_a_continuation_follows_hands_the_journal_down(store: SessionStore,
                                                                         tmp_path: Path) -> None:
    root = new_session(store)
    child = store.continue_session(root, system_prompt="", model="m", source="tui", cwd="/")
    shared = edit(root, tmp_path)  # a continuation writes into its lineage root's journal
    text = shared.read_text()
    result = delete_session(store, root)
    assert (result.journals.removed, result.journals.left) == (0, [])
    assert not shared.exists() and journal_path(child).read_text() == text
    assert store.get_session(child).parent_id is None  # the continuation is the root now


def test_prune_leaves_files_that_are_not_session_journals(hermes_home: Path, store: SessionStore) -> None:
    paths.ensure_dir(paths.undo_dir())
    notes = paths.undo_dir() / "my-notes.jsonl"
    notes.write_text("{}\n")
    imported = paths.undo_journal_path("imported/2025.01.01")
    imported.write_text("{}\n")
    for path in (notes, imported):
        age(path, 2 * ORPHAN_GRACE_S)
    result = prune(store, 90 * DAY)
    assert (result.orphans.removed, result.orphans.left) == (0, [])
    assert notes.is_file() and imported.is_file()


def test_ids_that_differ_only_in_odd_characters_get_different_journals() -> None:
    assert paths.undo_journal_path("2025.0101") != paths.undo_journal_path("20250101")
    assert paths.undo_journal_path("../../etc/x").parent == paths.undo_dir()
    assert paths.undo_journal_path("20261201_120000_a1b2c3").name == "20261201_120000_a1b2c3.jsonl"
