#!/bin/sh
# Damaged objects: a truncated or lying loose object, a corrupt pack, a
# truncated or corrupt idx. sgit must fail with one line naming the object or
# file, exit non-zero without a signal, and leave the repository as it was.
. "$SGIT_TEST_TOP/tests/lib.sh"

# zlib <file>: compress a file as a loose object is
zlib() { perl -MCompress::Zlib -e 'local $/; binmode STDIN; binmode STDOUT; print compress(<STDIN>)' <"$1"; }
loose_path() { echo ".git/objects/$(echo "$1" | cut -c1-2)/$(echo "$1" | cut -c3-)"; }
snapshot() { find .git -type f -exec cksum {} + | LC_ALL=C sort -k3; }
# flip <file> <offset> <count>: invert <count> bytes in place
flip() {
	chmod u+w "$1"
	perl -e 'my ($f, $o, $n) = @ARGV; open(my $h, "+<", $f) or die; binmode $h; seek($h, $o, 0);
		read($h, my $b, $n); seek($h, $o, 0); print $h ~$b; close $h' "$1" "$2" "$3"
}

# fails <what> <regex> <sgit args...>: the damage is reported, not crashed on
fails() {
	what=$1 re=$2; shift 2
	snapshot >../before
	"$SGIT_BIN" "$@" >"$TEST_DIR/.out" 2>"$TEST_DIR/.err"; code=$?
	if [ $code -ne 0 ] && [ $code -le 128 ]; then ok "$what: exits non-zero, no signal"; else
		not_ok "$what: exits non-zero, no signal"; echo "  exit $code: sgit $*"; fi
	expect_stderr_match "$what: the message names the object or file" "$re"
	lines=$(wc -l <"$TEST_DIR/.err")
	expect_eq "$what: one line of message" 1 "$lines"
	[ "$lines" = 1 ] || sed 's/^/  | /' "$TEST_DIR/.err" | head -n 10
	snapshot >../after
	expect_files_eq "$what: nothing changed" ../before ../after
}

git init -q base && cd base || exit 2
awk 'BEGIN { for (i = 0; i < 400; i++) printf "line %d of a text that compresses: %d %d %d\n", i, i * 7 % 13, i * i % 97, i * 31 % 1000 }' >big.txt
printf 'small\n' >small.txt
git add . && git commit -q -m packed && git gc -q || not_ok "the base repository is made"
big=$(git rev-parse HEAD:big.txt) small=$(git rev-parse HEAD:small.txt)
cd .. || exit 2

# ---- loose objects ----
cp -R base loose && cd loose || exit 2
seq 1 3000 >long.txt
id=$(git hash-object -w long.txt)
p=$(loose_path "$id")
chmod u+w "$p" && head -c $(($(wc -c <"$p") / 2)) "$p" >half && cat half >"$p" && rm -f half
fails "a truncated loose object" "$id|$p" cat-file -p "$id"

# Real ids whose files say something else in their header.
printf 'hello\n' >hello && id=$(git hash-object hello) && p=$(loose_path "$id") && mkdir -p "$(dirname "$p")"
for lie in 'blob 100' 'blob 2' 'blob 6000000000000000000000' 'blob 06' 'blob 6x' 'blub 6' 'tree 6'; do
	printf '%s\000hello\n' "$lie" >raw && zlib raw >"$p"
	fails "a loose object whose header says '$lie'" "$id|$p" cat-file -p "$id"
done
printf 'blob 6 hello\n' >raw && zlib raw >"$p"
fails "a loose object header without its NUL" "$id|$p" cat-file -p "$id"
printf 'blob 6\000hello\n' >raw && head -c 8 raw >half && zlib half >"$p"
fails "a loose object that ends after its header" "$id|$p" cat-file -p "$id"
printf 'not zlib at all' >"$p"
fails "a loose object that is not zlib" "$id|$p" cat-file -p "$id"
: >"$p"
fails "an empty loose object file" "$id|$p" cat-file -p "$id"
rm -f "$p"
cd .. || exit 2

# ---- a corrupt pack: flip bytes in the middle of the big blob's data ----
cp -R base pack && cd pack || exit 2
pack=$(ls .git/objects/pack/*.pack) idx=$(ls .git/objects/pack/*.idx)
set -- $(git verify-pack -v "$idx" | awk -v id="$big" '$1 == id { print $4, $5 }')
expect "the big blob is stored whole in the pack (fixture)" test $# = 2
flip "$pack" $(($2 + $1 / 2)) 8
packname=$(basename "$pack" | sed 's/\./\\./')
fails "a pack with flipped bytes" "$big|$packname" cat-file -p "$big"
"$SGIT_BIN" cat-file -p "$small" >out 2>&1
expect_eq "an intact object of the same pack still reads" "small" "$(cat out)"
git cat-file --batch-all-objects --batch-check='%(objectname)' >../all 2>/dev/null
"$SGIT_BIN" cat-file --batch <../all >/dev/null 2>&1; code=$?
expect "--batch over the corrupt pack ends without a signal" test "$code" -le 128
cd .. && cp -R base packhead && cd packhead || exit 2
pack=$(ls .git/objects/pack/*.pack)
flip "$pack" 0 4
fails "a pack whose signature is wrong" "$big|$(basename "$pack" | sed 's/\./\\./')" cat-file -p "$big"
cd .. && cp -R base packcut && cd packcut || exit 2
pack=$(ls .git/objects/pack/*.pack)
chmod u+w "$pack" && head -c $(($(wc -c <"$pack") / 2)) "$pack" >half && cat half >"$pack" && rm -f half
fails "a truncated pack" "$big|$(basename "$pack" | sed 's/\./\\./')" cat-file -p "$big"

# ---- a truncated or corrupt idx ----
cd .. && cp -R base idxcut && cd idxcut || exit 2
idx=$(ls .git/objects/pack/*.idx)
idxname=$(basename "$idx" | sed 's/\./\\./')
chmod u+w "$idx" && head -c $(($(wc -c <"$idx") / 2)) "$idx" >half && cat half >"$idx" && rm -f half
fails "a truncated idx" "$big|$idxname" cat-file -p "$big"
fails "a truncated idx, -t" "$small|$idxname" cat-file -t "$small"
cd .. && cp -R base idxfan && cd idxfan || exit 2
idx=$(ls .git/objects/pack/*.idx)
flip "$idx" 8 1024
fails "an idx whose fan-out table is garbage" "$big|$idxname" cat-file -p "$big"
cd .. && cp -R base idxmagic && cd idxmagic || exit 2
idx=$(ls .git/objects/pack/*.idx)
flip "$idx" 0 8
fails "an idx with a wrong signature and version" "$big|$idxname" cat-file -p "$big"
finish
