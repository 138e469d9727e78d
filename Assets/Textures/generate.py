#!/usr/bin/env python3
"""Generates Interlude's original textures (RGBA PNGs) into the folder of this script.

Python 3 standard library only (zlib for PNG). Deterministic: every texture draws from its own seeded
random source, so running it again rewrites byte-identical files. Run: python3 Assets/Textures/generate.py

World textures (64x64, tiling): two themes of wall/floor/ceiling.
  metal (the default theme): wall-metal, floor-tiles, ceiling-panels
  rust:                      wall-rust, floor-grate, ceiling-vents
Sprites (64x64, alpha 0 around the figure): sprite-enemy, sprite-corpse, sprite-health, sprite-ammo,
sprite-exit, sprite-peer. First-person weapon: weapon-blaster (128x128), muzzle-flash (64x64).
"""

import math
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


class Canvas:
    """An RGBA image, rows top first, with a few drawing primitives."""

    def __init__(self, width, height, fill=(0, 0, 0, 0)):
        self.width, self.height = width, height
        self.pixels = [list(fill) for _ in range(width * height)]

    def get(self, x, y):
        return self.pixels[(y % self.height) * self.width + (x % self.width)]

    def set(self, x, y, color):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = [clamp(c) for c in color]

    def blend(self, x, y, color, amount):
        if 0 <= x < self.width and 0 <= y < self.height:
            old = self.get(x, y)
            mixed = [old[i] + (color[i] - old[i]) * amount for i in range(3)]
            alpha = max(old[3], color[3] if len(color) > 3 else 255)
            self.set(x, y, mixed + [alpha])

    def rect(self, x0, y0, x1, y1, color):
        for y in range(y0, y1):
            for x in range(x0, x1):
                self.set(x, y, color)

    def shade(self, x0, y0, x1, y1, factor):
        for y in range(y0, y1):
            for x in range(x0, x1):
                if 0 <= x < self.width and 0 <= y < self.height:
                    p = self.get(x, y)
                    self.set(x, y, [p[0] * factor, p[1] * factor, p[2] * factor, p[3]])

    def bevel(self, x0, y0, x1, y1, light=1.35, dark=0.6):
        """Raised panel edges: light top and left, dark bottom and right."""
        self.shade(x0, y0, x1, y0 + 1, light)
        self.shade(x0, y0 + 1, x0 + 1, y1, light)
        self.shade(x0, y1 - 1, x1, y1, dark)
        self.shade(x1 - 1, y0, x1, y1 - 1, dark)

    def disc(self, cx, cy, radius, color, soft=0.0):
        for y in range(int(cy - radius - 1), int(cy + radius + 2)):
            for x in range(int(cx - radius - 1), int(cx + radius + 2)):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                if d <= radius:
                    if soft > 0 and d > radius - soft:
                        self.blend(x, y, color, (radius - d) / soft)
                    else:
                        self.set(x, y, color)

    def noise(self, rng, amount):
        for p in self.pixels:
            n = rng.uniform(-amount, amount)
            for i in range(3):
                p[i] = clamp(p[i] + n)

    def rivet(self, x, y):
        self.set(x, y, [200, 205, 210, 255])
        self.shade(x + 1, y, x + 2, y + 1, 0.5)
        self.shade(x, y + 1, x + 2, y + 2, 0.5)

    def write(self, name):
        raw = bytearray()
        for y in range(self.height):
            raw.append(0)
            for x in range(self.width):
                raw.extend(int(round(c)) for c in self.get(x, y))

        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        data = zlib.compress(bytes(raw), 9)
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
        with open(os.path.join(HERE, name + ".png"), "wb") as file:
            file.write(png)


def clamp(value):
    return max(0, min(255, value))


def base(rng, color, amount):
    canvas = Canvas(64, 64, list(color) + [255])
    canvas.noise(rng, amount)
    return canvas


# World textures: metal theme.

def wall_metal():
    rng = random.Random(11)
    c = base(rng, (74, 82, 96), 5)
    c.bevel(0, 0, 64, 40)
    c.bevel(0, 40, 32, 64)
    c.bevel(32, 40, 64, 64)
    for x, y in [(3, 3), (59, 3), (3, 35), (59, 35), (3, 44), (27, 44), (36, 44), (59, 44), (3, 59), (59, 59)]:
        c.rivet(x, y)
    # A cyan light strip under the top panel, and vent slits in the lower left panel.
    for x in range(6, 58):
        c.set(x, 36, [90, 225, 235, 255])
        c.blend(x, 35, [90, 225, 235], 0.35)
        c.blend(x, 37, [90, 225, 235], 0.35)
    for y in range(48, 58, 3):
        c.rect(8, y, 24, y + 1, [28, 30, 36, 255])
    # Grime gathering at the bottom.
    for y in range(52, 64):
        c.shade(0, y, 64, y + 1, 1 - (y - 52) * 0.02)
    return c


def floor_tiles():
    rng = random.Random(12)
    c = base(rng, (92, 96, 90), 6)
    for ty in (0, 32):
        for tx in (0, 32):
            c.shade(tx, ty, tx + 32, ty + 32, rng.uniform(0.9, 1.08))
            c.bevel(tx, ty, tx + 32, ty + 32, 1.25, 0.55)
            c.rect(tx + 12, ty + 15, tx + 20, ty + 17, [70, 74, 70, 255])
            c.rect(tx + 15, ty + 12, tx + 17, ty + 20, [70, 74, 70, 255])
    for _ in range(9):
        x, y = rng.randrange(64), rng.randrange(64)
        for step in range(rng.randrange(4, 12)):
            c.shade(x + step, y + step // 3, x + step + 1, y + step // 3 + 1, 0.8)
    return c


def ceiling_panels():
    rng = random.Random(13)
    c = base(rng, (58, 62, 70), 4)
    c.bevel(0, 0, 64, 64, 1.3, 0.5)
    c.rect(18, 18, 46, 46, [44, 47, 54, 255])
    c.rect(21, 21, 43, 43, [222, 232, 236, 255])
    for y in range(21, 43):
        for x in range(21, 43):
            if (x - 21) % 6 == 0:
                c.set(x, y, [170, 180, 186, 255])
    for x, y in [(4, 4), (58, 4), (4, 58), (58, 58)]:
        c.rivet(x, y)
    return c


# World textures: rust theme.

def wall_rust():
    rng = random.Random(21)
    c = base(rng, (104, 72, 52), 9)
    for x0 in (0, 21, 43):
        c.bevel(x0, 0, x0 + 21 + (1 if x0 == 43 else 0), 64, 1.3, 0.55)
        for y in (4, 22, 40, 58):
            c.rivet(x0 + 3, y)
    # Rust stains running down from the rivets and seams.
    for _ in range(14):
        x = rng.randrange(64)
        y0 = rng.randrange(40)
        for y in range(y0, min(64, y0 + rng.randrange(10, 30))):
            c.blend(x, y, [150, 70, 30], 0.5)
            c.blend(x + 1, y, [120, 60, 30], 0.25)
    for y in range(28, 34):
        c.shade(0, y, 64, y + 1, 0.75)
    c.rect(0, 30, 64, 32, [160, 120, 40, 255])
    for x in range(0, 64, 8):
        c.rect(x, 30, x + 4, 32, [30, 26, 22, 255])
    return c


def floor_grate():
    rng = random.Random(22)
    c = base(rng, (66, 64, 58), 6)
    for y in range(64):
        for x in range(64):
            if (x % 8 in (0, 1)) or (y % 8 in (0, 1)):
                c.shade(x, y, x + 1, y + 1, 1.45)
            else:
                c.shade(x, y, x + 1, y + 1, 0.32)
    for _ in range(6):
        x, y = rng.randrange(64), rng.randrange(64)
        c.disc(x, y, rng.uniform(2, 5), [96, 58, 34, 255], soft=2)
    return c


def ceiling_vents():
    rng = random.Random(23)
    c = base(rng, (52, 50, 48), 5)
    for y0 in (6, 38):
        for y in range(y0, y0 + 14):
            t = (y - y0) / 13
            light = 0.55 + 0.9 * math.sin(t * math.pi)
            c.rect(0, y, 64, y + 1, [96 * light, 84 * light, 70 * light, 255])
        for x in (10, 42):
            c.rect(x, y0 - 1, x + 4, y0 + 15, [124, 92, 54, 255])
            c.bevel(x, y0 - 1, x + 4, y0 + 15)
    c.rect(28, 27, 36, 31, [230, 120, 40, 255])
    return c


# Sprites.

def sprite_enemy():
    rng = random.Random(31)
    c = Canvas(64, 64)
    armour, dark = [170, 172, 178, 255], [70, 72, 80, 255]
    # Legs, body, arms, head: a walking security robot, lit from the top left.
    c.rect(20, 44, 27, 64, dark)
    c.rect(37, 44, 44, 64, dark)
    c.rect(18, 60, 28, 64, armour)
    c.rect(36, 60, 46, 64, armour)
    c.rect(16, 22, 48, 46, armour)
    c.bevel(16, 22, 48, 46, 1.2, 0.55)
    c.rect(22, 28, 42, 40, [120, 122, 130, 255])
    c.disc(32, 34, 4, [255, 90, 40, 255])
    c.rect(8, 24, 16, 42, dark)
    c.rect(48, 24, 56, 42, dark)
    c.rect(50, 40, 58, 48, [60, 60, 66, 255])
    c.rect(52, 46, 56, 50, [255, 160, 60, 255])
    c.rect(22, 6, 42, 22, armour)
    c.bevel(22, 6, 42, 22, 1.25, 0.55)
    c.rect(25, 11, 39, 16, [30, 10, 10, 255])
    c.rect(27, 12, 37, 15, [255, 50, 30, 255])
    for p in c.pixels:
        if p[3] > 0:
            n = rng.uniform(-8, 8)
            for i in range(3):
                p[i] = clamp(p[i] + n)
    return c


def sprite_corpse():
    rng = random.Random(32)
    c = Canvas(64, 64)
    c.disc(32, 34, 26, [60, 14, 10, 230], soft=6)
    for _ in range(9):
        x, y = rng.randrange(14, 50), rng.randrange(16, 52)
        w, h = rng.randrange(5, 14), rng.randrange(4, 10)
        c.rect(x - w // 2, y - h // 2, x + w // 2, y + h // 2, [150, 150, 156, 255])
        c.bevel(x - w // 2, y - h // 2, x + w // 2, y + h // 2)
    c.rect(25, 26, 39, 34, [130, 130, 136, 255])
    c.rect(28, 28, 36, 31, [90, 20, 16, 255])
    for _ in range(6):
        c.disc(rng.randrange(10, 54), rng.randrange(10, 54), 1.5, [255, 140, 50, 255])
    return c


def sprite_health():
    c = Canvas(64, 64)
    c.rect(8, 26, 56, 64, [226, 228, 232, 255])
    c.bevel(8, 26, 56, 64, 1.1, 0.6)
    c.rect(8, 26, 56, 30, [200, 202, 208, 255])
    c.rect(26, 20, 38, 26, [150, 150, 156, 255])
    c.rect(27, 33, 37, 59, [210, 30, 36, 255])
    c.rect(19, 41, 45, 51, [210, 30, 36, 255])
    return c


def sprite_ammo():
    c = Canvas(64, 64)
    for i, x in enumerate(range(14, 50, 7)):
        c.rect(x, 18, x + 5, 40, [214, 170, 60, 255])
        c.rect(x + 1, 14, x + 4, 18, [190, 110, 50, 255])
        c.shade(x, 18, x + 1, 40, 1.3)
    c.rect(8, 34, 56, 64, [84, 98, 60, 255])
    c.bevel(8, 34, 56, 64, 1.3, 0.55)
    c.rect(20, 44, 44, 54, [200, 190, 90, 255])
    for x in range(22, 42, 4):
        c.rect(x, 46, x + 2, 52, [50, 50, 40, 255])
    return c


def sprite_exit():
    c = Canvas(64, 64)
    for y in range(64):
        for x in range(64):
            dx, dy = (x + 0.5 - 32) / 26, (y + 0.5 - 36) / 30
            d = math.hypot(dx, dy)
            if d < 1:
                glow = 0.5 + 0.5 * math.cos(d * 9)
                c.set(x, y, [60 + 80 * glow, 140 + 100 * glow, 255, 255 if d < 0.96 else 160])
    c.rect(6, 58, 58, 64, [80, 84, 92, 255])
    c.bevel(6, 58, 58, 64)
    c.disc(32, 36, 6, [235, 250, 255, 255], soft=3)
    return c


def sprite_peer():
    c = Canvas(64, 64)
    suit, visor = [70, 130, 96, 255], [120, 220, 255, 255]
    c.rect(21, 42, 29, 64, [46, 80, 60, 255])
    c.rect(35, 42, 43, 64, [46, 80, 60, 255])
    c.rect(18, 20, 46, 44, suit)
    c.bevel(18, 20, 46, 44, 1.25, 0.6)
    c.rect(12, 22, 18, 40, suit)
    c.rect(46, 22, 52, 40, suit)
    c.rect(24, 26, 40, 32, [210, 190, 60, 255])
    c.disc(32, 12, 9, suit)
    c.rect(26, 9, 38, 15, visor)
    return c


# First-person weapon and muzzle flash.

def weapon_blaster():
    rng = random.Random(41)
    c = Canvas(128, 128)
    # The body widens towards the viewer (the bottom), in perspective.
    for y in range(40, 128):
        t = (y - 40) / 88
        half = 13 + 30 * t
        for x in range(int(64 - half), int(64 + half)):
            edge = min(x - (64 - half), (64 + half) - x) / half
            light = 0.55 + 0.6 * min(1, edge * 3) - 0.25 * (1 - t)
            side = 1.15 if x < 64 else 0.85
            c.set(x, y, [62 * light * side, 68 * light * side, 80 * light * side, 255])
    # Barrel, with its bore at the top.
    for y in range(14, 52):
        for x in range(54, 74):
            round_ = 1 - abs(x + 0.5 - 64) / 10
            c.set(x, y, [90 * (0.4 + round_), 96 * (0.4 + round_), 108 * (0.4 + round_), 255])
    c.disc(64, 15, 7, [40, 44, 52, 255])
    c.disc(64, 15, 4, [8, 8, 10, 255])
    # Glowing energy cells along the sides and a sight on top.
    for y in range(70, 118, 10):
        t = (y - 40) / 88
        half = 13 + 30 * t
        c.rect(int(64 - half + 5), y, int(64 - half + 11), y + 6, [80, 220, 255, 255])
        c.rect(int(64 + half - 11), y, int(64 + half - 5), y + 6, [80, 220, 255, 255])
    c.rect(60, 40, 68, 46, [30, 32, 38, 255])
    c.rect(62, 41, 66, 43, [255, 70, 50, 255])
    for p in c.pixels:
        if p[3] > 0:
            n = rng.uniform(-4, 4)
            for i in range(3):
                p[i] = clamp(p[i] + n)
    return c


def muzzle_flash():
    c = Canvas(64, 64)
    for y in range(64):
        for x in range(64):
            dx, dy = x + 0.5 - 32, y + 0.5 - 32
            d = math.hypot(dx, dy) / 30
            angle = math.atan2(dy, dx)
            reach = 0.55 + 0.45 * abs(math.cos(angle * 4))
            if d < reach:
                heat = 1 - d / reach
                c.set(x, y, [255, 170 + 85 * heat, 60 + 195 * heat * heat, 255 if heat > 0.25 else 140])
    return c


TEXTURES = {
    "wall-metal": wall_metal, "floor-tiles": floor_tiles, "ceiling-panels": ceiling_panels,
    "wall-rust": wall_rust, "floor-grate": floor_grate, "ceiling-vents": ceiling_vents,
    "sprite-enemy": sprite_enemy, "sprite-corpse": sprite_corpse, "sprite-health": sprite_health,
    "sprite-ammo": sprite_ammo, "sprite-exit": sprite_exit, "sprite-peer": sprite_peer,
    "weapon-blaster": weapon_blaster, "muzzle-flash": muzzle_flash,
}

if __name__ == "__main__":
    for name, make in TEXTURES.items():
        make().write(name)
        print("wrote", name + ".png")
