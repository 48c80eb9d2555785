#!/bin/sh
# fetch from a local repository under faults: ENOSPC at each write, SIGKILL
# at each write, rename and fsync (of the pack). Every remote-tracking ref is at its old value or
# the new one (the new one whenever fetch said it succeeded), logs agree with
# their refs after a refused write, the repository stays sound (no ref names
# an object that did not arrive), and fetch works again.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/crash/lib-crash.sh"
crash_require_strace

git init -q -b main up && cd up || exit 2
echo one >a && git add a && git commit -q -m one || exit 2
cd "$TEST_DIR" && git clone -q "$TEST_DIR/up" tpl || exit 2
cd up && echo two >>a && mkdir d && echo new >d/n && git add . && git commit -q -m two &&
	git branch topic && git checkout -q -b side && echo s >s && git add s && git commit -q -m side &&
	git checkout -q main && git tag -a -m v1 v1 || exit 2
cd "$TEST_DIR" || exit 2
git -C tpl for-each-ref --format='%(refname) %(objectname)' refs/remotes refs/tags >old.refs
cp -a tpl ref && (cd ref && sgit fetch -q origin) || exit 2
git -C ref for-each-ref --format='%(refname) %(objectname)' refs/remotes refs/tags >new.refs

fetch_check() {
	git for-each-ref --format='%(refname) %(objectname)' refs/remotes refs/tags >"$TEST_DIR/.now"
	if [ "$rc" = 0 ] && ! cmp -s "$TEST_DIR/new.refs" "$TEST_DIR/.now"; then
		problems="$problems
  $1: fetch succeeded, the refs are not all there: $(diff "$TEST_DIR/new.refs" "$TEST_DIR/.now" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
	fi
	while read -r name id; do
		grep -qx "$name $id" "$TEST_DIR/old.refs" "$TEST_DIR/new.refs" || problems="$problems
  $1: $name is at $id, neither its old value nor the fetched one"
	done <"$TEST_DIR/.now"
	[ "$fault" = enospc ] && [ "$rc" != 0 ] &&
		logs_agree "$1" refs/remotes/origin/main refs/remotes/origin/side refs/remotes/origin/topic
}
again() { sgit fetch -q origin && git for-each-ref --format='%(refname) %(objectname)' refs/remotes refs/tags |
	cmp -s - "$TEST_DIR/new.refs"; }
for fault in enospc kill kill-rename kill-fsync; do
	crash_loop "fetch" $fault tpl fetch_check "$SGIT_BIN" fetch -q origin
done

finish
