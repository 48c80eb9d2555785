#!/bin/sh
# log and show against git on the history of tests/interop/lib-history.sh
# (about 450 commits: merges, a criss-cross, an octopus, two unrelated roots,
# tags of every kind, odd messages, a Latin-1 commit, equal dates, clock
# skew), once with loose objects and refs and once after git gc: a table of
# command lines whose stdout and exit code must be git's, byte for byte, and
# for the errors stderr too.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/interop/lib-history.sh"

history_make loose || { echo "cannot build the history"; exit 2; }
history_pack loose packed || { echo "cannot pack the history"; exit 2; }

# same_err_as_git <what> <args...>: same_as_git, and the same stderr (the
# program's name in git's hints aside)
same_err_as_git() {
	what=$1; shift
	same_as_git "$what" "$@"
	sed "s/^usage: git /usage: sgit /; s/'git </'sgit </" "$TEST_DIR/.git.err" >"$TEST_DIR/.git.err2"
	expect_files_eq "$what: stderr" "$TEST_DIR/.git.err2" "$TEST_DIR/.sgit.err"
}

# with_tz <zone> <command...>: the command in another time zone
with_tz() {
	saved_tz=$TZ; TZ=$1; export TZ; shift
	"$@"
	TZ=$saved_tz; export TZ
}

checks() {
	kind=$1
	t() { same_as_git "log $* ($kind)" log "$@"; }
	s() { same_as_git "show $* ($kind)" show "$@"; }

	# ---- the pretty formats ----
	t
	t --all
	t --pretty=oneline
	t --pretty=short --all
	t --pretty=medium main~20
	t --pretty=full --all
	t --pretty=fuller
	t --pretty=raw --all
	t --pretty=email -n 40
	t --oneline --all
	t --format='%H %h %T %t %P %p' --all
	t --format='%an|%ae|%aN|%aE|%ad|%aD|%at|%ai|%aI|%as' --all
	t --format='%cn|%ce|%cN|%cE|%cd|%cD|%ct|%ci|%cI|%cs' --all
	t --format='%ar|%cr'
	t --format='%s%n%f%n[%b]%n{%B}%n%e%%' --all
	t --format='format:%h %s' -n 30
	t --pretty='format:%h%n%b' -n 30
	t --pretty='tformat:%h%x00%s%x09%x41' -n 30
	t --format= -n 5
	t --format='%m %h %s' cross-a...cross-b
	t --format='%m %h' mid...feature
	t --format='%<(20)%an|%>(12)%h|%<(6)%s|%>(3)%ae|' -n 60
	t --format='%<(1)%an|%>(60)%s|' -n 60
	t --decorate --color=always --format='%C(auto)%h%C(auto)%d %Cred%s%Creset %C(green bold)%an%C(reset) %Cblue%ad%Creset %C(yellow)x%C(reset)' --all
	t --color=always --decorate -n 40
	t --color=always --decorate --oneline --all
	t --color=always --format='%C(auto)%h %s%d' --all
	same_as_git "log with color.ui=always ($kind)" -c color.ui=always log --oneline --decorate -n 30
	t --color=never --oneline --decorate -n 30
	t --format='%C(auto)%h%d %Cred%s%Creset %C(bold blue)x%C(reset)' --decorate -n 20
	t --format='%h%d|%D|' --all
	t --format='%h%d|%D|' --decorate=full --all
	t --format='%h%d|%D|' --no-decorate --all

	# ---- decorations and abbreviations ----
	t --decorate --oneline --all
	t --decorate=full --oneline --all
	t --decorate=short --all -n 30
	t --decorate=no --oneline -n 30
	t --no-decorate --oneline -n 30
	t --decorate --pretty=fuller -n 30 --all
	t --abbrev-commit -n 20
	t --abbrev-commit --abbrev=12 -n 20 --pretty=raw
	t --oneline --abbrev=10
	t --oneline --abbrev=4 --all
	t --oneline --no-abbrev-commit -n 20
	t --format='%h %p %t' --abbrev=9 --all
	t --abbrev-commit --parents --format=medium -n 20

	# ---- dates ----
	for mode in relative iso iso8601 iso-strict iso8601-strict rfc rfc2822 short raw unix default \
		'format:%Y-%m-%d %H:%M:%S %z %a %A %b %B %j %e %I %p %%' 'format:'; do
		t --pretty=fuller --date="$mode" --all
	done
	with_tz America/New_York t --date=local --pretty=fuller --all
	with_tz Asia/Kolkata t --date=local --format='%ad|%cd|%ar' -n 50
	t --date=short --format='%ad %cd %ai %as'
	same_as_git "log with log.date=iso ($kind)" -c log.date=iso log -n 30
	same_as_git "log with log.date=format: ($kind)" -c 'log.date=format:%d/%m/%Y %H' log -n 30 --format='%ad %cd'
	same_as_git "log with log.date=relative, --date=raw wins ($kind)" -c log.date=relative log -n 30 --date=raw
	same_as_git "log with log.decorate=full ($kind)" -c log.decorate=full log --oneline --all
	same_as_git "log with log.decorate=short ($kind)" -c log.decorate=short log -n 40
	same_as_git "log with log.decorate=true ($kind)" -c log.decorate=true log --oneline -n 40
	same_as_git "log with log.decorate=auto, not a terminal ($kind)" -c log.decorate=auto log --oneline -n 40
	same_as_git "log with log.decorate=full, --no-decorate wins ($kind)" -c log.decorate=full log --oneline --no-decorate -n 40

	# ---- ranges and ref sets ----
	t --oneline mid..feature
	t --oneline ^mid feature
	t --oneline feature..mid
	t --oneline mid...feature
	t --oneline cross-a...cross-b
	t --oneline cross-a..cross-b
	t --oneline feature --not mid v0.1
	t --oneline --not mid --not feature
	t --oneline --all --not main
	t --oneline --branches
	t --oneline --tags
	t --oneline --branches --tags ^v1.0
	t --oneline v1.0^2~3 v2.0 light-feature
	t --oneline v1.0..v2.0 orphan
	t --oneline mid..
	t --oneline ..mid
	t --oneline cross-a cross-b ^mid ^oct1
	t --oneline --all --not --all

	# ---- order, count, skip ----
	t --oneline --first-parent
	t --oneline --first-parent --all
	t --oneline --topo-order --all
	t --oneline --topo-order main
	t --oneline --date-order --all
	t --oneline --date-order main
	t --oneline --reverse --all
	t --oneline --topo-order --reverse main
	t --oneline --date-order --reverse -n 30 --all
	t --oneline -n 5
	t --oneline --reverse -n 5
	t --oneline --max-count=7 --skip=3
	t --oneline -3 --all
	t --oneline --skip=420 --all
	t --oneline -n 0
	t --oneline -n -1 mid
	t --oneline --topo-order -n 12 --all
	t --oneline --no-merges --first-parent

	# ---- filters ----
	t --oneline --merges --all
	t --oneline --no-merges --all
	t --oneline --min-parents=3 --all
	t --oneline --max-parents=0 --all
	t --oneline --min-parents=2 --max-parents=2 --all
	t --oneline --max-parents=1 main
	t --oneline --author=Bob --all
	t --oneline --author=Bob --author=Carol --all
	t --oneline --author='^Carol' --all
	t --oneline --author=bob --all
	t --oneline -i --author=bob --all
	t --oneline --committer=Dave --all
	t --oneline --grep=fix --all
	t --oneline --grep='fix.*bug' --all
	t --oneline --grep='FIXES: .* (bug [0-9]*)' --all
	t --oneline -i --grep=fix --all
	t --oneline --regexp-ignore-case --grep=FIX --all
	t --oneline --grep=fix --grep=typo --all
	t --oneline --all-match --grep=fix --grep=README --all
	t --oneline --author=Bob --grep=feature --all
	t --oneline --grep='cr.me' --all
	t --oneline --grep='cr..me' --all
	t --oneline --grep='^$' --all
	t --oneline --since=2005-04-14 main
	t --oneline --since='2005-04-14 00:00:00' main
	t --oneline --since='2005-04-14 00:00:00 +0000' --until='2005-04-16 12:00:00 +0200' --all
	t --oneline --until='3 years ago' -n 5
	t --oneline --since=2005-04-14 --all
	t --oneline --until='2005-04-09 12:00:00' --all
	t --oneline --since='April 10 2005' --until='2005-04-12T10:00:00+0200' --all
	t --oneline --after=1113500000 --before=1113600000 --all
	t --oneline --since=2005-04-14 --topo-order main

	# ---- paths ----
	t --oneline -- src/feature/
	t --oneline -- lib/common.h
	t --oneline --parents -- lib/common.h
	t --format='%h %p' --parents -- lib/
	t --oneline -- doc/ src/core/io.c
	t --oneline --all -- vendor/
	t --oneline -- src/core/old.c
	t --oneline -- no/such/path
	t --oneline -- t/run.sh
	t --oneline -- t/run-tests.sh
	t --stat -n 40 -- t/
	t --oneline -- src
	t --oneline -- .
	t --oneline -- '*.h'
	t --oneline --first-parent -- lib/common.h
	t --oneline --merges -- lib/common.h
	t --oneline --topo-order --all -- contrib/
	t --oneline cross-a...cross-b -- lib/common.h
	t --oneline main -- README
	t --stat -- src/feature
	t --graph --oneline -- lib/
	t --graph --oneline --parents --all -- lib/common.h contrib/oct2
	t --oneline --topo-order --parents -- lib/common.h
	t --oneline --skip=3 -n 4 -- lib/common.h
	t --oneline --since='2005-04-12 00:00:00' -- lib/common.h
	t --oneline --author=Carol --all -- doc/api
	t --oneline --decorate --all -- lib/common.h

	# ---- parents and the graph ----
	t --oneline --parents --all
	t --format=%p --parents
	t --oneline --parents --first-parent
	t --graph --oneline --all
	t --graph --all
	t --graph --format='%h %s%n%b' -n 80
	t --graph --pretty=fuller -n 40 --all
	t --graph --oneline --first-parent
	t --graph --oneline --date-order --all
	t --graph --oneline --topo-order main
	t --graph --stat -n 8
	t --graph --oneline --skip=5 -n 10 --all
	t --graph --color=always --oneline --decorate --all

	# ---- patches and stats ----
	t -p main
	t -p -n 20 --all
	t -p -- lib/common.h
	t --patch --oneline cross-a...cross-b
	t --stat
	t --stat --oneline --all
	t -p --stat -n 10
	t --stat --format=%h -n 30
	t -p --color=always -n 30
	t --stat --color=always -n 30
	t --encoding=ISO-8859-1 -n 3
	t -p --no-merges -n 20 v2.0

	# ---- the Latin-1 commit ----
	t -n 3
	t -n 3 --format='%an|%s|%b|%e|%f'
	t -n 3 --pretty=raw
	t -n 3 --pretty=email

	# ---- show ----
	s
	s main~1
	s -s main~1
	s main~2 --stat
	s -s --format=%H%n%B main~1 main~2
	s "main^{/Merge the vendor}"
	s "main^{/Merge branch 'topic}"
	s "main^{/Merge branch 'cross-b'}"
	s cross-a~8
	s v2.0
	s v1.0 v0.1
	s v3.0-outer
	s -s v3.0-outer
	s treetag
	s blobtag
	s "main^{tree}"
	s main:src/core
	s main:README
	s v2.0:lib/common.h
	s light-head
	s -s --oneline v1.0 main~2 light-feature
	s --stat main main~2
	s --oneline --stat v1.0
	s --pretty=fuller -s signed signed^
	s --pretty=raw -s signed
	s --no-patch main
	s --format='%h %s' -s main~10..main~5
	s -s orphan-tag
	s --stat "main^{/Merge branch 'cross-b'}"
	s v0.0
	s --stat v0.0
	s main:
	s --oneline v2.0
	s -s --format=%s v1.0
	s "main^{/Rename t/run.sh}"
	s --color=always main~2

	# ---- errors ----
	same_err_as_git "log of an unknown revision ($kind)" log nosuchrev
	same_err_as_git "log of a range to an unknown revision ($kind)" log main..nosuchrev
	same_err_as_git "show of an unknown revision ($kind)" show nosuchrev
	same_err_as_git "log of a name that is a branch and a file ($kind)" log oct2
	same_err_as_git "log of a missing path ($kind)" log main:nosuchfile
	same_err_as_git "show of a missing path in a commit ($kind)" show main:nosuchfile
	same_err_as_git "log with an unknown option ($kind)" log --frobnicate
}

cd "$TEST_DIR/loose" && checks loose
cd "$TEST_DIR/packed" && checks packed

# From a subfolder paths are relative to it; a detached HEAD is decorated alone.
cd "$TEST_DIR/loose/src/core" || exit 2
same_as_git "log -- . in a subfolder" log --oneline -- .
same_as_git "log -- <file> in a subfolder" log --oneline -- io.c
same_as_git "log -- ../../doc in a subfolder" log --oneline -- ../../doc
same_as_git "log --stat in a subfolder" log --stat -n 20
cd "$TEST_DIR/loose" && git checkout -q --detach main~2 || exit 2
same_as_git "a detached HEAD, --decorate" log --decorate --oneline -n 5 --all
same_as_git "a detached HEAD, %d %D" log --format='%h%d|%D' -n 5
git checkout -q main || exit 2

# A .mailmap in the work tree: %aN %aE %cN %cE, and log.mailmap (on by default).
cd "$TEST_DIR/loose" || exit 2
printf '%s\n' 'Robert Builder <bob@example.org>' '<dave@fixer.example> <dave@example.com>' \
	'Carol W. <carol@new.example> Carol Writer <carol@example.net>' >.mailmap
same_as_git "%aN %aE %cN %cE with a .mailmap" log --format='%an|%aN|%ae|%aE|%cn|%cN|%ce|%cE' --all
same_as_git "the medium format maps people by default" log -n 40 --all
same_as_git "--pretty=fuller maps both people" log --pretty=fuller -n 40 --all
same_as_git "--no-use-mailmap" log --no-use-mailmap -n 40 --all
same_as_git "log.mailmap=false" -c log.mailmap=false log --format='%an|%aN' -n 40 --all
same_as_git "--author matches the mapped name" log --oneline --author=Robert --all
rm .mailmap

# A rename with edits (git finds renames by similarity by default in log and
# show): kept out of the big history so that it fails alone where it fails.
git init -q -b main "$TEST_DIR/renames" && cd "$TEST_DIR/renames" || exit 2
seq 1 20 | sed 's/^/line /' >old.txt && printf 'stays\n' >same.txt && git add . &&
git commit -q -m "two files" &&
git mv old.txt new.txt && sed 's/^line 5$/line five/; s/^line 15$/line fifteen/' new.txt >t &&
mv t new.txt && mkdir sub && git mv same.txt sub/same.txt && git add -A &&
git commit -q -m "rename with edits, and an exact rename" || exit 2
same_as_git "log -p, a rename with edits" log -p
same_as_git "log --stat, a rename with edits" log --stat
same_as_git "show, a rename with edits" show
same_as_git "show --stat --oneline, a rename with edits" show --stat --oneline
same_as_git "log --oneline -- new.txt, a rename with edits" log --oneline -- new.txt

# Relative dates read the real clock (git 2.39 takes GIT_TEST_DATE_NOW
# instead, sgit does not): on the 2005 history they read "21 years ago", the
# same for both tools unless the clock crosses a bucket between the two
# runs. Here dates near now, each well inside one bucket (the minutes one
# leaves 45 seconds: the repository is made just before).
history_recent "$TEST_DIR/recent" && cd "$TEST_DIR/recent" || exit 2
same_as_git "log --date=relative, recent dates" log --date=relative --pretty=fuller
same_as_git "%ar and %cr, recent dates" log --format='%ar|%cr'
finish
