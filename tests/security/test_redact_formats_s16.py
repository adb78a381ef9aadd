"""Session 16: credential formats of well-known services that the redaction did not know, on
examples invented for the tests (prefixes, lengths and alphabets as gitleaks, trufflehog and
GitHub secret scanning document them), each in a realistic place (a config line, a call's
argument, an env export, a log line, a header, a URL); then the config-key and DSN forms, and
code or prose that only names a format, which must stay as written."""

from __future__ import annotations

import re
from re import _parser as sre_parse  # type: ignore[attr-defined]

import pytest

from hermes.security import secret_assign, secret_formats, secret_service_keys
from hermes.security.redact import find_secrets, redact
from tests.security.test_scan_linear import _nested_unbounded

_B = "Hq4Lx8Nc2Vw6Tz0Rb3Mk7Pf1Gd5Js9Ye2Ua6Io4Qn8Wl3Xc7Vz1Bh5Kt0Ep9Sr"  # 64 mixed characters
_HEX = "4e7a1c9f3b2d8e6a0f5c7b1d9e3a2c8f"
_UUID = "8c1f4a7e-2b9d-4d3e-a6f0-5e7c9b2a1d48"

# (format, text, the secret that must be gone)
_FORMATS = [
    ("yandex-api-key", "export YC_API_KEY=AQVN" + _B[:36], "AQVN" + _B[:36]),
    ("yandex-iam-token", "2026-12-04 INFO iam t1.9euelZrK" + _B[:40] + "." + (_B + _B)[:86] + " refreshed",
     "t1.9euelZrK"),
    ("yandex-access-key", "aws_access_key_id = YCAJE" + _B[:35], "YCAJE" + _B[:35]),
    ("together-key", "client = Together(api_key=\"tgp_v1_" + _B[:43] + "\")", "tgp_v1_" + _B[:43]),
    ("elevenlabs-key", "curl -H 'xi-api-key: sk_" + _HEX + _HEX[:16] + "' https://api.elevenlabs.io/v1/voices",
     "sk_" + _HEX),
    ("elevenlabs-key", "voice synth failed for key sk_" + _HEX + _HEX[:16], "sk_" + _HEX),
    ("intercom-token", "Authorization: Bearer dG9rOjhjMWY0YTdlXzJiOWRfNGQzZV9hNmYwXzVlN2M5YjJhMWQ0ODoxOjA=",
     "dG9rOjhjMWY0YTdl"),
    ("intercom-token", "INTERCOM_TOKEN=dG9rOjhjMWY0YTdlXzJiOWRfNGQzZV9hNmYwXzVlN2M5YjJhMWQ0ODoxOjA=", "dG9rOjhj"),
    ("hubspot-token", "api_client = HubSpot(access_token='pat-na1-" + _UUID + "')", "pat-na1-" + _UUID),
    ("hubspot-token", "WARN portal 4411 rate-limited token pat-eu1-" + _UUID, "pat-eu1-" + _UUID),
    ("facebook-token", "https://graph.facebook.com/v19.0/me/accounts?access_token=EAAJk2ZCqR7sBO" + _B + _B[:40],
     "EAAJk2ZCqR7sBO"),
    ("facebook-token", "fb token EAAJk2ZCqR7sBO" + _B + _B[:40] + " expired", "EAAJk2ZCqR7sBO"),
    ("instagram-token", "ig_user = fetch_profile(\"IGQWRM" + _B + _B[:50] + "\")", "IGQWRM"),
    ("plaid-token", "plaid exchange done: access-production-" + _UUID, "access-production-" + _UUID),
    ("mollie-key", "mollie.setApiKey('live_Hq4Lx8Nc2Vw6Tz0Rb3Mk7Pf1Gd5Js9')", "live_Hq4Lx8Nc2Vw6Tz0Rb3Mk7Pf1Gd5Js9"),
    ("circleci-token", "curl -H 'Circle-Token: CCIPAT_Hq4Lx8Nc2Vw6Tz0Rb3Mk7P_" + _HEX + "a9b8c7d6' https://circleci.com",
     "CCIPAT_Hq4Lx8Nc2Vw6Tz0Rb3Mk7P"),
    ("sonarqube-token", "mvn verify sonar:sonar -Dsonar.token=sqp_" + _HEX + "a9b8c7d6", "sqp_" + _HEX),
    ("sonarqube-token", "analysis used squ_" + _HEX + "a9b8c7d6 from the vault", "squ_" + _HEX),
    ("jfrog-reference-token", "jf c add --access-token cmVmdGtuOjAxOjE3" + _B[:48], "cmVmdGtuOjAxOjE3"),
    ("scaleway-key", "scw init access-key=SCW7QK2XM9RT4VB8NP3L", "SCW7QK2XM9RT4VB8NP3L"),
    ("onepassword-secret-key", "Emergency kit: A3-K7QW2M-X9RT4V-B8NP3-LC6HS-J5GF0-TY7QE", "A3-K7QW2M-X9RT4V"),
    ("bitwarden-token", "BWS_ACCESS_TOKEN=0." + _UUID + ".Hq4Lx8Nc2Vw6Tz0Rb3Mk7Pf1Gd5Js9:Ye2Ua6Io4Qn8Wl3Xc7Vz1B==",
     "0." + _UUID + ".Hq4Lx8"),
    ("posthog-key", "requests.get(url, headers={'Authorization': f'Bearer phx_" + _B[:43] + "'})", "phx_" + _B[:43]),
    ("google-refresh-token", "DEBUG oauth cache: 1//0gHq4Lx8Nc2Vw6CgYIARAAGBASNwF-" + _B[:40], "1//0gHq4Lx8"),
    ("rancher-token", "rancher login https://rancher.example.com --token token-k7q2x:"
     "m4r8t2w6z1v5b9q3l7n2h6j4d8f1g5s9a3c7e2k6m0o4r8t1v5", "token-k7q2x:m4r8t2"),
    ("harness-token", "x-api-key: pat.Hq4Lx8Nc2Vw6Tz0Rb3Mk7P.Hq4Lx8Nc2Vw6Tz0Rb3Mk7Pf1.Hq4Lx8Nc2Vw6Tz0Rb3Mk",
     "pat.Hq4Lx8Nc2Vw6Tz0Rb3Mk7P"),
    ("octopus-key", "octo push --package app.1.0.zip --apiKey API-K7QW2MX9RT4VB8NP3LC6HSJ5GF",
     "API-K7QW2MX9RT4VB8NP3LC6HSJ5GF"),
    ("trello-token", "trello.get('/1/members/me', token='ATTA" + _HEX + _HEX + "5E6F7A8B')", "ATTA" + _HEX),
    ("clickup-token", "CLICKUP_API_TOKEN=pk_4417203_K7QW2MX9RT4VB8NP3LC6HSJ5GF0TY7QE", "pk_4417203_K7QW"),
    ("frameio-token", "Authorization: Bearer fio-u-" + _B, "fio-u-" + _B[:20]),
    ("defined-networking-key", "dnctl --api-key dnkey-k7qw2mx9rt4vb8np3lc6hsj5gf-0ty7qe2ua9io4pk8ml3nb6xc1vz5"
     "bw0k7qw2mx9rt4vb8np3lc6hs", "dnkey-k7qw2mx9"),
    ("openshift-token", "oc login --token=sha256~" + _B[:43] + " --server=https://api.ocp.example.com:6443",
     "sha256~" + _B[:43]),
    ("linear-oauth-token", "linear oauth grant: lin_oauth_" + _HEX + _HEX, "lin_oauth_" + _HEX),
    ("infisical-token", "INFISICAL_TOKEN=st.6571a2b3c4d5e6f708192a3b." + _HEX + "." + _HEX[::-1], "st.6571a2b3"),
    ("openai-session-key", "browser cookie held sess-" + _B[:40], "sess-" + _B[:40]),
    ("adobe-client-secret", "ADOBE_CLIENT_SECRET=p8e-" + _B[:32], "p8e-" + _B[:32]),
    ("deno-deploy-token", "deployctl deploy --project=site --token=ddp_" + _B[:36] + " main.ts", "ddp_" + _B[:36]),
    ("stytch-secret", "client = stytch.Client(project_id=pid, secret=\"secret-live-" + _B[:40] + "\")",
     "secret-live-" + _B[:40]),
    ("firecrawl-key", "app = FirecrawlApp(api_key=\"fc-" + _HEX + "\")", "fc-" + _HEX),
    ("e2b-key", "2026-12-04 DEBUG sandbox created with e2b_" + _HEX + "a9b8c7d6", "e2b_" + _HEX),
    ("jina-key", "curl https://api.jina.ai/v1/embeddings -H 'Authorization: Bearer jina_" + _B[:60] + "'",
     "jina_" + _B[:60]),
    ("salesforce-token", "sf org display: Access Token 00D5g000004AbCd!AQ0AQ" + _B[:16] + "." + _B[:50], "!AQ0AQ"),
    ("ably-key", "const realtime = new Ably.Realtime('xVLyHw.DQrNxQ:" + _B[:43] + "');", _B[:43]),
    ("launchdarkly-key", "client = ldclient.set_config(Config(\"sdk-" + _UUID + "\"))", "sdk-" + _UUID),
    ("openvpn-static-key", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n" + (_HEX + "\n") * 16
     + "-----END OpenVPN Static key V1-----\n</tls-auth>", _HEX),
    # keyword-anchored (secret_service_keys.py)
    ("datadog-key", "curl -X GET https://api.datadoghq.com/api/v1/validate -H \"DD-API-KEY: " + _HEX + "\"", _HEX),
    ("datadog-key", "# datadog.yaml\napi_key: " + _HEX, _HEX),
    ("wandb-key", "wandb login " + _HEX + "a9b8c7d6", _HEX),
    ("ngrok-token", "ngrok authtoken 2Hq4Lx8Nc2Vw6Tz0Rb3Mk7Pf1Gd_5Js9Ye2Ua6Io4Qn8Wl3Xc7Vz1", "2Hq4Lx8Nc2Vw6"),
    ("kubernetes-bootstrap-token", "kubeadm token list\nTOKEN   TTL  USAGES\nk7q2x9.m4r8t2w6z1v5b9q3   23h  "
     "authentication,signing", "m4r8t2w6z1v5b9q3"),
    ("splunk-hec", "curl https://hec.example.com:8088/services/collector/event"
     " -H \"Authorization: Splunk " + _UUID + "\"", _UUID),
    ("opsgenie", "requests.post(url, headers={\"Authorization\": \"GenieKey " + _UUID + "\"})", _UUID),
]


@pytest.mark.parametrize(("kind", "text", "secret"), _FORMATS, ids=[f[0] for f in _FORMATS])
def test_the_format_is_redacted(kind: str, text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_each_added_prefix_format_is_found_alone_under_its_own_kind() -> None:
    token = "AQVN" + _B[:36]
    assert [m.kind for m in find_secrets(f"key {token} rotated")] == ["yandex-api-key"]
    assert [m.kind for m in find_secrets("dump: sha256~" + _B[:43])] == ["openshift-token"]


# config keys the assignment rule did not read, directives without an operator, DSN forms
_FORMS = [
    ("DB_PW=Rk7!vQ2mTx9w", "Rk7!vQ2mTx9w"),
    ("smtp_pw: 'Rk7!vQ2mTx9w'", "Rk7!vQ2mTx9w"),
    ("uri ldaps://ldap.example.com\nbinddn cn=nslcd,dc=example,dc=com\nbindpw Rk7!vQ2mTx9w\n", "Rk7!vQ2mTx9w"),
    ("database mdb\nrootdn cn=admin,dc=example,dc=com\nrootpw Rk7vQ2mTx9w", "Rk7vQ2mTx9w"),
    ("vrrp_instance VI_1 {\n    authentication {\n        auth_type PASS\n        auth_pass Rk7vQ2mT\n    }\n}",
     "Rk7vQ2mT"),
    ("username netops privilege 15 password 0 Rk7vQ2mTx9w", "Rk7vQ2mTx9w"),
    ("enable password 7 0822455D0A165A4B", "0822455D0A165A4B"),
    ("Driver={ODBC Driver 18 for SQL Server};Server=db01;Uid=app;Pwd={Rk7;vQ2mTx9w};Encrypt=yes",
     "vQ2mTx9w"),
    ("conn = MySQLdb.connect('db01', 'app', 'Rk7vQ2mTx9w', 'orders')", "Rk7vQ2mTx9w"),
    ("jdbc:oracle:thin:app/Rk7vQ2mTx9w@db01.example.com:1521:ORCL", "Rk7vQ2mTx9w"),
    ("curl -x app:Rk7vQ2mTx9w@proxy.example.com:3128 https://example.com", "Rk7vQ2mTx9w"),
]


@pytest.mark.parametrize(("text", "secret"), _FORMS)
def test_the_config_or_dsn_secret_is_gone(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("code", [
    # the formats named, or identifiers that open like them
    "AQVN is the prefix of Yandex Cloud API keys",
    "t1.start(); t1.join()",
    "YC_REGION = 'ru-central1'",
    "pat-na1 is HubSpot's North American region",
    "EAAGeneralSettingsLoader.load(config)",
    "access-production-url = 'https://prod.example.com'",
    "def test_shouldReturnValueWhenInputIsOk(): ...",
    "test_abcdefghijklmnopqrstuvwxyzabcd",
    "API-GATEWAYCONFIGURATIONNAMES",
    "SCWREGIONDEFAULTNAMEX",
    "A3-XXXXXX-XXXXXX-XXXXX-XXXXX-XXXXX-XXXXX",
    "version 0." + _UUID,
    "sha256~ marks an OpenShift token; print yours with `oc whoami -t`",
    "ATTAINMENT_LEVEL = 3",
    "pk_12345_name = 'x'",
    "dG9rOj is base64 of tok:",
    "sk_learn_compatible = True",
    "jina_embeddings_v2_base_en_model_loader_class",
    "secret-live-reload-is-disabled-by-default-in-this-config",
    "secret-test-abcdefghijklmnopqrstuvwxyzabcdefghijkl",
    "the fc-4e7a1c9f container restarted",
    "ably-js is the client library",
    "api-" + _UUID + " is the gateway's id",
    # keyword forms: the service named beside a commit id, a digest, a placeholder
    "datadog-agent commit " + _HEX + "a9b8c7d6",
    "datadog-agent.tar.gz sha256: " + _HEX,
    "wandb: syncing run, git commit " + _HEX + "a9b8c7d6",
    "ngrok authtoken $NGROK_AUTHTOKEN",
    "kubeadm init --pod-network-cidr 10.244.0.0/16",
    "Splunk 9.1.2 is installed on the indexers",
    "Authorization: Splunk <hec-token>",
    # config keys that name a secret's place, not the secret
    "passwd_file = /etc/sssd/passwd",
    "bindpw_file /etc/nslcd.secret",
    "bindpw /etc/ldap.secret",
    "rootpw {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=",
    "rootpw ${SLAPD_ROOT_PW}",
    "auth_type PASS",
    "username netops privilege 15 password 0 <password>",
    "db_pw = os.environ['DB_PW']",
    "DB_PW=${DB_PW}",
    "pw = getpass.getpass()",
    "conn = f\"Server={host};Uid={user};Pwd={password};\"",
    "print(f\"password={password!r}\")",
    "headers = f\"ingestion-key={_ingest_key}\"",
    "log.info(f\"token={cfg.token:>12}\")",
    "auth = f'AWS4-HMAC-SHA256 Credential={self.scope(request)}'",
    "Password={{ vault_db_password }}",
    "jdbc:oracle:thin:@db01.example.com:1521:ORCL",
    "docker pull registry.example.com:5000/app:1.2@sha256:" + _HEX + _HEX,
    "curl https://example.com  # the ref is main:HEAD@origin.example.com:22",
])
def test_code_or_prose_that_names_a_format_is_unchanged(code: str) -> None:
    assert redact(code) == code


_ADDED_KINDS = {
    "yandex-api-key", "yandex-iam-token", "yandex-access-key", "together-key", "elevenlabs-key", "intercom-token",
    "hubspot-token", "facebook-token", "instagram-token", "plaid-token", "mollie-key", "circleci-token",
    "sonarqube-token", "jfrog-token", "scaleway-key", "onepassword-secret-key", "bitwarden-token", "posthog-key",
    "google-refresh-token", "rancher-token", "harness-token", "octopus-key", "trello-token", "clickup-token",
    "frameio-token", "defined-networking-key", "openshift-token", "infisical-token", "openai-session-key",
    "adobe-client-secret", "deno-deploy-token", "stytch-secret", "firecrawl-key", "e2b-key", "jina-key",
    "salesforce-token",
}  # and a second pattern each for "jfrog-token" (reference tokens) and "linear-key" (OAuth tokens)


def _linear(pattern: str, flags: int = 0) -> bool:
    return not _nested_unbounded(sre_parse.parse(pattern, flags))


def test_the_added_patterns_nest_no_unbounded_quantifier() -> None:
    added = [body for kind, body in secret_formats._PREFIXED
             if kind in _ADDED_KINDS or body.startswith(("lin_oauth", "cmVmdGtu"))]
    assert len(added) == len(_ADDED_KINDS) + 2
    others: list[re.Pattern[str]] = [secret_assign._DIRECTIVE, secret_service_keys._UUID_SCHEME,
                                     secret_formats._PEM_BEGIN, secret_formats._PEM_END]
    others += [p for entry in secret_service_keys._KEYWORD_KEYS for p in entry[2:]]
    others += [p for kind, _, p in secret_formats._VALUE_FORMS if kind in ("proxy-credentials", "oracle-connect")]
    assert all(_linear(body) for body in added)
    assert all(_linear(p.pattern, p.flags) for p in others)


def test_repeated_openings_of_the_added_formats_are_scanned_to_an_end() -> None:
    # a quadratic scan would hang here; the result only has to be a string
    for text in ("pat-na1-" * 4000, ("0." + _UUID + ".") * 800, "Pwd={" * 6000, "\nbindpw " * 5000,
                 "a:bcdef1@c.d." * 5000, ("datadog api key " + _HEX + " ") * 1000, "Splunk " * 6000):
        assert isinstance(redact(text), str)
