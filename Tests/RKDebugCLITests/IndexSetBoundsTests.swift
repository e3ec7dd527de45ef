import Foundation
import ReducerKitDebug
import Testing

/// A Foundation `IndexSet` whose range has a length of 2^63 - 1 or -5 traps when
/// `JSONDecoder` decodes it, and one of 2^40 is fine in memory but not as 2^40 numbers:
/// every command that decodes an action says so in one line, or works, and none crashes.
@Suite(.serialized) struct IndexSetBoundsTests {
  private static func delete(location: Int, length: Int) -> String {
    #"{"delete":{"_0":{"indexes":[{"location":\#(location),"length":\#(length)}]}}}"#
  }

  @Test(arguments: [(1, Int.max), (0, -5), (-1, 1)])
  func recordRefusesTheLineByNumber(location: Int, length: Int) throws {
    let folder = try TemporaryDirectory()
    let actions = try folder.write(
      #"{"addTodoButtonTapped":{}}"# + "\n" + Self.delete(location: location, length: length)
        + "\n", to: "actions.jsonl")
    let result = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--actions", actions], in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.stderrLines == [
        "rkdebug: error: line 2 of '\(actions)' is not a ReducerKitSamples.Todos.Action: an "
          + "IndexSet range at location \(location) with length \(length) is out of bounds (a "
          + "location and a length of 0 or more, ending at 9223372036854775806 at most) at "
          + ".delete._0.indexes[0]; nothing was recorded"
      ])
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(files == ["actions.jsonl"])
  }

  /// A log whose action 2 holds the range, as an import lets in.
  private func craftedTodos(location: Int = 0, length: Int) throws -> CraftedLog {
    try CraftedLog(
      feature: "todos",
      actions: [#"{"addTodoButtonTapped":{}}"#, Self.delete(location: 0, length: 1)]
    ) { lines in
      let index = lines.firstIndex { $0["index"] == 2 }!
      let range = ["json", "delete", "_0", "indexes", "0"]
      lines[index] = lines[index].setting(range + ["length"], to: JSONValue(length))
        .setting(range + ["location"], to: JSONValue(location))
    }
  }

  @Test(arguments: [(1, Int.max), (0, -5)])
  func everyCommandThatDecodesTheActionSaysWhy(location: Int, length: Int) async throws {
    let log = try craftedTodos(location: location, length: length)
    let reason =
      "an IndexSet range at location \(location) with length \(length) is out of bounds (a "
      + "location and a length of 0 or more, ending at 9223372036854775806 at most) at "
      + ".delete._0.indexes[0]"
    for command in [["replay"], ["bisect", "--divergence"], ["testgen"]] {
      let result = try RKDebugProcess.run(command + ["--db", log.path])
      #expect(result.status == 1, "\(command)")
      #expect(result.stderrLines.count == 1, "\(command): \(result.stderr)")
      #expect(result.stderr.contains(reason), "\(command): \(result.stderr)")
    }
    let step = try RKDebugProcess.run(
      ["replay", "--step", "--db", log.path], stdin: "next\nnext\nnext 9223372036854775807\nquit\n")
    #expect(step.stdout.contains(reason) || step.stderr.contains(reason), "\(step.stdout)")

    // The inspector's replay check, through `rkdebug ui`, which registers the feature.
    let server = try RKDebugProcess.start(["ui", "--db", log.path])
    defer { server.process.terminate() }
    let line = try UICommandTests.firstLine(of: server)
    let port = try #require(
      line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
    let response = try await RawHTTP.exchange(
      port: port,
      request: "GET /api/sessions/1/replay HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Connection: close\r\n\r\n")
    #expect(response.contains(reason), "\(response)")
    #expect(server.process.isRunning)
  }

  /// A range of 2^40 indexes decodes (12 bytes in memory): replay works and testgen writes the
  /// range, not its 2^40 numbers.
  @Test func aHugeValidRangeIsWrittenAsARange() throws {
    let log = try craftedTodos(length: 1 << 40)
    let testgen = try RKDebugProcess.run(["testgen", "--db", log.path])
    #expect(testgen.status == 0, "\(testgen.stderr)")
    #expect(
      testgen.stdout.contains(
        """
          await store.send(.delete(
            [0..<1099511627776].reduce(into: IndexSet()) { $0.insert(integersIn: $1) }
          ))
        """), "\(testgen.stdout)")
    let replay = try RKDebugProcess.run(["replay", "--db", log.path])
    #expect(replay.status == 0, "\(replay.stderr)")
  }
}
