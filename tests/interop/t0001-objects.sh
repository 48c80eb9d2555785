#!/bin/sh
# hash-object: sgit computes git's ids for every kind of content and type, and
# what it writes is read by git and passes git fsck --strict.
. "$SGIT_TEST_TOP/tests/lib.sh"

# ---- content of every shape, outside any repository ----
: >empty
printf 'no final newline' >nonl
printf 'line one\nline two\n' >text
printf 'a\000b\000\377\376\r\n\000' >binary
printf '\000' >nul
head -c 64M /dev/urandom >big
same_as_git "the empty file hashes as in git" hash-object empty
same_as_git "a file without a final newline hashes as in git" hash-object nonl
same_as_git "a text file hashes as in git" hash-object text
same_as_git "binary content with NUL bytes hashes as in git" hash-object binary
same_as_git "a lone NUL byte hashes as in git" hash-object nul
same_as_git "a 64 MiB file hashes as in git" hash-object big
same_as_git "several files print one id each, in order" hash-object text empty binary nonl
same_as_git "-t blob is the default" hash-object -t blob text
same_as_git_in "--stdin hashes standard input" text hash-object --stdin
same_as_git_in "--stdin of nothing is the empty blob" empty hash-object --stdin
same_as_git_in "--stdin and a file: stdin first" binary hash-object --stdin text
printf '%s\n' empty nonl text binary >paths
same_as_git_in "--stdin-paths hashes each listed file" paths hash-object --stdin-paths
same_as_git "a missing file fails as in git" hash-object no-such-file
same_as_git "-w outside a repository fails as in git" hash-object -w text

# ---- commits, trees and tags, whose text git made ----
git init -q src && (
	cd src && mkdir dir && printf 'x\n' >dir/x && printf 'y' >y && printf '#!/bin/sh\n' >run &&
	chmod +x run && ln -s y link && git add . && git commit -q -m 'first commit' &&
	git tag -a -m 'a tag message' v1 &&
	git cat-file commit HEAD >../commit.txt && git cat-file tree HEAD^{tree} >../tree.bin &&
	git cat-file tag v1 >../tag.txt && git rev-parse HEAD HEAD^{tree} v1 >../ids.src
) || not_ok "the source repository is made"
same_as_git "-t commit hashes a commit" hash-object -t commit commit.txt
same_as_git "-t tree hashes a binary tree" hash-object -t tree tree.bin
same_as_git "-t tag hashes a tag" hash-object -t tag tag.txt
same_as_git_in "-t commit --stdin" commit.txt hash-object -t commit --stdin
printf 'this is not a commit\n' >bad-commit
same_as_git "-t commit of text that is no commit is refused as by git" hash-object -t commit bad-commit
same_as_git "--literally hashes it anyway" hash-object --literally -t commit bad-commit
same_as_git "-t tree of text that is no tree is refused as by git" hash-object -t tree text
same_as_git "an unknown type is refused as by git" hash-object -t nosuchtype text

# ---- -w: git reads and checks what sgit writes ----
git init -q dst
cd dst || exit 2
id=$(sgit hash-object -w ../text)
expect_eq "-w prints the id" "$(git hash-object ../text)" "$id"
expect_eq "git sees a blob" blob "$(git cat-file -t "$id")"
git cat-file -p "$id" >out 2>&1
expect_files_eq "git reads back the content" ../text out
id=$(sgit hash-object -w ../big)
expect_eq "git reads the size of a 64 MiB blob sgit wrote" 67108864 "$(git cat-file -s "$id")"
git cat-file blob "$id" >out && expect_files_eq "git reads back 64 MiB" ../big out
rm -f out ../big
sgit hash-object -w ../empty ../nonl ../binary >/dev/null
id=$(sgit hash-object -w --stdin <../binary)
git cat-file blob "$id" >out
expect_files_eq "-w --stdin writes what git reads" ../binary out
rm -f out

# Rebuild the source commit here, every object written by sgit.
(cd ../src && git ls-files -s) | while read -r mode oid stage path; do
	(cd ../src && git cat-file blob "$oid") >blob.tmp
	got=$(sgit hash-object -w blob.tmp)
	[ "$got" = "$oid" ] || echo "$path: $got != $oid" >>blob-errors
done
rm -f blob.tmp
expect_eq "sgit writes the blobs of the commit" "" "$(cat blob-errors 2>/dev/null)"
subtree=$(cd ../src && git rev-parse HEAD:dir)
(cd ../src && git cat-file tree "$subtree") >subtree.bin
expect_eq "sgit writes a subtree" "$subtree" "$(sgit hash-object -t tree -w subtree.bin)"
tree=$(sgit hash-object -t tree -w ../tree.bin)
commit=$(sgit hash-object -t commit -w ../commit.txt)
tag=$(sgit hash-object -t tag -w ../tag.txt)
printf '%s\n' "$commit" "$tree" "$tag" >ids.dst
expect_files_eq "sgit writes the commit, tree and tag with git's ids" ../ids.src ids.dst
expect_eq "git sees a tree" tree "$(git cat-file -t "$tree")"
expect_eq "git sees a commit" commit "$(git cat-file -t "$commit")"
expect_eq "git sees a tag" tag "$(git cat-file -t "$tag")"
git update-ref refs/heads/master "$commit" && git update-ref refs/tags/v1 "$tag"
expect "git fsck --strict passes where sgit wrote every object" git fsck --strict --no-dangling
expect_eq "git fsck --strict says nothing" "" "$(cat "$TEST_DIR/.out" "$TEST_DIR/.err")"
expect "git log reads the history sgit wrote" git log --format=%s -1
expect_eq "git log prints the subject" "first commit" "$(cat "$TEST_DIR/.out")"
expect "git reads the tag sgit wrote" git cat-file -p v1
expect "git checks out the tree sgit wrote" git reset -q --hard
expect_eq "the checked-out file is right" "x" "$(cat dir/x)"
sgit hash-object -t commit -w ../commit.txt >/dev/null
expect "writing an object twice is harmless" git fsck --strict --no-dangling
finish
