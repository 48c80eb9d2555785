#!/bin/sh
# The ref plumbing commands on their own: update-ref (old values, -d,
# --no-deref, --stdin), symbolic-ref, show-ref, check-ref-format and
# pack-refs, with their exit codes; and bad input: invalid names, a wrong old
# value, a stale lock, a ref to a missing object, a symbolic-ref loop, a
# corrupt packed-refs line. Each is reported, changes nothing, and does not crash.
. "$SGIT_TEST_TOP/tests/lib.sh"

snapshot() { find .git -type f ! -name index -exec cksum {} + | LC_ALL=C sort -k3; }
# unchanged <what> <exit code> <sgit args...>: fails with that code, the repository as it was
unchanged() {
	what=$1 code=$2; shift 2
	snapshot >../before
	expect_code "$what" "$code" sgit "$@"
	snapshot >../after
	expect_files_eq "$what: nothing changed" ../before ../after
}
# no_signal <what> <sgit args...>: fails without a crash (exit 1..128)
no_signal() {
	what=$1; shift
	"$SGIT_BIN" "$@" >"$TEST_DIR/.out" 2>"$TEST_DIR/.err"; code=$?
	if [ $code -ge 1 ] && [ $code -le 128 ]; then ok "$what"; else
		not_ok "$what"; echo "  exit $code: sgit $*"; sed 's/^/  | /' "$TEST_DIR/.err" | head -n 5; fi
}

git init -q repo && cd repo || exit 2
git commit -q --allow-empty -m one && git commit -q --allow-empty -m two && git tag -a -m t v1 || exit 2
one=$(git rev-parse HEAD~1) two=$(git rev-parse HEAD) tag=$(git rev-parse v1)
zero=0000000000000000000000000000000000000000

# ---- check-ref-format ----
expect_code "a two-level name is valid" 0 sgit check-ref-format heads/master
expect_code "a one-level name is not" 1 sgit check-ref-format master
expect_code "unless --allow-onelevel" 0 sgit check-ref-format --allow-onelevel master
expect_code "'..' is not allowed" 1 sgit check-ref-format a..b/c
expect_code "a '*' needs --refspec-pattern" 1 sgit check-ref-format 'refs/heads/*'
expect_code "and then one is fine" 0 sgit check-ref-format --refspec-pattern 'refs/heads/*'
expect_code "but not two" 1 sgit check-ref-format --refspec-pattern 'refs/*/*'
expect_eq "--normalize collapses slashes" "a/b/c" "$(sgit check-ref-format --normalize //a//b/c)"
expect_eq "--branch prints the name" "topic" "$(sgit check-ref-format --branch topic)"
expect_code "--branch refuses HEAD" 128 sgit check-ref-format --branch HEAD
expect_stderr_match "with git's message" "^fatal: 'HEAD' is not a valid branch name$"
expect_code "a usage error exits 129" 129 sgit check-ref-format

# ---- update-ref ----
expect "update-ref creates a branch from a revision" sgit update-ref refs/heads/x HEAD~1
expect_eq "the branch has the value" "$one" "$(cat .git/refs/heads/x)"
expect "update-ref with the right old value" sgit update-ref refs/heads/x "$two" "$one"
expect_eq "moves the branch" "$two" "$(cat .git/refs/heads/x)"
unchanged "update-ref with a wrong old value fails" 128 update-ref refs/heads/x "$one" "$one"
expect_stderr_match "saying what the ref is at" \
	"^fatal: update_ref failed for ref 'refs/heads/x': cannot lock ref 'refs/heads/x': is at $two but expected $one$"
unchanged "creating with a zero old value fails when it exists" 128 update-ref refs/heads/x "$one" $zero
expect_stderr_match "saying it exists" "reference already exists"
unchanged "an old value for a missing ref fails" 128 update-ref refs/heads/nope "$one" "$two"
expect_stderr_match "saying it cannot be resolved" "unable to resolve reference 'refs/heads/nope'"
unchanged "an invalid ref name is refused" 128 update-ref refs/heads/a..b HEAD
expect_stderr_match "with git's message" "refusing to update ref with bad name 'refs/heads/a..b'"
unchanged "a value that names nothing is refused" 128 update-ref refs/heads/y nothing
expect_stderr_match "as not a valid SHA1" "^fatal: nothing: not a valid SHA1$"
unchanged "an empty -m is refused" 128 update-ref -m "" refs/heads/y HEAD
unchanged "update-ref with one argument is a usage error" 129 update-ref refs/heads/y

touch .git/refs/heads/x.lock
unchanged "a stale lock makes the update fail" 128 update-ref refs/heads/x "$one"
expect_stderr_match "naming the lock file" "refs/heads/x\.lock"
unchanged "and the delete" 1 update-ref -d refs/heads/x
rm -f .git/refs/heads/x.lock

expect "update-ref HEAD moves the branch HEAD points to" sgit update-ref -m "via HEAD" HEAD "$one"
expect_eq "master moved" "$one" "$(git rev-parse master)"
expect_eq "HEAD is still symbolic" "refs/heads/master" "$(git symbolic-ref HEAD)"
expect_eq "both reflogs got the entry" "via HEAD|via HEAD" \
	"$(tail -n1 .git/logs/HEAD | cut -f2)|$(tail -n1 .git/logs/refs/heads/master | cut -f2)"
expect "update-ref --no-deref HEAD detaches it" sgit update-ref --no-deref HEAD "$two"
expect_eq "HEAD holds the id" "$two" "$(cat .git/HEAD)"
expect_eq "master stayed" "$one" "$(git rev-parse master)"
git symbolic-ref HEAD refs/heads/master

unchanged "update-ref -d with a wrong old value fails" 1 update-ref -d refs/heads/x "$one"
expect_stderr_match "with git's message" "^error: cannot lock ref 'refs/heads/x': is at $two but expected $one$"
expect "update-ref -d with the right old value" sgit update-ref -d refs/heads/x "$two"
expect_code "deletes the branch" 1 test -e .git/refs/heads/x
expect "deleting a missing ref is fine" sgit update-ref -d refs/heads/x
expect "a zero new value deletes too" sh -c "'$SGIT_BIN' update-ref refs/heads/t HEAD && '$SGIT_BIN' update-ref refs/heads/t $zero"
expect_code "and the ref is gone" 1 test -e .git/refs/heads/t

# ---- update-ref --stdin ----
printf 'update refs/heads/s1 HEAD\ncreate refs/heads/s2 %s\nverify refs/heads/master %s\n' "$two" "$one" >../in
expect "--stdin makes all changes" sgit update-ref --stdin <../in
expect_eq "both refs are there" "$one $two" "$(cat .git/refs/heads/s1) $(cat .git/refs/heads/s2)"
printf 'update refs/heads/s3 HEAD\ncreate refs/heads/s2 %s\n' "$two" >../in
snapshot >../before
expect_code "--stdin with one failing change" 128 sgit update-ref --stdin <../in
expect_stderr_match "says which" "cannot lock ref 'refs/heads/s2': reference already exists"
snapshot >../after
expect_files_eq "--stdin with one failing change makes none" ../before ../after
printf 'update refs/heads/s1 HEAD\nupdate refs/heads/s1 HEAD\n' >../in
unchanged "--stdin refuses two changes of one ref" 128 update-ref --stdin <../in
printf 'bogus\n' >../in
unchanged "--stdin refuses an unknown command" 128 update-ref --stdin <../in
printf 'delete refs/heads/s1 %s\n' "$zero" >../in
unchanged "--stdin refuses a delete with a zero old value" 128 update-ref --stdin <../in
printf 'update "refs/heads/s\\061q" HEAD\n' >../in
expect "--stdin takes quoted arguments" sgit update-ref --stdin <../in
expect "which are unquoted" test -f .git/refs/heads/s1q
printf 'delete refs/heads/s1q\0\0' >../in
expect "--stdin -z" sgit update-ref --stdin -z <../in
expect_code "deletes" 1 test -e .git/refs/heads/s1q
printf 'start\nupdate refs/heads/s4 HEAD\nprepare\ncommit\n' >../in
expect_eq "start/prepare/commit are reported" "start: ok
prepare: ok
commit: ok" "$(sgit update-ref --stdin <../in)"
expect "and committed" test -f .git/refs/heads/s4
printf 'start\nupdate refs/heads/s5 HEAD\nabort\n' >../in
expect_eq "abort is reported" "start: ok
abort: ok" "$(sgit update-ref --stdin <../in)"
expect_code "and drops the change" 1 test -e .git/refs/heads/s5

# ---- symbolic-ref ----
expect_eq "symbolic-ref reads HEAD" "refs/heads/master" "$(sgit symbolic-ref HEAD)"
expect_eq "--short" "master" "$(sgit symbolic-ref --short HEAD)"
unchanged "a non-symbolic ref is an error" 128 symbolic-ref refs/heads/master
expect_stderr_match "with git's message" "^fatal: ref refs/heads/master is not a symbolic ref$"
expect_code "and -q makes it a silent 1" 1 sgit symbolic-ref -q refs/heads/master
expect_eq "silent indeed" "" "$(cat "$TEST_DIR/.err")"
expect "symbolic-ref sets a symbolic ref" sgit symbolic-ref -m "to s1" HEAD refs/heads/s1
expect_eq "HEAD points there" "ref: refs/heads/s1" "$(cat .git/HEAD)"
expect_eq "with a reflog entry" "to s1" "$(tail -n1 .git/logs/HEAD | cut -f2)"
unchanged "HEAD outside refs/ is refused" 128 symbolic-ref HEAD heads/master
unchanged "an invalid target is refused" 128 symbolic-ref HEAD refs/heads/a..b
expect "symbolic-ref to an unborn branch" sgit symbolic-ref HEAD refs/heads/unborn
expect_eq "reads back" "refs/heads/unborn" "$(sgit symbolic-ref HEAD)"
git symbolic-ref HEAD refs/heads/master
expect "symbolic-ref --delete" sh -c "'$SGIT_BIN' symbolic-ref refs/heads/sym refs/heads/master && '$SGIT_BIN' symbolic-ref -d refs/heads/sym"
expect_code "removes it" 1 test -e .git/refs/heads/sym
unchanged "--delete of HEAD is refused" 128 symbolic-ref -d HEAD

echo "ref: refs/heads/loop2" >.git/refs/heads/loop1
echo "ref: refs/heads/loop1" >.git/refs/heads/loop2
unchanged "a symbolic-ref loop is reported" 128 symbolic-ref refs/heads/loop1
expect_stderr_match "as no such ref" "No such ref: refs/heads/loop1"
expect_eq "--no-recurse reads one step" "refs/heads/loop2" "$(sgit symbolic-ref --no-recurse refs/heads/loop1)"
unchanged "update-ref through the loop fails" 128 update-ref refs/heads/loop1 HEAD
expect "show-ref with a loop lists the other refs" sgit show-ref
expect_code "and leaves the loop out, as git" 1 grep -q loop "$TEST_DIR/.out"
rm -f .git/refs/heads/loop1 .git/refs/heads/loop2

# ---- show-ref ----
expect_eq "show-ref with a pattern" "$one refs/heads/master" "$(sgit show-ref master)"
expect_code "no match exits 1" 1 sgit show-ref nothing
expect_eq "-d shows the peeled tag" "$tag refs/tags/v1
$two refs/tags/v1^{}" "$(sgit show-ref -d v1)"
expect_eq "--verify" "$one refs/heads/master" "$(sgit show-ref --verify refs/heads/master)"
expect_code "--verify needs a full name" 128 sgit show-ref --verify master
expect_stderr_match "with git's message" "^fatal: 'master' - not a valid ref$"
expect_eq "-s --abbrev=4 (at least 4 digits)" 4 "$(sgit show-ref -s --abbrev=4 refs/heads/master | tr -d '\n' | wc -c)"
echo 1111111111111111111111111111111111111111 >.git/refs/heads/missing
unchanged "a ref to a missing object is reported" 128 show-ref
expect_stderr_match "naming ref and object" "bad ref refs/heads/missing \(1111111111111111111111111111111111111111\)"
rm -f .git/refs/heads/missing

# ---- pack-refs, and a corrupt packed-refs ----
expect "pack-refs packs the tags only" sgit pack-refs
expect "v1 is packed" grep -q " refs/tags/v1$" .git/packed-refs
expect "master is still loose" test -f .git/refs/heads/master
expect "pack-refs --all" sgit pack-refs --all
expect_code "master is not loose any more" 1 test -e .git/refs/heads/master
expect_eq "and still reads" "$one refs/heads/master" "$(sgit show-ref master)"
expect_code "pack-refs with an argument is a usage error" 129 sgit pack-refs x
touch .git/packed-refs.lock
unchanged "a stale packed-refs.lock stops pack-refs" 128 pack-refs --all
expect_stderr_match "naming the lock" "packed-refs\.lock"
rm -f .git/packed-refs.lock
echo "garbage line" >>.git/packed-refs
unchanged "a corrupt packed-refs line is reported by show-ref" 128 show-ref
expect_stderr_match "naming the line" "packed-refs.*garbage line"
no_signal "symbolic-ref HEAD reports it too" symbolic-ref HEAD
unchanged "update-ref does not write over it" 128 update-ref refs/heads/new HEAD

finish
