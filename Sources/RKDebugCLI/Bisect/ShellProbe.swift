import Foundation
import ReducerKitDebug

/// Runs `bisect --run CMD` once: `/bin/sh -c CMD` with the state's JSON on standard input, as
/// `git bisect run` runs its script.
///
/// Exit status 0 means good, 125 cannot tell (skip), 1...127 otherwise bad, and anything above
/// 127 (or death by a signal) aborts the bisection. The command's standard output goes to
/// rkdebug's standard error, so rkdebug's own output (and `--json`) stays clean; its standard
/// error is rkdebug's.
struct ShellProbe {
  /// The command, run by `/bin/sh -c`.
  let command: String
  /// Passed to the command as `RKDEBUG_SESSION`.
  let sessionID: Int64

  /// The verdict for the state at `index`.
  func verdict(for state: JSONValue, at index: Int) throws -> BisectVerdict {
    let status = try run(input: state.serializedData() + Data("\n".utf8), index: index)
    switch status {
    case 0: return .good
    case 125: return .skip
    case 1...127: return .bad
    default:
      throw RKDebugError(
        "'\(command)' exited with status \(status) at index \(index) (above 127): "
          + "bisect aborted, as git bisect run does"
      )
    }
  }

  /// Runs the command with `input` on its standard input; returns its exit status (128 + the
  /// signal number when a signal ended it).
  private func run(input: Data, index: Int) throws -> Int32 {
    // A file, not a pipe: the command may exit without reading a large state.
    let inputURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-bisect-\(ProcessInfo.processInfo.processIdentifier).json")
    try input.write(to: inputURL)
    defer { try? FileManager.default.removeItem(at: inputURL) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var environment = ProcessInfo.processInfo.environment
    environment["RKDEBUG_INDEX"] = String(index)
    environment["RKDEBUG_SESSION"] = String(sessionID)
    process.environment = environment
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = FileHandle.standardError
    process.standardError = FileHandle.standardError
    do {
      try process.run()
    } catch {
      throw RKDebugError("cannot run /bin/sh for --run: \(error.localizedDescription)")
    }
    process.waitUntilExit()
    switch process.terminationReason {
    case .exit: return process.terminationStatus
    case .uncaughtSignal: return 128 + process.terminationStatus
    @unknown default: return process.terminationStatus
    }
  }
}
