/// The custom dump of `value` on one line, for runtime warnings:
/// `Parent.Action.rows(.element(id: 7, action: .increment))`.
func oneLineDump(_ value: Any) -> String {
  let dump = CustomDumpText.dump(value)
  var result = ""
  for line in dump.split(separator: "\n") {
    if result.hasSuffix(",") { result += " " }
    result += line.drop(while: { $0 == " " })
  }
  return result
}
