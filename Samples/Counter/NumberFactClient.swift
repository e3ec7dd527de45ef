import ReducerKit

/// Fetches a fact about a number.
///
/// Apps would call a web service; the samples never touch the network, so the client shipped,
/// live and in tests, is ``deterministic``, whose answers are computed from the number. Reducers
/// read it as a dependency:
///
/// ```swift
/// @Dependency(\.numberFact) var numberFact
/// let fact = try await numberFact.fetch(7)  // "7 is the number of days in a week."
/// ```
public struct NumberFactClient: Sendable {
  /// Returns a fact about a number, or throws when there is none.
  public var fetch: @Sendable (_ number: Int) async throws -> String

  /// A client made from a closure, for tests and for apps with a real service.
  public init(fetch: @escaping @Sendable (_ number: Int) async throws -> String) {
    self.fetch = fetch
  }

  /// A client whose facts are computed from the number, and that fails with
  /// ``NumberFactError/negativeNumber(_:)`` for a number below zero.
  public static let deterministic = Self { number in
    guard number >= 0 else { throw NumberFactError.negativeNumber(number) }
    return fact(about: number)
  }

  /// The fact ``deterministic`` returns for a number that is not negative.
  public static func fact(about number: Int) -> String {
    if let known = knownFacts[number] {
      return "\(number) is \(known)."
    }
    let parity = number.isMultiple(of: 2) ? "an even" : "an odd"
    let root = Int(Double(number).squareRoot())
    let square = root * root == number ? " and a perfect square" : ""
    return "\(number) is \(parity) number\(square)."
  }

  private static let knownFacts: [Int: String] = [
    0: "the additive identity",
    1: "the loneliest number",
    2: "the only even prime",
    3: "the number of primary colors",
    4: "the number of seasons in a year",
    5: "the number of fingers on a hand",
    6: "the smallest perfect number",
    7: "the number of days in a week",
    8: "the number of legs of a spider",
    9: "the number of planets some people still count",
    10: "the base of the decimal system",
    12: "the number of months in a year",
    42: "the answer to life, the universe and everything",
  ]
}

extension NumberFactClient: DependencyKey {
  /// The samples' live client: ``deterministic``.
  public static let liveValue = deterministic
  /// Tests get ``deterministic`` too: its answers are fixed.
  public static let testValue = deterministic
}

extension DependencyValues {
  /// Where ``Counter`` gets facts about numbers.
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// Why ``NumberFactClient/deterministic`` has no fact.
public enum NumberFactError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Facts exist only for numbers from zero up.
  case negativeNumber(Int)

  /// A sentence that says why there is no fact.
  public var description: String {
    switch self {
    case let .negativeNumber(number):
      "No fact is known about \(number): facts exist only for numbers from zero up."
    }
  }
}
