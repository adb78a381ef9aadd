"""Run Hermes Agent's own `hermes chat -q PROMPT -Q` (one turn, quiet) for the start-up bench.

Run with the peer's python (its own virtual environment), never ours:
    /work/peer-venv-interop/bin/python bench/peer/peer_chat.py "Say hello."
It does what the peer's `hermes` console script does, with the arguments fixed, so both
sides of bench/chat_startup_bench.py start the same way (a python process running the CLI).
The peer is a benchmark reference only; nothing in hermes/ or tests/ imports it.
"""

from __future__ import annotations

import sys


def main() -> int:
    prompt = sys.argv[1] if len(sys.argv) > 1 else "Say hello."
    sys.argv = ["hermes", "chat", "-q", prompt, "-Q"]
    from hermes_cli.main import main as peer_main  # the peer's entry point (its venv only)

    result = peer_main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    raise SystemExit(main())
