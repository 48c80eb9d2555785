#!/bin/sh
# The programs of examples/, built as an outside program would build them:
# against an installed libsgit (headers, libsgit.so, sgit.pc) through
# pkg-config, then run on a repository made here and compared with git:
# log --format='%h %G? %s', verify-tag, commit-tree.
# SGIT_TEST_INSTALL: a DESTDIR holding "make install PREFIX=/usr/local"
# (make check passes one); without it this script installs into its temp dir.
# SGIT_TEST_CFLAGS / SGIT_TEST_LDFLAGS: the sanitizer flags of the build, so
# that a sanitized libsgit.so can be loaded.
. "$SGIT_TEST_TOP/tests/lib.sh"

inst=${SGIT_TEST_INSTALL:-}
if [ -z "$inst" ]; then
	inst=$TEST_DIR/inst
	make -s -C "$SGIT_TEST_TOP" install BUILD="${BUILD:-build}" DESTDIR="$inst" PREFIX=/usr/local \
		>"$TEST_DIR/install.log" 2>&1 || { cat "$TEST_DIR/install.log"; exit 2; }
fi
export PKG_CONFIG_PATH="$inst/usr/local/lib/pkgconfig"
pc=$(pkg-config --define-prefix --cflags --libs sgit)
expect_eq "pkg-config finds sgit.pc in the install" 0 $?
CC=${CC:-cc}
for e in log_signatures verify_tag commit_tree; do
	# shellcheck disable=SC2086 # the flags are lists of words
	expect "examples/$e.c builds against the installed library" \
		$CC -std=c11 -Wall -Wextra -Werror ${SGIT_TEST_CFLAGS:-} -o "$TEST_DIR/$e" \
		"$SGIT_TEST_TOP/examples/$e.c" $pc ${SGIT_TEST_LDFLAGS:-}
done
# The programs find libsgit.so.0 where it was installed, not in the build tree.
export LD_LIBRARY_PATH="$inst/usr/local/lib"
expect_eq "the examples load the installed libsgit.so.0" "$inst/usr/local/lib/libsgit.so.0" \
	"$(ldd "$TEST_DIR/verify_tag" | awk '$1 == "libsgit.so.0" {print $3}')"

setup_gpg || exit 2
git init -q -b main repo && cd repo || exit 2
echo 1 >f && git add f && git commit -q -m "unsigned root"
echo 2 >f && git commit -q -a -S -m "signed by the default key"
git tag base
echo 3 >f && git commit -q -a -m "unsigned again"
echo 4 >f && git commit -q -a -S -m "signed again"
git tag -s -m "a signed tag" v1
git tag -a -m "an unsigned tag" v0 base

# log_signatures: %G? verdicts included, for a whole history and for a range
for range in HEAD base..HEAD v1 base..; do
	git log --format='%h %G? %s' "$range" >"$TEST_DIR/git.out" 2>/dev/null
	"$TEST_DIR/log_signatures" "$range" >"$TEST_DIR/ex.out" 2>"$TEST_DIR/ex.err"
	expect_files_eq "log_signatures $range: git log --format='%h %G? %s'" "$TEST_DIR/git.out" "$TEST_DIR/ex.out"
done

# verify_tag: git's verdict and exit code, the signer and key gpg named
git verify-tag --raw v1 >/dev/null 2>"$TEST_DIR/git.err"; g=$?
expect_code "verify_tag v1: exit code of git verify-tag" $g "$TEST_DIR/verify_tag" v1
goodsig=$(sed -n 's/^\[GNUPG:\] GOODSIG //p' "$TEST_DIR/git.err")
expect_eq "verify_tag v1: verdict, signer and key of gpg's GOODSIG" \
	"verdict G|signer ${goodsig#* }|key ${goodsig%% *}" "$(paste -sd'|' "$TEST_DIR/.out")"
git verify-tag v0 >/dev/null 2>&1; g=$?
expect_code "verify_tag v0 (unsigned): exit code of git verify-tag" $g "$TEST_DIR/verify_tag" v0
expect_eq "verify_tag v0: no signature" "verdict N" "$(head -n 1 "$TEST_DIR/.out")"
expect_code "verify_tag on a commit: an error" 2 "$TEST_DIR/verify_tag" HEAD

# commit_tree: the same object git commit-tree writes, byte for byte
want=$(git commit-tree -p HEAD -m "made from a tree" HEAD~2^{tree})
expect "commit_tree with a parent" "$TEST_DIR/commit_tree" HEAD~2^{tree} HEAD "made from a tree"
expect_eq "commit_tree: git commit-tree's id" "$want" "$(cat "$TEST_DIR/.out")"
git cat-file -p "$want" >"$TEST_DIR/want.txt"
git cat-file -p "$(cat "$TEST_DIR/.out")" >"$TEST_DIR/got.txt" 2>&1
expect_files_eq "commit_tree: git cat-file -p shows the commit" "$TEST_DIR/want.txt" "$TEST_DIR/got.txt"
want=$(git commit-tree -m "a root" HEAD^{tree})
expect "commit_tree without a parent" "$TEST_DIR/commit_tree" HEAD^{tree} "a root"
expect_eq "commit_tree root: git commit-tree's id" "$want" "$(cat "$TEST_DIR/.out")"
expect_code "commit_tree on a blob: refused" 1 "$TEST_DIR/commit_tree" HEAD:f "bad"
expect "git fsck accepts what the examples wrote" git fsck --strict

finish
