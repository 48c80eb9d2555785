#!/bin/sh
# Commits and fetches into one repository at once, many rounds. Every
# commit that said it succeeded is in main's history (nothing lost), the
# others exit 128 with git's words (index.lock taken, HEAD's lock taken,
# or HEAD moved under them); every fetch either succeeded or exited 1 with
# git's lock error, and once a round is over the remote-tracking ref is
# where the other side's branch is. fsck stays clean.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/concurrency/lib-concurrency.sh"

git init -q -b main up && (cd up && git commit -q --allow-empty -m u0) || exit 2
git clone -q "$TEST_DIR/up" repo && cd repo || exit 2

lose='^fatal: (Unable to create .*index\.lock.: File exists\.|cannot lock ref .HEAD.: (Unable to create .*\.lock.: File exists\.|is at [0-9a-f]{40} but expected [0-9a-f]{40}))$'
for n in 2 3; do
	round=0
	while [ $round -lt 10 ]; do
		round=$((round + 1))
		for w in $(seq 1 $n); do start_worker $w sgit commit -q --allow-empty -m "n$n r$round w$w"; done
		release $n
		git log --format=%s main >"$TEST_DIR/.log"
		for w in $(seq 1 $n); do
			if [ "$(rc_of $w)" = 0 ]; then
				grep -qx "n$n r$round w$w" "$TEST_DIR/.log" || problems="$problems
  round $round: worker $w's commit succeeded but is not in main"
			else
				[ "$(rc_of $w)" = 128 ] || problems="$problems
  round $round: worker $w exited $(rc_of $w)"
				lost_race $w "$lose"
			fi
		done
		[ -f .git/index.lock ] && problems="$problems
  round $round: index.lock left behind"
	done
	fsck_clean
	report "$n processes committing at once: no successful commit lost, losers in git's words"
done

# two fetches and a commit at once. (git writes FETCH_HEAD without a lock,
# so its fetches never lose on it; sgit locks it, and a loser there exits
# 128 with git's lock message.)
flose='^(error: cannot lock ref .refs/remotes/origin/main.: (Unable to create .*\.lock.: File exists\.|is at [0-9a-f]{40} but expected [0-9a-f]{40})|fatal: Unable to create .*/FETCH_HEAD\.lock.: File exists\.)$'
round=0
while [ $round -lt 10 ]; do
	round=$((round + 1))
	before=$(git rev-parse origin/main)
	(cd ../up && git commit -q --allow-empty -m "u$round") || exit 2
	after=$(git -C ../up rev-parse main)
	start_worker 1 sgit fetch -q origin
	start_worker 2 sgit fetch -q origin
	start_worker 3 sgit commit -q --allow-empty -m "f r$round"
	release 3
	for w in 1 2; do
		case $(rc_of $w) in
		0) ;;
		1|128) lost_race $w "$flose" ;;
		*) problems="$problems
  round $round: fetch $w exited $(rc_of $w): $(head -n 1 "$TEST_DIR/w$w.err")" ;;
		esac
	done
	now=$(git rev-parse origin/main)
	if [ "$(rc_of 1)" = 0 ] || [ "$(rc_of 2)" = 0 ]; then
		[ "$now" = "$after" ] || problems="$problems
  round $round: a fetch succeeded, origin/main is not the other side's main"
	elif [ "$now" != "$before" ] && [ "$now" != "$after" ]; then
		problems="$problems
  round $round: origin/main is at $now, neither its old value nor the new one"
	fi
	if [ "$(rc_of 3)" = 0 ]; then
		git log --format=%s main | grep -qx "f r$round" || problems="$problems
  round $round: the commit made during the fetches is lost"
	else
		problems="$problems
  round $round: the commit next to the fetches failed: $(head -n 1 "$TEST_DIR/w3.err")"
	fi
	# and alone, a fetch gets there
	sgit fetch -q origin && [ "$(git rev-parse origin/main)" = "$after" ] || problems="$problems
  round $round: a fetch on its own afterwards did not bring origin/main to the other side's main"
done
fsck_clean
report "two fetches and a commit at once: the ref arrives, the commit stays"

finish
