"""Where a memory write came from, decided by the code (never claimed by the model).

Memory goes into every future system prompt, so the gate asks first who stands behind a
text, then what it says:

- **user**: the person's own words this session support it (any script, paraphrase
  tolerated: hermes/security/overlap.py), or a person wrote it (`hermes memory add`, an edit
  in $EDITOR, an approval);
- **source**: a file, a command's output, a session_search result, a provider, the project
  context, or a block the person pasted or quoted (a pasted block is a document, not their
  claim);
- **model**: nothing in the conversation supports it.

The person's own words are their messages with pasted blocks cut out (fenced code, `>`
quotes, paragraphs of several lines) and questions cut out: words of a question ("what is
the capital of France?") do not make a fact the person stated. Every URL, host, path,
number or code span of a write must appear verbatim in what supports it. A copy of this
turn's file or command output is that output's, even when the person repeated it.

Pure: the caller passes the messages and this turn's sources.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass
from typing import Literal, Protocol

from hermes.security.overlap import Evidence, fold, marks, share, tokens

OriginKind = Literal["user", "source", "model"]
USER_SHARE = 0.5  # share of a write's tokens the person's own words must hold
SOURCE_SHARE = 0.5  # the same for a source
NOT_SAID = "not said by you"
SAID = "said by you"
PASTED = "pasted block"


@dataclass(frozen=True)
class Origin:
    """Who stands behind a write, and the reason a person reads ("from notes.md")."""

    kind: OriginKind
    reason: str
    label: str = ""  # the source's label ("file notes.md"), "" for user and model


USER = Origin("user", SAID)


class Sources(Protocol):
    """This turn's sources (hermes/workspace/provenance.py's TurnSources has this shape)."""

    def match(self, text: str) -> str | None: ...

    def evidence(self) -> Sequence[Evidence]: ...


# ---------------------------------------------------------------- the person's own words

_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[ \t]*$|\Z)", re.M | re.S)
_QUOTED = re.compile(r"^[ \t]*>.*$", re.M)
_PASTE_LINES = 3  # a paragraph of this many lines is a pasted document
# A line opening with a speaker's label: a turn of a conversation that is quoted.
_TURN = re.compile(r"^[ \t>*_]{0,8}(?:human|user|assistant|ai|claude|chatgpt|gpt|bot|model|system|me|you)"
                   r"[ \t*_]{0,3}[:：]", re.M | re.I)
# a sentence ends at a stop before a space (so "1.22" stays whole) or at a CJK stop
_SENTENCE_END = re.compile(r"(?<=[.!?;؟।])\s+|(?<=[。！？])|\n")
_QUESTION_END = ("?", "？", "؟")


@dataclass(frozen=True)
class UserWords:
    """The person's statements this session, and the blocks they pasted (as sources)."""

    statements: str = ""
    pasted: tuple[Evidence, ...] = ()

    @classmethod
    def of(cls, messages: Iterable[str]) -> UserWords:
        """From the user messages as typed (oldest first)."""
        said: list[str] = []
        pasted: list[Evidence] = []
        for message in messages:
            own, blocks = split_pasted(message)
            said.append(statements_of(own))
            pasted += [Evidence(PASTED, b) for b in blocks if b.strip()]
        return cls("\n".join(s for s in said if s), tuple(pasted))

    def supports(self, text_tokens: Set[str], text_marks: Set[str]) -> bool:
        if not text_tokens or not self.statements:
            return False
        folded = fold(self.statements)
        if any(m not in folded for m in text_marks):
            return False
        return share(text_tokens, tokens(self.statements)) >= USER_SHARE


def split_pasted(message: str) -> tuple[str, list[str]]:
    """(what the person typed, the blocks they pasted or quoted)."""
    blocks: list[str] = []

    def cut(match: re.Match[str]) -> str:
        blocks.append(match.group(0))
        return "\n\n"

    text = _FENCE.sub(cut, message)
    quoted = [m.group(0) for m in _QUOTED.finditer(text)]
    if quoted:
        blocks.append("\n".join(q.lstrip(" \t>") for q in quoted))
        text = _QUOTED.sub("", text)
    own: list[str] = []
    paragraphs = re.split(r"\n[ \t]*\n", text)
    # a written-out exchange ("Human: …", "Assistant: …") is a quoted conversation, every turn of it
    exchange = sum(bool(_TURN.search(p)) for p in paragraphs) >= 2 or any(
        len(_TURN.findall(p)) >= 2 for p in paragraphs)
    framed = _framed_document(paragraphs)
    for i, paragraph in enumerate(paragraphs):
        lines = [ln for ln in paragraph.splitlines() if ln.strip()]
        pasted = len(lines) >= _PASTE_LINES or i in framed or (exchange and _TURN.search(paragraph) is not None)
        (blocks if pasted else own).append("\n".join(lines))
    return "\n".join(p for p in own if p), blocks


_LEAD_IN = re.compile(r"[:：]\s*$")


def _framed_document(paragraphs: list[str]) -> set[int]:
    """The paragraphs of a document the person introduced ("From the vendor's note:") and then
    asked about: everything between the lead-in and a last paragraph that asks, when it runs to
    _PASTE_LINES lines or more, split by blank lines or not."""
    lead = next((i for i, p in enumerate(paragraphs[:-1]) if _LEAD_IN.search(p)), None)
    if lead is None:
        return set()
    body = list(range(lead + 1, len(paragraphs)))
    if len(body) > 1 and paragraphs[body[-1]].strip().endswith(_QUESTION_END):
        body.pop()  # "What do you make of it?": the person's own question after the document
    lines = sum(1 for i in body for ln in paragraphs[i].splitlines() if ln.strip())
    return set(body) if lines >= _PASTE_LINES else set()


def statements_of(text: str) -> str:
    """`text` without its questions."""
    kept = [s.strip() for s in _SENTENCE_END.split(fold(text))]
    return " ".join(s for s in kept if s and not s.endswith(_QUESTION_END))


# ---------------------------------------------------------------- deciding the origin


def reason_for_label(label: str) -> str:
    """The reason a person reads for a source label."""
    if label.startswith("file "):
        return f"from {label[5:]}"
    if label.startswith("command "):
        return f"from the output of `{label[8:]}`"
    if label.startswith("session_search"):
        return "from a past session (session_search)"
    if label.startswith("provider"):
        return "from the user-model provider"
    if label == "project context":
        return "from the project's context files"
    if label == PASTED:
        return "from a block you pasted"
    if label.startswith("search "):
        return f"from a search of the project ({label[7:]})"
    return f"from {label}"


def decide(text: str, said: UserWords, sources: Sources | None = None,
           extra: Sequence[Evidence] = (), replaced: str = "") -> Origin:
    """The origin of `text`. For a replace, `replaced` is the entry it rewrites: only what the
    new text adds to it needs support (a reworded entry keeps its own standing)."""
    text_tokens, text_marks = tokens(text), marks(text)
    if replaced:
        old = Evidence("", replaced)
        text_tokens = {t for t in text_tokens if share({t}, old.tokens) == 0}
        text_marks = {m for m in text_marks if m not in old.folded}
        if not text_tokens and not text_marks:
            return USER
    if sources is not None:
        # a copy of this turn's output is that output's, even when the person repeated it
        copied = sources.match(text)
        if copied is not None:
            return Origin("source", _copied_reason(copied), copied)
    if said.supports(text_tokens, text_marks):
        return USER
    pool = [*said.pasted, *(sources.evidence() if sources is not None else ()), *extra]
    best: tuple[float, Evidence] | None = None
    for evidence in pool:
        got = evidence.supports(text_tokens, text_marks)
        # every number, path or name of the text is there verbatim, and some of its words
        shown = got >= SOURCE_SHARE or (bool(text_marks) and got > 0)
        if shown and (best is None or got > best[0]):
            best = (got, evidence)
    if best is not None:
        return Origin("source", reason_for_label(best[1].label), best[1].label)
    return Origin("model", NOT_SAID)


def _copied_reason(label: str) -> str:
    if label.startswith("may be copied"):  # a replayed review: the output is gone
        return label
    if label.startswith("file "):
        return f"copied from file {label[5:]}"
    if label.startswith("command "):
        return f"copied from command output: {label[8:]}"
    return f"copied {reason_for_label(label)}"
