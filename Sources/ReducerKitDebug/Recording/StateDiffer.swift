import IdentifiedCollections
import ReducerKit
import Synchronization

/// Finds the JSON Patch operations that turn one state into another, without encoding or
/// comparing the whole state.
///
/// It asks ``ObservableStateProtocol/hasChanged(_:from:to:)`` (through each
/// ``ObservableProperty``) which properties changed, recurses into nested observable state,
/// optionals, arrays and identified arrays, and records only the changed leaves. A value it
/// cannot look inside is recorded as one `replace`.
enum StateDiffer {
  /// The operations that turn `old` into `new`, with paths relative to `path`.
  static func changes<S: ObservableStateProtocol>(
    from old: S, to new: S, at path: [String] = []
  ) -> [PendingChange] {
    var changes: [PendingChange] = []
    diffState(old, new, at: path, into: &changes)
    return changes
  }

  static func diffState<S: ObservableStateProtocol>(
    _ old: S, _ new: S, at path: [String], into changes: inout [PendingChange]
  ) {
    let properties = PropertyCache.properties(of: S.self)
    if properties.isEmpty {
      // A conformance that lists no properties (an enum, or one written by hand): inside the
      // associated value of an unchanged enum case, else one `replace` of the whole value.
      if old != new, !EnumPayloadDiffer.diff(old, new, at: path, into: &changes) {
        changes.append(replacement(of: old, with: new, at: path))
      }
      return
    }
    for property in properties where property.hasChanged(old, new) {
      diffValue(
        old[keyPath: property.keyPath], new[keyPath: property.keyPath],
        at: path + [property.name], isObjectMember: true, into: &changes
      )
    }
  }

  /// Diffs two values of the same type.
  ///
  /// - Parameter isObjectMember: Whether the value is a member of a JSON object, where a `nil`
  ///   optional is absent (synthesized `Codable` skips it), rather than an array element, where
  ///   it is `null`.
  static func diffValue(
    _ old: Any, _ new: Any, at path: [String], isObjectMember: Bool,
    into changes: inout [PendingChange]
  ) {
    // Optionals first: a dynamic cast of an `Optional` to a protocol looks through it.
    if let old = old as? any OptionalValue, let new = new as? any OptionalValue {
      switch (old.wrappedValue, new.wrappedValue) {
      case (nil, nil):
        return
      case let (nil, new?):
        changes.append(
          isObjectMember
            ? PendingChange(operation: .add, path: path, value: encodable(new))
            : PendingChange(
              operation: .replace, path: path, value: encodable(new), oldValue: JSONNull()
            )
        )
      case let (old?, nil):
        changes.append(
          isObjectMember
            ? PendingChange(operation: .remove, path: path, oldValue: encodable(old))
            : PendingChange(
              operation: .replace, path: path, value: JSONNull(), oldValue: encodable(old)
            )
        )
      case let (old?, new?):
        diffValue(old, new, at: path, isObjectMember: isObjectMember, into: &changes)
      }
    } else if let old = old as? any ObservableStateProtocol {
      diffOpened(old, new, at: path, into: &changes)
    } else if let old = old as? any PatchableCollection {
      old.diffElements(to: new, at: path, into: &changes)
    } else if !isEqual(old, new), !EnumPayloadDiffer.diff(old, new, at: path, into: &changes) {
      changes.append(replacement(of: old, with: new, at: path))
    }
  }

  private static func diffOpened<S: ObservableStateProtocol>(
    _ old: S, _ new: Any, at path: [String], into changes: inout [PendingChange]
  ) {
    guard let new = new as? S else {
      changes.append(replacement(of: old, with: new, at: path))
      return
    }
    diffState(old, new, at: path, into: &changes)
  }

  /// One `replace` of the value at `path`, keeping the old value for walking back.
  static func replacement(of old: Any, with new: Any, at path: [String]) -> PendingChange {
    PendingChange(operation: .replace, path: path, value: encodable(new), oldValue: encodable(old))
  }

  /// Whether two values are equal, for types known to be `Equatable`; `false` otherwise.
  static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return isEqualOpened(lhs, rhs)
  }

  private static func isEqualOpened<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
  }

  /// The value as something the writer can encode.
  static func encodable(_ value: Any) -> any Encodable & Sendable {
    if let value = value as? any Encodable { return StateValue(value) }
    return UnencodableValue(typeName: String(reflecting: type(of: value)))
  }
}

/// A value taken out of a state for the writer thread to encode.
struct StateValue: Encodable, @unchecked Sendable {
  // `@unchecked`: every value here was read out of an `ObservableStateProtocol` state, which
  // is `Sendable`, so its stored values are too; Swift cannot express that in a cast.
  let value: any Encodable

  init(_ value: any Encodable) {
    self.value = value
  }

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

/// Stands in for a value whose type is not `Encodable & Sendable`; the writer fails with a
/// message naming the type instead of crashing the recording app.
struct UnencodableValue: Encodable, Sendable {
  let typeName: String

  func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(
      typeName,
      EncodingError.Context(
        codingPath: encoder.codingPath,
        debugDescription: "'\(typeName)' is not Encodable & Sendable; the recorder cannot log it"
      )
    )
  }
}

/// The observed properties of each state type, computed once per type.
enum PropertyCache {
  private static let cache = Mutex<[ObjectIdentifier: Any]>([:])

  static func properties<S: ObservableStateProtocol>(of type: S.Type) -> [ObservableProperty<S>] {
    let key = ObjectIdentifier(type)
    if let cached = cache.withLock({ $0[key] }) as? [ObservableProperty<S>] {
      return cached
    }
    let properties = S._$observableProperties
    cache.withLock { $0[key] = properties }
    return properties
  }
}

/// `Optional`, seen through an existential.
protocol OptionalValue {
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  var wrappedValue: Any? {
    switch self {
    case let .some(value): return value
    case .none: return nil
    }
  }
}
