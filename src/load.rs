//! What the commands read, checked the same way everywhere: normalization profiles,
//! rules, thread counts and time limits, dictionaries, dice sets, boards and input
//! files, and the scorer `--backend` asks for. Each refusal is a [`Failure`] naming the
//! flag or the input.

use std::path::{Path, PathBuf};
use std::time::Duration;

#[cfg(not(feature = "gpu"))]
use polyboggle::backend::Backend;
use polyboggle::backend::Chosen;
use polyboggle::files::{self, ReadError, ReadFault};
use polyboggle::lexicon::{self, Header, LazyLexicon, Lexicon, Lookup};
use polyboggle::tiers::{TierRange, Tiers};
use polyboggle::{normalize, spec, Board, Profile, Rules};
use polyboggle_dice::DiceSet;
use polyboggle_languages::{self as languages, DICE, DICTIONARY};
use polyboggle_optimize::{self as optimize, Space};
use polyboggle_play::level::Level;

use polyboggle_hunspell::{ExpandOptions, HunspellDictionary};

use crate::args::{
    BackendArg, DictArgs, HunspellArgs, LevelArg, ProfileArgs, RulesArgs, SpaceArgs,
};
use crate::Failure;

pub fn profile(args: &ProfileArgs) -> Result<Profile, Failure> {
    Ok(args.spec().profile()?)
}

pub fn rules(args: &RulesArgs) -> Result<Rules, Failure> {
    Ok(args.spec().rules()?)
}

/// Is `path` a Hunspell dictionary (a `.dic`, read with its `.aff`)?
pub fn is_dic(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("dic"))
}

/// The Hunspell dictionary `dic`, its affix file `--aff` or the `.aff` beside it,
/// opened (both read and checked) for expansion as the flags ask.
pub fn open_hunspell(dic: &Path, args: &HunspellArgs) -> Result<HunspellDictionary, Failure> {
    let aff = args
        .aff
        .clone()
        .unwrap_or_else(|| dic.with_extension("aff"));
    let options = ExpandOptions::for_compile(args.compounds, args.max_form_len)?;
    for (path, what) in [(dic, ".dic"), (aff.as_path(), ".aff")] {
        if !path.is_file() {
            files::open(path)?;
            return Err(Failure::input(format!(
                "{}: not a {what} file",
                path.display()
            )));
        }
    }
    Ok(HunspellDictionary::open_with(dic, &aff, options)?)
}

/// Worker threads a command accepts at most.
const MAX_THREADS: usize = 1024;

/// Refuses a thread count of 0 or more than [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<usize, Failure> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(Failure::input(format!(
            "--threads {threads}: expected 1 to {MAX_THREADS}"
        )));
    }
    Ok(threads)
}

/// Checks a `--time` in seconds: more than 0 and at most `most`.
pub fn check_seconds(secs: f64, most: f64) -> Result<Duration, Failure> {
    if secs > 0.0 && secs <= most {
        return Ok(Duration::from_secs_f64(secs));
    }
    // 1e300 shown as such, not as 301 digits.
    let shown = if secs.abs() >= 1e6 {
        format!("{secs:e}")
    } else {
        secs.to_string()
    };
    Err(Failure::input(format!(
        "--time {shown}: expected seconds, more than 0 and at most {most}"
    )))
}

/// The dictionary `name`d (the built-in by default), every block of it checked.
pub fn load_dict(name: Option<&str>, args: &ProfileArgs) -> Result<Lexicon, Failure> {
    Ok(load_dict_lazily(name, args)?.verify()?)
}

/// The dictionary `name`d, its header checked: the rest is checked a block at a time
/// as a query reads it.
pub fn load_dict_lazily(name: Option<&str>, args: &ProfileArgs) -> Result<LazyLexicon, Failure> {
    let wanted = profile(args)?;
    let lexicon = match name {
        // The built-in, even when a file of that name sits in the current folder.
        None => LazyLexicon::builtin(DICTIONARY)?,
        Some(name) => {
            let lexicon = LazyLexicon::load(name, &wanted)?;
            let builtin = || lexicon::builtin_names().any(|b| b.eq_ignore_ascii_case(name));
            if Path::new(name).is_file() && builtin() {
                eprintln!(
                    "note: dictionary '{name}': using the file {name}, not the built-in of that name"
                );
            }
            lexicon
        }
    };
    // A compiled dictionary keeps the profile it was compiled with: flags asking for
    // another one do nothing, and saying so beats a silent surprise.
    if args.spec().is_given() && !lexicon.profile().same_keys(&wanted) {
        eprintln!(
            "note: dictionary '{}' is compiled with its own normalization ({}); \
             --lang, --strip-marks, --keep and --turkic apply to plain word lists",
            name.unwrap_or(DICTIONARY),
            lexicon.profile().describe()
        );
    }
    Ok(lexicon)
}

/// The folders a built language's dictionary (`TAG.pbd`) is looked for in, first
/// first: those `POLYBOGGLE_DICTIONARIES` lists, then `dictionaries/build` under the
/// current folder, under each folder above the running program (a checkout's
/// `target/release/polyboggle` finds the checkout's), and under the checkout this
/// program was built from.
pub fn language_folders() -> Vec<PathBuf> {
    let listed = std::env::var_os(languages::FOLDERS_VARIABLE)
        .map(|list| std::env::split_paths(&list).collect::<Vec<_>>())
        .unwrap_or_default();
    let program = std::env::current_exe().ok();
    let above_program = program
        .iter()
        .flat_map(|exe| exe.ancestors().skip(1).map(Path::to_path_buf));
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let roots = std::iter::once(PathBuf::from("."))
        .chain(above_program)
        .chain(std::iter::once(built_from));
    listed
        .into_iter()
        .chain(roots.map(|root| root.join(languages::BUILD_FOLDER)))
        .collect()
}

/// The compiled dictionary of a language `dictionaries/build-languages.sh` built, in
/// the [`language_folders`], or one line saying how to build it.
pub fn language_dict_path(lang: &str) -> Result<PathBuf, Failure> {
    languages::find_dictionary(lang, &language_folders()).ok_or_else(|| {
        Failure::input(format!(
            "--lang {lang}: no dictionary; pass --dict ({})",
            languages::how_to_build(lang)
        ))
    })
}

/// The dice set `name`d, or the default built-in set (never a file of that name).
pub fn named_or_default_set(name: Option<&str>) -> Result<DiceSet, Failure> {
    match name {
        Some(name) => load_set(name),
        None => Ok(DiceSet::builtin(DICE)?),
    }
}

/// A dice set by file or built-in name; a file wins, and shadowing a built-in is said.
pub fn load_set(name: &str) -> Result<DiceSet, Failure> {
    let set = DiceSet::load(name)?;
    let builtin = || {
        DiceSet::builtin_names()
            .iter()
            .any(|b| b.eq_ignore_ascii_case(name))
    };
    if Path::new(name).is_file() && builtin() {
        eprintln!("note: dice set '{name}': using the file {name}, not the built-in of that name");
    }
    Ok(set)
}

/// Reads a board from a file, standard input (`-` or nothing) or an inline string.
pub fn read_board(arg: Option<&str>) -> Result<Board, Failure> {
    let (text, origin) = match arg {
        None | Some("-") => {
            let bytes = files::read_stdin()?;
            let text = files::text(&bytes, files::STANDARD_INPUT)?.to_string();
            (text, files::STANDARD_INPUT.to_string())
        }
        // A file, or a pipe (`solve <(roll ...)`, /dev/stdin); a folder is refused.
        Some(arg) if Path::new(arg).exists() => {
            (files::read_text(Path::new(arg))?, arg.to_string())
        }
        // No board is written with a `.`: a name like `board.txt` is a missing file.
        Some(arg) if arg.contains('.') => {
            return Err(ReadError::new(arg, ReadFault::Missing).into())
        }
        Some(arg) => (arg.to_string(), format!("board {}", quoted(arg))),
    };
    let text = normalize::skip_byte_order_mark(&text);
    text.parse::<Board>()
        .map_err(|e| Failure::input(format!("{origin}: {e}")))
}

/// An inline input as a message quotes it: whole when short; else its start, an
/// ellipsis and its length, so that the reason after it is never cut.
pub fn quoted(text: &str) -> String {
    const MOST: usize = 60;
    let count = text.chars().count();
    if count <= MOST {
        return format!("{text:?}");
    }
    let start: String = text.chars().take(MOST).collect();
    format!("{:?} ({count} characters in all)", format!("{start}…"))
}

pub fn load_dice(name: &str, file: Option<&Path>) -> Result<DiceSet, Failure> {
    match file {
        Some(path) => Ok(DiceSet::load(&path.display().to_string())?),
        None => load_set(name),
    }
}

/// The bytes of a file, or of standard input for `-`, with the name errors use.
pub fn read_input(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    if path.as_os_str() == "-" {
        return Ok((files::STANDARD_INPUT.to_string(), files::read_stdin()?));
    }
    Ok((path.display().to_string(), files::read(path)?))
}

/// The scorer `backend` asks for; an automatic choice is said in one line on stderr.
pub fn open_scorer(
    backend: BackendArg,
    lexicon: &Lexicon,
    rules: Rules,
    threads: usize,
) -> Result<Chosen<'_>, Failure> {
    #[cfg(feature = "gpu")]
    let chosen = polyboggle_gpu::backend::open(backend.backend(), lexicon, rules, threads)
        .map_err(|e| Failure::input(format!("--backend gpu: {e}")))?;
    #[cfg(not(feature = "gpu"))]
    let chosen = {
        const WHY: &str = "no usable GPU: this polyboggle was built without the gpu feature";
        match backend.backend() {
            Backend::Cpu => polyboggle::backend::cpu(lexicon, rules, threads),
            Backend::Gpu => return Err(Failure::input(format!("--backend gpu: {WHY}"))),
            Backend::Auto => Chosen {
                note: Some(format!("note: scoring on the CPU ({WHY})")),
                ..polyboggle::backend::cpu(lexicon, rules, threads)
            },
        }
    };
    if let Some(note) = &chosen.note {
        eprintln!("{note}");
    }
    Ok(chosen)
}

/// The scale-out and limit flags `optimize` and `prove` share: `--threads`,
/// `--task-index K --tasks N` (K below N, N at least 1) and `--time`.
pub fn check_run_flags(
    threads: Option<usize>,
    task_index: Option<usize>,
    tasks: Option<usize>,
    time: Option<f64>,
) -> Result<(), Failure> {
    if tasks == Some(0) {
        return Err(Failure::input("--tasks must be at least 1"));
    }
    if let Some(threads) = threads {
        check_threads(threads)?;
    }
    if let (Some(index), Some(tasks)) = (task_index, tasks) {
        if index >= tasks {
            return Err(Failure::input(format!(
                "--task-index {index} is not below --tasks {tasks} (tasks are numbered from 0)"
            )));
        }
    }
    if let Some(time) = time {
        check_seconds(time, 1e9)?;
    }
    Ok(())
}

/// What a search (`optimize`, `prove`) reads: the dictionary, rules and board space
/// its flags name.
pub struct Search {
    pub lexicon: Lexicon,
    pub rules: Rules,
    pub space: Space,
    /// The dictionary's name as given, or the built language's file.
    pub dict: Option<String>,
}

/// The dictionary, rules and board space of a search. `--lang TAG` without `--dict`
/// stands for the language: its built dictionary (or one line saying how to build
/// it), its rules preset unless `--rules` names one, and the faces of its designed
/// dice set on any cell unless `--letters`, `--exclude` or `--dice` say otherwise; a
/// bare `--dice` is the set its players roll. With `--dict`, `--lang` is the
/// normalization preset of a plain word list, as everywhere.
pub fn search(
    dict: &DictArgs,
    rules_args: &RulesArgs,
    size: Option<&str>,
    space_args: &SpaceArgs,
) -> Result<Search, Failure> {
    let lang = dict.profile.lang.as_deref();
    let language = lang.filter(|_| dict.dict.is_none());
    let name = match language {
        Some(lang) => Some(language_dict_path(lang)?.display().to_string()),
        None => dict.dict.clone(),
    };
    let lexicon = load_dict(name.as_deref(), &dict.profile)?;
    let preset = lang.and_then(languages::rules_for_language);
    let rules = rules_args.spec().rules_or(preset.unwrap_or("hasbro"))?;
    let dice = match space_args.dice.as_deref() {
        Some("") => Some(lang.and_then(languages::dice_for_language).ok_or_else(|| {
            Failure::input("--dice without a set names the one a language rolls: add --lang TAG")
        })?),
        dice => dice,
    };
    let (mut letters, mut faces_of) = (space_args.letters.clone(), None);
    let free = letters.is_none() && space_args.exclude.is_none() && dice.is_none();
    if let (Some(lang), true) = (language, free) {
        if let Some(set) = languages::designed_dice_for_language(lang) {
            let faces = DiceSet::builtin(set)?.dice.concat();
            let mut faces: Vec<String> = faces.into_iter().filter(|f| f != "#").collect();
            faces.sort();
            faces.dedup();
            letters = Some(faces.join(","));
            faces_of = Some(set);
        }
    }
    let space = space(
        &lexicon,
        &rules,
        size,
        letters.as_deref(),
        space_args.exclude.as_deref(),
        dice,
    )?;
    // A space whose faces start no word has nothing to find: say so, not "0 points".
    if !space
        .faces()
        .iter()
        .any(|face| lexicon.lookup(face.text()) != Lookup::Absent)
    {
        let what = match (dice, faces_of) {
            (Some(set), _) => format!("--dice {set}"),
            (None, Some(set)) => format!("--lang {}: the faces of {set}", lang.unwrap_or("")),
            (None, None) => "--letters".to_string(),
        };
        return Err(Failure::input(format!(
            "{what}: no face starts a word of the dictionary {}: nothing to search",
            name.as_deref().unwrap_or(DICTIONARY)
        )));
    }
    Ok(Search {
        lexicon,
        rules,
        space,
        dict: name,
    })
}

/// The board space of `optimize` and `prove`: a dice set's rollable boards, or free
/// letters (the dictionary's alphabet unless `letters` names them, less `exclude`)
/// on a `size` grid (4x4, or the dice set's own).
fn space(
    lexicon: &Lexicon,
    rules: &Rules,
    size: Option<&str>,
    letters: Option<&str>,
    exclude: Option<&str>,
    dice: Option<&str>,
) -> Result<Space, Failure> {
    let size = size.map(polyboggle_dice::parse_size).transpose()?;
    let profile = lexicon.profile();
    if let Some(name) = dice {
        let set = DiceSet::load(name)?;
        let (rows, cols) = size.unwrap_or((set.rows, set.cols));
        return Space::dice(&set, rows, cols, profile).map_err(Failure::input);
    }
    let (rows, cols) = size.unwrap_or((4, 4));
    let mut letters = match letters {
        Some(text) => optimize::parse_letters(text),
        None => optimize::alphabet(lexicon, rules, optimize::ALPHABET_LIMIT),
    };
    if let Some(text) = exclude {
        letters = optimize::exclude(&letters, &optimize::parse_letters(text), profile);
    }
    Space::letters(rows, cols, &letters, profile).map_err(Failure::input)
}

/// The `--tiers A..B` of a command, checked against the dictionary: `None` when not
/// given; refused when the dictionary has no tiers.
pub fn tier_range(text: Option<&str>, header: &Header) -> Result<Option<TierRange>, Failure> {
    Ok(spec::tier_range(text, header)?)
}

/// A computer `--level`, checked against the dictionary (any level but `all` needs
/// tiers).
pub fn level(arg: LevelArg, lexicon: &Lexicon) -> Result<Level, Failure> {
    let level = match arg {
        LevelArg::Easy => Level::Easy,
        LevelArg::Medium => Level::Medium,
        LevelArg::Hard => Level::Hard,
        LevelArg::All => Level::All,
    };
    level.playable_with(lexicon).map_err(|_| {
        Failure::input(format!(
            "--level {}: this dictionary has no tiers (compile it with --tiers FILE, or play --level all)",
            level.name()
        ))
    })
}

/// Reads `--tiers` files: one is a ranked list, several are a tier each.
pub fn read_tiers(
    paths: &[std::path::PathBuf],
    profile: &Profile,
) -> Result<Option<Tiers>, Failure> {
    if paths.is_empty() {
        return Ok(None);
    }
    let mut inputs = Vec::new();
    for path in paths {
        inputs.push(read_input(path)?);
    }
    let mut texts = Vec::new();
    for (origin, bytes) in &inputs {
        texts.push((origin.as_str(), lexicon::word_list_text(bytes, origin)?));
    }
    let tiers = match texts[..] {
        [(origin, text)] => Tiers::ranked(text, origin, profile),
        _ => Tiers::from_lists(&texts, profile),
    };
    Ok(Some(tiers.map_err(Failure::input)?))
}
