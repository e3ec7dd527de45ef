import Foundation
import Synchronization
import Testing

/// Where test logs are written, and the names of the files: the `REDUCERKIT_RECORD_DIR`
/// environment variable and one file per test.
enum TestRecordDirectory {
  /// Set to a folder to make every ``TestStore`` whose feature is recordable record into it,
  /// one file per test.
  static let environmentVariable = "REDUCERKIT_RECORD_DIR"

  /// Stands in for `REDUCERKIT_RECORD_DIR` in ReducerKitTesting's own tests, which must not
  /// change the environment of the whole test process.
  @TaskLocal static var overrideDirectory: String?

  /// The folder `REDUCERKIT_RECORD_DIR` names, or `nil` when it is not set.
  static var configured: String? {
    if let overrideDirectory { return overrideDirectory }
    guard let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty
    else { return nil }
    return value
  }

  /// The folder ``TestLog/file(named:in:)`` writes to by default: `REDUCERKIT_RECORD_DIR`, or
  /// `ReducerKitTestLogs` in the temporary folder.
  static var defaultDirectory: String {
    configured
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("ReducerKitTestLogs").path
  }

  /// The paths already handed out in this process: the first use of a path removes the file a
  /// previous run left there, later uses (several stores in one test) add sessions to it.
  private static let used = Mutex<Set<String>>([])

  /// The path of the log file `name` in `directory`, creating the folder and removing an old
  /// file the first time the path is used in this process.
  static func prepareFile(named name: String, in directory: String) throws -> String {
    let fileName = sanitized(name) + (hasLogExtension(name) ? "" : ".sqlite")
    let directoryURL = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: directoryURL, withIntermediateDirectories: true)
    let path = directoryURL.appendingPathComponent(fileName).path
    let isFirstUse = used.withLock { $0.insert(path).inserted }
    if isFirstUse {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    return path
  }

  /// The name of the running test, for its log file: `CounterTests.incrementTwice`.
  ///
  /// The suite part is the test file's name; the test part is Swift Testing's current test, or
  /// else the function that created the store (an XCTest method).
  static func testName(location: TestLocation, function: StaticString) -> String {
    let function = Test.current?.name ?? "\(function)"
    let base = function.split(separator: "(").first.map(String.init) ?? function
    return sanitized("\(location.fileName).\(base)")
  }

  /// Whether `name` ends in an SQLite extension (`.sqlite`, `.sqlite3`, `.db`).
  static func hasLogExtension(_ name: String) -> Bool {
    [".sqlite", ".sqlite3", ".db"].contains { name.lowercased().hasSuffix($0) }
  }

  /// `name` with every character other than letters, digits, `.`, `-` and `_` replaced by `_`.
  static func sanitized(_ name: String) -> String {
    String(
      name.map { character in
        character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
          ? character : "_"
      }
    )
  }
}
