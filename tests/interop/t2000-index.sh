#!/bin/sh
# The index against git: ls-files on indexes git wrote (v2, v3 with add -N, v4,
# conflicts, resolve-undo) prints what git prints; write-tree gives git's trees
# and an index git accepts; read-tree leaves the index git's read-tree leaves;
# a held index.lock and a corrupt index are refused with git's words.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
mkdir -p src/lib docs 'with space' && echo main >src/main.c && echo lib >src/lib/util.c &&
	echo doc >docs/README && printf '#!/bin/sh\n' >run.sh && chmod +x run.sh && ln -s run.sh link &&
	echo q >'with space/na"me' && printf 'u\n' >"$(printf 'caf\303\251')" && echo tab >"$(printf 'a\tb')" &&
	echo '*.o' >.gitignore && git add . &&
	git update-index --add --cacheinfo 160000,0123456789abcdef0123456789abcdef01234567,vendor/mod &&
	git commit -qm one && echo two >>src/main.c && git commit -qam two || exit 2
echo x >untracked && echo o >src/build.o && mkdir -p newdir/deep && echo n >newdir/deep/f && mkdir empty

for args in "" "-s" "-z" "-t" "-s --abbrev" "--abbrev=5 -s" "-c -t -v" "--debug" "src" "src/" "'*.c'" \
	"--full-name src" "-o" "-o --exclude-standard" "-o --directory" "-o --directory --no-empty-directory" \
	"-o -i --exclude-standard" "-c -i --exclude-standard" "--deduplicate" "-s src/lib nosuch"; do
	eval "same_as_git \"ls-files $args (v2)\" ls-files $args"
done
(cd src && same_as_git "ls-files in a subfolder" ls-files &&
	same_as_git "ls-files -s in a subfolder with ../" ls-files -s ../docs . &&
	same_as_git "ls-files -o in a subfolder" ls-files -o &&
	same_as_git "ls-files --full-name in a subfolder" ls-files --full-name)
same_as_git "core.quotePath=false" -c core.quotepath=false ls-files
same_all "ls-files --error-unmatch" ls-files --error-unmatch src nosuch

# the work tree against the index: racy entries, deletions, modifications
echo changed >docs/README && rm run.sh && echo same >src/lib/util.c && printf 'lib\n' >src/lib/util.c
touch -d @1000000000 src/main.c
for args in "-m" "-d" "-m -d -c -t" "-m --deduplicate"; do
	eval "same_as_git \"ls-files $args\" ls-files $args"
done
git checkout -q -- . || exit 2

# version 3: intent-to-add; version 4: prefix-compressed names
cp .git/index ../index.v2
git add -N untracked newdir/deep/f
same_as_git "ls-files -s (v3, intent-to-add)" ls-files -s
same_as_git "ls-files -m (v3)" ls-files -m
same_as_git "write-tree leaves intent-to-add entries out" write-tree
expect "git status accepts the v3 index sgit wrote" git status --porcelain
git update-index --index-version 4 && git add newdir
expect_eq "git wrote a version 4 index (fixture)" 4 "$(od -An -tu1 -j7 -N1 .git/index | tr -d ' ')"
same_as_git "ls-files -s (v4)" ls-files -s
same_as_git "ls-files -o (v4)" ls-files -o --exclude-standard
cp .git/index ../index.v4
sgit write-tree >/dev/null
expect_eq "sgit keeps version 4 when it writes" 4 "$(od -An -tu1 -j7 -N1 .git/index | tr -d ' ')"
expect "git fsck accepts the v4 index sgit wrote" git fsck --no-dangling --no-progress
same_as_git "ls-files -s on the v4 index sgit wrote" ls-files -s
cp ../index.v2 .git/index

# write-tree
cp .git/index ../index.before
same_as_git "write-tree" write-tree
git write-tree >/dev/null
cp .git/index ../index.git
cp ../index.before .git/index && sgit write-tree >/dev/null
expect_files_eq "write-tree leaves the index (and its cache tree) git's write-tree leaves" ../index.git .git/index
same_as_git "write-tree --prefix" write-tree --prefix=src/
same_all "write-tree --prefix of a folder that is not there" write-tree --prefix=nosuch/
git update-index --add --cacheinfo 100644,1111111111111111111111111111111111111111,missing/blob
same_all "write-tree with a missing blob" write-tree
same_as_git "write-tree --missing-ok" write-tree --missing-ok
git update-index --force-remove missing/blob

# read-tree
git read-tree HEAD~1 && cp .git/index ../index.git
cp ../index.before .git/index && sgit read-tree HEAD~1
expect_files_eq "read-tree leaves the index git's read-tree leaves" ../index.git .git/index
sgit read-tree HEAD
expect_eq "git status is clean after sgit read-tree" "" "$(git status --porcelain -uno)"
same_as_git "ls-files -s after read-tree" ls-files -s
git update-index -q --refresh && cp .git/index ../index.fresh && git read-tree -m HEAD~1 &&
	cp .git/index ../index.git && cp ../index.fresh .git/index && sgit read-tree -m HEAD~1
expect "the index had stat data to keep (fixture)" test "$(git ls-files --debug run.sh | sed -n 's/.*size: \([0-9]*\).*/\1/p')" -gt 0
expect_files_eq "read-tree -m keeps the stat data of unchanged entries as git" ../index.git .git/index
git read-tree HEAD
same_all "read-tree of something that is no tree" read-tree HEAD:docs/README
same_all "read-tree of a name that is nothing" read-tree nosuch
same_all "read-tree --empty with a tree" read-tree --empty HEAD
sgit read-tree --empty
expect_eq "read-tree --empty empties the index" "" "$(git ls-files)"
GIT_INDEX_FILE=alt sgit read-tree HEAD
expect_eq "GIT_INDEX_FILE names another index" "$(git ls-tree -r --name-only HEAD)" \
	"$(GIT_INDEX_FILE=alt git ls-files)"
sgit read-tree HEAD && rm alt

# a held lock: git's message, exit 128, nothing changed
cp .git/index ../index.before && touch .git/index.lock
same_all "read-tree with index.lock held" read-tree --empty
same_all "write-tree with index.lock held" write-tree
expect_files_eq "the locked index is unchanged" ../index.before .git/index
same_as_git "ls-files reads a locked index" ls-files -s
rm .git/index.lock

# conflicts and resolve-undo
git checkout -q -b side HEAD~1 && echo side >src/main.c && echo s >docs/README && git commit -qam side &&
	git checkout -q master && (git merge side >/dev/null 2>&1; true) && git add docs/README
for args in "-s" "-u" "-t" "" "-m" "--resolve-undo" "-s --deduplicate" "--error-unmatch src/main.c"; do
	eval "same_as_git \"ls-files $args (conflict)\" ls-files $args"
done
same_all "write-tree refuses an index with conflicts" write-tree
git reset -q --hard

# corrupt indexes
cp .git/index ../index.good
printf 'XIRC' | dd of=.git/index bs=1 conv=notrunc 2>/dev/null
same_all "a bad signature" ls-files
cp ../index.good .git/index && printf '\0\0\0\5' | dd of=.git/index bs=1 seek=4 conv=notrunc 2>/dev/null
same_all "a bad version" ls-files
head -c 20 ../index.good >.git/index
expect_code "a truncated index is refused" 128 sgit ls-files
expect_stderr_match "  with git's words" 'index file smaller than expected$'
head -c 200 ../index.good >.git/index
expect_code "an index cut short is refused" 128 sgit ls-files
expect_stderr_match "  as corrupt" '^fatal: index file corrupt$'
cp ../index.good .git/index
finish
