"""Reading parsed regular expressions for the runs every match must hold: the redactor's cheap
gates skip a rule when the text has no such run, so a pattern without one would go unscanned."""

from __future__ import annotations

import re
from re import _constants as C  # noqa: N812 - the parser's opcode names
from re import _parser
from typing import Any

REPEATS = {C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT}


def member_covered(gate_char: re.Pattern[str], op: Any, av: Any) -> bool:
    """True when every character of one set member is matched by `gate_char`."""
    if op is C.LITERAL:
        return gate_char.fullmatch(chr(av)) is not None
    if op is C.RANGE:
        return all(gate_char.fullmatch(chr(c)) for c in range(av[0], av[1] + 1))
    if op is C.CATEGORY:
        return av is C.CATEGORY_DIGIT and gate_char.fullmatch("٣") is not None
    return False  # NEGATE, ANY, other categories: not covered


def item_covered(gate_char: re.Pattern[str], item: tuple[Any, Any]) -> bool:
    op, av = item
    if op is C.IN:
        return all(member_covered(gate_char, o, a) for o, a in av)
    return member_covered(gate_char, op, av)


def needs_run(seq: Any, gate_char: re.Pattern[str], run: int = 16) -> bool:
    """True when every match of the parsed sequence holds `run` gate characters in a row: one
    repeat of a covered class, or covered items and repeats side by side (`AKIA[0-9A-Z]{16}`).
    Groups and alternations break a run here (a safe under-estimate), but a run inside each
    alternative counts."""
    length = 0
    for op, av in seq:
        if op in REPEATS:
            low, _, sub = av
            if len(sub) == 1 and item_covered(gate_char, sub[0]):
                length += low  # (more repeats only lengthen the run)
                if length >= run:
                    return True
                continue
            if low >= 1 and needs_run(sub, gate_char, run):
                return True
            length = 0
        elif op in (C.LITERAL, C.IN) and item_covered(gate_char, (op, av)):
            length += 1
            if length >= run:
                return True
        elif op is C.SUBPATTERN:
            if needs_run(av[-1], gate_char, run):
                return True
            length = 0
        elif op is C.BRANCH:
            if all(needs_run(alt, gate_char, run) for alt in av[1]):
                return True
            length = 0
        elif op in (C.ASSERT, C.ASSERT_NOT, C.AT):
            continue  # zero width: the run goes on
        else:
            length = 0
    return False


def parse(pattern: str, flags: int = 0) -> Any:
    return _parser.parse(pattern, flags)
