import Foundation
import ReducerKit

/// Travels a running app's recording store in time for an attached debugger: pauses it, jumps
/// it to the logged state after any entry, skips an entry (the state recomputed by the app's
/// reducer without it), dispatches an action, loads a state, and returns it to the present.
///
/// Every control is an entry of the session's log (``DebuggerControl``), so the log stays a
/// true record of what the app showed. ReducerKitLive's `LiveDebugLink` serves one over a
/// WebSocket; a test can drive one directly:
///
/// ```swift
/// let recording = Counter().recording(to: log, feature: "counter")
/// let store = Store<Counter>(initialState: Counter.State(), reducer: recording)
/// let debugger = LiveDebugger(store: store, recording: recording)
/// try debugger.jump(to: 3)
/// ```
@MainActor
public final class LiveDebugger<R: Reducer>
where R.State: ObservableStateProtocol & Codable, R.Action: Codable {
  private let store: Store<R>
  private let recording: _RecordingReducer<R>
  /// The app's present state while it shows a past one.
  private var present: R.State?
  private var jumpedTo: Int?
  private var skipped: Set<Int> = []
  private var isPaused = false
  /// The session's row in the log, once found.
  private var sessionID: Int64?

  /// Creates a debugger of `store`, whose reducer is (or runs) `recording`.
  public init(store: Store<R>, recording: _RecordingReducer<R>) {
    self.store = store
    self.recording = recording
  }

  private var session: RecordingSession { recording.session }

  /// Where the app is in time.
  public var status: LiveStatus {
    LiveStatus(
      feature: session.feature, session: session.entryCount == 0 ? "" : session.uuid.uuidString,
      entries: session.entryCount, paused: isPaused, heldActions: store.heldActionCount,
      jumpedTo: jumpedTo, skipped: skipped.sorted()
    )
  }

  /// The state the app shows now, as the log encodes states.
  public func stateJSON() throws -> JSONValue {
    try JSONValue(parsing: JSONFragmentEncoder().string(store.state))
  }

  // MARK: - Controls

  /// Holds the actions the app sends (views and effects) until ``resume()``.
  public func pause() {
    guard !isPaused else { return }
    store.holdActions()
    isPaused = true
    let state = store.state
    session.record(control: .pause, from: state, to: state)
  }

  /// Returns the app to its present state when it shows a past one, then reduces the actions
  /// held while it was paused, in order.
  public func resume() {
    guard isPaused else { return }
    let shown = store.state
    let present = self.present ?? shown
    self.present = nil
    jumpedTo = nil
    isPaused = false
    session.record(control: .resume, from: shown, to: present)
    store.replaceState(present)
    store.releaseHeldActions()
  }

  /// Shows the logged state after entry `index` (0: the initial state), pausing the app; the
  /// present waits for ``resume()``.
  public func jump(to index: Int) throws {
    let reader = try reader()
    guard (0...reader.actionCount).contains(index) else {
      throw LiveDebuggerError.noSuchEntry(index: index, entries: reader.actionCount)
    }
    let past: R.State = try decode(
      try logged { try reader.stateJSON(at: index) },
      userInfo: try logged { try reader.sharedLinker(at: index).userInfo })
    pause()
    let shown = store.state
    if present == nil { present = shown }
    jumpedTo = index
    session.record(control: .jump(to: index), from: shown, to: past)
    store.replaceState(past)
  }

  /// Recomputes the app's state by its reducer without entry `index`, as `rkdebug replay
  /// --skip` does (effects are not re-run: what they sent is in the log).
  public func skip(_ index: Int) throws {
    try recompute(.skip(index), skipping: skipped.union([index]), index: index, operation: "skip")
  }

  /// Recomputes the app's state with entry `index` again.
  public func unskip(_ index: Int) throws {
    guard skipped.contains(index) else {
      throw LiveDebuggerError.notSkipped(index: index, skipped: skipped.sorted())
    }
    try recompute(
      .unskip(index), skipping: skipped.subtracting([index]), index: index, operation: "unskip")
  }

  /// Sends `json`, decoded as the feature's `Action`, to the store, even while it is paused.
  public func dispatch(_ json: JSONValue) throws {
    if let jumpedTo {
      throw LiveDebuggerError.showingThePast(index: jumpedTo, operation: "dispatch")
    }
    let action: R.Action
    do {
      action = try json.decoded(as: R.Action.self)
    } catch {
      throw LiveDebuggerError.actionDoesNotDecode(
        type: String(reflecting: R.Action.self), reason: DecodingErrorSummary.text(for: error))
    }
    let state = store.state
    session.record(control: .dispatch, from: state, to: state)
    store.sendPastHold(action)
  }

  /// Makes `json`, decoded as the feature's `State`, the app's present state: a developer
  /// continues from a state brought from a user's log or bug report (`source` says which).
  public func load(_ json: JSONValue, source: String) throws {
    let loaded: R.State = try decode(json)
    let shown = store.state
    present = nil
    jumpedTo = nil
    skipped = []
    session.record(control: .load(source: source), from: shown, to: loaded)
    store.replaceState(loaded)
  }

  /// The last debugger left: the app returns to the present and runs what it held, so no
  /// debugger leaves it half-way.
  public func detach() {
    resume()
  }

  // MARK: - Requests

  /// Carries out one request of the live link and answers it; a request it cannot parse or
  /// carry out is answered with an error, and the app stays as it was.
  public func answer(_ text: String) -> String {
    let answer: LiveAnswer
    do {
      answer = try self.answer(LiveRequest(text: text))
    } catch {
      answer = LiveAnswer(id: LiveRequest.id(in: text), ok: false, error: "\(error)")
    }
    return answer.text
  }

  /// Carries out `request`.
  public func answer(_ request: LiveRequest) -> LiveAnswer {
    do {
      var state: JSONValue?
      var entries: [LiveEntry]?
      switch request.op {
      case .status: break
      case .state: break
      case .entries: entries = try self.entries(after: request.after ?? 0)
      case .pause: pause()
      case .resume: resume()
      case .jump: try jump(to: try field(request.index, "index", of: request))
      case .skip: try skip(try field(request.index, "index", of: request))
      case .unskip: try unskip(try field(request.index, "index", of: request))
      case .dispatch: try dispatch(try field(request.action, "action", of: request))
      case .load:
        try load(
          try field(request.state, "state", of: request), source: request.source ?? "a state")
      }
      if request.op != .entries && request.op != .status { state = try stateJSON() }
      return LiveAnswer(id: request.id, ok: true, status: status, state: state, entries: entries)
    } catch {
      return LiveAnswer(id: request.id, ok: false, error: "\(error)", status: status)
    }
  }

  /// The entries after `index`, at most 1,000.
  public func entries(after index: Int) throws -> [LiveEntry] {
    guard session.entryCount > max(0, index) else { return [] }
    let reader = try reader()
    let first = max(0, index) + 1
    guard first <= reader.actionCount else { return [] }
    let last = min(reader.actionCount, first + 999)
    return try logged { try reader.actions(in: first...last, patches: false) }.map { action in
      let kind =
        action.isDebuggerControl
        ? "rkdebug" : action.isSharedChange ? "shared" : action.source == .send ? "send" : "effect"
      return LiveEntry(index: action.index, label: action.singleLineLabel, kind: kind)
    }
  }

  // MARK: - Helpers

  private func recompute(
    _ control: DebuggerControl, skipping: Set<Int>, index: Int, operation: String
  ) throws {
    if let jumpedTo {
      throw LiveDebuggerError.showingThePast(index: jumpedTo, operation: operation)
    }
    let reader = try reader()
    guard reader.actionCount > 0, (1...reader.actionCount).contains(index) else {
      throw LiveDebuggerError.noSuchEntry(index: index, entries: reader.actionCount)
    }
    let entry = try logged { try reader.action(at: index) }
    if entry.isDebuggerControl {
      throw LiveDebuggerError.notAnAction(index: index, label: entry.label)
    }
    let recomputed = try logged {
      let engine = try ReplayEngine(reader: reader, reducer: recording.base)
      engine.recomputes = true
      _ = try engine.run(to: reader.actionCount, skipping: skipping)
      return engine.state
    }
    let shown = store.state
    skipped = skipping
    session.record(control: control, from: shown, to: recomputed)
    store.replaceState(recomputed)
  }

  /// A reader of the session with everything logged so far committed.
  private func reader() throws -> SessionReader {
    try logged {
      let log = session.log
      try log.flush()
      if sessionID == nil {
        sessionID = try log.sessions().last { $0.uuid == session.uuid.uuidString }?.id
      }
      guard let sessionID else {
        throw LiveDebuggerError.noSuchEntry(index: 1, entries: 0)
      }
      return try log.reader(session: sessionID)
    }
  }

  private func decode(
    _ json: JSONValue, userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> R.State {
    do {
      return try json.decoded(as: R.State.self, userInfo: userInfo)
    } catch {
      throw LiveDebuggerError.stateDoesNotDecode(
        type: String(reflecting: R.State.self), reason: DecodingErrorSummary.text(for: error))
    }
  }

  /// Runs `body`, turning an error of the log or of a replay into a ``LiveDebuggerError``.
  private func logged<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as LiveDebuggerError {
      throw error
    } catch {
      throw LiveDebuggerError.log("\(error)")
    }
  }

  private func field<T>(_ value: T?, _ name: String, of request: LiveRequest) throws -> T {
    guard let value else {
      throw LiveDebuggerError.missingField(operation: request.op.rawValue, field: name)
    }
    return value
  }
}
