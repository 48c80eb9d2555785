# bench/workloads/merge.sh: merge (two branches, 10k files) and merge-base (100k commits).
#
# Written as bench/workloads/objects.sh describes. The data:
#   mg           10,000 small source files in 100 folders (bench/gen/files.awk,
#                all dated 2005-04-07: no index entry is ever racily clean)
#                committed as `base`; from there main and topic each change
#                1,000 other files: of every tenth file (residue 3 for main, 7
#                for topic) 900 are edited, 50 deleted and 50 left alone, and
#                50 new files come in (main's in the even folders, topic's in
#                the odd ones, with fresh content so that no rename is seen).
#                No path is changed on both sides: the merge has no conflict
#                and no content merge, only 100 folders to combine. Packed,
#                no commit-graph file. Each run is on main, its index
#                refreshed, and merges topic with --no-edit; a fixed identity
#                and fixed dates make both tools write the same merge commit,
#                whose id (and tree id) git's own merge gave when the data was
#                built (mg.expected). The reset checks what the previous run
#                left against that and fails the workload if it differs (the
#                last round, whose result nothing follows, is the only one not
#                checked; the warm-up of each tool is checked twice).
#   merge-base   history.sh's 100,000 commits (built there if missing): main
#                against the oldest side branch (the second parent of the
#                first merge, 60 commits from the root), which is its own
#                merge base: the walk goes through nearly every commit; packed,
#                git with -c core.commitGraph=false as sgit, and git reading
#                its commit-graph file (hist-graph.git), a gap reported with no
#                target. The old branch has no ref there (adding one would
#                change that data): its id is passed.
# Resets use cp, rm and git only, so both tools start from the same state.

workload merge_two "merge --no-edit, 1,000 + 1,000 of 10k files changed" 1.20
workload mbase_packed "merge-base main <old branch>, 100k commits, packed" 1.00
workload mbase_all_packed "merge-base --all main <old branch>, packed" 1.00
workload mbase_graph "merge-base main <old branch>, git with commit-graph" 100
workload mbase_all_graph "merge-base --all main <old branch>, git with commit-graph" 100

mg_old_date=@1112911993

# The identity and dates of tests/lib.sh, for every commit here and every run.
mg_identity() {
	GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL=author@example.com
	GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL=committer@example.com
	GIT_AUTHOR_DATE="1112911993 -0700" GIT_COMMITTER_DATE="1112912053 -0700"
	export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL \
		GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# mg_side <branch> <residue> <first folder>: on the branch checked out, change
# 1,000 files as the top of this file says, and commit.
mg_side() {
	git ls-files | awk -v r="$2" 'NR % 10 == r { j++; if (j % 20 == 1) print "rm", $0
		else if (j % 20 != 11) print "mod", $0 }' >"../mg-$1.plan" &&
	while read -r what path; do
		if [ "$what" = rm ]; then rm "$path"
		else echo "int $1_$(basename "$path" .c);" >>"$path"; fi
	done <"../mg-$1.plan" &&
	k=0 && while [ $k -lt 50 ]; do
		cp "../mg-new/d000/$(printf 'f%05d' $(($3 * 50 + k))).c" "$(printf 'd%03d' $((k * 2 + $3)))/$1_new$k.c" ||
			return 1
		k=$((k + 1))
	done &&
	git add -A && git commit -q -m "$1: change 1,000 files" &&
	[ "$(git diff --name-only base "$1" | wc -l)" = 1000 ]
}

make_merge() {
	rm -rf mg mg-new mg.* mg-*.plan &&
	awk -v seed=8 -v count=10000 -v dir="$PWD/mg" -f "$BENCH_GEN/code.awk" -f "$BENCH_GEN/files.awk" >/dev/null &&
	awk -v seed=9 -v count=100 -v dir="$PWD/mg-new" -f "$BENCH_GEN/code.awk" -f "$BENCH_GEN/files.awk" >/dev/null &&
	find mg -exec touch -h -d "$mg_old_date" {} + &&
	(cd mg && mg_identity && git init -q -b main &&
		git config gc.auto 0 && git config maintenance.auto false &&
		git add -A && git commit -q -m base && git tag base && git branch topic &&
		mg_side main 3 0 &&
		git checkout -q topic && mg_side topic 7 1 && git checkout -q main &&
		git diff --name-only base main >../mg.ours &&
		! git diff --name-only base topic | grep -Fxq -f ../mg.ours &&
		git -c gc.writeCommitGraph=false gc -q --prune=now &&
		[ ! -e .git/objects/info/commit-graph ] &&
		git rev-parse main >../mg.main &&
		git diff --name-only --diff-filter=MD base topic >../mg.touch &&
		[ "$(wc -l <../mg.touch)" = 950 ] &&
		cp -a .git/logs ../mg.logs &&
		git merge --no-edit topic >../mg.stdout &&
		! grep -q '=>' ../mg.stdout &&
		{ git rev-parse HEAD; git rev-parse 'HEAD^{tree}'; } >../mg.expected &&
		[ "$(git rev-list --count base..HEAD)" = 3 ] &&
		[ "$(git ls-files | wc -l)" = 10000 ]) &&
	rm -rf mg-new && (mg_restore)
}
merge_setup() { bench_once merge-10k-v1 make_merge; }

# The state each run starts from: main at its tip, the work tree and the
# index as the build left them, the files git rewrote dated like the others,
# then the index refreshed (so no entry is racy and none needs hashing); the
# reflogs as built, no loose object (the build packed everything).
mg_restore() {
	cd mg && mg_identity &&
	git reset -q --hard "$(cat ../mg.main)" && git clean -q -fd &&
	rm -rf .git/objects/[0-9a-f][0-9a-f] .git/ORIG_HEAD .git/logs &&
	cp -a ../mg.logs .git/logs &&
	xargs touch -h -d "$mg_old_date" <../mg.touch &&
	git update-index -q --refresh
}

# mg_check: the merge the last run made is git's (commit and tree ids).
mg_check() {
	got=$(cd mg && git rev-parse HEAD 'HEAD^{tree}' | tr '\n' ' ')
	want=$(tr '\n' ' ' <mg.expected)
	[ "$got" = "$want" ] && return 0
	echo "bench: merge_two: $(cat mg.ran) made commit, tree: ${got:-none}; git's merge: $want" >&2
	return 1
}

merge_two_setup() { rm -f mg.ran && merge_setup; }
merge_two_reset() {
	if [ -f mg.ran ]; then
		mg_check || return 1
		rm -f mg.ran
	fi
	mg_restore
}
# git prints the summary and diffstat on stdout: compared too.
merge_two_run() {
	echo "$1" >mg.ran
	cd mg && mg_identity && measure "$1" merge --no-edit topic >"$BENCH_STDOUT"
}
merge_two_verify() {
	mg_check || return 1
	cd mg &&
	[ "$(git rev-parse HEAD^1 HEAD^2 | tr '\n' ' ')" = "$(git rev-parse "$(cat ../mg.main)" topic | tr '\n' ' ')" ] ||
		{ echo "the merge's parents are not main's old tip and topic, in that order"; return 1; }
	[ "$(git symbolic-ref HEAD)" = refs/heads/main ] || { echo "HEAD is not on main"; return 1; }
	git diff-files --quiet || { echo "the index sgit wrote does not match the files"; return 1; }
	git diff-index --cached --quiet HEAD || { echo "the index is not the merge's tree"; return 1; }
	[ -z "$(git status --porcelain)" ] || { echo "git status is not clean after the merge"; return 1; }
	[ ! -e .git/MERGE_HEAD ] || { echo "MERGE_HEAD is left behind"; return 1; }
	git fsck --strict --no-dangling
}

# ---- merge-base ----

make_mbase_old() {
	git --git-dir=../history/hist-packed.git rev-list --merges main | tail -n 1 >mb.merge &&
	git --git-dir=../history/hist-packed.git rev-parse "$(cat mb.merge)^2" >mb.tmp &&
	mv mb.tmp mb.old && rm -f mb.merge
}
mbase_setup() {
	mkdir -p ../history && (cd ../history && history_setup) && bench_once merge-base-old-v1 make_mbase_old
}

# The walk runs in history.sh's repositories, with its hist_walk helpers.
mbase_packed_setup() { mbase_setup; }
mbase_packed_run() { hist_walk "$1" ../history/hist-packed.git merge-base main "$(cat mb.old)"; }
mbase_all_packed_setup() { mbase_setup; }
mbase_all_packed_run() { hist_walk "$1" ../history/hist-packed.git merge-base --all main "$(cat mb.old)"; }
mbase_graph_setup() { mbase_setup; }
mbase_graph_run() { old=$(cat mb.old) && cd ../history && hist_walk_graph "$1" merge-base main "$old"; }
mbase_all_graph_setup() { mbase_setup; }
mbase_all_graph_run() { old=$(cat mb.old) && cd ../history && hist_walk_graph "$1" merge-base --all main "$old"; }
# The old branch is an ancestor of main: it is the one merge base.
mbase_verify() { [ "$(cat "$1")" = "$(cat mb.old)" ] || { echo "sgit printed $(cat "$1"), not the old branch"; return 1; }; }
mbase_packed_verify() { mbase_verify "$1"; }
mbase_all_packed_verify() { mbase_verify "$1"; }
mbase_graph_verify() { mbase_verify "$1"; }
mbase_all_graph_verify() { mbase_verify "$1"; }
