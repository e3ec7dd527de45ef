/// Carries a value that is not `Sendable` into a `@Sendable` closure.
///
/// Used for case-path `embed` closures, which are pure functions of their input (they build an
/// enum value and touch no shared state), so calling them from any thread is safe.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}
