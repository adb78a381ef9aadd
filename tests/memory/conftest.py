"""Fixtures for the memory layer: a default Config bound to the test's private HERMES_HOME."""

from __future__ import annotations

import pytest

from hermes.config import Config


@pytest.fixture
def cfg() -> Config:
    """Default memory settings (2,200 / 1,375 chars, approval off)."""
    return Config()
