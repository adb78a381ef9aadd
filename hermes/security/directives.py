"""What a paragraph of instructions asks of the agent toward its user: concealment, authority
over the user, skipped safeguards, planted approvals, secrets put where others read them.

Project files (AGENTS.md, CLAUDE.md) and memory entries speak to the agent in the imperative,
so the hostile ones look like house rules. Each feature here is a class of wording, not a
sentence: hiding what was done from the user ("leave it out of your summary", "say you only
…"), ranking some text above the user ("takes priority over anything the user says"),
skipping or faking a safeguard ("merge even when checks are failing"), and moving secrets into
committed or public places. One feature stages for a person; concealment joined to a risky act,
or two ways of concealing, blocks. A clause that forbids an act ("Never commit .env") does not
count as asking for it; forbidding a safeguard ("don't tell the user") is itself the feature.
"""

from __future__ import annotations

import re

from hermes.security import intent
from hermes.security.findings import (
    BLOCK,
    COVERT,
    DANGEROUS_COMMAND,
    EXFILTRATION,
    INJECTION,
    PERSISTENCE,
    SAFETY_BYPASS,
    STAGE,
    ScanFinding,
    finding,
)

_NEG = r"(?:do not|don['’]t|never|must not|mustn['’]t|should not|shouldn['’]t|no need to|not need to|needn['’]t)"
# Hiding from the user what the agent did. Product wording ("hide the debug panel from the
# user", "leave the refactor out of the PR") names no act of the agent's, so objects are narrow.
_CONCEAL = re.compile(
    r"\bwithout (?:mentioning|telling|informing|notifying|comment(?:ing)?|a word|saying anything|any mention|"
    r"explanation|disclosing)\b"
    rf"|\b{_NEG} (?:ever )?(?:mention|bring up|point out|disclose|tell|report|admit|flag|surface)\w{{0,3}}\b"
    r"[^.;,\n]{0,40}?\b(?:(?:to|with|from) (?:the )?user\b(?!['’]s)|(?:it|this|that|them|these|those) "
    r"(?:up|out|step|change|script|file)|(?:in|from) (?:your|the) (?:summary|report|reply|answer|response|"
    r"pr|pull request|commit message|changelog)|(?:that|what) you\b|you (?:add|made|did|ran|changed|install|skip))"
    rf"|\b{_NEG} (?:ever )?(?:mention|bring up|point out|disclose)\w{{0,3}} (?:it|this|that|them|anything|"
    r"(?:the |any )?(?:failures?|failed \w{1,12}|errors?|warnings?|skipped \w{1,12}))\b"
    rf"|\b{_NEG} (?:bring (?:it|this|that|them) up|point (?:it|this|that|them|these|those) out)\b"
    rf"|\b{_NEG} explain (?:it|this|that|them|these changes|the change)\w{{0,2}} (?:in|to)\b"
    r"|\bleav\w{1,4} (?:it|this|that|them) out of (?:your|the|any) (?:summary|report|reply|answer|response|notes)\b"
    r"|\bleav\w{1,4} any mention\b[^.;\n]{0,30}?\bout\b"
    r"|\bonly (?:mention|report|list|describe|show)\b[^.;\n]{0,60}?\b(?:leave out|omit)\b"
    r"|\bhid(?:e|es|ing) (?:it|this|that|them|these|those|any|all|every|what|your|the (?:output|errors?|changes?|diff|"
    r"commands?|logs?|fact|failures?))\b[^.;\n]{0,60}?\bfrom (?:the )?(?:user|human|reviewer|maintainer|operator)s?\b"
    r"|\bthe user (?:must|should|need) (?:not|never) (?:know|see|notice|find out)\b"
    r"|\bkeep (?:it|this|that|them) (?:secret|hidden|quiet) from\b")
# Lying about what was done, or deflecting the user's question.
_MISLEAD = re.compile(
    r"\b(?:say|tell (?:the user|them|him|her|anyone)|claim|answer|reply|respond|pretend)\b (?:that )?"
    r"(?:you|it|this|everything|they) (?:only|just|merely|was (?:just|only|merely)|were (?:just|only)|did nothing)\b"
    r"|\bif the user asks\b[^.;\n]{0,60}?\b(?:say|tell|answer|reply|claim)\b")
# "Tell the user it was a performance tweak" misleads only when said of a risky act.
_MISLABEL = re.compile(r"\b(?:say|tell (?:the user|them|anyone)|claim|describe it|present it|call it)\b (?:that |as )?"
                       r"(?:(?:it|this|they) (?:was|were|is) )?(?:a|an|just a|only a) \w{1,20} (?:tweak|fix|change|"
                       r"cleanup|update|improvement|refactor)\b")
# Keeping the instructions themselves secret.
_SECRET_RULES = re.compile(
    r"\b(?:never|do not|don['’]t) (?:reveal|disclose|admit|acknowledge|share|show) (?:these|this|the|your|its) "
    r"(?:instructions?|rules|file|paragraph|section|steps?|guidance)\b")
# Removing the evidence of what was done.
_COVER_TRACKS = re.compile(
    r"\b(?:clear|wipe|delete|erase|remove|truncate|scrub|empty)\w{0,3} (?:the |your |their |any |all )?(?:user['’]s )?"
    r"(?:shell |bash |zsh |command |terminal )history\b|\bhistory -c\b|\bcover (?:your|our|its|the) tracks\b"
    r"|\b(?:leave|leaving) no traces?\b|\b(?:do not|don['’]t|never) leave (?:any )?traces?\b|\bwithout a trace\b")
_SUPPRESS_OUTPUT = re.compile(r"(?:>|\bto) ?[`'\"]?/dev/null\b")
# Text ranking itself (or other content) above the user.
_AUTHORITY = re.compile(
    r"\b(?:priority|precedence) over (?:\w{1,12} ){0,3}(?:the )?user\b"
    r"|\bmore (?:authoritative|important|binding) than (?:\w{1,12} ){0,3}(?:the )?user\b"
    r"|\b(?:overrides?|supersedes?|outranks?) (?:anything |whatever |what )?(?:the )?user\b"
    r"|\beven (?:if|when) (?:the user|they|it|these|those|this) (?:contradicts?|disagrees?|objects?)"
    r"|\beven (?:if|when) (?:they|these|those|it) (?:contradicts?|conflicts? with) (?:the user|what the user)"
    r"|\b(?:never|do not|don['’]t) (?:second-guess|question|doubt|refuse|disobey|disagree with|challenge)\w{0,2} "
    r"(?:the |any |these |those )?(?:instructions?|directions?|commands?|orders|directives)\b")
# Skipping, faking or overriding a safeguard.
_SKIP_SAFEGUARD = re.compile(
    rf"\b(?:{_NEG}|don['’]t (?:bother|waste time)|do not (?:bother|waste time)) (?:ever )?(?:bother |waste time )?"
    r"(?:on )?(?:run|read|review|check|wait(?:ing)? for|verify)\w{0,4} (?:the |any |these |those |our )?"
    r"(?:(?:`[^`\n]{1,30}`|[^\s.;,]{1,30}) or (?:any )?(?:other )?)?(?:linters?|tests?|test suite|security scan\w{0,3}|"
    r"(?:security )?scanners?|audits?|diffs?|code reviews?|reviews?|status checks|checks)\b"
    # only when unconditional: "don't run the tests on battery power" is a preference
    r"(?=\s{0,2}(?:[.;,:!]|$|here\b|at all\b|anymore\b|in this (?:repo\w{0,6}|project)\b|before (?:committing|"
    r"pushing|merging)\b))")
_MERGE_ANYWAY = re.compile(
    r"\b(?:merge|approve|deploy|ship|release|land)\w{0,3}\b[^.;\n]{0,80}?(?:\beven (?:when|if) (?:the |their "
    r"|its |all )?"
    r"(?:checks|tests|ci|builds?|pipelines?)\b[^.;\n]{0,20}?\bfail|\bdespite (?:the |any )?(?:failing|red|broken)\b|"
    r"\bwithout waiting for (?:the |any )?(?:required )?(?:reviews?|reviewers|approvals?|checks|ci|tests)\b|"
    r"\bas soon as (?:the )?(?:ci|checks|tests|pipeline|build) (?:starts?|begins?|is triggered)\b)"
    r"|\bapprove (?:it|them|the pr|the pull request|your own \w{1,12}) yourself\b")
_FAKE_STATUS = re.compile(
    r"\b(?:mark|tick|check|report|resolve|flag|close)\w{0,3}\b (?:every|all|each)\b[^.;\n]{0,60}?\bas (?:passed"
    r"|passing|"
    r"done|fixed|resolved|complete|completed|green|successful)\b"
    r"|\bwhether or not you (?:made|fixed|did|ran|tested|changed)\b"
    r"|\b(?:edit|change|rewrite|update)\w{0,3} the assertions? to match\b"
    r"|\b(?:security|auth\w{0,10}|sandbox|permissions?)\b[^.;\n]{0,30}? as (?:skipped|disabled)\b")
# Turning off the agent's or the project's protections (not tests: "skip the slow tests" is fine).
_WEAKEN_STRONG = re.compile(
    r"\b(?:disabl\w{1,3}|turn(?:s|ing)? off|switch(?:es|ing)? off|bypass\w{0,3}|remov\w{1,3}|deactivat\w{1,3}|"
    r"skip\w{0,3})\b[^.;\n]{0,40}?\b(?:sandbox\w{0,3}|permission (?:prompts|checks)|approvals?|confirmations?|"
    r"branch protection|authentication|2fa|mfa|firewall|antivirus|guardrails|safety checks|csrf|tls verification|"
    r"ssl verification|certificate (?:checks|verification)|secret scanning|push protection|security (?:checks|scans?|"
    r"scanners?|reviews?|tests))\b"
    r"|--dangerously|\bdangerously[-_ ]?skip|--yolo\b|--no-verify\b|--insecure\b|--no-check-certificate\b"
    r"|\b(?:do not|don['’]t|never) (?:leave|keep) (?:the )?(?:sandbox|firewall|approvals?|permission prompts|2fa|mfa|"
    r"authentication|branch protection)\w{0,3} (?:on|enabled|active|in place)\b"
    r"|\b(?:do not|don['’]t|never) (?:worry|care) about (?:the )?(?:sandbox|permissions|approvals?|security|firewall)\b"
    r"|\b[a-z_]{0,24}(?:skip|disable|no|bypass|ignore)_?[a-z_]{0,12}(?:security|scan|review|verify|verification|auth|"
    r"sandbox|approval)[a-z_]{0,12}\s?[=:]\s?[\"'`]?(?:1|true|yes|on)\b"
    r"|[\"'`]?\b[a-z_]{0,24}(?:sandbox|verify|ssl|tls|auth|approvals?|permissions?"
    r"|protection)[a-z_]{0,12}[\"'`]?\s?[=:]"
    r"\s?[\"'`]?(?:false|off|none|disabled)\b"
    r"|\b(?:allowed_?hosts|cors\b[^.;\n]{0,20}?origins?|allowedtools|permissions)\b[^.;\n]{0,40}?\bto [\"'`\[]{0,3}\*")
# GitHub workflow settings that hand repository secrets to code from forks.
_CI_SECRET_EXPOSURE = re.compile(r"\bpull_request_target\b[^\n]{0,120}?\bsecrets: ?inherit\b"
                                 r"|\bsecrets: ?inherit\b[^\n]{0,120}?\bpull_request_target\b")
# A claim that the user has waived approvals, written where future sessions will trust it.
_APPROVAL_CLAIM = re.compile(
    r"\bpre-?(?:approved|authori[sz]ed)\b|\b(?:has|have) (?:already )?(?:authori[sz]ed|approved|granted|allowed) "
    r"(?:all|any|every|unrestricted|blanket)\b|\b(?:unrestricted|blanket) (?:shell |sudo |root |file ?system "
    r"|network )?"
    r"(?:access|permissions?|approvals?)\b|\bnever ask (?:again|for (?:permission|approval|confirmation))\b"
    r"|\balready reviewed everything\b")
_MEMORY_WRITE = re.compile(
    r"\b(?:save|store|write|add|record|put|note|keep)\w{0,3}\b[^.;\n]{0,60}?\b(?:(?:long-term|persistent|permanent) "
    r"memory|your memory|memory file|memory\.md|user\.md|memories)\b|\bremember (?:that|this)\b")
_AGENT_SETTINGS = re.compile(r"\.claude/settings|settings\.local\.json|\ballowedtools\b|\.cursor/|\.codex/|\.gemini/"
                             r"|\bthe (?:assistant|agent)['’]s (?:settings|config\w{0,8})\b")
_WILDCARD = re.compile(r"[\"'`\[]{1,3}\*[\"'`\]]{0,3}|\ballow (?:all|every|any) tools?\b")
# Secrets and bulk data put where other people read them.
_SECRET = re.compile(
    r"\b(?:api[ _-]?keys?|secret keys?|access keys?|private keys?|ssh keys?|tokens?|secrets?|passwords?|credentials?|"
    r"(?:database|db|connection) (?:urls?|strings?)|id_rsa|id_ed25519|(?:shell|bash|zsh|command|terminal) (?:history|"
    r"sessions?)|gh auth token)\b|\.(?:bash|zsh)_history\b|(?<![\w.])\.env\b(?![.\w])|\.aws/credentials"
    r"|\bprocess\.env\b(?![.\[])|\bos\.environ\b(?![.\[])")
_ENV_DUMP = re.compile(
    r"\bprocess\.env\b(?![.\[])|\bos\.environ\b(?![.\[])|`(?:env|printenv|set)`|\boutput of (?:the )?`?(?:env"
    r"|printenv)\b"
    r"|\b(?:full|entire|whole|all) (?:contents of )?(?:the |your )?(?:environment|env vars|environment variables)\b")
_EXPOSE_VERB = re.compile(
    r"\b(?:put|puts|putting|writ(?:e|es|ing)|add|adds|adding|insert\w{0,3}|include\w{0,3}|attach\w{0,3}|paste\w{0,2}|"
    r"embed\w{0,3}|copy|copies|copying|commit|commits|committing|append\w{0,3}|post|posts|posting|place|print|log|dump|"
    r"echo|send|upload\w{0,3}|set)\b")
_PUBLIC_PLACE = re.compile(
    r"\bpublic/|\bpublic (?:folder|directory|repo\w{0,6}|bucket|gist|page|site|url|issue)|\bcommit messages?\b"
    r"|\b(?:pr|pull request) (?:description|body|title|comments?)\b|\bissues? (?:you (?:file|open|create)|comments?)\b"
    r"|\b(?:every|each|any|an|the|a new) (?:github )?issue\b|\breadme\b|\bwiki\b|\b(?:front[- ]?end|client[- ]side|"
    r"browser)\b|\bas a comment\b")
# Where a dump of the whole environment leaves the process (a token in one header is ordinary).
_OUTBOUND = re.compile(r"\buser-agent\b|\bheaders? of (?:every|all|each)\b"
                       r"|\b(?:every|all|each) (?:outgoing |outbound )?(?:http )?requests?\b"
                       r"|\bquery (?:string|param\w{0,6})\b")
_ENCODE = re.compile(r"\b(?:base64|hex)[- ]?(?:encod\w{0,3}|dump)?\b|\bencod\w{1,3} (?:it|them) (?:as|in|with) ")
# Downloading something from outside and running or installing it.
_FETCH_RUN = re.compile(
    r"\b(?:download|fetch|curl|wget|pull)\w{0,3}\b(?:[^.;\n]|\.(?=\S)){0,80}?\b(?:and|then) "
    r"(?:run|execute|source|install|eval|load)\w{0,3}\b")
_STARTUP = re.compile(r"\.(?:bashrc|zshrc|profile|bash_profile|zprofile|git/hooks)\b|\b(?:shell profile|login hooks?|"
                      r"on (?:every )?login|"
                      r"at (?:every )?(?:login|startup|boot)|every (?:login|boot|startup)|cron ?(?:jobs?|tab)|crontab|"
                      r"systemd (?:unit|service|timer)|launch ?agents?|startup (?:script|items?)"
                      r"|git hooks?)\b")
_FETCH_WORDS = re.compile(r"\b(?:download\w{0,3}|install\w{0,3}|curl|wget|fetch\w{0,3})\b")
# Acts that make concealment from the user certainly hostile.
_RISKY_ACT = re.compile(
    r"\b(?:upload\w{0,3}|exfiltrat\w{0,4}|send\w{0,3}|post(?:s|ing)?|push\w{0,3}|force[- ]push\w{0,3}|--force"
    r"|install\w{0,3}|"
    r"download\w{0,3}|delet\w{1,3}|remov\w{1,3}|disabl\w{1,3}|turn\w{0,3} off|sudo|chmod|rm|curl|wget|replac\w{1,3}|"
    r"overwrit\w{1,4}|authorized_keys|cron\w{0,3}|postinstall|hooks?)\b|\bpipe\w{0,3} in\b")
_CLAUSE_BREAK = re.compile(r"[,:;—]|\b(?:and|then|but|so|or)\b")
# Used with match(s, clause_start), so no "^": it would only match at the real start of `s`.
_IMPERATIVE_CLAUSE = re.compile(
    r"\W{0,3}(?:(?:please|always|just|simply|now|also|first|then|instead|and|for speed)\W{1,3}){0,2}"
    r"(?:set|run|disable|turn|switch|skip|bypass|remove|add|change|edit|use|mark|merge|approve|deploy|push|commit|"
    r"install|download|put|write|configure|enable|grant|give|allow|tick|resolve|close|delete|force|pass|append|update|"
    r"modify|replace|execute|start|launch|open|invoke|call|commit|keep|leave|make|quietly|silently|automatically)\b")


# Beyond this size, concealment in one paragraph is not joined to an act in another.
_JOIN_LIMIT = 2000
_PARAGRAPH = re.compile(r"\n\s{0,40}\n|\n(?=\s{0,8}(?:[-*§#]|\d{1,3}[.)]))")


def _clause_is_imperative(s: str, pos: int) -> bool:
    """Whether the clause holding `pos` opens with a command to the reader ("set X", "run Y")."""
    start = 0
    for m in _CLAUSE_BREAK.finditer(s, 0, pos):
        start = m.end()
    return bool(_IMPERATIVE_CLAUSE.match(s, start))


def _sentences(text: str) -> list[str]:
    out, start = [], 0
    for m in intent.SENTENCE.finditer(text):
        out.append(text[start:m.end()])
        start = m.end()
    out.append(text[start:])
    return [s for s in out if s.strip()]


def detect(text: str) -> list[ScanFinding]:
    """Findings for what folded text asks the agent to do behind or above its user. Acts and
    concealment are joined within a paragraph; long text is read paragraph by paragraph."""
    if len(text) <= _JOIN_LIMIT:
        return _paragraph_findings(text)
    return [f for part in _PARAGRAPH.split(text) for f in _paragraph_findings(part)]


def _paragraph_findings(text: str) -> list[ScanFinding]:
    found: list[ScanFinding] = []
    concealing: list[str] = []  # kinds of hiding things from the user
    unseen = False  # "quietly", "without asking": acting unseen or unasked
    risky = grave = False  # an act worth hiding; one that is hostile whenever done unseen
    for s in _sentences(text):
        forbidden = intent.forbidden_spans(s)
        for rule, pattern in (("conceal-from-user", _CONCEAL), ("mislead-user", _MISLEAD),
                              ("cover-tracks", _COVER_TRACKS), ("hide-instructions", _SECRET_RULES)):
            m = pattern.search(s)
            if m:
                concealing.append(rule)
                found.append(finding(COVERT, rule, m.group(0), STAGE))
        quiet = intent.allowed_match(intent.COVERT_WORDS, s, forbidden)
        unseen = unseen or bool(quiet or intent.COVERT_PHRASES.search(s))
        m = _MISLABEL.search(s)
        if m and (intent.allowed_match(_WEAKEN_STRONG, s, forbidden) or intent.allowed_match(_RISKY_ACT, s, forbidden)):
            concealing.append("mislabel-risky-act")
            found.append(finding(COVERT, "mislabel-risky-act", m.group(0), STAGE))
        m = _AUTHORITY.search(s)
        if m:
            found.append(finding(INJECTION, "authority-over-user", m.group(0), STAGE))
        for rule, pattern in (("act-despite-checks", _MERGE_ANYWAY), ("fake-status", _FAKE_STATUS),
                              ("ci-secrets-to-forks", _CI_SECRET_EXPOSURE)):
            m = intent.allowed_match(pattern, s, forbidden)
            if m:
                found.append(finding(SAFETY_BYPASS, rule, m.group(0), STAGE))
        m = _SKIP_SAFEGUARD.search(s)  # written as a prohibition: forbidding the safeguard is the point
        if m:
            found.append(finding(SAFETY_BYPASS, "skip-safeguard", m.group(0), STAGE))
        weaken = intent.allowed_match(_WEAKEN_STRONG, s, forbidden)
        if weaken and (_clause_is_imperative(s, weaken.start()) or weaken.group(0).startswith(("do", "don", "never"))):
            settings = _AGENT_SETTINGS.search(s)
            found.append(finding(PERSISTENCE if settings else SAFETY_BYPASS,
                                 "agent-protection-off" if settings else "weaken-protection",
                                 weaken.group(0), BLOCK if settings else STAGE))
            grave = True
        found += _planted_trust(s, forbidden)
        exposed = _exposure(s, forbidden)
        found += exposed
        fetch = intent.allowed_match(_FETCH_RUN, s, forbidden)
        external = intent.external_destination(s)
        if fetch and external:
            persistent = _STARTUP.search(s)
            found.append(finding(DANGEROUS_COMMAND, "startup-download" if persistent else "download-and-install",
                                 fetch.group(0), BLOCK if persistent else STAGE))
        moves_secret = intent.allowed_match(_EXPOSE_VERB, s, forbidden) and (
            _SECRET.search(s) or intent.SENSITIVE.search(s))
        fetches = external and intent.allowed_match(_FETCH_WORDS, s, forbidden)
        grave = grave or bool(exposed or moves_secret or fetches or _STARTUP.search(s)
                              or intent.allowed_match(intent.DESTRUCTIVE, s, forbidden))
        risky = risky or grave or bool(intent.allowed_match(_RISKY_ACT, s, forbidden) or external)
    if concealing and _SUPPRESS_OUTPUT.search(text):
        concealing.append("output-to-null")
    if len(set(concealing)) >= 2 or (concealing and risky) or (unseen and grave):
        found.insert(0, finding(COVERT, "concealed-action", text, BLOCK))
    return found


def _planted_trust(s: str, forbidden: list[tuple[int, int]]) -> list[ScanFinding]:
    """Blanket approvals written into memory, and agents' tool permissions opened to everything."""
    found = []
    claim = _APPROVAL_CLAIM.search(s)
    if claim:
        planted = intent.allowed_match(_MEMORY_WRITE, s, forbidden)
        found.append(finding(PERSISTENCE, "planted-approval" if planted else "approval-claim", claim.group(0),
                             BLOCK if planted else STAGE))
    settings = _AGENT_SETTINGS.search(s)
    if settings and _WILDCARD.search(s) and intent.allowed_match(intent.WRITE, s, forbidden):
        found.append(finding(PERSISTENCE, "agent-permissions-opened", settings.group(0), STAGE))
    return found


def _exposure(s: str, forbidden: list[tuple[int, int]]) -> list[ScanFinding]:
    """Secrets written into committed or public places, or the whole environment sent outward."""
    verb = intent.allowed_match(_EXPOSE_VERB, s, forbidden)
    if verb is None:
        return []
    secret = _SECRET.search(s)
    if secret and _PUBLIC_PLACE.search(s):
        return [finding(EXFILTRATION, "secret-to-public-place", s)]
    dump = _ENV_DUMP.search(s)
    if dump and (intent.external_destination(s) or _PUBLIC_PLACE.search(s) or _OUTBOUND.search(s)):
        return [finding(EXFILTRATION, "environment-sent-out", s)]
    if secret and _ENCODE.search(s) and intent.CRED_FILE.search(s):
        return [finding(EXFILTRATION, "credential-file-encoded", s)]
    return []
