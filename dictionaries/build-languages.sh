#!/usr/bin/env bash
# Builds compiled dictionaries for every language Debian has a usable word list for.
#
#   dictionaries/build-languages.sh [LANG...]     (default: all; apt-get needs root)
#
# Output in dictionaries/build/: LANG.txt (the UTF-8 word list, proper nouns left out),
# LANG.pbd (compiled with the language's preset) and, when the wordfreq Python package
# is importable by $PYTHON (default python3), LANG-freq.txt: the tiers. Nothing here is
# committed: each list keeps its own licence (docs/languages.md names them).
#
# POLYBOGGLE=/path/to/polyboggle uses that binary and skips `cargo build --release`
# (to build lists with an installed or already built polyboggle).
set -euo pipefail
cd "$(dirname "$0")/.."
out=dictionaries/build
python=${PYTHON:-python3}

# The languages are the table of crates/languages (docs/languages.md), as
# `polyboggle languages --format json` prints it; here each one becomes a row:
# tag | Debian packages | source | proper nouns | expansion options | wordfreq tag
#   source:  plain:FILE[:ENCODING]  a word list (iconv'd from ENCODING to UTF-8)
#            hunspell:NAME          /usr/share/hunspell/NAME.dic, expanded by polyboggle
#            aspell:NAME            aspell's master list, expanded by aspell itself
#            apertium:NAME          an Apertium dictionary, expanded by lt-expand
#            npm:PACKAGE@VERSION    a Hunspell dictionary packaged for npm (wooorm's
#                                   dictionaries: index.dic/.aff), fetched with npm pack
#                                   and expanded by polyboggle
#   proper nouns: drop  leave out words seen only capitalized (a language that
#                       capitalizes only names); keep  (German capitalizes every noun;
#                       scripts without case have nothing to drop)
#   expansion options: for `polyboggle dict expand`, or -. --leave-out=RULES (read
#                 here, not by polyboggle) expands with the .aff less some affix rules
#                 (left_out() below): Hebrew's and Arabic's game lists leave out the
#                 rules of clitics, which word games do not count as part of a word
#                 (docs/game-lists.md); the TAG-full row keeps every form, for solvers
#                 and spell checkers. Where the whole expansion
#                 does not end (Hungarian's 1.3e11 forms), --max-form-len N keeps the
#                 forms of at most N letters (Korean: syllables), and prunes: N is
#                 where words that long are under 1% of the words a 4x4 board shows
#                 (Korean: 6, 4%; 7 would be some 500 million forms); docs/hunspell.md
#                 --keep-accepted-by=DICT (a plain list, read here) keeps the words
#                 hunspell's DICT accepts: where a plain list and its language's spell
#                 checker disagree, the words both hold (docs/languages.md)
#   wordfreq tag: the tag wordfreq knows the language by, or - where it has none (it
#                 would quietly answer with a neighbour's words)
# A rewrite the preset cannot do (the entry's fold) is `polyboggle languages TAG --fold`.
if [ -n "${POLYBOGGLE:-}" ]; then
  pb=$POLYBOGGLE
else
  cargo build --release --quiet
  pb=target/release/polyboggle
fi
table=$("$pb" languages --format json | "$python" -c '
import json, sys
for l in json.load(sys.stdin)["languages"]:
    s = l["source"]
    if s is None:
        continue  # a preset and no list (docs/languages.md says why)
    options = s["expand_options"].split()
    if s["max_form_len"] is not None:
        options += ["--max-form-len", str(s["max_form_len"])]
    print("|".join([l["tag"], ",".join(s["packages"]), s["words"],
                    "drop" if s["drop_proper_nouns"] else "keep",
                    " ".join(options) or "-", l["wordfreq"] or "-"]))
')

known=$(awk -F'|' 'NF { printf "%s%s", sep, $1; sep = " " }' <<< "$table")
for lang in "$@"; do
  if ! grep -q "^$lang|" <<< "$table"; then
    echo "unknown language '$lang'; known: $known" >&2
    exit 2
  fi
done
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || read -r -a wanted <<< "$known"
row() { grep "^$1|" <<< "$table"; }

# Left out: vi, zh, ja (not suited to a grid); fi and az have a preset and dice but no
# list (docs/languages.md says why). Georgian and Macedonian have no Debian list;
# their Hunspell dictionaries come from npm.

# Install only what is missing, so a machine that has everything needs no network.
missing=()
for lang in "${wanted[@]}"; do
  IFS='|' read -r _ pkgs _ <<< "$(row "$lang")"
  for pkg in ${pkgs//,/ }; do
    # npm may come with another package than Debian's (nodejs from NodeSource).
    [ "$pkg" = npm ] && command -v npm >/dev/null && continue
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "error: not installed: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
    exit 2
  fi
  apt_log=$(mktemp)
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      "${missing[@]}" >/dev/null; } 2>"$apt_log"; then
    echo "error: apt-get could not install ${missing[*]} (see $apt_log)" >&2
    exit 2
  fi
  rm -f "$apt_log"
fi

mkdir -p "$out"

# The word forms of a source, UTF-8, one or more a line.
forms() {
  local src=$1 options=$2
  case "$src" in
    plain:*)
      local file=${src#plain:} enc=UTF-8
      case "$file" in *:*) enc=${file##*:}; file=${file%:*} ;; esac
      if [[ " $options " =~ \ --keep-accepted-by=([^ ]+)\  ]]; then
        # The words the language's Hunspell dictionary accepts too (hunspell itself
        # judges; -G prints the words it accepts): the list a player gets where the
        # plain list and the spell checker disagree (docs/languages.md).
        local dic=/usr/share/hunspell/${BASH_REMATCH[1]}.dic
        [ -f "$dic" ] || { echo "error: no $dic for --keep-accepted-by" >&2; return 2; }
        iconv -f "$enc" -t UTF-8 "$file" | hunspell -i UTF-8 -d "${dic%.dic}" -G
      else
        iconv -f "$enc" -t UTF-8 "$file"
      fi ;;
    hunspell:*)
      local dic=/usr/share/hunspell/${src#hunspell:}.dic
      local rules=
      if [[ " $options " =~ \ --leave-out=korean-nouns\  ]]; then
        korean_nouns "$dic" "${dic%.dic}.aff"
        return
      fi
      if [[ " $options " =~ \ --leave-out=([^ ]+)\  ]]; then
        rules=${BASH_REMATCH[1]}
        local aff="$out/${src#hunspell:}-$rules.aff"
        left_out "$rules" "${dic%.dic}.aff" > "$aff" || return 2
        options=$(sed 's/ *--leave-out=[^ ]* */ /' <<< " $options ")
        options="$options --aff $aff"
      fi
      # shellcheck disable=SC2086  # options are words
      "$pb" dict expand "$dic" $options | left_out_forms "$rules" ;;
    aspell:*)
      local name=${src#aspell:}
      aspell -d "$name" dump master | aspell -l "$name" expand ;;
    npm:*)
      local spec=${src#npm:} dir="$out/npm/${src#npm:}"
      if [ ! -f "$dir/package/index.dic" ]; then
        mkdir -p "$dir"
        (cd "$dir" && npm pack --silent "$spec" >/dev/null && tar xzf ./*.tgz)
      fi
      # shellcheck disable=SC2086  # options are words
      "$pb" dict expand "$dir/package/index.dic" $options ;;
    apertium:*)
      # Surface forms of every analysis, less proper nouns (tagged <np>) and multiword
      # entries (`चूरा लना`: split at the space, their parts are no words of their own).
      lt-expand "${src#apertium:}" | grep -v '<np>' | cut -d: -f1 | grep -v '[[:space:]]' ;;
  esac
}

# A .aff less the affix rules of a set, each flag's count of rules mended (a flag left
# with none goes): left_out RULES FILE.aff.
#   hspell-clitics    every PFX rule. In he_IL (Hspell) each prefix is a chain of
#                     proclitics (ו ה ב כ ל מ ש), on forms Hspell already inflected; a
#                     stem marked NEEDAFFIX (never without a prefix) then gives no form.
#                     left_out_forms then drops the forms with a pronoun suffix.
#   ayaspell-clitics  every PFX rule (ar: ال و ف ب ك ل س أ) and every suffix rule
#                     of an attached pronoun: Ayaspell names a suffix flag by its
#                     ending and its pronoun, the second letter a-i (or aa..ff) for a
#                     pronoun and x for none; a few flags mix both, and there a rule
#                     ending in ه (his, its: no inflectional ending does) is the
#                     pronoun's.
left_out() {
  local ere
  case "$1" in
    hspell-clitics) ere='^PFX' ;;
    ayaspell-clitics)
      ere='^PFX|^SFX[[:space:]]+([A-Z][a-i]|aa|bb|cc|dd|ee|ff)[[:space:]]'
      ere+='|^SFX[[:space:]]+[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+[^[:space:]/]*ه[/[:space:]]' ;;
    *) echo "error: unknown --leave-out=$1" >&2; return 2 ;;
  esac
  # Two passes: count the rules each flag keeps, then write the kept ones.
  awk -v ere="$ere" '
    /^(PFX|SFX)[ \t]/ {
      key = $1 " " $2
      if (NR == FNR) {
        if (key in seen) { if ($0 !~ ere) kept[key]++ } else seen[key] = 1
        next
      }
      if (!(key in written)) {
        written[key] = 1
        if (kept[key] > 0) { $4 = kept[key]; print }
        next
      }
      if ($0 !~ ere) print
      next
    }
    NR != FNR { print }' "$2" "$2"
}

# Korean's game list (--leave-out=korean-nouns: every affix rule left out, and the stems
# that are no noun): the headwords of hunspell-ko that take the subject particle 이/가
# (its suffix flags 530 and 532: nouns, pronouns and numerals, 체언), as word chains
# (끝말잇기) count words; verb stems and their endings (었, 셨, 겠) are none
# (docs/game-lists.md). The .dic names its flags by AF aliases; a stem is kept when its
# alias holds 530 or 532. A hunspell-ko whose flags 530 and 532 are not 이 and 가 is
# refused, not read wrong. korean_nouns FILE.dic FILE.aff: one stem a line (jamo; the
# fold composes them into syllables).
korean_nouns() {
  perl -CSD -e '
    use strict; my ($dic, $aff) = @ARGV;
    my ($i, $ga) = ("\x{110B}\x{1175}", "\x{1100}\x{1161}");
    open(my $a, "<:encoding(UTF-8)", $aff) or die "$aff: $!\n";
    my (@alias, %adds);
    while (<$a>) {
      if (/^AF\s+(\S+)/) { push @alias, $1; next }
      $adds{$1} = $2 if /^SFX\s+(530|532)\s+\S+\s+(\S+)\s/;
    }
    shift @alias;  # the first AF line is the count
    ($adds{530} // "") eq $i && ($adds{532} // "") eq $ga
      or die "korean-nouns: $aff: flags 530 and 532 are not the particles 이 and 가\n";
    my %noun;
    for my $n (0 .. $#alias) {
      $noun{$n + 1} = 1 if grep { $_ eq "530" || $_ eq "532" } split /,/, $alias[$n];
    }
    open(my $d, "<:encoding(UTF-8)", $dic) or die "$dic: $!\n";
    <$d>;  # the count
    while (<$d>) {
      chomp;
      my ($stem, $flags) = split m{/}, $_, 2;
      print "$stem\n" if defined $flags && grep { $noun{$_} } split /,/, $flags;
    }
  ' "$1" "$2"
}

# The forms of a stream that RULES keeps where the .aff cannot tell (one a line):
# he_IL writes Hebrew's pronoun suffixes into its forms, so Hspell's own analysis
# (hspell -l, which reads ISO-8859-8) tells them: a form stays when one of its
# analyses as a whole word has no pronoun suffix (כינוי) and is no proper noun (פרטי).
left_out_forms() {
  case "$1" in
    hspell-clitics)
      iconv -f UTF-8 -t ISO-8859-8 | hspell -l | iconv -f ISO-8859-8 -t UTF-8 \
        | awk '
            /^[^\t]/ { whole = ($0 ~ /^מילה חוקית: /); word = substr($0, index($0, ": ") + 2); next }
            whole && $0 !~ /כינוי/ && $0 !~ /פרטי/ && !(word in kept) { kept[word] = 1; print word }' ;;
    *) cat ;;
  esac
}

# The entry's fold, one word a line (polyboggle streams, so Hebrew's 123 million
# forms pass through in constant memory).
rewrite() { "$pb" languages "$1" --fold; }

# Leaves out the words seen only capitalized (proper nouns), one word a line in and
# out, and says how many. Sorting on disk keeps memory flat for Polish's millions.
keep_all() { cat; }

drop_proper_nouns() {
  local lang=$1
  perl -CSD -ne 'chomp; next unless length; $c = /^\p{Lu}/ ? 1 : 0; print lc, "\t$c\t$_\n"' \
    | LC_ALL=C sort -u -S 1G -T "$out" \
    | LC_ALL=C awk -F'\t' -v lang="$lang" '
        $1 != key { key = $1; common = ($2 == 0) }
        $2 == 0 { print $3; next }
        !common { dropped++ }
        END { printf "%s: %d proper nouns left out\n", lang, dropped > "/dev/stderr" }'
}

has_wordfreq=no
"$python" -c 'import wordfreq' 2>/dev/null && has_wordfreq=yes
[ $has_wordfreq = yes ] || echo "note: no tiers (pip install wordfreq to rank words by frequency)" >&2

failed=()
timings="$out/timings.tsv"
: > "$timings"
for lang in "${wanted[@]}"; do
  IFS='|' read -r _ pkgs src proper options freqtag <<< "$(row "$lang")"
  [ "$options" = - ] && options=
  echo "== $lang ($pkgs)"
  start=$SECONDS
  if [ "$proper" = drop ]; then keep_names=drop_proper_nouns; else keep_names=keep_all; fi
  if ! forms "$src" "$options" | tr -s ' \t' '\n\n' | rewrite "$lang" | $keep_names "$lang" \
      > "$out/$lang.txt"; then
    echo "error: $lang: could not read $src" >&2
    failed+=("$lang")
    continue
  fi
  if ! grep -q . "$out/$lang.txt"; then
    echo "error: $lang: $src gave no word" >&2
    failed+=("$lang")
    continue
  fi
  # A game list (a --leave-out or --keep-accepted-by rule) keeps 1,000 words or more,
  # or is refused.
  if [[ " $options " =~ \ --(leave-out|keep-accepted-by)=([^ ]+)\  ]] \
      && [ "$(wc -l < "$out/$lang.txt")" -lt 1000 ]; then
    echo "error: $lang: the game list rule ${BASH_REMATCH[2]} kept $(wc -l < "$out/$lang.txt") words of $src (fewer than 1,000)" >&2
    failed+=("$lang")
    continue
  fi
  # Tiers (computer levels, common-word counts): the language's 100,000 commonest
  # words from wordfreq, cut at ranks 1k/3k/10k/30k/100k. Its data is CC BY-SA 4.0,
  # so the list is made here and never committed.
  tiers=()
  if [ $has_wordfreq = yes ] && [ "$freqtag" != - ]; then
    "$python" -c 'import sys, wordfreq; print("\n".join(wordfreq.top_n_list(sys.argv[1], 100000)))' \
      "$freqtag" | rewrite "$lang" > "$out/$lang-freq.txt"
    tiers=(--tiers "$out/$lang-freq.txt")
  fi
  # TAG-full is TAG's list with every form (its preset is TAG's).
  if ! "$pb" compile "$out/$lang.txt" -o "$out/$lang.pbd" --lang "${lang%-full}" "${tiers[@]}"; then
    failed+=("$lang")
    continue
  fi
  printf '%s\t%s\n' "$lang" $((SECONDS - start)) >> "$timings"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 2
fi
