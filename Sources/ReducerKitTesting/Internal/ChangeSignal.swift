/// Wakes the tasks waiting for something to happen in a ``TestStore``: an action received from
/// an effect, or an effect finishing.
@MainActor
final class ChangeSignal {
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextKey = 0

  /// Wakes every waiting task.
  func fire() {
    let waiters = self.waiters
    self.waiters.removeAll()
    for waiter in waiters.values { waiter.resume() }
  }

  /// Waits until ``fire()`` is called or `deadline` passes, whichever comes first.
  func wait(until deadline: ContinuousClock.Instant) async {
    let key = nextKey
    nextKey += 1
    // The timer only runs once this task has suspended (both are on the main actor), so the
    // continuation is always stored before the timer can resume it.
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      self?.waiters.removeValue(forKey: key)?.resume()
    }
    await withCheckedContinuation { waiters[key] = $0 }
    timer.cancel()
  }
}
