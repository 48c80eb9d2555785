#!/bin/sh
# pull against git: each scenario starts from twin copies of one integrator
# repository (built with git), pulls from the same contributor repository
# with sgit in one and git in the other under the same identity and dates,
# and compares stdout, stderr (sgit's hints name sgit where git's name git),
# exit codes, HEAD (so merge commit ids), FETCH_HEAD, the reflog entry, the
# merge files, the index and the work tree.
. "$SGIT_TEST_TOP/tests/lib.sh"

setup_gpg || exit 2

# contrib: main (two commits past base), for-linus a signed tag on it, topic a
# branch that conflicts with the integrator, old a branch still at base.
# integ: main one commit past base (so pulling main diverges), origin the
# contributor with main tracking origin/main, behind a branch still at base.
git init -q -b main contrib && (
	cd contrib &&
	echo a >a && echo k >k && git add a k && git commit -qm base &&
	git clone -q . ../integ && git branch old &&
	echo b >b && git add b && git commit -qm "contrib one" &&
	echo bb >>b && git commit -qam "contrib two" &&
	git tag -s -m "for linus: please pull" -m "It fixes the frobnicator." for-linus &&
	git checkout -q -b topic HEAD~2 && echo topic >k && git commit -qam topic &&
	git checkout -q main
) >/dev/null 2>&1 || { echo "cannot build the contributor repository"; exit 2; }
(
	cd integ &&
	git remote set-url origin ../contrib &&
	git branch -q behind &&
	echo c >c && git add c && git commit -qm "integ one" &&
	echo mine >k && git commit -qam "integ two"
) >/dev/null 2>&1 || { echo "cannot build the integrator repository"; exit 2; }

state() {
	for f in HEAD ORIG_HEAD FETCH_HEAD MERGE_HEAD MERGE_MSG MERGE_MODE SQUASH_MSG; do
		if [ -f "$1/.git/$f" ]; then echo "== $f"; cat "$1/.git/$f"; fi
	done
	echo "== HEAD id $(git -C "$1" rev-parse -q --verify HEAD)"
	echo "== HEAD commit"; git -C "$1" cat-file commit HEAD 2>/dev/null
	echo "== reflog"; git -C "$1" reflog -1 2>/dev/null
	echo "== refs"; git -C "$1" for-each-ref
	echo "== index"; git -C "$1" ls-files -s
	echo "== status"; git -C "$1" status --porcelain
	for f in "$1"/*; do echo "== file $f"; cat "$f"; done
}

compare() {
	expect_files_eq "$1: same stdout and exit code" out.g out.s
	sed 's/\bsgit\b/git/g' err.s >err.s.norm
	expect_files_eq "$1: same stderr" err.g err.s.norm
	state g | sed 's|^== file g/|== file |' >state.g
	state s | sed 's|^== file s/|== file |' >state.s
	expect_files_eq "$1: same HEAD, FETCH_HEAD, refs, reflog, index and work tree" state.g state.s
}

# both <what> <snippet>: fresh twins of integ, the snippet run in each ($G is sgit or git)
both() {
	what=$1 snippet=$2
	rm -rf s g && cp -a integ s && cp -a integ g
	(cd s && G=$SGIT_BIN && eval "$snippet") >out.s 2>err.s; echo "exit $?" >>out.s
	(cd g && G=git && eval "$snippet") >out.g 2>err.g; echo "exit $?" >>out.g
	compare "$what"
}

# again <what> <snippet>: the snippet in the twins as they are
again() {
	what=$1 snippet=$2
	(cd s && G=$SGIT_BIN && eval "$snippet") >out.s 2>err.s; echo "exit $?" >>out.s
	(cd g && G=git && eval "$snippet") >out.g 2>err.g; echo "exit $?" >>out.g
	compare "$what"
}

# ---- the signed pull request ----
both "pull --no-rebase --no-edit of a signed tag: one merge commit id, with its mergetag" \
	'$G pull --no-rebase --no-edit ../contrib for-linus'
again "verify-tag FETCH_HEAD after it" '$G verify-tag FETCH_HEAD'
again "log --show-signature shows the merged tag checked" '$G log --show-signature -1'
both "the same through pull.rebase=false" 'git config pull.rebase false && $G pull --no-edit ../contrib for-linus'
both "a signed tag onto a branch it fast-forwards: still a merge (the tag is not stored)" \
	'git checkout -q behind && $G pull --no-edit ../contrib for-linus'
both "--ff-only of that tag fast-forwards (--ff-only wins over the tag's merge)" \
	'git checkout -q behind && $G pull --ff-only ../contrib for-linus'
both "--ff-only of that tag where it cannot" '$G pull --ff-only ../contrib for-linus'

# ---- fast-forwards, and the refusals git 2.39 makes ----
both "--ff-only fast-forwards" 'git checkout -q behind && $G pull --ff-only ../contrib main'
both "pull.ff=only fast-forwards" 'git checkout -q behind && git config pull.ff only && $G pull ../contrib main'
both "diverged, nothing configured: git's refusal" '$G pull ../contrib main'
both "diverged with --ff-only" '$G pull --ff-only ../contrib main'
both "diverged with pull.ff=only" 'git config pull.ff only && $G pull ../contrib main'
both "pull.ff=only and --no-rebase merge" 'git config pull.ff only && $G pull --no-rebase --no-edit ../contrib main'
both "pull.ff=false: no refusal, a merge" 'git config pull.ff false && $G pull --no-edit ../contrib main'
both "--ff: no refusal" '$G pull --ff --no-edit ../contrib main'
both "already up to date: no refusal" '$G pull ../contrib old'
both "--no-ff onto a fast-forward" 'git checkout -q behind && $G pull --no-ff --no-edit ../contrib main'

# ---- the configured remote ----
both "pull with no arguments: origin, branch.main.merge" '$G pull --no-rebase --no-edit'
both "pull origin: the same" '$G pull --no-rebase --no-edit origin'
both "pull origin topic: a conflict" '$G pull --no-rebase --no-edit origin topic'
again "a second pull while files are unmerged" '$G pull --no-rebase origin'
again "and once they are added (MERGE_HEAD)" 'git add k && $G pull --no-rebase origin'
both "--no-tags, -q" '$G pull -q --no-tags --no-rebase --no-edit origin'
both "-v" 'git checkout -q behind && $G pull -v --ff-only ../contrib main'
both "--no-commit" '$G pull --no-rebase --no-commit ../contrib main'
both "--squash" '$G pull --no-rebase --squash ../contrib main'
both "--log, --stat" '$G pull --no-rebase --no-edit --log --stat ../contrib main'

# ---- nothing to merge ----
both "a branch with no upstream" 'git checkout -q behind && $G pull'
both "a remote that is not the branch's" 'git checkout -q behind && $G pull origin'
both "a wildcard that matches nothing" '$G pull origin "refs/heads/none*:refs/remotes/origin/none*"'
both "a detached HEAD" 'git checkout -q --detach && $G pull'
both "branch.main.merge names a missing branch" 'git config branch.main.merge refs/heads/gone && $G pull'

# ---- bad input ----
# (git's fetch may leave an empty FETCH_HEAD behind when it fails, sgit's none:
# the fetch's business, not pull's, so an empty FETCH_HEAD is not compared)
both "a name the other side lacks: exit 1" \
	'$G pull ../contrib nosuch; rc=$?; [ -s .git/FETCH_HEAD ] || rm -f .git/FETCH_HEAD; exit $rc'
both "not a repository" '$G pull ../nowhere main; rc=$?; [ -s .git/FETCH_HEAD ] || rm -f .git/FETCH_HEAD; exit $rc'
both "an invalid pull.ff" 'git config pull.ff maybe && $G pull ../contrib main'
both "an invalid pull.rebase" 'git config pull.rebase sometimes && $G pull ../contrib main'
both "an invalid --cleanup" '$G pull --cleanup=bogus ../contrib main'

# ---- the fetch moves the branch checked out ----
both "a refspec that updates the current branch" 'git checkout -q behind && $G pull ../contrib main:behind'

# ---- an unborn branch ----
both "into an unborn branch" 'git checkout -q --orphan fresh && git rm -rqf . && $G pull ../contrib main'

finish
