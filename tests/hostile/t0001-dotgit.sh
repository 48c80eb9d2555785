#!/bin/sh
# tests/hostile/t0001-dotgit.sh: trees that name .git in any spelling git refuses
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/hostile/lib-hostile.sh"

names='.git .GIT .Git .git. .git\040 git~1 GIT~1 .git::$INDEX_ALLOCATION a/.git .git/hooks'
all=""
for name in $names; do
	all="$all
100644 $name/pwned HOSTILE"
	mk_case dotgit "100644 $name/pwned HOSTILE
100644 z ok" && some_writers "tree '$name/pwned'"
done
mk_case dotgit-all "$all
100644 z ok" && every_writer "every .git spelling in one tree"
mk_case dotgit-config "100644 .git/config HOSTILE
100644 .git/hooks/post-checkout HOSTILE" && every_writer "tree '.git/config'"
exit 0
