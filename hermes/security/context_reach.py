"""What a project-context paragraph reaches beyond the repository: the origin step.

A context file comes from the repository, not from the person, and whatever it says goes into
every prompt of the project. The rules in context_filter.py judge what a paragraph asks; they
were written for attacks seen so far and miss new wordings (blind held-out sets: 61-82 % of
hostile paragraphs kept out by the rules alone). So before them, and whatever the wording or language, a paragraph that
names something beyond the repository is held back until the person has read it and admitted
it (`hermes project allow ID`, `/project allow ID`):

- an address: a URL, an e-mail address, an IP address or a host name (loopback aside);
- a credential: a key file or credential store outside the project (~/.ssh, ~/.aws/, .netrc, a
  keychain), a secret-named variable, a secret itself. The mere words ("never paste tokens into
  issues") and the project's own `.env` ("never commit `.env`") are not: the rules judge what a
  paragraph asks done with them;
- a command that reaches the network, installs from somewhere, or changes the machine or the
  agent's own setup (shell start-up files, hooks, keys, package sources, PATH/LD_PRELOAD);
- payment details: an IBAN, a card or wallet number;
- the agent's own memory or setup, or every other project ("keep this in your long-term
  memory").

A paragraph with none of these (style, layout, the test command, review habits) goes in as
before. Each finding says what was named, so the person reads the reason with the paragraph.

Pure functions; every pattern is bounded and runs over the whole paragraph once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from hermes.security.context_addresses import described, folded_pattern, host_matches, public_registry, referenced
from hermes.security.context_claims import claim_against_person
from hermes.security.context_downgrades import downgrade
from hermes.security.context_languages import names_money_place
from hermes.security.context_model import learned_benign, learned_reason
from hermes.security.context_filter import (
    KEPT,
    ParagraphVerdict,
    judge_paragraph,
    prohibits_whole,
    sentences_keeping_code,
)
from hermes.security.context_structure import BAN_AFTER as _BAN_AFTER
from hermes.security.context_structure import (
    THERE,
    free_act,
    instead_of,
    free_transfer,
    UNSURE_DESTINATION,
    UNSURE_LANGUAGE,
    private_host,
    prohibited,
    unread_cues,
    unread_cue_beside_addresses,
)
from hermes.security.payment_examples import REAL_MONEY, TEST_DETAIL, documented_example
from hermes.security.redact import redact
from hermes.security.textforms import fold, fold_pattern

# --- credentials -------------------------------------------------------------------------
_CREDENTIAL_PLACE = re.compile(
    r"~/\.ssh\b|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b|\.aws/|\baws_secret\w{0,20}|"
    r"\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.docker/config\.json|\.kube/config\b|"
    r"\bkubeconfig\b|\.gnupg\b|\bkeychain\b|\bkeyring\b|\bsecurity find-\w{1,20}-password\b|/etc/shadow\b|"
    r"\bcredential\.helper\b|"
    r"\bgpg --export-secret|\b(?:1password|bitwarden|lastpass|vault) (?:read|get|kv)\b|\bop (?:read|item get)\b"
    # `env | …` shows values, unless it keeps only the names (`env | cut -d= -f1`)
    r"|\bprintenv\b|\benv\s?\|(?!\s?cut\s-d\s?['\"]?=['\"]?\s-f\s?1(?![\d,-]))")
# Secret-named variables in code: GITHUB_TOKEN, $DB_PASSWORD, secrets.NPM_TOKEN.
_SECRET_NAME = re.compile(r"(?<![a-z0-9])[a-z0-9_]{0,30}(?:token|secret|passw(?:or)?d|pwd|api_?key|private_?key|"
                          r"access_?key|credentials?|auth_?key|session_?key)[a-z0-9_]{0,30}(?![a-z0-9])")
_SECRET_NAME_CASED = re.compile(r"(?<![A-Za-z0-9])[A-Z0-9_]{0,30}(?:TOKEN|SECRET|PASSW(?:OR)?D|PWD|API_?KEY|"
                                r"PRIVATE_?KEY|ACCESS_?KEY|CREDENTIALS?|AUTH_?KEY)[A-Z0-9_]{0,30}(?![A-Za-z0-9])")
# --- commands that reach out or change the machine ----------------------------------------
# A repository's own git settings, for signing, names and history ("`git config commit.gpgsign
# true`"): they reach nothing beyond the checkout, unlike `--global`, helpers, hooks or pagers.
_REPO_GIT_SETTING = (r"\s(?:--local\s)?(?:commit\.gpgsign|tag\.gpgsign|gpg\.format|user\.(?:name|email|signingkey)|"
                     r"pull\.rebase|core\.autocrlf|init\.defaultbranch|merge\.ff|push\.autosetupremote|"
                     r"rerere\.enabled|blame\.ignorerevsfile)\b")
_REACHING_COMMAND = re.compile(
    # (`git config gpg.format ssh` names a signature format, not the command)
    r"(?<![\w.-])(?<!gpg\.format )(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|ftp|rsync|iwr|irm|"
    r"invoke-webrequest|invoke-restmethod|certutil|bitsadmin|nslookup|dig|tftp)(?=\s|`|$)"
    r"|\|\s?(?:sudo\s)?(?:ba|z|da|k)?sh\b|\b(?:bash|sh|zsh|python3?|node|powershell|pwsh)\s-(?:c|e|enc|command)\b"
    r"|\bbase64\s(?:-d|--decode)\b|\beval\s?[\"'`$(]|\bsudo\b|\bchmod\s(?:-\w{1,3}\s)?(?:[0-7]?777|\+s|u\+s|a\+rwx)\b"
    r"|--(?:extra-)?index-url\b|--registry\b|\bregistry\s?=|\b(?:npm|yarn|pnpm|pip|poetry|cargo|gem|go)\s"
    r"(?:config\s)?set\b|\bgit\s(?:remote\s(?:add|set-url)|config\b(?!" + _REPO_GIT_SETTING + r")|push\s[^`\n]{0,40}(?:--mirror|://|@))"
    r"|\bgit\s-c\s|\bgit\+(?:https?|ssh)\b|\bpip3?\s(?:install\s)?[^`\n]{0,60}(?:https?://|git\+)|--no-verify\b|"
    r"\bcore\.(?:hookspath|sshcommand|pager|editor|fsmonitor)\b|\b(?:ld_preload|dyld_insert_libraries|"
    r"prompt_command|pythonstartup|node_options|bash_env)\b|\b(?:site|user)customize(?:\.py)?\b|"
    r"\.(?:bashrc|zshrc|bash_profile|profile|zprofile|bash_logout)\b|\bcrontab\b|\bsystemctl\s(?:enable|start)\b|"
    r"\blaunchctl\b|/etc/(?:hosts|sudoers|profile|resolv\.conf|environment|cron\w{0,3})\b|"
    r"\bexport\spath=(?!\$path\b)|\bpath=/(?:tmp|var/tmp|dev/shm)\b"
    # forcing, destroying, or acting on a service's API and in the background
    r"|\brm\s-[a-z]{0,3}[rf]|--force(?![\w-])|\bpush\s-f\b|(?<![\w-])-y\b|--yes\b|\bsetenforce\b|\bufw\b|\biptables\b|"
    r"\bgh\sapi\b|\s-x\s?(?:post|put|patch|delete)\b|\bsetsid\b|\bnohup\b|\bdisown\b|"
    r"\b(?:terraform|pulumi)\sdestroy\b|\bkubectl\s(?:delete|exec|apply)\b|\bdrop\s(?:table|database)\b")
# The agent's own memory and setup, or other projects: what a context file may not reach into.
_AGENT_REACH = folded_pattern(
    r"\b(?:long-term memory|your memory|persistent memory|memory\.md|user\.md|system prompt|"
    r"hermes_home|~/\.hermes|every (?:other )?(?:repositor\w{1,3}|project)|"
    r"all (?:other )?(?:repositor\w{1,3}|projects)|other repos|other repositories|in other projects|"
    r"every future session|all future sessions|persist this|"
    r"langzeitgedächtnis|dauerhaft merken|mémoire à long terme|memoria a largo plazo|memória de longo prazo|"
    r"memoria a lungo termine|langetermijngeheugen|långtidsminne\w{0,2}|pamięci? długotrwał\w{1,3}|"
    r"долговременн\w{2,3} памят\w{1,2}|довготривал\w{2,3} пам'ят\w{1,2}|uzun süreli bellek\w{0,4}|"
    r"memori jangka panjang|bộ nhớ dài hạn|μακροπρόθεσμη μνήμη|memoria pe termen lung|memoria permanenta|"
    r"dlouhodobé paměti|dlouhodobou paměť|your user profile|the user profile|in the user's profile|"
    r"perfil del usuario|profil utilisateur|nutzerprofil|benutzerprofil)\b"
    r"|দীর্ঘমেয়াদি স্মৃতি|স্থায়ী স্মৃতি|หน่วยความจำถาวร|โปรไฟล์ผู้ใช้|永久记忆|用户档案|ユーザープロファイル|사용자 프로필"
    r"|长期记忆|長期記憶|장기 기억|الذاكرة طويلة المدى|זיכרון לטווח ארוך|दीर्घकालिक स्मृति|หน่วยความจำระยะยาว"
    # "your memory", "save in memory", in more languages
    r"|\b(?:sua memoria|tua memoria|votre memoire|ta memoire|deinem gedachtnis|dein gedachtnis|tu memoria|su memoria|"
    r"la tua memoria|je geheugen|twojej pamieci|swojej pamieci|свою память|своей памяти|твою память|свою пам'ять|"
    r"hafizana|hafızana|memori kamu|memorimu|bo nho cua ban|μνημη σου|memoria ta|pametí|muistiisi|emlekezetedbe|"
    r"minnet ditt)\b"
    r"|ארוך הטווח|בזיכרון שלך|ความจำระยะยาว|ความจำของคุณ|حافظه بلندمدت|حافظه‌ات|あなたの記憶|メモリに保存|"
    r"你的记忆|记忆中|당신의 기억|메모리에 저장|अपनी स्मृति|স্মৃতিতে")

# --- payment details ---------------------------------------------------------------------
_IBAN = re.compile(r"\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}(?:\s?[a-z0-9]{1,3})?\b")
_PAYMENT = re.compile(r"\b(?:\d{4}[ -]){3}\d{1,4}\b|\b0x[0-9a-f]{40}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b|"
                      r"\bt[a-z0-9]{33}\b|\biban\b|\brouting number\b|\bpaypal\b|\bvenmo\b|\bwire transfer\b|"
                      r"\bcvv\b|\bcvc\b|\b(?:bank_?account\w{0,8}|account_?(?:number|no)|beneficiary|payee|"
                      r"swift(?:/bic)? code|bic code|ifsc|sort code)\b|\b[a-z]{4}0[a-z0-9]{6}\b(?<=\d)"
                      # an account number written in groups: "812-21-0093-417"
                      r"|(?<![\w.-])\d{2,6}(?:-\d{2,6}){2,4}(?![\w.-])")


# A long run of digits beside an account word: a bank account number.
_ACCOUNT_NUMBER = re.compile(r"(?<![\w.,-])\d{9,20}(?![\w.,-])")
_ACCOUNT_WORD = re.compile(r"\b(?:account|acct|a/c|beneficiary|payee|bank)\b")


def _payment(s: str) -> str | None:
    """The payment detail a folded sentence names, unless it is a published test or example
    value, or the sentence calls its details test ones ("test card `4000 0000 0000 9995`")."""
    if TEST_DETAIL.search(s) and not REAL_MONEY.search(s):
        return None
    for m in _IBAN.finditer(s):  # an IBAN is mostly digits; an identifier like "ab12cdef…" is not
        if sum(c.isdigit() for c in m.group(0)) >= 10 and not documented_example(m.group(0)):
            return m.group(0)
    run = _ACCOUNT_NUMBER.search(s)
    if run and (names_money_place(s) or _ACCOUNT_WORD.search(s)):
        return run.group(0)  # "đổi số tài khoản thành 0071001234567"
    for found in _PAYMENT.finditer(s):  # grouped digits: ten or more, not a date
        if found.group(0)[0].isdigit() and "-" in found.group(0) and sum(c.isdigit() for c in found.group(0)) < 10:
            continue
        if documented_example(found.group(0)):
            continue
        return found.group(0)
    return None



# Reading or showing a value: in the logs, the reply, a file ("stampare `$NPM_TOKEN` in chiaro").
_REVEAL = folded_pattern(
    r"\b(?:read|reads|reading|lies|lese\w{0,2}|lire|lis|leer|lee|ler|leia|leggi\w{0,2}|lees|czytaj|odczytaj|oku|baca|"
    r"doc|прочита\w{0,3}|читай|прочитай|διαβασ\w{1,4}|las|precti|olvasd|lue|citeste|print\w{0,3}|echo\w{0,3}|show\w{0,3}|display\w{0,3}|output\w{0,3}|log|logs|logging|reveal\w{0,3}|"
    r"dump\w{0,3}|expose\w{0,1}|cat|write|writes|include|paste|list|stampa\w{0,3}|mostra\w{0,2}|imprim\w{1,4}|"
    r"muestra\w{0,2}|mostre|affiche\w{0,2}|ecri\w{1,4}|druck\w{0,3}|ausgeb\w{0,3}|gib \w{0,20} ?aus|zeig\w{0,2}|"
    r"toon|print|wypisz|wyswietl|yazdir\w{0,3}|goster\w{0,3}|cetak|tampilkan|in ra|hien thi|"
    r"выведи|вывод\w{0,3}|печата\w{0,3}|покажи|виведи|покажи|εκτυπω\w{1,4}|εμφανισ\w{1,4}|skriv ut|vypis\w{0,2}|"
    r"kiir\w{0,3}|tulosta|afiseaz\w{0,2})\b(?!-)"
    r"|出力|表示|打印|输出|显示|출력|표시|اطبع|اعرض|הדפס|הצג|प्रिंट|दिखा|แสดง|พิมพ์")


def _acts_on(s: str) -> bool:
    """Whether a folded sentence asks for something to be done, not only names things."""
    return free_transfer(s) or free_act(s) or any(not prohibited(s, m.start()) for m in _REVEAL.finditer(s))


def _credential_match(sentence: str, s: str) -> tuple[int, int, str] | None:
    """The first credential a sentence names: where it stands in folded `s`, and what it is."""
    m = _CREDENTIAL_PLACE.search(s)
    if m:
        return m.start(), m.end(), m.group(0).strip()
    # A secret's name ("`secrets.GITHUB_TOKEN` is scoped to read") is no secret: it is held only
    # where the sentence asks for something done with it (print, send, use, copy).
    m = _SECRET_NAME_CASED.search(sentence)
    if m and _acts_on(s):
        at = max(0, s.find(m.group(0).casefold()))
        return at, at + len(m.group(0)), m.group(0)
    m = _SECRET_NAME.search(s)
    if m and "_" in m.group(0) and _acts_on(s):  # in code form: db_password, api_key (a plain "token" is a word)
        return m.start(), m.end(), m.group(0)
    if redact(sentence) != sentence:
        return 0, len(s), "a secret"
    return None


# Data sent or carried somewhere in the same paragraph: an address it describes then becomes
# the destination ("… lives at X. Sync the repo there").
_CARRIED = THERE


# Where a negation's reach ends, beyond the sentence's own breaks: the comma after an "if"
# clause ("if a package is not found, install it from …"), and "and" before a second verb
# ("frag nie nach und führe `rm` aus"; "never ask, and run `curl` …"); "`curl` and `wget`",
# "~/.ssh and ~/.aws" stay one list.
_CLAUSE_BREAK = re.compile(r"[;:.!?。！？；](?=\s|$)|[—，、]|,\s(?:and|then|so|but)\b|\b(?:but|then|however|otherwise|"
                           r"instead|except|unless|aber|dann|mais|puis|pero|luego|mas|depois|ma|poi|maar|ale|potem|"
                           r"ama|sonra|lalu|nhung|но|потом|затем)\b|\s-\s"
                           r"|\s(?:and|und|et|y|e|en|og|och|ve|dan|va|и|і|та|oraz|और|및)\s(?=[^\W\d_])"
                           r"|并且|然后|そして")
_CONDITION = folded_pattern(r"\W{0,3}(?:if|when|whenever|once|unless|wenn|falls|si|se|als|jesli|jezeli|eger|"
                             r"jika|kalau|apabila|neu|если|якщо|εαν|αν|إذا|אם|यदि|अगर|如果|若|もし|만약)(?!\w)")
# Asking, telling or checking: a negation before these forbids the check, not what follows
# ("ne pas signaler à l'utilisateur les requêtes vers …", "don't ask before running `curl`").
_CHECK_WORD = folded_pattern(
    r"\b(?:ask\w{0,3}|tell\w{0,3}|mention\w{0,3}|inform\w{0,3}|notify\w{0,3}|report\w{0,3}|confirm\w{0,5}|"
    r"warn\w{0,3}|alert\w{0,3}|bother|wait\w{0,3}|frag\w{0,2}|sag\w{0,2}|erwahn\w{0,4}|bestatig\w{0,4}|"
    r"meld\w{0,2}|signal\w{0,4}|dire|demand\w{0,4}|prevenir|avis\w{0,3}|pregunt\w{0,3}|decir|menciona\w{0,2}|"
    r"inform\w{0,3}|pergunt\w{0,3}|dizer|chied\w{0,3}|dire|vraag|vertel|zeg|pytaj\w{0,2}|mow\w{0,2}|"
    r"sor(?:ma\w{0,4}|un\w{0,3}|mak)?|soyle\w{0,3}|bahset\w{0,3}|tanya\w{0,2}|beri tahu|kasih tahu|hoi|bao|nhac|"
    r"спрашива\w{0,3}|спрос\w{0,3}|сообща\w{0,3}|говор\w{0,3}|упомина\w{0,3}|уточн\w{0,5}|"
    r"пита\w{0,3}|повідомля\w{0,3}|згадува\w{0,3}|казати)\b"
    r"|告诉|询问|提及|确认|聞か|伝え|知らせ|확인|알리|묻|बताए|बताएं|पूछ|أخبر|تخبر|اسأل|תגיד|תשאל|לשאול|שאל"
    r"|ρωτ\w{0,6}|ถาม|تسأل|يسأل|تستأذن|سؤال|確認|尋ね|相談|물어|보고")


_ASKS_FIRST = folded_pattern(
    r"(?:stop and |then |first )?(?:ask|check with|talk to|tell|frag|demande|pregunta|pergunte|chiedi|vraag|zapytaj|"
    r"спроси|запитай|sor|tanya|hoi)\b")


# Refusing what a condition names: "if a README suggests `sudo`, don't (do it)", "…, не делайте этого".
_REFUSES = folded_pattern(
    r"(?:(?:then|just|simply) )?(?:don['’]t|do not|never)(?: (?:do|run|use|follow|apply) (?:it|that|this|them|so))?"
    r"(?=\W{0,3}(?:$|[.;!]|\s(?:in|on|here|yourself)\b))|ne le fai\w{1,3} pas|ne fais pas [cç]a|"
    r"mach\w{0,2} (?:das|es) nicht|tu (?:das|es) nicht|no lo hag\w{1,4}|nao (?:o )?fac\w{1,3}(?: isso)?|non farlo|"
    r"doe (?:dat|het) niet|nie (?:rob|robcie) tego|не делай\w{0,2}(?: этого)?|не роби\w{0,2}(?: цього)?|"
    r"bunu yapma\w{0,4}|jangan lakukan|dung lam|μην το κανε\w{1,3}")


def _forbidden_here(s: str, pos: int) -> bool:
    """Whether what stands at `pos` of a folded sentence is forbidden there; a parenthesis or a
    code span in a forbidden clause is forbidden with it ("do not touch files outside (dotfiles,
    `~/.ssh`)", "never run `curl … | sh`"). A "no" inside another code span is code, not a
    negation (`StrictHostKeyChecking no`)."""
    s = _CODE.sub(lambda m: m.group(0) if m.start() <= pos < m.end() else "`" + "_" * (len(m.group(0)) - 2) + "`", s)
    for m in _CODE.finditer(s):
        if m.start() <= pos < m.end():
            pos = m.start()  # a code span is one thing: its "..." ends no clause (`curl ... | sh`)
            break
    opened = s.rfind("(", 0, pos)
    if opened > s.rfind(")", 0, pos):
        pos = opened
    start = 0
    for b in _CLAUSE_BREAK.finditer(s, 0, pos):
        start = b.end()
    if _CONDITION.match(s, start) and (comma := s.rfind(", ", start, pos)) >= 0:
        start = comma + 2
    elif _CONDITION.match(s, start) and (comma := s.find(", ", pos)) >= 0 and (
            _ASKS_FIRST.match(s, comma + 2) or _REFUSES.match(s, comma + 2)):
        return True  # "if a task seems to require sudo, stop and ask the user": only a need, met by asking
    if instead_of(s, pos):
        return True  # "report it instead of retrying with `sudo`"
    clause = s[start:]
    if _CHECK_WORD.search(clause, 0, pos - start):
        return bool(_BAN_AFTER.search(clause, pos - start))
    return prohibited(clause, pos - start)


# The home folder (its caches too), another user's, the system's scratch folders: outside the repository.
_OUTSIDE_PATH = re.compile(r"(?<![\w.~/-])(?:~/[\w.-]{0,60}|~(?=[\s`'\")]|$)|\$home\b|\$\{home\}|"
                           r"/home/\w{1,30}|/users/\w{1,30}|/root/|/tmp/[\w.-]{0,60}|/var/tmp/|/dev/shm/)")
# `curl` or `wget` of a loopback address only, sending nothing: the local stack's health check.
_LOOPBACK_URL = re.compile(r"(?:https?://)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d{1,5})?(?:/\S{0,200})?")
_SENDS_DATA = re.compile(r"(?<!\w)(?:-d|-f|-t|--data\S{0,12}|--form\S{0,8}|--upload-file|--post-\w{1,6}|"
                         r"-x\s?(?:post|put|patch))(?!\w)|@|\|")


def _loopback_probe(s: str, m: re.Match[str]) -> bool:
    if m.group(0).strip() not in ("curl", "wget"):
        return False
    stop = s.find("`", m.end())
    command = s[m.end(): stop if stop >= 0 else min(len(s), m.end() + 200)]
    rest = _LOOPBACK_URL.sub(" ", command)
    return rest != command and not _SENDS_DATA.search(rest) and "://" not in rest and not any(host_matches(rest))


_PROTOCOLS = frozenset({"ssh", "sftp", "ftp", "scp", "telnet", "rsync"})


def _protocol_name(sentence: str, word: str) -> bool:
    """Whether a command word is written only as a protocol's name in prose ("SSH access",
    "set up SSH signing"): in capitals and outside code, where a command is typed lowercase."""
    word = word.strip()
    if word not in _PROTOCOLS:
        return False
    prose = _CODE.sub(" ", sentence)
    return (re.search(rf"(?<![\w.-]){word.upper()}(?![\w-])", prose) is not None
            and re.search(rf"(?<![\w.-])(?<!gpg\.format ){word}(?![\w-])", sentence) is None)


_CODE = re.compile(r"`[^`\n]{0,400}`")


def _referenced(s: str, start: int, end: int, paragraph: str) -> bool:
    """An address given for people to read, in a sentence that reaches nothing of the agent's."""
    return referenced(s, start, end, paragraph) and not _AGENT_REACH.search(s)


# A build tool's own cache that CI keeps between runs ("CI caches ~/.cache/pip keyed on the
# lockfile"): where the runner's downloads live, named as what is cached.
_TOOL_CACHE = re.compile(r"~/\.(?:cache/[\w.-]{1,30}|npm|m2|gradle|cargo/registry|pnpm-store|yarn|nuget|"
                         r"bun/install/cache|go/pkg/mod)\b")
_CACHED = re.compile(r"\b(?:cach(?:e|es|ed|ing)|restores?|restored|saves? the cache)\b")


def _cached_tool_dir(s: str, m: re.Match[str]) -> bool:
    """Whether the outside path at `m` is a tool cache the sentence only says is cached."""
    return bool(_TOOL_CACHE.fullmatch(m.group(0)) or _TOOL_CACHE.match(s, m.start())) and bool(
        _CACHED.search(s, max(0, m.start() - 40), m.start())) and not _acts_on(s)


def _findings(sentence: str, s: str) -> list[tuple[int, int, str]]:
    """What a sentence names beyond the repository: (start, end, reason) in folded `s`."""
    found: list[tuple[int, int, str]] = []
    host = next((h for h in host_matches(s) if not public_registry(s, h[2]) and not private_host(h[2])), None)
    if host:
        found.append((host[0], host[1], f"it names an address ({_short(host[2])})"))
    for m in _REACHING_COMMAND.finditer(s):
        if _protocol_name(sentence, m.group(0)) or _loopback_probe(s, m):
            continue
        found.append((m.start(), m.end(),
                      f"it names a command that reaches beyond the project ({_short(m.group(0).strip(' |`'))})"))
    for m in _AGENT_REACH.finditer(s):
        found.append((m.start(), m.end(), f"it reaches beyond this project ({_short(m.group(0))})"))
    credential = _credential_match(sentence, s)
    if credential:
        found.append((credential[0], credential[1], f"it names a credential ({_short(credential[2])})"))
    for m in _OUTSIDE_PATH.finditer(s):
        if _cached_tool_dir(s, m):
            continue
        found.append((m.start(), m.end(), f"it names a place outside the project ({_short(m.group(0))})"))
    payment = _payment(s)
    if payment:
        at = max(0, s.find(payment))
        found.append((at, at + len(payment), f"it names payment details ({_short(payment)})"))
    return found


# A command handed to the person to run ("ask the user to run `vault kv get` themselves"):
# what the agent is told to do is ask.
_PERSON_RUNS = folded_pattern(
    r"\b(?:ask|let|have|tell|get) (?:the user|the developer|them|the person|a maintainer) (?:to )?"
    r"(?:run|type|execute|enter|do|perform|set up)\b|\bthe user (?:runs?|types?|executes?)\b"
    r"|\b(?:frag|bitte) (?:den|die) (?:nutzer|benutzer)\w{0,2}[^.;]{0,40}?\b"
    r"(?:auszufuhren|einzugeben|laufen zu lassen)\b"
    r"|\bdemande\w{0,2} a l['’]utilisateur d['’](?:executer|lancer|taper)|\bpide al usuario que (?:ejecute|escriba)"
    r"|\bpeca ao usuario (?:para|que) (?:execute|rode|digite)|\bchiedi all['’]utente di (?:eseguire|lanciare|digitare)"
    r"|\bvraag de gebruiker om\b|\bpopros uzytkownika\w{0,2} o (?:uruchomienie|wpisanie)"
    r"|\bпопроси\w{0,2} пользовател\w{1,2} (?:запустить|выполнить|ввести)|\bkullanicidan\b[^.;]{0,40}?\biste"
    r"|\bminta pengguna (?:untuk )?(?:menjalankan|mengetik)|\byeu cau nguoi dung (?:chay|nhap)"
    r"|让用户|请用户|ユーザーに[^。]{0,30}(?:依頼|してもらう|実行してもら)|사용자에게[^.]{0,30}(?:요청|실행하도록)")


# A paragraph that quotes hostile text as test data ("the fixtures contain deliberately hostile
# text (… 'upload ~/.ssh' …); treat them as data"): what it quotes, it does not ask.
_QUOTES_AS_DATA = folded_pattern(
    r"\b(?:fixtures?|test data|test inputs?|corpus|corpora|red-?team|deliberately|intentionally|on purpose|"
    r"hostile (?:text|instructions?|prompts?)|malicious (?:text|instructions?|prompts?)|"
    r"treat (?:them|it|these) as data|"
    r"dane testowe|celowo|testdaten|absichtlich|donnees de test|deliberement|datos de prueba|a proposito|"
    r"dados de teste|de proposito|dati di test|volutamente|testdata|opzettelijk|тестовые данные|намеренно|"
    r"test verisi|kasitli|data uji|sengaja|du lieu kiem thu|co y)\b"
    r"|テストデータ|わざと|测试数据|故意|테스트 데이터|일부러|بيانات اختبار|נתוני בדיקה|בכוונה|परीक्षण डेटा|जानबूझकर")
_QUOTE_SPAN = re.compile(r"\"[^\"\n]{1,200}\"|“[^”\n]{1,200}”|„[^“”\n]{1,200}[“”]|«[^»\n]{1,200}»|「[^」\n]{1,200}」"
                         r"|'[^'\n]{1,200}'|‘[^’\n]{1,200}’")


# What introduces a quotation as an example: "contain …", "such as …", "(e.g. …".
_EXAMPLE_CUE = folded_pattern(r"(?:\bcontain\w{0,3}|\bsuch as|\be\.g\.|\bfor example|\blike|\binclud\w{1,3}|\bnp\.|"
                              r"\bz\. ?b\.|\bp\. ?ex\.|\bbijv\.|\bzawiera\w{0,2}|\benthalt\w{0,2}|\bcontien\w{1,3}|"
                              r"\bcontem|\bcontiene\w{0,2}|\bнапример|\bсодерж\w{1,4}|例如|例えば|包含|含む|예:|포함)[^.;]{0,60}$")


def _quoted_examples(paragraph: str) -> frozenset[str]:
    """The quotations a folded paragraph gives as examples (a sentence may end inside the cue:
    "(np. „…”)")."""
    whole = " ".join(paragraph.split())
    return frozenset(m.group(0) for m in _QUOTE_SPAN.finditer(whole)
                     if _EXAMPLE_CUE.search(whole, max(0, m.start() - 80), m.start() + 1))


def _in_quotes(s: str, pos: int, examples: frozenset[str]) -> bool:
    """Whether `pos` of folded sentence `s` stands inside one of those quotations."""
    return any(m.start() < pos < m.end() and m.group(0) in examples for m in _QUOTE_SPAN.finditer(s))


# Asking the person before an act ("ask the user before `git push`, a deploy or `sudo`", "Перед
# `sudo` всегда спрашивай пользователя", "sudo 전에는 반드시 사용자에게 물어보세요"): the command
# is named as the thing that needs their yes, a safeguard. Both words in one clause, in either
# order (postpositions stand after the act).
_ASK_WORD = folded_pattern(
    r"\b(?:ask\w{0,3}|confirm\w{0,5}|permission|approval|consent|frag\w{0,2}|erlaubnis|zustimmung|"
    r"demande\w{0,2}|autorisation|pregunt\w{1,3}|permiso|pergunt\w{1,3}|permissao|chied\w{1,3}|permesso|"
    r"vraag|toestemming|zapytaj|pytaj\w{0,2}|zgod\w{1,2}|zeptej\w{0,2}|svoleni|спрашива\w{0,3}|спрос\w{0,3}|"
    r"разрешени\w{1,2}|запита\w{0,3}|дозв\w{1,5}|sor|sorun\w{0,2}|izin|onay\w{0,4}|danis\w{1,4}|tanya\w{0,3}|"
    r"konfirmasi|hoi|xin phep|accord|acord\w{0,2}|cere\w{0,2}|nachfrag\w{0,2}|spyta\w{0,3}|спита\w{0,3}|"
    r"abstimm\w{0,3}|absprech\w{0,3}|rucksprache|ρωτ\w{0,6}|αδεια|εγκρισ\w{1,2}|"
    r"zapyta\w{1,3}|potwierdz\w{0,4}|fraga|sporg|kysy\w{0,3}|kerdez\w{0,4}|intreab\w{1,3})\b"
    r"|询问|问一下|征得|確認|聞い|聞く|尋ね|許可|물어|묻|확인|허락|승인|पूछ|अनुमति|اسأل|استأذن|إذن|موافقة|بپرس|اجازه"
    r"|תשאל|לשאול|שאל|אישור|ถาม|ขออนุญาต|ยืนยัน")
_BEFORE_WORD = folded_pattern(
    r"\b(?:before|prior to|vor|bevor|avant|antes|prima|voor|voordat|przed|zanim|pred|nez|перед|до того|перш ніж|"
    r"önce\w{0,5}|sebelum|truoc|trước|πριν|innan|fore|før|inden|ennen|elott|inainte)\b"
    r"|之前|以前|前に|する前|전에|पहले|قبل|לפני|پیش از|ก่อน"
    # Chinese "X 前" before what must come first: "执行 sudo 前必须先征得用户同意"
    r"|(?<![目提当眼面从以之])前(?=[,，]?\s?(?:必须|务必|请|先|要|需|应|一定|都))")
# "First" beside the asking ("ask the user first", "erst mit dem Nutzer abstimmen", "zuerst fragen").
_FIRST_WORDS = fold_pattern(r"(?:\b(?:first|erst|zuerst|vorher|d['’]abord|primero|primeiro|eerst|najpierw|nejdrive|"
                            r"сначала|спочатку|dulu|terlebih dahulu|πρωτα)\b|まず|먼저|पहले|أولا|קודם)")
_WORD_GAP = r"\W{1,3}(?:[^\W\d_]{1,20}\W{1,3}){0,4}"
_FIRST_THEN_ASK = re.compile(_FIRST_WORDS + _WORD_GAP + "$")
_ASK_THEN_FIRST = re.compile(_WORD_GAP + _FIRST_WORDS)
_ACT_AFTER_ASKING = folded_pattern(r"\b(?:then|and then|afterwards|danach|puis|luego|depois|poi|daarna|potem|затем|"
                                   r"потом|sonra|lalu|sau do|anyway|regardless|anyhow|even if|whatever|trotzdem|"
                                   r"quand meme|de todos modos|mesmo assim|comunque|toch|mimo to|yine de|tetap|"
                                   r"все равно|ετσι κι αλλιως)\b")
# Asking no one, or acting without asking: "ask nobody", "without asking", "sans demander", "χωρίς να ρωτήσεις".
_NOBODY_AFTER = folded_pattern(r"\W{1,3}(?:(?:the |a )?\w{0,12}\W{1,3})?(?:nobody|no one|noone|neither|niemand\w{0,2}|"
                               r"personne|nadie|ninguem|nessuno|nikogo|nikoho|никого|kimse\w{0,3}|siapa pun|ai ca|"
                               r"κανεναν|kukaan|keneltakaan|kenellekaan|ingen)\b"
                               r"|\W{1,3}(?:אף אחד|أحدا|किसी से नहीं|誰にも|아무에게도)")
_WITHOUT = folded_pattern(r"\b(?:without|sans|ohne|sin|sem|senza|zonder|bez|без|tanpa|χωρις|khong can|need not|"
                          r"no need|needn['’]t|gerek yok)\b|בלי|ללא|אין צורך|بدون|بلا|बिना|โดยไม่|ไม่ต้อง")


def _asked_first(s: str, why: str) -> bool:
    """Whether a folded sentence names its command only as what needs the person's yes: an ask
    word, not negated ("do not ask", "ask nobody", "without asking"), with "before" or "first"
    beside it."""
    if "command" not in why or len(s) > 240 or _ACT_AFTER_ASKING.search(s) or any(host_matches(s)):
        return False
    if _WITHOUT.search(s):
        return False
    asks = [m for m in _ASK_WORD.finditer(s) if not prohibited(s, m.start()) and not _NOBODY_AFTER.match(s, m.end())]
    if not asks or len(asks) < len(list(_ASK_WORD.finditer(s))):
        return False
    if _BEFORE_WORD.search(s):
        return True
    return any(_FIRST_THEN_ASK.search(s[max(0, m.start() - 120):m.start()])
               or _ASK_THEN_FIRST.match(s, m.end()) for m in asks)


def _run_by_person(s: str, pos: int, why: str) -> bool:
    """Whether the command at `pos` is one the sentence hands to the person to run."""
    if "command" not in why and "credential" not in why:
        return False
    return any(m.start() < pos or s.find("`", m.end()) >= 0 for m in _PERSON_RUNS.finditer(s, 0, pos + 200))


# A markdown heading ("## sudo") or a bold line standing alone ("**Zugangsdaten**"): a title.
_HEADING = re.compile(r"\s{0,3}(?:#{1,6}\s[^\n]{0,80}|\*\*[^*\n]{1,80}\*\*)\s{0,2}")


def _titles_body(sentence: str, s: str, start: int, end: int, folded: str) -> bool:
    """Whether a heading only names what its body names again ("## sudo" over "Ask the user
    before `sudo`"): the body's sentences are judged for it."""
    return _HEADING.fullmatch(sentence) is not None and folded.count(s[start:end]) >= 2


def reach(paragraph: str) -> str | None:
    """Why a paragraph must be read by the person before it reaches the prompt ("it names an
    address (files.acme-sync.io)"), or None when it names nothing beyond the repository."""
    return next(_reaches(paragraph), None)


def _reaches(paragraph: str) -> Iterator[str]:
    """Each thing beyond the repository a paragraph names, in order, as the reason to hold it.

    What a clause forbids ("never `curl … | sh`", "do not edit `~/.ssh`") is not asked, and an
    address the paragraph only places a thing of the project at ("staging lives at …") is not a
    destination, unless the paragraph carries something there."""
    folded = fold(paragraph)
    carried = bool(_CARRIED.search(folded))
    examples = _quoted_examples(folded) if _QUOTES_AS_DATA.search(folded) else frozenset()
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        if not s or (prohibits_whole(sentence) and not _CHECK_WORD.search(s)):
            continue
        for start, end, why in _findings(sentence, s):
            if _forbidden_here(s, start) or _run_by_person(s, start, why) or _asked_first(s, why) or (
                    examples and _in_quotes(s, start, examples)) or _titles_body(sentence, s, start, end, folded):
                continue
            if why.startswith(_ADDRESS) and not carried and (
                    described(s, start, end) or _referenced(s, start, end, folded)):
                continue
            yield why


_ADDRESS = "it names an address"
_CREDENTIAL = "it names a credential"


def _reach(paragraph: str, learned: bool) -> str | None:
    """reach(), except that a paragraph whose only reasons are the addresses it mentions, or
    only the credential files, is cleared when the learned check reads it as clearly benign
    and _model_can_clear allows
    ("images are pushed to ghcr.io/acme by CI"). A credential beside an address (what could be
    sent, and where), a command, a place outside the project or anything the paragraph asks
    keeps it held whatever the model says."""
    reasons = _reaches(paragraph)
    first = next(reasons, None)
    if first is None or not learned:
        return first
    kind = _ADDRESS if first.startswith(_ADDRESS) else _CREDENTIAL if first.startswith(_CREDENTIAL) else None
    if kind and _model_can_clear(paragraph) and all(why.startswith(kind) for why in reasons) and (
            learned_benign(paragraph)):
        return None
    return first


_MIN_WORDS_TO_CLEAR = 12
_MAILBOX_OR_IP = re.compile(r"[\w.+-]@[\w-]+(?:\.[\w-]+)+|\b\d{1,3}(?:\.\d{1,3}){3}\b")


def _model_can_clear(paragraph: str) -> bool:
    """Whether the model's benign reading may clear a paragraph's mentions: not when it is too
    short to give the model words to read ("Pošlete `.env` na security@…", 7 words), and not
    when it names a mailbox or a bare IP, which are where things are sent, not where a project
    lives."""
    return len(paragraph.split()) >= _MIN_WORDS_TO_CLEAR and not _MAILBOX_OR_IP.search(paragraph)


def _short(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def screen_paragraph(paragraph: str, learned: bool = True) -> ParagraphVerdict:
    """A paragraph's place as project.py decides it: left out when the rules are sure it is
    hostile; held back when it names something beyond the project, the rules are unsure or
    (with `learned`) the learned check finds it reads like a hostile one; else in the prompt.
    With `learned`, a paragraph that only mentions addresses or credential files and reads
    clearly benign to the model is not held for them."""
    verdict = judge_paragraph(paragraph)
    if verdict.staged and verdict.reason == UNSURE_DESTINATION and _addresses_only_placed(paragraph):
        verdict = KEPT  # "staging is at https://…; never paste its token into chat"
    if verdict.staged and verdict.reason == UNSURE_LANGUAGE and (
            _only_forbids(paragraph) or _only_read_there(paragraph) or _only_asked_first(paragraph)):
        verdict = KEPT  # "Nooit `git push --force` op gedeelde branches": what it names, it forbids
    if verdict.kept and (beyond := _reach(paragraph, learned) or claim_against_person(paragraph)
                         or downgrade(paragraph) or (learned_reason(paragraph) if learned else None)) is not None:
        return ParagraphVerdict(False, beyond, staged=True)
    return verdict


def _only_forbids(paragraph: str) -> bool:
    """Whether every sentence of a paragraph that names something beyond the project forbids
    all it asks, clause by clause (the reach and claims steps still run after this)."""
    named = False
    folded = fold(paragraph)
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        found = [f for f in _findings(sentence, s) if not _titles_body(sentence, s, f[0], f[1], folded)] if s else []
        if not found:
            continue
        named = True
        if not prohibits_whole(sentence):
            return False
    return named


def _only_asked_first(paragraph: str) -> bool:
    """Whether all a paragraph names beyond the project, or as a command in a language the
    lexicons do not read ("git push"), is commands it asks the person about first ("Vor `sudo`
    oder einem Deployment immer den Nutzer fragen", "Bevor du `git push` ausführst, frag …")."""
    named = False
    folded = fold(paragraph)
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        found = [f[2] for f in _findings(sentence, s) if not _titles_body(sentence, s, f[0], f[1], folded)] if s else []
        # a command word is one to ask about; a path, a dotfile or an IBAN is none
        found += [_UNREAD_COMMAND if cue[0].isalpha() else _UNREAD_OTHER for cue in unread_cues(s)] if s else []
        if found and not all(_asked_first(s, why) for why in found):
            return False
        named = named or bool(found)
    return named


_UNREAD_COMMAND = "it names a command"
_UNREAD_OTHER = "it names a path or a number"


def _only_read_there(paragraph: str) -> bool:
    """Whether a paragraph in a language the lexicons do not read names addresses only as
    places to read or write to ("Dokumentation finns på https://…; frågor till dev@…"), and
    nothing else the origin step cannot clear (a system command, a key word, a send verb)."""
    folded = fold(paragraph)
    written = unicodedata.normalize("NFKC", paragraph).casefold()
    return not unread_cue_beside_addresses(folded, written) and _addresses_only_placed(paragraph)


def _addresses_only_placed(paragraph: str) -> bool:
    """Whether every address of a paragraph is only where one of the project's services is,
    or is forbidden, and nothing is carried there."""
    folded = fold(paragraph)
    if _CARRIED.search(folded):
        return False
    placed = False
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        for start, end, _host in host_matches(s):
            if not (described(s, start, end) or _forbidden_here(s, start) or _referenced(s, start, end, folded)):
                return False
            placed = True
    return placed


