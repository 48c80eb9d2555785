# bench/gen/code.awk: functions that make text shaped like C source, for
# workloads that need realistic, compressible but varied data. Deterministic:
# its own Park-Miller generator (every product stays below 2^53, so any awk
# that computes in doubles gives the same bytes), seeded with code_seed(n).
# Load it with another -f program that calls code_line() or code_block(),
# or keeps files it edits a little at a time (code_file_*, at the end).

function code_seed(n) {
	code_state = n % 2147483646 + 1
	code_depth = 0
	if (code_nwords == 0)
		code_init()
}

# A number in [0, n).
function rnd(n) {
	code_state = (code_state * 16807) % 2147483647
	return int(code_state / 2147483647 * n)
}

function code_init(   w, i) {
	code_nwords = split("buf len size count offset index entry node list tree " \
		"object hash name path mode flags state result value data key item " \
		"header type cursor limit base delta pack repo ref commit parent author " \
		"message line column width depth next prev head tail first last start " \
		"end total error code status config option table slot cache block chunk " \
		"stream reader writer file dir link target source dest tmp out in ctx", code_words, " ")
	code_ntypes = split("int size_t char unsigned uint32_t uint64_t long " \
		"struct+buf struct+node struct+entry struct+repo const+char", code_types, " ")
	for (i = 1; i <= code_ntypes; i++)
		gsub(/\+/, " ", code_types[i])
	code_nops = split("+ - * / % & | ^ << >> == != < > <= >= && ||", code_ops, " ")
}

function word() { return code_words[rnd(code_nwords) + 1] }
function ident(   r) {
	r = rnd(10)
	if (r < 5) return word()
	if (r < 8) return word() "_" word()
	return word() "_" word() "_" word()
}
function operand(   r) {
	r = rnd(6)
	if (r < 3) return ident()
	if (r < 4) return rnd(r < 1 ? 10 : 4096)
	if (r < 5) return ident() "->" word()
	return ident() "[" ident() "]"
}
function expr() {
	return rnd(3) ? operand() " " code_ops[rnd(code_nops) + 1] " " operand() : operand()
}
function args(   n, s, i) {
	n = rnd(4); s = ""
	for (i = 0; i < n; i++)
		s = s (i ? ", " : "") expr()
	return s
}
function indent(   s, i) {
	s = ""
	for (i = 0; i < code_depth; i++)
		s = s "\t"
	return s
}
function comment(   n, s, i) {
	n = 3 + rnd(9); s = word()
	for (i = 1; i < n; i++)
		s = s " " word()
	return s
}

# One line of code, newline included; keeps braces roughly balanced.
function code_line(   r, s) {
	r = rnd(100)
	if (code_depth == 0) {
		code_depth = 1
		if (r < 30)
			return "\n/* " comment() " */\n" "static " code_types[rnd(code_ntypes) + 1] " " \
				ident() "(" code_types[rnd(code_ntypes) + 1] " *" word() ", " \
				code_types[rnd(code_ntypes) + 1] " " word() ")\n{\n"
		return "\nint " ident() "(" args() ")\n{\n"
	}
	if (r < 10 && code_depth < 5) {
		s = indent() (rnd(2) ? "if (" : "while (") expr() ") {\n"
		code_depth++
		return s
	}
	if (r < 18 && code_depth > 1) {
		code_depth--
		return indent() "}\n"
	}
	if (r < 22) {
		s = indent() "return " expr() ";\n"
		code_depth--
		return s indent() "}\n"
	}
	if (r < 30)
		return indent() "/* " comment() " */\n"
	if (r < 45)
		return indent() code_types[rnd(code_ntypes) + 1] " " ident() " = " expr() ";\n"
	if (r < 70)
		return indent() ident() " = " ident() "(" args() ");\n"
	if (r < 85)
		return indent() operand() " " (rnd(2) ? "+=" : "=") " " expr() ";\n"
	return indent() ident() "(" args() ");\n"
}

# About nbytes of code (whole lines).
function code_block(nbytes,   s) {
	s = ""
	while (length(s) < nbytes)
		s = s code_line()
	return s
}

# ---- source files edited a little at a time (history generators) ----
# File f is kept as its lines code_text[f, 1..code_nlines[f]].

# A new file f of 20 to 79 lines.
function code_file_new(f,   i) {
	code_nlines[f] = 20 + rnd(60)
	for (i = 1; i <= code_nlines[f]; i++)
		code_text[f, i] = code_line()
}

function code_file_text(f,   s, i) {
	s = ""
	for (i = 1; i <= code_nlines[f]; i++)
		s = s code_text[f, i]
	return s
}

# Replace a line of f at random; two times in ten first insert one there
# (up to 200 lines), one time in ten delete it instead (down to 10).
function code_file_edit(f,   r, i, k) {
	r = rnd(10)
	k = 1 + rnd(code_nlines[f])
	if (r < 2 && code_nlines[f] < 200) {
		for (i = code_nlines[f]; i >= k; i--)
			code_text[f, i + 1] = code_text[f, i]
		code_nlines[f]++
	} else if (r < 3 && code_nlines[f] > 10) {
		for (i = k; i < code_nlines[f]; i++)
			code_text[f, i] = code_text[f, i + 1]
		delete code_text[f, code_nlines[f]]
		code_nlines[f]--
		return
	}
	code_text[f, k] = code_line()
}

# The git fast-import command that sets path to the text of f.
function code_file_emit(f, path,   s) {
	s = code_file_text(f)
	printf "M 100644 inline %s\ndata %d\n%s\n", path, length(s), s
}
