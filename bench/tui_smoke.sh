#!/usr/bin/env bash
# Smoke test of the installed `hermes` app: runs it in tmux against the fake model server,
# types a message and prints the captured screen (before and after the reply).
# Usage: bench/tui_smoke.sh            (HERMES_BIN and PYTHON override the executables)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-$(command -v python3)}"
HERMES_BIN="${HERMES_BIN:-$(command -v hermes || echo "$(dirname "$PYTHON")/hermes")}"
command -v tmux >/dev/null || { echo "tmux is needed"; exit 1; }
[ -x "$HERMES_BIN" ] || { echo "hermes not found (set HERMES_BIN)"; exit 1; }

WORK="$(mktemp -d)"
SESSION="hermes-smoke-$$"
export HERMES_HOME="$WORK/home"
mkdir -m 700 "$HERMES_HOME"
cleanup() {
    tmux kill-session -t "$SESSION" 2>/dev/null || true
    [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

"$PYTHON" bench/fake_server.py "$WORK/api_base" & SERVER_PID=$!
for _ in $(seq 100); do [ -s "$WORK/api_base" ] && break; sleep 0.1; done
API_BASE="$(cat "$WORK/api_base")"
cat > "$HERMES_HOME/config.yaml" <<YAML
model: {name: openai/main, api_base: "$API_BASE", api_key_env: SMOKE_KEY}
memory: {review_model: openai/review}
sessions: {title_model: openai/title}
YAML
echo "SMOKE_KEY=sk-smoke-test-0000000000000000" > "$HERMES_HOME/.env"
chmod 600 "$HERMES_HOME/.env"

wait_for_text() {  # wait_for_text TEXT SECONDS
    for _ in $(seq $(( $2 * 10 ))); do
        tmux capture-pane -p -t "$SESSION" | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    echo "timed out waiting for: $1"; return 1
}

tmux new-session -d -s "$SESSION" -x 120 -y 36 \
    "env HERMES_HOME='$HERMES_HOME' TERM=xterm-256color '$HERMES_BIN'"
wait_for_text "Message Hermes" 20
echo "=== first frame ==="
tmux capture-pane -p -t "$SESSION"
tmux send-keys -t "$SESSION" -l "Write a tiny Python greeting function"
tmux send-keys -t "$SESSION" Enter
wait_for_text "Anything else?" 30
wait_for_text "User profile updated" 30 || true
sleep 0.5
echo "=== after the reply ==="
tmux capture-pane -p -t "$SESSION"
tmux send-keys -t "$SESSION" C-q
sleep 1
echo "smoke: ok"
