// Scene: everything the renderer needs to draw one frame, and nothing it may change.

/// A point or direction in world space. Units: one level cell is 1.0; y is up.
public struct Vec3: Hashable, Sendable {
    public var x: Float, y: Float, z: Float
    public init(_ x: Float, _ y: Float, _ z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// A colour, each channel 0...1.
public struct Color: Hashable, Sendable {
    public var r: Float, g: Float, b: Float
    public init(_ r: Float, _ g: Float, _ b: Float) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// A first-person camera.
public struct Camera: Hashable, Sendable {
    public var position: Vec3  // eye position, world units
    public var yaw: Float  // radians; 0 looks down -z, positive turns left (counter-clockwise seen from above)
    public var pitch: Float  // radians; positive looks up, within -1.4...1.4
    public var fieldOfViewY: Float  // radians

    public init(position: Vec3, yaw: Float, pitch: Float = 0, fieldOfViewY: Float = 1.1) {
        self.position = position
        self.yaw = yaw
        self.pitch = pitch
        self.fieldOfViewY = fieldOfViewY
    }
}

/// Something drawn as a camera-facing box or billboard: enemies, pickups, the exit, a peer.
public struct Sprite: Hashable, Sendable {
    public var position: Vec3  // centre of its base, world units
    public var size: Float  // edge length, world units
    public var color: Color

    public init(position: Vec3, size: Float, color: Color) {
        self.position = position
        self.size = size
        self.color = color
    }
}

/// One frame's worth of what to draw. The renderer builds the level's meshes once per `level.name`
/// and keeps them across backgrounding; everything else is per frame.
public struct Scene: Hashable, Sendable {
    public var level: Level
    public var camera: Camera
    public var sprites: [Sprite]
    public var hud: [String]  // text lines drawn top-left, ASCII
    public var overlay: String?  // large centred text, e.g. the pause overlay; nil for none
    public var tint: Color?  // full-screen tint over the 3D view (e.g. dimmed when paused); nil for none

    public init(
        level: Level, camera: Camera, sprites: [Sprite] = [], hud: [String] = [], overlay: String? = nil,
        tint: Color? = nil
    ) {
        self.level = level
        self.camera = camera
        self.sprites = sprites
        self.hud = hud
        self.overlay = overlay
        self.tint = tint
    }
}
