#!/bin/sh
# add, rm, mv and commit on their own: what they stage and record, their
# messages and exit codes, and bad input refused without changing anything
# (a held index lock, a file that vanishes while it is added, a path outside
# the repository, an empty message, nothing to commit, unmerged entries).
. "$SGIT_TEST_TOP/tests/lib.sh"

# (COMMIT_EDITMSG stays behind when a commit is refused, as with git)
snapshot() { find .git -type f ! -name COMMIT_EDITMSG -exec cksum {} + | LC_ALL=C sort -k3; }
# unchanged <what> <exit code> <sgit args...>: fails with that code, the repository as it was
unchanged() {
	what=$1 code=$2; shift 2
	snapshot >../before
	expect_code "$what" "$code" sgit "$@"
	snapshot >../after
	expect_files_eq "$what: nothing changed" ../before ../after
}
staged() { git ls-files -s | tr '\n' ' '; }

git init -q -b main repo && cd repo || exit 2
mkdir -p dir/sub && echo one >a && echo two >dir/b && echo three >dir/sub/c &&
	printf '*.log\nbuild/\n' >.gitignore && echo log >x.log && mkdir build && echo o >build/o &&
	ln -s a link && printf '#!/bin/sh\n' >run && chmod +x run || exit 2

# ---- add ----
expect "add <file>" sgit add a
expect_eq "stages it" "100644 $(git hash-object a) 0	a " "$(staged)"
expect "add -n . stages nothing" sgit add -n .
expect_eq "and says what it would add" "add '.gitignore'
add 'dir/b'
add 'dir/sub/c'
add 'link'
add 'run'" "$(cat "$TEST_DIR/.out")"
expect_eq "index untouched by -n" "100644 $(git hash-object a) 0	a " "$(staged)"
expect "add -v dir" sgit add -v dir
expect_eq "-v names each file" "add 'dir/b'
add 'dir/sub/c'" "$(cat "$TEST_DIR/.out")"
expect "add ." sgit add .
expect_eq "symlink staged by its target, executable bit kept" \
	"120000 $(printf a | git hash-object --stdin) 0	link|100755 $(git hash-object run) 0	run" \
	"$(git ls-files -s link run | tr '\n' '|' | sed 's/|$//')"
expect_eq "ignored files left out" "" "$(git ls-files x.log build)"
expect_eq "git sees what sgit staged" "" "$(git diff --name-only; git ls-files -o --exclude-standard)"
unchanged "an ignored file named explicitly is refused" 1 add x.log
expect_stderr_match "with git's message" "^The following paths are ignored by one of your .gitignore files:$"
expect_stderr_match "naming it" "^x.log$"
expect_stderr_match "and the hint" "^hint: Use -f if you really want to add them.$"
unchanged "a path in an ignored folder names the folder" 1 add build/o
expect_stderr_match "the folder is listed" "^build$"
expect "add -f adds it all the same" sgit add -f x.log
expect_eq "x.log staged" "x.log" "$(git ls-files x.log)"
unchanged "a pathspec that matches nothing" 128 add nothing-here
expect_stderr_match "git's message" "^fatal: pathspec 'nothing-here' did not match any files$"
unchanged "a path outside the repository" 128 add ../x
expect_stderr_match "git's message" "^fatal: \.\./x: '\.\./x' is outside repository at '$(pwd)'$"
expect "add with nothing named does nothing" sgit add
expect_stderr_match "and says so" "^Nothing specified, nothing added.$"
expect_code "-A and -u together" 128 sgit add -A -u
echo changed >>a && rm dir/b && echo new >new
expect "add -u" sgit add -u
expect_eq "stages the change and the removal, not the new file" "$(git hash-object a)||" \
	"$(git rev-parse :a)|$(git ls-files dir/b)|$(git ls-files new)"
expect "add -A in a subfolder takes the whole tree" sh -c 'cd dir/sub && "$SGIT_BIN" add -A'
expect_eq "new file staged too" "A  new" "$(git status --porcelain new)"

# ---- the index lock, a vanishing file ----
touch .git/index.lock
echo more >>a
unchanged "a held index lock" 128 add a
expect_stderr_match "names the lock" "^fatal: Unable to create '.*/\.git/index\.lock': File exists\.$"
rm -f .git/index.lock
if cat >../vanish.c <<'EOF' && cc -shared -fPIC -o ../vanish.so ../vanish.c -ldl 2>/dev/null
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* Removes the file named by SGIT_TEST_VANISH just before it is opened: a file deleted mid-add. */
static void vanish(const char *path)
{
	const char *name = getenv("SGIT_TEST_VANISH");
	size_t n = name ? strlen(name) : 0, len = strlen(path);

	if (n && len >= n && !strcmp(path + len - n, name))
		unlink(path);
}
#define WRAP(fn) int fn(const char *path, int flags, ...) { \
	va_list ap; int mode; int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, #fn); \
	va_start(ap, flags); mode = va_arg(ap, int); va_end(ap); vanish(path); return real(path, flags, mode); }
WRAP(open)
WRAP(open64)
EOF
then
	echo gone >vanish.txt
	cksum <.git/index >../before
	expect_code "a file that vanishes during add" 128 \
		env LD_PRELOAD="$TEST_DIR/vanish.so" SGIT_TEST_VANISH=/vanish.txt \
		ASAN_OPTIONS=verify_asan_link_order=0 "$SGIT_BIN" add .
	expect_stderr_match "is named in the error" "unable to index file 'vanish.txt': No such file or directory"
	cksum <.git/index >../after
	expect_files_eq "the index is unchanged" ../before ../after
else
	ok "# skip: no C compiler for the vanishing-file check"
fi
sgit add a

# ---- commit ----
expect "commit -m" sgit commit -m first
expect_eq "summary line" "[main (root-commit) $(git rev-parse --short HEAD)] first" "$(head -n 1 "$TEST_DIR/.out")"
expect_eq "author differs from committer: shown" " Author: A U Thor <author@example.com>" "$(sed -n 2p "$TEST_DIR/.out")"
expect_eq "diffstat line" "$(git show --root --format= --shortstat HEAD)" "$(sed -n 3p "$TEST_DIR/.out")"
expect_eq "create mode lines" " create mode 100755 run" "$(grep run "$TEST_DIR/.out")"
expect_eq "the commit object" "tree $(git write-tree)
author A U Thor <author@example.com> 1112911993 -0700
committer C O Mitter <committer@example.com> 1112912053 -0700

first" "$(git cat-file commit HEAD)"
expect_eq "reflog of the branch" "commit (initial): first" "$(git reflog -1 --format=%gs main)"
expect_eq "reflog of HEAD" "commit (initial): first" "$(git reflog -1 --format=%gs HEAD)"
expect_eq "nothing left staged" "" "$(git diff --cached --name-only)"
unchanged "nothing to commit" 1 commit -m again
expect_eq "git's status on stdout" "nothing to commit, working tree clean" "$(tail -n 1 "$TEST_DIR/.out")"
unchanged "an empty message aborts" 1 commit --allow-empty -m ''
expect_stderr_match "with git's message" "^Aborting commit due to empty commit message\.$"
printf '#!/bin/sh\nprintf "# only a comment\\n" >"$1"\n' >../emptying-editor && chmod +x ../emptying-editor
export GIT_EDITOR="$TEST_DIR/emptying-editor"
unchanged "an editor that leaves only comments aborts" 1 commit --allow-empty
printf '#!/bin/sh\nexit 3\n' >../failing-editor && chmod +x ../failing-editor
export GIT_EDITOR="$TEST_DIR/failing-editor"
unchanged "a failing editor aborts" 1 commit --allow-empty
expect_stderr_match "git's message" "^error: There was a problem with the editor"
export GIT_EDITOR=:
expect "allow-empty-message" sgit commit -q --allow-empty --allow-empty-message -m ''
expect_eq "an empty message stored" "" "$(git log -1 --format=%B)"
head=$(git rev-parse HEAD)
echo again >>a
expect "commit -a -m -m" sgit commit -a -m subject -m body
expect_eq "two paragraphs" "subject

body" "$(git log -1 --format=%B | sed '$d')"
expect_eq "parent is the old HEAD" "$head" "$(git rev-parse HEAD^)"
expect_eq "summary of a change" " 1 file changed, 1 insertion(+)" "$(sed -n 3p "$TEST_DIR/.out")"
expect "commit --amend --no-edit --date" sgit commit --amend --no-edit --date='@1234567890 +0100'
expect_eq "keeps the parent" "$head" "$(git rev-parse HEAD^)"
expect_eq "takes the date" "1234567890 +0100" "$(git log -1 --format='%ad' --date=raw)"
expect_eq "shows it" " Date: Sat Feb 14 00:31:30 2009 +0100" "$(sed -n 3p "$TEST_DIR/.out")"
expect_eq "reflog says amend" "commit (amend): subject" "$(git reflog -1 --format=%gs)"
expect "commit --author" sgit commit -q --allow-empty --author='Some One <one@example.com>' -m by
expect_eq "that author" "Some One <one@example.com>" "$(git log -1 --format='%an <%ae>')"
expect_code "--author without an email" 128 sgit commit --allow-empty --author=nobody -m x
expect_code "-m with -F" 128 sgit commit -m x -F ../msg
git checkout -q --detach
expect "commit on a detached HEAD" sgit commit --allow-empty -m detached
expect_eq "says so" "[detached HEAD $(git rev-parse --short HEAD)] detached" "$(head -n 1 "$TEST_DIR/.out")"
git checkout -q main
touch .git/index.lock
unchanged "commit with a held index lock" 128 commit --allow-empty -m locked
rm -f .git/index.lock
saved_ident="$GIT_AUTHOR_NAME|$GIT_AUTHOR_EMAIL|$GIT_COMMITTER_NAME|$GIT_COMMITTER_EMAIL"
unset GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL EMAIL
unchanged "no identity at all" 128 -c user.useConfigOnly=true commit --allow-empty -m x
expect_stderr_match "git's advice" "Please tell me who you are"
IFS='|' read -r GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL <<EOF
$saved_ident
EOF
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

# ---- rm ----
echo local >>dir/sub/c
unchanged "rm of a changed file" 1 rm dir/sub/c
expect_stderr_match "git's message" "^error: the following file has local modifications:$"
expect "rm --cached of it" sgit rm --cached dir/sub/c
expect_eq "says rm" "rm 'dir/sub/c'" "$(cat "$TEST_DIR/.out")"
expect_eq "kept in the work tree" "three
local" "$(cat dir/sub/c)"
git reset -q
unchanged "rm of a folder without -r" 128 rm dir
expect_stderr_match "git's message" "^fatal: not removing 'dir' recursively without -r$"
rm -f dir/sub/c
expect "rm -r removes files and empty folders" sgit rm -q -r dir
expect_eq "gone" "no" "$(test -e dir && echo yes || echo no)"
unchanged "rm of nothing" 128 rm nothing-here

# ---- mv ----
expect "mv a file" sgit mv a moved
expect_eq "moved in the index" "moved" "$(git ls-files moved a)"
unchanged "mv onto an existing file" 128 mv moved run
expect_stderr_match "git's message" "^fatal: destination exists, source=moved, destination=run$"
unchanged "mv of a missing file" 128 mv none there
expect_stderr_match "git's message" "^fatal: bad source, source=none, destination=there$"
expect "mv -f onto it" sgit mv -f moved run
expect_eq "replaced" "" "$(git ls-files moved)"
expect "commit after rm and mv" sgit commit -q -m rm-mv
expect_eq "clean afterwards" "" "$(git status --porcelain --untracked-files=no)"

# ---- unmerged entries ----
blob=$(git hash-object -w run)
printf '100644 %s 1\tconflict\n100644 %s 2\tconflict\n' "$blob" "$blob" | git update-index --index-info
unchanged "commit with unmerged entries" 128 commit -m x
expect_stderr_match "git's message" "^error: Committing is not possible because you have unmerged files\.$"

finish
