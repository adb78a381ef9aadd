"""Shared set-up: a generated Hermes Agent home and a way to run `hermes` as a person would."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from hermes.cli import main
from tests.support.hermes_agent_home import build_agent_home


@pytest.fixture
def agent_home(tmp_path: Path) -> Path:
    """A fresh Hermes Agent home (state.db, memories, config.yaml) outside HERMES_HOME."""
    return build_agent_home(tmp_path / "agent-home")


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def hermes(capsys: pytest.CaptureFixture[str]):
    """hermes(*argv) → Run(code, stdout, stderr)."""

    def run(*argv: str) -> Run:
        capsys.readouterr()
        code = main(list(argv))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def tree_hash(root: Path, skip: tuple[str, ...] = ("logs",)) -> dict[str, str]:
    """Path → sha256 of every file under `root` (folders named in `skip` left out: every
    hermes command opens its log)."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if rel.parts and rel.parts[0] in skip:
            continue
        out[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
    return out
