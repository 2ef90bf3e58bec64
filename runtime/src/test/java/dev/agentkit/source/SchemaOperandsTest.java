package dev.agentkit.source;

import static dev.agentkit.source.JsonTrees.object;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.source.SchemaOperands.JsonKind;
import dev.agentkit.source.SchemaOperands.Mapping;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per rule of the JSON-Schema-to-operands table. */
class SchemaOperandsTest {
  private static final String TOOL = "tool \"create_task\"";

  private static Mapping map(String json) {
    return SchemaOperands.object(TOOL, object(json), null);
  }

  private static Mapping mapIn(String schema, String document) {
    return SchemaOperands.object(TOOL, object(schema), object(document));
  }

  private static Operand only(Mapping m) {
    assertThat(m.fields()).hasSize(1);
    return m.operands().get(0);
  }

  @Test
  void propertiesBecomeOperandsInDeclaredOrder() {
    Mapping m =
        map(
            "{'type':'object','properties':{'zeta':{'type':'string'},'alpha':{'type':'string'},"
                + "'mid':{'type':'string'}}}");
    assertThat(m.operands()).extracting(Operand::name).containsExactly("zeta", "alpha", "mid");
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void requiredListMakesOperandsRequired() {
    Mapping m =
        map(
            "{'type':'object','required':['title'],'properties':{'title':{'type':'string'},"
                + "'note':{'type':'string'}}}");
    assertThat(m.operands()).extracting(Operand::required).containsExactly(true, false);
  }

  @Test
  void stringIsString() {
    Operand o = only(map("{'properties':{'s':{'type':'string'}}}"));
    assertThat(o.type()).isEqualTo(OperandType.STRING);
    assertThat(map("{'properties':{'s':{'type':'string'}}}").fields().get(0).kind())
        .isEqualTo(JsonKind.STRING);
  }

  @Test
  void numberIsNumber() {
    Mapping m = map("{'properties':{'n':{'type':'number'}}}");
    assertThat(only(m).type()).isEqualTo(OperandType.NUMBER);
    assertThat(m.fields().get(0).kind()).isEqualTo(JsonKind.NUMBER);
  }

  @Test
  void integerUsesTheScalarTableAndKeepsItsJsonKind() {
    Mapping m = map("{'properties':{'n':{'type':'integer'}}}");
    assertThat(only(m).type()).isEqualTo(OperandType.INTEGER);
    assertThat(m.fields().get(0).kind()).isEqualTo(JsonKind.INTEGER);
  }

  @Test
  void booleanUsesTheScalarTableAndKeepsItsJsonKind() {
    Mapping m = map("{'properties':{'b':{'type':'boolean'}}}");
    assertThat(only(m).type()).isEqualTo(OperandType.BOOLEAN);
    assertThat(m.fields().get(0).kind()).isEqualTo(JsonKind.BOOLEAN);
  }

  @Test
  void enumIsEnumWithItsValuesAsStrings() {
    Operand o = only(map("{'properties':{'s':{'type':'string','enum':['open','done','open']}}}"));
    assertThat(o.type()).isEqualTo(OperandType.ENUM);
    assertThat(o.enumValues()).containsExactly("open", "done");
    Operand n = only(map("{'properties':{'p':{'type':'integer','enum':[1,2.0,3.5]}}}"));
    assertThat(n.enumValues()).containsExactly("1", "2", "3.5");
  }

  @Test
  void dateFormatsAreDates() {
    Mapping m =
        map(
            "{'properties':{'d':{'type':'string','format':'date'},"
                + "'t':{'type':'string','format':'date-time'},"
                + "'e':{'type':'string','format':'email'}}}");
    assertThat(m.operands())
        .extracting(Operand::type)
        .containsExactly(OperandType.DATE, OperandType.DATE, OperandType.STRING);
  }

  @Test
  void arrayOfScalarIsAListOfThatType() {
    Mapping m =
        map(
            "{'properties':{'tags':{'type':'array','items':{'type':'string'}},"
                + "'days':{'type':'array','items':{'type':'string','format':'date'}},"
                + "'states':{'type':'array','items':{'enum':['a','b']}}}}");
    assertThat(m.operands()).allMatch(Operand::list);
    assertThat(m.operands())
        .extracting(Operand::type)
        .containsExactly(OperandType.STRING, OperandType.DATE, OperandType.ENUM);
    assertThat(m.operands().get(2).enumValues()).containsExactly("a", "b");
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void nestedObjectAndArrayOfObjectsAreStructured() {
    Mapping m =
        map(
            "{'properties':{'owner':{'type':'object','properties':{'id':{'type':'string'}}},"
                + "'items':{'type':'array','items':{'type':'object'}},"
                + "'grid':{'type':'array','items':{'type':'array','items':{'type':'number'}}}}}");
    assertThat(m.fields()).extracting(SchemaOperands.Field::kind).containsOnly(JsonKind.STRUCTURED);
    assertThat(m.operands()).extracting(Operand::list).containsOnly(false);
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void oneOfIsOpaqueWithAWarningNamingToolAndProperty() {
    Mapping m =
        map("{'properties':{'when':{'oneOf':[{'type':'string'},{'type':'number'}]},'x':{}}}");
    assertThat(m.fields()).extracting(SchemaOperands.Field::kind).containsOnly(JsonKind.OPAQUE);
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", property \"when\": oneOf offers alternatives,"
                + " which one operand cannot carry, so it is taken as an opaque value (JSON text the"
                + " model writes); give it one type to type-check it",
            "[SchemaUnmapped] tool \"create_task\", property \"x\": it declares no type, so it is"
                + " taken as an opaque value (JSON text the model writes); give it one type to"
                + " type-check it");
  }

  @Test
  void anyOfAndMultiTypeAreOpaque() {
    Mapping m =
        map(
            "{'properties':{'a':{'anyOf':[{'type':'string'}]},'b':{'type':['string','number']},"
                + "'c':{'type':['string','null']}}}");
    assertThat(m.fields())
        .extracting(SchemaOperands.Field::kind)
        .containsExactly(JsonKind.OPAQUE, JsonKind.OPAQUE, JsonKind.STRING);
    assertThat(m.warnings()).hasSize(2);
    assertThat(m.warnings().get(1)).contains("property \"b\": it has 2 types [string, number]");
  }

  @Test
  void refWithinTheDocumentIsResolved() {
    Mapping m =
        mapIn(
            "{'$ref':'#/components/schemas/New'}",
            "{'components':{'schemas':{'New':{'type':'object','required':['state'],'properties':"
                + "{'state':{'$ref':'#/components/schemas/State'}}},"
                + "'State':{'type':'string','enum':['open','done'],'description':'Where it is'}}}}");
    Operand o = only(m);
    assertThat(o)
        .isEqualTo(
            new Operand(
                "state", "Where it is", OperandType.ENUM, true, List.of("open", "done"), false));
  }

  @Test
  void refCycleIsOpaqueWithAWarning() {
    Mapping m =
        mapIn(
            "{'properties':{'loop':{'$ref':'#/defs/A'}}}",
            "{'defs':{'A':{'$ref':'#/defs/B'},'B':{'$ref':'#/defs/A'}}}");
    assertThat(only(m).type()).isEqualTo(SchemaOperands.JSON_TEXT);
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", property \"loop\": its $ref \"#/defs/A\" leads"
                + " back to itself (a cycle), so it is taken as an opaque value (JSON text the model"
                + " writes); give it one type to type-check it");
  }

  @Test
  void danglingRefIsOpaqueWithAWarning() {
    Mapping m = mapIn("{'properties':{'x':{'$ref':'#/defs/Missing'}}}", "{'defs':{}}");
    assertThat(only(m).name()).isEqualTo("x");
    assertThat(m.warnings().get(0))
        .startsWith("[SchemaUnmapped] tool \"create_task\", property \"x\": its $ref")
        .contains("names nothing in the document");
  }

  @Test
  void descriptionComesFromDescriptionElseTitle() {
    Mapping m =
        map(
            "{'properties':{'a':{'type':'string','title':'T','description':' D '},"
                + "'b':{'type':'string','title':'Only title'},'c':{'type':'string'}}}");
    assertThat(m.operands())
        .extracting(Operand::description)
        .containsExactly("D", "Only title", "");
  }

  @Test
  void aNonObjectInputSchemaGivesAWarningAndNoOperands() {
    Mapping m = SchemaOperands.object(TOOL, Map.of("type", "string"), null);
    assertThat(m.fields()).isEmpty();
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaNotObject] tool \"create_task\": the input schema is not an object with"
                + " properties (its type is string), so it gives no operands;"
                + " declare {\"type\": \"object\", \"properties\": {…}}");
    assertThat(SchemaOperands.object(TOOL, Map.of("type", "object"), null).warnings()).isEmpty();
  }

  @Test
  void aSingleParameterMapsAlone() {
    Mapping m =
        SchemaOperands.property(
            "operation \"getTask\"", "id", object("{'type':'integer'}"), true, null);
    assertThat(only(m).required()).isTrue();
    assertThat(m.fields().get(0).kind()).isEqualTo(JsonKind.INTEGER);
  }

  @Test
  void aSingleAllOfIsResolvedAndSeveralAreOpaque() {
    Mapping m =
        mapIn(
            "{'properties':{'one':{'allOf':[{'$ref':'#/d/S'}],'description':'Own words'},"
                + "'two':{'allOf':[{'type':'string'},{'minLength':1}]}}}",
            "{'d':{'S':{'type':'string','format':'date'}}}");
    assertThat(m.operands().get(0))
        .isEqualTo(new Operand("one", "Own words", OperandType.DATE, false, List.of(), false));
    assertThat(m.fields().get(1).kind()).isEqualTo(JsonKind.OPAQUE);
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", property \"two\": allOf combines several"
                + " schemas, which one operand cannot carry, so it is taken as an opaque value (JSON"
                + " text the model writes); give it one type to type-check it");
  }

  @Test
  void anArrayWithoutItemsIsStructured() {
    Mapping m = map("{'properties':{'any':{'type':'array'}}}");
    assertThat(m.fields().get(0).kind()).isEqualTo(JsonKind.STRUCTURED);
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void nullTypesOddEnumsAndNonObjectSchemasAreOpaque() {
    Mapping m =
        map(
            "{'properties':{'n':{'type':'null'},'e':{'enum':[]},'o':{'enum':[{'a':1}]},"
                + "'s':'string','t':{'type':'text'},'a':{'type':'array','items':{'oneOf':[]}}}}");
    assertThat(m.fields()).extracting(SchemaOperands.Field::kind).containsOnly(JsonKind.OPAQUE);
    assertThat(m.warnings())
        .extracting(w -> w.substring(w.indexOf(": ") + 2, w.indexOf(", so it")))
        .containsExactly(
            "its type is null, which holds no value",
            "its enum lists no values",
            "its enum lists an object or array, which is no single value",
            "its schema is the value string, not an object",
            "its type \"text\" is not a JSON Schema type",
            "its items: oneOf offers alternatives, which one operand cannot carry");
  }
}
