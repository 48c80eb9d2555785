# bench/gen/text.awk (with code.awk): print `bytes` bytes of code-like text.
# awk -v seed=N -v bytes=N -f code.awk -f text.awk
BEGIN {
	code_seed(seed)
	total = 0
	while (total < bytes) {
		s = code_line()
		if (total + length(s) > bytes)
			s = substr(s, 1, bytes - total)
		printf "%s", s
		total += length(s)
	}
}
