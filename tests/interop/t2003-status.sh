#!/bin/sh
# status against git: twin states built with git, each checked with both
# tools in every format (long, -s, --porcelain, -b -s, -uall -s, -z), from
# the top and from a subfolder; then git still sees the index sgit left.
. "$SGIT_TEST_TOP/tests/lib.sh"

# all_formats <state>: the same output in every format
all_formats() {
	for args in "status" "status -s" "status --porcelain" "status -b -s" "status -uall -s" \
		"status -z --porcelain" "status -b -z"; do
		# shellcheck disable=SC2086
		same_as_git "$1: $args" $args
	done
}

# index_kept <what>: git sees the same index and changes before and after sgit status
index_kept() {
	git ls-files -s >"$TEST_DIR/.ls.before"
	git status --porcelain >"$TEST_DIR/.st.before"
	sgit status >/dev/null 2>&1
	git ls-files -s >"$TEST_DIR/.ls.after"
	git status --porcelain >"$TEST_DIR/.st.after"
	expect_files_eq "$1: git ls-files -s after sgit status" "$TEST_DIR/.ls.before" "$TEST_DIR/.ls.after"
	expect_files_eq "$1: git status after sgit status" "$TEST_DIR/.st.before" "$TEST_DIR/.st.after"
}

git init -q -b main repo && cd repo || exit 2
all_formats "empty repository, unborn branch"

echo one >a && mkdir -p sub/deep && echo two >sub/b && echo three >sub/deep/c || exit 2
all_formats "unborn, untracked files"
git add a sub/b || exit 2
all_formats "unborn, files staged"
git commit -q -m first && git add sub && git commit -q -m second || exit 2
all_formats "clean tree"
index_kept "clean tree"

# modified, staged, deleted, added; untracked files and folders; an ignored file
echo more >>a
echo staged >sub/b && git add sub/b && echo again >>sub/b
rm sub/deep/c
echo new >new && git add new
mkdir -p untracked/inner empty && echo u >untracked/inner/u && echo t >top-untracked
printf '%s\n' '*.log' 'build/' >.gitignore && echo l >x.log && mkdir build && echo o >build/o
mkdir only-ignored && echo l >only-ignored/y.log
all_formats "mixed changes"
same_as_git "mixed changes: --ignored" status --ignored
same_as_git "mixed changes: --ignored -s" status --ignored -s
same_as_git "mixed changes: --ignored -uall -s" status --ignored -uall -s
same_as_git "mixed changes: -uno" status -uno
same_as_git "mixed changes: -uno -s" status -s -uno
same_as_git "mixed changes: -unormal" status -unormal
same_as_git "mixed changes: hints off" -c advice.statusHints=false status
same_as_git "mixed changes: status.showUntrackedFiles=all" -c status.showUntrackedFiles=all status -s
same_as_git "mixed changes: pathspec folder" status -- sub/
same_as_git "mixed changes: pathspec glob" status -s -- '*.log' 'sub/*'
same_as_git "mixed changes: pathspec inside an untracked folder" status -s -- untracked/inner/u
same_as_git "mixed changes: pathspec naming nothing" status -s -- nothing
cd sub || exit 2
all_formats "from a subfolder"
same_as_git "from a subfolder: pathspec ." status -s .
same_as_git "from a subfolder: pathspec .." status -s ..
same_as_git "from a subfolder: status.relativePaths=false" -c status.relativePaths=false status
mkdir -p deep && cd deep || exit 2
same_as_git "from a folder that is gone from the index" status
cd ../.. || exit 2
index_kept "mixed changes"

# executable bit, symlinks, type changes, names that need quoting
git add -A && git commit -q -m third || exit 2
chmod +x a
ln -s a link-new
ln -s new link-tracked && git add link-tracked && git commit -q -m links && rm link-tracked &&
	ln -s a link-tracked
rm new && ln -s a new
echo q >"sp ace" && echo q >"$(printf 'tab\there')" && echo q >"$(printf '\303\251t\303\251')"
all_formats "mode, symlinks, quoting"
same_as_git "mode, symlinks, quoting: core.quotePath=false" -c core.quotePath=false status -s
same_as_git "mode, symlinks, quoting: core.fileMode=false" -c core.fileMode=false status -s
index_kept "mode, symlinks, quoting"

# a file reached through a symlinked folder counts as gone
git add -A && git commit -q -m more || exit 2
mv sub sub-real && ln -s sub-real sub
same_as_git "a folder replaced by a symlink: long" status
same_as_git "a folder replaced by a symlink: short" status -s
rm sub && mv sub-real sub

# a repository inside the work tree is one untracked entry, even with -uall
git init -q nested && echo n >nested/f
same_as_git "a nested repository: -s" status -s
same_as_git "a nested repository: -uall -s" status -s -uall
rm -rf nested

# racy: a change of the same size in the second the index was written.
# git's answer hangs on timing (under load its stat data may look clean);
# the truth does not: the content differs from what the index holds, and
# sgit must say so, however the clock fell.
echo 1234 >racy && git add racy && git commit -q -m racy && echo 5678 >racy
expect_eq "the racy file differs from its index entry" "differs" \
	"$([ "$(git hash-object racy)" != "$(git rev-parse :racy)" ] && echo differs)"
expect_eq "a racily clean file is seen as modified" " M racy" "$(sgit status -s | grep ' racy$')"
git checkout -q racy
index_kept "racy entry"

# detached HEAD: at a tag, at a commit, moved away from where it was detached
git tag v1 HEAD~2 && git checkout -q v1 || exit 2
all_formats "detached at a tag"
git checkout -q main && git checkout -q --detach HEAD~1 || exit 2
same_as_git "detached at a commit" status
echo x >>a && git commit -q -a -m detached-work || exit 2
same_as_git "detached from a commit" status
same_as_git "detached, short with branch" status -s -b
git checkout -q main || exit 2

# the index locked: status still reports, and the lock stays
: >.git/index.lock
echo y >>a
same_as_git "index.lock held: long" status
expect "index.lock is left alone" test -f .git/index.lock
rm -f .git/index.lock
git checkout -q a

# a merge with conflicts: both modified, deleted by them, both added, a clean merge
git checkout -q -b side || exit 2
echo side >a && git rm -q sub/b && echo side-only >both-added && echo s >clean-side &&
	git add -A && git commit -q -m side || exit 2
git checkout -q main && echo main >a && echo main >sub/b && echo main-only >both-added &&
	git add -A && git commit -q -m main || exit 2
git merge side >/dev/null 2>&1
all_formats "merge with conflicts"
cd sub || exit 2
same_as_git "merge with conflicts, from a subfolder" status
cd .. || exit 2
index_kept "merge with conflicts"
echo resolved >a && git add a both-added sub/b
same_as_git "merge with conflicts resolved" status
same_as_git "merge with conflicts resolved: short" status -s
git commit -q -m merged || exit 2
same_as_git "after the merge" status

# enough files for the lstat calls to be spread over threads
mkdir many && (cd many && for d in 1 2 3 4 5 6 7 8 9 10 11 12; do mkdir d$d && for f in \
	0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 \
	34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 \
	65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 \
	96 97 98 99; do echo "$d $f" >d$d/f$f; done; done) && git add many && git commit -q -m many ||
	exit 2
same_as_git "many files, clean" status
echo changed >>many/d3/f7 && rm many/d5/f50 && chmod +x many/d12/f99 && echo n >many/d1/new &&
	mv many/d9 many/d9-real && ln -s d9-real many/d9
all_formats "many files, changed here and there"
index_kept "many files"
rm many/d9 && mv many/d9-real many/d9 && git add -A many && git commit -q -m many2 || exit 2

# an unborn branch in a repository that has commits
git checkout -q --orphan fresh || exit 2
all_formats "orphan branch with the old files staged"
git rm -rq --cached . || exit 2
same_as_git "orphan branch with nothing staged" status

# a branch with an upstream: up to date, ahead, diverged, behind, gone
cd "$TEST_DIR" && git init -q -b main origin && (cd origin && echo o >o && git add o &&
	git commit -q -m o) && git clone -q origin clone && cd clone || exit 2
git checkout -q -b topic origin/main && git branch -q --set-upstream-to=origin/main || exit 2
all_formats "upstream, up to date"
echo ahead >ahead && git add ahead && git commit -q -m ahead || exit 2
same_as_git "upstream, ahead" status
same_as_git "upstream, ahead, short" status -s -b
(cd ../origin && echo theirs >theirs && git add theirs && git commit -q -m theirs) &&
	git fetch -q || exit 2
same_as_git "upstream, diverged" status
same_as_git "upstream, diverged, short" status -s -b
git reset -q --hard HEAD~1 || exit 2
same_as_git "upstream, behind" status
same_as_git "upstream, behind, no hints" -c advice.statusHints=false status
git branch -q -r -D origin/main || exit 2
same_as_git "upstream, gone" status
same_as_git "upstream, gone, short" status -s -b

finish
