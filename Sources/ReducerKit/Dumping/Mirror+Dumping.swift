import CustomDump

extension Mirror {
  /// The mirror custom-dump reads `subject` through: its `customDumpMirror`, if it has one.
  init(dumping subject: Any) {
    self = (subject as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: subject)
  }

  /// Whether custom-dump prints this container's one child inline: `.some(5)`, `Wrapper(7)`.
  var isSingleValueContainer: Bool {
    switch displayStyle {
    case .collection?, .dictionary?, .set?:
      return false
    default:
      guard children.count == 1, let child = children.first else { return false }
      var value = child.value
      if value is any _CustomDiffObject { return false }
      while let representable = value as? any CustomDumpRepresentable {
        value = representable.customDumpValue
        if value is any _CustomDiffObject { return false }
      }
      if let convertible = child.value as? any CustomDumpStringConvertible {
        return !convertible.customDumpDescription.contains("\n")
      }
      return Mirror(dumping: value).children.isEmpty
    }
  }

  /// Whether custom-dump shows `child` of `value`: not the `_$` storage the observation macro
  /// adds, unless `value` chose its children with a custom dump mirror.
  static func isShown(_ child: Child, of value: Any) -> Bool {
    value is any CustomDumpReflectable || !(child.label?.hasPrefix("_$") ?? false)
  }
}

/// Whether custom-dump considers two values equal: by `==` when they are `Equatable`, otherwise
/// child by child. Classes and `_CustomDiffObject`s need custom-dump's identity tracking.
func isDumpEqual(_ lhs: Any, _ rhs: Any) throws(NeedsCustomDump) -> Bool {
  for value in [lhs, rhs] where value is any _CustomDiffObject || type(of: value) is AnyClass {
    throw NeedsCustomDump()
  }
  guard let lhs = lhs as? any Equatable else {
    let lhsMirror = Mirror(dumping: lhs)
    let rhsMirror = Mirror(dumping: rhs)
    guard
      lhsMirror.subjectType == rhsMirror.subjectType,
      lhsMirror.children.count == rhsMirror.children.count
    else { return false }
    guard !lhsMirror.children.isEmpty else {
      return String(describing: lhs) == String(describing: rhs)
    }
    for (lhsChild, rhsChild) in zip(lhsMirror.children, rhsMirror.children) {
      guard lhsChild.label == rhsChild.label, try isDumpEqual(lhsChild.value, rhsChild.value)
      else { return false }
    }
    return true
  }
  func open<T: Equatable>(_ lhs: T) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
  }
  return open(lhs)
}

/// Whether two values are the same `Identifiable` element, as custom-dump pairs collection
/// elements.
func isSameIdentity(_ lhs: Any, _ rhs: Any) throws(NeedsCustomDump) -> Bool {
  if lhs is any _CustomDiffObject || rhs is any _CustomDiffObject { throw NeedsCustomDump() }
  guard let lhs = lhs as? any Identifiable else { return false }
  func open<T: Identifiable>(_ lhs: T) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs.id == rhs.id
  }
  return open(lhs)
}
