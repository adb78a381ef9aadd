"""Pure functions that keep secrets and hostile text out of logs, exports and prompts."""

from hermes.security.redact import SecretMatch, find_secrets, redact

__all__ = ["SecretMatch", "find_secrets", "redact"]
