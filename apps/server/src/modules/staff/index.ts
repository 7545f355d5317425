// The staff module's door: who may use the back-office (the guard) and what staff did (the audit
// trail). It imports no other module, so every back-office module can use it without a loop
// (docs/architecture.md).
export { listAudit, recordAudit } from './audit';
export { adminGuardPlugin, requireActiveStaff } from './guard';
