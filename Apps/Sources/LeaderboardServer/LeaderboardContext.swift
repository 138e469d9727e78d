// LeaderboardContext: the request context the routes see: Hummingbird's core storage plus the client's address,
// which the rate limits key on (IPv4: the address; IPv6: its /64, what one subscriber usually holds).

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

    static func clientKey(_ address: SocketAddress?) -> String {
        switch address {
        case .v4(let address)?:
            return address.host
        case .v6(let address)?:
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            // An IPv4 client on a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
            if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return bytes[12...].map { String($0) }.joined(separator: ".")
            }
            return bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
        case .unixDomainSocket?, nil:
            return "local"
        }
    }
}
