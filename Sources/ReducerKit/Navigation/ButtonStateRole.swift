/// What a button in an alert or a dialog is for, as SwiftUI's `ButtonRole`.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Dismisses without doing anything.
  case cancel
  /// Deletes or otherwise destroys data.
  case destructive
}

/// Encoded as its name: `"cancel"`, `"destructive"`.
extension ButtonStateRole: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    switch try container.decode(String.self) {
    case "cancel": self = .cancel
    case "destructive": self = .destructive
    case let name:
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: #"Unknown button role "\#(name)": expected "cancel" or "destructive"."#
      )
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self == .cancel ? "cancel" : "destructive")
  }
}
