package dev.agentkit.source;

import static dev.agentkit.source.JsonTrees.object;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.source.SchemaOperands.Mapping;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per rule of the JSON-Schema-to-tree table, and each warning's text. */
class SchemaOperandsTest {
  private static final String TOOL = "tool \"create_task\"";

  private static Mapping map(String json) {
    return SchemaOperands.object(TOOL, object(json), null);
  }

  private static Mapping mapIn(String schema, String document) {
    return SchemaOperands.object(TOOL, object(schema), object(document));
  }

  /** The tree of the one property {@code x} of {@code {"properties": {"x": <schema>}}}. */
  private static String tree(String schema) {
    return SchemaText.of(only(map("{'properties':{'x':" + schema + "}}")));
  }

  private static Operand only(Mapping m) {
    assertThat(m.operands()).hasSize(1);
    return m.operands().get(0);
  }

  private static List<String> warnings(String schema) {
    return map("{'properties':{'x':" + schema + "}}").warnings();
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
  void scalarsKeepTheirTypes() {
    assertThat(tree("{'type':'string'}")).isEqualTo("string");
    assertThat(tree("{'type':'number'}")).isEqualTo("number");
    assertThat(tree("{'type':'integer'}")).isEqualTo("integer");
    assertThat(tree("{'type':'boolean'}")).isEqualTo("boolean");
  }

  @Test
  void formatsAreKeptAndDatesAreDates() {
    assertThat(tree("{'type':'string','format':'date'}")).isEqualTo("date(date)");
    assertThat(tree("{'type':'string','format':'date-time'}")).isEqualTo("date(date-time)");
    assertThat(tree("{'type':'string','format':'email'}")).isEqualTo("string(format=email)");
  }

  @Test
  void stringLengthsAndPatternAreKept() {
    assertThat(tree("{'type':'string','minLength':1,'maxLength':40,'pattern':'^[a-z]+$'}"))
        .isEqualTo("string(min=1,max=40,pattern=^[a-z]+$)");
  }

  @Test
  void numberBoundsInBothFormsAndMultipleOf() {
    assertThat(tree("{'type':'integer','minimum':1,'maximum':10}")).isEqualTo("integer[1,10]");
    // OpenAPI 3.0: a flag on the bound beside it.
    assertThat(
            tree(
                "{'type':'number','minimum':0,'exclusiveMinimum':true,'maximum':1,"
                    + "'exclusiveMaximum':false}"))
        .isEqualTo("number(0,1]");
    // OpenAPI 3.1 and JSON Schema: the exclusive bound is the number.
    assertThat(tree("{'type':'number','exclusiveMinimum':0,'exclusiveMaximum':2.5}"))
        .isEqualTo("number(0,2.5)");
    // Both given: the tighter one.
    assertThat(tree("{'type':'number','minimum':3,'exclusiveMinimum':3}")).isEqualTo("number(3,)");
    assertThat(tree("{'type':'number','minimum':5,'exclusiveMinimum':3}")).isEqualTo("number[5,)");
    assertThat(tree("{'type':'integer','multipleOf':5}")).isEqualTo("integer%5");
  }

  @Test
  void enumsOfStringsNumbersAndBooleansKeepTheirValueType() {
    assertThat(tree("{'type':'string','enum':['low','high']}")).isEqualTo("enum(low|high)");
    assertThat(tree("{'type':'integer','enum':[1,2,3]}")).isEqualTo("enum<integer>(1|2|3)");
    assertThat(tree("{'enum':[1,2.5]}")).isEqualTo("enum<number>(1|2.5)");
    assertThat(tree("{'enum':[true,false]}")).isEqualTo("enum<boolean>(true|false)");
    assertThat(tree("{'enum':['a',1,null]}")).isEqualTo("anyOf(enum(a) | enum<integer>(1))?");
    assertThat(tree("{'enum':[{'k':1},'a']}")).isEqualTo("anyOf(enum(a) | const({\"k\":1}))");
  }

  @Test
  void constIsConst() {
    assertThat(tree("{'const':'task'}")).isEqualTo("const(\"task\")");
    assertThat(tree("{'type':'object','const':{'a':[1,true]}}"))
        .isEqualTo("const({\"a\":[1,true]})");
  }

  @Test
  void arraysKeepItemsAndBounds() {
    assertThat(
            tree(
                "{'type':'array','items':{'type':'string'},'minItems':1,'maxItems':3,"
                    + "'uniqueItems':true}"))
        .isEqualTo("array[1..3, unique]<string>");
    assertThat(tree("{'type':'array'}")).isEqualTo("array<any>");
    assertThat(tree("{'type':'array','items':{'type':'array','items':{'type':'integer'}}}"))
        .isEqualTo("array<array<integer>>");
  }

  @Test
  void theReferenceMemoryServersEntitiesAreATree() {
    Operand o =
        only(
            map(
                "{'type':'object','properties':{'entities':{'type':'array','items':{'type':"
                    + "'object','properties':{'name':{'type':'string','description':'The name'},"
                    + "'entityType':{'type':'string'},'observations':{'type':'array','items':"
                    + "{'type':'string'}}},'required':['name','entityType','observations']}}},"
                    + "'required':['entities']}"));
    assertThat(SchemaText.of(o))
        .isEqualTo("array<{name*: string, entityType*: string, observations*: array<string>}>");
    assertThat(o.list()).isTrue();
    assertThat(o.type()).isEqualTo(OperandType.OBJECT);
    ObjectSchema entity = (ObjectSchema) ((ArraySchema) o.schema()).items();
    assertThat(entity.property("name").orElseThrow().description()).isEqualTo("The name");
  }

  @Test
  void objectsKeepOrderRequiredAndOtherProperties() {
    assertThat(
            tree(
                "{'type':'object','properties':{'b':{'type':'string'},'a':{'type':'integer'}},"
                    + "'required':['a']}"))
        .isEqualTo("{b: string, a*: integer}");
    assertThat(tree("{'type':'object','properties':{'a':{}},'additionalProperties':false}"))
        .isEqualTo("{a: any}!");
    assertThat(tree("{'type':'object','additionalProperties':true}")).isEqualTo("{}");
    assertThat(tree("{'type':'object','additionalProperties':{'type':'string'}}"))
        .isEqualTo("{*: string}");
    // Required but not described: any value, but there.
    assertThat(tree("{'type':'object','required':['id']}")).isEqualTo("{id*: any}");
    // patternProperties give other properties schemas of their own: the object stays open.
    assertThat(
            tree("{'type':'object','patternProperties':{'^x-':{}},'additionalProperties':false}"))
        .isEqualTo("{}");
  }

  @Test
  void nullableInBothForms() {
    assertThat(tree("{'type':'string','nullable':true}")).isEqualTo("string?");
    assertThat(tree("{'type':['string','null']}")).isEqualTo("string?");
    assertThat(tree("{'type':'null'}")).isEqualTo("const(null)?");
    assertThat(tree("{'anyOf':[{'type':'integer'},{'type':'null'}]}")).isEqualTo("integer?");
  }

  @Test
  void typeListsAndUnionsAreUnions() {
    assertThat(tree("{'type':['string','integer']}")).isEqualTo("anyOf(string | integer)");
    assertThat(tree("{'oneOf':[{'type':'string'},{'type':'integer'}],'nullable':true}"))
        .isEqualTo("oneOf(string | integer)?");
    assertThat(
            tree(
                "{'anyOf':[{'type':'string'},{'type':'object','properties':{'id':"
                    + "{'type':'integer'}}}]}"))
        .isEqualTo("anyOf(string | {id: integer})");
  }

  @Test
  void aUnionsSiblingConstraintsApplyToEveryAlternative() {
    assertThat(
            tree(
                "{'type':'object','properties':{'a':{'type':'string'},'b':{'type':"
                    + "'string'}},'oneOf':[{'required':['a']},{'required':['b']}]}"))
        .isEqualTo("oneOf({a*: string, b: string} | {a: string, b*: string})");
  }

  @Test
  void anOpaqueAlternativeMakesTheUnionAnyOf() {
    Mapping m = map("{'properties':{'x':{'oneOf':[{'type':'string'},{'$ref':'#/nowhere'}]}}}");
    assertThat(SchemaText.of(only(m))).isEqualTo("anyOf(string | any)");
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x.oneOf[1]: its $ref \"#/nowhere\" names"
                + " nothing in the document (only #/… refs within it are read), so any JSON value"
                + " is accepted there and agentkit checks nothing inside it");
  }

  @Test
  void descriptionAndDefaultAtEveryLevel() {
    Operand o =
        only(
            map(
                "{'properties':{'x':{'type':'array','description':'The list','default':[],"
                    + "'items':{'type':'object','title':'An item','properties':{'n':{'type':"
                    + "'integer','default':3,'description':'How many'}}}}}}"));
    assertThat(o.description()).isEqualTo("The list");
    assertThat(SchemaText.of(o)).isEqualTo("array<{n: integer = 3}> = []");
    Schema item = ((ArraySchema) o.schema()).items();
    assertThat(item.description()).isEqualTo("An item");
    assertThat(((ObjectSchema) item).property("n").orElseThrow().description())
        .isEqualTo("How many");
  }

  @Test
  void refsWithinTheDocumentAreFollowed() {
    Mapping m =
        mapIn(
            "{'$ref':'#/components/schemas/Task'}",
            "{'components':{'schemas':{'Task':{'type':'object','properties':{'owner':{'$ref':"
                + "'#/components/schemas/User'}},'required':['owner']},'User':{'type':'object',"
                + "'description':'A user','properties':{'login':{'type':'string'}}}}}}");
    assertThat(SchemaText.of(only(m))).isEqualTo("{login: string}");
    assertThat(only(m).required()).isTrue();
    assertThat(only(m).description()).isEqualTo("A user");
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void aRefCycleIsOpaqueAtThePathWhereItCloses() {
    Mapping m =
        mapIn(
            "{'properties':{'tree':{'$ref':'#/defs/Node'}}}",
            "{'defs':{'Node':{'type':'object','properties':{'name':{'type':'string'},"
                + "'children':{'type':'array','items':{'$ref':'#/defs/Node'}}}}}}");
    assertThat(SchemaText.of(only(m))).isEqualTo("{name: string, children: array<any>}");
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at tree.children[]: its $ref \"#/defs/Node\""
                + " leads back into a schema it is part of (a cycle), which a tree cannot hold, so"
                + " any JSON value is accepted there and agentkit checks nothing inside it");
  }

  @Test
  void aDiamondOfRefsIsNoCycle() {
    Mapping m =
        mapIn(
            "{'properties':{'x':{'type':'object','properties':{'a':{'$ref':'#/d/P'},"
                + "'b':{'$ref':'#/d/P'}}}}}",
            "{'d':{'P':{'type':'string'}}}");
    assertThat(SchemaText.of(only(m))).isEqualTo("{a: string, b: string}");
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void allOfIsMergedWhereTheMergeIsPlain() {
    Mapping m =
        mapIn(
            "{'properties':{'x':{'allOf':[{'$ref':'#/d/Base'},{'type':'object','properties':"
                + "{'b':{'type':'integer','minimum':0}},'required':['b']},{'properties':{'b':"
                + "{'maximum':9}}}],'description':'Merged'}}}",
            "{'d':{'Base':{'type':'object','properties':{'a':{'type':'string'}},"
                + "'required':['a']}}}");
    assertThat(SchemaText.of(only(m))).isEqualTo("{a*: string, b*: integer[0,9]}");
    assertThat(only(m).description()).isEqualTo("Merged");
    assertThat(
            tree(
                "{'allOf':[{'type':'number','minimum':1},{'minimum':5,'maximum':8},"
                    + "{'type':'integer','maximum':9}]}"))
        .isEqualTo("integer[5,8]");
    // GitHub's checks/update: a oneOf alternative narrows an enum its sibling declares.
    assertThat(
            tree(
                "{'properties':{'s':{'type':'string','enum':['queued','completed']}},"
                    + "'oneOf':[{'properties':{'s':{'enum':['completed']}},'required':['s']}]}"))
        .isEqualTo("{s*: enum(completed)}");
    // The 3.0 pattern: one $ref made nullable.
    assertThat(
            SchemaText.of(
                only(
                    mapIn(
                        "{'properties':{'x':{'allOf':[{'$ref':'#/d/S'}],'nullable':true}}}",
                        "{'d':{'S':{'type':'string'}}}"))))
        .isEqualTo("string?");
  }

  @Test
  void anAllOfThatIsNoPlainMergeIsOpaqueWithTheReason() {
    assertThat(warnings("{'allOf':[{'type':'string'},{'type':'integer'}]}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its allOf is not a plain merge: its"
                + " parts allow no type in common ([string] and [integer]), so any JSON value is"
                + " accepted there and agentkit checks nothing inside it");
    assertThat(warnings("{'allOf':[{'type':'string','format':'email'},{'format':'uri'}]}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its allOf is not a plain merge: its"
                + " parts give different format values, so any JSON value is accepted there and"
                + " agentkit checks nothing inside it");
    assertThat(
            warnings(
                "{'allOf':[{'properties':{'a':{}},'additionalProperties':false},"
                    + "{'properties':{'b':{}}}]}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its allOf is not a plain merge: one"
                + " part limits the other properties (additionalProperties) and another declares"
                + " properties the first does not, so any JSON value is accepted there and"
                + " agentkit checks nothing inside it");
    assertThat(tree("{'allOf':[{'type':'string'},{'type':'integer'}]}")).isEqualTo("any");
    assertThat(warnings("{'allOf':[{'enum':['a']},{'enum':['b']}]}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its allOf is not a plain merge: its"
                + " parts' enums have no value in common, so any JSON value is accepted there and"
                + " agentkit checks nothing inside it");
  }

  @Test
  void whatCannotBeMappedIsOpaqueAndNamed() {
    assertThat(warnings("{'type':'thing'}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its type \"thing\" is not a JSON Schema"
                + " type, so any JSON value is accepted there and agentkit checks nothing inside"
                + " it");
    assertThat(warnings("{'type':'string','minLength':5,'maxLength':2}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its minLength 5 is above its maxLength"
                + " 2, so no value could be valid, so any JSON value is accepted there and agentkit"
                + " checks nothing inside it");
    assertThat(warnings("{'type':'integer','minimum':'ten'}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its minimum is \"ten\", not a number, so"
                + " any JSON value is accepted there and agentkit checks nothing inside it");
    assertThat(warnings("{'enum':[]}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its enum lists no values, so no value"
                + " could be valid, so any JSON value is accepted there and agentkit checks"
                + " nothing inside it");
    assertThat(warnings("{'type':'array','items':[{'type':'string'}]}"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x[]: its items are a schema per position"
                + " (a tuple), which one item schema cannot carry, so any JSON value is accepted"
                + " there and agentkit checks nothing inside it");
    assertThat(warnings("false"))
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its schema is false, which accepts no"
                + " value, so any JSON value is accepted there and agentkit checks nothing inside"
                + " it");
  }

  @Test
  void aSchemaOfAnyValueIsOpaqueWithoutAWarning() {
    for (String any : List.of("{}", "true", "{'description':'Anything'}")) {
      assertThat(tree(any)).isEqualTo("any");
      assertThat(warnings(any)).isEmpty();
    }
  }

  @Test
  void aNestedPropertyPathIsNamed() {
    Mapping m =
        map(
            "{'properties':{'entities':{'type':'array','items':{'type':'object','properties':"
                + "{'meta':{'type':'geo-point'}}}}}}");
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at entities[].meta: its type \"geo-point\" is"
                + " not a JSON Schema type, so any JSON value is accepted there and agentkit"
                + " checks nothing inside it");
  }

  @Test
  void aTreeDeeperThanTheContractAllowsIsCutOpaque() {
    String schema = "{'type':'string'}";
    for (int i = 0; i < 40; i++) {
      schema = "{'type':'array','items':" + schema + "}";
    }
    Mapping m = map("{'properties':{'x':" + schema + "}}");
    assertThat(m.warnings()).hasSize(1);
    assertThat(m.warnings().get(0))
        .startsWith("[SchemaUnmapped] tool \"create_task\", at x" + "[]".repeat(31) + ":")
        .contains("it nests deeper than 32 levels");
    assertThat(
            dev.agentkit.contract.Op.builder("t")
                .tier(dev.agentkit.contract.Tier.READ_ONLY)
                .operands(m.operands())
                .build()
                .problems())
        .isEmpty();
  }

  @Test
  void aSchemaThatExpandsWithoutEndStopsAtTheBudget() {
    // Each level refers to the next twice: 2^30 nodes once expanded.
    StringBuilder defs = new StringBuilder("{'d':{");
    for (int i = 0; i < 30; i++) {
      defs.append("'L")
          .append(i)
          .append("':{'type':'object','properties':{'a':{'$ref':'#/d/L")
          .append(i + 1)
          .append("'},'b':{'$ref':'#/d/L")
          .append(i + 1)
          .append("'}}},");
    }
    defs.append("'L30':{'type':'string'}}}");
    Mapping m = mapIn("{'properties':{'x':{'$ref':'#/d/L0'}}}", defs.toString());
    assertThat(SchemaText.of(only(m))).isEqualTo("any");
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaUnmapped] tool \"create_task\", at x: its schema expands to more than 20000"
                + " nodes ($refs followed), so any JSON value is accepted there and agentkit"
                + " checks nothing inside it");
  }

  @Test
  void aNonObjectInputSchemaGivesAWarningAndNoOperands() {
    Mapping m = SchemaOperands.object(TOOL, Map.of("type", "string"), null);
    assertThat(m.operands()).isEmpty();
    assertThat(m.warnings())
        .containsExactly(
            "[SchemaNotObject] tool \"create_task\": the input schema is not an object with"
                + " properties (its type is \"string\"), so it gives no operands; declare"
                + " {\"type\": \"object\", \"properties\": {…}}");
    assertThat(SchemaOperands.object(TOOL, Map.of("type", "object"), null).warnings()).isEmpty();
  }

  @Test
  void aRootAllOfIsMergedToo() {
    Mapping m =
        map(
            "{'allOf':[{'type':'object','properties':{'a':{'type':'string'}}},"
                + "{'properties':{'b':{'type':'integer'}},'required':['b']}]}");
    assertThat(m.operands()).extracting(Operand::name).containsExactly("a", "b");
    assertThat(m.operands()).extracting(Operand::required).containsExactly(false, true);
  }

  @Test
  void aSingleParameterMapsAlone() {
    Mapping m =
        SchemaOperands.property(
            "operation \"getTask\"",
            "limit",
            object("{'type':'integer','maximum':50}"),
            true,
            null);
    assertThat(SchemaText.of(only(m))).isEqualTo("integer(,50]");
    assertThat(only(m).required()).isTrue();
  }

  @Test
  void isObjectFollowsRefsAndMerges() {
    Map<String, Object> doc = object("{'d':{'O':{'properties':{'a':{}}},'S':{'type':'string'}}}");
    assertThat(SchemaOperands.isObject(object("{'$ref':'#/d/O'}"), doc)).isTrue();
    assertThat(SchemaOperands.isObject(object("{'allOf':[{'$ref':'#/d/O'}]}"), doc)).isTrue();
    assertThat(SchemaOperands.isObject(object("{'$ref':'#/d/S'}"), doc)).isFalse();
    assertThat(SchemaOperands.isObject(object("{'oneOf':[{'$ref':'#/d/O'}]}"), doc)).isFalse();
  }

  /** Each reason a node stays opaque, as the warning gives it after "at x: "; "-" for none. */
  @Test
  void eachReasonANodeStaysOpaqueIsNamed() {
    String[] cases = {
      "'abc'| its schema is \"abc\", not an object",
      "{'allOf':{}}| its allOf is an object, not a list of schemas",
      "{'allOf':[]}| its allOf lists no schema",
      "{'$ref':7}| its $ref is 7, not a string",
      "{'allOf':[{'properties':1},{'properties':{}}]}| its allOf is not a plain merge: a part's"
          + " properties is not an object",
      "{'allOf':[{'minimum':'a'},{'minimum':1}]}| its allOf is not a plain merge: a part's"
          + " minimum is not a number",
      "{'allOf':[{'type':'x'},{'type':'string'}]}| its allOf is not a plain merge: a part's type"
          + " \"x\" is not a JSON Schema type",
      "{'allOf':[{'enum':'a'},{'enum':['a']}]}| its allOf is not a plain merge: a part's enum is"
          + " not a list of values",
      "{'type':7}| its type is 7, not a type name",
      "{'type':[]}| its type is an empty list, which allows no value",
      "{'type':'object','properties':[]}| its properties is a list, not an object",
      "{'type':'object','properties':{' ':{}}}| it declares a property with a blank name",
      "{'type':'object','required':'a'}| its required is \"a\", not a list of names",
      "{'type':'object','required':[1]}| its required lists 1, not a name",
      "{'oneOf':[{}],'anyOf':[{}]}| it has both oneOf and anyOf, which one union cannot carry",
      "{'oneOf':[]}| its oneOf lists no alternative, so no value could be valid",
      "{'type':'number','minimum':5,'maximum':1}| its lower bound 5 is not below its upper bound"
          + " 1, so no value could be valid",
      "{'type':'number','multipleOf':0}| its multipleOf is 0, not above 0",
      "{'enum':'a'}| its enum is \"a\", not a list of values",
      "{'type':'string','maxLength':1.5}| its maxLength is 1.5, not a whole number from 0 up",
      "{'type':'string','format':3}| its format is 3, not a string",
      "{'type':'string','default':{'a':[]},'description':'d'}| -",
    };
    for (String c : cases) {
      String schema = c.substring(0, c.indexOf('|'));
      String reason = c.substring(c.indexOf('|') + 1).strip();
      List<String> w = warnings(schema);
      if (reason.equals("-")) {
        assertThat(w).as(schema).isEmpty();
        continue;
      }
      assertThat(w)
          .as(schema)
          .containsExactly(
              "[SchemaUnmapped] tool \"create_task\", at x: "
                  + reason
                  + ", so any JSON value is accepted there and agentkit checks nothing inside it");
    }
  }

  @Test
  void defaultsAndConstantsNoJsonHoldsAreNamed() {
    Map<String, Object> infinite = new java.util.LinkedHashMap<>();
    infinite.put("type", "number");
    infinite.put("default", Double.POSITIVE_INFINITY);
    Object deep = "v";
    for (int i = 0; i < 70; i++) {
      deep = List.of(deep);
    }
    Map<String, Object> nested = Map.of("const", deep);
    Map<String, Object> odd = Map.of("const", new Object());
    for (Map.Entry<Map<String, Object>, String> e :
        Map.of(
                infinite, "its default holds the number Infinity, which is not finite",
                nested, "its const nests deeper than 64 levels",
                odd, "its const holds a Object")
            .entrySet()) {
      Mapping m = SchemaOperands.object(TOOL, Map.of("properties", Map.of("x", e.getKey())), null);
      assertThat(m.warnings())
          .containsExactly(
              "[SchemaUnmapped] tool \"create_task\", at x: "
                  + e.getValue()
                  + ", so any JSON value is accepted there and agentkit checks nothing inside it");
    }
  }
}
