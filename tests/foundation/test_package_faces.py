"""The lazy package faces: every listed name loads, and the static list matches the lazy map."""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize("package", ["hermes.memory", "hermes.providers"])
def test_every_exported_name_loads_and_the_lists_agree(package: str) -> None:
    module = importlib.import_module(package)
    assert sorted(module.__all__) == sorted(module._EXPORTS)
    for name in module.__all__:
        assert getattr(module, name) is not None
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018
