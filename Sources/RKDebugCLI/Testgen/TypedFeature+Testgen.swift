import Foundation
import ReducerKit
import ReducerKitDebug

extension TypedFeature {
  /// A Swift Testing file with one exhaustive `TestStore` test that sends the session's sent
  /// actions, receives the actions its effects emitted, and asserts every state change, with
  /// the recorded `uuid`, `date`, random values and stack ids fed back, and effects on
  /// immediate clocks (or, for a feature recorded with an `actionInterval`, on a test clock
  /// advanced by that interval after each action, as `record` did).
  func testSource(for reader: SessionReader, request: TestgenRequest) throws -> GeneratedTest {
    let reducerName = String(reflecting: R.self)
    guard let dot = reducerName.firstIndex(of: "."), !reducerName.contains("("),
      !reducerName.contains("<")
    else {
      throw RKDebugError(
        "feature '\(name)' has the reducer type \(reducerName), which a test file cannot name; "
          + "register a reducer of a named, non-generic type to generate a test"
      )
    }
    let module = String(reducerName[..<dot])
    let typeName = String(reducerName[reducerName.index(after: dot)...])
    let literals = SwiftLiteralWriter(module: module)
    let assignments = StateAssignments(literals: literals)
    let first = request.range?.lowerBound ?? 1
    var warnings: [String] = []

    // The places of the initial state that held one shared value are decoded as one.
    let initialState = try decodedState(reader, at: first - 1, linkingShares: first == 1)
    // The state as the test last asserted it, and the state after the last entry read: they
    // differ while shared changes an effect made wait for the next assertion.
    var state = initialState
    var latest = state
    /// The first shared change (entry) an effect made since the last assertion.
    var pendingEntry: Int?
    var steps: [String] = []
    var lastSent: Int?
    var pendingAdvance: String?
    if let range = request.range {
      try reader.forEachChunk(in: range) { actions in
        for logged in actions {
          if logged.isDebuggerControl {
            // What a live debugger did to the app has no counterpart in a TestStore test.
            throw RKDebugError(
              "entry \(logged.index) (\(InputLimits.quoted(logged.singleLineLabel))) is what "
                + "a live debugger did to the app, which testgen cannot write; end the test "
                + "before it with --to \(logged.index - 1)"
            )
          }
          if logged.isSharedChange {
            let after = try decodedState(reader, at: logged.index)
            if case .effect = logged.source {
              // An effect's `withLock`: asserted with the next action, as TCA's tests do (in the
              // `receive` of what the effect sends next, or a `store.assert` at the end).
              latest = after
              pendingEntry = pendingEntry ?? logged.index
              continue
            }
            // Made outside the store or by the storage: the test makes it, through the share
            // the store's state holds, where it happened; nothing asserts it.
            if let pendingEntry {
              throw RKDebugError(
                "entry \(logged.index) (\(InputLimits.quoted(logged.singleLineLabel))) changed "
                  + "shared state outside the store while the change an effect made at entry "
                  + "\(pendingEntry) waited for the next action's assertion, which testgen cannot "
                  + "write; end the test before it with --to \(logged.index - 1)"
              )
            }
            steps.append(
              try Self.outsideChange(logged, from: latest, to: after, assignments: assignments))
            state = after
            latest = after
            continue
          }
          let action: R.Action
          do {
            action = try ActionJSON.decode(R.Action.self, from: logged.json)
          } catch {
            throw RKDebugError(
              "action \(logged.index) no longer decodes as \(String(reflecting: R.Action.self)): "
                + DecodingErrorSummary.text(for: error, decoding: logged.json)
            )
          }
          let next = try decodedState(reader, at: logged.index)
          var call: String
          switch logged.source {
          case .send:
            lastSent = logged.index
            let prefix = "  await store.send("
            call =
              prefix
              + (try literals.literal(action)).text(indent: 2, used: prefix.count, trailing: 3)
              + ")"
            if let actionInterval {
              // Said after the assertion below: the time that passed before the next action.
              pendingAdvance = "  await clock.advance(by: \(Self.literal(actionInterval)))"
            }
          case let .effect(_, parent):
            guard parent >= first else {
              throw RKDebugError(
                "action \(logged.index) was emitted by an effect of action \(parent), before "
                  + "--from \(first); start at action \(parent) instead"
              )
            }
            if actionInterval == nil, let lastSent, parent < lastSent, warnings.isEmpty {
              warnings.append(
                "action \(logged.index) comes from an effect of action \(parent) but was "
                  + "received after action \(lastSent) was sent: the test runs effects on "
                  + "immediate clocks, so it receives it before sending \(lastSent)"
              )
            }
            call = "  await store.receive(\(ReceivedCase.argument(for: action, literals: literals)))"
          }
          if let entry = pendingEntry, case .send = logged.source {
            warnings.append(
              "entry \(entry) changed shared state from an effect before action "
                + "\(logged.index) was sent: the test runs effects on immediate clocks, so the "
                + "change it asserts with action \(logged.index) may not have happened yet, or "
                + "more may have"
            )
          }
          pendingEntry = nil
          let body = try assignments.statements(from: state, to: next, at: "$0", indent: 4)
          if !body.isEmpty {
            call += " {\n" + body.map { "    " + $0 }.joined(separator: "\n") + "\n  }"
          }
          if case .send = logged.source, let advance = pendingAdvance {
            call += "\n" + advance
            pendingAdvance = nil
          }
          steps.append(call)
          state = next
          latest = next
        }
      }
    }

    var lines = [
      "// Generated by rkdebug testgen: session \(reader.session.id) "
        + "('\(SwiftIdentifier.commentText(reader.session.feature))') of "
        + "\(SwiftIdentifier.commentText(request.logName)), "
        + (request.range.map { "actions \($0.lowerBound)...\($0.upperBound)" } ?? "no actions")
        + ".",
      "",
      "import Foundation",
      (request.testableImport ? "@testable import " : "import ") + module,
      "import ReducerKitTesting",
      "import Testing",
      "",
      "@MainActor",
      "@Test func \(request.testName)() async throws {",
    ]
    if actionInterval != nil {
      lines.append("  let clock = TestClock()")
    }
    // The places of the initial state that held one shared value hold one constant.
    let constants = SharedConstants(for: initialState)
    var initialLiterals = literals
    initialLiterals.sharedConstants = constants
    let initialLiteral = try initialLiterals.literal(initialState)
    lines += constants.lines(indent: 2)
    let prefix = "  let store = TestStore(initialState: "
    let initialText = initialLiteral.text(indent: 2, used: prefix.count, trailing: 3)
    if initialText.contains("try ") {
      // `TestStore` takes its initial state by a non-throwing `@autoclosure`, as TCA's does: a
      // state with a value decoded by `try fromJSON(…)` is made before the store.
      let statePrefix = "  let initialState = "
      lines.append(statePrefix + initialLiteral.text(indent: 2, used: statePrefix.count, trailing: 0))
      lines.append(prefix + "initialState) {")
    } else {
      lines.append(prefix + initialText + ") {")
    }
    lines.append("    \(typeName)()")
    lines.append("  } withDependencies: {")
    lines += try dependencyLines(reader, request: request, warnings: &warnings)
    lines.append("  }")
    for step in steps {
      lines.append("")
      lines.append(step)
    }
    lines.append("")
    lines += try endLines(reader, range: request.range)
    // Shared changes effects made after the last action: asserted once the effects are done.
    let lastChanges = try assignments.statements(from: state, to: latest, at: "$0", indent: 4)
    if !lastChanges.isEmpty {
      lines.append("  store.assert {")
      lines += lastChanges.map { "    " + $0 }
      lines.append("  }")
    }
    lines.append("}")
    return GeneratedTest(source: lines.joined(separator: "\n") + "\n", warnings: warnings)
  }

  /// The statement that makes `entry`, a shared change made outside the store or by the
  /// storage, through the first place of `old` that holds the value, under a comment naming it.
  private static func outsideChange(
    _ entry: LoggedAction, from old: R.State, to new: R.State, assignments: StateAssignments
  ) throws -> String {
    let comment = "  // Entry \(entry.index): \(SwiftIdentifier.commentText(entry.singleLineLabel))"
    // The statements set values, one per place of the value: one place makes the change.
    guard
      let statement = try assignments.statements(
        from: old, to: new, at: "store.state", indent: 2
      ).first
    else { return comment + " (the value stayed the same)" }
    return comment + "\n  " + statement
  }

  /// The state at `index`; `linkingShares` decodes the places that held one shared value at
  /// the session's start as one (index 0 only).
  private func decodedState(
    _ reader: SessionReader, at index: Int, linkingShares: Bool = false
  ) throws -> R.State {
    let json = try reader.stateJSON(at: index)
    do {
      guard linkingShares else { return try json.decoded(as: R.State.self) }
      let linker = SharedLinker(groups: try SharedPlaces.groups(in: reader.reads(at: 0)))
      return try json.decoded(as: R.State.self, userInfo: linker.userInfo)
    } catch {
      throw RKDebugError(
        "the state at \(index) no longer decodes as \(String(reflecting: R.State.self)): "
          + DecodingErrorSummary.text(for: error, decoding: json.serialized())
      )
    }
  }

  /// The body of `withDependencies:`: immediate clocks, and the values the reducer read from
  /// `uuid`, `date` and `withRandomNumberGenerator` in the range, in order.
  private func dependencyLines(
    _ reader: SessionReader, request: TestgenRequest, warnings: inout [String]
  ) throws -> [String] {
    let clock = actionInterval == nil ? "ImmediateClock()" : "clock"
    var lines = ["    $0.continuousClock = \(clock)", "    $0.suspendingClock = \(clock)"]
    lines += Self.environmentLines(try reader.reads(at: 0))
    guard let range = request.range else { return lines }
    var uuids: [SwiftLiteral] = []
    var dates: [SwiftLiteral] = []
    var draws: [SwiftLiteral] = []
    var stackIDs: [SwiftLiteral] = []
    var others: [String] = []
    let reads = try reader.reads(in: range)
    for index in reads.keys.sorted() {
      for read in reads[index]?.dependencyReads ?? [] {
        switch read.name {
        case "uuid":
          guard let text = read.value.stringValue, UUID(uuidString: text) != nil else {
            throw Self.badRead(read, index: index, expected: "a UUID string")
          }
          uuids.append(.atom("UUID(uuidString: \(SwiftLiteralWriter.stringLiteral(text)))!"))
        case "date":
          guard case let .number(text) = read.value, Double(text)?.isFinite == true else {
            throw Self.badRead(read, index: index, expected: "a finite number of seconds")
          }
          dates.append(.atom("Date(timeIntervalSinceReferenceDate: \(text))"))
        case "random":
          guard case let .number(text) = read.value, UInt64(text) != nil else {
            throw Self.badRead(
              read, index: index, expected: "an integer in 0...\(UInt64.max) (a UInt64)")
          }
          draws.append(.atom(text))
        case "stackElementID":
          guard case let .number(text) = read.value, let id = Int(text), id >= 0 else {
            throw Self.badRead(read, index: index, expected: "a stack element id (0 or more)")
          }
          stackIDs.append(.atom(String(id)))
        default:
          if !others.contains(read.name) { others.append(read.name) }
        }
      }
    }
    let recorded = [
      ("uuid", uuids), ("date", dates), ("withRandomNumberGenerator", draws),
      ("stackElementID", stackIDs),
    ]
    for (name, values) in recorded where !values.isEmpty {
      let prefix = "    $0.\(name) = .recorded("
      lines.append(
        prefix + SwiftLiteral.array(values).text(indent: 4, used: prefix.count, trailing: 1) + ")")
    }
    if !others.isEmpty {
      warnings.append(
        "the session recorded values of \(others.joined(separator: ", ")), which the test "
          + "does not set: set them in its withDependencies"
      )
    }
    if dependencies != nil {
      warnings.append(
        "feature '\(name)' sets dependencies when registered; the test runs with their test "
          + "values instead"
      )
    }
    return lines
  }

  /// `duration` as Swift: `.seconds(2)`, `.milliseconds(1500)` or `.nanoseconds(…)`.
  static func literal(_ duration: Duration) -> String {
    let nanoseconds =
      Int128(duration.components.seconds) * 1_000_000_000
      + Int128(duration.components.attoseconds / 1_000_000_000)
    if nanoseconds % 1_000_000_000 == 0 { return ".seconds(\(nanoseconds / 1_000_000_000))" }
    if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
    return ".nanoseconds(\(nanoseconds))"
  }

  /// The error for a recorded `uuid`, `date` or random value that is not one: the test would
  /// not compile (or would crash), so none is written.
  private static func badRead(
    _ read: DependencyRead, index: Int, expected: String
  ) -> RKDebugError {
    RKDebugError(
      "the recorded \(read.name) value of action \(index) is "
        + "\(InputLimits.quoted(read.value.serialized())), not \(expected); the log was not "
        + "written by a recorder: record the session again")
  }

  /// The calendar, locale and time zone the session ran in (the reads of index 0), so the
  /// test reads them as the reducer did; none for a session recorded before they were logged.
  static func environmentLines(_ reads: [DependencyRead]) -> [String] {
    var lines: [String] = []
    let values = Dictionary(reads.map { ($0.name, $0.value) }) { first, _ in first }
    if let calendar = values["calendar"]?.objectValue,
      let identifier = calendar["identifier"]?.stringValue,
      identifier.allSatisfy({ $0.isLetter || $0.isNumber }),
      let firstWeekday = calendar["firstWeekday"]?.intValue,
      let minimumDays = calendar["minimumDaysInFirstWeek"]?.intValue,
      let timeZone = calendar["timeZone"]?.stringValue
    {
      let locale = calendar["locale"]?.stringValue.map(SwiftLiteralWriter.stringLiteral) ?? "nil"
      lines += [
        "    $0.calendar = .recorded(",
        "      .\(identifier), firstWeekday: \(firstWeekday), "
          + "minimumDaysInFirstWeek: \(minimumDays),",
        "      locale: \(locale), timeZone: \(SwiftLiteralWriter.stringLiteral(timeZone))",
        "    )",
      ]
    }
    if let locale = values["locale"]?.stringValue {
      lines.append(
        "    $0.locale = Locale(identifier: \(SwiftLiteralWriter.stringLiteral(locale)))")
    }
    if let timeZone = values["timeZone"]?.stringValue {
      lines.append(
        "    $0.timeZone = TimeZone(identifier: \(SwiftLiteralWriter.stringLiteral(timeZone)))!")
    }
    return lines
  }

  /// How the test ends: `finish()` when every effect of the range ran to its end, or skipping
  /// the effects and actions the log shows still to come after it.
  private func endLines(_ reader: SessionReader, range: ClosedRange<Int>?) throws -> [String] {
    guard let range else { return ["  await store.finish()"] }
    let effects = try reader.effects(ofActionsIn: range)
    let unfinished = effects.contains { $0.outcome == nil || $0.outcome == .cancelled }
    var later = false
    if range.upperBound < reader.actionCount {
      // The actions right after the range that its effects emitted.
      let next = try reader.action(at: range.upperBound + 1)
      if case let .effect(_, parent) = next.source, parent <= range.upperBound { later = true }
    }
    var lines: [String] = []
    if unfinished {
      lines.append("  // The log shows effects still running (or cancelled) after the last action.")
      lines.append("  await store.skipInFlightEffects(strict: false)")
    } else {
      lines.append("  await store.finish()")
    }
    if later || unfinished {
      lines.append("  // Effects of these actions emitted more actions after the last one here.")
      lines.append("  await store.skipReceivedActions(strict: false)")
    }
    return lines
  }
}
