import Foundation
import ReducerKitDebug

/// The inspector as one self-contained HTML file: the page with its style and script inline
/// and a window of a session as data, to open in a browser without a server.
public enum InspectorPage {
  /// The page with `data` (docs/ui-api.md, "Exported pages") in place of the JSON API.
  ///
  /// The data sits in a `<script type="application/json">` block, with every `<` escaped so
  /// that no value can close it; the page's policy allows only its own inline script and style.
  public static func selfContained(data: JSONValue, title: String) -> String {
    let html = String(decoding: InspectorAssets.indexHTML, as: UTF8.self)
    let script = String(decoding: InspectorAssets.appJS, as: UTF8.self)
    let style = String(decoding: InspectorAssets.appCSS, as: UTF8.self)
    let json = data.serialized().replacingOccurrences(of: "<", with: "\\u003c")
    let policy =
      "default-src 'none'; script-src 'sha256-\(SHA256.base64Digest(of: script))'; "
      + "style-src 'sha256-\(SHA256.base64Digest(of: style))'; img-src data:; "
      + "base-uri 'none'; form-action 'none'"
    return
      html
      .replacingOccurrences(
        of: "<title>rkdebug</title>", with: "<title>\(escapingText(title))</title>")
      .replacingOccurrences(
        of: "<!-- policy -->",
        with: "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">")
      .replacingOccurrences(
        of: "<link rel=\"stylesheet\" href=\"app.css\">", with: "<style>\(style)</style>")
      .replacingOccurrences(
        of: "<script src=\"app.js\"></script>",
        with: "<script type=\"application/json\" id=\"rk-data\">\(json)</script>\n"
          + "<script>\(script)</script>")
  }

  /// `text` with the characters HTML gives a meaning escaped.
  static func escapingText(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
