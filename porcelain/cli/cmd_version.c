/* porcelain/cli/cmd_version.c: sgit version [--build-options] */
#include <stdio.h>
#include <zlib.h>
#include <openssl/opensslv.h>
#include "porcelain/cli/cli.h"

static const char *const version_usage[] = { "sgit version [<options>]", NULL };

int cmd_version(int argc, const char **argv, struct cli_ctx *ctx)
{
	int build_options = 0;
	const struct cli_option opts[] = {
		CLI_BOOL(0, "build-options", &build_options, "also print build options"),
		CLI_END,
	};

	argc = cli_parse_options(argc, argv, opts, version_usage, 0);
	printf("sgit version %s\n", SGIT_VERSION);
	if (build_options) {
#if defined(__x86_64__)
		printf("cpu: x86_64\n");
#elif defined(__aarch64__)
		printf("cpu: aarch64\n");
#else
		printf("cpu: unknown\n");
#endif
		printf("sizeof-long: %zu\n", sizeof(long));
		printf("sizeof-size_t: %zu\n", sizeof(size_t));
		printf("zlib: %s\n", ZLIB_VERSION);
		printf("sha1: OpenSSL %s\n", OPENSSL_VERSION_TEXT);
	}
	return 0;
}
