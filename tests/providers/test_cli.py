"""`hermes memory setup` and `hermes memory status`, run as real subprocesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

from hermes.providers.user_model_tables import UserModelStore


def hermes(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HERMES_HOME": str(home)}
    env.pop("HONCHO_API_KEY", None)
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])


def config(home: Path) -> dict:
    return yaml.safe_load((home / "config.yaml").read_text())


def test_setup_local_then_status(hermes_home: Path) -> None:
    done = hermes(hermes_home, "setup", "local", "--model", "openai/gpt-4.1-mini",
                  "--dialectic-depth", "3", "--dialectic-cadence", "4")
    assert done.returncode == 0, done.stderr
    assert "User model: local" in done.stdout
    um = config(hermes_home)["user_model"]
    assert um["provider"] == "local" and um["model"] == "openai/gpt-4.1-mini"
    assert um["dialectic_depth"] == 3 and um["dialectic_cadence"] == 4

    store = UserModelStore(hermes_home / "state.db")
    store.add_conclusion("Prefers tabs", session_id="s1", message_id=1)
    store.add_to_peer_card(["Name: Ada"])
    store.record_turn("s1", "summary", 2)
    store.record_sync("local")
    store.record_error("user model (local): dialectic failed: TimeoutError")
    status = hermes(hermes_home, "status")
    assert status.returncode == 0, status.stderr
    out = status.stdout
    assert "User model: local" in out and "model: openai/gpt-4.1-mini" in out
    assert "dialectic every 4 turns, depth 3" in out
    assert "conclusions: 1  sessions learned from: 1  peer card items: 1" in out
    assert "last sync: just now (local); turns synced: 1" in out
    assert "dialectic failed: TimeoutError" in out

    data = json.loads(hermes(hermes_home, "status", "--json").stdout)
    assert data["provider"] == "local" and data["conclusions"] == 1 and data["error_count"] == 1


def test_setup_honcho_stores_the_key_privately(hermes_home: Path) -> None:
    key = "hk-live-abcdef0123456789"
    done = hermes(hermes_home, "setup", "honcho", "--api-key-stdin", "--base-url",
                  "https://honcho.example.org", "--workspace", "home", stdin=key + "\n")
    assert done.returncode == 0, done.stderr
    assert "deliberate trade" in done.stdout
    assert key not in done.stdout + done.stderr
    env_file = hermes_home / ".env"
    assert f"HONCHO_API_KEY={key}" in env_file.read_text()
    assert env_file.stat().st_mode & 0o777 == 0o600
    h = config(hermes_home)["user_model"]["honcho"]
    assert h["base_url"] == "https://honcho.example.org" and h["workspace"] == "home"
    assert key not in (hermes_home / "config.yaml").read_text()

    status = hermes(hermes_home, "status")
    assert "User model: honcho" in status.stdout
    assert "key: $HONCHO_API_KEY set" in status.stdout
    assert key not in status.stdout


def test_setup_refusals(hermes_home: Path) -> None:
    cloud = hermes(hermes_home, "setup", "honcho")
    assert cloud.returncode == 1
    assert "Honcho cloud needs an API key" in cloud.stderr
    assert not (hermes_home / "config.yaml").exists()  # nothing half-written

    missing = hermes(hermes_home, "setup")
    assert missing.returncode == 2 and "say which provider" in missing.stderr

    bad_url = hermes(hermes_home, "setup", "honcho", "--base-url", "ftp://x")
    assert bad_url.returncode == 2 and "--base-url must start with http" in bad_url.stderr

    bad_cadence = hermes(hermes_home, "setup", "local", "--model", "openai/x",
                         "--context-cadence", "0")
    assert bad_cadence.returncode == 2 and "context_cadence" in bad_cadence.stderr
    assert not (hermes_home / "config.yaml").exists()  # the valid --model was not written either


def test_setup_off(hermes_home: Path) -> None:
    assert hermes(hermes_home, "setup", "local").returncode == 0
    off = hermes(hermes_home, "setup", "off")
    assert off.returncode == 0 and "User model: off" in off.stdout
    assert config(hermes_home)["user_model"]["provider"] == "off"
    assert "User model: off" in hermes(hermes_home, "status").stdout
    assert not (hermes_home / "state.db").exists()  # status does not create the database


def run_in_terminal(home: Path, args: list[str], answers: list[str]) -> tuple[int, str]:
    """Run `hermes memory ARGS` on a pseudo-terminal, typing `answers` one line at a time."""
    import pty
    import select

    controller, terminal = pty.openpty()
    env = {**os.environ, "HERMES_HOME": str(home)}
    env.pop("HONCHO_API_KEY", None)
    proc = subprocess.Popen([sys.executable, "-m", "hermes", "memory", *args], stdin=terminal,
                            stdout=terminal, stderr=terminal, env=env, start_new_session=True,
                            cwd=Path(__file__).resolve().parents[2])
    os.close(terminal)
    out = b""
    pending = list(answers)
    while True:
        ready, _, _ = select.select([controller], [], [], 30)
        if not ready:
            proc.kill()
            break
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
        if pending and chunk.rstrip().endswith((b":", b"]:")):
            os.write(controller, pending.pop(0).encode() + b"\n")
    os.close(controller)
    return proc.wait(timeout=30), out.decode(errors="replace")


def test_setup_asks_in_a_terminal(hermes_home: Path) -> None:
    code, out = run_in_terminal(hermes_home, ["setup"], ["local"])
    assert code == 0, out
    assert "User model: local (no server), honcho (sends conversations to Honcho) or off" in out
    assert config(hermes_home)["user_model"]["provider"] == "local"

    key = "hk-typed-0123456789abcdef"
    code, out = run_in_terminal(hermes_home, ["setup", "honcho"], ["", key, "yes"])
    assert code == 0, out
    assert "Honcho API key for $HONCHO_API_KEY" in out and "deliberate trade" in out
    assert key not in out  # typed without echo
    assert f"HONCHO_API_KEY={key}" in (hermes_home / ".env").read_text()
    assert config(hermes_home)["user_model"]["provider"] == "honcho"

    code, out = run_in_terminal(hermes_home, ["setup", "local"], [])
    assert code == 0
    code, out = run_in_terminal(hermes_home, ["setup", "honcho"], ["", "", "no"])
    assert code == 1 and "Nothing changed." in out
    assert config(hermes_home)["user_model"]["provider"] == "local"


def test_status_on_a_broken_database_is_one_line(hermes_home: Path) -> None:
    assert hermes(hermes_home, "setup", "local").returncode == 0
    (hermes_home / "state.db").write_bytes(b"this is not a database" * 100)
    status = hermes(hermes_home, "status")
    assert status.returncode == 0, status.stderr
    assert "User model: local" in status.stdout and "cannot read" in status.stdout
    assert "Traceback" not in status.stdout + status.stderr
