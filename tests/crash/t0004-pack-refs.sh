#!/bin/sh
# pack-refs --all under faults: ENOSPC at each write, SIGKILL at each write,
# rename and unlink (the loose files go after packed-refs is in place).
# Whatever happens, every ref keeps its value, none is lost, the repository
# stays sound, and pack-refs works again.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/crash/lib-crash.sh"
crash_require_strace

git init -q -b main tpl && cd tpl || exit 2
echo one >a && git add a && git commit -q -m one && echo two >>a && git commit -q -a -m two &&
	for b in b1 b2 b3; do git branch $b HEAD~1; done && git tag -a -m t1 t1 && git tag t2 HEAD~1 &&
	git pack-refs --all && for b in c1 c2 c3; do git branch $b; done && git branch -f b2 main &&
	git tag -a -m t3 t3 HEAD~1 || exit 2
cd "$TEST_DIR" || exit 2
git -C tpl for-each-ref --format='%(refname) %(objectname)' >before.refs
git -C tpl rev-parse HEAD >>before.refs

pack_check() {
	{ git for-each-ref --format='%(refname) %(objectname)' && git rev-parse HEAD; } >"$TEST_DIR/.now" 2>&1
	cmp -s "$TEST_DIR/before.refs" "$TEST_DIR/.now" || problems="$problems
  $1 (rc $rc): the refs changed: $(diff "$TEST_DIR/before.refs" "$TEST_DIR/.now" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
	if [ "$rc" = 0 ] && [ -n "$(find .git/refs -type f)" ]; then
		problems="$problems
  $1: pack-refs succeeded, loose refs remain: $(find .git/refs -type f | head -n 2 | tr '\n' ' ')"
	fi
}
again() { sgit pack-refs --all && git for-each-ref --format='%(refname) %(objectname)' >"$TEST_DIR/.again" &&
	git rev-parse HEAD >>"$TEST_DIR/.again" && cmp -s "$TEST_DIR/before.refs" "$TEST_DIR/.again"; }
for fault in enospc kill kill-rename kill-unlink; do
	crash_loop "pack-refs --all" $fault tpl pack_check "$SGIT_BIN" pack-refs --all
done

finish
