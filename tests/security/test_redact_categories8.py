"""Credential families first missed on held-out #8, each with an invented value (not a corpus
line), and a line of code that only names the same kind of secret, which must stay."""

from __future__ import annotations

import pytest

from hermes.security.redact import redact

SECRETS = [
    ("sshpass", "sshpass -p 'Tq8#vLm2Rw' ssh deploy@10.1.2.3", "Tq8#vLm2Rw"),
    ("ntlm", "svc_backup:1104:aad3b435b51404eeaad3b435b51404ee:9f2c6e1d4b7a8c3e5f0a1b2c3d4e5f60:::",
     "9f2c6e1d4b7a8c3e5f0a1b2c3d4e5f60"),
    ("azure devops pat", "AZURE_DEVOPS_EXT_PAT=q7w3ke5rt2yu4io6pa3sd2fg5hj3kl5zx7cv2bn4mq6we7rt2yu3",
     "q7w3ke5rt2yu4io6pa3sd2fg5hj3kl5zx7cv2bn4mq6we7rt2yu3"),
    ("password in Indonesian prose", "kata sandinya adalah Rb7!kPw2Qz untuk server staging",
     "Rb7!kPw2Qz"),
]
CODE = [
    "sshpass -p \"$SSH_PASS\" ssh deploy@host",
    "ntlm_hash = get_hash(user)",
    "export AZURE_DEVOPS_EXT_PAT=$(az keyvault secret show --name pat --query value -o tsv)",
    "kata sandinya disimpan di vault",
]


@pytest.mark.parametrize(("kind", "text", "secret"), SECRETS)
def test_the_credential_is_removed(kind: str, text: str, secret: str) -> None:
    assert secret not in redact(text), kind


@pytest.mark.parametrize("line", CODE)
def test_a_line_that_only_names_it_stays(line: str) -> None:
    assert redact(line) == line
