import Foundation

/// One request of a ``SessionUploader`` to its collector.
///
/// The uploader's own type rather than Foundation's `URLRequest`, which lives in
/// FoundationNetworking on Linux: a program that links the uploader there (`rkdebug`, for
/// `push`) then loads no libcurl at start.
public struct UploadRequest: Sendable, Equatable {
  /// Where it goes: the collector's `v1/batches`.
  public var url: URL
  /// The HTTP method, `POST`.
  public var method: String
  /// The header fields (`Authorization`, `Content-Type`), by name.
  public var headerFields: [String: String]
  /// The body: lines of `rkdebug export`.
  public var body: [UInt8]
  /// How long to wait for the answer.
  public var timeout: Duration

  /// A request of `method` to `url`.
  public init(
    url: URL, method: String, headerFields: [String: String] = [:], body: [UInt8] = [],
    timeout: Duration = .seconds(60)
  ) {
    self.url = url
    self.method = method
    self.headerFields = headerFields
    self.body = body
    self.timeout = timeout
  }
}

/// The collector's answer to an ``UploadRequest``: any HTTP status, and the body.
public struct UploadResponse: Sendable, Equatable {
  /// The HTTP status code.
  public var status: Int
  /// The body.
  public var body: [UInt8]

  /// An answer with `status` and `body`.
  public init(status: Int, body: [UInt8]) {
    self.status = status
    self.body = body
  }
}
