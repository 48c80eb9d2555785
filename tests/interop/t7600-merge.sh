#!/bin/sh
# merge and fmt-merge-msg against git: each scenario starts from twin copies
# of one repository (built once with git, signed tags included), runs sgit in
# one and git in the other under the same identity and dates, and compares
# what they print, their exit codes, HEAD, the merge files (MERGE_HEAD,
# MERGE_MSG, MERGE_MODE, ORIG_HEAD, SQUASH_MSG), the index and the files.
. "$SGIT_TEST_TOP/tests/lib.sh"

setup_gpg || exit 2

# base: main and side both change "a" (a conflict) and add files; v1 a signed
# tag of side, v1a an annotated one, loose a signed tag stored under another
# name; clean adds a file only (no conflict); b1 b2 b3 for an octopus; ff is
# main plus one commit (made last); unsigned and signed for --verify-signatures; other is
# an unrelated root.
git init -q -b main base && (
	cd base &&
	echo a >a && echo keep >k && git add a k && git commit -qm one &&
	git checkout -qb side && echo side >a && echo b >b && git add a b && git commit -qm "side two" &&
	GIT_AUTHOR_NAME="Other Person" git commit -q --allow-empty -m "side three" &&
	git tag -s -m "signed tag body
tree 0000000000000000000000000000000000000000 is not a header" v1 &&
	git tag -a -m "annotated" v1a &&
	git tag -s -m "stored elsewhere" loose && git update-ref refs/tags/elsewhere loose && git tag -d loose &&
	git checkout -q -b clean main && echo c >c && git add c && git commit -qm "add c" &&
	git tag -s -m "clean signed" cs &&
	for b in b1 b2 b3; do git checkout -q -b $b main && echo $b >$b && git add $b && git commit -qm $b || exit 1; done &&
	git checkout -q -b unsigned main && echo u >u && git add u && git commit -qm unsigned &&
	git checkout -q -b signed main && echo s >s && git add s && git commit -q -S -m signed &&
	git checkout -q --orphan other && git rm -rfq . && echo o >o && git add o && git commit -qm other &&
	git checkout -q main && echo x >x && echo main >a && git add a x && git commit -qm three &&
	git checkout -q -b ff main && echo f >f && git add f && git commit -qm ff && git checkout -q main
) >/dev/null 2>&1 || { echo "cannot build the base repository"; exit 2; }

# An editor that keeps what it was shown (next to the twin) and edits the first line.
cat >editor <<'EOF'
#!/bin/sh
cp "$1" "../template.$(basename "$PWD")"
sed -i '1s/^/Edited: /' "$1"
EOF
chmod +x editor

# both <what> <snippet>: fresh twins, the snippet run in each ($G is sgit or git)
both() {
	what=$1 snippet=$2
	rm -rf s g && cp -a base s && cp -a base g
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

state() {
	for f in HEAD ORIG_HEAD MERGE_HEAD MERGE_MSG MERGE_MODE SQUASH_MSG; do
		if [ -f "$1/.git/$f" ]; then echo "== $f"; cat "$1/.git/$f"; fi
	done
	echo "== HEAD id $(git -C "$1" rev-parse -q --verify HEAD)"
	echo "== reflog"; git -C "$1" reflog -1 2>/dev/null
	echo "== index"; git -C "$1" ls-files -s
	echo "== status"; git -C "$1" status --porcelain
	for f in "$1"/*; do echo "== file $f"; cat "$f"; done
}

compare() {
	expect_files_eq "$1: same output and exit code" out.g out.s
	# git's octopus labels conflicts with the names of random temp files
	state g | sed 's|^== file g/|== file |; s|\.merge_file_[A-Za-z0-9]*|.merge_file_X|' >state.g
	state s | sed 's|^== file s/|== file |; s|\.merge_file_[A-Za-z0-9]*|.merge_file_X|' >state.s
	expect_files_eq "$1: same HEAD, merge files, index and work tree" state.g state.s
}

# ---- merges that commit ----
both "fast-forward" '$G merge ff'
both "fast-forward with -m, -n" '$G merge -n -m ignored ff'
both "a merge without conflicts" '$G merge --no-edit clean'
both "a signed tag, --no-edit" '$G merge --no-edit v1a && $G merge --no-edit cs'
both "a signed tag: the merge commit keeps it in a mergetag" '$G merge --no-edit cs && git cat-file commit HEAD'
both "a signed tag stored under its own name fast-forwards" 'git reset -q --hard clean~1 && $G merge cs'
both "a signed tag stored under another name is merged, not fast-forwarded" \
	'git reset -q --hard side~2 && $G merge --no-edit elsewhere && git cat-file commit HEAD'
both "--ff-only fast-forwards to such a tag" 'git reset -q --hard side~2 && $G merge --ff-only elsewhere'
both "--no-ff" '$G merge --no-ff --no-edit ff'
both "--log and -m" '$G merge --log -m "the message" clean'
both "--log=1 of a branch with two commits" 'git reset -q --hard HEAD~1 && echo z >z && git add z && git commit -qm z && $G merge --log=1 --no-edit side~0 || true'
both "merge.log and --into-name" 'git config merge.log 5 && $G merge --into-name trunk clean'
both "on a detached HEAD" 'git checkout -q --detach && $G merge --no-edit clean'
both "--edit runs the editor on git's template" 'GIT_EDITOR=../editor $G merge --edit clean'
expect_files_eq "--edit: the editor saw the same template" template.g template.s
both "--edit --log credits the authors in the template" 'GIT_EDITOR=../editor $G merge --edit --log v1a; cat ../template.$(basename "$PWD")'
both "GIT_MERGE_AUTOEDIT and --cleanup=verbatim" 'GIT_MERGE_AUTOEDIT=yes GIT_EDITOR=../editor $G merge --cleanup=verbatim cs'
both "an octopus" '$G merge --no-edit b1 b2 b3'
both "an octopus with a signed tag" '$G merge --no-edit b1 cs b3 && git cat-file commit HEAD'
both "merge.ff=false" 'git config merge.ff false && $G merge ff'
both "-q" '$G merge -q clean'
both "--stat with merge.stat=false" 'git config merge.stat false && $G merge --stat ff'

# ---- merges that stop ----
both "a conflicting signed tag" '$G merge v1'
again "commit --no-edit concludes it (mergetag kept)" '$G add a && $G commit -q --no-edit && git cat-file commit HEAD'
again "--amend keeps the mergetag" \
	'GIT_COMMITTER_DATE="1112912999 -0700" $G commit -q --amend --no-edit && git cat-file commit HEAD'
both "--no-commit" '$G merge --no-commit clean'
again "merge --continue concludes it" '$G merge --continue'
both "--no-ff --no-commit records MERGE_MODE" '$G merge --no-ff --no-commit ff'
both "--squash" '$G merge --squash clean'
both "--squash of a fast-forward" '$G merge --squash ff'
both "--squash with a conflict" '$G merge --squash side'
both "an octopus whose last head conflicts" \
	'git checkout -q -b c3 b1 && echo c3 >k && git commit -qam c3 && git checkout -q -b c4 b2 && echo c4 >k &&
	 git commit -qam c4 && git checkout -q main && $G merge c3 c4'
both "an octopus whose first head conflicts is refused" '$G merge side b1'
both "--abort after a conflict" 'echo local >k && $G merge side; $G merge --abort'
both "an editor that fails keeps the merge for commit" 'GIT_EDITOR=false $G merge --edit clean'
both "an editor that fails, and MERGE_MSG cannot be written back" \
	'GIT_EDITOR="rm .git/MERGE_MSG && mkdir .git/MERGE_MSG && false" $G merge --edit clean'

# ---- refusals ----
both "already up to date" '$G merge main~1'
both "--ff-only when it cannot" '$G merge --ff-only clean'
both "unrelated histories" '$G merge other'
both "--allow-unrelated-histories" '$G merge --allow-unrelated-histories --no-edit other'
both "not something we can merge" '$G merge nosuch'
both "a tree is not something we can merge" '$G merge "HEAD^{tree}"'
both "a merge in progress" '$G merge v1; $G merge clean'
both "--abort without a merge" '$G merge --abort'
both "a local change in the way of a fast-forward" 'echo local >>a && git checkout -q -b ff2 main && git reset -q --soft ff && git checkout -q main 2>/dev/null; echo y >f; $G merge ff'
both "a staged change" 'echo staged >k && git add k && $G merge clean'
both "an untracked file in the way" 'echo mine >c && $G merge clean'
both "--verify-signatures on an unsigned tip" '$G merge --verify-signatures unsigned'
both "--verify-signatures on a signed tip" '$G merge --verify-signatures --no-edit signed'
both "--squash with --no-ff" '$G merge --squash --no-ff clean'
both "into an unborn branch" 'git checkout -q --orphan new && git rm -rfq . && $G merge clean'

# ---- signed merges ----
rm -rf s && cp -a base s
(cd s && "$SGIT_BIN" merge -q -S --no-edit cs) >/dev/null 2>&1
expect "git verify-commit accepts merge -S" git -C s verify-commit HEAD
expect_eq "merge -S keeps the mergetag and adds the signature after it" "mergetag gpgsig" \
	"$(git -C s cat-file commit HEAD | sed -n 's/^\(mergetag\|gpgsig\) .*/\1/p' | tr '\n' ' ' | sed 's/ $//')"
expect "git fsck --strict is clean after sgit's merges" git -C s fsck --strict
rm -rf s && cp -a base s
(cd s && "$SGIT_BIN" merge -q --no-edit b1 cs b3 && "$SGIT_BIN" merge -q --no-edit v1a) >/dev/null 2>&1
expect "git fsck --strict is clean after an octopus and a tag merge" git -C s fsck --strict

# ---- fmt-merge-msg on FETCH_HEAD lines ----
rm -rf s && cp -a base s
(
	cd s
	printf '%s\t\tbranch '"'"'b1'"'"' of .\n' "$(git rev-parse b1)"
	printf '%s\t\tbranch '"'"'b2'"'"' of .\n' "$(git rev-parse b2)"
	printf '%s\t\ttag '"'"'v1'"'"' of git://example.com/r.git\n' "$(git rev-parse v1)"
	printf '%s\tnot-for-merge\tbranch '"'"'b3'"'"' of git://example.com/r.git\n' "$(git rev-parse b3)"
	printf '%s\t\ttag '"'"'cs'"'"' of git://example.com/r.git\n' "$(git rev-parse cs)"
	printf '%s\t\tbranch '"'"'main'"'"' of git://example.com/r.git\n' "$(git rev-parse ff)"
	printf '%s\t\tgit://example.com/other.git\n' "$(git rev-parse unsigned)"
) >fetch_head
cd s
same_as_git_in "fmt-merge-msg: branches, tags, of <url>" ../fetch_head fmt-merge-msg
same_as_git_in "fmt-merge-msg --log" ../fetch_head fmt-merge-msg --log
same_as_git_in "fmt-merge-msg --log=1 -m" ../fetch_head fmt-merge-msg --log=1 -m start
same_as_git_in "fmt-merge-msg --into-name" ../fetch_head fmt-merge-msg --into-name dev
head -n 1 ../fetch_head >../one
same_as_git_in "fmt-merge-msg: one branch" ../one fmt-merge-msg
git config merge.suppressDest "ma*"
git checkout -q -b mainline
same_as_git_in "fmt-merge-msg: merge.suppressDest" ../one fmt-merge-msg
printf 'bad line\n' >../bad
same_as_git_in "fmt-merge-msg: a malformed line" ../bad fmt-merge-msg
# subjects that start with bytes git's isspace does not know (\v, \f) keep them
t=$(git rev-parse HEAD^{tree})
c=$(printf '\vvt subject\n' | git commit-tree "$t" -p HEAD)
c=$(printf '\fff subject\n' | git commit-tree "$t" -p "$c")
c=$(printf '\r\tcr subject\n' | git commit-tree "$t" -p "$c")
printf '%s\t\tbranch '"'"'blanks'"'"' of .\n' "$c" >../blanks
same_as_git_in "fmt-merge-msg --log: leading blanks of subjects as git trims them" ../blanks fmt-merge-msg --log
cp ../fetch_head .git/FETCH_HEAD
cd ..
both "merge FETCH_HEAD" 'cp ../fetch_head .git/FETCH_HEAD && $G merge --no-edit FETCH_HEAD; git cat-file commit HEAD'

finish
