#!/bin/sh
# Run unit, e2e and interop tests (or the kinds named) and end with one line
# "N passed, N failed". Exit non-zero when anything failed.
# Env: BUILD (build folder), SGIT_BIN (the binary under test).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
export SGIT_BIN=${SGIT_BIN:-$top/$BUILD/sgit}
export SGIT_TEST_TOP=$top
kinds=${*:-unit e2e interop}
passed=0 failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

add() { passed=$((passed + $1)); failed=$((failed + $2)); }

run_unit() {
	for t in "$top/$BUILD"/tests/unit/*/test_*; do
		[ -x "$t" ] || continue
		name=${t#"$top/$BUILD/tests/unit/"}
		"$t" >"$log" 2>&1
		rc=$?
		line=$(grep '^unit-result: ' "$log" | tail -n 1)
		if [ -z "$line" ]; then
			echo "FAIL unit/$name: crashed (exit $rc)"; cat "$log"; add 0 1; continue
		fi
		set -- $line
		[ "$3" = 0 ] && [ $rc -ne 0 ] && { echo "FAIL unit/$name: exit $rc"; cat "$log"; add 0 1; }
		[ "$3" != 0 ] && { echo "FAIL unit/$name"; grep -v '^unit-result' "$log"; }
		echo "unit/$name: $2 passed, $3 failed" | sed 's/^/  /'
		add "$2" "$3"
	done
}

# A script prints "ok - ..." / "not ok - ..." lines (tests/lib.sh); each counts.
run_scripts() {
	for s in "$top"/tests/"$1"/t*.sh; do
		[ -f "$s" ] || continue
		name=$1/$(basename "$s")
		sh "$s" >"$log" 2>&1
		rc=$?
		p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
		if [ "$f" -gt 0 ] || [ $rc -ne 0 ] || [ "$p" -eq 0 ]; then
			echo "FAIL $name (exit $rc)"; grep -v '^ok ' "$log" | head -n 60
			[ "$f" -eq 0 ] && f=1
		fi
		echo "  $name: $p passed, $f failed"
		add "$p" "$f"
	done
}

for k in $kinds; do
	case $k in
	unit) run_unit ;;
	e2e|interop) run_scripts "$k" ;;
	*) echo "unknown test kind '$k'" >&2; exit 2 ;;
	esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
