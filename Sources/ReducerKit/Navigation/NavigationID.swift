/// The identity of a presented or pushed state: its type, the enum case it is in and, when it
/// is `Identifiable`, its id. A presentation whose identity changes is a new presentation, so
/// the effects of the old one are cancelled.
struct NavigationID: Hashable, @unchecked Sendable {
  // `@unchecked`: `id` holds the id of a `Sendable` state, which is an immutable value.
  let type: ObjectIdentifier
  /// The case of an enum state; `nil` for any other state.
  let enumCase: UInt32?
  let id: AnyHashable?

  init<State>(_ state: State) {
    type = ObjectIdentifier(State.self)
    enumCase = Self.enumCase(of: state)
    id = (state as? any Identifiable).map { Self.hashableID(of: $0) }
  }

  private static func hashableID<T: Identifiable>(of value: T) -> AnyHashable {
    AnyHashable(value.id)
  }

  /// The case `value` is in when its type is an enum, read with the type's `getEnumTag` value
  /// witness as the runtime does; `nil` for any other type. A `Mirror` does the same work
  /// through reflection, once per action for every presented destination.
  private static func enumCase<Value>(of value: Value) -> UInt32? {
    let metadata = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
    // The metadata kinds of an enum and of `Optional` (the runtime's `MetadataKind`).
    guard [0x201, 0x202].contains(metadata.load(as: Int.self)) else { return nil }
    let witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self
    )
    // An enum's value witness table: eight functions, size, stride, flags and extra
    // inhabitants (88 bytes on 64-bit platforms), then `getEnumTag`.
    let getEnumTag = witnesses.load(
      fromByteOffset: 8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size + 8,
      as: GetEnumTag.self
    )
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  private typealias GetEnumTag = @convention(thin) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
}
