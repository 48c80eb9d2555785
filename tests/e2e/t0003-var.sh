#!/bin/sh
# sgit var: identities (environment, configuration, guesses, refusals), dates, editor, pager.
. "$SGIT_TEST_TOP/tests/lib.sh"

export TERM=xterm
unset VISUAL EMAIL

# ---- identities from the environment (tests/lib.sh fixes them) ----
same_as_git "author ident from the environment" var GIT_AUTHOR_IDENT
same_as_git "committer ident from the environment" var GIT_COMMITTER_IDENT
expect_eq "the ident line has the fixed date" "A U Thor <author@example.com> 1112911993 -0700" \
	"$(sgit var GIT_AUTHOR_IDENT)"

# ---- dates in GIT_*_DATE, as git reads them ----
for d in "1112911993 +0200" "@1112911993 -0700" "@1112911993" "2005-04-07T22:13:13" \
	"2005-04-07 22:13:13 +0200" "2005-04-07T22:13:13Z" "2005-04-07T22:13:13.5-07:00" \
	"Thu, 07 Apr 2005 22:13:13 +0200" "Thu Apr 7 22:13:13 2005 -0700" "Thu Apr 7 22:13:13 2005 PDT" \
	"12/31/2004 10:00 +0000" "31.12.2004 10:00" "20050407T221313" "1970-01-01 00:00:00 +0100"; do
	GIT_AUTHOR_DATE=$d
	same_as_git "GIT_AUTHOR_DATE='$d'" var GIT_AUTHOR_IDENT
done
export TZ=America/Los_Angeles
GIT_AUTHOR_DATE="2005-01-07 22:13:13"
same_as_git "a date without a zone takes the local zone's winter offset" var GIT_AUTHOR_IDENT
GIT_AUTHOR_DATE="2005-07-07 22:13:13"
same_as_git "a date without a zone takes the local zone's summer offset" var GIT_AUTHOR_IDENT
export TZ=UTC
for d in "garbage" "2005-04-07" "2100-01-01 00:00:00 +0000"; do
	GIT_AUTHOR_DATE=$d
	same_as_git "invalid date '$d' is refused" var GIT_AUTHOR_IDENT
done
expect_code "an invalid date exits 128" 128 sgit var GIT_AUTHOR_IDENT
expect_stderr_match "an invalid date gets git's message" "^fatal: invalid date format: 2100-01-01 00:00:00 \+0000$"
GIT_AUTHOR_DATE="1112911993 -0700"

# ---- names and emails are cleaned as git cleans them ----
GIT_AUTHOR_NAME=' <"Mr. Foo>" Bar., ' GIT_AUTHOR_EMAIL=' <foo@example.com>. '
same_as_git "crud is trimmed from names and emails" var GIT_AUTHOR_IDENT
GIT_AUTHOR_NAME='.,;'
same_as_git "a name of nothing but punctuation is refused" var GIT_AUTHOR_IDENT
GIT_AUTHOR_NAME=
same_as_git "an empty name is refused" var GIT_AUTHOR_IDENT
expect_code "an empty name exits 128" 128 sgit var GIT_AUTHOR_IDENT
expect_stderr_match "the empty name refusal names the email" \
	"^fatal: empty ident name \(for < <foo@example.com>\. >\) not allowed$"
GIT_AUTHOR_EMAIL=
GIT_AUTHOR_NAME="A U Thor"
same_as_git "an empty email is allowed" var GIT_AUTHOR_IDENT

# ---- configuration, in and outside a repository ----
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
git config --global user.name "Global User"
git config --global user.email "global@example.com"
same_as_git "user.name and user.email from the global config" var GIT_AUTHOR_IDENT
git init -q repo
cd repo
git config user.name "Local User"
same_as_git "the repository's config wins over the global one" var GIT_COMMITTER_IDENT
git config author.email "author@local.example"
same_as_git "author.email wins over user.email for the author" var GIT_AUTHOR_IDENT
same_as_git "author.email does not touch the committer" var GIT_COMMITTER_IDENT
git config committer.name "Committer Name"
same_as_git "committer.name wins over user.name for the committer" var GIT_COMMITTER_IDENT
same_as_git "-c wins over the files" -c user.email=cmdline@example.com var GIT_COMMITTER_IDENT
GIT_COMMITTER_EMAIL=env@example.com
export GIT_COMMITTER_EMAIL
same_as_git "the environment wins over every config" var GIT_COMMITTER_IDENT
unset GIT_COMMITTER_EMAIL
mkdir -p deep/er && cd deep/er
same_as_git "a subfolder of the repository sees its config" var GIT_AUTHOR_IDENT
cd "$TEST_DIR"
same_as_git "-l lists the config and the variables" var -l
cd repo
same_as_git "-l in a repository lists its config too" var -l
cd "$TEST_DIR"
rm -f "$HOME/.gitconfig"

# ---- no identity at all ----
export EMAIL=from-env@example.com
git config --global user.name "Only Name"
same_as_git "EMAIL is used when no email is configured" var GIT_AUTHOR_IDENT
git config --global user.useConfigOnly true
same_as_git "EMAIL is not configuration: useConfigOnly refuses it" var GIT_AUTHOR_IDENT
expect_code "useConfigOnly without an email exits 128" 128 sgit var GIT_AUTHOR_IDENT
expect_stderr_match "the refusal starts with git's advice" "^Author identity unknown$"
expect_stderr_match "and ends with git's message" "^fatal: no email was given and auto-detection is disabled$"
same_as_git "-l still shows a guess with useConfigOnly" var -l
rm -f "$HOME/.gitconfig"
unset EMAIL
same_as_git "without any identity the guess is git's (or refused as git does)" var GIT_COMMITTER_IDENT
same_as_git "-l shows the guessed identity" var -l
HOME=$TEST_DIR/empty-home
mkdir -p "$HOME"
same_as_git "with an empty HOME as well" var GIT_AUTHOR_IDENT
HOME=$TEST_DIR/home
export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@example.com"
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL="committer@example.com"

# ---- editor ----
same_as_git "GIT_EDITOR is the editor" var GIT_EDITOR
unset GIT_EDITOR
export VISUAL=visual-editor EDITOR=plain-editor
same_as_git "VISUAL comes before EDITOR" var GIT_EDITOR
same_as_git "core.editor comes before VISUAL" -c core.editor=configured-editor var GIT_EDITOR
TERM=dumb
same_as_git "VISUAL is skipped on a dumb terminal" var GIT_EDITOR
unset EDITOR
same_as_git "a dumb terminal without EDITOR has no editor" var GIT_EDITOR
expect_code "no editor exits 128" 128 sgit var GIT_EDITOR
expect_stderr_match "git's message for a dumb terminal" "^fatal: Terminal is dumb, but EDITOR unset$"
unset TERM
same_as_git "no TERM is a dumb terminal" var GIT_EDITOR
same_as_git "-l leaves out a missing editor" var -l
export TERM=xterm
unset VISUAL
expect_eq "without any setting the editor is vi" "vi" "$(sgit var GIT_EDITOR)"
export GIT_EDITOR=: EDITOR=:

# ---- pager ----
same_as_git "GIT_PAGER is the pager" var GIT_PAGER
unset GIT_PAGER
export PAGER=my-pager
same_as_git "PAGER is used without GIT_PAGER" var GIT_PAGER
same_as_git "core.pager comes before PAGER" -c core.pager=configured-pager var GIT_PAGER
PAGER=
same_as_git "an empty PAGER means cat" var GIT_PAGER
unset PAGER
expect_eq "without any setting the pager is less" "less" "$(sgit var GIT_PAGER)"
export GIT_PAGER=cat PAGER=cat

# ---- other variables and usage ----
same_as_git "GIT_DEFAULT_BRANCH defaults to master" var GIT_DEFAULT_BRANCH
same_as_git "GIT_DEFAULT_BRANCH follows init.defaultBranch" -c init.defaultBranch=main var GIT_DEFAULT_BRANCH
same_as_git "an unknown variable is a usage error" var GIT_NO_SUCH_VAR
same_as_git "no variable is a usage error" var
same_as_git "two variables are a usage error" var GIT_AUTHOR_IDENT GIT_COMMITTER_IDENT
same_as_git "-h is a usage error" var -h
same_as_git "a key without a value stops git var" -c user.name var GIT_PAGER
finish
