#!/bin/sh
# tests/fuzz/t0004-porcelain.sh: mailmaps, ignore rules, pathspecs and ref formats, fuzzed briefly from their seed corpora
. "$(dirname "$0")/../lib.sh"
. "$SGIT_TEST_TOP/tests/fuzz/lib-fuzz.sh"

fuzz_targets mailmap ignore pathspec ref_format
finish
