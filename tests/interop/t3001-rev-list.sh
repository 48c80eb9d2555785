#!/bin/sh
# rev-list against git on the history of tests/interop/lib-history.sh, with
# loose and with packed objects: counts, objects, parents, order and the
# commit filters; stdout and exit code must be git's, byte for byte.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/interop/lib-history.sh"

history_make loose || { echo "cannot build the history"; exit 2; }
history_pack loose packed || { echo "cannot pack the history"; exit 2; }

checks() {
	kind=$1
	t() { same_as_git "rev-list $* ($kind)" rev-list "$@"; }

	t HEAD
	t main
	t --all
	t main feature orphan

	# ---- counts ----
	t --count HEAD
	t --count --all
	t --count mid..feature
	t --count feature..mid
	t --count ^v1.0 main
	t --count cross-a...cross-b
	t --count --no-merges --all
	t --count --merges --all
	t --count --first-parent main
	t --count main -- lib/common.h
	t --count --max-count=10 HEAD
	t --count --skip=400 --all

	# ---- objects ----
	t --objects HEAD
	t --objects mid..feature
	t --objects --all
	t --objects main ^v2.0
	t --objects v1.0
	t --objects v3.0-outer
	t --objects treetag
	t --objects blobtag
	t --objects "main^{tree}"
	t --objects cross-a...cross-b
	t --objects --first-parent main~5..main
	t --objects --no-merges -n 5 main

	# ---- parents and order ----
	t --parents HEAD
	t --parents --all
	t --parents --first-parent main
	t --parents main -- lib/common.h
	t --parents --all -- contrib/ vendor/lib/v1.c
	t --reverse main
	t --reverse --all
	t --reverse --max-count=10 main
	t --topo-order --all
	t --date-order --all
	t --topo-order --reverse mid...feature
	t --max-count=10 HEAD
	t -n 3 --all
	t --skip=5 --max-count=5 main
	t --first-parent --all
	t --parents --reverse mid
	t mid..
	t ^HEAD HEAD
	t --count --all --not --branches

	# ---- filters ----
	t --merges --all
	t --no-merges --all
	t --min-parents=3 --all
	t --max-parents=0 --all
	t --min-parents=2 --max-parents=2 --all
	t --author=Bob --all
	t --author=bob -i --all
	t --committer=Dave --all
	t --grep=fix --all
	t --grep=fix --grep=typo --all-match --all
	t -i --grep=fix --grep=typo --all-match --all
	t --grep=fix --grep=typo --all
	t --author=Carol --grep=doc --all
	t --since=2005-04-14 main
	t --since='2005-04-14 00:00:00' main
	t --since='2005-04-11 00:00:00 -0700' --until='2005-04-13 00:00:00' --all
	t --until=2005-04-10 --all
	t --since=2005-04-11 --until=2005-04-13 --all
	t --branches
	t --tags
	t --branches --not --tags
	t --all --not main
	t main -- src/feature/ doc/FAQ
	t --all -- vendor/
	t main -- no/such/path

	# ---- errors ----
	same_as_git "rev-list of an unknown revision ($kind)" rev-list nosuchrev
	cp "$TEST_DIR/.sgit.err" "$TEST_DIR/.err"	# what expect_stderr_match reads
	expect_stderr_match "  git's message ($kind)" "^fatal: ambiguous argument 'nosuchrev': unknown revision"
	same_as_git "rev-list --count of an unknown revision ($kind)" rev-list --count main..nosuchrev
	same_as_git "rev-list without a revision ($kind)" rev-list
	same_as_git "rev-list of a tree without --objects ($kind)" rev-list "main^{tree}"
}

cd "$TEST_DIR/loose" && checks loose
cd "$TEST_DIR/packed" && checks packed
finish
