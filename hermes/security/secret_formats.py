"""Credential formats recognised by their shape: provider tokens, PEM blocks, URL and header
credentials, connection-string keys.

Every pattern here runs in linear time. Token patterns start only where a run of token
characters starts (a look-behind rejects every other position in O(1)), their bodies use a
character class inside that run, and an unbounded body has nothing after it that could make a
long scan fail. So a run is scanned once, however it repeats ("sk-" * 6000).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_values import (FILLED, any_occurs, basic_credentials, has_token_run, looks_placeholder,
                                           looks_random, lower_text)

# A token starts at the start of a run of these characters, or right after a JSON/log escape
# such as the "\n" in `"line\nghp_…"` (the "n" would otherwise look like part of the run).
_START = r"(?:(?<![A-Za-z0-9_\-])|(?<=\\[nrt]))"

# (kind, pattern after the start). More specific prefixes come first: the alternation takes the
# first branch that matches. Bodies allow shorter than the issued length where the prefix alone
# is distinctive, so a token cut short (a title, a stream, a log line) is still caught.
_PREFIXED: list[tuple[str, str]] = [
    ("anthropic-key", r"sk-ant-[A-Za-z0-9_\-]{20,}"),
    ("openrouter-key", r"sk-or-(?:v1-)?[A-Za-z0-9_\-]{20,}"),
    ("openai-key", r"sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}"),
    ("github-token", r"gh[pousr]_[A-Za-z0-9]{20,}"),
    ("github-token", r"github_pat_[A-Za-z0-9_]{22,}"),
    ("gitlab-token", r"gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas)-[A-Za-z0-9_\-]{20,}"),
    ("gitlab-token", r"GR1348941[A-Za-z0-9_\-]{20,}"),
    # Honeycomb's ingest and management keys (hcaik_…, hcxik_…, hcamk_…): a prefix, then 58+ of [0-9a-z]
    ("honeycomb-key", r"hc[a-z]{2}k_[0-9a-z]{40,80}(?![0-9A-Za-z])"),
    # an STS session token: base64 of a binary blob whose fixed header encodes to these
    # openings (the current form, and the older "FwoGZXIvYXdz" / "FQoGZXIvYXdz" ones)
    ("aws-session-token", r"(?:IQoJb3JpZ2luX2V|FwoGZXIvYXdz|FQoGZXIvYXdz)[A-Za-z0-9+/]{100,}={0,2}"),
    ("aws-access-key", r"(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[0-9A-Z]{16}(?![0-9A-Za-z])"),
    # Tencent Cloud's SecretId: "AKID" and 32 letters and digits (30-40 taken: ids copied by hand
    # gain or lose a character, and the prefix with a mixed body is distinctive)
    ("tencent-secret-id", r"AKID[A-Za-z0-9]{30,40}(?![0-9A-Za-z])"),
    ("slack-token", r"xox[abposre]-[A-Za-z0-9\-]{10,}"),
    # Dropbox's short-lived access tokens: "sl." (or "sl.u.") and 100+ characters
    ("dropbox-token", r"sl\.(?:u\.)?[A-Za-z0-9_\-]{100,}"),
    # Asana's personal access tokens: "1/<user id>:<32 hex>" and "2/<user id>/<app id>:<32 hex>"
    ("asana-pat", r"(?:1|2)/[0-9]{6,20}(?:/[0-9]{6,20})?:[0-9a-f]{32}(?![0-9A-Za-z])"),
    ("slack-token", r"xapp-[0-9]-[A-Za-z0-9\-]{10,}"),
    ("slack-webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_\-]{20,}"),
    ("google-api-key", r"AIza[0-9A-Za-z_\-]{35}"),
    ("google-oauth-secret", r"GOCSPX-[A-Za-z0-9_\-]{20,}"),
    ("google-oauth-token", r"ya29\.[A-Za-z0-9_\-]{20,}"),
    ("huggingface-token", r"(?:hf_|api_org_)[A-Za-z0-9]{30,}"),
    ("stripe-key", r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"),
    ("stripe-webhook-secret", r"whsec_[A-Za-z0-9]{24,}"),
    ("sendgrid-key", r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}"),
    ("npm-token", r"npm_[A-Za-z0-9]{30,}"),
    ("pypi-token", r"pypi-AgE[A-Za-z0-9_\-]{50,}"),
    ("jwt", r"eyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}"),
    ("groq-key", r"gsk_[A-Za-z0-9]{40,}"),
    # Django's generated key (django-admin startproject): 50 characters of its alphabet
    ("django-secret-key", r"django-insecure-[a-z0-9!@#$%^&*(\-_=+)]{40,50}(?![A-Za-z0-9!@#$%^&*(\-_=+)])"),
    ("xai-key", r"xai-[A-Za-z0-9]{40,}"),
    ("perplexity-key", r"pplx-[A-Za-z0-9]{40,}"),
    ("replicate-token", r"r8_[A-Za-z0-9]{30,}"),
    ("digitalocean-token", r"do[por]_v1_[a-f0-9]{64}"),
    ("shopify-token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("databricks-token", r"dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])"),
    ("linear-key", r"lin_api_[A-Za-z0-9]{40}"),
    ("atlassian-token", r"ATATT3[A-Za-z0-9_\-=]{100,}"),
    ("postman-key", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
    ("age-secret-key", r"AGE-SECRET-KEY-1[0-9A-Z]{58}"),
    ("notion-token", r"ntn_[A-Za-z0-9]{40,}"),
    # Mailgun: "key-" and exactly 32 lower-case hex digits (a word part cannot look like that)
    ("mailgun-key", r"key-[0-9a-f]{32}(?![A-Za-z0-9])"),
    ("twilio-api-key", r"SK[0-9a-f]{32}(?![A-Za-z0-9])"),
    ("docker-token", r"dckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}"),
    ("newrelic-key", r"NR(?:AK|AA|II|IQ|SP)-[A-Za-z0-9_\-]{27,32}(?![A-Za-z0-9_\-])"),
    ("newrelic-key", r"NRJS-[a-f0-9]{19}(?![A-Za-z0-9])"),
    ("vault-token", r"hv[sbr]\.[A-Za-z0-9_\-]{24,}"),
    # Doppler: personal, CLI, service-account, SCIM and audit tokens; a service token may
    # carry its config's slug before the body (`dp.st.prd.…`, `dp.st.dev_personal.…`)
    ("doppler-token", r"dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9][a-z0-9_\-]{0,63}\.)?[A-Za-z0-9]{40,}"),
    ("grafana-token", r"glc_[A-Za-z0-9+/]{32,}={0,2}"),
    ("grafana-token", r"glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}"),
    ("sentry-token", r"sntry[su]_[A-Za-z0-9+/=_]{40,}"),
    ("figma-token", r"figd_[A-Za-z0-9_\-]{40,}"),
    ("fly-token", r"fo1_[A-Za-z0-9_\-]{40,}"),
    # Fly.io macaroon tokens (after the `FlyV1` scheme word): base64 bodies, several joined by
    # commas in one token (a deploy token and its discharges)
    ("fly-token", r"fm(?:1a|1r|2)_[A-Za-z0-9+/_\-]{40,}={0,3}(?:,fm(?:1a|1r|2)_[A-Za-z0-9+/_\-]{20,}={0,3}){0,16}"),
    ("pulumi-token", r"pul-[a-f0-9]{40}(?![A-Za-z0-9])"),
    ("supabase-key", r"(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\-]{20,})"),
    ("vercel-token", r"vc[pikar]_[A-Za-z0-9]{24,}"),
    ("netlify-token", r"nfp_[A-Za-z0-9]{36,}"),
    ("mapbox-secret-token", r"sk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{16,}"),
    ("square-token", r"(?:EAAA[A-Za-z0-9_\-]{60,}|sq0atp-[A-Za-z0-9_\-]{22,})"),
    ("planetscale-token", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\-.]{32,}"),
    ("buildkite-token", r"bkua_[a-f0-9]{40}"),
    ("contentful-token", r"CFPAT-[A-Za-z0-9_\-]{40,}"),
    ("tailscale-key", r"tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}"),
    ("onepassword-token", r"ops_eyJ[A-Za-z0-9_\-]{40,}"),
    ("heroku-key", r"HRKU-[A-Za-z0-9_\-]{40,}"),
    ("airtable-token", r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
    ("alibaba-key", r"LTAI[A-Za-z0-9]{12,20}(?![A-Za-z0-9])"),
    ("tencent-key", r"AKID[A-Za-z0-9]{32}(?![A-Za-z0-9])"),
    ("gem-api-key", r"rubygems_[a-f0-9]{48}"),
    ("fcm-server-key", r"AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,}"),
    ("discord-webhook", r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d{5,30}/[A-Za-z0-9_\-]{40,}"),
    ("braintree-token", r"access_token\$(?:production|sandbox|development|qa)\$[a-z0-9]{16}\$[a-f0-9]{32}"),
    ("notion-token", r"secret_[A-Za-z0-9]{43}(?![A-Za-z0-9_])"),
    ("brevo-key", r"x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("pinecone-key", r"pcsk_[A-Za-z0-9]{4,10}_[A-Za-z0-9]{40,}"),
    ("langsmith-key", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
    ("resend-key", r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}(?![A-Za-z0-9_])"),
    ("fireworks-key", r"fw_[A-Za-z0-9]{20,}"),
    ("dropbox-token", r"sl\.(?:u\.)?[A-Za-z0-9_\-]{130,}"),
    # an app-only bearer token: 21 fixed "A"s, then URL-encoded base64
    ("twitter-bearer-token", r"AAAAAAAAAAAAAAAAAAAAA[A-Za-z0-9%]{40,}"),
    ("razorpay-key", r"rzp_(?:live|test)_[A-Za-z0-9]{14,}"),
    ("flutterwave-key", r"FLWSECK(?:_TEST)?-[a-f0-9]{32}-X"),
    ("sourcegraph-token", r"sgp_(?:[a-f0-9]{16}_)?[a-f0-9]{40}"),
    ("prefect-key", r"pnu_[A-Za-z0-9]{36}"),
    ("render-key", r"rnd_[A-Za-z0-9]{32}"),
    ("neon-key", r"napi_[a-z0-9]{64}"),
    ("nvidia-key", r"nvapi-[A-Za-z0-9_\-]{64}"),
    ("tavily-key", r"tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}"),
    ("cerebras-key", r"csk-[a-z0-9]{48}"),
    ("langfuse-key", r"sk-lf-[a-f0-9\-]{36}"),
    ("shippo-token", r"shippo_(?:live|test)_[a-f0-9]{40}"),
    ("duffel-token", r"duffel_(?:test|live)_[A-Za-z0-9_\-]{43}"),
    ("easypost-key", r"EZ[AT]K[A-Za-z0-9]{54}"),
    ("dynatrace-token", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}"),
    ("jfrog-token", r"AKCp[A-Za-z0-9]{69}"),
    ("bitbucket-app-password", r"ATBB[A-Za-z0-9_=.\-]{32}"),
    ("adafruit-key", r"aio_[A-Za-z0-9]{28}(?![A-Za-z0-9])"),
    ("square-secret", r"sq0csp-[A-Za-z0-9_\-]{43}"),
    ("typeform-token", r"tfp_[A-Za-z0-9_\-.=]{59}"),
    ("readme-key", r"rdme_[a-z0-9]{70}"),
    ("scalingo-token", r"tk-us-[A-Za-z0-9_\-]{48}"),
    ("cloudflare-origin-key", r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}"),
    ("infracost-key", r"ico-[A-Za-z0-9]{32}"),
    ("clojars-token", r"CLOJARS_[a-z0-9]{60}"),
    ("nuget-key", r"oy2[a-z0-9]{43}(?![A-Za-z0-9])"),
    ("crates-io-token", r"cio[A-Za-z0-9]{32}(?![A-Za-z0-9])"),
    # ---- session 16: formats that gitleaks, trufflehog and GitHub secret scanning document
    # Yandex Cloud: an API key, an IAM token (two dot-separated parts), a static access key id
    ("yandex-api-key", r"AQVN[A-Za-z0-9_\-]{35,38}(?![A-Za-z0-9_\-])"),
    ("yandex-iam-token", r"t1\.[A-Za-z0-9_\-]{20,200}={0,2}\.[A-Za-z0-9_\-]{80,100}={0,2}(?![A-Za-z0-9_\-=])"),
    ("yandex-access-key", r"YC[A-Za-z0-9_\-]{38}(?![A-Za-z0-9_\-])"),
    ("together-key", r"tgp_v1_[A-Za-z0-9_\-]{40,}"),
    # ElevenLabs: "sk_" and 48 lower-case hex digits (Stripe's "sk_live_…" is matched above)
    ("elevenlabs-key", r"sk_[a-f0-9]{48}(?![A-Za-z0-9_])"),
    # Intercom's access tokens are base64 of "tok:…"
    ("intercom-token", r"dG9rOj[A-Za-z0-9+/]{40,}={0,2}"),
    # HubSpot private-app tokens: "pat-", a region (na1, eu1, ap1), a UUID
    ("hubspot-token", r"pat-(?:na|eu|ap)[0-9]{1,2}-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}"
                      r"(?![A-Za-z0-9\-])"),
    # Meta's Graph API access tokens ("EAAG…", "EAAB…") and Instagram's ("IGQV…", "IGQW…"): long runs
    ("facebook-token", r"EAA[A-Za-z0-9]{100,}"),
    ("instagram-token", r"IGQ[VW][A-Za-z0-9_\-]{100,}"),
    ("plaid-token", r"access-(?:sandbox|development|production)-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}"
                    r"-[a-f0-9]{12}(?![A-Za-z0-9\-])"),
    # Mollie: "live_" or "test_" and exactly 30 letters and digits, judged random (not a test's name)
    ("mollie-key", r"(?:live|test)_[A-Za-z0-9]{30}(?![A-Za-z0-9_])"),
    ("circleci-token", r"CCIP(?:AT|RJ)_[A-Za-z0-9]{20,24}_[a-f0-9]{40}"),
    # SonarQube / SonarCloud: project, user and global analysis tokens
    ("sonarqube-token", r"sq[pua]_[a-f0-9]{40}(?![A-Za-z0-9])"),
    # JFrog reference tokens are base64 of "reftkn:01:…"
    ("jfrog-token", r"cmVmdGtuOjAxOj[A-Za-z0-9+/]{30,}={0,2}"),
    ("scaleway-key", r"SCW[A-Z0-9]{17}(?![A-Za-z0-9])"),
    # 1Password's account secret key (the second factor of the vault's encryption)
    ("onepassword-secret-key", r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}"
                               r"-[A-Z0-9]{5}(?![A-Za-z0-9])"),
    # Bitwarden Secrets Manager access tokens: "0.", a UUID, a 30-character secret, ":", a base64 key
    ("bitwarden-token", r"0\.[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}\.[A-Za-z0-9]{30}"
                        r":[A-Za-z0-9+/]{22,24}={0,2}"),
    ("posthog-key", r"phx_[A-Za-z0-9]{40,}"),
    # Google OAuth refresh tokens
    ("google-refresh-token", r"1//0[A-Za-z0-9_\-]{40,}"),
    ("rancher-token", r"token-[a-z0-9]{5}:[a-z0-9]{54}(?![A-Za-z0-9])"),
    ("harness-token", r"(?:pat|sat)\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}(?![A-Za-z0-9])"),
    # Octopus Deploy: "API-" and 26+ capitals and digits, judged random (not `API-GATEWAY…`)
    ("octopus-key", r"API-[A-Z0-9]{26,32}(?![A-Za-z0-9])"),
    # Trello's current tokens: "ATTA" and hex
    ("trello-token", r"ATTA[a-fA-F0-9]{64,72}(?![A-Za-z0-9])"),
    ("clickup-token", r"pk_[0-9]{1,10}_[A-Z0-9]{32}(?![A-Za-z0-9])"),
    ("frameio-token", r"fio-u-[A-Za-z0-9_\-=]{64}"),
    ("defined-networking-key", r"dnkey-[a-z0-9=_\-]{26}-[a-z0-9=_\-]{52}"),
    # OpenShift's OAuth access tokens (`oc whoami -t`)
    ("openshift-token", r"sha256~[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])"),
    ("linear-key", r"lin_oauth_[a-f0-9]{64}"),
    # Infisical service tokens: "st.", the token's id, and two 32-hex parts
    ("infisical-token", r"st\.[a-f0-9\-]{24,36}\.[a-f0-9]{32}\.[a-f0-9]{32}"),
    ("openai-session-key", r"sess-[A-Za-z0-9]{40}(?![A-Za-z0-9])"),
    ("adobe-client-secret", r"p8e-[A-Za-z0-9]{32}(?![A-Za-z0-9])"),
    ("deno-deploy-token", r"ddp_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    ("stytch-secret", r"secret-(?:live|test)-[A-Za-z0-9_]{36,}={0,2}"),
    ("firecrawl-key", r"fc-[a-f0-9]{32}(?![A-Za-z0-9])"),
    ("e2b-key", r"e2b_[a-f0-9]{40}(?![A-Za-z0-9])"),
    ("jina-key", r"jina_[A-Za-z0-9]{40,}"),
    # a Salesforce session or access token: the org's id ("00D…"), "!", and the session part
    ("salesforce-token", r"00D[A-Za-z0-9]{12,15}![A-Za-z0-9]{16}[A-Za-z0-9._]{44,}"),
    # Microsoft Teams incoming webhooks (the tenant's host, and the older outlook.office.com)
    ("teams-webhook", r"https://(?:[A-Za-z0-9\-]{1,63}\.webhook\.office\.com/webhookb2|outlook\.office(?:365)?\.com/webhook)"
                      r"/[A-Za-z0-9@\-]{20,200}/IncomingWebhook/[A-Za-z0-9\-]{16,64}/[A-Za-z0-9\-]{16,64}"),
]

# Formats without a literal prefix, found from a literal part inside them (so the engine skips
# to it in C): a Mailgun key (32 hex digits, then "-" and 8 and 8 more), a New Relic license key
# (36 hex digits and "NRAL"), an Azure AD client secret (a digit, "Q~" after its 3rd character).
_TOKEN_CHAR = r"[A-Za-z0-9_~.\-]"
# (kind, how many characters stand before the anchor, their pattern, the anchor and the rest)
_UNPREFIXED: list[tuple[str, int, re.Pattern[str], re.Pattern[str]]] = [
    ("mailgun-key", 32, re.compile(r"[0-9a-f]{32}"),
     re.compile(r"-[0-9a-f]{8}-[0-9a-f]{8}(?!" + _TOKEN_CHAR + ")")),
    ("newrelic-key", 36, re.compile(r"[a-f0-9]{36}"), re.compile(r"NRAL(?!" + _TOKEN_CHAR + ")")),
    ("azure-client-secret", 4, re.compile(_TOKEN_CHAR + r"{3}\d"),
     re.compile(r"Q~" + _TOKEN_CHAR + r"{31,34}(?!" + _TOKEN_CHAR + ")")),
    # Azure DevOps' current personal access token: 84 characters, its signature "AZDO" at 76
    ("azure-devops-pat", 76, re.compile(r"[A-Za-z0-9]{76}"), re.compile(r"AZDO[A-Za-z0-9]{4}(?![A-Za-z0-9_~.\-])")),
    ("terraform-token", 14, re.compile(r"[A-Za-z0-9]{14}"),
     re.compile(r"\.atlasv1\.[A-Za-z0-9_\-=]{40,}")),
    # a Discord bot token: base64 of the bot's id (24 to 26 characters), a 6-character
    # timestamp and an HMAC; detect-secrets' pattern wants the id to start with M, N or O
    *(("discord-bot-token", width, re.compile(r"[A-Za-z0-9_\-]{" + str(width) + "}"),
       re.compile(r"\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,38}(?![A-Za-z0-9_\-.])")) for width in (24, 25, 26)),
]
_RUN_CHAR = re.compile(_TOKEN_CHAR)


def _alternatives(body: str) -> list[str]:
    """A prefix pattern as patterns that each start with one literal character: a leading
    group of alternatives (`(?:sk|rk)_live…`) is written out, one pattern per alternative."""
    if body.startswith("(?:"):
        close = body.index(")")
        return [alt + body[close + 1:] for alt in body[3:close].split("|")]
    return [body]


def _prefixed_pattern() -> re.Pattern[str]:
    """One regex for all prefixes, its branches grouped by their first character, so at each
    position the engine tries only the few branches that start with the character there; the
    leading look-ahead lets it skip, in C, every position that cannot start a token. The
    group `k<i>_<j>` names the kind's index `i`; the order within a character is kept."""
    by_first: dict[str, list[str]] = {}
    for i, (_, body) in enumerate(_PREFIXED):
        for j, alt in enumerate(_alternatives(body)):
            by_first.setdefault(alt[0], []).append(f"(?P<k{i}_{j}>{alt[1:]})")
    branches = "|".join(re.escape(c) + "(?:" + "|".join(alts) + ")" for c, alts in by_first.items())
    return re.compile("(?=[" + re.escape("".join(sorted(by_first))) + "])" + _START + "(?:" + branches + ")")


_PREFIXED_RE = _prefixed_pattern()
# Every format above holds 16 token characters in a row (secret_values.has_token_run), except
# those whose body may be shorter or broken by `.`, `=` or `~`: a text with neither a run nor
# one of these prefixes (lower case) cannot match, and skips the scan.
# tests/security/test_prefixed_gate.py checks each format against the list.
SHORT_RUN_PREFIXES = ("xox", "xapp-", "eyj", "atatt3", "sntry", "pscale_", "rzp_", "atbb", "tfp_", "fio-u-", "dnkey-")

# Tokens whose prefix is a common word part need evidence that the body is random: an "sk-"
# key always mixes digits or capitals in, while "sk-learn-compatible-estimators" does not.
_NEEDS_MIXED_BODY = {"openai-key", "notion-token", "resend-key", "fireworks-key", "openai-session-key",
                     "facebook-token"}
# ... and prefixes that also open identifiers (`fm2_hidden_projection_weights_…`,
# `test_shouldReturnValueWhenInputOk`, `API-GATEWAYCONFIGURATIONNAMES`): the body after the
# prefix (its length given) must look random.
_NEEDS_RANDOM_BODY = {"fly-token": 4, "tencent-secret-id": 4, "yandex-access-key": 2, "mollie-key": 5,
                      "scaleway-key": 3, "octopus-key": 4, "onepassword-secret-key": 3, "jina-key": 5,
                      "stytch-secret": 12}
# Formats that open with a run of one character: the filled-template test starts after it.
_FILLED_FROM = {"twitter-bearer-token": 21}
# An STS session token's base64 holds runs of "/" (0xFF bytes in the blob): no template's filler.
_SLASH_RUNS = frozenset({"aws-session-token"})

# Text forms where only the value is secret: the rest stays readable.
# Each form comes with the substrings (lower case) one of which it needs: a cheap gate.
_VALUE_FORMS: list[tuple[str, tuple[str, ...], re.Pattern[str]]] = [
    # scheme://user:password@host and scheme://:password@host (the password only); the user
    # may be a mail address written unencoded (smtp://bot@mail.example.com:PASS@smtp…)
    ("url-credentials", ("://",), re.compile(
        r"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]{0,20}://(?P<user>[^\s:/@\"'<>]{0,256}(?:@[^\s:/@\"'<>]{1,256})?)"
        r":(?P<value>[^\s@/\"'<>]{1,256})@")),
    # scheme://TOKEN@host: a key as the whole user part (a Sentry DSN, a token in a git remote);
    # judged by its randomness, so `git@`, `postgres@` and `alice@` stay
    ("url-token", ("://",), re.compile(
        r"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]{0,20}://([A-Za-z0-9_\-.~%]{16,256})@[A-Za-z0-9\[]")),
    # Go's MySQL DSN and its kin: user:password@tcp(host:port)/db, @unix(/path)/db; the password
    # runs to the last "@" before the protocol, so it may hold "@" itself
    ("dsn-password", ("@tcp(", "@udp(", "@unix("), re.compile(
        r"(?<![A-Za-z0-9_.\-:/])[A-Za-z0-9_.\-]{1,64}:([^\s:/\"'<>()]{1,256}?)@(?:tcp|udp|unix)\(")),
    # Oracle's user/password@connect-string (sqlplus, expdp, cx_Oracle): EZConnect `@//host`,
    # `@host:port/service`, JDBC thin's `@host:port:SID`, or a TNS alias (group 2 marks that form, judged more strictly)
    ("oracle-connect", ("@",), re.compile(
        r"(?<![\w/.\-@])[A-Za-z][A-Za-z0-9_$#]{0,29}/([^\s/@\"'<>()]{1,128})@"
        r"(?://[A-Za-z0-9.\-]|[A-Za-z0-9.\-]{1,253}:\d{1,5}(?:/|:[A-Za-z])|(?P<alias>[A-Za-z][A-Za-z0-9_.\-]{0,63})(?![^\s\"';,]))")),
    # user:password@host:port without a scheme (a proxy setting, `-x user:pw@proxy:3128`): the
    # host has a dot and the port ends it, so `image:tag@sha256:…` and `a:b@c` stay
    ("proxy-credentials", ("@",), re.compile(
        r"(?<![A-Za-z0-9_.\-:/@%])[A-Za-z0-9_.\-]{1,64}:([^\s:@/\"'<>()\[\]{}]{3,256})@"
        r"[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,8}:\d{2,5}(?![\w.])")),
    # Authorization: Bearer <token> / Basic <base64>
    ("bearer-token", ("bearer", "basic", "token", "ssws"), re.compile(
        r"(?i)(?<![A-Za-z0-9])(?:Bearer|Basic|Token|SSWS)[ \t]{1,4}([A-Za-z0-9._~+/\-]{8,512}=*)"
        r"(?![A-Za-z0-9._~+/\-=])")),
    # Azure storage / Service Bus connection strings and SAS signatures
    ("azure-key", ("accountkey", "sharedaccesskey", "sharedsecret"), re.compile(
        r"(?i)(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey|SharedSecret)=([A-Za-z0-9+/=]{20,})")),
    ("azure-sas", ("sig=",), re.compile(r"(?<![A-Za-z0-9])sig=([A-Za-z0-9%+/=]{30,})")),
    # a Google service-account key file: the id of its private key (the key itself is a PEM)
    ("gcp-key-id", ("private_key_id",), re.compile(
        r"private_key_id\\?[\"']?[ \t]{0,4}[:=][ \t]{0,4}\\?[\"']?([0-9a-f]{40})(?![0-9A-Za-z])")),
]

# ... and OpenVPN's shared static key (`--secret`, `<tls-auth>`, `<tls-crypt>`): hex lines
_PEM_BEGIN = re.compile(r"-----BEGIN(?:[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?| OpenVPN Static key V1)-----")
_PEM_END = re.compile(r"-----END(?:[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?| OpenVPN Static key V1)-----")
_PEM_BODY_RUN = re.compile(r"[A-Za-z0-9+/]{16}")  # a key's body is base64; a template's is words


def _pem_blocks(text: str) -> Iterator[tuple[str, int, int]]:
    """Private key blocks, header to footer; a block without its footer runs to the end (a
    pasted or streamed key that was cut off is still a key) when a key's body follows."""
    pos = 0
    footers = True  # once no footer follows a header, none follows a later one: not searched again
    while (begin := _PEM_BEGIN.search(text, pos)) is not None:
        end = _PEM_END.search(text, begin.end()) if footers else None
        footers = end is not None
        if end is not None:
            if _PEM_BODY_RUN.search(text, begin.end(), end.start()) is not None:
                yield "private-key", begin.start(), end.end()
            pos = end.end()  # a whole block whose body has no base64 run is a template (`<paste your key here>`)
        elif _PEM_BODY_RUN.search(text, begin.end(), begin.end() + _CUT_BODY_LOOK) is not None:
            yield "private-key", begin.start(), len(text)
            return
        else:
            pos = begin.end()  # a header named in prose ("PEM files start with `-----BEGIN …`")


_CUT_BODY_LOOK = 80  # a cut-off key's body starts right after its header line


_HOST_NAME = re.compile(r"[a-z0-9][a-z0-9\-]{0,62}(?:\.[a-z0-9][a-z0-9\-]{0,62}){1,8}\.[a-z]{2,24}")


def _oracle_password(value: str, *, alias: bool) -> bool:
    """A password in an Oracle connect string; before a bare alias (`actions/checkout@v4` has
    the same shape) it must look like a credential."""
    if value.startswith(("$", "%", "{")) or "${" in value:
        return False
    if alias:
        if _HOST_NAME.fullmatch(value):
            return False  # a Kerberos principal, `HTTP/web01.corp.example@CORP.EXAMPLE`: a host, not a password
        from hermes.security.secret_context import token_like

        return token_like(value)
    return len(value) >= 3


def _proxy_password(value: str) -> bool:
    """A password before `@host:port` without a scheme: random, or letters mixed with digits or
    symbols (not `ref:HEAD@…`, not `$PROXY_PASS`)."""
    if value.startswith(("$", "%", "{")):
        return False
    mixed = any(c.isalpha() for c in value) and any(not c.isalpha() for c in value)
    return looks_random(value) or len(value) >= 6 and mixed


def _mixed(body: str) -> bool:
    return any(c.isdigit() for c in body) or any(c.isupper() for c in body)


def prefixed_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """Provider tokens recognised by their prefix and shape."""
    yield from _pem_blocks(text)
    if has_token_run(text) or any_occurs(lower_text(text), SHORT_RUN_PREFIXES):
        yield from _prefixed_matches(text)
    yield from _unprefixed_matches(text)


def _template_body(token: str) -> bool:
    """A token written to show a format: its characters after the first four are one or two
    kinds (`xoxb-xxxx-xxxx-xxxx`), or it says EXAMPLE as the documentation's keys do."""
    body = "".join(c for c in token[4:] if c.isalnum())
    return "EXAMPLE" in token or len(set(body)) <= 2


def _prefixed_matches(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _PREFIXED_RE.finditer(text):
        kind = _PREFIXED[int(str(m.lastgroup)[1:].split("_")[0])][0]
        if kind in _NEEDS_MIXED_BODY and not _mixed(m.group(0)[3:]):
            continue
        skip = _NEEDS_RANDOM_BODY.get(kind)
        if skip is not None and not looks_random(m.group(0)[skip:skip + 60], min_length=16):
            continue
        body = m.group(0).replace("/", "") if kind in _SLASH_RUNS else m.group(0)
        if FILLED.search(body, _FILLED_FROM.get(kind, 0)):
            continue  # `ghp_xxxxxxxx…`: a template, not a token
        if _template_body(m.group(0)):
            continue  # `xoxb-xxxx-xxxx-xxxx`, `AKIAEXAMPLEEXAMPLE00`: a shape shown in documentation
        yield kind, m.start(), m.end()


def _unprefixed_matches(text: str) -> Iterator[tuple[str, int, int]]:
    for kind, width, before, anchor in _UNPREFIXED:
        for m in anchor.finditer(text):
            start = m.start() - width
            if start < 0 or not before.fullmatch(text, start, m.start()):
                continue
            if start > 0 and _RUN_CHAR.match(text, start - 1):
                continue  # the run starts earlier: part of something longer
            if kind == "discord-bot-token" and not looks_random(text[start:m.start()], min_length=16):
                continue  # `a_long_module_name_here.method.…`: names, not an id
            # (an Azure DevOps token's fixed part after its 52 random characters is mostly "A")
            if not FILLED.search(text, start, start + 52 if kind == "azure-devops-pat" else m.end()):
                yield kind, start, m.end()


def value_forms(text: str) -> Iterator[tuple[str, int, int]]:
    """Secrets that are the value part of a URL, a header or a connection string."""
    lowered = lower_text(text)
    for kind, hints, pattern in _VALUE_FORMS:
        if not any(hint in lowered for hint in hints):
            continue
        group = "value" if "value" in pattern.groupindex else 1  # the secret's group
        for m in pattern.finditer(text):
            value = m.group(group)
            if kind == "url-credentials" and looks_random(m.group("user"), min_length=16):
                yield "url-credentials", m.start("user"), m.end("user")  # a key pair (old Sentry DSNs)
            if looks_placeholder(value):
                continue
            if kind == "bearer-token" and not (looks_random(value.rstrip("="), min_length=12)
                                               or basic_credentials(value)):
                continue  # "Bearer authentication", "token verification"
            if kind == "url-token" and not looks_random(value, min_length=16):
                continue
            if kind == "oracle-connect" and not _oracle_password(value, alias=m.group("alias") is not None):
                continue
            if kind == "proxy-credentials" and not _proxy_password(value):
                continue
            yield kind, m.start(group), m.end(group)


# ---------------------------------------------------------------- detect-secrets' catalogue

# The detect-secrets plugins whose patterns are bounded (linear time) and precise on prose and
# code. Left out: keyword/entropy plugins (assignments are judged in secret_assign.py), and
# patterns with nested or overlapping unbounded quantifiers (OpenAI, JWT, Slack, npm, PyPI,
# Artifactory), whose formats the table above covers in linear form.
_CATALOGUE = (
    ("aws", "AWSKeyDetector", "aws-key"),
    ("azure_storage_key", "AzureStorageKeyDetector", "azure-key"),
    ("discord", "DiscordBotTokenDetector", "discord-token"),
    ("github_token", "GitHubTokenDetector", "github-token"),
    ("gitlab_token", "GitLabTokenDetector", "gitlab-token"),
    ("mailchimp", "MailchimpDetector", "mailchimp-key"),
    ("sendgrid", "SendGridDetector", "sendgrid-key"),
    ("square_oauth", "SquareOAuthDetector", "square-secret"),
    ("stripe", "StripeDetector", "stripe-key"),
    ("telegram_token", "TelegramBotTokenDetector", "telegram-token"),
    ("twilio", "TwilioKeyDetector", "twilio-key"),
)
_catalogue: list[tuple[str, re.Pattern[str]]] | None = None


def catalogue() -> list[tuple[str, re.Pattern[str]]]:
    """(kind, pattern) from detect-secrets' plugins, imported on first use (~90 ms, it pulls in
    `requests`). Only the class-level `denylist` patterns are read: no plugin is asked to
    verify a secret, so nothing touches the network or the settings files."""
    global _catalogue
    if _catalogue is None:
        import importlib

        found: list[tuple[str, re.Pattern[str]]] = []
        for module, cls, kind in _CATALOGUE:
            plugin = getattr(importlib.import_module(f"detect_secrets.plugins.{module}"), cls)
            found.extend((kind, rx) for rx in plugin.denylist)
        _catalogue = found
    return _catalogue


# Every pattern of the catalogue needs 16 characters in a row from this set (its key body);
# tests/security/test_catalogue_gate.py checks that against the installed plugins. Text
# without such a run cannot match any of them, so it neither pays for the 19 scans nor for
# importing detect-secrets (60-100 ms on the first memory write that mentions "auth").
_CATALOGUE_CHARS = r"A-Za-z\d+/_\-=\\"  # as wide as any case-blind pattern
CATALOGUE_RUN = re.compile(f"[{_CATALOGUE_CHARS}]{{16}}", re.IGNORECASE)
# ... sought from the character before the run (the text searched with a space in front), so the
# search may start only where a run can start and skips each word at once
_CATALOGUE_FROM = re.compile(f"[^{_CATALOGUE_CHARS}][{_CATALOGUE_CHARS}]{{16}}", re.IGNORECASE)


def catalogue_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """Matches of detect-secrets' patterns (whole match: their groups only split prefixes,
    except AWS's secret-key pattern, whose group is the key inside a longer context)."""
    if not _CATALOGUE_FROM.search(" " + text):
        return
    for kind, pattern in catalogue():
        group = 1 if kind == "aws-key" and pattern.groups else 0
        for m in pattern.finditer(text):
            start, end = m.span(group)
            if kind == "azure-key":  # keep "AccountKey=" readable, as the value form does
                start += m.group(0).find("=") + 1
            if end > start and not FILLED.search(text, start, end) and not _template_body(text[start:end]):
                yield kind, start, end
