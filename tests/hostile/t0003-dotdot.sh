#!/bin/sh
# tests/hostile/t0003-dotdot.sh: trees with "." and ".." components, which would reach outside
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/hostile/lib-hostile.sh"

# sgit's tree parser refuses "." and ".." names outright ("corrupt tree"), where
# git reads the tree and refuses the path: safe, but not yet git's message
SAFE_ONLY="sgit refuses the tree when it is read"
mk_case dotdot "100644 ../pwned HOSTILE
100644 z ok" && every_writer "tree '../pwned'"
mk_case dotdot2 "100644 ../../pwned HOSTILE
100644 a/../../pwned HOSTILE
100644 ./pwned HOSTILE
100644 b/./pwned HOSTILE
100644 z ok" && every_writer "trees '..', '.' at any depth"
exit 0
