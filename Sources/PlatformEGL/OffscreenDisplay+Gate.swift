// OffscreenDisplay+Gate: the renderer's own GL gate follows the runtime's forbidGL/allowGL work, so a call
// that bypasses the runtime (a component holding the display) is refused and reported, never executed.

import Runtime

extension OffscreenDisplay {
    public func forbidGL() { gate.forbid() }
    public func allowGL() { gate.allow() }
    public var refusedGLCalls: [String] { gate.violations }
}
