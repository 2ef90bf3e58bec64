package dev.agentkit.openapi;

import static dev.agentkit.internal.text.RuntimeMessage.Kind.CORRECTION;
import static dev.agentkit.internal.text.RuntimeMessage.Kind.ERROR;
import static dev.agentkit.internal.text.RuntimeMessage.Kind.WARNING;

import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.internal.text.RuntimeMessage;

/**
 * Every message of the OpenAPI source and its actions: its tag, whom it is for and its template, in
 * one place. Adding a message edits this table and docs/errors.md (section JSON Schema and
 * OpenAPI); {@code OpenApiCatalogueTest} holds the two together and finds any tagged literal left
 * outside it. The schema mapping's warnings are the runtime's ({@code SchemaOperands}).
 */
enum OpenApiMessage implements MessageTemplate.Entry {
  // Having the document: ContractSourceException.
  FILE_UNREADABLE(
      "OpenApiUnavailable", ERROR, "cannot read the OpenAPI document %s (%s); check the path"),
  UNAVAILABLE("OpenApiUnavailable", ERROR, "GET %s %s"),
  TOO_LARGE(
      "OpenApiTooLarge",
      ERROR,
      "the OpenAPI document %s is larger than %s bytes; raise maxDocumentBytes if it really is that"
          + " large"),
  TOO_COMPLEX(
      "OpenApiTooComplex",
      ERROR,
      "the OpenAPI document %s %s; raise %s if it really is that large"),
  ALIAS_CYCLE(
      "OpenApiTooComplex",
      ERROR,
      "the OpenAPI document %s has a YAML alias inside the node it names, a cycle no JSON document"
          + " can hold; remove the cycle"),
  UNREADABLE(
      "OpenApiUnreadable",
      ERROR,
      "%s is not an OpenAPI 3.0 or 3.1 document%s; check the URL or path, and that the document"
          + " starts with \"openapi: 3.x\""),

  // Mapping it: ContractSourceException, or a warning beside the contract.
  DUPLICATE_OPERATION_ID(
      "OpenApiDuplicateOperationId",
      ERROR,
      "%s gives operationId \"%s\" to both %s and %s; an operationId names one operation, so rename"
          + " one of them"),
  BAD_PATH(
      "OpenApiBadPath",
      ERROR,
      "the path %s in %s %s, so a request to it could leave the server's URL; fix the path in the"
          + " document"),
  BAD_TIER("OpenApiBadTier", ERROR, "operation \"%s\" in %s has %s \"%s\": %s"),
  NO_OPERATION_ID(
      "OpenApiNoOperationId",
      WARNING,
      "%s in %s has no operationId, so it is no op an agent can bind; give it one"),
  PATH_PARAMETER(
      "OpenApiPathParameter",
      WARNING,
      "%s in %s: the path %s uses {%s}, which no parameter declares; it is taken as a required"
          + " string operand"),
  BODY_NOT_JSON(
      "OpenApiBodyNotJson",
      WARNING,
      "%s in %s takes a %s body, which is not JSON; it is one string operand \"body\" sent as is"),
  PARAMETER_CLASH(
      "OpenApiOperandClash",
      WARNING,
      "%s in %s has two parameters named \"%s\"; the %s one is operand \"%s\""),
  BODY_CLASH(
      "OpenApiOperandClash",
      WARNING,
      "%s in %s has a parameter and a body property both named \"%s\"; the body property is operand"
          + " \"%s\""),
  UNRESOLVED_PARAMETER(
      "OpenApiUnresolvedRef",
      WARNING,
      "%s refers to parameter %s, which it does not declare; the parameter is left out until it is"
          + " declared"),
  UNRESOLVED_BODY(
      "OpenApiUnresolvedRef",
      WARNING,
      "%s refers to request body %s, which it does not declare; the body is left out until it is"
          + " declared"),

  // Sending a call: CallFailedException, read by the model.
  PATH_LEAVES_BASE(
      "OpenApiBadPath",
      CORRECTION,
      "%s: the path %s %s, so the request would not stay under the base URL %s; nothing was sent"),
  BAD_ARGUMENT("OpenApiBadArgument", CORRECTION, "%s: %s"),
  CALL_CANNOT_RUN("OpenApiCallFailed", CORRECTION, "%s cannot run: %s"),
  CALL_NO_OPERATION(
      "OpenApiCallFailed",
      CORRECTION,
      "%s is no operationId of %s, so there is no request to send"),
  CALL_FAILED("OpenApiCallFailed", CORRECTION, "%s: %s");

  private final MessageTemplate text;

  OpenApiMessage(String tag, RuntimeMessage.Kind kind, String template) {
    this.text = new MessageTemplate(tag, kind, template);
  }

  /** The tag, whom the message is for, and its template. */
  public MessageTemplate text() {
    return text;
  }
}
