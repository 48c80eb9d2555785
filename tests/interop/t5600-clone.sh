#!/bin/sh
# clone against git: the same source cloned by git and by sgit, with the same
# identity and dates. Config, refs (and which are symbolic), reflogs, HEAD,
# the messages on stderr and the exit code must be identical; the work tree
# sgit checks out must be clean in git's eyes; failures leave nothing behind.
. "$SGIT_TEST_TOP/tests/lib.sh"

# twin <what> <clone args...>: git clone ... g, sgit clone ... s, then compare
twin() {
	what=$1; shift
	[ "${KEEP:-}" ] || rm -rf g s
	git clone "$@" g >g.out 2>g.err; echo "exit $?" >>g.err
	"$SGIT_BIN" clone "$@" s >s.out 2>s.err; echo "exit $?" >>s.err
	sed "s/'g'/'s'/; s/destination path 'g'/destination path 's'/" g.err >g.err2
	expect_files_eq "$what: stderr and exit code" g.err2 s.err
	[ -d g/.git ] || [ -f g/HEAD ] || {
		expect_eq "$what: nothing left behind" "$(ls -A g 2>/dev/null)" "$(ls -A s 2>/dev/null)"
		return
	}
	gd=g/.git sd=s/.git
	[ -d g/.git ] || { gd=g; sd=s; }
	expect_files_eq "$what: config" "$gd/config" "$sd/config"
	for d in g s; do
		dd=$d/.git; [ -d "$dd" ] || dd=$d
		(cd "$dd" && git for-each-ref --format='%(refname) %(objectname) %(symref)' &&
			cat HEAD && find logs -type f 2>/dev/null | sort | xargs -r tail -n +1) >"$d.refs"
	done
	expect_files_eq "$what: refs, HEAD and reflogs" g.refs s.refs
	if [ -d s/.git ] && [ -f g/.git/index ]; then
		expect_eq "$what: git sees a clean work tree" "" "$(cd s && git status --porcelain)"
		expect "$what: the index matches HEAD" git -C s diff-index --quiet --cached HEAD
		expect_eq "$what: the same files" "$(cd g && find . -path ./.git -prune -o -type f -print | sort)" \
			"$(cd s && find . -path ./.git -prune -o -type f -print | sort)"
	fi
	expect "$what: fsck --strict" git --git-dir="$sd" fsck --strict --no-dangling
}

git init -q there && cd there || exit 2
mkdir -p d/e && echo one >a && echo two >d/b && echo three >d/e/c && ln -s a link &&
	printf '#!/bin/sh\n' >x && chmod +x x && git add . && git commit -q -m one &&
	git tag -a -m 'version 1' v1.0 && echo more >>a && git commit -q -am two && git tag light &&
	git branch side HEAD~1 && git checkout -q side && echo s >s && git add s && git commit -q -m side &&
	git checkout -q master && git gc -q && echo loose >>a && git commit -q -am three || exit 2
cd .. || exit 2

twin "clone <path>" there
twin "clone <path>/.git" there/.git
twin "clone file://<path>" "file://$TEST_DIR/there"
twin "clone --no-local" --no-local there
twin "clone --no-hardlinks" --no-hardlinks there
# copied files are new files: git gives them 0666 less the umask, whatever the source's mode
objects_modes() { (cd "$1/.git/objects" && find . -type f -exec stat -c '%a %n' {} + | sort); }
expect_eq "clone --no-hardlinks: the copies' modes" "$(objects_modes g)" "$(objects_modes s)"
twin "clone --bare" --bare there
twin "clone -b <branch>" -b side there
twin "clone -b <tag> (HEAD detached)" -b v1.0 there
twin "clone -o <name>" -o up there
twin "clone --no-checkout" --no-checkout there
twin "clone -q" -q there
rm -rf g s && mkdir g s || exit 2
KEEP=1 twin "clone into an empty folder" there
git init -q empty
twin "clone an empty repository" empty

# the other side's HEAD detached: git guesses the branch at the same commit
(cd there && git checkout -q --detach side) || exit 2
twin "clone <path> with a detached HEAD" there
(cd there && git checkout -q master) || exit 2

# failures
twin "a source that is no repository" nowhere
mkdir plain
twin "a file:// URL to a folder that is no repository" "file://$TEST_DIR/plain"
rm -rf g s && mkdir g s && echo x >g/x && echo x >s/x || exit 2
KEEP=1 twin "a destination that is not empty" there
rm -rf g s
twin "a branch the other side does not have" -b nosuch there

# Refs whose names git cannot store (a loose one, a packed tag): listed by
# the other side, ignored here aloud with git's words, by clone and fetch.
git clone -q --bare there funny.git || exit 2
id=$(git -C funny.git rev-parse HEAD)
echo "$id" >"funny.git/refs/heads/bad..name" && echo "$id refs/tags/a..b" >>funny.git/packed-refs
twin "a source with funny ref names" funny.git
twin "a bare clone of a source with funny ref names" --bare funny.git
rm -rf g s && git clone -q funny.git g 2>/dev/null && cp -R g s || exit 2
git -C funny.git update-ref refs/heads/master "$(git -C funny.git commit-tree -p "$id" -m more "$id^{tree}")"
(cd g && git fetch origin >../g.out 2>../g.err; echo "exit $?" >>../g.err)
(cd s && sgit fetch origin >../s.out 2>../s.err; echo "exit $?" >>../s.err)
expect_files_eq "fetch of funny ref names: stderr and exit code" g.err s.err
(cd g && git fetch -q origin 'refs/heads/*:refs/x/*' >../g.out 2>../g.err; echo "exit $?" >>../g.err)
(cd s && sgit fetch -q origin 'refs/heads/*:refs/x/*' >../s.out 2>../s.err; echo "exit $?" >>../s.err)
expect_files_eq "fetch -q of funny ref names into refs/x/: stderr and exit code" g.err s.err
expect_eq "the same refs after both fetches" "$(git -C g for-each-ref)" "$(git -C s for-each-ref)"

# A pack cut short behind its own trailer (the index still lists every
# object): the tip cannot be read. git reads the commit the new branch will
# name before writing it, fails with 128 and leaves nothing (the words are
# its own); a bare clone writes no branch of its own, and git exits 0.
git init -q --bare cut.git && git -C there push -q ../cut.git master && git -C cut.git repack -adq || exit 2
cutpack=$(ls cut.git/objects/pack/*.pack)
# the tip's data starts inside what is kept, and ends outside it
tipat=$(git show-index <"${cutpack%.pack}.idx" | awk -v id="$(git -C cut.git rev-parse HEAD)" '$2 == id { print $1 }')
{ head -c $((tipat + 8)) "$cutpack"; tail -c 20 "$cutpack"; } >cut.tmp && mv -f cut.tmp "$cutpack"
rm -rf g s && git clone -q --bare cut.git g && sgit clone -q --bare cut.git s
expect_eq "a bare clone of a cut pack: as git, the refs copied" "$(git -C g for-each-ref)" "$(git -C s for-each-ref)"
for args in "--no-checkout cut.git" "cut.git" "--no-hardlinks --no-checkout cut.git"; do
	rm -rf g s
	git clone $args g >/dev/null 2>&1; g=$?
	"$SGIT_BIN" clone $args s >/dev/null 2>s.err; s=$?
	expect_eq "clone $args of a cut pack: git's exit code" "$g" "$s"
	expect_eq "clone $args of a cut pack: 128, nothing left behind" "128 no" \
		"$s $(test -e s && echo yes || echo no)"
	expect_eq "clone $args of a cut pack: one fatal line" "1" "$(grep -c '^fatal: ' s.err)"
done

# a clone git can use at once: commit on it and fetch back
sgit clone -q there mine || exit 2
(cd mine && echo four >>a && git commit -q -am four) || exit 2
expect "git fetches from the clone" git -C there fetch -q ../mine master:refs/heads/from-clone
expect_eq "the commit made in the clone" "$(git -C mine rev-parse HEAD)" "$(git -C there rev-parse from-clone)"
expect "sgit fetches the clone's origin" sgit -C mine fetch -q
expect_eq "origin/from-clone" "$(git -C there rev-parse from-clone)" "$(git -C mine rev-parse origin/from-clone)"

finish
