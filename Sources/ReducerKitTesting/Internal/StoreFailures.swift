/// How a ``TestStore`` reports its failures: through ``TestFailureReporter/current``, with the
/// recorded log named at the end of the message, and waived or shown as skipped as
/// exhaustivity says.
struct StoreFailures: Sendable {
  /// The logs the store records into.
  var recordings: [RecordingNote] = []

  /// Reports a failure at `location`, naming the recorded log file when there is one.
  func fail(_ message: String, at location: TestLocation) {
    var message = message
    let notes = recordings.compactMap { $0.text() }
    if !notes.isEmpty {
      message += "\n\n" + notes.joined(separator: "\n")
      for recording in recordings { recording.attachIfNeeded() }
    }
    TestFailureReporter.current.report(
      TestFailure(
        message: message, fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
    )
  }

  /// Reports a failure that exhaustivity can waive: a failure when exhaustive, a skipped
  /// assertion with `.off(showSkippedAssertions: true)`, nothing with `.off`.
  func failUnlessSkipped(
    _ message: String, at location: TestLocation, exhaustivity: Exhaustivity
  ) {
    switch exhaustivity {
    case .on:
      fail(message, at: location)
    case .off(showSkippedAssertions: true):
      TestFailureReporter.current.report(
        TestFailure(
          message: "Skipped assertions: …\n\n\(message)", isSkippedAssertion: true,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column
        )
      )
    case .off(showSkippedAssertions: false):
      break
    }
  }
}
