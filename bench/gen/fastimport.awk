# bench/gen/fastimport.awk (with code.awk): a git fast-import stream of a
# history on refs/heads/main: `files` source files spread over folders, then
# `commits` - 1 commits that each edit one to four files a little (replace,
# insert or delete a line), so that packing finds long delta chains.
# awk -v seed=N -v files=N -v commits=N -f code.awk -f fastimport.awk
function path_of(f) { return sprintf("src/m%02d/file%03d.c", f % 24, f) }
function content(f,   s, i) {
	s = ""
	for (i = 1; i <= nlines[f]; i++)
		s = s line[f, i]
	return s
}
function emit_file(f,   s) {
	s = content(f)
	printf "M 100644 inline %s\ndata %d\n%s\n", path_of(f), length(s), s
}
function edit(f,   r, i, k) {
	r = rnd(10)
	k = 1 + rnd(nlines[f])
	if (r < 2 && nlines[f] < 200) {
		for (i = nlines[f]; i >= k; i--)
			line[f, i + 1] = line[f, i]
		nlines[f]++
	} else if (r < 3 && nlines[f] > 10) {
		for (i = k; i < nlines[f]; i++)
			line[f, i] = line[f, i + 1]
		delete line[f, nlines[f]]
		nlines[f]--
		return
	}
	line[f, k] = code_line()
}
function commit(n, msg) {
	printf "commit refs/heads/main\nmark :%d\n", n
	printf "author A U Thor <author@example.com> %d +0000\n", 1500000000 + n * 60
	printf "committer C O Mitter <committer@example.com> %d +0000\n", 1500000000 + n * 60
	printf "data %d\n%s\n", length(msg), msg
}
BEGIN {
	code_seed(seed)
	for (f = 0; f < files; f++) {
		nlines[f] = 20 + rnd(60)
		for (i = 1; i <= nlines[f]; i++)
			line[f, i] = code_line()
	}
	commit(1, "initial import\n")
	for (f = 0; f < files; f++)
		emit_file(f)
	printf "\n"
	for (n = 2; n <= commits; n++) {
		commit(n, "change " n ": " comment() "\n")
		k = 1 + rnd(4)
		for (j = 0; j < k; j++) {
			f = rnd(files)
			edit(f)
			emit_file(f)
		}
		printf "\n"
	}
}
