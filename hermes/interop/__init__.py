"""Interoperability with Hermes Agent (NousResearch): import its home, export back to its format.

Sits beside the agent layer: it uses the public APIs of memory/, sessions/ and config, and
is reached only from the CLI (`hermes import hermes-agent`, `hermes sessions export --format
hermes-agent`). Nothing here imports litellm.
"""
