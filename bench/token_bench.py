"""Token economy of a turn, measured from the fake server's request log.

Prints: the tool schema tokens (all tools, and each coding tool), a whole first request's
tokens with all tools and empty memory, what a 300-line read_file costs,
and the background review + title tokens as a share of the turn they follow (plain turn and a
turn that writes memory, with empty and with nearly full memory).

Run from the repository root:  python bench/token_bench.py
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

import yaml  # noqa: E402

from hermes.agent import tokens  # noqa: E402
from tests.support.fake_llm import FakeLLMServer, Reply, call  # noqa: E402

ENCODINGS = {"cl100k": "openai/gpt-4", "o200k": "openai/gpt-4.1"}
USER_TEXT = ("Hi, I'm Sam. I maintain a Rust web service built on Axum and SQLx at ~/code/api. "
             "How should I set up structured logging with request ids?")
REPLY_TEXT = (
    "Use the `tracing` crate with `tracing-subscriber`'s JSON formatter, and add "
    "`tower-http`'s `TraceLayer` plus a request-id layer:\n\n"
    "1. `SetRequestIdLayer::x_request_id(MakeRequestUuid)` generates an id per request.\n"
    "2. `PropagateRequestIdLayer` copies it to the response.\n"
    "3. In `TraceLayer::make_span_with`, read the header and record it as a span field, so "
    "every log line inside the handler carries `request_id`.\n\n"
    "Initialise the subscriber once in `main` with `tracing_subscriber::fmt().json()` and an "
    "`EnvFilter` from `RUST_LOG`. SQLx logs through `tracing` too, so slow queries show up "
    "inside the same span."
)
REVIEW_REPLY = '[{"action":"add","target":"user","content":"Sam maintains a Rust Axum+SQLx service at ~/code/api"}]'
TITLE_REPLY = "Structured Logging for Axum Service"


FOLLOW_UPS = [
    "Which log levels should I use in production versus staging?",
    "Show me how to add the user id to the span after authentication.",
    "Can SQLx query timings go to a separate target so I can filter them?",
    "Thanks. Summarise the setup in five bullet points for my README.",
]


def _kind(body: dict) -> str:
    from hermes.agent.background import REVIEW_PROMPT, TITLE_PROMPT
    from hermes.agent.consolidate import CONSOLIDATE_PROMPT

    msgs = body.get("messages") or [{}]
    first = str(msgs[0].get("content") or "")
    if first.startswith(REVIEW_PROMPT[:40]):
        return "review"
    if first == CONSOLIDATE_PROMPT:  # the review's consolidation draft: background work too
        return "consolidation"
    if first.startswith(TITLE_PROMPT[:30]):
        return "title"
    return "turn"


def _req_tokens(body: dict, model: str) -> int:
    return tokens.count_request(body.get("messages") or [], body.get("tools"), model)


def _reply_for(body: dict) -> Reply:
    kind = _kind(body)
    if kind == "review":
        combined = "TITLE" in str(body["messages"][0]["content"])
        known = "Sam maintains" in str(body["messages"][-1]["content"])  # already saved
        ops = "[]" if known else REVIEW_REPLY
        return Reply(text=(f"TITLE: {TITLE_REPLY}\n" if combined else "") + ops)
    if kind == "title":
        return Reply(text=TITLE_REPLY)
    if kind == "consolidation":  # a draft two thirds the size of the store it was sent
        import re

        entries = [re.sub(r"^\[[^\]]*\] ", "", e) for e in
                   str(body["messages"][-1]["content"]).split("\n§\n")]
        return Reply(text=json.dumps(entries[: max(1, len(entries) * 2 // 3)]))
    return Reply(text=REPLY_TEXT)


def _reply_tokens(body: dict, model: str) -> int:
    """Tokens of what the fake answered (the log holds requests only; replies are scripted)."""
    kind = _kind(body)
    msgs = body.get("messages") or []
    if kind == "turn" and msgs and msgs[-1].get("role") == "user" and "remember" in str(
            msgs[-1].get("content")):
        return tokens.count_text(json.dumps(MEMORY_CALL), model) + 10
    return tokens.count_text(_reply_for(body).text, model)


MEMORY_CALL = {"action": "add", "target": "user",
               "content": "Sam maintains a Rust Axum+SQLx service at ~/code/api"}


def _fill_memory(home: Path) -> None:
    mem = home / "memories"
    mem.mkdir(parents=True, exist_ok=True)
    notes = [f"Project note {i}: the deploy script at ~/code/api/deploy{i}.sh needs the "
             f"staging flag and a warm cache before it runs" for i in range(19)]
    user = [f"Preference {i}: likes concise answers with one code example, item {i}"
            for i in range(17)]
    (mem / "MEMORY.md").write_text("\n§\n".join(notes))
    (mem / "USER.md").write_text("\n§\n".join(user))
    from hermes.memory import store_path

    project = store_path("project")  # this process's project (the checkout the bench runs in)
    project.parent.mkdir(parents=True, exist_ok=True)
    conventions = [f"Convention {i}: run `make check` and the migration test before pushing to "
                   f"branch release-{i}" for i in range(16)]
    project.write_text("\n§\n".join(conventions))


def _write_config(home: Path, server: FakeLLMServer, separate: bool) -> None:
    cfg: dict = {"model": {"name": server.model("main"), "api_base": server.api_base,
                           "api_key_env": "FAKE_KEY"}}
    if separate:
        cfg["memory"] = {"review_model": server.model("review")}
        cfg["sessions"] = {"title_model": server.model("title")}
    (home / "config.yaml").write_text(yaml.safe_dump(cfg))


async def _conversation(server: FakeLLMServer, texts: list[str], *, memory_write: bool = False
                        ) -> list[list[dict]]:
    """Run the turns; the request log split per turn (each turn with its background work)."""
    from hermes.agent.session import AgentSession
    from hermes.config import load_config

    server.clear()
    server.add(lambda body: _reply_for(body))
    if memory_write:
        server.queue(Reply(tool_calls=[call("memory", MEMORY_CALL)]), model="main")
    agent = AgentSession.open(load_config(), source="bench")
    per_turn: list[list[dict]] = []
    seen = 0
    for text in texts:
        started = time.perf_counter()
        await agent.send(text)
        SEND_SECONDS.append(time.perf_counter() - started)
        await agent.wait_background(timeout=60)
        log = server.requests
        per_turn.append(log[seen:])
        seen = len(log)
    await agent.close()
    return per_turn


SEND_SECONDS: list[float] = []
CODING_TOOLS = ("read_file", "list_files", "search_files", "edit_file", "write_file", "run_command")


def _share(turn_log: list[dict], model: str) -> tuple[int, int, int]:
    """(turn, review, title) tokens; the review's consolidation draft is printed on its own
    line (consolidation_tokens), not in the per-turn review share."""
    sizes = {"turn": 0, "review": 0, "title": 0, "consolidation": 0}
    for body in turn_log:
        sizes[_kind(body)] += _req_tokens(body, model) + _reply_tokens(body, model)
    return sizes["turn"], sizes["review"], sizes["title"]


def consolidation_tokens(turn_log: list[dict], model: str) -> list[int]:
    """Tokens (request + scripted reply) of each consolidation draft in a turn's log."""
    return [_req_tokens(b, model) + _reply_tokens(b, model) for b in turn_log
            if _kind(b) == "consolidation"]


def _read_300_lines(model: str) -> tuple[int, int, int]:
    """Tokens of a read_file result over 300 real source lines: (whole, lines shown under the
    default cap, tokens under the default cap)."""
    from hermes.config import ToolsConfig
    from hermes.workspace.coding_tools import CodingTools

    source = Path(__file__).resolve().parents[1] / "hermes" / "agent" / "session.py"
    lines = source.read_text(encoding="utf-8").splitlines()[:300]

    class Host:
        def __init__(self, root: Path) -> None:
            self.project_root, self.tool_approver, self.turn_sources = root, None, None

        def tool_output(self, call_id: str, text: str) -> None:
            pass

    def count(text: str) -> int:
        return tokens.count_text(text, model)

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "session.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
        args = json.dumps({"path": "session.py"})
        whole = asyncio.run(CodingTools(ToolsConfig(result_tokens=50_000), Host(Path(tmp)), count)
                            .dispatchers()["read_file"](args, "bench"))
        capped = asyncio.run(CodingTools(ToolsConfig(), Host(Path(tmp)), count)
                             .dispatchers()["read_file"](args, "bench"))
    return count(whole.result), capped.display.last, count(capped.result)


SKILL_TOPICS = [
    ("deploy-staging", "Deploy the API to staging with Ansible and check the health page"),
    ("rotate-logs", "Rotate and compress the service logs when the disk is nearly full"),
    ("db-migrate", "Write and run a SQLx migration, with a rollback script beside it"),
    ("release-notes", "Draft release notes from the merged pull requests since the last tag"),
    ("flaky-test", "Find why a test fails only sometimes: rerun, isolate, fix the race"),
    ("bump-deps", "Update Rust dependencies, run the tests and note breaking changes"),
    ("tls-renew", "Renew the staging TLS certificate and reload the proxy"),
    ("bench-compare", "Run the benchmarks on two commits and compare the medians"),
    ("incident-report", "Write a short incident report: timeline, cause, fix, follow-ups"),
    ("backup-restore", "Restore the Postgres backup into a scratch database and verify it"),
    ("onboard-dev", "Set up a new developer's machine: toolchain, env vars, first build"),
    ("api-docs", "Regenerate the OpenAPI docs and check every route is described"),
    ("perf-profile", "Profile a slow endpoint with flamegraphs and list the top three costs"),
    ("docker-slim", "Shrink the Docker image: multi-stage build, strip, distroless base"),
    ("secret-rotate", "Rotate an API key in the vault and redeploy the services using it"),
    ("ci-cache", "Fix a CI cache miss: key the cache on the lock file and toolchain"),
    ("feature-flag", "Add a feature flag with a default off and a test for both paths"),
    ("log-query", "Find a request's log lines by its request id across the services"),
    ("hotfix-branch", "Cut a hotfix branch from the last tag, fix, tag and merge back"),
    ("cleanup-branches", "Delete merged remote branches older than a month, keeping release ones"),
]


def _write_skills(home: Path, n: int) -> None:
    """`n` skills in the user's store, as a person would keep them."""
    import shutil

    shutil.rmtree(home / "skills", ignore_errors=True)
    for name, description in SKILL_TOPICS[:n]:
        folder = home / "skills" / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {description}\n---\n\n"
                                         "1. Check the state first.\n2. Do the steps.\n",
                                         encoding="utf-8")


def _skills_rows(home: Path, server: FakeLLMServer) -> list[str]:
    """The SKILLS block's tokens at 0, 5 and 20 skills, and a first request with 20 skills."""
    from hermes.agent.skill_setup import skills_block
    from hermes.config import SkillsConfig

    rows = []
    for n in (0, 5, 20):
        _write_skills(home, n)
        block, _ = skills_block(SkillsConfig(), None)
        rows.append(f"  skills index at {n} skills: {tokens.count_text(block, 'gpt-4o')} tokens "
                    "(cap 300, o200k)")
    _write_skills(home, 20)
    from hermes.memory import store_path

    for f in (home / "memories").glob("*.md"):
        f.unlink()  # empty memory, as the first request above
    store_path("project").unlink(missing_ok=True)
    first = asyncio.run(_conversation(server, [USER_TEXT]))[0][0]
    rows.append(f"  whole first request with 20 skills, all tools: "
                f"{_req_tokens(first, 'openai/gpt-4.1')} tokens (target 1,500, o200k)")
    _write_skills(home, 0)
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, FakeLLMServer() as server:
        home = Path(tmp) / "home"
        home.mkdir()
        os.environ["HERMES_HOME"] = str(home)
        os.environ["FAKE_KEY"] = "dummy"
        from hermes.agent import llm

        started = time.perf_counter()
        llm.preload()
        import_seconds = time.perf_counter() - started
        runs: dict[str, list[list[dict]]] = {}
        _write_config(home, server, separate=True)
        runs["first turn, separate review/title models"] = asyncio.run(
            _conversation(server, [USER_TEXT]))
        first_request = runs["first turn, separate review/title models"][0][0]
        runs["first turn writing memory (2 requests)"] = asyncio.run(
            _conversation(server, [USER_TEXT + " Please remember that."], memory_write=True))
        for f in (home / "memories").glob("*.md"):
            f.unlink()
        _write_config(home, server, separate=False)
        runs["first turn, default config (review+title in one call)"] = asyncio.run(
            _conversation(server, [USER_TEXT]))
        for f in (home / "memories").glob("*.md"):
            f.unlink()
        runs["5-turn conversation, default config"] = asyncio.run(
            _conversation(server, [USER_TEXT, *FOLLOW_UPS]))
        _fill_memory(home)
        runs["first turn, memory nearly full, default config"] = asyncio.run(
            _conversation(server, [USER_TEXT]))
        tools = first_request.get("tools") or []
        skills_rows = _skills_rows(home, server)

        print(f"litellm import (offline settings): {import_seconds:.2f} s; send() wall time "
              f"against the loopback server: median {statistics.median(SEND_SECONDS) * 1000:.0f}"
              f" ms over {len(SEND_SECONDS)} turns (first turn of a run includes session "
              f"creation)")
        print("Token economy (tiktoken, offline, on the fake server's request log)")
        for enc, model in ENCODINGS.items():
            print(f"\n[{enc}]")
            names = ", ".join(t["function"]["name"] for t in tools)
            coding = [t for t in tools if t["function"]["name"] in CODING_TOOLS]
            print(f"  tool schemas ({names}): {tokens.count_tools(tools, model)} tokens; "
                  + ", ".join(f"{t['function']['name']} {tokens.count_tools([t], model)}"
                              for t in tools))
            print(f"  the six coding tools together: {tokens.count_tools(coding, model)} tokens "
                  f"(budget 900, o200k)")
            whole, shown, capped = _read_300_lines(model)
            print(f"  read_file of 300 lines (hermes/agent/session.py): {whole} tokens uncapped; "
                  f"under the default tools.result_tokens (2,000) it shows lines 1–{shown} in "
                  f"{capped} tokens")
            sys_prompt = first_request["messages"][0]["content"]
            print(f"  system prompt, empty memory: {tokens.count_text(sys_prompt, model)} tokens")
            print(f"  whole first request, all tools, empty memory: "
                  f"{_req_tokens(first_request, model)} tokens (target 2,500; Hermes Agent 11,008)")
            full = runs["first turn, memory nearly full, default config"][0][0]
            print(f"  whole first request, MEMORY.md, USER.md and PROJECT.md nearly full: "
                  f"{_req_tokens(full, model)} tokens (the three blocks add "
                  f"{_req_tokens(full, model) - _req_tokens(first_request, model)})")
            for label, per_turn in runs.items():
                totals = [_share(t, model) for t in per_turn]
                turn = sum(t[0] for t in totals)
                review = sum(t[1] for t in totals)
                title = sum(t[2] for t in totals)
                line = (f"  {label}: turns {turn} tokens, review {review} + title {title} = "
                        f"{100 * (review + title) / turn:.1f}% (budget 25%)")
                if len(totals) > 1:
                    line += "; per turn: " + ", ".join(
                        f"{100 * (t[1] + t[2]) / t[0]:.0f}%" for t in totals)
                print(line)
                drafts = [n for t in per_turn for n in consolidation_tokens(t, model)]
                if drafts:
                    print(f"    + consolidation draft (a store over 80 %, at most once a week per "
                          f"store): {', '.join(map(str, drafts))} tokens; with it that turn's "
                          f"background share is {100 * (review + title + sum(drafts)) / turn:.1f}%")
        print("\nSkills")
        for row in skills_rows:
            print(row)


if __name__ == "__main__":
    main()
