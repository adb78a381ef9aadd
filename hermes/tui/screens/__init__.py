"""Screens and modal panes of the Hermes app."""
