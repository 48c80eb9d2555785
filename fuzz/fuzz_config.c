/* fuzz/fuzz_config.c: git's config file syntax, includes off, and its value parsers */
#include <stdlib.h>
#include "sgit/sgit.h"
#include "util/config_int.h"
#include "fuzz.h"

static int on_entry(const char *key, const char *value, int line, void *payload,
		    struct sgit_error *err)
{
	(void)key, (void)value, (void)line, (void)payload, (void)err;
	return 0;
}

static int on_event(enum config_event type, size_t begin, size_t end,
		    const struct config_event_info *info, void *payload, struct sgit_error *err)
{
	size_t len = *(size_t *)payload;

	(void)type, (void)info, (void)err;
	if (begin > end || end > len)	/* spans must stay inside the input */
		__builtin_trap();
	return 0;
}

static int each(const struct sgit_config_entry *e, void *payload)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	int64_t n;
	int b;

	(void)payload;
	sgit_config_entry_bool(&b, e, &err);
	sgit_config_entry_int(&n, e, INT64_MAX, &err);
	return 0;
}

/* The same bytes as a "-c key=value" and as a key to normalise. */
static void key_forms(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct sgit_buf key = SGIT_BUF_INIT;
	struct sgit_config *cfg = NULL;
	char *s = fuzz_strdup(data, size);
	int64_t n;
	int b;

	if (sgit_config_new(&cfg) == 0)
		sgit_config_add_parameter(cfg, s, &err);
	sgit_config_normalize_key(&key, s, &err);
	sgit_config_parse_bool(&b, s);
	sgit_config_parse_int(&n, s);
	sgit_config_free(cfg);
	sgit_buf_release(&key);
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgit_error err = SGIT_ERROR_INIT;
	struct config_source src = { (const char *)data, size, "fuzz", CONFIG_ORIGIN_FILE };
	struct sgit_config *cfg = NULL;
	const char *s;

	sgit_config_syntax_parse(&src, on_entry, on_event, &size, &err);
	if (sgit_config_new(&cfg) < 0)
		return 0;
	sgit_config_follow_includes(cfg, 0);
	if (sgit_config_add_buffer(cfg, (const char *)data, size, "fuzz", SGIT_CONFIG_SCOPE_LOCAL,
				   &err) == 0) {
		sgit_config_foreach(cfg, each, NULL);
		sgit_config_get_string(&s, cfg, "core.bare");
	}
	sgit_config_free(cfg);
	key_forms(data, size);
	return 0;
}
