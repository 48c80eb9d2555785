#!/bin/sh
# tag and branch against git. Twin repositories (copies of one git made, same
# identity and dates): an annotated tag sgit writes is byte for byte the tag git
# writes (-m, several -m, -F, -F -, an editor, --cleanup); delete and rename say
# what git says and leave the same refs. On one repository, with loose and with
# packed refs: tag -l, tag -n, tag -l <glob>, branch, branch -v/-vv/-a/-r print
# what git prints. git reads the refs and reflogs sgit writes.
. "$SGIT_TEST_TOP/tests/lib.sh"

# A repository with history, a side branch, a remote with origin/HEAD, tags of
# every kind, a branch with an upstream that moved on and one that is gone.
git init -q up && (cd up && git commit -q --allow-empty -m one &&
	printf 'two\n\nbody of two\nmore\n' >msg && git commit -q --allow-empty -F msg &&
	git branch feature && git commit -q --allow-empty -m three) || exit 2
git clone -q up base 2>/dev/null && cd base || exit 2
git commit -q --allow-empty -m 'local work
spanning lines' &&
	git branch side HEAD~2 && git branch -u origin/master side >/dev/null &&
	git branch --track gone origin/feature >/dev/null && git config branch.gone.merge refs/heads/nosuch &&
	git branch feature origin/feature >/dev/null &&
	git tag light HEAD~1 && git tag -m 'annotated
with a body' ann HEAD && git tag -m 'tag of a tag' nested ann 2>/dev/null &&
	git tag treetag 'HEAD^{tree}' && git tag v1.10 && git tag v1.9 && git tag v1.9-rc1 &&
	git tag -m "$(printf 'para one\n\npara two\nline\n\n\nlast')" multi &&
	git tag a-rather-long-tag-name-here || exit 2
cd .. || exit 2

# twin <what> <args...>: git in g/, sgit in s/: same stdout, stderr (program name aside), exit code
twin() {
	what=$1; shift
	(cd g && git "$@") >g.out 2>g.err; gc=$?
	(cd s && sgit "$@") >s.out 2>s.err; sc=$?
	sed "s/^usage: git/usage: sgit/; s/git \\(branch\\|tag\\|config\\) /sgit \\1 /g; s|$TEST_DIR/g|$TEST_DIR/s|g" \
		g.err >g.err2
	if [ $gc = $sc ] && cmp -s g.out s.out && cmp -s g.err2 s.err; then ok "$what"; else
		not_ok "$what"; echo "  args: $*; exit git $gc, sgit $sc"
		diff -u g.out s.out | head -n 20 | sed 's/^/  /'
		diff -u g.err2 s.err | head -n 20 | sed 's/^/  /'
	fi
}
# same_refs <what>: both twins hold the same refs (with values) and config
same_refs() {
	(cd g && git for-each-ref --format='%(refname) %(objectname) %(symref)') >g.refs
	(cd s && git for-each-ref --format='%(refname) %(objectname) %(symref)') >s.refs
	expect_files_eq "$1: the same refs" g.refs s.refs
	(cd g && git config -l --local | LC_ALL=C sort) >g.cfg
	(cd s && git config -l --local | LC_ALL=C sort) >s.cfg
	expect_files_eq "$1: the same configuration" g.cfg s.cfg
}
fresh_twins() { rm -rf g s && cp -R base g && cp -R base s; }

# ---- annotated tags, byte for byte ----
fresh_twins
twin "tag -m" tag -m 'a message' t-m
twin "several -m make paragraphs" tag -m first -m 'second  ' -m '' -m third t-mm
printf 'from a file\n\n\n# not a comment? it is\ntrailing   \n' >msgfile
twin "tag -F <file>" tag -F ../msgfile t-F
(cd g && git tag -F - t-stdin <../msgfile) >/dev/null 2>&1
(cd s && sgit tag -F - t-stdin <../msgfile) >/dev/null 2>&1
twin "tag -a -m on another object" tag -a -m 'on the tree' t-tree 'HEAD^{tree}'
twin "an empty -m keeps the empty line" tag -m '' t-empty
twin "a message of comments only" tag -m '# gone' t-comment
twin "--cleanup=verbatim" tag --cleanup=verbatim -m '  keep  # this
#and this

' t-verbatim
twin "--cleanup=whitespace" tag --cleanup=whitespace -m '# kept

x  ' t-ws
twin "a tag of a tag (and git's hint)" tag -m inner t-nested ann
cat >editor.sh <<'EOF'
#!/bin/sh
cp "$1" "$1.seen"
printf 'written by the editor\n\n# a comment\n' >>"$1"
EOF
chmod +x editor.sh
GIT_EDITOR=$TEST_DIR/editor.sh
export GIT_EDITOR
twin "tag -a with the editor" tag -a t-edit
expect_files_eq "the editor saw git's template" g/.git/TAG_EDITMSG.seen s/.git/TAG_EDITMSG.seen
twin "tag -e -m edits the message given" tag -e -m given t-edit2
expect_files_eq "the editor saw the message given" g/.git/TAG_EDITMSG.seen s/.git/TAG_EDITMSG.seen
twin "tag -f -a starts from the old message" tag -f -a t-edit
expect_files_eq "the editor saw the old message" g/.git/TAG_EDITMSG.seen s/.git/TAG_EDITMSG.seen
twin "--cleanup=verbatim with the editor" tag --cleanup=verbatim -a t-edit3
expect_files_eq "the editor saw the template for kept comments" g/.git/TAG_EDITMSG.seen s/.git/TAG_EDITMSG.seen
twin "core.commentChar" -c core.commentChar=';' tag -a t-cc
expect_files_eq "the editor saw the template with it" g/.git/TAG_EDITMSG.seen s/.git/TAG_EDITMSG.seen
GIT_EDITOR=:
twin "a lightweight tag" tag t-light HEAD~1
twin "tag -f replaces and says so" tag -f t-light
twin "tag -f to the same value says nothing" tag -f t-light
same_refs "after creating tags"
for t in t-cc t-m t-mm t-F t-stdin t-tree t-empty t-comment t-verbatim t-ws t-nested t-edit t-edit2 t-edit3; do
	(cd g && git cat-file tag $t) >g.tag 2>&1
	(cd s && git cat-file tag $t) >s.tag 2>&1
	expect_files_eq "tag $t: the same bytes" g.tag s.tag
done
expect "git fsck accepts sgit's tags" sh -c 'cd s && git fsck --strict 2>&1 >/dev/null'

# ---- refusals say what git says ----
twin "an existing tag" tag ann
twin "an invalid tag name" tag 'a..b'
twin "a name starting with a dash" tag -- -x
twin "an unknown object" tag x nosuch
twin "too many arguments" tag x HEAD extra
twin "-m and -F together" tag -m a -F ../msgfile x
twin "an unreadable -F file" tag -F ../nosuch x
twin "a bad --cleanup" tag --cleanup=foo -m x x
twin "-n outside list mode" tag -n -d x
GIT_EDITOR=true
twin "no tag message" tag -a x
GIT_EDITOR=false
twin "a failing editor" tag -a x
GIT_EDITOR=:
twin "tag -d" tag -d t-m light nosuch t-tree
same_refs "after deleting tags"

# ---- branches: create, delete, rename ----
fresh_twins
twin "branch <name>" branch topic
twin "branch <name> <start>" branch topic2 HEAD~1
twin "a start point that is a remote-tracking branch" branch tracked origin/master
twin "--no-track" branch untracked --no-track origin/master
twin "an annotated tag as start point" branch fromtag ann
twin "an existing branch" branch topic
twin "an invalid branch name" branch 'a..b'
twin "HEAD as a branch name" branch HEAD
twin "an unknown start point" branch x nosuch
twin "a tree as start point" branch x 'HEAD^{tree}'
twin "-f on the checked-out branch" branch -f master HEAD~1
twin "-f elsewhere resets" branch -f topic HEAD~1
twin "-d an unmerged branch" branch -d topic2
twin "-d a branch merged to its upstream" branch -d side
twin "-d the current branch" branch -d master
twin "-d an unknown branch" branch -d nosuch
twin "-D" branch -D topic2 nosuch
twin "-d -r" branch -d -r origin/HEAD
twin "-m" branch -m topic renamed
twin "-m onto an existing branch" branch -m renamed feature
twin "-M onto an existing branch" branch -M renamed feature
twin "-M onto the checked-out branch" branch -M feature master
twin "-m of a branch onto itself" branch -m untracked untracked
twin "-m of an unknown branch" branch -m nosuch x
twin "-m of the current branch" branch -m trunk
twin "-m too many" branch -m a b c
twin "branch after all that" branch -a -vv
same_refs "after branch changes"
for b in trunk feature tracked; do
	(cd g && git reflog show --format='%gs' $b) >g.log 2>&1
	(cd s && git reflog show --format='%gs' $b) >s.log 2>&1
	expect_files_eq "git reads the reflog of $b" g.log s.log
done

# ---- listings, loose then packed ----
cd base || exit 2
git checkout -q --detach HEAD~1 && git checkout -q master || exit 2
for state in loose packed; do
	[ $state = packed ] && git pack-refs --all
	same_as_git "$state: tag" tag
	same_as_git "$state: tag -l" tag -l
	same_as_git "$state: tag -l 'v*'" tag -l 'v*'
	same_as_git "$state: tag -l with two globs" tag -l '*1*' 'l*'
	same_as_git "$state: tag -n" tag -n
	same_as_git "$state: tag -n3" tag -n3
	same_as_git "$state: tag -n2 -l 'm*'" tag -n2 -l 'm*'
	same_as_git "$state: tag --sort=-refname" tag --sort=-refname
	same_as_git "$state: tag --sort=version:refname" tag --sort=version:refname
	same_as_git "$state: branch" branch
	same_as_git "$state: branch -v" branch -v
	same_as_git "$state: branch -vv" branch -vv
	same_as_git "$state: branch -a" branch -a
	same_as_git "$state: branch -a -v" branch -a -v
	same_as_git "$state: branch -r" branch -r
	same_as_git "$state: branch -r -v" branch -rv
	same_as_git "$state: branch --list 's*'" branch --list 's*'
	same_as_git "$state: branch --show-current" branch --show-current
	same_as_git "$state: tag --contains" tag --contains HEAD~1
	same_as_git "$state: branch -a --contains" branch -a --contains HEAD~2
	same_as_git "$state: tag -i -l 'V*'" tag -i -l 'V*'
done
same_as_git "--contains of nothing" tag --contains nosuch
same_as_git "--contains of a tree" branch --contains 'HEAD^{tree}'
git checkout -q --detach HEAD~1
same_as_git "detached: branch" branch
same_as_git "detached: branch -v" branch -v
same_as_git "detached: branch --list HEAD" branch --list HEAD
same_as_git "detached: branch --show-current" branch --show-current
same_as_git "detached: branch --contains" branch --contains HEAD~1
git commit -q --allow-empty -m moved
same_as_git "detached and moved on: branch" branch
git checkout -q ann 2>/dev/null
same_as_git "detached at a tag: branch -v" branch -v
git checkout -q master

finish
