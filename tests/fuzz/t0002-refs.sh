#!/bin/sh
# tests/fuzz/t0002-refs.sh: the index, packed-refs, loose refs, reflogs, refspecs and revisions, fuzzed briefly from their seed corpora
. "$(dirname "$0")/../lib.sh"
. "$SGIT_TEST_TOP/tests/fuzz/lib-fuzz.sh"

fuzz_targets index packed_refs loose_ref reflog refspec revparse
finish
