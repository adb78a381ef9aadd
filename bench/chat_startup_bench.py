"""`hermes chat -q` start-up, side by side with Hermes Agent. Prints numbers; asserts nothing.

Each run spawns one `chat -q` process against a loopback fake OpenAI-compatible server that
runs in this script, and notes the moment the server sees the process's first chat request:
wall time from spawn to that request, the process's CPU time (all its threads) and its peak
RSS (VmHWM) at that moment, read from /proc while the request is being answered. Ours and the
peer's runs alternate (A/B, B/A, ...) so a change in machine load hits both alike; the load
average is printed with each pair.

The peer (Hermes Agent, `hermes-agent==0.19.0` in its own virtual environment) is only a
benchmark reference, see bench/peer/README.md; leave it out with --no-peer.

With --base DIR, a second checkout of Hermes (e.g. `git archive main | tar -x -C DIR`) runs as
a third side, for before/after comparisons in the same interleaved runs.

Usage: python bench/chat_startup_bench.py [--runs 10] [--peer PYTHON] [--base DIR] [--no-peer]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.fake_llm import FakeLLMServer, Reply  # noqa: E402

PEER_CANDIDATES = ("/work/peer-venv-interop/bin/python", "/work/peer-venv/bin/python")
CLK_TCK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """utime + stime of every thread of the process so far (from /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / CLK_TCK


def _peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Watch:
    """The fake server's hook: the first request whose model carries `tag` is measured."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tag = ""
        self.pid = 0
        self.seen: dict[str, float] | None = None
        self.event = threading.Event()

    def arm(self, tag: str, pid: int) -> None:
        with self.lock:
            self.tag, self.pid, self.seen = tag, pid, None
            self.event.clear()

    def reply(self, body: dict[str, Any]) -> Reply:
        now = time.time()
        with self.lock:
            if self.seen is None and self.tag and self.tag in str(body.get("model", "")):
                try:
                    self.seen = {"t": now, "cpu": _cpu_seconds(self.pid),
                                 "rss": _peak_rss_mb(self.pid)}
                except OSError:
                    self.seen = {"t": now, "cpu": float("nan"), "rss": float("nan")}
                self.event.set()
        if "review" in str(body.get("messages", ""))[:4000].lower() and body.get("tools") is None:
            return Reply(text="[]")  # a memory review or title call: nothing to save
        return Reply(text="Hello from the bench.")


def _ours_home(base: Path, api_base: str, tag: str) -> Path:
    home = base / "ours"
    home.mkdir(mode=0o700)
    (home / "config.yaml").write_text(
        f"model: {{name: openai/{tag}, api_base: '{api_base}', api_key_env: BENCH_KEY}}\n")
    (home / ".env").write_text("BENCH_KEY=sk-bench-000000000000\n")
    os.chmod(home / ".env", 0o600)
    return home


def _peer_home(base: Path, api_base: str, tag: str) -> Path:
    home = base / "peer"
    home.mkdir(mode=0o700)
    (home / "config.yaml").write_text(
        f"model:\n  default: {tag}\n  provider: custom\n  base_url: {api_base}\n"
        f"  api_key: sk-bench-000000000000\n")
    return home


def _command(which: str, peer_python: str) -> list[str]:
    if which == "peer":
        return [peer_python, str(ROOT / "bench" / "peer" / "peer_chat.py"), "Say hello."]
    return [sys.executable, "-m", "hermes", "chat", "-q", "Say hello."]


def one_run(which: str, index: int, server: FakeLLMServer, watch: Watch,
            peer_python: str, timeout: float, base_tree: str = "") -> dict[str, float]:
    tag = f"{which}-{index}-{os.getpid()}"
    base = Path(tempfile.mkdtemp(prefix="hermes-chat-bench-"))
    try:
        home = (_peer_home if which == "peer" else _ours_home)(base, server.api_base, tag)
        # Bytecode caches on, as for an installed package (the warm-up run writes them).
        env = {k: v for k, v in os.environ.items()
               if not k.endswith("_API_KEY") and k != "PYTHONDONTWRITEBYTECODE"}
        env.update(HERMES_HOME=str(home), HOME=str(base), NO_COLOR="1")
        # `python -m hermes` imports the checkout it runs in (the cwd comes first on sys.path)
        cwd = {"ours": str(ROOT), "base": base_tree}.get(which, str(base))
        start = time.time()
        proc = subprocess.Popen(_command(which, peer_python), cwd=cwd,
                                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        watch.arm(tag, proc.pid)
        got = watch.event.wait(timeout)
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        seen = watch.seen if got else None
        if seen is None:
            sys.stderr.write(f"{which}: no request seen (exit {proc.returncode}): "
                             f"{err.decode(errors='replace')[-400:]}\n")
            return {"wall": float("nan"), "cpu": float("nan"), "rss": float("nan"),
                    "total": time.time() - start, "ok": 0.0}
        return {"wall": seen["t"] - start, "cpu": seen["cpu"], "rss": seen["rss"],
                "total": time.time() - start, "ok": float(proc.returncode == 0)}
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _summary(label: str, runs: list[dict[str, float]]) -> None:
    ok = [r for r in runs if r["wall"] == r["wall"]]
    if not ok:
        print(f"  {label:6s} no run reached the server")
        return
    walls = [r["wall"] * 1000 for r in ok]
    cpus = [r["cpu"] * 1000 for r in ok]
    rss = [r["rss"] for r in ok]
    print(f"  {label:6s} to first request: wall median {statistics.median(walls):6.0f} ms "
          f"p99 {_p99(walls):6.0f} | CPU median {statistics.median(cpus):6.0f} ms "
          f"p99 {_p99(cpus):6.0f} | peak RSS median {statistics.median(rss):5.0f} MB "
          f"| whole run median {statistics.median(r['total'] for r in ok) * 1000:6.0f} ms "
          f"({len(ok)}/{len(runs)} runs, {sum(r['ok'] for r in ok):.0f} exited 0)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each side")
    parser.add_argument("--peer", default=next((p for p in PEER_CANDIDATES if Path(p).exists()), ""),
                        help="the peer venv's python")
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--base", default="", help="another Hermes checkout to run as side 'base'")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured runs of each side first")
    args = parser.parse_args()
    sides = ["ours"] + (["base"] if args.base else []) + ([] if args.no_peer or not args.peer else ["peer"])
    watch = Watch()
    server = FakeLLMServer().start()
    server.default = watch.reply
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}; "
          f"peer: {args.peer if 'peer' in sides else 'not run'}")
    results: dict[str, list[dict[str, float]]] = {s: [] for s in sides}
    try:
        for i in range(args.warmup):
            for side in sides:
                one_run(side, -1 - i, server, watch, args.peer, args.timeout, args.base)
        for i in range(args.runs):
            order = sides if i % 2 == 0 else sides[::-1]
            line = []
            for side in order:
                result = one_run(side, i, server, watch, args.peer, args.timeout, args.base)
                results[side].append(result)
                line.append(f"{side} {result['wall'] * 1000:5.0f} ms wall {result['cpu'] * 1000:5.0f} ms CPU")
            print(f"  run {i + 1:2d} (load {os.getloadavg()[0]:4.1f}): " + ", ".join(line), flush=True)
    finally:
        server.stop()
    print(f"`chat -q` start-up, {args.runs} interleaved runs per side "
          f"(load average at the end {os.getloadavg()[0]:.1f}):")
    for side in sides:
        _summary(side, results[side])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
