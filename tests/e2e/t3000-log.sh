#!/bin/sh
# log, show and rev-list as commands: their messages and exit codes for bad
# arguments, an unborn branch, revisions that are also file names, the pager
# (only on a terminal: tested through script(1) when it exists), and a few
# outputs against git that the big interop table leaves aside (combined
# diffs of resolved merges, --since with loose dates, the graph of a range).
. "$SGIT_TEST_TOP/tests/lib.sh"

# fails <what> <exit code> <stderr regex> <sgit args...>
fails() {
	what=$1 code=$2 re=$3; shift 3
	expect_code "$what" "$code" sgit "$@"
	expect_stderr_match "$what: message" "$re"
}

# ---- an unborn branch ----
git init -q -b main empty && cd empty || exit 2
fails "log on an unborn branch" 128 "^fatal: your current branch 'main' does not have any commits yet$" log
fails "show on an unborn branch" 128 "^fatal: your current branch 'main' does not have any commits yet$" show
fails "rev-list without a revision prints the usage" 129 '^usage: sgit rev-list ' rev-list
expect_code "rev-list --all with no refs is fine" 0 sgit rev-list --all
expect_eq "and prints nothing" "" "$(sgit rev-list --all)"
expect_code "log --all with no refs is fine" 0 sgit log --all
expect_eq "rev-list --count --all counts nothing" "0" "$(sgit rev-list --count --all)"
cd .. || exit 2

# ---- a small history: a merge whose result differs from both sides ----
git init -q -b main repo && cd repo || exit 2
printf 'one\ntwo\nthree\nfour\nfive\n' >file && git add file && git commit -q -m first &&
	git checkout -q -b side && sed 's/two/TWO side/' file >f && mv f file &&
	git commit -q -a -m "side change" && git checkout -q main &&
	sed 's/two/two main/' file >f && mv f file && echo other >other && git add other &&
	git commit -q -a -m "main change" || exit 2
git merge -q side >/dev/null 2>&1
printf 'one\ntwo, resolved\nthree\nfour\nfive\n' >file && git commit -q -a -m "Merge branch 'side'" &&
	git tag -a -m "release" v1 && echo more >>other && git commit -q -a -m "after the merge" &&
	git tag light HEAD~2 || exit 2

# ---- messages and exit codes ----
fails "an unknown revision" 128 "^fatal: ambiguous argument 'nosuch': unknown revision or path not in the working tree\.$" log nosuch
expect_stderr_match "with git's hint" "^Use '--' to separate paths from revisions, like this:$"
fails "a second path that does not exist" 128 '^fatal: nosuch: no such path in the working tree\.$' log file nosuch
same_as_git "a file that is no revision is a path" log --oneline other
git branch other
fails "a branch named as a file" 128 "^fatal: ambiguous argument 'other': both revision and filename$" log other
expect "is fine before --" sgit log other --
expect "and a path after --" sgit log -- other
git branch -D -q other
fails "a bad revision before --" 128 "^fatal: bad revision 'nosuch'$" log nosuch -- file
fails "an option after a path" 128 "^fatal: option '-p' must come before non-option arguments$" log file -p
fails "an unknown option of log" 128 '^fatal: unrecognized argument: --frobnicate$' log --frobnicate
fails "an unknown option of show" 128 '^fatal: unrecognized argument: --frobnicate$' show --frobnicate
fails "an unknown option of rev-list" 129 '^usage: sgit rev-list ' rev-list --frobnicate HEAD
fails "-n without its number" 128 '^error: -n requires an argument$' log -n
fails "--max-count without its value" 128 "^fatal: Option '--max-count' requires a value$" log --max-count
fails "--author without its value" 128 "^fatal: Option '--author' requires a value$" log --author
fails "a bad --decorate" 128 '^fatal: invalid --decorate option: bogus$' log --decorate=bogus
fails "a bad --pretty" 128 '^fatal: invalid --pretty format: bogus$' log --pretty=bogus
fails "a bad --date" 128 '^fatal: unknown date format bogus$' log --date=bogus
fails "a bad --color" 129 "^error: option \`color' expects \"always\", \"auto\", or \"never\"$" log --color=bogus
fails "--graph with --reverse" 128 "^fatal: options '--reverse' and '--graph' cannot be used together$" log --graph --reverse
expect_code "log -h" 129 sgit log -h
expect_code "show -h" 129 sgit show -h
expect_code "rev-list -h" 129 sgit rev-list -h
expect_eq "-n 0 prints nothing" "" "$(sgit log -n 0)"
expect_eq "-n with a word is -n 0, as git's atoi" "" "$(sgit log -n x)"

# ---- against git ----
same_as_git "show of a resolved merge: a combined diff" show HEAD~1
same_as_git "show -c of it" show -c HEAD~1
same_as_git "log --cc" log --cc
same_as_git "show --stat of a merge: against its first parent" show --stat HEAD~1
same_as_git "show --name-status of a merge" show --name-status HEAD~1
same_as_git "show of a clean merge prints a blank line after the message" show --oneline v1
same_as_git "log -m -p: a diff per parent" log -m -p --oneline
same_as_git "show of an annotated tag, then its commit" show v1
same_as_git "show -s of several objects" show -s v1 light HEAD
same_as_git "show of a tree" show 'HEAD^{tree}'
same_as_git "show of a blob" show HEAD:file
same_as_git "show of a range walks it" show -s --oneline HEAD~2..HEAD
same_as_git "--since with a date of the day" log --oneline --since=2005-04-07
same_as_git "--since with a relative date" log --oneline --since='2 weeks ago'
same_as_git "--until with a month name" log --oneline --until='April 1 2005'
same_as_git "the graph of a range" log --graph --oneline side..main
same_as_git "%m of a symmetric range" log --format='%m %s' side...main
same_as_git "rev-list --objects" rev-list --objects --all
same_as_git "rev-list --parents --format" rev-list --parents --format=%s HEAD
same_as_git "rev-list --count of a range" rev-list --count side..main
same_as_git "--branches with a glob" log --oneline --branches='s*'
same_as_git "--tags and --not" log --oneline --tags --not side
same_as_git "X^! shows X alone" log --oneline 'HEAD~1^!'
same_as_git "X^@ shows its parents' history" log --oneline 'HEAD~1^@'
same_as_git "--stdin revisions" log --oneline --stdin </dev/null
printf 'side\n' >../revs
same_as_git_in "revisions from --stdin" ../revs log --oneline --stdin

# ---- show: objects named twice, the colour of its "tag" lines ----
same_as_git "show names a commit once, however often it is named" show -s --oneline HEAD HEAD~1 HEAD
same_as_git "and once after a tag of it" show -s --oneline HEAD~1 v1
same_as_git "a tag named twice shows twice" show -s --oneline v1 v1
same_as_git "a \"tag\" line takes color.diff.commit" -c color.diff.commit=blue show --color=always -s v1

# ---- rev-list takes diff options but refuses to show a diff, as git ----
for o in --stat -p -U3 --cc -c -r -t --full-diff --name-only; do
	same_as_git "rev-list $o prints the usage" rev-list $o HEAD
done
for o in -s -m -M -C "-C -C" --no-renames --diff-merges=cc; do
	same_as_git "rev-list $o is fine" rev-list $o HEAD
done

# ---- renames and copies: -M<n>, -C<n>, -l<n> as git log reads them ----
git init -q -b main "$TEST_DIR/renames" && cd "$TEST_DIR/renames" || exit 2
seq 1 20 >a.txt && seq 100 130 >b.txt && git add . && git commit -q -m one &&
	git mv a.txt c.txt && sed 's/^5$/five/; s/^6$/six/; s/^7$/seven/' c.txt >t && mv t c.txt &&
	cp b.txt d.txt && echo x >>b.txt && git add -A && git commit -q -m "rename, copy" &&
	git mv c.txt e.txt && seq 300 320 >m.txt && git add -A && git commit -q -m "rename, add" || exit 2
for o in -M -M90 -M50% --find-renames=90 --find-renames=9 -C -C50 --find-copies --find-copies=90 \
	"-C -M" "-M -C" "-M90 -M" --no-renames "-C --no-renames" -l0 "-l 5"; do
	same_as_git "log --stat $o" log --stat --oneline $o
done
same_as_git "log -p -C shows the copy" log -p -C
same_as_git "show --name-status -C50" show --name-status -C50 HEAD~1
fails "-M with a bad score" 129 '^error: invalid argument to find-renames$' log -Mx
fails "--find-renames with a bad score" 129 '^error: invalid argument to find-renames$' log --find-renames=1x
fails "-C with a bad score" 129 '^error: invalid argument to find-copies$' log -Cx
fails "-l with a word" 129 "^error: switch \`l' expects a numerical value$" log -l x
fails "-l without its number" 129 "^error: switch \`l' requires a value$" log -l
fails "-C -C is refused rather than shown short" 129 '^error: sgit log does not support --find-copies-harder yet$' log -C -C
same_as_git "-l1: the renames past the limit are left out" log --stat --oneline -l1
expect_files_eq "and git's warning comes once, at the end" "$TEST_DIR/.git.err" "$TEST_DIR/.sgit.err"
same_as_git "show -l1 warns after the commit" show --stat -l1 HEAD HEAD~1
expect_files_eq "as git" "$TEST_DIR/.git.err" "$TEST_DIR/.sgit.err"

# ---- numbers of diff options: git's messages ----
fails "-U with a word" 129 '^error: --unified expects a numerical value$' log -Ux
fails "--stat-width with a word" 129 '^error: stat-width expects a numerical value$' log --stat-width=x
fails "--stat-count with a word" 129 '^error: stat-count expects a numerical value$' log --stat-count=x
fails "--inter-hunk-context with a word" 129 "^error: option \`inter-hunk-context' expects a numerical value$" \
	log --inter-hunk-context=x
cd "$TEST_DIR/repo" || exit 2

# ---- --show-signature (the blocks come from the signature module; log places them) ----
if setup_gpg; then
	git checkout -q -b signed main && echo s >>other &&
		git commit -q -S -a -m "a signed commit" && git commit -q --allow-empty -m "unsigned" &&
		git tag -s -m "signed tag" vs HEAD~1 && git checkout -q main &&
		git merge -q --no-ff -m "Merge tag 'vs'" vs >/dev/null 2>&1
	same_as_git "log --show-signature" log --show-signature -n 4
	same_as_git "log --show-signature --graph --oneline" log --show-signature --graph --oneline -n 4
	same_as_git "show --show-signature of a signed commit" show --show-signature signed~1
	same_as_git "log.showSignature, --no-show-signature wins" -c log.showSignature=true log --no-show-signature -n 2
	same_as_git "log.showSignature" -c log.showSignature=true log -n 3 --format=%s
else
	ok "gpg cannot import the test keys: --show-signature is not tested"
fi

# ---- the pager: never without a terminal ----
cat >../pager.sh <<'EOF'
#!/bin/sh
{ echo "LESS=$LESS LV=$LV"; cat; } >"$PAGER_OUT"
EOF
chmod +x ../pager.sh
export PAGER_OUT="$TEST_DIR/pager.out"
rm -f "$PAGER_OUT"
GIT_PAGER=../pager.sh sgit log --oneline >../plain.out 2>&1
expect_eq "no pager when stdout is no terminal" "no" "$([ -e "$PAGER_OUT" ] && echo yes || echo no)"
expect_eq "the output goes to stdout" "$(git log --oneline)" "$(cat ../plain.out)"
GIT_PAGER=../pager.sh sgit -p log --oneline >/dev/null 2>&1
expect_eq "not even with -p" "no" "$([ -e "$PAGER_OUT" ] && echo yes || echo no)"

# on a terminal, through script(1)
if script -qec true /dev/null </dev/null >/dev/null 2>&1; then
	on_tty() { rm -f "$PAGER_OUT"; GIT_PAGER="$TEST_DIR/pager.sh" script -qec "$*" /dev/null </dev/null >"$TEST_DIR/tty.out" 2>&1; }
	paged() { [ -e "$PAGER_OUT" ] && echo paged || echo direct; }
	on_tty "$SGIT_BIN log --oneline -1"
	expect_eq "log pages on a terminal" paged "$(paged)"
	expect_eq "with LESS=FRX and LV=-c" "LESS=FRX LV=-c" "$(head -n 1 "$PAGER_OUT")"
	expect_eq "decorated and coloured, as git" "$(sed 1d "$PAGER_OUT")" \
		"$(GIT_PAGER="$TEST_DIR/pager.sh" script -qec 'git log --oneline -1' /dev/null </dev/null >/dev/null 2>&1; sed 1d "$PAGER_OUT")"
	on_tty "LESS=XY $SGIT_BIN show -s"
	expect_eq "show pages, a LESS of the user's is kept" "LESS=XY LV=-c" "$(head -n 1 "$PAGER_OUT")"
	on_tty "$SGIT_BIN rev-list -1 HEAD"
	expect_eq "rev-list does not page" direct "$(paged)"
	on_tty "$SGIT_BIN -p rev-list -1 HEAD"
	expect_eq "sgit -p pages rev-list" paged "$(paged)"
	on_tty "$SGIT_BIN -P log -1"
	expect_eq "sgit -P does not page" direct "$(paged)"
	on_tty "$SGIT_BIN --no-pager log -1"
	expect_eq "sgit --no-pager does not page" direct "$(paged)"
	on_tty "$SGIT_BIN -c pager.log=false log -1"
	expect_eq "pager.log=false does not page" direct "$(paged)"
	on_tty "$SGIT_BIN -c pager.rev-list=true rev-list -1 HEAD"
	expect_eq "pager.rev-list=true pages" paged "$(paged)"
	on_tty "GIT_PAGER=cat $SGIT_BIN log -1"
	expect_eq "GIT_PAGER=cat is no pager" direct "$(paged)"
else
	ok "script(1) is missing: the pager on a terminal is not tested"
fi

finish
