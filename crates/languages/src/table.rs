//! The table: every language the product knows, one entry each, in the order
//! `dictionaries/build-languages.sh` builds them. Adding a language is one entry here
//! (and its dice file in dice-sets/); docs/languages.md shows one.

use crate::language::{lang, Language, Script};
use crate::Fold;

/// Every language the product knows, in the build script's order (docs/languages.md
/// lists them with their sources). The last few have a preset and no list to build.
pub const LANGUAGES: &[Language] = &[
    lang("en", "English", "English", Script::Latin)
        .dice("english-new-4x4")
        .designed("english-designed-4x4")
        .vowels("aeiou")
        .source(&["wamerican"], "plain:/usr/share/dict/american-english")
        .wordfreq("en"),
    lang("de", "German", "Deutsch", Script::Latin)
        .dice("german-4x4")
        .designed("german-designed-4x4")
        .vowels("aeiouäöü")
        .source(&["wngerman"], "plain:/usr/share/dict/ngerman")
        .keep_proper_nouns()
        .wordfreq("de"),
    // The plain list less the words its spell checker rejects (--keep-accepted-by):
    // the words both vouch for, as the language's Scrabble federation plays
    // (docs/languages.md, "Plain lists and their spell checker").
    lang("fr", "French", "français", Script::Latin)
        .strip_marks()
        .dice("french-4x4")
        .designed("french-designed-4x4")
        .vowels("aeiouyàâæèéêëîïôœùûü")
        .source(
            &["wfrench", "hunspell-fr", "hunspell"],
            "plain:/usr/share/dict/french",
        )
        .expand_options("--keep-accepted-by=fr_FR")
        .wordfreq("fr"),
    // The plain list less what its spell checker rejects, as for French.
    lang("es", "Spanish", "español", Script::Latin)
        .strip_marks_except("ñ")
        .dice("spanish-fanmade-boggleparty-4x4")
        .designed("spanish-designed-4x4")
        .vowels("aeiouáéíóúü")
        .source(
            &["wspanish", "hunspell-es", "hunspell"],
            "plain:/usr/share/dict/spanish",
        )
        .expand_options("--keep-accepted-by=es_ES")
        .wordfreq("es"),
    lang("it", "Italian", "italiano", Script::Latin)
        .strip_marks()
        .dice("italian-paroliere-4x4")
        .designed("italian-designed-4x4")
        .vowels("aeiouàèéìíòóùú")
        .source(&["witalian"], "plain:/usr/share/dict/italian")
        .wordfreq("it"),
    // Where no published set exists, the dice were designed with `dice design` from
    // the language's list (docs/dice-sets.md).
    lang("pt", "Portuguese", "português", Script::Latin)
        .strip_marks()
        .dice("portuguese-designed-4x4")
        .vowels("aeiouáâãàéêíóôõú")
        .source(&["wportuguese"], "plain:/usr/share/dict/portuguese")
        .wordfreq("pt"),
    lang("nl", "Dutch", "Nederlands", Script::Latin)
        .strip_marks()
        .dice("dutch-4x4")
        .designed("dutch-designed-4x4")
        .vowels("aeiouy")
        .source(&["wdutch"], "plain:/usr/share/dict/dutch")
        .wordfreq("nl"),
    // The plain list less what its spell checker rejects, as for French.
    lang("pl", "Polish", "polski", Script::Latin)
        .dice("polish-4x4")
        .designed("polish-designed-4x4")
        .vowels("aeiouyąę")
        .source(
            &["wpolish", "hunspell-pl", "hunspell"],
            "plain:/usr/share/dict/polish",
        )
        .expand_options("--keep-accepted-by=pl_PL")
        .wordfreq("pl"),
    lang("ca", "Catalan", "català", Script::Latin)
        .strip_marks_except("ç")
        .dice("catalan-designed-4x4")
        .vowels("aeiou")
        .source(&["wcatalan"], "plain:/usr/share/dict/catalan")
        .fold(Fold::CatalanMiddleDot)
        .wordfreq("ca"),
    lang("da", "Danish", "dansk", Script::Latin)
        .dice("danish-designed-4x4")
        .vowels("aeiouyæøå")
        .source(&["wdanish"], "plain:/usr/share/dict/danish")
        .wordfreq("da"),
    lang("no", "Norwegian (Bokmål)", "norsk bokmål", Script::Latin)
        .dice("norwegian-designed-4x4")
        .vowels("aeiouyæøå")
        .source(&["wnorwegian"], "plain:/usr/share/dict/bokmaal:ISO-8859-1")
        .wordfreq("nb"),
    lang("sv", "Swedish", "svenska", Script::Latin)
        .dice("swedish-designed-4x4")
        .vowels("aeiouyåäö")
        .source(&["wswedish"], "plain:/usr/share/dict/swedish:ISO-8859-1")
        .wordfreq("sv"),
    lang("fo", "Faroese", "føroyskt", Script::Latin)
        .dice("faroese-designed-4x4")
        .vowels("aeiouyáíóúýæø")
        .source(&["wfaroese"], "plain:/usr/share/dict/faroese"),
    lang("eo", "Esperanto", "Esperanto", Script::Latin)
        .dice("esperanto-designed-4x4")
        .vowels("aeiou")
        .source(&["wesperanto"], "plain:/usr/share/dict/esperanto"),
    // The plain list less what its spell checker rejects, as for French.
    lang("gl", "Galician", "galego", Script::Latin)
        .strip_marks_except("ñ")
        .dice("galician-designed-4x4")
        .vowels("aeiou")
        .source(
            &["wgalician-minimos", "hunspell-gl", "hunspell"],
            "plain:/usr/share/dict/galician-minimos",
        )
        .expand_options("--keep-accepted-by=gl_ES"),
    lang("gv", "Manx", "Gaelg", Script::Latin)
        .strip_marks()
        .dice("manx-designed-4x4")
        .vowels("aeiouy")
        .source(&["wmanx"], "plain:/usr/share/dict/manx:ISO-8859-1"),
    lang("bg", "Bulgarian", "български", Script::Cyrillic)
        .strip_marks_except("й")
        .dice("bulgarian-designed-4x4")
        .vowels("аъеиоуюя")
        .source(&["wbulgarian"], "plain:/usr/share/dict/bulgarian")
        .wordfreq("bg"),
    lang("uk", "Ukrainian", "українська", Script::Cyrillic)
        .strip_marks_except("йї")
        .dice("ukrainian-designed-4x4")
        .vowels("аеєиіїоуюя")
        .source(&["wukrainian"], "plain:/usr/share/dict/ukrainian")
        .wordfreq("uk"),
    lang("is", "Icelandic", "íslenska", Script::Latin)
        .dice("icelandic-designed-4x4")
        .vowels("aeiouyáéíóúýæö")
        .source(&["hunspell-is"], "hunspell:is_IS")
        .wordfreq("is"),
    lang("et", "Estonian", "eesti", Script::Latin)
        .dice("estonian-designed-4x4")
        .vowels("aeiouõäöü")
        .source(&["myspell-et"], "hunspell:et_EE"),
    lang("lv", "Latvian", "latviešu", Script::Latin)
        .dice("latvian-designed-4x4")
        .vowels("aeiouāēīū")
        .source(&["hunspell-lv"], "hunspell:lv_LV")
        .wordfreq("lv"),
    lang("lt", "Lithuanian", "lietuvių", Script::Latin)
        .dice("lithuanian-designed-4x4")
        .vowels("aeiouyąęėįųū")
        .source(&["hunspell-lt"], "hunspell:lt_LT")
        .wordfreq("lt"),
    lang("cs", "Czech", "čeština", Script::Latin)
        .dice("czech-designed-4x4")
        .vowels("aeiouyáéěíóúůý")
        .source(&["hunspell-cs"], "hunspell:cs_CZ")
        .wordfreq("cs"),
    lang("sk", "Slovak", "slovenčina", Script::Latin)
        .dice("slovak-designed-4x4")
        .vowels("aeiouyáäéíóôúý")
        .source(&["hunspell-sk"], "hunspell:sk_SK")
        .wordfreq("sk"),
    lang("sl", "Slovenian", "slovenščina", Script::Latin)
        .strip_marks_except("čšž")
        .dice("slovenian-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-sl"], "hunspell:sl_SI")
        .wordfreq("sl"),
    lang("hr", "Croatian", "hrvatski", Script::Latin)
        .strip_marks_except("čćđšž")
        .dice("croatian-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-hr"], "hunspell:hr_HR")
        .wordfreq("sh"),
    lang("bs", "Bosnian", "bosanski", Script::Latin)
        .strip_marks_except("čćđšž")
        .dice("bosnian-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-bs"], "hunspell:bs_BA")
        .wordfreq("sh"),
    lang("sr", "Serbian", "српски", Script::Cyrillic)
        .strip_marks()
        .dice("serbian-designed-4x4")
        .vowels("аеиоу")
        .source(&["hunspell-sr"], "hunspell:sr_RS"),
    lang("ru", "Russian", "русский", Script::Cyrillic)
        .strip_marks_except("й")
        .dice("russian-designed-4x4")
        .vowels("аеёиоуыэюя")
        .source(&["hunspell-ru"], "hunspell:ru_RU")
        .wordfreq("ru"),
    lang("be", "Belarusian", "беларуская", Script::Cyrillic)
        .strip_marks_except("йў")
        .dice("belarusian-designed-4x4")
        .vowels("аеёіоуыэюя")
        .source(&["hunspell-be"], "hunspell:be_BY"),
    lang("kk", "Kazakh", "қазақ тілі", Script::Cyrillic)
        .dice("kazakh-designed-4x4")
        .vowels("аәеиоөұүыіэюя")
        .source(&["hunspell-kk"], "hunspell:kk_KZ"),
    // The Debian list is in Cyrillic, so the name is too.
    lang("uz", "Uzbek", "ўзбекча", Script::Latin)
        .dice("uzbek-designed-4x4")
        .vowels("аеиоуўэюяё")
        .source(&["hunspell-uz"], "hunspell:uz_UZ"),
    lang("el", "Greek", "Ελληνικά", Script::Greek)
        .strip_marks()
        .dice("greek-designed-4x4")
        .vowels("αεηιουωάέήίόύώϊϋΐΰ")
        .source(&["hunspell-el"], "hunspell:el_GR")
        .wordfreq("el"),
    lang("tr", "Turkish", "Türkçe", Script::Latin)
        .turkic()
        .dice("turkish-designed-4x4")
        .vowels("aeıioöuü")
        .source(&["hunspell-tr"], "hunspell:tr_TR")
        .wordfreq("tr"),
    lang("ro", "Romanian", "română", Script::Latin)
        .strip_marks()
        .dice("romanian-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-ro"], "hunspell:ro_RO")
        .wordfreq("ro"),
    lang("ga", "Irish", "Gaeilge", Script::Latin)
        .strip_marks()
        .dice("irish-designed-4x4")
        .vowels("aeiou")
        .source(&["myspell-ga"], "hunspell:ga_IE"),
    lang("gd", "Scottish Gaelic", "Gàidhlig", Script::Latin)
        .strip_marks()
        .dice("gaelic-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-gd"], "hunspell:gd_GB"),
    lang("br", "Breton", "brezhoneg", Script::Latin)
        .strip_marks()
        .dice("breton-designed-4x4")
        .vowels("aeiouy")
        .source(&["hunspell-br"], "hunspell:br_FR"),
    lang("oc", "Occitan", "occitan", Script::Latin)
        .strip_marks_except("ç")
        .dice("occitan-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-oc"], "hunspell:oc_FR"),
    lang("af", "Afrikaans", "Afrikaans", Script::Latin)
        .strip_marks()
        .dice("afrikaans-designed-4x4")
        .vowels("aeiouy")
        .source(&["hunspell-af"], "hunspell:af_ZA"),
    lang("sq", "Albanian", "shqip", Script::Latin)
        .dice("albanian-designed-4x4")
        .vowels("aeiouyë")
        .source(&["myspell-sq"], "hunspell:sq_AL"),
    lang("id", "Indonesian", "Bahasa Indonesia", Script::Latin)
        .dice("indonesian-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-id"], "hunspell:id_ID")
        .wordfreq("id"),
    lang("tl", "Tagalog", "Tagalog", Script::Latin)
        .strip_marks_except("ñ")
        .dice("tagalog-designed-4x4")
        .vowels("aeiou")
        .source(&["myspell-tl"], "hunspell:tl")
        .wordfreq("fil"),
    lang("sw", "Swahili", "Kiswahili", Script::Latin)
        .dice("swahili-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-sw"], "hunspell:sw_TZ"),
    lang("hy", "Armenian", "հայերեն", Script::Armenian)
        .dice("armenian-designed-4x4")
        .vowels("աեէըիոօ")
        .source(&["myspell-hy"], "hunspell:hy_AM"),
    lang("hu", "Hungarian", "magyar", Script::Latin)
        .dice("hungarian-designed-4x4")
        .vowels("aáeéiíoóöőuúüű")
        .source(&["hunspell-hu"], "hunspell:hu_HU")
        .max_form_len(10)
        .wordfreq("hu"),
    lang("eu", "Basque", "euskara", Script::Latin)
        .strip_marks_except("ñ")
        .dice("basque-designed-4x4")
        .vowels("aeiou")
        .source(&["hunspell-eu"], "hunspell:eu")
        .max_form_len(12),
    lang("mn", "Mongolian", "монгол", Script::Cyrillic)
        .dice("mongolian-designed-4x4")
        .vowels("аеёиоөуүыэюя")
        .source(&["hunspell-mn"], "hunspell:mn_MN")
        .max_form_len(14),
    // Korean's game list: the nouns of hunspell-ko (stems taking the subject particle
    // 이/가), as word chains (끝말잇기) count words; no verb ending (었, 셨, 겠) makes a
    // word (docs/game-lists.md). `ko-full` is every form hunspell-ko accepts.
    lang("ko", "Korean", "한국어", Script::Hangul)
        .syllables()
        .dice("korean-designed-4x4")
        .source(&["hunspell-ko"], "hunspell:ko")
        .keep_proper_nouns()
        .fold(Fold::KoreanSyllables)
        .expand_options("--leave-out=korean-nouns")
        .wordfreq("ko"),
    lang("ko-full", "Korean (every form)", "한국어", Script::Hangul)
        .syllables()
        .full_of("ko")
        .source(&["hunspell-ko"], "hunspell:ko")
        .keep_proper_nouns()
        .fold(Fold::KoreanSyllables)
        .max_form_len(6)
        .wordfreq("ko"),
    lang("cy", "Welsh", "Cymraeg", Script::Latin)
        .strip_marks()
        .dice("welsh-designed-4x4")
        .vowels("aeiouwy")
        .source(&["aspell", "aspell-cy"], "aspell:cy"),
    lang("he", "Hebrew", "עברית", Script::Hebrew)
        .rtl()
        .dice("hebrew-designed-4x4")
        .vowels("אהוי")
        .source(&["hunspell-he", "hspell"], "hunspell:he_IL")
        .keep_proper_nouns()
        .fold(Fold::HebrewFinalLetters)
        .expand_options("--leave-out=hspell-clitics")
        .wordfreq("he"),
    lang("he-full", "Hebrew (every form)", "עברית", Script::Hebrew)
        .rtl()
        .full_of("he")
        .source(&["hunspell-he"], "hunspell:he_IL")
        .keep_proper_nouns()
        .fold(Fold::HebrewFinalLetters)
        .wordfreq("he"),
    lang("ar", "Arabic", "العربية", Script::Arabic)
        .rtl()
        .dice("arabic-designed-4x4")
        .vowels("اوي")
        .source(&["hunspell-ar"], "hunspell:ar")
        .keep_proper_nouns()
        .fold(Fold::ArabicMarks)
        .expand_options("--leave-out=ayaspell-clitics")
        .wordfreq("ar"),
    lang("ar-full", "Arabic (every form)", "العربية", Script::Arabic)
        .rtl()
        .full_of("ar")
        .source(&["hunspell-ar"], "hunspell:ar")
        .keep_proper_nouns()
        .fold(Fold::ArabicMarks)
        .wordfreq("ar"),
    lang("fa", "Persian", "فارسی", Script::Arabic)
        .rtl()
        .dice("persian-designed-4x4")
        .vowels("اآوی")
        .source(&["myspell-fa"], "hunspell:fa_IR")
        .keep_proper_nouns()
        .fold(Fold::PersianZwnj)
        .wordfreq("fa"),
    lang("hi", "Hindi", "हिन्दी", Script::Devanagari)
        .syllables()
        .dice("hindi-designed-4x4")
        .vowels("अआइईउऊऋएऐओऔ")
        .source(
            &["apertium-hin", "lttoolbox-dev"],
            "apertium:/usr/share/apertium/apertium-hin/apertium-hin.hin.dix",
        )
        .keep_proper_nouns()
        .wordfreq("hi"),
    lang("mr", "Marathi", "मराठी", Script::Devanagari)
        .syllables()
        .dice("marathi-designed-4x4")
        .vowels("अआइईउऊऋएऐओऔ")
        .source(&["aspell", "aspell-mr"], "aspell:mr")
        .keep_proper_nouns(),
    lang("ne", "Nepali", "नेपाली", Script::Devanagari)
        .syllables()
        .dice("nepali-designed-4x4")
        .vowels("अआइईउऊऋएऐओऔ")
        .source(&["hunspell-ne"], "hunspell:ne_NP")
        .keep_proper_nouns(),
    lang("bn", "Bengali", "বাংলা", Script::Bengali)
        .syllables()
        .dice("bengali-designed-4x4")
        .vowels("অআইঈউঊঋএঐওঔ")
        .source(&["hunspell-bn"], "hunspell:bn_BD")
        .keep_proper_nouns()
        .wordfreq("bn"),
    lang("gu", "Gujarati", "ગુજરાતી", Script::Gujarati)
        .syllables()
        .dice("gujarati-designed-4x4")
        .vowels("અઆઇઈઉઊઋએઐઓઔ")
        .source(&["hunspell-gu"], "hunspell:gu_IN")
        .keep_proper_nouns(),
    lang("te", "Telugu", "తెలుగు", Script::Telugu)
        .syllables()
        .dice("telugu-designed-4x4")
        .vowels("అఆఇఈఉఊఋఎఏఐఒఓఔ")
        .source(&["hunspell-te"], "hunspell:te_IN")
        .keep_proper_nouns(),
    lang("ml", "Malayalam", "മലയാളം", Script::Malayalam)
        .syllables()
        .dice("malayalam-designed-4x4")
        .vowels("അആഇഈഉഊഋഎഏഐഒഓഔ")
        .source(&["hunspell-ml"], "hunspell:ml_IN")
        .keep_proper_nouns(),
    lang("ta", "Tamil", "தமிழ்", Script::Tamil)
        .syllables()
        .dice("tamil-designed-4x4")
        .vowels("அஆஇஈஉஊஎஏஐஒஓஔ")
        .source(&["aspell", "aspell-ta"], "aspell:ta")
        .keep_proper_nouns()
        .wordfreq("ta"),
    lang("si", "Sinhala", "සිංහල", Script::Sinhala)
        .syllables()
        .dice("sinhala-designed-4x4")
        .vowels("අආඇඈඉඊඋඌඑඒඓඔඕඖ")
        .source(&["hunspell-si"], "hunspell:si_LK")
        .keep_proper_nouns(),
    lang("th", "Thai", "ไทย", Script::Thai)
        .dice("thai-designed-4x4")
        .source(&["hunspell-th"], "hunspell:th_TH")
        .keep_proper_nouns(),
    lang("ka", "Georgian", "ქართული", Script::Georgian)
        .dice("georgian-designed-4x4")
        .vowels("აეიოუ")
        .source(&["npm"], "npm:dictionary-ka@1.1.0")
        .keep_proper_nouns(),
    lang("mk", "Macedonian", "македонски", Script::Cyrillic)
        .strip_marks_except("ѓќ")
        .dice("macedonian-designed-4x4")
        .vowels("аеиоу")
        .source(&["npm"], "npm:dictionary-mk@2.0.0")
        .wordfreq("mk"),
    // A preset and dice, no list: Debian has none (docs/languages.md).
    lang("fi", "Finnish", "suomi", Script::Latin)
        .dice("finnish-boggler-4x4-unverified")
        .vowels("aeiouyäö"),
    lang("az", "Azerbaijani", "azərbaycanca", Script::Latin).turkic(),
];
