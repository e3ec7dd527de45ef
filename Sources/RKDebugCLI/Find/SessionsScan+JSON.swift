import ReducerKitDebug

extension SessionsScan.Answer {
  /// `{"session":3,"uuid":…,"feature":"todos","ranges":[…]}`, or with `single` (`--first`,
  /// `--last`) `"index":12` for the ranges (docs/cli-json.md).
  package func json(single: Bool) -> JSONValue {
    var object: [String: JSONValue] = [
      "session": JSONValue(session.id), "uuid": .string(session.uuid),
      "feature": .string(session.feature),
    ]
    if single {
      object["index"] = JSONValue(ranges[0].lowerBound)
    } else {
      object["ranges"] = .array(ranges.map(\.json))
    }
    return .object(object)
  }
}

extension ClosedRange<Int> {
  /// `{"count":29,"from":12,"to":40}`: indices where a predicate holds (docs/cli-json.md).
  package var json: JSONValue {
    .object([
      "from": JSONValue(lowerBound), "to": JSONValue(upperBound),
      "count": JSONValue(count),
    ])
  }
}
