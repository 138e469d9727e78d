// DataProtectedStoreTests: iOS data protection at the store, driven alone (no runtime), and through a replay: while
// the protected data is unavailable a save draws `storage.protectedData.unavailable` and, when it fires, fails with
// EPERM and writes nothing; while available the point is never reached (CONTRACT §6).

import Faults
import GameCore
import Lifecycle
import Replay
import Runtime
import Saves
import Testing

@Suite struct DataProtectedStoreTests {
    func store(arming point: FaultPoint? = nil) -> (DataProtectedStore, InMemorySnapshotStore) {
        let injector = FaultInjector(seed: 1, enabled: [])
        if let point { injector.arm(point) }
        let disk = InMemorySnapshotStore()
        return (DataProtectedStore(wrapping: disk, injector: injector), disk)
    }

    @Test func anUnlockedDeviceNeverReachesThePoint() throws {
        let (store, disk) = store(arming: .protectedDataUnavailable)
        try store.save([1])
        #expect(disk.bytes == [1])
        #expect(store.injector.reached[.protectedDataUnavailable] == nil)
    }

    @Test func aLockedDeviceRefusesTheSaveWhenThePointFires() throws {
        let (store, disk) = store(arming: .protectedDataUnavailable)
        store.protectedData(isAvailable: false)
        #expect(throws: ProtectedDataUnavailable.self) { try store.save([1]) }
        #expect(disk.bytes == nil, "nothing written")
        try store.save([2])  // the armed point fired once; the next save goes through
        #expect(disk.bytes == [2])
        store.protectedData(isAvailable: true)
        #expect(store.isAvailable)
    }

    @Test func aReplayLocksTheStoreOnceTheNoticesWorkIsDone() throws {
        let source = """
            interlude-script 1
            profile ios26
            seed 3
            at 0s launched
            at 1s lockPressed
            at 1s fault storage.protectedData.unavailable
            at 1001ms switcherKilled
            """
        let script = try ScriptParser.parse(source, file: "locked.script", as: GameAction.self)
        let disk = InMemorySnapshotStore()
        let result = ScriptRunner.run(
            script, snapshots: disk, faults: FaultInjector(seed: 3, enabled: []), game: { Game(seed: $0) })
        let text = result.transcript
        // The lock's own event still writes (its saves are the app's last chance); the next save is refused.
        #expect(text.contains("\"detail\":\"full #2\""), "the lock's event saved:\n\(text)")
        #expect(text.contains("\"detail\":\"final failed\""), "the save while locked failed:\n\(text)")
        #expect(disk.saveCount == 2, "the refused save wrote nothing")
        #expect(text.contains("EPERM: the device is locked"), "reported as invariant 5:\n\(text)")
    }
}
