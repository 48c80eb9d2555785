#!/bin/sh
# tests/interop/t7000-fsck.sh: sgit fsck against git fsck on the same
# repositories: clean ones (loose and packed), dangling, unreachable and
# missing objects, corrupt objects of each kind (written with git hash-object
# --literally), every message id that a crafted object can raise, --strict,
# fsck.<msg-id> and fsck.skipList. stdout, stderr and exit codes must match.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/interop/lib-history.sh"

export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.com GIT_AUTHOR_DATE='1700000000 +0000'
export GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@example.com GIT_COMMITTER_DATE='1700000000 +0000'

# A small history: two commits on main, a side branch, an annotated tag.
git init -q -b main base && cd base || exit 2
mkdir dir && echo one >a && echo two >dir/b && git add . && git commit -q -m one
echo three >>a && git commit -q -a -m two
git branch side HEAD~ && git tag -a -m tagged v1 HEAD~
cd .. || exit 2

# fresh <name>: a copy of the base repository to break, entered
fresh() {
	cd "$TEST_DIR" && rm -rf "$1" && cp -R base "$1" && cd "$1" || exit 2
}

# same_fsck <what> <args...>: same stdout, stderr and exit code as git fsck
same_fsck() {
	what=$1; shift
	same_all "$what" fsck "$@"
}

# A tree of raw entries "<mode> <name> <hex id>" (one per line on stdin), stored as is.
raw_tree() {
	python3 -c '
import sys
out = b""
for line in sys.stdin.buffer.read().split(b"\n"):
    if not line:
        continue
    mode, rest = line.split(b" ", 1)
    name, hexid = rest.rsplit(b" ", 1)
    out += mode + b" " + name + b"\0" + bytes.fromhex(hexid.decode())
sys.stdout.buffer.write(out)' | git hash-object -t tree -w --literally --stdin
}
raw_commit() { printf "$1" | git hash-object -t commit -w --literally --stdin; }
raw_tag() { printf "$1" | git hash-object -t tag -w --literally --stdin; }

fresh clean
for args in "" "--unreachable" "--root" "--tags" "-v" "--name-objects" "--connectivity-only" \
	"--no-reflogs" "--strict" "--cache" "--no-full" "--no-dangling" "main" "v1 side" "--root --tags --unreachable"; do
	same_fsck "a clean loose repository: fsck $args" $args
done
same_fsck "an object that is not there is an error" 0123456789012345678901234567890123456789
same_fsck "a name that does not resolve is an invalid parameter" nosuchref

fresh packed
git gc -q
for args in "" "--unreachable" "-v" "--name-objects" "--connectivity-only" "--no-full" "--root --tags"; do
	same_fsck "a packed repository: fsck $args" $args
done

fresh dangling
blob=$(echo lost | git hash-object -w --stdin)
git commit -q --allow-empty -m orphaned && git reset -q --hard HEAD~
git reflog expire --expire=now --all
tree=$(echo "100644 blob $blob	lost" | git mktree)
for args in "" "--unreachable" "--no-dangling" "--name-objects" "--connectivity-only" "--no-reflogs" "-v"; do
	same_fsck "dangling and unreachable objects: fsck $args" $args
done
same_fsck "--lost-found writes what dangles" --lost-found
expect_eq "... a dangling tree's id into lost-found/other" "$tree" "$(cat .git/lost-found/other/$tree)"
expect_eq "... a dangling commit's id into lost-found/commit" 1 "$(ls .git/lost-found/commit | wc -l)"

fresh lost-blob
blob=$(echo "only here" | git hash-object -w --stdin)
same_fsck "--lost-found with a dangling blob" --lost-found
expect_eq "... writes the blob's content into lost-found/other" "only here" "$(cat .git/lost-found/other/$blob)"

# Blobs above core.bigFileThreshold are hashed while streaming, loose and packed.
fresh big
git config core.bigFileThreshold 1k
seq 1 20000 >big && git add big && git commit -q -m big
same_fsck "a big loose blob"
git gc -q
same_fsck "a big packed blob"

fresh missing
blob=$(git rev-parse HEAD:dir/b)
rm -f .git/objects/$(echo $blob | sed 's|^\(..\)|\1/|')
for args in "" "--name-objects" "--connectivity-only" "--unreachable"; do
	same_fsck "a reachable blob that is missing: fsck $args" $args
done

fresh missing-parent
rm -f .git/objects/$(git rev-parse HEAD~ | sed 's|^\(..\)|\1/|')
same_fsck "a missing parent commit is a broken link" --no-reflogs
same_fsck "... and a bad reflog entry with reflogs" 

fresh badref
echo 1234567890123456789012345678901234567890 >.git/refs/heads/broken
same_fsck "a ref to a missing object is an invalid pointer"
git update-ref refs/heads/treeish HEAD^{tree} 2>/dev/null || cp .git/refs/heads/main .git/refs/heads/treeish
rm .git/refs/heads/broken
git rev-parse HEAD^{tree} >.git/refs/heads/treeish
same_fsck "a branch that is not a commit"

fresh unborn
git symbolic-ref HEAD refs/heads/nothing
same_fsck "HEAD on an unborn branch is a notice"
git symbolic-ref HEAD refs/tags/v1 2>/dev/null || printf 'ref: refs/tags/v1\n' >.git/HEAD
same_fsck "HEAD pointing outside refs/heads"

fresh mismatch
blob=$(git rev-parse HEAD:a)
other=$(echo dangling | git hash-object -w --stdin)
from=.git/objects/$(echo $other | sed 's|^\(..\)|\1/|')
to=.git/objects/$(echo 1111111111111111111111111111111111111111 | sed 's|^\(..\)|\1/|')
mkdir -p "$(dirname "$to")" && cp "$from" "$to"
same_fsck "a loose object under another id is a hash-path mismatch"
rm -f "$to" && mkdir -p "$(dirname "$to")" && echo garbage >"$to"
same_fsck "a loose file that does not inflate is corrupt"

# commit headers, one flaw each
fresh commits
t=$(git rev-parse HEAD^{tree})
for body in \
	"tree $t\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 01 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 99999999999999999999 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 +0000\ncommitter C <c@x> x +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 +000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x>1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A<a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 +0000\nauthor B <b@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 +0000\n\nm\n" \
	"tree 12345\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nparent xyz\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"author A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\n" \
	"tree $t\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000" \
	"tree $t\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 1 +0000\n\nm\0with a NUL\n"; do
	fresh commits
	id=$(raw_commit "$body")
	same_fsck "a commit: $(printf "$body" | head -n 3 | tr '\n\0' '| ')"
done
fresh commits
id=$(raw_commit "tree $t\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 01 +0000\n\nm\n")
git config fsck.zeroPaddedDate warn
same_fsck "fsck.<msg-id>=warn makes an error a warning"
git config fsck.zeroPaddedDate ignore
same_fsck "fsck.<msg-id>=ignore drops it"
git config --unset fsck.zeroPaddedDate
echo "$id" >../skip
git config fsck.skipList ../skip
same_fsck "fsck.skipList skips the objects it lists"
git config --unset fsck.skipList
git config fsck.nulInHeader warn
same_fsck "a fatal message id cannot be demoted"
git config fsck.nulInHeader error
git config fsck.noSuchId ignore
same_fsck "an unknown message id is fatal"
git config --unset fsck.noSuchId
git config fsck.badDate sometimes
same_fsck "an unknown severity is fatal"

# trees, one flaw each (dangling, so only the check speaks)
b=$(git -C "$TEST_DIR/base" rev-parse HEAD:a)
t=$(git -C "$TEST_DIR/base" rev-parse HEAD:dir)
for entries in \
	"100644 a $b\n100644 a $b" \
	"100644 b $b\n100644 a $b" \
	"040000 d $t\n100644 e $b" \
	"100664 a $b" \
	"100600 a $b" \
	"100644 a/b $b" \
	"100644 . $b" \
	"100644 .. $b" \
	"100644 .git $b" \
	"100644 .GIT $b" \
	"100644 git~1 $b" \
	"100644 .git. $b" \
	"100644 .g\xe2\x80\x8cit $b" \
	"100644 a\\\\.git $b" \
	"100644 a 0000000000000000000000000000000000000000" \
	"120000 .gitmodules $b" \
	"120000 .gitattributes $b" \
	"120000 .gitignore $b" \
	"120000 .mailmap $b" \
	"120000 GITMOD~1 $b" \
	"120000 gi7eba~9 $b" \
	"100644 x $b\n100644 x.y $b\n040000 x $t" \
	"40000 x $t\n100644 x $b"; do
	fresh trees
	printf "$entries\n" | raw_tree >/dev/null
	same_fsck "a tree: $(printf "$entries" | cut -c1-30 | tr '\n' '|')"
	same_fsck "... --strict" --strict
done

# tags
for body in \
	"object $b\ntype blob\ntag t\ntagger T <t@x> 1 +0000\n\nm\n" \
	"object $b\ntype blob\ntag t\n\nm\n" \
	"object $b\ntype blob\ntag bad..name\ntagger T <t@x> 1 +0000\n\nm\n" \
	"object $b\ntype blob\ntagger T <t@x> 1 +0000\n\nm\n" \
	"object $b\ntag t\ntagger T <t@x> 1 +0000\n\nm\n" \
	"object $b\ntype bogus\ntag t\ntagger T <t@x> 1 +0000\n\nm\n" \
	"object zz\ntype blob\ntag t\ntagger T <t@x> 1 +0000\n\nm\n" \
	"type blob\ntag t\ntagger T <t@x> 1 +0000\n\nm\n" \
	"object $b\ntype blob\ntag t\ntagger T <t@x> 1 +0000\nextra header\n\nm\n" \
	"object $b\ntype blob\ntag t\ntagger T <t@x 1 +0000\n\nm\n"; do
	fresh tags
	raw_tag "$body" >/dev/null
	same_fsck "a tag: $(printf "$body" | head -n 3 | tr '\n' '|')"
	same_fsck "... --strict" --strict
done
git config fsck.extraHeaderEntry error
same_fsck "fsck.extraHeaderEntry=error raises an ignored id"

# A long history with merges, an octopus, tags of every kind: the names
# --name-objects gives (~N, ^N, :path) and the order of git's object table.
cd "$TEST_DIR" && history_make hist >/dev/null 2>&1 && cd hist || exit 2
for args in "" "--unreachable --root --tags" "--name-objects" "--connectivity-only"; do
	same_fsck "a long history: fsck $args" $args
done
cd "$TEST_DIR" && history_pack hist hist-packed >/dev/null 2>&1 && cd hist-packed || exit 2
same_fsck "a long packed history" --root
finish
