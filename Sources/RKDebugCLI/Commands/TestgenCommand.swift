import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug testgen`: writes a Swift Testing file whose `TestStore` test reproduces a session.
struct TestgenCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "testgen",
    abstract: "Write a Swift Testing test that reproduces a session with a TestStore.",
    discussion: """
      Writes a Swift file with one exhaustive TestStore test (ReducerKitTesting) of the \
      session's feature, which this rkdebug must register. The store starts from the state \
      before the first action; each action the caller sent becomes 'await \
      store.send(.action) { $0.path = value }' and each action an effect emitted 'await \
      store.receive(\\.case) { ... }', with the state changes the log recorded written as \
      Swift assignments. Values are Swift literals of their types (a struct as its \
      memberwise initializer); a value with no literal is decoded from JSON with fromJSON. \
      Navigation is written as in TCA's tests: '$0.path[id: 1] = .detail(...)', \
      '$0.path.pop(from: 1)', '$0.destination = .alert(...)', 'receive(\\.path[id: \
      0].detail.delegate)'. Shared state is written as in TCA's tests too: 'Shared(value: \
      ...)' in the initial state (one constant for places that held one value), each change \
      asserted through the share, '$0.$items.withLock { ... }', and a change an effect made \
      with the action the effect sends next; a change made outside the store or by its \
      storage is made by the test where it happened, through the store's share: \
      'store.state.$items.withLock { ... }'.

      The store runs effects on ImmediateClocks (a TestClock advanced by the feature's action \
      interval after each sent action, for a feature registered with one) and feeds back the \
      values the reducer read from uuid, date, withRandomNumberGenerator and the stack \
      element ids, in order (.recorded([...])). The test \
      ends with 'await store.finish()', or skips the effects and actions the log shows still \
      to come after the last action. The file imports the module of the feature's reducer \
      and builds unedited in a test target that depends on it and on ReducerKitTesting.

      A session recorded while effects ran alongside new actions (real clocks) is written in \
      log order with a warning: its test receives each effect's actions before the next send.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @OptionGroup var range: IndexRangeOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The test function's name. Defaults to <feature>Session<id>.", valueName: "name")
  )
  var name: String?

  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp(
      "Write the test to this file instead of standard output.",
      discussion: """
        The file is written beside its place and renamed into it once whole. An existing \
        file is replaced, except the log itself and its -wal, -shm and -journal companions \
        (by any path, link or hard link), which are refused.
        """,
      valueName: "file")
  )
  var output: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Import the feature's module with @testable import.",
      discussion: """
        For an app's own features, whose types are internal: the test then reads them as \
        the module's own code does (the module is built with testing enabled, as 'swift \
        test' builds it).
        """)
  )
  var testable = false

  func validate() throws {
    if let name, let problem = SwiftIdentifier.problem(with: name) {
      throw ValidationError(
        "--name \(InputLimits.quoted(name)) \(problem): name the test "
          + "with ASCII letters, digits and _, not starting with a digit (counterSession1)")
    }
  }

  func run() async throws {
    if let output {
      try OutputFile.refuseLog(output, option: "--output", logPath: sessionOptions.logPath)
    }
    let reader = try await sessionOptions.reader()
    let session = reader.session
    guard let feature = FeatureRegistry.feature(for: session) else {
      throw RKDebugError(
        "session \(session.id) was recorded by feature '\(session.feature)', which this "
          + "rkdebug does not register (it registers: \(FeatureRegistry.registeredNames)); "
          + "a test needs the feature's types: call RKDebug.main(features:) with it"
      )
    }
    let request = TestgenRequest(
      range: try range.range(in: reader),
      testName: name ?? SwiftIdentifier.testName(feature: session.feature, session: session.id),
      logName: URL(fileURLWithPath: sessionOptions.logPath).lastPathComponent,
      testableImport: testable
    )
    let test = try feature.erased.testSource(for: reader, request: request)
    for warning in test.warnings {
      print("rkdebug: warning: \(warning)", to: &StandardError.stream)
    }
    guard let output else {
      print(test.source, terminator: "")
      return
    }
    try OutputFile.write(test.source, to: output)
    let actions = request.range.map { "actions \($0.lowerBound)...\($0.upperBound)" }
    print(
      "wrote \(output): @Test \(request.testName), \(actions ?? "no actions") of session "
        + "\(session.id)")
  }
}
