# bench/workloads/worktree.sh: the index and the work tree (add, status, commit, checkout).
#
# Written as bench/workloads/objects.sh describes. The data: 10,000 small
# source files in 100 folders (bench/gen/files.awk), every one dated
# 2005-04-07 so that no index entry is ever racily clean, copied into one
# repository per workload:
#   wt-add       the files and a fresh .git: no index, no objects; each run
#                starts that way again (the objects go too, so every run
#                hashes and writes all 10,000 blobs)
#   wt-status    the files committed on main; status ran once (untimed) to
#                refresh the index, which is put back before each run
#   wt-commit    the files staged by `git add -A`; wt-commit.git is that .git,
#                copied over before each run; a fixed identity and fixed dates
#                make both tools write the same commit
#   wt-checkout  main and `changed`, which differ in 1,000 files (900 modified,
#                50 deleted, 50 added); each run starts on main, its index
#                refreshed, and switches to changed
# Resets use cp, rm and git only, so both tools start from the same state.

workload add_all "add -A, 10k files in 100 folders" 1.20
workload status_clean "status, 10k files, clean tree" 1.20
workload commit_all "commit -m, 10k staged files (root)" 1.20
workload checkout_switch "checkout, 1,000 of 10k files differ" 1.20

wt_old_date=@1112911993

# Run with the identity and dates of tests/lib.sh: commits come out the same.
wt_identity() {
	GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL=author@example.com
	GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL=committer@example.com
	GIT_AUTHOR_DATE="1112911993 -0700" GIT_COMMITTER_DATE="1112912053 -0700"
	export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL \
		GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

make_wt_src() {
	rm -rf wt-src wt-src.list &&
	awk -v seed=5 -v count=10000 -v dir="$PWD/wt-src" -f "$BENCH_GEN/code.awk" \
		-f "$BENCH_GEN/files.awk" >wt-src.list &&
	find wt-src -exec touch -h -d "$wt_old_date" {} + &&
	[ "$(wc -l <wt-src.list)" = 10000 ]
}
wt_src_setup() { bench_once worktree-src-v1 make_wt_src; }

# wt_copy <dir>: a copy of the files (dates kept) with an empty repository.
# 10,000 loose objects would make git commit start a background gc: none here.
wt_copy() {
	rm -rf "$1" && cp -a wt-src "$1" && git -C "$1" init -q -b main &&
	git -C "$1" config gc.auto 0 && git -C "$1" config maintenance.auto false
}

# ---- add -A ----

make_wt_add() {
	wt_copy wt-add &&
	(cd wt-add && git add -A && git ls-files -s >../wt-add.expected) &&
	[ "$(wc -l <wt-add.expected)" = 10000 ]
}
add_all_setup() { wt_src_setup && bench_once worktree-add-v3 make_wt_add; }
add_all_reset() {
	rm -rf wt-add/.git/index wt-add/.git/objects/[0-9a-f][0-9a-f] wt-add/.git/objects/pack/*
}
add_all_run() { cd wt-add && measure "$1" add -A >"$BENCH_STDOUT"; }
add_all_verify() {
	cd wt-add &&
	git ls-files -s | cmp -s - ../wt-add.expected ||
		{ echo "git reads another index than its own add -A writes"; return 1; }
	git diff-files --quiet || { echo "the stat data sgit stored does not match the files"; return 1; }
	git fsck --no-dangling
}

# ---- status ----

make_wt_status() {
	wt_copy wt-status &&
	(cd wt-status && wt_identity && git add -A && git commit -q -m files &&
		git status >/dev/null && cp -p .git/index ../wt-status.index)
}
status_clean_setup() { wt_src_setup && bench_once worktree-status-v3 make_wt_status; }
status_clean_reset() { cp -p wt-status.index wt-status/.git/index; }
status_clean_run() { cd wt-status && measure "$1" status >"$BENCH_STDOUT"; }

# ---- commit ----

make_wt_commit() {
	rm -rf wt-commit.git wt-commit.expected &&
	wt_copy wt-commit &&
	(cd wt-commit && git add -A) &&
	cp -a wt-commit/.git wt-commit.git &&
	(cd wt-commit && wt_identity && git commit -q -m "add the files" &&
		git rev-parse HEAD >../wt-commit.expected) &&
	rm -rf wt-commit/.git && cp -a wt-commit.git wt-commit/.git
}
commit_all_setup() { wt_src_setup && bench_once worktree-commit-v3 make_wt_commit; }
commit_all_reset() { rm -rf wt-commit/.git && cp -a wt-commit.git wt-commit/.git; }
commit_all_run() { cd wt-commit && wt_identity && measure "$1" commit -m "add the files" >"$BENCH_STDOUT"; }
commit_all_verify() {
	cd wt-commit &&
	[ "$(git rev-parse HEAD)" = "$(cat ../wt-commit.expected)" ] ||
		{ echo "sgit made commit $(git rev-parse HEAD), git $(cat ../wt-commit.expected)"; return 1; }
	[ -z "$(git status --porcelain)" ] || { echo "git status is not clean after the commit"; return 1; }
	git fsck --no-dangling
}

# ---- checkout ----

# Of every tenth file (1,000), 900 change, 50 go and 50 stay; 50 files are
# new, one in every second folder: 1,000 paths differ.
make_wt_checkout() {
	rm -rf wt-checkout.touch wt-checkout.reflog wt-checkout.plan &&
	wt_copy wt-checkout &&
	(cd wt-checkout && wt_identity &&
		git add -A && git commit -q -m files && git checkout -q -b changed &&
		git ls-files | awk 'NR % 10 == 4 { j++; if (j % 20 == 1) print "rm", $0
			else if (j % 20 != 11) print "mod", $0 }' >../wt-checkout.plan &&
		while read -r what path; do
			if [ "$what" = rm ]; then rm "$path"
			else echo "int changed_$(basename "$path" .c);" >>"$path"; fi
		done <../wt-checkout.plan &&
		k=0 && while [ $k -lt 50 ]; do
			d=$(printf 'd%03d' $((k * 2)))
			{ cat "$d/$(ls "$d" | head -n 1)"; echo "int new_$k;"; } >"$d/n$k.c"
			k=$((k + 1))
		done &&
		git add -A && git commit -q -m changes &&
		[ "$(git diff --name-only main changed | wc -l)" = 1000 ] &&
		git diff --name-only --diff-filter=MD main changed >../wt-checkout.touch &&
		git checkout -q main && cp .git/logs/HEAD ../wt-checkout.reflog)
}
checkout_switch_setup() { wt_src_setup && bench_once worktree-checkout-v3 make_wt_checkout; }
# Back on main with the files git rewrote dated like the others, then the
# index refreshed: no entry is racy, none needs hashing.
checkout_switch_reset() {
	cd wt-checkout && wt_identity &&
	git checkout -q -f main && git clean -q -fd &&
	xargs touch -h -d "$wt_old_date" <../wt-checkout.touch &&
	git update-index -q --refresh &&
	cp ../wt-checkout.reflog .git/logs/HEAD
}
# git reports the switch on stderr: compare that too.
checkout_switch_run() { cd wt-checkout && wt_identity && measure "$1" checkout changed >"$BENCH_STDOUT" 2>&1; }
checkout_switch_verify() {
	cd wt-checkout &&
	[ "$(git symbolic-ref HEAD)" = refs/heads/changed ] || { echo "HEAD is not on changed"; return 1; }
	git diff-files --quiet || { echo "the index sgit wrote does not match the files"; return 1; }
	git diff-index --cached --quiet changed || { echo "the index is not the tree of changed"; return 1; }
	[ -z "$(git status --porcelain)" ] || { echo "git status is not clean after the checkout"; return 1; }
}
