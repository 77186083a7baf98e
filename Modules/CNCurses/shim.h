#ifndef KAGO_CNCURSES_SHIM_H
#define KAGO_CNCURSES_SHIM_H
// The wide-character API (cchar_t, setcchar, get_wch) needs these before <ncurses.h>.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncurses.h>

// Swift 6 rejects mutable C globals and cannot import function-like macros,
// so the few that kago needs are exposed as inline accessors and constants.
static inline WINDOW *kago_stdscr(void) { return stdscr; }
static inline int kago_lines(void) { return LINES; }
static inline int kago_cols(void) { return COLS; }
static inline int kago_colors(void) { return COLORS; }
static inline FILE *kago_stdin(void) { return stdin; }
static inline FILE *kago_stdout(void) { return stdout; }

// wcwidth is only declared under _XOPEN_SOURCE; declare it here so the backend can compare
// the C library's idea of a character's width with kago's own table.
extern int wcwidth(wchar_t c);
static inline int kago_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

static const int kago_key_resize = KEY_RESIZE;
static const int kago_key_mouse = KEY_MOUSE;
static const int kago_key_enter = KEY_ENTER;
static const int kago_key_backspace = KEY_BACKSPACE;
static const int kago_key_dc = KEY_DC;
static const int kago_key_up = KEY_UP;
static const int kago_key_down = KEY_DOWN;
static const int kago_key_left = KEY_LEFT;
static const int kago_key_right = KEY_RIGHT;
static const int kago_key_home = KEY_HOME;
static const int kago_key_end = KEY_END;
static const int kago_key_ppage = KEY_PPAGE;
static const int kago_key_npage = KEY_NPAGE;
static const int kago_key_btab = KEY_BTAB;
static const int kago_key_ic = KEY_IC;
static const int kago_key_f1 = KEY_F(1);
// Codes of kago's own for the bracketed-paste markers ESC [200~ and ESC [201~ (define_key).
static const int kago_key_paste_start = KEY_MAX + 1;
static const int kago_key_paste_end = KEY_MAX + 2;

static const attr_t kago_a_normal = A_NORMAL;
static const attr_t kago_a_bold = A_BOLD;
static const attr_t kago_a_dim = A_DIM;
static const attr_t kago_a_reverse = A_REVERSE;
static const attr_t kago_a_underline = A_UNDERLINE;
static const attr_t kago_a_italic = A_ITALIC;

static const mmask_t kago_button1_pressed = BUTTON1_PRESSED;
static const mmask_t kago_button1_released = BUTTON1_RELEASED;
static const mmask_t kago_button1_clicked = BUTTON1_CLICKED;
static const mmask_t kago_button1_double_clicked = BUTTON1_DOUBLE_CLICKED;
static const mmask_t kago_button4_pressed = BUTTON4_PRESSED;
static const mmask_t kago_button5_pressed = BUTTON5_PRESSED;

/// Fills a cchar_t from up to CCHARW_MAX-1 wide characters (a base and its combining marks).
static inline int kago_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, short pair) {
    return setcchar(cell, text, attrs, pair, NULL);
}

#endif
