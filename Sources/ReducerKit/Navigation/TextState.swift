import CustomDump

/// Text held in state: an `Equatable`, `Codable` description of what an alert, a dialog or a
/// label shows, so a test can assert on it and the debugger can record it.
///
/// ```swift
/// state.alert = AlertState { TextState("Couldn't save: ") + TextState(error.message) }
/// ```
///
/// As swift-navigation's, which TCA re-exports: text is verbatim (this one has no localized
/// keys, which need SwiftUI), `+` concatenates, and a concatenation never equals plain text,
/// even one that reads the same.
public struct TextState: Equatable, Hashable, Sendable {
  let storage: Storage

  /// Plain text, or the concatenation of two texts.
  enum Storage: Equatable, Hashable, Sendable {
    indirect case concatenated(TextState, TextState)
    case verbatim(String)
  }

  /// Text shown as written.
  public init(verbatim content: String) {
    storage = .verbatim(content)
  }

  /// Text shown as written: `TextState("Delete?")`, `TextState(error.localizedDescription)`.
  public init<S: StringProtocol>(_ content: S) {
    self.init(verbatim: String(content))
  }

  /// The text of `lhs` followed by the text of `rhs`.
  public static func + (lhs: Self, rhs: Self) -> Self {
    TextState(storage: .concatenated(lhs, rhs))
  }

  private init(storage: Storage) {
    self.storage = storage
  }
}

extension String {
  /// The characters a ``TextState`` shows.
  public init(state: TextState) {
    switch state.storage {
    case .concatenated(let lhs, let rhs):
      self = String(state: lhs) + String(state: rhs)
    case .verbatim(let string):
      self = string
    }
  }
}

/// Dumped as the string it shows, as swift-navigation's: `title: "Delete?"`.
extension TextState: CustomDumpRepresentable {
  public var customDumpValue: Any { String(state: self) }
}

/// Plain text is a JSON string; a concatenation is the array of its two parts
/// (`["Hello, ", "Blob"]`), nested as written, so decoding gives back an equal value.
extension TextState: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      self.init(verbatim: string)
      return
    }
    let parts = try container.decode([TextState].self)
    guard parts.count == 2 else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: """
          A TextState is a string or an array of two TextStates, not an array of \(parts.count).
          """
      )
    }
    self = parts[0] + parts[1]
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch storage {
    case .concatenated(let lhs, let rhs):
      try container.encode([lhs, rhs])
    case .verbatim(let string):
      try container.encode(string)
    }
  }
}
