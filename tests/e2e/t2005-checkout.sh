#!/bin/sh
# checkout keeps local work safe and never writes outside the work tree: a
# switch that would lose a local change or an untracked file is refused with
# git's message and leaves every file, the index and HEAD byte for byte as
# they were; hostile trees (entries ".git", ".GIT", "..", "git~1", a symlink
# and a folder of one name) are refused; a symlink where a folder must be is
# never followed, whatever puts it there.
. "$SGIT_TEST_TOP/tests/lib.sh"

# Every work tree file (links by target), the index and HEAD: what "unchanged" means here.
snapshot() {
	(find . -path ./.git -prune -o -type f -print | LC_ALL=C sort | xargs cksum
	 find . -path ./.git -prune -o -type l -print | LC_ALL=C sort | while read -r l; do
		echo "$l -> $(readlink "$l")"; done
	 cksum .git/index .git/HEAD; cat .git/HEAD) 2>&1
}
# refused_code <code> <what> <sgit args...>: that exit code, and nothing changed
refused_code() {
	code=$1 what=$2; shift 2
	snapshot >../before
	expect_code "$what" "$code" sgit "$@"
	snapshot >../after
	expect_files_eq "$what: files, index and HEAD unchanged" ../before ../after
}
# refused <what> <sgit args...>: exit 1, nothing changed
refused() { refused_code 1 "$@"; }
outside_empty() {
	expect_eq "$1: nothing written outside the work tree" "" "$(ls -A "$TEST_DIR/outside")"
}

mkdir outside
git init -q -b main repo && cd repo || exit 2
echo a >a && mkdir d && echo x >d/x && echo run >exe && chmod +x exe && ln -s a link &&
	git add . && git commit -q -m one &&
	git checkout -q -b side && echo b >a && echo y >d/y && git rm -q link &&
	git add . && git commit -q -m two && git checkout -q main || exit 2

# ---- local changes ----
echo mine >a
refused "a modified file the switch would overwrite refuses it" checkout side
expect_eq "with git's message" "error: Your local changes to the following files would be overwritten by checkout:
	a
Please commit your changes or stash them before you switch branches.
Aborting" "$(cat "$TEST_DIR/.err")"
git add a
refused "a staged change the switch would overwrite refuses it" checkout side
refused "switch refuses it too" switch side
git reset -q --hard
echo local >d/x
expect "a change to a file the switch does not touch is kept" sgit checkout side
expect_eq "git lists it on stdout" "M	d/x" "$(cat "$TEST_DIR/.out")"
expect_eq "and says where it went on stderr" "Switched to branch 'side'" "$(cat "$TEST_DIR/.err")"
expect_eq "the change is still there" "local" "$(cat d/x)"
expect_eq "the switched file has side's content" "b" "$(cat a)"
expect_eq "git status agrees" " M d/x" "$(git status --porcelain)"
git checkout -q -f main
expect_eq "the symlink came back" "a" "$(readlink link)"
expect_eq "and the executable bit stayed" "-rwxr-xr-x" "$(ls -l exe | cut -c1-10)"

# ---- untracked files in the way ----
echo untracked >d/y
refused "an untracked file where the switch writes refuses it" checkout side
expect_stderr_match "with git's message" "^error: The following untracked working tree files would be overwritten by checkout:"
expect_stderr_match "naming it" "^	d/y$"
echo 'd/y' >.git/info/exclude
expect "an ignored one is overwritten" sgit checkout side
expect_eq "with side's content" "y" "$(cat d/y)"
: >.git/info/exclude
git checkout -q -f main && rm -f d/y
git rm -q --cached a
echo kept >a
refused "an untracked file where a tracked one is removed refuses it" checkout side
git reset -q --hard

# ---- a folder in the way of a file ----
t=$(printf '100644 blob %s\tz\n' "$(git rev-parse HEAD:a)" | git mktree)
fz=$(git commit-tree -p HEAD -m z "$t")
mkdir z && echo u >z/u
refused "a folder with untracked files where a file goes refuses it" checkout "$fz"
expect_stderr_match "with git's message" "^error: Updating the following directories would lose untracked files in them:"
rm -rf z

# ---- hostile trees ----
blob=$(echo evil | git hash-object -w --stdin)
sub=$(printf '100644 blob %s\tpost-checkout\n' "$blob" | git mktree)
for name in .git .GIT .Git git~1 '.git.' ..; do
	t=$(printf '100644 blob %s\tok\n040000 tree %s\t%s\n' "$blob" "$sub" "$name" | git mktree --missing)
	c=$(git commit-tree -m evil "$t")
	refused "a tree with an entry '$name' is refused" checkout "$c"
	expect_eq "'$name': .git untouched" "" "$(ls .git/post-checkout ../post-checkout ok 2>/dev/null)"
	refused_code 128 "reset --hard refuses it too ('$name')" reset --hard "$c"
done
t=$(printf '100644 blob %s\t.git\n' "$blob" | git mktree --missing)
refused "a file named .git is refused" checkout "$(git commit-tree -m evil "$t")"
expect_stderr_match "naming the path" "invalid path '.git'"

# ---- symbolic links ----
lnk=$(printf '%s' "$TEST_DIR/outside" | git hash-object -w --stdin)
sub=$(printf '100644 blob %s\tfile\n' "$blob" | git mktree)
# one tree holding a link "a" and a folder "a": git mktree would sort them apart, so bytes by hand
bin() { printf '%s' "$1" | sed 's/../\\\\x&/g' | xargs printf; }
t=$({ printf '120000 a\0'; bin "$lnk"; printf '40000 a\0'; bin "$sub"; } | git hash-object -t tree --literally -w --stdin)
refused "a tree with a link and a folder of one name is refused" checkout "$(git commit-tree -m evil "$t")"
outside_empty "link and folder of one name"
refused_code 128 "reset --hard refuses it too" reset --hard "$(git commit-tree -m evil "$t")"
outside_empty "reset --hard"

base=$(git rev-parse HEAD)
t1=$(printf '120000 blob %s\ta\n' "$lnk" | git mktree)
t2=$(printf '040000 tree %s\ta\n' "$sub" | git mktree)
c1=$(git commit-tree -p "$base" -m link "$t1") c2=$(git commit-tree -p "$c1" -m dir "$t2")
expect "checkout of a commit with a symlink to outside" sgit checkout -q "$c1"
expect_eq "the link is made" "$TEST_DIR/outside" "$(readlink a)"
expect "then of one with a folder of that name" sgit checkout -q "$c2"
outside_empty "link replaced by a folder"
expect_eq "the file is inside" "evil" "$(cat a/file)"
expect_eq "git sees a clean tree" "" "$(git status --porcelain)"
sgit checkout -q "$c1"
expect "checkout <commit> -- a where a is a link to outside and the tree has a/file" sgit checkout "$c2" -- a
outside_empty "checkout of paths"
expect_eq "a is a real folder now" "evil" "$(cat a/file)"
expect_eq "the index as git leaves it" "D  a
A  a/file" "$(git status --porcelain)"

git checkout -q -f "$base" && git clean -fdq
ln -s "$TEST_DIR/outside" a2
t3=$(printf '040000 tree %s\ta2\n' "$sub" | git mktree)
c3=$(git commit-tree -p "$base" -m dir "$t3")
refused "an untracked symlink where a folder goes is refused" checkout "$c3"
expect_stderr_match "as an untracked file" "^	a2$"
expect "checkout -f replaces it" sgit checkout -q -f "$c3"
outside_empty "checkout -f"
expect_eq "with a real folder" "evil" "$(cat a2/file)"
git checkout -q -f "$base" && ln -s "$TEST_DIR/outside" a2
expect "reset --hard replaces it too" sgit reset -q --hard "$c3"
outside_empty "reset --hard"
expect_eq "with a real folder" "evil" "$(cat a2/file)"

# ---- core.symlinks=false ----
git checkout -q -f main
expect "a checkout with core.symlinks=false" sgit -c core.symlinks=false checkout -q -f "$c1"
expect_eq "writes the link as a file holding its target" "$TEST_DIR/outside" "$(cat a)"
outside_empty "core.symlinks=false"

# ---- messages and exit codes ----
git checkout -q -f main
expect_code "a branch nobody has is a pathspec error" 1 sgit checkout nosuch
expect_eq "git's message" "error: pathspec 'nosuch' did not match any file(s) known to git" "$(cat "$TEST_DIR/.err")"
expect_code "switch to nothing" 128 sgit switch nosuch
expect_eq "git's message" "fatal: invalid reference: nosuch" "$(cat "$TEST_DIR/.err")"
git tag v1
expect_code "switch to a tag" 128 sgit switch v1
expect_stderr_match "needs --detach" "^fatal: a branch is expected, got tag 'v1'$"
expect_code "checkout -b of an existing branch" 128 sgit checkout -b side
expect_eq "git's message" "fatal: a branch named 'side' already exists" "$(cat "$TEST_DIR/.err")"
expect_code "reset --hard with paths" 128 sgit reset --hard -- a
expect_eq "git's message" "fatal: Cannot do hard reset with paths." "$(cat "$TEST_DIR/.err")"
expect_code "restore without paths" 128 sgit restore
: >.git/index.lock
refused_code 128 "a locked index refuses a switch" checkout side
expect_stderr_match "naming the lock" "^fatal: Unable to create '.*/\.git/index\.lock': File exists\.$"
rm -f .git/index.lock
expect "checkout --detach" sgit checkout --detach v1
expect_eq "says where HEAD is, briefly" "HEAD is now at $(git rev-parse --short v1) one" "$(cat "$TEST_DIR/.err")"
expect_eq "and prints nothing on stdout" "" "$(cat "$TEST_DIR/.out")"

finish
