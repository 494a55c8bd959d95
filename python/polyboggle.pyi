"""Solve, score and optimize Boggle-style word grids in any language, and lay out
and fill crosswords.

The Rust core of the `polyboggle` command, as a Python module (PyO3). With no
lexicon, functions use the built-in English dictionary (ENABLE2K).
"""

from os import PathLike
from typing import (
    Any, Iterable, Literal, Optional, Sequence, TypedDict, Union, final, overload,
)

from typing_extensions import TypeAlias, Unpack

__all__ = [
    "__version__",
    "BoardError", "CrosswordError", "DiceError", "FillTimeoutError", "LexiconError",
    "PolyboggleError", "RulesError",
    "Board", "DiceSet", "Lexicon", "Solution", "Word", "WordIterator",
    "crossword_fill", "crossword_layout", "dice_sets", "optimize", "score", "score_many",
    "solve",
]
__version__: str

_BoardLike: TypeAlias = Union["Board", str, Sequence[Sequence[str]]]

class Rules(TypedDict, total=False):
    """The scoring rules: the keywords `solve`, `score`, `score_many`, `DiceSet.stats`
    and `optimize` take (`**rules`), each named as its `polyboggle` flag and read by
    the core's rules spec (`polyboggle::spec::RulesSpec`). None, or a keyword not
    given: the preset's. A keyword not listed here is a TypeError.

    For type checking only (`if TYPE_CHECKING: from polyboggle import Rules`): the
    module has no such name at run time.
    """

    rules: Optional[Literal["hasbro", "cs106b", "syllables"]]
    """The preset (`--rules`): hasbro (the default), cs106b or syllables (Hasbro's
    counted in syllables, for scripts whose faces are syllables)."""
    min_len: Optional[int]
    """The shortest word that counts, in letters (`--min-len`)."""
    points: Optional[str]
    """Points for lengths 0, 1, 2, ... (`--points 0,0,0,1,1,2,3,5,11`; the last repeats)."""
    qu: Optional[bool]
    """Does a bare Q face read Qu (`--qu`)?"""

class PolyboggleError(ValueError):
    """Bad input: what the polyboggle command reports with exit code 2."""

class BoardError(PolyboggleError):
    """A board that cannot be read."""

class LexiconError(PolyboggleError):
    """A dictionary that cannot be opened or compiled."""

class RulesError(PolyboggleError):
    """Rules or scoring options that make no sense."""

class DiceError(PolyboggleError):
    """A dice set that cannot be read or rolled."""

class CrosswordError(PolyboggleError):
    """A crossword word list, grid or pin that cannot be used, or a grid with no fill."""

class FillTimeoutError(TimeoutError):
    """The time budget ran out before a fill was found: what `polyboggle crossword fill`
    reports with exit code 3."""

@final
class Lexicon:
    """A compiled dictionary: a word list under one normalization profile."""

    @staticmethod
    def compile(
        words: Optional[Union[str, Iterable[str]]] = None,
        lang: Optional[str] = None,
        strip_marks: bool = False,
        keep: Optional[str] = None,
        turkic: bool = False,
        tiers: Optional[Union[str, Sequence[str]]] = None,
        hunspell: Optional[Union[str, PathLike[str]]] = None,
        aff: Optional[Union[str, PathLike[str]]] = None,
        compounds: Optional[int] = None,
        max_form_len: Optional[int] = None,
    ) -> Lexicon:
        """Compiles words (whitespace-separated text, or an iterable) in memory; tiers as
        `compile --tiers` reads them: a ranked list (one string) or lists of words, the
        commonest first. `hunspell` names a Hunspell dictionary (NAME.dic, with `aff` or
        the NAME.aff beside it) whose every word form is compiled too; `compounds=2`
        adds two-part compounds, `max_form_len` bounds the forms."""
    @staticmethod
    def open(
        path: Union[str, PathLike[str]],
        lang: Optional[str] = None,
        strip_marks: bool = False,
        keep: Optional[str] = None,
        turkic: bool = False,
    ) -> Lexicon:
        """A compiled file, a plain word list (compiled under the profile given) or a built-in name."""
    @staticmethod
    def builtin(name: str = "enable2k") -> Lexicon:
        """A built-in dictionary."""
    @staticmethod
    def languages(
        folders: Optional[Sequence[Union[str, PathLike[str]]]] = None,
    ) -> list[tuple[str, str]]:
        """The languages `dictionaries/build-languages.sh` built, as (tag, path), by tag.

        Looked for in `folders`, else in those $POLYBOGGLE_DICTIONARIES lists (separated
        as $PATH is), then in dictionaries/build under the current folder.
        """
    @staticmethod
    def language(
        tag: str, folders: Optional[Sequence[Union[str, PathLike[str]]]] = None
    ) -> Lexicon:
        """A built language's dictionary, from the first folder `languages` looks in that
        has it; LexiconError naming the build command if none."""
    @staticmethod
    def from_bytes(data: bytes) -> Lexicon:
        """A compiled dictionary from the bytes `polyboggle compile` writes."""
    @property
    def profile(self) -> str:
        """The normalization profile, described."""
    def lookup(self, word: str) -> Optional[Literal["word", "prefix"]]:
        """"word", "prefix" (only the start of longer words) or None."""
    @property
    def tier_sizes(self) -> list[int]:
        """Words per tier, tier 0 (no tier) first, as `dict info --format json` says."""
    def tier(self, word: str) -> Optional[int]:
        """The word's tier (1 the commonest, 0 none), or None when it is not a word."""
    def level_tiers(self, level: str) -> Optional[tuple[int, int]]:
        """The tiers (first, last) the computer knows at "easy", "medium", "hard" or
        "all" (None: every word), as `play --level` takes them."""
    def search(
        self,
        pattern: Optional[str] = None,
        *,
        regex: Optional[str] = None,
        fuzzy: Optional[str] = None,
        distance: Optional[int] = None,
        anagram: Optional[str] = None,
        build: Optional[str] = None,
        min_len: Optional[int] = None,
        max_len: Optional[int] = None,
        tiers: Union[str, int, None] = None,
        units: Optional[Sequence[str]] = None,
        limit: Optional[int] = None,
    ) -> list[str]:
        """The words matching one query, as `polyboggle dict search` prints them."""
    def count(
        self,
        pattern: Optional[str] = None,
        *,
        regex: Optional[str] = None,
        fuzzy: Optional[str] = None,
        distance: Optional[int] = None,
        anagram: Optional[str] = None,
        build: Optional[str] = None,
        min_len: Optional[int] = None,
        max_len: Optional[int] = None,
        tiers: Union[str, int, None] = None,
        units: Optional[Sequence[str]] = None,
    ) -> int:
        """How many words match, as `polyboggle dict search --count` prints it."""
    def words(self) -> WordIterator:
        """Every word in key order, as `polyboggle dict words` prints them."""
    def __len__(self) -> int: ...
    def __contains__(self, key: str, /) -> bool: ...

@final
class WordIterator:
    """Every word of a dictionary, in key order, read one at a time."""

    def __iter__(self) -> WordIterator: ...
    def __next__(self) -> str: ...
    def __length_hint__(self) -> int: ...

@final
class Board:
    """A grid of faces ("Qu", "CH", a blank "#"...)."""

    def __new__(cls, board: _BoardLike) -> Board:
        """Any board form `polyboggle solve` reads (ATEE/APYO/TINU/EDSE,
        perslatgsineters, Princeton, Lab 6, rows) or rows of faces."""
    @staticmethod
    def roll(
        dice: str = "english-new-4x4", seed: Optional[int] = None, size: Optional[str] = None
    ) -> Board:
        """A board rolled from a dice set (built-in name or file); size as "5x5"."""
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def faces(self) -> list[list[str]]:
        """The faces, row by row."""
    def __eq__(self, value: object, /) -> bool: ...

class _Spread(TypedDict):
    mean: float
    sd: float
    min: int
    p5: int
    p25: int
    median: int
    p75: int
    p95: int
    max: int

class _FaceStats(TypedDict):
    face: str
    copies: int
    shown: float
    dead: float
    set_share: float
    dict_share: float

class _MissingLetter(TypedDict):
    face: str
    dict_share: float

class _Vowels(TypedDict):
    mean: float
    at_most_one: float
    set_share: float
    dict_share: float

class _DiceStats(TypedDict):
    set: str
    rows: int
    cols: int
    rolls: int
    seed: int
    words: _Spread
    points: _Spread
    floor: int
    under_floor: float
    none: float
    long_word: dict[str, float]
    longest: int
    dead_faces: float
    unreachable_words: int
    dictionary_words: int
    distinct_words: int
    divergence: float
    vowels: Optional[_Vowels]
    faces: list[_FaceStats]
    missing: list[_MissingLetter]

@final
class DiceSet:
    """A dice set: a built-in name or a dice file."""

    def __new__(cls, name: str) -> DiceSet:
        """The built-in set or the dice file `name` names."""
    @property
    def name(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def dice(self) -> list[list[str]]:
        """The faces, a list a die."""
    def roll(self, seed: Optional[int] = None, size: Optional[str] = None) -> Board:
        """A board rolled from the set, as Board.roll does."""
    def stats(
        self,
        lexicon: Optional[Lexicon] = None,
        rolls: int = 100000,
        seed: int = 1,
        size: Optional[str] = None,
        floor: int = 45,
        vowels: Optional[str] = None,
        threads: Optional[int] = None,
        **rules: Unpack[Rules],
    ) -> _DiceStats:
        """How the set plays over seeded rolls: one set of `polyboggle dice stats --format json`."""
    def __len__(self) -> int: ...

@final
class Word:
    """A word found on a board."""

    @property
    def word(self) -> str:
        """The word as the CLI prints it (upper case)."""
    @property
    def points(self) -> int: ...
    @property
    def path(self) -> list[tuple[int, int]]:
        """(row, col) of each die, zero-based, in spelling order."""

@final
class Solution:
    """Every word on a board, sorted by key, and the total."""

    @property
    def score(self) -> int: ...
    @property
    def words(self) -> list[Word]: ...
    def to_json(self) -> str:
        """What `polyboggle solve --format json` prints."""
    def __len__(self) -> int: ...

def solve(
    board: _BoardLike,
    lexicon: Optional[Lexicon] = None,
    **rules: Unpack[Rules],
) -> Solution:
    """Every word on the board; the built-in ENABLE2K when lexicon is None."""

def score(
    board: _BoardLike,
    lexicon: Optional[Lexicon] = None,
    **rules: Unpack[Rules],
) -> int:
    """solve(...).score without finding the words' paths."""

def score_many(
    boards: Iterable[Union[Board, str]],
    lexicon: Optional[Lexicon] = None,
    *,
    threads: Optional[int] = None,
    **rules: Unpack[Rules],
) -> list[int]:
    """The score of each board, in order, on all cores, without the GIL."""

def optimize(
    lexicon: Optional[Lexicon] = None,
    size: Optional[str] = None,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    exclude: Optional[str] = None,
    objective: str = "score",
    method: Literal["pool", "anneal"] = "pool",
    pool: int = 250,
    runs: int = 1,
    time: Optional[float] = None,
    until: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    **rules: Unpack[Rules],
) -> dict[str, Any]:
    """Best-board search: the object `polyboggle optimize --format json` prints."""

def dice_sets() -> list[str]:
    """The names of the built-in dice sets."""

_LayoutWords: TypeAlias = Union[str, Sequence[Union[str, tuple[str, str]]]]
_FillWords: TypeAlias = Union[str, Sequence[Union[str, tuple[str, int]]], "Lexicon"]
_Pin: TypeAlias = Union[str, tuple[str, int, int, Literal["across", "down", "a", "d"]]]

class _PlacedWord(TypedDict):
    word: str
    number: int
    direction: Literal["across", "down"]
    rtl: bool
    cells: list[list[int]]
    clue: Optional[str]
    pinned: bool

class _FilledWord(_PlacedWord):
    score: Optional[int]

class _Reason(TypedDict):
    word: str
    line: int
    reason: str

class _Layout(TypedDict):
    rows: int
    cols: int
    placed: int
    dropped: list[str]
    black: int
    crossings: int
    complete: bool
    words: list[_PlacedWord]
    grid: list[list[Optional[str]]]
    reasons: list[_Reason]
    attempts: int
    seconds: float

class _Fill(TypedDict):
    rows: int
    cols: int
    placed: int
    dropped: list[str]
    black: int
    crossings: int
    complete: bool
    words: list[_FilledWord]
    grid: list[list[Optional[str]]]
    reasons: list[_Reason]
    attempts: int
    seconds: float
    mean_score: float
    backtracks: int
    restarts: int

@overload
def crossword_layout(
    words: _LayoutWords,
    *,
    size: Union[tuple[int, int], str, None] = None,
    auto: bool = False,
    time: float = 1.0,
    seed: int = 1,
    pins: Optional[Iterable[_Pin]] = None,
    lang: Optional[str] = None,
    strip_marks: bool = False,
    keep: Optional[str] = None,
    turkic: bool = False,
    format: Literal["dict"] = "dict",
    solution: bool = False,
) -> _Layout: ...
@overload
def crossword_layout(
    words: _LayoutWords,
    *,
    size: Union[tuple[int, int], str, None] = None,
    auto: bool = False,
    time: float = 1.0,
    seed: int = 1,
    pins: Optional[Iterable[_Pin]] = None,
    lang: Optional[str] = None,
    strip_marks: bool = False,
    keep: Optional[str] = None,
    turkic: bool = False,
    format: Literal["text", "json", "ipuz", "svg"],
    solution: bool = False,
) -> str:
    """A word list laid out as `polyboggle crossword WORDS` lays it out: "json", "text",
    "ipuz" or "svg" is what the command prints for that --format, "dict" its JSON parsed.
    `words` is the list's text (an answer, optionally a tab and its clue, a line) or its
    lines as items (a string, or (answer, clue)); size (rows, cols) or "RxC", default
    13x17; pins "WORD@ROW,COL,across|down" or (word, row, col, direction). Without the
    GIL; the same seed gives the same layout when the search finishes before `time`."""

@overload
def crossword_fill(
    grid: str,
    words: _FillWords,
    *,
    min_score: Optional[int] = None,
    time: float = 60.0,
    seed: int = 1,
    style: Literal["american", "british"] = "american",
    lang: Optional[str] = None,
    strip_marks: bool = False,
    keep: Optional[str] = None,
    turkic: bool = False,
    format: Literal["dict"] = "dict",
    solution: bool = False,
) -> _Fill: ...
@overload
def crossword_fill(
    grid: str,
    words: _FillWords,
    *,
    min_score: Optional[int] = None,
    time: float = 60.0,
    seed: int = 1,
    style: Literal["american", "british"] = "american",
    lang: Optional[str] = None,
    strip_marks: bool = False,
    keep: Optional[str] = None,
    turkic: bool = False,
    format: Literal["text", "json", "ipuz", "svg"],
    solution: bool = False,
) -> str: ...
@overload
def crossword_fill(
    grid: str,
    words: _FillWords,
    *,
    min_score: Optional[int] = None,
    time: float = 60.0,
    seed: int = 1,
    style: Literal["american", "british"] = "american",
    lang: Optional[str] = None,
    strip_marks: bool = False,
    keep: Optional[str] = None,
    turkic: bool = False,
    format: Literal["puz"],
    solution: bool = False,
) -> bytes:
    """A grid (one row a line: # black, . empty, a letter pre-filled) filled as
    `polyboggle crossword fill GRID` fills it: "json", "text", "ipuz" or "svg" is what the
    command prints for that --format, "puz" the Across Lite file, "dict" the JSON parsed.
    `words` is the list's text (word;score or a word a line), its lines as items (a
    string, or (word, score)), or a Lexicon (every word 50, as --dict). Without the GIL.
    CrosswordError for a bad grid or list or no fill; FillTimeoutError when `time` runs
    out first."""
