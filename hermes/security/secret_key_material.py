"""Key material written without its PEM armour, recognised by the structure of its bytes:

- a private key's DER body in base64 (a PEM body line pasted alone, or a JSON `private_key`
  whose header was cut off): PKCS#8 and PKCS#1 keys open with a SEQUENCE and the INTEGER 0 of
  their version, which base64 writes as `MII…IBADAN` / `MII…IBAAK`; SEC1 EC keys open with
  `MHcCAQEE` (P-256) or `MIGkAgEBBDA` (P-384), PKCS#8 EC and Ed25519 keys with `MIGHAgEAMBMG`
  and `MC4CAQAwBQYDK2Vw`. A public key or a certificate opens differently, so the opening
  alone is evidence. The key's following body lines (real or `\\n`-escaped breaks) go with it;
- a Kerberos keytab in base64: the file's magic 0x0502 and an entry length below 65536
  (`BQIAAA`) open it;
- a Kerberos key in hex (32 digits for AES-128 and RC4, 64 for AES-256) after a Kerberos word
  (`ktutil`, `kadmin`, `klist`, an enctype such as `aes256-cts-hmac-sha1-96` or `aes256_hmac`,
  `keytab`, `krb5`, Rubeus's `/aes256:`, impacket's `-aesKey`) and a key word on its own line,
  or with its enctype right after it.

Every pattern is bounded, and each candidate is looked at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_values import FILLED, has_token_run, lower_text

_B64 = "A-Za-z0-9+/"
# Where a base64 run starts: no base64 character before it, or a JSON/log escape (`\nMII…`).
_RUN_START = r"(?:(?<![A-Za-z0-9+/=])|(?<=\\n))"
_DER_KEY = re.compile(
    _RUN_START + r"(?:MII[" + _B64 + r"]{3}IB(?:ADAN|AAK)|MHcCAQEE|MIGkAgEBBDA|MIGHAgEAMBMG|MC4CAQAwBQYDK2Vw)"
    r"[" + _B64 + r"]{20,4096}={0,2}(?![A-Za-z0-9+/=])")
_KEYTAB = re.compile(_RUN_START + r"BQIAAA[" + _B64 + r"]{34,16384}={0,2}(?![A-Za-z0-9+/=])")
# A following body line of the same key: a line break (real, or escaped in JSON) and base64.
_BODY_LINE = re.compile(r"(?:\r?\n|(?:\\{1,3}r)?\\{1,3}n)[ \t]{0,8}[" + _B64 + r"]{16,128}={0,2}(?![A-Za-z0-9+/=])")
_MAX_BODY_LINES = 200  # a 4096-bit RSA key is about 50 lines of 64 characters

_KERBEROS_WORDS = ("ktutil", "keytab", "krb5", "kerberos", "kvno", "-cts-hmac-", "rc4-hmac", "arcfour-hmac",
                   "des3-cbc", "kadmin", "secretsdump", "mimikatz", "aes256_hmac", "aes128_hmac", "rc4_hmac",
                   "/aes256:", "/aes128:", "/rc4:", "aeskey", "rubeus", "asktgt", "gettgt", "enctype", "kdb5_util",
                   "klist")
# Where a Kerberos key is written: ktutil, kadmin and klist output, keytab dumps, an enctype
# name (`aes256-cts-hmac-sha1-96`, mimikatz's `aes256_hmac`), Rubeus's `/aes256:` and
# impacket's `-aesKey` arguments, `enctype` fields of JSON or YAML dumps.
_KERBEROS_CONTEXT = re.compile(
    r"(?i)ktutil|keytab|krb5|kerberos|kvno|aes(?:128|256)-cts|-cts-hmac-sha|rc4-hmac|arcfour-hmac|des3-cbc"
    r"|kadmin|secretsdump|mimikatz|aes(?:128|256)_hmac|rc4_hmac|/(?:aes128|aes256|rc4):|-aeskey|rubeus|asktgt"
    r"|gettgt|enctype|kdb5_util|klist")
_KEY_WORD = re.compile(r"(?i)key|aes(?:128|256)|rc4|arcfour|des3|hmac|enctype|etype|hash|\(hex\)")
# An enctype written right after the key: `6c40… (aes256-cts-hmac-sha1-96)`.
_ENCTYPE_AFTER = re.compile(r"[ \t]{0,4}[(\[]?[ \t]{0,4}(?:aes(?:128|256)-cts|rc4-hmac|arcfour-hmac|des3-cbc)", re.I)
_HEX_KEY = re.compile(r"(?<![A-Za-z0-9_])(?:0x)?(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{32})(?![A-Za-z0-9_])")
_KERBEROS_WINDOW = 200  # the ktutil command may stand on the line before the key it prints
# The key word stands on the key's own line (`Key for HTTP/web01.corp…@CORP… (hex): …`), up to
# this far back.
_KEY_WORD_WINDOW = 160
_CHECKSUM_WINDOW = 48  # also how far back a key word on the line before counts
# A file's checksum is hex too ("keytab sha256: …"); the enctype's own "hmac-sha1-96" is not one.
_CHECKSUM = re.compile(r"(?i)(?<![\w\-])(?:sha-?\d{1,3}(?:sum)?|md5(?:sum)?|checksum|digest|fingerprint)(?![\w\-])")


def _line_start(text: str, pos: int, lowest: int) -> int:
    """Where the line holding `pos` starts (after a real line break or a JSON/log `\\n`),
    at least `lowest`."""
    real = text.rfind("\n", lowest, pos)
    escaped = text.rfind("\\n", lowest, pos)
    return max(lowest, real + 1 if real >= 0 else lowest, escaped + 2 if escaped >= 0 else lowest)


def _with_body(text: str, end: int) -> int:
    """The end of a key whose first line ends at `end`, taking its following body lines."""
    for _ in range(_MAX_BODY_LINES):
        line = _BODY_LINE.match(text, end)
        if line is None:
            break
        end = line.end()
    return end


# A PKCS#8 RSA key's first 50 characters are the same in every key (lengths, the algorithm's
# id): a line that holds no more than that quotes the format, it carries no key bytes.
_MIN_KEY_LINE = 56


def _der_keys(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _DER_KEY.finditer(text):
        if len(m.group(0)) >= _MIN_KEY_LINE and not FILLED.search(m.group(0)):
            yield "private-key", m.start(), _with_body(text, m.end())


def _keytabs(text: str) -> Iterator[tuple[str, int, int]]:
    if "BQIAAA" not in text:
        return
    for m in _KEYTAB.finditer(text):
        if not FILLED.search(m.group(0), 6):
            yield "kerberos-keytab", m.start(), _with_body(text, m.end())


def _kerberos_hex_keys(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if not any(w in lowered for w in _KERBEROS_WORDS):
        return
    for m in _HEX_KEY.finditer(text):
        start = m.start()
        typed_after = _ENCTYPE_AFTER.match(text, m.end()) is not None
        if not typed_after and _KERBEROS_CONTEXT.search(text, max(0, start - _KERBEROS_WINDOW), start) is None:
            continue
        line = _line_start(text, start, max(0, start - _KEY_WORD_WINDOW))
        # (the key's line, or the 48 characters before it: `aes256-cts-hmac-sha1-96:` above it)
        if not typed_after and _KEY_WORD.search(text, min(line, max(0, start - _CHECKSUM_WINDOW)), start) is None:
            continue
        if _CHECKSUM.search(text, max(line, start - _CHECKSUM_WINDOW), start) is not None:
            continue
        if not FILLED.search(m.group(0)) and len(set(m.group(0).lower())) >= 8:
            yield "kerberos-key", start, m.end()


def key_material(text: str) -> Iterator[tuple[str, int, int]]:
    """Unarmoured private keys (DER in base64), Kerberos keytabs and Kerberos keys in hex."""
    if not has_token_run(text):
        return  # a DER key's first line, a keytab and a hex key are runs of 28 characters or more
    yield from _der_keys(text)
    yield from _keytabs(text)
    yield from _kerberos_hex_keys(text, lower_text(text))
