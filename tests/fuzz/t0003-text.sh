#!/bin/sh
# tests/fuzz/t0003-text.sh: config, gpg status, pretty formats, dates, quoting, globs, URLs, identities, messages and colours, fuzzed briefly from their seed corpora
. "$(dirname "$0")/../lib.sh"
. "$SGIT_TEST_TOP/tests/fuzz/lib-fuzz.sh"

fuzz_targets config gpg_status pretty date quote wildmatch urlmatch ident message color
finish
