/// A `--metadata` pair (also the `metadata` parameter of the collector's `GET /v1/sessions`).
package struct MetadataPair {
  package var key: String
  package var value: String

  /// The pair of `key=value` (split at the first `=`; the value may hold more), or `nil`
  /// without an `=` or without a key.
  package init?(parsing text: some StringProtocol) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
    key = String(text[..<equals])
    value = String(text[text.index(after: equals)...])
  }
}
