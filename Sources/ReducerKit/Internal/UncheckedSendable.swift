/// Carries a value that is not `Sendable` across a concurrency boundary its use makes safe.
///
/// Used for case-path `embed` closures, which are pure functions of their input (they build an
/// enum value and touch no shared state), and by the recorder for an action handed to its
/// writer thread, which only reads that copy (as TCA's `_printChanges()` hands it to its queue).
@usableFromInline
package struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline package let value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
  }
}
