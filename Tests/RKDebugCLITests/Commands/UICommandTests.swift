import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug ui`, through the built executable: serving, its errors, and `--export`.
@Suite struct UICommandTests {
  @Test func usageErrors() async throws {
    expectUsageError(
      ["ui", "--port", "70000"],
      "--port 70000 is not a port; use 0...65535 (0 picks a free one) (see 'rkdebug help ui')")
    expectUsageError(
      ["ui", "--from", "3"],
      "--from and --to choose the window of --export FILE.html (see 'rkdebug help ui')")
    let log = try await RecordedLog.shelf()
    let session = try log.run(["ui", "--session", "9"])
    #expect(session.status == 1)
    #expect(
      session.stderrLines == [
        "rkdebug: error: no session 9 in this log (sessions: 1); "
          + "list them with 'rkdebug sessions'"
      ])
  }

  @Test func servesTheLogAndABusyPortIsAClearError() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    let server = try RKDebugProcess.start(["ui", "--db", log.path])
    defer { server.process.terminate() }
    let line = try Self.firstLine(of: server)
    let url = try #require(line.split(separator: " ").last.flatMap { URL(string: String($0)) })
    #expect(line == "rkdebug ui: serving \(log.path) at \(url.absoluteString)")
    let port = try #require(url.port)
    let answer = try await RawHTTP.exchange(
      port: port,
      request: "GET /api/sessions/1/state?at=7 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Connection: close\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(answer.contains(#""count":42"#))

    let second = try log.run(["ui", "--port", String(port)])
    #expect(second.status == 1)
    #expect(second.stderrLines.count == 1)
    #expect(second.stderr.hasPrefix("rkdebug: error: cannot listen on 127.0.0.1:\(port): "))
    #expect(second.stderr.contains("pick another with --port, or --port 0 for a free one"))

    server.process.terminate()
    let stopped = try server.wait()
    #expect(stopped.status == 0, "\(stopped.stderr)")
    #expect(try log.fingerprint() == before)
  }

  @Test func anAddressOtherThanLoopbackWarns() async throws {
    let log = try await RecordedLog.shelf()
    let server = try RKDebugProcess.start(["ui", "--db", log.path, "--host", "0.0.0.0"])
    defer { server.process.terminate() }
    _ = try Self.firstLine(of: server)
    let stderr = try String(contentsOf: server.stderrFile, encoding: .utf8)
    #expect(
      stderr == """
        rkdebug: warning: listening on 0.0.0.0, not a loopback address: other machines that \
        reach it can read the whole log

        """)
  }

  @Test func exportWritesOnePage() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    let page = log.directory.path("window.html")
    let written = try log.run(["ui", "--export", page, "--from", "2", "--to", "8"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout == "wrote \(page): session 1, actions 2...8\n")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains(#"<script type="application/json" id="rk-data">"#))
    #expect(html.contains(#"<meta http-equiv="Content-Security-Policy""#))

    let missing = try log.run(["ui", "--export", "/no/such/folder/page.html"])
    #expect(missing.status == 1)
    #expect(
      missing.stderrLines == [
        "rkdebug: error: cannot write '/no/such/folder/page.html': No such file or directory"
      ])
    let outside = try log.run(["ui", "--export", page, "--to", "13"])
    #expect(outside.status == 1)
    #expect(try log.fingerprint() == before)
  }

  /// The page's changes are `changes`'s, action for action, on a registered feature's session:
  /// the export walks the window as `changes` does, decoding only what each patch touched.
  @Test func anExportedPageHoldsTheTextOfChanges() throws {
    let scratch = try TemporaryDirectory()
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "400", "--seed", "9"], in: scratch.url)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let page = scratch.path("window.html")
    let written = try RKDebugProcess.run(
      ["ui", "--export", page, "--from", "2", "--to", "400"], in: scratch.url)
    #expect(written.status == 0, "\(written.stderr)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let opening = #"<script type="application/json" id="rk-data">"#
    let start = try #require(html.range(of: opening)).upperBound
    let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
    let data = try JSONValue(parsing: String(html[start..<end]))
    let actions = try #require(data.objectValue?["actions"]?.arrayValue)
    #expect(actions.count == 399)
    #expect(actions.allSatisfy { $0.objectValue?["typedChanges"] == .bool(true) })
    let texts = actions.compactMap { $0.objectValue?["changes"]?.stringValue }
    let changes = try RKDebugProcess.run(["changes", "--from", "2", "--to", "400"], in: scratch.url)
    #expect(changes.status == 0)
    #expect(texts.map { $0 + "\n" }.joined() == changes.stdout)
  }

  /// The first line the server printed, once it is listening.
  static func firstLine(of server: RKDebugProcess.Running) throws -> String {
    for _ in 0..<200 {
      let text = try String(contentsOf: server.stdoutFile, encoding: .utf8)
      if let end = text.firstIndex(of: "\n") { return String(text[..<end]) }
      guard server.process.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let stderr = (try? String(contentsOf: server.stderrFile, encoding: .utf8)) ?? ""
    throw ServerDidNotStart(stderr: stderr)
  }

  struct ServerDidNotStart: Error, CustomStringConvertible {
    var stderr: String
    var description: String { "rkdebug ui printed no URL; stderr: \(stderr)" }
  }
}
