import ReducerKitDebug

/// The pushes, pops, presentations and dismissals of a session, found in one forward pass over
/// its patches (`GET /api/sessions/ID/navigation/timeline`, the strip under the page).
///
/// A push is an `add` of one stack entry, a pop a `remove` of one; a presentation an `add`, a
/// `remove` or a change of case at a `@Presents` property. Where the stacks and presentations
/// are comes from the registered feature's types: the first operation at a place not seen
/// before has the state after its action decoded and walked (``NavigationWalk``), which names
/// every slot there; later operations at the same place are classified by that. Without the
/// feature, entries of `{"id", "element"}` objects are pushes and pops and nothing is known to
/// be presented. Memory holds one state, the slots and at most ``maximumEvents`` events; past
/// that the answer counts events in ``bucketCount`` buckets of indices instead.
struct NavigationTimeline {
  let reader: SessionReader
  /// The session's registered feature (``FeatureRegistry/feature(for:)``), or `nil`.
  let feature: DebugFeature?

  /// The most events an answer lists one by one.
  static let maximumEvents = 2000
  /// The buckets a longer answer counts events in.
  static let bucketCount = 500
  /// The most places remembered as holding no navigation; past it, unknown places are not
  /// looked up again.
  static let maximumPlaces = 10_000

  /// One push, pop, presentation or dismissal.
  struct Event: Equatable, Sendable {
    enum Kind: String, Sendable, CaseIterable { case push, pop, present, dismiss }
    var index: Int
    var kind: Kind
    /// The stack's or the `@Presents` property's name.
    var name: String
    /// The screen's or the presented enum's case, when known.
    var caseName: String?
    /// The screen's id, for a push or a pop.
    var id: Int?
    /// The screen's or the presented feature's short title (``NavigationTitle``).
    var title: String?
    /// Where the operation was.
    var pointer: JSONPointer

    var json: JSONValue {
      [
        "index": JSONValue(index), "kind": .string(kind.rawValue), "name": .string(name),
        "case": caseName.map(JSONValue.string) ?? .null, "id": id.map { JSONValue($0) } ?? .null,
        "title": title.map(JSONValue.string) ?? .null, "pointer": .string(pointer.description),
      ]
    }
  }

  /// The answer for the actions in `range` (the whole session when `nil`).
  func json(in range: ClosedRange<Int>? = nil) throws -> JSONValue {
    let first = range?.lowerBound ?? 1
    let last = range?.upperBound ?? reader.actionCount
    var scan = Scan(
      reader: reader, feature: feature, state: try reader.stateJSON(at: first - 1), at: first - 1)
    var events: [Event] = []
    var buckets: [Bucket]?
    let width = max(1, (last - first + Self.bucketCount) / Self.bucketCount)
    func count(_ event: Event) {
      buckets![(event.index - first) / width].count(event)
    }
    if first <= last {
      try reader.forEachPatch(in: first...last) { index, patch in
        for event in try scan.events(of: patch, at: index) {
          if buckets != nil {
            count(event)
          } else if events.count < Self.maximumEvents {
            events.append(event)
          } else {
            buckets = Array(repeating: Bucket(), count: Self.bucketCount)
            events.forEach(count)
            events = []
            count(event)
          }
        }
      }
    }
    return [
      "from": JSONValue(first), "to": JSONValue(last), "typed": .bool(scan.message == nil),
      "message": scan.message.map(JSONValue.string) ?? .null,
      "events": .array(events.map(\.json)),
      "buckets": buckets.map { list in
        .array(
          list.enumerated().compactMap { offset, bucket in
            guard let firstEvent = bucket.first else { return nil }
            let from = first + offset * width
            var json: JSONValue = [
              "from": JSONValue(from), "to": JSONValue(min(last, from + width - 1)),
              "first": JSONValue(firstEvent),
            ]
            for kind in Event.Kind.allCases {
              json = json.adding([kind.rawValue: JSONValue(bucket.counts[kind, default: 0])])
            }
            return json
          })
      } ?? .null,
    ]
  }

  /// The events of one range of indices, counted, for a session with too many to list.
  private struct Bucket {
    /// The index of its first event, or `nil` while it has none.
    var first: Int?
    var counts: [Event.Kind: Int] = [:]

    mutating func count(_ event: Event) {
      if first == nil { first = event.index }
      counts[event.kind, default: 0] += 1
    }
  }

  /// The state of the pass: the current state and what is known of its places.
  private struct Scan {
    let reader: SessionReader
    var state: JSONValue
    let feature: DebugFeature?
    /// Why the timeline has no presentations, or `nil` when the types are known.
    private(set) var message: String?
    private var slots: [String: NavigationWalk.Slot] = [:]
    private var plainPlaces: Set<String> = []

    init(reader: SessionReader, feature: DebugFeature?, state: JSONValue, at index: Int) {
      self.reader = reader
      self.state = state
      self.feature = feature
      if feature == nil {
        message =
          "this rkdebug registers no feature for '\(reader.session.feature)': pushes and pops "
          + "are found from the JSON, and presentations need the feature registered"
      }
      learn(at: index)
    }

    /// The events of one action's patch, applying it to the state.
    mutating func events(of patch: [JSONPatchOperation], at index: Int) throws -> [Event] {
      do {
        try state.apply(patch)
      } catch {
        throw LogError.corrupt(
          "the patch of action \(index) of session \(reader.session.id) does not apply: \(error)")
      }
      var events: [Event] = []
      for operation in patch where [.add, .remove, .replace].contains(operation.op) {
        events += classify(operation, at: index)
      }
      return events
    }

    private mutating func classify(_ operation: JSONPatchOperation, at index: Int) -> [Event] {
      let path = operation.path
      guard message == nil else { return untyped(operation, at: index) }
      let own = NavigationWalk.template(of: path)
      let parent = path.parent.map(NavigationWalk.template(of:))
      if let parent, slots[parent]?.isStack == true, path.lastToken?.first?.isNumber == true {
        return stackEvents(
          old: operation.op == .add ? [] : [operation.oldValue],
          new: operation.op == .remove ? [] : [operation.value], stack: path.parent!, at: index)
      }
      if let slot = slots[own] {
        if slot.isStack {
          return stackEvents(
            old: operation.oldValue?.arrayValue ?? [], new: operation.value?.arrayValue ?? [],
            stack: path, at: index)
        }
        return presentationEvents(operation, presentsCases: slot.presentsCases, at: index)
      }
      guard !plainPlaces.contains(own), operation.op != .replace || operation.isStructural else {
        return []
      }
      learn(at: index)
      if slots[own] != nil || (parent.map { slots[$0]?.isStack == true } ?? false) {
        return classify(operation, at: index)
      }
      if plainPlaces.count < NavigationTimeline.maximumPlaces { plainPlaces.insert(own) }
      return []
    }

    /// Adds the slots of the current state, the state at `index`.
    private mutating func learn(at index: Int) {
      guard let feature, message == nil else { return }
      do {
        for slot in try feature.erased.navigation(of: state).1 { slots[slot.template] = slot }
      } catch {
        message =
          "the state at \(index) does not decode as feature '\(feature.name)' today (\(error)): "
          + "pushes and pops are found from the JSON, and presentations are not shown"
      }
    }

    /// Pushes and pops between two lists of stack entries (one entry each for a push or a pop).
    private func stackEvents(
      old: [JSONValue?], new: [JSONValue?], stack: JSONPointer, at index: Int
    ) -> [Event] {
      let oldIDs = old.compactMap { $0?["id"]?.intValue }
      let newIDs = new.compactMap { $0?["id"]?.intValue }
      let name = stack.tokens.last { $0.first?.isNumber != true } ?? ""
      let popped = old.compactMap { $0 }.filter { !newIDs.contains($0["id"]?.intValue ?? -1) }
      let pushed = new.compactMap { $0 }.filter { !oldIDs.contains($0["id"]?.intValue ?? -1) }
      return popped.reversed().map { Self.screenEvent(.pop, $0, name, stack, index) }
        + pushed.map { Self.screenEvent(.push, $0, name, stack, index) }
    }

    private static func screenEvent(
      _ kind: Event.Kind, _ entry: JSONValue, _ name: String, _ stack: JSONPointer, _ index: Int
    ) -> Event {
      let element = entry["element"]
      let screenCase = UntypedNavigationWalk.screenCase(of: element)
      let content = screenCase?.content ?? element
      return Event(
        index: index, kind: kind, name: name, caseName: screenCase?.name,
        id: entry["id"]?.intValue, title: content.flatMap(NavigationTitle.of), pointer: stack)
    }

    private func presentationEvents(
      _ operation: JSONPatchOperation, presentsCases: Bool, at index: Int
    ) -> [Event] {
      func caseName(_ value: JSONValue?) -> String? {
        guard presentsCases, case .object(let members) = value, members.count == 1 else {
          return nil
        }
        return members.keys.first
      }
      func event(_ kind: Event.Kind, _ value: JSONValue?) -> Event {
        let name = caseName(value)
        let content = name.flatMap { value?[$0]?["_0"] } ?? value
        return Event(
          index: index, kind: kind, name: operation.path.lastToken ?? "", caseName: name, id: nil,
          title: content.flatMap(NavigationTitle.of), pointer: operation.path)
      }
      switch operation.op {
      case .add: return [event(.present, operation.value)]
      case .remove: return [event(.dismiss, operation.oldValue)]
      default:
        let (old, new) = (caseName(operation.oldValue), caseName(operation.value))
        guard old != new else { return [] }
        return [event(.dismiss, operation.oldValue), event(.present, operation.value)]
      }
    }

    /// Pushes and pops told by the JSON alone.
    private func untyped(_ operation: JSONPatchOperation, at index: Int) -> [Event] {
      guard let stack = operation.path.parent, operation.path.lastToken?.first?.isNumber == true
      else { return [] }
      let old = UntypedNavigationWalk.isStackEntry(operation.oldValue) ? [operation.oldValue] : []
      let new = UntypedNavigationWalk.isStackEntry(operation.value) ? [operation.value] : []
      guard operation.op != .replace || !(old.isEmpty && new.isEmpty) else { return [] }
      return stackEvents(
        old: operation.op == .add ? [] : old, new: operation.op == .remove ? [] : new,
        stack: stack, at: index)
    }
  }
}

extension JSONPatchOperation {
  /// Whether it replaces an object or an array, or puts one in place of another kind of value:
  /// a change that may hold a stack or a presentation, not a plain value's.
  fileprivate var isStructural: Bool {
    [value, oldValue].contains { $0?.objectValue != nil || $0?.arrayValue != nil }
  }
}
