"""Questions about a named piece of the project's code, looked up before the reply.

Asked "Where is parse_config defined?", a 1.5B model wrote no call in 0/3 runs on the old
prompt and, with the prompt naming search_files, wrote an invented tool schema inside
`<tools>` instead of a call (bench/real_model_bench.py). So when a message asks where a
named function or class is, or what it does or returns, the code searches for the name
and reads the definition it finds; the model answers from the results.
"""

from __future__ import annotations

import re

# "where is X defined", "what does X return", "find X", "how does X work", "show me X"
_ASKS = re.compile(
    r"\b(?:where\s+(?:is|are|'s|does|do)|what\s+(?:does|do|is)|how\s+(?:does|do|is)|"
    r"find|locate|show\s+me|explain)\s+(?:the\s+)?(?:function|method|class|type|struct|"
    r"variable|constant|func|def)?\s*`?([A-Za-z_][\w.:]*[A-Za-z0-9_])`?(?:\(\))?",
    re.IGNORECASE)
_ABOUT_CODE = re.compile(r"\b(?:defined|declared|implemented|return|returns|used|called|do|"
                         r"does|work|works)\b|\(\)", re.IGNORECASE)
# A definition line in common languages, for the name found
_DEFINITION = r"(?:def|func|function|class|struct|type|interface|fn|const|let|var)\s+(?:\([^)]*\)\s*)?{name}\b"


def looks_like_code_name(word: str) -> bool:
    """snake_case, camelCase, dotted or CapWords-with-inner-capital names (not plain words)."""
    return ("_" in word or "." in word.strip(".") or "::" in word
            or bool(re.search(r"[a-z][A-Z]", word)))


def code_name(text: str) -> str:
    """The code name a question asks about ("" when it asks about none)."""
    if not _ABOUT_CODE.search(text):
        return ""
    for match in _ASKS.finditer(text):
        name = match.group(1)
        if looks_like_code_name(name) or match.group(0).rstrip().endswith("()"):
            return name.split(".")[-1].split("::")[-1]
    return ""


def definition_pattern(name: str) -> str:
    """A search_files regex for the name's definition."""
    return _DEFINITION.format(name=re.escape(name))


def first_hit(search_result: str) -> tuple[str, int] | None:
    """(path, line) of the first `file:line:text` hit in a search_files result."""
    match = re.search(r"([\w./-]+\.\w+):(\d+):", search_result)
    return (match.group(1), int(match.group(2))) if match else None


def hit_line(search_result: str, path: str, line: int) -> str:
    """The `path:line: text` of one hit, as a person reads it."""
    match = re.search(re.escape(f"{path}:{line}:") + r"([^\n\"]*)", search_result)
    text = match.group(1).strip() if match else ""
    return f"{path}:{line}: {text}" if text else f"{path}:{line}"
