#!/bin/sh
# rev-parse answers exactly as git does, over a table of revision expressions,
# on a repository git made: with loose refs, then with packed refs.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q -b main repo && cd repo || exit 2
commit() { # commit <file> <content> <message>
	mkdir -p "$(dirname "$1")" && echo "$2" >"$1" && git add "$1" && git commit -q -m "$3"
}
commit a.txt one "first"
commit dir/b.txt two "second: with a path"
git tag v0.1
git tag -a -m "annotated one" v1.0
git tag -a -m "tag of a tag" v1.0-outer v1.0
git checkout -q -b side
commit side.txt s "on the side"
commit dir/sub/c.txt c "deeper on the side"
git checkout -q main
commit a.txt three "third on main"
git merge -q --no-ff -m "merge side" side
git checkout -q -b other HEAD~1
commit o.txt o "other"
git checkout -q main
git merge -q --no-ff -m "octopus prep" other 2>/dev/null
git branch same
git tag same HEAD~1
git update-ref refs/remotes/origin/main HEAD~2
git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main
git tag -a -m "tree tag" v-tree HEAD^{tree}
echo lonely | git hash-object -w --stdin >/dev/null

exprs='HEAD
@
main
side
other
same
heads/same
tags/same
refs/heads/same
v0.1
v1.0
v1.0-outer
v1.0^{}
v1.0-outer^{}
v1.0-outer^{tag}
v1.0^{commit}
v1.0^{tree}
v1.0^{object}
v-tree
v-tree^{}
v-tree^{tree}
v-tree^{commit}
HEAD^
HEAD^0
HEAD^1
HEAD^2
HEAD^3
HEAD~0
HEAD~1
HEAD~2
HEAD~3
HEAD~10
HEAD^2~1
HEAD^^2
HEAD~1^2
HEAD^1^1
main~2^{tree}
HEAD:a.txt
HEAD:dir
HEAD:dir/b.txt
HEAD:dir/sub/c.txt
HEAD:missing.txt
HEAD:
side:dir/sub
HEAD^{/second}
HEAD^{/^on the}
HEAD^{/no such message}
origin
origin/main
remotes/origin/main
refs/remotes/origin/HEAD
origin/HEAD
ORIG_HEAD
MERGE_HEAD
FETCH_HEAD
nope
refs/heads/nope
main^{blob}
a.txt
HEAD^{}
HEAD^{commit}^{tree}
v0.1~1
v1.0~1:a.txt
main@
HEAD~
HEAD^^^
@^
main^-
0000000000000000000000000000000000000000
HEAD^{bogus}'

check_all() { # check_all <label>
	echo "$exprs" | while IFS= read -r e; do
		same_as_git "$1: rev-parse --verify -q '$e'" rev-parse --verify -q "$e"
		same_as_git "$1: rev-parse --short '$e'" rev-parse --short "$e"
	done
	for id in $(git rev-list --all --objects | cut -c1-40 | head -n 20); do
		for n in 4 6 8 12; do
			short=$(echo "$id" | cut -c1-$n)
			same_as_git "$1: abbreviation $short" rev-parse --verify -q "$short"
		done
	done
	same_as_git "$1: --abbrev-ref HEAD" rev-parse --abbrev-ref HEAD
	same_as_git "$1: --abbrev-ref of a remote HEAD" rev-parse --abbrev-ref origin
	same_as_git "$1: --symbolic-full-name origin" rev-parse --symbolic-full-name origin
	same_as_git "$1: --symbolic-full-name same (ambiguous)" rev-parse --symbolic-full-name same
	same_as_git "$1: a range" rev-parse HEAD~2..HEAD
	same_as_git "$1: a negation and --not" rev-parse ^HEAD~1 --not main side
	same_as_git "$1: --all" rev-parse --all
	same_as_git "$1: --branches and --tags" rev-parse --branches --tags
	same_as_git "$1: revisions then paths" rev-parse HEAD a.txt
	same_as_git "$1: a path then a revision fails" rev-parse a.txt HEAD
	same_as_git "$1: --verify with two revisions fails" rev-parse --verify HEAD main
	same_as_git "$1: unknown options pass through" rev-parse --foo HEAD -- bar
}

check_all loose
git pack-refs --all
check_all packed
cd dir
same_as_git "--show-prefix in a subfolder" rev-parse --show-prefix
same_as_git "--show-cdup in a subfolder" rev-parse --show-cdup
same_as_git "--show-toplevel in a subfolder" rev-parse --show-toplevel
same_as_git "--git-dir in a subfolder" rev-parse --git-dir
same_as_git "relative path in a subfolder" rev-parse HEAD:./b.txt
cd ../.git
same_as_git "--git-dir inside .git" rev-parse --git-dir
same_as_git "--is-inside-work-tree inside .git" rev-parse --is-inside-work-tree
same_as_git "--is-inside-git-dir inside .git" rev-parse --is-inside-git-dir
cd ..
same_as_git "--is-bare-repository" rev-parse --is-bare-repository
same_as_git "--git-dir at the top" rev-parse --git-dir
finish
