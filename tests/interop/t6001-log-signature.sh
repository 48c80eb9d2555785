#!/bin/sh
# Signatures in log, show and rev-list against git. Over a history signed by
# git - good (ed25519), RSA, bad (edited after signing), NUL appended, unknown
# key, expired key, expired signature, revoked key, untrusted key, unsigned,
# a signed merge, merges of signed tags (mergetag headers, an octopus among
# them) and of an unsigned one (by hand), an amended commit - the %G placeholders, log and show
# --show-signature (with --graph, --oneline, colour, log.showSignature) and
# verify-commit --raw print the same stdout and stderr as git and exit alike.
# The %G placeholders are checked lazily: no gpg run without one, one run per
# signed commit for all of an entry's placeholders (as many as git's).
# git 2.39 aborts ("BUG: invalid trust level requested -1") on %GT for a
# signature without a TRUST_ line (bad, unknown key, expired key): there
# sgit prints "undefined", as later git does; those %GT are left out of the
# comparison and checked on their own.
. "$SGIT_TEST_TOP/tests/lib.sh"

setup_gpg signer || exit 2

git init -q -b main repo && cd repo || exit 2
t=1112912000
tick() { t=$((t + 60)); export GIT_AUTHOR_DATE="$t -0700" GIT_COMMITTER_DATE="$t -0700"; }
c() { tick; echo "$*" >"f$t" && git add "f$t" && git "$@" -q && git rev-parse HEAD; }
# rewrite HEAD with sed script $1 (or append $2 raw) and move the branch to the result
rewrite() {
	{ git cat-file commit HEAD | sed "$1"; printf "${2:-}"; } | git hash-object -w -t commit --stdin >new.id &&
	git update-ref refs/heads/main "$(cat new.id)" && cat new.id
}

{
	good=$(c commit -S -m good)
	rsa=$(c commit -Srsa@example.com -m rsa)
	c commit -S -m "signed, then edited" >/dev/null && bad=$(rewrite 's/^signed, then edited$/edited after signing/')
	c commit -S -m "signed, then a NUL" >/dev/null && nul=$(rewrite '' '\000Qwik\n')
	unknown=$(c -c gpg.program="$TEST_DIR/gpg-signer" commit -Sunknown@example.com -m unknown)
	expired=$(c -c gpg.program="$TEST_DIR/gpg-past" commit -Sexpired@example.com -m expired)
	expsig=$(c -c gpg.program="$TEST_DIR/gpg-expsig" commit -S -m expsig)
	revoked=$(c -c gpg.program="$TEST_DIR/gpg-signer" commit -Srevoked@example.com -m revoked)
	untrusted=$(c commit -Suntrusted@example.com -m untrusted)
	unsigned=$(c commit -m unsigned)
	git branch side && git branch t1 && git branch t2 && git branch t3 && git branch t4
	git checkout -q side && c commit -m "on side" >/dev/null && git checkout -q main
	tick && git merge -q -S --no-ff -m "signed merge" side && merge=$(git rev-parse HEAD)
	git checkout -q t1 && c commit -m "for a signed tag" >/dev/null && git tag -s -m "signed tag" st1
	git checkout -q main && tick && git merge -q --no-ff -m "merge a signed tag" st1 && mergetag=$(git rev-parse HEAD)
	git checkout -q t2 && c commit -m "for an unsigned tag" >/dev/null && git tag -a -m "plain tag" pt2
	git checkout -q t3 && c commit -m "for an unknown key" >/dev/null &&
		git -c gpg.program="$TEST_DIR/gpg-signer" tag -u unknown@example.com -m "unknown" ut3
	git checkout -q t4 && c commit -m "for rsa" >/dev/null && git tag -u rsa@example.com -m "rsa" rt4
	git checkout -q main && tick && git merge -q --no-ff -m "octopus of tags" pt2 ut3 rt4 >/dev/null &&
		octopus=$(git rev-parse HEAD)
	# git records signed tags only: a mergetag of an unsigned one, made by hand
	tick && { echo "tree $(git rev-parse 'HEAD^{tree}')"; echo "parent $(git rev-parse HEAD)"
		echo "parent $(git rev-parse 'pt2^{commit}')"; echo "author $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL> $t -0700"
		echo "committer $GIT_COMMITTER_NAME <$GIT_COMMITTER_EMAIL> $t -0700"
		git cat-file tag pt2 | sed '1s/^/mergetag /; 2,$s/^/ /'; echo; echo "an unsigned tag, merged by hand"
	} | git hash-object -w -t commit --stdin >new.id && git update-ref refs/heads/main "$(cat new.id)" &&
		handmade=$(cat new.id)
	c commit -S -m "to be amended" >/dev/null && tick && git commit -q --amend -S -m amended &&
		amended=$(git rev-parse HEAD)
} || exit 2
[ -n "$amended" ] && [ -n "$handmade" ] && [ -n "$octopus" ] && [ -n "$mergetag" ] || exit 2
expect_eq "the history has its mergetag headers" 4 "$(git rev-list main | while read id; do
	git cat-file commit "$id"; done | grep -c '^mergetag ')"
expect_eq "and its edited and NUL-appended commits" 2 "$(git rev-list main | grep -c -e "$bad" -e "$nul")"
all="good rsa bad nul unknown expired expsig revoked untrusted unsigned merge mergetag octopus handmade amended"

# ---- the %G placeholders ----
same_all "log %H %G? %GS %GK %GF %GP" log --format='%H %G? %GS %GK %GF %GP'
same_all "log %GG" log --format=%GG
same_all "log --graph with %GG (multi-line entries)" log --graph --format='%h %G?%n%GG'
same_all "rev-list --format with %G? %GK" rev-list --format='%G? %GK' main
same_all "%G placeholders with padding and modifiers" log --format='%<(4)%G?|%-GS|%+GK|% GF|%>(20,trunc)%GP'
same_all "%G followed by another letter stays literal" log --format='%Gx %GQ %G'
same_all "format: (separator) with %G?" log --pretty=format:'%G?%x00%GS'
for n in $all; do
	eval "id=\$$n"
	git log -1 --format='%GT' "$id" >/dev/null 2>&1; g=$?
	if [ $g = 0 ]; then
		same_all "%GT, $n" log -1 --format='%H %GT %G?' "$id"
		same_all "show --format %G?%GT, $n" show -s --format='%G?%GT' "$id"
	else
		expect_eq "%GT, $n: undefined where git 2.39 aborts (exit $g)" "undefined" \
			"$(sgit log -1 --format=%GT "$id" 2>&1)"
	fi
done

# ---- gpg missing ----
same_all "%G? with gpg.program missing (a path): git's fatal line, N" \
	-c gpg.program=/nonexistent log --format='%H %G? [%GS] [%GG]'
same_all "%G? with gpg.program not in PATH: git's error line, N" \
	-c gpg.program=nonexistent-gpg log --format='%H %G? [%GK]'
same_all "gpg.openpgp.program is honoured" -c gpg.openpgp.program=/nonexistent log -3 --format=%G?

# ---- lazy: gpg runs only when asked, once per signed commit ----
printf '#!/bin/sh\necho run >>"%s/runs"\nexec gpg "$@"\n' "$TEST_DIR" >"$TEST_DIR/gpg-count" &&
	chmod +x "$TEST_DIR/gpg-count"
runs() { rm -f "$TEST_DIR/runs"; "$@" >/dev/null 2>&1; [ -f "$TEST_DIR/runs" ] && wc -l <"$TEST_DIR/runs" | tr -d ' ' || echo 0; }
signed=$(git rev-list main | while read id; do git cat-file commit "$id" | grep -q '^gpgsig ' && echo "$id"; done | wc -l | tr -d ' ')
cnt="-c gpg.program=$TEST_DIR/gpg-count"
expect_eq "no %G placeholder: no gpg run" 0 "$(runs sgit $cnt log --format='%H %s %an %d')"
expect_eq "the default format: no gpg run" 0 "$(runs sgit $cnt log)"
expect_eq "every %G placeholder at once: one run per signed commit ($signed)" "$signed" \
	"$(runs sgit $cnt log --format='%G? %GS %GK %GF %GP %GG %GT %G?')"
expect_eq "as many runs as git" "$(runs git $cnt log --format='%G? %GS %GK %GF %GP %GG')" \
	"$(runs sgit $cnt log --format='%G? %GS %GK %GF %GP %GG')"
expect_eq "unsigned commits: no run" 0 "$(runs sgit $cnt log --format='%G?%GG' "$unsigned" -1)"
expect_eq "show -s --format=%G? of one signed commit: one run" 1 "$(runs sgit $cnt show -s --format=%G? "$good")"

# ---- log and show --show-signature ----
same_all "log --show-signature" log --show-signature
same_all "log --show-signature --graph" log --show-signature --graph
same_all "log --show-signature --oneline" log --show-signature --oneline
same_all "log --show-signature --oneline --graph" log --show-signature --oneline --graph
same_all "log.showSignature=true" -c log.showSignature=true log
same_all "log.showSignature=true, --no-show-signature" -c log.showSignature=true log --no-show-signature -3
same_all "log --show-signature --color=always" log --show-signature --color=always -6
same_all "log --show-signature --format with %G?" log --show-signature --format='%h %G?'
for n in $all; do
	eval "id=\$$n"
	same_all "show --show-signature, $n" show --show-signature "$id"
done
same_all "show --pretty=short --show-signature of several" show --pretty=short --show-signature -s \
	"$good" "$bad" "$mergetag" "$octopus"
same_all "log --show-signature with gpg missing" -c gpg.program=/nonexistent log --show-signature -3
same_all "log --show-signature with gpg not in PATH: git's error line" \
	-c gpg.program=nonexistent-gpg log --show-signature -3
same_all "verify-commit with gpg not in PATH: git's error line" \
	-c gpg.program=nonexistent-gpg verify-commit "$good"
same_all "verify-commit with gpg missing (a path): git's fatal line" \
	-c gpg.program=/nonexistent verify-commit "$good"

# ---- verify-commit --raw ----
for n in $all; do
	eval "id=\$$n"
	same_all "verify-commit --raw, $n" verify-commit --raw "$id"
done

finish
