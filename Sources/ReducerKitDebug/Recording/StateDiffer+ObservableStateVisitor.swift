import IdentifiedCollections
import ReducerKit

/// The differ as the visitor of the properties the ``ObservableState()`` macro hands it, each
/// with its declared type: scalars are compared and stored without a cast, nested states are
/// visited in turn, and the rows of an identified array are diffed where the journal says
/// `forEach` ran. Everything else takes the dynamic path of
/// ``StateDiffer/diffValue(_:_:at:isObjectMember:)``.
///
/// A path is only built for a property that changed, in one allocation (``path(to:)``).
extension StateDiffer: ObservableStateVisitor {
  /// The path of the property `name` of the state being visited.
  func path(to name: String) -> [String] {
    var path: [String] = []
    path.reserveCapacity(visitedPath.count + 1)
    path.append(contentsOf: visitedPath)
    path.append(name)
    return path
  }

  mutating func visit<Value>(_ name: String, _ old: Value, _ new: Value) {
    diffValue(old, new, at: path(to: name), isObjectMember: true)
  }

  mutating func visit<Value: Equatable>(_ name: String, _ old: Value, _ new: Value) {
    guard old != new else { return }
    diffValue(old, new, at: path(to: name), isObjectMember: true)
  }

  /// Compares the optionals without `==` on `Optional`, which, unspecialized, looks up the
  /// metadata of a tuple of the two on every call.
  mutating func visit<Wrapped: Equatable>(_ name: String, _ old: Wrapped?, _ new: Wrapped?) {
    if let old, let new, old == new { return }
    if old == nil, new == nil { return }
    diffValue(old as Any, new as Any, at: path(to: name), isObjectMember: true)
  }

  /// Visits the nested state's properties rather than comparing it first: `==` on a state
  /// holding rows compares every row, while the visit compares only what the journal cannot
  /// account for.
  mutating func visit<Value: ObservableStateProtocol>(_ name: String, _ old: Value, _ new: Value) {
    diffState(old, new, at: path(to: name))
  }

  mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
  ) {
    diffRows(name, old, new, journaled: journaledIndices(from: old, to: new))
  }

  /// The same, with the identities of the collections' storage read by the generated code,
  /// where the element type is known: the journal's chain is followed without the metadata
  /// lookups reading them here would cost.
  mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>,
    storage: (old: CollectionStorageID, new: CollectionStorageID)
  ) {
    let journaled = hasJournal ? journal?.changedIndices(from: storage.old, to: storage.new) : nil
    diffRows(name, old, new, journaled: journaled)
  }

  /// The rows the journal names (`journaled`), each diffed as a nested state; the whole
  /// collection compared when the journal does not account for its change.
  private mutating func diffRows<ID: Hashable, Element: ObservableStateProtocol>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>,
    journaled: [Int]?
  ) {
    if let indices = journaled {
      guard !indices.isEmpty else { return }
      // One array for every row's path: only its last token changes.
      var path: [String] = []
      path.reserveCapacity(visitedPath.count + 2)
      path.append(contentsOf: visitedPath)
      path.append(name)
      path.append("")
      for index in indices {
        path[path.count - 1] = String(index)
        diffState(old[index], new[index], at: path)
      }
      return
    }
    guard old != new else { return }
    diffValue(old, new, at: path(to: name), isObjectMember: true)
  }

  /// Rows that are not observable states: the same, each changed row diffed dynamically.
  mutating func visit<ID: Hashable, Element: Equatable>(
    _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
  ) {
    if hasJournal, diffJournaledRows(from: old, to: new, at: path(to: name)) { return }
    guard old != new else { return }
    diffValue(old, new, at: path(to: name), isObjectMember: true)
  }

  mutating func visit(_ name: String, _ old: Int, _ new: Int) {
    guard old != new else { return }
    appendReplacement(.int(old), .int(new), at: path(to: name))
  }

  mutating func visit(_ name: String, _ old: String, _ new: String) {
    guard old != new else { return }
    appendReplacement(.string(old), .string(new), at: path(to: name))
  }

  mutating func visit(_ name: String, _ old: Bool, _ new: Bool) {
    guard old != new else { return }
    appendReplacement(.bool(old), .bool(new), at: path(to: name))
  }

  mutating func visit(_ name: String, _ old: Double, _ new: Double) {
    guard old != new else { return }
    appendReplacement(.double(old), .double(new), at: path(to: name))
  }
}
