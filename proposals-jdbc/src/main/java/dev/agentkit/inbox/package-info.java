/**
 * The proposal inbox on a JDBC database (H2 or PostgreSQL): {@link
 * dev.agentkit.inbox.ProposalInbox} stores what agents propose, lets people read, accept and
 * decline it under an {@link dev.agentkit.inbox.Oversight} rule, runs an accepted proposal's ops
 * exactly once through an {@link dev.agentkit.inbox.OpRunner}, and keeps an audit trail.
 *
 * <p>The public types are the inbox, its builder's settings, and the values it returns; the
 * package's other classes hold its SQL, limits and state transitions. Depends on the runtime's
 * {@code proposal} package and on JDBC.
 */
package dev.agentkit.inbox;
