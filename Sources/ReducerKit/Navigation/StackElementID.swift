import CustomDump
import Dependencies

/// The identity of one screen in a ``StackState``: a generation number that a dependency hands
/// out in order, so a test (from 0) and a replay of a recorded session see the same ids.
///
/// It is written as an integer literal in tests (`\.path[id: 0]`), dumps as `#0`, and encodes as
/// its number.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral {
  /// The position of the element in the order ids were handed out.
  public var generation: Int

  /// The id of the given generation.
  public init(generation: Int) {
    self.generation = generation
  }

  /// The id of the given generation, as tests write it.
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: Codable {
  /// Decodes the generation number.
  public init(from decoder: any Decoder) throws {
    self.init(generation: try Int(from: decoder))
  }

  /// Encodes the generation number.
  public func encode(to encoder: any Encoder) throws {
    try generation.encode(to: encoder)
  }
}

extension StackElementID: CustomDebugStringConvertible, CustomDumpStringConvertible {
  public var debugDescription: String { "#\(generation)" }
  public var customDumpDescription: String { "#\(generation)" }
}

/// Hands out ``StackElementID``s in order: `@Dependency(\.stackElementID)`.
///
/// ``StackState`` reads it whenever an element is added. A `TestStore` starts a fresh one at 0,
/// and rkdebug's recorder logs each id it hands out, so a replay gets the same ids.
public struct StackElementIDGenerator: Sendable {
  private let next: @Sendable () -> StackElementID
  private let peek: @Sendable () -> StackElementID

  /// A generator made of the two functions: hand out the next id, and look at it without
  /// handing it out.
  public init(
    next: @escaping @Sendable () -> StackElementID,
    peek: @escaping @Sendable () -> StackElementID
  ) {
    self.next = next
    self.peek = peek
  }

  /// Hands out the next id.
  public func callAsFunction() -> StackElementID {
    next()
  }

  /// The id the next call will hand out.
  public var nextID: StackElementID {
    peek()
  }

  /// Ids from 0 upwards.
  public static func incrementing() -> Self {
    let counter = LockIsolated(0)
    return Self(
      next: {
        counter.withValue { count in
          defer { count += 1 }
          return StackElementID(generation: count)
        }
      },
      peek: { StackElementID(generation: counter.value) }
    )
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static let liveValue = StackElementIDGenerator.incrementing()
  static var testValue: StackElementIDGenerator { .incrementing() }
}

extension DependencyValues {
  /// Hands out the ids of the elements added to a ``StackState``.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}
