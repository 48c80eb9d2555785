#!/bin/sh
# commit -a under faults: ENOSPC at each write, SIGKILL at each write and at
# each rename. HEAD is the old commit or the new one (the new one whenever
# commit said it succeeded), the logs agree with their refs after a refused
# write, and the repository stays sound (tests/crash/lib-crash.sh).
# (sgit writes the index after moving the branch, where git has written it
# to index.lock before: a full disk there fails the command after HEAD
# moved. The repository is sound either way; only the exit code differs.)
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/crash/lib-crash.sh"
crash_require_strace

git init -q -b main tpl && cd tpl || exit 2
for i in 1 2 3; do echo "line $i" >"f$i"; done && mkdir d && echo deep >d/g &&
	git add . && git commit -q -m first && echo more >>f2 && echo more >>d/g || exit 2
cd "$TEST_DIR" || exit 2
old=$(git -C tpl rev-parse HEAD)
cp -a tpl ref && (cd ref && sgit commit -q -a -m second) || exit 2
new=$(git -C ref rev-parse HEAD)

commit_check() {
	head_check "$1" commit
	[ "$fault" = enospc ] && [ "$rc" != 0 ] && logs_agree "$1" HEAD refs/heads/main
}
again() { sgit commit -q --allow-empty -a -m again; }
for fault in enospc kill kill-rename; do
	crash_loop "commit -a" $fault tpl commit_check "$SGIT_BIN" commit -q -a -m second
done

finish
