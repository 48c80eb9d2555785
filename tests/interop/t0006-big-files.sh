#!/bin/sh
# tests/interop/t0006-big-files.sh: blobs above core.bigFileThreshold are
# streamed by cat-file and shown unread (as binary, with their sizes) by diff,
# as git does. A small threshold stands in for git's 512 MiB default.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
git config core.bigFileThreshold 1k
seq 1 3000 >big.txt
seq 1 100 >small.txt
awk 'BEGIN { srand(3); for (i = 0; i < 400000; i++) printf "%c", 32 + int(rand() * 90) }' >huge.txt
git add . && git commit -q -m one
seq 2 3001 >big.txt
echo more >>small.txt
echo tail >>huge.txt
git commit -q -a -m two
echo again >>big.txt

for args in "diff --stat" "diff" "diff --numstat" "diff --text" "diff --stat HEAD~ HEAD" \
	"diff HEAD~ HEAD" "diff --summary --stat HEAD~" "log -p --stat" "show --stat HEAD" \
	"-c core.bigFileThreshold=1m diff --stat HEAD~ HEAD"; do
	same_as_git "$args shows files above the threshold as git does" $args
done

git rev-parse HEAD:huge.txt HEAD~:huge.txt HEAD:big.txt HEAD~:small.txt HEAD >../ids
same_as_git_in "cat-file --batch streams loose blobs byte for byte" ../ids cat-file --batch
same_as_git "cat-file -p of a big loose blob" cat-file -p HEAD:huge.txt
same_as_git "cat-file blob of a big loose blob" cat-file blob HEAD:huge.txt
git gc -q
same_as_git_in "cat-file --batch streams packed blobs byte for byte" ../ids cat-file --batch
same_as_git "cat-file -p of a big packed blob" cat-file -p HEAD~:huge.txt
same_as_git "diff --stat between packed commits" diff --stat HEAD~ HEAD

# A flaw found part way through is still an error, after what was good went out.
id=$(git rev-parse HEAD:huge.txt)
obj=$(printf '%s' "$id" | sed 's|^\(..\)|\1/|')
git init -q --bare ../cut.git
git cat-file blob "$id" | git --git-dir=../cut.git hash-object -w --stdin >/dev/null
size=$(wc -c <"../cut.git/objects/$obj")
head -c $((size / 2)) "../cut.git/objects/$obj" >../half
chmod u+w "../cut.git/objects/$obj" && cp ../half "../cut.git/objects/$obj"
expect_code "cat-file -p of a truncated big loose object fails" 128 sgit --git-dir=../cut.git cat-file -p "$id"
expect_eq "... saying the stream is cut short" \
	"fatal: loose object '$id' is corrupt: truncated zlib stream" "$(cat "$TEST_DIR/.err")"
finish
