"""Questions about an earlier conversation get session_search results before the reply.

Asked "What did we talk about last time about Go?", a 1.5B model answered "I don't have any
information" in 3 of 3 runs instead of calling session_search (issue 24). So the code runs the
search itself when a message refers to an earlier conversation, and the loop hands the result
to the model as a finished session_search call, which it reads like one it made.
"""

from __future__ import annotations

import re

from hermes.agent.remember import QUOTE_PREFIX

# Phrases that point at an earlier conversation, in the languages people write to Hermes in.
_PAST = re.compile(
    r"\b(?:last time|the other day|earlier today|yesterday|last (?:week|month|session|chat)|"
    r"(?:an?|the|our) (?:earlier|previous|last|past) (?:conversation|session|chat|talk)|"
    r"(?:we|you and i|i) (?:talked|spoke|discussed|chatted|decided|agreed)|"
    r"we(?:'ve| have) (?:talked|discussed)|did we (?:talk|discuss|decide|say)|you told me|"
    r"i told you|remind me what we|"
    r"letztes mal|letzte woche|vorige woche|vorhin|gestern|(?:haben|hatten) wir .{0,40}"
    r"(?:besprochen|geredet|gesprochen)|"
    r"la derni[eè]re fois|la semaine derni[eè]re|on a (?:parl[eé]|discut[eé])|"
    r"la [uú]ltima vez|la semana pasada|hablamos|la volta scorsa|vorige keer)\b|"
    r"上次|上回|之前(?:我们)?(?:聊|谈|说)|前回|この前",
    re.IGNORECASE)
_WORD = re.compile(r"[\w.+#-]+", re.UNICODE)
# Words that say nothing about the topic (English and the phrases above).
_STOP_WORDS = """
a about above after again all also am an and any are as at be been before being but by can
chat conversation could did do does doing for from had has have having he her here hers him
his how i if in into is it its just last let me mine my no not now of on once only or other
our out over previous remind said say session she should so some spoke such talk talked tell
than that the their them then there these they this those through time to told too us very
was we were what when where which while who whom why will with would you your yesterday week
discussed discuss decided agreed earlier chatted month again remember recall
letztes letzte mal vorige woche wir haben hatten über besprochen geredet gesprochen was
la dernière fois semaine on parlé de du des le les última vez hablamos
"""
_STOP = frozenset(_STOP_WORDS.split())
MAX_WORDS = 5


def refers_to_past(text: str) -> bool:
    """The message asks about an earlier conversation."""
    return bool(_PAST.search(text))


def search_words(text: str) -> str:
    """A session_search query from the message's topic words ("" when it names no topic):
    the words joined with OR, so a session that matches any of them is found."""
    rest = _PAST.sub(" ", text)
    words: list[str] = []
    for word in _WORD.findall(rest):
        clean = word.strip(".-+#").lower()
        if len(clean) < 2 and not clean.isdigit() or clean in _STOP or clean in words:
            continue
        words.append(clean)
    words = words[:MAX_WORDS]
    return " OR ".join(words)


# "What do you know about me", "who am I", "what's my stack": questions the frozen memory
# answers. A 1.5B model given the memory in its system prompt still wrote a read_file call for
# "project/profile.txt" in 3/3 runs (bench/real_model_bench.py), so the entries are also put
# after the question, where it reads them.
_ABOUT_ME = re.compile(
    r"\b(?:what|which)\s+(?:do|did|else do)\s+you\s+(?:know|remember|recall)\s+about\s+(?:me|my|us|our)\b|"
    r"\bwho\s+am\s+i\b(?!\s+\w)|\bwhat(?:'s| is| are)\s+my\s+(?:name|stack|setup|project|projects|"
    r"preferences?|tools?|languages?|editor)\b|"
    r"\b(?:tell me|remind me)\s+(?:what|who)\s+(?:you know|you remember|i am)\b|"
    r"\bwhat\s+you\s+(?:know|remember)\s+about\s+(?:me|my)\b|"
    r"\bwas\s+wei(?:ß|ss)t\s+du\s+(?:über|von)\s+mich\b|\bwer\s+bin\s+ich\b|"
    r"\bque\s+sais[- ]tu\s+(?:de|sur)\s+moi\b|\bqui\s+suis[- ]je\b|"
    r"\bqu[eé]\s+sabes\s+(?:de|sobre)\s+m[ií]\b|\bqui[eé]n\s+soy\b|"
    r"我是谁|你(?:知道|记得)(?:我|关于我)|关于我你知道",
    re.IGNORECASE)
_QUOTED = QUOTE_PREFIX + '"'


def asks_about_user(text: str) -> bool:
    """The message asks what Hermes knows about the person or their project."""
    return bool(_ABOUT_ME.search(text))


def memory_note(entries: list[str]) -> str:
    """The note put after such a question: the stored entries, the user's quoted words as
    plain sentences ("" when memory is empty)."""
    lines = []
    for entry in entries:
        text = entry.strip()
        if text.startswith(_QUOTED) and text.endswith('"'):
            text = text[len(_QUOTED):-1]
        if text:
            lines.append("- " + " ".join(text.split()))
    if not lines:
        return ""
    return ("(Hermes looked in its memory. The user told you in earlier sessions, in their "
            "words:\n" + "\n".join(lines) + "\nAnswer their question from this, speaking to "
            "them as \"you\". No tool call is needed.)")
