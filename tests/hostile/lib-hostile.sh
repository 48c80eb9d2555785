# tests/hostile/lib-hostile.sh: sourced by tests/hostile/t*.sh after tests/lib.sh.
# A case is a repository "src" whose branch "evil" (a child of "main") holds a
# tree made by mktree.py with names git's own tools refuse. Each command runs
# twice, with git and with sgit, on copies of one clone ("work"); then:
#   safe:   no file named "pwned" exists anywhere, no file outside .git/objects
#           holds "HOSTILE" except inside a work tree (not its .git), and the
#           folder "outside" (where hostile links point) is unchanged;
#   as git: same exit code, same stderr, same work tree, index, and HEAD.
# Payload blobs hold "HOSTILE"; payload files are called "pwned".
OUT=$TEST_DIR/outside
mkdir -p "$OUT" && echo keep >"$OUT/keep"
MKTREE=$SGIT_TEST_TOP/tests/hostile/mktree.py

# mk_case <name> <spec>: spec lines "<mode> <path> <content>" ("\\n" in content
# is a newline; "@OUT" in a link target is the absolute folder "outside").
mk_case() {
	spec=$2
	C=$TEST_DIR/$1
	rm -rf "$C" && mkdir -p "$C"
	(
		cd "$C" && git init -q -b main src && cd src &&
		echo base >README && git add README && git commit -q -m base &&
		git checkout -q -b side && echo side >side.txt && git add side.txt &&
		git commit -q -m side && git checkout -q main &&
		printf '%s\n' "$spec" | sed "s|@OUT|$OUT|g" | python3 "$MKTREE" .git refs/heads/evil "$(git rev-parse main)" >/dev/null &&
		cd .. && git clone -q src work && cd work &&
		git branch -q evil origin/evil && git branch -q side origin/side &&
		cd .. && git clone -q --bare src evil.git && git -C evil.git symbolic-ref HEAD refs/heads/evil
	) || { not_ok "$1: the case could be built"; return 1; }
}

# The state "as git" compares: the work tree, the index and HEAD.
state() {
	(cd "$1" 2>/dev/null || { echo "no work tree"; exit 0; }
	find . -path ./.git -prune -o -printf '%y %p %l\n' | sort
	git ls-files -s; git symbolic-ref -q HEAD; git rev-parse -q --verify HEAD) 2>&1
}

# Anything hostile that escaped: printed, one line each.
escaped() {
	find "$TEST_DIR" -name pwned 2>/dev/null
	grep -rl HOSTILE "$TEST_DIR" --exclude-dir=objects 2>/dev/null |
		grep -v -e '/wt/[^.]' -e '/wt/\.[^g]' -e '/wt/\.g[^i]' -e '/\.err$' -e '/\.out$' -e '/[.]state$'
	ls -A "$OUT" | grep -vx keep
}

# run_cmd <case> <label> <command>: the command is eval'd in the copy of
# "work" (or in an empty folder when it starts with "clone") with T naming
# the tool under test; setup steps use git. SAFE_ONLY=<why>: only "nothing
# escapes" is checked, and why it is not compared with git is printed.
run_cmd() {
	name=$1 label=$2 cmd=$3
	for tool in git sgit; do
		d=$C/run-$tool
		rm -rf "$d" && mkdir -p "$d"
		case $cmd in
		clone*) wd=$d ;;
		*) cp -a "$C/work" "$d/wt" && wd=$d/wt && git -C "$wd" update-index -q --refresh ;;
		esac
		if [ $tool = git ]; then T() { git "$@"; }; else T() { "$SGIT_BIN" "$@"; }; fi
		(cd "$wd" && eval "$cmd") >"$d.out" 2>"$d.err"
		echo "exit $?" >>"$d.err"
		state "$d/wt" >"$d.state"
		esc=$(escaped)
		if [ $tool = sgit ]; then
			if [ -z "$esc" ]; then ok "$name: $label: nothing escapes"; else
				not_ok "$name: $label: nothing escapes"; echo "$esc" | sed 's/^/  escaped: /'; fi
		elif [ -n "$esc" ]; then
			echo "# git let hostile content out in $name: $label"
		fi
		rm -rf "$OUT" && mkdir -p "$OUT" && echo keep >"$OUT/keep"
		find "$TEST_DIR" -name pwned -exec rm -rf {} + 2>/dev/null
	done
	if [ -n "${SAFE_ONLY:-}" ]; then
		echo "# $name: $label: not compared with git ($SAFE_ONLY)"
	elif cmp -s "$C/run-git.err" "$C/run-sgit.err" && cmp -s "$C/run-git.state" "$C/run-sgit.state"; then
		ok "$name: $label: as git"
	else
		not_ok "$name: $label: as git"; echo "  command: $cmd"
		diff -u "$C/run-git.err" "$C/run-sgit.err" | sed 's/^/  err /' | head -n 20
		diff -u "$C/run-git.state" "$C/run-sgit.state" | sed 's/^/  state /' | head -n 20
	fi
	rm -rf "$C/run-git" "$C/run-sgit"
}

# some_writers <case>: the case through a switch and a path checkout only (variants of a class).
some_writers() {
	run_cmd "$1" "checkout" 'T checkout -q evil'
	run_cmd "$1" "restore" 'T restore --source=evil .'
}

# every_writer <case>: the case through each command that writes the work tree.
every_writer() {
	run_cmd "$1" "clone" 'T clone -q ../evil.git wt'
	run_cmd "$1" "fetch, checkout" 'T fetch -q origin && T checkout -q origin/evil'
	run_cmd "$1" "checkout" 'T checkout -q evil'
	run_cmd "$1" "switch" 'T switch -q evil'
	run_cmd "$1" "restore" 'T restore --source=evil .'
	run_cmd "$1" "checkout paths" 'T checkout evil -- .'
	run_cmd "$1" "reset --hard" 'T reset -q --hard evil'
	run_cmd "$1" "merge, fast-forward" 'T merge -q evil'
	run_cmd "$1" "merge, three-way" 'git checkout -q side && T merge -q --no-edit evil'
	run_cmd "$1" "pull" 'git checkout -q side && T pull -q --no-rebase --no-edit origin evil'
	run_cmd "$1" "read-tree -u" 'T read-tree -u -m HEAD evil'
}
