/*
 * lander_draw.c - interlude_draw: the terrain, the pad, the lander (a triangle at its angle), its flame while it
 * burns, the fuel bar, the wind, the landings, and a sign for the menu, a pause or a crash. GL 3.3 core, every
 * function loaded through frame->gl_function (the library links no GL library).
 *
 * Every draw makes its program, vertex array and buffer and deletes them before returning: nothing of GL outlives
 * the call, so a context the host lost and made again between two draws needs nothing from us. Floats appear only
 * here, to hand pixels to GL; the simulation never reads them.
 */
#include <string.h>

#include <GL/glcorearb.h>

#include "lander.h"

/* The GL functions a draw uses, loaded anew each draw (the loader is valid only during the call). */
typedef struct gl_functions {
    PFNGLCREATESHADERPROC CreateShader;
    PFNGLSHADERSOURCEPROC ShaderSource;
    PFNGLCOMPILESHADERPROC CompileShader;
    PFNGLGETSHADERIVPROC GetShaderiv;
    PFNGLDELETESHADERPROC DeleteShader;
    PFNGLCREATEPROGRAMPROC CreateProgram;
    PFNGLATTACHSHADERPROC AttachShader;
    PFNGLLINKPROGRAMPROC LinkProgram;
    PFNGLGETPROGRAMIVPROC GetProgramiv;
    PFNGLUSEPROGRAMPROC UseProgram;
    PFNGLDELETEPROGRAMPROC DeleteProgram;
    PFNGLGETUNIFORMLOCATIONPROC GetUniformLocation;
    PFNGLUNIFORM2FPROC Uniform2f;
    PFNGLGENVERTEXARRAYSPROC GenVertexArrays;
    PFNGLBINDVERTEXARRAYPROC BindVertexArray;
    PFNGLDELETEVERTEXARRAYSPROC DeleteVertexArrays;
    PFNGLGENBUFFERSPROC GenBuffers;
    PFNGLBINDBUFFERPROC BindBuffer;
    PFNGLBUFFERDATAPROC BufferData;
    PFNGLDELETEBUFFERSPROC DeleteBuffers;
    PFNGLVERTEXATTRIBPOINTERPROC VertexAttribPointer;
    PFNGLENABLEVERTEXATTRIBARRAYPROC EnableVertexAttribArray;
    PFNGLVIEWPORTPROC Viewport;
    PFNGLCLEARCOLORPROC ClearColor;
    PFNGLCLEARPROC Clear;
    PFNGLDISABLEPROC Disable;
    PFNGLDRAWARRAYSPROC DrawArrays;
} gl_functions;

/* ISO C has no cast from an object pointer to a function pointer: the loader's pointer is copied by its bytes,
 * as POSIX's dlsym is meant to be used, once its size is known to match. */
static int load_one(const interlude_frame *frame, const char *name, void *slot, size_t slot_size)
{
    void *address = frame->gl_function(name);
    if (address == NULL || slot_size != sizeof address) return 1;
    memcpy(slot, &address, sizeof address);
    return 0;
}

#define LOAD(field) (load_one(frame, "gl" #field, (void *)&gl->field, sizeof gl->field) != 0)

static int load_gl(const interlude_frame *frame, gl_functions *gl)
{
    return LOAD(CreateShader) || LOAD(ShaderSource) || LOAD(CompileShader) || LOAD(GetShaderiv) ||
           LOAD(DeleteShader) || LOAD(CreateProgram) || LOAD(AttachShader) || LOAD(LinkProgram) ||
           LOAD(GetProgramiv) || LOAD(UseProgram) || LOAD(DeleteProgram) || LOAD(GetUniformLocation) ||
           LOAD(Uniform2f) || LOAD(GenVertexArrays) || LOAD(BindVertexArray) || LOAD(DeleteVertexArrays) ||
           LOAD(GenBuffers) || LOAD(BindBuffer) || LOAD(BufferData) || LOAD(DeleteBuffers) ||
           LOAD(VertexAttribPointer) || LOAD(EnableVertexAttribArray) || LOAD(Viewport) || LOAD(ClearColor) ||
           LOAD(Clear) || LOAD(Disable) || LOAD(DrawArrays);
}

static const char *const vertex_source =
    "#version 330 core\n"
    "layout(location = 0) in vec2 position;\n"
    "layout(location = 1) in vec3 color;\n"
    "uniform vec2 world;\n"
    "out vec3 tint;\n"
    "void main() { gl_Position = vec4(position / world * 2.0 - 1.0, 0.0, 1.0); tint = color; }\n";

static const char *const fragment_source =
    "#version 330 core\n"
    "in vec3 tint;\n"
    "out vec4 pixel;\n"
    "void main() { pixel = vec4(tint, 1.0); }\n";

/* --- Building the triangles (world pixels, y up) ------------------------------------------------------------ */

#define VERTICES_MAX 512
#define FLOATS_PER_VERTEX 5

typedef struct mesh {
    float data[VERTICES_MAX * FLOATS_PER_VERTEX];
    int count;
} mesh;

typedef struct color { float r, g, b; } color;

static void vertex(mesh *m, float x, float y, color c)
{
    float *v;
    if (m->count >= VERTICES_MAX) return; /* never reached: the scene's triangles are counted below the cap */
    v = m->data + m->count++ * FLOATS_PER_VERTEX;
    v[0] = x, v[1] = y, v[2] = c.r, v[3] = c.g, v[4] = c.b;
}

static void triangle(mesh *m, const float p[6], color c)
{
    vertex(m, p[0], p[1], c);
    vertex(m, p[2], p[3], c);
    vertex(m, p[4], p[5], c);
}

static void quad(mesh *m, float x0, float y0, float x1, float y1, color c)
{
    const float first[6] = {x0, y0, x1, y0, x1, y1};
    const float second[6] = {x0, y0, x1, y1, x0, y1};
    triangle(m, first, c);
    triangle(m, second, c);
}

/* Each segment of ground is two triangles down to the world's floor; the pad is a lit strip on top of its own. */
static void add_terrain(mesh *m, const lander_terrain *t)
{
    const color rock = {0.42f, 0.40f, 0.38f}, pad = {0.90f, 0.85f, 0.30f};
    const float pad_top = (float)t->height[t->pad_first];
    int i;
    for (i = 0; i < LANDER_SEGMENTS; i++) {
        float x0 = (float)(i * LANDER_SEGMENT_W), x1 = (float)((i + 1) * LANDER_SEGMENT_W);
        float h0 = (float)t->height[i], h1 = (float)t->height[i + 1];
        const float low[6] = {x0, 0.0f, x1, 0.0f, x1, h1};
        const float high[6] = {x0, 0.0f, x1, h1, x0, h0};
        triangle(m, low, rock);
        triangle(m, high, rock);
    }
    quad(m, (float)(t->pad_first * LANDER_SEGMENT_W), pad_top - 6.0f, (float)(t->pad_last * LANDER_SEGMENT_W),
         pad_top, pad);
}

/* A point of the lander's own frame (feet at 0,0, nose up) turned by its angle and placed at its feet. */
static void place(const lander_state *s, float local_x, float local_y, float *x, float *y)
{
    float sine = (float)lander_sin(s->angle) / 16384.0f, cosine = (float)lander_cos(s->angle) / 16384.0f;
    *x = (float)s->x / LANDER_ONE + local_x * cosine + local_y * sine;
    *y = (float)s->y / LANDER_ONE - local_x * sine + local_y * cosine;
}

static void add_shape(mesh *m, const lander_state *s, const float local[6], color c)
{
    float p[6];
    int i;
    for (i = 0; i < 3; i++) place(s, local[2 * i], local[2 * i + 1], &p[2 * i], &p[2 * i + 1]);
    triangle(m, p, c);
}

static void add_lander(mesh *m, const lander_state *s, int paused)
{
    const float body[6] = {-14.0f, 0.0f, 14.0f, 0.0f, 0.0f, 36.0f};
    const float flame[6] = {-7.0f, 0.0f, 0.0f, -22.0f, 7.0f, 0.0f};
    const color grey = {0.85f, 0.85f, 0.90f}, green = {0.30f, 0.90f, 0.40f}, red = {0.95f, 0.25f, 0.20f};
    const color fire = {1.0f, 0.65f, 0.10f};
    color c = s->screen == SCREEN_LANDED ? green : s->screen == SCREEN_CRASHED ? red : grey;
    int i;
    add_shape(m, s, body, c);
    if (s->screen == SCREEN_FLYING && !paused && s->thrust_left > 0 && s->fuel > 0) add_shape(m, s, flame, fire);
    for (i = 0; s->screen == SCREEN_CRASHED && i < 5; i++) { /* debris, spread by the crash's place */
        const float bit[6] = {-30.0f + 14.0f * (float)i, 4.0f, -24.0f + 14.0f * (float)i, 4.0f,
                              -27.0f + 14.0f * (float)i, 12.0f + (float)((s->x >> 12) % 7)};
        add_shape(m, s, bit, red);
    }
}

/* The fuel bar (top left), a gust's arrow (top middle) and a pip for each landing of the run (top right). */
static void add_gauges(mesh *m, const lander_state *s)
{
    const color frame = {0.25f, 0.25f, 0.30f}, full = {0.30f, 0.85f, 0.40f}, low = {0.95f, 0.35f, 0.20f};
    const color air = {0.55f, 0.75f, 1.0f}, pip = {0.85f, 0.80f, 0.30f};
    float fill = 200.0f * (float)s->fuel / (float)LANDER_FUEL_MAX;
    float gust = 4.0f * (float)s->wind;
    uint32_t i;
    quad(m, 16.0f, 740.0f, 216.0f, 752.0f, frame);
    quad(m, 16.0f, 740.0f, 16.0f + fill, 752.0f, s->fuel * 5 < LANDER_FUEL_MAX ? low : full);
    if (s->wind != 0) quad(m, 512.0f, 744.0f, 512.0f + gust, 748.0f, air);
    for (i = 0; i < s->landings && i < 10; i++) {
        quad(m, 1000.0f - 16.0f * (float)i, 740.0f, 1010.0f - 16.0f * (float)i, 752.0f, pip);
    }
}

/* The menu: a play sign; a pause: two bars. */
static void add_signs(mesh *m, const lander_state *s, int paused)
{
    const color sign = {0.95f, 0.95f, 0.95f};
    if (s->screen == SCREEN_MENU) {
        const float play[6] = {482.0f, 344.0f, 542.0f, 384.0f, 482.0f, 424.0f};
        triangle(m, play, sign);
    } else if (paused) {
        quad(m, 490.0f, 350.0f, 505.0f, 418.0f, sign);
        quad(m, 519.0f, 350.0f, 534.0f, 418.0f, sign);
    }
}

/* --- GL -------------------------------------------------------------------------------------------------------- */

static GLuint compile(const gl_functions *gl, GLenum kind, const char *source)
{
    GLuint shader = gl->CreateShader(kind);
    GLint ok = GL_FALSE;
    if (shader == 0) return 0;
    gl->ShaderSource(shader, 1, &source, NULL);
    gl->CompileShader(shader);
    gl->GetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        gl->DeleteShader(shader);
        return 0;
    }
    return shader;
}

/* The program, or 0 when a shader did not compile or the program did not link. */
static GLuint make_program(const gl_functions *gl)
{
    GLuint vertex_shader = compile(gl, GL_VERTEX_SHADER, vertex_source);
    GLuint fragment_shader = compile(gl, GL_FRAGMENT_SHADER, fragment_source);
    GLuint program = 0;
    GLint ok = GL_FALSE;
    if (vertex_shader != 0 && fragment_shader != 0) program = gl->CreateProgram();
    if (program != 0) {
        gl->AttachShader(program, vertex_shader);
        gl->AttachShader(program, fragment_shader);
        gl->LinkProgram(program);
        gl->GetProgramiv(program, GL_LINK_STATUS, &ok);
        if (ok != GL_TRUE) {
            gl->DeleteProgram(program);
            program = 0;
        }
    }
    if (vertex_shader != 0) gl->DeleteShader(vertex_shader); /* a linked program keeps what it needs */
    if (fragment_shader != 0) gl->DeleteShader(fragment_shader);
    return program;
}

static void submit(const gl_functions *gl, GLuint program, const mesh *m)
{
    GLuint array = 0, buffer = 0;
    const GLsizei stride = FLOATS_PER_VERTEX * (GLsizei)sizeof(float);
    gl->GenVertexArrays(1, &array);
    gl->BindVertexArray(array);
    gl->GenBuffers(1, &buffer);
    gl->BindBuffer(GL_ARRAY_BUFFER, buffer);
    gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)m->count * FLOATS_PER_VERTEX * sizeof(float)), m->data,
                   GL_STREAM_DRAW);
    gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, (const void *)0);
    gl->EnableVertexAttribArray(0);
    gl->VertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, (const void *)(2 * sizeof(float)));
    gl->EnableVertexAttribArray(1);
    gl->UseProgram(program);
    gl->Uniform2f(gl->GetUniformLocation(program, "world"), (float)LANDER_WORLD_W, (float)LANDER_WORLD_H);
    gl->DrawArrays(GL_TRIANGLES, 0, m->count);
    gl->UseProgram(0);
    gl->BindBuffer(GL_ARRAY_BUFFER, 0);
    gl->BindVertexArray(0);
    gl->DeleteBuffers(1, &buffer);
    gl->DeleteVertexArrays(1, &array);
}

INTERLUDE_EXPORT int interlude_draw(interlude_game *game, const interlude_frame *frame)
{
    gl_functions gl;
    mesh m;
    GLuint program;
    if (game == NULL || frame == NULL || frame->gl_function == NULL) return 1;
    if (frame->width <= 0 || frame->height <= 0) return 1;
    if (load_gl(frame, &gl)) return 1;
    m.count = 0;
    add_terrain(&m, &game->terrain);
    add_lander(&m, &game->state, game->paused);
    add_gauges(&m, &game->state);
    add_signs(&m, &game->state, game->paused);
    gl.Viewport(0, 0, frame->width, frame->height);
    gl.Disable(GL_DEPTH_TEST);
    gl.Disable(GL_CULL_FACE);
    gl.ClearColor(0.02f, 0.02f, 0.07f, 1.0f);
    gl.Clear(GL_COLOR_BUFFER_BIT);
    program = make_program(&gl);
    if (program == 0) return 1;
    submit(&gl, program, &m);
    gl.DeleteProgram(program);
    return 0;
}
