import IdentifiedCollections
import ReducerKit

/// Finds the JSON Patch operations that turn one state into another, without encoding or
/// comparing the whole state.
///
/// It compares each property by its bytes, then its type's `==` and how it encodes
/// (``ExactEquality``: `-0.0` is a change from `0.0`), recurses into nested observable state,
/// optionals, arrays and identified arrays, and records only the changed leaves. A value it cannot look inside is recorded as one `replace`. What it does with each
/// property of a state type is worked out once per type (``StateTypeDescription``).
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

  /// The indices of the rows `forEach` ran on, each once, when the journal proves that only
  /// they changed between `old` and `new`; `nil` when it does not (compare the collections).
  /// The ids are the same and in the same order, so a row's index is the same in both.
  func journaledIndices<ID, Element>(
    from old: IdentifiedArray<ID, Element>, to new: IdentifiedArray<ID, Element>
  ) -> [Int]? {
    guard hasJournal else { return nil }
    return journal?.changedIndices(from: old, to: new)
  }

  /// Diffs only the rows the journal names, each row as a whole value, and returns `true` when
  /// the journal proves that only they changed; returns `false`, appending nothing, when it does
  /// not (compare the collections then).
  mutating func diffJournaledRows<ID, Element: Equatable>(
    from old: IdentifiedArray<ID, Element>, to new: IdentifiedArray<ID, Element>,
    at path: [String]
  ) -> Bool {
    guard let indices = journaledIndices(from: old, to: new) else { return false }
    for index in indices where !ExactEquality.hasSameBits(old[index], new[index]) {
      diffValue(old[index], new[index], at: path + [String(index)], isObjectMember: false)
    }
    return true
  }

  /// Diffs a state through its ``ObservableStateProtocol/_$observableProperties``, each
  /// property the way ``StateTypeDescription`` chose for its type.
  mutating func diffState<S: ObservableStateProtocol>(_ old: S, _ new: S, at path: [String]) {
    let type = StateTypeCache.description(of: S.self)
    if type.names.isEmpty {
      // A conformance that lists no properties (an enum, or one written by hand): inside the
      // associated value of an unchanged enum case, else one `replace` of the whole value.
      if !ExactEquality.hasSameBits(old, new), !Self.isSame(old, new),
        !EnumPayloadDiffer.diff(old, new, at: path, into: &self)
      {
        changes.append(Self.replacement(of: old, with: new, at: path))
      }
      return
    }
    let hasJournal = self.hasJournal
    // Indices rather than a sequence of properties, and the arrays taken out once: this code
    // runs unspecialized (the state type is only known at run time), where each step of a
    // generic iterator, or each read of a generic property, looks up type metadata.
    let names = type.names
    let diffs = type.diffs
    for index in names.indices {
      let name = names[index]
      switch diffs[index] {
      case .compared(let diff):
        diff(old, new, { Self.path(path, name) }, &self)
      case .nested(let diff):
        // Looked inside rather than compared first: `==` on a state holding rows compares
        // every row, while its own walk compares only what the journal cannot account for.
        diff(old, new, { Self.path(path, name) }, &self)
      case .rows(let journaled, let diff):
        if hasJournal, journaled(old, new, path, name, &self) { continue }
        diff(old, new, { Self.path(path, name) }, &self)
      }
    }
  }

  /// `path` followed by `name`, in one allocation.
  static func path(_ path: [String], _ name: String) -> [String] {
    var result: [String] = []
    result.reserveCapacity(path.count + 1)
    result.append(contentsOf: path)
    result.append(name)
    return result
  }

  /// Diffs two values of the same type.
  ///
  /// - Parameter isObjectMember: Whether the value is a member of a JSON object, where a `nil`
  ///   optional is absent (synthesized `Codable` skips it), rather than an array element, where
  ///   it is `null`.
  mutating func diffValue(_ old: Any, _ new: Any, at path: [String], isObjectMember: Bool) {
    switch ValueDiffKind.of(type(of: old)) {
    case .scalar:
      if !diffScalar(old, new, at: path) { diffWhole(old, new, at: path) }
    case .optional:
      diffOptional(old, new, at: path, isObjectMember: isObjectMember)
    case .opened(let diff):
      diff(old, new, path, &self)
    case .other:
      diffWhole(old, new, at: path)
    }
  }

  /// Diffs two optionals: an absent value is `null`, or no member of an object.
  private mutating func diffOptional(
    _ old: Any, _ new: Any, at path: [String], isObjectMember: Bool
  ) {
    if let old = old as? any OptionalValue, let new = new as? any OptionalValue {
      switch (old.wrappedValue, new.wrappedValue) {
      case (nil, nil):
        return
      case let (nil, new?):
        changes.append(
          isObjectMember
            ? PendingChange(operation: .add, path: path, value: PendingValue(new))
            : PendingChange(
              operation: .replace, path: path, value: PendingValue(new), oldValue: .null
            )
        )
      case let (old?, nil):
        changes.append(
          isObjectMember
            ? PendingChange(operation: .remove, path: path, oldValue: PendingValue(old))
            : PendingChange(
              operation: .replace, path: path, value: .null, oldValue: PendingValue(old)
            )
        )
      case let (old?, new?):
        // The wrapped value is written with `encode`, not `encodeIfPresent`: an inner `nil`
        // (`Int??.some(nil)`) is `null` even in an object.
        diffValue(old, new, at: path, isObjectMember: false)
      }
    } else {
      diffWhole(old, new, at: path)
    }
  }

  /// Diffs two values compared whole: inside the associated value of an unchanged enum case,
  /// else one `replace` when they differ.
  private mutating func diffWhole(_ old: Any, _ new: Any, at path: [String]) {
    if !Self.isSame(old, new), !EnumPayloadDiffer.diff(old, new, at: path, into: &self) {
      changes.append(Self.replacement(of: old, with: new, at: path))
    }
  }

  /// Diffs the scalars most changed leaves are, and returns `true`: a cast to a concrete type
  /// only compares type metadata. Returns `false` when the two are not one such type.
  private mutating func diffScalar(_ old: Any, _ new: Any, at path: [String]) -> Bool {
    switch (old, new) {
    case let (old as Int, new as Int):
      if old != new { appendReplacement(.int(old), .int(new), at: path) }
    case let (old as String, new as String):
      if !ExactEquality.isSame(old, new) {
        appendReplacement(.string(old), .string(new), at: path)
      }
    case let (old as Bool, new as Bool):
      if old != new { appendReplacement(.bool(old), .bool(new), at: path) }
    case let (old as Double, new as Double):
      if !ExactEquality.isSame(old, new) {
        appendReplacement(.double(old), .double(new), at: path)
      }
    default: return false
    }
    return true
  }

  /// Appends a `replace` of two values found to differ.
  mutating func appendReplacement(_ old: PendingValue, _ new: PendingValue, at path: [String]) {
    changes.append(PendingChange(operation: .replace, path: path, value: new, oldValue: old))
  }

  mutating func diffOpened<S: ObservableStateProtocol>(
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
    PendingChange(
      operation: .replace, path: path, value: PendingValue(new), oldValue: PendingValue(old)
    )
  }

  /// Whether two values are equal and written alike (``ExactEquality``), for types known to
  /// be `Equatable`; `false` otherwise.
  static func isSame(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return isSameOpened(lhs, rhs)
  }

  private static func isSameOpened<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    if ExactEquality.hasSameBits(lhs, rhs) { return true }
    return lhs == rhs && ExactEquality.encodeAlike(lhs, rhs)
  }
}

/// A value taken out of a state for the writer thread to encode.
///
/// A class, so that ``PendingValue`` holds a reference rather than an existential: an enum with
/// an existential payload is handled through value witnesses, one call for every copy or test
/// of a case.
final class StateValue: Encodable, @unchecked Sendable {
  // `@unchecked`: every value here was read out of an `ObservableStateProtocol` state, which
  // is `Sendable`, so its stored values are too; Swift cannot express that in a cast.
  let value: any Encodable

  init(_ value: any Encodable) {
    self.value = value
  }

  /// Encodes the value through a single-value container, as a state's property is encoded
  /// through its container: `value.encode(to:)` would skip what `JSONEncoder` does for `Date`,
  /// `Data`, `URL` and `Decimal` (their own `Codable` conformances write other JSON).
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
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
