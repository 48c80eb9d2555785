# tests/lib.sh: sourced by every e2e and interop script.
# Each script runs in a fresh temp dir with its own HOME and GNUPGHOME, fixed
# identity, dates, locale and time zone, and reports one line per check:
# "ok - <what>" or "not ok - <what>" (tests/run.sh counts them).
set -u
: "${SGIT_BIN:?SGIT_BIN must name the sgit binary}"
SGIT_TEST_TOP=${SGIT_TEST_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
TEST_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sgit-test-XXXXXX")
trap 'cd /; rm -rf "$TEST_DIR"' EXIT
cd "$TEST_DIR" || exit 2

export HOME="$TEST_DIR/home" GNUPGHOME="$TEST_DIR/gnupg"
mkdir -p "$HOME" "$GNUPGHOME" && chmod 700 "$GNUPGHOME"
export LC_ALL=C LANG=C TZ=UTC
export GIT_CONFIG_NOSYSTEM=1 GIT_ATTR_NOSYSTEM=1
export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@example.com"
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL="committer@example.com"
export GIT_AUTHOR_DATE="1112911993 -0700" GIT_COMMITTER_DATE="1112912053 -0700"
export GIT_PAGER=cat PAGER=cat EDITOR=: GIT_EDITOR=:
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_CONFIG_GLOBAL \
	GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_CEILING_DIRECTORIES XDG_CONFIG_HOME GIT_CONFIG_PARAMETERS

test_failures=0
sgit() { "$SGIT_BIN" "$@"; }

ok()     { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; test_failures=$((test_failures + 1)); }

# expect <what> <command...>: the command succeeds
expect() {
	what=$1; shift
	if "$@" >"$TEST_DIR/.out" 2>"$TEST_DIR/.err"; then ok "$what"; else
		not_ok "$what"; echo "  command failed: $*"; sed 's/^/  | /' "$TEST_DIR/.err" | head -n 20; fi
}

# expect_code <what> <exit code> <command...>
expect_code() {
	what=$1 want=$2; shift 2
	"$@" >"$TEST_DIR/.out" 2>"$TEST_DIR/.err"
	got=$?
	if [ "$got" = "$want" ]; then ok "$what"; else
		not_ok "$what"; echo "  exit $got, wanted $want: $*"; sed 's/^/  | /' "$TEST_DIR/.err" | head -n 20; fi
}

# expect_eq <what> <expected> <actual>
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else
		not_ok "$1"; printf '  expected: %s\n  actual:   %s\n' "$2" "$3"; fi
}

# expect_files_eq <what> <file1> <file2>: byte-identical
expect_files_eq() {
	if cmp -s "$2" "$3"; then ok "$1"; else
		not_ok "$1"; diff -u "$2" "$3" | head -n 40 | sed 's/^/  /'; fi
}

# expect_stderr_match <what> <extended regex>: the last command's stderr matches
expect_stderr_match() {
	if grep -Eq "$2" "$TEST_DIR/.err"; then ok "$1"; else
		not_ok "$1"; echo "  stderr did not match /$2/:"; sed 's/^/  | /' "$TEST_DIR/.err" | head -n 10; fi
}

# same_as_git <what> <args...>: sgit and git print the same stdout and exit alike
same_as_git() {
	what=$1; shift
	"$SGIT_BIN" "$@" >"$TEST_DIR/.sgit.out" 2>"$TEST_DIR/.sgit.err"; s=$?
	git "$@" >"$TEST_DIR/.git.out" 2>"$TEST_DIR/.git.err"; g=$?
	if [ $s = $g ] && cmp -s "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out"; then ok "$what"; else
		not_ok "$what"; echo "  args: $*; exit sgit $s, git $g"
		diff -u "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out" | head -n 40 | sed 's/^/  /'
		sed 's/^/  sgit stderr | /' "$TEST_DIR/.sgit.err" | head -n 5
	fi
}

# same_all <what> <args...>: same_as_git, and stderr too is the same
same_all() {
	what=$1; shift
	"$SGIT_BIN" "$@" >"$TEST_DIR/.sgit.out" 2>"$TEST_DIR/.sgit.err"; s=$?
	git "$@" >"$TEST_DIR/.git.out" 2>"$TEST_DIR/.git.err"; g=$?
	if [ $s = $g ] && cmp -s "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out" &&
	   cmp -s "$TEST_DIR/.git.err" "$TEST_DIR/.sgit.err"; then ok "$what"; else
		not_ok "$what"; echo "  args: $*; exit sgit $s, git $g"
		diff -u "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out" | head -n 30 | sed 's/^/  out /'
		diff -u "$TEST_DIR/.git.err" "$TEST_DIR/.sgit.err" | head -n 20 | sed 's/^/  err /'
	fi
}

# same_as_git_in <what> <stdin file> <args...>: same_as_git, both reading the file
same_as_git_in() {
	what=$1 input=$2; shift 2
	"$SGIT_BIN" "$@" <"$input" >"$TEST_DIR/.sgit.out" 2>"$TEST_DIR/.sgit.err"; s=$?
	git "$@" <"$input" >"$TEST_DIR/.git.out" 2>"$TEST_DIR/.git.err"; g=$?
	if [ $s = $g ] && cmp -s "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out"; then ok "$what"; else
		not_ok "$what"; echo "  args: $* <$input; exit sgit $s, git $g"
		cmp "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out" 2>&1 | sed 's/^/  /'
		diff -u "$TEST_DIR/.git.out" "$TEST_DIR/.sgit.out" | head -n 40 | sed 's/^/  /'
		sed 's/^/  sgit stderr | /' "$TEST_DIR/.sgit.err" | head -n 5
	fi
}

# setup_gpg [signer]: import the test keyring (tests/fixtures/gpg, see its
# README) into $GNUPGHOME with its ownertrust. With "signer", also make
# $GNUPGHOME_SIGNER, a second home holding the keys that sign but that
# $GNUPGHOME must not know (the unknown key; the revoked key before its
# revocation), and gpg.program wrappers: $TEST_DIR/gpg-signer (signs there),
# $TEST_DIR/gpg-past (signs at 2020-01-02, while the expired key was valid),
# $TEST_DIR/gpg-expsig (the same, the signature expiring a day later).
# gpg-agent stops by itself once $TEST_DIR is gone.
setup_gpg() {
	GPG_FIXTURES="$SGIT_TEST_TOP/tests/fixtures/gpg"
	{ gpg --batch --quiet --import "$GPG_FIXTURES/public.asc" "$GPG_FIXTURES/secret.asc" &&
	  gpg --batch --quiet --import-ownertrust "$GPG_FIXTURES/ownertrust.txt" &&
	  gpg --batch --quiet --check-trustdb; } >/dev/null 2>&1 ||
		{ echo "setup_gpg: cannot import the test keys into $GNUPGHOME" >&2; return 1; }
	[ "${1:-}" = signer ] || return 0
	GNUPGHOME_SIGNER="$TEST_DIR/gnupg-signer"
	mkdir -p "$GNUPGHOME_SIGNER" && chmod 700 "$GNUPGHOME_SIGNER" && export GNUPGHOME_SIGNER
	gpg --homedir "$GNUPGHOME_SIGNER" --batch --quiet --import "$GPG_FIXTURES/revoked-secret.asc" \
		"$GPG_FIXTURES/unknown-secret.asc" >/dev/null 2>&1 ||
		{ echo "setup_gpg: cannot import the signer keys" >&2; return 1; }
	printf '#!/bin/sh\nexec gpg --homedir "%s" "$@"\n' "$GNUPGHOME_SIGNER" >"$TEST_DIR/gpg-signer"
	printf '#!/bin/sh\nexec gpg --faked-system-time 20200102T000000! "$@"\n' >"$TEST_DIR/gpg-past"
	printf '#!/bin/sh\nexec gpg --faked-system-time 20200102T000000! --default-sig-expire 1d "$@"\n' \
		>"$TEST_DIR/gpg-expsig"
	chmod +x "$TEST_DIR/gpg-signer" "$TEST_DIR/gpg-past" "$TEST_DIR/gpg-expsig"
}

# Call last: the script's exit status says whether every check passed.
finish() {
	[ "$test_failures" -eq 0 ]
	exit $?
}
