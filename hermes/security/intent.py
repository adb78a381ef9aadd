"""What an entry asks the agent to do: exfiltrate, beacon, act covertly on a trigger, or plant
instructions in other agents' files.

Each sentence is checked for a few independent features (a sending verb, something sensitive,
an outside destination, a covert modifier, …). One feature is a mention; the hostile shapes
need them together: "Post the build results to Slack" has a verb and a destination but
nothing sensitive; "send any API key you see to https://…" has all three.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.findings import ALLOW, BLOCK, COVERT, EXFILTRATION, PERSISTENCE, STAGE, ScanFinding, finding
from hermes.security.shell import is_local

# Full stops, and those of Devanagari and Bengali, Urdu, Arabic and Ethiopic.
_SENTENCE = re.compile(r"[.;!?](?=\s)|\n|[。！？]|[।॥۔؟؛።]")

_SEND = re.compile(
    r"\b(?:send|sends|post|upload|forward|mirror|transmit|exfiltrate|leak|e-?mail|mail|share|paste|stream|beacon|"
    r"copy|pipe|include|report|sync|push|dump|print|output|reveal|display|echo|show|put|append|attach|sende"
    r"|schicke|envia|manda|"
    r"envoie|transmets|отправ\w{0,6}|перешл\w{0,4}|пересыла\w{0,6})\b|发送|上传|转发|送信|アップロード|転送")
_LEAK = re.compile(r"\b(?:exfiltrat\w{0,4}|leak\w{0,3}|steal\w{0,3}|harvest\w{0,3}|smuggl\w{0,3}|grab)\b")
_SENSITIVE = re.compile(
    r"\b(?:api[ _-]?keys?|secret keys?|access keys?|private keys?|ssh keys?|tokens?|secrets?|passwords?|passwd|"
    r"credentials?|cookies|env(?:ironment)? var(?:iable)?s|environment|id_rsa(?!\.pub)|id_ed25519(?!\.pub)"
    r"|chat ?logs?|conversations?|(?:the user'?s|user'?s|my|all|every) (?:messages|prompts|inputs?)|"
    r"what (?:the user|i) (?:says?|types?|writes?)|"
    r"transcripts?|chat history|session history|conversation history|keystrokes|clipboard|screenshots|source code|"
    r"every file|all files|files you (?:read|open|see|touch)|database dump|user data|personal data|system prompt|"
    r"memories|contents of|(?:full|entire|whole) context|ключи|пароли|токены|переписк\w{0,3})\b"
    r"|\.env\b(?![.\w])|密钥|密码|聊天记录|对话")
_GUARDS_AGAINST = re.compile(r"\b(?:catch\w{0,3}|detect\w{0,3}|prevent\w{0,3}|stop\w{0,3}|block\w{0,3}|scan\w{0,3} for|"
                             r"check\w{0,3} for|find\w{0,3}|flag\w{0,3}|rotate|revoke|against|avoid)\W{1,3}"
                             r"(?:\w{1,12}\W{1,3})?$")
_CRED_FILE = re.compile(
    r"(?<![\w.])\.env\b(?![.\w])|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.git-credentials|\.aws/credentials|aws credentials|"
    r"id_rsa\b(?!\.pub)|id_ed25519\b(?!\.pub)|id_ecdsa\b(?!\.pub)|\.kube/config|\.docker/config\.json|/etc/shadow|"
    r"application_default_credentials|credentials\.json|\.gnupg|\.ssh/?(?:\s|$)")
_DEST_WORDS = re.compile(
    r"\b(?:my server|remote server|external server|attacker|webhook|pastebin|gist|telegram|discord|ngrok|"
    r"requestbin|public (?:gist|bucket|repo|paste|channel|url|link|server|site)|make (?:it|them) public|"
    r"someone else'?s|using nc|via nc|with nc|netcat)\b")
_URL = re.compile(r"\b(?:https?|ftp|wss?|s3)://([^\s/:\"'`)<>]{1,253})")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63}){1,4})")
_IP = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])")
_HOSTLIKE_TLDS = ("com", "net", "org", "io", "ru", "cn", "xyz", "sh", "me", "cc", "biz", "info", "site", "top",
                  "tk", "co", "app", "dev", "example")
_WORD_WITH_DOT = re.compile(r"(?<![a-z0-9\-.~])[a-z0-9\-]{1,63}\.[a-z0-9.\-]{2,200}")

_C2 = re.compile(r"\b(?:c2|c&c|command[- ]and[- ]control)\b")
_PHONE_HOME = re.compile(r"\bphones? home\b|\bbeacon (?:to|out|home)\b|^\s*beacon\b")
_C2_ACTION = re.compile(r"\b(?:register|connect|check in|checks in|report|send|beacon|ping|poll|run|fetch|execute|"
                        r"reach|contact|enroll|call back)\b")
_REGISTER = re.compile(r"\b(?:register|enroll|announce)\b")
_MACHINE = re.compile(r"\b(?:this (?:machine|host|box|computer|device|server)|the (?:host|machine)|hostname|whoami|"
                      r"the machine'?s)\b")
_URL_WITH_PROBE = re.compile(r"https?://\S{0,200}(?:\$\(|\$\{|`)(?:hostname|whoami|id|uname|user|home)")
_FETCH = re.compile(r"\b(?:fetch|download|get|pull|retrieve|curl|wget|poll|read)\b")
_RUN_RESULT = re.compile(r"\b(?:run|execute|eval|exec)\b[^.;\n]{0,30}\b(?:it|whatever|returned|the result|the response|"
                         r"the output|commands?|tasks?|the script|what it says)\b")

_COVERT = re.compile(
    r"\b(?:silently|secretly|quietly|covertly|stealthily|heimlich|discretement|en secreto|en secret|тайно|незаметно|"
    r"молча)\b|悄悄|偷偷|こっそり|黙って")
# What "don't ask the user" is followed by when it protects them: a request for their secrets.
# (context_structure asks the same of a dropped confirmation: one list of what is asked for.)
ASKED_SECRET = (r"(?:their |your |the |any )?(?:passwords?|passphrases?|tokens?|credentials?|secrets?|api keys?|keys?|"
                r"2fa|mfa|otp|one-time|pins?|recovery codes?)\b")
# ("… to paste a password into the chat" asks for one too)
_ASKED_FOR_SECRET = re.compile(
    r"\s(?:the user\s|them\s|anyone\s)?(?:for\s|to\s(?:paste|share|send|give|type|enter|post|reveal|read out|"
    r"hand over)\s(?:(?:a|an|the|their|your|any|its)\s)?(?:[\w-]{1,15}\s)?)" + ASKED_SECRET)
# What "don't tell the user" is followed by when it protects them: the secret itself, not an
# event about it ("their password" but not "their password was leaked").
_TOLD_OWN_SECRET = re.compile(
    r"\s(?:back\s)?(?:their|his|her|your|its)\s(?:own\s|full\s|current\s|new\s|plain-?text\s|api\s|access\s)?"
    r"(?:passwords?|passphrases?|tokens?|credentials?|secrets?|keys?|pins?|recovery codes?)\b"
    r"(?! (?:has|have|had|was|were|is|are|got|gets|may|might|could|would|will|leaked|expired|changed|been)\b)"
    r"(?!\s{0,2}(?:that|which)\b)")
# Asking someone other than the user to do a thing ("don't ask admins to lift it") is no
# dropped confirmation.
_OTHER_PARTY_TO = (r" (?:the |an? |other |your )?(?:admins?|administrators?|maintainers?|owners?|reviewers?|ops|sre|"
                   r"security(?: team)?|colleagues?|coworkers?|teammates?|other teams?|support|infra(?: team)?)"
                   r" to\b")
_COVERT_ALONE = re.compile(
    r"\b(?:without (?:asking|telling|informing|notifying|confirmation|confirming|any confirmation|the user'?s? "
    r"(?:knowing|knowledge|consent|approval))|behind the user'?s back|say nothing|tell no one"
    r"|no need to (?:confirm|ask)|"
    r"(?:do not|don'?t|never) ask(?: the user)?\b(?!" + _OTHER_PARTY_TO + r")|"
    r"(?:do not|don'?t|never) (?:tell|inform|notify|alert|show) "
    r"(?:the user|anyone|them)(?!'s|’s| to\b)|(?:do not|don'?t|never) mention (?:this|it|that)(?: \w{1,20})? to\b|"
    r"(?:do not|don'?t|never) mention to the user|ohne (?:zu fragen|nachfrage|ruckfrage)|sin preguntar|sin avisar|"
    r"sans demander|sans prevenir|не спрашивая|(?:do not|don'?t|never) let (?:the user|them|anyone) (?:know"
    r"|see))\b|不要告诉|无需确认|不要询问|確認せずに")
_ACTION = re.compile(
    r"\b(?:run|execute|send|upload|add|insert|delete|remove|commit|push|install|copy|modify|change|rewrite|disable|"
    r"switch|keep|forward|post|update|edit|write|create|download|fetch|include|append|set|mirror|save|replace)\b")
_TRIGGER = re.compile(
    r"\b(?:when(?:ever)?|if|each time|every time|once) (?:the user|user|someone|anyone|i|they|somebody) (?:ever )?"
    r"(?:says?|types?|writes?|mentions?|sends?|enters?|uses|asks?)\b|\b(?:wenn der (?:nutzer|benutzer)"
    r"|cuando el usuario|"
    r"(?:quand|si) l'utilisateur|(?:когда|если) пользователь)\b|当用户|如果用户|ユーザーが")
_CODEWORD = re.compile(r"[\"'“‘«„][^\"'”’»\n]{1,30}[\"'”’»“]|\bthe (?:word|phrase|code ?word|magic word|password)\b")
# An unquoted one-word code right after the trigger: "when the user says banana, …"
_BARE_CODEWORD = re.compile(r"\s{0,3}[\w-]{1,20}\s{0,3}(?:[,:]|\bthen\b|->|→)")
_RISKY = re.compile(r"\b(?:run|execute|delete|remove|wipe|push|deploy|disable|turn off|switch off|stop asking|skip|"
                    r"send|upload|install|grant|rm|force|erase)\b")
_DESTRUCTIVE = re.compile(r"\brm -[a-z]{0,3}r|\b(?:delete|erase|wipe|destroy)\b[^.;\n]{0,40}\b(?:home|directory|"
                          r"folder|files|repo|repository|database|disk|everything|projects)\b"
                          r"|\bdrop (?:database|table)\b")
_WEAKEN = re.compile(
    r"\b(?:disabl\w{0,3}|turn(?:s|ing)? off|switch(?:es|ing)? off|skip\w{0,3}|bypass\w{0,3}|remov\w{1,3}|"
    r"deactivat\w{1,3}|ignor\w{1,3}|never run)\b[^.;\n]{0,40}\b(?:safety|sandbox|confirmations?|approvals?|code review|"
    r"reviews?|tests|guardrails|permissions|security|checks|write_approval|verification|2fa|mfa|antivirus|firewall)\b"
    r"|--dangerously|--yolo|--no-verify|write_approval:? (?:to )?(?:false|off|no)|approval is disabled|auto-?approve")
# A sentence that opens by forbidding an action ("Do not disable tests silently", "Never add
# dependencies without asking") asks for the opposite of what its covert or weakening words
# would mean alone. Only a forbidden ACTION counts: "don't hesitate to", "never forget to" and
# "do not tell the user" are not prohibitions of the act that follows. The prohibition covers
# its own clause; a covert word after a comma, "and", "but", "then", "or" or a colon is judged
# as usual.
_PROHIBITION = re.compile(
    r"^\W{0,3}(?:(?:please|you|we)\s+)?(?:do not|don'?t|never|must not|mustn'?t|should not|shouldn'?t|"
    r"must never|should never|cannot|can'?t)\s+(?:(?:ever|silently|secretly|quietly)\s+)?"
    r"(?=(?:run|execute|send|upload|add|insert|delete|remove|commit|push|install|copy|modify|change|"
    r"rewrite|disable|switch|forward|post|update|edit|write|"
    r"create|download|fetch|merge|deploy|release|publish|skip|bypass|deactivate|turn|touch|use|drop|"
    r"force|amend|rebase|bump|upgrade|downgrade|overwrite|mark|close|approve)\b)")
_CLAUSE_END = re.compile(r",|:|;|—| - |\b(?:and|but|then|or|unless|except|instead)\b")
# A prohibition with a limit or a condition ("never … more than once", "… before the user
# is back", "… other than to ops@…") permits the act outside it: it is judged as a plain
# instruction.
_QUALIFIED = re.compile(r"\b(?:more than|other than|beyond|before|until|till|after|if|when(?:ever)?|while|"
                        r"once|only|except|unless|outside)\b")

_AUDIENCE = re.compile(r"\b(?:every|all|any|future|other|next) (?:future )?(?:agents?|assistants?|ai|models?|llms?|"
                       r"copilot|claude|gemini|cursor)\b|\b(?:agents|assistants|copilot) must\b")
_AGENT_FILE = re.compile(r"agents\.md|claude\.md|gemini\.md|\.cursorrules|\.windsurfrules|\.clinerules|"
                         r"copilot-instructions|\.cursor/rules|soul\.md|\.github/instructions"
                         r"|readme you edit|every readme")
_OWN_CONFIG = re.compile(r"~/\.hermes|\$hermes_home|\.hermes/|hermes config|(?<![\w.])memory\.md|(?<![\w.])user\.md|"
                         r"write_approval|review_approval|memory approval|your (?:own )?(?:config(?:uration)?|settings|"
                         r"system prompt|memory files?|prompt files?|instructions? files?)")
_WRITE = re.compile(r"\b(?:add|append|prepend|insert|inject|write|put|edit|modify|change|update|rewrite|replace|"
                    r"overwrite|set|create|place|plant|save|store|turn off|disable)\b|>>")
_IMPERATIVE_LEAD = re.compile(r"^(?:\W{0,3}(?:please|always|now|also|then|and|first|next)\b\W{0,3}){0,2}$|"
                              r"\b(?:and|then|to|must|should|you|please)\W{0,2}$")
_HOSTILE = re.compile(r"\b(?:ignore|disregard|my (?:fork|package|product|repo|server|site)|attacker|evil|backdoor|"
                      r"force[- ]push|push --force|push -f|commit directly to main|hidden (?:instructions|text|rules|"
                      r"prompt)|leak\w{0,3}|exfiltrat\w{0,4})\b")


_CODE_EXEC = re.compile(r"\b(?:os\.system|subprocess\.\w{1,20}|eval|exec|__import__|child_process|getruntime|popen|"
                        r"b64decode|shell_exec)\b ?\(|child_process")
_IMAGE_BEACON = re.compile(r"!\[[^\]\n]{0,100}\]\( ?https?://[^)\s]{0,300}(?:\{|\$|%7b)")
_SSH_WRITE = re.compile(r"(?<![-\w])(?:add|append|write|copy|cp|put|insert|install|save|store|place|plant|drop|inject|"
                        r"overwrite|move|mv|update|saving|placing|putting|writing|appending|adding|copying)\b"
                        r"[^.;\n]{0,80}(?:authorized_keys|(?:~|\$home|/root"
                        r"|/home/\w{1,32})/\.ssh/(?!known_hosts)(?![\w./-]*\.pub))")


def external_destination(s: str) -> bool:
    """Whether folded text names a host, address or place outside this machine and its network."""
    for m in _URL.finditer(s):
        if not is_local(m.group(1).lower()):
            return True
    for m in _EMAIL.finditer(s):
        if not is_local(m.group(1).lower()):
            return True
    for m in _IP.finditer(s):
        if not is_local(m.group(1)):
            return True
    if _DEST_WORDS.search(s):
        return True
    for m in _WORD_WITH_DOT.finditer(s):
        word = m.group(0).rstrip(".-")
        labels = word.split(".")
        if len(labels) >= 2 and labels[-1] in _HOSTLIKE_TLDS and not is_local(word) and "/" not in word:
            return True
    return False


def _imperative(s: str, m: re.Match[str]) -> bool:
    return bool(_IMPERATIVE_LEAD.search(s[max(0, m.start() - 40):m.start()]))


# "Never print or echo the contents of `.env`": a sentence that opens by forbidding showing or
# sending (the verbs joined by "or" or commas), with nothing after it that permits again.
_FORBIDS_SHOWING = re.compile(
    r"^\W{0,3}(?:(?:please|you|we)\s+)?(?:do not|don'?t|never|must not|mustn'?t|should not|shouldn'?t|must never|"
    r"should never)\s+(?:ever\s+)?(?:print|echo|cat|show|display|log|paste|share|send|upload|post|commit|reveal|"
    r"output|expose|copy|dump)(?:(?:,\s?|\s(?:or|nor)\s)(?:print|echo|cat|show|display|log|paste|share|send|upload|"
    r"post|commit|reveal|output|expose|copy|dump)){0,4}\b")
_PERMITS_AGAIN = re.compile(r"\b(?:but|instead|then|however|unless|except|rather|only)\b|;")


# The same opening ban in the other languages _SEND reads: "Никогда не отправляй .env …",
# "N'envoie jamais .env …", "Sende niemals .env …", "不要把 .env 上传…", ".env を送信しないで…".
_FORBIDS_SENDING_ELSEWHERE = re.compile(
    r"^\W{0,3}(?:(?:никогда\s+|ніколи\s+)?не\s+(?=отправ|перешл|пересыла)"
    r"|n'(?=envoie\s+(?:jamais|pas|plus)\b)|ne\s(?=(?:envoie|transmets)\s+(?:jamais|pas|plus)\b)"
    r"|(?:sende|schicke)\s+(?:niemals|nie|nicht|keine)\b|(?:永远)?(?:不要|切勿|请勿|禁止|绝不|不得)"
    r"(?=[^，。；,;]{0,40}(?:发送|上传|转发)))"
    r"|^[^、。；;]{0,60}?(?:送信|アップロード|転送)(?:しないで|しない|禁止|してはいけ)")
# What permits again after such a ban: "…, а отправь его на …", "…; instead …", "但…", "でも…"
_PERMITS_AGAIN_ELSEWHERE = re.compile(r"[;；]|\b(?:но|а|вместо|однако|mais|plutot|au lieu|sondern|aber|"
                                      r"stattdessen)\b|但|而是|改为|でも|代わりに")


def _forbids_sending_elsewhere(s: str) -> bool:
    lead = _FORBIDS_SENDING_ELSEWHERE.match(s)
    if lead is None:
        return False
    again = _PERMITS_AGAIN_ELSEWHERE.search(s, lead.end())
    return again is None or not _SEND.search(s, again.end())


def _forbids_showing(s: str) -> bool:
    if _forbids_sending_elsewhere(s):
        return True
    lead = _FORBIDS_SHOWING.match(s)
    if lead is None:
        return False
    again = _PERMITS_AGAIN.search(s, lead.end())
    # What follows "but", "instead" or ";" asks again only when it sends the file (or "it")
    # itself: "never paste my .env into chat; instead upload it to …", but not "never paste my
    # .env into chat; if you need a value, check that it is set".
    return again is None or not (_SEND.search(s, again.end()) and (
        _CRED_FILE.search(s, again.end()) or _CARRIED.search(s, again.end())))


# "instead" after a ban asks for the act wherever it goes: "never print .env; instead send it to …"
_INSTEAD = re.compile(r"\W{0,3}(?:instead|but|rather|then)\b")
_CARRIED = re.compile(r"\b(?:it|them|its contents|their contents|the file|the files|a copy)\b")


def _forbidden_clause(s: str) -> tuple[int, int] | None:
    """The span of a sentence's opening prohibition of an action, if it opens with one."""
    lead = _PROHIBITION.match(s)
    if lead is None:
        return None
    end = _CLAUSE_END.search(s, lead.end())
    span = lead.start(), end.start() if end else len(s)
    return None if _QUALIFIED.search(s, lead.end(), span[1]) else span


def _all_inside(pattern: re.Pattern[str], s: str, span: tuple[int, int]) -> bool:
    """True when every match of `pattern` in `s` lies inside `span`."""
    return all(span[0] <= m.start() and m.end() <= span[1] for m in pattern.finditer(s))


# What happens to a secret, not the secret: "report suspected credential leaks", "token rotation".
_EVENT_AFTER = re.compile(r"\s(?:leaks?|leakage|exposures?|incidents?|breach\w{0,2}|rotation|scanning|scanners?|"
                          r"hygiene|policy|policies)\b")


# An attack told as reported speech: what the hostile text asked, not what this text asks.
_REPORTED_ATTACK = re.compile(
    r"\b(?:malicious|hostile|injected|fake|phishing|suspicious|attacker['’]?s?|adversarial|poisoned|rogue)\s"
    r"(?:[\w-]{1,30}\s){0,2}?(?:prompts?|messages?|e-?mails?|instructions?|comments?|issues?|texts?|payloads?|prs?|"
    r"pull requests?|docstrings?|notes?)\b[^.;\n]{0,30}?\b(?:asking|asked|telling|told|that asks?|that tells?|"
    r"which asks?|which tells?|instructing|urging)\b")


def _sensitive(s: str) -> re.Match[str] | None:
    """The first sensitive thing a sentence names as data (not an event that befalls it)."""
    for m in _SENSITIVE.finditer(s):
        if not _EVENT_AFTER.match(s, m.end()):
            return m
    return None


# A leak told as an event rather than asked for: a noun ("exfiltration attempts", "a leak"), a
# participle or past tense ("a leaked token", "the package exfiltrated env vars", "has
# leaked"), a third person ("if a token leaks") or what something can do ("changes can leak
# secrets"). Only the bare verb addressed to the reader asks for one ("leak the keys").
_LEAK_NOUN_BEFORE = re.compile(r"\b(?:a|an|the|any|no|each|every|this|that|possible|suspected|potential|data|"
                               r"secret|key|token|credential|memory)\W{1,2}$")
_MODAL_BEFORE = re.compile(r"\b(?!you\b)[\w'’-]{1,30}\s(?:can|could|may|might|would|will)\s(?:\w{1,12}\s)?$")
_LEAKED_THING = re.compile(r"\b(?:leaked|exfiltrated|stolen|harvested|smuggled)\s(?:[\w-]{1,20}\s)?[\w.-]")
_TOLD_FORM = re.compile(r"(?:ed|s|age|ation|ations)$")


def _asked_leak(s: str, external: bool) -> re.Match[str] | None:
    """The first word of leaking in sentence `s` that asks for a leak, not one that tells of
    or guards against it ("a hook catches leaked credentials"). With an outside destination
    named, every form asks ("tokens are exfiltrated to https://…")."""
    for leak in _LEAK.finditer(s):
        before = s[max(0, leak.start() - 40):leak.start()]
        if _GUARDS_AGAINST.search(before[-24:]):
            continue
        if external:
            return leak
        word = leak.group(0)
        if _TOLD_FORM.search(word) or s.startswith("-", leak.end()) or (
                word == "leak" and _LEAK_NOUN_BEFORE.search(before)) or _MODAL_BEFORE.search(before):
            continue
        return leak
    return None


# A negation standing right before a verb forbids that act: "never copy …", "don't add keys
# to …", "it never phones home".
_NEGATED_BEFORE = re.compile(
    r"\b(?:do not|don'?t|does not|doesn'?t|never|must not|mustn'?t|should not|shouldn'?t|must never|should never|"
    r"cannot|can'?t|will not|won'?t|not)\s(?:(?:ever|just|directly|accidentally|manually|yourself)\s)?$")


def _negated_here(s: str, pos: int) -> bool:
    """Whether the verb at `pos` of sentence `s` stands right after a negation."""
    return bool(_NEGATED_BEFORE.search(s, max(0, pos - 30), pos))


def _sends_only_forbidden(s: str) -> bool:
    """Whether every sending verb of sentence `s` is forbidden where it stands, with nothing
    after the first ban that limits it or asks again ("unless", "instead", "other than")."""
    sends = list(_SEND.finditer(s))
    if not sends or not all(_negated_here(s, m.start()) for m in sends):
        return False
    return not (_QUALIFIED.search(s, sends[0].end()) or _PERMITS_AGAIN.search(s, sends[0].end()))


def _sentence_findings(s: str) -> list[ScanFinding]:
    found: list[ScanFinding] = []
    send, sensitive = _SEND.search(s), _sensitive(s)
    external = external_destination(s)
    cred = _CRED_FILE.search(s)
    leak = _asked_leak(s, external)
    attack = _REPORTED_ATTACK.search(s) if send else None
    if send and attack and attack.start() <= send.start():
        send = leak = None  # "the write-up quotes a malicious prompt asking agents to send .env to …"
    if send and _sends_only_forbidden(s):
        send = None  # "never copy production .env values into staging", "don't paste it into …"
    # Moving a leaked thing asks for the leak whatever the word's form: "paste the leaked value into #ops"
    moved = send and _imperative(s, send) and _LEAKED_THING.search(s)
    if (sensitive or moved) and (leak or moved or (send and external)):
        found.append(finding(EXFILTRATION, "send-sensitive-data", s))
    elif cred and send and not re.search(r"\b(?:to|into)\s\S{0,40}$", s[:cred.start()]) and not _forbids_showing(s):
        found.append(finding(EXFILTRATION, "leak-credential-file", s))
    elif send and sensitive and re.search(r"\b(?:every|any|all)\b", s) and _imperative(s, send):
        found.append(finding(EXFILTRATION, "collect-sensitive-data", s, STAGE))

    if _IMAGE_BEACON.search(s):
        found.append(finding(EXFILTRATION, "markdown-image-beacon", s))
    if any(not _negated_here(s, m.start()) or _CLAUSE_END.search(m.group(0)) for m in _SSH_WRITE.finditer(s)):
        found.append(finding(PERSISTENCE, "ssh-key-write", s))
    c2 = _C2.search(s)
    home = _PHONE_HOME.search(s)
    if (home and not _negated_here(s, home.start())) or (c2 and _C2_ACTION.search(s)) or _URL_WITH_PROBE.search(s) or (
            _REGISTER.search(s) and _MACHINE.search(s) and external):
        found.append(finding(EXFILTRATION, "beacon", s))
    fetch = _FETCH.search(s)
    if fetch and external and _RUN_RESULT.search(s, fetch.end()):
        found.append(finding(EXFILTRATION, "fetch-and-run", s))

    covert = None
    m = _COVERT.search(s)
    weaken = _WEAKEN.search(s)
    if m and (_ACTION.search(s) or weaken):  # "quietly turn off the checks" has no _ACTION verb
        covert = m
    covert = covert or _COVERT_ALONE.search(s)
    if covert and (_ASKED_FOR_SECRET.match(s, covert.end()) or _TOLD_OWN_SECRET.match(s, covert.end())):
        covert = None  # "never ask the user for their passwords", "… tell the user their password"
    trigger = _TRIGGER.search(s)
    codeword = (_CODEWORD.search(s, trigger.end()) or _BARE_CODEWORD.match(s, trigger.end())) if trigger else None
    trigger = trigger if codeword else None
    codeword_end = codeword.end() if codeword else 0
    destructive = _DESTRUCTIVE.search(s)
    if destructive and _negated_here(s, destructive.start()):
        destructive = None  # "… I mean remove dead code, not delete git branches"
    forbidden = _forbidden_clause(s)
    if forbidden and (covert or weaken) and all(
            _all_inside(p, s, forbidden) for p in (_COVERT, _COVERT_ALONE, _WEAKEN)):
        covert = weaken = None  # "never do X quietly" forbids doing X quietly
    code = _CODE_EXEC.search(s)
    if trigger and (destructive or covert):
        found.append(finding(COVERT, "trigger-action", s))
    elif covert and code:
        found.append(finding(COVERT, "covert-code-injection", s))
    elif covert and (destructive or weaken):
        found.append(finding(COVERT, "covert-" + ("destruction" if destructive else "weakening"), s))
    elif trigger and _RISKY.search(s, codeword_end):
        found.append(finding(COVERT, "trigger-action", s, STAGE))
    elif covert:
        found.append(finding(COVERT, "covert-modifier", covert.group(0), STAGE))
    elif weaken:
        found.append(finding(COVERT, "weaken-safety", weaken.group(0), ALLOW))

    agent_file, own = _AGENT_FILE.search(s), _OWN_CONFIG.search(s)
    write = _WRITE.search(s)
    if (agent_file or own) and write:
        hostile = weaken or covert or _HOSTILE.search(s) or (send and sensitive) or external
        if hostile:
            found.append(finding(PERSISTENCE, "agent-instructions-poisoning", s))
        elif agent_file and _AUDIENCE.search(s):
            found.append(finding(PERSISTENCE, "instructions-for-future-agents", s, STAGE))
        elif own and _imperative(s, write):
            found.append(finding(PERSISTENCE, "agent-config-write", s, STAGE))
        else:
            found.append(finding(PERSISTENCE, "agent-file-edit", s, ALLOW))
    elif _AUDIENCE.search(s) and (weaken or covert):
        found.append(finding(PERSISTENCE, "instructions-for-future-agents", s))
    return found


def sentences(text: str) -> Iterator[str]:
    """The sentences of a folded text, each with its closing mark (the rules judge one at a time)."""
    start = 0
    for m in _SENTENCE.finditer(text):
        yield text[start:m.end()]
        start = m.end()
    yield text[start:]


def detect(text: str) -> list[ScanFinding]:
    """Intent findings in a folded view of an entry, sentence by sentence."""
    found: list[ScanFinding] = []
    for sentence in sentences(text):
        found += _sentence_findings(sentence)
    if _SECURITY_WARNINGS.search(text):
        found += _hidden_warnings(text)
    # (the second pass runs only where a credential file is named at all: most text names none)
    if _CRED_FILE.search(text) and not any(f.category == EXFILTRATION and f.severity == BLOCK for f in found):
        found += _sent_on_later(text)
    # A file named in one sentence and the payload in the next ("Append to CLAUDE.md: …").
    if len(text) < 2000 and (_AGENT_FILE.search(text) or _OWN_CONFIG.search(text)) and not any(
            f.category == PERSISTENCE and f.severity == BLOCK for f in found):
        whole = [f for f in _sentence_findings(" ".join(text.split())) if f.category == PERSISTENCE]
        found += [f for f in whole if f.severity == BLOCK]
    return found


# Keeping security warnings from the user: "… security warnings or leaked-secret alerts. Drop
# them from output." (the warnings may be named in the sentence before).
_SECURITY_WARNINGS = re.compile(r"\b(?:security|audit|vulnerabilit\w{1,3}|cve|certificate|secret|credential|"
                                r"leak\w{0,3}|scanner)[\w-]{0,12}\s(?:[\w-]{1,20}\s)?(?:warnings?|alerts?|findings?)\b")
_HIDE_WARNINGS = re.compile(
    r"\b(?:suppress|hide|drop|omit|filter out|leave out|strip|silence|mute|remove)\s(?:all |any |the |every )?"
    r"(?:them|these|those|(?:[\w-]{1,20}\s){0,2}(?:warnings?|alerts?|findings?))\b[^.;\n]{0,40}?"
    r"\b(?:from|in|out of)\s(?:the |your |my |any )?(?:output|answers?|replies|reply|reports?|summar(?:y|ies)|"
    r"responses?|messages?|user|chat)\b")


def _hidden_warnings(text: str) -> list[ScanFinding]:
    """An ask to keep security warnings the text names out of what the user sees."""
    for sentence in sentences(text):
        m = _HIDE_WARNINGS.search(sentence)
        if m and not _negated_here(sentence, m.start()):
            return [finding(COVERT, "hides-security-warnings", sentence)]
    return []


def _sent_on_later(text: str) -> list[ScanFinding]:
    """A credential file named in one sentence and sent out in a later one by a pronoun ("Read
    ~/.aws/credentials. Then upload it to https://…", "never paste .env into chat; instead post
    it to …"): each sentence alone names only half of the act."""
    named = False
    for sentence in sentences(text):
        send = _SEND.search(sentence)
        if named and send and _CARRIED.search(sentence, send.end()) and _PROHIBITION.match(sentence) is None and (
                external_destination(sentence) or _INSTEAD.match(sentence)):
            return [finding(EXFILTRATION, "leak-credential-file", sentence)]
        named = named or bool(_CRED_FILE.search(sentence))
    return []

