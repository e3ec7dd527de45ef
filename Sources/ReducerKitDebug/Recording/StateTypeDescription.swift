import IdentifiedCollections
import ReducerKit
import Synchronization

/// What the differ needs to know about a state type, worked out once per type from its
/// ``ObservableStateProtocol/_$observableProperties``: one array per field, in their order.
///
/// A class, so that the cache hands it out without a dynamic cast of a generic struct.
final class StateTypeDescription<S: ObservableStateProtocol>: @unchecked Sendable {
  // `@unchecked`: immutable; the closures only read the values they are given.
  /// Each property's key in the state's `Codable` representation.
  let names: [String]
  /// How each property is compared and diffed, chosen from its declared type. The values are
  /// compared here, with their types' `==`, rather than through `ObservableProperty.hasChanged`,
  /// which reads them through key paths.
  let diffs: [PropertyDiff<S>]

  init() {
    let properties = S._$observableProperties
    names = properties.map(\.name)
    diffs = properties.map { Self.diff(of: $0.keyPath) }
  }

  /// The way to diff the property at `keyPath`, from its declared type.
  private static func diff(of keyPath: PartialKeyPath<S>) -> PropertyDiff<S> {
    let valueType = type(of: keyPath).valueType
    if let stateType = valueType as? any ObservableStateProtocol.Type {
      return nestedDiff(of: stateType, at: keyPath)
    }
    if let rowsType = valueType as? any StateRows.Type {
      return .rows(
        journaled: rowsType.journaledDiff(at: keyPath), diff: comparedDiff(of: rowsType, at: keyPath)
      )
    }
    if let rowsType = valueType as? any JournaledCollection.Type {
      return .rows(
        journaled: rowsType.journaledDiff(at: keyPath), diff: comparedDiff(of: rowsType, at: keyPath)
      )
    }
    return .compared(comparedDiff(of: valueType, at: keyPath))
  }

  private static func nestedDiff<Value: ObservableStateProtocol>(
    of _: Value.Type, at keyPath: PartialKeyPath<S>
  ) -> PropertyDiff<S> {
    let read = PropertyReader<S, Value>(keyPath)
    return .nested { old, new, path, differ in
      let old = read(old)
      let new = read(new)
      // The same bits are the same state: the recorder holds the old state, so a change to
      // anything it references was copied first.
      if ExactEquality.hasSameBits(old, new) { return }
      differ.diffState(old, new, at: path())
    }
  }

  /// Compares a property's two values and diffs them when they differ (``ExactEquality``):
  /// the scalars most changed leaves are as typed values, anything else through
  /// ``StateDiffer/diffValue(_:_:at:isObjectMember:)``. A value that is not `Equatable` is
  /// always diffed.
  private static func comparedDiff<Value>(
    of _: Value.Type, at keyPath: PartialKeyPath<S>
  ) -> PropertyDiff<S>.Diff {
    // One closure per type, written out: a generic helper's closure is not specialized
    // (measured in docs/performance.md).
    switch Value.self {
    case is Int.Type:
      let read = PropertyReader<S, Int>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if old != new { differ.appendReplacement(.int(old), .int(new), at: path()) }
      }
    case is String.Type:
      let read = PropertyReader<S, String>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if !ExactEquality.isSame(old, new) {
          differ.appendReplacement(.string(old), .string(new), at: path())
        }
      }
    case is Bool.Type:
      let read = PropertyReader<S, Bool>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if old != new { differ.appendReplacement(.bool(old), .bool(new), at: path()) }
      }
    case is Double.Type:
      let read = PropertyReader<S, Double>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if !ExactEquality.isSame(old, new) {
          differ.appendReplacement(.double(old), .double(new), at: path())
        }
      }
    // Optional scalars, compared with their concrete types: generic code would compare them
    // through `Optional`'s witness, looking up metadata on every call.
    case is String?.Type:
      let read = PropertyReader<S, String?>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if !ExactEquality.isSame(old, new) {
          differ.diffValue(old as Any, new as Any, at: path(), isObjectMember: true)
        }
      }
    case is Int?.Type:
      let read = PropertyReader<S, Int?>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if old != new { differ.diffValue(old as Any, new as Any, at: path(), isObjectMember: true) }
      }
    case is Bool?.Type:
      let read = PropertyReader<S, Bool?>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if old != new { differ.diffValue(old as Any, new as Any, at: path(), isObjectMember: true) }
      }
    case is Double?.Type:
      let read = PropertyReader<S, Double?>(keyPath)
      return { old, new, path, differ in
        let old = read(old)
        let new = read(new)
        if !ExactEquality.isSame(old, new) {
          differ.diffValue(old as Any, new as Any, at: path(), isObjectMember: true)
        }
      }
    default:
      if let optional = Value.self as? any OptionalState.Type {
        return optional.diff(at: keyPath)
      }
      if let collection = Value.self as? any (PatchableCollection & Equatable).Type {
        return collectionDiff(of: collection, at: keyPath)
      }
      if let equatable = Value.self as? any Equatable.Type {
        return equatableDiff(of: equatable, at: keyPath)
      }
      let read = PropertyReader<S, Value>(keyPath)
      return { old, new, path, differ in
        differ.diffValue(read(old), read(new), at: path(), isObjectMember: true)
      }
    }
  }

  /// An array, identified array or stack: diffed element by element when it changed, as
  /// ``StateDiffer/diffValue(_:_:at:isObjectMember:)`` would after three protocol casts.
  private static func collectionDiff<Value: PatchableCollection & Equatable>(
    of _: Value.Type, at keyPath: PartialKeyPath<S>
  ) -> PropertyDiff<S>.Diff {
    let read = PropertyReader<S, Value>(keyPath)
    return { old, new, path, differ in
      let old = read(old)
      let new = read(new)
      if !ExactEquality.hasSameBits(old, new) {
        old.diffElements(to: new, at: path(), into: &differ)
      }
    }
  }

  private static func equatableDiff<Value: Equatable>(
    of _: Value.Type, at keyPath: PartialKeyPath<S>
  ) -> PropertyDiff<S>.Diff {
    let read = PropertyReader<S, Value>(keyPath)
    return { old, new, path, differ in
      let old = read(old)
      let new = read(new)
      // Not a copy: changed, or `==` but rebuilt, where only a look inside tells whether the
      // two encode alike (a `-0.0` for a `0.0`).
      if !ExactEquality.hasSameBits(old, new) {
        differ.diffValue(old, new, at: path(), isObjectMember: true)
      }
    }
  }
}

/// How the differ treats one property of a state type `S`.
enum PropertyDiff<S> {
  /// Diffs the property's values in two states, at the property's path, which `path` builds
  /// only when needed.
  typealias Diff = (
    _ old: S, _ new: S, _ path: () -> [String], _ differ: inout StateDiffer
  ) -> Void
  /// Diffs an identified array's rows that the differ's journal names, at the path of the
  /// state holding it followed by its name, and returns `true`; returns `false`, appending
  /// nothing, when the journal does not account for its change.
  typealias JournaledDiff = (
    _ old: S, _ new: S, _ path: [String], _ name: String, _ differ: inout StateDiffer
  ) -> Bool

  /// Compared, and diffed when it changed.
  case compared(Diff)
  /// A nested observable state, always looked inside.
  case nested(Diff)
  /// An identified array: its journaled rows, or, when the journal does not account for its
  /// change, compared and diffed.
  case rows(journaled: JournaledDiff, diff: Diff)
}

/// Reads one property of `Root` through its offset when the key path names a stored property,
/// as the macro's do, and through the key path otherwise: a key path is projected by generic
/// runtime code at every read.
struct PropertyReader<Root, Value> {
  private let offset: Int?
  private let keyPath: KeyPath<Root, Value>

  init(_ keyPath: PartialKeyPath<Root>) {
    self.keyPath = keyPath as! KeyPath<Root, Value>
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  func callAsFunction(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }
}

/// The ``StateTypeDescription`` of each state type met so far.
enum StateTypeCache {
  private static let cache = Mutex<[ObjectIdentifier: AnyObject]>([:])

  static func description<S: ObservableStateProtocol>(of type: S.Type) -> StateTypeDescription<S> {
    let key = ObjectIdentifier(type)
    if let cached = cache.withLock({ $0[key] }) {
      // Stored under `S`'s identifier, so it is `S`'s description.
      return unsafeDowncast(cached, to: StateTypeDescription<S>.self)
    }
    let description = StateTypeDescription<S>()
    cache.withLock { $0[key] = description }
    return description
  }
}

/// An optional observable state, such as a `@Presents` destination: when both sides hold one,
/// diffed inside as ``StateDiffer/diffValue(_:_:at:isObjectMember:)`` would after its casts.
protocol OptionalState {
  static func diff<S>(at keyPath: PartialKeyPath<S>) -> PropertyDiff<S>.Diff
}

extension Optional: OptionalState where Wrapped: ObservableStateProtocol {
  static func diff<S>(at keyPath: PartialKeyPath<S>) -> PropertyDiff<S>.Diff {
    let read = PropertyReader<S, Self>(keyPath)
    return { old, new, path, differ in
      let old = read(old)
      let new = read(new)
      if ExactEquality.hasSameBits(old, new) { return }
      if let old, let new {
        differ.diffState(old, new, at: path())
      } else {
        differ.diffValue(old as Any, new as Any, at: path(), isObjectMember: true)
      }
    }
  }
}
