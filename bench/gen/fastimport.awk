# bench/gen/fastimport.awk (with code.awk): a git fast-import stream of a
# history on refs/heads/main: `files` source files spread over folders, then
# `commits` - 1 commits that each edit one to four files a little (replace,
# insert or delete a line), so that packing finds long delta chains.
# awk -v seed=N -v files=N -v commits=N -f code.awk -f fastimport.awk
function path_of(f) { return sprintf("src/m%02d/file%03d.c", f % 24, f) }
function commit(n, msg) {
	printf "commit refs/heads/main\nmark :%d\n", n
	printf "author A U Thor <author@example.com> %d +0000\n", 1500000000 + n * 60
	printf "committer C O Mitter <committer@example.com> %d +0000\n", 1500000000 + n * 60
	printf "data %d\n%s\n", length(msg), msg
}
BEGIN {
	code_seed(seed)
	for (f = 0; f < files; f++)
		code_file_new(f)
	commit(1, "initial import\n")
	for (f = 0; f < files; f++)
		code_file_emit(f, path_of(f))
	printf "\n"
	for (n = 2; n <= commits; n++) {
		commit(n, "change " n ": " comment() "\n")
		k = 1 + rnd(4)
		for (j = 0; j < k; j++) {
			f = rnd(files)
			code_file_edit(f)
			code_file_emit(f, path_of(f))
		}
		printf "\n"
	}
}
