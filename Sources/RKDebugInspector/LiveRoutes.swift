import Hummingbird
import ReducerKitDebug

/// `/api/live` (docs/ui-api.md): the page's way to the running app the inspector is attached
/// to. `GET` answers the app's status; `POST` carries one request of the live link (a
/// ``LiveRequest`` as JSON) and answers the app's ``LiveAnswer``.
struct LiveRoutes: Sendable {
  let relay: any LiveRelay

  func add(to router: Router<BasicRequestContext>) {
    let relay = relay
    router.get("/api/live") { request, _ in
      do throws(InspectorError) {
        _ = try QueryParameters(request, allowed: [])
      } catch {
        return InspectorResponse.error(error)
      }
      return await Self.forward(LiveRequest(op: .status), to: relay)
    }
    router.post("/api/live") { request, _ in
      let request = request
      let text: String
      do {
        _ = try QueryParameters(request, allowed: [])
        let body = try await request.body.collect(upTo: LiveRequest.maximumBytes)
        text = String(buffer: body)
      } catch let error as InspectorError {
        return InspectorResponse.error(error)
      } catch {
        return InspectorResponse.error(
          InspectorError(
            status: .contentTooLarge,
            "a live request holds at most \(LiveRequest.maximumBytes >> 20) MiB"))
      }
      let live: LiveRequest
      do {
        live = try LiveRequest(text: text)
      } catch {
        return InspectorResponse.error(.badRequest("\(error)"))
      }
      return await Self.forward(live, to: relay)
    }
  }

  /// The app's answer as JSON (200 even when it refused: its `error` says why), or a 502 when
  /// the app cannot be reached.
  private static func forward(_ request: LiveRequest, to relay: any LiveRelay) async -> Response {
    do {
      let answer = try await relay.send(request)
      var json = try JSONValue(parsing: answer.text)
      if case var .object(members) = json {
        members["url"] = .string(relay.url)
        json = .object(members)
      }
      return InspectorResponse.json(json)
    } catch {
      return InspectorResponse.error(InspectorError(status: .badGateway, "\(error)"))
    }
  }
}
