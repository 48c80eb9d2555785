#!/bin/sh
# bench/run.sh: sgit against git on the same workloads, alternated in one run.
#
#   bench/run.sh [--record] [--rounds N] [<area | workload>...]
#
# Workloads live in bench/workloads/<area>.sh, one set of functions each (see
# the comment at the top of bench/workloads/objects.sh); naming an area runs its
# workloads, naming a workload runs just that one, naming none runs them all.
# Data is built once under $BENCH_DIR (default /tmp/sgit-bench; a tmpfs such as
# /dev/shm takes the disk's noise out) and reused by later runs. Each workload runs once per tool untimed (warm-up; the two outputs must
# be identical), then N rounds of git, sgit, git, sgit... each from the same
# starting state. The table gives the median wall time of each tool, the ratio
# sgit/git and the peak resident memory (largest over the rounds; it counts
# as more than git's beyond 1%, the spread between runs of one program). --record
# also appends the table and a description of the machine to bench/RESULTS.md.
# The timer is bench/timeit.c (monotonic clock, peak RSS from wait4 as
# /usr/bin/time -f %M reports it), compiled into $BENCH_DIR on first use.
#
# Env: SGIT_BIN (default build/sgit), GIT_BIN (default /usr/bin/git),
# BENCH_DIR, BENCH_ROUNDS (default 5). Exit status: 1 when a tool failed or
# the outputs differ; a missed target is reported, not an error.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
SGIT_BIN=${SGIT_BIN:-$top/build/sgit}
case $SGIT_BIN in /*) ;; */*) SGIT_BIN=$PWD/$SGIT_BIN ;; esac
GIT_BIN=${GIT_BIN:-/usr/bin/git}
BENCH_DIR=${BENCH_DIR:-/tmp/sgit-bench}
rounds=${BENCH_ROUNDS:-5}
record=0
selected=""

usage() { echo "usage: bench/run.sh [--record] [--rounds N] [<area | workload>...]" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--record) record=1 ;;
	--rounds) [ $# -ge 2 ] || usage; rounds=$2; shift ;;
	--rounds=*) rounds=${1#--rounds=} ;;
	-h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) usage ;;
	*) selected="$selected $1" ;;
	esac
	shift
done
case $rounds in ''|*[!0-9]*|0) echo "bench: --rounds wants a positive number" >&2; exit 2 ;; esac

# Both tools see the same quiet environment: no user or system config.
mkdir -p "$BENCH_DIR/home" "$BENCH_DIR/.stamps" || exit 2
BENCH_DIR=$(cd "$BENCH_DIR" && pwd)
export HOME="$BENCH_DIR/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C LANG=C TZ=UTC
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_CONFIG_GLOBAL \
	GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_CEILING_DIRECTORIES XDG_CONFIG_HOME GIT_CONFIG_PARAMETERS
BENCH_GEN=$top/bench/gen
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sgit-bench-run-XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
BENCH_RESULT=$scratch/result

# The timer: a few lines of C, built once per source change.
timeit=$BENCH_DIR/.timeit
if [ ! -x "$timeit" ] || [ "$top/bench/timeit.c" -nt "$timeit" ]; then
	${CC:-cc} -O2 -o "$timeit" "$top/bench/timeit.c" || { echo "bench: cannot build the timer" >&2; exit 2; }
fi

# ---- the interface for bench/workloads/*.sh ----

# workload <name> <what> <time target>: register <name>_setup, <name>_reset
# (optional) and <name>_run; <what> is the table's label, the target the
# highest acceptable median ratio sgit/git.
all_workloads=""
workload() {
	all_workloads="$all_workloads $1"
	eval "wl_area_$1=\$cur_area wl_what_$1=\$2 wl_target_$1=\$3"
}

# bench_once <stamp> <command...>: run a data-building command unless a
# previous run completed it; change the stamp name when the data changes.
bench_once() {
	stamp=$BENCH_DIR/.stamps/$1; shift
	[ -f "$stamp" ] && return 0
	echo "bench: building $(basename "$stamp") (once)..." >&2
	"$@" || { echo "bench: building $(basename "$stamp") failed" >&2; return 1; }
	touch "$stamp"
}

# measure <program> <args...>: the one timed command inside <name>_run.
# Redirect its stdout to "$BENCH_STDOUT" (a file in the warm-up, else /dev/null).
measure() { "$timeit" "$BENCH_RESULT" "$@"; }

for f in "$top"/bench/workloads/*.sh; do
	cur_area=$(basename "$f" .sh)
	. "$f"
done

# ---- running ----

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
maximum() { sort -n "$1" | tail -n 1; }

# run_one <workload> <tool> <stdout file>: reset, then run in the area folder.
run_one() {
	if command -v "$1_reset" >/dev/null 2>&1; then
		(cd "$BENCH_DIR/$area" && "$1_reset") || { echo "bench: $1: reset failed" >&2; return 2; }
	fi
	rm -f "$BENCH_RESULT"
	bin=$GIT_BIN; [ "$2" = sgit ] && bin=$SGIT_BIN
	(cd "$BENCH_DIR/$area" && BENCH_STDOUT=$3 "$1_run" "$bin") 2>"$scratch/err.$2"
	[ -s "$BENCH_RESULT" ] || { echo "999 0 127" >"$BENCH_RESULT"; }
	read -r ns kib code <"$BENCH_RESULT"
	if [ "$code" != 0 ]; then
		echo "bench: $1: $2 exited with $code" >&2; sed 's/^/  | /' "$scratch/err.$2" | head -n 5 >&2
		return 1
	fi
}

rows=$scratch/rows
: >"$rows"
status=0

bench_workload() {
	name=$1
	eval "area=\$wl_area_$name what=\$wl_what_$name target=\$wl_target_$name"
	mkdir -p "$BENCH_DIR/$area"
	(cd "$BENCH_DIR/$area" && "${name}_setup") || { status=1; return; }
	echo "bench: $name: warm-up and check" >&2
	verdict=""
	run_one "$name" git "$scratch/out.git" || verdict="git failed"
	run_one "$name" sgit "$scratch/out.sgit" || verdict="sgit failed (exit $code)"
	if [ -z "$verdict" ] && ! cmp -s "$scratch/out.git" "$scratch/out.sgit"; then
		verdict="outputs differ"
	fi
	if [ -z "$verdict" ] && command -v "${name}_verify" >/dev/null 2>&1 &&
	   ! (cd "$BENCH_DIR/$area" && "${name}_verify" "$scratch/out.sgit") >"$scratch/verify" 2>&1; then
		verdict="sgit's result fails the check"; sed 's/^/  | /' "$scratch/verify" | head -n 10 >&2
	fi
	rm -f "$scratch/out.git" "$scratch/out.sgit"
	if [ -n "$verdict" ]; then
		printf '%s\t-\t-\t-\t-\t-\t%s\t%s\n' "$what" "$target" "FAIL: $verdict" >>"$rows"
		status=1; return
	fi
	: >"$scratch/ns.git"; : >"$scratch/ns.sgit"; : >"$scratch/kib.git"; : >"$scratch/kib.sgit"
	r=0
	while [ $r -lt "$rounds" ]; do
		r=$((r + 1))
		echo "bench: $name: round $r of $rounds" >&2
		for tool in git sgit; do
			run_one "$name" $tool /dev/null || { status=1; verdict="$tool failed in round $r"; break 2; }
			echo "$ns" >>"$scratch/ns.$tool"; echo "$kib" >>"$scratch/kib.$tool"
		done
	done
	if [ -n "$verdict" ]; then
		printf '%s\t-\t-\t-\t-\t-\t%s\t%s\n' "$what" "$target" "FAIL: $verdict" >>"$rows"
		return
	fi
	gm=$(median "$scratch/ns.git"); sm=$(median "$scratch/ns.sgit")
	gk=$(maximum "$scratch/kib.git"); sk=$(maximum "$scratch/kib.sgit")
	awk -v what="$what" -v gm="$gm" -v sm="$sm" -v gk="$gk" -v sk="$sk" -v t="$target" 'BEGIN {
		ratio = sm / gm
		v = ""
		if (ratio > t + 0) v = "slower than target"
		if (sk + 0 > gk * 1.01) v = v (v == "" ? "" : ", ") "more memory than git"
		printf "%s\t%.1f\t%.1f\t%.2f\t%d\t%d\t%.2f\t%s\n", what, gm / 1e6, sm / 1e6, ratio, gk, sk, t,
			v == "" ? "ok" : v
	}' >>"$rows"
}

if [ -z "$selected" ]; then
	selected=$all_workloads
fi
for sel in $selected; do
	matched=0
	for name in $all_workloads; do
		eval "a=\$wl_area_$name"
		if [ "$sel" = "$name" ] || [ "$sel" = "$a" ]; then
			matched=1; bench_workload "$name"
		fi
	done
	[ $matched = 1 ] || { echo "bench: no area or workload named '$sel'" >&2; status=2; }
done

header="workload	git ms	sgit ms	sgit/git	git peak KiB	sgit peak KiB	target	verdict"
show_text() {
	{ echo "$header"; cat "$rows"; } | awk -F '\t' '{
		printf "%-42s %9s %9s %8s %12s %13s %6s  %s\n", $1, $2, $3, $4, $5, $6, ($2 == "git ms" ? $7 : "<=" $7), $8
	}'
	echo "(median of $rounds alternated rounds; peak KiB: the largest over the rounds; targets: time ratio, and peak memory <= git's + 1%)"
}
show_markdown() {
	{ echo "$header"; cat "$rows"; } | awk -F '\t' 'NR == 1 { print "| " $1 " | " $2 " | " $3 " | " $4 " | " $5 " | " $6 " | " $7 " | " $8 " |"
		print "|---|---:|---:|---:|---:|---:|---:|---|"; next }
		{ print "| " $1 " | " $2 " | " $3 " | " $4 " | " $5 " | " $6 " | <= " $7 " | " $8 " |" }'
}
machine() {
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
	mem=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
	rev=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
	echo "- machine: $(nproc) CPUs, ${cpu:-unknown CPU}, $mem memory, $(uname -sr)"
	echo "- $("$GIT_BIN" --version); $("$SGIT_BIN" version 2>/dev/null || echo 'sgit: no version') (tree at $rev)"
	echo "- $rounds rounds alternated git, sgit after one warm-up each; median wall time; peak RSS is the largest of the rounds (target: <= git's + 1%)"
}

[ -s "$rows" ] || exit $status
show_text
if [ $record = 1 ]; then
	results=$top/bench/RESULTS.md
	[ -f "$results" ] || printf '# Benchmark results\n\nsgit against git, alternated in one run (`make bench`, `bench/run.sh --record`).\nEach section is one run; the newest is last.\n' >"$results"
	{
		printf '\n## %s\n\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
		machine
		echo
		show_markdown
	} >>"$results"
	echo "bench: appended to $results" >&2
fi
exit $status
