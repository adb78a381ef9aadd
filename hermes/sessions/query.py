"""Turn what a person or model typed into a safe FTS5 MATCH expression.

Valid FTS5 syntax (words, "phrases", prefix*, AND/OR/NOT, parentheses, NEAR(…)) is parsed
and rebuilt term by term, so it is honoured; anything else (unbalanced quotes, `.env`,
`rm -rf /`, `C++`, URLs, stray punctuation) becomes its words as plain terms. Every term is
re-emitted as a quoted FTS5 string, so nothing the user typed can reach FTS5 as syntax.
CJK text is rewritten to the index's form: one character → a unigram, two or more → a phrase
of overlapping bigrams.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hermes.sessions.text import CJK_RUN

MAX_TERMS = 24
MAX_DEPTH = 16
# A prefix this short (`t*`, `co*`) matches much of the vocabulary and makes FTS5 merge huge doclists;
# it is searched as the plain word instead.
MIN_PREFIX_CHARS = 3
MAX_QUERY_CHARS = 2000
_HAS_TOKEN = re.compile(r"[^\W_]")
_BAREWORD = re.compile(r"[A-Za-z0-9_\x1a\x80-\U0010ffff]+")
_OPERATORS = ("AND", "OR", "NOT")


class _Invalid(Exception):
    """The text is not FTS5 syntax we honour; fall back to plain words."""


@dataclass
class FtsQuery:
    """A MATCH expression plus what the snippet maker should highlight."""

    expression: str
    terms: list[str] = field(default_factory=list)
    or_expression: str | None = None  # the terms joined by OR, tried when AND finds nothing
    plain: bool = False  # True when the input was not valid FTS5 and became plain words
    has_prefix: bool = False  # a `word*` prefix term is in the expression

    @property
    def single_cjk_char(self) -> bool:
        return len(self.terms) == 1 and len(self.terms[0]) == 1 and bool(CJK_RUN.match(self.terms[0]))


def _quote(s: str) -> str:
    return '"' + s.replace('"', '""') + '"'


def _cjk_phrase(run: str) -> str:
    if len(run) <= 2:
        return _quote(run)
    return _quote(" ".join(run[i:i + 2] for i in range(len(run) - 1)))


def _term_parts(raw: str, terms: list[str]) -> list[str]:
    """The FTS5 phrases one typed term becomes (several when it mixes CJK and Latin)."""
    parts: list[str] = []
    pos = 0
    for m in CJK_RUN.finditer(raw):
        latin = raw[pos:m.start()]
        if _HAS_TOKEN.search(latin):
            parts.append(_quote(latin.strip()))
            terms.extend(w for w in re.findall(r"[^\W_]+", latin))
        parts.append(_cjk_phrase(m.group(0)))
        terms.append(m.group(0))
        pos = m.end()
    latin = raw[pos:]
    if _HAS_TOKEN.search(latin):
        parts.append(_quote(latin.strip()))
        terms.extend(w for w in re.findall(r"[^\W_]+", latin))
    return parts


def _prefix_ok(raw: str) -> bool:
    last = re.search(r"[^\W_]+$", raw)
    return bool(last) and len(last.group(0)) >= MIN_PREFIX_CHARS and not CJK_RUN.search(raw[-1:])


def _term_expr(raw: str, prefix: bool, terms: list[str]) -> str | None:
    parts = _term_parts(raw, terms)
    if not parts:
        return None
    if prefix and _prefix_ok(raw):
        parts[-1] += " *"
    return parts[0] if len(parts) == 1 else "(" + " AND ".join(parts) + ")"


# ---------------------------------------------------------------- lexer


def _lex(text: str) -> list[tuple[str, str]]:
    """Tokens: ('str', s), ('word', s), ('op', AND|OR|NOT), ('near', ''), ('(', ''), (')', ''),
    (',', ''), ('num', n), ('*', '')."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == '"':
            j, buf = i + 1, []
            while True:
                if j >= n:
                    raise _Invalid("unbalanced quote")
                if text[j] == '"':
                    if j + 1 < n and text[j + 1] == '"':
                        buf.append('"')
                        j += 2
                        continue
                    break
                buf.append(text[j])
                j += 1
            out.append(("str", "".join(buf)))
            i = j + 1
        elif ch in "(),*":
            out.append((ch, ""))
            i += 1
        else:
            m = _BAREWORD.match(text, i)
            if not m:
                raise _Invalid(f"unexpected {ch!r}")
            word = m.group(0)
            i = m.end()
            if word in _OPERATORS:
                out.append(("op", word))
            elif word == "NEAR" and i < n and text[i] == "(":
                out.append(("near", ""))
            elif word.isdigit() and out and out[-1][0] == ",":
                out.append(("num", word))
            else:
                out.append(("word", word))
    return out


# ---------------------------------------------------------------- parser


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], allow_prefix: bool = True) -> None:
        self.toks = tokens
        self.allow_prefix = allow_prefix
        self.has_prefix = False
        self.i = 0
        self.terms: list[str] = []
        self.count = 0
        self.phrases: list[str] = []  # every term's expression, for the OR relaxation
        self.depth = 0

    def peek(self) -> str | None:
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def take(self, kind: str) -> str:
        if self.peek() != kind:
            raise _Invalid(f"expected {kind}")
        value = self.toks[self.i][1]
        self.i += 1
        return value

    def parse(self) -> str:
        expr = self.or_expr()
        if self.i != len(self.toks):
            raise _Invalid("trailing tokens")
        return expr

    def or_expr(self) -> str:
        parts = [self.and_expr()]
        while self.peek() == "op" and self.toks[self.i][1] == "OR":
            self.i += 1
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"

    def and_expr(self) -> str:
        parts = [self.not_expr()]
        while True:
            kind = self.peek()
            if kind == "op" and self.toks[self.i][1] == "AND":
                self.i += 1
                parts.append(self.not_expr())
            elif kind in ("str", "word", "(", "near"):
                parts.append(self.not_expr())
            else:
                break
        return parts[0] if len(parts) == 1 else "(" + " AND ".join(parts) + ")"

    def not_expr(self) -> str:
        expr = self.unary()
        while self.peek() == "op" and self.toks[self.i][1] == "NOT":
            self.i += 1
            expr = f"({expr} NOT {self.unary()})"
        return expr

    def unary(self) -> str:
        kind = self.peek()
        if kind == "(":
            self.i += 1
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Invalid("parentheses nested too deeply")
            inner = self.or_expr()
            self.take(")")
            self.depth -= 1
            return inner
        if kind == "near":
            return self.near()
        return self.phrase()

    def phrase(self, *, single: bool = False) -> str:
        kind = self.peek()
        if kind not in ("str", "word"):
            raise _Invalid("expected a term")
        raw = self.toks[self.i][1]
        self.i += 1
        prefix = self.peek() == "*"
        if prefix:
            self.i += 1
        self.count += 1
        if self.count > MAX_TERMS:
            raise _Invalid("too many terms")
        expr = _term_expr(raw, prefix and self.allow_prefix, self.terms)
        self.has_prefix = self.has_prefix or (expr or "").endswith(" *")
        if expr:
            self.phrases.append(expr)
        if expr is None or (single and expr.startswith("(")):
            raise _Invalid("term without searchable characters")
        return expr

    def near(self) -> str:
        self.take("near")
        self.take("(")
        phrases = [self.phrase(single=True)]
        while self.peek() in ("str", "word"):
            phrases.append(self.phrase(single=True))
        distance = ""
        if self.peek() == ",":
            self.i += 1
            distance = ", " + self.take("num")
        self.take(")")
        return "NEAR(" + " ".join(phrases) + distance + ")"


def plain_words_query(text: str) -> FtsQuery | None:
    """Every whitespace-separated chunk as a plain term (AND, with an OR fallback)."""
    terms: list[str] = []
    exprs: list[str] = []
    for chunk in text.split():
        expr = _term_expr(chunk, False, terms)
        if expr and expr not in exprs:
            exprs.append(expr)
        if len(exprs) >= MAX_TERMS:
            break
    if not exprs:
        return None
    return FtsQuery(
        expression=" AND ".join(exprs),
        terms=list(dict.fromkeys(terms)),
        or_expression=" OR ".join(exprs) if len(exprs) > 1 else None,
        plain=True,
    )


def build_fts_query(text: str, *, allow_prefix: bool = True) -> FtsQuery | None:
    """The MATCH expression for `text`, or None when it holds nothing searchable."""
    text = (text or "")[:MAX_QUERY_CHARS].strip()
    if not text:
        return None
    try:
        tokens = _lex(text)
        parser = _Parser(tokens, allow_prefix)
        expression = parser.parse()
        # Only words and phrases, no operators: when no message has them all, messages with
        # some of them are better than nothing (the model often sends a handful of keywords).
        plain_list = all(kind in ("str", "word", "*") for kind, _ in tokens)
        relaxed = " OR ".join(parser.phrases) if plain_list and len(parser.phrases) > 1 else None
        return FtsQuery(expression=expression, terms=list(dict.fromkeys(parser.terms)),
                        has_prefix=parser.has_prefix, or_expression=relaxed)
    except _Invalid:
        return plain_words_query(text)
