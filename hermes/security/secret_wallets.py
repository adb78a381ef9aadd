"""Private keys of cryptocurrency wallets, by the encoding each chain gives them:

- a hex private key (64 hex digits, `0x` or not: Ethereum and its kin, an ed25519 seed) where
  the words before it say it is one, or a wallet is named beside it with no hash word right
  before it (64 hex digits is also a transaction hash or a checksum);
- a Bitcoin private key in Wallet Import Format: base58, 51 characters opening with 5 (or 9
  on testnet), 52 opening with K or L (or c). One whose base58check checksum and version byte
  are right is a key wherever it stands; one with the shape alone needs a key word beside it;
- a Solana keypair: its 64 bytes as base58 (87 or 88 characters, decoding to 64 bytes), or as
  the JSON array of 64 numbers below 256 that `solana-keygen` writes, beside a keypair or
  secret-key word (a transaction signature has the same base58 shape, and no such word).

Every pattern is bounded; each candidate is checked once.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

from hermes.security.secret_values import FILLED, has_token_run, lower_text

_WORD_CHAR = re.compile(r"[A-Za-z0-9_]")

# ---------------------------------------------------------------- hex keys

# A private-key word, or a wallet or signer built from the value (`new ethers.Wallet("0x…")`,
# `Account.from_key("0x…")`), before it on its line.
_HEX_KEY = re.compile(r"[0-9a-fA-F]{64}")  # its edges are checked after a match: (0x)? and no word character
_KEY_CONTEXT = re.compile(
    r"(?i)private[ _\-]?key|priv[ _\-]?key|secret[ _\-]?key|signing[ _\-]?key|from_?key|fromprivatekey"
    r"|privatekeytoaccount|(?:wallet|signer|signingkey|keypair)[ \t]{0,2}\(|(?:wallet|deployer|signer|account"
    r"|metamask)[ _\-]key")
_KEY_WINDOW = 100  # characters before the key, on its line
# A wallet named before the key or after it on its line ("my metamask export is <hex>", "<hex>,
# sweep it to the new wallet"): a key unless a hash word stands right before it, since a
# transaction hash or a checksum is 64 hex digits too.
_WALLET_WORD = re.compile(
    r"(?i)(?<![A-Za-z])(?:wallets?|metamask|rabby|phantom|trust ?wallet|coinbase wallet|keystore|ledger live"
    r"|exodus|myetherwallet|geth|brownie|hardhat|foundry)(?![A-Za-z])")
_HASH_WORD = re.compile(
    r"(?i)(?<![A-Za-z])(?:tx|txn|txid|tx[ _\-]?hash|transaction|hash|block|commit|sha-?\d{0,3}|checksum|digest"
    r"|/tx/|receipt|merkle|root|nonce|topic|salt)(?![A-Za-z])")
_HASH_WINDOW = 40  # characters before the key where a hash word makes it a hash
_WALLET_AFTER = 80  # characters after the key, on its line, where a wallet word may stand


def _line_before(text: str, start: int, width: int) -> int:
    """Where the window of `width` characters before `start`, cut at a line break, begins."""
    return max(text.rfind("\n", max(0, start - width), start) + 1, start - width)


def _line_after(text: str, end: int, width: int) -> int:
    stop = text.find("\n", end, end + width)
    return stop if stop >= 0 else min(len(text), end + width)


def _beside_wallet(text: str, line_start: int, start: int, end: int) -> bool:
    """A wallet word on the key's line, before or after it, and no hash word right before it."""
    if _HASH_WORD.search(text, max(line_start, start - _HASH_WINDOW), start):
        return False
    return bool(_WALLET_WORD.search(text, line_start, start)
                or _WALLET_WORD.search(text, end, _line_after(text, end, _WALLET_AFTER)))


def _hex_keys(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if not has_token_run(text):
        return  # a key is 64 hex digits
    if not any(w in lowered for w in ("key", "wallet", "signer", "metamask", "rabby", "phantom", "ledger",
                                      "exodus", "geth", "brownie", "hardhat", "foundry")):
        return
    for m in _HEX_KEY.finditer(text):
        start, end = m.span()
        if text.startswith("0x", start - 2):
            start -= 2
        if start and _WORD_CHAR.match(text, start - 1) or _WORD_CHAR.match(text, end):
            continue  # part of a longer run
        if FILLED.search(m.group(0)):
            continue
        line_start = _line_before(text, start, _KEY_WINDOW)
        if _KEY_CONTEXT.search(text, line_start, start) or _beside_wallet(text, line_start, start, end):
            yield "hex-private-key", start, end


# ---------------------------------------------------------------- base58 keys

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {c: i for i, c in enumerate(_B58)}
_B58_RUN = "[1-9A-HJ-NP-Za-km-z]"


def _b58decode(value: str) -> bytes:
    n = 0
    for c in value:
        n = n * 58 + _B58_INDEX[c]
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return b"\0" * (len(value) - len(value.lstrip("1"))) + body


def _valid_wif(value: str) -> bool:
    """A base58check string with a private key's version byte (0x80 main, 0xef test), 32
    bytes of key and, for a compressed key, the 0x01 flag."""
    raw = _b58decode(value)
    if len(raw) not in (37, 38) or raw[0] not in (0x80, 0xEF) or len(raw) == 38 and raw[33] != 1:
        return False
    return hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4] == raw[-4:]


_WIF = re.compile(r"(?<![A-Za-z0-9+/])[5KL9c]" + _B58_RUN + r"{50,51}(?![A-Za-z0-9+/])")
_WIF_LENGTHS = {"5": 51, "9": 51, "K": 52, "L": 52, "c": 52}
_WIF_CONTEXT = re.compile(
    r"(?i)wif|priv(?:ate)?[ _\-]?key|importprivkey|dumpprivkey|bitcoin|btc|electrum|wallet|sweep|secret")
_SOLANA_B58 = re.compile(r"(?<![A-Za-z0-9+/])" + _B58_RUN + r"{86,88}(?![A-Za-z0-9+/])")
_SOLANA_CONTEXT = re.compile(
    r"(?i)secret[ _\-]?key|fromsecretkey|key[ _\-]?pair|priv(?:ate)?[ _\-]?key|from_base58|solana-keygen|id\.json")
# The keypair file: [n, n, … 64 numbers]; each number below 256 is checked after a match.
_BYTE_ARRAY = re.compile(r"\[(?:[ \t\r\n]{0,4}\d{1,3}[ \t\r\n]{0,4},){63}[ \t\r\n]{0,4}\d{1,3}[ \t\r\n]{0,4}\]")
_NUMBER = re.compile(r"\d{1,3}")
_CONTEXT_BEFORE, _CONTEXT_AFTER = 100, 60
_ARRAY_CONTEXT = 200  # a keypair file's name may stand on the line before its contents


def _near(pattern: re.Pattern[str], text: str, start: int, end: int) -> bool:
    return (pattern.search(text, _line_before(text, start, _CONTEXT_BEFORE), start) is not None
            or pattern.search(text, end, _line_after(text, end, _CONTEXT_AFTER)) is not None)


def _base58_keys(text: str) -> Iterator[tuple[str, int, int]]:
    if not has_token_run(text):
        return  # a WIF key is 51 or 52 base58 characters, a Solana keypair 86 to 88
    for m in _WIF.finditer(text):
        value = m.group(0)
        if len(value) != _WIF_LENGTHS[value[0]] or FILLED.search(value):
            continue
        if _valid_wif(value) or _near(_WIF_CONTEXT, text, m.start(), m.end()):
            yield "bitcoin-private-key", m.start(), m.end()
    for m in _SOLANA_B58.finditer(text):
        if len(_b58decode(m.group(0))) == 64 and _near(_SOLANA_CONTEXT, text, m.start(), m.end()):
            yield "solana-keypair", m.start(), m.end()


def _byte_arrays(text: str) -> Iterator[tuple[str, int, int]]:
    if text.count(",") < 63:
        return
    for m in _BYTE_ARRAY.finditer(text):
        if any(int(n.group(0)) > 255 for n in _NUMBER.finditer(text, m.start(), m.end())):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = _line_after(text, m.end(), 4096)
        alone = text[line_start:m.start()].strip() == "" and text[m.end():line_end].strip() == ""
        if alone or _SOLANA_CONTEXT.search(text, max(0, m.start() - _ARRAY_CONTEXT), m.start()):
            yield "solana-keypair", m.start() + 1, m.end() - 1


def wallet_keys(text: str) -> Iterator[tuple[str, int, int]]:
    """Wallets' private keys: hex keys, Bitcoin WIF keys and Solana keypairs."""
    yield from _hex_keys(text, lower_text(text))
    yield from _base58_keys(text)
    yield from _byte_arrays(text)
