import ReducerKitDebug

/// A Swift-style path to one value inside a state's JSON: `todos[2].title`, `child.count`,
/// `settings["dark mode"]`.
///
/// ```swift
/// let path = try ValuePath(parsing: "todos[2].title")
/// let title = try path.evaluate(in: state)   // .string("Milk"), or nil
/// ```
///
/// A name is a property (a JSON object member); `[N]` is an array element; `["key"]` is a
/// member whose name is not a Swift identifier. `.count` of an array, an object or a string is
/// its length, unless the object has a real `count` member.
///
/// Like Swift's optional chaining, a path through a missing optional is `nil`: synthesized
/// `Codable` leaves `nil` properties out of the JSON, so a member that is absent reads as
/// `nil`. A name that is absent but close to a member that exists is taken for a typo and
/// throws (``PathEvaluationError``: `no 'titel' in todos[2]; did you mean 'title'?`).
public struct ValuePath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Hashable, Sendable {
    /// A property: an object member (or `count`, the length of an array, object or string).
    case key(String)
    /// An array element (or the member named by the number, in an object).
    case index(Int)
    /// `[id: 3]`: the element of an array whose `id` is the value (a row of an identified
    /// array, or a screen of a navigation stack).
    case id(JSONValue)
  }

  /// The steps from the root of the state.
  public let components: [Component]

  /// The path made of `components`; empty is the whole state.
  public init(components: [Component]) {
    self.components = components
  }

  /// Parses a path, such as `todos[2].title`.
  ///
  /// - Throws: ``PathSyntaxError`` with the column where the text stops being a path.
  public init(parsing text: String) throws(PathSyntaxError) {
    var parser = try PathParser(text)
    self = try parser.parseWholePath()
  }

  /// The value at this path in `root`, or `nil` where the path goes through a missing optional
  /// or past the end of an array.
  ///
  /// - Throws: ``PathEvaluationError`` for a name that looks misspelt (with the nearest
  ///   member), or a step that does not fit the value (an index into a string, a member of a
  ///   number).
  public func evaluate(in root: JSONValue) throws -> JSONValue? {
    switch try lookup(in: root) {
    case let .found(value): return value
    case .absent: return nil
    }
  }

  /// The path as written in Swift: `todos[2].title`; empty for the whole state.
  public var description: String {
    Self.describe(components[...])
  }

  /// The path for messages: its text, or `the state` for the root.
  var displayName: String {
    components.isEmpty ? "the state" : description
  }

  /// The Swift text of some components.
  static func describe(_ components: ArraySlice<Component>) -> String {
    var text = ""
    for component in components {
      switch component {
      case let .key(name) where name.isSwiftIdentifier:
        if !text.isEmpty { text += "." }
        text += name
      case let .key(name):
        text += "[\(JSONValue.string(name).serialized())]"
      case let .index(index):
        text += "[\(index)]"
      case let .id(id):
        text += "[id: \(id.serialized())]"
      }
    }
    return text
  }
}

extension String {
  /// Whether this can be written as a Swift-style name in a path (`title`, `_id`, `$x`).
  var isSwiftIdentifier: Bool {
    guard let first, first.isLetter || first == "_" || first == "$" else { return false }
    return allSatisfy { $0.isLetter || $0 == "_" || $0 == "$" || ($0.isASCII && $0.isNumber) }
  }
}
