import CustomDump
import Foundation

/// An error read back from a log: it prints, describes itself and dumps as the error it was
/// recorded from did, so a reducer that shows `"\(error)"` or `error.localizedDescription`
/// computes the same state on replay.
///
/// A `Result<Value, any Error>` in an action records its failure as a `RecordedError`
/// (see `Result`'s `Codable` conformance): the error's own type may not be `Codable`, and a
/// log is read by processes that do not have it.
///
/// ```swift
/// let error = RecordedError(APIError.notFound)
/// error.type         // "MyApp.APIError"
/// "\(error)"         // what "\(APIError.notFound)" prints
/// customDump(Result<Int, any Error>.failure(error))  // Result.failure(.notFound)
/// ```
///
/// Two recorded errors are equal when all they recorded is; a `RecordedError` is never equal
/// to the error it was made from (that one need not be `Equatable`). It is not the original's
/// type: a cast (`error as? APIError`) or `String(reflecting: error)` sees the difference.
public struct RecordedError: Error, Hashable, Sendable {
  /// The full name of the original error's type: `String(reflecting: type(of: error))`.
  public let type: String
  /// What the original error printed: `String(describing: error)`.
  public let description: String
  /// The original error's `localizedDescription`.
  public let localizedDescription: String
  /// What swift-custom-dump printed for the original error as an associated value:
  /// `.notFound` for an enum case, `Timeout(seconds: 3)` for a struct.
  public let customDump: String
  /// Whether custom-dump printed the original error on the line of the case that holds it,
  /// `.failure(.notFound)`, rather than on lines of its own: it does so only for a value
  /// without children (a case without payload, an empty struct) or one that dumps itself in
  /// one line (`CustomDumpStringConvertible`).
  public let dumpsInline: Bool

  /// An error with what was recorded of another: how `rkdebug testgen` writes a recorded
  /// failure.
  public init(
    type: String, description: String, localizedDescription: String, customDump: String,
    dumpsInline: Bool
  ) {
    self.type = type
    self.description = description
    self.localizedDescription = localizedDescription
    self.customDump = customDump
    self.dumpsInline = dumpsInline
  }

  /// What can be recorded of `error`; `error` itself when it is already a `RecordedError`, so
  /// re-recording a replayed session keeps the original type's name.
  public init(_ error: any Error) {
    if let recorded = error as? RecordedError {
      self = recorded
      return
    }
    self.init(
      type: String(reflecting: Swift.type(of: error)),
      description: String(describing: error),
      localizedDescription: error.localizedDescription,
      customDump: Self.associatedValueDump(of: error),
      dumpsInline: Mirror(error, unlabeledChildren: [error], displayStyle: .tuple)
        .isSingleValueContainer
    )
  }

  /// custom-dump's text of `error` where an enum case holds it: as at the root, except that
  /// an enum value is written without its type's name (`.notFound`, not `APIError.notFound`).
  private static func associatedValueDump(of error: any Error) -> String {
    var text = ""
    do {
      try DumpWriter().dump(
        error, name: nil, indent: 0, isRoot: false, maxDepth: .max, into: &text)
      return text
    } catch {
      // custom-dump only dumps a value at the root; only an enum's root dump differs.
    }
    let root = String(customDumping: error)
    let typeName = CustomDumpTypeName.of(Swift.type(of: error))
    guard Mirror(reflecting: error).displayStyle == .enum, root.hasPrefix(typeName + ".") else {
      return root
    }
    return String(root.dropFirst(typeName.count))
  }
}

extension RecordedError: CustomStringConvertible {}

extension RecordedError: LocalizedError {
  public var errorDescription: String? { localizedDescription }
}

/// Dumps as the original error: its recorded text, on the line of the case that holds it only
/// when the original was.
extension RecordedError: CustomDumpRepresentable {
  public var customDumpValue: Any { RecordedErrorDump(text: customDump, isInline: dumpsInline) }
}

/// A recorded error as custom-dump sees it: the recorded text, with no children when the
/// original had none (custom-dump prints a childless value on its parent's line).
struct RecordedErrorDump: CustomDumpStringConvertible, CustomDumpReflectable {
  let text: String
  let isInline: Bool

  var customDumpDescription: String { text }

  var customDumpMirror: Mirror {
    Mirror(self, children: isInline ? [] : [(label: nil, value: text)], displayStyle: .struct)
  }
}

// MARK: - Codable

extension RecordedError: Codable {
  enum CodingKeys: String, CodingKey {
    case type, description, localizedDescription, customDump, dumpsInline
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    guard !type.isEmpty, !type.contains(where: \.isNewline) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription: "A recorded error's type is the one-line name of a Swift type, not "
          + (type.isEmpty ? "an empty string." : "text that spans lines.")
      )
    }
    let customDump = try container.decode(String.self, forKey: .customDump)
    let dumpsInline = try container.decode(Bool.self, forKey: .dumpsInline)
    guard !(dumpsInline && customDump.contains(where: \.isNewline)) else {
      throw DecodingError.dataCorruptedError(
        forKey: .dumpsInline, in: container,
        debugDescription: """
          A recorded error whose customDump spans lines cannot dump inline: custom-dump puts \
          such a value on lines of its own.
          """
      )
    }
    self.init(
      type: type,
      description: try container.decode(String.self, forKey: .description),
      localizedDescription: try container.decode(String.self, forKey: .localizedDescription),
      customDump: customDump,
      dumpsInline: dumpsInline
    )
  }
}
