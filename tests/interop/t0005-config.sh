#!/bin/sh
# sgit config against git: each case runs on twin copies of one set-up (a
# repository, a loose config file and a HOME), sgit on one and git on the
# other; both must print the same, exit alike and leave the same bytes behind.
. "$SGIT_TEST_TOP/tests/lib.sh"
export GIT_CEILING_DIRECTORIES="$TEST_DIR"

# ---- the set-up both sides start from ----
mkdir -p tpl/home tpl/nr
git init -q tpl/r && mkdir tpl/r/sub && git -C tpl/r symbolic-ref HEAD refs/heads/main
cat >>tpl/r/.git/config <<'EOF'
[a]
	one = 1
	multi = 1
	multi = 2
[solo]
	key = v
[Sub "Sec"]
	Key = subvalue
[sz]
	k = 2k
[b]
	t = yes
	n = 5
[p]
	home = ~/somewhere
[include]
	path = extra.inc
EOF
printf '[inc]\n\tvalue = included\n' >tpl/r/.git/extra.inc
cat >tpl/r/f <<'EOF'
# a loose file
[f]
	v = first
	v = second ; a comment
[f "Sub"]
	x = "quoted # value"
EOF
cat >tpl/home/.gitconfig <<'EOF'
[user]
	name = Global User
[include]
	path = ~/global.inc
[includeIf "onbranch:main"]
	path = ~/main.inc
[includeIf "onbranch:other"]
	path = ~/other.inc
EOF
printf '[g]\n\tinc = yes\n' >tpl/home/global.inc
printf '[g]\n\tbranch = main\n' >tpl/home/main.inc
printf '[g]\n\tbranch = other\n' >tpl/home/other.inc
printf '[a]\n\tb = 1\n[broken\n' >tpl/r/broken
printf '[s]\n\tin = stdin\n' >tpl/in
cat >tpl/r/urls <<'EOF'
[x]
	k = fallback
	other = yes
[x "https://example.com"]
	k = host
[x "https://*.example.com"]
	k = any-sub
[x "https://user@example.com/p"]
	k = user-path
[x "https://example.com/p/"]
	k = path
[x "https://EXAMPLE.com:443/%7euser/./x/../y"]
	k = normalised
EOF
git -C tpl/r add f broken && git -C tpl/r commit -q -m "config files as blobs"

# The files a case may change; their set-up contents are kept in variables so
# that putting a side back costs no process (this script runs many cases).
files="r/.git/config r/f r/broken home/.gitconfig"
tpl_config=$(cat tpl/r/.git/config; echo x); tpl_config=${tpl_config%x}
tpl_f=$(cat tpl/r/f; echo x); tpl_f=${tpl_f%x}
tpl_broken=$(cat tpl/r/broken; echo x); tpl_broken=${tpl_broken%x}
tpl_global=$(cat tpl/home/.gitconfig; echo x); tpl_global=${tpl_global%x}

reset() {
	printf '%s' "$tpl_config" >"$1/r/.git/config"
	printf '%s' "$tpl_f" >"$1/r/f"
	printf '%s' "$tpl_broken" >"$1/r/broken"
	printf '%s' "$tpl_global" >"$1/home/.gitconfig"
}

# Every file a case may have written, with its name, into one file.
dump() {
	out=$1 side=$2
	set --
	for f in $files r/sub/ff; do
		[ -f "$side/$f" ] && set -- "$@" "$side/$f"
	done
	tail -n +1 "$@" | sed "s|^==> $side/|==> |" >"$out"
}

# twin <what> <setup> <flags> <args>: flags "e" compares stderr too. setup and
# args are shell text, evaluated in each side's repository.
twin() {
	what=$1 setup=$2 flags=$3 args=$4
	if [ -n "$dirty" ]; then
		rm -f s/r/sub/ff s/r/.git/config.lock g/r/sub/ff g/r/.git/config.lock
		reset s && reset g
	fi
	for side in s g; do
		bin=git
		[ $side = s ] && bin=$SGIT_BIN
		(cd $side/r && eval "$setup" && eval "set -- $args" && HOME="$TEST_DIR/$side/home" "$bin" "$@" \
			<"$TEST_DIR/$side/in" >"$TEST_DIR/$side.out" 2>"$TEST_DIR/$side.err")
		echo $? >"$TEST_DIR/$side.rc"
		dump "$TEST_DIR/$side.files" $side
	done
	# the sides live in different folders: sgit's paths are named as git's would be
	for f in out err; do
		sed "s|$TEST_DIR/s/|$TEST_DIR/g/|g" s.$f >s.$f.tmp && mv s.$f.tmp s.$f
	done
	if cmp -s g.rc s.rc && cmp -s g.out s.out && { [ "$flags" != e ] || cmp -s g.err s.err; }; then
		ok "$what"
	else
		not_ok "$what"; echo "  args: $args; exit sgit $(cat s.rc), git $(cat g.rc)"
		diff -u g.out s.out | head -n 20 | sed 's/^/  /'
		[ "$flags" = e ] && diff -u g.err s.err | head -n 10 | sed 's/^/  /'
	fi
	expect_files_eq "$what: the same files afterwards" g.files s.files
	dirty=
	[ -z "$setup" ] && cmp -s tpl.files s.files && cmp -s tpl.files g.files || dirty=1
}

cp -R tpl s && cp -R tpl g
dump tpl.files s
dirty=
while IFS='|' read -r what setup flags args; do
	case $what in ''|'#'*) continue ;; esac
	twin "$what" "$setup" "$flags" "$args"
done <<'EOF'
# ---- reading ----
get a value||| config a.one
get the last of several values||| config a.multi
get a missing key exits 1||| config a.nope
get a boolean as written||| config core.bare
--get-all||| config --get-all a.multi
--get-all with a negated value pattern||| config --get-all a.multi '!1'
--get-regexp||| config --get-regexp '^a\.'
--get-regexp --name-only||| config --get-regexp --name-only 'sub|sz'
--get-regexp -z||| config -z --get-regexp '^b\.'
--list, includes followed||| config --list
--list with origin and scope||| config --list --show-origin --show-scope
--list -z --show-origin||| config --list -z --show-origin
--list --name-only||| config -l --name-only
--show-origin of an included value||| config --show-origin inc.value
--no-includes leaves it out||| config --no-includes inc.value
--type=bool||| config --type=bool b.t
--bool on a number||| config --bool b.n
--int scales units||| config --int sz.k
--bool-or-int||| config --bool-or-int b.n
--path expands ~||| config --path p.home
--int of a word dies||e| config --int b.t
--default when missing||| config --default dflt a.nope
--default is typed||| config --int --default 1k a.nope
subsection in any case for section and name||| config SUB.Sec.KEY
subsection case matters||| config sub.sec.key
a key without a section exits 1||e| config nosection
-c key=value||| -c c.k=cmdline config c.k
-c wins over the files||| -c a.one=override config a.one
-c in --list --show-origin||| -c c.k=v -c c.bare config --list --show-origin --show-scope
# ---- writing ----
set a new key in a new section||| config new.key value
set an existing key||| config a.one changed
set a key that has several values exits 5||e| config a.multi x
set the value matching a pattern||| config a.multi two '^2$'
set with a pattern that matches nothing adds||| config a.multi three '^9'
--add||| config --add a.multi three
--replace-all||| config --replace-all a.multi only
--replace-all with a pattern||| config --replace-all a.multi x '[12]'
--unset||| config --unset a.one
--unset of a missing key exits 5||e| config --unset a.nope
--unset of a key with several values exits 5||e| config --unset a.multi
--unset with a value pattern||| config --unset a.multi 1
--unset-all||| config --unset-all a.multi
--fixed-value matches the string||| config --fixed-value --unset-all a.multi 2
unsetting the last key removes the section||| config --unset solo.key
--bool stores the canonical value||| config --bool b.new yes
--int stores the scaled value||| config --int b.size 1k
--int refuses a bad value||e| config --int b.size 1x
values that need quoting||| config q.v ' leading; and # hash '
values with escapes||| config q.v "$(printf 'tab\there "quote" back\\slash\nnewline')"
a new subsection keeps its case||| config New.Sub.Key v
an existing subsection in another case is a new one||| config Sub.sec.key v2
a key without a name exits 2||e| config a. value
an invalid key exits 1||e| config a.1b value
a newline in a subsection is refused||e| config "$(printf 'a.b\nc.d')" v
--rename-section||| config --rename-section a renamed
--rename-section to a subsection||| config --rename-section 'Sub.Sec' 'New.Name'
--rename-section to a bad name exits 255||e| config --rename-section a 'b c'
--remove-section||| config --remove-section a
--remove-section of a missing section dies||e| config --remove-section nope
# ---- other files ----
--global with a test HOME||| config --global user.email me@example.com
--global --list, includes not followed||| config --global --list --show-origin
--global --includes follows ~/ and onbranch||| config --global --includes --get-regexp '^g\.'
includes in the global file from every scope||| config --get-regexp --show-origin '^g\.'
--file set||| config -f f f.new value
--file --get-all --show-origin||| config -f f --show-origin --get-all f.v
--file --list||| config --file=f --list --show-scope
--file keeps comments when it edits||| config -f f --replace-all f.v one
--file of a missing file --list dies||e| config -f missing --list
--file - reads standard input||| config -f - --list --show-origin
--file relative to a subdirectory||| -C sub config -f ff sub.key v
--local||| config --local --get-regexp 'solo'
--get-urlmatch shows every key of the section||| config -f urls --get-urlmatch x https://example.com
--get-urlmatch: a longer path wins||| config -f urls --get-urlmatch x.k https://example.com/p/q
--get-urlmatch: then the user||| config -f urls --get-urlmatch x.k https://user@example.com/p/q
--get-urlmatch: "*" is one label||| config -f urls --get-urlmatch x.k https://a.example.com
--get-urlmatch: URLs are compared normalised||| config -f urls --get-urlmatch x.k 'https://example.com/~user/y/z'
--get-urlmatch falls back to the key without URL||| config -f urls --get-urlmatch x.k https://a.b.example.com
--get-urlmatch of nothing exits 1||| config -f urls --get-urlmatch y https://example.com
--get-urlmatch of a bad URL dies||e| config -f urls --get-urlmatch x example.com
--blob by revision||| config --blob=HEAD:f --list --show-origin --show-scope
--blob by id||| config --blob="$(git rev-parse HEAD:f)" --get-all f.v
--blob with a bad line lists what comes before||e| config --blob=HEAD:broken --list
--blob that is no blob||e| config --blob=HEAD --list
writing to a blob dies||e| config --blob=HEAD:f a.b c
a broken file dies with git's message||e| config -f broken a.b
a broken file is not edited: exit 3||e| config -f broken a.b c
a broken file lists up to the bad line||e| config -f broken --list
a broken repository config|printf '[x\n' >>.git/config|e| --git-dir="$PWD/.git" config a.one
a lock in the way exits 255|touch .git/config.lock|e| config a.one x
outside a repository, writing dies||e| -C ../nr config a.b c
outside a repository, --local dies||e| -C ../nr config --local a.b
outside a repository, reading the global file||| -C ../nr config user.name
outside a repository, a bad -c dies first||e| -C ../nr -c nosection=x config --list
# ---- usage ----
two actions at once exit 129||| config --get --list
two types at once exit 129||| config --bool --int a.one
an unknown type dies||e| config --type=nope a.one
--name-only needs --list or --get-regexp||| config --name-only a.one
wrong number of arguments exits 129||| config --unset a.b c d
EOF

finish
