import Synchronization

/// The effect tasks started on behalf of one ``Store/send(_:)``: those of the action sent, of
/// the actions its `.send` effects queued, and of the actions its effects sent later, as in TCA.
///
/// ``StoreTask`` waits for and cancels a group. A task added after the group was cancelled is
/// cancelled at once. Groups are equal only to themselves.
final class EffectGroup: Hashable, Sendable {
  private struct Tasks {
    var tasks: [Task<Void, Never>] = []
    var isCancelled = false
  }

  private let state = Mutex(Tasks())

  /// Whether ``cancel()`` was called.
  var isCancelled: Bool {
    state.withLock { $0.isCancelled }
  }

  /// Whether no task was ever added.
  var isEmpty: Bool {
    state.withLock { $0.tasks.isEmpty }
  }

  /// Adds tasks that the group then waits for and cancels.
  func add(_ tasks: [Task<Void, Never>]) {
    guard !tasks.isEmpty else { return }
    let isCancelled = state.withLock { state -> Bool in
      state.tasks += tasks
      return state.isCancelled
    }
    if isCancelled {
      for task in tasks { task.cancel() }
    }
  }

  /// Waits for every task, including those added while waiting; cancelling the waiting task
  /// cancels the group.
  func wait() async {
    await withTaskCancellationHandler {
      var index = 0
      while let task = state.withLock({ index < $0.tasks.count ? $0.tasks[index] : nil }) {
        await task.value
        index += 1
      }
    } onCancel: {
      cancel()
    }
  }

  /// Cancels every task, and every task added from now on.
  func cancel() {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.isCancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

  static func == (lhs: EffectGroup, rhs: EffectGroup) -> Bool { lhs === rhs }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
