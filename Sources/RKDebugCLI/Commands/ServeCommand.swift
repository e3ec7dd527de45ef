import ArgumentParser
import Foundation
import RKDebugCollector
import RKDebugInspector
import ReducerKitDebug

struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Collect sessions over HTTP into PostgreSQL, from apps, CI and 'rkdebug push'.",
    discussion: """
      Listens on 127.0.0.1 (or --host), over HTTPS with --tls-certificate and --tls-key, \
      and stores the batches of sessions it is sent in the \
      PostgreSQL database --database names, creating and migrating its schema first. Every \
      request needs a token of the --tokens file ('Authorization: Bearer TOKEN'): a push \
      token sends sessions (POST /v1/batches), a read token lists, fetches and searches them \
      (GET /v1/sessions, GET /v1/sessions/UUID/export, GET /v1/find). Sending a batch twice stores it once. \
      docs/collector.md describes the API, the schema and the file of tokens.
      """
  )

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The PostgreSQL database, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.",
      discussion: "Defaults to $RKDEBUG_COLLECTOR_DATABASE.",
      valueName: "url"))
  var database: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The file of tokens, one 'SCOPES TOKEN' a line (push, read or push,read).",
      discussion: """
        Defaults to $RKDEBUG_COLLECTOR_TOKENS. Tokens are never taken on the command line, \
        where other users of the machine could read them.
        """,
      valueName: "file"))
  var tokens: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The port to listen on; 0 (the default) picks a free one.", valueName: "port"))
  var port: Int = 0

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The address to listen on. Defaults to 127.0.0.1.",
      discussion: "Anything but a loopback address sends tokens in clear text: rkdebug warns.",
      valueName: "host"))
  var host: String = "127.0.0.1"

  @Option(
    name: .long,
    help: ArgumentHelp("The largest batch accepted, in bytes.", valueName: "bytes"))
  var maxBatchBytes: Int = 16 << 20

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A PEM file of the server's certificate chain: serve HTTPS only (with --tls-key).",
      valueName: "file"))
  var tlsCertificate: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The PEM file of the certificate's private key (unencrypted).", valueName: "file"))
  var tlsKey: String?

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port \(port) is not a port; use 0...65535 (0 picks a free one)")
    }
    guard maxBatchBytes >= 1024 else {
      throw ValidationError("--max-batch-bytes must be at least 1024")
    }
    guard (tlsCertificate == nil) == (tlsKey == nil) else {
      throw ValidationError("give --tls-certificate and --tls-key together, or neither")
    }
  }

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    guard let database = database ?? environment["RKDEBUG_COLLECTOR_DATABASE"] else {
      throw RKDebugError(
        "name the PostgreSQL database with --database postgres://USER@HOST:PORT/DATABASE "
          + "(or $RKDEBUG_COLLECTOR_DATABASE)")
    }
    guard let tokensPath = tokens ?? environment["RKDEBUG_COLLECTOR_TOKENS"] else {
      throw RKDebugError(
        "name the file of tokens with --tokens FILE (or $RKDEBUG_COLLECTOR_TOKENS): "
          + "a collector answers no request without a token")
    }
    let tokens: CollectorTokens
    do {
      tokens = try CollectorTokens(
        parsing: try SmallTextFile.read(tokensPath, description: "the tokens file"),
        source: tokensPath)
    } catch let error as CollectorTokensError {
      throw RKDebugError(error.description)
    }
    let tls = try tlsCertificate.map { certificate in
      try CollectorTLS(certificateFile: certificate, keyFile: tlsKey ?? "")
    }
    let store: CollectorStore
    do {
      store = try await CollectorStore.connect(url: database)
      try await store.migrate()
    } catch let error as CollectorError {
      throw RKDebugError(error.description)
    } catch {
      throw RKDebugError("cannot open the database: \(String(reflecting: error))")
    }
    if tls == nil, !InspectorServer.isLoopback(host) {
      print(
        "rkdebug: warning: listening on \(host), not a loopback address, without TLS: tokens "
          + "and sessions cross the network in clear text (give --tls-certificate and "
          + "--tls-key)", to: &StandardError.stream)
    }
    let server = CollectorServer(
      store: store, tokens: tokens, host: host, port: port, maximumBatchBytes: maxBatchBytes,
      tls: tls)
    try await server.run { url in
      print("rkdebug serve: collecting at \(url)")
      fflush(nil)
    }
  }
}
