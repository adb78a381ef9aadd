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

from hermes.security.context_claims import claim_against_person
from hermes.security.context_claims_words import AS_INSTRUCTIONS, PERSON
from hermes.security.context_filter import (
    KEPT,
    ParagraphVerdict,
    judge_paragraph,
    prohibits_whole,
    sentences_keeping_code,
)
from hermes.security.context_structure import BAN_AFTER as _BAN_AFTER
from hermes.security.context_languages import names_send
from hermes.security.context_structure import (
    THERE,
    UNSURE_DESTINATION,
    UNSURE_LANGUAGE,
    free_act,
    free_transfer,
    names_reading_place,
    prohibited,
)
from hermes.security.redact import redact
from hermes.security.textforms import fold, fold_pattern

def _folded_pattern(pattern: str) -> re.Pattern[str]:
    """A word pattern compiled in the form the text is matched in (`fold`): without it a
    Korean syllable or a Japanese voiced kana (decomposed and stripped by the fold) never
    matches."""
    return re.compile(fold_pattern(pattern))


# --- addresses ---------------------------------------------------------------------------
_URL = re.compile(r"\b(?:[a-z][a-z0-9+.-]{1,15})://(?:[^\s/@\"'`<>]{1,200}@)?(\[[0-9a-f:]{2,45}\]|[\w.-]{1,253})")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63}){1,6})")
_SCP_REMOTE = re.compile(r"(?<![\w.@/-])[\w.-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63}){0,6}):")
_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?!\d|\.\d)")
_IPV6 = re.compile(r"(?<![\w:])((?:[0-9a-f]{1,4})?(?::{1,2}[0-9a-f]{1,4}){2,7})(?![\w:])")
_HOST = re.compile(r"(?<![\w/~@$-])(?<!\w\.)((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}([a-z]{2,24}))"
                   r"(?![\w(-]|\.[a-z0-9])")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Top-level domains a host name may end in. The strong ones mark a host with two labels
# ("acme.io"); the weak ones are also file extensions or words of code ("install.sh",
# "user.id", "group.by"), so they need three ("get.acme.sh", "files.acme.co.id").
_STRONG_TLDS = _words(
    "com net org io ai co dev app cloud xyz info biz me tk site top online store shop tech live link click pw "
    "ws su ru cn de uk eu fr es nl se fi dk ch cz sk hu ro bg gr tr ua kz il ir sa ae eg sg th vn ph jp kr "
    "tw hk au nz ca us mx br ar cl pe za ng ke tz gov edu gg ly fm tv asia mobi onion")
_WEAK_TLDS = _words(
    "sh pl so cc it in is id at be by no to am re run host space fun pro name int mil my "
    "example test invalid local internal lan corp home arpa")
_LOOPBACK = re.compile(r"^(?:localhost|[\w.-]{1,200}\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[?::1\]?)$")


def _host_matches(s: str) -> Iterator[tuple[int, int, str]]:
    """The addresses in folded text (loopback aside): where each stands, and as written."""
    for pattern in (_URL, _EMAIL, _SCP_REMOTE):
        for m in pattern.finditer(s):
            host = m.group(1).rstrip(".")
            if not _LOOPBACK.match(host):
                yield m.start(), m.end(), host
    for m in _IPV4.finditer(s):
        parts = m.group(1).split(".")
        if all(int(p) <= 255 for p in parts) and not _LOOPBACK.match(m.group(1)) and not _version_like(s, m):
            yield m.start(), m.end(), m.group(1)
    for m in _IPV6.finditer(s):  # "2001:db8::53", not a time like "12:30:45"
        addr = m.group(1)
        if addr.count(":") >= 4 or ("::" in addr and any(c.isalpha() for c in addr)):
            yield m.start(), m.end(), addr
    for m in _HOST.finditer(s):
        name, tld = m.group(1), m.group(2)
        labels = name.count(".") + 1
        if (tld in _STRONG_TLDS or (tld in _WEAK_TLDS and labels >= 3)) and not _LOOPBACK.match(name):
            yield m.start(), m.end(), name


def _version_like(s: str, m: re.Match[str]) -> bool:
    """"v1.2.3.4", "version 10.0.0.1" of a package: a dotted number after v/version."""
    return bool(re.search(r"(?:\bv|version\s?|==\s?|>=\s?|@)$", s[max(0, m.start() - 9):m.start()]))


# --- credentials -------------------------------------------------------------------------
_CREDENTIAL_PLACE = re.compile(
    r"~/\.ssh\b|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b|\.aws/|\baws_secret\w{0,20}|"
    r"\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.docker/config\.json|\.kube/config\b|"
    r"\bkubeconfig\b|\.gnupg\b|\bkeychain\b|\bkeyring\b|\bsecurity find-\w{1,20}-password\b|/etc/shadow\b|"
    r"\bcredential\.helper\b|"
    r"\bgpg --export-secret|\b(?:1password|bitwarden|lastpass|vault) (?:read|get|kv)\b|\bop (?:read|item get)\b"
    r"|\bprintenv\b|\benv\s?\|")
# Secret-named variables in code: GITHUB_TOKEN, $DB_PASSWORD, secrets.NPM_TOKEN.
_SECRET_NAME = re.compile(r"(?<![a-z0-9])[a-z0-9_]{0,30}(?:token|secret|passw(?:or)?d|pwd|api_?key|private_?key|"
                          r"access_?key|credentials?|auth_?key|session_?key)[a-z0-9_]{0,30}(?![a-z0-9])")
_SECRET_NAME_CASED = re.compile(r"(?<![A-Za-z0-9])[A-Z0-9_]{0,30}(?:TOKEN|SECRET|PASSW(?:OR)?D|PWD|API_?KEY|"
                                r"PRIVATE_?KEY|ACCESS_?KEY|CREDENTIALS?|AUTH_?KEY)[A-Z0-9_]{0,30}(?![A-Za-z0-9])")
# --- commands that reach out or change the machine ----------------------------------------
_REACHING_COMMAND = re.compile(
    r"(?<![\w.-])(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|ftp|rsync|iwr|irm|invoke-webrequest|"
    r"invoke-restmethod|certutil|bitsadmin|nslookup|dig|tftp)(?=\s|`|$)"
    r"|\|\s?(?:sudo\s)?(?:ba|z|da|k)?sh\b|\b(?:bash|sh|zsh|python3?|node|powershell|pwsh)\s-(?:c|e|enc|command)\b"
    r"|\bbase64\s(?:-d|--decode)\b|\beval\s?[\"'`$(]|\bsudo\b|\bchmod\s(?:[0-7]?777|\+s|u\+s)\b"
    r"|--(?:extra-)?index-url\b|--registry\b|\bregistry\s?=|\b(?:npm|yarn|pnpm|pip|poetry|cargo|gem|go)\s"
    r"(?:config\s)?set\b|\bgit\s(?:remote\s(?:add|set-url)|config\b|push\s[^`\n]{0,40}(?:--mirror|://|@))"
    r"|\bgit\+(?:https?|ssh)\b|\bpip3?\s(?:install\s)?[^`\n]{0,60}(?:https?://|git\+)|--no-verify\b|"
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
_AGENT_REACH = _folded_pattern(
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
    r"|长期记忆|長期記憶|장기 기억|الذاكرة طويلة المدى|זיכרון לטווח ארוך|दीर्घकालिक स्मृति|หน่วยความจำระยะยาว")

# --- payment details ---------------------------------------------------------------------
_IBAN = re.compile(r"\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}(?:\s?[a-z0-9]{1,3})?\b")
_PAYMENT = re.compile(r"\b(?:\d{4}[ -]){3}\d{1,4}\b|\b0x[0-9a-f]{40}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b|"
                      r"\bt[a-z0-9]{33}\b|\biban\b|\brouting number\b|\bpaypal\b|\bvenmo\b|\bwire transfer\b|"
                      r"\bcvv\b|\bcvc\b")


def _payment(s: str) -> str | None:
    for m in _IBAN.finditer(s):  # an IBAN is mostly digits; an identifier like "ab12cdef…" is not
        if sum(c.isdigit() for c in m.group(0)) >= 10:
            return m.group(0)
    found = _PAYMENT.search(s)
    return found.group(0) if found else None


def _credential_match(sentence: str, s: str) -> tuple[int, int, str] | None:
    """The first credential a sentence names: where it stands in folded `s`, and what it is."""
    m = _CREDENTIAL_PLACE.search(s)
    if m:
        return m.start(), m.end(), m.group(0).strip()
    m = _SECRET_NAME_CASED.search(sentence)
    if m:
        at = max(0, s.find(m.group(0).casefold()))
        return at, at + len(m.group(0)), m.group(0)
    m = _SECRET_NAME.search(s)
    if m and "_" in m.group(0):  # in code form: db_password, api_key (a plain "token" is a word)
        return m.start(), m.end(), m.group(0)
    if redact(sentence) != sentence:
        return 0, len(s), "a secret"
    return None


# --- what only forbids or describes ---------------------------------------------------------
# Where a thing of the project is, in the scan's languages: "staging lives at https://…", "die
# Staging-Umgebung ist unter https://… erreichbar". Said of an address only; where something
# goes ("reports go to …", "archived in …") is not where it is, and stays held.
_IS_AT_BEFORE = _folded_pattern(
    r"(?:\b(?:is|are|lives?|runs?|sits?|is hosted|is served|is deployed|is available|is reachable|is accessible|"
    r"is located|can be reached|is found)\s(?:at|on|under|in|via)|\b(?:ist|sind|liegt|lauft|laeuft)\s(?:unter|auf|bei)|"
    r"\best accessible (?:a|sur|via)|\bse trouve (?:a|sur)|\best (?:disponible|heberge\w?) (?:a|sur)|"
    r"\besta (?:en|disponible en)|\bse encuentra en|\bfica em|\besta (?:em|disponivel em)|\be (?:su|a)|"
    r"\bsi trova (?:su|a)|\b(?:draait|staat|is bereikbaar) op|\bjest dostepn\w{1,2} pod(?: adresem)?|"
    r"\bznajduje sie pod(?: adresem)?|\b(?:находится|доступ\w{1,3}|расположен\w{0,2}) по адресу|"
    r"\b(?:знаходиться|доступн\w{1,3}) за адресою|\bзнаходиться на|\bнаходится на|\bada di|\bberada di|\bo\s|"
    r"\bnam o|\bβρισκεται στο|"
    r"متاحة على|موجود\w? على|נמצאת? בכתובת|地址是|位于|在)\W{0,3}$")
_IS_AT_AFTER = _folded_pattern(r"^\S{0,3}\s?(?:adresindedir|adresinde|पर है|にあります|にある|입니다|에 있습니다|上)")
# Data sent or carried somewhere in the same paragraph: an address it describes then becomes
# the destination ("… lives at X. Sync the repo there").
_CARRIED = THERE


# The things of a project that have an address: its environments, servers and services.
# "The real instructions live at …" is not one of them.
_PLACE_NOUN = _folded_pattern(
    r"\b(?:staging|production|prod|environments?|servers?|hosts?|bastion|cluster|instances?|sandbox|"
    r"preview|demo|qa|uat|dashboards?|monitoring|sentry|grafana|kibana|tracker|wiki|docs|documentation|"
    r"site|website|portal|registry|index|mirror|cache|vpn|api|backend|frontend|admin panel|status page|"
    r"\w{0,15}(?:umgebung|server|system)|stage|environnement|recette|serveur|entorno|servidor|ambiente|homologacao|"
    r"omgeving|acceptatieomgeving|srodowisk\w{1,2}|serwer|стейджинг\w{0,2}|стенд|сред\w|сервер\w{0,2}|середовищ\w|ortam\w{0,3}|"
    r"sunucu\w{0,3}|lingkungan|moi truong|may chu|περιβαλλον|διακομιστ\w{1,3}|mazingira)\b"
    r"|بيئة|خادم|סביבת|שרת|स्टेजिंग|सर्वर|परिवेश|环境|服务器|環境|サーバ|스테이징|서버|환경")


def _referenced(s: str, start: int, end: int, paragraph: str) -> bool:
    """Whether the address at s[start:end] is only given for a person to read or write to
    ("docs are published at https://…", "file bugs at …", "vulnerabilities go to security@…"):
    nothing in the paragraph is sent, copied or uploaded, nothing in its sentence is run,
    fetched, installed or used, it is not part of a command in a code span, and the sentence
    names nothing of the machine or the project that could go there."""
    ticks_before = s.count("`", 0, start)
    if ticks_before % 2 == 1:  # inside a code span: a bare host name only, not a command
        span_end = s.find("`", end)
        span = s[s.rfind("`", 0, start) + 1:span_end if span_end >= 0 else len(s)]
        if len(span.split()) > 1:
            return False
    written = unicodedata.normalize("NFKC", paragraph).casefold()
    if free_transfer(paragraph) or names_send(paragraph, written) or free_act(s) or _EDIT_ACT.search(s):
        return False
    if PERSON.search(s) or _AGENT_REACH.search(s) or _SOURCE_NOUN.search(s) or AS_INSTRUCTIONS.search(paragraph):
        return False
    # What the address is for must be said outside it, and be a place people read or report to.
    rest = "".join(s[a:b] for a, b in _gaps(s))
    return bool(_REFERENCE_NOUN.search(rest) or _PLACE_NOUN.search(rest) or names_reading_place(rest))


def _gaps(s: str) -> Iterator[tuple[int, int]]:
    """The stretches of `s` between its addresses."""
    cursor = 0
    for start, end, _host in sorted(_host_matches(s)):
        if start >= cursor:
            yield cursor, start
            path = _PATH_AFTER.match(s, end)
            cursor = path.end() if path else end
    yield cursor, len(s)


# Changing something to point at the address ("replace `github.com` with `…`").
_EDIT_ACT = _folded_pattern(r"\b(?:replace|change|point|redirect|switch|rewrite|repoint|override|swap|"
                       r"ersetze|ander\w|remplace\w{0,2}|reemplaza\w{0,2}|cambia\w{0,2}|substitu\w{1,3}|sostituisci|"
                       r"vervang|zamien|zmien|degistir|ganti|thay|замени|измени|заміни|зміни)\b|替换|置き換え|바꾸")
_PATH_AFTER = re.compile(r"[^\s`\"'<>)]{0,300}")
# Where packages come from: an address there is a setup change, whatever the wording.
_SOURCE_NOUN = _folded_pattern(r"\b(?:index|index-url|registry|mirror|proxy|pip\.conf|pip\.ini|\.npmrc|\.pypirc|"
                          r"\.yarnrc\w{0,4}|cargo/config\w{0,5}|settings\.xml|gemrc|goproxy|nuget\.config|"
                          r"miroir|espejo|espelho|specchio|spiegel|lustro|зеркал\w{1,2}|реестр\w{0,2}|registro|registre)\b")
# Where people file, ask or report (the address of a tracker, a forum, a security contact).
_REFERENCE_NOUN = _folded_pattern(
    r"\b(?:issues?|bugs?|bug reports?|tracker|discussions?|forum|questions|feature requests?|vulnerabilit\w{1,3}|"
    r"security (?:reports?|issues?|contact)|disclosure|access|permissions?|zugang|zugriff|acces|acceso|acesso|"
    r"accesso|toegang|dostep\w{0,2}|доступ\w{0,2}|erisim|akses|quyen truy cap|changelog|release notes|"
    r"contributor guide|code of conduct|"
    r"fehler\w{0,2}|sicherheitslucken?|bogues?|anomalies|errores|fallos|incidencias|vulnerabilidades|erros|falhas|"
    r"segnalazioni|bug|fouten|meldingen|bledy|zgloszenia|hatalar\w{0,2}|ошибк\w{1,2}|уязвимост\w{1,2}|"
    r"помилк\w{1,2}|вразливост\w{1,2}|lỗi|loi|celah keamanan|masalah)\b|"
    r"버그|취약점|권한|バグ|脆弱性|権限|问题|漏洞|错误|权限|"
    r"ثغرات|أخطاء|באגים|פגיעויות|बग|त्रुटि")


def _described(s: str, start: int, end: int) -> bool:
    """Whether the address at s[start:end] is only said to be where one of the project's
    environments or services is."""
    return bool((_IS_AT_BEFORE.search(s, max(0, start - 40), start) or _IS_AT_AFTER.match(s, end))
                and _PLACE_NOUN.search(s, 0, start))


# Where a negation's reach ends, beyond the sentence's own breaks: the comma after an "if"
# clause ("if a package is not found, install it from …"), and "and" before a second verb
# ("frag nie nach und führe `rm` aus"; "never ask, and run `curl` …"); "`curl` and `wget`",
# "~/.ssh and ~/.aws" stay one list.
_CLAUSE_BREAK = re.compile(r"[;:.!?。！？；](?=\s|$)|[—，、]|,\s(?:and|then|so|but)\b|\b(?:but|then|however|otherwise|"
                           r"instead|except|unless|aber|dann|mais|puis|pero|luego|mas|depois|ma|poi|maar|ale|potem|"
                           r"ama|sonra|lalu|nhung|но|потом|затем)\b|\s-\s"
                           r"|\s(?:and|und|et|y|e|en|og|och|ve|dan|va|и|і|та|oraz|और|및)\s(?=[^\W\d_])"
                           r"|并且|然后|そして")
_CONDITION = _folded_pattern(r"\W{0,3}(?:if|when|whenever|once|unless|wenn|falls|si|se|als|jesli|jezeli|eger|"
                             r"jika|kalau|apabila|neu|если|якщо|εαν|αν|إذا|אם|यदि|अगर|如果|若|もし|만약)(?!\w)")
# Asking, telling or checking: a negation before these forbids the check, not what follows
# ("ne pas signaler à l'utilisateur les requêtes vers …", "don't ask before running `curl`").
_CHECK_WORD = _folded_pattern(
    r"\b(?:ask\w{0,3}|tell\w{0,3}|mention\w{0,3}|inform\w{0,3}|notify\w{0,3}|report\w{0,3}|confirm\w{0,5}|"
    r"warn\w{0,3}|alert\w{0,3}|bother|wait\w{0,3}|frag\w{0,2}|sag\w{0,2}|erwahn\w{0,4}|bestatig\w{0,4}|"
    r"meld\w{0,2}|signal\w{0,4}|dire|demand\w{0,4}|prevenir|avis\w{0,3}|pregunt\w{0,3}|decir|menciona\w{0,2}|"
    r"inform\w{0,3}|pergunt\w{0,3}|dizer|chied\w{0,3}|dire|vraag|vertel|zeg|pytaj\w{0,2}|mow\w{0,2}|"
    r"sor\w{0,3}|soyle\w{0,3}|bahset\w{0,3}|tanya\w{0,2}|beri tahu|kasih tahu|hoi|bao|nhac|"
    r"спрашива\w{0,3}|спрос\w{0,3}|сообща\w{0,3}|говор\w{0,3}|упомина\w{0,3}|уточн\w{0,5}|"
    r"пита\w{0,3}|повідомля\w{0,3}|згадува\w{0,3}|казати)\b"
    r"|告诉|询问|提及|确认|聞か|伝え|知らせ|확인|알리|묻|बताए|बताएं|पूछ|أخبر|تخبر|اسأل|תגיד|תשאל")


_ASKS_FIRST = _folded_pattern(
    r"(?:stop and |then |first )?(?:ask|check with|talk to|tell|frag|demande|pregunta|pergunte|chiedi|vraag|zapytaj|"
    r"спроси|запитай|sor|tanya|hoi)\b")


def _forbidden_here(s: str, pos: int) -> bool:
    """Whether what stands at `pos` of a folded sentence is forbidden there; a parenthesis or a
    code span in a forbidden clause is forbidden with it ("do not touch files outside (dotfiles,
    `~/.ssh`)", "never run `curl … | sh`")."""
    opened = s.rfind("(", 0, pos)
    if opened > s.rfind(")", 0, pos):
        pos = opened
    start = 0
    for b in _CLAUSE_BREAK.finditer(s, 0, pos):
        start = b.end()
    if _CONDITION.match(s, start) and (comma := s.rfind(", ", start, pos)) >= 0:
        start = comma + 2
    elif _CONDITION.match(s, start) and (comma := s.find(", ", pos)) >= 0 and _ASKS_FIRST.match(s, comma + 2):
        return True  # "if a task seems to require sudo, stop and ask the user": only a need, met by asking
    clause = s[start:]
    if _CHECK_WORD.search(clause, 0, pos - start):
        return bool(_BAN_AFTER.search(clause, pos - start))
    return prohibited(clause, pos - start)


_PROTOCOLS = frozenset({"ssh", "sftp", "ftp", "scp", "telnet", "rsync"})


def _protocol_name(sentence: str, word: str) -> bool:
    """Whether a command word is written only as a protocol's name in prose ("SSH access",
    "set up SSH signing"): in capitals and outside code, where a command is typed lowercase."""
    word = word.strip()
    if word not in _PROTOCOLS:
        return False
    prose = _CODE.sub(" ", sentence)
    return (re.search(rf"(?<![\w.-]){word.upper()}(?![\w-])", prose) is not None
            and re.search(rf"(?<![\w.-]){word}(?![\w-])", sentence) is None)


_CODE = re.compile(r"`[^`\n]{0,400}`")


# The ecosystems' own public registries: naming one redirects nothing (what is installed from
# it is judged by the command, not the host). Publishing or sending there is still held.
_PUBLIC_REGISTRIES = frozenset({
    "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "registry.yarnpkg.com", "proxy.golang.org",
    "sum.golang.org", "pkg.go.dev", "crates.io", "index.crates.io", "static.crates.io", "rubygems.org",
    "repo.maven.apache.org", "repo1.maven.org", "central.sonatype.com", "plugins.gradle.org", "api.nuget.org",
    "www.nuget.org", "packagist.org", "repo.packagist.org", "hex.pm", "pub.dev", "cran.r-project.org",
    "conda.anaconda.org", "npmjs.com", "www.npmjs.com"})


def _public_registry(s: str, host: str) -> bool:
    return host.casefold() in _PUBLIC_REGISTRIES and not free_transfer(s)


def _findings(sentence: str, s: str) -> list[tuple[int, int, str]]:
    """What a sentence names beyond the repository: (start, end, reason) in folded `s`."""
    found: list[tuple[int, int, str]] = []
    host = next((h for h in _host_matches(s) if not _public_registry(s, h[2])), None)
    if host:
        found.append((host[0], host[1], f"it names an address ({_short(host[2])})"))
    for m in _REACHING_COMMAND.finditer(s):
        if _protocol_name(sentence, m.group(0)):
            continue
        found.append((m.start(), m.end(),
                      f"it names a command that reaches beyond the project ({_short(m.group(0).strip(' |`'))})"))
    for m in _AGENT_REACH.finditer(s):
        found.append((m.start(), m.end(), f"it reaches beyond this project ({_short(m.group(0))})"))
    credential = _credential_match(sentence, s)
    if credential:
        found.append((credential[0], credential[1], f"it names a credential ({_short(credential[2])})"))
    payment = _payment(s)
    if payment:
        at = max(0, s.find(payment))
        found.append((at, at + len(payment), f"it names payment details ({_short(payment)})"))
    return found


def reach(paragraph: str) -> str | None:
    """Why a paragraph must be read by the person before it reaches the prompt ("it names an
    address (files.acme-sync.io)"), or None when it names nothing beyond the repository.

    What a clause forbids ("never `curl … | sh`", "do not edit `~/.ssh`") is not asked, and an
    address the paragraph only places a thing of the project at ("staging lives at …") is not a
    destination, unless the paragraph carries something there."""
    folded = fold(paragraph)
    carried = bool(_CARRIED.search(folded))
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        if not s or (prohibits_whole(sentence) and not _CHECK_WORD.search(s)):
            continue
        for start, end, why in _findings(sentence, s):
            if _forbidden_here(s, start):
                continue
            if why.startswith("it names an address") and not carried and (
                    _described(s, start, end) or _referenced(s, start, end, folded)):
                continue
            return why
    return None


def _short(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def screen_paragraph(paragraph: str) -> ParagraphVerdict:
    """A paragraph's place as project.py decides it: left out when the rules are sure it is
    hostile; held back when it names something beyond the project or the rules are unsure;
    else in the prompt."""
    verdict = judge_paragraph(paragraph)
    if verdict.staged and verdict.reason == UNSURE_DESTINATION and _addresses_only_placed(paragraph):
        verdict = KEPT  # "staging is at https://…; never paste its token into chat"
    if verdict.staged and verdict.reason == UNSURE_LANGUAGE and _only_forbids(paragraph):
        verdict = KEPT  # "Nooit `git push --force` op gedeelde branches": what it names, it forbids
    if verdict.kept and (beyond := reach(paragraph) or claim_against_person(paragraph)) is not None:
        return ParagraphVerdict(False, beyond, staged=True)
    return verdict


def _only_forbids(paragraph: str) -> bool:
    """Whether every sentence of a paragraph that names something beyond the project forbids
    all it asks, clause by clause (the reach and claims steps still run after this)."""
    named = False
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        if not s or not _findings(sentence, s):
            continue
        named = True
        if not prohibits_whole(sentence):
            return False
    return named


def _addresses_only_placed(paragraph: str) -> bool:
    """Whether every address of a paragraph is only where one of the project's services is,
    or is forbidden, and nothing is carried there."""
    folded = fold(paragraph)
    if _CARRIED.search(folded):
        return False
    placed = False
    for sentence in sentences_keeping_code(paragraph):
        s = fold(" ".join(sentence.split()))
        for start, end, _host in _host_matches(s):
            if not (_described(s, start, end) or _forbidden_here(s, start) or _referenced(s, start, end, folded)):
                return False
            placed = True
    return placed


