import ReducerKitDebug

/// The difference between two logged states, as `rkdebug diff` and the inspector print it:
/// custom-dump's diff of the states decoded into the session's registered feature (the text
/// `changes` prints for a state change), or, when the feature is not registered or its types
/// no longer decode the states, the same shape made from the JSON (``JSONDiffRenderer``).
struct StateDiffText {
  /// The registered feature of the session, if any.
  let feature: DebugFeature?
  /// The renderer for states the feature cannot decode.
  let renderer: JSONDiffRenderer

  init(session: LoggedSession) {
    feature = FeatureRegistry.feature(for: session)
    renderer = JSONDiffRenderer(stateTypeName: session.stateType)
  }

  /// The diff from `old` to `new` (`nil` when they are equal), and why the typed rendering
  /// failed when the feature is registered but its types no longer decode the states.
  func diff(from old: JSONValue, to new: JSONValue) -> (text: String?, typedFailure: String?) {
    guard let feature else { return (renderer.diff(from: old, to: new), nil) }
    do {
      return (try feature.erased.renderDiff(from: old, to: new), nil)
    } catch {
      return (
        renderer.diff(from: old, to: new),
        feature.undecodableStatesWarning(error, printing: "the diff")
      )
    }
  }
}
