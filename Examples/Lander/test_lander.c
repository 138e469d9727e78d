/*
 * test_lander.c - Lander's own test, plain C: links the game's objects directly and calls the functions of
 * interlude_game.h as the host would. Checks determinism, the save's round trip, the refusal of damaged or forged
 * saves (never a crash), the refusal of actions with a reason, the pause duty and the values list. Drawing is left
 * to the host (it needs a GL context). The last line is `N passed, N failed`; the exit status is 1 on a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lander.h"

static int passed, failed;

#define CHECK(condition, what) check((condition) != 0, __LINE__, what)

static void check(int ok, int line, const char *what)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAILED (line %d): %s\n", line, what);
}

/* --- Helpers ----------------------------------------------------------------------------------------------- */

static char reason[256];

static int act(interlude_game *game, const char *name, const char *arguments)
{
    reason[0] = '\0';
    return interlude_perform(game, name, arguments, reason, sizeof reason);
}

static void steps(interlude_game *game, int count)
{
    int i;
    for (i = 0; i < count; i++) interlude_step(game);
}

static int64_t value(const interlude_game *game, const char *name)
{
    interlude_value values[32];
    uint32_t i, count = interlude_values(game, values, 32);
    for (i = 0; i < count && i < 32; i++) {
        if (strcmp(values[i].name, name) == 0) return values[i].value;
    }
    printf("no value '%s'\n", name);
    return -999999;
}

/* A copy of the current save (the game's own buffer lives only until its next call). */
static size_t save_copy(interlude_game *game, uint8_t *out, size_t capacity)
{
    size_t size = 0;
    const uint8_t *bytes = interlude_save(game, &size);
    if (bytes == NULL || size > capacity) return 0;
    memcpy(out, bytes, size);
    return size;
}

/* A flight with some of everything: level 3 (wind), a thrust, a rotation, time. */
static void fly_a_while(interlude_game *game)
{
    act(game, "launch", "level=3");
    steps(game, 30);
    act(game, "thrust", "1.5s");
    act(game, "rotate", "right 250ms");
    steps(game, 50);
}

/* Flies level `level` down with a crude autopilot: upright, burning a step whenever it falls faster than 20 px/s. */
static void autopilot_land(interlude_game *game)
{
    int i;
    for (i = 0; i < 20000 && strcmp(interlude_screen_name(game), "flying") == 0; i++) {
        if (value(game, "vy") < -20) act(game, "thrust", "10ms");
        interlude_step(game);
    }
}

/* --- The tests ------------------------------------------------------------------------------------------------ */

static void test_words(void)
{
    uint32_t i, count = interlude_action_count();
    CHECK(interlude_abi_version() == INTERLUDE_ABI_VERSION, "abi version");
    CHECK(count == 4, "four action words");
    for (i = 0; i < count; i++) {
        const char *word = interlude_action_name(i);
        size_t j, n = word == NULL ? 0 : strlen(word);
        int ok = n > 0 && n <= INTERLUDE_WORD_MAX &&
                 ((word[0] >= 'a' && word[0] <= 'z') || (word[0] >= 'A' && word[0] <= 'Z'));
        for (j = 0; ok && j < n; j++) {
            char c = word[j];
            ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        }
        CHECK(ok && strcmp(word, "resume") != 0, "an action word is letters and digits, not resume");
    }
    CHECK(interlude_action_name(count) == NULL, "no word past the count");
}

static void test_determinism(void)
{
    interlude_game *a = interlude_create(42), *b = interlude_create(42), *c = interlude_create(43);
    CHECK(interlude_state_hash(a) == interlude_state_hash(b), "fresh games of one seed hash equal");
    CHECK(interlude_state_hash(a) != interlude_state_hash(c), "fresh games of two seeds differ");
    fly_a_while(a);
    fly_a_while(b);
    fly_a_while(c);
    steps(a, 400);
    steps(b, 400);
    steps(c, 400);
    CHECK(interlude_state_hash(a) == interlude_state_hash(b), "one seed, the same actions: one hash after 480 steps");
    CHECK(interlude_state_hash(a) != interlude_state_hash(c), "another seed: another flight");
    CHECK(strcmp(interlude_screen_name(a), interlude_screen_name(b)) == 0, "the same screen");
    interlude_destroy(a);
    interlude_destroy(b);
    interlude_destroy(c);
}

/* Save, restore into a fresh game of another seed, save again: the same bytes; the flight comes back paused, with
 * the same values, and once resumed flies exactly as the original does. */
static void test_round_trip(void)
{
    interlude_game *a = interlude_create(7), *b = interlude_create(99);
    uint8_t first[128], second[128];
    size_t n1, n2;
    fly_a_while(a);
    n1 = save_copy(a, first, sizeof first);
    CHECK(n1 == LANDER_SAVE_SIZE, "a save is 66 bytes");
    CHECK(interlude_restore(b, first, n1, reason, sizeof reason) == 0, "a flight's save restores");
    n2 = save_copy(b, second, sizeof second);
    CHECK(n1 == n2 && memcmp(first, second, n1) == 0, "restore then save: the same bytes");
    CHECK(interlude_status(b) == (INTERLUDE_IN_SESSION | INTERLUDE_PAUSED), "a restored flight is paused");
    CHECK(interlude_state_hash(a) == interlude_state_hash(b), "a restored flight hashes as the original");
    CHECK(value(a, "fuel") == value(b, "fuel") && value(a, "altitude") == value(b, "altitude") &&
              value(a, "thrust") == value(b, "thrust"), "a restored flight has the original's values");
    interlude_resume(b);
    steps(a, 300);
    steps(b, 300);
    CHECK(interlude_state_hash(a) == interlude_state_hash(b), "resumed, it flies as the original");
    interlude_destroy(a);
    interlude_destroy(b);
}

/* Every screen's save survives the round trip: the menu, a landing, a crash. */
static void test_round_trip_screens(void)
{
    interlude_game *a = interlude_create(5), *b = interlude_create(6);
    const char *expected[3] = {"menu", "landed", "crashed"};
    uint8_t first[128], second[128];
    int i;
    for (i = 0; i < 3; i++) {
        size_t n1, n2;
        if (i == 1) {
            act(a, "launch", "");
            autopilot_land(a);
        }
        if (i == 2) {
            act(a, "launch", "level=2");
            steps(a, 2000);
        }
        CHECK(strcmp(interlude_screen_name(a), expected[i]) == 0, expected[i]);
        n1 = save_copy(a, first, sizeof first);
        CHECK(interlude_restore(b, first, n1, reason, sizeof reason) == 0, "every screen's save restores");
        n2 = save_copy(b, second, sizeof second);
        CHECK(n1 == n2 && memcmp(first, second, n1) == 0, "every screen: restore then save gives the same bytes");
        CHECK(interlude_status(a) == interlude_status(b), "a menu, a landing or a crash restores as it was");
    }
    interlude_destroy(a);
    interlude_destroy(b);
}

/* Refused, the game is unchanged; restored, the bytes round-trip. Either way, no crash (valgrind watches). */
static int try_restore(interlude_game *game, const uint8_t *bytes, size_t size, int *refused)
{
    uint64_t before = interlude_state_hash(game);
    uint8_t again[128];
    reason[0] = 'x';
    reason[1] = '\0';
    if (interlude_restore(game, bytes, size, reason, sizeof reason) != 0) {
        (*refused)++;
        return interlude_state_hash(game) == before && reason[0] != '\0' && strlen(reason) < sizeof reason;
    }
    return save_copy(game, again, sizeof again) == size && memcmp(again, bytes, size) == 0;
}

static void test_damaged_saves(void)
{
    interlude_game *a = interlude_create(11), *b = interlude_create(12);
    uint8_t good[128], bad[128];
    size_t n, i;
    int bit, refused = 0, ok = 1;
    uint64_t random = 12345;
    fly_a_while(a);
    n = save_copy(a, good, sizeof good);
    for (i = 0; i < n; i++) ok &= try_restore(b, good, i, &refused); /* every truncation */
    CHECK(ok && refused == (int)n, "every truncated save is refused, the game unchanged");
    CHECK(interlude_restore(b, NULL, 0, reason, sizeof reason) != 0, "no bytes are refused");
    memcpy(bad, good, n);
    bad[n] = 0;
    CHECK(interlude_restore(b, bad, n + 1, reason, sizeof reason) != 0, "a byte too many is refused");
    refused = 0;
    for (i = 0; i < n; i++) {
        for (bit = 0; bit < 8; bit++) { /* every single bit flipped */
            memcpy(bad, good, n);
            bad[i] ^= (uint8_t)(1u << bit);
            ok &= try_restore(b, bad, n, &refused);
        }
    }
    CHECK(ok, "every bit flip is refused (the game unchanged) or restores and round-trips");
    CHECK(refused > 100, "most bit flips are refused");
    for (i = 0; i < 20000; i++) { /* forged: random bytes behind a good magic and version */
        size_t j;
        for (j = 5; j < n; j++) bad[j] = (uint8_t)lander_random_next(&random);
        memcpy(bad, good, 5);
        ok &= try_restore(b, bad, n, &refused);
    }
    CHECK(ok, "random forged saves are refused or round-trip");
    interlude_destroy(a);
    interlude_destroy(b);
}

/* A forged field is refused with a reason that names it. */
static void expect_refused(const uint8_t *good, size_t offset, uint8_t byte, const char *field)
{
    interlude_game *b = interlude_create(3);
    uint8_t bad[LANDER_SAVE_SIZE];
    memcpy(bad, good, sizeof bad);
    bad[offset] = byte;
    reason[0] = '\0';
    CHECK(interlude_restore(b, bad, sizeof bad, reason, sizeof reason) != 0 && strstr(reason, field) != NULL, field);
    interlude_destroy(b);
}

static void test_forged_fields(void)
{
    interlude_game *a = interlude_create(21);
    uint8_t good[LANDER_SAVE_SIZE];
    fly_a_while(a);
    save_copy(a, good, sizeof good);
    expect_refused(good, 0, 'X', "magic");
    expect_refused(good, 4, 2, "version");
    expect_refused(good, 5, 7, "screen");
    expect_refused(good, 6, 4, "level");
    expect_refused(good, 7, 3, "turn");
    expect_refused(good, 27, 0x7f, "x=");
    expect_refused(good, 31, 0x80, "y=");
    expect_refused(good, 35, 0x40, "vx=");
    expect_refused(good, 41, 0x10, "angle");
    expect_refused(good, 43, 0x10, "fuel");
    expect_refused(good, 45, 0x20, "thrust_left");
    expect_refused(good, 47, 0x20, "turn_left");
    expect_refused(good, 51, 0x20, "wind");
    expect_refused(good, 53, 0x20, "gust_left");
    expect_refused(good, 57, 0x20, "steps");
    expect_refused(good, 61, 0x20, "score");
    expect_refused(good, 65, 0x20, "landings");
    expect_refused(good, 5, SCREEN_LANDED, "held outside a flight"); /* a thrust held, forged as landed */
    act(a, "menu", "");
    act(a, "launch", "");
    steps(a, 10);
    save_copy(a, good, sizeof good);
    expect_refused(good, 5, SCREEN_LANDED, "y, vx or vy"); /* a flight high up forged as landed */
    good[5] = SCREEN_MENU; /* a flight left for the menu mid-air is a menu like any other */
    CHECK(interlude_restore(a, good, sizeof good, reason, sizeof reason) == 0 && interlude_status(a) == 0,
          "a menu over a flight left mid-air restores, not paused");
    interlude_destroy(a);
}

static void test_reason_buffer(void)
{
    interlude_game *game = interlude_create(1);
    char small[8];
    memset(small, '#', sizeof small);
    CHECK(interlude_perform(game, "thrust", "1s", small, 0) != 0 && small[0] == '#',
          "reason_size 0: refused, nothing written");
    CHECK(interlude_perform(game, "thrust", "1s", NULL, 0) != 0, "no reason buffer: refused");
    CHECK(interlude_perform(game, "thrust", "1s", small, 1) != 0 && small[0] == '\0' && small[1] == '#',
          "reason_size 1: just the NUL");
    CHECK(interlude_perform(game, "thrust", "1s", small, sizeof small) != 0 && small[7] == '\0' &&
              strlen(small) == 7, "a long reason is cut and NUL-terminated");
    CHECK(interlude_restore(game, (const uint8_t *)"", 0, small, 0) != 0, "restore with reason_size 0");
    interlude_destroy(game);
}

static int refused_with_reason(interlude_game *game, const char *name, const char *arguments)
{
    return act(game, name, arguments) != 0 && reason[0] != '\0';
}

static void test_actions(void)
{
    interlude_game *game = interlude_create(9);
    static const char *const bad_durations[] = {"", "0ms", "0s", "61s", "60001ms", "1.5", "abc", "1.s", ".5s",
                                                "-1s", "1e3ms", "1.0000000001s", "99999999999999999999s", "5 s"};
    static const char *const good_durations[] = {"500ms", "1.5s", "2s", "60s", "0.25ms", "16.67ms"};
    static const int64_t good_steps[] = {30, 90, 120, 3600, 1, 2};
    size_t i;
    CHECK(refused_with_reason(game, "thrust", "500ms"), "thrust on the menu is refused");
    CHECK(refused_with_reason(game, "rotate", "left 500ms"), "rotate on the menu is refused");
    CHECK(refused_with_reason(game, "menu", ""), "menu on the menu is refused");
    CHECK(refused_with_reason(game, "fly", ""), "an unknown word is refused");
    CHECK(refused_with_reason(game, "launch", "level=4"), "launch level=4 is refused");
    CHECK(refused_with_reason(game, "launch", "level=0"), "launch level=0 is refused");
    CHECK(refused_with_reason(game, "launch", "level=12"), "launch level=12 is refused");
    CHECK(refused_with_reason(game, "launch", "fast"), "launch fast is refused");
    CHECK(refused_with_reason(game, "launch", "level=1 now"), "launch with a word too many is refused");
    CHECK(strcmp(interlude_screen_name(game), "menu") == 0, "still on the menu");
    CHECK(act(game, "launch", "level=2") == 0 && value(game, "level") == 2, "launch level=2");
    CHECK(refused_with_reason(game, "launch", ""), "launch while flying is refused");
    for (i = 0; i < sizeof bad_durations / sizeof bad_durations[0]; i++) {
        CHECK(refused_with_reason(game, "thrust", bad_durations[i]), bad_durations[i]);
    }
    for (i = 0; i < sizeof good_durations / sizeof good_durations[0]; i++) {
        CHECK(act(game, "thrust", good_durations[i]) == 0 && value(game, "thrust") == good_steps[i], good_durations[i]);
    }
    CHECK(refused_with_reason(game, "thrust", "1s 2s"), "thrust with two durations is refused");
    CHECK(refused_with_reason(game, "rotate", ""), "rotate without a direction is refused");
    CHECK(refused_with_reason(game, "rotate", "up 1s"), "rotate up is refused");
    CHECK(refused_with_reason(game, "rotate", "left"), "rotate without a duration is refused");
    CHECK(act(game, "rotate", "left 250ms") == 0, "rotate left 250ms");
    steps(game, 15);
    CHECK(value(game, "angle") == -30, "15 steps of left: -30 degrees");
    interlude_pause(game);
    CHECK(refused_with_reason(game, "thrust", "1s"), "thrust while paused is refused");
    interlude_resume(game);
    steps(game, 5000);
    CHECK(strcmp(interlude_screen_name(game), "crashed") == 0, "a tilted lander falling on level 2 crashes");
    CHECK(interlude_status(game) == (INTERLUDE_IN_SESSION | INTERLUDE_OVER), "a crash is over");
    CHECK(refused_with_reason(game, "thrust", "1s"), "thrust after a crash is refused");
    CHECK(refused_with_reason(game, "launch", ""), "launch after a crash is refused");
    CHECK(refused_with_reason(game, "menu", "now"), "menu with a word is refused");
    CHECK(act(game, "menu", "") == 0 && interlude_status(game) == 0, "menu after a crash");
    interlude_destroy(game);
}

/* A landing scores; `launch` from it flies the next level, the run's score kept. */
static void test_landing(void)
{
    interlude_game *game = interlude_create(2024);
    int64_t fuel;
    act(game, "launch", "");
    autopilot_land(game);
    fuel = value(game, "fuel");
    CHECK(strcmp(interlude_screen_name(game), "landed") == 0, "the autopilot lands level 1");
    CHECK(value(game, "landings") == 1 && value(game, "score") == 100 + fuel / 2, "a landing scores 100 + fuel/2");
    CHECK(value(game, "altitude") == 0, "landed: altitude 0");
    CHECK(interlude_status(game) == (INTERLUDE_IN_SESSION | INTERLUDE_OVER), "a landing ends the flight");
    CHECK(refused_with_reason(game, "thrust", "1s"), "thrust after landing is refused");
    CHECK(act(game, "launch", "") == 0 && value(game, "level") == 2 && value(game, "score") == 100 + fuel / 2,
          "launch after a landing: level 2, the score kept");
    CHECK(value(game, "fuel") == 720, "level 2's tank");
    CHECK(act(game, "menu", "") == 0 && act(game, "launch", "") == 0 && value(game, "score") == 0,
          "a launch from the menu starts a new run");
    interlude_destroy(game);
}

static void test_pause_duty(void)
{
    interlude_game *game = interlude_create(77);
    uint64_t hash;
    interlude_pause(game);
    CHECK(interlude_status(game) == 0, "nothing to pause on the menu");
    act(game, "launch", "level=3");
    act(game, "thrust", "2s");
    steps(game, 20);
    interlude_pause(game);
    CHECK(interlude_status(game) == (INTERLUDE_IN_SESSION | INTERLUDE_PAUSED), "paused");
    hash = interlude_state_hash(game);
    steps(game, 600);
    CHECK(interlude_state_hash(game) == hash, "a paused flight does not change when stepped");
    CHECK(value(game, "thrust") == 100, "a held thrust waits through the pause");
    interlude_resume(game);
    CHECK(interlude_status(game) == INTERLUDE_IN_SESSION, "resumed");
    steps(game, 1);
    CHECK(interlude_state_hash(game) != hash, "a resumed flight moves");
    interlude_resume(game);
    CHECK(interlude_status(game) == INTERLUDE_IN_SESSION, "resume when not paused does nothing");
    steps(game, 5000);
    interlude_pause(game);
    CHECK((interlude_status(game) & INTERLUDE_PAUSED) == 0, "a finished flight does not pause");
    interlude_destroy(game);
}

static void test_values(void)
{
    interlude_game *game = interlude_create(1);
    interlude_value values[4];
    uint32_t count;
    const char *names[] = {"fuel", "altitude", "score", "level", "landings"};
    size_t i;
    memset(values, 0, sizeof values);
    count = interlude_values(game, values, 2);
    CHECK(count >= 5, "the count of all values, whatever the capacity");
    CHECK(values[0].name != NULL && values[1].name != NULL && values[2].name == NULL,
          "capacity 2: two written, no more");
    CHECK(interlude_values(game, NULL, 0) == count, "capacity 0: just the count");
    for (i = 0; i < sizeof names / sizeof names[0]; i++) CHECK(value(game, names[i]) != -999999, names[i]);
    act(game, "launch", "");
    CHECK(value(game, "fuel") == 900 && value(game, "level") == 1 && value(game, "score") == 0,
          "a new flight's values");
    CHECK(value(game, "altitude") > 0, "a new flight is above the ground");
    interlude_destroy(game);
}

int main(void)
{
    test_words();
    test_determinism();
    test_round_trip();
    test_round_trip_screens();
    test_damaged_saves();
    test_forged_fields();
    test_reason_buffer();
    test_actions();
    test_landing();
    test_pause_duty();
    test_values();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
