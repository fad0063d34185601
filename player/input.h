/* Device-independent player inputs: live SDL events and replay scripts both become these. */
#ifndef PLAYER_INPUT_H
#define PLAYER_INPUT_H

typedef enum {
    PK_NONE = 0,
    PK_1, PK_2, PK_3,
    PK_LEFT, PK_RIGHT, PK_UP, PK_DOWN,
    PK_ENTER, PK_SPACE, PK_ESCAPE, PK_BACKSPACE, PK_TAB,
    PK_CHAR, /* any other printable ASCII character (typed text, e.g. seed digits) */
    PK_HOME, PK_END,
} player_key;

/* The character a key types when it arrives as a key, not as text input (the digits 1 to 3 and
 * space: live key presses and scripts give the same), else 0. */
static inline char player_key_char(player_key k)
{
    return k >= PK_1 && k <= PK_3 ? (char)('1' + (k - PK_1)) : k == PK_SPACE ? ' ' : 0;
}

/* Modifier bits held with a key (player_input.mods). */
enum { PMOD_SHIFT = 1, PMOD_CTRL = 2 };

typedef enum {
    PB_NONE = 0,
    PB_A, PB_B, PB_START, PB_LEFT, PB_RIGHT, PB_UP, PB_DOWN,
} player_button;

typedef enum {
    PIN_MOVE,  /* pointer moved to (x, y) field pixels */
    PIN_CLICK, /* left button pressed at (x, y) */
    PIN_RELEASE, /* left button released at (x, y) (ends a slider drag) */
    PIN_KEY,   /* key pressed; ch is the character for PK_CHAR and digit keys */
    PIN_PAD,   /* gamepad button pressed */
    PIN_TOUCH_DOWN, /* a finger touched (x, y) field pixels */
    PIN_TOUCH_MOVE, /* the finger moved to (x, y) */
    PIN_TOUCH_UP,   /* the finger lifted at (x, y) */
} player_input_kind;

/* The key a gamepad button stands for in scenes driven by the keyboard path: A is Enter, B
 * Escape, the D-pad (and the left stick, which the shell turns into D-pad presses) the arrow
 * keys; Start has no key (PK_NONE). */
static inline player_key player_pad_key(player_button b)
{
    switch (b) {
    case PB_A: return PK_ENTER;
    case PB_B: return PK_ESCAPE;
    case PB_LEFT: return PK_LEFT;
    case PB_RIGHT: return PK_RIGHT;
    case PB_UP: return PK_UP;
    case PB_DOWN: return PK_DOWN;
    default: return PK_NONE;
    }
}

typedef struct {
    player_input_kind kind;
    double x, y;
    player_key key;
    char ch;
    int mods; /* PMOD_* held with a PIN_KEY */
    player_button button;
} player_input;

#endif
