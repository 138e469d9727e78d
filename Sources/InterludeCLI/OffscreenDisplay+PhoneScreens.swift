// The phone's own screens (PhoneScreens) over an offscreen display's captures, in Interlude's compiled-in font: what
// a game's entry returns from `makeOffscreenDisplay` when it has no font of its own.

import GLHost
import PhoneScreens
import PlatformEGL
import Runtime

extension OffscreenDisplay {
    /// This display as an `OffscreenRendering` that can draw the phone's screens over every capture (alert, call,
    /// lock, home, switcher, ...), in `font`. The compositor is made now, with the display's context current, so a
    /// failure shows here and not in the middle of a replay.
    public func withPhoneScreens<Game: LifecycleGame>(font: PhoneFont = .builtin) throws -> OffscreenRendering<Game>
    where Game.Scene == Renderer.Scene {
        try context.makeCurrent()
        let compositor = try PhoneCompositor(font: font)
        return OffscreenRendering(
            display: self,
            showPhoneScreens: { [unowned self] runtime in
                let layer = PhoneSystemLayer(compositor: compositor, runtime: runtime)
                // After a lost context (glContextLost, an Android rotation) the layer makes its compositor again.
                layer.contextGeneration = { [unowned self] in self.contextRecreations }
                self.systemLayer = layer
            })
    }
}
