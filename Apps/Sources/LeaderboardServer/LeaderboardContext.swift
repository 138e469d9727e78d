// LeaderboardContext: the request context the routes see: Hummingbird's core storage plus the client's address,
// which the rate limits key on (IPv4: the address; IPv6: its /64, what one subscriber usually holds).

import EmbeddedServer
import Hummingbird
import NIOCore

/// A request's context: parameters, logger, and the address it came from.
public struct LeaderboardContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection (nil if the socket did not say).
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The key the per-address limits use.
    var clientKey: String { Self.clientKey(remoteAddress) }

    static func clientKey(_ address: SocketAddress?) -> String { ClientAddress.key(address) }
}
