# tests/fuzz/lib-fuzz.sh: run fuzz targets briefly over their seed corpora, one check each.
# Sourced after tests/lib.sh. The targets are built by `make fuzz-build` (make
# check does it) into FUZZ_BUILD; without clang they cannot be, and the checks
# say they skipped.
FUZZ_BUILD=${FUZZ_BUILD:-build/fuzz}
case $FUZZ_BUILD in /*) ;; *) FUZZ_BUILD=$SGIT_TEST_TOP/$FUZZ_BUILD ;; esac
# Each target runs at most this long (or this many inputs): the seeds, then mutations.
FUZZ_CHECK_SECONDS=${FUZZ_CHECK_SECONDS:-1}
FUZZ_CHECK_RUNS=${FUZZ_CHECK_RUNS:-10000}

# fuzz_targets <name...>: one "ok"/"not ok" line per target
fuzz_targets() {
	if ! command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1; then
		ok "# skip: ${FUZZ_CC:-clang} not found, fuzz targets not built ($*)"
		return 0
	fi
	for t in "$@"; do
		bin=$FUZZ_BUILD/fuzz_$t
		if [ ! -x "$bin" ]; then
			not_ok "fuzz target $t is built (make fuzz-build)"
			continue
		fi
		mkdir -p "$TEST_DIR/corpus/$t" "$TEST_DIR/art/$t"
		if "$bin" -max_total_time="$FUZZ_CHECK_SECONDS" -runs="$FUZZ_CHECK_RUNS" -timeout=10 \
			-rss_limit_mb=2048 -artifact_prefix="$TEST_DIR/art/$t/" \
			"$TEST_DIR/corpus/$t" "$SGIT_TEST_TOP/fuzz/corpus/$t" >"$TEST_DIR/$t.log" 2>&1; then
			ok "fuzz target $t survives its seeds and ${FUZZ_CHECK_SECONDS}s of mutations"
		else
			not_ok "fuzz target $t survives its seeds and ${FUZZ_CHECK_SECONDS}s of mutations"
			grep -E 'ERROR|runtime error|SUMMARY|^#[0-9]+ ' "$TEST_DIR/$t.log" | head -n 20 | sed 's/^/  | /'
			for a in "$TEST_DIR/art/$t"/*; do
				[ -f "$a" ] && echo "  input: $(od -An -c "$a" | head -n 4 | tr -s ' ')"
			done
		fi
	done
}
