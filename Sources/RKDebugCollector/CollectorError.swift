/// What the collector's database cannot do: a URL that is not PostgreSQL's, a session it does
/// not hold. (A batch it refuses is a ``SessionBatchError``.)
public struct CollectorError: Error, Equatable, CustomStringConvertible {
  /// One line: what was wrong, naming the session and the action or effect.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The database gave no connection in time (it is down or restarting): nothing was done, and
/// the same call may be made again.
public struct CollectorUnavailable: Error, CustomStringConvertible {
  public var description: String {
    "the database gave no connection within \(CollectorStore.connectionWait); send it again"
  }
}
