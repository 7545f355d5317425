// The digest module's door: the daily new-drops digest, built from the drop list's readers and
// shoppers' saved searches and sent through notifications (docs/architecture.md).
export { runDailyDigest } from './digest';
