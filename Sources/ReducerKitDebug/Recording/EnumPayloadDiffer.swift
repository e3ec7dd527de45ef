import Foundation
import Synchronization

/// Diffs inside an enum's associated value when the case did not change, so a change to the
/// to-do list shown in `case todos(Todos.State)` is `/tab/todos/_0/todos/3/isComplete`, not a
/// replacement of the whole tab.
///
/// It relies on the synthesized `Codable` layout of enums, `{"case": {"key": payload}}`, where
/// the key is the associated value's label or `_0`. Before looking inside a case of a type the
/// first time, it encodes one value of that case and checks the layout; a type with its own
/// `Codable` conformance, or a case with several associated values, is left to the caller,
/// which records one `replace`.
enum EnumPayloadDiffer {
  /// The JSON key of each enum case's single associated value, by type and case name; `nil`
  /// when the case is not encoded the synthesized way.
  private static let payloadKeys = Mutex<[PayloadKey: String?]>([:])

  private struct PayloadKey: Hashable {
    let type: ObjectIdentifier
    let caseName: String
  }

  /// Appends the operations inside the associated value and returns `true` when `old` and `new`
  /// are the same case of an enum with one associated value encoded the synthesized way;
  /// returns `false` (appending nothing) otherwise.
  static func diff(
    _ old: Any, _ new: Any, at path: [String], into differ: inout StateDiffer
  ) -> Bool {
    guard isEnum(old) else { return false }
    let oldMirror = Mirror(reflecting: old)
    guard oldMirror.displayStyle == .enum, let oldCase = oldMirror.children.first,
      let caseName = oldCase.label, oldMirror.children.count == 1
    else { return false }
    let newMirror = Mirror(reflecting: new)
    guard let newCase = newMirror.children.first, newCase.label == caseName,
      type(of: old) == type(of: new),
      let key = payloadKey(of: old, caseName: caseName)
    else { return false }
    differ.diffValue(
      payload(oldCase.value), payload(newCase.value), at: path + [caseName, key],
      isObjectMember: true
    )
    return true
  }

  /// The associated value a `Mirror` shows for a case: a labeled one (`case repeat(times: Int)`)
  /// comes as a one-element tuple, which is unwrapped.
  private static func payload(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple, mirror.children.count == 1,
      let only = mirror.children.first
    else { return value }
    return only.value
  }

  /// Whether each type met so far is an enum, so that the scalars most changes are made of
  /// cost a dictionary lookup here rather than a `Mirror`.
  private static let enumTypes = Mutex<[ObjectIdentifier: Bool]>([:])

  private static func isEnum(_ value: Any) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: value))
    if let known = enumTypes.withLock({ $0[type] }) { return known }
    let isEnum = Mirror(reflecting: value).displayStyle == .enum
    enumTypes.withLock { $0[type] = isEnum }
    return isEnum
  }

  /// The key the associated value of `value`'s case has in its JSON, checked once per type and
  /// case.
  private static func payloadKey(of value: Any, caseName: String) -> String? {
    let key = PayloadKey(type: ObjectIdentifier(type(of: value)), caseName: caseName)
    if let known = payloadKeys.withLock({ $0[key] }) { return known }
    let found = encodedPayloadKey(of: value, caseName: caseName)
    payloadKeys.withLock { $0[key] = found }
    return found
  }

  /// Encodes `value` and returns the single key under its case name: the layout synthesized
  /// `Codable` gives an enum case with one associated value.
  private static func encodedPayloadKey(of value: Any, caseName: String) -> String? {
    guard let encodable = value as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(encodable),
      case let .object(outer)? = try? JSONValue(parsing: data),
      outer.count == 1, case let .object(inner)? = outer[caseName],
      inner.count == 1, let key = inner.keys.first
    else { return nil }
    return key
  }
}
