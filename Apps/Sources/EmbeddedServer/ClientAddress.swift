// ClientAddress: the key a server's per-client limits count by, shared by the leaderboard and the match server: an
// IPv4 address itself (/32), an IPv6 client by its /64 (one host usually holds a whole /64, so counting single
// addresses would let it open connections without bound), an IPv4 client on a dual-stack socket as its IPv4 address;
// and the key of its network (/24, /48) for limits on many clients of one network at once.

import NIOCore

/// The key per-client limits count by.
public enum ClientAddress {
    /// `address` as a limit's key: `a.b.c.d`, `x:x:x:x::/64`, or `local` (a Unix socket, or no address).
    public static func key(_ address: SocketAddress?) -> String {
        switch address {
        case .v4(let address)?:
            // From the address's bytes: `host` is empty for an address made from an IP rather than accepted.
            return withUnsafeBytes(of: address.address.sin_addr) { $0.map { String($0) } }.joined(separator: ".")
        case .v6(let address)?:
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            // An IPv4 client on a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
            if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return bytes[12...].map { String($0) }.joined(separator: ".")
            }
            return groups(bytes.prefix(8)) + "::/64"
        case .unixDomainSocket?, nil:
            return "local"
        }
    }

    /// The network `address` is in, as a limit's key for many clients at once (a distributed slowloris from one
    /// network): IPv4 by its /24 (`a.b.c.0/24`), IPv6 by its /48, an IPv4 client on a dual-stack socket by its /24.
    public static func network(_ address: SocketAddress?) -> String {
        switch address {
        case .v4(let address)?:
            return withUnsafeBytes(of: address.address.sin_addr) { $0.prefix(3).map { String($0) } }
                .joined(separator: ".") + ".0/24"
        case .v6(let address)?:
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return bytes[12..<15].map { String($0) }.joined(separator: ".") + ".0/24"
            }
            return groups(bytes.prefix(6)) + "::/48"
        case .unixDomainSocket?, nil:
            return "local"
        }
    }

    /// IPv6 address bytes as their 16-bit groups in hex, as an address is written (`2001:db8:7`).
    private static func groups(_ bytes: ArraySlice<UInt8>) -> String {
        stride(from: bytes.startIndex, to: bytes.endIndex, by: 2)
            .map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}
