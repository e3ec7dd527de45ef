import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// The HTTP client `push`, `pull` and `--db URL` reads share: swift-nio's, which waits for a
/// busy collector without using the CPU, and speaks TLS with BoringSSL.
///
/// It trusts the system's certificate authorities and, when `$RKDEBUG_CA_FILE` names a PEM
/// file, that file's as well: a team's collector with a certificate of its own authority.
enum CollectorHTTP {
  /// The process's client, made at first use and kept until the process exits.
  static func client() throws -> HTTPClient {
    try shared.get()
  }

  private static let shared = Result<HTTPClient, any Error> {
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.minimumTLSVersion = .tlsv12
    if let path = ProcessInfo.processInfo.environment["RKDEBUG_CA_FILE"], !path.isEmpty {
      let authorities = try CollectorTLS.certificates(
        inPEMFile: path, description: "$RKDEBUG_CA_FILE")
      tls.additionalTrustRoots = [.certificates(authorities)]
    }
    // `read` is the longest silence of a connection: a collector that many uploads keep busy
    // answers within it; one that stopped is given up on, and the request sent again.
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls, redirectConfiguration: .disallow,
      timeout: .init(connect: .seconds(10), read: .seconds(120)))
    // A refused connection or a failed handshake fails its request at once: the collector's
    // client decides what to send again, and a certificate it does not trust is never retried.
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }
}
