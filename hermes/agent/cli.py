"""Subcommands of `hermes` owned by the agent layer (placeholder until the layer lands)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this layer's subcommands."""
