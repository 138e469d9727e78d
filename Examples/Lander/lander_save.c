/*
 * lander_save.c - Lander's save format, version 1: 66 bytes, written and read byte by byte (little-endian, fixed
 * widths), so that a save from any machine reads on any other.
 *
 *   offset size field           offset size field
 *        0    4 magic "LNDR"        40    2 angle (int16, degrees)
 *        4    1 version (1)         42    2 fuel (uint16)
 *        5    1 screen              44    2 thrust_left (uint16)
 *        6    1 level               46    2 turn_left (uint16)
 *        7    1 turn                48    4 wind (int32)
 *        8    8 random              52    2 gust_left (uint16)
 *       16    8 terrain_seed        54    4 steps (uint32)
 *       24    4 x (int32)           58    4 score (uint32)
 *       28    4 y (int32)           62    4 landings (uint32)
 *       32    4 vx (int32)
 *       36    4 vy (int32)
 *
 * The paused flag is not in it: a restored flight always comes back paused, so storing the flag would make the
 * save that follows a restore differ from the bytes restored. Decoding trusts nothing: every field is checked, and
 * the fields against each other and against the terrain, before anything of the game changes.
 */
#include <string.h>

#include "lander.h"

static const uint8_t magic[4] = {'L', 'N', 'D', 'R'};
#define VERSION 1

static void put(uint8_t *out, size_t *at, uint64_t value, size_t width)
{
    size_t i;
    for (i = 0; i < width; i++) out[(*at)++] = (uint8_t)(value >> (8 * i));
}

static uint64_t get(const uint8_t *in, size_t *at, size_t width)
{
    uint64_t value = 0;
    size_t i;
    for (i = 0; i < width; i++) value |= (uint64_t)in[(*at)++] << (8 * i);
    return value;
}

/* Two's complement by arithmetic, not by a cast of an out-of-range value (which C leaves to the compiler). */
static int64_t get_signed(const uint8_t *in, size_t *at, size_t width)
{
    uint64_t value = get(in, at, width);
    uint64_t sign = (uint64_t)1 << (8 * width - 1);
    return value >= sign ? (int64_t)(value - sign) - (int64_t)sign : (int64_t)value;
}

void lander_encode(const lander_state *s, uint8_t out[LANDER_SAVE_SIZE])
{
    size_t at = 0;
    size_t i;
    for (i = 0; i < sizeof magic; i++) out[at++] = magic[i];
    put(out, &at, VERSION, 1);
    put(out, &at, s->screen, 1);
    put(out, &at, s->level, 1);
    put(out, &at, s->turn, 1);
    put(out, &at, s->random, 8);
    put(out, &at, s->terrain_seed, 8);
    put(out, &at, (uint32_t)s->x, 4);
    put(out, &at, (uint32_t)s->y, 4);
    put(out, &at, (uint32_t)s->vx, 4);
    put(out, &at, (uint32_t)s->vy, 4);
    put(out, &at, (uint16_t)s->angle, 2);
    put(out, &at, s->fuel, 2);
    put(out, &at, s->thrust_left, 2);
    put(out, &at, s->turn_left, 2);
    put(out, &at, (uint32_t)s->wind, 4);
    put(out, &at, s->gust_left, 2);
    put(out, &at, s->steps, 4);
    put(out, &at, s->score, 4);
    put(out, &at, s->landings, 4);
}

/* Refuses `value` outside low..high, naming the field: the one message of every range check. */
static int range(int64_t value, int64_t low, int64_t high, const char *field, char *reason, size_t reason_size)
{
    if (value >= low && value <= high) return 0;
    return lander_refuse(reason, reason_size, "%s=%lld is not within %lld to %lld", field, (long long)value,
                         (long long)low, (long long)high);
}

/* Reads the fields, each checked against its own range as it comes; returns 0 or refuses naming the field. The
 * ranges come first so that the checks after them (the terrain, the cross-checks) can trust the level. */
static int read_fields(const uint8_t *bytes, lander_state *s, char *reason, size_t reason_size)
{
    size_t at = 5;
    int64_t n[13];
    int i;
    s->screen = (uint8_t)get(bytes, &at, 1);
    s->level = (uint8_t)get(bytes, &at, 1);
    s->turn = (uint8_t)get(bytes, &at, 1);
    s->random = get(bytes, &at, 8);
    s->terrain_seed = get(bytes, &at, 8);
    if (range(s->screen, SCREEN_MENU, SCREEN_CRASHED, "screen", reason, reason_size) ||
        range(s->level, 1, LANDER_LEVELS, "level", reason, reason_size) ||
        range(s->turn, TURN_NONE, TURN_RIGHT, "turn", reason, reason_size)) return 1;
    for (i = 0; i < 4; i++) n[i] = get_signed(bytes, &at, 4);          /* x, y, vx, vy */
    n[4] = get_signed(bytes, &at, 2);                                   /* angle */
    for (i = 5; i < 8; i++) n[i] = (int64_t)get(bytes, &at, 2);         /* fuel, thrust_left, turn_left */
    n[8] = get_signed(bytes, &at, 4);                                   /* wind */
    n[9] = (int64_t)get(bytes, &at, 2);                                 /* gust_left */
    for (i = 10; i < 13; i++) n[i] = (int64_t)get(bytes, &at, 4);       /* steps, score, landings */
    if (range(n[0], 0, LANDER_X_MAX, "x", reason, reason_size) ||
        range(n[1], 0, LANDER_Y_MAX, "y", reason, reason_size) ||
        range(n[2], -LANDER_V_MAX, LANDER_V_MAX, "vx", reason, reason_size) ||
        range(n[3], -LANDER_V_MAX, LANDER_V_MAX, "vy", reason, reason_size) ||
        range(n[4], -LANDER_ANGLE_MAX, LANDER_ANGLE_MAX, "angle", reason, reason_size) ||
        range(n[5], 0, lander_fuel_for_level(s->level), "fuel", reason, reason_size) ||
        range(n[6], 0, LANDER_HOLD_MAX, "thrust_left", reason, reason_size) ||
        range(n[7], 0, LANDER_HOLD_MAX, "turn_left", reason, reason_size) ||
        range(n[8], -lander_wind_for_level(s->level), lander_wind_for_level(s->level), "wind", reason, reason_size) ||
        range(n[9], 0, LANDER_GUST_MAX, "gust_left", reason, reason_size) ||
        range(n[10], 0, LANDER_STEPS_MAX, "steps", reason, reason_size) ||
        range(n[11], 0, (int64_t)n[12] * LANDER_LANDING_SCORE_MAX, "score", reason, reason_size) ||
        range(n[12], 0, LANDER_LANDINGS_MAX, "landings", reason, reason_size)) return 1;
    s->x = (int32_t)n[0], s->y = (int32_t)n[1], s->vx = (int32_t)n[2], s->vy = (int32_t)n[3];
    s->angle = (int16_t)n[4];
    s->fuel = (uint16_t)n[5], s->thrust_left = (uint16_t)n[6], s->turn_left = (uint16_t)n[7];
    s->wind = (int32_t)n[8];
    s->gust_left = (uint16_t)n[9];
    s->steps = (uint32_t)n[10], s->score = (uint32_t)n[11], s->landings = (uint32_t)n[12];
    return 0;
}

/* What play could not have produced, though each field is in range. */
static int check_together(const lander_state *s, const lander_terrain *t, char *reason, size_t reason_size)
{
    const int32_t ground = lander_ground(t, s->x);
    const int upright = s->angle >= -LANDER_SAFE_ANGLE && s->angle <= LANDER_SAFE_ANGLE;
    const char *why = NULL;
    if ((s->turn == TURN_NONE) != (s->turn_left == 0)) why = "turn and turn_left: a rotation has a direction";
    else if (s->thrust_left > 0 && s->fuel == 0) why = "thrust_left with fuel=0: an empty tank holds no thrust";
    else if (s->screen != SCREEN_FLYING && (s->thrust_left > 0 || s->turn_left > 0))
        why = "thrust_left or turn_left: held outside a flight";
    else if (lander_wind_for_level(s->level) == 0 && s->gust_left != 0) why = "gust_left: level 1 has no wind";
    else if (s->screen == SCREEN_FLYING && s->y <= ground) why = "y: a flying lander at or below the ground";
    else if (s->screen == SCREEN_MENU && s->y < ground) why = "y: below the ground";
    else if (s->screen >= SCREEN_LANDED && (s->y != ground || s->vx != 0 || s->vy != 0))
        why = "y, vx or vy: a lander on the ground stands on it, still";
    else if (s->screen == SCREEN_LANDED && (!lander_on_pad(t, s->x) || !upright))
        why = "x or angle: a landed lander stands upright on the pad";
    return why == NULL ? 0 : lander_refuse(reason, reason_size, "%s", why);
}

int lander_decode(const uint8_t *bytes, size_t size, lander_state *state, lander_terrain *terrain, char *reason,
                  size_t reason_size)
{
    lander_state s;
    lander_terrain t;
    size_t at = 4;
    uint64_t version;
    if (bytes == NULL && size > 0) return lander_refuse(reason, reason_size, "no bytes");
    if (size != LANDER_SAVE_SIZE) {
        return lander_refuse(reason, reason_size, "size: a Lander save is %d bytes, not %lu", LANDER_SAVE_SIZE,
                             (unsigned long)size);
    }
    if (memcmp(bytes, magic, sizeof magic) != 0) return lander_refuse(reason, reason_size, "magic: not a Lander save");
    version = get(bytes, &at, 1);
    if (version != VERSION) {
        return lander_refuse(reason, reason_size, "version %u: this Lander reads version %d only", (unsigned)version,
                             VERSION);
    }
    memset(&s, 0, sizeof s);
    if (read_fields(bytes, &s, reason, reason_size) != 0) return 1;
    lander_make_terrain(&t, s.terrain_seed, s.level);
    if (check_together(&s, &t, reason, reason_size) != 0) return 1;
    *state = s;
    *terrain = t;
    return 0;
}
