import Foundation

#if !canImport(Darwin)
  import AsyncHTTPClient
  import NIOCore
  import NIOHTTP1
#endif

extension SessionUploader {
  /// How a request reaches the collector: it answers with any status, and throws only when
  /// no answer came.
  public typealias Send = @Sendable (UploadRequest) async throws -> UploadResponse

  /// The platform's HTTP client: `URLSession.shared` on Apple platforms; elsewhere an
  /// async-http-client of the process, since `URLSession` there is FoundationNetworking's,
  /// which loads libcurl into every program that links it.
  public static let standardTransport: Send = { try await send(withPlatformClient: $0) }

  #if canImport(Darwin)
    private static func send(withPlatformClient request: UploadRequest) async throws
      -> UploadResponse
    {
      var urlRequest = URLRequest(url: request.url)
      urlRequest.httpMethod = request.method
      urlRequest.allHTTPHeaderFields = request.headerFields
      urlRequest.httpBody = Data(request.body)
      let (seconds, attoseconds) = request.timeout.components
      urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
      let (data, response) = try await URLSession.shared.data(for: urlRequest)
      guard let response = response as? HTTPURLResponse else {
        throw URLError(.badServerResponse)
      }
      return UploadResponse(status: response.statusCode, body: [UInt8](data))
    }
  #else
    private static func send(withPlatformClient request: UploadRequest) async throws
      -> UploadResponse
    {
      var httpRequest = HTTPClientRequest(url: request.url.absoluteString)
      httpRequest.method = HTTPMethod(rawValue: request.method)
      for (name, value) in request.headerFields {
        httpRequest.headers.add(name: name, value: value)
      }
      httpRequest.body = .bytes(ByteBuffer(bytes: request.body))
      let response = try await client.execute(httpRequest, timeout: TimeAmount(request.timeout))
      let body = try await response.body.collect(upTo: maximumAnswer)
      return UploadResponse(status: Int(response.status.code), body: Array(body.readableBytesView))
    }

    /// The most bytes of an answer read: the collector's are a few hundred.
    private static let maximumAnswer = 1 << 20

    /// The process's client, kept until it exits. A refused connection fails its request at
    /// once, as `URLSession`'s does: the uploader decides when to try again.
    private static let client: HTTPClient = {
      var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
      configuration.connectionPool.retryConnectionEstablishment = false
      return HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
  #endif
}
