// The bid-groups module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { type GroupCloseVerdict, groupLotPairs, guardGroupWin } from './closing';
export { driveBidGroups, replanGroupsAfterBids, replanGroupsOn } from './plan';
export { bidGroupRoutes } from './routes';
