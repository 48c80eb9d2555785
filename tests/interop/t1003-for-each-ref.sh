#!/bin/sh
# for-each-ref against git on a repository git made (branches, lightweight and
# annotated tags, a tag of a tag, of a tree and of a blob, refs/remotes/origin/HEAD,
# a branch and a tag of the same name, multi-line messages, varied dates), with
# loose and with packed refs: a table of command lines whose stdout and exit
# code must be git's, byte for byte.
. "$SGIT_TEST_TOP/tests/lib.sh"

# commit <n> <message>: a commit whose dates move on an hour and a zone each time
commit() {
	GIT_AUTHOR_DATE="$((1112911993 + $1 * 3600)) +0$(($1 % 10))00" \
	GIT_COMMITTER_DATE="$((1112912053 + $1 * 3700)) -0$(($1 % 7))30" \
		git commit -q --allow-empty -m "$2"
}
tag_at() { # <n> <git tag args...>: an annotated tag with its own tagger date
	n=$1; shift
	GIT_COMMITTER_DATE="$((1113000000 + n * 86400)) +0200" git -c advice.nestedTag=false tag "$@"
}

git init -q repo && cd repo || exit 2
commit 1 "initial commit"
commit 2 "second: a subject
that runs on two lines

and a body
of two lines"
printf 'file\n' >f && git add f
commit 3 "add f

Body with 'quotes', \"double\", \$dollar, back\\slash, [tcl] {braces} and !bang."
git branch feature
git branch -q v1
commit 4 "Fix: Ugly -- subject...with  odd  chars!"
git checkout -q feature
commit 5 "feature work

-----BEGIN PGP SIGNATURE-----
not really a signature
-----END PGP SIGNATURE-----"
git checkout -q master
GIT_COMMITTER_DATE="1113100000 +0000" git merge -q --no-ff -m "Merge branch 'feature'" feature
commit 7 "after the merge"
git branch -q topic/a/b HEAD~1
git branch -q Upper HEAD~2
git tag light
git tag v1.10 HEAD~1
git tag v1.2 HEAD~2
git tag v1.2-rc1 HEAD~3
tag_at 1 -a -m "annotated v1" v1 HEAD~2
tag_at 2 -a -m "version two

With a body.
-----BEGIN PGP SIGNATURE-----
fake
-----END PGP SIGNATURE-----" v2.0
tag_at 3 -a -m "tag of a tag" v1-outer refs/tags/v1
tag_at 4 -a -m "tree tag" treetag "HEAD^{tree}"
tag_at 5 -a -m "blob tag" blobtag "$(git rev-parse HEAD:f)"
# an old-style tag without a tagger line
notagger=$(printf 'object %s\ntype commit\ntag old\n\nno tagger here\n' "$(git rev-parse HEAD~3)" |
	git hash-object -t tag -w --stdin)
git update-ref refs/tags/old "$notagger"
git update-ref refs/remotes/origin/main HEAD~1
git update-ref refs/remotes/origin/next HEAD~3
git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main
git update-ref refs/notes/commits HEAD~2
git symbolic-ref refs/heads/sym refs/heads/feature
git config branch.feature.remote origin
git config branch.feature.merge refs/heads/main
git config remote.origin.url ../nowhere
git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*'
git config branch.Upper.remote origin
git config branch.Upper.merge refs/heads/gone

checks() {
	kind=$1
	t() { same_as_git "for-each-ref $* ($kind)" for-each-ref "$@"; }
	t
	t refs/heads
	t refs/heads/
	t refs/hea
	t refs/tags/v1 refs/remotes
	t 'refs/tags/v1*'
	t 'refs/*/v1'
	t '*'
	t 'refs/heads/*'
	t 'refs/heads/**'
	t --ignore-case 'refs/heads/up*'
	t --count=3
	t --count=1 --sort=-refname refs/tags
	t --count=0 refs/heads
	t --format='%(refname:short) %(objectname:short)'
	t --format='%(refname:strip=2)|%(refname:lstrip=-1)|%(refname:rstrip=1)|%(refname:rstrip=-2)|%(refname:lstrip=9)'
	t --format='%(objectname:short=4) %(objectname:short=12) %(objecttype) %(objectsize)'
	t --format='%(*objectname) %(*objecttype) %(*objectsize) %(*refname)'
	t --format='%(tree)|%(parent)|%(numparent)|%(tree:short)|%(parent:short=5)'
	t --format='%(object)|%(type)|%(tag)|%(*object)|%(*tag)' refs/tags
	t --format='%(subject)' 
	t --format='%(subject:sanitize)'
	t --format='[%(body)]'
	t --format='[%(contents)]'
	t --format='[%(contents:subject)][%(contents:body)][%(contents:signature)][%(contents:size)]'
	t --format='%(contents:lines=1)|%(contents:lines=3)'
	t --format='%(*subject)|%(*body)|%(*authorname)'
	t --format='%(authorname)|%(authoremail)|%(authoremail:trim)|%(authoremail:localpart)|%(author)'
	t --format='%(committername) %(committeremail) %(committer)'
	t --format='%(taggername)|%(taggeremail)|%(taggerdate)|%(tagger)' refs/tags
	t --format='%(authordate)|%(committerdate:iso)|%(committerdate:iso-strict)|%(committerdate:rfc)'
	t --format='%(committerdate:short) %(committerdate:unix) %(committerdate:raw) %(authordate:format:%Y/%m/%d %H)'
	t --format='%(creatordate) %(creator)'
	t --format='%(creatordate:relative) %(taggerdate:relative)'
	t --format='%(authorname:x)|%(author:y)|%(authordate:)' refs/tags/v2.0
	t --format='%(HEAD) %(refname:short)' refs/heads
	t --format='%(symref) %(symref:short) %(flag) %(*symref)'
	t --format='%(upstream) %(upstream:short) %(upstream:track) %(upstream:trackshort)' refs/heads
	t --format='%(upstream:track,nobracket)|%(upstream:remotename)|%(upstream:remoteref)|%(upstream:lstrip=-1)|%(push)' refs/heads
	t --format='%(if)%(symref)%(then)%(refname) -> %(symref)%(else)%(refname)%(end)'
	t --format='%(if:equals=tag)%(objecttype)%(then)annotated %(end)%(refname)'
	t --format='%(if:notequals=commit)%(objecttype)%(then)[%(objecttype)]%(else)commit%(end)'
	t --format='%(if)%(upstream)%(then)%(if)%(upstream:track)%(then)%(upstream:track)%(else)even%(end)%(end)|%(refname)'
	t --format='%(align:20)%(refname:short)%(end)|%(align:12,right)%(objecttype)%(end)|%(align:middle,10)x%(end)|'
	t --format='100%% %41%42%%(refname) %x %4 %(refname)'
	t --format='%00%(refname)%00'
	t --format=''
	t --format='%(color:red)%(refname)%(color:reset) %(color:bold blue)'
	t --color=always --format='%(color:red bold)%(refname)%(color:reset) %(color:#ff8000 blue ul)x'
	t --shell --format='%(refname) %(subject) %(body)'
	t --perl --format='%(refname) %(contents)'
	t --python --format='%(subject) %(body)'
	t --tcl --format='%(subject) %(body)'
	t --shell --format='%(if)%(symref)%(then)x %(symref)%(else)%(align:30)%(refname)%(end)%(end)'
	t --sort=objecttype
	t --sort=-objectsize --format='%(objectsize) %(refname)'
	t --sort=committerdate --format='%(committerdate:unix) %(refname)'
	t --sort=-creatordate --format='%(creatordate:raw) %(refname)'
	t --sort=objecttype --sort=-refname
	t --sort=version:refname refs/tags
	t --sort=-v:refname refs/tags
	t --sort=subject --format='%(subject)'
	t --sort=numparent --sort=-authordate
	t --sort=*objecttype --format='%(*objecttype) %(refname)'
	t --ignore-case --sort=refname refs/heads
	t --points-at=HEAD~2
	t --points-at=v1 --points-at=HEAD
	t --merged=HEAD~1
	t --no-merged=feature refs/heads
	t --contains=HEAD~3 refs/heads refs/tags
	t --no-contains=feature refs/tags
	t --merged
	t --format='%(bogus)'
	t --format='%(refname:bogus)'
	t --format='%(refname'
	t --format='%(if)x'
	t --format='%(then)'
	t --format='%(objectname:short=0)'
	t --sort=bogus
	t --count=-1
	t --shell --perl
	t --points-at=nothing
	t --contains=nothing
	t --merged=nothing
	t --shell --format='%(raw)'
}

# the command lines above: a table of well over 40
n=$(sed -n '/^checks() {/,/^}/p' "$SGIT_TEST_TOP/tests/interop/t1003-for-each-ref.sh" | grep -c '^	t')
expect "the table has at least 40 command lines ($n)" test "$n" -ge 40

checks loose
git pack-refs --all
checks packed
# a loose ref over its packed entry
git update-ref refs/heads/feature HEAD~2
same_as_git "for-each-ref with a loose ref over a packed one" for-each-ref --format='%(refname) %(flag) %(objectname)'
# refs git leaves out: a file of garbage, a dangling symbolic ref, a ref to a missing object
echo garbage >.git/refs/heads/broken
git symbolic-ref refs/heads/dangling refs/heads/nowhere
echo 0123456789012345678901234567890123456789 >.git/refs/heads/missing
echo 0000000000000000000000000000000000000000 >.git/refs/heads/zero
same_as_git "for-each-ref dies on the ref to a missing object before printing" for-each-ref
same_as_git "for-each-ref lists it when no atom needs the object" for-each-ref --format='%(refname) %(objectname)'
same_as_git "--count does not spare the missing object" for-each-ref --count=1 --format='%(objecttype)'
same_as_git "a sort key that needs the object dies too" for-each-ref --sort=objectsize --format='%(refname)'
sgit for-each-ref --format='%(refname)' >/dev/null 2>"$TEST_DIR/.err"
expect_stderr_match "a broken ref gets git's warning" '^warning: ignoring broken ref refs/heads/broken$'
expect_stderr_match "so does a ref of zeros" '^warning: ignoring broken ref refs/heads/zero$'
rm .git/refs/heads/missing
same_as_git "for-each-ref passes over broken and dangling refs" for-each-ref
same_as_git "for-each-ref --format with the same refs around" for-each-ref --format='%(refname:short) %(subject)' refs/heads
cd .. || exit 2
finish
