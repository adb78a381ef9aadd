"""Word classes for the injection rules in seven languages, and a linear-time tagger.

Rules are built from classes (verbs of ignoring × nouns of instructions × "previous/all"
qualifiers, …), not from sentences, so paraphrases and other languages match the same rule.
Entries are folded like the text (case-folded, accents removed). In an entry, a word ending
in `*` matches any word starting with it; `_` joins the words of a phrase. German compounds are
matched by suffix; Chinese and Japanese, which have no spaces, by substring (see CJK_TERMS).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from hermes.security.textforms import fold

IGNORE = 1 << 0  # verbs of ignoring, overriding, and words declaring rules void
OBEY = 1 << 1  # verbs of following: an IGNORE when negated
NEG = 1 << 2
RULES = 1 << 3  # nouns for an agent's instructions
RULES_WEAK = 1 << 4  # nouns that also name ordinary things (lint rules): need a determiner
QUAL = 1 << 5  # previous / all / your / system qualifiers
FUNC = 1 << 6  # determiners allowed right before a rule noun
EVERYTHING = 1 << 7
TOLD = 1 << 8
YOU_ARE = 1 << 9
NOW = 1 << 10
ROLEPLAY = 1 << 11
PERSONA = 1 << 12
REVEAL = 1 << 13
SYSPROMPT = 1 << 14
TOPIC = 1 << 15  # "about X": the noun names a topic's instructions, not the agent's
NOLIMIT = 1 << 16  # "without" / "no"
LIMITS = 1 << 17
RESPOND = 1 << 18
JAILBREAK = 1 << 19
DECODE = 1 << 20
EXECUTE = 1 << 21

WORDS: dict[int, str] = {
    IGNORE: """
        ignor* disregard* forget overrid* overrul* bypass* neglect* discard* dismiss* abandon*
set_aside put_aside pay_no_attention pay_no_heed take_no_notice throw_out skip drop
        supersed* obsolete void nullif* cancel* revok* suspend* invalidat* rescind* waive*
no_longer_apply no_longer_applies no_longer_valid no_longer_in_effect no_longer_binding
do_not_apply don_t_apply not_apply_anymore not_binding
        ignorier* vergiss vergessen missacht* ubergeh* hinweg verwirf verwerfen ungultig aufgehoben
gelten_nicht_mehr gilt_nicht_mehr nicht_mehr_gultig ausser_kraft setz_dich_uber setze_dich_uber
        ignora ignoren olvida* olvides omite omitir descarta* desobedec* anula*
haz_caso_omiso caso_omiso no_hagas_caso ya_no_aplican ya_no_son_validas sin_efecto
        oublie* neglige* outrepass* contourne* annule* caduque*
ne_tiens_pas_compte tiens_pas_compte ne_tenez_pas_compte fais_abstraction faites_abstraction
ne_s_appliquent_plus ne_sont_plus_valables
        игнорир* игнорь* забудь забудьте забыть пренебрег* отбрось отмени* недеиствительн* обои
не_обращаи_внимания не_обращаите_внимания больше_не_деиствуют больше_не_деиствует
    """,
    OBEY: """
        follow* obey* respect* comply heed* adhere listen_to stick_to
        befolg* folge folgen gehorch* beacht* halte_dich_an
        sigas sigue* seguir obedec* cumpl* respet* suis suivez suivre obei* respecte*
        следуи следовать слушаи соблюдаи подчиняися выполняи
    """,
    NEG: """
        not never stop don_t no_longer nicht nie niemals keine no nunca ne jamais plus не больше
    """,
    RULES: """
        instruction* directive* guidance programming guardrail* prompt prompts
        anweisung* instruktion* vorgabe* befehle
        instruccion* directriz directrices indicacion* consigne* инструкци* указани* директив*
    """,
    RULES_WEAK: """
        rule rules polic* constraint* restriction* guideline* orders commands safeguard*
        regeln richtlinie* reglas normas restricciones politica* regles politique*
        правил* ограничени* запрет*
    """,
    QUAL: """
        previous* prior above earlier preceding former original initial existing before all any
        every your system* developer* safety so_far up_to_now until_now
        vorherig* bisherig* vorig* obig* fruher* alle* samtlich* jegliche* dein* sicherheit*
        vorher oben bis_jetzt
        anterior* previa* previo* todas todos tus sistema de_arriba hasta_ahora
        precedent* anterieur* toutes tous tes vos systeme ci_dessus dessus jusqu_ici
        предыдущ* прежн* все всех свои свои твои системн* выше ранее прошл* вышеуказанн*
    """,
    FUNC: """
        the a an these those this my our its their of and or any s
        die der den des und la le les las los y et mes ses и эти мои
    """,
    EVERYTHING: "everything anything all_that alles todo tout всё",
    TOLD: "told said given instructed taught gesagt beigebracht dicho indicado dit appris сказали говорили",
    YOU_ARE: """
you_are you_re you_will_be you_shall_be du_bist bist_du eres tu_es t_es vous_etes ты
    """,
    NOW: """
        now henceforth no_longer from_now_on jetzt nun ab_sofort ab_jetzt nicht_mehr
        ahora ya_no a_partir_de_ahora maintenant desormais plus теперь больше_не отныне
    """,
    ROLEPLAY: """
act_as behave_as roleplay_as role_play_as pretend_to_be pretend_you_are pretend_that_you_are
        impersonate* spiele_die_rolle actua_como fais_semblant joue_le_role притворись веди_себя_как
    """,
    PERSONA: """
        ai assistant model bot chatbot agent persona character dan jailbroken unrestricted unfiltered
        uncensored unlimited evil hermes llm gpt operator bound developer_mode god_mode
no_rules no_restrictions no_limits no_filters without_restrictions without_limits
without_rules without_filters content_policy
        ki assistent* modell gebunden ohne_einschrankungen ohne_regeln ohne_filter
        ia asistente modelo agente libre sin_restricciones sin_limites sin_filtros
        modele sans_restriction* sans_limite* sans_filtre*
        ии ассистент* помощник* модель* бот* агент* свободн* без_ограничении без_фильтров
    """,
    REVEAL: """
        reveal* show print output repeat display leak dump disclose tell share give recite expose
        echo write_out spell_out
        zeig* gib ausgeben verrat* nenne wiederhole
        revela* muestra* imprime dime repite comparte
        revele* affiche* montre* repete donne dis
        покажи выведи раскрои повтори скажи напиши сообщи
    """,
    SYSPROMPT: """
system_prompt system_message system_instructions hidden_instructions initial_instructions
original_instructions secret_instructions confidential_instructions developer_message
developer_instructions your_instructions your_prompt your_rules your_guidelines
        systemprompt systemanweisung* systemnachricht* deine_anweisungen system_prompt
prompt_del_sistema instrucciones_del_sistema tus_instrucciones mensaje_del_sistema
prompt_systeme instructions_systeme message_systeme tes_instructions vos_instructions
системныи_промпт системные_инструкции системное_сообщение свои_инструкции твои_инструкции
    """,
    TOPIC: "about regarding concerning uber zu sobre sur concernant о об про",
    NOLIMIT: "without no sin ohne sans без",
    LIMITS: """
        restriction* limit* filter* rules censorship guideline* limitation* boundaries
        einschrankung* grenzen regeln restricciones limites filtros reglas
        restrictions limites filtres regles ограничени* фильтр* правил*
    """,
    RESPOND: """
        answer* respond* repl* act operate ai model assistant antworte* responde* reponds repondre отвечаи отвечать
    """,
    JAILBREAK: """jailbreak_mode dan_mode do_anything_now jailbroken system_override admin_override
        administrator_override developer_override emergency_override never_refuse always_comply
        comply_with_everything""",
    DECODE: "decode* decrypt* decipher* base64_d rot13 unhex deobfuscate*",
    EXECUTE: "follow obey run execute apply do_what_it_says do_as_it_says",
}

# German compound nouns end in these ("Sicherheitsrichtlinien", "Systemanweisungen").
SUFFIXES: dict[int, tuple[str, ...]] = {
    RULES: ("anweisung", "anweisungen", "instruktionen", "vorgaben", "befehle", "systemprompt"),
    RULES_WEAK: ("regeln", "richtlinien", "richtlinie"),
    QUAL: ("systemprompt",),
}

# Chinese and Japanese (and spaced-out letters, once joined) are matched by substring within a
# window of characters.
CJK_TERMS: dict[int, str] = {
    IGNORE: """忽略 忽视 无视 不要理会 不理会 别理会 忘记 忘掉 忘了 忘記 抛弃 放弃 绕过 跳过 作废 作廢 失效
        无效 無效 不再适用 不要遵守 不再遵守 别遵守 不用遵守 不必遵守 不要遵循 不要听从 不要服从 不再受
        無視 忘れ 無効 破棄 従わない 従わず 守らない 守らず 取り消 上書き""",
    RULES: """指令 指示 规则 規則 提示词 系统提示 系統提示 限制 设定 設定 命令 说明 准则 準則 规定 規定 约束
        ルール 制約 制限 プロンプト ガイドライン ポリシー""",
    QUAL: """之前 以前 先前 此前 上面 上述 以上 前面 所有 全部 一切 任何 系统 系統 原来 原有 原先 你的
        これまで 前の 上記 すべて 全て 今まで 先ほど 元の システム あなたの""",
    YOU_ARE: "你是 你现在是 你不再是 你就是 你将是 你已经是 あなたは 君は お前は",
    NOW: "现在 從現在 从现在 此刻 不再 今后 从今以后 今から これから もう 今は",
    PERSONA: """ai 助手 模型 机器人 機器人 没有限制 没有任何限制 不受限制 无限制 無限制 自由 约束 束缚 越狱
        越獄 hermes アシスタント モデル 制限のない 制限なし 制約のない ロボット""",
    REVEAL: "显示 顯示 输出 輸出 告诉 告訴 泄露 洩露 打印 重复 给我 給我 展示 透露 表示 教え 出力 見せ 開示 繰り返",
    SYSPROMPT: """系统提示 系統提示 系统提示词 系统指令 系統指令 初始指令 系统消息 隐藏指令
        システムプロンプト システムメッセージ 初期指示""",
}

# The same rules over spaced-out letters once joined ("ignoreallpreviousinstructions").
JOINED_TERMS: dict[int, str] = {
    IGNORE: "ignor disregard forget overrid bypass",
    RULES: "instruction directive guideline rules prompt guidance",
    QUAL: "previous prior above earlier all your system",
    REVEAL: "reveal show print repeat",
    SYSPROMPT: "systemprompt systemmessage",
}


@dataclass(frozen=True)
class _Entry:
    cls: int
    rest: tuple[tuple[str, bool], ...]  # later words of a phrase: (word, is_prefix)


class Tagger:
    """Tags each word of a text with the classes it starts, in one pass over the words."""

    def __init__(self, words: dict[int, str], suffixes: dict[int, tuple[str, ...]]) -> None:
        self._exact: dict[str, list[_Entry]] = {}
        self._prefix: dict[str, list[_Entry]] = {}
        self._lengths: set[int] = set()
        for cls, spec in words.items():
            for phrase in _phrases(spec):
                head, rest = phrase[0], tuple((w.rstrip("*"), w.endswith("*")) for w in phrase[1:])
                if head.endswith("*"):
                    stem = head[:-1]
                    self._prefix.setdefault(stem, []).append(_Entry(cls, rest))
                    self._lengths.add(len(stem))
                else:
                    self._exact.setdefault(head, []).append(_Entry(cls, rest))
        self._suffixes = [(tuple(fold(s) for s in sfx), cls) for cls, sfx in suffixes.items()]
        self._sorted_lengths = sorted(self._lengths)
        self._cache: dict[str, list[_Entry]] = {}

    def _candidates(self, word: str) -> list[_Entry]:
        hit = self._cache.get(word)
        if hit is not None:
            return hit
        found = list(self._exact.get(word, ()))
        for n in self._sorted_lengths:
            if n > len(word):
                break
            found.extend(self._prefix.get(word[:n], ()))
        if len(self._cache) < 20000:
            self._cache[word] = found
        return found

    def tag(self, words: list[str]) -> list[int]:
        """The class mask each word starts (a phrase tags its first word)."""
        masks = [0] * len(words)
        for i, word in enumerate(words):
            if len(word) > 40:
                continue
            mask = 0
            for entry in self._candidates(word):
                if entry.cls & mask or all(
                    i + k + 1 < len(words)
                    and (words[i + k + 1].startswith(w) if pre else words[i + k + 1] == w)
                    for k, (w, pre) in enumerate(entry.rest)
                ):
                    mask |= entry.cls
            if len(word) >= 6:
                for sfx, cls in self._suffixes:
                    if word.endswith(sfx):
                        mask |= cls
            masks[i] = mask
        return masks


def _phrases(spec: str) -> list[tuple[str, ...]]:
    """Entries of a spec: whitespace separates entries, `_` joins the words of a phrase."""
    return [tuple(fold(w) for w in item.split("_")) for item in spec.split()]


TAGGER = Tagger(WORDS, SUFFIXES)


def _substring_patterns(terms: dict[int, str]) -> dict[int, re.Pattern[str]]:
    pats = {}
    for cls, spec in terms.items():
        words = sorted({fold(w) for w in spec.split()}, key=len, reverse=True)
        alts = [rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() and len(w) <= 3 else re.escape(w)
                for w in words]
        pats[cls] = re.compile("|".join(alts))
    return pats


CJK_PATTERNS = _substring_patterns(CJK_TERMS)
JOINED_PATTERNS = _substring_patterns(JOINED_TERMS)


class Positions:
    """Where each class occurs (word indices or character offsets), for window queries."""

    def __init__(self) -> None:
        self.at: dict[int, list[int]] = {}

    def add(self, cls: int, pos: int) -> None:
        self.at.setdefault(cls, []).append(pos)

    def first(self, cls: int) -> list[int]:
        return self.at.get(cls, [])

    def near(self, cls: int, pos: int, before: int, after: int) -> bool:
        """Whether `cls` occurs in [pos - before, pos + after]."""
        got = self.at.get(cls)
        if not got:
            return False
        i = bisect_left(got, pos - before)
        return i < len(got) and got[i] <= pos + after


def substring_positions(text: str, patterns: dict[int, re.Pattern[str]]) -> Positions:
    """Character offsets of every class in `text` (one linear search per class)."""
    pos = Positions()
    for cls, pattern in patterns.items():
        for m in pattern.finditer(text):
            pos.add(cls, m.start())
    return pos
