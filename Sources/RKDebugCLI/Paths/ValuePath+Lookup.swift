import ReducerKitDebug

extension ValuePath {
  /// Follows the path into `root`, saying where it stopped if it found nothing.
  ///
  /// - Throws: ``PathEvaluationError`` for a misspelt name (one near an existing member) and
  ///   for a step that does not fit the value it meets.
  func lookup(in root: JSONValue) throws(PathEvaluationError) -> PathLookup {
    var current = root
    // Whether the last step went through an enum case's `_0`, which the path may spell too.
    var unwrapped = false
    for (position, component) in components.enumerated() {
      // The path up to this step, for messages only: made when one is written.
      var prefix: ValuePath { ValuePath(components: Array(components.prefix(position))) }
      func absent(_ reason: PathAbsence.Reason) -> PathLookup {
        .absent(PathAbsence(prefix: prefix, reason: reason, container: current))
      }
      let unwrappedBefore = unwrapped
      unwrapped = false
      switch (component, current) {
      case (.key("_0"), _) where unwrappedBefore:
        // `destination.edit._0`, as the JSON spells it: the payload already reached.
        continue

      case (_, .null):
        return absent(.null)

      case let (.key(name), .object(members)):
        if let member = members[name] {
          // A case of a Swift enum with one unlabeled associated value encodes as
          // `{"edit": {"_0": payload}}`: `destination.edit` is the payload, as in Swift.
          if members.count == 1, let payload = member.enumPayload {
            current = payload
            unwrapped = true
          } else {
            current = member
          }
        } else if name == "count" {
          current = JSONValue(members.count)
        } else if let suggestion = EditDistance.suggestion(for: name, among: members.keys) {
          throw PathEvaluationError(
            "no '\(name)' in \(prefix.displayName); did you mean '\(suggestion)'?"
          )
        } else {
          return absent(.missingKey(name))
        }

      case (.key("count"), .array(let elements)):
        current = JSONValue(elements.count)

      case (.key("count"), .string(let string)):
        current = JSONValue(string.count)

      case let (.key(name), _):
        throw PathEvaluationError(
          "\(prefix.displayName) is \(current.kindName), which has no '\(name)'"
            + (current.arrayValue != nil ? " (an array has only 'count' and [index])" : "")
        )

      case let (.index(index), .array(elements)):
        guard elements.indices.contains(index) else {
          return absent(.indexOutOfRange(index, count: elements.count))
        }
        current = elements[index].stackElement ?? elements[index]

      case let (.id(id), .array(elements)):
        guard
          let element = elements.first(where: {
            $0.objectValue?["id"].map { $0.predicateEquals(id) } ?? false
          })
        else {
          return absent(.missingID(id))
        }
        current = element.stackElement ?? element

      case let (.id(id), _):
        throw PathEvaluationError(
          "\(prefix.displayName) is \(current.kindName), not an array; it has no "
            + "[id: \(id.serialized())]"
        )

      case let (.index(index), .object(members)):
        // A dictionary with integer keys encodes them as strings.
        guard let member = members[String(index)] else {
          return absent(.missingKey(String(index)))
        }
        current = member

      case let (.index(index), _):
        throw PathEvaluationError(
          "\(prefix.displayName) is \(current.kindName), not an array; it has no [\(index)]"
        )
      }
    }
    return .found(current)
  }
}

extension PathAbsence {
  /// Says why the path found nothing, for commands that need a value: `todos has 3 elements;
  /// there is no todos[5]`.
  var explanation: String {
    switch reason {
    case let .missingKey(name):
      let keys = container.objectValue.map { $0.keys.sorted() } ?? []
      let list = keys.isEmpty ? "no members" : keys.map { "'\($0)'" }.joined(separator: ", ")
      return "no '\(name)' in \(prefix.displayName) (it has \(list))"
    case let .indexOutOfRange(index, count):
      let elements = count == 1 ? "1 element" : "\(count) elements"
      return "\(prefix.displayName) has \(elements); there is no [\(index)]"
    case let .missingID(id):
      return "\(prefix.displayName) has no element whose id is \(id.serialized())"
    case .null:
      return "\(prefix.displayName) is nil"
    }
  }
}

extension JSONValue {
  /// The associated value of an enum case encoded `{"_0": payload}`, or `nil`.
  var enumPayload: JSONValue? {
    guard let members = objectValue, members.count == 1 else { return nil }
    return members["_0"]
  }

  /// The screen of a navigation stack's entry, encoded `{"element": screen, "id": 3}`, or `nil`:
  /// `path[0]` and `path[id: 3]` are the screen, as in Swift.
  fileprivate var stackElement: JSONValue? {
    guard let members = objectValue, members.count == 2, members["id"] != nil else { return nil }
    return members["element"]
  }
}
