import Foundation

/// One HTTP/1.1 exchange of raw bytes over a plain socket: for requests no client library
/// sends (text that is not UTF-8, malformed chunked bodies), and to see whether the server
/// closes the connection after its answer.
///
/// The blocking socket calls run on a thread of their own: on the two threads of Swift's
/// cooperative pool here, two tests blocked in `recv` would starve the in-process servers they
/// wait for.
enum RawSocket {
  /// What came back: the status of the first answer (0 when none came), its body, all the
  /// bytes read, and whether the server closed the connection within the wait.
  struct Answer {
    var status: Int
    var body: String
    var text: String
    var closed: Bool
  }

  /// Sends `bytes` to 127.0.0.1:`port`, then reads until the server closes the connection or
  /// sends nothing for `wait` seconds.
  static func exchange(port: Int, bytes: [UInt8], wait: Int = 60) async throws -> Answer {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result { try blockingExchange(port: port, bytes: bytes, wait: wait) })
      }.start()
    }
  }

  /// A request of `method` and `path` with the bearer `token`, `headers` and `body`, its
  /// `Content-Length` counted unless `headers` sets `Transfer-Encoding`.
  static func request(
    _ method: String, _ path: String, port: Int, token: String, headers: [String] = [],
    body: [UInt8] = []
  ) -> [UInt8] {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
    head += "Authorization: Bearer \(token)\r\n"
    for header in headers { head += header + "\r\n" }
    if !headers.contains(where: { $0.lowercased().hasPrefix("transfer-encoding:") }) {
      head += "Content-Length: \(body.count)\r\n"
    }
    return Array((head + "\r\n").utf8) + body
  }

  private static func blockingExchange(port: Int, bytes: [UInt8], wait: Int) throws -> Answer {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var timeout = timeval(tv_sec: wait, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
      // The server may answer and close before it reads everything: that is an answer.
      guard count > 0 else { break }
      sent += count
    }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var closed = false
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
      if count <= 0 {
        closed = true
        break
      }
      response += buffer[0..<count]
    }
    let text = String(decoding: response, as: UTF8.self)
    let fields = text.split(separator: " ", maxSplits: 2)
    let status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
    var body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
    // A chunked answer (the find route's) is not unwrapped; the others have a length.
    if let length = text.range(of: "\r\ncontent-length: ", options: .caseInsensitive)
      .flatMap({ range in Int(text[range.upperBound...].prefix { $0.isNumber }) }),
      body.utf8.count > length
    {
      body = String(decoding: Array(body.utf8.prefix(length)), as: UTF8.self)
    }
    return Answer(status: status, body: body, text: text, closed: closed)
  }
}
