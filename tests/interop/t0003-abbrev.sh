#!/bin/sh
# Abbreviated ids resolve as git's do, across packed and loose objects:
# unique, ambiguous, missing, too short, upper case, inside --batch-check.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
# 500 commits of one small file each (about 1,500 objects), packed; then 300
# loose blobs. Fixed content and dates make the ids, and so the collisions below,
# the same on every run.
awk 'BEGIN {
	for (c = 1; c <= 500; c++) {
		printf "commit refs/heads/master\ncommitter C O Mitter <c@example.com> %d +0000\n", 1112912053 + c
		m = "commit " c "\n"
		printf "data %d\n%s", length(m), m
		s = "content " c "\n"
		printf "M 100644 inline f%d.txt\ndata %d\n%s\n", c % 7, length(s), s
	}
}' | git fast-import --quiet && git gc -q || not_ok "the packed repository is made"
awk 'BEGIN { for (i = 0; i < 300; i++) { f = "../l." i; print "loose " i >f; close(f) } }'
ls ../l.* | git hash-object -w --stdin-paths >../loose
git cat-file --batch-all-objects --batch-check='%(objectname)' | sort >../all

# Pairs of ids that share at least four hex digits, and the longest share.
awk 'NR > 1 { n = 0; while (n < 40 && substr(prev, n + 1, 1) == substr($1, n + 1, 1)) n++
	if (n >= 4) print n, prev, $1 } { prev = $1 }' ../all | sort -n >../pairs
expect "some ids share four hex digits (fixture)" test -s ../pairs
set -- $(tail -n 1 ../pairs)
long=$1 a=$2 b=$3
amb=$(echo "$a" | cut -c1-"$long")
same_as_git "the longest shared prefix ($long digits) is ambiguous" cat-file -t "$amb"
expect_code "sgit exits 128 on it" 128 sgit cat-file -t "$amb"
expect_stderr_match "and says the id is ambiguous" "$amb.*ambiguous|ambiguous.*$amb"
same_as_git "one more digit resolves the first" cat-file -t "$(echo "$a" | cut -c1-$((long + 1)))"
same_as_git "one more digit resolves the second" cat-file -t "$(echo "$b" | cut -c1-$((long + 1)))"
same_as_git "cat-file -p of an ambiguous prefix fails as in git" cat-file -p "$amb"
same_as_git "cat-file -e of an ambiguous prefix fails as in git" cat-file -e "$amb"

# An ambiguity between a loose and a packed object.
cross=$(awk 'NR == FNR { loose[$1] = 1; next }
	FNR > 1 && substr(prev, 1, 4) == substr($1, 1, 4) && (loose[prev] + loose[$1] == 1) { print substr($1, 1, 4); exit }
	{ prev = $1 }' ../loose ../all)
expect "a loose and a packed id share four digits (fixture)" test -n "$cross"
same_as_git "a prefix shared by a loose and a packed object is ambiguous" cat-file -t "$cross"

# A sample of ids at every length, one check per length.
awk 'NR % 40 == 1' ../all >../sample
awk 'NR % 30 == 1' ../loose >>../sample
for len in 4 5 6 8 12 39 40; do
	: >../bad
	while read -r id; do
		p=$(echo "$id" | cut -c1-$len)
		s_out=$(sgit cat-file -t "$p" 2>/dev/null); s=$?
		g_out=$(git cat-file -t "$p" 2>/dev/null); g=$?
		[ "$s $s_out" = "$g $g_out" ] || echo "$p: sgit $s '$s_out', git $g '$g_out'" >>../bad
	done <../sample
	expect_eq "$(wc -l <../sample) ids abbreviated to $len digits answer as git's" "" "$(head -n 5 ../bad)"
done

# Prefixes that match nothing.
none=""
for p in 0000 dead beef cafe f00d abcd 1234 9999 fedc 0123; do
	grep -q "^$p" ../all || { none=$p; break; }
done
expect "a four-digit prefix matches nothing (fixture)" test -n "$none"
same_as_git "a prefix that matches nothing fails as in git" cat-file -t "$none"
same_as_git "-e of a prefix that matches nothing exits as git" cat-file -e "$none"
same_as_git "three digits are not an abbreviation" cat-file -t "$(echo "$a" | cut -c1-3)"
same_as_git "a non-hex digit makes no id" cat-file -t "$(echo "$a" | cut -c1-5)g"
same_as_git "an abbreviation in upper case resolves" cat-file -t "$(echo "$a" | cut -c1-$((long + 1)) | tr a-f A-F)"
same_as_git "a full id in upper case resolves" cat-file -t "$(echo "$b" | tr a-f A-F)"
same_as_git "-p of a unique abbreviation" cat-file -p "$(sed -n 1p ../sample | cut -c1-8)"

# --batch-check takes abbreviations too.
{ cut -c1-7 ../sample; echo "$amb"; echo "$none"; echo "$cross"; } >../names
same_as_git_in "--batch-check answers abbreviations, ambiguous and missing as git" ../names cat-file --batch-check
finish
