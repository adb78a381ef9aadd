"""Project-context paragraphs the person admitted, by content hash, kept under $HERMES_HOME.

A paragraph the context filter is unsure about is held back until the person admits it
(`hermes project allow ID`). The admission names the paragraph by a hash of its words, so an
edited paragraph is a new one and needs admitting again; it is stored in
`$HERMES_HOME/projects/<project key>/context_admitted.json`, never in the repository, where
the file's author could write it.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hermes import paths

ID_LENGTH = 12
_FILE = "context_admitted.json"
_JUDGED_FILE = "context_judged.json"


def paragraph_id(paragraph: str) -> str:
    """The id of a paragraph: the start of the SHA-256 of its words (spacing aside)."""
    words = " ".join(paragraph.split())
    return hashlib.sha256(words.encode("utf-8", "surrogatepass")).hexdigest()[:ID_LENGTH]


@dataclass(frozen=True)
class Admission:
    """One admitted paragraph: its id, the file it was in, its first words and when."""

    paragraph_id: str
    file: str
    first_words: str
    at: str


def store_path(root: Path) -> Path:
    """Where the admissions of the project at `root` are kept."""
    return paths.projects_dir() / paths.project_key(root) / _FILE


def load_admissions(root: Path) -> dict[str, Admission]:
    """The project's admissions by id ({} when there are none or the file cannot be read:
    then nothing held back gets in, which is the safe side)."""
    try:
        data = json.loads(paths.read_regular_bytes(store_path(root)).decode("utf-8"))
    except (OSError, ValueError, paths.UnsafePath):
        return {}
    entries = data.get("admitted") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        return {}
    out: dict[str, Admission] = {}
    for pid, entry in entries.items():
        if isinstance(pid, str) and isinstance(entry, dict):
            out[pid] = Admission(pid, str(entry.get("file", "")), str(entry.get("first_words", "")),
                                 str(entry.get("at", "")))
    return out


def _save(root: Path, admissions: dict[str, Admission]) -> None:
    data = {"admitted": {a.paragraph_id: {"file": a.file, "first_words": a.first_words, "at": a.at}
                         for a in admissions.values()}}
    _write_json(store_path(root), data)


def _write_json(path: Path, data: dict[str, dict[str, dict[str, str]]]) -> None:
    paths.ensure_dir(path.parent)
    tmp = path.with_name(f".{path.name}.tmp")
    paths.check_regular_or_missing(tmp)
    fd = paths.open_regular(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=1)
    os.replace(tmp, path)


def admit(root: Path, pid: str, file: str, first_words: str) -> Admission:
    """Admit the paragraph `pid` of `file` for the project at `root` (from its next session)."""
    admissions = load_admissions(root)
    entry = Admission(pid, file, first_words, datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))
    admissions[pid] = entry
    _save(root, admissions)
    return entry


def revoke(root: Path, pid: str) -> bool:
    """Take an admission back; False when there was none with that id."""
    admissions = load_admissions(root)
    if admissions.pop(pid, None) is None:
        return False
    _save(root, admissions)
    return True


# --- the model judge's verdicts, cached so a project is judged once ----------------------------
@dataclass(frozen=True)
class JudgedParagraph:
    """A scan model's verdict on one paragraph: "allow" or "stage", and why."""

    verdict: str
    reason: str
    model: str


def judged_path(root: Path) -> Path:
    return paths.projects_dir() / paths.project_key(root) / _JUDGED_FILE


def load_judged(root: Path) -> dict[str, JudgedParagraph]:
    """The cached verdicts of the project's paragraphs by id ({} when none can be read)."""
    try:
        data = json.loads(paths.read_regular_bytes(judged_path(root)).decode("utf-8"))
    except (OSError, ValueError, paths.UnsafePath):
        return {}
    entries = data.get("judged") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        return {}
    return {pid: JudgedParagraph(str(e.get("verdict", "")), str(e.get("reason", "")), str(e.get("model", "")))
            for pid, e in entries.items() if isinstance(pid, str) and isinstance(e, dict)}


def save_judged(root: Path, judged: dict[str, JudgedParagraph]) -> None:
    """Store the verdicts (the whole map) under $HERMES_HOME."""
    data = {"judged": {pid: {"verdict": j.verdict, "reason": j.reason, "model": j.model}
                       for pid, j in judged.items()}}
    _write_json(judged_path(root), data)
