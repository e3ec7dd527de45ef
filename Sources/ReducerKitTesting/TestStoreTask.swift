import ReducerKit

/// The life of the effects one ``TestStore/send(_:assert:fileID:filePath:line:column:)``
/// started, as TCA's `TestStoreTask`.
///
/// ```swift
/// let task = await store.send(.onAppear)
/// // … assertions …
/// await task.cancel()   // as when the view disappears
/// ```
public struct TestStoreTask: Hashable, Sendable {
  /// The effects, as a ``StoreTask``.
  public let rawValue: StoreTask
  let timeout: Duration

  init(rawValue: StoreTask, timeout: Duration) {
    self.rawValue = rawValue
    self.timeout = timeout
  }

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    await rawValue.cancel()
  }

  /// Waits for the effects to finish, and fails the test if they are still running after
  /// `timeout` (the store's ``TestStore/timeout`` by default). The effects are not cancelled.
  ///
  /// - Parameter timeout: How long to wait, in real time.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let finished = Latch()
    let rawValue = self.rawValue
    // An unstructured task, so that giving up on it at the deadline does not cancel the
    // effects (waiting on a `StoreTask` cancels them when the waiter is cancelled).
    Task {
      await rawValue.finish()
      finished.set()
    }
    let deadline = ContinuousClock.now + timeout
    while !finished.isOpen, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    // One more turn of the executor for the effects, in case this task woke late (as the
    // store's own waits do).
    if !finished.isOpen { await megaYield() }
    guard !finished.isOpen else { return }
    reportTestFailure(
      """
      Expected task to finish, but it is still in-flight after \(Dumping.seconds(timeout)).

      If this task delivers its action using a clock (via "sleep(for:)", a debounce, etc.), \
      make sure that you wait enough time for it to perform its work. If you are using a \
      "TestClock", advance it so that the effects may complete, or consider using an \
      "ImmediateClock" to immediately perform the effect instead.

      If you are not yet using a clock, or cannot use a clock, try increasing the duration of \
      this assertion's "timeout".
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Whether ``cancel()`` was called on this task (a send that started no effect counts as
  /// cancelled): the ``StoreTask/isCancelled`` of ``rawValue``.
  ///
  /// Effects cancelled another way, such as by `.cancel(id:)` from another action or by
  /// ``TestStore/skipInFlightEffects(strict:fileID:filePath:line:column:)``, leave it `false`.
  public var isCancelled: Bool {
    rawValue.isCancelled
  }
}
