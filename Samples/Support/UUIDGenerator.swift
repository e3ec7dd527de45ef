import Foundation

/// Makes the identifiers of new values, so a feature that creates identified state can be made
/// deterministic.
///
/// The samples use ``incrementing``: the first identifier is
/// `00000000-0000-0000-0000-000000000000`, the next ends in `…001`, and so on, so a recorded
/// session replays to the same identifiers.
///
/// ```swift
/// let uuid = UUIDGenerator.incrementing
/// uuid()  // 00000000-0000-0000-0000-000000000000
/// uuid()  // 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator made from a closure.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns a new identifier.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// A new generator that counts up from `00000000-0000-0000-0000-000000000000`.
  ///
  /// Each read of this property starts a counter of its own.
  public static var incrementing: Self {
    let counter = Counter()
    return Self { UUID(counter.next()) }
  }

  /// A generator of random identifiers, as `UUID()` makes them. Not deterministic.
  public static var random: Self {
    Self { UUID() }
  }

  /// A lock-protected count, shared by the copies of one incrementing generator.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      defer { value += 1 }
      return value
    }
  }
}

extension UUID {
  /// The identifier whose last twelve hexadecimal digits spell `number`, as in
  /// `UUID(1) == UUID(uuidString: "00000000-0000-0000-0000-000000000001")`.
  ///
  /// - Parameter number: A number from 0 to 2⁴⁸ − 1.
  public init(_ number: Int) {
    let hex = String(UInt64(number) & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}
