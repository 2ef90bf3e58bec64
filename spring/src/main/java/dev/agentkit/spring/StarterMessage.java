package dev.agentkit.spring;

import dev.agentkit.internal.text.MessageTemplate;
import java.util.Locale;

/**
 * Every message the starter stops an application's start with: its tag, what is wrong and what to
 * do, each a template, in one place. Spring Boot prints the first as the failure's description and
 * the second as its action. Adding a message edits this table and docs/errors.md; {@code
 * StarterCatalogueTest} holds the two together and finds any tagged literal left elsewhere.
 */
enum StarterMessage {
  CONTRACT_NO_SOURCE(
      "AgentkitContractSource",
      Form.FIX_IN_DESCRIPTION,
      "%s names no source",
      "set %s to the URL the backend serves its contract at, or %s to its OpenAPI document"),
  CONTRACT_TWO_SOURCES(
      "AgentkitContractSource",
      Form.FIX_IN_DESCRIPTION,
      "%s gives both url and openapi",
      "keep the one the backend serves its contract at"),
  OPENAPI_MISSING(
      "AgentkitOpenApiMissing",
      Form.FIX_IN_DESCRIPTION,
      "%s is set, but agentkit-openapi is not on the classpath",
      "add the dependency dev.agentkit:agentkit-openapi, or set %s to the backend's native"
          + " contract instead"),
  BAD_SOURCE_PROPERTY("AgentkitBadProperty", Form.FIX_IN_DESCRIPTION, "%s: %s", "correct it"),
  UNKNOWN_OPENAPI_LIMIT(
      "AgentkitBadProperty",
      Form.FIX_IN_DESCRIPTION,
      "%s is not a limit of the OpenAPI source",
      "%sthe limits are %s"),
  OPENAPI_LIMIT_NOT_POSITIVE(
      "AgentkitBadProperty",
      Form.FIX_IN_DESCRIPTION,
      "%s is %s",
      "give a positive number, or leave it out for the default"),
  MAX_DOCUMENT_BYTES_NOT_POSITIVE(
      "AgentkitBadProperty",
      Form.FIX_IN_DESCRIPTION,
      "%s is %s",
      "give a positive number of bytes (the default is 16777216, 16 MiB)"),
  BAD_CACHE_PROPERTY("AgentkitBadProperty", Form.FIX_IN_DESCRIPTION, "%s: %s", "correct %s or %s"),
  DURATION_EMPTY(
      "AgentkitBadProperty",
      Form.FIX_IN_DESCRIPTION,
      "%s is empty",
      "give a duration, such as 10s or 5m, or remove it to use the default"),
  CREDENTIAL_HEADER_BLANK(
      "AgentkitBadProperty",
      Form.FIX_IN_DESCRIPTION,
      "%s is blank, so the credential has no header to go in",
      "name the header, such as Authorization"),
  ACKNOWLEDGEMENT_INCOMPLETE(
      "AgentkitAcknowledgementIncomplete",
      Form.FIX_IN_DESCRIPTION,
      "%s has no %s; an acknowledgement names a drift rule, a target and the last day it holds",
      "set %s, as the failure analysis of the drift prints it"),
  BAD_DRIFT_RULE(
      "AgentkitBadDriftRule",
      Form.FIX_IN_DESCRIPTION,
      "%s: %s",
      "use the rule id the drift report prints"),
  CREDENTIAL_CONFLICT(
      "AgentkitCredentialConflict",
      Form.FIX_IN_DESCRIPTION,
      "%s names both an environment variable (env) and a property (property)",
      "keep the one that holds the credential"),
  CREDENTIAL_MISSING(
      "AgentkitCredentialMissing",
      Form.FIX_IN_DESCRIPTION,
      "%s names %s, which is not set or is blank, so the contract cannot be fetched with its"
          + " credential",
      "set %s where the application runs, or remove %s if the backend needs no credential"),
  BAD_INBOX_PROPERTY(
      "AgentkitBadProperty",
      Form.SEPARATE,
      "agentkit.inbox.%s is not a setting the inbox takes: %s",
      "Correct agentkit.inbox.%s as the sentence says."),
  NO_WIRING(
      "AgentkitNoWiring",
      Form.SEPARATE,
      "%s is an @Agent, but %s, so the starter cannot bind it",
      "Rebuild the application with the agentkit processor of the same version as the starter"
          + " (clean, then compile), so its wiring is generated again."),
  CONTRACT_NOT_CONFIGURED(
      "AgentkitContractNotConfigured",
      Form.SEPARATE,
      "%s is compiled against contract %s, but %s is not configured (%s)",
      "Set %s to the URL its backend serves the contract at (or %s to its OpenAPI document)."),
  STARTUP_REFUSED(
      "AgentkitStartupRefused",
      Form.SEPARATE,
      "bean '%s' (%s) was not bound against contract %s from %s, so the application does not"
          + " start:\n%s",
      "%s");

  /** How the fix reaches the reader. */
  enum Form {
    /** The description ends "; <fix>", and the action is the fix as a sentence. */
    FIX_IN_DESCRIPTION,
    /** The description says what is wrong; the action, a sentence of its own, what to do. */
    SEPARATE
  }

  private final String tag;
  private final Form form;
  private final String what;
  private final String fix;

  StarterMessage(String tag, Form form, String what, String fix) {
    this.tag = tag;
    this.form = form;
    this.what = what;
    this.fix = fix;
  }

  String tag() {
    return tag;
  }

  /** What is wrong, with a {@code %s} per argument. */
  String what() {
    return what;
  }

  /** What to do, with a {@code %s} per argument after the {@link #what()}'s. */
  String fix() {
    return fix;
  }

  /** The failure, the arguments filling {@link #what()} first and then {@link #fix()}. */
  AgentkitStartupException failure(Object... args) {
    return failure(null, args);
  }

  /** As {@link #failure(Object...)}, caused by {@code cause}. */
  AgentkitStartupException failure(Throwable cause, Object... args) {
    int split = MessageTemplate.slots(what);
    if (args.length != split + MessageTemplate.slots(fix)) {
      throw new IllegalArgumentException(
          name() + " takes " + (split + MessageTemplate.slots(fix)) + " arguments");
    }
    String wrong = String.format(Locale.ROOT, what, copy(args, 0, split));
    String todo = String.format(Locale.ROOT, fix, copy(args, split, args.length));
    String description = "[" + tag + "] " + wrong;
    return form == Form.SEPARATE
        ? new AgentkitStartupException(description, todo, cause)
        : new AgentkitStartupException(description + "; " + todo, capitalised(todo) + ".", cause);
  }

  private static Object[] copy(Object[] args, int from, int to) {
    return java.util.Arrays.copyOfRange(args, from, to);
  }

  private static String capitalised(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
