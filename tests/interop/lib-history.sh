# tests/interop/lib-history.sh: a history for the log, show and rev-list
# checks, made by git alone, the same bytes on every run (fixed identities,
# dates that advance per commit). Source it after tests/lib.sh; nothing is
# cached: each script builds it in its own temp dir (about a second).
#
#   history_make <dir>           a work-tree repository, every object loose
#   history_pack <src> <dst>     a copy of it after `git gc` (one pack, packed refs,
#                                and the commit-graph file gc writes: git's
#                                output is the same with it and without)
#   history_recent <dir>         a small repository dated just before now (relative dates)
#
# The history (about 450 commits, every branch counted):
#   main        the trunk, with files in src/core, a Makefile, a README, t/;
#               merges every branch below but orphan and signed
#   feature     src/feature, t/feature: merged into main three times, with a
#               merge of main back into it in between
#   topic/docs  doc/, doc/api/: merged once
#   cross-a,
#   cross-b     a criss-cross: each merges the other at the same date, then
#               both are merged into main; lib/common.h changes on both sides
#               and in the merges
#   oct1..oct3  contrib/octN: one octopus merge of all three
#   imported    an unrelated root (vendor/), merged into main
#   orphan      an unrelated root never merged
#   signed      two commits git wrote by hand: one with a gpgsig header, a
#               merge with a mergetag header (fake signatures: never verified)
# Messages: subjects on two lines, bodies, trailing blank lines, leading
# blank and white-space lines, CRLF, no final newline, an empty message,
# odd characters, UTF-8, and on main one commit made by `git commit` with
# i18n.commitEncoding=ISO-8859-1 (Latin-1 bytes in its message and author).
# Files: one deleted, one made executable then renamed (unchanged). Dates:
# eight zones, runs of equal committer dates, one commit older than its
# parent, author dates apart from committer dates. Tags: lightweight,
# annotated (multi-line), a tag of a tag, of a tree and of a blob; "mid" marks
# main while feature is still open (feature..mid and mid..feature both have
# commits). Refs: refs/remotes/origin/main with origin/HEAD pointing at it.
# The work tree holds an untracked file "oct2", so that name is ambiguous.

# The fast-import stream of everything but the commits git makes itself.
history_stream() {
	awk '
function ident(i) { return idents[i % nidents] }
function zone(n) { return zones[n % nzones] }
# One file version: ten lines of which exactly one changes per version, and
# one more line every fifth version.
function content(p, v,   s, i, name) {
	name = (p in born_as) ? born_as[p] : p
	s = "/* " name " */\n"
	for (i = 1; i <= 10; i++)
		s = s sprintf("line %d of %s, revision %d\n", i, name, int((v + 10 - i) / 10))
	for (i = 1; i <= int(v / 5); i++)
		s = s sprintf("extra %d\n", i)
	return s
}
function blob(p, v, mode,   s) {
	s = content(p, v)
	printf "M %s inline %s\ndata %d\n%s\n", mode, p, length(s), s
}
# The next date: mostly half an hour on, now and then the same second again.
function tick() {
	n++
	if (n % 23 != 0 && n % 23 != 1)
		clock += 1800 + (n * 37) % 600
	return clock
}
function header(ref, msg, cdate,   a, c) {
	a = (ref in favourite) ? favourite[ref] : n
	if (n % 7 == 3) a++
	c = (n % 11 == 5) ? 3 : 5
	printf "commit refs/heads/%s\nmark :%d\n", ref, n
	printf "author %s %d %s\n", ident(a), cdate - (n * 113) % 7200, zone(n + 3)
	printf "committer %s %d %s\n", ident(c), cdate, zone(n)
	printf "data %d\n%s\n", length(msg), msg
}
function message(ref, p,   r, s) {
	r = n % 12
	s = ref ": change " n " to " p
	if (r == 0) return s "\n"
	if (r == 1) return s "\n\nThe body says why: line " n ".\nA second line.\n"
	if (r == 2) return "fix bug " n " in " p "\n\nFound by looking.\n"
	if (r == 3) return s "\n\nFirst paragraph.\n\nSecond paragraph, with an indented sample:\n\n    int x = " n ";\n\tpath: " p "\n"
	if (r == 4) return "Fix typo in " p "\n"
	if (r == 5) return s "\n\nSigned-off-by: A U Thor <author@example.com>\n"
	if (r == 6) return "FIXES: " p " was wrong (bug " n ")\n"
	if (r == 7) return s "\n\nRefactor only; no fix here.\n"
	if (r == 8) return "feature work " n "\n"
	return s "\n"
}
# change <ref> <path> [<msg>]: a commit on ref that edits (or adds) one file.
function change(ref, p, msg,   t) {
	t = tick()
	if (msg == "") msg = message(ref, p)
	if (msg == "<empty>") msg = ""
	header(ref, msg, t)
	if (tip[ref] != "")
		printf "from :%d\n", tip[ref]
	else if (ref in fork_mark)
		printf "from :%d\n", fork_mark[ref]
	gv[p]++
	st[ref, p] = gv[p]
	dead[p, gv[p]] = 0
	known[p] = 1
	blob(p, gv[p], (p in modes) ? modes[p] : "100644")
	printf "\n"
	tip[ref] = n
}
function remove(ref, p,   t) {
	t = tick()
	header(ref, "Remove " p "\n\nIt is no longer used.\n", t)
	printf "from :%d\n", tip[ref]
	gv[p]++
	st[ref, p] = gv[p]
	dead[p, gv[p]] = 1
	printf "D %s\n\n", p
	tip[ref] = n
}
# rename: the file moves, its content as it was (git finds exact renames)
function rename(ref, from, to,   t) {
	t = tick()
	header(ref, "Rename " from " to " to "\n", t)
	printf "from :%d\n", tip[ref]
	gv[from]++
	st[ref, from] = gv[from]
	dead[from, gv[from]] = 1
	printf "D %s\n", from
	gv[to] = gv[from] - 1
	born_as[to] = from
	st[ref, to] = gv[to]
	dead[to, gv[to]] = 0
	known[to] = 1
	modes[to] = modes[from]
	blob(to, gv[to], modes[to])
	printf "\n"
	tip[ref] = n
}
function fork(new, old,   p) {
	for (p in known)
		st[new, p] = st[old, p]
	fork_mark[new] = tip[old]
	tip[new] = ""
}
# merge <into> <others> <msg> [<extra path>]: one commit whose parents are
# into and each of the space-separated others; every file takes the newest
# version among the parents; extra (if given) changes in the merge itself.
function merge(into, others, msg, extra, same_date,   k, o, i, p, t, line) {
	t = same_date ? clock : tick()
	if (same_date) n++
	k = split(others, o, " ")
	header(into, msg, t)
	printf "from :%d\n", tip[into]
	for (i = 1; i <= k; i++)
		printf "merge :%d\n", tip[o[i]]
	for (p in known) {
		for (i = 1; i <= k; i++) {
			if (st[o[i], p] > st[into, p]) {
				st[into, p] = st[o[i], p]
				line[p] = 1
			}
		}
	}
	if (extra != "") {
		gv[extra]++
		st[into, extra] = gv[extra]
		dead[extra, gv[extra]] = 0
		known[extra] = 1
		line[extra] = 1
	}
	for (p in line) {
		if (dead[p, st[into, p]])
			printf "D %s\n", p
		else
			blob(p, st[into, p], (p in modes) ? modes[p] : "100644")
	}
	printf "\n"
	tip[into] = n
}
function lightweight(name, ref) { printf "reset refs/tags/%s\nfrom :%d\n\n", name, tip[ref] }
function annotated(name, ref, msg) {
	printf "tag %s\nfrom :%d\ntagger %s %d %s\ndata %d\n%s\n", name, tip[ref], ident(n + 2),
		clock + 60, zone(n + 5), length(msg), msg
}
function pick(list, i,   a, k) { k = split(list, a, " "); return a[i % k + 1] }
BEGIN {
	nidents = split("A U Thor <author@example.com>|Bob Builder <bob@example.org>|" \
		"Carol Writer <carol@example.net>|Dave Fixer <dave@example.com>|" \
		"\303\211milie No\303\253l <emilie@example.fr>|C O Mitter <committer@example.com>", id, "|")
	for (i = 1; i <= nidents; i++) idents[i - 1] = id[i]
	nzones = split("+0000 -0700 +0530 +0100 -0800 +1245 -0330 +0200", zl, " ")
	for (i = 1; i <= nzones; i++) zones[i - 1] = zl[i]
	favourite["feature"] = 1; favourite["topic/docs"] = 2; favourite["imported"] = 4
	modes["t/run.sh"] = "100644"
	core = "src/core/main.c src/core/util.c src/core/util.h src/core/io.c src/core/io.h " \
		"src/core/deep/nested/tree.c src/core/parse.c Makefile README"
	feat = "src/feature/feat.c src/feature/feat.h t/feature/basic.sh t/feature/more.sh"
	docs = "doc/intro.txt doc/api/calls.txt doc/api/types.txt doc/FAQ"
	n = 0; clock = 1112911993

	# ---- main: the root and a first stretch ----
	tick()
	header("main", "Initial commit\n\nThe start of it all.\n", clock)
	k = split(core " t/run.sh src/core/old.c", f, " ")
	for (i = 1; i <= k; i++) { gv[f[i]] = 1; st["main", f[i]] = 1; known[f[i]] = 1; blob(f[i], 1, "100644") }
	printf "\n"; tip["main"] = n
	lightweight("v0.0", "main")
	for (i = 0; i < 70; i++) {
		change("main", pick(core, i))
		if (i == 20) {
			modes["t/run.sh"] = "100755"
			change("main", "t/run.sh", "Make t/run.sh executable\n")
		}
		if (i == 40) remove("main", "src/core/old.c")
	}
	annotated("v0.1", "main", "First milestone\n")

	# ---- feature, merged three times, main merged back once ----
	fork("feature", "main")
	for (r = 0; r < 3; r++) {
		for (i = 0; i < 36; i++) {
			if (i % 3 == 0) change("main", pick(core, i + r))
			else change("feature", pick(feat, i))
			if (r == 1 && i == 18)
				merge("feature", "main", "Merge branch '\''main'\'' into feature\n")
			if (r == 1 && i == 24)
				lightweight("mid", "main")
		}
		merge("main", "feature", "Merge branch '\''feature'\''\n\nRound " r + 1 " of the feature.\n")
		if (r == 0) lightweight("light-feature", "feature")
	}
	annotated("v1.0", "main", "Version 1.0\n\nThe feature is in.\nSecond line of the tag body.\n")

	# ---- special messages on main ----
	change("main", "README", "Fix the frobnicator\nwhen it is tired\n\nThe subject above runs on two lines.\n")
	change("main", "README", "Trailing blank lines follow\n\nbody\n\n\n\n")
	change("main", "README", "\n  \n\t\nSubject after blank and white-space lines\n\nbody after it\n")
	change("main", "README", "Subject with trailing spaces   \n\n  body with leading spaces\n")
	change("main", "README", "No newline at the end")
	change("main", "README", "CRLF subject\r\n\r\nCRLF body\r\n")
	change("main", "README", "Fix: Ugly -- subject...with  odd  chars!/\\[x] 100% {y} $z\n")
	change("main", "README", "Caf\303\251 na\303\257ve UTF-8 subject \342\234\223\n\nBody: \303\274ber.\n")
	change("main", "README", "\n")
	change("main", "README", "Subject only, then a body of one blank-looking line\n\n \n")
	change("main", "README", "A very long subject line that goes on and on well past the eighty column mark to see wrapping\n")
	change("main", "README", "percent %s %n %H placeholders in a message\n\n%b %%\n")

	# ---- topic/docs ----
	fork("topic/docs", "main")
	for (i = 0; i < 50; i++) {
		if (i % 4 == 0) change("main", pick(core, i))
		else change("topic/docs", pick(docs, i))
	}
	merge("main", "topic/docs", "Merge branch '\''topic/docs'\''\n")

	# ---- the criss-cross ----
	fork("cross-a", "main"); fork("cross-b", "main")
	for (i = 0; i < 12; i++) {
		change("cross-a", (i % 4 == 0) ? "lib/common.h" : "lib/a/a" i % 3 ".c")
		change("cross-b", (i % 5 == 0) ? "lib/common.h" : "lib/b/b" i % 2 ".c")
	}
	# each merge has the other side before its merge as second parent
	fork("cross-a-before", "cross-a"); tip["cross-a-before"] = tip["cross-a"]
	merge("cross-a", "cross-b", "Merge cross-b into cross-a\n", "lib/common.h")
	merge("cross-b", "cross-a-before", "Merge cross-a into cross-b\n", "lib/common.h", 1)
	for (i = 0; i < 8; i++) {
		change("cross-a", (i % 3 == 0) ? "lib/common.h" : "lib/a/a" i % 3 ".c")
		change("cross-b", "lib/b/b" i % 2 ".c")
	}
	merge("main", "cross-a", "Merge branch '\''cross-a'\''\n")
	merge("main", "cross-b", "Merge branch '\''cross-b'\''\n\nBoth sides touched lib/common.h.\n", "lib/common.h")
	annotated("v2.0", "main", "Version 2.0\n\n  indented tag body\n\nlast line\n")

	# ---- an octopus ----
	for (j = 1; j <= 3; j++) {
		fork("oct" j, "main")
		for (i = 0; i < 3; i++)
			change("oct" j, "contrib/oct" j "/part" i ".txt")
	}
	merge("main", "oct1 oct2 oct3", "Merge branches '\''oct1'\'', '\''oct2'\'' and '\''oct3'\''\n")

	# ---- an unrelated history merged in, and one left alone ----
	for (i = 0; i < 8; i++)
		change("imported", "vendor/lib/v" i % 3 ".c", (i == 0) ? "Import the vendor library\n" : "")
	merge("main", "imported", "Merge the vendor library\n")
	for (i = 0; i < 10; i++)
		change("orphan", "other/o" i % 4 ".txt", (i == 0) ? "An unrelated root\n" : "")
	lightweight("orphan-tag", "orphan")

	# ---- more main, with equal dates and one commit older than its parent ----
	for (i = 0; i < 110; i++) {
		if (i == 50) {
			saved = clock; clock -= 3 * 86400
			change("main", "src/core/io.c", "Clock skew: committed three days before its parent\n")
			clock = saved
			continue
		}
		if (i == 70) { change("main", "README", "<empty>"); continue }
		if (i == 80) rename("main", "t/run.sh", "t/run-tests.sh")
		change("main", pick(core " src/feature/feat.c doc/FAQ lib/common.h", i))
	}
	annotated("v3.0", "main", "Version 3.0\n")
}'
}

# history_raw_commit <tree> <parents> <date> <extra header lines> <message>: a
# commit written with hash-object, for headers git commit cannot make.
history_raw_commit() {
	{
		printf 'tree %s\n' "$1"
		for p in $2; do printf 'parent %s\n' "$p"; done
		printf 'author A U Thor <author@example.com> %s +0000\n' "$3"
		printf 'committer C O Mitter <committer@example.com> %s +0000\n' "$3"
		printf '%s\n\n%s\n' "$4" "$5"
	} | git hash-object -t commit -w --stdin
}

history_make() {
	git init -q -b main "$1" || return 1
	(
		cd "$1" &&
		git config gc.auto 0 && git config fastimport.unpackLimit 100000 &&
		history_stream | git fast-import --quiet &&
		git reset -q --hard main &&
		# the Latin-1 commit, by git commit
		printf 'Latin-1 text\n' >>README &&
		GIT_AUTHOR_NAME="$(printf 'Ren\351 L\366we')" GIT_AUTHOR_DATE="1114000000 +0200" \
		GIT_COMMITTER_DATE="1114000100 +0200" \
			git -c i18n.commitEncoding=ISO-8859-1 commit -q -a \
			-m "$(printf 'Caf\351 cr\350me br\373l\351e\n\nLatin-1 body: na\357ve \253quoted\273.')" &&
		printf 'after\n' >>README &&
		GIT_AUTHOR_DATE="1114000200 +0200" GIT_COMMITTER_DATE="1114000300 +0200" \
			git commit -q -a -m "Back to UTF-8 after the Latin-1 commit" &&
		# the signed branch: a gpgsig header, then a merge with a mergetag
		base=$(git rev-parse main~5) &&
		sig=$(history_raw_commit "$(git rev-parse "$base^{tree}")" "$base" 1114000400 \
			"$(printf 'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEEfake\n =abcd\n -----END PGP SIGNATURE-----\n')" \
			"$(printf 'A commit with a gpgsig header\n\nNot a real signature.\n')") &&
		tagobj=$(git cat-file tag v2.0 | sed 's/^/ /; 1s/^ //') &&
		mt=$(history_raw_commit "$(git rev-parse "main~2^{tree}")" "$sig $(git rev-parse 'v2.0^{commit}')" \
			1114000500 "$(printf 'mergetag %s\n' "$tagobj")" "$(printf "Merge tag 'v2.0' into signed\n")") &&
		git update-ref refs/heads/signed "$mt" &&
		GIT_COMMITTER_DATE="1114000600 -0500" git -c advice.nestedTag=false tag -a -m "$(printf 'A tag of a tag\n\nnested')" v3.0-outer v3.0 &&
		GIT_COMMITTER_DATE="1114000700 +0000" git tag -a -m "tree tag" treetag "main~3^{tree}" &&
		GIT_COMMITTER_DATE="1114000800 +0000" git tag -a -m "blob tag" blobtag "main:README" &&
		git tag light-head &&
		git update-ref refs/remotes/origin/main main~7 &&
		git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main &&
		# an untracked file named as a branch: "oct2" is then ambiguous
		printf 'not a revision\n' >oct2
	)
}

history_pack() {
	rm -rf "$2" && cp -R "$1" "$2" &&
	git -C "$2" gc --quiet --prune=now &&
	[ -f "$2/.git/packed-refs" ] && [ -z "$(find "$2/.git/objects" -path '*/[0-9a-f][0-9a-f]/*' -type f)" ]
}

# Commits dated well inside git's relative-date buckets, so that a few
# seconds between the two tools never change the words.
history_recent() {
	git init -q -b main "$1" || return 1
	(
		cd "$1" && now=$(date +%s) &&
		for age in 7500 270000 1900000 10700000 71000000 260000000 405; do
			d=$((now - age))
			GIT_AUTHOR_DATE="$((d - 3700)) +0100" GIT_COMMITTER_DATE="$d +0100" \
				git commit -q --allow-empty -m "aged $age seconds" || exit 1
		done
	)
}
