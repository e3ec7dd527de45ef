/// How far a ``SessionUploader`` got with one session of its log.
public struct SessionUploadStatus: Sendable, Equatable {
  /// The session's uuid, its key on the collector.
  public var uuid: String
  /// The session's actions the collector holds (1 through this index); `nil` until it said.
  public var acknowledged: Int?
  /// Actions the collector stored from this uploader's batches (none twice).
  public var storedActions: Int
  /// Whether the collector holds the whole session, ended, with every effect's end: nothing
  /// is left to send.
  public var isComplete: Bool
  /// The collector's refusal of a batch of the session (a 4xx answer); the uploader no longer
  /// sends it.
  public var refusal: CollectorRefusal?

  /// Creates a status; each parameter sets the property of the same name.
  public init(
    uuid: String, acknowledged: Int?, storedActions: Int, isComplete: Bool,
    refusal: CollectorRefusal?
  ) {
    self.uuid = uuid
    self.acknowledged = acknowledged
    self.storedActions = storedActions
    self.isComplete = isComplete
    self.refusal = refusal
  }
}
