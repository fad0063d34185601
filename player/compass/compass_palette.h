/* Compass Shift's palette (compass-shift.md "Visual direction"), one for the play scene and
 * the level editor so the two read as one game: 0xRRGGBB for compass_art and gfx. */
#ifndef PLAYER_COMPASS_PALETTE_H
#define PLAYER_COMPASS_PALETTE_H

#define SHELL 0x12304A
#define SHELL_DEEP 0x0B1F33
#define CHART_LINE 0x2B5273
#define CREAM 0xF4EEDF
#define PAPER 0xF7F1E3
#define INK 0x17304A
#define INK2 0x5D7286
#define MUTED 0xA9BED0
#define BRASS 0xC9A35B
#define BRASS_DEEP 0x8C6A2F
#define DIAL 0x0F2A44
#define CORAL 0xE2674F
#define TEAL 0x2A968F
#define SEA_GLASS 0xCFE7E0
#define SEA_LINE 0xB4D5CC
#define RIM 0x557D86
#define WALL 0x33475A
#define WALL_HATCH 0x4E6679
#define FOCUS 0xFFD36B
#define BUTTON 0x1D4566 /* a control's face on the shell */
#define GREEN_OK 0x9FE3B5
/* Marks on the sea glass and on paper at 3:1 or more (WCAG 1.4.11): the exit teal, the port
 * coral and the shut grey are darker than the plate colours; the brass plate is deep enough
 * for the cream silhouette. tests/cli/test_player_compass_playtest.sh measures them. */
#define TEAL_DEEP 0x1C6E69
#define CORAL_DEEP 0xB8432E
#define SHUT 0x60707A

#endif
