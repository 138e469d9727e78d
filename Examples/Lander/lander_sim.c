/*
 * lander_sim.c - Lander's rules: the random generator, the terrain, and one step of flight (gravity, thrust,
 * rotation, gusts, touchdown). Integers only: the same flight gives the same bits on every machine.
 */
#include "lander.h"

/* sin(d) * 16384 for d = 0..90 degrees, rounded: a table, so that no float enters the simulation. */
static const int16_t sine_table[91] = {
    0, 286, 572, 857, 1143, 1428, 1713, 1997, 2280, 2563,
    2845, 3126, 3406, 3686, 3964, 4240, 4516, 4790, 5063, 5334,
    5604, 5872, 6138, 6402, 6664, 6924, 7182, 7438, 7692, 7943,
    8192, 8438, 8682, 8923, 9162, 9397, 9630, 9860, 10087, 10311,
    10531, 10749, 10963, 11174, 11381, 11585, 11786, 11982, 12176, 12365,
    12551, 12733, 12911, 13085, 13255, 13421, 13583, 13741, 13894, 14044,
    14189, 14330, 14466, 14598, 14726, 14849, 14968, 15082, 15191, 15296,
    15396, 15491, 15582, 15668, 15749, 15826, 15897, 15964, 16026, 16083,
    16135, 16182, 16225, 16262, 16294, 16322, 16344, 16362, 16374, 16382,
    16384,
};

/* What each level asks: gravity (units per step per step), terrain roughness (pixels), pad width (segments). */
static const int32_t level_gravity[LANDER_LEVELS] = {64, 80, 96};
static const int32_t level_roughness[LANDER_LEVELS] = {120, 220, 320};
static const int32_t level_pad_segments[LANDER_LEVELS] = {4, 3, 2};
static const int32_t level_fuel[LANDER_LEVELS] = {900, 720, 540};
static const int32_t level_wind[LANDER_LEVELS] = {0, 12, LANDER_WIND_MAX};

#define THRUST 192          /* units per step per step at full burn: three times the moon's pull on level 1 */
#define TURN_RATE 2         /* degrees a step: 120 degrees a second */
#define START_Y (700 * LANDER_ONE)
#define GROUND_BASE 60      /* the lowest the terrain goes, in pixels */

/* splitmix64: one 64-bit word of state, every value a valid state (a restore need not check it). */
uint64_t lander_random_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

int32_t lander_sin(int degrees)
{
    if (degrees < 0) return -lander_sin(-degrees);
    if (degrees > 90) degrees = 90;
    return sine_table[degrees];
}

int32_t lander_cos(int degrees)
{
    if (degrees < 0) degrees = -degrees;
    if (degrees > 90) degrees = 90;
    return sine_table[90 - degrees];
}

int32_t lander_fuel_for_level(int level) { return level_fuel[level - 1]; }

int32_t lander_wind_for_level(int level) { return level_wind[level - 1]; }

/* Random heights, then a flat pad whose place (and, by level, width) the same seed always picks. */
void lander_make_terrain(lander_terrain *terrain, uint64_t seed, int level)
{
    uint64_t random = seed;
    const int32_t pad = level_pad_segments[level - 1];
    const uint64_t roughness = (uint64_t)level_roughness[level - 1];
    int32_t i;
    for (i = 0; i <= LANDER_SEGMENTS; i++) {
        terrain->height[i] = GROUND_BASE + (int32_t)(lander_random_next(&random) % roughness);
    }
    /* Never against a wall: two segments of rough ground on either side. */
    terrain->pad_first = 2 + (int32_t)(lander_random_next(&random) % (uint64_t)(LANDER_SEGMENTS - pad - 3));
    terrain->pad_last = terrain->pad_first + pad;
    for (i = terrain->pad_first + 1; i <= terrain->pad_last; i++) {
        terrain->height[i] = terrain->height[terrain->pad_first];
    }
}

/* The ground's height (units) under x, a straight line between the two nearest heights. */
int32_t lander_ground(const lander_terrain *terrain, int32_t x)
{
    const int64_t width = (int64_t)LANDER_SEGMENT_W * LANDER_ONE;
    int64_t i, into, left, right;
    if (x < 0) x = 0;
    if (x > LANDER_X_MAX) x = LANDER_X_MAX;
    i = x / width;
    into = x - i * width;
    left = (int64_t)terrain->height[i] * LANDER_ONE;
    right = (int64_t)terrain->height[i + 1] * LANDER_ONE;
    return (int32_t)(left + (right - left) * into / width);
}

int lander_on_pad(const lander_terrain *terrain, int32_t x)
{
    const int32_t width = LANDER_SEGMENT_W * LANDER_ONE;
    return x >= terrain->pad_first * width && x <= terrain->pad_last * width;
}

/* A new flight of `level`: a new terrain from the generator, the lander high up, still, full of the level's fuel.
 * Level 1 starts right above the pad; the others on the far side of the world from it. */
void lander_prepare_flight(lander_state *state, lander_terrain *terrain, int level)
{
    const int32_t width = LANDER_SEGMENT_W * LANDER_ONE;
    int32_t pad_middle;
    state->level = (uint8_t)level;
    state->terrain_seed = lander_random_next(&state->random);
    lander_make_terrain(terrain, state->terrain_seed, level);
    pad_middle = (terrain->pad_first + terrain->pad_last) * width / 2;
    if (level == 1) state->x = pad_middle;
    else state->x = pad_middle < LANDER_X_MAX / 2 ? 960 * LANDER_ONE : 64 * LANDER_ONE;
    state->y = START_Y;
    state->vx = state->vy = 0;
    state->angle = 0;
    state->fuel = (uint16_t)level_fuel[level - 1];
    state->thrust_left = state->turn_left = 0;
    state->turn = TURN_NONE;
    state->wind = 0;
    state->gust_left = 0;
    state->steps = 0;
}

static int32_t clamp32(int32_t value, int32_t low, int32_t high)
{
    return value < low ? low : value > high ? high : value;
}

static void turn(lander_state *state)
{
    if (state->turn_left == 0) return;
    state->angle = (int16_t)clamp32(state->angle + (state->turn == TURN_RIGHT ? TURN_RATE : -TURN_RATE),
                                    -LANDER_ANGLE_MAX, LANDER_ANGLE_MAX);
    if (--state->turn_left == 0) state->turn = TURN_NONE;
}

/* Burns one step of fuel if a thrust is held: pushes along the lander's axis. An empty tank ends the hold, so
 * that a save never holds a thrust that cannot burn. */
static void burn(lander_state *state, int32_t *ax, int32_t *ay)
{
    if (state->thrust_left == 0 || state->fuel == 0) return;
    *ax += THRUST * lander_sin(state->angle) / 16384;
    *ay += THRUST * lander_cos(state->angle) / 16384;
    state->fuel--;
    state->thrust_left--;
    if (state->fuel == 0) state->thrust_left = 0;
}

/* Gusts on levels 2 and 3: a new random push every one to three seconds. Level 1 never draws, so its flights
 * leave the generator as they found it. */
static void blow(lander_state *state)
{
    int32_t strength = level_wind[state->level - 1];
    if (strength == 0) return;
    if (state->gust_left > 0) {
        state->gust_left--;
        return;
    }
    state->wind = (int32_t)(lander_random_next(&state->random) % (uint64_t)(2 * strength + 1)) - strength;
    state->gust_left = (uint16_t)(60 + lander_random_next(&state->random) % (LANDER_GUST_MAX - 60 + 1));
}

/* The lander's feet met the ground: landed if on the pad, slow and upright enough, else crashed. */
static void touch_down(lander_state *state, const lander_terrain *terrain)
{
    int landed = lander_on_pad(terrain, state->x) && state->vx >= -LANDER_SAFE_VX && state->vx <= LANDER_SAFE_VX &&
                 state->vy >= -LANDER_SAFE_VY && state->angle >= -LANDER_SAFE_ANGLE &&
                 state->angle <= LANDER_SAFE_ANGLE;
    state->y = lander_ground(terrain, state->x);
    state->vx = state->vy = 0;
    state->thrust_left = state->turn_left = 0;
    state->turn = TURN_NONE;
    state->screen = landed ? SCREEN_LANDED : SCREEN_CRASHED;
    if (landed && state->landings < LANDER_LANDINGS_MAX) {
        state->landings++;
        state->score += (uint32_t)(100 * state->level + state->fuel / 2);
    }
}

void lander_fly_one_step(lander_state *state, const lander_terrain *terrain)
{
    int32_t ax = 0, ay = -level_gravity[state->level - 1];
    if (state->steps < LANDER_STEPS_MAX) state->steps++;
    turn(state);
    burn(state, &ax, &ay);
    blow(state);
    ax += state->wind;
    state->vx = clamp32(state->vx + ax, -LANDER_V_MAX, LANDER_V_MAX);
    state->vy = clamp32(state->vy + ay, -LANDER_V_MAX, LANDER_V_MAX);
    state->x += state->vx;
    if (state->x < 0 || state->x > LANDER_X_MAX) { /* the world's edges stop the lander sideways */
        state->x = clamp32(state->x, 0, LANDER_X_MAX);
        state->vx = 0;
    }
    state->y += state->vy;
    if (state->y > LANDER_Y_MAX) {
        state->y = LANDER_Y_MAX;
        state->vy = 0;
    }
    if (state->y <= lander_ground(terrain, state->x)) touch_down(state, terrain);
}
