"""Session 12's second set of redaction categories (held-out #10's misses, fixed by kind):
Doppler, Fly.io, Azure DevOps, Elastic and Rails keys in their vendors' formats, Kerberos keys
wherever Kerberos tools print them, and Kerberos passwords in the places the tools read them.
For each category invented examples whose secret must be gone, and code or prose naming the
same thing that must come back exactly as written. No line is taken from a held-out corpus."""

from __future__ import annotations

import pytest

from hermes.security.redact import find_secrets, redact

_DOPPLER_A = "0nxlSqwEWJTAKOtnFJriJnzY7oEmG57Ul5hVTrpEbnL"
_DOPPLER_B = "v32xLGYwwF03BssxTVjw6YhuDZYOsY3MUDBVdWaz6ndw"
_FM2 = ("V2yqH+6AiQ6mr7x52f2J39OA9CCBRn9ek9sPBDYjrGfDGl+Efq9+O6O3Jt1PDo4MkmKtpKOpYnQLgl41+Ws19CYFI5sPgBb"
        "emL1ayk8ExZkbXSZZ/JTsFv6gDBbup8gmfePF0Q5JFb0N")
_FM2_URLSAFE = "-LQN_z1nX7wWmmMJ0gr41WYRHNpPppT6div-XGL8GEllciZJCNU5V70jTZyz19AUFWBVQ7Hl42cmufGNS98gAyXJ_W2HHT7P"
_ADO_BASE32 = "gn2vr375wdbyaqkcjbadtbwgaya5tdsqt2aojcjwjfe4debprc7q"
_ADO_52 = "1nukh2e0qny9kd02obk6ozr8viymol4eh1ys4vgv9qtm51hm3odd"
_ADO_84 = "8dUa6IGMPX0v2ge4LImS150h5JXdS9EmsnZ4Mc5ercK3J8gZHstQ" "JQQJ99BLACAAAAAAAAAAAAAA" "AZDO07uI"
_ES_A = "cXRjOElSZ2FaT21Bc250ZHBpbEc6dWNqdjNld3lvblJjX05BSk9OTExibQ=="
_ES_B = "ejE2QmRGeU11dEJzVTBWR2REWE46bXJrQlhRMTFySlBvYzZqdEE1Z0VmaQ=="
_RAILS_A = "98cf22722db2d6779d49019296b08316"
_RAILS_B = "def089595ca0d85675e103ae991808b9"
_KRB_HEX = "274b18d9c40a872e5ad672bc3a9b3bba2aaad888871cb4353f05dac27ea7ccc5"
_KRB_HEX_B = "0b1e4bfb29e3c1bd6a0c3d4ac09c5b7f8e2d1a6c4f0b9e8d7c6b5a4f3e2d1c0b"
_KRB_HEX_128 = "9e7d31c0a4b85f26d1e03c7a9b4f2e68"

# (category, text, the secrets that must not survive)
POSITIVE = [
    ("doppler-token", f"doppler secrets download --token dp.st.dev_api.{_DOPPLER_A} --no-file", [_DOPPLER_A]),
    ("doppler-token", f"the CI uses dp.st.{_DOPPLER_B} for the staging config", [_DOPPLER_B]),
    ("doppler-token", f"export DOPPLER_CLI_TOKEN=dp.ct.{_DOPPLER_B}", [_DOPPLER_B]),
    ("fly-token", f"curl -H 'Authorization: FlyV1 fm2_{_FM2}' https://api.machines.dev/v1/apps", [_FM2]),
    ("fly-token", f"deploy token (two macaroons): FlyV1 fm2_{_FM2_URLSAFE},fm2_{_FM2[:80]}",
     [_FM2_URLSAFE, _FM2[:80]]),
    ("fly-token", f"flyctl secrets set --app api FLY_TOKEN=fm1a_{_FM2}", [_FM2]),
    ("azure-devops-pat", f"echo {_ADO_BASE32} | az devops login --organization https://dev.azure.com/contoso",
     [_ADO_BASE32]),
    ("azure-devops-pat", f"Azure DevOps PAT for the build agent: {_ADO_52} (expires in 30 days)", [_ADO_52]),
    ("azure-devops-pat", f"AZP_TOKEN={_ADO_52} ./config.sh --unattended", [_ADO_52]),
    ("azure-devops-pat", f"my new ADO token is {_ADO_84}", [_ADO_84]),
    ("elastic-api-key",
     f'es = Elasticsearch("https://logs.internal:9200", headers={{"Authorization": "ApiKey {_ES_A}"}})', [_ES_A]),
    ("elastic-api-key", f'{{"id": "z16BdFyMutBsU0VGdDXN", "name": "ingest", "encoded": "{_ES_B}"}}', [_ES_B]),
    ("elastic-api-key", f"filebeat keystore: ES_KEY {_ES_A}", [_ES_A]),
    ("elastic-api-key", 'es.options(api_key=("Hq3nPzW81kTmRvB0xYcE", "L0w-9c_xmGv2pQr8TnJ4aZ")).search(index="app")',
     ["L0w-9c_xmGv2pQr8TnJ4aZ"]),
    ("elastic-api-key",
     "client = Elasticsearch(cloud_id=cid, api_key=['Tx0mWq8ZrC4vLp2nYb6K', 'q9Rz_k2Vd7mXw4Lc8pNb1s'])",
     ["q9Rz_k2Vd7mXw4Lc8pNb1s"]),
    ("rails-master-key", f"fly secrets set RAILS_MASTER_KEY={_RAILS_A} -a shop", [_RAILS_A]),
    ("rails-master-key", f"$ cat config/credentials/production.key\n{_RAILS_B}", [_RAILS_B]),
    ("rails-master-key", f"printf '{_RAILS_A}' > config/master.key && bin/rails credentials:edit", [_RAILS_A]),
    ("kerberos-key", f"ktutil:  addent -key -p host/db7.lab.example.net@LAB.EXAMPLE.NET -k 5 "
                     f"-e aes256-cts-hmac-sha1-96\n"
                     f"Key for host/db7.lab.example.net@LAB.EXAMPLE.NET (hex): {_KRB_HEX}", [_KRB_HEX]),
    ("kerberos-key", f"Rubeus.exe asktgt /user:svc_sql /domain:lab.example /aes256:{_KRB_HEX_B} /ptt", [_KRB_HEX_B]),
    ("kerberos-key", f"getTGT.py -aesKey {_KRB_HEX} lab.example/svc_sql", [_KRB_HEX]),
    ("kerberos-key", f"        aes256_hmac       (4096) : {_KRB_HEX_B}", [_KRB_HEX_B]),
    ("kerberos-key", f"klist -kteK output:  4 12/01/26 host/db01.lab.example@LAB.EXAMPLE (aes256-cts-hmac-sha1-96)  "
                     f"(0x{_KRB_HEX})", [_KRB_HEX]),
    ("kerberos-key", f'{{"principal": "svc_ci@LAB.EXAMPLE", "enctype": "aes128-cts-hmac-sha1-96", "kvno": 2, '
                     f'"keyvalue": "{_KRB_HEX_128}"}}', [_KRB_HEX_128]),
    ("kerberos-key", f"{_KRB_HEX_128} (aes128-cts-hmac-sha1-96)", [_KRB_HEX_128]),
    ("kerberos-password", "printf '%s\\n' 'wB7#pq2Lzk' | kinit -c /tmp/cc alice@LAB.EXAMPLE", ["wB7#pq2Lzk"]),
    ("kerberos-password", "echo \"%Tq9vLm2w!\" | kinit svc_backup@LAB.EXAMPLE", ["%Tq9vLm2w!"]),
    ("kerberos-password", "kinit alice@LAB.EXAMPLE <<< 'Mv3kq81Zr!'", ["Mv3kq81Zr!"]),
    ("kerberos-password", "echo -n 'k9Vw!2mzQa' | kpasswd bob", ["k9Vw!2mzQa"]),
    ("kerberos-password", "kadmin -p admin/admin@LAB.EXAMPLE -w 'Qz8!vRt2mw' -q \"listprincs\"", ["Qz8!vRt2mw"]),
    ("kerberos-password", 'kadmin.local -q "addprinc -pw Hn4#kd92Lx alice@LAB.EXAMPLE"', ["Hn4#kd92Lx"]),
    ("kerberos-password", "kadmin: cpw -pw Jw5.lp0Xq7 bob", ["Jw5.lp0Xq7"]),
    ("kerberos-password", "ktpass -princ host/a@LAB.EXAMPLE -pass Qm4tr9vXz -out a.keytab", ["Qm4tr9vXz"]),
    ("kerberos-password", "ktpass /out web.keytab /princ HTTP/web@LAB.EXAMPLE /mapuser LAB\\svc_web /Pass Tr0ub4dor&9 "
                          "/crypto AES256-SHA1", ["Tr0ub4dor&9"]),
    ("samba-user-password", "net ads join -U administrator%Wq7!pz2Kv createcomputer=Servers", ["Wq7!pz2Kv"]),
    ("samba-user-password", "rpcclient -U 'LAB\\svc_scan%Hb6#mq2Zx' 10.0.4.7 -c enumdomusers", ["Hb6#mq2Zx"]),
    ("sudo-stdin", "echo 'Rx7-mm2Qpz' | sudo -S systemctl restart nginx", ["Rx7-mm2Qpz"]),
]

# Code, config and prose that only name these things: unchanged, byte for byte.
KEPT = [
    'token = os.environ["DOPPLER_TOKEN"]',
    'if not token.startswith("dp.st."): raise ValueError("need a service token")',
    "doppler run --token \"$DOPPLER_TOKEN\" -- ./server",
    'headers = {"Authorization": f"FlyV1 {fly_token}"}',
    "fm2_hidden_projection_weights_matrix_for_layer_norm = load(path)",
    "FLY_API_TOKEN=$(fly tokens create deploy -x 999999h)",
    "echo \"$AZURE_DEVOPS_EXT_PAT\" | az devops login --organization https://dev.azure.com/contoso",
    "pat = os.environ.get('AZURE_DEVOPS_EXT_PAT')",
    "az devops configure --defaults organization=https://dev.azure.com/contoso project=web",
    'curl -H "Authorization: ApiKey ${ES_API_KEY}" https://logs.internal:9200/_cat/indices',
    "client = Elasticsearch(hosts, api_key=(api_key_id, api_key_secret))",
    "headers: { Authorization: `ApiKey ${apiKey}` },",
    'master_key = File.read(Rails.root.join("config", "master.key")).strip',
    "config.require_master_key = true",
    "md5sum config/master.key  # 0c7e1a55d3b94f08e2a61c97b3d54e2f",
    "docker run -e RAILS_MASTER_KEY=\"$(cat config/master.key)\" shop:latest",
    "ktutil:  addent -password -p bob@LAB.EXAMPLE -k 1 -e aes128-cts-hmac-sha1-96",
    "keytab sha256: 7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b",
    "klist -kte /etc/krb5.keytab",
    'echo "$KRB_PASS" | kinit alice@LAB.EXAMPLE',
    "echo %KRB_PASS% | kinit alice",
    "kinit -kt /etc/security/keytabs/svc.keytab svc@LAB.EXAMPLE",
    "kadmin -p admin/admin -w \"$KADMIN_PASSWORD\" -q listprincs",
    "ktpass -princ host/a@LAB.EXAMPLE -pass * -out a.keytab",
    "echo 'hello world' | sudo tee /etc/motd",
    'client = Elasticsearch(hosts, api_key=("my_api_key_identifier", "my_api_key_secret_value"))',
    'smbclient //fs/share -U "$SMB_USER%$SMB_PASS"',
    "date -u +%Y-%m-%dT%H:%M:%S",
    "net ads join -U administrator%",
    "ktutil: addent -key -p HTTP/web01.ops.contoso.io@OPS.CONTOSO.IO -k 3 -e aes256-cts-hmac-sha1-96",
]


@pytest.mark.parametrize(("category", "text", "secrets"), POSITIVE,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(POSITIVE)])
def test_secret_is_removed(category: str, text: str, secrets: list[str]) -> None:
    out = redact(text)
    for secret in secrets:
        assert secret not in out, (category, out)
    assert "[REDACTED:" in out


@pytest.mark.parametrize("line", KEPT)
def test_naming_line_is_unchanged(line: str) -> None:
    assert redact(line) == line


def test_kinds_name_the_vendor() -> None:
    assert [s.kind for s in find_secrets(f"DOPPLER_TOKEN=dp.st.prd.{_DOPPLER_A}")] == ["doppler-token"]
    assert [s.kind for s in find_secrets(f"Authorization: ApiKey {_ES_B}")] == ["elastic-api-key"]
    assert [s.kind for s in find_secrets(f"echo {_RAILS_B} > config/master.key")] == ["rails-master-key"]
    assert [s.kind for s in find_secrets(f"token {_ADO_84}")] == ["azure-devops-pat"]


def test_fly_scheme_word_stays_readable() -> None:
    out = redact(f"Authorization: FlyV1 fm2_{_FM2}")
    assert out.startswith("Authorization: FlyV1 [REDACTED:")


def test_a_kerberos_principal_is_not_a_connect_string() -> None:
    text = "kinit -kt http.keytab HTTP/app3.dc2.fabrikam.org@DC2.FABRIKAM.ORG"
    assert redact(text) == text


def test_an_84_character_run_without_the_signature_is_not_a_pat() -> None:
    text = "build " + _ADO_84.replace("AZDO", "AZDX")
    assert redact(text) == text
