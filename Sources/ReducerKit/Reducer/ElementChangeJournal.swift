import Foundation
import IdentifiedCollections

/// Notes which elements of identified collections the element reducers of
/// ``Reducer/forEach(_:action:element:fileID:line:)`` ran on while one action was reduced, and
/// what each mutation of a ``StackState`` touched, so a tool that needs to know what an action
/// changed (the time-travel recorder, replay verification) can look at those elements instead of
/// comparing whole collections.
///
/// Bind a journal around a reducer with ``withCurrent(_:_:)``; `forEach` notes each element it
/// runs:
///
/// ```swift
/// let journal = ElementChangeJournal()
/// let effect = ElementChangeJournal.withCurrent(journal) {
///   base.reduce(into: &state, action: action)
/// }
/// if let ids = journal.changedIDs(from: old.todos, to: state.todos) {
///   // Only the elements with these ids can differ.
/// }
/// ```
///
/// A note is a proof, not a hint: it holds the identity of the collection's storage (the buffer
/// of its elements) before the element reducer ran and, retained, its storage after it. Holding
/// that storage makes it shared, so any later mutation of the collection (by a parent reducer, a
/// `sort`, a `remove`) writes to new storage, and ``changedIDs(from:to:)`` then finds no chain
/// of notes and returns `nil`. A caller falls back to comparing the collections; it is never told
/// a wrong answer.
///
/// The cost of that proof is one copy of the collection when, in the same action, an element
/// reducer runs and a parent then mutates the collection in place; without a journal bound,
/// `forEach` notes nothing and the cost is one thread-local read.
@usableFromInline
package final class ElementChangeJournal: @unchecked Sendable {
  // `@unchecked`: a journal is bound to one synchronous reduce and only touched by the thread
  // running it and, after it returns, by the same thread reading the notes.

  /// The journal `forEach` notes into on this thread; `nil` (nothing is noted) outside
  /// ``withCurrent(_:_:)``.
  @usableFromInline
  package static var current: ElementChangeJournal? {
    guard let pointer = pthread_getspecific(currentKey) else { return nil }
    return Unmanaged<ElementChangeJournal>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` (a synchronous reduce) with `journal` as ``current`` on this thread, then puts
  /// back the journal bound before.
  ///
  /// A thread-local rather than a `@TaskLocal`: a reducer runs synchronously on one thread, and
  /// binding a task-local value costs an allocation per action on the recording path.
  package static func withCurrent<Result>(
    _ journal: ElementChangeJournal?, _ body: () throws -> Result
  ) rethrows -> Result {
    let previous = pthread_getspecific(currentKey)
    pthread_setspecific(currentKey, journal.map { Unmanaged.passUnretained($0).toOpaque() })
    defer { pthread_setspecific(currentKey, previous) }
    return try withExtendedLifetime(journal) { try body() }
  }

  private var notes: [Note] = []

  private struct Note {
    let before: CollectionStorageID
    let after: CollectionStorageID
    /// The position of the element the reducer ran on. The ids do not change along a chain of
    /// notes, so it is the element's position in every collection of the chain.
    let index: Int
    /// The buffer of the collection's elements right after the element reducer ran. Holding
    /// it keeps `after`'s buffer alive and shared, so no later mutation can happen in place
    /// unnoticed.
    let retainedElements: AnyObject
  }

  /// Creates an empty journal.
  package init() {}

  private var stackNotes: [StackNote] = []

  /// One mutation of a stack, from one revision to the next (``StackState/revision``).
  private struct StackNote {
    let before: UInt64
    let after: UInt64
    /// The screen changed in place, or the first position screens were added or removed at.
    let position: Int
    let isStructural: Bool
  }

  /// Whether nothing was noted.
  package var isEmpty: Bool { notes.isEmpty && stackNotes.isEmpty }

  /// Forgets every note, and the element buffers they kept alive, to note another run.
  package func removeAll() {
    notes.removeAll(keepingCapacity: true)
    stackNotes.removeAll(keepingCapacity: true)
  }

  /// Notes that a stack went from revision `before` to `after` by changing the screen at
  /// `position` in place, or (`isStructural`) by adding, removing or replacing screens from
  /// `position` up.
  func noteStackChange(from before: UInt64, to after: UInt64, at position: Int, isStructural: Bool)
  {
    stackNotes.append(
      StackNote(before: before, after: after, position: position, isStructural: isStructural)
    )
  }

  /// What the mutations noted between two revisions of a stack touched, or `nil` when the notes
  /// do not lead from `start` to `target` (compare the stacks then).
  ///
  /// A revision is taken by one mutation only, so the notes leading to `target` are found by
  /// walking back from it: each names the revision it started from.
  package func stackChange(from start: UInt64, to target: UInt64) -> StackChange? {
    var change = StackChange(changedPositions: [], structuralStart: nil)
    var revision = target
    var position = stackNotes.count - 1
    while revision != start {
      while position >= 0, stackNotes[position].after != revision { position -= 1 }
      guard position >= 0 else { return nil }
      let note = stackNotes[position]
      if note.isStructural {
        change.structuralStart = Swift.min(change.structuralStart ?? note.position, note.position)
      } else if !change.changedPositions.contains(note.position) {
        change.changedPositions.append(note.position)
      }
      revision = note.before
      position -= 1
    }
    return change
  }

  /// What an action did to a stack, by the notes of ``stackChange(from:to:)``.
  package struct StackChange: Equatable {
    /// Positions of screens changed in place. Those below ``structuralStart`` are the same
    /// screens, with the same ids, before and after.
    package var changedPositions: [Int]
    /// The lowest position screens were added or removed at; the screens below it kept their
    /// ids and places. `nil` when none were.
    package var structuralStart: Int?

    package init(changedPositions: [Int], structuralStart: Int?) {
      self.changedPositions = changedPositions
      self.structuralStart = structuralStart
    }
  }

  /// Notes that the element at `index` of `collection` was the only one touched since the
  /// collection's storage was `before`.
  ///
  /// Inlinable, like `forEach`'s `reduce` that calls it, so that reading the collection's
  /// buffer is compiled for its element type.
  @inlinable
  func noteElementChange<ID: Hashable, Element>(
    at index: Int, before: CollectionStorageID, after collection: IdentifiedArray<ID, Element>
  ) {
    let elements = collection.elements
    appendNote(
      at: index, before: before, after: CollectionStorageID(elements: elements),
      retaining: CollectionStorageID.owner(of: elements)
    )
  }

  /// Appends a note: the element at `index` was the only one touched between the storages
  /// `before` and `after`, the latter held alive (and so shared) by `owner`.
  @usableFromInline
  func appendNote(
    at index: Int, before: CollectionStorageID, after: CollectionStorageID,
    retaining owner: AnyObject
  ) {
    notes.append(Note(before: before, after: after, index: index, retainedElements: owner))
  }

  /// The ids of the only elements that may differ between `old` and `new`, or `nil` when the
  /// notes do not prove it (compare the collections then).
  ///
  /// Returns an empty array when `old` and `new` share their storage, so are equal. Otherwise
  /// the notes must lead from `old`'s storage to `new`'s, each note starting where the previous
  /// one ended: then `new` is `old` with only the noted elements changed, in place, with the same
  /// ids in the same order.
  ///
  /// `old` must be alive while the action is reduced (the caller holds it), so its storage
  /// cannot be freed and reused by another collection.
  package func changedIDs<ID: Hashable, Element>(
    from old: IdentifiedArray<ID, Element>, to new: IdentifiedArray<ID, Element>
  ) -> [ID]? {
    changedIndices(from: old, to: new).map { indices in indices.map { new.ids[$0] } }
  }

  /// The positions of the only elements that may differ between `old` and `new`, each once, or
  /// `nil` when the notes do not prove it: ``changedIDs(from:to:)`` without looking up an id.
  /// The ids are the same and in the same order in both, so a position names the same element
  /// in `old` and in `new`.
  package func changedIndices<ID: Hashable, Element>(
    from old: IdentifiedArray<ID, Element>, to new: IdentifiedArray<ID, Element>
  ) -> [Int]? {
    changedIndices(from: old.storageID, to: new.storageID)
  }

  /// ``changedIndices(from:to:)`` for two collections given by the identities of their
  /// storage.
  ///
  /// Follows the notes from `start` to `target`; not generic, so it runs specialized whatever
  /// the collections' types.
  package func changedIndices(
    from start: CollectionStorageID, to target: CollectionStorageID
  ) -> [Int]? {
    var storage = start
    var indices: [Int] = []
    var position = 0
    // A plain loop rather than a search with a closure, which this code would call per note.
    while storage != target {
      while position < notes.count, notes[position].before != storage { position += 1 }
      guard position < notes.count else { return nil }
      let index = notes[position].index
      if !indices.contains(index) { indices.append(index) }
      storage = notes[position].after
      position += 1
    }
    return indices
  }
}

/// The thread-local slot of ``ElementChangeJournal/current``.
private let currentKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, nil)
  precondition(status == 0, "pthread_key_create failed: \(status)")
  return key
}()

/// The identity of an identified array's storage: the buffer of its elements.
///
/// Two collections with the same storage identity, one of them alive and shared, hold the same
/// elements: a shared buffer is copied before it is written to. The ids need no identity of
/// their own: they are the elements' ids, and every change to them (an insertion, a removal, a
/// move) also writes to the elements.
///
/// `package`: `forEach` (inlinable, through `@usableFromInline`) and the recorder use them.
@usableFromInline
package struct CollectionStorageID: Equatable, @unchecked Sendable {
  // `@unchecked`: the address is only compared, never followed.
  @usableFromInline let elements: UnsafeRawPointer?

  /// The identity of the buffer of an identified array's `elements`.
  @inlinable
  init<Element>(elements: [Element]) {
    self.elements = unsafeBitCast(elements, to: UnsafeRawPointer?.self)
  }

  /// The buffer object of a native array (an identified array's always are), retained. Holding
  /// it rather than the array as an `Any` spares a lookup of the array type's metadata, which
  /// unspecialized code pays on every boxing.
  @inlinable
  static func owner<Element>(of array: [Element]) -> AnyObject {
    unsafeBitCast(array, to: AnyObject.self)
  }
}

extension IdentifiedArray {
  /// The identity of this collection's storage. O(1): `elements` shares the collection's
  /// buffer, and its address is read without `withUnsafeBufferPointer`'s closure. Inlinable, so
  /// it is compiled for the element type, where reading `elements` needs no metadata lookup.
  @inlinable
  var storageID: CollectionStorageID {
    CollectionStorageID(elements: elements)
  }
}
