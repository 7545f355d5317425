import type { DeskAppointment, DeskWalkIn } from '@rebound/contract/pickup';

/** A slot's desk rows grouped by visit (one pickup code), in the server's order. */
export function visitsOf(rows: readonly DeskAppointment[]): DeskAppointment[][] {
  const by = new Map<string, DeskAppointment[]>();
  for (const r of rows) by.set(r.appointmentId, [...(by.get(r.appointmentId) ?? []), r]);
  return [...by.values()];
}

/** Walk-in orders by shopper (one hand-over per shopper), in the server's order. */
export function walkInsByShopper(rows: readonly DeskWalkIn[]): DeskWalkIn[][] {
  const by = new Map<string, DeskWalkIn[]>();
  for (const r of rows) by.set(r.shopperEmail, [...(by.get(r.shopperEmail) ?? []), r]);
  return [...by.values()];
}
