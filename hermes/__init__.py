"""Hermes: a terminal chat agent that remembers the person it works with."""

__version__ = "0.1.0"
