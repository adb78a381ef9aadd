"""Bad files get one sentence that names the file and what to do: never the operating
system's own text, an exception class name or a traceback."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from hermes.config.config_file import load_config
from hermes.errors import ConfigError
from hermes.os_errors import describe_decode_error, describe_file_error, describe_os_error
from tests.sessions.conftest import run_hermes

RAW_TEXTS = ("[Errno", "codec can't decode", "Traceback", "Error:", "OSError", "RecursionError",
             "maximum recursion depth", "something went wrong")


def _plain(text: str) -> None:
    for raw in RAW_TEXTS:
        assert raw not in text


def test_deeply_nested_config_is_a_clear_error_naming_the_file(hermes_home: Path) -> None:
    path = hermes_home / "config.yaml"
    path.write_text("display: " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(path) in str(err.value) and "nests too deeply" in str(err.value)
    proc = run_hermes(hermes_home, "config", "show")
    assert proc.returncode != 0
    assert str(path) in proc.stderr and "fix the file or move it aside" in proc.stderr
    _plain(proc.stderr)
    assert path.read_text(encoding="utf-8").startswith("display: [[[")  # left as it was


def test_a_config_that_is_a_folder_or_not_utf8_says_so(hermes_home: Path) -> None:
    path = hermes_home / "config.yaml"
    path.mkdir()
    proc = run_hermes(hermes_home, "config", "show")
    assert proc.returncode != 0 and "is a folder, not a file" in proc.stderr
    _plain(proc.stderr)
    path.rmdir()
    path.write_bytes(b"display:\n  theme: \xd6sterreich\n")
    proc = run_hermes(hermes_home, "config", "show")
    assert proc.returncode != 0
    assert "is not UTF-8 text" in proc.stderr and "save it as UTF-8" in proc.stderr
    _plain(proc.stderr)


@pytest.mark.parametrize("code", [errno.ENOENT, errno.EISDIR, errno.ENOTDIR, errno.EACCES, errno.EROFS,
                                  errno.ENOSPC, errno.ELOOP, errno.EIO, errno.ENOEXEC])
def test_every_os_error_becomes_a_sentence_with_the_path_and_what_to_do(code: int) -> None:
    exc = OSError(code, "raw text", "/tmp/x/notes.md")
    line = describe_os_error(exc)
    assert line.startswith("/tmp/x/notes.md ") and line.endswith(".")
    assert "raw text" not in line or code == errno.ENOEXEC
    assert ";" in line  # what happened; what to do
    _plain(line)


def test_a_decode_error_names_the_file_and_the_byte() -> None:
    try:
        b"ok \xd6sterreich".decode("utf-8")
    except UnicodeDecodeError as exc:
        line = describe_decode_error(exc, "data/notes.txt")
        assert line == describe_file_error(exc, "data/notes.txt")
    assert "data/notes.txt is not UTF-8 text (byte 3" in line
    _plain(line)


def test_read_file_of_a_folder_is_a_sentence(tmp_path: Path) -> None:
    from hermes.workspace.files import ToolError, read_text

    (tmp_path / "src").mkdir()
    with pytest.raises(ToolError) as err:
        read_text(tmp_path / "src", "src")
    _plain(str(err.value))
