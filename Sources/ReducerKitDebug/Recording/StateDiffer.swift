import IdentifiedCollections
import ReducerKit
import Synchronization

/// Finds the JSON Patch operations that turn one state into another, without encoding or
/// comparing the whole state.
///
/// It asks ``ObservableProperty/hasChanged`` which properties changed, recurses into nested
/// observable state, optionals, arrays and identified arrays, and records only the changed
/// leaves. A value it cannot look inside is recorded as one `replace`.
///
/// With the ``ElementChangeJournal`` the reducer ran under, an identified array whose change the
/// journal accounts for is diffed only at the elements `forEach` ran on: O(change) rather than
/// O(rows). Collections the journal does not account for are compared as usual.
struct StateDiffer {
  /// The journal the reducer ran under, if any.
  let journal: ElementChangeJournal?
  /// The operations found so far.
  private(set) var changes: [PendingChange] = []

  init(journal: ElementChangeJournal? = nil) {
    self.journal = journal
  }

  /// The operations that turn `old` into `new`, with paths relative to `path`.
  ///
  /// - Parameter journal: The journal the reducer that made `new` from `old` ran under. The
  ///   caller holds `old` while reducing, which the journal's proof relies on.
  static func changes<S: ObservableStateProtocol>(
    from old: S, to new: S, at path: [String] = [], journal: ElementChangeJournal? = nil
  ) -> [PendingChange] {
    var differ = StateDiffer(journal: journal)
    differ.diffState(old, new, at: path)
    return differ.changes
  }

  /// Appends a change found by a caller that diffs on its own (a collection, an enum payload).
  mutating func append(_ change: PendingChange) {
    changes.append(change)
  }

  /// Whether the journal may account for some collection's change.
  var hasJournal: Bool {
    guard let journal else { return false }
    return !journal.isEmpty
  }

  mutating func diffState<S: ObservableStateProtocol>(_ old: S, _ new: S, at path: [String]) {
    let type = StateTypeCache.description(of: S.self)
    let properties = type.properties
    if properties.isEmpty {
      // A conformance that lists no properties (an enum, or one written by hand): inside the
      // associated value of an unchanged enum case, else one `replace` of the whole value.
      if old != new, !EnumPayloadDiffer.diff(old, new, at: path, into: &self) {
        changes.append(Self.replacement(of: old, with: new, at: path))
      }
      return
    }
    let hasJournal = self.hasJournal
    for (offset, property) in properties.enumerated() {
      if hasJournal, type.isIdentifiedCollection[offset],
        let collection = new[keyPath: property.keyPath] as? any JournaledCollection,
        collection.diffJournaled(
          from: old[keyPath: property.keyPath], at: path + [property.name], into: &self
        )
      {
        continue
      }
      guard property.hasChanged(old, new) else { continue }
      diffValue(
        old[keyPath: property.keyPath], new[keyPath: property.keyPath],
        at: path + [property.name], isObjectMember: true
      )
    }
  }

  /// Diffs two values of the same type.
  ///
  /// - Parameter isObjectMember: Whether the value is a member of a JSON object, where a `nil`
  ///   optional is absent (synthesized `Codable` skips it), rather than an array element, where
  ///   it is `null`.
  mutating func diffValue(_ old: Any, _ new: Any, at path: [String], isObjectMember: Bool) {
    // Optionals first: a dynamic cast of an `Optional` to a protocol looks through it.
    if let old = old as? any OptionalValue, let new = new as? any OptionalValue {
      switch (old.wrappedValue, new.wrappedValue) {
      case (nil, nil):
        return
      case let (nil, new?):
        changes.append(
          isObjectMember
            ? PendingChange(operation: .add, path: path, value: Self.encodable(new))
            : PendingChange(
              operation: .replace, path: path, value: Self.encodable(new), oldValue: JSONNull()
            )
        )
      case let (old?, nil):
        changes.append(
          isObjectMember
            ? PendingChange(operation: .remove, path: path, oldValue: Self.encodable(old))
            : PendingChange(
              operation: .replace, path: path, value: JSONNull(), oldValue: Self.encodable(old)
            )
        )
      case let (old?, new?):
        diffValue(old, new, at: path, isObjectMember: isObjectMember)
      }
    } else if let old = old as? any ObservableStateProtocol {
      diffOpened(old, new, at: path)
    } else if let old = old as? any PatchableCollection {
      old.diffElements(to: new, at: path, into: &self)
    } else if !Self.isEqual(old, new), !EnumPayloadDiffer.diff(old, new, at: path, into: &self) {
      changes.append(Self.replacement(of: old, with: new, at: path))
    }
  }

  private mutating func diffOpened<S: ObservableStateProtocol>(
    _ old: S, _ new: Any, at path: [String]
  ) {
    guard let new = new as? S else {
      changes.append(Self.replacement(of: old, with: new, at: path))
      return
    }
    diffState(old, new, at: path)
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

/// What the differ needs to know about a state type, worked out once per type.
struct StateTypeDescription<S: ObservableStateProtocol> {
  /// The type's ``ObservableStateProtocol/_$observableProperties``.
  let properties: [ObservableProperty<S>]
  /// For each property, whether its type is an identified array, whose change an
  /// ``ElementChangeJournal`` may account for.
  let isIdentifiedCollection: [Bool]

  init() {
    properties = S._$observableProperties
    isIdentifiedCollection = properties.map {
      type(of: $0.keyPath).valueType is any JournaledCollection.Type
    }
  }
}

/// The ``StateTypeDescription`` of each state type met so far.
enum StateTypeCache {
  private static let cache = Mutex<[ObjectIdentifier: Any]>([:])

  static func description<S: ObservableStateProtocol>(of type: S.Type) -> StateTypeDescription<S> {
    let key = ObjectIdentifier(type)
    if let cached = cache.withLock({ $0[key] }) as? StateTypeDescription<S> {
      return cached
    }
    let description = StateTypeDescription<S>()
    cache.withLock { $0[key] = description }
    return description
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
