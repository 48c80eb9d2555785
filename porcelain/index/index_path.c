/* porcelain/index/index_path.c: which paths may enter the index or the work tree (git's verify_path) */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "sgit/config.h"
#include "sgit/index.h"
#include "sgit/repo.h"

/*
 * The dotfiles git reads from the work tree, with the first six letters NTFS
 * gives their short name when it has to hash a long one (a fact of NTFS:
 * the letters git lists for each). Indexed by enum sgit_index_dotfile.
 */
static const struct {
	const char *name;	/* without its leading "." */
	const char *short6;
} dotfiles[] = {
	[SGIT_INDEX_DOTGITMODULES] = { "gitmodules", "gi7eba" },
	[SGIT_INDEX_DOTGITIGNORE] = { "gitignore", "gi250a" },
	[SGIT_INDEX_DOTGITATTRIBUTES] = { "gitattributes", "gi7d29" },
	[SGIT_INDEX_DOTMAILMAP] = { "mailmap", "maba30" },
};

/* Byte i of (s, n), or 0 past the end: the path's rest reads as a C string would. */
static unsigned char at(const char *s, size_t n, size_t i)
{
	return i < n ? (unsigned char)s[i] : 0;
}

/* From i on: nothing but spaces and dots up to the end or an NTFS stream name (":"). */
static int trailer_only(const char *s, size_t n, size_t i)
{
	for (;; i++) {
		unsigned char c = at(s, n, i);

		if (!c || c == ':')
			return 1;
		if (c != ' ' && c != '.')
			return 0;
	}
}

unsigned int sgit_index_path_protection(struct sgit_repo *repo)
{
	struct sgit_config *cfg = repo ? sgit_repo_config(repo) : NULL;
	int ntfs = 1, hfs = 0;

	/* git 2.39's defaults on Linux: NTFS protection on, HFS off */
	if (cfg && sgit_config_get_bool(&ntfs, cfg, "core.protectntfs", NULL) < 0)
		ntfs = 1;
	if (cfg && sgit_config_get_bool(&hfs, cfg, "core.protecthfs", NULL) < 0)
		hfs = 0;
	return (ntfs ? SGIT_INDEX_PROTECT_NTFS : 0) | (hfs ? SGIT_INDEX_PROTECT_HFS : 0);
}

int sgit_index_path_is_ntfs_dotgit(const char *s, size_t n)
{
	size_t i;

	if (at(s, n, 0) == '.' && n >= 4 && !strncasecmp(s + 1, "git", 3))
		i = 4;
	else if (n >= 5 && !strncasecmp(s, "git~1", 5))
		i = 5;
	else
		return 0;
	for (;; i++) {
		unsigned char c = at(s, n, i);

		if (!c || c == '/' || c == '\\' || c == ':')
			return 1;
		if (c != '.' && c != ' ')
			return 0;
	}
}

/* A short name "xxxxxx~N" made of the prefix letters cut at a tilde, then digits (8 bytes). */
static int ntfs_fallback_short(const char *s, size_t n, const char *prefix)
{
	size_t i;
	int tilde = 0;

	for (i = 0; i < 8; i++) {
		unsigned char c = at(s, n, i);

		if (!c)
			return 0;
		if (tilde) {
			if (c < '0' || c > '9')
				return 0;
		} else if (c == '~') {
			c = at(s, n, ++i);
			if (c < '1' || c > '9')
				return 0;
			tilde = 1;
		} else if (i >= 6 || (c & 0x80) || tolower(c) != (unsigned char)prefix[i]) {
			return 0;
		}
	}
	return trailer_only(s, n, 8);
}

int sgit_index_path_is_ntfs_dotfile(const char *s, size_t n, enum sgit_index_dotfile which)
{
	const char *name = dotfiles[which].name;
	size_t len = strlen(name);

	if (at(s, n, 0) == '.' && n > len && !strncasecmp(s + 1, name, len))
		return trailer_only(s, n, len + 1);
	/* the usual short name: six letters, "~", a digit 1 to 4 */
	if (n >= 8 && !strncasecmp(s, name, 6) && s[6] == '~' && s[7] >= '1' && s[7] <= '4')
		return trailer_only(s, n, 8);
	return ntfs_fallback_short(s, n, dotfiles[which].short6);
}

/* Bytes a UTF-8 sequence starting with lead takes and the lowest code point it may encode. */
static int utf8_shape(unsigned char lead, unsigned long *cp, unsigned long *min)
{
	if (lead < 0x80) {
		*cp = lead, *min = 0;
		return 1;
	}
	if (lead >= 0xc2 && lead <= 0xdf) {
		*cp = lead & 0x1f, *min = 0x80;
		return 2;
	}
	if (lead >= 0xe0 && lead <= 0xef) {
		*cp = lead & 0x0f, *min = 0x800;
		return 3;
	}
	if (lead >= 0xf0 && lead <= 0xf4) {
		*cp = lead & 0x07, *min = 0x10000;
		return 4;
	}
	return 0;
}

/* The code point at *i (advanced past it); 0 at the end or on bad UTF-8, which ends a name too. */
static unsigned long utf8_next(const char *s, size_t n, size_t *i)
{
	unsigned long cp, min;
	int k, w = *i < n ? utf8_shape((unsigned char)s[*i], &cp, &min) : 0;

	if (!w || *i + w > n)
		return 0;
	for (k = 1; k < w; k++) {
		unsigned char c = (unsigned char)s[*i + k];

		if ((c & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (c & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF and U+FFFE/U+FFFF are not characters */
	if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff || (cp & 0xfffe) == 0xfffe)
		return 0;
	*i += w;
	return cp;
}

/* HFS+ drops these code points from names when it compares them (git's list). */
static unsigned long hfs_next(const char *s, size_t n, size_t *i)
{
	for (;;) {
		unsigned long c = utf8_next(s, n, i);

		if ((c >= 0x200c && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) ||
		    (c >= 0x206a && c <= 0x206f) || c == 0xfeff)
			continue;
		return c;
	}
}

/* The component at s is "." + needle to HFS+: ignorable code points skipped, ASCII case folded. */
static int hfs_is_dot(const char *s, size_t n, const char *needle)
{
	size_t i = 0;
	unsigned long c;

	if (hfs_next(s, n, &i) != '.')
		return 0;
	for (; *needle; needle++) {
		c = hfs_next(s, n, &i);
		if (c > 127 || tolower((int)c) != *needle)
			return 0;
	}
	c = hfs_next(s, n, &i);
	return !c || c == '/';
}

int sgit_index_path_is_hfs_dotgit(const char *s, size_t n)
{
	return hfs_is_dot(s, n, "git");
}

int sgit_index_path_is_hfs_dotfile(const char *s, size_t n, enum sgit_index_dotfile which)
{
	return hfs_is_dot(s, n, dotfiles[which].name);
}

/* Names protection refuses at the start of the component s (n: bytes to the end of the path). */
static int protected_name(const char *s, size_t n, int link, unsigned int protect)
{
	if ((protect & SGIT_INDEX_PROTECT_HFS) &&
	    (sgit_index_path_is_hfs_dotgit(s, n) ||
	     (link && sgit_index_path_is_hfs_dotfile(s, n, SGIT_INDEX_DOTGITMODULES))))
		return 1;
	if ((protect & SGIT_INDEX_PROTECT_NTFS) &&
	    (sgit_index_path_is_ntfs_dotgit(s, n) ||
	     (link && sgit_index_path_is_ntfs_dotfile(s, n, SGIT_INDEX_DOTGITMODULES))))
		return 1;
	return 0;
}

/* The component after a "." (s, n to the end of the path): not ".", "..", ".git", nor a linked ".gitmodules". */
static int dot_component_ok(const char *s, size_t n, int link)
{
	unsigned char c = at(s, n, 0);

	if (!c || c == '/')
		return 0;
	if (c == '.')
		return at(s, n, 1) && at(s, n, 1) != '/';
	if (n < 3 || strncasecmp(s, "git", 3))
		return 1;
	if (!at(s, n, 3) || at(s, n, 3) == '/')
		return 0;
	/* a symbolic link would have git read its target as the submodule list */
	if (link && n >= 10 && !strncasecmp(s + 3, "modules", 7) && (!at(s, n, 10) || at(s, n, 10) == '/'))
		return 0;
	return 1;
}

int sgit_index_path_valid(const char *path, size_t len, unsigned int mode, unsigned int protect)
{
	int link = (mode & 0170000) == 0120000, dir = (mode & 0170000) == 0040000;
	size_t i = 0;

	if (!len || memchr(path, '\0', len))
		return 0;
	for (;;) {
		/* i: the start of a component */
		if (protected_name(path + i, len - i, link, protect))
			return 0;
		if (i == len)
			return dir;	/* "a/": only a sparse folder entry ends in a slash */
		if (path[i] == '/' || (path[i] == '.' && !dot_component_ok(path + i + 1, len - i - 1, link)))
			return 0;
		for (i++; i < len && path[i] != '/'; i++)
			if (path[i] == '\\' && (protect & SGIT_INDEX_PROTECT_NTFS) &&
			    protected_name(path + i + 1, len - i - 1, link, SGIT_INDEX_PROTECT_NTFS))
				return 0;
		if (i == len)
			return 1;
		i++;
	}
}
