"""Where a project-context paragraph's addresses point, for the origin step (context_reach).

Finding an address in folded text (a URL, an e-mail address, an `user@host:` remote, an IP or a
host name; loopback aside), and the two ways an address names nothing to act on: it only says
where one of the project's environments or services is ("staging lives at https://…"), or it is
given for a person to read or write to ("docs are published at …", "file bugs at …",
"vulnerabilities go to security@…"). The ecosystems' own public registries are no address
beyond the project. Pure functions; every pattern is bounded.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from hermes.security.context_claims_words import AS_INSTRUCTIONS, PERSON
from hermes.security.context_languages import names_data, names_send
from hermes.security.context_structure import (
    free_act,
    free_transfer,
    names_reading_place,
    unnegated,
    written_to_people,
)
from hermes.security.textforms import fold, fold_pattern


def folded_pattern(pattern: str) -> re.Pattern[str]:
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


def host_matches(s: str) -> Iterator[tuple[int, int, str]]:
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


# --- what only forbids or describes ---------------------------------------------------------
# Where a thing of the project is, in the scan's languages: "staging lives at https://…", "die
# Staging-Umgebung ist unter https://… erreichbar". Said of an address only; where something
# goes ("reports go to …", "archived in …") is not where it is, and stays held.
_IS_AT_BEFORE = folded_pattern(
    r"(?:\b(?:is|are|lives?|runs?|sits?|is hosted|is served|is deployed|is available|is reachable|is accessible|"
    r"is located|can be reached|is found)\s(?:at|on|under|in|via)|\b(?:ist|sind|liegt|lauft|laeuft)\s(?:unter|auf|bei)|"
    r"\best accessible (?:a|sur|via)|\bse trouve (?:a|sur)|\best (?:disponible|heberge\w?) (?:a|sur)|"
    r"\besta (?:en|disponible en)|\bse encuentra en|\bfica em|\besta (?:em|disponivel em)|\be (?:su|a)|"
    r"\bsi trova (?:su|a)|\b(?:draait|staat|is bereikbaar) op|\bjest dostepn\w{1,2} pod(?: adresem)?|"
    r"\bznajduje sie pod(?: adresem)?|\b(?:находится|доступ\w{1,3}|расположен\w{0,2}) по адресу|"
    r"\b(?:знаходиться|доступн\w{1,3}) за адресою|\bзнаходиться на|\bнаходится на|\bada di|\bberada di|\bo\s|"
    r"\bnam o|\bβρισκεται στο|"
    r"متاحة على|موجود\w? على|נמצאת? בכתובת|地址是|位于|在|"
    # a label ("Staging: https://…", "Wiki – https://…"), a bare "is", and more languages
    r"\b(?:is|are)|[:：–]|\bnam o|\b(?:finns|ligger|kor|korer|finnes|findes|kjorer) pa|\bje (?:na|k dispozici na)|"
    r"\bnajdete na|\bbezi na|\belerheto (?:itt|a)|\bloytyy (?:osoitteesta)?|\bse afla la|"
    r"\beste (?:la|disponibil\w{0,2} la)|"
    r"\binapatikana (?:kwenye|katika)|\biko (?:kwenye|katika)|\bzinachapishwa kwenye|\bο\w{0,3} βρισκεται|"
    r"อยู่ที่|ที่|נמצא\w{0,2} ב|در)\W{0,3}$")
_IS_AT_AFTER = folded_pattern(r"^\S{0,3}\s?(?:adresindedir|adresinde|पर है|にあります|にある|입니다|에 있습니다|上)")
# The things of a project that have an address: its environments, servers and services.
# "The real instructions live at …" is not one of them.
_PLACE_NOUN = folded_pattern(
    r"\b(?:staging|production|prod|environments?|servers?|hosts?|bastion|cluster|instances?|sandbox|"
    r"preview|demo|qa|uat|dashboards?|monitoring|sentry|grafana|kibana|tracker|wiki|docs|documentation|"
    r"site|website|portal|registry|index|mirror|cache|vpn|api|backend|frontend|admin panel|status page|"
    r"\w{0,15}(?:umgebung|server|system)|stage|environnement|recette|serveur|entorno|servidor|ambiente|homologacao|"
    r"omgeving|acceptatieomgeving|srodowisk\w{1,2}|serwer|стейджинг\w{0,2}|стенд|сред\w|сервер\w{0,2}|середовищ\w|ortam\w{0,3}|"
    r"sunucu\w{0,3}|lingkungan|moi truong|may chu|περιβαλλον|διακομιστ\w{1,3}|mazingira)\b"
    r"|بيئة|خادم|סביבת|שרת|स्टेजिंग|सर्वर|परिवेश|环境|服务器|環境|サーバ|스테이징|서버|환경")


def referenced(s: str, start: int, end: int, paragraph: str) -> bool:
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
    mailbox = _EMAIL.match(s, start) is not None
    paragraph, s = written_to_people(fold(paragraph)), written_to_people(s)  # positions change here
    written = unicodedata.normalize("NFKC", paragraph).casefold()
    if free_transfer(paragraph) or names_send(paragraph, written) or free_act(s) or _EDIT_ACT.search(s):
        return False
    if PERSON.search(s) or _SOURCE_NOUN.search(s) or AS_INSTRUCTIONS.search(paragraph):
        return False
    if mailbox and not names_data(unnegated(s), unnegated(s), code=False):
        return True  # a mailbox is where people write, unless the sentence names what could go there
    # What the address is for must be said outside it, and be a place people read or report to.
    rest = "".join(s[a:b] for a, b in _gaps(s))
    return bool(_REFERENCE_NOUN.search(rest) or _PLACE_NOUN.search(rest) or names_reading_place(rest))


def _gaps(s: str) -> Iterator[tuple[int, int]]:
    """The stretches of `s` between its addresses."""
    cursor = 0
    for start, end, _host in sorted(host_matches(s)):
        if start >= cursor:
            yield cursor, start
            path = _PATH_AFTER.match(s, end)
            cursor = path.end() if path else end
    yield cursor, len(s)


# Changing something to point at the address ("replace `github.com` with `…`").
_EDIT_ACT = folded_pattern(r"\b(?:replace|change|point|redirect|switch|rewrite|repoint|override|swap|"
                       r"ersetze|ander\w|remplace\w{0,2}|reemplaza\w{0,2}|cambia\w{0,2}|substitu\w{1,3}|sostituisci|"
                       r"vervang|zamien|zmien|degistir|ganti|thay|замени|измени|заміни|зміни)\b|替换|置き換え|바꾸")
_PATH_AFTER = re.compile(r"[^\s`\"'<>)]{0,300}")
# Where packages come from: an address there is a setup change, whatever the wording.
_SOURCE_NOUN = folded_pattern(r"\b(?:index|index-url|registry|mirror|proxy|pip\.conf|pip\.ini|\.npmrc|\.pypirc|"
                          r"\.yarnrc\w{0,4}|cargo/config\w{0,5}|settings\.xml|gemrc|goproxy|nuget\.config|"
                          r"miroir|espejo|espelho|specchio|spiegel|lustro|зеркал\w{1,2}|реестр\w{0,2}|registro|registre)\b")
# Where people file, ask or report (the address of a tracker, a forum, a security contact).
_REFERENCE_NOUN = folded_pattern(
    r"\b(?:issues?|bugs?|bug reports?|tracker|discussions?|forum|questions|feature requests?|vulnerabilit\w{1,3}|"
    r"security (?:reports?|issues?|contact)|disclosure|access|permissions?|zugang|zugriff|acces|acceso|acesso|"
    r"accesso|toegang|dostep\w{0,2}|доступ\w{0,2}|erisim|akses|quyen truy cap|changelog|release notes|"
    r"contributor guide|code of conduct|"
    r"fehler\w{0,2}|sicherheitslucken?|bogues?|anomalies|errores|fallos|incidencias|vulnerabilidades|erros|falhas|"
    r"segnalazioni|bug|fouten|meldingen|bledy|zgloszenia|hatalar\w{0,2}|ошибк\w{1,2}|уязвимост\w{1,2}|"
    r"помилк\w{1,2}|вразливост\w{1,2}|lỗi|loi|celah keamanan|masalah|"
    # questions, contacts, support, reviews and sign-offs: what people write to an address about
    r"questions?|contacts?|support|help ?desk|escalations?|escalate|sign-?off|approvals?|reviews?|"
    r"licen[cs]ing|privacy|gdpr|dsgvo|lgpd|inbox|mailing list|on-?call|tickets?|"
    r"fragen|frage|anfragen|kontakt\w{0,2}|dudas|preguntas|consultas|contacto|duvidas|perguntas|contato|"
    r"domande|contatt\w{1,3}|vragen|vraag|pytania|pytan|вопрос\w{0,3}|питан\w{1,3}|контакт\w{0,2}|sorular\w{0,3}|"
    r"soru\w{0,3}|iletisim|pertanyaan|hubungi|cau hoi|lien he|frag\w{1,3}|sporsmal|sporgsmal|otazk\w{1,2}|"
    r"dotaz\w{0,2}|kerdes\w{0,4}|kysymyk\w{1,5}|yhteys\w{0,6}|intrebari|contactati|maswali|wasiliana|"
    r"ερωτησεις|αποριες|επικοινωνια\w{0,2}|επικοινωνηστε)\b|"
    r"버그|취약점|권한|문의|질문|연락|バグ|脆弱性|権限|質問|問い合わせ|連絡|问题|漏洞|错误|权限|联系|疑问|咨询|"
    r"ثغرات|أخطاء|أسئلة|استفسار|تواصل|اتصل|באגים|פגיעויות|שאלות|צור קשר|פנו|בירורים|"
    r"बग|त्रुटि|प्रश्न|सवाल|संपर्क|คำถาม|สอบถาม|ติดต่อ|سوالات|پرسش|تماس|প্রশ্ন|যোগাযোগ")


def described(s: str, start: int, end: int) -> bool:
    """Whether the address at s[start:end] is only said to be where one of the project's
    environments or services is."""
    return bool((_IS_AT_BEFORE.search(s, max(0, start - 40), start) or _IS_AT_AFTER.match(s, end))
                and (_PLACE_NOUN.search(s, 0, start) or names_reading_place(s[:start]))
                and not _SOURCE_NOUN.search(s))  # where packages come from is a setup, not a place


# The ecosystems' own public registries: naming one redirects nothing (what is installed from
# it is judged by the command, not the host). Publishing or sending there is still held.
_PUBLIC_REGISTRIES = frozenset({
    "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "registry.yarnpkg.com", "proxy.golang.org",
    "sum.golang.org", "pkg.go.dev", "crates.io", "index.crates.io", "static.crates.io", "rubygems.org",
    "repo.maven.apache.org", "repo1.maven.org", "central.sonatype.com", "plugins.gradle.org", "api.nuget.org",
    "www.nuget.org", "packagist.org", "repo.packagist.org", "hex.pm", "pub.dev", "cran.r-project.org",
    "conda.anaconda.org", "npmjs.com", "www.npmjs.com"})


def public_registry(s: str, host: str) -> bool:
    return host.casefold() in _PUBLIC_REGISTRIES and not free_transfer(s)
