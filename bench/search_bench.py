"""Session-history benchmark: build synthetic histories and print speed and size numbers.

    python bench/search_bench.py                    # 10k and 100k messages
    python bench/search_bench.py --sizes 10k,100k,1m
    python bench/search_bench.py --sizes 1m --keep /tmp/bench   # keep the files
    python bench/search_bench.py --sizes 1m --keep /tmp/bench --build-only --peer PY
    python bench/search_bench.py --sizes 1m --keep /tmp/bench --reuse --peer PY

--build-only builds the histories (ours, and the peer's with --peer) into the --keep folder and
stops; --reuse then times queries against them without building again, so a change to the
search can be measured at 1M without the build each time. A reused history lacks the 2,000
messages the single-insert step would have added (that step is skipped there); a history kept
by a full run holds them, and --reuse warns that it is then larger than the peer's. With
--peer, the side by side runs before that step, which writes to our history only, so
both sides search n messages.

Histories are written through the real writer API (SessionStore.append_message, one
transaction per session while building). Text is a mix of English prose, code and Chinese
in sessions of 10–200 messages, ~450 bytes a message on average. Targets from the spec are
printed beside each number; nothing here asserts anything.

Accuracy is checked against an exact reference: every message's text, lower-cased with accents
and CJK removed, split into words the way the index does (runs of letters and digits), and
matched word by word in Python. A few rare inflections of common words ("runnings" beside
"running") are planted once each, to check that a rare word's session comes first.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import re
import tempfile
import time
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hermes.sessions import SessionSearchTool, SessionStore  # noqa: E402
from hermes.sessions.maintenance import stats  # noqa: E402
from hermes.sessions.query import build_fts_query  # noqa: E402
from hermes.sessions.search import discover, read, scroll  # noqa: E402
from hermes.sessions.text import CJK_RUN  # noqa: E402
from benchutil import LineServer, parse_size, pct  # noqa: E402
from search_ab import Side  # noqa: E402
from textgen import COMMON, PHRASES, PLANTED, TextMaker  # noqa: E402

def planted_words() -> list[str]:
    """PLANTED words whose English stem is the stem of a word in the common vocabulary."""
    from snowballstemmer import stemmer

    stem = stemmer("english").stemWord
    common_stems = {stem(w) for w in COMMON}
    return [w for w in PLANTED if stem(w) in common_stems]


def build(store: SessionStore, maker: TextMaker, target: int, bulk: bool = False
          ) -> tuple[float, list[tuple[str, list[int]]], dict[str, str]]:
    """Write `target` messages; returns seconds taken, (session id, message ids) samples and
    the session holding each planted word.

    bulk: index once at the end ('rebuild', then 'optimize') instead of row by row through
    the trigger. Much faster to build; the index comes out fully merged, so sizes and query
    times are a little kinder than on a history that grew message by message. ('optimize'
    matters: right after a rebuild, FTS5's automerge spends the next thousands of commits
    merging the rebuilt segments, which more than halves insert speed meanwhile.)
    """
    rng = random.Random(11)
    trigger_sql = store.conn.execute(
        "SELECT sql FROM sqlite_master WHERE name = 'messages_fts_insert'").fetchone()[0]
    if bulk:
        store.conn.execute("DROP TRIGGER messages_fts_insert")
    written, sample = 0, []
    # each planted word goes into one message among the oldest 80%, so newer messages of its
    # stem are many
    plant_at = dict(zip(rng.sample(range(int(target * 0.8)), len(planted_words())), planted_words(),
                        strict=True))
    holders: dict[str, str] = {}
    start = time.perf_counter()
    while written < target:
        n = min(rng.randint(10, 200), target - written)
        with store.batch():
            sid = store.create_session(source=rng.choice(["tui", "cli"]), model="bench/model",
                                       system_prompt="You are Hermes.", cwd="/home/me/project")
            ids = []
            for i in range(n):
                role = "user" if i % 2 == 0 else "assistant"
                text = maker.message(role)
                if written + i in plant_at:
                    text += f" Also the {plant_at[written + i]} came up."
                    holders[plant_at[written + i]] = sid
                ids.append(store.append_message(sid, role, text))
            store.set_title(sid, maker.english(4)[:40], "derived")
        written += n
        if rng.random() < 0.05 or not sample:
            sample.append((sid, ids))
        if written % 100_000 < n:
            rate = written / (time.perf_counter() - start)
            print(f"    … {written:,} messages ({rate:,.0f}/s)", flush=True)
    if bulk:
        store.conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')")
        store.conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('optimize')")
        store.conn.execute(trigger_sql)
    return time.perf_counter() - start, sample, holders


# ---------------------------------------------------------------- the exact reference

_WORD = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Text as the index sees its words: lower case, accents removed, CJK runs blanked."""
    text = text.lower()
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
        text = CJK_RUN.sub(" ", text)
    return text


class Reference:
    """Per message: its session and its folded words; queries answered by plain Python."""

    def __init__(self, store: SessionStore) -> None:
        self.sessions: list[str] = []
        self.words: list[list[str]] = []
        for sid, content in store.conn.execute("SELECT session_id, content FROM messages ORDER BY id"):
            self.sessions.append(sid)
            self.words.append(_WORD.findall(fold(content)))

    def count(self, query: str) -> tuple[int, set[str]]:
        """Messages (and their sessions) holding `word`, `prefix*` or `"a phrase"` exactly."""
        if query.startswith('"'):
            phrase = _WORD.findall(fold(query))
            k = len(phrase)
            hit = lambda ws: any(ws[i:i + k] == phrase for i in range(len(ws) - k + 1))  # noqa: E731
        elif query.endswith("*"):
            prefix = fold(query[:-1])
            hit = lambda ws: any(w.startswith(prefix) for w in ws)  # noqa: E731
        else:
            word = fold(query)
            hit = lambda ws: word in ws  # noqa: E731
        found = [i for i, ws in enumerate(self.words) if hit(ws)]
        return len(found), {self.sessions[i] for i in found}


def fts_count(store: SessionStore, query: str) -> int:
    """Messages the index matches for the query as the search builds it, exact tier only."""
    fq = build_fts_query(query)
    return store.conn.execute(
        "SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?", (fq.expression,)).fetchone()[0]


def accuracy(store: SessionStore, tool: SessionSearchTool, pools: dict[str, list[str]],
             holders: dict[str, str], singles: list[str]) -> dict:
    """Index counts against the reference, and where a rare word's session lands."""
    t = time.perf_counter()
    ref = Reference(store)
    print(f"  accuracy against the exact reference ({time.perf_counter() - t:.1f} s to build it); index"
          " counts are the exact tier's, which ranks first (a stemmed tier may follow it):")
    out: dict = {}
    for kind in ("prefix", "common word", "phrase"):
        rows = []
        for q in pools[kind]:
            want, _ = ref.count(q)
            got = fts_count(store, q)
            rows.append((q, got, want))
        off = [(q, g, w) for q, g, w in rows if max(g, w) >= 1.5 * max(1, min(g, w))]
        worst = max(abs(g - w) / max(1, w) for _, g, w in rows)
        out[kind] = {"queries": len(rows), "off_1.5x": len(off), "worst_rel_diff": worst,
                     "rows": rows}
        shown = ", ".join(f"{q} {g:,}/{w:,}" for q, g, w in rows[:6])
        print(f"    {kind:<12} index/exact counts: {shown} …   worst diff {worst:.1%},"
              f" off by ≥1.5×: {len(off)} of {len(rows)} (target 0)")
    # plain common words: are the sessions session_search returns first holding the word itself?
    inexact = 0
    for q in pools["common word"]:
        for r in json.loads(tool.dispatch(json.dumps({"query": q, "limit": 10})))["results"]:
            hit = store.conn.execute("SELECT content FROM messages WHERE id = ?", (r["message_id"],)).fetchone()[0]
            inexact += q not in _WORD.findall(fold(hit))
    out["common_word_inexact_hits_in_top10"] = inexact
    print(f"    common words: hits in session_search's top 10 without the exact word: {inexact} "
          f"(of {10 * len(pools['common word'])}; exact first means 0)")
    # rare words: planted inflections and vocabulary words found in one session only
    rare = [(w, {sid}) for w, sid in holders.items()]
    for w in pools["rare word"] + singles:
        _, sessions = ref.count(w)
        if len(sessions) == 1 and tool.current_session_id not in sessions:  # the tool leaves it out
            rare.append((w, sessions))
    missed = []
    for w, sessions in rare:
        for q in (w, f'"{w}"'):
            top = [r["session_id"] for r in json.loads(tool.dispatch(json.dumps({"query": q})))["results"]]
            if not sessions <= set(top[:3]):
                missed.append(q)
    out["rare_in_top3"] = (2 * len(rare) - len(missed), 2 * len(rare))
    print(f"    rare words (planted {', '.join(holders)} + {len(rare) - len(holders)} from the vocabulary),"
          f" plain and quoted: holder session in session_search's top 3 for "
          f"{2 * len(rare) - len(missed)} of {2 * len(rare)} (target all)"
          + (f"; missed: {', '.join(missed[:8])}" if missed else ""))
    return out


CPU_MS: list[float] = []  # CPU time of the calls last timed, beside their wall time


def time_calls(fn, args_list: list, repeat: int = 1) -> list[float]:
    out = []
    CPU_MS.clear()
    for args in args_list:
        for _ in range(repeat):
            t, cpu = time.perf_counter(), time.process_time()
            fn(*args)
            out.append((time.perf_counter() - t) * 1000)
            CPU_MS.append((time.process_time() - cpu) * 1000)
    return out


def report(label: str, ms: list[float], target: str) -> None:
    print(f"  {label:<28} median {statistics.median(ms):7.2f} ms   p99 {pct(ms, 0.99):7.2f} ms"
          f"   cpu median {statistics.median(CPU_MS):6.2f} ms   (target {target})")


class PeerSearch(LineServer):
    """The peer's search_messages in its own venv, fed one query at a time (bench/peer).

    keep: leave its history in place on close; reuse: serve a history kept earlier (its build
    time comes from the built.json written beside it) instead of building one; serve=False:
    build only."""

    def __init__(self, python: str, workdir: Path, n: int, keep: bool = False,
                 reuse: bool = False, serve: bool = True) -> None:
        self.home, self.keep = workdir / f"peer-home-{n}", keep
        self.db = self.home / "state.db"
        env = dict(os.environ, HERMES_HOME=str(self.home))
        script = str(REPO / "bench" / "peer" / "peer_store.py")
        meta = self.home / "built.json"
        if reuse and meta.exists():
            self.build_seconds = float(json.loads(meta.read_text())["seconds"])
        else:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home.mkdir(parents=True)
            built = subprocess.run([python, script, "build", str(self.db), str(n)], env=env,
                                   capture_output=True, text=True, check=True)
            self.build_seconds = float(json.loads(built.stdout.strip().splitlines()[-1])["seconds"])
            meta.write_text(json.dumps({"seconds": self.build_seconds}))
        if serve:
            self.proc = subprocess.Popen([python, script, "serve", str(self.db)], env=env,
                                         text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def close(self) -> None:
        if hasattr(self, "proc"):
            super().close()
        if not self.keep:
            shutil.rmtree(self.home, ignore_errors=True)


def side_by_side(store: SessionStore, db_path: Path, peer: PeerSearch, pools: dict[str, list[str]],
                 runs: int, res: dict) -> None:
    """Each category's queries, ours and the peer's alternating query by query (the order
    flips each time), so a change in load hits both alike. Ours is served by a process of its
    own, as the peer's is, and timed inside it: on a loaded machine a process that waits on a
    pipe between queries is scheduled unlike one that has been busy all along (measured at
    load 8: the same phrase queries took 2.9 ms median served, 7 ms in a tight loop)."""
    ours_side = Side(REPO, db_path)
    print(f"  side by side with the peer (its history built in {peer.build_seconds:.1f} s; "
          f"median / p99 ms, ours then the peer's, load {os.getloadavg()[0]:.1f}):")
    for label, every in pools.items():
        if label == "rare inflection":
            print("    rare inflection    (left out: the words are planted in our history only)")
            continue
        # the two histories hold the same kind of text but not the same messages: a query
        # either side finds nothing in is left out (an empty answer is not a fair race)
        pool = [q for q in every if peer.query(q)[1] and discover(store, q)]
        if not pool:
            continue
        for q in pool:  # warm our process's cache as the filter above warmed the peer's
            ours_side.query(q)
        ours: list[float] = []
        theirs: list[float] = []
        for i, q in enumerate((pool * (runs // len(pool) + 1))[:runs]):
            for side in ((0, 1) if i % 2 == 0 else (1, 0)):
                if side == 0:
                    ours.append(ours_side.query(q)[0])
                else:
                    theirs.append(peer.query(q)[0])
        mo, mp = statistics.median(ours), statistics.median(theirs)
        res[f"peer_{label}"] = {"ours": (mo, pct(ours, 0.99)), "peer": (mp, pct(theirs, 0.99))}
        print(f"    {label:<18} ours {mo:7.2f} / {pct(ours, 0.99):7.2f}   peer {mp:8.2f} / "
              f"{pct(theirs, 0.99):8.2f}   ratio {mp / mo if mo else float('inf'):5.2f}x "
              f"({'ahead' if mo <= mp else 'BEHIND'})")
    ours_side.close()


def run_size(n: int, workdir: Path, maker: TextMaker, runs: int, bulk: bool,
             peer_python: str = "", keep: bool = False, reuse: bool = False,
             build_only: bool = False) -> dict:
    home = workdir / f"home-{n}"
    db_path = home / "state.db"
    meta = home / "built.json"
    print(f"\n== {n:,} messages  ({db_path})")
    res: dict = {"messages": n}
    reused = reuse and meta.exists()
    if reused:
        store = SessionStore(db_path)
        kept = json.loads(meta.read_text())
        sample = [(s_id, ids) for s_id, ids in kept["sample"]]
        holders = kept["holders"]
        print(f"  reusing the history built earlier ({kept['seconds']:.1f} s to build); "
              "single-message inserts skipped")
        # a full run with --keep adds its 2,000 single-message inserts to the kept history;
        # reused, that history would hold more messages than the peer's
        held = store.conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        if held != n:
            print(f"  WARNING: this history holds {held:,} messages, not {n:,} (an earlier full "
                  "run's inserts); the side by side is uneven. Build with --build-only to reuse.")
    else:
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        store = SessionStore(db_path)
        secs, sample, holders = build(store, maker, n, bulk)
        how = "bulk: index rebuilt at the end" if bulk else "one transaction per session, indexed by trigger"
        print(f"  build ({how}): {n / secs:,.0f} messages/s, {secs:.1f} s")
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        meta.write_text(json.dumps({"seconds": secs, "sample": sample, "holders": holders}))
    if build_only:
        store.close()
        if peer_python:
            peer = PeerSearch(peer_python, workdir, n, keep=True, reuse=reuse, serve=False)
            print(f"  the peer's history built in {peer.build_seconds:.1f} s ({peer.db})")
        return res

    rng = random.Random(5)
    # rare words: terms found in 2–20 messages (a full scan of the vocabulary, once)
    store.conn.execute(
        "CREATE VIRTUAL TABLE temp.bench_vocab USING fts5vocab(main, messages_fts, row)")
    rare = [r[0] for r in store.conn.execute(
        "SELECT term FROM temp.bench_vocab WHERE doc BETWEEN 2 AND 20 AND term GLOB '[a-z]*'"
        " LIMIT 2000")] or ["zorbli"]
    pools = {
        "common word": ["function", "error", "data", "config", "database", "test", "code", "file"],
        "rare word": rng.sample(rare, min(len(rare), 40)),
        "phrase": [f'"{p}"' for p in PHRASES],
        "prefix": ["conf*", "data*", "test*", "func*", "err*", "mod*", "serv*", "ver*", "upd*",
                   "ret*", "runni*", "cous*", "dres*", "impo*", "file*"],
        "rare inflection": [w for w in holders] or ["runnings"],
        "2-char CJK": ["认证", "数据", "代码", "测试", "模块", "配置", "错误", "缓存"],
        "1-char CJK": ["码", "据", "试", "缓", "的", "证", "错", "页"],
    }
    pools["common word"] += ["running", "important", "importantly", "tests"]
    if peer_python:
        # before the single-message inserts below add 2,000 messages to our history only, so
        # both sides search histories of the same size (n messages each)
        peer = PeerSearch(peer_python, workdir, n, keep=keep, reuse=reuse)
        try:
            side_by_side(store, db_path, peer, pools, runs, res)
        finally:
            peer.close()

    if reused:
        sid = store.create_session(source="bench", model="m", system_prompt="", cwd="/")
    else:
        # single-message inserts, each its own transaction, on top of the full history
        sid = store.create_session(source="bench", model="m", system_prompt="", cwd="/")
        texts = [maker.message("user" if i % 2 == 0 else "assistant") for i in range(2000)]
        t, cpu = time.perf_counter(), time.process_time()
        for i, text in enumerate(texts):
            store.append_message(sid, "user" if i % 2 == 0 else "assistant", text)
        rate = len(texts) / (time.perf_counter() - t)
        cpu_rate = len(texts) / (time.process_time() - cpu)
        res["single_inserts_per_s"] = rate
        res["single_inserts_per_cpu_s"] = cpu_rate
        print(f"  single-message inserts       {rate:,.0f}/s wall, {cpu_rate:,.0f}/s of CPU time"
              f"   (target ≥ 2,000/s, flat) · load {os.getloadavg()[0]:.1f}")
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    st = stats(store)
    ratio = st.db_bytes / st.text_bytes
    res.update(text_mb=st.text_bytes / 1e6, db_mb=st.db_bytes / 1e6,
               index_mb=(st.index_bytes or 0) / 1e6, db_ratio=ratio,
               index_ratio=(st.index_bytes or 0) / st.text_bytes)
    print(f"  raw text {st.text_bytes / 1e6:,.1f} MB · database {st.db_bytes / 1e6:,.1f} MB "
          f"({ratio:.2f}× text, target ≤ 2.5×) · FTS index {(st.index_bytes or 0) / 1e6:,.1f} MB "
          f"({res['index_ratio']:.2f}× text, target ≤ ~1×)")

    targets = {"common word": "≤10 / ≤30 ms", "rare word": "≤10 / ≤30 ms", "phrase": "≤10 / ≤30 ms",
               "rare inflection": "≤10 / ≤30 ms",
               "prefix": "≤10 / ≤30 ms", "2-char CJK": "≤30 ms", "1-char CJK": "≤100 ms"}
    for label, pool in pools.items():
        queries = [(store, q) for q in (pool * (runs // len(pool) + 1))[:runs]]
        discover(store, pool[0])  # warm the cache
        ms = time_calls(discover, queries)
        res[f"discover_{label}"] = (statistics.median(ms), pct(ms, 0.99))
        report(f"discover: {label}", ms, targets[label])

    tool = SessionSearchTool(store, sid)
    singles = [r[0] for r in store.conn.execute(
        "SELECT term FROM temp.bench_vocab WHERE doc = 1 AND term GLOB '[a-z]*' LIMIT 2000")]
    res["accuracy"] = accuracy(store, tool, pools, holders, rng.sample(singles, min(len(singles), 30)))
    calls = [(json.dumps({"query": q}),) for q in (pools["common word"] + pools["2-char CJK"]) * 4]
    ms = time_calls(tool.dispatch, calls)
    res["tool_end_to_end"] = (statistics.median(ms), pct(ms, 0.99))
    report("session_search tool (JSON)", ms, "≤30 ms")

    scroll_args = []
    for s_id, ids in sample[:40]:
        scroll_args.append((store, s_id, ids[len(ids) // 2], 5))
    ms = time_calls(scroll, scroll_args, repeat=3)
    res["scroll"] = (statistics.median(ms), pct(ms, 0.99))
    report("scroll (window 5)", ms, "≤2 ms")
    ms = time_calls(read, [(store, s_id) for s_id, _ in sample[:40]], repeat=3)
    res["read"] = (statistics.median(ms), pct(ms, 0.99))
    report("read", ms, "≤2 ms")
    store.close()

    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO), COLUMNS="160")
    walls = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "hermes", "sessions", "list"], env=env, cwd=REPO,
                       capture_output=True, check=True)
        walls.append((time.perf_counter() - t) * 1000)
    res["sessions_list_ms"] = statistics.median(walls)
    print(f"  `hermes sessions list` process  median {statistics.median(walls):.0f} ms, "
          f"min {min(walls):.0f} ms   (target ≤ 300 ms)")
    return res


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10k,100k", help="comma list, e.g. 10k,100k,1m")
    parser.add_argument("--runs", type=int, default=100, help="queries per category")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and keep the files")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    parser.add_argument("--build-only", action="store_true",
                        help="with --keep: build the histories (and the peer's) and stop")
    parser.add_argument("--reuse", action="store_true",
                        help="with --keep: time queries on histories kept by an earlier run")
    parser.add_argument("--bulk-from", default="1m", metavar="SIZE",
                        help="sizes from this one up are bulk-built (see build()); default 1m")
    parser.add_argument("--peer", metavar="PYTHON", default="",
                        help="also time the peer's search (its venv's python), interleaved")
    args = parser.parse_args()
    if (args.build_only or args.reuse) and not args.keep:
        parser.error("--build-only and --reuse need --keep DIR")
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    workdir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="hermes-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"sqlite {__import__('sqlite3').sqlite_version}, python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, files in {workdir}")
    results = []
    try:
        for n in sizes:
            bulk = n >= parse_size(args.bulk_from)
            results.append(run_size(n, workdir, TextMaker(), args.runs, bulk, args.peer,
                                    keep=bool(args.keep), reuse=args.reuse,
                                    build_only=args.build_only))
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
