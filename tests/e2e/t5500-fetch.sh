#!/bin/sh
# fetch and clone from repositories on this machine: names resolved on the
# other side through the one DWIM table, FETCH_HEAD, local refs updated
# fast-forward only, tags that follow, --prune, -q/-v; and bad input (no
# repository, an unknown name, a non-fast-forward, the checked-out branch, a
# damaged object, an interrupted fetch) refused with nothing referenced.
. "$SGIT_TEST_TOP/tests/lib.sh"

# refs and FETCH_HEAD of the repository in the current folder, for "nothing changed" checks
state() { git for-each-ref; cat .git/FETCH_HEAD 2>/dev/null; ls .git/objects/pack; }
tab=$(printf '\t')

git init -q there && cd there || exit 2
echo one >a && git add a && git commit -q -m one && git tag -a -m 'version 1' v1.0 &&
	echo two >b && git add b && git commit -q -m two && git tag light &&
	git branch side HEAD~1 && git update-ref refs/remotes/six/HEAD HEAD || exit 2
one=$(git rev-parse HEAD~1) two=$(git rev-parse HEAD) v1=$(git rev-parse v1.0)
cd .. && git init -q here && cd here || exit 2

# ---- names on the other side, through the DWIM table ----
expect "fetch <path> <tag> fetches the tag by its short name" sgit fetch ../there v1.0
expect_eq "FETCH_HEAD has the tag's own id, as the tag's line" "$v1${tab}${tab}tag 'v1.0' of ../there" \
	"$(cat .git/FETCH_HEAD)"
expect_eq "the summary names the tag" "From ../there
 * tag               v1.0       -> FETCH_HEAD" "$(cat "$TEST_DIR/.err")"
expect_eq "the tag object arrived" tag "$(git cat-file -t "$v1")"
expect_eq "and what it points at" "$one" "$(git rev-parse "$v1^{commit}")"
expect_eq "no tag was followed: nothing is stored" "" "$(git for-each-ref)"
expect "fetch <path> six:six" sgit fetch ../there six:six
expect_eq "finds refs/remotes/six/HEAD and stores it as refs/heads/six" "$two" "$(git rev-parse refs/heads/six)"
expect_eq "tags pointing into what was stored came along" "light v1.0" "$(git tag | xargs)"
expect "fetch <path> tags/v1.0 and refs/tags/v1.0 name the same ref" \
	sgit fetch ../there tags/v1.0 refs/tags/v1.0
expect_eq "two lines, both for merge" "2 0" \
	"$(wc -l <.git/FETCH_HEAD | tr -d ' ') $(grep -c not-for-merge .git/FETCH_HEAD)"

mkdir -p sub/dir
expect "a relative path is taken from the top of the work tree, as git does" \
	sgit -C sub/dir fetch ../there master
expect_eq "FETCH_HEAD names it as typed" "$two${tab}${tab}branch 'master' of ../there" "$(cat .git/FETCH_HEAD)"
expect "without any remote configured, fetch does nothing" sgit fetch
expect_eq "and says nothing" "" "$(cat "$TEST_DIR/.err")"

# every rule of the table, and the earlier rule winning: the table's order is the test's
(cd ../there && git update-ref refs/tags/amb "$one" && git update-ref refs/heads/amb "$two" &&
	git update-ref refs/heads/hr "$one" && git update-ref refs/remotes/hr "$two" &&
	git update-ref refs/remotes/rr/HEAD "$one" && git update-ref refs/hr2 "$two" &&
	git update-ref refs/heads/hr2 "$one") || exit 2
for row in "amb|$one|tag 'amb' of ../there" "hr|$one|branch 'hr' of ../there" \
	"rr|$one|remote-tracking branch 'rr/HEAD' of ../there" "hr2|$two|'refs/hr2' of ../there" \
	"HEAD|$two|../there"; do
	name=${row%%|*} rest=${row#*|}; id=${rest%%|*} desc=${rest#*|}
	expect "fetch ../there $name" sgit fetch ../there "$name"
	expect_eq "$name: the ref of the rule that comes first in the table" \
		"$id${tab}${tab}$desc" "$(cat .git/FETCH_HEAD)"
done

# ---- a configured remote ----
cd .. && git init -q mine && cd mine || exit 2
git remote add origin ../there && git config branch.master.remote origin &&
	git config branch.master.merge refs/heads/master || exit 2
expect "fetch (the default remote)" sgit fetch
expect_eq "branches are remote-tracking refs, tags followed" \
	"refs/remotes/origin/amb refs/remotes/origin/hr refs/remotes/origin/hr2 refs/remotes/origin/master refs/remotes/origin/side refs/tags/amb refs/tags/light refs/tags/v1.0" \
	"$(git for-each-ref --format='%(refname)' | xargs)"
expect_eq "branch.master.merge is the one for merge" "$two${tab}${tab}branch 'master' of ../there" \
	"$(head -n 1 .git/FETCH_HEAD)"
expect_eq "the others are not-for-merge" 7 "$(grep -c "${tab}not-for-merge${tab}" .git/FETCH_HEAD)"
expect_eq "the reflog says what was typed" "fetch: storing head" \
	"$(git reflog show --format=%gs refs/remotes/origin/side)"
expect "fetch again" sgit fetch
expect_eq "prints nothing when nothing changed" "" "$(cat "$TEST_DIR/.err")"
expect "fetch -v" sgit fetch -v
expect_stderr_match "-v shows the refs that are up to date" '^ = \[up to date\]      side       -> origin/side$'

# fast-forward, forced, rejected
(cd ../there && git checkout -q side && echo three >c && git add c && git commit -q -m three &&
	git checkout -q master && git commit -q --amend -m 'two, again') || exit 2
old=$(git rev-parse origin/master) new=$(git -C ../there rev-parse master)
expect "a fast-forward and a forced update" sgit fetch origin
expect_stderr_match "the fast-forward as a..b" '^   [0-9a-f]{7}\.\.[0-9a-f]{7}  side       -> origin/side$'
expect_stderr_match "the forced one as a...b" '^ \+ [0-9a-f]{7}\.\.\.[0-9a-f]{7} master     -> origin/master  \(forced update\)$'
expect_eq "both moved" "$new" "$(git rev-parse origin/master)"
(cd ../there && git commit -q --amend -m 'two, once more') || exit 2
state >../before
expect_code "a non-fast-forward without + is refused (exit 1)" 1 sgit fetch origin master:refs/remotes/origin/master
expect_stderr_match "as git reports it" '^ ! \[rejected\]        master     -> origin/master  \(non-fast-forward\)$'
expect_eq "the ref is unchanged" "$new" "$(git rev-parse origin/master)"
expect "with + it is forced" sgit fetch origin +master:refs/remotes/origin/master
expect_eq "the ref moved" "$(git -C ../there rev-parse master)" "$(git rev-parse origin/master)"
expect_code "an existing tag is not clobbered" 1 sgit fetch origin "refs/tags/light:refs/tags/v1.0"
expect_stderr_match "git's words" '\(would clobber existing tag\)$'
expect "unless forced" sgit fetch -f origin "refs/tags/light:refs/tags/v1.0"
expect_stderr_match "a tag update" '^ t \[tag update\]      light      -> v1.0$'

# tag options
git tag -d light v1.0 amb >/dev/null || exit 2
expect "fetch --no-tags" sgit fetch --no-tags
expect_eq "takes no tag" "" "$(git tag)"
git config remote.origin.tagOpt --no-tags || exit 2
expect "remote.<name>.tagOpt --no-tags" sgit fetch
expect_eq "takes none either" "" "$(git tag)"
expect "--tags beats it" sgit fetch --tags
expect_eq "every tag" "amb light v1.0" "$(git tag | xargs)"
git config --unset remote.origin.tagOpt || exit 2

# --prune
(cd ../there && git branch -D hr2 -q) || exit 2
git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/hr2 || exit 2
expect "fetch --prune" sgit fetch --prune
expect_stderr_match "the deleted ref" '^ - \[deleted\]         \(none\)     -> origin/hr2$'
expect_stderr_match "the symbolic ref it leaves dangling" '^   \(refs/remotes/origin/HEAD has become dangling\)$'
expect_code "is gone" 1 git rev-parse -q --verify refs/remotes/origin/hr2
git symbolic-ref --delete refs/remotes/origin/HEAD || exit 2
expect "-q" sgit fetch -q origin side
expect_eq "prints nothing" "" "$(cat "$TEST_DIR/.err")"

# ---- bad input: nothing changes ----
# unchanged <what> <code> <sgit args...>: fails with that code, refs/FETCH_HEAD/packs as they were
unchanged() {
	what=$1 code=$2; shift 2
	state >../before
	expect_code "$what" "$code" sgit "$@"
	state >../after
	expect_files_eq "$what: nothing changed" ../before ../after
}
unchanged "a path that is no repository" 128 fetch ../nowhere
expect_eq "git's message" "fatal: '../nowhere' does not appear to be a git repository
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists." "$(cat "$TEST_DIR/.err")"
mkdir -p ../plain
unchanged "a folder that is no repository, as a file:// URL" 128 fetch "file://$TEST_DIR/plain"
expect_stderr_match "named by its path" "^fatal: '$TEST_DIR/plain' does not appear to be a git repository$"
unchanged "a name the other side does not have" 128 fetch origin nosuch
expect_eq "git's message" "fatal: couldn't find remote ref nosuch" "$(cat "$TEST_DIR/.err")"
unchanged "a URL of another kind" 128 fetch https://example.com/x.git
unchanged "the checked-out branch" 128 fetch origin master:master
expect_eq "git's refusal" "fatal: refusing to fetch into branch 'refs/heads/master' checked out at '$TEST_DIR/mine'" \
	"$(cat "$TEST_DIR/.err")"
expect "unless --update-head-ok" sgit fetch -u origin side:master
expect_eq "then it is written" "$(git -C ../there rev-parse side)" "$(git rev-parse master)"

# a damaged object on the other side: loose, then in a pack
cd .. && git init -q bad && cd bad || exit 2
echo good >g && git add g && git commit -q -m good && git tag good &&
	echo 'not what it says' >f && git add f && git commit -q -m damaged || exit 2
blob=$(git rev-parse HEAD:f) file=.git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)
chmod u+w "$file" && printf 'x' | dd of="$file" bs=1 seek=12 conv=notrunc 2>/dev/null
cd ../mine || exit 2
unchanged "a damaged loose object fails the fetch" 128 fetch ../bad master:refs/heads/bad
expect_stderr_match "naming the object" "$blob"
expect_eq "no half-made pack is left" "" "$(ls -d .git/objects/incoming-* 2>/dev/null)"
cd .. && git init -q bad2 && cd bad2 || exit 2
seq 1 3000 >big && git add big && git commit -q -m big && git gc -q || exit 2
pack=$(ls .git/objects/pack/*.pack)
size=$(wc -c <"$pack")
chmod u+w "$pack" && printf 'garbage!' | dd of="$pack" bs=1 seek=$((size - 200)) conv=notrunc 2>/dev/null
cd ../mine || exit 2
unchanged "a damaged packed object fails the fetch" 128 fetch ../bad2 HEAD:refs/heads/bad
expect_eq "no half-made pack is left either" "" "$(ls -d .git/objects/incoming-* 2>/dev/null)"

# an interrupted fetch: a loose object that blocks its reader (a FIFO) stops the copy half-way
cd .. && git init -q slow && cd slow || exit 2
echo a >a && seq 1 100 >b && git add a b && git commit -q -m slow || exit 2
blob=$(git rev-parse HEAD:b) file=.git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)
rm -f "$file" && mkfifo "$file" || exit 2
cd ../mine || exit 2
state >../before
"$SGIT_BIN" fetch ../slow master:refs/heads/slow 2>/dev/null &
pid=$!
n=0
while [ $n -lt 100 ] && ! ls -d .git/objects/incoming-* >/dev/null 2>&1; do sleep 0.1; n=$((n + 1)); done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
expect_eq "the copy had started" 1 "$(ls -d .git/objects/incoming-* 2>/dev/null | wc -l | tr -d ' ')"
state >../after
expect_files_eq "an interrupted fetch changes no ref, no FETCH_HEAD, no pack" ../before ../after
(cd ../slow && rm -f "$file" && git hash-object -w b >/dev/null) || exit 2
expect "the next fetch succeeds" sgit fetch ../slow master:refs/heads/slow
expect_eq "and stores the ref" "$(git -C ../slow rev-parse master)" "$(git rev-parse slow)"
expect "git fsck --strict is clean" git fsck --strict

# our own work on top of shared history: only what we lack is copied
cd .. && git clone -q there ahead && git clone -q there behind && cd ahead || exit 2
git update-ref -d refs/remotes/origin/master && git update-ref -d refs/remotes/origin/side &&
	echo mine >mine && git add mine && git commit -q -m mine && cd ../behind &&
	echo theirs >theirs && git add theirs && git commit -q -m theirs && cd ../ahead || exit 2
before=$(git count-objects -v | sed -n 's/^in-pack: //p')
expect "fetch with unshared commits on top of shared history" sgit fetch ../behind master:refs/heads/theirs
expect_eq "copies the commit, its tree and its blob only" $((before + 3)) \
	"$(git count-objects -v | sed -n 's/^in-pack: //p')"

# ---- from a repository sgit made, into a bare one ----
cd .. && sgit init -q made && cd made || exit 2
echo x >x && sgit add x && sgit commit -q -m made && sgit tag -m t made-tag || exit 2
cd .. && git init -q --bare bare.git && cd bare.git || exit 2
expect "fetch into a bare repository from one sgit made" sgit fetch ../made 'refs/heads/*:refs/heads/*'
expect_eq "the branch" "$(git -C ../made rev-parse master)" "$(git rev-parse master)"
expect_eq "its tag followed" "made-tag" "$(git tag)"
expect "git fsck --strict" git fsck --strict

# ---- clone ----
cd "$TEST_DIR" || exit 2
expect "clone <path>" sgit clone there cl
expect_eq "git's words" "Cloning into 'cl'...
done." "$(cat "$TEST_DIR/.err")"
expect_eq "the work tree is clean" "" "$(git -C cl status --porcelain)"
expect_eq "origin/HEAD" "refs/remotes/origin/master" "$(git -C cl symbolic-ref refs/remotes/origin/HEAD)"
expect_eq "the branch is set up" "origin refs/heads/master" \
	"$(git -C cl config branch.master.remote) $(git -C cl config branch.master.merge)"
expect "clone --no-local -b side -o up" sgit clone -q --no-local -b side -o up there cl2
expect_eq "side checked out, tracking up/side" "refs/heads/side up" \
	"$(git -C cl2 symbolic-ref HEAD) $(git -C cl2 config branch.side.remote)"
expect "git fsck --strict of the pack clone made" git -C cl2 fsck --strict
expect_code "a source that is no repository" 128 sgit clone nowhere cl3
expect_eq "git's message" "fatal: repository 'nowhere' does not exist" "$(cat "$TEST_DIR/.err")"
expect_code "a destination in use" 128 sgit clone there cl
expect_eq "git's message" "fatal: destination path 'cl' already exists and is not an empty directory." \
	"$(cat "$TEST_DIR/.err")"
expect_code "a branch the other side does not have" 128 sgit clone -b nosuch there cl4
expect_eq "leaves no folder behind" "" "$(ls -d cl4 2>/dev/null)"
mkdir cl5
expect_code "a damaged source, without the shortcut" 128 sgit clone --no-local bad cl5
expect_eq "leaves the empty folder it was given, empty" "" "$(ls -A cl5)"

finish
