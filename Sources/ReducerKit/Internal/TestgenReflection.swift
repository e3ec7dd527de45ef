import CasePaths

/// What `rkdebug testgen` needs to write ReducerKit's navigation and binding values as the Swift
/// a test author writes (`$0.path[id: 1] = …`, `.set(\.name, "x")`), and what `rkdebug ui` needs
/// to show a state's navigation: package-only hooks, so the public API stays TCA's.
package protocol StackStateReflecting {
  /// The ids of the elements, in stack order.
  var ids: [StackElementID] { get }
  /// The elements, in stack order.
  var reflectedElements: [Any] { get }
}

extension StackState: StackStateReflecting {
  package var reflectedElements: [Any] { map { $0 } }
}

/// A binding action seen without its root type.
package protocol BindingActionReflecting {
  /// The names of the properties its key path goes through (`["book", "title"]`), or `nil`
  /// when it is not a chain of stored properties of observable states.
  var keyPathNames: [String]? { get }
  /// The value it sets.
  var reflectedValue: Any { get }
}

extension BindingAction: BindingActionReflecting {
  package var keyPathNames: [String]? {
    guard let root = Root.self as? any ObservableStateProtocol.Type else { return nil }
    return BindingKeyPaths.names(of: keyPath, in: root)
  }

  package var reflectedValue: Any { value }
}

/// A `@Presents` property's storage: its label in a mirror is `_name`, and a test writes `name`.
package protocol PresentationStateReflecting {
  /// The presented state, or `nil` when nothing is presented.
  var reflectedPresented: Any? { get }
  /// Whether the presented state is an enum of cases (a `@Reducer` enum's `State`), whose JSON
  /// is an object with the case's name as its one key.
  static var presentsCases: Bool { get }
}

extension PresentationState: PresentationStateReflecting {
  package var reflectedPresented: Any? { wrappedValue }
  package static var presentsCases: Bool { State.self is any CasePathable.Type }
}

/// An alert or a confirmation dialog seen without its action type: what the inspector names it
/// and the title a person reads.
package protocol AlertStateReflecting {
  /// `alert` or `dialog`.
  var reflectedKind: String { get }
  /// The title's text.
  var reflectedTitle: String { get }
}

extension AlertState: AlertStateReflecting {
  package var reflectedKind: String { "alert" }
  package var reflectedTitle: String { String(state: title) }
}

extension ConfirmationDialogState: AlertStateReflecting {
  package var reflectedKind: String { "dialog" }
  package var reflectedTitle: String { String(state: title) }
}

/// A `@Shared` or `@SharedReader` property's storage seen without its value type: its label in
/// a mirror is `_name`, a test writes `Shared(value: …)` for it and asserts a change of it with
/// `$0.$name.withLock { … }`.
package protocol SharedReflecting {
  /// The value now.
  var reflectedValue: Any { get }
  /// The storage's identity: two places with the same one hold one value.
  var reflectedStorageID: ObjectIdentifier { get }
  /// Whether it is a `@SharedReader`, which cannot change its value.
  var isReader: Bool { get }
}

extension Shared: SharedReflecting {
  package var reflectedValue: Any { wrappedValue }
  package var reflectedStorageID: ObjectIdentifier { reference.storage.id }
  package var isReader: Bool { false }
}

extension SharedReader: SharedReflecting {
  package var reflectedValue: Any { wrappedValue }
  package var reflectedStorageID: ObjectIdentifier { storage.id }
  package var isReader: Bool { true }
}
