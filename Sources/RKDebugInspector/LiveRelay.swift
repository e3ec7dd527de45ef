import ReducerKitDebug

/// The running app the inspector is attached to (`rkdebug ui --attach`): the page's live
/// controls reach it through `/api/live`.
public protocol LiveRelay: Sendable {
  /// The link's address, shown on the page.
  var url: String { get }
  /// Sends one request of the live link to the app and returns its answer.
  func send(_ request: LiveRequest) async throws -> LiveAnswer
}
