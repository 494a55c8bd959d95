#!/bin/bash
# Interleaved benchmark: our release example vs Debian's unmunch.
# usage: scripts/bench.sh > BENCH.raw ; needs `time` (GNU time) and hunspell-tools.
E=${EXPAND:-target/release/examples/expand}
H=/usr/share/hunspell
run() { # label cmd...
  local label=$1; shift
  local t=$(mktemp)
  local n
  n=$( { /usr/bin/time -v "$@" 2>"$t" | wc -l; } )
  local wall=$(grep "Elapsed (wall clock)" "$t" | awk '{print $NF}')
  local rss=$(grep "Maximum resident set size" "$t" | awk '{print $NF}')
  local rc=$(grep "Exit status" "$t" | awk '{print $NF}')
  local sig=$(grep -o "Command terminated by signal [0-9]*" "$t")
  echo -e "$label\tforms=$n\twall=$wall\tpeak_rss_kb=$rss\texit=$rc $sig"
  rm -f "$t"
}
for round in 1 2; do
  for d in pl_PL ru_RU el_GR; do
    run "round$round ours    $d" $E $H/$d.dic
    run "round$round unmunch $d" unmunch $H/$d.dic $H/$d.aff
  done
done
for d in tr_TR hr_HR; do
  run "ours    $d" $E $H/$d.dic
  run "unmunch $d" unmunch $H/$d.dic $H/$d.aff
done
run "ours    hu_HU (120 s cap)" timeout 120 $E $H/hu_HU.dic
run "ours    hu_HU --max-len 10 (120 s cap)" timeout 120 $E $H/hu_HU.dic --max-len 10
run "unmunch hu_HU" unmunch $H/hu_HU.dic $H/hu_HU.aff
