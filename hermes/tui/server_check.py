"""At start, after the first frame: does the configured model server answer at all?

Only for a model with an `api_base` (a local or self-hosted server, the usual reason a first
message hangs or fails); a cloud provider's address is litellm's business and is not probed.
A plain TCP connect with a short timeout, no HTTP and no litellm, so it never delays the UI.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

CONNECT_TIMEOUT_S = 3.0


def server_address(api_base: str) -> tuple[str, int] | None:
    """(host, port) of an http(s) `api_base`; None when there is none or it cannot be read."""
    if not api_base.strip():
        return None
    try:
        parts = urlsplit(api_base.strip())
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.hostname, port


async def server_problem(api_base: str, timeout: float = CONNECT_TIMEOUT_S) -> str | None:
    """One line when the server at `api_base` does not accept a connection, else None."""
    address = server_address(api_base)
    if address is None:
        return None
    host, port = address
    try:
        _reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    except (OSError, TimeoutError) as exc:
        why = "did not answer in time" if isinstance(exc, TimeoutError) else "refused the connection"
        return (f"The model server at {api_base} {why}. Start it (or check model.api_base with "
                "/setup); history, memory and commands work meanwhile.")
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    return None
