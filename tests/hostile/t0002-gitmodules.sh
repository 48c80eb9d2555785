#!/bin/sh
# tests/hostile/t0002-gitmodules.sh: .gitmodules as a symbolic link, in every name NTFS gives it
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/hostile/lib-hostile.sh"

all=""
for name in .gitmodules .GITMODULES .gitmodules. '.gitmodules\040' '.gitmodules:$DATA' gitmod~1 GITMOD~4 \
	gi7eba~1 sub/.gitmodules; do
	all="$all
120000 $name @OUT/pwned"
	mk_case gitmodules "120000 $name @OUT/pwned
100644 z ok" && some_writers "link '$name'"
done
mk_case gitmodules "120000 .gitmodules @OUT/pwned
100644 z ok" && every_writer "link '.gitmodules'"
mk_case gitmodules-all "$all
100644 z ok" && every_writer "every .gitmodules spelling in one tree"
exit 0
