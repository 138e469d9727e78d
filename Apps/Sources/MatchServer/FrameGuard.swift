// FrameGuard: reads every byte a client sends after its upgrade request, before NIO's WebSocket frame decoder, and
// follows the frame headers in it (2 to 14 bytes, then the payload it skips), keeping its place across reads and
// across the upgrade (a frame pipelined with the request, or split anywhere across its end). Two rules the
// WebSocket layer does not keep: a client frame without a mask closes the connection with 1002 (RFC 6455 §5.1), and
// each ping or pong frame takes a message's token from the connection's MessageRate (the WebSocket layer answers
// pings itself, so a ping flood would otherwise cost the server a core unmetered). Nothing of the refused frame, or
// of anything after it, is passed on: the rest is read and dropped unparsed until the connection ends, and that end
// lingers (`linger`) so that the client receives what was written to it. Assets/match-protocol.md, "Transport" and
// "Limits".
//
// Where it sits: MatchServer adds it while the upgrade is decided (`shouldUpgrade`), at the end of the pipeline, after
// NIO's upgrade handler; the WebSocket handlers are added after it. The upgrade handler passes nothing on until the
// upgrade is done and then replays the bytes the HTTP decoder had read past the request's end, so the first byte
// this handler sees is the first byte after the upgrade request, wherever the reads fell.

import NIOCore

final class FrameGuard: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer  // writes pass through untouched; only `close` is intercepted

    let rate: MessageRate
    let lingerTime: TimeAmount  // the longest a refused connection's close waits for the client to close its end
    private var header: [UInt8] = []  // the current frame's header read so far
    private var payloadLeft: UInt64 = 0  // bytes of the current frame's payload still to come
    private var isRefused = false  // a frame was refused: nothing more is passed on
    private var isLingering = false  // the refused connection's output is closed; its full close is due

    init(rate: MessageRate, linger seconds: Double) {
        self.rate = rate
        lingerTime = .nanoseconds(Int64(seconds * 1e9))
    }

    /// What a frame header says once complete enough to decide.
    enum Header: Equatable {
        case incomplete
        case unmasked
        case frame(opcode: UInt8, payload: UInt64)
    }

    /// Reads `header` (the bytes of one frame's header so far): unmasked as soon as its second byte says so, else
    /// the opcode and payload length once its extended length and mask key are in.
    static func read(_ header: [UInt8]) -> Header {
        guard header.count >= 2 else { return .incomplete }
        guard header[1] & 0x80 != 0 else { return .unmasked }
        let short = UInt64(header[1] & 0x7F)
        let extended = short == 126 ? 2 : short == 127 ? 8 : 0
        guard header.count == 2 + extended + 4 else { return .incomplete }
        let length = extended == 0 ? short : header[2..<2 + extended].reduce(0) { $0 << 8 | UInt64($1) }
        return .frame(opcode: header[0] & 0x0F, payload: length)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isRefused else { return }  // after a refusal, read and dropped unparsed: the socket never fills
        var buffer = unwrapInboundIn(data)
        let bytes = buffer.readableBytesView
        var index = bytes.startIndex
        var frameStart = bytes.startIndex  // where the current frame began in this read (its start if earlier)
        while index < bytes.endIndex {
            if payloadLeft > 0 {
                let skipped = min(UInt64(bytes.endIndex - index), payloadLeft)
                index += Int(skipped)
                payloadLeft -= skipped
                continue
            }
            if header.isEmpty { frameStart = index }
            header.append(bytes[index])
            index += 1
            switch Self.read(header) {
            case .incomplete:
                continue
            case .unmasked:
                return refuse(context, passing: buffer.readSlice(length: frameStart - bytes.startIndex), close: 1002)
            case .frame(let opcode, let payload):
                // 0x9 ping, 0xA pong: a message each. A close frame (0x8) is not counted: it ends the connection.
                if opcode == 0x9 || opcode == 0xA, !rate.takeControlFrame() {
                    return refuse(context, passing: buffer.readSlice(length: frameStart - bytes.startIndex), close: nil)
                }
                header = []
                payloadLeft = payload
            }
        }
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// Passes on the frames before the refused one, and stops passing anything on (the reads go on, dropped). An
    /// unmasked frame is answered with a close frame (`close`: 1002) and the connection closed at once; for a ping
    /// over the budget the connection's watcher (MatchHub.check) sends the `rate` error and closes it. Either close
    /// lingers (`close(context:mode:promise:)`).
    private func refuse(_ context: ChannelHandlerContext, passing before: ByteBuffer?, close code: UInt16?) {
        isRefused = true
        if let before, before.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(before)) }
        guard let code else { return }
        var close = context.channel.allocator.buffer(capacity: 4)
        close.writeBytes([0x88, 0x02, UInt8(code >> 8), UInt8(code & 0xFF)])  // FIN + close, 2 bytes: the code
        context.writeAndFlush(NIOAny(close), promise: nil)
        linger(context)
    }

    /// A refused connection's close lingers. Closing a socket whose receive buffer holds unread bytes (a flooder's)
    /// makes the kernel send RST and drop what it has not yet sent, so the client lost its `rate` error and close
    /// frame under load, or saw ECONNRESET first.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard isRefused, mode == .all, !isLingering else { return context.close(mode: mode, promise: promise) }
        context.channel.closeFuture.cascade(to: promise)
        linger(context)
    }

    /// Closes the output once the pending writes are out (the client reads them, then a FIN), goes on reading and
    /// dropping, and closes fully when the client closes its end or `lingerTime` has passed, whichever is first.
    private func linger(_ context: ChannelHandlerContext) {
        guard !isLingering else { return }
        isLingering = true
        context.close(mode: .output, promise: nil)
        let loop = context.eventLoop.assumeIsolated()
        let deadline = loop.scheduleTask(in: lingerTime) { context.close(mode: .all, promise: nil) }
        context.channel.closeFuture.hop(to: context.eventLoop).assumeIsolated().whenComplete { _ in deadline.cancel() }
    }
}
