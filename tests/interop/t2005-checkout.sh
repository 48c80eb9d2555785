#!/bin/sh
# checkout, switch, restore and reset against git. Twin repositories (copies of
# one repository git made; same identity and dates): every step is run by git in
# g/ and by sgit in s/, then both must have the same exit code and stdout, the
# same messages on stderr (git's long advice prose aside), the same
# `git status --porcelain` (empty where git's is), `git ls-files -s`, HEAD,
# ORIG_HEAD, reflogs (HEAD's and every branch's, byte for byte) and work tree.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q -b main base && cd base || exit 2
echo a >a && mkdir -p d/e && echo x >d/x && echo f >d/e/f && echo run >exe && chmod +x exe &&
	ln -s a link && echo '*.log' >.gitignore &&
	git add . && git commit -q -m one && git tag -m 'version one' v1 &&
	echo a2 >>a && git commit -q -am 'two
with a body' &&
	git checkout -q -b side v1 && echo side >a && echo y >d/y && git rm -q -r d/e link &&
	mkdir n && echo m >n/m && chmod -x exe && git add . && git commit -q -m 'side one' &&
	echo more >>d/y && git commit -q -am 'side two' &&
	git checkout -q -b flip v1 && git rm -q -r d && echo 'now a file' >d && ln -sf exe a &&
	git add . && git commit -q -m 'd is a file, a a link' &&
	git checkout -q main && echo junk >build.log &&
	git remote add origin ../base && git update-ref refs/remotes/origin/feat side~1 || exit 2
cd .. && cp -R base g && cp -R base s || exit 2

# Only git's messages that matter: the advice prose and the orphan warning are left out.
msgs() {
	grep -E '^(Switched|Already on|Reset branch|HEAD is now at|Previous HEAD position|error: |fatal: |warning: |Updated |Aborting|Please |	|branch )' "$1" |
		sed "s|$TEST_DIR/g|$TEST_DIR/s|g"
}
state() {
	(cd "$1" && git status --porcelain && echo -- && git ls-files -s && echo -- &&
	 { git symbolic-ref -q HEAD || git rev-parse HEAD; } && git rev-parse -q --verify ORIG_HEAD;
	 echo -- && cat .git/logs/HEAD && for l in .git/logs/refs/heads/*; do echo "$l"; cat "$l"; done;
	 git for-each-ref --format='%(refname) %(objectname) %(upstream)')
}
# step <what> <args...>: git in g/, sgit in s/, and everything compared after
step() {
	what=$1; shift
	(cd g && git "$@") >g.out 2>g.err; gc=$?
	(cd s && sgit "$@") >s.out 2>s.err; sc=$?
	msgs g.err >g.msg; msgs s.err >s.msg
	state g >g.state 2>&1; state s >s.state 2>&1
	if [ $gc = $sc ] && cmp -s g.out s.out && cmp -s g.msg s.msg && cmp -s g.state s.state &&
	   diff -r --no-dereference -x .git g s >/dev/null; then ok "$what"; else
		not_ok "$what"; echo "  args: $*; exit git $gc, sgit $sc"
		diff -u g.out s.out | head -n 10 | sed 's/^/  out /'
		diff -u g.msg s.msg | head -n 10 | sed 's/^/  err /'
		diff -u g.state s.state | head -n 20 | sed 's/^/  state /'
		diff -r --no-dereference -x .git g s | head -n 10 | sed 's/^/  tree /'
	fi
}
# both <shell command>: the same change made by hand in both twins
both() { (cd g && eval "$1") && (cd s && eval "$1"); }

# ---- switching branches ----
step "checkout <branch>" checkout side
step "checkout back" checkout main
step "checkout of the branch it is on" checkout main
step "checkout with no argument" checkout
both 'echo local >d/x'
step "a local change the switch does not touch is carried" checkout side
step "and carried back" checkout main
both 'echo mine >a'
step "a local change the switch would overwrite refuses it" checkout side
step "switch refuses it too" switch side
both 'git add a'
step "so does a staged one" checkout side
step "checkout -f throws them away" checkout -f side
both 'echo untracked >d/e'
step "an untracked file where a folder goes refuses the switch" checkout main
both 'rm d/e'
step "file to folder and link to file" checkout flip
step "and back" checkout main
step "checkout -b" checkout -b topic
step "checkout -b <new> <start>" checkout -b topic2 side~1
step "checkout -B an existing branch" checkout -B topic main
step "checkout -B the current branch" checkout -B topic
step "checkout -B the current branch elsewhere" checkout -B topic side
step "checkout -" checkout -
step "switch <branch>" switch main
step "switch -c" switch -c t3 v1
step "switch -C" switch -C t3 main
step "switch -" switch -
step "switch to a tag is refused" switch v1
step "switch --detach" switch --detach side~1
step "checkout of a commit while detached" checkout main~1
step "checkout --detach" checkout --detach
step "checkout of an annotated tag" checkout v1
step "checkout HEAD while detached" checkout HEAD
step "checkout of the branch again" checkout main
step "checkout of a tree is refused" checkout 'main^{tree}'
step "checkout of nothing is a pathspec error" checkout nosuch
step "checkout <remote branch name> makes a tracking branch" checkout feat
step "which then reports its upstream" checkout feat
step "back" checkout main
both 'git rm -q --cached a'
step "a staged deletion the switch would undo refuses it" checkout side
both 'git reset -q'
both 'echo in-the-way >n'
step "an untracked file where a tracked one goes refuses it" checkout side
both 'echo n >.git/info/exclude'
step "unless it is ignored" checkout side
both ': >.git/info/exclude && git checkout -q main'
both 'h=$(git rev-parse HEAD:a) && printf "0 %s\ta\n100644 $h 1\ta\n100644 $h 2\ta\n" $(git rev-parse HEAD:a | tr 0-9a-f 0) | git update-index --index-info'
step "an unmerged index refuses a switch" checkout side
step "checkout -f resolves it" checkout -f side
both 'git checkout -q main && rm .git/index'
step "checkout with no index yet (initial checkout)" checkout side
step "checkout -f with no index" checkout -f side
both 'git clean -fdq && git checkout -q main && git config core.fileMode false && chmod -x exe'
step "core.fileMode false: a lost executable bit is no change" checkout side
both 'git config --unset core.fileMode && git checkout -q -f main'

# ---- paths ----
both 'echo changed >a && echo changed >d/x'
step "checkout <path> from the index" checkout a
step "checkout -- <path>" checkout -- d/x
both 'echo changed >a && rm d/x'
step "checkout -- . restores a deleted file" checkout -- .
step "checkout <tree-ish> -- <paths>" checkout side -- a d
step "checkout <tree-ish> <path> counts what it wrote" checkout main a
step "checkout of a path nobody has" checkout -- nosuch
step "restore --staged" restore --staged a d/y
step "restore from the index" restore a
step "restore --source" restore --source=side n
step "restore --source --staged --worktree" restore -s side -S -W d
step "restore of a path nobody has" restore nosuch
both 'echo new >newfile && git add newfile'
step "restore --staged of a new file unstages it" restore --staged newfile
both 'rm newfile && echo g1 >d/x && echo g2 >d/y'
step "checkout -- with a glob" checkout -- 'd/*'

# ---- reset ----
step "reset" reset
both 'git add -A'
step "reset -- <path>" reset -- a
step "reset <tree-ish> -- <path>" reset side -- d
step "reset --soft" reset --soft HEAD~1
step "reset --mixed" reset --mixed main
both 'echo dirty >a'
step "reset --hard" reset --hard side
step "reset --hard to where it is" reset --hard
step "reset to where it is" reset
step "reset -q --hard to a tag" reset -q --hard v1
step "reset --hard with paths is refused" reset --hard -- a
step "reset to a tree is refused" reset 'main^{tree}'
both 'git checkout -q --detach main'
step "reset --hard while detached" reset --hard HEAD~1
step "reset --soft while detached" reset --soft main
step "back to a branch" checkout -f main

finish
