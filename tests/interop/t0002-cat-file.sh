#!/bin/sh
# cat-file in repositories git made and packed: deep delta chains
# (gc --aggressive), several packs, loose objects, REF_DELTA, 64-bit offsets.
# Every answer must be byte-identical to git's.
. "$SGIT_TEST_TOP/tests/lib.sh"

# A history of 400 commits; deep.txt changes one line in each, so the
# aggressive repack chains its versions deeply. Commit 1 has every tree mode.
history() {
	awk -v n=400 -v big="$1" 'function file(mode, path, s) {
		printf "M %s inline %s\ndata %d\n%s\n", mode, path, length(s), s
	}
	BEGIN {
		for (i = 1; i <= 200; i++) L[i] = "line " i " of a file that changes a little in every commit"
		for (c = 1; c <= n; c++) {
			printf "commit refs/heads/master\nmark :%d\n", c
			printf "author A U Thor <author@example.com> %d -0700\n", 1112911993 + c * 60
			printf "committer C O Mitter <committer@example.com> %d -0700\n", 1112912053 + c * 60
			msg = "change " c "\n\nof deep.txt, line " (c * 37) % 200 + 1 "\n"
			printf "data %d\n%s", length(msg), msg
			k = (c * 37) % 200 + 1
			L[k] = "line " k " changed in commit " c
			s = ""
			for (i = 1; i <= 200; i++) s = s L[i] "\n"
			file("100644", "deep.txt", s)
			if (c % 3 == 0) file("100644", "dir/notes/n" (c % 40) ".txt", "note " c "\n")
			if (c == 1) {
				file("100755", "run.sh", "#!/bin/sh\necho run\n")
				file("120000", "link", "deep.txt")
				file("100644", "empty", "")
				file("100644", "dir/with space/na\303\257ve.txt", "accents\n")
				printf "M 160000 0123456789abcdef0123456789abcdef01234567 sub\n"
				printf "M 100644 %s big.bin\n", big
			}
			printf "\n"
		}
	}'
}

git init -q repo && cd repo || exit 2
perl -e 'srand(2); print pack("C*", map { int(rand(256)) } 1 .. 1048576)' >../big.bin
big=$(git hash-object -w ../big.bin)
history "$big" | git fast-import --quiet && git reset -q --hard &&
	git tag -a -m 'a release' v1 && git -c advice.nestedTag=false tag -a -m 'a tag of a tag' v1-again v1 &&
	git tag -a -m 'a tag of a tree' t-tree HEAD^{tree} && git tag -a -m 'a tag of a blob' t-blob HEAD:deep.txt &&
	git tag light HEAD~5 && git gc -q --aggressive || not_ok "the packed repository is made"
maxchain=$(git verify-pack -v .git/objects/pack/*.idx | sed -n 's/^chain length = \([0-9]*\):.*/\1/p' | sort -n | tail -n 1)
expect "the aggressive pack has delta chains at least 20 deep (fixture)" test "${maxchain:-0}" -ge 20
# A second pack, then loose objects on top.
printf 'second pack\n' >second.txt && git add second.txt && git commit -q -m 'second pack' &&
	git repack -q -d && printf 'loose\n' >loose.txt && mkdir -p dir/new &&
	printf 'loose too\n' >dir/new/x && git add . && git commit -q -m 'loose commit' &&
	git tag -a -m 'a loose tag' v2 || not_ok "the second pack and loose objects are made"
expect_eq "there are two packs (fixture)" 2 "$(ls .git/objects/pack/*.pack | wc -l)"
expect "there are loose objects (fixture)" test "$(git count-objects | cut -d' ' -f1)" -ge 5

git cat-file --batch-all-objects --batch-check='%(objectname)' >../all
expect "the repository holds at least 1,000 objects (fixture)" test "$(wc -l <../all)" -ge 1000
{ cat ../all; echo 0000000000000000000000000000000000000000
  echo deadbeefdeadbeefdeadbeefdeadbeefdeadbeef; echo nonsense; } >../input
same_as_git_in "--batch over every object is byte-identical" ../input cat-file --batch
same_as_git_in "--batch-check over every object is identical" ../input cat-file --batch-check
same_as_git "--batch-all-objects --batch-check is identical" cat-file --batch-all-objects --batch-check
same_as_git "--batch-all-objects --batch is identical" cat-file --batch-all-objects --batch

# Each type, packed deep in a chain, packed at a chain's base, in the second pack, loose.
first=$(git rev-list --reverse HEAD | head -n 1)
for obj in "$first" "$first^{tree}" "$first:deep.txt" "HEAD~2:deep.txt" "HEAD~2:big.bin" \
	"HEAD~1" "HEAD~1:second.txt" HEAD "HEAD^{tree}" "HEAD:dir" "HEAD:dir/new/x" "HEAD:empty" \
	"HEAD:link" "$first:dir/with space" v1 v1-again t-tree t-blob v2; do
	id=$(git rev-parse "$obj") || { not_ok "fixture: $obj resolves"; continue; }
	type=$(git cat-file -t "$id")
	for opt in -t -s -p -e "$type"; do
		same_as_git "cat-file $opt of $obj ($type)" cat-file $opt "$id"
	done
done
same_as_git "cat-file -p of a tree with every mode, a gitlink and odd names" cat-file -p "$(git rev-parse "$first^{tree}")"
same_as_git "cat-file tree <commit> peels to the tree" cat-file tree "$(git rev-parse HEAD)"
same_as_git "cat-file commit <tag> peels to the commit" cat-file commit "$(git rev-parse v1)"
same_as_git "cat-file commit <tag of a tag> peels twice" cat-file commit "$(git rev-parse v1-again)"
same_as_git "cat-file commit <blob> fails as in git" cat-file commit "$(git rev-parse HEAD:deep.txt)"
same_as_git "cat-file blob <tree> fails as in git" cat-file blob "$(git rev-parse HEAD^{tree})"
same_as_git "cat-file -e of a missing object exits 1" cat-file -e deadbeefdeadbeefdeadbeefdeadbeefdeadbeef
same_as_git "cat-file -p of a missing object fails as in git" cat-file -p deadbeefdeadbeefdeadbeefdeadbeefdeadbeef
same_as_git "cat-file -t of a missing object fails as in git" cat-file -t deadbeefdeadbeefdeadbeefdeadbeefdeadbeef

# The same history packed with REF_DELTA, and with 64-bit offsets in the idx.
git clone -q --bare --no-local . ../refs.git && cd ../refs.git &&
	git -c repack.useDeltaBaseOffset=false repack -q -a -d -f --depth=50 --window=50 ||
	not_ok "the REF_DELTA repository is made"
git cat-file --batch-all-objects --batch-check='%(objectname)' >../all.refs
same_as_git_in "--batch over a pack of REF_DELTA objects is byte-identical" ../all.refs cat-file --batch
cd .. && cp -R refs.git wide.git && cd wide.git || exit 2
pack=$(ls objects/pack/*.pack)
narrow=$(wc -c <"${pack%.pack}.idx")
rm -f "${pack%.pack}.idx"
git index-pack --index-version=2,4096 "$pack" >/dev/null || not_ok "the idx with 64-bit offsets is made"
expect "the idx has a 64-bit offset table (fixture)" test "$(wc -c <"${pack%.pack}.idx")" -gt "$narrow"
same_as_git_in "--batch through an idx with 64-bit offsets is byte-identical" ../all.refs cat-file --batch
same_as_git_in "--batch-check through an idx with 64-bit offsets is identical" ../all.refs cat-file --batch-check

# An empty object store: nothing to list (under SANITIZE=1 the empty list
# must not reach qsort, whose arguments may not be NULL).
cd "$TEST_DIR" && git init -q empty && cd empty || exit 2
same_all "--batch-all-objects in an empty repository" cat-file --batch-all-objects --batch-check
same_all "--batch-all-objects --unordered in an empty repository" \
	cat-file --batch-all-objects --unordered --batch
finish
