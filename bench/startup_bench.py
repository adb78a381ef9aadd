"""Start-up and rendering benchmark for the Hermes app. Prints numbers; asserts nothing.

1. Start-up (real processes on a pseudo-terminal, 120x36): wall time from spawning the app to
   the first screen that shows the memory gauge (`MEM`, read from the bytes the app writes to
   the terminal, which is what a person waits for; the bare app shows the same three letters
   in its label), to its first frame with a focused input (the app appends a marker line to
   $HERMES_STARTUP_MARKER), the process's CPU time and peak RSS (VmHWM) at that moment, time
   until litellm is imported and ready, and peak RSS over the run (ru_maxrss). Side by side,
   interleaved, with a bare Textual app (one label and an input, the same marker) and, with
   --base DIR, another Hermes checkout (`git archive main | tar -x -C DIR`) for before/after.
   Medians and p99 of --runs runs, the load average printed with each round.
2. Render throughput (headless, in-process): a 5,000-token reply streamed at 500 tokens/s;
   how long after the last token is received it is written to the terminal, the lag of
   sampled tokens along the way, and how many screen updates were written.

   With --first-message, a message is typed and sent at the first frame (before the model
   client is ready) and the time until a loopback fake model server sees it is printed too.
   With --tmux, as a person sees it instead: each side starts in its own tmux session
   (80x24) and the pane is read until it shows `MEM`; the same sides, interleaved.
Usage: python bench/startup_bench.py [--runs 10] [--base DIR] [--first-message] [--tokens 5000]
       python bench/startup_bench.py --tmux [--runs 10] [--base DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CLK_TCK = os.sysconf("SC_CLK_TCK")

# The reference: what Textual itself needs to show a label and a focused input.
BARE_APP = """
import json, os, sys, time
from textual.app import App
from textual.widgets import Input, Label

class Bare(App):
    def compose(self):
        yield Label("Hermes  MEM 0%")
        yield Input(placeholder="Message")

    def on_mount(self):
        self.query_one(Input).focus()
        self.call_after_refresh(self.mark)

    def mark(self):
        with open(os.environ["HERMES_STARTUP_MARKER"], "a") as fh:
            for event in ("first_frame", "llm_ready"):
                fh.write(json.dumps({"event": event, "t": time.time(), "litellm": False}) + "\\n")

Bare().run()
"""


def _home(api_base: str = "http://127.0.0.1:9/v1") -> Path:
    home = Path(tempfile.mkdtemp(prefix="hermes-bench-")) / "home"
    home.mkdir(mode=0o700)
    # A configured model with a key, so the app goes straight to the chat (no setup pane).
    (home / "config.yaml").write_text(
        f"model: {{name: openai/bench, api_base: '{api_base}', api_key_env: BENCH_KEY}}\n")
    (home / ".env").write_text("BENCH_KEY=sk-bench-000000000000\n")
    os.chmod(home / ".env", 0o600)
    return home


def _read_marker(path: Path) -> dict[str, float]:
    events: dict[str, float] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            data = json.loads(line)
            events.setdefault(data["event"], data["t"])
            if data["event"] == "first_frame":
                events.setdefault("litellm_at_first_frame", float(data.get("litellm", False)))
    return events


def _cpu_and_peak(pid: int) -> tuple[float, float]:
    """CPU seconds of all the process's threads so far, and its peak RSS in MB (VmHWM)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / CLK_TCK
        with open(f"/proc/{pid}/status") as fh:
            peak = next((int(line.split()[1]) / 1024 for line in fh if line.startswith("VmHWM:")),
                        float("nan"))
        return cpu, peak
    except (OSError, ValueError, IndexError):
        return float("nan"), float("nan")


def _argv(side: str) -> tuple[list[str], str]:
    """The command and working folder of a side (`python -m hermes` imports its cwd's code)."""
    if side == "bare":
        return [sys.executable, "-c", BARE_APP], str(ROOT)
    return [sys.executable, "-m", "hermes"], (str(ROOT) if side == "hermes" else side)


class FirstRequest:
    """A loopback fake model server for --first-message: notes when the first chat request
    of the current run arrives (the message typed at the first frame)."""

    def __init__(self) -> None:
        from tests.support.fake_llm import FakeLLMServer, Reply

        self.server = FakeLLMServer().start()
        self.seen: float | None = None
        self.reply = Reply(text="Hello from the bench.")
        self.server.default = self._answer

    def _answer(self, body: dict) -> object:
        if self.seen is None and "typed-at-once" in json.dumps(body.get("messages", []))[-400:]:
            self.seen = time.time()
        return self.reply


def one_startup(side: str, timeout: float = 120.0,
                first: FirstRequest | None = None) -> dict[str, float]:
    if first is not None:
        first.seen = None
    home = _home(first.server.api_base) if first is not None and side != "bare" else _home()
    marker = home.parent / "marker.jsonl"
    env = {**os.environ, "HERMES_HOME": str(home), "HERMES_STARTUP_MARKER": str(marker),
           "TERM": "xterm-256color"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # caches on, as installed (the warm-up writes them)
    argv, cwd = _argv(side)
    started = time.time()
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the app on the pseudo-terminal
        os.chdir(cwd)
        os.execve(argv[0], argv, env)
    import fcntl

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    deadline = time.time() + timeout
    events: dict[str, float] = {}
    at_frame = (float("nan"), float("nan"))
    quit_sent = False
    typed = first is None or side == "bare"
    status = None
    usage = None
    gauge_at = float("nan")
    tail = b""  # the last bytes read, so "MEM" split over two reads is still seen
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            chunk = b""
            with contextlib.suppress(OSError):
                chunk = os.read(fd, 65536)  # drain the screen output so the app never blocks
            if gauge_at != gauge_at and b"MEM" in tail + chunk:
                gauge_at = time.time()
            tail = chunk[-2:]
        events = _read_marker(marker)
        if "first_frame" in events and at_frame[0] != at_frame[0]:
            at_frame = _cpu_and_peak(pid)  # within ~10 ms of the marker
        if not typed and "first_frame" in events:
            os.write(fd, b"typed-at-once\r")  # a message typed and sent at the first frame
            typed = True
        answered = first is None or side == "bare" or first.seen is not None
        if not quit_sent and "first_frame" in events and "llm_ready" in events and answered:
            os.write(fd, b"\x11")  # Ctrl+Q
            quit_sent = True
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    return {
        "gauge_ms": (gauge_at - started) * 1000,
        "first_frame_ms": (events.get("first_frame", float("nan")) - started) * 1000,
        "cpu_at_frame_ms": at_frame[0] * 1000,
        "rss_at_frame_mb": at_frame[1],
        "llm_ready_ms": (events.get("llm_ready", float("nan")) - started) * 1000,
        "peak_rss_mb": (usage.ru_maxrss / 1024) if usage else float("nan"),
        "litellm_at_first_frame": events.get("litellm_at_first_frame", float("nan")),
        "first_request_ms": ((first.seen - started) * 1000 if first is not None and first.seen
                             else float("nan")),
    }


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def startup_bench(runs: int, base: str = "", warmup: int = 1, first_message: bool = False) -> None:
    sides = ["hermes", "bare"] + ([base] if base else [])
    first = FirstRequest() if first_message else None
    names = {"hermes": "hermes (this checkout)", "bare": "bare Textual app", base: f"base {base}"}
    for _ in range(warmup):  # fills the bytecode caches; not counted
        for side in sides:
            one_startup(side, first=first)
    results: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    print(f"start-up, {runs} interleaved runs per side on a 120x36 pseudo-terminal:")
    for i in range(runs):
        order = sides if i % 2 == 0 else sides[::-1]
        parts = []
        for side in order:
            result = one_startup(side, first=first)
            results[side].append(result)
            parts.append(f"{side.rsplit('/', 1)[-1]} {result['gauge_ms']:.0f} ms gauge,"
                         f" {result['first_frame_ms']:.0f} ms input")
        print(f"  round {i + 1:2d} (load {os.getloadavg()[0]:4.1f}): {', '.join(parts)}", flush=True)
    for side in sides:
        print(f"{names[side]} (median / p99 / min):")
        for key, label in (("gauge_ms", "first screen with the gauge (MEM)"),
                           ("first_frame_ms", "first frame with focused input"),
                           ("cpu_at_frame_ms", "CPU used by the first frame"),
                           ("rss_at_frame_mb", "peak RSS at the first frame"),
                           ("llm_ready_ms", "litellm imported and ready"),
                           ("first_request_ms", "message typed at once: request sent"),
                           ("peak_rss_mb", "peak RSS over the run (ru_maxrss)")):
            if side == "bare" and key in ("llm_ready_ms", "first_request_ms"):
                continue
            values = [r[key] for r in results[side] if r[key] == r[key]]
            if not values:
                continue
            unit = "MB" if key.endswith("mb") else "ms"
            print(f"  {label:34s} {statistics.median(values):8.0f} {unit}  {_p99(values):6.0f}"
                  f"  {min(values):6.0f}")
        if side != "bare":
            loaded = sum(r["litellm_at_first_frame"] == 1.0 for r in results[side])
            print(f"  litellm already imported at the first frame in {loaded} of {runs} runs")
    for key, label in (("gauge_ms", "first screen with the gauge"),
                       ("first_frame_ms", "first frame with focused input")):
        bare = statistics.median(r[key] for r in results["bare"])
        ours = statistics.median(r[key] for r in results["hermes"])
        print(f"{label}: hermes / bare = {ours / bare:.2f}x (target ≤ 1.5x; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


# ---------------------------------------------------------------- as a person sees it (tmux)


def one_tmux_startup(side: str, timeout: float = 60.0) -> float:
    """Milliseconds from starting `side` in a new tmux session to a pane that shows MEM."""
    import shlex
    import subprocess

    home = _home()
    marker = home.parent / "marker.jsonl"
    argv, cwd = _argv(side)
    env = {"HERMES_HOME": str(home), "HERMES_STARTUP_MARKER": str(marker), "TERM": "xterm-256color"}
    command = " ".join(["cd", shlex.quote(cwd), "&&", "env", "-u", "PYTHONDONTWRITEBYTECODE",
                        *(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                        *map(shlex.quote, argv)])
    session = f"startup-bench-{os.getpid()}"
    started = time.time()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", command],
                   check=True)
    shown = float("nan")
    try:
        while time.time() - started < timeout:
            pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                  capture_output=True, text=True).stdout
            if "MEM" in pane:
                shown = (time.time() - started) * 1000
                break
            time.sleep(0.02)  # each read spawns a tmux client; polling harder slows both sides
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return shown


def tmux_bench(runs: int, base: str = "", warmup: int = 1) -> None:
    import subprocess

    # A session of our own that lives through the runs: without it the tmux server exits with
    # each run's session and the next run's start can race its shutdown.
    keeper = f"startup-bench-keep-{os.getpid()}"
    subprocess.run(["tmux", "new-session", "-d", "-s", keeper, "sleep 3600"], check=True)
    try:
        _tmux_rounds(runs, base, warmup)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", keeper], capture_output=True)


def _tmux_rounds(runs: int, base: str, warmup: int) -> None:
    sides = ["hermes", "bare"] + ([base] if base else [])
    for _ in range(warmup):  # fills the bytecode caches; not counted
        for side in sides:
            one_tmux_startup(side)
    results: dict[str, list[float]] = {side: [] for side in sides}
    print(f"tmux, 80x24: start to the first pane that shows MEM, {runs} interleaved runs per side:")
    for i in range(runs):
        order = sides if i % 2 == 0 else sides[::-1]
        parts = []
        for side in order:
            results[side].append(one_tmux_startup(side))
            parts.append(f"{side.rsplit('/', 1)[-1]} {results[side][-1]:.0f} ms")
        print(f"  round {i + 1:2d} (load {os.getloadavg()[0]:4.1f}): {', '.join(parts)}", flush=True)
    bare = statistics.median(results["bare"])
    for side in sides:
        values = [v for v in results[side] if v == v]
        ratio = "" if side == "bare" else f"  {statistics.median(values) / bare:.2f}x the bare app"
        print(f"  {side.rsplit('/', 1)[-1]:8s} median {statistics.median(values):5.0f} ms"
              f"  min {min(values):5.0f}  max {max(values):5.0f}{ratio}")
    print(f"target ≤ 1.5x; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


# ---------------------------------------------------------------- render throughput


def _reply_tokens(count: int) -> list[str]:
    """The streamed reply, with a sampled marker every 500 tokens and a unique last token."""
    from tests.support.markdown_reply import markdown_tokens

    return markdown_tokens(count, samples=True)


async def render_bench(count: int, rate: float, with_client: bool = False) -> None:
    from hermes.agent import events as ev
    from hermes.tui.app import HermesApp

    os.environ["HERMES_HOME"] = str(_home())
    app = HermesApp(open_agent=False, preload=None if with_client else (lambda: None))
    tokens = _reply_tokens(count)
    markers = [t.strip(" .") for t in tokens if "SAMPLE" in t or "LASTTOKEN" in t]
    sent: dict[str, float] = {}
    shown: dict[str, float] = {}
    frames = [0]
    async with app.run_test(size=(120, 36)) as pilot:
        await asyncio.wait_for(app.ready.wait(), 30)
        await asyncio.wait_for(app.loader.wait(), 120)  # the model client, as in a real session
        await pilot.pause(0.2)
        from textual._compositor import CompositorUpdate

        original_display = app._display

        def display(screen, renderable) -> None:  # noqa: ANN001
            # Headless Textual skips output; render each update to terminal bytes here, as a
            # real terminal driver would, and note when a marker token first appears.
            if isinstance(renderable, CompositorUpdate):
                data = renderable.render_segments(app.console)
                frames[0] += 1
                now = time.perf_counter()
                for marker in markers:
                    if marker not in shown and marker in data:
                        shown[marker] = now
            original_display(screen, renderable)

        app._display = display  # type: ignore[method-assign]
        chat = app.chat
        await chat.render_event(ev.TurnStarted("bench", 1))
        interval = 1.0 / rate
        cpu_before = time.process_time()
        start = time.perf_counter()
        for index, token in enumerate(tokens):
            due = start + index * interval
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            app.on_agent_event(ev.TextDelta(token))  # the agent's callback, as in a real turn
            for marker in markers:
                if marker in token:
                    sent[marker] = time.perf_counter()
        stream_seconds = time.perf_counter() - start
        deadline = time.perf_counter() + 30
        while "LASTTOKEN" not in shown and time.perf_counter() < deadline:
            await pilot.pause(0.001)
        cpu = time.process_time() - cpu_before
        wall = time.perf_counter() - start
        lags = [(shown[m] - sent[m]) * 1000 for m in markers if m in shown and m in sent]
        last = (shown.get("LASTTOKEN", float("nan")) - sent["LASTTOKEN"]) * 1000
    print(f"render: {count:,} tokens streamed at {rate:.0f} tok/s "
          f"(took {stream_seconds:.1f} s to send), 120x36 headless, "
          f"{'litellm loaded' if with_client else 'without litellm'}:")
    print(f"  last token on screen after receipt      {last:8.1f} ms")
    print(f"  CPU used while streaming                {100 * cpu / wall:8.0f} % of one core"
          f" (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    # CPU per update counts all the app's work (parsing, mounting, layout, drawing).
    print(f"  screen updates written                  {frames[0]:8d}  ({frames[0] / wall:.0f} per second;"
          f" {1000 * cpu / max(1, frames[0]):.0f} ms of app CPU per update)")
    if lags:
        print(f"  sampled tokens (every 500th), lag       median {statistics.median(lags):.1f} ms,"
              f" max {max(lags):.1f} ms ({len(lags)} samples)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--base", default="", help="another Hermes checkout, run side by side")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first")
    parser.add_argument("--first-message", action="store_true",
                        help="type a message at the first frame; time until the model server sees it")
    parser.add_argument("--tokens", type=int, default=5000)
    parser.add_argument("--rate", type=float, default=500.0)
    parser.add_argument("--skip-startup", action="store_true")
    parser.add_argument("--skip-render", action="store_true")
    parser.add_argument("--with-client", action="store_true",
                        help="import litellm before streaming, as a real session has")
    parser.add_argument("--tmux", action="store_true",
                        help="only the start-up, in tmux as a person sees it (pane shows MEM)")
    args = parser.parse_args()
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}")
    if args.tmux:
        tmux_bench(args.runs, args.base, args.warmup)
        return 0
    if not args.skip_startup:
        startup_bench(args.runs, args.base, args.warmup, args.first_message)
    if not args.skip_render:
        asyncio.run(render_bench(args.tokens, args.rate, args.with_client))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
