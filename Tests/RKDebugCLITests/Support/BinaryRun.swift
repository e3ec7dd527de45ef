import Foundation

/// One run of the built `rkdebug` executable (`.build/debug/rkdebug`, found from this file's
/// path), with its standard output, standard error and exit status.
struct BinaryRun {
  /// What the process wrote on standard output.
  var stdout: String
  /// What the process wrote on standard error.
  var stderr: String
  /// The exit status.
  var status: Int32

  /// The lines of standard error, without the empty last one.
  var stderrLines: [String] {
    stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.isEmpty }
  }

  /// The package's root folder.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // RKDebugCLITests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The executable `swift build` (and `swift test`) leave in `.build/debug`.
  static let executable = packageRoot.appendingPathComponent(".build/debug/rkdebug")

  /// Runs `rkdebug arguments` in `directory`, with `input` on standard input, and waits for it.
  ///
  /// `RKDEBUG_DB` and `NO_COLOR` are cleared and set so runs do not depend on the caller's
  /// environment.
  static func rkdebug(
    _ arguments: [String], in directory: URL, input: String? = nil
  ) throws -> BinaryRun {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw BinaryMissing(path: executable.path)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["RKDEBUG_DB"] = nil
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let input {
      stdin.fileHandleForWriting.write(Data(input.utf8))
    }
    try stdin.fileHandleForWriting.close()
    // Read both pipes concurrently so a full pipe cannot block the child.
    let errorData = LockedData()
    let reader = Thread {
      errorData.set(stderr.fileHandleForReading.readDataToEndOfFile())
    }
    reader.start()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { Thread.sleep(forTimeInterval: 0.001) }
    return BinaryRun(
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self),
      status: process.terminationStatus
    )
  }

  /// The executable has not been built.
  struct BinaryMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "no rkdebug at \(path); run 'swift build' first" }
  }
}

/// Data written by one thread and read by another.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?

  func set(_ data: Data) {
    lock.withLock { self.data = data }
  }

  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}
