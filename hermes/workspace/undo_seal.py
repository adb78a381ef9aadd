"""Sealing the file texts an undo journal keeps, so no file content (and no secret in it)
sits in $HERMES_HOME/undo in plain text.

A text is encrypted with a key of this Hermes home ($HERMES_HOME/undo/journal.key, 32 random
bytes, owner-only), then authenticated: keyed BLAKE2b is the pseudo-random function of a
counter-mode stream cipher, and a second BLAKE2b key signs nonce and ciphertext
(encrypt-then-MAC). The standard library has no cipher, and a crypto dependency for one file
was not worth it; this construction needs only a PRF, which keyed BLAKE2b is. Anyone who can
read the key can read the journal, as with any file-level encryption at rest: what it stops is
the journal leaking on its own (a backup, a synced folder, a shared screen, a grep).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from pathlib import Path

from hermes import paths

KEY_NAME = "journal.key"
_KEY_BYTES = 32
_NONCE_BYTES = 16
_TAG_BYTES = 32
_BLOCK = 64  # bytes of key stream per BLAKE2b call


class SealError(Exception):
    """A sealed text that cannot be opened: its key is gone, or it was altered."""


def key_path() -> Path:
    return paths.undo_dir() / KEY_NAME


def _read_key() -> bytes | None:
    try:
        key = paths.read_regular_bytes(key_path())
    except FileNotFoundError:
        return None
    return key if len(key) == _KEY_BYTES else None


def _key(create: bool) -> bytes:
    key = _read_key()
    if key is not None:
        return key
    if not create:
        raise SealError(f"the journal's key ({key_path()}) is missing or damaged")
    paths.ensure_dir(key_path().parent)
    try:
        fd = paths.open_regular(key_path(), os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except FileExistsError:  # another Hermes made it first: use theirs
        key = _read_key()
        if key is None:
            raise SealError(f"the journal's key ({key_path()}) is damaged") from None
        return key
    try:
        key = os.urandom(_KEY_BYTES)
        os.write(fd, key)
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


def _subkey(key: bytes, label: bytes) -> bytes:
    return hashlib.blake2b(label, key=key, digest_size=32).digest()


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = (hashlib.blake2b(nonce + i.to_bytes(8, "big"), key=key, digest_size=_BLOCK).digest()
              for i in range((length + _BLOCK - 1) // _BLOCK))
    return b"".join(blocks)[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _tag(key: bytes, nonce: bytes, body: bytes) -> bytes:
    return hashlib.blake2b(nonce + body, key=_subkey(key, b"undo-mac"), digest_size=_TAG_BYTES).digest()


def seal(text: str) -> str:
    """`text` encrypted and signed with this home's journal key (made on first use)."""
    key = _key(create=True)
    nonce = os.urandom(_NONCE_BYTES)
    plain = text.encode("utf-8")
    body = _xor(plain, _stream(_subkey(key, b"undo-enc"), nonce, len(plain)))
    return base64.b64encode(nonce + _tag(key, nonce, body) + body).decode("ascii")


def unseal(sealed: str) -> str:
    """The text `seal` was given; SealError when the key is gone or the text was altered."""
    key = _key(create=False)
    try:
        raw = base64.b64decode(sealed.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise SealError("the journal entry is damaged") from None
    nonce, tag = raw[:_NONCE_BYTES], raw[_NONCE_BYTES:_NONCE_BYTES + _TAG_BYTES]
    body = raw[_NONCE_BYTES + _TAG_BYTES:]
    if len(nonce) < _NONCE_BYTES or not hmac.compare_digest(tag, _tag(key, nonce, body)):
        raise SealError("the journal entry does not match its key (altered, or from another home)")
    return _xor(body, _stream(_subkey(key, b"undo-enc"), nonce, len(body))).decode("utf-8")


def fingerprint(text: str) -> str:
    """A keyed digest of `text`: tells whether a file still holds what the agent wrote without
    keeping that text (unkeyed, a short file could be guessed from its hash)."""
    return hashlib.blake2b(text.encode("utf-8"), key=_subkey(_key(create=True), b"undo-id"),
                           digest_size=32).hexdigest()
