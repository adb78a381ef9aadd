"""The undo journal keeps no file text in plain text (secrets included), and /undo still
restores the exact text; a missing key or an altered entry is one sentence, nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

from hermes import paths
from hermes.workspace.undo import UndoJournal, journal_path
from hermes.workspace.undo_seal import key_path

SECRET = "Vq8mZ2pLk7#x"
BEFORE = f"DB_HOST=db.internal\nDB_PASSWORD={SECRET}\n# a line of ordinary notes\n"
AFTER = f"DB_HOST=db2.internal\nDB_PASSWORD={SECRET}\nREDIS_URL=redis://:Xk92mPq7vLw3@cache:6379\n"


def _edit(tmp_path: Path, sid: str = "20261201_120000_abcdef") -> tuple[UndoJournal, Path]:
    target = tmp_path / "project" / ".env"
    target.parent.mkdir(exist_ok=True)
    target.write_text(BEFORE, encoding="utf-8")
    journal = UndoJournal(sid)
    journal.record(target, ".env", BEFORE, AFTER)
    target.write_text(AFTER, encoding="utf-8")
    return journal, target


def test_the_journal_holds_neither_secrets_nor_file_text(hermes_home: Path, tmp_path: Path) -> None:
    journal, _ = _edit(tmp_path)
    raw = journal_path(journal.session_id).read_bytes()
    for fragment in (SECRET, "Xk92mPq7vLw3", "db.internal", "db2.internal", "ordinary notes"):
        assert fragment.encode() not in raw
    assert json.loads(raw.splitlines()[0])["shown"] == ".env"
    assert key_path().stat().st_mode & 0o777 == paths.FILE_MODE


def test_undo_restores_the_exact_text(hermes_home: Path, tmp_path: Path) -> None:
    journal, target = _edit(tmp_path)
    assert journal.undo_last() == "Undone: .env is back as it was before the agent's last change."
    assert target.read_text(encoding="utf-8") == BEFORE
    assert journal.undo_last().startswith("Nothing to undo")


def test_a_created_file_is_removed_and_a_changed_one_is_left(hermes_home: Path, tmp_path: Path) -> None:
    new = tmp_path / "NEW.md"
    journal = UndoJournal("20261201_120000_abcdef")
    journal.record(new, "NEW.md", None, "hello\n")
    new.write_text("hello, edited by the person\n", encoding="utf-8")
    assert journal.undo_last().startswith("Not undone: NEW.md has changed")
    assert new.read_text(encoding="utf-8") == "hello, edited by the person\n"
    new.write_text("hello\n", encoding="utf-8")
    assert journal.undo_last() == "Undone: removed NEW.md, which the agent had created."
    assert not new.exists()


def test_a_lost_key_is_a_sentence_and_the_file_stays(hermes_home: Path, tmp_path: Path) -> None:
    journal, target = _edit(tmp_path)
    key_path().unlink()
    line = journal.undo_last()
    assert line.startswith("Not undone: the journal's key") and "git checkout -- .env" in line
    assert target.read_text(encoding="utf-8") == AFTER


def test_an_altered_entry_is_refused(hermes_home: Path, tmp_path: Path) -> None:
    journal, target = _edit(tmp_path)
    path = journal_path(journal.session_id)
    record = json.loads(path.read_text(encoding="utf-8"))
    sealed = record["before_sealed"]
    record["before_sealed"] = sealed[:-8] + ("A" if sealed[-8] != "A" else "B") + sealed[-7:]
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert journal.undo_last().startswith("Not undone: the journal entry")
    assert target.read_text(encoding="utf-8") == AFTER


def test_a_journal_of_an_older_version_still_undoes(hermes_home: Path, tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("new\n", encoding="utf-8")
    journal = UndoJournal("20261201_120000_abcdef")
    paths.ensure_dir(journal.path.parent)
    journal.path.write_text(json.dumps({"id": "c1", "path": str(target), "shown": "a.txt",
                                        "before": "old\n", "after": "new\n", "time": 0}) + "\n")
    assert journal.undo_last().startswith("Undone: a.txt")
    assert target.read_text(encoding="utf-8") == "old\n"
