/**
 * Bound acts as LangChain4j tools. {@link dev.agentkit.langchain4j.AgentkitTools} offers the acts
 * of an {@link dev.agentkit.ActionSet} to a model as tool specifications built from the live
 * contract, and executes the calls the model makes: guarded against the contract, gated by the
 * agent's autonomy, then run or proposed; each outcome is a {@link
 * dev.agentkit.langchain4j.ToolCallResult} with a result message for the model and the details for
 * the operator. The calls of one model message are judged as one program. {@link
 * dev.agentkit.langchain4j.AgentkitToolProvider} offers the same tools to {@code AiServices}, with
 * the state of each conversation found by a {@link dev.agentkit.langchain4j.StateResolver}; a
 * {@link dev.agentkit.langchain4j.ToolCallListener} hears what becomes of every call.
 */
package dev.agentkit.langchain4j;
