/*
 * lander.c - Lander, a 2D lunar lander for Interlude's game ABI (Sources/CInterludeGame/interlude_game.h).
 *
 * The player launches from the menu (`launch`, or `launch level=2`): the lander falls towards the moon's terrain;
 * `thrust 500ms` burns fuel to slow it, `rotate left 250ms` tilts it. Touching the flat pad slowly and upright is a
 * landing (screen `landed`, score: 100 a level plus half the fuel left; `launch` then flies the next level);
 * anything else is a crash (screen `crashed`, the session over). `menu` leaves for the menu.
 *
 * Start reading at interlude_perform (the words) and interlude_step; the rules are in lander_sim.c, the save
 * format in lander_save.c, the drawing in lander_draw.c, the units and the game object in lander.h. Nothing lives
 * in a static or a global but constant tables: the host loads the library afresh for every launch of the app.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lander.h"

static const char *const action_words[] = {"launch", "thrust", "rotate", "menu"};
/* What the explorer tries with each word: a short burn and a small turn, so that it flies, not only refuses. */
static const char *const exploration_arguments[] = {"", "500ms", "left 250ms", ""};
static const char *const screen_names[] = {"menu", "flying", "landed", "crashed"};
#define ACTION_COUNT (sizeof action_words / sizeof action_words[0])
/* In a function with `reason` and `reason_size` parameters: refuse with a formatted reason. */
#define REFUSE(...) lander_refuse(reason, reason_size, __VA_ARGS__)

/* Every refusal goes through here: one line, cut to fit, always NUL-terminated, nothing written when size is 0. */
int lander_refuse(char *reason, size_t reason_size, const char *format, ...)
{
    va_list arguments;
    if (reason == NULL || reason_size == 0) return 1;
    va_start(arguments, format);
    vsnprintf(reason, reason_size, format, arguments);
    va_end(arguments);
    reason[reason_size - 1] = '\0';
    return 1;
}

INTERLUDE_EXPORT uint32_t interlude_abi_version(void) { return INTERLUDE_ABI_VERSION; }

INTERLUDE_EXPORT uint32_t interlude_action_count(void) { return (uint32_t)ACTION_COUNT; }

INTERLUDE_EXPORT const char *interlude_action_name(uint32_t index)
{
    return index < ACTION_COUNT ? action_words[index] : NULL;
}

INTERLUDE_EXPORT const char *interlude_action_arguments(uint32_t index)
{
    return index < ACTION_COUNT ? exploration_arguments[index] : NULL;
}

/* On the menu, the game shows level 1's terrain as a preview: the first `launch` draws its own. */
INTERLUDE_EXPORT interlude_game *interlude_create(uint64_t seed)
{
    interlude_game *game = calloc(1, sizeof *game);
    if (game == NULL) return NULL;
    game->state.random = seed;
    game->state.screen = SCREEN_MENU;
    lander_prepare_flight(&game->state, &game->terrain, 1);
    return game;
}

INTERLUDE_EXPORT void interlude_destroy(interlude_game *game) { free(game); }

/* Only a flight moves; a paused one stands still even if the host steps it (it should not). */
INTERLUDE_EXPORT void interlude_step(interlude_game *game)
{
    if (game == NULL || game->state.screen != SCREEN_FLYING || game->paused) return;
    lander_fly_one_step(&game->state, &game->terrain);
}

/* A pause freezes the flight as it is, a thrust or a rotation still held included: resumed, it goes on exactly as
 * it would have. Landed and crashed are over (nothing runs), so only a flight pauses. */
INTERLUDE_EXPORT void interlude_pause(interlude_game *game)
{
    if (game != NULL && game->state.screen == SCREEN_FLYING) game->paused = 1;
}

INTERLUDE_EXPORT void interlude_resume(interlude_game *game)
{
    if (game != NULL) game->paused = 0;
}

INTERLUDE_EXPORT uint32_t interlude_status(const interlude_game *game)
{
    if (game == NULL) return 0;
    switch (game->state.screen) {
    case SCREEN_FLYING: return INTERLUDE_IN_SESSION | (game->paused ? (uint32_t)INTERLUDE_PAUSED : 0u);
    case SCREEN_LANDED:
    case SCREEN_CRASHED: return INTERLUDE_IN_SESSION | INTERLUDE_OVER;
    default: return 0;
    }
}

/* --- Durations and words ------------------------------------------------------------------------------------- */

/* `<digits>[.<digits>](ms|s)`, more than 0 and at most 60 s, as steps of 1/60 s rounded up (a hold shorter than a
 * step still burns one). Returns 0 and the steps, or refuses naming the word. */
static int parse_duration(const char *word, uint32_t *steps, char *reason, size_t reason_size)
{
    const uint64_t limit = UINT64_C(60000000000); /* 60 s in nanoseconds */
    uint64_t whole = 0, fraction = 0, scale = 1000000000; /* nanoseconds per unit of the last digit read */
    uint64_t nanoseconds;
    const char *p = word;
    int digits = 0, fraction_digits = 0;
    while (*p >= '0' && *p <= '9') {
        whole = whole * 10 + (uint64_t)(*p++ - '0');
        /* 60000 (ms) is the most a valid duration writes before its point: stop before nanoseconds overflow. */
        if (whole > 60000) return REFUSE("duration '%.40s' is longer than 60s", word);
        digits++;
    }
    if (digits > 0 && *p == '.') {
        for (p++; *p >= '0' && *p <= '9'; p++, fraction_digits++) {
            if (fraction_digits == 9) return REFUSE("duration '%.40s' has more than 9 decimals", word);
            fraction = fraction * 10 + (uint64_t)(*p - '0');
            scale /= 10;
        }
        if (fraction_digits == 0) digits = 0;
    }
    if (digits == 0 || (strcmp(p, "s") != 0 && strcmp(p, "ms") != 0)) {
        return REFUSE("bad duration '%.40s'; expected e.g. 500ms, 1.5s or 2s", word);
    }
    nanoseconds = whole * 1000000000 + fraction * scale;
    if (strcmp(p, "ms") == 0) nanoseconds /= 1000; /* digits finer than a nanosecond drop out */
    if (nanoseconds == 0) return REFUSE("duration '%.40s' must be more than 0", word);
    if (nanoseconds > limit) return REFUSE("duration '%.40s' is longer than 60s", word);
    *steps = (uint32_t)((nanoseconds * 60 + 999999999) / 1000000000);
    return 0;
}

/* Splits the next space-separated word of `*rest` into `word` (at most size - 1 bytes); 0 when none is left. */
static int next_word(const char **rest, char *word, size_t size)
{
    const char *p = *rest;
    size_t n = 0;
    while (*p == ' ') p++;
    if (*p == '\0') return 0;
    while (p[n] != '\0' && p[n] != ' ') n++;
    if (n >= size) n = size - 1; /* a word too long is cut, and then refused as what it is not */
    memcpy(word, p, n);
    word[n] = '\0';
    while (*p != '\0' && *p != ' ') p++;
    *rest = p;
    return 1;
}

static int refuse_extra(const char *rest, const char *action, char *reason, size_t reason_size)
{
    char word[48];
    if (!next_word(&rest, word, sizeof word)) return 0;
    return REFUSE("unexpected '%.40s' after '%s'", word, action);
}

/* --- The actions ---------------------------------------------------------------------------------------------- */

/* `launch [level=N]`: from the menu a new run (score 0) at level N (default 1); from a landing the next flight of
 * the same run, at the next level (level 3 again after level 3) unless N says otherwise. */
static int launch(interlude_game *game, const char *arguments, char *reason, size_t reason_size)
{
    lander_state *s = &game->state;
    char word[48];
    int level = s->screen == SCREEN_LANDED ? (s->level < LANDER_LEVELS ? s->level + 1 : LANDER_LEVELS) : 1;
    if (s->screen == SCREEN_FLYING) return REFUSE("launch: the lander is flying; 'menu' leaves the flight");
    if (s->screen == SCREEN_CRASHED) return REFUSE("launch: the lander crashed; 'menu' first");
    if (next_word(&arguments, word, sizeof word)) {
        if (strncmp(word, "level=", 6) != 0) return REFUSE("launch: unexpected '%.40s'; expected level=N", word);
        if (strlen(word) != 7 || word[6] < '1' || word[6] > '0' + LANDER_LEVELS) {
            return REFUSE("launch: '%.40s' is not a level; Lander has levels 1 to 3", word + 6);
        }
        level = word[6] - '0';
    }
    if (refuse_extra(arguments, "launch", reason, reason_size)) return 1;
    if (s->screen == SCREEN_MENU) s->score = s->landings = 0;
    lander_prepare_flight(s, &game->terrain, level);
    s->screen = SCREEN_FLYING;
    game->paused = 0;
    return 0;
}

/* Refuses a control of the lander unless a flight runs. */
static int refuse_unless_flying(const interlude_game *game, const char *action, char *reason, size_t reason_size)
{
    if (game->state.screen != SCREEN_FLYING) {
        return REFUSE("%s: no flight on the %s screen", action, screen_names[game->state.screen]);
    }
    if (game->paused) return REFUSE("%s: the flight is paused; 'resume' first", action);
    return 0;
}

/* `thrust <duration>`: holds the engine on for that long from now (a new thrust replaces one still held). */
static int thrust(interlude_game *game, const char *arguments, char *reason, size_t reason_size)
{
    char word[48];
    uint32_t steps;
    if (refuse_unless_flying(game, "thrust", reason, reason_size)) return 1;
    if (!next_word(&arguments, word, sizeof word)) return REFUSE("thrust needs a duration, e.g. thrust 500ms");
    if (parse_duration(word, &steps, reason, reason_size)) return 1;
    if (refuse_extra(arguments, "thrust", reason, reason_size)) return 1;
    if (game->state.fuel == 0) return REFUSE("thrust: the tank is empty");
    game->state.thrust_left = (uint16_t)steps;
    return 0;
}

/* `rotate left|right <duration>`: turns at 120 degrees a second for that long, up to 90 degrees either way. */
static int rotate(interlude_game *game, const char *arguments, char *reason, size_t reason_size)
{
    char word[48];
    uint32_t steps;
    uint8_t turn;
    if (refuse_unless_flying(game, "rotate", reason, reason_size)) return 1;
    if (!next_word(&arguments, word, sizeof word)) {
        return REFUSE("rotate needs a direction and a duration, e.g. rotate left 250ms");
    }
    if (strcmp(word, "left") == 0) turn = TURN_LEFT;
    else if (strcmp(word, "right") == 0) turn = TURN_RIGHT;
    else return REFUSE("rotate: unknown direction '%.40s'; expected left or right", word);
    if (!next_word(&arguments, word, sizeof word)) return REFUSE("rotate needs a duration, e.g. rotate left 250ms");
    if (parse_duration(word, &steps, reason, reason_size)) return 1;
    if (refuse_extra(arguments, "rotate", reason, reason_size)) return 1;
    game->state.turn = turn;
    game->state.turn_left = (uint16_t)steps;
    return 0;
}

/* `menu`: leaves a flight (abandoned: no score for it) or a landing or a crash. The run's score stays shown. */
static int menu(interlude_game *game, const char *arguments, char *reason, size_t reason_size)
{
    lander_state *s = &game->state;
    if (s->screen == SCREEN_MENU) return REFUSE("menu: already on the menu");
    if (refuse_extra(arguments, "menu", reason, reason_size)) return 1;
    s->screen = SCREEN_MENU;
    s->thrust_left = s->turn_left = 0;
    s->turn = TURN_NONE;
    game->paused = 0;
    return 0;
}

INTERLUDE_EXPORT int interlude_perform(interlude_game *game, const char *name, const char *arguments, char *reason,
                                       size_t reason_size)
{
    if (game == NULL || name == NULL) return REFUSE("no game or no action");
    if (arguments == NULL) arguments = "";
    if (strcmp(name, "launch") == 0) return launch(game, arguments, reason, reason_size);
    if (strcmp(name, "thrust") == 0) return thrust(game, arguments, reason, reason_size);
    if (strcmp(name, "rotate") == 0) return rotate(game, arguments, reason, reason_size);
    if (strcmp(name, "menu") == 0) return menu(game, arguments, reason, reason_size);
    return REFUSE("unknown action '%.40s'; Lander's are launch, thrust, rotate, menu", name);
}

/* --- Save, restore, hash, values ------------------------------------------------------------------------------ */

INTERLUDE_EXPORT const uint8_t *interlude_save(interlude_game *game, size_t *size)
{
    if (game == NULL || size == NULL) return NULL;
    lander_encode(&game->state, game->save);
    *size = sizeof game->save;
    return game->save;
}

/* A restored flight comes back paused; a restored menu, landing or crash needs no pause (nothing runs there). */
INTERLUDE_EXPORT int interlude_restore(interlude_game *game, const uint8_t *bytes, size_t size, char *reason,
                                       size_t reason_size)
{
    if (game == NULL) return REFUSE("no game");
    if (lander_decode(bytes, size, &game->state, &game->terrain, reason, reason_size) != 0) return 1;
    game->paused = game->state.screen == SCREEN_FLYING;
    return 0;
}

/* FNV-1a 64 over the save's bytes: everything play depends on, and nothing else. */
INTERLUDE_EXPORT uint64_t interlude_state_hash(const interlude_game *game)
{
    uint8_t bytes[LANDER_SAVE_SIZE];
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    size_t i;
    if (game == NULL) return 0;
    lander_encode(&game->state, bytes);
    for (i = 0; i < sizeof bytes; i++) hash = (hash ^ bytes[i]) * UINT64_C(0x100000001b3);
    return hash;
}

INTERLUDE_EXPORT const char *interlude_screen_name(const interlude_game *game)
{
    return game == NULL ? "menu" : screen_names[game->state.screen];
}

/* Whole pixels above the ground under the lander, and speeds in pixels a second (positive up and right). */
INTERLUDE_EXPORT uint32_t interlude_values(const interlude_game *game, interlude_value *values, uint32_t capacity)
{
    interlude_value all[12];
    const lander_state *s;
    uint32_t i, count = (uint32_t)(sizeof all / sizeof all[0]);
    if (game == NULL) return 0;
    s = &game->state;
    all[0].name = "fuel", all[0].value = s->fuel;
    all[1].name = "altitude", all[1].value = (s->y - lander_ground(&game->terrain, s->x)) / LANDER_ONE;
    all[2].name = "score", all[2].value = s->score;
    all[3].name = "level", all[3].value = s->level;
    all[4].name = "landings", all[4].value = s->landings;
    all[5].name = "x", all[5].value = s->x / LANDER_ONE;
    all[6].name = "y", all[6].value = s->y / LANDER_ONE;
    all[7].name = "vx", all[7].value = (int64_t)s->vx * 60 / LANDER_ONE;
    all[8].name = "vy", all[8].value = (int64_t)s->vy * 60 / LANDER_ONE;
    all[9].name = "angle", all[9].value = s->angle;
    all[10].name = "thrust", all[10].value = s->thrust_left;
    all[11].name = "steps", all[11].value = s->steps;
    for (i = 0; i < count && i < capacity && values != NULL; i++) values[i] = all[i];
    return count;
}
