"""discover, scroll and read on a fixed corpus give the recorded answers (tests/data/search_golden.json).

The recording was made before the per-result lookups were batched, so a change that makes
search cheaper must leave every result, its order, its snippet and its window as they were.
The corpus is generated from a seed: about 1,500 messages in 40 sessions of three projects,
common words with their inflections (more than CANDIDATES matches for the commonest), phrases,
CJK, accents, tool calls and tool output, and messages longer than the content and scoring caps.

To record again after a change that is meant to alter results:
    PYTHONPATH=. python -m tests.sessions.test_search_golden
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from hermes.jsontypes import JsonObject
from hermes.sessions import SessionStore
from hermes.sessions.search import discover, read, scroll
from tests.sessions.conftest import FakeClock

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "search_golden.json"

_WORDS_TEXT = (
    "the to and of a in is it you that for this with on be are can not we file function code "
    "error data test use if run should add make need change from new config value user module "
    "return check database server line output fix build update version install script path "
    "deploy deployed deploys deploying tests testing running runs important importantly "
    "cache cached caching migrate migration migrations token tokens parse parser parsing"
)
WORDS = _WORDS_TEXT.split()
RARE = ["kraken", "zephyr", "quokka", "obsidian", "marzipan", "fjord", "gazebo", "nimbus"]
PHRASES = ["error handling", "unit tests", "database migration", "config file", "race condition",
           "stack trace", "memory leak", "pull request"]
CJK = ["认证", "模块", "代码", "数据", "测试", "重构", "配置", "缓存", "码", "据"]
ACCENTED = ["café", "naïve", "résumé", "Zürich", "façade"]
PROJECTS = ["/home/me/alpha", "/home/me/beta", ""]


def _message(rng: random.Random) -> str:
    """One message: weighted common words, sometimes a phrase, a rare word, CJK or accents."""
    n = rng.choice([4, 8, 15, 30, 60, 120]) if rng.random() > 0.03 else rng.choice([700, 900])
    weights = [1.0 / (k + 1) for k in range(len(WORDS))]
    out = rng.choices(WORDS, weights=weights, k=n)
    if rng.random() < 0.3:
        pos = rng.randrange(len(out) + 1)
        out[pos:pos] = rng.choice(PHRASES).split()
    if rng.random() < 0.05:
        out.insert(rng.randrange(len(out) + 1), rng.choice(RARE))
    if rng.random() < 0.1:
        out.append(rng.choice(CJK) + rng.choice(CJK))
    if rng.random() < 0.05:
        out.insert(0, rng.choice(ACCENTED))
    return " ".join(out)


def build_corpus(store: SessionStore, clock: FakeClock) -> None:
    rng = random.Random(2026)
    for k in range(40):
        clock.advance(rng.choice([60, 3_600, 86_400, 3 * 86_400]))
        sid = store.create_session(source=rng.choice(["tui", "cli"]), model="test/model",
                                   system_prompt="You are Hermes.", cwd="/tmp", title=f"s{k:02d}",
                                   project_dir=PROJECTS[k % 3])
        for i in range(rng.randint(5, 70)):
            clock.advance(rng.randint(5, 120))
            if i % 4 == 1 and rng.random() < 0.4:
                name = rng.choice(["web_fetch", "run_shell", "read_file"])
                store.append_message(sid, "assistant", _message(rng) if rng.random() < 0.5 else "",
                                     tool_calls=[{"id": f"c{i}", "type": "function",
                                                  "function": {"name": name, "arguments": "{}"}}])
                clock.advance(1)
                store.append_message(sid, "tool", _message(rng), tool_call_id=f"c{i}", tool_name=name)
            else:
                store.append_message(sid, "user" if i % 2 == 0 else "assistant", _message(rng))
    clock.advance(600)


QUERIES = [
    "the", "error", "deploy", "deployed", "tests", "running", "important", "migration", "cache",
    "token", "parse", "kraken", "zephyr", "quokka", "marzipan", "nimbus", "nosuchword",
    '"error handling"', '"unit tests"', '"database migration"', '"stack trace"', '"race condition"',
    '"pull request"', "depl*", "migr*", "test*", "cach*", "error handling", "deploy cache",
    "kraken OR zephyr", "deploy NOT cache", "NEAR(error handling, 3)", "kraken zephyr quokka",
    "config file database", "认证", "代码", "码", "据", "认证模块", "cafe", "resume", "zurich",
    "web_fetch", "run_shell", "C++", ".env", "function code error", "fjord gazebo obsidian",
]
OPTIONS: list[JsonObject] = [
    {},
    {"limit": 10},
    {"limit": 1},
    {"sort": "newest", "limit": 10},
    {"sort": "oldest", "limit": 5},
    {"limit": 10, "project_dir": "/home/me/alpha"},
    {"limit": 10, "role_filter": "user"},
    {"limit": 10, "role_filter": "assistant,tool", "context": 1, "content_cap": 80},
]
SPECIAL: list[tuple[str, JsonObject]] = [
    ("error", {"limit": 10, "exclude": ("s00", "s03", "s07")}),
    ("deploy", {"limit": 10, "exclude_session": "s05"}),
    ("error", {"session_id": "s04", "limit": 10}),
    ("tests", {"session_id": "s10", "sort": "oldest"}),
    ("cache", {"limit": 10, "after": "s10", "before": "s30"}),
    ('"config file"', {"limit": 10, "after": "s20"}),
    ("migration", {"limit": 10, "before": "s15", "sort": "newest", "project_dir": "/home/me/beta"}),
    ("the", {"limit": 10, "context": 0}),
    ("error", {"limit": 10, "context": 6, "content_cap": 40}),
]


def _canonical(value: object, titles: dict[str, str]) -> object:
    """A result with each session id replaced by its title (ids are random per run)."""
    if isinstance(value, dict):
        return {k: _canonical(v, titles) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(v, titles) for v in value]
    if isinstance(value, str) and value in titles:
        return titles[value]
    return value


def _summary(result: JsonObject, titles: dict[str, str]) -> str:
    """`s13 646 s 0cd735da1f52`: the session's title, the hit, its tier (e exact, s stemmed,
    p partial) and a digest of the whole result (snippet, window, contents, flags)."""
    whole = json.dumps(_canonical(result, titles), sort_keys=True, ensure_ascii=False)
    flags = ("s" if result.get("stemmed") else "e") + ("p" if result.get("partial") else "")
    sid = result["session_id"]
    return (f"{titles.get(str(sid), sid)} {result['message_id']} {flags} "
            f"{hashlib.sha256(whole.encode()).hexdigest()[:12]}")


def answers(store: SessionStore) -> dict[str, object]:
    """Every recorded call's answer, keyed by a readable name of the call."""
    titles = {sid: title for sid, title in store.query("SELECT id, title FROM sessions")}
    ids = {title: sid for sid, title in titles.items()}
    starts = {title: ts for title, ts in store.query("SELECT title, started_at FROM sessions")}
    out: dict[str, object] = {}
    calls = [(q, opts) for q in QUERIES for opts in OPTIONS] + SPECIAL
    for query, opts in calls:
        kw = dict(opts)
        for key in ("session_id", "exclude_session"):
            if key in kw:
                kw[key] = ids[str(kw[key])]
        if "exclude" in kw:
            kw["exclude"] = tuple(ids[t] for t in kw["exclude"])  # type: ignore[union-attr]
        for key in ("after", "before"):
            if key in kw:
                kw[key] = starts[str(kw[key])]
        name = f"{query} {json.dumps(opts, sort_keys=True)}"
        out[name] = [_summary(r, titles) for r in discover(store, query, **kw)]  # type: ignore[arg-type]
    for title in ("s01", "s12", "s33"):
        sid = ids[title]
        first, last = store.query("SELECT min(id), max(id) FROM messages WHERE session_id = ?", (sid,))[0]
        out[f"scroll {title}"] = _canonical(scroll(store, sid, (first + last) // 2, 3, 60), titles)
        out[f"read {title}"] = hashlib.sha256(json.dumps(
            _canonical(read(store, sid), titles), sort_keys=True, ensure_ascii=False).encode()
        ).hexdigest()[:16]
    return out


@pytest.fixture(scope="module")
def corpus_answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    clock = FakeClock()
    with SessionStore(tmp_path_factory.mktemp("golden") / "state.db", clock=clock) as store:
        build_corpus(store, clock)
        return answers(store)


def test_corpus_exercises_the_candidate_cap(tmp_path: Path) -> None:
    clock = FakeClock()
    with SessionStore(tmp_path / "state.db", clock=clock) as store:
        build_corpus(store, clock)
        total = store.query("SELECT count(*) FROM messages")[0][0]
        the = store.query("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'the'")[0][0]
    assert total > 1000
    assert the > 400  # more matches than search.CANDIDATES, so the newest-first bound is in play


def test_answers_are_the_recorded_ones(corpus_answers: dict[str, object]) -> None:
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(corpus_answers) == sorted(recorded)
    changed = [name for name in recorded if json.loads(json.dumps(corpus_answers[name])) != recorded[name]]
    assert not changed, f"{len(changed)} answers changed, first: {changed[:5]}"
    assert sum(1 for v in recorded.values() if v) > 300  # most calls find something


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeClock()
        with SessionStore(Path(tmp) / "state.db", clock=fake) as s:
            build_corpus(s, fake)
            lines = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
                     for k, v in answers(s).items()]
            GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"wrote {GOLDEN}", file=sys.stderr)
