/** Who handles a client service, as its assignment row and the client's mode say. */
export type ServiceHandling = {
  assign_service_type: number;
  pc_id?: number | null;
  executor_id?: number | null;
  mpc_id?: number | null;
};

/**
 * Who new work of a client service goes to (modules/assignments): in PC/Executor mode its PC, or its
 * executor when it has no PC; in MPC mode the other firm's MPC it was handed to; otherwise nobody yet
 * (the firm's MPC sees it among the unassigned).
 */
export function defaultAssigneeOf(handling: ServiceHandling): number | null {
  if (handling.assign_service_type === 1) return handling.pc_id ?? handling.executor_id ?? null;
  return handling.mpc_id ?? null;
}

/** The columns every planned item (statutory or recurring, never hand-made) starts with: open, not started, no filing yet. */
export function buildPlannedItemStart(handling: ServiceHandling, now: string) {
  return {
    event_date: null,
    assignee_id: defaultAssigneeOf(handling),
    status: 'not_started',
    is_open: 1,
    filed_on: null,
    ack_number: null,
    notes: null,
    created_by: null,
    created_at: now,
    updated_at: now,
  } as const;
}
