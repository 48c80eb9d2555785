/* fuzz/fuzz_message.c: message clean-up (stripspace, comments, scissors) in every mode */
#include <string.h>
#include "sgit/sgit.h"
#include "util/message.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum sgit_cleanup_mode modes[] = {
		SGIT_CLEANUP_VERBATIM, SGIT_CLEANUP_WHITESPACE, SGIT_CLEANUP_STRIP, SGIT_CLEANUP_SCISSORS,
	};
	struct sgit_buf msg = SGIT_BUF_INIT, once = SGIT_BUF_INIT;
	char comment;
	size_t i;

	if (!size)
		return 0;
	comment = (char)data[0];	/* core.commentChar, any byte */
	for (i = 0; i < sizeof(modes) / sizeof(*modes); i++) {
		if (sgit_buf_set(&msg, data + 1, size - 1) < 0 || sgit_message_cleanup(&msg, modes[i], comment) < 0)
			break;
		/* stripping what is already stripped changes nothing */
		if (modes[i] == SGIT_CLEANUP_WHITESPACE && sgit_buf_set(&once, msg.ptr, msg.len) == 0 &&
		    sgit_message_stripspace(&once, 0) == 0 &&
		    (once.len != msg.len || memcmp(once.ptr, msg.ptr, msg.len)))
			__builtin_trap();
	}
	sgit_message_scissors_offset((const char *)data + 1, size - 1, comment);
	sgit_buf_reset(&msg);
	sgit_message_add_commented(&msg, (const char *)data + 1, size - 1, comment);
	sgit_buf_release(&msg);
	sgit_buf_release(&once);
	return 0;
}
