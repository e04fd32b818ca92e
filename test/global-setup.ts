// Runs once per test project, before its workers start: migrates a template database of the
// project's dialect, which every test server of the project then starts on a copy of
// (test/helpers/database-templates.ts), and drops it when the project's tests are done.
import type { TestProject } from 'vitest/node';
import type { DatabaseType } from '../src/config/config.js';
import { buildTemplate } from './helpers/database-templates.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dialect = (project.config.env?.SVC_TEST_DIALECT ?? 'sqlite3') as DatabaseType;
  const built = await buildTemplate(dialect);
  project.provide('databaseTemplate', built.template);
  return () => built.drop();
}
