# tests/concurrency/lib-concurrency.sh: sourced by the concurrency suites
# after tests/lib.sh. Workers start together without sleeps: each blocks on
# its own FIFO until the round's go (the parent opens them in turn), then
# runs one sgit command and records its exit code and stderr. The checks
# are about the truth once all are done, never about an interleaving.

# start_worker <i> <command...>: run the command in the background once
# released; its exit code goes to $TEST_DIR/w$i.rc, its stderr to w$i.err.
start_worker() {
	i=$1; shift
	rm -f "$TEST_DIR/w$i.rc" "$TEST_DIR/w$i.err" "$TEST_DIR/go$i"
	mkfifo "$TEST_DIR/go$i" || exit 2
	(
		read -r _ <"$TEST_DIR/go$i"
		"$@" >/dev/null 2>"$TEST_DIR/w$i.err"
		echo $? >"$TEST_DIR/w$i.rc"
	) &
}

# release <n>: let workers 1..n go, then wait for all of them.
release() {
	j=1
	while [ "$j" -le "$1" ]; do
		echo go >"$TEST_DIR/go$j"
		j=$((j + 1))
	done
	wait
}

rc_of() { cat "$TEST_DIR/w$1.rc"; }

# The hint git prints after "Unable to create '<lock>': File exists."
lock_hint='
Another git process seems to be running in this repository, e.g.
an editor opened by '"'"'git commit'"'"'. Please make sure all processes
are terminated then try again. If it still fails, a git process
may have crashed in this repository earlier:
remove the file manually to continue.'

# lost_race <i> <regex of the first line>: worker i's stderr is git's words
# for losing: the first line matches, and after an "Unable to create" comes
# git's hint. Adds to $problems otherwise.
lost_race() {
	err="$TEST_DIR/w$1.err"
	if ! head -n 1 "$err" | grep -Eq "$2"; then
		problems="$problems
  round $round: worker $1 failed with: $(head -n 2 "$err" | tr '\n' ' ')"
	elif head -n 1 "$err" | grep -q "Unable to create '.*\\.lock': File exists\\.\$" &&
	     [ "$(sed -n '2,7p' "$err")" != "$lock_hint" ]; then
		problems="$problems
  round $round: worker $1: a lock reported without git's hint"
	fi
}

fsck_clean() {
	git fsck --strict --no-dangling --no-progress >"$TEST_DIR/.fsck" 2>&1 || problems="$problems
  round $round: git fsck --strict: $(head -n 3 "$TEST_DIR/.fsck" | tr '\n' ' ')"
}

report() {
	if [ -z "$problems" ]; then ok "$1"; else not_ok "$1"; echo "$problems" | head -n 20; fi
	problems=
}
problems=
