/// How much a ``TestStore`` requires a test to assert.
///
/// ```swift
/// let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
/// store.exhaustivity = .off
/// await store.send(.counter(.increment))
/// await store.receive(\.counter.delayedIncrementResponse) {
///   $0.counter.count = 2   // only what this test cares about
/// }
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every action received from an effect and the end of every effect must
  /// be asserted. The default.
  case on

  /// Only what the test asserts is checked: state closures describe changes relative to the
  /// actual state, received actions that are not asserted are skipped, and effects still
  /// running at the end of the test are allowed.
  ///
  /// With `showSkippedAssertions: true`, what was skipped is still reported, as known issues
  /// that do not fail the test (Swift Testing), or printed (XCTest on Linux).
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing skipped assertions.
  public static let off = Self.off(showSkippedAssertions: false)
}

extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it back, as TCA's
  /// `withExhaustivity` does: one stretch of an exhaustive test that checks only what it asserts.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off(showSkippedAssertions: true)) {
  ///   await store.send(.recordButtonTapped)
  ///   await store.receive(\.recordingMemo.presented.finalRecordingTime)
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// The synchronous form of ``withExhaustivity(_:operation:)-async``.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }
}
