/* replay-frame: draws the frames that render-bench dumped (--dump FILE; one fixed frame or a live session), with the same shaders (Assets/Shaders),
 * the same textures, vertices, GL state and draw calls as Interlude's Renderer.draw, in plain C, and times it the
 * same way (draw, then glFinish, per frame). Each frame uploads the sprite and 2D vertices again, as the engine
 * does; it does not rebuild them (that CPU work is the engine's overhead being measured). Prints the last frame's
 * FNV-1a 64 hash of its RGBA pixels (top row first), which must equal render-bench's.
 *
 * Build: cc -O2 -o replay-frame replay-frame.c -lEGL -lOpenGL -lm
 * Run:   ./replay-frame FRAME.dump ASSETS_DIR [FRAMES [WARMUP]]       (see Benchmarks/README.md)
 * FRAMES and WARMUP default to the dump's; frame i (warm-up first) draws dumped frame i mod the dump's count. */

#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { GLuint texture, first, count; } Draw;
typedef struct { GLuint texture; GLuint vao, buffer; GLsizei vertices; } LevelMesh;
typedef struct {
    float *view_projection, *camera;
    GLsizei *level_range_count; GLint **level_firsts; GLsizei **level_counts;  /* per level mesh: visible chunks */
    uint32_t sprite_floats, sprite_draw_count, screen_floats, screen_draw_count;
    float *sprite_vertices, *screen_vertices;
    Draw *sprite_draws, *screen_draws;
} FrameData;

static unsigned char *data; static size_t size, at;

static void fail(const char *what) { fprintf(stderr, "replay-frame: %s\n", what); exit(1); }
static void need(size_t n) { if (at + n > size) fail("the dump is truncated"); }
static uint32_t u32(void) { uint32_t v; need(4); memcpy(&v, data + at, 4); at += 4; return v; }
static float *f32s(size_t n) { need(n * 4); float *v = (float *)(data + at); at += n * 4; return v; }

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { fprintf(stderr, "replay-frame: cannot open %s\n", path); exit(1); }
    fseek(file, 0, SEEK_END); long n = ftell(file); fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, file) != (size_t)n) fail("short read");
    text[n] = 0; fclose(file);
    if (length) *length = (size_t)n;
    return text;
}

static GLuint compile(GLenum kind, const char *path) {
    char *source = read_file(path, NULL);
    GLuint shader = glCreateShader(kind);
    const char *sources[] = {source};
    glShaderSource(shader, 1, sources, NULL); glCompileShader(shader);
    GLint ok = 0; glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) { char log[2048]; glGetShaderInfoLog(shader, sizeof log, NULL, log); fprintf(stderr, "%s: %s\n", path, log); exit(1); }
    free(source);
    return shader;
}

static GLuint program(const char *assets, const char *name) {
    char vertex[1024], fragment[1024];
    snprintf(vertex, sizeof vertex, "%s/Shaders/%s.vert", assets, name);
    snprintf(fragment, sizeof fragment, "%s/Shaders/%s.frag", assets, name);
    GLuint p = glCreateProgram(), v = compile(GL_VERTEX_SHADER, vertex), f = compile(GL_FRAGMENT_SHADER, fragment);
    glAttachShader(p, v); glAttachShader(p, f); glLinkProgram(p); glDeleteShader(v); glDeleteShader(f);
    GLint ok = 0; glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) fail("a program failed to link");
    return p;
}

static void vertex_array(GLuint *vao, GLuint *buffer, const int *layout, int attributes) {
    glGenVertexArrays(1, vao); glGenBuffers(1, buffer);
    glBindVertexArray(*vao); glBindBuffer(GL_ARRAY_BUFFER, *buffer);
    int stride = 0, offset = 0;
    for (int i = 0; i < attributes; i++) stride += layout[i];
    for (int i = 0; i < attributes; i++) {
        glEnableVertexAttribArray((GLuint)i);
        glVertexAttribPointer((GLuint)i, layout[i], GL_FLOAT, GL_FALSE, stride * 4, (void *)(uintptr_t)(offset * 4));
        offset += layout[i];
    }
    glBindVertexArray(0);
}

static double now_ms(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int by_value(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: replay-frame FRAME.dump ASSETS_DIR [FRAMES [WARMUP]]\n"); return 2; }
    data = (unsigned char *)read_file(argv[1], &size);
    need(4); if (memcmp(data, "IFRM", 4) != 0) fail("not a render-bench dump"); at = 4;
    if (u32() != 3) fail("unknown dump version (render-bench writes version 3)");
    int width = (int)u32(), height = (int)u32(), warmup = (int)u32(), frames = (int)u32();
    if (argc > 3) frames = atoi(argv[3]);
    if (argc > 4) warmup = atoi(argv[4]);
    if (frames <= 0 || warmup < 0) fail("FRAMES must be positive and WARMUP not negative");

    setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0);
    /* Like the engine's offscreen context (RasterizerThreads): no rasteriser threads unless LP_NUM_THREADS is set. */
    setenv("LP_NUM_THREADS", "0", 0);
    EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL);
    if (!display || !eglInitialize(display, NULL, NULL)) fail("no surfaceless EGL display");
    EGLint config_attributes[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config; EGLint configs = 0;
    if (!eglChooseConfig(display, config_attributes, &config, 1, &configs) || configs < 1) fail("no EGL config");
    eglBindAPI(EGL_OPENGL_API);
    EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                   EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (!context || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) fail("no GL 3.3 core context");

    float *uniforms = f32s(8); /* light 3, fog 3, fog range 2 */
    uint32_t texture_count = u32();
    GLuint *textures = calloc(texture_count, sizeof(GLuint));
    for (uint32_t i = 0; i < texture_count; i++) {
        uint32_t name_length = u32(); need(name_length); at += name_length;
        uint32_t w = u32(), h = u32(), flags = u32();
        need((size_t)w * h * 4);
        glGenTextures(1, &textures[i]); glBindTexture(GL_TEXTURE_2D, textures[i]);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei)w, (GLsizei)h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data + at);
        at += (size_t)w * h * 4;
        GLint wrap = flags & 1 ? GL_REPEAT : GL_CLAMP_TO_EDGE;
        if (flags & 2) glGenerateMipmap(GL_TEXTURE_2D);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, flags & 2 ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST /* as TextureLibrary.upload */);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    static const int level_layout[] = {3, 3, 2, 3}, sprite_layout[] = {3, 2, 4}, screen_layout[] = {2, 2, 4};
    uint32_t level_count = u32();
    LevelMesh *level = calloc(level_count, sizeof(LevelMesh));
    for (uint32_t i = 0; i < level_count; i++) {
        level[i].texture = textures[u32()];
        uint32_t floats = u32();
        vertex_array(&level[i].vao, &level[i].buffer, level_layout, 4);
        glBufferData(GL_ARRAY_BUFFER, floats * 4, f32s(floats), GL_STATIC_DRAW);
        level[i].vertices = (GLsizei)(floats / 11);
    }
    uint32_t frame_count = u32();
    if (frame_count == 0) fail("the dump holds no frame");
    FrameData *all = calloc(frame_count, sizeof(FrameData));
    for (uint32_t f = 0; f < frame_count; f++) {
        FrameData *d = &all[f];
        d->view_projection = f32s(16); d->camera = f32s(3);
        d->level_range_count = calloc(level_count + 1, sizeof(GLsizei));
        d->level_firsts = calloc(level_count + 1, sizeof(GLint *)); d->level_counts = calloc(level_count + 1, sizeof(GLsizei *));
        for (uint32_t i = 0; i < level_count; i++) {
            uint32_t n = u32();
            d->level_range_count[i] = (GLsizei)n;
            d->level_firsts[i] = calloc(n + 1, sizeof(GLint)); d->level_counts[i] = calloc(n + 1, sizeof(GLsizei));
            for (uint32_t r = 0; r < n; r++) { d->level_firsts[i][r] = (GLint)u32(); d->level_counts[i][r] = (GLsizei)u32(); }
        }
        d->sprite_floats = u32(); d->sprite_vertices = f32s(d->sprite_floats);
        d->sprite_draw_count = u32(); d->sprite_draws = calloc(d->sprite_draw_count + 1, sizeof(Draw));
        for (uint32_t i = 0; i < d->sprite_draw_count; i++) { d->sprite_draws[i].texture = textures[u32()]; d->sprite_draws[i].first = u32(); d->sprite_draws[i].count = u32(); }
        d->screen_floats = u32(); d->screen_vertices = f32s(d->screen_floats);
        d->screen_draw_count = u32(); d->screen_draws = calloc(d->screen_draw_count + 1, sizeof(Draw));
        for (uint32_t i = 0; i < d->screen_draw_count; i++) { d->screen_draws[i].texture = textures[u32()]; d->screen_draws[i].first = u32(); d->screen_draws[i].count = u32(); }
    }

    GLuint world = program(argv[2], "world"), sprite = program(argv[2], "sprite"), screen = program(argv[2], "screen");
    GLint world_vp = glGetUniformLocation(world, "viewProjection"), world_eye = glGetUniformLocation(world, "cameraPosition"),
          world_light = glGetUniformLocation(world, "lightDirection"), world_fog = glGetUniformLocation(world, "fogColor"),
          world_range = glGetUniformLocation(world, "fogRange"), world_image = glGetUniformLocation(world, "image");
    GLint sprite_vp = glGetUniformLocation(sprite, "viewProjection"), sprite_eye = glGetUniformLocation(sprite, "cameraPosition"),
          sprite_fog = glGetUniformLocation(sprite, "fogColor"), sprite_range = glGetUniformLocation(sprite, "fogRange"),
          sprite_image = glGetUniformLocation(sprite, "image");
    GLint screen_size = glGetUniformLocation(screen, "screenSize"), screen_image = glGetUniformLocation(screen, "image");
    GLuint sprite_vao, sprite_buffer, screen_vao, screen_buffer;
    vertex_array(&sprite_vao, &sprite_buffer, sprite_layout, 3);
    vertex_array(&screen_vao, &screen_buffer, screen_layout, 3);

    GLuint framebuffer, renderbuffers[2];
    glGenFramebuffers(1, &framebuffer); glGenRenderbuffers(2, renderbuffers);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers[0]); glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffers[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers[1]); glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, renderbuffers[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) fail("incomplete framebuffer");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    double *times = calloc((size_t)frames, sizeof(double));
    int draw_calls = 0;
    for (int frame = -warmup; frame < frames; frame++) {
        double start = now_ms();
        const FrameData *d = &all[(uint32_t)(frame + warmup) % frame_count];
        const float *view_projection = d->view_projection;
        uint32_t sprite_floats = d->sprite_floats, sprite_draw_count = d->sprite_draw_count;
        uint32_t screen_floats = d->screen_floats, screen_draw_count = d->screen_draw_count;
        const float *sprite_vertices = d->sprite_vertices, *screen_vertices = d->screen_vertices;
        const Draw *sprite_draws = d->sprite_draws, *screen_draws = d->screen_draws;
        draw_calls = 0;
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glViewport(0, 0, width, height);
        glClearColor(uniforms[3], uniforms[4], uniforms[5], 1);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST); glDepthFunc(GL_LESS);
        glEnable(GL_CULL_FACE); glCullFace(GL_BACK); glFrontFace(GL_CCW); glDisable(GL_BLEND);
        glUseProgram(world);
        glUniformMatrix4fv(world_vp, 1, GL_FALSE, view_projection);
        glUniform3f(world_eye, d->camera[0], d->camera[1], d->camera[2]);
        glUniform3f(world_light, uniforms[0], uniforms[1], uniforms[2]);
        glUniform3f(world_fog, uniforms[3], uniforms[4], uniforms[5]);
        glUniform2f(world_range, uniforms[6], uniforms[7]);
        glUniform1i(world_image, 0);
        glActiveTexture(GL_TEXTURE0);
        for (uint32_t i = 0; i < level_count; i++) {
            if (d->level_range_count[i] == 0) continue;  /* no chunk of this texture in view */
            glBindTexture(GL_TEXTURE_2D, level[i].texture);
            glBindVertexArray(level[i].vao);
            glMultiDrawArrays(GL_TRIANGLES, d->level_firsts[i], d->level_counts[i], d->level_range_count[i]);
            glBindVertexArray(0);
            draw_calls++;
        }
        glDisable(GL_CULL_FACE);
        if (sprite_draw_count > 0) {
            glUseProgram(sprite);
            glUniformMatrix4fv(sprite_vp, 1, GL_FALSE, view_projection);
            glUniform3f(sprite_eye, d->camera[0], d->camera[1], d->camera[2]);
            glUniform3f(sprite_fog, uniforms[3], uniforms[4], uniforms[5]);
            glUniform2f(sprite_range, uniforms[6], uniforms[7]);
            glUniform1i(sprite_image, 0);
            glActiveTexture(GL_TEXTURE0);
            glBindBuffer(GL_ARRAY_BUFFER, sprite_buffer);
            glBufferData(GL_ARRAY_BUFFER, sprite_floats * 4, sprite_vertices, GL_STREAM_DRAW);
            glBindVertexArray(sprite_vao);
            for (uint32_t i = 0; i < sprite_draw_count; i++) {
                glBindTexture(GL_TEXTURE_2D, sprite_draws[i].texture);
                glDrawArrays(GL_TRIANGLES, (GLint)sprite_draws[i].first, (GLsizei)sprite_draws[i].count);
                draw_calls++;
            }
            glBindVertexArray(0); glBindTexture(GL_TEXTURE_2D, 0);
        }
        glDisable(GL_DEPTH_TEST);
        if (screen_draw_count > 0) {
            glEnable(GL_BLEND); glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            glUseProgram(screen);
            glUniform2f(screen_size, (float)width, (float)height);
            glUniform1i(screen_image, 0);
            glActiveTexture(GL_TEXTURE0);
            glBindBuffer(GL_ARRAY_BUFFER, screen_buffer);
            glBufferData(GL_ARRAY_BUFFER, screen_floats * 4, screen_vertices, GL_STREAM_DRAW);
            glBindVertexArray(screen_vao);
            for (uint32_t i = 0; i < screen_draw_count; i++) {
                glBindTexture(GL_TEXTURE_2D, screen_draws[i].texture);
                glDrawArrays(GL_TRIANGLES, (GLint)screen_draws[i].first, (GLsizei)screen_draws[i].count);
                draw_calls++;
            }
            glBindVertexArray(0); glBindTexture(GL_TEXTURE_2D, 0); glDisable(GL_BLEND);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glFinish();
        if (frame >= 0) times[frame] = now_ms() - start;
    }
    if (glGetError() != GL_NO_ERROR) fail("a GL error was raised");

    size_t row = (size_t)width * 4;
    unsigned char *pixels = malloc(row * (size_t)height);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer); glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (int y = height - 1; y >= 0; y--)
        for (size_t x = 0; x < row; x++) { hash ^= pixels[(size_t)y * row + x]; hash *= 0x100000001b3ULL; }

    double sum = 0; for (int i = 0; i < frames; i++) sum += times[i];
    qsort(times, (size_t)frames, sizeof(double), by_value);
    double median = times[frames / 2], p90 = times[frames * 9 / 10 < frames ? frames * 9 / 10 : frames - 1];
    double p99 = times[frames * 99 / 100 < frames ? frames * 99 / 100 : frames - 1];
    printf("c      %dx%d  %d frames  mean %.2f ms  median %.2f ms  p90 %.2f ms  p99 %.2f ms  (%d fps)  %d draw calls\n",
           width, height, frames, sum / frames, median, p90, p99, (int)(1000 / median + 0.5), draw_calls);
    printf("c frame hash %016llx  (renderer: %s)\n", (unsigned long long)hash, (const char *)glGetString(GL_RENDERER));
    return 0;
}
