import Foundation
import ReducerKitDebug

/// A log a test records its sessions into, to inspect in the test or keep for `rkdebug`.
///
/// Attaching the recorder to a ``TestStore`` is one line:
///
/// ```swift
/// let log = try TestLog.file(named: "CounterTests.delayedIncrement")
/// let store = TestStore(initialState: Counter.State(), reducer: Counter(), recording: log)
/// // or: reducer: Counter().recording(to: log.actionLog)
/// await store.send(.increment) { $0.count = 1 }
/// let reader = try log.reader()
/// ```
///
/// A file log is kept after the test: when the store reports a failure, the message names the
/// file and the `rkdebug log --db PATH --session N` command that opens the session. Setting the
/// environment variable `REDUCERKIT_RECORD_DIR` to a folder makes every `TestStore` of a
/// recordable feature record to a file of its own there, named after the test.
public struct TestLog: Sendable {
  /// The log the recorder writes to: pass it to `reducer.recording(to:)`.
  public let actionLog: ActionLog

  /// Wraps an existing log.
  public init(_ actionLog: ActionLog) {
    self.actionLog = actionLog
  }

  /// The file's path, or `nil` for an in-memory log.
  public var path: String? { actionLog.path }

  /// A log in memory: fast, and gone after the test.
  public static func inMemory() throws -> TestLog {
    TestLog(try ActionLog.inMemory())
  }

  /// A log file named `name` (`.sqlite` is added when the name has no extension), kept after
  /// the test.
  ///
  /// The first use of a name in a test run replaces the file an earlier run left; later uses in
  /// the same run add sessions to it.
  ///
  /// - Parameters:
  ///   - name: The file's name, such as the test's name.
  ///   - directory: The folder; by default `REDUCERKIT_RECORD_DIR`, or `ReducerKitTestLogs` in
  ///     the temporary folder when it is not set.
  public static func file(named name: String, in directory: String? = nil) throws -> TestLog {
    let path = try TestRecordDirectory.prepareFile(
      named: name, in: directory ?? TestRecordDirectory.defaultDirectory
    )
    return TestLog(try ActionLog(path: path))
  }

  /// A log at `path`, created if missing; an existing log keeps its sessions.
  public static func file(atPath path: String) throws -> TestLog {
    TestLog(try ActionLog(path: path))
  }

  /// Commits everything recorded so far, so readers (and `rkdebug`) see it.
  public func flush() throws {
    try actionLog.flush()
  }

  /// Ends the recorded sessions (writing their final snapshots) and closes the log. Recording
  /// into a closed log stops with a runtime warning.
  public func close() throws {
    try actionLog.close()
  }

  /// A reader of a recorded session, the newest when `id` is `nil`, after committing
  /// everything recorded so far.
  public func reader(session id: Int64? = nil) throws -> SessionReader {
    try flush()
    return try actionLog.reader(session: id)
  }

  /// The command that lists this log's sessions
  /// (`rkdebug sessions --db '/tmp/…/CounterTests.x.sqlite'`), or `nil` for an in-memory log.
  public var rkdebugCommand: String? {
    path.map { "rkdebug sessions --db \(Self.shellQuoted($0))" }
  }

  /// `text` quoted for a POSIX shell when it needs quoting.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@".contains($0))
    }
    if plain, !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
