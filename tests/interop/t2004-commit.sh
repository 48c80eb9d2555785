#!/bin/sh
# The issue's commit scenario, run once with sgit and once with git in a twin
# repository under the same identity and dates: after every step both have
# the same HEAD, commit printed the same thing, and git finds nothing left
# to commit after sgit's commits; git fsck --strict is clean at the end.
# Steps: add, modify, delete, rename by delete+add, executable bit, symlink,
# nested folders, an ignored file, commit -a, -F, --amend, -v and the editor
# (GIT_EDITOR appends a message; the template it was shown is compared too).
. "$SGIT_TEST_TOP/tests/lib.sh"

git init -q -b main s && git init -q -b main g || exit 2
cat >editor <<'EOF'
#!/bin/sh
# Keep what the editor was shown, then write a message above it (a message
# below the scissors line of -v would be cut off).
cp "$1" "$TEMPLATE_COPY"
{ printf 'Edited in the editor\n\nWith a body line.\n'; cat "$TEMPLATE_COPY"; } >"$1"
EOF
chmod +x editor
date=1112912053

# step <what> <shell snippet>: the snippet runs in both repositories, "$G" being
# sgit in s and git in g; stdout, exit codes, HEAD and what git sees must agree.
step() {
	what=$1 snippet=$2
	date=$((date + 60))
	export GIT_COMMITTER_DATE="$date -0700" GIT_AUTHOR_DATE="$date -0700"
	(cd s && G=$SGIT_BIN TEMPLATE_COPY=$TEST_DIR/template.s && export TEMPLATE_COPY &&
		eval "$snippet") >out.s 2>err.s
	echo "exit $?" >>out.s
	(cd g && G=git TEMPLATE_COPY=$TEST_DIR/template.g && export TEMPLATE_COPY &&
		eval "$snippet") >out.g 2>err.g
	echo "exit $?" >>out.g
	expect_files_eq "$what: same output" out.g out.s
	expect_eq "$what: same HEAD" "$(git -C g rev-parse -q --verify HEAD)" \
		"$(git -C s rev-parse -q --verify HEAD)"
	expect_eq "$what: git sees the same status" "$(git -C g status --porcelain)" \
		"$(git -C s status --porcelain)"
	if [ -f template.g ] || [ -f template.s ]; then
		expect_files_eq "$what: the editor saw the same template" template.g template.s
		rm -f template.g template.s
	fi
}

# Both work trees start alike.
for r in s g; do
	(cd $r && mkdir -p src/lib/deep doc && printf 'int main(void)\n{\n\treturn 0;\n}\n' >src/main.c &&
		printf 'one\ntwo\nthree\n' >src/lib/util.c && echo deep >src/lib/deep/leaf.txt &&
		printf '# Project\n\nA readme.\n' >README && printf '*.o\nbuild/\n' >.gitignore &&
		echo object >src/main.o && echo notes >doc/notes.txt) || exit 2
done

step "nothing staged yet" '$G commit -m nothing'
step "the first commit (root)" '$G add . && $G commit -m "Initial import"'
expect_eq "the ignored file stays out" "" "$(git -C s ls-files src/main.o)"
step "modify and add in nested folders" \
	'echo four >>src/lib/util.c && echo new >src/lib/deep/new.txt && $G add src && $G commit -m "More util"'
step "delete" '$G rm -q doc/notes.txt && $G commit -m "Drop the notes"'
step "rename by delete and add" \
	'mv src/lib/util.c src/lib/helpers.c && $G add -A && $G commit -m "Rename util to helpers"'
step "executable bit and a symlink" \
	'chmod +x src/main.c && ln -s src/main.c main-link && $G add -A && $G commit -m "Modes and links"'
step "commit -a" 'printf "\treturn 1;\n" >>src/main.c && $G commit -a -m "Change main" -m "Second paragraph."'
step "commit -F" 'printf "  From a file  \n\n\n\nafter blank lines\n" >../msg.$$ &&
	echo more >>README && $G add README && $G commit -F ../msg.$$'
step "commit --amend" 'echo amended >>README && $G add README && $G commit --amend -m "Amended message"'
step "the editor" 'echo edited >src/lib/deep/leaf.txt && $G add -u &&
	GIT_EDITOR="$TEST_DIR/editor" $G commit'
step "the editor with -v and -a" 'echo again >>src/lib/deep/leaf.txt && echo untracked >scratch &&
	GIT_EDITOR="$TEST_DIR/editor" $G commit -v -a'
step "--amend through the editor" 'GIT_EDITOR="$TEST_DIR/editor" $G commit --amend'
step "nothing to commit" 'rm scratch && $G commit -a'
step "an empty commit" '$G commit --allow-empty -m "Empty on purpose"'
step "a symlink retargeted, a file made a link" \
	'rm main-link && ln -s README main-link && rm README && ln -s src/main.c README && $G commit -a -q -m "Links" &&
	echo done'
step "a folder replaced by a file" 'git rm -q -r src/lib && echo file >src/lib && $G add src/lib &&
	$G commit -m "Folder to file"'

expect_eq "HEAD ids agree at the end" "$(git -C g rev-parse HEAD)" "$(git -C s rev-parse HEAD)"
expect "git fsck --strict is clean on sgit's repository" git -C s fsck --strict
expect_eq "nothing left to commit after sgit" "" "$(git -C s status --porcelain)"
expect_eq "reflogs agree" "$(git -C g reflog --format='%H %gs')" "$(git -C s reflog --format='%H %gs')"

finish
