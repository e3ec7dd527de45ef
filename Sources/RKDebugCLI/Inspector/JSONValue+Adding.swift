import ReducerKitDebug

extension JSONValue {
  /// This object with `members` added (replacing members of the same name): for answers that
  /// extend another command's JSON. A value that is not an object is returned unchanged.
  func adding(_ members: [String: JSONValue]) -> JSONValue {
    guard case var .object(existing) = self else { return self }
    existing.merge(members) { _, new in new }
    return .object(existing)
  }
}
