import ReducerKitDebug

extension ActionSource {
  /// `send`, or `effect #E of #A` for an action effect E of action A emitted.
  var text: String {
    switch self {
    case .send: return "send"
    case let .effect(effectID, parentIndex): return "effect #\(effectID) of #\(parentIndex)"
    }
  }

  /// The source's members of an action's JSON: `source` (`send` or `effect`), `effectID` and
  /// `parentIndex` (`null` for `send`).
  var jsonMembers: [String: JSONValue] {
    switch self {
    case .send:
      return ["source": "send", "effectID": .null, "parentIndex": .null]
    case let .effect(effectID, parentIndex):
      return [
        "source": "effect", "effectID": JSONValue(effectID),
        "parentIndex": JSONValue(parentIndex),
      ]
    }
  }
}
