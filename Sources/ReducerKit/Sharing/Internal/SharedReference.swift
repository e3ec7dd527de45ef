import Foundation
import IdentifiedCollections

/// A way to one value inside a ``SharedStorage``: the whole value, or a part of it reached
/// through key paths (`$syncUp.meetings`, `$syncUps[id: id]`).
///
/// `package`, so the recorder and `TestStore` can read a share's value before a change (the
/// tracker keeps the storage's whole value) as well as now.
package protocol SharedReference<Value>: SharedPartLocating {
  associatedtype Value
  /// The storage the value lives in.
  var storage: SharedStorage { get }
  /// This reference's value inside `root`, a value of the whole storage.
  func value(inRoot root: Any) -> Value
  /// Changes this reference's value inside `root`, a value of the whole storage.
  func modify<R>(inRoot root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R
  /// The value now.
  var currentValue: Value { get }
  /// How the value is reached, for descriptions: `.fileStorage(…)` or `value`, then the path.
  var pathDescription: String { get }
  /// Which value a custom-dump diff takes it for: its storage's, so that every share of one
  /// value, derived ones included, is one object in a diff, as in swift-sharing.
  var diffIdentity: ObjectIdentifier { get }
}

/// Where a share's value sits inside its storage's whole value, without its type: what the
/// recorder needs to log a change made through a share once, as the change of that part.
package protocol SharedPartLocating: AnyObject, Sendable {
  /// This share's value inside `root` (a value of the whole storage) and the JSON path of its
  /// JSON inside the JSON of `root`, one token per key or index; `nil` when the path is not
  /// known or the value is not there.
  func part(inRoot root: Any) -> SharedPart?
}

/// A share's value inside its storage's whole value, and where its JSON sits.
package struct SharedPart {
  package var path: [String]
  package var value: Any
}

extension SharedReference {
  /// The value now.
  package var currentValue: Value { storage.read { value(inRoot: $0) } }

  package var diffIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

  /// Not known unless the reference says: a key path does not say which JSON it reaches.
  package func part(inRoot root: Any) -> SharedPart? { nil }
}

/// The whole value of a storage.
final class SharedRootReference<Value>: SharedReference, Sendable {
  let storage: SharedStorage

  init(storage: SharedStorage) {
    self.storage = storage
  }

  func value(inRoot root: Any) -> Value {
    root as! Value
  }

  func modify<R>(inRoot root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    var value = root as! Value
    // Drop the storage's copy first, so a copy-on-write value is changed in place.
    root = ()
    defer { root = value }
    return try body(&value)
  }

  func part(inRoot root: Any) -> SharedPart? { SharedPart(path: [], value: root) }

  var pathDescription: String { storage.keyDescription }
}

/// A part of another reference's value, reached through a key path.
final class SharedKeyPathReference<Base, Value>: SharedReference, @unchecked Sendable {
  // `@unchecked`: key paths are immutable; the base is Sendable.
  let base: any SharedReference<Base>
  let keyPath: WritableKeyPath<Base, Value>

  init(base: any SharedReference<Base>, keyPath: WritableKeyPath<Base, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var storage: SharedStorage { base.storage }

  func value(inRoot root: Any) -> Value {
    base.value(inRoot: root)[keyPath: keyPath]
  }

  func modify<R>(inRoot root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    try base.modify(inRoot: &root) { try body(&$0[keyPath: keyPath]) }
  }

  var pathDescription: String { "\(base.pathDescription)\(KeyPathText.suffix(of: keyPath))" }
}

/// The wrapped value of another reference's optional value: `Shared($list[id: id])`. Once the
/// value is gone, reads return the last value seen and changes go nowhere, as in swift-sharing.
final class SharedUnwrappedReference<Value>: SharedReference, @unchecked Sendable {
  // `@unchecked`: `last` is read and written under the storage's lock (a test's expected value
  // is changed on the test's own thread).
  let base: any SharedReference<Value?>
  private var last: Value

  /// Whether the base is an element of an identified array, whose part holds the element.
  private let baseIsElement: Bool

  init(base: any SharedReference<Value?>, initialValue: Value) {
    self.base = base
    self.last = initialValue
    self.baseIsElement = base is any SharedElementReference
  }

  var storage: SharedStorage { base.storage }

  func value(inRoot root: Any) -> Value {
    base.value(inRoot: root) ?? storage.read { _ in last }
  }

  /// The value now, which becomes the one read once the base's value is gone.
  var currentValue: Value {
    storage.read { root in
      if let value = base.value(inRoot: root) { last = value }
      return last
    }
  }

  func modify<R>(inRoot root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    try base.modify(inRoot: &root) { optional in
      guard var value = optional else {
        var value = storage.read { _ in last }
        return try body(&value)
      }
      optional = nil
      defer {
        optional = value
        last = value
      }
      return try body(&value)
    }
  }

  /// The base's part while it holds a value: `Optional.some` is written as its value.
  func part(inRoot root: Any) -> SharedPart? {
    guard let part = base.part(inRoot: root) else { return nil }
    // An element's part is there only while the element is; otherwise `Optional.some` is
    // written as its value, which a diff looks through.
    return baseIsElement || part.value is Value ? part : nil
  }

  var pathDescription: String { base.pathDescription }
}

/// A share of an element of a collection: its part, when it has one, holds the element.
protocol SharedElementReference: AnyObject {}

/// The element with an id of an identified array: `$syncUps[id: id]`. Unlike a key path, it
/// knows where the element sits (its index), so a change made through it is logged as the
/// change of that element, found without comparing the other rows.
final class SharedIdentifiedElementReference<ID: Hashable & Sendable, Element>: SharedReference,
  SharedElementReference, @unchecked Sendable
{
  // `@unchecked`: the base, the id and the closures are Sendable and never change.
  typealias Elements = IdentifiedArray<ID, Element>
  let base: any SharedReference<Elements>
  let id: ID
  /// Find, read and write the element: closures made where the types are known
  /// (``Shared/subscript(id:)`` is inlined), which cost less than a key path or the generic
  /// subscript.
  private let index: @Sendable (Elements) -> Int?
  private let read: @Sendable (Elements) -> Element?
  private let write: @Sendable (inout Elements, Element?) -> Void

  init(
    base: any SharedReference<Elements>, id: ID, index: @escaping @Sendable (Elements) -> Int?,
    read: @escaping @Sendable (Elements) -> Element?,
    write: @escaping @Sendable (inout Elements, Element?) -> Void
  ) {
    self.base = base
    self.id = id
    self.index = index
    self.read = read
    self.write = write
  }

  var storage: SharedStorage { base.storage }

  func value(inRoot root: Any) -> Element? {
    read(base.value(inRoot: root))
  }

  func modify<R>(inRoot root: inout Any, _ body: (inout Element?) throws -> R) rethrows -> R {
    try base.modify(inRoot: &root) { elements in
      var element = read(elements)
      defer { write(&elements, element) }
      return try body(&element)
    }
  }

  /// The element, at the base's path and the element's index; `nil` while the array has no
  /// element with the id.
  func part(inRoot root: Any) -> SharedPart? {
    guard var part = base.part(inRoot: root) else { return nil }
    let elements = part.value as! Elements
    guard let index = index(elements) else { return nil }
    part.path.append(index.description)
    part.value = elements[index]
    return part
  }

  var pathDescription: String { "\(base.pathDescription)[id: \(id)]" }
}

/// A part derived from a shared value, decoded from a log: the log holds the part's own JSON,
/// not how it was derived, so its value lives in a storage of its own, while a diff takes it
/// for the value it was derived from (`identity`), as it took the live share.
final class SharedLoggedPartReference<Value>: SharedReference, Sendable {
  let storage: SharedStorage
  let identity: SharedStorage

  init(storage: SharedStorage, identity: SharedStorage) {
    self.storage = storage
    self.identity = identity
  }

  func value(inRoot root: Any) -> Value {
    root as! Value
  }

  func modify<R>(inRoot root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    var value = root as! Value
    defer { root = value }
    return try body(&value)
  }

  var pathDescription: String { identity.keyDescription }

  var diffIdentity: ObjectIdentifier { ObjectIdentifier(identity) }
}

/// The text of a key path after its root type, for descriptions: `.meetings`, `[id: …]`.
enum KeyPathText {
  static func suffix(of keyPath: AnyKeyPath) -> String {
    // `\Root.a.b` describes itself as `\Root.a.b` in debug builds; keep what follows the root.
    let text = String(describing: keyPath)
    guard text.hasPrefix("\\"), let dot = text.firstIndex(where: { $0 == "." || $0 == "[" })
    else { return "" }
    return String(text[dot...])
  }
}
