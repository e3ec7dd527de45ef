/// The identity of a presented or pushed state: its type, the enum case it is in and, when it
/// is `Identifiable`, its id. A presentation whose identity changes is a new presentation, so
/// the effects of the old one are cancelled.
struct NavigationID: Hashable, @unchecked Sendable {
  // `@unchecked`: `id` holds the id of a `Sendable` state, which is an immutable value.
  let type: ObjectIdentifier
  let caseName: String?
  let id: AnyHashable?

  init(_ state: Any) {
    type = ObjectIdentifier(Swift.type(of: state))
    let mirror = Mirror(reflecting: state)
    if mirror.displayStyle == .enum {
      caseName = mirror.children.first?.label ?? String(describing: state)
    } else {
      caseName = nil
    }
    id = (state as? any Identifiable).map { Self.hashableID(of: $0) }
  }

  private static func hashableID<T: Identifiable>(of value: T) -> AnyHashable {
    AnyHashable(value.id)
  }
}
