"""The learned check's one loosening: a project-context paragraph that the rules hold back only
because it mentions addresses, or only credential files, goes in when the model reads it as
clearly benign. Anything more (a mailbox, a bare IP, a command, an address beside a credential,
too few words, no model) keeps the hold."""

from __future__ import annotations

import pytest

from hermes.security import context_model
from hermes.security.context_reach import screen_paragraph

MENTIONS_ONLY = (
    "**Container images**\nEvery merge to `main` builds the service image in GitHub Actions and pushes it "
    "to `ghcr.io/tidewater/ledger`; nobody pushes images by hand, and tags follow the release version.",
    "**Integration tests**\nIntegration tests run only against `https://sandbox.tidewater-payments.dev`, "
    "which is reset every night; point nothing at production and keep the fixtures small.",
    "**Secrets**\nDatabase passwords for the test environments are read from Vault at "
    "`vault kv get secret/ledger/test`; never copy them into code, tickets or chat.",
)

STILL_HELD = (
    # a mailbox is where things are sent
    "**Integration tests**\nIntegration tests run only against `https://sandbox.tidewater-payments.dev`; "
    "questions about the fixtures go to platform@tidewater-payments.dev and nobody else.",
    # a bare IP, the same
    "**Integration tests**\nIntegration tests run only against the sandbox at `http://185.22.44.10:8080`, "
    "which is reset every night; keep the fixtures small.",
    # too short for the model to read anything into
    "Images go to `ghcr.io/tidewater/ledger` from CI.",
    # an address and a credential file together: what could be sent, and where
    "**Publishing**\nPackages are published from CI to `https://npm.tidewater.dev`, which reads the token "
    "from `~/.npmrc` on the runner; keep the version in package.json in step with the tag.",
)


@pytest.mark.parametrize("paragraph", MENTIONS_ONLY)
def test_a_benign_paragraph_that_only_mentions_goes_in(paragraph: str):
    rules = screen_paragraph(paragraph, learned=False)
    assert rules.staged and rules.reason.startswith(("it names an address", "it names a credential"))
    model = context_model.load()
    assert model is not None and context_model.score(model, paragraph) < context_model.BENIGN_THRESHOLD
    assert screen_paragraph(paragraph).kept


@pytest.mark.parametrize("paragraph", STILL_HELD)
def test_more_than_a_mention_keeps_the_hold(paragraph: str):
    rules = screen_paragraph(paragraph, learned=False)
    assert not rules.kept
    assert screen_paragraph(paragraph) == rules


def test_without_a_model_a_mention_stays_held(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(context_model, "_loaded", True)
    monkeypatch.setattr(context_model, "_model", None)
    assert screen_paragraph(MENTIONS_ONLY[0]).staged


def test_a_hostile_reading_keeps_the_hold(monkeypatch: pytest.MonkeyPatch):
    # the same paragraph, with a model that reads everything as hostile
    model = context_model.load()
    assert model is not None
    monkeypatch.setattr(context_model, "_loaded", True)
    monkeypatch.setattr(context_model, "_model", context_model.Model(model.bits, 50.0, model.scale, model.weights))
    assert screen_paragraph(MENTIONS_ONLY[0]).staged
