import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { declareHook } from '../../hook-list.js';

export type ServiceAssigned = {
  clientId: number;
  serviceId: number;
  /** The client's services go to its staff (PC, executor) rather than stay with the MPC. */
  assignsToStaff: boolean;
  /**
   * The service went to another firm's MPC (client in MPC mode): all its open work goes with it,
   * whoever had it, not only the work nobody had.
   */
  toOtherFirm: boolean;
  actorId: number;
  at: Date;
};

/** A client service got a PC, executor or other firm's MPC: fired inside the assignment's transaction. */
export const onServiceAssigned = declareHook<Kysely<DB>, ServiceAssigned>('onServiceAssigned');

export type ClientTakenBack = { clientId: number; firmId: number; actorId: number; at: Date };

/**
 * A client went from MPC mode back to PC/Executor mode: its services are its own firm's again.
 * Fired inside the switch's transaction.
 */
export const onClientTakenBack = declareHook<Kysely<DB>, ClientTakenBack>('onClientTakenBack');
