#!/bin/sh
# sgit diff against git diff on a repository git built: the work tree, the
# index and commits compared, in every output format, with path limits.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
git config core.abbrev 7

# ---- the first commit ----
i=1
while [ $i -le 40 ]; do
	case $((i % 10)) in
	1) echo "int function_$i(void)" ;;
	2) echo "{" ;;
	9) echo "}" ;;
	*) echo "	body line $i;" ;;
	esac
	i=$((i + 1))
done >text.c
seq 1 20 >start_end.txt
printf 'no newline at the end' >nonl.txt
printf 'last line\nno newline either' >nonl2.txt
printf '#!/bin/sh\necho hi\n' >exec.sh
printf 'target one\n' >target1
printf 'target two\n' >target2
ln -s target1 link
printf 'a plain file\n' >tolink
printf 'bin\0ary\1data' >bin.dat
printf 'doomed file\nwith two lines\n' >del.txt
printf 'empty soon\n' >gets_empty.txt
mkdir -p nested/deep/dir nested/other
printf 'deep one\ndeep two\n' >nested/deep/dir/file.c
printf 'other\n' >nested/other/x.txt
printf 'quoted\n' >"na$(printf '\303\257')ve.txt"
printf 'tab\n' >"$(printf 'ta\tb.txt')"
printf 'space\n' >"sp ace.txt"
seq 1 300 >big.txt
mkdir -p very/long/directory/name/that/goes/on/and/on
seq 1 10 >very/long/directory/name/that/goes/on/and/on/file_with_a_long_name_too.txt
git add . && git commit -q -m one || exit 2

# ---- the second commit: one of everything ----
sed 's/body line 15;/body line fifteen;/; s/body line 34;/changed 34;/' text.c >t && mv t text.c
{ echo first; seq 2 19; echo last; } >start_end.txt
printf 'no newline, changed' >nonl.txt
chmod +x exec.sh
ln -sf target2 link
rm tolink && ln -s target1 tolink
printf 'bin\0ary\1data, more' >bin.dat
git rm -q del.txt
: >gets_empty.txt
printf 'deep one\ndeep 2\ndeep three\n' >nested/deep/dir/file.c
printf 'brand new file\n' >nested/new.txt
printf 'new\0binary' >newbin.dat
printf 'changed\n' >"na$(printf '\303\257')ve.txt"
seq 2 2 600 >big.txt
seq 5 30 >very/long/directory/name/that/goes/on/and/on/file_with_a_long_name_too.txt
git add -A && git commit -q -m two || exit 2

# ---- staged changes ----
printf 'no newline, changed\nnow with one\n' >nonl.txt
printf 'last line\nno newline either, edited' >nonl2.txt
chmod -x exec.sh
printf 'staged new\n' >staged_new.txt
git rm -q nested/other/x.txt
printf 'quoted, staged\n' >"na$(printf '\303\257')ve.txt"
git mv "sp ace.txt" "sp ace moved.txt"
git add -A

# ---- unstaged changes on top ----
sed 's/function_21/function_twenty_one/' text.c >t && mv t text.c
printf 'tab edited\n' >"$(printf 'ta\tb.txt')"
rm start_end.txt
rm link && printf 'link became a file\n' >link
printf 'deep one\ndeep 2\ndeep three\ndeep four\n' >nested/deep/dir/file.c
printf 'bin\0ary\1data, more and more' >bin.dat
chmod +x nonl2.txt
printf 'untracked\n' >untracked.txt
printf 'intent\n' >intent.txt && git add -N intent.txt
# stat data changes without content changes: not a difference for git diff
touch -d '2001-01-01' target1 && touch gets_empty.txt

for args in "" "--cached" "--staged" "HEAD" "HEAD~1 HEAD" "HEAD~1..HEAD" "HEAD~1.." \
	"--cached HEAD~1" "HEAD~1"; do
	same_as_git "diff $args" diff $args
	for fmt in --stat --numstat --shortstat --name-only --name-status --summary -U0 -U1 -U10 \
		"--stat --summary" "--stat -p" "--numstat --shortstat"; do
		same_as_git "diff $fmt $args" diff $fmt $args
	done
done

# ---- path limits ----
same_as_git "a folder limits diff" diff -- nested
same_as_git "a deeper folder limits diff HEAD" diff HEAD -- nested/deep
same_as_git "a file limits diff --cached" diff --cached -- nonl.txt
same_as_git "several paths" diff HEAD~1 HEAD -- big.txt text.c nested/
same_as_git "a path without --" diff HEAD~1 HEAD big.txt
same_as_git "a glob limits diff" diff HEAD~1 HEAD -- '*.txt'
same_as_git "a path that matches nothing" diff HEAD~1 HEAD -- nowhere
same_as_git "a quoted name as a path" diff --cached -- "na$(printf '\303\257')ve.txt"
(cd nested && same_as_git "paths from a subfolder" diff HEAD~1 HEAD -- deep)
(cd nested && same_as_git "diff from a subfolder shows full paths" diff --stat HEAD~1 HEAD)

# ---- --stat widths ----
for cols in 40 60 100 200; do
	export COLUMNS=$cols
	same_as_git "diff --stat with COLUMNS=$cols" diff --stat HEAD~1 HEAD
	same_as_git "diff --stat with COLUMNS=$cols, work tree" diff --stat HEAD~1
done
unset COLUMNS
same_as_git "diff --stat=60" diff --stat=60 HEAD~1 HEAD
same_as_git "diff --stat=70,20" diff --stat=70,20 HEAD~1 HEAD
same_as_git "diff --stat=100,30,3" diff --stat=100,30,3 HEAD~1 HEAD
same_as_git "diff --stat-graph-width=10" diff --stat-graph-width=10 HEAD~1 HEAD
same_as_git "diff --stat-name-width=12" diff --stat-name-width=12 HEAD~1 HEAD
same_as_git "diff --stat-count=4" diff --stat-count=4 HEAD~1 HEAD

# ---- other options ----
same_as_git "diff --no-prefix" diff --no-prefix HEAD~1 HEAD
same_as_git "diff --src-prefix --dst-prefix" diff --src-prefix=old/ --dst-prefix=new/ HEAD~1 HEAD
same_as_git "diff --full-index" diff --full-index HEAD~1 HEAD
same_as_git "diff -a shows binary files as text" diff -a HEAD~1 HEAD -- bin.dat
same_as_git "diff --no-renames" diff --no-renames --cached --stat
same_as_git "diff -c core.quotePath=false" -c core.quotePath=false diff HEAD~1 HEAD --stat
same_as_git "diff -c core.quotePath=false patch" -c core.quotePath=false diff --cached
same_as_git "diff -c diff.noprefix=true" -c diff.noprefix=true diff HEAD~1 HEAD -- text.c
same_as_git "diff -c diff.context=1" -c diff.context=1 diff HEAD~1 HEAD -- text.c
same_as_git "diff --inter-hunk-context=10" diff --inter-hunk-context=10 -U1 HEAD~1 HEAD -- text.c

# ---- exit codes ----
same_as_git "diff --exit-code with changes" diff --exit-code
same_as_git "diff --quiet with changes" diff --quiet
same_as_git "diff --cached --quiet with changes" diff --cached --quiet
same_as_git "diff --exit-code between equal trees" diff --exit-code HEAD HEAD
same_as_git "diff --exit-code on an unchanged path" diff --exit-code -- target2
same_as_git "an unknown revision" diff no-such-rev
same_as_git "an unknown revision before --" diff no-such-rev --
same_as_git "a revision that is also a file" diff HEAD~1 HEAD -- exec.sh

# ---- unmerged paths ----
cd .. && git init -q conflict && cd conflict || exit 2
seq 1 5 >f && echo x >g && git add . && git commit -q -m base
git checkout -q -b side && { seq 1 4; echo side; } >f && git commit -q -a -m side
git checkout -q master && { seq 1 4; echo master; } >f && echo y >g && git commit -q -a -m master
git merge side >/dev/null 2>&1
echo z >g
for args in "--cached" "HEAD"; do
	for fmt in "" --stat --numstat --shortstat --name-only --name-status --summary; do
		same_as_git "unmerged: diff $fmt $args" diff $fmt $args
	done
done
# git shows an unmerged path of the work tree in patches as a combined diff
# ("diff --cc"), which sgit does not have yet: only the other formats compare
for fmt in --stat --numstat --shortstat --name-only --name-status --summary; do
	same_as_git "unmerged: diff $fmt" diff $fmt
done
rm f
same_as_git "unmerged and deleted: diff --name-status" diff --name-status
same_as_git "unmerged and deleted: diff --stat" diff --stat
same_as_git "unmerged and deleted: diff HEAD" diff HEAD

# ---- a binary file whose mode changed, a submodule ----
cd .. && git init -q odd && cd odd || exit 2
printf 'b\0' >bin && (git init -q sm && cd sm && echo s >s && git add s && git commit -q -m s) &&
	git add bin sm 2>/dev/null && git commit -q -m one
chmod +x bin
(cd sm && echo t >t && git add t && git commit -q -m t)
for args in "" "--cached" "HEAD"; do
	for fmt in "" --stat --numstat --name-status --summary; do
		same_as_git "binary mode change, submodule: diff $fmt $args" diff $fmt $args
	done
done
git add -u
same_as_git "binary mode change, submodule: diff --cached --stat" diff --cached --stat

# ---- an unborn branch ----
cd .. && git init -q unborn && cd unborn || exit 2
printf 'one\n' >a && mkdir d && printf 'two\n' >d/b && git add .
same_as_git "diff --cached on an unborn branch" diff --cached
same_as_git "diff --cached --stat on an unborn branch" diff --cached --stat
same_as_git "diff on an unborn branch" diff
printf 'one, changed\n' >a
same_as_git "diff of the work tree on an unborn branch" diff

finish
