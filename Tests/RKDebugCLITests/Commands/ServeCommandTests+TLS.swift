import Foundation
import Testing

/// `rkdebug serve --tls-certificate --tls-key`, and the collector's clients over HTTPS.
extension ServeCommandTests {
  /// A self-signed certificate for 127.0.0.1, which is its own authority, made with openssl:
  /// the paths of the certificate and of its key.
  static func selfSignedCertificate(
    in directory: TemporaryDirectory, named name: String = "server"
  ) throws -> (certificate: String, key: String) {
    let certificate = directory.path("\(name).pem")
    let key = directory.path("\(name)-key.pem")
    _ = try shell([
      "-c",
      "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 "
        + "-subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 "
        + "-keyout '\(key)' -out '\(certificate)' 2>/dev/null",
    ])
    return (certificate, key)
  }

  @Test func overTLSTheCollectorAnswersHTTPSOnlyAndItsClientsTrustTheAuthorityTheyAreGiven()
    async throws
  {
    let keys = try TemporaryDirectory()
    let (certificate, key) = try Self.selfSignedCertificate(in: keys)
    guard
      let collector = try await Collector(
        extraArguments: ["--tls-certificate", certificate, "--tls-key", key])
    else { return }
    defer { collector.server.process.terminate() }
    #expect(collector.url == "https://127.0.0.1:\(collector.port)")

    // Trusting the certificate's authority, push and pull go through, byte for byte.
    let trusting = ["RKDEBUG_CA_FILE": certificate]
    let push = try RKDebugProcess.run(
      ["push", "--db", collector.log, "--to", collector.url],
      environment: trusting.merging(["RKDEBUG_TOKEN": Self.pushToken]) { $1 })
    #expect(push.status == 0, "\(push.stderr)")
    #expect(push.stdout.hasSuffix(": 352 actions, 352 new to the collector\n"), "\(push.stdout)")
    let uuid = try #require(
      try RKDebugProcess.run(["sessions", "--db", collector.log, "--json"]).stdout
        .firstMatch(of: /"uuid":"([0-9A-F-]+)"/)?.1)
    let pulled = collector.directory.path("pulled.sqlite")
    let pull = try RKDebugProcess.run(
      ["pull", "--db", pulled, collector.url, String(uuid)],
      environment: trusting.merging(["RKDEBUG_TOKEN": Self.readToken]) { $1 })
    #expect(pull.status == 0, "\(pull.stderr)")
    let original = try RKDebugProcess.run(["export", "--db", collector.log]).stdout
    #expect(!original.isEmpty)
    #expect(try RKDebugProcess.run(["export", "--db", pulled]).stdout == original)

    // A client that does not trust it stops at the handshake, at once, with one line.
    let untrusting = try RKDebugProcess.run(
      ["sessions", "--db", collector.url], environment: ["RKDEBUG_TOKEN": Self.readToken],
      unsetting: ["RKDEBUG_CA_FILE"])
    #expect(untrusting.status == 1)
    #expect(
      untrusting.stderrLines == [
        "rkdebug: error: cannot reach the collector at \(collector.url): the TLS handshake "
          + "failed (CERTIFICATE_VERIFY_FAILED); for a certificate of your own authority, name "
          + "that authority's PEM file in $RKDEBUG_CA_FILE"
      ])
    // Another authority's certificate is no better.
    let (other, _) = try Self.selfSignedCertificate(in: keys, named: "other")
    let wrongAuthority = try RKDebugProcess.run(
      ["sessions", "--db", collector.url],
      environment: ["RKDEBUG_TOKEN": Self.readToken, "RKDEBUG_CA_FILE": other])
    #expect(wrongAuthority.status == 1)
    #expect(wrongAuthority.stderr.contains("(CERTIFICATE_VERIFY_FAILED)"))

    // Plain HTTP on the TLS port gets no HTTP answer, and no session.
    let plain = try? await RawHTTP.exchange(
      port: collector.port,
      request: "GET /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
        + "\(Self.readToken)\r\nConnection: close\r\n\r\n")
    #expect(!(plain ?? "").hasPrefix("HTTP/"))
    #expect(!(plain ?? "").contains(String(uuid)))
  }

  @Test func aCertificateOrKeyThatIsNotOneStopsTheCollectorWithOneLine() throws {
    let directory = try TemporaryDirectory()
    let (certificate, key) = try Self.selfSignedCertificate(in: directory)
    let (_, otherKey) = try Self.selfSignedCertificate(in: directory, named: "other")
    let tokens = try directory.write("push,read 0123456789abcdef0123\n", to: "tokens")
    let garbage = try directory.write("not a certificate\n", to: "garbage.pem")
    let empty = try directory.write("", to: "empty.pem")
    func serve(_ certificate: String, _ key: String) throws -> ProcessResult {
      // The database is never reached: the certificate and key are read first.
      try RKDebugProcess.run([
        "serve", "--database", "postgres://postgres@127.0.0.1:1/x", "--tokens", tokens,
        "--tls-certificate", certificate, "--tls-key", key,
      ])
    }
    let noCertificate = "holds no PEM certificate ('BEGIN CERTIFICATE') that parses"
    for (result, expected) in [
      (try serve(empty, key), "the TLS certificate \(empty) \(noCertificate)"),
      (try serve(garbage, key), "the TLS certificate \(garbage) \(noCertificate)"),
      (try serve("/dev/zero", key), "the TLS certificate /dev/zero is not a regular file"),
      (
        try serve(certificate, directory.path("missing")),
        "cannot read the TLS key \(directory.path("missing"))"
      ),
      (
        try serve(certificate, garbage),
        "the TLS key \(garbage) is not an unencrypted PEM private key ('BEGIN PRIVATE KEY')"
      ),
      (
        try serve(certificate, otherKey),
        "the TLS key \(otherKey) is not the key of the certificate \(certificate)"
      ),
    ] {
      #expect(result.status == 1)
      #expect(result.stderrLines == ["rkdebug: error: \(expected)"])
    }
    expectUsageError(
      ["serve", "--tls-certificate", certificate],
      "give --tls-certificate and --tls-key together, or neither (see 'rkdebug help serve')")

    // A client's authority file is read as carefully.
    for (file, expected) in [
      (garbage, "$RKDEBUG_CA_FILE \(garbage) \(noCertificate)"),
      ("/dev/zero", "$RKDEBUG_CA_FILE /dev/zero is not a regular file"),
    ] {
      let push = try RKDebugProcess.run(
        ["push", "--to", "https://127.0.0.1:1"],
        environment: ["RKDEBUG_TOKEN": "0123456789abcdef0123", "RKDEBUG_CA_FILE": file])
      #expect(push.status == 1)
      #expect(push.stderrLines == ["rkdebug: error: \(expected)"])
    }
  }
}
