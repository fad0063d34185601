/* The runs the kit measures and draws a text in (player/draw/gfx_text.c), SDL-free so the
 * tests can check them: digits one by one in fixed cells when tabular, the rest whole, in
 * pieces shorter than TEXT_RUN_MAX bytes (the text cache's entry) that end on a character's
 * boundary, so a long sentence is measured and drawn whole. */
#ifndef PLAYER_DRAW_TEXT_RUNS_H
#define PLAYER_DRAW_TEXT_RUNS_H

enum { TEXT_RUN_MAX = 96 };

typedef struct {
    char buf[TEXT_RUN_MAX];
    int digit;
} text_run;

/* Fills at most max runs for s; returns how many (what lies past the last is not shown). */
int text_runs(const char *s, int tabular, text_run *runs, int max);

#endif
