import CustomDump

extension Mirror {
  /// The mirror custom-dump reads `subject` through: its `customDumpMirror`, if it has one;
  /// otherwise the children reflection finds, read through key paths when the type has them.
  init(dumping subject: Any, as type: DumpedType) {
    if type.isReflectable {
      self = (subject as! any CustomDumpReflectable).customDumpMirror
      return
    }
    switch type.children {
    case .reflection:
      self = Mirror(reflecting: subject)
    case .properties(let mirror):
      self = mirror(subject)
    case .unchecked(let mirror):
      self = Mirror(reflecting: subject)
      let byKeyPath = mirror(subject)
      DumpedType.settle(
        Swift.type(of: subject),
        childrenMatch: displayStyle == .struct
          && children.map(\.label) == byKeyPath.children.map(\.label))
    }
  }

  /// Whether custom-dump prints this container's one child inline: `.some(5)`, `Wrapper(7)`.
  var isSingleValueContainer: Bool {
    switch displayStyle {
    case .collection?, .dictionary?, .set?:
      return false
    default:
      guard children.count == 1, let child = children.first else { return false }
      let childType = DumpedType.of(Swift.type(of: child.value))
      var value = child.value
      var type = childType
      if type.isDiffObject { return false }
      while type.isRepresentable {
        value = (value as! any CustomDumpRepresentable).customDumpValue
        type = DumpedType.of(Swift.type(of: value))
        if type.isDiffObject { return false }
      }
      // custom-dump's `as? any CustomDumpStringConvertible` looks through optionals: a case
      // holding `Optional(date)` is a single value container because a `Date` is.
      if childType.isStringConvertible || childType.isOptional,
        let convertible = child.value as? any CustomDumpStringConvertible
      {
        return !convertible.customDumpDescription.contains("\n")
      }
      return type.isScalar || Mirror(dumping: value, as: type).children.isEmpty
    }
  }
}

/// Whether custom-dump considers two values equal: by `==` when they are `Equatable`, otherwise
/// child by child. Classes and `_CustomDiffObject`s need custom-dump's identity tracking.
func isDumpEqual(_ lhs: Any, _ rhs: Any) throws(NeedsCustomDump) -> Bool {
  let lhsType = DumpedType.of(type(of: lhs))
  if lhsType.needsCustomDump || DumpedType.of(type(of: rhs)).needsCustomDump {
    throw NeedsCustomDump()
  }
  if let isEqual = lhsType.equals(lhs, rhs) { return isEqual }
  let lhsMirror = Mirror(dumping: lhs, as: lhsType)
  let rhsMirror = Mirror(dumping: rhs, as: DumpedType.of(type(of: rhs)))
  guard
    lhsMirror.subjectType == rhsMirror.subjectType,
    lhsMirror.children.count == rhsMirror.children.count
  else { return false }
  guard !lhsMirror.children.isEmpty else {
    return String(describing: lhs) == String(describing: rhs)
  }
  for (lhsChild, rhsChild) in zip(lhsMirror.children, rhsMirror.children) {
    guard try isDumpEqual(lhsChild, rhsChild) else { return false }
  }
  return true
}

/// ``isDumpEqual(_:_:)`` of two mirror children: custom-dump compares the `(label, value)`
/// tuples, so their labels and then their values.
func isDumpEqual(_ lhs: Mirror.Child, _ rhs: Mirror.Child) throws(NeedsCustomDump) -> Bool {
  guard lhs.label == rhs.label else { return false }
  return try isDumpEqual(lhs.value, rhs.value)
}

/// ``isDumpEqual(_:_:)`` of two lists of mirror children, element by element.
func isDumpEqual(_ lhs: [Mirror.Child], _ rhs: [Mirror.Child]) throws(NeedsCustomDump) -> Bool {
  guard lhs.count == rhs.count else { return false }
  for (lhsChild, rhsChild) in zip(lhs, rhs) {
    guard try isDumpEqual(lhsChild, rhsChild) else { return false }
  }
  return true
}

/// Whether two values are the same `Identifiable` element, as custom-dump pairs collection
/// elements.
func isSameIdentity(_ lhs: Any, _ rhs: Any) throws(NeedsCustomDump) -> Bool {
  let lhsType = DumpedType.of(type(of: lhs))
  if lhsType.needsCustomDump || DumpedType.of(type(of: rhs)).needsCustomDump {
    throw NeedsCustomDump()
  }
  return lhsType.hasSameID(lhs, rhs)
}
