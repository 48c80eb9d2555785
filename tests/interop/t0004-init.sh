#!/bin/sh
# sgit init makes what git init makes, and git works in the result. The sample
# hooks are git's own scripts and the texts of description and info/exclude
# are git's sentences: sgit writes its own, so those are compared by shape.
. "$SGIT_TEST_TOP/tests/lib.sh"

# layout <git dir>: every path under it, hook samples left out
layout() { (cd "$1" && find . | grep -v '^\./hooks/.*\.sample$' | LC_ALL=C sort); }

# same_repo <what> <sgit's git dir> <git's git dir>: same paths, config and HEAD
same_repo() {
	layout "$2" >sgit.layout; layout "$3" >git.layout
	expect_files_eq "$1: the same files and folders" git.layout sgit.layout
	for f in config HEAD; do
		expect_files_eq "$1: the same $f" "$3/$f" "$2/$f"
	done
	expect "$1: a description of one line" test "$(wc -l <"$2/description")" = 1
	expect_eq "$1: info/exclude holds only comments" "" "$(grep -v '^#' "$2/info/exclude" | grep -v '^$')"
}

# ---- a repository in the current folder ----
mkdir s g
(cd s && sgit init) >s.out 2>s.err; s=$?
(cd g && git init) >g.out 2>/dev/null
expect_eq "sgit init exits 0" 0 "$s"
sed "s|$TEST_DIR/g/|$TEST_DIR/s/|" g.out >g.want
expect_files_eq "sgit init says what git says" g.want s.out
same_repo "init" s/.git g/.git
(cd s && git fsck) >fsck.out 2>&1
expect_eq "git fsck accepts the new repository" "0" "$?"
(cd s && git status) >s.status 2>&1; s=$?
(cd g && git status) >g.status 2>&1; g=$?
expect_eq "git status exits as in a repository git made" "$g" "$s"
expect_files_eq "git status says the same" g.status s.status
(cd s && printf 'hello\n' >file && git add file && git commit -q -m first && git fsck --strict) >commit.out 2>&1
expect_eq "git commits into it and fsck stays clean" "0" "$?"

# ---- a folder argument, leading folders made ----
sgit init -q x/y/z >q.out 2>&1
expect_eq "-q prints nothing" "" "$(cat q.out)"
expect "init makes the leading folders" test -f x/y/z/.git/HEAD
sgit init dir >s.out 2>/dev/null && git init gdir >g.out 2>/dev/null
sed 's|/gdir/|/dir/|' g.out >g.want
expect_files_eq "init <dir> says what git says" g.want s.out
same_repo "init <dir>" dir/.git gdir/.git

# ---- bare ----
sgit init --bare s.git >s.out 2>/dev/null && git init --bare g.git >g.out 2>/dev/null
sed 's|/g\.git/|/s.git/|' g.out >g.want
expect_files_eq "init --bare says what git says" g.want s.out
same_repo "init --bare" s.git g.git
expect "git fsck accepts the bare repository" git --git-dir=s.git fsck
(cd s.git && git rev-parse --is-bare-repository) >bare.out 2>&1
expect_eq "git, inside it, sees a bare repository" true "$(cat bare.out)"
sgit --bare init -q s2.git && git --bare init -q g2.git
same_repo "--bare init" s2.git g2.git

# ---- the initial branch ----
sgit init -q --initial-branch=main b1 && git init -q --initial-branch=main g1
same_repo "--initial-branch=main" b1/.git g1/.git
expect_eq "HEAD names main" "ref: refs/heads/main" "$(cat b1/.git/HEAD)"
git config --global init.defaultBranch trunk
sgit init -q b2 && git init -q g2
same_repo "init.defaultBranch in ~/.gitconfig" b2/.git g2/.git
expect_eq "HEAD names trunk" "ref: refs/heads/trunk" "$(cat b2/.git/HEAD)"
sgit -c init.defaultBranch=dev init -q b3
expect_eq "-c init.defaultBranch=dev wins" "ref: refs/heads/dev" "$(cat b3/.git/HEAD)"
sgit init -q --initial-branch=side b4
expect_eq "--initial-branch wins over init.defaultBranch" "ref: refs/heads/side" "$(cat b4/.git/HEAD)"
git config --global --unset init.defaultBranch
same_as_git "an invalid branch name is refused as by git" init -q --initial-branch=bad..name bad

# ---- re-init keeps what is there ----
git -C b1 config core.something kept
cp b1/.git/config config.before && cp b1/.git/HEAD HEAD.before
(cd b1 && sgit init) >s.out 2>&1
expect_eq "re-init says so" "Reinitialized existing Git repository in $TEST_DIR/b1/.git/" "$(cat s.out)"
(cd b1 && git init) >g.out 2>&1
expect_files_eq "and says it as git does" g.out s.out
expect_files_eq "re-init leaves the config alone" config.before b1/.git/config
expect_files_eq "re-init leaves HEAD alone" HEAD.before b1/.git/HEAD
(cd b1 && sgit init -q --initial-branch=other) >/dev/null 2>&1
expect_files_eq "re-init with --initial-branch leaves HEAD alone" HEAD.before b1/.git/HEAD
cp s.git/config bare.before
sgit init --bare s.git >s.out 2>&1
expect_eq "re-init of a bare repository says so" "Reinitialized existing Git repository in $TEST_DIR/s.git/" "$(cat s.out)"
expect_files_eq "and leaves its config alone" bare.before s.git/config
(cd s && sgit init -q && git fsck --strict && git log --format=%s) >reinit.out 2>&1
expect_eq "re-init of a repository with history keeps it" "first" "$(tail -n 1 reinit.out)"
finish
