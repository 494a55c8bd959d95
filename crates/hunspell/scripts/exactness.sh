#!/bin/bash
# usage: scripts/exactness.sh NAME [SAMPLE]
# Expands /usr/share/hunspell/NAME with the release example, takes a random
# sample (default 50000; all forms when fewer) and checks it twice:
#   * `hunspell -d ... -i utf-8 -l` (tokenizes the line: apostrophes, dashes,
#     dots split words, so fragments show up as "rejected");
#   * hcheck (scripts/hunspell_check.c, whole word through Hunspell_spell).
# Prints one line; rejected lists are left in $OUTDIR (default /tmp/exact).
set -o pipefail
NAME=$1; N=${2:-50000}
E=${EXPAND:-target/release/examples/expand}
HC=${HCHECK:-/tmp/hcheck}
D=/usr/share/hunspell/$NAME
OUT=${OUTDIR:-/tmp/exact}; mkdir -p "$OUT"
stems=$(head -1 "$D.dic" | tr -dc '0-9')
forms=$(timeout ${TIME:-300} $E "$D.dic" $EXTRA 2>"$OUT/$NAME.err" | tee >(shuf -n "$N" --random-source=<(yes) > "$OUT/$NAME.sample") | wc -l)
sleep 1
hunspell -d "$D" -i utf-8 -l < "$OUT/$NAME.sample" > "$OUT/$NAME.rejected-l"
"$HC" "$D" < "$OUT/$NAME.sample" > "$OUT/$NAME.rejected"
echo "$NAME stems=$stems forms=$forms sample=$(wc -l < "$OUT/$NAME.sample") rejected_l=$(wc -l < "$OUT/$NAME.rejected-l") rejected_word=$(wc -l < "$OUT/$NAME.rejected") err=$(head -c 200 "$OUT/$NAME.err")"
