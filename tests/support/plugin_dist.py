"""Build a tiny user-model provider distribution as a wheel and install it with pip.

The wheel is what a third-party package would publish: a module, dist-info metadata and an
entry point in the `hermes.user_model_providers` group. pip installs it (offline, from the
file) into a folder the test puts on sys.path or PYTHONPATH.
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

MARKER = "tiny-plugin-knows-the-user-likes-tea"

PROVIDER_SOURCE = '''
"""A tiny user-model provider used by Hermes's tests."""

from hermes.providers.base import MemoryOverview, Provider, fence, ok

api_version = API_VERSION
SEEN = []


class TinyProvider(Provider):
    name = "NAME"

    def __init__(self, options):
        self.greeting = options.get("greeting", "MARKER")

    def system_prompt_block(self):
        return ""

    async def turn_context(self, session_id, turn_index, user_text):
        return fence(self.greeting, source="NAME")

    def tool_schemas(self):
        return [{"type": "function", "function": {
            "name": "tiny_echo", "description": "Echo a word.",
            "parameters": {"type": "object", "properties": {"word": {"type": "string"}}}}}]

    async def dispatch(self, name, raw_json_args, *, session_id=None):
        return ok(echo=raw_json_args)

    async def on_turn_finished(self, session_id, turn_index, user_text, assistant_text,
                               message_ids):
        SEEN.append(user_text)

    async def on_session_end(self, session_id):
        return None

    async def overview(self, limit=20):
        return MemoryOverview(provider="NAME", peer_card=("likes tea",))

    async def forget(self, conclusion_id):
        return False


def create(ctx):
    return TinyProvider(ctx.options)
'''


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(folder: Path, *, name: str = "tiny", api_version: int = 1) -> Path:
    """A wheel `<name>-provider` 0.1 registering provider `name` (module `<name>_provider`)."""
    module = f"{name}_provider"
    dist = f"{name}_provider-0.1"
    source = (PROVIDER_SOURCE.replace("API_VERSION", str(api_version))
              .replace("MARKER", MARKER).replace("NAME", name))
    files = {
        f"{module}/__init__.py": source.encode(),
        f"{dist}.dist-info/METADATA": (f"Metadata-Version: 2.1\nName: {name}-provider\n"
                                       "Version: 0.1\nSummary: a test provider\n").encode(),
        f"{dist}.dist-info/WHEEL": (b"Wheel-Version: 1.0\nGenerator: hermes-tests\n"
                                    b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        f"{dist}.dist-info/entry_points.txt": (
            f"[hermes.user_model_providers]\n{name} = {module}\n").encode(),
    }
    record = [_record_line(path, data) for path, data in files.items()]
    record.append(f"{dist}.dist-info/RECORD,,")
    files[f"{dist}.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for path, data in files.items():
            zf.writestr(path, data)
    return wheel


def pip_install(wheel: Path, target: Path) -> None:
    """Install `wheel` into the folder `target` with this interpreter's pip, offline."""
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
                    "--disable-pip-version-check", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=120)
