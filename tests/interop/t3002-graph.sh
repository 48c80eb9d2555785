#!/bin/sh
# sgit log --graph against git log --graph: merges, an octopus, criss-cross
# merges, unrelated roots, many branches; every format, diffs and stats.
. "$SGIT_TEST_TOP/tests/lib.sh"

if sgit log -h 2>&1 | grep -q "is not a sgit command"; then
	ok "# skip: sgit has no log command yet"
	finish
fi

git init -q -b main repo && cd repo || exit 2
git config core.abbrev 7

# Each commit changes a file of its branch, ten seconds after the last.
t=1112912000
tick() { t=$((t + 10)); export GIT_AUTHOR_DATE="$t -0700" GIT_COMMITTER_DATE="$t -0700"; }
c() { tick; echo "$1" >>"${2:-$1}.txt" && git add . && git commit -q -m "$1" -m "body of $1
second body line"; }
m() { n=$1; shift; tick; git merge -q --no-ff --allow-unrelated-histories -m "$n" "$@" >/dev/null; }

{
	c base main && c two main
	for b in p1 p2 p3 side x y; do git branch $b; done
	git checkout -q side && c s1 && c s2
	git checkout -q main && c a1 main && m "merge side" side
	for b in p1 p2 p3; do git checkout -q $b && c $b; done
	git checkout -q main && m "octopus" p1 p2 p3
	git checkout -q x && c x1 && git checkout -q y && c y1
	git checkout -q x && m "x2" y && git checkout -q y && m "y2" x~1
	git checkout -q main && c a2 main && m "merge x" x && m "merge y" y
	git checkout -q --orphan other && git rm -q -rf . && c o1 && c o2
	git checkout -q main && m "join other" other
	for i in 1 2 3 4 5 6 7 8 9; do git branch t$i; done
	for i in 1 2 3 4 5 6 7 8 9; do git checkout -q t$i && c t$i; done
	git checkout -q main && c a3 main && m "tops" t1 t2 t3 && m "t4" t4 && m "more" t5 t6 t7 t8
	git tag -a -m "release" v1 && c a4 main
} || exit 2

t() {
	same_as_git "log $*" log "$@"
}

for f in --oneline "--format=%h %s" "--format=format:%h%n%s" "--format=tformat:%h %s%n" \
	--pretty=medium --pretty=short --pretty=full --pretty=fuller --pretty=raw "--format=%s%n%b"; do
	t --graph "$f"
	t --graph "$f" --all
done
t --graph
t --graph --all
t --graph --first-parent
t --graph --oneline --first-parent --all
t --graph --oneline side..main
t --graph --oneline ^x ^y main
t --graph --oneline --date-order --all
t --graph --oneline --topo-order --all
t --graph --oneline -n 7
t --graph --oneline --skip=3 -n 9 --all
t --graph --oneline --decorate --all
t --graph --oneline --merges --all
t --graph --oneline --no-merges --all
t --graph --stat
t --graph --stat --oneline --all
t --graph -p
t --graph -p --oneline -n 6
t --graph -p --stat -n 8
t --graph --stat --format=%s -n 8
t --graph --oneline -- p1.txt
t --graph -- main.txt
t --graph --oneline --color=always --all
t --graph --color=always --all
t --graph --oneline --parents --all
t --graph --format=%h%d --all
git config log.graphColors "blue, bold green,#ff0000"
t --graph --oneline --color=always --all
git config --unset log.graphColors

# Which parents get a line comes from the walk: ranges, filters, marks.
t --graph --oneline main~3..main
t --graph --oneline x...y
t --graph --oneline --left-right x...y
t --graph --oneline --left-right main...other
t --graph --oneline --boundary side..main
t --graph --oneline --boundary -n 5
t --graph --oneline --boundary --left-right main~2..main
t --graph --format='%m %h %s' x...y
t --graph --oneline --first-parent main~4..main
t --graph --oneline --author=Thor --all
t --graph --oneline --grep=t --all
t --graph --oneline --since=1112912300 --all
t --graph --oneline --until=1112912200 --all
t --graph --oneline --merges main~3..main
t --graph --oneline --all -- s1.txt p2.txt
t --oneline --left-right x...y
t --oneline --boundary side..main
t --format='%m%h' --boundary main...other
same_as_git "rev-list --graph --left-right --boundary" rev-list --graph --left-right --boundary main~2..main
same_as_git "rev-list --left-right --count" rev-list --left-right --count x...y
same_as_git "rev-list --left-right --boundary --parents" rev-list --left-right --boundary --parents x...y

# Clock skew: a side line dated before the cut-off hides what is below it
# from --since (git marks it uninteresting), also where another line
# reaches it. And --author sees names through .mailmap.
cd .. && git init -q -b main skew && cd skew || exit 2
c 1 main && c 2 main && git branch old && c 3 main
git checkout -q old && t=1112911000 && c k1 && t=1112913000 && c k2
git checkout -q main && m "join old" old && c 4 main
GIT_AUTHOR_NAME="Old Name" GIT_AUTHOR_EMAIL=old@example.com c 5 main
printf 'New Name <new@example.com> Old Name <old@example.com>\n' >.mailmap
t --graph --oneline --since=1112912040
t --graph --oneline --since=1112912040 --date-order
t --graph --oneline --since=1112912060 main~1
t --graph --oneline --author=New
t --graph --oneline --author=Old
t --graph --oneline --no-mailmap --author=Old
t --oneline --author='^New Name <new'
same_as_git "rev-list --author ignores the mailmap" rev-list --author=Old main

finish
