// Renderer+Weapon: the first-person weapon, a textured quad standing on the status bar in the bottom centre,
// drawn after the world with depth off. Walking bob sways it sideways and dips it; recoil pushes it down and
// back (smaller); while `isFlashing`, the muzzle flash sits on the barrel's bore and a warm light brightens the
// view for that moment.

import GameCore
import Runtime

extension Renderer {
    /// The weapon's texture (Assets/Textures/weapon-blaster.png).
    static let weaponTexture = "weapon-blaster"
    /// The muzzle flash's texture (Assets/Textures/muzzle-flash.png).
    static let muzzleFlashTexture = "muzzle-flash"
    /// The weapon's side as a fraction of the height of the view above the status bar.
    static let weaponSize: Float = 0.45
    /// Where the bore is in the weapon texture, as fractions of its width and height from its top-left corner.
    static let muzzle: (x: Float, y: Float) = (0.5, 0.12)
    /// The flash's side as a fraction of the weapon's.
    static let muzzleFlashSize: Float = 0.55
    /// The warm light a shot throws on the view, and its opacity.
    static let muzzleLight = (color: Color(1, 0.78, 0.4), alpha: Float(0.12))

    /// Where the weapon quad goes (its top-left corner and side, in pixels) on a frame `width` wide whose view
    /// above the status bar is `viewHeight` high.
    static func weaponPlacement(_ weapon: WeaponView, width: Int, viewHeight: Int) -> (x: Float, y: Float, size: Float)
    {
        let view = Float(max(viewHeight, 1))
        let recoil = min(max(weapon.recoil, 0), 1)
        // Back: the weapon shrinks a little; down: it sinks by a fifth of its size at full recoil.
        let size = (view * weaponSize * (1 - 0.12 * recoil)).rounded()
        let sway = Trigonometry.sine(weapon.bob) * view * 0.035
        let dip = (1 - Trigonometry.cosine(2 * weapon.bob)) / 2 * view * 0.025
        let x = (Float(width) - size) / 2 + sway
        let y = view - size + dip + recoil * size * 0.2
        return (x.rounded(), y.rounded(), size)
    }

    /// Adds the muzzle flash (behind the barrel) and the weapon to `batch`.
    static func addWeapon(_ weapon: WeaponView, width: Int, viewHeight: Int, to batch: inout ScreenBatch) {
        let place = weaponPlacement(weapon, width: width, viewHeight: viewHeight)
        if weapon.isFlashing {
            let light = muzzleLight
            batch.rectangle(
                x: 0, y: 0, width: Float(width), height: Float(viewHeight), color: light.color, alpha: light.alpha)
            let flash = (place.size * muzzleFlashSize).rounded()
            let boreX = place.x + place.size * muzzle.x
            let boreY = place.y + place.size * muzzle.y
            batch.image(
                .named(muzzleFlashTexture), x: boreX - flash / 2, y: boreY - flash * 0.6, width: flash,
                height: flash)
        }
        batch.image(.named(weaponTexture), x: place.x, y: place.y, width: place.size, height: place.size)
    }
}
