"""Whether a resumed session's frozen memory is out of date.

A session keeps the memory snapshot it started with (the provider's prefix cache depends on a
byte-identical prompt). When MEMORY.md/USER.md changed since, interfaces say so on resume and
`/memory refresh` continues in a continuation session whose prompt freezes the current files.
"""

from __future__ import annotations

from hermes.memory.snapshot import RULE


def snapshot_differs(prompt: str, current: str) -> bool:
    """True when `current` (the memory blocks as rendered now) is not what `prompt` froze:
    other blocks, or blocks now where there were none, or none now where there were some."""
    if current.strip():
        return current.strip() not in prompt
    return RULE in prompt
