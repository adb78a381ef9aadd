"""What instruction text asks of the agent toward its user, read one sentence at a time.

Project files (AGENTS.md, CLAUDE.md) and memory entries speak to the agent in the imperative,
so hostile ones read like house rules. Five classes of wording are recognised here: hiding
from the user what the agent did or lying about it, ranking the text above the user, telling
the agent to skip or fake a safeguard, claiming a blanket approval, and downloading something
from outside to run or install it.

Every finding STAGEs (a person decides); nothing here blocks, and the findings are kept out of
the scan's "two suspicions make a certainty" rule (see scan._analyse). Objects are narrow on
purpose: "hide the admin menu from the user" is product wording, "hide what you changed from
the user" is about the agent's own work. Each sentence is judged alone; wording in one
sentence is never joined to a verb in another. A clause that opens by forbidding the act
("Never merge without review") or limits it ("only", "unless") is not asking for it.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from hermes.security.findings import COVERT, DANGEROUS_COMMAND, INJECTION, SAFETY_BYPASS, STAGE, ScanFinding, finding
from hermes.security.intent import sentences
from hermes.security.shell import is_local

_CLAUSE_BREAK = re.compile(r"[,:;—(]|\s-\s|\b(?:and|but|then|so|or)\b")
_NEG = r"(?:do not|don['’]t|never|must not|mustn['’]t|should not|shouldn['’]t|no need to|not need to|needn['’]t)"
_NEG_CLAUSE = re.compile(r"\W{0,3}(?:(?:please|you|we|and|but|also)\s)?" + _NEG + r"\b")
# Words that limit an act ("only", "unless", "line by line" …): a limited act is an ordinary
# instruction. _LIMIT holds the ones that make telling a matter of length rather than of
# hiding; _HEDGE adds the negations, for the rules whose act a "never" after it forbids.
_LIMIT_WORDS = r"only|unless|except|until|in detail|line by line|step by step"
_LIMIT = re.compile(rf"\b(?:{_LIMIT_WORDS}|at length|every time|each time)\b")
_HEDGE = re.compile(rf"\b(?:{_LIMIT_WORDS}|never|do not|don['’]t)\b")
_LEAD = (r"\W{0,3}(?:(?:please|always|just|simply|now|also|first|then|instead|and|so|automatically|quietly|"
         r"silently|immediately|for speed|to save time|you (?:can|may|should|must)|feel free to|go ahead and)"
         r"\W{1,3}){0,2}")
_IMPERATIVE = re.compile(
    _LEAD + r"(?:set|run|disable|turn|switch|skip|bypass|remove|add|change|edit|use|mark|merge|approve|deploy|push|"
    r"force-push|commit|install|download|put|write|configure|enable|grant|allow|tick|resolve|close|delete|force|"
    r"append|update|modify|replace|execute|start|launch|keep|leave|make|ship|release|land|retry|deactivate|"
    r"circumvent|override|flag|report|fetch|curl|wget|source|proceed|continue|carry on|rerun|re-run|apply|"
    r"self-approve|get rid of|squash|tag|open)\b")

# --- hiding from the user what the agent did, or lying about it ---
_DID = (r"(?:[a-z]{2,20}ed|did|done|ran|run|made|make|wrote|written|add|change|install|remove|delete|edit|skip|"
        r"replace|disable|set up|put|took|left|broke|sent|built)")
_WORK = (rf"(?:(?:that|what|how|which|whatever|anything|everything) you(?:['’]ve| have| had)? {_DID}"
         rf"|(?:the|any|a|an|that|this|those|these) [\w-]{{1,20}}(?: [\w-]{{1,20}})? you(?:['’]ve| have)? {_DID}"
         r"|this step|these steps|(?:this|that) (?:change|edit|command)|your (?:changes|edits|actions|commands)"
         r"|skipped (?:hooks|tests|checks|steps))\b")
_CONCEAL = re.compile(
    rf"\b{_NEG} (?:ever )?(?:tell|inform|mention|disclose|admit|reveal|report|bring up|point out|"
    rf"let (?:the user|them|anyone) know(?: about)?)\b[^.;\n]{{0,40}}?\b{_WORK}"
    rf"|\b(?:hide|hiding|conceal\w{{0,3}}|keep|leave out|omit|suppress|withhold)\b[^.;\n]{{0,30}}?\b"
    rf"(?:{_WORK}|the (?:output|results?) of (?:the |this |that |your |any )?(?:commands?|scripts?|`))"
    r"[^.;\n]{0,30}?\b(?:from (?:the )?(?:user|human|reviewer|maintainer)s?\b(?!['’])|(?:out of|from) (?:your|the) "
    r"(?:summary|reply|report|answer|response|final message|pr description)\b)"
    r"|\bthe user (?:must|should|need|needs|may) (?:not|never) (?:know|notice|find out|learn|realize|realise)\b"
    r"|\bwithout the user (?:noticing|knowing|finding out|realizing|realising)\b"
    rf"|\b{_NEG} (?:ever )?(?:reveal|disclose|admit|acknowledge|mention|share|discuss|repeat|quote)\w{{0,2}} "
    r"(?:the existence of )?(?:these|this) (?:instructions?|rules|directives|guidance|section|paragraph)\b"
    r"|\bkeep (?:these|this) (?:instructions?|rules|section|paragraph) (?:secret|hidden|confidential)\b")
_MISLEAD = re.compile(
    r"\b(?:say|tell (?:the user|them|him|her|anyone|everyone)|claim|answer|reply|respond|report)\b (?:to the user )?"
    r"(?:that )?(?:you|we|it|this|they|the change) (?:only|just|merely) (?:\w{2,20}ed|did|ran|made|wrote)\b"
    r"|\b(?:say|tell (?:the user|them|anyone)|claim|report) (?:that )?(?:it|this|they|that) (?:was|were|is) "
    r"(?:just |only |merely )?(?:a|an) (?:[\w-]{1,20} )?(?:tweak|fix|cleanup|clean-up|update|improvement|refactor|"
    r"optimi[sz]ation)\b"
    r"|\bpretend (?:that )?(?:you|it|everything|nothing|the tests?|the build|all tests) (?:did|didn['’]t|did not|"
    r"have|haven['’]t|has|hasn['’]t|passed|succeeded|worked|was|were|never|already|ran|fixed|changed)\b"
    r"|\bdeny (?:that |having |ever )?(?:you |it |any )?(?:\w{2,20}ed|ran|made|did|changed|run)\b"
    r"|\b(?:if|when|whenever|should) (?:the user|they|anyone|someone) (?:ever )?asks? (?:you )?(?:what|whether|if|"
    r"why|how|about|who)\b[^.;\n]{0,60}?(?:\bonly (?:mention|list|describe|show|report|talk about)\b|\bpretend\b|"
    r"\bdeny\b|\bclaim\b|\bsay nothing\b|\bchange the subject\b|\bsay (?:that )?(?:you|it|nothing|everything) "
    r"(?:only|just|merely|never|did nothing|didn['’]t|did not|haven['’]t|have not|was just)\b)")

# --- ranking the text above the user ---
_USER_END = (r"(?:the )?user(?:['’]s (?:requests?|instructions?|wishes|words|messages?|objections?|commands?|"
             r"decisions?|choices?|corrections?|preferences))?(?=\s?(?:[.;,:!)]|$)| (?:says?|asks?|wants?|tells? you|"
             r"writes?|types?|requests?|might|may|does|did|thinks|prefers|decides)\b)")
_AUTHORITY = re.compile(
    rf"\b(?:priority|precedence|authority) over (?:anything |whatever |what |any )?{_USER_END}"
    rf"|\bmore (?:authoritative|important|binding) than (?:anything |whatever |what |any )?{_USER_END}"
    rf"|\b(?:overrides?|supersedes?|outranks?|trumps?|overrules?) (?:anything |whatever |what |any )?{_USER_END}"
    r"|\beven (?:if|when|though) (?:the user|they|he|she) (?:explicitly )?(?:contradicts?|disagrees?|objects?|"
    r"refuses?|declines?|pushes back|says? (?:otherwise|no\b|not to)|asks? (?:you )?(?:otherwise|not to)|"
    r"tells? you (?:otherwise|not to)|wants? (?:otherwise|something else))"
    r"|\beven (?:if|when|though) (?:it|they|these|this|those) (?:contradicts?|conflicts? with|goes? against) "
    r"(?:the user|what the user)"
    r"|\bregardless of (?:what|whether|how) (?:the user|they) (?:says?|wants?|asks?|thinks?|prefers?|objects?)"
    r"|\b(?:never|do not|don['’]t) (?:second-guess|question|disobey|refuse|disagree with|challenge|push back on|"
    r"argue with)\w{0,2} (?:the |any |these |those )?(?:instructions?|rules|directions?|commands?|directives?)\b"
    r"(?! (?:from|of|given by) the user)"
    r"|\bthe user (?:cannot|can['’]t|may not|must not|is not allowed to|has no (?:authority|right) to) "
    r"(?:override|overrule|countermand|veto)\b")

# --- skipping or faking a safeguard (imperative only) ---
_ACT_DESPITE = re.compile(
    r"\b(?:merge|approve|deploy|ship|release|land|push|force-push)\w{0,3}\b[^.;\n]{0,80}?(?:\beven (?:when|if|though) "
    r"(?:the |their |its |all |any )?(?:checks|tests|ci|builds?|pipelines?)\b[^.;\n]{0,20}?\b(?:fail|red\b|broken)"
    r"|\bdespite (?:the |any )?(?:failing|failed|red|broken)\b"
    r"|\bwithout (?:a |any )?(?:waiting for )?(?:the |any )?(?:required )?(?:reviews?|reviewers?|approvals?|"
    r"code review|checks|ci|green ci)\b"
    r"|\bas soon as (?:the )?(?:ci|checks|tests|pipeline|build) (?:starts?|begins?|is triggered)\b)"
    r"|\bapprove (?:it|them|the pr|the pull request|your own \w{1,20}) yourself\b|\bself-approve\b"
    r"|\bapprove your own (?:prs?|pull requests?|changes|merge requests?)\b")
_MARKED = re.compile(r"\b(?:mark|tick|check off|report|resolve|close|flag|set)\w{0,3}\b[^.;\n]{0,60}?\bas "
                     r"(?:passed|passing|done|fixed|resolved|complete|completed|green|successful|succeeded|ok)\b")
_UNTRUE = re.compile(
    r"\bwhether or not\b|\bregardless of (?:the )?(?:results?|outcome|whether)\b"
    r"|\beven (?:if|when|though) (?:it|they|the [\w-]{1,20}|tests?|checks?) (?:(?:is|are|was|were|still) )?"
    r"(?:fail|fails|failing|failed|not|didn['’]t|did not|weren['’]t|haven['’]t|broken|red)\b"
    r"|\bwithout (?:actually )?(?:running|checking|testing|verifying|fixing|making|reading|doing)\b")
_SECURITY_TESTS_OFF = re.compile(
    r"\b(?:mark|set|flag)\w{0,3}\b[^.;\n]{0,60}?\b(?:security|auth\w{0,12}|permissions?|sandbox)\b[^.;\n]{0,30}?"
    r"\bas (?:skipped|passed|passing|xfail\w{0,4}|expected to fail|disabled)\b")
_SAFEGUARD_OFF = re.compile(
    r"\b(?:disable|disabling|turn off|turning off|switch off|bypass|bypassing|deactivate|get rid of|skip|skipping|"
    r"remove|removing|circumvent|override)\b[^.;\n]{0,40}?\b(?:sandbox(?:ing)?(?! (?:directory|dir|folder|image|"
    r"account|environment|env|data|project|app|tenant|container|instance|url))|permission (?:prompts?|checks?|"
    r"dialogs?|requests?)|approval (?:prompts?|steps?|gates?|checks?)|approvals|confirmation (?:prompts?|dialogs?|"
    r"steps?)|confirmations|branch protection|required (?:reviews?|reviewers|status checks)|code review|"
    r"two-factor|2fa|mfa|firewall|push protection|secret scanning|signature verification|commit signing|"
    r"(?:tls|ssl|certificate) (?:verification|checks?|validation)|security (?:checks?|scans?|scanners?|reviews?|"
    r"tests?|hooks?)|pre-commit hooks|git hooks|commit hooks)\b")
_SAFEGUARD_FLAG = re.compile(
    r"--dangerously[\w-]{0,40}|\bdangerously[-_ ]?skip|--yolo\b|--no-verify\b|--insecure\b|--no-check-certificate\b"
    r"|\b[a-z_]{0,20}(?:skip|disable|no|bypass)_[a-z_]{0,16}(?:security|scan|review|verify|verification|sandbox|"
    r"approvals?|auth|checks?)\b[\"'`]?\s?[=:]\s?[\"'`]?(?:1|true|yes|on)\b"
    r"|[\"'`]?\b(?:sandbox|sandbox_?enabled|verify_?ssl|ssl_?verify|require_?approvals?|approvals?|require_?reviews?|"
    r"branch_?protection)[\"'`]?\s?[=:]\s?[\"'`]?(?:false|off|no|0|none|disabled)\b"
    r"|\bdangerously\w{0,30}[\"'`]?\s?[=:]\s?[\"'`]?(?:true|1|yes|on)\b")
_SAFEGUARD_NEG = re.compile(
    rf"\b{_NEG} (?:leave|keep) (?:the )?(?:sandbox(?:ing)?|firewall|approvals?|approval prompts|permission prompts|"
    r"2fa|mfa|branch protection|push protection|secret scanning)\w{0,3} (?:on|enabled|active|in place|"
    r"turned on)\b"
    rf"|\b{_NEG} (?:worry|care|bother) about (?:the )?(?:sandbox|permissions?|permission prompts|approvals?|"
    r"branch protection|firewall)\b"
    rf"|\b(?:{_NEG}|do not bother|don['’]t bother) (?:bother )?(?:run|running|use|using|wait for|waiting for|read|"
    r"reading|look at|check)\w{0,3} (?:the |any |our )?(?:`?npm audit\b(?! fix)`?|security (?:scans?|scanners?|"
    r"checks?|audits?|reviews?)|code reviews?|the diff|diffs)\b(?![^.;,\n]{0,60}\b(?:for|on|when|unless|until|"
    r"only|except)\b)")

# --- blanket approval claims ---
_APPROVAL_CLAIM = re.compile(
    r"\b(?:(?:the )?user|they|he|she|i|we|the owner|the maintainers?) (?:has |have |had )?(?:already )?"
    r"pre-?(?:approved|authori[sz]ed|consented to) (?:all|any|every|everything|anything)\b"
    r"|\b(?:has|have|had) (?:already )?(?:pre-?)?(?:authori[sz]ed|approved|granted|allowed|okayed|consented to|"
    r"signed off on) (?:all|any|every|everything|anything|unrestricted|blanket|full|root|sudo)\b"
    r"|\b(?:you|the agent|the assistant|hermes) (?:have|has|are given|get|hold) (?:an? )?(?:unrestricted|blanket|"
    r"standing|unlimited) (?:shell |sudo |root |admin |file ?system |network |write )?"
    r"(?:access|permissions?|approvals?|consent|authori[sz]ation)\b"
    r"|\bnever ask (?:me |the user |them |him |her )?(?:again|for (?:permission|approval|confirmation|consent))\b"
    r"|\b(?:consider|treat) (?:all |every |any )?(?:[\w-]{1,20} )?(?:commands?|changes?|actions?|requests?|"
    r"operations?|tool calls?|everything) (?:as )?(?:pre-?)?approved\b"
    r"|\balready (?:reviewed|approved) (?:everything|all of (?:it|this|them)|anything)\b"
    r"|\b(?:approval|permission|consent) (?:is|has been) (?:already )?(?:given|granted) (?:for|to) "
    r"(?:all|every|any|everything)\b")

# --- downloading from outside to run or install ---
_URL = re.compile(r"\b(?:https?|ftp)://([^\s/:\"'`)<>]{1,253})(\S{0,300})")
_ARTIFACT = re.compile(r"\.(?:sh|bash|zsh|ps1|py|pl|rb|js|exe|msi|deb|rpm|pkg|dmg|whl|tar\.gz|tgz|zip|jar|"
                       r"appimage|bin|run)\b|/(?:install|setup|bootstrap|init)\b")
# In words ("downloads and runs https://…"); a piped command (`curl … | sh`) is the shell
# rules' to judge, and notes that record one are ordinary.
_FETCH_RUN = re.compile(
    r"\b(?:download|fetch|curl|wget|pull|grab)\w{0,3}\b[^;\n]{0,100}?\b(?:and|then|&&) (?:run|execute|source|"
    r"eval|pipe)\w{0,3}\b (?:it|them|that|this|the (?:script|installer|binary|file|program|payload))\b")
_INSTALL_FROM = re.compile(r"\b(?:install\w{0,3}|pip install|npm install|gem install|go install|cargo install)\b")


def _clause_start(breaks: list[int], pos: int) -> int:
    i = bisect_right(breaks, pos)
    return breaks[i - 1] if i else 0


def _breaks(s: str) -> list[int]:
    return [m.end() for m in _CLAUSE_BREAK.finditer(s)]


def _clause_end(s: str, breaks: list[int], pos: int) -> int:
    i = bisect_right(breaks, pos)
    return breaks[i] if i < len(breaks) else len(s)


def _asked(s: str, breaks: list[int], m: re.Match[str]) -> bool:
    """Whether the clause holding the match tells the reader to do it, without limit."""
    start = _clause_start(breaks, m.start())
    if _NEG_CLAUSE.match(s, start) or not _IMPERATIVE.match(s, start):
        return False
    return not _HEDGE.search(s, m.end(), _clause_end(s, breaks, m.end()))


def _not_forbidden(s: str, breaks: list[int], m: re.Match[str]) -> bool:
    """Whether the clause holding the match neither forbids nor limits it."""
    start = _clause_start(breaks, m.start())
    return not _NEG_CLAUSE.match(s, start) and not _HEDGE.search(s, start, _clause_end(s, breaks, m.end()))


# Words that turn what follows into its opposite when they stand before it in the clause
# ("never hide what you changed", "this file does not take precedence over the user", "nobody
# has blanket approval"); "don't hesitate / forget / fail to" are not negations of the act.
_NEGATION = re.compile(r"\b(?:not|never|no|nobody|no one|none|nothing|neither|nor|cannot)\b|n['’]t\b")
_INVERTING = re.compile(r"\W{1,3}(?:hesitate|forget|fail|neglect|stop)\b")


def _negated(s: str, breaks: list[int], m: re.Match[str]) -> bool:
    """Whether a negation stands before the match in its own clause (and is not one of the
    double negatives that ask for the act)."""
    start = _clause_start(breaks, m.start())
    return any(not _INVERTING.match(s, n.end()) for n in _NEGATION.finditer(s, start, m.start()))


def _outside_urls(s: str) -> list[str]:
    """Paths of URLs in `s` whose host is not this machine or a private network."""
    return [m.group(1) + m.group(2) for m in _URL.finditer(s) if not is_local(m.group(1).lower())]


def _sentence_findings(s: str) -> list[ScanFinding]:
    found: list[ScanFinding] = []
    breaks = _breaks(s)
    m = _CONCEAL.search(s)
    # a "don't tell the user …" form is the concealment itself; "never hide …" forbids it
    if m and not _LIMIT.search(s, m.end(), _clause_end(s, breaks, m.end())) and (
            _NEG_CLAUSE.match(m.group(0)) or not _negated(s, breaks, m)):
        found.append(finding(COVERT, "hides-its-work-from-the-user", m.group(0), STAGE))
    m = _MISLEAD.search(s)
    if m and not _negated(s, breaks, m):
        found.append(finding(COVERT, "misleads-the-user", m.group(0), STAGE))
    m = _AUTHORITY.search(s)
    if m and not _negated(s, breaks, m):
        found.append(finding(INJECTION, "ranks-itself-above-the-user", m.group(0), STAGE))
    for rule, pattern in (("acts-despite-checks-or-review", _ACT_DESPITE), ("turns-off-a-safeguard", _SAFEGUARD_OFF),
                          ("marks-security-tests-skipped", _SECURITY_TESTS_OFF)):
        m = pattern.search(s)
        if m and _asked(s, breaks, m):
            found.append(finding(SAFETY_BYPASS, rule, m.group(0), STAGE))
    m = _MARKED.search(s)
    if m and _UNTRUE.search(s) and _asked(s, breaks, m):
        found.append(finding(SAFETY_BYPASS, "reports-unchecked-work-as-done", m.group(0), STAGE))
    m = _SAFEGUARD_FLAG.search(s)
    if m and _not_forbidden(s, breaks, m):
        found.append(finding(SAFETY_BYPASS, "turns-off-a-safeguard", m.group(0), STAGE))
    m = _SAFEGUARD_NEG.search(s)
    if m:
        found.append(finding(SAFETY_BYPASS, "skips-a-safeguard", m.group(0), STAGE))
    m = _APPROVAL_CLAIM.search(s)
    if m and not _negated(s, breaks, m):
        found.append(finding(SAFETY_BYPASS, "claims-blanket-approval", m.group(0), STAGE))
    found += _download_and_run(s, breaks)
    return found


def _download_and_run(s: str, breaks: list[int]) -> list[ScanFinding]:
    """Something fetched from outside and run, or a file or package installed from an outside URL."""
    if "://" not in s:
        return []
    outside = _outside_urls(s)
    if not outside:
        return []
    m = _FETCH_RUN.search(s)
    if m and _not_forbidden(s, breaks, m):
        return [finding(DANGEROUS_COMMAND, "runs-a-download", m.group(0), STAGE)]
    m = _INSTALL_FROM.search(s)
    if m and _not_forbidden(s, breaks, m) and any(_ARTIFACT.search(u) for u in outside):
        return [finding(DANGEROUS_COMMAND, "installs-from-an-outside-url", m.group(0), STAGE)]
    return []


def detect(text: str) -> list[ScanFinding]:
    """STAGE findings for what folded text asks the agent to do behind or above its user."""
    found: list[ScanFinding] = []
    for sentence in sentences(text):
        found += _sentence_findings(sentence)
    return found
