#!/bin/sh
# make demo (scripts/demo): it runs, tells its story, and its key lines are
# there: the signed tag pulled by its short name, the mergetag in the merge
# commit, the merged tag's good signature, the forged tag refused. Run twice,
# it prints the same bytes (fixed names, dates and signing time).
. "$SGIT_TEST_TOP/tests/lib.sh"

demo() { SGIT_BIN="$SGIT_BIN" sh "$SGIT_TEST_TOP/scripts/demo"; }

expect "the demo runs" demo
cp "$TEST_DIR/.out" run1
has() { grep -q -- "$2" run1 && ok "$1" || { not_ok "$1"; echo "  no line matching: $2"; }; }

has "it shows each command" '^\$ sgit tag -s for-linus -m '
has "the pull by the tag's short name" '^\$ sgit pull --no-edit \.\./contributor for-linus$'
has "and what the fetch said" '^ \* tag               for-linus  -> FETCH_HEAD$'
has "the merge's title" "^Merge tag 'for-linus' of \.\./contributor$"
has "the mergetag header in the merge commit" '^mergetag object [0-9a-f]\{40\}$'
has "the whole tag in it, signature included" '^ -----BEGIN PGP SIGNATURE-----$'
has "log --show-signature names the merged tag" "^merged tag 'for-linus'$"
has "with the good signature" '^gpg: Good signature from "C O Mitter <committer@example.com>" \[ultimate\]$'
has "verify-tag FETCH_HEAD" '^\$ sgit verify-tag FETCH_HEAD$'
has "the forged tag written with hash-object" '^\$ sgit hash-object -t tag -w forged\.tag$'
has "refused with a BAD signature" '^gpg: BAD signature from "C O Mitter <committer@example.com>"'
has "and a non-zero exit status" '^(exit status 1)$'
has "it ends with its summary" '^demo: ok - '
expect_eq "the summary is the last line" "demo: ok" "$(tail -n 1 run1 | cut -c1-8)"
expect_eq "nothing on stderr" "" "$(cat "$TEST_DIR/.err")"
expect_eq "no FAILED line" "" "$(grep FAILED run1)"

expect "a second run" demo
expect_files_eq "prints the same bytes" run1 "$TEST_DIR/.out"
expect_eq "the user's gpg home is untouched" "" "$(ls "$GNUPGHOME")"
expect_eq "and leaves no temporary directory behind" "" \
	"$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'sgit-demo-*' -newer run1 2>/dev/null)"

finish
