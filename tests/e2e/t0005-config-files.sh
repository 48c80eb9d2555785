#!/bin/sh
# Config files that are not files: an include of /dev/zero, /dev/urandom, a
# FIFO, a directory or a huge file must end every command quickly, with
# git's "bad config line" where git itself stops (git hangs on a FIFO: sgit
# refuses it as it refuses a directory). Each command runs under timeout, so
# a reader that never stops fails here instead of hanging the suite.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
cp .git/config base.cfg
with_include() { cp base.cfg .git/config && printf '[include]\n\tpath = %s\n' "$1" >>.git/config; }
# bounded <what> <sgit args...>: sgit ends within 20 seconds; its result in .sgit.*
bounded() {
	what=$1; shift
	timeout 20 "$SGIT_BIN" "$@" >"$TEST_DIR/.sgit.out" 2>"$TEST_DIR/.sgit.err"; s=$?
	if [ $s != 124 ]; then ok "$what: ends"; else not_ok "$what: ends (killed after 20s)"; fi
}

for dev in /dev/zero /dev/urandom; do
	with_include $dev
	bounded "include of $dev" config --get core.bare
	timeout 20 git config --get core.bare >"$TEST_DIR/.git.out" 2>"$TEST_DIR/.git.err"; g=$?
	expect_eq "include of $dev: git's exit code" "$g" "$s"
	expect_files_eq "include of $dev: git's message" "$TEST_DIR/.git.err" "$TEST_DIR/.sgit.err"
	bounded "include of $dev: status" status
	expect_eq "include of $dev: status dies" "128 fatal: bad config line 1 in file $dev" \
		"$s $(cat "$TEST_DIR/.sgit.err")"
done

with_include /dev/null
bounded "include of /dev/null" config --get core.bare
expect_eq "include of /dev/null: as an empty file" "0 false" "$s $(cat "$TEST_DIR/.sgit.out")"

# a sparse file of NULs as large as a disk could hold
truncate -s 4G "$TEST_DIR/huge" && with_include "$TEST_DIR/huge"
bounded "include of a 4 GiB file of NULs" config --get core.bare
expect_eq "the huge include: git's message" "128 fatal: bad config line 1 in file $TEST_DIR/huge" \
	"$s $(cat "$TEST_DIR/.sgit.err")"
# valid lines, but more of them than any config holds: refused where reading stopped
yes '# a comment line' | head -c 20000000 >"$TEST_DIR/long" && with_include "$TEST_DIR/long"
bounded "include of 20 MB of comments" config --get core.bare
expect_code "20 MB of comments: refused" 128 sh -c 'exit '$s
# 17-byte lines: the first line past the first 16 MiB
expect_eq "20 MB of comments: named by the line where reading stopped" \
	"fatal: bad config line $((16777216 / 17 + 1)) in file $TEST_DIR/long" "$(cat "$TEST_DIR/.sgit.err")"

mkfifo "$TEST_DIR/fifo" && with_include "$TEST_DIR/fifo"
bounded "include of a FIFO nobody writes" config --get core.bare
expect_eq "the FIFO: a bad line of the including file, as for a directory" \
	"128 fatal: bad config line 7 in file $PWD/.git/config" "$s $(cat "$TEST_DIR/.sgit.err")"
with_include "$TEST_DIR"
bounded "include of a directory" config --get core.bare
expect_eq "the directory: as before" "128 fatal: bad config line 7 in file $PWD/.git/config" \
	"$s $(cat "$TEST_DIR/.sgit.err")"

# the repository's own config as a FIFO, or huge
cp base.cfg good.cfg && rm .git/config && mkfifo .git/config
bounded "the repository config is a FIFO" config --get core.bare
expect_code "the FIFO config: a fatal error" 128 sh -c 'exit '$s
rm .git/config && cp good.cfg .git/config && truncate -s 1G .git/config
bounded "the repository config is 1 GiB" status
expect_code "the huge config: a fatal error" 128 sh -c 'exit '$s
rm .git/config && cp good.cfg .git/config
expect "a sane config reads again" sgit config --get core.bare

finish
