// The pickup module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { runPickupReminders } from './reminders';
export { pickupRoutes } from './routes';
export { releaseAppointment } from './service';
