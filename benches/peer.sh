#!/usr/bin/env bash
# knot vs SWI-Prolog tabling on the same generated files, alternating, whole-process wall time.
# usage: benches/peer.sh [RUNS]      (from the project root; needs ../shared/bench/gen.py)
# Installs swi-prolog-nox when missing. Prints: workload N knot_median swi_median ratio answers.
set -euo pipefail
runs=${1:-3}
gen="$(cd "$(dirname "$0")/.." && pwd)/../shared/bench/gen.py"
[ -f "$gen" ] || { echo "missing $gen (the shared benchmark generator)"; exit 1; }
command -v swipl >/dev/null || { apt-get update -qq && apt-get install -y -qq swi-prolog-nox >/dev/null; }
cargo build --release -q
knot="$(pwd)/target/release/knot"
d=$(mktemp -d)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
printf '%-16s %6s %10s %10s %7s %10s\n' workload N knot_s swi_s ratio answers
for spec in tc_left_chain:1000 tc_left_cycle:1000 tc_right_chain:1000 tc_left_random:2000 sg_tree:2000; do
  w=${spec%%:*}; n=${spec##*:}
  python3 "$gen" "$w" "$n" > "$d/$w.pl"; q=$(python3 "$gen" --query "$w" "$n")
  ks=(); ss=()
  for _ in $(seq "$runs"); do
    t0=$(now); ans=$("$knot" query "$d/$w.pl" --goal "$q" --count); t1=$(now); ks+=("$(echo "$t1 - $t0" | bc)")
    t0=$(now); swipl -q -g "load_files('$d/$w.pl',[]), aggregate_all(count, ($q), _)" -t halt; t1=$(now); ss+=("$(echo "$t1 - $t0" | bc)")
  done
  km=$(printf '%s\n' "${ks[@]}" | median); sm=$(printf '%s\n' "${ss[@]}" | median)
  printf '%-16s %6s %10.3f %10.3f %7.2f %10s\n' "$w" "$n" "$km" "$sm" "$(echo "scale=3; $km / $sm" | bc)" "$ans"
done
rm -rf "$d"
