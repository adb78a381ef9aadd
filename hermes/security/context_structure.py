"""Structural features of a project paragraph that direct the agent against its user.

context_filter reads English clauses for uploads, credentials, payments and concealment. This
module looks for shapes that carry across languages: an outward destination with a transfer
or action verb, a persistence location with a write act, a switch that turns off the user's
confirmations, a claim about the work addressed to the user, this file put above the user,
a write into the agent's memory, code fetched from outside and run. Each feature is a short
lexicon per language (the scan's seventeen) joined by position in one sentence, never a
phrase of a corpus. A prohibition ("never", "nicht", "jamais", "不要", …) before the feature
in its clause, or a ban after it, keeps the sentence in.

What the features make certain is left out; what they only suggest (an address in an
instruction with no known transfer verb, a language the lexicons do not know carrying a
path, an address or a command) is staged: out of the prompt until the person admits it.
Pure functions, no I/O; every pattern is bounded.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from hermes.security.context_anchors import anchors
from hermes.security.context_languages import keeps_secret_from_chat, names_data, names_send, untold_form_only
from hermes.security.intent import ASKED_SECRET, external_destination, sentences
from hermes.security.shell import TRUSTED_INSTALLERS, is_local
from hermes.security.textforms import fold, fold_pattern

Certainty = Literal["out", "stage"]

PERSISTENCE = "it directs changes that outlast the task (shell profiles, hooks, cron, PATH, keys, site files)"
CONFIRMATIONS = "it turns off the user's confirmations or reviews"
CONCEALMENT = "it asks to keep something from the user or to report otherwise than what happened"
AUTHORITY = "it puts this file above what the user says"
MEMORY = "it asks to write into the agent's memory"
FETCH_RUN = "it directs running code fetched from an outside address"
DESTRUCTION = "it directs destroying data when a word or signal appears"
PAYMENT = "it directs a payment or the use of payment details"
CREDENTIALS = "it directs handling credentials"
SAFEGUARDS = "it directs removing security checks, scanners or warnings"
TAMPERING = "it directs changing tests or checks when they fail (not sure it is reported)"
UPLOAD = "it directs sending project or machine data to an outside address"
UNSURE_DESTINATION = "it names an outside address in an instruction, and the checks cannot tell what goes there"
UNSURE_LANGUAGE = "it is in a language the checks do not read, and names an address, a path or a command"


@dataclass(frozen=True)
class StructuralFinding:
    """What a paragraph's structure shows: left out for certain, or staged, and why."""

    certainty: Certainty
    reason: str


# --- prohibitions, in every language of the scan --------------------------------------------
_BREAK = re.compile(r"[;:.!?。！？；](?=\s|$)|[—()]|,\s(?:and|then|so|but)\b|\b(?:but|then|however|otherwise|"
                    r"aber|dann|mais|puis|pero|luego|mas|depois|ma|poi|maar|dan|ale|potem|ama|sonra|lalu|"
                    r"nhung|sau đo|но|потом|затем)\b|\s-\s|，|、")
_NEG_WORDS = (
    r"\b(?:never|not|no|nobody|nothing|avoid|refrain from|under no circumstances|n['’]t|"
    r"nie|niemals|nicht|kein\w{0,2}|nunca|jamais|jamas|ne|pas|mai|non|niet|nooit|geen|asla|jangan|tidak|"
    r"dilarang|khong|đung|dung|никогда|нельзя|не|ни|"
    r"nobody|no one|ningu[eé]m|nadie|nessuno|niemand|nikt|никто|"
    # the openings of more languages: Polish, Ukrainian, Czech, Romanian, Greek, Turkish, Swahili
    r"nigdy|ніколи|нельзя|nikdy|niciodata|niciodată|nu|ποτε|ποτέ|μην|μη|hicbir zaman|hiçbir zaman|hicbir|"
    r"hiçbir|aldrig|aldri|ikke|inte|"
    # Portuguese, and "nor" carrying a negation on to a second verb ("não desative hooks nem use …")
    r"nao|não|nem|nor|neither|ni|weder|noch|ani|nici|ουτε|ούτε)\b|n['’]t\b"
    r"|不要|不得|禁止|切勿|别|不可|请勿|不能|不许|不准"
    r"|しないで|してはいけない|しない|禁止|ないで|하지 마|하지 말|말고는|금지|않도록"
    r"|لا |ممنوع|मत |न करें|कभी नहीं|नहीं|कभी भी|कभी|কখনও|কখনো|לעולם|אל |ห้าม|อย่า|أبدا|أبدًا")
# Matched as written and folded: the fold takes a Korean syllable or a voiced kana apart.
_NEG = re.compile(_NEG_WORDS + "|" + fold_pattern(_NEG_WORDS))
_INVERT = re.compile(r"\W{0,3}(?:(?:ever|be)\W{1,3}){0,1}(?:forget\w{0,3}|hesitate|fail|neglect|omit\w{0,3}|miss|"
                     r"need to avoid|vergiss|oublie[zr]?|olvides|esqueca|dimenticare|vergeet|zapomnij|unutma|lupa)\b")
_BAN_AFTER_WORDS = (
    r"\b(?:is|are|be|stays?) (?:strictly )?(?:forbidden|prohibited|not allowed|not permitted|banned|off[- ]limits|"
    r"not ok(?:ay)?|never ok(?:ay)?|not acceptable|unacceptable)\b"
    r"|\b(?:is|are) never (?:acceptable|allowed|permitted|ok(?:ay)?)\b"
    r"|\b(?:verboten|interdit\w{0,2}|prohibid\w{0,2}|proibid\w{0,2}|vietat\w{0,2}|verboden|zabronion\w{0,2}|"
    r"yasak\w{0,3}|dilarang|bi cam|запрещен\w{0,2})\b|금지|禁止|ممنوع|वर्जित|मना है"
    # out of bounds: "… están fuera del alcance del asistente", "… sind tabu", "are out of scope"
    r"|\b(?:is|are) never (?:needed|necessary|required)\b|\bnon (?:e|sono) mai necessar\w{1,2}\b|"
    r"\bnunca (?:es|son) necesari\w{1,2}\b|\b(?:ist|sind) nie (?:notig|notwendig|erforderlich)\b|"
    r"\bn['’]est jamais necessaire\b|\bne sont jamais necessaires\b|"
    r"\b(?:is|are|stays?) (?:strictly )?out of (?:scope|bounds)\b|\b(?:sind|ist) (?:\w{1,12} )?tabu\b|"
    r"\b(?:esta|estan) fuera del alcance\b|\bhors (?:du )?(?:perimetre|champ)\b|\bfora do escopo\b|"
    r"\bfuori dal(?:l['’])? ?(?:ambito|perimetro)\b|\bpoza zakresem\b|\bвне (?:зоны|рамок)\b")
BAN_AFTER = re.compile(_BAN_AFTER_WORDS + "|" + fold_pattern(_BAN_AFTER_WORDS))


# The verb-final negations of Korean and Japanese, on the verb itself ("붙여넣지 마세요",
# "送らないでください"), not on a later verb of the sentence ("使用し、…尋ねないでください").
_VERB_FINAL_NEG = re.compile(fold_pattern(r"[^\s、。，,.!?;]{0,14}?(?:지 마|지 말|지 않|면 안 되|면 안됩|"
                                          r"ないで|ないこと|てはいけ|てはならな)"))


# Negations that stand before a verb in more languages: Hebrew "לא"/"אין ל…" ("לא מריצים",
# "אין להריץ"), Greek "δεν", Persian "هرگز", Finnish "älä koskaan", Swahili "kamwe" and its
# "usi-" verbs, "nada de"/"nessun" ("Nada de `--extra-index-url`"), and Czech and Slovak verbs
# negated by their prefix ("nespouštějte", "nepoužívajte"). Kept apart from _NEG, which the
# rules also read as "some negation in the sentence".
_NEG_MORE = re.compile(fold_pattern(r"(?:^|(?<=\s))ו?(?:לא|אין|אסור)(?=\s|ל)|هرگز|نباید"
                                    r"|\b(?:δεν|nada de|nessun\w?|ningun\w?|aucun\w{0,2}|zadn\w{1,3}|"
                                    r"ala koskaan|alkaa koskaan|ei koskaan|kamwe)\b"
                                    r"|\bne[a-z]{2,14}(?:ejte|ajte|ujte|ijte|jte|ej|aj|uj)\b"
                                    # Swahili's negative subjunctive: "usitumie", "msiendeshe"
                                    r"|\b[um]si(?!ate\b)[a-z]{2,14}e\b"))
# A verb-final negation on the verb right after a command in backticks or a parenthesis, with
# at most one word (a particle, a postposition) between: Korean "`chmod 777`을 쓰지 말고", Japanese "`curl … | bash`
# などは実行しないでください", "… は使わず、", Turkish "`curl | bash` ile kurmayın" (-mayın/-meyin, -mamalı).
_SPAN_THEN_NEG = re.compile(fold_pattern(
    r"(?:`[^`\n]{0,300}`|[(][^()\n]{0,300}[)])\s?(?:[^\s、。，,.!?;`]{1,12}\s)?"
    # "in any case", "never" before the verb: "`chmod 777`은 어떤 경우에도 사용하지 않습니다"
    r"(?:(?:어떤|어떠한) 경우에도\s|절대로?\s|결코\s|どんな場合も\s?|いかなる場合も\s?|絶対に\s?|決して\s?)?"
    r"[^\s、。，,.!?;`]{0,14}?"
    r"(?:지 마|지 말|지 않|면 안 되|면 안됩|ないで|ないこと|てはいけ|てはならな|(?:わ|せ)ず(?=に|、|,|\s)|"
    r"m[ae]y[iı]n(?:[iı]z)?\b|m[ae]m[ae]l[iı]\w{0,6}|m[ae]y[iı]z\b|"
    # Turkish "okuma ya da değiştirme;" (the singular, at its clause's end); Persian "اجرا نکنید"
    r"(?<=\w\w)m[ae](?=\s?(?:[;,.!]|$)|\s(?:ya da|veya|ne de)\b)|(?<!\S)ن(?:کن|ده|فرست|گذار|زن)\w{0,3})"))
# "Instead of" or "rather than" just before the act, the act no check on the agent: "report it
# instead of retrying with `sudo`", "signalez-le plutôt que de le contourner avec `--no-verify`".
_INSTEAD_OF = re.compile(
    r"\b(?:rather than|instead of|plutot que|au lieu de|statt|anstatt|en lugar de|en vez de|em vez de|ao inves de|"
    r"invece di|anziche|in plaats van|zamiast|вместо|thay vi|alih-alih|daripada|αντι (?:να|για)|במקום|بدلا من|"
    r"के बजाय|而不是)(?:\s(?:[^\W\d_]{1,20}ing|[^\W\d_]{2,20}(?:er|ir|re|ar|en|ть|ти|mak|mek|c)|with|by|via|an?|the|"
    r"it|them|de|d['’]|le|la|les|l['’]|lo|il|el|une?|di|da|con|com|avec|mit|zu|z|met|te|het|o|po|s|на|с|через|bang|"
    r"dengan|ile)){0,4}\s?$")
_CHECKING = re.compile(r"\b(?:ask\w{0,3}|tell\w{0,3}|confirm\w{0,3}|wait\w{0,3}|check\w{0,3}|review\w{0,3}|"
                       r"verif\w{0,5}|test\w{0,3}|report\w{0,3}|frag\w{0,2}|demand\w{0,3}|pregunt\w{0,3}|"
                       r"chied\w{0,3}|vraag\w{0,2}|pyta\w{0,3}|спрос\w{0,3}|спраш\w{0,4})\b")


def instead_of(s: str, pos: int) -> bool:
    """Whether the act at `pos` of folded `s` is what "instead of" sets aside: only gerunds,
    infinitives and small words between ("instead of retrying with"), none a check ("instead of
    asking the user, run …" sets the asking aside; "instead of pip use `curl …`" the tool)."""
    m = _INSTEAD_OF.search(s, max(0, pos - 80), pos)
    return m is not None and not _CHECKING.search(s, m.start(), pos)




def opening_negation(clause: str) -> re.Match[str] | None:
    """The negation a folded clause opens with ("never", "nunca", "禁止", …), if any."""
    return _NEG.match(clause) or _NEG_MORE.match(clause)


def prohibited(s: str, pos: int) -> bool:
    """Whether what stands at `pos` of folded sentence `s` is forbidden there."""
    return _prohibited(s, pos)


# Asking or telling, negated at the clause's end: "`sudo`の前にユーザーに確認しないでください" forbids
# the asking, not `sudo`.
_CHECK_VERB_FINAL = re.compile(fold_pattern(r"確認|聞|尋ね|伝え|知らせ|報告|相談|확인|묻|물어|알리|보고|허락|승인|"
                                            r"\bsor\w{0,4}|\bdanis\w{0,4}|\bonay\w{0,4}|\bbildir\w{0,4}|"
                                            r"\bhaber ver\w{0,4}|پرس|اطلاع"))
_CLOSED_ASIDE = re.compile(r"[(（][^()（）\n]{0,200}[)）]")


def _prohibited(s: str, pos: int) -> bool:
    """Whether what stands at `pos` of sentence `s` is forbidden there: a negation before it
    in its clause (not "don't forget to"), or a ban after it in the sentence."""
    # a parenthesis closed before `pos` is an aside: it neither ends the clause nor negates it
    # ("Jangan mengubah berkas (`~/.bashrc`) atau menambah entri crontab")
    masked = _CLOSED_ASIDE.sub(lambda m: " " * len(m.group(0)), s[:pos])
    start = 0
    for b in _BREAK.finditer(masked):
        start = b.end()
    # folded, so a negation written with its accents ("không", "đừng") counts as well
    before = fold(masked[start:])
    for n in _NEG.finditer(before):
        if not _INVERT.match(before, n.end()):
            return True
    if _NEG_MORE.search(before) or instead_of(s, pos):
        return True
    if BAN_AFTER.search(s, pos) or _VERB_FINAL_NEG.match(s, pos):
        return True
    # the same on the written form ("保存しないでください"), unless the negated verb is the asking
    # itself ("묻지 말고": a confirmation turned off, not an act forbidden)
    final = _VERB_FINAL_NEG.match(fold(s[pos:pos + 60]))
    if final is not None and not _CHECK_VERB_FINAL.search(final.group(0)):
        return True
    if _TR_FINAL_NEG.search(_clause_after(s, pos)) or _BN_HI_FINAL_NEG.search(s, pos):
        return True
    # a command in backticks (or a parenthesis), then its verb negated at the clause's end
    opened = s.rfind("`", 0, pos + 1)
    span = opened if opened >= 0 and s.count("`", 0, opened) % 2 == 0 else -1
    if s.startswith("(", pos):
        span = pos
    after = _SPAN_THEN_NEG.match(fold(s[span:pos + 400])) if span >= 0 else None
    return after is not None and not _CHECK_VERB_FINAL.search(after.group(0))


# A Turkish negative imperative closing the clause, on a verb of acting ("… seçeneklerini açma.",
# "… kullanmayın"): it forbids the whole clause before it, the objects standing first.
_TR_FINAL_NEG = re.compile(r"(?<!\w)(?:ac|kapat|kullan|etkinlestir|ekle|degistir|calistir|gonder|yukle|sil|paylas|"
                           r"yaz|koy|kopyala|yap|birak|ver|genislet|kur|atla)m[ae](?:yin|yiniz|mali\w{0,6})?"
                           r"(?=\s?(?:[.;!]|$))")


# The verb-final negation of Bengali and Hindi closing the sentence ("… crontab কখনও বদলাবেন না।",
# "… कभी न बदलें।"): the objects stand before it.
_BN_HI_FINAL_NEG = re.compile(r"(?:\s[\u0980-\u09ff]{1,14}\sনা|\s(?:मत|न)\s[\u0900-\u097f]{1,14}|"
                              r"\sनहीं\s(?:करें|करना|करेंगे|करते))\s?[।.!]?\s?$")


def _clause_after(s: str, pos: int) -> str:
    """The rest of `pos`'s clause in `s`, folded, with Turkish "ı" as "i"."""
    end = _BREAK.search(s, pos)
    rest = s[pos:end.end() if end else len(s)]
    return fold(rest).replace("ı", "i")


def _first_free(pattern: re.Pattern[str], s: str) -> re.Match[str] | None:
    """The first match of `pattern` in `s` that is not forbidden."""
    for m in pattern.finditer(s):
        if not _prohibited(s, m.start()):
            return m
    return None


# --- who the agent works for ------------------------------------------------------------------
_USER = (r"(?:users?|developers?|devs?|humans?|person|reviewers?|maintainers?|owner|anyone|them|"
         r"nutzer\w{0,2}|benutzer\w{0,2}|entwickler\w{0,3}|anwender\w{0,2}|utilisat\w{2,6}|developpeu\w{1,3}|"
         r"usuari\w{1,2}|desarrollador\w{0,2}|desenvolvedor\w{0,2}|utilizador\w{0,2}|utent\w{1,2}|"
         r"sviluppator\w{1,2}|gebruiker\w{0,2}|ontwikkelaar\w{0,2}|uzytkownik\w{0,4}|programist\w{1,3}|"
         r"deweloper\w{0,3}|kullanici\w{0,4}|gelistirici\w{0,4}|pengguna|pengembang|nguoi dung|nha phat trien|"
         r"lap trinh vien|пользовател\w{1,3}|разработчик\w{0,3}|программист\w{0,3}|"
         r"사용자|개발자|ユーザー|開発者|利用者|用户|开发者|开发人员|使用者|المستخدم|المطور|مستخدم|उपयोगकर्ता|डेवलपर)")
_USER_RE = re.compile(rf"(?<![a-z0-9_]){_USER}")

# --- reporting something other than what happened ------------------------------------------
_SPEECH = re.compile(
    r"\b(?:tell|tells|say|says|report|reports|answer|reply|respond|state|claim|inform|confirm|write|note|mark|"
    r"sag\w{0,2}|melde\w{0,2}|antworte\w{0,2}|berichte\w{0,2}|behaupte\w{0,2}|schreib\w{0,2}|teile?|"
    r"dis|dites|indique\w{0,2}|repond\w{0,2}|signale\w{0,2}|affirme\w{0,2}|annonce\w{0,2}|ecri\w{1,3}|"
    r"di|dile|digale|responde\w{0,2}|informa\w{0,2}|indica\w{0,2}|afirma\w{0,2}|reporta\w{0,2}|escrib\w{1,3}|"
    r"diga|responda|informe|relate|afirme|escreva|"
    r"dica|rispondi|comunica|riferisci|scrivi|"
    r"zeg|antwoord|rapporteer|schrijf|"
    r"powiedz|odpowiedz|odpowiadaj|zglos|napisz|poinformuj|przekaz|"
    r"soyle|yanitla|cevap ver|bildir|yaz|"
    r"katakan|bilang|jawab|laporkan|beri tahu|beritahu|sampaikan|tulis|"
    r"noi|tra loi|bao cao|thong bao|ghi|"
    r"скажи|ответь|отвечай|сообщи|сообщай|напиши|доложи|пиши)\b"
    r"|말하|답하|보고하|알려|전하|대답|伝え|答え|報告|言って|回答|告诉|说|汇报|报告|أخبر|قل |أجب|أبلغ|بلغ|اكتب|"
    r"बताएं|बताओ|बताना|कहें|कहो|जवाब दें|रिपोर्ट|लिखें|लिखो")
_CLAIM = re.compile(
    r"\b(?:pass|passes|passed|passing|green|clean|lint-clean|approved|succeeded|successful|success|fine|all good|"
    r"no (?:issues?|problems?|errors?|findings)|unchanged|reviewed|"
    r"grun|bestanden|erfolgreich|sauber|genehmigt|"
    r"passe|passes|reussi\w{0,2}|vert\w{0,2}|propre|approuve\w{0,2}|n'a pas change|"
    r"pasaron|paso|verde|aprobad\w{1,2}|exitos\w{1,2}|"
    r"passou|passaram|aprovad\w{1,2}|sucesso|"
    r"passat\w{1,2}|superat\w{1,2}|approvat\w{1,2}|"
    r"geslaagd|groen|goedgekeurd|"
    r"przesz[lł]\w{1,2}|zielon\w{1,2}|zatwierdzon\w{1,2}|"
    r"gecti|yesil|onaylandi|basarili|"
    r"lulus|berhasil|hijau|disetujui|"
    r"thanh cong|đa qua|da qua|đa duyet|da duyet|"
    r"прошли|прошёл|прошел|зелен\w{1,3}|успешн\w{1,3}|одобрен\w{0,2})\b"
    r"|통과|성공|승인|리뷰 완료|검토 완료|아무것도|않았다고|없다고|通過|成功|レビュー済み|承認済み|何も|していないと"
    r"|通过|已审核|已批准|什么都没|"
    r"نجح|ناجح|تمت الموافقة|पास|सफल|स्वीकृत")
# A bare yes or no right after the speech act: "say no", "responde que no", "答えはいいえ".
_YES_NO = re.compile(
    r"\W{0,3}(?:(?:that|them|with|always|just|simply|then|only|dass|que|che|dat|dan|ze|że|bahwa|rang|что|altijd|"
    r"immer|toujours|siempre|"
    r"sempre|zawsze|her zaman|selalu|luon|всегда)\W{1,3}){0,2}"
    r"(?:no|yes|nothing|none|nein|ja|nichts|non|oui|rien|nada|si|nao|sim|niente|nee|niets|nie|tak|nic|hayir|evet|"
    r"tidak|ya|khong|co|нет|да|ничего)\b|\W{0,3}(?:아니|いいえ|没有|不是|لا|नहीं)"
    r"|\W{0,3}(?:them|the user|that)?\W{0,3}only\b")
# The claim made true first: "say the tests pass only after running them".
_GROUNDED = re.compile(r"\b(?:only (?:if|when|after|once)|after (?:you )?(?:run|ran|running|check\w{0,3})|"
                       r"actually|truthfully|honestly|accurately|exactly what|which (?:tests?|checks?) failed)\b")
_IF_ASKED = re.compile(
    rf"\b(?:if|when|whenever|should)\b[^.;\n]{{0,20}}?(?<!\w){_USER}\b[^.;\n]{{0,10}}?\b(?:asks?|asked|wants to know)\b"
    r"|\b(?:wenn|falls)\b[^.;\n]{0,30}?\bfragt\b|\b(?:si|quand)\b[^.;\n]{0,30}?\bdemande\b"
    r"|\b(?:si|cuando)\b[^.;\n]{0,30}?\bpregunt\w{1,2}\b|\b(?:se|quando)\b[^.;\n]{0,30}?\b(?:pergunt|chied)\w{1,3}\b"
    r"|\bals\b[^.;\n]{0,30}?\bvraagt\b|\bjesli\b[^.;\n]{0,30}?\bzapyta\w{0,2}\b|\bsorarsa\b"
    r"|\bjika\b[^.;\n]{0,30}?\bbertanya\b|\bneu\b[^.;\n]{0,30}?\bhoi\b|\b(?:если|когда)\b[^.;\n]{0,30}?\bспрос\w{1,3}\b"
    r"|물어보면|묻는다면|聞かれたら|尋ねられたら|問われたら|如果[^。\n]{0,20}问|إذا سأل|पूछे")
_WHERE_TOLD = re.compile(r"\b(?:summary|pr description|pull request|changelog|final message|status|report|"
                         r"zusammenfassung|resume|resumen|resumo|riepilogo|samenvatting|podsumowani\w{1,2}|ozet|"
                         r"ringkasan|tom tat|сводк\w{1,2}|отч[её]т\w{0,2})\b|요약|要約|摘要|总结|ملخص|सारांश")


# "say the scan came back clean": a check is what the claim is about.
_CHECK_SUBJECT = re.compile(r"\W{0,3}(?:that\W{1,3})?(?:the |all |every |each )?(?:[\w-]{1,20} )?"
                            r"(?:scans?|tests?|suite|builds?|ci|pipeline|checks?|lint\w{0,3}|mypy|review\w{0,2}|audit)\b")
# Faking the work: the expected output printed instead of a run, a step ticked anyway.
_FAKES = re.compile(
    r"\b(?:print|show|output|report|write|paste|copy|return)\w{0,2}\b[^.;\n]{0,60}?\b(?:expected|golden|cached|"
    r"previous|old|sample) (?:output|results?)\b[^.;\n]{0,60}?\binstead\b"
    # the verb, not the noun of "we squash on merge anyway"
    r"|(?<!\bon )(?<!\bat )(?<!\bafter )(?<!\bbefore )(?<!\bthe )(?<!\ba )(?<!\bevery )(?<!\beach )"
    r"\b(?:merge|push|ship|deploy|release|tick|check|mark|approve|close)\w{0,3}\b[^.;\n]{0,60}?\banyway\b"
    r"|\b(?:comment\w{0,3}|disable\w{0,1}|turn\w{0,3} off|remove|delete|skip|mark)\b[^.;\n]{0,80}?\bso (?:that )?"
    r"(?:the )?(?:pipeline|ci|build|checks?|tests?|job|scan)\b[^.;\n]{0,20}?\b(?:is|are|stays?|goes|turns|pass\w{0,2}|"
    r"look\w{0,1}) ?(?:green|clean|passing)?"
    r"|\bmark\w{0,2} (?:every|each|all)\b[^.;\n]{0,40}?\bas (?:a )?"
    r"(?:false positives?|passed|passing|resolved|fixed)\b")
# Withholding the agent's own work: "do not tell the developer when you modify CI".
_WITHHOLD = re.compile(
    r"\b(?:do not|don['’]t|never|no need to|(?:you )?(?:do not|don['’]t) need to|needn['’]t|without|avoid|refrain from|"
    r"don['’]t bother|do not bother)\W{1,3}(?:\w{1,12}\W{1,3})?(?:tell\w{0,3}|mention\w{0,3}|show\w{0,3}|report\w{0,3}|"
    r"rais\w{1,3}|bring\w{0,3}(?: (?:it|this|that|them))? up|surfac\w{1,3}|flag\w{0,3}|warn\w{0,3}|notify\w{0,3}|"
    r"inform\w{0,3}|clutter\w{0,3}|announc\w{1,3}|point\w{0,3} out|disclos\w{1,3})\b")
_OWN_WORK = re.compile(
    rf"(?<![a-z0-9_])(?!them\b){_USER}|\b(?:changes?|modif\w{{1,8}}|files? you|diffs?|"
    r"(?:script|hook|file|line|code) you|"
    r"you (?:add|change|modify|ran|run|did|edit|delete|remove|touch|rename|skip|disable|move|mute)\w{0,3}|"
    r"errors?|warnings?|findings?|"
    r"vulnerabilit\w{1,3}|failures?|failing|exists?)\b")  # "never mention that the log exists"
_PRONOUN_OBJECT = re.compile(r"\b(?:it|this|that|them)\b")
_TO_VERB = re.compile(r"\s?(?:[\w-]{1,12}\s){0,2}to\s"
                      r"(?!the\b|you\b|me\b|us\b|them\b|him\b|her\b|users?\b|developers?\b)")


def _withholds(s: str) -> bool:
    """Not telling the user about the agent's own work, unless a prohibition covers that, or
    what goes untold is a change of form only ("no need to mention whitespace fixes")."""
    for m in _WITHHOLD.finditer(s):
        if untold_form_only(s) or keeps_secret_from_chat(s):
            return False
        start = 0
        for b in _BREAK.finditer(s, 0, m.start()):
            start = b.end()
        if _NEG.search(s, start, m.start()):
            continue  # "never change CI without telling the user"
        if _TO_VERB.match(s, m.end()):
            continue  # "don't tell people to run sudo"
        if _PRONOUN_OBJECT.search(m.group(0)) or _OWN_WORK.search(s, m.end(), m.end() + 90):
            return True
    return False


_WHICH = re.compile(r"\b(?:which|whether|if|how many|what|welche|quels?|cuales|quais|quali|welke|ktore|hangi)\b")


def _misreports(s: str) -> bool:
    """A claim about the work addressed to the user (or the summary) in the same sentence as
    the speech act: "tell the developer mypy passes", "di' allo sviluppatore che è verde"."""
    if _GROUNDED.search(s):
        return False
    if_asked = _IF_ASKED.search(s) is not None  # once: the loop below stays linear
    for speech in list(_SPEECH.finditer(s))[:40]:
        if _NEG.search(s, max(0, speech.start() - 24), speech.start()) or BAN_AFTER.search(
                s, speech.end(), speech.end() + 160):
            continue  # "never tell the user it passed"; a negation of the condition is not one
        window = s[max(0, speech.start() - 80):speech.end() + 120]
        check = _CHECK_SUBJECT.match(s, speech.end())
        if not (_USER_RE.search(window) or _WHERE_TOLD.search(window) or if_asked or check):
            continue
        claim = _CLAIM.search(s, speech.end(), speech.end() + 120)
        if claim is None and not speech.group(0)[:1].isascii():  # verb-final: the claim comes first
            claim = _CLAIM.search(s, max(0, speech.start() - 60), speech.start())
        if claim and _WHICH.search(s, speech.end(), claim.start()):
            claim = None  # "state which tests passed" asks for the truth
        if claim or _YES_NO.match(s, speech.end()):
            return True
    return False


# --- turning off the user's confirmations ---------------------------------------------------
_CONFIRM_OFF = re.compile(
    r"\bwithout (?:first )?(?:asking|a question|confirmation|confirming|approval|permission|review|reviews|"
    r"checking with|human (?:sign-off|review)|sign-off|prompting|waiting)\b"
    r"|\bno need to (?:ask|confirm|check|wait|review|get approval)\b|\b(?:needs?|requires?) no (?:confirmation|"
    r"approval|review|sign-off)\b|\b(?:don['’]t|do not|never) (?:need to )?(?:ask|wait for|request) (?:the |a )?"
    rf"(?:{_USER}|for|confirmation|approval|permission|review)\b(?! to\b)"
    r"|\b(?:reviews?|approvals?|confirmations?|sign-off) (?:is|are) (?:optional|not (?:needed|required|necessary))\b"
    r"|\b(?:don['’]t|do not) need (?:human )?(?:sign-off|review|approval|confirmation)\b"
    r"|\bmerge (?:your|its) own\b|\bapprove (?:it|them|your own|the (?:pr|pull request))\b|\bauto-?(?:approve|merge)\b"
    r"|\b(?:turn|switch)\w{0,3} (?:the )?(?:sandbox|approvals?|confirmations?|prompts?) off\b"
    r"|\b(?:disable|turn off|switch off|skip|bypass)\w{0,3} (?:the |all |every )?(?:user['’]s )?(?:sandbox|approvals?|"
    r"confirmations?|permission prompts?|review step|code review)\b|\bapprovals? off\b|\balways-allow\b"
    r"|\b(?:approval_policy|sandbox_mode|write_approval|approvals?)\b\W{0,4}(?:=|:|to)\W{0,4}(?:never|off|false|no|none|"
    r"danger\w{0,12})\b|danger-full-access|--dangerously|--no-verify|bash\(\*\)"
    r"|\[\s?[\"']\*[\"']\s?\]|\ballow (?:all|every) (?:tools?|commands?)\b"
    # the rehearsal is the check: "never use --dry-run with the cleanup scripts"
    r"|\b(?:don['’]t|do not|never) (?:use|run|do|bother with)\w{0,3} (?:a |the )?(?:--)?dry[- ]?runs?\b"
    r"|\b(?:skip|bypass)\w{0,3} (?:a |the )?(?:--)?dry[- ]?runs?\b"
    rf"|\bavoid asking\b|\b(?:never|don['’]t|do not) stop to (?:confirm|check|ask)\b"
    r"|\bohne (?:zu fragen|ruckfrage|nachfrage|bestatigung|freigabe|review|prufung)\b"
    r"|\bsans (?:demander|confirmation|validation|relecture|revue|autorisation)\b"
    r"|\bsin (?:preguntar|confirmacion|confirmar|revision|aprobacion|permiso)\b"
    r"|\bsem (?:perguntar|confirmacao|confirmar|revisao|aprovacao|permissao)\b"
    r"|\bsenza (?:chiedere|conferma|revisione|approvazione|permesso)\b"
    r"|\bzonder (?:te vragen|bevestiging|review|goedkeuring|toestemming)\b"
    r"|\bbez (?:pytania|pytan|potwierdzenia|zgody|przegladu|recenzji|review)\b"
    r"|\b(?:sormadan|onay almadan|onaysiz|incelemeden|sormana gerek)\b"
    r"|\btanpa (?:bertanya|konfirmasi|persetujuan|review|tinjauan|izin)\b"
    r"|\bkhong can (?:hoi|xac nhan|duyet|review|phe duyet)\b"
    r"|\bбез (?:подтвержден\w{1,3}|спрос\w{0,2}|вопрос\w{0,2}|ревью|проверк\w{1,2}|согласован\w{1,3})\b"
    r"|\bне (?:спрашивай|спрашивая|жди подтвержден\w{1,3})\b"
    r"|묻지 말고|묻지 않고|확인 없이|승인 없이|리뷰(?:는|가)? (?:불필요|필요 없)|확인하지 말고"
    r"|確認せず|確認なしで|聞かずに|尋ねずに|レビューは不要|承認不要|レビュー不要"
    r"|无需确认|不用确认|不要询问|不必询问|无需审核|不需要审查|不需要审核|无需审查|直接合并"
    r"|دون (?:سؤال|تأكيد|موافقة|مراجعة)|بدون (?:سؤال|تأكيد|موافقة|مراجعة)|بلا (?:سؤال|تأكيد)"
    r"|बिना पूछे|बिना पुष्टि|बिना समीक्षा|पूछने की ज़रूरत नहीं|पूछने की जरूरत नहीं")
# Asking a negation to the confirmation itself is still "no confirmation": "never restart
# without asking" forbids the act, so the act's own clause must be free.
_SELF_NEGATING = re.compile(r"^(?:\W{0,3})(?:don['’]t|do not|never|не)\b")


# "You may fix typos without asking": a permission for acts that change nothing outside.
_SAFE_ACTS = re.compile(r"\b(?:tests?|unit tests|linters?|lint\w{0,3}|format\w{0,5}|typos?|rename\w{0,1}|read\w{0,3}|"
                        r"read-only|ls|cat|grep|git status|git log|git diff|local variables|project-local|"
                        # a commit that stays on this machine is undone as easily as made
                        r"local commits?|commits? locally|commit\w{0,3} to a local branch|"
                        r"lokale commits?|lokaler commit|commits? lokal|commits? locaux|commits? locales|"
                        r"commits? locais|commit locali|lokalne commity|lokalnych commitow|"
                        r"локальн\w{2,3} коммит\w{0,2}|yerel commit\w{0,3}|commit lokal|commit cuc bo)\b")
_RISKY_ACTS = re.compile(r"\b(?:push\w{0,3}|merge\w{0,1}|publish\w{0,3}|deploy\w{0,3}|delete\w{0,1}|remove|"
                         r"install\w{0,3}|"
                         r"scripts?|commands|transfer\w{0,3}|pay\w{0,3}|upload\w{0,3}|send\w{0,3}|sudo|disable\w{0,1}|"
                         r"releases?|tag\w{0,3}|approve\w{0,1}|sign\w{0,3}|every(?:thing)?|all|any)\b")
# "read-only commands" names a kind of command that changes nothing, not a risky one.
_READ_ONLY_KIND = re.compile(r"\bread-only (?:commands|scripts)\b")
_ASK_FIRST = re.compile(r"\bask\b[^.;\n]{0,20}?\b(?:before|first)\b|\bask first\b")


_GRANT = re.compile(r"\b(?:you may|you can|may be|can be|(?:is|are) fine|feel free|(?:is|it['’]s) ok(?:ay)?)\b")


# What is asked for, after "don't ask the user": their secrets, which is no confirmation.
_ASKS_FOR_SECRET = re.compile(r"\s(?:for\s)?" + ASKED_SECRET)
# "Live keys exist only in the secret store; never ask for them": the pronoun stands for the
# secrets named before it in the sentence.
_ASKS_FOR_THEM = re.compile(r"\s(?:for\s)?(?:them|those|these)\W{0,3}$")
_SECRET_BEFORE = re.compile(r"(?<![\w-])" + ASKED_SECRET)


def _harmless_acts(s: str, asks_first: bool) -> bool:
    """Whether a sentence's acts are harmless ones (tests, lint, read-only commands), with no
    risky one beside them, or granted in a paragraph that asks first for the rest."""
    if not _SAFE_ACTS.search(s):
        return False
    return bool(asks_first and _GRANT.search(s)) or not _RISKY_ACTS.search(_READ_ONLY_KIND.sub(" ", s))


def _turns_off_confirmations(s: str, asks_first: bool, previous: str = "") -> bool:
    """A switch that removes a question to the user; a permission for harmless acts ("fix
    typos without asking"), or one in a paragraph that keeps asking first for the rest,
    leaves the confirmations on."""
    if _harmless_acts(s, asks_first):
        return False
    for m in _CONFIRM_OFF.finditer(s):
        if _ASKS_FOR_SECRET.match(s, m.end()) or (
                _ASKS_FOR_THEM.match(s, m.end()) and (
                    _SECRET_BEFORE.search(s, 0, m.start()) or _SECRET_BEFORE.search(previous))):
            continue  # "do not ask the user for their passwords": protects them, asks nothing away
        if _SELF_NEGATING.match(m.group(0)):
            start = 0
            for b in _BREAK.finditer(s, 0, m.start()):
                start = b.end()
            if not _NEG.search(s, start, m.start()):
                return True
            continue
        if not _prohibited(s, m.start()) and not _switch_kept_on(s, m):
            return True
    return False


# A switch-off of a confirmation that the sentence keeps from happening, in forms the shared
# prohibition check does not read: "rather than using `--no-verify`" (a short reach: "instead
# of asking, merge without review" still drops the review), a verb-final negation later in
# the clause ("`--no-verify`로 훅을 건너뛰지 마세요", "… は使わないでください"), "אין להשתמש",
# "aucun déploiement sans validation", the switch named as off ("automerge **disabled**"), and
# a warning about what the switch does ("Security warning: `--no-verify` bypasses the secret
# scanner") when nothing in the sentence then asks to use it.
_INSTEAD_BEFORE = re.compile(
    r"\b(?:rather than|instead of|plutot que|au lieu de|statt|anstatt|en lugar de|en vez de|em vez de|invece di|"
    r"zamiast|yerine)\b[^,;:]{0,40}$")
_NO_SUCH = re.compile(r"(?:^|\s)(?:aucun\w{0,2}|ningun\w{0,2}|nenhum\w{0,2}|nessun\w{0,2}|zadn\w{0,2}|żadn\w{0,2}|"
                      r"אין)\s")
_VERB_FINAL_LATER = re.compile(fold_pattern(r"(?:지 마|지 말|면 안 되|면 안됩|ないで|ないこと|てはいけ|てはならな)"))
_NAMED_OFF = re.compile(r"[\w-]{0,30}\W{0,6}(?:(?:is|are|stays?|remains?|kept|must stay|must be) )?\W{0,3}"
                        r"(?:disabled|turned off|switched off|deaktiviert|desactive\w{0,2}|desactivad\w{1,2}|"
                        r"desativad\w{1,2}|disattivat\w{1,2})\b")
_WARNING_LABEL = re.compile(
    r"\b(?:warning|caution|attention|achtung|warnung|advertencia|atencion|atencao|aviso|attenzione|avvertenza|"
    r"waarschuwing|uwaga|ostrzezenie|uyari\w{0,2}|dikkat|внимание|предупреждение|peringatan|canh bao)\b"
    r"|注意|警告|경고|주의|אזהרה|تحذير|चेतावनी")
_DOES_HARM = re.compile(
    r"\b(?:disables?|bypass(?:es)?|skips?|circumvents?|defeats?|turns? off|contourne\w{0,1}|desactive|umgeht|"
    r"deaktiviert|uberspringt|omite|elude|evita|salta|ignora|contorna|desativa|aggira|disattiva|omzeilt|"
    r"schakelt|pomija|omija|atlar|devre disi|обходит|отключает|пропускает|melewati|bo qua)\b"
    r"|עוקף|回避|跳过|绕过|우회|건너뛰")
_USE_ANYWAY = re.compile(r"\b(?:use|pass|add|run|always|prefer|so|kullan\w{0,4}|utilise\w{0,2}|benutze|verwende|usa|"
                         r"usar|use-o)\b")


def _switch_kept_on(s: str, m: re.Match[str]) -> bool:
    """Read on folded pieces of the sentence: it comes here as written too ("không", "plutôt")."""
    start = 0
    for b in _BREAK.finditer(s, 0, m.start()):
        start = b.end()
    if _NEG_LEAD_IN.search(s, 0, start):
        return True  # "Agents should not: read ~/.ssh, … or send data anywhere without asking."
    before = fold(s[start:m.start()]).replace("ı", "i")
    if _INSTEAD_BEFORE.search(before[-60:]) or _NO_SUCH.search(before) or any(
            not _INVERT.match(before, n.end()) for n in _NEG.finditer(before)):
        return True
    end = min(len(s), m.end() + 60)
    stop = _BREAK.search(s, m.end(), end)
    if _VERB_FINAL_LATER.search(fold(s[m.end():stop.start() if stop else end])) or _NAMED_OFF.match(s, m.end()):
        return True
    after = fold(s[m.end():]).replace("ı", "i")
    harm = _DOES_HARM.search(after, 0, 50)
    return bool(harm and _WARNING_LABEL.search(fold(s[:m.start()]).replace("ı", "i"))
                and not _USE_ANYWAY.search(after, harm.end()))


_NEG_LEAD_IN = re.compile(r"\b(?:should not|shouldn['’]t|must not|mustn['’]t|may not|must never|should never|never|"
                          r"do not|don['’]t|cannot|can['’]t|are not allowed to|is not allowed to)\s?:\s?$")


# The confirmation itself, as a noun or verb stem, in the scan's languages; joined by position
# with what drops it (without, no need, disable, automatic) or with a negated request for it.
_CONFIRMATION = re.compile(
    r"\b(?:confirm\w{0,6}|approv\w{1,5}|conferm\w{1,3}|confirma\w{0,5}|aprova\w{0,5}|aprob\w{1,5}|approba\w{0,5}|"
    r"bestatig\w{0,5}|genehmig\w{0,5}|bevestig\w{0,5}|goedkeur\w{0,5}|potwierdz\w{0,5}|zatwierdz\w{0,5}|onay\w{0,5}|"
    r"konfirmasi|persetujuan|xac nhan|phe duyet|подтвержд\w{0,5}|одобрен\w{0,3}|hyvaksyn\w{0,12}|vahvistu\w{0,8}|"
    r"potvrzen\w{0,3}|bekr\w{0,2}ft\w{0,5}|godkend\w{0,5}|godkjen\w{0,5}|godkann\w{0,5}|підтвердж\w{0,5}|"
    r"επιβεβαιωσ\w{0,3})\b"
    r"|确认|批准|確認|承認|확인|승인|تأكيد|موافقة|पुष्टि|अनुमोदन|ยืนยัน|อนุมัติ|אישור|אשר")
_DROPS_IT = re.compile(
    r"\b(?:without|no need|not needed|unnecessary|skip\w{0,3}|disabl\w{1,3}|turn\w{0,3} off|auto\w{0,2}|"
    r"automatic\w{0,4}|"
    r"sans|desactiv\w{1,4}|automatique\w{0,3}|sin|sem|senza|disattiv\w{1,4}|automatic\w{1,4}|automatisch\w{0,2}|"
    r"ohne|deaktivier\w{0,3}|zonder|uitschakel\w{0,3}|bez|wylacz\w{0,3}|automatyczn\w{1,3}|"
    r"\w{2,12}(?:madan|meden)|gerek yok|gerekmez|otomatik\w{0,3}|devre disi|tanpa|nonaktif\w{0,4}|otomatis|"
    r"khong can|tu đong|tu dong|без|отключ\w{1,4}|автоматическ\w{1,3}|"
    # "treat every prompt as already approved", "answer yes"
    r"already|pre-?approved|(?:answer|reply|respond|say|type|select|choose)\w{0,3} (?:with )?\W?yes|"
    r"ohita\w{0,3}|ilman|automaattise\w{0,3}|automaticky|automatisk\w{0,2}|uden|uten|utan|deaktiver\w{0,3}|"
    r"вимкн\w{1,4}|автоматичн\w{1,3}|αυτοματ\w{1,3})\b"
    r"|无需|不用|不必|不需要|自动|禁用|关闭|已|せず|なしで|不要で|自動|無効|없이|말고|자동|비활성|دون|بدون|بلا|تلقائي|تعطيل|बिना|स्वचालित|अक्षम"
    r"|อัตโนมัติ|ข้าม|אוטומטי")
_REQUEST = re.compile(
    r"\b(?:ask\w{0,3}|request\w{0,3}|wait\w{0,3}|seek|chied\w{1,4}|pid\w{1,4}|ped\w{1,4}|demande\w{0,2}|frag\w{1,3}|"
    r"vraag|vragen|pyta\w{1,3}|iste\w{0,4}|minta|meminta|hoi|спрашива\w{1,3}|запрашива\w{1,3}|жди)\b"
    r"|请求|询问|等待|求め|要求|요청|묻|طلب|मांग|पूछ")


# What ends the reach of a confirmation forward: a clause break or a new coordinated act ("an
# approval, and no merge without green CI" drops nothing).
_AFTER_END = re.compile(_BREAK.pattern + r"|\b(?:and|ve|und|et|y|e|en|i|og|och|ja|и|та|oraz|dan|va)\b|및|并且")


# A comma after a Korean or Japanese verb ends its clause ("스테이징에 자동 배포되고, 프로덕션은 …
# 승인이 필요합니다"): what was automatic there is not the approval after it.
_KANA_HANGUL_COMMA = re.compile(r"(?<=[\u1100-\u11ff\u3040-\u30ff\uac00-\ud7a3])\s?[,，、]\s?")


def _drops_confirmation(s: str, written: str) -> bool:
    """A confirmation with something that drops it in its clause ("onay istemeden", "无需请求确认",
    "désactiver les demandes de confirmation"), or a negated request for it ("non chiedere
    conferme"). A prohibition of the dropping ("never merge without approval") keeps it."""
    for text in (s, written) if written != s else (s,):
        for m in list(_CONFIRMATION.finditer(text))[:20]:
            clause = max(0, m.start() - 200)
            for b in _BREAK.finditer(text, clause, m.start()):
                clause = b.end()
            for b in _KANA_HANGUL_COMMA.finditer(text, clause, m.start()):
                clause = b.end()
            near = max(clause, m.start() - 40)
            # after it, up to the clause's end: "if asked to confirm, answer yes automatically"
            stop = _AFTER_END.search(text, m.end(), min(len(text), m.end() + 60))
            drops = _DROPS_IT.search(text[near:stop.start() if stop else min(len(text), m.end() + 60)]) is not None
            negated = [n for n in _NEG.finditer(text, clause, m.start()) if not _INVERT.match(text, n.end())]
            asks = _REQUEST.search(text, near, m.start()) is not None
            if drops and not negated and not BAN_AFTER.search(text, m.start()):
                return True
            if negated and asks and not drops:
                return True
    return False


def harmless_permission(paragraph: str) -> bool:
    """Whether every switch-off of confirmations in the paragraph is a permission for harmless
    acts ("you may fix typos without asking; ask before pushing")."""
    folded = fold(paragraph)
    asks_first = _first_free(_ASK_FIRST, folded) is not None
    found = False
    for sentence in sentences(folded):
        s = " ".join(sentence.split())
        if _CONFIRM_OFF.search(s) or re.search(r"\bwithout asking\b", s):
            found = True
            if not _harmless_acts(s, asks_first):
                return False
    return found


# --- persistence ----------------------------------------------------------------------------------
_PERSIST_PLACE = re.compile(
    r"(?:~/|\$home/|/root/|/home/\w{1,32}/)?\.(?:bashrc|zshrc|bash_profile|zprofile|zshenv|zlogin|profile|"
    r"bash_login|config/fish/config\.fish|ssh/authorized_keys|ssh/config|gitconfig|config/autostart)\b"
    r"|\bauthorized_keys\b|\bprompt_command\b|\bcrontab(?:a|u|ie|em|om)?\b|/etc/cron|\bcron(?: job|tab| entry|-job)\b"
    r"|/etc/profile"
    # a cron job named in other languages: "zadanie cron", "tâche cron", "cron-задачу", "cron 작업"
    r"|\b(?:zadani\w{1,2}|tache|tarea|tarefa|attivita|taak|gorev\w{0,2}|задач\w{1,2}|завдан\w{1,2}) cron\b"
    r"|\bcron-?(?:задач|завдан|auftrag|eintrag)\w{0,3}|cron ?(?:작업|ジョブ|任务)|定时任务|计划任务"
    r"|\bsitecustomize\b|\busercustomize\b|\bsite-packages/[\w-]{1,40}\.pth\b|\bld_preload\b|\bdyld_insert_libraries\b"
    r"|\bcredential\.helper\b|\bcore\.hookspath\b|\bsystemctl (?:--user )?enable\b|\blaunchctl\b|\blaunchagents\b"
    r"|\bshell (?:profile|startup|rc)\b|\b(?:login|startup) scripts?\b"
    r"|\bpath=[^\s`'\"]{0,80}(?:/tmp\b|/\.[\w-])|\bexport path=")
_HOOK_PLACE = re.compile(r"\.git/hooks|\bgit hooks?\b|\b(?:pre|post)-(?:commit|checkout|merge|push) hooks?\b")
# A script every install of the package runs on the installer's machine, added by the agent:
# "add a `postinstall` script to each `package.json`" (not one a dependency ships, or one told of).
_ADDS_INSTALL_HOOK = re.compile(
    r"(?<![\w-])(?:add|adding|write|put|insert|create|register|append|define|set up|dodaj|fuge|ajoute\w{0,2}|"
    r"anade|agrega|adicione|aggiungi|voeg|добавь|додай)\b[^.;\n]{0,30}?(?<![\w-])(?:pre|post)-?install\b"
    r"|(?<![\w-])(?:add|adding|write|put|insert|create|register|append|define)\b[^.;\n]{0,30}?\b(?:custom )?"
    r"(?:cmdclass|install (?:script|hook|step))\b")
_WRITE_ACT = re.compile(
    r"(?<![\w-])(?:add|adds|adding|append\w{0,3}|put|write|writes|writing|insert|set|sets|setting|persist\w{0,3}|"
    r"install|create|register|place|echo|source|export|re-create|recreate|keep|"
    r"hinzufug\w{0,2}|fuge|trage|schreib\w{0,2}|setze\w{0,1}|installiere|lege|"
    r"ajoute\w{0,2}|ecri\w{1,3}|mets|mettez|installe\w{0,2}|"
    r"anade\w{0,2}|agrega\w{0,2}|escrib\w{1,3}|pon|pone|instala\w{0,2}|"
    r"adicione|acrescente|escreva|coloque|instale|"
    r"aggiungi|scrivi|metti|installa|"
    r"voeg|schrijf|zet|installeer|"
    r"dodaj|dopisz|wpisz|ustaw|zainstaluj|"
    r"ekle|yaz|kur|"
    r"tambahkan|tulis|pasang|atur|"
    r"them|ghi|đat|dat|cai|"
    r"добавь|допиши|пропиши|запиши|установи|впиши)\b"
    r"|>>|추가|넣어|등록|설치|追加|書き込|登録|設定して|インストール|添加|加入|写入|加到|设置|安装"
    r"|أضف|اكتب|ثبت|जोड़|लिख|सेट कर")
# Where a persisted line points: a temporary or hidden folder (not the usual tool folders),
# or a download.
_RISKY_TARGET = re.compile(r"/tmp\b|/\.(?!(?:local|cargo|bun|deno|pyenv|nvm|rbenv|volta|asdf|poetry|npm-global)\b)\w"
                           r"|\bcurl\b|\bwget\b|\|\s?(?:ba)?sh\b|https?://")


# Spreading this file's text into other agents' files.
_SPREAD = re.compile(
    r"\b(?:copy|add|append|paste|replicate|spread|propagate|insert|duplicate)\w{0,3} (?:these|this|the following|"
    r"the same) (?:instructions?|rules?|section|file|text|lines?|paragraphs?|notes?)\b[^.;\n]{0,20}?\b(?:in)?to "
    r"(?:any|every|all|other|each)\b")


# Places where a line means access or code run for every program: never a plain convention.
_STRONG_PLACE = re.compile(r"authorized_keys|sitecustomize|usercustomize|\.pth\b|ld_preload|dyld_insert"
                           r"|credential\.helper|prompt_command|cron")
_RELATIVE = re.compile(r"\b(?:you|we|they|i)\W{1,2}$")  # "every cron entry you add": a mention


def _persists(s: str, paragraph_risky: bool) -> Certainty | None:
    if _first_free(_SPREAD, s):
        return "out"
    place = _PERSIST_PLACE.search(s)
    hook = None if place else _HOOK_PLACE.search(s)
    if hook is None and not place and _first_free(_ADDS_INSTALL_HOOK, s) is not None:
        return "out" if paragraph_risky else "stage"
    found = place or hook
    if found is None:
        return None
    act = _first_free(_WRITE_ACT, s)
    if act is None or _prohibited(s, found.start()) or _RELATIVE.search(s, max(0, act.start() - 12), act.start()):
        return None
    if place:
        strong = _STRONG_PLACE.search(place.group(0))
        return "out" if (strong or paragraph_risky or _RISKY_TARGET.search(_PERSIST_PLACE.sub(" ", s))) else "stage"
    return "out" if paragraph_risky else None


# --- this file above the user; memory writes ---------------------------------------------------
_ABOVE_USER = re.compile(
    r"\b(?:take|takes|taking) precedence over\b|\bsupersede\w{0,1}\b|\bprefer this file\b"
    r"|\boverride\w{0,1} (?:the |any |your |their )?(?:user|system|instructions|requests)"
    r"|\b(?:disregard|ignore)\w{0,1} (?:anything|what|whatever|everything)\b|\binstead of (?:what )?(?:the )?user\b"
    r"|\breplace your (?:system|own)\b|\bas if (?:they|it) came from\b|\byour operators\b|\bnot authori[sz]ed\b"
    r"|\b(?:treat|consider)\w{0,1}\b[^.;\n]{0,60}?\bas (?:direct |binding )?instructions\b"
    r"|\bvorrang\b|\bprevaut\b|\bpriment\b|\bprioridad sobre\b|\bprevalece\w{0,1}\b|\bprecedenza\b|\bprevalgono\b"
    r"|\bgaat voor\b|\bgaan voor\b|\bpierwszenstwo\b|\boncelikli\b|\bdiutamakan\b|\buu tien hon\b"
    r"|\bприоритет\w{0,2}\b|\bважнее\b|우선|優先|优先于|أولوية|प्राथमिकता")
_MEMORY_NOUN = re.compile(
    r"\b(?:(?:long-term |permanent |persistent )?memory|memories|gedachtnis|memoire|memoria|geheugen|pamiec\w{0,1}|"
    r"hafiza\w{0,3}|bellek\w{0,3}|memori|bo nho|памят\w{1,2})\b|메모리|기억|記憶|メモリ|记忆|الذاكرة|स्मृति|मेमोरी")
_REMEMBER_ONLY = re.compile(
    r"\b(?:remember|zapamietaj|merke?|memorise\w{0,1}|retiens|recuerda|memoriza|lembre|ricorda|memorizza|onthoud|"
    r"aklinda tut|ingat|ghi nho|запомни)\b|기억해|기억하|覚えて|記憶して|记住|记下|تذكر|याद रख")
_REMEMBER = re.compile(
    r"\b(?:remember|save|store|keep|note|record|write|add|zapamietaj|speichere?|merke?|memorise\w{0,1}|retiens|"
    r"recuerda|guarda|memoriza|lembre|salve|ricorda|memorizza|onthoud|sla|kaydet|aklinda tut|ingat|simpan|"
    r"ghi nho|luu|запомни|сохрани)\b|기억해|기억하|저장|覚えて|記憶して|保存|记住|记下|保存|تذكر|احفظ|याद रख|सहेज")
_FOREVER = re.compile(
    r"\b(?:permanently|forever|for all (?:future )?sessions|from now on|in (?:all |every )?future sessions|"
    r"na stale|na zawsze|dauerhaft|fur immer|pour toujours|para siempre|para sempre|per sempre|voor altijd|"
    r"kalici|selamanya|vinh vien|навсегда|постоянно)\b|영구|영원히|永久|ずっと|永远|دائم|हमेशा")
_REMEMBER_TO = re.compile(r"\b(?:remember|recuerda|lembre-se|ricorda|pamietaj|unutma|ingat|merke?|denk)\b"
                          r"\W{0,3}(?:to|de|di|an|daran|que)?\W{0,2}$")


def _writes_memory(s: str) -> bool:
    for m in _REMEMBER.finditer(s):
        if _prohibited(s, m.start()):
            continue
        rest = s[m.end():m.end() + 80]
        if _MEMORY_NOUN.search(rest) or _MEMORY_NOUN.search(s[max(0, m.start() - 40):m.start()]):
            return True
        if (_REMEMBER_ONLY.match(s, m.start()) and _FOREVER.search(s[max(0, m.start() - 40):m.end() + 60])
                and not _REMEMBER_TO.match(s[m.start():m.end() + 6])):
            return True
    return False


# --- code fetched from outside and run ------------------------------------------------------
_FETCH_RUN = re.compile(
    r"\b(?:curl|wget)\b[^`\n|]{0,200}\|\s?(?:sudo )?(?:ba|z|da)?sh\b"
    r"|\b(?:bash|sh|zsh|source|\.)\s?<\(\s?(?:curl|wget)\b"
    r"|\beval\s?\"?\$\((?:curl|wget)\b|\bpython\d?(?:\.\d+)? -c\b[^`\n]{0,200}?\burl(?:open|lib)"
    r"|\b(?:pip\d? install|uv pip install|poetry source add)\b[^`\n]{0,120}?(?:--(?:extra-)?index-url|-i)\s?\S{0,10}https?://"
    r"|\b(?:npm|yarn|pnpm) config set registry\b|\bpip\d? config set\b|\bnpm_config_registry\b"
    r"|\bdownload\w{0,3}\b[^.;\n]{0,80}?\b(?:and|then) (?:execut|run|sourc|evaluat|put it on path)\w{0,3}\b"
    r"|\bfetches\b[^.;\n]{0,80}?\band evaluates\b|\bexecut\w{1,4} it\b|\bevaluates it\b"
    r"|\bherunterladen und ausfuhren\b|\blade\b[^.;\n]{0,60}?\bherunter und fuhre\b|\btelecharge\w{0,2}\b[^.;\n]{0,60}?"
    r"\bet execute\w{0,2}\b|\bdescarga\w{0,2}\b[^.;\n]{0,60}?\by ejecuta\w{0,2}\b|\bbaixe\b[^.;\n]{0,60}?\be execute\b"
    r"|\bscarica\b[^.;\n]{0,60}?\bed? esegui\b|\bdownload\b[^.;\n]{0,60}?\ben voer\b|\bpobierz\b[^.;\n]{0,60}?"
    r"\bi uruchom\b|\bindir\w{0,3}\b[^.;\n]{0,60}?\bcalistir\w{0,3}\b|\bunduh\b[^.;\n]{0,60}?\bdan jalankan\b"
    r"|\btai ve\b[^.;\n]{0,60}?\bva chay\b|\bскача\w{1,3}\b[^.;\n]{0,60}?\bи (?:запусти|выполни)\b"
    r"|다운로드[^.\n]{0,40}실행|ダウンロードして[^。\n]{0,30}実行|下载[^。\n]{0,30}(?:运行|执行)|حمّل[^.\n]{0,40}شغّل"
    r"|डाउनलोड[^.\n]{0,40}चला")


_COMMAND_LEAD = re.compile(r"\b(?:curl|wget|bash|sh|zsh|source|eval|python|pip|npm|yarn|pnpm|uv)")


_DONE_BEFORE = re.compile(r"\b(?:was|were|is|are|has been|have been) (?:installed|set up|added|configured|done)\b"
                          r"|\bis how\b|\bpayloads?\b")
_URL_HOST = re.compile(r"https?://([^\s/:\"'`)<>]{1,253})")


def _trusted_installer(s: str) -> bool:
    hosts = [h.lower() for h in _URL_HOST.findall(s)]
    return bool(hosts) and all(any(h == t or h.endswith("." + t) for t in TRUSTED_INSTALLERS) for h in hosts)


def _fetches_and_runs(s: str, external: bool) -> bool:
    m = _first_free(_FETCH_RUN, s)
    if m is None or _DONE_BEFORE.search(s) or _trusted_installer(s):
        return False
    # pipes and -c are certain alone; a described download needs the outside address
    return external or bool(_COMMAND_LEAD.match(m.group(0)))


# --- destroying on a trigger -------------------------------------------------------------------
_DESTROY = re.compile(
    r"\brm -[a-z]{0,3}[rf]|\bgit (?:clean -[a-z]{0,4}f|reset --hard|push (?:--force|-f)\b)"
    r"|\bdrop (?:schema|table|database|every table|all tables)\b|\bdelete namespace\b|\baws s3 rb\b"
    r"|\bterraform destroy\b|\bdropdb\b|\btruncate\b"
    r"|\b(?:delete|wipe|erase|destroy)\w{0,1}\b[^.;\n]{0,30}?\b(?:production|prod|every|all|the database|home)\b")
_ON_SIGNAL = re.compile(r"\b(?:word|phrase|signal|code ?word|contains|appears|says|types)\b"
                        r"|[\"“'][^\"”'\n]{1,30}[\"”']")


def _destroys_on_signal(s: str) -> bool:
    m = _first_free(_DESTROY, s)
    return bool(m and _ON_SIGNAL.search(s))


# --- an outward destination ---------------------------------------------------------------------
_TRANSFER = re.compile(fold_pattern(
    r"(?<![\w./-])(?:upload\w{0,3}|send\w{0,3}|post|posts|forward\w{0,3}|mirror\w{0,3}|transmit\w{0,3}|e-?mail\w{0,3}|"
    r"mail|submit\w{0,3}|share|sync\w{0,3}|copy|push\w{0,2}|ship|export|beam|stream|attach|pipe|back up|"
    r"publish|deliver|archive|replicate|"
    r"sende\w{0,2}|schick\w{0,3}|ubertrag\w{0,3}|ubermittl?\w{0,3}|gesendet|hochlad\w{0,3}|lade\w{0,2} \w{0,20} ?hoch|"
    r"envo\w{1,4}|televers\w{1,3}|transmet\w{0,3}|copie\w{0,2}|"
    r"envi[ae]\w{0,2}|sube|subir|manda\w{0,2}|carga\w{0,2}|copia\w{0,2}|"
    r"carregu?\w{1,3}|"
    r"invia\w{0,2}|carica\w{0,2}|trasmetti|"
    r"stuur\w{0,2}|verstuur\w{0,2}|upload|kopieer|"
    r"wysl\w{1,4}|przesl\w{1,4}|wgraj|skopiuj|"
    r"gonder\w{0,4}|yukle\w{0,4}|ilet\w{0,4}|kopyala\w{0,3}|"
    r"kirim\w{0,4}|unggah\w{0,2}|salin|"
    r"gui|tai len|sao chep|"
    r"отправ\w{0,6}|загруз\w{0,6}|перешл\w{0,4}|пересыла\w{0,6}|выгруз\w{0,6}|скопируй|"
    r"надсила\w{0,4}|надісл\w{0,4}|відправ\w{0,6}|вивантаж\w{0,4}|пересила\w{0,4}|"
    r"αποστελ\w{0,6}|αποστειλ\w{0,4}|στειλ\w{0,4}|στελν\w{0,4}|ανεβασ\w{0,4}|προωθ\w{1,6}|αντιγραψ\w{0,4}|"
    # pasting into a page is sending it there
    r"paste|pastes|pasting|einfug\w{0,3}|fug\w{0,2} \w{0,20} ?ein|colle\w{0,2}|pega\w{0,2}|pegue|cole|incolla\w{0,2}|"
    r"plak\w{0,2}|wklej\w{0,2}|yapistir\w{0,3}|tempel\w{0,3}|вставь\w{0,2}|встав\w{1,3}|"
    # Swedish, Danish and Norwegian, Czech, Hungarian, Finnish, Romanian, Swahili
    r"skicka\w{0,2}|ladda upp|vidarebefordra|kopiera|send\w{0,2}|upload\w{0,2}|videresend\w{0,2}|kopier\w{0,2}|"
    r"last opp|posl\w{1,4}|odesl\w{1,4}|nahraj\w{0,2}|preposl\w{1,4}|zkopiruj\w{0,2}|kuld\w{1,4}|feltolt\w{1,4}|"
    r"tovabbit\w{0,4}|masol\w{1,4}|lahet\w{1,4}|laheta\w{0,3}|lataa|valita\w{0,3}|kopioi\w{0,2}|trimit\w{0,4}|"
    r"incarc\w{1,4}|redirectioneaz\w{0,2}|copiaz\w{0,2}|tuma|pakia|peleka|nakili)\b"
    r"|전송|업로드|보내|붙여넣|送信|アップロード|送って|送る|転送|貼り付け|上传|发送|传到|发到|同步到|粘贴|转发|"
    r"أرسل|ارسل|ارفع|أرفع|ترسل|الصق|أعد توجيه|भेज|अपलोड|पेस्ट|"
    r"שלח|תשלח|העלה|תעלה|העבר|הדבק|ส่ง|อัปโหลด|อัพโหลด|วาง|ارسال|بفرست|آپلود|پیست|পাঠা|আপলোড"))

_ACT = re.compile(fold_pattern(
    r"(?<![\w./-])(?:run|execute|call|connect|register|use|install|configure|set|add|fetch|download|open|start|"
    r"invoke|ping|log ?in|sign|tag|deploy|release|report|"
    r"fuhr\w{1,3}|nutze|verwende|ruf\w{0,2}|execute\w{0,2}|lance\w{0,2}|utilise\w{0,2}|ejecuta\w{0,2}|usa|use|"
    r"execute|rode|esegui|usa|voer|gebruik|uruchom|uzyj|calistir|kullan|jalankan|gunakan|chay|dung|"
    # a hyphenated act is a noun: "sign-off", "set-up"
    r"запусти|выполни|используй)\b(?!-\w)|실행|사용|実行|使用|运行|执行|شغّل|استخدم|चलाएं|उपयोग कर"))

_READ_ONLY = re.compile(fold_pattern(
    r"\b(?:docs?|doc[uo]\w{1,12}|dok[uo]\w{1,12}|reference|wiki|dashboard|status page|handbook|handbuch|guide|"
    r"manual\w{0,2}|see|read|visit|consult|"
    r"dokumentation|doku|documentacion|documentacao|documentazione|documentatie|dokumentacja|dokumantasyon|"
    r"dokumentasi|tai lieu|документац\w{1,3}|справк\w{1,2}|"
    # the same places in more languages: documentation, wiki, runbook, status page, spec
    r"runbooks?|playbooks?|spec|specification|api reference|status|storybook|"
    r"dokumentace|dokumentaci|dokumentacia|dokumentacio|dokumentaatio\w{0,3}|documentatie|documentatia|"
    r"dokumentasjon\w{0,2}|dokumentationen|dokumentacij\w{1,2}|dokumentaci\w{1,2}|документаці\w{1,2}|"
    r"τεκμηριωση|τεκμηριωσης|οδηγος|nyaraka|stranka|strank\w{1,2}|sivu\w{0,3}|pagina|pagin\w{1,2}|sayfa\w{0,3}|"
    r"halaman|trang|страниц\w{1,2}|сторінк\w{1,2}|estado|stato|statut|durum\w{0,2}|trang thai|статус\w{0,2}|"
    r"κατασταση|handbok|handboken|kezikonyv|kasikirja|manualul|dokumen|"
    # "is found at": where a thing is, in the languages read since session 13
    r"loytyy|finns|findes|finnes|najdete|talalhato|se gaseste|βρισκεται)\b"
    r"|문서|ドキュメント|資料|文档|文件在|手册|التوثيق|الوثائق|وثائق|دليل|दस्तावेज़|प्रलेखन|"
    r"התיעוד|תיעוד|เอกสาร|คู่มือ|مستندات|ডকুমেন্টেশন|নথি|状态|稼働状況|상태|الحالة|סטטוס|स्थिति|สถานะ"))
# A file name is not a host: ".env.example", "config.example.yaml".
_DOTFILE = re.compile(r"(?<![\w/~.-])\.[\w-]{1,40}(?:\.[\w-]{1,20}){0,3}|\b[\w-]{1,40}\.example\.(?:ya?ml|json|toml|"
                      r"ini|cfg|conf|env|txt|md)\b")


# Names that resolve on no public network, beyond shell.is_local's: the reserved top-level and
# example domains (RFC 2606, RFC 6761), and the `.corp` and `.intranet` of private networks by
# custom. An organisation's own hosts stand there; nothing sent to them reaches an outsider.
_RESERVED_HOST = re.compile(r"^(?:[a-z0-9-]{1,63}\.){0,8}(?:example\.(?:com|net|org)"
                            r"|[a-z0-9-]{1,63}\.(?:example|invalid|corp|intranet))$")
# A host name under one of those (or is_local's) top-level domains, as it stands in text.
_PRIVATE_NAME = re.compile(r"(?<![\w.-])(?:[a-z0-9-]{1,63}\.){1,8}(?:internal|local|lan|test|localhost|arpa|example|"
                           r"invalid|corp|intranet|com|net|org)(?![\w-]|\.[a-z0-9])")


def private_host(host: str) -> bool:
    """Whether a named host lies where no outsider can be reached (`registry.acme.internal`,
    `security@example.org`)."""
    name = host.casefold().rstrip(".")
    # (one label is a bucket or a service's name, not a host)
    return "." in name and (is_local(name) or _RESERVED_HOST.match(name) is not None)


def outward(s: str) -> bool:
    """Whether folded text names a destination outside this machine and the organisation's own
    network (file names aside)."""
    s = _DOTFILE.sub(" ", s)
    if "." in s:
        s = _PRIVATE_NAME.sub(lambda m: " " if private_host(m.group(0)) else m.group(0), s)
    return external_destination(s)


# "There", "to it": where something is carried to an address named earlier ("there is" is not). One list for the
# origin step (context_reach) and these rules; compiled folded, so Korean and Japanese match.
THERE = re.compile(fold_pattern(r"\b(?:there(?!['’]s)(?!\s(?:is|are|was|were|will be|has been|have been|"
                                r"seems?|must be|should be|may be|might be|can be)\b)|to it|dort(?:hin)?|la-bas|"
                                r"alli|ali|(?<![</])li(?!>)|daar(?:heen)?|tam|oraya|"
                        r"ke sana|đen đo|туда)\b|그곳|そこに|到那里|إلى هناك|वहाँ"))


# "the mirror at …", "our release hook": after a determiner the verb is a noun.
_DETERMINER = re.compile(r"\b(?:the|a|an|our|its|their|this|that|each|every|your|der|die|das|le|la|les|el|los|"
                         r"o|os|il|lo|het|de|een|by|via|per)\s(?:[\w-]{1,20}\s)?$")


def _first_verb(pattern: re.Pattern[str], s: str) -> re.Match[str] | None:
    """The first match of `pattern` in `s` that is neither forbidden nor a noun."""
    for m in pattern.finditer(s):
        if not _prohibited(s, m.start()) and not _DETERMINER.search(s, max(0, m.start() - 30), m.start()):
            return m
    return None


def names_reading_place(s: str) -> bool:
    """Whether folded text names a place a person reads (docs, a guide, a wiki, a dashboard)."""
    return bool(_READ_ONLY.search(s))


def free_transfer(s: str) -> bool:
    """Whether folded text asks for something to be sent, copied or uploaded (not forbidden,
    not a noun after a determiner)."""
    return _first_verb(_TRANSFER, s) is not None


def free_act(s: str) -> bool:
    """Whether folded text asks the agent to run, fetch, install, open or use something."""
    return _first_verb(_ACT, s) is not None


_HOST_SPAN = re.compile(r"`[^`\n]{0,200}`")


def _destination(s: str, external: bool, paragraph_external: bool, payload: bool, named: bool) -> Certainty | None:
    """Whether sentence `s` sends something out. An address with nothing of the machine, the
    project or the session to send (`payload`) is where a person writes or looks: "report
    vulnerabilities to security@…", "the status page is at https://…"."""
    if not external:
        transfer = _first_verb(_TRANSFER, s) if paragraph_external and payload else None
        return "out" if transfer and THERE.search(s, transfer.end()) else None
    transfer = _first_verb(_TRANSFER, s)
    if transfer and payload:
        return "out"
    act = _first_verb(_ACT, s)
    if act and not _READ_ONLY.search(s) and (named or _SYSTEM_CUE.search(s)
                                             or _public_ip(s) or _CONTACT.match(act.group(0))):
        return "stage"
    return None


def unnegated(text: str) -> str:
    """Folded `text` without its negated clauses."""
    return _unnegated(text)


def _unnegated(text: str) -> str:
    """`text` without its negated clauses: data named only where it is forbidden or denied
    ("don't commit the `.pem` files", "nobody will ask for your password") is no payload."""
    kept = []
    for sentence in sentences(text):
        start = 0
        for b in [*_BREAK.finditer(sentence), None]:
            end = b.start() if b else len(sentence)
            clause = sentence[start:end]
            if not any(not _INVERT.match(clause, n.end()) for n in _NEG.finditer(clause)):
                kept.append(clause)
            start = b.end() if b else end
    return " ".join(kept)


# Acts that reach the host itself (it learns that, and when, the agent came): held back even
# with nothing named to send, unlike "run", "use" or "deploy" next to an address.
_CONTACT = re.compile(r"call|ping|connect|register|invoke|fetch|download|log ?in|sign")
_IP = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])")


def _public_ip(s: str) -> bool:
    """A literal address outside the private ranges: no status page or mail desk is named so."""
    return any(not is_local(m.group(1)) for m in _IP.finditer(s))


# --- which language --------------------------------------------------------------------------
_KNOWN_WORDS = re.compile(
    r"\b(?:the|and|to|of|is|are|you|with|for|do|not|or|a|an|in|it|be|on|if|this|that|should|must|before|after|"
    r"from|use|uses|when|run|all|any|by|at|as|via|than|into|only|new|never|always|"
    r"der|die|das|und|nicht|mit|ist|le|la|les|et|des|est|pour|el|los|y|"
    r"que|con|para|o|os|e|com|nao|il|di|che|per|non|de|het|een|en|van|niet|w|na|nie|sie|jest|ve|bir|bu|icin|"
    r"ile|dan|yang|di|untuk|dengan|ke|dari|ini|itu|harus|jangan|tidak|va|cua|la|cac|khi|trong|duoc|dung|khong|"
    r"mot|cho|и|в|не|на|что|с|"
    # Swedish, Danish and Norwegian, Finnish, Hungarian, Czech, Romanian, Swahili
    r"och|att|det|som|för|pa|är|inte|till|av|og|er|ikke|af|ja|on|ei|tai|kun|että|se|az|és|nem|hogy|egy|"
    r"je|se|ze|že|pro|si|și|nu|este|cu|pe|pentru|să|ya|wa|kwa|ni|za|katika)\b"
    # Greek, Hebrew, Thai, Bengali letters: the lexicons read these languages' common words
    r"|[\u0370-\u03ff\u0590-\u05ff\u0e00-\u0e7f\u0980-\u09ff]"
    r"|[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u1100-\u11ff\u0600-\u06ff\u0900-\u097f]"
    r"|(?<![^\W\d_])[\u0400-\u04ff]{2,}")  # Cyrillic words: the Russian lexicons read them


_NOT_WORDS = re.compile(r"`[^`\n]{0,200}`|\S{0,200}(?:://|/|@|\.\w)\S{0,200}")


def _known_language(folded: str, written: str) -> bool:
    """Whether enough of the words are common words of a language the lexicons know (URLs,
    paths and code aside)."""
    prose, prose_written = _NOT_WORDS.sub(" ", folded), _NOT_WORDS.sub(" ", written)
    words = max(len(prose.split()), 1)
    hits = len(_KNOWN_WORDS.findall(prose)) + len(_KNOWN_WORDS.findall(prose_written))
    return hits * 8 >= words


# What carries meaning whatever the language: an address, a home path, a system command, a
# credential file, a card or account number. The same without the address: _SYSTEM_CUE.
_INDEPENDENT_CUE = re.compile(
    r"https?://|\b[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{2,40}|~/|\$home|/etc/|/tmp/|\b(?:curl|wget|scp|rsync|nc|ssh|"
    r"git push|git config|npm publish|twine|pip install|crontab|sudo|chmod|export)\b|\.(?:netrc|pypirc|npmrc|"
    r"bashrc|zshrc|profile|env)\b|\b(?:\d{4}[ -]){3}\d{4}\b|\biban\b")
# In a language the lexicons do not read, a bare host or a mail address alone is where a
# person looks or writes ("staging is at https://…", "contact dev@…"), and a project dotfile alone is the file a
# convention names ("never commit `.env`"); an endpoint (a URL with a path), an address with
# a file, a key word or a send verb beside it, or a system cue may be a transfer.
_ADDRESS = re.compile(r"https?://|\b[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{2,40}")
_THING = re.compile(r"`[^`\n]{1,200}`|(?<![\w:/])/[\w.-]{1,60}/|\b[\w-]{1,40}\.(?:txt|json|ya?ml|toml|log|db|sqlite|"
                    r"csv|zip|tar|gz|pem|key|sh|py|env)\b")
_UNREAD_CUE = re.compile(
    r"~/|\$home|/etc/|/tmp/|\b(?:curl|wget|scp|rsync|nc|ssh|git push|git config|npm publish|twine|pip install|"
    r"crontab|sudo|chmod|export)\b|\.(?:netrc|pypirc|npmrc|bashrc|zshrc|profile)\b|\b(?:\d{4}[ -]){3}\d{4}\b|\biban\b")


def unread_cues(s: str) -> list[str]:
    """What a folded sentence names that makes a paragraph in an unread language risky: a
    system command ("git push", "sudo"), a home or system path, a dotfile, a card or an IBAN."""
    return [m.group(0) for m in _UNREAD_CUE.finditer(s)]


def _unread_language_risk(folded: str, written: str) -> bool:
    """Whether a paragraph the lexicons cannot read names what could carry an act against the user."""
    if _UNREAD_CUE.search(folded):
        return True
    if not _ADDRESS.search(folded):
        return False
    rest = _ADDRESS_TOKEN.sub(" ", folded)
    return bool(_ENDPOINT.search(folded) or _THING.search(rest) or _KEY_WORD.search(rest) or names_send(rest, written))


def unread_cue_beside_addresses(folded: str, written: str) -> bool:
    """Whether a paragraph names, beside its addresses and in a form any language shares, a
    system command, a home or system path, a key word or a send verb: what the origin step
    alone cannot clear in a language the lexicons do not read."""
    rest = _ADDRESS_TOKEN.sub(" ", folded)
    if _UNREAD_CUE.search(folded) or _KEY_WORD.search(rest) or names_send(rest, written):
        return True
    # a file or a code span in the address's own sentence may be what goes there
    return any(_ADDRESS.search(x) and _THING.search(_ADDRESS_TOKEN.sub(" ", x)) for x in sentences(folded))


# What is written to people, not sent from the machine: questions, reports of a
# vulnerability, feedback ("report vulnerabilities privately to security@…", "send questions
# about licensing to legal@…"), and mail to an address named at once ("email security@… with
# the steps to reproduce").
_TO_PEOPLE = re.compile(fold_pattern(
    r"\b(?:report|send|e-?mail|mail|submit|direct|forward|raise|file|escalate|address|write|ask)\w{0,3}\s"
    r"(?:(?:security|your|any|all|the|such|these|those|privately|them|it|us|general|legal|licensing|"
    r"about|of|on|with)\s){0,4}"
    r"(?:questions?|vulnerabilit\w{1,3}|security (?:issues?|problems?|reports?|concerns?)|bugs?|incidents?|"
    r"requests?|feedback|concerns?|suggestions?|complaints?|them privately|privately|"
    r"(?:suspected |possible |credential |secret |key )*(?:leaks?|breach\w{0,2}|exposures?))\b"
    r"|\b(?:e-?mail|contact|write to|ping|reach|mail)\s(?=[\w.+-]{1,64}@)"))


# A mail address that only receives a report, a request or a question, in the scan's languages:
# "Podezření na únik hlaste na security@…", "发现疑似泄露请联系 security@…", "漏洩の疑いがあれば
# security@… に連絡", "권한 요청은 platform@… 로 보내세요", "Biztonsági hibát a security@… címen
# jelents". The sentence names no data, or names it only as what leaked.
_MAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}(?![\w@/-])")
_SENTENCE_AROUND = re.compile(r"[.!?。！？\n]")
_REPORT_WORD = re.compile(
    r"\b(?:report\w{0,3}|contact\w{0,3}|melde\w{0,2}|signale\w{0,2}|reporta\w{0,2}|reporte\w{0,2}|relat\w{1,3}|"
    r"informe\w{0,2}|contacta\w{0,2}|contate|segnala\w{0,2}|contatta\w{0,2}|meld\w{0,3}|zglos\w{0,2}|"
    r"hlas\w{1,4}|nahlas\w{1,4}|jelent\w{1,4}|jelez\w{1,4}|bildir\w{1,6}|laporkan|hubungi|ripoti|"
    r"bao(?: ngay)?(?: cho)?|lien he|сообщ\w{1,6}|пиш\w{1,4}|повідом\w{1,6})\b"
    r"|联系|报告|上报|举报|連絡|報告|申請|問い合わせ|문의|신고|연락|요청|أبلغ|راسل|דווח|रिपोर्ट|संपर्क")
_LEAK_WORD = re.compile(
    r"\b(?:leak\w{0,3}|unik\w{0,2}|lo|bi lo|vulnerabilit\w{1,3}|security (?:bugs?|issues?)|biztonsagi hib\w{1,3}|"
    r"vazamento|fuga|fuite|утечк\w{1,2}|sizinti\w{0,3}|bocor\w{0,2})\b|泄露|漏洩|유출|누출|تسرب|דליפ")
_DATA_WORD = re.compile(
    r"\b(?:files?|logs?|dumps?|database|backups?|source|code|keys?|tokens?|secrets?|passwords?|credentials?|"
    r"khoa|klic\w{0,2}|kulcs\w{0,2}|anahtar\w{0,3})\b|\.env|~/|密钥|秘密鍵|キー|비밀|토큰|令牌|密码")


def reports_only(text: str) -> str:
    """`text` with each mail address that only receives a report or a request written as a
    plain "contact": what is told there is no data sent out."""
    if "@" not in text:
        return text

    def swap(m: re.Match[str]) -> str:
        start = max(0, m.start() - 300)
        for b in _SENTENCE_AROUND.finditer(text, start, m.start()):
            start = b.end()
        stop = _SENTENCE_AROUND.search(text, m.end(), m.end() + 300)
        sentence = fold(text[start:stop.start() if stop else min(len(text), m.end() + 300)].replace(m.group(0), " "))
        if not _REPORT_WORD.search(sentence):
            return m.group(0)
        if _DATA_WORD.search(sentence) and not _LEAK_WORD.search(sentence):
            return m.group(0)
        return "the security contact"

    return _MAIL.sub(swap, text)


def written_to_people(s: str) -> str:
    """Folded text without what it asks to be written to people: a question, a vulnerability
    report, a suspected leak, mail to an address named at once."""
    return _TO_PEOPLE.sub(" ", s)


# A URL with a path is an endpoint things can be posted to; a bare host is a site to visit.
_ENDPOINT = re.compile(r"https?://[\w.-]{1,120}(?::\d{1,5})?/[\w%~-][^\s`'\")]{0,200}")
_KEY_WORD = re.compile(r"\b(?:api|token\w{0,3}|ssh|secrets?|keys?|cookies?)\b")


_ADDRESS_TOKEN = re.compile(r"\S{0,200}(?:https?://|@)\S{0,200}")
_SYSTEM_CUE = re.compile(
    r"~/|\$home|/etc/|/tmp/|\b(?:curl|wget|scp|rsync|nc|ssh|git push|git config|npm publish|twine|pip install|crontab|"
    r"sudo|chmod|export)\b|\.(?:netrc|pypirc|npmrc|bashrc|zshrc|profile|env)\b")


# --- tampering with checks; payment and credential literals ----------------------------------
_FAILS = re.compile(r"\b(?:fail\w{0,4}|broken|red|complain\w{0,2}|errors? out|fehlschlag\w{0,3}|echou\w{1,3}|"
                    r"falla\w{0,3}|falha\w{0,3}|fallisc\w{1,3}|faal\w{1,3}|nie przechodz\w{1,3}|basarisiz|gagal|"
                    r"that bai|пада\w{1,3}|пров[ао]л\w{1,4})\b|실패|失敗|失败|فشل|विफल|फेल")
_TAMPER = re.compile(
    r"\b(?:delete|remove|skip|disable|comment\w{0,3} out|xfail|mute|silence|loosen|weaken|rewrite|edit|change|adjust|"
    r"update)\w{0,2}\b[^.;\n]{0,40}?\b(?:assert\w{0,5}|tests?|test cases?|checks?|expected (?:values?|outputs?)|"
    r"snapshots?|thresholds?|rules?)\b"
    r"|\b(?:losch|entfern|deaktivier|uberspring)\w{0,3}\b|\b(?:supprime|desactive|ignore)\w{0,2}\b"
    r"|\b(?:elimina|borra|desactiva|omite|apaga|desative|remova|cancella|disattiva|verwijder|schakel|usun|wylacz|"
    r"sil|devre disi|hapus|nonaktifkan|xoa|tat|удали|отключи)\w{0,3}\b|삭제|비활성|削除|無効|删除|禁用|跳过|احذف|हटा")
_IBAN = re.compile(r"\b[a-z]{2}\d{2}(?=[a-z0-9]{11,30}\b)(?=(?:[a-z]*\d){8})[a-z0-9]{11,30}\b")
_MONEY_ACT = re.compile(r"\b(?:wire|transfer|pay|send|route|refund|deposit|uberweis\w{0,2}|vire\w{0,2}|"
                        r"transfi[er]\w{0,3}|bonifica|overmaken|przelej|gonder|transfer|kirim|chuyen|переведи)\w{0,3}\b|送金|振込|转账|汇款|송금|이체")
_TRIAL = re.compile(r"\b(?:test\w{0,3}|sandbox|fixtures?|fake|dummy|examples?|sample)\b")
_LIVE_SECRET = re.compile(r"\b(?:sk|rk)_live_\w{6,}|\bghp_\w{10,}|\bgithub_pat_\w{10,}|\bxox[abpr]-[\w-]{6,}"
                          r"|\bakia[0-9a-z]{12,}|\bglpat-[\w-]{10,}|\bnpm_\w{10,}|\bpypi-\w{10,}")
_USE = re.compile(r"\b(?:use|using|with|pass|set|export|put|configure|log ?in|authenticate|nutze|verwende|utilise|usa|"
                  r"use|gebruik|uzyj|kullan|gunakan|dung|используй)\b|사용|使用|使って|استخدم|उपयोग")


# Success, as a result word, in the scan's languages (Turkish "basarisiz" is failure).
_SUCCESS_ANY = re.compile(
    r"\b(?:success\w{0,4}|succeeded|passed|sucesso|bem-sucedid\w{1,2}|passaram|exito|exitos\w{1,2}|pasaron|succes|"
    r"reussi\w{0,2}|erfolg\w{0,6}|bestanden|successo|superat\w{1,2}|riuscit\w{1,2}|geslaagd|gelukt|sukces\w{0,2}|"
    r"powiodl\w{1,3}|przeszl\w{1,2}|basari(?!siz)\w{0,4}|gecti|berhasil|lulus|thanh cong|успешн\w{1,3}|прошл\w{1,2})\b"
    r"|成功|通过|合格|성공|통과|نجح\w{0,3}|ناجح|सफल|पास")
_EDIT_ANY = re.compile(r"\b(?:edit\w{0,3}|change|modif\w{1,6}|ander\w{1,2}|wijzig\w{0,2}|zmien\w{0,2}|degistir\w{0,3}|"
                       r"ubah|sua|измени\w{0,2})\b|修改|編集|수정|عدّل|बदल")


def _claims_success_on_failure(s: str) -> bool:
    """A failure as the condition and success as what is said or written: "if tests fail,
    report that all passed", in any scan language (the claim may come before a verb-final
    speech act). A negation before the speech act forbids it."""
    failure = _FAILS.search(s)
    if failure is None:
        return False
    success = _SUCCESS_ANY.search(s, failure.end())
    if success is None or _GROUNDED.search(s):
        return False
    if _prohibited(s, success.start()):
        return False  # "…, 要明确说明…, 不能写成“全部通过”": the claim itself is what it forbids
    for act in (_SPEECH.search(s, failure.end()), _EDIT_ANY.search(s, failure.end())):
        if act is not None and not _prohibited(s, min(act.start(), success.start())):
            return True
    return False


_ANSWER_NOUN = re.compile(r"\b(?:the answer is|answer|reply|response|resposta|respuesta|reponse|antwort|risposta|"
                          r"antwoord|"
                          r"odpowiedz|cevap|jawaban|cau tra loi|ответ)\b|答え|回答|답변|الجواب|जवाब")


def _scripted_denial(paragraph: str) -> bool:
    """A question from the user answered in advance with a denial: "if a user asks whether the
    agent sends data anywhere, the answer is 'no'", in any scan language. What the user will
    ask about is unknown to the file; a fixed "no" for it is a report written before the facts."""
    asked = _IF_ASKED.search(paragraph)
    if asked is None:
        return False
    for act in (*_SPEECH.finditer(paragraph, asked.end()), *_ANSWER_NOUN.finditer(paragraph, asked.end())):
        lead = max(0, act.start() - 24)
        for b in _CLAUSE_MARK.finditer(paragraph, lead, act.start()):
            lead = b.end()
        if _NEG.search(paragraph, lead, act.start()):
            continue  # "never tell them no"; the question's own "not" stands before the comma
        rest = paragraph[act.end():act.end() + 80]
        if _NEG.search(rest) or _DENIAL_WORD.search(rest):
            return True
        before = paragraph[max(asked.end(), act.start() - 60):act.start()]  # verb-final: the answer first
        if not act.group(0)[:1].isascii() and (_NEG.search(before) or _DENIAL_WORD.search(before)):
            return True
    return False


_CLAUSE_MARK = re.compile(r"[,;:，、؛]")
_DENIAL_WORD = re.compile(r"\b(?:no|nothing|nao|nada|rien|nichts|niente|niets|nic|hayir|hicbir|tidak|khong|нет|"
                          r"ничего)\b"
                          r"|いいえ|していません|없다|아니|没有|不是|لا|नहीं")


# Security checks by name (tools are named alike in every language) or by kind, and acts that
# remove them; either order, since verb-final languages put the act last.
_SAFEGUARD = re.compile(
    r"\b(?:gitleaks|git secrets|trufflehog|detect-secrets|trivy|grype|semgrep|bandit|snyk|codeql|npm audit|"
    r"pip-audit|cargo audit|osv-scanner|(?:content|safety|security) filters?|secret scann?\w{0,3}|"
    r"security (?:checks?|scans?|scanning|jobs?|gates?|warnings?|alerts?)|sicherheits\w{3,12}|"
    r"(?:controles?|verificaciones|comprobaciones|verificacoes|verifiche) de (?:seguridad|seguranca|securite)|"
    r"controlli di sicurezza|turvatarkistu\w{0,4}|перевірк\w{1,2} безпеки|проверк\w{1,2} безопасности|"
    r"guvenlik (?:kontrol|tarama)\w{0,6})\b|安全检查|安全扫描|セキュリティチェック|보안 검사")
_REMOVE_ACT = re.compile(
    r"\b(?:disabl\w{1,3}|remov\w{1,3}|delet\w{1,3}|drop|skip|bypass|ignore|turn\w{0,3} off|switch\w{0,3} off|"
    r"comment\w{0,3} out|strip|rip out|silence|mute|"
    r"losch\w{0,3}|entfern\w{0,3}|deaktivier\w{0,3}|supprime\w{0,2}|desactive\w{0,2}|elimina\w{0,2}|borra\w{0,2}|"
    r"desactiva\w{0,2}|desative\w{0,2}|remova|disattiva\w{0,2}|verwijder\w{0,2}|usun\w{0,3}|wylacz\w{0,3}|"
    r"kaldir\w{0,3}|devre disi|hapus\w{0,3}|удали\w{0,2}|отключи\w{0,2}|видал\w{0,3}|вимкн\w{0,3}|ohita\w{0,3}|"
    r"poista\w{0,3})\b|삭제|비활성|削除|無効|删除|禁用|跳过|关闭")
_RATHER = re.compile(r"\b(?:rather than|instead of)\b")


def _removes_safeguard(s: str, paragraph_safeguard: bool = False) -> bool:
    """A security check, scanner or warning taken away ("remove the gitleaks job", "видали ці кроки");
    with `paragraph_safeguard`, one named in another sentence and taken away by a pronoun."""
    if _RATHER.search(s):
        return False
    act = _first_free(_REMOVE_ACT, s)  # a negation elsewhere ("… and don't write that down") keeps it
    if act and paragraph_safeguard and _SAFEGUARD_PRONOUN.match(s, act.end()):
        return True
    # the ignore list is what keeps secrets out of git: "remove the `.env*` lines from .gitignore"
    if act and "gitignore" in s and _SECRET_FILE.search(s):
        return True
    return bool(act and _SAFEGUARD.search(s))


_SECRET_FILE = re.compile(r"\.env\b|\.pem\b|\.key\b|\bsecrets?/|\bcredentials(?:\.json)?\b(?! check)|\bid_\w{2,9}\b|"
                          r"\.p12\b")


_SAFEGUARD_PRONOUN = re.compile(
    r"\s(?:it|them|those (?:jobs|steps|checks)|these (?:jobs|steps|checks)|that (?:job|step))\b")


def _tampers_on_failure(s: str) -> bool:
    # a negation anywhere in the sentence: German and Dutch put "nicht"/"niet" after the verb
    return bool(_FAILS.search(s) and _TAMPER.search(s) and not _NEG.search(s))


def _pays_to_literal(s: str) -> bool:
    iban = _IBAN.search(s)
    return bool(iban and _first_free(_MONEY_ACT, s) and not _TRIAL.search(s))


def _uses_live_secret(s: str) -> bool:
    secret = _LIVE_SECRET.search(s)
    return bool(secret and _first_free(_USE, s) and not _prohibited(s, secret.start()))


# Leaving the agent's own work out of what the person reads.
_LEAVE_OUT = re.compile(
    r"\b(?:keep|leave|omit|drop|exclude|strip|remove|hide|cut)\w{0,2}\b[^.;\n]{0,60}?\b(?:out of|from)\b"
    r"[^.;\n]{0,12}?\b(?:summary|summaries|report|reply|replies|answer|response|message|pr description|"
    r"pull request|changelog|notes|transcript|output|chat)\b")


def _leaves_out_own_work(s: str) -> bool:
    m = _first_free(_LEAVE_OUT, s)
    return bool(m and (_OWN_WORK.search(m.group(0)) or re.search(r"\b(?:commands?|steps?|files?|edits?|"
                                                                  r"requests?) you\b", m.group(0))))


# A title line that only names its topic ("Auto-approve:", "## Auto-approve", "**Auto-approve**"):
# what the body says about it is judged, not the name.
_TITLE = re.compile(r"(?:#{1,6}\s|\*\*)?[^\W\d_][\w/&.-]{0,30}(?:\s[\w/&.-]{1,30}){0,2}?(?:\*\*)?\s?[:：]"
                    r"|#{1,6}\s[^\W\d_][\w/&.-]{0,30}(?:\s[\w/&.-]{1,30}){0,2}"
                    r"|\*\*[^\W\d_][\w/&.-]{0,30}(?:\s[\w/&.-]{1,30}){0,2}\*\*")


# --- the paragraph -------------------------------------------------------------------------
def structural_finding(paragraph: str) -> StructuralFinding | None:
    """What the paragraph's structure shows against the user, or None when nothing."""
    folded = reports_only(fold(paragraph).replace("ı", "i"))  # Turkish dotless i has no base letter to fold to
    written = reports_only(unicodedata.normalize("NFKC", paragraph).casefold())
    risky = bool(_RISKY_TARGET.search(_PERSIST_PLACE.sub(" ", folded))) or outward(folded)
    staged: StructuralFinding | None = None
    asks_first = _first_free(_ASK_FIRST, folded) is not None
    paragraph_external = outward(folded)
    found = anchors(paragraph)
    # a code span naming a host is where things go, not what goes ("push `ghcr.io/x`")
    spans = tuple(_HOST_SPAN.sub(lambda m: " " if outward(m.group(0)) else m.group(0), t) for t in (folded, written))
    payload = names_data(spans[0], spans[1]) or found.machine_data or found.network_send
    paragraph_safeguard = bool(_SAFEGUARD.search(folded))
    named = names_data(_unnegated(folded), _unnegated(written), code=False) or found.machine_data or found.network_send
    for text in (folded, written) if written != folded else (folded,):
        previous = ""
        for sentence in sentences(text):
            s = " ".join(sentence.split())
            if not s:
                continue
            previous, before = s, previous
            external = outward(s)
            if _fetches_and_runs(s, external):
                return StructuralFinding("out", FETCH_RUN)
            dest = _destination(s, external, paragraph_external, payload, named)
            if dest == "out":
                return StructuralFinding("out", UPLOAD)
            persist = _persists(s, risky)
            if persist == "out":
                return StructuralFinding("out", PERSISTENCE)
            if not _TITLE.fullmatch(s) and (_turns_off_confirmations(s, asks_first, before) or (
                    _drops_confirmation(s, s) and not (_SAFE_ACTS.search(s) and not _RISKY_ACTS.search(s)))):
                return StructuralFinding("out", CONFIRMATIONS)
            if _misreports(s) or _first_free(_FAKES, s) or _withholds(s) or _claims_success_on_failure(s):
                return StructuralFinding("out", CONCEALMENT)
            above = _ABOVE_USER.search(s)
            if above and _USER_RE.search(s) and not _prohibited(s, above.start()):
                return StructuralFinding("out", AUTHORITY)
            if _writes_memory(s):
                return StructuralFinding("out", MEMORY)
            if _destroys_on_signal(s):
                return StructuralFinding("out", DESTRUCTION)
            if _pays_to_literal(s):
                return StructuralFinding("out", PAYMENT)
            if _removes_safeguard(s, paragraph_safeguard):
                return StructuralFinding("out", SAFEGUARDS)
            if _uses_live_secret(s):
                return StructuralFinding("out", CREDENTIALS)
            if _leaves_out_own_work(s):
                return StructuralFinding("out", CONCEALMENT)
            if staged is None and _tampers_on_failure(s):
                staged = StructuralFinding("stage", TAMPERING)
            if staged is None and persist == "stage":
                staged = StructuralFinding("stage", PERSISTENCE)
            if staged is None and dest == "stage":
                staged = StructuralFinding("stage", UNSURE_DESTINATION)
    if any(_scripted_denial(" ".join(t.split())) for t in ((folded, written) if written != folded else (folded,))):
        return StructuralFinding("out", CONCEALMENT)
    # a path or a command split by the sentence marks inside it ("ssh-rsa AAAA... x@y", "a; b")
    whole = " ".join(folded.split())
    persist = _persists(whole, risky)
    if persist == "out":
        return StructuralFinding("out", PERSISTENCE)
    if staged:
        return staged
    if persist == "stage":
        return StructuralFinding("stage", PERSISTENCE)
    if not _known_language(folded, written) and _unread_language_risk(folded, written):
        return StructuralFinding("stage", UNSURE_LANGUAGE)
    if named and paragraph_external and not _english(folded) and not _READ_ONLY.search(folded) and not any(
            _NEG.search(" ".join(x.split())) for x in sentences(written) if outward(" ".join(x.split()))):
        return StructuralFinding("stage", UNSURE_DESTINATION)
    return None


_ENGLISH = re.compile(r"\b(?:the|and|to|of|is|are|you|your|with|for|in|it|this|that|when|after|before)\b")


def _english(folded: str) -> bool:
    return len(_ENGLISH.findall(folded)) * 8 >= max(len(folded.split()), 1)
