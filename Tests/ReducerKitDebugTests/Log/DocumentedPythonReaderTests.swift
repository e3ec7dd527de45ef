import Foundation
import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// `docs/log-format.md` promises that Python's standard library alone rebuilds any state from
/// the log. Its `state_at` snippet, taken from the page as it is, must agree with the reader.
@MainActor
@Suite struct DocumentedPythonReaderTests {
  nonisolated static let pythonIsAvailable =
    Python.run(["-c", "import json, sqlite3"]) == nil

  /// The first Python block of the page: `state_at` and `apply`.
  nonisolated static func documentedSnippet() throws -> String {
    let docs = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/log-format.md")
    let page = try String(contentsOf: docs, encoding: .utf8)
    let start = try #require(page.range(of: "```python\n"))
    let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test(.enabled(if: pythonIsAvailable, "needs python3"))
  func theDocumentedSnippetRebuildsEveryStateTheReaderDoes() throws {
    let directory = TemporaryDirectory()
    let path = directory.path("log.sqlite")
    let log = try ActionLog(path: path)
    let store = Store<Playlist>(
      initialState: Playlist.State(),
      reducer: Playlist().recording(to: log, snapshotInterval: 9)
    )
    var rng = SplitMix64(seed: 3)
    for _ in 0..<60 { store.send(Playlist.randomAction(for: store.state, using: &rng)) }
    try log.close()

    let reader = try ActionLog.readOnly(path: path).reader()
    let indices = Array(0...reader.actionCount)
    let script = try Self.documentedSnippet() + """

      import sys
      with open(sys.argv[2], "w", encoding="utf-8") as out:
          for n in \(indices):
              out.write(json.dumps(state_at(sys.argv[1], 1, n), ensure_ascii=False) + "\\n")
      """
    let scriptPath = directory.path("state_at.py")
    let outputPath = directory.path("states.txt")
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let failure = Python.run([scriptPath, path, outputPath])
    try #require(failure == nil, "\(failure ?? "")")
    let lines = try String(contentsOfFile: outputPath, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    try #require(lines.count == indices.count)
    for (index, line) in zip(indices, lines) {
      #expect(try JSONValue(parsing: line) == reader.stateJSON(at: index), "state at \(index)")
    }
  }
}
