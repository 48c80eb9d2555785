#!/bin/sh
# tests/e2e/t0004-help.sh: every command has a manual page (docs/man), shown by
# `sgit <cmd> --help` and `sgit help <cmd>`, naming every option its parser takes.
. "$(dirname "$0")/../lib.sh"

man_dir=$SGIT_TEST_TOP/docs/man
# An empty manual path: man finds no installed page, so sgit shows its own text.
mkdir -p "$TEST_DIR/noman"
export MANPATH="$TEST_DIR/noman"

commands=$(sgit help -a | awk '/^   [a-z]/ { print $1 }')
expect_eq "help -a lists every command of the table in main.c" \
	"$(grep -c '^	{ "' "$SGIT_TEST_TOP/porcelain/cli/main.c")" "$(echo "$commands" | wc -l | tr -d ' ')"

# The options a command takes: its option table (--git-completion-helper-all),
# or, for the commands that parse by hand (log, show, rev-list, rev-parse, var,
# check-ref-format), the option literals of their parsing code.
options_of() {
	out=$(sgit "$1" --git-completion-helper-all 2>/dev/null) && {
		echo "$out" | tr ' ' '\n' | sed -n 's/=$//; /^--[a-z]/p'
		return
	}
	case $1 in
	log | show | rev-list) src="cmd_$(echo "$1" | tr - _).c log_cmd_*.c" ;;
	*) src="cmd_$(echo "$1" | tr - _).c" ;;
	esac
	# string literals outside comments
	(cd "$SGIT_TEST_TOP/porcelain/cli" && cat $src) | perl -0pe 's{/\*.*?\*/}{}gs' |
		grep -o '"--[a-z][a-z0-9-]*' | sed 's/^"//' | sort -u
}

# The short options -h lists ("-x, --long" or "-x <arg>").
short_options_of() {
	sgit "$1" -h 2>&1 | sed -n 's/^    \(-[a-zA-Z0-9]\)[, <[].*/\1/p; s/^    \(-[a-zA-Z0-9]\)$/\1/p' | sort -u
}

# A page names --name, or --[no-]name for both spellings.
page_names() {
	page=$1 opt=$2
	grep -q -- "$opt\([^a-z0-9-]\|$\)" "$page" && return 0
	case $opt in
	--no-*) grep -q -- "--\[no-\]${opt#--no-}\([^a-z0-9-]\|$\)" "$page" ;;
	*) grep -q -- "--\[no-\]${opt#--}\([^a-z0-9-]\|$\)" "$page" ;;
	esac
}

check_page() {
	cmd=$1 page=$2 upper=$3
	missing=
	[ "$(head -n 1 "$page")" = "$upper(1)" ] || missing="$missing first-line"
	for s in NAME SYNOPSIS DESCRIPTION "EXIT STATUS"; do
		grep -qx "$s" "$page" || missing="$missing section:$s"
	done
	awk 'length($0) > 79 { bad = 1 } /\t/ { bad = 1 } END { exit bad }' "$page" ||
		missing="$missing long-lines-or-tabs"
	[ -z "$missing" ] && ok "$cmd: the page has git's sections and fits 79 columns" ||
		{ not_ok "$cmd: the page has git's sections and fits 79 columns"; echo "  missing:$missing"; }
}

for cmd in $commands; do
	page=$man_dir/sgit-$cmd.txt
	if [ ! -f "$page" ]; then
		not_ok "$cmd has a manual page"
		continue
	fi
	check_page "$cmd" "$page" "SGIT-$(echo "$cmd" | tr a-z A-Z)"
	expect_eq "sgit $cmd --help shows its page" "$(cat "$page")" "$(sgit "$cmd" --help)"
	expect_eq "sgit help $cmd shows its page" "$(cat "$page")" "$(sgit help "$cmd")"
	missing=
	for opt in $(options_of "$cmd") $(short_options_of "$cmd"); do
		page_names "$page" "$opt" || missing="$missing $opt"
	done
	[ -z "$missing" ] && ok "$cmd: every option its parser takes is on its page" ||
		{ not_ok "$cmd: every option its parser takes is on its page"; echo "  not on the page:$missing"; }
	if command -v groff >/dev/null 2>&1; then
		warn=$(sh "$SGIT_TEST_TOP/scripts/txt2man" "$page" | groff -man -Tutf8 -ww -z 2>&1)
		expect_eq "$cmd: the page converts to roff that groff reads without a warning" "" "$warn"
	fi
done

stale=
for page in "$man_dir"/sgit-*.txt; do
	[ -f "$page" ] || continue
	name=$(basename "$page" .txt)
	echo "$commands" | grep -qx "${name#sgit-}" || stale="$stale $name"
done
expect_eq "every page in docs/man is the page of a command" "" "$stale"

page=$man_dir/sgit.txt
if [ -f "$page" ]; then
	check_page sgit "$page" SGIT
	expect_eq "sgit help sgit shows the page of sgit itself" "$(cat "$page")" "$(sgit help sgit)"
	expect_eq "sgit help git is sgit's own page" "$(cat "$page")" "$(sgit help git)"
else
	not_ok "sgit itself has a manual page"
fi

expect_code "help of an unknown page fails as man does (16)" 16 sgit help no-such-command
expect_eq "... saying there is no page" "No manual entry for sgit-no-such-command" "$(cat "$TEST_DIR/.err")"
sgit init -q repo && cd repo || exit 2
expect_code "--help after other arguments prints the usage (129), as git does" 129 sgit tag -l --help
expect_eq "... to stdout" "usage: sgit tag [-a | -s | -u <key-id>] [-f] [-m <msg> | -F <file>] [-e]" \
	"$(head -n 1 "$TEST_DIR/.out")"
expect_code "-h prints the usage (129)" 129 sgit log -h
expect_code "help -i fails: there is no info viewer" 128 sgit help -i log
expect_eq "sgit --help lists the commands" "$(sgit help)" "$(sgit --help)"
expect_eq "sgit --help log is sgit help log" "$(sgit help log 2>&1)" "$(sgit --help log 2>&1)"
if command -v man >/dev/null 2>&1 && [ -f "$man_dir/sgit-log.txt" ]; then
	mkdir -p "$TEST_DIR/man/man1"
	sh "$SGIT_TEST_TOP/scripts/txt2man" "$man_dir/sgit-log.txt" >"$TEST_DIR/man/man1/sgit-log.1"
	out=$(MANPATH="$TEST_DIR/man" MANPAGER=cat PAGER=cat MANWIDTH=80 sgit log --help 2>&1)
	case $out in
	SGIT-LOG\(1\)*"sgit Manual"*) ok "with the page installed, --help runs man" ;;
	*) not_ok "with the page installed, --help runs man"; echo "$out" | head -n 5 ;;
	esac
fi
finish
