/* Memory5D match server message reader (server_msg_parse): each line of the input is read
 * as the server reads a client's line; an accepted message is in range, and written with
 * server_msg_to_json and read back it is the same message. */
#include "fuzz.h"
#include "server_msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size;
    while (p <= end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        server_msg m, again;
        char err[512];
        if (server_msg_parse(p, len, &m, err, sizeof err) == 0) {
            FUZZ_ASSERT(m.type >= 0 && m.type < SERVER_MSG_KINDS, "type %d", m.type);
            FUZZ_ASSERT(m.a >= 0 && m.a < MEMORY5D_MAX_CELLS && m.b >= 0 && m.b < MEMORY5D_MAX_CELLS,
                        "cells %d %d", m.a, m.b);
            FUZZ_ASSERT(m.power >= MEMORY5D_NO_POWER && m.power < MEMORY5D_POWERS, "power %d", m.power);
            char *text = fuzz_print(server_msg_to_json(&m));
            FUZZ_ASSERT(text, "the writer failed");
            FUZZ_ASSERT(server_msg_parse(text, strlen(text), &again, err, sizeof err) == 0,
                        "%s: %s", text, err);
            FUZZ_ASSERT(memcmp(&m, &again, sizeof m) == 0, "%s reads back differently", text);
            free(text);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}
