import ReducerKitDebug

/// The `changes` text of logged actions: TCA's `_printChanges()` format.
///
/// When the session's feature is registered, the states are decoded into the feature's types
/// and formatted with the action's logged custom dump by `ChangeFormatter`, exactly as the
/// live `_printChanges()` does, so the text is byte-identical. Otherwise (or when the JSON no
/// longer decodes) the same shape is made from the JSON: `received action:`, the logged label
/// indented two spaces, and a custom-dump-style diff of the two JSON states
/// (``JSONDiffRenderer``).
///
/// ```
/// received action:
///   Counter.Action.increment
///   Counter.State(
/// -   count: 0
/// +   count: 1
///   )
///
/// ```
///
/// The text, like `ChangeFormatter.text`, ends with the empty line's `\n` but not with the
/// newline `print` adds: print it with `print`.
struct ChangeText {
  /// The registered feature of the session, if any.
  let feature: DebugFeature?
  /// The renderer for sessions without a registered feature.
  let renderer: JSONDiffRenderer
  /// Why the typed rendering failed the first time it did, for one warning.
  private(set) var typedFailure: String?
  /// The state the typed rendering decoded last.
  private var decoded: DecodedState

  /// The renderer for `session`: typed when its feature is registered (by name, or by its
  /// types for a session recorded under the reducer's type name). With `followingPatches`,
  /// each new state must be the old one with the action's patch applied, the actions coming in
  /// order (``ChangeWalk``): then a state's subtrees no patch touched are not decoded again.
  init(session: LoggedSession, followingPatches: Bool = false) {
    feature = FeatureRegistry.feature(for: session)
    renderer = JSONDiffRenderer(stateTypeName: session.stateType)
    decoded = DecodedState(followsPatches: followingPatches)
  }

  /// The text of `action` as ``text(for:oldState:newState:)`` makes it, or `nil` where that
  /// method would switch to the JSON (its warning is left to it).
  func textWithoutFallback(
    for action: LoggedAction, oldState: JSONValue, newState: JSONValue,
    places: SharePlacePair? = nil
  ) -> String? {
    try? renderedText(for: action, oldState: oldState, newState: newState, places: places)
  }

  /// A copy to render on another thread: the same renderers and failure, and a cache of
  /// decoded states of its own.
  func copyForAnotherThread() -> ChangeText {
    var copy = self
    copy.decoded = DecodedState(followsPatches: decoded.followsPatches)
    return copy
  }

  /// The text of `action`, which turned `oldState` into `newState`; with `places`, where the
  /// two hold shared values, which the typed rendering decodes as one object each.
  mutating func text(
    for action: LoggedAction, oldState: JSONValue, newState: JSONValue,
    places: SharePlacePair? = nil
  ) -> String {
    do {
      return try renderedText(
        for: action, oldState: oldState, newState: newState, places: places)
    } catch {
      // Only a registered feature's rendering throws.
      typedFailure =
        feature?.undecodableStatesWarning(error, printing: "the changes")
        ?? DecodingErrorSummary.text(for: error)
      return Self.untyped(
        action: action, oldState: oldState, newState: newState, renderer: renderer)
    }
  }

  /// The typed text while the feature's types decode the session, the JSON's otherwise;
  /// throws when the typed rendering fails.
  private func renderedText(
    for action: LoggedAction, oldState: JSONValue, newState: JSONValue, places: SharePlacePair?
  ) throws -> String {
    if let feature, typedFailure == nil {
      return try feature.erased.renderChange(
        action: action, oldState: oldState, newState: newState, places: places,
        decoded: decoded)
    }
    return Self.untyped(
      action: action, oldState: oldState, newState: newState, renderer: renderer)
  }

  /// The line above an entry's label: a shared change made outside any action has its own.
  static func header(for action: LoggedAction) -> String {
    if action.isDebuggerControl { return "rkdebug changed the running app:" }
    return action.isSharedChange
      ? "shared state changed outside an action:" : "received action:"
  }

  /// The text made from the JSON alone.
  static func untyped(
    action: LoggedAction, oldState: JSONValue, newState: JSONValue, renderer: JSONDiffRenderer
  ) -> String {
    var text = header(for: action) + "\n"
    text += action.label.indenting(by: 2) + "\n"
    if let diff = renderer.diff(from: oldState, to: newState) {
      text += diff + "\n"
    } else {
      text += "  (No state changes)\n"
    }
    return text
  }
}
