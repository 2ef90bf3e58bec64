package dev.agentkit.openapi;

import dev.agentkit.source.SchemaOperands.Field;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * How one operation is called: its method, its path template, and where each operand goes.
 *
 * @param method the HTTP method, upper case
 * @param path the path template, such as {@code /tasks/{id}}
 * @param slots one per operand, in the op's operand order
 * @param bodyMediaType the request body's media type
 */
record Route(String method, String path, List<Slot> slots, String bodyMediaType) {
  /** A {@code {name}} of a path template: the name holds no brace and no slash. */
  static final Pattern TEMPLATE_VARIABLE = Pattern.compile("\\{([^{}/]+)\\}");

  Route {
    slots = List.copyOf(slots);
  }

  /** One rule a path template must keep: the test that breaks it, and what that breach is. */
  private record PathRule(Predicate<String> breaks, String breach) {}

  /**
   * The rules a path template keeps so that a request to it stays under the base URL, first broken
   * wins. Literal characters a URL path cannot carry are percent-encoded when the request is
   * written; these are what no encoding makes safe.
   */
  private static final List<PathRule> PATH_RULES =
      List.of(
          new PathRule(p -> !p.startsWith("/"), "does not start with \"/\""),
          new PathRule(
              p -> p.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '\\'),
              "holds a control character or a backslash"),
          new PathRule(p -> p.indexOf('?') >= 0 || p.indexOf('#') >= 0, "holds a ? or a #"),
          new PathRule(Route::climbs, "has a . or .. segment"));

  /** How this path template breaks the rules (such as "has a . or .. segment"), or null. */
  static String pathProblem(String path) {
    for (PathRule rule : PATH_RULES) {
      if (rule.breaks().test(path)) {
        return rule.breach();
      }
    }
    return null;
  }

  /** Whether a segment is {@code .} or {@code ..}, percent-encoded or not. */
  static boolean climbs(String path) {
    for (String segment : path.split("/", -1)) {
      String s = segment.toLowerCase(Locale.ROOT).replace("%2e", ".");
      if (s.equals(".") || s.equals("..")) {
        return true;
      }
    }
    return false;
  }

  /** Where an operand's value is sent. */
  enum Place {
    /** Substituted into the path template. */
    PATH,
    /** A query parameter. */
    QUERY,
    /** A request header. */
    HEADER,
    /** A property of the JSON body object. */
    BODY,
    /** The whole JSON body (a schema that is not an object). */
    WHOLE_BODY,
    /** The whole body, not JSON, sent as is. */
    RAW_BODY
  }

  /**
   * One operand's destination.
   *
   * @param field the operand and the JSON type of its value
   * @param wireName the parameter or property name in the request
   * @param place where it goes
   */
  record Slot(Field field, String wireName, Place place) {}
}
