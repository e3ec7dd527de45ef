import Foundation
import ReducerKitTestSupport
import Testing

/// What a holder of a token may send that no honest client does (issue 42): values no store
/// can hold, text that is not UTF-8 or holds NUL, malformed chunked bodies, tokens with
/// control characters. The collector answers each with a 4xx, stores nothing of it, and
/// stays up; reads never fail because of another session.
extension ServeCommandTests {
  /// The lines of the fixture's export: the session line, then actions and effects.
  static func exportLines(of collector: Collector) throws -> [String] {
    let export = try RKDebugProcess.run(["export", "--db", collector.log])
    #expect(export.status == 0, "\(export.stderr)")
    return export.stdout.split(separator: "\n").map(String.init)
  }

  /// `line` with the value of its first member `name` (a number, a string or null) replaced
  /// by `value`, JSON text as it is sent.
  static func replacing(_ name: String, in line: String, with value: String) -> String {
    let pattern = "\"\(name)\":(-?[0-9][0-9.eE+-]*|\"(?:[^\"\\\\]|\\\\.)*\"|null)"
    let expression = try! NSRegularExpression(pattern: pattern)
    let whole = NSRange(line.startIndex..., in: line)
    guard let match = expression.firstMatch(in: line, range: whole),
      let range = Range(match.range, in: line)
    else {
      Issue.record("no member \(name) in \(line.prefix(80))")
      return line
    }
    return line.replacingCharacters(in: range, with: "\"\(name)\":\(value)")
  }

  /// The `error` of a JSON answer, or its whole body.
  static func message(_ answer: RawSocket.Answer) -> String {
    let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))
    return (object as? [String: Any])?["error"] as? String ?? answer.body
  }

  /// POSTs `body` as a batch, closing the connection after the answer.
  static func postBatch(_ body: [UInt8], port: Int) async throws -> RawSocket.Answer {
    try await RawSocket.exchange(
      port: port,
      bytes: RawSocket.request(
        "POST", "/v1/batches", port: port, token: pushToken, headers: ["Connection: close"],
        body: body))
  }

  /// A GET with the read token, closing the connection after the answer.
  static func get(_ path: String, port: Int) async throws -> RawSocket.Answer {
    try await RawSocket.exchange(
      port: port,
      bytes: RawSocket.request(
        "GET", path, port: port, token: readToken, headers: ["Connection: close"]))
  }

  @Test(arguments: Collector.Storage.allCases)
  func aValueNoStoreHoldsIsA422NamingItAndTheCollectorStaysUp(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let lines = try Self.exportLines(of: collector)
    let header = lines[0]
    let effect = try #require(lines.firstIndex { $0.contains(#""type":"effect""#) })
    // The session line, action 1 and what follows it up to the first effect.
    let body = Array(lines[1...effect])
    func batch(header: String = header, _ change: (inout [String]) -> Void = { _ in }) -> String {
      var body = body
      change(&body)
      return ([header] + body).joined(separator: "\n") + "\n"
    }
    let uuid = "F70B64A5-B296-4A05-B37D-2F275D148EDA"
    var cases: [(batch: String, expected: String)] = []
    // (`1e400`, past a `Double`, is not JSON the collector reads: a 400, below.)
    for value in ["1e308", "-1e308", "\"NaN\"", "1e300"] {
      cases.append(
        (
          batch(header: Self.replacing("startedAt", in: header, with: value)),
          "line 1 of batch: \"startedAt\" must be Unix seconds from the year 1 to 9999"
        ))
      cases.append(
        (
          batch { $0[0] = Self.replacing("time", in: $0[0], with: value) },
          "line 2 of batch: \"time\" must be Unix seconds from the year 1 to 9999"
        ))
      cases.append(
        (
          batch {
            $0[$0.count - 1] = Self.replacing("startedAt", in: $0[$0.count - 1], with: value)
          },
          "\"startedAt\" must be Unix seconds from the year 1 to 9999"
        ))
      cases.append(
        (
          batch { $0[$0.count - 1] = Self.replacing("endedAt", in: $0[$0.count - 1], with: value) },
          "\"endedAt\" must be Unix seconds from the year 1 to 9999"
        ))
    }
    for value in ["1e308", "-5", "\"NaN\"", "9223372036854775808"] {
      cases.append(
        (
          batch { $0[0] = Self.replacing("durationNanos", in: $0[0], with: value) },
          "line 2 of batch: \"durationNanos\" must be a whole number of nanoseconds"
        ))
    }
    for id in [
      "not-a-uuid", "", String(repeating: "a", count: 10_000), "'; DROP TABLE session; --",
      uuid + "\\u0000", uuid + "\\u0000tail",
    ] {
      cases.append(
        (
          batch(header: Self.replacing("uuid", in: header, with: "\"\(id)\"")),
          "is not a UUID"
        ))
    }
    // NUL, which PostgreSQL's text and jsonb cannot hold, in text and in the metadata.
    cases.append(
      (
        batch(header: Self.replacing("feature", in: header, with: #""lib\u0000rary""#)),
        "session \(uuid): \"feature\" holds a NUL character (U+0000)"
      ))
    cases.append(
      (
        batch { $0[0] = Self.replacing("label", in: $0[0], with: #""a\u0000b""#) },
        "session \(uuid): action 1: \"label\" holds a NUL character (U+0000)"
      ))
    cases.append(
      (
        batch(
          header: header.replacingOccurrences(
            of: #""metadata":{"#, with: #""metadata":{"a":"\u0000","#)),
        "session \(uuid): \"metadata\".\"a\" holds a NUL character (U+0000)"
      ))
    cases.append(
      (
        batch(
          header: header.replacingOccurrences(
            of: #""metadata":{"#, with: #""metadata":{"a\u0000":"b","#)),
        "holds a NUL character (U+0000)"
      ))
    // Numbers past PostgreSQL's integer.
    cases.append(
      (
        batch(header: Self.replacing("snapshotInterval", in: header, with: "4294967296")),
        "\"snapshotInterval\" is 4294967296, past the collector's 2147483647"
      ))
    cases.append(
      (
        batch {
          $0[$0.count - 1] = Self.replacing("id", in: $0[$0.count - 1], with: "1099511627776")
        },
        "\"id\" is 1099511627776, past the collector's 2147483647"
      ))
    for (position, (text, expected)) in cases.enumerated() {
      let answer = try await Self.postBatch(Array(text.utf8), port: collector.port)
      let message = Self.message(answer)
      #expect(answer.status == 422, "case \(position): \(answer.text.prefix(300))")
      #expect(message.contains(expected), "case \(position): \(message.prefix(300))")
      #expect(
        message.hasSuffix("; nothing of the batch was stored"),
        "case \(position): \(message.prefix(300))")
      #expect(answer.body.utf8.count < 1000, "case \(position): the value is echoed whole")
    }

    // A number past a `Double`: the batch is not JSON the collector reads, a 400 naming it.
    let tooLarge = try await Self.postBatch(
      Array(batch(header: Self.replacing("startedAt", in: header, with: "1e400")).utf8),
      port: collector.port)
    #expect(tooLarge.status == 400, "\(tooLarge.text.prefix(300))")
    #expect(
      Self.message(tooLarge).contains(
        "expected a number a Double holds (at most 1.8e308 either side of 0), found '1e400'"),
      "\(tooLarge.text.prefix(300))")

    // Text that is not UTF-8, in a label: refused, not stored as U+FFFD.
    let label = Array(batch().utf8)
    let marker = Array(#""label":""#.utf8)
    let at = try #require(
      (0..<label.count - marker.count).first { Array(label[$0..<$0 + marker.count]) == marker })
    var invalid = label
    invalid.insert(contentsOf: [0xFF, 0xC0, 0x80], at: at + marker.count)
    let notUTF8 = try await Self.postBatch(invalid, port: collector.port)
    #expect(notUTF8.status == 422, "\(notUTF8.text.prefix(300))")
    #expect(
      notUTF8.body
        == #"{"error":"line 2 of batch: not UTF-8 text; nothing of the batch was stored"}"#)

    // Still up, and nothing was stored.
    #expect(collector.server.process.isRunning)
    let sessions = try await Self.get("/v1/sessions", port: collector.port)
    #expect(sessions.status == 200)
    #expect(sessions.body == "[]")
    // What the checks let through, a NUL inside a JSON document, is stored as sent.
    let nulInState = batch(
      header: header.replacingOccurrences(
        of: #""initialState":{"#, with: #""initialState":{"nul":"a\u0000b","#))
    let stored = try await Self.postBatch(Array(nulInState.utf8), port: collector.port)
    #expect(stored.status == 200, "\(stored.text.prefix(300))")
    let export = try await Self.get("/v1/sessions/\(uuid)/export", port: collector.port)
    #expect(export.status == 200)
    #expect(export.text.contains(#""nul":"a\u0000b""#))
  }

  @Test(arguments: Collector.Storage.allCases)
  func aNulInAQueryIsA400AndAnotherSessionNeverFailsAReader(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url], token: Self.pushToken)
    #expect(push.status == 0, "\(push.stderr)")
    let lines = try Self.exportLines(of: collector)
    // Sessions no read could return, pushed after the honest one: the newest, if stored.
    for header in [
      Self.replacing("uuid", in: lines[0], with: #""not-a-uuid""#),
      Self.replacing("uuid", in: lines[0], with: #""""#),
      Self.replacing("uuid", in: lines[0], with: #""0BADF00D-0000-4000-8000-000000000001""#)
        .replacingOccurrences(of: #""metadata":{"#, with: #""metadata":{"a":"\u0000","#),
    ] {
      let answer = try await Self.postBatch(
        Array((header + "\n" + lines[1] + "\n").utf8), port: collector.port)
      #expect(answer.status == 422, "\(answer.text.prefix(300))")
    }
    for path in [
      "/v1/sessions?feature=%00", "/v1/sessions?metadata=a%00=b", "/v1/sessions?metadata=a=%00",
      "/v1/find?where=true&feature=%00", "/v1/find?where=true&metadata=a%00=b",
    ] {
      let answer = try await Self.get(path, port: collector.port)
      #expect(answer.status == 400, "\(path): \(answer.text.prefix(300))")
      #expect(Self.message(answer).hasSuffix(" must not hold a NUL character (%00)"), "\(path)")
    }
    for path in [
      "/v1/sessions/F70B64A5-B296-4A05-B37D-2F275D148EDA%00/export",
      "/v1/sessions/F70B64A5-B296-4A05-B37D-2F275D148EDA%00tail/export",
    ] {
      let answer = try await Self.get(path, port: collector.port)
      #expect(answer.status == 400, "\(path): \(answer.text.prefix(300))")
    }
    for path in ["/v1/sessions?metadata=a=b", "/v1/sessions?feature=library"] {
      let answer = try await Self.get(path, port: collector.port)
      #expect(answer.status == 200, "\(path): \(answer.text.prefix(300))")
    }
    let listed = try await Self.get("/v1/sessions", port: collector.port)
    #expect(listed.body.components(separatedBy: #""uuid":"#).count == 2, "\(listed.body)")

    // Every reader works: the newest session exports as pushed; the inspector starts.
    let cache = try TemporaryDirectory()
    let export = try Self.read(["export", "--db", collector.url], cache: cache)
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout == lines.joined(separator: "\n") + "\n")
    let filtered = try Self.read(
      ["sessions", "--db", collector.url, "--metadata", "a=b"], cache: cache)
    #expect(filtered.status == 0, "\(filtered.stderr)")
    let ui = try RKDebugProcess.start(
      ["ui", "--db", collector.url, "--port", "0"],
      environment: ["RKDEBUG_TOKEN": Self.readToken, "RKDEBUG_CACHE_DIR": cache.url.path])
    defer { ui.process.terminate() }
    #expect(try UICommandTests.firstLine(of: ui).hasPrefix("rkdebug ui: serving "))
  }

  @Test(arguments: Collector.Storage.allCases)
  func aMalformedChunkedBodyIsA400ThatClosesTheConnection(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    for chunks in [
      "zz\r\nhello\r\n0\r\n\r\n", "-5\r\nhello\r\n0\r\n\r\n",
      "ffffffffffffffffffffffff\r\nhello\r\n0\r\n\r\n", "5;ext=a\u{0}b\r\nhello\r\n0\r\n\r\n",
    ] {
      let answer = try await RawSocket.exchange(
        port: collector.port,
        bytes: RawSocket.request(
          "POST", "/v1/batches", port: collector.port, token: Self.pushToken,
          headers: ["Transfer-Encoding: chunked"], body: Array(chunks.utf8)),
        wait: 20)
      #expect(answer.status == 400, "\(chunks.debugDescription): \(answer.text.prefix(300))")
      #expect(answer.closed, "\(chunks.debugDescription): the connection stayed open")
      // One answer, not a second one for the bytes after the error.
      #expect(answer.text.components(separatedBy: "HTTP/1.1 ").count == 2, "\(answer.text)")
    }
    #expect(collector.server.process.isRunning)
    let sessions = try await Self.get("/v1/sessions", port: collector.port)
    #expect(sessions.status == 200)
  }

  /// A token with a CR, LF or another control character can never be sent: refused at once,
  /// naming where it came from, and never printed.
  @Test func aTokenWithAControlCharacterIsRefusedAtOnceAndNeverPrinted() throws {
    let directory = try TemporaryDirectory()
    let log = directory.path("library.sqlite")
    try FileManager.default.copyItem(
      atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ReducerKitSamplesTests/Fixtures/library.sqlite").path,
      toPath: log)
    let secret = "push-0123456789abcdef"
    for (token, character) in [
      (secret + "\r\nX-Injected: yes", "000D"), (secret + "\nmore", "000A"),
      ("push-\u{01}0123456789abcdef", "0001"), (secret + "\u{7F}tail", "007F"),
    ] {
      for arguments in [
        ["push", "--db", log, "--to", "http://127.0.0.1:1"],
        [
          "pull", "--db", directory.path("pulled.sqlite"), "http://127.0.0.1:1",
          "F70B64A5-B296-4A05-B37D-2F275D148EDA",
        ],
        ["sessions", "--db", "http://127.0.0.1:1"],
      ] {
        let started = Date()
        let result = try RKDebugProcess.run(
          arguments,
          environment: ["RKDEBUG_TOKEN": token, "RKDEBUG_CACHE_DIR": directory.url.path])
        #expect(result.status == 1, "\(arguments[0])")
        #expect(
          result.stderrLines == [
            "rkdebug: error: $RKDEBUG_TOKEN holds a control character (U+\(character)): a "
              + "token is one line of printable text; write it again without"
          ], "\(arguments[0])")
        #expect(!result.stderr.contains("0123456789abcdef"), "\(arguments[0])")
        #expect(!result.stdout.contains("0123456789abcdef"), "\(arguments[0])")
        #expect(Date().timeIntervalSince(started) < 10, "\(arguments[0]) was retried")
      }
    }
    let file = try directory.write("push-0123\r\n456789abcdef\n", to: "token")
    let fromFile = try RKDebugProcess.run(
      ["push", "--db", log, "--to", "http://127.0.0.1:1", "--token-file", file])
    #expect(
      fromFile.stderrLines == [
        "rkdebug: error: the token file \(file) holds a control character (U+000D): a token "
          + "is one line of printable text; write it again without"
      ])
  }

  /// As ssh refuses a key file others can write, serve refuses such a tokens file.
  @Test func aTokensFileOthersCanWriteIsRefused() throws {
    let directory = try TemporaryDirectory()
    let tokens = try directory.write("push \(Self.pushToken)\n", to: "tokens")
    let log = directory.path("collected.sqlite")
    for (mode, who) in [(0o666, "anyone"), (0o620, "its group"), (0o602, "anyone")] {
      #expect(chmod(tokens, mode_t(mode)) == 0)
      // A collector that accepts the file runs until it is stopped: it has 10 s to refuse.
      let serving = try RKDebugProcess.start(["serve", "--db", log, "--tokens", tokens])
      for _ in 0..<200 where serving.process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
      if serving.process.isRunning {
        serving.process.terminate()
        _ = try serving.wait()
        Issue.record("serve accepted a tokens file of mode \(String(format: "%04o", mode))")
        try? FileManager.default.removeItem(atPath: log)
        continue
      }
      let refused = try serving.wait()
      #expect(refused.status == 1)
      #expect(
        refused.stderrLines == [
          "rkdebug: error: the tokens file \(tokens) can be written by \(who) (mode "
            + "\(String(format: "%04o", mode))): whoever can write it can give themselves a "
            + "token; run 'chmod go-w \(tokens)' (or give --allow-writable-tokens)"
        ])
      #expect(!FileManager.default.fileExists(atPath: log))
    }
    let allowed = try RKDebugProcess.start(
      ["serve", "--db", log, "--tokens", tokens, "--allow-writable-tokens"])
    defer { allowed.process.terminate() }
    #expect(try UICommandTests.firstLine(of: allowed).hasPrefix("rkdebug serve: collecting at "))
    #expect(chmod(tokens, 0o644) == 0)
    let (server, _, _) = try Collector.serve(database: log, tokens: tokens, port: 0)
    server.process.terminate()
  }
}
