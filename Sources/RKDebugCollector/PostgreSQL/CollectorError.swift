/// What the collector's database cannot do: a URL that is not PostgreSQL's, a session it does
/// not hold. (A batch it refuses is a ``SessionBatchError``.)
public struct CollectorError: Error, Equatable, CustomStringConvertible {
  /// One line: what was wrong, naming the session and the action or effect.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The database gave no connection in time, or closed the one a call was using (it is down or
/// restarting): the same call may be made again (a batch is stored once, however often sent).
public struct CollectorUnavailable: Error, CustomStringConvertible {
  /// Whether the database closed the call's connection, rather than giving none.
  var closed = false

  public var description: String {
    closed
      ? "the database closed the connection (it stopped or restarted); send it again"
      : "the database gave no connection within \(CollectorStore.connectionWait); send it again"
  }
}
