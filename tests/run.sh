#!/bin/sh
# Run the unit, e2e, interop and docs tests (or the kinds named) and end with one line
# "N passed, N failed". Exit non-zero when anything failed.
# Test files run in parallel (TEST_JOBS, default: the number of cores); each
# writes to its own log, and the logs are reported in a fixed order.
# Env: BUILD (build folder), SGIT_BIN (the binary under test), TEST_JOBS.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
export SGIT_BIN=${SGIT_BIN:-$top/$BUILD/sgit}
export SGIT_TEST_TOP=$top BUILD
kinds=${*:-unit e2e interop docs fuzz hostile crash concurrency}
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
# One test file: "$1" is its kind, "$2" its path; writes $work/<n>.res
# ("<passed> <failed>") and $work/<n>.out (what to show).
if [ "${1:-}" = --one ]; then
	kind=$2 t=$3 n=$4
	log=$work/$n.log out=$work/$n.out
	case $kind in
	unit)
		name=unit/${t#"$top/$BUILD/tests/unit/"}
		"$t" >"$log" 2>&1
		rc=$?
		line=$(grep '^unit-result: ' "$log" | tail -n 1)
		if [ -z "$line" ]; then
			{ echo "FAIL $name: crashed (exit $rc)"; cat "$log"; } >"$out"
			echo "0 1" >"$work/$n.res"
			exit 0
		fi
		set -- $line
		p=$2 f=$3
		: >"$out"
		[ "$f" = 0 ] && [ $rc -ne 0 ] && { echo "FAIL $name: exit $rc"; cat "$log"; f=1; } >>"$out"
		[ "$f" != 0 ] && { echo "FAIL $name"; grep -v '^unit-result' "$log"; } >>"$out"
		echo "  $name: $p passed, $f failed" >>"$out"
		;;
	*)
		name=$kind/$(basename "$t")
		sh "$t" >"$log" 2>&1
		rc=$?
		p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
		: >"$out"
		if [ "$f" -gt 0 ] || [ $rc -ne 0 ] || [ "$p" -eq 0 ]; then
			{ echo "FAIL $name (exit $rc)"; grep -v '^ok ' "$log" | head -n 60; } >>"$out"
			[ "$f" -eq 0 ] && f=1
		fi
		echo "  $name: $p passed, $f failed" >>"$out"
		;;
	esac
	echo "$p $f" >"$work/$n.res"
	exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

list=$work/list
: >"$list"
n=0
for k in $kinds; do
	case $k in
	unit) files=$(find "$top/$BUILD/tests/unit" -type f -name 'test_*' ! -name '*.[od]' -perm -u+x 2>/dev/null | sort) ;;
	e2e|interop|fuzz|hostile|crash|concurrency|docs) files=$(ls "$top"/tests/"$k"/t*.sh 2>/dev/null) ;;
	*) echo "unknown test kind '$k'" >&2; exit 2 ;;
	esac
	for t in $files; do
		n=$((n + 1))
		printf '%s %s %05d\n' "$k" "$t" "$n" >>"$list"
	done
done

# The slowest files start first: interop suites are longest, so they lead.
export work
sort -k1,1r -s "$list" | xargs -P "$jobs" -L 1 sh "$0" --one
passed=0 failed=0
for id in $(awk '{print $3}' "$list"); do
	if [ -f "$work/$id.res" ]; then
		cat "$work/$id.out"
		read p f <"$work/$id.res"
	else
		echo "FAIL $(awk -v id="$id" '$3 == id {print $1 "/" $2}' "$list"): did not run"
		p=0 f=1
	fi
	passed=$((passed + p)); failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
