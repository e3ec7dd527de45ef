import ReducerKitDebug

/// The state as the actions of a walk change it, and the `changes` text of each
/// (``ChangeText``): `changes` keeps one state, not the session's.
struct ChangeWalk {
  private var renderer: ChangeText
  private var state: JSONValue
  private var warned = false

  init(session: LoggedSession, state: JSONValue) {
    renderer = ChangeText(session: session)
    self.state = state
  }

  /// Applies the patch of `action`, the next one, and returns the text of its change. The
  /// first time the typed rendering fails, `sink` is flushed and a warning printed.
  mutating func text(for action: LoggedAction, flushing sink: inout LineSink) throws -> String {
    let oldState = state
    do {
      try state.apply(action.patch)
    } catch {
      throw LogError.corrupt("the patch of action \(action.index) does not apply: \(error)")
    }
    let text = renderer.text(for: action, oldState: oldState, newState: state)
    if let failure = renderer.typedFailure, !warned {
      warned = true
      try sink.flush()
      print("rkdebug: warning: \(failure)", to: &StandardError.stream)
    }
    return text
  }
}
