#!/bin/sh
# Signing against git. What sgit signs (commits and tags; the ed25519 and the
# RSA key; commit, commit-tree, tag -s, tag -u, a merge) git verify-commit and
# git verify-tag accept. Over a history signed by git - good, RSA, bad
# (edited), NUL appended, unknown key, expired key, expired signature,
# revoked key, untrusted key, unsigned - sgit verify-commit (plain, --raw,
# -v), verify-tag (plain, --raw, -v, --format) and tag -v print the same
# stdout and stderr as git, byte for byte, and exit alike.
# gpg stamps each signature with the time it was made, so two signatures -
# even deterministic ones (ed25519, RSA PKCS#1) - made in different seconds
# differ: objects signed at the real time are compared with their signature
# masked and their signature packets by kind; with gpg's clock pinned
# (gpg --faked-system-time) sgit's signed commits and tags have git's ids.
. "$SGIT_TEST_TOP/tests/lib.sh"

setup_gpg signer || exit 2

mask() { sed '/^gpgsig /,/^ -----END PGP SIGNATURE-----$/c\
gpgsig <signature>'; }
# The kind of each signature packet: class, algorithms, issuer (no times, no data).
packets() { gpg --list-packets 2>/dev/null | sed -n 's/^:signature packet: //p; s/^	version \([0-9]*\), created [0-9]*, md5len \([0-9]*\), \(sigclass .*\)/	v\1 \2 \3/p; s/^	\(digest algo [0-9]*\).*/	\1/p'; }

git init -q -b main repo && cd repo || exit 2

# ---- what sgit signs, git accepts ----
echo 1 >file && sgit add file && sgit commit -q -S -m "signed by sgit" || exit 2
same_all "verify-commit: an ed25519 signature made by sgit" verify-commit HEAD
expect_code "git accepts it" 0 git verify-commit HEAD
sgit commit -q --allow-empty -Srsa@example.com -m "rsa by sgit" || exit 2
same_all "verify-commit --raw: an RSA signature made by sgit" verify-commit --raw HEAD
expect_code "git accepts it" 0 git verify-commit HEAD
tree=$(git rev-parse 'HEAD^{tree}')
ct=$(sgit commit-tree -S -p HEAD -m "commit-tree -S" "$tree")
expect_code "git accepts commit-tree -S" 0 git verify-commit "$ct"
sgit branch side && sgit switch -q side && echo 2 >side && sgit add side && sgit commit -q -m side &&
	sgit switch -q main && sgit checkout side -- side && git rev-parse side >.git/MERGE_HEAD &&
	sgit commit -q -S -m "merge by sgit" || exit 2
expect_code "git accepts a signed merge made by sgit" 0 git verify-commit HEAD
same_all "verify-commit -v on it" verify-commit -v HEAD
sgit tag -s -m "tag by sgit" s-ed && sgit tag -u rsa@example.com -m "rsa tag by sgit" s-rsa || exit 2
for t in s-ed s-rsa; do
	expect_code "git verify-tag accepts $t" 0 git verify-tag "$t"
	same_all "verify-tag -v $t" verify-tag -v "$t"
done
expect "git fsck is clean" git fsck --strict

# ---- sgit commit -S and git commit -S: the same object but for the signature ----
git init -q -b main ../twin-s && git init -q -b main ../twin-g || exit 2
for d in s g; do echo twin >../twin-$d/file && git -C ../twin-$d add file || exit 2; done
# gpg's clock is pinned here too: the pinned commits below have these as parents,
# and signatures made at the real time differ when the two fall in different seconds
(cd ../twin-s && sgit -c gpg.program="$TEST_DIR/gpg-past" commit -q -S -m twin) &&
	(cd ../twin-g && git -c gpg.program="$TEST_DIR/gpg-past" commit -q -S -m twin) || exit 2
git -C ../twin-s cat-file commit HEAD >twin.s && git -C ../twin-g cat-file commit HEAD >twin.g
expect_eq "the same commit with the signature masked" "$(mask <twin.g)" "$(mask <twin.s)"
expect_eq "the same gpgsig header layout" \
	"$(sed -n '/^gpgsig /,/^ -----END/p' twin.g | sed 's/^ [A-Za-z0-9+\/=]\{1,\}$/ <base64>/' | uniq)" \
	"$(sed -n '/^gpgsig /,/^ -----END/p' twin.s | sed 's/^ [A-Za-z0-9+\/=]\{1,\}$/ <base64>/' | uniq)"
sed -n '/^gpgsig /,/^ -----END/{s/^gpgsig //;s/^ //;p}' twin.s | packets >packets.s
sed -n '/^gpgsig /,/^ -----END/{s/^gpgsig //;s/^ //;p}' twin.g | packets >packets.g
expect_files_eq "the same kind of signature packet" packets.g packets.s
expect_eq "a binary-document signature by the default key" 1 "$(grep -c 'keyid 63E4DD899FA5FCB6' packets.s)"
expect_code "git verify-commit accepts sgit's twin" 0 git -C ../twin-s verify-commit HEAD
# with gpg's clock pinned, the signatures are equal too (ed25519 and RSA PKCS#1 are
# deterministic): then sgit's commits and tags have git's ids
for key in committer@example.com rsa@example.com; do
	(cd ../twin-s && sgit -c gpg.program="$TEST_DIR/gpg-past" commit -q --allow-empty -S$key -m "pinned $key" &&
		sgit -c gpg.program="$TEST_DIR/gpg-past" tag -u $key -m "pinned $key" "p-$key") &&
	(cd ../twin-g && git -c gpg.program="$TEST_DIR/gpg-past" commit -q --allow-empty -S$key -m "pinned $key" &&
		git -c gpg.program="$TEST_DIR/gpg-past" tag -u $key -m "pinned $key" "p-$key") || exit 2
	expect_eq "gpg's clock pinned: commit -S$key gives git's id" \
		"$(git -C ../twin-g rev-parse HEAD)" "$(git -C ../twin-s rev-parse HEAD)"
	expect_eq "gpg's clock pinned: tag -u $key gives git's id" \
		"$(git -C ../twin-g rev-parse "p-$key")" "$(git -C ../twin-s rev-parse "p-$key")"
done

# ---- a history signed by git ----
c() { git "$@" -q --allow-empty && git rev-parse HEAD; }
good=$(c commit -S -m good)
rsa=$(c commit -Srsa@example.com -m rsa)
unknown=$(c -c gpg.program="$TEST_DIR/gpg-signer" commit -Sunknown@example.com -m unknown)
expired=$(c -c gpg.program="$TEST_DIR/gpg-past" commit -Sexpired@example.com -m expired)
expsig=$(c -c gpg.program="$TEST_DIR/gpg-expsig" commit -S -m expsig)
revoked=$(c -c gpg.program="$TEST_DIR/gpg-signer" commit -Srevoked@example.com -m revoked)
untrusted=$(c commit -Suntrusted@example.com -m untrusted)
unsigned=$(c commit -m unsigned)
bad=$(git cat-file commit "$good" | sed 's/^good$/edited/' | git hash-object -w -t commit --stdin)
nul=$({ git cat-file commit "$good"; printf '\000Qwik\n'; } | git hash-object -w -t commit --stdin)
mal=$(git cat-file commit "$good" | sed 's/^gpgsig -----BEGIN PGP SIGNATURE-----$/gpgsig garbage/' |
	git hash-object -w -t commit --stdin)
# the signature for the other hash is no part of what gpgsig covers (git 2.39 cuts it out)
sha256=$(git cat-file commit "$good" | sed 's/^committer .*/&\
gpgsig-sha256 -----BEGIN PGP SIGNATURE-----\
 \
 AAAA\
 -----END PGP SIGNATURE-----/' | git hash-object -w -t commit --stdin)
[ -n "$good" ] && [ -n "$revoked" ] && [ -n "$untrusted" ] && [ -n "$unsigned" ] || exit 2
expect_code "git accepts a commit with a gpgsig-sha256 header added" 0 git verify-commit "$sha256"
for n in good rsa bad nul unknown expired expsig revoked untrusted unsigned mal sha256; do
	eval "id=\$$n"
	same_all "verify-commit, $n" verify-commit "$id"
	same_all "verify-commit --raw, $n" verify-commit --raw "$id"
	same_all "verify-commit -v, $n" verify-commit -v "$id"
done
same_all "verify-commit -v --raw, several at once" verify-commit -v --raw "$good" "$unsigned" "$bad" "$rsa" nope
same_all "gpg.minTrustLevel=fully: the untrusted key fails" -c gpg.minTrustLevel=fully verify-commit "$untrusted" "$rsa"
same_all "gpg.minTrustLevel=ultimate: the RSA key (full) fails" -c gpg.minTrustLevel=ultimate verify-commit "$rsa"
same_all "gpg.program missing" -c gpg.program=/nonexistent verify-commit -v "$good" "$unsigned"
same_all "gpg.openpgp.program is honoured" -c gpg.openpgp.program=/nonexistent verify-commit "$good"
same_all "not a commit" verify-commit "$good^{tree}"

# ---- tags signed by git ----
git tag -s -m good t-good "$good" && git tag -u rsa@example.com -m rsa t-rsa &&
	git -c gpg.program="$TEST_DIR/gpg-signer" tag -u unknown@example.com -m unknown t-unknown &&
	git -c gpg.program="$TEST_DIR/gpg-past" tag -u expired@example.com -m expired t-expired &&
	git -c gpg.program="$TEST_DIR/gpg-signer" tag -u revoked@example.com -m revoked t-revoked &&
	git tag -u untrusted@example.com -m untrusted t-untrusted && git tag -a -m plain t-plain &&
	git tag t-light || exit 2
git cat-file tag t-good | sed 's/^good$/edited/' | git hash-object -w -t tag --stdin >bad.id &&
	git update-ref refs/tags/t-bad "$(cat bad.id)" || exit 2
git cat-file tag t-good | awk '/^-----BEGIN PGP/ { n = NR } { print } n && NR == n + 3 { exit }' |
	git hash-object -w -t tag --stdin >trunc.id && git update-ref refs/tags/t-trunc "$(cat trunc.id)" || exit 2
# a tag signed with a gpgsig-sha256 header in it: git cuts the header before checking, so BAD
{ git cat-file tag t-plain | sed 's/^tagger .*/&\
gpgsig-sha256 x\
 y/'; } >hdr.payload && gpg -bsa -u committer@example.com <hdr.payload >hdr.sig 2>/dev/null &&
	cat hdr.payload hdr.sig | git hash-object -w -t tag --stdin >hdr.id &&
	git update-ref refs/tags/t-hdr "$(cat hdr.id)" || exit 2
for t in good rsa bad trunc unknown expired revoked untrusted plain light hdr; do
	same_all "verify-tag, t-$t" verify-tag "t-$t"
	same_all "verify-tag --raw, t-$t" verify-tag --raw "t-$t"
	same_all "verify-tag -v, t-$t" verify-tag -v "t-$t"
	same_all "tag -v, t-$t" tag -v "t-$t"
done
same_all "verify-tag --format over good, bad and unsigned" \
	verify-tag --format='%(refname) %(objectname) %(tag) %(taggername)' t-good t-bad t-plain t-rsa
same_all "tag -v --format" tag -v --format='%(refname):%(objecttype)' t-good t-plain t-rsa
same_all "verify-tag -v --raw, several at once" verify-tag -v --raw t-good nope t-light t-plain "$(cat bad.id)"
same_all "tag -v, several at once" tag -v t-rsa t-plain nope t-good

finish
