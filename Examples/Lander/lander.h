/*
 * lander.h - Lander's insides, shared by its files (never installed, never seen by the host): the game object, the
 * world's fixed-point units and the functions one file gives another. The host sees only interlude_game.h.
 *
 * Units: a position is in 1/4096 of a pixel of a 1024 x 768 world (y up, 0 at the bottom), a velocity in those
 * units per step, an acceleration in those units per step per step, an angle in whole degrees (0 upright, positive
 * leaning right). Everything the simulation computes is an integer, so a flight is bit-identical on every machine.
 */
#ifndef LANDER_H
#define LANDER_H

#include <stddef.h>
#include <stdint.h>

#include "interlude_game.h"

#define LANDER_ONE 4096                          /* units per pixel */
#define LANDER_WORLD_W 1024                      /* pixels */
#define LANDER_WORLD_H 768
#define LANDER_X_MAX ((int32_t)LANDER_WORLD_W * LANDER_ONE - 1)
#define LANDER_Y_MAX ((int32_t)LANDER_WORLD_H * LANDER_ONE)
#define LANDER_SEGMENTS 32                       /* the terrain: 33 heights, 32 px apart */
#define LANDER_SEGMENT_W (LANDER_WORLD_W / LANDER_SEGMENTS)
#define LANDER_LEVELS 3
#define LANDER_FUEL_MAX 900                      /* steps of burn: 15 s */
#define LANDER_V_MAX (16 * LANDER_ONE)           /* 16 px a step: the fastest anything moves */
#define LANDER_ANGLE_MAX 90
#define LANDER_HOLD_MAX 3600                     /* a thrust or rotation is held at most 60 s */
#define LANDER_GUST_MAX 180                      /* steps until the next gust of wind */
#define LANDER_WIND_MAX 24                       /* the strongest gust, units per step per step */
#define LANDER_STEPS_MAX 100000000u              /* a flight's step counter stops here (over 19 days) */
#define LANDER_LANDING_SCORE_MAX 750             /* 100 a level + half the fuel left: 300 + 450 */
#define LANDER_LANDINGS_MAX 1000000u
#define LANDER_SAFE_VX (LANDER_ONE * 2 / 5)      /* 0.4 px a step: 24 px/s */
#define LANDER_SAFE_VY (LANDER_ONE * 3 / 5)      /* 0.6 px a step: 36 px/s */
#define LANDER_SAFE_ANGLE 10
#define LANDER_SAVE_SIZE 66

typedef enum { SCREEN_MENU = 0, SCREEN_FLYING = 1, SCREEN_LANDED = 2, SCREEN_CRASHED = 3 } lander_screen;
typedef enum { TURN_NONE = 0, TURN_LEFT = 1, TURN_RIGHT = 2 } lander_turn;

/* Everything a flight is; what a save holds, field for field (the terrain is made again from terrain_seed). */
typedef struct lander_state {
    uint8_t screen;         /* lander_screen */
    uint8_t level;          /* 1..3 */
    uint8_t turn;           /* lander_turn: the rotation held now */
    uint64_t random;        /* splitmix64 state: gusts and the next flight's terrain */
    uint64_t terrain_seed;  /* the terrain of this flight (or of the menu's preview) */
    int32_t x, y;           /* the lander's feet */
    int32_t vx, vy;
    int16_t angle;
    uint16_t fuel;          /* steps of burn left */
    uint16_t thrust_left;   /* steps of a thrust still held */
    uint16_t turn_left;     /* steps of a rotation still held */
    int32_t wind;           /* horizontal push of the current gust */
    uint16_t gust_left;     /* steps until the next gust (level 2 and 3) */
    uint32_t steps;         /* steps flown this flight */
    uint32_t score;         /* this run's, over its landings */
    uint32_t landings;      /* this run's */
} lander_state;

/* The terrain a state's terrain_seed and level make: not saved, made again whenever they change. */
typedef struct lander_terrain {
    int32_t height[LANDER_SEGMENTS + 1]; /* pixels */
    int32_t pad_first, pad_last;         /* the pad spans these heights' indexes, flat */
} lander_terrain;

struct interlude_game {
    lander_state state;
    lander_terrain terrain;
    int paused;                          /* not saved: a restored flight always comes back paused */
    uint8_t save[LANDER_SAVE_SIZE];      /* what interlude_save returns, valid until the next call */
};

/* lander_sim.c: the rules. */
uint64_t lander_random_next(uint64_t *state);
void lander_make_terrain(lander_terrain *terrain, uint64_t seed, int level);
int32_t lander_ground(const lander_terrain *terrain, int32_t x);
int lander_on_pad(const lander_terrain *terrain, int32_t x);
int32_t lander_sin(int degrees);
int32_t lander_cos(int degrees);
void lander_prepare_flight(lander_state *state, lander_terrain *terrain, int level);
void lander_fly_one_step(lander_state *state, const lander_terrain *terrain);
int32_t lander_fuel_for_level(int level);
int32_t lander_wind_for_level(int level);

/* lander_save.c: the save format. */
void lander_encode(const lander_state *state, uint8_t out[LANDER_SAVE_SIZE]);
int lander_decode(const uint8_t *bytes, size_t size, lander_state *state, lander_terrain *terrain, char *reason,
                  size_t reason_size);

/* lander.c: the one way a refusal is written. */
int lander_refuse(char *reason, size_t reason_size, const char *format, ...);

#endif /* LANDER_H */
