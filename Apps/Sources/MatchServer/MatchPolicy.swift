// MatchPolicy: the match server's limits and deadlines (Assets/match-protocol.md and Docs/Multiplayer.md say what a
// client sees of each). The defaults are a public server's; tests shorten the deadlines, and the embedded servers of
// replays and desktop matches (every player on loopback) let one address take every seat.

/// The match server's limits. Tests shorten the timeouts.
public struct MatchPolicy: Sendable {
    /// Seconds a connection may stay silent (no message, not even `ping`) before it is dropped (`timedOut`).
    public var idleTimeout: Double = 5
    /// How often the idle check runs, in seconds.
    public var watchInterval: Double = 0.1
    public var maximumPlayersPerMatch = 8
    public var maximumMatches = 1024
    /// The most WebSocket connections at once. When they are all open, a new one closes the connection that has
    /// waited longest outside a match (`full`) rather than be refused, so that connections which never join cannot
    /// keep a player out.
    public var maximumConnections = 4096
    /// Connections one client may hold at once, counted by its address (IPv4 /32, IPv6 /64: `ClientAddress`), so
    /// that one client cannot take every slot; and one network (IPv4 /24, IPv6 /48), so that many addresses of one
    /// network cannot either.
    public var maximumConnectionsPerAddress = 64
    public var maximumConnectionsPerNetwork = 1024
    /// Seconds a new connection has to say `hello`, and then to join a match (after `hello`, or after a `leave`);
    /// `ping` extends neither, so a connection that never joins holds its slot for these seconds only.
    public var helloTimeout: Double = 5
    public var joinTimeout: Double = 5
    /// Seconds a TCP connection has to complete its WebSocket upgrade (a silent or trickled request head is closed
    /// then), and the most connections waiting for theirs at once, in all and from one client (`UpgradeGate`).
    public var upgradeTimeout: Double = 5
    public var maximumWaitingUpgrades = 512
    public var maximumWaitingUpgradesPerAddress = 32
    /// The largest request head the upgrade may send: all its header fields together, one field, and how many (a
    /// browser's or the game's upgrade is well under 2 KiB and 16 fields); a larger head is refused and closed.
    public var maximumHeaderBytes = 8192
    public var maximumHeaderFieldBytes = 4096
    public var maximumHeaderFields = 32
    /// Joins one connection may make (a re-join after a call is a new connection).
    public var maximumJoinsPerConnection = 8
    /// Seats one client (by address) may hold in a level's default matches, and named rooms it may have opened at
    /// once: so that one client cannot fill the matches a game joins by default, nor every match slot.
    public var maximumDefaultSeatsPerAddress = 4
    public var maximumRoomsPerAddress = 16
    /// The same for one network (IPv4 /24, IPv6 /48): seats in a level's default matches, and matches it has opened
    /// that are still open (named rooms and default matches alike), so that a few networks cannot fill the server's
    /// `maximumMatches` (17 of them opening 61 each once did).
    public var maximumDefaultSeatsPerNetwork = 16
    public var maximumMatchesPerNetwork = 32
    /// Messages per second a connection may send on average (a game's 30 states a second, its other messages,
    /// pings, and WebSocket ping and pong frames), and in a burst.
    public var messagesPerSecond = 120.0
    public var messageBurst = 240.0
    /// Seconds a connection refused for its frames (a ping flood, an unmasked frame) may take to close its end after
    /// the server has sent its error, a close frame and a FIN; its bytes are read and dropped meanwhile.
    public var closeLinger = 0.5
    /// Messages waiting for a slow reader before it is dropped.
    public var outboxLimit = 1024

    public init() {}

    /// A replay's or a simulation's server: the server's own limits, except the message rate, since a replay runs
    /// many times faster than real time (its scripted peers send 30 states per virtual second), and the per-address
    /// seats, since every player of a replay is on loopback.
    public static var replay: MatchPolicy {
        var policy = MatchPolicy()
        policy.messagesPerSecond = 1e9
        policy.messageBurst = 1e9
        policy.maximumDefaultSeatsPerAddress = policy.maximumPlayersPerMatch
        return policy
    }
}
