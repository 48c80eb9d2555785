#!/bin/sh
# Packs written by sgit pack-objects: git must verify them, index them to the
# same .idx bytes, and read every object back; errors as git pack-objects.
. "$SGIT_TEST_TOP/tests/lib.sh"

# A history with files that grow (deltas once git repacks it), binary data,
# an annotated tag, and loose objects on top of the pack.
git init -q src && (
	cd src &&
	i=1 && while [ $i -le 40 ]; do
		seq 1 $((i * 50)) >grow && seq 1 400 | sed "s/^/$i /" >edit &&
		printf 'bin\000%s\001' $i >data && mkdir -p d$((i % 5)) && echo $i >d$((i % 5))/f &&
		git add . && git commit -q -m "commit $i" || exit 1
		i=$((i + 1))
	done &&
	git tag -a -m "a tag" v1 && git repack -adq &&
	echo more >grow && git add grow && git commit -q -m loose
) || { echo "cannot make the source repository"; exit 1; }
git -C src rev-list --objects --all | cut -c1-40 >ids
git -C src cat-file --batch <ids >objects.expected
n=$(wc -l <ids)

# pack <dir> <extra options...>: a copy of src holding only sgit's pack.
pack() {
	dir=$1; shift
	cp -R src "$dir" && (
		cd "$dir" && "$SGIT_BIN" pack-objects "$@" .git/objects/pack/pack <../ids >../"$dir".name &&
		h=$(cat ../"$dir".name) && cd .git/objects && rm -rf ?? &&
		for f in pack/pack-*; do case $f in *"$h"*) ;; *) rm -f "$f" ;; esac; done
	)
}

expect "pack-objects writes a pack copying git's deltas" pack reuse
h=$(cat reuse.name)
expect "git verify-pack accepts it" git -C reuse verify-pack -v .git/objects/pack/pack-"$h".idx
deltas=$(git -C reuse verify-pack -v .git/objects/pack/pack-"$h".idx | grep -c ' [0-9][0-9]* [0-9a-f]\{40\}$')
[ "$deltas" -gt 0 ] && ok "the pack holds deltas ($deltas)" || not_ok "the pack holds deltas"
expect "git fsck --strict is clean with only that pack" git -C reuse fsck --strict --no-dangling
expect_eq "it holds every object" "$n" "$(git -C reuse count-objects -v | sed -n 's/^in-pack: //p')"
git -C reuse cat-file --batch <ids >reuse.objects
expect_files_eq "git reads every object back the same" objects.expected reuse.objects
"$SGIT_BIN" -C reuse cat-file --batch <ids >reuse.sgit 2>&1
expect_files_eq "sgit reads every object back the same" objects.expected reuse.sgit
cp reuse/.git/objects/pack/pack-"$h".pack again.pack
git index-pack -o again.idx again.pack >/dev/null 2>&1
expect_files_eq "git index-pack makes the very same .idx" reuse/.git/objects/pack/pack-"$h".idx again.idx
expect_eq "the pack is named by its checksum, as git names packs" "$h" \
	"$(tail -c 20 again.pack | od -An -tx1 | tr -d ' \n')"

expect "pack-objects --no-reuse-object deflates every object anew" pack whole --no-reuse-object
h=$(cat whole.name)
expect "git verify-pack accepts that one too" git -C whole verify-pack .git/objects/pack/pack-"$h".idx
expect "and git fsck --strict" git -C whole fsck --strict --no-dangling
git -C whole cat-file --batch <ids >whole.objects
expect_files_eq "every object reads back" objects.expected whole.objects

# A source whose deltas name their base by id (REF_DELTA): copied as OFS_DELTA.
cp -R src refsrc && git -C refsrc -c repack.usedeltabaseoffset=false repack -adq
rm -rf src.keep && mv src src.keep && mv refsrc src
expect "a pack of REF_DELTA objects is copied" pack fromref
mv src refsrc && mv src.keep src
h=$(cat fromref.name)
deltas=$(git -C fromref verify-pack -v .git/objects/pack/pack-"$h".idx | grep -c ' [0-9][0-9]* [0-9a-f]\{40\}$')
[ "$deltas" -gt 0 ] && ok "its deltas are kept ($deltas)" || not_ok "its deltas are kept"
expect "git fsck --strict is clean with it" git -C fromref fsck --strict --no-dangling
git -C fromref cat-file --batch <ids >fromref.objects
expect_files_eq "every object reads back from it" objects.expected fromref.objects

# Errors, and the empty pack, as git pack-objects.
cd src || exit 1
same_as_git_in "an empty list gives git's empty pack" /dev/null pack-objects ../empty/pack
echo garbage >../garbage.in
same_as_git_in "a line that is no id is refused" ../garbage.in pack-objects ../bad/pack
"$SGIT_BIN" pack-objects ../bad/pack <../garbage.in 2>../bad.err
expect_eq "with git's message" "fatal: expected object ID, got garbage:
 garbage" "$(cat ../bad.err)"
echo 0123456789012345678901234567890123456789 >../missing.in
same_as_git_in "a missing object is refused" ../missing.in pack-objects ../bad/pack
"$SGIT_BIN" pack-objects ../bad/pack <../missing.in 2>../bad.err
expect_eq "naming it as git does" "fatal: unable to read 0123456789012345678901234567890123456789" \
	"$(cat ../bad.err)"
expect_eq "and nothing is left behind" "" "$(ls ../bad 2>/dev/null)"
cd .. || exit 1
finish
