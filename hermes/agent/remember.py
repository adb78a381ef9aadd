""""Remember this": the facts a person stated are saved from their own words, by the code.

A 1.5B model asked "… Please remember that." sent `memory replace` with no old_text, then an
invented old_text, then an empty reply: nothing was saved (issue 24). So the saving does not
depend on the model's call. When the message asks to remember, each sentence of it that states
something (not the request itself, not a question) is saved as the user's words, through the
memory tool with origin "user": about the person to `user`, about a project, a path, a tool or
a version to `memory`. The model is told what was saved, so it only has to acknowledge it.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the memory layer is imported on first use
    from hermes.config import MemoryConfig

log = logging.getLogger("hermes.agent.remember")

Target = Literal["user", "memory"]

# A request to keep something, in the languages people most often write to Hermes in.
_REQUEST_WORDS = (
    r"(?:remember|memori[sz]e|keep in mind|make a note|note (?:that|this|down)|"
    r"don'?t forget|do not forget|save (?:this|that|it)|store (?:this|that)|"
    r"merk (?:dir|euch)|merken sie sich|vergiss (?:das )?nicht|"
    r"souviens[- ]toi|retiens|n'oublie pas|recuerda|no olvides|ricorda|onthoud|"
    r"记住|记下|覚えて|기억해)")
_REQUEST = re.compile(r"(?:\b|(?=[记覚기]))" + _REQUEST_WORDS, re.IGNORECASE)
# "Do you remember …", "remember when …": questions about memory, not requests to keep anything.
_NOT_A_REQUEST = re.compile(
    r"\b(?:do|did|can't|cannot|don't|what do|what did)\s+you\s+remember\b|\bremember when\b|"
    r"\bforget (?:that|about|what|everything)\b", re.IGNORECASE)
# "Don't remember my phone number": a request NOT to keep something.
_NEGATED = re.compile(r"\b(?:don'?t|do not|never|no need to|nicht)\s+(?:remember|save|store|keep|"
                      r"note|merken)\b|\bvergiss\b(?!\s+(?:das\s+)?nicht)|\bforget\b",
                      re.IGNORECASE)
# A request to remember what something else will show, not a fact the user states.
_TO_FIND_OUT = re.compile(r"\b(?:remember|note|keep in mind)\s+(?:how|what|where|why|which|who|"
                          r"when|whether|the\s+\w+\s+(?:in|from|of))\b", re.IGNORECASE)
# What is left of a sentence once the request words are taken out: nothing worth saving.
_REQUEST_ONLY = re.compile(
    r"^(?:(?:ok|okay|so|and|also|please|pls|kindly|could you|can you|would you|will you|"
    r"remember|memori[sz]e|keep in mind|make a note|note|save|store|don'?t forget|do not forget|"
    r"that|this|these|those|it|all|of|for me|for later|next time|thanks?|thank you)[\s,.!:;-]*)*$",
    re.IGNORECASE)
_LEADING_REQUEST = re.compile(r"^(?:please\s+|and\s+|also\s+)*" + _REQUEST_WORDS
                              + r"(?:\s+that)?[\s,:：，]+", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|\n+")
# A statement about a project or its environment (goes to MEMORY.md, not the user profile).
_PROJECT = re.compile(
    r"~?/[\w.-]+|\b(?:project|repo|repository|codebase|service|app|server|database|api|"
    r"library|package|framework|deploy\w*|build|ci|branch|uses?|using|runs? on|written in|"
    r"version)\b|\b\d+\.\d+\b", re.IGNORECASE)
_MY_PROJECT = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:project|repo|repository|codebase|service|"
                         r"app|server|team|code|build)\b", re.IGNORECASE)
_PREFERENCE = re.compile(r"\b(?:prefer|like|love|hate|dislike|call me|my name|i'm|i am)\b",
                         re.IGNORECASE)
QUOTE_PREFIX = "The user said: "
MAX_FACTS = 6
MAX_FACT_CHARS = 400


@dataclass(frozen=True)
class Fact:
    """One sentence the user stated, and the store it belongs in."""

    target: Target
    text: str  # the user's own words

    @property
    def entry(self) -> str:
        """The memory entry: the words quoted, so a later session reads them as the user's."""
        return f'{QUOTE_PREFIX}"{self.text}"'


def asks_to_remember(text: str) -> bool:
    """The message asks Hermes to remember something it states."""
    if _NOT_A_REQUEST.search(text):
        return False
    return any(_REQUEST.search(s) and not _NEGATED.search(s) for s in _sentences(text))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def _target(sentence: str) -> Target:
    """A project/environment fact goes to memory; a fact about the person to user."""
    if _MY_PROJECT.search(sentence):
        return "memory"
    if _PREFERENCE.search(sentence):
        return "user"
    return "memory" if _PROJECT.search(sentence) else "user"


def stated_facts(text: str) -> list[Fact]:
    """The sentences of a remember request that state something, each with its store; the
    request itself ("Please remember that."), questions and empty leftovers are left out."""
    facts: list[Fact] = []
    for sentence in _sentences(text):
        if _NEGATED.search(sentence):
            continue  # what the user asked NOT to keep
        if _TO_FIND_OUT.search(sentence):
            continue  # "read the README and remember how we deploy": the fact is not stated
        asked = re.sub(r"(?i)^(?:can|could|would|will) you\s+", "", sentence)
        body = _LEADING_REQUEST.sub("", asked).strip()
        if sentence.endswith(("?", "？")):
            if body == asked:
                continue  # a question, not a fact
            body = body.rstrip("?？ ") + "."
        if _REQUEST.search(body) and _REQUEST_ONLY.match(body.rstrip(".!。！")):
            continue
        if not body or _REQUEST_ONLY.match(body.rstrip(".!。！")) or len(body) < 4:
            continue
        body = body[0].upper() + body[1:] if body[0].islower() else body
        facts.append(Fact(_target(body), body[:MAX_FACT_CHARS]))
    return facts[:MAX_FACTS]


@dataclass(frozen=True)
class Saved:
    """What saving a remember request did: the facts saved, and those that were not (why)."""

    saved: list[Fact]
    refused: list[tuple[Fact, str]]
    staged: bool = False

    def note(self) -> str:
        """The note the model reads after the user's message ("" when nothing was tried)."""
        if not self.saved and not self.refused:
            return ""
        parts = []
        if self.saved:
            verb = "staged for the user's approval" if self.staged else "saved to memory"
            parts.append(f"Hermes {verb} the user's words: "
                         + "; ".join(f"{f.target}: {f.text}" for f in self.saved)
                         + ". Do not call the memory tool for them; just confirm briefly.")
        for fact, why in self.refused:
            parts.append(f"Not saved ({why}): {fact.text}")
        return "(" + " ".join(parts) + ")"

    def summary(self) -> str:
        """One line for the person and the review ("" when nothing was saved)."""
        if not self.saved:
            return ""
        what = "; ".join(f.text for f in self.saved)
        return f"memory: saved what the user asked to remember ({what})"


def save_stated(memory: MemoryConfig, session_id: str, text: str) -> Saved:
    """Save the facts of a remember request through MemoryTool (origin "user"); an entry that
    is there already counts as saved."""
    from hermes.memory import MemoryTool

    facts = stated_facts(text)
    if not facts:
        return Saved([], [])
    tool = MemoryTool(memory, origin="user", session_id=session_id)
    saved: list[Fact] = []
    refused: list[tuple[Fact, str]] = []
    staged = False
    for fact in facts:
        result = tool.call(json.dumps({"action": "add", "target": fact.target,
                                       "content": fact.entry}, ensure_ascii=False))
        if result.get("success"):
            saved.append(fact)
            staged = staged or bool(result.get("staged"))
        else:
            why = str(result.get("error") or "refused")
            log.info("remembered fact not saved: %s", why)
            refused.append((fact, why))
    return Saved(saved, refused, staged)
