#!/bin/sh
# sgit pull on its own: its options, messages and exit codes; the refusal of
# diverged branches when nothing says how to reconcile them; rebasing
# refused before anything is fetched; a signed tag pulled by its short name
# merged with its mergetag, checked again by verify-tag FETCH_HEAD and
# log --show-signature; what pull says when there is nothing to merge.
. "$SGIT_TEST_TOP/tests/lib.sh"

setup_gpg || exit 2

# contrib: main two commits past base, for-linus a signed tag on it, old at base.
# integ: a clone, one commit past base (pulling main diverges); behind at base.
git init -q -b main contrib && (
	cd contrib &&
	echo a >a && git add a && git commit -qm base &&
	git clone -q . ../integ && git branch old &&
	echo b >b && git add b && git commit -qm "contrib one" &&
	echo bb >>b && git commit -qam "contrib two" &&
	git tag -s -m "please pull" for-linus
) >/dev/null 2>&1 || { echo "cannot build the contributor repository"; exit 2; }
(
	cd integ && git remote set-url origin ../contrib && git branch -q behind &&
	echo c >c && git add c && git commit -qm "integ one"
) >/dev/null 2>&1 || { echo "cannot build the integrator repository"; exit 2; }

# fresh: a new copy of integ to work in
fresh() { cd "$TEST_DIR" && rm -rf w && cp -a integ w && cd w; }
head_id() { git rev-parse HEAD; }

fresh
start=$(head_id)
expect_code "-h prints the usage" 129 sgit pull -h
expect_eq "on stdout" "usage: sgit pull [<options>] [<repository> [<refspec>...]]" "$(head -n 1 "$TEST_DIR/.out")"
expect_code "an unknown option" 129 sgit pull --frobnicate

# ---- rebasing is refused, before any fetch ----
expect_code "--rebase is refused" 128 sgit pull --rebase ../contrib main
expect_stderr_match "saying sgit merges instead" "^fatal: sgit pull does not rebase; pass --no-rebase"
expect_code "so is --rebase=merges" 128 sgit pull --rebase=merges ../contrib main
expect_code "--rebase=bogus is a bad value" 129 sgit pull --rebase=bogus ../contrib main
expect_stderr_match "in git's words" "^error: invalid value for '--rebase': 'bogus'$"
git config pull.rebase true
expect_code "pull.rebase=true is refused" 128 sgit pull ../contrib main
expect_stderr_match "naming the setting" "^fatal: pull.rebase asks to rebase"
git config branch.main.rebase interactive
expect_code "branch.main.rebase comes first" 128 sgit pull ../contrib main
expect_stderr_match "and is named" "^fatal: branch.main.rebase asks to rebase"
git config branch.main.rebase preserve
expect_code "a retired value is invalid" 128 sgit pull ../contrib main
expect_stderr_match "as git says" "^fatal: invalid value for 'branch.main.rebase': 'preserve'$"
git config --unset branch.main.rebase
expect_eq "nothing was fetched" "no" "$(test -f .git/FETCH_HEAD && echo yes || echo no)"
expect_eq "HEAD did not move" "$start" "$(head_id)"
expect_code "--rebase=false merges (pull.rebase overridden)" 0 sgit pull --rebase=false --no-edit ../contrib main
expect_eq "a merge commit" "$(git -C ../contrib rev-parse main)" "$(git rev-parse HEAD^2)"
git config --unset pull.rebase

# ---- diverged branches ----
fresh
expect_code "diverged, nothing configured: refused" 128 sgit pull ../contrib main
expect_stderr_match "with git 2.39's hint" "^hint: You have divergent branches and need to specify how to reconcile them\.$"
expect_stderr_match "naming the settings" "^hint:   sgit config pull.rebase false  # merge$"
expect_stderr_match "and its fatal line" "^fatal: Need to specify how to reconcile divergent branches\.$"
expect_stderr_match "after the fetch's report" "^ \* branch            main       -> FETCH_HEAD$"
expect_eq "HEAD did not move" "$start" "$(head_id)"
expect_code "--ff-only: not possible" 128 sgit pull --ff-only ../contrib main
expect_stderr_match "in git's words" "^fatal: Not possible to fast-forward, aborting\.$"
git config pull.ff only
expect_code "pull.ff=only: not possible either" 128 sgit pull ../contrib main
expect_code "pull.ff=only with --no-rebase merges" 0 sgit pull --no-rebase --no-edit ../contrib main
expect_eq "the merge's message" "Merge branch 'main' of ../contrib" "$(git log -1 --format=%s)"
expect_eq "its reflog entry names the pull" \
	"pull --no-rebase --no-edit ../contrib main: Merge made by the 'ort' strategy." "$(git reflog -1 --format=%gs)"
git config pull.ff maybe
expect_code "an invalid pull.ff" 128 sgit pull ../contrib main
expect_stderr_match "in git's words" "^fatal: invalid value for 'pull.ff': 'maybe'$"
git config --unset pull.ff

fresh
expect_code "--no-ff is a way to reconcile" 0 sgit pull --no-ff --no-edit ../contrib main
fresh
expect_code "an ancestor is already up to date: no refusal" 0 sgit pull ../contrib old
expect_eq "says so" "Already up to date." "$(cat "$TEST_DIR/.out")"

# ---- fast-forwards ----
fresh
git checkout -q behind
expect_code "--ff-only fast-forwards" 0 sgit pull --ff-only ../contrib main
expect_eq "to the other side's main" "$(git -C ../contrib rev-parse main)" "$(head_id)"
expect_stderr_match "after the fetch's report" "^From \.\./contrib$"
expect_eq "git's words" "Updating" "$(head -n 1 "$TEST_DIR/.out" | cut -d' ' -f1)"
expect_eq "the reflog names the pull" "pull --ff-only ../contrib main: Fast-forward" "$(git reflog -1 --format=%gs)"
fresh
git checkout -q behind
expect_code "-q says nothing" 0 sgit pull -q --ff-only ../contrib main
expect_eq "on stdout" "" "$(cat "$TEST_DIR/.out")"
expect_eq "nor on stderr" "" "$(cat "$TEST_DIR/.err")"

# ---- the signed tag, pulled by its short name ----
fresh
expect_code "pull --no-rebase --no-edit of a signed tag" 0 sgit pull --no-rebase --no-edit ../contrib for-linus
expect_eq "FETCH_HEAD holds the tag itself" \
	"$(git -C ../contrib rev-parse for-linus)		tag 'for-linus' of ../contrib" "$(cat .git/FETCH_HEAD)"
expect_eq "the merge's title" "Merge tag 'for-linus' of ../contrib" "$(git log -1 --format=%s)"
expect_eq "the merge commit carries the tag in a mergetag" \
	"mergetag object $(git -C ../contrib rev-parse main)" "$(git cat-file commit HEAD | grep '^mergetag ')"
expect_eq "the message quotes the tag" "please pull" "$(git log -1 --format=%b | head -n 1)"
expect_code "verify-tag FETCH_HEAD" 0 sgit verify-tag FETCH_HEAD
expect_stderr_match "a good signature" "^gpg: Good signature from \"C O Mitter <committer@example.com>\""
expect_code "log --show-signature" 0 sgit log --show-signature -1
expect_eq "shows the merged tag checked" "merged tag 'for-linus'" "$(sed -n 2p "$TEST_DIR/.out")"
expect_code "git fsck is happy with it all" 0 git fsck --strict --no-dangling

fresh
git checkout -q behind
expect_code "onto a branch it would fast-forward: still a merge" 0 sgit pull --no-edit ../contrib for-linus
expect_eq "two parents" "2" "$(git cat-file commit HEAD | grep -c '^parent ')"
fresh
git checkout -q behind
expect_code "--ff-only of the tag fast-forwards (--ff-only wins over the tag's merge)" 0 \
	sgit pull --ff-only ../contrib for-linus
expect_eq "to the tag's commit" "$(git -C ../contrib rev-parse main)" "$(head_id)"
fresh
expect_code "--ff-only of the tag where it cannot" 128 sgit pull --ff-only ../contrib for-linus

fresh
expect_code "-S signs the merge" 0 sgit pull --no-rebase --no-edit -S ../contrib for-linus
expect_code "verify-commit HEAD" 0 sgit verify-commit HEAD
fresh
expect_code "--verify-signatures refuses an unsigned commit" 128 sgit pull --no-rebase --verify-signatures ../contrib main
expect_stderr_match "in git's words" "^fatal: Commit [0-9a-f]+ does not have a GPG signature\.$"
expect_eq "HEAD did not move" "$start" "$(head_id)"

# ---- the configured remote ----
fresh
expect_code "no arguments: origin, and branch.main.merge" 0 sgit pull --no-rebase --no-edit
expect_eq "merges origin's main" "$(git -C ../contrib rev-parse main)" "$(git rev-parse HEAD^2)"
expect_eq "with the remote's URL in the title" "Merge branch 'main' of ../contrib" "$(git log -1 --format=%s)"
expect_eq "remote-tracking refs updated" "$(git -C ../contrib rev-parse main)" "$(git rev-parse origin/main)"
expect_eq "the tag followed" "$(git -C ../contrib rev-parse for-linus)" "$(git rev-parse for-linus)"
fresh
expect_code "--no-tags" 0 sgit pull --no-tags --no-rebase --no-edit origin
expect_eq "brings no tag" "" "$(git tag)"

# ---- nothing to merge: git's explanations, exit 1 ----
fresh
git checkout -q behind
expect_code "a branch without upstream" 1 sgit pull
expect_stderr_match "no tracking information" "^There is no tracking information for the current branch\.$"
expect_stderr_match "and how to set it" "^    sgit branch --set-upstream-to=origin/<branch> behind$"
expect_code "a remote that is not the branch's" 1 sgit pull origin
expect_stderr_match "says so" "^You asked to pull from the remote 'origin', but did not specify$"
expect_code "a wildcard that matches nothing" 1 sgit pull origin "refs/heads/none*:refs/remotes/origin/none*"
expect_stderr_match "says so" "^There are no candidates for merging among the refs that you just fetched\.$"
git checkout -q --detach
expect_code "a detached HEAD" 1 sgit pull
expect_stderr_match "says so" "^You are not currently on a branch\.$"
git checkout -q main
git config branch.main.merge refs/heads/gone
expect_code "branch.main.merge names a missing branch" 1 sgit pull
expect_stderr_match "says so" "^Your configuration specifies to merge with the ref 'refs/heads/gone'$"

# ---- bad input ----
fresh
expect_code "a name the other side lacks: exit 1 (as git's pull)" 1 sgit pull ../contrib nosuch
expect_stderr_match "with the fetch's words" "^fatal: couldn't find remote ref nosuch$"
expect_code "not a repository: exit 1" 1 sgit pull ../nowhere main
expect_stderr_match "with the fetch's words" "^fatal: '\.\./nowhere' does not appear to be a git repository$"
expect_code "an invalid --cleanup, before fetching" 128 sgit pull --cleanup=bogus ../contrib main
expect_stderr_match "in git's words" "^fatal: Invalid cleanup mode bogus$"
expect_eq "HEAD did not move" "$start" "$(head_id)"

# ---- a merge that stops, then the refusals while it is unfinished ----
fresh
echo mine >b && git add b && git commit -qm "integ b"
expect_code "a conflicting pull stops with exit 1" 1 sgit pull --no-rebase ../contrib main
expect_eq "MERGE_HEAD names their main" "$(git -C ../contrib rev-parse main)" "$(cat .git/MERGE_HEAD)"
expect_code "pulling again with unmerged files" 128 sgit pull --no-rebase ../contrib main
expect_stderr_match "is refused in git's words" "^error: Pulling is not possible because you have unmerged files\.$"
git add b
expect_code "and with the merge not concluded" 128 sgit pull --no-rebase ../contrib main
expect_stderr_match "is refused in git's words" "^fatal: Exiting because of unfinished merge\.$"

# ---- the fetch moves the checked-out branch; an unborn branch ----
fresh
git checkout -q behind
expect_code "a refspec writing the current branch" 0 sgit pull ../contrib main:behind
expect_stderr_match "warns as git does" "^warning: fetch updated the current branch head\.$"
expect_eq "and the work tree followed" "b
bb" "$(cat b)"
expect_eq "nothing left changed" "" "$(git status --porcelain)"
fresh
git checkout -q --orphan fresh && git rm -rqf .
expect_code "into an unborn branch" 0 sgit pull ../contrib main
expect_eq "takes their main" "$(git -C ../contrib rev-parse main)" "$(head_id)"
expect_eq "with git's reflog entry" "initial pull" "$(git reflog -1 --format=%gs)"
fresh
git checkout -q --orphan fresh && git rm -rqf .
expect_code "a tag into an unborn branch is refused, as git" 128 sgit pull ../contrib for-linus
expect_stderr_match "git's words" "trying to write non-commit object [0-9a-f]+ to branch 'refs/heads/fresh'$"

finish
