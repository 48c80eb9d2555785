#!/bin/sh
# Signed commits and tags made and checked by sgit alone: commit -S and its
# switches and settings, an amended commit, a signed merge, commit-tree -S,
# tag -s / -u / tag.gpgSign, verify-commit, verify-tag and tag -v; a commit
# edited after signing, or with a NUL byte appended, is BAD and never Good.
# Bad input: gpg missing, an unknown key, a malformed gpgsig header, a
# truncated signature block, 1 MiB of garbage as a signature.
. "$SGIT_TEST_TOP/tests/lib.sh"

setup_gpg signer || exit 2

# good <what> <verify command...>: exit 0 and gpg's "Good signature" on stderr
good() {
	what=$1; shift
	expect_code "$what" 0 sgit "$@"
	if grep -q "Good signature from" "$TEST_DIR/.err" && ! grep -q "BAD signature" "$TEST_DIR/.err"
	then ok "$what: Good"; else not_ok "$what: Good"; sed 's/^/  | /' "$TEST_DIR/.err"; fi
}
# bad <what> <verify command...>: exit 1, "BAD signature", never "Good"
bad() {
	what=$1; shift
	expect_code "$what" 1 sgit "$@"
	if grep -q "BAD signature from" "$TEST_DIR/.err" && ! grep -q "Good signature" "$TEST_DIR/.err"
	then ok "$what: BAD, not Good"; else not_ok "$what: BAD, not Good"; sed 's/^/  | /' "$TEST_DIR/.err"; fi
}
# unsigned <what> <commit>: verify-commit exits 1 and shows nothing
unsigned() {
	expect_code "$1: not verified" 1 sgit verify-commit "$2"
	expect_eq "$1: nothing shown" "" "$(cat "$TEST_DIR/.out" "$TEST_DIR/.err")"
}
has_sig() { git cat-file commit "$1" | grep -c '^gpgsig '; }
refs() { git for-each-ref --format='%(refname) %(objectname)'; git rev-parse HEAD; }

git init -q -b main repo && cd repo || exit 2

# ---- the scenario of t7510: signed and unsigned commits, a signed merge, an amend ----
echo 1 >file && sgit add file && expect "commit -S (initial)" sgit commit -S -m initial
expect_eq "nothing on stderr" "" "$(cat "$TEST_DIR/.err")"
expect_eq "the usual summary" "[main (root-commit) $(git rev-parse --short HEAD)] initial" \
	"$(head -n 1 "$TEST_DIR/.out")"
sgit tag initial
expect_eq "initial carries a gpgsig header" 1 "$(has_sig initial)"
sgit branch side
echo 2 >file && expect "commit -a -S" sgit commit -a -S -m second && sgit tag second
sgit switch -q side && echo 3 >elif && sgit add elif && expect "unsigned commit on side" sgit commit -m "third on side"
sgit switch -q main
# a merge made by hand: the side file staged, MERGE_HEAD naming side
sgit checkout side -- elif && git rev-parse side >.git/MERGE_HEAD &&
	expect "signed merge commit" sgit commit -S -m "merge side" && sgit tag merge
expect_eq "the merge has two parents" "$(git rev-parse main~1) $(git rev-parse side)" \
	"$(git log -1 --format=%P merge)"
echo 4 >file && expect "unsigned commit" sgit commit -a -m "fourth unsigned" && sgit tag fourth-unsigned
expect "commit --amend -S" sgit commit --amend -S -m "fourth signed"

for c in initial second merge main; do good "$c verifies" verify-commit "$c"; done
unsigned "merge^2" merge^2
unsigned "fourth-unsigned" fourth-unsigned
expect_eq "the amended commit is signed" 1 "$(has_sig main)"

# ---- edited after signing: BAD, never Good ----
git cat-file commit main >raw
sed -e "s/fourth signed/4th forged/" raw >forged1
forged1=$(sgit hash-object -w -t commit forged1)
bad "message changed after signing" verify-commit "$forged1"
cp raw forged2 && printf '\000Qwik\n' >>forged2
forged2=$(sgit hash-object -w -t commit forged2)
expect_eq "the NUL byte is in the object" "$(wc -c <forged2 | tr -d ' ')" "$(git cat-file -s "$forged2")"
bad "NUL byte appended after signing" verify-commit "$forged2"

# ---- verify-commit output ----
expect_code "verify-commit -v" 0 sgit verify-commit -v main
git cat-file commit main | sed '/^gpgsig /,/^ -----END PGP SIGNATURE-----$/d' >payload
expect_files_eq "-v prints the payload: the commit without its gpgsig" payload "$TEST_DIR/.out"
expect_code "verify-commit --raw" 0 sgit verify-commit --raw main
expect_stderr_match "--raw prints gpg's status lines" '^\[GNUPG:\] GOODSIG 63E4DD899FA5FCB6 C O Mitter <committer@example.com>$'
expect_stderr_match "--raw: VALIDSIG" '^\[GNUPG:\] VALIDSIG A94C5CC4656758415ADCF3DD63E4DD899FA5FCB6 '
expect_code "several commits, one unsigned: exit 1" 1 sgit verify-commit initial fourth-unsigned second
expect_eq "the signed ones are both shown" 2 "$(grep -c 'Good signature' "$TEST_DIR/.err")"
expect_code "a tree is refused" 1 sgit verify-commit 'main^{tree}'
expect_stderr_match "with git's message" "^error: main\^\{tree\}: cannot verify a non-commit object of type tree\.$"
expect_code "an unknown name" 1 sgit verify-commit nope
expect_stderr_match "with git's message" "^error: commit 'nope' not found\.$"
expect_code "no argument: usage" 129 sgit verify-commit

# ---- amend never carries a signature forward ----
expect "commit --amend without -S" sgit commit --amend -m "fourth, amended"
expect_eq "the old signature is gone" 0 "$(has_sig main)"
unsigned "amended without -S" main
expect "commit --amend -S again" sgit commit --amend -S --no-edit && good "re-signed amend" verify-commit main

# ---- switches and settings ----
expect "commit.gpgSign signs" sgit -c commit.gpgSign=true commit --allow-empty -m cfg
expect_eq "signed by the setting" 1 "$(has_sig HEAD)"
expect "--no-gpg-sign overrides it" sgit -c commit.gpgSign=true commit --allow-empty --no-gpg-sign -m nosign
expect_eq "not signed" 0 "$(has_sig HEAD)"
expect "-S then --no-gpg-sign: the last wins" sgit commit --allow-empty -S --no-gpg-sign -m last
expect_eq "not signed either" 0 "$(has_sig HEAD)"
expect "--gpg-sign=<key> (RSA)" sgit commit --allow-empty --gpg-sign=rsa@example.com -m rsa
expect_code "verify --raw" 0 sgit verify-commit --raw HEAD
expect_stderr_match "signed by the RSA subkey" '^\[GNUPG:\] GOODSIG 71C687C6BB83DDCB R S A Signer'
expect "user.signingKey picks the key" sgit -c user.signingKey=F48F748B608936B0 commit --allow-empty -S -m key
expect_code "verify --raw" 0 sgit verify-commit --raw HEAD
expect_stderr_match "the RSA key again" '^\[GNUPG:\] GOODSIG 71C687C6BB83DDCB '
expect "-S<key> beats user.signingKey" sgit -c user.signingKey=F48F748B608936B0 commit --allow-empty \
	-Scommitter@example.com -m key2
expect_code "verify --raw" 0 sgit verify-commit --raw HEAD
expect_stderr_match "the default key" '^\[GNUPG:\] GOODSIG 63E4DD899FA5FCB6 '
tree=$(git rev-parse 'HEAD^{tree}')
ct=$(sgit commit-tree -S -p HEAD -m plumbing "$tree")
good "commit-tree -S" verify-commit "$ct"
ct=$(sgit commit-tree -Srsa@example.com -m plumbing "$tree")
good "commit-tree -S<key>" verify-commit "$ct"
ct=$(sgit -c commit.gpgSign=true commit-tree -m plumbing "$tree")
expect_eq "commit-tree ignores commit.gpgSign, as git" 0 "$(has_sig "$ct")"
ct=$(sgit commit-tree -S --no-gpg-sign -m plumbing "$tree")
expect_eq "commit-tree --no-gpg-sign" 0 "$(has_sig "$ct")"

# ---- tags ----
expect "tag -s" sgit tag -s -m "signed tag" v1
good "verify-tag" verify-tag v1
expect "tag -u <key>" sgit tag -u rsa@example.com -m "rsa tag" v2
expect_code "verify-tag --raw" 0 sgit verify-tag --raw v2
expect_stderr_match "signed by the RSA subkey" '^\[GNUPG:\] GOODSIG 71C687C6BB83DDCB '
expect "tag.gpgSign signs -m tags" sgit -c tag.gpgSign=true tag -m "by config" v3
good "verify-tag v3" verify-tag v3
expect "--no-sign overrides it" sgit -c tag.gpgSign=true tag --no-sign -m "not signed" v4
expect_code "an unsigned tag" 1 sgit verify-tag v4
expect_eq "git's message" "error: no signature found" "$(cat "$TEST_DIR/.err")"
expect "tag.forceSignAnnotated signs -m" sgit -c tag.forceSignAnnotated=true tag -m forced v5
good "verify-tag v5" verify-tag v5
expect_code "tag -v" 0 sgit tag -v v1
git cat-file tag v1 | sed '/^-----BEGIN PGP SIGNATURE-----$/,$d' >tagpayload
expect_files_eq "tag -v prints the tag without its signature" tagpayload "$TEST_DIR/.out"
expect_stderr_match "then gpg's verdict" '^gpg: Good signature from "C O Mitter <committer@example.com>"'
expect_code "verify-tag -v on an unsigned tag" 1 sgit verify-tag -v v4
git cat-file tag v4 >v4.raw
expect_files_eq "prints the whole tag" v4.raw "$TEST_DIR/.out"
expect_code "verify-tag --format" 0 sgit verify-tag --format='%(refname) %(tag) %(objecttype)' v1
expect_eq "the format, and no gpg output" "v1 v1 tag|" "$(cat "$TEST_DIR/.out")|$(cat "$TEST_DIR/.err")"
expect_code "tag -v on a lightweight tag" 1 sgit tag -v initial
expect_stderr_match "git's message" "^error: initial: cannot verify a non-tag object of type commit\.$"
expect_code "tag -v on no such tag" 1 sgit tag -v nope
expect_stderr_match "git's message" "^error: tag 'nope' not found\.$"

# ---- TMPDIR: the signature's temp file goes there and is removed ----
mkdir "$TEST_DIR/tmp"
expect_code "verify with TMPDIR" 0 env TMPDIR="$TEST_DIR/tmp" "$SGIT_BIN" verify-commit initial
expect_eq "nothing left in TMPDIR" "" "$(ls -A "$TEST_DIR/tmp")"

# ---- bad input: gpg missing or refusing ----
echo 5 >file && sgit add file && refs >refs.before && git ls-files -s >index.before
expect_code "commit -S with gpg missing" 128 sgit -c gpg.program=/nonexistent commit -S -m x
expect_eq "git's messages" "fatal: cannot run /nonexistent: No such file or directory
error: gpg failed to sign the data
fatal: failed to write commit object" "$(cat "$TEST_DIR/.err")"
refs >refs.after && git ls-files -s >index.after
expect_files_eq "HEAD and refs unchanged" refs.before refs.after
expect_files_eq "index unchanged" index.before index.after
expect_code "gpg.openpgp.program is honoured too" 128 sgit -c gpg.openpgp.program=/nonexistent commit -S -m x
expect_stderr_match "it is the one run" "^fatal: cannot run /nonexistent: No such file or directory$"
expect_code "commit -S with an unknown key" 128 sgit commit -Snobody@example.com -m x
expect_eq "git's messages" "error: gpg failed to sign the data
fatal: failed to write commit object" "$(cat "$TEST_DIR/.err")"
expect_code "commit-tree -S with gpg missing" 1 sgit -c gpg.program=/nonexistent commit-tree -S -m x "$tree"
expect_eq "no id printed" "" "$(cat "$TEST_DIR/.out")"
expect_code "tag -s with gpg missing" 128 sgit -c gpg.program=/nonexistent tag -s -m x t-missing
expect_eq "git's messages" "fatal: cannot run /nonexistent: No such file or directory
error: gpg failed to sign the data
error: unable to sign the tag" "$(cat "$TEST_DIR/.err")"
expect_code "tag -u with an unknown key" 128 sgit tag -u nobody@example.com -m x t-unknown
refs >refs.after
expect_files_eq "no tag, no ref moved" refs.before refs.after
expect_code "verify-commit with gpg missing" 1 sgit -c gpg.program=/nonexistent verify-commit initial
expect_eq "git's message" "fatal: cannot run /nonexistent: No such file or directory" "$(cat "$TEST_DIR/.err")"
expect "a gpg.program wrapper signs (the unknown key)" \
	sgit -c gpg.program="$TEST_DIR/gpg-signer" commit --allow-empty -Sunknown@example.com -m unknown
expect_code "a signature by a key we lack: not verified" 1 sgit verify-commit --raw HEAD
expect_stderr_match "ERRSIG, NO_PUBKEY" '^\[GNUPG:\] NO_PUBKEY 9D08AF4A852D5B8E$'
git reset -q --hard HEAD~1

# ---- bad input: malformed and garbage signatures ----
sed -e 's/^gpgsig -----BEGIN PGP SIGNATURE-----$/gpgsig garbage/' raw >malformed
mal=$(sgit hash-object -w -t commit malformed)
expect_code "a gpgsig header of no known format" 128 sgit verify-commit "$mal"
expect_stderr_match "git dies with its message" "^fatal: bad/incompatible signature 'garbage$"
# The signature is whole and good, but it comes before the tree line: git
# does not parse such an object as a commit, so gpg must never be asked.
awk '/^gpgsig / { g = 1 } g && /^ / || /^gpgsig / { sig = sig $0 "\n"; next } { g = 0; rest = rest $0 "\n" }
	END { printf "%s%s", sig, rest }' raw >sigfirst
sigfirst=$(git hash-object -w -t commit --literally sigfirst)
for args in "$sigfirst" "-v $sigfirst" "--raw $sigfirst"; do
	same_all "gpgsig before tree: verify-commit $args as git" verify-commit $args
	if grep -q "Good signature\|GOODSIG" "$TEST_DIR/.sgit.err"; then not_ok "gpgsig before tree: never Good ($args)"
	else ok "gpgsig before tree: never Good ($args)"; fi
done
expect_eq "git's words" "error: bogus commit object $sigfirst" "$(head -n 1 "$TEST_DIR/.sgit.err")"
sed -e '2s/^parent \(.*\)$/parent \1x/' raw >badparent
badparent=$(git hash-object -w -t commit --literally badparent)
same_all "a bad parent line: verify-commit as git" verify-commit "$badparent"
git cat-file tag v1 | awk '/^-----BEGIN PGP/ { n = NR } { print } n && NR == n + 3 { exit }' >truncated
trunc=$(sgit hash-object -w -t tag truncated)
expect_code "a tag whose signature block is truncated" 1 sgit verify-tag "$trunc"
if grep -q "Good signature" "$TEST_DIR/.err"; then not_ok "truncated: never Good"; else ok "truncated: never Good"; fi
{ sed -n '1,4p' raw; echo "gpgsig -----BEGIN PGP SIGNATURE-----"; echo " ";
  head -c 1048576 /dev/zero | tr '\0' 'Q' | fold -w 64 | sed 's/^/ /'; echo " -----END PGP SIGNATURE-----"
  echo; echo garbage; } >huge
expect_eq "the garbage is over 1 MiB" 1 "$(($(wc -c <huge) > 1048576))"
huge=$(sgit hash-object -w -t commit huge)
expect_code "1 MiB of garbage as a signature: not verified" 1 sgit verify-commit "$huge"
if grep -q "Good signature" "$TEST_DIR/.err"; then not_ok "garbage: never Good"; else ok "garbage: never Good"; fi
{ cat v4.raw; echo "-----BEGIN PGP SIGNATURE-----"; echo;
  head -c 1048576 /dev/zero | tr '\0' 'Q' | fold -w 64; echo "-----END PGP SIGNATURE-----"; } >hugetag
hugetag=$(sgit hash-object -w -t tag hugetag)
expect_code "a tag with 1 MiB of garbage as a signature" 1 sgit verify-tag -v "$hugetag"
if grep -q "Good signature" "$TEST_DIR/.err"; then not_ok "tag garbage: never Good"; else ok "tag garbage: never Good"; fi

# ---- the seed's show --show-signature checks (t7510) ----
# Good for the signed commits (the amended one as it was before the later
# amends), nothing added for the unsigned ones, BAD and never Good for the
# commits edited or NUL-appended after signing.
show_sig() { expect "$1: show --show-signature" sgit show --pretty=short --show-signature "$2"; }
amended=$(sgit hash-object -t commit raw)
for n in initial second merge amended; do
	c=$n && [ $n = amended ] && c=$amended
	show_sig "$n" "$c"
	if grep -q "Good signature from" "$TEST_DIR/.out" && ! grep -q "BAD signature from" "$TEST_DIR/.out"
	then ok "$n: Good signature shown"; else not_ok "$n: Good signature shown"; sed 's/^/  | /' "$TEST_DIR/.out"; fi
done
for c in merge^2 fourth-unsigned; do
	show_sig "$c" "$c" && cp "$TEST_DIR/.out" withsig && sgit show --pretty=short "$c" >plain
	expect_files_eq "$c: nothing shown for the unsigned commit" plain withsig
done
for n in forged1 forged2; do
	eval "c=\$$n"
	show_sig "$n" "$c"
	if grep -q "BAD signature from" "$TEST_DIR/.out" && ! grep -q "Good signature from" "$TEST_DIR/.out"
	then ok "$n: BAD, never Good"; else not_ok "$n: BAD, never Good"; sed 's/^/  | /' "$TEST_DIR/.out"; fi
done
expect "log --no-walk --show-signature over the forged commits" sgit log --no-walk --show-signature "$forged1" "$forged2"
expect_eq "two BAD signatures, no Good one" "2 0" \
	"$(grep -c 'BAD signature from' "$TEST_DIR/.out") $(grep -c 'Good signature from' "$TEST_DIR/.out")"
expect_eq "%G? of them all, in order" "G G G G N N B B" "$(sgit log --no-walk=unsorted --format=%G? initial \
	second merge "$amended" merge^2 fourth-unsigned "$forged1" "$forged2" | tr '\n' ' ' | sed 's/ $//')"

finish
