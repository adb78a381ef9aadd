"""Cadence, depth and early exit: counted in model calls per turn of the local provider."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hermes.providers.base import FENCE_TAG, BaseContext
from hermes.providers.context import is_strong_answer
from hermes.providers.local import LocalProvider
from hermes.providers.user_model_tables import UserModelStore
from tests.providers.fakes import STRONG, WEAK, FakeComplete


def make_local(tmp_path: Path, complete: FakeComplete, **knobs: object) -> LocalProvider:
    store = UserModelStore(tmp_path / "state.db")
    store.add_conclusion("Prefers tabs over spaces", session_id="s0", message_id=1)
    return LocalProvider(store, complete, **knobs)  # type: ignore[arg-type]


async def calls_per_turn(provider: LocalProvider, complete: FakeComplete, turns: int,
                         session_id: str = "s1") -> list[int]:
    counts = []
    for turn in range(1, turns + 1):
        before = complete.count()
        await provider.turn_context(session_id, turn, f"message {turn}")
        counts.append(complete.count() - before)
        provider.note_turn(session_id, turn, f"message {turn}", "reply", [turn * 2, turn * 2 + 1])
    return counts


async def test_dialectic_every_fifth_turn_with_two_passes(tmp_path: Path) -> None:
    complete = FakeComplete({"user_model.dialectic": WEAK})
    provider = make_local(tmp_path, complete, context_cadence=1, dialectic_cadence=5,
                          dialectic_depth=2)
    counts = await calls_per_turn(provider, complete, 11)
    assert counts == [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2]
    assert complete.count("user_model.dialectic") == 6


@pytest.mark.parametrize("depth", [1, 2, 3])
async def test_weak_answers_use_every_pass(tmp_path: Path, depth: int) -> None:
    complete = FakeComplete({"user_model.dialectic": WEAK})
    provider = make_local(tmp_path, complete, dialectic_depth=depth)
    assert await calls_per_turn(provider, complete, 1) == [depth]


async def test_strong_first_answer_exits_early(tmp_path: Path) -> None:
    complete = FakeComplete({"user_model.dialectic": STRONG})
    provider = make_local(tmp_path, complete, dialectic_depth=3)
    block = await provider.turn_context("s1", 1, "help me refactor auth")
    assert complete.count("user_model.dialectic") == 1
    assert "small, reviewable steps" in block


async def test_second_pass_strong_skips_the_third(tmp_path: Path) -> None:
    complete = FakeComplete({"user_model.dialectic": [WEAK, STRONG, "- third"]})
    provider = make_local(tmp_path, complete, dialectic_depth=3)
    block = await provider.turn_context("s1", 1, "hi")
    assert complete.count("user_model.dialectic") == 2
    assert "small, reviewable steps" in block
    # the refining pass saw the first answer
    assert "First answer:\n- brief" in complete.last_user_content("user_model.dialectic")


def test_strong_means_long_and_structured() -> None:
    assert is_strong_answer(STRONG)
    assert not is_strong_answer(WEAK)
    assert not is_strong_answer("word " * 100)  # long, but one paragraph
    assert not is_strong_answer("- a\n- b\n- c")  # structured, but short
    assert is_strong_answer("Goal: ship the parser this week. " * 8 + "\nStyle: terse answers.\n"
                            "Tools: prefers uv over pip.")


class ScriptedProvider(LocalProvider):
    """Counts base-context fetches and serves a fixed base context."""

    def __init__(self, tmp_path: Path, complete: FakeComplete, **knobs: object) -> None:
        super().__init__(UserModelStore(tmp_path / "state.db"), complete, **knobs)  # type: ignore[arg-type]
        self.base_fetches: list[int] = []
        self.card = ("Name: Ada",)

    async def base_context(self, session_id: str, user_text: str) -> BaseContext:
        self.base_fetches.append(int(user_text.split()[-1]))
        return BaseContext(peer_card=self.card, user_representation="Ada writes Rust.")


async def test_base_context_refreshes_every_n_turns(tmp_path: Path) -> None:
    complete = FakeComplete({"user_model.dialectic": WEAK})
    provider = ScriptedProvider(tmp_path, complete, context_cadence=3, dialectic_cadence=100)
    await calls_per_turn(provider, complete, 7)
    assert provider.base_fetches == [1, 4, 7]


async def test_unchanged_sections_are_not_sent_twice(tmp_path: Path) -> None:
    complete = FakeComplete({"user_model.dialectic": "Nothing notable."})
    provider = ScriptedProvider(tmp_path, complete, dialectic_cadence=100)
    first = await provider.turn_context("s1", 1, "turn 1")
    assert first.startswith(f'<{FENCE_TAG} source="local">') and "Name: Ada" in first
    # /retry of the same turn before it finished: the block comes again
    again = await provider.turn_context("s1", 1, "turn 1")
    assert "Name: Ada" in again
    provider.note_turn("s1", 1, "turn 1", "ok", [1, 2])
    assert await provider.turn_context("s1", 2, "turn 2") == ""
    provider.note_turn("s1", 2, "turn 2", "ok", [3, 4])
    provider.card = ("Name: Ada", "Timezone: UTC+2")
    third = await provider.turn_context("s1", 3, "turn 3")
    assert "Timezone: UTC+2" in third and "Ada writes Rust" not in third


async def test_stale_dialectic_answer_is_dropped(tmp_path: Path) -> None:
    # the first dialectic works, every later one fails: the answer lives 2x the cadence
    complete = FakeComplete({"user_model.dialectic": ["- remember the deadline", RuntimeError("down")]})
    provider = ScriptedProvider(tmp_path, complete, dialectic_cadence=2, dialectic_depth=1,
                                repeat_unchanged=True)
    seen = []
    for turn in range(1, 8):
        block = await provider.turn_context("s1", turn, f"turn {turn}")
        seen.append("remember the deadline" in block)
    # made at turn 1; kept while its age is at most 4 turns; dropped from turn 6
    assert seen == [True, True, True, True, True, False, False]
    assert complete.count("user_model.dialectic") == 4  # turns 1, 3, 5, 7


async def test_depth_is_clamped_to_three(tmp_path: Path) -> None:
    complete = FakeComplete({"user_model.dialectic": WEAK})
    provider = make_local(tmp_path, complete, dialectic_depth=9)
    assert await calls_per_turn(provider, complete, 1) == [3]


async def test_a_slow_dialectic_answers_a_later_turn(tmp_path: Path) -> None:
    release = asyncio.Event()

    async def slow(messages: list[dict], *, purpose: str) -> str:
        complete.calls.append((purpose, messages))
        await release.wait()
        return "- the answer that came late"

    complete = FakeComplete()
    provider = ScriptedProvider(tmp_path, slow, dialectic_cadence=5, dialectic_depth=1,  # type: ignore[arg-type]
                                dialectic_timeout=0.01)
    first = await provider.turn_context("s1", 1, "turn 1")
    assert "Name: Ada" in first and "came late" not in first  # the turn went on without it
    provider.note_turn("s1", 1, "turn 1", "ok", [1, 2])
    release.set()
    running = provider._sessions["s1"].dialectic_task
    assert running is not None
    await asyncio.wait({running})  # let the dialectic finish (it reads evidence in a thread)
    second = await provider.turn_context("s1", 2, "turn 2")
    assert "the answer that came late" in second and "Name: Ada" not in second
    assert len(complete.calls) == 1  # not asked again before its cadence
