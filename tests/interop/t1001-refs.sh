#!/bin/sh
# The ref plumbing against git on a repository git made (branches, lightweight
# and annotated tags, a tag of a tag, refs/remotes/origin/HEAD, a branch and a
# tag of the same name), with loose and with packed refs: show-ref,
# symbolic-ref and check-ref-format answer as git does; refs, reflogs and
# packed-refs that either side writes are read by the other.
. "$SGIT_TEST_TOP/tests/lib.sh"

# ---- check-ref-format: a table of names under each set of flags ----
tab=$(printf '\t') del=$(printf '\177')
names="heads/master
refs/heads/master
master
a
foo/bar/baz
foo//bar
/foo
//foo/bar
foo/
foo/.
foo/.bar
.foo/bar
foo/bar.
foo..bar
foo/bar.lock
foo.lock/bar
foo/.lock
foo/bar@{x
foo/@{x}
foo/x@{
@
@/foo
foo/@
foo/a@b
refs/heads/@{-1}
foo/bar~1
foo/bar^
foo/b:ar
foo/b?ar
foo/b*ar
foo/*
*/foo
foo/*/bar
foo/*/*
*
foo/b[ar
foo/b\\ar
foo/b ar
foo/b${tab}ar
foo/bar${del}
foo/ünïcödé
refs/tags/v1.0
refs/remotes/origin/HEAD
-foo
foo/-bar
HEAD
.
..
foo/..
foo/...
foo/a.b.c
foo/lock
foo/.lockx
foo/bar.lock/
foo./bar
a/b/c/d/e/f/g"
count=$(printf '%s\n' "$names" | wc -l)
expect "the name table has at least 40 names ($count)" test "$count" -ge 40

# table <command> <flags>: "<exit> <stdout> <name>" for every name (and the empty one)
table() {
	cmd=$1 flags=$2
	IFS='
'
	set -f
	set -- $names ""
	set +f
	unset IFS
	for n in "$@"; do
		out=$($cmd check-ref-format $flags "$n" 2>/dev/null); code=$?
		printf '%s [%s] %s\n' "$code" "$out" "$n"
	done
}
for flags in "" "--allow-onelevel" "--refspec-pattern" "--allow-onelevel --refspec-pattern" \
	"--normalize" "--normalize --allow-onelevel" "--print --refspec-pattern" \
	"--allow-onelevel --no-allow-onelevel"; do
	table git "$flags" >git.tab
	table sgit "$flags" >sgit.tab
	expect_files_eq "check-ref-format '$flags' over the table" git.tab sgit.tab
done
same_as_git "check-ref-format without a name is a usage error" check-ref-format
same_as_git "check-ref-format with two names is a usage error" check-ref-format a/b c/d
same_as_git "check-ref-format with an unknown option is a usage error" check-ref-format --bogus a/b
same_as_git "check-ref-format -h" check-ref-format -h
for b in master foo/bar -foo HEAD a..b @ refs/heads/x 'x@{-1}' '@{-1}' ''; do
	same_as_git "check-ref-format --branch '$b' outside a repository" check-ref-format --branch "$b"
done

# ---- a repository made by git ----
git init -q repo && cd repo || exit 2
git commit -q --allow-empty -m one
git commit -q --allow-empty -m two
git tag light
git tag -a -m "annotated" v1 HEAD~1
git -c advice.nestedTag=false tag -a -m "tag of a tag" v1-outer v1
git tag -a -m "tree tag" treetag "HEAD^{tree}"
git branch same HEAD~1
git tag same
git branch -q side
git checkout -q side && git checkout -q master && git checkout -q side
git update-ref refs/remotes/origin/master HEAD
git update-ref refs/remotes/origin/next HEAD~1
git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/master
git update-ref refs/notes/commits HEAD~1
git symbolic-ref refs/heads/sym refs/heads/master

for b in '@{-1}' '@{-2}' '@{-3}' '@{-9}' '@{-1}x' '@{-0}' master '@{-1}/y'; do
	same_as_git "check-ref-format --branch '$b' with git's checkout reflog" check-ref-format --branch "$b"
done

show_ref_checks() {
	kind=$1
	for args in "" "--heads" "--tags" "--heads --tags" "-d" "--dereference --tags" "-s" "--hash" \
		"--hash=10" "-s12 -d" "--abbrev" "--abbrev=10" "-d --abbrev=5" "--hash --abbrev=8" \
		"--no-abbrev -d" "--head" "--head --heads" "--head -d master" "-h master" "master" \
		"v1" "heads/master" "origin/HEAD" "origin/master same" "ster" "s/master" "same -d" \
		"--tags same" "--heads same" "-q" "-q nothing" "nothing" "HEAD" "--head HEAD" \
		"--verify refs/heads/master" "--verify refs/heads/master refs/tags/v1 -d" \
		"--verify master" "--verify -q master" "--verify HEAD" "--verify refs/heads/nothing" \
		"--verify -q refs/heads/nothing" "--verify refs/heads/sym" "--verify" \
		"--verify refs/remotes/origin/HEAD -s" "-- --heads" "--hash=abc" "--abbrev=x"; do
		same_as_git "show-ref $args ($kind)" show-ref $args
	done
	expect_code "lone -h of show-ref is help ($kind)" 129 sgit show-ref -h
}

symbolic_ref_checks() {
	kind=$1
	for args in "HEAD" "--short HEAD" "refs/remotes/origin/HEAD" "--short refs/remotes/origin/HEAD" \
		"refs/heads/sym" "--short refs/heads/sym" "--no-recurse refs/heads/sym" \
		"refs/heads/master" "-q refs/heads/master" "nothing" "-q nothing" "refs/heads/a..b" \
		"--quiet refs/tags/v1"; do
		same_as_git "symbolic-ref $args ($kind)" symbolic-ref $args
	done
}

show_ref_checks loose
symbolic_ref_checks loose
git symbolic-ref HEAD refs/heads/same
same_as_git "symbolic-ref --short of a branch a tag shadows" symbolic-ref --short HEAD
git symbolic-ref HEAD refs/heads/master

cp -R . ../packed-copy
git pack-refs --all
show_ref_checks packed
symbolic_ref_checks packed

# a loose ref that hides its packed entry, and a packed tag whose peeled line is used
git update-ref refs/heads/same HEAD
git update-ref refs/tags/v1-outer "$(git rev-parse v1)"
same_as_git "show-ref -d with loose refs over packed ones" show-ref -d

# ---- update-ref: what sgit writes, git reads ----
sgit update-ref -m "sgit made this" refs/heads/by-sgit HEAD~1
expect_eq "git sees the branch sgit created" "$(git rev-parse HEAD~1)" "$(git rev-parse by-sgit)"
expect_eq "git reads the reflog sgit wrote" "by-sgit@{0}: sgit made this" \
	"$(git reflog show --format='%gd: %gs' by-sgit)"
sgit update-ref -m "moved on" refs/heads/by-sgit master refs/heads/by-sgit
expect_eq "git sees the update sgit made" "$(git rev-parse master)" "$(git rev-parse by-sgit)"
expect_eq "git reads both reflog entries" "by-sgit@{0}: moved on
by-sgit@{1}: sgit made this" "$(git reflog show --format='%gd: %gs' by-sgit)"
sgit update-ref -d refs/heads/by-sgit
expect_code "git sees sgit's delete" 1 git rev-parse --verify -q refs/heads/by-sgit
sgit update-ref -d refs/tags/light
expect_code "git sees sgit's delete of a packed ref" 1 git show-ref --verify -q refs/tags/light
expect "git still reads the rewritten packed-refs" git show-ref --verify -q refs/tags/v1
sgit symbolic-ref -m "to side" HEAD refs/heads/side
expect_eq "git sees the symbolic ref sgit set" refs/heads/side "$(git symbolic-ref HEAD)"
expect_eq "git reads the HEAD reflog entry of the switch" "to side" "$(git reflog -1 --format=%gs HEAD)"
sgit symbolic-ref HEAD refs/heads/master

# ---- and what git writes, sgit reads ----
git update-ref -m "git made this" refs/heads/by-git HEAD~1
same_as_git "sgit sees the branch git created" show-ref --verify refs/heads/by-git
git update-ref -d refs/heads/same
same_as_git "sgit sees git's delete of a loose ref over a packed one" show-ref same
git checkout -q by-git && git checkout -q master
same_as_git "sgit reads git's checkout reflog" check-ref-format --branch '@{-1}'

# ---- reflog lines and refs byte for byte: the same change made by both ----
cd .. && rm -rf a b && git init -q a && cd a && git commit -q --allow-empty -m one &&
	git commit -q --allow-empty -m two && cd .. && cp -R a b || exit 2
export GIT_COMMITTER_DATE="1112912100 -0700"
run_both() { (cd a && git "$@") >/dev/null 2>&1; (cd b && sgit "$@") >/dev/null 2>&1; }
run_both update-ref -m "create  it
	now" refs/heads/x HEAD~1
run_both update-ref refs/heads/x HEAD
run_both update-ref -m "through HEAD" HEAD HEAD~1
run_both update-ref --no-deref -m detach HEAD HEAD
run_both update-ref --create-reflog refs/other/y HEAD
run_both update-ref refs/other/z HEAD
run_both symbolic-ref -m back HEAD refs/heads/master
for f in refs/heads/x refs/heads/master HEAD logs/refs/heads/x logs/refs/heads/master logs/HEAD \
	logs/refs/other/y; do
	expect_files_eq "$f as git writes it" a/.git/$f b/.git/$f
done
expect_code "no reflog for a ref outside the logged namespaces" 1 test -e b/.git/logs/refs/other/z

# ---- pack-refs: the same packed-refs and loose files as git ----
for args in "" "--all" "--all --no-prune"; do
	rm -rf pa pb && cp -R packed-copy pa && cp -R packed-copy pb
	(cd pa && git update-ref refs/bisect/x HEAD && git pack-refs $args)
	(cd pb && git update-ref refs/bisect/x HEAD && sgit pack-refs $args)
	expect_files_eq "pack-refs $args: packed-refs as git writes it" pa/.git/packed-refs pb/.git/packed-refs
	(cd pa && find .git/refs -type f | sort) >pa.files
	(cd pb && find .git/refs -type f | sort) >pb.files
	expect_files_eq "pack-refs $args: the same loose refs remain" pa.files pb.files
	cd pb && same_as_git "pack-refs $args: git and sgit read the result alike" show-ref -d
	cd ..
done

finish
