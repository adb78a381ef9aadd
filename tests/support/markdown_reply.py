"""A long Markdown reply as a model streams it: paragraphs, bullet lists and a code block now
and then, token by token (the render benchmark and the stream-following test share it)."""

from __future__ import annotations

WORDS = ("the", "stream", "keeps", "rendering", "while", "tokens", "arrive", "quickly",
         "and", "markdown", "blocks", "grow", "one", "at", "a", "time")


def markdown_tokens(count: int, *, samples: bool = False) -> list[str]:
    """`count` tokens. With `samples`, every 500th is a unique marker (` SAMPLE00500`, …) and
    the last is ` LASTTOKEN.`, so a benchmark can see when each reaches the screen."""
    tokens: list[str] = []
    n = 0
    while len(tokens) < count - (1 if samples else 0):
        n += 1
        if samples and n % 500 == 0:
            tokens.append(f" SAMPLE{n:05d}")
        elif n % 97 == 0:
            tokens.append("\n\n")
        elif n % 641 == 0:
            tokens.append("\n\n```python\nprint('code')\n```\n\n")
        elif n % 53 == 0:
            tokens.append("\n- ")
        else:
            tokens.append(" " + WORDS[n % len(WORDS)])
    if samples:
        tokens.append(" LASTTOKEN.")
    return tokens
