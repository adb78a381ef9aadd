"""Widgets of the Hermes app."""
