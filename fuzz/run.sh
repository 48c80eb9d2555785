#!/bin/sh
# Run each fuzz target (or those named) for FUZZ_SECONDS on its seed corpus.
# New inputs go to a scratch corpus under FUZZ_BUILD (kept between runs),
# never into fuzz/corpus/; crashes are written to FUZZ_BUILD/artifacts/.
# Env: FUZZ_BUILD (where the targets are), FUZZ_SECONDS (default 60).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-build/fuzz}
case $build in /*) ;; *) build=$top/$build ;; esac
seconds=${FUZZ_SECONDS:-60}
targets=${*:-$(cd "$top/fuzz" && ls fuzz_*.c | sed 's/^fuzz_//; s/\.c$//')}
failed=""
for t in $targets; do
	bin=$build/fuzz_$t
	[ -x "$bin" ] || { echo "fuzz: no target $bin (make fuzz-build)" >&2; exit 2; }
	work=$build/corpus/$t art=$build/artifacts/$t
	mkdir -p "$work" "$art"
	echo "fuzz: $t for ${seconds}s"
	if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 \
		-artifact_prefix="$art/" "$work" "$top/fuzz/corpus/$t" >"$build/$t.log" 2>&1; then
		echo "fuzz: $t FAILED, see $build/$t.log and $art/"
		grep -E '^==[0-9]+==ERROR|runtime error|^SUMMARY' "$build/$t.log" | head -n 5
		failed="$failed $t"
	fi
done
[ -z "$failed" ] && { echo "fuzz: every target ran ${seconds}s without a finding"; exit 0; }
echo "fuzz: findings in:$failed"
exit 1
