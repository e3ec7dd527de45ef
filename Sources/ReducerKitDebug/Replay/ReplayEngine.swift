import CustomDump
import Foundation
import ReducerKit

/// Re-runs a recorded session's actions through a reducer, without running effects, and checks
/// each state against the log.
///
/// ```swift
/// let reader = try ActionLog.readOnly(path: "rkdebug.sqlite").reader(session: 3)
/// let engine = try ReplayEngine(reader: reader, reducer: Todos(environment: .immediate))
/// let result = try engine.run()
/// if let divergence = result.divergence {
///   print("diverged at \(divergence.index):\n\(divergence.difference.diff)")
/// }
/// ```
///
/// The engine starts from the recorded initial state (index 0) and reduces every logged action
/// in order with one reducer value, so reducers with dependencies that count (an incrementing
/// UUID generator) make the same values as when recording. The effects the reducer returns are
/// dropped: the actions they emitted are in the log and are replayed at their own index.
///
/// Checking is cheap: the recorder's ``StateDiffer`` finds what the action changed in the live
/// state, and that change is compared operation by operation with the logged patch. Only when
/// they differ are whole states compared (as JSON), and only when those differ is the action a
/// divergence, reported with a swift-custom-dump `diff` of the recorded and replayed states.
public final class ReplayEngine<R: Reducer>: SessionReplayer
where R.State: ObservableStateProtocol & Codable, R.Action: Decodable {
  /// The session being replayed.
  public let reader: SessionReader
  /// Warnings found before replaying: the state or action type changed since the session was
  /// recorded (its fingerprint differs), so the replay may diverge.
  public let warnings: [String]
  /// The index of the current state: 0 before the first action.
  public private(set) var index = 0
  /// The first divergence found so far; checking stops once there is one.
  public private(set) var divergence: ReplayDivergence?
  /// The indices of the actions skipped so far, in order.
  public private(set) var skipped: [Int] = []
  /// The replayed state at ``index``.
  public private(set) var state: R.State
  /// Whether the engine recomputes the state of a running app without checking it: a
  /// ``LiveDebugger``'s skip, where what the debugger did to the view is left out.
  public var recomputes = false

  private let reducer: R
  /// The dependencies every action is replayed with: the recorded calendar, locale and time
  /// zone, and `uuid`, `date` and random numbers read from the recording through ``reads``.
  private let dependencies: DependencyValues.Continuation
  private let reads = ReplayedReads()
  private let recordsInputs: Bool
  private let decoder = JSONDecoder()
  private let encoder = JSONFragmentEncoder()
  private var matcher = PatchMatcher()
  /// The rows `forEach` ran on for the action being checked.
  private let journal = ElementChangeJournal()
  /// Decoded actions by their JSON text: sessions repeat a few actions many times.
  private var decodedActions: [String: R.Action] = [:]
  private var batch: [ReplayRecord] = []
  private var batchStart = 1

  /// How many actions are read from the log at a time.
  static var batchSize: Int { 4096 }
  /// How many distinct action texts are kept decoded.
  static var decodedActionLimit: Int { 4096 }

  /// Prepares a replay of `reader`'s session from its initial state.
  ///
  /// The values the reducer read from `uuid`, `date`, `withRandomNumberGenerator` and
  /// dependencies opted in with `recordedInput(_:_:)` come from the log, in the order they
  /// were read; a read the log cannot answer is a divergence that names the dependency. A
  /// session recorded before inputs were logged replays with the dependencies current here.
  ///
  /// - Parameters:
  ///   - reader: The session to replay.
  ///   - reducer: The current reducer of the session's feature.
  ///   - prepareDependencies: Sets dependencies the reducer reads that are not recorded.
  /// - Throws: ``ReplayError/stateDoesNotDecode(index:type:reason:)`` when the recorded initial
  ///   state does not decode as `R.State`, or a ``LogError``.
  public init(
    reader: SessionReader, reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) throws {
    self.reader = reader
    self.reducer = reducer
    let recordsInputs = try reader.recordsInputs()
    self.recordsInputs = recordsInputs
    let environment = recordsInputs ? try Self.environment(of: reader) : nil
    self.dependencies = DependencyValues.Continuation.current {
      // Shared values a replay persists stay in it: a replay never writes the app's files,
      // defaults or in-memory keys.
      $0.defaultFileStorage = .inMemory
      $0.defaultAppStorage = UserDefaults(suiteName: "rkdebug.replay.\(UUID().uuidString)")!
      $0.defaultInMemoryStorage = InMemoryStorage()
      if recordsInputs {
        // What a read the log cannot answer gets: a divergence is reported for it anyway.
        $0.uuid = .incrementing
        $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 0))
        $0.stackElementID = .incrementing()
      }
      prepareDependencies?(&$0)
      environment?.apply(to: &$0)
      if recordsInputs { $0.routeNondeterministicInputsThroughTape() }
    }
    let initialJSON = try reader.stateJSON(at: 0)
    // The places that held one shared value hold one again.
    let linker = SharedLinker(groups: try SharedPlaces.groups(in: reader.reads(at: 0)))
    let initialState: R.State = try Self.decodeState(initialJSON, at: 0, userInfo: linker.userInfo)
    self.state = initialState
    self.warnings = Self.typeWarnings(for: reader.session, initialState: initialState)
  }

  // MARK: - Replaying

  /// Replays (or, with `skip`, skips) the next action and checks the state after it.
  ///
  /// An action is checked only while nothing has been skipped and no divergence has been
  /// found; otherwise the step's outcome is ``ReplayStep/Outcome/unchecked``.
  ///
  /// - Parameter skip: Whether to skip the action, as if it had never been sent. Later actions
  ///   are no longer checked.
  /// - Returns: The action's index and what the check found.
  /// - Throws: ``ReplayError/actionDoesNotDecode(index:label:type:reason:)`` or a ``LogError``,
  ///   such as ``LogError/indexOutOfRange(index:actionCount:)`` past the last action.
  @discardableResult
  public func step(skipping skip: Bool = false) throws -> ReplayStep {
    try withReplayDependencies { try advance(skipping: skip) }
  }

  /// Runs `body` with the replay's dependencies and tape bound: once per ``step(skipping:)``,
  /// or once for a whole ``run(to:skipping:progress:)``.
  private func withReplayDependencies<Result>(_ body: () throws -> Result) rethrows -> Result {
    try dependencies.yield {
      recordsInputs ? try reads.bind(body) : try body()
    }
  }

  /// ``step(skipping:)`` inside ``withReplayDependencies(_:)``.
  private func advance(skipping skip: Bool) throws -> ReplayStep {
    let next = index + 1
    let record = try record(at: next)
    if skip {
      index = next
      skipped.append(next)
      return ReplayStep(index: next, outcome: .skipped)
    }
    if record.json == SharedChangeEntry.json,
      let control = DebuggerControl.marking(record.reads)
    {
      return try applyControl(control, of: record)
    }
    if record.json == SharedChangeEntry.json {
      // Not an action: a shared value changed outside the reducer, an input replayed as logged.
      try applySharedChange(record)
      index = next
      guard skipped.isEmpty && divergence == nil && !recomputes else {
        return ReplayStep(index: next, outcome: .unchecked)
      }
      guard let difference = try differenceFromRecording() else {
        return ReplayStep(index: next, outcome: .matched)
      }
      return try diverge(at: next, difference: difference, inputMismatch: nil)
    }
    let action = try decodeAction(record)
    let isChecking = skipped.isEmpty && divergence == nil && !recomputes
    let oldState = state
    // Emptied before the reducer runs, so no buffer it kept is shared when the rows change.
    journal.removeAll()
    // Shared values the reducer changes are the same in `oldState`: the tracker keeps their
    // values before the change, as the recorder's does.
    let sharedChanges = SharedChangeTracker()
    var readMismatch: String?
    if recordsInputs {
      reads.load(record.reads, index: next)
      sharedChanges.track { reduce(action, noting: isChecking ? journal : nil) }
      readMismatch = reads.finish()
    } else {
      sharedChanges.track { reduce(action, noting: isChecking ? journal : nil) }
    }
    index = next
    guard isChecking else { return ReplayStep(index: next, outcome: .unchecked) }
    var changes = StateDiffer.changes(from: oldState, to: state, journal: journal)
    if sharedChanges.hasChanges {
      let holdings = SharedLocator.holdings(in: oldState)
      changes = StateDiffer.changes(of: holdings, changedIn: sharedChanges) + changes
    }
    let difference: StateDifference
    if try readMismatch == nil
      && (matcher.matches(changes, text: record.patchText)
        ?? matcher.matches(changes, record.patch()))
    {
      return ReplayStep(index: next, outcome: .matched)
    } else if let stateDifference = try differenceFromRecording() {
      difference = stateDifference
    } else if readMismatch != nil {
      let json = try currentStateJSON()
      difference = StateDifference(index: next, expected: json, actual: json, diff: "")
    } else {
      // The same state, reached by a change the recorder now spells differently.
      return ReplayStep(index: next, outcome: .matched)
    }
    return try diverge(at: next, difference: difference, inputMismatch: readMismatch)
  }

  /// Replays what a live debugger did to the app at `record`: the app's state became the
  /// logged state after it. One that only changed the view (a jump, a skip) is left out once
  /// an action was skipped, or when the engine ``recomputes``: the state is then recomputed
  /// from what the app did.
  private func applyControl(_ control: DebuggerControl, of record: ReplayRecord) throws
    -> ReplayStep
  {
    let next = record.index
    index = next
    let isChecking = skipped.isEmpty && divergence == nil && !recomputes
    if control.changesOnlyTheView && (recomputes || !skipped.isEmpty) {
      return ReplayStep(index: next, outcome: .unchecked)
    }
    // The places that held one shared value there hold one again, as in the initial state.
    let linker = try reader.sharedLinker(at: next)
    state = try Self.decodeState(
      try reader.stateJSON(at: next), at: next, userInfo: linker.userInfo)
    return ReplayStep(index: next, outcome: isChecking ? .matched : .unchecked)
  }

  /// Notes the divergence at `index`, the first found.
  private func diverge(
    at index: Int, difference: StateDifference, inputMismatch: String?
  ) throws -> ReplayStep {
    let logged = try reader.action(at: index)
    let divergence = ReplayDivergence(
      index: index, label: logged.label, source: logged.source, difference: difference,
      inputMismatch: inputMismatch
    )
    self.divergence = divergence
    return ReplayStep(index: index, outcome: .diverged(divergence))
  }

  /// Makes the shared change an entry logged (an effect's `withLock`, the storage) in
  /// ``state``: the first place its patch changes that the replayed state holds a share at
  /// takes the patch's operations there, set through that share, so every place the replayed
  /// state holds it at sees it, as in the app. Whether they are the places the recording
  /// changed is checked after. A replayed state that holds no share where the patch changes
  /// (an action was skipped, or today's reducer keeps a plain value there) is left as it is.
  private func applySharedChange(_ record: ReplayRecord) throws {
    let patch = try record.patch()
    let holdings = SharedLocator.holdings(in: state).filter { !$0.isReadOnly }
    guard
      let holding = patch.lazy.compactMap({ operation in
        holdings.first { operation.path.tokens.starts(with: $0.path) }
      }).first
    else { return }
    var json = try currentStateJSON()
    let operations = patch.filter { $0.path.tokens.starts(with: holding.path) }
    guard (try? json.apply(operations)) != nil,
      let value = json.value(at: JSONPointer(tokens: holding.path))
    else { return }
    do {
      try holding.replace(value.serializedData())
    } catch {
      throw ReplayError.stateDoesNotDecode(
        index: record.index, type: String(reflecting: R.State.self),
        reason: DecodingErrorSummary.text(for: error))
    }
  }

  /// Reduces `action` into ``state``; its effect is dropped.
  private func reduce(_ action: R.Action, noting journal: ElementChangeJournal?) {
    _ = ElementChangeJournal.withCurrent(journal) {
      reducer.reduce(into: &state, action: action)
    }
  }

  /// Replays actions up to `end`, stopping at the first divergence.
  ///
  /// - Parameters:
  ///   - end: The last index to replay; the session's last action when `nil`.
  ///   - skipping: Indices of actions to skip, as if they had never been sent.
  ///   - progress: Called every 1,024 actions with the index reached and `end`.
  /// - Returns: What the run found; when actions were skipped and nothing diverged, its
  ///   ``ReplayResult/finalDifference`` compares the last state with the recorded one.
  /// - Throws: ``LogError/indexOutOfRange(index:actionCount:)`` when `end` is before the
  ///   current index or past the last action, or what ``step(skipping:)`` throws.
  public func run(
    to end: Int? = nil, skipping: Set<Int> = [],
    progress: ((_ index: Int, _ end: Int) -> Void)? = nil
  ) throws -> ReplayResult {
    let end = end ?? reader.actionCount
    guard (index...reader.actionCount).contains(end) else {
      throw LogError.indexOutOfRange(index: end, actionCount: reader.actionCount)
    }
    let clock = ContinuousClock()
    let start = clock.now
    let first = index
    try withReplayDependencies {
      while index < end {
        let step = try advance(skipping: skipping.contains(index + 1))
        if case .diverged = step.outcome { break }
        if let progress, index % 1024 == 0 { progress(index, end) }
      }
    }
    var finalDifference: StateDifference?
    if !skipped.isEmpty, divergence == nil, !recomputes {
      finalDifference = try differenceFromRecording()
    }
    return ReplayResult(
      sessionID: reader.session.id, lastIndex: index, actionCount: index - first,
      divergence: divergence, skipped: skipped, finalDifference: finalDifference,
      duration: clock.now - start
    )
  }

  /// The current (replayed) state's JSON.
  ///
  /// - Throws: ``ReplayError/stateDoesNotEncode(type:reason:)`` when the state does not encode.
  public func currentStateJSON() throws -> JSONValue {
    do {
      return try JSONValue(parsing: encoder.string(state))
    } catch {
      throw ReplayError.stateDoesNotEncode(
        type: String(reflecting: R.State.self), reason: DecodingErrorSummary.text(for: error)
      )
    }
  }

  /// How the current state differs from the recorded state at the current index, or `nil` when
  /// their JSON is equivalent.
  ///
  /// The difference is a swift-custom-dump `diff` of the recorded and replayed states when the
  /// recorded one decodes as `R.State` and their dumps differ, and a diff of their JSON
  /// otherwise.
  public func differenceFromRecording() throws -> StateDifference? {
    let expected = try reader.stateJSON(at: index)
    let actual = try currentStateJSON()
    guard !actual.isEquivalent(to: expected) else { return nil }
    let text: String
    if let typed = Self.placeByPlaceDiff(expected, actual) {
      text = typed
    } else if let recorded = try? expected.decoded(as: R.State.self),
      let typed = CustomDump.diff(recorded, state)
    {
      text = typed
    } else {
      text = JSONValue.diff(from: expected, to: actual).map(\.description)
        .joined(separator: "\n")
    }
    return StateDifference(index: index, expected: expected, actual: actual, diff: text)
  }

  /// The custom-dump diff of two states holding shared values, decoded from their JSON so that
  /// each place is one object in both: a shared value the two states hold differently (the
  /// reducer shares otherwise than the recording) is compared by its value at each place,
  /// rather than printed whole as another object. `nil` when the states hold no shared value.
  private static func placeByPlaceDiff(_ expected: JSONValue, _ actual: JSONValue) -> String? {
    let linker = SharedLinker(placeByPlace: ())
    guard
      let recorded = try? linker.decode(with: [:], {
        try expected.decoded(as: R.State.self, userInfo: linker.userInfo)
      }),
      linker.metSharedValues
    else { return nil }
    linker.changes.reset()
    guard
      let replayed = try? linker.decode(with: [:], {
        try actual.decoded(as: R.State.self, userInfo: linker.userInfo)
      })
    else { return nil }
    return linker.changes.reading(.current, lhs: .before, rhs: .current) {
      CustomDump.diff(recorded, replayed)
    }
  }

  // MARK: - Reading the log

  private func record(at index: Int) throws -> ReplayRecord {
    guard (1...max(1, reader.actionCount)).contains(index), reader.actionCount > 0 else {
      throw LogError.indexOutOfRange(index: index, actionCount: reader.actionCount)
    }
    if !(batchStart..<(batchStart + batch.count)).contains(index) {
      let last = min(reader.actionCount, index + Self.batchSize - 1)
      batch = try ReplayRecord.records(in: index...last, of: reader)
      batchStart = index
      guard batch.first?.index == index, batch.count == last - index + 1 else {
        throw LogError.corrupt(
          "session \(reader.session.id) is missing actions between \(index) and \(last)"
        )
      }
    }
    return batch[index - batchStart]
  }

  private func decodeAction(_ record: ReplayRecord) throws -> R.Action {
    if let action = decodedActions[record.json] { return action }
    let action: R.Action
    do {
      action = try ActionJSON.decode(R.Action.self, from: record.json, decoder: decoder)
    } catch {
      let label = (try? reader.action(at: record.index).singleLineLabel) ?? record.json
      throw ReplayError.actionDoesNotDecode(
        index: record.index, label: label,
        type: String(reflecting: R.Action.self),
        reason: DecodingErrorSummary.text(for: error, decoding: record.json)
      )
    }
    if decodedActions.count >= Self.decodedActionLimit { decodedActions.removeAll() }
    decodedActions[record.json] = action
    return action
  }

  private static func decodeState(
    _ json: JSONValue, at index: Int, userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> R.State {
    do {
      return try json.decoded(as: R.State.self, userInfo: userInfo)
    } catch {
      throw ReplayError.stateDoesNotDecode(
        index: index, type: String(reflecting: R.State.self),
        reason: DecodingErrorSummary.text(for: error)
      )
    }
  }

  /// The calendar, locale and time zone the session was recorded with.
  private static func environment(of reader: SessionReader) throws -> SessionEnvironment {
    do {
      return try SessionEnvironment(reads: reader.reads(at: 0))
    } catch let error as LogError {
      throw error
    } catch {
      throw LogError.corrupt(
        "the calendar, locale and time zone of session \(reader.session.id) do not decode: "
          + DecodingErrorSummary.text(for: error)
      )
    }
  }

  // MARK: - Fingerprints

  /// Warnings for state and action types that differ from the ones the session was recorded
  /// with: another type name, or the same name with another shape (fingerprint).
  static func typeWarnings(for session: LoggedSession, initialState: R.State) -> [String] {
    var warnings: [String] = []
    let stateType = String(reflecting: R.State.self)
    let actionType = String(reflecting: R.Action.self)
    let stateFingerprint = TypeFingerprint.of(R.State.self, sample: initialState)
    let actionFingerprint = TypeFingerprint.of(R.Action.self)
    func check(kind: String, recorded: String, current: String, old: String, new: String) {
      if recorded != current {
        warnings.append(
          "session \(session.id) was recorded with \(kind) type \(recorded), not \(current); "
            + "the replay may diverge"
        )
      } else if old != new {
        warnings.append(
          "the \(kind) type \(current) changed since session \(session.id) was recorded "
            + "(fingerprint \(old), now \(new)); the replay may diverge"
        )
      }
    }
    check(
      kind: "state", recorded: session.stateType, current: stateType,
      old: session.stateFingerprint, new: stateFingerprint
    )
    check(
      kind: "action", recorded: session.actionType, current: actionType,
      old: session.actionFingerprint, new: actionFingerprint
    )
    return warnings
  }
}
