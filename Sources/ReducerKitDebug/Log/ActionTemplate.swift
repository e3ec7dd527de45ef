import GRDB

/// An action's JSON and label with their numbers and UUIDs taken out as arguments: the form in
/// which the log stores them once (`action_template`) for every action that differs only in
/// those, such as a screen's actions, distinct by its stack id, or a row's, by its UUID.
///
/// Argument `i` stands in both texts as the byte 0x01, `i` in decimal and the byte 0x02.
/// Filling the template with its arguments gives the texts back byte for byte: a pair of
/// texts for which it would not is not made a template.
struct ActionTemplate: Equatable {
  /// The JSON with each number and each UUID string's content replaced by its placeholder.
  let json: String
  /// The label with each argument's text replaced by its placeholder where it stands alone.
  let label: String
  /// The texts taken out, each once, in the order the JSON holds them.
  let arguments: [String]

  /// The most arguments a template takes: an action holding more numbers (a list of them) is
  /// stored as it is.
  static let argumentLimit = 16

  /// The template of `json` and `label`; `nil` when the JSON holds no number or UUID, holds
  /// too many, or a text holds the placeholders' bytes.
  init?(json: String, label: String) {
    let jsonBytes = Array(json.utf8)
    let labelBytes = Array(label.utf8)
    guard !jsonBytes.contains(where: Self.isMarker), !labelBytes.contains(where: Self.isMarker)
    else { return nil }
    var arguments: [[UInt8]] = []
    var templateJSON: [UInt8] = []
    templateJSON.reserveCapacity(jsonBytes.count)
    func placeholder(for argument: ArraySlice<UInt8>, into output: inout [UInt8]) -> Bool {
      let index =
        arguments.firstIndex { $0.elementsEqual(argument) }
        ?? {
          arguments.append(Array(argument))
          return arguments.count - 1
        }()
      Self.appendPlaceholder(index, to: &output)
      return arguments.count <= Self.argumentLimit
    }
    var position = 0
    while position < jsonBytes.count {
      let byte = jsonBytes[position]
      if byte == UInt8(ascii: "\"") {
        let end = Self.endOfString(in: jsonBytes, from: position)
        // An unterminated string (not JSON) ends with the text; filling then tells.
        let content = jsonBytes[(position + 1)..<max(position + 1, end - 1)]
        if Self.isUUID(content) {
          templateJSON.append(byte)
          guard placeholder(for: content, into: &templateJSON) else { return nil }
          templateJSON.append(byte)
        } else {
          templateJSON.append(contentsOf: jsonBytes[position..<end])
        }
        position = end
      } else if byte == UInt8(ascii: "-") || Self.isDigit(byte) {
        var end = position + 1
        while end < jsonBytes.count, Self.isNumberByte(jsonBytes[end]) { end += 1 }
        guard placeholder(for: jsonBytes[position..<end], into: &templateJSON) else { return nil }
        position = end
      } else {
        templateJSON.append(byte)
        position += 1
      }
    }
    guard !arguments.isEmpty else { return nil }
    let templateLabel = Self.replacing(arguments, in: labelBytes)
    let template = (
      json: String(decoding: templateJSON, as: UTF8.self),
      label: String(decoding: templateLabel, as: UTF8.self)
    )
    let texts = arguments.map { String(decoding: $0, as: UTF8.self) }
    guard Self.fill(template.json, with: texts) == json,
      Self.fill(template.label, with: texts) == label
    else { return nil }
    self.json = template.json
    self.label = template.label
    self.arguments = texts
  }

  /// The arguments as the log stores them: a JSON array of strings.
  var argumentsJSON: String {
    "[" + arguments.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  /// `template` with each placeholder replaced by its argument.
  static func fill(_ template: String, with arguments: [String]) -> String {
    var output: [UInt8] = []
    fill(Array(template.utf8), with: arguments.map { Array($0.utf8) }, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `template` to `output` with each placeholder replaced by its argument.
  static func fill(_ template: [UInt8], with arguments: [[UInt8]], into output: inout [UInt8]) {
    template.withUnsafeBufferPointer { template in
      var start = 0
      while let marker = template[start...].firstIndex(of: 0x01) {
        output.append(contentsOf: template[start..<marker])
        var index = 0
        var end = marker + 1
        while end < template.count, isDigit(template[end]), index < 1_000 {
          index = index * 10 + Int(template[end] - UInt8(ascii: "0"))
          end += 1
        }
        if end < template.count, template[end] == 0x02, index < arguments.count {
          output.append(contentsOf: arguments[index])
          start = end + 1
        } else {
          output.append(0x01)
          start = marker + 1
        }
      }
      output.append(contentsOf: template[start...])
    }
  }

  /// The arguments stored as `json` (``argumentsJSON``); `nil` when it is not an array of
  /// strings.
  static func arguments(fromJSON json: String) -> [String]? {
    arguments(fromJSON: Array(json.utf8))?.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The arguments stored as the UTF-8 `json`; `nil` when it is not an array of strings.
  static func arguments<JSON: RandomAccessCollection<UInt8>>(
    fromJSON json: JSON
  ) -> [[UInt8]]? where JSON.Index == Int {
    // What the writer stores, read directly: strings without escapes.
    var arguments: [[UInt8]] = []
    let first = json.startIndex
    let last = json.endIndex - 1
    var position = first + 1
    if json.count >= 2, json[first] == UInt8(ascii: "["), json[last] == UInt8(ascii: "]") {
      while position < last, json[position] == UInt8(ascii: "\"") {
        guard let close = json[(position + 1)...].firstIndex(of: UInt8(ascii: "\""))
        else { break }
        let text = json[(position + 1)..<close]
        guard !text.contains(UInt8(ascii: "\\")) else { break }
        arguments.append(Array(text))
        position = close + 1
        if json[position] == UInt8(ascii: ",") { position += 1 }
      }
      if position == last, json[position - 1] != UInt8(ascii: ",") { return arguments }
    }
    // Anything else another tool may have written.
    guard case .array(let values)? = try? JSONValue(parsing: String(decoding: json, as: UTF8.self))
    else { return nil }
    arguments = []
    for value in values {
      guard case .string(let text) = value else { return nil }
      arguments.append(Array(text.utf8))
    }
    return arguments
  }

  /// How a query reads the texts of `action_text AS t` in a log of schema `version`: the
  /// JSON's and the label's SQL, filled in where the row is a template's, and the join they
  /// need (after `t`'s). The connection has ``fillFunction``.
  struct Columns {
    let json: String
    let label: String
    let join: String

    init(schemaVersion version: Int) {
      if version >= 8 {
        json = "rkdebug_action_text(coalesce(t.json, p.json), t.args)"
        label = "rkdebug_action_text(coalesce(t.label, p.label), t.args)"
        join = "LEFT JOIN action_template AS p ON p.id = t.template_id"
      } else {
        json = "t.json"
        label = "t.label"
        join = ""
      }
    }
  }

  /// `rkdebug_action_text(text, arguments)`: `text` filled with the arguments stored in JSON,
  /// or `text` when there are none; for the SQL that matches labels.
  static let fillFunction = DatabaseFunction(
    "rkdebug_action_text", argumentCount: 2, pure: true
  ) { values in
    guard let text = String.fromDatabaseValue(values[0]) else { return nil }
    guard let json = String.fromDatabaseValue(values[1]) else { return text }
    guard let arguments = ActionTemplate.arguments(fromJSON: json) else { return nil }
    return ActionTemplate.fill(text, with: arguments)
  }

  // MARK: - Scanning

  private static func isMarker(_ byte: UInt8) -> Bool { byte == 0x01 || byte == 0x02 }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
      || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
  }

  /// Whether `byte` continues a word or a number in a label, so that an argument beside it is
  /// part of something longer.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
  }

  private static func appendPlaceholder(_ index: Int, to output: inout [UInt8]) {
    output.append(0x01)
    output.append(contentsOf: String(index).utf8)
    output.append(0x02)
  }

  /// The index just past the string that opens at `start` (its closing quote included).
  private static func endOfString(in bytes: [UInt8], from start: Int) -> Int {
    var position = start + 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""): return position + 1
      default: position += 1
      }
    }
    return bytes.count
  }

  /// Whether `bytes` spell a UUID: 8-4-4-4-12 hexadecimal digits.
  private static func isUUID(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count == 36 else { return false }
    for (offset, byte) in bytes.enumerated() {
      switch offset {
      case 8, 13, 18, 23:
        guard byte == UInt8(ascii: "-") else { return false }
      default:
        let lower = byte | 0x20
        guard isDigit(byte) || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f"))
        else { return false }
      }
    }
    return true
  }

  /// `label` with each occurrence of an argument that stands alone (no letter, digit, `_` or
  /// `.` on either side) replaced by its placeholder, longer arguments first where two start
  /// at one place.
  private static func replacing(_ arguments: [[UInt8]], in label: [UInt8]) -> [UInt8] {
    let order = arguments.indices.sorted { arguments[$0].count > arguments[$1].count }
    var output: [UInt8] = []
    output.reserveCapacity(label.count)
    var position = 0
    while position < label.count {
      let standsAlone = position == 0 || !isWordByte(label[position - 1])
      let match =
        standsAlone
        ? order.first { index in
          let argument = arguments[index]
          let end = position + argument.count
          return end <= label.count && label[position..<end].elementsEqual(argument)
            && (end == label.count || !isWordByte(label[end]))
        } : nil
      if let match {
        appendPlaceholder(match, to: &output)
        position += arguments[match].count
      } else {
        output.append(label[position])
        position += 1
      }
    }
    return output
  }
}
