import Synchronization

/// Counts the shares made (``Shared/init(reference:)``), so that a recorder that keeps where a
/// state holds shared values between actions knows when a new share may have taken a place:
/// one that holds an equal value changes no JSON, and no diff would see it.
package enum SharedReferenceCount {
  private static let count = Atomic<Int>(0)

  /// The number of shares made so far in the process.
  package static var current: Int { count.load(ordering: .relaxed) }

  static func increment() {
    count.add(1, ordering: .relaxed)
  }
}
