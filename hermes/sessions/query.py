"""Turn what a person or model typed into a safe FTS5 MATCH expression.

Valid FTS5 syntax (words, "phrases", prefix*, AND/OR/NOT, parentheses, NEAR(…)) is parsed
and rebuilt term by term, so it is honoured; anything else (unbalanced quotes, `.env`,
`rm -rf /`, `C++`, URLs, stray punctuation) becomes its words as plain terms. Every term is
re-emitted as a quoted FTS5 string, so nothing the user typed can reach FTS5 as syntax.
CJK text is rewritten to the index's form: one character → a unigram, two or more → a phrase
of overlapping bigrams; symbols (emoji, ✅) are set apart as words of their own.

The query is kept as a small tree so it can be written out in two tiers (search.py runs both):
`exact` matches every word as written; `stemmed` lets each bare word also match its indexed
inflections (expand.py), `("deploy" OR "deployed" OR "deploys")`. Quoted words and phrases,
prefixes and NEAR groups stay exact in both. A word after NOT is always widened, so
`auth NOT test` also leaves out messages that only say "tests".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from hermes.sessions.expand import stemmable
from hermes.sessions.text import CJK_RUN, SYMBOL_CLASS, space_symbols

MAX_TERMS = 24
MAX_DEPTH = 16
# A prefix this short (`t*`, `co*`) matches much of the vocabulary and makes FTS5 merge huge doclists;
# it is searched as the plain word instead.
MIN_PREFIX_CHARS = 3
MAX_QUERY_CHARS = 2000
_HAS_TOKEN = re.compile(rf"[^\W_]|[{SYMBOL_CLASS}]")
_TOKENS = re.compile(rf"[{SYMBOL_CLASS}]|[^\W_]+")  # roughly how the index splits words
_BAREWORD = re.compile(r"[A-Za-z0-9_\x1a\x80-\U0010ffff]+")
_OPERATORS = ("AND", "OR", "NOT")


class _Invalid(Exception):
    """The text is not FTS5 syntax we honour; fall back to plain words."""


Expand = Callable[[str], list[str]]  # a lower-case word → its other indexed inflections


@dataclass
class Term:
    """One typed term as FTS5 phrases (several when it mixes CJK and Latin), and the bare word
    it may be widened from (None for quoted text, prefixes, CJK and multi-word chunks)."""

    expr: str
    word: str | None = None

    def render(self, expand: Expand | None) -> str:
        more = expand(self.word) if expand and self.word else []
        if not more:
            return self.expr
        return "(" + " OR ".join([self.expr, *(_quote(v) for v in more)]) + ")"


@dataclass
class Node:
    """`and`/`or` over children, `not` (two children), `near` (terms + distance) or a `term`."""

    kind: str
    children: list[Node | Term] = field(default_factory=list)
    distance: str = ""


def render(node: Node | Term, expand: Expand | None, *, stemmed: bool) -> str:
    """The MATCH expression; with `stemmed`, bare words also match their inflections."""
    if isinstance(node, Term):
        return node.render(expand if stemmed else None)
    if node.kind == "not":
        left, right = node.children
        return f"({render(left, expand, stemmed=stemmed)} NOT {render(right, expand, stemmed=True)})"
    if node.kind == "near":
        return "NEAR(" + " ".join(t.expr for t in node.children if isinstance(t, Term)) + node.distance + ")"
    parts = [render(child, expand, stemmed=stemmed) for child in node.children]
    joiner = " AND " if node.kind == "and" else " OR "
    return parts[0] if len(parts) == 1 else "(" + joiner.join(parts) + ")"


def _words_of(node: Node | Term) -> list[str]:
    """The bare words a rendering could widen (the stemmed tier's, or NOT's in every tier)."""
    if isinstance(node, Term):
        return [node.word] if node.word else []
    if node.kind == "near":
        return []
    if node.kind == "not":
        return _words_of(node.children[0]) + _words_of(node.children[1])
    return [w for child in node.children for w in _words_of(child)]


@dataclass
class FtsQuery:
    """A parsed query: its tree, what the snippet maker should highlight, and how to relax it."""

    node: Node | Term
    terms: list[str] = field(default_factory=list)
    or_terms: list[Term] | None = None  # the terms, ORed, tried when the whole query finds nothing
    plain: bool = False  # True when the input was not valid FTS5 and became plain words
    has_prefix: bool = False  # a `word*` prefix term is in the expression

    @property
    def expression(self) -> str:
        """The exact MATCH expression (no word widened)."""
        return render(self.node, None, stemmed=False)

    @property
    def or_expression(self) -> str | None:
        return render(Node("or", list(self.or_terms)), None, stemmed=False) if self.or_terms else None

    @property
    def bare_words(self) -> list[str]:
        """Lower-case bare words that the stemmed tier may widen (in query order, no repeats)."""
        return list(dict.fromkeys(_words_of(self.node)))

    def exact(self, expand: Expand | None = None, *, relaxed: bool = False) -> str:
        node = Node("or", list(self.or_terms or [])) if relaxed else self.node
        return render(node, expand, stemmed=False)

    def stemmed(self, expand: Expand | None, *, relaxed: bool = False) -> str:
        node = Node("or", list(self.or_terms or [])) if relaxed else self.node
        return render(node, expand, stemmed=True)

    @property
    def single_cjk_char(self) -> bool:
        return len(self.terms) == 1 and len(self.terms[0]) == 1 and bool(CJK_RUN.match(self.terms[0]))


def _quote(s: str) -> str:
    return '"' + s.replace('"', '""') + '"'


def _fold(word: str) -> str:
    """A word as the index holds it: lower case, accents removed."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


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
            parts.append(_quote(space_symbols(latin.strip()).strip()))
            terms.extend(_TOKENS.findall(latin))
        parts.append(_cjk_phrase(m.group(0)))
        terms.append(m.group(0))
        pos = m.end()
    latin = raw[pos:]
    if _HAS_TOKEN.search(latin):
        parts.append(_quote(space_symbols(latin.strip()).strip()))
        terms.extend(_TOKENS.findall(latin))
    return parts


def _prefix_ok(raw: str) -> bool:
    last = re.search(r"[^\W_]+$", raw)
    return last is not None and len(last.group(0)) >= MIN_PREFIX_CHARS and not CJK_RUN.search(raw[-1:])


def _term(raw: str, prefix: bool, bare: bool, terms: list[str]) -> Term | None:
    """The Term for one typed term; `bare` when it was typed without quotes."""
    parts = _term_parts(raw, terms)
    if not parts:
        return None
    prefixed = prefix and _prefix_ok(raw)
    if prefixed:
        parts[-1] += " *"
    expr = parts[0] if len(parts) == 1 else "(" + " AND ".join(parts) + ")"
    word = None
    if bare and not prefixed and len(parts) == 1:
        tokens = _TOKENS.findall(raw)
        if len(tokens) == 1 and stemmable(_fold(tokens[0])):
            word = _fold(tokens[0])
    return Term(expr, word)


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
        self.phrases: list[Term] = []  # every term, for the OR relaxation
        self.depth = 0

    def peek(self) -> str | None:
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def take(self, kind: str) -> str:
        if self.peek() != kind:
            raise _Invalid(f"expected {kind}")
        value = self.toks[self.i][1]
        self.i += 1
        return value

    def parse(self) -> Node | Term:
        node = self.or_expr()
        if self.i != len(self.toks):
            raise _Invalid("trailing tokens")
        return node

    def or_expr(self) -> Node | Term:
        parts = [self.and_expr()]
        while self.peek() == "op" and self.toks[self.i][1] == "OR":
            self.i += 1
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else Node("or", parts)

    def and_expr(self) -> Node | Term:
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
        return parts[0] if len(parts) == 1 else Node("and", parts)

    def not_expr(self) -> Node | Term:
        node = self.unary()
        while self.peek() == "op" and self.toks[self.i][1] == "NOT":
            self.i += 1
            node = Node("not", [node, self.unary()])
        return node

    def unary(self) -> Node | Term:
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

    def phrase(self, *, single: bool = False) -> Term:
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
        term = _term(raw, prefix and self.allow_prefix, kind == "word", self.terms)
        if term is None or (single and term.expr.startswith("(")):
            raise _Invalid("term without searchable characters")
        self.has_prefix = self.has_prefix or term.expr.endswith(" *")
        self.phrases.append(term)
        return term

    def near(self) -> Node:
        self.take("near")
        self.take("(")
        phrases: list[Node | Term] = [self.phrase(single=True)]
        while self.peek() in ("str", "word"):
            phrases.append(self.phrase(single=True))
        distance = ""
        if self.peek() == ",":
            self.i += 1
            distance = ", " + self.take("num")
        self.take(")")
        return Node("near", phrases, distance)


def _clean(text: str | None) -> str:
    """The query with control, format and unpaired surrogate characters turned into spaces:
    they are never part of an indexed word, and a surrogate cannot even be sent to SQLite."""
    text = (text or "")[:MAX_QUERY_CHARS]
    if not text.isascii() or not text.isprintable():
        text = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs") else ch for ch in text)
    return text.strip()


def plain_words_query(text: str) -> FtsQuery | None:
    """Every whitespace-separated chunk as a plain term (AND, with an OR fallback)."""
    text = _clean(text)
    terms: list[str] = []
    nodes: list[Term] = []
    for chunk in text.split():
        term = _term(chunk, False, True, terms)
        if term and all(term.expr != n.expr for n in nodes):
            nodes.append(term)
        if len(nodes) >= MAX_TERMS:
            break
    if not nodes:
        return None
    many = len(nodes) > 1
    return FtsQuery(node=Node("and", list(nodes)) if many else nodes[0],
                    terms=list(dict.fromkeys(terms)), or_terms=nodes if many else None, plain=True)


def build_fts_query(text: str, *, allow_prefix: bool = True) -> FtsQuery | None:
    """The parsed query for `text`, or None when it holds nothing searchable."""
    text = _clean(text)
    if not text:
        return None
    try:
        tokens = _lex(text)
        parser = _Parser(tokens, allow_prefix)
        node = parser.parse()
        # Only words and phrases, no operators: when no message has them all, messages with
        # some of them are better than nothing (the model often sends a handful of keywords).
        plain_list = all(kind in ("str", "word", "*") for kind, _ in tokens)
        relaxed = parser.phrases if plain_list and len(parser.phrases) > 1 else None
        return FtsQuery(node=node, terms=list(dict.fromkeys(parser.terms)),
                        has_prefix=parser.has_prefix, or_terms=relaxed)
    except _Invalid:
        return plain_words_query(text)
