import RKDebugInspector
import ReducerKitDebug

/// The data of a self-contained inspector page (`rkdebug ui --export`): one window of a
/// session with everything the page shows of it, which the page's script reads instead of
/// the JSON API (docs/ui-api.md, "Exported pages").
enum InspectorExport {
  /// The session, the state before `window`, and each action of `window` with its change,
  /// patch, effects and recorded inputs; no actions when `window` is nil (an empty session).
  /// The navigation view is listed at the indices where it changes, with the window's
  /// navigation timeline.
  static func data(reader: SessionReader, window: ClosedRange<Int>?) throws -> JSONValue {
    let start = (window?.lowerBound ?? 1) - 1
    var state = try reader.stateJSON(at: start)
    let base = state
    var actions: [JSONValue] = []
    var effects: [JSONValue] = []
    let feature = FeatureRegistry.feature(for: reader.session)
    let snapshot = NavigationSnapshot(session: reader.session, feature: feature)
    var navigation = [snapshot.json(at: start, state: state)]
    if let window {
      var renderer = ChangeText(session: reader.session, followingPatches: true)
      let started = try reader.effects(ofActionsIn: window)
      let emitted = try reader.emittedActions(of: started)
      let reads = try reader.reads(in: window)
      var places = try reader.sharePlaces(at: start)
      effects = started.map {
        SessionInspector.effectJSON($0, emitted: emitted.byEffect[$0.id] ?? [])
      }
      let effectsByAction = Dictionary(grouping: effects.indices) {
        started[$0].actionIndex
      }
      try reader.forEachAction(in: window) { action in
        let old = state
        let oldPlaces = places
        let added =
          places == nil ? nil : try reads[action.index].flatMap(SharePlaces.entries(in:))
        try state.apply(action.patch, following: &places, adding: added ?? [])
        let view = snapshot.json(at: action.index, state: state)
        if view.adding(["at": 0]) != navigation.last!.adding(["at": 0]) { navigation.append(view) }
        let changes = renderer.text(
          for: action, oldState: old, newState: state, places: SharePlacePair(oldPlaces, places))
        actions.append(
          SessionInspector.detailJSON(
            action, session: reader.session, changes: changes, renderer: renderer,
            effects: (effectsByAction[action.index] ?? []).map { effects[$0] },
            inputs: reads[action.index]?.dependencyReads ?? []))
      }
    }
    let timeline = try NavigationTimeline(reader: reader, feature: feature).json(in: window)
    return [
      "session": SessionInspector.json(reader.session).adding(["replayable": false]),
      "from": JSONValue(start + 1), "to": JSONValue(window?.upperBound ?? 0),
      "base": base, "actions": .array(actions), "effects": .array(effects),
      "navigation": .array(navigation),
      "navigationTimeline": timeline,
    ]
  }
}
