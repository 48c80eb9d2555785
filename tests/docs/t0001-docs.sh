#!/bin/sh
# tests/docs/t0001-docs.sh: run every example docs/*.md shows and compare what
# sgit prints with what the page says, so the docs cannot go stale.
#
# A runnable example is a fenced block opened by ```console (docs/README.md,
# "Examples that are tested", tells writers the same):
#   $ <command>      a command, run by sh; "> " lines right after it continue it
#   <output>         any other line: what the command prints, stdout and stderr
#                    together, byte for byte
#   ...              a line of three dots matches any number of lines: for what
#                    cannot be made the same on every run; use it sparingly
#   (exit status N)  last line of a command's output when it exits non-zero
#                    (a command that fails without saying so is a failure)
# Other blocks (```sh, ```c, indented) are illustrations and are not run.
#
# The blocks of one file run in order in one shell, in a fresh directory with
# its own HOME and GNUPGHOME (the test keys of tests/fixtures/gpg imported),
# the names and dates of tests/lib.sh, and gpg.program set to a wrapper that
# signs at a fixed time: same dates, same ids; same signing time and key,
# same signature bytes. A file that holds the line "<!-- console: needs gpg -->"
# is skipped when gpg is missing.
. "$SGIT_TEST_TOP/tests/lib.sh"

mkdir -p "$TEST_DIR/bin" || exit 2
ln -s "$SGIT_BIN" "$TEST_DIR/bin/sgit" || exit 2
PATH=$TEST_DIR/bin:$PATH
# Signing at a fixed time gives the same bytes on every run; checking needs no help.
cat >"$TEST_DIR/bin/gpg-fixed-time" <<'WRAP'
#!/bin/sh
case " $* " in *" --verify "*) exec gpg "$@" ;; esac
exec gpg --faked-system-time 20200102T120000! "$@"
WRAP
chmod +x "$TEST_DIR/bin/gpg-fixed-time"
have_gpg=1
command -v gpg >/dev/null 2>&1 || have_gpg=0

# steps <file.md> <dir>: cut the console blocks of file.md into dir/NNNN.cmd
# (the command), dir/NNNN.exp (its expected output) and dir/list (one
# "NNNN <line>" per command). Fails on a block left open or output before any
# command.
steps() {
	awk -v dir="$2" '
	function fail(msg) { print FILENAME ":" FNR ": " msg >"/dev/stderr"; bad = 1 }
	!inblock && /^```console[ \t]*$/ { inblock = 1; incmd = 0; next }
	!inblock { next }
	/^```[ \t]*$/ { inblock = 0; next }
	/^\$ / {
		if (n) { close(cf); close(ef) }
		n++
		cf = sprintf("%s/%04d.cmd", dir, n); ef = sprintf("%s/%04d.exp", dir, n)
		print substr($0, 3) >cf
		printf "" >ef
		printf "%04d %d\n", n, FNR >(dir "/list")
		incmd = 1
		next
	}
	incmd && /^> / { print substr($0, 3) >cf; next }
	{ incmd = 0; if (!n) fail("output before any command"); else print >ef }
	END { if (inblock) fail("a console block is not closed"); if (!n) printf "" >(dir "/list"); exit bad }
	' "$1"
}

# matches <expected> <actual>: each line equal, "..." standing for any lines
matches() {
	awk '
	function m(i, j) {
		if (i > ne) return j > na
		if (e[i] == "...") return m(i + 1, j) || (j <= na && m(i, j + 1))
		return j <= na && e[i] == a[j] && m(i + 1, j + 1)
	}
	FNR == NR { e[++ne] = $0; next }
	{ a[++na] = $0 }
	END { exit !m(1, 1) }
	' "$1" "$2"
}

# check_doc <file.md> <name>: run its examples in a fresh directory; one
# "ok"/"not ok" line per command. Runs in a subshell: exits 1 on any failure.
check_doc() (
	doc=$1 name=$2
	d=$(mktemp -d "$TEST_DIR/doc-XXXXXX") || exit 2
	mkdir "$d/steps" "$d/home" "$d/gnupg" "$d/work" && chmod 700 "$d/gnupg" || exit 2
	if ! steps "$doc" "$d/steps"; then not_ok "$name: its console blocks can be read"; exit 1; fi
	if grep -q '^<!-- console: needs gpg -->$' "$doc" && [ $have_gpg = 0 ]; then
		ok "$name: # skip: gpg is missing"; exit 0
	fi
	[ -s "$d/steps/list" ] || { ok "$name: shows no command to run"; exit 0; }
	export HOME="$d/home" GNUPGHOME="$d/gnupg"
	if [ $have_gpg = 1 ]; then setup_gpg || { not_ok "$name: the test keys"; exit 1; }; fi
	printf '[gpg]\n\tprogram = %s\n' "$TEST_DIR/bin/gpg-fixed-time" >"$HOME/.gitconfig"
	cd "$d/work" || exit 2
	set +u	# the commands are what a reader types at an interactive shell
	for _dt_n in $(awk '{print $1}' "$d/steps/list"); do
		_dt_line=$(awk -v n="$_dt_n" '$1 == n {print $2}' "$d/steps/list")
		_dt_cmd=$(cat "$d/steps/$_dt_n.cmd")
		eval "$_dt_cmd" >"$d/out" 2>&1 </dev/null
		_dt_rc=$?
		[ $_dt_rc = 0 ] || echo "(exit status $_dt_rc)" >>"$d/out"
		# lib.sh prints with echo, which reads backslashes: double them
		_dt_what="$name:$_dt_line: \$ $(head -n 1 "$d/steps/$_dt_n.cmd" | sed 's/\\/\\\\/g')"
		if matches "$d/steps/$_dt_n.exp" "$d/out"; then ok "$_dt_what"; else
			not_ok "$_dt_what"
			diff -u "$d/steps/$_dt_n.exp" "$d/out" | sed '1,2d; s/^/  /' | head -n 40
		fi
	done
	# gpg-agent and keyboxd started for this home go with it
	[ $have_gpg = 1 ] && gpgconf --homedir "$GNUPGHOME" --kill all >/dev/null 2>&1
	finish
)

# The checker itself: a page whose shown output is wrong must fail, and "...",
# "> " continuation lines and the exit status line must work as described.
selftest=$TEST_DIR/selftest.md
cat >"$selftest" <<'PAGE'
Text is not run.
```console
$ echo one; echo two; echo three
one
...
three
$ printf '%s\n' a \
> b
a
b
$ sh -c 'echo oops >&2; exit 3'
oops
(exit status 3)
```
```sh
$ false
```
PAGE
check_doc "$selftest" selftest >"$TEST_DIR/self.out" 2>&1
if [ $? = 0 ] && [ "$(grep -c '^ok ' "$TEST_DIR/self.out")" = 3 ]; then ok "the checker accepts a page that is right"; else
	not_ok "the checker accepts a page that is right"; sed 's/^/  | /' "$TEST_DIR/self.out"; fi
sed 's/^three$/trois/' "$selftest" >"$TEST_DIR/wrong.md"
check_doc "$TEST_DIR/wrong.md" wrong >"$TEST_DIR/self.out" 2>&1
if [ $? != 0 ] && grep -q '^not ok - wrong:3: ' "$TEST_DIR/self.out" && grep -q '^  +three$' "$TEST_DIR/self.out"; then
	ok "the checker refuses a page whose shown output differs"; else
	not_ok "the checker refuses a page whose shown output differs"; sed 's/^/  | /' "$TEST_DIR/self.out"; fi
sed 's/^(exit status 3)$//' "$selftest" >"$TEST_DIR/wrong.md"
check_doc "$TEST_DIR/wrong.md" wrong >"$TEST_DIR/self.out" 2>&1
if [ $? != 0 ] && grep -q '^not ok - wrong:11: ' "$TEST_DIR/self.out"; then
	ok "the checker refuses a failing command that does not show its exit status"; else
	not_ok "the checker refuses a failing command that does not show its exit status"; sed 's/^/  | /' "$TEST_DIR/self.out"; fi

for doc in "$SGIT_TEST_TOP"/docs/*.md; do
	check_doc "$doc" "docs/${doc##*/}" || test_failures=$((test_failures + 1))
done
finish
