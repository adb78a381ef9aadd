"""Error types every layer shares, importable without loading anything else."""


class ConfigError(Exception):
    """A config file that cannot be used; the message names the key or file and the fix."""
