"""The reference in docs/ covers what a user can set or type: every key of config.example.yaml
and every slash command is described there, and the README stays a short first-day page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from hermes.tui.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _docs_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.glob("*.md")))


def _keys(node: Any, prefix: str = "") -> list[str]:
    if not isinstance(node, dict):
        return []
    out = []
    for key, value in node.items():
        dotted = f"{prefix}{key}"
        out.append(dotted)
        out += _keys(value, dotted + ".")
    return out


def _documented(dotted: str, text: str) -> bool:
    """A key counts as documented when its dotted name, or its own name inside backticks (as
    `key`, `key:` or `section.key`), appears in the docs, or when a YAML example there sets it
    (`key:` opening a line or inside a flow mapping)."""
    leaf = re.escape(dotted.rsplit(".", 1)[-1])
    return (f"`{dotted}" in text
            or re.search(rf"`(?:[\w.]+\.)?{leaf}(?:[`:= ])", text) is not None
            or re.search(rf"(?m)^\s*{leaf}:|[{{,]\s*{leaf}:", text) is not None)


def test_every_config_key_is_documented() -> None:
    config = yaml.safe_load((ROOT / "config.example.yaml").read_text(encoding="utf-8"))
    text = _docs_text()
    missing = [k for k in _keys(config) if not _documented(k, text)]
    assert not missing, f"config keys not described in docs/: {missing}"


def test_every_slash_command_is_documented() -> None:
    text = _docs_text()
    missing = [c.name for c in COMMANDS if not re.search(rf"`/{re.escape(c.name)}\b", text)]
    assert not missing, f"slash commands not described in docs/: {missing}"


def test_readme_is_a_first_day_page_that_links_the_reference() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 20_000
    fence = re.search(r"```bash\n(.*?)```", readme, re.S)
    assert fence is not None and len(fence.group(1).strip().splitlines()) == 2
    linked = set(re.findall(r"\(docs/([\w-]+\.md)\)", readme))
    assert len(linked) >= 3
    assert all((DOCS / name).is_file() for name in linked), linked


def test_links_between_documents_resolve() -> None:
    broken = []
    for doc in [ROOT / "README.md", *DOCS.glob("*.md")]:
        for target in re.findall(r"\]\(((?!https?:|#|mailto:)[^)#\s]+)", doc.read_text(encoding="utf-8")):
            if not (doc.parent / target).exists():
                broken.append(f"{doc.name} -> {target}")
    assert not broken, broken
