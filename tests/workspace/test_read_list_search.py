"""The read-only tools on a real repository: numbered lines, .gitignore, caps, refusals."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from hermes.agent import tokens
from hermes.toolspec import ToolDisplay
from hermes.workspace.search import search_files
from tests.workspace.conftest import MODEL, Host, Sources, make_tools


async def read(tools, **args) -> tuple[str, dict, str]:
    reply = await tools.dispatchers()["read_file"](json.dumps(args), "c1")
    return reply.result, reply.display, reply.summary


async def test_read_file_numbers_lines_and_records_the_source(repo: Path):
    host = Host(repo)
    host.turn_sources = Sources()
    result, display, summary = await read(make_tools(host), path="pkg/calc.py")
    assert result.splitlines()[0] == "pkg/calc.py: lines 1–6 of 6"
    assert "2\t    return a - b" in result.splitlines()
    assert display == ToolDisplay(kind="read", path="pkg/calc.py", first=1, last=6, total=6)
    assert summary == "📄 read pkg/calc.py (1–6 of 6)"
    assert host.turn_sources.records == [("file pkg/calc.py", (repo / "pkg/calc.py").read_text()
                                          .rstrip("\n"))]


async def test_read_file_offset_limit_and_the_note_on_how_to_read_more(repo: Path):
    (repo / "long.py").write_text("".join(f"line {n}\n" for n in range(1, 301)))
    result, display, summary = await read(make_tools(Host(repo)), path="long.py", offset=121,
                                          limit=30)
    lines = result.splitlines()
    assert lines[0] == "long.py: lines 121–150 of 300; read more with offset=151"
    assert lines[1] == "121\tline 121" and lines[-1] == "150\tline 150"
    assert summary == "📄 read long.py (121–150 of 300)"
    result, _, _ = await read(make_tools(Host(repo)), path="long.py", offset=301)
    assert "past the end: the file has 300 lines" in json.loads(result)["error"]


async def test_a_long_file_is_cut_at_the_token_cap_with_the_offset_to_go_on(repo: Path):
    (repo / "big.py").write_text("".join(f"value_{n} = compute('{'x' * 40}', {n})\n"
                                         for n in range(5000)))
    result, display, _ = await read(make_tools(Host(repo), result_tokens=1000), path="big.py")
    assert tokens.count_text(result, MODEL) <= 1000
    assert 1 < display.last < 5000
    assert result.splitlines()[0].endswith(f"read more with offset={display.last + 1}")


async def test_binary_and_huge_files_are_refused_with_their_sizes(repo: Path):
    (repo / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(3000))
    huge = repo / "data.csv"
    with open(huge, "wb") as fh:  # a sparse 50 MB file
        fh.truncate(50 * 1024 * 1024)
    tools = make_tools(Host(repo))
    result, _, _ = await read(tools, path="logo.png")
    assert json.loads(result)["error"].startswith("logo.png is a binary file (2.9 KB)")
    result, _, _ = await read(tools, path="data.csv")
    error = json.loads(result)
    assert error["size"] == 50 * 1024 * 1024
    assert error["error"].startswith("data.csv is 50.0 MB, over the 5.0 MB read limit")


@pytest.mark.parametrize("path", ["../secret.txt", "pkg/../../secret.txt"])
async def test_traversal_outside_the_root_is_refused(repo: Path, path: str):
    (repo.parent / "secret.txt").write_text("TOP-SECRET-TEXT")
    result, _, _ = await read(make_tools(Host(repo)), path=path)
    error = json.loads(result)["error"]
    assert "outside the project root" in error and "tools.allow_outside_root" in error
    assert "TOP-SECRET-TEXT" not in result


async def test_absolute_paths_outside_are_refused_inside_allowed(repo: Path):
    tools = make_tools(Host(repo))
    result, _, _ = await read(tools, path="/etc/hostname")
    assert "outside the project root" in json.loads(result)["error"]
    result, _, _ = await read(tools, path=str(repo / "pkg" / "calc.py"))
    assert result.startswith("pkg/calc.py: lines 1–6 of 6")


async def test_a_symlink_leading_outside_is_refused_unless_allowed(repo: Path):
    (repo.parent / "secret.txt").write_text("outside text")
    os.symlink(repo.parent / "secret.txt", repo / "link.txt")
    result, _, _ = await read(make_tools(Host(repo)), path="link.txt")
    assert "is a symlink to" in json.loads(result)["error"]
    result, _, _ = await read(make_tools(Host(repo), allow_outside_root=True), path="link.txt")
    assert "1\toutside text" in result


async def test_list_files_honours_gitignore_and_counts_what_it_leaves_out(repo: Path):
    (repo / "new_untracked.py").write_text("x = 1\n")
    tools = make_tools(Host(repo))
    reply = await tools.dispatchers()["list_files"]("{}", "c1")
    files = reply.result.splitlines()
    assert "new_untracked.py" in files and "pkg/calc.py" in files
    assert not any(f.startswith("build/") or f.endswith(".log") for f in files)
    reply = await tools.dispatchers()["list_files"](json.dumps({"glob": "*.py"}), "c1")
    assert reply.result.splitlines() == ["new_untracked.py", "pkg/__init__.py", "pkg/calc.py",
                                         "tests/test_calc.py"]
    assert reply.summary == "📁 list *.py → 4 files"
    for n in range(600):
        (repo / f"gen_{n:03}.txt").write_text("")
    reply = await tools.dispatchers()["list_files"](json.dumps({"glob": "gen_*"}), "c1")
    assert reply.display.total == 600
    shown = [ln for ln in reply.result.splitlines() if ln.startswith("gen_")]
    assert 100 < len(shown) < 600  # the 500-file cap, then the token cap
    assert reply.result.splitlines()[-1] == f"[… {600 - len(shown)} more files left out; narrow the glob]"
    assert tokens.count_text(reply.result, MODEL) <= 2000


async def test_list_files_outside_git_walks_and_reads_the_gitignore(tmp_path: Path):
    root = tmp_path / "plain"
    (root / "node_modules" / "x").mkdir(parents=True)
    (root / "node_modules" / "x" / "i.js").write_text("")
    (root / "src").mkdir()
    (root / "src" / "a.js").write_text("")
    (root / "secret.env").write_text("")
    (root / ".gitignore").write_text("*.env\n")
    reply = await make_tools(Host(root)).dispatchers()["list_files"]("{}", "c1")
    assert reply.result.splitlines() == [".gitignore", "src/a.js"]


async def test_search_files_gives_file_line_text_and_skips_ignored_files(repo: Path):
    host = Host(repo)
    host.turn_sources = Sources()
    reply = await make_tools(host).dispatchers()["search_files"](
        json.dumps({"pattern": r"def (add|sub)"}), "c1")
    assert reply.result.splitlines() == ["pkg/calc.py:1:def add(a, b):",
                                         "pkg/calc.py:5:def sub(a, b):"]
    assert reply.summary == '🔎 search "def (add|sub)" → 2 matches'
    assert host.turn_sources.records[0][0] == "search def (add|sub)"
    reply = await make_tools(host).dispatchers()["search_files"](
        json.dumps({"pattern": "add", "glob": "tests/*"}), "c1")
    assert reply.result.splitlines() == ["tests/test_calc.py:1:from pkg.calc import add",
                                         "tests/test_calc.py:4:def test_add():",
                                         "tests/test_calc.py:5:    assert add(2, 2) == 4"]


def test_python_search_caps_matches_and_counts_them(repo: Path):
    (repo / "many.txt").write_text("hit\n" * 500)
    found = search_files(repo, "hit", None, use_ripgrep=False)
    assert found.total == 500 and len(found.lines) == 200 and found.engine == "python"


async def test_a_bad_regex_is_one_clear_error(repo: Path):
    reply = await make_tools(Host(repo)).dispatchers()["search_files"](
        json.dumps({"pattern": "foo(("}), "c1")
    error = json.loads(reply.result)["error"]
    assert error.startswith("pattern 'foo((' is not a valid regular expression")
    assert "escape special characters" in error


def test_search_does_not_follow_a_symlink_out_of_the_root(repo: Path):
    (repo.parent / "outside.txt").write_text("needle outside\n")
    os.symlink(repo.parent / "outside.txt", repo / "link.txt")
    (repo / "inside.txt").write_text("needle inside\n")
    found = search_files(repo, "needle", None, use_ripgrep=False)
    assert found.lines == ["inside.txt:1:needle inside"]
    allowed = search_files(repo, "needle", None, use_ripgrep=False, allow_outside=True)
    assert sorted(allowed.lines) == ["inside.txt:1:needle inside", "link.txt:1:needle outside"]


async def test_one_enormous_line_is_cut_within_the_cap(repo: Path):
    (repo / "bundle.min.js").write_text("var a=" + ",".join(f"x{n}:{n * 7}" for n in range(60000))
                                        + ";\n")
    result, display, _ = await read(make_tools(Host(repo)), path="bundle.min.js")
    assert tokens.count_text(result, MODEL) <= 2000
    assert result.splitlines()[1].startswith("1\tvar a=x0:0,x1:7")
    assert result.splitlines()[1].endswith(" […line cut]")
    assert (display.first, display.last, display.total) == (1, 1, 1)


@pytest.mark.skipif(shutil.which("rg") is None, reason="ripgrep is not on PATH")
def test_ripgrep_and_python_find_the_same_lines(repo: Path):
    (repo / "pkg" / "more.py").write_text("def add_all(xs):\n    return sum(xs)\n")
    (repo / ".github").mkdir()
    (repo / ".github" / "check.sh").write_text("def add in a hidden folder\n")
    (repo.parent / "outside.txt").write_text("def add outside\n")
    os.symlink(repo.parent / "outside.txt", repo / "link.txt")
    by_rg = search_files(repo, r"def add", None)
    by_python = search_files(repo, r"def add", None, use_ripgrep=False)
    assert by_rg.engine == "ripgrep"
    assert sorted(by_rg.lines) == sorted(by_python.lines) == [
        ".github/check.sh:1:def add in a hidden folder", "pkg/calc.py:1:def add(a, b):",
        "pkg/more.py:1:def add_all(xs):"]
    assert not any("outside" in line or "build/" in line or ".log" in line for line in by_rg.lines)
    in_tests = search_files(repo, "add", "tests/*")
    assert in_tests.lines == search_files(repo, "add", "tests/*", use_ripgrep=False).lines
