/* A text's runs for the kit (text_runs.h). */
#include "text_runs.h"

#include <string.h>

int text_runs(const char *s, int tabular, text_run *runs, int max)
{
    int n = 0;
    size_t len = strlen(s);
    for (size_t i = 0; i < len && n < max;) {
        int dig = tabular && s[i] >= '0' && s[i] <= '9';
        size_t j = i + 1;
        if (!dig)
            while (j < len && !(tabular && s[j] >= '0' && s[j] <= '9')) j++;
        size_t k = j - i < TEXT_RUN_MAX - 1 ? j - i : TEXT_RUN_MAX - 1;
        while (k > 1 && i + k < len && ((unsigned char)s[i + k] & 0xC0) == 0x80) k--;
        memcpy(runs[n].buf, s + i, k);
        runs[n].buf[k] = '\0';
        runs[n].digit = dig;
        n++;
        i += k;
    }
    return n;
}
