/// Encodes and decodes the action a button or a presented feature carries, checking at run time
/// that its type is `Codable`.
///
/// Alerts, dialogs and `PresentationAction` are `Codable` whatever their action type, so a
/// feature whose `enum Alert {}` has no cases (which Swift cannot synthesize `Decodable` for)
/// records by making only its `State` and `Action` `Codable`: such an alert has no action to
/// write. An action whose type is not `Codable` fails with an error naming the type.
enum PresentedActionCoding {
  /// Encodes `action` under `key`, or throws when its type is not `Encodable`.
  static func encode<Action, Key: CodingKey>(
    _ action: Action, forKey key: Key, in container: inout KeyedEncodingContainer<Key>
  ) throws {
    guard let action = action as? any Encodable else {
      throw EncodingError.invalidValue(
        action,
        EncodingError.Context(
          codingPath: container.codingPath + [key],
          debugDescription: "'\(Action.self)' is not Encodable; make it Codable to record it"
        )
      )
    }
    try container.encode(action, forKey: key)
  }

  /// Decodes an action of type `Action` under `key`, or throws when it is not `Decodable`.
  static func decode<Action, Key: CodingKey>(
    _: Action.Type, forKey key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> Action {
    guard let type = Action.self as? any Decodable.Type else {
      throw DecodingError.typeMismatch(
        Action.self,
        DecodingError.Context(
          codingPath: container.codingPath + [key],
          debugDescription: "'\(Action.self)' is not Decodable; make it Codable to replay it"
        )
      )
    }
    return try container.decode(type, forKey: key) as! Action
  }
}
