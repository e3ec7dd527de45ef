import NIOSSL
import RKDebugCLI

/// The TLS of `rkdebug serve --tls-certificate FILE --tls-key FILE`: the server's certificate
/// chain and private key, read from PEM files and checked against each other before the
/// collector listens, so that a wrong file fails at start with one line, not at each handshake.
struct CollectorTLS {
  let configuration: TLSConfiguration

  /// Reads the chain and the key; throws an ``RKDebugError`` naming the file at fault.
  init(certificateFile: String, keyFile: String) throws {
    let chain = try Self.certificates(
      inPEMFile: certificateFile, description: "the TLS certificate")
    let key: NIOSSLPrivateKey
    do {
      let text = try SmallTextFile.read(keyFile, description: "the TLS key")
      key = try NIOSSLPrivateKey(bytes: Array(text.utf8), format: .pem)
    } catch let error as RKDebugError {
      throw error
    } catch {
      throw RKDebugError(
        "the TLS key \(keyFile) is not an unencrypted PEM private key ('BEGIN PRIVATE KEY')")
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    configuration.minimumTLSVersion = .tlsv12
    do {
      // Making a context is where BoringSSL checks that the key is the certificate's.
      _ = try NIOSSLContext(configuration: configuration)
    } catch {
      throw RKDebugError(
        "the TLS key \(keyFile) is not the key of the certificate \(certificateFile)")
    }
    self.configuration = configuration
  }

  /// The certificates of a PEM file (`description` names it in messages): at least one.
  static func certificates(
    inPEMFile path: String, description: String
  ) throws -> [NIOSSLCertificate] {
    let text = try SmallTextFile.read(path, description: description)
    let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(text.utf8))
    guard let certificates, !certificates.isEmpty else {
      throw RKDebugError(
        "\(description) \(path) holds no PEM certificate ('BEGIN CERTIFICATE') that parses")
    }
    return certificates
  }
}
