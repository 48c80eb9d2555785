#!/bin/sh
# check-ignore against git (as with --no-index: sgit has no index yet) on a tree
# with .gitignore files at several depths, info/exclude and the XDG ignore file:
# the same stdout, exit code and messages for paths, -v, -n, -q, --stdin, -z,
# from a subfolder, for quoted names, for paths it refuses, and for a walk over
# every file of the tree in order.
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q repo && cd repo || exit 2
mkdir -p a/b/c out/sub dir logs/x src/deep/er "$HOME/.config/git" || exit 2
printf '%s\n' '# top level' '*.o' '!keep.o' '/top-only' 'build/' 'dir/' '!dir/keep' \
	'out/*' '!out/keep' 'logs/**' '**/tmp' 'src/**/gen' 'trail   ' 'esc\ ' '\#hash' >.gitignore
printf '%s\n' '!*.o' '*.log' '/anchored' 'b/deeper' >a/.gitignore
printf '%s\n' '*.o' '!x.log' 'c/' >a/b/.gitignore
printf '%s\n' '!keep2' >dir/.gitignore
printf '%s\n' 'from-info' '!from-user' >.git/info/exclude
printf '%s\n' 'from-user' 'user-only' '*.bak' >"$HOME/.config/git/ignore"
for f in x.o keep.o top-only a/x.o a/top-only a/x.log a/anchored a/b/x.o a/b/x.log a/b/y.log \
	a/b/deeper a/b/c/f a/b/c/x.o dir/keep dir/keep2 dir/f out/keep out/f out/sub/f logs/x/f \
	src/tmp src/deep/tmp src/deep/er/gen src/gen from-info from-user user-only y.bak plain \
	'trail' 'esc ' '#hash' "$(printf 'tab\there.o')" "$(printf '\303\251t\303\251.o')" 'sp ace.o'; do
	: >"$f" || exit 2
done
mkdir build && : >build/f

# same_err <what>: the last same_as_git's stderr, the program name aside
same_err() {
	sed 's/^usage: git/usage: sgit/' "$TEST_DIR/.git.err" >"$TEST_DIR/.git.err2"
	expect_files_eq "$1" "$TEST_DIR/.git.err2" "$TEST_DIR/.sgit.err"
}

all='x.o keep.o top-only a/x.o a/top-only a/x.log a/anchored a/b/x.o a/b/x.log a/b/y.log
a/b/deeper a/b/c a/b/c/f a/b/c/x.o dir dir/keep dir/keep2 dir/f out out/keep out/f out/sub
out/sub/f logs logs/x logs/x/f src/tmp src/deep/tmp src/deep/er/gen src/gen from-info from-user
user-only y.bak plain build build/f nothing trail esc# #hash'
# shellcheck disable=SC2086
same_as_git "paths, ignored or not" check-ignore $all 'esc '
# shellcheck disable=SC2086
same_as_git "-v names the deciding pattern, '!' patterns included" check-ignore -v $all 'esc '
# shellcheck disable=SC2086
same_as_git "-v -n lists paths no pattern matched" check-ignore -v -n $all 'esc '
same_as_git "exit 1 when no path is ignored" check-ignore plain keep.o a/x.o
same_as_git "a '!' pattern counts as a match with -v" check-ignore -v keep.o
same_as_git "-q says it with the exit code only" check-ignore -q x.o
same_as_git "-q with a path that is not ignored" check-ignore -q plain
same_as_git "a final slash asks about the folder" check-ignore -v -n build/ a/b/c/ a/ nothing/
same_as_git "dot, dot-dot and doubled slashes" check-ignore -v -n ./x.o a/../x.o a//b/x.o . a/..
same_as_git "an absolute path inside the work tree" check-ignore -v "$TEST_DIR/repo/a/x.log"
same_as_git "names that need quoting are quoted" check-ignore -v "$(printf 'tab\there.o')" \
	"$(printf '\303\251t\303\251.o')" 'sp ace.o'
same_as_git "core.quotePath=false leaves high bytes alone" -c core.quotePath=false \
	check-ignore "$(printf '\303\251t\303\251.o')"
same_as_git "core.excludesFile replaces the XDG file" -c core.excludesFile=.git/info/exclude \
	check-ignore -v -n from-user user-only from-info
same_as_git "core.ignoreCase matches in any case" -c core.ignoreCase=true check-ignore -v X.O A/B/X.LOG \
	FROM-INFO BUILD

cd a/b || exit 2
same_as_git "from a subfolder, paths are relative to it" check-ignore -v -n x.o x.log ../x.log ../../x.o c .
same_as_git "':/' and ':(top)' start from the top" check-ignore -v ':/x.o' ':(top)a/x.log'
cd ../.. || exit 2

printf '%s\n' x.o plain '"a/x.\154og"' '"tab\there.o"' a/b/c/f 'a/b/y.log' keep.o >"$TEST_DIR/list"
same_as_git_in "--stdin answers line by line" "$TEST_DIR/list" check-ignore --stdin
same_as_git_in "--stdin -v -n, with C-quoted lines" "$TEST_DIR/list" check-ignore --stdin -v -n
printf 'x.o\0plain\0a/b/x.log\0"q"\0' >"$TEST_DIR/list0"
same_as_git_in "--stdin -z" "$TEST_DIR/list0" check-ignore --stdin -z
same_as_git_in "--stdin -z -v -n" "$TEST_DIR/list0" check-ignore --stdin -z -v -n
find . -path ./.git -prune -o -print | sed 's|^\./||' | sort >"$TEST_DIR/walk"
same_as_git_in "every path of the tree, in walk order" "$TEST_DIR/walk" check-ignore --stdin -v -n
same_as_git_in "every path of the tree, plain" "$TEST_DIR/walk" check-ignore --stdin
printf 'x.o\n"unterminated\n' >"$TEST_DIR/bad"
same_as_git_in "a badly quoted line stops the run" "$TEST_DIR/bad" check-ignore --stdin
same_err "a badly quoted line: git's message"

ln -s /tmp link && mkdir -p s && ln -s "$TEST_DIR/repo/.gitignore" s/.gitignore || exit 2
same_as_git "a symlinked .gitignore is not followed" check-ignore s/x.o
same_err "a symlinked .gitignore: git's warning"
for args in "check-ignore" "check-ignore --stdin x.o" "check-ignore -z x.o" "check-ignore -q x.o y.o" \
	"check-ignore -q -v x.o" "check-ignore -n x.o" "check-ignore ../x" "check-ignore /tmp/x" \
	"check-ignore link/x.o" "check-ignore :(glob)x.o" "check-ignore :!x.o" "check-ignore :(top" \
	"check-ignore :(nosuch)x"; do
	# shellcheck disable=SC2086
	same_as_git "refused: $args" $args
	same_err "refused: $args: git's message"
done
same_as_git "an empty path is refused" check-ignore x.o ''
same_err "an empty path: git's message"
cd .git || exit 2
same_as_git "inside the git dir there is no work tree" check-ignore x.o
same_err "inside the git dir: git's message"
finish
