#!/bin/sh
# tag and branch on their own: what they create, list, delete and rename,
# their messages and exit codes, and bad input (invalid names, unknown objects,
# existing names, a failing editor, a held lock) refused without changing anything.
. "$SGIT_TEST_TOP/tests/lib.sh"

# (TAG_EDITMSG stays behind when a tag is refused, as with git)
snapshot() { find .git -type f ! -name '*.seen' ! -name TAG_EDITMSG -exec cksum {} + | LC_ALL=C sort -k3; }
# unchanged <what> <exit code> <sgit args...>: fails with that code, the repository as it was
unchanged() {
	what=$1 code=$2; shift 2
	snapshot >../before
	expect_code "$what" "$code" sgit "$@"
	snapshot >../after
	expect_files_eq "$what: nothing changed" ../before ../after
}

git init -q repo && cd repo || exit 2
git commit -q --allow-empty -m one && git commit -q --allow-empty -m two &&
	git branch side HEAD~1 && git checkout -q side && git commit -q --allow-empty -m three &&
	git checkout -q master || exit 2
one=$(git rev-parse HEAD~1) two=$(git rev-parse HEAD) three=$(git rev-parse side)
short2=$(git rev-parse --short HEAD)

# ---- tag: lightweight and annotated ----
expect "tag <name> makes a lightweight tag" sgit tag v1
expect_eq "it points at HEAD" "$two" "$(git rev-parse refs/tags/v1)"
expect "tag <name> <rev>" sgit tag v0 HEAD~1
expect_eq "it points at the revision" "$one" "$(git rev-parse refs/tags/v0)"
expect "tag -m makes an annotated tag" sgit tag -m 'Release 1' a1
expect_eq "a tag object" "tag" "$(git cat-file -t a1)"
expect_eq "with the message, cleaned up" "Release 1" "$(git cat-file tag a1 | sed '1,/^$/d')"
expect_eq "whose tagger comes from the environment" \
	"tagger C O Mitter <committer@example.com> 1112912053 -0700" "$(git cat-file tag a1 | grep '^tagger')"
expect "tag -m '' makes one with an empty message" sgit tag -m '' e1
expect_eq "the object ends with the empty line" " 0a 0a" "$(git cat-file tag e1 | tail -c 2 | od -An -tx1)"
printf 'from a file\n\n\n\nsecond paragraph   \n# a comment\n' >../msg
expect "tag -F <file>" sgit tag -F ../msg f1
expect_eq "the file's message, stripped" "$(printf 'from a file\n\nsecond paragraph')" \
	"$(git cat-file tag f1 | sed '1,/^$/d')"
printf 'from stdin\n' | sgit tag -F - f2 >/dev/null 2>&1
expect_eq "tag -F - reads standard input" "from stdin" "$(git cat-file tag f2 | sed '1,/^$/d')"
expect "a tag of a tag" sgit tag -m nested n1 a1
expect_stderr_match "gives git's hint" '^hint: You have created a nested tag'
expect "a tag of a tree" sgit tag -m tree t1 'HEAD^{tree}'
expect_eq "says so in its type line" "type tree" "$(git cat-file tag t1 | sed -n 2p)"
expect "git fsck is content" git fsck --strict

# ---- tag: the editor ----
cat >../editor.sh <<'EOF'
#!/bin/sh
cp "$1" "$1.seen"
printf 'edited message\n' >>"$1"
EOF
chmod +x ../editor.sh
expect "tag -a runs the editor" env GIT_EDITOR="$TEST_DIR/editor.sh" "$SGIT_BIN" tag -a ed1
expect_eq "with git's template" "$(printf '\n#\n# Write a message for tag:\n#   ed1\n# Lines starting with %s will be ignored.' "'#'")" \
	"$(cat .git/TAG_EDITMSG.seen)"
expect_eq "and takes what was written" "edited message" "$(git cat-file tag ed1 | sed '1,/^$/d')"
expect "the message file is gone afterwards" test ! -f .git/TAG_EDITMSG
GIT_EDITOR=false
unchanged "an editor that fails" 1 tag -a ed2
expect_stderr_match "says there was a problem with it" "^error: There was a problem with the editor 'false'\.$"
expect_stderr_match "and asks for -m or -F" "^Please supply the message using either -m or -F option\.$"
GIT_EDITOR=true
unchanged "an empty message from the editor" 128 tag -a ed3
expect_stderr_match "is no tag message" '^fatal: no tag message\?$'
GIT_EDITOR=:

# ---- tag: listing ----
expect_eq "tag lists in name order" "$(printf 'a1\ne1\ned1\nf1\nf2\nn1\nt1\nv0\nv1')" "$(sgit tag)"
expect_eq "tag -l <glob>" "$(printf 'v0\nv1')" "$(sgit tag -l 'v*')"
expect_eq "a glob's '*' crosses slashes" "" "$(sgit tag x/y && sgit tag -l 'x*' | grep -v x/y)"
expect_eq "tag -n shows the first line" "a1              Release 1" "$(sgit tag -n -l a1)"
expect_eq "tag -n of a lightweight tag shows the commit's" "v1              two" "$(sgit tag -n v1)"
expect_eq "--sort=-refname reverses" "x/y" "$(sgit tag --sort=-refname | head -n 1)"
sgit tag v1.10 && sgit tag v1.9
expect_eq "--sort=version:refname" "$(printf 'v1\nv1.9\nv1.10')" "$(sgit tag --sort=version:refname -l 'v1*')"
expect_code "an unknown sort key" 128 sgit tag --sort=nosuch
expect_stderr_match "is named" '^fatal: unknown field name: nosuch$'

# ---- tag: refusals ----
unchanged "an existing tag" 128 tag v1
expect_stderr_match "is refused with git's message" "^fatal: tag 'v1' already exists$"
unchanged "an invalid name" 128 tag 'a..b'
expect_stderr_match "is named" "^fatal: 'a\.\.b' is not a valid tag name\.$"
unchanged "a name starting with a dash" 128 tag -- -x
unchanged "an unknown object" 128 tag x nosuch
expect_stderr_match "cannot be resolved" "^fatal: Failed to resolve 'nosuch' as a valid ref\.$"
unchanged "three arguments" 128 tag x HEAD extra
unchanged "-m with -F" 128 tag -m a -F ../msg x
unchanged "an unreadable -F file" 128 tag -F ../nosuch x
expect_stderr_match "names the file" "^fatal: could not open or read '\.\./nosuch': No such file or directory$"
unchanged "a bad --cleanup" 128 tag --cleanup=nosuch -m x x
unchanged "-n with -d" 128 tag -n -d v1
unchanged "-a without a name" 129 tag -a
unchanged "-l with -d" 129 tag -l -d v1
: >.git/refs/tags/locked.lock
unchanged "a held lock" 128 tag locked
expect_stderr_match "names the lock file" 'refs/tags/locked\.lock'
rm -f .git/refs/tags/locked.lock

# ---- tag: -f and -d ----
expect_eq "tag -f replaces, and says what it was" "Updated tag 'v1' (was $short2)" "$(sgit tag -f v1 HEAD~1)"
expect_eq "the tag moved" "$one" "$(git rev-parse refs/tags/v1)"
expect_eq "tag -f to the same place says nothing" "" "$(sgit tag -f v1 HEAD~1)"
expect_eq "tag -d says what it deleted" "Deleted tag 'v0' (was $(git rev-parse --short v0))" "$(sgit tag -d v0)"
expect_code "the tag is gone" 1 git show-ref --verify -q refs/tags/v0
expect_code "tag -d of a missing tag" 1 sgit tag -d v0
expect_stderr_match "says it is not found" "^error: tag 'v0' not found\.$"
git pack-refs --all
expect_eq "tag -d of a packed tag" "Deleted tag 'e1' (was $(git rev-parse --short e1))" "$(sgit tag -d e1)"
expect "and git agrees it is gone" sh -c '! git show-ref --verify -q refs/tags/e1'
expect "git fsck is still content" git fsck --strict

# ---- branch: create ----
expect_eq "branch lists with a star on the current one" "$(printf '* master\n  side')" "$(sgit branch)"
expect "branch <name>" sgit branch topic
expect_eq "starts at HEAD" "$two" "$(git rev-parse refs/heads/topic)"
expect_eq "with git's reflog entry" "branch: Created from master" "$(git reflog show --format=%gs topic)"
expect "branch <name> <start>" sgit branch old HEAD~1
expect_eq "starts there" "$one" "$(git rev-parse refs/heads/old)"
expect "an annotated tag is peeled" sgit branch fromtag a1
expect_eq "to its commit" "$two" "$(git rev-parse refs/heads/fromtag)"
unchanged "an existing branch" 128 branch topic
expect_stderr_match "is refused" "^fatal: a branch named 'topic' already exists$"
unchanged "an invalid branch name" 128 branch 'a..b'
expect_stderr_match "is named" "^fatal: 'a\.\.b' is not a valid branch name$"
unchanged "HEAD as a name" 128 branch HEAD
unchanged "an unknown start point" 128 branch x nosuch
expect_stderr_match "is named" "^fatal: not a valid object name: 'nosuch'$"
unchanged "a tree as start point" 128 branch x 'HEAD^{tree}'
expect_stderr_match "is not a branch point" "^fatal: not a valid branch point: 'HEAD\^\{tree\}'$"
unchanged "-f on the current branch" 128 branch -f master HEAD~1
expect_stderr_match "names the work tree" "^fatal: cannot force update the branch 'master' checked out at '.*/repo'$"
expect "branch -f elsewhere" sgit branch -f topic HEAD~1
expect_eq "resets it" "branch: Reset to HEAD~1" "$(git reflog show -n1 --format=%gs topic)"
expect_eq "--show-current" "master" "$(sgit branch --show-current)"
expect_eq "branch -v" "* master  $short2 two" "$(sgit branch -v | grep master)"
expect_eq "branch --list <glob>" "$(printf '  old\n  side')" "$(sgit branch --list '[os]*')"

# ---- branch: delete ----
unchanged "-d of an unmerged branch" 1 branch -d side
expect_stderr_match "says it is not merged" "^error: The branch 'side' is not fully merged\.$"
expect_eq "-D deletes it anyway" "Deleted branch side (was $(git rev-parse --short $three))." "$(sgit branch -D side)"
expect_eq "-d of a merged branch" "Deleted branch old (was $(git rev-parse --short $one))." "$(sgit branch -d old)"
expect "its reflog went with it" test ! -f .git/logs/refs/heads/old
unchanged "-d of the current branch" 1 branch -d master
expect_stderr_match "says where it is checked out" "^error: Cannot delete branch 'master' checked out at '.*/repo'$"
unchanged "-d of a missing branch" 1 branch -d nosuch
expect_stderr_match "says it is not found" "^error: branch 'nosuch' not found\.$"
unchanged "-d without a name" 128 branch -d
unchanged "-d -a" 128 branch -d -a topic

# ---- branch: rename ----
git config branch.topic.remote . && git config branch.topic.merge refs/heads/master
expect "-m renames" sgit branch -m topic renamed
expect_eq "the ref moved" "$one" "$(git rev-parse refs/heads/renamed)"
expect_code "the old one is gone" 1 git show-ref --verify -q refs/heads/topic
expect_eq "its reflog came along" "$(printf 'Branch: renamed refs/heads/topic to refs/heads/renamed\nbranch: Reset to HEAD~1\nbranch: Created from master')" \
	"$(git reflog show --format=%gs renamed)"
expect_eq "and its configuration" "." "$(git config branch.renamed.remote)"
unchanged "-m onto an existing branch" 128 branch -m renamed fromtag
unchanged "-m of a missing branch" 128 branch -m nosuch x
expect_stderr_match "says so" "^fatal: No branch named 'nosuch'\.$"
unchanged "-m with three names" 128 branch -m a b c
expect "-m <new> renames the current branch" sgit branch -m trunk
expect_eq "HEAD follows it" "refs/heads/trunk" "$(git symbolic-ref HEAD)"
expect_eq "branch shows it" "$(printf '  fromtag\n  renamed\n* trunk')" "$(sgit branch)"

# ---- detached HEAD and an unborn branch ----
git checkout -q --detach HEAD~1
expect_eq "a detached HEAD comes first" "* (HEAD detached at $(git rev-parse --short HEAD))" "$(sgit branch | head -n 1)"
expect_eq "--show-current prints nothing" "" "$(sgit branch --show-current)"
expect_code "-m <new> needs a branch" 128 sgit branch -m x
git checkout -q trunk
git init -q ../empty && cd ../empty || exit 2
expect_eq "an unborn branch lists nothing" "" "$(sgit branch)"
expect_eq "but is current" "master" "$(sgit branch --show-current)"
expect_code "and is no start point" 128 sgit branch x
expect_stderr_match "as git says" "^fatal: not a valid object name: 'master'$"
expect_eq "no tags either" "" "$(sgit tag)"

finish
