"""The SKILLS block is rendered once per set of skills and then read back (issue 25): the
rendering counts with o200k, which would otherwise load ~75 MB at every session start."""

from __future__ import annotations

import json
from pathlib import Path

from hermes.agent import skill_setup
from hermes.config import load_config
from hermes.skills.skill_index import render_index
from tests.skills.conftest import write_skill


def _block(project: Path) -> str:
    return skill_setup.skills_block(load_config().skills, project)[0]


def test_a_saved_block_is_reused_until_a_skill_changes(hermes_home: Path, project: Path,
                                                       user_store: Path) -> None:
    write_skill(user_store, "release", "Cut a release: bump the version, tag, push the tag.")
    write_skill(user_store, "triage", "Sort new issues by area and label them.")
    first = _block(project)
    assert "release: Cut a release" in first and "triage:" in first
    cache = hermes_home / "cache" / "skill-index.json"
    saved = json.loads(cache.read_text(encoding="utf-8"))
    assert saved["block"] == first

    calls: list[int] = []

    def counting_render(*args: object, **kwargs: object) -> str:
        calls.append(1)
        return render_index(*args, **kwargs)  # type: ignore[arg-type]

    from hermes.skills.skill_catalog import load_catalog
    from hermes.skills.skill_tools import agent_home_of

    skills = load_catalog(project, agent_home_of(load_config().skills)).skills
    assert skill_setup._index(skills, counting_render) == first
    assert calls == []  # read back, not rendered again

    write_skill(user_store, "triage", "Sort new issues by area, label them, close duplicates.")
    second = _block(project)
    assert "close duplicates" in second and second != first
    assert json.loads(cache.read_text(encoding="utf-8"))["block"] == second


def test_a_damaged_or_unwritable_cache_still_gives_the_block(hermes_home: Path, project: Path,
                                                            user_store: Path) -> None:
    write_skill(user_store, "release", "Cut a release: bump the version, tag, push the tag.")
    cache = hermes_home / "cache" / "skill-index.json"
    cache.parent.mkdir(parents=True)
    cache.write_text("{not json", encoding="utf-8")
    expected = "SKILLS (before a matching task, load it with skill_view and follow it)\n" \
               "release: Cut a release: bump the version, tag, push the tag."
    assert _block(project) == expected
    cache.unlink()
    cache.mkdir()  # a folder where the file should be: nothing can be saved
    assert _block(project) == expected
