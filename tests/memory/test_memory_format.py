"""The MEMORY.md / USER.md file format: parsing, joining, sizes, hand-edited files."""

from __future__ import annotations

from hermes.config import Config
from hermes.memory import MemoryTool, parse_entries, read_entries, store_path
from hermes.memory.memory_files import entries_size, has_separator_line, join_entries


def test_multiline_entries_round_trip() -> None:
    entries = ["Deploy steps:\n1. tag\n2. wait for CI\n3. make deploy", "Second entry", "Third"]
    text = join_entries(entries)
    assert text == "Deploy steps:\n1. tag\n2. wait for CI\n3. make deploy\n§\nSecond entry\n§\nThird"
    assert parse_entries(text) == entries


def test_size_counts_code_points_and_separators() -> None:
    assert entries_size([]) == 0
    assert entries_size(["abc"]) == 3
    assert entries_size(["abc", "dé"]) == 3 + 3 + 2
    assert entries_size(["€uro", "日本"]) == len("€uro\n§\n日本")


def test_stray_section_sign_inside_text_is_not_a_separator() -> None:
    text = "See § 4.2 of the contract\n§\nLine with §§ and a § at the end §"
    assert parse_entries(text) == ["See § 4.2 of the contract", "Line with §§ and a § at the end §"]


def test_line_made_only_of_section_sign_is_detected() -> None:
    assert has_separator_line("first\n§\nsecond")
    assert has_separator_line("§")
    assert has_separator_line("a\n  §  \nb")
    assert not has_separator_line("a § b\n§§\nc")


def test_bom_is_tolerated() -> None:
    assert parse_entries("\ufeffFirst\n§\nSecond") == ["First", "Second"]


def test_duplicates_on_disk_are_dropped_keeping_the_first() -> None:
    text = "A\n§\nB\n§\n  A  \n§\nC\n§\nB"
    assert parse_entries(text) == ["A", "B", "C"]


def test_empty_pieces_and_whitespace_are_dropped() -> None:
    assert parse_entries("\n§\n\n§\n   \n§\nOnly one\n\n") == ["Only one"]
    assert parse_entries("") == []


def test_hand_edited_file_is_read_and_kept_on_the_next_write(cfg: Config) -> None:
    path = store_path("memory")
    path.parent.mkdir(parents=True, exist_ok=True)
    # A person edited the file: BOM, CRLF line endings, a duplicate, blank pieces.
    path.write_bytes("\ufeffUses Postgres 16\r\n§\r\nMulti\r\nline\r\n§\r\n\r\n§\r\nUses Postgres 16\r\n"
                     .encode("utf-8"))
    assert read_entries(cfg.memory, "memory") == ["Uses Postgres 16", "Multi\nline"]
    result = MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "New fact"})
    assert result["success"] is True
    assert path.read_text(encoding="utf-8") == "Uses Postgres 16\n§\nMulti\nline\n§\nNew fact"


def test_written_file_parses_back_identically(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    for text in ["One", "Two\nlines", "Three with § inside"]:
        assert tool.call({"action": "add", "target": "user", "content": text})["success"]
    raw = store_path("user").read_text(encoding="utf-8")
    assert parse_entries(raw) == ["One", "Two\nlines", "Three with § inside"]
    assert join_entries(parse_entries(raw)) == raw


def test_crlf_content_is_stored_as_it_reads_back(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    assert tool.call({"action": "add", "target": "memory", "content": "a\r\nb"})["changed"]
    assert read_entries(cfg.memory, "memory") == ["a\nb"]
    assert tool.call({"action": "add", "target": "memory", "content": "a\r\nb"})["changed"] is False
