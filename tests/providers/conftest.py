"""Fixtures for the provider tests."""

from __future__ import annotations

import pytest

from tests.providers.fakes import FakeComplete


@pytest.fixture
def fake_complete() -> FakeComplete:
    return FakeComplete()
