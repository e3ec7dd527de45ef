/// A value a ``PendingChange`` holds until the log writer encodes it.
///
/// The scalars most changes are made of are kept typed, so the writer encodes them with a
/// `switch` rather than a chain of dynamic casts; anything else is kept as an `Encodable`.
enum PendingValue: Sendable {
  case int(Int)
  case string(String)
  case bool(Bool)
  /// Encoded by `JSONEncoder`, whose text for a `Double` the log keeps.
  case double(Double)
  /// JSON `null`: an optional that is `nil` where JSON keeps a slot for it (an array element).
  case null
  /// Any other value, encoded by `JSONEncoder`.
  case encodable(StateValue)
  /// An imported array or object whose numbers are all integers, written by
  /// ``JSONValue/serialized(pretty:)``: the text `JSONEncoder` gives it, without its cost.
  case json(JSONValue)

  /// A value read out of a state: typed when it is one of the scalars, else encodable, else a
  /// stand-in that makes the writer fail with the type's name.
  init(_ value: Any) {
    switch value {
    case let int as Int: self = .int(int)
    case let string as String: self = .string(string)
    case let bool as Bool: self = .bool(bool)
    case let double as Double: self = .double(double)
    case let encodable as any Encodable: self = .encodable(StateValue(encodable))
    default:
      let typeName = String(reflecting: type(of: value))
      self = .encodable(StateValue(UnencodableValue(typeName: typeName)))
    }
  }

  /// An imported JSON value: typed when it is a string, a Boolean, `null` or an integer whose
  /// text is the one the writer writes for it, else encoded as the JSON value it is.
  init(json: JSONValue) {
    switch json {
    case let .string(string): self = .string(string)
    case let .bool(bool): self = .bool(bool)
    case .null: self = .null
    case let .number(text) where Int(text).map(String.init) == text: self = .int(Int(text)!)
    case .array, .object:
      self = Self.hasOnlyIntegers(json) ? .json(json) : .encodable(StateValue(json))
    default: self = .encodable(StateValue(json))
    }
  }

  /// Whether every number in `json` is an integer written as `JSONEncoder` writes one: other
  /// numbers' text is `JSONEncoder`'s to choose.
  private static func hasOnlyIntegers(_ json: JSONValue) -> Bool {
    switch json {
    case let .number(text): Int64(text).map(String.init) == text
    case let .array(elements): elements.allSatisfy(hasOnlyIntegers)
    case let .object(members): members.values.allSatisfy(hasOnlyIntegers)
    case .string, .bool, .null: true
    }
  }
}
