"""Is a memory write from the background review grounded in what was said?

A small review model invents "facts": code it wrote (`def reverse_string(…)`), template
placeholders (`Your name is [insert name here]`), a change taken from a tool call that failed,
a Python list. Memory is injected into every future prompt, so an add or replace from the
review must be supported by the user's own words or by the output of a tool that succeeded in
the reviewed turn: enough of its content words must appear there (a lexical check, with
simple suffix folding so "prefers"/"preference" meet "prefer"). Placeholders and code-looking
text are never facts.
"""

from __future__ import annotations

import re

from hermes.memory.origin import UserWords, decide
from hermes.memory.write_gate import not_a_fact
from hermes.security.overlap import Evidence

MIN_SUPPORT = 0.5  # share of an entry's content words that must appear in the sources

_STOP_WORDS = """
a an the and or but if then than so to of in on at by for with from into onto about as is are
was were be been being am do does did have has had will would shall should can could may might
must this that these those there here it its it's i me my mine you your yours he him his she her
hers we us our they them their what which who whom whose when where why how all any both each
few more most other some such no nor not only own same too very just also over under again
further once user users user's assistant remember
"""
_STOP = frozenset(_STOP_WORDS.split())

_PLACEHOLDER = re.compile(
    r"\[[^\]]*\b(?:insert|your|name|placeholder|todo|tbd|unknown|here)\b[^\]]*\]"
    r"|<\s*[a-z][a-z _-]{0,30}\s*>"  # <name>, <user name>
    r"|\{\{?\s*[a-z_][a-z_ ]{0,30}\s*\}?\}"  # {name}, {{name}}
    r"|\b(?:TODO|TBD|FIXME|XXX)\b"
    r"|\.\.\.|…",
    re.IGNORECASE)

_CODE = re.compile(
    r"```|^\s{4,}\S"  # fences, indented blocks
    r"|\b(?:def|class|function|fn|func|lambda)\s+\w+\s*[\(:]"
    r"|^\s*(?:import|from\s+\S+\s+import|return|print\(|console\.log|#include|using\s+namespace)\b"
    r"|\w+\([^()]*\)\s*(?:[:{]|=>|->)"  # f(x): / f(x) { / f(x) =>
    r"|;\s*$|==|!=|=>|&&|\|\||\+=|::"
    r"|^\s*[\[{].*[\]}]\s*$",  # a list / dict / JSON literal, e.g. a Python repr
    re.MULTILINE)


def _fold(word: str) -> str:
    """A crude stem: enough for "tabs"/"tab", "preferred"/"prefer", "running"/"run"."""
    for suffix in ("ences", "ence", "ings", "ing", "edly", "ed", "ies", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    """Lower-cased, folded words of 3+ characters that carry content (not stop words)."""
    words = re.findall(r"[^\W_]{3,}|\d+", text.lower())
    return {_fold(w) for w in words if w not in _STOP and _fold(w) not in _STOP}


def _supported(word: str, sources: set[str]) -> bool:
    if word in sources:
        return True
    # "prefer" ~ "preference", "config" ~ "configuration": one a prefix of the other
    return len(word) >= 4 and any(len(s) >= 4 and (s.startswith(word) or word.startswith(s))
                                  for s in sources)


def is_placeholder(text: str) -> bool:
    return bool(_PLACEHOLDER.search(text))


def looks_like_code(text: str) -> bool:
    return bool(_CODE.search(text))


def failed_tool_line(line: str) -> bool:
    """A tool summary line of a call that failed (hermes/agent/tool_registry.py: "… → error: …")."""
    return " → error:" in line


def tool_evidence(tool_lines: list[str]) -> tuple[Evidence, ...]:
    """The summary lines of the tools that succeeded, as sources for the origin gate."""
    return tuple(Evidence("tool output", line) for line in tool_lines
                 if line.strip() and not failed_tool_line(line))


def check(content: str, user_text: str, tool_lines: list[str], replaced: str = "") -> str:
    """"" when `content` may be saved; otherwise why not (for the log and verbose notices).
    Support is the origin gate's (hermes/memory/origin.py): the user's statements (their
    questions and pasted blocks do not count) or a tool that succeeded must show it, every
    path, host and number included. For a replace, `replaced` is the entry being replaced:
    only what the new content adds to it needs support."""
    if not content.strip():
        return ""
    if is_placeholder(content) or not_a_fact(content):
        return "it is a placeholder, not a fact"
    if looks_like_code(content):
        return "it looks like code, not a fact"
    origin = decide(content, UserWords.of([user_text]), None, tool_evidence(tool_lines),
                    replaced)
    if origin.kind == "model":
        return "nothing the user said or a tool showed supports it"
    return ""
