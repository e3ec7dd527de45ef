import CustomDump
import Foundation
import Synchronization

/// What custom-dump asks of a value's type before printing it, asked once per type: dynamic
/// casts to its protocols cost a conformance lookup each, and a dump asks several per value.
struct DumpedType: Sendable {
  /// The value prints as its `customDumpDescription`.
  let isStringConvertible: Bool
  /// The value prints as its `customDumpValue`.
  let isRepresentable: Bool
  /// The value's children come from its `customDumpMirror`.
  let isReflectable: Bool
  /// The value needs custom-dump itself: a metatype, a class or a `_CustomDiffObject`.
  let needsCustomDump: Bool
  /// The value is a `_CustomDiffObject`.
  let isDiffObject: Bool
  /// The value is a `String` or `Substring`, printed quoted.
  let isString: Bool
  /// The value is a `Date`, printed by ``DateDumpText``.
  let isDate: Bool
  /// A standard library number, `Bool` or string: no children, printed without a mirror.
  let isScalar: Bool
  /// The collection's order is not its contents' (`Set`, `Dictionary`): custom-dump sorts it.
  let isUnordered: Bool
  /// An `Optional`, which a dynamic cast such as custom-dump's `as? any
  /// CustomDumpStringConvertible` looks through.
  let isOptional: Bool
  /// The type as `Equatable`, when it is: a metatype carries its conformance, so comparing
  /// through it needs no lookup.
  let equatable: (any Equatable.Type)?
  /// The type as `Identifiable`, when it is.
  let identifiable: (any Identifiable.Type)?
  /// Where the type's children come from: reflection, or an observable state's key paths.
  fileprivate(set) var children: Children

  /// Where a type's children come from.
  enum Children: Sendable {
    /// `Mirror(reflecting:)`.
    case reflection
    /// The key paths of `_$observableProperties`, without reflection's per-child type lookups;
    /// used once the first value's mirror showed the same children.
    case properties(@Sendable (Any) -> Mirror)
    /// Key paths not yet checked against a mirror.
    case unchecked(@Sendable (Any) -> Mirror)
  }

  private static let scalars: Set<ObjectIdentifier> = [
    ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
    ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
    ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
    ObjectIdentifier(UInt64.self), ObjectIdentifier(Bool.self), ObjectIdentifier(Double.self),
    ObjectIdentifier(Float.self), ObjectIdentifier(String.self), ObjectIdentifier(Substring.self),
  ]

  private static let known = Mutex<[ObjectIdentifier: DumpedType]>([:])

  /// Records whether the key-path children of `type` matched its mirror.
  static func settle(_ type: Any.Type, childrenMatch: Bool) {
    known.withLock {
      guard case .unchecked(let mirror)? = $0[ObjectIdentifier(type)]?.children else { return }
      $0[ObjectIdentifier(type)]?.children = childrenMatch ? .properties(mirror) : .reflection
    }
  }

  /// The answers for `type`.
  static func of(_ type: Any.Type) -> DumpedType {
    let key = ObjectIdentifier(type)
    if let known = known.withLock({ $0[key] }) { return known }
    let answers = DumpedType(type)
    known.withLock { $0[key] = answers }
    return answers
  }

  private init(_ type: Any.Type) {
    isStringConvertible = type is any CustomDumpStringConvertible.Type
    isRepresentable = type is any CustomDumpRepresentable.Type
    isReflectable = type is any CustomDumpReflectable.Type
    let name = _typeName(type)
    let isMetatype = name.hasSuffix(".Type") || name.hasSuffix(".Protocol")
    isDiffObject = type is any _CustomDiffObject.Type
    needsCustomDump = isMetatype || type is AnyClass || isDiffObject
    isString = type is any StringProtocol.Type
    isDate = type == Date.self
    isScalar = Self.scalars.contains(ObjectIdentifier(type))
    isUnordered = type is any _UnorderedCollection.Type
    isOptional = type is any OptionalDumpMarker.Type
    equatable = type as? any Equatable.Type
    identifiable = type as? any Identifiable.Type
    children =
      (type as? any ObservableStateProtocol.Type).flatMap { Self.propertyMirror(of: $0) }
      .map { .unchecked($0) } ?? .reflection
    if type is any CustomReflectable.Type { children = .reflection }
  }

  /// A mirror of a `State` value whose children are read through its key paths.
  private static func propertyMirror<State: ObservableStateProtocol>(
    of type: State.Type
  ) -> (@Sendable (Any) -> Mirror)? {
    let properties = State._$observableProperties
    guard !properties.isEmpty else { return nil }
    return { value in
      let state = value as! State
      let children = properties.map {
        (label: $0.name as String?, value: state[keyPath: $0.keyPath])
      }
      return Mirror(state, children: children, displayStyle: .struct)
    }
  }

  /// `lhs == rhs` for values of the type, or `nil` when it is not `Equatable`.
  func equals(_ lhs: Any, _ rhs: Any) -> Bool? {
    func open<T: Equatable>(_: T.Type) -> Bool {
      guard let lhs = lhs as? T, let rhs = rhs as? T else { return false }
      return lhs == rhs
    }
    return equatable.map { open($0) }
  }

  /// Whether two values of the type have the same `id`; `false` when it is not `Identifiable`.
  func hasSameID(_ lhs: Any, _ rhs: Any) -> Bool {
    func open<T: Identifiable>(_: T.Type) -> Bool {
      guard let lhs = lhs as? T, let rhs = rhs as? T else { return false }
      return lhs.id == rhs.id
    }
    return identifiable.map { open($0) } ?? false
  }
}

/// Marks `Optional` for ``DumpedType/isOptional``.
private protocol OptionalDumpMarker {}
extension Optional: OptionalDumpMarker {}
