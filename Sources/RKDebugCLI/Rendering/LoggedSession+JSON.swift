import ReducerKitDebug

extension LoggedSession {
  /// The session as `sessions --json` and the collector's `GET /v1/sessions` show it
  /// (docs/cli-json.md).
  package var json: JSONValue {
    [
      "id": JSONValue(id),
      "uuid": .string(uuid),
      "feature": .string(feature),
      "stateType": .string(stateType),
      "actionType": .string(actionType),
      "startedAt": .date(startedAt),
      "endedAt": .optional(endedAt, JSONValue.date),
      "ended": .bool(endedAt != nil),
      "actionCount": JSONValue(actionCount),
      "effectCount": JSONValue(effectCount),
      "snapshotInterval": JSONValue(snapshotInterval),
      "durability": .string(durability),
    ]
  }
}
