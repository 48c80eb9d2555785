#!/bin/sh
# update-ref with old values, two and three processes at once, many rounds.
# On one ref, exactly one wins: the ref holds its value, its log gained
# exactly that one line, every loser exits 128 with git's words (the lock
# is taken, or the ref is no longer at the old value). On different refs,
# all win. fsck stays clean.
. "$SGIT_TEST_TOP/tests/lib.sh"
. "$SGIT_TEST_TOP/tests/concurrency/lib-concurrency.sh"

git init -q -b main repo && cd repo || exit 2
for i in 1 2 3 4 5 6; do git commit -q --allow-empty -m "c$i" || exit 2; done
set -- $(git rev-list main)
c1=$1 c2=$2 c3=$3 c4=$4

lose='^fatal: update_ref failed for ref .refs/heads/r.: cannot lock ref .refs/heads/r.: (Unable to create .*\.lock.: File exists\.|is at [0-9a-f]{40} but expected [0-9a-f]{40})$'
for n in 2 3; do
	round=0
	while [ $round -lt 12 ]; do
		round=$((round + 1))
		git update-ref -m base refs/heads/r "$c1" || exit 2
		lines=$(wc -l <.git/logs/refs/heads/r)
		start_worker 1 sgit update-ref -m w1 refs/heads/r "$c2" "$c1"
		start_worker 2 sgit update-ref -m w2 refs/heads/r "$c3" "$c1"
		[ $n = 3 ] && start_worker 3 sgit update-ref -m w3 refs/heads/r "$c4" "$c1"
		release $n
		wins=0 winner=
		for w in $(seq 1 $n); do
			if [ "$(rc_of $w)" = 0 ]; then wins=$((wins + 1)) winner=$w
			else
				[ "$(rc_of $w)" = 128 ] || problems="$problems
  round $round: worker $w exited $(rc_of $w)"
				lost_race $w "$lose"
			fi
		done
		if [ $wins != 1 ]; then
			problems="$problems
  round $round: $wins winners"
			continue
		fi
		eval "want=\$c$((winner + 1))"
		[ "$(git rev-parse refs/heads/r)" = "$want" ] || problems="$problems
  round $round: worker $winner won but the ref is at $(git rev-parse refs/heads/r)"
		[ "$(wc -l <.git/logs/refs/heads/r)" = $((lines + 1)) ] &&
			tail -n 1 .git/logs/refs/heads/r | grep -q "	w$winner\$" || problems="$problems
  round $round: the log did not gain exactly the winner's line"
	done
	fsck_clean
	report "$n processes, one ref, old values: one winner a round, losers in git's words (12 rounds)"
done

# different refs at once: nobody's update is in anybody's way
round=0
while [ $round -lt 10 ]; do
	round=$((round + 1))
	for w in 1 2 3; do git update-ref "refs/heads/d$w" "$c1" || exit 2; done
	for w in 1 2 3; do start_worker $w sgit update-ref "refs/heads/d$w" "$c2" "$c1"; done
	release 3
	for w in 1 2 3; do
		[ "$(rc_of $w)" = 0 ] && [ "$(git rev-parse "refs/heads/d$w")" = "$c2" ] || problems="$problems
  round $round: the update of d$w was lost: exit $(rc_of $w), $(head -n 1 "$TEST_DIR/w$w.err")"
	done
done
fsck_clean
report "3 processes, 3 refs: every update lands (10 rounds)"

finish
