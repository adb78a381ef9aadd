"""How litellm is imported: in the background, without the cycle collector, then frozen.

Each test runs in a fresh interpreter, since litellm can be imported only once per process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from hermes.agent import tokens

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, env_extra: dict[str, str] | None = None) -> dict:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("LITELLM_MODE",)}
    env.update(env_extra or {})
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=120, cwd=str(ROOT), env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_litellm_is_imported_without_collections_then_frozen_and_collection_restored() -> None:
    result = _run("""
        import gc, json, os, sys
        from hermes.agent import llm
        calls = []
        gc.callbacks.append(lambda phase, info: phase == "start" and calls.append(info["generation"]))
        module = llm.litellm_module()
        during = len(calls)
        print(json.dumps({
            "collections_during_import": during,
            "enabled_after": gc.isenabled(),
            "frozen": gc.get_freeze_count(),
            "first_call_modules": all(m in sys.modules for m in llm._FIRST_CALL_MODULES),
            "mode": os.environ.get("LITELLM_MODE"),
            "telemetry": module.telemetry,
        }))
    """)
    assert result["collections_during_import"] == 0
    assert result["enabled_after"] is True
    assert result["frozen"] > 100_000  # the import's objects, out of later collections' way
    assert result["first_call_modules"] is True
    assert result["mode"] == "PRODUCTION"  # no .env from above litellm's install folder
    assert result["telemetry"] is False


def test_a_collector_switched_off_by_the_caller_stays_off_and_a_chosen_mode_is_kept() -> None:
    result = _run("""
        import gc, json, os
        gc.disable()
        from hermes.agent import llm
        llm.litellm_module()
        print(json.dumps({"enabled_after": gc.isenabled(), "mode": os.environ["LITELLM_MODE"]}))
    """, {"LITELLM_MODE": "DEV"})
    assert result == {"enabled_after": False, "mode": "DEV"}


def test_start_preload_imports_litellm_in_a_background_thread() -> None:
    result = _run("""
        import json, sys, threading, time
        from hermes.agent import llm
        llm.start_preload()
        started_in = [t.name for t in threading.enumerate() if t.name == "hermes-litellm-import"]
        deadline = time.monotonic() + 100
        while not llm.is_loaded() and time.monotonic() < deadline:
            time.sleep(0.05)  # the main thread never imports it itself
        llm.start_preload()  # a second call once loaded does nothing
        print(json.dumps({"thread": started_in, "loaded": llm.is_loaded(),
                          "same": llm.litellm_module() is sys.modules["litellm"]}))
    """)
    assert result == {"thread": ["hermes-litellm-import"], "loaded": True, "same": True}


def test_the_mapped_context_window_matches_litellm_without_importing_it() -> None:
    result = _run("""
        import json, sys
        from hermes.agent import tokens
        names = ["gpt-4o", "openai/gpt-4o", "anthropic/claude-sonnet-4-5", "no-such-model"]
        mapped = [tokens.mapped_context_window(n) for n in names]
        imported = "litellm" in sys.modules
        from hermes.agent import llm
        from hermes.config import ModelConfig
        litellm_says = [llm.context_window(ModelConfig(name=n)) for n in names[:3]]
        print(json.dumps({"mapped": mapped, "imported": imported, "litellm": litellm_says}))
    """)
    assert result["imported"] is False
    assert result["mapped"][:3] == result["litellm"] and result["mapped"][3] is None


def test_looking_up_one_model_in_the_map_agrees_with_parsing_the_whole_map() -> None:
    path = tokens.price_map_path()
    assert path is not None
    whole = tokens.parse_price_map(path)
    text = path.read_text(encoding="utf-8")
    names = list(json.loads(text))
    # every entry not written the usual way (four spaces, then the key), and a sample of the rest
    unusual = [n for n in names if f'\n    {json.dumps(n)}: {{' not in text]
    for name in unusual + names[::40] + ["no-such-model", "gpt-4o"]:
        assert tokens.lookup_window(path, name) == whole.get(name), name


def test_keys_at_any_indent_and_the_last_of_duplicates_are_found(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    path.write_text('{\n    "a": {"max_input_tokens": 1},\n"b": {\n  "max_tokens": 2},\n'
                    '\t"c" : {"max_input_tokens": 3},\n    "a": {"max_input_tokens": 4}\n}')
    assert [tokens.lookup_window(path, n) for n in ("a", "b", "c", "d")] == [4, 2, 3, None]


def test_a_map_laid_out_otherwise_is_parsed_whole(tmp_path: Path) -> None:
    entries = {"a/model": {"max_input_tokens": 1234}, "b": {"max_tokens": 99}, "c": {"mode": "x"}}
    compact = tmp_path / "compact.json"
    compact.write_text(json.dumps(entries, separators=(",", ":")))
    indented = tmp_path / "indented.json"
    indented.write_text(json.dumps(entries, indent=4))
    for path in (compact, indented):
        assert [tokens.lookup_window(path, n) for n in ("a/model", "b", "c", "d")] == [1234, 99, None, None]


def test_a_key_split_across_read_chunks_is_found(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(tokens, "_CHUNK", 16)
    entries = {f"model-{i}": {"max_input_tokens": 1000 + i} for i in range(50)}
    path = tmp_path / "map.json"
    path.write_text(json.dumps(entries, indent=4))
    assert [tokens.lookup_window(path, f"model-{i}") for i in range(50)] == [1000 + i for i in range(50)]
