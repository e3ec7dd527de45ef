/// A binding action is recorded as the path of the property it sets and the value it sets it to:
/// `{"keyPath": ["email"], "value": "a@b.c"}`.
///
/// A key path is not `Codable`, so the path is the property's name in the state's `Codable`
/// representation, found through the root's ``ObservableStateProtocol/_$observableProperties``,
/// and through those of nested observable states for `\.settings.name` (`["settings",
/// "name"]`); `\.self` is `[]`. Decoding walks the same names back to the key path.
///
/// Limits: only chains of stored properties of `@ObservableState` types can be named (not a
/// subscript such as `\.rows[0].title`, nor a computed property), and the value's type must be
/// `Codable`; encoding or decoding anything else throws an error naming what was wrong.
extension BindingAction: Codable where Root: ObservableStateProtocol {
  enum CodingKeys: String, CodingKey {
    case keyPath, value
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let names = try container.decode([String].self, forKey: .keyPath)
    guard let keyPath = BindingKeyPaths.keyPath(named: names, in: Root.self) else {
      throw DecodingError.dataCorruptedError(
        forKey: .keyPath, in: container,
        debugDescription: """
          \(Root.self) has no stored property at \(names): a binding action names the \
          properties of an @ObservableState type by their Codable keys.
          """
      )
    }
    guard
      let valueType = type(of: keyPath).valueType as? any (Decodable & Equatable & Sendable).Type
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .value, in: container,
        debugDescription: """
          The property at \(names) of \(Root.self) is a \(type(of: keyPath).valueType), which \
          is not Decodable, Equatable and Sendable: a binding action to it cannot be decoded.
          """
      )
    }
    func decode<Value: Decodable & Equatable & Sendable>(
      _: Value.Type
    ) throws -> BindingAction? {
      guard let writable = keyPath as? WritableKeyPath<Root, Value> else { return nil }
      return .set(writable, try container.decode(Value.self, forKey: .value))
    }
    guard let action = try decode(valueType) else {
      throw DecodingError.dataCorruptedError(
        forKey: .keyPath, in: container,
        debugDescription: "The property at \(names) of \(Root.self) cannot be set."
      )
    }
    self = action
  }

  public func encode(to encoder: any Encoder) throws {
    guard let names = BindingKeyPaths.names(of: keyPath, in: Root.self) else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: """
            A \(Self.self) sets a \(type(of: keyPath).valueType) that is not a stored \
            property: only chains of stored properties of @ObservableState types have Codable \
            names to record.
            """
        )
      )
    }
    guard let encodable = value as? any Encodable else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath + [CodingKeys.value],
          debugDescription: """
            A \(Self.self) sets a \(type(of: value)), which is not Encodable.
            """
        )
      )
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(names, forKey: .keyPath)
    try container.encode(encodable, forKey: .value)
  }
}

/// Names the key paths of stored properties of observable states, and finds them by name.
enum BindingKeyPaths {
  /// The names leading from `root` to `keyPath`, or `nil` when it is not a chain of stored
  /// properties of observable states.
  static func names(of keyPath: AnyKeyPath, in root: any ObservableStateProtocol.Type)
    -> [String]?
  {
    if keyPath == identity(of: root) { return [] }
    return names(of: keyPath, under: identity(of: root), in: root)
  }

  /// The key path `names` lead to from `root`, or `nil` when one of them is not a property.
  static func keyPath(named names: [String], in root: any ObservableStateProtocol.Type)
    -> AnyKeyPath?
  {
    var keyPath = identity(of: root)
    var type: Any.Type = root
    for name in names {
      guard
        let stateType = type as? any ObservableStateProtocol.Type,
        let property = properties(of: stateType).first(where: { $0.name == name }),
        let appended = keyPath.appending(path: property.keyPath)
      else { return nil }
      keyPath = appended
      type = Swift.type(of: property.keyPath).valueType
    }
    return keyPath
  }

  private static func names(
    of target: AnyKeyPath, under prefix: AnyKeyPath, in type: any ObservableStateProtocol.Type
  ) -> [String]? {
    let candidates = properties(of: type).compactMap { property in
      prefix.appending(path: property.keyPath).map { (property, $0) }
    }
    if let match = candidates.first(where: { $0.1 == target }) { return [match.0.name] }
    for (property, keyPath) in candidates {
      guard
        let nested = Swift.type(of: property.keyPath).valueType
          as? any ObservableStateProtocol.Type,
        let rest = names(of: target, under: keyPath, in: nested)
      else { continue }
      return [property.name] + rest
    }
    return nil
  }

  private static func properties(
    of type: any ObservableStateProtocol.Type
  ) -> [(name: String, keyPath: AnyKeyPath)] {
    func open<State: ObservableStateProtocol>(_: State.Type) -> [(String, AnyKeyPath)] {
      State._$observableProperties.map { ($0.name, $0.keyPath) }
    }
    return open(type)
  }

  private static func identity(of type: any ObservableStateProtocol.Type) -> AnyKeyPath {
    func open<State: ObservableStateProtocol>(_: State.Type) -> AnyKeyPath { \State.self }
    return open(type)
  }
}
