import Synchronization

/// A one-shot signal a task can wait on, resumed by whichever comes first: ``resume()`` or the
/// cancellation of the waiting task.
final class ResumeOnce: Sendable {
  private enum Phase {
    case idle
    case waiting(CheckedContinuation<Void, Never>)
    case resumed
  }

  private let phase = Mutex(Phase.idle)

  /// Waits until ``resume()`` is called or the waiting task is cancelled.
  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = phase.withLock { phase -> Bool in
          if case .resumed = phase { return true }
          phase = .waiting(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      resume()
    }
  }

  /// Wakes the waiting task, once.
  func resume() {
    let continuation = phase.withLock { phase -> CheckedContinuation<Void, Never>? in
      defer { phase = .resumed }
      if case let .waiting(continuation) = phase { return continuation }
      return nil
    }
    continuation?.resume()
  }
}
