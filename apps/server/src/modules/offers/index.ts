// The offers module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { offersRoutes } from './routes';
export { expireOffers, lockOffer, updateOffer } from './service';
