"""Offline token counting with tiktoken and the encoding files that litellm ships.

Nothing here imports litellm (it is slow to import) and nothing downloads: when the bundled
encoding file is missing the count falls back to an estimate of four characters per token.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO

from hermes.jsontypes import JsonObject

_ENCODING_URL = "https://openaipublic.blob.core.windows.net/encodings/{}.tiktoken"
_lock = threading.Lock()
_loaded: set[str] = set()  # encodings in memory


def bundled_tokenizers_dir() -> Path | None:
    """litellm's folder of tiktoken encoding files, found without importing litellm."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "litellm_core_utils" / "tokenizers"
    return folder if folder.is_dir() else None


def use_bundled_encodings() -> None:
    """Point tiktoken's cache at litellm's bundled files (unless the user chose a folder)."""
    if os.environ.get("TIKTOKEN_CACHE_DIR"):
        return
    folder = bundled_tokenizers_dir()
    if folder is not None:
        os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)


def encoding_name(model: str) -> str:
    """The tiktoken encoding that fits a model name best (o200k for recent OpenAI models)."""
    name = model.lower().rsplit("/", 1)[-1]
    if name.startswith(("gpt-4o", "gpt-4.1", "gpt-4.5", "gpt-5", "o1", "o3", "o4", "chatgpt-4o")):
        return "o200k_base"
    return "cl100k_base"


@lru_cache(maxsize=4)
def _encoding(name: str) -> Any | None:
    use_bundled_encodings()
    cache = os.environ.get("TIKTOKEN_CACHE_DIR", "")
    cached = Path(cache) / hashlib.sha1(_ENCODING_URL.format(name).encode()).hexdigest()
    if not cache or not cached.is_file():
        return None  # tiktoken would download it: estimate instead
    try:
        import tiktoken

        with _lock:
            encoding = tiktoken.get_encoding(name)
        _loaded.add(name)
        return encoding
    except Exception:  # noqa: BLE001 - a broken cache file must not break a conversation
        return None


def is_loaded(model: str = "") -> bool:
    """Whether the model's encoding is in memory already (counting then costs no load)."""
    return encoding_name(model) in _loaded


def count_if_loaded(text: str, model: str = "") -> int | None:
    """Tokens in a text when the encoding is loaded already, else None: for counts that are
    only stored, never decided on, so that a short `chat -q` need not load 48-75 MB of
    encoding before its first request."""
    return count_text(text, model) if is_loaded(model) else None


def _utf8_bytes(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def request_bound(messages: list[dict[str, Any]], tools: list[JsonObject] | None) -> int:
    """An upper bound of count_request that loads nothing: a byte-level BPE token covers at
    least one UTF-8 byte (and the offline estimate is a quarter of the characters), so the
    bytes of every counted part, plus the same per-message overhead, are never fewer."""
    return _message_sizes(messages, _utf8_bytes) + (_utf8_bytes(_tools_json(tools)) if tools else 0)


def request_exceeds(messages: list[dict[str, Any]], tools: list[JsonObject] | None,
                    model: str, limit: float) -> bool:
    """count_request(...) > limit, without loading an encoding when the byte bound already
    shows it is not."""
    if request_bound(messages, tools) <= limit:
        return False
    return count_request(messages, tools, model) > limit


def count_text(text: str, model: str = "") -> int:
    """Tokens in a piece of text."""
    if not text:
        return 0
    enc = _encoding(encoding_name(model))
    if enc is None:
        return max(1, len(text) // 4)
    return len(enc.encode(text, disallowed_special=()))


def _message_sizes(messages: list[dict[str, Any]], size: Callable[[str], int]) -> int:
    """The parts of a message list that count_messages measures, each measured by `size`,
    plus OpenAI's per-message overhead."""
    total = 3
    for msg in messages:
        total += 4
        content = msg.get("content")
        if isinstance(content, str):
            total += size(content)
        elif content:
            total += size(json.dumps(content, ensure_ascii=False))
        if msg.get("tool_calls"):
            total += size(json.dumps(msg["tool_calls"], ensure_ascii=False))
        if msg.get("name"):
            total += size(str(msg["name"]))
    return total


def _tools_json(tools: object) -> str:
    return json.dumps(tools, ensure_ascii=False, separators=(",", ":"))


def count_messages(messages: list[dict[str, Any]], model: str = "") -> int:
    """Tokens of a chat message list as OpenAI counts them (content, tool calls, per-message overhead)."""
    return _message_sizes(messages, lambda text: count_text(text, model))


def count_tools(tools: list[JsonObject], model: str = "") -> int:
    """Tokens the tool schemas add to every request (their JSON form)."""
    if not tools:
        return 0
    return count_text(_tools_json(tools), model)


def count_request(messages: list[dict[str, Any]], tools: list[JsonObject] | None,
                  model: str = "") -> int:
    """Tokens of a whole request: messages plus tool schemas."""
    return count_messages(messages, model) + count_tools(tools or [], model)


def price_map_path() -> Path | None:
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "model_prices_and_context_window_backup.json"


# litellm writes the map as an indented JSON object, one model per key, each key at the start
# of a line (mostly indented by four spaces, not all); a file that does not open that way is
# parsed whole (parse_price_map) rather than searched
_LAYOUT = b"{\n"
_CHUNK = 256 * 1024
_CARRY = 4096  # bytes kept from one chunk to the next, so a key across the boundary is found


def parse_price_map(path: Path) -> dict[str, int]:
    """Model name → input window from the whole map (the slow path: ~25 ms and ~7 MB)."""
    try:
        stat = path.stat()
    except OSError:
        return {}
    return _parsed(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=1)
def _parsed(path: str, mtime_ns: int, size: int) -> dict[str, int]:
    # keyed on the file's stat so a changed map is read again; only the numbers are kept
    try:
        data = json.loads(Path(path).read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    windows: dict[str, int] = {}
    for name, info in data.items():
        if isinstance(info, dict):
            value = _window_of(info)
            if value is not None:
                windows[name] = value
    return windows


def _window_of(info: dict[str, Any]) -> int | None:
    value = info.get("max_input_tokens") or info.get("max_tokens")
    return value if isinstance(value, int) and value > 0 else None


def _last_entry(fh: BinaryIO, key: re.Pattern[bytes], quoted: bytes) -> int:
    """Offset of the `{` that opens the last entry matching `key` (which contains `quoted`),
    read in chunks; -1 if none."""
    found, base, carry = -1, 0, b""
    while chunk := fh.read(_CHUNK):
        data = carry + chunk
        for m in key.finditer(data) if quoted in data else ():  # the plain search is ~5x faster
            found = max(found, base - len(carry) + m.end() - 1)
        carry = data[-_CARRY:]
        base += len(chunk)
    return found


def lookup_window(path: Path, name: str) -> int | None:
    """One model's input window from the map, decoding only that model's entry: the whole map
    is 3.5 MB of JSON, and parsing it beside litellm's own copy cost ~25 ms of CPU and ~7 MB
    of peak memory at start-up, for one number. The last entry of a name wins, as in
    json.loads."""
    quoted = json.dumps(name).encode()
    key = re.compile(rb"\n[ \t]*" + re.escape(quoted) + rb"[ \t]*:[ \t]*\{")
    try:
        with path.open("rb") as fh:
            if fh.read(len(_LAYOUT)) != _LAYOUT:
                return parse_price_map(path).get(name)  # not laid out as expected
            fh.seek(0)
            at = _last_entry(fh, key, quoted)
            if at < 0:
                return None
            fh.seek(at)
            head = fh.read(_CHUNK).decode("utf-8", errors="replace")
    except OSError:
        return None
    try:
        info, _ = json.JSONDecoder().raw_decode(head)
    except ValueError:  # an entry longer than a chunk: parse it all
        return parse_price_map(path).get(name)
    return _window_of(info) if isinstance(info, dict) else None


@lru_cache(maxsize=16)
def mapped_context_window(model: str) -> int | None:
    """A model's input window from the price map litellm ships, read without importing
    litellm (the same local map litellm uses offline); None when the model is not in it.
    Only the answers are kept, not the map."""
    path = price_map_path()
    if path is None:
        return None
    for key in (model, model.split("/", 1)[-1]):
        value = lookup_window(path, key)
        if value is not None:
            return value
    return None
