"""Full-text search: FTS5 syntax honoured, odd input never raises, CJK words of 1 and 2 chars."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from hermes.sessions import SessionStore
from hermes.sessions.query import build_fts_query
from hermes.sessions.search import discover
from tests.sessions.conftest import FakeClock, new_session

CORPUS = Path(__file__).resolve().parents[1] / "data" / "fts_queries.txt"


def load_corpus() -> list[str]:
    lines = CORPUS.read_text(encoding="utf-8").split("\n")[1:]
    return [line for line in lines if line != ""]


@pytest.fixture
def seeded(hermes_home: Path, clock: FakeClock) -> SessionStore:
    store = SessionStore(clock=clock)
    texts = [
        ("user", "帮我重构认证模块的代码，谢谢"),
        ("assistant", "好的，我来重构认证模块。The auth module now uses tokens."),
        ("user", "Please refactor the auth module and check the .env file"),
        ("assistant", "Run rm -rf build/ then rebuild; C++ code compiles with g++ -O2"),
        ("user", "See https://example.com/docs?q=1 and foo-bar.baz for details"),
        ("user", "東京のテストを実行してください"),
        ("user", "인증 모듈을 리팩터링해 주세요"),
        ("user", "我喜欢写代码"),
        ("assistant", "Café naïve résumé"),
    ]
    sid = new_session(store, title="seed")
    for role, text in texts:
        clock.advance(1)
        store.append_message(sid, role, text)
    other = new_session(store, title="other")
    clock.advance(1)
    store.append_message(other, "user", "unrelated gardening tips about tomatoes")
    return store


def seed_id(store: SessionStore) -> str:
    return store.resolve_session("seed", follow_lineage=False).id


def hits(store: SessionStore, query: str, **kw) -> list[str]:
    """The snippets of a discover call (one per session)."""
    return [r["snippet"] for r in discover(store, query, **kw)]


def test_corpus_has_at_least_200_queries() -> None:
    assert len(load_corpus()) >= 200


def test_every_corpus_query_answers_with_real_hits(seeded: SessionStore) -> None:
    found = 0
    for query in load_corpus():
        for r in discover(seeded, query):
            hit = seeded.get_message(r["message_id"])
            assert hit.session_id == r["session_id"], query
            assert [m["id"] for m in r["messages"] if m.get("match")] == [hit.id], query
            found += 1
        # a query naming a word of the seed finds it, unless the word is negated, part of a
        # column filter or phrase (`body:auth`, `auth:refactor`) or in a lower-case near(…) phrase
        if re.search(r"(?<![\w:])auth(?![\w:])|认证", query) and not re.search(r"NOT|near\(", query):
            assert any("auth" in r["snippet"].lower() or "认证" in r["snippet"]
                       for r in discover(seeded, query, limit=10)), query
    assert found > 60  # many corpus lines are awkward spellings of words the seed holds


@pytest.mark.parametrize(("query", "finds_auth"), [
    ("\x00", False), ("\x00auth", True), ("auth\x1a", True), ("\ud800", False), ("\u202e", False),
    ("\ufeff", False), ("\ud800auth", True),
])
def test_control_and_broken_characters_do_not_raise(seeded: SessionStore, query: str, finds_auth: bool) -> None:
    snippets = hits(seeded, query)
    assert bool(snippets) == finds_auth
    assert all("**auth**" in s.lower() for s in snippets)


@pytest.mark.parametrize(("query", "must_contain"), [
    (".env", ".env"),
    ("rm -rf /", "rm -rf"),
    ("C++", "C++"),
    ("foo-bar.baz", "foo-bar.baz"),
    ("https://example.com/docs?q=1", "example.com"),
    ('"unbalanced auth', "auth"),
    ("NEAR(auth module", "auth"),
    ("auth:module", "auth"),
    ("refactor -auth", "refactor"),
])
def test_invalid_syntax_falls_back_to_plain_words(seeded: SessionStore, query: str, must_contain: str) -> None:
    snippets = hits(seeded, query)
    assert snippets, query
    assert must_contain.lower() in snippets[0].replace("**", "").lower()


def test_fts5_syntax_is_honoured(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        a = new_session(store)
        store.append_message(a, "user", "the quick brown fox jumps")
        b = new_session(store)
        store.append_message(b, "user", "brown dogs are quick")
        c = new_session(store)
        store.append_message(c, "user", "foxes everywhere")

        def sessions(q: str) -> set[str]:
            return {r["session_id"] for r in discover(store, q, limit=10)}

        assert sessions('"quick brown"') == {a}
        assert sessions("quick brown") == {a, b}
        assert sessions("quick NOT fox") == {b}
        assert sessions("fox OR dogs") == {a, b, c}  # stemming: fox finds foxes
        assert sessions('"quick" OR dogs') == {a, b}
        assert sessions("fox*") == {a, c}
        assert sessions("NEAR(quick fox, 2)") == {a}
        assert sessions("NEAR(quick fox, 0)") == set()
        assert sessions("(fox OR foxes) NOT brown") == {c}
        assert sessions("cat") == set()


@pytest.mark.parametrize(("query", "expected"), [
    ("认证", "认证"), ("认", "认"), ("模块", "模块"), ("重构认证模块", "重构认证模块"),
    ("代码", "代码"), ("喜欢", "喜欢"), ("テスト", "テスト"), ("東京", "東京"), ("인증", "인증"),
    ("认证 auth", "认证"), ("auth认证", "认证"), ('"认证模块"', "认证模块"),
])
def test_cjk_words_of_one_and_two_characters(seeded: SessionStore, query: str, expected: str) -> None:
    snippets = hits(seeded, query)
    assert snippets, query
    assert f"**{expected}" in snippets[0]


def test_cjk_does_not_match_across_unrelated_text(seeded: SessionStore) -> None:
    assert hits(seeded, "认模") == []  # 认 and 模 never appear next to each other
    assert hits(seeded, "犬") == []
    [r] = discover(seeded, "模块 NOT 代码")  # NOT works per message
    assert r["role"] == "assistant" and "代码" not in r["snippet"]


def test_diacritics_fold(seeded: SessionStore) -> None:
    assert hits(seeded, "cafe")
    assert hits(seeded, "resume")


def test_role_filter_sort_and_exclusion(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        old = new_session(store)
        store.append_message(old, "user", "deploy the kraken service")
        clock.advance(100)
        mid = new_session(store)
        store.append_message(mid, "assistant", "kraken kraken kraken deployment notes")
        clock.advance(100)
        new = new_session(store)
        store.append_message(new, "user", "kraken again")

        def ids(**kw) -> list[str]:
            return [r["session_id"] for r in discover(store, "kraken", limit=10, **kw)]

        assert ids(sort="newest") == [new, mid, old]
        assert ids(sort="oldest") == [old, mid, new]
        assert ids(role_filter="assistant") == [mid]
        assert set(ids(role_filter="user")) == {old, new}
        assert set(ids(role_filter=["user", "assistant"])) == {old, mid, new}
        assert new not in ids(exclude_session=new)
        assert ids(session_id=old) == [old]
        assert len(discover(store, "kraken", limit=1)) == 1
        with pytest.raises(ValueError):
            ids(role_filter="robot")
        with pytest.raises(ValueError):
            ids(sort="random")


def test_discover_result_shape_and_context(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        sid = new_session(store, title="zebra work")
        ids = []
        for i in range(9):
            clock.advance(1)
            text = "the zebra migration plan" if i == 4 else f"message {i} " + "x" * (2000 if i == 5 else 10)
            ids.append(store.append_message(sid, "user" if i % 2 == 0 else "assistant", text))
        [r] = discover(store, "zebra migration")
        assert r["session_id"] == sid and r["title"] == "zebra work" and r["source"] == "tui"
        assert r["message_id"] == ids[4] and "**zebra**" in r["snippet"]
        assert [m["id"] for m in r["messages"]] == ids[2:7]
        assert [m.get("match", False) for m in r["messages"]] == [False, False, True, False, False]
        long = r["messages"][3]
        assert long["truncated"] is True and long["chars"] > 2000 and len(long["content"]) <= 501


def test_tool_output_indexed_up_to_cap_and_tool_names(store: SessionStore) -> None:
    sid = new_session(store)
    store.append_message(sid, "assistant", "", tool_calls=[
        {"id": "1", "type": "function", "function": {"name": "web_fetch", "arguments": "{}"}}])
    store.append_message(sid, "tool", "early needle " + "pad " * 2000 + " late_needle",
                         tool_call_id="1", tool_name="web_fetch")
    assert discover(store, "web_fetch")  # tool names are indexed
    assert discover(store, "early needle")
    assert discover(store, "late_needle") == []  # past the tool-output cap
    assert "late_needle" in store.get_messages(sid)[1].content  # but stored in full


def test_updates_keep_index_in_sync(store: SessionStore) -> None:
    sid = new_session(store)
    mid = store.append_message(sid, "assistant", "draft about walruses 🦭✅")
    store.update_message(mid, content="final about narwhals 独角鲸 🐳")
    assert discover(store, "walruses") == [] and discover(store, "🦭") == []
    assert discover(store, "narwhals") and discover(store, "角鲸") and discover(store, "鲸")
    assert discover(store, "🐳")
    assert store.check_integrity() == []
    store.delete_session(sid)
    assert discover(store, "🐳") == [] and store.check_integrity() == []


def test_query_builder_quotes_everything() -> None:
    q = build_fts_query("auth OR bad\"")
    assert q is not None and q.plain
    q = build_fts_query('"auth module" OR tok*')
    assert q is not None and not q.plain
    assert q.expression == '("auth module" OR "tok" *)'
    assert build_fts_query("!!! ... ???") is None
    assert build_fts_query("*") is None
    assert build_fts_query("认证模块").expression == '"认证 证模 模块"'


def test_one_letter_prefix_is_a_plain_word() -> None:
    q = build_fts_query("t* deploy*")
    assert q is not None and q.expression == '("t" AND "deploy" *)' and q.has_prefix
    assert build_fts_query("deploy*", allow_prefix=False).expression == '"deploy"'


def test_time_budget_interrupts_and_never_raises(
    seeded: SessionStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import hermes.sessions.search as search_mod

    assert discover(seeded, "auth*")
    monkeypatch.setattr(search_mod, "TIME_BUDGET_S", -1.0)  # every bounded form is over budget at once
    monkeypatch.setattr(search_mod, "PROGRESS_STEPS", 1)
    with caplog.at_level(logging.INFO, logger="hermes.sessions"):
        # the prefix form gives up; the last, plain-word form runs unbounded and still answers
        assert discover(seeded, "auth*") is not None
        assert [r["session_id"] for r in discover(seeded, "认证 OR auth")] == [seed_id(seeded)]
    assert "gave up on" in caplog.text
    monkeypatch.setattr(search_mod, "TIME_BUDGET_S", 5.0)
    assert discover(seeded, "auth*")  # and the connection is usable again


def test_relevance_prefers_dense_short_hits_over_newer_ones(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        dense = new_session(store)
        store.append_message(dense, "user", "kraken deploy: kraken config, kraken logs")
        clock.advance(10)
        sparse = new_session(store)
        store.append_message(sparse, "user", "long notes " + "filler words here " * 60 + "kraken once")
        assert [r["session_id"] for r in discover(store, "kraken", limit=2)] == [dense, sparse]
        assert [r["session_id"] for r in discover(store, "kraken", limit=2, sort="newest")] == [sparse, dense]


def test_bm25_scores_shape() -> None:
    from hermes.sessions.ranking import bm25_scores

    texts = ["the cat sat", "cat cat cat", "a dog", "猫和狗 cat"]
    scores = bm25_scores(texts, ["cat", "狗"])
    assert scores[2] == 0.0
    assert scores[1] > scores[0] > 0
    assert scores[3] > scores[0]  # the rarer term 狗 adds weight
    assert bm25_scores([], ["x"]) == []
    short = bm25_scores(["a cat", "bat"], ["a"])  # one-letter terms count whole words only
    assert short[0] > 0 and short[1] == 0



def test_bm25_scores_with_tool_names_equal_the_joined_texts() -> None:
    """A tool's name is scored as if written before its output with a space, without that
    string being built: the same floats, to the last bit, as scoring the joined texts."""
    import random

    from hermes.sessions.ranking import bm25_scores

    rng = random.Random(7)
    words = ["error", "Error", "ERRORS", "handling", "ab", "Σ", "İ", "认证", "tests", "x"]
    for _ in range(300):
        n = rng.randint(1, 25)
        texts = [" ".join(rng.choices(words, k=rng.randint(0, 20))) for _ in range(n)]
        tools = [rng.choice([None, None, "", "run_shell", "ERROR_tool", "ab"]) for _ in range(n)]
        terms = rng.sample(["error", "handling", "ab", "test", "认证", "σ", "zzz"], rng.randint(1, 3))
        joined = [(tool or "") + " " + text for text, tool in zip(texts, tools, strict=True)]
        assert bm25_scores(texts, terms, tools) == bm25_scores(joined, terms)


def test_candidate_text_cut_by_characters_not_bytes(store: SessionStore) -> None:
    """The cut to SCORED_CHARS is tested on the text's bytes first: a text of more bytes but
    no more characters than that is still scored whole, a longer one is cut."""
    from hermes.sessions.ranking import SCORED_CHARS
    from hermes.sessions.search import _candidates

    sid = new_session(store)
    wide = "认证" * (SCORED_CHARS // 2 - 10) + " kraken"  # ~5,900 bytes, < SCORED_CHARS chars
    long = "x" * (SCORED_CHARS + 500) + " kraken"
    store.append_message(sid, "user", wide)
    store.append_message(sid, "user", long)
    store.index_pending()
    rows = _candidates(store, '"kraken"', roles=None, exclude=(), only=None, descending=True)
    texts = {len(r[3]) for r in rows}
    assert texts == {len(wide), SCORED_CHARS}
    assert len(wide.encode()) > SCORED_CHARS

def test_english_stemming_widens_bare_words(store: SessionStore) -> None:
    sid = new_session(store)
    store.append_message(sid, "user", "We deployed the caches while tests were running")
    for q in ("deploy", "deploys", "cache", "run", "test", "deploying cache", "runs"):
        [r] = discover(store, q)
        assert r["session_id"] == sid and r["stemmed"] is True, q
    [r] = discover(store, "deployed")
    assert "stemmed" not in r and "**deployed**" in r["snippet"]
    # quoted text is exact: no inflection of a quoted word or phrase matches
    for q in ('"deploying the cache"', '"deploy"', '"caches while test"'):
        assert discover(store, q) == [], q
    assert [r["session_id"] for r in discover(store, '"deployed the caches"')] == [sid]


def test_plain_word_list_relaxes_to_some_words(store: SessionStore) -> None:
    both = new_session(store)
    store.append_message(both, "user", "redis eviction policy notes")
    one = new_session(store)
    store.append_message(one, "user", "redis cluster setup")
    [hit] = discover(store, "redis eviction")
    assert hit["session_id"] == both and "partial" not in hit
    relaxed = discover(store, "redis kubernetes", limit=5)
    assert {r["session_id"] for r in relaxed} == {both, one}
    assert all(r["partial"] for r in relaxed)
    assert discover(store, "redis AND kubernetes") == []  # explicit operators are honoured


def _one_per_session(store: SessionStore, clock: FakeClock, texts: dict[str, str]) -> dict[str, str]:
    """A session per text, keyed like `texts`."""
    out = {}
    for key, text in texts.items():
        clock.advance(1)
        out[key] = new_session(store)
        store.append_message(out[key], "user", text)
    return out


def _found(store: SessionStore, query: str) -> set[str]:
    return {r["session_id"] for r in discover(store, query, limit=10)}


def test_prefix_is_never_stemmed(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        s = _one_per_session(store, clock, {
            "running": "I was running late", "runner": "the test runner", "run": "run it again",
            "runs": "it runs nightly", "ran": "we ran out", "cousin": "my cousin visited",
            "cousins": "two cousins", "couscous": "couscous for dinner", "dress": "a red dress",
            "dressing": "salad dressing", "address": "the address field",
        })
        assert _found(store, "runni*") == {s["running"]}
        assert _found(store, "runn*") == {s["running"], s["runner"]}
        assert _found(store, "cous*") == {s["cousin"], s["cousins"], s["couscous"]}
        assert _found(store, "cousi*") == {s["cousin"], s["cousins"]}
        assert _found(store, "dres*") == {s["dress"], s["dressing"]}  # not "address": prefixes start words
        assert all("stemmed" not in r for r in discover(store, "run*", limit=10))


def test_rare_word_is_not_drowned_by_its_stem(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        holder = new_session(store, title="holder")
        store.append_message(holder, "user", "notes on the runnings of the old mill")
        common = new_session(store, title="common")
        with store.batch():  # more newer messages of the same stem than search ranks at once
            for i in range(450):
                clock.advance(1)
                store.append_message(common, "user", f"running job {i} while the test runs")
        for query in ("runnings", '"runnings"', "Runnings", "runnings mill"):
            results = discover(store, query, limit=5)
            assert results[0]["session_id"] == holder, query
            assert "stemmed" not in results[0] and "**runnings**" in results[0]["snippet"].lower()
        assert [r["session_id"] for r in discover(store, '"runnings"', limit=5)] == [holder]
        # the plain word's own exact matches fill the candidates: no stemmed tier is needed
        assert [r["session_id"] for r in discover(store, "running", limit=5)] == [common]
        # a word with few exact matches has its inflections follow, behind them
        ranked = discover(store, "mills", limit=5)
        assert [r["session_id"] for r in ranked] == [holder] and ranked[0]["stemmed"] is True


def test_exact_matches_rank_above_stemmed_ones(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        s = _one_per_session(store, clock, {
            "exact": "long notes " + "filler words here " * 60 + "we deploy on fridays",
            "dense": "deployed deployed deployed: deploys and deploying",  # newer and denser
        })
        ranked = discover(store, "deploy", limit=5)
        assert [r["session_id"] for r in ranked] == [s["exact"], s["dense"]]
        assert ranked[1]["stemmed"] is True and "**deployed**" in ranked[1]["snippet"]
        # by date, the tiers mix: newest first whatever matched
        assert [r["session_id"] for r in discover(store, "deploy", sort="newest")] == [s["dense"], s["exact"]]


def test_not_leaves_out_inflections_too(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        s = _one_per_session(store, clock, {
            "plain": "auth module notes", "tests": "auth module tests", "test": "auth test plan",
        })
        assert _found(store, "auth NOT test") == {s["plain"]}
        assert _found(store, 'auth NOT "test"') == {s["plain"], s["tests"]}


@pytest.mark.parametrize(("query", "expected"), [
    ("🎉", {"party"}), ("✅", {"done", "list"}), ("done", {"done"}), ("👍🏽", {"thumbs"}), ("👍", {"thumbs"}),
    ("25", {"temp"}), ("°", {"temp"}), ("🎉 release", {"party"}), ('"shipped ✅"', {"done"}),
    ("👨‍💻", {"coder"}), ("©", {"legal"}), ("🚀", set()),
])
def test_emoji_and_symbols_are_words(hermes_home: Path, clock: FakeClock, query: str, expected: set[str]) -> None:
    with SessionStore(clock=clock) as store:
        s = _one_per_session(store, clock, {
            "party": "release party 🎉🎉 tonight", "done": "shipped✅ all done", "list": "✅ item one",
            "thumbs": "looks good 👍🏽", "temp": "it was 25°C outside", "coder": "the 👨‍💻 on call",
            "legal": "© 2026 Hermes", "plain": "nothing special here",
        })
        assert _found(store, query) == {s[k] for k in expected}
        for r in discover(store, query, limit=10):
            assert "**" in r["snippet"]
        assert store.check_integrity() == []


def test_query_tree_renders_exact_and_stemmed_tiers() -> None:
    q = build_fts_query('deploy "cache" run* NOT test')
    assert q is not None and q.bare_words == ["deploy", "test"]
    assert q.expression == '("deploy" AND "cache" AND ("run" * NOT "test"))'  # NOT binds tightest, as in FTS5

    def widen(word: str) -> list[str]:
        return [word + "ed"]

    assert q.exact(widen) == '("deploy" AND "cache" AND ("run" * NOT ("test" OR "tested")))'
    assert q.stemmed(widen) == '(("deploy" OR "deployed") AND "cache" AND ("run" * NOT ("test" OR "tested")))'
    assert build_fts_query("NEAR(deploy cache)").stemmed(widen) == 'NEAR("deploy" "cache")'
    assert build_fts_query("hello👋").expression == '"hello 👋"'
    assert build_fts_query("Café").bare_words == ["cafe"]


def test_variants_come_from_the_index_vocabulary(store: SessionStore) -> None:
    from hermes.sessions.expand import variants

    sid = new_session(store)
    store.append_message(sid, "user", "happy happiness happen; making makes maker make; deploy deployed "
                                      "redeploy; run running runner rung; Ünïcode")
    assert variants(store.conn, "happy") == ["happiness"]  # y→i: the scan starts one letter back
    assert variants(store.conn, "making") == ["make", "makes"]
    assert variants(store.conn, "deploys") == ["deploy", "deployed"]  # only words the history holds
    assert variants(store.conn, "runnings") == ["run", "running"]  # not runner, rung
    assert variants(store.conn, "xyz") == variants(store.conn, "unicode") == variants(store.conn, "ab") == []
