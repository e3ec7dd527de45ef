import RKDebugInspector
import ReducerKitDebug

/// The inspector's way to the app it is attached to: one connection of the live link, used by
/// one request at a time, in the order the page sent them.
final class LinkRelay: LiveRelay {
  let url: String
  private let queue: RequestQueue

  init(client: LiveLinkClient) {
    url = client.url
    queue = RequestQueue(client: client)
  }

  func send(_ request: LiveRequest) async throws -> LiveAnswer {
    try await queue.send(request)
  }

  /// Serializes the requests: the link answers them in order, one at a time.
  private actor RequestQueue {
    let client: LiveLinkClient
    private var last: Task<LiveAnswer, any Error>?

    init(client: LiveLinkClient) { self.client = client }

    func send(_ request: LiveRequest) async throws -> LiveAnswer {
      let previous = last
      let client = client
      let task = Task {
        _ = try? await previous?.value
        return try await client.send(request)
      }
      last = task
      return try await task.value
    }
  }
}
