"""The learned project-context check through load_project: a paragraph only it holds back
stays out of the prompt, with its reason in the notice; the file's other paragraphs go in."""

from __future__ import annotations

from pathlib import Path

from hermes.workspace.project import load_project
from tests.security.test_context_model import ORDINARY, SLIPS_PAST_RULES


def test_a_project_file_shows_the_held_paragraph_with_its_reason(hermes_home: Path, shop: Path):
    (shop / "AGENTS.md").write_text("\n\n".join([ORDINARY[0], SLIPS_PAST_RULES[0], ORDINARY[1]]) + "\n")
    ctx = load_project(shop, 8000)
    assert ORDINARY[0] in ctx.block and ORDINARY[1] in ctx.block
    assert "warm its cache" not in ctx.block
    [held] = [w for w in ctx.withheld if w.staged]
    assert "learned check" in held.reason
    assert any("held back" in n and "learned check" in n for n in ctx.notices)
