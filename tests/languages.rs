//! Boards in many languages and scripts, solved through the real binary with a word
//! list and a language preset; the expected words come from the brute-force reference.

use std::collections::BTreeSet;

use crate::common::{bad, json, ok, reference, repo};
use polyboggle::{Board, Profile, Rules};

struct Case {
    lang: &'static str,
    board: &'static str,
    words: &'static str,
    /// Words that must be among those found (as the binary prints them).
    must: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        lang: "es",
        board: "LL A M A/CH O Ñ O/RR E S T/C A N C",
        words:
            "llama llamo año niño caña cañas choro chorro perro cama amo ama ñoño Canción RES res",
        must: &["LLAMA", "AÑO"],
    },
    Case {
        lang: "it",
        board: "Qu A D R/E R O T/C I T À/P E S O",
        words: "quadro città CITTA peso pesò tre torre otre dorata arte perché",
        must: &["QUADRO", "CITTA"],
    },
    Case {
        lang: "de",
        board: "SCH Ö N E/T R A ß/U L E N/B Ä R S",
        words: "schön schöne Straße STRASSE bär bären Bären rasen nase schon",
        must: &["SCHÖNE", "BÄREN"],
    },
    Case {
        lang: "fr",
        board: "É T É S/C O L E/F Ê T E/R I Z A",
        words: "été étés école fête fêtes côte tel elle riz",
        must: &["ECOLE", "FETE"],
    },
    Case {
        lang: "hi",
        board: "क्ष मा न/ह र म/क म ल",
        words: "क्षमा कमल नमक हरा मान हम रमा मानक",
        must: &["क्षमा", "कमल"],
    },
    Case {
        lang: "el",
        board: "Ο Δ Ό Σ/Ν Ε Α Π/Λ Ι Μ Ε/Κ Α Ρ Ι",
        words: "οδός ΟΔΟΣ νέα λίμνη καρέ μέλι νεα λιμάνι",
        must: &["ΟΔΟΣ", "ΜΕΛΙ"],
    },
    Case {
        lang: "tr",
        board: "İ S T A/K I Z N/B U L L/A R S Ş",
        words: "kız KIZ istanbul ista bulur sırt ılık kızıl sis",
        must: &["KIZ", "İSTA"],
    },
    Case {
        lang: "ru",
        board: "М И Р Ё/Л О Ж К/С Т А Й/Е Н О Р",
        words: "мир ёлка елка край стол сто нос рой Мир",
        must: &["МИР", "СТОЛ"],
    },
    Case {
        lang: "he",
        board: "ש ל ו ם/ב י ת ר/ס פ ר א/מ ל ך ה",
        words: "שלום בית ספר מלך ילד תפר",
        must: &["שלום", "ספר"],
    },
    Case {
        lang: "pl",
        board: "Ż Ó Ł W/A B C Ę/K O T Ś/Ń I E Ć",
        words: "żółw zolw kot kotek cień być",
        must: &["ŻÓŁW", "KOT"],
    },
    // One board for each language dictionaries/build-languages.sh builds, rolled from a
    // set of its faces (digraph faces where it plays them) and solved with its list;
    // the words are from that list: some the board holds, two it does not.
    Case {
        lang: "ca",
        board: "A G A U/U NY A E/E M L A/R O I M",
        words: "malaguenya malagueny maganyau maganyeu alam remoli game ore argilarà alullés",
        must: &["MALAGUENYA", "MALAGUENY"],
    },
    Case {
        lang: "en",
        board: "S U I P/U R S E/S D D S/T O R G",
        words: "pissed dried dries drips sirs pied used sod besides buts",
        must: &["PISSED", "DRIED"],
    },
    Case {
        lang: "pt",
        board: "E P E L/P R E A/A D D A/R M I N",
        words: "padreada reanimar arpeada mareada areai minada lepra mina anatas laveis",
        must: &["PADREADA", "REANIMAR"],
    },
    Case {
        lang: "nl",
        board: "N P N M/P IJ N E/E L L E/S T I K",
        words: "ellepijp lijnmeel ijlste lijnen pets kenen ets lijp gewaakt oxideert",
        must: &["ELLEPIJP", "LIJNMEEL"],
    },
    Case {
        lang: "da",
        board: "N P N M/P I N E/E O O E/T L I K",
        words: "kolonne ikonen kiloet koloni pote ilet lok kolon bohemers besvime",
        must: &["KOLONNE", "IKONEN"],
    },
    Case {
        lang: "no",
        board: "N P N F/M T N E/E K K E/A L T D",
        words: "alkenet enkelte kalkene lakkene akke dekka fekk enkelt baksmell hesheten",
        must: &["ALKENET", "ENKELTE"],
    },
    Case {
        lang: "sv",
        board: "E V N U/V T E A/E G G E/T L S O",
        words: "envetet seglet teglet agent slet aggs ego tegel bedömts moderliv",
        must: &["ENVETET", "SEGLET"],
    },
    Case {
        lang: "fo",
        board: "R H I V/Ð L R A/R E E R/T G S D",
        words: "ergeril reserva livrar serari vari erra ger hivar litfilmi smáfugli",
        must: &["ERGERIL", "RESERVA"],
    },
    Case {
        lang: "eo",
        board: "N U I M/U T N A/A S S N/T R O G",
        words: "starostinan starostina mastaron tronanta sorta amita trona sona amikos frajtade",
        must: &["STAROSTINAN", "STAROSTINA"],
    },
    Case {
        lang: "gl",
        board: "E B E U/U I E A/A C C A/I D S L",
        words: "acaecida acibucai acaecia acibuca laca dicia cea alcei alega adevesou",
        must: &["ACAECIDA", "ACIBUCAI"],
    },
    Case {
        lang: "gv",
        board: "E D H C/D I E A/A S O E/L N R S",
        words: "chioee ornaid ronsee sonaid noid seose rose eie speekeen loauys",
        must: &["CHIOEE", "ORNAID"],
    },
    Case {
        lang: "bg",
        board: "Е Ъ И М/Ъ Р Е А/А Д Д Е/В Н Р К",
        words: "надрема надреми медари наддам дари кедри едва вар зубриха бръсван",
        must: &["НАДРЕМА", "НАДРЕМИ"],
    },
    Case {
        lang: "uk",
        board: "И Я В П/Ь Т И А/О К К О/І Л С Г",
        words: "клотика ліктика осколка осколки вити котик кіло кия вантовою альтами",
        must: &["КЛОТИКА", "ЛІКТИКА"],
    },
    Case {
        lang: "is",
        board: "N O R H/J L N A/N F F N/U E L M",
        words: "efann elfan elfar elnar efa elfu fel nefna eiðinn klárust",
        must: &["EFANN", "ELFAN"],
    },
    Case {
        lang: "et",
        board: "A D A R/R T A I/I N N A/T K S M",
        words: "airaaniks airaanita narinaski aariaski raana manada anna mannata alamusi",
        must: &["AIRAANIKS", "AIRAANITA"],
    },
    Case {
        lang: "lv",
        board: "I L Ā D/L K I A/I T R I/M O J T",
        words: "mililitra mililitri tritikāli mililitr ritmi dilli aidā riti apdzītus apknābāt",
        must: &["MILILITRA", "MILILITRI"],
    },
    Case {
        lang: "lt",
        board: "A L A K/L N A I/I R R A/O U N J",
        words: "kanalai karinai niurnai rarinai alio karna kana nuo apdedu",
        must: &["KANALAI", "KARINAI"],
    },
    Case {
        lang: "cs",
        board: "O C E P/Z CH E N/O Í Á O/M S T B",
        words: "oceánech smícháno mícháno smozích ceno nechá osít cepech formulko azonálně",
        must: &["OCEÁNECH", "SMÍCHÁNO"],
    },
    Case {
        lang: "sk",
        board: "N Á O P/Z M N E/N U U N/R V J Š",
        words: "neumná penám rumun runom znám open mne zná bdelou bité",
        must: &["NEUMNÁ", "PENÁM"],
    },
    Case {
        lang: "sl",
        board: "I U A G/P M I E/I L L I/R T O V",
        words: "milivolti milivolt plovili votlega oliv pilil tipu mililo branžah kavbojev",
        must: &["MILIVOLTI", "MILIVOLT"],
    },
    Case {
        lang: "hr",
        board: "I G O D/G LJ I A/I P P I/K S N U",
        words: "piljio spilji spiljo upilji spao pipin god odapni aseptike baršuna",
        must: &["PILJIO", "SPILJI"],
    },
    Case {
        lang: "bs",
        board: "I Z E D/G LJ I A/I K J I/T P N L",
        words: "delji pilje pilji knjizi ade tipki ide gipki hladila čukama",
        must: &["DELJI", "PILJE"],
    },
    Case {
        lang: "be",
        board: "А Ч Н П/Ч Ы Н А/А Я Я А/І М С Б",
        words: "абсмяяна абсмяяны асмяяны басмача мяса банан сямі басмач маўзеру зарыкаць",
        must: &["АБСМЯЯНА", "АБСМЯЯНЫ"],
    },
    Case {
        lang: "kk",
        board: "Ы Қ Р Ш/Қ Л Ы А/А Ң Ң Ы/Н М Д Б",
        words: "қалқыңдың малыңдың шыламдың қалыңдың маңың шарқың шылқы ықың атқыңыз жайсызға",
        must: &["ҚАЛҚЫҢДЫҢ", "МАЛЫҢДЫҢ"],
    },
    Case {
        lang: "uz",
        board: "А Қ А У/Ш Р А И/И Д Д И/К М Н С",
        words: "дардимни қаршимда қарадик қарашда кира синди қара дарди ғурурли мақсад",
        must: &["ДАРДИМНИ", "ҚАРШИМДА"],
    },
    Case {
        lang: "ro",
        board: "I D I S/B T I A/A U U I/L N R C",
        words: "banuitul bauturii ciuruiai ciuruisi aluri uit batuci buriu bazată anostie",
        must: &["BANUITUL", "BAUTURII"],
    },
    Case {
        lang: "ga",
        board: "I G I S/S R I A/A D D I/C O N L",
        words: "ardaigi cardail codaigi condair ndis ndail ard iaidin chan phaitín",
        must: &["ARDAIGI", "CARDAIL"],
    },
    Case {
        lang: "gd",
        board: "A M A S/S E A I/I B B I/N C E D",
        words: "maibein seamaid amaide asaide seas baid ais asaid cearbain beanachd",
        must: &["MAIBEIN", "SEAMAID"],
    },
    Case {
        lang: "br",
        board: "A Z I M/Z CH A E/E B S A/D T O G",
        words: "chasei dechas sached sachet zaeas bostez gaei sachi diroñjer balegor",
        must: &["CHASEI", "DECHAS"],
    },
    Case {
        lang: "oc",
        board: "E G E U/B I E A/A D D A/I T R L",
        words: "dardege dardegi lardege lardegi edat edita lard ideada aisaràs cossonan",
        must: &["DARDEGE", "DARDEGI"],
    },
    Case {
        lang: "af",
        board: "R M R P/B N R E/E D T E/O G I D",
        words: "gedierte bedreig eetgoed begiet prei tiere tred degie buitgoed doureën",
        must: &["GEDIERTE", "BEDREIG"],
    },
    Case {
        lang: "sq",
        board: "E C I V/B GJ I A/E P P E/Ë M T S",
        words: "gjemë gjepi gjips vigje spic cipe vape spi blindomë hirësoni",
        must: &["GJEMË", "GJEPI"],
    },
    Case {
        lang: "id",
        board: "A Y N T/Y M N A/A R R A/M H K G",
        words: "karatnya aranya gantar granat amar kanya arya tara sukatan branwir",
        must: &["KARATNYA", "ARANYA"],
    },
    Case {
        lang: "tl",
        board: "A D A Ng/B L A A/A S O A/P G K S",
        words: "pagsalang pagsalo labada palaso alok labag laang kaso dinagdag hanay",
        must: &["PAGSALANG", "PAGSALO"],
    },
    Case {
        lang: "sw",
        board: "A Y I D/G N A A/A L L A/E M K S",
        words: "amelala analala manyala yanadai mlale salala alaa yale apatane sumbuo",
        must: &["AMELALA", "ANALALA"],
    },
    Case {
        lang: "hy",
        board: "Ո Զ Ո Տ/Գ Ւ Ո Ա/Ա Ծ Ծ Ո/Ւ Ի Ր Ղ",
        words: "տածուածի ածուածի ատուածի գզուածի գուա ծուած ծուծ ատուած ալանալիի ախտագնիս",
        must: &["ՏԱԾՈՒԱԾԻ", "ԱԾՈՒԱԾԻ"],
    },
    Case {
        lang: "cy",
        board: "E H I T/Dd S I A/E G G E/D O R L",
        words: "gogleised gogleisia gogleisit gogleisi gogit tisia gael geisit cannit seiliech",
        must: &["GOGLEISED", "GOGLEISIA"],
    },
    Case {
        lang: "fa",
        board: "ی آ ی ف/ل ر ی ا/ا و ش ا/ه د ت و",
        words: "آرشیوها داریوشت دشواریی فیودالی داور رودها رویا رشت عمودمان نصاب",
        must: &["آرشیوها", "داریوشت"],
    },
    Case {
        lang: "ar",
        board: "ي س ت د/س م ي ا/ي ب ب ي/و ك ن ف",
        words: "فبمبنياتي فبمتداينك فبمسيبيكن فبمسيستيي ويكببا بكبيين داينك سيبي أولذويه وللحائي",
        must: &["فبمبنياتي", "فبمتداينك"],
    },
    Case {
        lang: "mr",
        board: "ती मा हि र/ना च्या र त/ही व ल द/री ई खा सा",
        words: "च्यावरहि तीच्यावर खालच्या खालसा नावही तरल नाहीच्या वरच्या उगाच हुडकू",
        must: &["च्यावरहि", "तीच्यावर"],
    },
    Case {
        lang: "ne",
        board: "ह र को म/यो कु ह न/ए द्वा दि का/गै छौ इँ नु",
        words: "कुदिनका कुदिनको नहरको रहनका मनका कुरको महका हरको उम्टाई ताछिइनेछ",
        must: &["कुदिनका", "कुदिनको"],
    },
    Case {
        lang: "bn",
        board: "বি কা রি হা/ক লা য় টা/ত মু তে ম/ল গা খা ত",
        words: "কালামুখা তলাতেম ককাবি ককায় বিকায় তলাতে তলায় মুতল ঈর্ষা এয়োতী",
        must: &["কালামুখা", "তলাতেম"],
    },
    Case {
        lang: "gu",
        board: "શ ધા પ વ/રી રો ક ર/હા ખ વા યો/અ વા ળ ની",
        words: "કરવાની રોકવાની રોખવાની વરવાની કવાર કપરો રવાયો વાખરો અસત્ય વજનનાં",
        must: &["કરવાની", "રોકવાની"],
    },
    Case {
        lang: "te",
        board: "ని ము కా చు/బ ల సా సు/అ వ గా ట/కొ లు కు చే",
        words: "అలుకుట కాలవకు కాలవగా నిలవగా కాముని అలవ కాలము అబల పూసినారు తెగనీలుగ",
        must: &["అలుకుట", "కాలవకు"],
    },
    Case {
        lang: "ta",
        board: "தி ல நி ர்/த வ வு மி/க் ப ர ன்/றி க போ து",
        words: "பறிக்க வதக்க தக்க துரவு பரவ நிலவ பரவு வரவு அலைக்கழி ஆரவாரம்",
        must: &["பறிக்க", "வதக்க"],
    },
    Case {
        lang: "si",
        board: "තා ම් දී න්/ප න ග ට/තු හ න් ක/දු ස ම නි",
        words: "ගන්නම් ගම්පහ ගහන්ට ගහන්න ගනන් මහන්න ගන්න පහම ආයතනයකටය විස්ඩන්",
        must: &["ගන්නම්", "ගම්පහ"],
    },
    Case {
        lang: "th",
        board: "ศ ล น า/นิ พ า า/ไ ม อ ถ/ก อ ริ ส",
        words: "ลาออก ออกมา พลาม มนิลา พาม ถาน มาน ลามก ขนานนาม หงส์",
        must: &["ลาออก", "ออกมา"],
    },
    // The four whose Hunspell forms are bounded by length (Hungarian 10 letters, Basque
    // 12, Mongolian 14, Korean 6 syllables): Hungarian on digraph faces, Korean on
    // syllable blocks.
    Case {
        lang: "hu",
        board: "Á L N CS/G Ö Á T/SZ Ű K NY/I GY A TY",
        words: "szűköl löncs igyak lányka szög ács nyakát kösz gyerek cseresznye",
        must: &["SZŰKÖL", "LÖNCS", "IGYAK", "LÁNYKA"],
    },
    Case {
        lang: "eu",
        board: "M T E N/N I N T/E R E P/O K K O",
        words: "korneteko poker entero tintek nireko poeten tenpek etxe mendi",
        must: &["KORNETEKO", "POKER"],
    },
    Case {
        lang: "mn",
        board: "Ж Т Э Х/Х Д У Т/Э О Э Ч/Г Н У А",
        words: "хэдхэн гэнэт тэнэг нэг тэд худ донг гэр ном",
        must: &["ХЭДХЭН", "ГЭНЭТ"],
    },
    Case {
        lang: "ko",
        board: "함 선 였 데/든 거 던 서/는 면 시 조/이 니 다 기",
        words: "선거 다니면 선거였던데 거시기 시조 함선 다시 이면 학교 사랑",
        must: &["선거", "다니면", "선거였던데"],
    },
    Case {
        lang: "sr",
        board: "Р Л И К/О М Н Р/А В П А/Н И У У",
        words: "овипарнима овипарним крпанима миловани напувамо напувани ува уви уво упи кућа",
        must: &["ОВИПАРНИМА", "ОВИПАРНИМ"],
    },
    Case {
        lang: "ka",
        board: "ი ო მ ი/ლ მ ი რ/ი გ ს ა/კ ა ქ უ",
        words: "არმიისა მიმიკას მოისარი არმიის გმირსა ილიასა ქარ ქსი ქსუ ქუა თბილისი",
        must: &["არმიისა", "მიმიკას"],
    },
    Case {
        lang: "mk",
        board: "С Р Е Л/Н О И Р/И А И Њ/Е А П Т",
        words: "леириа пирели аирон елион ериан инаит тио тип тир тпа ќерка",
        must: &["ЛЕИРИА", "ПИРЕЛИ"],
    },
];

#[test]
fn every_language_matches_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let mut scripts = BTreeSet::new();
    for case in CASES {
        let list = dir.path().join(format!("{}.txt", case.lang));
        std::fs::write(&list, case.words.replace(' ', "\n")).unwrap();
        // Two letters count: Hindi words are short in grapheme clusters.
        let out = ok(&[
            "solve",
            case.board,
            "--dict",
            list.to_str().unwrap(),
            "--lang",
            case.lang,
            "--min-len",
            "2",
            "--format",
            "json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let found: BTreeSet<String> = v["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["word"].as_str().unwrap().to_string())
            .collect();

        let profile = Profile::for_language(case.lang).unwrap();
        let board: Board = case.board.parse().unwrap();
        let words: Vec<String> = case.words.split(' ').map(String::from).collect();
        let expected: BTreeSet<String> = reference(
            &board,
            &words,
            &profile,
            &Rules {
                min_len: 2,
                ..Rules::hasbro()
            },
        )
        .iter()
        .map(|k| profile.display(k))
        .collect();
        assert_eq!(found, expected, "{}", case.lang);
        for word in case.must {
            assert!(
                found.contains(*word),
                "{}: {word} not found in {found:?}",
                case.lang
            );
        }
        scripts.insert(case.board.chars().find(|c| c.is_alphabetic()).map(script));
    }
    assert!(scripts.len() >= 14, "{scripts:?}");
}

fn script(c: char) -> &'static str {
    match c as u32 {
        0x0370..=0x03FF => "Greek",
        0x0400..=0x04FF => "Cyrillic",
        0x0590..=0x05FF => "Hebrew",
        0x0530..=0x058F => "Armenian",
        0x0600..=0x06FF => "Arabic",
        0x0900..=0x097F => "Devanagari",
        0x0980..=0x09FF => "Bengali",
        0x0A80..=0x0AFF => "Gujarati",
        0x0C00..=0x0C7F => "Telugu",
        0x0D00..=0x0D7F => "Malayalam",
        0x0B80..=0x0BFF => "Tamil",
        0x0D80..=0x0DFF => "Sinhala",
        0x0E00..=0x0E7F => "Thai",
        0xAC00..=0xD7A3 => "Hangul",
        _ => "Latin",
    }
}

#[test]
fn turkish_display_and_profile_in_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("tr.txt");
    std::fs::write(&list, "istanbul ılık İSTANBUL").unwrap();
    let pbd = dir.path().join("tr.pbd");
    ok(&[
        "compile",
        list.to_str().unwrap(),
        "-o",
        pbd.to_str().unwrap(),
        "--lang",
        "tr",
    ]);
    let info = ok(&["dict", "info", pbd.to_str().unwrap()]);
    assert!(info.contains("Turkic casing"), "{info}");
    assert!(info.contains("language tr"), "{info}");
    assert!(info.contains("words:          2"), "{info}");
    let out = ok(&["solve", "I L/I K", "--dict", pbd.to_str().unwrap()]);
    assert!(out.contains("ILIK") || out.contains("0 words"), "{out}");
    let out = ok(&["solve", "ı l/ı k", "--dict", pbd.to_str().unwrap()]);
    assert!(out.contains("  1  ILIK"), "{out}");
}

#[test]
fn dice_sets_roll_reproducibly_and_check() {
    let list = ok(&["roll", "--list"]);
    // Every file of dice-sets/ is built in.
    let files = std::fs::read_dir(repo("dice-sets")).unwrap().count();
    assert_eq!(list.lines().count(), files);
    assert!(files >= 85, "{files}");
    assert!(list
        .lines()
        .any(|l| l.starts_with("italian-paroliere-4x4\t4x4")));
    for set in list.lines().map(|l| l.split('\t').next().unwrap()) {
        let a = ok(&["roll", set, "--seed", "11", "--format", "json"]);
        assert_eq!(
            a,
            ok(&["roll", set, "--seed", "11", "--format", "json"]),
            "{set}"
        );
        let v: serde_json::Value = serde_json::from_str(&a).unwrap();
        let rows: Vec<String> = v["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r.as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert!(
            ok(&["dice", "check", set, &rows.join("/")]).starts_with("yes"),
            "{set}"
        );
    }
    let text = ok(&["roll", "english-new-4x4", "--seed", "1"]);
    assert_eq!(text, "B X E S\nU N C A\nE N T H\nT T I S\n");
    let small = ok(&[
        "roll",
        "english-big-original-5x5",
        "--seed",
        "3",
        "--size",
        "3x3",
    ]);
    assert_eq!(small.lines().count(), 3);
    let solved = ok(&["solve", "--roll", "english-new-4x4", "--seed", "1"]);
    assert!(solved.starts_with("B X E S\n"), "{solved}");
}

/// `dice check --format json` answers "cannot roll" as data (exit 0), so that a script
/// tells it from bad input (exit 2).
#[test]
fn dice_check_answers_in_json() {
    let rolled = json(&[
        "dice",
        "check",
        "english-new-4x4",
        "ATEE/APYO/TINU/EDSE",
        "--format",
        "json",
    ]);
    assert_eq!(rolled["can_roll"], true, "{rolled}");
    assert_eq!(rolled["set"], "english-new-4x4");
    assert_eq!(rolled["uncovered"].as_array().unwrap().len(), 0);
    let refused = json(&[
        "dice",
        "check",
        "english-new-4x4",
        "Qu A/B ZZ",
        "--format",
        "json",
    ]);
    assert_eq!(refused["can_roll"], false, "{refused}");
    assert_eq!(
        (refused["rows"].as_u64(), refused["cols"].as_u64()),
        (Some(2), Some(2))
    );
    let uncovered = refused["uncovered"].as_array().unwrap();
    assert_eq!(uncovered.len(), 1, "{refused}");
    assert_eq!(uncovered[0]["face"], "ZZ");
    assert_eq!(
        (uncovered[0]["row"].as_u64(), uncovered[0]["col"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(uncovered[0]["reason"], "no die shows this face");
    let too_few = json(&[
        "dice",
        "check",
        "english-new-4x4",
        "ZZZZ/ZZZZ/ZZZZ/ZZZZ",
        "--format",
        "json",
    ]);
    assert_eq!(
        too_few["uncovered"][0]["reason"],
        "too few dice show this face"
    );
    // Bad input is still exit 2 with one line, JSON or not.
    let unknown = bad(&["dice", "check", "klingon-4x4", "ABCD", "--format", "json"]);
    assert!(
        unknown.contains("unknown dice set 'klingon-4x4'"),
        "{unknown}"
    );
    let board = bad(&[
        "dice",
        "check",
        "english-new-4x4",
        "AB/C",
        "--format",
        "json",
    ]);
    assert!(!board.is_empty());
}

#[test]
fn bad_dice_are_refused_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let ragged = write("ragged.txt", "# name: r\n# grid: 1x2\nA B C\nD E\n");
    assert!(bad(&["roll", &ragged]).contains("line 4: ragged die"));
    let empty = write("empty.txt", "# name: e\n# grid: 1x2\nA  B\nC D\n");
    assert!(bad(&["roll", &empty]).contains("line 3: empty face"));
    assert!(bad(&["roll", "klingon-4x4"]).contains("unknown dice set 'klingon-4x4'"));
    assert!(bad(&["roll", "english-new-4x4", "--size", "5x5"]).contains("needs 25 dice"));
    assert!(bad(&["roll", "english-new-4x4", "--size", "big"]).contains("bad grid size"));
    assert!(
        bad(&["dice", "check", "english-new-4x4", "ZZZZ/ZZZZ/ZZZZ/ZZZZ"])
            .contains("(0,1) Z: too few dice show this face")
    );
    let custom = write(
        "mine.txt",
        "# name: mine\n# grid: 2x2\nक्ष मा\nन ह\nर म\nक ल\n",
    );
    let rolled = ok(&[
        "solve", "--roll", "mine", "--dice", &custom, "--seed", "5", "--format", "json",
    ]);
    assert!(rolled.contains("\"rows\":2"), "{rolled}");
}

#[test]
fn derive_designs_a_playable_set() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("es.txt");
    std::fs::write(
        &list,
        "chico llama calle perro carro casa mesa niño año queso chorro",
    )
    .unwrap();
    let out = dir.path().join("es-derived.txt");
    ok(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "--dice",
        "16",
        "--faces",
        "6",
        "--units",
        "CH,LL,RR,QU",
        "--lang",
        "es",
        "-o",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("# name: es-derived\n# grid: 4x4\n"),
        "{text}"
    );
    assert!(
        text.contains("Ch") && text.contains("Ll") && text.contains("Rr") && text.contains("Ñ"),
        "{text}"
    );
    let board = ok(&["roll", out.to_str().unwrap(), "--seed", "2"]);
    assert_eq!(board.lines().count(), 4);
    assert!(bad(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "--dice",
        "15",
        "-o",
        out.to_str().unwrap()
    ])
    .contains("square"));
    // A name is one line of the set's file, whether given or taken from the file name.
    let named = bad(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "--name",
        "two\nlines",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(named.contains("--name \"two\\nlines\""), "{named}");
    let odd = dir.path().join("two\nlines.txt");
    let from_file = bad(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "-o",
        odd.to_str().unwrap(),
    ]);
    assert!(
        from_file.contains("named after the file") && from_file.contains("--name"),
        "{from_file}"
    );
    assert!(!odd.exists());
}

#[test]
fn georgian_dice_show_mkhedruli_as_georgian_is_written() {
    // Mtavruli (U+1C90..U+1CBF) is an all-capitals style; dice and boards show the
    // letters as Georgian is written.
    let board = ok(&["roll", "georgian-designed-4x4", "--seed", "5"]);
    assert!(
        board
            .chars()
            .any(|c| ('\u{10D0}'..='\u{10FF}').contains(&c)),
        "{board}"
    );
    assert!(
        !board
            .chars()
            .any(|c| ('\u{1C90}'..='\u{1CBF}').contains(&c)),
        "{board}"
    );
}
