#!/bin/sh
# The command layer: usage, unknown commands, global options, exit codes as git's.
. "$SGIT_TEST_TOP/tests/lib.sh"

expect_code "no arguments prints the usage and exits 1" 1 sgit
expect_eq "the usage goes to stdout" "usage: sgit" "$(sgit 2>/dev/null | head -n 1 | cut -c1-11)"
expect_code "an unknown command exits 1" 1 sgit no-such-command
expect_stderr_match "an unknown command is named" "'no-such-command' is not a sgit command"
expect_code "an unknown global option exits 129" 129 sgit --no-such-option
expect_code "a command outside a repository exits 128" 128 sgit cat-file -t 1234
expect_stderr_match "outside a repository git's message is given" \
	"^fatal: not a git repository \(or any of the parent directories\): \.git$"
expect_code "-h of a command exits 129 even outside a repository" 129 sgit cat-file -h
expect_eq "-h of a command prints its usage on stdout" "usage: sgit cat-file <type> <object>" \
	"$(sgit cat-file -h | head -n 1)"
expect_code "an unknown option of a command exits 129" 129 sgit hash-object --bogus
expect_stderr_match "an unknown option is named as git names it" "^error: unknown option \`bogus'$"
expect_code "an unknown switch exits 129" 129 sgit hash-object -Q
expect_stderr_match "an unknown switch is named" "^error: unknown switch \`Q'$"
expect "--version works" sgit --version
expect_eq "version prints its line" "sgit version" "$(sgit version | cut -d' ' -f1-2)"
expect_eq "--build-options adds the cpu line" "cpu:" "$(sgit version --build-options | sed -n 2p | cut -d' ' -f1)"
expect_eq "--exec-path prints the folder of the binary" "$(dirname "$SGIT_BIN")" "$(sgit --exec-path)"
expect_code "-C to a missing folder exits 128" 128 sgit -C "$TEST_DIR/missing" version
expect_stderr_match "-C names the folder" "cannot change to '.*missing'"
mkdir sub
sgit -C sub init -q
expect "-C changes folder before the command" test -d sub/.git
echo hi | sgit -C / -C "${TEST_DIR#/}" -C sub hash-object -w --stdin >/dev/null
expect "-C can be repeated, each relative to the last" test -f sub/.git/objects/45/b983be36b73c0788dc9cbcb76cbb80fc7bb057
expect "help lists commands" sgit help
# As git's, "help <command>" is the manual page (tests/e2e/t0004-help.sh checks them all);
# "-h" is the usage.
expect_eq "help <command> shows the command's manual page" "SGIT-HASH-OBJECT(1)" \
	"$(MANPATH=/nonexistent sgit help hash-object | head -n 1)"
expect_eq "<command> -h shows the command's usage" \
	"usage: sgit hash-object [-t <type>] [-w] [--path=<file> | --no-filters]" \
	"$(sgit hash-object -h | head -n 1)"
expect_eq "hash-object works outside a repository" "ce013625030ba8dba906f756967f9e9ca394464a" \
	"$(echo hello | sgit hash-object --stdin)"
expect_code "hash-object -w outside a repository exits 128" 128 sh -c 'echo x | "$SGIT_BIN" hash-object -w --stdin'
finish
