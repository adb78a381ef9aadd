"""User-model numbers: tokens each request pays, model calls per turn, local read speed.

Run: python bench/providers_bench.py   (offline; prints a Markdown table)
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from hermes.agent.tokens import count_text, count_tools  # noqa: E402  (bench only)
from hermes.providers.honcho import SYSTEM_BLOCK as HONCHO_BLOCK  # noqa: E402
from hermes.providers.local import SYSTEM_BLOCK as LOCAL_BLOCK  # noqa: E402
from hermes.providers.local import LocalProvider  # noqa: E402
from hermes.providers.user_model_tables import UserModelStore, _index  # noqa: E402
from hermes.providers.user_model_tools import honcho_schemas, local_schemas  # noqa: E402

MODEL = "gpt-4o"


class CountingModel:
    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, messages: list[dict], *, purpose: str) -> str:
        self.calls += 1
        if purpose == "user_model.derive":
            return json.dumps({"conclusions": [{"text": "Prefers short answers",
                                                "message_id": 1}], "card": [], "summary": "x"})
        return "- brief"


def timed(fn, repeat: int = 30) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


async def main() -> None:
    rows: list[tuple[str, str]] = []
    rows.append(("local tool schemas (4 tools)", f"{count_tools(local_schemas(), MODEL)} tokens"))
    rows.append(("honcho tool schemas (5 tools)", f"{count_tools(honcho_schemas(), MODEL)} tokens"))
    rows.append(("local system-prompt block", f"{count_text(LOCAL_BLOCK, MODEL)} tokens"))
    rows.append(("honcho system-prompt block", f"{count_text(HONCHO_BLOCK, MODEL)} tokens"))

    with tempfile.TemporaryDirectory() as tmp:
        store = UserModelStore(Path(tmp) / "state.db")
        store.set_peer_card(["Name: Ada", "Writes Go at work", "Always use tabs"])
        store.set_profile("user_representation", "A Go developer who works in small steps, "
                          "tests first, and wants code before prose. " * 2)
        for i in range(20):
            store.add_conclusion(f"Conclusion number {i} about habit {i * 7}")
        model = CountingModel()
        provider = LocalProvider(store, model, context_cadence=1, dialectic_cadence=5,
                                 dialectic_depth=2)
        block = await provider.turn_context("s", 1, "habit 14 please")
        rows.append(("first-turn injected block (card, representation, 5 conclusions, "
                     "dialectic)", f"{count_text(block, MODEL)} tokens"))
        calls = []
        for turn in range(1, 11):
            before = model.calls
            await provider.turn_context("s2", turn, f"message {turn}")
            provider.note_turn("s2", turn, "u", "a", [turn])
            await provider.on_turn_finished("s2", turn, "u", "a", [turn * 2, turn * 2 + 1])
            calls.append(model.calls - before)
        rows.append(("model calls per turn incl. background derivation (cadence 1/5, depth 2,"
                     " weak answers)",
                     " ".join(map(str, calls)) + f" (total {sum(calls)} in 10 turns)"))

        for n in (1_000, 10_000):
            big = UserModelStore(Path(tmp) / f"big{n}.db")
            now = time.time()
            with big._connect() as con:
                for i in range(n):
                    text = f"User likes topic {i} and tool {i % 97}"
                    cur = con.execute(
                        "INSERT INTO um_conclusions(content, norm, created_at, updated_at)"
                        " VALUES (?,?,?,?)", (text, text.lower(), now + i, now + i))
                    _index(con, int(cur.lastrowid), text)
            med, p95 = timed(lambda big=big: big.search_conclusions("tool 42 topic", 5))
            rows.append((f"search_conclusions at {n:,} conclusions (FTS5, BM25)",
                         f"{med:.1f} ms median, {p95:.1f} ms p95"))
            lp = LocalProvider(big, None)
            med, p95 = timed(lambda lp=lp: lp._read_base("s", "tool 42 topic"))
            rows.append((f"local base context read at {n:,} conclusions",
                         f"{med:.1f} ms median, {p95:.1f} ms p95"))

    print("| what | measured |\n|---|---|")
    for what, value in rows:
        print(f"| {what} | {value} |")


if __name__ == "__main__":
    asyncio.run(main())
