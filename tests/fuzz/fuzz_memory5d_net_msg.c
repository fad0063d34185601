/* Memory5D online client's reader of server messages (memory5d_net_msg_read): each line of
 * the input is read as the player reads a server's line; an accepted message keeps the
 * reader's promises (seats, cells and owners in range, a board of size x size known cells),
 * so the session can use it without another look at the text. */
#include "fuzz.h"
#include "memory5d/memory5d_config.h"
#include "memory5d/memory5d_net_msg.h"

static memory5d_config cfg;
static int loaded;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    if (!loaded) {
        FUZZ_ASSERT(memory5d_config_load(FUZZ_ROOT "/levels/memory5d/rules.json", &cfg, err,
                                         sizeof err) == 0, "%s", err);
        loaded = 1;
    }
    const char *p = (const char *)data, *end = p + size;
    static memory5d_net_msg m;
    while (p <= end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        if (memory5d_net_msg_read(&cfg, p, len, &m, err, sizeof err) == 0) {
            FUZZ_ASSERT(m.type >= 0 && m.type < M5N_TYPES, "type %d", m.type);
            FUZZ_ASSERT(m.seat >= -1 && m.seat <= 1, "seat %d", m.seat);
            FUZZ_ASSERT(m.winner >= -1 && m.winner <= 1, "winner %d", m.winner);
            if (m.type == M5N_MATCH_START || m.type == M5N_ROTATION || m.type == M5N_REWEAVE) {
                FUZZ_ASSERT(m.size >= 4 && m.size <= MEMORY5D_MAX_SIZE, "size %d", m.size);
                for (int i = 0; i < m.size * m.size; i++) {
                    const memory5d_cell *c = &m.cells[i];
                    FUZZ_ASSERT(c->family >= 0 && c->family < MEMORY5D_FAMILIES &&
                                    c->hue >= 0 && c->hue < MEMORY5D_HUES && c->variant >= 0 &&
                                    c->variant < cfg.variant_count[c->family] &&
                                    c->owner >= -1 && c->owner <= 1,
                                "cell %d", i);
                }
            }
            if (m.type == M5N_LINKED)
                FUZZ_ASSERT(m.a >= 0 && m.a < MEMORY5D_MAX_CELLS && m.b >= 0 &&
                                m.b < MEMORY5D_MAX_CELLS, "cells %d %d", m.a, m.b);
            FUZZ_ASSERT(m.line_count >= 0 && m.line_count <= MEMORY5D_MAX_LINE, "line %d",
                        m.line_count);
            FUZZ_ASSERT(m.partner_count >= 0 && m.partner_count <= MEMORY5D_MAX_CELLS,
                        "partners %d", m.partner_count);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}
