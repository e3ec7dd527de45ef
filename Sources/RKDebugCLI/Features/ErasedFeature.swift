import ReducerKitDebug

/// What the commands need from a feature, without its types.
///
/// ``TypedFeature`` implements it for each registered reducer; commands reach it through
/// ``DebugFeature/erased``.
protocol ErasedFeature: Sendable {
  /// The name sessions are recorded under.
  var name: String { get }

  /// Whether the feature can make random actions (`record --random`).
  var canMakeRandomActions: Bool { get }

  /// Records one session of the feature into the log `openLog` opens: drives a `Store` of the
  /// feature through its recording reducer with the actions of `input`, waiting for effects
  /// after each action, then closes the log.
  ///
  /// An actions file is read twice, a line at a time: every line is decoded before the log is
  /// opened, so a malformed line leaves the log untouched, then each is sent.
  ///
  /// - Parameter progress: Called after each action with the number sent so far and the total.
  /// - Returns: The recorded session's uuid and how many actions were sent.
  @MainActor
  func record(
    _ input: RecordInput, options: RecordOptions, openLog: () throws -> ActionLog,
    progress: (_ sent: Int, _ total: Int) -> Void
  ) async throws -> RecordingOutcome

  /// Runs a store of the feature as an app would, recording into `log` with its live link
  /// open (``LiveApp``): a simulated user sends random actions while rkdebug may attach.
  @MainActor
  func runLive(_ app: LiveApp, log: ActionLog) async throws

  /// A replay of `reader`'s session through the feature's current reducer, with its registered
  /// dependencies and the values the session recorded (its effects are never run).
  func replayer(for reader: SessionReader) throws -> any SessionReplayer

  /// The `_printChanges()` text of one logged action, made with the feature's real types: both
  /// states are decoded and handed, with the action's logged custom dump, to
  /// `ChangeFormatter.text`, so the text is byte-identical to what the live `_printChanges()`
  /// printed. `decoded` keeps the last state decoded, which is the next action's old state.
  /// With `places`, the states' shared values are decoded as the one object each was live.
  /// Throws when the JSON no longer decodes (the types changed since the recording).
  func renderChange(
    action: LoggedAction, oldState: JSONValue, newState: JSONValue, places: SharePlacePair?,
    decoded: DecodedState
  ) throws -> String

  /// custom-dump's `diff` of two logged states decoded into the feature's types, as `changes`
  /// prints a state change; `nil` when they are equal. Throws when the JSON no longer decodes.
  func renderDiff(from oldState: JSONValue, to newState: JSONValue) throws -> String?

  /// The navigation of a logged state decoded into the feature's types (``NavigationWalk``),
  /// and the slots where stacks and presentations were found. Throws when the JSON no longer
  /// decodes.
  func navigation(of state: JSONValue) throws -> (NavigationNode, Set<NavigationWalk.Slot>)

  /// The source of a Swift Testing file whose one `TestStore` test reproduces the actions of
  /// `reader`'s session in `request`'s range (`rkdebug testgen`).
  func testSource(for reader: SessionReader, request: TestgenRequest) throws -> GeneratedTest
}
