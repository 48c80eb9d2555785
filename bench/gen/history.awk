# bench/gen/history.awk (with code.awk): a git fast-import stream of a long
# history on refs/heads/main, shaped like a project's: `files` source files in
# 48 folders two levels deep, then commits by eight authors that each edit one
# to three files a little (replace, insert or delete a line). Every 100th
# commit starts a side branch whose 10 commits alternate with main's (on
# files main leaves alone meanwhile) and which main then merges: `commits`
# commits in all, one in a hundred a merge.
# awk -v seed=N -v files=N -v commits=N -f code.awk -f history.awk
function path_of(f) { return sprintf("%s/m%02d/f%03d.c", area[f % 6], int(f / 6) % 8, f) }
function header(ref, msg,   a, t) {
	n++
	a = rnd(8)
	t = 1400000000 + n * 61
	printf "commit refs/heads/%s\nmark :%d\n", ref, n
	printf "author %s %d %s\n", who[a], t - rnd(3600), zone[a]
	printf "committer %s %d %s\n", who[a], t, zone[a]
	printf "data %d\n%s\n", length(msg), msg
}
function message(   s) {
	s = area[rnd(6)] ": " comment() "\n"
	if (rnd(4) == 0)
		s = s "\n" comment() ".\n" comment() ".\n"
	return s
}
# One commit on ref (parent: the mark from) editing one to three files whose
# number modulo 10 is (side) or is not (!side) zero.
function work(ref, from, side,   k, j, f, msg) {
	header(ref, message())
	printf "from :%d\n", from
	k = 1 + rnd(3)
	for (j = 0; j < k; j++) {
		do f = rnd(files); while ((f % 10 == 0) != side)
		code_file_edit(f)
		code_file_emit(f, path_of(f))
		if (side) touched[f] = 1
	}
	printf "\n"
	return n
}
BEGIN {
	code_seed(seed)
	split("src lib tools tests include doc", a6, " ")
	for (i = 0; i < 6; i++) area[i] = a6[i + 1]
	split("A U Thor <author@example.com>|Bob Builder <bob@example.org>|" \
		"Carol Writer <carol@example.net>|Dave Fixer <dave@example.com>|" \
		"Erin Tester <erin@example.com>|Frank Porter <frank@example.org>|" \
		"Grace Hopper <grace@example.net>|Heidi Klum <heidi@example.com>", w, "|")
	split("+0000 -0700 +0100 +0530 -0500 +0900 +0200 -0300", z, " ")
	for (i = 0; i < 8; i++) { who[i] = w[i + 1]; zone[i] = z[i + 1] }
	for (f = 0; f < files; f++)
		code_file_new(f)
	header("main", "initial import\n")
	for (f = 0; f < files; f++)
		code_file_emit(f, path_of(f))
	printf "\n"
	tip = n
	while (n < commits) {
		if (n % 100 == 50 && n + 21 <= commits) {
			side = tip
			for (f in touched) delete touched[f]
			for (i = 0; i < 10; i++) {
				tip = work("main", tip, 0)
				side = work("side", side, 1)
			}
			header("main", "Merge branch 'side'\n")
			printf "from :%d\nmerge :%d\n", tip, side
			for (f in touched)
				code_file_emit(f, path_of(f))
			printf "\n"
			tip = n
		} else {
			tip = work("main", tip, 0)
		}
	}
}
