/* porcelain/cli/cmd_tag.c: sgit tag: list, create (lightweight, annotated or signed), delete, verify */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "porcelain/cli/cli.h"
#include "porcelain/cli/editor.h"
#include "porcelain/cli/ref_cmd.h"
#include "porcelain/cli/reflist.h"
#include "porcelain/cli/sign_cmd.h"
#include "porcelain/cli/verify_cmd.h"
#include "porcelain/branches/refinfo.h"
#include "sgit/tag_create.h"
#include "util/fs.h"
#include "util/message.h"

static const char *const tag_usage[] = {
	"sgit tag [-a | -s | -u <key-id>] [-f] [-m <msg> | -F <file>] [-e]\n"
	"               <tagname> [<commit> | <object>]",
	"sgit tag -d <tagname>...",
	"sgit tag [-n[<num>]] -l [--contains <commit>] [--sort=<key>] [-i] [<pattern>...]",
	"sgit tag -v [--format=<format>] <tagname>...",
	NULL,
};

static const char nested_tag_hint[] =
	"hint: You have created a nested tag. The object referred to by your new tag is\n"
	"hint: already a tag. If you meant to tag the object that it points to, use:\n"
	"hint: \n"
	"hint: \tsgit tag -f %s %s^{}\n"
	"hint: Disable this message with \"sgit config advice.nestedTag false\"\n";

struct tag_opts {
	int mode;			/* 0 (create), 'l' or 'd' */
	const char *mode_name;		/* for git's "incompatible with --list" */
	const struct cli_option *all;	/* for the usage printed on a conflict */
	int lines;			/* -n: -1 when not given */
	int annotate, force, edit, ignore_case, create_reflog;
	int sign;			/* -s 1, --no-sign 0, -1 when not given (tag.gpgSign decides) */
	const char *key;		/* -u <key-id> */
	const char *format;		/* -v --format */
	struct cli_strlist messages;	/* -m, each a paragraph */
	const char *file;		/* -F */
	const char *cleanup;
	const char *contains;		/* --contains <commit> */
	struct cli_strlist sort;
};

static int set_mode(const struct cli_option *opt, const char *arg, int unset)
{
	struct tag_opts *o = opt->value;
	int mode = opt->short_name;

	(void)arg;
	if (unset) {
		if (o->mode == mode)
			o->mode = 0;
		return 0;
	}
	if (o->mode && o->mode != mode)
		cli_usage_error(tag_usage, o->all, "switch `%c' is incompatible with --%s", mode,
				o->mode_name);
	o->mode = mode;
	o->mode_name = opt->long_name;
	return 0;
}

/* ---- listing ---- */

static int print_lines(struct cli_ctx *ctx, const struct reflist_item *it, int lines,
		       struct sgit_buf *data, struct sgit_buf *line)
{
	enum sgit_object_type type = SGIT_OBJ_NONE;
	struct sgit_msgpos pos;

	sgit_buf_printf(line, "%-15s ", it->shown);
	if (sgit_odb_read(data, &type, sgit_repo_odb(ctx->repo), &it->oid) == 0 &&
	    (type == SGIT_OBJ_COMMIT || type == SGIT_OBJ_TAG)) {
		sgit_refinfo_message_parts(&pos, data->ptr, data->len);
		if (sgit_refinfo_add_lines(line, data->ptr, &pos, lines) < 0)
			return cli_fatal("out of memory");
	}
	fwrite(line->ptr, 1, line->len, stdout);
	putchar('\n');
	return 0;
}

static int list_tags(struct cli_ctx *ctx, struct tag_opts *o, const char **patterns, int npatterns)
{
	struct reflist l = REFLIST_INIT;
	struct sgit_buf data = SGIT_BUF_INIT, line = SGIT_BUF_INIT;
	const char *config_sort = NULL;
	size_t i;
	int rc;

	if (!o->sort.nr && !sgit_config_get_string(&config_sort, sgit_repo_config(ctx->repo), "tag.sort"))
		cli_strlist_push(&o->sort, config_sort);
	if ((rc = reflist_sort(&l, o->sort.items, o->sort.nr, o->ignore_case)) ||
	    (rc = reflist_collect(&l, ctx, "refs/tags/", 0, patterns, (size_t)npatterns,
				  o->ignore_case)) ||
	    (o->contains && (rc = reflist_filter_contains(&l, ctx, o->contains))) ||
	    (rc = reflist_sort(&l, o->sort.items, o->sort.nr, o->ignore_case)))
		goto out;
	for (i = 0; !rc && i < l.nr; i++) {
		if (o->lines > 0)
			rc = print_lines(ctx, &l.items[i], o->lines, &data, &line);
		else
			printf("%s\n", l.items[i].shown);
	}
out:
	sgit_buf_release(&data);
	sgit_buf_release(&line);
	reflist_clear(&l);
	return rc;
}

/* ---- deleting ---- */

static int delete_tags(struct cli_ctx *ctx, const char **names, int n)
{
	struct sgit_oid was;
	char abbrev[SGIT_OID_HEXSZ + 1];
	int i, rc = 0;

	for (i = 0; i < n; i++) {
		if (sgit_tag_delete(&was, ctx->repo, names[i]) < 0) {
			rc = cli_error("%s", sgit_error_message(cli_err(ctx)));
			continue;
		}
		sgit_repo_abbrev(abbrev, ctx->repo, &was);
		printf("Deleted tag '%s' (was %s)\n", names[i], abbrev);
	}
	return rc;
}

/* ---- the message of an annotated tag ---- */

/* Several -m are paragraphs: joined by an empty line, as given otherwise. */
static int join_messages(struct sgit_buf *out, const struct cli_strlist *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++) {
		if (out->len && sgit_buf_adds(out, "\n\n") < 0)
			return SGIT_ENOMEM;
		if (sgit_buf_adds(out, m->items[i]) < 0)
			return SGIT_ENOMEM;
	}
	return 0;
}

static int read_message_file(struct sgit_buf *out, struct cli_ctx *ctx, const char *file)
{
	int rc = strcmp(file, "-") ? sgit_fs_read_file(out, file, cli_err(ctx))
				   : sgit_fs_read_fd(out, 0, "standard input", cli_err(ctx));

	if (rc < 0)
		return cli_fatal("could not open or read '%s': %s", file,
				 strerror(rc == SGIT_ENOTFOUND ? ENOENT : errno));
	return 0;
}

/* What the editor starts from: the message given, the old tag's, or git's template. */
static int editor_template(struct sgit_buf *out, struct cli_ctx *ctx, const struct sgit_buf *given,
			   int message_given, const struct sgit_oid *prev, const char *name,
			   enum sgit_cleanup_mode mode)
{
	char cc = cli_comment_char(ctx);
	struct sgit_buf text = SGIT_BUF_INIT;
	int rc = 0;

	if (message_given)
		return sgit_buf_set(out, given->ptr, given->len);
	if (!sgit_oid_is_zero(prev) && sgit_tag_body(out, ctx->repo, prev) < 0)
		return cli_fatal_err(cli_err(ctx));
	if (out->len)
		return 0;
	sgit_buf_printf(&text, "\nWrite a message for tag:\n  %s\n", name);
	if (mode == SGIT_CLEANUP_STRIP)
		sgit_buf_addf(&text, "Lines starting with '%c' will be ignored.\n", cc);
	else
		sgit_buf_addf(&text, "Lines starting with '%c' will be kept; you may remove them"
				     " yourself if you want to.\n", cc);
	sgit_buf_sets(out, "\n");
	rc = sgit_message_add_commented(out, text.ptr, text.len, cc);
	sgit_buf_release(&text);
	return rc;
}

static int cleanup_mode(enum sgit_cleanup_mode *out, const char *value)
{
	*out = SGIT_CLEANUP_STRIP;	/* a tag message is stripped even when not edited */
	if (!value || !strcmp(value, "strip"))
		return 0;
	if (!strcmp(value, "verbatim"))
		*out = SGIT_CLEANUP_VERBATIM;
	else if (!strcmp(value, "whitespace"))
		*out = SGIT_CLEANUP_WHITESPACE;
	else
		return cli_fatal("Invalid cleanup mode %s", value);
	return 0;
}

/*
 * The cleaned message of an annotated tag, from -m, -F and/or the editor.
 * edit_path gets the file the editor saw (removed by the caller on success).
 */
static int tag_message(struct sgit_buf *msg, struct sgit_buf *edit_path, struct cli_ctx *ctx,
		       struct tag_opts *o, const char *name, const struct sgit_oid *prev)
{
	struct sgit_buf given = SGIT_BUF_INIT, tmpl = SGIT_BUF_INIT;
	int message_given = o->messages.nr || o->file;
	enum sgit_cleanup_mode mode;
	int rc;

	if ((rc = cleanup_mode(&mode, o->cleanup)))
		return rc;
	if ((o->messages.nr && (rc = join_messages(&given, &o->messages)) < 0) ||
	    (o->file && (rc = read_message_file(&given, ctx, o->file))))
		goto out;
	if (message_given && !o->edit) {
		sgit_buf_swap(msg, &given);
	} else {
		if ((rc = editor_template(&tmpl, ctx, &given, message_given, prev, name, mode)) != 0 ||
		    (rc = cli_edit_message(msg, ctx, "TAG_EDITMSG", &tmpl, 0600, edit_path)))
			goto out;
	}
	if (sgit_message_cleanup(msg, mode, cli_comment_char(ctx)) < 0)
		rc = cli_fatal("out of memory");
	else if (!message_given && !msg->len)
		rc = cli_fatal("no tag message?");
out:
	sgit_buf_release(&given);
	sgit_buf_release(&tmpl);
	return rc < 0 ? cli_fatal("out of memory") : rc;
}

/* ---- creating ---- */

static int tagger_ident(struct sgit_buf *out, struct cli_ctx *ctx)
{
	struct sgit_person_options popts = SGIT_PERSON_OPTIONS_INIT;
	int hint = 0;

	popts.repo = ctx->repo;
	popts.now = (int64_t)time(NULL);
	popts.strict = 1;
	if (sgit_person_ident(out, &hint, SGIT_PERSON_COMMITTER, &popts, cli_err(ctx)) < 0) {
		if (hint) {
			fflush(stdout);
			fputs(sgit_person_hint(SGIT_PERSON_COMMITTER), stderr);
		}
		return cli_fatal_err(cli_err(ctx));
	}
	return 0;
}

static void advise_nested(struct cli_ctx *ctx, const char *name, const char *object)
{
	struct sgit_error ignored = SGIT_ERROR_INIT;
	int on = 1;

	if (sgit_config_get_bool(&on, sgit_repo_config(ctx->repo), "advice.nestedtag", &ignored) < 0)
		on = 1;
	if (on) {
		fflush(stdout);
		fprintf(stderr, nested_tag_hint, name, object);
	}
}

/* tag.forceSignAnnotated signs what -m or -F annotate (not -a); then the key and settings. */
static int setup_signing(struct sgit_tag_create_opts *copts, struct sign_ctx *sc, struct cli_ctx *ctx,
			 struct tag_opts *o, const char *tagger)
{
	int force = 0, rc;

	if (!o->annotate && (rc = sign_config_bool(&force, ctx, "tag.forcesignannotated")))
		return rc;
	if (force)
		o->sign = 1;
	if (!o->sign)
		return 0;
	if ((rc = sign_ctx_init(sc, ctx, o->key, tagger)))
		return rc;
	copts->sign = sign_ctx_cb;
	copts->sign_data = sc;
	return 0;
}

/*
 * A file in the git dir as git names it: a git dir it found itself is
 * ".git" below the top of the work tree (where it works), one from GIT_DIR
 * or --git-dir is used as given.
 */
static const char *shown_path(struct cli_ctx *ctx, const char *path)
{
	const char *top = sgit_repo_work_tree(ctx->repo);
	size_t n = top ? strlen(top) : 0;

	if (n && !sgit_repo_getenv(ctx->repo, "GIT_DIR") && !strncmp(path, top, n) && path[n] == '/')
		return path + n + 1;
	return path;
}

/* git's words when the signature failed; the edited message stays for the next try. */
static int sign_failed(const struct sign_ctx *sc, struct cli_ctx *ctx, const struct sgit_buf *edit_path)
{
	sign_ctx_report(sc, cli_err(ctx));
	cli_error("unable to sign the tag");
	if (edit_path->len)
		fprintf(stderr, "The tag message has been left in %s\n", shown_path(ctx, edit_path->ptr));
	return 128;
}

static int create_tag(struct cli_ctx *ctx, struct tag_opts *o, const char **argv, int argc)
{
	struct sgit_tag_create_opts copts = SGIT_TAG_CREATE_OPTS_INIT;
	struct sgit_tag_create_result res;
	struct sgit_buf ref = SGIT_BUF_INIT, who = SGIT_BUF_INIT, msg = SGIT_BUF_INIT;
	struct sgit_buf edit_path = SGIT_BUF_INIT;
	struct sign_ctx sc = SIGN_CTX_INIT;
	const char *object = argc == 2 ? argv[1] : "HEAD";
	struct sgit_oid target, prev;
	char abbrev[SGIT_OID_HEXSZ + 1];
	int rc;

	if (argc > 2)
		return cli_fatal("too many arguments");
	if (o->messages.nr && o->file)
		return cli_fatal("options '-F' and '-m' cannot be used together");
	copts.annotated = o->sign || o->annotate || o->messages.nr || o->file;
	if (cli_refcmd_resolve(&target, ctx, object) < 0) {
		rc = cli_fatal("Failed to resolve '%s' as a valid ref.", object);
		goto out;
	}
	if (sgit_tag_refname(&ref, argv[0], cli_err(ctx)) < 0) {
		rc = cli_fatal_err(cli_err(ctx));
		goto out;
	}
	if (sgit_refdb_resolve(&prev, NULL, sgit_repo_refdb(ctx->repo), ref.ptr) < 0)
		sgit_oid_clear(&prev);
	else if (!o->force) {
		rc = cli_fatal("tag '%s' already exists", argv[0]);
		goto out;
	}
	if ((rc = copts.annotated ? tagger_ident(&who, ctx) : cli_refcmd_committer(&who, ctx)))
		goto out;
	if (copts.annotated && (rc = tag_message(&msg, &edit_path, ctx, o, argv[0], &prev)))
		goto out;
	if (copts.annotated && (rc = setup_signing(&copts, &sc, ctx, o, who.ptr)))
		goto out;
	copts.name = argv[0];
	copts.target = &target;
	copts.message = msg.ptr;
	copts.message_len = msg.len;
	copts.committer = who.ptr;
	copts.force = o->force;
	copts.create_reflog = o->create_reflog;
	if (sgit_tag_create(&res, ctx->repo, &copts) < 0) {
		rc = sc.failed ? sign_failed(&sc, ctx, &edit_path) : cli_fatal_err(cli_err(ctx));
		goto out;
	}
	if (copts.annotated && res.target_type == SGIT_OBJ_TAG)
		advise_nested(ctx, argv[0], object);
	if (edit_path.len)
		unlink(edit_path.ptr);
	if (o->force && !sgit_oid_is_zero(&res.prev) && !sgit_oid_equal(&res.prev, &res.id)) {
		sgit_repo_abbrev(abbrev, ctx->repo, &res.prev);
		printf("Updated tag '%s' (was %s)\n", argv[0], abbrev);
	}
out:
	sgit_buf_release(&ref);
	sgit_buf_release(&who);
	sgit_buf_release(&msg);
	sgit_buf_release(&edit_path);
	sign_ctx_release(&sc);
	return rc;
}

/* ---- verifying ---- */

/* tag -v: each name is refs/tags/<name>, shown whole on stdout, gpg's verdict on stderr. */
static int verify_tags(struct cli_ctx *ctx, struct tag_opts *o, const char **names, int n)
{
	struct sgit_gpg_config cfg = SGIT_GPG_CONFIG_INIT;
	struct sgit_ref_format *fmt = NULL;
	struct sgit_buf ref = SGIT_BUF_INIT;
	struct sgit_oid id;
	int i, rc, had_error = 0;

	if ((o->format && (rc = verify_format_new(&fmt, ctx, o->format, tag_usage, o->all))) ||
	    (rc = verify_config(&cfg, ctx)))
		goto out;
	for (i = 0; i < n; i++) {
		if (sgit_buf_printf(&ref, "refs/tags/%s", names[i]) < 0) {
			rc = cli_fatal("out of memory");
			goto out;
		}
		if (sgit_refdb_resolve(&id, NULL, sgit_repo_refdb(ctx->repo), ref.ptr) < 0) {
			had_error = verify_error("tag '%s' not found.", names[i]);
			continue;
		}
		rc = verify_tag_object(ctx, &cfg, &id, names[i], fmt ? VERIFY_OMIT_STATUS : VERIFY_VERBOSE);
		if (rc == 128)
			goto out;
		if (rc)
			had_error = 1;
		else if (fmt && (rc = verify_format_print(ctx, fmt, names[i], &id)))
			goto out;
	}
	rc = had_error;
out:
	sgit_ref_format_free(fmt);
	sgit_buf_release(&ref);
	return rc;
}

/* -s, --no-sign, -u and tag.gpgSign, as git weighs them; 0 or an exit code. */
static int decide_sign(struct tag_opts *o, struct cli_ctx *ctx)
{
	int on = 0, rc;

	if (o->sign == -1) {
		if (!o->mode && (rc = sign_config_bool(&on, ctx, "tag.gpgsign")))
			return rc;
		o->sign = !o->mode && on;
	}
	if (o->key)
		o->sign = 1;
	return 0;
}

int cmd_tag(int argc, const char **argv, struct cli_ctx *ctx)
{
	struct tag_opts o = { 0, NULL, NULL, -1, 0, 0, 0, 0, 0, -1, NULL, NULL, CLI_STRLIST_INIT, NULL, NULL,
			      NULL, CLI_STRLIST_INIT };
	const struct cli_option opts[] = {
		CLI_CALLBACK('l', "list", &o, NULL, "list tag names", CLI_NOARG, set_mode),
		{ CLI_OPT_INT, 'n', NULL, &o.lines, "n", "print <n> lines of each tag message",
		  CLI_OPTARG, (intptr_t)"1", NULL },
		CLI_CALLBACK('d', "delete", &o, NULL, "delete tags", CLI_NOARG, set_mode),
		CLI_CALLBACK('v', "verify", &o, NULL, "verify tags", CLI_NOARG, set_mode),
		CLI_GROUP("Tag creation options"),
		CLI_BOOL('a', "annotate", &o.annotate, "annotated tag, needs a message"),
		CLI_STRING_LIST('m', "message", &o.messages, "message", "tag message"),
		CLI_STRING('F', "file", &o.file, "file", "read message from file"),
		CLI_BOOL('e', "edit", &o.edit, "force edit of tag message"),
		CLI_STRING(0, "cleanup", &o.cleanup, "mode", "how to strip spaces and #comments from message"),
		CLI_BOOL('s', "sign", &o.sign, "annotated and GPG-signed tag"),
		CLI_BOOL('f', "force", &o.force, "replace the tag if exists"),
		CLI_BOOL(0, "create-reflog", &o.create_reflog, "create a reflog"),
		CLI_STRING('u', "local-user", &o.key, "key-id", "use another key to sign the tag"),
		CLI_GROUP("Tag listing options"),
		CLI_STRING(0, "contains", &o.contains, "commit", "print only tags that contain the commit"),
		CLI_STRING_LIST(0, "sort", &o.sort, "key", "field name to sort on"),
		CLI_BOOL('i', "ignore-case", &o.ignore_case, "sorting and filtering are case insensitive"),
		CLI_STRING(0, "format", &o.format, "format", "format to use for the output"),
		CLI_END,
	};
	int rc;

	o.all = opts;
	argc = cli_parse_options(argc, argv, opts, tag_usage, 0);
	if (!o.mode && (argc == 0 || o.lines != -1 || o.contains))
		o.mode = 'l';
	if ((rc = decide_sign(&o, ctx)))
		goto out;
	if (o.mode && (o.sign || o.annotate || o.messages.nr || o.file || o.force || (o.mode == 'l' && o.edit)))
		cli_usage_with_options(tag_usage, opts, 1);
	if (o.format && o.mode != 'v') {
		rc = cli_fatal("--format is only supported with -v");
		goto out;
	}
	if (o.lines != -1 && o.mode != 'l') {
		rc = cli_fatal("the '-n' option is only allowed in list mode");
		goto out;
	}
	if (o.mode == 'l')
		rc = list_tags(ctx, &o, argv, argc);
	else if (o.mode == 'd')
		rc = delete_tags(ctx, argv, argc);
	else if (o.mode == 'v')
		rc = verify_tags(ctx, &o, argv, argc);
	else
		rc = create_tag(ctx, &o, argv, argc);
out:
	cli_strlist_clear(&o.messages);
	cli_strlist_clear(&o.sort);
	return rc;
}
