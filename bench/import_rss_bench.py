"""What `import litellm` and Hermes' own modules cost in resident memory, part by part. Prints
numbers; asserts nothing.

One fresh process per row: it imports the rows above it and then its own, and prints the growth
of VmRSS (and VmHWM) that its own part caused, read from /proc. The parts litellm's import
pulls in first (pydantic, httpx, aiohttp, the openai SDK, tiktoken, `tokenizers`, jinja2) are
imported on their own before litellm, so the litellm row is what litellm itself adds on top.
Two more rows parse the two large JSON files litellm reads at import (its price map and the
Anthropic tokenizer) in a bare process, to show what each costs once parsed.

Usage: python bench/import_rss_bench.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (label, statement run in the child after every row above it)
ROWS: list[tuple[str, str]] = [
    ("pydantic", "import pydantic, pydantic.main"),
    ("httpx", "import httpx"),
    ("aiohttp", "import aiohttp"),
    ("openai SDK (with its types)", "import openai, openai.types.chat"),
    ("tiktoken (module, no encoding)", "import tiktoken"),
    ("tokenizers (HF)", "import tokenizers"),
    ("jinja2", "import jinja2"),
    ("litellm itself (on top of the above)", "import litellm"),
    ("litellm's first-call modules (proxy types)",
     "import litellm.proxy.openai_files_endpoints.common_utils"),
    ("all of Hermes' modules but the TUI",
     "import pkgutil, importlib, hermes\n"
     "for m in pkgutil.walk_packages(hermes.__path__, 'hermes.'):\n"
     "    if not m.name.startswith(('hermes.tui', 'hermes.__main__')):\n"
     "        importlib.import_module(m.name)"),
]

CHILD = """
import os, sys
os.environ.update(LITELLM_LOCAL_MODEL_COST_MAP="True", LITELLM_MODE="PRODUCTION",
                  LITELLM_LOG="CRITICAL", LITELLM_TELEMETRY="False")
def status():
    got = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                got[line.split(":")[0]] = int(line.split()[1]) / 1024
    return got
for stmt in sys.argv[1:-1]:
    exec(stmt, {})
before = status()
exec(sys.argv[-1], {})
after = status()
print(f"{after['VmRSS'] - before['VmRSS']:.1f} {after['VmRSS']:.1f} {after['VmHWM']:.1f}")
"""

PARSE = """
import json, sys
from importlib import resources
def rss():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4096 / 2**20
data = resources.files(sys.argv[1]).joinpath(sys.argv[2]).read_bytes()
before = rss()
parsed = json.loads(data)
print(f"{rss() - before:.1f} {len(data) / 2**20:.1f}")
"""


def _run(code: str, *args: str) -> str:
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=str(ROOT), capture_output=True,
                         text=True, check=True)
    return out.stdout.strip()


def main() -> int:
    bare = _run(CHILD, "pass")
    print(f"bare python: VmRSS {bare.split()[1]} MB")
    print(f"{'part':46s} {'adds':>8s} {'VmRSS':>8s} {'VmHWM':>8s}")
    done: list[str] = []
    for label, stmt in ROWS:
        grew, rss, hwm = _run(CHILD, *done, stmt).split()
        print(f"{label:46s} {grew:>5s} MB {rss:>5s} MB {hwm:>5s} MB")
        done.append(stmt)
    for package, name in (("litellm", "model_prices_and_context_window_backup.json"),
                          ("litellm.litellm_core_utils.tokenizers", "anthropic_tokenizer.json")):
        grew, size = _run(PARSE, package, name).split()
        print(f"parsing {name} ({size} MB on disk): +{grew} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
