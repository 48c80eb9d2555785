#!/bin/sh
# fetch against git: twin repositories, one fetched into by git, the other by
# sgit, from the same source with the same identity and dates. FETCH_HEAD,
# refs, reflogs, the summary on stderr and the exit code must be identical;
# a packed history of 1,000 commits from git must arrive whole and fsck
# clean; git must be able to fetch from what sgit made.
. "$SGIT_TEST_TOP/tests/lib.sh"

# twin <what> <base> <fetch args...>: copy base to g and s, fetch in each, compare everything
twin() {
	what=$1 base=$2; shift 2
	rm -rf g s && cp -R "$base" g && cp -R "$base" s || exit 2
	(cd g && git fetch "$@" >../g.out 2>../g.err; echo "exit $?" >>../g.err)
	(cd s && "$SGIT_BIN" fetch "$@" >../s.out 2>../s.err; echo "exit $?" >>../s.err)
	expect_files_eq "$what: stderr and exit code" g.err s.err
	expect_files_eq "$what: no stdout" g.out s.out
	if [ "$(tail -n 1 g.err)" = "exit 128" ]; then
		# git empties FETCH_HEAD before it fails; sgit leaves it as it was
		[ -f "$base/.git/FETCH_HEAD" ] || : >"$base/.git/FETCH_HEAD"
		expect_files_eq "$what: FETCH_HEAD as it was" "$base/.git/FETCH_HEAD" s/.git/FETCH_HEAD
	elif [ -f g/.git/FETCH_HEAD ] || [ -f s/.git/FETCH_HEAD ]; then
		expect_files_eq "$what: FETCH_HEAD" g/.git/FETCH_HEAD s/.git/FETCH_HEAD
	fi
	(cd g && git for-each-ref --format='%(refname) %(objectname) %(symref)') >g.refs
	(cd s && git for-each-ref --format='%(refname) %(objectname) %(symref)') >s.refs
	expect_files_eq "$what: refs" g.refs s.refs
	(cd g/.git && find logs -type f 2>/dev/null | sort | xargs -r tail -n +1) >g.logs
	(cd s/.git && find logs -type f 2>/dev/null | sort | xargs -r tail -n +1) >s.logs
	expect_files_eq "$what: reflogs" g.logs s.logs
}

# ---- the source: branches, annotated and light tags, a tag only history reaches ----
git init -q there && cd there || exit 2
for i in 1 2 3 4; do echo "$i" >f && git add f && git commit -q -m "c$i" || exit 2; done
git tag -a -m 'version 1' v1.0 HEAD~3 && git tag old HEAD~2 && git tag -a -m tip tip &&
	git branch side HEAD~1 && git checkout -q -b topic HEAD~2 && echo t >t && git add t &&
	git commit -q -m topic && git tag on-topic && git checkout -q master &&
	git update-ref refs/remotes/six/HEAD HEAD~1 || exit 2
cd .. || exit 2
git init -q empty || exit 2

twin "fetch <path> <tag>" empty ../there v1.0
twin "fetch <path> <branch> <tag>" empty ../there master v1.0
twin "fetch <path> (its HEAD)" empty ../there
twin "fetch <path> six:six" empty ../there six:six
twin "fetch <path>/.git <branch>" empty ../there/.git side
twin "fetch file://<path> <branch>:<ref>" empty "file://$TEST_DIR/there" topic:refs/heads/t
twin "fetch --tags <path>" empty --tags ../there
twin "fetch <path> with a glob refspec" empty ../there 'refs/heads/*:refs/remotes/x/*'

# a configured remote, the current branch merging its master
cp -R empty mine && cd mine && git remote add origin ../there && git config branch.master.remote origin &&
	git config branch.master.merge refs/heads/master && cd .. || exit 2
twin "fetch <remote>" mine origin
twin "fetch (the default remote)" mine
twin "fetch -q" mine -q
twin "fetch <remote> <branch> (its remote-tracking ref comes along)" mine origin side
twin "fetch --no-tags <remote>" mine --no-tags origin
(cd mine && git config remote.origin.tagOpt --tags) || exit 2
twin "remote.<name>.tagOpt --tags" mine origin
(cd mine && git config --unset remote.origin.tagOpt && git config --unset branch.master.merge) || exit 2
twin "fetch <remote> without branch.<name>.merge" mine origin
(cd mine && git config remote.origin.fetch refs/heads/side:refs/remotes/origin/side &&
	git config --add remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*') || exit 2
twin "the first refspec's ref is for merge when it is no glob" mine origin
(cd mine && git config --unset-all remote.origin.fetch &&
	git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*' &&
	git config branch.master.merge refs/heads/master && git fetch -q origin) || exit 2

# the other side moves: a fast-forward, a forced update, a new branch with a long name, a gone branch
(cd there && git checkout -q side && echo s >s && git add s && git commit -q -m s2 &&
	git checkout -q master && git commit -q --amend -m 'c4, again' && git tag -a -m later later &&
	git branch a-branch-with-a-rather-long-name HEAD~1 && git branch -D topic -q &&
	git branch "$(printf 'x%.0s' $(seq 1 60))" HEAD~1 && git tag fresh HEAD~1) || exit 2
twin "fetch after the other side moved" mine origin
twin "fetch -v" mine -v origin
twin "fetch --prune -v" mine --prune -v origin
twin "fetch -p (remote.<name>.prune's command-line form)" mine -p
# several refs pruned at once, symbolic refs left dangling by each (two by one of them)
(cd there && git branch gone1 HEAD~1 && git branch gone2 HEAD~1) && cp -R mine pruning &&
	(cd pruning && git fetch -q origin && git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/gone1 &&
	git symbolic-ref refs/remotes/origin/alias refs/remotes/origin/gone1 &&
	git symbolic-ref refs/remotes/origin/zz refs/remotes/origin/gone2) &&
	(cd there && git branch -D -q gone1 gone2) || exit 2
twin "fetch --prune leaving symbolic refs dangling" pruning --prune origin
twin "a non-fast-forward without + is refused" mine origin master:refs/remotes/origin/master
twin "a non-fast-forward with --force" mine -f origin master:refs/remotes/origin/master
twin "an existing tag is not clobbered" mine origin refs/tags/tip:refs/tags/old
twin "tag <name>" mine origin tag later
twin "a name the other side does not have" mine origin nosuch

# two refs stored into one local ref: the same ref twice is taken once; else git warns or refuses
twin "the same refspec twice" mine origin master:refs/heads/x master:refs/heads/x
twin "two refs into one local ref" mine origin master:refs/heads/x side:refs/heads/x
twin "a remote-tracking ref given another ref" mine origin side:refs/remotes/origin/master master
(cd mine && git config remote.origin.fetch refs/heads/master:refs/remotes/origin/x &&
	git config --add remote.origin.fetch refs/heads/side:refs/remotes/origin/x) || exit 2
twin "one remote-tracking ref for two refs" mine origin master side
(cd mine && git config --unset-all remote.origin.fetch &&
	git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*') || exit 2

# ---- a packed history of 1,000 commits made by git ----
git init -q --bare big.git && (cd big.git &&
	i=0; while [ $i -lt 1000 ]; do
		printf 'commit refs/heads/main\nmark :%d\ncommitter C O Mitter <c@example.com> %d +0000\ndata 8\ncommit %d\n' \
			$((i + 1)) $((1112912053 + i)) $((i % 10))
		[ $i -gt 0 ] && printf 'from :%d\n' $i
		printf 'M 644 inline f%d\ndata %d\n%s\n\n' $((i % 37)) $((${#i} + 1)) "$i"
		i=$((i + 1))
	done | git fast-import --quiet && git gc -q && git tag -a -m half half main~500) || exit 2
git init -q bigfetch && cd bigfetch || exit 2
expect "fetch a packed history of 1,000 commits" sgit fetch ../big.git main:refs/heads/main
expect "git fsck --strict is clean" git fsck --strict
expect_eq "every commit arrived" 1000 "$(git rev-list --count main)"
(cd ../big.git && git rev-list --objects --all | cut -c1-40 | sort) >../want
git rev-list --objects --all | cut -c1-40 | sort >../got
expect_files_eq "every object arrived, the followed tag's too" ../want ../got
expect_eq "as one pack" 1 "$(ls .git/objects/pack/*.pack | wc -l | tr -d ' ')"
expect "git verify-pack reads it" git verify-pack .git/objects/pack/*.idx
cd .. || exit 2

# ---- git fetches from what sgit made ----
sgit init -q made && cd made && echo x >x && sgit add x && sgit commit -q -m made &&
	sgit tag -m 'made by sgit' made-tag && cd .. || exit 2
git init -q fromsgit && cd fromsgit || exit 2
expect "git fetches from a repository sgit made (loose objects)" git fetch -q ../made master:refs/heads/m
expect "fsck --strict" git fsck --strict
expect_eq "with its tag" made-tag "$(git tag)"
expect "git fetches from the pack sgit fetched" git fetch -q ../bigfetch 'refs/heads/*:refs/heads/b/*'
expect "fsck --strict" git fsck --strict
expect_eq "all 1,000 commits" 1000 "$(git rev-list --count b/main)"
cd .. || exit 2
expect "git clone --no-local of a repository sgit fetched into" git clone -q --no-local bigfetch bigclone
expect "fsck --strict" git -C bigclone fsck --strict

finish
