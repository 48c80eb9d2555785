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

finish
