package dev.agentkit.contract;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import dev.agentkit.internal.text.JsonText;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The errors of one contract document, located the way its reader looks for them: the origin, the
 * JSON path ({@code $.ops[3].operands[0].type}), and the line and column an editor shows. Also the
 * errors about the document as a whole: its encoding, and JSON that Jackson cannot read, put in
 * words that say what to do.
 *
 * <p>A snapshot is written by agentkit, so most of its errors say to regenerate it; a served
 * contract comes from a backend, which the reader of the message may not control.
 */
final class DocumentErrors {
  static final String REGENERATE = "regenerate it with mvn agentkit:snapshot";

  // A path into a deeply nested document (the wire form skips unknown values of any depth) is cut.
  private static final int MAX_PATH = 200;

  private final byte[] json;
  private final String origin;
  private final boolean snapshot;
  private final String noun;

  /**
   * @param json the document
   * @param origin the file or URL, for messages
   * @param snapshot whether the document is a snapshot (else a served contract)
   */
  DocumentErrors(byte[] json, String origin, boolean snapshot) {
    this.json = json;
    this.origin = origin;
    this.snapshot = snapshot;
    this.noun = snapshot ? "the snapshot" : "the served contract";
  }

  /** "the snapshot" or "the served contract". */
  String noun() {
    return noun;
  }

  /** An error at a byte offset of the document. */
  ContractFormatException at(long offset, String path, String problem) {
    int end = (int) Math.min(Math.max(offset, 0), json.length);
    if (path.length() > MAX_PATH) {
      path = path.substring(0, MAX_PATH) + "...";
    }
    return new ContractFormatException(origin, path, line(end), column(end), problem);
  }

  /** The line of a byte offset; a line ends at {@code \n}, {@code \r\n} or a lone {@code \r}. */
  int line(long offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (isLineEnd(i)) {
        line++;
      }
    }
    return line;
  }

  /** The column of a byte offset, in characters (not bytes); a byte order mark takes none. */
  private int column(int offset) {
    int lineStart = hasByteOrderMark() ? 3 : 0;
    for (int i = offset - 1; i >= lineStart; i--) {
      if (isLineEnd(i)) {
        lineStart = i + 1;
        break;
      }
    }
    int column = 1;
    for (int i = lineStart; i < offset; i++) {
      if ((json[i] & 0xC0) != 0x80) { // not a continuation byte: a character starts here
        column++;
      }
    }
    return column;
  }

  private boolean isLineEnd(int i) {
    return json[i] == '\n' || (json[i] == '\r' && (i + 1 >= json.length || json[i + 1] != '\n'));
  }

  boolean hasByteOrderMark() {
    return json.length >= 3
        && json[0] == (byte) 0xEF
        && json[1] == (byte) 0xBB
        && json[2] == (byte) 0xBF;
  }

  /**
   * Rejects what the UTF-8 parser would misread: UTF-16 or UTF-32 text, which JSON exchanged
   * between systems must not be, and a byte order mark in a snapshot, which agentkit never writes.
   * A served contract may start with one.
   */
  void checkEncoding() throws ContractFormatException {
    boolean wide =
        json.length >= 2
            && ((json[0] == (byte) 0xFE && json[1] == (byte) 0xFF)
                || (json[0] == (byte) 0xFF && json[1] == (byte) 0xFE));
    for (int i = 0; i < Math.min(4, json.length); i++) {
      wide |= json[i] == 0; // JSON text starts with ASCII, which UTF-16 and UTF-32 pad with zeros
    }
    if (wide) {
      throw at(
          0,
          "$",
          noun
              + " is not UTF-8 (it looks like UTF-16 or UTF-32); "
              + (snapshot
                  ? "snapshots are UTF-8, so " + REGENERATE
                  : "JSON exchanged between systems is UTF-8"));
    }
    if (snapshot && hasByteOrderMark()) {
      throw at(
          0,
          "$",
          "the snapshot starts with a byte order mark, which agentkit never writes (an editor"
              + " added it); remove it or "
              + REGENERATE);
    }
  }

  /**
   * Jackson's exception in the document's words: invalid UTF-8, a document cut off, or JSON that is
   * not valid.
   *
   * @param context where the parser was
   * @param tokenOffset where the parser's current token starts, for errors Jackson does not locate
   */
  ContractFormatException translate(
      JsonProcessingException e, JsonStreamContext context, long tokenOffset) {
    String detail = withoutParserSettings(e.getOriginalMessage());
    JsonLocation location = e.getLocation();
    if (location == null) {
      // A read limit (nesting depth, length of a number or a string) reports no location.
      return invalidJson(tokenOffset, pathOf(context), detail);
    }
    long offset = location.getByteOffset();
    int bad = firstInvalidUtf8((int) Math.min(Math.max(offset, 0), json.length));
    if (bad >= 0) {
      return at(
          bad,
          pathOf(context),
          String.format("byte 0x%02X is not valid UTF-8; ", json[bad] & 0xFF)
              + (snapshot
                  ? "a snapshot is UTF-8 text, so " + REGENERATE
                  : noun + " must be UTF-8"));
    }
    if (offset >= json.length) {
      // Name the object or array left open, not the last key read in it.
      return at(
          json.length,
          context == null || context.inRoot() ? "$" : pathOf(context.getParent()),
          noun
              + " ends in the middle of the JSON document (it was cut off)"
              + (snapshot ? "; " + REGENERATE : ""));
    }
    return invalidJson(offset, pathOf(context), detail);
  }

  ContractFormatException invalidJson(long offset, String path, String detail) {
    return at(
        offset, path, noun + " is not valid JSON: " + detail + (snapshot ? "; " + REGENERATE : ""));
  }

  /**
   * Jackson's description of a syntax error, without what only concerns how the parser is set up (a
   * redacted source, the names of features to enable), which the reader of the message can do
   * nothing about.
   */
  static String withoutParserSettings(String message) {
    if (message == null) {
      return "";
    }
    return message
        .replaceAll(" \\(for \\w+ starting at \\[Source: .*$", "")
        .replaceAll(":? ?enable `[^`]*` to allow", "")
        .replaceAll(" \\(not recognized as one since Feature '\\w+' not enabled for parser\\)", "")
        .replaceAll(", from `[^`]*`", "");
  }

  /** The offset of the first byte in {@code [0, end]} that is not valid UTF-8, or -1. */
  private int firstInvalidUtf8(int end) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(json, 0, Math.min(json.length, end + 1));
    CharBuffer out = CharBuffer.allocate(1024);
    while (true) {
      CoderResult result = decoder.decode(in, out, false);
      if (result.isError()) {
        return in.position();
      }
      if (result.isUnderflow()) {
        return -1;
      }
      out.clear();
    }
  }

  /** The JSON path of where a parser is, e.g. {@code $.ops[3].operands[0].type}. */
  static String pathOf(JsonStreamContext context) {
    if (context == null || context.inRoot()) {
      return "$";
    }
    String parent = pathOf(context.getParent());
    if (context.inArray()) {
      // An array's index reads 0 before its first entry too; the entry count tells them apart.
      return context.getEntryCount() == 0 ? parent : parent + "[" + context.getCurrentIndex() + "]";
    }
    String name = context.getCurrentName();
    if (name == null) {
      return parent;
    }
    return isIdentifier(name) ? parent + "." + name : parent + "[" + quote(name) + "]";
  }

  private static boolean isIdentifier(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!letter && !(i > 0 && c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /** A string in double quotes, escaped as in JSON, so a message stays on one line. */
  static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder(s.length() + 2);
    JsonText.string(sb, s);
    return sb.toString();
  }
}
