"""How long `hermes import hermes-agent` takes for a large Hermes Agent history.

Usage: python bench/import_bench.py [--sessions 1000] [--per-session 100]
Builds a Hermes Agent state.db (tests/support/hermes_agent_home.py: English and Chinese text,
tool calls, a credential every 25 messages) in a temp folder, then runs the real command as a
subprocess into an empty HERMES_HOME and prints the wall time, messages per second, and a
search over the result. Target from issue 17: 100k messages in under 60 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.hermes_agent_home import build_large_history  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--per-session", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        agent, home = Path(tmp) / "agent", Path(tmp) / "home"
        agent.mkdir()
        home.mkdir(mode=0o700)
        t0 = time.perf_counter()
        total = build_large_history(agent / "state.db", args.sessions, args.per_session)
        print(f"built source: {args.sessions:,} sessions, {total:,} messages, "
              f"{(agent / 'state.db').stat().st_size / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s")
        env = {**os.environ, "HERMES_HOME": str(home)}
        command = [sys.executable, "-m", "hermes", "import", "hermes-agent", str(agent)]
        t0 = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - t0
        if done.returncode != 0:
            print(done.stdout, done.stderr, sep="\n")
            return 1
        print(done.stdout.strip().splitlines()[-1])
        print(f"import: {elapsed:.1f} s wall, {total / elapsed:,.0f} messages/s "
              f"(state.db {(home / 'state.db').stat().st_size / 1e6:.1f} MB)")
        t0 = time.perf_counter()
        again = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        print(f"second run (imports nothing): {time.perf_counter() - t0:.1f} s — "
              f"{again.stdout.strip().splitlines()[-1]}")
        search = subprocess.run([sys.executable, "-m", "hermes", "sessions", "search", "数据库迁移"],
                                cwd=ROOT, env=env, capture_output=True, text=True)
        print(f"search 数据库迁移 after import: {len(search.stdout.splitlines())} lines of results")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
