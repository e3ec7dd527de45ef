import CustomDump

/// swift-custom-dump's `customDump` and `diff` text, byte for byte, without its per-call cost:
/// custom-dump cleans up every type name it prints with regular expressions, compiled on each
/// call; here each type's name is made once (``CustomDumpTypeName``).
///
/// The values states and actions hold (structs, enums, tuples, optionals, collections,
/// dictionaries, sets, strings, and custom-dump's own conformances) are printed here. A value
/// holding anything else (a class, a metatype, a `_CustomDiffObject`, a multi-line string or a
/// `\r` in a diff) is handed to custom-dump whole, so the text is custom-dump's in every case.
package enum CustomDumpText {
  /// The text of `customDump(value, to:indent:)`.
  package static func dump(_ value: Any, indent: Int = 0) -> String {
    do {
      return try modeledDump(value, indent: indent)
    } catch {
      var text = ""
      customDump(value, to: &text, indent: indent)
      return text
    }
  }

  /// The text of custom-dump's `diff(lhs, rhs)` in its default format, or `nil` when the
  /// values are equal.
  package static func diff<T>(_ lhs: T, _ rhs: T) -> String? {
    do {
      return try modeledDiff(lhs, rhs)
    } catch {
      return CustomDump.diff(lhs, rhs)
    }
  }

  /// ``dump(_:indent:)`` made here, or an error when `value` needs custom-dump itself.
  package static func modeledDump(_ value: Any, indent: Int = 0) throws(NeedsCustomDump) -> String {
    var text = ""
    try DumpWriter().dump(
      value, name: nil, indent: indent, isRoot: true, maxDepth: .max, into: &text)
    return text
  }

  /// ``diff(_:_:)`` made here, or an error when the values need custom-dump itself.
  package static func modeledDiff<T>(_ lhs: T, _ rhs: T) throws(NeedsCustomDump) -> String? {
    try DiffWriter().diff(lhs, rhs)
  }
}

/// Thrown where a value needs custom-dump itself (see ``CustomDumpText``).
package struct NeedsCustomDump: Error {}
