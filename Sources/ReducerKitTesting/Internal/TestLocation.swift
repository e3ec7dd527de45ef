/// Where in a test an assertion was written: the call site a failure is reported at.
struct TestLocation: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// The file's name without its folder and extension: `CounterTests` for
  /// `MyTests/CounterTests.swift`.
  var fileName: String {
    let path = "\(fileID)"
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file
  }

  /// Reports `message` as a test failure at this call site.
  func reportFailure(_ message: String) {
    reportTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
