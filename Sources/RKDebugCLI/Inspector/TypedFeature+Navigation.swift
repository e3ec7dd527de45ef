import ReducerKitDebug

extension TypedFeature {
  func navigation(of state: JSONValue) throws -> (NavigationNode, Set<NavigationWalk.Slot>) {
    var walk = NavigationWalk()
    let node = walk.node(of: try state.decoded(as: R.State.self), json: state)
    return (node, walk.slots)
  }
}
