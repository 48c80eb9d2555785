#!/bin/sh
# sgit remote against git remote: twin repositories, one driven by each, must
# end with byte-identical config files, the same refs and reflogs, and print
# the same output with the same exit codes.
. "$SGIT_TEST_TOP/tests/lib.sh"

# Two identical repositories: a commit, remote-tracking refs (one packed), a
# symbolic refs/remotes/origin/HEAD and branches that name the remote.
setup_twin() {
	rm -rf g s
	git init -q g && (
		cd g && git commit -q --allow-empty -m one && h=$(git rev-parse HEAD) &&
		git remote add origin ../upstream &&
		git update-ref refs/remotes/origin/main "$h" &&
		git update-ref refs/remotes/origin/topic/a "$h" &&
		git pack-refs --all &&
		git update-ref refs/remotes/origin/loose "$h" &&
		git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main &&
		git config branch.master.remote origin && git config branch.master.merge refs/heads/main &&
		git config branch.master.pushRemote origin && git config remote.pushDefault origin &&
		git config branch.other.remote elsewhere
	) && cp -R g s
}

# twin <what> <expected exit> <args...>: git in g, sgit in s; same stdout,
# stderr, exit code (the one expected) and config file.
twin() {
	what=$1 want=$2; shift 2
	(cd g && git "$@") >g.out 2>g.err; gc=$?
	(cd s && "$SGIT_BIN" "$@") >s.out 2>s.err; sc=$?
	if [ "$gc" = "$want" ] && [ "$sc" = "$want" ] && cmp -s g.out s.out && cmp -s g.err s.err &&
	   cmp -s g/.git/config s/.git/config; then
		ok "$what"
	else
		not_ok "$what"; echo "  args: $*; exit git $gc, sgit $sc, wanted $want"
		diff -u g.out s.out | sed 's/^/  out /' | head -n 20
		diff -u g.err s.err | sed 's/^/  err /' | head -n 20
		diff -u g/.git/config s/.git/config | sed 's/^/  config /' | head -n 30
	fi
}

# The refs both repositories hold, with their reflogs.
same_refs() {
	for r in g s; do
		(cd $r && git for-each-ref --format='%(refname) %(objectname) %(symref)' &&
		 find .git/logs -type f | sort | while read -r f; do echo "$f"; cat "$f"; done) >$r.refs 2>&1
	done
	expect_files_eq "$1" g.refs s.refs
}

setup_twin
twin "a remote with tracked branches, a master and --no-tags" 0 \
	remote add -t main -t dev -m main --no-tags up /some/url
twin "a remote with --tags" 0 remote add --tags tagged ../t
twin "a remote whose name has a slash" 0 remote add a/b u
twin "adding an existing remote fails with exit 3" 3 remote add origin ../y
twin "an invalid name is refused" 128 remote add 'a b' u
twin "an empty name is refused" 128 remote add '' u
same_refs "remote add -m makes the same symbolic ref"
twin "remote lists the names, sorted" 0 remote
twin "remote -v lists fetch and push URLs" 0 remote -v
twin "get-url" 0 remote get-url up
twin "get-url of a missing remote fails with exit 2" 2 remote get-url nope
twin "set-url of a missing remote fails with exit 2" 2 remote set-url nope x

twin "set-url --add" 0 remote set-url --add up /second
twin "set-url --push --add" 0 remote set-url --push --add up /push1
twin "set-url --push --add again" 0 remote set-url --push --add up /push2
twin "remote -v with several URLs and push URLs" 0 remote -v
twin "get-url --all" 0 remote get-url --all up
twin "get-url --push --all" 0 remote get-url --push --all up
twin "get-url --push without push URLs gives the URL" 0 remote get-url --push a/b
twin "set-url with several URLs and no old one fails" 128 remote set-url up /new
twin "set-url replacing the URL an old one matches" 0 remote set-url up /new '^/some'
twin "set-url with an old URL that matches nothing fails" 128 remote set-url up /x nomatch
twin "set-url with a bad pattern fails" 128 remote set-url up /x '('
twin "set-url --delete of every URL is refused" 128 remote set-url --delete up '.*'
twin "set-url --delete of one URL" 0 remote set-url --delete up /second
twin "set-url --delete of what is not there fails" 128 remote set-url --delete up nomatch
twin "set-url --push --delete of every push URL" 0 remote set-url --push --delete up '.*'
twin "set-url --add --delete makes no sense" 128 remote set-url --add --delete up x
twin "set-url of the only URL" 0 remote set-url tagged ../t2

twin "rename moves the section and the default refspec" 0 remote rename origin neworig
same_refs "rename moves the remote-tracking refs, packed, loose and symbolic, with their reflogs"
twin "rename of a missing remote fails with exit 2" 2 remote rename nope x
twin "rename onto an existing remote fails with exit 3" 3 remote rename up a/b
twin "rename onto itself fails with exit 3" 3 remote rename up up
twin "rename to an invalid name fails" 128 remote rename up 'b c'
(cd g && git config remote.odd.url /odd && git config remote.odd.fetch 'refs/heads/x:refs/other/x' &&
 git config --add remote.odd.fetch '+refs/heads/*:refs/remotes/odd/*' && git config remote.pushDefault odd)
(cd s && git config remote.odd.url /odd && git config remote.odd.fetch 'refs/heads/x:refs/other/x' &&
 git config --add remote.odd.fetch '+refs/heads/*:refs/remotes/odd/*' && git config remote.pushDefault odd)
twin "rename keeps a non-default refspec, with git's warning" 0 remote rename odd even
twin "a URL that needs quoting is written as git writes it" 0 remote add q 'a b#c"d\e;f'
for r in g s; do (cd $r && git config remote.nourl.fetch 'refs/heads/*:refs/remotes/nourl/*' &&
	git config remote.q.partialclonefilter blob:none); done
twin "remote -v after the renames, with a remote without URL and a filter" 0 remote -v
twin "remote without -v lists that remote too" 0 remote

twin "remove drops the section, branch settings and pushDefault" 0 remote remove neworig
same_refs "remove deletes the remote-tracking refs and their reflogs"
twin "remove of a missing remote fails with exit 2" 2 remote rm neworig
twin "rm is remove" 0 remote rm up
same_refs "rm deletes the symbolic ref"

# A ref another remote also fetches into stays; a local branch a refspec maps to is only named.
setup_twin
for r in g s; do (cd $r && git config remote.mirror.url /m &&
	git config remote.mirror.fetch '+refs/heads/*:refs/remotes/origin/*' &&
	git config remote.local.url /l && git config remote.local.fetch '+refs/heads/*:refs/heads/*'); done
twin "remove leaves refs another remote maps to" 0 remote remove origin
twin "remove names local branches it leaves alone" 0 remote remove local
same_refs "only the remote's own refs went"

(cd s && expect_code "an unknown subcommand is a usage error" 129 "$SGIT_BIN" remote frobnicate)
expect_stderr_match "with git's message" "^error: unknown subcommand: .frobnicate'"
(cd s && "$SGIT_BIN" remote add) >/dev/null 2>&1
expect_eq "remote add without arguments is a usage error" 129 $?
finish
