"""Package namespaces whose names load on first use.

`hermes <subcommand>` imports every area's cli module to build its parser; a package
`__init__` that imported its whole layer would make `hermes sessions list` pay for all of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable


def lazy_exports(package: str, exports: dict[str, str]) -> Callable[[str], object]:
    """A module `__getattr__` that imports `exports[name]` (a module path) when `name` is used."""

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return __getattr__
