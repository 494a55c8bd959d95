#!/bin/bash
# usage: scripts/coverage.sh NAME LIST   e.g. scripts/coverage.sh pl_PL /usr/share/dict/polish
# "Nothing missing": of the LIST words hunspell accepts (whole-word check,
# scripts/hunspell_check.c), the share our expansion produces. Misses are
# classified: case (hunspell accepts it as a case variant of a generated
# form), compound (rejected by the same dictionary with its compound
# directives removed), other (a real miss).
set -o pipefail
NAME=$1; LIST=$2
E=${EXPAND:-target/release/examples/expand}
HC=${HCHECK:-/tmp/hcheck}
D=/usr/share/hunspell/$NAME
W=${OUTDIR:-/tmp/cov}/$NAME; mkdir -p "$W"
export LC_ALL=C
iconv -f utf-8 -t utf-8 "$LIST" 2>/dev/null | grep -v '^$' | sort -u > "$W/list"
"$HC" "$D" < "$W/list" | sort -u > "$W/rejected"
comm -23 "$W/list" "$W/rejected" > "$W/accepted"
timeout ${TIME:-600} $E "$D.dic" | sort -u -S 2G > "$W/forms"
comm -23 "$W/accepted" "$W/forms" > "$W/missing"
# classify misses: forms of the same word Hunspell's checker accepts
# (case variant, ICONV, trailing dot, BREAK pieces), then compound-only
$E "$D.dic" --normalize < "$W/missing" > "$W/missing-norm"
python3 - "$W" <<'PY'
import sys, re
w = sys.argv[1]
miss = [l.rstrip('\n') for l in open(w + '/missing', encoding='utf-8', errors='replace')]
norm = [l.rstrip('\n') for l in open(w + '/missing-norm', encoding='utf-8', errors='replace')]
def case(m):
    return {m.lower(), m[:1].lower() + m[1:], m[:1] + m[1:].lower(), m[:1].upper() + m[1:].lower()}
cands = {}
for m, n in zip(miss, norm):
    c = {'case': case(m) - {m}, 'iconv': ({n} | case(n)) - {m}, 'dot': set()}
    s = m.rstrip('.')
    if s != m:
        c['dot'] = {s} | case(s)
    pieces = [p for p in re.split('[-–]', m) if p]
    c['break'] = pieces if len(pieces) > 1 or (pieces and pieces[0] != m) else []
    cands[m] = c
need = set()
for c in cands.values():
    for k in ('case', 'iconv', 'dot'):
        need |= c[k]
    for p in c['break']:
        need |= {p} | case(p)
found = set()
with open(w + '/forms', encoding='utf-8', errors='replace') as f:
    for l in f:
        l = l.rstrip('\n')
        if l in need:
            found.add(l)
out = {k: open(f'{w}/miss-{k}', 'w', encoding='utf-8') for k in ('case', 'iconv', 'dot', 'break', 'rest')}
for m, c in cands.items():
    if c['case'] & found:
        k = 'case'
    elif c['iconv'] & found:
        k = 'iconv'
    elif c['dot'] & found:
        k = 'dot'
    elif c['break'] and all(({p} | case(p)) & found for p in c['break']):
        k = 'break'
    else:
        k = 'rest'
    out[k].write(m + '\n')
PY
# compound-only: rejected once compounding is switched off (ONLYINCOMPOUND
# stays, so onlyincompound affixes keep failing outside compounds)
mkdir -p "$W/nocpd"
grep -v -E '^(COMPOUNDFLAG|COMPOUNDBEGIN|COMPOUNDMIDDLE|COMPOUNDEND|COMPOUNDRULE|COMPOUNDLAST|COMPOUNDFIRST)' "$D.aff" > "$W/nocpd/x.aff"
ln -sf "$(readlink -f "$D.dic")" "$W/nocpd/x.dic"
"$HC" "$W/nocpd/x" < "$W/miss-rest" | sort -u > "$W/miss-compound"
sort -u "$W/miss-rest" | comm -23 - "$W/miss-compound" > "$W/miss-other"
acc=$(wc -l < "$W/accepted"); miss=$(wc -l < "$W/missing")
v=$(cat "$W/miss-case" "$W/miss-iconv" "$W/miss-dot" | wc -l); b=$(wc -l < "$W/miss-break")
cp=$(wc -l < "$W/miss-compound"); o=$(wc -l < "$W/miss-other")
python3 -c "
acc,miss,v,b,cp,o=$acc,$miss,$v,$b,$cp,$o
base=acc-v-b-cp
print(f'$NAME list=$(wc -l < "$W/list") accepted={acc} produced={acc-miss} ({100*(acc-miss)/max(acc,1):.2f}%) miss_variant(case/iconv/dot)={v} miss_break={b} miss_compound={cp} miss_other={o} share_of_plain_words={100*(base-o)/max(base,1):.3f}%')
"
