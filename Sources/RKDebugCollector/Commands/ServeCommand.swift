import ArgumentParser
import Foundation
import RKDebugCLI
import RKDebugInspector
import ReducerKitDebug

struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Collect sessions over HTTP into PostgreSQL or a log file.",
    discussion: """
      Listens on 127.0.0.1 (or --host), over HTTPS with --tls-certificate and --tls-key, \
      and stores the batches of sessions it is sent in the \
      PostgreSQL database --database names, creating and migrating its schema first, or, \
      without one, in the log file --db names, which every rkdebug command reads. Every \
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
      discussion: """
        Defaults to $RKDEBUG_COLLECTOR_DATABASE; without either, sessions go into a log file \
        (--db).
        """,
      valueName: "url"))
  var database: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The log file to store sessions in when there is no database.",
      discussion: "Defaults to $RKDEBUG_DB, then ./rkdebug.sqlite; created if missing.",
      valueName: "path"))
  var db: String?

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

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Accept a tokens file that users other than its owner can write.",
      discussion: """
        Without it, serve refuses such a file (as ssh refuses such a key): whoever can write \
        it can give themselves a token.
        """))
  var allowWritableTokens = false

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
    if database != nil, db != nil {
      throw ValidationError("give --database (PostgreSQL) or --db (a log file), not both")
    }
    if db?.isEmpty == true { throw ValidationError("--db needs the path of a log file") }
    guard (tlsCertificate == nil) == (tlsKey == nil) else {
      throw ValidationError("give --tls-certificate and --tls-key together, or neither")
    }
  }

  /// The PostgreSQL database `--database` (or `$RKDEBUG_COLLECTOR_DATABASE`) names, migrated;
  /// else the log `--db` names.
  func openStore(environment: [String: String]) async throws -> any CollectorStorage {
    let named = environment["RKDEBUG_COLLECTOR_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    guard let database = database ?? named else {
      let path = LogOptions.logPath(db: db)
      if LogOptions.isCollectorURL(path) {
        throw RKDebugError(
          "serve stores sessions in a log file or a PostgreSQL database, not in the collector "
            + "at \(path); give --db PATH or --database postgres://USER@HOST:PORT/DATABASE")
      }
      return try LogCollectorStorage(path: path)
    }
    do {
      let store = try await CollectorStore.connect(url: database)
      try await store.migrate()
      return store
    } catch let error as CollectorError {
      throw RKDebugError(error.description)
    } catch {
      throw RKDebugError("cannot open the database: \(String(reflecting: error))")
    }
  }

  /// Throws unless only its owner can write the regular file at `path` (or what it links to):
  /// whoever else can write a tokens file can give themselves a token. Anything else (no file,
  /// a device, a FIFO) is left to the reading, which says what is wrong with it.
  static func refuseWritableByOthers(_ path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    let mode = status.st_mode & 0o777
    guard mode & 0o022 == 0 else {
      let who = mode & 0o002 != 0 ? "anyone" : "its group"
      throw RKDebugError(
        "the tokens file \(path) can be written by \(who) (mode \(String(format: "%04o", mode))):"
          + " whoever can write it can give themselves a token; run 'chmod go-w \(path)' (or "
          + "give --allow-writable-tokens)")
    }
  }

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    guard let tokensPath = tokens ?? environment["RKDEBUG_COLLECTOR_TOKENS"] else {
      throw RKDebugError(
        "name the file of tokens with --tokens FILE (or $RKDEBUG_COLLECTOR_TOKENS): "
          + "a collector answers no request without a token")
    }
    if !allowWritableTokens { try Self.refuseWritableByOthers(tokensPath) }
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
    let store = try await openStore(environment: environment)
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
