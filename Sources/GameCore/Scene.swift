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

/// What a sprite is; the renderer picks its texture (Assets/Textures/sprite-KIND) and shape from it.
public enum SpriteKind: String, Hashable, Sendable, CaseIterable {
    case enemy  // alive; `flash` > 0 just after it was hit
    case corpse  // a dead enemy, drawn flat on the floor
    case health, ammo  // pickups not yet taken
    case exit  // the level's exit
    case peer  // the multiplayer peer
}

/// Something drawn as a camera-facing billboard: enemies, pickups, the exit, a peer.
public struct Sprite: Hashable, Sendable {
    public var position: Vec3  // centre of its base, world units
    public var size: Float  // height (and width), world units
    public var color: Color  // tint multiplied into its texture
    public var kind: SpriteKind
    public var flash: Float  // 0...1: white hit flash, fading over a few steps

    public init(position: Vec3, size: Float, color: Color, kind: SpriteKind = .enemy, flash: Float = 0) {
        self.position = position
        self.size = size
        self.color = color
        self.kind = kind
        self.flash = flash
    }
}

/// The weapon held in first person, drawn bottom-centre over the 3D view.
public struct WeaponView: Hashable, Sendable {
    public var recoil: Float  // 0...1: 1 on the step of a shot, back to 0 within about 8 steps
    public var isFlashing: Bool  // muzzle flash: true for the 2 steps after a shot
    public var bob: Float  // radians: walking bob phase, advances only while the player moves

    public init(recoil: Float = 0, isFlashing: Bool = false, bob: Float = 0) {
        self.recoil = recoil
        self.isFlashing = isFlashing
        self.bob = bob
    }
}

/// The big numbers of the status bar at the bottom of a session's frame.
public struct StatusBar: Hashable, Sendable {
    public var health: Int  // 0...100
    public var ammo: Int
    public var score: Int64
    public var level: Int  // 1-based
    public var seconds: Int64  // played in this session, paused time excluded

    public init(health: Int, ammo: Int, score: Int64, level: Int, seconds: Int64) {
        self.health = health
        self.ammo = ammo
        self.score = score
        self.level = level
        self.seconds = seconds
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
    public var weapon: WeaponView?  // nil outside a session (menus, game over)
    public var statusBar: StatusBar?  // nil outside a session
    public var damage: Float  // 0...1: red flash after the player was hurt, fading
    public var hitMarker: Bool  // the crosshair shows a hit (the last shot hit, for a few steps)
    public var crosshair: Bool  // draw the crosshair (in a running session)

    public init(
        level: Level, camera: Camera, sprites: [Sprite] = [], hud: [String] = [], overlay: String? = nil,
        tint: Color? = nil, weapon: WeaponView? = nil, statusBar: StatusBar? = nil, damage: Float = 0,
        hitMarker: Bool = false, crosshair: Bool = false
    ) {
        self.level = level
        self.camera = camera
        self.sprites = sprites
        self.hud = hud
        self.overlay = overlay
        self.tint = tint
        self.weapon = weapon
        self.statusBar = statusBar
        self.damage = damage
        self.hitMarker = hitMarker
        self.crosshair = crosshair
    }
}
