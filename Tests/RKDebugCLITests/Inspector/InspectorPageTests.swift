import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugInspector

@Suite struct InspectorPageTests {
  @Test func sha256KnownAnswers() {
    #expect(SHA256.base64Digest(of: "") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    #expect(SHA256.base64Digest(of: "abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    // Two blocks of padding.
    #expect(
      SHA256.base64Digest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=")
  }

  @Test func theSelfContainedPageKeepsDataAsData() throws {
    let hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
    let page = InspectorPage.selfContained(
      data: ["label": .string(hostile)], title: "<b>session</b>")
    #expect(!page.contains(hostile))
    #expect(page.contains("<title>&lt;b&gt;session&lt;/b&gt;</title>"))
    // One data block and one script, whose hash the page's policy names.
    let script = String(decoding: InspectorAssets.appJS, as: UTF8.self)
    #expect(!script.contains("</script"))
    #expect(page.contains("script-src 'sha256-\(SHA256.base64Digest(of: script))'"))
    #expect(!page.contains("src=\"app.js\""))
    #expect(!page.contains("href=\"app.css\""))
    let start = try #require(page.range(of: "<script type=\"application/json\" id=\"rk-data\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let data = try JSONValue(parsing: String(page[start.upperBound..<end.lowerBound]))
    #expect(data["label"] == .string(hostile))
  }
}
