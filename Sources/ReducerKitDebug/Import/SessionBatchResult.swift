/// What a store of sessions did with a batch of one session (``ActionLog/appendBatch(_:items:)``
/// and the collector's PostgreSQL store): the answer to `POST /v1/batches`.
public struct SessionBatchResult: Sendable, Equatable {
  /// Actions stored by this batch.
  public var storedActions: Int
  /// Actions of the batch already stored (the same ones), stored nothing.
  public var skippedActions: Int
  /// Effects stored or completed (a running effect's end) by this batch.
  public var storedEffects: Int
  /// The session's actions stored after the batch: 1 through this index, with no gap. A
  /// sender resumes after it.
  public var actionCount: Int

  /// Creates a result; each parameter sets the property of the same name.
  public init(storedActions: Int, skippedActions: Int, storedEffects: Int, actionCount: Int) {
    self.storedActions = storedActions
    self.skippedActions = skippedActions
    self.storedEffects = storedEffects
    self.actionCount = actionCount
  }
}
