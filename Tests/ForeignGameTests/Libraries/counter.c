/* counter.c - the smallest game of the ABI's tests (Tests/ForeignGameTests): a session whose count grows by one each
 * step and by N on `add N`. Built by the tests with `cc`, once as it is and once per broken variant: each -D below
 * breaks one rule of interlude_game.h, as a library a user writes might (Docs/Contract.md §11). */
#include "interlude_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct interlude_game {
    uint64_t seed;
    int32_t screen; /* 0 menu, 1 play */
    int32_t paused;
    int64_t count;
    int64_t bonus; /* set by `add`, kept in the save */
    uint8_t save[64];
    interlude_value values[2];
};

#ifdef STATIC_BONUS
static int64_t static_bonus; /* BROKEN: a value the save does not hold, in a static */
#define BONUS(game) static_bonus
#else
#define BONUS(game) (game)->bonus
#endif

#ifdef WRONG_VERSION
INTERLUDE_EXPORT uint32_t interlude_abi_version(void) { return (2u << 16) | 0u; }
#elif defined(NEWER_MINOR)
INTERLUDE_EXPORT uint32_t interlude_abi_version(void) { return (1u << 16) | 7u; }
#else
INTERLUDE_EXPORT uint32_t interlude_abi_version(void) { return INTERLUDE_ABI_VERSION; }
#endif

#if defined(BAD_WORD)
static const char *const words[] = {"start", "add", "m\xff" "nu"};
#elif defined(DUPLICATE_WORD)
static const char *const words[] = {"start", "add", "start"};
#else
static const char *const words[] = {"start", "add", "menu"};
#endif

INTERLUDE_EXPORT uint32_t interlude_action_count(void) { return 3; }
INTERLUDE_EXPORT const char *interlude_action_name(uint32_t index) { return index < 3 ? words[index] : NULL; }

INTERLUDE_EXPORT const char *interlude_action_arguments(uint32_t index) { return index == 1 ? "2" : NULL; }

INTERLUDE_EXPORT interlude_game *interlude_create(uint64_t seed) {
    interlude_game *game = calloc(1, sizeof *game);
    if (game) game->seed = seed;
    return game;
}

INTERLUDE_EXPORT void interlude_destroy(interlude_game *game) { free(game); }

#ifndef MISSING_STEP
INTERLUDE_EXPORT void interlude_step(interlude_game *game) {
#ifdef CRASH_IN_STEP
    if (game->count == 30) {
        volatile int *nowhere = NULL;
        *nowhere = 1; /* BROKEN: a crash in the game's step */
    }
#endif
    if (game->screen == 1 && !game->paused) game->count += 1;
}
#endif

INTERLUDE_EXPORT void interlude_pause(interlude_game *game) {
#ifndef BROKEN_PAUSE
    if (game->screen == 1) game->paused = 1;
#else
    (void)game; /* BROKEN: the pause duty ignored */
#endif
}

INTERLUDE_EXPORT void interlude_resume(interlude_game *game) { game->paused = 0; }

INTERLUDE_EXPORT uint32_t interlude_status(const interlude_game *game) {
    if (game->screen != 1) return 0;
    return INTERLUDE_IN_SESSION | (game->paused ? INTERLUDE_PAUSED : 0u);
}

static int refuse(char *reason, size_t size, const char *text) {
    if (size > 0) snprintf(reason, size, "%s", text);
    return 1;
}

INTERLUDE_EXPORT int interlude_perform(interlude_game *game, const char *name, const char *arguments, char *reason,
                                       size_t reason_size) {
    if (strcmp(name, "start") == 0) {
        if (game->screen != 0) return refuse(reason, reason_size, "start needs the menu");
        game->screen = 1;
        game->paused = 0;
        game->count = 0;
        BONUS(game) = 0;
        return 0;
    }
    if (strcmp(name, "add") == 0) {
        char *end = NULL;
        long value = strtol(arguments, &end, 10);
        if (game->screen != 1 || game->paused) return refuse(reason, reason_size, "add needs a running session");
        if (*arguments == '\0' || *end != '\0' || value < 1 || value > 1000)
            return refuse(reason, reason_size, "add takes a number from 1 to 1000");
        BONUS(game) += value;
        return 0;
    }
    if (strcmp(name, "menu") == 0) {
        if (game->screen == 0) return refuse(reason, reason_size, "already on the menu");
        game->screen = 0;
        game->paused = 0;
        return 0;
    }
    return refuse(reason, reason_size, "unknown word");
}

static void put64(uint8_t *out, int64_t value) {
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)((uint64_t)value >> (8 * i));
}

static int64_t get64(const uint8_t *in) {
    uint64_t value = 0;
    for (int i = 0; i < 8; i++) value |= (uint64_t)in[i] << (8 * i);
    return (int64_t)value;
}

INTERLUDE_EXPORT const uint8_t *interlude_save(interlude_game *game, size_t *size) {
#ifdef SAVE_NULL
    if (game->screen == 1) return NULL; /* BROKEN: no bytes */
#endif
    game->save[0] = 'C';
    game->save[1] = (uint8_t)game->screen;
    game->save[2] = (uint8_t)game->paused;
    put64(game->save + 3, game->count);
#ifdef STATIC_BONUS
    put64(game->save + 11, 0); /* BROKEN: the bonus moved to a static, and the save no longer holds it */
#else
    put64(game->save + 11, BONUS(game));
#endif
    *size = 19;
#ifdef SAVE_HUGE
    if (game->screen == 1) *size = INTERLUDE_SAVE_MAX + 1; /* BROKEN: more bytes than the ABI allows */
#endif
    return game->save;
}

INTERLUDE_EXPORT int interlude_restore(interlude_game *game, const uint8_t *bytes, size_t size, char *reason,
                                       size_t reason_size) {
#ifdef HANG_IN_RESTORE
    for (;;) pause(); /* BROKEN: never returns */
#endif
    if (size != 19 || bytes[0] != 'C') return refuse(reason, reason_size, "not a counter save");
    if (bytes[1] > 1 || bytes[2] > 1) return refuse(reason, reason_size, "bad screen or paused byte");
    int64_t count = get64(bytes + 3), bonus = get64(bytes + 11);
    if (count < 0 || bonus < 0 || bonus > 1000000) return refuse(reason, reason_size, "count or bonus out of range");
    game->screen = bytes[1];
    game->paused = game->screen == 1 ? 1 : 0;
    game->count = count;
#if !defined(RESTORE_DROPS_BONUS) && !defined(STATIC_BONUS)
    BONUS(game) = bonus;
#else
    (void)bonus;
#endif
    return 0;
}

INTERLUDE_EXPORT uint64_t interlude_state_hash(const interlude_game *game) {
    uint64_t hash = 0xcbf29ce484222325u;
    int64_t parts[4] = {game->screen, game->paused, game->count, BONUS(game)};
    for (int i = 0; i < 4; i++) {
        hash ^= (uint64_t)parts[i];
        hash *= 0x100000001b3u;
    }
    return hash;
}

INTERLUDE_EXPORT const char *interlude_screen_name(const interlude_game *game) {
    return game->screen == 1 ? "counting" : "menu";
}

#ifdef DRAWS
/* Clears the bound framebuffer to a red that counts the bonus (a capture shows it), through the host's loader. */
INTERLUDE_EXPORT int interlude_draw(interlude_game *game, const interlude_frame *frame) {
    typedef void (*clear_color_function)(float, float, float, float);
    typedef void (*clear_function)(unsigned int);
    clear_color_function clear_color = (clear_color_function)(uintptr_t)frame->gl_function("glClearColor");
    clear_function clear = (clear_function)(uintptr_t)frame->gl_function("glClear");
    if (!clear_color || !clear) return 1;
    clear_color((float)(BONUS(game) % 256) / 255.0f, 0.0f, 1.0f, 1.0f);
    clear(0x00004000u); /* GL_COLOR_BUFFER_BIT */
    return 0;
}
#endif

INTERLUDE_EXPORT uint32_t interlude_values(const interlude_game *game, interlude_value *values, uint32_t capacity) {
    interlude_value all[2] = {{"count", game->count}, {"bonus", BONUS(game)}};
    for (uint32_t i = 0; i < 2 && i < capacity; i++) values[i] = all[i];
    return 2;
}
