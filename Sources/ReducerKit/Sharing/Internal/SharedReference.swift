import Foundation

/// A way to one value inside a ``SharedStorage``: the whole value, or a part of it reached
/// through key paths (`$syncUp.meetings`, `$syncUps[id: id]`).
///
/// `package`, so the recorder and `TestStore` can read a share's value before a change (the
/// tracker keeps the storage's whole value) as well as now.
package protocol SharedReference<Value>: AnyObject, Sendable {
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

extension SharedReference {
  /// The value now.
  package var currentValue: Value { storage.read { value(inRoot: $0) } }

  package var diffIdentity: ObjectIdentifier { ObjectIdentifier(storage) }
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

  init(base: any SharedReference<Value?>, initialValue: Value) {
    self.base = base
    self.last = initialValue
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

  var pathDescription: String { base.pathDescription }
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
