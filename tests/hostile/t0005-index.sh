#!/bin/sh
# tests/hostile/t0005-index.sh: a crafted index with entries no tree may hold
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/hostile/lib-hostile.sh"

mk_case index "100644 z ok" && {
	blob=$(echo HOSTILE | git -C "$C/work" hash-object -w --stdin)
	readme=$(git -C "$C/work" rev-parse HEAD:README)
	printf '100644 %s README\n100644 %s .git/hooks/pwned\n100644 %s ../pwned\n100644 %s .GIT/pwned\n' \
		"$readme" "$blob" "$blob" "$blob" | python3 "$SGIT_TEST_TOP/tests/hostile/mkindex.py" "$C/work/.git/index"
	# git 2.39 itself writes such entries from checkout -- . and restore; sgit never does
	SAFE_ONLY="git 2.39 writes some of these entries"
	run_cmd "crafted index" "checkout paths" 'T checkout -- .'
	run_cmd "crafted index" "restore" 'T restore .'
	run_cmd "crafted index" "checkout -f" 'T checkout -q -f main'
	run_cmd "crafted index" "reset --hard" 'T reset -q --hard'
	run_cmd "crafted index" "switch" 'T switch -q side'
	run_cmd "crafted index" "merge" 'T merge -q evil'
	SAFE_ONLY=
	# and .git/config is never removed because an index named it
	printf '100644 %s README\n100644 %s .git/config\n' "$readme" "$blob" |
		python3 "$SGIT_TEST_TOP/tests/hostile/mkindex.py" "$C/work/.git/index"
	cp -a "$C/work" "$C/keep"
	(cd "$C/keep" && "$SGIT_BIN" reset -q --hard >/dev/null 2>&1; "$SGIT_BIN" checkout -q -f main >/dev/null 2>&1)
	if [ -f "$C/keep/.git/config" ] && ! grep -q HOSTILE "$C/keep/.git/config"; then
		ok "crafted index: .git/config is neither removed nor overwritten"
	else
		not_ok "crafted index: .git/config is neither removed nor overwritten"
	fi
}
exit 0
