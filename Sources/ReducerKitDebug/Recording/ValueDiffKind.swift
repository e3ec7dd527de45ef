import ReducerKit
import Synchronization

/// How ``StateDiffer/diffValue(_:_:at:isObjectMember:)`` diffs the values of one type, worked
/// out from the type once: the protocol casts that tell it cost more than a lookup, and a diff
/// of a part of a shared value, or of a row, starts with them.
enum ValueDiffKind: Sendable {
  /// `Int`, `String`, `Bool` or `Double`: a leaf compared as is.
  case scalar
  /// An `Optional`.
  case optional
  /// A nested observable state, or a collection diffed element by element: the diff of two of
  /// its values, with the type opened.
  case opened(@Sendable (Any, Any, [String], inout StateDiffer) -> Void)
  /// Anything else: compared whole.
  case other

  private static let cache = Mutex<[ObjectIdentifier: ValueDiffKind]>([:])

  /// The kind of `type`, worked out on its first value.
  static func of(_ type: Any.Type) -> ValueDiffKind {
    let key = ObjectIdentifier(type)
    if let kind = cache.withLock({ $0[key] }) { return kind }
    let kind = make(type)
    cache.withLock { $0[key] = kind }
    return kind
  }

  private static func make(_ type: Any.Type) -> ValueDiffKind {
    // Optionals first: a cast of an optional type's value to a protocol looks through it.
    if type is any OptionalValue.Type { return .optional }
    if type == Int.self || type == String.self || type == Bool.self || type == Double.self {
      return .scalar
    }
    if let state = type as? any ObservableStateProtocol.Type { return .opened(stateDiff(state)) }
    if let collection = type as? any PatchableCollection.Type {
      return .opened(collectionDiff(collection))
    }
    return .other
  }

  private static func stateDiff<S: ObservableStateProtocol>(
    _: S.Type
  ) -> @Sendable (Any, Any, [String], inout StateDiffer) -> Void {
    { old, new, path, differ in differ.diffOpened(old as! S, new, at: path) }
  }

  private static func collectionDiff<C: PatchableCollection>(
    _: C.Type
  ) -> @Sendable (Any, Any, [String], inout StateDiffer) -> Void {
    { old, new, path, differ in (old as! C).diffElements(to: new, at: path, into: &differ) }
  }
}
