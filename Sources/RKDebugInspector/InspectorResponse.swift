import Hummingbird
import ReducerKitDebug

/// The inspector's responses: JSON answers and errors, and the page's files.
enum InspectorResponse {
  /// `value` as a JSON body.
  static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serializedBytes())))
  }

  /// An error as `{"error": "…"}` with its status.
  static func error(_ error: InspectorError) -> Response {
    json(["error": .string(error.message)], status: error.status)
  }

  /// One of the page's files.
  static func asset(_ bytes: [UInt8], contentType: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: contentType],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
