// Vitest's global setup of the medium tier: builds the migrated template every test file's database
// is copied from (test/db-template.ts), once per run, and removes it at the end.
import type { TestProject } from 'vitest/node';
import { buildDbTemplate } from './db-template';

export default async function setup(project: TestProject) {
  const { template, remove } = await buildDbTemplate(process.env.TEST_DATABASE_URL || undefined);
  project.provide('dbTemplate', template);
  return remove;
}
