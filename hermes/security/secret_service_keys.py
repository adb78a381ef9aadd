"""Keys whose format alone is too plain to be evidence, recognised by their service's words or
by what their bytes decode to:

- an Azure DevOps personal access token of the older form: 52 lower-case letters and digits
  (base32 in the service's own tokens) near an Azure DevOps word (`az devops`, `dev.azure.com`,
  `AZURE_DEVOPS_EXT_PAT`, `AZP_TOKEN`, `visualstudio.com`). The current 84-character form has a
  signature of its own (secret_formats.py);
- a Rails master key: 32 lower-case hex digits near `master.key`, `RAILS_MASTER_KEY` or a
  per-environment credentials key (`config/credentials/production.key`); a checksum word
  before it (`md5sum`, `sha256:`) keeps a file's digest;
- an Elastic API key: base64 of `id:api_key` (a 20-character id and a 22-character key from
  the create-API-key call), after the `ApiKey` authorisation scheme or anywhere its decoded
  form is such a pair of random tokens; and the key of an `api_key=("id", "key")` pair.

- a Datadog API key (32 lower-case hex digits) or application key (40) in a text that names
  Datadog, near a key word (`DD_API_KEY`, `DD-APPLICATION-KEY`, `api key`), and a Weights &
  Biases API key (40 hex) near `wandb login` or a key word: a commit id beside the service's
  name stays, and so does a digest after a checksum word;
- an ngrok authtoken (a random run of 40 to 64 characters) after `ngrok authtoken` or near
  `NGROK_AUTHTOKEN`;
- a Kubernetes bootstrap token (`abcdef.0123456789abcdef`) near `kubeadm` or a bootstrap word;
- an Ably key (`<app>.<key>:<secret>`) near `ably`, a LaunchDarkly key (`sdk-<uuid>`,
  `api-<uuid>`) near `launchdarkly`, `ldclient` or `LD_SDK_KEY`;
- a UUID after the `Splunk` (HEC) or `GenieKey` (Opsgenie) authorisation scheme;
- a Segment write key in `analytics.load("…")`, a Zendesk API token logged in as
  `email/token` (the random part after it), and the UUID given to `snyk auth`.

Every pattern is bounded and each candidate is looked at once.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
from collections.abc import Iterator

from hermes.security.secret_values import FILLED, has_token_run, looks_placeholder, looks_random, lower_text

_AZURE_DEVOPS_WORDS = ("azure devops", "azure_devops", "azure-devops", "azuredevops", "az devops", "dev.azure.com",
                       "visualstudio.com", "azdo", "ado_pat", "ado_token", "azp_token", "vsts", "system_accesstoken")
_AZURE_DEVOPS_CONTEXT = re.compile(
    r"(?i)azure[ _\-]?devops|az[ \t]+devops|dev\.azure\.com|visualstudio\.com|azdo|ado_(?:pat|token)|azp_token"
    r"|vsts|system_accesstoken")
_DEVOPS_PAT = re.compile(r"(?<![A-Za-z0-9_\-+/.])[a-z0-9]{52}(?![A-Za-z0-9_\-+/])")
_CONTEXT_WINDOW = 160  # the word may stand before the token or after it (`… | az devops login`)

_RAILS_WORDS = ("master.key", "master_key", "credentials/", "rails")
_RAILS_CONTEXT = re.compile(
    r"(?i)master[._]key|config/credentials/[a-z0-9_\-]{1,32}\.key|rails[ _\-]?credentials")
_HEX_32 = re.compile(r"(?<![A-Za-z0-9_\-+/.])[0-9a-f]{32}(?![A-Za-z0-9_\-+/])")
_CHECKSUM = re.compile(
    r"(?i)(?<![\w\-])(?:sha-?\d{1,3}(?:sum)?|md5(?:sum)?|checksum|digest|fingerprint|etag)(?![\w\-])")
_CHECKSUM_WINDOW = 48

_APIKEY_SCHEME = re.compile(
    r"(?i)(?<![A-Za-z0-9_])ApiKey[ \t]{1,4}([A-Za-z0-9+/_\-]{20,512}={0,2})(?![A-Za-z0-9+/_\-=.~])")
# Base64 of `id:key` with both halves of 16 to 64 token characters: 44 to 176 characters.
_PAIR_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=_\-.])[A-Za-z0-9+/]{44,176}={0,2}(?![A-Za-z0-9+/=_\-.])")
# The Python client's `api_key=("id", "api_key")` pair: the second literal is the key.
_API_KEY_PAIR = re.compile(
    r"(?i)api_?key[ \t]{0,4}[=:][ \t]{0,4}[(\[][ \t]{0,4}(?P<q>['\"])[A-Za-z0-9_\-]{16,64}(?P=q)[ \t]{0,4},[ \t]{0,4}"
    r"(?P<k>['\"])(?P<key>[A-Za-z0-9_\-]{16,64})(?P=k)")
_ID_KEY = re.compile(r"([A-Za-z0-9_\-]{16,64}):([A-Za-z0-9_\-]{16,64})")


def _near(pattern: re.Pattern[str], text: str, start: int, end: int) -> bool:
    return pattern.search(text, max(0, start - _CONTEXT_WINDOW), min(len(text), end + _CONTEXT_WINDOW)) is not None


def _azure_devops_pats(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if not any(w in lowered for w in _AZURE_DEVOPS_WORDS):
        return
    for m in _DEVOPS_PAT.finditer(text):
        value = m.group(0)
        if sum(c.isdigit() for c in value) < 4 or FILLED.search(value) or not looks_random(value, min_length=16):
            continue
        if _near(_AZURE_DEVOPS_CONTEXT, text, m.start(), m.end()):
            yield "azure-devops-pat", m.start(), m.end()


def _rails_master_keys(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if not any(w in lowered for w in _RAILS_WORDS):
        return
    for m in _HEX_32.finditer(text):
        value = m.group(0)
        if FILLED.search(value) or len(set(value)) < 8:
            continue
        if _CHECKSUM.search(text, max(0, m.start() - _CHECKSUM_WINDOW), m.start()) is not None:
            continue
        if _near(_RAILS_CONTEXT, text, m.start(), m.end()):
            yield "rails-master-key", m.start(), m.end()


def _decoded_pair(value: str) -> bool:
    """Base64 (standard or URL-safe) that decodes to `id:key`, two random tokens."""
    body = value.rstrip("=")
    alt = b"-_" if "-" in body or "_" in body else None
    try:
        decoded = base64.b64decode(body + "=" * (-len(body) % 4), altchars=alt, validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    pair = _ID_KEY.fullmatch(decoded)
    return pair is not None and all(looks_random(part, min_length=16) for part in pair.groups())


def _elastic_api_keys(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if "apikey" in lowered:
        for m in _APIKEY_SCHEME.finditer(text):
            value = m.group(1)
            if looks_placeholder(value):
                continue
            if _decoded_pair(value) or looks_random(value.rstrip("="), min_length=20):
                yield "elastic-api-key", m.start(1), m.end(1)
    if "apikey" in lowered or "api_key" in lowered:
        for m in _API_KEY_PAIR.finditer(text):
            if looks_random(m.group("key"), min_length=16):
                yield "elastic-api-key", m.start("key"), m.end("key")
    for m in _PAIR_BASE64.finditer(text):
        if _decoded_pair(m.group(0)):
            yield "elastic-api-key", m.start(), m.end()


# (kind, words that gate the search, the key's shape, the context it needs within the window)
_HEX_40 = re.compile(r"(?<![A-Za-z0-9_\-+/.])[0-9a-f]{40}(?![A-Za-z0-9_\-+/])")
_KEYWORD_KEYS: tuple[tuple[str, tuple[str, ...], re.Pattern[str], re.Pattern[str]], ...] = (
    ("datadog-key", ("datadog", "dd_api", "dd-api", "dd_app", "dd-app", "dd_application", "dd-application"),
     re.compile(r"(?<![A-Za-z0-9_\-+/.])(?:[0-9a-f]{32}|[0-9a-f]{40})(?![A-Za-z0-9_\-+/])"),
     re.compile(r"(?i)(?<![a-z])(?:dd|datadog|api|app|application)[_\- ]?(?:(?:api|app|application)[_\- ]?)?key")),
    ("wandb-key", ("wandb",), _HEX_40,
     re.compile(r"(?i)wandb[ \t]{1,4}login|wandb\.login|wandb_api_key|api\.wandb\.ai|api[_\- ]?key")),
    ("ngrok-token", ("ngrok",), re.compile(r"(?<![A-Za-z0-9_\-+/.])[A-Za-z0-9_]{40,64}(?![A-Za-z0-9_\-+/])"),
     re.compile(r"(?i)ngrok[ \t]{1,4}(?:config[ \t]{1,4}add-)?authtoken|ngrok_authtoken|authtoken:")),
    # Ably: "<app id>.<key id>:<secret>"
    ("ably-key", ("ably",),
     re.compile(r"(?<![A-Za-z0-9_\-+/.])[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{6}:[A-Za-z0-9_\-]{40,46}(?![A-Za-z0-9_\-+/])"),
     re.compile(r"(?i)(?<![a-z])ably")),
    # LaunchDarkly's server-side SDK keys and API access tokens: "sdk-" or "api-" and a UUID
    ("launchdarkly-key", ("launchdarkly", "ldclient", "ld_sdk", "ld_api", "ld-sdk"),
     re.compile(r"(?<![A-Za-z0-9_\-+/.])(?:sdk|api)-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}"
                r"(?![A-Za-z0-9_\-+/])"), re.compile(r"(?i)launchdarkly|ldclient|ld[_\-](?:sdk|api)")),
    ("kubernetes-bootstrap-token", ("kubeadm", "bootstrap"),
     re.compile(r"(?<![A-Za-z0-9_\-+/.])[a-z0-9]{6}\.[a-z0-9]{16}(?![A-Za-z0-9_\-+/.])"),
     re.compile(r"(?i)kubeadm|bootstrap[ _\-]?token")),
)


def _keyword_keys(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for kind, words, shape, context in _KEYWORD_KEYS:
        if not any(w in lowered for w in words):
            continue
        # the context's places, found once: each candidate then asks for the nearest one
        places = [(c.start(), c.end()) for c in context.finditer(text)]
        if not places:
            continue
        starts = [a for a, _ in places]
        for m in shape.finditer(text):
            value = m.group(0)
            if FILLED.search(value) or len(set(value)) < 8:
                continue
            if kind == "ngrok-token" and not looks_random(value, min_length=16):
                continue
            if _CHECKSUM.search(text, max(0, m.start() - _CHECKSUM_WINDOW), m.start()) is not None:
                continue
            if _place_near(places, starts, m.start(), m.end()):
                yield kind, m.start(), m.end()


def _place_near(places: list[tuple[int, int]], starts: list[int], start: int, end: int) -> bool:
    """Whether one of `places` (sorted by start) lies within the context window of a span."""
    i = bisect.bisect_right(starts, end + _CONTEXT_WINDOW)
    return i > 0 and places[i - 1][1] >= start - _CONTEXT_WINDOW


_UUID_SCHEME = re.compile(
    r"(?<![A-Za-z0-9_])(?:Splunk|GenieKey)[ \t]{1,4}"
    r"([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})(?![A-Za-z0-9\-])")


# `snyk auth <token>`: the CLI's API token is a UUID
_SNYK_AUTH = re.compile(r"(?i:\bsnyk)[ \t]{1,4}auth[ \t]{1,4}"
                        r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9a-f-])")
# Vault's older tokens, "s." (service), "b." (batch) and "r." (recovery) and 24 characters (the
# current "hvs." form is a format of its own), and a Dropbox access token cut shorter than its
# format's: each beside its service's name
_VAULT_LEGACY = re.compile(r"(?<![\w.])[sbr]\.([A-Za-z0-9]{24})(?![A-Za-z0-9])")
_DROPBOX_SHORT = re.compile(r"(?<![\w.])sl\.(?:u\.)?[A-Za-z0-9_\-]{40,}")
# Segment's browser snippet and SDKs load the source's write key: analytics.load("<32 characters>")
_SEGMENT_LOAD = re.compile(r"analytics\.load\(\s{0,4}[\"'`]([A-Za-z0-9]{20,64})[\"'`]")
# Zendesk's API-token login: the user written "email/token", the token as the password beside it
# (`auth=("agent@example.com/token", "…")`, `-u agent@example.com/token:…`)
_TOKEN_LOGIN_PAIR = re.compile(r"[\w.+\-]{1,64}@[\w.\-]{1,253}/token(?:[\"']\s{0,4},\s{0,4}[\"']|:)"
                               r"([A-Za-z0-9]{20,64})(?![A-Za-z0-9])")


def service_keys(text: str) -> Iterator[tuple[str, int, int]]:
    """Keys beside their service's words (Azure DevOps, Rails, Datadog, W&B, ngrok, kubeadm),
    Elastic API keys, and UUID keys after the Splunk and Opsgenie schemes."""
    if not has_token_run(text):
        return  # every key here is a run of 16 or more token characters
    lowered = lower_text(text)
    yield from _azure_devops_pats(text, lowered)
    yield from _rails_master_keys(text, lowered)
    yield from _elastic_api_keys(text, lowered)
    yield from _keyword_keys(text, lowered)
    if "splunk" in lowered or "geniekey" in lowered:
        for m in _UUID_SCHEME.finditer(text):
            yield "scheme-key", m.start(1), m.end(1)
    if "snyk" in lowered:
        for m in _SNYK_AUTH.finditer(text):
            yield "snyk-token", m.start(1), m.end(1)
    if "vault" in lowered:
        for m in _VAULT_LEGACY.finditer(text):
            if looks_random(m.group(1)):
                yield "vault-token", m.start(), m.end()
    if "dropbox" in lowered:
        for m in _DROPBOX_SHORT.finditer(text):
            if looks_random(m.group(0)[3:]):
                yield "dropbox-token", m.start(), m.end()
    if "analytics.load(" in lowered:
        for m in _SEGMENT_LOAD.finditer(text):
            if looks_random(m.group(1)):
                yield "segment-write-key", m.start(1), m.end(1)
    if "/token" in lowered:
        for m in _TOKEN_LOGIN_PAIR.finditer(text):
            if looks_random(m.group(1)):
                yield "token-login", m.start(1), m.end(1)
