#!/bin/sh
# tests/hostile/t0004-links.sh: a symbolic link, then a path through it; case collisions;
# HFS+ spellings of .git when core.protectHFS is set
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/hostile/lib-hostile.sh"

# one tree: "a" a link out, and "a/inside" (a folder of the same name): a/inside
# may only ever land in a real folder of the work tree
# (git checks the folder out; sgit refuses such a tree, "two entries named 'a'")
SAFE_ONLY="sgit refuses a tree with a file and a folder of one name"
mk_case link-then-path "120000 a @OUT
100644 a/inside HOSTILE
100644 z ok" && every_writer "link 'a' and 'a/inside' in one tree"
mk_case link-up "120000 a ../..
100644 a/inside HOSTILE" && every_writer "link 'a' to '../..' and 'a/inside'"
SAFE_ONLY=
# two commits: the link first, then a folder in its place (a/inside may be written
# inside the work tree, never through the link into "outside")
mk_case link-then-dir "120000 a @OUT
100644 z ok" && {
	git -C "$C/work" checkout -q evil
	printf '100644 a/inside HOSTILE\n100644 z ok\n' |
		python3 "$MKTREE" "$C/work/.git" refs/heads/evil2 "$(git -C "$C/work" rev-parse evil)" >/dev/null
	run_cmd "link 'a', then 'a/inside'" "checkout" 'T checkout -q evil2'
	run_cmd "link 'a', then 'a/inside'" "reset --hard" 'T reset -q --hard evil2'
	run_cmd "link 'a', then 'a/inside'" "merge" 'T merge -q evil2'
	run_cmd "link 'a', then 'a/inside'" "restore" 'T restore --source=evil2 .'
}
# a and A: two names on a case-sensitive file system, one on others
mk_case case "120000 A @OUT
100644 a/inside HOSTILE" && every_writer "link 'A' and 'a/inside'"
# HFS+ ignores some code points: with core.protectHFS these are .git
mk_case hfs "100644 .g\\xe2\\x80\\x8cit/inside HOSTILE
100644 \\xef\\xbb\\xbf.GIT/inside HOSTILE
100644 z ok" && {
	git -C "$C/work" config core.protectHFS true
	every_writer "HFS+ spellings of .git, core.protectHFS set"
	git -C "$C/work" config core.protectHFS false
	git -C "$C/work" config core.protectNTFS false
	run_cmd "HFS+ spellings of .git, protections off" "checkout" 'T checkout -q evil'
}
mk_case ntfs "100644 git~1/inside HOSTILE
100644 z ok" && {
	git -C "$C/work" config core.protectNTFS false
	run_cmd "git~1 with core.protectNTFS off" "checkout" 'T checkout -q evil'
	run_cmd "git~1 with core.protectNTFS off" "restore" 'T restore --source=evil .'
}
exit 0
