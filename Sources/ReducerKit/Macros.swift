/// Generates the ``ObservableStateProtocol`` conformance of a struct.
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
/// Apply it to a struct only: classes, enums and actors are rejected with a diagnostic.
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
