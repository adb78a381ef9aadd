"""Threat scan for text that will be injected into a system prompt (memory entries).

Pure functions, no I/O. Text is NFKC-normalised and matched case-insensitively; rules allow a
few words between their key terms. Rules aim at instructions and commands, not at mentions:
"The deploy key lives in ~/.ssh/deploy_ed25519" names a place and passes, "append this key to
~/.ssh/authorized_keys" is a write and is blocked.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from hermes.security.redact import find_secrets

INJECTION = "prompt injection"
EXFILTRATION = "exfiltration"
PERSISTENCE = "persistence"
SECRETS = "secrets"
INVISIBLE = "invisible unicode"


# The three outcomes of a memory write (ordered from least to most strict).
ALLOW = "allow"
STAGE = "stage"
BLOCK = "block"
_STRICTNESS = {ALLOW: 0, STAGE: 1, BLOCK: 2}


@dataclass(frozen=True)
class ScanFinding:
    category: str  # one of the constants above
    rule: str  # short name of the rule that matched
    excerpt: str  # the matched text (secrets are never echoed)
    severity: str = BLOCK  # BLOCK: certainly hostile; STAGE: suspicious, a person decides


@dataclass(frozen=True)
class Verdict:
    """What to do with a write: ALLOW it, STAGE it for approval with `reason`, or BLOCK it."""

    outcome: str
    findings: tuple[ScanFinding, ...] = ()
    uncertain: bool = False  # the rules are unsure either way: an optional model judge may look

    @property
    def reason(self) -> str:
        """One line naming the deciding finding ("" when allowed)."""
        deciding = [f for f in self.findings if f.severity == self.outcome]
        return describe(deciding[0]) if deciding else ""


def stricter(a: str, b: str) -> str:
    """The stricter of two outcomes (a judge or a second check can only tighten)."""
    return a if _STRICTNESS[a] >= _STRICTNESS[b] else b


def _gap(n: int) -> str:
    """Up to `n` words between two key terms (punctuation and spaces around them)."""
    return rf"(?:\W+\w+){{0,{n}}}\W+"


def _alt(*words: str) -> str:
    return "(?:" + "|".join(words) + ")"


_G2, _G3, _G4, _G6 = _gap(2), _gap(3), _gap(4), _gap(6)

_IGNORE = _alt("ignore", "disregard", "forget", "override", "bypass", "skip", "neglect",
               "overlook", "abandon", "drop", "discard", "dismiss", "set aside", "throw out")
_EARLIER = _alt("previous", "prior", "above", "earlier", "preceding", "former", "original",
                "initial", "system", "your", "developer", "safety", "existing", "old", "all")
_ORDERS = _alt(r"instructions?", r"directives?", "guidelines", r"prompts?", "guardrails",
               "restrictions", "programming", "orders", "commands", "rules", "constraints",
               "policies", "safeguards", "training", "context")
_SECRET_VAR = r"\$\{?[a-z0-9_]*(?:key|token|secret|password|passwd|pwd|credential|creds)[a-z0-9_]*\}?"
_SENDER = _alt("curl", "wget", "httpie", "http", "nc", "ncat", "netcat", "socat", "fetch",
               "invoke-webrequest", "invoke-restmethod", "iwr", r"requests\.(?:post|get|put)",
               "scp", "rsync", "ftp", "telnet", "sendmail", "mail")
_CRED_FILE = (r"(?:(?<![\w.])\.env(?![\w.\-])|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.git-credentials"
              r"|\.aws/credentials|\.aws/config|aws credentials|\.azure/|gcloud/|"
              r"application_default_credentials|\.kube/config|\.docker/config\.json|"
              r"credentials\.json|service[-_ ]account\.json|id_rsa(?!\.pub)|id_ed25519(?!\.pub)|"
              r"id_ecdsa(?!\.pub)|/etc/shadow|keychain|\.gnupg)")
_LEAK = _alt("print", "dump", "output", "reveal", "display", "send", "upload", "post",
             "exfiltrate", "leak", "paste", "share", "include", "email", "e-mail", "transmit",
             "echo", "forward", "copy", "steal", "grab", "harvest", "collect", "base64")
_SHELL_READ = _alt("cat", "less", "more", "head", "tail", "base64", "xxd", "strings", "type",
                   "get-content", "cp", "scp", "od", "tar", "zip")
_CONVERSATION = _alt("conversation", "chat", "transcript", "context", "history", "messages",
                     "system prompt", "memory", "memories", "user'?s data", "session data",
                     "everything the user", "everything you know", "all data", "prompt")
_DESTINATION = (r"(?:https?://|webhook|\bendpoint\b|pastebin|ngrok|requestbin|burpcollaborator|"
                r"interact\.sh|attacker|remote server|external server|my server|\bserver at\b|"
                r"\b[a-z0-9\-]+\.(?:com|net|org|io|xyz|ru|cn|tk|top|site|sh|me|cc|biz|info)\b)")
_WRITE = _alt(">>?", "tee", "echo", "append(?:s|ed|ing)?", "add(?:s|ed|ing)?", "write", "writes",
              "writing", "wrote", "cop(?:y|ies|ied|ying)", "cp", "mv", "put(?:s|ting)?",
              "insert(?:s|ed|ing)?", "install(?:s|ed|ing)?", "overwrit(?:e|es|ing|ten)",
              "plac(?:e|es|ed|ing)", "plant(?:s|ed|ing)?", "drop(?:s|ped|ping)?",
              "inject(?:s|ed|ing)?", "sav(?:e|es|ed|ing)", "stor(?:e|es|ed|ing)",
              "upload(?:s|ed|ing)?", "scp", "creat(?:e|es|ed|ing)", "modif(?:y|ies|ied|ying)",
              "edit(?:s|ed|ing)?", "chang(?:e|es|ed|ing)", "replac(?:e|es|ed|ing)",
              "updat(?:e|es|ed|ing)", "ssh-copy-id", "ln -s", "chmod")
# The agent's own files are often *described* ("user edits MEMORY.md by hand"); only the
# imperative forms count as an instruction to write them.
_WRITE_IMPERATIVE = _alt(">>?", "tee", "echo", "append", "add", "write", "copy", "cp", "mv",
                         "put", "insert", "overwrite", "inject", "save", "store", "modify",
                         "edit", "change", "replace", "update", "set", "disable", "turn off")
_AGENT_FILES = (r"(?:~/\.hermes|\$hermes_home|\.hermes/|hermes/config\.ya?ml|"
                r"(?<![\w.])memory\.md|(?<![\w.])user\.md|"
                r"your (?:own )?(?:config(?:uration)?|settings|system prompt|instructions? files?|"
                r"context files?|memory files?|prompt files?))")
_SECRET_NOUN = _alt(r"api\W?keys?", "tokens?", "secrets?", "passwords?", "credentials?",
                    r"private\W+keys?", "ssh keys?", "env(?:ironment)? var(?:iable)?s")
_CONTEXT_FILES = r"(?:agents\.md|claude\.md|gemini\.md|\.cursorrules|\.windsurfrules|soul\.md|copilot-instructions\.md)"

_EARLIER_STRICT = _alt("previous", "prior", "above", "earlier", "preceding", "system", "original",
                       "initial", "safety", "developer", "your")
_ORDERS_ALL = _alt("instructions?", "directives?", "guidelines", "prompts?", "guardrails",
                   "restrictions", "rules", "programming", "safety", "constraints")
_PERSONA = _alt("ai", "assistant", "model", "bot", "chatbot", "agent", "character", "persona", "dan",
                "jailbroken", "unrestricted", "unfiltered", "uncensored", "evil", "free",
                "developer mode", "god mode", "hacker", "no longer", "root", "admin", "llm", "gpt",
                "claude", "different", "another")
_REVEAL = _alt("reveal", "show", "print", "output", "repeat", "display", "leak", "dump", "disclose",
               "tell", "share", "give", "write out", "spell out", "recite", "expose", "return",
               "echo", "copy")
_HIDDEN_PROMPT = _alt("system prompt", "system message", "initial instructions", "hidden instructions",
                      "original instructions", "your instructions", "your prompt",
                      "developer message", "the prompt above", "your rules", "your guidelines",
                      "confidential instructions")
_SHIP = _alt("send", "post", "upload", "forward", "transmit", "exfiltrate", "leak", "email",
             "submit", "beacon", "report", "pipe", "append", "encode", "include", "copy")

_RULES: list[tuple[str, str, re.Pattern[str]]] = [
    # --- prompt injection and role hijack
    (INJECTION, "ignore-instructions", re.compile(
        rf"\b{_IGNORE}{_G4}(?:{_EARLIER}{_G2})?{_EARLIER_STRICT}"
        rf"{_gap(2)}{_ORDERS}\b")),
    (INJECTION, "ignore-all-instructions", re.compile(
        rf"\b{_IGNORE}\W+(?:all|any|every)\W+(?:(?:of\W+)?(?:the|your|these|those|my)\W+)?"
        rf"{_ORDERS_ALL}\b")),
    (INJECTION, "forget-everything", re.compile(
        r"\b(?:forget|ignore|disregard)\W+(?:everything|all\W+that|anything|what)\W+"
        r"(?:\w+\W+){0,3}(?:told|said|instructed|before|above|previously|so far|learned|know)\b")),
    (INJECTION, "identity-change", re.compile(
        r"\byou\W+are\W+now\W+(?:(?:a|an|the|my|in|called|named|acting\s+as)\W+)?"
        rf"(?:\w+\W+){{0,2}}{_PERSONA}\b")),
    (INJECTION, "new-identity", re.compile(
        r"\b(?:from\s+now\s+on|henceforth|starting\s+now|for\s+the\s+rest\s+of\s+(?:this|the)\s+"
        r"(?:conversation|session|chat))\W+(?:\w+\W+){0,2}(?:you\s+(?:are|will|must|shall|should)|"
        r"act|pretend|respond|behave|answer|reply|roleplay|ignore)\b")),
    (INJECTION, "act-as", re.compile(
        r"\b(?:act|behave|respond|roleplay|role-play)\s+as\s+(?:an?\s+|the\s+|if\s+you\s+were\s+)?"
        r"(?:\w+\W+){0,2}(?:unrestricted|unfiltered|uncensored|jailbroken|evil|dan|different ai|"
        r"ai without|model without|assistant without|developer mode)")),
    (INJECTION, "pretend", re.compile(
        r"\bpretend\s+(?:to\s+be|you\s+are|that\s+you\s+are)\s+(?:\w+\W+){0,3}"
        r"(?:ai|assistant|model|system|developer|admin|root|unrestricted|jailbroken|without)\b")),
    (INJECTION, "new-instructions", re.compile(
        r"\b(?:your|the)\s+new\s+(?:role|identity|persona|instructions?|rules|directives?|"
        r"system\s+prompt|purpose|goal|task)\s+(?:is|are|will\s+be)\b|\bnew\s+system\s+prompt\b|"
        r"\bupdated\s+(?:system\s+)?instructions\s*:")),
    (INJECTION, "fake-system-turn", re.compile(
        r"<\|?(?:im_start|im_end|system|endoftext|start_header_id)\|?>|\[/?(?:system|inst)\]|"
        r"^\s*#{1,4}\s*(?:system|instruction)s?\s*:|^\s*(?:system|developer)\s*(?:prompt|message)?\s*:\s*\w",
        re.MULTILINE)),
    (INJECTION, "jailbreak", re.compile(
        r"\b(?:jailbreak(?:ed|ing)?|dan\s+mode|developer\s+mode\s+(?:enabled|on|activated)|"
        r"do\s+anything\s+now|no\s+(?:ethical|moral)\s+(?:guidelines|constraints|restrictions)|"
        r"without\s+(?:any\s+)?(?:restrictions|filters|censorship|safety\s+guidelines))\b")),
    (INJECTION, "reveal-system-prompt", re.compile(
        rf"\b{_REVEAL}"
        rf"{_G4}{_HIDDEN_PROMPT}\b")),
    (INJECTION, "do-not-tell-user", re.compile(
        r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|let|alert|notify|"
        r"reveal\s+(?:this\s+)?to|show)\s+(?:the\s+)?user\b(?!'s|’s)")),
    (INJECTION, "hidden-html-comment", re.compile(
        r"<!--(?:(?!-->)[\s\S])*?(?<![\w-])(?:ignore|instruction|assistant|ai|agent|model|system|you\s+must|"
        r"always|never|execute|run|send|remember|secret|prompt|do\s+not|override)\b[\s\S]*?-->")),
    (INJECTION, "hidden-element", re.compile(
        r"<[a-z][a-z0-9]*\b[^>]*\bstyle\s*=\s*[\"'][^\"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|"
        r"font-size\s*:\s*0|opacity\s*:\s*0(?:\.0+)?\s*(?:;|[\"']))|"
        r"<[a-z][a-z0-9]*\b[^>]*\s(?:hidden|aria-hidden\s*=\s*[\"']true[\"'])(?:\s|>|=|/)")),
    # --- exfiltration
    (EXFILTRATION, "secret-var-to-network", re.compile(
        rf"\b{_SENDER}\b[^\n]*{_SECRET_VAR}|{_SECRET_VAR}[^\n]*\|\s*{_SENDER}\b")),
    (EXFILTRATION, "env-dump-to-network", re.compile(
        rf"\b(?:env|printenv|set|export\s+-p|cat\s+\S*{_CRED_FILE})\s*\|\s*(?:\S+\s*\|\s*)?{_SENDER}\b")),
    (EXFILTRATION, "read-credential-file", re.compile(
        rf"\b{_SHELL_READ}\s+(?:-\S+\s+(?:\d+\s+)?)*[\"']?(?:~|\$home|/home/\w+|/root|\.)?[\w./\-]*{_CRED_FILE}")),
    (EXFILTRATION, "leak-credential-file", re.compile(
        rf"\b{_LEAK}{_G4}(?:contents?\s+of\s+|the\s+)?[\w~/.\-$]*{_CRED_FILE}")),
    (EXFILTRATION, "read-then-send", re.compile(
        rf"\b(?:read|open|load|get|fetch)\b{_G4}[\w~/.\-$]*{_CRED_FILE}[^\n]{{0,80}}?\b{_LEAK}\b")),
    (EXFILTRATION, "send-conversation", re.compile(
        rf"\b{_SHIP}"
        rf"{_G4}{_CONVERSATION}\b[^\n]{{0,60}}?{_DESTINATION}")),
    (EXFILTRATION, "markdown-image-beacon", re.compile(
        r"!\[[^\]]*\]\(\s*https?://[^)\s]*(?:\{|\$|%7b|\[)")),
    (EXFILTRATION, "secret-to-url", re.compile(
        rf"\b{_alt('send', 'post', 'upload', 'forward', 'exfiltrate', 'leak', 'email', 'transmit', 'share', 'paste')}"
        rf"{_G4}{_SECRET_NOUN}"
        rf"\b[^\n]{{0,60}}?{_DESTINATION}")),
    # --- persistence and backdoors
    (PERSISTENCE, "authorized-keys", re.compile(
        rf"(?:\b{_WRITE}\b|>>?){_G6}[\w~/.\-$]*authorized_keys|authorized_keys\W+(?:\w+\W+){{0,3}}"
        rf"{_alt('append', 'add', 'write', 'insert', 'with')}\b|>>?\s*[\w~/.\-$]*authorized_keys")),
    (PERSISTENCE, "ssh-dir-write", re.compile(
        rf"(?:\b{_WRITE}\b|>>?){_G6}(?:~|\$home|\$\{{home\}}|/home/\w+|/root)/\.ssh\b(?!/known_hosts)"
        rf"|>>?\s*(?:~|\$home|/home/\w+|/root)/\.ssh/")),
    (PERSISTENCE, "agent-config-write", re.compile(
        rf"(?:\b{_WRITE_IMPERATIVE}\b|>>?){_G6}{_AGENT_FILES}")),
    (PERSISTENCE, "context-file-injection", re.compile(
        rf"\b{_alt('append', 'add', 'insert', 'inject', 'write', 'put', 'prepend')}{_G4}"
        rf"{_alt(r'instructions?', r'rules?', r'directives?', r'prompts?', 'line', 'text', 'hidden')}"
        rf"{_G4}{_alt('to', 'into', 'in', 'at the top of', 'at the end of')}\W+(?:\w+\W+){{0,2}}{_CONTEXT_FILES}")),
]

_CRED_NEEDLES = (".env", ".netrc", ".pgpass", ".npmrc", ".pypirc", "credentials", "aws", ".azure",
                 "gcloud", ".kube", ".docker", "service", "id_rsa", "id_ed25519", "id_ecdsa",
                 "shadow", "keychain", ".gnupg", ".git-credentials")
# Cheap substring prefilters: a rule only runs its regex when one of its needles occurs
# (keeps rendering a full snapshot at well under a millisecond per entry).
_NEEDLES: dict[str, tuple[str, ...]] = {
    "secret-var-to-network": ("$",),
    "env-dump-to-network": ("|",),
    "read-credential-file": _CRED_NEEDLES,
    "leak-credential-file": _CRED_NEEDLES,
    "read-then-send": _CRED_NEEDLES,
    "markdown-image-beacon": ("![",),
    "authorized-keys": ("authorized_keys",),
    "ssh-dir-write": (".ssh",),
    "agent-config-write": ("hermes", "memory.md", "user.md", "your "),
    "context-file-injection": (".md", "rules"),
    "hidden-html-comment": ("<!--",),
    "hidden-element": ("<",),
}

_INVISIBLE = re.compile("[\u200b-\u200d\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")
_INVISIBLE_NAMES = {
    "\u200b": "zero-width space", "\u200c": "zero-width non-joiner", "\u200d": "zero-width joiner",
    "\ufeff": "zero-width no-break space",
}


def normalise(text: str) -> str:
    """NFKC form, case-folded: the text the rules match against."""
    return unicodedata.normalize("NFKC", text).casefold()


def scan_text(text: str) -> list[ScanFinding]:
    """Every threat found in `text` (empty list = clean), invisible characters first."""
    findings: list[ScanFinding] = []
    hit = _INVISIBLE.search(text)
    if hit:
        ch = hit.group(0)
        name = _INVISIBLE_NAMES.get(ch, f"U+{ord(ch):04X}")
        findings.append(ScanFinding(INVISIBLE, "invisible-character", name))
    norm = normalise(text)
    if findings:
        norm = _INVISIBLE.sub("", norm)  # also see through zero-width padding
    for category, rule, pattern in _RULES:
        needles = _NEEDLES.get(rule)
        if needles and not any(n in norm for n in needles):
            continue
        m = pattern.search(norm)
        if m:
            findings.append(ScanFinding(category, rule, m.group(0)[:80]))
    secrets = find_secrets(unicodedata.normalize("NFKC", text))
    if secrets:
        findings.append(ScanFinding(SECRETS, secrets[0].kind, f"[{secrets[0].kind}]"))
    return findings


def assess(text: str) -> Verdict:
    """The outcome for `text` as a memory entry: BLOCK, STAGE (with a reason) or ALLOW."""
    findings = tuple(scan_text(text))
    outcome = ALLOW
    for f in findings:
        outcome = stricter(outcome, f.severity)
    return Verdict(outcome, findings, uncertain=outcome == STAGE)


def first_threat(text: str) -> ScanFinding | None:
    """The first finding, or None when the text is clean."""
    found = scan_text(text)
    return found[0] if found else None


def describe(finding: ScanFinding) -> str:
    """One line for a person or the model: category and what matched."""
    if finding.category in (SECRETS, INVISIBLE):
        return f"{finding.category} ({finding.excerpt.strip('[]')})"
    return f"{finding.category} ({finding.rule})"
