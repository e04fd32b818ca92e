// Run as a separate process by the migration tests: migrates the SQLite file given as argument and
// prints the names of the steps this process applied.
import { testConfig } from './config.js';
import { openDatabase } from '../../src/store/database.js';

const [dataDir] = process.argv.slice(2);
const database = openDatabase(
  testConfig({ paths: { data: dataDir! }, database: { type: 'sqlite3' } }).database,
);
const applied = await database.migrate();
await database.close();
process.stdout.write(JSON.stringify(applied));
