import Foundation
import ReducerKit

/// Writes a value as the Swift expression that makes it, from its `Mirror`, in the style of
/// swift-custom-dump's output but always valid Swift: a struct as its memberwise initializer,
/// an enum as its case, collections as literals, `UUID`s and `Date`s as their initializers.
///
/// A value it cannot spell (a class, a type of the standard library or Foundation it does not
/// know) is written as `try fromJSON(#"…"#)`, decoded from its JSON by `ReducerKitTesting`.
struct SwiftLiteralWriter {
  /// The module of the feature: its types are written without it (`Todo.State`).
  let module: String
  /// The shares held at several places, written by the name of a constant declared before
  /// them instead of a `Shared(value:)` each.
  var sharedConstants: SharedConstants?

  /// The expression for `value`.
  func literal(_ value: Any) throws -> SwiftLiteral {
    if let leaf = Self.leaf(value) { return .atom(leaf) }
    if let shared = value as? any SharedReflecting {
      return try sharedLiteral(shared)
    }
    if let binding = value as? any BindingActionReflecting {
      guard let names = binding.keyPathNames else {
        throw TestgenError.unwritable(String(reflecting: type(of: value)))
      }
      let keyPath = "\\." + (names.isEmpty ? "self" : names.joined(separator: "."))
      return .call(
        ".set",
        [.init(label: nil, value: .atom(keyPath)),
          .init(label: nil, value: try literal(binding.reflectedValue))])
    }
    if let stack = value as? any StackStateReflecting, stack.ids.isEmpty {
      return .atom("StackState()")
    }
    // Stacks, alerts, dialogs and their text have no memberwise initializer to call: they are
    // decoded from their JSON, which keeps every id.
    let fullName = String(reflecting: type(of: value))
    if Self.decodedFromJSON.contains(where: fullName.hasPrefix) { return try jsonLiteral(value) }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .atom("nil") }
      return try literal(wrapped)
    case .collection, .set:
      return .array(try mirror.children.map { try literal($0.value) })
    case .dictionary:
      return .dictionary(
        try mirror.children.map { child in
          let pair = Array(Mirror(reflecting: child.value).children)
          guard pair.count == 2 else { throw TestgenError.unwritable(String(describing: value)) }
          return .init(key: try literal(pair[0].value), value: try literal(pair[1].value))
        })
    case .enum:
      return try enumLiteral(value, mirror: mirror)
    case .struct:
      guard let name = typeName(of: value), !name.hasPrefix("Swift."),
        !name.hasPrefix("Foundation.")
      else { return try jsonLiteral(value) }
      return .call(
        name,
        try mirror.children.map {
          .init(label: Self.propertyName($0), value: try literal($0.value))
        })
    case .tuple:
      return .call(
        "",
        try mirror.children.map { child in
          .init(label: Self.tupleLabel(child.label), value: try literal(child.value))
        })
    default:
      return try jsonLiteral(value)
    }
  }

  /// `Shared(value: …)` or `.constant(…)` for a reader; for a share held at several places,
  /// its constant's name (`SharedReader(name)` for a reader), declaring the constant the first
  /// time.
  private func sharedLiteral(_ shared: any SharedReflecting) throws -> SwiftLiteral {
    guard let constants = sharedConstants,
      let name = constants.names[shared.reflectedStorageID]
    else {
      let value = try literal(shared.reflectedValue)
      return shared.isReader
        ? .call(".constant", [.init(label: nil, value: value)])
        : .call("Shared", [.init(label: "value", value: value)])
    }
    if !constants.declarations.contains(where: { $0.name == name }) {
      let value = try literal(shared.reflectedValue)
      constants.declarations.append(
        (name, .call("Shared", [.init(label: "value", value: value)])))
    }
    return shared.isReader
      ? .call("SharedReader", [.init(label: nil, value: .atom(name))]) : .atom(name)
  }

  /// `.case` or `.case(payload)`.
  private func enumLiteral(_ value: Any, mirror: Mirror) throws -> SwiftLiteral {
    guard let child = mirror.children.first, let name = child.label else {
      return .atom("." + Self.caseName(of: value))
    }
    let payload = Mirror(reflecting: child.value)
    guard payload.displayStyle == .tuple else {
      return .call("." + name, [.init(label: nil, value: try literal(child.value))])
    }
    return .call(
      "." + name,
      try payload.children.map {
        .init(label: Self.tupleLabel($0.label), value: try literal($0.value))
      })
  }

  /// `try fromJSON(#"…"#)`: the value decoded from its JSON, for a type with no literal.
  func jsonLiteral(_ value: Any) throws -> SwiftLiteral {
    guard let encodable = value as? any Encodable else {
      throw TestgenError.unwritable(String(reflecting: type(of: value)))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(encodable), as: UTF8.self)
    return .atom("try fromJSON(\(Self.rawStringLiteral(json)))")
  }

  /// The type's name as the generated file writes it, or `nil` when it has no name there
  /// (a local or private type).
  func typeName(of value: Any) -> String? {
    let name = String(reflecting: type(of: value))
    guard !name.contains("(") else { return nil }
    let prefix = module + "."
    return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
  }

  /// The ReducerKit types written as `try fromJSON(…)`, by the start of their full names.
  private static let decodedFromJSON = [
    "ReducerKit.StackState<", "ReducerKit.AlertState<", "ReducerKit.ConfirmationDialogState<",
    "ReducerKit.ButtonState<", "ReducerKit.TextState",
  ]

  /// The name a test writes for a property that `Mirror` shows as `child`: a `@Presents`,
  /// `@Shared` or `@SharedReader` property's storage `_destination` is `destination`.
  static func propertyName(_ child: Mirror.Child) -> String? {
    guard let label = child.label else { return nil }
    guard child.value is any PresentationStateReflecting || child.value is any SharedReflecting,
      label.hasPrefix("_")
    else {
      return label
    }
    return String(label.dropFirst())
  }

  /// The literal of a value written as one piece of text, or `nil` for other values.
  static func leaf(_ value: Any) -> String? {
    switch value {
    case let id as StackElementID: "\(id.generation)"
    case let string as String: stringLiteral(string)
    case let character as Character: stringLiteral(String(character))
    case let bool as Bool: bool ? "true" : "false"
    case let integer as any BinaryInteger: "\(integer)"
    case let double as Double: floatingLiteral(double)
    case let float as Float: floatingLiteral(Double(float))
    case let uuid as UUID: "UUID(uuidString: \"\(uuid.uuidString)\")!"
    case let date as Date:
      "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
    case let indexSet as IndexSet: indexSetLiteral(indexSet)
    case let url as URL: "URL(string: \(stringLiteral(url.absoluteString)))!"
    case let decimal as Decimal: "Decimal(string: \"\(decimal)\")!"
    case let data as Data: "Data(base64Encoded: \"\(data.base64EncodedString())\")!"
    default: nil
    }
  }

  /// The indexes one by one while there are few, else the set's ranges: a set of the range
  /// `0..<2^40` is 12 bytes in memory and must not become 2^40 numbers.
  private static func indexSetLiteral(_ indexSet: IndexSet) -> String {
    if indexSet.isEmpty { return "IndexSet()" }
    if indexSet.count <= 1000 { return "IndexSet(\(Array(indexSet)))" }
    let ranges = indexSet.rangeView.map { "\($0.lowerBound)..<\($0.upperBound)" }
    return "[\(ranges.joined(separator: ", "))].reduce(into: IndexSet()) { "
      + "$0.insert(integersIn: $1) }"
  }

  private static func floatingLiteral(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    return "\(value)"
  }

  /// A Swift string literal of `string`.
  static func stringLiteral(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\0": text += "\\0"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        text += "\\u{\(String(scalar.value, radix: 16))}"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// A raw string literal of `string` with enough `#`s that nothing in it ends it.
  static func rawStringLiteral(_ string: String) -> String {
    var hashes = "#"
    while string.contains("\"" + hashes) || string.contains("\\" + hashes) { hashes += "#" }
    return "\(hashes)\"\(string)\"\(hashes)"
  }

  /// A tuple element's label, or `nil` for an unlabeled one (`.0`).
  private static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  /// The name of the case of an enum value without associated values, even when the enum
  /// describes itself otherwise (`CustomStringConvertible`).
  static func caseName(of value: Any) -> String {
    func name<T>(_ value: T) -> String {
      enumCaseName(value).map { String(cString: $0) } ?? String(describing: value)
    }
    return _openExistential(value, do: name)
  }
}

/// The Swift runtime's name of an enum value's case (what `print` shows for an enum).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
