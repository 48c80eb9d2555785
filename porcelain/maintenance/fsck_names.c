/* porcelain/maintenance/fsck_names.c: the spellings NTFS and HFS+ accept for .git, .gitmodules and friends */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "sgit/fsck.h"

/*
 * One row per dotfile: its name after the dot, and the first six letters of
 * the 8.3 short name NTFS derives from it when the usual "gitmod~1" form is
 * taken (a hash of the long name; these are the values Windows computes).
 */
static const struct {
	const char *name;
	const char *short6;
} dotfiles[] = {
	[SGIT_FSCK_GITMODULES] = { "gitmodules", "gi7eba" },
	[SGIT_FSCK_GITATTRIBUTES] = { "gitattributes", "gi7d29" },
	[SGIT_FSCK_GITIGNORE] = { "gitignore", "gi250a" },
	[SGIT_FSCK_MAILMAP] = { "mailmap", "maba30" },
};

static unsigned char at(const char *s, size_t n, size_t i)
{
	return i < n ? (unsigned char)s[i] : 0;
}

/* NTFS drops trailing spaces and dots, and ":" starts a stream name. */
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

static int ntfs_dotgit(const char *s, size_t n)
{
	size_t len = 0;

	while (len < n && s[len] && s[len] != '\\' && s[len] != '/')
		len++;
	if (len >= 4 && !strncasecmp(s, ".git", 4) && strspn(s + 4, " .") >= len - 4)
		return 1;
	return len >= 5 && !strncasecmp(s, "git~1", 5) && strspn(s + 5, " .") >= len - 5;
}

static int ntfs_dotfile(const char *s, size_t n, const char *name, const char *short6)
{
	size_t len = strlen(name), i;
	int tilde = 0;

	if (at(s, n, 0) == '.' && n > len && !strncasecmp(s + 1, name, len))
		return trailer_only(s, n, len + 1);
	if (n >= 8 && !strncasecmp(s, name, 6) && s[6] == '~' && s[7] >= '1' && s[7] <= '4')
		return trailer_only(s, n, 8);
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
		} else if (i >= 6 || (c & 0x80) || tolower(c) != (unsigned char)short6[i]) {
			return 0;
		}
	}
	return trailer_only(s, n, 8);
}

/* The next code point of a UTF-8 name, skipping those HFS+ ignores; 0 at the end. */
static unsigned long hfs_next(const char *s, size_t n, size_t *i)
{
	for (;;) {
		unsigned char c = at(s, n, *i);
		unsigned long cp;
		int more;

		if (!c)
			return 0;
		(*i)++;
		if (c < 0x80)
			return c;
		more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
		cp = c & (0x3f >> more);
		while (more-- > 0)
			cp = (cp << 6) | (at(s, n, (*i)++) & 0x3f);
		/* zero-width joiners, direction marks and the byte-order mark */
		if ((cp >= 0x200c && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
		    (cp >= 0x206a && cp <= 0x206f) || cp == 0xfeff)
			continue;
		return cp;
	}
}

static int hfs_dot(const char *s, size_t n, const char *name)
{
	size_t i = 0;
	unsigned long c;

	if (hfs_next(s, n, &i) != '.')
		return 0;
	for (; *name; name++) {
		c = hfs_next(s, n, &i);
		if (c > 127 || tolower((int)c) != *name)
			return 0;
	}
	c = hfs_next(s, n, &i);
	return !c || c == '/';
}

int sgit_fsck_name_is_dotgit(const char *s, size_t n, unsigned protect)
{
	return ((protect & 1) && ntfs_dotgit(s, n)) || ((protect & 2) && hfs_dot(s, n, "git"));
}

int sgit_fsck_name_is_dotfile(const char *s, size_t n, enum sgit_fsck_dotfile which,
			      unsigned protect)
{
	if ((protect & 1) && ntfs_dotfile(s, n, dotfiles[which].name, dotfiles[which].short6))
		return 1;
	return (protect & 2) && hfs_dot(s, n, dotfiles[which].name);
}
