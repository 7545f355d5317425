// The pickup module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).

export { completeVisitIfDone } from './desk-service';
export { runFinalNotices } from './final-notices';
export { markMissedVisits } from './missed';
export { type PlaceSlot, releaseSlotPlace, slotDaysJson, slotsBefore, takeSlotPlace } from './places';
export { runPickupReminders } from './reminders';
export { pickupRoutes } from './routes';
export { releaseAppointment, releaseSlotPlaces, slotRowOf, takeSlotPlaces } from './service';
