# tests/crash/lib-crash.sh: sourced by the crash suites after tests/lib.sh.
# A command runs under strace with a fault injected at its Nth call of a
# system call (ENOSPC on write, SIGKILL on write, rename or unlink), for N =
# 1, 2, ... until a run gets through untouched. After every run the
# repository must be sound: git fsck --strict is clean, HEAD and every ref
# name objects that are there, the index reads, a reflog never names a value
# its ref does not have after a refused write, and sgit works again (a lock
# left by a kill is reported with git's words and the work goes on once it
# is removed). One line per command and fault, naming every N that broke.

# Can strace inject here (installed, ptrace allowed)? If not, say so and stop.
crash_require_strace() {
	if ! command -v strace >/dev/null 2>&1; then
		echo "ok - # SKIP strace is not installed: no faults can be injected"; exit 0
	fi
	if strace -f -o /dev/null -e inject=write:error=ENOSPC:when=1 /bin/echo x >/dev/null 2>&1 ||
	   ! strace -f -o /dev/null /bin/true >/dev/null 2>&1; then
		echo "ok - # SKIP strace cannot inject faults here (ptrace not permitted?)"; exit 0
	fi
}

# The hint git prints after "Unable to create '<lock>': File exists."
lock_hint='
Another git process seems to be running in this repository, e.g.
an editor opened by '"'"'git commit'"'"'. Please make sure all processes
are terminated then try again. If it still fails, a git process
may have crashed in this repository earlier:
remove the file manually to continue.'

# faulted <fault> <N> <command...>: run the command with the Nth call faulted;
# <fault> is enospc, kill, kill-rename, kill-unlink or kill-fsync. Sets rc.
faulted() {
	fault=$1 n=$2; shift 2
	case $fault in
	enospc) spec=write:error=ENOSPC ;;
	kill) spec=write:signal=SIGKILL ;;
	kill-rename) spec=rename:signal=SIGKILL ;;
	kill-unlink) spec=unlink:signal=SIGKILL ;;
	kill-fsync) spec=fsync:signal=SIGKILL ;;
	esac
	strace -f -o /dev/null -e inject=$spec:when=$n "$@" >"$TEST_DIR/.cmd.out" 2>"$TEST_DIR/.cmd.err"
	rc=$?
}

# sound <label>: the checks every state must pass; problems go to $problems.
sound() {
	if ! git fsck --strict --no-dangling --no-progress >"$TEST_DIR/.fsck" 2>&1; then
		problems="$problems
  $1: git fsck --strict: $(head -n 3 "$TEST_DIR/.fsck" | tr '\n' ' ')"
	fi
	git for-each-ref --format='%(objectname) %(refname)' >"$TEST_DIR/.refs" 2>&1 ||
		problems="$problems
  $1: for-each-ref failed"
	while read -r id name; do
		git cat-file -e "$id" 2>/dev/null || problems="$problems
  $1: $name names missing $id"
	done <"$TEST_DIR/.refs"
	git rev-parse -q --verify HEAD >/dev/null ||
		problems="$problems
  $1: HEAD does not resolve"
	if [ -e .git/index ] && ! git ls-files -s >/dev/null 2>&1; then
		problems="$problems
  $1: the index does not read"
	fi
}

# logs_agree <label> <ref>...: the last line of each ref's log names its value.
logs_agree() {
	label=$1; shift
	for r in "$@"; do
		[ -f ".git/logs/$r" ] || continue
		last=$(tail -n 1 ".git/logs/$r" | cut -d ' ' -f 2)
		now=$(git rev-parse -q --verify "$r" 2>/dev/null)
		[ "$last" = "$now" ] || problems="$problems
  $label: the log of $r ends at $last, the ref is at $now"
	done
}

# works_again <label> <command...>: the command succeeds, after stale locks
# (reported in git's words) are removed one at a time.
works_again() {
	label=$1; shift
	tries=0
	while :; do
		"$@" >"$TEST_DIR/.again.out" 2>"$TEST_DIR/.again.err" && return 0
		lock=$(sed -n "s/^[a-z]*: .*Unable to create '\\(.*\\.lock\\)': File exists\\.\$/\\1/p" \
			"$TEST_DIR/.again.err" | head -n 1)
		tries=$((tries + 1))
		if [ -z "$lock" ] || [ $tries -gt 4 ]; then
			problems="$problems
  $label: '$*' fails: $(head -n 2 "$TEST_DIR/.again.err" | tr '\n' ' ')"
			return 1
		fi
		# the six lines after the first report of it
		hint=$(awk '!seen && /Unable to create .*: File exists\.$/ { seen = n = 1; next } n && n <= 6 { print; n++ }' \
			"$TEST_DIR/.again.err")
		if [ "$hint" != "$lock_hint" ]; then
			problems="$problems
  $label: the stale lock '$lock' is reported without git's hint"
		fi
		rm -f "$lock"
	done
}

# report <what> <runs>: one line for a loop of runs.
report() {
	if [ -z "$problems" ]; then ok "$1 ($2 runs)"; else not_ok "$1 ($2 runs)"; echo "$problems" | head -n 20; fi
	problems=
}
problems=

# calls <syscall> <template> <command...>: how many times a clean run of the
# command in a copy of the template makes that system call.
calls() {
	sc=$1 tpl=$2; shift 2
	rm -rf "$TEST_DIR/run" && cp -a "$tpl" "$TEST_DIR/run" && cd "$TEST_DIR/run" || return 1
	strace -f -qq -o "$TEST_DIR/.trace" -e trace="$sc" "$@" >/dev/null 2>&1
	cd "$TEST_DIR" || return 1
	grep -c "$sc(" "$TEST_DIR/.trace"
}

# crash_loop <what> <fault> <template> <check function> <command...>: for N =
# 1..(calls in a clean run), fault call N of the command run in a fresh copy
# of the template (its work tree), then the check function (in the copy; it
# sees $rc, $fault, $n and adds to $problems), sound, and works_again with
# the script's function "again". One report line.
crash_loop() {
	what=$1 fault=$2 tpl=$3 check=$4; shift 4
	case $fault in
	kill-rename) sc=rename ;;
	kill-unlink) sc=unlink ;;
	kill-fsync) sc=fsync ;;
	*) sc=write ;;
	esac
	k=$(calls $sc "$tpl" "$@")
	runs=0 n=1
	while [ "$n" -le "$k" ]; do
		rm -rf "$TEST_DIR/run" && cp -a "$tpl" "$TEST_DIR/run" && cd "$TEST_DIR/run" || exit 2
		faulted "$fault" "$n" "$@"
		runs=$((runs + 1))
		"$check" "$fault@$n"
		sound "$fault@$n (rc $rc)"
		works_again "$fault@$n" again
		cd "$TEST_DIR" || exit 2
		n=$((n + 1))
	done
	[ "${k:-0}" -gt 0 ] || problems="  no $sc calls to fault"
	report "$what: $fault at each of $k ${sc}s" $runs
}

# head_check <label> <what>: after a faulted run ($rc its exit), HEAD is the
# commit before ($old) or the one the command makes ($new), and $new when it
# succeeded; anything else is added to $problems.
head_check() {
	head=$(git rev-parse HEAD)
	if [ "$rc" = 0 ] && [ "$head" != "$new" ]; then
		problems="$problems
  $1: $2 succeeded, HEAD is $head"
	elif [ "$head" != "$old" ] && [ "$head" != "$new" ]; then
		problems="$problems
  $1: HEAD is $head, neither the old commit nor the new"
	fi
}
