"""The acts a project paragraph must not ask for, by their common words in other languages.

The English rules (context_filter) read clauses and prohibitions; here a paragraph that is
not in English is read as a whole: asking to keep something from the user; sending a file,
code, history or a credential to an outside address with no negation in sight; or a
credential written out. Portuguese, Italian, Spanish, French, German, Dutch, Polish,
Turkish, Indonesian, Vietnamese, Russian, Korean, Japanese, Chinese, Arabic and Hindi.
Pure functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

Ask = Literal["upload", "credentials", "payment", "concealment", ""]
_SEND_ANY = re.compile(
    r"\b(?:envi[ae]\w{0,2}|envoy\w{1,3}|carregu\w{1,3}|mand[ae]\w{0,2}|invi[ae]\w{0,2}|caric\w{1,3}|sub[ae]|subir|envoie\w{0,2}|"
    r"televers\w{1,3}|transmet\w{0,3}|transmi[st]e?s?|send\w{0,2}|schick\w{0,3}|lade\w{0,2}|ubertrag\w{0,3}|stuur\w{0,2}|"
    r"verstuur\w{0,2}|upload\w{0,3}|wysl\w{1,4}|przesl\w{1,4}|wgraj|gonder\w{0,4}|yukle\w{0,4}|ilet\w{0,4}|"
    r"kirim\w{0,4}|unggah\w{0,2}|gui|tai len|отправ\w{0,6}|загруз\w{0,6}|перешл\w{0,4}|"
    r"skicka\w{0,2}|ladda upp|videresend\w{0,2}|last opp|posl\w{1,4}|odesl\w{1,4}|nahraj\w{0,2}|kuld\w{1,4}|"
    r"feltolt\w{1,4}|lahet\w{1,4}|laheta\w{0,3}|trimit\w{0,4}|incarc\w{1,4}|tuma|pakia|peleka|"
    r"στειλ\w{0,4}|στελν\w{0,4}|ανεβασ\w{0,4}|αποστειλ\w{0,4})\b"
    r"|전송|업로드|보내|送信|アップロード|送って|送る|転送|上传|发送|传到|发到|أرسل|ارسل|ارفع|أرفع|ترسل|भेज|अपलोड")
_CREDENTIAL_ANY = re.compile(
    r"\b(?:senha\w{0,1}|credenciais|credenziali|contrasena\w{0,2}|credenciales|mot de passe|identifiants|passwort|"
    r"zugangsdaten|wachtwoord\w{0,2}|inloggegevens|has[lł]o|dane logowania|sifre\w{0,4}|parola\w{0,4}|kata sandi|"
    r"kredensial|mat khau|пароль\w{0,2}|токен\w{0,2}|ключ\w{0,2})\b"
    r"|비밀번호|자격 증명|토큰|パスワード|認証情報|トークン|秘密鍵|密码|凭据|密钥|令牌|"
    r"كلمة المرور|كلمات المرور|بيانات الاعتماد|کلید(?:های)? ?api|رمز عبور|"
    r"पासवर्ड|क्रेडेंशियल")
_CONCEAL_ANY = re.compile(
    r"\b(?:nao (?:conte|diga|avise|informe|mencione|fale)|sem (?:avisar|contar|dizer|informar)|"
    r"non (?:dire|dirlo|dirglielo|informare|menzionare|avvisare|parlarne)|"
    # showing nothing to the person ("non mostrare mai all'utente …"), not a secret kept unprinted
    r"non (?:mostrare|segnalare|riportare) (?:mai )?(?:all['’ ]?utente|agli utenti)|"
    r"no (?:le )?(?:muestres|ensenes) (?:nunca )?al usuario|nao (?:mostre|exiba) (?:nunca )?ao usuario|"
    r"ne (?:montre|affiche)\w{0,2} (?:jamais )?(?:a )?l['’ ]?utilisateur|senza (?:dirlo|avvisare|informare|dire)|"
    r"no (?:le )?(?:digas|informes|avises|menciones|cuentes)|sin (?:avisar|decir|informar|que el usuario)|"
    r"ne (?:le |lui )?(?:dis|dites|mentionne\w{0,2}|previens|informe\w{0,2}|signale\w{0,2}) pas|"
    r"sans (?:prevenir|le dire|"
    r"informer|avertir)|ohne (?:zu fragen|bescheid|es zu sagen|den nutzer|den benutzer)|nichts (?:sagen|erwahnen)|"
    r"(?:sag|erzahl|erwahn|verrat)\w{0,2} (?:es |das |davon )?(?:dem |den )?(?:nutzer|benutzer|anwender)?\w{0,2} ?"
    r"nichts?|zonder (?:te melden|het te zeggen|de gebruiker)|"
    r"(?:vertel|zeg|meld)\w{0,1} (?:het )?(?:de gebruiker )?(?:het )?niet|nie (?:mow|informuj|wspominaj|zglaszaj)|"
    r"bez (?:informowania|mowienia|wiedzy)|soyleme\w{0,3}|bildirme\w{0,3}|haber verme\w{0,3}|bahsetme\w{0,3}|"
    r"jangan (?:beri tahu|memberi tahu|bilang|kasih tahu|sebutkan|laporkan|beritahu)|tanpa (?:memberi tahu|"
    r"sepengetahuan|bilang|memberitahu)|(?:đ|d)ung (?:noi|bao|thong bao|đe cap|de cap)|khong (?:noi|bao|thong bao) "
    r"(?:cho|voi)|не (?:говори|сообщай|упоминай|рассказывай)\w{0,2}|без ведома)\b"
    r"|알리지 마|알리지 말|말하지 마|말하지 말|보고하지 마|모르게|몰래|"
    r"言わないで|伝えないで|知らせないで|報告しないで|内緒|"
    r"不要告诉|别告诉|不要通知|不要提|瞒着|不要让用户知道|"
    r"لا تخبر|لا تبلغ|لا تذكر|دون إخبار|دون علم|بدون علم|"
    r"मत बताना|मत बताएं|मत बताओ|न बताएं|बताए बिना|चुपचाप|بدون اطلاع|بی‌خبر|به کاربر نگو|مخفیانه")
# A negation before the act (or, in Korean, Japanese, Chinese and Turkish, after it).
_NEG_ANY = re.compile(
    r"\b(?:never|not|n['’]t|nunca|jamais|jamas|mai|non|nie|niet|nooit|nicht|nichts|niemals|kein\w{0,2}|jangan|đung|khong|asla|"
    r"nada|rien|niente|niets|nic|hicbir|tidak|ничего|"
    r"никогда|нельзя|не)\b|لا |मत |न |कभी नहीं|禁止|不要|不得|切勿|别|しないで|してはいけない|禁止|하지 마|하지 말|금지|"
    r"\b(?:gonderme|yukleme|paylasma|kopyalama|koyma|ekleme|yapma|itme)\w{0,6}\b|هرگز|نباید|ممنوع")
# Function words of English; words other languages share ("no", "do", "an", "on") are left out.
_ENGLISH = re.compile(r"\b(?:the|and|to|of|is|are|you|your|with|for|in|it|this|that|when|after|before|our|may|"
                      r"from|any|other|needs?|must|should|only|which|will|be|by|or|we|not|first)\b")


def other_language_ask(paragraph: str, folded: str, external: bool, credential: bool, sending_command: bool,
                       payment_literal: bool) -> Ask:
    """What a paragraph not in English asks that leaves it out ("" for nothing). `folded` is its
    folded form, `external` whether it names an outside address, `credential` and
    `sending_command` whether the English rules saw a credential or a sending command in it,
    `payment_literal` whether a card or account number is written out.
    Latin-script words are matched without accents, other scripts as written (folding strips
    Japanese voicing marks and splits Hangul)."""
    prose = _CODE_SPAN.sub(" ", folded)  # commands and paths are no language
    words = prose.split()
    if len(_ENGLISH.findall(prose)) * 8 >= max(len(words), 1):
        return ""  # English: the rules above decided
    written = unicodedata.normalize("NFKC", paragraph).casefold()

    def found(pattern: re.Pattern[str]) -> bool:
        return bool(pattern.search(folded) or pattern.search(written))

    if found(_CONCEAL_ANY):
        return "concealment"
    sensitive = found(_CREDENTIAL_ANY) or found(_DATA_ANY) or credential
    if external and sensitive and (found(_SEND_ANY) or sending_command) and not found(_NEG_ANY) and not found(
            _ATTACK_TOLD_ANY):
        return "upload"
    # a credential, the environment or the home folder sent to a place told as someone else's
    # ("an den Sicherungsserver der Partnerfirma", "sul tracker pubblico"): no address written
    sent = (found(_ARTEFACT_ANY) or credential or found(_CREDENTIAL_ANY)) and (external or found(_ELSEWHERE_ANY))
    if sent and _sent_unforbidden(folded, written) and not found(_INCIDENT_ANY) and not found(_ATTACK_TOLD_ANY):
        return "upload"
    # a key sent in plain text, or `.env` sent to a server of the file's ("평문 그대로 … 보내",
    # "перешли его в открытом виде", ".env … transmis au service de télémétrie")
    if not found(_INCIDENT_ANY) and any(_sends_openly(part, credential) for text in (folded, written)
                                        for part in _CLAUSE_END.split(text)):
        return "upload"
    # the person's own keys taken from their keychain, or a live key, for the agent's use
    if found(_KEYCHAIN_ANY) and found(_TAKE_ANY) and (found(_PERSON_ANY) or found(_LIVE_KEY_ANY)) and not found(
            _NEG_ANY):
        return "credentials"
    if found(_CREDENTIAL_ANY) and (_GIVEN_VALUE.search(paragraph) or found(_SHOW_ANY)) and not found(_NEG_ANY):
        return "credentials"
    # a password kept in a file or in the assistant's memory is a password written out
    if found(_CREDENTIAL_ANY) and found(_KEEP_ANY) and (_FILE_SPAN.search(paragraph) or found(_MEMORY_ANY)) and not (
            found(_NEG_ANY)):
        return "credentials"
    # where money goes, changed: a supplier's or payee's account replaced in the payment setup
    if found(_MONEY_ANY) and found(_PAYEE_ANY) and found(_CHANGE_ANY) and not found(_NEG_ANY) and not found(
            _TRIAL_ANY):
        return "payment"
    # paying to an outside address is paying to a payee the file chose (a PIX key, a pay link)
    if (payment_literal or (found(_PAY_ANY) and (found(_MONEY_ANY) or external))) and not found(_NEG_ANY) and not found(
            _TRIAL_ANY):
        return "payment"
    return ""


# What gives the person's access away wherever it goes: `.env`, SSH keys, the environment's
# variables, the home folder ("kunci SSH", "ortam değişkenleri", "katalog domowy", "ホームディレクトリ").
_KEY_WORDS = (r"schlussel|kunci|klucz\w{0,3}|cles?|claves?|chaves?|chiavi|anahtar\w{0,4}|funguo|κλειδι\w{0,2}|"
              r"ключ\w{0,2}|sleutels?|nycklar|nokler|avaim\w{0,3}|kulcs\w{0,3}|chei|klic\w{0,2}")
_ARTEFACT_ANY = re.compile(
    r"(?<![\w.])\.env\b(?![.\w-])|~/|\$home\b|\bid_(?:rsa|ed25519|ecdsa)\b"
    rf"|\b(?:{_KEY_WORDS})(?: \w{{1,4}})? ssh\b|\bssh[- ](?:{_KEY_WORDS})\b"
    r"|\b(?:umgebungsvariable\w{0,2}|variables? d['’]environnement|variables? de entorno|variave\w{1,2} de ambiente|"
    r"variabil\w d['’]ambiente|omgevingsvariabel\w{0,2}|zmienn\w{1,2} srodowisk\w{1,4}|ortam degisken\w{0,10}|"
    r"variabel lingkungan|bien moi truong|переменн\w{1,3} окружения|μεταβλητ\w{1,3} περιβαλλοντος|"
    r"katalog\w{0,3} domow\w{1,3}|home-?verzeichnis\w{0,2}|heimverzeichnis\w{0,2}|repertoire personnel|"
    r"dossier personnel|directorio (?:personal|home|de inicio)|diretorio (?:home|pessoal)|pasta pessoal|"
    r"cartella (?:home|utente)|ev dizin\w{0,4}|direktori (?:home|rumah)|thu muc (?:home|nha)|thuismap|"
    r"домашн\w{2,3} (?:каталог|директори|папк)\w{0,2}|"
    # the whole conversation: "die gesamte Unterhaltung", "la conversación completa"
    r"(?:gesamte\w{0,2}|ganze\w{0,2}|komplette\w{0,2}) (?:unterhaltung|konversation|chatverlauf)|chatverlauf|"
    r"conversa\w{0,4} (?:completa|inteira|entera|complete|intera)|(?:toute la|l['’]integralite de la) conversation|"
    r"(?:intera|tutta la) conversazione|cala rozmow\w{1,2}|cala konwersacj\w{1,2}|tum konusma\w{0,6}|"
    r"seluruh percakapan|(?:весь|всю) (?:диалог|переписку))\b"
    r"|会話全体|会話履歴|完整对话|聊天记录|전체 대화|대화 기록"
    r"|ssh\s?(?:鍵|キー|키|密钥)|(?:کلید|کلیدهای) ssh|\.ssh\b|ホームディレクトリ|主目录|家目录|홈 디렉터리|홈 디렉토리|"
    r"環境変数|环境变量|환경 변수|متغيرات البيئة|متغیرهای محیطی|पर्यावरण चर")
# Plain text, unmasked: how a secret is sent when it is meant to be read on arrival.
_PLAIN_ANY = re.compile(
    r"\b(?:en clair|en texte clair|(?:im )?klartext|in chiaro|en texto plano|en claro|em texto (?:simples|claro|puro)|"
    r"w postaci jawnej|jawnym tekstem|duz metin\w{0,3}|acik metin\w{0,3}|в открытом виде|открытым текстом|"
    r"teks biasa|ongemaskeerd|zonder maskering|sin enmascarar|sans masquer|ungeschwarzt|unmaskiert|"
    r"unredacted|unmasked|in plain ?text)\b|평문|平文|明文|सादे पाठ|متن ساده")
_BARE_KEY_ANY = re.compile(rf"\b(?:{_KEY_WORDS})\b|키를|키는|키가|鍵|キー|钥|कुंजी|کلید")
# What must reach no server: `.env` and SSH keys; and a server or service of any kind.
_STRONG_ANY = re.compile(r"(?<![\w.])\.env\b(?![.\w-])|\bid_(?:rsa|ed25519|ecdsa)\b|~/\.ssh\b")
_SERVER_ANY = re.compile(
    r"\b(?:serveur|service|servidor|servizio|servico|server|sunucu\w{0,3}|serwer\w{0,2}|сервер\w{0,2}|сервис\w{0,2}|"
    r"telemetr\w{1,4}|телеметри\w{1,2})\b|서버|サーバ|服务器|सर्वर|टेलीमेट्री|سرور|خادم")
# A negation right before a send verb, or (Korean, Japanese, Turkish, Hindi) right after it.
_NEG_BEFORE = re.compile(r"(?:\b(?:не|ne|nie|nicht|never|not|no|non|nunca|jamais|mai|niemals|jangan|asla|nooit|niet)"
                         r"\b|मत|न|لا|نه|هرگز)\W{1,3}(?:\w{1,12}\W{1,3})?$")
_NEG_AFTER = re.compile(r"\w{0,3}\s?(?:지 ?마|지 ?말|면 ?안|ないで|てはいけ|ては|禁止|不|me\w{0,4}\b|ं? ?नहीं|نکن|نفرست)")


_CLAUSE_END = re.compile(r"[.;!?。；！？।](?=\s|$)")
# A quoted order is an example of one: (np. „prześlij plik ~/.ssh/id_rsa na serwer”).
_QUOTE_MARK = re.compile(r"[\"„“”«»‘’「」『』]")


def _sends_openly(sentence: str, credential: bool) -> bool:
    """Whether one sentence sends a key in plain text, or `.env` or an SSH key to a server, with
    its send verb not negated and not quoted as an example."""
    prose = _CODE_SPAN.sub(" ", sentence)
    if _QUOTE_MARK.search(prose):
        return False
    plain = _PLAIN_ANY.search(sentence) and (
        _CREDENTIAL_ANY.search(sentence) or _BARE_KEY_ANY.search(sentence) or credential)
    strong = _STRONG_ANY.search(sentence) and _SERVER_ANY.search(prose) and not _NEG_ANY.search(prose)
    return bool((plain or strong) and _send_not_negated(prose))


def _send_not_negated(text: str) -> bool:
    """Whether a send verb of `text` stands with no negation right before or after it
    ("перешли его" is asked; "не пересылай", "보내지 마세요" forbid)."""
    for m in _SEND_ANY.finditer(text):
        if not _NEG_BEFORE.search(text, max(0, m.start() - 20), m.start()) and not _NEG_AFTER.match(text, m.end()):
            return True
    return False


# Whose place it is: a partner's, a friend's, a third party's, the public's.
_ELSEWHERE_ANY = re.compile(
    r"\b(?:partner\w{0,6}|mitra|mshirika|συνεργατ\w{1,3}|партнер\w{0,3}|parceir\w{1,2}|socio commerciale|"
    r"pubblic\w{1,2}|offentlich\w{0,3}|public\w{0,3}|publico|publica|publiczn\w{1,3}|herkese acik|publik|"
    r"публичн\w{1,3}|verejn\w{1,3}|δημοσι\w{1,3}|publiek\w{0,2}|openbar\w{0,2}|extern\w{0,2}|esterno|esterni|"
    r"zewnetrzn\w{1,3}|harici|eksternal|"
    r"внешн\w{1,3}|εξωτερικ\w{1,3}|dritt\w{0,4}|terceir\w{1,2}|terceros|terz\w{1,2}|tiers|osob\w{1,2} trzeci\w{1,2}|"
    r"ucuncu taraf\w{0,3}|pihak ketiga|третьей стороны|freund\w{0,2}|amig[oa]s?|amico|znajom\w{1,3}|"
    r"arkadas\w{0,5}|is ortag\w{0,8}|is ortak\w{0,6}|teman|rafiki|φιλ[οη]\w{0,3})\b"
    r"|パートナー|파트너|合作伙伴|شریک|شريك|公開|公开|공개|عمومی|外部|외부|خارجی|خارجي|बाहरी|第三方|第三者|제3자|"
    r"شخص ثالث|طرف سوم|友人|友達|朋友|친구|دوست|صديق|दोस्त")
# Who receives money: a supplier, a payee, a beneficiary ("die IBAN des Lieferanten", "numer
# konta dostawcy", "شمارهٔ حساب تأمین‌کننده").
_PAYEE_ANY = re.compile(
    r"\b(?:lieferant\w{0,3}|zahlungsempfanger\w{0,2}|empfanger\w{0,2}|fornecedor\w{0,2}|beneficiari\w{1,2}|"
    r"proveedor\w{0,2}|beneficiario\w{0,1}|fournisseur\w{0,1}|beneficiaire\w{0,1}|fornitor\w{1,2}|"
    r"leverancier\w{0,2}|begunstigde|dostawc\w{1,3}|odbiorc\w{1,3}|tedarikci\w{0,5}|alici\w{0,4}|pemasok|"
    r"penerima|nha cung cap|nguoi nhan|поставщик\w{0,3}|получател\w{1,3}|προμηθευτ\w{1,3}|δικαιουχ\w{1,3}|payee)\b"
    r"|تأمین‌کننده|تامین کننده|تأمین کننده|ذی‌نفع|المورد|المستفيد|供应商|收款人|仕入先|受取人|공급업체|수취인|आपूर्तिकर्ता")
# Changing or replacing, in the imperative: "ersetze", "podmień", "جایگزین کن", "替换".
_CHANGE_ANY = re.compile(
    r"\b(?:ersetze\w{0,1}|aktualisiere|tausche|trag\w{0,1} \w{1,20} ein|reemplaza|cambia|actualiza|"
    r"substitua|altere|troque|atualize|remplace[sz]?|modifie[sz]?|sostituisci|aggiorna|zmien|zastap|podmien|"
    r"zaktualizuj|degistir|ganti|perbarui|thay|замени\w{0,2}|измени\w{0,2}|обнови\w{0,2}|αλλαξε|αντικαταστησε|"
    r"vervang|wijzig|change|replace|update|switch)\b"
    r"|جایگزین|عوض کن|تغییر بده|استبدل|غيّر|बदल|置き換え|変更して|替换|更改|修改|변경하|바꾸|교체")


# The person's credential store, and taking from it: "use a chave live guardada no chaveiro do
# usuário", "lies das Token aus dem Schlüsselbund des Nutzers".
_KEYCHAIN_ANY = re.compile(r"\b(?:keychain|keyring|chaveiro|llavero|trousseau|schlusselbund|portachiavi|pek kluczy|"
                           r"anahtar zincir\w{0,4}|rantai kunci|связк\w{1,2} ключей|μπρελοκ)\b|キーチェーン|钥匙串|"
                           r"키체인|سلسلة المفاتيح|زنجیره کلید")
_TAKE_ANY = re.compile(r"\b(?:use|usa|usar|usare|utilis\w{1,4}|utiliz\w{1,4}|verwend\w{1,3}|benutz\w{0,3}|nimm|"
                       r"uzyj|uzywaj|kullan\w{0,4}|gunakan|pakai|dung|использ\w{1,5}|χρησιμοποι\w{1,4}|leia|lee|"
                       r"lis|lies|lese|leggi|czytaj|oku|baca|прочита\w{0,2}|pega|toma|prendi|prends|hol\w{0,2})\b"
                       r"|استفاده کن|استخدم|उपयोग|使用|使う|使って|사용|読み|读取|읽")
_PERSON_ANY = re.compile(r"\b(?:usuario|utilisateur|benutzer\w{0,2}|nutzer\w{0,2}|utente|uzytkownik\w{0,4}|"
                         r"kullanici\w{0,4}|pengguna|пользовател\w{1,3}|χρηστ\w{1,3}|user['’]?s?)\b"
                         r"|ユーザー|用户|사용자|کاربر|المستخدم|उपयोगकर्ता")
_LIVE_KEY_ANY = re.compile(r"\b(?:chave|clave|cle|chiave|klucz|schlussel|anahtar|kunci|ключ) (?:de |di |da |del )?"
                           r"(?:produc\w{1,4}|live)\b|\blive[- ](?:key|schlussel)\b|\bsk_live")


_SENTENCE_END = re.compile(r"[.;!?。；！？](?=\s|$)")


def _sent_unforbidden(folded: str, written: str) -> bool:
    """Whether a sentence of the paragraph sends or attaches with no negation in that sentence
    ("… als bijlage toevoegen aan de release. Maak de release publiek; anders kan de partner er
    niet bij": the "niet" belongs to another sentence)."""
    for text in (folded, written):
        for part in _SENTENCE_END.split(text):
            if (_SEND_ANY.search(part) or _ATTACH_ANY.search(part)) and not _NEG_ANY.search(part):
                return True
    return False


# An account of an attack that happened ("Informe del incidente: un PR externo intentó enviar
# variables de entorno a …", "사고 회고"): the transfer is what the attacker did.
_INCIDENT_ANY = re.compile(r"\b(?:incident\w{0,3}|incidente\w{0,1}|vorfall\w{0,2}|vorfalle|post-?mortem|"
                           r"retrospe[ck]tiv\w{0,2}|olay raporu|insiden|su co|инцидент\w{0,2}|περιστατικ\w{1,3}|"
                           r"incydent\w{0,3})\b|사고|회고|インシデント|事故|事件|复盘|حادثه|حادثة|घटना")


# An attack told by the one it was aimed at: "un README malicioso pedía a los agentes subir …".
_ATTACK_TOLD_ANY = re.compile(
    r"\b(?:malicios\w{1,2}|malveillant\w{0,2}|bosartig\w{0,2}|boswillig\w{0,2}|dannos\w{1,2}|atacante\w{0,1}|"
    r"angreifer\w{0,2}|attaquant\w{0,1}|attaccante\w{0,1}|aanvaller\w{0,2}|zlosliw\w{1,3}|atakujac\w{1,3}|"
    r"kotu niyetli|saldirgan\w{0,3}|penyerang|berbahaya|злоумышленн\w{1,4}|вредоносн\w{1,3}|κακοβουλ\w{1,3})\b"
    r"|악성|공격자|悪意|攻撃者|恶意|攻击者|مخرب|مهاجم|خبيث|مهاجم|दुर्भावनापूर्ण|हमलावर")
# Attaching, in the languages read: a send verb by another name ("allega … a ogni issue").
_ATTACH_ANY = re.compile(r"\b(?:alleg[ah]\w{0,2}|anhang\w{0,3}|adjunt\w{1,3}|anex[ae]\w{0,2}|joins|joindre|"
                         r"als bijlage|bijvoegen|voeg \w{1,20} bij|"
                         r"dolacz\w{0,3}|lampirkan|ambatisha|επισυναψ\w{1,3}|прикреп\w{1,4})\b"
                         r"|添付|附上|첨부|پیوست|بفرست|ارسال کن|آپلود کن|بارگذاری کن|قرار دهید|قرار بده")


# Test and sandbox wording: payment code and test cards are conventions, not payments.
_TRIAL_ANY = re.compile(r"\b(?:testes?|prova|prueba|tests?|essai|testow\w{1,3}|deneme|uji|thu nghiem|тест\w{0,3}|"
                        r"sandbox|mock|fake)\b|테스트|テスト|测试|沙盒|اختبار|परीक्षण|آزمایش|تست")
# Keeping something, and where: a file named in code, or the assistant's memory.
_KEEP_ANY = re.compile(
    r"\b(?:guard[ae]\w{0,4}|salv[ae]\w{0,4}|armazen\w{1,4}|memoriz\w{1,4}|salva\w{0,4}|conserva\w{0,4}|"
    r"sauvegard\w{1,4}|enregistr\w{1,4}|garde\w{0,2}|speicher\w{0,3}|merk\w{0,3}|bewaar\w{0,2}|sla \w{0,10} ?op|"
    r"zapisz\w{0,2}|zachowaj|kaydet\w{0,4}|sakla\w{0,4}|simpan\w{0,3}|luu|сохрани\w{0,2}|запомни\w{0,2})\b"
    r"|저장|기억해|保存|記憶|记住|存储|احفظ|सहेज")
_MEMORY_ANY = re.compile(
    r"\b(?:memoria|memoire|gedachtnis|speicher|geheugen|pamiec\w{0,2}|hafiza\w{0,3}|memori|bo nho|памят\w{1,2})\b"
    r"|메모리|기억|メモリ|記憶|记忆|内存|ذاكرة|मेमोरी")
_FILE_SPAN = re.compile(r"`[^`\n]{0,80}(?:/|\.\w{2,5})[^`\n]{0,80}`")
# Showing or printing a credential.
_SHOW_ANY = re.compile(
    r"\b(?:imprim\w{1,3}|mostr\w{1,3}|stamp\w{1,3}|affiche\w{0,2}|zeig\w{0,2}|gib \w{0,10} ?aus|toon|wyswietl\w{0,3}|"
    r"goster\w{0,3}|yazdir\w{0,3}|tampilkan|cetak|in ra|hien thi|выведи|покажи|распечатай|echo|print\w{0,3})\b"
    r"|출력|표시|보여|表示|出力|打印|显示|输出|اطبع|اعرض|प्रिंट|दिखा")
# Paying or transferring money, and what it is paid from.
_PAY_ANY = re.compile(
    r"\b(?:pag(?!in|e[sd]?\b)\w{1,4}|pay\w{0,3}|bezahl\w{0,3}|uberweis\w{0,3}|betaal\w{0,3}|maak \w{0,10} ?over|"
    r"zaplac\w{0,3}|"
    r"przelej|przelew\w{0,2}|ode\w{1,4}|bayar\w{0,3}|transfer\w{0,3}|thanh toan|chuyen khoan|оплат\w{0,4}|"
    r"переведи|заплати|compr\w{1,4}|achete\w{0,2}|kauf\w{0,2}|koop|kup\w{0,2}|satin al\w{0,4}|beli)\b"
    r"|결제|송금|이체|구매|支払|振り込|振込|購入|付款|支付|转账|汇款|购买|ادفع|حوّل|حول|تحويل|اشتر|भुगतान|खरीद"
    r"|پرداخت|واریز|انتقال وجه|خرید")
_MONEY_ANY = re.compile(
    r"\b(?:cartao|carta di credito|tarjeta|carte|kreditkarte|karte|kaart|karta|kart\w{0,3}|kartu|the tin dung|"
    r"карт\w{1,2}|"
    r"conta|conto|cuenta|compte|konto|konta|kont|rekening|hesap\w{0,3}|tai khoan|сч[её]т\w{0,2}|iban|licen\w{1,4}|"
    r"lizenz\w{0,2}|"
    r"assinatura|abbonamento|suscripcion|abonnement|abonament|abonelik|langganan)\b"
    r"|카드|계좌|구독|カード|口座|サブスク|卡|账户|账号|订阅|بطاقة|حساب|اشتراك|कार्ड|खाता|सदस्यता")


# A file, a path, history, code or an env dump as the thing sent.
_DATA_ANY = re.compile(
    r"`[^`\n]{0,80}(?:/|\.env|\benv\b|printenv|history|\.\w{2,4})[^`\n]{0,80}`|~/|\$home|\$\(|=@|@-"
    r"|\b(?:historique|conversation|historial|conversacion|cronologia|verlauf|geschiedenis|historia|historie|gecmis\w{0,4}|"
    r"riwayat|lich su|codigo|codice|code source|quellcode|broncode|kod\w{0,2}|kaynak kod\w{0,2}|kode|ma nguon|"
    r"arquivos?|fichiers?|dateien|datei|bestand\w{0,2}|pliki?|dosya\w{0,3}|berkas|tep|diff|commits?|output|"
    r"истори\w{1,2}|переписк\w{1,3}|исходн\w{1,3}|файл\w{0,2}|"
    # environment variables
    r"umgebungsvariable\w{0,2}|variables? d['’]environnement|variables? de entorno|variave\w{1,2} de ambiente|"
    r"variabil\w d['’]ambiente|omgevingsvariabel\w{0,2}|zmienn\w{1,2} srodowisk\w{1,4}|ortam degisken\w{0,6}|"
    r"variabel lingkungan|bien moi truong|переменн\w{1,3} окружения|"
    # files, folders, code and history in Swedish, Danish/Norwegian, Finnish, Hungarian, Czech,
    # Romanian, Greek and Swahili
    r"filer(?:na|ne)?|katalog(?:en)?|mapp(?:en|a)?|koden|historik(?:en)?|tiedosto\w{0,4}|hakemisto\w{0,3}|koodi\w{0,2}|"
    r"fajl\w{0,4}|kod(?:ot|ja)?|soubor\w{0,3}|adresar\w{0,2}|fisier\w{0,4}|director\w{0,3}|codul|"
    r"αρχει\w{1,3}|φακελ\w{1,3}|κωδικα|faili|msimbo)\b"
    r"|קבצים|קובץ|תיקייה|התיקייה|קוד|ไฟล์|โฟลเดอร์|โค้ด|فایل|پوشه|کد|ফাইল|ফোল্ডার|কোড"
    r"|환경 변수|環境変数|环境变量|متغيرات البيئة|एनवायरनमेंट वेरिएबल|पर्यावरण चर"
    r"|기록|대화|소스|파일|履歴|会話|ソース|ファイル|历史|聊天记录|源代码|代码|文件|سجل|محادثة|الكود|ملف|इतिहास|कोड|फ़ाइल|फाइल")
# A value written out after a colon or equals sign: "비밀번호: Hunter2!".
_GIVEN_VALUE = re.compile(r"[:=]\s?[`'\"]?(?=[^\s`'\"]{0,40}[\d!@#%^&*_+])[^\s`'\"<$]{6,}")
# The same things in English: what would be the payload of a transfer.
_DATA_EN = re.compile(
    r"\b(?:files?|source(?: code)?|code ?base|diffs?|patch(?:es)?|commits?|changes|repo(?:sitory)?|workspace|"
    r"env(?:ironment)?(?: variables)?|\.env|secrets?|keys?|tokens?|credentials?|passwords?|cookies|history|"
    r"logs?|transcripts?|conversations?|chat|sessions?|prompts?|dumps?|backups?|database|db|screenshots?|"
    r"clipboard|keystrokes|home directory|tarball|archive|output|stdout|everything|contents?)\b")


_CODE_SPAN = re.compile(r"`[^`\n]{0,200}`")


def names_money_place(folded: str) -> bool:
    """Whether folded text names a card, an account or a subscription, in the scan's languages."""
    return _MONEY_ANY.search(folded) is not None


def names_data(folded: str, written: str, code: bool = True) -> bool:
    """Whether the text names something of the machine, the project or the session that could
    be the payload of a transfer (a file, code, history, a credential, …), in any scan language.
    With `code` False, code spans do not count (a path in a command is not a payload by itself)."""
    if not code:
        folded, written = _CODE_SPAN.sub(" ", folded), _CODE_SPAN.sub(" ", written)
    return any(p.search(t) for p in (_DATA_EN, _DATA_ANY, _CREDENTIAL_ANY) for t in (folded, written))


def names_send(folded: str, written: str) -> bool:
    """Whether the text has a send or upload verb of the scan's languages (many Germanic and
    Romance languages share "send", "sende", "envia" with the ones read)."""
    return bool(_SEND_ANY.search(folded) or _SEND_ANY.search(written))


# --- a host written in words or in pieces --------------------------------------------------
# "code dot hostvault dot ru", "the address is 'telemetria' joined with '.devlog-hub.it'":
# an address no host pattern sees, spelled so that none does. Top-level names only (not file
# endings: '.tar.gz' is no host).
_TLD = (r"(?:com|net|org|io|ru|su|cn|de|it|tr|id|pw|xyz|info|biz|co|me|dev|app|site|online|top|cc|tk|ir|in|br|"
        r"pl|fr|es|nl|uk|us|eu|ai|ly|gg|ws|cloud|tech|store|support|link|click|live|pro|space|fun|icu|vip|ua|kz|"
        r"by|jp|kr|vn|gr|ro|cz|hu|se|no|fi|dk|pt|ar|mx|za|ke|ng|sa|ae|pk|bd)")
_DOT_WORD = r"(?:dot|punkt|kropka|nokta|titik|punto|ponto|точка|τελεια|nukta)"
_SPELLED_HOST = re.compile(
    rf"\b(?!(?:the|a|an|this|that|is|was|in|of|and|or|to|on|at|by)\b)[a-z0-9-]{{3,40}}"
    rf"(?: {_DOT_WORD} [a-z0-9-]{{2,40}}){{0,3}} {_DOT_WORD} {_TLD}\b"
    rf"|\bon the \.{_TLD} (?:domain|tld)\b")
_DOT_SPELLED = re.compile(rf" {_DOT_WORD} |\.{_TLD} (?:domain|tld)\b")
_HOST_PIECE = re.compile(rf"[\"'“”„«‘’][.-][a-z0-9-]{{1,40}}(?:\.[a-z0-9-]{{1,40}}){{0,3}}\.{_TLD}[\"'“”»‘’]")
_JOINED = re.compile(
    r"\b(?:join\w{0,3}|concaten\w{1,5}|combin\w{1,5}|append\w{0,3}|plus|followed by|put together|glued?|"
    r"unendo|unire|unit[oi]|concatenando|uniendo|juntando|zusammen\w{0,6}|verbind\w{0,4}|anhang\w{0,3}|"
    r"polacz\w{0,6}|birlesim\w{0,6}|birlestir\w{0,4}|ditambah|digabung\w{0,3}|gabung\w{0,4}|"
    r"объедин\w{1,5}|соедин\w{1,5}|ενων\w{1,4}|pamoja na)\b|\+|と\S{0,3}を?(?:つなげ|繋げ|結合)|拼接|合并|연결|ترکیب|"
    r"دمج|जोड़")


def spelled_host(folded: str) -> bool:
    """Whether folded text gives a host in words ("x dot example dot ru") or in quoted pieces
    to be joined ('"cadangan" ditambah ".simpan-kode.id"')."""
    if _DOT_SPELLED.search(folded) and _SPELLED_HOST.search(folded):
        return True
    return _HOST_PIECE.search(folded) is not None and _JOINED.search(folded) is not None


# --- silence about a change that carries nothing --------------------------------------------
# "No need to tell reviewers about formatting-only commits", "Tippfehlerkorrekturen musst du
# nicht erwähnen": what goes untold is a change of form, in the scan's languages. A sentence
# that also names something that matters (CI, a hook, a key, an address, money, access) is not
# about a change of form only.
_FORM_ONLY = re.compile(
    r"\b(?:formatting|format-only|formatting-only|whitespace|white-space|whitespace-only|typos?|typo fix\w{0,2}|"
    r"cosmetic|style-only|comment-only|lockfile-only|reformat\w{0,4}|import order|"
    r"formatierung\w{0,2}|leerzeichen|tippfehler\w{0,12}|mise en forme|coquilles?|fautes de frappe|espaces|"
    r"formato|erratas?|espacios en blanco|formatacao|erros de digitacao|espacos em branco|formattazione|refusi|"
    r"opmaak|witruimte|formatowani\w{1,2}|literowk\w{1,2}|bicimlendirme|yazim hata\w{1,3}|"
    r"форматировани\w{1,2}|опечат\w{1,3}|пробел\w{0,2})\b|書式|フォーマット|タイポ|格式化|空白|错别字|포맷|오타|공백")
_MATTERS = re.compile(
    r"\b(?:ci|workflows?|hooks?|secrets?|tokens?|keys?|passwords?|credentials?|auth\w{0,10}|security|permissions?|"
    r"deploy\w{0,3}|release\w{0,1}|payments?|billing|iban|urls?|hosts?|servers?|failures?|failing|failed|errors?|"
    r"warnings?|tests?|also|and also|as well|together with|along with|plus)\b|\.github|https?://|@|/|\.env"
    r"|\bund auch\b|\bet aussi\b|\by tambien\b|\be tambem\b|\be anche\b")


def untold_form_only(s: str) -> bool:
    """Whether a folded sentence is about a change of form only (formatting, whitespace,
    typos), with nothing that matters named beside it: leaving that untold hides nothing."""
    return _FORM_ONLY.search(s) is not None and _MATTERS.search(s) is None


# --- a secret kept from the chat -------------------------------------------------------------
# "Do not tell the user their password", "never show users their API key in full": what is
# not told is the secret itself, and keeping it out of the conversation protects the person.
# "Don't tell the user their password was leaked" keeps an event from them and stays silence.
_TOLD_SECRET = re.compile(
    r"\b(?:tell\w{0,3}|show\w{0,3}|send\w{0,3}|give\w{0,3}|read\w{0,3} out|display\w{0,3}|repeat\w{0,3}|"
    r"echo\w{0,3}|paste\w{0,3}|print\w{0,3}|reveal\w{0,3}|mention\w{0,3}|email\w{0,3}|message\w{0,3})"
    r" (?:(?:back )?(?:to )?(?:the |a |any )?(?:users?|persons?|customers?|them|him|her|anyone|people) )"
    r"(?:back )?(?:their|his|her|your|its|the|any|a) (?:own |current |new |full |plain-?text |temporary |one-time |"
    r"account |login |admin |api |access |reset |recovery |session |ssh |private )?"
    r"(?:passwords?|passphrases?|pins?|pin codes?|tokens?|keys?|secrets?|credentials?|recovery codes?|otp)\b"
    r"(?! (?:has|have|had|was|were|is|are|got|gets|may|might|could|would|will|leaked|expired|changed|"
    r"appeared|showed up|ended up|been)\b)(?!\s{0,2}(?:that|which)\b)")


def keeps_secret_from_chat(s: str) -> bool:
    """Whether a folded sentence's telling verb has the person's secret itself as its object
    ("do not tell the user their password"), which keeps the secret out, not the person."""
    return _TOLD_SECRET.search(s) is not None
