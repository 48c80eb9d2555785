#!/bin/sh
# sgit diff against git diff: colours (color.diff.<slot>, white-space
# errors as core.whitespace says) and renames and copies of changed files
# (scores, pairing, -M<n>, -C, diff.renameLimit).
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
git config core.abbrev 7

# ---- the first commit ----
seq 1 40 | sed 's/^/line /' >moved.txt
seq 1 30 >keep.c
mkdir -p src/a src/b doc
for n in 1 2 3 4 5; do seq $((n * 10)) $((n * 10 + 25)) >src/a/f$n.c; done
printf 'int func_a(void)\n{\n\treturn 1;\n}\n\nint func_b(void)\n{\n\treturn 2;\n}\n' >fn.c
printf 'crlf\r\nline\r\n' >crlf.txt
printf 'bin\0ary\1data' >bin.dat
seq 100 160 >doc/guide.txt
seq 200 240 >modified.txt
printf 'x\n' >tiny
git add . && git commit -q -m one || exit 2

# ---- the second: renames with edits, copies, white-space errors ----
git mv moved.txt renamed.txt && sed -i 's/^line 7$/line seven/' renamed.txt
for n in 1 2 3 4 5; do git mv src/a/f$n.c src/b/g$n.c; echo "edit $n" >>src/b/g$n.c; done
git mv doc/guide.txt guide.txt && echo more >>guide.txt
cp modified.txt copied.txt && echo copy >>copied.txt && echo changed >>modified.txt
printf 'int func_a(void)\n{\n\treturn 1;  \n}\n\nint func_b(void)\n{\n  \treturn 3;\n        x();\n}\n\n \n' >fn.c
printf 'crlf\r\nline2\r\n' >crlf.txt
printf 'bin\0ary\1data, more' >bin.dat
git mv tiny tiny2 && echo y >>tiny2
git add -A && git commit -q -m two || exit 2

for args in "" "--stat" "--name-status" "--summary" "--numstat" "-p --stat" "-U1"; do
	same_as_git "diff --color=always $args" diff --color=always $args HEAD~ HEAD
done
same_as_git "color.ui=always" -c color.ui=always diff HEAD~ HEAD
same_as_git "color.diff=always" -c color.diff=always diff --stat -p HEAD~ HEAD
same_as_git "--no-color beats color.ui" -c color.ui=always diff --no-color HEAD~ HEAD
same_as_git "--color=never" diff --color=never HEAD~ HEAD
same_as_git "color.diff.<slot>" -c color.diff.meta='red ul' -c color.diff.frag='yellow bold' \
	-c color.diff.func=magenta -c color.diff.context=blue -c color.diff.old='#ff0000' \
	-c color.diff.new='green reverse' -c color.diff.whitespace='normal blue' \
	diff --color=always HEAD~ HEAD
same_as_git "color.diff.plain" -c color.diff.plain=cyan diff --color=always HEAD~ HEAD
same_as_git "core.whitespace indent-with-non-tab" -c core.whitespace=indent-with-non-tab,tabwidth=4 \
	diff --color=always HEAD~ HEAD
same_as_git "core.whitespace tab-in-indent" -c core.whitespace=tab-in-indent,-space-before-tab \
	diff --color=always HEAD~ HEAD
same_as_git "core.whitespace cr-at-eol" -c core.whitespace=cr-at-eol diff --color=always HEAD~ HEAD
same_as_git "core.whitespace without blank-at-eof" -c core.whitespace=-blank-at-eof \
	diff --color=always HEAD~ HEAD
same_as_git "--ws-error-highlight=all" diff --color=always --ws-error-highlight=all HEAD~ HEAD
same_as_git "--ws-error-highlight=none" diff --color=always --ws-error-highlight=none HEAD~ HEAD
same_as_git "diff.wsErrorHighlight=old,context" -c diff.wsErrorHighlight=old,context \
	diff --color=always HEAD~ HEAD
same_as_git "a bad --ws-error-highlight" diff --ws-error-highlight=new,bogus HEAD~ HEAD

# ---- renames ----
for args in "-M" "-M30%" "-M90%" "-M5" "-M05" "--find-renames=75" "--no-renames" "-M100%"; do
	same_as_git "diff $args --name-status" diff $args --name-status HEAD~ HEAD
done
same_as_git "renames in patches" diff HEAD~ HEAD
same_as_git "renames in --stat" diff --stat HEAD~ HEAD
same_as_git "renames in --summary --numstat" diff --summary --numstat HEAD~ HEAD
same_as_git "a bad -M" diff -Mfoo HEAD~ HEAD
same_as_git "diff.renames=false" -c diff.renames=false diff --name-status HEAD~ HEAD
same_as_git "diff.renameLimit=1" -c diff.renameLimit=1 diff --name-status HEAD~ HEAD
same_as_git "-l2" diff -l2 --stat HEAD~ HEAD
expect "diff -l1 succeeds" sgit diff -l1 --name-status HEAD~ HEAD
git diff -l1 --name-status HEAD~ HEAD 2>"$TEST_DIR/.git.err" >/dev/null
expect_files_eq "the rename limit warning is git's" "$TEST_DIR/.git.err" "$TEST_DIR/.err"

# ---- copies ----
for args in "-C" "-C --stat" "-C -p" "-C --summary" "-C60%"; do
	same_as_git "diff $args" diff $args HEAD~ HEAD
done
same_as_git "diff.renames=copies" -c diff.renames=copies diff --name-status HEAD~ HEAD
same_as_git "-C then -M" diff -C -M --name-status HEAD~ HEAD

# ---- the index and the work tree ----
git mv renamed.txt again.txt && echo tail >>again.txt && git add again.txt
same_as_git "diff --cached, a rename with edits" diff --cached --color=always
echo work >>again.txt
same_as_git "diff HEAD, a rename with edits" diff HEAD --stat
same_as_git "diff, colours in the work tree" diff --color=always

finish
