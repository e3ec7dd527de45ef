import IdentifiedCollections
import ReducerKit
import Synchronization

/// What the differ needs to know about a state type, worked out once per type from its
/// ``ObservableStateProtocol/_$observableProperties``: one array per field, in their order.
struct StateTypeDescription<S: ObservableStateProtocol>: @unchecked Sendable {
  // `@unchecked`: the fields come from `ObservableProperty`, which is `Sendable` for the same
  // reason (immutable key paths, and change checks that only read the values they are given).
  /// Each property's key in the state's `Codable` representation.
  let names: [String]
  let hasChanged: [(S, S) -> Bool]
  /// How each property is diffed, chosen from its declared type.
  let diffs: [PropertyDiff<S>]

  init() {
    let properties = S._$observableProperties
    names = properties.map(\.name)
    hasChanged = properties.map(\.hasChanged)
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
    return .nested { old, new, path, differ in differ.diffState(read(old), read(new), at: path) }
  }

  /// Diffs two values of a property that changed: the scalars most changed leaves are as
  /// typed values, anything else through ``StateDiffer/diffValue(_:_:at:isObjectMember:)``.
  private static func comparedDiff<Value>(
    of _: Value.Type, at keyPath: PartialKeyPath<S>
  ) -> PropertyDiff<S>.Diff {
    switch Value.self {
    case is Int.Type:
      let read = PropertyReader<S, Int>(keyPath)
      return { old, new, path, differ in
        differ.appendReplacement(.int(read(old)), .int(read(new)), at: path)
      }
    case is String.Type:
      let read = PropertyReader<S, String>(keyPath)
      return { old, new, path, differ in
        differ.appendReplacement(.string(read(old)), .string(read(new)), at: path)
      }
    case is Bool.Type:
      let read = PropertyReader<S, Bool>(keyPath)
      return { old, new, path, differ in
        differ.appendReplacement(.bool(read(old)), .bool(read(new)), at: path)
      }
    case is Double.Type:
      let read = PropertyReader<S, Double>(keyPath)
      return { old, new, path, differ in
        differ.appendReplacement(.double(read(old)), .double(read(new)), at: path)
      }
    default:
      let read = PropertyReader<S, Value>(keyPath)
      return { old, new, path, differ in
        differ.diffValue(read(old), read(new), at: path, isObjectMember: true)
      }
    }
  }
}

/// How the differ treats one property of a state type `S`.
enum PropertyDiff<S> {
  /// Diffs the property's values in two states, at the property's path.
  typealias Diff = (_ old: S, _ new: S, _ path: [String], _ differ: inout StateDiffer) -> Void
  /// Diffs an identified array's rows that the differ's journal names, at the path of the
  /// state holding it followed by its name, and returns `true`; returns `false`, appending
  /// nothing, when the journal does not account for its change.
  typealias JournaledDiff = (
    _ old: S, _ new: S, _ path: [String], _ name: String, _ differ: inout StateDiffer
  ) -> Bool

  /// Diffed by `Diff` when the property's `hasChanged` says it changed.
  case compared(Diff)
  /// A nested observable state, always looked inside.
  case nested(Diff)
  /// An identified array: its journaled rows, or, when the journal does not account for its
  /// change, diffed like a compared property.
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
