import ReducerKitHTTP
import Synchronization

/// The `Host` values the inspector answers: the name it was bound to, with the loopback names
/// when that is a loopback address, and the port once the server knows it.
final class AllowedHosts: Sendable {
  private let names: Set<String>
  private let boundPort = Mutex<Int?>(nil)
  /// The host to name in an error: the one the server was bound to.
  let primary: String

  init(boundHost: String) {
    let lowercased = boundHost.lowercased()
    // An IPv6 address is written in brackets in `Host`: `[::1]:8080`.
    let host = URLHost.bracketed(lowercased)
    let loopback = ["127.0.0.1", "localhost", "[::1]"]
    names = Set([host] + (loopback.contains(host) ? loopback : []))
    primary = host
  }

  /// Records the port the server listens on: from then on, a port in `Host` must match it.
  func listening(on port: Int) { boundPort.withLock { $0 = port } }

  /// Whether `host` (`name`, `name:port`, `[v6]` or `[v6]:port`) is this server.
  func allows(_ host: String) -> Bool {
    let host = host.lowercased()
    let name: Substring
    let portText: Substring?
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      name = host[...close]
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || rest.hasPrefix(":") else { return false }
      portText = rest.isEmpty ? nil : rest.dropFirst()
    } else if let colon = host.firstIndex(of: ":") {
      name = host[..<colon]
      portText = host[host.index(after: colon)...]
    } else {
      name = Substring(host)
      portText = nil
    }
    guard names.contains(String(name)) else { return false }
    guard let portText else { return true }
    guard let port = Int(portText) else { return false }
    return boundPort.withLock { $0.map { $0 == port } ?? true }
  }
}
