import CasePaths
import CustomDump
import Dependencies
import Synchronization

/// The screens pushed on a navigation stack, each with the ``StackElementID`` it was given when
/// it was added.
///
/// A collection of its elements: `append`, `removeLast`, `popLast` and the rest work as on an
/// array, and each element added gets the next id from `@Dependency(\.stackElementID)`. Reach one
/// by its id with `path[id: 3]`, and integrate the screens' reducers with
/// `forEach(\.path, action: \.path)`.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// ```
///
/// It encodes as an array of `{"id": 3, "element": …}` objects, so a log keeps each screen's id.
public struct StackState<Element> {
  /// The ids of the elements, in stack order.
  public private(set) var ids: [StackElementID]
  private var elements: [Element]
  /// A number no other stack has had, taken afresh by every mutation: two stacks with one
  /// revision hold the same screens, and the ``ElementChangeJournal`` can say what each
  /// mutation touched, so the recorder never compares the screens that stayed.
  package private(set) var revision = StackRevision.next()

  /// An empty stack.
  public init() {
    ids = []
    elements = []
  }

  /// A stack of `elements`, each given the next id.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// The element with the given id, or `nil`; setting `nil` removes it.
  public subscript(id id: StackElementID) -> Element? {
    get { ids.firstIndex(of: id).map { elements[$0] } }
    set {
      if let index = ids.firstIndex(of: id) {
        if let newValue {
          elements[index] = newValue
          noteChange(at: index, isStructural: false)
        } else {
          ids.remove(at: index)
          elements.remove(at: index)
          noteChange(at: index, isStructural: true)
        }
      } else if let newValue {
        ids.append(id)
        elements.append(newValue)
        noteChange(at: ids.count - 1, isStructural: true)
      }
    }
  }

  /// The associated value of the element with the given id when it is in the given case.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    get { self[id: id].flatMap { $0[case: path] } }
    set {
      guard let newValue, self[id: id]?[case: path] != nil else { return }
      self[id: id] = path(newValue)
    }
  }

  /// Removes the element with the given id and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    removeSubrange(index...)
  }

  /// Removes every element above the one with the given id.
  public mutating func pop(to id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    removeSubrange((index + 1)...)
  }

  /// Takes a new revision and notes, in the journal bound to this thread if any, that the
  /// mutation from the old one touched the screen at `position` alone, or (`isStructural`)
  /// added, removed or replaced screens from `position` up.
  private mutating func noteChange(at position: Int, isStructural: Bool) {
    let before = revision
    revision = StackRevision.next()
    ElementChangeJournal.current?.noteStackChange(
      from: before, to: revision, at: position, isStructural: isStructural
    )
  }
}

/// The revisions of ``StackState``, unique across every stack of the process.
enum StackRevision {
  private static let last = Atomic<UInt64>(0)

  /// A revision no stack has had yet.
  static func next() -> UInt64 {
    last.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection, MutableCollection {
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }

  public subscript(position: Int) -> Element {
    get { elements[position] }
    _modify {
      // Deferred, so a mutation that throws half way is noted too.
      defer { noteChange(at: position, isStructural: false) }
      yield &elements[position]
    }
  }

  /// Replaces elements; the elements added each get the next id.
  public mutating func replaceSubrange<C: Collection<Element>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    @Dependency(\.stackElementID) var stackElementID
    let newIDs = newElements.map { _ in stackElementID() }
    ids.replaceSubrange(subrange, with: newIDs)
    elements.replaceSubrange(subrange, with: newElements)
    noteChange(at: subrange.lowerBound, isStructural: true)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether the two stacks hold the same ids and screens (their revisions aside).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.revision == rhs.revision || (lhs.ids == rhs.ids && lhs.elements == rhs.elements)
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(elements)
  }
}
extension StackState: Sendable where Element: Sendable {}

extension StackState {
  /// One element with its id: what the stack encodes for each element, and what rkdebug's
  /// recorder diffs, so a push is one `add` and an element's change is a patch inside it.
  package struct Entry {
    package var id: StackElementID
    package var element: Element

    package init(id: StackElementID, element: Element) {
      self.id = id
      self.element = element
    }
  }

  /// The elements with their ids, in stack order.
  package var entries: [Entry] {
    zip(ids, elements).map { Entry(id: $0, element: $1) }
  }

  /// The elements in stack order (the array the stack holds, not a copy).
  package var elementArray: [Element] { elements }
}

extension StackState.Entry: Equatable where Element: Equatable {}
extension StackState.Entry: Sendable where Element: Sendable {}
extension StackState.Entry: Encodable where Element: Encodable {}
extension StackState.Entry: Decodable where Element: Decodable {}

extension StackState.Entry: ObservableStateProtocol where Element: ObservableStateProtocol {
  package static var _$observableProperties: [ObservableProperty<Self>] {
    [ObservableProperty("element", \Self.element), ObservableProperty("id", \Self.id)]
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the `{"id": …, "element": …}` entries, keeping their ids.
  public init(from decoder: any Decoder) throws {
    let entries = try [Entry](from: decoder)
    ids = entries.map(\.id)
    elements = entries.map(\.element)
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes one `{"id": …, "element": …}` object per element, in stack order.
  public func encode(to encoder: any Encoder) throws {
    try entries.encode(to: encoder)
  }
}

extension StackState: CustomDumpReflectable {
  /// A dictionary from id to element, as TCA dumps a stack: `[#0: .detail(…)]`.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(zip(ids, elements)), displayStyle: .dictionary)
  }
}
