#!/bin/sh
# tests/docs/t0002-names.sh: every file and function the docs name still exists,
# so that a rename or a removal in the code cannot leave the docs pointing at nothing.
. "$SGIT_TEST_TOP/tests/lib.sh"

top=$SGIT_TEST_TOP
for doc in "$top"/docs/*.md; do
	name=docs/$(basename "$doc")
	missing=
	# `path/to/file.c`: files of the tree (folders may be named before they exist:
	# "where new code goes"; refs/... are ref names)
	for p in $(grep -o '`[a-z][a-zA-Z0-9_./-]*/[a-zA-Z0-9_.-]*`' "$doc" | tr -d '`' | sort -u); do
		case $p in
		*.c | *.h | *.sh | *.md | */run | */bootstrap | scripts/*)
			[ -e "$top/$p" ] || missing="$missing $p" ;;
		esac
	done
	# `name()` and `sgit_name`: functions and types defined somewhere in the code
	for f in $(grep -o '`[a-z_][a-z0-9_]*()`\|`sgit_[a-z0-9_]*`' "$doc" | tr -d '`()' | sort -u); do
		grep -rqw -- "$f" "$top"/util "$top"/objects "$top"/refs "$top"/gpg "$top"/porcelain \
			"$top"/include 2>/dev/null || missing="$missing $f"
	done
	expect_eq "$name names only files and functions that exist" "" "$missing"
done
finish
