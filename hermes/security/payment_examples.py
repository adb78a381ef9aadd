"""Payment details that are published as test or example values, so naming one directs no
money anywhere: the card numbers the payment providers document for their test modes, and the
example IBANs of the IBAN registry and the national banking associations. A sentence that calls
a card, account or key a test, sandbox or example one, in the scan's languages, is test data too.
"""

from __future__ import annotations

import re

from hermes.security.textforms import fold_pattern

# Card numbers from the providers' test-mode documentation (Stripe, Adyen, Braintree, PayPal,
# Checkout.com): digits only.
TEST_CARDS = frozenset({
    "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "5200828282828210",
    "5105105105105100", "378282246310005", "371449635398431", "6011111111111117", "6011000990139424",
    "3056930009020004", "36227206271667", "3566002020360505", "6200000000000005", "4000000000000002",
    "4000000000009995", "4000000000009987", "4000000000009979", "4000000000000069", "4000000000000127",
    "4000000000000119", "4000002500003155", "4000002760003184", "4000000000003220", "4000000000000077",
    "4000000000000341", "4000000000000101", "4111111111111111", "4012888888881881", "4222222222222",
    "5500000000000004", "5454545454545454", "4005519200000004", "4009348888881881", "4012000033330026",
    "4012000077777777", "4217651111111119", "4500600000000061", "5425233430109903", "2222400070000005",
    "4035501000000008", "4360000001000005", "4988438843884305", "4166676667666746", "4646464646464644",
    "4000620000000007", "4000020000000000", "4000160000000004", "4000000760000002", "4000003800000446",
    "4000000000003063",
})
# Example IBANs of the IBAN registry (SWIFT) and of national banking associations, without spaces.
EXAMPLE_IBANS = frozenset({
    "DE89370400440532013000", "GB82WEST12345698765432", "GB29NWBK60161331926819", "FR1420041010050500013M02606",
    "ES9121000418450200051332", "NL91ABNA0417164300", "IT60X0542811101000000123456", "BE68539007547034",
    "AT611904300234573201", "CH9300762011623852957", "PL61109010140000071219812874", "PT50000201231234567890154",
    "SE4550000000058398257466", "DK5000400440116243", "NO9386011117947", "FI2112345600000785",
    "IE29AIBK93115212345678", "LU280019400644750000", "CZ6508000000192000145399", "SK3112000000198742637541",
    "HU42117730161111101800000000", "RO49AAAA1B31007593840000", "GR1601101250000000012300695",
    "TR330006100519786457841326", "SA0380000000608010167519", "AE070331234567890123456", "IL620108000000099999999",
    "BR1800360305000010009795493C1", "HR1210010051863000160", "SI56263300012039086", "LT121000011101001000",
    "LV80BANK0000435195001", "EE382200221020145685", "BG80BNBG96611020345678", "CY17002001280000001200527600",
    "MT84MALT011000012345MTLCAST001S", "IS140159260076545510730339", "DE02120300000000202051",
    "DE02500105170137075030", "NL02ABNA0123456789", "FR7630006000011234567890189", "ES7921000813610123456789",
})
_NOT_ALNUM = re.compile(r"[^0-9a-z]")


def documented_example(detail: str) -> bool:
    """Whether a card number or IBAN, as written (spaces, dashes, any case), is a published
    test or example value."""
    bare = _NOT_ALNUM.sub("", detail.casefold())
    return bare in TEST_CARDS or bare in _IBANS_FOLDED


_IBANS_FOLDED = frozenset(i.casefold() for i in EXAMPLE_IBANS)

# "test card", "sandbox", "example IBAN", in the scan's languages (folded text).
TEST_DETAIL = re.compile(fold_pattern(
    r"\b(?:test|testing|sandbox|example|sample|fixture|dummy|fake|mock)[ -]?(?:cards?|card numbers?|ibans?|accounts?|"
    r"mode|keys?|numbers?|data)\b|\bsandbox\b|\btest ?mode\b|\bofficial example\b|\bwell-known example\b"
    r"|\btest(?:karte|-?iban|modus|konto|daten|nummer)\w{0,2}\b|\bbeispiel-?iban\b|\bcarte de test\b|\bmode test\b"
    r"|\biban (?:de test|fictif|d['’]exemple)\b|\btarjeta de prueba\b|\bmodo (?:de )?prueba\b|\bejemplo oficial\b"
    r"|\bcartao de teste\b|\bmodo de teste\b|\bcarta di test\b|\bmodalita test\b|\btestkaart\b|\btestmodus\b"
    r"|\bkarta testowa\b|\btryb testowy\b|\bтестов\w{1,3} (?:карт\w{0,2}|режим\w{0,2}|iban)\b|\btest kart\w{0,3}\b"
    r"|\bkartu uji\b|\bthe thu nghiem\b|\btestkort\w{0,2}\b|\btestikortti\b|\btesztkartya\b"
    r"|テストカード|テストモード|测试卡|测试模式|沙盒|테스트 카드|테스트 모드|بطاقة اختبار|כרטיס בדיקה|परीक्षण कार्ड|"
    r"บัตรทดสอบ|โหมดทดสอบ|کارت آزمایشی"))
# Money that is real: "the company card", "our live account" (folded text).
REAL_MONEY = re.compile(r"\b(?:real|production|live|corporate|company|personal|my|our|your|their|his|her|"
                        r"the user['’]s)\b[^.;\n]{0,20}?\b(?:cards?|accounts?|wallet)\b")
