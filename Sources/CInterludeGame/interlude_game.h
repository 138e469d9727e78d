/*
 * interlude_game.h - Interlude's game ABI, version 1.0: a game written in C, C++ or any language with a C FFI, built
 * as a shared library that the `interlude` command loads (`interlude replay --game ./libmygame.so Scripts/`).
 *
 * A library exports the functions below by name (no table, no registration). The host (Interlude's runtime) runs the
 * app's life cycle around the game: it steps the game while the app is active and a session runs, calls
 * `interlude_pause` when the life cycle must pause it, saves it at every point the platform demands and restores it
 * when a killed or purged app launches again. Docs/Contract.md §11 states what the host does with each call.
 *
 * VERSIONING. `interlude_abi_version` returns INTERLUDE_ABI_VERSION as the library was built. The host loads a
 * library whose major version equals its own and whose minor version is at most its own: a library built for an
 * older minor version still loads. Functions added in a later minor version are optional: the host looks each up and
 * does without it when absent. Changing any declaration below raises the major version.
 *
 * THREADING. Every call comes from one thread (the runtime's, which is also the GL thread when the library draws),
 * never two at once. A library starts no thread of its own that touches a game.
 *
 * MEMORY. Whatever the host passes (names, arguments, saved bytes, the reason buffer) is the host's and is valid only
 * during the call: copy what you keep. Whatever the library returns (names, the saved bytes, the screen name, value
 * names) is the library's and must stay valid until the next call on the same game (action names: until the library
 * is unloaded); the host copies it at once and never frees it. Text is UTF-8, NUL-terminated.
 *
 * A PROCESS PER LAUNCH. The host loads the library afresh for each launch of the app (a relaunch after a kill or a
 * purge included): its statics and globals start as the loader sets them, as in a new process on a phone. Keep
 * everything the game needs in the game object and its save; a value left in a static is lost at a relaunch, and
 * the restore check reports it. A library links no GL library: `interlude_draw` is handed a loader for GL functions.
 *
 * REFUSING. `interlude_perform` and `interlude_restore` return 0 when done; otherwise nonzero, with a one-line reason
 * written to `reason` (at most `reason_size` bytes including the NUL; the host reads up to the first NUL).
 */
#ifndef INTERLUDE_GAME_H
#define INTERLUDE_GAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define INTERLUDE_ABI_MAJOR 1
#define INTERLUDE_ABI_MINOR 0
#define INTERLUDE_ABI_VERSION ((uint32_t)((INTERLUDE_ABI_MAJOR << 16) | INTERLUDE_ABI_MINOR))

/* The most bytes one save may hold; a larger one is a failed save. */
#define INTERLUDE_SAVE_MAX (16u * 1024u * 1024u)
/* The most action words a library may list, and the most bytes of one word. */
#define INTERLUDE_ACTIONS_MAX 64u
#define INTERLUDE_WORD_MAX 32u

#if defined(_WIN32)
#define INTERLUDE_EXPORT __declspec(dllexport)
#else
#define INTERLUDE_EXPORT __attribute__((visibility("default")))
#endif

/* A game, as the library defines it; the host only holds the pointer. */
typedef struct interlude_game interlude_game;

/* What `interlude_status` reports, or'ed together. */
enum {
    /* A session is being played (not a menu): the life cycle pauses it and saves it. */
    INTERLUDE_IN_SESSION = 1u << 0,
    /* The session is paused: it resumes only by `interlude_resume` (the player's `resume`). */
    INTERLUDE_PAUSED = 1u << 1,
    /* The session is over (a game over shown): in session, not paused, and not stepped. */
    INTERLUDE_OVER = 1u << 2
};

/* One of the game's own values by name (a score, a level, lives): what `expect game KEY=VALUE` reads. A name is
 * letters, digits, `_` and `.`, starting with a letter, at most INTERLUDE_WORD_MAX bytes. */
typedef struct interlude_value {
    const char *name;
    int64_t value;
} interlude_value;

/* What `interlude_draw` is given: the size of the host's framebuffer in pixels, and a loader for GL 3.3 core
 * functions by name (e.g. "glClearColor"), valid during the call. */
typedef struct interlude_frame {
    int32_t width;
    int32_t height;
    void *(*gl_function)(const char *name);
} interlude_frame;

/* --- Required ------------------------------------------------------------------------------------------------- */

/* INTERLUDE_ABI_VERSION as the library was built. */
INTERLUDE_EXPORT uint32_t interlude_abi_version(void);

/* The game's own action words, in the order the explorer tries them: `index` from 0 to `interlude_action_count() - 1`.
 * A word is ASCII letters and digits, starting with a letter, at most INTERLUDE_WORD_MAX bytes, listed once, and
 * not an event's name, nor `fault` or `wait` (the engine's), nor `resume` (the host's own word, which calls
 * `interlude_resume`). */
INTERLUDE_EXPORT uint32_t interlude_action_count(void);
INTERLUDE_EXPORT const char *interlude_action_name(uint32_t index);

/* A fresh game (on its main menu, or however it starts) whose random draws come from `seed` alone; NULL if it
 * cannot be made. `interlude_destroy` frees it. */
INTERLUDE_EXPORT interlude_game *interlude_create(uint64_t seed);
INTERLUDE_EXPORT void interlude_destroy(interlude_game *game);

/* One fixed step of play (the host calls it only while a session runs and the app is active: 60 steps a second). */
INTERLUDE_EXPORT void interlude_step(interlude_game *game);

/* The pause duty: pause a running session (nothing outside one). After it, `interlude_status` reports
 * INTERLUDE_PAUSED and the game stands still: invariant 8 checks both. */
INTERLUDE_EXPORT void interlude_pause(interlude_game *game);
/* The player's resume of a paused session (the script word `resume`); does nothing when not paused. */
INTERLUDE_EXPORT void interlude_resume(interlude_game *game);

/* INTERLUDE_IN_SESSION, INTERLUDE_PAUSED and INTERLUDE_OVER as they are now. */
INTERLUDE_EXPORT uint32_t interlude_status(const interlude_game *game);

/* Does the player's action `name` (one of the listed words) with `arguments` (the rest of the script line's words,
 * joined by one space; "" for none). Returns 0 when done, nonzero when refused (the reason in `reason`). */
INTERLUDE_EXPORT int interlude_perform(interlude_game *game, const char *name, const char *arguments, char *reason,
                                       size_t reason_size);

/* The game's whole state as bytes of the game's own format: a pointer to `*size` bytes (at most INTERLUDE_SAVE_MAX),
 * or NULL when it cannot save. After a restore of these bytes, the next save of the same instant must give the same
 * bytes: the host checks it. */
INTERLUDE_EXPORT const uint8_t *interlude_save(interlude_game *game, size_t *size);

/* Continues from bytes an earlier `interlude_save` wrote (maybe in another process, maybe damaged or forged): a
 * session comes back paused. Returns 0 when restored; nonzero when the bytes are refused (the reason in `reason`),
 * the game then unchanged. Never trusts the bytes: any content must be refused or restored, never crash. */
INTERLUDE_EXPORT int interlude_restore(interlude_game *game, const uint8_t *bytes, size_t size, char *reason,
                                       size_t reason_size);

/* A hash of everything play depends on (what a save holds): equal states, equal hashes. */
INTERLUDE_EXPORT uint64_t interlude_state_hash(const interlude_game *game);

/* The screen shown, by name (`expect screen NAME`): a word as the action words are, e.g. "menu", "flying". */
INTERLUDE_EXPORT const char *interlude_screen_name(const interlude_game *game);

/* The game's own values: writes at most `capacity` of them to `values` and returns how many there are (call again
 * with a larger array when that is more than `capacity`). */
INTERLUDE_EXPORT uint32_t interlude_values(const interlude_game *game, interlude_value *values, uint32_t capacity);

/* --- Optional ------------------------------------------------------------------------------------------------- */

/* Draws the game into the host's current GL 3.3 core context: into the framebuffer the host has bound (`frame->width`
 * x `frame->height` pixels, viewport set, cleared; bind no other), loading the GL functions it uses through
 * `frame->gl_function`. Returns 0 when drawn. Never called while the app is in the background. The context may be
 * a new one from one call to the next (a lost context, a window): objects made in an earlier call may be gone, so
 * check them (`glIsProgram`) or make them per call. Without it, the host draws a plain frame (and the phone's own
 * screens over it). */
INTERLUDE_EXPORT int interlude_draw(interlude_game *game, const interlude_frame *frame);

/* The arguments the explorer (`interlude explore`) tries with action word `index`, e.g. "500ms" for a word that needs
 * a duration; NULL or "" for none. Without it, the explorer tries every word without arguments. */
INTERLUDE_EXPORT const char *interlude_action_arguments(uint32_t index);

#ifdef __cplusplus
}
#endif

#endif /* INTERLUDE_GAME_H */
