import Foundation
import Testing

/// What one run of the `rkdebug` executable printed and how it exited.
struct ProcessResult: Sendable {
  /// Standard output.
  var stdout: String
  /// Standard error.
  var stderr: String
  /// The exit status.
  var status: Int32

  /// The lines of standard error.
  var stderrLines: [String] {
    stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

/// Runs the built `rkdebug` executable as a separate process, the way a user does.
///
/// ```swift
/// let result = try RKDebugProcess.run(["sessions", "--db", log.path])
/// #expect(result.status == 0)
/// ```
///
/// The executable is `.build/debug/rkdebug`, next to the test bundle or found from this
/// file's path; `swift build` (or `swift test`, which builds every product) makes it.
enum RKDebugProcess {
  /// The executable's URL.
  static let executable: URL? = {
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
      candidates.append(bundle.appendingPathComponent("rkdebug"))
      candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("rkdebug"))
    }
    for bundle in Bundle.allBundles {
      let folder = bundle.bundleURL.deletingLastPathComponent()
      candidates.append(folder.appendingPathComponent("rkdebug"))
    }
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Support
      .deletingLastPathComponent()  // RKDebugCLITests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package
    candidates.append(root.appendingPathComponent(".build/debug/rkdebug"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs `rkdebug` with `arguments` and waits for it.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `rkdebug`.
  ///   - stdin: Text for standard input; empty by default.
  ///   - environment: Variables to set on top of this process's environment, from which
  ///     `RKDEBUG_DB` is removed and where `NO_COLOR` is set.
  ///   - directory: The working directory; a fresh temporary one by default.
  static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    directory: URL? = nil
  ) throws -> ProcessResult {
    guard let executable else {
      Issue.record("no rkdebug executable; run 'swift build' first")
      return ProcessResult(stdout: "", stderr: "", status: -1)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["RKDEBUG_DB"] = nil
    variables["NO_COLOR"] = "1"
    variables.merge(environment) { _, new in new }
    process.environment = variables
    let scratch = try TemporaryDirectory()
    process.currentDirectoryURL = directory ?? scratch.url

    let stdoutFile = scratch.url.appendingPathComponent("stdout")
    let stderrFile = scratch.url.appendingPathComponent("stderr")
    let stdinFile = scratch.url.appendingPathComponent("stdin")
    try Data(stdin.utf8).write(to: stdinFile)
    _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
    let output = try FileHandle(forWritingTo: stdoutFile)
    let error = try FileHandle(forWritingTo: stderrFile)
    let input = try FileHandle(forReadingFrom: stdinFile)
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    process.waitUntilExit()
    try output.close()
    try error.close()
    try input.close()
    return ProcessResult(
      stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self),
      status: process.terminationStatus
    )
  }
}
