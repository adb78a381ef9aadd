"""Prompt injection and role hijack: rules over word classes, in any of seven languages.

Each rule asks for words of several classes near each other (an ignoring verb, a noun for
the agent's instructions, and a "previous/all/your" qualifier), so a paraphrase or another
language matches, while "Ignore the lint rules in gen/" (no qualifier, a topic noun before
"rules") does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hermes.security.findings import BLOCK, INJECTION, STAGE, ScanFinding, finding
from hermes.security.lexicon import (
    CJK_PATTERNS,
    DECODE,
    EVERYTHING,
    EXECUTE,
    FUNC,
    IGNORE,
    JAILBREAK,
    JOINED_PATTERNS,
    LIMITS,
    NEG,
    NOLIMIT,
    NOW,
    OBEY,
    PERSONA,
    QUAL,
    RESPOND,
    REVEAL,
    ROLEPLAY,
    RULES,
    RULES_WEAK,
    SYSPROMPT,
    TAGGER,
    TOLD,
    TOPIC,
    YOU_ARE,
    Positions,
    substring_positions,
)
from hermes.security.textforms import fold_pattern

_TOKEN = re.compile(r"[^\W_]+|[.;!?。！？]")
_SENTENCE_GAP = 50  # positions skipped at a sentence end, so windows never cross it
_LEET = str.maketrans("013457@$", "oieastas")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")

_NEW_INSTRUCTIONS = re.compile(
    r"\byour new (?:role|identity|persona|instructions?|rules|directives?|system prompt|purpose|goal|task)\b"
    r"|\bnew system prompt\b|\b(?:new|updated) (?:system )?instructions ?:")
_FAKE_TURN = re.compile(
    r"<\|?(?:im_start|im_end|system|endoftext|start_header_id)\|?>|\[/?(?:system|inst)\]"
    r"|^[ \t]{0,8}#{1,4}[ \t]{0,4}(?:system|instruction)s? ?:"
    r"|^[ \t]{0,8}(?:system|developer) ?(?:prompt|message)? ?: ?\w", re.MULTILINE)
# A written-out exchange: a line opening as the person and one opening as the assistant
# ("Human: …" then "Assistant: Okay, …"), in the scan's languages. Folded text, so lower case.
_PERSON_TURN = re.compile(r"^[ \t>*_]{0,8}(?:human|user|me|usuario|utilisateur|benutzer|nutzer|utente|gebruiker|"
                          r"uzytkownik|kullanici|pengguna|пользователь|користувач|用户|使用者|ユーザー|사용자|المستخدم)"
                          r"[ \t*_]{0,3}[:：]", re.MULTILINE)
_ASSISTANT_TURN = re.compile(r"^[ \t>*_]{0,8}(?:assistant|ai|claude|chatgpt|gpt|bot|model|hermes|asistente|"
                             r"assistente|assistent|asystent|asistan|asisten|ассистент|асистент|助手|アシスタント|"
                             r"어시스턴트|المساعد)[ \t*_]{0,3}[:：]", re.MULTILINE)
_TAG = re.compile(r"<[a-z][a-z0-9]{0,20}\b[^<>]{0,400}>")
_HIDING_STYLE = re.compile(
    r"display ?: ?none|visibility ?: ?hidden|font-size ?: ?0(?![.\d]*[1-9])|opacity ?: ?0(?:\.0+)?(?![.\d])"
    r"|\shidden(?:[\s>=/]|$)|aria-hidden ?= ?[\"']true")
_COMMENT_WORDS = re.compile(
    r"\b(?:ignore|instructions?|assistant|ai|agent|model|system|you must|always|never|execute|run|send|"
    r"remember|secret|prompt|do not|override|quietly|silently|leak|delete|push|add|obey|follow)\b")
_TOOL_COMMENTS = ("prettier", "markdownlint", "eslint", "toc", "vale", "cspell", "more", "textlint")


@dataclass
class _Words:
    words: list[str]
    spans: dict[int, tuple[int, int]]  # position -> span in the view text
    hits: Positions
    masks: dict[int, int]
    order: dict[int, int]  # position -> index into words


def _index(text: str) -> _Words:
    words: list[str] = []
    spans_list: list[tuple[int, int]] = []
    positions: list[int] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        if len(word) == 1 and word in ".;!?。！？":
            pos += _SENTENCE_GAP
            continue
        if not word.isalpha() and not word.isdigit():
            word = word.translate(_LEET)
        words.append(word)
        spans_list.append(m.span())
        positions.append(pos)
        pos += 1
    masks_list = TAGGER.tag(words)
    hits = Positions()
    masks: dict[int, int] = {}
    for p, mask in zip(positions, masks_list, strict=True):
        if mask:
            masks[p] = mask
            bit = 1
            while bit <= mask:
                if mask & bit:
                    hits.add(bit, p)
                bit <<= 1
    return _Words(words, dict(zip(positions, spans_list, strict=True)), hits, masks,
                  {p: i for i, p in enumerate(positions)})


def _excerpt(text: str, w: _Words, first: int, last: int) -> str:
    lo = w.spans.get(first, w.spans.get(last, (0, 0)))[0]
    hi = w.spans.get(last, w.spans.get(first, (0, 0)))[1]
    return text[lo:hi] if hi > lo else text[:60]


def _counting_rule_nouns(w: _Words) -> Positions:
    """Rule nouns that name the agent's instructions: preceded by a determiner or qualifier
    (not "lint rules", "setup instructions") and not followed by "about <topic>"."""
    out = Positions()
    nouns = sorted(set(w.hits.first(RULES)) | set(w.hits.first(RULES_WEAK)) | set(w.hits.first(SYSPROMPT)))
    for p in nouns:
        mask = w.masks.get(p, 0)
        if not mask & SYSPROMPT:
            before = w.masks.get(p - 1, 0) if (p - 1) in w.spans else -1
            if before != -1 and not before & (QUAL | FUNC | IGNORE | OBEY | NEG | EVERYTHING):
                continue
            if w.hits.near(TOPIC, p, -1, 2):
                continue
        out.add(RULES, p)
        if mask & SYSPROMPT:
            out.add(QUAL, p)
    return out


# Unqualified instructions that are not the agent's: "ignore its instructions", "a prompt",
# "the instructions they contain", "instructions in tool output"; and a verb that tells rather
# than asks: "are not followed", "werden nicht befolgt", "sont ignorees".
_TOLD_VERB = re.compile(r"(?:ed|iert|olgt|chtet|orcht|ivie|ivies|ivis|ees|ados|adas|idos|idas|ются)$")
_OTHERS = frozenset({"its", "their", "a", "an", "ses", "leurs", "sus", "seine", "ihre", "un", "une", "ein", "eine",
                     "его", "их"})
_FROM = frozenset({"in", "from", "dans", "aus", "de", "в", "из"})
_CONTAINED = re.compile(r"(?:contain|contien|enthalt|contengono|contienen|содерж|embedded|inside|within)")
_SOURCE = re.compile(r"(?:output|ausgabe|sortie|salida|вывод|page|webseite|website|site|issue|comment|kommentar|"
                     r"commentaire|e?mail|document|dokument|search|fetched|untrusted|third|depend|dateien|fichier|"
                     r"archivo|файл|readme|ticket|log)")


def _told_or_foreign(w: _Words, verb: int, nouns: Positions) -> bool:
    """Whether an unqualified ignoring verb tells rather than asks, or its instructions belong
    to something other than the agent's principal (a file, a tool's output, "its")."""
    if _TOLD_VERB.search(w.words[_word_at(w, verb)]):
        return True
    for noun in nouns.first(RULES):
        if abs(noun - verb) > 7:
            continue
        i = _word_at(w, noun)
        before = w.words[i - 1] if i > 0 and (noun - 1) in w.spans else ""
        after = w.words[i + 1:i + 5] if (noun + 1) in w.spans else []
        owned = before in _OTHERS and noun > verb  # "ignore its instructions", not "its instructions override"
        contained = any(_CONTAINED.match(a) for a in after[:3] + w.words[max(0, i - 3):i])
        sourced = bool(after) and after[0] in _FROM and any(_SOURCE.match(a) for a in after[1:4])
        if owned or contained or sourced:
            return True
    return False


def _word_at(w: _Words, pos: int) -> int:
    """The index into `w.words` of the word at position `pos`."""
    return w.order[pos]


def _word_rules(text: str, origin: str) -> list[ScanFinding]:
    w = _index(text)
    h = w.hits
    found: list[ScanFinding] = []

    def hit(rule: str, first: int, last: int, severity: str = BLOCK) -> None:
        found.append(finding(INJECTION, rule, _excerpt(text, w, first, last), severity))

    nouns = _counting_rule_nouns(w)
    verbs = list(h.first(IGNORE)) + [p for p in h.first(OBEY) if h.near(NEG, p, 3, -1)]
    for p in sorted(verbs):
        if nouns.near(RULES, p, 7, 7):
            if h.near(QUAL, p, 7, 7) or nouns.near(QUAL, p, 7, 7) or h.near(TOLD, p, 7, 7):
                hit("ignore-instructions", max(p - 2, 0), p + 6)
                break
            if not _told_or_foreign(w, p, nouns):
                hit("ignore-rules-unqualified", p, p + 4, STAGE)
                break
            continue
        if h.near(TOLD, p, 1, 8) and (h.near(EVERYTHING, p, 1, 8) or h.near(QUAL, p, 1, 8)) or (
                h.near(EVERYTHING, p, 0, 2) and h.near(QUAL, p, 0, 4)):
            hit("forget-everything", p, p + 6)
            break
    for p in h.first(YOU_ARE):
        if h.near(NOW, p, 4, 3) and h.near(PERSONA, p, -1, 8):
            hit("identity-change", p, p + 6)
            break
    for p in h.first(ROLEPLAY):
        if h.near(PERSONA, p, -1, 6):
            hit("role-play", p, p + 5)
            break
    for p in h.first(REVEAL):
        if h.near(SYSPROMPT, p, 8, 8):
            hit("reveal-system-prompt", p, p + 5)
            break
    for p in h.first(JAILBREAK):
        hit("jailbreak", p, p + 2)
        break
    for p in h.first(NOLIMIT):
        if h.near(LIMITS, p, -1, 3) and h.near(RESPOND, p, 8, 8):
            hit("no-restrictions", p - 2, p + 3)
            break
    for p in h.first(DECODE):
        if h.near(EXECUTE, p, 6, 8):
            hit("decode-and-follow", p, p + 5, STAGE)
            break
    return found


def _substring_rules(text: str, patterns: dict[int, re.Pattern[str]], rule_suffix: str,
                     window: int = 16) -> list[ScanFinding]:
    """The same rules over characters, for text without spaces between words."""
    h = substring_positions(text, patterns)
    found = []
    w = window
    for p in h.first(IGNORE):
        if h.near(RULES, p, w, w) and h.near(QUAL, p, w, w):
            found.append(finding(INJECTION, "ignore-instructions" + rule_suffix, text[max(p - 12, 0):p + 16]))
            break
    for p in h.first(YOU_ARE):
        if h.near(NOW, p, 8, 8) and h.near(PERSONA, p, 0, 24):
            found.append(finding(INJECTION, "identity-change" + rule_suffix, text[p:p + 24]))
            break
    for p in h.first(REVEAL):
        if h.near(SYSPROMPT, p, w, w):
            found.append(finding(INJECTION, "reveal-system-prompt" + rule_suffix, text[max(p - 12, 0):p + 16]))
            break
    return found


def _hidden_markup(text: str) -> list[ScanFinding]:
    found = []
    start = text.find("<!--")
    while start >= 0:
        end = text.find("-->", start + 4)
        stop = end if end >= 0 else len(text)
        body = text[start + 4:stop].strip()
        if not body.startswith(_TOOL_COMMENTS) and _COMMENT_WORDS.search(text, start + 4, stop):
            found.append(finding(INJECTION, "hidden-html-comment", text[start:stop + 3]))
            break
        if end < 0:
            break
        start = text.find("<!--", end + 3)
    if "<" in text:
        for m in _TAG.finditer(text):
            if _HIDING_STYLE.search(m.group(0)):
                found.append(finding(INJECTION, "hidden-element", m.group(0)))
                break
    return found


# Text that says its quotations are samples kept as data: fixtures, a test corpus, hostile on
# purpose, never to be followed (the same idea as context_reach's quotations given as data).
_QUOTES_AS_DATA = re.compile(fold_pattern(
    r"\b(?:fixtures?|test (?:data|inputs?|cases?|strings?|corpus)|corpus|corpora|red-?team|deliberately|"
    r"intentionally|on purpose|treat (?:them|it|these|those) as data|"
    r"(?:never|not|don'?t|do not) (?:\w{1,12} ){0,2}(?:follow|obey|execute|act on)\w{0,3} (?:them|it|these|those)|"
    r"testdaten|absichtlich|niemals befolg\w{0,3}|nicht befolg\w{0,3}|donnees de test|volontairement|"
    r"deliberement|(?:ne (?:jamais )?les (?:jamais )?suivre|ne (?:les )?suivez (?:jamais|pas))|datos de prueba|"
    r"a proposito|dados de teste|de proposito|dati di test|volutamente|testdata|opzettelijk|"
    r"тестовые данные|намеренно|test verisi|kasitli|data uji|sengaja)\b"
    r"|テストデータ|テスト用|わざと|测试数据|故意|테스트 데이터|일부러"))
_WORD_CHAR = re.compile(r"[^\W_]")
_QUOTE_SPAN = re.compile(r"\"[^\"\n]{1,200}\"|“[^”\n]{1,200}”|„[^“”\n]{1,200}[“”]|«[^»\n]{1,200}»|「[^」\n]{1,200}」"
                         r"|‘[^’\n]{1,200}’|(?<!\w)'[^'\n]{1,200}'(?!\w)")


# What asks for the quoted sample after all: "…; do that now", "follow it", "run them".
_CARRIED_OUT = re.compile(r"(?<!not )(?<!never )(?<!n't )(?<!n’t )\b(?:do|follow|obey|execute|run|apply|carry out)"
                          r"\s(?:that|this|it|them|these|those|so|what (?:it|they) says?)\b")


def _samples_blanked(text: str) -> str:
    """`text` with its quotations blanked when it calls them data; else `text` as it is. An
    instruction outside the quotes is still read."""
    if not _QUOTES_AS_DATA.search(text) or _CARRIED_OUT.search(text):
        return text
    # each word becomes an inert one, so the words around keep their distances
    return _QUOTE_SPAN.sub(lambda m: _WORD_CHAR.sub("x", m.group(0)), text)


def detect(text: str, origin: str = "text") -> list[ScanFinding]:
    """Injection findings in one folded view of an entry (quoted samples it calls data aside)."""
    text = _samples_blanked(text)
    found = _word_rules(text, origin)
    m = _NEW_INSTRUCTIONS.search(text) or _FAKE_TURN.search(text) or (
        _PERSON_TURN.search(text) and _ASSISTANT_TURN.search(text))
    if m:
        found.append(finding(INJECTION, "new-instructions" if "new" in m.group(0) or "updated" in m.group(0)
                             else "fake-system-turn", m.group(0)))
    if _NON_ASCII.search(text):
        found.extend(_substring_rules(text, CJK_PATTERNS, ""))
    found.extend(_hidden_markup(text))
    return found


def detect_joined(runs: list[str]) -> list[ScanFinding]:
    """Injection findings in spaced-out letters joined into one word each."""
    long_runs = [r for r in runs if len(r) >= 10]
    if not long_runs:
        return []
    return _substring_rules(" ".join(long_runs), JOINED_PATTERNS, "", window=30)
