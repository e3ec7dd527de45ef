import Foundation

/// Runs `python3`, for the tests that check the log against Python's standard library and its
/// `jsonpatch` package.
public enum Python {
  /// Runs `python3` with `arguments`: what it wrote to standard error if it failed, `nil` if it
  /// succeeded.
  public static func run(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return "could not run python3: \(error)"
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? nil : String(decoding: message, as: UTF8.self)
  }

  /// Whether `python3` has the `jsonpatch` package.
  public static let hasJSONPatch = run(["-c", "import jsonpatch"]) == nil
}
