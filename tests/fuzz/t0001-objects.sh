#!/bin/sh
# tests/fuzz/t0001-objects.sh: loose objects, commits, tags, trees, headers, deltas and packs, fuzzed briefly from their seed corpora
. "$(dirname "$0")/../lib.sh"
. "$SGIT_TEST_TOP/tests/fuzz/lib-fuzz.sh"

fuzz_targets loose commit tag tree header delta pack
finish
