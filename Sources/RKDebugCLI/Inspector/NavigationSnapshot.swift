import ReducerKitDebug

/// The navigation view of one state of a session (`GET /api/sessions/ID/navigation?at=N`): from
/// the registered feature's types when there is one, else from what the JSON alone proves
/// (``UntypedNavigationWalk``), with a message saying so.
struct NavigationSnapshot {
  let session: LoggedSession
  /// The session's registered feature (``FeatureRegistry/feature(for:)``), or `nil`.
  let feature: DebugFeature?

  /// `{"at": N, "typed": true, "message": null, "root": {…}}` for the state `state` at `index`.
  func json(at index: Int, state: JSONValue) -> JSONValue {
    let (node, message) = navigation(of: state, at: index)
    return [
      "at": JSONValue(index), "typed": .bool(message == nil),
      "message": message.map(JSONValue.string) ?? .null, "root": node.json,
    ]
  }

  /// The navigation of `state`, and why it is untyped when it is.
  func navigation(of state: JSONValue, at index: Int) -> (NavigationNode, String?) {
    guard let feature else {
      return (
        UntypedNavigationWalk.node(of: state),
        "this rkdebug registers no feature for '\(session.feature)': the stacks are those its "
          + "JSON holds, and what is presented needs the feature registered"
      )
    }
    do {
      return (try feature.erased.navigation(of: state).0, nil)
    } catch {
      return (
        UntypedNavigationWalk.node(of: state),
        "the state at \(index) does not decode as feature '\(feature.name)' today (\(error)): "
          + "the stacks are those its JSON holds, and what is presented is not shown"
      )
    }
  }
}
