#!/bin/sh
# merge-base against git on a generated history: 400 commits on tangled
# branches (merges of two to four parents, criss-crosses, several roots, runs
# of equal committer dates, children dated before their parents). Hundreds of
# questions of every kind (--all, the first base only, one commit against
# several, --octopus, --independent, --is-ancestor) are put to both; the
# answers must be the same ids in the same order with the same exit codes.
# Then the edges: disjoint histories, tags, bad names, non-commits, usage,
# and --fork-point over a reflog.
. "$SGIT_TEST_TOP/tests/lib.sh"

# The fast-import stream. Park-Miller random numbers (exact in awk's doubles),
# so every awk makes the same history.
history() {
	awk -v n=400 '
function rnd(k) { seed = (seed * 16807) % 2147483647; return seed % k }
BEGIN {
	seed = 4242; date = 1500000000; nheads = 0
	for (i = 1; i <= n; i++) {
		np = 0
		if (i > 1 && rnd(100) >= 4) {
			if (nheads && rnd(10) < 7) p[++np] = heads[rnd(nheads) + 1]
			else p[++np] = rnd(i - 1) + 1
			if (rnd(100) < 25) {
				extra = 1 + (rnd(4) == 0) + (rnd(8) == 0)
				for (k = 0; k < extra; k++) {
					lo = i > 40 ? i - 40 : 1
					q = lo + rnd(i - lo)
					dup = 0
					for (j = 1; j <= np; j++) if (p[j] == q) dup = 1
					if (!dup) p[++np] = q
				}
			}
		}
		r = rnd(100)
		if (r < 15) ;
		else if (r < 22) date -= 1 + rnd(5000)
		else date += 1 + rnd(100)
		printf "commit refs/heads/b%d\nmark :%d\n", i % 6, i
		printf "committer C <c@example.com> %d +0000\ndata 3\nc%d\n", date, i % 10
		if (np) {
			printf "from :%d\n", p[1]
			for (j = 2; j <= np; j++) printf "merge :%d\n", p[j]
		} else printf "from 0000000000000000000000000000000000000000\n"
		printf "\n"
		# the last eight commits made are the usual parents: branches
		heads[++nheads] = i
		if (nheads > 8) { for (j = 1; j < nheads; j++) heads[j] = heads[j + 1]; nheads-- }
	}
	print "done"
}'
}

git init -q repo && cd repo || exit 2
history | git fast-import --quiet --done --export-marks=../marks || exit 2
cd .. && sed 's/^:[0-9]* //' marks >ids && cd repo || exit 2
count=$(wc -l <../ids)
expect_eq "the generated history has 400 commits" 400 "$count"

# ask <file suffix> <number of questions> <ids per question> <options...>:
# the ids are drawn from the list by a fixed sequence; each answer, with its
# exit code, goes to ../git.<suffix> and ../sgit.<suffix>
pick_seed=7
ask() {
	suffix=$1 nq=$2 k=$3; shift 3
	awk -v nq="$nq" -v k="$k" -v seed="$pick_seed" -v opts="$*" '
		{ id[NR] = $0 }
		END {
			for (q = 0; q < nq; q++) {
				line = opts
				for (j = 0; j < k; j++) {
					seed = (seed * 16807) % 2147483647
					line = line " " id[seed % NR + 1]
				}
				print line
			}
		}' ../ids >../questions
	pick_seed=$((pick_seed + 1))
	: >../git.$suffix; : >../sgit.$suffix
	while read -r line; do
		{ echo "== $line"; git merge-base $line; echo "exit $?"; } >>../git.$suffix 2>&1
		{ echo "== $line"; sgit merge-base $line; echo "exit $?"; } >>../sgit.$suffix 2>&1
	done <../questions
}

# stderr_of <args...>: run sgit for expect_stderr_match
stderr_of() { sgit "$@" >/dev/null 2>"$TEST_DIR/.err"; }

ask all 120 2 --all
expect_files_eq "--all on 120 pairs answers as git" ../git.all ../sgit.all
ask first 40 2
expect_files_eq "the first base of 40 pairs is git's" ../git.first ../sgit.first
ask many 40 4 --all
expect_files_eq "one commit against three others answers as git" ../git.many ../sgit.many
ask octopus 40 3 --octopus --all
expect_files_eq "--octopus --all on 40 triples answers as git" ../git.octopus ../sgit.octopus
ask independent 40 4 --independent
expect_files_eq "--independent on 40 quadruples answers as git" ../git.independent ../sgit.independent
ask ancestor 80 2 --is-ancestor
expect_files_eq "--is-ancestor on 80 pairs exits as git" ../git.ancestor ../sgit.ancestor
grep -c '^exit 0' ../git.ancestor >../yes; grep -c '^exit 1' ../git.ancestor >../no
expect "--is-ancestor met both answers" sh -c '[ "$(cat ../yes)" -gt 0 ] && [ "$(cat ../no)" -gt 0 ]'
multi=$(awk '/^==/ { if (n > 1) m++; n = 0; next } /^exit/ { next } { n++ } END { if (n > 1) m++; print m + 0 }' ../git.all)
expect "some pairs have several bases" test "$multi" -gt 0

# Edges, in a small repository of its own.
cd .. && git init -q -b main edge && cd edge || exit 2
git commit -q --allow-empty -m root && git tag -a -m annotated ann &&
git checkout -q -b side && git commit -q --allow-empty -m side &&
git checkout -q --orphan other && git commit -q --allow-empty -m other &&
git checkout -q main
echo blob | git hash-object -w --stdin >blob
blob=$(cat blob)

same_as_git "disjoint histories: no base, exit 1" merge-base side other
same_as_git "disjoint histories with --all" merge-base --all side other
same_as_git "an annotated tag is peeled" merge-base ann side
same_as_git "--is-ancestor through a tag" merge-base --is-ancestor ann side
same_as_git "--is-ancestor the other way" merge-base --is-ancestor side ann
same_as_git "a commit is its own ancestor" merge-base --is-ancestor side side
same_as_git "--octopus with one commit" merge-base --octopus side
same_as_git "--octopus with none" merge-base --octopus
same_as_git "--independent with none" merge-base --independent
same_as_git "--independent drops duplicates and ancestors" merge-base --independent side ann side other

same_as_git "a bad name exits 128" merge-base side nope
stderr_of merge-base side nope
expect_stderr_match "a bad name gets git's message" '^fatal: Not a valid object name nope$'
stderr_of merge-base side "HEAD^{tree}"
expect_stderr_match "a tree is not a commit" \
	'^error: object [0-9a-f]{40} is a tree, not a commit$'
expect_stderr_match "a tree gets git's fatal line" '^fatal: Not a valid commit name HEAD\^\{tree\}$'
same_as_git "a blob exits 128" merge-base side "$blob"
same_as_git "a missing full id exits 128" merge-base side 1234567890123456789012345678901234567890
stderr_of merge-base side 1234567890123456789012345678901234567890
expect_stderr_match "a missing id is not a valid commit name" '^fatal: Not a valid commit name 1234567890'

same_as_git "one commit is a usage error" merge-base side
same_as_git "--is-ancestor with one commit is a usage error" merge-base --is-ancestor side
same_as_git "--is-ancestor with three commits" merge-base --is-ancestor side side side
stderr_of merge-base --is-ancestor side side side
expect_stderr_match "--is-ancestor takes two commits" '^fatal: --is-ancestor takes exactly two commits$'
same_as_git "--is-ancestor with --all" merge-base --all --is-ancestor side side
stderr_of merge-base --all --is-ancestor side side
expect_stderr_match "--is-ancestor refuses --all" \
	"^fatal: options '--is-ancestor' and '--all' cannot be used together$"
same_as_git "--independent with --all" merge-base --independent --all side
same_as_git "two modes at once" merge-base --octopus --independent side
stderr_of merge-base --octopus --independent side
expect_stderr_match "two modes get git's message" \
	"^error: option \`independent' is incompatible with --octopus$"
same_as_git "an unknown option" merge-base --bogus side side

# --fork-point: main was rewound after topic forked from it, so only main's
# reflog still knows the fork.
cd .. && git init -q -b main fork && cd fork || exit 2
for m in a b; do git commit -q --allow-empty -m $m || exit 2; done
git checkout -q -b topic && git commit -q --allow-empty -m t && git checkout -q main &&
git reset -q --hard HEAD~1 && git commit -q --allow-empty -m c || exit 2
git update-ref refs/heads/nolog HEAD~1 && rm -f .git/logs/refs/heads/nolog
same_as_git "--fork-point finds the fork in the reflog" merge-base --fork-point main topic
expect_eq "the fork is not the plain merge base" \
	"$(git rev-parse main~1)" "$(sgit merge-base main topic)"
same_as_git "--fork-point of HEAD" merge-base --fork-point main
same_as_git "--fork-point the other way" merge-base --fork-point topic main
same_as_git "--fork-point of a ref without reflog" merge-base --fork-point nolog topic
same_as_git "--fork-point with a ref that is not there" merge-base --fork-point nope topic
stderr_of merge-base --fork-point nope topic
expect_stderr_match "a missing ref gets git's message" "^fatal: No such ref: 'nope'$"
same_as_git "--fork-point with a bad commit name" merge-base --fork-point main nope
stderr_of merge-base --fork-point main nope
expect_stderr_match "a bad commit name gets git's message" "^fatal: Not a valid object name: 'nope'$"
same_as_git "--fork-point with a tree" merge-base --fork-point main "HEAD^{tree}"
same_as_git "--fork-point with three arguments" merge-base --fork-point main topic main
git tag main main~1
same_as_git "--fork-point with an ambiguous ref" merge-base --fork-point main topic
stderr_of merge-base --fork-point main topic
expect_stderr_match "an ambiguous ref gets git's message" "^fatal: Ambiguous refname: 'main'$"

finish
