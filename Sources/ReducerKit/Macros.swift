/// Generates the ``ObservableStateProtocol`` conformance of a struct or an enum.
///
/// Every stored instance property becomes one observed key path, so a view that reads
/// `store.count` is invalidated only when `count` changes. Properties whose type is itself
/// `@ObservableState` are observed as a whole by the parent and recursed into by the recorder.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable, Codable {
///   var count = 0
///   var child = Child.State()
/// }
/// ```
///
/// On an enum it adds the conformance only: the enum is observed as a whole. Classes and actors
/// are rejected with a diagnostic.
@attached(
  extension,
  conformances: ObservableStateProtocol,
  names: named(_$observableKeyPaths), named(hasChanged), named(_$observableProperties)
)
public macro ObservableState() =
  #externalMacro(module: "ReducerKitMacros", type: "ObservableStateMacro")

/// Leaves a stored property out of the properties ``ObservableState()`` observes.
///
/// Use it for caches and other values no view reads: the property is not one of the type's
/// ``ObservableStateProtocol/_$observableKeyPaths``,
/// ``ObservableStateProtocol/hasChanged(_:from:to:)`` reports it as changed. It stays in
/// ``ObservableStateProtocol/_$observableProperties``, so the time-travel recorder still logs its
/// changes (its `Codable` representation holds it).
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var query = ""
///   @ObservationStateIgnored var cache: [String: [Int]] = [:]
/// }
/// ```
@attached(peer)
public macro ObservationStateIgnored() =
  #externalMacro(module: "ReducerKitMacros", type: "ObservationStateIgnoredMacro")

/// Makes a struct a reducer, or an enum of child reducers a ``CaseReducer``, as TCA's
/// `@Reducer` does.
///
/// On a struct it adds the ``Reducer`` conformance and makes the nested `Action` (and a nested
/// `State` enum) `@CasePathable` and `@dynamicMemberLookup`, so `\.child.presented.save` is a
/// case key path; a struct that declares `body` keeps it, once built on its first action, in a
/// `_bodyCache` (``_ReducerBodyCache``). On an enum it generates `State`, `Action` and a static
/// `body` from its cases:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case edit(EditForm)            // State.edit(EditForm.State), Action.edit(EditForm.Action)
///   case alert(AlertState<Alert>)  // State.alert(AlertState<Alert>), Action.alert(Alert)
/// }
/// extension Destination.State: Equatable {}
/// ```
@attached(extension, conformances: Reducer, CaseReducer)
@attached(memberAttribute)
@attached(member, names: named(State), named(Action), named(body), named(_bodyCache))
public macro Reducer() = #externalMacro(module: "ReducerKitMacros", type: "ReducerMacro")

/// Marks a case of a `@Reducer` enum that holds no child reducer, as TCA's does: the case is
/// kept in `State` as written and receives no action.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   @ReducerCaseIgnored case alert(AlertState<Alert>)
///   case edit(EditForm)
/// }
/// ```
@attached(peer)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ReducerKitMacros", type: "ReducerCaseIgnoredMacro")
