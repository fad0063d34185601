/* Compass Shift event lines: fixed key order, boxes in field pixels. */
#include "compass_events.h"

#include <math.h>
#include <stdlib.h>

cJSON *compass_events_begin(int64_t t, const char *name)
{
    cJSON *ev = cJSON_CreateObject();
    cJSON_AddNumberToObject(ev, "t", (double)t);
    cJSON_AddStringToObject(ev, "event", name);
    return ev;
}

void compass_events_write(FILE *f, cJSON *ev)
{
    if (f && ev) {
        char *text = cJSON_PrintUnformatted(ev);
        if (text) {
            fputs(text, f);
            fputc('\n', f);
            free(text);
        }
    }
    cJSON_Delete(ev);
}

static double tenth(double v) { return round(v * 10) / 10; }

cJSON *compass_events_box(compass_box b)
{
    cJSON *a = cJSON_CreateArray();
    double v[4] = {b.x, b.y, b.w, b.h};
    for (int i = 0; i < 4; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(tenth(v[i])));
    return a;
}

cJSON *compass_events_point(double x, double y)
{
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber(tenth(x)));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(tenth(y)));
    return a;
}

cJSON *compass_events_widgets(const compass_widget *ws, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", compass_widget_name(ws[i].kind));
        cJSON_AddNumberToObject(o, "arg", ws[i].arg);
        cJSON_AddItemToObject(o, "box", compass_events_box(ws[i].box));
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

const char *compass_events_device(const player_input *in)
{
    switch (in->kind) {
    case PIN_KEY: return "keyboard";
    case PIN_PAD: return "gamepad";
    case PIN_TOUCH_DOWN:
    case PIN_TOUCH_MOVE:
    case PIN_TOUCH_UP: return "touch";
    default: return "mouse";
    }
}
