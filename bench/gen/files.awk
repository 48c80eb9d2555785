# bench/gen/files.awk (with code.awk): write `count` small source files under
# `dir` (100 per folder, 100 B to 8 KiB, most small) and print their paths.
# awk -v seed=N -v count=N -v dir=PATH -f code.awk -f files.awk
BEGIN {
	code_seed(seed)
	for (i = 0; i < count; i++) {
		path = sprintf("%s/d%03d/f%05d.c", dir, int(i / 100), i)
		if (i % 100 == 0)
			system("mkdir -p '" dir "/" sprintf("d%03d", int(i / 100)) "'")
		size = rnd(4) ? 100 + rnd(1900) : 2000 + rnd(6192)
		printf "%s", code_block(size) > path
		close(path)
		print path
	}
}
