// swift-format-ignore: AvoidRetroactiveConformances
// Retroactive on purpose: TCA's actions hold the standard library's `Result`, not a type of ours.
/// A `Result<Value, any Error>` in an action is `Codable` when its value is, so a TCA feature
/// whose effects answer with `.loginResponse(Result { try await login() })` records by adding
/// `Codable` to its own `State` and `Action`.
///
/// It is coded as Swift codes an enum, `{"success": {"_0": 42}}`, and a failure as what a
/// ``RecordedError`` keeps of the error (its type's name, description, localized description
/// and custom-dump text): `{"failure": {"_0": {"type": "MyApp.APIError", …}}}`. So a failure
/// decodes as a ``RecordedError`` that prints as the original error did, not as the original.
///
/// The conformance is retroactive (the standard library declares none): a module that declares
/// its own for `Failure == any Error` cannot be used with ReducerKit.
extension Result: @retroactive Encodable where Success: Encodable, Failure == any Error {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultCodingKey.self)
    switch self {
    case .success(let value):
      var payload = container.nestedContainer(keyedBy: ResultPayloadKey.self, forKey: .success)
      try payload.encode(value, forKey: ._0)
    case .failure(let error):
      var payload = container.nestedContainer(keyedBy: ResultPayloadKey.self, forKey: .failure)
      try payload.encode(RecordedError(error), forKey: ._0)
    }
  }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension Result: @retroactive Decodable where Success: Decodable, Failure == any Error {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultCodingKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: """
            A Result is an object with one key, "success" or "failure"; this one has \
            \(container.allKeys.isEmpty ? "neither" : "both").
            """
        )
      )
    }
    let payload = try container.nestedContainer(keyedBy: ResultPayloadKey.self, forKey: key)
    switch key {
    case .success:
      self = .success(try payload.decode(Success.self, forKey: ._0))
    case .failure:
      self = .failure(try payload.decode(RecordedError.self, forKey: ._0))
    }
  }
}

/// The cases of a `Result`, as Swift names an enum's cases in its synthesized `Codable`.
private enum ResultCodingKey: String, CodingKey {
  case success, failure
}

/// The one unlabeled associated value of a case, as Swift names it.
private enum ResultPayloadKey: String, CodingKey {
  case _0
}
