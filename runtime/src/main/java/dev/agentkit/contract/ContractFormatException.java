package dev.agentkit.contract;

/**
 * A snapshot or a served contract is not a valid contract document. The message names the file (or
 * URL), the JSON path and the line and column, and says what was expected: {@code
 * origin:line:column: at $.path: problem}. When the document could not be read at all there is no
 * location, and the message is {@code origin: problem}.
 */
public class ContractFormatException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String origin;
  private final String path;
  private final int line;
  private final int column;
  private final String problem;

  /**
   * An exception at a location in a document.
   *
   * @param origin the file or URL
   * @param path the JSON path of the offending value, or empty when there is none
   * @param line the 1-based line, or 0 when there is no location
   * @param column the 1-based column in characters, or 0 when there is no location
   * @param problem what is wrong and how to fix it
   */
  public ContractFormatException(String origin, String path, int line, int column, String problem) {
    super(message(origin, path, line, column, problem));
    this.origin = origin;
    this.path = path;
    this.line = line;
    this.column = column;
    this.problem = problem;
  }

  private static String message(String origin, String path, int line, int column, String problem) {
    StringBuilder sb = new StringBuilder(origin);
    if (line > 0) {
      sb.append(':').append(line).append(':').append(column);
    }
    sb.append(": ");
    if (path != null && !path.isEmpty()) {
      sb.append("at ").append(path).append(": ");
    }
    return sb.append(problem).toString();
  }

  /** The file or URL the document came from. */
  public String origin() {
    return origin;
  }

  /** The JSON path of the offending value, e.g. {@code $.ops[3].operands[0].type}. */
  public String path() {
    return path;
  }

  /** The 1-based line of the offending value, or 0 when unknown. */
  public int line() {
    return line;
  }

  /** The 1-based column of the offending value, or 0 when unknown. */
  public int column() {
    return column;
  }

  /** What is wrong and how to fix it, without the location. */
  public String problem() {
    return problem;
  }
}
