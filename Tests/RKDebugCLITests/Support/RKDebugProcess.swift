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
/// The executable is the one built next to the test bundle, in the build folder of the
/// `swift test` that runs the tests (`.build/debug`, or the folder of `--scratch-path`), so a
/// run never picks up another build's `rkdebug`. `RKDEBUG_TEST_EXECUTABLE` names another one.
enum RKDebugProcess {
  /// The executable's URL.
  static let executable: URL? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["RKDEBUG_TEST_EXECUTABLE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    var candidates: [URL] = []
    // Linux: the test runner (`<build>/debug/ReducerKitPackageTests.xctest`) is an executable
    // in the build folder.
    if let runner = Bundle.main.executableURL {
      candidates.append(runner.deletingLastPathComponent().appendingPathComponent("rkdebug"))
    }
    // macOS: the `.xctest` bundle is in the build folder; the runner is the toolchain's.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      candidates.append(
        bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("rkdebug")
      )
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs `rkdebug` with `arguments` and waits for it.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `rkdebug`.
  ///   - directory: The working directory; a fresh temporary one by default.
  ///   - stdin: Text for standard input; empty by default.
  ///   - environment: Variables to set on top of this process's environment, from which
  ///     `RKDEBUG_DB` is removed and where `NO_COLOR` is set.
  ///   - unsetting: Variables to remove from that environment (`NO_COLOR`, to check that
  ///     piped output is plain anyway).
  static func run(
    _ arguments: [String], in directory: URL? = nil, stdin: String = "",
    environment: [String: String] = [:], unsetting: [String] = []
  ) throws -> ProcessResult {
    try start(
      arguments, in: directory, stdin: stdin, environment: environment, unsetting: unsetting
    ).wait()
  }

  /// Starts `rkdebug` with `arguments` and returns without waiting for it; see
  /// ``run(_:in:stdin:environment:unsetting:)``.
  static func start(
    _ arguments: [String], in directory: URL? = nil, stdin: String = "",
    environment: [String: String] = [:], unsetting: [String] = []
  ) throws -> Running {
    guard let executable else {
      throw ExecutableMissing()
    }
    return try launch(
      executable, arguments: arguments, in: directory, stdin: stdin, environment: environment,
      unsetting: unsetting
    )
  }

  // MARK: - Wrapped

  /// Runs `rkdebug` with `arguments` under `sh`, with the largest file it may write limited
  /// to `fileSizeLimit` bytes (`ulimit -f`, in 512-byte blocks) and SIGXFSZ ignored, so that a
  /// write past the limit fails with EFBIG as a write to a full disk fails with ENOSPC.
  static func run(
    _ arguments: [String], fileSizeLimit: Int, in directory: URL? = nil, stdin: String = ""
  ) throws -> ProcessResult {
    let script = "trap '' XFSZ; ulimit -f \(fileSizeLimit / 512); exec \"$0\" \"$@\""
    return try run(arguments, wrappedIn: ["/bin/sh", "-c", script], in: directory, stdin: stdin)
  }

  /// Runs `rkdebug` with `arguments` as the unprivileged user `nobody` (util-linux
  /// `setpriv`), for what root may do that a user may not: write a read-only file or folder.
  static func runAsNobody(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
    try run(
      arguments,
      wrappedIn: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
      in: directory)
  }

  /// Runs `wrapper` with the executable's path and `arguments` after its own arguments.
  private static func run(
    _ arguments: [String], wrappedIn wrapper: [String], in directory: URL?, stdin: String = ""
  ) throws -> ProcessResult {
    guard let executable else {
      throw ExecutableMissing()
    }
    return try launch(
      URL(fileURLWithPath: wrapper[0]),
      arguments: Array(wrapper.dropFirst()) + [executable.path] + arguments,
      in: directory, stdin: stdin, environment: [:], unsetting: []
    ).wait()
  }

  // MARK: - On a terminal

  /// util-linux `script`, which runs a command under a pseudo-terminal, or `nil` when it is
  /// not installed (BSD and macOS `script` take other options).
  static let script: URL? = {
    let url = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
    let version = Process()
    version.executableURL = url
    version.arguments = ["--version"]
    let output = Pipe()
    version.standardOutput = output
    version.standardError = output
    guard (try? version.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    version.waitUntilExit()
    return text.contains("util-linux") ? url : nil
  }()

  /// Runs `rkdebug` with `arguments` under a pseudo-terminal (`script -qec "rkdebug …"
  /// /dev/null`), so its standard input, output and error are all a terminal, as when a
  /// person types the command.
  ///
  /// The result's `stdout` is everything the terminal showed, standard output and error
  /// interleaved, with the terminal's `\r\n` line ends turned back into `\n`; `stderr` is
  /// what `script` itself printed. Unlike ``run(_:in:stdin:environment:unsetting:)``,
  /// `NO_COLOR` is not set unless `environment` sets it.
  static func runInTerminal(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> ProcessResult {
    guard let executable else {
      throw ExecutableMissing()
    }
    guard let script else {
      throw TerminalMissing()
    }
    let command = ([executable.path] + arguments).map(shellQuoted).joined(separator: " ")
    var result = try launch(
      script, arguments: ["-qec", command, "/dev/null"], in: directory, stdin: "",
      environment: environment, unsetting: environment["NO_COLOR"] == nil ? ["NO_COLOR"] : []
    ).wait()
    result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    return result
  }

  /// `argument` quoted for `sh`.
  private static func shellQuoted(_ argument: String) -> String {
    "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  // MARK: - Processes

  private static func launch(
    _ executable: URL, arguments: [String], in directory: URL?, stdin: String,
    environment: [String: String], unsetting: [String]
  ) throws -> Running {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["RKDEBUG_DB"] = nil
    variables["NO_COLOR"] = "1"
    for name in unsetting {
      variables[name] = nil
    }
    variables.merge(environment) { _, new in new }
    process.environment = variables
    let scratch = try TemporaryDirectory()
    process.currentDirectoryURL = directory ?? scratch.url

    // Files rather than pipes: a chatty child can never block on a full pipe.
    try Data(stdin.utf8).write(to: scratch.url.appendingPathComponent("stdin"))
    let running = Running(process: process, scratch: scratch)
    _ = FileManager.default.createFile(atPath: running.stdoutFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: running.stderrFile.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: running.stdoutFile)
    process.standardError = try FileHandle(forWritingTo: running.stderrFile)
    process.standardInput = try FileHandle(
      forReadingFrom: scratch.url.appendingPathComponent("stdin")
    )
    try process.run()
    return running
  }

  /// An `rkdebug` process that was started and may still be running.
  final class Running {
    let process: Process
    /// Holds the files of standard input, output and error.
    let scratch: TemporaryDirectory

    init(process: Process, scratch: TemporaryDirectory) {
      self.process = process
      self.scratch = scratch
    }

    var stdoutFile: URL { scratch.url.appendingPathComponent("stdout") }
    var stderrFile: URL { scratch.url.appendingPathComponent("stderr") }

    /// Waits for the process to exit and returns what it printed.
    func wait() throws -> ProcessResult {
      process.waitUntilExit()
      for handle in [process.standardOutput, process.standardError, process.standardInput] {
        try (handle as? FileHandle)?.close()
      }
      return ProcessResult(
        stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self),
        status: process.terminationStatus
      )
    }
  }

  /// util-linux `script` is not installed.
  struct TerminalMissing: Error, CustomStringConvertible {
    var description: String {
      "no util-linux script(1) at /usr/bin/script to run rkdebug under a pseudo-terminal"
    }
  }

  /// The executable has not been built.
  struct ExecutableMissing: Error, CustomStringConvertible {
    var description: String {
      "no rkdebug next to the test bundle; build it with the tests ('swift build --build-tests') "
        + "or set RKDEBUG_TEST_EXECUTABLE"
    }
  }
}
