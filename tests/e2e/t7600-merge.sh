#!/bin/sh
# sgit merge on its own: refusals leave everything as it was, --abort puts a
# conflicted merge back exactly, a merge in progress and a broken MERGE_HEAD
# are refused with git's words, and fmt-merge-msg reads -F.
. "$SGIT_TEST_TOP/tests/lib.sh"

# snapshot <dir>: HEAD, the index and every file with its content
snapshot() {
	(cd "$1" && git rev-parse HEAD && git ls-files -s && find . -path ./.git -prune -o -type f -print |
		LC_ALL=C sort | while read -r f; do echo "== $f"; cat "$f"; done)
}

git init -q -b main r && (
	cd r &&
	echo a >a && echo k >k && git add a k && git commit -qm one &&
	git checkout -qb side && echo side >a && echo b >b && git add a b && git commit -qm side &&
	git checkout -q -b clean main && echo c >c && git add c && git commit -qm clean &&
	git checkout -q main && echo main >a && git commit -qam main
) >/dev/null 2>&1 || exit 2
cd r

expect_code "-h prints the usage" 129 sgit merge -h
expect_code "a name that is no commit" 1 sgit merge nosuch
expect_stderr_match "git's words for it" "^merge: nosuch - not something we can merge$"
expect_code "a blob is no commit either" 1 sgit merge HEAD:a
expect_stderr_match "with git's error first" "expected commit type, but the object dereferences to blob type"
expect_code "no argument and no upstream" 128 sgit merge
expect_stderr_match "says there is no remote" "^fatal: No remote for the current branch\.$"

# an untracked file in the way: nothing changes
echo mine >c
snapshot . >../before
expect_code "an untracked file in the way refuses the merge" 2 sgit merge clean
expect_stderr_match "and names the file" "^	c$"
snapshot . >../after
expect_files_eq "the refusal changed nothing" ../before ../after
expect_eq "no merge is left in progress" "" "$(ls .git | grep MERGE_)"
rm c

# --abort after a conflict, with an unrelated local change kept
echo local >>k
snapshot . >../before
expect_code "a conflicting merge stops with exit 1" 1 sgit merge side
expect_eq "MERGE_HEAD names side" "$(git rev-parse side)" "$(cat .git/MERGE_HEAD)"
expect_code "a second merge is refused while files are unmerged" 128 sgit merge clean
expect_stderr_match "with git's words" "^error: Merging is not possible because you have unmerged files\.$"
cp a ../conflicted && git add a
expect_code "and while the merge is not concluded" 128 sgit merge clean
expect_stderr_match "with git's words" "^fatal: You have not concluded your merge \(MERGE_HEAD exists\)\.$"
cp ../conflicted a
expect "--abort" sgit merge --abort
snapshot . >../after
expect_files_eq "--abort put the index and the files back, the local change kept" ../before ../after
expect_eq "and forgot the merge" "" "$(ls .git | grep -E '^(MERGE_|AUTO_MERGE)')"
expect_code "--abort with nothing to abort" 128 sgit merge --abort
expect_stderr_match "says so" "There is no merge to abort \(MERGE_HEAD missing\)\."
git checkout -q -- k

# a broken MERGE_HEAD: refused by merge and commit, cleared by --abort
echo garbage >.git/MERGE_HEAD
expect_code "merge refuses a broken MERGE_HEAD" 128 sgit merge clean
expect_code "commit refuses it" 128 sgit commit -m x
expect_stderr_match "as a corrupt MERGE_HEAD" "Corrupt MERGE_HEAD file"
expect "--abort clears it" sgit merge --abort
expect_eq "MERGE_HEAD is gone" "no" "$(test -f .git/MERGE_HEAD && echo yes || echo no)"

# --quit forgets the merge and keeps the files as they are
expect_code "a conflict again" 1 sgit merge side
cp a ../conflicted
expect "--quit" sgit merge --quit
expect_files_eq "--quit left the conflicted file" ../conflicted a
expect_eq "--quit forgot the merge" "" "$(ls .git | grep MERGE_)"
git reset -q --hard

# --continue without a merge
expect_code "--continue without a merge" 128 sgit merge --continue
expect_stderr_match "says so" "There is no merge in progress \(MERGE_HEAD missing\)\."

# fmt-merge-msg -F and -m
printf '%s\t\tbranch '"'"'clean'"'"' of .\n' "$(git rev-parse clean)" >../lines
expect "fmt-merge-msg -F" sgit fmt-merge-msg -F ../lines
expect_eq "gives the title" "Merge branch 'clean'" "$(cat "$TEST_DIR/.out")"
expect "fmt-merge-msg -m --log" sgit fmt-merge-msg -m start --log -F ../lines
expect_eq "starts with the message, then the log" "start

* clean:
  clean" "$(cat "$TEST_DIR/.out")"
expect_code "fmt-merge-msg with an argument" 129 sgit fmt-merge-msg extra

finish
