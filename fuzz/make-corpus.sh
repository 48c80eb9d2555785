#!/bin/sh
# Regenerate the seed corpora under fuzz/corpus/ from a throwaway repository
# made by git (the oracle): real objects, indexes, packs, refs and reflogs,
# plus hand-written strings for the text parsers. Run from the top of the
# tree; it replaces fuzz/corpus/ whole. The seeds are committed, so this is
# needed only to change them.
set -eu
top=$(pwd)
out=$top/fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1 HOME=$tmp/home
export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL=author@example.com
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL=committer@example.com
export GIT_AUTHOR_DATE="1112911993 -0700" GIT_COMMITTER_DATE="1112912053 -0700"
mkdir -p "$HOME"
rm -rf "$out"
for t in loose commit tag tree delta pack index config packed_refs loose_ref reflog gpg_status \
	refspec revparse pretty date quote wildmatch urlmatch ident message color header \
	mailmap ignore pathspec ref_format; do
	mkdir -p "$out/$t"
done

# be32 <n>: four bytes, big-endian (the length prefix of two-part inputs)
be32() {
	printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 >> 24 & 255)) $(($1 >> 16 & 255)) \
		$(($1 >> 8 & 255)) $(($1 & 255)))"
}
# two <out> <first> <second>: a two-part input (fuzz_split)
two() {
	{ be32 "$(wc -c <"$2")"; cat "$2" "$3"; } >"$1"
}
# lines <target> <text...>: one seed per argument, its backslash escapes
# (\n, \t, \ooo octal) turned into bytes; '%' stays as it is
lines() {
	t=$1; shift
	i=0
	for s in "$@"; do
		i=$((i + 1))
		printf -- "$(printf '%s' "$s" | sed 's/%/%%/g')" >"$out/$t/$i"
	done
}

cd "$tmp"
git init -q -b main r
cd r
printf 'one\ntwo\nthree\n' >a.txt
mkdir d && printf 'hello\n' >d/b.txt && printf '#!/bin/sh\n' >run.sh && chmod +x run.sh
ln -s a.txt link
git add . && git commit -qm "first commit"
seq 1 200 >big.txt && git add big.txt && git commit -qm "a file to delta against"
seq 1 210 >big.txt && printf 'four\n' >>a.txt && git commit -qam "second: change both

Body line.
Signed-off-by: A U Thor <author@example.com>"
git tag -a -m "version one" v1
git checkout -q -b topic HEAD~1
printf 'topic\n' >>a.txt && git commit -qam "on topic"
git checkout -q main
git merge -q --no-edit topic || { git checkout --theirs a.txt; git add a.txt; git commit -qm merge; }
git tag -a -m "second tag" v2 HEAD~1
git merge -q --no-edit --no-ff v2 2>/dev/null || true

# objects: raw bytes for the object parsers, deflated files for loose
for rev in HEAD HEAD^ HEAD~2 v1^{commit}; do
	id=$(git rev-parse "$rev")
	git cat-file commit "$id" >"$out/commit/$id"
done
for rev in v1 v2; do
	id=$(git rev-parse "$rev")
	git cat-file tag "$id" >"$out/tag/$id"
done
for rev in HEAD^{tree} HEAD:d; do
	id=$(git rev-parse "$rev")
	git cat-file tree "$id" >"$out/tree/$id"
done
for rev in HEAD HEAD^{tree} v1 HEAD:d/b.txt; do
	id=$(git rev-parse "$rev")
	cp ".git/objects/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-)" "$out/loose/$id"
done
# a signed-looking commit and tag: the shape of gpgsig and of a signature block
tree=$(git rev-parse HEAD^{tree})
sig='-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEE\n=abcd\n-----END PGP SIGNATURE-----\n'
{ printf "tree $tree\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\ngpgsig "
  printf -- "$sig" | sed '2,$s/^/ /'; printf "\nmessage\n"; } >"$out/commit/signed"
{ printf "object $tree\ntype tree\ntag s\ntagger A <a@b> 1 +0000\n\nsigned\n"
  printf -- "$sig"; } >"$out/tag/signed"
# a mergetag header, continuation lines and all
{ printf "tree $tree\nparent $tree\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\nmergetag "
  git cat-file tag v1 | sed '2,$s/^/ /'; printf "\nmerge\n"; } >"$out/commit/mergetag"
cp "$out/commit/mergetag" "$out/header/mergetag"
cp "$out/commit/signed" "$out/header/signed"

# deltas: base and delta as git's pack wrote them (via the crafted pack below)
# are hard to cut out portably; write two small real-shaped deltas by hand.
printf 'hello world, hello delta\n' >base
# sizes 25 and 31; copy 0+12, insert 6 "fuzzy ", copy 12+13
printf '\031\037\221\000\014\006fuzzy \221\014\015' >delta
two "$out/delta/copy-insert" base delta
# a delta that only inserts
printf '\031\005\005abcde' >delta
two "$out/delta/insert" base delta

# pack + idx: everything reachable, with deltas (two-part input: idx then pack)
name=$(git rev-list --objects --all | git pack-objects -q --window=10 --depth=5 pk)
two "$out/pack/all" "pk-$name.idx" "pk-$name.pack"
name=$(printf '%s\n' "$(git rev-parse HEAD:big.txt)" "$(git rev-parse HEAD~2:big.txt)" |
	git pack-objects -q --window=10 pk2)
two "$out/pack/delta" "pk2-$name.idx" "pk2-$name.pack"

# indexes: versions 2, 3 (extended flags) and 4; TREE, REUC, UNTR, EOIE, link (refused)
git read-tree HEAD && git write-tree >/dev/null && cp .git/index "$out/index/v2-tree"
git update-index --skip-worktree a.txt && cp .git/index "$out/index/v3-skip-worktree"
git update-index --no-skip-worktree a.txt
git update-index --index-version 4 && cp .git/index "$out/index/v4"
git update-index --index-version 2
git -c core.untrackedCache=true update-index --untracked-cache --force-untracked-cache
git -c core.untrackedCache=true status -s >/dev/null
cp .git/index "$out/index/untr"
git update-index --no-untracked-cache
git -c index.recordEndOfIndexEntries=true -c index.recordOffsetTable=true -c index.threads=2 read-tree HEAD
cp .git/index "$out/index/eoie"
git update-index --split-index && cp .git/index "$out/index/split-link"
git update-index --no-split-index
git checkout -q -b conflict HEAD~1
printf 'x\n' >a.txt && git commit -qam x
git merge -q main 2>/dev/null || true
cp .git/index "$out/index/conflict"
git checkout --ours a.txt 2>/dev/null; git add a.txt
cp .git/index "$out/index/reuc"
git merge --abort 2>/dev/null || git reset -q --hard
git checkout -q main

# refs
git pack-refs --all
cp .git/packed-refs "$out/packed_refs/peeled"
grep -v '^\^' .git/packed-refs | grep -v '^#' >"$out/packed_refs/no-header"
git rev-parse HEAD >"$out/loose_ref/id"
printf 'ref: refs/heads/main\n' >"$out/loose_ref/symbolic"
printf 'ref: refs/heads/main' >"$out/loose_ref/symbolic-no-lf"
cp .git/logs/HEAD "$out/reflog/HEAD"
cp .git/logs/refs/heads/main "$out/reflog/main"

# config files as git writes and reads them
cp .git/config "$out/config/repo"
git config -f c1 core.bare false
git config -f c1 remote.origin.url 'https://example.com/r.git'
git config -f c1 remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*'
git config -f c1 'branch.main.remote' origin
git config -f c1 'http.https://example.com.sslVerify' false
git config -f c1 user.name 'Quote "me" \ and tab	here'
git config -f c1 include.path other
git config -f c1 'includeIf.gitdir:~/src/.path' x
cp c1 "$out/config/written"
lines config x \
	'[core]\n\tbare = false # comment\n\tfilemode=true ; also\n[Section "Sub \\"q\\""]\n  key = "a\\\\b\\tc" \\\n continued\n' \
	'[a.b]\nc\n[d "e"] f = 1k\n\n# only comments\n' \
	'\357\273\277[bom]\r\nkey = value\r\n'

lines gpg_status \
	'[GNUPG:] NEWSIG\n[GNUPG:] KEY_CONSIDERED 0123456789ABCDEF0123456789ABCDEF01234567 0\n[GNUPG:] SIG_ID abc 2005-04-07 1112912053\n[GNUPG:] GOODSIG 0123456789ABCDEF C O Mitter <committer@example.com>\n[GNUPG:] VALIDSIG 0123456789ABCDEF0123456789ABCDEF01234567 2005-04-07 1112912053 0 4 0 1 10 00 0123456789ABCDEF0123456789ABCDEF01234567\n[GNUPG:] TRUST_ULTIMATE 0 pgp\n' \
	'[GNUPG:] NEWSIG\n[GNUPG:] BADSIG 0123456789ABCDEF C O Mitter <committer@example.com>\n' \
	'[GNUPG:] ERRSIG 0123456789ABCDEF 1 10 00 1112912053 9 -\n[GNUPG:] NO_PUBKEY 0123456789ABCDEF\n' \
	'[GNUPG:] EXPKEYSIG 0123456789ABCDEF Old Key <old@example.com>\n[GNUPG:] TRUST_UNDEFINED 0 pgp\n' \
	'[GNUPG:] GOODSIG 0123456789ABCDEF A\n[GNUPG:] GOODSIG 0123456789ABCDEF B\n'

lines refspec '+refs/heads/*:refs/remotes/origin/*' 'main' ':' '+:' '^refs/heads/tmp*' \
	'refs/heads/main:refs/heads/other' '@' 'ce013625030ba8dba906f756967f9e9ca394464a:refs/x' \
	'refs/heads/*/x:refs/y/*/z' ':refs/heads/gone'
lines revparse 'HEAD' 'HEAD~1' 'main^2' 'v1^{tree}' 'v1^{}' 'HEAD^{/second}' ':/first' 'HEAD:a.txt' \
	':0:a.txt' 'HEAD:./b.txt' '@' 'ce01362' 'topic~0^{commit}' 'main^!' 'v1-1-gce01362' 'HEAD@{1}' \
	'main:d/b.txt' 'FETCH_HEAD' 'refs/heads/main^^' 'HEAD^{blob}'
lines pretty 'oneline' 'fuller' 'raw' 'email' 'reference' 'medium' \
	'format:%H %h %T %t %P %p%n%an <%ae> %ad %aD %ar%n%cn %ce %cd %ci %cI %ct' \
	'tformat:%s%n%b%n%B%n%f%n%e%n%N%n%d %D %m' \
	'%C(auto)%h %C(red bold)%s%Creset %Cgreen%<(10,trunc)%an%C(reset)' \
	'%w(20,2,4)%B' '%>(12)%s|%<|(30)%h|%><(8,ltrunc)%an' '%(trailers:key=Signed-off-by,valueonly,separator=%x2C)' \
	'%x00%x41%+s%-b% B%%' '%ad %as %ah %at %ai' '%G? %GS %GK %GF %GP %GT'
lines date '1112911993 -0700' '@1112911993 +0000' '2005-04-07T22:13:13Z' 'Thu, 7 Apr 2005 22:13:13 +0200' \
	'Thu Apr 7 15:13:13 2005 -0700' '2005-04-07 15:13:13' '04/07/2005' '7.4.2005 12:00' 'iso-strict' \
	'format:%Y-%m-%d %H:%M' 'relative' 'auto:human' 'short-local' 'rfc2822' 'now' '1970-01-01 00:00:00 +9999'
lines quote '"a\\tb\\303\\251c\\\\\\""' '"unterminated' '"\\777"' 'plain' 'tab\there' '\303\251t\303\251' '""'
lines wildmatch '\002**/*.c\000src/a/b.c' '\003[[:alpha:]]?[!0-9]*\000Ab-x' '\000a\\*b\000a*b' \
	'\002a/**/b\000a/x/y/b' '\001[a-Z]\000M' '\002foo/**\000foo/' '\000[]-]\000]'
lines urlmatch 'https://Example.COM:443/a/./b/../c\000https://*.example.com' \
	'http://user@host/%7euser/path%2f\000http://host' 'ssh://[::1]:22/r\000ssh://[::1]' \
	'git://h.example/r.git\000git://h.example/' 'HTTPS://x/a%20b?q=1#f\000https://x/a' 'file:///tmp/r\000file://'
lines ident 'A U Thor <author@example.com> 1112911993 -0700' '<> 0 +0000' 'Name <e> 99999999999999999999 -0000' \
	'  spaced  name   <  e@x  > 1 +9999' 'no date <x@y>' 'a <b> c <d> 1 -0100' 'x <y> 1112911993'
lines message '#\n\n  subject  \n\n\n# comment\nbody\t\n\n' \
	';subject\n; ------------------------ >8 ------------------------\ncut\n' \
	'#line\r\n\r\nsecond\000nul\n' \
	'# ------------------------ >8 ------------------------\n# Do not modify\n'
lines color 'bold red ul' '#ff0000 blue' 'reset' 'brightgreen 255 italic nobold' 'no-ul -1 default' 'normal dim' '256'
lines mailmap 'A U Thor <author@example.com>\n' 'Proper Name <proper@example.com> <author@example.com>\n' \
	'# comment\nP <p@x> Commit Name <AUTHOR@example.com> # trailing\n\n<only@email> <old@email>\n' \
	'Name <bad\nx <y> z <w> extra'
lines ignore '*.o\n/build/\n!keep.o\n# comment\n\\#not-comment\ntrailing\\ \n' \
	'\357\273\277d/**/f\r\n**/Makefile\n[abc]?.txt\n*.txt/\n' '!\n/\n**\n\\!x\n'
lines pathspec 'd\000d/b.txt' '*.txt\nd/\000a.txt' 'd/e\n:(glob)**/f\000d/e/f' '\000x' '[ab].txt\000b.txt'
lines ref_format '%(refname) %(objectname:short) %(objecttype)' \
	'%(if)%(upstream)%(then)%(upstream:short)%(else)none%(end)' \
	'%(refname:lstrip=2) %(refname:rstrip=-1) %(authorname) %(authordate:iso) %(subject)' \
	'%(align:20,left)%(refname:short)%(end)|%(color:red)%(objectsize)%(color:reset)' \
	'%(*objectname) %(taggername) %(contents:subject) %(contents:body) %(trailers)' \
	'%(HEAD) %00 %% %(committerdate:relative) %(creatordate:format:%Y)' '-committerdate'
echo "corpus written to $out: $(find "$out" -type f | wc -l) files, $(find "$out" -type f -exec cat {} + | wc -c) bytes"
