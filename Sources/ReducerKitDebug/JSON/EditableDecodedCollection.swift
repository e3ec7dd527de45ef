import IdentifiedCollections

/// A collection decoded from a JSON array that takes one element's change in place: `changes`
/// then decodes the changed element of a state's list, not every row again
/// (``DecodedSubtrees/Edit``).
protocol EditableDecodedCollection {
  associatedtype EditedElement: Decodable
  var count: Int { get }

  /// The collection with `edit` applied, `element(i)` decoding element `i` of the new array;
  /// `nil` when decoding the whole new array would not give it (an index out of range, or an
  /// id already there, which decoding refuses).
  func applying(_ edit: DecodedSubtrees.Edit, element: (Int) throws -> EditedElement) throws
    -> Self?
}

extension Array: EditableDecodedCollection where Element: Decodable {
  func applying(_ edit: DecodedSubtrees.Edit, element: (Int) throws -> Element) throws -> Self? {
    var edited = self
    switch edit {
    case .insert(let index):
      guard index <= count else { return nil }
      edited.insert(try element(index), at: index)
    case .remove(let index):
      guard index < count else { return nil }
      edited.remove(at: index)
    case .replace(let index):
      guard index < count else { return nil }
      edited[index] = try element(index)
    }
    return edited
  }
}

extension IdentifiedArray: EditableDecodedCollection
where Element: Decodable & Identifiable, ID == Element.ID {
  func applying(_ edit: DecodedSubtrees.Edit, element: (Int) throws -> Element) throws -> Self? {
    var edited = self
    switch edit {
    case .insert(let index):
      guard index <= count, edited.insert(try element(index), at: index).inserted else {
        return nil
      }
    case .remove(let index):
      guard index < count else { return nil }
      edited.remove(at: index)
    case .replace(let index):
      guard index < count else { return nil }
      let new = try element(index)
      edited.remove(at: index)
      guard edited.insert(new, at: index).inserted else { return nil }
    }
    return edited
  }
}
